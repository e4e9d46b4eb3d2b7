"""What a jurisdiction's procedure is made of, once read and checked.

These are plain frozen records. `core.reading` builds them from a data file and
`core.prepared` from the build's prepared form; `core.report` reads them.
Nothing here computes a date.
"""

from dataclasses import dataclass, field
from datetime import date
from typing import Mapping

from .business_calendar import Calendar
from .counting import DAY_KINDS, Period, RollRule

# Who may file, built in; a file may word them in its own terms or define others.
BUILTIN_ROLES = ("any-person", "resident", "registered-elector", "candidate")
ROLES = ("registered-elector", "candidate", "other")  # the original three, still accepted everywhere
OTHER_ROLE = "other"  # the answer "none of these"
# Who acts, built in; a file may relabel them or add its own.
BUILTIN_ACTORS = {"complainant": "complainant", "respondent": "respondent", "parties": "parties",
                  "clerk": "official", "city-attorney": "official", "commission": "official",
                  "prosecutor": "official", "municipal-court": "official"}
ACTORS = tuple(BUILTIN_ACTORS)
SIDES = ("complainant", "respondent", "official")
KINDS = ("filing", "deadline", "window", "stage", "condition", "action", "option", "fine", "note")
COUNTED_KINDS = ("filing", "deadline")
BUILTIN_DATE_FACTS = ("violation_date", "received", "election_date")
BUILTIN_FACTS = ("violation_date", "received", "complainant_role", "respondent_is_candidate",
                 "election_date", "contents", "events")
# Built-in facts a file may word in its own terms (with [[facts]] of the same id and type).
RELABELLED_FACTS = {"respondent_is_candidate": "bool", "election_date": "date"}
# A period counted from another rule's deadline names it so: from = "deadline:ID".
DEADLINE_ANCHOR = "deadline:"


@dataclass(frozen=True)
class Count:
    """One way a rule's period is counted: from which anchor (a date in the facts or an event), for how long."""

    anchor: str
    period: Period
    ends_at: str = ""  # "16:30": the period ends at this time of its last day ("not later than 4:30 p.m. on the …")
    reading: str = ""  # in latest_of: this limit holds only if this reading does (not confirmed), as a clause for "if …"


@dataclass(frozen=True)
class Condition:
    """One test on the facts: a fact's value, or a date within days of another."""

    fact: str | None = None
    equals: object = None
    one_of: tuple = ()
    date: str | None = None
    other: str | None = None
    side: str | None = None  # "before" or "after"
    days: int = 0


@dataclass(frozen=True)
class Rule:
    """One rule of a procedure, in one version: the clause it implements, the period it counts and from what,
    whom it binds, and when it applies."""

    id: str
    kind: str
    title: str
    clause: str
    text: str
    effective: date
    repealed: date | None = None
    version_date: str = "violation_date"
    actor: str | None = None
    notifies: tuple[str, ...] = ()
    note: str | None = None
    source: str | None = None
    counting: str = ""  # the counting it follows: "" for the procedure's [counting], else a [countings.ID]
    counts: tuple[Count, ...] = ()  # more than one: the earliest applies (the latest, with combine = "latest")
    latest: bool = False  # several counts: the latest of them applies ("within the later of …"), not the earliest
    no_limit: bool = False  # a filing rule: the code sets no time limit ("any person may file at any time")
    at_least: Period | None = None  # the shortest the period may last ("at least 30 days"), from the count's start
    add_days: int = 0  # calendar days added to the period when add_days_when holds ("three days shall be added")
    add_days_when: tuple[Condition, ...] = ()
    add_days_assumed: bool = False  # the days are added only under a reading (the clause may not reach this period) …
    add_days_reading: str = ""  # … which is this
    not_earlier_than: Count | None = None  # the first day it may be done ("not earlier than the day after …")
    closed_before: str | None = None  # no complaint may be filed (for another rule, its act taken) before this date …
    closed_days: int = 0  # … this many ("within 5 days before an election"): 0 < date - day <= closed_days
    applies_when: tuple[Condition, ...] = ()
    applies_unless: tuple[Condition, ...] = ()
    condition: str | None = None
    also_applies_if: str | None = None  # a further case the checker cannot know: the rule may always apply
    opens: str | None = None
    closes: str | None = None
    closes_when: str | None = None  # the act that really closes a window, when `closes` only reports it
    ends_early_on: str | None = None  # an event that ends a deadline's period early
    ends_early_when: str | None = None  # the act that really ends it, when that event only reports it
    stage_rules: tuple[str, ...] = ()
    separate: bool = False  # a stage: a track of its own (an advisory opinion, a fine order "notwithstanding the above
    # procedures"), which neither follows nor retires the complaint's stages
    amount_min: int | None = None
    amount_max: int | None = None
    governs: tuple[str, ...] = ()
    done_when: str | None = None  # the event that is the duty's act itself: once it happens, the duty is done
    announces: str | None = None  # an event whose date this notice must announce: it is due before that event
    task: str | None = None
    upon: str | None = None  # an action or option: the fact or event that calls for it ("When the complaint is filed")
    entry: str = ""

    def in_force_on(self, day: date) -> bool:
        return self.effective <= day and (self.repealed is None or day < self.repealed)


