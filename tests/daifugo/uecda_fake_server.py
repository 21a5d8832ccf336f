"""A scripted, in-process UECda server speaking the real wire format (spec §4, §7).

It is written independently of the engine (cards are ``(row, column)`` cells, plays are
judged directly on the 8×15 tables), so a client running with ``--check`` against it
compares two separate models of the rules.  Seats 0..k-1 are real TCP clients (in order
of connection); the other players are scripted bots inside the server.

Quirks reproduced: the 8-for-a-pass answer on a non-empty field, the deal table seen by
the rich (tribute already added) and by the poor (before the tribute is taken), the class
cells written from the finishing list, and the 20-consecutive-pass ending with random
places.  Hooks let a test tamper with one message or refuse one of the client's plays.
"""

from __future__ import annotations

import contextlib
import random
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field

ROWS, COLS = 8, 15
JOKER = (4, 1)  # the joker's cell in a hand table
Card = tuple[int, int]  # (suit row 0..3, rank column 1..13) or JOKER
Table = list[list[int]]


def blank() -> Table:
    return [[0] * COLS for _ in range(ROWS)]


def strength_key(card: Card) -> tuple[int, int]:
    """Tribute order: joker, then 2, A, K, …, 3; within a rank ♠ ♥ ♦ ♣."""
    if card == JOKER:
        return (0, 0)
    return (14 - card[1], card[0])


@dataclass
class Play:
    kind: str  # single, group, seq, joker
    size: int
    lo: int  # rank column (group/single) or lowest column (seq)
    hi: int
    suits: frozenset[int]  # rows, 4 = the joker's fifth suit
    naturals: set[Card]
    joker: tuple[int, int] | None  # the joker's cell in the play table
    cells: Table

    def has_col(self, col: int) -> bool:
        return self.lo <= col <= self.hi


def judge_cells(t: Table, hand: set[Card]) -> Play | None | str:
    """The play in ``t`` (None for a pass) or a string saying why it is malformed."""
    naturals: set[Card] = set()
    joker = None
    for r in range(5):
        for c in range(COLS):
            v = t[r][c]
            if v == 0:
                continue
            if v == 1 and r < 4 and 1 <= c <= 13:
                naturals.add((r, c))
            elif v == 2 and joker is None:
                joker = (r, c)
            else:
                return f"bad cell {v} at {r},{c}"
    if not naturals and joker is None:
        return None
    if not naturals <= hand or (joker is not None and JOKER not in hand):
        return "cards not held"
    cells = [list(row) for row in t]
    if not naturals:
        assert joker is not None
        if joker[0] == 4:
            return "lone joker at row 4"
        return Play("joker", 1, 14, 14, frozenset(), set(), joker, cells)
    cols = {c for _, c in naturals}
    rows = {r for r, _ in naturals}
    if len(cols) == 1:
        col = next(iter(cols))
        suits = set(rows)
        if joker is not None:
            jr, jc = joker
            if jc != col:
                pass  # maybe a sequence of one natural? not possible (needs 3 cards)
            elif jr == 4:
                if len(naturals) != 4:
                    return "row-4 joker without four naturals"
                suits.add(4)
            elif jr in rows:
                return "joker on a natural's cell"
            else:
                suits.add(jr)
            if jc != col:
                return "not a group"
        size = len(naturals) + (joker is not None)
        return Play("single" if size == 1 else "group", size, col, col, frozenset(suits), naturals, joker, cells)
    if len(rows) == 1:
        row = next(iter(rows))
        allcols = sorted(cols | ({joker[1]} if joker else set()))
        if joker is not None and (joker[0] != row or joker[1] in cols):
            return "joker off the sequence"
        if len(allcols) < 3 or allcols != list(range(allcols[0], allcols[0] + len(allcols))):
            return "not consecutive"
        return Play("seq", len(allcols), allcols[0], allcols[-1], frozenset({row}), naturals, joker, cells)
    return "neither group nor sequence"


@dataclass
class GameState:
    hands: dict[int, set[Card]]
    seats: list[int]
    field: Play | None = None
    field_player: int = -1
    leader: int = -1
    last_play: int = -1
    passed: set[int] = dc_field(default_factory=set)
    locked: bool = False
    revolution: bool = False
    finished: list[int] = dc_field(default_factory=list)
    consec: int = 0


