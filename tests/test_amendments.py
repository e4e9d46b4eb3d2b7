"""Amendments: a rule may have dated versions; the report uses the version in force on
the date that matters for that rule, and says which one. tests/jurisdictions/amended.toml
lengthened filing from 30 to 45 days on 2026-07-01 (picked by the violation date) and the
decision from 10 to 15 business days on 2026-01-01 (picked by the day of receipt)."""

from core import evaluate, load_jurisdiction

AMENDED = load_jurisdiction("tests/jurisdictions/amended.toml")


def deadline(report, rule_id):
    return next(d for d in report["deadlines"] if d["id"] == rule_id)


def test_a_violation_before_the_amendment_uses_the_old_period():
    # 30 days after Tue 30 June 2026 is Thu 30 July.
    filing = deadline(evaluate(AMENDED, {"violation_date": "2026-06-30"}), "filing")
    assert filing["due"] == "2026-07-30"
    assert filing["version"] == {"effective": "2020-01-01", "repealed": "2026-07-01", "chosen_by": "violation_date",
                                 "date": "2026-06-30"}
    assert "within 30 days" in filing["text"]


def test_a_violation_on_the_day_of_the_amendment_uses_the_new_period():
    # 45 days after Wed 1 July 2026 is Sat 15 Aug, which runs to Mon 17 Aug.
    filing = deadline(evaluate(AMENDED, {"violation_date": "2026-07-01"}), "filing")
    assert (filing["nominal"], filing["due"]) == ("2026-08-15", "2026-08-17")
    assert filing["version"]["effective"] == "2026-07-01"
    assert "within 45 days" in filing["text"]


def test_each_rule_picks_its_version_by_its_own_date():
    # Hearing Mon 5 Jan 2026. Received 31 Dec 2025: 10 business days, skipping MLK Day (19 Jan), is Tue 20 Jan.
    # Received 2 Jan 2026: 15 business days is Tue 27 Jan.
    old = evaluate(AMENDED, {"violation_date": "2025-12-01", "received": "2025-12-31", "events": {"hearing": "2026-01-05"}})
    new = evaluate(AMENDED, {"violation_date": "2025-12-01", "received": "2026-01-02", "events": {"hearing": "2026-01-05"}})
    assert deadline(old, "decision")["due"] == "2026-01-20"
    assert deadline(old, "decision")["version"]["chosen_by"] == "received"
    assert deadline(new, "decision")["due"] == "2026-01-27"
    assert deadline(new, "filing")["version"]["effective"] == "2020-01-01"


def test_an_unknown_date_uses_the_latest_version_and_says_so():
    decision = deadline(evaluate(AMENDED, {"events": {"hearing": "2026-01-05"}}), "decision")
    assert decision["version"]["effective"] == "2026-01-01" and decision["version"]["date"] is None
    assert any(a.startswith("The day the City Clerk receives the complaint was not given") for a in decision["assumptions"])


def test_the_law_keeps_each_version_of_the_text():
    assert [c.effective.isoformat() for c in AMENDED.clause_versions("a")] == ["2020-01-01", "2026-07-01"]
    assert "45 days" in AMENDED.clause("a").text
