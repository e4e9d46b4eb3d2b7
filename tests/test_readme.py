"""The README's examples are run: each `$ echo '…' | python -m core …` command, and the
JSON excerpt (or error line) shown after it, must match what the command prints (run in this process, as
`python -m core` runs it: tests/command_line.py)."""

import json
import re
from pathlib import Path

import pytest

from command_line import run_cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)
COMMAND = re.compile(r"^\$ echo '(.*)' \| \.venv/bin/python -m core evaluate (\S+) -$", re.M)


def examples():
    blocks = BLOCK.findall(README)
    found = []
    for i, (kind, text) in enumerate(blocks):
        match = COMMAND.search(text) if kind == "console" else None
        if not match:
            continue
        facts, jurisdiction = json.loads(match.group(1)), match.group(2)
        rest = text[match.end():].strip()
        if rest:  # the console block shows the error output itself
            found.append(pytest.param(jurisdiction, facts, None, rest, id=f"error {jurisdiction}"))
        else:
            found.append(pytest.param(jurisdiction, facts, json.loads(blocks[i + 1][1]), None, id=jurisdiction))
    return found


def contains(actual, expected, path="report"):
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} missing"
            contains(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict) and "id" in expected[0]:
        for item in expected:
            match = next((a for a in actual if a.get("id") == item["id"]), None)
            assert match is not None, f"{path}: no entry {item['id']}"
            contains(match, item, f"{path}.{item['id']}")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


def test_the_readme_has_an_example_for_each_shipped_jurisdiction():
    assert {p.values[0] for p in examples() if p.values[2] is not None} == {"fort-collins", "illinois-model-ethics"}


@pytest.mark.parametrize("jurisdiction, facts, excerpt, error", examples())
def test_readme_example(jurisdiction, facts, excerpt, error):
    result = run_cli("evaluate", jurisdiction, "-", stdin=json.dumps(facts))
    if error:
        assert result.returncode == 2 and result.stderr.strip() == error
    else:
        assert result.returncode == 0, result.stderr
        contains(json.loads(result.stdout), excerpt)


def test_the_readme_opens_with_the_two_commands_that_ci_runs():
    first_block = BLOCK.search(README).group(2)
    assert "bash scripts/serve.sh" in first_block and "bash scripts/test.sh" in first_block
    assert "scripts/test.sh" in (ROOT / ".ci" / "run").read_text()
