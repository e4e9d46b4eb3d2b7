"""Calendar files (core/ics.py) carry no control character, whatever a procedure's labels hold: a
NUL, an escape, a carriage return or a Unicode line separator in a title once went straight into
the file. Read back with `icalendar`, an independent parser."""

from datetime import datetime, timezone
from pathlib import Path

import icalendar

from core import load_jurisdiction
from core.ics import calendar_file
from core.report import assess

ROOT = Path(__file__).resolve().parent.parent
CURE = ROOT / "tests" / "jurisdictions" / "cure-then-hearing.toml"


def test_control_characters_in_a_title_never_reach_the_calendar_file(tmp_path):
    text = CURE.read_text(encoding="utf-8").replace(
        'task = "hold the hearing"', 'task = "hold\\u0000 the\\u001b hearing\\r\\u2028 now"')
    path = tmp_path / "controls.toml"
    path.write_text(text, encoding="utf-8")
    jurisdiction = load_jurisdiction(str(path))
    # Notice served Mon 4 May 2026: the cure period runs 30 days, to Wed 3 June; the hearing 30 days after that.
    assessment = assess(jurisdiction, {"violation_date": "2026-03-02", "received": "2026-04-01",
                                       "events": {"notice": "2026-05-04"}})
    ics = calendar_file(assessment, "clerk", datetime(2026, 12, 1, 12, tzinfo=timezone.utc))
    body = ics.replace("\r\n", "")
    assert not any(ord(c) < 32 and c != "\t" or 0x7f <= ord(c) <= 0x9f or c in "\u2028\u2029" for c in body)
    events = icalendar.Calendar.from_ical(ics).walk("VEVENT")
    # The NUL, the escape and the line separator are left out; the carriage return is a line break, escaped.
    assert [str(e["SUMMARY"]) for e in events] == ["Commission: hold the hearing\n now"]
