"""Reports for a fixed set of facts, so that a change to the report layer proves what it changed.

The set: every published worked case, and a few thousand fact sets drawn with a fixed seed for
each shipped procedure and each test procedure, in English and Spanish, some without a day
to answer as of and some with one. Each report is the CLI's exact output (the same JSON, key
order and indentation), reduced to a digest; `tests/snapshots/reports.json` keeps the digests.

    python -m scripts.report_snapshot --check          # what differs from the kept digests
    python -m scripts.report_snapshot --write          # keep the current reports' digests
    python -m scripts.report_snapshot --against REV    # which report fields differ from commit REV

A change that should change nothing passes `--check` untouched. A change that fixes something
on purpose rewrites the digests in the same commit, and `--against` names what moved.
"""

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tests" / "snapshots" / "reports.json"
PROCEDURES = ["fort-collins", "illinois-model-ethics", "tests/jurisdictions/patterns.toml",
              "tests/jurisdictions/amended.toml", "tests/jurisdictions/minimal.toml",
              "tests/jurisdictions/format-1-example-city.toml", "tests/jurisdictions/cure-then-hearing.toml",
              "tests/jurisdictions/shapes.toml"]
CASE_FILES = {"fort-collins": "core/jurisdictions/fort-collins.cases.json",
              "illinois-model-ethics": "core/jurisdictions/illinois-model-ethics.cases.json",
              "tests/jurisdictions/cure-then-hearing.toml": "tests/jurisdictions/cure-then-hearing.cases.json",
              "tests/jurisdictions/format-1-example-city.toml": "tests/jurisdictions/format-1-example-city.cases.json"}
LANGUAGES = ("en", "es")
DRAWN_PER_PROCEDURE = 300
SEED = 20261201


def drawn_facts(jurisdiction, rng: random.Random) -> tuple[dict, str | None]:
    """One plausible fact set for a procedure, and a day to answer as of (or None)."""
    start, end = jurisdiction.supported_from, jurisdiction.supported_to
    span = (end - start).days

    def day_after(day: date, low: int, high: int) -> date:
        return min(day + timedelta(days=rng.randint(low, high)), end)

    facts = {}
    violation = start + timedelta(days=rng.randint(0, span))
    received = day_after(violation, 0, 120 if rng.random() < 0.8 else 500)
    if rng.random() < 0.9:
        facts["violation_date"] = violation.isoformat()
    if rng.random() < 0.75:
        facts["received"] = received.isoformat()
    if rng.random() < 0.4:
        facts["election_date"] = max(start, min(end, received + timedelta(days=rng.randint(-20, 90)))).isoformat()
    if rng.random() < 0.4:
        facts["respondent_is_candidate"] = rng.random() < 0.5
    if jurisdiction.eligibility.roles and rng.random() < 0.6:
        facts["complainant_role"] = rng.choice(["registered-elector", "candidate", "other"]
                                               + [r.id for r in jurisdiction.roles])
    if jurisdiction.contents and rng.random() < 0.5:
        items = [c.id for c in jurisdiction.contents]
        facts["contents"] = rng.sample(items, rng.randint(0, len(items)))
    for fact in jurisdiction.own_facts():
        if rng.random() < 0.5:
            facts[fact.id] = (rng.random() < 0.5) if fact.type == "bool" else day_after(violation, 0, 60).isoformat()
    events, day = {}, received
    for event in jurisdiction.events:
        if rng.random() < 0.45:
            day = day_after(day, 0, 45)
            if event.time and rng.random() < 0.6:
                events[event.id] = f"{day.isoformat()}T{rng.randint(0, 23):02d}:{rng.choice([0, 30]):02d}"
            else:
                events[event.id] = day.isoformat()
    if events:
        facts["events"] = events
    today = None
    if rng.random() < 0.6:
        today = (violation + timedelta(days=rng.randint(-10, 200))).isoformat()
    return facts, today


def fact_sets() -> list[dict]:
    """Every fact set of the snapshot: {"id", "procedure", "facts", "today"}, in a fixed order."""
    from core import load_jurisdiction
    sets = []
    for procedure in PROCEDURES:
        jurisdiction = load_jurisdiction(str(ROOT / procedure) if procedure.endswith(".toml") else procedure)
        cases = CASE_FILES.get(procedure)
        if cases:
            for i, case in enumerate(json.loads((ROOT / cases).read_text(encoding="utf-8"))):
                sets.append({"id": f"{procedure}#case-{i}", "procedure": procedure, "facts": case["facts"],
                             "today": case.get("today")})
        rng = random.Random(f"{SEED}:{procedure}")
        for i in range(DRAWN_PER_PROCEDURE):
            facts, today = drawn_facts(jurisdiction, rng)
            sets.append({"id": f"{procedure}#drawn-{i}", "procedure": procedure, "facts": facts, "today": today})
    return sets


