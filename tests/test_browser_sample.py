"""The procedures the browser tests run on (e2e/sampling.py): a sample with every feature the library has, that
pulls in a procedure bringing a new one, and that does not grow with copies of what is already there.

Every procedure's worked cases and properties run here in CPython whatever the sample; the sample decides only
which procedures the browser tests build and open (all of them with COMPLAINT_CHECKER_FULL_BROWSER=1)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from e2e import sampling
from scripts.suite_growth import add_copies

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "core" / "jurisdictions"

# A procedure file cut down to a few keys, and what it uses, worked out by hand from the format's schema: each key
# where it is (a list's items under "[]"; the ids that name a calendar's assumptions are one key, "*"); each value
# the schema enumerates (level, a count's unit, a rule's kind) or that is true or false; and its translation.
SMALL = """
id = "small"
level = "county"
languages = ["en", "es"]
[calendar]
observed = "sunday-to-monday"
assumptions = { closed-on-fridays = "The office is closed on Fridays.", no-mail = "Mail is not read." }
[[rules]]
id = "filing"
kind = "filing"
no_limit = true
[[rules]]
id = "answer"
kind = "deadline"
count = { from = "received", amount = 10, unit = "business-days" }
"""
SMALL_FEATURES = {
    "id", "level", 'level="county"', "languages", 'languages[]="en"', 'languages[]="es"',
    "calendar", "calendar.observed", 'calendar.observed="sunday-to-monday"', "calendar.assumptions",
    "calendar.assumptions.*",
    "rules", "rules[].id", "rules[].kind", 'rules[].kind="filing"', 'rules[].kind="deadline"',
    "rules[].no_limit", "rules[].no_limit=true",
    "rules[].count", "rules[].count.from", "rules[].count.amount", "rules[].count.unit",
    'rules[].count.unit="business-days"',
    "translation=es",
}


def library(tmp_path: Path, n: int = 0) -> Path:
    """A copy of the shipped procedures, with copies of them under new ids up to n procedures."""
    folder = tmp_path / "jurisdictions"
    shutil.copytree(SHIPPED, folder)
    add_copies(folder, n)
    return folder


def every_feature(folder: Path, ids) -> set[str]:
    files = sampling.procedure_files(folder)
    return set().union(*(sampling.features(files[pid]) for pid in ids))


def test_a_procedures_features_are_the_keys_and_enumerated_values_its_file_uses(tmp_path):
    (tmp_path / "small.toml").write_text(SMALL, encoding="utf-8")
    (tmp_path / "small.es.toml").write_text('title = "Quejas"\n', encoding="utf-8")
    assert sampling.features(tmp_path / "small.toml") == SMALL_FEATURES


def test_the_sample_has_every_feature_of_the_shipped_procedures():
    shipped = sampling.procedure_files()
    chosen = sampling.sample()
    assert set(chosen) <= set(shipped)
    assert every_feature(SHIPPED, chosen) == every_feature(SHIPPED, shipped)


def test_the_procedures_the_browser_tests_name_are_in_the_sample():
    # Each is opened by its id in e2e/ (e2e/test_what_a_person_reads.py opens Carol Stream's checker).
    assert {"fort-collins", "illinois-model-ethics", "carol-stream-ethics"} <= set(sampling.sample())


def test_a_name_is_a_whole_id_written_in_a_test(tmp_path):
    (tmp_path / "test_x.py").write_text('page.goto("itasca-ethics/index.html")\nOTHER = "fort-collins-copy-1"\n'
                                        'FOLDERS = ["old-fec", "fec-2024"]\n')
    assert sampling.named_in(["itasca-ethics", "fort-collins", "fort-collins-copy-1", "fec"], tmp_path) == [
        "fort-collins-copy-1", "itasca-ethics"]


def test_the_cover_takes_the_named_then_the_most_new_features_the_first_by_id_on_a_tie():
    # a, b and c each have two features of x, y, z; d has w. Named d first (w); then a, b and c each bring two
    # new ones, and a is first by id (x, y); then b and c each bring z, and b is first. Every feature: a, b, d.
    featured = {"a": frozenset("xy"), "b": frozenset("xz"), "c": frozenset("yz"), "d": frozenset("w")}
    assert sampling.covering_sample(featured, ["d"]) == ["a", "b", "d"]
    assert sampling.covering_sample(featured) == ["a", "b", "d"]
    assert sampling.covering_sample(featured, ["c", "nowhere"]) == ["a", "c", "d"]  # c, then a (x), then d (w)


def test_copies_of_the_shipped_procedures_add_nothing_so_the_sample_stays_as_small_at_200(tmp_path):
    folder = library(tmp_path, 200)
    assert len(sampling.procedure_files(folder)) == 200
    assert sampling.sample(folder) == sampling.sample()


def test_a_procedure_with_a_feature_no_other_has_is_pulled_in(tmp_path):
    folder = library(tmp_path, 20)
    # A county's procedure: no shipped one is at that level. Made from a copy that brings nothing else new.
    copy = folder / "dc-bega-copy-1.toml"
    assert "dc-bega-copy-1" not in sampling.sample(folder)
    copy.write_text(copy.read_text(encoding="utf-8").replace('level = "state"', 'level = "county"'), encoding="utf-8")
    assert 'level="county"' in sampling.features(copy)
    chosen = sampling.sample(folder)
    assert "dc-bega-copy-1" in chosen
    assert every_feature(folder, chosen) == every_feature(folder, sampling.procedure_files(folder))


@pytest.mark.parametrize("value, full", [("", False), ("0", False), ("1", True), ("yes", True)])
def test_the_full_matrix_is_asked_for_by_the_environment(monkeypatch, value, full):
    monkeypatch.setenv(sampling.FULL, value)
    assert sampling.full_matrix() is full


def test_the_browser_tests_take_the_procedures_in_the_site_from_the_sample():
    # A browser test that runs over every shipped procedure (seed_ids(), or the folder's files) would open pages the
    # sampled site does not have; it takes them from browser_procedures() (e2e/conftest.py) instead.
    listing = ("seed_ids(", 'glob("*.toml")', "glob('*.toml')")
    found = [f"{path.name}: {line.strip()}" for path in sorted((ROOT / "e2e").glob("*.py")) if path.name != "sampling.py"
             for line in path.read_text(encoding="utf-8").splitlines() if any(s in line for s in listing)]
    assert found == [], "use browser_procedures() from e2e/conftest.py:\n" + "\n".join(found)


def test_a_case_asked_in_both_languages_runs_in_one_in_turn_and_a_file_runs_both():
    """Worked by hand: file a.py asks three cases in both languages (x, y, z, in that order) and one case only in
    English (w); b.py asks one case in both. a.py's x runs in English, y in Spanish, z in English again; w, asked in
    one language, runs; b.py's only case runs in both, so that each file runs each language it asks."""
    cases = [("a.py", "x", "en"), ("a.py", "x", "es"), ("a.py", "w", "en"), ("a.py", "y", "en"), ("a.py", "y", "es"),
             ("a.py", "z", "es"), ("a.py", "z", "en"), ("b.py", "v", "en"), ("b.py", "v", "es"),
             ("a.py", "u", None)]
    assert sampling.one_language_each(cases) == [True, False, True, False, True, False, True, True, True, True]


def test_every_browser_file_that_asks_both_languages_still_runs_both():
    """The rule above over the real suite: collected by pytest as the test command collects it (the doctests of
    core/ and tests/ with it; no browser), every e2e file that asks a case in both languages still runs at least one
    case in each."""
    listed = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--collect-only",
                             "-p", "no:randomly"], capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, sampling.FULL: ""})
    assert listed.returncode == 0, listed.stdout[-3000:] + listed.stderr  # an error in the sample stops every run
    ids = [line for line in listed.stdout.splitlines() if "::" in line]
    asked: dict[str, set[str]] = {}
    for test_id in ids:
        for lang in ("en", "es"):
            if f"[{lang}]" in test_id or f"-{lang}]" in test_id or f"[{lang}-" in test_id:
                asked.setdefault(test_id.split("::")[0], set()).add(lang)
    assert len(asked) >= 8, asked  # the files with cases named by their language (today 10 or more)
    assert {f: langs for f, langs in asked.items() if langs != {"en", "es"}} == {}  # a file left with one language
