"""How the test suite grows with the library: tests collected at N procedures, and the browser tests' sample.

    .venv/bin/python -m scripts.suite_growth            # N = 10 (today), 50 and 200
    .venv/bin/python -m scripts.suite_growth 10 200 --run tests/test_cases.py   # and time those tests at each N

A library of N procedures is a copy of this checkout in a temporary folder whose core/jurisdictions/ holds the
shipped procedures and, beyond them, copies of them under new ids (each with its translation, worked cases and
source text): what the suite would collect, and which procedures the browser tests would run on, if the library
had N procedures. Nothing is written into this checkout. Counting only collects (no test runs) unless --run names
tests to time, one pytest process each (-n 0).
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "core" / "jurisdictions"


def shipped_ids(folder: Path = SHIPPED) -> list[str]:
    return sorted(p.name.removesuffix(".toml") for p in folder.glob("*.toml") if p.name.count(".") == 1)


def add_copies(folder: Path, n: int) -> list[str]:
    """Copies of the procedures in `folder` under new ids (ID-copy-K), in turn, until it holds `n` procedures.
    A copy is the same file with its id changed: its translation, worked cases and source text beside it."""
    originals = shipped_ids(folder)
    made, k = [], 0
    while len(originals) + len(made) < n:
        k += 1
        for pid in originals:
            if len(originals) + len(made) >= n:
                break
            new = f"{pid}-copy-{k}"
            text = (folder / f"{pid}.toml").read_text(encoding="utf-8")
            (folder / f"{new}.toml").write_text(re.sub(rf'^id = "{re.escape(pid)}"$', f'id = "{new}"', text,
                                                       count=1, flags=re.M), encoding="utf-8")
            for beside in folder.glob(f"{pid}.*"):
                if beside.name != f"{pid}.toml" and beside.name.count(".") == 2:  # ID.es.toml, ID.cases.json
                    shutil.copyfile(beside, folder / beside.name.replace(pid, new, 1))
            if (folder / "sources" / f"{pid}.txt").is_file():
                shutil.copyfile(folder / "sources" / f"{pid}.txt", folder / "sources" / f"{new}.txt")
            made.append(new)
    return made


def checkout_with(n: int, into: Path) -> Path:
    """This checkout's tracked files, with its .venv and node_modules linked, and a library of n procedures."""
    tracked = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file() and not (ROOT / name).is_symlink():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, into / name)
    for link in (".venv", "node_modules"):
        (into / link).symlink_to((ROOT / link).resolve())
    add_copies(into / "core" / "jurisdictions", n)
    return into


def collected(checkout: Path, *args: str) -> int:
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "--collect-only",
                             "-q", *args], cwd=checkout, capture_output=True, text=True)
    found = re.search(r"(\d+) tests? collected", result.stdout)
    if not found:
        raise SystemExit(f"collecting failed at {checkout}:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return int(found.group(1))


def sampled(checkout: Path) -> list[str]:
    code = "import sys; sys.path.insert(0, 'e2e'); import sampling; print(' '.join(sampling.sample()))"
    return subprocess.run([sys.executable, "-c", code], cwd=checkout, capture_output=True, text=True,
                          check=True).stdout.split()


def timed(checkout: Path, tests: list[str]) -> tuple[float, float]:
    """Seconds to run these tests in one process (-n 0): on the clock, and of processor time (its own and its
    children's, such as a build's Node), which load from other work on the machine changes less."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", *tests],
                            cwd=checkout, capture_output=True, text=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode:
        raise SystemExit(f"the tests failed at {checkout}:\n{result.stdout[-3000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[10, 50, 200])
    parser.add_argument("--run", nargs="+", default=[], help="tests to time at each size (pytest -n 0)")
    args = parser.parse_args(argv)
    print(f"{'procedures':>10} {'tests':>6} {'tests/':>7} {'e2e/':>5} {'browser sample':>15}" +
          (f" {'run (s)':>8} {'cpu (s)':>8}" if args.run else ""))
    for n in args.sizes:
        with tempfile.TemporaryDirectory(prefix="suite-growth-") as temp:
            checkout = checkout_with(n, Path(temp))
            row = [n, collected(checkout), collected(checkout, "core", "tests"), collected(checkout, "e2e"),
                   len(sampled(checkout))]
            line = f"{row[0]:>10} {row[1]:>6} {row[2]:>7} {row[3]:>5} {row[4]:>15}"
            if args.run:
                line += " {:>8.1f} {:>8.1f}".format(*timed(checkout, args.run))
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
