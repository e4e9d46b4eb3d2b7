"""The deployment guide's snippets for every server name every file type the build writes,
the headers the build recommends, and the cache rule for hashed files. nginx and Caddy are
also run for real (e2e/test_hosting.py); Apache and IIS are checked here, as text and, for
IIS, as XML read with an independent parser."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path


import build
from publish import static_server

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
TYPES = {"html": "text/html", "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
         "wasm": "application/wasm", "json": "application/json", "zip": "application/zip",
         "toml": "text/plain", "txt": "text/plain", "svg": "image/svg+xml"}
HASHED_PATTERN = "/[0-9a-f]{16}/|\\.[0-9a-f]{16}\\.json"


def snippet(language: str, index: int = 0) -> str:
    return re.findall(rf"```{language}\n(.*?)```", GUIDE, re.S)[index]


def test_the_header_list_is_the_builds():
    listed = re.search(r"```\n(Content-Security-Policy: .*?)```", GUIDE, re.S).group(1)
    assert listed.strip() == "\n".join(f"{k}: {v}" for k, v in build.RECOMMENDED_HEADERS.items())
    assert GUIDE.count(build.RECOMMENDED_HEADERS["Content-Security-Policy"]) == 5  # the list and four servers


def test_the_hashed_file_rule_is_the_one_the_development_server_uses():
    assert static_server.HASHED.pattern.rstrip("$").replace("\\w+", "json") == HASHED_PATTERN
    assert snippet("caddy").count(HASHED_PATTERN + "$") == 2
    assert f'"{HASHED_PATTERN.split("|")[0]}"' not in GUIDE  # nginx's patterns are quoted with their ~


def test_nginx_names_every_type_in_its_types_block():
    block = re.search(r"types \{(.*?)\}", snippet("nginx", 1), re.S).group(1)
    named = {ext: kind for line in block.strip().splitlines() for kind, *exts in [line.strip(" ;").split()] for ext in exts}
    assert named == TYPES


def test_apache_names_every_type_header_and_encoding():
    apache = snippet("apache")
    named = {ext.lstrip("."): kind for kind, exts in re.findall(r"^AddType (\S+) (.+)$", apache, re.M) for ext in exts.split()}
    assert named == TYPES
    for name, value in build.RECOMMENDED_HEADERS.items():
        assert f'Header always set {name} "{value}"' in apache
    assert "AddEncoding br .br" in apache and "AddEncoding gzip .gz" in apache
    assert "RewriteRule ^(.+)$ $1.br [L]" in apache and "RewriteRule ^(.+)$ $1.gz [L]" in apache
    assert f'SetEnvIf Request_URI "{HASHED_PATTERN}" hashed_file' in apache


def test_iis_is_well_formed_and_names_every_type_and_header():
    root = ET.fromstring(snippet("xml").encode())
    maps = {m.get("fileExtension").lstrip("."): m.get("mimeType") for m in root.iter("mimeMap")}
    assert maps == TYPES
    removed = {r.get("fileExtension").lstrip(".") for r in root.iter("remove")}
    assert removed == set(TYPES)  # each type is replaced, never added twice
    headers = {h.get("name"): h.get("value") for h in root.iter("add")}
    assert headers == build.RECOMMENDED_HEADERS
    immutable = {loc.get("path") for loc in root.iter("location")
                 if any(c.get("cacheControlCustom") == "immutable" for c in loc.iter("clientCache"))}
    assert immutable == {"assets", "pyodide", "python"}
