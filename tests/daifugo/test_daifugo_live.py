"""Live Daifugō tables (pyengine/daifugo/live.py): whole matches played by seats that each hold
only their replica, their cards coming from a simulated fair deal that shows a position to a seat
only when a plan gives or opens it, and the rules' hidden reads answered by the seat whose hand
they look at.  At every step every seat computes the same reads and the same plan, reads nothing
the game does not show it, and its observation and legal actions are the full state's.

The deal itself (keys, shuffles, proofs) is web/live/deal.js, tested under Node and in Chromium;
here it is the bookkeeping of who may read which position, which is all the engine relies on."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from functools import reduce

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from replica_support import SimulatedDeal, uniform  # noqa: E402
from test_daifugo_replica import PRESET_CASES, rules_for, steered  # noqa: E402

from pyengine.core import Pcg32, State  # noqa: E402
from pyengine.core.replica import ReplicaError  # noqa: E402
from pyengine.daifugo import GAME, DaifugoRules  # noqa: E402
from pyengine.daifugo.cards import CODES, JOKER_BITS, bits_of  # noqa: E402
from pyengine.daifugo.engine import DEAL, RETURN, TRIBUTE  # noqa: E402
from pyengine.daifugo.live import CARD_PHASES, JOINT, LiveSeat, Move, Read, deck_labels, lowest_holder  # noqa: E402
from pyengine.daifugo.state import DaifugoState  # noqa: E402


def dealt_card(before: DaifugoState, after: DaifugoState) -> int:
    """The card the full game's chance step dealt or put aside."""
    e0, e1 = before._e, after._e
    if e0.phase == CARD_PHASES[1]:  # blind
        return (e1.blind & ~e0.blind).bit_length() - 1
    return (e0.deck & ~(e1.deck | e1.undealt)).bit_length() - 1


def answer_of(seats: Sequence[LiveSeat], read: Read, move: Move | None, answers: list[object],
              readable: Callable[[int], dict[int, int]]) -> object:
    """A read's answer: its seat's own, or for a joint read what the table's hidden-lowest
    protocol brings out of every seat's private list (web/live/lowest.js computes the same)."""
    if read.seat == JOINT:
        inputs = [seat.answer(move, answers, readable(i)) for i, seat in enumerate(seats)]
        assert all(isinstance(x, list) and len(x) == read.size for x in inputs), inputs
        return lowest_holder(inputs)  # type: ignore[arg-type]
    return seats[read.seat].answer(move, answers, readable(read.seat))


