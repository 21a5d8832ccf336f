"""What each seat may not see, taken from the games' specifications, and the twin check.

The leak check never asks a game what is secret (``hidden_tokens``).  The test decides it:
each game has a :class:`SecrecyModel` written from its specification (``../shared/rules/*.md``;
the toy game's rules are Kuhn poker's).  A model reads only where the cards lie in the
playout's states (hands, floors, face up or down, the face-up pile: the table, not anyone's
knowledge) and the record, and names, for a position and a seat, cards that seat cannot
know by the rules.  It is deliberately conservative: a card it is unsure about counts as
seen, so it never calls a legitimate observation a leak, and the twins it builds check only
what the rules really hide.

**Twins.**  Take the record up to position ``t`` and exchange two cards ``a`` and ``b``
everywhere they occur since the current deal began (in the dealt cards and in private
passes); when that record still replays, its position differs from the real one only in
where ``a`` and ``b`` lie.  A seat for which the rules hide both cards must then get the very
same ``observation``, whatever the observation is made of (card names, counts, masks,
orders: a leak in any form shows); and a seat that holds one of them must get a different
one, which proves the twins really differ.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pyengine.core import EngineError, State


@dataclass(frozen=True)
class Twin:
    ply: int
    cards: tuple[str, str]
    blind: tuple[int, ...]
    """Seats (``-1`` the spectator) for which the rules hide both cards: same observation."""
    seeing: tuple[int, ...]
    """Seats holding one of the cards: a different observation."""


class SecrecyModel(ABC):
    """A game's rules of secrecy over one playout (``states[i]`` is before ``actions[i]``)."""

    def __init__(self, states: Sequence[State], actions: Sequence[str]) -> None:
        self.states: Sequence[Any] = states  # each game's own state type: models read where cards lie
        self.actions = actions
        self.n = states[0].num_players

    @abstractmethod
    def window(self, t: int) -> int:
        """Where the current deal began: twins exchange cards only in ``actions[window:t]``."""

    @abstractmethod
    def secret(self, t: int, seat: int) -> frozenset[str]:
        """Cards that ``seat`` cannot know at ``states[t]`` by the rules (conservatively)."""

    @abstractmethod
    def holder(self, t: int, card: str) -> int | None:
        """The seat that sees ``card`` in its own hand at ``states[t]``, if any."""

    @abstractmethod
    def pairs(self, t: int) -> Iterator[tuple[str, str]]:
        """Cards to exchange, those most likely to leave the record playable first."""

    @abstractmethod
    def exchange(self, action: str, a: str, b: str) -> str:
        """``action`` with the cards ``a`` and ``b`` exchanged (before respelling)."""

    def twins(self, t: int) -> Iterator[Twin]:
        seats = range(-1, self.n)
        secret = {s: self.secret(t, s) for s in seats}
        for a, b in self.pairs(t):
            blind = tuple(s for s in seats if a in secret[s] and b in secret[s])
            if not blind:
                continue
            seeing = tuple(sorted({h for h in (self.holder(t, a), self.holder(t, b)) if h is not None}))
            yield Twin(t, (a, b), blind, seeing)


def exchange_tokens(action: str, a: str, b: str, separators: str) -> str:
    """Exchange whole tokens ``a`` and ``b`` in ``action`` split at ``separators``."""
    parts = re.split(f"([{re.escape(separators)}])", action)
    return "".join(b if p == a else a if p == b else p for p in parts)


def replay_twin(states: Sequence[State], actions: Sequence[str], start: int, stop: int,
                swap: Callable[[str], str]) -> State | None:
    """``states[start]`` with ``actions[start:stop]`` after ``swap``, each written in its one
    spelling; ``None`` when the exchanged record does not replay."""
    state = states[start]
    try:
        for action in actions[start:stop]:
            other = swap(action)
            if other != action:
                other = state.format_action(state.parse_action(other))
            state = state.apply(other)
    except EngineError:
        return None
    return state


@dataclass
class Report:
    findings: list[str]
    twins: int = 0
    blind_seats: frozenset[int] = frozenset()


