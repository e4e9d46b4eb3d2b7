"""Four shapes real codes take (tests/jurisdictions/shapes.toml): a requirement set out in another
law, an item required only in some cases, one official in two roles, and a window an event ends
early. Each expected value is worked by hand beside it; the guide shows the same pieces."""

import re
from datetime import date
from pathlib import Path

import pytest

from core import evaluate, load_jurisdiction

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "jurisdictions" / "shapes.toml"
SHAPES = load_jurisdiction(str(FIXTURE))
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
# Filed Mon 2 March 2026; the notice of the complaint is sent Mon 6 April.
BASE = {"violation_date": "2026-03-02", "received": "2026-04-01", "events": {"notice": "2026-04-06"}}


def report(facts, today="2026-04-10", lang="en"):
    return evaluate(SHAPES, facts, lang, date.fromisoformat(today))


def cure(r):
    return next(d for d in r["deadlines"] if d["id"] == "cure")


def test_a_requirement_set_out_elsewhere_is_named_with_its_citation_and_never_claimed_checked():
    r = report(BASE | {"contents": ["facts"]})
    item = next(i for i in r["contents"]["items"] if i["id"] == "rule-23")
    assert item["reference"] == {"cite": "8 C.C.R. 1505-6, Rule 23.1", "source": "https://example.org/8-ccr-1505-6",
                                 "checked": False}
    assert r["contents"]["missing"] == ["rule-23"] and r["contents"]["status"] == "incomplete"


@pytest.mark.parametrize("represented, ticked, status, missing, missing_if, applies", [
    # Not said whether a lawyer files: counsel's details may be needed, and are named as such.
    (None, ["facts", "rule-23"], "complete", [], ["counsel"], "unknown"),
    # A lawyer files: counsel's details are required, and missing.
    (True, ["facts", "rule-23"], "incomplete", ["counsel"], None, "yes"),
    (True, ["facts", "rule-23", "counsel"], "complete", [], None, "yes"),
    # No lawyer: the item does not apply.
    (False, ["facts", "rule-23"], "complete", [], None, "no"),
])
def test_an_item_required_only_in_some_cases(represented, ticked, status, missing, missing_if, applies):
    facts = BASE | {"contents": ticked} | ({} if represented is None else {"represented": represented})
    contents = report(facts)["contents"]
    assert (contents["status"], contents["missing"], contents.get("missing_if") or None) == (status, missing, missing_if)
    counsel = next(i for i in contents["items"] if i["id"] == "counsel")
    assert counsel.get("applies", "yes") == applies
    if applies == "unknown":
        assert counsel["condition"] == "Only if the complainant has a lawyer."


def test_one_official_in_two_roles_is_named_by_both():
    actors = report(BASE)["jurisdiction"]["actors"]
    assert actors["election-official"] == {"label": "Designated election official", "side": "official",
                                           "in_text": "the Designated election official", "same_as": "clerk",
                                           "shown": "Designated election official (Village Clerk)"}


def test_a_window_that_an_event_ends_early_says_so_before_the_event():
    # 30 days after Mon 6 April 2026: April 30 is day 24, Wed 6 May day 30, a business day.
    r = report(BASE)
    assert (cure(r)["due"], cure(r)["safe_date"]) == ("2026-05-06", "2026-05-06")
    assert r["answers"]["respondent"] == {
        "status": "relies", "date": "2026-05-06", "detail": None, "rule": "cure", "asks": [], "due_at": None,
        "display": {"date": "Wednesday, May 6, 2026"},
        "sentence": "Your next deadline: cure the violation by Wednesday, May 6, 2026. It ends sooner if an "
                    "investigation begins, which can happen before you are told of it, so do not wait."}


def test_a_window_that_an_event_ended_runs_to_the_day_before_it_and_may_have_ended_sooner():
    # The investigation notice is dated Mon 20 April: the last day is Sun 19 April, and the last day the
    # office is surely open on or before it is Fri 17 April. The investigation may have begun before the
    # notice, so the answer does not read as certain.
    r = report(BASE | {"events": {"notice": "2026-04-06", "investigation-notice": "2026-04-20"}})
    assert (cure(r)["due"], cure(r)["safe_date"]) == ("2026-04-19", "2026-04-17")
    assert cure(r)["steps"][-1] == ("The date of “Notice that an investigation has begun” is Monday, April 20, "
                                    "2026: the period ends then, so its last day is the day before, Sunday, April "
                                    "19, 2026.")
    assert r["answers"]["respondent"]["status"] == "relies"
    assert r["answers"]["respondent"]["sentence"] == (
        "Your next deadline: cure the violation by Friday, April 17, 2026. It ends sooner still if an investigation "
        "begins before Monday, April 20, 2026, so do not wait.")


def test_a_window_whose_end_was_reported_after_today_is_still_open_and_after_it_has_passed():
    facts = BASE | {"events": {"notice": "2026-04-06", "investigation-notice": "2026-04-20"}}
    assert report(facts, today="2026-04-17")["answers"]["respondent"]["sentence"].startswith(
        "Your next deadline is today, Friday, April 17, 2026: cure the violation.")
    assert cure(report(facts, today="2026-04-21"))["passed"] is True


def test_the_guide_shows_the_pieces_of_the_fixture_exactly():
    pieces = re.findall(r"# --- shape: (.*?)\n(.*?)# --- end\n", FIXTURE.read_text(encoding="utf-8"), re.S)
    assert len(pieces) == 4
    for name, toml in pieces:
        assert f"```toml\n{toml}```" in GUIDE, f"the guide should show the fixture's “{name}” exactly"
