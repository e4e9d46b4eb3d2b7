"""The browser's path through the core, run inside Pyodide under Node (publish/run_in_pyodide.mjs) for a batch
of procedures: what the page does with a procedure, done here once per worked case.

/work/in/config.json says which of two runs this is:

    "probe"    the probe set, in Pyodide's stock standard library with the core's sources (src/): the modules
               their paths import, and the source of each record method dataclasses compiled, go to
               /work/out/probe.json; the archive the browser mounts (python_stdlib.zip) holds those
               (publish/browser_python.py, publish/prepare_python.py).
    "verify"   a batch of procedures, in the archive the browser mounts and nothing else: each one's worked
               cases give the same verdicts there as in the build's CPython, and nothing on its path reaches
               for a module the archive lacks (a module that would be found in the stock library but is not
               in the archive, and that the probe could import, is a failure, even where the code catches the
               ImportError); each result in
               /work/out/N.json.

Each run says "checked N" on standard output as each procedure is done, for the build's progress.

"The browser's path" is: the worked cases (as the verify page runs them), the error paths, and every person's
answer and calendar file in every language for the cases with no day of their own (a dated case answers the same
facts as of a day: it was run with the cases, and imports nothing these do not).

In "verify" this file imports only what the core imports, so that the archive is tested, not this script.
"""

import json
import sys

WORK = "/work"
CONFIG = json.loads(open(f"{WORK}/in/config.json", encoding="utf-8").read())
# Input that must be refused cleanly in the browser too: each takes an error path of its own.
BAD_FACTS = ['{', '[]', '{"violation_date": "2026-02-30"}', '{"violation_date": "x"}',
             '{"received": "2026-01-01", "violation_date": "2026-02-01"}', '{"complainant_role": 5}',
             '{"events": {"nope": "2026-01-01"}}', '{"violation_date": 1' + '0' * 5000 + '}', '{"a": ' + '[' * 50 + ']' * 50 + '}',
             '{"contents": ["x"]}', '{"stray": true}']
TODAY, STAMP = "2026-11-30", "2026-11-30T19:00:00Z"


def exercise(procedure_text: str, cases_text: str) -> list[str]:
    """Run one procedure's browser path; the names of its worked cases that fail."""
    from core.json_api import Checker
    from core.wording import languages
    checker = Checker.from_prepared(procedure_text)
    result = json.loads(checker.run_cases_json(cases_text))
    failing = [r["name"] for r in result["results"] if not r["passed"]]
    for facts in BAD_FACTS:
        assert not json.loads(checker.evaluate_json(facts))["ok"], f"bad facts accepted: {facts[:60]}"
    for case in json.loads(cases_text):
        if "today" in case:
            continue
        facts = json.dumps(case["facts"])
        for lang in languages():
            json.loads(checker.evaluate_json(facts, lang, TODAY))
            for person in ("complainant", "respondent", "clerk"):
                json.loads(checker.calendar_file_json(facts, lang, TODAY, person, STAMP))
    return failing


def record_dataclass_code() -> set[str]:
    """From now on, the source of every record method dataclasses compiles (publish/prepare_python.py compiles
    each once more, for the archive's compiled_dataclasses)."""
    import builtins
    import dataclasses
    texts = set()

    def exec(source, globals=None, locals=None):
        if isinstance(source, str):
            texts.add(source)
        return builtins.exec(source, globals, locals)

    dataclasses.exec = exec
    return texts


def prepare_catalogues() -> None:
    """core/messages_prepared.py: the message catalogues (core/messages/*.toml), read here, as data the
    browser's core loads instead of parsing TOML (core/wording.py). The TOML parser is then forgotten, so
    that the probe finds what the browser imports."""
    import tomllib
    from pathlib import Path
    folder = Path(WORK) / "in" / "src" / "core" / "messages"
    catalogues = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.toml"))}
    (folder.parent / "messages_prepared.py").write_text(
        f'"""The message catalogues, read at build time from core/messages/*.toml."""\nCATALOGUES = {catalogues!r}\n',
        encoding="utf-8")
    for name in [n for n in sys.modules if n == "tomllib" or n.startswith("tomllib.")]:
        del sys.modules[name]


class ModuleNames:
    """A finder that finds nothing and notes each module name it is asked for. First on the import path it sees every
    module asked for that is not imported yet; last, every module no other finder found (a caught ImportError
    included)."""

    def __init__(self):
        self.names = set()

    def find_spec(self, name, path=None, target=None):
        self.names.add(name)
        return None


def probe() -> None:
    asked = ModuleNames()
    sys.meta_path.insert(0, asked)
    # What the build's preparation imported before its probe, as it always has: the archive has held these
    # since the first build, and the page may reach for them (zipfile, pathlib); keeping the archive's
    # content as it was is this change's promise, trimming it is another's.
    import importlib._bootstrap_external  # noqa: F401
    import importlib.util  # noqa: F401
    import marshal  # noqa: F401
    import zipfile  # noqa: F401
    from pathlib import Path  # noqa: F401
    prepare_catalogues()
    texts = record_dataclass_code()
    src = f"{WORK}/in/src"
    sys.path.insert(0, src)
    failing = {}
    for number in CONFIG["procedures"]:
        failing[number] = exercise(open(f"{WORK}/in/{number}.procedure.json", encoding="utf-8").read(),
                                   open(f"{WORK}/in/{number}.cases.json", encoding="utf-8").read())
        print(f"checked {number}", flush=True)
    stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
    stdlib, packages = set(), set()
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib_zip + "/"):
            stdlib.add(origin[len(stdlib_zip) + 1:])
        elif origin.startswith(src + "/") and name.split(".")[0] in CONFIG["packages"]:
            packages.add(origin[len(src) + 1:])  # six makes modules (six.moves…) that have no file: not here
    # Modules the path asks for that the stock library cannot give either (dateutil.tz.win, which needs Windows):
    # not missing from the archive when the browser asks for them too.
    unimportable = sorted(asked.names - set(sys.modules))
    with open(f"{WORK}/out/probe.json", "w", encoding="utf-8") as out:
        json.dump({"standard_library": sorted(stdlib), "packages": sorted(packages),
                   "dataclass_sources": sorted(texts), "unimportable": unimportable, "failing": failing}, out)


def verify() -> None:
    unfound = ModuleNames()
    sys.meta_path.append(unfound)
    import compiled_dataclasses  # noqa: F401  as the worker does, before the core
    available = set(CONFIG["available"]) - set(CONFIG["unimportable"])
    for number in CONFIG["procedures"]:
        unfound.names.clear()  # an import that failed is tried again each time: each procedure's own
        try:
            failing, error = exercise(open(f"{WORK}/in/{number}.procedure.json", encoding="utf-8").read(),
                                      open(f"{WORK}/in/{number}.cases.json", encoding="utf-8").read()), None
        except BaseException as err:  # a failure of this procedure, said in the build's words
            failing, error = [], f"{type(err).__name__}: {err}"
        # A module the browser's archive lacks, reached for by this procedure's path: a name the stock library
        # would have found. (A module imported once per process, which caught the ImportError, is seen by the
        # first procedure only: the build keeps no result of a batch that saw one.)
        missing = sorted(unfound.names & available)
        with open(f"{WORK}/out/{number}.json", "w", encoding="utf-8") as out:
            json.dump({"failing": failing, "missing": missing, "error": error}, out)
        print(f"checked {number}", flush=True)


{"probe": probe, "verify": verify}[CONFIG["mode"]]()
