"""A live card table on this page: the seats this browser plays, each from its own knowledge.

At a live table (``web/live/cards.js``) every browser plays its person's seat — and the host's
browser also its bots' seats (their hands are in the host's browser, as the set-up says) — each
as a :class:`~pyengine.chabashi.live.LiveSeat`: a replica driven by the fair deal, which no
browser can see through.  Every browser steps the same way: whoever is to act says its
:class:`~pyengine.chabashi.live.Move` (a person's through the table, a bot's here), every seat
computes the same plan of deal operations, and once the deal has shown each local seat what the
plan gives it, :meth:`LiveTable.advance` steps them all.

The page's view of the table is the game's own table view of the person's seat, built from the
replica's observation (its guesses show nowhere); the history names only what every seat saw.
When the session ends and every seat has revealed its keys, :meth:`LiveTable.verify` rebuilds the
whole record from the cards the deal's verification read at each position and replays it in the
full engine: a move that was not legal (a card put face down that its seat did not hold, a bet
out of turn) is named with its ply.  That record then opens as an ordinary finished game.

>>> t = LiveTable.new("chabashi", None, [("", "human"), ("", "bot:random"), ("", "human")], me=0, local=[0, 1])
>>> t.next_step()
{'to_act': -1, 'local': False, 'kind': 'chance', 'step': 0}
>>> [op["op"] for op in t.plan(None)]
['deck', 'open']
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai.bot import BotView, decision_rng
from ..ai.levels import bot_class
from ..chabashi.cards import CODES, DECK, card
from ..chabashi.live import DECK_SIZE, LiveSeat, Move
from ..core.errors import EngineError, IllegalActionError
from ..core.game import CHANCE, TERMINAL
from ..core.messages import msg
from ..core.record import Record, Seat
from ..core.registry import load_game
from ..core.replica import HIDDEN, ReplicaError
from .messages import localize
from .views import TableContext, table_view

LIVE_GAMES = ("chabashi",)
"""The card games that can be played at a live table (each has a ``live`` module)."""


@dataclass
class LiveTable:
    """The seats this browser plays at a live table; mutable, like a session."""

    game: str
    rules: str
    seats: tuple[Seat, ...]
    me: int
    local: dict[int, LiveSeat]
    table: str = field(default_factory=lambda: os.urandom(8).hex())
    steps: list[tuple[int, Move | None, int]] = field(default_factory=list)
    """Every step so far: (the seat that acted or CHANCE, its move, the deal it drew from)."""
    states: list[Any] = field(default_factory=list)
    """The person's replica states (guesses inside: only their observation is ever shown)."""
    labels: list[str] = field(default_factory=list)
    decks: int = 0
    record: Record | None = None
    """The whole record, once verified."""

    @classmethod
    def new(cls, game: str, rules: str | None, seats: Sequence[tuple[str, str]], me: int,
            local: Sequence[int], table: str | None = None) -> LiveTable:
        if game not in LIVE_GAMES:
            raise IllegalActionError(msg("{game} cannot be played at a live table yet", game=game))
        g = load_game(game)
        rules_obj = g.rules_type.decode(rules) if rules else g.default_rules()
        rules_obj.validate()
        seat_objs = tuple(Seat(name, kind) for name, kind in seats)
        g.check_players(len(seat_objs))
        if me not in local or any(not 0 <= s < len(seat_objs) for s in local):
            raise IllegalActionError(msg("a live table's seats are 0 to {n}", n=len(seat_objs) - 1))
        for s in local:
            if s != me and seat_objs[s].kind == "human":
                raise IllegalActionError(msg("a person plays at a live table from their own browser"))
        mine = {s: LiveSeat.new(rules_obj.encode(), len(seat_objs), s) for s in sorted(set(local))}
        t = cls(game, rules_obj.encode(), seat_objs, me, mine, table or os.urandom(8).hex())
        t.states.append(mine[me].state)
        return t

    # --- reading ----------------------------------------------------------------------------
    def deck_labels(self) -> list[str]:
        """The deck's cards in the engine's order: the labels of the fair deal's cards."""
        return [CODES[c] for c in DECK]

    @property
    def seat(self) -> LiveSeat:
        return self.local[self.me]

    def next_step(self) -> dict[str, Any]:
        """Who acts next: ``to_act`` (a seat, -1 a card from the deck, -2 over), whether this
        browser plays it (``local``) and how (``human``, ``bot`` or ``chance``)."""
        p = self.seat.current_player
        if p == TERMINAL:
            return {"to_act": -2, "local": False, "kind": "over", "step": len(self.steps)}
        if p == CHANCE:
            return {"to_act": -1, "local": False, "kind": "chance", "step": len(self.steps)}
        return {"to_act": p, "local": p in self.local, "kind": "human" if self.seats[p].kind == "human" else "bot",
                "step": len(self.steps)}

    def view(self, lang: str = "en") -> dict[str, Any]:
        """The page's view model of the person's seat (the shape of :meth:`Session.view`)."""
        seat = self.seat
        state = seat.state
        game = load_game(self.game)
        p = seat.current_player
        over = p == TERMINAL
        mine = p == self.me
        legal = [{"action": a, "label": state.describe(a, lang)} for a in seat.replica.legal_actions()] if mine else []
        kinds = tuple(s.kind for s in self.seats)
        history = [{"ply": i + 1, "actor": actor, "action": None, "label": label}
                   for i, ((actor, _, _), label) in enumerate(zip(self.steps, self.labels, strict=True))]
        actions = list(self.labels)
        table = table_view(self.game, TableContext(self.states, actions, len(actions), self.me, lang, kinds))
        returns = [float(r) for r in state.returns()]
        return {
            "game": self.game, "game_name": game.info.name(lang), "rules": self.rules,
            "rules_options": state.rules.to_json(), "preset": state.rules.preset_name(),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "to_move": p, "status": "over" if over else "human" if mine else "waiting",
            "viewer": self.me, "observation": seat.replica.observation(), "legal": legal,
            "history": history, "cursor": len(self.steps), "length": len(self.steps),
            "returns": returns, "final_returns": returns if over else None,
            "hidden_information": True, "fragment": "games", "save_key": None, "share_kind": "live",
            "hot_seat": False, "by_link": None, "undo_note": None, "hints": [], "can_hint": False,
            "live": {"table": self.table, "me": self.me, "local": sorted(self.local), "verified": self.record is not None},
            "table": table,
        }

    # --- a step -----------------------------------------------------------------------------
    def move_of(self, seat: int, action: str) -> dict[str, Any]:
        """A local seat's action (the person's, or a bot's) as the table may know it."""
        if seat not in self.local:
            raise IllegalActionError(msg("seat {seat} is not played in this browser", seat=seat + 1))
        try:
            return self.local[seat].public_move(action).to_json()
        except ReplicaError as exc:
            raise IllegalActionError(str(exc)) from None

    def bot_action(self, seat: int) -> str:
        """The move of the bot in ``seat`` (a local seat), from its own observation."""
        s = self.local[seat]
        level = self.seats[seat].bot_level or "random"
        bot = bot_class(self.game, level)(decision_rng(int(self.table[:8], 16), seat, len(self.steps)))
        view = BotView(self.game, self.rules, seat, s.replica.observation(), s.replica.legal_actions(), 0.8)
        return bot.act(view)

    def plan(self, move: Any) -> list[dict[str, Any]]:
        """The deal operations the next step needs (every seat computes the same)."""
        m = None if move is None else Move.from_json(move)
        return [op.to_json() for op in self.seat.plan(m)]

    def advance(self, move: Any, cards: Mapping[int, Mapping[int, str]], lang: str = "en") -> None:
        """Step every local seat, each with the cards its deal can read now (seat → position → card)."""
        m = None if move is None else Move.from_json(move)
        actor = self.seat.current_player
        plan = self.seat.plan(m)
        if plan and plan[0].kind == "deck":
            self.decks += 1
        new = {}
        for s, live in self.local.items():
            readable = {int(pos): card(code) for pos, code in (cards.get(s) or cards.get(str(s)) or {}).items()}  # type: ignore[call-overload]
            new[s] = live.advance(m, readable)
        before = self.seat.state
        self.local = new
        self.steps.append((actor, m, self.decks - 1))
        self.states.append(self.seat.state)
        self.labels.append(self._label(before, actor, m, lang))

    def _label(self, before: Any, actor: int, move: Move | None, lang: str) -> str:
        """The history's words for a step, as the person's seat saw it (a hidden card is not named)."""
        if move is None:
            after = self.seat.state
            fresh = set(after.known_cards(self.me)) - (set() if before.phase == "between" else set(before.known_cards(self.me)))
            if len(fresh) == 1:
                return str(before.describe(CODES[fresh.pop()], lang))
            return localize(msg("a card dealt face down"), lang)
        if HIDDEN in move.action:
            return localize(msg("a hand card face down to the centre, floor card {n} into the hand",
                                n=move.action.rsplit(":f", 1)[1]), lang)
        return str(before.describe(move.action, lang))

    # --- the end ----------------------------------------------------------------------------
    def verify(self, decks: Sequence[Sequence[str | None]]) -> dict[str, Any]:
        """The whole session rebuilt from every deal's cards by position (``decks[k]``: the k-th
        hand's deck, as each deal's verification read it) and replayed in the full engine."""
        if self.seat.current_player != TERMINAL:
            raise IllegalActionError(msg("the session is still being played"))
        game = load_game(self.game)
        state = game.new_initial_state(game.rules_type.decode(self.rules), len(self.seats))
        actions: list[str] = []
        drawn = [0] * len(decks)
        for ply, (actor, move, deck) in enumerate(self.steps):
            try:
                if move is None:
                    code = decks[deck][drawn[deck]] if 0 <= deck < len(decks) and drawn[deck] < DECK_SIZE else None
                    drawn[deck] += 1
                    if code is None:
                        return {"ok": False, "ply": ply + 1, "seat": None, "problem": "a card of the deck was never shown"}
                    action = code
                elif HIDDEN in move.action:
                    code = decks[deck][move.pos] if move.pos is not None else None
                    if code is None:
                        return {"ok": False, "ply": ply + 1, "seat": actor, "problem": "a card put face down was never shown"}
                    action = move.action.replace(HIDDEN, code, 1)
                else:
                    action = move.action
                if state.current_player != (CHANCE if move is None else actor) or action not in (
                        [o for o, _ in state.chance_outcomes()] if move is None else state.legal_actions()):
                    return {"ok": False, "ply": ply + 1, "seat": None if move is None else actor,
                            "problem": f"{action} was not legal there"}
                state = state.apply(action)
                actions.append(action)
            except EngineError as exc:
                return {"ok": False, "ply": ply + 1, "seat": actor, "problem": str(exc)}
        self.record = Record(self.game, self.rules, self.seats, tuple(actions), 0)
        from ..core import encode_fragment

        return {"ok": True, "fragment": encode_fragment(self.record)}


def on_table(table: LiveTable | None) -> LiveTable:
    """The live table on this page, or a message that there is none."""
    if table is None:
        raise IllegalActionError(msg("there is no live table on this page"))
    return table


__all__ = ["LIVE_GAMES", "LiveTable", "on_table"]
