"""The UECda wire format (specification §7.2, §7.3): tables of 8 × 15 big-endian 32-bit words over
TCP, and the cards, hands and plays they carry.

>>> from pyengine.daifugo.cards import parse_play
>>> play_from_table(play_to_table(parse_play("S5.H5.JK=D5"))) == parse_play("S5.H5.JK=D5")
True
"""

from __future__ import annotations

import contextlib
import socket
import struct

from ...daifugo.cards import (
    J1,
    JOKER,
    JOKER_BITS,
    NATURALS,
    Play,
    bit,
    bits_of,
    parse_play,
)

PROTOCOL_VERSION = 20070
ROWS, COLS = 8, 15
TABLE_BYTES = ROWS * COLS * 4

Table = list[list[int]]


class ProtocolError(Exception):
    """The connection broke or the server sent something malformed (exit 1)."""



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


__all__ = ["Connection", "ProtocolError", "Table", "empty_table", "hand_from_table", "hand_to_table", "handshake_table",
           "pack_table", "play_from_table", "play_to_table", "show_table", "table_cells", "unpack_table"]
