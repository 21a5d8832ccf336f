"""A Daifugō seat at a live table: its replica driven by a deal nobody can see.

At a live table no browser holds the whole match: each runs its seat's
:class:`~pyengine.daifugo.replica.DaifugoReplica`, and the cards come from the fair deal of
``web/live/deal.js`` (as for Chabashi: :mod:`pyengine.chabashi.live`).  This module is what a
seat needs to take part, in the engine's own terms:

* each game of the match is dealt from a fresh deck of the rules' cards (a ``deck`` operation at
  the game's first card); the k-th card the game deals is position k; cards never dealt (a
  two-player deck) stay unread in the deck;
* where every card lies and who has seen it are public (``Engine.known``), so every seat computes
  the same :meth:`LiveSeat.plan` for a step: each position whose card some seat learns is
  **given** to each such seat (one operation per seat: a card handed over, the two hands that a
  tenpen-chii or a king's privilege swap) or **opened** to all (a card played or discarded face
  up); a position the deal has shown to a seat is never shown to it again (``readers``);
* the seat that acts tells the table its :class:`Move`: the action and the positions of every
  card it moves; a card that only some seats may see (a tribute, a return, a 7-pass, the face-down
  choices of a simultaneous exchange) is written ``?`` and travels by its position alone;
* a chance step that is no card (seating, dealer, lead, places) is a :class:`Move` of shared chance.

**Hidden reads.** Where the rules read cards that some seat cannot see (:meth:`Engine.ask`: is a
tribute forced, which 2 does the antimonopoly take, the thief's strongest cards, …) the answer must
come from a seat that knows them: :meth:`LiveSeat.reads` names the next read the step makes and the
seat whose hand it looks at (every seat computes the same), that seat computes it from its own hand
(:meth:`LiveSeat.answer`), and the answer travels with the step, public, in the order of the reads:
a yes/no or a count as itself, a set of cards as their positions (the cards themselves go through
the deal, given to the seats the rules show them to, opened when they are shown to all: nothing
secret is ever in an answer).  The reads that look at every hand: *monopolist* asks each seat in
seat order "do you hold a whole suit?" up to the first yes (what the full game shows), and
*first_card* (who leads under ♦3/♠3) asks the holder of that 3 when every card is in a hand; when
some are not (blind cards), every seat answers together (a :data:`JOINT` read: each gives, from
:meth:`LiveSeat.answer`, which of the first cards of the search it holds, kept in its browser, and
the table's hidden-lowest protocol, ``web/live/lowest.js``, brings out only the seat holding the
earliest: :func:`lowest_holder`), so nobody learns which card decided, as in the full game.
:meth:`LiveSeat.plan` and :meth:`LiveSeat.advance` take the answers.

Every card of the replica carries the position it was dealt from (its *label*); a card the seat
cannot see is a guess, and guesses are interchangeable, so when a step shows the seat a position
the replica first exchanges the real card into that place, and a card that moves unseen is the
guess that carries its position: the labels follow the real cards.

The two jokers are interchangeable: a shuffled deck may show the second before the full game would
deal it; a joker read from the deal is whichever joker the seat's engine can put there.

Positions are public, so a card handed over privately (a tribute between two other players) would,
when played later, be known by every seat to have been that card, which the full game would not
tell a third player.  So after every step that leaves a hand holding a position another seat has
read, that hand's seat **rehands** (``DealOp("rehand")``): the deal puts its whole hand under fresh
handles, numbered on after the deck's positions, in an order only it knows (``web/live/
deal-hands.js``).  Every replica relabels that hand: its own seat from the cards the deal reads
for it, the others in card order (a guess like any other); a seat that knew a card of that hand
stops pinning it there, since once the hand passes a card on unseen it cannot tell which went;
and within a hand two cards trade labels freely (:meth:`LiveSeat._bring`).  What a step shows
whom is worked out from public facts alone: a card face up, by all; a card in a hand, by its
holder; a card a seat has just seen otherwise, by that seat.

Blind cards (``remainder=blind``) lie out for a whole set, and are never jokers.  So a set begins
with a *blind deck* of its own (a ``deck`` operation at its first blind card), whose shuffles move
only the natural cards (the jokers, its last positions, stay in place: ``fixed`` in
:func:`~.live_deck.redecks`); its positions 0 to b−1 are the blind cards, read by nobody.  Every
game of the set is then dealt from a *redeck* (a second ``deck`` operation at its first card): the
blind deck's other positions, jokers and all, shuffled anew by every seat without anyone learning
the blind ones (``web/live/deal-redeck.js``).  A deck's ``deck`` operation says how many positions
it has.

The conformance test (``tests/daifugo/test_daifugo_live.py``) plays whole matches with a simulated deal: every seat
computes the same reads and plan, reads only what the game shows it, and sees and may do what the full state says.

>>> seats = [LiveSeat.new("", 4, i) for i in range(4)]
>>> seats[0].plan(Move("dealer:0"))  # the dealer is a public chance outcome: nothing to deal yet
()
>>> s1 = [s.advance(Move("dealer:0"), {}) for s in seats]
>>> s1[0].plan(None)  # the first card: a new deck (one joker), position 0 to seat 1
(DealOp(kind='deck', pos=53, seat=-1), DealOp(kind='give', pos=0, seat=1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

from ..core.game import CHANCE, JSON, TERMINAL
from ..core.live import DealOp, read_after, rehands
from ..core.replica import HIDDEN, ReplicaError
from .cards import J1, JOKER_BITS, bits_of
from .deal import dealt_to
from .engine import BLIND, DEAL, RETURN, SEVEN, TRIBUTE, Engine
from .live_reads import JOINT, Read, _Need, _Step, false_lead_list, lowest_holder
from .notation import parse_action
from .replica import DaifugoReplica, _action_cards, _clone, _exchange, _World
from .rules import DaifugoRules
from .state import DaifugoState, internal_action

MAX_POSITION = 1 << 16
"""Above every position a deal can have: its deck's, then the handles of its rehands."""

