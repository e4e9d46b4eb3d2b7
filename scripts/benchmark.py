"""Speed and size, measured, side by side with a naive page, and with the floor of a bare start.

    .venv/bin/python scripts/benchmark.py [--runs 5] [--no-slow-network] [--desk-only | --desk-sizes 50 500 2000]
        [--core-only]
    .venv/bin/python scripts/benchmark.py --growth [10 50 200]     the build, as a site grows (issue 38)
    .venv/bin/python scripts/benchmark.py --offline [10 50 200] [--runs 3]    what a visit keeps, as the library grows

Builds the site, and a naive page beside it: the same pinned Pyodide and the stock
wheels (holidays, python-dateutil, six, the core as a plain source wheel), loaded
plainly in a module worker with no preparation, answering the same facts from the same
prepared procedure. Both are served as a static host would (publish/static_server.py:
precompressed .br/.gz where the build wrote them, MIME types, cache headers) and
driven in headless Chromium, runs of the two interleaved. Beside them, the floor: a bare page that
starts this build's own runtime and prepared Python (the same files, by URL, checked by nothing, with
no page around it), reads the procedure and answers, as fast as a page that starts this runtime and
this Python can. It prints medians and
min–max of: the form usable; the first answer on a cold visit (empty profile), on a
warm one (the same profile again: HTTP cache and service worker), and cold over a
1.6 Mbit/s, 150 ms link (Chromium's own network emulation); the bytes the server sent
for a cold and a warm visit; an input change to the updated answer; and the core's
evaluate in CPython and in Pyodide (Node), and with --core-only each procedure's worked cases one by one
(median, 90th percentile, slowest); and the office's desk with 50 complaints, redrawn once the runtime
is ready (--desk-only: the desk alone at 50, 500 and 2,000 complaints, with one complaint changed, its calendar,
export and import, and the tab's memory). Speed is measured here, not asserted in
tests: copy the figures into the README with the machine they came from.

--offline measures, on synthetic libraries of N procedures (the shipped ones, then copies of them under new ids, built
into a temp folder), what one visitor's browser keeps after one procedure's answer: the bytes sent to keep it, the
bytes in Cache Storage and how many procedures they belong to, the time from the first answer until the start (the
snapshot and its digest) is in Cache Storage, and the next visit (a new tab of the same browser and profile) against
the cold one, after a first tab that stayed and one closed three seconds after its answer; then an edited date to
the updated answer on the longest procedure, right after the first answer and once the start is kept.
"""

import argparse
import html
import io
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from core import evaluate, load_jurisdiction, prepared  # noqa: E402
from publish import browser_python  # noqa: E402
from publish.static_server import Counter  # noqa: E402

# The naive page's wheels: the stock ones, holidays included, as a plain page would install them.
NAIVE_WHEELS = """
holidays==0.109 --hash=sha256:7d39c910167116d41fa6aae18d5e72b4541700cdd37743d799c83db3419201b0
python-dateutil==2.9.0.post0 --hash=sha256:a8b2bc7bffae282281c8140a97d3aa9c14da0b136dfe83f850eea9a5f7470427
six==1.17.0 --hash=sha256:4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274
"""

JURISDICTION = "illinois-model-ethics"
FACTS = {"violation_date": "2026-06-01", "received": "2026-10-20", "respondent_is_candidate": True,
         "election_date": "2026-11-03"}
FRAGMENT = "role=complainant&" + "&".join(f"{k}={str(v).lower()}" for k, v in FACTS.items())
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
FAST_3G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8}
# Recorded in the page from its first moment, for both pages: when the form can be used, and when
# the first answer is on screen (performance.now(), milliseconds from navigation).
MARKS = """
(() => {
  const marks = (window.__bench = {});
  const look = () => {
    const now = performance.now();
    if (marks.form === undefined && document.querySelector("html[data-form-ready], #calculator:not([hidden]) #facts"))
      marks.form = now;
    if (marks.answer === undefined && document.querySelector("#results[data-state='done'] [data-answer], #results[data-state='done'] .card"))
      marks.answer = now;
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""
CHANGE_INPUT = """
async (value) => {
  const results = document.querySelector("#results");
  const input = document.querySelector("#f-received");
  const start = performance.now();
  const done = new Promise((resolve) => {
    let pending = false;
    new MutationObserver((_, observer) => {
      if (results.dataset.state === "pending") pending = true;
      if (pending && results.dataset.state === "done") { observer.disconnect(); resolve(performance.now() - start); }
    }).observe(results, { attributes: true, subtree: true, childList: true });
  });
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return await done;
}
"""

# A first visit is over when the page has kept what a second visit starts from: for this project, the service
# worker keeps the build and the calculator its snapshot (html[data-snapshot]); the naive page keeps nothing.
KEPT = "html[data-snapshot]"
CONTROLLED = "() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"
NAIVE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Naive checker</title>
<script type="module" src="naive.js"></script></head>
<body><form id="facts"><label for="f-received">Received</label><input type="date" id="f-received"></form>
<section id="results" data-state="waiting"></section></body></html>
"""
NAIVE_PAGE = """
const facts = JSON.parse(decodeURIComponent(location.hash.slice(1) || "{}"));
const results = document.getElementById("results");
const input = document.getElementById("f-received");
input.value = facts.received || "";
document.documentElement.dataset.formReady = "";
const worker = new Worker(new URL("./naive-worker.js", import.meta.url), { type: "module" });
let seq = 0;
const ask = () => { results.dataset.state = "pending"; worker.postMessage({ seq: ++seq, facts: { ...facts, received: input.value } }); };
worker.onmessage = ({ data }) => {
  if (data.ready) { ask(); return; }
  if (data.seq !== seq) return;
  const p = document.createElement("p");
  p.dataset.answer = "";
  p.textContent = `${data.report.filing.status}: file by ${data.report.filing.safe_date}`;
  results.replaceChildren(p);
  results.dataset.state = "done";
};
input.addEventListener("input", ask);
"""
NAIVE_WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const name of WHEELS) {
  const bytes = new Uint8Array(await (await fetch(new URL(`./wheels/${name}`, import.meta.url))).arrayBuffer());
  pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
}
const text = await (await fetch(new URL("./procedure.json", import.meta.url))).text();
pyodide.globals.set("procedure_text", text);
const checker = pyodide.runPython("import holidays\\nfrom core.json_api import Checker\\nChecker.from_prepared(procedure_text)");
self.postMessage({ ready: true });
self.onmessage = ({ data }) => {
  const envelope = JSON.parse(checker.evaluate_json(JSON.stringify(data.facts)));
  self.postMessage({ seq: data.seq, report: envelope.report });
};
"""
# The floor: this build's own runtime and prepared Python, started plainly by URL (no integrity check, no progress,
# no page around it), the procedure read and the same facts answered as the naive page answers them.
BARE_WORKER = """
import { loadPyodide } from "./RUNTIME";
const setup = SETUP;
const pyodide = await loadPyodide({ indexURL: new URL("./" + setup.runtime, import.meta.url).href,
  stdLibURL: new URL("./" + setup.stdlib, import.meta.url).href, lockFileContents: JSON.stringify(setup.lock),
  stdout: () => {}, stderr: () => {} });
