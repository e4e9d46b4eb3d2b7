"""What a page may say of a procedure, read from the procedure's own file (its TOML, and the translation beside
it), never from the code under test: each clause's citation, the words the file holds, and the words a page may
only take from it. Used in CPython (tests/test_every_page_reads_true.py) and in the browser
(e2e/test_a_procedure_reads_true_in_the_page.py)."""

import re
import tomllib
from functools import cache
from pathlib import Path


@cache
def source(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@cache
def translation(path: Path, lang: str) -> dict:
    beside = path.with_name(f"{path.stem}.{lang}.toml")
    return tomllib.loads(beside.read_text(encoding="utf-8")) if beside.is_file() else {}


def cites(path: Path, lang: str) -> dict[str, set[str]]:
    """Each clause's citation, as the file writes it (and as its translation does, on that language's pages)."""
    out = {c["anchor"]: {c["cite"]} for c in source(path)["clauses"]}
    for anchor, entry in translation(path, lang).get("clauses", {}).items():
        if isinstance(entry, dict) and "cite" in entry and anchor in out:
            out[anchor].add(entry["cite"])
    return out


def own_words(path: Path, lang: str) -> str:
    """Every string the procedure's file (and its translation) holds, joined: the words a page may take from it."""
    def strings(value):
        if isinstance(value, dict):
            for k, v in value.items():
                yield k
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)
        elif isinstance(value, str):
            yield value
    return "\n".join([*strings(source(path)), *strings(translation(path, lang))])


# What a missing value prints as ("None of these" is a choice, not a missing value).
PLACEHOLDER = re.compile(r"\bNone\b(?! of)|\bundefined\b|\bnull\b|\bNaN\b|\[object |\{[a-z_]+\}|\{\{|\}\}")
# Words that name an institution: a page may say them only in the procedure's own words.
INSTITUTIONS = {"en": re.compile(r"\b(City|Village|Town|County|State|[Cc]ommission|chapter)\b"),
                "es": re.compile(r"\b(Ciudad|Municipio|Condado|[Cc]omisión|capítulo)\b")}  # ("Estado" is a status)
INSTITUTION_LETTERS = {lang: re.compile(words.pattern.replace(r"\b", "")) for lang, words in INSTITUTIONS.items()}


@cache
def own_phrases(path: Path, lang: str) -> frozenset[str]:
    """The procedure's own words cut into lines and sentences (read once a file and language, not once a block)."""
    return frozenset(re.split(r"\n|(?<=[.;:]) ", own_words(path, lang)))


def institutions_not_its_own(block: str, path: Path, lang: str, also=()) -> list[str]:
    """The words naming an institution that a block of page text says outside the procedure's own words (and
    `also`, such as the labels of the built-in actors it uses): "the City's form" on a village's page."""
    if not INSTITUTION_LETTERS[lang].search(block):
        return []  # taking phrases out (each for a space) never makes a word that the block does not spell
    phrases = {*own_phrases(path, lang), *also}
    rest = block
    for phrase in sorted(phrases, key=len, reverse=True):
        if len(phrase) > 3 and phrase in rest:
            rest = rest.replace(phrase, " ")
    return INSTITUTIONS[lang].findall(rest)
