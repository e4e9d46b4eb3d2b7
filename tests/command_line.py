"""The command line, run in the test's own process: `python -m core ARGS` as core/__main__.py runs it, with its
standard input, output and error the test's, and its exit status returned as a process's would be.

A new interpreter for each command costs about 0.4 s of processor (reading the procedure again, importing the
holiday tables), and the suite runs the command line a few hundred times. What only a process can show stays in
real processes (tests/test_cli.py): the `python -m core` entry itself, an output that is closed, full or cannot
write é, standard input that never ends, and the installed `complaint-checker` command (tests/test_install.py).
"""

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from core.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """What `python -m core ARGS` prints and exits with, given `stdin` (text) on standard input."""
    given = io.TextIOWrapper(io.BytesIO((stdin or "").encode()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    argv = [str(arg) for arg in args]
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        saved, sys.stdin = sys.stdin, given
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse's own exits: --help, a usage error
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        finally:
            sys.stdin = saved
    return subprocess.CompletedProcess(["python", "-m", "core", *argv], code, out.getvalue(), err.getvalue())


def in_a_process(*args: str, stdin: str | None = None, cwd: Path = ROOT, **kwargs) -> subprocess.CompletedProcess:
    """The same, in a new interpreter: for what only a process shows."""
    return subprocess.run([sys.executable, "-m", "core", *map(str, args)], input=stdin, capture_output=True,
                          text=True, cwd=cwd, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)}, **kwargs)
