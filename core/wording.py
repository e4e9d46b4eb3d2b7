"""Every sentence the core writes, per language, and the one way it writes a date.

The core records what it did as message keys with parameters; this module turns
them into words from the catalogues in core/messages/LANG.toml. A new language is
a new catalogue: a data change, not a code change.

    >>> from datetime import date, datetime, timedelta, timezone
    >>> format_day(date(2026, 12, 4))
    'Friday, December 4, 2026'
    >>> format_moment(datetime(2026, 10, 31, 11, 0, tzinfo=timezone(timedelta(hours=-5), "CDT")))
    '11:00 a.m. CDT, Saturday, October 31, 2026'

Where a phrase joins a date or an anchor, the language's grammar applies here, and only here
(its `[grammar]` table): a date in running text takes the form the language writes there, a
preposition merges with the article that follows it, and a sentence starts with a capital.

    >>> say("answer_file_by", "es", safe=date(2026, 12, 4))
    'Presente la queja a más tardar el viernes 4 de diciembre de 2026.'
    >>> say("waiting", "es", anchor="el día de la elección")
    'A la espera del día de la elección.'
"""

import json
import re
import string
import unicodedata
from datetime import date, datetime
from functools import lru_cache

DEFAULT_LANGUAGE = "en"


@lru_cache(maxsize=None)
def _prepared() -> dict:
    """The catalogues as the build read them for the browser (publish/prepare_python.py writes
    core/messages_prepared from these same TOML files): parsing TOML there is a twentieth of a
    first answer. Anywhere else there is none, and the TOML files are read."""
    try:
        from .messages_prepared import CATALOGUES
    except ImportError:
        return {}
    return CATALOGUES


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """One language's catalogue, read once."""
    if lang in _prepared():
        return _prepared()[lang]
    import tomllib
    from importlib import resources
    text = resources.files("core").joinpath("messages", f"{lang}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def languages() -> list[str]:
    """The languages the core can write, by code."""
    if _prepared():
        return sorted(_prepared())
    from importlib import resources
    return sorted(p.name.removesuffix(".toml") for p in resources.files("core").joinpath("messages").iterdir()
                  if p.name.endswith(".toml"))


def format_day(day: date, lang: str = DEFAULT_LANGUAGE) -> str:
    """'Friday, December 4, 2026': the weekday and the date, in words."""
    words = catalogue(lang)
    return words["date"].format(weekday=words["weekdays"][day.weekday()], month=words["months"][day.month - 1],
                                day=day.day, year=day.year)


def format_moment(moment: datetime, lang: str = DEFAULT_LANGUAGE) -> str:
    """'11:00 a.m. CDT, Saturday, October 31, 2026' for an aware local date-time (without a zone if naive)."""
    words = catalogue(lang)
    return words["time"].format(hour12=(moment.hour - 1) % 12 + 1, hour24=moment.hour,
                                minute=f"{moment.minute:02d}", ampm=words["am" if moment.hour < 12 else "pm"],
                                zone=f" {moment.tzname()}" if moment.tzname() else "", date=format_day(moment.date(), lang))


def day_in_text(day: date, lang: str = DEFAULT_LANGUAGE) -> str:
    """A date inside a sentence: 'Friday, December 4, 2026'; in Spanish 'el viernes 4 de diciembre de 2026'."""
    words = catalogue(lang)
    return words["date_in_text"].format(weekday=words["weekdays"][day.weekday()],
                                        month=words["months"][day.month - 1], day=day.day, year=day.year)


def moment_in_text(moment: datetime, lang: str = DEFAULT_LANGUAGE) -> str:
    """A date and time inside a sentence: '11:00 a.m. CDT, Saturday, October 31, 2026'."""
    words = catalogue(lang)
    return words["time_in_text"].format(hour12=(moment.hour - 1) % 12 + 1, hour24=moment.hour,
                                        minute=f"{moment.minute:02d}", ampm=words["am" if moment.hour < 12 else "pm"],
                                        zone=f" {moment.tzname()}" if moment.tzname() else "",
                                        weekday=words["weekdays"][moment.weekday()],
                                        month=words["months"][moment.month - 1], day=moment.day, year=moment.year)


def weekday_name(index: int, lang: str = DEFAULT_LANGUAGE) -> str:
    return catalogue(lang)["weekdays"][index]


QUOTED_MAX = 60
LINE_MAX = 300
ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quote_value(value) -> str:
    """A user's value as JSON writes it, shortened if long: '"2026-13-01"', '"aaaa…" (10,002 characters)'."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= QUOTED_MAX:
        return text
    closing = text[-1] if text[-1] in '"]}' else ""
    return f"{text[:QUOTED_MAX - 12]}…{closing} ({len(text):,} characters)"


def one_line(text: str, limit: int = LINE_MAX) -> str:
    r"""Text made safe for one line of a terminal: control and line-break characters escaped, at most `limit` long.

    >>> print(one_line("a\u0085b\nc"))
    a\u0085b\nc
    """
    out = "".join(ESCAPES.get(c) or (f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                                      else c) for c in text)
    return out if len(out) <= limit else out[:limit - 1] + "…"


SENTENCE_ENDS = (".", "?", "!", ":")
_FORMATTER = string.Formatter()


@lru_cache(maxsize=None)
def _contractions(lang: str) -> tuple[tuple[re.Pattern, str], ...]:
    """(a phrase's last word, then an article, as a pattern; what they become), from the catalogue."""
    rules = catalogue(lang).get("grammar", {}).get("contractions", {})
    return tuple((re.compile(rf"(^|\s){re.escape(before)}\s+$"), merged) for before, merged in rules.items())


def _join(text: str, value: str, lang: str) -> str:
    """Text, then a value: 'de' + 'el día…' is 'del día…' in Spanish."""
    article = catalogue(lang).get("grammar", {}).get("article")
    if article and value.startswith(article + " "):
        for pattern, merged in _contractions(lang):
            found = pattern.search(text)
            if found:
                return text[:found.start()] + found.group(1) + merged + value[len(article):]
    return text + value


def say(key: str, lang: str = DEFAULT_LANGUAGE, **params) -> str:
    """A sentence from the catalogue, with dates and times written out as the language writes them in
    running text, each preposition joined to the article after it, and a capital to start a sentence."""
    template = catalogue(lang)["messages"][key]
    text = ""
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if literal.startswith(".") and text.endswith("."):
            literal = literal[1:]  # a value that ends with an abbreviation ("12:00 p.m.") ends the sentence too
        text += literal
        if name is None:
            continue
        value = params[name]
        if isinstance(value, datetime):
            value = format_moment(value, lang) if spec == "heading" else moment_in_text(value, lang)
        elif isinstance(value, date):
            value = format_day(value, lang) if spec == "heading" else day_in_text(value, lang)
        else:
            value = format(_FORMATTER.convert_field(value, conversion), spec)
        text = _join(text, value, lang)
    if template.rstrip().endswith(SENTENCE_ENDS) and text[:1].islower():
        text = text[0].upper() + text[1:]
    return text


def builtin_label(table: str, item: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The default label of a built-in actor ("actor") or role ("role_label")."""
    return catalogue(lang)[table][item]


def clock(hhmm: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A time of day as the language writes it: "17:00" is '5:00 p.m.', in Spanish '5:00 p. m.'."""
    words = catalogue(lang)
    hour, minute = (int(part) for part in hhmm.split(":"))
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {words['am' if hour < 12 else 'pm']}"


def actor_in_text(actor_id: str, label: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """How a sentence names an actor that does not say so itself: the core's own words for a built-in actor
    under its own label ("el Secretario Municipal"), otherwise the language's rule for a name ("the {label}")."""
    builtin = catalogue(lang)["actor_in_text"]
    if actor_id in builtin and label == catalogue(lang)["actor"].get(actor_id):
        return builtin[actor_id]
    return catalogue(lang)["grammar"]["named"].format(label=label)


def amount(n: int, unit: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """'60 calendar days', 'one year': a period in words."""
    singular, plural = catalogue(lang)["amount"][unit]
    return (singular if n == 1 else plural).format(n=n)


@lru_cache(maxsize=None)
def _conjunction_forms(lang: str) -> dict[str, tuple[re.Pattern, str]]:
    """A conjunction's other form before some sounds: Spanish 'y' is 'e' before /i/, 'o' is 'u' before /o/."""
    forms = catalogue(lang).get("grammar", {}).get("conjunction_before", {})
    return {key: (re.compile(rule["before"], re.IGNORECASE), rule["form"]) for key, rule in forms.items()}


def _listed(items, key: str, lang: str) -> str:
    """'a or b', 'a, b or c': the last two joined by the conjunction, in the form the next word takes."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    conjunction = say(key, lang)
    form = _conjunction_forms(lang).get(key)
    if form and form[0].match(items[-1]):
        conjunction = form[1]
    return ", ".join(items[:-1]) + conjunction + items[-1]


def join_or(items: list[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """'a or b', 'a, b or c'."""
    return _listed(items, "or", lang)


def join_and(items: list[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """'a and b', 'a, b and c'; in Spanish 'a e indique …' before an /i/ sound."""
    return _listed(items, "and", lang)
