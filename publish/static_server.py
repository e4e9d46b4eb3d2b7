"""A static file server that behaves like a well-configured static host.

For development (`bash scripts/serve.sh`), the browser tests and the benchmark. It
serves a built site under a path prefix, with the recommended security headers, the
right MIME types, ETags (a revalidated file that has not changed costs a 304), precompressed files (`X.br`, `X.gz` beside `X`, as nginx
`brotli_static`/`gzip_static` and Caddy `precompressed` do), and caching as the build
intends: content-hashed files are immutable for a year; everything else is revalidated.
It counts the bytes it sends, so that a benchmark can report what a visit cost.
"""

import hashlib
import http.server
import re
import sys
import threading
from pathlib import Path

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
                 ".whl": "application/zip", ".toml": "text/plain; charset=utf-8",
                 ".txt": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".ics": "text/calendar"}
# A path with a content hash in it: a folder named by 16 hex digits, or name.HASH.ext.
HASHED = re.compile(r"/[0-9a-f]{16}/|\.[0-9a-f]{16}\.\w+$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class Counter:
    """Bytes sent (headers and bodies), and requests served."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def add(self, count: int, request: bool = False) -> None:
        with self.lock:
            self.bytes += count
            self.requests += int(request)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, prefix: str = "/",
                headers: dict | None = None, counter: Counter | None = None):
    """An HTTP server for `directory` mounted at `prefix`: (server, prefix)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    directory = Path(directory)
    extra = headers or {}
    counter = counter or Counter()

    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(directory), **kwargs)

        def translate_path(self, path):
            clean = path.split("?", 1)[0].split("#", 1)[0]
            if not clean.startswith(prefix):
                return str(directory / "__outside_prefix__")
            return super().translate_path("/" + clean[len(prefix):])

        def do_HEAD(self):
            self.do_GET(send_body=False)  # the same status and headers as GET, without the body

        def do_GET(self, send_body=True):
            if self.path in ("/", prefix.rstrip("/")) and prefix != "/":
                self.send_response(302)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404)
                return
            accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
            served, encoding = path, None
            for name, suffix in (("br", ".br"), ("gzip", ".gz")):
                if name in accepted and path.with_name(path.name + suffix).is_file():
                    served, encoding = path.with_name(path.name + suffix), name
                    break
            content = served.read_bytes()
            etag = f'"{hashlib.sha256(content).hexdigest()[:32]}"'
            if etag in [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]:
                self.send_response(304)  # revalidated: the copy the browser holds is current
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", REVALIDATE)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPES.get(path.suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(len(content)))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            if path.with_name(path.name + ".gz").is_file():
                self.send_header("Vary", "Accept-Encoding")
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", IMMUTABLE if HASHED.search(self.path.split("?")[0]) else REVALIDATE)
            self.end_headers()
            if send_body:
                self.wfile.write(content)
                counter.add(len(content))

        def send_header(self, keyword, value):
            counter.add(len(keyword) + len(str(value)) + 4)
            super().send_header(keyword, value)

        def end_headers(self):
            for name, value in extra.items():
                self.send_header(name, value)
            counter.add(2, request=True)
            super().end_headers()

        def log_message(self, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
                super().handle_error(request, client_address)  # a browser closing a page mid-download is not an error

    # The port asked for, else the next free one (port + 1, + 2, ...), else any free port.
    for candidate in [*range(port, min(port + 20, 65536)), 0] if port else [0]:
        try:
            server = Server((host, candidate), Handler)
            server.daemon_threads = True
            server.counter = counter
            return server, prefix
        except OSError:
            if candidate == 0:
                raise
    raise OSError("no port")
