"""Issue 38: a build that scales with what changed. Each procedure's worked cases are checked here (CPython) and
in the browser's Python (Pyodide, in Node) on their own, each result kept by content: an edit to one procedure
runs that one again, and the others' kept results are reused, not recomputed. The browser's Python does not
depend on which procedures a site holds, and a procedure whose path needs a module it lacks stops the build."""

import io
import re
import zipfile
from pathlib import Path

import pytest

import build
from publish import browser_python

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "jurisdictions" / "continuing.toml"  # small, with worked cases (2), no translation


def library(folder: Path, count: int) -> list[str]:
    """`count` copies of the fixture, each with an id of its own (its cases beside it)."""
    folder.mkdir(parents=True, exist_ok=True)
    text, cases = FIXTURE.read_text(encoding="utf-8"), FIXTURE.with_name("continuing.cases.json").read_bytes()
    paths = []
    for number in range(count):
        path = folder / f"copy-{number}.toml"
        path.write_text(text.replace('id = "continuing"', f'id = "copy-{number}"', 1), encoding="utf-8")
        path.with_name(f"copy-{number}.cases.json").write_bytes(cases)
        paths.append(str(path))
    return paths


def kept(folder: Path) -> dict[str, int]:
    """Each kept result, by name, with when it was written."""
    return {p.name: p.stat().st_mtime_ns for p in folder.rglob("*.json")}


@pytest.fixture
def own_caches(tmp_path, monkeypatch):
    """Empty caches for the per-procedure results (the browser's Python itself and the compressed files stay
    shared: they do not depend on the procedures)."""
    cases, checked = tmp_path / "cache" / "cases", tmp_path / "cache" / "checked"
    monkeypatch.setattr(build, "CASES_CACHE", cases)
    monkeypatch.setattr(browser_python, "CHECKED_CACHE", checked)
    return cases, checked


def test_an_edit_to_one_procedure_checks_that_one_again_and_reuses_the_others(tmp_path, own_caches, monkeypatch, capsys):
    cases_cache, checked_cache = own_caches
    run = []  # the procedures each build ran in the browser's Python, batch by batch
    batch = browser_python._check_batch
    monkeypatch.setattr(browser_python, "_check_batch",
                        lambda todo, *rest: run.append(sorted(jid for jid, *_ in todo)) or batch(todo, *rest))
    paths = library(tmp_path / "library", 3)

    assert build.main(["--out", str(tmp_path / "one"), *[f"--jurisdiction={p}" for p in paths]]) == 0
    # 3 procedures, none kept yet: each read and run here and in the browser's Python, and said so
    assert sorted(jid for ids in run for jid in ids) == ["copy-0", "copy-1", "copy-2"]
    assert "build: checking 3 procedure(s) in the browser's Python" in capsys.readouterr().err
    assert len(kept(cases_cache)) == 3 and len(kept(checked_cache)) == 3
    before_cases, before_checked = kept(cases_cache), kept(checked_cache)

    edited = Path(paths[1])
    edited.write_text(edited.read_text(encoding="utf-8").replace("Ethics complaints (test fixture)",
                                                                 "Ethics complaints (an edited fixture)"), encoding="utf-8")
    run.clear()
    assert build.main(["--out", str(tmp_path / "two"), *[f"--jurisdiction={p}" for p in paths]]) == 0
    # the edited one alone runs again; the two others' results are read back as they were written (same times)
    assert run == [["copy-1"]]
    assert "build: checking 1 procedure(s) in the browser's Python" in capsys.readouterr().err
    for before, folder in ((before_cases, cases_cache), (before_checked, checked_cache)):
        now = kept(folder)
        assert len(now) == 4 and {name: now[name] for name in before} == before  # one new entry, none rewritten
    assert "an edited fixture" in (tmp_path / "two" / "copy-1" / "index.html").read_text(encoding="utf-8")

    # What the kept results give is what a build with nothing kept gives, byte for byte.
    monkeypatch.setattr(build, "CASES_CACHE", tmp_path / "empty" / "cases")
    monkeypatch.setattr(browser_python, "CHECKED_CACHE", tmp_path / "empty" / "checked")
    assert build.main(["--out", str(tmp_path / "fresh"), *[f"--jurisdiction={p}" for p in paths]]) == 0
    assert sorted(jid for ids in run[1:] for jid in ids) == ["copy-0", "copy-1", "copy-2"]
    two, fresh = tmp_path / "two", tmp_path / "fresh"
    assert {p.relative_to(two): p.read_bytes() for p in two.rglob("*") if p.is_file()} == {
        p.relative_to(fresh): p.read_bytes() for p in fresh.rglob("*") if p.is_file()}


def test_the_browsers_python_does_not_depend_on_the_procedures_a_site_holds(tmp_path, own_caches):
    """Issue 38: the archive was prepared again whenever any procedure changed, running every procedure's cases."""
    build.build(library(tmp_path / "library", 2), tmp_path / "site")
    [folder] = (tmp_path / "site" / "python").iterdir()
    assert f"python/{folder.name}/" == build.hashed_folder("python", browser_python.prepare())
    # ... which the shipped procedures' paths decide: a fixed set, not the site's list
    assert set(browser_python.PROBE_SET) <= set(build.seed_ids())


def test_a_procedure_whose_path_needs_a_module_the_archive_lacks_stops_the_build(tmp_path, own_caches, monkeypatch,
                                                                                 capsys):
    """The archive holds what the probe set's paths import; a procedure that reaches for anything else would break
    in the page. Here the archive lacks core/cases (which the verify page's worked cases import when run)."""
    prepare = browser_python.prepare

    def without_core_cases():
        files = prepare()
        unimportable = browser_python._UNIMPORTABLE[browser_python._digest(files["python_stdlib.zip"])]
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(files["python_stdlib.zip"])) as archive, \
                zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as trimmed:
            for info in archive.infolist():
                if info.filename != "core/cases.pyc":
                    trimmed.writestr(info, archive.read(info))
        browser_python._UNIMPORTABLE[browser_python._digest(out.getvalue())] = unimportable
        return {"python_stdlib.zip": out.getvalue()}

    monkeypatch.setattr(browser_python, "prepare", without_core_cases)
    [path] = library(tmp_path / "library", 1)
    assert build.main(["--jurisdiction", path, "--out", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert re.search(r"^copy-0: its path in the page imports core\.cases, which the browser's Python does not hold",
                     err, re.M), err
    assert "1 procedure(s) would not work in the browser as they do here; nothing was built" in err
    assert "Traceback" not in err and not (tmp_path / "site").exists()
    assert list((tmp_path / "cache" / "checked").rglob("*.json")) == []  # a failure is not kept as a result
