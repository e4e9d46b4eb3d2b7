"""Build the static site into dist/, and optionally serve it.

    python build.py                          both shipped procedures
    python build.py --jurisdiction fort-collins
    python build.py --jurisdiction my-city.toml --out public
    python build.py --serve [--port 8000] [--prefix /clerk/complaints/]

Two phases, as in Pelican: read and check everything first (a jurisdiction with
problems stops the build and lists every problem), then write. The output is
byte-for-byte reproducible: no timestamps (SOURCE_DATE_EPOCH, else the last
commit, dates the build), sorted file lists, fixed zip entry times.

What it writes, for a browser that should download little and only once:

    index.html, verify.html, ID/index.html, ID/law.html, ID/desk.html    the pages (revalidated on each visit)
    assets/HASH/          the page's scripts, style and icon
    pyodide/HASH/         the Pyodide runtime (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm)
    python/HASH/          the Python it runs, prepared in advance (publish/browser_python.py)
    ID/procedure.HASH.json, ID/cases.HASH.json              each procedure, read and checked here
    sw.js                 the service worker that keeps this build for offline use
    manifest.json, headers.txt, and X.br / X.gz beside every file X

HASH names a folder or file by its content, so a host may cache it for a year; a
new build gets new names, so a page never meets the files of another build.

A build does the work of what changed: what takes long is kept between builds, by content
(~/.cache/complaint-checker/): the browser's Python, each procedure's verdict on its worked cases
here and in the browser's Python (publish/browser_python.py), and the compressed form of each file.
A step that takes more than a moment says on standard error what it is doing and how far it is.
"""

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime, timezone
from pathlib import Path

import brotli
import jinja2

from core import __version__, prepared
from core.audience import AUDIENCES, asked, form_layout
from core.contact import missing_sentence
from core.desk import MAX_COMPLAINTS, MAX_EXPORT_BYTES, MAX_NOTE
from core.facts import earliest_date, latest_date
from core.cases import case_problems
from core.jurisdiction import Problem, cases_path, check_file, jurisdiction_path, seed_ids
from core.reading.translations import translation_of
from core.localize import localized
from core.model import Jurisdiction
from core.summary import outline
from core.wording import format_day, say
from publish import browser_python, static_server
from publish.progress import Progress, say as tell

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PYODIDE_DIR = browser_python.PYODIDE_DIR
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
COMPRESSED_CACHE = browser_python.CACHE / "compressed"  # by content: shared by every build and clone
CASES_CACHE = browser_python.CACHE / "cases"  # the verdict on each procedure's worked cases, by content
WORKERS = browser_python.WORKERS
MARKER = ".complaint-checker-build"  # written into every output folder, so a rebuild knows it may replace it

# The Content-Security-Policy of every page, and of the HTTP headers we recommend.
CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval' blob:; connect-src 'self'; img-src 'self'; "
       "style-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'")
