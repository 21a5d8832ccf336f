"""A live card table on this page: the seats this browser plays, each from its own knowledge.

At a live table (``web/live/cards.js``) every browser plays its person's seat — and the host's
browser also its bots' seats (their hands are in the host's browser, as the set-up says) — each
as its game's ``LiveSeat`` (:mod:`pyengine.chabashi.live`, :mod:`pyengine.daifugo.live`, found by
the game's id: :func:`live_module`): a replica driven by the fair deal, which no browser can see
through.  Every browser steps the same way: whoever is to act says its
:class:`~pyengine.chabashi.live.Move` (a person's through the table, a bot's here), every seat
computes the same plan of deal operations, and once the deal has shown each local seat what the
plan gives it, :meth:`LiveTable.advance` steps them all.  In Daifugō a step may also draw a public
chance outcome (``kind: draw``: the seating, the dealer, the leader) and make hidden reads: the
table carries out :meth:`LiveTable.card_ops` first, then asks each read of :meth:`LiveTable.reads`
of the browser that plays the seat named (:meth:`LiveTable.answer`), and passes the answers, in
order, to :meth:`LiveTable.plan` and :meth:`LiveTable.advance`.

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
from importlib import import_module
from types import ModuleType
from typing import Any

from ..ai.bot import BotView, decision_rng
from ..ai.levels import bot_class
from ..core.errors import EngineError, IllegalActionError
from ..core.game import CHANCE, TERMINAL
from ..core.messages import msg
from ..core.record import Record, Seat
from ..core.registry import load_game
from ..core.replica import HIDDEN, ReplicaError
from .messages import localize
from .views import TableContext, table_view

LIVE_GAMES = ("chabashi", "daifugo")
"""The card games the page offers at a live table."""
LIVE_ENGINES = ("chabashi", "daifugo")
"""The card games whose ``live`` module a :class:`LiveTable` can drive (each game's
``pyengine/<game>/live.py``: ``LiveSeat``, ``Move``, ``deck_labels``, ``card_of``, ``redecks``)."""
OPENED = -2
"""In the table's ``holders`` (each position's seat, as the plans made it): a position shown to
every seat by nobody's hand (a card dealt face up, turned up)."""


def live_module(game: str) -> ModuleType:
    """The game's ``live`` module."""
    return import_module(f"{__package__.rpartition('.')[0]}.{game}.live")


