"""The match driver: plays a game between bots to the end, resolving chance with
:class:`~pyengine.core.rng.Pcg32` (see :func:`pyengine.core.chance.sample_chance`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..core.chance import sample_chance
from ..core.game import CHANCE, TERMINAL, State
from ..core.record import Record, Seat
from ..core.registry import load_game
from ..core.rng import Pcg32
from .bot import Bot, BotView
from .levels import levels as bot_levels


@dataclass
class MatchResult:
    record: Record
    final: State
    plies: int
    truncated: bool = False
    states: list[State] = field(default_factory=list)


def make_bots(state: State, seats: Sequence[Seat], seed: int) -> list[Bot | None]:
    """A bot for every ``bot:<level>`` seat (``None`` for humans), each with its own stream."""
    levels = bot_levels(state.game_id)
    master = Pcg32(seed, 0x5EA7)
    bots: list[Bot | None] = []
    for i, seat in enumerate(seats):
        level = seat.bot_level
        if level is None:
            bots.append(None)
            continue
        if level not in levels:
            raise ValueError(f"{state.game_id} has no bot level {level!r}")
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
    return MatchResult(replace(record, actions=tuple(actions)), state, len(actions), truncated, states)