RECOMMENDED_HEADERS = {
    "Content-Security-Policy": CSP + "; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
# The parts of the interface strings the browser code needs (the rest is rendered here).
JS_STRINGS = ("lang", "site", "loading", "results", "checker", "verify", "who", "answer", "keep", "draft", "printout", "desk")


class BuildError(Exception):
    """Why the build refuses, with nothing written or deleted: said on standard error, with exit status 1 (as it
    always has: scripts that host a site may test for it)."""

    status = 1


class OutputRefused(BuildError):
    """An output folder the build will not write into because it would write through a symbolic link, or over a
    file it did not write: exit status 2, as the core's command line refuses bad input."""

    status = 2


@dataclass
class Procedure:
    jurisdiction: Jurisdiction
    toml: bytes
    cases: list
    outline: list
    failing_cases: list = field(default_factory=list)  # published anyway, by choice: the pages say so


@dataclass
class Site:
    procedures: list[Procedure]
    strings: dict[str, dict]  # the interface's words, by language
    build_date: str

    @property
    def languages(self) -> list[str]:
        return published_languages(self.procedures)


def published_languages(procedures: list[Procedure]) -> list[str]:
    """English, then every other language a procedure is published in."""
    declared = {lang for p in procedures for lang in p.jurisdiction.languages}
    return ["en"] + sorted(declared - {"en"})


# --------------------------------------------------------------------------------------
# Phase 1: read and check everything.
# --------------------------------------------------------------------------------------

def build_date() -> str:
    """The date of the project's last commit (or SOURCE_DATE_EPOCH), not of the build: a rebuild of the same
    commit is byte for byte the same site. The footer says so; each procedure's own date is its `updated`."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        try:
            epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True,
                                   text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            epoch = "0"
    return datetime.fromtimestamp(int(epoch or 0), tz=timezone.utc).date().isoformat()


def read_procedure(name: str, publish_failing_cases: bool = False) -> Procedure:
    """A procedure, read and checked with its worked cases. One whose cases fail is refused, unless asked to
    publish it anyway: then its pages say so."""
    procedure, warnings = _read_procedure(name, publish_failing_cases)
    for warning in warnings:
        print(warning, file=sys.stderr)
    return procedure


def _read_procedure(name: str, publish_failing_cases: bool) -> tuple[Procedure, list[str]]:
    try:
        path = jurisdiction_path(name)
    except LookupError:
        raise BuildError(f"unknown jurisdiction {name!r}; use one of {', '.join(seed_ids())} or a .toml file")
    jurisdiction, problems = checked(path)
    failing = [p for p in problems if p.code == "case"]
    errors = [p for p in problems if p.severity == "error" and not (publish_failing_cases and p.code == "case")]
    if jurisdiction is None or errors:
        hint = ("; if the procedure is right and its cases are not yet, --publish-failing-cases publishes it "
                "with a notice on its pages" if failing and not publish_failing_cases else "")
        raise BuildError("\n".join(str(p) for p in problems)
                         + f"\n{path}: {len(errors)} problem(s); nothing was built{hint}")
    beside = cases_path(path)
    cases = json.loads(beside.read_text(encoding="utf-8")) if beside.is_file() else []
    return (Procedure(jurisdiction, path.read_bytes(), cases, outline(jurisdiction),
                      failing_cases=[p.entry.removeprefix("case ") for p in failing]), [str(p) for p in problems])


def _core_digest() -> bytes:
    """What a check's verdict on worked cases depends on besides the procedure: the core, its packages, Python."""
    digest = hashlib.sha256(sys.version.encode())
    for package in ("holidays", "python-dateutil", "six", "jsonschema"):
        digest.update(f"{package}=={importlib.metadata.version(package)}\n".encode())
    for path in sorted((ROOT / "core").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and "jurisdictions" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + sha256(path.read_bytes()).encode())
    return digest.digest()


CORE_DIGEST = None  # read once per process, when first needed


def _cases_verdict_file(path: Path) -> Path | None:
    """Where the verdict on a procedure's worked cases is kept: by the core and the bytes of the procedure, its
    translations and its cases (None: a file that is not a procedure's)."""
    global CORE_DIGEST
    CORE_DIGEST = CORE_DIGEST or _core_digest()
    stem = path.name.removesuffix(".toml")
    try:
        digest = hashlib.sha256(CORE_DIGEST + str(path).encode() + b"\0" + path.read_bytes())
        for beside in sorted(path.parent.glob(stem + ".*.toml")) + [path.with_name(stem + ".cases.json")]:
            digest.update(beside.name.encode() + b"\0" + (beside.read_bytes() if beside.is_file() else b"-"))
    except OSError:
        return None
    key = digest.hexdigest()
    return CASES_CACHE / key[:2] / f"{key[:32]}.json"


def _procedure_file(path: Path) -> Path:
    """The procedure's own file, given it or its translation (check_file checks a translation with it)."""
    translated = translation_of(path)
    return translated[0] if translated else path


def checked(path: Path) -> tuple[Jurisdiction | None, list[Problem]]:
    """check_file(path, with_cases=True), the same problems in the same order, with the verdict on the worked cases
    (the longest part: each case runs the core) kept between builds: an edit to one procedure runs its cases
    alone again."""
    jurisdiction, problems = check_file(path)
    if jurisdiction is None:
        return None, problems
    base = _procedure_file(path)
    kept = _cases_verdict_file(base)
    if kept is not None and kept.is_file():
        return jurisdiction, problems + [Problem(**p) for p in json.loads(kept.read_text(encoding="utf-8"))]
    found = case_problems(jurisdiction, base.with_name(base.name.removesuffix(".toml") + ".cases.json"))
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_name(f".{kept.name}.{os.getpid()}")
        part.write_text(json.dumps([asdict(p) for p in found], ensure_ascii=False), encoding="utf-8")
        os.replace(part, kept)  # whole or not at all: another build may be reading it
    return jurisdiction, problems + found


def _read_quietly(name: str, publish_failing_cases: bool):
    """In a worker: the procedure and its warnings, or the refusal (said by the build, in the procedures' order)."""
    try:
        return _read_procedure(name, publish_failing_cases)
    except BuildError as err:
        return err


def read_procedures(names: list[str], publish_failing_cases: bool = False) -> list[Procedure]:
    """Every procedure, read and checked on every core; the first refusal, in the order given, stops the build."""
    shown = Progress("checking procedures", len(names))
    if len(names) > 1 and WORKERS > 1:
        with ProcessPoolExecutor(min(WORKERS, len(names))) as pool:
            futures = [pool.submit(_read_quietly, n, publish_failing_cases) for n in names]
            for _ in as_completed(futures):
                shown.advance()
            results = [f.result() for f in futures]
    else:
        results = []
        for name in names:
            results.append(_read_quietly(name, publish_failing_cases))
            shown.advance()
    procedures = []
    for result in results:
        if isinstance(result, BuildError):
            raise result
        procedure, warnings = result
        for warning in warnings:
            print(warning, file=sys.stderr)
        procedures.append(procedure)
    return procedures


def read_site(names: list[str], publish_failing_cases: bool = False) -> Site:
    procedures = read_procedures(names, publish_failing_cases)
    ids = [p.jurisdiction.id for p in procedures]
    if len(set(ids)) != len(ids):
        raise BuildError(f"the same jurisdiction id appears twice: {ids}")
    strings = {}
    for lang in published_languages(procedures):
        file = SITE / "strings" / f"{lang}.toml"
        if not file.is_file():
            raise BuildError(f"a procedure is published in {lang!r}, but the interface has no {file.name} "
                             f"in site/strings/; translate site/strings/en.toml into it")
        strings[lang] = tomllib.loads(file.read_text(encoding="utf-8"))
    return Site(procedures, strings, build_date())


# --------------------------------------------------------------------------------------
# Phase 2: assemble every file, then write.
# --------------------------------------------------------------------------------------

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def integrity(data: bytes) -> str:
    """A Subresource Integrity value: what a browser checks the bytes against before using them."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def hashed_folder(prefix: str, files: dict[str, bytes]) -> str:
    """`prefix/HASH/`, HASH naming the folder's whole content."""
    whole = hashlib.sha256("".join(f"{name}\0{sha256(data)}\n" for name, data in sorted(files.items())).encode())
    return f"{prefix}/{whole.hexdigest()[:16]}/"


def hashed_name(path: str, data: bytes) -> str:
    """`ID/procedure.HASH.json` for `ID/procedure.json`."""
    stem, _, suffix = path.rpartition(".")
    return f"{stem}.{sha256(data)[:16]}.{suffix}"


def pyodide_runtime() -> dict[str, bytes]:
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).is_file()]
    if missing:
        raise BuildError(f"the Pyodide runtime is missing ({', '.join(missing)}); run: npm ci")
    return {f: (PYODIDE_DIR / f).read_bytes() for f in PYODIDE_FILES}