pyodide.pyimport("compiled_dataclasses");
pyodide.globals.set("procedure_text", await (await fetch(new URL("./" + setup.procedure, import.meta.url))).text());
const checker = pyodide.runPython("from core.json_api import Checker\\nChecker.from_prepared(procedure_text)");
self.postMessage({ ready: true });
self.onmessage = ({ data }) => {
  const envelope = JSON.parse(checker.evaluate_json(JSON.stringify(data.facts)));
  self.postMessage({ seq: data.seq, report: envelope.report });
};
"""
# Run inside Pyodide with a built site's Python (publish/run_in_pyodide.mjs): the evaluate's median.
PYODIDE_EVALUATE = """
import json, time
from pathlib import Path
import compiled_dataclasses
from core.json_api import Checker
checker = Checker.from_prepared(Path("/work/procedure.json").read_text())
facts = Path("/work/facts.json").read_text()
checker.evaluate_json(facts)
times = []
for _ in range(41):
    start = time.perf_counter()
    checker.evaluate_json(facts)
    times.append((time.perf_counter() - start) * 1000)
Path("/work/result.json").write_text(json.dumps({"evaluate": sorted(times)[20]}))
"""


def source_wheel() -> bytes:
    """The core's sources as a plain wheel: what a page with no build step would install."""
    buffer = io.BytesIO()
    dist_info = "complaint_checker-0.1.0.dist-info"
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path in sorted((ROOT / "core").rglob("*")):
            if path.is_file() and path.suffix in (".py", ".toml", ".json") and "__pycache__" not in path.parts:
                wheel.writestr(path.relative_to(ROOT).as_posix(), path.read_bytes())
        wheel.writestr(f"{dist_info}/METADATA", "Metadata-Version: 2.1\nName: complaint-checker\nVersion: 0.1.0\n")
        wheel.writestr(f"{dist_info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        wheel.writestr(f"{dist_info}/RECORD", "")
    return buffer.getvalue()


def build_naive(folder: Path, dist: Path) -> Path:
    """The naive page: stock Pyodide, stock wheels, no preparation, no compression."""
    naive = folder / "naive"
    (naive / "pyodide").mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy(build.PYODIDE_DIR / name, naive / "pyodide" / name)
    (naive / "wheels").mkdir()
    pins = folder / "naive-wheels.txt"
    pins.write_text(NAIVE_WHEELS)
    wheels = browser_python.pinned_wheels(pins, ROOT / ".cache" / "naive-wheels")
    wheels["complaint_checker-0.1.0-py3-none-any.whl"] = source_wheel()
    for name, data in wheels.items():
        (naive / "wheels" / name).write_bytes(data)
    (naive / "procedure.json").write_bytes(prepared.dumps(load_jurisdiction(JURISDICTION)).encode())
    (naive / "index.html").write_text(NAIVE_HTML)
    (naive / "naive.js").write_text(NAIVE_PAGE)
    (naive / "naive-worker.js").write_text(NAIVE_WORKER.replace("WHEELS", json.dumps(sorted(wheels))))
    return naive


def build_bare(folder: Path, dist: Path) -> Path:
    """The floor: the built site's runtime, Python and procedure, as its checker page loads them, on a bare page."""
    page = (dist / JURISDICTION / "index.html").read_text(encoding="utf-8")
    start = page.index("content='", page.index('name="complaint-checker-calculator"')) + len("content='")
    config = json.loads(html.unescape(page[start:page.index("'", start)]))
    root = (dist / JURISDICTION / config["root"]).resolve()
    runtime, stdlib = config["loader"]["runtime"]["pyodide.mjs"]["url"], config["loader"]["python"]["python_stdlib.zip"]["url"]
    procedure = config["procedures"][0]["procedure"]["url"]
    bare = folder / "bare"
    for path in (*config["loader"]["runtime"].values(), *config["loader"]["python"].values(), {"url": procedure}):
        for variant in root.glob(path["url"] + "*"):  # the file, and its .br and .gz beside it
            (bare / variant.relative_to(root)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(variant, bare / variant.relative_to(root))
    setup = {"runtime": runtime.rsplit("/", 1)[0] + "/", "stdlib": stdlib, "procedure": procedure, "lock": config["loader"]["lock"]}
    (bare / "index.html").write_text(NAIVE_HTML.replace("naive.js", "bare.js").replace("Naive checker", "Bare start"))
    (bare / "bare.js").write_text(NAIVE_PAGE.replace("naive-worker.js", "bare-worker.js"))
    (bare / "bare-worker.js").write_text(BARE_WORKER.replace("RUNTIME", runtime).replace("SETUP", json.dumps(setup)))
    return bare


class Site:
    """A built site on its own server, and how to open its page with the benchmark's facts. `slow`: measured over
    the slow network too."""

    def __init__(self, name: str, folder: Path, page: str, fragment: str, keeps: bool = True, slow: bool = True):
        self.name, self.counter, self.keeps, self.slow = name, Counter(), keeps, slow
        self.server, prefix = build.make_server(folder, port=0, prefix="/bench/", counter=self.counter)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{prefix}{page}#{fragment}"


def visit(playwright, site: Site, profile: Path, network=None, times: int = 1) -> list[dict]:
    """Open the page `times` times in one browser profile; what each visit measured."""
    context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                           args=CHROMIUM_ARGS, headless=True)
    context.add_init_script(MARKS)
    found = []
    try:
        for number in range(times):
            page = context.new_page()
            if network:
                page.context.new_cdp_session(page).send("Network.emulateNetworkConditions", network)
            before = site.counter.bytes
            page.goto(site.url, wait_until="commit")
            page.wait_for_selector("#results[data-state='done']", timeout=300_000)
            marks = page.evaluate("() => window.__bench")
            answered_bytes = site.counter.bytes - before
            timings = page.get_attribute("html", "data-start-timings")
            result = {"form": marks.get("form"), "answer": marks.get("answer"), "answered_bytes": answered_bytes,
                      "timings": json.loads(timings) if timings else {},
                      "controlled": page.evaluate(CONTROLLED), "start": page.get_attribute("html", "data-python-start")}
            if number == 0 and not network:
                result["change"] = page.evaluate(CHANGE_INPUT, "2026-10-21")
            if number + 1 < times and site.keeps:
                # A real second visit: one the service worker controls, which the first visit prepared.
                page.wait_for_selector(KEPT, state="attached", timeout=300_000)
            time.sleep(0.3)  # let the page settle before counting what the visit cost
            result["bytes"] = site.counter.bytes - before
            found.append(result)
            page.close()
    finally:
        context.close()
    return found


def spread(values) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    return f"{statistics.median(values):,.2f} ({min(values):,.2f}–{max(values):,.2f})"


def measure_browser(sites: list[Site], runs: int, slow: bool) -> dict:
    from playwright.sync_api import sync_playwright
    results = {site.name: {"form": [], "cold": [], "warm": [], "cold_bytes": [], "kept_bytes": [], "warm_bytes": [],
                           "change": [], "slow": [], "warm_of_cold": [], "warm_started": [], "timings": []}
               for site in sites}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profiles:
        for run in range(runs):
            for site in sites:  # interleaved: project, naive, project, naive, …
                profile = Path(profiles) / f"{site.name}-{run}"
                cold, warm = visit(playwright, site, profile, times=2)
                entry = results[site.name]
                entry["form"].append(cold["form"] / 1000)
                entry["cold"].append(cold["answer"] / 1000)
                entry["change"].append(cold["change"])
                entry["cold_bytes"].append(cold["answered_bytes"] / 1e6)
                entry["kept_bytes"].append((cold["bytes"] - cold["answered_bytes"]) / 1e6)
                entry["timings"].append({"cold": cold["timings"], "warm": warm["timings"]})
                entry["warm"].append(warm["answer"] / 1000)
                entry["warm_bytes"].append(warm["bytes"] / 1e3)
                entry["warm_of_cold"].append(warm["answer"] / cold["answer"])
                entry["warm_started"].append(f"{'controlled' if warm['controlled'] else 'not controlled'}, "
                                             f"{warm['start'] or 'no snapshot'}")
                if site.keeps and not (warm["controlled"] and warm["start"] == "snapshot"):
                    print(f"  warning: the second visit was not a real one: {entry['warm_started'][-1]}", file=sys.stderr)
                if slow and site.slow:
                    [slow_visit] = visit(playwright, site, Path(profiles) / f"{site.name}-{run}-slow", network=FAST_3G)
                    entry["slow"].append(slow_visit["answer"] / 1000)
                print(f"  run {run + 1}, {site.name}: cold {cold['answer'] / 1000:.2f} s, warm "
                      f"{warm['answer'] / 1000:.2f} s", file=sys.stderr, flush=True)
    return results


def core_speed(dist: Path, runs: int) -> dict:
    jurisdiction = load_jurisdiction(JURISDICTION)
    samples = []
    for _ in range(max(runs, 5) * 10):
        start = time.perf_counter()
        evaluate(jurisdiction, FACTS)
        samples.append((time.perf_counter() - start) * 1000)
    [python] = (dist / "python").iterdir()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        (folder / "procedure.json").write_text(prepared.dumps(jurisdiction))
        (folder / "facts.json").write_text(json.dumps(FACTS))
        (folder / "evaluate.py").write_text(PYODIDE_EVALUATE)
        lock = json.loads((build.PYODIDE_DIR / "pyodide-lock.json").read_text())
        options = {"stdLibURL": str(python / "python_stdlib.zip"), "lockFileContents": {"info": lock["info"], "packages": {}}}
        subprocess.run(["node", str(ROOT / "publish" / "run_in_pyodide.mjs"), str(folder), str(folder / "evaluate.py"),
                        json.dumps(options)], capture_output=True, text=True, check=True, cwd=ROOT)
        pyodide = json.loads((folder / "result.json").read_text())["evaluate"]
    return {"cpython": statistics.median(samples), "pyodide": pyodide}


# Each procedure's worked cases, each evaluated as the page evaluates it (the same facts, language and day), timed
# one by one: the best of REPEATS for each case, so that a case is measured, not the machine's other work.
PYODIDE_EVALUATE_CASES = """
import json, time
from pathlib import Path
import compiled_dataclasses
from core.json_api import Checker
REPEATS = %d
out = {}
for procedure in sorted(Path("/work").glob("*.procedure.json")):
    checker = Checker.from_prepared(procedure.read_text())
    cases = json.loads(procedure.with_name(procedure.name.replace(".procedure.json", ".cases.json")).read_text())
    times = []
    for case in cases:
        facts = json.dumps(case["facts"])
        best = None
        for _ in range(REPEATS):
            start = time.perf_counter()
            checker.evaluate_json(facts, case.get("lang", "en"), case.get("today"))
            took = (time.perf_counter() - start) * 1000
            best = took if best is None else min(best, took)
        times.append(best)
    out[procedure.name.replace(".procedure.json", "")] = times
Path("/work/result.json").write_text(json.dumps(out))
"""
CORE_REPEATS = 5


def percentile(values, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def core_per_procedure(dist: Path) -> dict[str, dict]:
    """Each shipped procedure's worked cases evaluated one by one, in CPython and in Pyodide (Node): per procedure,
    the median, 90th percentile and slowest case (ms), and the slowest case's name."""
    from datetime import date

    from core import seed_ids
    from core.facts import InputError
    from core.jurisdiction import cases_path
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        for jid in seed_ids():
            jurisdiction = load_jurisdiction(jid)
            cases = json.loads(cases_path(jid).read_text(encoding="utf-8"))
            times = []
            for case in cases:
                today = date.fromisoformat(case["today"]) if "today" in case else None
                best = None
                for _ in range(CORE_REPEATS):
                    start = time.perf_counter()
                    try:
                        evaluate(jurisdiction, case["facts"], case.get("lang", "en"), today)
                    except InputError:
                        pass  # a refused case is timed too: the page answers it with the message
                    took = (time.perf_counter() - start) * 1000
                    best = took if best is None else min(best, took)
                times.append(best)
            slowest = max(range(len(cases)), key=times.__getitem__)
            out[jid] = {"cases": len(cases), "cpython": times, "slowest": cases[slowest]["name"]}
            (folder / f"{jid}.procedure.json").write_text(prepared.dumps(jurisdiction))
            (folder / f"{jid}.cases.json").write_bytes(cases_path(jid).read_bytes())
        (folder / "evaluate.py").write_text(PYODIDE_EVALUATE_CASES % CORE_REPEATS)
        [python] = (dist / "python").iterdir()
        lock = json.loads((build.PYODIDE_DIR / "pyodide-lock.json").read_text())
        options = {"stdLibURL": str(python / "python_stdlib.zip"), "lockFileContents": {"info": lock["info"], "packages": {}}}
        subprocess.run(["node", str(ROOT / "publish" / "run_in_pyodide.mjs"), str(folder), str(folder / "evaluate.py"),
                        json.dumps(options)], capture_output=True, text=True, check=True, cwd=ROOT)
        for jid, times in json.loads((folder / "result.json").read_text()).items():
            out[jid]["pyodide"] = times
    return out


def print_core_per_procedure(core: dict[str, dict]) -> None:
    print("| the core, per procedure: each worked case evaluated (ms) | cases | CPython median / p90 / slowest "
          "| Pyodide (Node) median / p90 / slowest | its slowest case (CPython) |\n|---|---:|---:|---:|---|")
    for jid, got in core.items():
        cells = [" / ".join(f"{f(got[where]):.2f}" for f in (statistics.median, lambda v: percentile(v, 0.9), max))
                 for where in ("cpython", "pyodide")]
        print(f"| `{jid}` | {got['cases']} | {cells[0]} | {cells[1]} | {got['slowest'][:70]} |")


DESK_COMPLAINTS = 50
DESK_SIZES = (50, 500, 2000)  # issue 38.5: the desk at 50, 500 and 2,000 complaints
# Every complaint with facts of its own (none assessed once for another): received on one of 400 days from 1 Oct
# 2026, its violation a day further back for each 400; one in three with the investigation's notice recorded.
SEED_DESK = """(count) => new Promise((resolve, reject) => {
  const open = indexedDB.open("complaint-checker-desk", 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore("complaints", { keyPath: ["procedure", "id"] }).createIndex("procedure", "procedure");
    open.result.createObjectStore("desks", { keyPath: "procedure" });
  };
  open.onsuccess = () => {
    const tx = open.result.transaction("complaints", "readwrite");
    const day = (y, m, d) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
    for (let n = 0; n < count; n += 1) {
      const facts = { violation_date: day(2026, 8, 1 - Math.floor(n / 400)), received: day(2026, 9, 1 + (n % 400)) };
      if (n % 3 === 0) facts.events = { "investigation-notice": day(2026, 9, 8 + (n % 400)) };
      tx.objectStore("complaints").put({ procedure: "fort-collins", id: `b${n}`, label: `2026-EC-${n + 1}`, facts,
        added: "2026-11-01T12:00:00.000Z", changed: "2026-11-01T12:00:00.000Z", dates: {}, revision: 1 });
    }
    tx.oncomplete = () => { open.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
})"""
REDRAW_AGAIN = """async (limit) => {
  const until = performance.now() + limit;
  document.getElementById("desk").dataset.state = "asked";
  new BroadcastChannel("complaint-checker-desk").postMessage({ procedure: "fort-collins", ids: [] });
  while (document.getElementById("desk").dataset.state !== "done") {
    if (performance.now() > until) throw new Error(`the desk was not drawn again within ${limit / 1000} s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Number(document.getElementById("desk").dataset.redrawMs);
}"""
# One complaint changed, as the office changes it: "Mark done" on the first duty that offers it, from the click to
# the desk drawn again (saved, assessed, drawn), in ms.
CHANGE_ONE = """async (limit) => {
  const desk = document.getElementById("desk");
  const until = performance.now() + limit;
  const button = document.querySelector("#desk-duties button[data-done]");
  if (!button) return null;
  const start = performance.now();
  desk.dataset.state = "asked";
  button.click();
  while (desk.dataset.state !== "done") {
    if (performance.now() > until) throw new Error(`one complaint changed was not drawn within ${limit / 1000} s`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - start;
}"""
# A button whose work ends in a message: from the click to the message that it is done, in ms.
CLICK_UNTIL_SAID = """async ([selector, starts, limit]) => {
  const until = performance.now() + limit;
  const message = document.getElementById("desk-message-text");
  message.textContent = "";
  const start = performance.now();
  document.querySelector(selector).click();
  while (!starts.some((s) => message.textContent.startsWith(s))) {
    if (performance.now() > until) throw new Error(`${selector} said nothing within ${limit / 1000} s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}"""


def _renderer_mb(browser) -> float:
    """What the tab's renderer holds of its own (MB): the resident memory no other process shares (RssAnon: the
    page, its worker, Pyodide's memory), as a task manager counts a tab. Read from /proc for the renderer processes
    of this browser alone (CDP SystemInfo names them; the one page open is the only one with anything in it)."""
    session = browser.new_browser_cdp_session()
    largest = 0
    for process in session.send("SystemInfo.getProcessInfo")["processInfo"]:
        if process["type"] != "renderer":
            continue
        try:
            status = Path(f"/proc/{process['id']}/status").read_text()
        except OSError:
            continue
        largest = max(largest, int(next(line.split()[1] for line in status.splitlines() if line.startswith("RssAnon:"))))
    session.detach()
    return largest / 1024


def _desk_run(browser, site, size: int, entry: dict, limit_s: int) -> None:
    """One run of the desk at one size (desk_speed)."""
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(limit_s * 1000)
    page.goto(site.url)
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=300_000)
    page.evaluate(SEED_DESK, size)
    page.reload()
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=limit_s * 1000)
    assert int(page.get_attribute("#desk", "data-rows")) >= size
    entry["first"].append(float(page.get_attribute("#desk", "data-redraw-ms")))
    entry["again"] += [page.evaluate(REDRAW_AGAIN, limit_s * 1000) for _ in range(2)]
    entry["change"] += [page.evaluate(CHANGE_ONE, limit_s * 1000) for _ in range(3)]
    cdp = context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")  # the nodes the page holds, not those it let go of
    entry["nodes"].append(cdp.send("Memory.getDOMCounters")["nodes"])
    entry["memory"].append(_renderer_mb(browser))
    with page.expect_download(timeout=limit_s * 1000):
        entry["calendar"].append(page.evaluate(CLICK_UNTIL_SAID, ["#desk-calendar", ["The calendar file"], limit_s * 1000]))
    with page.expect_download(timeout=limit_s * 1000) as exported:
        entry["export"].append(page.evaluate(CLICK_UNTIL_SAID, ["#desk-export", ["The desk is exported"], limit_s * 1000]))
    path = exported.value.path()
    # Into an empty desk (a new profile): from choosing the file to "Imported", then to the desk drawn.
    other = browser.new_context()
    empty = other.new_page()
    empty.set_default_timeout(limit_s * 1000)
    empty.goto(site.url)
    empty.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=300_000)
    start = time.perf_counter()
    empty.set_input_files("#desk-import", path)
    try:
        empty.wait_for_selector("#desk[data-imported]", timeout=limit_s * 1000)
        entry["import"].append((time.perf_counter() - start) * 1000)
        empty.wait_for_selector("#desk[data-state='done']", timeout=limit_s * 1000)
        entry["import_drawn"].append((time.perf_counter() - start) * 1000)
    except Exception:  # noqa: BLE001 - not finished within the limit: said as such
        entry["import"].append(None)
    other.close()
    context.close()
    print(f"  desk of {size}: first {entry['first'][-1]:.0f} ms, change {entry['change'][-1]:.0f} ms, "
          f"{entry['memory'][-1]:.0f} MB", file=sys.stderr, flush=True)


