"""Spanish, completely: every catalogue has every key, every procedure text is translated,
a Spanish report and the Spanish pages carry no English but the law's own words, and a
translation file with a typo or a gap is reported by `python -m core check`."""

import re
import tomllib
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest

from core import load_jurisdiction, seed_ids
from core.facts import InputError
from core.localize import missing, translatable
from core.reading import check_file
from core.report import evaluate
from core.wording import format_day, format_moment
from built_site import built_once
from reading import report_sentences as sentences  # every sentence a report gives, outside the law's words

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "core" / "jurisdictions"

# Words that are English and never Spanish: one of them in a Spanish sentence means English leaked.
ENGLISH = {"the", "and", "of", "to", "is", "are", "by", "after", "before", "within", "days", "must", "may",
           "you", "your", "this", "that", "with", "for", "on", "not", "from", "office", "complaint", "file",
           "filed", "deadline", "date", "until", "when", "which", "will", "be", "it", "in", "day", "what"}


def english_words(text: str) -> set[str]:
    """The English words in `text`, leaving out what it quotes (quoted law stays in English)."""
    unquoted = re.sub(r"«[^»]*»|“[^”]*”|\"[^\"]*\"|\S*_\S*", " ", text)  # quotes, and names like violation_date
    unquoted = re.sub(r"\b[0-9a-f]{12,64}\b", " ", unquoted)  # a digest ("cbf2fdecc6be" is not the word "be")
    return set(re.findall(r"[a-z]+", unquoted.lower())) & ENGLISH


def keys(data: dict, prefix="") -> set[str]:
    out = set()
    for k, v in data.items():
        out |= keys(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}"}
    return out


@pytest.mark.parametrize("folder", ["core/messages", "site/strings"])
def test_the_spanish_catalogue_has_every_key_of_the_english_one(folder):
    english = tomllib.loads((ROOT / folder / "en.toml").read_text(encoding="utf-8"))
    spanish = tomllib.loads((ROOT / folder / "es.toml").read_text(encoding="utf-8"))
    english.pop("grammar", None), spanish.pop("grammar", None)  # each language's own rules, not a translation
    assert keys(english) - keys(spanish) == set()
    assert keys(spanish) - keys(english) == set()


@pytest.mark.parametrize("jurisdiction_id", seed_ids())
def test_every_label_and_explanation_of_a_shipped_procedure_is_in_spanish(jurisdiction_id):
    j = load_jurisdiction(jurisdiction_id)
    assert "es" in j.languages
    assert missing(j, "es") == []
    given = j.translations["es"]
    # translated, not copied: only names and citations may read the same in both languages
    same = [k for k, english in translatable(j).items() if given[k] == english]
    assert all(k == "name" or k.endswith(".cite") or k.startswith("holidays.") for k in same), same


def test_dates_and_times_are_written_the_spanish_way():
    from datetime import datetime, timedelta, timezone
    assert format_day(date(2026, 12, 4), "es") == "viernes, 4 de diciembre de 2026"
    cdt = timezone(timedelta(hours=-5), "CDT")
    assert format_moment(datetime(2026, 10, 31, 11, 0, tzinfo=cdt), "es") == "11:00 a. m. CDT, sábado, 31 de octubre de 2026"


CASES = {
    "fort-collins": {"violation_date": "2026-10-01", "received": "2026-11-20", "complainant_role": "registered-elector",
                     "respondent_is_candidate": True, "contents": ["violator-name"],
                     "events": {"complaint-forwarded": "2026-11-23"}},
    "illinois-model-ethics": {"violation_date": "2026-10-01", "received": "2026-10-20", "respondent_is_candidate": True,
                              "election_date": "2026-11-03", "hearing_closed": True,
                              "events": {"meeting": "2026-10-22T10:00", "hearing": "2026-10-25T11:00",
                                         "hearing-concluded": "2026-10-26", "recommendation-issued": "2026-10-27"}},
    "dc-bega": {"discovered": "2026-03-02", "received": "2026-11-16", "has_documents": True, "contents": ["names-addresses"],
                "events": {"evidence-presented": "2026-12-28"}},
    "itasca-ethics": {"violation_date": "2026-10-01", "received": "2026-11-20", "complainant_role": "other"},
    "bethel-ethics": {"violation_date": "2026-10-01", "received": "2026-11-20", "complainant_role": "any-person",
                      "contents": ["section-and-evidence"]},
    "hawaii-ethics": {"violation_date": "2026-10-01", "received": "2026-10-20",
                      "events": {"charge-served": "2026-11-02", "hearing-notice": "2026-11-25",
                                 "fine-order-served": "2026-11-20"}},
    "hawaii-election-contest": {"election_date": "2026-11-03", "received": "2026-11-20", "complainant_role": "candidate",
                                "election_invalidated": True, "events": {"summons-served": "2026-11-24"}},
}


@pytest.mark.parametrize("jurisdiction_id", CASES)
def test_a_spanish_report_has_no_english_outside_the_law_it_quotes(jurisdiction_id):
    j = load_jurisdiction(jurisdiction_id)
    spanish = evaluate(j, CASES[jurisdiction_id], "es", date(2026, 11, 30))
    leaks = [(s, english_words(s)) for s in sentences(spanish) if english_words(s)]
    assert leaks == []
    assert spanish["language"] == "es"
    assert any("diciembre" in s or "noviembre" in s for s in sentences(spanish["answers"]))
    # the same check finds English in the English report: it is not a check that passes on anything
    english = evaluate(j, CASES[jurisdiction_id], "en", date(2026, 11, 30))
    assert sum(1 for s in sentences(english) if english_words(s)) > 20


@pytest.mark.parametrize("facts, field", [({"violation_date": "2026-02-30"}, "violation_date"),
                                          ({"received": "mañana"}, "received"),
                                          ({"violation_date": "2026-10-01", "colour": "red"}, "colour")])
