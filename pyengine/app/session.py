"""A table session: the game on screen, as the page sees it.

The page never touches engine objects.  It calls a :class:`Session` (through the single
bridge module ``web/main.py``) with plain values and receives JSON-ready view models.
Everything here is pure Python and tested without a browser.

A session holds a :class:`~pyengine.core.record.Record` and a cursor.  Moving appends to
the record (cutting off any later actions when the cursor was moved back: a new line of
play), bot seats move by themselves, and chance nodes are resolved with **live chance**:
fresh entropy from the browser's cryptographic generator, passed in when the node is
reached (:func:`~pyengine.core.chance.rng_from_entropy`), or the session's
:class:`~pyengine.core.chance.ChanceSource` (live by default; seeded only in tests and tools).
Nothing in a link, a saved game or the record's ``seed`` (which seeds the bots' own choices
only) predicts a cast or a deal.

Trust, in detail:

* **Undo never re-rolls.**  Every chance outcome cut off by an undo (or by a new line of play
  from the history) is remembered under a digest of the actions before it, so the same moves
  meet the same outcome; the memory travels in the saved game.
* **Private games share no secrets.**  While a game with hidden information is in progress,
  links carry only its set-up (game, rules, seats, the bots' seed and a random game id that
  lets a reload find the saved game); opening such a link elsewhere deals a fresh table.
* **Hot seat.**  With several humans at a hidden-information table, a seat's secrets are on
  screen only when the page says that seat has taken the device (``handed_to``) and it is that
  seat's turn at the end of the record; history, bots' turns and chance show the public view.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..ai.decision import BOT_BUDGET, decide
from ..ai.levels import bot_class
from ..core import (
    CHANCE,
    TERMINAL,
    EngineError,
    Record,
    Seat,
    State,
    decode_fragment,
    encode_fragment,
    load_game,
    sample_chance,
)
from ..core.chance import ChanceSource, LiveChance, rng_from_entropy
from ..core.errors import IllegalActionError, InvalidLinkError, InvalidRecordError, UnknownGameError
from ..core.messages import message_of, msg, words
from .fairplay import FairPlay
from .views import TableContext, table_view

MAX_AUTO_PLIES = 5000
GAME_ID_KEY = "id"
"""The record's meta key of a game's random id (it finds the saved game a set-up link hides)."""
MODE_KEY = "mode"
"""The record's meta key of how a game is played: ``link`` for play by link (two devices)."""
FAIR_KEY = "fair"
"""The link's meta key of the play-by-link transcript (:mod:`pyengine.app.fairplay`)."""
HINTS_KEY = "hints"
"""The record's meta key of the plies played after a hint: 1-based numbers, as the move list
counts them, comma-separated (``"3,8"``); the number one past the record's end is a hint shown
for the move still to come.  Records without it had no hints."""


def parse_hints(text: str | None) -> tuple[int, ...]:
    """The plies of a ``hints`` meta value, sorted (anything unreadable in it is dropped: the mark
    is a note, it never stops a game from opening).

    >>> parse_hints("8,3,x,-1,3"), parse_hints(None)
    ((3, 8), ())
    """
    found = {int(p) for p in (text or "").split(",") if p.isdigit() and 0 < int(p) < 1 << 31}
    return tuple(sorted(found))


def with_hints(record: Record, plies: Sequence[int]) -> Record:
    """``record`` with its ``hints`` meta set to ``plies`` (removed when there are none)."""
    meta = {k: v for k, v in record.meta if k != HINTS_KEY}
    if plies:
        meta[HINTS_KEY] = ",".join(str(p) for p in sorted(set(plies)))
    return replace(record, meta=tuple(sorted(meta.items())))


def unopenable(exc: EngineError, game: str) -> InvalidLinkError:
    """The link error for a well-formed record that cannot be opened (an unknown game, rules
    this version refuses, a move that is not legal where the record plays it)."""
    if isinstance(exc, UnknownGameError):
        return InvalidLinkError(msg("the link's game cannot be opened: {reason}", reason=exc), "unknown_game",
                                game=game[:40])
    ply = exc.ply if isinstance(exc, InvalidRecordError) else None
    reason = exc.reason if isinstance(exc, InvalidRecordError) else message_of(exc)
    return InvalidLinkError(msg("the link's game cannot be opened: {reason}", reason=exc), "illegal_record", ply=ply,
                            reason=reason)


