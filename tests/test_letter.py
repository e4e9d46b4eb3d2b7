"""The complaint letter a person signs and files (issue 39, items 4 and 5): the formalities its law sets, each a
block to complete, read from the procedure's own text; headings that do not speak to the filer; a printed-name
line; the clause that lets a complaint be filed; in Spanish, the filer's gender chosen, not assumed; and words
from the procedure, never from Fort Collins (a state's clerk is not "the City Clerk"; the eligibility note is on
the page). The printed letter (one page for a typical case) is read back in Chromium: e2e/test_the_letter.py.

Every expectation is read by hand from the law text in core/jurisdictions/sources/ (or tests/seeds/), quoted
beside it, never from the code under test.
"""

import html as markup
import json
import re
from pathlib import Path

import pytest

from built_site import rendered
from core import JurisdictionError, evaluate, load_jurisdiction, parse_jurisdiction
from core.localize import localized
from core.reading import check_file, read_jurisdiction

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"fort-collins": ROOT / "tests/seeds/000_68d217efe2e33f61.txt",
           "illinois-model-ethics": ROOT / "tests/seeds/002_cdeb007f3905d4d1.txt"}
LATER_OF = (ROOT / "tests/jurisdictions/later-of.toml").read_text(encoding="utf-8")


def flat(text: str) -> str:
    return " ".join(text.split())


def law_text(procedure: str) -> str:
    return flat((SOURCES.get(procedure) or ROOT / f"core/jurisdictions/sources/{procedure}.txt").read_text("utf-8"))


# Each procedure's formalities, read from its own text, in the order the letter completes them:
FORMALITIES = {
    # 52 U.S.C. § 30109(a)(1): "Such complaint shall be in writing, signed and sworn to by the person filing such
    # complaint, shall be notarized, and shall be made under penalty of perjury and subject to … section 1001"
    "fec": ["in-writing", "penalty-of-perjury", "sworn", "notarized"],
    # D.C. Code § 1-1162.13(b): "(3) The complainant’s signature; (4) A verification of the complaint under oath"
    "dc-bega": ["signed", "sworn"],
    # HRS § 84-31(b): "Charges … shall be in writing, signed by the person making the charge under oath"
    "hawaii-ethics": ["in-writing", "sworn"],
    # BMC § 2.06.010(B)(2): "Be signed and affirmed by the complainant." (affirmed: the oath's alternative)
    "bethel-ethics": ["sworn"],
    # § 1-8-11(A): "Each complaint shall be in writing, signed by the person alleging the violation and shall
    # contain the following certification: The undersigned, ________________, hereby certify and affirm …"
    "carol-stream-ethics": ["in-writing", "signed", "certification"],
    # § 1-10-4: "by submitting the complaint in writing to the City Clerk's Office"
    "beverly-hills-election": ["in-writing"],
    # § 7-145(a): "may file a written complaint with the City Clerk"
    "fort-collins": ["in-writing"],
    # No sentence of these sets one: the ordinances say only where and when; the election contest, what a
    # complaint sets forth and its deposit (a payment, not a way of making the complaint).
    "illinois-model-ethics": [], "itasca-ethics": [], "hawaii-election-contest": [],
}


@pytest.mark.parametrize("procedure", sorted(FORMALITIES))
def test_each_procedures_formalities_are_quoted_from_its_own_law_text(procedure):
    j = load_jurisdiction(procedure)
    assert [f.kind for f in j.formalities] == FORMALITIES[procedure]
    for formality in j.formalities:
        assert flat(formality.text) in law_text(procedure), formality
        assert flat(formality.text) in flat(j.clause(formality.clause).text)  # and in the clause it cites


