"""The report's JSON (schema 1): an assessment written out, and the one place where a date
becomes text. Each section of the report is one function; the README lists every field.
"""

from datetime import date, datetime, timedelta
from functools import lru_cache

from .answers import Answer, duty_words
from .audience import People, people
from .conflicts import Conflict
from .contact import missing_sentence, sources
from .deadlines import Deadline
from .describing import (anchor_words, before_time, business_days_assumption, condition_text, describe, explain,
                         later_day, roll_assumption)
from .model import COUNTED_KINDS, Jurisdiction, Rule
from .situation import Version
from .guidance import AFTER, BEFORE, ON_SAFE, Window
from .wording import clock, day_in_text, format_day, format_moment, join_and, moment_in_text, say

SCHEMA = 1


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _shown(a, dates: dict[str, date | None], rule_id: str | None) -> dict:
    """`display` (each date in words, as a heading or a table writes it), `in_text` (the same dates as a sentence
    writes them: "el viernes 4 de diciembre de 2026") and `passed` (today is after its last day, as the guidance
    places today)."""
    s, u = a.situation, a.guidance.duties.get(rule_id) if rule_id else None
    return {"display": {name: format_day(value, s.lang) for name, value in dates.items() if value},
            "in_text": {name: day_in_text(value, s.lang) for name, value in dates.items() if value},
            "passed": bool(u and u.deadline.due and u.where == AFTER)}


@lru_cache(maxsize=512)
def _quotes(clause_text: str, quote: str) -> bool:
    """Whether a rule's quote is in a clause's text, whitespace aside (asked for each entry of every report)."""
    return " ".join(quote.split()) in " ".join(clause_text.split())


def _summary(j: Jurisdiction, rule: Rule) -> str | None:
    """The translation's plain summary of the clause a rule quotes: only while the rule quotes its current text
    (a rule of an earlier version quotes words the summary does not describe). None in English."""
    clause = j.clause(rule.clause)
    if not clause.summary or (rule.text and not _quotes(clause.text, rule.text)):
        return None
    return clause.summary


def _provenance(j: Jurisdiction, rule: Rule) -> dict:
    return {"cite": j.clause(rule.clause).cite, "clause": rule.clause, "text": rule.text or None,
            "summary": _summary(j, rule), "source": rule.source or j.source, "note": rule.note}


def _version(v: Version | None) -> dict | None:
    return None if v is None else {"effective": v.effective.isoformat(), "repealed": _iso(v.repealed),
                                   "chosen_by": v.chosen_by, "date": _iso(v.day)}


def _entry(j: Jurisdiction, rule: Rule, version: Version | None, who: People) -> dict:
    return {"id": rule.id, "kind": rule.kind, "title": rule.title, "task": rule.task, "actor": rule.actor,
            "notifies": list(rule.notifies), "views": who.views, "acts": list(who.acts),
            "concerns": list(who.concerns), **_provenance(j, rule), "version": _version(version)}


def _uncertain_days(lang: str, d: Deadline) -> list[dict]:
    return [{"date": u.day.isoformat(), "name": u.name, "reason": u.reason, "due_if_open": _iso(u.due_if_open),
             "display": {"date": format_day(u.day, lang),
                         "due_if_open": format_day(u.due_if_open, lang) if u.due_if_open else None},
             "in_text": {"date": day_in_text(u.day, lang),
                         "due_if_open": day_in_text(u.due_if_open, lang) if u.due_if_open else None}}
            for u in d.uncertain]


def _stake(a, d: Deadline) -> dict:
    """The deadline as a duty as of the report's day (core/guidance.py): how sure (`sure`), the day at stake (`day`,
    with `until`, the time to act before, and `due_at`, a moment), the event or mark that made it done, and all of
    it in words (`text`)."""
    u, lang = a.guidance.duties[d.id], a.situation.lang
    retired = u.retired
    return {"sure": u.sure, "day": _iso(u.day), "until": u.until or None,
            "due_at": u.moment.isoformat(timespec="minutes") if u.moment else None,
            "done_by": (retired.event or "office") if retired else None, "done_on": _iso(retired.day) if retired else None,
            "text": duty_words(a.jurisdiction, u, lang),
            "display": {"day": format_day(u.day, lang)} if u.day else {}}


