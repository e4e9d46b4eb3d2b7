"""The Python the browser runs, prepared at build time; and each procedure's path, run in it.

`prepare()` gives the one file of `python/HASH/` in the built site, python_stdlib.zip: every
module the browser's path imports (the standard library's, the core's, python-dateutil's and
six's), byte-compiled for Pyodide's Python, in the archive Pyodide mounts when it starts, so
that nothing is installed in the page. Which modules is found by running the browser's path
(publish/browser_path.py) in Pyodide under Node for a fixed probe set (PROBE_SET: the shipped procedures,
which between them use every part of the format), in one Node process, cached by what goes in; the archive is
then compiled from what they imported (publish/prepare_python.py), in a process of its own, cached by that. So
the archive depends on the core and the probe set, never on the procedures a site holds; and an edit to a
probe-set procedure that imports nothing new runs the probe again but gives the same archive, byte for byte, so
every other procedure's check still holds.

`check()` runs each procedure of a site through the browser's path in that archive, in batches (one Node
process per core, not one per procedure), each result cached by the archive, the procedure and its cases: an
edit to one procedure runs that one again. A procedure whose path reaches for a module the archive lacks is
reported, never shipped to a browser that would break.

Everything is cached under _cache_folder() (~/.cache/complaint-checker/), keyed by a hash of what went in.
"""

import fcntl
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import load_jurisdiction, prepared  # noqa: E402
from core.jurisdiction import JurisdictionError, cases_path  # noqa: E402
from publish.progress import Progress, say  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"


def _cache_folder() -> Path:
    """Where derived files are kept between builds: the byte-compiled Python, pinned wheels, compressed forms.
    Every entry is keyed by a hash of what went into it, so clones and commits share it safely, as pip shares
    its cache: $COMPLAINT_CHECKER_CACHE, else the user's cache folder, else .cache/ in the project."""
    chosen = os.environ.get("COMPLAINT_CHECKER_CACHE")
    folder = Path(chosen) if chosen else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "complaint-checker"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        return ROOT / ".cache"


CACHE = _cache_folder()
CHECKED_CACHE = CACHE / "checked"  # each procedure's run in the browser's Python, by archive, procedure and cases
SHIPPED = ROOT / "wheels.txt"                       # python-dateutil and six, for the browser
PREPARE = ROOT / "publish" / "prepare_python.py"
BROWSER_PATH = ROOT / "publish" / "browser_path.py"
RUNNER = ROOT / "publish" / "run_in_pyodide.mjs"
# The procedures whose runs decide what the archive holds: the shipped ones (a new part of the format ships with
# a procedure that uses it). A site's own procedures are checked against the archive (check()), not added to it.
PROBE_SET = ("bethel-ethics", "beverly-hills-election", "carol-stream-ethics", "dc-bega", "fec", "fort-collins",
             "hawaii-election-contest", "hawaii-ethics", "illinois-model-ethics", "itasca-ethics")
WORKERS = max(1, min(os.cpu_count() or 1, 4))


class PrepareError(Exception):
    pass


# Every entry in the prepared archives is dated 1980-01-01, the zip format's first day, whatever the
# build's date: a rebuild on another day then ships the same Python, which visitors keep cached.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def pinned_wheels(requirements: Path, folder: Path, python_version: str | None = None) -> dict[str, bytes]:
    """The wheels a requirements file pins, downloaded once (pip checks each hash) into `folder`."""
    pins = [line.split()[0] for line in requirements.read_text().splitlines() if line.strip()
            and not line.startswith("#")]
    expected = {pin.split("==")[0].replace("-", "_").lower(): pin.split("==")[1] for pin in pins}

    def cached():
        found = {}
        for path in sorted(folder.glob("*.whl")) if folder.is_dir() else []:
            dist, version = path.name.split("-")[:2]
            if expected.get(dist.lower()) == version:
                found[path.name] = path.read_bytes()
        return found

    wheels = cached()
    if len(wheels) < len(expected):
        folder.mkdir(parents=True, exist_ok=True)
        say(f"downloading the wheels {requirements.name} pins (once; kept for later builds)")
        target = ["--python-version", python_version] if python_version else []
        result = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                 "--only-binary=:all:", *target, "--require-hashes", "-r", str(requirements),
                                 "-d", str(folder)], capture_output=True, text=True)
        if result.returncode != 0:
            raise PrepareError(f"could not download the wheels in {requirements.name}:\n{result.stderr[-2000:]}")
        wheels = cached()
    if len(wheels) != len(expected):
        raise PrepareError(f"expected wheels for {sorted(expected)}, found {sorted(wheels)}")
    return wheels


