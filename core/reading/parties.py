"""Who may file ([eligibility], [[roles]]), who acts ([[actors]]), what a person enters
([[facts]], [[events]]), what a complaint must contain ([contents_rule], [[contents]]),
how it must be made ([[formalities]]) and the terms of art a page explains ([[terms]])."""

from dataclasses import dataclass, replace

from ..model import (BUILTIN_ACTORS, BUILTIN_DATE_FACTS, BUILTIN_FACTS, BUILTIN_ROLES, FORMALITY_KINDS,
                     RELABELLED_FACTS, ROLES, Actor, ContentItem, DeclaredFact, Eligibility, Event, Formality, Role,
                     Term)
from ..wording import actor_in_text, builtin_label
from .law import Law
from .problems import TOP, Problems, Where, entry_where, one_of_hint, suggest


@dataclass(frozen=True)
class Parties:
    eligibility: Eligibility
    roles: tuple[Role, ...]
    actors: tuple[Actor, ...]
    facts: tuple[DeclaredFact, ...]
    events: tuple[Event, ...]
    contents_clause: str | None
    contents_text: str | None
    contents: tuple[ContentItem, ...]
    terms: tuple[Term, ...]
    receiver: str
    formalities: tuple[Formality, ...] = ()

    @property
    def actor_ids(self) -> list[str]:
        return [a.id for a in self.actors]


def read_parties(data: dict, problems: Problems, law: Law) -> Parties:
    actors = _actors(data, problems)
    actor_ids = [a.id for a in actors]
    eligibility, roles = _eligibility(data, problems, law)
    facts = _facts(data, problems)
    events = _events(data, problems, actor_ids, facts)
    clause, text, contents = _contents(data, problems, law)
    terms = _terms(data, problems)
    formalities = _formalities(data, problems, law, contents)
    receiver = data.get("receiver", "clerk")
    if receiver not in actor_ids:
        problems.add(TOP, f"“{receiver}” is not an actor", one_of_hint(receiver, actor_ids), key="receiver")
    elif builtin_words(receiver, data.get("level", "")) != receiver and receiver not in [
            a["id"] for a in data.get("actors", [])]:
        problems.warn(TOP, f"this {data['level']} procedure does not say who receives complaints: the pages say "
                           "“the clerk”", "name who receives them: receiver = an actor, or [[actors]] "
                                          "id = \"clerk\" with its label", key="receiver")
    return Parties(eligibility, roles, actors, facts, events, clause, text, contents, terms, receiver, formalities)


def _actors(data: dict, problems: Problems) -> tuple[Actor, ...]:
    declared = {}
    for i, entry in enumerate(data.get("actors", [])):
        where = entry_where("actors", i, entry)
        side = entry.get("side")
        if entry["id"] in declared:
            problems.add(where, f"actor “{entry['id']}” is declared twice", key="id")
        elif entry["id"] in BUILTIN_ACTORS and side and side != _builtin_side(entry["id"]):
            problems.add(where, f"“{entry['id']}” is a built-in actor on the {_builtin_side(entry['id'])} side",
                         "remove side, or give your actor an id of its own", key="side")
        else:
            declared[entry["id"]] = entry
    actors = []
    for actor_id, side in BUILTIN_ACTORS.items():
        entry = declared.pop(actor_id, {})
        words = builtin_words(actor_id, data.get("level", ""))
        label = entry.get("label") or builtin_label("actor", words)
        actors.append(Actor(actor_id, label, side, entry.get("explain"),
                            in_text=entry.get("in_text") or actor_in_text(words, label)))
    for actor_id, entry in declared.items():
        actors.append(Actor(actor_id, entry["label"], entry.get("side", "official"), entry.get("explain"),
                            in_text=entry.get("in_text") or actor_in_text(actor_id, entry["label"])))
    # An actor who is the same person as another, in another role, stands on that actor's side.
    sides = {a.id: a.side for a in actors}
    for i, entry in enumerate(data.get("actors", [])):
        other = entry.get("same_as")
        if other is None:
            continue
        where = entry_where("actors", i, entry)
        if other not in sides or other == entry["id"]:
            problems.add(where, f"“{other}” is not another actor", one_of_hint(other, list(sides)), key="same_as")
        elif entry.get("side") and entry["side"] != sides[other]:
            problems.add(where, f"the same person as “{other}” stands on its side ({sides[other]})",
                         "remove side", key="side")
        else:
            actors = [replace(a, same_as=other, side=sides[other]) if a.id == entry["id"] else a for a in actors]
    return tuple(actors)


def builtin_words(actor_id: str, level: str) -> str:
    """Which of the core's own names a built-in actor takes: a state's, a county's or the federal procedure's clerk
    is "the clerk", never "the City Clerk" (a city's, or a file that gives no level, keeps that name)."""
    return "clerk-office" if actor_id == "clerk" and level not in ("", "city") else actor_id


