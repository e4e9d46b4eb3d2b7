"""The build: byte-for-byte reproducible; content-hashed, precompressed files; every file a
page loads checked against this build's hashes; the browser's Python compiled and trimmed;
a service worker that keeps the build; a build that refuses a broken procedure, and one that
never writes over anything but its own output."""

import base64
import gzip
import hashlib
import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import brotli
import pytest

import build
from built_site import built_once
from publish.progress import PREFIX as PROGRESS

ROOT = Path(__file__).resolve().parent.parent


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    # The run's shared build of every procedure (tests/built_site.py), and one more made here.
    first, second = built_once(tmp_path_factory), tmp_path_factory.mktemp("b") / "dist"
    build.build(None, second)
    return tree(first), tree(second)


def test_building_twice_gives_byte_identical_sites(two_builds):
    first, second = two_builds
    assert sorted(first) == sorted(second)
    different = [path for path in first if first[path] != second[path]]
    assert different == []


def refusal(capsys) -> str:
    """What the build said on standard error, without the lines that say how far it is (publish/progress.py)."""
    return "\n".join(line for line in capsys.readouterr().err.splitlines()
                     if not line.startswith(PROGRESS)).strip()


def only(files, pattern):
    [found] = [p for p in files if re.fullmatch(pattern, p)]
    return found


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_source_date_epoch_dates_the_build_and_nothing_else_changes(tmp_path, monkeypatch, two_builds):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1893456000")  # 2030-01-01
    build.build(None, tmp_path / "dist")
    dated = tree(tmp_path / "dist")
    assert json.loads(dated["manifest.json"])["build_date"] == "2030-01-01"
    assert '<time datetime="2030-01-01">' in dated["index.html"].decode()
    unchanged = [only(dated, r"pyodide/[0-9a-f]{16}/pyodide\.asm\.wasm"), only(dated, r"assets/[0-9a-f]{16}/app\.js"),
                 only(dated, r"python/[0-9a-f]{16}/python_stdlib\.zip"), "fort-collins/jurisdiction.toml"]
    assert all(dated[path] == two_builds[0][path] for path in unchanged)


def test_the_manifest_lists_every_file_with_its_sha256(two_builds):
    files = two_builds[0]
    manifest = json.loads(files["manifest.json"])["files"]
    listed = {p for p in files if p not in ("manifest.json", "manifest.json.br", "manifest.json.gz",
                                           build.MARKER) and not p.endswith((".br", ".gz"))}
    assert sorted(manifest) == sorted(listed)
    for path, digest in manifest.items():
        assert hashlib.sha256(files[path]).hexdigest() == digest, path


def test_every_file_has_brotli_and_gzip_forms_that_decompress_to_it(two_builds):
    files = two_builds[0]
    for path, data in files.items():
        if path.endswith((".br", ".gz")) or path == build.MARKER:
            continue
        assert brotli.decompress(files[path + ".br"]) == data, path  # Google's decoder, not ours
        assert gzip.decompress(files[path + ".gz"]) == data, path


def test_content_hashed_names_change_with_their_content_and_only_then(two_builds, tmp_path):
    files = two_builds[0]
    for folder in ("assets", "pyodide", "python"):
        [name] = {p.split("/")[1] for p in files if p.startswith(folder + "/")}
        content = {p.split("/", 2)[2]: d for p, d in files.items() if p.startswith(f"{folder}/{name}/")
                   and not p.endswith((".br", ".gz"))}
        assert f"{folder}/{name}/" == build.hashed_folder(folder, content)
    path = only(files, r"fort-collins/procedure\.[0-9a-f]{16}\.json")
    assert path == build.hashed_name("fort-collins/procedure.json", files[path])
    # A site with one procedure shares the runtime and the prepared Python with the full site.
    build.build(["fort-collins"], tmp_path / "one")
    one = tree(tmp_path / "one")
    assert {p for p in one if p.startswith(("pyodide/", "python/", "assets/"))} == {
        p for p in files if p.startswith(("pyodide/", "python/", "assets/"))}


