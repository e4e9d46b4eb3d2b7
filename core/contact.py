"""Whom to contact: what a procedure's cited pages give of the office that receives complaints, and what they
do not, in the language asked for. The answer's contact block, the printout, the letter's addressee and the
loading notice all show this; a detail no page gives is said to be missing, never guessed."""

from .model import FilingOffice
from .wording import join_or, say


def missing_sentence(office: FilingOffice | None, lang: str) -> str:
    """"This procedure's sources give no telephone number or e-mail address for this office.", or "" when the
    pages give every detail. An office with no page at all says so in its own words (`not_found`) instead."""
    if not office or office.not_found or not office.missing:
        return ""
    items = [say(f"office_detail_{key}", lang) for key in office.missing]
    return say("office_gives_no", lang, items=join_or(items, lang))


def sources(office: FilingOffice | None, lang: str) -> list[dict]:
    """The pages the details are read from, each with its title and, in words, the day it was read."""
    if not office:
        return []
    return [{"url": page.url, "title": page.title or None,
             "read_on": page.read_on.isoformat() if page.read_on else None,
             "read_on_display": say("office_read_on", lang, day=page.read_on) if page.read_on
             else None} for page in office.sources]
