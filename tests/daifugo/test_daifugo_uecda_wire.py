"""The UECda wire format (§7.2, §7.3): tables, card cells, the joker's cells."""

from __future__ import annotations

import pytest

from pyengine.ai.daifugo.uecda_wire import (
    hand_from_table,
    hand_to_table,
    handshake_table,
    pack_table,
    play_from_table,
    play_to_table,
    unpack_table,
)
from pyengine.daifugo.cards import parse_play

Table = list[list[int]]


def test_tables_are_big_endian_and_round_trip() -> None:
    t = handshake_table("pyengine-long-name-here")
    raw = pack_table(t)
    assert len(raw) == 480
    assert raw[:4] == (20070).to_bytes(4, "big")
    assert bytes(v for v in t[1][:14]) == b"pyengine-long-"  # at most 14 characters
    assert unpack_table(raw) == t


@pytest.mark.parametrize("action", ["S3", "S5.H5.JK=D5", "C5.D5.H5.S5.JK=*5", "JK=H-.H3.H4", "HA.H2.JK=H+",
                                    "D7.D8.JK=D9.DT"])
def test_play_encoding_round_trips(action: str) -> None:
    play = parse_play(action)
    assert play_from_table(play_to_table(play)) == play


def test_lone_joker_is_read_at_any_cell_but_row_4() -> None:
    for r, c in ((0, 14), (0, 0), (3, 7)):
        t: Table = [[0] * 15 for _ in range(8)]
        t[r][c] = 2
        assert play_from_table(t) == parse_play("JK")
    t = [[0] * 15 for _ in range(8)]
    t[4][3] = 2
    with pytest.raises(ValueError):
        play_from_table(t)


def test_hand_cells_put_the_joker_at_row_4_column_1() -> None:
    t = hand_to_table((1 << 52) | 1)
    assert t[4][1] == 2 and t[0][1] == 1
    assert hand_from_table(t) == (1 << 52) | 1
