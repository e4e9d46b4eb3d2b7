"""Whom to contact (issue 39, item 3): every shipped procedure names the office that receives complaints, with its
details read from a public page cited beside them (its address, title and the day it was read), or says that no
page was found; a detail no cited page gives is said to be missing, in both languages, and never guessed.

The expected values are the pages' own words, as docs/sources.md#contact-pages records what each page gave on
2026-12-02; the sentences are the catalogue's (core/messages), worked out here by hand."""

from datetime import date
from pathlib import Path

import pytest

from core import load_jurisdiction
from core.contact import missing_sentence
from core.jurisdiction import seed_ids
from core.reading import check_file
from core.report import evaluate

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p.name.removesuffix(".toml") for p in (ROOT / "core" / "jurisdictions").glob("*.toml")
                 if p.name.count(".") == 1)
READ_ON = date(2026, 12, 2)


def test_ten_procedures_ship():
    assert len(SHIPPED) == 10, SHIPPED  # a procedure added later must come with its contact, which the tests below check


@pytest.mark.parametrize("jid", SHIPPED)
def test_every_procedure_says_whom_to_contact_from_a_cited_page_or_that_none_was_found(jid):
    office = load_jurisdiction(jid).filing_office
    assert office is not None and office.name
    if office.not_found:  # no page: said in words, with nothing else claimed
        assert not (office.source or office.address or office.mail or office.phone or office.email or office.hours)
        assert "no page" in office.not_found or "No public page" in office.not_found
        return
    assert office.source.startswith(("https://", "http://")) and office.source_title
    for page in office.sources:  # each page cited with its title and the day it was read
        assert page.url.startswith(("https://", "http://")) and page.title
        assert page.read_on == READ_ON or (jid, page.url) == ("fort-collins", "https://www.fcgov.com/cityclerk/")
    # the page's own details (never none at all): at least one way to reach or find the office
    assert office.address or office.mail or office.phone or office.email or office.hours


@pytest.mark.parametrize("jid", SHIPPED)
def test_the_report_names_the_office_and_what_its_pages_do_not_give_in_both_languages(jid):
    j = load_jurisdiction(jid)
    for lang in ("en", "es"):
        office = evaluate(j, {}, lang)["jurisdiction"]["filing_office"]
        assert office["name"]
        if office["not_found"]:
            assert office["sources"] == [] and office["missing"] == [] and office["missing_sentence"] is None
            continue
        given = {"address": office["address"] or office["mail"], "phone": office["phone"], "email": office["email"],
                 "hours": office["hours"]}
        assert office["missing"] == [key for key in ("address", "phone", "email", "hours") if not given[key]]
        assert (office["missing_sentence"] is None) == (office["missing"] == [])
        assert office["sources"][0]["url"] == office["source"]


def test_the_fec_gives_the_postal_address_its_page_gives_and_says_what_it_does_not():
    # The FEC's page, read 2026-12-02: "U.S. Postal Service / Office of General Counsel / Federal Election Commission /
    # 1050 First Street, NE / Washington, DC 20463"; no telephone, e-mail or hours on it.
    j = load_jurisdiction("fec")
    english = evaluate(j, {}, "en")["jurisdiction"]["filing_office"]
    assert english["name"] == "Office of General Counsel, Federal Election Commission"
    assert english["mail"] == ["1050 First Street, NE", "Washington, DC 20463"] and english["address"] == []
    assert english["missing"] == ["phone", "email", "hours"]
    # "give no " + join_or(["telephone number", "e-mail address", "opening hours"])
    assert english["missing_sentence"] == ("This procedure's sources give no telephone number, e-mail address or "
                                           "opening hours for this office.")
    assert english["sources"] == [{
        "url": "https://www.fec.gov/legal-resources/enforcement/complaints-process/how-to-file-complaint-with-fec/",
        "title": "How to file a complaint with the FEC (Federal Election Commission)", "read_on": "2026-12-02",
        "read_on_display": "read on Wednesday, December 2, 2026"}]  # 2 December 2026 is a Wednesday
    spanish = evaluate(j, {}, "es")["jurisdiction"]["filing_office"]
    # "o" is "u" before the /o/ sound of "horario" (its h is silent): "correo electrónico u horario"
    assert spanish["missing_sentence"] == ("Las fuentes de este procedimiento no dan número de teléfono, correo "
                                           "electrónico u horario de atención de esta oficina.")
    assert spanish["sources"][0]["read_on_display"] == "consultada el miércoles 2 de diciembre de 2026"
    assert spanish["name"] == "Oficina del Asesor Jurídico General, Comisión Federal de Elecciones"
    assert "U.S. Postal Service" in english["not_known"] and "Servicio Postal" in spanish["not_known"]