def desk_speed(dist: Path, runs: int, sizes=DESK_SIZES, limit_s: int = 600) -> dict:
    """The office's desk at each size (Fort Collins): once the runtime is ready, the whole list assessed and drawn
    (the first time, and again when another tab changes the desk); one complaint changed (Mark done) and the desk
    drawn again; the desk's calendar and its export made; the export imported into an empty desk (read, written,
    drawn); the renderer's memory and the page's DOM nodes with the desk drawn. A step that takes longer than
    `limit_s` is reported as not finished."""
    from playwright.sync_api import sync_playwright
    site = Site("desk", dist, "fort-collins/desk.html", "")
    found = {size: {k: [] for k in ("first", "again", "change", "calendar", "export", "import", "import_drawn",
                                    "memory", "nodes")} for size in sizes}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for size in sizes:
            entry = found[size]
            for _ in range(runs):
                try:
                    _desk_run(browser, site, size, entry, limit_s)
                except Exception as error:  # noqa: BLE001 - a step not finished within the limit: said as such
                    entry["unfinished"] = entry.get("unfinished", []) + [str(error).splitlines()[0]]
                    print(f"  desk of {size}: not finished: {str(error).splitlines()[0]}", file=sys.stderr, flush=True)
        browser.close()
    site.server.shutdown()
    return found