def _worded(a, d: Deadline) -> dict:
    """A deadline's steps, assumptions and prompts in words, worked out once per report (the filing's appear both in
    `filing` and among the deadlines)."""
    if "_worded" not in d.__dict__:
        j, lang = a.jurisdiction, a.situation.lang
        d.__dict__["_worded"] = {
            "steps": [explain(step, j, lang) for step in d.steps],
            "assumptions": list(dict.fromkeys(explain(step, j, lang) for step in d.assumptions)),
            "waiting_message": explain(d.waiting_message, j, lang) if d.waiting_message else None,
            "waiting_prompt": explain(d.waiting_prompt, j, lang) if d.waiting_prompt else None}
    return d.__dict__["_worded"]


def _deadline(a, d: Deadline) -> dict:
    j, lang = a.jurisdiction, a.situation.lang
    out = _entry(j, d.rule, d.version, d.people)
    out.update({
        "due": _iso(d.due), "nominal": _iso(d.nominal), "certain": _iso(d.certain), "safe_date": _iso(d.safe),
        **_until(d, lang),
        "due_at": d.due_at.isoformat(timespec="minutes") if d.due_at else None,
        "safe_at": d.safe_at.isoformat(timespec="minutes") if d.safe_at else None,
        "opens_on": _iso(d.opens_on),
        "no_later_than": _iso(d.no_later_than),
        "from": [c.anchor for c in d.rule.counts],
        "limits": [{"from": l.anchor, "nominal": _iso(l.nominal), "due": _iso(l.due), "safe_date": _iso(l.safe)}
                   for l in d.limits] if d.limits is not None else None,
        "uncertain_days": _uncertain_days(lang, d),
        "waiting_on": d.waiting_on, "waiting_label": d.waiting_label,
        "waiting_message": _worded(a, d)["waiting_message"], "waiting_prompt": _worded(a, d)["waiting_prompt"],
        "applies": d.applies, "condition": d.condition, "governs": list(d.rule.governs),
        "warnings": list(a.warnings.get(d.id, [])),
        "steps": _worded(a, d)["steps"], "assumptions": _worded(a, d)["assumptions"],
        "stake": _stake(a, d),
    })
    out.update(_shown(a, {"due": d.due, "nominal": d.nominal, "certain": d.certain, "safe_date": d.safe,
                          "no_later_than": d.no_later_than}, d.id))
    if d.rule.at_least:  # a period with a shortest length: the earliest day it may end, beside its last day
        out["earliest_end"] = _iso(d.earliest_end)
        if d.earliest_end:
            out["display"]["earliest_end"] = format_day(d.earliest_end, lang)
    if d.due_at:
        out["display"]["due_at"] = format_moment(d.due_at, lang)
        out["in_text"]["due_at"] = moment_in_text(d.due_at, lang)
    return out


def _in_person(a) -> str | None:
    """Where and by what time of day a filing on the safe date is made in person, from the office's own data (or
    earlier, on a safe date the office closes, or may close, early); None when the office's hours are not given,
    the last day is not known yet, or the safe date has passed."""
    f, d, office, lang = a.filing, a.filing.deadline, a.jurisdiction.filing_office, a.situation.lang
    if not (office and office.closes_at and d and d.safe) or f.status == "late" or \
            a.guidance.duties[d.id].where not in (BEFORE, ON_SAFE):
        return None
    closes = min(office.closes_at, d.safe_until or office.closes_at)
    return say("filing_in_person", lang, time=clock(closes, lang), day=day_in_text(d.safe, lang),
               office=office.name, address=", ".join(office.address))


def _until(d: Deadline | None, lang: str) -> dict:
    """The time to act before on a safe date the office closes, or may close, early: `safe_until` ("12:00"), and
    in `display`, in words ("before 12:00 p.m.")."""
    until = d.safe_until if d else ""
    return {"safe_until": until or None, "safe_until_display": say("before_time", lang, time=clock(until, lang))
            if until else None}