def play_match(rules: DaifugoRules, players: int, seed: int, choose: Callable[[State, Pcg32], str] = uniform,
               shuffled: bool = False, decks: list[int] | None = None,
               record: list[tuple[Read, object, int]] | None = None) -> tuple[int, int]:
    """A whole match; returns (steps, reads answered).  ``shuffled``: the deal's deck is shuffled
    first and the full game deals its cards in that order (the jokers in any order: the full game
    deals the first joker for either, the deck may show the second).  ``decks``: gets each deck's
    size, as its ``deck`` operation says it (checked: the rules' cards but the blind ones kept out).
    ``record``: gets each read, its answer and who is to act once the step is taken."""
    rng = Pcg32(seed, 0x11FE)
    s = GAME.new_initial_state(rules, players)
    assert isinstance(s, DaifugoState)
    seats = [LiveSeat.new(rules, players, i) for i in range(players)]
    deal = SimulatedDeal(players)
    steps = reads = 0
    seen: list[int] = [0] * players  # every card the full game has shown each seat in this game
    game = s._e.game_no
    deck_game = -1  # the game the deal's deck is of
    order: list[int] = []
    ahead: list[object] = []  # the deal's gives said ahead at a game's first card, still to come
    while not s.is_terminal():
        card_step = s.is_chance() and s._e.phase in CARD_PHASES
        if shuffled and card_step:
            new = any(op.kind == "deck" for op in seats[0].card_ops(None))
            if new:
                order = bits_of(s._e.cx.deck)
                # (a blind deck shuffles its natural cards alone: its jokers, last, stay in place)
                moved = len(order) - (s._e.cx.jokers if s._e.phase == CARD_PHASES[1] else 0)
                for i in range(moved - 1, 0, -1):
                    j = rng.below(i + 1)
                    order[i], order[j] = order[j], order[i]
                order = [c for c in order if not s._e.blind >> c & 1]  # (the blind cards a set lays aside)
            nxt = order[0 if new else len(deal.cards)]
            action = ("blind:" if s._e.phase == CARD_PHASES[1] else "deal:") + CODES[nxt]
        else:
            action = choose(s, rng)
        after = s.apply(action)
        assert isinstance(after, DaifugoState)
        dealt = None
        if card_step:
            move = None
            dealt = nxt if shuffled else dealt_card(s, after)
        elif s.is_chance():
            move = Move(action)
        else:
            move = seats[s.current_player].public_move(action)
        first = seats[0].card_ops(move)  # (the card itself, before any read: its seat may answer one)
        if first and first[0].kind == "deck":
            assert first[0].pos == len(deck_labels(rules, players)) - s._e.blind.bit_count()
            if decks is not None:
                decks.append(first[0].pos)
            deck_game = s._e.game_no
            assert not ahead, f"step {steps}: gives said ahead never came: {ahead}"
            ahead = list(seats[0].deal_ahead())
            assert all(list(seat.deal_ahead()) == ahead for seat in seats[1:])
        elif card_step or move is not None:
            assert seats[0].deal_ahead() == ()
        if ahead and s._e.phase == DEAL:  # each card of the deal is the give said ahead
            assert [op for op in first if op.kind == "give"] == [ahead.pop(0)], f"step {steps}"
        deal.run(first, dealt)
        answers: list[object] = []
        while (read := seats[0].reads(move, answers)) is not None:
            assert all(seat.reads(move, answers) == read for seat in seats[1:]), f"step {steps}: reads differ"
            answers.append(answer_of(seats, read, move, answers, deal.readable))
            reads += 1
            if record is not None:
                record.append((read, answers[-1], after.current_player))
        plans = [seat.plan(move, answers) for seat in seats]
        assert all(p == plans[0] for p in plans), f"the seats' plans differ at step {steps} ({action}): {plans}"
        assert plans[0][:len(first)] == first
        deal.run(plans[0][len(first):], None)
        seats = [seat.advance(move, deal.readable(i), answers) for i, seat in enumerate(seats)]
        if after._e.game_no != game:
            game, seen = after._e.game_no, [0] * players
        for i, seat in enumerate(seats):
            seen[i] |= after._known_mask(i)
            readable = reduce(int.__or__, (1 << c for c in deal.readable(i).values()), 0)  # (a rehanded card: at two positions)
            if after._e.game_no == deck_game:
                assert not readable & ~seen[i] & ~JOKER_BITS, f"step {steps}: seat {i} reads cards the game does not show it"
                # (the jokers: as many as the game shows; a shuffled deck may show the other one)
                assert (readable & JOKER_BITS).bit_count() <= (seen[i] & JOKER_BITS).bit_count(), f"step {steps}"
            assert seat.current_player == after.current_player
            assert seat.replica.observation() == after.observation(i), f"seat {i} differs at step {steps} ({action})"
            assert seat.replica.legal_actions() == (after.legal_actions() if after.current_player == i else ())
        s = after
        steps += 1
    return steps, reads


LIVE_PRESETS = PRESET_CASES if sys.platform != "emscripten" else list(dict(PRESET_CASES[::-1]).items())
"""Every preset at each table size it is for (Pyodide: one size each)."""


@pytest.mark.parametrize(("name", "players"), LIVE_PRESETS)
def test_live_seats_play_a_preset_match_as_the_full_game(name: str, players: int) -> None:
    rules = DaifugoRules.preset(name).with_option("match.games", 2)
    steps, _ = play_match(rules, players, 7)
    assert steps > 40


@pytest.mark.parametrize(("name", "players", "seed"), [("popular", 4, 1), ("party", 5, 2), ("basic", 3, 3)])
def test_live_seats_with_a_shuffled_deck(name: str, players: int, seed: int) -> None:
    """The deck shuffled as the real deal shuffles it, with two jokers: the second may come first."""
    rules = DaifugoRules.preset(name).with_option("match.games", 2).with_option("deck.jokers", 2)
    play_match(rules, players, seed, shuffled=True)


def test_live_seats_answer_the_hidden_reads_of_steered_rules() -> None:
    reads = 0
    for seed in (2, 5, 8):
        rules, n = rules_for(seed)
        reads += play_match(rules, n, seed, steered(seed))[1]
    assert reads > 10


MATCHES = 150 if sys.platform != "emscripten" else 15  # (Pyodide: the same check on fewer matches)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(5))
def test_live_seats_over_many_matches_and_rule_sets(chunk: int) -> None:
    """Two-game matches under the replica test's rule sets: presets, random local rules, and the
    rules that read hidden cards with steered deals."""
    for seed in range(chunk, MATCHES, 5):
        rules, n = rules_for(seed)
        play_match(rules, n, seed, steered(seed) if seed % 3 == 2 else uniform)