def test_errors_are_in_spanish_and_name_the_field(facts, field):
    with pytest.raises(InputError) as caught:
        evaluate(load_jurisdiction("fort-collins"), facts, "es")
    message = caught.value.message("es")
    assert caught.value.field == field and field in message
    assert english_words(message.replace(field, "")) == set(), message


def write_procedure(tmp_path: Path, translation: str) -> Path:
    source = (SEEDS / "fort-collins.toml").read_text(encoding="utf-8")
    (tmp_path / "my-city.toml").write_text(source.replace('id = "fort-collins"', 'id = "my-city"'), encoding="utf-8")
    (tmp_path / "my-city.es.toml").write_text(translation, encoding="utf-8")
    return tmp_path / "my-city.toml"


def test_check_names_a_key_that_translates_nothing_and_suggests_the_right_one(tmp_path):
    full = (SEEDS / "fort-collins.es.toml").read_text(encoding="utf-8")
    path = write_procedure(tmp_path, full.replace("[rules.pay-fine]", "[rules.pay-fines]"))
    jurisdiction, problems = check_file(path)
    assert jurisdiction is None
    errors = [str(p) for p in problems if p.severity == "error"]
    assert len(errors) == 3  # the entry's title, task and note
    assert all("my-city.es.toml" in e and "rules.pay-fines." in e and "rules.pay-fine." in e for e in errors)


def test_check_lists_every_text_still_left_in_english_as_a_warning(tmp_path):
    full = (SEEDS / "fort-collins.es.toml").read_text(encoding="utf-8")
    without = re.sub(r'\[terms\.cure\]\nterm = "[^"]*"\nexplain = "[^"]*"\n', "", full)
    assert without != full
    jurisdiction, problems = check_file(write_procedure(tmp_path, without))
    assert jurisdiction is not None  # a gap is a warning: the English shows meanwhile
    warnings = [str(p) for p in problems]
    assert len(warnings) == 2 and all("no Spanish for" in w for w in warnings)
    assert any("terms.cure.term" in w for w in warnings) and any("terms.cure.explain" in w for w in warnings)
    # and the Spanish report falls back to the English words for exactly those
    report = evaluate(jurisdiction, {}, "es")
    assert {t["term"] for t in report["jurisdiction"]["terms"]} >= {"cure", "multa predeterminada"}


def test_a_translation_file_given_to_check_is_checked_with_its_procedure(tmp_path):
    path = write_procedure(tmp_path, "language = \"es\"\n[rules.filing]\ntitle = 5\n")
    jurisdiction, problems = check_file(path.with_name("my-city.es.toml"))
    assert jurisdiction is None
    assert any("rules.filing.title" in str(p) and "text in quotes" in str(p) for p in problems)


VOID = {"meta", "link", "input", "br", "img", "hr", "wbr", "source"}


class Text(HTMLParser):
    """The text a reader sees, leaving out what is marked as English (the law) and scripts."""

    def __init__(self):
        super().__init__()
        self.stack, self.parts = [], []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        english = (tag != "html" and dict(attrs).get("lang") == "en") or tag in ("script", "style")
        self.stack.append(english or bool(self.stack and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]) and data.strip():
            self.parts.append(data.strip())


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_once(tmp_path_factory)  # every procedure, built once per run for the tests that read a build


@pytest.mark.parametrize("page", ["index.html", "verify.html", "fort-collins/index.html", "fort-collins/law.html",
                                  "illinois-model-ethics/index.html", "illinois-model-ethics/law.html"])
def test_every_spanish_page_is_spanish_but_the_law_it_quotes(site, page):
    html = (site / "es" / page).read_text(encoding="utf-8")
    assert '<html lang="es">' in html
    for built in (html, (site / page).read_text(encoding="utf-8")):
        assert "built-in method" not in built and "{{" not in built  # a template that named a dict's method
    reader = Text()
    reader.feed(html)
    leaks = [text for text in reader.parts if english_words(text) and not text.startswith("http")]
    assert leaks == []
    # the control: the English page, read the same way, is full of English
    english = Text()
    english.feed((site / page).read_text(encoding="utf-8"))
    assert sum(1 for text in english.parts if english_words(text)) > 5
    # each page links to its other language, where the same page is
    assert re.search(r'<a class="language-switch" href="[./]*' + re.escape(page) + '" hreflang="en"', html)


def test_every_page_links_to_the_home_and_verify_page_of_its_own_language(site):
    """A Spanish page's "Todos los procedimientos" and "Verificar esta calculadora" led to the English pages; a
    procedure's pages link to the verify page of that procedure alone (verify.html#procedure=ID)."""
    from urllib.parse import urljoin
    for page in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        html = (site / page).read_text(encoding="utf-8")
        nav = re.search(r'<header class="site-header">.*?</header>', html, re.S).group(0)
        # its own links (the language switch, which leads to the other language, has a class and is not read)
        links = {urljoin("/" + page, href) for href in re.findall(r'<a href="([^"]+)"', nav)}
        home = "/es/" if page.startswith("es/") else "/"
        procedure = page.removeprefix("es/").split("/")[0] if page.removeprefix("es/").count("/") else None
        verify = home + "verify.html" + (f"#procedure={procedure}" if procedure else "")
        assert {home + "index.html", verify} <= links, (page, links)
        assert all(link.startswith(home) for link in links), (page, links)


def test_the_spanish_law_page_says_the_official_text_is_the_english_one(site):
    html = (site / "es" / "fort-collins" / "law.html").read_text(encoding="utf-8")
    assert "El texto oficial de la ley está en inglés" in html
    assert '<p class="law-text" lang="en">Any candidate or registered elector in the City' in html