@dataclass(frozen=True)
class Clause:
    """A clause of the code, as the procedure quotes it: its citation, title and exact words."""

    anchor: str
    cite: str
    title: str
    text: str
    effective: date | None = None  # set when an amendment replaced an earlier text
    not_reproduced: str | None = None  # set instead of text for law the file does not reproduce
    summary: str = ""  # in a translation only: what the current text requires, in one plain sentence


@dataclass(frozen=True)
class Event:
    """Something that happens during a procedure (a notice sent, a hearing held) whose date a person may
    enter."""

    id: str
    label: str
    explain: str
    actor: str
    time: bool = False
    not_before: tuple[str, ...] = ()
    due_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeclaredFact:
    """A fact a procedure asks about that the checker does not know of itself, and the question it is asked
    with."""

    id: str
    type: str  # "bool" or "date"
    label: str
    question: str
    not_before: tuple[str, ...] = ()  # a date fact: the dates it may not come before (the violation) …
    not_after: tuple[str, ...] = ()  # … and after (the day the complaint was received): an input error


@dataclass(frozen=True)
class ContentItem:
    """One thing a complaint must contain, in the code's words and in plain ones."""

    id: str
    text: str
    label: str
    explain: str
    clause: str = ""
    reference_cite: str = ""  # a requirement set out elsewhere and incorporated by reference: never checked
    reference_source: str = ""
    required_when: tuple["Condition", ...] = ()  # required only when these hold
    formality: str = ""  # "sworn" or "notarized": how the complaint itself must be made, shown as a requirement
    heading: str = ""  # the item's heading in the signed letter, neutral or first person, where `label` speaks to the filer


@dataclass(frozen=True)
class Formality:
    """How the law says a complaint must be made (in writing, signed, sworn, before a notary, under penalty of
    perjury, with a certification in its own words), quoted from it: the letter gives each a block to complete."""

    kind: str  # one of FORMALITY_KINDS
    clause: str
    text: str  # the law's words; for "certification", the certification itself, reproduced in the letter
    items: tuple[str, ...] = ()  # the required contents it fulfils: the letter asks no words for them


# In the order a letter completes them: written and signed as a whole, the law's own certification, a
# declaration under penalty of perjury, a verification under oath (signed), then the notary's part.
FORMALITY_KINDS = ("in-writing", "signed", "certification", "penalty-of-perjury", "sworn", "notarized")


@dataclass(frozen=True)
class Scope:
    """What the procedure covers, as a fact must be for it to apply ("In general, special general, special, or
    runoff elections"), and what a person outside it is told instead: the law that governs their case."""

    conditions: tuple[Condition, ...]
    clause: str
    text: str
    outside: str


