"""The shapes real statutes give their periods (tests/jurisdictions/statute-shapes, after HRS §§ 1-29 and
11-174.5, Fed. R. Civ. P. 6(a), Tex. Elec. Code § 233.006, NMSA § 10-16G-15(B) and D.C. Code § 1-1162.13(c)): its
worked cases, dated and with what each person reads, hand-worked beside each; the guide shows its pieces exactly.
Each shape was not expressible before (the reader refused its keys), so each case here failed then."""

import json
import re
from pathlib import Path

from core import load_jurisdiction
from core.cases import run_cases

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "jurisdictions" / "statute-shapes.toml"
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")


def test_the_fixtures_worked_cases_pass():
    cases = json.loads(FIXTURE.with_name("statute-shapes.cases.json").read_text(encoding="utf-8"))
    result = run_cases(load_jurisdiction(str(FIXTURE)), cases)
    assert result["passed"] == result["total"] == len(cases) >= 13, [r for r in result["results"] if not r["passed"]]
    dated = [c for c in cases if "today" in c and any(k.startswith("answers.") for k in c["expected"])]
    assert len(dated) >= 9 and any(c.get("lang") == "es" for c in dated)


def test_the_guide_shows_the_pieces_of_the_fixture_exactly():
    pieces = re.findall(r"# --- shape: (.*?)\n(.*?)# --- end\n", FIXTURE.read_text("utf-8"), re.S)
    assert len(pieces) == 8
    for name, toml in pieces:
        assert f"```toml\n{toml}```" in GUIDE, f"the guide should show “{name}” exactly"
