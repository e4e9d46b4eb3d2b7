"""The deployment guide's nginx and Caddy snippets, run for real: Debian's nginx and caddy,
started here with the snippets exactly as docs/deploy.md prints them, serving the built site
under a sub-path. Every file type, header, cache rule and precompressed file is checked over
HTTP, and a complaint is answered in Chromium through each server."""

import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import LOAD_TIMEOUT_MS, PREFIX, wait_for_results

import build

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "deploy.md"
TYPES = {"html": "text/html", "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
         "wasm": "application/wasm", "json": "application/json", "zip": "application/zip",
         "toml": "text/plain", "txt": "text/plain", "svg": "image/svg+xml"}
HASHED = re.compile(r"/[0-9a-f]{16}/|\.[0-9a-f]{16}\.json$")


def snippets(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(port: int, process: subprocess.Popen, log: Path):
    for _ in range(100):
        if process.poll() is not None:
            pytest.fail(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the server did not start: {log.read_text(errors='replace')[-2000:]}")


def run_nginx(site: Path, work: Path):
    http_part, server_part = snippets("nginx")
    port = free_port()
    conf = work / "nginx.conf"
    conf.write_text(f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
include /etc/nginx/modules-enabled/*.conf;
events {{}}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
{http_part}
    server {{
        listen 127.0.0.1:{port};
{server_part.replace("/var/www/complaint-checker/", f"{site}/")}
    }}
}}
""")
    log = work / "error.log"
    log.touch()
    (work / "modules").symlink_to("/usr/lib/nginx/modules")  # where Debian's module snippets look, from the prefix
    process = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-e", str(log), "-p", str(work), "-c", str(conf)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    return process, port, log


def run_caddy(site: Path, work: Path):
    [caddyfile] = snippets("caddy")
    port = free_port()
    conf = work / "Caddyfile"
    conf.write_text("{\n\tadmin off\n\tauto_https off\n}\n" + caddyfile.replace("example.gov {", f"http://127.0.0.1:{port} {{")
                    .replace("/var/www/complaint-checker", str(site)))
    log = work / "caddy.log"
    env = {**os.environ, "HOME": str(work), "XDG_DATA_HOME": str(work / "data"), "XDG_CONFIG_HOME": str(work / "config")}
    with open(log, "wb") as out:
        process = subprocess.Popen([shutil.which("caddy") or "/usr/bin/caddy", "run", "--config", str(conf), "--adapter", "caddyfile"],
                                   stdout=out, stderr=subprocess.STDOUT, env=env)
    return process, port, log


@pytest.fixture(scope="module", params=["nginx", "caddy"])
def server(request, site_dir, tmp_path_factory):
    name = request.param
    if not shutil.which(name) and not Path(f"/usr/sbin/{name}").exists():
        pytest.fail(f"{name} is not installed; the README's test command installs it from Debian's packages")
    work = tmp_path_factory.mktemp(name)
    process, port, log = (run_nginx if name == "nginx" else run_caddy)(site_dir, work)
    wait_until_serving(port, process, log)
    yield name, f"http://127.0.0.1:{port}{PREFIX}"
    process.terminate()
    process.wait(timeout=10)


def fetch(url: str, encoding: str = "identity"):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()


def files_by_type(site: Path) -> dict[str, str]:
    """One built file of each type, by extension (the .br and .gz forms aside)."""
    found = {}
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix[1:] in TYPES:
            found.setdefault(path.suffix[1:], path.relative_to(site).as_posix())
    return found


def test_every_type_the_site_uses_is_in_the_guides_table():
    built = {p.suffix[1:] for p in (ROOT / "site" / "static").rglob("*") if p.is_file()} | {"html", "mjs", "wasm", "zip", "json", "toml", "txt"}
    assert built <= set(TYPES)
    guide = GUIDE.read_text(encoding="utf-8")
    for extension, kind in TYPES.items():
        assert re.search(rf"\| [^|]*`\.{extension}`[^|]* \| `{re.escape(kind)}` \|", guide), extension


def test_each_file_is_served_with_its_type_headers_and_cache_rule(server, site_dir):
    name, base = server
    found = files_by_type(site_dir)
    assert set(found) == set(TYPES), f"the build no longer has every type: {sorted(set(TYPES) - set(found))}"
    for extension, path in sorted(found.items()):
        status, headers, body = fetch(base + path)
        assert status == 200, (name, path)
        assert headers["content-type"].split(";")[0].strip() == TYPES[extension], (name, path, headers["content-type"])
        assert body == (site_dir / path).read_bytes(), (name, path)
        for header, value in build.RECOMMENDED_HEADERS.items():
            assert headers[header.lower()] == value, (name, path, header)
        expected_cache = "public, max-age=31536000, immutable" if HASHED.search("/" + path) else "no-cache"
        assert headers["cache-control"] == expected_cache, (name, path)


@pytest.mark.parametrize("encoding, suffix", [("br", ".br"), ("gzip", ".gz")])
def test_the_precompressed_files_are_served_to_browsers_that_accept_them(server, site_dir, encoding, suffix):
    name, base = server
    wasm = next(p for p in site_dir.rglob("pyodide.asm.wasm")).relative_to(site_dir).as_posix()
    for path in (wasm, "fort-collins/index.html"):
        status, headers, body = fetch(base + path, encoding)
        assert headers.get("content-encoding") == encoding, (name, path, headers)
        assert body == (site_dir / (path + suffix)).read_bytes(), (name, path)
        assert headers["content-type"].split(";")[0] == TYPES[path.rsplit(".", 1)[1]], (name, path)
        assert "accept-encoding" in headers.get("vary", "").lower(), (name, path)


def test_a_complaint_is_answered_in_chromium_through_the_server(server, new_page):
    name, base = server
    page = new_page(site=base)
    encodings = {}
    page.on("response", lambda r: r.url.endswith((".js", ".css", ".html")) and encodings.setdefault(
        r.url.rsplit("/", 1)[1], r.headers.get("content-encoding")))
    page.clock.set_fixed_time("2026-11-30T12:00:00-07:00")
    # 60 days after Tue 6 Oct 2026 end Sat 5 Dec; the safe date is Fri 4 Dec.
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-10-06&complainant_role=candidate")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.locator("#answer-sentence").inner_text().endswith("File by Friday, December 4, 2026.")
    assert page.get_attribute("#answer", "data-date") == "2026-12-04"
    assert encodings and set(encodings.values()) == {"br"}, (name, encodings)  # everything arrived precompressed
