"""Translation files: a procedure's labels and explanations in another language.

For each language in the file's `languages` (other than English), `ID.LANG.toml` beside it
gives the translations, keyed as core/localize.py lists them. The check refuses a key that
translates nothing (a typo), and reports, as a warning, every text still left in English.
"""

import json
import re
import tomllib
from pathlib import Path

from ..localize import FEMININE, translatable
from ..model import Jurisdiction
from .problems import TOP, Problems, suggest

LANGUAGE_NAMES = {"es": "Spanish"}
TRANSLATION = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2,3})\.toml$")


def translation_of(path: Path) -> tuple[Path, str] | None:
    """For `my-city.es.toml` beside `my-city.toml`: that file and "es". Otherwise None: a file such as
    `my-city.old.toml` (a backup) is not a translation, whatever it sits beside."""
    from ..wording import languages
    match = TRANSLATION.match(path.name)
    if match and match["lang"] in languages() and path.with_name(match["stem"] + ".toml").is_file():
        return path.with_name(match["stem"] + ".toml"), match["lang"]
    return None


def declared_languages(path: Path) -> list[str]:
    """The languages a procedure file declares, read without checking the rest of it."""
    try:
        return list(tomllib.loads(path.read_text(encoding="utf-8")).get("languages", ["en"]))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, TypeError):
        return ["en"]


def flatten(data: dict, prefix: str = "") -> dict[str, str]:
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        elif isinstance(value, list):
            out.update({f"{prefix}{key}.{i}": item for i, item in enumerate(value)})
        else:
            out[f"{prefix}{key}"] = value
    return out


SOURCE = "source"  # the table of a translation file that records the English each text was made from
POSITIONAL = re.compile(r"^calendar\.assumptions\.\d+$")


def check_sources(problems: Problems, file: Path, given: dict, known: dict, source) -> None:
    """Name every translation whose English changed since it was made, as [source] records it."""
    record = f"python -m core record-english {shown_path(file)}"
    if not isinstance(source, dict):
        if given:
            problems.warn(TOP, f"{file.name} does not record the English its translations were made from, so a "
                               "change to the English cannot be noticed",
                          f"once its translations are reviewed, run {record}")
        return
    for key, text in given.items():
        made_from = source.get(key)
        if made_from is None:
            problems.warn(TOP, f"“{key}”: the English it was made from is not recorded",
                          f"review it, then run {record}")
        elif " ".join(str(made_from).split()) != " ".join(known[key].split()):
            was, now = where_they_differ(" ".join(str(made_from).split()), " ".join(known[key].split()))
            problems.warn(TOP, f"“{key}”: the English changed since it was translated: it was “{was}”, "
                               f"it is now “{now}”",
                          f"update the translation, then run {record}")


def shown_path(file: Path) -> str:
    """A file's path as a command run from here would take it."""
    try:
        return str(file.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(file)


def where_they_differ(old: str, new: str, width: int = 80) -> tuple[str, str]:
    """The two texts from a few words before their first difference, each cut to `width` characters: a change
    past the first 80 characters is seen, not two identical beginnings."""
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    start = old.rfind(" ", 0, max(0, same - 20)) + 1 if same > 40 else 0
    cut = lambda text: ("…" if start else "") + text[start:start + width] + ("…" if len(text) > start + width else "")
    return cut(old), cut(new)


def source_table(path: Path, jurisdiction: Jurisdiction, lang: str) -> str:
    """The [source] table of a translation file: the current English of each text it translates."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop(SOURCE, None)
    known = translatable(jurisdiction)
    given = [k for k in flatten(data) if k in known]
    lines = [f"[{SOURCE}]", "# The English each translation above was made from: python -m core check names any whose",
             "# English has changed since. Written by python -m core record-english; do not edit by hand."]
    lines += [f"{json.dumps(key, ensure_ascii=False)} = {json.dumps(known[key], ensure_ascii=False)}" for key in given]
    return "\n".join(lines) + "\n"


def record_english(path: Path, jurisdiction: Jurisdiction, lang: str) -> int:
    """Write (or rewrite) a translation file's [source] table; return how many texts it records."""
    text = path.read_text(encoding="utf-8")
    kept = re.sub(rf"(?ms)^\[{SOURCE}\][ \t]*\n.*?(?=^\[|\Z)", "", text).rstrip() + "\n\n"
    table = source_table(path, jurisdiction, lang)
    path.write_text(kept + table, encoding="utf-8")
    return table.count("\n") - 3


def read_translations(path: Path, jurisdiction: Jurisdiction, found: list) -> dict[str, dict[str, str]]:
    """Each language's translations, adding every problem to `found`."""
    translations = {}
    known = translatable(jurisdiction)
    for lang in jurisdiction.languages:
        if lang == "en":
            continue
        name = LANGUAGE_NAMES.get(lang, lang)
        file = path.with_name(f"{path.name.removesuffix('.toml')}.{lang}.toml")
        problems = Problems(str(file), file.read_text(encoding="utf-8") if file.is_file() else "")
        if not file.is_file():
            problems.warn(TOP, f"there is no {name} translation ({file.name}); every label stays in English",
                          f"copy the labels and explanations into {file.name}, as docs/authoring.md shows")
            found.extend(problems.found)
            continue
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            problems.add(TOP, f"not valid TOML: {err}")
            found.extend(problems.found)
            continue
        source = data.pop(SOURCE, None)
        given = {k: v for k, v in flatten(data).items() if k != "language"}
        # A statement's feminine form varies a statement the file gives: it translates no English of its own.
        feminine = {k: v for k, v in given.items() if k.endswith(f".{FEMININE}")}
        for key, value in feminine.items():
            del given[key]
            statement = key.removesuffix(FEMININE) + "statement"
            if statement not in known:
                problems.add(TOP, f"“{key}” varies no statement", f"give it beside “{statement}”, a role's "
                                                                    "statement in the procedure")
            elif not isinstance(value, str) or not value.strip():
                problems.add(TOP, f"“{key}” should be text in quotes")
        for key, value in given.items():
            where = TOP
            if key not in known:
                untranslated = [k for k in known if k not in given]  # the key meant is most likely one still missing
                problems.add(where, f"“{key}” translates nothing in {path.name}",
                             suggest(key, untranslated) or suggest(key, known)
                             or "use the keys python -m core check lists as missing")
            elif not isinstance(value, str) or not value.strip():
                problems.add(where, f"“{key}” should be text in quotes")
            elif POSITIONAL.match(key):
                problems.warn(where, f"“{key}” is keyed by a position, which changes when an assumption is added or "
                                     "removed", f"give the assumption an id in {path.name}: write [calendar] "
                                                "assumptions = {{ some-id = \"…\" }}, and key this translation "
                                                "calendar.assumptions.some-id")
        check_sources(problems, file, {k: v for k, v in given.items() if k in known}, known, source)
        for key in known:
            if key not in given and key.endswith(".summary"):
                problems.warn(TOP, f"no {name} summary for “{key}”", f"add one plain sentence to {file.name} saying "
                                                                      "what the clause requires; meanwhile its official "
                                                                      "text shows alone")
            elif key not in given:
                problems.warn(TOP, f"no {name} for “{key}”", f"add it to {file.name}; English shows meanwhile: "
                                                              f"“{known[key][:60]}”")
        found.extend(problems.found)
        translations[lang] = {k: v for k, v in given.items() if k in known and isinstance(v, str) and v.strip()}
        translations[lang].update({k: v for k, v in feminine.items()
                                   if k.removesuffix(FEMININE) + "statement" in known and isinstance(v, str)
                                   and v.strip()})
    return translations