# Run by the code under comparison (this tree's, or an older commit's): facts in, CLI output out.
RUNNER = r"""
import json, sys
from datetime import date
sys.path.insert(0, sys.argv[1])
from core import evaluate, load_jurisdiction
from core.facts import InputError
loaded = {}
for line in sys.stdin:
    item = json.loads(line)
    name = item["procedure"]
    if name not in loaded:
        loaded[name] = load_jurisdiction(sys.argv[1] + "/" + name if name.endswith(".toml") else name)
    today = date.fromisoformat(item["today"]) if item["today"] else None
    try:
        text = json.dumps(evaluate(loaded[name], item["facts"], item["lang"], today), ensure_ascii=False, indent=2)
    except InputError as err:
        text = "error: " + err.message(item["lang"])
    print(json.dumps(text, ensure_ascii=False), flush=True)
"""


def reports(tree: Path, sets: list[dict], languages=LANGUAGES) -> dict[str, str]:
    """Each fact set's report (CLI output) in each language, as the code in `tree` writes it."""
    items = [{**s, "lang": lang} for s in sets for lang in languages]
    lines = "".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items)
    done = subprocess.run([sys.executable, "-c", RUNNER, str(tree)], input=lines, capture_output=True,
                          text=True, check=True, cwd=tree)
    outputs = [json.loads(line) for line in done.stdout.splitlines()]
    return {f"{i['id']}@{i['lang']}": out for i, out in zip(items, outputs)}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def current_digests() -> dict[str, str]:
    return {key: digest(text) for key, text in reports(ROOT, fact_sets()).items()}


def differing_paths(old, new, path="") -> list[str]:
    """The JSON paths at which two reports differ (list positions by entry id where there is one)."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = [] if list(old) == list(new) or set(old) != set(new) else [f"{path} (key order)"]
        for key in dict.fromkeys([*old, *new]):
            if key not in old or key not in new:
                found.append(f"{path}.{key} ({'added' if key in new else 'removed'})")
            else:
                found += differing_paths(old[key], new[key], f"{path}.{key}")
        return found
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path} (length {len(old)} → {len(new)})"]
        found = []
        for i, (a, b) in enumerate(zip(old, new)):
            name = a.get("id") if isinstance(a, dict) and isinstance(a.get("id"), str) else "*"
            found += differing_paths(a, b, f"{path}[{name}]")
        return found
    return [] if old == new else [path or "(whole)"]


def against(revision: str) -> int:
    """Compare this tree's reports with those of an older commit, field by field."""
    sets = fact_sets()
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), revision], cwd=ROOT, check=True,
                       capture_output=True)
        # A procedure added since that commit has nothing to compare with.
        sets = [s for s in sets if not s["procedure"].endswith(".toml") or (tree / s["procedure"]).is_file()]
        try:
            old = reports(tree, sets)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)
    new = reports(ROOT, sets)
    changed = {}
    for key in new:
        if old[key] == new[key]:
            continue
        try:
            paths = differing_paths(json.loads(old[key]), json.loads(new[key]))
        except json.JSONDecodeError:
            paths = ["(error message)"]
        for p in dict.fromkeys(re.sub(r"\[[^\]]*\]", "[]", p) for p in paths):
            changed.setdefault(f"{p}  ({key.rsplit('@', 1)[1]})", []).append(key)
    same = sum(old[k] == new[k] for k in new)
    print(f"{same} of {len(new)} reports are byte for byte the same as at {revision}")
    for p, keys in sorted(changed.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(keys):5}  {p}   e.g. {keys[0]}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", action="store_true")
    group.add_argument("--write", action="store_true")
    group.add_argument("--against", metavar="REV")
    args = parser.parse_args(argv)
    if args.against:
        return against(args.against)
    found = current_digests()
    if args.write:
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"kept {len(found)} report digests in {SNAPSHOT.relative_to(ROOT)}")
        return 0
    kept = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    differ = sorted(k for k in found if kept.get(k) != found[k])
    print(f"{len(found) - len(differ)} of {len(found)} reports are byte for byte the same as kept")
    for key in differ[:20]:
        print(f"  differs: {key}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
