"""Build the static site into dist/, and optionally serve it.

    python build.py                          both shipped procedures
    python build.py --jurisdiction fort-collins
    python build.py --jurisdiction my-city.toml --out public
    python build.py --serve [--port 8000] [--prefix /clerk/complaints/]

Two phases, as in Pelican: read and check everything first (a jurisdiction with
problems stops the build and lists every problem), then write. The output is
byte-for-byte reproducible: no timestamps (SOURCE_DATE_EPOCH, else the last
commit, dates the build), sorted file lists, fixed zip entry times.
"""

import argparse
import base64
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import jinja2

from core import __version__, prepared
from core.jurisdiction import check_file, jurisdiction_path, seed_ids
from core.model import Jurisdiction
from core.summary import outline

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
WHEEL_CACHE = ROOT / ".cache" / "wheels"
CASES_DIR = ROOT / "tests" / "cases"

# The Content-Security-Policy of every page, and of the HTTP headers we recommend.
CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self'; "
       "style-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'")
RECOMMENDED_HEADERS = {
    "Content-Security-Policy": CSP + "; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
# The parts of the interface strings the browser code needs (the rest is rendered here).
JS_STRINGS = ("lang", "loading", "results", "checker", "verify")
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
                 ".whl": "application/zip", ".toml": "text/plain; charset=utf-8",
                 ".txt": "text/plain; charset=utf-8", ".svg": "image/svg+xml"}


class BuildError(Exception):
    pass


@dataclass
class Procedure:
    jurisdiction: Jurisdiction
    toml: bytes
    cases: list
    outline: list


@dataclass
class Site:
    procedures: list[Procedure]
    strings: dict
    build_date: str


# --------------------------------------------------------------------------------------
# Phase 1: read and check everything.
# --------------------------------------------------------------------------------------

def build_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        try:
            epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True,
                                   text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            epoch = "0"
    return datetime.fromtimestamp(int(epoch or 0), tz=timezone.utc).date().isoformat()


def read_procedure(name: str) -> Procedure:
    try:
        path = jurisdiction_path(name)
    except LookupError:
        raise BuildError(f"unknown jurisdiction {name!r}; use one of {', '.join(seed_ids())} or a .toml file")
    jurisdiction, problems = check_file(path)
    if jurisdiction is None:
        errors = [p for p in problems if p.severity == "error"]
        raise BuildError("\n".join(str(p) for p in problems) + f"\n{path}: {len(errors)} problem(s); nothing was built")
    for warning in problems:
        print(warning, file=sys.stderr)
    cases_path = (CASES_DIR / f"{jurisdiction.id}.json" if name in seed_ids()
                  else path.with_name(path.stem + ".cases.json"))
    cases = json.loads(cases_path.read_text(encoding="utf-8")) if cases_path.is_file() else []
    return Procedure(jurisdiction, path.read_bytes(), cases, outline(jurisdiction))


def read_site(names: list[str]) -> Site:
    procedures = [read_procedure(n) for n in names]
    ids = [p.jurisdiction.id for p in procedures]
    if len(set(ids)) != len(ids):
        raise BuildError(f"the same jurisdiction id appears twice: {ids}")
    strings = tomllib.loads((SITE / "strings" / "en.toml").read_text(encoding="utf-8"))
    return Site(procedures, strings, build_date())


# --------------------------------------------------------------------------------------
# Phase 2: write.
# --------------------------------------------------------------------------------------

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def zip_time() -> tuple:
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01, the zip format's first day
    return datetime.fromtimestamp(max(epoch, 315532800), tz=timezone.utc).timetuple()[:6]


