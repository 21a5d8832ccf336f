"""The UECda protocol client (specification §7): ``python -m pyengine.daifugo.uecda``.

It connects to a UECda tournament server (protocol 20070), plays every game with the
project's engine under the ``uecda`` preset and a bot of the chosen level, and exits 0 when
the server says all games are over.  With ``--check`` it keeps the whole game in its own
engine and compares every server message with it (§7.7), exiting 3 on the first
disagreement (``CHECK FAILED:``) or refused play (``MOVE REJECTED:``).

Exit codes: 0 all games played; 1 connection or protocol error; 2 bad command line;
3 (``--check`` only) a disagreement or a refused play.

Standard library only; CPython tooling (the browser has no raw TCP).

The engine tracks the other players' hands as a *determinization*: the cards this client
cannot see are spread over the other hands with the right counts, and when an opponent
plays a card the model had put elsewhere, the two unseen cards are swapped.  Legality
never depends on where unseen cards are, so the model agrees with the server whenever
the engine does.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import socket
import struct
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from ...core.rng import Pcg32
from ...daifugo.cards import (
    J1,
    JOKER,
    JOKER_BITS,
    NATURALS,
    PASS,
    Play,
    bit,
    bits_of,
    fmt_cards,
    fmt_play,
    parse_play,
)
from ...daifugo.ctx import compile_rules
from ...daifugo.engine import PLACES, PLAY, RETURN, Engine
from ...daifugo.notation import parse_action
from ...daifugo.rules import DaifugoRules
from ...daifugo.state import DaifugoState
from ..bot import Bot, BotView
from .bots import LEVELS, StrongBot

PROTOCOL_VERSION = 20070
PLAYERS = 5
ROWS, COLS = 8, 15
TABLE_BYTES = ROWS * COLS * 4
RESET_PERIOD = 100
D3 = bit(1, 2)

Table = list[list[int]]


class ProtocolError(Exception):
    """The connection broke or the server sent something malformed (exit 1)."""


class CheckFailed(Exception):
    """``--check`` found a disagreement (exit 3)."""

    def __init__(self, headline: str, details: list[str]) -> None:
        super().__init__(headline)
        self.headline = headline
        self.details = details


class MoveRejected(Exception):
    """The server refused a play this client sent (exit 3 with ``--check``)."""

    def __init__(self, details: list[str]) -> None:
        super().__init__("the server refused our play")
        self.details = details


# --- wire format ------------------------------------------------------------------------------

def empty_table() -> Table:
    return [[0] * COLS for _ in range(ROWS)]


def pack_table(table: Table) -> bytes:
    return struct.pack(">120I", *(v for row in table for v in row))


def unpack_table(data: bytes) -> Table:
    values = struct.unpack(">120I", data)
    return [list(values[r * COLS:(r + 1) * COLS]) for r in range(ROWS)]


def handshake_table(name: str) -> Table:
    t = empty_table()
    t[0][0] = PROTOCOL_VERSION
    raw = name.encode("ascii", "replace")[:14]
    for i, ch in enumerate(raw):
        t[1][i] = ch
    return t


class Connection:
    """A TCP connection speaking the UECda wire format (big-endian 32-bit words)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        with contextlib.suppress(OSError):  # not a TCP socket
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._quickack = getattr(socket, "TCP_QUICKACK", None)

    @classmethod
    def open(cls, host: str, port: int, timeout: float = 30.0) -> Connection:
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as exc:
            raise ProtocolError(f"cannot connect to {host}:{port}: {exc}") from None
        sock.settimeout(None)
        return cls(sock)

    def _recv(self, size: int) -> bytes:
        if self._quickack is not None:
            with contextlib.suppress(OSError):
                self.sock.setsockopt(socket.IPPROTO_TCP, self._quickack, 1)
        chunks = []
        left = size
        while left:
            try:
                chunk = self.sock.recv(left)
            except OSError as exc:
                raise ProtocolError(f"connection error: {exc}") from None
            if not chunk:
                raise ProtocolError("the server closed the connection early")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def recv_int(self) -> int:
        value: int = struct.unpack(">I", self._recv(4))[0]
        return value

    def recv_table(self) -> Table:
        return unpack_table(self._recv(TABLE_BYTES))

    def send_table(self, table: Table) -> None:
        try:
            self.sock.sendall(pack_table(table))
        except OSError as exc:
            raise ProtocolError(f"connection error: {exc}") from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


# --- cards on the table -----------------------------------------------------------------------

