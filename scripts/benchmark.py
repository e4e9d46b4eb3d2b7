"""Speed and size, measured: prints medians and bytes so that a change can be compared.

    .venv/bin/python scripts/benchmark.py [--runs 5]

Builds the site into a temporary folder, then measures: the bytes a cold visit to a
checker page downloads (raw and gzip-compressed); the core in CPython (reading a
procedure, one evaluation); the core under Pyodide in Node (start, install, first
answer); and a cold visit in Chromium (navigation to the first rendered result, each
run in a fresh browser context, so nothing is cached). Results go to stdout; copy them
into README.md's "Benchmarks" section with the machine they ran on.
"""

import argparse
import gzip
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from core import evaluate, load_jurisdiction  # noqa: E402

FACTS = {"violation_date": "2026-06-01", "received": "2026-10-20", "respondent_is_candidate": True,
         "election_date": "2026-11-03", "events": {"meeting": "2026-11-02T10:00"}}
FRAGMENT = "violation_date=2026-06-01&received=2026-10-20&respondent_is_candidate=true&election_date=2026-11-03"
NODE_SCRIPT = """
import { loadPyodide } from "pyodide";
import fs from "node:fs";
const [dir, toml] = process.argv.slice(2);
const t0 = performance.now();
const py = await loadPyodide();
const t1 = performance.now();
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const f of fs.readdirSync(dir).sort()) py.unpackArchive(new Uint8Array(fs.readFileSync(dir + "/" + f)), "wheel", {extractDir: site});
const t2 = performance.now();
py.globals.set("toml", fs.readFileSync(toml, "utf-8"));
const checker = py.runPython("from core.json_api import Checker\\nChecker.from_toml(toml, 'x.toml')");
const t3 = performance.now();
const facts = JSON.stringify(%s);
checker.evaluate_json(facts);
const t4 = performance.now();
const times = [];
for (let i = 0; i < 20; i++) { const a = performance.now(); checker.evaluate_json(facts); times.push(performance.now() - a); }
times.sort((a, b) => a - b);
console.log(JSON.stringify({start: t1 - t0, install: t2 - t1, rules: t3 - t2, first: t4 - t3, evaluate: times[10]}));
""" % json.dumps(FACTS)


def median_ms(samples):
    return f"{statistics.median(samples) * 1000:.0f} ms" if samples[0] < 100 else "?"


def timed(function, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def sizes(dist: Path) -> list[tuple[str, int, int]]:
    """What a cold visit to a checker page downloads, by group: (name, raw bytes, gzip bytes)."""
    groups = {
        "page (HTML, CSS, JS)": ["illinois-model-ethics/index.html", "assets/style.css", "assets/favicon.svg",
                                 "assets/app.js", "assets/render.js", "assets/runtime.js", "assets/worker.js"],
        "Pyodide runtime": [f"pyodide/{f}" for f in build.PYODIDE_FILES],
        "wheels": [p.relative_to(dist).as_posix() for p in sorted((dist / "wheels").glob("*.whl"))],
        "rules (TOML)": ["illinois-model-ethics/jurisdiction.toml"],
    }
    rows = []
    for name, files in groups.items():
        raw = sum((dist / f).stat().st_size for f in files)
        packed = sum(len(gzip.compress((dist / f).read_bytes(), 9)) for f in files)
        rows.append((name, raw, packed))
    rows.append(("total", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return rows


def node_pyodide(dist: Path, runs: int) -> dict:
    with tempfile.TemporaryDirectory(dir=ROOT) as folder:
        script = Path(folder) / "bench.mjs"
        script.write_text(NODE_SCRIPT)
        results = []
        for _ in range(runs):
            out = subprocess.run(["node", str(script), str(dist / "wheels"),
                                  str(dist / "illinois-model-ethics" / "jurisdiction.toml")],
                                 capture_output=True, text=True, check=True, cwd=ROOT)
            results.append(json.loads(out.stdout))
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def chromium_cold_visit(dist: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright
    server, prefix = build.make_server(dist, port=0, prefix="/bench/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{prefix}illinois-model-ethics/index.html#{FRAGMENT}"
    samples, ready = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--headless=new", "--no-sandbox", "--disable-gpu",
                                                   "--disable-background-networking", "--no-first-run",
                                                   "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("#facts")
            ready.append(time.perf_counter() - start)
            page.wait_for_selector("#results[data-state='done']", timeout=120_000)
            samples.append(time.perf_counter() - start)
            context.close()
        browser.close()
    server.shutdown()
    return {"form usable": statistics.median(ready), "first result": statistics.median(samples)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "dist"
        build.build(None, dist)
        print(f"# Complaint Checker benchmark: {platform.machine()}, {platform.python_implementation()} "
              f"{platform.python_version()}, {args.runs} runs, medians\n")
        print("## Bytes a cold visit to a checker page downloads\n")
        print("| what | raw | gzip |\n|---|---:|---:|")
        for name, raw, packed in sizes(dist):
            print(f"| {name} | {raw / 1e6:.2f} MB | {packed / 1e6:.2f} MB |")
        print(f"\nWhole dist/: {sum(p.stat().st_size for p in dist.rglob('*') if p.is_file()) / 1e6:.2f} MB\n")

        print("## The core in CPython\n")
        print("| step | median |\n|---|---:|")
        print(f"| read and check a procedure (TOML, calendar) | {timed(lambda: load_jurisdiction('illinois-model-ethics'), args.runs) * 1000:.0f} ms |")
        jurisdiction = load_jurisdiction("illinois-model-ethics")
        print(f"| one evaluation | {timed(lambda: evaluate(jurisdiction, FACTS), 50) * 1000:.1f} ms |\n")

        node = node_pyodide(dist, args.runs)
        print("## The core under Pyodide in Node\n")
        print("| step | median |\n|---|---:|")
        for key, label in (("start", "start Pyodide"), ("install", "install the four wheels"),
                           ("rules", "import the core, read the procedure"), ("first", "first evaluation"),
                           ("evaluate", "a later evaluation")):
            print(f"| {label} | {node[key]:.0f} ms |")

        visit = chromium_cold_visit(dist, args.runs)
        print("\n## A cold visit in Chromium (no cache)\n")
        print("| from navigation to | median |\n|---|---:|")
        for key, seconds in visit.items():
            print(f"| {key} | {seconds:.2f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
