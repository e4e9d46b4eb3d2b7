"""Translation files: a procedure's labels and explanations in another language.

For each language in the file's `languages` (other than English), `ID.LANG.toml` beside it
gives the translations, keyed as core/localize.py lists them. The check refuses a key that
translates nothing (a typo), and reports, as a warning, every text still left in English.
"""

import re
import tomllib
from pathlib import Path

from ..localize import translatable
from ..model import Jurisdiction
from .problems import TOP, Problems, suggest

LANGUAGE_NAMES = {"es": "Spanish"}
TRANSLATION = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2,3})\.toml$")


def translation_of(path: Path) -> tuple[Path, str] | None:
    """For `my-city.es.toml` beside `my-city.toml`: that file and "es". Otherwise None."""
    match = TRANSLATION.match(path.name)
    if match and path.with_name(match["stem"] + ".toml").is_file():
        return path.with_name(match["stem"] + ".toml"), match["lang"]
    return None


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
        given = {k: v for k, v in flatten(data).items() if k != "language"}
        for key, value in given.items():
            where = TOP
            if key not in known:
                problems.add(where, f"“{key}” translates nothing in {path.name}",
                             suggest(key, known) or "use the keys python -m core check lists as missing")
            elif not isinstance(value, str) or not value.strip():
                problems.add(where, f"“{key}” should be text in quotes")
        for key in known:
            if key not in given:
                problems.warn(TOP, f"no {name} for “{key}”", f"add it to {file.name}; English shows meanwhile: "
                                                              f"“{known[key][:60]}”")
        found.extend(problems.found)
        translations[lang] = {k: v for k, v in given.items() if k in known and isinstance(v, str) and v.strip()}
    return translations