def hand_from_table(t: Table) -> int:
    """The hand in rows 0–4 (naturals 1 at (suit, rank column), the joker 2 at row 4 column 1)."""
    mask = 0
    for s in range(4):
        row = t[s]
        for c in range(COLS):
            v = row[c]
            if v == 0:
                continue
            if v != 1 or not 1 <= c <= 13:
                raise ProtocolError(f"malformed hand: value {v} at row {s} column {c}")
            mask |= bit(c, s)
    for c in range(COLS):
        v = t[4][c]
        if v == 0:
            continue
        if c == 1 and v == 2:
            mask |= J1
        else:
            raise ProtocolError(f"malformed hand: value {v} at row 4 column {c}")
    return mask


def hand_to_table(cards: int) -> Table:
    t = empty_table()
    for i in bits_of(cards & NATURALS):
        t[i & 3][(i >> 2) + 1] = 1
    if cards & JOKER_BITS:
        t[4][1] = 2
    return t


def play_to_table(m: Play) -> Table:
    """Our encoding of a play: the joker at its stand-in cell, a lone joker at row 0 column 14."""
    t = empty_table()
    if m[0] == JOKER:
        t[0][14] = 2
        return t
    for i in bits_of(m[3]):
        t[i & 3][(i >> 2) + 1] = 1
    for pos, suit in m[5]:
        t[4 if suit == 4 else suit][pos] = 2
    return t


def play_from_table(t: Table) -> Play | None:
    """The play a table names, or ``None`` for an all-zero table (a pass).

    Raises :class:`ValueError` for a table that is not a well-formed play.
    """
    naturals: list[tuple[int, int]] = []
    jokers: list[tuple[int, int]] = []
    for r in range(5):
        for c in range(COLS):
            v = t[r][c]
            if v == 0:
                continue
            if v == 1 and r < 4 and 1 <= c <= 13:
                naturals.append((r, c))
            elif v == 2:
                jokers.append((r, c))
            else:
                raise ValueError(f"value {v} at row {r} column {c}")
    if not naturals and not jokers:
        return None
    if len(jokers) > 1:
        raise ValueError("two jokers")
    if not naturals:
        r, _c = jokers[0]
        if r == 4:
            raise ValueError("a lone joker at row 4")
        return parse_play("JK")
    tokens = ["SHDC"[s] + "3456789TJQKA2"[c - 1] for s, c in naturals]
    for r, c in jokers:
        tokens.append("JK=" + ("*" if r == 4 else "SHDC"[r]) + "-3456789TJQKA2+"[c])
    try:
        return parse_play(".".join(tokens))
    except Exception as exc:  # InvalidNotationError
        raise ValueError(str(exc)) from None


def table_cells(t: Table) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in t[:5])


def show_table(t: Table) -> str:
    return "\n".join("  " + " ".join(f"{v:d}" for v in row) for row in t)


# --- the client ---------------------------------------------------------------------------------

@dataclass
class Expect:
    """One field of a server table compared with the engine."""

    name: str
    server: Any
    engine: Any