@dataclass(frozen=True)
class Role:
    """Someone who may file, with the words of the code that name them."""

    id: str
    label: str
    text: str
    clause: str
    explain: str | None = None
    statement: str | None = None  # the complainant's own sentence in a complaint: "I am a registered elector …"
    # In a language whose words for the filer have a gender (Spanish): the sentence in the feminine, which the letter
    # offers beside `statement` ("Soy electora registrada …", "Soy elector registrado …"). Never in English.
    statement_feminine: str | None = None


@dataclass(frozen=True)
class Actor:
    """A person or office a procedure names, and on which side of the complaint it stands."""

    id: str
    label: str
    side: str  # "complainant", "respondent", "parties" or "official"
    explain: str | None = None
    same_as: str | None = None  # another actor who is the same person in another role
    in_text: str = ""  # how a sentence names the actor, with its article: "the City Clerk", "el Secretario Municipal"


@dataclass(frozen=True)
class Term:
    """A word of the code, explained in plain words."""

    term: str
    explain: str


@dataclass(frozen=True)
class Eligibility:
    """Who the code lets file a complaint (None: it does not say), in its own words."""

    roles: tuple[str, ...] | None  # None: the code does not say who may file
    clause: str
    text: str
    note: str | None = None
    filed_under: str = ""  # the clause that lets a complaint be filed, where `clause` is another (a definition)
    # The letter in the law's own words, where a complaint is called something else ("a charge"): its title and,
    # where the code does not limit who may file, the filer's sentence; {cite} and {code} stand for the citations.
    letter_title: str = ""
    statement: str = ""

    @property
    def files_under(self) -> str:
        """The clause a complaint is filed under: the letter's title and its "I file this complaint under …"."""
        return self.filed_under or self.clause


@dataclass(frozen=True)
class Counting:
    """How the procedure counts time: where a last day on a closed day rolls, what a business day is, and the
    law that says so."""

    roll: str
    cite: str
    source: str
    summary: str
    note: str
    business_days: str
    business_days_note: str
    status: str = "assumed"  # a file that does not say: its extension is not relied on (check warns)
    closure_cite: str = ""
    closure_source: str = ""
    closure_summary: str = ""
    closure_effect: str = "extends"  # "none": no law moves a period past an office closure that is not a holiday
    id: str = ""  # "" for the procedure's own; a rule may count by another ([countings.ID]: a court's rules)
    moves_off: tuple[str, ...] = DAY_KINDS  # the closed days a last day moves off (roll forward) …
    may_move_off: tuple[str, ...] = ()  # … and those it moves off only if `may_move_off_if` holds, a reading
    may_move_off_if: str = ""
    clause: str = ""  # the clause of the procedure's text that states the rule, where it quotes it
    text: str = ""

    @property
    def roll_rule(self) -> RollRule:
        return RollRule(self.cite, self.closure_cite, self.status == "assumed", frozenset(self.moves_off),
                        frozenset(self.may_move_off), self.may_move_off_if)


@dataclass(frozen=True)
class CalendarChange:
    """A change to the procedure's calendar of closed days, the law or notice that makes it, and the years it
    holds."""

    name: str
    cite: str
    source: str
    reason: str
    first_year: int | None = None  # the change holds from this year …
    last_year: int | None = None   # … to this one (None: no bound)


@dataclass(frozen=True)
class CalendarEntry:
    """A day the office closes, or may close, that is not a legal holiday: as the file declares it."""

    name: str
    confirmed: bool
    reason: str  # why it is not known, or where it was announced
    source: str = ""
    on: str = ""  # a single date (ISO), for a closure announced for one day
    closes_at: str = ""
    first_year: int | None = None
    last_year: int | None = None


