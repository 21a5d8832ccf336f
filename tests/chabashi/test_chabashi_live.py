"""Live Chabashi tables (pyengine/chabashi/live.py): whole sessions played by seats that each hold
only their replica, their cards coming from a simulated fair deal that shows a position to a
seat only when a plan gives or opens it.  At every step every seat computes the same plan, reads
nothing the plans did not give it, and its observation and legal actions are the full state's.

The deal itself (keys, shuffles, proofs) is web/live/deal.js, tested under Node and in Chromium;
here it is the bookkeeping of who may read which position, which is all the engine relies on."""

from __future__ import annotations

import sys

import pytest
from replica_support import SimulatedDeal
from test_chabashi_replica import rules_for

from pyengine.chabashi.game import GAME
from pyengine.chabashi.live import DECK_SIZE, LiveSeat, Move
from pyengine.chabashi.notation import parse_action
from pyengine.chabashi.rules import ChabashiRules
from pyengine.core import Pcg32, sample_chance
from pyengine.core.replica import ReplicaError


def play_session(players: int, seed: int, hands: int = 3, rules: ChabashiRules | None = None) -> int:
    """A session of ``hands`` hands; returns the number of steps checked."""
    from pyengine.chabashi.cards import card

    rng = Pcg32(seed)
    s = GAME.new_initial_state(rules, players)
    seats = [LiveSeat.new(rules, players, i) for i in range(players)]
    deal = SimulatedDeal(players, DECK_SIZE)
    steps = 0
    ahead: list[object] = []  # the deal's gives and opens said at a hand's first card, still to come
    while not s.is_terminal() and s.hand_no <= hands:
        if s.is_chance():
            action = sample_chance(s, rng)
            move = None
            dealt = card(action)
        else:
            legal = s.legal_actions()
            swaps = [a for a in legal if a.startswith("swap:")]
            action = swaps[0] if swaps and rng.random() < 0.7 else rng.choice(legal)  # (swaps are rare)
            move = seats[s.current_player].public_move(action)
            if parse_action(action)[0] == "swap":
                assert move.action.startswith("swap:?:") and move.pos is not None
            else:
                assert move == Move(action)
            dealt = None
        plans = [seat.plan(move) for seat in seats]
        assert all(p == plans[0] for p in plans), f"the seats' plans differ at step {steps}: {plans}"
        if plans[0] and plans[0][0].kind == "deck":
            assert not ahead, f"step {steps}: said ahead but never came: {ahead}"
            ahead = list(seats[0].deal_ahead())
            assert ahead and all(list(seat.deal_ahead()) == ahead for seat in seats[1:])
        elif move is None:
            assert seats[0].deal_ahead() == ()
        else:  # (the deal said ahead is over before anyone acts)
            assert not ahead, f"step {steps}: said ahead but never came: {ahead}"
        if ahead and move is None:  # each card of the deal shows what was said ahead, in order
            shown = [op for op in plans[0] if op.kind != "deck"]
            assert shown == ahead[:len(shown)], f"step {steps}: {shown} was not said ahead: {ahead}"
            del ahead[:len(shown)]
        deal.run(plans[0], dealt)
        seats = [seat.advance(move, deal.readable(i)) for i, seat in enumerate(seats)]
        s = s.apply(action)
        for i, seat in enumerate(seats):
            assert seat.current_player == s.current_player
            assert seat.replica.observation() == s.observation(i), f"seat {i} differs at step {steps} ({action})"
            assert seat.replica.legal_actions() == (s.legal_actions() if s.current_player == i else ())
        steps += 1
    return steps


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (3, 5), (4, 6)])
def test_live_seats_driven_by_the_deal_agree_with_the_full_game(players: int, seed: int) -> None:
    assert play_session(players, seed) > 50


SESSIONS = 240 if sys.platform != "emscripten" else 24  # (Pyodide: the same check on fewer sessions)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_live_seats_over_many_sessions_and_rule_sets(chunk: int) -> None:
    """Sessions of up to four hands at 2 to 5 seats under the replica test's rule sets (both
    presets, every dealer mode, small bankrolls: all-ins, side pots, sessions ending early)."""
    steps = 0
    for seed in range(chunk, SESSIONS, 4):
        rules, players = rules_for(seed)
        steps += play_session(players, seed, hands=4, rules=rules)
    assert steps > SESSIONS // 4 * 40


def test_a_seat_reads_only_what_the_plans_give_it() -> None:
    """At every step, each position a seat can read holds a card the full game shows that seat."""
    from pyengine.chabashi.cards import card

    rng = Pcg32(11)
    s = GAME.new_initial_state(None, 4)
    seats = [LiveSeat.new(None, 4, i) for i in range(4)]
    deal = SimulatedDeal(4)
    seen_hidden = 0
    while s.hand_no <= 2 and not s.is_terminal():
        move = None if s.is_chance() else seats[s.current_player].public_move(a := rng.choice(s.legal_actions()))
        action = sample_chance(s, rng) if s.is_chance() else a
        plan = seats[0].plan(move)
        deal.run(plan, card(action) if s.is_chance() else None)
        seats = [seat.advance(move, deal.readable(i)) for i, seat in enumerate(seats)]
        s = s.apply(action)
        if s.phase == "between":
            continue
        for i in range(4):
            known = s.known_cards(i)
            readable = set(deal.readable(i).values())
            assert readable <= known, f"seat {i} can read {readable - known} that the game does not show it"
            on_table = {c for c, _ in (x[:2] for row in s.hands for x in row)}
            seen_hidden += len(on_table - readable)
    assert seen_hidden > 0  # other seats' hands were there, unread


