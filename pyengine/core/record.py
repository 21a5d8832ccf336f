"""Game records: everything needed to replay a game exactly.

A :class:`Record` names the game, the rules (their versioned encoding), the seats and
every action in order, chance outcomes included, so replaying it needs no generator at
all.  ``cursor`` marks a position inside the record (a link to ply 17 of a finished game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import EngineError, InvalidRecordError
from .messages import msg

if TYPE_CHECKING:
    from .game import Game, State

_SEAT_KIND = re.compile(r"(human|bot:[a-z0-9_-]{1,24})\Z")


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: ``kind`` is ``human`` or ``bot:<level>``."""

    name: str = ""
    kind: str = "human"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or len(self.name) > 40:
            raise InvalidRecordError(msg("a seat name must be a string of at most 40 characters"))
        if not isinstance(self.kind, str) or not _SEAT_KIND.match(self.kind):
            raise InvalidRecordError(msg("unknown seat kind {kind}", kind=repr(self.kind)))

    @property
    def bot_level(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("bot:") else None


@dataclass(frozen=True, slots=True)
class Record:
    """A replayable game record.

    >>> r = Record("toy", "1.basic", seats=(Seat("Ann"), Seat("Bot", "bot:random")))
    >>> r.players
    2
    """

    game: str
    rules: str
    seats: tuple[Seat, ...]
    actions: tuple[str, ...] = ()
    seed: int | None = None
    cursor: int | None = None
    meta: tuple[tuple[str, str], ...] = field(default=())

    @property
    def players(self) -> int:
        return len(self.seats)

    def __post_init__(self) -> None:
        if not all(isinstance(a, str) for a in self.actions):
            raise InvalidRecordError(msg("record actions must be strings"))
        if self.cursor is not None and not 0 <= self.cursor <= len(self.actions):
            raise InvalidRecordError(msg("position {cursor} is outside the record (0–{last})", cursor=self.cursor,
                                         last=len(self.actions)))
        if self.seed is not None and not 0 <= self.seed < 1 << 64:
            raise InvalidRecordError(msg("the seed must be an integer in 0..2**64-1"))

    def with_action(self, action: str) -> Record:
        return replace(self, actions=self.actions + (action,), cursor=None)

    def truncated(self, plies: int) -> Record:
        return replace(self, actions=self.actions[:plies], cursor=None)

    def at(self, cursor: int | None) -> Record:
        return replace(self, cursor=cursor)

    def load_game(self) -> Game:
        from .registry import load_game

        return load_game(self.game)

    def initial_state(self) -> State:
        game = self.load_game()
        try:
            rules = game.rules_type.decode(self.rules)
            return game.new_initial_state(rules, self.players)
        except EngineError as exc:
            raise InvalidRecordError(str(exc)) from exc

    def replay(self, upto: int | None = None) -> list[State]:
        """Every state from the start to ``upto`` actions (default: all), checked.

        Raises :class:`InvalidRecordError` naming the first action that is not legal.
        """
        state = self.initial_state()
        states = [state]
        end = len(self.actions) if upto is None else upto
        for ply, action in enumerate(self.actions[:end], start=1):
            try:
                state = state.apply(action)
            except EngineError as exc:
                raise InvalidRecordError(msg("{action}: {reason}", action=repr(action), reason=exc), ply) from exc
            states.append(state)
        return states

    def final_state(self) -> State:
        return self.replay()[-1]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "rules": self.rules,
            "seats": [[s.name, s.kind] for s in self.seats],
            "actions": list(self.actions),
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.cursor is not None:
            out["cursor"] = self.cursor
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Build a record from its JSON form, checking every field's type."""
        if not isinstance(data, dict):
            raise InvalidRecordError(msg("a record must be a JSON object"))
        try:
            game, rules, seats = data["game"], data["rules"], data["seats"]
        except KeyError as exc:
            raise InvalidRecordError(msg("the record has no {field}", field=repr(exc.args[0]))) from None
        actions = data.get("actions", [])
        seed, cursor, meta = data.get("seed"), data.get("cursor"), data.get("meta", {})
        if not isinstance(game, str) or not isinstance(rules, str):
            raise InvalidRecordError(msg("game and rules must be strings"))
        if not isinstance(seats, list) or not 1 <= len(seats) <= 16:
            raise InvalidRecordError(msg("seats must be a list of 1–16 seats"))
        parsed: list[Seat] = []
        for seat in seats:
            if not (isinstance(seat, list) and len(seat) == 2 and all(isinstance(x, str) for x in seat)):
                raise InvalidRecordError(msg("each seat must be [name, kind]"))
            parsed.append(Seat(seat[0], seat[1]))
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidRecordError(msg("actions must be a list of strings"))
        for name, value in (("seed", seed), ("cursor", cursor)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidRecordError(msg("{name} must be an integer", name=name))
        if not isinstance(meta, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in meta.items()
        ):
            raise InvalidRecordError(msg("meta must map strings to strings"))
        return cls(game, rules, tuple(parsed), tuple(actions), seed, cursor, tuple(sorted(meta.items())))
