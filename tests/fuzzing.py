"""Fuzzing that finds bugs locally and stays reproducible in CI: imported by every fuzz test.

Locally, Hypothesis and the mutation fuzzer draw new examples on every run. In CI (CI is
set), Hypothesis would derandomize and try the same examples forever; instead every commit
gets its own seed (scripts/test.sh derives it from the commit and prints it), so each
commit explores new ground and any failure replays with that seed.
"""

import os
import random

from hypothesis import HealthCheck, settings

IN_CI = bool(os.environ.get("CI"))
# How many times the fuzzers' examples are multiplied: 1 locally and in CI alike (CI covers new ground by a new seed
# each commit, and the suite must end within six minutes); a longer run (nightly, or before a release) sets
# COMPLAINT_CHECKER_FUZZ_BUDGET, e.g. to 10.
BUDGET = int(os.environ.get("COMPLAINT_CHECKER_FUZZ_BUDGET") or 1)

settings.register_profile("per-commit", derandomize=False, deadline=None, database=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
if IN_CI:
    settings.load_profile("per-commit")

# The mutation fuzzer's seed: the commit's in CI, a fresh one locally (printed with any failure).
SEED = int(os.environ.get("COMPLAINT_CHECKER_SEED") or random.SystemRandom().randrange(2 ** 32))