class FakeUecdaServer:
    """Run ``games`` games; ``real`` players connect over TCP, the rest are scripted bots."""

    def __init__(
        self,
        games: int = 5,
        real: int = 1,
        seed: int = 0,
        bot_pass_only: bool = False,
        bot_illegal_rate: float = 0.02,
        tamper: Callable[[str, int, int, Table], None] | None = None,
        refuse_real_play: int | None = None,
    ) -> None:
        self.games = games
        self.real = real
        self.rng = random.Random(seed)
        self.bot_pass_only = bot_pass_only
        self.bot_illegal_rate = bot_illegal_rate
        self.tamper = tamper
        self.refuse_real_play = refuse_real_play
        self.real_plays = 0
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(5)
        self.port: int = self.listener.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.names: list[str] = []
        self.error: BaseException | None = None
        self.log: list[str] = []
        self.cells = [0] * 5
        self.clist: list[int] = list(range(5))
        self.classes: list[int] | None = None
        self.twenty_pass_games = 0
        self.refusals = 0
        self.game_no = 0
        self.msg_no = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    # --- wire ---------------------------------------------------------------------------------
    def start(self) -> FakeUecdaServer:
        self.thread.start()
        return self

    def join(self, timeout: float = 120) -> None:
        self.thread.join(timeout)

    def _recv(self, conn: socket.socket, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = conn.recv(size - len(data))
            if not chunk:
                raise ConnectionError("client closed")
            data += chunk
        return data

    def _recv_table(self, p: int) -> Table:
        values = struct.unpack(">120I", self._recv(self.conns[p], 480))
        return [list(values[r * COLS:(r + 1) * COLS]) for r in range(ROWS)]

    def _send_table(self, p: int, t: Table, kind: str) -> None:
        self.msg_no += 1
        if self.tamper is not None:
            t = [list(row) for row in t]
            self.tamper(kind, self.game_no, self.msg_no, t)
        self.conns[p].sendall(struct.pack(">120I", *(v for row in t for v in row)))

    def _send_int(self, p: int, v: int) -> None:
        self.conns[p].sendall(struct.pack(">I", v))

    # --- the match ----------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            for _ in range(self.real):
                conn, _addr = self.listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.conns.append(conn)
                hello = struct.unpack(">120I", self._recv(conn, 480))
                if hello[0] != 20070:
                    raise ValueError(f"protocol {hello[0]}")
                name = bytes(v for v in hello[15:29] if v).decode("ascii")
                self.names.append(name)
                self._send_int(len(self.conns) - 1, len(self.conns) - 1)
            seats = list(range(5))
            placing: list[int] | None = None
            for g in range(1, self.games + 1):
                self.game_no = g
                reset = g % 100 == 1
                if g % 3 == 1:
                    self.rng.shuffle(seats)
                placing = self._game(g, reset, list(seats), None if reset else placing, g == self.games)
        except BaseException as exc:  # reported to the test
            self.error = exc
        finally:
            for c in self.conns:
                with contextlib.suppress(OSError):
                    c.close()
            self.listener.close()

    def _row6(self, gs: GameState, counts: list[int] | None = None) -> list[int]:
        row = [0] * COLS
        for p in range(5):
            row[p] = counts[p] if counts is not None else len(gs.hands[p])
            row[5 + p] = self.cells[p]
            row[10 + p] = gs.seats[p]
        return row

    def _write_cells(self) -> None:
        if self.classes is None:
            self.cells = [0] * 5
            return
        for k, p in enumerate(self.clist):
            self.cells[p] = k

    def _hand_table(self, cards: set[Card]) -> Table:
        t = blank()
        for r, c in cards:
            t[r][c] = 2 if (r, c) == JOKER else 1
        return t

    def _game(self, g: int, reset: bool, seats: list[int], placing: list[int] | None, last: bool) -> list[int]:
        rng = self.rng
        self.classes = None if placing is None else [placing.index(p) for p in range(5)]
        if placing is not None:
            self.clist = list(placing)
        deck: list[Card] = [(r, c) for r in range(4) for c in range(1, 14)] + [JOKER]
        rng.shuffle(deck)
        start = seats.index(placing[0]) if placing is not None else rng.randrange(5)
        hands: dict[int, set[Card]] = {p: set() for p in range(5)}
        for i, card in enumerate(deck):
            hands[seats[(start + i) % 5]].add(card)
        counts = [len(hands[p]) for p in range(5)]
        gs = GameState(hands, seats)
        self._write_cells()
        dealt = {p: set(h) for p, h in hands.items()}
        pairs: list[tuple[int, int, int]] = []
        if placing is not None:
            pairs = [(placing[0], placing[4], 2), (placing[1], placing[3], 1)]
            for rich, poor, c in pairs:
                tribute = sorted(hands[poor], key=strength_key)[:c]
                for card in tribute:
                    hands[poor].discard(card)
                    hands[rich].add(card)
        for p in range(self.real):
            cls = self.classes[p] if self.classes is not None else 2
            shown = hands[p] if cls in (0, 1) else dealt[p]
            t = self._hand_table(shown)
            t[5][0] = 1
            t[5][1] = 2 if cls == 0 else 1 if cls == 1 else 0
            t[5][3] = 6
            t[6] = self._row6(gs, counts)
            self._send_table(p, t, "deal")
        for rich, poor, c in pairs:
            if rich < self.real:
                got = judge_return(self._recv_table(rich), hands[rich], c)
            else:
                got = rng.sample(sorted(hands[rich]), c)
            if got is None:
                got = sorted(hands[rich], key=strength_key)[:c]
            for card in got:
                hands[rich].discard(card)
                hands[poor].add(card)
        mover = next(p for p in range(5) if (2, 1) in hands[p])
        gs.leader = mover
        while True:
            self._write_cells()
            for p in range(self.real):
                t = self._hand_table(hands[p])
                t[5][2] = int(p == mover)
                t[5][3] = mover
                t[5][4] = int(gs.field is None)
                t[5][6] = int(gs.revolution)
                t[5][7] = int(gs.locked)
                t[6] = self._row6(gs)
                self._send_table(p, t, "turn")
            if mover < self.real:
                sub = self._recv_table(mover)
            else:
                sub = self._bot_submission(gs, mover)
            verdict = judge_cells(sub, hands[mover])
            play: Play | None = None
            accepted = False
            if isinstance(verdict, Play):
                play = verdict
                accepted = self._legal(gs, play)
                if mover < self.real:
                    self.real_plays += 1
                    if self.refuse_real_play is not None and self.real_plays == self.refuse_real_play:
                        accepted = False
            if mover < self.real:
                if play is not None:
                    self._send_int(mover, 9 if accepted else 8)
                else:
                    self._send_int(mover, 9 if gs.field is None else 8)
            clear = False
            if play is not None and accepted:
                clear = self._apply(gs, mover, play)
            else:
                if play is not None:
                    self.refusals += 1
                gs.passed.add(mover)
                gs.consec += 1
            self._write_cells()
            for p in range(self.real):
                t = [list(row) for row in gs.field.cells[:5]] + [[0] * COLS for _ in range(3)] if gs.field else blank()
                t[5] = [0] * COLS
                t[5][3] = mover
                t[5][4] = int(gs.field is None)
                t[5][6] = int(gs.revolution)
                t[5][7] = int(gs.locked)
                t[6] = self._row6(gs)
                t[7] = [0] * COLS
                self._send_table(p, t, "stage")
            holders = [p for p in range(5) if hands[p]]
            over = len(gs.finished) >= 4 or gs.consec >= 20
            if gs.consec >= 20 and len(gs.finished) < 4:
                self.twenty_pass_games += 1
            flag = (2 if last else 1) if over else 0
            for p in range(self.real):
                self._send_int(p, flag)
            if over:
                rest = [p for p in holders if p not in gs.finished]
                rng.shuffle(rest)
                final = gs.finished + rest
                self.clist = list(final)
                self.classes = [final.index(p) for p in range(5)]
                self._write_cells()
                return final
            # next mover
            if clear or all(p in gs.passed for p in holders):
                self._clear(gs)
                mover = gs.leader
            else:
                mover = self._next_seat(gs, mover, lambda q: bool(hands[q]) and q not in gs.passed, True)

    def _next_seat(self, gs: GameState, p: int, ok: Callable[[int], bool], self_ok: bool) -> int:
        i = gs.seats.index(p)
        for k in range(1, 6):
            q = gs.seats[(i + k) % 5]
            if q == p and not self_ok:
                break
            if ok(q):
                return q
        raise AssertionError("no next player")

    def _clear(self, gs: GameState) -> None:
        gs.field = None
        gs.locked = False
        gs.passed = set()
        if gs.last_play >= 0:
            p = gs.last_play
            gs.leader = p if gs.hands[p] else self._next_seat(gs, p, lambda q: bool(gs.hands[q]), False)
        gs.last_play = -1

    def _legal(self, gs: GameState, play: Play) -> bool:
        f = gs.field
        if f is None:
            return True
        if f.kind == "joker":
            return play.kind == "single" and play.naturals == {(0, 1)}
        if play.kind == "joker":
            ok = f.kind == "single"
        else:
            if play.kind != f.kind or play.size != f.size:
                return False
            if play.kind == "seq":
                ok = play.hi < f.lo if gs.revolution else play.lo > f.hi
            else:
                ok = play.lo < f.lo if gs.revolution else play.lo > f.lo
            if ok and gs.locked and play.suits != f.suits:
                ok = False
        return ok

    def _apply(self, gs: GameState, p: int, play: Play) -> bool:
        f = gs.field
        s3 = f is not None and f.kind == "joker"
        if play.kind == "joker":
            gs.locked = False
        elif f is not None and play.suits == f.suits:
            gs.locked = True
        for card in play.naturals:
            gs.hands[p].discard(card)
        if play.joker is not None:
            gs.hands[p].discard(JOKER)
        if not gs.hands[p]:
            gs.finished.append(p)
            self.clist[len(gs.finished) - 1] = p
        gs.field = play
        gs.field_player = p
        gs.last_play = p
        gs.consec = 0
        clear = s3
        if play.kind != "joker" and not s3:
            if (play.kind == "group" and play.size >= 4) or (play.kind == "seq" and play.size >= 5):
                gs.revolution = not gs.revolution
            if play.has_col(6):
                clear = True
        return clear

    # --- scripted bots ------------------------------------------------------------------------
    def _bot_submission(self, gs: GameState, p: int) -> Table:
        rng = self.rng
        if self.bot_pass_only:
            return blank()
        hand = gs.hands[p]
        if rng.random() < self.bot_illegal_rate and gs.field is not None:
            # a deliberately illegal play: a random natural card, usually the wrong form or too weak
            nat = [c for c in hand if c != JOKER]
            if nat:
                t = blank()
                r, c = rng.choice(nat)
                t[r][c] = 1
                return t
        options = [t for t in candidates(hand) if self._legal_table(gs, p, t)]
        options.append(blank())
        return rng.choice(options)

    def _legal_table(self, gs: GameState, p: int, t: Table) -> bool:
        v = judge_cells(t, gs.hands[p])
        return isinstance(v, Play) and self._legal(gs, v)


def judge_return(t: Table, hand: set[Card], count: int) -> list[Card] | None:
    cards: list[Card] = []
    for r in range(5):
        for c in range(COLS):
            v = t[r][c]
            if v == 1 and r < 4:
                cards.append((r, c))
            elif v == 2 and (r, c) == JOKER:
                cards.append(JOKER)
            elif v:
                return None
    if len(cards) != count or not set(cards) <= hand:
        return None
    return cards


def candidates(hand: set[Card]) -> list[Table]:
    """Tables of many plays the hand could make (the judge filters the legal ones)."""
    out: list[Table] = []
    nat = sorted(c for c in hand if c != JOKER)
    has_joker = JOKER in hand
    by_col: dict[int, list[int]] = {}
    for r, c in nat:
        by_col.setdefault(c, []).append(r)
    for r, c in nat:
        t = blank()
        t[r][c] = 1
        out.append(t)
    if has_joker:
        t = blank()
        t[0][14] = 2
        out.append(t)
    for c, rows in by_col.items():
        n = len(rows)
        for mask in range(1, 1 << n):
            sub = [rows[i] for i in range(n) if mask >> i & 1]
            if len(sub) >= 2:
                t = blank()
                for r in sub:
                    t[r][c] = 1
                out.append(t)
            if has_joker:
                free = [r for r in range(4) if r not in sub] or [4]
                jr = free[0] if len(sub) < 4 else 4
                t = blank()
                for r in sub:
                    t[r][c] = 1
                t[jr][c] = 2
                out.append(t)
    for r in range(4):
        cols = {c for rr, c in nat if rr == r}
        for lo in range(13):
            for length in range(3, 7):
                span = list(range(lo, lo + length))
                if span[-1] > 14:
                    break
                missing = [c for c in span if c not in cols]
                if len(missing) > (1 if has_joker else 0) or any(not 1 <= c <= 13 for c in span if c not in missing):
                    continue
                t = blank()
                for c in span:
                    if c in missing:
                        t[r][c] = 2
                    else:
                        t[r][c] = 1
                out.append(t)
    return out
