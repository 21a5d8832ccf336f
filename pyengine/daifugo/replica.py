"""A Daifugō seat's replica: the match played from one seat's knowledge.

The replica is an :class:`~pyengine.daifugo.engine.Engine` like the full state's, stepped by the
same rules, whose other hands, deck and face-down cards hold *guesses*: cards the seat cannot
see, placed where nothing it shows depends on which card is where.  Each step reaches it as the
seat's :class:`~pyengine.core.replica.SeatEvent` (:func:`seat_events`):

* ``action``: the action, with the cards the seat may not see written ``?``: a card dealt to
  another player (``deal:?``), a blind card (``blind:?``), the cards of a tribute, a return or a
  7-pass between two other players (``give:?.?``), and, in a simultaneous exchange, the cards
  chosen face down; the replica moves cards of its own guess instead.  A card the step itself
  shows the seat is written out (a card dealt to the 大貧民 that tenpen-chii hands on to the seat,
  a card returned to a player who then shows a monopoly: ``return:HK.?``);
* ``pins``: each card the step shows the seat (dealt or handed to it, turned face up), as
  ``[card, place]`` with the place it was in before the step (``h<player>``, ``deck``,
  ``blind``, ``undealt``, ``facedown``); before stepping, the replica swaps it there from
  wherever its guess had it;
* ``answers``: the answers to the rules' hidden reads (:meth:`Engine.ask`, in the order the step
  makes them), each ``[read, answer]``, the answer ``null`` when the seat may not know it (the
  replica then reads its own guessed cards: which cards went between two other players never
  shows);
* ``jokers``: with a joker among the pins, the jokers in the seat's hand and face up after the
  step (the two are interchangeable, but their bits show in ``table.rule_fields``).

Cards are numbered as in :mod:`.cards` (bit ``4 × (rank − 1) + suit``, 52 and 53 the jokers), so
the events are plain JSON.  Nothing in a seat's event is hidden from it after the step (the
conformance test checks every seat at every step of random matches: the replica's observation
and legal actions equal the full state's, and the event names no card the seat may not know).

>>> from pyengine.core import Pcg32, sample_chance
>>> from pyengine.daifugo.game import GAME
>>> s = GAME.new_initial_state(None, 4)
>>> replica, rng = GAME.seat_replica(2, None, 4), Pcg32(7)
>>> for _ in range(80):  # the deal, then some plays
...     action = sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions())
...     after = s.apply(action)
...     replica = replica.apply(events_for(s, action, after, 2))
...     s = after
>>> replica.observation() == s.observation(2)
True
>>> s = GAME.new_initial_state(None, 4).apply("dealer:0")
>>> [ev.action for ev in seat_events(s, "deal:S3", s.apply("deal:S3"))]  # seat 1 gets the first card
['deal:?', 'deal:S3', 'deal:?', 'deal:?']
>>> seat_events(s, "deal:S3", s.apply("deal:S3"))[1].shown
{'pins': [[0, 'deck']]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from ..core.game import JSON
from ..core.replica import HIDDEN, ReplicaError, SeatEvent, StateReplica
from .cards import J1, J2, JOKER_BITS, NATURALS, bits_of, codes, parse_card, play_cards, take_jokers
from .deal import dealt_to
from .engine import ALL, BLIND, DEAL, FOURSTOP, OVER, PLAY, RETURN, SEVEN, TEN, TRIBUTE, Engine
from .exchange import lowest_two, move_seers
from .notation import parse_action
from .state import DaifugoState, internal_action
from .table import transfer_target

T = TypeVar("T")

CARD_READS: Final = frozenset({"forced_tribute", "deferred_cards", "lowest_two", "drawn_cards", "strongest_of",
                               "bombed_cards"})
"""The hidden reads whose answer is a set of cards (written in events as a list of card numbers)."""

HIDDEN_PLACES: Final = ("deck", "blind", "undealt", "facedown")
"""The places of face-down cards besides the hands (a hand is ``h<player>``)."""

_MASK_FIELDS: Final = ("public", "facedown", "deck", "undealt", "blind", "trick_cards", "received")
"""The engine's fields that hold a set of cards, besides the hands and who saw what."""