def test_each_page_loads_only_files_it_checks_against_this_builds_hashes(two_builds):
    files = two_builds[0]
    for page in ("fort-collins/index.html", "illinois-model-ethics/index.html", "verify.html"):
        html = files[page].decode()
        root = "../" if "/" in page else ""
        attribute = lambda name: json.loads(re.search(rf"{name}='(.*?)'", html, re.S).group(1).replace("&#39;", "'"))
        loader = attribute("data-loader")
        for group in ("runtime", "python"):
            for entry in loader["loader"][group].values():
                assert entry["integrity"] == sri(files[entry["url"]]), entry["url"]
        assert loader["worker"]["integrity"] == sri(files[loader["worker"]["url"]])
        assert loader["service_worker"]["integrity"] == sri(files["sw.js"])
        # registered by an address of this build's own, which the page never fetches itself (app.js checks the
        # browser's copy of what the registration fetched)
        assert loader["service_worker"]["register"] == f"sw.js?build={json.loads(files['manifest.json'])['build']}"
        procedures = attribute("data-config").get("procedures") or [attribute("data-config")]
        for procedure in procedures:
            assert procedure["procedure"]["integrity"] == sri(files[procedure["procedure"]["url"]])
        # Every script, module and style sheet the page names carries its integrity, and it matches.
        tags = re.findall(r'<(?:script|link)[^>]*?(?:src|href)="([^"]+\.(?:js|css))"[^>]*?integrity="([^"]+)"', html)
        assert {Path(u).name for u, _ in tags} >= {"render.js", "runtime.js", "style.css"}
        for url, value in tags:
            assert value == sri(files[url.removeprefix(root)]), url
        assert not re.search(r'<script(?![^>]*integrity)[^>]*src=', html)


def test_the_shipped_python_is_one_compiled_trimmed_archive_with_nothing_to_install(two_builds):
    files = two_builds[0]
    folder = only({p.rsplit("/", 1)[0] for p in files if p.startswith("python/")}, r"python/[0-9a-f]{16}")
    assert sorted(p.rsplit("/", 1)[1] for p in files if p.startswith(folder + "/")) == [
        "python_stdlib.zip", "python_stdlib.zip.br", "python_stdlib.zip.gz"]
    assert not any(p.endswith((".whl", "pyodide-lock.json")) for p in files)
    with zipfile.ZipFile(io.BytesIO(files[f"{folder}/python_stdlib.zip"])) as archive:
        names = archive.namelist()
        catalogues = archive.read("core/messages_prepared.pyc")
    assert "json/__init__.pyc" in names and not any(n.endswith(".py") for n in names)
    assert "unittest/__init__.pyc" not in names and "difflib.pyc" not in names  # not imported by the browser
    # The core, python-dateutil and six, compiled, beside the standard library; the reader is not shipped.
    assert {"core/report.pyc", "dateutil/tz/tz.pyc", "six.pyc", "compiled_dataclasses.pyc"} <= set(names)
    assert not any(n.startswith(("core/reading", "core/jurisdictions", "core/cli", "holidays")) for n in names)
    # The catalogues, read at build time, are in the archive as compiled data (no TOML parser in the page).
    assert b"answer_file_by" in catalogues and "tomllib/__init__.pyc" not in names
    assert not any(n.endswith(".toml") for n in names)
    assert not any(p.startswith("wheels/") or "holidays" in p for p in files)


def test_the_service_worker_keeps_and_checks_every_file_of_the_build(two_builds):
    files = two_builds[0]
    worker = files["sw.js"].decode()
    kept = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    pages = json.loads(re.search(r"const PAGES = (\[.*?\]);", worker, re.S).group(1))
    needed = {p for p in files if not p.endswith((".br", ".gz", ".toml", ".html")) and p not in (
        "sw.js", "manifest.json", "headers.txt", build.MARKER)}
    assert set(kept) == needed
    for path, value in kept.items():
        assert value == sri(files[path]), path
    assert sorted(pages) == sorted(p for p in files if p.endswith(".html"))


def test_a_one_jurisdiction_site_has_only_that_procedure(tmp_path):
    build.build(["fort-collins"], tmp_path / "dist")
    files = tree(tmp_path / "dist")
    assert "fort-collins/index.html" in files and not any(p.startswith("illinois") for p in files)
    assert "illinois" not in files["index.html"].decode().lower()


def test_a_broken_procedure_stops_the_build_and_lists_every_problem(tmp_path, capsys):
    text = (ROOT / "tests" / "jurisdictions" / "minimal.toml").read_text()
    bad = tmp_path / "city.toml"
    bad.write_text(text.replace('from = "hearing"', 'from = "hearings"').replace('clause = "b"', 'clause = "c"'))
    assert build.main(["--jurisdiction", str(bad), "--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert "“hearings”, which is not a date fact" in err and "clause “c” is not defined" in err and "2 problem(s)" in err
    assert not (tmp_path / "dist").exists()


def test_every_type_the_build_writes_is_in_the_deployment_guides_list(two_builds):
    from test_deploy_guide import TYPES  # the guide's table, which each server snippet is checked against
    written = {path.rsplit(".", 1)[-1] for path in two_builds[0] if path != build.MARKER} - {"br", "gz"}
    assert written == set(TYPES)


def test_the_runtime_pins_agree_everywhere():
    """The core's dependencies are pinned to the same versions for CPython (pyproject,
    requirements-dev) and, where the browser ships them, for the browser (wheels.txt)."""
    import tomllib

    def pins(lines):
        return dict(line.split()[0].lower().split("==") for line in lines
                    if line.strip() and not line.startswith("#"))

    project = dict(d.lower().split("==") for d in
                   tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
    browser = pins((ROOT / "wheels.txt").read_text().splitlines())
    develop = pins((ROOT / "requirements-dev.txt").read_text().splitlines())
    assert project == {"holidays": "0.109", "python-dateutil": "2.9.0.post0", "jsonschema": "4.26.0"}
    assert {k: develop[k] for k in project} == project
    assert {k: browser[k] for k in browser if k in project} == {k: project[k] for k in browser if k in project}
    assert browser["six"] == develop["six"]
    assert json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"] == "314.0.7"
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"


# --- a build that never destroys ---------------------------------------------------------------

def test_the_build_refuses_a_folder_that_is_not_its_own_and_leaves_it_untouched(tmp_path, capsys):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "minutes.txt").write_text("keep me")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(notes)]) == 1
    err = refusal(capsys).splitlines()
    assert len(err) == 1 and "refusing to write into" in err[0] and "not empty and not a previous build" in err[0]
    assert [p.name for p in notes.iterdir()] == ["minutes.txt"] and (notes / "minutes.txt").read_text() == "keep me"


