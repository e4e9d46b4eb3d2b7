"""The shapes a procedure may take, as the page shows them (tests/jurisdictions/shapes.toml): a
requirement set out in another law is named with its citation and never claimed as checked, and
an item required only in some cases keeps the contents card from turning green until the person
says whether it applies. The wording is the core's and the interface's, checked by hand here."""

from pathlib import Path

from conftest import open_checker, serve, wait_for_results

import build

ROOT = Path(__file__).resolve().parent.parent
SHAPES = ROOT / "tests" / "jurisdictions" / "shapes.toml"


def test_a_referenced_requirement_and_a_conditional_item_in_the_contents_card(tmp_path, new_page):
    out = tmp_path / "dist"
    assert build.main(["--jurisdiction", str(SHAPES), "--out", str(out)]) == 0
    url, server = serve(out)
    try:
        page = new_page(site=url)
        # Items 1 and 2 ticked; whether a lawyer files is not said.
        open_checker(page, "shapes", "violation_date=2026-03-02&contents=facts,rule-23")
        wait_for_results(page)
        card = page.locator(".card.contents")
        assert "status-unknown" in card.get_attribute("class")  # not green: item 3 may apply
        text = card.inner_text()
        assert "Everything the code always requires is there; one more item may be needed:" in text
        assert "Your lawyer's name and address Only if the complainant has a lawyer." in text
        # The item set out in Rule 23.1, in the checklist: its citation, and no claim that it was checked.
        hint = page.locator("#f-content-rule-23-explain").inner_text()
        assert hint.endswith("(set out in 8 C.C.R. 1505-6, Rule 23.1: read it there; this page does not check it)")

        # A lawyer files, and only items 1 and 2 are ticked: item 3 is missing.
        open_checker(page, "shapes", "violation_date=2026-03-02&contents=facts&represented=true")
        wait_for_results(page)
        missing = page.locator(".card.contents ul.missing li").evaluate_all("nodes => nodes.map(n => n.dataset.item)")
        assert missing == ["rule-23", "counsel"]
        assert ("What the Secretary of State's Rule 23.1 requires (set out in 8 C.C.R. 1505-6, Rule 23.1: read it "
                "there; this page does not check it)") in page.locator(".card.contents").inner_text()
    finally:
        server.shutdown()
        server.server_close()