def shipped_wheels() -> dict[str, bytes]:
    return pinned_wheels(SHIPPED, CACHE / "wheels")


def _core_sources() -> dict[str, bytes]:
    return {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted((ROOT / "core").rglob("*"))
            if p.is_file() and p.suffix in (".py", ".toml") and "__pycache__" not in p.parts
            and "jurisdictions" not in p.parts}


def _digest(*parts: bytes) -> str:
    key = hashlib.sha256()
    for part in parts:
        key.update(hashlib.sha256(part).digest())
    return key.hexdigest()


def _pyodide_lock() -> bytes:
    lock = PYODIDE_DIR / "pyodide-lock.json"
    if not lock.is_file():
        raise PrepareError("the Pyodide runtime is missing; run: npm ci")
    return lock.read_bytes()


@contextmanager
def cache_lock(name: str):
    """One build at a time fills a cache entry (the tests build in parallel): the others wait, then reuse it.
    Each entry has its own lock, so a build that finds its entries ready never waits on another's work."""
    lock = CACHE / f"{name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_json(path: Path, value) -> None:
    """Written whole or not at all: a reader never meets half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}")
    part.write_text(json.dumps(value), encoding="utf-8")
    os.replace(part, path)


def _node(work: Path, script: Path, options: dict | None = None, **popen) -> subprocess.Popen:
    """Node running `script` in Pyodide, with `work` mounted at /work. No time limit: a large batch takes
    as long as it takes, and says how far it is."""
    command = ["node", str(RUNNER), str(work), str(script)] + ([json.dumps(options)] if options else [])
    return subprocess.Popen(command, cwd=ROOT, text=True, **popen)


def _finished(process: subprocess.Popen, what: str) -> None:
    _, err = process.communicate()
    if process.returncode != 0:
        raise PrepareError(f"{what} failed:\n" + (err or "")[-3000:])


def _unpacked(src: Path, shipped: dict[str, bytes], sources: dict[str, bytes]) -> list[str]:
    """The core's sources, and the shipped wheels unpacked beside them, in `src`: the top-level packages."""
    for name, data in sources.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_bytes(data)
    packages = ["core"]
    for name, data in shipped.items():
        (src.parent / name).write_bytes(data)
        with zipfile.ZipFile(src.parent / name) as archive:
            archive.extractall(src, [n for n in archive.namelist() if ".dist-info/" not in n])
        distribution = name.split("-")[0].lower()
        packages.append("dateutil" if distribution == "python_dateutil" else distribution)
    return packages


def published_cases(cases: list) -> bytes:
    """A procedure's worked cases as the site publishes them (ID/cases.HASH.json), and as they are run here."""
    return json.dumps(cases, ensure_ascii=False, indent=1).encode()


def probe_inputs() -> dict[str, tuple[bytes, bytes]]:
    """Each probe-set procedure, prepared as the browser loads it, and its worked cases as published."""
    inputs = {}
    for jid in PROBE_SET:
        try:
            cases = json.loads(cases_path(jid).read_text(encoding="utf-8"))
            inputs[jid] = (prepared.dumps(load_jurisdiction(jid)).encode(), published_cases(cases))
        except (LookupError, OSError, ValueError, JurisdictionError) as err:
            raise PrepareError(f"the procedure {jid}, which decides what the browser's Python holds, cannot be "
                               f"read: {err}") from None
    return inputs


