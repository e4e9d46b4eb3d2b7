"""One Spanish term for each concept, on every page and in every report.

A native reader stopped at drift between terms that mean the same thing in this product ("elector registrado" and
"elector inscrito", "denunciado" and "persona denunciada", "interpretación" and "lectura"), and at phrases no reader
would write ("A la espera de un acto", "descargando 4.1 MB (van 0.2 MB)"). The glossary below is the product's:
each concept, the one term used for it, and the variants that drift from it. A variant is caught wherever a person
would read it: the interface's words, the core's sentences, every procedure's translation, and every report a worked
case gives in Spanish. A new text that drifts fails here, with the term to use instead.

Two distinctions are the law's own, not drift, and stay:
- Hawaii's HRS § 84-31 distinguishes a *charge* (what a person files) from the *complaint* the commission may issue
  after it; the Spanish is "denuncia" for the first and "queja formal" for the second, in that procedure only.
- Fort Collins' code says "working days" where other codes say "business days": "días laborables" and "días hábiles".
"""

import json
import re
from pathlib import Path

import pytest

from core import load_jurisdiction, seed_ids
from core.cases import outcome_for
from reading import report_sentences

ROOT = Path(__file__).resolve().parent.parent

# concept: (the term, the pattern of what drifts from it, the files where the pattern is the law's own distinction)
GLOSSARY = {
    "registered elector": ("elector registrado / electora registrada",
                           re.compile(r"\belector(?:a|es|as)? inscrit[oa]s?\b", re.I), ()),
    "the respondent": ("la persona denunciada",
                       re.compile(r"\b(?:el|del|al|la|los|las|un|una) denunciad[oa]s?\b", re.I), ()),
    "a complaint": ("la queja",
                    re.compile(r"\bdenuncias?\b", re.I), ("hawaii-ethics.es.toml",)),
    "a reading of unclear law": ("una interpretación",
                                 re.compile(r"\blecturas?\b", re.I), ()),
    "waiting on another step": ("pendiente de otro paso",
                                re.compile(r"\ba la espera de un acto\b", re.I), ()),
    "how much is downloaded": ("({done} ya descargados)",
                               re.compile(r"\(van \{?\w+\}?", re.I), ()),
}

SPANISH_SOURCES = sorted([ROOT / "site" / "strings" / "es.toml", ROOT / "core" / "messages" / "es.toml",
                          *(ROOT / "core" / "jurisdictions").glob("*.es.toml")])


def drift(text: str, where: str) -> list[str]:
    """Each glossary term `text` drifts from, said as what to write instead."""
    found = []
    for concept, (term, variant, own) in GLOSSARY.items():
        if where.split(":")[0] in own:
            continue
        for match in variant.finditer(text):
            found.append(f"{where}: «{match.group(0)}» for {concept}; write «{term}»")
    return found


@pytest.mark.parametrize("path", SPANISH_SOURCES, ids=lambda p: p.name if p.parent.name == "jurisdictions"
                         else f"{p.parent.name}/{p.name}")
def test_every_spanish_text_uses_the_glossarys_term(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    problems = [p for number, line in enumerate(lines, 1) if not line.lstrip().startswith("#")
                for p in drift(line, f"{path.name}:{number}")]
    assert problems == []


@pytest.mark.parametrize("jurisdiction_id", seed_ids())
def test_every_spanish_report_of_a_worked_case_uses_the_glossarys_term(jurisdiction_id):
    j = load_jurisdiction(jurisdiction_id)
    cases = json.loads((ROOT / "core" / "jurisdictions" / f"{jurisdiction_id}.cases.json").read_text(encoding="utf-8"))
    own = f"{jurisdiction_id}.es.toml"
    problems, read = [], 0
    for case in cases:
        outcome = outcome_for(j, case["facts"], case.get("today"), "es")  # a refusal's message is read too
        for sentence in report_sentences(outcome):
            problems += drift(sentence, own)
            read += 1
    assert read >= 10 * len(cases)  # every case gave sentences to read, not a refusal each
    assert sorted(set(problems)) == []


@pytest.mark.parametrize("text, found", [
    ("Fechas del denunciado", "the respondent"),
    ("Soy elector inscrito en la Ciudad.", "registered elector"),
    ("Esta lectura sigue la Regla Civil 6(a).", "a reading of unclear law"),
    ("Presente la denuncia ante la Secretaría.", "a complaint"),
    ("A la espera de un acto", "waiting on another step"),
    ("descargando 4.1 MB (van 0.2 MB)", "how much is downloaded"),
])
def test_the_glossary_catches_each_drift_the_reader_found(text, found):
    assert [p for p in drift(text, "x") if found in p], text


def test_the_laws_own_distinctions_are_not_drift():
    assert drift("Presentar la denuncia ante la Comisión Estatal de Ética", "hawaii-ethics.es.toml") == []
    assert drift("Un miembro de la Junta denunciado no vota", "x") == []  # an adjective, not the respondent's name
    assert drift("la persona denunciada y el denunciante", "x") == []
