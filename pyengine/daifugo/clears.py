"""Step 6 of a play's effects (§1.13): what clears the trick, one function per rule (§5.2).

:func:`clearing_effects` tries, in order: the stop of an 8-cut, a chasing pair, a ♠2 return or an
assassination (flags of the play); the revolution flush (``revolution_eight``); :func:`eight_cut`
(#13–#15), which first offers the 4-stop (#16) or the 10-return to the next players (phase
``four_stop``, answered by :func:`four_stop`); then :func:`special_clears`: :func:`q_cut` (#17),
the ♠3 return (#18), :func:`sandstorm` (#19), :func:`ambulance` (#20), :func:`rokurokubi` (#21),
:func:`joker_pair` (#22), the effect table's cuts (:func:`rank_cut`), the majesty and the strongest
cannon (:mod:`.triggers`); last :func:`revolution_clears` (#2) and :func:`finish_clears` (#23).
Several clears are one clear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import GROUP, JOKER, JPAIR, SEQ, SINGLE, Play, rank_count
from .ctx import FX_CUT, Ctx
from .pending import CHASED, FINISHED, REV_BEFORE, REVOLTED, S3_RETURN, SPECIAL_CLEAR, STOPPED
from .phases import FOURSTOP, PLAY
from .table import fx_ranks
from .tricks import after_play
from .triggers import majesty, strongest_cannon
from .turns import next_holder

if TYPE_CHECKING:
    from .engine import Engine

R_THREE, R_SIX, R_EIGHT, R_NINE, R_QUEEN = 1, 4, 6, 7, 10
CLEARING_FLAGS = STOPPED | CHASED | SPECIAL_CLEAR


def clearing_effects(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool | None:
    """Whether the play clears the trick; ``None`` while a 4-stop (or 10-return) is offered."""
    cx = e.cx
    if fl & CLEARING_FLAGS:
        return True  # the 4-stop, a chasing pair, a ♠2 return or an assassination
    if not e.omen:
        if cx.rev_eight and fl & REVOLTED and rank_count(m, R_EIGHT):
            return True  # revolution flush: a revolution holding an 8 clears, nothing can stop it
        if cx.eight_cut and m[2] <= R_EIGHT <= m[7]:
            cut = eight_cut(e, p, m, prev, fl)
            if cut is None or cut:
                return cut
        if cx.any_special_clear and special_clears(e, m, prev, fl):
            return True
    return (cx.rev_clears and revolution_clears(fl)) or (cx.finish_clears and finish_clears(fl))


def special_clears(e: Engine, m: Play, prev: Play | None, fl: int) -> bool:
    """The clearing rules other than the 8-cut (several clears are one clear, §1.13)."""
    cx = e.cx
    return bool(
        (cx.q_cut and m[2] <= R_QUEEN <= m[7] and q_cut(cx, m))
        or fl & S3_RETURN  # the spade-3 return (#18) clears
        or (cx.sandstorm and sandstorm(cx, m, prev))
        or (cx.ambulance and ambulance(m, prev))
        or (cx.rokurokubi and rokurokubi(m, prev))
        or (cx.joker_pair == 2 and joker_pair(m))
        or (cx.any_fx_clear and rank_cut(e, m, fl))
        or (cx.majesty and majesty(m))
        or (cx.cannon and strongest_cannon(e, m)))


def _cuts(cx: Ctx, m: Play, rank: int) -> int:
    """How many cards of ``rank`` count for a cut: in a single or group, or a sequence with
    ``eight_cut_sequences``; jokers standing for it with ``eight_cut_joker``."""
    form = m[0]
    if not (form == SINGLE or form == GROUP or (form == SEQ and cx.ec_seq)):
        return 0
    if cx.ec_joker:
        return rank_count(m, rank)
    return (m[3] >> (4 * rank - 4) & 15).bit_count()


def eight_cut(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool | None:
    """8-cut 8切り (#13; #14 sequences, #15 jokers as 8): a play with 8s clears the trick.

    With ``four_stop`` (#16) the next players are first offered to stop it (phase
    ``four_stop``): ``None`` while they choose.
    """
    k8 = _cuts(e.cx, m, R_EIGHT)
    if not k8 or fl & S3_RETURN:
        return False
    if e.cx.four_stop or (e.cx.ten_return and not m[4] and m[0] <= GROUP and m[2] == R_EIGHT):
        cands: list[int] = []
        q = p
        for _ in range(e.n - 1):
            q = next_holder(e, q)
            if q < 0 or q == p or q in cands:
                break
            cands.append(q)
        if cands:
            e.cont = (p, m, prev, k8, fl, tuple(cands))
            e.phase = FOURSTOP
            e.turn = cands[0]
            return None
    return True


def four_stop(e: Engine, m: Play) -> bool:
    """4-stop 4止め (#16) and 10-return 10返し (``ten_return``): the player asked stops the 8-cut with as
    many 4s (or the 10s of the 8s' suits), or passes and the next is asked; when all decline, the
    8-cut clears.  Whether ``m`` stops it: then it is played like any other play (going out, order
    changes, a revolution choice, locks, follow-ups) and clears, and its player leads
    (:meth:`.engine.Engine.step` plays it)."""
    assert e.cont is not None
    p, cut, prev, k, fl, cands = e.cont
    q = e.turn
    e.cont = None
    e.phase = PLAY
    if m[0] != 0:
        return True
    e.event(("four_stop_declined", q))
    cands = cands[1:]
    if cands:
        e.cont = (p, cut, prev, k, fl, cands)
        e.phase = FOURSTOP
        e.turn = cands[0]
        return False
    after_play(e, p, True)
    return False


def rank_cut(e: Engine, m: Play, fl: int) -> bool:
    """The effect table's cuts: ``cut`` clears like an 8-cut (4-cut, 6-cut, 10-cut); ``cut_inverted``
    clears while a revolution is in force, unless the play itself revolts (5-, 6-, 7-cut)."""
    for r in fx_ranks(e.cx, m, e.cx.fx_clear):
        if e.cx.fx[r] == FX_CUT or (fl & REV_BEFORE and not fl & REVOLTED):
            return True
    return False


def q_cut(cx: Ctx, m: Play) -> bool:
    """Q-cut Q切り (#17, the two-player variant): a play with a Q clears, counted like 8s."""
    return bool(_cuts(cx, m, R_QUEEN))


def sandstorm(cx: Ctx, m: Play, prev: Play | None) -> bool:
    """Sandstorm 砂嵐 (#19): three natural 3s clear (``on_joker``: only when played on a lone joker)."""
    if m[0] == GROUP and m[1] == 3 and m[2] == R_THREE and not m[4]:
        return cx.sandstorm != 3 or (prev is not None and prev[0] == JOKER)
    return False


def ambulance(m: Play, prev: Play | None) -> bool:
    """Ambulance 救急車 (#20): a natural pair of 9s on a non-empty field clears."""
    return prev is not None and m[0] == GROUP and m[1] == 2 and not m[4] and m[2] == R_NINE


def rokurokubi(m: Play, prev: Play | None) -> bool:
    """Rokurokubi ろくろ首 (#21): a natural pair of 6s on a non-empty field clears."""
    return prev is not None and m[0] == GROUP and m[1] == 2 and not m[4] and m[2] == R_SIX


def joker_pair(m: Play) -> bool:
    """Joker pair (#22): with ``joker_pair=clears`` the pair of jokers also clears."""
    return m[0] == JPAIR


def revolution_clears(fl: int) -> bool:
    """Revolution clears (#2): a revolving play also clears (whatever the omen)."""
    return bool(fl & REVOLTED)


def finish_clears(fl: int) -> bool:
    """Finish clears あがり流し (#23): the play that empties a hand clears (whatever the omen)."""
    return bool(fl & FINISHED)


__all__ = [
    "ambulance", "clearing_effects", "eight_cut", "finish_clears", "four_stop", "joker_pair", "q_cut",
    "rank_cut", "revolution_clears", "rokurokubi", "sandstorm", "special_clears",
]