def _probe(inputs: dict[str, tuple[bytes, bytes]], shipped, sources, lock: bytes) -> dict:
    """What the probe set's paths import in the stock library (publish/browser_path.py, "probe"), in one Node
    process (the set is fixed and small), cached by everything that goes in."""
    key = _digest(BROWSER_PATH.read_bytes(), RUNNER.read_bytes(), lock, *(
        n.encode() + d for group in (shipped, sources) for n, d in sorted(group.items())), *(
        jid.encode() + b"\0" + procedure + b"\0" + cases for jid, (procedure, cases) in inputs.items()))[:24]
    cached = CACHE / "probe" / f"{key}.json"
    with cache_lock(f"probe/{key}"):
        if not cached.is_file():
            with tempfile.TemporaryDirectory() as folder:
                work = Path(folder)
                packages = _unpacked(work / "in" / "src", shipped, sources)
                for number, (procedure, cases) in enumerate(inputs.values()):
                    (work / "in" / f"{number}.procedure.json").write_bytes(procedure)
                    (work / "in" / f"{number}.cases.json").write_bytes(cases)
                (work / "in" / "config.json").write_text(json.dumps(
                    {"mode": "probe", "packages": packages, "procedures": list(range(len(inputs)))}))
                (work / "out").mkdir()
                what = "preparing the browser's Python: running the shipped procedures in Pyodide"
                say(f"{what}, to find what the page imports")
                _streamed(work, None, Progress(what, len(inputs)), "running the procedures in Pyodide, to find what "
                                                                   "they import")
                found = json.loads((work / "out" / "probe.json").read_text(encoding="utf-8"))
                found["failing"] = {jid: found["failing"][str(n)] for n, jid in enumerate(inputs)}
                _write_json(cached, found)
        return json.loads(cached.read_text(encoding="utf-8"))


def _streamed(work: Path, options: dict | None, progress: Progress, what: str) -> None:
    """Run publish/browser_path.py in `work`, counting each procedure it says is done."""
    with open(work / "stderr", "w+") as err:
        process = _node(work, BROWSER_PATH, options, stdout=subprocess.PIPE, stderr=err)
        for line in process.stdout:
            if line.startswith("checked "):
                progress.advance()
        process.wait()
        if process.returncode != 0:
            err.seek(0)
            raise PrepareError(f"{what} failed:\n" + err.read()[-3000:])


# What the probe set's runs gave, by (archive, procedure, cases): check() need not run them again; and what they
# asked for that the stock library could not give either, by archive.
_PROBED: dict[str, dict] = {}
_UNIMPORTABLE: dict[str, list[str]] = {}


def prepare() -> dict[str, bytes]:
    """The files of python/HASH/: python_stdlib.zip."""
    lock = _pyodide_lock()
    shipped, sources, inputs = shipped_wheels(), _core_sources(), probe_inputs()
    probed = _probe(inputs, shipped, sources, lock)
    kept = {part: probed[part] for part in ("standard_library", "packages", "dataclass_sources")}
    # The archive is compiled from what the probe kept, in a process of its own: an edit to a probe-set procedure
    # that imports nothing new gives the same archive, byte for byte, and every procedure's check still holds.
    key = _digest(PREPARE.read_bytes(), RUNNER.read_bytes(), lock, json.dumps(ZIP_TIME).encode(),
                  json.dumps(kept).encode(), *(n.encode() + d for group in (shipped, sources)
                                               for n, d in sorted(group.items())))
    cached = CACHE / "python" / key[:24]
    with cache_lock(f"python/{key[:24]}"):
        if not (cached / "done").is_file():
            say("preparing the browser's Python: compiling it")
            _compile(cached, shipped, sources, kept)
    files = {p.relative_to(cached).as_posix(): p.read_bytes() for p in sorted(cached.rglob("*"))
             if p.is_file() and p.name not in ("done", "modules.json")}
    archive = files["python_stdlib.zip"]
    _UNIMPORTABLE[_digest(archive)] = probed["unimportable"]
    for jid, (procedure, cases) in inputs.items():
        _PROBED[_digest(archive, procedure, cases)] = {"failing": probed["failing"][jid], "missing": [], "error": None}
    return files