def _builtin_side(actor_id: str) -> str:
    return BUILTIN_ACTORS[actor_id]


def _eligibility(data: dict, problems: Problems, law: Law) -> tuple[Eligibility, tuple[Role, ...]]:
    table = data["eligibility"]
    where = Where("eligibility", None, "eligibility")
    law.check_quote(problems, where, table["clause"], table["text"])
    declared = {}
    for i, entry in enumerate(data.get("roles", [])):
        w = entry_where("roles", i, entry)
        if entry["id"] in declared:
            problems.add(w, f"role “{entry['id']}” is declared twice", key="id")
        elif entry["id"] == "other":
            problems.add(w, "“other” is kept for someone who is none of the roles", "choose another id", key="id")
        else:
            law.check_quote(problems, w, entry.get("clause", table["clause"]), entry["text"])
            declared[entry["id"]] = entry
    filed_under = table.get("filed_under", "")
    if filed_under and filed_under not in law.anchors:
        problems.add(where, f"clause “{filed_under}” is not defined", suggest(filed_under, law.anchors),
                     key="filed_under")
    elif (under := law_clause(law, filed_under or table["clause"])) and "definition" in under.title.casefold():
        problems.warn(where, f"the letter would be filed under {under.cite}, a definitions section",
                      "name the clause that lets a complaint be filed: filed_under = …",
                      key="filed_under" if filed_under else "clause")
    named = table["roles"]
    if named == "any":
        for role_id in declared:
            problems.warn(TOP, f"role “{role_id}” is declared but [eligibility] roles = \"any\"",
                          "list it in [eligibility] roles, or remove it")
        return Eligibility(None, table["clause"], table["text"], table.get("note"), filed_under,
                           table.get("letter_title", ""), table.get("statement", "")), ()
    roles = []
    known = list(BUILTIN_ROLES) + [r for r in declared if r not in BUILTIN_ROLES]
    for role_id in named:
        if role_id in declared:
            entry = declared[role_id]
            roles.append(Role(role_id, entry["label"], entry["text"], entry.get("clause", table["clause"]),
                              entry.get("explain"), entry.get("statement")))
        elif role_id in BUILTIN_ROLES:
            roles.append(Role(role_id, builtin_label("role_label", role_id), table["text"], table["clause"]))
        else:
            problems.add(where, f"role “{role_id}” is not defined",
                         suggest(role_id, known) or "define it under [[roles]] with its label and the words of "
                                                    "the code", key="roles")
    if len(set(named)) != len(named):
        problems.add(where, "lists a role twice", key="roles")
    for role_id in declared:
        if role_id not in named:
            problems.warn(TOP, f"role “{role_id}” is declared but not listed in [eligibility] roles",
                          "list it, or remove it")
    return Eligibility(tuple(named), table["clause"], table["text"], table.get("note"), filed_under,
                       table.get("letter_title", ""), table.get("statement", "")), tuple(roles)


def law_clause(law: Law, anchor: str):
    """A clause's latest text, or None for one not defined (reported where it is named)."""
    return next((c for c in reversed(law.clauses) if c.anchor == anchor), None)


def _facts(data: dict, problems: Problems) -> tuple[DeclaredFact, ...]:
    facts = []
    for i, entry in enumerate(data.get("facts", [])):
        where = entry_where("facts", i, entry)
        fact_id, kind = entry["id"], entry["type"]
        if fact_id in RELABELLED_FACTS and kind != RELABELLED_FACTS[fact_id]:
            problems.add(where, f"the built-in fact “{fact_id}” has type “{RELABELLED_FACTS[fact_id]}”",
                         key="type")
        elif fact_id in BUILTIN_FACTS and fact_id not in RELABELLED_FACTS:
            problems.add(where, f"“{fact_id}” is a built-in fact and cannot be declared",
                         "choose another id; only respondent_is_candidate and election_date may be reworded",
                         key="id")
        elif fact_id in [f.id for f in facts]:
            problems.add(where, f"fact “{fact_id}” is already defined", key="id")
        else:
            bounds = {key: tuple(entry.get(key, ())) for key in ("not_before", "not_after")}
            if kind != "date" and any(bounds.values()):
                problems.add(where, "only a date fact can be bounded by other dates", key="not_before")
            facts.append(DeclaredFact(fact_id, kind, entry["label"], entry["question"], **bounds))
    dates = list(BUILTIN_DATE_FACTS) + [f.id for f in facts if f.type == "date"] + [
        e["id"] for e in data.get("events", [])]
    for i, fact in enumerate(facts):
        for key in ("not_before", "not_after"):
            for other in getattr(fact, key):
                if other not in dates or other == fact.id:
                    problems.add(Where("facts", i, f"facts[{i}] ({fact.id})"), f"“{other}” is not another date fact "
                                 "or event", one_of_hint(other, dates), key=key)
    return tuple(facts)


