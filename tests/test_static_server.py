"""The development server (publish/static_server.py, behind `bash scripts/serve.sh`) behaves as
the README says: HEAD answers with GET's headers, and a taken port gives the next free one."""

import http.client
import socket
import threading

from publish import static_server


def serving(tmp_path, port=0):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server, _ = static_server.make_server(tmp_path, port=port, headers={"X-Content-Type-Options": "nosniff"})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def ask(server, method):
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    connection.request(method, "/index.html")
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k: v for k, v in response.getheaders() if k != "Date"}, body


def test_head_carries_the_headers_get_does_and_no_body(tmp_path):
    server = serving(tmp_path)
    try:
        got, head = ask(server, "GET"), ask(server, "HEAD")
        assert head[0] == got[0] == 200
        assert head[1] == got[1] and head[1]["X-Content-Type-Options"] == "nosniff" and "ETag" in head[1]
        assert head[2] == b"" and got[2].startswith(b"<!doctype html>")
    finally:
        server.shutdown()
        server.server_close()


def test_a_taken_port_gives_the_next_free_one(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        taken = probe.getsockname()[1]
        probe.listen()  # an ephemeral port, below 61000 on Linux: the next twenty exist
        server = serving(tmp_path, port=taken)
        try:
            assert taken < server.server_address[1] <= taken + 20
        finally:
            server.shutdown()
            server.server_close()