def _copier() -> Callable[[Engine, Engine], None]:
    """``copy(e, c)``: every engine field of ``e`` into ``c`` (lists copied), written out once from
    the engine's slots (a replica copies its engine at every step; this is four times as fast as a
    loop of ``getattr`` and ``setattr``)."""
    lines = [f"    c.{name} = v if type(v := e.{name}) is not list else v[:]\n" for name in Engine.__slots__]
    namespace: dict[str, Any] = {}
    exec("def copy(e, c):\n" + "".join(lines), namespace)  # the engine's own slot names only
    return namespace["copy"]  # type: ignore[no-any-return]


_copy = _copier()


def _clone(cls: type[Engine], e: Engine) -> Any:
    """A copy of ``e`` as an instance of the subclass ``cls`` (its own slots left unset)."""
    c = cls.__new__(cls)
    _copy(e, c)
    return c


class _Recorder(Engine):
    """The full engine, noting every hidden read it makes: ``(read, seen, answer)``."""

    __slots__ = ("reads",)

    reads: list[tuple[str, int, Any]]

    def ask(self, rule: Callable[..., T], *args: Any, seen: int = ALL) -> T:
        answer = rule(self, *args)
        self.reads.append((rule.__name__, seen, answer))
        return answer


class _World(Engine):
    """A replica's engine: the hidden reads answered from the seat's event, or from its own guess."""

    __slots__ = ("answers", "reserved")

    answers: list[tuple[str, Any]] | None
    reserved: int
    """The cards the step shows the seat (its pins): a guess never moves them elsewhere."""

    def ask(self, rule: Callable[..., T], *args: Any, seen: int = ALL) -> T:
        if not self.answers:
            raise ReplicaError(f"the rules read {rule.__name__} and the event has no answer left")
        name, answer = self.answers.pop(0)
        if name != rule.__name__:
            raise ReplicaError(f"the rules read {rule.__name__} where the event answers {name}")
        if answer is not None:
            return answer  # type: ignore[no-any-return]
        guess: Callable[..., T] = _GUESSES.get(name, rule)  # not this seat's to know: its guess decides
        hands = self.hands
        self.hands = [h & ~self.reserved for h in hands]
        try:
            return guess(self, *args)
        finally:
            self.hands = hands


def _some_two(e: Engine, tycoon: int) -> int:
    """The antimonopoly's 2 as another seat guesses it: a 2 of the guessed hand, else any card."""
    two = lowest_two(e, tycoon)
    hand = e.hands[tycoon]
    return two or hand & -hand


_GUESSES: Final[dict[str, Callable[..., Any]]] = {"lowest_two": _some_two}
"""Withheld reads whose rule may find nothing in a guessed hand, and what the replica moves instead."""


# --- the events --------------------------------------------------------------------------------
def _place_of(e: Engine, card: int, seat: int) -> str | None:
    """Where the face-down ``card`` (a bit) lies, seen from ``seat`` (``None``: in view of it)."""
    for q, hand in enumerate(e.hands):
        if hand & card:
            return None if q == seat else f"h{q}"
    for place in HIDDEN_PLACES:
        if getattr(e, place) & card:
            return place
    return None


def _cards(answer: Any) -> int:
    return answer if isinstance(answer, int) else 0


def _action_cards(e: Engine, internal: Any) -> int:
    """The cards an action moves: the card dealt, the cards of a play, a discard, a transfer."""
    if e.phase == DEAL:
        return 1 << internal[1] if internal[1] < 52 else e.deck & JOKER_BITS & -(e.deck & JOKER_BITS)
    if e.phase in (PLAY, FOURSTOP):
        return play_cards(internal, e.hands[e.turn]) if len(internal) > 2 else 0
    if e.phase in (TRIBUTE, RETURN, SEVEN, TEN):
        return int(internal[1])
    return 0


def _masked(e: Engine, action: str, internal: Any, seat: int, moved: int, shown: int) -> str:
    """``action`` as ``seat`` may know it: ``e`` is the engine before it, ``moved`` the cards it moves
    and ``shown`` the cards the seat holds or sees face up after it (a card dealt to another player
    that a tenpen-chii hands over at once, a card returned to a player who then shows a monopoly)."""
    ph = e.phase
    if ph == DEAL:
        return action if dealt_to(e) == seat or moved & shown else "deal:" + HIDDEN
    if ph == BLIND:
        return "blind:" + HIDDEN
    if ph in (TRIBUTE, RETURN, SEVEN):
        if ph == SEVEN:
            seers = (1 << e.turn) | (1 << transfer_target(e, e.turn))
        else:
            _, giver, receiver, _ = e.exch[0]
            seers = move_seers(e, giver, receiver)
        if not seers >> seat & 1 and moved & ~shown:
            seen = codes(moved & shown)
            return action.partition(":")[0] + ":" + ".".join(seen + [HIDDEN] * (moved.bit_count() - len(seen)))
    return action


