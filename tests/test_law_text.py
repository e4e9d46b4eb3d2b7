"""The law text: each jurisdiction file reproduces its ordinance, and every sentence
that sets a deadline, window, condition, content, option, stage or fine is quoted
word for word by a rule."""

import re
from pathlib import Path

import pytest

from core import load_jurisdiction
from core.reading.problems import normalize_space

SEEDS = Path(__file__).with_name("seeds")
SEED_FILES = {"fort-collins": "000_68d217efe2e33f61.txt",
              "illinois-model-ethics": "002_cdeb007f3905d4d1.txt"}
# Every other shipped procedure keeps its complete official text beside it, as
# core/jurisdictions/sources/ID.txt, with where it came from in sources/README.md.
SOURCES = Path(__file__).parents[1] / "core" / "jurisdictions" / "sources"
SOURCE_TEXTS = {**{i: SEEDS / f for i, f in SEED_FILES.items()},
                **{p.stem: p for p in sorted(SOURCES.glob("*.txt"))}}


def seed_text(jurisdiction_id):
    return SOURCE_TEXTS[jurisdiction_id].read_text(encoding="utf-8")


def sentences(text):
    """Lines, then sentences within a line ("a." and "(1)" enumerators stay attached;
    a list bullet is layout, not words of the law)."""
    for line in text.splitlines():
        for sentence in re.split(r"(?<=[a-z0-9)]{2}\.)\s+", line.strip().lstrip("• ")):
            if sentence:
                yield normalize_space(sentence)


def quoted_texts(jurisdiction):
    texts = [r.text for r in jurisdiction.rules if r.text]
    texts += [jurisdiction.eligibility.text, jurisdiction.contents_text or ""]
    texts += [item.text for item in jurisdiction.contents]
    texts += [c.text for c in (jurisdiction.counting, *jurisdiction.countings)]  # a counting rule quoted whole
    return [normalize_space(t) for text in texts for t in text.split("…")]


@pytest.mark.parametrize("jurisdiction_id", SOURCE_TEXTS)
def test_clauses_reproduce_the_ordinance_exactly(jurisdiction_id):
    jurisdiction = load_jurisdiction(jurisdiction_id)
    assembled = " ".join(c.text for c in jurisdiction.current_clauses())
    assert normalize_space(assembled) == normalize_space(seed_text(jurisdiction_id))


@pytest.mark.parametrize("jurisdiction_id", SOURCE_TEXTS)
def test_every_sentence_of_the_ordinance_is_implemented_by_a_rule(jurisdiction_id):
    quotes = quoted_texts(load_jurisdiction(jurisdiction_id))
    unquoted = [s for s in sentences(seed_text(jurisdiction_id)) if not any(s in q for q in quotes)]
    assert unquoted == []


@pytest.mark.parametrize("jurisdiction_id", SOURCE_TEXTS)
def test_every_rule_cites_a_clause_and_a_source(jurisdiction_id):
    jurisdiction = load_jurisdiction(jurisdiction_id)
    for rule in jurisdiction.rules:
        assert jurisdiction.clause(rule.clause).cite
        assert (rule.source or jurisdiction.source).startswith("http")