def _compress(data: bytes) -> tuple[bytes, bytes]:
    return brotli.compress(data, quality=11), gzip.compress(data, 9, mtime=0)


def precompress(files: dict[str, bytes]) -> dict[str, tuple[bytes, bytes]]:
    """The brotli and gzip forms of each file, made once per content (cached), on every core.

    Each content has its own lock, taken in one order by every caller: two builds never compress
    the same file twice (the tests build in parallel), yet different files compress side by side."""
    paths: dict[str, list[str]] = {}
    for path, data in files.items():
        paths.setdefault(sha256(data), []).append(path)
    with contextlib.ExitStack() as locks:
        for key in sorted(paths):
            locks.enter_context(browser_python.cache_lock(f"compressed/{key[:2]}/{key}"))
        return _precompress(files, paths)


def _precompress(files: dict[str, bytes], paths: dict[str, list[str]]) -> dict[str, tuple[bytes, bytes]]:
    out, todo = {}, []
    for key, same in paths.items():
        cached = COMPRESSED_CACHE / key[:2] / key
        if cached.with_suffix(".br").is_file() and cached.with_suffix(".gz").is_file():
            forms = (cached.with_suffix(".br").read_bytes(), cached.with_suffix(".gz").read_bytes())
            out.update({path: forms for path in same})
        else:
            todo.append(key)
    if todo:
        largest_first = sorted(todo, key=lambda k: -len(files[paths[k][0]]))
        with ProcessPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, 4))) as pool:
            for key, (br, gz) in zip(largest_first, pool.map(_compress, [files[paths[k][0]] for k in largest_first])):
                cached = COMPRESSED_CACHE / key[:2] / key
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.with_suffix(".br").write_bytes(br)
                cached.with_suffix(".gz").write_bytes(gz)
                out.update({path: (br, gz) for path in paths[key]})
    return out


