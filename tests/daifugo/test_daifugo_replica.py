"""Daifugō's seat replicas (``pyengine/daifugo/replica.py``) against the full state.

1,000 random games (500 two-game matches, so that half the games open with the card exchange):
half on the presets at each player count they are for, half on random combinations of local
rules drawn from every option and value (``LOCAL_OPTIONS`` of the property tests).  At every
step and for every seat the replica, fed only that seat's events, must agree with the full
state (:func:`replica_support.replay`: the same player to act, the same legal actions, events
that name no card the seat may not know).

What "agree" compares at every step is the seat's part of the engine: every field the full
state's ``observation(seat)`` is read from (all of the engine's public fields, the seat's
hand, every count, the log entries the seat may see), compared as plain values; the
observation itself (``history`` built from the log, the public table) is compared whole every
eighth step and at the end of every game.  The observation is a function of those fields, so
this checks at least as much; it is the building of the history, step after step, that would
cost most of the time.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from replica_support import replay, same_observation, seeds, uniform  # noqa: E402
from test_daifugo_properties import LOCAL_OPTIONS, with_needs  # noqa: E402

from pyengine.core import InvalidRulesError, Pcg32, State, sample_chance  # noqa: E402
from pyengine.core.replica import Replica, ReplicaError, SeatEvent  # noqa: E402
from pyengine.daifugo import GAME, DaifugoRules  # noqa: E402
from pyengine.daifugo.cards import CODES, JOKER_BITS, SUIT_ROW, bits_of  # noqa: E402
from pyengine.daifugo.deal import dealt_to  # noqa: E402
from pyengine.daifugo.engine import Engine  # noqa: E402
from pyengine.daifugo.notation import parse_action  # noqa: E402
from pyengine.daifugo.replica import CARD_READS, DaifugoReplica  # noqa: E402
from pyengine.daifugo.rules import PRESET_PLAYERS  # noqa: E402
from pyengine.daifugo.state import DaifugoState, internal_action  # noqa: E402

MATCHES = 500 if sys.platform != "emscripten" else 60  # Pyodide runs the same check on fewer matches
CHUNKS = 10
PRESET_CASES = [(name, n) for name in ("popular", "party", "jdf", "uecda", "basic", "two_player")
                for n in PRESET_PLAYERS[name]]
PATHS = sorted(LOCAL_OPTIONS)
FULL_EVERY = 8

PRIVATE = frozenset({"cx", "hands", "deck", "blind", "undealt", "facedown", "known", "received", "log", "cont"})
"""The engine's fields that hold cards another seat cannot see (compared by count), the log (by the
entries the seat sees), the pending step (its face-down choices by count) and the compiled rules."""
PUBLIC = attrgetter(*(name for name in Engine.__slots__ if name not in PRIVATE))


STEERED_OPTIONS: dict[str, list[Any]] = {
    "exchange.tenpen_chii": [True], "exchange.antimonopoly": [True], "exchange.exchange": ["simultaneous"],
    "exchange.tribute": ["blind"], "exchange.tribute_suits": ["fixed"], "exchange.exchange_joker_exempt": [True],
    "exchange.monarchy": [True], "exchange.royal_defence": ["streak", "capped"], "exchange.return_received": [False],
    "finishing.forbidden_penalty": ["refuse"], "finishing.forbidden_finish": [("joker", "top_rank"), ("eight",)],
    "effects.queen": ["bomb"], "effects.seven": ["pass", "pass_back"], "effects.ten": ["discard"],
    "order.revolution_choice": [True], "clears.four_stop": [True],
    **{f"specials.{name}": [True] for name in (
        "lucky_seven", "death", "thief", "damian", "satan", "zombie", "rescue", "bloody_mary", "jeanne",
        "kings_privilege", "relief", "dokan", "monopoly", "taepodong")},
}
"""The rules whose steps read cards a seat cannot see (tributes, the antimonopoly, tenpen-chii, the
blind and the simultaneous exchange, the special plays, refused finishes) and rules that hand cards
over: the steered matches switch on several of them at once."""


def rules_for(seed: int) -> tuple[DaifugoRules, int]:
    """The rule set and table size of match ``seed``: a preset; a random mix of local rules; or a
    mix of the rules that read hidden cards (:data:`STEERED_OPTIONS`, dealt by :func:`steered`)."""
    if seed % 3 == 0:
        name, n = PRESET_CASES[seed // 3 % len(PRESET_CASES)]
        return DaifugoRules.preset(name).with_option("match.games", 2), n
    options, low, high = (LOCAL_OPTIONS, 2, 16) if seed % 3 == 1 else (STEERED_OPTIONS, 4, 10)
    paths = sorted(options)
    rng = Pcg32(seed, 77)
    while True:
        rules = DaifugoRules.preset(rng.choice(["basic", "popular", "party"])).with_option("match.games", 2)
        for _ in range(low + rng.below(high - low)):
            path = rng.choice(paths)
            rules = with_needs(rules, path, rng.choice(options[path]))
        n = 3 + rng.below(4)
        try:
            rules.validate_for(n)
        except InvalidRulesError:
            continue
        return rules, n


def steered(seed: int) -> Callable[[State, Pcg32], str]:
    """Deals steered towards the rarer rules, in turn by match: ranks bunched (three in four cards go
    to a player who holds their rank, if any: triples, four of a kind, the 2s of an antimonopoly),
    suits bunched (every card that can: a monopoly), or, in game 2, no card above 10 for the 大貧民
    (tenpen-chii) and the 2s and jokers for the 大富豪 (the antimonopoly) when possible; plays that favour the most cards (one time in two)."""
    mode = seed // 3 % 3

    def choose(state: State, rng: Pcg32) -> str:
        assert isinstance(state, DaifugoState)
        if state.is_chance():
            outcomes = [o for o, _ in state.chance_outcomes()]
            if outcomes[0].startswith("deal:") and (mode or rng.below(4)):
                e = state._e
                to = dealt_to(e)
                hand = e.hands[to]
                cards = [(o, parse_action(o)[1]) for o in outcomes if o != "deal:JK"]
                if mode == 0:
                    picked = [o for o, i in cards if hand >> (i & ~3) & 15]
                elif mode == 1:
                    picked = [o for o, i in cards if hand & SUIT_ROW[i & 3]]
                elif e.classes is not None and to == e.classes[-1]:
                    picked = [o for o, i in cards if i < 32]
                elif e.classes is not None and to == e.classes[0]:
                    picked = [o for o in outcomes if o == "deal:JK" or parse_action(o)[1] >= 48]
                else:
                    picked = []
                if picked:
                    return rng.choice(picked)
            return sample_chance(state, rng)
        legal = state.legal_actions()
        if rng.below(2):
            most = max(a.count(".") for a in legal)
            return rng.choice([a for a in legal if a.count(".") == most])
        return rng.choice(legal)

    return choose


def seat_part(e: Engine, seat: int, log_from: int) -> tuple[Any, ...]:
    """What ``observation(seat)`` is read from, as plain values (the log from entry ``log_from``)."""
    cont = e.cont
    if cont is not None and cont[0] == "deferred":  # the face-down choices: only how many
        cont = ("deferred", len(cont[1]))
    log = e.log or []
    return (PUBLIC(e), cont, e.hands[seat], [h.bit_count() for h in e.hands], e.deck.bit_count(),
            e.blind.bit_count(), e.undealt.bit_count(), e.facedown.bit_count(), len(log),
            [ev for vis, ev in log[log_from:] if vis == -1 or vis >> seat & 1])


def agree(before: State, after: State, replica: Replica, seat: int, step: int) -> None:
    assert isinstance(before, DaifugoState) and isinstance(after, DaifugoState)
    mine, full = replica._w, after._e  # type: ignore[attr-defined]
    # the log grows within a game (earlier entries were compared at earlier steps); a new game clears it
    log_from = len(before._e.log or ()) if full.game_no == before._e.game_no else 0
    if seat_part(mine, seat, log_from) != seat_part(full, seat, log_from):
        same_observation(before, after, replica, seat, step)  # names the difference when it shows
        raise AssertionError(f"step {step}, seat {seat}: the engines differ where the seat can see")
    if step % FULL_EVERY == 0 or full.placing is not None or full.game_no != before._e.game_no:
        same_observation(before, after, replica, seat, step)


parse = functools.lru_cache(maxsize=64)(parse_action)


def event_cards(event: SeatEvent) -> int:
    """Every card the event names, as a set of card bits (any joker as both)."""
    out = 0
    if "?" not in event.action:
        parsed = parse(event.action)
        if parsed[0] in ("deal", "blind"):
            out |= 1 << parsed[1]
        elif parsed[0] in ("tribute", "return", "give", "discard", "pick"):
            out |= parsed[1]
        elif not isinstance(parsed[0], str) and len(parsed) > 2:  # a play: its cards, not a joker's stand-in
            out |= parsed[3] | (JOKER_BITS if parsed[4] else 0)
    for card, _ in event.shown.get("pins") or ():  # type: ignore[union-attr]
        out |= 1 << int(card)
    for name, answer in event.shown.get("answers") or ():  # type: ignore[union-attr]
        if name in CARD_READS and answer:
            for i in answer:
                out |= 1 << int(i)
    return JOKER_BITS | out if out & JOKER_BITS else out


def leaks(before: State, action: str, after: State, event: SeatEvent) -> set[str]:
    cards = event_cards(event)
    assert isinstance(before, DaifugoState) and isinstance(after, DaifugoState)
    e0, e1 = before._e, after._e
    seat = event.seat
    seen = e0.hands[seat] | e0.public | e1.hands[seat] | e1.public
    cards &= ~(seen | JOKER_BITS) if seen & JOKER_BITS else ~seen  # in view of the seat: no secret
    if not cards:
        return set()
    if e1.game_no != e0.game_no:  # the game ended and the next began: judge the end of the game
        probe = before.engine
        probe.auto_next = False
        probe.step(internal_action(probe, parse_action(action)))
        after = DaifugoState(probe)
    return {CODES[min(i, 52)] for i in bits_of(cards)} & after.hidden_tokens(seat)


def test_the_rule_sets_include_every_preset_and_random_local_rules() -> None:
    presets = {name: DaifugoRules.preset(name).with_option("match.games", 2) for name, _ in PRESET_CASES}
    drawn = [rules_for(seed) for seed in range(3 * len(PRESET_CASES))]
    assert {(name, n) for r, n in drawn[::3] for name, p in presets.items() if p == r} == set(PRESET_CASES)
    assert sum(r not in presets.values() for r, _ in drawn[1::3]) >= len(PRESET_CASES) * 3 // 4
    steered_on = {path for r, _ in drawn[2::3] for path, value in r.options() if path in STEERED_OPTIONS
                  and value in STEERED_OPTIONS[path]}
    assert len(steered_on) >= len(STEERED_OPTIONS) // 2


@pytest.mark.slow
@pytest.mark.parametrize("chunk", seeds(MATCHES, CHUNKS), ids=[f"chunk{i}" for i in range(CHUNKS)])
def test_every_seat_replica_agrees_with_the_full_state(chunk: list[int]) -> None:
    for seed in chunk:
        rules, n = rules_for(seed)
        done = replay(GAME, rules, n, seed, leaks=leaks, agree=agree, choose=steered(seed) if seed % 3 == 2 else uniform)
        assert done.shown > 0 and len(done.state._e.results) == 2  # type: ignore[attr-defined]


def test_a_replica_follows_one_match() -> None:
    """The quick version: one popular match at four seats, one steered match."""
    rules = DaifugoRules.preset("popular").with_option("match.games", 2)
    assert replay(GAME, rules, 4, 1, leaks=leaks, agree=agree).steps > 100
    assert replay(GAME, *rules_for(2), 2, leaks=leaks, agree=agree, choose=steered(2)).steps > 100


def test_a_replica_refuses_what_does_not_fit() -> None:
    """Another seat's event, its own illegal action, a start after the deal: refused."""
    state = GAME.new_initial_state(None, 4)
    replica = GAME.seat_replica(0, None, 4)
    with pytest.raises(ReplicaError, match="seat 1"):
        replica.apply(SeatEvent(1, "dealer:0"))
    rng = Pcg32(5)
    while state.current_player != 0:
        action = uniform(state, rng)
        after = state.apply(action)
        replica = replica.apply(GAME.seat_events(state, action, after)[0])
        state = after
    illegal = next(a for a in ("S3", "H3", "D3", "C3") if a not in state.legal_actions())
    with pytest.raises(ReplicaError, match="not a legal action"):
        replica.apply(SeatEvent(0, illegal))
    with pytest.raises(ReplicaError, match="before any card is dealt"):
        DaifugoReplica.new(state, 0)
