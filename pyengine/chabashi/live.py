"""A Chabashi seat at a live table: its replica driven by a deal nobody can see.

At a live table no browser holds the whole state: each runs its seat's
:class:`~pyengine.chabashi.replica.ChabashiReplica`, and the cards come from the fair deal of
``web/live/deal.js`` — each hand a fresh deck of 36 cards, shuffled and locked by every seat, of
which each *position* (the deck's order after the shuffles) becomes readable to a seat only when
every other seat sends it its keys.  This module is what a seat needs to take part, in the
engine's own terms:

* the k-th card dealt or drawn in a hand is position k (every seat counts the same);
* which card lies where, face up or down, and who knows it are public (§3.3), so every seat
  computes the same :func:`LiveSeat.plan` for a step: the positions to **give** to one seat (a card
  dealt to a hand, a floor card taken into a hand) and those to **open** to all (a card dealt face
  up, turned up, every live card at the showdown), plus a new **deck** at a hand's first card;
* the seat that acts tells the table its :class:`Move`: the action, with the card it puts face
  down written ``?`` and the position of that card (a position says nothing about its card);
* once the plan's keys have arrived, :meth:`LiveSeat.advance` takes the cards the seat can now
  read and steps the replica with the same :class:`~pyengine.core.replica.SeatEvent` the full
  game would have sent it (:func:`~pyengine.chabashi.replica.seat_events`).

Every card of the replica carries the position it was dealt from (its *label*); a card the seat
cannot see is a guess, and guesses are interchangeable, so where a step moves an unknown card the
labels are exchanged to follow the real one.

A hand that holds a position another seat has read (a floor card taken into it face up, or one a
seat could follow there) is **rehanded** at the end of that step (``DealOp("rehand")``, as in
Daifugō): its seat puts the whole hand under fresh handles in an order only it knows, so that its
next face-down discard (8-1) does not tell whether that card left, which the rules hide (§3.3).
The other replicas label that hand's slots with the handles in order, a guess; where a handle turns
out to hold a card the seat knew in another slot of the same hand, the two slots trade labels.
The showdown opens every position of what it shows that not all have read, whoever knew the card
before, and lays each shown hand face up in card order (the engine's rule), so every replica shows
the same.  The conformance test (``tests/chabashi/
test_chabashi_live.py``) plays whole sessions with a simulated deal: every seat computes the same
plan at every step, reads only what the plans gave it, and its observation and legal actions are
the full state's.

>>> from pyengine.core import Pcg32, sample_chance
>>> from pyengine.chabashi.game import GAME
>>> s, rng = GAME.new_initial_state(None, 3), Pcg32(5)
>>> seats = [LiveSeat.new(None, 3, i) for i in range(3)]
>>> seats[0].plan(None)  # the first card of the first hand: a new deck, position 0 face up
(DealOp(kind='deck', pos=36, seat=-1), DealOp(kind='open', pos=0, seat=-1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.game import CHANCE, JSON, TERMINAL
from ..core.live import DealOp, read_after, rehands
from ..core.replica import HIDDEN, ReplicaError, SeatEvent
from .cards import CODES, DECK, card
from .notation import parse_action
from .replica import ChabashiReplica
from .rules import ChabashiRules
from .state import ChabashiState

DECK_SIZE = len(DECK)
MAX_POSITION = 1 << 16
"""Above every position a deal can have: its deck's, then the handles of its rehands."""


@dataclass(frozen=True, slots=True)
class Move:
    """What the acting seat tells the table: its action as every seat may know it, and for a card
    it puts face down, that card's position."""

    action: str
    pos: int | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"action": self.action, "pos": self.pos}

    @classmethod
    def from_json(cls, data: Any) -> Move:
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise ReplicaError("a move is {action, pos}")
        pos = data.get("pos")
        if pos is not None and (not isinstance(pos, int) or isinstance(pos, bool) or not 0 <= pos < MAX_POSITION):
            raise ReplicaError("a move's position is a position of the deck")
        return cls(data["action"], pos)


def _knowers(s: ChabashiState) -> dict[int, int]:
    """Every card on the table (the stock aside): who knows it (a bitmask)."""
    out = dict.fromkeys(s.dfloor, s.all_mask)
    for c, _, k in s.centre:
        out[c] = k
    for row in s.floors:
        for c, _, k in row:
            out[c] = k
    for hand in s.hands:
        for c, k in hand:
            out[c] = k
    return out


def _place(s: ChabashiState, c: int) -> list[JSON]:
    """Where card ``c`` lies, as a replica's pin names it."""
    for i, slot in enumerate(s.centre):
        if slot[0] == c:
            return ["c", i]
    for p, row in enumerate(s.floors):
        for i, slot in enumerate(row):
            if slot[0] == c:
                return ["f", p, i]
    for p, hand in enumerate(s.hands):
        for i, (x, _) in enumerate(hand):
            if x == c:
                return ["h", p, i]
    raise ReplicaError(f"card {CODES[c]} is not on the table")