class Client:
    """Plays (and with ``check`` verifies) a whole UECda match over one connection."""

    def __init__(
        self,
        conn: Connection,
        bot: Bot,
        name: str = "pyengine",
        check: bool = False,
        err: TextIO | None = None,
    ) -> None:
        self.conn = conn
        self.bot = bot
        self.name = name
        self.check = check
        self.err = err if err is not None else sys.stderr
        self.rules = DaifugoRules.preset("uecda")
        self.cx = compile_rules(self.rules, PLAYERS)
        self.me = -1
        self.game_no = 0
        self.turn_no = 0
        self.seats: list[int] | None = None
        self.classes: list[int] | None = None  # class of each player in this game (None: reset game)
        self.placing: tuple[int, ...] | None = None  # final places of the last game, if known
        self.known_finishers: list[int] = []
        self.engine: Engine | None = None
        self.top_cells: tuple[tuple[int, ...], ...] = table_cells(empty_table())
        self.deal_hand = 0
        self.returned = 0
        self.games_played = 0
        self._warned = False
        # the strong level's model of who is the standard client, learnt over the match
        kit = bot.kit if isinstance(bot, StrongBot) else 0.0
        self.opponents = OpponentModel(kit, PLAYERS) if isinstance(kit, float) and kit > 0 else None

    # --- reporting ------------------------------------------------------------------------------
    def _fail(self, what: str, table: Table | None, fields: list[Expect]) -> None:
        bad = [f for f in fields if f.server != f.engine]
        if not bad:
            return
        details = [f"game {self.game_no}, turn {self.turn_no}: {what}"]
        if table is not None:
            details.append("server table:")
            details.append(show_table(table))
        for f in bad:
            details.append(f"  {f.name}: server {f.server!r} vs engine {f.engine!r}")
        raise CheckFailed(f"CHECK FAILED: {what}", details)

    def _require(self, what: str, ok: bool, table: Table | None, server: str, engine: str) -> None:
        """A check that is not a plain field comparison: ``server`` and ``engine`` say what each holds."""
        if ok:
            return
        if not self.check:
            if not self._warned:
                print(f"warning: game {self.game_no}, turn {self.turn_no}: {what}: server {server}, engine "
                      f"{engine} (the engine follows the server; run with --check to stop here)", file=self.err)
                self._warned = True
            return
        raise CheckFailed(f"CHECK FAILED: {what}", [
            f"game {self.game_no}, turn {self.turn_no}: {what}",
            *(["server table:", show_table(table)] if table else []),
            f"  server: {server}", f"  engine: {engine}"])

    # --- main loop ------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the server says all games are over; returns the exit code."""
        try:
            self._handshake()
            while True:
                if self._game():
                    return 0
        except CheckFailed as exc:
            print(exc.headline, file=self.err)
            for line in exc.details:
                print(line, file=self.err)
            return 3
        except MoveRejected as exc:
            print("MOVE REJECTED: the server refused a play this client sent", file=self.err)
            for line in exc.details:
                print(line, file=self.err)
            return 3
        except ProtocolError as exc:
            print(f"protocol error: {exc}", file=self.err)
            return 1
        finally:
            self.conn.close()

    def _handshake(self) -> None:
        self.conn.send_table(handshake_table(self.name))
        me = self.conn.recv_int()
        if not 0 <= me < PLAYERS:
            raise ProtocolError(f"the server gave the player number {me}")
        self.me = me

    def _game(self) -> bool:
        """One game; True when the server says all games are over."""
        deal = self.conn.recv_table()
        self.game_no += 1
        self.turn_no = 0
        self._on_deal(deal)
        count = deal[5][1]
        if count > 0:
            self._send_return(deal, count)
        first = True
        while True:
            turn = self.conn.recv_table()
            self.turn_no += 1
            if first:
                self._start_play(turn)
                first = False
            self._on_turn(turn)
            mover = turn[5][3]
            assert self.engine is not None
            pre = self.engine.copy()
            sent: Play | None = None
            ack = -1
            if turn[5][2] == 1:
                sent = self._choose_play()
                self.conn.send_table(play_to_table(sent) if sent[0] else empty_table())
                ack = self.conn.recv_int()
            stage = self.conn.recv_table()
            self._on_stage(stage, mover, pre, sent, ack)
            flag = self.conn.recv_int()
            self._on_over(flag)
            if flag == 0:
                continue
            if flag in (1, 2):
                self.games_played += 1
                return flag == 2
            raise ProtocolError(f"unexpected game-state value {flag}")

    # --- the deal -----------------------------------------------------------------------------
    def _reset_game(self) -> bool:
        return self.game_no % RESET_PERIOD == 1

    def _on_deal(self, t: Table) -> None:
        hand = hand_from_table(t)
        self.deal_hand = hand
        self.returned = 0
        seats = [t[6][10 + i] for i in range(PLAYERS)]
        if sorted(seats) != list(range(PLAYERS)):
            raise ProtocolError(f"the seats {seats} are not a permutation of the players")
        counts = [t[6][i] for i in range(PLAYERS)]
        cells = [t[6][5 + i] for i in range(PLAYERS)]
        reset = self._reset_game()
        # classes of this game: the previous game's final places
        if reset:
            classes = None
        else:
            if self.placing is not None:
                classes = [self.placing.index(p) for p in range(PLAYERS)]
            else:  # the previous game ended by 20 passes: the server drew the places
                classes = list(cells)
                if self.check:
                    self._require("deal table classes", sorted(cells) == list(range(PLAYERS)), t,
                                  f"class cells {cells}", "a permutation of 0..4")
                    for k, p in enumerate(self.known_finishers):
                        self._require("deal table classes", cells[p] == k, t,
                                      f"player {p} has class {cells[p]}", f"player {p} went out in place {k}")
        if self.check:
            my_class = classes[self.me] if classes is not None else None
            expect_return = 2 if my_class == 0 else 1 if my_class == 1 else 0
            fields = [
                Expect("[5][0] deal marker", t[5][0], 1),
                Expect("[5][1] cards to return", t[5][1], expect_return),
                Expect("[5][2] my turn", t[5][2], 0),
                Expect("[5][3] mover", t[5][3], 6),
                Expect("[5][4..7]", t[5][4:8], [0, 0, 0, 0]),
                Expect("class cells", cells, [0] * PLAYERS if classes is None else classes),
                Expect("hand size", hand.bit_count(), counts[self.me] + expect_return),
            ]
            if self.seats is not None and self.game_no % 3 != 1:
                fields.append(Expect("seats", seats, self.seats))
            expected_counts: list[list[int]] = []
            starts = range(PLAYERS) if classes is None else [seats.index(classes.index(0))]
            for start in starts:
                c = [0] * PLAYERS
                for i in range(PLAYERS):
                    c[seats[(start + i) % PLAYERS]] = 11 if i < 3 else 10
                expected_counts.append(c)
            if counts not in expected_counts:
                fields.append(Expect("counts as dealt", counts, expected_counts[0]))
            self._fail("deal table", t, fields)
        self.seats = seats
        self.classes = classes
        self.placing = None
        self.known_finishers = []

    def _send_return(self, deal: Table, count: int) -> None:
        hand = self.deal_hand
        receiver = -1
        if self.classes is not None:
            my_class = self.classes[self.me]
            receiver = self.classes.index(4 if my_class == 0 else 3)
        if self.classes is None or receiver < 0:
            e = Engine.custom(self.cx, [hand if p == self.me else 0 for p in range(PLAYERS)], self.me,
                              classes=None, order=self.seats)
            e.phase = RETURN
            e.exch = [("return", self.me, receiver if receiver >= 0 else self.me, count)]
        else:
            e = self._exchange_engine(deal, hand, count, receiver)
        state = DaifugoState(e)
        action = self._bot_act(state)
        cards = parse_action(action)[1]
        self.returned = cards
        self.conn.send_table(hand_to_table(cards))

    def _exchange_engine(self, deal: Table, hand: int, count: int, receiver: int) -> Engine:
        """The table as this rich player sees it before giving back ``count`` cards to ``receiver``.

        The tributes have been made (the poorer players' strongest cards are in the richer hands);
        both returns are still to choose, ours first.  The unseen cards are spread over the other
        hands with the right counts (the bot guesses them again; only the counts matter).
        """
        assert self.classes is not None
        dealt = [deal[6][i] for i in range(PLAYERS)]
        by_class = [self.classes.index(c) for c in range(PLAYERS)]
        held = list(dealt)
        pending: list[tuple[str, int, int, int]] = []
        for rich, poor, c in ((by_class[0], by_class[4], 2), (by_class[1], by_class[3], 1)):
            held[rich] += c
            held[poor] -= c
            move = ("return", rich, poor, c)
            if rich == self.me:
                pending.insert(0, move)
            else:
                pending.append(move)
        hands = [0] * PLAYERS
        hands[self.me] = hand
        pool = bits_of(self.cx.deck & ~hand)
        for p in range(PLAYERS):
            if p != self.me:
                need = max(0, min(held[p], len(pool)))
                for i in pool[:need]:
                    hands[p] |= 1 << i
                pool = pool[need:]
        order = self.seats if self.seats is not None else list(range(PLAYERS))
        e = Engine.custom(self.cx, hands, self.me, classes=tuple(by_class), order=order, game_no=self.game_no)
        e.log = []
        e.phase = RETURN
        e.turn = self.me
        e.exch = pending
        return e

    def _exchange_events(self, hand: int) -> list[tuple[int, tuple[Any, ...]]]:
        """What this client saw of the exchange, as the engine's private log events."""
        if self.classes is None:
            return []
        me = self.me
        cls = self.classes[me]
        vis = 1 << me
        if cls in (0, 1):
            poor = self.classes.index(4 - cls)
            return [(vis, ("return", me, poor, fmt_cards(self.returned)))]
        if cls in (3, 4):
            rich = self.classes.index(4 - cls)
            gave = self.deal_hand & ~hand
            got = hand & ~self.deal_hand
            return [(vis, ("tribute", me, rich, fmt_cards(gave))), (vis, ("return", rich, me, fmt_cards(got)))]
        return []

    def _bot_act(self, state: DaifugoState) -> str:
        legal = state.legal_actions()
        view = BotView("daifugo", self.rules.encode(), self.me, state.observation(self.me), legal)
        bot, model = self.bot, self.opponents
        if model is not None and isinstance(bot, StrongBot):
            bot.kit = model.priors(self.me)  # what the match has taught so far
            bot.evidence = None
            action = bot.act(view)
            model.observe(self.game_no, bot.evidence)
        else:
            action = bot.act(view)
        if action not in legal:
            raise ProtocolError(f"the bot chose {action!r}, which is not legal")
        return action

    # --- the play -----------------------------------------------------------------------------
    def _start_play(self, t: Table) -> None:
        """Set up the engine from the first turn table of a game (the hands after the exchange)."""
        hand = hand_from_table(t)
        counts = [t[6][i] for i in range(PLAYERS)]
        mover = t[5][3]
        if self.check:
            cls = self.classes[self.me] if self.classes is not None else 2
            self._fail("first turn table", t, [
                Expect("own count", counts[self.me], hand.bit_count()),
                Expect("cards in hands", sum(counts), self.cx.deck.bit_count()),
            ])
            if cls in (0, 1):
                self._require("hand after the exchange", hand == self.deal_hand & ~self.returned, t,
                              fmt_mask(hand), fmt_mask(self.deal_hand & ~self.returned))
            elif cls in (3, 4):
                c = 2 if cls == 4 else 1
                e0 = Engine.custom(self.cx, [0] * PLAYERS, 0)
                tribute = e0.tribute_options(self.deal_hand, c)[0]
                kept = self.deal_hand & ~tribute
                new = hand & ~kept
                self._require("hand after the exchange", hand & kept == kept and new.bit_count() == c, t,
                              fmt_mask(hand), f"{fmt_mask(kept)} plus {c} cards returned "
                              f"(dealt {fmt_mask(self.deal_hand)}, tribute {fmt_mask(tribute)})")
            else:
                self._require("hand after the exchange", hand == self.deal_hand, t,
                              fmt_mask(hand), fmt_mask(self.deal_hand))
            self._require("first mover", (mover == self.me) == bool(hand & D3), t, f"mover {mover}",
                          f"the holder of ♦3 ({'this client, ' + str(self.me) if hand & D3 else 'another player'})")
        if not 0 <= mover < PLAYERS:
            raise ProtocolError(f"the first mover is {mover}")
        # determinize the unseen cards
        unseen = self.cx.deck & ~hand
        hands = [0] * PLAYERS
        hands[self.me] = hand
        pool = bits_of(unseen)
        if mover != self.me and unseen & D3:
            pool.remove(2)
            hands[mover] |= D3
        for p in range(PLAYERS):
            if p == self.me:
                continue
            need = counts[p] - hands[p].bit_count()
            if need < 0 or need > len(pool):
                raise ProtocolError(f"game {self.game_no}: the card counts {counts} do not add up")
            for i in pool[:need]:
                hands[p] |= 1 << i
            pool = pool[need:]
        if pool:
            raise ProtocolError(f"game {self.game_no}: the card counts {counts} leave cards over")
        order = self.seats if self.seats is not None else list(range(PLAYERS))
        cls_tuple = None
        if self.classes is not None:
            cls_tuple = tuple(self.classes.index(k) for k in range(PLAYERS))
        self.engine = Engine.custom(self.cx, hands, mover, classes=cls_tuple, order=order, game_no=self.game_no)
        if self.engine.log is not None:
            self.engine.log[:0] = self._exchange_events(hand)
        self.top_cells = table_cells(empty_table())

    def _class_cells(self) -> dict[int, int]:
        """The class cells the server writes (§7.4), as {player: value}."""
        assert self.engine is not None
        if self.classes is None:
            return dict.fromkeys(range(PLAYERS), 0)
        out = list(self.engine.out_order)
        prev = [self.classes.index(k) for k in range(PLAYERS)]
        lst = out + prev[len(out):]
        cells: dict[int, int] = {}
        for k, p in enumerate(lst):
            cells[p] = k
        return cells

    def _common(self, t: Table, e: Engine, empty: bool, lock: bool, revolution: bool) -> list[Expect]:
        counts = [t[6][i] for i in range(PLAYERS)]
        cells = self._class_cells()
        return [
            Expect("[5][4] field empty", t[5][4], int(empty)),
            Expect("[5][5] 11-back", t[5][5], 0),
            Expect("[5][6] revolution", t[5][6], int(revolution)),
            Expect("[5][7] lock", t[5][7], int(lock)),
            Expect("counts", counts, [h.bit_count() for h in e.hands]),
            Expect("class cells", {p: t[6][5 + p] for p in cells}, cells),
            Expect("seats", [t[6][10 + i] for i in range(PLAYERS)], e.order),
        ]

    def _on_turn(self, t: Table) -> None:
        e = self.engine
        assert e is not None
        if not self.check:
            return
        hand = hand_from_table(t)
        fields = [
            Expect("hand", fmt_mask(hand), fmt_mask(e.hands[self.me])),
            Expect("[5][0..1]", t[5][0:2], [0, 0]),
            Expect("[5][3] mover", t[5][3], e.turn),
            Expect("[5][2] my turn", t[5][2], int(e.turn == self.me)),
        ]
        fields += self._common(t, e, e.field is None, e.lock != 0, e.revolution)
        self._fail("turn table", t, fields)

    def _choose_play(self) -> Play:
        e = self.engine
        assert e is not None
        if e.phase != PLAY or e.turn != self.me:
            self._require("turn", False, None, f"player {self.me} (this client) to play", f"player {e.turn} to play")
            e.phase = PLAY
            e.turn = self.me
        state = DaifugoState(e.copy())
        action = self._bot_act(state)
        m = parse_action(action)
        assert isinstance(m, tuple) and len(m) == 8
        return m

    def _on_stage(self, t: Table, mover: int, pre: Engine, sent: Play | None, ack: int) -> None:
        e = self.engine
        assert e is not None
        counts = [t[6][i] for i in range(PLAYERS)]
        move: Play
        refused = False
        if sent is not None:
            if sent[0]:
                if ack != 9:
                    if ack == 8:
                        refused = True
                        details = [f"game {self.game_no}, turn {self.turn_no}: the server answered 8 to "
                                   f"{fmt_play(sent)}", show_table(play_to_table(sent))]
                        if self.check:
                            raise MoveRejected(details)
                        print("MOVE REJECTED: " + details[0], file=self.err)
                    else:
                        raise ProtocolError(f"the server answered {ack} to a play")
            elif self.check:
                self._fail("ack", None, [Expect("ack to a pass", ack, 9 if pre.field is None else 8)])
            move = PASS if refused else sent
        else:
            drop = pre.hands[mover].bit_count() - counts[mover]
            if drop == 0:
                move = PASS
            else:
                try:
                    decoded = play_from_table(t)
                except ValueError as exc:
                    raise CheckFailed("CHECK FAILED: stage table", [f"game {self.game_no}, turn {self.turn_no}: "
                                                                   f"malformed play: {exc}", show_table(t)]) from None
                if decoded is None:
                    raise CheckFailed("CHECK FAILED: stage table", [
                        f"game {self.game_no}, turn {self.turn_no}: player {mover}'s count dropped by {drop} "
                        "but the table is empty", show_table(t)])
                move = decoded
                self._require("stage table", decoded[1] == drop, t,
                              f"player {mover}'s count dropped by {drop}", f"the play has {decoded[1]} cards")
                self._place_cards(mover, decoded, t)
        # apply to the engine (the expected values are those after the move, before any clear)
        if e.turn != mover or e.phase != PLAY:
            self._require("stage table", False, t, f"mover {mover}", f"mover {e.turn}")
            e.turn = mover
        if move[0]:
            legal = e.legal_plays()
            if move not in legal:
                why = e.explain(move)
                self._require("stage table", False, t, f"player {mover} played {fmt_play(move)}",
                              f"illegal: {why}")
            probe = pre.copy()
            lock_after = _lock_after(probe, move)
            cells = table_cells(play_to_table(move)) if sent is not None else table_cells(t)
        e.step(move)
        if self.check:
            if move[0]:
                fields = [Expect("top play cells", table_cells(t), cells)]
                fields += self._common(t, e, False, lock_after, e.revolution)
            else:
                fields = [Expect("top play cells", table_cells(t), self.top_cells)]
                fields += self._common(t, e, pre.field is None, pre.lock != 0, pre.revolution)
            fields += [Expect("[5][2]", t[5][2], 0), Expect("[5][3] mover", t[5][3], mover)]
            self._fail("stage table", t, fields)
        if move[0]:
            self.top_cells = table_cells(t)
        if e.phase == PLAY and e.field is None:
            self.top_cells = table_cells(empty_table())
        if e.out_order:
            self.known_finishers = list(e.out_order)

    def _place_cards(self, mover: int, m: Play, t: Table) -> None:
        """Make the determinization give ``mover`` the cards of ``m`` (swapping unseen cards)."""
        e = self.engine
        assert e is not None
        need = m[3]
        if m[4]:
            need |= J1  # one joker in the UECda deck
        mine = need & e.hands[self.me]
        if mine and self.check:
            self._require("stage table", False, t, f"player {mover} played {fmt_mask(mine)}",
                          f"{fmt_mask(mine)} is in this client's hand")
        gone = need & e.public
        if gone and self.check:
            self._require("stage table", False, t, f"player {mover} played {fmt_mask(gone)}",
                          f"{fmt_mask(gone)} was already played")
        for i in bits_of(need & ~e.hands[mover]):
            b = 1 << i
            holder = next((p for p in range(PLAYERS) if e.hands[p] & b), -1)
            if holder < 0 or holder == self.me:
                continue
            spare = e.hands[mover] & ~need
            if not spare:
                break
            x = spare & -spare
            e.hands[mover] = (e.hands[mover] & ~x) | b
            e.hands[holder] = (e.hands[holder] & ~b) | x

    def _on_over(self, flag: int) -> None:
        e = self.engine
        assert e is not None
        over = bool(e.results) or e.phase == PLACES
        if self.check:
            self._fail("game-over flag", None, [Expect("game over", flag != 0, over)])
        if flag != 0:
            if e.results:
                self.placing = e.results[-1]
            else:
                self.placing = None  # 20 passes: the next deal table says
                self.known_finishers = list(e.out_order)