@pytest.mark.parametrize("out", [".", "..", ".git", "core"])
def test_the_build_never_writes_over_the_project(out, capsys):
    # Tests running beside this one write to the caches (Hypothesis', the build's): those are left out.
    def project():
        return {p: p.stat().st_mtime_ns for p in ROOT.glob("*") if p.name not in (".hypothesis", ".cache")}
    before = project()
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(ROOT / out)]) == 1
    assert "refusing to write into" in capsys.readouterr().err
    assert project() == before


def test_the_build_replaces_its_own_previous_output_and_fills_an_empty_or_new_folder(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert build.main(["--out", str(empty)]) == 0  # every procedure
    (empty / ".htaccess").write_text("# the host's own file, which no build wrote")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(empty)]) == 0
    # What the previous build wrote and this one does not is gone; what no build wrote stays.
    assert not (empty / "illinois-model-ethics").exists() and (empty / "fort-collins" / "index.html").is_file()
    assert (empty / ".htaccess").read_text() == "# the host's own file, which no build wrote"
    listed = (empty / build.MARKER).read_text().splitlines()
    assert "fort-collins/index.html" in listed and ".htaccess" not in listed
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(tmp_path / "new" / "site")]) == 0


def test_a_previous_build_of_the_first_format_is_still_replaced(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    (old / build.MARKER).write_text("This folder is written by Complaint Checker's build.py; a rebuild replaces it.\n")
    (old / "index.html").write_text("an older build's page")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(old)]) == 0
    assert "Complaint Checker" in (old / "index.html").read_text()


def test_an_out_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    (tmp_path / "a-file").write_text("x")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(tmp_path / "a-file" / "site")]) == 1
    err = refusal(capsys)
    assert err.startswith(f"build failed: cannot write into {tmp_path / 'a-file' / 'site'}: Not a directory")
    assert "\n" not in err and "Traceback" not in err
    assert build.main(["--jurisdiction", "fort-collins", "--out", "/"]) == 1
    assert refusal(capsys) == ("build failed: refusing to write into /: it holds the project; give a "
                                               "folder of its own, such as --out dist")


def test_the_build_refuses_a_file_in_place_of_a_folder(tmp_path, capsys):
    target = tmp_path / "site"
    target.write_text("a file")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(target)]) == 1
    assert "it is a file" in capsys.readouterr().err and target.read_text() == "a file"


def test_the_form_asks_for_what_the_procedure_declares_and_nothing_it_does_not(tmp_path):
    # Any person may file: no "Who is filing?", and never "Only some people may file". The election is asked for
    # in the procedure's own words, not the built-in "Date of the election".
    build.build([str(ROOT / "tests" / "jurisdictions" / "any-person.toml")], tmp_path / "dist")
    page = (tmp_path / "dist" / "any-person" / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r"data-config='([^']*)'", page).group(1).replace("&#34;", '"').replace("&amp;", "&"))
    markup = re.sub(r"data-config='[^']*'", "", page)  # what the page shows, without the strings its script carries
    assert 'id="f-complainant_role"' not in markup and "Only some people may file" not in markup
    assert '<label for="f-election_date" data-label>On what day was the village election held?</label>' in markup
    assert "Date of the election" not in markup
    assert config["roles"] is None and config["audiences"] == ["complainant", "respondent", "clerk"]
    # a receipt date may go past supported_to, as far as the calendar covers (2031)
    assert re.search(r'id="f-received"[^>]*max="2031-12-31"', page) and re.search(r'id="f-violation_date"[^>]*max="2029-12-31"', page)