def test_a_procedure_with_no_page_says_so_and_gives_nothing_else():
    for jid in ("illinois-model-ethics", "carol-stream-ethics"):
        for lang, words in (("en", "address, telephone, e-mail or hours"),
                            ("es", "la dirección, el teléfono, el correo electrónico ni el horario")):
            office = evaluate(load_jurisdiction(jid), {}, lang)["jurisdiction"]["filing_office"]
            assert words in office["not_found"], (jid, lang)
            assert office["address"] == office["mail"] == [] and office["phone"] is None and office["source"] is None


def test_each_office_gives_what_its_page_gives():
    # As docs/sources.md#contact-pages records each page (read 2026-12-02).
    dc = load_jurisdiction("dc-bega").filing_office
    assert (dc.phone, dc.address) == ("(202) 535-1002", ("Executive Building, 1030 15th Street, NW, Suite 700 West",
                                                         "Washington, DC 20005"))
    assert dc.missing == ("email", "hours")
    hawaii = load_jurisdiction("hawaii-ethics").filing_office
    assert (hawaii.phone, hawaii.address) == ("(808) 587-0460", ("1001 Bishop St. #970", "Honolulu, HI 96813"))
    assert hawaii.hours.startswith("7:45 a.m. to 4:30 p.m., Monday to Friday") and hawaii.missing == ("email",)
    contest = load_jurisdiction("hawaii-election-contest").filing_office
    assert contest.missing == ("address", "phone", "email") and "Rule 45(a)" in contest.hours
    itasca = load_jurisdiction("itasca-ethics").filing_office
    assert (itasca.phone, itasca.hours, itasca.missing) == ("630-773-0835", "8 a.m. to 4:30 p.m., Monday to Friday",
                                                            ("address", "email"))
    bethel = load_jurisdiction("bethel-ethics").filing_office
    assert bethel.address[0] == "City Hall, 300 Chief Eddie Hoffman Highway" and bethel.missing == ("phone", "email", "hours")
    beverly = load_jurisdiction("beverly-hills-election").filing_office
    assert (beverly.phone, beverly.address) == ("(310) 285-2400", ("455 North Rexford Drive", "Beverly Hills, CA 90210"))
    fort_collins = load_jurisdiction("fort-collins").filing_office
    assert fort_collins.missing == ("email",)  # the City Clerk's pages give no e-mail address (issue 28)


def test_nothing_missing_says_nothing_and_no_office_says_nothing():
    office = load_jurisdiction("fort-collins").filing_office
    from dataclasses import replace
    assert missing_sentence(replace(office, email="cityclerk@example.org"), "en") == ""
    assert missing_sentence(None, "en") == ""
    # only the telephone missing: one item, no list
    assert missing_sentence(replace(office, email="x@example.org", phone=""), "en") == \
        "This procedure's sources give no telephone number for this office."


def test_a_file_written_before_pages_were_cited_still_checks_and_one_with_neither_source_nor_not_found_is_refused(
        tmp_path):
    source = (ROOT / "core" / "jurisdictions" / "fort-collins.toml").read_text(encoding="utf-8")
    source = source.replace('id = "fort-collins"', 'id = "my-city"').replace('languages = ["en", "es"]', 'languages = ["en"]')
    start = source.index("[filing_office]")
    block = source[start:source.index("\n[", start + 1)]
    # the office as it was written before this format change: no title, no day read, no further pages
    old = "\n".join(line for line in block.split("\n") if not line.startswith(("source_title", "more_sources")))
    path = tmp_path / "my-city.toml"
    path.write_text(source.replace(block, old), encoding="utf-8")
    jurisdiction, problems = check_file(path)
    assert jurisdiction is not None, [str(p) for p in problems]
    assert jurisdiction.filing_office.source == "https://www.fcgov.com/cityclerk/"
    assert jurisdiction.filing_office.more_sources == () and jurisdiction.filing_office.read_on is None
    # an office with neither a page nor a word that none was found is named as the problem
    unsourced = "\n".join(line for line in old.split("\n") if not line.startswith("source ="))
    path.write_text(source.replace(block, unsourced), encoding="utf-8")
    jurisdiction, problems = check_file(path)
    assert jurisdiction is None
    assert any("filing_office" in str(p) for p in problems if p.severity == "error"), [str(p) for p in problems]
