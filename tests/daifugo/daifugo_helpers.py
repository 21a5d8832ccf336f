"""Helpers for the Daifugō tests: crafted positions and scripted deals through the public API."""

from __future__ import annotations

from typing import Any

from pyengine.core import Pcg32, sample_chance
from pyengine.daifugo import GAME, DaifugoRules, DaifugoState
from pyengine.daifugo.cards import JOKER_BITS, NATURALS, bits_of, parse_card
from pyengine.daifugo.deal import dealt_to


def rules(base: str = "basic", **options: Any) -> DaifugoRules:
    """A preset with options changed; keys use ``__`` for ``.`` (``clears__eight_cut=True``)."""
    r = DaifugoRules.preset(base)
    for key, value in options.items():
        r = r.with_option(key.replace("__", "."), value)
    r.validate()
    return r


def table(base: str, hands: list[str], turn: int = 0, **kw: Any) -> DaifugoState:
    """A game in its play phase with crafted hands (``options=`` a dict of rule options)."""
    options = kw.pop("options", {})
    return DaifugoState.custom(rules(base, **options), hands, turn, **kw)


def go(state: DaifugoState, *actions: str) -> DaifugoState:
    for action in actions:
        state = state.apply(action)
    return state


def obs(state: DaifugoState) -> dict[str, Any]:
    return state.observation(-1)  # the public view


def placing(state: DaifugoState) -> list[int]:
    results = obs(state)["results"]
    assert results, "the game has not ended"
    return list(results[-1])


def legal(state: DaifugoState) -> set[str]:
    return set(state.legal_actions())


def play_random_until(state: DaifugoState, stop: Any, seed: int = 1, limit: int = 5000) -> DaifugoState:
    rng = Pcg32(seed)
    for _ in range(limit):
        if stop(state):
            return state
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
        state = state.apply(action)
    raise AssertionError("the condition never came")


def scripted_deal(state: DaifugoState, hands: dict[int, str], seed: int = 3) -> DaifugoState:
    """Resolve the deal so that each listed player gets exactly the listed cards.

    Players not listed get what is left (in a fixed order); other chance nodes use ``seed``.
    """
    rng = Pcg32(seed)
    want = {p: _mask(h) for p, h in hands.items()}
    while state.is_chance():
        outcomes = [o for o, _ in state.chance_outcomes()]
        if not outcomes[0].startswith("deal:"):
            state = state.apply(sample_chance(state, rng))
            continue
        e = state._e  # noqa: SLF001 - whose turn the next card is
        player = dealt_to(e)
        mine = want.get(player)
        others = 0
        for p, m in want.items():
            if p != player:
                others |= m
        jokers_wanted_left = sum(
            max(0, bin(m & JOKER_BITS).count("1") - _jokers_dealt(e, p)) for p, m in want.items())
        jokers_free = bin(e.deck & JOKER_BITS).count("1") - jokers_wanted_left
        choice = None
        for outcome in outcomes:
            code = outcome[5:]
            if code == "JK":
                if mine is not None:
                    ok = _jokers_dealt(e, player) < bin(mine & JOKER_BITS).count("1")
                else:
                    ok = jokers_free > 0
            else:
                bit = 1 << parse_card(code)
                ok = bool(mine & bit) if mine is not None else not others & bit
            if ok:
                choice = outcome
                break
        assert choice is not None, f"cannot deal to player {player}"
        state = state.apply(choice)
    return state


def _mask(text: str) -> int:
    m = 0
    for token in text.split("."):
        i = parse_card(token)
        if i == 52 and m & (1 << 52):
            i = 53
        m |= 1 << i
    return m


def _jokers_dealt(e: Any, player: int) -> int:
    return bin(e.hands[player] & JOKER_BITS).count("1")


def new_match(base: str, n: int, **options: Any) -> DaifugoState:
    return GAME.new_initial_state(rules(base, **options), n)


def game_two(base: str, n: int, hands: dict[str, str], seed: int = 5, **options: Any) -> DaifugoState:
    """Game 2 of a match (options by path: ``{"exchange.monarchy": True}``), dealt so that the named
    classes (``tycoon``, ``rich``, ``poor``, ``beggar``) hold the given cards."""
    s = new_match(base, n, **{k.replace(".", "__"): v for k, v in options.items()})
    s = play_random_until(s, lambda st: st._e.game_no == 2, seed=seed)
    e = s._e
    assert e.classes is not None
    names = {"tycoon": e.classes[0], "rich": e.classes[1], "poor": e.classes[-2], "beggar": e.classes[-1]}
    return scripted_deal(s, {names[k]: v for k, v in hands.items()})


def cards_everywhere(e: Any) -> list[int]:
    """Every place a card can be (for conservation checks)."""
    return list(e.hands) + [e.public, e.deck, e.undealt, e.blind, e.facedown]


__all__ = ["NATURALS", "bits_of", "cards_everywhere", "game_two", "go", "legal", "new_match", "obs", "placing",
           "play_random_until", "rules", "scripted_deal", "table"]