CARD_PHASES = (DEAL, BLIND)
"""The chance phases whose outcome is a card of the deck (a step with no move)."""


@dataclass(frozen=True, slots=True)
class Move:
    """What the acting seat (or the table's chance, for a seat, a dealer, a leader) tells the table:
    its action as every seat may know it, and the positions of the cards it moves."""

    action: str
    positions: tuple[int, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {"action": self.action, "positions": list(self.positions)}

    @classmethod
    def from_json(cls, data: Any) -> Move:
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise ReplicaError("a move is {action, positions}")
        pos = data.get("positions") or []
        if not isinstance(pos, list) or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < MAX_POSITION
                                                for p in pos):
            raise ReplicaError("a move's positions are positions of the deck")
        return cls(data["action"], tuple(pos))


def _seen(e: Engine) -> list[int]:
    """The cards each seat has seen (a card bitmask per seat): its hand, what it was shown, what lies open."""
    return [e.hands[p] | e.known[p] | e.public for p in range(e.n)]


def _seats_of(card: int, masks: list[int]) -> int:
    return sum(1 << p for p, m in enumerate(masks) if m >> card & 1)  # the seats whose mask holds card


def _swap_labels(labels: dict[int, int], a: int, b: int) -> None:
    la, lb = labels.pop(a, None), labels.pop(b, None)
    if la is not None:
        labels[b] = la
    if lb is not None:
        labels[a] = lb


def _deck_key(e: Engine) -> int:
    """Which deck the next card from the deck comes from: game g's own (2g + 1), or before it, at a
    set's first game with blind cards, the set's blind deck (2g)."""
    return 2 * e.game_no + (e.phase != BLIND)


def _seen_by(e: Engine, seat: int) -> int:
    return e.hands[seat] | e.public | e.known[seat]


