"""Which facts each person is asked, in what order and in which words: worked out in the core beside who acts
(core/audience.py), so that the build renders it and knows nothing of any procedure. Each expectation is read
from the procedure's file: the facts its filing rule counts from, the events its respondent's deadlines count
from, the words of its declared facts."""

import tomllib
from pathlib import Path

from core import load_jurisdiction
from core.audience import asked, form_layout

ROOT = Path(__file__).resolve().parent.parent
VILLAGE = ROOT / "tests" / "jurisdictions" / "village.toml"


def test_whoever_files_is_first_asked_what_the_filing_counts_from_then_the_day_it_is_filed():
    data = tomllib.loads(VILLAGE.read_text(encoding="utf-8"))
    filing = next(r for r in data["rules"] if r["kind"] == "filing")
    layout = form_layout(load_jurisdiction(str(VILLAGE)))
    assert layout["complainant"]["deciding"] == [filing["count"]["from"], "received"]  # discovered, then received
    assert layout["clerk"]["deciding"] == ["received"]
    for person in layout.values():  # every field is offered to everyone, once
        assert sorted(person["deciding"] + person["more"]) == sorted(layout["clerk"]["deciding"] + layout["clerk"]["more"])


def test_the_respondent_is_first_asked_the_events_its_own_deadlines_count_from():
    # Fort Collins: the respondent's windows open on the complaint forwarded and close on the investigation notice.
    data = tomllib.loads((ROOT / "core" / "jurisdictions" / "fort-collins.toml").read_text(encoding="utf-8"))
    theirs = [r for r in data["rules"] if r.get("actor") == "respondent" and r["kind"] in ("deadline", "window")]
    named = [n for r in theirs for n in (r.get("opens"), r.get("closes"), r.get("count", {}).get("from")) if n]
    events = [e["id"] for e in data["events"] if e["id"] in named]
    layout = form_layout(load_jurisdiction("fort-collins"))
    assert layout["respondent"]["deciding"] == [f"event:{e}" for e in events][:2]


def test_a_declared_fact_is_asked_of_whoever_files_and_named_to_the_others():
    data = tomllib.loads(VILLAGE.read_text(encoding="utf-8"))
    fact = data["facts"][0]
    layout = form_layout(load_jurisdiction(str(VILLAGE)))
    assert layout["complainant"]["wording"] == {fact["id"]: fact["question"]}  # "When did you know …?"
    assert layout["respondent"]["wording"] == layout["clerk"]["wording"] == {fact["id"]: fact["label"]}


def test_only_the_built_in_facts_a_procedure_uses_are_asked():
    # The village: any person may file, and nothing depends on a candidate or an election.
    assert asked(load_jurisdiction(str(VILLAGE))) == {"role": False, "candidate": False, "election_date": False}
    # Fort Collins: only an elector or a candidate may file, and a rule turns on the respondent's candidacy.
    assert asked(load_jurisdiction("fort-collins")) == {"role": True, "candidate": True, "election_date": False}
