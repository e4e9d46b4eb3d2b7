"""JSON in, JSON out: the one doorway the command line, the browser worker and the
verify page all use, so that each gets the same answers and the same errors.
"""

import json
from datetime import date, datetime

from .facts import InputError, nesting_depth
from .model import Jurisdiction
from .report import assess, evaluate
from .wording import say

# Facts are a few hundred bytes; these limits are checked before anything is parsed.
MAX_FACTS_BYTES = 100_000
MAX_FACTS_DEPTH = 10


def read_facts_json(text: str) -> dict:
    """Parse a facts document; anything that is not one is an InputError on the field "facts"."""
    if len(text) > MAX_FACTS_BYTES:
        raise InputError("facts", "too_large", limit=f"{MAX_FACTS_BYTES:,}")
    if nesting_depth(text) > MAX_FACTS_DEPTH:
        raise InputError("facts", "too_deep", limit=MAX_FACTS_DEPTH)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError("facts", "bad_json", detail=f"line {err.lineno} column {err.colno}: {err.msg}") from None
    except ValueError:  # a number with thousands of digits
        raise InputError("facts", "bad_json", detail="a number is too long") from None


def parse_today(text: str | None):
    """The day the person is asking on, in the city's time zone (YYYY-MM-DD), or None."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except (TypeError, ValueError):
        return None


def error_envelope(err: InputError, lang: str = "en") -> dict:
    return {"ok": False, "error": {"field": err.field, "code": err.key,
                                   "message": err.message(lang),
                                   "problem": err.problem(lang)}}


class Checker:
    """A loaded procedure that answers JSON requests."""

    def __init__(self, jurisdiction: Jurisdiction):
        self.jurisdiction = jurisdiction
        self.desk_memo = None  # what the last look at the desk worked out (core/desk.py, Memo), once it is asked

    @classmethod
    def from_prepared(cls, text: str) -> "Checker":
        """A procedure as the build prepared it (core.prepared): what the browser loads."""
        from .prepared import loads
        return cls(loads(text))

    @classmethod
    def from_toml(cls, text: str, file_name: str) -> "Checker":
        from .reading import parse_jurisdiction  # the build's side: the browser loads a prepared procedure
        return cls(parse_jurisdiction(text, file_name))

    def evaluate(self, facts_json: str, lang: str = "en", today: str | None = None) -> dict:
        try:
            report = evaluate(self.jurisdiction, read_facts_json(facts_json), lang, parse_today(today))
        except InputError as err:
            return error_envelope(err, lang)
        return {"ok": True, "report": report}

    def evaluate_json(self, facts_json: str, lang: str = "en", today: str | None = None) -> str:
        return json.dumps(self.evaluate(facts_json, lang, today), ensure_ascii=False)

    def calendar_file_json(self, facts_json: str, lang: str, today: str | None, person: str, stamp: str,
                           kept_json: str | None = None) -> str:
        """{"ok": true, "ics": "<the person's calendar file>", "key": …, "dates": …}, or the same error as
        evaluate gives. `kept_json` is what the page kept of this complaint's calendar ({"key", "label",
        "dates": {duty: kept date}}, or "dates_by_key" for every complaint the page has made a file of; all optional): each event's SEQUENCE rises when its date has moved since,
        and the answer's `dates` is what to keep now."""
        from .desk import COMPLAINT_ID, MAX_LABEL, Kept
        from .ics import Filed, Reminders, calendar_file, complaint_key, dated_entries
        try:
            assessment = assess(self.jurisdiction, read_facts_json(facts_json), lang, parse_today(today))
        except InputError as err:
            return json.dumps(error_envelope(err, lang), ensure_ascii=False)
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        kept = json.loads(kept_json) if kept_json else {}
        kept = kept if isinstance(kept, dict) else {}
        text = lambda name, fits: kept.get(name) if isinstance(kept.get(name), str) and fits(kept[name]) else None
        key = text("key", COMPLAINT_ID.fullmatch) or complaint_key(assessment)
        before, set_aside = self._kept_dates(kept, key)
        try:
            reminders = Reminders.read(kept.get("reminders"))
        except ValueError:
            reminders, set_aside = Reminders(), True
        dates = {}
        for entry in dated_entries(assessment, person):
            dates[entry.id] = Kept.seen(before.get(entry.id), entry.day, parse_today(today))
        filed = Filed(key, text("label", lambda label: 0 < len(label) <= MAX_LABEL), {k: v.sequence for k, v in dates.items()})
        ics = calendar_file(assessment, person, moment, filed, reminders)
        return json.dumps({"ok": True, "ics": ics, "key": key, "dates": {k: v.as_json() for k, v in dates.items()},
                           "set_aside": set_aside}, ensure_ascii=False)

    @staticmethod
    def _kept_dates(kept: dict, key: str):
        """What this device kept of the complaint's earlier calendar file, read at the door: per duty, its Kept; and
        whether any of it could not be read (storage damaged, or edited by hand). What cannot be read is set aside
        (its events' SEQUENCE starts afresh), never the reason a file is not made."""
        from .desk import Kept, Malformed
        if "dates" in kept:  # the desk's copy of the complaint
            dates = kept["dates"]
        else:  # this device's memory of the checker's files, by complaint (none: nothing kept)
            by_key = kept.get("dates_by_key", {})
            if not isinstance(by_key, dict):
                return {}, True
            dates = by_key.get(key)
        if dates is None:
            return {}, False
        if not isinstance(dates, dict):
            return {}, True
        read, set_aside = {}, False
        for duty, raw in dates.items():
            if raw is None:
                continue  # nothing kept of that duty
            try:
                read[duty] = Kept.read(raw)
            except Malformed:
                set_aside = True
        return read, set_aside

    # --- the office's desk (core/desk.py) ---------------------------------------------------------

    def _desk(self, desk_json):
        """The page's desk: a list of complaints, or {"complaints": [...], "office_days": {...}} with the days the
        office recorded as open or closed (its JSON, or that JSON read). A malformed part (storage altered by hand)
        is a Malformed naming it."""
        from .desk import Malformed, OfficeDays, read_complaints
        raw = json.loads(desk_json) if isinstance(desk_json, str) else desk_json
        kept = raw if isinstance(raw, list) else raw.get("complaints") if isinstance(raw, dict) else None
        if not isinstance(kept, list):
            raise Malformed("not_object")
        office_days = OfficeDays.read(raw.get("office_days")) if isinstance(raw, dict) else OfficeDays()
        complaints, unreadable = read_complaints(kept, self._desk_memo())
        return complaints, office_days, unreadable

    def _desk_memo(self):
        """What the last look at this procedure's desk worked out (core/desk.py, Memo): the page's desk asks again
        after each change, and only what changed is worked out again."""
        from .desk import Memo
        if self.desk_memo is None:
            self.desk_memo = Memo()
        return self.desk_memo

    @staticmethod
    def _unexported_since(raw):
        """When the desk's oldest change that no export holds was made (the page's settings, read), or None."""
        from .desk import read_moment
        try:
            return read_moment(raw.get("unexported_since") or "", "unexported_since") if isinstance(raw, dict) else None
        except ValueError:
            return None

    @staticmethod
    def _desk_failure(err, lang: str) -> str:
        return json.dumps({"ok": False, "error": {"field": "desk", "code": err.key, "message": err.words(lang)}},
                          ensure_ascii=False)

    def desk_json(self, complaints_json: str, lang: str, today: str | None) -> str:
        """Every complaint on the desk assessed, and the office's duties across them in date order."""
        from .desk import Malformed, desk_json
        raw = json.loads(complaints_json)  # read once: a desk of 2,000 complaints is a megabyte or more
        try:
            complaints, office_days, unreadable = self._desk(raw)
        except Malformed as err:
            return self._desk_failure(err, lang)
        # the page asks for one page of each list (core/desk.py, desk_json)
        view = raw.get("view") if isinstance(raw, dict) and isinstance(raw.get("view"), dict) else None
        return json.dumps({"ok": True, **desk_json(self.jurisdiction, complaints, lang, parse_today(today),
                                                   office_days, unreadable, self._unexported_since(raw), view,
                                                   self._desk_memo())},
                          ensure_ascii=False)

    def desk_calendar_json(self, complaints_json: str, lang: str, today: str | None, stamp: str,
                           reminders_json: str | None = None) -> str:
        """{"ok": true, "ics": <one file of the desk's dated duties> or null, "count": n, "kept": …}."""
        from .desk import Malformed, desk, desk_calendar
        from .ics import Reminders
        try:
            complaints, office_days, _ = self._desk(complaints_json)
            reminders = Reminders.read(json.loads(reminders_json) if reminders_json else None)
        except Malformed as err:
            return self._desk_failure(err, lang)
        except ValueError:
            return json.dumps({"ok": False, "error": {"field": "reminders", "code": "reminders",
                                                      "message": say("desk_file_bad_reminders", lang)}},
                              ensure_ascii=False)
        found = desk(self.jurisdiction, complaints, lang, parse_today(today), office_days, self._desk_memo())
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        ics, count = desk_calendar(self.jurisdiction, found, lang, moment, reminders)
        return json.dumps({"ok": True, "ics": ics, "count": count, "kept": [c.as_json() for c in found.complaints]},
                          ensure_ascii=False)

    def desk_export_json(self, complaints_json: str, reminders_json: str | None, exported: str, lang: str = "en") -> str:
        """The desk as the one file it is kept in (docs/desk.md), read back by the import's own reader before it is
        offered: an export never writes a file that its import would refuse."""
        from .desk import DeskFileError, Malformed, export_document, read_export
        from .ics import Reminders
        try:
            complaints, office_days, _ = self._desk(complaints_json)
            reminders = Reminders.read(json.loads(reminders_json) if reminders_json else None)
        except (Malformed, ValueError) as err:
            problem = err.words("en") if isinstance(err, Malformed) else str(err)
            return json.dumps({"ok": False, "error": {"field": "desk", "code": "malformed", "message": problem}},
                              ensure_ascii=False)
        document = export_document(self.jurisdiction.id, complaints, reminders, exported, office_days)
        text = json.dumps(document, ensure_ascii=False, indent=1)
        try:
            read_export(text, self.jurisdiction.id, self.jurisdiction.title)
        except DeskFileError as err:
            return json.dumps({"ok": False, "error": {"field": "desk", "code": err.key, "message": err.message(lang)}},
                              ensure_ascii=False)
        return json.dumps({"ok": True, "text": text}, ensure_ascii=False)

    def desk_import_json(self, text: str, lang: str, current_json: str | None = None) -> str:
        """An exported desk read back and merged into the desk's current complaints (`current_json`, as desk_json
        reads them): what to write, and how many were new, updated or already up to date; each complaint of the
        file that cannot be read, named and left out. Or one sentence saying why the file cannot be read, with
        nothing changed."""
        from .desk import DeskFileError, Malformed, merge, read_export
        from .localize import localized
        try:
            found = read_export(text, self.jurisdiction.id, localized(self.jurisdiction, lang).title)
        except DeskFileError as err:
            return json.dumps({"ok": False, "error": {"field": "desk_file", "code": err.key,
                                                      "message": err.message(lang)}}, ensure_ascii=False)
        try:
            current = self._desk(current_json)[0] if current_json else []
        except Malformed as err:
            return self._desk_failure(err, lang)
        merged = merge(current, found.complaints)
        return json.dumps({"ok": True, "complaints": [c.as_json() for c in found.complaints],
                           "write": [c.as_json() for c in merged.write], "added": merged.added,
                           "updated": merged.updated, "same": merged.same,
                           "unreadable": [u.as_json(lang) for u in found.unreadable],
                           "reminders": found.reminders.as_json(), "office_days": found.office_days.as_json()},
                          ensure_ascii=False)

    def run_cases_json(self, cases_json: str) -> str:
        """Run published worked cases; each result says pass or fail and why. (The verify page's alone: imported
        here, not on every page's start.)"""
        from .cases import run_cases
        return json.dumps(run_cases(self.jurisdiction, json.loads(cases_json)), ensure_ascii=False)