def _swapped(labels: dict[int, int], a: int, b: int) -> dict[int, int]:
    """The labels after a replica exchanged cards ``a`` and ``b`` everywhere."""
    out = dict(labels)
    la, lb = out.pop(a, None), out.pop(b, None)
    if la is not None:
        out[b] = la
    if lb is not None:
        out[a] = lb
    return out


class LiveSeat:
    """One seat's part of a live Chabashi table (see the module docstring); immutable."""

    __slots__ = ("_planned", "labels", "next_handle", "next_pos", "readers", "replica")

    def __init__(self, replica: ChabashiReplica, labels: Mapping[int, int], next_pos: int,
                 readers: Mapping[int, int] | None = None, next_handle: int = DECK_SIZE) -> None:
        self._planned: tuple[Move | None, tuple[DealOp, ...]] | None = None  # the last plan made
        self.replica = replica
        self.labels: Mapping[int, int] = labels
        """card (as the replica has it) → the position it was dealt from, for this hand's cards"""
        self.next_pos = next_pos
        self.readers: Mapping[int, int] = readers or {}
        """position → the seats the deal has shown it to (a bitmask): once shown, always readable,
        even where the game turns the card face down again"""
        self.next_handle = next_handle
        """the number the next rehand's first handle takes"""

    @classmethod
    def new(cls, rules: ChabashiRules | str | None, players: int, seat: int) -> LiveSeat:
        from .game import GAME

        replica = GAME.seat_replica(seat, GAME.rules_type.decode(rules) if isinstance(rules, str) else rules, players)
        assert isinstance(replica, ChabashiReplica)
        return cls(replica, {}, 0)

    @property
    def seat(self) -> int:
        return self.replica.seat

    @property
    def state(self) -> ChabashiState:
        """The replica's state (its hidden cards are guesses)."""
        return self.replica.guess_state

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`~pyengine.core.game.CHANCE` (a card from the deck) or
        :data:`~pyengine.core.game.TERMINAL`."""
        return self.replica.current_player

    # --- the seat's own move --------------------------------------------------------------
    def public_move(self, action: str) -> Move:
        """This seat's ``action`` as the table may know it (it must be this seat's turn)."""
        if self.current_player != self.seat:
            raise ReplicaError(f"it is not seat {self.seat}'s turn")
        if action not in self.replica.legal_actions():
            raise ReplicaError(f"{action} is not legal here")
        parsed = parse_action(action)
        if parsed[0] != "swap":
            return Move(action)
        c = card(parsed[1])
        return Move(f"swap:{HIDDEN}:f{parsed[2]}", self.labels[c])

    # --- a step ---------------------------------------------------------------------------
    def _resolved(self, move: Move | None) -> tuple[ChabashiReplica, dict[int, int], str]:
        """The replica and labels ready for the step, and the action this seat applies: a card put
        face down is named by its position; the replica puts down the card it has there (the
        real one, or its guess: the hand keeps its real order, and nothing shows the guess)."""
        labels = dict(self.labels)
        if move is None:
            return self.replica, labels, HIDDEN
        if not move.action.startswith(f"swap:{HIDDEN}:"):
            return self.replica, labels, move.action
        s = self.state
        if move.pos is None:
            raise ReplicaError("a card put face down comes with its position")
        actor_hand = s.hands[s.actor] if 0 <= s.actor < len(s.hands) else ()
        at = [c for c, _ in actor_hand if labels.get(c) == move.pos]
        if not at:
            raise ReplicaError(f"position {move.pos} is not in seat {s.actor}'s hand")
        return self.replica, labels, move.action.replace(HIDDEN, CODES[at[0]], 1)

    def card_ops(self, move: Move | None) -> tuple[DealOp, ...]:
        """The start of the step's plan the table carries out first: for a card from the deck, its
        whole plan (a new deck, the card given or opened); nothing for a move (Chabashi's steps
        make no hidden read, so the rest follows at once)."""
        return self.plan(move) if move is None else ()

    def deal_ahead(self) -> tuple[DealOp, ...]:
        """At a hand's first card, the gives and opens of its deal (§4 steps 2–5, every card dealt
        before the first player acts): where each of those cards goes, and face up or down, is
        public, so every seat computes the same — here by running its own replica through them on
        its guesses, which changes no plan.  The steps' own plans then find them done already."""
        if self.current_player != CHANCE or self.state.phase != "between":
            return ()
        seat: LiveSeat = self
        ops: list[DealOp] = []
        while seat.current_player == CHANCE and seat.state.phase in ("between", "deal"):
            plan = seat.plan(None)
            ops.extend(op for op in plan if op.kind != "deck")
            at = 0 if plan and plan[0].kind == "deck" else seat.next_pos
            # (a card of the deal shows only itself: the replica's guess of it will do)
            seat = seat.advance(None, {at: seat.state.stock[0]})
        return tuple(ops)

    def plan(self, move: Move | None) -> tuple[DealOp, ...]:
        """What the fair deal must do for the next step (``move``: the acting seat's, None for a
        card from the deck): every seat computes the same plan from what is public."""
        if self._planned is None or self._planned[0] != move:
            self._planned = (move, self._make_plan(move))
        return self._planned[1]

    def _make_plan(self, move: Move | None) -> tuple[DealOp, ...]:
        replica, labels, action = self._resolved(move)
        s = replica.guess_state
        if s.current_player == TERMINAL:
            raise ReplicaError("the session is over")
        if (move is None) != (s.current_player == CHANCE):
            raise ReplicaError("a move is for a player's turn, none for a card from the deck")
        ops: list[DealOp] = []
        new_deck = s.phase == "between"
        if new_deck:  # (the last hand's cards leave the table with the new deck's first card)
            ops.append(DealOp("deck", DECK_SIZE))
            labels = {}
        before = {} if new_deck else _knowers(s)
        after_state = replica.apply(SeatEvent(self.seat, action)).guess_state
        after = _knowers(after_state)
        if move is None:  # (the replica deals its stock's first card for a card it cannot see)
            labels[s.stock[0]] = 0 if new_deck else self.next_pos
        full = s.all_mask
        readers = {} if new_deck else self.readers
        # the showdown opens every position of what it shows (the live players' cards, the centre) that
        # not all have read: after a rehand, which handle holds a card every seat knew already (taken
        # face up) is a guess, so what it opens cannot depend on who knew which card before
        shown: set[int] = set()
        if after_state.result != s.result and dict(after_state.result).get("showdown") is True:
            t = after_state
            shown = {c for c, _, _ in t.centre} | {c for p, (hand, row) in enumerate(zip(t.hands, t.floors, strict=False))
                                                  if not t.folded[p] for c in [*(x for x, _ in hand), *(x for x, _, _ in row)]}
        for c, k in sorted(after.items(), key=lambda x: labels.get(x[0], -1)):
            pos = labels.get(c)
            learners = (k if c in shown else k & ~before.get(c, 0)) & ~readers.get(pos if pos is not None else -1, 0)
            if not learners:
                continue
            if pos is None:
                raise ReplicaError(f"card {CODES[c]} has no position")
            if k == full:
                ops.append(DealOp("open", pos))
            elif learners & (learners - 1) == 0:
                ops.append(DealOp("give", pos, learners.bit_length() - 1))
            else:
                raise ReplicaError(f"position {pos} would be shown to several seats but not all")
        return tuple(ops) + self._rehands(after_state, labels, ops, new_deck)

    def _rehands(self, s: ChabashiState, labels: Mapping[int, int], ops: list[DealOp], new_deck: bool,
                 ) -> tuple[DealOp, ...]:
        """The step's rehands (:func:`~pyengine.core.live.rehands`: a floor card taken into the hand
        face up, or one a seat followed there), so that the hand's next face-down discard (8-1)
        does not tell whether that card left, which the rules hide (§3.3)."""
        hands = [[labels[c] for c, _ in hand] for hand in s.hands]
        return rehands(hands, {} if new_deck else self.readers, ops, DECK_SIZE if new_deck else self.next_handle, s.all_mask)

    def advance(self, move: Move | None, cards: Mapping[int, int]) -> LiveSeat:
        """The seat after the step, once the plan's keys have arrived: ``cards`` maps the
        positions this seat can read to their cards (at least those the plan gave or opened)."""
        plan = self.plan(move)
        replica, labels, action = self._resolved(move)
        s = replica.guess_state
        if plan and plan[0].kind == "deck":
            labels = {}
        next_pos = 0 if plan and plan[0].kind == "deck" else self.next_pos
        learnt = [op.pos for op in plan if op.kind == "open" or (op.kind == "give" and op.seat == self.seat)]
        missing = [p for p in learnt if p not in cards]
        if missing:
            raise ReplicaError(f"seat {self.seat} cannot read position {missing[0]} yet")
        dealt = -1
        if move is None:
            dealt = s.stock[0]  # a card this seat cannot see: the replica deals its guess
            if next_pos in learnt:  # the card comes to this seat (or face up): it is the real one
                dealt = cards[next_pos]
                action = CODES[dealt]
                if s.phase != "between" and dealt not in s.stock:  # (the replica pins it from its guess)
                    labels = _swapped(labels, dealt, s.stock[0])
            learnt = [p for p in learnt if p != next_pos]
        pins, labels = self._pins(s, labels, learnt, cards)
        if move is not None and move.pos in learnt and move.action.startswith(f"swap:{HIDDEN}:"):
            # a card put face down that the step also shows this seat (a showdown at once): the
            # pin above puts it in the actor's hand, and the action names it
            action = f"swap:{CODES[cards[move.pos]]}:{action.rsplit(':', 1)[1]}"
        new_replica = replica.apply(SeatEvent(self.seat, action, {"pins": pins} if pins else {}))
        if move is None:
            labels[dealt] = next_pos
            next_pos += 1
        return self._after(plan, new_replica, labels, next_pos, cards)

    def _pins(self, s: ChabashiState, labels: dict[int, int], learnt: list[int], cards: Mapping[int, int],
              ) -> tuple[list[JSON], dict[int, int]]:
        """The pins that put the real cards of the positions ``learnt`` where the replica's guesses
        of them lie, and the labels after: the replica exchanges cards one pin after another, so
        each place is where the guess lies by then.  A card the seat knew that turns out to be at
        another position of the same hand only trades labels (after a rehand, which handle holds
        it was a guess)."""
        loc: dict[int, list[JSON]] = {c: ["s"] for c in s.stock}
        for c in [*[c for c, _, _ in s.centre], *[c for row in s.floors for c, _, _ in row], *[c for row in s.hands for c, _ in row]]:
            loc[c] = _place(s, c)
        knowers = _knowers(s)
        pins: list[JSON] = []
        for pos in learnt:
            guess, real = next(c for c, p in labels.items() if p == pos), cards[pos]
            if guess == real:
                continue
            if real not in s.stock and knowers.get(real, 0) >> self.seat & 1:
                if loc[guess][0] == loc[real][0] == "h" and loc[guess][1] == loc[real][1]:
                    labels = _swapped(labels, real, guess)
                    continue
                raise ReplicaError(f"position {pos} holds {CODES[real]}, which seat {self.seat} knows is elsewhere")
            pins.append([real, loc[guess]])
            loc[real], loc[guess] = loc[guess], loc[real]
            labels = _swapped(labels, real, guess)
        return pins, labels

    def _after(self, plan: tuple[DealOp, ...], replica: ChabashiReplica, labels: dict[int, int], next_pos: int,
               cards: Mapping[int, int]) -> LiveSeat:
        """The seat after the step: who has read each position, and each rehand's new handles."""
        new_deck = bool(plan) and plan[0].kind == "deck"
        readers = {} if new_deck else dict(self.readers)
        next_handle = DECK_SIZE if new_deck else self.next_handle
        for op in plan:
            read_after(readers, op, replica.guess_state.all_mask)
            if op.kind == "rehand":
                labels = self._relabel(replica.guess_state, labels, op, cards)
                next_handle = op.pos + len(op.positions)
        return LiveSeat(replica, labels, next_pos, readers, next_handle)

    def _relabel(self, s: ChabashiState, labels: dict[int, int], op: DealOp, cards: Mapping[int, int]) -> dict[int, int]:
        """A rehand: the cards of its seat's hand take the new handles, in the order the deal reads
        them for that seat and in the hand's order for the others (to them a guess like any other)."""
        hand = [c for c, _ in s.hands[op.seat]]
        if sorted(labels.get(c, -1) for c in hand) != list(op.positions):
            raise ReplicaError(f"seat {op.seat}'s rehand does not put its hand under new handles")
        new = range(op.pos, op.pos + len(op.positions))
        if op.seat != self.seat:
            return {**labels, **dict(zip(hand, new, strict=True))}
        missing = [h for h in new if h not in cards]
        if missing:
            raise ReplicaError(f"seat {self.seat} cannot read position {missing[0]} yet")
        if sorted(cards[h] for h in new) != sorted(hand):
            raise ReplicaError(f"the new handles of seat {self.seat} do not hold its hand")
        return {**labels, **{cards[h]: h for h in new}}


def deck_labels(rules: ChabashiRules | str | None, players: int) -> list[str]:
    """The deck's cards in the engine's order: the labels of the fair deal's cards."""
    del rules, players  # every hand is dealt from the whole deck
    return [CODES[c] for c in DECK]


def card_of(label: str) -> int:
    """The card a label of :func:`deck_labels` names."""
    return card(label)


def redecks(rules: ChabashiRules | str | None, players: int) -> None:
    """No deck is made from an earlier one: every hand is dealt from the whole deck."""
    del rules, players


__all__ = ["DECK_SIZE", "DealOp", "LiveSeat", "Move", "card_of", "deck_labels", "redecks"]