def _compressed_already(data: bytes) -> bool:
    cached = COMPRESSED_CACHE / sha256(data)[:2] / sha256(data)
    return cached.with_suffix(".br").is_file() and cached.with_suffix(".gz").is_file()


def check_in_browser(site: Site, published: list[tuple[str, bytes, bytes]], archive: bytes) -> None:
    """Each procedure run as the browser runs it, in the archive the site ships (publish/browser_python.py): its
    worked cases must give the verdicts they gave here, and its path must need no module the archive lacks."""
    results = browser_python.check(published, archive)
    problems = []
    for procedure in site.procedures:
        j, result = procedure.jurisdiction, results[procedure.jurisdiction.id]
        if result["missing"]:
            problems.append(f"{j.id}: its path in the page imports {', '.join(result['missing'])}, which the browser's "
                            "Python does not hold: it holds what the shipped procedures' paths import "
                            "(publish/browser_python.py, PROBE_SET), and this procedure uses something none of them "
                            "does; add a procedure that uses it to PROBE_SET")
        elif result["error"]:
            problems.append(f"{j.id}: in the browser's Python, {result['error']}")
        elif sorted(f"“{name}”" for name in result["failing"]) != sorted(procedure.failing_cases):
            differ = sorted(set(f"“{name}”" for name in result["failing"]) ^ set(procedure.failing_cases))
            problems.append(f"{j.id}: the worked case(s) {', '.join(differ)} pass here and fail in the browser's "
                            "Python, or the other way round")
    if problems:
        raise BuildError("\n".join(problems) + f"\n{len(problems)} procedure(s) would not work in the browser as "
                         "they do here; nothing was built")


def counted(forms: list[str], count: int, **values) -> str:
    """A sentence about `count` things, in its form for one or for more: the strings give [one, other] (in both
    languages the form for one is used for 1 only; the page's render.js `fill` chooses the same way)."""
    return forms[0 if count == 1 else 1].format(count=count, **values)


