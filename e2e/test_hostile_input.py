"""Whatever a person types or a link carries is data: shown as text, never run."""

import urllib.parse

from conftest import LOAD_TIMEOUT_MS, open_checker, wait_for_results

PAYLOADS = [
    '<img src=x onerror="document.title=\'pwned\'">',
    "<script>document.title='pwned'</script>",
    '"><svg onload="document.title=\'pwned\'">',
    "javascript:document.title='pwned'",
    "{{7*7}} ${7*7} %(x)s",
]


def no_injection(page):
    assert page.title() != "pwned"
    assert page.locator("#results img, #results svg, #results script, #error-summary img").count() == 0


def test_free_text_is_shown_as_text(page):
    # Each payload typed in turn into the same field, as a person replacing what they wrote.
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_checker(page, "fort-collins", "violation_date=2026-03-06")
    for payload in PAYLOADS:
        page.fill("#f-about", payload)
        page.wait_for_function("(text) => document.getElementById('results-about').innerText === text",
                               arg=f"Complaint about: {payload}", timeout=LOAD_TIMEOUT_MS)
        wait_for_results(page)
        no_injection(page)
    assert dialogs == []


def test_payloads_in_the_link_are_data(page):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    fragment = urllib.parse.urlencode({
        "about": PAYLOADS[0], "violation_date": PAYLOADS[1], "received": "2026-05-01",
        "complainant_role": PAYLOADS[2], "contents": f"evidence,{PAYLOADS[0]}",
        "event.investigation-notice": PAYLOADS[1], PAYLOADS[2]: "1", "view": PAYLOADS[3], "role": PAYLOADS[4],
        "share": "words",  # the person chose to put their own words (the "about" line) in the link
    })
    open_checker(page, "fort-collins", fragment)  # an unusable role: the page asks who is asking
    assert page.locator("#facts").is_hidden()
    page.click("#who-complainant")
    wait_for_results(page)
    assert page.locator("#results-about").inner_text() == f"Complaint about: {PAYLOADS[0]}"
    errors = page.locator("#error-summary").inner_text()
    assert PAYLOADS[1] in errors and PAYLOADS[2] in errors and PAYLOADS[3] in errors and PAYLOADS[4] in errors
    assert page.is_checked("#f-content-evidence")
    no_injection(page)
    assert dialogs == []


def test_core_error_messages_echo_input_as_text(page):
    open_checker(page, "illinois-model-ethics")
    payload = "<b>2026</b>"
    page.evaluate("""(payload) => {
        const input = document.getElementById('e-meeting');
        Object.defineProperty(input, 'value', { get: () => payload });
        input.dispatchEvent(new Event('input', { bubbles: true }));
    }""", payload)
    wait_for_results(page)
    assert payload in page.locator("#e-meeting-error").inner_text()
    assert page.locator("#e-meeting-error b").count() == 0


def test_far_future_and_reversed_dates_get_messages_and_are_kept(page):
    open_checker(page, "fort-collins", "violation_date=2026-06-05")
    page.fill("#e-investigation-notice", "9999-12-31")
    wait_for_results(page)
    assert "outside the supported range" in page.locator("#e-investigation-notice-error").inner_text()
    assert page.input_value("#e-investigation-notice") == "9999-12-31"
