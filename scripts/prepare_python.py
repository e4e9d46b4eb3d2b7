"""Prepare the Python the browser runs: compiled for its interpreter, and only what it imports.

Runs inside Pyodide's Python 3.14 under Node (scripts/run_in_pyodide.mjs), from build.py,
because the build machine's CPython is older and bytecode is specific to the interpreter
that made it. /work/in holds what build.py put there:

    config.json          version, zip timestamp, host paths
    src/                 the core's sources, and python-dateutil and six unpacked
    probe/               the shipped procedures (prepared) and their worked cases
    tools/               wheels of pyodide-lock and what it needs
    pyodide-lock.json    Pyodide's own lock file

It writes to /work/out:

    python_stdlib.zip    the standard-library modules the browser's path imports, as .pyc
    *.whl                the core, python-dateutil and six, each as .pyc, only what is imported
    pyodide-lock.json    the lock file listing those wheels with their sha256 (pyodide-lock)
    modules.json         what was kept, for the build's report

"What the browser's path imports" is found by running it: every procedure's worked cases,
the error paths, and Pyodide's own package loader, exactly as the page does.
"""

import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import json
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
        for case in json.loads(cases.read_text(encoding="utf-8")):  # each person's answer and calendar file, in every language
            facts = json.dumps(case["facts"])
            for lang in languages():
                json.loads(checker.evaluate_json(facts, lang, "2026-11-30"))
                for person in ("complainant", "respondent", "clerk"):
                    json.loads(checker.calendar_file_json(facts, lang, "2026-11-30", person, "2026-11-30T19:00:00Z"))
    import pyodide_js  # the package loader's Python side, as loadPackage uses it in the page
    await pyodide_js.loadPackage(CONFIG["probe_wheel"])
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


def standard_library(imported: set[str]) -> list[str]:
    kept = sorted({path for name in imported if (path := origin(sys.modules.get(name)))})
    files = {}
    with zipfile.ZipFile(STDLIB) as stock:
        for path in kept:
            files[path[:-3] + ".pyc"] = compiled(stock.read(path), f"{STDLIB}/{path}")
    write_zip(OUT / "python_stdlib.zip", files)
    return kept


def digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel(distribution: str, version: str, tag: str, metadata: str, files: dict[str, bytes]) -> Path:
    """A wheel of compiled files, with its metadata and RECORD."""
    dist_info = f"{distribution}-{version}.dist-info"
    files = dict(files)
    files[f"{dist_info}/METADATA"] = metadata.encode()
    files[f"{dist_info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: complaint-checker prepare_python.py\n"
                                   f"Root-Is-Purelib: true\nTag: {tag}\n").encode()
    record = "".join(f"{name},sha256={digest(data)},{len(data)}\n" for name, data in sorted(files.items()))
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    path = OUT / f"{distribution}-{version}-{tag}.whl"
    write_zip(path, files)
    return path


def package_files(imported: set[str], top: str) -> dict[str, bytes]:
    """A package's modules that the browser's path imported, compiled, and its data files."""
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
    for data in CONFIG["data_files"].get(top, []):
        files[data] = (src / data).read_bytes()
    return files


def versioned(metadata: str, version: str) -> str:
    return "\n".join(f"Version: {version}" if line.startswith("Version: ") else line
                     for line in metadata.splitlines()) + "\n"


async def main():
    imported = await probe()
    kept = standard_library(imported)
    # The bytecode is this interpreter's; pyodide-lock accepts "py3N" tags for pure wheels, not "cp3N".
    tag = f"py{sys.version_info.major}{sys.version_info.minor}-none-any"
    wheels = []
    for distribution, top, version, metadata in CONFIG["packages"]:
        wheels.append(wheel(distribution, version, tag, versioned(metadata, version),
                            package_files(imported, top)))

    # The lock file, made by pyodide-lock (what `pyodide lockfile add-wheels` runs), in this
    # interpreter because pyodide-lock needs Python 3.12 or newer.
    tools = WORK / "tools-site"
    for tool in sorted((IN / "tools").glob("*.whl")):
        zipfile.ZipFile(tool).extractall(tools)
    sys.path.insert(0, str(tools))
    from pyodide_lock.spec import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec
    stock = PyodideLockSpec.from_json(IN / "pyodide-lock.json")
    spec = add_wheels_to_spec(stock, wheels, base_path=OUT)
    ours = {distribution.replace("_", "-").lower(): top for distribution, top, _, _ in CONFIG["packages"]}
    spec.packages = {name: spec.packages[name] for name in sorted(ours)}  # Pyodide's own are not shipped
    for name, top in ours.items():  # pyodide-lock finds import names from .py files only
        spec.packages[name].imports = [top]
    spec.to_json(OUT / "pyodide-lock.json")
    (OUT / "modules.json").write_text(json.dumps({"standard_library": kept, "packages": sorted(ours)}, indent=1))


await main()
