"""Who deals a session's first hand: a new session's first seat plays it (the last seat deals), and a
session written before that choice was rules data (rules v1: the first seat dealt) replays as it was."""

from __future__ import annotations

import pytest

from pyengine.app.links import open_link
from pyengine.app.session import Session
from pyengine.chabashi.cards import card
from pyengine.chabashi.rules import ChabashiRules, FirstDealer
from pyengine.chabashi.state import ChabashiState
from pyengine.core import Record, Seat, encode_fragment
from pyengine.core.chance import SeededChance

DEAL_3 = "R1 R2 R3 R4  B1 B2  Y1 Y2  Y3 Y4  G1 G2 G3 G4"
"""A 3-seat deal: the dealer's floor, the centre, two players' floor cards and hand cards."""


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_new_session_starts_with_a_hand_the_person_plays(n: int) -> None:
    session = Session.new("chabashi", None, [("", "human")] + [("", "bot:random")] * (n - 1), 1, chance=SeededChance(n))
    table = session.view()["table"]
    assert table["deals_next"] is False  # nothing to press: the person is not dealing
    session.run_auto()
    state = session.state
    assert isinstance(state, ChabashiState)
    assert state.hand_no == 1 and state.current_player == 0 and state.phase == "draw"
    assert state.players[0] == 0 and 0 in state.players
    table = session.view()["table"]
    assert table["hand_no"] == 1 and table["mine"] is True and table["you_deal"] is False
    assert [b["action"] for b in table["actions"]["buttons"]] == ["draw:0", "draw:1", "draw:2"]
    assert state.dealer == n - 1  # the last seat deals; the role then moves on in seat order (§3.1)


def test_the_dealer_role_then_moves_on_to_the_first_seat() -> None:
    session = Session.new("chabashi", None, [("", "human")] + [("", "bot:random")] * 2, 2, chance=SeededChance(5))
    state = session.state
    assert isinstance(state, ChabashiState)
    while state.hand_no < 2 and not state.is_terminal():
        if not session.step_auto():
            session.play(session.legal()[0])
        state = session.state
        assert isinstance(state, ChabashiState)
    assert state.hand_no == 2 and state.dealer == 0
    assert session.view()["table"]["you_deal"] is True


def test_version_one_links_still_deal_the_first_hand_to_the_first_seat() -> None:
    assert ChabashiRules.default().first_dealer == FirstDealer.LAST_SEAT
    old = ChabashiRules.decode("1.seed~hand_limit=2")
    assert old.first_dealer == FirstDealer.FIRST_SEAT and old.hand_limit == 2
    record = Record("chabashi", "1.seed", (Seat("", "human"), Seat("", "bot:random"), Seat("", "bot:random")),
                    tuple(DEAL_3.split()) + ("draw:0",), 0)
    session = open_link(encode_fragment(record))
    state = session.state
    assert isinstance(state, ChabashiState)
    assert state.dealer == 0 and state.players == (1, 2)
    assert [c for c, _ in state.hands[1]] == [card("G1"), card("G3")]
    assert state.current_player == 2  # seat 1 drew nothing; the old record plays on as it did
    assert session.view()["table"]["you_deal"] is True