def _filing(a) -> dict:
    f, d, j = a.filing, a.filing.deadline, a.jurisdiction
    out = {"status": f.status, "certainty": f.certainty, "received": _iso(f.received),
           "nominal": _iso(d.nominal) if d else None, "deadline": _iso(d.due) if d else None,
           "certain": _iso(d.certain) if d else None, "safe_date": _iso(d.safe) if d else None,
           **_until(d, a.situation.lang),
           "due_at": d.due_at.isoformat(timespec="minutes") if d and d.due_at else None,
           "safe_at": d.safe_at.isoformat(timespec="minutes") if d and d.safe_at else None,
           "opens_on": _iso(d.opens_on) if d else None,
           "relies_on_extension": f.relies_on_extension, "planned": f.planned, "rule": f.rule}
    if d:
        out.update({"cite": j.clause(d.rule.clause).cite, "clause": d.rule.clause, "text": d.rule.text or None,
                    "summary": _summary(j, d.rule),
                    "steps": _worded(a, d)["steps"], "assumptions": _worded(a, d)["assumptions"],
                    "waiting_on": d.waiting_on, "waiting_message": _worded(a, d)["waiting_message"],
                    "no_later_than": _iso(d.no_later_than),
                    "uncertain_days": _uncertain_days(a.situation.lang, d)})
    if f.certainty == "relies":  # on time only under a reading: what acting by the safe date would have avoided
        why, lang = later_day(j, d, a.situation.lang), a.situation.lang
        out["warning"] = say(_relies_key(a), lang, safe=before_time(d.safe, d.safe_until, lang)) + (
            f" {why}" if why else "")
    if f.planned:  # where the day planned falls (core/guidance.py, Filing.plan), for the card that answers it
        out["plan"] = f.plan or None
    if f.no_limit:  # said only where it holds, so that every other procedure's report stays as it was
        rule = a.situation.in_force(f.rule).rule
        out.update({"no_limit": True, "cite": j.clause(rule.clause).cite, "clause": rule.clause, "text": rule.text,
                    "summary": _summary(j, rule),
                    "no_limit_sentence": say("filing_no_limit", a.situation.lang, cite=j.clause(rule.clause).cite),
                    # the reading "no limit" rests on (a limit elsewhere in law the procedure does not reproduce)
                    "assumptions": [rule.note] if rule.note else []})
    out["in_person"] = _in_person(a)
    dates = {"received": f.received} if not d else {
        "received": f.received, "nominal": d.nominal, "deadline": d.due, "certain": d.certain,
        "safe_date": d.safe, "no_later_than": d.no_later_than}
    out.update(_shown(a, dates, d.id if d else None))
    return out


def _relies_key(a) -> str:
    """The words for a filing on time only under a reading: a day received came after the safe date (it "was");
    for a day planned, the safe date is still ahead, today, or passed, as the guidance places today."""
    if not a.filing.planned:
        return "assume_extension_needed"
    where = a.guidance.duties[a.filing.rule].where
    return "assume_extension_needed_plan" + ("" if where == BEFORE else "_today" if where == ON_SAFE else "_passed")


def _eligibility(a) -> dict:
    e = a.eligibility
    return {"status": e.status, "reasons": list(e.reasons), "roles": list(e.roles) if e.roles is not None else None,
            "cite": e.cite, "clause": e.clause, "text": e.text, "note": e.note}


def _contents(a) -> dict:
    c, j = a.contents, a.jurisdiction
    clause = j.clause(j.contents_clause) if j.contents_clause else None
    lang = a.situation.lang
    out = {"status": c.status, "required": list(c.required),
           "present": list(c.present) if c.present is not None else None,
           "missing": list(c.missing) if c.missing is not None else None,
           "items": [_content_item(j, i, c, lang) for i in j.contents],
           "cite": clause.cite if clause else None, "clause": j.contents_clause, "text": j.contents_text}
    if c.required_if or any(i.required_when for i in j.contents):
        out.update({"required_if": list(c.required_if),
                    "missing_if": list(c.missing_if) if c.missing_if is not None else None})
    return out


def _content_item(j: Jurisdiction, item, c, lang: str) -> dict:
    out = {"id": item.id, "label": item.label, "explain": item.explain, "text": item.text, "clause": item.clause,
           "cite": j.clause(item.clause).cite}
    if item.formality:  # how the complaint must be made: sworn, or before a notary
        out["formality"] = {"kind": item.formality, "explain": say(f"formality_{item.formality}", lang)}
    if item.reference_cite:  # a requirement set out elsewhere: shown with its citation, never checked
        out["reference"] = {"cite": item.reference_cite, "source": item.reference_source or None, "checked": False}
    if item.required_when:
        clause = join_and([describe(j, cond, lang) for cond in item.required_when], lang)
        out.update({"applies": c.applies[item.id], "condition": say("only_if", lang, condition=clause)})
    return out


