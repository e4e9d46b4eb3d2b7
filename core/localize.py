"""A procedure in another language: its labels and explanations translated, its law untouched.

A jurisdiction file's translations sit beside it, one file per language
(`my-city.es.toml`), keyed by the entry they translate:

    [rules.filing]
    title = "Presentar la queja ante el Secretario Municipal"
    task = "presentar la queja ante el Secretario Municipal"

`translatable()` lists every text a translation may give, with its English; the check
reports each one a language lacks, and `localized()` gives the procedure with every
translated text in place. Quoted law (`text`, clause texts) is never translated: the
official text is the English one.
"""

from dataclasses import replace

from .business_calendar import OBSERVED_SUFFIX, Calendar, ClosedDay
from .model import CalendarChange, Jurisdiction
from .wording import actor_in_text, catalogue, say

# A translation's feminine form of a role's statement (`roles.ID.statement_feminine`): it has no English of its
# own, and is given beside the statement it varies.
FEMININE = "statement_feminine"

RULE_FIELDS = ("title", "task", "note", "condition", "also_applies_if", "closes_when", "ends_early_when",
               "add_days_reading")
OFFICE_FIELDS = ("name", "hours", "not_known", "not_found")  # an office's words; its address and numbers stay as given


def translatable(j: Jurisdiction) -> dict[str, str]:
    """Every translatable text of a procedure, by key, with its English."""
    texts = {"name": j.name, "title": j.title, "code": j.code, "contact": j.contact}
    if j.enacted_by:
        texts["enacted_by"] = j.enacted_by
    if j.complaint_form:
        texts["complaint_form.title"] = j.complaint_form.title
    if j.filing_office:
        for key in OFFICE_FIELDS:
            if getattr(j.filing_office, key):
                texts[f"filing_office.{key}"] = getattr(j.filing_office, key)
    info, counting = j.calendar_info, j.counting
    texts["calendar.summary"] = info.summary
    texts.update({f"calendar.assumptions.{key}": text for key, text in assumption_keys(info)})
    for change in info.removed + info.added + info.not_moved:
        texts[f"calendar.changes.{change.name}"] = change.reason
        texts[f"holidays.{change.name}"] = change.name
    for name, reason in info.unconfirmed:
        texts[f"calendar.unconfirmed.{name or 'observed'}"] = reason
    for day_list in j.calendar.days.values():
        for closed in day_list:
            texts[f"holidays.{closed.name.removesuffix(OBSERVED_SUFFIX)}"] = closed.name.removesuffix(OBSERVED_SUFFIX)
    for key in ("summary", "note", "business_days", "business_days_note", "closure_summary"):
        if getattr(counting, key):
            texts[f"counting.{key}"] = getattr(counting, key)
    for other in j.countings:
        for key in ("summary", "note", "closure_summary", "may_move_off_if"):
            if getattr(other, key):
                texts[f"countings.{other.id}.{key}"] = getattr(other, key)
    if counting.may_move_off_if:
        texts["counting.may_move_off_if"] = counting.may_move_off_if
    for key in ("note", "letter_title", "statement"):
        if getattr(j.eligibility, key):
            texts[f"eligibility.{key}"] = getattr(j.eligibility, key)
    for scope in j.scope:
        texts[f"scope.{scope.conditions[0].fact}.outside"] = scope.outside
    for role in j.roles:
        if role.label != _builtin("role_label", role.id):
            texts[f"roles.{role.id}.label"] = role.label
        if role.explain:
            texts[f"roles.{role.id}.explain"] = role.explain
        if role.statement:
            texts[f"roles.{role.id}.statement"] = role.statement
    for actor in j.actors:
        words = _builtin_words(actor)
        if actor.label != _builtin("actor", words):
            texts[f"actors.{actor.id}.label"] = actor.label
        if actor.label != _builtin("actor", words) or actor.in_text != actor_in_text(words, actor.label):
            texts[f"actors.{actor.id}.in_text"] = actor.in_text
        if actor.explain:
            texts[f"actors.{actor.id}.explain"] = actor.explain
    for term in j.terms:
        texts[f"terms.{term.term}.term"] = term.term
        texts[f"terms.{term.term}.explain"] = term.explain
    for fact in j.facts:
        texts[f"facts.{fact.id}.label"] = fact.label
        texts[f"facts.{fact.id}.question"] = fact.question
    for event in j.events:
        texts[f"events.{event.id}.label"] = event.label
        texts[f"events.{event.id}.explain"] = event.explain
    for item in j.contents:
        texts[f"contents.{item.id}.label"] = item.label
        texts[f"contents.{item.id}.explain"] = item.explain
        if item.heading:
            texts[f"contents.{item.id}.heading"] = item.heading
    for rule in j.rules:
        for key in RULE_FIELDS:
            if getattr(rule, key):
                texts[f"rules.{rule.id}.{key}"] = getattr(rule, key)
        for count in rule.counts:  # a limit that holds only under a reading: the reading, a clause after "if"
            if count.reading:
                texts[f"rules.{rule.id}.reading"] = count.reading
    for clause in j.current_clauses():
        if clause.text:  # a summary, in the translation's language, of the official text (recorded as its source)
            texts[f"clauses.{clause.anchor}.summary"] = clause.text
    for clause in j.clauses:
        texts[f"clauses.{clause.anchor}.title"] = clause.title
        texts[f"clauses.{clause.anchor}.cite"] = clause.cite
        if clause.not_reproduced:
            texts[f"clauses.{clause.anchor}.not_reproduced"] = clause.not_reproduced
    return texts