def print_desk(found: dict) -> None:
    rows = [("the whole desk assessed and drawn, runtime ready (ms)", "first"),
            ("drawn again, nothing changed (ms)", "again"),
            ("one complaint changed (Mark done): saved, assessed, drawn (ms)", "change"),
            ("the desk's calendar made (ms)", "calendar"), ("the desk exported (ms)", "export"),
            ("its export imported into an empty desk: read and written (ms)", "import"),
            ("… and the desk drawn (ms)", "import_drawn"),
            ("the tab's renderer, resident (MB)", "memory"), ("DOM nodes", "nodes")]
    sizes = list(found)
    print("| the office's desk, Fort Collins | " + " | ".join(f"{n:,} complaints" for n in sizes) + " |\n|---|"
          + "---:|" * len(sizes))
    for label, key in rows:
        print(f"| {label} | " + " | ".join(spread(found[n][key]) for n in sizes) + " |")
    for n in sizes:
        for why in found[n].get("unfinished", []):
            print(f"Not finished at {n:,} complaints: {why}")


# --------------------------------------------------------------------------------------
# Site growth (issue 38): how the build scales with the number of procedures a site holds.
# --------------------------------------------------------------------------------------

GROWTH_SIZES = (10, 50, 200)


def growth_library(folder: Path, count: int) -> list[str]:
    """`count` procedures in `folder`: copies of the shipped ones in turn (file, translations, worked cases), each
    with an id of its own. Generated for the measurement only, never into core/jurisdictions."""
    from core.jurisdiction import SEED_DIR, seed_ids
    folder.mkdir(parents=True, exist_ok=True)
    seeds, paths = seed_ids(), []
    for number in range(count):
        seed = seeds[number % len(seeds)]
        new = f"{seed}-{number:03d}"
        for source in sorted(SEED_DIR.glob(f"{seed}.*")):
            rest = source.name[len(seed):]
            if rest == ".toml":
                text = source.read_text(encoding="utf-8")
                assert f'\nid = "{seed}"\n' in text, source
                (folder / f"{new}.toml").write_text(text.replace(f'\nid = "{seed}"\n', f'\nid = "{new}"\n', 1),
                                                   encoding="utf-8")
            elif rest == ".cases.json" or (rest.endswith(".toml") and rest.count(".") == 2):
                shutil.copy(source, folder / f"{new}{rest}")  # the worked cases, a translation
        paths.append(str(folder / f"{new}.toml"))
    return paths