def test_a_marker_the_build_cannot_read_makes_it_refuse_and_delete_nothing(tmp_path, capsys):
    """Issue 28: a damaged (or foreign) marker was taken for the first format's, and the rebuild emptied the folder,
    the host's own .htaccess with it."""
    site = tmp_path / "site"
    site.mkdir()
    (site / build.MARKER).write_text("something else entirely\nindex.html\n")
    (site / ".htaccess").write_text("# the host's own file")
    (site / "index.html").write_text("a page")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 1
    err = refusal(capsys)
    assert err.startswith(f"build failed: refusing to write into {site}: its {build.MARKER} is not one this build can "
                          "read") and "\n" not in err and "nothing was deleted" in err
    assert sorted(p.name for p in site.iterdir()) == [build.MARKER, ".htaccess", "index.html"]


def test_two_builds_into_one_folder_at_once_stop_the_second_with_one_line(tmp_path, capsys):
    """Issue 28: two builds into one folder at once ended one of them in a traceback."""
    import fcntl
    import os
    site = tmp_path / "site"
    site.mkdir()
    held = os.open(site, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a build in progress holds it
        assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 1
    finally:
        os.close(held)
    assert refusal(capsys) == (f"build failed: refusing to write into {site}: another build is "
                                               "writing into it now; wait for it to finish")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 0  # and once it has finished


def test_the_count_it_prints_is_what_it_wrote_not_the_hosts_files(tmp_path, capsys):
    """Issue 28: "built 48 files" when it built 46, counting the host's own files in the folder."""
    site = tmp_path / "site"
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 0
    first = capsys.readouterr().out
    (site / ".htaccess").write_text("# the host's own file")
    (site / "robots.txt").write_text("# and another")
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 0
    second = capsys.readouterr().out
    written = [p for p in (site / build.MARKER).read_text().splitlines()[1:] if not p.endswith((".br", ".gz"))]
    assert first == second and second.startswith(f"built {len(written)} files")


def test_what_publishes_the_site_depends_on_nothing_that_only_measures_or_tests_it():
    """build.py and publish/ import the core, the standard library and their pinned packages,
    never scripts/ or tests/: a city can publish with those two alone."""
    import ast
    root = Path(build.__file__).resolve().parent
    publishing = [root / "build.py", *sorted((root / "publish").glob("*.py"))]
    assert len(publishing) > 3
    for path in publishing:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in {"scripts", "tests", "e2e"}, f"{path.name} imports {name}"
    runner = (root / "publish" / "run_in_pyodide.mjs").read_text(encoding="utf-8")
    assert "scripts/" not in runner.split("\n", 5)[-1]


# --- issue 37: never through a link, never over a file it did not write -------------------------------------

@pytest.mark.parametrize("link", ["index.html", build.MARKER, "fort-collins"])
def test_the_build_refuses_a_symlink_where_it_would_write_and_changes_nothing(tmp_path, capsys, link):
    """Issue 37: a symlinked index.html (or marker, or folder) left in --out had its target outside overwritten."""
    site = tmp_path / "site"
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "index.html").write_text("the host's own page, elsewhere")
    (outside / build.MARKER).write_text("the host's own file, elsewhere")
    kept = (site / build.MARKER).read_text()
    target = site / link
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink()
    target.symlink_to(outside if link == "fort-collins" else outside / link)
    if link == build.MARKER:
        (outside / build.MARKER).write_text(kept + "old-page.html\n")  # one this build can read, through a link
    before = {p: p.read_bytes() for p in outside.iterdir()}
    capsys.readouterr()
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 2
    err = refusal(capsys)
    assert err == (f"build failed: refusing to write into {site}: {link} is a symbolic link, and the build writes only "
                   "into files and folders of its own; nothing was deleted (remove the link, or choose another folder)")
    assert {p: p.read_bytes() for p in outside.iterdir()} == before and target.is_symlink()


def test_the_build_refuses_to_replace_a_file_its_marker_does_not_list(tmp_path, capsys):
    """Issue 37: a host's own file with the name of an output, not listed in the marker, was replaced silently."""
    site = tmp_path / "site"
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 0
    marker = site / build.MARKER
    marker.write_text("".join(line + "\n" for line in marker.read_text().splitlines() if line != "verify.html"))
    (site / "verify.html").write_text("the host's own verify page")
    capsys.readouterr()
    assert build.main(["--jurisdiction", "fort-collins", "--out", str(site)]) == 2
    err = refusal(capsys)
    assert err == (f"build failed: refusing to write into {site}: verify.html is not a file a previous build wrote (the "
                   f"folder's {build.MARKER} does not list it), and this build would replace it; nothing was deleted "
                   "(move it out of the folder, or choose another folder)")
    assert (site / "verify.html").read_text() == "the host's own verify page"
    assert (site / "index.html").is_file()  # nothing of the previous build was deleted either
