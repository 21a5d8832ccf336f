"""What a play sets off, read from the play and the position (no change to the engine).

* :func:`revolts` (:func:`revolts_at`) — whether a play revolts (§5.1 and the article's revolutions: four of a kind,
  sequences, the emperor, three 9s, three 7s, three 6s undoing a revolution, the pair of jokers,
  a chasing pair, Taepodong);
* :func:`chases` — a natural pair played on a pair of the same rank (追革, ``chasing_revolution``);
* :func:`assassinates` — 3s played on as many 2s, or 2s on 3s in a revolution (暗殺);
* :func:`spade2_return` — a lone ♠2 on a lone joker in a revolution (スペ2返し);
* :func:`majesty` — the sequence J-Q-K (威厳); :func:`strongest_cannon` — four 2s and both jokers
  (four 3s in a revolution, 最強キャノン);
* :func:`taepodong` — four of a kind with both jokers (テポドン);
* :func:`triple` — the special effect of three cards of a rank (``specials``), if any.

>>> from pyengine.daifugo.ctx import compile_rules
>>> from pyengine.daifugo.rules import DaifugoRules
>>> from pyengine.daifugo.cards import parse_play
>>> cx = compile_rules(DaifugoRules.preset("basic").with_option("order.chasing_revolution", True), 4)
>>> chases(cx, parse_play("S6.H6"), parse_play("D6.C6"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import EMPEROR, GROUP, JOKER, JPAIR, SEQ, SINGLE, Play
from .ctx import Ctx

if TYPE_CHECKING:
    from .engine import Engine

R_THREE, R_SIX, R_SEVEN, R_NINE, R_JACK, R_QUEEN, R_KING, R_TWO = 1, 4, 5, 7, 9, 10, 11, 13
SPADE_TWO = 1 << 48


def revolts(e: Engine, m: Play, chased: bool = False) -> bool:
    """Whether ``m`` sets off a revolution (``chased``: it is a chasing pair)."""
    return revolts_at(e.cx, e.revolution, m, chased)


def revolts_at(cx: Ctx, revolution: bool, m: Play, chased: bool = False) -> bool:
    """:func:`revolts` from the rules and whether a revolution is in force (all it reads of the
    position), for a player who knows no more than that (the bots)."""
    form = m[0]
    if form == GROUP:
        size = m[1]
        # revolution (#1): four or more of a kind; great_revolution (#8): four natural 2s
        if size >= 4 and (cx.revolution or (cx.great_rev and m[2] == R_TWO and not m[4]) or taepodong(cx, m)):
            return True
        if size == 3:
            r = m[2]
            # coup d'état (#6): three 9s; nanasan: three 7s; coup_counter: three 6s undo a revolution
            return ((cx.coup and r == R_NINE) or (cx.nanasan and r == R_SEVEN)
                    or (cx.coup_counter and r == R_SIX and revolution))
        return chased
    if form == SEQ:
        return bool(cx.seq_rev) and m[1] >= cx.seq_rev  # seq_revolution (#4)
    if form == JPAIR:
        return cx.joker_rev  # joker revolution: the pair of jokers
    return form == EMPEROR  # emperor (#5)


def chases(cx: Ctx, m: Play, prev: Play | None) -> bool:
    """Chasing revolution 追革: a natural pair on a pair of the same rank (the pair on the field may
    hold a joker)."""
    return (cx.chasing and prev is not None and prev[0] == GROUP and prev[1] == 2 and m[0] == GROUP
            and m[1] == 2 and not m[4] and m[2] == prev[2])


def assassinates(e: Engine, m: Play, prev: Play | None) -> bool:
    """Assassination 暗殺: 3s on as many 2s clear (2s on 3s in a revolution)."""
    if prev is None or not (prev[0] == SINGLE or prev[0] == GROUP) or m[0] != prev[0] or m[1] != prev[1]:
        return False
    if e.revolution:
        return prev[2] == R_THREE and m[2] == R_TWO
    return prev[2] == R_TWO and m[2] == R_THREE


def spade2_return(e: Engine, m: Play, prev: Play | None) -> bool:
    """Spade-2 return スペ2返し: in a revolution, a lone ♠2 on a lone joker clears."""
    return e.revolution and prev is not None and prev[0] == JOKER and m[0] == SINGLE and m[3] == SPADE_TWO


def majesty(m: Play) -> bool:
    """Majesty 威厳: the sequence J-Q-K clears."""
    return m[0] == SEQ and m[2] == R_JACK and m[7] == R_KING


def strongest_cannon(e: Engine, m: Play) -> bool:
    """Strongest cannon 最強キャノン: four 2s and both jokers (four 3s in a revolution) clear."""
    return m[0] == GROUP and m[1] == 6 and m[4] == 2 and m[2] == (R_THREE if e.revolution else R_TWO)


def taepodong(cx: Ctx, m: Play) -> bool:
    """Taepodong テポドン: four of a kind with both jokers."""
    return cx.taepodong and m[0] == GROUP and m[1] == 6 and m[4] == 2


def triple(cx: Ctx, m: Play) -> str:
    """The ``specials`` effect of ``m`` when it is three cards of a rank that has one (else ``""``)."""
    if m[0] != GROUP or m[1] != 3:
        return ""
    return cx.triples.get(m[2], "")


__all__ = ["assassinates", "chases", "majesty", "revolts", "revolts_at", "spade2_return", "strongest_cannon", "taepodong",
           "triple"]