class FirstProgress:
    """Standard error, passed through, with the time of the build's first progress line."""

    def __init__(self, stream, start: float):
        self.stream, self.start, self.first = stream, start, None

    def write(self, text: str) -> int:
        if self.first is None and text.startswith("build: "):
            self.first = time.perf_counter() - self.start
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


def timed_build(paths: list[str], out: Path) -> dict:
    """One build of these procedures, in this process (its workers are forked from it): wall and CPU seconds,
    and when it first said how far it was."""
    import resource
    usage = lambda: sum(getattr(resource.getrusage(who), part) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
                        for part in ("ru_utime", "ru_stime"))
    cpu, start = usage(), time.perf_counter()
    said, sys.stderr = sys.stderr, FirstProgress(sys.stderr, start)
    try:
        build.build(paths, out)
    finally:
        first, sys.stderr = sys.stderr.first, said
    return {"wall": time.perf_counter() - start, "cpu": usage() - cpu, "first_progress": first}


def first_answer_bytes(dist: Path, jid: str) -> int:
    """The brotli bytes a first visit to one procedure's page downloads before its first answer: the page, its
    scripts and style, the runtime, the prepared Python and the procedure."""
    page = (dist / jid / "index.html").read_text(encoding="utf-8")
    start = page.index("content='", page.index('name="complaint-checker-calculator"')) + len("content='")
    config = json.loads(html.unescape(page[start:page.index("'", start)]))
    urls = [entry["url"] for group in ("runtime", "python") for entry in config["loader"][group].values()]
    urls += [config["procedures"][0]["procedure"]["url"]]
    urls += [url.removeprefix("../") for url in re.findall(r'(?:src|href)="(\.\./assets/[^"]+)"', page)]
    return sum((dist / url).with_name(Path(url).name + ".br").stat().st_size
               for url in dict.fromkeys(urls)) + (dist / jid / "index.html.br").stat().st_size


