"""Prepare the Python the browser runs: compiled for its interpreter, and only what it imports.

Runs inside Pyodide's Python 3.14 under Node (publish/run_in_pyodide.mjs), from build.py,
because the build machine's CPython is older and bytecode is specific to the interpreter
that made it. /work/in holds what build.py put there:

    config.json          version, zip timestamp, host paths
    src/                 the core's sources, and python-dateutil and six unpacked
    probe/               the shipped procedures (prepared) and their worked cases

It writes to /work/out:

    python_stdlib.zip    everything the browser's Python imports, as .pyc, in the one archive Pyodide
                         mounts at start: the standard-library modules, the core (with its message
                         catalogues, read here: core/messages_prepared), python-dateutil and six, and the
                         code of the core's records (below). Nothing is installed in the page: no wheel,
                         no lock file.
    modules.json         what was kept, for the build's report

"What the browser's path imports" is found by running it: every procedure's worked cases,
the error paths, every person's answer and calendar file in every language.

The core's records are dataclasses, and defining one compiles the source of its methods
(__init__, __eq__, …) at import: in Pyodide that was more than half of importing the core.
The probe records each source text and its code here, and the browser's `compiled_dataclasses`
module hands dataclasses the code compiled here for the same text (any other text is compiled
as usual): the same interpreter, the same text, the same code.
"""

import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import marshal
import sys
import zipfile
from pathlib import Path

WORK = Path("/work")
IN, OUT = WORK / "in", WORK / "out"
CONFIG = json.loads((IN / "config.json").read_text())
STDLIB = next(p for p in sys.path if p.endswith(".zip"))
ZIP_TIME = tuple(CONFIG["zip_time"])
# Input that must be refused cleanly in the browser too: each takes an error path of its own.
BAD_FACTS = ['{', '[]', '{"violation_date": "2026-02-30"}', '{"violation_date": "x"}',
             '{"received": "2026-01-01", "violation_date": "2026-02-01"}', '{"complainant_role": 5}',
             '{"events": {"nope": "2026-01-01"}}', '{"violation_date": 1' + '0' * 5000 + '}', '{"a": ' + '[' * 50 + ']' * 50 + '}',
             '{"contents": ["x"]}', '{"stray": true}']


def record_dataclass_code() -> dict[str, object]:
    """From now on, every method source dataclasses compiles, with its code."""
    import builtins
    import dataclasses
    compiled = {}

    def exec(source, globals=None, locals=None):
        if isinstance(source, str):
            source = compiled.setdefault(source, builtins.compile(source, "<string>", "exec"))
        return builtins.exec(source, globals, locals)

    dataclasses.exec = exec
    return compiled


COMPILED_DATACLASSES = '''"""The code of the core's records, compiled at build time (publish/prepare_python.py).

dataclasses compiles each record's methods from a source text when the record is defined; here is
the code for each text the browser's path defines, so that it is not compiled again in the page.
Imported by the worker before the core. A text not here is compiled as usual.
"""
import builtins
import dataclasses
import marshal

_CODE = marshal.loads(%r)


def _exec(source, globals=None, locals=None):
    return builtins.exec(_CODE.get(source, source) if isinstance(source, str) else source, globals, locals)


dataclasses.exec = _exec
'''