def record_save_key(record: Record) -> str:
    """Where the page's library keeps a game: its id, or for a record made before ids existed a
    digest of its set-up (so the same old link always finds the same entry).

    >>> record_save_key(Record("cetkaik", "1", (Seat(), Seat()), meta=(("id", "00ff"),)))
    '00ff'
    >>> record_save_key(Record("cetkaik", "1", (Seat(), Seat())))
    'r0e3e9d4f404b8a7f'
    """
    game_id = dict(record.meta).get(GAME_ID_KEY)
    if game_id:
        return game_id
    setup = replace(record, actions=(), cursor=None)
    return "r" + hashlib.sha256(encode_fragment(setup).encode()).hexdigest()[:16]


def _digest(previous: str, action: str) -> str:
    return hashlib.sha256(f"{previous}\x1f{action}".encode()).hexdigest()[:32]


@dataclass
class Session:
    """One game on one page. Mutable (it is the page's model); states stay immutable."""

    record: Record
    states: list[State]
    cursor: int
    chance: ChanceSource = field(default_factory=LiveChance)
    memory: dict[str, str] = field(default_factory=dict)
    """Chance outcomes cut off by undo or a new line of play, by the digest of the actions
    before them: the same moves meet the same outcome again."""
    _prefix: list[str] = field(default_factory=lambda: [""], repr=False)
    fair: FairPlay | None = None
    """Play by link: this device's seat, secrets and the commit–reveal transcript."""
    floor: int = 0
    """Play by link: actions the opponent already has (undo cannot take them back)."""

    # --- opening -----------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        rules: str | None = None,
        seats: list[tuple[str, str]] | None = None,
        seed: int | None = None,
        chance: ChanceSource | None = None,
        by_link: bool = False,
    ) -> Session:
        """A new game. ``seats`` is ``[(name, kind), ...]`` (default: the game's default
        number of human seats); ``seed`` seeds the bots' own choices (default 0, so tests
        repeat) and never chance; ``chance`` is live unless a test or tool passes a seeded one.
        ``by_link``: two people at a distance, the game travelling as a link, this device
        playing seat 0; chance then comes from both players' secrets (:mod:`.fairplay`)."""
        game = load_game(game_id)
        rules_obj = game.rules_type.decode(rules) if rules else game.default_rules()
        rules_obj.validate()
        if seats is None:
            seats = [("", "human") for _ in range(game.info.default_players)]
        seat_objs = tuple(Seat(name, kind) for name, kind in seats)
        game.check_players(len(seat_objs))
        meta: tuple[tuple[str, str], ...] = ((GAME_ID_KEY, os.urandom(8).hex()),)
        if by_link:
            if game.info.hidden_information:
                raise IllegalActionError(msg("{game} cannot be played by link: its hands are hidden",
                                             game=words(**game.info.names)))
            if len(seat_objs) != 2 or any(seat.kind != "human" for seat in seat_objs):
                raise IllegalActionError(msg("a game played by link has two people, one on each device"))
            meta += ((MODE_KEY, "link"),)
        record = Record(game_id, rules_obj.encode(), seat_objs, (), 0 if seed is None else seed, meta=meta)
        session = cls.from_record(record, chance)
        if by_link:
            session.fair = FairPlay.create(meta[0][1], 0)
        return session

    @classmethod
    def from_record(cls, record: Record, chance: ChanceSource | None = None) -> Session:
        """Open a record at its cursor (or its end), replaying and checking every action."""
        states = record.replay()
        cursor = len(record.actions) if record.cursor is None else record.cursor
        for seat in record.seats:
            if seat.bot_level is not None:
                bot_class(record.game, seat.bot_level)
        return cls(replace(record, cursor=None), states, cursor, chance or LiveChance())

    @classmethod
    def from_fragment(cls, fragment: str) -> Session:
        """Open a share link's fragment; every problem becomes :class:`InvalidLinkError`."""
        record = decode_fragment(fragment)
        try:
            return cls.from_record(record)
        except EngineError as exc:
            raise unopenable(exc, record.game) from None

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
    def game_id(self) -> str | None:
        """The game's random id (``None`` for records made before ids existed)."""
        return dict(self.record.meta).get(GAME_ID_KEY)

    @property
    def save_key(self) -> str:
        """Where the page's library keeps this game (see :func:`record_save_key`)."""
        return record_save_key(self.record)

    @property
    def is_private(self) -> bool:
        """A game with hidden information that is not over: its record must not be shared."""
        return load_game(self.record.game).info.hidden_information and not self.states[-1].is_terminal()

    def setup_record(self) -> Record:
        """The table's set-up: game, rules, seats, the bots' seed and the game id, no actions
        (and no hint marks: they belong to the moves).  It reveals nothing: opening it anywhere
        but in the saved game deals a fresh table."""
        return with_hints(replace(self.record, actions=(), cursor=None), ())

    # --- hints -------------------------------------------------------------------------
    def hints(self) -> tuple[int, ...]:
        """The plies (1-based) played after a hint; one past the end: a hint shown for the next move."""
        return parse_hints(dict(self.record.meta).get(HINTS_KEY))

    def can_hint(self) -> bool:
        """Whether the seat to move may ask for a hint: a person to move at the end of the
        record, and playing by link only for this device's own seat."""
        if not self.at_end or self.status() != "human":
            return False
        return self.fair is None or self.state.current_player == self.fair.my_seat

    def note_hint(self) -> tuple[int, ...]:
        """Mark the move to come as played after a hint (the page calls this when it shows one);
        the mark stays with the record (saves, links) once the move is played."""
        if not self.can_hint():
            raise IllegalActionError(msg("a hint is only for a person to move at the end of the game"))
        self.record = with_hints(self.record, (*self.hints(), self.cursor + 1))
        return self.hints()

    def public_fragment(self) -> str:
        """What the address bar and the share box carry: the record, or only the set-up
        while a game with hidden information is in progress (it never reveals a hand or
        the rest of the deck; the game itself lives on in the saved game)."""
        if self.is_private:
            return encode_fragment(self.setup_record())
        if self.fair is not None:
            return self.link_to_send()
        return self.fragment()

    def link_to_send(self) -> str:
        """Play by link: the whole game for the opponent, with this device's earlier secrets
        revealed and a fresh one committed to (the same link every time until something changes)."""
        assert self.fair is not None
        events = self.fair.outgoing(self.states, len(self.record.actions))
        meta = dict(self.record.meta)
        meta[FAIR_KEY] = self.fair.encode_transcript(events)
        return encode_fragment(replace(self.record, cursor=None, meta=tuple(sorted(meta.items()))))

    def share_kind(self) -> str:
        """``setup`` (a private game in progress), ``link`` (play by link), ``position`` or ``game``."""
        if self.is_private:
            return "setup"
        if self.fair is not None and not self.states[-1].is_terminal():
            return "link"
        return "game" if self.at_end else "position"

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.record.seats) if seat.kind == "human"]

    def is_hot_seat(self) -> bool:
        """Several people share this device at a table with hidden information in progress."""
        return self.is_private and len(self.humans()) > 1

    def viewer(self, handed_to: int | None = None) -> int:
        """The seat whose eyes the page uses (-1: a spectator, the public view).

        With one human, that human (also in the history: it is their own game).  At a hot seat
        (see :meth:`is_hot_seat`), the human to move at the end of the record, once the page says
        the device was handed to them (``handed_to``); everything else — the history, bots'
        turns, chance, a seat that has not taken the device — is the public view.  Without
        hidden information: the human to move, else the last human who acted."""
        humans = self.humans()
        player = self.state.current_player
        if self.is_hot_seat():
            at_turn = self.at_end and player >= 0 and self.record.seats[player].kind == "human"
            return player if at_turn and handed_to == player else -1
        if player >= 0 and self.record.seats[player].kind == "human":
            return player
        if len(humans) == 1:
            return humans[0]
        if self.state.is_terminal() or not humans:
            return -1
        for state in reversed(self.states[: self.cursor]):
            p = state.current_player
            if p >= 0 and self.record.seats[p].kind == "human":
                return p
        return humans[0]

    def status(self) -> str:
        """``over``, ``chance``, ``bot``, ``human`` or, playing by link, ``waiting`` (for the
        opponent's move, or for their secret to resolve a cast: their next link brings it)."""
        player = self.state.current_player
        if player == TERMINAL:
            return "over"
        if self.fair is not None and self.at_end and self.waiting_for() is not None:
            return "waiting"
        if player == CHANCE:
            return "chance"
        return "bot" if self.record.seats[player].kind != "human" else "human"

    def waiting_for(self) -> str | None:
        """Play by link, at the end of the record: ``"move"`` (the opponent's turn),
        ``"secret"`` (a cast needs the opponent's secret) or ``None`` (this device can go on)."""
        if self.fair is None:
            return None
        player = self.states[-1].current_player
        if player == CHANCE:
            return "secret" if self.fair.outcome(self.states, len(self.record.actions)) is None else None
        if player >= 0 and player != self.fair.my_seat:
            return "move"
        return None

    def legal(self) -> list[str]:
        """The legal action strings of the seat to move (empty when a human cannot act)."""
        if self.status() != "human":
            return []
        return list(self.state.legal_actions())

    def view(self, lang: str = "en", handed_to: int | None = None) -> dict[str, Any]:
        """The view model the page renders (``handed_to``: see :meth:`viewer`)."""
        state = self.state
        game = load_game(self.record.game)
        viewer = self.viewer(handed_to)
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
            # the result at the end of the record, wherever the replay's cursor is (None: still on)
            "final_returns": ([float(r) for r in self.states[-1].returns()]
                              if self.states[-1].current_player == TERMINAL else None),
            "hidden_information": game.info.hidden_information,
            "fragment": self.public_fragment(),
            "save_key": self.save_key,
            "share_kind": self.share_kind(),
            "hot_seat": self.is_hot_seat(),
            "by_link": None if self.fair is None else {"seat": self.fair.my_seat, "waiting": self.waiting_for()},
            "undo_note": self.undo_note(),
            "hints": list(self.hints()),
            "can_hint": self.can_hint(),
            "table": table,
        }

    def automation_state(self, handed_to: int | None = None) -> dict[str, Any]:
        """``window.pyengineApp.state()``: the documented, stable subset of the view."""
        viewer = self.viewer(handed_to)
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
            who = {"over": msg("the game is over"), "chance": msg("chance is to act"),
                   "bot": msg("it is a bot's turn"), "waiting": msg("it is your opponent's turn (send them the link)")}
            raise IllegalActionError(msg("you cannot move now: {who}", who=who[self.status()]))
        new_state = self.state.apply(action)
        self._push(action, new_state)

    def _push(self, action: str, new_state: State) -> None:
        if not self.at_end:
            self._truncate(self.cursor)
        self.record = self.record.with_action(action)
        self.states.append(new_state)
        self.cursor += 1

    def _truncate(self, plies: int) -> None:
        """Cut the record after ``plies`` actions, remembering the chance outcomes cut off."""
        for ply in range(plies, len(self.record.actions)):
            if self.states[ply].is_chance():
                self.memory[self.prefix_digest(ply)] = self.record.actions[ply]
        self.record = with_hints(self.record.truncated(plies), [p for p in self.hints() if p <= plies + 1])
        del self.states[plies + 1 :]
        del self._prefix[plies + 1 :]

    def put_on_table(self, record: Record, states: list[State], fair: FairPlay | None) -> None:
        """Put a longer record of this game on the table at its end (play by link: the opponent's
        link), with the states it replays to and the fair-play state that goes with it."""
        self.fair, self.record, self.states = fair, record, states
        self.cursor, self._prefix = len(record.actions), [""]

    def prefix_digest(self, ply: int) -> str:
        """A digest of the record's first ``ply`` actions (the key of the undo memory)."""
        while len(self._prefix) <= ply:
            n = len(self._prefix) - 1
            self._prefix.append(_digest(self._prefix[n], self.record.actions[n]))
        return self._prefix[ply]

    def draw_chance(self, entropy: Sequence[int] | None = None) -> str:
        """The outcome of the chance node at the end of the record: the one remembered for the
        same actions (undo never re-rolls), else a fresh draw from ``entropy`` (four 32-bit
        words from the browser's cryptographic generator) or the session's chance source."""
        state = self.state
        if self.fair is not None:
            outcome = self.fair.outcome(self.states, self.cursor)
            if outcome is None:
                raise IllegalActionError(msg("this cast needs your opponent's secret: send them the link"))
            return outcome
        remembered = self.memory.get(self.prefix_digest(self.cursor))
        if remembered is not None and remembered in {o for o, _ in state.chance_outcomes()}:
            return remembered
        rng = rng_from_entropy(entropy) if entropy is not None else self.chance.rng()
        return sample_chance(state, rng)

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
            raise IllegalActionError(msg("that bot move is no longer wanted (the position changed)"))
        self._push(action, self.state.apply(action))

    def play_chance(self, outcome: str) -> None:
        """Resolve the chance node at the end of the record with a given outcome (tests, tools,
        and outcomes derived by the play-by-link protocol); an impossible one changes nothing."""
        if not self.at_end or not self.state.is_chance():
            raise IllegalActionError(msg("there is no chance node to resolve here"))
        self._push(outcome, self.state.apply(outcome))

    def step_auto(self, bots: bool = True, entropy: Sequence[int] | None = None) -> bool:
        """Resolve one chance node (with ``entropy`` if given, see :meth:`draw_chance`) or,
        with ``bots``, one bot move here on this thread, at the end of the record.  Returns
        False when nothing could act."""
        if not self.at_end or self.status() == "waiting":
            return False
        state = self.state
        player = state.current_player
        if player == CHANCE:
            action = self.draw_chance(entropy)
        elif bots and player >= 0 and self.status() == "bot":
            job = self.bot_job()
            assert job is not None
            action = decide(state, self.record, player, self.cursor, job["budget"])
        else:
            return False
        self._push(action, state.apply(action))
        return True

    def step_chance_run(self, entropy: Sequence[int] | None = None, limit: int = MAX_AUTO_PLIES) -> list[int]:
        """Resolve the run of consecutive chance nodes at the end of the record (a deal, a
        shuffle then a cut…) in one go, each from its own four words of ``entropy`` (taken in
        order: node *k* uses words ``4k…4k+3``, whether or not the undo memory answers it), or
        from the session's chance source when ``entropy`` is ``None``.  Stops at a decision, at
        the end of the words, or after ``limit`` nodes.  Returns the plies resolved (the 1-based
        numbers the history uses), so the page can animate the dealt hands as a whole.

        >>> from pyengine.core.chance import SeededChance
        >>> s = Session.new("daifugo", chance=SeededChance(1))
        >>> plies = s.step_chance_run()
        >>> len(plies), plies[:3], s.status()
        (54, [1, 2, 3], 'human')
        """
        plies: list[int] = []
        words = list(entropy) if entropy is not None else None
        while len(plies) < limit and self.at_end and self.status() == "chance":
            chunk = None
            if words is not None:
                if len(words) < 4 * (len(plies) + 1):
                    break
                chunk = words[4 * len(plies): 4 * len(plies) + 4]
            state = self.state
            action = self.draw_chance(chunk)
            self._push(action, state.apply(action))
            plies.append(self.cursor)
        return plies

    def run_auto(self, limit: int = MAX_AUTO_PLIES) -> int:
        """Resolve chance and bot moves until a human must act; returns how many plies ran."""
        n = 0
        while n < limit and self.step_auto():
            n += 1
        return n

    def goto(self, cursor: int) -> None:
        """Move the replay cursor (0 = the start)."""
        if not 0 <= cursor <= len(self.record.actions):
            raise InvalidRecordError(msg("there is no position {cursor} (0–{last})", cursor=cursor,
                                         last=len(self.record.actions)))
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
            raise IllegalActionError(msg("there is no move of yours to take back"))
        if target < self.floor:
            raise IllegalActionError(msg("your opponent already has that move: a move sent by link cannot be taken back"))
        self._truncate(target)
        self.cursor = target

    def undo_note(self) -> str | None:
        """What undo does here, for the page to say: ``"chance"`` when undoing may go back
        over a chance node (the same move meets the same outcome again), else ``None``."""
        if self.fair is not None:
            return "link"
        game = load_game(self.record.game)
        return "chance" if game.info.has_chance else None