def site_growth(sizes=GROWTH_SIZES) -> list[dict]:
    """For each size: a first build with nothing kept for its procedures (the browser's Python, the runtime and the
    compressed forms of shared files come from the cache, as on any machine that built once), a rebuild after
    editing one procedure, the bytes of the site, and what a first visit downloads."""
    found = []
    for count in sizes:
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(folder)
            saved = build.CASES_CACHE, browser_python.CHECKED_CACHE
            build.CASES_CACHE, browser_python.CHECKED_CACHE = folder / "cases", folder / "checked"
            try:
                paths = growth_library(folder / "library", count)
                print(f"  site growth: {count} procedures, first build", file=sys.stderr, flush=True)
                first = timed_build(paths, folder / "dist")
                edited = Path(paths[count // 2])  # updated on a new day: its data, pages and cases' run change
                edited.write_text(re.sub(r"\nupdated = [0-9-]+\n", "\nupdated = 2026-12-02\n",
                                         edited.read_text(encoding="utf-8"), count=1), encoding="utf-8")
                print(f"  site growth: {count} procedures, one edited, rebuilt", file=sys.stderr, flush=True)
                again = timed_build(paths, folder / "dist")
            finally:
                build.CASES_CACHE, browser_python.CHECKED_CACHE = saved
            files = [p for p in (folder / "dist").rglob("*") if p.is_file()]
            raw = sum(p.stat().st_size for p in files if not p.name.endswith((".br", ".gz")))
            found.append({"procedures": count, "first": first, "again": again, "raw_bytes": raw,
                          "all_bytes": sum(p.stat().st_size for p in files),
                          "first_answer": first_answer_bytes(folder / "dist", Path(paths[0]).stem)})
            print(f"  site growth: {json.dumps(found[-1])}", file=sys.stderr, flush=True)  # each size as it ends
    return found


def print_growth(rows: list[dict]) -> None:
    print("| procedures | first build: wall s (CPU s) | first progress line (s) | rebuild, one procedure edited: "
          "wall s (CPU s) | site, raw (MB) | site with .br/.gz (MB) | first answer, brotli (MB) |\n"
          "|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        first, again = row["first"], row["again"]
        print(f"| {row['procedures']} | {first['wall']:.1f} ({first['cpu']:.1f}) | "
              f"{first['first_progress'] if first['first_progress'] is not None else float('nan'):.1f} | "
              f"{again['wall']:.1f} ({again['cpu']:.1f}) | {row['raw_bytes'] / 1e6:.1f} | "
              f"{row['all_bytes'] / 1e6:.1f} | {row['first_answer'] / 1e6:.2f} |", flush=True)


# --- What a visit keeps offline, and the visit after it, as the library grows -------------------------------------
# A synthetic library: the shipped procedures, then copies of them under new ids (their rules the same, their pages
# and files their own), up to N procedures, built into a temp folder. (The site's own growth section measures the
# build; this one measures what one visitor's browser keeps, and how the next visit starts.)
OFFLINE_SIZES = (10, 50, 200)
# Every response in the site's Cache Storage: how many, their bytes, and how many procedures they belong to.
CACHE_STORAGE = """async (procedures) => {
  let count = 0, bytes = 0;
  const seen = new Set();
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      count += 1;
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
      const folder = new URL(request.url).pathname.split("/").slice(-2, -1)[0];
      if (procedures.includes(folder)) seen.add(folder);
    }
  }
  return { count, bytes, procedures: seen.size };
}"""
# When this build's snapshot and its digest are both in Cache Storage (performance.now(), from the page's navigation),
# looked for every 20 ms: the moment the next visit can start from it, whatever the page says.
SNAPSHOT_KEPT = """async (limit) => {
  const found = async () => {
    for (const name of await caches.keys()) {
      const keys = (await (await caches.open(name)).keys()).map((request) => request.url);
      if (keys.some((url) => url.includes("/python-snapshot-")) && keys.some((url) => url.includes("/snapshot-digest-"))) return true;
    }
    return false;
  };
  while (performance.now() < limit) {
    if (await found()) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}"""
LEAVES_AFTER_S = 3  # a person who reads the answer for three seconds and closes the tab


def synthetic_library(count: int) -> "build.Site":
    """The shipped procedures, then copies of them (new ids and names) up to `count` procedures."""
    from dataclasses import replace
    from core.jurisdiction import seed_ids
    shipped = build.read_site(seed_ids())
    procedures = []
    for number in range(count):
        procedure = shipped.procedures[number % len(shipped.procedures)]
        if number >= len(shipped.procedures):
            j = procedure.jurisdiction
            procedure = replace(procedure, jurisdiction=replace(j, id=f"{j.id}-{number}", name=f"{j.name} {number}"))
        procedures.append(procedure)
    return build.Site(procedures, shipped.strings, shipped.build_date)


def offline_visit(playwright, site: Site, profile: Path, procedures: list[str], leave_after: float | None) -> dict:
    """A first visit in an empty profile, then, in a new tab of the same browser, the next one. The first tab stays
    until everything is kept (leave_after None: what it keeps, its bytes, and when its start is kept), or is closed
    `leave_after` seconds after its answer, as a person who read it and left."""
    context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                           args=CHROMIUM_ARGS, headless=True)
    context.add_init_script(MARKS)
    found = {}
    try:
        page = context.new_page()
        before = site.counter.bytes
        page.goto(site.url, wait_until="commit")
        page.wait_for_selector("#results[data-state='done']", timeout=300_000)
        found["cold"] = page.evaluate("() => window.__bench.answer")
        answered = site.counter.bytes
        if leave_after is None:
            kept_at = page.evaluate(SNAPSHOT_KEPT, found["cold"] + 120_000)
            found["kept_after"] = None if kept_at is None else (kept_at - found["cold"]) / 1000
            page.wait_for_selector(KEPT, state="attached", timeout=300_000)
            time.sleep(0.5)
            found["sent_to_keep"] = site.counter.bytes - answered
            found["cache"] = page.evaluate(CACHE_STORAGE, procedures)
        else:
            time.sleep(max(0.0, found["cold"] / 1000 + leave_after - page.evaluate("() => performance.now()") / 1000))
        page.close()
        time.sleep(1)
        again = context.new_page()  # the person comes back: a new tab, the same browser and profile
        again.goto(site.url, wait_until="commit")
        again.wait_for_selector("#results[data-state='done']", timeout=300_000)
        found["warm"] = again.evaluate("() => window.__bench.answer")
        found["how"] = (f"{'controlled' if again.evaluate(CONTROLLED) else 'not controlled'}, "
                        f"{again.get_attribute('html', 'data-python-start') or 'no snapshot'}")
        found["bytes"] = site.counter.bytes - before
        again.close()
    finally:
        context.close()
    return found


def measure_offline(folder: Path, sizes, runs: int, site_dir: Path | None = None) -> dict:
    """What a visitor keeps after one procedure's answer, at each library size: bytes sent to keep it, bytes in
    Cache Storage, procedures kept; when the start (the snapshot) is kept after the answer; the next visit (a new
    tab, the same profile) against the cold one, after a first visit that stayed and one left three seconds after
    its answer. `site_dir` (with one size): measure that built site instead of a synthetic one."""
    from playwright.sync_api import sync_playwright
    results = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profiles:
        for size in sizes:
            if site_dir:
                dist = site_dir
            else:
                dist = folder / f"library-{size}"
                started = time.perf_counter()
                build.write_site(synthetic_library(size), dist)
                print(f"  built a library of {size} procedures in {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
            manifest = json.loads((dist / "manifest.json").read_text())["files"]
            procedures = sorted({p.split("/")[-2] for p in manifest if p.endswith("/law.html")} - {"es"})
            site = Site(f"library-{size}", dist, f"{JURISDICTION}/index.html", FRAGMENT)
            entry = results[size] = {"procedures": len(procedures), "sw_js": len((dist / "sw.js").read_bytes()),
                                     "runs": []}
            for run in range(runs):
                stayed = offline_visit(playwright, site, Path(profiles) / f"{size}-{run}-stayed", procedures, None)
                left = offline_visit(playwright, site, Path(profiles) / f"{size}-{run}-left", procedures, LEAVES_AFTER_S)
                entry["runs"].append({"stayed": stayed, "left": left})
                print(f"  {size} procedures, run {run + 1}: kept {stayed['cache']['bytes'] / 1e6:.2f} MB "
                      f"({stayed['cache']['procedures']} procedures), start kept {stayed['kept_after']} s after the "
                      f"answer; next visit {stayed['warm'] / stayed['cold']:.2f} of cold ({stayed['how']}), "
                      f"{left['warm'] / left['cold']:.2f} after leaving at {LEAVES_AFTER_S} s ({left['how']})",
                      file=sys.stderr, flush=True)
            site.server.shutdown()
    return results


def print_offline(results: dict) -> None:
    sizes = list(results)
    runs = lambda size, key: [run[key] for run in results[size]["runs"]]  # noqa: E731
    print("\n## What a visit keeps offline, and the next visit (median (min–max))\n")
    print("| procedures in the library | " + " | ".join(str(results[s]["procedures"]) for s in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    rows = [
        ("bytes sent to keep, after the first answer (MB)", lambda r: r["stayed"]["sent_to_keep"] / 1e6),
        ("bytes kept in Cache Storage (MB)", lambda r: r["stayed"]["cache"]["bytes"] / 1e6),
        ("procedures with a page or file kept", lambda r: r["stayed"]["cache"]["procedures"]),
        ("first answer → start kept (s)", lambda r: r["stayed"]["kept_after"]),
        ("next visit ÷ cold, the first tab stayed", lambda r: r["stayed"]["warm"] / r["stayed"]["cold"]),
        (f"next visit ÷ cold, the first tab closed {LEAVES_AFTER_S} s after its answer",
         lambda r: r["left"]["warm"] / r["left"]["cold"]),
        ("cold: first answer (s)", lambda r: r["stayed"]["cold"] / 1000),
    ]
    for label, value in rows:
        print(f"| {label} | " + " | ".join(spread([value(run) for run in results[s]["runs"]]) for s in sizes) + " |")
    print("| sw.js (kB) | " + " | ".join(f"{results[s]['sw_js'] / 1e3:.1f}" for s in sizes) + " |")
    for size in sizes:
        print(f"Next visits at {size}: stayed: " + "; ".join(run["stayed"]["how"] for run in results[size]["runs"])
              + "; left: " + "; ".join(run["left"]["how"] for run in results[size]["runs"]))


# --- An input change, on the longest procedure ------------------------------------------------------------------
LONGEST = "fec"  # the longest procedure file, and the longest report
LONGEST_FRAGMENT = "role=complainant&violation_date=2026-06-01&received=2026-10-20"
CHANGES = 10


def measure_input(dist: Path, runs: int) -> dict:
    """An edited date to the updated answer on the longest procedure: the first edit right after the first answer,
    then, once the visit has kept its start, CHANGES edits a second apart."""
    from playwright.sync_api import sync_playwright
    site = Site("input", dist, f"{LONGEST}/index.html", LONGEST_FRAGMENT)
    first, settled = [], []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profiles:
        for run in range(runs):
            context = playwright.chromium.launch_persistent_context(str(Path(profiles) / str(run)), executable_path=CHROMIUM,
                                                                   args=CHROMIUM_ARGS, headless=True)
            page = context.new_page()
            page.goto(site.url)
            page.wait_for_selector("#results[data-state='done']", timeout=300_000)
            first.append(page.evaluate(CHANGE_INPUT, "2026-10-21"))
            page.wait_for_selector(KEPT, state="attached", timeout=300_000)
            for number in range(CHANGES):
                time.sleep(1)
                settled.append(page.evaluate(CHANGE_INPUT, f"2026-10-{22 + number}"))
            context.close()
    site.server.shutdown()
    return {"first": first, "settled": settled}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-slow-network", action="store_true", help="skip the 1.6 Mbit/s runs (several minutes)")
    parser.add_argument("--desk-only", action="store_true", help="measure only the office's desk, at 50, 500 and "
                                                                     "2,000 complaints")
    parser.add_argument("--desk-sizes", type=int, nargs="+", help="measure only the desk, at these sizes")
    parser.add_argument("--desk-limit", type=int, default=600, help="seconds a desk step may take before it is "
                                                                   "reported as not finished")
    parser.add_argument("--core-only", action="store_true",
                        help="measure only the core: each procedure's worked cases, one by one, in CPython and Pyodide")
    parser.add_argument("--site", type=Path, help="measure this built site instead of building one (e.g. an "
                                                  "older commit's dist/, to compare before and after)")
    parser.add_argument("--growth", nargs="*", type=int, metavar="N",
                        help="measure only the site's growth: builds of N synthetic procedures (default 10 50 200)")
    parser.add_argument("--offline", type=int, nargs="*", metavar="N",
                        help="measure only what a visit keeps offline and the next visit, at libraries of N "
                             f"procedures (default {' '.join(map(str, OFFLINE_SIZES))}; with --site, that site), and "
                             f"an input change on the longest procedure ({LONGEST})")
    args = parser.parse_args()
    if args.growth is not None:
        print(f"# Site growth: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}\n",
              flush=True)
        print_growth(site_growth(tuple(args.growth) or GROWTH_SIZES))
        return 0
    if args.offline is not None:
        with tempfile.TemporaryDirectory() as folder:
            sizes = args.offline or ([0] if args.site else list(OFFLINE_SIZES))
            print_offline(measure_offline(Path(folder), sizes, args.runs, args.site))
            dist = args.site or Path(folder) / f"library-{sizes[0]}"
            changes = measure_input(dist, args.runs)
            print(f"\nInput change → updated answer on {LONGEST} (ms): right after the first answer "
                  f"{spread(changes['first'])}; once the start is kept, {CHANGES} a run {spread(changes['settled'])}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        dist = args.site or folder / "dist"
        if not args.site:
            build.build(None, dist)
        if args.core_only:
            print_core_per_procedure(core_per_procedure(dist))
            return 0
        if args.desk_only or args.desk_sizes:
            sizes = tuple(args.desk_sizes or DESK_SIZES)
            print_desk(desk_speed(dist, args.runs, sizes, args.desk_limit))
            return 0
        desk = desk_speed(dist, args.runs, (DESK_COMPLAINTS,))[DESK_COMPLAINTS]
        print(f"The office's desk, {DESK_COMPLAINTS} complaints, runtime ready: the whole list assessed and drawn in "
              f"{spread(desk['first'])} ms the first time, {spread(desk['again'])} ms again, "
              f"{spread(desk['change'])} ms after one complaint changed.", flush=True)
        naive, bare = build_naive(folder, dist), build_bare(folder, dist)
        sites = [Site("Complaint Checker", dist, f"{JURISDICTION}/index.html", FRAGMENT),
                 Site("naive page", naive, "index.html", json.dumps(FACTS), keeps=False),
                 Site("bare start (the floor)", bare, "index.html", json.dumps(FACTS), keeps=False, slow=False)]
        print(f"# Benchmark: {platform.machine()}, {platform.system()}, Python {platform.python_version()}, "
              f"{args.runs} interleaved runs; median (min–max)\n", flush=True)
        browser = measure_browser(sites, args.runs, not args.no_slow_network)
        core = core_speed(dist, args.runs) if (dist / "python").is_dir() else None
        for site in sites:
            site.server.shutdown()
    rows = [("form usable (s)", "form"), ("cold: first answer (s)", "cold"), ("warm: first answer (s)", "warm"),
            ("cold: bytes sent by the first answer (MB)", "cold_bytes"),
            ("cold: bytes then sent to keep the build for offline (MB)", "kept_bytes"),
            ("warm: bytes sent (kB)", "warm_bytes"),
            ("warm ÷ cold, same profile, run by run", "warm_of_cold"),
            ("input change → updated answer (ms)", "change"),
            ("cold at 1.6 Mbit/s, 150 ms RTT: first answer (s)", "slow")]
    names = [site.name for site in sites]
    print("| | " + " | ".join(names) + " |\n|---|" + "---:|" * len(names))
    for label, key in rows:
        print(f"| {label} | " + " | ".join(spread(browser[name][key]) for name in names) + " |")
    ratio = [a / b for a, b in zip(browser[names[0]]["cold"], browser[names[1]]["cold"])]
    print(f"\nCold first answer, Complaint Checker ÷ naive page, run by run: {spread(ratio)}")
    warm = [a / b for a, b in zip(browser[names[0]]["warm"], browser[names[1]]["cold"])]
    print(f"Warm first answer, Complaint Checker ÷ the naive page's cold one, run by run: {spread(warm)}")
    floor = [b / n for b, n in zip(browser[names[2]]["cold"], browser[names[1]]["cold"])]
    above = [(a - b) * 1000 for a, b in zip(browser[names[0]]["cold"], browser[names[2]]["cold"])]
    print(f"Cold first answer, the bare start ÷ naive page, run by run: {spread(floor)}; Complaint Checker above "
          f"the bare start: {spread(above)} ms")
    if browser[names[0]]["slow"] and browser[names[1]]["slow"]:
        slow = [a / b for a, b in zip(browser[names[0]]["slow"], browser[names[1]]["slow"])]
        print(f"Fast 3G first answer, Complaint Checker ÷ naive page, run by run: {spread(slow)}")
    print("Second visits of Complaint Checker: " + "; ".join(browser[names[0]]["warm_started"]))
    # Where a start goes: when each part of the calculator's start ended, in ms from the page's navigation (the
    # worker's marks told in the page's time, as the page's own), median over the runs.
    for visit in ("cold", "warm"):
        parts = [run[visit] for run in browser[names[0]]["timings"] if run[visit]]
        if parts:
            names_in_order = list(dict.fromkeys(name for part in parts for name in part))
            print(f"Where a {visit} start goes (ms, median): " + ", ".join(
                f"{name} {statistics.median(p[name] for p in parts if name in p):.0f}" for name in names_in_order))
    if core:
        print(f"The core's evaluate: {core['cpython']:.2f} ms in CPython, {core['pyodide']:.2f} ms in Pyodide (Node).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
