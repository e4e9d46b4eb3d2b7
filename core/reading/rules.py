"""[[rules]]: each deadline, window, stage, condition, action, option, fine and note,
with the sentence of law it implements; and the checks that span rules."""

import re
from dataclasses import replace
from datetime import date, timedelta

from ..counting import BUSINESS_UNITS, CALENDAR_UNITS, HOUR_UNITS, Period
from ..model import (BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, OTHER_ROLE, ROLES, Condition, Count,
                     Rule, Scope)
from .law import Law
from .parties import Parties
from .problems import TOP, Problems, Where, entry_where, one_of_hint, suggest

# The largest period a rule may set, per unit; more is almost certainly a typo.
MAX_AMOUNT = {"days": 3660, "weeks": 520, "months": 120, "years": 10,
              "business-days": 2600, "working-days": 2600, "hours": 8760}
KEYS_BY_KIND = {
    "filing": {"count", "earliest_of", "latest_of", "governs", "ends_early_on", "ends_early_when", "no_limit", "add_days",
               "closed_before", "counting", "not_earlier_than"},
    "deadline": {"count", "earliest_of", "latest_of", "governs", "ends_early_on", "ends_early_when", "done_when", "announces",
                 "at_least", "add_days", "counting", "not_earlier_than", "closed_before"},
    "action": {"closed_before", "upon", "done_when"},
    "option": {"upon", "done_when"},
    "window": {"opens", "closes", "closes_when"},
    "stage": {"rules", "separate"},
    "fine": {"amount_min", "amount_max"},
}
ONLY_FOR = {key for keys in KEYS_BY_KIND.values() for key in keys}
# A date a procedure file gives is one its calendar may cover: from the schema's first year to its last. Further
# out, counting from it would leave Python's dates (year 9999) or any calendar the file can give.
FIRST_DAY, LAST_DAY = date(1901, 1, 1), date(2199, 12, 31)
# (and a closure's date, held to its calendar's years)
DATES_OF_THE_FILE = ("updated", "effective", "supported_from", "violations_from", "supported_to")


def read_day(problems: Problems, where: Where, key: str, text: str) -> date:
    """A date the file gives (already in the form YYYY-MM-DD, a real date: the schema), held within the years a
    procedure may cover; one outside them is a problem of the file, named, before anything counts from it."""
    day = date.fromisoformat(text)
    if not FIRST_DAY <= day <= LAST_DAY:
        problems.add(where, f"{day} is out of range", f"use a date from {FIRST_DAY} to {LAST_DAY}, the years a "
                     "calendar may cover", key=key)
    return day