def test_the_fec_formalities_are_the_statutes_own_words():
    # The sentence of § 30109(a)(1), as the statute's text has it (sources/fec.txt), quoted whole:
    sentence = ("signed and sworn to by the person filing such complaint, shall be notarized, and shall be made "
                "under penalty of perjury")
    assert sentence in law_text("fec")
    said = {f.kind: f.text for f in load_jurisdiction("fec").formalities}
    assert said["sworn"] == "signed and sworn to by the person filing such complaint"
    assert said["notarized"] == "shall be notarized"
    assert said["penalty-of-perjury"] == ("shall be made under penalty of perjury and subject to the provisions of "
                                          "section 1001 of title 18")
    assert all(flat(said[k]).split(" and subject")[0] in sentence for k in ("sworn", "notarized", "penalty-of-perjury"))


# --- the format: optional, checked, and old files unchanged -----------------------------------------------------

FORMALITY = '''
[[formalities]]
kind = "sworn"
clause = "a"
text = "{text}"
{extra}
'''


def later_of(*blocks: str, level: str | None = None) -> str:
    text = LATER_OF + "".join(blocks)
    return text.replace("timezone = ", f'level = "{level}"\ntimezone = ', 1) if level else text


def problems_of(text: str) -> list[str]:
    return [str(p) for p in read_jurisdiction(text, "state.toml")[1]]


def test_a_file_without_formalities_checks_as_before_and_its_letter_has_none():
    for fixture in ("format-1-example-city", "minimal", "later-of"):
        j = load_jurisdiction(str(ROOT / "tests/jurisdictions" / f"{fixture}.toml"))
        assert j.formalities == () and j.eligibility.files_under == j.eligibility.clause


def test_a_formality_must_quote_its_clause_and_name_contents_that_exist():
    # "(a) Any person may file a complaint with the Commission." says nothing of an oath: a quote not in it is refused
    with pytest.raises(JurisdictionError) as refused:
        parse_jurisdiction(later_of(FORMALITY.format(text="shall be sworn", extra="")), "state.toml")
    assert any("formalities[0]" in str(p) and "text" in str(p) for p in refused.value.problems)
    with pytest.raises(JurisdictionError) as refused:
        parse_jurisdiction(later_of(FORMALITY.format(text="Any person may file", extra='items = ["oath"]')),
                           "state.toml")
    assert any("“oath” is not a required item" in str(p) for p in refused.value.problems)
    twice = FORMALITY.format(text="Any person may file", extra="")
    with pytest.raises(JurisdictionError) as refused:
        parse_jurisdiction(later_of(twice, twice), "state.toml")
    assert any("the formality “sworn” is listed twice" in str(p) for p in refused.value.problems)
    with pytest.raises(JurisdictionError) as refused:
        parse_jurisdiction(later_of(FORMALITY.format(text="Any person may file", extra="").replace(
            '"sworn"', '"swore"')), "state.toml")
    assert any("formalities[0]" in str(p) and "kind" in str(p) for p in refused.value.problems)
    # A quote that is the law's but does not say the complaint is sworn is used, with a warning.
    found = problems_of(later_of(FORMALITY.format(text="Any person may file", extra="")))
    assert any("warning" in p and "does not say the complaint is made this way (sworn)" in p for p in found)


# --- the pages, rendered as the build renders them (built_site.rendered) ----------------------------------------------