async def probe() -> set[str]:
    """Run the browser's path and return the modules it imported."""
    sys.path.insert(0, str(IN / "src"))
    from core.json_api import Checker
    from core.wording import languages
    for procedure in sorted((IN / "probe").glob("*.procedure.json")):
        checker = Checker.from_prepared(procedure.read_text(encoding="utf-8"))
        cases = procedure.with_name(procedure.name.replace(".procedure.json", ".cases.json"))
        result = json.loads(checker.run_cases_json(cases.read_text(encoding="utf-8")))
        assert result["passed"] == result["total"], f"{procedure.name}: worked cases fail in Pyodide"
        for facts in BAD_FACTS:
            assert not json.loads(checker.evaluate_json(facts))["ok"], facts
        # each person's answer and calendar file, in every language, for the cases with no day of their own (a dated
        # case answers the same facts as of a day: it was run above, and imports nothing these do not)
        for case in json.loads(cases.read_text(encoding="utf-8")):
            if "today" in case:
                continue
            facts = json.dumps(case["facts"])
            for lang in languages():
                json.loads(checker.evaluate_json(facts, lang, "2026-11-30"))
                for person in ("complainant", "respondent", "clerk"):
                    json.loads(checker.calendar_file_json(facts, lang, "2026-11-30", person, "2026-11-30T19:00:00Z"))
    return set(sys.modules)


def origin(module) -> str | None:
    """A module's path inside the standard-library zip, or None if it comes from elsewhere."""
    spec = getattr(module, "__spec__", None)
    location = getattr(spec, "origin", None) or ""
    return location[len(STDLIB) + 1:] if location.startswith(STDLIB + "/") else None


def compiled(source: bytes, filename: str) -> bytes:
    """A .pyc for this interpreter; 'unchecked hash', so no source or timestamp is ever consulted."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def write_zip(path: Path, files: dict[str, bytes]) -> None:
    """A reproducible zip, stored uncompressed: the server's brotli compresses it better than deflate."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])


def standard_library(imported: set[str]) -> tuple[dict[str, bytes], list[str]]:
    kept = sorted({path for name in imported if (path := origin(sys.modules.get(name)))})
    files = {}
    with zipfile.ZipFile(STDLIB) as stock:
        for path in kept:
            files[path[:-3] + ".pyc"] = compiled(stock.read(path), f"{STDLIB}/{path}")
    return files, kept


def package_files(imported: set[str], top: str) -> dict[str, bytes]:
    """A package's modules that the browser's path imported, compiled."""
    src = IN / "src"
    files = {}
    for name in sorted(imported):
        spec = getattr(sys.modules[name], "__spec__", None)
        if (name != top and not name.startswith(top + ".")) or not (spec and spec.origin):
            continue  # six makes modules (six.moves…) that have no file
        location = Path(spec.origin)
        if not location.is_relative_to(src):
            continue
        relative = location.relative_to(src).as_posix()
        files[relative[:-3] + ".pyc"] = compiled(location.read_bytes(), f"{top}/{relative}")
    return files


def module(name: str, source: str) -> dict[str, bytes]:
    path = name.replace(".", "/")
    return {f"{path}.pyc": compiled(source.encode(), f"{path}.py")}


def prepare_catalogues() -> None:
    """core/messages_prepared.py: the message catalogues (core/messages/*.toml), read here, as data the
    browser's core loads instead of parsing TOML (core/wording.py). The TOML parser is then forgotten, so
    that the probe finds what the browser imports."""
    import tomllib
    folder = IN / "src" / "core" / "messages"
    catalogues = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.toml"))}
    (folder.parent / "messages_prepared.py").write_text(
        f'"""The message catalogues, read at build time from core/messages/*.toml."""\nCATALOGUES = {catalogues!r}\n',
        encoding="utf-8")
    for name in [n for n in sys.modules if n == "tomllib" or n.startswith("tomllib.")]:
        del sys.modules[name]


async def main():
    prepare_catalogues()
    dataclass_code = record_dataclass_code()
    imported = await probe()
    files, kept = standard_library(imported)
    for top in CONFIG["packages"]:
        files.update(package_files(imported, top))
    code = {text: dataclass_code[text] for text in sorted(dataclass_code)}
    files.update(module("compiled_dataclasses", COMPILED_DATACLASSES % marshal.dumps(code)))
    write_zip(OUT / "python_stdlib.zip", files)
    (OUT / "modules.json").write_text(json.dumps({"standard_library": kept, "packages": CONFIG["packages"],
                                                  "compiled_dataclasses": len(code)}, indent=1))


await main()
