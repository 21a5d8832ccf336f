"""A table session: the game on screen, as the page sees it.

The page never touches engine objects.  It calls a :class:`Session` (through the single
bridge module ``web/main.py``) with plain values and receives JSON-ready view models.
Everything here is pure Python and tested without a browser.

A session holds a :class:`~pyengine.core.record.Record` and a cursor.  Moving appends to
the record (cutting off any later actions when the cursor was moved back: a new line of
play), chance nodes are resolved with :class:`~pyengine.core.rng.Pcg32` seeded by the
record's seed and the ply number, so a link that carries a set-up (seed, no actions)
always deals the same cards, and bot seats move by themselves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from ..ai.decision import BOT_BUDGET, decide
from ..ai.levels import bot_class, levels
from ..core import (
    CHANCE,
    TERMINAL,
    EngineError,
    Record,
    Seat,
    State,
    decode_fragment,
    encode_fragment,
    list_games,
    load_game,
    sample_chance,
)
from ..core.errors import IllegalActionError, InvalidLinkError, InvalidRecordError
from ..core.rng import Pcg32
from .views import TableContext, table_view

SAVE_VERSION = 1
MAX_AUTO_PLIES = 5000


def games_json(lang: str = "en") -> list[dict[str, Any]]:
    """The start page's list of games."""
    return [
        {
            "id": g.id,
            "name": g.name(lang),
            "names": dict(g.names),
            "summary": g.summary.get(lang) or g.summary.get("en", ""),
            "players": [g.min_players, g.max_players],
            "default_players": g.default_players,
            "hidden_information": g.hidden_information,
        }
        for g in list_games()
    ]


def game_setup_json(game_id: str) -> dict[str, Any]:
    """What the set-up form offers for one game: bot levels (weakest first) and presets."""
    game = load_game(game_id)
    rules_type = game.rules_type
    return {
        "id": game_id,
        "levels": list(levels(game_id)),
        "presets": [{"id": name, "rules": rules.encode()} for name, rules in rules_type.presets().items()],
        "default_preset": game.default_rules().preset_name(),
    }


def chance_rng(seed: int, ply: int) -> Pcg32:
    """The generator that resolves the chance node at ``ply`` of a game with ``seed``."""
    return Pcg32(seed, ply + 1)