def _window(a, w: Window) -> dict:
    out = _entry(a.jurisdiction, w.rule, w.version, w.people)
    out.update({
        "status": w.status,
        "opens_on": w.rule.opens, "opens_label": w.opens_label, "opened": _iso(w.opened),
        "closes_on": w.rule.closes, "closes_label": w.closes_label, "closed": _iso(w.closed),
        "closes_when": w.rule.closes_when,
        "waiting_on": w.waiting_on, "waiting_label": w.waiting_label,
        "applies": w.applies, "condition": w.condition,
        "assumptions": [w.rule.note] if w.rule.note else [],
    })
    out.update(_shown(a, {"opened": w.opened, "closed": w.closed}, None))
    return out


def _provision(a, rule: Rule, version: Version, applies: str) -> dict:
    s = a.situation
    out = _entry(s.j, rule, version, people(s.sides, rule.actor, rule.notifies))
    out.update({"applies": applies if rule.applies_when or rule.applies_unless or rule.also_applies_if else None,
                "condition": condition_text(s.j, rule, s.lang)})
    if rule.kind == "fine":
        out.update({"amount_min": rule.amount_min, "amount_max": rule.amount_max})
    if rule.closed_before:  # an act barred in the days before a date (no adjudication before an election)
        out["barred"] = _barred(a, rule)
    return out


def _barred(a, rule: Rule) -> dict:
    """The days an act may not be taken, once the date they are counted back from is known, and in words."""
    s = a.situation
    other = s.facts.get(rule.closed_before)
    day = other.date() if isinstance(other, datetime) else other
    first, last = (day - timedelta(days=rule.closed_days), day - timedelta(days=1)) if day else (None, None)
    anchor = anchor_words(s.j, rule.closed_before, s.lang)
    sentence = (say("barred_before", s.lang, days=rule.closed_days, date=anchor, first=first, last=last) if day else
                say("barred_before_unknown", s.lang, days=rule.closed_days, date=anchor))
    return {"date": rule.closed_before, "days": rule.closed_days, "first": _iso(first), "last": _iso(last),
            "text": sentence}


def _stages(a) -> list[dict]:
    j, shown, out = a.jurisdiction, set(a.deadlines), []
    for order, rule in enumerate(a.stages, 1):
        counted = [r for r in rule.stage_rules if any(v.kind in COUNTED_KINDS for v in j.versions(r))]
        out.append({"id": rule.id, "order": order, "title": rule.title, **_provenance(j, rule),
                    "rules": list(rule.stage_rules), "deadlines": [r for r in counted if r in shown],
                    "deadline_note": None if counted else say("no_deadline", a.situation.lang)})
    return out


def _conflict(c: Conflict) -> dict:
    if c.kind == "after-governing":
        return {"kind": c.kind, "rule": c.rule, "governed_by": c.governed_by, "date": c.day.isoformat(),
                "limit": c.limit.isoformat(), "message": c.message}
    return {"kind": c.kind, "event": c.event, "rule": c.rule, "date": c.day.isoformat(),
            "limit": c.limit.isoformat(), "message": c.message}


def _facts(a) -> dict:
    s = a.situation
    facts, shown = s.facts, {}
    dates = {name: getattr(facts, name) for name in ("violation_date", "received", "election_date")}
    for name, value in {**dates, **facts.declared}.items():
        if isinstance(value, date):
            shown[name] = format_day(value, s.lang)
    for event_id, value in facts.events.items():
        shown[f"events.{event_id}"] = format_moment(s.localize(event_id, value, []), s.lang) \
            if isinstance(value, datetime) else format_day(value, s.lang)
    return {**facts.as_json(), "display": shown}


