"""A change to the report layer changes only what it means to: every report in the snapshot
(each worked case, and a few thousand fact sets drawn with a fixed seed, in English and
Spanish, with and without a day to answer as of) is byte for byte the CLI output whose digest
tests/snapshots/reports.json keeps. A fix that changes reports on purpose rewrites the digests
(python -m scripts.report_snapshot --write) and says in its commit which fields moved
(python -m scripts.report_snapshot --against the commit before it)."""

import json

import pytest

from scripts import report_snapshot as snapshot

KEPT = json.loads(snapshot.SNAPSHOT.read_text(encoding="utf-8"))
SETS = snapshot.fact_sets()


@pytest.mark.parametrize("procedure", snapshot.PROCEDURES)
def test_every_report_is_byte_for_byte_the_kept_one(procedure):
    mine = [s for s in SETS if s["procedure"] == procedure]
    found = {key: snapshot.digest(text) for key, text in snapshot.reports(snapshot.ROOT, mine).items()}
    assert set(found) <= set(KEPT), "fact sets were added: rewrite the snapshot"
    differ = sorted(key for key in found if KEPT[key] != found[key])
    assert not differ, (f"{len(differ)} of {len(found)} reports changed, e.g. {differ[:5]}; if on purpose, run "
                        "python -m scripts.report_snapshot --against HEAD and --write")


def test_the_snapshot_covers_every_kept_report():
    assert len(SETS) * len(snapshot.LANGUAGES) == len(KEPT)
