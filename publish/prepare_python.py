"""Prepare the Python the browser runs: compiled for its interpreter, and only what it imports.

Runs inside Pyodide's Python 3.14 under Node (publish/run_in_pyodide.mjs), from build.py,
because the build machine's CPython is older and bytecode is specific to the interpreter
that made it. /work/in holds what build.py put there:

    config.json          zip timestamp, packages, and what to keep: the modules the probe set's runs imported
                         and the source of each record method they compiled (publish/browser_path.py, "probe")
    src/                 the core's sources, and python-dateutil and six unpacked

It writes to /work/out:

    python_stdlib.zip    everything the browser's Python imports, as .pyc, in the one archive Pyodide
                         mounts at start: the standard-library modules, the core (with its message
                         catalogues, read here: core/messages_prepared), python-dateutil and six, and the
                         code of the core's records (below). Nothing is installed in the page: no wheel,
                         no lock file.
    modules.json         what was kept, for the build's report

The core's records are dataclasses, and defining one compiles the source of its methods
(__init__, __eq__, …) at import: in Pyodide that was more than half of importing the core.
The probe records each source text, the code for it is compiled here, and the browser's `compiled_dataclasses`
module hands dataclasses that code for the same text (any other text is compiled as usual): the same
interpreter, the same text, the same code.
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


def standard_library(kept: list[str]) -> dict[str, bytes]:
    files = {}
    with zipfile.ZipFile(STDLIB) as stock:
        for path in kept:
            files[path[:-3] + ".pyc"] = compiled(stock.read(path), f"{STDLIB}/{path}")
    return files


def package_files(kept: list[str]) -> dict[str, bytes]:
    """The packages' modules that the browser's path imported (paths under src/), compiled."""
    # named top/relative (core/core/report.py), as they always have been: the same name, the same bytes
    return {relative[:-3] + ".pyc": compiled((IN / "src" / relative).read_bytes(),
                                             f"{relative.split('/')[0].removesuffix('.py')}/{relative}")
            for relative in kept}


def module(name: str, source: str) -> dict[str, bytes]:
    path = name.replace(".", "/")
    return {f"{path}.pyc": compiled(source.encode(), f"{path}.py")}


def prepare_catalogues() -> None:
    """core/messages_prepared.py: the message catalogues (core/messages/*.toml) as data the browser's core loads
    instead of parsing TOML (core/wording.py); written the same way by the probe (publish/browser_path.py)."""
    import tomllib
    folder = IN / "src" / "core" / "messages"
    catalogues = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.toml"))}
    (folder.parent / "messages_prepared.py").write_text(
        f'"""The message catalogues, read at build time from core/messages/*.toml."""\nCATALOGUES = {catalogues!r}\n',
        encoding="utf-8")


def main():
    prepare_catalogues()
    files = standard_library(CONFIG["standard_library"])
    files.update(package_files(CONFIG["packages"]))
    code = {text: compile(text, "<string>", "exec") for text in sorted(CONFIG["dataclass_sources"])}
    files.update(module("compiled_dataclasses", COMPILED_DATACLASSES % marshal.dumps(code)))
    write_zip(OUT / "python_stdlib.zip", files)
    (OUT / "modules.json").write_text(json.dumps({"standard_library": CONFIG["standard_library"],
                                                  "packages": CONFIG["packages"],
                                                  "compiled_dataclasses": len(code)}, indent=1))


main()