@dataclass
class Session:
    """One game on one page. Mutable (it is the page's model); states stay immutable."""

    record: Record
    states: list[State]
    cursor: int

    # --- opening -----------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        rules: str | None = None,
        seats: list[tuple[str, str]] | None = None,
        seed: int | None = None,
    ) -> Session:
        """A new game. ``seats`` is ``[(name, kind), ...]`` (default: the game's default
        number of human seats); ``seed`` defaults to a fixed value so tests repeat."""
        game = load_game(game_id)
        rules_obj = game.rules_type.decode(rules) if rules else game.default_rules()
        rules_obj.validate()
        if seats is None:
            seats = [("", "human") for _ in range(game.info.default_players)]
        seat_objs = tuple(Seat(name, kind) for name, kind in seats)
        game.check_players(len(seat_objs))
        record = Record(game_id, rules_obj.encode(), seat_objs, (), 0 if seed is None else seed)
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: Record) -> Session:
        """Open a record at its cursor (or its end), replaying and checking every action."""
        states = record.replay()
        cursor = len(record.actions) if record.cursor is None else record.cursor
        for seat in record.seats:
            if seat.bot_level is not None:
                bot_class(record.game, seat.bot_level)
        return cls(replace(record, cursor=None), states, cursor)

    @classmethod
    def from_fragment(cls, fragment: str) -> Session:
        """Open a share link's fragment; every problem becomes :class:`InvalidLinkError`."""
        record = decode_fragment(fragment)
        try:
            return cls.from_record(record)
        except EngineError as exc:
            raise InvalidLinkError(f"the link's game cannot be opened: {exc}") from None

    # --- reading -----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.record.actions)

    def fragment(self, with_cursor: bool = True) -> str:
        """The full record as a link fragment, at this position (the cursor is omitted at
        the record's end).  For a game with hidden information in progress this reveals
        every hand: it is kept in the saved game, never shown (see :meth:`public_fragment`)."""
        rec = self.record if self.at_end or not with_cursor else self.record.at(self.cursor)
        return encode_fragment(rec)

    @property
    def is_private(self) -> bool:
        """A game with hidden information that is not over: its record must not be shared."""
        return load_game(self.record.game).info.hidden_information and not self.states[-1].is_terminal()

    def setup_record(self) -> Record:
        """The table's set-up: game, rules, seats and seed, no actions (the same deal)."""
        return replace(self.record, actions=(), cursor=None)

    def public_fragment(self) -> str:
        """What the address bar and the share box carry: the record, or only the set-up
        while a game with hidden information is in progress (it never reveals a hand or
        the rest of the deck; the game itself lives on in the saved game)."""
        if self.is_private:
            return encode_fragment(self.setup_record())
        return self.fragment()

    def share_kind(self) -> str:
        """``setup`` (a private game in progress), ``position`` or ``game``."""
        if self.is_private:
            return "setup"
        return "game" if self.at_end else "position"

    def viewer(self) -> int:
        """The seat whose eyes the page uses: the human to move, else the first human,
        else a spectator (-1)."""
        player = self.state.current_player
        if player >= 0 and self.record.seats[player].kind == "human":
            return player
        humans = [i for i, s in enumerate(self.record.seats) if s.kind == "human"]
        if len(humans) == 1:
            return humans[0]
        if self.state.is_terminal() or not humans:
            return -1
        # Several humans and a bot or chance to move: keep the last human who acted.
        for state in reversed(self.states[: self.cursor]):
            p = state.current_player
            if p >= 0 and self.record.seats[p].kind == "human":
                return p
        return humans[0]

    def status(self) -> str:
        player = self.state.current_player
        if player == TERMINAL:
            return "over"
        if player == CHANCE:
            return "chance"
        return "bot" if self.record.seats[player].kind != "human" else "human"

    def legal(self) -> list[str]:
        """The legal action strings of the seat to move (empty when a human cannot act)."""
        if self.status() != "human":
            return []
        return list(self.state.legal_actions())

    def view(self, lang: str = "en") -> dict[str, Any]:
        """The view model the page renders."""
        state = self.state
        game = load_game(self.record.game)
        viewer = self.viewer()
        history = []
        for ply, action in enumerate(self.record.actions):
            before = self.states[ply]
            actor = before.current_player
            history.append(
                {
                    "ply": ply + 1,
                    "actor": actor,
                    "action": action,
                    "label": before.describe(action, lang),
                }
            )
        legal = [{"action": a, "label": state.describe(a, lang)} for a in self.legal()]
        table = table_view(
            game.info.id,
            TableContext(self.states, self.record.actions, self.cursor, viewer, lang,
                         tuple(s.kind for s in self.record.seats))
        )
        return {
            "game": game.info.id,
            "game_name": game.info.name(lang),
            "rules": self.record.rules,
            "rules_options": state.rules.to_json(),
            "preset": state.rules.preset_name(),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.record.seats],
            "to_move": state.current_player,
            "status": self.status(),
            "viewer": viewer,
            "observation": state.observation(viewer),
            "legal": legal,
            "history": history,
            "cursor": self.cursor,
            "length": len(self.record.actions),
            "returns": [float(r) for r in state.returns()],
            "hidden_information": game.info.hidden_information,
            "fragment": self.public_fragment(),
            "share_kind": self.share_kind(),
            "seed": self.record.seed or 0,
            "table": table,
        }

    def automation_state(self) -> dict[str, Any]:
        """``window.pyengineApp.state()``: the documented, stable subset of the view."""
        viewer = self.viewer()
        return {
            "game": self.record.game,
            "rules": self.record.rules,
            "record": self.public_fragment(),
            "to_move": self.state.current_player,
            "viewer": viewer,
            "observation": self.state.observation(viewer),
            "status": self.status(),
            "ply": self.cursor,
            "length": len(self.record.actions),
        }

    # --- acting ------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """A human move at the cursor. Illegal input raises and changes nothing."""
        if self.status() != "human":
            who = {"over": "the game is over", "chance": "chance is to act", "bot": "it is a bot's turn"}
            raise IllegalActionError(f"you cannot move now: {who[self.status()]}")
        new_state = self.state.apply(action)
        self._push(action, new_state)

    def _push(self, action: str, new_state: State) -> None:
        if not self.at_end:
            self.record = self.record.truncated(self.cursor)
            del self.states[self.cursor + 1 :]
        self.record = self.record.with_action(action)
        self.states.append(new_state)
        self.cursor += 1

    def bot_job(self) -> dict[str, Any] | None:
        """The decision a bot must make now (for the page's Worker), or ``None``.

        The Worker replays ``record`` (the full fragment: it never reaches the screen),
        builds the seat's bot with :func:`~pyengine.ai.bot.decision_rng` and answers
        one action, which comes back through :meth:`play_bot`."""
        if not self.at_end or self.status() != "bot":
            return None
        player = self.state.current_player
        level = self.record.seats[player].bot_level
        return {"record": self.fragment(), "ply": self.cursor, "seat": player, "level": level,
                "budget": BOT_BUDGET}

    def play_bot(self, action: str, ply: int) -> None:
        """A bot's answer for the decision at ``ply`` (stale answers are refused)."""
        if self.status() != "bot" or not self.at_end or ply != self.cursor:
            raise IllegalActionError("that bot move is no longer wanted (the position changed)")
        self._push(action, self.state.apply(action))

    def step_auto(self, bots: bool = True) -> bool:
        """Resolve one chance node (or, with ``bots``, one bot move here on this thread) at
        the end of the record.  Returns False when nothing could act."""
        if not self.at_end:
            return False
        state = self.state
        player = state.current_player
        if player == CHANCE:
            action = sample_chance(state, chance_rng(self.record.seed or 0, self.cursor))
        elif bots and player >= 0 and self.status() == "bot":
            job = self.bot_job()
            assert job is not None
            action = decide(state, self.record, player, self.cursor, job["budget"])
        else:
            return False
        self._push(action, state.apply(action))
        return True

    def run_auto(self, limit: int = MAX_AUTO_PLIES) -> int:
        """Resolve chance and bot moves until a human must act; returns how many plies ran."""
        n = 0
        while n < limit and self.step_auto():
            n += 1
        return n

    def goto(self, cursor: int) -> None:
        """Move the replay cursor (0 = the start)."""
        if not 0 <= cursor <= len(self.record.actions):
            raise InvalidRecordError(f"there is no position {cursor} (0–{len(self.record.actions)})")
        self.cursor = cursor

    def undo(self) -> None:
        """Take back the last human move (and the bot and chance plies after it)."""
        target = self.cursor - 1
        while target > 0:
            p = self.states[target].current_player
            if p >= 0 and self.record.seats[p].kind == "human":
                break
            target -= 1
        if target < 0 or self.states[max(target, 0)].current_player < 0:
            raise IllegalActionError("there is no move of yours to take back")
        self.record = self.record.truncated(target)
        del self.states[target + 1 :]
        self.cursor = target

    # --- saving ------------------------------------------------------------------------
    def save_json(self) -> str:
        """What the page keeps in local storage to survive a reload."""
        return json.dumps({"v": SAVE_VERSION, "fragment": self.fragment()})

    @classmethod
    def open_link(cls, fragment: str, save: str | None = None) -> Session:
        """Open a link; a set-up link of a private game resumes the saved game played
        from that set-up (a reload must not lose the game the address bar hides)."""
        session = cls.from_fragment(fragment)
        if save and not session.record.actions:
            try:
                saved = cls.from_save(save)
            except EngineError:
                return session
            if saved.setup_record() == session.setup_record():
                return saved
        return session

    @classmethod
    def from_save(cls, text: str) -> Session:
        """Restore a saved game; a corrupt or tampered save raises :class:`InvalidLinkError`."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise InvalidLinkError("the saved game is not readable") from None
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION or not isinstance(data.get("fragment"), str):
            raise InvalidLinkError("the saved game is not in a format this version can read")
        return cls.from_fragment(data["fragment"])
