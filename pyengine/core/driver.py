"""The match driver: plays a game to the end, resolving chance with :class:`Pcg32`.

Chance outcomes are drawn exactly: with ``D`` the least common denominator of the
outcome probabilities, one ``below(D)`` draw picks the outcome whose cumulative
numerator range contains it, in the order ``chance_outcomes()`` lists them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .bots import Bot, BotView
from .game import CHANCE, TERMINAL, State
from .record import Record, Seat
from .rng import Pcg32


def sample_chance(state: State, rng: Pcg32) -> str:
    """One outcome of a chance node, drawn with its exact probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("not a chance node")
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // math.gcd(denom, p.denominator)
    pick = rng.below(denom)
    acc = 0
    for outcome, p in outcomes:
        acc += p.numerator * (denom // p.denominator)
        if pick < acc:
            return outcome
    raise ValueError("chance probabilities do not sum to 1")


@dataclass
class MatchResult:
    record: Record
    final: State
    plies: int
    truncated: bool = False
    states: list[State] = field(default_factory=list)


def make_bots(state: State, seats: Sequence[Seat], seed: int) -> list[Bot | None]:
    """A bot for every ``bot:<level>`` seat (``None`` for humans), each with its own stream."""
    levels = state.game.bots()
    master = Pcg32(seed, 0x5EA7)
    bots: list[Bot | None] = []
    for i, seat in enumerate(seats):
        level = seat.bot_level
        if level is None:
            bots.append(None)
            continue
        if level not in levels:
            raise ValueError(f"{state.game.info.id} has no bot level {level!r}")
        bots.append(levels[level](master.derive(i + 1)))
    return bots


def play_match(
    game_id: str,
    rules: str | None = None,
    seats: Sequence[Seat] | None = None,
    seed: int = 0,
    max_plies: int | None = None,
    keep_states: bool = False,
    on_state: Callable[[State], None] | None = None,
) -> MatchResult:
    """Play one game between bots; every seat must be a bot. Returns the full record."""
    from .registry import load_game

    game = load_game(game_id)
    rules_obj = game.rules_type.decode(rules) if rules else game.default_rules()
    if seats is None:
        seats = tuple(Seat(f"random {i + 1}", "bot:random") for i in range(game.info.default_players))
    state = game.new_initial_state(rules_obj, len(seats))
    bots = make_bots(state, seats, seed)
    if any(b is None for b in bots):
        raise ValueError("play_match needs a bot in every seat")
    chance_rng = Pcg32(seed, 0xC4A)
    record = Record(game_id, rules_obj.encode(), tuple(seats), seed=seed)
    actions: list[str] = []
    states = [state] if keep_states else []
    truncated = False
    while True:
        player = state.current_player
        if player == TERMINAL:
            break
        if max_plies is not None and len(actions) >= max_plies:
            truncated = True
            break
        if player == CHANCE:
            action = sample_chance(state, chance_rng)
        else:
            bot = bots[player]
            assert bot is not None
            view = BotView(game_id, record.rules, player, state.observation(player), state.legal_actions())
            action = bot.act(view)
        state = state.apply(action)
        actions.append(action)
        if keep_states:
            states.append(state)
        if on_state is not None:
            on_state(state)
    from dataclasses import replace

    return MatchResult(replace(record, actions=tuple(actions)), state, len(actions), truncated, states)