def core_wheel() -> tuple[str, bytes]:
    """The core as a py3-none-any wheel, built here so that its bytes are reproducible."""
    name, version = "complaint_checker", __version__
    dist_info = f"{name}-{version}.dist-info"
    files = {}
    for path in sorted((ROOT / "core").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requires = "".join(f"Requires-Dist: {d}\n" for d in project["dependencies"])
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: complaint-checker\nVersion: {version}\n"
                                      f"Summary: {project['description']}\nRequires-Python: >=3.11\n"
                                      f"{requires}").encode()
    files[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: complaint-checker build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{p},sha256={_urlsafe_digest(b)},{len(b)}\n" for p, b in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path in sorted(files):
            info = zipfile.ZipInfo(path, date_time=zip_time())
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, files[path], compresslevel=9)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()


def _urlsafe_digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def dependency_wheels() -> dict[str, bytes]:
    """The pinned wheels of wheels.txt, downloaded once (hash-checked by pip) into .cache/."""
    pins = [line.split()[0] for line in (ROOT / "wheels.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    expected = {pin.split("==")[0].replace("-", "_").lower(): pin.split("==")[1] for pin in pins}

    def cached():
        found = {}
        for path in sorted(WHEEL_CACHE.glob("*.whl")):
            dist, version = path.name.split("-")[:2]
            if expected.get(dist.lower()) == version:
                found[path.name] = path.read_bytes()
        return found

    wheels = cached() if WHEEL_CACHE.is_dir() else {}
    if len(wheels) < len(expected):
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        result = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                 "--only-binary=:all:", "--require-hashes", "-r", str(ROOT / "wheels.txt"),
                                 "-d", str(WHEEL_CACHE)], capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError("could not download the wheels in wheels.txt:\n" + result.stderr[-2000:])
        wheels = cached()
    if len(wheels) != len(expected):
        raise BuildError(f"expected wheels for {sorted(expected)}, found {sorted(wheels)}")
    return wheels


def pyodide_runtime() -> dict[str, bytes]:
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).is_file()]
    if missing:
        raise BuildError(f"the Pyodide runtime is missing ({', '.join(missing)}); run: npm ci")
    return {f: (PYODIDE_DIR / f).read_bytes() for f in PYODIDE_FILES}


def make_environment(strings: dict) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(SITE / "templates"),
                             undefined=jinja2.StrictUndefined, autoescape=True,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["paragraphs"] = lambda text: [p.strip() for p in text.strip().split("\n\n") if p.strip()]
    env.filters["long_date"] = lambda day: f"{day.day} {strings['months'][day.month - 1]} {day.year}"
    env.globals.update(t=strings, csp=CSP, js_strings={k: strings[k] for k in JS_STRINGS})
    return env


def uses(jurisdiction: Jurisdiction) -> dict:
    """Which optional inputs this procedure needs, so the form asks only for those."""
    anchors = {c.anchor for r in jurisdiction.rules for c in r.counts}
    conditions = [c for r in jurisdiction.rules for c in r.applies_when + r.applies_unless]
    facts = {c.fact for c in conditions if c.fact} | {c.date for c in conditions if c.date} | {
        c.other for c in conditions if c.other}
    return {"role": jurisdiction.eligibility.roles is not None,
            "candidate": "respondent_is_candidate" in facts,
            "election_date": "election_date" in anchors | facts}