def make_environment(strings: dict) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(SITE / "templates"),
                             undefined=jinja2.StrictUndefined, autoescape=jinja2.select_autoescape(["html"]),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["paragraphs"] = lambda text: [p.strip() for p in text.strip().split("\n\n") if p.strip()]
    env.filters["long_date"] = lambda day: format_day(day if isinstance(day, date) else date.fromisoformat(day),
                                                     strings["lang"])  # the core's one way to write a date
    env.filters["counted"] = counted
    # Each role's sentence in the complaint letter ("I am a registered elector …"), for the page to choose from.
    env.globals["statements"] = lambda j: {r.id: r.statement for r in j.roles if r.statement}
    # … and, in a language that gives them (Spanish), the same sentences in the feminine: the filer chooses.
    env.globals["feminine_statements"] = lambda j: {r.id: r.statement_feminine for r in j.roles if r.statement_feminine}
    # Whom to contact: the details no cited page gives, and the day a page was read, in the core's words.
    env.globals["office_missing"] = missing_sentence
    env.globals["office_read_on"] = lambda day, lang: say("office_read_on", lang, day=day)
    env.globals.update(t=strings, csp=CSP, js_strings={k: strings[k] for k in JS_STRINGS}, audiences=AUDIENCES,
                       earliest_date=earliest_date, latest_date=latest_date,
                       # the desk's one limit (core/desk.py), which the page holds to when it adds and imports
                       desk_limits={"complaints": MAX_COMPLAINTS, "bytes": MAX_EXPORT_BYTES, "note": MAX_NOTE})
    return env


def page_path(lang: str, name: str) -> str:
    """Where a page is in a language: English at the top, every other language in its own folder."""
    return name if lang == "en" else f"{lang}/{name}"


class Assets:
    """The page's own files under assets/HASH/, with what a page needs to load each one checked."""

    def __init__(self, files: dict[str, bytes]):
        self.folder = hashed_folder("assets", files)
        self.files = {self.folder + name: data for name, data in files.items()}
        self.sri = {name: integrity(data) for name, data in files.items()}


def loader_config(runtime_folder: str, runtime: dict[str, bytes], python_folder: str, python: dict[str, bytes],
                  sizes: dict[str, dict]) -> dict:
    """How the calculator loads: each file's place (relative to the site root), integrity and sizes."""
    def entry(path, data):
        return {"url": path, "integrity": integrity(data), "sizes": sizes[path]}

    return {
        "runtime": {name: entry(runtime_folder + name, data) for name, data in runtime.items()},
        "python": {name: entry(python_folder + name, data) for name, data in python.items()},
        # Nothing is installed: every module is in python_stdlib.zip. The runtime's own lock file lists
        # Pyodide's packages, none of which the page loads, so the page gives it an empty one.
        "lock": {"info": json.loads((PYODIDE_DIR / "pyodide-lock.json").read_bytes())["info"], "packages": {}},
    }


def procedure_files(site: Site, files: dict[str, bytes]) -> list[dict]:
    """Each procedure's published files (its source, its data as read and checked here, its worked cases), added
    to `files`; and what a page needs to load each, as the checker and the verify page load them."""
    data_list = []
    for procedure in site.procedures:
        j = procedure.jurisdiction
        files[f"{j.id}/jurisdiction.toml"] = procedure.toml  # the source, for anyone who wants to read it
        procedure_json = prepared.dumps(j).encode()  # what the browser loads
        cases_json = browser_python.published_cases(procedure.cases)
        procedure_path = hashed_name(f"{j.id}/procedure.json", procedure_json)
        cases_path = hashed_name(f"{j.id}/cases.json", cases_json)
        files[procedure_path], files[cases_path] = procedure_json, cases_json
        data_list.append({"id": j.id, "name": j.name, "title": j.title, "rules_version": j.digest,
                          "failing_cases": procedure.failing_cases, "contact": j.contact,
                          "procedure": {"url": procedure_path, "integrity": integrity(procedure_json)},
                          "cases": {"url": cases_path, "integrity": integrity(cases_json)}})
    return data_list


