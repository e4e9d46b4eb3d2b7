"""Problems found in a jurisdiction file, and where they are.

Every problem names the file, the line, the entry and what is wrong, with a hint,
so that a clerk can fix a file in one pass. A warning is a problem that does not
stop the file from being used.
"""

import difflib
import re
from dataclasses import dataclass

from ..wording import one_line

ERROR, WARNING = "error", "warning"
ELLIPSIS = "…"
SHOWN_WORDS = 6


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    entry: str
    message: str
    hint: str | None = None
    severity: str = ERROR
    code: str = ""  # "case": a worked case that fails (the build may publish anyway, saying so)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        label = "warning: " if self.severity == WARNING else ""
        text = f"{where}: {label}{self.entry}: {self.message}" if self.entry else f"{where}: {label}{self.message}"
        return one_line(f"{text} (hint: {self.hint})" if self.hint else text, 2000)


class JurisdictionError(Exception):
    """A jurisdiction file that cannot be used, with every problem found in it."""

    def __init__(self, problems: list[Problem]):
        errors = [p for p in problems if p.severity == ERROR] or problems
        super().__init__(str(errors[0]) if len(errors) == 1 else
                         f"{errors[0]} (and {len(errors) - 1} more problems)")
        self.problems = problems


class Locator:
    """Line numbers for tables, entries of arrays of tables, and keys."""

    HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers = []  # (line index, table name, is array)
        for i, line in enumerate(self.lines):
            match = self.HEADER.match(line)
            if match:
                self.headers.append((i, match.group(2), match.group(1) == "[["))

    def has_table(self, name: str, array: bool) -> bool:
        return any(h[1] == name and h[2] == array for h in self.headers)

    def line(self, table: str | None, index: int | None, key: str | None) -> int | None:
        if table is None:
            start, end = 0, self.headers[0][0] if self.headers else len(self.lines)
        else:
            starts = [h for h in self.headers if h[1] == table and h[2] == (index is not None)]
            if index is not None:
                if index >= len(starts):
                    return None
                header = starts[index]
            elif starts:
                header = starts[0]
            else:
                return None
            start = header[0]
            later = [h[0] for h in self.headers if h[0] > start and not h[1].startswith(table + ".")]
            end = later[0] if later else len(self.lines)
        if key:
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for i in range(start, end):
                if pattern.match(self.lines[i]):
                    return i + 1
        return start + 1


@dataclass(frozen=True)
class Where:
    """An entry of the file: its table, its index in an array of tables, and how to name it."""

    table: str | None
    index: int | None
    label: str

    def key(self, key: str) -> "Where":
        return Where(self.table, self.index, f"{self.label}.{key}" if self.label else key)


TOP = Where(None, None, "")


def entry_where(table: str, index: int, entry) -> Where:
    """`rules[3] (hearing)`: an entry of an array of tables, named by its id where it has one."""
    name = entry.get("id") if isinstance(entry, dict) else None
    label = f"{table}[{index}]" + (f" ({name})" if isinstance(name, str) else "")
    return Where(table, index, label)


class Problems:
    """The problems found so far, each placed on its line."""

    def __init__(self, file_name: str, text: str):
        self.file = file_name
        self.locator = Locator(text)
        self.found: list[Problem] = []

    def add(self, where: Where, message: str, hint: str | None = None, key: str | None = None,
            severity: str = ERROR) -> None:
        line = self.locator.line(where.table, where.index, key)
        entry = where.key(key).label if key else where.label
        self.found.append(Problem(self.file, line, entry, message, hint, severity))

    def warn(self, where: Where, message: str, hint: str | None = None, key: str | None = None) -> None:
        self.add(where, message, hint, key, WARNING)

    def add_at(self, where: Where, path: list, message: str, hint: str | None = None, severity: str = ERROR) -> None:
        """A problem at a path inside an entry (count.unit, earliest_of[1].from): on its key's line."""
        key = path[0] if path and isinstance(path[0], str) else None
        line = self.locator.line(where.table, where.index, key)
        label = where.label
        for part in path:
            label += f"[{part}]" if isinstance(part, int) else (f".{part}" if label else part)
        self.found.append(Problem(self.file, line, label, message, hint, severity))

    def warn_at(self, where: Where, path: list, message: str, hint: str | None = None) -> None:
        self.add_at(where, path, message, hint, WARNING)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.found if p.severity == ERROR]


def suggest(word: str, known) -> str | None:
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1)
    return f"did you mean “{close[0]}”?" if close else None


def one_of_hint(word: str, known) -> str:
    return suggest(word, known) or "use one of " + ", ".join(str(k) for k in known)


def normalize_space(text: str) -> str:
    return " ".join(text.split())


def quote_found(quote: str, source: str) -> bool:
    """Is `quote` word for word in `source`? '…' may join fragments that appear in order."""
    haystack, position = normalize_space(source), 0
    for fragment in quote.split(ELLIPSIS):
        fragment = normalize_space(fragment)
        if not fragment:
            continue
        found = haystack.find(fragment, position)
        if found < 0:
            return False
        position = found + len(fragment)
    return True


def _shown(words: list[str]) -> str:
    text = " ".join(words[:SHOWN_WORDS])
    return f"“{text}{' …' if len(words) > SHOWN_WORDS else ''}”" if words else "the end"


def quote_difference(quote: str, source: str) -> str:
    """Where a quote first departs from the law: the words it has, and the words the law has there.

    >>> quote_difference("within 90 days after the violation", "(a) File within 60 days after the violation.")
    'after “within”, the quote has “90 days after the violation” where the clause has “60 days after the violation.”'
    """
    quoted = [w for fragment in quote.split(ELLIPSIS) for w in fragment.split()]
    law = source.split()
    matcher = difflib.SequenceMatcher(a=law, b=quoted, autojunk=False)
    # Align the quote with the stretch of the law it shares most with, then walk both together.
    block = max(matcher.get_matching_blocks(), key=lambda b: b.size)
    if block.size == 0:
        return f"none of its words follow the clause; it begins {_shown(quoted)}"
    law_at, quote_at = block.a - block.b, 0
    if law_at < 0:
        return f"it begins {_shown(quoted[:block.b])}, which is not in the clause"
    while quote_at < len(quoted) and law_at + quote_at < len(law) and law[law_at + quote_at] == quoted[quote_at]:
        quote_at += 1
    before = f"after {_shown(quoted[max(0, quote_at - 3):quote_at])}, " if quote_at else "at its start, "
    return (f"{before}the quote has {_shown(quoted[quote_at:])} where the clause has "
            f"{_shown(law[law_at + quote_at:])}")