def _lock_after(probe: Engine, m: Play) -> bool:
    """Whether the trick is locked right after ``m`` (before any clear), by the engine's own rule."""
    probe._lock_update(m, probe.field, probe.inverted())
    return probe.lock != 0


def fmt_mask(mask: int) -> str:
    return fmt_cards(mask)


# --- command line -------------------------------------------------------------------------------

def bot_levels() -> dict[str, type[Bot]]:
    return dict(LEVELS)


KIT_PRIOR = 0.9
"""At a UECda table most seats are the kit's standard client (the tournament's reference
opponent): the strong level starts from this prior that each opponent is one
(:attr:`~pyengine.ai.daifugo.bots.StrongBot.kit`), and the plays and passes of the game move
it per opponent, so a program that plays otherwise (FujiGokoro) soon counts as unknown."""

KEEP = 3
"""The strong level at a UECda table halves its search (:attr:`~pyengine.ai.daifugo.bots.StrongBot.keep`):
every candidate gets a first share of the playouts, the three best share the rest."""


PLAYOUTS = 720
"""The strong level's playouts per decision at a UECda table (the page's strong: 320).  The
client's decisions may take their time: 720 take 0.18 s on average in CPython and 0.57 s (0.72 s
at most, 20 positions) in Pyodide in a Chromium Worker, inside the 1 s a decision may take.  Against
FujiGokoro the count mattered: 320 were level with it, 640 ahead by +0.09 points a game and 720
by +0.24 (1,000 games each, README)."""