def check_twins(model: SecrecyModel, states: Sequence[State], plies: Sequence[int],
                per_ply: int = 3) -> Report:
    """Up to ``per_ply`` playable twins at each of ``plies``; ``states`` are the states to
    replay and observe (the playout's own, or wrapped ones), ``model`` says what is secret."""
    report = Report([])
    blind_seats: set[int] = set()
    for t in plies:
        start = model.window(t)
        made = 0
        for twin in model.twins(t):
            a, b = twin.cards
            other = replay_twin(states, model.actions, start, t,
                                lambda x, a=a, b=b: model.exchange(x, a, b))
            if other is None or other == states[t]:
                continue
            made += 1
            report.twins += 1
            real = states[t]
            for seat in twin.blind:
                blind_seats.add(seat)
                if real.observation(seat) != other.observation(seat):
                    report.findings.append(f"ply {t}: seat {seat} can tell whether {a} and {b} were swapped")
            for seat in twin.seeing:
                if real.observation(seat) == other.observation(seat):
                    report.findings.append(f"ply {t}: seat {seat} holds {a} or {b} but sees no difference")
            if made >= per_ply:
                break
    report.blind_seats = frozenset(blind_seats)
    return report


# --- Daifugō (rules/daifugo.md §1.2, §1.10, §1.12, §5.4) ------------------------------------------

class DaifugoSecrecy(SecrecyModel):
    """A seat sees its own hand (what was dealt, received, given away) and the face-up pile
    (plays, discards, bombed ranks); other hands, the undealt and blind cards, cards passed
    privately between others and cards put face down stay hidden.  Whoever holds ♦3 (or ♠3)
    leads the first trick (§1.3), so those two cards' holders are public: never exchanged.
    Jokers print alike and are never exchanged either."""

    FIRST_LEAD = frozenset({"D3", "S3"})

    def __init__(self, states: Sequence[State], actions: Sequence[str]) -> None:
        super().__init__(states, actions)
        from pyengine.daifugo.cards import CODES, bits_of

        engines = [s.engine for s in states]
        self.game_no = [e.game_no for e in engines]

        def cards(mask: int) -> frozenset[str]:
            return frozenset(CODES[i] for i in bits_of(mask) if i < 52)

        self.hands = [tuple(cards(h) for h in e.hands) for e in engines]
        self.pile = [cards(e.public) for e in engines]
        self.naturals = frozenset(CODES[:52])

    def window(self, t: int) -> int:
        start = t
        while start > 0 and self.game_no[start - 1] == self.game_no[t]:
            start -= 1
        return start

    def _seen(self, t: int, seat: int) -> frozenset[str]:
        seen = set(self.pile[t]) | self.FIRST_LEAD
        if seat >= 0:
            for i in range(self.window(t), t + 1):
                seen |= self.hands[i][seat]
        return frozenset(seen)

    def secret(self, t: int, seat: int) -> frozenset[str]:
        return self.naturals - self._seen(t, seat)

    def holder(self, t: int, card: str) -> int | None:
        return next((p for p, hand in enumerate(self.hands[t]) if card in hand), None)

    def pairs(self, t: int) -> Iterator[tuple[str, str]]:
        hidden = self.naturals - self.pile[t] - self.FIRST_LEAD
        held = [sorted(h & hidden) for h in self.hands[t]]
        # one card of each seat in turn, exchanged with a card of the same rank elsewhere
        # (another hand first, then the undealt or blind cards): the record then still replays
        for depth in range(max((len(h) for h in held), default=0)):
            for q, cards in enumerate(held):
                if depth >= len(cards):
                    continue
                a = cards[depth]
                same_rank = sorted(c for c in hidden if c[1] == a[1] and c != a and c not in self.hands[t][q])
                same_rank.sort(key=lambda c: self.holder(t, c) is None)
                for b in same_rank:
                    yield a, b

    def exchange(self, action: str, a: str, b: str) -> str:
        return exchange_tokens(action, a, b, ".:")


# --- Chabashi (rules/chabashi.md §3.3) -------------------------------------------------------