def assumption_keys(info) -> list[tuple[str, str]]:
    """Each calendar assumption with the id its translation is keyed by (its position, in an older file)."""
    ids = info.assumption_ids or [str(i) for i in range(len(info.assumptions))]
    return list(zip(ids, info.assumptions))


def _builtin_words(actor) -> str:
    """The core's own name an actor bears, if any: a state's clerk ("Clerk") is not a city's ("City Clerk")."""
    return "clerk-office" if actor.id == "clerk" and actor.label == _builtin("actor", "clerk-office") else actor.id


def _builtin(table: str, item: str, lang: str = "en") -> str | None:
    """The core's own label for a built-in actor or role, or None for one a file defines."""
    return catalogue(lang)[table].get(item)


def missing(j: Jurisdiction, lang: str) -> list[str]:
    """The keys a language has no translation for."""
    given = j.translations.get(lang, {})
    return [key for key in translatable(j) if key not in given]


def localized(j: Jurisdiction, lang: str) -> Jurisdiction:
    """The procedure with every text translated into `lang` where a translation is given."""
    if lang == "en" or lang not in j.translations:
        return j
    cache = j.__dict__.setdefault("_localized", {})
    if lang not in cache:
        cache[lang] = _localize(j, j.translations[lang], lang)
    return cache[lang]


def _with_summaries(j: Jurisdiction, translated: tuple, given) -> tuple:
    """The translated clauses, each current text with its summary; an earlier text has none (it says other things)."""
    current = {id(c) for c in j.current_clauses()}
    return tuple(replace(t, summary=given.get(f"clauses.{t.anchor}.summary", "")) if id(c) in current else t
                 for c, t in zip(j.clauses, translated))


