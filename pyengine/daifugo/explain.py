"""Why an action is refused, for people (``DaifugoState.explain_illegal``).

:func:`explain` answers for an action that :func:`.plays.legal` does not list: the phase, then
the pass, the cards held, the form (§1.5), the first-play card, a forbidden finish, and what
beats the top play (§1.6) with its locks (§5.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..core.messages import msg, words
from .cards import (
    EMPEROR,
    GROUP,
    JOKER,
    JPAIR,
    NOFORM,
    SEQ,
    SINGLE,
    Play,
    fmt_cards,
    joker_count,
    noform_reason,
)
from .endings import forbidden_finish
from .locks import colour, lock_ok
from .phases import CHANCE_PHASES, FOURSTOP, OVER, PHASE_NAMES, PLAY

if TYPE_CHECKING:
    from .engine import Engine

STEP_WORDS: Final = {
    "tribute": words(en="tribute", ko="헌상", ja="献上"),
    "return": words(en="return", ko="돌려주기", ja="返却"),
    "revolution choice": words(en="revolution choice", ko="혁명 선택", ja="革命の選択"),
    "seven pass": words(en="seven pass", ko="7 넘기기", ja="7渡し"),
    "ten discard": words(en="ten discard", ko="10 버리기", ja="10捨て"),
    "q bomber": words(en="q bomber", ko="Q 폭탄", ja="Qボンバー"),
    "pick": words(en="pick", ko="고르기", ja="選択"),
    "target": words(en="target", ko="상대 지정", ja="相手の指定"),
    "draw": words(en="draw", ko="뽑기", ja="引き札"),
}
"""The steps' names in each language (the phases where only some actions are choices)."""

SAME_KIND = {SINGLE: (SINGLE, JOKER), GROUP: (GROUP, JPAIR), SEQ: (SEQ,), EMPEROR: (EMPEROR,),
             JOKER: (SINGLE, JOKER), JPAIR: (GROUP, JPAIR)}
"""The forms that may cover each form (with the same number of cards)."""


def explain(e: Engine, action: Any) -> str:
    """Why ``action`` (internal form, not legal here) is refused."""
    ph = e.phase
    if ph == OVER:
        return msg("the game is over")
    if ph in CHANCE_PHASES:
        return msg("the cards are being dealt (no player acts now)")
    if ph != PLAY and ph != FOURSTOP:
        step = PHASE_NAMES[ph].replace("_", " ")
        return msg("now is the {step} step: that is not one of its choices", step=STEP_WORDS.get(step, step))
    if isinstance(action, tuple) and len(action) == 2 and action[0] in ("relief", "dokan") and ph == PLAY:
        return _why_not_declare(e, action[0])
    if not (isinstance(action, tuple) and len(action) == 8):
        return msg("now is the time to play cards or pass")
    m: Play = action
    hand = e.hands[e.turn]
    if m[0] == 0:
        return _why_not_pass(e, hand)
    if m[3] & ~hand:
        return msg("you do not hold {cards}", cards=fmt_cards(m[3] & ~hand).replace(".", ", "))
    if m[4] > joker_count(hand):
        return msg("you do not hold that many jokers")
    if ph == FOURSTOP:
        k = e.cont[3] * e.cx.four_stop_per_eight if e.cont else 0
        if e.cx.ten_return:
            return msg("only exactly {k} 4s (or the 10s of the 8s' suits) (or a pass) stop the 8-cut", k=k)
        return msg("only exactly {k} 4s (or a pass) stop the 8-cut", k=k)
    return _why_not_form(e, m) or _why_not_now(e, m, hand) or _why_not_on_field(e, m)


def _why_not_declare(e: Engine, kind: str) -> str:
    """Why ``relief`` or ``dokan`` is refused now."""
    if kind == "relief":
        if not e.cx.relief:
            return msg("relief (taking the field's cards) is not played under these rules")
        return msg("only the reigning Daihinmin may take the field's cards, once a game, while the field holds cards")
    if not e.cx.dokan:
        return msg("dokan is not played under these rules")
    return msg("dokan needs the cards on the field in this trick to add up to the cards in your hand")


