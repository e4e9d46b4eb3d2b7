"""`pip install .` gives a working command line: the wheel carries every package under core/
(core.reading was once left out) and its data, and runs from another folder in a fresh
environment that has nothing of this checkout."""

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd):
    return subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=300)


def test_the_wheel_installs_into_a_fresh_environment_and_its_command_line_works(tmp_path):
    # Built from a copy, so that setuptools' build folders never land in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT / "core", source / "core", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    built = run(sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(wheels), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    [wheel] = wheels.glob("complaint_checker-*.whl")
    env = tmp_path / "env"
    # A fresh environment without a pip of its own (ensurepip alone took 5 s): this pip installs into it.
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    installed = run(sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheel), cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    listed = run(str(python), "-m", "core", "list", cwd=elsewhere)
    assert listed.returncode == 0, listed.stderr
    assert "fort-collins" in listed.stdout and "illinois-model-ethics" in listed.stdout
    facts = json.dumps({"violation_date": "2026-05-05", "received": "2026-07-06"})
    evaluated = subprocess.run([str(env / "bin" / "complaint-checker"), "evaluate", "fort-collins", "-"],
                               input=facts, capture_output=True, text=True, cwd=elsewhere, timeout=120)
    assert evaluated.returncode == 0, evaluated.stderr
    # Day 60 after Tue 5 May 2026 is Sat 4 July; it runs to Mon 6 July (C.R.S. § 2-4-108), so on time.
    assert json.loads(evaluated.stdout)["filing"]["deadline"] == "2026-07-06"
    checked = run(str(python), "-m", "core", "check", "fort-collins", cwd=elsewhere)
    assert checked.returncode == 0 and "worked cases pass" in checked.stdout, checked.stdout + checked.stderr
    where = run(str(python), "-c", "import core; print(core.__file__)", cwd=elsewhere)
    assert str(env) in where.stdout  # the installed copy ran, not this checkout