@dataclass(frozen=True)
class CalendarInfo:
    """What a person is told about the calendar, beside the calendar itself."""

    country: str
    subdivision: str | None
    observed: str
    cite: str
    source: str
    summary: str
    assumptions: tuple[str, ...]
    removed: tuple[CalendarChange, ...]
    added: tuple[CalendarChange, ...]
    not_moved: tuple[CalendarChange, ...] = ()
    unconfirmed: tuple[tuple[str, str], ...] = ()  # (name, why it is not known), as the file lists them
    assumption_ids: tuple[str, ...] = ()  # each assumption's id, for its translation (positions in older files)
    closures: tuple[CalendarEntry, ...] = ()  # the office closures the file declares, as it declares them


@dataclass(frozen=True)
class ComplaintForm:
    """The office's own complaint form: where it is published, and its title."""

    url: str
    title: str


@dataclass(frozen=True)
class CitedPage:
    """A public page an office's contact details are read from: its address, its title, and the day it was read."""

    url: str
    title: str = ""
    read_on: date | None = None


# What a person needs to reach an office, in the order the page names what is missing.
CONTACT_DETAILS = ("address", "phone", "email", "hours")


@dataclass(frozen=True)
class FilingOffice:
    """Whom to contact: where a complaint is filed, and when the office is open, as a public page gives it
    (`source`, with `more_sources` where one page does not give it all): the letter's address, the answer's
    "in person, before 5:00 p.m.", and the contact block of the answer, the printout and the loading notice. A
    detail no cited page gives is left empty (never guessed), and the pages say so; where no page was found at all,
    `not_found` says so instead. None of it moves a deadline."""
    name: str
    address: tuple[str, ...] = ()
    source: str = ""
    hours: str = ""  # in words, as the office gives them
    closes_at: str = ""  # "17:00", the office's local time: in person, a filing on the last day is due by then
    mail: tuple[str, ...] = ()  # a postal address, where it differs
    not_known: str = ""  # what the code leaves open about filing (mail, email, after hours)
    phone: str = ""  # as the office publishes it
    email: str = ""
    source_title: str = ""
    read_on: date | None = None  # the day `source` was read
    more_sources: tuple[CitedPage, ...] = ()
    not_found: str = ""  # no page gives this office's details: why, and whom to ask instead

    @property
    def sources(self) -> tuple[CitedPage, ...]:
        """Every page the details are read from, the main one first."""
        return ((CitedPage(self.source, self.source_title, self.read_on),) if self.source else ()) + self.more_sources

    @property
    def missing(self) -> tuple[str, ...]:
        """The details (of CONTACT_DETAILS) that no cited page gives: the pages say they are not given."""
        given = {"address": self.address or self.mail, "phone": self.phone, "email": self.email, "hours": self.hours}
        return tuple(key for key in CONTACT_DETAILS if not given[key])


@dataclass(frozen=True)
class Place:
    """The names people use for a procedure's place and body ([place] in the file), so that the site's first page
    finds the procedure by any of them, and suggests a state's procedures when a search names only the state."""

    city: str = ""
    county: str = ""
    state: str = ""
    state_also: tuple[str, ...] = ()  # other names of the state: "CO", "Colo.", "Hawái"
    also: tuple[str, ...] = ()  # other names of the place and of the body: "Ft. Collins", "BEGA"

    def names(self) -> tuple[str, ...]:
        """Every name, once, in the file's order."""
        return tuple(dict.fromkeys(n for n in (self.city, self.county, self.state, *self.state_also, *self.also) if n))

    def state_names(self) -> tuple[str, ...]:
        return tuple(n for n in (self.state, *self.state_also) if n)