def _compile(cached: Path, shipped, sources, kept: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        packages = _unpacked(work / "in" / "src", shipped, sources)
        config = {"zip_time": ZIP_TIME, "packages": packages, **kept}
        (work / "in" / "config.json").write_text(json.dumps(config))
        (work / "out").mkdir()
        _finished(_node(work, PREPARE, stdout=subprocess.PIPE, stderr=subprocess.PIPE),
                  "preparing the browser's Python")
        if cached.exists():
            shutil.rmtree(cached)
        shutil.copytree(work / "out", cached)
        (cached / "done").write_text("")


def _available(shipped: dict[str, bytes], sources: dict[str, bytes]) -> list[str]:
    """Every module the stock library and the packages hold, by name: one the archive lacks is one of these."""
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as stock:
        paths = stock.namelist()
    paths += list(sources)
    for data in shipped.values():
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            paths += [n for n in wheel.namelist() if ".dist-info/" not in n]
    names = {p[:-3].replace("/", ".").removesuffix(".__init__") for p in paths if p.endswith(".py")}
    return sorted(names | {"core.messages_prepared", "compiled_dataclasses"})


def check(procedures: list[tuple[str, bytes, bytes]], archive: bytes) -> dict[str, dict]:
    """Each procedure (id, prepared as the browser loads it, its worked cases as published) run through the
    browser's path in `archive` (python_stdlib.zip): {id: {"failing": [case names], "missing": [modules],
    "error": what went wrong, or None}}. Run in batches, one Node process per core; each result cached by
    (archive, procedure, cases), so an edit to one procedure runs that one again and reuses the others'."""
    lock = _pyodide_lock()
    unimportable = _UNIMPORTABLE.get(_digest(archive))
    if unimportable is None:
        raise PrepareError("check() runs the procedures in an archive this build's prepare() made")
    base = _digest(BROWSER_PATH.read_bytes(), RUNNER.read_bytes(), lock, archive, json.dumps(unimportable).encode())
    results, todo = {}, []
    for jid, procedure, cases in procedures:
        key = _digest(base.encode(), procedure, cases)
        cached = CHECKED_CACHE / key[:2] / f"{key[:24]}.json"
        probed = _PROBED.get(_digest(archive, procedure, cases))
        if cached.is_file():
            results[jid] = json.loads(cached.read_text(encoding="utf-8"))
        elif probed is not None:  # a probe-set procedure: run as the archive was made, on everything it holds
            results[jid] = probed
            _write_json(cached, probed)
        else:
            todo.append((jid, procedure, cases, cached))
    if not todo:
        return results
    say(f"checking {len(todo)} procedure(s) in the browser's Python (Pyodide, in Node, {WORKERS} at a time)")
    progress = Progress("checking procedures in the browser's Python", len(todo))
    available = {"available": _available(shipped_wheels(), _core_sources()), "unimportable": unimportable}
    batches = [todo[n::WORKERS] for n in range(min(WORKERS, len(todo)))]
    with ThreadPoolExecutor(len(batches)) as pool:
        for found in pool.map(lambda batch: _check_batch(batch, archive, lock, available, progress), batches):
            results.update(found)
    return results


def _check_batch(batch: list, archive: bytes, lock: bytes, available: dict, progress: Progress) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "in").mkdir()
        (work / "out").mkdir()
        for number, (_, procedure, cases, _) in enumerate(batch):
            (work / "in" / f"{number}.procedure.json").write_bytes(procedure)
            (work / "in" / f"{number}.cases.json").write_bytes(cases)
        (work / "in" / "config.json").write_text(json.dumps({"mode": "verify", **available,
                                                             "procedures": list(range(len(batch)))}))
        (work / "python_stdlib.zip").write_bytes(archive)
        options = {"stdLibURL": str(work / "python_stdlib.zip"),
                   "lockFileContents": {"info": json.loads(lock)["info"], "packages": {}}}
        _streamed(work, options, progress, "running the procedures in the browser's Python")
        found = {jid: json.loads((work / "out" / f"{number}.json").read_text(encoding="utf-8"))
                 for number, (jid, _, _, _) in enumerate(batch)}
    # A module imported once per process that caught its ImportError is seen by the first procedure to import it
    # only: a batch that saw a missing module keeps none of its results, so each is run again, and seen again.
    if not any(result["missing"] for result in found.values()):
        for jid, _, _, cached in batch:
            _write_json(cached, found[jid])
    return found