def _why_not_pass(e: Engine, hand: int) -> str:
    if e.field is None:
        if e.must_card and hand & e.must_card:
            return _must_include(e)
        if e.cx.leader_pass == 1 and e.must_lead:
            return msg("everyone passed on the empty field: you must lead now")
        return msg("the leader must play (no passing on an empty field)")
    return msg("you must play: passing is not allowed while you have a legal play")


def _must_include(e: Engine) -> str:
    return msg("the first play of the game must include the {card}", card="♦3" if e.must_card == 4 else "♠3")


def _why_not_form(e: Engine, m: Play) -> str:
    """A form these rules do not allow (§1.5, §5.7), or ``""``."""
    cx = e.cx
    form = m[0]
    if form == NOFORM:
        return msg("these cards make no play: {reason}", reason=noform_reason(m))
    if form == SEQ and not cx.sequences:
        return msg("sequences are not played under these rules")
    if form == SEQ and m[1] < cx.seq_min:
        return msg("a sequence needs at least {seq_min} cards", seq_min=cx.seq_min)
    if form == GROUP and m[1] > cx.max_group:
        return msg("a group may have at most {max_group} cards", max_group=cx.max_group)
    if form == JPAIR and not cx.joker_pair:
        return msg("two jokers cannot be played together under these rules")
    if form == EMPEROR and not cx.emperor:
        return msg("the emperor is not played under these rules")
    if form == SEQ and (m[2] == 0 or m[7] == 14) and not cx.seq_ends:
        return msg("a joker cannot stand below 3 or above 2 under these rules")
    return ""


def _why_not_now(e: Engine, m: Play, hand: int) -> str:
    """The first-play card or a refused forbidden finish, or ``""``."""
    if e.must_card and hand & e.must_card and not m[3] & e.must_card and e.field is None:
        return _must_include(e)
    if e.cx.ff_refuse and m[1] == hand.bit_count() and forbidden_finish(e, m, e.inverted(), e.field):
        return msg("you cannot go out with that play (forbidden finish)")
    return ""


def _why_not_on_field(e: Engine, m: Play) -> str:
    """What keeps ``m`` from covering the top play (§1.6, §5.5)."""
    cx = e.cx
    field = e.field
    if field is None:
        return msg("that is not a legal lead")
    ff = field[0]
    form = m[0]
    if ff == JOKER and not (e.inverted() and cx.joker_inverts):
        if form == SINGLE and m[3] == 1:
            return msg("a ♠3 may answer a lone joker only with the spade-3 return rule")
        if cx.s3_return:
            return msg("too weak: only the ♠3 return beats a lone joker")
        return msg("too weak: nothing beats a lone joker")
    if ff == JPAIR:
        return msg("too weak: nothing beats the pair of jokers")
    if form not in SAME_KIND.get(ff, ()) or m[1] != field[1]:
        return msg("must be {form} (same form and number of cards as the top play)", form=_form_phrase(field))
    if not lock_ok(e, m):
        if e.numnext >= 0 and m[2] != e.numnext:
            return msg("breaks the number lock")
        if e.colour >= 0 and colour(m) != e.colour:
            return msg("breaks the colour lock")
        return msg("breaks the suit lock")
    return msg("too weak")


def _form_phrase(field: Play) -> str:
    form, size = field[0], field[1]
    if form in (SINGLE, JOKER):
        return msg("a single card")
    if form in (GROUP, JPAIR):
        return {2: msg("a pair"), 3: msg("a triple"), 4: msg("four of a kind")}.get(size) or msg("a group of {size}",
                                                                                              size=size)
    if form == EMPEROR:
        return msg("an emperor")
    return msg("a sequence of {size}", size=size)


__all__ = ["explain"]