def render_pages(site: Site, common: dict, data_list: list[dict]) -> dict[str, bytes]:
    """Every page, in every language: what a person reads, from the procedures and the interface's words."""
    pages = {}
    for lang in site.languages:
        env = make_environment(site.strings[lang])
        in_language = [localized(p.jurisdiction, lang) for p in site.procedures]
        procedures = [replace(p, jurisdiction=j, outline=outline(j, lang)) for p, j in zip(site.procedures, in_language)]
        data_in_language = [dict(item, name=p.jurisdiction.name, title=p.jurisdiction.title, contact=p.jurisdiction.contact,
                                 failing_cases=p.failing_cases)
                            for item, p in zip(data_list, procedures)]

        def render(template: str, name: str, **context) -> None:
            path = page_path(lang, name)
            root = "../" * path.count("/")
            alternates = [{"lang": other, "name": site.strings[other]["language_name"],
                           "url": root + page_path(other, name)} for other in site.languages if other != lang]
            # root: the site's top (its files); lang_root: this language's pages (its home and verify page)
            pages[path] = env.get_template(template).render(common, procedures=procedures, root=root,
                                                            lang_root=root + page_path(lang, ""),
                                                            alternates=alternates, **context).encode()

        shown = Progress(f"writing the pages in {site.strings[lang]['language_name']}", len(procedures))
        for procedure, data in zip(procedures, data_in_language):
            shown.advance()
            j = procedure.jurisdiction
            context = dict(p=procedure, j=j, data=data, uses=asked(j), layout=form_layout(j))
            render("checker.html", f"{j.id}/index.html", page="checker", **context)
            render("law.html", f"{j.id}/law.html", page="law", **context)
            render("desk.html", f"{j.id}/desk.html", page="desk", **context)
        render("index.html", "index.html", page="index")
        render("verify.html", "verify.html", page="verify", data_list=data_in_language)
    return pages


def write_site(site: Site, out: Path) -> dict[str, str]:
    files: dict[str, bytes] = {}  # path in dist -> bytes
    assets = Assets({p.relative_to(SITE / "static").as_posix(): p.read_bytes()
                     for p in sorted((SITE / "static").rglob("*")) if p.is_file()})
    files.update(assets.files)
    runtime = pyodide_runtime()
    runtime_folder = hashed_folder("pyodide", runtime)
    # On a first build, compressing the runtime (the wasm alone takes half a minute on one core) is
    # the slowest step, and nothing else needs it: the Python is prepared (in Node) and compressed
    # meanwhile.
    data_list = procedure_files(site, files)
    if not all(_compressed_already(data) for data in runtime.values()):
        tell("compressing the Pyodide runtime, beside the next steps (once: kept for later builds)")
    with ThreadPoolExecutor(1) as beside:
        compressing = beside.submit(precompress, runtime)
        try:
            python = browser_python.prepare()
            check_in_browser(site, [(item["id"], files[item["procedure"]["url"]], files[item["cases"]["url"]])
                                    for item in data_list], python["python_stdlib.zip"])
        except browser_python.PrepareError as err:
            raise BuildError(str(err)) from None
        precompress(python)
        if not compressing.done():
            tell("waiting for the Pyodide runtime's compression")
        compressing.result()
    python_folder = hashed_folder("python", python)
    files.update({runtime_folder + n: d for n, d in runtime.items()})
    files.update({python_folder + n: d for n, d in python.items()})

    todo = sum(1 for data in files.values() if not _compressed_already(data))
    if todo:
        tell(f"compressing {todo} new files (brotli and gzip; each kept for later builds)")
    compressed = precompress(files)
    sizes = {path: {"raw": len(files[path]), "br": len(compressed[path][0]), "gzip": len(compressed[path][1])}
             for path in files}
    loader = loader_config(runtime_folder, runtime, python_folder, python, sizes)
    for item in data_list:
        for key in ("procedure", "cases"):
            item[key]["sizes"] = sizes[item[key]["url"]]

    # The service worker keeps everything a visitor needs offline and checks each file against this
    # build's hash; the pages, which carry those hashes, it keeps as fetched. A new build is a new version.
    kept = sorted(p for p in files if not p.endswith(".toml"))
    version = sha256("".join(f"{p}\0{sha256(files[p])}\n" for p in kept).encode())[:16]
    names = ["index.html", "verify.html"] + [f"{p.jurisdiction.id}/{n}" for p in site.procedures
                                             for n in ("index.html", "law.html", "desk.html")]
    paths = [page_path(lang, name) for lang in site.languages for name in names]
    loader["build"] = version  # a memory snapshot the worker keeps on a device belongs to this build only
    files["sw.js"] = make_environment(site.strings["en"]).get_template("sw.js").render(
        version=version, pages=paths, files={p: integrity(files[p]) for p in kept},
        procedures=[p.jurisdiction.id for p in site.procedures]).encode()
    common = {"build_date": site.build_date, "version": __version__, "site_build": version,
              "assets": assets, "loader": loader,
              "asset_sizes": {name: sizes[assets.folder + name] for name in assets.sri},
              # registered by an address of this build's own, which only a registration fetches (app.js checks the
              # browser's copy of what it fetched)
              "service_worker": {"url": "sw.js", "register": f"sw.js?build={version}", "integrity": integrity(files["sw.js"])}}
    pages = render_pages(site, common, data_list)
    assert sorted(pages) == sorted(paths)
    files.update(pages)
    files["headers.txt"] = "".join(f"{k}: {v}\n" for k, v in RECOMMENDED_HEADERS.items()).encode()
    pages_and_worker = {p: files[p] for p in files if p not in compressed}
    todo = sum(1 for data in pages_and_worker.values() if not _compressed_already(data))
    if todo > 10:  # every page names this build: a site of many procedures compresses its pages again
        tell(f"compressing {todo} pages (brotli and gzip)")
    compressed.update(precompress(pages_and_worker))

    manifest = {path: sha256(data) for path, data in sorted(files.items())}
    files["manifest.json"] = (json.dumps({"version": __version__, "build_date": site.build_date, "build": version,
                                          "files": manifest}, indent=1, sort_keys=True) + "\n").encode()
    compressed.update(precompress({"manifest.json": files["manifest.json"]}))
    for path, (br, gz) in compressed.items():
        files[path + ".br"], files[path + ".gz"] = br, gz
    write_folder(out, files)
    return manifest