def test_the_antimonopoly_and_its_2s_are_answered_by_the_tycoon() -> None:
    """The 大富豪 holding five or more 2s and jokers: how many 2s (public) and which (positions,
    given to each receiver) come from the 大富豪's own seat."""
    rules = DaifugoRules.preset("popular").with_option("match.games", 3).with_option("exchange.antimonopoly", True)
    asked: list[str] = []
    real_reads = LiveSeat.reads

    def reads(seat: LiveSeat, move: Move | None, answers: Sequence[object] = ()) -> Read | None:
        read = real_reads(seat, move, answers)  # type: ignore[arg-type]
        if read is not None and seat.seat == 0:
            asked.append(read.name)
        return read

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(LiveSeat, "reads", reads)
        play_match(rules, 4, 8, steered(8))
    assert "lowest_two" in asked and "antimonopoly_twos" in asked


class Table:
    """Seats, the full state and the deal, stepped together (for the refusal tests)."""

    def __init__(self, rules: DaifugoRules, players: int, seed: int) -> None:
        self.rng = Pcg32(seed)
        s = GAME.new_initial_state(rules, players)
        assert isinstance(s, DaifugoState)
        self.s = s
        self.seats = [LiveSeat.new(rules, players, i) for i in range(players)]
        self.deal = SimulatedDeal(players)

    def move(self, action: str) -> Move | None:
        s = self.s
        if s.is_chance():
            return None if s._e.phase in CARD_PHASES else Move(action)
        return self.seats[s.current_player].public_move(action)

    def step(self, action: str | None = None) -> None:
        s = self.s
        action = action or uniform(s, self.rng)
        after = s.apply(action)
        assert isinstance(after, DaifugoState)
        move = self.move(action)
        first = self.seats[0].card_ops(move)
        self.deal.run(first, dealt_card(s, after) if move is None else None)
        answers: list[object] = []
        while (read := self.seats[0].reads(move, answers)) is not None:
            answers.append(answer_of(self.seats, read, move, answers, self.deal.readable))
        self.deal.run(self.seats[0].plan(move, answers)[len(first):], None)
        self.seats = [seat.advance(move, self.deal.readable(i), answers) for i, seat in enumerate(self.seats)]
        self.s = after


def test_a_move_must_name_the_positions_of_its_cards_in_the_actor_s_hand() -> None:
    t = Table(DaifugoRules.preset("popular"), 4, 3)
    while t.s.is_chance():
        t.step()
    actor = t.s.current_player
    play = next(a for a in t.s.legal_actions() if a != "pass")
    move = t.seats[actor].public_move(play)
    assert move.action == play and len(move.positions) == play.count(".") + 1
    other = (actor + 1) % 4
    with pytest.raises(ReplicaError, match="not in seat"):  # a position of another hand
        t.seats[other].plan(Move(play, tuple(sorted(t.seats[other].labels[c] for c in t.seats[other].labels
                                                     if t.seats[other].state._e.hands[other] >> c & 1)[:1])))
    with pytest.raises(ReplicaError):  # not this seat's turn
        t.seats[other].public_move(play)
    assert all(seat.plan(move) == t.seats[actor].plan(move) for seat in t.seats)


def test_a_private_card_travels_by_its_position_to_its_receiver_only() -> None:
    """A tribute between two players: written ``?`` on the table; the receiver alone is given its
    position, then rehands (its whole hand under fresh handles only it reads); a seat cannot
    advance before it can read what the step shows it."""
    t = Table(DaifugoRules.preset("popular").with_option("match.games", 2), 4, 5)
    while t.s._e.phase not in (TRIBUTE, RETURN) or t.s.is_chance():
        t.step()
    giver = t.s.current_player
    e = t.s._e
    kind, _, receiver, count = e.exch[0]
    action = t.s.legal_actions()[0]
    move = t.seats[giver].public_move(action)
    assert move.action == action.partition(":")[0] + ":" + ".".join(["?"] * count)
    plan = t.seats[(giver + 1) % 4].plan(move)
    *gives, rehand = plan
    assert gives and all(op.kind == "give" and op.seat == receiver and op.pos in move.positions for op in gives)
    assert len(move.positions) == count
    # then the receiver puts its whole hand, the new cards with it, under fresh handles
    held = [t.seats[receiver].labels[c] for c in bits_of(t.s._e.hands[receiver])]
    assert (rehand.kind, rehand.seat) == ("rehand", receiver)
    assert rehand.positions == tuple(sorted(held + [op.pos for op in gives]))
    assert rehand.pos == (t.seats[giver].next_handle or 53)  # (the handles are numbered on from the deck's 53 cards)
    with pytest.raises(ReplicaError, match="cannot read position"):
        t.seats[receiver].advance(move, t.deal.readable(receiver))
    t.step(action)
    assert t.seats[receiver].replica.observation() == t.s.observation(receiver)
    new = range(rehand.pos, rehand.pos + len(rehand.positions))
    assert sorted(t.seats[receiver].labels[c] for c in bits_of(t.s._e.hands[receiver])) == list(new)
    # a card of that hand played later opens a handle: which was handed over, no other seat can tell
    assert all(t.seats[s].readers.get(h) == 1 << receiver for s in range(4) for h in new)


