"""Read as a native reader would (tests/reading.py): the built pages and every worked case's report,
in Spanish and in English, stop a reader nowhere. The same rules read the page as it is drawn in the
browser in e2e/test_reading_in_the_page.py.
"""

import functools
import json
import re
import tomllib
from datetime import date
from pathlib import Path

import pytest

from core import load_jurisdiction
from core.facts import InputError
from core.report import evaluate
from built_site import built_once
from reading import english_vocabulary, problems, report_sentences, visible_blocks

ROOT = Path(__file__).resolve().parent.parent
PROCEDURES = ["fort-collins", "illinois-model-ethics", "dc-bega", "itasca-ethics", "bethel-ethics"]
FOREIGN = english_vocabulary()


def read(text: str, lang: str) -> list[str]:
    return list(_read(text, lang))


@functools.cache  # the same sentence comes back in case after case (47,768 sentences read for Illinois in Spanish)
def _read(text: str, lang: str) -> tuple[str, ...]:
    return tuple(problems(text, lang, FOREIGN if lang == "es" else frozenset()))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_once(tmp_path_factory)  # every procedure, built once per run for the tests that read a build


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_built_page_reads_as_its_language(site, lang):
    root = site / "es" if lang == "es" else site
    pages = sorted(p for p in root.rglob("*.html") if lang == "es" or "es" not in p.relative_to(site).parts)
    assert len(pages) >= 6
    found = [f"{page.relative_to(site)}: {p}" for page in pages
             for block in visible_blocks(page.read_text(encoding="utf-8"), lang) for p in read(block, lang)]
    assert found == []


def worked_cases(jurisdiction_id):
    return json.loads((ROOT / "core" / "jurisdictions" / f"{jurisdiction_id}.cases.json").read_text(encoding="utf-8"))


def refusal(error: InputError, lang: str) -> str:
    """A refusal's sentence. The ids it lists as the ones to use (`known`) are the JSON's own keys, in English in
    every language by contract; they are left out of the reading, the sentence around them is read."""
    if "known" in error.params:
        error = InputError(error.field, error.key, **{**error.params, "known": "…"})
    return error.problem(lang)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("jurisdiction_id", PROCEDURES)
def test_every_worked_case_reads_as_its_language(jurisdiction_id, lang):
    j = load_jurisdiction(jurisdiction_id)
    found = set()
    for case in worked_cases(jurisdiction_id):
        # as the case is kept, and as a person reads it on a day between its dates (what is open, what has passed)
        for today in (None, date(2026, 12, 1)):
            try:
                sentences = list(report_sentences(evaluate(j, case["facts"], lang, today)))
            except InputError as error:  # a case that is refused: its message is read, as the page shows it
                sentences = [refusal(error, lang)]
            for sentence in sentences:
                found.update(read(sentence, lang))
    assert sorted(found) == []


def test_an_error_names_the_field_as_a_person_reads_it():
    # The page puts the field's label before the core's problem; the problem itself is a sentence of the language.
    j = load_jurisdiction("fort-collins")
    with pytest.raises(InputError) as caught:
        evaluate(j, {"violation_date": "2026-10-05", "received": "2026-10-01"}, "es")
    problem = caught.value.problem("es")
    assert problem == ("el jueves 1 de octubre de 2026 es anterior a la presunta infracción (el lunes 5 de octubre de "
                       "2026); una queja no puede presentarse antes")
    assert read(problem, "es") == []


# The reader stops at each of these, the way the issue found them on the pages: the checks are rules of
# the language, and each one is shown to catch what it is for.
FLAWED = [
    ("es", "Se cuenta después de el día en que se recibe la queja.", "contracted"),
    ("es", "Los días anteriores a el día de la elección.", "contracted"),
    ("es", "Vence martes, 27 de octubre de 2026.", "article"),
    ("es", "El último día puede ser lunes 7 de diciembre de 2026.", "article"),
    ("es", "Es la fecha. sábado 5 de diciembre de 2026 es un sábado.", "lower case"),
    ("es", "El sábado 5 de diciembre de 2026 es un sábado.", "weekday it was just named"),
    ("en", "Saturday, December 5, 2026 is a Saturday.", "weekday it was just named"),
    ("es", "El archivo está listo, con 1 fechas.", "plural after one"),
    ("en", "The calendar file is ready, with 1 dates.", "plural after one"),
    ("es", "Ordenanza n.º 029 de 2025, adoptada el 2025-03-04.", "year-month-day"),
    ("es", "Complaint Checker: su revisión", "English"),
    ("es", "violation_date: no es una fecha real", "internal name"),
]


@pytest.mark.parametrize("lang, text, what", FLAWED)
def test_the_reader_stops_where_a_native_reader_would(lang, text, what):
    found = read(text, lang)
    assert any(what in p for p in found), found


