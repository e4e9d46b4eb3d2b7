"""The research a procedure rests on is in the repository (docs/sources.md): every source a
shipped procedure cites is there, every reference to a section of it names one that exists, and
nothing points at a file the repository does not have."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
ANCHORS = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', SOURCES))
TEXTS = sorted([*ROOT.glob("core/jurisdictions/*.toml"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("tests/**/*.toml"),
                *ROOT.glob("e2e/*.py"), *ROOT.glob("docs/*.md"), ROOT / "README.md"])


@pytest.mark.parametrize("procedure", sorted(ROOT.glob("core/jurisdictions/*.toml")), ids=lambda p: p.name)
def test_every_source_a_shipped_procedure_cites_is_written_up(procedure):
    cited = set(re.findall(r'https?://[^"\s]+', procedure.read_text(encoding="utf-8")))
    assert sorted(url for url in cited if url not in SOURCES) == []


def test_every_reference_to_a_section_names_one_that_exists():
    found = {(path.relative_to(ROOT).as_posix(), anchor) for path in TEXTS
             for anchor in re.findall(r"docs/sources\.md#([a-z0-9-]+)", path.read_text(encoding="utf-8"))}
    assert len(found) >= 8
    assert sorted((where, anchor) for where, anchor in found if anchor not in ANCHORS) == []
    # and each section the contents list links to is one of them
    assert set(re.findall(r"\]\(#([a-z0-9-]+)\)", SOURCES)) == ANCHORS


def test_nothing_cites_research_that_is_not_in_the_repository():
    missing = "LEGAL" + ".md"  # split so that this file does not cite it either
    assert [p.relative_to(ROOT).as_posix() for p in TEXTS if missing in p.read_text(encoding="utf-8")] == []
