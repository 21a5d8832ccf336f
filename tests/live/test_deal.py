"""The fair deal of live tables (web/live/deal.js) under Node with the real @noble libraries:
tests/live/deal_test.mjs runs every scenario in one Node process and reports each one here.

Honest tables (Daifugō: 5 seats, 54 cards; Chabashi: 3 seats, the 36-card Dido deck) keep every
card to its holder, open what is played, pass cards privately and verify at the end; each way
of cheating is refused at once or named by the end-of-game verification, and no honest seat
loses its record.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from node_scenarios import scenario_tests

pytestmark = pytest.mark.cpython_only  # runs Node

HERE = Path(__file__).resolve().parent
SCENARIOS = [
    "daifugo_5_seats_54_cards",
    "dido_3_seats_36_cards",
    "out_of_order_delivery",
    "stepwise_passes_are_the_same_passes",
    "a_reloaded_seat_resumes",
    "a_seats_notes_are_signed",
    "wrong_share_refused_at_once",
    "wrong_shown_key_refused_at_once",
    "duplicated_card_refused_at_once",
    "substituted_card_named_at_verification",
    "reused_key_named_at_verification",
    "reused_key_refused_at_once",
    "tampered_message_refused",
    "replayed_message_refused",
    "play_of_a_card_not_held_refused",
    "a_private_pass_is_put_under_fresh_handles",
    "a_false_rehand_named_at_verification",
    "a_rehand_of_a_card_not_held_refused",
    "a_set_deals_again_from_the_cards_its_blind_left",
    "a_false_strip_named_at_verification",
    "a_blind_deck_keeps_its_jokers_in_place",
]


results, test_every_scenario_ran, test_scenario = scenario_tests(HERE / "deal_test.mjs", SCENARIOS)
