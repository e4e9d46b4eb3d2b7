"""Without JavaScript the page still shows the law, the required contents and the
procedure's stages with their periods in words, and says the calculator needs it."""

from conftest import MODULE_PRELOADS


def test_checker_page_without_javascript_shows_the_procedure(new_page):
    page = new_page(javascript=False)
    page.watch.expect(*(f"{name} (csp)" for name in MODULE_PRELOADS))  # Chromium refuses module preloads with scripts off
    page.goto("fort-collins/index.html")
    assert page.locator("noscript").count() == 1
    assert "needs JavaScript" in page.content()
    assert page.locator("#calculator").is_hidden()
    outline = page.locator("section.outline")
    assert "60 calendar days after the date of the alleged violation" in outline.inner_text()
    assert "10 business days after the date of “Notice that an investigation has begun”" in outline.inner_text()
    assert "Evidentiary review (No deadline set by the code.)" in outline.inner_text()
    contents = page.locator("section.contents-list li").all_inner_texts()
    assert len(contents) == 6 and contents[0].startswith("Name of the alleged violator.")
    assert page.locator("a[href='law.html']").count() >= 1


def test_law_page_without_javascript_has_an_anchor_per_clause(new_page):
    page = new_page(javascript=False)
    page.goto("illinois-model-ethics/law.html")
    anchors = page.locator("section.clause").evaluate_all("nodes => nodes.map(n => n.id)")
    assert anchors == ["A", "B", "C-1", "C-2", "C-3", "D", "E", "F", "G", "H", "I", "history"]
    assert "within one year after the alleged violation" in page.locator("section#I").inner_text()


def test_a_visitor_without_javascript_downloads_no_script_and_none_of_the_runtime(new_page):
    page = new_page(javascript=False)
    page.watch.expect(*(f"{name} (csp)" for name in MODULE_PRELOADS))
    page.goto("illinois-model-ethics/index.html")
    page.wait_for_load_state("networkidle")
    fetched = [url for url in page.watch.requests if url.endswith((".js", ".mjs", ".wasm", ".zip", ".whl"))]
    assert all(url.endswith(MODULE_PRELOADS) for url in fetched), fetched  # refused before download