def _assumptions(a) -> list[str]:
    j, lang = a.jurisdiction, a.situation.lang
    info = j.calendar_info
    out = [f"{info.summary} ({info.cite})"]
    out += [say("calendar_change", lang, name=c.name, reason=c.reason, cite=c.cite)
            for c in info.removed + info.added + info.not_moved]
    out += [say("calendar_unconfirmed", lang, name=name, reason=reason) if name else reason
            for name, reason in info.unconfirmed]
    out += list(info.assumptions)
    out.append(roll_assumption(j, lang))
    out.append(business_days_assumption(j, lang))
    return out


def _jurisdiction(j: Jurisdiction, lang: str) -> dict:
    return {
        "id": j.id, "name": j.name, "title": j.title, "code": j.code, "source": j.source,
        "timezone": j.timezone, "updated": j.updated.isoformat(), "rules_version": j.digest,
        "contact": j.contact, "contact_url": j.contact_url or None,
        "complaint_form": {"url": j.complaint_form.url, "title": j.complaint_form.title} if j.complaint_form else None,
        "filing_office": _office(j, lang),
        "supported_from": j.supported_from.isoformat(), "supported_to": j.supported_to.isoformat(),
        "violations_from": (j.violations_from or j.supported_from).isoformat(),
        "receiver": j.receiver,
        "actors": {actor.id: _actor(j, actor) for actor in j.actors},
        "roles": [{"id": r.id, "label": r.label, "text": r.text, "clause": r.clause, "statement": r.statement}
                  for r in j.roles],
        "terms": [{"term": t.term, "explain": t.explain} for t in j.terms],
    }


def _office(j: Jurisdiction, lang: str) -> dict | None:
    """Whom to contact (core/contact.py): the office's details as its cited pages give them, the pages, and
    which details none of them gives, in words."""
    o = j.filing_office
    if not o:
        return None
    return {"name": o.name, "address": list(o.address), "mail": list(o.mail), "hours": o.hours or None,
            "closes_at": o.closes_at or None, "not_known": o.not_known or None, "phone": o.phone or None,
            "email": o.email or None, "source": o.source or None, "sources": sources(o, lang),
            "missing": list(o.missing) if not o.not_found else [],
            "missing_sentence": missing_sentence(o, lang) or None, "not_found": o.not_found or None}


def _actor(j: Jurisdiction, actor) -> dict:
    out = {"label": actor.label, "side": actor.side, "in_text": actor.in_text}
    if not actor.same_as:
        return out
    other = j.actor(actor.same_as)  # one person in two roles: both names wherever it acts
    return {**out, "same_as": actor.same_as, "shown": f"{actor.label} ({other.label})"}


def _answer(answer: Answer, lang: str) -> dict:
    out = {"status": answer.status, "sentence": answer.sentence, "date": _iso(answer.day), "detail": answer.detail,
           "due_at": answer.moment.isoformat(timespec="minutes") if answer.moment else None,
           "rule": answer.rule, "asks": list(answer.asks),
           "display": {"date": format_day(answer.day, lang)} if answer.day else {}}
    if answer.plan_late:  # said only where it holds: late because of the day planned, no last day passed
        out["plan_late"] = True
    return out


def report_json(a) -> dict:
    """The report (schema 1) for an assessment (core.report.Assessment): plain JSON data."""
    s = a.situation
    return {
        "schema": SCHEMA,
        "language": s.lang,
        "as_of": _iso(s.today),
        "display": {"as_of": format_day(s.today, s.lang) if s.today else None,
                    "as_of_sentence": say("as_of", s.lang, day=day_in_text(s.today, s.lang)) if s.today else None},
        "jurisdiction": _jurisdiction(s.j, s.lang),
        "facts": _facts(a),
        "filing": _filing(a),
        "eligibility": _eligibility(a),
        "contents": _contents(a),
        "deadlines": [_deadline(a, d) for d in a.deadlines.values()],
        "windows": [_window(a, w) for w in a.windows],
        "stages": _stages(a),
        "provisions": [_provision(a, *p) for p in a.provisions],
        "not_applicable": [{"id": n.rule.id, "kind": n.rule.kind, "title": n.rule.title, "reason": n.reason}
                           for n in a.not_applicable],
        "conflicts": [_conflict(c) for c in a.conflicts],
        "assumptions": _assumptions(a),
        "disclaimer": say("disclaimer", s.lang, contact=s.j.contact),
        "answers": {person: _answer(answer, s.lang) for person, answer in a.answers.items()},
    }