class OpponentModel:
    """Who at the table plays as the kit's standard client, learnt over the match.

    After each game the strong level's evidence of that game
    (:attr:`~pyengine.ai.daifugo.bots.StrongBot.evidence`: the log of how much better the
    standard client explains a player's plays and passes than anyone does) moves the player's
    log odds of being the client, starting from ``prior``.  The evidence is lopsided: the
    standard client's games are nearly always explained well (measured against the kit's
    clients: +5 to +20), while a strong program agrees with it on the obvious plays of many
    games and is caught out only in some (FujiGokoro: −12 to +8).  So a game explained badly
    (evidence below :data:`CAUGHT`) lowers the odds by :data:`CAUGHT_STEP` and any other game
    raises them by :data:`AGREE_STEP`; the priors handed to the bot stay within
    :data:`PRIOR_RANGE`.

    >>> m = OpponentModel(0.9, 3)
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.9, 0.9]
    >>> m.observe(1, [0.0, 9.0, -9.0])  # game 1: seat 1 plays as the client, seat 2 is caught out
    >>> [round(x, 3) for x in m.priors(0)]  # (counted once the game is over)
    [0.0, 0.9, 0.9]
    >>> m.observe(2, [0.0, 4.0, 6.0])
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.92, 0.549]
    >>> for game in range(3, 12): m.observe(game, [0.0, 12.0, -5.0 if game % 3 else 7.0])
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.99, 0.02]
    """

    def __init__(self, prior: float, players: int) -> None:
        self.base = math.log(prior / (1.0 - prior))  # 0 < prior < 1
        self.odds = [0.0] * players
        self.pending: tuple[int, list[float]] | None = None  # the current game's latest evidence

    def observe(self, game_no: int, evidence: list[float] | None) -> None:
        """Note the evidence of game ``game_no``; the previous game's is counted once a new game
        brings evidence of its own."""
        if evidence is None:
            return
        if self.pending is not None and self.pending[0] != game_no:
            for p, e in enumerate(self.pending[1]):
                if e:
                    self.odds[p] += -CAUGHT_STEP if e < CAUGHT else AGREE_STEP
        self.pending = (game_no, list(evidence))

    def priors(self, me: int) -> tuple[float, ...]:
        low, high = PRIOR_RANGE
        return tuple(0.0 if p == me else min(high, max(low, 1.0 / (1.0 + math.exp(-(self.base + o)))))
                     for p, o in enumerate(self.odds))