def text_of(fragment: str) -> str:
    return flat(markup.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def part(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at:page.index(end, at)]


def letter(page: str) -> str:
    return part(page, '<article id="letter"', "</article>")


# A state's procedure (the sample "later-of" state act, at level = "state"), with a definitions section that says
# who may file, and the clause that lets a complaint be filed named by filed_under; in English and Spanish.
DEFINITIONS = '''
[[clauses]]
anchor = "def-c"
cite = "§ 2(C)"
title = "Definitions"
text = "(C) \\"Complainant\\" means any person who files a complaint under Section 15(a)."
'''


def state_procedure(tmp_path: Path, filed_under: bool = True) -> Path:
    text = later_of(DEFINITIONS, level="state").replace(
        '[eligibility]\nroles = ["any-person"]\nclause = "a"\ntext = "(a) Any person may file a complaint with the '
        'Commission."',
        '[eligibility]\nroles = "any"\nclause = "def-c"\ntext = "(C) \\"Complainant\\" means any person who files a '
        'complaint under Section 15(a)."' + ('\nfiled_under = "a"' if filed_under else '')
        + '\nnote = "The Act defines who is a complainant; it does not limit who may file."')
    text = text.replace('id = "later-of"', 'id = "sample-state"').replace(
        'supported_to = 2029-12-31', 'supported_to = 2029-12-31\nlanguages = ["en", "es"]')
    assert 'filed_under' in text or not filed_under
    path = tmp_path / "sample-state.toml"
    path.write_text(text, encoding="utf-8")
    # a translation of one text: the rest shows in English, the core's own words (the clerk) in Spanish
    (tmp_path / "sample-state.es.toml").write_text('name = "Comisión de Ética del Estado de Ejemplo"\n', "utf-8")
    return path


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    state = state_procedure(tmp_path_factory.mktemp("state"))
    return rendered([str(ROOT / "core/jurisdictions/fec.toml"), str(ROOT / "core/jurisdictions/fort-collins.toml"),
                     str(ROOT / "core/jurisdictions/carol-stream-ethics.toml"),
                     str(ROOT / "core/jurisdictions/hawaii-ethics.toml"), str(state)])


def checker(pages, procedure, lang):
    return pages[f"{'' if lang == 'en' else lang + '/'}{procedure}/index.html"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_fec_letter_has_its_perjury_oath_and_notary_blocks_after_the_complaint(pages, lang):
    page = letter(checker(pages, "fec", lang))
    kinds = re.findall(r'data-formality="([a-z-]+)"', page)
    assert kinds == ["penalty-of-perjury", "sworn", "notarized"]  # declaration, oath, then the notary's part
    sign = page.index('class="letter-sign"')
    assert page.index('data-formality="sworn"') < sign < page.index('data-formality="notarized"')
    words = {"en": ["I certify under penalty of perjury that what this complaint states is true and correct.",
                    "I swear (or affirm) that I have read this complaint and that what it states is true.",
                    "Sworn to (or affirmed) and signed before me", "Signature of notary public:",
                    "My commission expires:", "Printed name:"],
             "es": ["Certifico bajo pena de perjurio que lo que afirma esta queja es verdadero y correcto.",
                    "Juro (o afirmo) que he leído esta queja y que lo que afirma es verdadero.",
                    "Jurado (o afirmado) y firmado ante mí", "Firma del notario público:",
                    "Mi nombramiento vence el:", "Nombre en letra de molde:"]}[lang]
    for said in words:
        assert said in text_of(page), said
    # each block cites the clause, and quotes (in English, the official text) the words it answers to
    assert text_of(page).count("(52 U.S.C. § 30109(a)(1))") == 3
    for quote in ("shall be made under penalty of perjury and subject to the provisions of section 1001 of title 18",
                  "signed and sworn to by the person filing such complaint", "shall be notarized"):
        assert f'<q lang="en">{quote}</q>' in page
    # The four required items are all formalities: the letter asks for the complaint and how to reach the filer,
    # not for words under "Notarized".
    assert re.findall(r'data-draft="([a-z-]+)"', page) == ["complaint", "complainant-contact"]
    # The address the statute does not give stays a line to fill (the addressee is another item of issue 39).


def test_the_carol_stream_letter_reproduces_the_codes_certification_word_for_word(pages):
    page = letter(checker(pages, "carol-stream-ethics", "en"))
    block = part(page, 'data-formality="certification"', "</section>")
    certification = ("The undersigned, ________________, hereby certify and affirm that I have read the complaint, "
                     "have knowledge of the contents thereof, and the statements set forth therein are true and "
                     "correct in substance and in fact, to the best of my knowledge.")
    assert certification in law_text("carol-stream-ethics")
    assert text_of(block).count(certification) == 1
    assert re.findall(r'data-draft="([a-z-]+)"', page) == ["personal-knowledge", "statement-of-facts"]


@pytest.mark.parametrize("procedure", ["fec", "fort-collins", "carol-stream-ethics", "hawaii-ethics"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_letter_the_filer_signs_never_speaks_to_them(pages, procedure, lang):
    page = letter(checker(pages, procedure, lang))
    headings = [text_of(h) for h in re.findall(r'<label for="d-[^"]+">(.*?)</label>', page)]
    assert headings
    for heading in headings:  # "Your name, address and telephone number", "why you believe": not in a signed letter
        assert not re.search(r"\b(you|your|usted|su|sus)\b", heading, re.I), heading
    assert ("Printed name:" if lang == "en" else "Nombre en letra de molde:") in text_of(page)


def plain_state(tmp_path: Path) -> Path:
    """The sample state act as it was written, at level = "state", with nothing new in it: no receiver named."""
    path = tmp_path / "plain-state.toml"
    path.write_text(later_of(level="state").replace('id = "later-of"', 'id = "plain-state"').replace(
        'supported_to = 2029-12-31', 'supported_to = 2029-12-31\nlanguages = ["en", "es"]'), encoding="utf-8")
    (tmp_path / "plain-state.es.toml").write_text('name = "Comisión de Ética del Estado de Ejemplo"\n', "utf-8")
    return path


def test_a_state_procedure_never_says_city_clerk(tmp_path):
    pages = rendered([str(plain_state(tmp_path))])
    for lang in ("en", "es"):
        page = pages[f"{'' if lang == 'en' else 'es/'}plain-state/index.html"]
        assert "City Clerk" not in text_of(page) and "Secretario Municipal" not in text_of(page)
        received = {"en": "Date the clerk receives the complaint", "es": "Fecha en que la secretaría recibe la queja"}
        assert received[lang] in text_of(part(page, 'id="field-pool"', "</form>"))


def test_a_state_procedures_report_never_says_city_clerk(tmp_path):
    j = load_jurisdiction(str(plain_state(tmp_path)))
    for lang in ("en", "es"):
        report = json.dumps(evaluate(j, {"violation_date": "2026-03-02", "received": "2026-03-10"}, lang),
                            ensure_ascii=False)
        assert "City Clerk" not in report and "Secretario Municipal" not in report
        assert ("the clerk" if lang == "en" else "la secretaría") in report
    # and the check says who the pages name, until the file names who receives complaints
    assert any("this state procedure does not say who receives complaints" in p
               for p in problems_of(plain_state(tmp_path).read_text("utf-8")))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_letter_is_filed_under_the_clause_that_lets_a_complaint_be_filed_not_a_definition(pages, lang):
    page = checker(pages, "sample-state", lang)
    title = text_of(part(page, '<h3 id="letter-title">', "</h3>"))
    assert "§ 15(a)" in title and "§ 2(C)" not in title
    anyone = markup.unescape(re.search(r'data-anyone="([^"]*)"', page).group(1))
    assert anyone == {"en": "I file this complaint under § 15(a).", "es": "Presento esta queja según § 15(a)."}[lang]


def test_the_eligibility_answer_cites_the_clause_a_complaint_is_filed_under_and_check_warns_of_a_definition(
        tmp_path):
    j = load_jurisdiction(str(state_procedure(tmp_path)))
    reasons = evaluate(j, {"violation_date": "2026-03-02"})["eligibility"]["reasons"]
    assert reasons == ["§ 15(a) does not limit who may file a complaint."]
    found = problems_of(state_procedure(tmp_path, filed_under=False).read_text("utf-8"))
    assert any("the letter would be filed under § 2(C), a definitions section" in p for p in found)
    assert not any("definitions section" in p for p in problems_of(state_procedure(tmp_path).read_text("utf-8")))


@pytest.mark.parametrize("procedure", ["fec", "fort-collins", "carol-stream-ethics", "hawaii-ethics", "sample-state"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_eligibility_note_is_on_the_page(pages, procedure, lang):
    if procedure == "sample-state":  # no translation: its note shows in English on both
        note = "The Act defines who is a complainant; it does not limit who may file."
    else:
        note = localized(load_jurisdiction(procedure), lang).eligibility.note
    assert note
    assert note in text_of(part(checker(pages, procedure, lang), 'class="draft-guide"', '<article id="letter"'))


def test_the_spanish_letter_lets_the_filer_choose_their_gender(pages):
    page = checker(pages, "fort-collins", "es")
    choice = part(page, 'id="letter-gender"', "</fieldset>")
    assert re.findall(r'name="letter-gender" value="(\w+)"', choice) == ["feminine", "masculine"]
    assert "En femenino" in text_of(choice) and "En masculino" in text_of(choice)
    statement = part(page, 'id="letter-statement"', "</p>")
    said = {key: json.loads(markup.unescape(re.search(rf"data-{key}='([^']*)'", statement).group(1)))
            for key in ("statements", "feminine")}
    assert said["statements"] == {"registered-elector": "Soy elector registrado en la Ciudad de Fort Collins.",
                                  "candidate": "Soy candidato."}
    assert said["feminine"] == {"registered-elector": "Soy electora registrada en la Ciudad de Fort Collins.",
                                "candidate": "Soy candidata."}
    for page_text in (text_of(page), statement):  # a form that merges the two is not a choice
        assert not re.search(r"[a-z]\(a\)|candidato o candidata|elector/a", page_text)
    # English has no gender to choose: no choice is offered
    assert 'id="letter-gender"' not in checker(pages, "fort-collins", "en")


def test_a_feminine_statement_varies_a_statement_the_file_gives(tmp_path):
    source = (ROOT / "core/jurisdictions/hawaii-election-contest.toml").read_text("utf-8")
    spanish = (ROOT / "core/jurisdictions/hawaii-election-contest.es.toml").read_text("utf-8")
    (tmp_path / "hawaii-election-contest.toml").write_text(source, "utf-8")
    (tmp_path / "hawaii-election-contest.es.toml").write_text(spanish.replace(
        "[roles.thirty-voters]", '[roles.nobody]\nstatement_feminine = "Soy nadie."\n\n[roles.thirty-voters]\n'
                                 'statement_femenine = "Somos treinta votantes."'), "utf-8")
    _, found = check_file(tmp_path / "hawaii-election-contest.toml")
    found = [str(p) for p in found if p.severity == "error"]
    assert any("“roles.nobody.statement_feminine” varies no statement" in p for p in found), found
    assert any("“roles.thirty-voters.statement_femenine” translates nothing" in p for p in found), found
    j = load_jurisdiction("hawaii-election-contest")
    assert localized(j, "es").role("candidate").statement_feminine == "Soy candidata en la elección que impugno."
    assert j.role("candidate").statement_feminine is None  # English has none


@pytest.mark.parametrize("lang, title, statement", [
    # HRS § 84-31(b): "Charges concerning the violation of this chapter shall be in writing, signed by the person
    # making the charge under oath": a person makes a charge (the commission may issue a complaint after it).
    ("en", "Charge under HRS § 84-31(b), Hawaii Revised Statutes § 84-31", "I make this charge under HRS § 84-31(b)."),
    ("es", "Denuncia según HRS § 84-31(b), Estatutos Revisados de Hawái § 84-31",
     "Presento esta denuncia según HRS § 84-31(b)."),
])
def test_the_letter_says_what_the_law_calls_the_filing_and_how_it_is_made(pages, lang, title, statement):
    page = checker(pages, "hawaii-ethics", lang)
    assert text_of(part(page, '<h3 id="letter-title">', "</h3>")).startswith(title)
    assert markup.unescape(re.search(r'data-anyone="([^"]*)"', page).group(1)) == statement
    assert "complaint" not in text_of(part(page, '<h3 id="letter-title">', "</h3>")).casefold().split(";")[0]