def _localize(j: Jurisdiction, given, lang: str) -> Jurisdiction:
    def tr(key: str, english: str) -> str:
        return given.get(key, english)

    def entries(prefix, items, key_of, fields, table=None, words_of=None):
        def text(item, f):
            english = getattr(item, f)
            words = (words_of or key_of)(item)
            if table and f == "label" and english == _builtin(table, words):
                english = _builtin(table, words, lang) or english  # the core's own words for it
            return tr(f"{prefix}.{key_of(item)}.{f}", english)
        return tuple(replace(item, **{f: text(item, f) for f in fields if getattr(item, f)}) for item in items)

    def holiday(name: str) -> str:
        if name.endswith(OBSERVED_SUFFIX):
            return tr(f"holidays.{name.removesuffix(OBSERVED_SUFFIX)}", name.removesuffix(OBSERVED_SUFFIX)) + \
                say("observed_suffix", lang)
        return tr(f"holidays.{name}", name)

    unconfirmed = {name: tr(f"calendar.unconfirmed.{name or 'observed'}", reason)
                   for name, reason in j.calendar_info.unconfirmed}
    english_reasons = {reason: unconfirmed[name] for name, reason in j.calendar_info.unconfirmed}

    def closed_day(c: ClosedDay) -> ClosedDay:
        return replace(c, name=holiday(c.name), of=holiday(c.of) if c.of else "",
                       basis=english_reasons.get(c.basis, c.basis))

    calendar = Calendar(j.calendar.first_year, j.calendar.last_year,
                        {d: tuple(closed_day(c) for c in cs) for d, cs in j.calendar.days.items()},
                        j.calendar.assumed_open, j.calendar.closures_ignored)
    info = j.calendar_info

    def change(c: CalendarChange) -> CalendarChange:
        return replace(c, name=holiday(c.name), reason=tr(f"calendar.changes.{c.name}", c.reason))

    def entry(c):
        return replace(c, name=holiday(c.name), reason=unconfirmed.get(c.name, c.reason) if not c.confirmed else c.reason)

    info = replace(info, summary=tr("calendar.summary", info.summary), closures=tuple(map(entry, info.closures)),
                   assumptions=tuple(tr(f"calendar.assumptions.{key}", a) for key, a in assumption_keys(info)),
                   removed=tuple(map(change, info.removed)), added=tuple(map(change, info.added)),
                   not_moved=tuple(map(change, info.not_moved)),
                   unconfirmed=tuple((holiday(name) if name else "", unconfirmed[name]) for name, _ in info.unconfirmed))
    counting = replace(j.counting, **{k: tr(f"counting.{k}", getattr(j.counting, k))
                                      for k in ("summary", "note", "business_days", "business_days_note",
                                                "closure_summary", "may_move_off_if")})
    countings = tuple(replace(c, **{k: tr(f"countings.{c.id}.{k}", getattr(c, k))
                                    for k in ("summary", "note", "closure_summary", "may_move_off_if")})
                      for c in j.countings)
    return replace(
        j, name=tr("name", j.name), title=tr("title", j.title), code=tr("code", j.code),
        contact=tr("contact", j.contact), enacted_by=tr("enacted_by", j.enacted_by),
        complaint_form=replace(j.complaint_form, title=tr("complaint_form.title", j.complaint_form.title))
        if j.complaint_form else None,
        filing_office=replace(j.filing_office, **{k: tr(f"filing_office.{k}", getattr(j.filing_office, k))
                                                  for k in OFFICE_FIELDS})
        if j.filing_office else None,
        calendar=calendar, calendar_info=info, counting=counting, countings=countings,
        eligibility=replace(j.eligibility, note=tr("eligibility.note", j.eligibility.note) if j.eligibility.note else None,
                            letter_title=tr("eligibility.letter_title", j.eligibility.letter_title),
                            statement=tr("eligibility.statement", j.eligibility.statement)),
        roles=tuple(replace(r, statement_feminine=given.get(f"roles.{r.id}.{FEMININE}"))
                    for r in entries("roles", j.roles, lambda r: r.id, ("label", "explain", "statement"), "role_label")),
        actors=tuple(replace(a, in_text=tr(f"actors.{a.id}.in_text", actor_in_text(_builtin_words(e), a.label, lang)))
                     for e, a in zip(j.actors, entries("actors", j.actors, lambda a: a.id, ("label", "explain"),
                                                       "actor", _builtin_words))),
        terms=entries("terms", j.terms, lambda t: t.term, ("term", "explain")),
        facts=entries("facts", j.facts, lambda f: f.id, ("label", "question")),
        events=entries("events", j.events, lambda e: e.id, ("label", "explain")),
        contents=entries("contents", j.contents, lambda c: c.id, ("label", "explain", "heading")),
        rules=tuple(replace(r, counts=tuple(replace(c, reading=tr(f"rules.{r.id}.reading", c.reading)) if c.reading
                                            else c for c in r.counts))
                    for r in entries("rules", j.rules, lambda r: r.id, RULE_FIELDS)),
        clauses=_with_summaries(j, entries("clauses", j.clauses, lambda c: c.anchor, ("title", "cite", "not_reproduced")),
                                given),
        scope=tuple(replace(s, outside=tr(f"scope.{s.conditions[0].fact}.outside", s.outside)) for s in j.scope),
        translations={})