def _events(data: dict, problems: Problems, actor_ids: list[str], facts) -> tuple[Event, ...]:
    entries = data.get("events", [])
    ids = [e["id"] for e in entries]
    earlier = list(BUILTIN_DATE_FACTS) + [f.id for f in facts if f.type == "date"] + ids
    events = []
    for i, entry in enumerate(entries):
        where = entry_where("events", i, entry)
        ok = True
        if entry["id"] in BUILTIN_FACTS or ids.count(entry["id"]) > 1 or entry["id"] in [f.id for f in facts]:
            problems.add(where, f"event id “{entry['id']}” is used twice or names a fact", key="id")
            ok = False
        if entry["actor"] not in actor_ids:
            problems.add(where, f"“{entry['actor']}” is not an actor", one_of_hint(entry["actor"], actor_ids),
                         key="actor")
            ok = False
        for other in entry.get("not_before", []):
            if other not in earlier or other == entry["id"]:
                problems.add(where, f"“{other}” is not a date fact or another event", one_of_hint(other, earlier),
                             key="not_before")
                ok = False
        if ok:
            events.append(Event(entry["id"], entry["label"], entry["explain"], entry["actor"],
                                entry.get("time", False), tuple(entry.get("not_before", [])),
                                tuple(entry.get("due_by", []))))
    return tuple(events)


# How a quote says that the complaint must be sworn or notarized (checked, so that formality matches its text).
FORMALITY_WORDS = {"sworn": ("sworn", "oath", "affirm", "verified", "verification", "perjury"), "notarized": ("notar",),
                   "penalty-of-perjury": ("perjury",), "certification": ("certif",), "signed": ("sign",),
                   "in-writing": ("writ",)}


def _contents(data: dict, problems: Problems, law: Law):
    entries, rule = data.get("contents", []), data.get("contents_rule")
    clause = text = None
    if rule:
        clause, text = rule["clause"], rule["text"]
        law.check_quote(problems, Where("contents_rule", None, "contents_rule"), clause, text)
    items = []
    for i, entry in enumerate(entries):
        where = entry_where("contents", i, entry)
        item_clause = entry.get("clause", clause)
        if item_clause is None:
            problems.add(where, "the item names no clause", "add clause = …, or a [contents_rule] naming the "
                                                            "clause that lists the required contents")
            continue
        law.check_quote(problems, where, item_clause, entry["text"])
        reference = entry.get("reference", {})
        if entry["id"] in [c.id for c in items]:
            problems.add(where, f"item “{entry['id']}” is listed twice", key="id")
        else:
            formality = entry.get("formality", "")
            if formality and not any(w in entry["text"].casefold() for w in FORMALITY_WORDS[formality]):
                problems.warn(where, f"the quoted text does not say the complaint is {formality}",
                              f"quote the words that require it ({' or '.join(FORMALITY_WORDS[formality])}…), "
                              "or remove formality", key="formality")
            items.append(ContentItem(entry["id"], entry["text"], entry["label"], entry["explain"], item_clause,
                                     reference.get("cite", ""), reference.get("source", ""), formality=formality,
                                     heading=entry.get("heading", "")))
    return clause, text, tuple(items)


def _formalities(data: dict, problems: Problems, law: Law, contents) -> tuple[Formality, ...]:
    """[[formalities]]: how the law says a complaint must be made, each quoted from its clause."""
    read, item_ids = {}, [c.id for c in contents]
    for i, entry in enumerate(data.get("formalities", [])):
        where = entry_where("formalities", i, entry)
        kind = entry["kind"]
        law.check_quote(problems, where, entry["clause"], entry["text"])
        if kind in read:
            problems.add(where, f"the formality “{kind}” is listed twice", "quote every clause that requires it "
                                                                          "in one entry", key="kind")
            continue
        if not any(w in entry["text"].casefold() for w in FORMALITY_WORDS[kind]):
            problems.warn(where, f"the quoted text does not say the complaint is made this way ({kind})",
                          f"quote the words that require it ({' or '.join(FORMALITY_WORDS[kind])}…)", key="text")
        for item in entry.get("items", []):
            if item not in item_ids:
                problems.add(where, f"“{item}” is not a required item", one_of_hint(item, item_ids), key="items")
        read[kind] = Formality(kind, entry["clause"], entry["text"], tuple(entry.get("items", [])))
    return tuple(read[k] for k in FORMALITY_KINDS if k in read)


def _terms(data: dict, problems: Problems) -> tuple[Term, ...]:
    terms = []
    for i, entry in enumerate(data.get("terms", [])):
        if entry["term"].lower() in [t.term.lower() for t in terms]:
            problems.add(Where("terms", i, f"terms[{i}]"), f"“{entry['term']}” is explained twice", key="term")
        else:
            terms.append(Term(entry["term"], entry["explain"]))
    return tuple(terms)


__all__ = ["Parties", "read_parties", "ROLES"]