def test_a_read_is_answered_by_its_seat_and_a_plan_needs_every_answer() -> None:
    """The first read of a match (who holds ♦3, to lead) comes with the deal's last card; only the
    seat asked may answer it, and no seat plans the step before every read is answered."""
    t = Table(DaifugoRules.preset("popular").with_option("match.games", 2), 4, 5)
    while not (t.s.is_chance() and t.s._e.phase in CARD_PHASES and t.seats[0].reads(None) is not None):
        t.step()
    read = t.seats[0].reads(None)
    assert read is not None and read.name == "first_card"  # (who holds ♦3: asked seat by seat)
    other = (read.seat + 1) % 4
    with pytest.raises(ReplicaError, match=f"seat {read.seat}'s to answer"):
        t.seats[other].answer(None)
    with pytest.raises(ReplicaError, match="needs the answer"):
        t.seats[other].plan(None)
    answers: list[object] = []
    while (read := t.seats[0].reads(None, answers)) is not None:
        answers.append(t.seats[read.seat].answer(None, answers, t.deal.readable(read.seat)))
    with pytest.raises(ReplicaError, match="fewer reads"):
        t.seats[other].plan(None, [*answers, True])
    assert all(seat.plan(None, answers) == t.seats[0].plan(None, answers) for seat in t.seats)


@pytest.mark.parametrize("shuffled", [False, True])
def test_blind_cards_lie_out_for_a_whole_set(shuffled: bool) -> None:
    """JDF: two blind cards laid aside at a set's first game stay out (unread by every seat) for
    its four games.  The set's blind deck (all 54 cards: its ``deck`` operation says 54) gives
    them, and each game is dealt from a deck of the other 52 (its ``deck`` operation says 52); the
    fifth game begins a new set with a new blind deck."""
    rules = DaifugoRules.preset("jdf").with_option("match.games", 5)
    sizes: list[int] = []
    play_match(rules, 4, 11, shuffled=shuffled, decks=sizes)
    assert sizes == [54, 52, 52, 52, 52, 54, 52]



@pytest.mark.parametrize("must", [False, True])
def test_with_blind_cards_the_lead_is_found_together_and_shows_only_the_seat(must: bool) -> None:
    """♦3 leads, two blind cards lie out: the 3 may be one of them, so the lead goes to the earliest
    card of the search anyone holds.  Every seat answers that read together (a joint read: each
    gives which of the first three cards it holds, 2 out + 1), and what comes out is the leader
    alone, the same seat the full game chooses; the deals cover both a blind ♦3 and a dealt one.
    With ``first_lead_must_include`` the leader then says whether it holds the 3 (the full game
    shows that too: the first play must include it)."""
    rules = (DaifugoRules.preset("popular").with_option("deck.remainder", "blind")
             .with_option("deck.jokers", 2).with_option("match.first_lead_must_include", must))
    blind_three = dealt_three = 0
    for seed in range(9):  # (seed 8 lays the ♦3 aside)
        record: list[tuple[Read, object, int]] = []
        play_match(rules.with_option("match.games", 1), 4, seed, shuffled=True, record=record)
        joint = [(read, answer, actor) for read, answer, actor in record if read.seat == JOINT]
        assert len(joint) == 1 and joint[0][0] == Read("first_lead", JOINT, 3)
        _, leader, actor = joint[0]
        musts = [(read, answer) for read, answer, _ in record if read.name == "first_must"]
        assert [read.seat for read, _ in musts] == ([leader] if must else [])
        if must:
            blind_three += musts[0][1] is False
            dealt_three += musts[0][1] is True
        assert actor == leader  # (play_match checked every seat's view against the full game's)
        assert not [read for read, _, _ in record if read.name == "first_card"]
    assert not must or (blind_three and dealt_three)


def test_lowest_holder_is_the_seat_of_the_earliest_card_anyone_holds() -> None:
    assert lowest_holder([[False, False, True], [False, True, False], [False, False, False]]) == 1
    assert lowest_holder([[True, False], [False, True]]) == 0
    assert lowest_holder([[False, False], [False, False]]) == -1
    assert lowest_holder([[False, True], [False, True]]) == -1  # (two claim one card)
