"""Reading text as a native reader would, and saying where they would stop.

Used over the built pages and every worked case's report (tests/test_reading.py), and
over the page as drawn in the browser (e2e/test_what_a_person_reads.py). Each check is
a rule of the language, not a list of known bad sentences: a new sentence that breaks
the rule is caught too.
"""

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WEEKDAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
}
MONTHS_EN = "January|February|March|April|May|June|July|August|September|October|November|December"
# Words that may stand before a weekday in Spanish running text: its article, or a list or range.
BEFORE_A_WEEKDAY_ES = {"el", "del", "al", "los", "cada", "un", "o", "u", "y", "e", "de", "a", "entre", "ni", "ese",
                       "este", "aquel", "próximo", "siguiente"}
# Abbreviations after which a lower-case word does not start a sentence.
ABBREVIATIONS = re.compile(r"(?:\b[ap]\.|\b[ap]\. ?m\.|\b(?:[A-Z]\.){2,}|\bn\.º|\bOrd\.|\bnúm\.|\betc\.|\be\.g\.|\bi\.e\.|\bSt\.|\bNo\.|\bart\.|\bapdo\.)$")
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
FIELD_KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
ONE_AND_A_PLURAL = re.compile(r"(?<![\d.,])\b1 ([a-záéíóúñ]+)\b")
# Nouns a number counts in either language, as plurals; "1" before one of them is a plural after one.
COUNTED = {"days", "dates", "weeks", "months", "years", "hours", "complaints", "cases", "items", "deadlines",
           "things", "duties", "días", "fechas", "semanas", "meses", "años", "horas", "quejas", "casos",
           "elementos", "plazos", "cosas", "obligaciones", "deberes"}
# Addresses, file names and time zone names (America/New_York) are names, not words of either language.
WEB_NAMES = re.compile(r"https?://\S+|\b[\w-]+\.(?:json|js|mjs|html|toml|ics|txt|wasm|zip|svg)\b"
                       r"|\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z_/]+")
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-záéíóúñü]+", QUOTED.sub(" ", text).lower()))


def _catalogue_words(lang: str) -> set[str]:
    words = set()

    def collect(value):
        if isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)
        elif isinstance(value, str):
            words.update(_words(re.sub(r"\{[^}]*\}", " ", value)))

    for folder in ("core/messages", "site/strings"):
        data = tomllib.loads((ROOT / folder / f"{lang}.toml").read_text(encoding="utf-8"))
        data.pop("grammar", None)
        collect(data)
    return words


def english_vocabulary() -> set[str]:
    """Words of the interface's own English that its Spanish never uses: one on a Spanish page is English left there."""
    return {w for w in _catalogue_words("en") - _catalogue_words("es") if len(w) > 2}


def sentences_of(block: str) -> list[str]:
    """The sentences of a block of text, split where a sentence ends (not after an abbreviation)."""
    out, start = [], 0
    for match in re.finditer(r"[.!?»”)]*[.!?][»”)]*\s+", block):
        if ABBREVIATIONS.search(block[start:match.end()].rstrip()):
            continue
        out.append(block[start:match.end()].strip())
        start = match.end()
    out.append(block[start:].strip())
    return [s for s in out if s]


def problems(block: str, lang: str, foreign: set[str] = frozenset()) -> list[str]:
    """What a reader of `lang` would stop at in one block of text (a paragraph, an item, a label)."""
    found = []
    text = WEB_NAMES.sub("(…)", QUOTED.sub("«…»", block))  # quoted law is the law's own words; addresses are names
    say = lambda what: found.append(f"{what}: {block!r}")  # noqa: E731
    if lang == "es":
        for m in re.finditer(r"\b([Dd]e|[Aa]) el\b", text):
            say(f"«{m.group(0)}» should be contracted")
        # a weekday that names a date ("el martes 27 de octubre") takes its article in running text
        for m in re.finditer(r"(\S+)\s+(" + "|".join(WEEKDAYS["es"]) + r"),?\s+\d{1,2} de", text):
            if m.group(1).lower().strip("(") not in BEFORE_A_WEEKDAY_ES and not m.group(1).endswith((":", ",")):
                say(f"the weekday after «{m.group(1)}» needs its article (el {m.group(2)})")
        if foreign:
            english = sorted(_words(text) & foreign)
            if english:
                say(f"English on a Spanish page ({', '.join(english)})")
    for m in ONE_AND_A_PLURAL.finditer(text):
        if m.group(1) in COUNTED:
            say(f"«1 {m.group(1)}» is a plural after one")
    for sentence in sentences_of(text)[1:]:
        first = re.match(r"[¿¡«“\"]?([^\W\d_])", sentence)  # a sentence opening on "§" or "(" is left alone
        if first and first.group(1).islower():
            say(f"a sentence starts in lower case ({sentence[:30]!r})")
    if ISO_DATE.search(text):
        say("a date written as year-month-day in running text")
    if FIELD_KEY.search(text):
        say(f"a field's internal name ({FIELD_KEY.search(text).group(0)})")
    days = "|".join(WEEKDAYS[lang])
    tautology = {"en": rf"\b({days}), (?:{MONTHS_EN}) \d+, \d{{4}} is an? \1\b",
                 "es": rf"\b({days}) \d+ de [a-z]+ de \d{{4}} es (?:un )?\1\b"}[lang]
    if re.search(tautology, text, re.IGNORECASE):
        say("says a day is the weekday it was just named with")
    return found


BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "td", "th", "dt", "dd", "label", "legend", "button", "summary",
          "caption", "figcaption", "option", "title", "div", "section", "a", "output", "small"}
VOID = {"meta", "link", "input", "br", "img", "hr", "wbr", "source"}


class VisibleText(HTMLParser):
    """The blocks of text a reader of a built page sees, leaving out what is marked as another language, the law's
    own words, and scripts."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang, self.stack, self.blocks, self.current = lang, [], [], []

    def _flush(self):
        text = re.sub(r"\s+", " ", "".join(self.current)).strip()
        if text:
            self.blocks.append(text)
        self.current = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        if tag in BLOCKS:
            self._flush()
        attrs = dict(attrs)
        # the law's own words (checked against the official text by tests/test_law_text.py) are not the page's
        law = "law-text" in (attrs.get("class") or "").split()
        other = (tag != "html" and attrs.get("lang") not in (None, self.lang)) or tag in ("script", "style", "template") or law
        self.stack.append(other or bool(self.stack and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.stack:
            self.stack.pop()
        if tag in BLOCKS:
            self._flush()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.current.append(data)


def visible_blocks(html: str, lang: str) -> list[str]:
    reader = VisibleText(lang)
    reader.feed(html)
    reader._flush()
    return reader.blocks


def report_sentences(value, skip=frozenset({"text", "source", "url", "contents_text", "about", "id", "field",
                                             "rule", "key", "fact", "anchor", "sources", "address", "mail"})):
    """Every piece of text a report gives a reader, outside the law's own words, what the person typed, ids, and
    the pages an office's details are cited from (each titled as it is published, in its own language), and its
    postal address (published as the post writes it, not translated)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from report_sentences(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from report_sentences(v, skip)
    elif isinstance(value, str) and " " in value:
        yield value
