"""Chabashi's seat replicas (``pyengine/chabashi/replica.py``) against the full state.

At least 1,000 random hands: sessions of at most four hands at 2 to 5 seats, on both presets, with and
without the wiki's extra hands, every dealer mode and first dealer, and stakes from a bankroll
of 100 down to a few chips (so that players go all in, side pots form and sessions end early).
At every step and for every seat the replica, fed only that seat's events, must show the very
observation the full state shows the seat, with the same legal actions, and no event may name a
card the seat does not know after the step (:func:`replica_support.replay`).
"""

from __future__ import annotations

import sys

import pytest
from replica_support import replay, seeds

from pyengine.chabashi.cards import CODES
from pyengine.chabashi.game import GAME
from pyengine.chabashi.notation import parse_action
from pyengine.chabashi.replica import ChabashiReplica
from pyengine.chabashi.rules import ChabashiRules, DealerMode, FirstDealer, Stakes
from pyengine.core import IllegalActionError, Pcg32, State
from pyengine.core.replica import ReplicaError, SeatEvent

HANDS = 1000 if sys.platform != "emscripten" else 120  # Pyodide runs the same check on fewer hands
PER_SESSION = 4
SESSIONS = HANDS * 27 // (PER_SESSION * 25)  # some sessions end early: 8% more of them
CHUNKS = 4


def rules_for(seed: int) -> tuple[ChabashiRules, int]:
    """The rules and table size of session ``seed`` (2 to 5 seats in turn)."""
    rng = Pcg32(seed, 41)
    base = ChabashiRules.presets()["seed" if rng.below(2) else "balanced"]
    bankroll = (100, 30, 12, 6)[rng.below(4)]
    rules = ChabashiRules(
        hand_order=base.hand_order, wiki_2025_05_21_hands=bool(rng.below(2)),
        dealer_mode=list(DealerMode)[rng.below(len(DealerMode))],
        first_dealer=list(FirstDealer)[rng.below(len(FirstDealer))],
        stakes=Stakes(bankroll=bankroll), hand_limit=PER_SESSION)
    rules.validate()
    return rules, 2 + seed % 4


def leaks(before: State, action: str, after: State, event: SeatEvent) -> set[str]:
    cards = {CODES[int(c)] for c, _ in event.shown.get("pins") or ()}  # type: ignore[union-attr]
    if "?" not in event.action:
        parsed = parse_action(event.action)
        cards |= {parsed[1]} if parsed[0] in ("card", "swap") else set()
    return cards & after.hidden_tokens(event.seat) if cards else set()


def played_hands(chunk: list[int]) -> int:
    """The hands of the sessions ``chunk``, played with every seat's replica beside them."""
    return sum(replay(GAME, *rules_for(seed), seed, leaks=leaks).state.hand_no for seed in chunk)


def test_the_rule_sets_vary() -> None:
    drawn = [rules_for(seed) for seed in range(40)]
    assert {n for _, n in drawn} == {2, 3, 4, 5}
    assert {r.dealer_mode for r, _ in drawn} == set(DealerMode)
    assert {r.stakes.bankroll for r, _ in drawn} == {100, 30, 12, 6}
    assert {r.wiki_2025_05_21_hands for r, _ in drawn} == {False, True}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", seeds(SESSIONS, CHUNKS), ids=[f"chunk{i}" for i in range(CHUNKS)])
def test_every_seat_replica_agrees_with_the_full_state(chunk: list[int]) -> None:
    assert played_hands(chunk) >= HANDS // CHUNKS  # sessions that end early (a player broke) count less


def test_a_replica_follows_one_session() -> None:
    """The quick version: a few sessions, 2 to 5 seats."""
    assert played_hands([0, 1, 2, 3]) > 4


def test_a_replica_refuses_what_does_not_fit() -> None:
    """Another seat's event, an action the state refuses, a start after the deal: refused."""
    replica = GAME.seat_replica(0, None, 3)
    with pytest.raises(ReplicaError, match="seat 2"):
        replica.apply(SeatEvent(2, "?"))
    with pytest.raises(IllegalActionError):
        replica.apply(SeatEvent(0, "draw:1"))
    with pytest.raises(ReplicaError, match="before any card is dealt"):
        ChabashiReplica.new(GAME.new_initial_state(None, 3).apply("R1"), 0)