def write_site(site: Site, out: Path) -> dict[str, str]:
    files: dict[str, bytes] = {}  # path in dist -> bytes
    for path in sorted((SITE / "static").rglob("*")):
        if path.is_file():
            files[f"assets/{path.relative_to(SITE / 'static').as_posix()}"] = path.read_bytes()
    for name, data in pyodide_runtime().items():
        files[f"pyodide/{name}"] = data
    wheel_name, wheel = core_wheel()
    wheels = {wheel_name: wheel, **dependency_wheels()}
    for name, data in sorted(wheels.items()):
        files[f"wheels/{name}"] = data
    wheel_list = [{"name": n, "sha256": sha256(d)} for n, d in sorted(wheels.items())]

    env = make_environment(site.strings)
    common = {"build_date": site.build_date, "version": __version__, "wheels": wheel_list,
              "procedures": site.procedures}
    data_list = []  # each procedure's published data, as its checker and the verify page load it
    for procedure in site.procedures:
        j = procedure.jurisdiction
        files[f"{j.id}/jurisdiction.toml"] = procedure.toml  # the source, for anyone who wants to read it
        files[f"{j.id}/procedure.json"] = prepared.dumps(j).encode()  # what the browser loads
        files[f"{j.id}/cases.json"] = json.dumps(procedure.cases, ensure_ascii=False, indent=1).encode()
        data = {"id": j.id, "name": j.name, "title": j.title, "rules_version": j.digest,
                "procedure": f"{j.id}/procedure.json", "procedure_sha256": sha256(files[f"{j.id}/procedure.json"]),
                "cases": f"{j.id}/cases.json", "cases_sha256": sha256(files[f"{j.id}/cases.json"])}
        data_list.append(data)
        context = dict(common, p=procedure, j=j, data=data, uses=uses(j), root="../")
        for page in ("checker", "law"):
            name = "index.html" if page == "checker" else "law.html"
            files[f"{j.id}/{name}"] = env.get_template(f"{page}.html").render(context, page=page).encode()
    files["index.html"] = env.get_template("index.html").render(common, root="", page="index").encode()
    files["verify.html"] = env.get_template("verify.html").render(common, root="", page="verify",
                                                                  data_list=data_list).encode()
    files["headers.txt"] = "".join(f"{k}: {v}\n" for k, v in RECOMMENDED_HEADERS.items()).encode()

    manifest = {path: sha256(data) for path, data in sorted(files.items())}
    files["manifest.json"] = (json.dumps({"version": __version__, "build_date": site.build_date,
                                          "files": manifest}, indent=1, sort_keys=True) + "\n").encode()
    if out.exists():
        shutil.rmtree(out)
    for path, data in sorted(files.items()):
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return manifest


def build(names: list[str] | None = None, out: Path = ROOT / "dist") -> Site:
    site = read_site(names or seed_ids())
    write_site(site, out)
    return site


# --------------------------------------------------------------------------------------
# Serving: for development and the browser tests. A city uses any static host.
# --------------------------------------------------------------------------------------

def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, prefix: str = "/"):
    """An HTTP server for `directory` mounted at `prefix`, sending the recommended headers."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(directory), **kwargs)

        def translate_path(self, path):
            clean = path.split("?", 1)[0].split("#", 1)[0]
            if not clean.startswith(prefix):
                return str(directory / "__outside_prefix__")
            return super().translate_path("/" + clean[len(prefix):])

        def do_GET(self):
            if self.path in ("/", prefix.rstrip("/")) and prefix != "/":
                self.send_response(302)
                self.send_header("Location", prefix)
                self.end_headers()
                return
            super().do_GET()

        def guess_type(self, path):
            return CONTENT_TYPES.get(Path(str(path)).suffix, "application/octet-stream")

        def end_headers(self):
            for name, value in RECOMMENDED_HEADERS.items():
                self.send_header(name, value)
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_message(self, *args):
            pass

    for candidate in (port, 0):
        try:
            return http.server.ThreadingHTTPServer((host, candidate), Handler), prefix
        except OSError:
            if candidate == 0:
                raise
    raise OSError("no port")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build the Complaint Checker static site.")
    parser.add_argument("--jurisdiction", action="append", metavar="ID_OR_FILE",
                        help="build only this procedure (repeatable); default: every shipped one")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--serve", action="store_true", help="serve the site after building it")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve under this path, e.g. /clerk/complaints/")
    args = parser.parse_args(argv)
    try:
        site = build(args.jurisdiction, args.out)
    except BuildError as err:
        print(f"build failed:\n{err}", file=sys.stderr)
        return 1
    count = sum(1 for p in args.out.rglob("*") if p.is_file())
    shown = os.path.relpath(args.out) if not os.path.relpath(args.out).startswith("..") else args.out
    print(f"built {count} files into {shown} "
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