class RuleReader:
    def __init__(self, data: dict, problems: Problems, law: Law, parties: Parties, effective: date,
                 version_date: str, date_facts: tuple[str, ...], countings: tuple[str, ...] = ()):
        self.problems, self.law, self.parties, self.countings = problems, law, parties, countings
        self.effective, self.version_date, self.date_facts = effective, version_date, date_facts
        self.data = data
        self.entries = data["rules"]
        self.event_entries = data.get("events", [])
        self.all_ids = {e["id"] for e in self.entries}
        self.counted_ids = {e["id"] for e in self.entries if e["kind"] in COUNTED_KINDS}
        self.event_ids = tuple(e.id for e in parties.events)
        self.anchors = date_facts + self.event_ids + tuple(DEADLINE_ANCHOR + i for i in sorted(self.counted_ids))
        self.used: set[str] = set()  # facts and events some rule counts from or tests

    def read(self) -> tuple[Rule, ...]:
        for key in (key for key in DATES_OF_THE_FILE if key in self.data):
            read_day(self.problems, TOP, key, self.data[key])
        for i, clause in enumerate(self.data["clauses"]):
            if "effective" in clause:
                read_day(self.problems, entry_where("clauses", i, clause), "effective", clause["effective"])
        rules = []
        for i, entry in enumerate(self.entries):
            where = entry_where("rules", i, entry)
            rule = self.rule(entry, where)
            if rule:
                rules.append((rule, where))
        self.check_versions(rules)
        self.check_cycles(rules)
        self.check_events_due_by()
        if not any(r.kind == "filing" for r, _ in rules) and not self.problems.errors:
            self.problems.add(TOP, "there is no rule of kind “filing”",
                              "add the rule that sets the time limit for filing a complaint")
        return tuple(r for r, _ in rules)

    def rule(self, entry: dict, where: Where) -> Rule | None:
        kind = entry["kind"]
        before = len(self.problems.errors)
        for key in sorted(set(entry) & ONLY_FOR - KEYS_BY_KIND.get(kind, set())):
            owners = sorted(k for k, keys in KEYS_BY_KIND.items() if key in keys)
            self.problems.add(where, f"“{key}” is not used by a rule of kind “{kind}”",
                              f"it belongs to kind {' or '.join(owners)}", key=key)
        for key in ("text", "actor"):
            if key not in entry and kind != "stage":
                self.problems.add(where, f"“{key}” is missing", f"add {key} = …")
        actors = self.parties.actor_ids
        actor = entry.get("actor")
        if actor is not None and actor not in actors:
            self.problems.add(where, f"“{actor}” is not an actor", one_of_hint(actor, actors), key="actor")
        for who in entry.get("notifies", []):
            if who not in actors:
                self.problems.add(where, f"“{who}” is not an actor", one_of_hint(who, actors), key="notifies")
        effective = read_day(self.problems, where, "effective", entry["effective"]) if "effective" in entry else self.effective
        self.law.check_quote(self.problems, where, entry["clause"], entry.get("text"), on=effective)
        version_date = entry.get("version_date", self.version_date)
        if version_date not in self.date_facts:
            self.problems.add(where, f"“{version_date}” is not a date fact", one_of_hint(version_date, self.date_facts),
                              key="version_date")
        repealed = read_day(self.problems, where, "repealed", entry["repealed"]) if "repealed" in entry else None
        if repealed and repealed <= effective:
            self.problems.add(where, "repealed is not after effective", key="repealed")
        fields = dict(
            notifies=tuple(entry.get("notifies", [])), note=entry.get("note"), source=entry.get("source"),
            effective=effective, repealed=repealed, version_date=version_date,
            condition=_sentence(entry.get("condition")), task=entry.get("task"),
            also_applies_if=entry.get("also_applies_if"),
            applies_when=self.conditions(entry, where, "applies_when"),
            applies_unless=self.conditions(entry, where, "applies_unless"),
            entry=where.label,
        )
        if entry.get("no_limit"):
            fields["no_limit"] = True
            for key in sorted({"count", "earliest_of", "latest_of", "ends_early_on", "governs"} & set(entry)):
                self.problems.add(where, f"a filing rule with no time limit has no “{key}”",
                                  f"remove {key}, or remove no_limit = true if the text sets a time limit", key=key)
        elif kind in COUNTED_KINDS:
            fields["counts"] = self.counts(entry, where)
            if "counting" in entry:
                if entry["counting"] not in self.countings:
                    self.problems.add(where, f"“{entry['counting']}” is not one of the procedure's countings",
                                      one_of_hint(entry["counting"], self.countings) if self.countings
                                      else "define it as [countings." + entry["counting"] + "]", key="counting")
                else:
                    fields["counting"] = entry["counting"]
            if "not_earlier_than" in entry:
                fields["not_earlier_than"] = self.count(entry["not_earlier_than"], where, ["not_earlier_than"],
                                                        entry["id"], least=0)
            if kind == "filing" and re.search(r"\bat any time\b", str(entry.get("text", "")), re.IGNORECASE):
                given = next(k for k in ("count", "earliest_of", "latest_of", "no_limit") if k in entry)
                self.problems.warn(where, "the quoted text says a complaint may be filed at any time, but the rule "
                                          "counts a time limit", "if the code sets no time limit for filing, write "
                                          "no_limit = true instead of a count", key=given)
            fields["latest"] = "latest_of" in entry
            self.bounds(entry, where, fields)
            fields["governs"] = tuple(entry.get("governs", []))
            fields["ends_early_on"], fields["ends_early_when"] = entry.get("ends_early_on"), entry.get("ends_early_when")
            if fields["ends_early_on"] is not None and fields["ends_early_on"] not in self.anchors:
                self.problems.add(where, f"“{fields['ends_early_on']}” is not a date fact, event or deadline",
                                  suggest(fields["ends_early_on"], self.anchors) or "define it under [[events]]",
                                  key="ends_early_on")
            elif fields["ends_early_on"]:
                self.used.add(fields["ends_early_on"])
            if fields["ends_early_when"] and not fields["ends_early_on"]:
                self.problems.add(where, "ends_early_when needs ends_early_on: the event by which the end is known",
                                  key="ends_early_when")
            for key in ("done_when", "announces"):
                fields[key] = entry.get(key)
                if fields[key] is not None and fields[key] not in self.event_ids:
                    self.problems.add(where, f"“{fields[key]}” is not an event", one_of_hint(fields[key], self.event_ids)
                                      if self.event_ids else "define it under [[events]]", key=key)
            for ref in fields["governs"]:
                if ref not in self.counted_ids or ref == entry["id"]:
                    self.problems.add(where, f"“{ref}” is not another deadline", suggest(ref, self.counted_ids),
                                      key="governs")
        if kind == "action":
            self.closed_before(entry, where, fields)
        if kind in ("action", "option") and "done_when" in entry:  # the event that is the step's act: it is done then
            fields["done_when"] = entry["done_when"]
            if entry["done_when"] not in self.event_ids:
                self.problems.add(where, f"“{entry['done_when']}” is not an event",
                                  one_of_hint(entry["done_when"], self.event_ids) if self.event_ids
                                  else "define it under [[events]]", key="done_when")
        if "upon" in entry:
            fields["upon"] = entry["upon"]
            if entry["upon"] not in self.date_facts + self.event_ids:
                self.problems.add(where, f"“{entry['upon']}” is not a date fact or event",
                                  suggest(entry["upon"], self.date_facts + self.event_ids) or "define it under [[events]]",
                                  key="upon")
            else:
                self.used.add(entry["upon"])
            if not entry.get("task"):
                self.problems.add(where, "a step the text calls for “upon” an event needs its task",
                                  'add task = "…", what must be done, completing “… must …”', key="upon")
        if kind == "window":
            fields["closes_when"] = entry.get("closes_when")
            for key in ("opens", "closes"):
                fields[key] = entry.get(key)
                if fields[key] is None:
                    self.problems.add(where, f"“{key}” is missing", f"add {key} = an event id")
                elif fields[key] not in self.anchors:  # a window may open on an event or a deadline
                    self.problems.add(where, f"“{fields[key]}” is not a date fact, event or deadline",
                                      suggest(fields[key], self.anchors) or "define it under [[events]]", key=key)
                else:
                    self.used.add(fields[key])
        if kind == "stage":
            fields["stage_rules"] = tuple(entry.get("rules", []))
            fields["separate"] = bool(entry.get("separate", False))
            for ref in fields["stage_rules"]:
                if ref not in self.all_ids:
                    self.problems.add(where, f"rule “{ref}” is not defined", suggest(ref, self.all_ids), key="rules")
        if kind == "fine":
            fields["amount_min"], fields["amount_max"] = entry.get("amount_min"), entry.get("amount_max")
            if None not in (fields["amount_min"], fields["amount_max"]) and fields["amount_min"] > fields["amount_max"]:
                self.problems.add(where, "amount_min is more than amount_max", key="amount_min")
        if len(self.problems.errors) > before:
            return None
        return Rule(id=entry["id"], kind=kind, title=entry["title"], clause=entry["clause"],
                    text=entry.get("text", ""), actor=actor, **fields)

    def counts(self, entry: dict, where: Where) -> tuple[Count, ...]:
        given = [key for key in ("count", "earliest_of", "latest_of") if key in entry]
        if len(given) != 1:
            self.problems.add(where, "give one of count = {…}, earliest_of = [{…}, …] or latest_of = [{…}, …]"
                              if "latest_of" in given else "give either count = {…} or earliest_of = [{…}, …]",
                              "see docs/authoring.md, “Counting time”" + (
                                  "; if the code sets no time limit for filing, write no_limit = true"
                                  if entry["kind"] == "filing" and not given else ""))
            return ()
        specs = [("count", None, entry["count"])] if "count" in entry else [
            (given[0], i, spec) for i, spec in enumerate(entry[given[0]])]
        counts = []
        for key, index, spec in specs:
            count = self.count(spec, where, [key] if index is None else [key, index], entry["id"])
            if count:
                counts.append(count)
        if counts and all(c.reading for c in counts):
            self.problems.add(where, "every limit holds only under a reading",
                              "give at least one limit the law surely sets, without reading = …", key="latest_of")
        return tuple(counts)

    def count(self, spec: dict, where: Where, path: list, rule_id: str, least: int = 1) -> Count | None:
        anchor, amount, unit = spec["from"], spec["amount"], spec["unit"]
        direction, roll, ends_at = spec.get("direction", "after"), spec.get("roll"), spec.get("ends_at", "")
        reading = spec.get("reading", "")
        if reading and path[0] != "latest_of":
            self.problems.add_at(where, path + ["reading"], "only a limit of latest_of may hold under a reading",
                                 "write the limits as latest_of, the one the law surely sets without reading")
            return None
        ok = True
        if amount < least:
            self.problems.add_at(where, path + ["amount"], f"the amount {amount} is not a possible period",
                                 f"use a whole number from {least} to {MAX_AMOUNT[unit]}")
            ok = False
        if ends_at and unit in HOUR_UNITS:
            self.problems.add_at(where, path + ["ends_at"], "a period in hours ends at the hour it counts to",
                                 "remove ends_at from this count")
            ok = False
        if anchor not in self.anchors or anchor == DEADLINE_ANCHOR + rule_id:
            deadline = DEADLINE_ANCHOR + anchor
            hint = (f"to count from that rule's deadline, write from = \"{deadline}\"" if deadline in self.anchors
                    else suggest(anchor, self.anchors) or "define the event under [[events]]")
            self.problems.add_at(where, path + ["from"], f"the period starts from “{anchor}”, which is not a date "
                                                          "fact, event or another deadline", hint)
            ok = False
        if amount > MAX_AMOUNT[unit]:
            self.problems.add_at(where, path + ["amount"], f"the amount {amount} is not a possible period",
                                 f"use a whole number from 1 to {MAX_AMOUNT[unit]}")
            ok = False
        if roll is not None and unit in BUSINESS_UNITS + HOUR_UNITS:
            self.problems.add_at(where, path + ["roll"], f"roll has no effect on {unit}", "remove roll from this count")
            ok = False
        if ok and unit in HOUR_UNITS:
            event = next((e for e in self.parties.events if e.id == anchor), None)
            if event is None or not event.time:
                self.problems.add_at(where, path + ["unit"], f"hours need a date and time, but “{anchor}” is only a date",
                                     "count in days, or mark the event with time = true")
                ok = False
        if ok:
            self.used.add(anchor)
            if amount:  # "not earlier than the day of the election" states no number
                self.check_stated(spec, where, path)
            if ends_at:
                self.check_time_stated(ends_at, where, path)
            return Count(anchor, Period(amount, unit, direction, roll), ends_at, reading)
        return None

    def check_time_stated(self, hhmm: str, where: Where, path: list) -> None:
        """Warn when the quoted sentence does not state the hour a count ends at ("not later than 4:30 p.m.")."""
        text = self.entries[where.index].get("text", "") if where.index is not None else ""
        if isinstance(text, str) and text.strip() and not states_time(text, hhmm):
            self.problems.warn_at(where, path + ["ends_at"], f"the quoted text does not state the time {hhmm}",
                                  "check ends_at against the sentence it implements (“4:30 p.m.” is 16:30)")

    def bounds(self, entry: dict, where: Where, fields: dict) -> None:
        """A period's shortest length (at_least) and the days added to it on a condition (add_days)."""
        counts = fields["counts"]
        if "at_least" in entry:
            spec = entry["at_least"]
            if "count" not in entry:
                self.problems.add(where, "at_least needs a single count = {…}, the longest the period may last",
                                  "write the longest period as count, and the shortest as at_least", key="at_least")
            elif counts:
                longest = counts[0].period
                least = Period(spec["amount"], spec["unit"], "after", longest.roll)  # moved off closed days alike
                if longest.direction != "after" or longest.unit == "hours":
                    self.problems.add_at(where, ["at_least"], "at_least applies only to a period counted after "
                                         "an event in days, weeks, months or years")
                elif span(least) >= span(longest) and (least.unit != longest.unit or least.amount >= longest.amount):
                    self.problems.add_at(where, ["at_least", "amount"], f"the shortest period ({spec['amount']} "
                                         f"{spec['unit']}) is not shorter than the count ({longest.amount} "
                                         f"{longest.unit})", "give the longest period as count and the shortest "
                                         "as at_least")
                else:
                    fields["at_least"] = least
                    self.check_stated(spec, where, ["at_least"])
        self.closed_before(entry, where, fields)
        if "add_days" in entry:
            spec = entry["add_days"]
            for i, count in enumerate(counts):
                if count.period.unit != "days" or count.period.direction != "after":
                    self.problems.add_at(where, ["add_days"], f"days are added only to a period counted in "
                                         f"calendar days after an event, not {count.period.unit}",
                                         "count the period in days, or remove add_days")
                    return
            fields["add_days"] = spec["days"]
            fields["add_days_when"] = self.conditions(spec, where, "when", prefix=["add_days"])
            if spec.get("status") == "assumed":  # the clause that adds them may not reach this period: a reading
                fields["add_days_assumed"], fields["add_days_reading"] = True, spec.get("reading", "")
                if not spec.get("reading"):
                    self.problems.add_at(where, ["add_days", "reading"], "an assumed add_days needs its reading",
                                         "say in reading = \"…\" why it is not certain that the days are added")
            # The sentence that adds the days, when another clause says it (a rule of computing time): quoted from
            # that clause, word for word, and the days checked against it rather than against the rule's own quote.
            if ("clause" in spec) != ("text" in spec):
                self.problems.add_at(where, ["add_days"], "give both the clause that adds the days and its words",
                                     "add_days = { days = 3, when = […], clause = \"111-2\", text = \"…three (3) "
                                     "days shall be added…\" }")
            elif "clause" in spec:
                self.law.check_quote(self.problems, where, spec["clause"], spec["text"], key="add_days")
            self.check_stated({"amount": spec["days"]}, where, ["add_days", "days"], spec.get("text"))

    def closed_before(self, entry: dict, where: Where, fields: dict) -> None:
        """The days before a date in which the rule's act may not be done: filing, for the filing rule; its own act
        (adjudicating, holding a hearing) for a deadline or an action."""
        if "closed_before" not in entry:
            return
        spec = entry["closed_before"]
        if spec["date"] not in self.date_facts + self.event_ids:
            self.problems.add_at(where, ["closed_before", "date"], f"“{spec['date']}” is not a date fact or "
                                 "event", suggest(spec["date"], self.date_facts + self.event_ids)
                                 or "use election_date, or declare the date under [[facts]]")
        else:
            self.used.add(spec["date"])
            fields["closed_before"], fields["closed_days"] = spec["date"], spec["days"]
            self.check_stated({"amount": spec["days"]}, where, ["closed_before", "days"])

    def check_stated(self, spec: dict, where: Where, path: list, text: str | None = None) -> None:
        """Warn when the sentence a rule quotes (or `text`, the sentence that sets this amount) does not state its
        period: a count that contradicts its quote (60 changed to 61) would otherwise check."""
        if text is None:
            text = self.entries[where.index].get("text", "") if where.index is not None else ""
        if not isinstance(text, str) or not text.strip():
            return  # a missing quote is its own problem; a second warning about it would only repeat it
        worded = spec.get("worded")
        if worded:
            if worded.casefold() not in " ".join(text.split()).casefold():
                self.problems.warn_at(where, path + ["worded"], f"“{worded}” is not in the quoted text",
                                      "copy the words that set this period from the text")
        elif not states_amount(text, spec["amount"]):
            self.problems.warn_at(where, path + ["amount"], f"the quoted text does not state the amount {spec['amount']}",
                                  "check the count against the sentence it implements; if the sentence sets the "
                                  "period without a number, give its words as worded = \"…\"")

    def conditions(self, entry: dict, where: Where, key: str, prefix: list = ()) -> tuple[Condition, ...]:
        own = self.parties.facts
        bool_facts = {"respondent_is_candidate"} | {f.id for f in own if f.type == "bool"}
        date_anchors = set(self.date_facts) | set(self.event_ids)
        role_values = list(dict.fromkeys([r.id for r in self.parties.roles] + list(ROLES) + [OTHER_ROLE]))
        known = sorted(bool_facts | date_anchors | {"complainant_role"})
        found = []
        for i, spec in enumerate(entry.get(key, [])):
            path = [*prefix, key, i]
            if "fact" in spec:
                fact, extra = spec["fact"], set(spec) - {"fact", "equals", "in"}
                if fact == "complainant_role" and not extra and ("in" in spec) != ("equals" in spec):
                    values = spec["in"] if "in" in spec else [spec["equals"]]
                    bad = [v for v in values if v not in role_values]
                    if not bad:
                        found.append(Condition(fact=fact, one_of=tuple(values)) if "in" in spec
                                     else Condition(fact=fact, equals=spec["equals"]))
                        continue
                    self.problems.add_at(where, path, f"“{bad[0]}” is not a role", one_of_hint(bad[0], role_values))
                elif fact in bool_facts and not extra and "in" not in spec and type(spec.get("equals")) is bool:
                    self.used.add(fact)
                    found.append(Condition(fact=fact, equals=spec["equals"]))
                elif fact not in known:
                    self.problems.add_at(where, path, f"the condition refers to an unknown fact “{fact}”",
                                         suggest(fact, known) or "declare it under [[facts]]")
                else:
                    self.problems.add_at(where, path, f"the condition on “{fact}” is not valid",
                                         "use { fact = …, equals = true } (or equals/in a role for complainant_role)")
            elif "date" in spec:
                side = "before" if "within_days_before" in spec else "after"
                other, days = spec.get(f"within_days_{side}"), spec.get("days")
                if set(spec) - {"date", f"within_days_{side}", "days"} or other is None or days is None:
                    self.problems.add_at(where, path, "a date condition takes date, within_days_before (or _after) "
                                                      "and days")
                elif spec["date"] not in date_anchors or other not in date_anchors:
                    bad = spec["date"] if spec["date"] not in date_anchors else other
                    self.problems.add_at(where, path, f"the condition refers to an unknown date “{bad}”",
                                         suggest(bad, date_anchors))
                else:
                    self.used.update((spec["date"], other))
                    found.append(Condition(date=spec["date"], other=other, side=side, days=days))
            else:
                self.problems.add_at(where, path, "each condition needs “fact” or “date”")
        return tuple(found)

    def scope(self, entries: list) -> tuple[Scope, ...]:
        """[[scope]]: what the procedure covers, each a condition on a fact the person gives, quoted from the law
        that sets it, with what someone outside it is told."""
        found = []
        for i, entry in enumerate(entries):
            where = entry_where("scope", i, entry)
            spec = {k: entry[k] for k in ("fact", "equals", "in") if k in entry}
            conditions = self.conditions({"scope": [spec]}, where, "scope")
            self.law.check_quote(self.problems, where, entry["clause"], entry["text"])
            if conditions:
                found.append(Scope(conditions, entry["clause"], entry["text"], entry["outside"]))
        return tuple(found)

    def content_conditions(self, items: tuple, entries: list) -> tuple:
        """The required contents, each with the conditions under which it is required (none: always)."""
        out = []
        for i, entry in enumerate(entries):
            item = next((c for c in items if c.id == entry.get("id")), None)
            if item is not None:
                conditions = self.conditions(entry, entry_where("contents", i, entry), "required_when")
                out.append(replace(item, required_when=conditions))
        return tuple(out)

    def check_versions(self, rules: list) -> None:
        by_id = {}
        for rule, where in rules:
            by_id.setdefault(rule.id, []).append((rule, where))
        for rule_id, versions in by_id.items():
            explicit = [v for v in versions if "effective" in self.entries[v[1].index]
                        or "repealed" in self.entries[v[1].index]]
            if len(versions) > 1 and len(explicit) < len(versions) - 1:
                first = versions[0][1]
                for _, where in versions[1:]:
                    self.problems.add(where, f"rule id “{rule_id}” is already used by {first.label}",
                                      "give each rule its own id; if this is an amended version of that rule, give "
                                      "the earlier one repealed = the amendment's date and this one effective = it",
                                      key="id")
                continue
            versions.sort(key=lambda rw: rw[0].effective)
            for (a, _), (b, where) in zip(versions, versions[1:]):
                if a.repealed is None or a.repealed > b.effective:
                    self.problems.add(where, f"this version of “{rule_id}” (effective {b.effective}) overlaps the "
                                             f"one effective {a.effective}",
                                      f"give the earlier version repealed = {b.effective}", key="effective")
                if a.kind != b.kind:
                    self.problems.add(where, f"versions of “{rule_id}” have different kinds", key="kind")
        filings = [rid for rid, versions in by_id.items() if versions[0][0].kind == "filing"]
        if len(filings) > 1:
            self.problems.add(TOP, f"more than one filing rule: {', '.join(filings)}",
                              "keep one rule of kind “filing”; add versions of it for amendments")

    def check_cycles(self, rules: list) -> None:
        depends = {}
        for rule, _ in rules:
            depends.setdefault(rule.id, set()).update(c.anchor.removeprefix(DEADLINE_ANCHOR) for c in rule.counts
                                                      if c.anchor.startswith(DEADLINE_ANCHOR))
        for start in depends:
            seen, stack = set(), [start]
            while stack:
                node = stack.pop()
                for nxt in depends.get(node, ()):
                    if nxt == start:
                        where = next(w for r, w in rules if r.id == start)
                        self.problems.add(where, f"the deadline “{start}” counts from itself through other deadlines",
                                          "make one deadline start from an event or fact")
                        stack = []
                        break
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)

    def check_events_due_by(self) -> None:
        for i, entry in enumerate(self.event_entries):
            for ref in entry.get("due_by", []):
                if ref not in self.counted_ids:
                    self.problems.add(entry_where("events", i, entry), f"“{ref}” is not a deadline",
                                      suggest(ref, self.counted_ids), key="due_by")

    def check_use(self, rules: tuple[Rule, ...]) -> None:
        """Warn about declared facts and events that nothing uses: likely a typo or a leftover."""
        for i, fact in enumerate(self.parties.facts):
            if fact.id not in self.used and fact.id not in BUILTIN_DATE_FACTS + ("respondent_is_candidate",):
                self.problems.warn(Where("facts", i, f"facts[{i}] ({fact.id})"),
                                   f"no rule uses the fact “{fact.id}”, so the form would ask for it for nothing",
                                   "use it in a count or a condition, or remove it")
        windows = {r.opens for r in rules} | {r.closes for r in rules}
        for i, event in enumerate(self.parties.events):
            if event.id not in self.used and event.id not in windows and not event.due_by:
                self.problems.warn(Where("events", i, f"events[{i}] ({event.id})"),
                                   f"no rule counts from the event “{event.id}” or depends on it",
                                   "use it in a count, a window or a condition, or remove it")