@dataclass(frozen=True)
class Jurisdiction:
    """A procedure, read and checked: its code, calendar, counting, rules and words, and the languages it is
    told in."""

    id: str
    name: str
    title: str
    code: str
    source: str
    enacted_by: str
    enacted_source: str
    timezone: str
    contact: str
    updated: date
    supported_from: date
    supported_to: date
    version_date: str
    calendar: Calendar
    calendar_info: CalendarInfo
    counting: Counting
    eligibility: Eligibility
    contents_clause: str | None
    contents_text: str | None
    contents: tuple[ContentItem, ...]
    events: tuple[Event, ...]
    facts: tuple[DeclaredFact, ...]
    clauses: tuple[Clause, ...]
    rules: tuple[Rule, ...]  # every version, in file order
    roles: tuple[Role, ...] = ()  # every role that may file, in the file's order
    actors: tuple[Actor, ...] = ()  # every actor, built-in ones relabelled as the file says
    terms: tuple[Term, ...] = ()
    contact_url: str = ""
    complaint_form: ComplaintForm | None = None
    filing_office: FilingOffice | None = None
    receiver: str = "clerk"
    level: str = ""  # "city", "county", "state" or "federal"; "" when the file does not say
    place: Place = Place()  # the names people use for its place and body; none when the file does not say
    languages: tuple[str, ...] = ("en",)
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language -> key -> text
    zone_data: bytes = b""  # the tzfile of `timezone`, so that no zone database need be searched
    digest: str = ""
    file_name: str = ""
    countings: tuple[Counting, ...] = ()
    violations_from: date | None = None
    formalities: tuple[Formality, ...] = ()  # how a complaint must be made, in FORMALITY_KINDS order
    scope: tuple[Scope, ...] = ()  # what the procedure covers: a fact outside it is refused, saying what governs it  # the earliest violation its limits reach, when before supported_from  # other ways the procedure's rules count: a court's, for a court petition

    def counting_of(self, rule: Rule) -> Counting:
        """How the rule's periods are counted: by its own [countings.ID], or by the procedure's [counting]."""
        return next((c for c in self.countings if c.id == rule.counting), self.counting) if rule.counting \
            else self.counting

    def clause(self, anchor: str) -> Clause:
        """The current text of a clause."""
        return self.clause_versions(anchor)[-1]

    def clause_versions(self, anchor: str) -> list[Clause]:
        return sorted((c for c in self.clauses if c.anchor == anchor), key=lambda c: c.effective or date.min)

    def current_clauses(self) -> list[Clause]:
        """Each clause once, at its current text, in file order."""
        anchors = list(dict.fromkeys(c.anchor for c in self.clauses))
        return [self.clause(a) for a in anchors]

    def event(self, event_id: str) -> Event | None:
        return next((e for e in self.events if e.id == event_id), None)

    def declared_fact(self, fact_id: str) -> DeclaredFact | None:
        return next((f for f in self.facts if f.id == fact_id), None)

    def contents_clauses(self) -> list[str]:
        """The clauses the required contents are quoted from: the one that lists them, then each other an item
        quotes (a list in § 33.42(A) of items set out in § 33.41(C)(2))."""
        return list(dict.fromkeys(([self.contents_clause] if self.contents_clause else [])
                                  + [item.clause for item in self.contents]))

    def own_facts(self) -> tuple[DeclaredFact, ...]:
        """Facts the procedure adds to the built-in ones (not built-in facts it only relabels)."""
        return tuple(f for f in self.facts if f.id not in BUILTIN_FACTS)

    def actor(self, actor_id: str) -> Actor:
        return next(a for a in self.actors if a.id == actor_id)

    def role(self, role_id: str) -> Role | None:
        return next((r for r in self.roles if r.id == role_id), None)

    def rule_ids(self) -> list[str]:
        """Each rule id once, in file order."""
        return list(dict.fromkeys(r.id for r in self.rules))

    def versions(self, rule_id: str) -> list[Rule]:
        return sorted((r for r in self.rules if r.id == rule_id), key=lambda r: r.effective)

    def date_facts(self) -> tuple[str, ...]:
        return BUILTIN_DATE_FACTS + tuple(f.id for f in self.own_facts() if f.type == "date")
