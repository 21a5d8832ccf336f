"""The hidden-lowest protocol of live Daifugō tables (web/live/lowest.js: who holds the earliest
card anyone holds, found by every seat together, where blind cards lie out) under Node with the
real @noble libraries: tests/live/lowest_test.mjs runs every scenario in one Node process and
reports each one here.  Honest tables find the seat and nothing else (the zero that marks it
lands in any column); a key its seat cannot prove, a wrong opening and a malformed message are
refused at once; a list that is not yes or no, a mix that changes who leads and a revealed key
that is not the one said are named by the end's audit."""

from __future__ import annotations

from pathlib import Path

import pytest
from node_scenarios import scenario_tests

pytestmark = pytest.mark.cpython_only  # runs Node

HERE = Path(__file__).resolve().parent
SCENARIOS = [
    "honest_tables_find_the_leader_and_only_the_leader",
    "the_zero_moves_to_any_column",
    "a_key_without_its_proof_is_refused",
    "a_wrong_opening_is_refused_at_once",
    "a_list_that_is_not_yes_or_no_is_named_at_the_end",
    "a_mix_that_changes_the_answer_is_named_at_the_end",
    "a_revealed_key_that_is_not_its_own_is_named",
    "a_malformed_message_is_refused",
]


results, test_every_scenario_ran, test_scenario = scenario_tests(HERE / "lowest_test.mjs", SCENARIOS)