def test_a_card_put_face_down_moves_by_its_position_and_a_wrong_one_is_refused() -> None:
    rng = Pcg32(3)
    s = GAME.new_initial_state(None, 3)
    seats = [LiveSeat.new(None, 3, i) for i in range(3)]
    deal = SimulatedDeal(3)
    from pyengine.chabashi.cards import card

    while not any(a.startswith("swap:") for a in (s.legal_actions() if not s.is_chance() else ())):
        move = None if s.is_chance() else seats[s.current_player].public_move(a := rng.choice(s.legal_actions()))
        action = sample_chance(s, rng) if s.is_chance() else a
        deal.run(seats[0].plan(move), card(action) if s.is_chance() else None)
        seats = [seat.advance(move, deal.readable(i)) for i, seat in enumerate(seats)]
        s = s.apply(action)
    actor = s.current_player
    swap = next(a for a in s.legal_actions() if a.startswith("swap:"))
    move = seats[actor].public_move(swap)
    other = (actor + 1) % 3
    in_hand = {c for c, _ in seats[other].state.hands[actor]}
    elsewhere = next(p for c, p in seats[other].labels.items() if c not in in_hand)
    with pytest.raises(ReplicaError, match="not in seat"):  # a position that is not in the actor's hand
        seats[other].plan(Move(move.action, elsewhere))
    with pytest.raises(ReplicaError):  # a card put face down comes with its position
        seats[other].plan(Move(move.action))
    with pytest.raises(ReplicaError):  # not this seat's turn
        seats[other].public_move(swap)
    assert seats[other].plan(move) == seats[actor].plan(move)  # the real one is fine


def test_a_card_taken_face_up_into_a_hand_is_put_under_fresh_handles() -> None:
    """A floor card every seat has seen, taken into a hand (6-1), stays known to all (§3.3), but
    the hand's next face-down discard (8-1) must not tell whether it was that card: so the taker
    puts its whole hand under fresh handles, which only it reads, and the discard names a handle."""
    from pyengine.chabashi.cards import card

    for seed in range(40):
        rng = Pcg32(seed)
        s = GAME.new_initial_state(None, 3)
        seats = [LiveSeat.new(None, 3, i) for i in range(3)]
        deal = SimulatedDeal(3, DECK_SIZE, seed)
        taker, taken, handles = -1, -1, range(0)
        while s.hand_no <= 1 and not s.is_terminal():
            legal = () if s.is_chance() else s.legal_actions()
            swaps = [a for a in legal if a.startswith("swap:") and s.current_player == taker]
            action = sample_chance(s, rng) if s.is_chance() else swaps[0] if swaps else rng.choice(legal)
            move = None if s.is_chance() else seats[s.current_player].public_move(action)
            plan = seats[0].plan(move)
            if action.startswith("take:") and taker < 0:
                f = int(action.rsplit("f", 1)[1]) - 1
                c, up, _ = s.floors[s.current_player][f]
                if up:  # a face-up floor card into the hand: every seat read its position
                    taker, taken = s.current_player, seats[0].labels[c]
                    (rehand,) = [op for op in plan if op.kind == "rehand"]
                    assert rehand.seat == taker and taken in rehand.positions
                    handles = range(rehand.pos, rehand.pos + len(rehand.positions))
            if swaps:  # its next face-down discard names a handle, not a position every seat could follow
                assert move is not None and move.pos in handles and move.pos != taken
                return
            deal.run(plan, card(action) if s.is_chance() else None)
            seats = [seat.advance(move, deal.readable(i)) for i, seat in enumerate(seats)]
            if any(op.kind == "rehand" and op.pos == handles.start for op in plan):  # only the taker reads them
                assert all(seat.readers[h] == 1 << taker for seat in seats for h in handles)
                assert all(h in deal.readable(taker) and h not in deal.readable(o) for h in handles for o in range(3) if o != taker)
            s = s.apply(action)
    pytest.fail("no session took a face-up card into a hand and then discarded face down")


def test_a_seat_cannot_take_a_step_before_it_can_read_what_the_step_shows_it() -> None:
    seats = [LiveSeat.new(None, 3, i) for i in range(3)]
    deal = SimulatedDeal(3)
    s, rng = GAME.new_initial_state(None, 3), Pcg32(8)
    from pyengine.chabashi.cards import card

    while True:  # up to the first card dealt to a hand
        action = sample_chance(s, rng)
        plan = seats[0].plan(None)
        if any(op.kind == "give" for op in plan):
            break
        deal.run(plan, card(action))
        seats = [seat.advance(None, deal.readable(i)) for i, seat in enumerate(seats)]
        s = s.apply(action)
    (give,) = plan
    with pytest.raises(ReplicaError, match="cannot read position"):
        seats[give.seat].advance(None, deal.readable(give.seat))
    deal.run(plan, card(action))
    assert seats[give.seat].advance(None, deal.readable(give.seat)).replica.observation() == s.apply(action).observation(give.seat)
    other = (give.seat + 1) % 3  # a seat that is not shown the card takes the step without it
    assert seats[other].advance(None, deal.readable(other)).replica.observation() == s.apply(action).observation(other)
