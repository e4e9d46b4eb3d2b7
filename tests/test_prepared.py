"""The prepared form of a procedure (core/prepared.py), which the browser reads: every shipped procedure reads
back from it as the very procedure the build checked, record for record, and writes out again unchanged."""

import pytest

from core import load_jurisdiction, seed_ids
from core.prepared import dumps, loads


@pytest.mark.parametrize("jid", seed_ids())
def test_every_procedure_reads_back_as_itself(jid):
    procedure = load_jurisdiction(jid)
    text = dumps(procedure)
    again = loads(text)
    assert again == procedure
    assert dumps(again) == text


def test_an_unknown_prepared_format_is_refused_with_what_to_do():
    with pytest.raises(ValueError, match="rebuild the site"):
        loads('{"prepared": 0, "jurisdiction": {}}')