MARKER_HEADER = "This folder is written by Complaint Checker's build.py; a rebuild replaces the files listed below.\n"
# The first format's marker, exactly: it listed nothing, because that build wrote every file in the folder.
FIRST_MARKER = "This folder is written by Complaint Checker's build.py; a rebuild replaces it.\n"


def written_before(out: Path) -> list[Path] | None:
    """The files a previous build wrote into `out`, as its marker lists them (None: a marker of the first
    format, which listed nothing: that build wrote every file in the folder). A marker in neither format (damaged,
    or not ours) is refused: nothing can say which files are the host's own."""
    text = (out / MARKER).read_text(encoding="utf-8", errors="replace")
    if text == FIRST_MARKER:
        return None
    lines = text.splitlines()
    if lines[:1] != [MARKER_HEADER.strip()]:
        raise BuildError(f"refusing to write into {out}: its {MARKER} is not one this build can read, so it cannot "
                         f"tell which files a previous build wrote; nothing was deleted (move the host's own files "
                         f"out and empty the folder, or choose a new one)")
    listed = [out / line for line in lines[1:] if line and not line.startswith("/") and ".." not in line.split("/")]
    return [path for path in listed if path.resolve().is_relative_to(out)]


@contextlib.contextmanager
def folder_lock(out: Path):
    """One build at a time into a folder: a second one started meanwhile stops at once with one line. The lock is
    held on the folder itself, so no file of its own is left in what a host publishes."""
    out.mkdir(parents=True, exist_ok=True)
    held = os.open(out, os.O_RDONLY)
    try:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildError(f"refusing to write into {out}: another build is writing into it now; "
                             "wait for it to finish") from None
        yield
    finally:
        os.close(held)


def write_folder(out: Path, files: dict[str, bytes]) -> None:
    """Write into `out` only if it is missing, empty, or a previous build's (it has our marker), and no other build
    is writing into it. A rebuild removes only what the previous build wrote: anything else a host keeps there
    (its own .htaccess) stays."""
    out = out.resolve()
    if out == ROOT or ROOT / ".git" in (out, *out.parents):
        raise BuildError(f"refusing to write into {out}: it is the project itself (use --out dist)")
    if out in ROOT.parents:
        raise BuildError(f"refusing to write into {out}: it holds the project; give a folder of its own, "
                         "such as --out dist")
    if out.exists() and not out.is_dir():
        raise BuildError(f"refusing to write into {out}: it is a file, not a folder")
    try:
        with folder_lock(out):
            _write_folder(out, files)
    except OSError as err:  # a file where a folder must be, no permission, a full disk
        where = err.filename or out
        raise BuildError(f"cannot write into {out}: {err.strerror or err} ({where})") from None


