"""Works on a phone-sized screen and with a keyboard alone."""

from conftest import LOAD_TIMEOUT_MS, MODULE_PRELOADS, open_checker, wait_for_results


def test_the_checker_fits_a_phone_screen(new_page):
    page = new_page(viewport={"width": 360, "height": 740})
    open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01&received=2026-10-20&event.meeting=2026-11-02T10:00",
                 role="clerk")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    assert page.locator("li.deadline[data-rule='meeting-notice']").is_visible()


def test_the_form_can_be_filled_with_the_keyboard(page):
    page.goto("fort-collins/index.html#role=complainant")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Skip to the main content"
    page.keyboard.press("Enter")
    page.focus("#f-violation_date")
    page.keyboard.type("03062026")
    page.keyboard.press("Tab")
    wait_for_results(page)
    assert page.input_value("#f-violation_date") == "2026-03-06"
    page.focus("#f-role-candidate")
    page.keyboard.press("Space")
    wait_for_results(page)
    assert page.locator(".card.eligibility .status-line").inner_text() == "Yes, you may file."


def test_a_table_wider_than_a_phone_says_it_scrolls(new_page):
    # The law page's calendar table, on a 320 px phone: it scrolls inside its region, and the page says so;
    # on a desktop, where it fits, it says nothing.
    for width, shown in ((320, True), (1280, False)):
        page = new_page(viewport={"width": width, "height": 740}, javascript=False)
        page.goto("fort-collins/law.html")
        region = page.locator("#calendar .table-scroll")
        hint = page.locator("#calendar .scroll-hint")
        assert hint.is_visible() == shown, width
        if shown:
            assert region.evaluate("node => node.scrollWidth > node.clientWidth")
            assert "scroll it sideways" in hint.inner_text()
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # the page itself does not


def test_on_a_desktop_the_header_lines_up_with_the_content(new_page):
    for path in ("fort-collins/index.html", "fort-collins/law.html"):  # a wide page and a reading page
        page = new_page(viewport={"width": 1440, "height": 900}, javascript=False)
        page.watch.expect(*(f"{name} (csp)" for name in MODULE_PRELOADS))  # module preloads, scripts off
        page.goto(path)
        header, main, footer = (page.locator(s).bounding_box() for s in (".site-header", "main", ".site-footer"))
        assert header["x"] == main["x"] == footer["x"] and header["width"] == main["width"] == footer["width"], path
