"""The floor the benchmark measures (scripts/benchmark.py: the bare start) is a page that really starts this build's
own runtime and prepared Python and answers the benchmark's facts as the core does, not a page that stops short."""

import json

from conftest import cli_report, serve

from scripts import benchmark


def test_the_bare_start_answers_the_benchmarks_facts_as_the_core_does(site_dir, tmp_path, new_page):
    bare = benchmark.build_bare(tmp_path, site_dir)
    url, server = serve(bare)
    try:
        page = new_page(site=url)
        page.watch.expect("favicon.ico", "status of 404")  # a bare page names no icon: the browser asks for one
        page.goto("index.html#" + json.dumps(benchmark.FACTS))
        page.wait_for_selector("#results[data-state='done'] [data-answer]")
        filing = cli_report(benchmark.JURISDICTION, benchmark.FACTS)["filing"]
        assert page.text_content("[data-answer]") == f"{filing['status']}: file by {filing['safe_date']}"
        # this build's files, and nothing else: no wheel, no stock archive
        fetched = [address.rsplit("/", 1)[-1] for address in page.watch.requests]
        assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= set(fetched)
        assert not [name for name in fetched if name.endswith(".whl")]
    finally:
        server.shutdown()
