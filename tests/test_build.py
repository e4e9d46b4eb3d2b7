"""The build: byte-for-byte reproducible, a manifest of every file with its sha256
that the pages' wheel checks agree with, and a build that refuses a broken procedure."""

import hashlib
import json
import re
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parent.parent


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    first, second = tmp_path_factory.mktemp("a") / "dist", tmp_path_factory.mktemp("b") / "dist"
    build.build(None, first)
    build.build(None, second)
    return tree(first), tree(second)


def test_building_twice_gives_byte_identical_sites(two_builds):
    first, second = two_builds
    assert sorted(first) == sorted(second)
    different = [path for path in first if first[path] != second[path]]
    assert different == []


def test_source_date_epoch_dates_the_build_and_nothing_else_changes(tmp_path, monkeypatch, two_builds):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1893456000")  # 2030-01-01
    build.build(None, tmp_path / "dist")
    dated = tree(tmp_path / "dist")
    assert json.loads(dated["manifest.json"])["build_date"] == "2030-01-01"
    assert '<time datetime="2030-01-01">' in dated["index.html"].decode()
    unchanged = {"pyodide/pyodide.asm.wasm", "wheels/holidays-0.109-py3-none-any.whl", "assets/app.js",
                 "fort-collins/jurisdiction.toml"}
    assert all(dated[path] == two_builds[0][path] for path in unchanged)


def test_the_manifest_lists_every_file_with_its_sha256(two_builds):
    files = two_builds[0]
    manifest = json.loads(files["manifest.json"])["files"]
    assert sorted(manifest) == sorted(p for p in files if p != "manifest.json")
    for path, digest in manifest.items():
        assert hashlib.sha256(files[path]).hexdigest() == digest, path


def test_each_page_checks_the_wheels_and_rules_against_the_manifest(two_builds):
    files = two_builds[0]
    manifest = json.loads(files["manifest.json"])["files"]
    for page in ("fort-collins/index.html", "illinois-model-ethics/index.html", "verify.html"):
        html = files[page].decode()
        config = json.loads(re.search(r"data-config='(.*?)'>", html, re.S).group(1).replace("&#39;", "'"))
        assert {w["name"] for w in config["wheels"]} == {p.split("/")[1] for p in manifest if p.startswith("wheels/")}
        for wheel in config["wheels"]:
            assert manifest[f"wheels/{wheel['name']}"] == wheel["sha256"]
        for procedure in config.get("procedures", [{"procedure": page.split('/')[0] + '/procedure.json',
                                                    "procedure_sha256": config.get("procedure_sha256")}]):
            assert manifest[procedure["procedure"]] == procedure["procedure_sha256"]


def test_the_core_wheel_is_a_pure_python_wheel_with_the_rules(two_builds):
    import io
    import zipfile
    name = next(p for p in two_builds[0] if p.startswith("wheels/complaint_checker-"))
    assert name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(two_builds[0][name])) as wheel:
        names = wheel.namelist()
        assert "core/report.py" in names and "core/jurisdictions/fort-collins.toml" in names
        assert {i.date_time for i in wheel.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        record = wheel.read("complaint_checker-0.1.0.dist-info/RECORD").decode()
        assert "core/report.py,sha256=" in record


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


def test_the_deployment_guide_recommends_exactly_the_headers_the_build_uses():
    guide = (ROOT / "docs" / "deploy.md").read_text()
    policy = build.RECOMMENDED_HEADERS["Content-Security-Policy"]
    assert guide.count(policy) == 4  # the header list, nginx, Apache, IIS
    for name, value in build.RECOMMENDED_HEADERS.items():
        assert f"{name}: {value}" in guide


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