@dataclass
class LiveTable:
    """The seats this browser plays at a live table; mutable, like a session."""

    game: str
    rules: str
    seats: tuple[Seat, ...]
    me: int
    local: dict[int, Any]
    """seat → its game's ``LiveSeat``"""
    table: str = field(default_factory=lambda: os.urandom(8).hex())
    steps: list[tuple[int, Any, int]] = field(default_factory=list)
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
        if game not in LIVE_ENGINES:
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
        live = live_module(game)
        mine = {s: live.LiveSeat.new(rules_obj.encode(), len(seat_objs), s) for s in sorted(set(local))}
        t = cls(game, rules_obj.encode(), seat_objs, me, mine, table or os.urandom(8).hex())
        t.states.append(mine[me].state)
        return t

    @staticmethod
    def warm(game: str) -> bool:
        """Loads a game's live engine ahead of a table's start: imports, and a table built and viewed
        once (a friend's first view then comes without them)."""
        if game not in LIVE_ENGINES:
            return False
        g = load_game(game)
        seats = [("", "human")] * g.info.default_players
        LiveTable.new(game, None, seats, me=0, local=[0]).view()
        return True

    # --- reading ----------------------------------------------------------------------------
    def deck_labels(self) -> list[str]:
        """The deck's cards in the engine's order: the labels of the fair deal's cards."""
        labels: list[str] = live_module(self.game).deck_labels(self.rules, len(self.seats))
        return labels

    def redecks(self) -> dict[str, Any] | None:
        """Which decks are made from an earlier one (the cards a set's blind left), or None."""
        got: dict[str, Any] | None = live_module(self.game).redecks(self.rules, len(self.seats))
        return got

    @property
    def seat(self) -> Any:
        """The person's seat (its game's ``LiveSeat``)."""
        return self.local[self.me]

    def _move(self, move: Any) -> Any:
        return None if move is None else live_module(self.game).Move.from_json(move)

    def next_step(self) -> dict[str, Any]:
        """Who acts next: ``to_act`` (a seat, -1 a card from the deck, -2 over), whether this
        browser plays it (``local``) and how (``human``, ``bot`` or ``chance``)."""
        p = self.seat.current_player
        if p == TERMINAL:
            return {"to_act": -2, "local": False, "kind": "over", "step": len(self.steps)}
        if p == CHANCE and not getattr(self.seat, "deals_card", True):  # a public draw (seat, dealer, …)
            outcomes = [[a, str(pr)] for a, pr in self.seat.state.chance_outcomes()]
            return {"to_act": -1, "local": False, "kind": "draw", "outcomes": outcomes, "step": len(self.steps)}
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
            move: dict[str, Any] = self.local[seat].public_move(action).to_json()
            return move
        except ReplicaError as exc:
            raise IllegalActionError(str(exc)) from None

    def bot_action(self, seat: int) -> str:
        """The move of the bot in ``seat`` (a local seat), from its own observation."""
        s = self.local[seat]
        level = self.seats[seat].bot_level or "random"
        bot = bot_class(self.game, level)(decision_rng(int(self.table[:8], 16), seat, len(self.steps)))
        view = BotView(self.game, self.rules, seat, s.replica.observation(), s.replica.legal_actions(), 0.8)
        return bot.act(view)

    def card_ops(self, move: Any) -> list[dict[str, Any]]:
        """The start of the plan that needs no answer (a new deck, the card from the deck given to
        its seat), carried out before the step's reads; ``[]`` in a game without reads."""
        ops = getattr(self.seat, "card_ops", lambda m: ())(self._move(move))
        return [op.to_json() for op in ops]

    def deal_ahead(self) -> list[dict[str, Any]]:
        """At a hand's first card, the gives (and opens) of its deal where the game can say them
        ahead (Daifugō: the k-th card's seat follows from the order; Chabashi: the deal before the
        first player acts); ``[]`` elsewhere.  Every seat computes the same; the steps' own plans
        then find those cards given or opened already."""
        ops = getattr(self.seat, "deal_ahead", lambda: ())()
        return [op.to_json() for op in ops]

    def reads(self, move: Any, answers: Sequence[Any] = ()) -> dict[str, Any] | None:
        """The step's next hidden read once ``answers`` are known: ``{name, seat}`` (the seat whose
        browser answers it with :meth:`answer`), or None when the plan may be made; a read every
        seat answers together has seat -1 and ``size``, the length of each seat's private list
        (:meth:`answer` gives a local seat's, ``web/live/lowest.js`` brings out the answer)."""
        if not hasattr(self.seat, "reads"):
            return None
        read = self.seat.reads(self._move(move), list(answers))
        if read is None:
            return None
        return {"name": read.name, "seat": read.seat, **({"size": read.size} if read.seat < 0 else {})}

    def answer(self, seat: int, move: Any, answers: Sequence[Any], cards: Mapping[Any, str]) -> Any:
        """A local seat's answer to the step's next read (``cards``: the positions it can read)."""
        if seat not in self.local:
            raise IllegalActionError(msg("seat {seat} is not played in this browser", seat=seat + 1))
        try:
            return self.local[seat].answer(self._move(move), list(answers), self._readable(cards))
        except ReplicaError as exc:
            raise IllegalActionError(str(exc)) from None

    def _readable(self, cards: Mapping[Any, str] | None) -> dict[int, int]:
        card_of = live_module(self.game).card_of
        return {int(pos): card_of(code) for pos, code in (cards or {}).items()}

    def _plan(self, seat: Any, m: Any, answers: Sequence[Any]) -> Any:
        return seat.plan(m, list(answers)) if answers else seat.plan(m)

    def plan(self, move: Any, answers: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """The deal operations the next step needs (every seat computes the same), once every read
        is answered (``answers``, in order)."""
        return [op.to_json() for op in self._plan(self.seat, self._move(move), answers)]

    def advance(self, move: Any, cards: Mapping[int, Mapping[int, str]], lang: str = "en",
                answers: Sequence[Any] = ()) -> None:
        """Step every local seat, each with the cards its deal can read now (seat → position → card)."""
        m = self._move(move)
        actor = self.seat.current_player
        plan = self._plan(self.seat, m, answers)
        if plan and plan[0].kind == "deck":
            self.decks += 1
        new = {}
        for s, live in self.local.items():
            readable = self._readable(cards.get(s) or cards.get(str(s)))  # type: ignore[call-overload]
            new[s] = live.advance(m, readable, list(answers)) if answers else live.advance(m, readable)
        before = self.seat.state
        self.local = new
        self.steps.append((actor, m, self.decks - 1))
        self.states.append(self.seat.state)
        self.labels.append(self._label(before, actor, m, lang))

    def deal_run(self, cards: Mapping[int, Mapping[int, str]], holders: Sequence[int], lang: str = "en") -> int:
        """Cards from the deck dealt in one go, as many as are ready; how many.  A step goes in the run
        while it is a card from the deck with no read, whose plan only gives positions already given
        and opens positions already opened (``holders``: each position's seat as the table's plans
        made it, :data:`OPENED` for one shown to all — a hand's deal is said ahead at its first
        card, :meth:`deal_ahead`), each readable by the local seats that get it (``cards``: seat →
        position → card, as for :meth:`advance`).  Each step is the same as :meth:`advance` would
        make it; a step that is not ready ends the run, and the table then
        takes it the ordinary way (and waits for its cards)."""
        readable = {s: {int(pos) for pos in (cards.get(s) or cards.get(str(s)) or {})} for s in self.local}  # type: ignore[call-overload]

        def ready(op: Any) -> bool:
            if not 0 <= op.pos < len(holders):
                return False
            if op.kind == "give":
                return holders[op.pos] == op.seat and (op.seat not in self.local or op.pos in readable[op.seat])
            return op.kind == "open" and holders[op.pos] == OPENED and all(op.pos in r for r in readable.values())

        dealt = 0
        while self.next_step()["kind"] == "chance" and self.reads(None) is None:
            plan = self._plan(self.seat, None, ())
            if not all(ready(op) for op in plan):  # (a card dealt face down to nobody is ready)
                break
            self.advance(None, cards, lang)
            dealt += 1
        return dealt

    def replay(self, steps: Sequence[Mapping[str, Any]], cards: Sequence[Mapping[Any, Mapping[Any, str]]],
               lang: str = "en") -> None:
        """The steps taken again after a reload (``web/live/cards.js`` keeps each step's move and
        answers): ``cards[k]`` maps each local seat to the positions of the k-th hand's deck it can
        read now, a superset of what each step needs (a seat reads only what the plan shows it)."""
        for step in steps:
            move, answers = step.get("move"), list(step.get("answers") or [])
            plan = self._plan(self.seat, self._move(move), answers)
            deck = self.decks - (0 if plan and plan[0].kind == "deck" else 1)
            try:
                self.advance(move, cards[deck] if 0 <= deck < len(cards) else {}, lang, answers)
            except ReplicaError as exc:
                raise IllegalActionError(msg("the live table kept here cannot be taken up again: {why}",
                                             why=str(exc))) from None

    def _label(self, before: Any, actor: int, move: Any, lang: str) -> str:
        """The history's words for a step, as the person's seat saw it (a hidden card is not named)."""
        if self.game == "daifugo":
            return self._daifugo_label(before, move, lang)
        from ..chabashi.cards import CODES

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

    def _daifugo_label(self, before: Any, move: Any, lang: str) -> str:
        if move is None:
            fresh = [c for c in self.seat.state.observation(self.me)["hand"] if c not in before.observation(self.me)["hand"]]
            if len(fresh) == 1 and before.phase == "deal":
                return str(before.describe(f"deal:{fresh[0]}", lang))
            return localize(msg("a card dealt face down"), lang)
        if HIDDEN in move.action:
            return localize(msg("cards handed over face down: {n}", n=move.action.count(HIDDEN)), lang)
        return str(before.describe(move.action, lang))

    # --- the end ----------------------------------------------------------------------------
    def verify(self, decks: Sequence[Sequence[str | None]], leads: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
        """The whole session rebuilt from every deal's cards by position (``decks[k]``: the k-th
        hand's deck, as each deal's verification read it) and replayed in the full engine.
        ``leads``: each read every seat answered together, ``{step, lists}`` (every seat's private
        list, revealed at the end: ``web/live/cards-lowest.js``), checked against the hands."""
        lists = {int(lead["step"]): lead["lists"] for lead in leads}
        false_list = getattr(live_module(self.game), "false_lead_list", None)
        if self.seat.current_player != TERMINAL:
            raise IllegalActionError(msg("the session is still being played"))
        game = load_game(self.game)
        state = game.new_initial_state(game.rules_type.decode(self.rules), len(self.seats))
        actions: list[str] = []
        drawn = [0] * len(decks)
        full_action = getattr(live_module(self.game), "full_action", None)
        for ply, (actor, move, deck) in enumerate(self.steps):
            try:
                if full_action is not None:
                    cards = decks[deck] if 0 <= deck < len(decks) else []
                    got = full_action(state, move, cards, drawn[deck] if 0 <= deck < len(decks) else -1)
                    if move is None and 0 <= deck < len(decks):
                        drawn[deck] += 1
                    if got is None:
                        return {"ok": False, "ply": ply + 1, "seat": None if move is None else actor,
                                "problem": "a card of the deck was never shown" if move is None
                                else "a card handed over was never shown"}
                    action = str(got)
                elif move is None:
                    code = decks[deck][drawn[deck]] if 0 <= deck < len(decks) and drawn[deck] < len(decks[deck]) else None
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
                chance = move is None or actor == CHANCE
                if state.current_player != (CHANCE if chance else actor) or action not in (
                        [o for o, _ in state.chance_outcomes()] if chance else state.legal_actions()):
                    return {"ok": False, "ply": ply + 1, "seat": None if chance else actor,
                            "problem": f"{action} was not legal there"}
                state = state.apply(action)
                actions.append(action)
                liar = false_list(state, lists[ply]) if false_list is not None and ply in lists else -1
                if liar >= 0:
                    return {"ok": False, "ply": ply + 1, "seat": liar,
                            "problem": "its list of the cards that decide the lead was not its hand"}
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


__all__ = ["LIVE_ENGINES", "LIVE_GAMES", "OPENED", "LiveTable", "live_module", "on_table"]