@pytest.mark.parametrize("lang, text", [
    ("es", "Vence el martes 27 de octubre de 2026."),
    ("es", "viernes, 4 de diciembre de 2026"),                   # a date standing alone, as a heading writes it
    ("es", "Un feriado que cae en domingo se observa el lunes siguiente."),
    ("es", "Si el último día es sábado, domingo o feriado, el plazo se prorroga."),
    ("es", "Las 10:00 a. m. del domingo 1 de noviembre de 2026. Después, nada."),
    ("es", "Según C.R.S. § 2-4-108, un plazo pasa al día siguiente."),
    ("es", "El archivo de calendario está listo, con una fecha."),
    ("en", "Limit 1 comes first, so it applies: Tuesday, October 27, 2026."),
    ("en", "Saturday, December 5, 2026 is a weekend day."),
])
def test_the_reader_lets_good_writing_pass(lang, text):
    assert read(text, lang) == []


# What the issue found as calques of English, and what a Spanish-speaking clerk writes instead: none of them is
# left in any Spanish text the project ships.
CALQUES = {
    "Vale de cualquier manera": "Se cumple en cualquier interpretación",
    "No puede hacerlo usted": "Usted no puede presentar la queja",
    "lectura indicada": "interpretación indicada",
    "la extensión por": "la prórroga por",
    "multa presunta": "multa predeterminada",
    "pruebas de una subsanación": "pruebas de que corrigió (subsanó) la infracción",
    "al fin y al cabo": "en lo sustancial",
    "Asesoría legal especial": "Abogado externo especial",
    "asesoramiento legal": "asesoría legal",
    "se recibe la queja (": "el Secretario Municipal recibe la queja",
    "Preséntela ante:": "Preséntela ante el Secretario Municipal.",
    "Para ir a lo seguro": "Para no correr riesgos",
    "así que lo preguntó": "por eso se lo preguntamos",
    "Entre medio": "En ese intervalo",
    "Han presentado una queja sobre mí": "Presentaron una queja contra mí",
    "Ninguna de estas": "Ninguno de ellos",
    "No estoy seguro": "No lo sé",
    "fue cerrada al público": "se celebró a puerta cerrada",
    "la petición de una audiencia": "la solicitud de audiencia",
    "Dentro de un año después": "Dentro del año siguiente",
    "A fecha de": "Datos al",
    "Lo que falta": "Lo que viene después",
    "Lo usa": "Se usa en",
    "Complaint Checker": "Verificador de quejas",
}
SPANISH_TEXTS = [ROOT / "core" / "messages" / "es.toml", ROOT / "site" / "strings" / "es.toml",
                 *[ROOT / "core" / "jurisdictions" / f"{p}.es.toml" for p in PROCEDURES]]


@pytest.mark.parametrize("path", SPANISH_TEXTS, ids=lambda p: p.name if p.parent.name != "jurisdictions" else p.stem)
def test_no_calque_of_english_is_left_in_the_spanish(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("source", None)  # the English each translation was made from
    text = json.dumps(data, ensure_ascii=False)
    assert [bad for bad in CALQUES if bad in text] == []


def test_the_spanish_names_the_receiver_with_its_article():
    fort_collins = evaluate(load_jurisdiction("fort-collins"), {}, "es")
    illinois = evaluate(load_jurisdiction("illinois-model-ethics"), {}, "es")
    assert fort_collins["jurisdiction"]["actors"]["clerk"]["in_text"] == "el Secretario Municipal"
    assert illinois["jurisdiction"]["actors"]["commission"]["in_text"] == "la Comisión de Ética"
    assert fort_collins["answers"]["clerk"]["sentence"] == ("Indique la fecha en que el Secretario Municipal recibió "
                                                           "la queja para ver qué debe hacer la oficina.")


def test_the_law_page_gives_a_spanish_summary_of_every_clause_a_rule_quotes(site):
    for procedure in PROCEDURES:
        j = load_jurisdiction(procedure)
        html = (site / "es" / procedure / "law.html").read_text(encoding="utf-8")
        quoted = {r.clause for r in j.rules if r.text}
        for anchor in quoted:
            section = re.search(rf'<section class="clause" id="{re.escape(anchor)}".*?</section>', html, re.S).group(0)
            summary = re.search(r'<p class="clause-summary"><strong>En resumen:</strong> ([^<]+)</p>', section)
            assert summary, f"{procedure} {anchor}: no summary"
            # one plain Spanish sentence, above the official English, which stays marked as English
            assert summary.group(1).count(". ") == 0 and summary.group(1).endswith(".")
            assert section.index("clause-summary") < section.index('lang="en"')
        assert "clause-summary" not in (site / procedure / "law.html").read_text(encoding="utf-8")  # English: none


def test_a_spanish_date_carries_the_summary_of_the_clause_it_implements():
    report = evaluate(load_jurisdiction("fort-collins"), {"violation_date": "2026-10-01"}, "es")
    filing = next(d for d in report["deadlines"] if d["id"] == "filing")
    assert filing["summary"].startswith("Cualquier candidato o elector registrado en la Ciudad")
    assert filing["text"].startswith("Any candidate or registered elector")  # the official English beside it
    english = evaluate(load_jurisdiction("fort-collins"), {"violation_date": "2026-10-01"}, "en")
    assert all(d["summary"] is None for d in english["deadlines"])
