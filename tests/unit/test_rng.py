"""PCG32 against the published reference output (pcg-c-basic's pcg32-demo, seed 42,
stream 54): six raw outputs, then 65 coin flips, 33 dice rolls and a 52-card shuffle
drawn with the bounded generator, exactly as the demo draws them."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.core.rng import Pcg32

RAW = [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
COINS = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT"
ROLLS = "3 4 1 1 2 2 3 2 4 3 2 4 3 3 5 2 3 1 3 1 5 1 4 1 5 6 4 6 6 2 6 3 3"
# The published deal's first 43 cards (enough to pin the shuffle; ranks A..K, suits h c d s).
CARDS = ("Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs 2s 7h Kh 2d 6c Ah "
         "4d Qh 9h 6s 5s 2c 9c Ts 8d 9s 3c 8c Js 5d 2h")


def test_reference_demo_round_one() -> None:
    rng = Pcg32(42, 54)
    assert [rng.next_u32() for _ in range(6)] == RAW
    assert "".join("H" if rng.below(2) else "T" for _ in range(65)) == COINS
    assert " ".join(str(rng.below(6) + 1) for _ in range(33)) == ROLLS
    deck = list(range(52))
    rng.shuffle(deck)
    names = ["A23456789TJQK"[c // 4] + "hcds"[c % 4] for c in deck]
    assert " ".join(names).startswith(CARDS)
    assert sorted(deck) == list(range(52))


def test_same_seed_same_stream_repeats_and_streams_differ() -> None:
    a, b, c = Pcg32(7, 1), Pcg32(7, 1), Pcg32(7, 2)
    xs = [a.next_u32() for _ in range(20)]
    assert xs == [b.next_u32() for _ in range(20)]
    assert xs != [c.next_u32() for _ in range(20)]


def test_state_round_trip() -> None:
    a = Pcg32(123)
    a.next_u32()
    b = Pcg32.fromstate(a.getstate())
    assert [a.next_u32() for _ in range(5)] == [b.next_u32() for _ in range(5)]


@given(st.integers(1, 2**80), st.integers(0, 2**64 - 1))
def test_below_stays_in_range(n: int, seed: int) -> None:
    rng = Pcg32(seed)
    for _ in range(5):
        assert 0 <= rng.below(n) < n


def test_below_is_roughly_uniform() -> None:
    rng = Pcg32(2024)
    counts = Counter(rng.below(6) for _ in range(60000))
    assert all(9400 < counts[k] < 10600 for k in range(6))
    big = Counter(rng.below(3 * 2**40) * 3 // (3 * 2**40) for _ in range(30000))
    assert all(9300 < big[k] < 10700 for k in range(3))


def test_random_is_a_unit_float() -> None:
    rng = Pcg32(5)
    xs = [rng.random() for _ in range(2000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert 0.45 < sum(xs) / len(xs) < 0.55


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        Pcg32(-1)
    with pytest.raises(ValueError):
        Pcg32(1).below(0)
    with pytest.raises(ValueError):
        Pcg32(1).choice([])


def test_engine_never_imports_stdlib_random() -> None:
    import pathlib
    import re

    root = pathlib.Path(__import__("pyengine").__file__).parent
    offenders = [
        str(p) for p in root.rglob("*.py")
        if re.search(r"^\s*(import random\b|from random import)", p.read_text(encoding="utf-8"), re.M)
    ]
    assert offenders == []