class LiveSeat:
    """One seat's part of a live Daifugō table (see the module docstring); immutable."""

    __slots__ = ("_planned", "deck_game", "deck_size", "labels", "next_handle", "next_pos", "readers", "replica")

    def __init__(self, replica: DaifugoReplica, labels: Mapping[int, int], next_pos: int,
                 readers: Mapping[int, int] | None = None, deck_game: int = 0, next_handle: int = 0,
                 deck_size: int = 0) -> None:
        self._planned: tuple[tuple[Move | None, str], tuple[DealOp, ...]] | None = None  # the last plan made
        self.replica = replica
        self.labels: Mapping[int, int] = labels
        """card (as the replica has it) → the position it was dealt from, for this game's cards"""
        self.next_pos = next_pos
        self.readers: Mapping[int, int] = readers or {}
        """position → the seats the deal has shown it to (a bitmask)"""
        self.deck_game = deck_game
        """the deck the positions are of (:func:`_deck_key`; 0: none yet)"""
        self.next_handle = next_handle
        """the number the next rehand's first handle takes (the deck's size, then on)"""
        self.deck_size = deck_size
        """how many positions the deck has (a set's later games: the cards its blind left)"""

    @classmethod
    def new(cls, rules: DaifugoRules | str | None, players: int, seat: int) -> LiveSeat:
        from .game import GAME

        decoded = GAME.rules_type.decode(rules) if isinstance(rules, str) and rules else rules
        replica = GAME.seat_replica(seat, decoded if not isinstance(decoded, str) else None, players)
        assert isinstance(replica, DaifugoReplica)
        return cls(replica, {}, 0)

    @property
    def seat(self) -> int:
        return self.replica.seat

    @property
    def state(self) -> DaifugoState:
        """The replica's state (its hidden cards are guesses)."""
        return self.replica.guess_state

    @property
    def current_player(self) -> int:
        return self.replica.current_player

    @property
    def deals_card(self) -> bool:
        """Whether the next step is a card from the deck (a chance step with no move)."""
        return self.current_player == CHANCE and self.replica._w.phase in CARD_PHASES

    # --- the seat's own move --------------------------------------------------------------
    def public_move(self, action: str) -> Move:
        """This seat's ``action`` as the table may know it (it must be this seat's turn)."""
        if self.current_player != self.seat:
            raise ReplicaError(f"it is not seat {self.seat}'s turn")
        if action not in self.replica.legal_actions():
            raise ReplicaError(f"{action} is not legal here")
        w = self.replica._w
        moved = _action_cards(w, internal_action(w, parse_action(action)))
        positions = tuple(sorted(self.labels[i] for i in bits_of(moved)))
        if w.phase in (TRIBUTE, RETURN, SEVEN) and moved:
            return Move(action.partition(":")[0] + ":" + ".".join([HIDDEN] * moved.bit_count()), positions)
        return Move(action, positions)

    # --- a step ---------------------------------------------------------------------------
    def _new_deck(self, move: Move | None) -> bool:
        return move is None and _deck_key(self.replica._w) != self.deck_game

    def _start(self, move: Move | None) -> tuple[_Step, dict[int, int], int]:
        """A working copy of the engine and labels for the step, and the next position."""
        w: _Step = _clone(_Step, self.replica._w)
        w.answers, w.reserved = None, 0
        if self._new_deck(move):
            return w, {}, 0
        return w, dict(self.labels), self.next_pos

    def _resolve(self, w: _Step, labels: dict[int, int], move: Move | None, next_pos: int,
                 real: Mapping[int, int] | None = None) -> Any:
        """The engine's action for the step in ``w``: the card dealt (the real one when ``real``
        shows it), or the move's, its named cards exchanged into the places its positions give."""
        if move is None:
            if w.phase not in CARD_PHASES:
                raise ReplicaError("a step with no move is a card from the deck")
            deck = w.deck if w.phase == DEAL else w.deck & ~JOKER_BITS
            card = bits_of(deck)[0]
            if real is not None and next_pos in real:
                card = self._dealt_real(w, labels, deck, real[next_pos])
            return ("card", card)
        if w.turn < 0 and w.phase in CARD_PHASES:
            raise ReplicaError("a card from the deck comes with no move")
        if HIDDEN in move.action.split(":", 1)[-1].split("."):
            kind = move.action.partition(":")[0]
            if kind not in ("tribute", "return", "give") or move.action.count(HIDDEN) != len(move.positions):
                raise ReplicaError(f"{move.action}: only cards handed over privately are written {HIDDEN}")
            return (kind, self._at(w, labels, move.positions))
        parsed = parse_action(move.action)
        at = self._at(w, labels, move.positions)
        named = self._named(parsed)
        if named is not None:
            naturals, jokers = named
            self._place(w, labels, at, naturals, jokers)
        internal = internal_action(w, parsed)
        if move.positions:
            moved, want = _action_cards(w, internal), self._at(w, labels, move.positions)
            if moved != want and moved ^ want == JOKER_BITS:  # the other joker, a guess in the same hand
                if self._away(w, labels, (moved & JOKER_BITS).bit_length() - 1, w.hands[w.turn]):
                    internal = internal_action(w, parsed)
                else:  # (nowhere else to put it: the two are interchangeable)
                    _swap_labels(labels, 52, 53)
                moved, want = _action_cards(w, internal), self._at(w, labels, move.positions)
            if moved != want:
                raise ReplicaError(f"{move.action} does not move the cards at positions {list(move.positions)}")
        return internal

    def _away(self, w: Engine, labels: dict[int, int], card: int, place: int) -> bool:
        """Exchange the guess ``card`` with a card hidden from the seat outside ``place`` (the deck,
        or a hand) where the engine would take it and the real card is the other joker; whether
        there was one."""
        mine = _seen_by(w, self.seat) | place | JOKER_BITS
        hidden = (w.deck | w.undealt | w.blind | w.facedown | sum(w.hands)) & ~mine
        if not hidden:
            return False
        other = hidden & -hidden
        _exchange(w, 1 << card, other)
        _swap_labels(labels, card, other.bit_length() - 1)
        return True

    def _dealt_real(self, w: Engine, labels: dict[int, int], deck: int, card: int) -> int:
        """Put the real ``card`` in the deck, for the engine to deal it; a joker is either joker
        (a shuffled deck may show the second before the first, and this seat may hold the other)."""
        mine = _seen_by(w, self.seat)
        if card >= 52:
            if not w.deck >> card & 1 and w.deck & JOKER_BITS:
                card = (w.deck & JOKER_BITS).bit_length() - 1
            elif not w.deck >> card & 1 and mine >> card & 1:
                card = 105 - card  # the other joker (52 ↔ 53)
        if not w.deck >> card & 1:
            if mine >> card & 1:
                raise ReplicaError(f"the deck deals {card}, which seat {self.seat} knows is elsewhere")
            other = bits_of(deck & ~(1 << card))[0]
            _exchange(w, 1 << card, 1 << other)
            _swap_labels(labels, card, other)
        if card == 53 and w.deck & J1 and not self._away(w, labels, 52, w.deck):
            card = 52  # (the engine deals the first joker first)
        return card

    @staticmethod
    def _named(parsed: Any) -> tuple[int, int] | None:
        """The natural cards and the number of jokers an action names, if it names cards."""
        if isinstance(parsed, tuple) and parsed and not isinstance(parsed[0], str) and len(parsed) > 4:
            return parsed[3] & ~JOKER_BITS, int(parsed[4]) if parsed[4] else 0
        if isinstance(parsed, tuple) and len(parsed) == 2 and parsed[0] in ("tribute", "return", "give", "discard") \
                and isinstance(parsed[1], int):
            return parsed[1] & ~JOKER_BITS, (parsed[1] & JOKER_BITS).bit_count()
        return None

    def _at(self, w: Engine, labels: Mapping[int, int], positions: Sequence[int]) -> int:
        at = {p: c for c, p in labels.items()}
        mask = 0
        for p in positions:
            if p not in at or not w.hands[w.turn] >> at[p] & 1:
                raise ReplicaError(f"position {p} is not in seat {w.turn}'s hand")
            mask |= 1 << at[p]
        return mask

    def _place(self, w: Engine, labels: dict[int, int], at: int, naturals: int, jokers: int) -> None:
        """Exchange the cards an action names into the places of its positions (``at``: the cards
        there now): every named card that is elsewhere takes the place of one that is not named."""
        mine = _seen_by(w, self.seat)
        for c in bits_of(naturals & ~at):
            spare = at & ~naturals & ~JOKER_BITS or at & ~naturals
            s = spare & -spare
            if not spare or not self._bring(w, labels, c, s.bit_length() - 1, mine, at | naturals):
                raise ReplicaError("a move names a card that is not at its positions")
            at = at & ~s | 1 << c
        hand = w.hands[w.turn]
        while (at & JOKER_BITS).bit_count() < jokers:
            spare = at & ~naturals & ~JOKER_BITS
            free = w.cx.deck & JOKER_BITS & ~at & hand or w.cx.deck & JOKER_BITS & ~at & ~mine  # (one in the hand first)
            s, j = spare & -spare, free & -free
            if not spare or not free or not self._bring(w, labels, j.bit_length() - 1, s.bit_length() - 1, mine, at | naturals):
                raise ReplicaError("a move names a joker that is not at its positions")
            at = at & ~s | j

    def _run(self, move: Move | None, answers: Sequence[JSON], real: Mapping[int, int] | None = None,
             ) -> tuple[_Step, Engine, dict[int, int], int]:
        """The step taken in a working copy: (the engine after, the engine before, labels, the
        position of the card dealt or -1); raises :class:`_Need` for a read not yet answered."""
        s = self.replica._w
        if self.current_player == TERMINAL:
            raise ReplicaError("the match is over")
        if (move is None) != (self.current_player == CHANCE and s.phase in CARD_PHASES):
            raise ReplicaError("a step with no move is exactly a card from the deck")
        w, labels, next_pos = self._start(move)
        if real is not None:  # the positions this step shows the seat: their real cards, in place
            placed = 0
            for pos, card in sorted(real.items()):
                placed |= 1 << self._make_real(w, labels, pos, card, placed)
        internal = self._resolve(w, labels, move, next_pos, real)
        before = _clone(Engine, w)
        dealt = -1
        if move is None:
            dealt = next_pos
            labels[internal[1]] = next_pos
        w.labels = labels
        w.given = list(answers)
        w.step(internal)
        if w.given:
            raise ReplicaError(f"the step makes fewer reads than the {len(answers)} answers given")
        return w, before, labels, dealt

    def _make_real(self, w: Engine, labels: dict[int, int], pos: int, card: int, placed: int = 0) -> int:
        """The real ``card`` into the place of position ``pos`` (exchanged with the guess there),
        the cards ``placed`` so far in the step staying put; the card now there (a joker: either)."""
        at = {p: c for c, p in labels.items()}
        guess = at.get(pos)
        if guess is None or guess == card:
            return card if guess is None else guess
        mine = _seen_by(w, self.seat)
        if card >= 52 and mine >> card & 1 and not any(h >> guess & h >> card & 1 for h in w.hands):
            if guess >= 52:  # (the jokers are interchangeable: the one this seat may not see)
                return guess
            card = 105 - card
        if not self._bring(w, labels, card, guess, mine, placed):
            raise ReplicaError(f"position {pos} holds a card seat {self.seat} knows is elsewhere")
        return card

    @staticmethod
    def _bring(w: Engine, labels: dict[int, int], card: int, guess: int, mine: int, keep: int = 0) -> bool:
        """The card ``card`` into the place and label of ``guess``, every card this seat has seen
        (``mine``) staying where it is; whether that can be.  In one hand two cards just trade
        labels (a rehand's handles say nothing of which card is where); a card from elsewhere
        trades places with the guess, or, when this seat knows the guess is in that hand (a card
        it handed over before a rehand), with another card of the hand that it has not seen (nor
        put in place in this step: ``keep``)."""
        hand = next((h for h in w.hands if h >> guess & 1), 0)
        if hand >> card & 1:
            _swap_labels(labels, card, guess)
            return True
        if mine >> card & 1:
            return False
        other = guess
        if mine >> guess & 1 and not (card >= 52 and guess >= 52):  # (the two jokers may always trade)
            free = hand & ~mine & ~keep
            if not free:
                return False
            other = (free & -free).bit_length() - 1
        _exchange(w, 1 << card, 1 << other)
        _swap_labels(labels, card, other)
        if other != guess:
            _swap_labels(labels, card, guess)
        return True

    def reads(self, move: Move | None, answers: Sequence[JSON] = ()) -> Read | None:
        """The next hidden read the step makes once ``answers`` (the answers so far, in order) are
        known, and who answers it; None when the step needs no more.  Every seat computes the same."""
        try:
            self._run(move, answers)
        except _Need as need:
            return need.read
        return None

    def answer(self, move: Move | None, answers: Sequence[JSON] = (), cards: Mapping[int, int] | None = None,
               ) -> JSON:
        """This seat's answer to the next read (it must be the seat :meth:`reads` names); ``cards``:
        the positions it can read, at least the card of :meth:`card_ops` when that came to it."""
        pos = 0 if self._new_deck(move) else self.next_pos
        real = {pos: cards[pos]} if move is None and cards and pos in cards else None
        try:
            self._run(move, answers, real)
        except _Need as need:
            if need.read.seat == JOINT:  # (this seat's private part: it never leaves its browser)
                return need.value(self.seat)
            if need.read.seat != self.seat:
                raise ReplicaError(f"the read {need.read.name} is seat {need.read.seat}'s to answer") from None
            return need.value()
        raise ReplicaError("the step makes no more reads")

    def card_ops(self, move: Move | None) -> tuple[DealOp, ...]:
        """The start of :meth:`plan` for a card from the deck, which needs no answer: a new deck at a
        game's first card, and the card given to the seat it is dealt to (none for a blind card).  A
        table carries them out before it asks the step's reads (the seat that is dealt the card may
        have to answer one about its hand)."""
        if move is not None:
            return ()
        w = self.replica._w
        new = self._new_deck(move)
        ops = [DealOp("deck", w.deck.bit_count())] if new else []  # (all but the blind cards a set keeps out)
        if w.phase == DEAL:
            ops.append(DealOp("give", 0 if new else self.next_pos, dealt_to(w)))
        return tuple(ops)

    def deal_ahead(self) -> tuple[DealOp, ...]:
        """At a game's first card, the gives of its whole deal (public: the order says who gets each card)."""
        w = self.replica._w
        if self.current_player != CHANCE or w.phase != DEAL or not self._new_deck(None):
            return ()
        seq = w.deal_seq or w.order
        return tuple(DealOp("give", k, seq[(w.deal_pos + k) % w.n]) for k in range(w.deal_left))

    def plan(self, move: Move | None, answers: Sequence[JSON] = ()) -> tuple[DealOp, ...]:
        """What the fair deal must do for the step (``move``: None for a card from the deck;
        ``answers``: every read's, in order): every seat computes the same plan from what is public."""
        key = (move, repr(list(answers)))
        if self._planned is None or self._planned[0] != key:
            self._planned = (key, self._make_plan(move, answers))
        return self._planned[1]

    def _make_plan(self, move: Move | None, answers: Sequence[JSON]) -> tuple[DealOp, ...]:
        try:
            w, before, labels, _ = self._run(move, answers)
        except _Need as need:
            raise ReplicaError(f"the step needs the answer to {need.read.name} from seat {need.read.seat}") from None
        ops = list(self.card_ops(move))
        new_deck = self._new_deck(move)
        readers = dict({} if new_deck else self.readers)
        for op in ops:
            if op.kind == "give":
                readers[op.pos] = 1 << op.seat
        if w.game_no != before.game_no:
            return tuple(ops)  # the game ended: its cards leave the table with the next game's deck
        full = (1 << w.n) - 1
        # who must read each card's position, from public facts only (after a rehand another seat's
        # knowledge of a card in that hand is a guess here): a card face up, by all; a card in a
        # hand, by its holder; a card a seat has just seen otherwise, by that seat
        new = [now & ~was for now, was in zip(_seen(w), _seen(before), strict=True)]
        moved = reduce(int.__or__, (now & ~was for now, was in zip(w.hands, before.hands, strict=True)), 0)
        for c in sorted(bits_of(reduce(int.__or__, new, moved | w.public & ~before.public)),
                        key=lambda c: labels.get(c, -1)):
            pos = labels.get(c)
            shown = readers.get(pos if pos is not None else -1, 0)
            holder = sum(1 << p for p in range(w.n) if w.hands[p] >> c & 1)
            learners = (full if w.public >> c & 1 else _seats_of(c, new) | holder) & ~shown
            if not learners:
                continue
            if pos is None:
                raise ReplicaError(f"card {c} has no position")
            if shown | learners == full:
                ops.append(DealOp("open", pos))
            else:
                ops.extend(DealOp("give", pos, p) for p in range(w.n) if learners >> p & 1)
        return tuple(ops) + self._rehands(w, labels, ops, new_deck)

    def _rehands(self, w: Engine, labels: Mapping[int, int], ops: Sequence[DealOp], new_deck: bool,
                 ) -> tuple[DealOp, ...]:
        """The step's rehands (:func:`~pyengine.core.live.rehands`: a card handed over by a tribute,
        a return, a 7-pass or a swap of hands, or taken from the table)."""
        hands = [[labels[c] for c in bits_of(h)] for h in w.hands]
        size = ops[0].pos if new_deck else self.deck_size
        first = size if new_deck or not self.next_handle else self.next_handle
        return rehands(hands, {} if new_deck else self.readers, ops, first, (1 << w.n) - 1)

    def advance(self, move: Move | None, cards: Mapping[int, int], answers: Sequence[JSON] = ()) -> LiveSeat:
        """The seat after the step, once the plan's keys have arrived: ``cards`` maps the positions
        this seat can read to their cards (at least those the plan gave or opened)."""
        plan = self.plan(move, answers)
        new_deck = bool(plan) and plan[0].kind == "deck"
        learnt = {op.pos for op in plan if op.kind == "open" or (op.kind == "give" and op.seat == self.seat)}
        missing = sorted(p for p in learnt if p not in cards)
        if missing:
            raise ReplicaError(f"seat {self.seat} cannot read position {missing[0]} yet")
        w, _, labels, dealt = self._run(move, answers, {p: cards[p] for p in learnt})
        world: _World = _clone(_World, w)
        world.answers, world.reserved = None, 0
        readers = {} if new_deck else dict(self.readers)
        next_handle = 0 if new_deck else self.next_handle
        for op in plan:
            read_after(readers, op, (1 << w.n) - 1)
            if op.kind == "rehand":
                self._relabel(world, labels, op, cards)
                next_handle = op.pos + len(op.positions)
        next_pos = dealt + 1 if dealt >= 0 else self.next_pos
        deck_game = _deck_key(self.replica._w) if new_deck else self.deck_game
        deck_size = plan[0].pos if new_deck else self.deck_size
        if w.game_no != deck_game // 2:
            labels, readers, next_handle = {}, {}, 0
        return LiveSeat(DaifugoReplica(world, self.seat), labels, next_pos, readers, deck_game, next_handle, deck_size)

    def _relabel(self, w: Engine, labels: dict[int, int], op: DealOp, cards: Mapping[int, int]) -> None:
        """A rehand: the cards of its seat's hand take the new handles, in the order the deal
        reads them for that seat and in card order for the others (to them the order is unknown,
        so any is a guess).  Another seat that knew a card of that hand (it handed it over, it was
        taken from the table) no longer pins it there: once the hand passes on a card unseen, which
        one that was it cannot tell."""
        hand = w.hands[op.seat]
        if sorted(labels.get(c, -1) for c in bits_of(hand)) != list(op.positions):
            raise ReplicaError(f"seat {op.seat}'s rehand does not put its hand under new handles")
        new = range(op.pos, op.pos + len(op.positions))
        if op.seat != self.seat:
            labels.update(zip(bits_of(hand), new, strict=True))
            w.known[self.seat] &= ~hand
            return
        missing = [h for h in new if h not in cards]
        if missing:
            raise ReplicaError(f"seat {self.seat} cannot read position {missing[0]} yet")
        got = {h: cards[h] if hand >> cards[h] & 1 or cards[h] < 52 else 105 - cards[h] for h in new}  # (either joker)
        if sum(1 << c for c in got.values()) != hand or len(set(got.values())) != len(got):
            raise ReplicaError(f"the new handles of seat {self.seat} do not hold its hand")
        labels.update((c, h) for h, c in got.items())


from .live_deck import card_of, deck_labels, full_action, redecks  # noqa: E402 (what a live table asks of the game's module)

__all__ = ["CARD_PHASES", "JOINT", "DealOp", "LiveSeat", "Move", "Read", "card_of", "deck_labels", "false_lead_list", "full_action",
           "lowest_holder", "redecks"]