UNITS_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
               "sixteen seventeen eighteen nineteen").split()
TENS_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


ORDINAL_UNITS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
                 "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth").split()


def number_words(n: int) -> list[str]:
    """How a quoted sentence may state a number in figures or words, as a count or as an ordinal ("the 30th day
    after", "the thirtieth day following"): "60", "sixty", "forty-five", "45th", "forty-fifth".

    >>> number_words(45)
    ['45', 'forty-five', 'forty five', '45th', 'forty-fifth', 'forty fifth']
    >>> number_words(20)[-2:]
    ['20th', 'twentieth']
    """
    forms = [str(n)]
    if n < 20:
        forms.append(UNITS_WORDS[n])
    elif n < 100:
        tens, unit = TENS_WORDS[n // 10 - 2], n % 10
        forms += [tens] if not unit else [f"{tens}-{UNITS_WORDS[unit]}", f"{tens} {UNITS_WORDS[unit]}"]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    forms.append(f"{n}{suffix}")
    if n < 20:
        forms.append(ORDINAL_UNITS[n])
    elif n < 100:
        tens, unit = TENS_WORDS[n // 10 - 2], n % 10
        forms += [tens[:-1] + "ieth"] if not unit else [f"{tens}-{ORDINAL_UNITS[unit]}", f"{tens} {ORDINAL_UNITS[unit]}"]
    return forms


def states_time(text: str, hhmm: str) -> bool:
    """Whether a sentence states a time of day: "16:30" as "4:30 p.m.", "4:30 pm" or "16:30".

    >>> states_time("not later than 4:30 p.m. on the twentieth day", "16:30"), states_time("by noon", "16:30")
    (True, False)
    """
    hour, minute = (int(part) for part in hhmm.split(":"))
    twelve, half = (hour % 12 or 12), ("a" if hour < 12 else "p")
    forms = [rf"{hour:d}:{minute:02d}(?!\s*[ap]\.?\s*m)", rf"{twelve}:{minute:02d}\s*{half}\.?\s*m\b"]
    if minute == 0:
        forms.append(rf"{twelve}\s*{half}\.?\s*m\b")
    return any(re.search(rf"(?<![\d:]){form}", text, re.IGNORECASE) for form in forms)


# The word a period is counted in, as a sentence writes it ("business days", "hours’", "calendar-day").
UNIT_WORD = r"(?:(?:business|working|calendar|court)[ -])?(?:day|hour|week|month|year)s?\b"


def states_amount(text: str, amount: int) -> bool:
    """Whether the sentence states the amount, in figures or in words ("three (3)", "48 hours", "24-hours’").
    A number joined to its unit by a hyphen is still that number; "a" or "an" is one only before a unit
    ("within a year"), never on its own, or every sentence would state one:

    >>> states_amount("give 24-hours’ notice", 24), states_amount("file a complaint within 30 days", 1)
    (True, False)
    >>> states_amount("within a business day", 1), states_amount("within forty-five days", 40)
    (True, False)
    """
    ends = rf"(?:(?![\w-])|-(?={UNIT_WORD}))"  # "24" in "24-hours’", not "forty" in "forty-five"
    forms = [re.escape(form) for form in number_words(amount)] + ([rf"an?\s+(?={UNIT_WORD})"] if amount == 1 else [])
    return any(re.search(rf"(?<![\w-]){form}{'' if form.startswith('an?') else ends}", text, re.IGNORECASE)
               for form in forms)


def _sentence(text: str | None) -> str | None:
    """A condition written as a sentence: one final full stop, never two."""
    if text is None:
        return None
    text = text.strip()
    return text if text.endswith((".", "?", "!")) else text + "."


def span(period: Period) -> int:
    """The most calendar days a period can cover, with room for moving off closed days."""
    per_unit = {"days": 1, "weeks": 7, "months": 31, "years": 366}
    if period.unit in CALENDAR_UNITS:
        return period.amount * per_unit[period.unit] + 10
    if period.unit in BUSINESS_UNITS:
        return period.amount * 2 + 14
    return 0  # hours are elapsed time; they never look at the calendar


def check_calendar_reach(problems: Problems, rules, calendar, supported_from: date, supported_to: date) -> None:
    """Any date a person may enter must stay inside the calendar, however far rules count."""
    by_id = {r.id: r for r in rules}

    def reach(rule_id, direction, depth=0) -> int:
        rule = by_id.get(rule_id)
        if rule is None or depth > len(by_id):
            return 0
        return max((span(c.period) + rule.add_days  # days added on a condition make the period longer still
                    + reach(c.anchor.removeprefix(DEADLINE_ANCHOR), direction, depth + 1)
                    for c in rule.counts if c.period.direction == direction), default=0)

    after = max((reach(r.id, "after") for r in rules), default=0)
    before = max((reach(r.id, "before") for r in rules), default=0)
    latest, earliest = supported_to + timedelta(days=after), supported_from - timedelta(days=before)
    where = Where("calendar", None, "calendar")
    if latest.year > calendar.last_year:
        problems.add(where, f"counting from {supported_to} (supported_to) can reach {latest}, after the calendar "
                            "ends", f"set last_year = {latest.year} or later", key="last_year")
    if earliest.year < calendar.first_year:
        problems.add(where, f"counting back from {supported_from} (supported_from) can reach {earliest}, before "
                            "the calendar starts", f"set first_year = {earliest.year} or earlier", key="first_year")


def check_filing_covers(problems: Problems, rules, supported_from: date, supported_to: date,
                        violations_from: date | None = None) -> None:
    """A version of the filing rule is in force on every day its version date may be."""
    versions = sorted((r for r in rules if r.kind == "filing"), key=lambda r: r.effective)
    by_violation = versions and versions[0].version_date == "violation_date"
    day = (violations_from or supported_from) if by_violation else supported_from
    for rule in versions:
        if rule.effective > day:
            break
        day = max(day, rule.repealed or date.max)
    if versions and day <= supported_to:
        problems.add(TOP, f"no version of the filing rule is in force on {day}, inside the supported dates",
                     "adjust supported_from, effective or repealed", key="supported_from")