def seat_events(before: DaifugoState, action: str, after: DaifugoState) -> tuple[SeatEvent, ...]:
    """Every seat's event of the step from ``before`` by ``action`` to ``after``
    (``before.apply(action)``), seat 0 first."""
    e0 = before._e
    e1 = after._e
    internal = internal_action(e0, parse_action(action))
    rec: _Recorder = _clone(_Recorder, e0)
    rec.reads = []
    rec.step(internal)
    moved = _action_cards(e0, internal)
    events = []
    for seat in range(e0.n):
        shown_after = e1.hands[seat] | e1.public
        masked = _masked(e0, action, internal, seat, moved, shown_after)
        answers: list[JSON] = []
        told = moved if masked == action else 0
        for name, seen, answer in rec.reads:
            if seen == ALL or seen >> seat & 1:
                told |= _cards(answer) if name in CARD_READS else 0
                answers.append([name, _encode(name, answer)])
            else:
                answers.append([name, None])
        told = (told | e1.hands[seat] | e1.public) & ~(e0.hands[seat] | e0.public)
        pins: list[JSON] = []
        for i in bits_of(told):
            place = _place_of(e0, 1 << i, seat)
            if place is not None:
                pins.append([i, place])
        shown: dict[str, JSON] = {}
        if pins:
            shown["pins"] = pins
            if told & JOKER_BITS:
                shown["jokers"] = list(bits_of((e1.hands[seat] | e1.public) & JOKER_BITS))
        if answers:
            shown["answers"] = answers
        events.append(SeatEvent(seat, masked, shown))
    return tuple(events)


def events_for(before: DaifugoState, action: str, after: DaifugoState, seat: int) -> SeatEvent:
    """``seat``'s event of the step from ``before`` by ``action`` to ``after``."""
    return seat_events(before, action, after)[seat]


def _encode(name: str, answer: Any) -> JSON:
    if name in CARD_READS:
        return list(bits_of(answer))
    if isinstance(answer, tuple):
        return list(answer)
    return answer  # type: ignore[no-any-return]


