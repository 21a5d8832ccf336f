"""Reading the effect table (``effects.<rank>``, compiled into ``Ctx.fx``) for a play.

A single or group triggers the effect of its rank, ``k`` times for ``k`` cards (jokers standing
for the rank count with ``effects.jokers``); with ``effects.sequences`` a sequence triggers the
instant effects (skip, reverse, cut, back) of each rank it runs through, once each ([open]:
never a follow-up choice — the article's 9-return says "계단에 9를 포함하면 이 효과는 없다").

>>> from pyengine.daifugo.ctx import compile_rules
>>> from pyengine.daifugo.rules import DaifugoRules
>>> from pyengine.daifugo.cards import parse_play
>>> cx = compile_rules(DaifugoRules.preset("party"), 4)
>>> fx_count(cx, parse_play("S5.JK=H5"), 3), fx_ranks(cx, parse_play("S5.H5"), cx.fx_turn)
(2, (3,))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import GROUP, SEQ, SINGLE, Play
from .ctx import FX_PASS_BACK, Ctx
from .turns import next_holder

if TYPE_CHECKING:
    from .engine import Engine


def fx_count(cx: Ctx, m: Play, r: int) -> int:
    """How many times rank ``r``'s effect fires for ``m``."""
    form = m[0]
    if form == SINGLE or form == GROUP:
        if m[2] != r:
            return 0
        return m[1] if cx.fx_jokers else (m[3] >> (4 * r - 4) & 15).bit_count()
    if form == SEQ and cx.fx_seq and m[2] <= r <= m[7]:
        return 1 if cx.fx_jokers or m[3] >> (4 * r - 4) & 15 else 0
    return 0


def fx_ranks(cx: Ctx, m: Play, step: tuple[bool, ...]) -> tuple[int, ...]:
    """The ranks of ``m`` whose effect belongs to ``step`` (a ``Ctx.fx_*`` lookup), weakest first."""
    form = m[0]
    if form == SINGLE or form == GROUP:
        return (m[2],) if step[m[2]] else ()
    if form == SEQ and cx.fx_seq:
        return tuple(r for r in range(max(1, m[2]), min(13, m[7]) + 1) if step[r] and fx_count(cx, m, r))
    return ()


def prev_holder(e: Engine, p: int) -> int:
    """The player before ``p`` in the current direction who still holds cards (``-1``: nobody)."""
    e.direction = -e.direction
    try:
        return next_holder(e, p)
    finally:
        e.direction = -e.direction


def transfer_target(e: Engine, p: int) -> int:
    """Who receives the cards of ``p``'s pending pass: the next player, or the previous one for the
    9-return (``pass_back``)."""
    assert e.cont is not None
    m = e.cont[1]
    if e.cx.fx[m[2]] == FX_PASS_BACK:
        return prev_holder(e, p)
    return next_holder(e, p)


__all__ = ["fx_count", "fx_ranks", "prev_holder", "transfer_target"]