def check_targets(out: Path, paths: list[str], before: list[Path] | None) -> None:
    """Refuse, before anything is deleted, a folder where the build would write through a symbolic link (a file or a
    folder on the way to one is a link: its target, wherever it is, would be overwritten), or over a file that a
    previous build did not write (one its marker does not list: the host's own, under an output's name)."""
    listed = None if before is None else set(before)
    for path in paths:
        target = out
        for part in Path(path).parts:
            target = target / part
            if target.is_symlink():
                raise OutputRefused(f"refusing to write into {out}: {target.relative_to(out).as_posix()} is a symbolic "
                                 "link, and the build writes only into files and folders of its own; nothing was "
                                 "deleted (remove the link, or choose another folder)")
            if not target.exists():
                break
        else:
            if listed is not None and target not in listed:
                raise OutputRefused(f"refusing to write into {out}: {path} is not a file a previous build wrote (the "
                                 f"folder's {MARKER} does not list it), and this build would replace it; nothing was "
                                 "deleted (move it out of the folder, or choose another folder)")


def _write_folder(out: Path, files: dict[str, bytes]) -> None:
    present = list(out.iterdir())
    if present:
        check_targets(out, [MARKER], None)  # the marker is read, then written: never through a link
        if not (out / MARKER).is_file():
            raise BuildError(f"refusing to write into {out}: it is not empty and not a previous build "
                             f"(no {MARKER} in it); choose an empty or new folder")
        before = written_before(out)
        check_targets(out, sorted(files), before)
        for child in (present if before is None else before):
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            elif child.exists() or child.is_symlink():
                child.unlink()
        for folder in sorted((p for p in out.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
            if not any(folder.iterdir()):
                folder.rmdir()  # emptied by the removal above
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text(MARKER_HEADER + "".join(f"{path}\n" for path in sorted(files)), encoding="utf-8")
    for path, data in sorted(files.items()):
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def build(names: list[str] | None = None, out: Path = ROOT / "dist", publish_failing_cases: bool = False) -> Site:
    site = read_site(names or seed_ids(), publish_failing_cases)
    write_site(site, out)
    return site


# --------------------------------------------------------------------------------------
# Serving: for development and the browser tests. A city uses any static host.
# --------------------------------------------------------------------------------------

def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, prefix: str = "/", counter=None):
    """Serve a built site as a static host would, with the recommended headers (publish/static_server.py)."""
    return static_server.make_server(directory, host, port, prefix, headers=RECOMMENDED_HEADERS, counter=counter)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the Complaint Checker static site.")
    parser.add_argument("--jurisdiction", action="append", metavar="ID_OR_FILE",
                        help="build only this procedure (repeatable); default: every shipped one")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--serve", action="store_true", help="serve the site after building it")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve under this path, e.g. /clerk/complaints/")
    parser.add_argument("--publish-failing-cases", action="store_true",
                        help="publish a procedure whose worked cases fail; its pages say so")
    args = parser.parse_args(argv)
    try:
        site = build(args.jurisdiction, args.out, args.publish_failing_cases)
    except BuildError as err:
        print(f"build failed: {err}" if "\n" not in str(err) else f"build failed:\n{err}", file=sys.stderr)
        return err.status
    # What this build wrote, as its marker lists it: not a host's own files in the same folder.
    listed = (args.out / MARKER).read_text(encoding="utf-8").splitlines()[1:]
    count = sum(1 for path in listed if path and not path.endswith((".br", ".gz")))
    shown = os.path.relpath(args.out) if not os.path.relpath(args.out).startswith("..") else args.out
    print(f"built {count} files (and their .br and .gz forms) into {shown} "
          f"({', '.join(p.jurisdiction.id for p in site.procedures)})")
    if args.serve:
        server, prefix = make_server(args.out, port=args.port, prefix=args.prefix)
        host, port = server.server_address[:2]
        print(f"serving on http://{host}:{port}{prefix}  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
