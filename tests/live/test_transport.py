"""The live connection's links and private messages under Node (web/live/signal.js,
web/live/seal.js): tests/live/transport_test.mjs runs every scenario in one Node process and
reports each one here.

Links pack and unpack exactly (a whole link too); every garbled link is refused with
``SignalError("garbled")`` and another version's with ``"version"``; a reply relayed from another
tab is taken only by the tab that hosts its table; a sealed private message opens only for its
seat, and a tampered, replayed, misaddressed or malformed one is refused, never thrown.
The same modules between real browsers: tests/e2e_live/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from node_scenarios import scenario_tests

pytestmark = pytest.mark.cpython_only  # runs Node

HERE = Path(__file__).resolve().parent
SCENARIOS = [
    "pack_unpack_round_trips",
    "every_garbled_link_refused",
    "another_version_refused",
    "packing_too_much_refused",
    "reply_relayed_between_tabs",
    "keys_and_pair_keys",
    "sealed_messages_open_in_order",
    "tampered_refused",
    "replayed_refused",
    "wrong_recipient_refused",
    "malformed_refused",
    "new_key_starts_a_pair_afresh",
]


results, test_every_scenario_ran, test_scenario = scenario_tests(HERE / "transport_test.mjs", SCENARIOS, timeout=120)
