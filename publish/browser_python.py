"""The Python the browser runs, prepared at build time.

`prepare()` gives the one file of `python/HASH/` in the built site, python_stdlib.zip: every
module the browser's path imports (the standard library's, the core's, python-dateutil's and
six's), byte-compiled for Pyodide's Python, in the archive Pyodide mounts when it starts, so
that nothing is installed in the page. The work happens inside Pyodide under Node (publish/prepare_python.py);
its result is cached (see _cache_folder: ~/.cache/complaint-checker/python/) by a hash of everything that goes into it.
"""

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import load_jurisdiction, prepared, seed_ids  # noqa: E402
from core.jurisdiction import cases_path  # noqa: E402

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
SHIPPED = ROOT / "wheels.txt"                       # python-dateutil and six, for the browser
PREPARE = ROOT / "publish" / "prepare_python.py"
RUNNER = ROOT / "publish" / "run_in_pyodide.mjs"


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


def _probe_sources() -> dict[str, bytes]:
    """What the probe is made from (the shipped procedures' files and their worked cases): enough to
    tell whether a cached preparation still holds without reading and checking the procedures."""
    paths = sorted((ROOT / "core" / "jurisdictions").glob("*.toml")) + [cases_path(jid) for jid in seed_ids()]
    return {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in paths}


def _probe() -> dict[str, bytes]:
    """The shipped procedures and their worked cases: what the probe runs to find the imports."""
    files = {}
    for jid in seed_ids():
        files[f"{jid}.procedure.json"] = prepared.dumps(load_jurisdiction(jid)).encode()
        files[f"{jid}.cases.json"] = cases_path(jid).read_bytes()
    return files


@contextmanager
def cache_lock(name: str):
    """One build at a time fills a cache (the tests build in parallel): the others wait, then reuse it."""
    lock = CACHE / f"{name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def prepare() -> dict[str, bytes]:
    """The files of python/HASH/: python_stdlib.zip."""
    with cache_lock("python"):
        return _prepare()


def _prepare() -> dict[str, bytes]:
    lock = PYODIDE_DIR / "pyodide-lock.json"
    if not lock.is_file():
        raise PrepareError("the Pyodide runtime is missing; run: npm ci")
    shipped = shipped_wheels()
    sources = _core_sources()
    key = hashlib.sha256()
    for part in (PREPARE.read_bytes(), RUNNER.read_bytes(), lock.read_bytes(), json.dumps(ZIP_TIME).encode(),
                 *(n.encode() + d for group in (shipped, sources, _probe_sources())
                   for n, d in sorted(group.items()))):
        key.update(hashlib.sha256(part).digest())
    cached = CACHE / "python" / key.hexdigest()[:24]
    if not (cached / "done").is_file():
        _run(cached, shipped, sources, _probe())
    return {p.relative_to(cached).as_posix(): p.read_bytes() for p in sorted(cached.rglob("*"))
            if p.is_file() and p.name not in ("done", "modules.json")}


def _run(cached: Path, shipped, sources, probe) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        src = work / "in" / "src"
        for name, data in sources.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        packages = ["core"]
        for name, data in shipped.items():
            (work / name).write_bytes(data)
            with zipfile.ZipFile(work / name) as archive:
                archive.extractall(src, [n for n in archive.namelist() if ".dist-info/" not in n])
            distribution = name.split("-")[0].lower()
            packages.append("dateutil" if distribution == "python_dateutil" else distribution)
        (work / "in" / "probe").mkdir(parents=True, exist_ok=True)
        for name, data in probe.items():
            (work / "in" / "probe" / name).write_bytes(data)
        config = {"zip_time": ZIP_TIME, "packages": packages}
        (work / "in" / "config.json").write_text(json.dumps(config))
        (work / "out").mkdir()
        result = subprocess.run(["node", str(RUNNER), str(work), str(PREPARE)], capture_output=True, text=True,
                                cwd=ROOT, timeout=600)
        if result.returncode != 0:
            raise PrepareError("preparing the browser's Python failed:\n" + (result.stderr or result.stdout)[-3000:])
        if cached.exists():
            shutil.rmtree(cached)
        shutil.copytree(work / "out", cached)
        (cached / "done").write_text("")