def _decode(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in CARD_READS:
        mask = 0
        for i in value:
            mask |= 1 << int(i)
        return mask
    if isinstance(value, list):
        return tuple(value)
    return value


# --- the replica -------------------------------------------------------------------------------
class DaifugoReplica(StateReplica[DaifugoState]):
    """One seat's Daifugō match (see the module docstring); immutable.

    Its state is a view of its engine, the world of the seat's guesses.
    """

    __slots__ = ("_w",)

    def __init__(self, world: _World, seat: int) -> None:
        super().__init__(DaifugoState(world), seat)
        self._w = world

    @classmethod
    def new(cls, state: DaifugoState, seat: int) -> DaifugoReplica:
        """``seat``'s replica of ``state``, which must hold no secret yet (a new match)."""
        e = state._e
        if not 0 <= seat < e.n:
            raise ReplicaError(f"there is no seat {seat}")
        if any(e.hands) or e.blind or e.facedown or e.undealt or e.public:
            raise ReplicaError("a replica starts before any card is dealt")
        world: _World = _clone(_World, e)
        world.answers = None
        world.reserved = 0
        return cls(world, seat)

    def apply(self, event: SeatEvent) -> DaifugoReplica:
        """The replica after the step ``event`` tells of (the seat's own action must be legal; another
        player's is theirs to check, with the cards it cannot see)."""
        self._check(event)
        if self._w.phase == OVER:
            raise ReplicaError("the match is over")
        if self.current_player == self._seat and event.action not in self.legal_actions():
            raise ReplicaError(f"{event.action} is not a legal action of seat {self._seat} here")
        w: _World = _clone(_World, self._w)
        seat = self._seat
        shown = event.shown
        pins = _listed(shown, "pins")
        pinned: dict[str, int] = {}
        w.reserved = 0
        for card, place in pins:
            pinned[place] = pinned.get(place, 0) | 1 << int(card)
            w.reserved |= 1 << int(card)
        for card, place in pins:
            _pin(w, 1 << int(card), str(place), pinned, seat)
        action = _world_action(w, event.action)
        w.answers = [(str(n), _decode(str(n), v)) for n, v in _listed(shown, "answers")]
        w.step(action)
        if w.answers:
            raise ReplicaError(f"the event answers reads the rules did not make: {w.answers}")
        w.answers = None
        if "jokers" in shown:
            _match_jokers(w, seat, sum(1 << int(i) for i in _listed(shown, "jokers")))
        return DaifugoReplica(w, seat)


def _listed(shown: Mapping[str, JSON], key: str) -> list[Any]:
    """An event's list ``key`` (empty when absent)."""
    value = shown.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ReplicaError(f"the event's {key} is not a list")
    return value


def _hidden(e: Engine, place: str) -> int:
    return e.hands[int(place[1:])] if place[0] == "h" else int(getattr(e, place))


def _set_hidden(e: Engine, place: str, cards: int) -> None:
    if place[0] == "h":
        e.hands[int(place[1:])] = cards
    else:
        setattr(e, place, cards)


def _pin(w: Engine, card: int, place: str, pinned: dict[str, int], seat: int) -> None:
    """Move ``card`` to ``place`` in the replica's guess, swapping back a card of ``place`` that no pin
    keeps there (one pinned to where ``card`` was, if any: then both pins hold)."""
    at = _place_of(w, card, seat)
    if at is None:
        raise ReplicaError(f"card {card.bit_length() - 1} is pinned but the seat sees it already")
    if at == place:
        return
    spare = _hidden(w, place) & ~pinned.get(place, 0)
    if not spare:
        raise ReplicaError(f"no guessed card left in {place} to make room for card {card.bit_length() - 1}")
    best = spare & pinned.get(at, 0) or spare
    _exchange(w, card, best & -best)


def _exchange(w: Engine, a: int, b: int) -> None:
    """The guess with the cards ``a`` and ``b`` (one bit each, both hidden from the seat, or the two
    jokers) the other way round, wherever it keeps a card: the places, who saw what, the cards
    received as tribute, the face-down choices of a simultaneous exchange."""
    both = a | b

    def swap(m: int) -> int:
        return m ^ both if m & both and m & both != both else m

    w.hands = [swap(h) for h in w.hands]
    w.known = [swap(k) for k in w.known]
    for name in _MASK_FIELDS:
        setattr(w, name, swap(getattr(w, name)))
    if w.cont is not None and w.cont[0] == "deferred":
        w.cont = ("deferred", tuple((k, g, r, swap(c)) for k, g, r, c in w.cont[1]))


def _world_action(w: Engine, text: str) -> Any:
    """The engine's form of the event's action, the hidden cards taken from the replica's guess."""
    kind, _, rest = text.partition(":")
    parts = rest.split(".")
    if HIDDEN not in parts:
        return internal_action(w, parse_action(text))
    if kind == "deal":
        return ("card", min(bits_of(w.deck)[0], 52))
    if kind == "blind":
        return ("card", bits_of(w.deck & NATURALS)[0])
    hand = w.hands[w.turn]
    cards = 0
    for code in parts:  # the cards the seat sees (it will see them in its hand, or face up)
        if code == "JK":
            cards |= take_jokers(hand & ~cards, 1)
        elif code != HIDDEN:
            cards |= 1 << parse_card(code)
    for i in bits_of(hand & ~cards)[: parts.count(HIDDEN)]:
        cards |= 1 << i
    return (kind, cards)


def _match_jokers(w: Engine, seat: int, jokers: int) -> None:
    """Swap the two jokers' bits throughout the guess when the seat sees the other one than it has."""
    if (w.hands[seat] | w.public) & JOKER_BITS != jokers:
        _exchange(w, J1, J2)
        if (w.hands[seat] | w.public) & JOKER_BITS != jokers:
            raise ReplicaError("the jokers the seat sees cannot be matched")


__all__ = ["CARD_READS", "DaifugoReplica", "events_for", "seat_events"]