CAUGHT = -2.0
"""A game whose evidence is below this shows a player that is not the standard client."""
CAUGHT_STEP = 2.0
AGREE_STEP = 0.25
"""How far a game that caught the player out lowers its log odds, and any other game raises them."""
PRIOR_RANGE = (0.02, 0.99)
"""The learnt priors stay within these bounds (nobody is ever certainly or certainly not the client)."""


def for_uecda(bot: Bot, kit: float = KIT_PRIOR) -> Bot:
    """``bot`` set up as this client plays it: the strong level with the standard client as its
    prior model of the opponents (``kit``; 0: none), a halving search, the smarter playout
    policy (:func:`~pyengine.ai.daifugo.playout.smart_move`) and more playouts (:data:`PLAYOUTS`);
    other levels as they are."""
    if isinstance(bot, StrongBot):
        bot.kit = kit
        bot.keep = KEEP
        bot.smart = True
        bot.playouts = PLAYOUTS
    return bot


def make_bot(level: str, seed: int, kit: float = KIT_PRIOR) -> Bot:
    return for_uecda(bot_levels()[level](Pcg32(seed, 0xDA1)), kit)


def main(argv: list[str] | None = None, err: TextIO | None = None,
         connect: Callable[[str, int], Connection] | None = None) -> int:
    err = err if err is not None else sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m pyengine.daifugo.uecda",
        description="Play a UECda Daifugō match with the project's engine and AI (protocol 20070).",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=42485)
    parser.add_argument("--name", default="pyengine")
    parser.add_argument("--level", default=None, help="AI level (default: strong)")
    parser.add_argument("--check", action="store_true", help="verify every server message with the engine")
    parser.add_argument("--seed", type=int, default=None, help="seed of the AI's generator")
    parser.add_argument("--kit", type=float, default=KIT_PRIOR, metavar="PRIOR",
                        help=f"strong level: prior that an opponent is the kit's standard client "
                             f"(default {KIT_PRIOR}; 0: no opponent model)")
    args = parser.parse_args(argv)
    levels = bot_levels()
    level = args.level
    if level is None:
        level = "strong" if "strong" in levels else list(levels)[-1]
        if level != "strong":
            print(f"note: level 'strong' is not available yet; playing at level {level!r}", file=err)
    elif level not in levels:
        print(f"unknown level {level!r} (available: {', '.join(levels)})", file=err)
        return 2
    if not 0 <= args.kit < 1:
        print(f"--kit must be at least 0 and below 1, not {args.kit}", file=err)
        return 2
    if not 0 < args.port < 65536:
        print(f"bad port {args.port}", file=err)
        return 2
    try:
        args.name.encode("ascii")
    except UnicodeEncodeError:
        print("the name must be ASCII", file=err)
        return 2
    seed = args.seed if args.seed is not None else time.time_ns() & ((1 << 63) - 1)
    try:
        conn = (connect or Connection.open)(args.host, args.port)
    except ProtocolError as exc:
        print(f"protocol error: {exc}", file=err)
        return 1
    client = Client(conn, make_bot(level, seed, args.kit), args.name, args.check, err)
    return client.run()


__all__ = ["Client", "Connection", "main", "play_from_table", "play_to_table"]

if __name__ == "__main__":
    sys.exit(main())