class ChabashiSecrecy(SecrecyModel):
    """A seat sees every card that lies or lay face up, the cards that are or were in its own
    hand (a card it discarded face down included), and at a showdown the cards of every player
    still in the hand and the centre; face-down floor cards (its own too), face-down centre
    cards, the stock and folded hands stay hidden.  Conservative: a card once seen stays seen
    for the rest of the hand."""

    def __init__(self, states: Sequence[State], actions: Sequence[str]) -> None:
        super().__init__(states, actions)
        from pyengine.chabashi.cards import CODES

        self.codes = CODES
        self.all = frozenset(CODES)

    def window(self, t: int) -> int:
        start = t - 1
        while start > 0 and self.states[start].phase != "between":
            start -= 1
        return max(start, 0)

    def _face_up(self, i: int) -> set[str]:
        s = self.states[i]
        c = self.codes
        up = {c[x] for x in s.dfloor}
        up |= {c[x] for x, face_up, _ in s.centre if face_up}
        up |= {c[x] for row in s.floors for x, face_up, _ in row if face_up}
        return up

    def _hand(self, i: int, seat: int) -> set[str]:
        hands = self.states[i].hands
        return {self.codes[x] for x, _ in hands[seat]} if seat >= 0 and hands else set()

    def _shown(self, t: int) -> set[str]:
        s = self.states[t]
        result = dict(s.result)
        if s.phase not in ("between", "over") or not result.get("showdown"):
            return set()
        c = self.codes
        shown = {c[x] for x, _, _ in s.centre}
        for p in s.players:
            if not s.folded[p]:
                shown |= {c[x] for x, _ in s.hands[p]} | {c[x] for x, _, _ in s.floors[p]}
        return shown

    def secret(self, t: int, seat: int) -> frozenset[str]:
        seen = self._shown(t)
        for i in range(self.window(t), t + 1):
            seen |= self._face_up(i) | self._hand(i, seat)
        return self.all - seen

    def holder(self, t: int, card: str) -> int | None:
        return next((p for p in range(self.n) if card in self._hand(t, p)), None)

    def pairs(self, t: int) -> Iterator[tuple[str, str]]:
        s = self.states[t]
        c = self.codes
        hands = [sorted(self._hand(t, p)) for p in range(self.n)]
        down = [c[x] for row in s.floors for x, up, _ in row if not up]
        down += [c[x] for x, up, _ in s.centre if not up]
        stock = [c[x] for x in s.stock]
        held = [x for h in hands for x in h]
        for i, a in enumerate(held):  # a hand card with another seat's hand card, a face-down card, the stock
            for b in held[i + 1:] + down + stock[:2]:
                if self.holder(t, a) != self.holder(t, b):
                    yield a, b
        for a in down:  # two face-down cards, or one and the stock: nobody sees them
            for b in down + stock[:2]:
                if a != b:
                    yield a, b

    def exchange(self, action: str, a: str, b: str) -> str:
        return exchange_tokens(action, a, b, ":")


# --- the toy game, Kuhn poker (tests/toygame.py) ---------------------------------------------

class KuhnSecrecy(SecrecyModel):
    """Each player sees their own card; the other card and the undealt one stay hidden until a
    showdown (a hand that nobody folded: it does not end with a pass after a bet)."""

    def window(self, t: int) -> int:
        return 0

    def _cards(self, t: int) -> str:
        return self.states[t].cards

    def secret(self, t: int, seat: int) -> frozenset[str]:
        cards = self._cards(t)
        if not cards:
            return frozenset()
        history = self.states[t].history
        if self.states[t].is_terminal() and not (history[-1] == "pass" and "bet" in history):
            return frozenset()
        return frozenset("JQK") - ({cards[seat]} if seat >= 0 else set())

    def holder(self, t: int, card: str) -> int | None:
        cards = self._cards(t)
        return cards.index(card) if card in cards else None

    def pairs(self, t: int) -> Iterator[tuple[str, str]]:
        yield from (("J", "Q"), ("J", "K"), ("Q", "K"))

    def exchange(self, action: str, a: str, b: str) -> str:
        return action.translate(str.maketrans({a: b, b: a})) if len(action) == 2 else action


MODELS: dict[str, type[SecrecyModel]] = {
    "daifugo": DaifugoSecrecy,
    "chabashi": ChabashiSecrecy,
    "kuhn": KuhnSecrecy,
}
"""The secrecy model of every game with hidden information (a new one must add its own)."""
