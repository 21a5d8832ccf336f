"""Legality: every action the player to act may take, in each phase (the one source of legality).

* :func:`legal` — the legal actions of the current phase, in the engine's internal form;
* :func:`legal_plays` — the plays of the play phase (not the pass): every lead from the hand
  (:func:`leads`, :func:`lead_plays`), or what beats the top play (§1.6): a
  stronger single (in :func:`legal_plays` itself, the hot path), group (:func:`beat_group`),
  sequence (:func:`beat_sequence`), emperor (:func:`beat_emperor`), or a natural single on a
  lone joker that ``joker_inverts`` made the weakest (:func:`beat_joker`); locks filter them
  (:func:`.locks.lock_ok`, §5.5);
  :func:`special_plays` adds what special rules allow whatever the form, strength or lock
  (``spade3_return``, ``sandstorm``, ``ambulance``, ``rokurokubi``, §5.2); a forbidden finish is
  removed under ``forbidden_penalty=refuse`` (§5.6);
* :func:`can_pass` — whether passing is allowed (``leader_pass``, ``may_pass_when_able``,
  ``first_lead_must_include``, §5.8);
* :func:`four_stop_plays`, :func:`transfer_range`, :func:`bomb_choices` — the choices of the
  4-stop, 7-pass / 10-discard and Q-bomber phases (§5.2, §5.4).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .cards import (
    EMPEROR,
    GROUP,
    JOKER,
    JOKER_PAIR,
    JPAIR,
    LONE_JOKER,
    NATURALS,
    PASS,
    SEQ,
    SINGLE,
    SUIT_ROW,
    Play,
    joker_count,
    subsets_with_jokers,
)
from .ctx import FX_DISCARD_EXACTLY, FX_PASS_BACK, FX_PASS_EXACTLY, Ctx
from .endings import forbidden_finish
from .exchange import draw_options, return_options, tribute_options
from .locks import lock_ok
from .phases import BOMB, DRAW, FOURSTOP, PICK, PLAY, RETURN, REVCHOICE, SEVEN, TARGET, TEN, TRIBUTE
from .specials import can_dokan, can_relieve, neighbours, pick_choices

if TYPE_CHECKING:
    from .engine import Engine

R_THREE, R_SIX, R_NINE, R_TEN, R_TWO = 1, 4, 7, 8, 13
EXACTLY = (FX_PASS_EXACTLY, FX_PASS_BACK, FX_DISCARD_EXACTLY)
ROW0 = SUIT_ROW[0]


def legal(e: Engine) -> list[Any]:
    """Every legal action of the seat to act, in internal form (empty at chance nodes and at the end)."""
    ph = e.phase
    if ph == PLAY:
        plays = legal_plays(e)
        if (e.field is not None and e.cx.may_pass) or can_pass(e, plays):
            plays.append(PASS)
        if e.cx.declarations and e.field is not None:
            return plays + declarations(e)
        return plays
    if ph == FOURSTOP:
        return [*four_stop_plays(e), PASS]
    if ph == RETURN:
        _, giver, _, count = e.exch[0]
        return [("return", m) for m in return_options(e, giver, count)]
    if ph == TRIBUTE:
        _, giver, _, count = e.exch[0]
        return [("tribute", m) for m in tribute_options(e.cx, e.hands[giver], count)]
    if ph == REVCHOICE:
        return [("revolt", 1), ("revolt", 0)]
    if ph == SEVEN or ph == TEN:
        lo, hi = transfer_range(e)
        kind = "give" if ph == SEVEN else "discard"
        return [(kind, m) for m in subsets_with_jokers(e.hands[e.turn], range(lo, hi + 1))]
    if ph == BOMB:
        assert e.cont is not None
        return [("bomb", m) for m in bomb_choices(e.cont[3])]
    return _special_choices(e)


def _special_choices(e: Engine) -> list[Any]:
    """The choices of the ``pick``, ``target`` and ``draw`` phases (:mod:`.specials`, :mod:`.exchange`)."""
    ph = e.phase
    if ph == PICK:
        return [("pick", c) for c in pick_choices(e)]
    if ph == TARGET:
        return [("target", q) for q in neighbours(e, e.turn)]
    if ph == DRAW:
        return [("draw", m) for m in draw_options(e)]
    return []


def declarations(e: Engine) -> list[Any]:
    """What a player may declare instead of playing: ``relief`` (the 大貧民 takes the field's cards) and
    ``dokan`` (the field adds up to the hand)."""
    p = e.turn
    out: list[Any] = []
    if can_relieve(e, p):
        out.append(("relief", 0))
    if can_dokan(e, p):
        out.append(("dokan", 0))
    return out


def legal_plays(e: Engine) -> list[Play]:
    """The plays (not the pass) the seat to act may make in the play phase."""
    cx = e.cx
    hand = e.hands[e.turn]
    njk = (hand >> 52 & 1) + (hand >> 53 & 1)
    field = e.field
    if field is None:
        out = leads(e, hand, njk)
    else:
        inv = e.revolution != e.back
        form = field[0]
        if form == SINGLE:
            # a stronger single (the commonest case: inline, it is the playouts' hot path)
            out = []
            fr = field[2]
            tab = cx.single_tab
            if inv:
                for r in range(1, fr):
                    nib = hand >> (4 * r - 4) & 15
                    if nib:
                        out += tab[r * 16 + nib]
            else:
                h = hand >> (4 * fr)
                r = fr + 1
                while h and r < 14:
                    nib = h & 15
                    if nib:
                        out += tab[r * 16 + nib]
                    h >>= 4
                    r += 1
            if njk and not (inv and cx.joker_inverts):  # a lone joker, unless joker_inverts weakens it
                out.append(LONE_JOKER)
        else:
            out = _BEAT[form](cx, hand, njk, field, inv)
        if out and (e.lock or e.colour >= 0 or e.numnext >= 0):
            out = [m for m in out if lock_ok(e, m)]
        if cx.any_special and not e.omen and (form == JOKER or cx.special_any_field):
            _add_new(out, special_plays(e, hand, field, inv))
    if cx.ff_refuse and cx.any_ff and out:
        size = hand.bit_count()
        inv = e.revolution != e.back
        out = [m for m in out if m[1] != size or not forbidden_finish(e, m, inv, field)]
    return out


def leads(e: Engine, hand: int, njk: int) -> list[Play]:
    """The plays that may lead a trick (with the card the game's first play must include)."""
    out = lead_plays(e.cx, hand, njk)
    mc = e.must_card
    if mc and hand & mc:
        out = [m for m in out if m[3] & mc]
    return out


def _add_new(out: list[Play], extra: list[Play]) -> None:
    """Append the plays of ``extra`` not already in ``out``, in order."""
    if extra:
        have = set(out)
        for m in extra:
            if m not in have:
                have.add(m)
                out.append(m)


def lead_plays(cx: Ctx, hand: int, njk: int) -> list[Play]:
    """Every play that may lead a trick from ``hand`` (depends on the hand and the rules only)."""
    out: list[Play] = []
    tab = cx.lead_group_tab
    base = njk * 224
    h = hand & NATURALS
    r = 1
    while h:
        nib = h & 15
        if nib:
            got = tab[base + r * 16 + nib]
            if got is None:
                got = ()
                for lst in cx.groups(r, nib, njk).values():
                    got += tuple(lst)
                tab[base + r * 16 + nib] = got
            out += got
        h >>= 4
        r += 1
    if njk:
        out.append(LONE_JOKER)
        if njk == 2 and cx.joker_pair:
            out.append(JOKER_PAIR)
    if cx.sequences:
        seqs = cx.seqs
        for s in range(4):
            row = hand >> s & ROW0
            # a quick necessary condition: enough cards close together for 3 with the jokers
            close = row & ((row >> 4) | (row >> 8)) if njk else row & (row >> 4) & (row >> 8)
            if row and (njk == 2 or close or cx.seq_min == 2):
                out += seqs(s, row, njk)
    if cx.emperor:
        out += cx.emperors(hand, njk)
    return out


def beat_group(cx: Ctx, hand: int, njk: int, field: Play, inv: bool) -> list[Play]:
    """The groups of the same size stronger than the top group (and the pair of jokers on a pair)."""
    out: list[Play] = []
    fr = field[2]
    k = field[1]
    rng = range(1, fr) if inv else range(fr + 1, 14)
    gtab = cx.group_tab
    base = (njk * 8 + k) * 224
    for r in rng:
        nib = hand >> (4 * r - 4) & 15
        if nib:
            got = gtab[base + r * 16 + nib]
            if got is None:
                got = gtab[base + r * 16 + nib] = tuple(cx.groups(r, nib, njk).get(k, ()))
            if got:
                out += got
    if k == 2 and njk == 2 and cx.joker_pair:
        out.append(JOKER_PAIR)
    return out


def beat_sequence(cx: Ctx, hand: int, njk: int, field: Play, inv: bool) -> list[Play]:
    """The sequences of the same length stronger than the top one (``seq_compare``, §1.6)."""
    out: list[Play] = []
    k = field[1]
    if cx.seq_lowest:
        lo_min, hi_max = (field[2] + 1, 99) if not inv else (-1, field[7] - 1)
    else:
        lo_min, hi_max = (field[7] + 1, 99) if not inv else (-1, field[2] - 1)
    seqs = cx.seqs
    for s in range(4):
        row = hand >> s & ROW0
        if row:
            for m in seqs(s, row, njk):
                if m[1] == k and m[2] >= lo_min and m[7] <= hi_max:
                    out.append(m)
    return out


def beat_emperor(cx: Ctx, hand: int, njk: int, field: Play, inv: bool) -> list[Play]:
    """The emperors stronger than the top emperor (``emperor``, §5.1)."""
    if not cx.emperor:
        return []
    if inv:
        return [m for m in cx.emperors(hand, njk) if m[7] < field[2]]
    return [m for m in cx.emperors(hand, njk) if m[2] > field[7]]


def beat_joker(cx: Ctx, hand: int, njk: int, field: Play, inv: bool) -> list[Play]:
    """On a lone joker: every natural single when ``joker_inverts`` made it the weakest, else nothing."""
    out: list[Play] = []
    if inv and cx.joker_inverts:
        groups = cx.groups
        for r in range(1, 14):
            nib = hand >> (4 * r - 4) & 15
            if nib:
                out += groups(r, nib, 0)[1]
    return out


def beat_nothing(cx: Ctx, hand: int, njk: int, field: Play, inv: bool) -> list[Play]:
    """Nothing beats the pair of jokers."""
    return []


_BEAT = {GROUP: beat_group, SEQ: beat_sequence, EMPEROR: beat_emperor, JOKER: beat_joker, JPAIR: beat_nothing}


def special_plays(e: Engine, hand: int, field: Play, inv: bool) -> list[Play]:
    """Plays allowed by special rules whatever the form, strength or lock (may repeat a play).

    ``spade3_return``: a lone ♠3 on a lone joker; ``sandstorm``: three 3s (on a triple, on
    anything, or on a lone joker); ``ambulance`` / ``rokurokubi``: a pair of 9s / 6s on a field
    with no card above 9 / 6.
    """
    cx = e.cx
    out: list[Play] = []
    form = field[0]
    if cx.s3_return and form == JOKER and hand & 1:
        out.append((SINGLE, 1, 1, 1, 0, (), 1, 1))
    sand = cx.sandstorm
    if sand and (hand & 15).bit_count() >= 3 and (
            sand == 2 or (sand == 3 and form == JOKER) or (sand == 1 and form == GROUP and field[1] == 3)):
        for m in cx.groups(1, hand & 15, 0).get(3, ()):
            if sand != 1 or lock_ok(e, m):
                out.append(m)
    for on, r in ((cx.ambulance, R_NINE), (cx.rokurokubi, R_SIX)):
        if on and (hand >> (4 * r - 4) & 15).bit_count() >= 2 and not field_above(e, field, r, inv):
            out += cx.groups(r, hand >> (4 * r - 4) & 15, 0)[2]
    if cx.article_specials:
        out += article_special_plays(e, hand, field)
    return out


def article_special_plays(e: Engine, hand: int, field: Play) -> list[Play]:
    """The article's plays allowed whatever the strength or lock: a natural pair chasing the pair of
    the same rank (``chasing_revolution``), a lone ♠2 on a lone joker in a revolution
    (``spade2_return``), 3s on as many 2s — 2s on 3s in a revolution (``assassination``)."""
    cx = e.cx
    out: list[Play] = []
    form = field[0]
    if cx.chasing and form == GROUP and field[1] == 2:
        nib = hand >> (4 * field[2] - 4) & 15
        if nib.bit_count() >= 2:
            out += cx.groups(field[2], nib, 0)[2]
    if cx.s2_return and form == JOKER and e.revolution and hand >> 48 & 1:
        out.append((SINGLE, 1, 13, 1 << 48, 0, (), 1, 13))
    if cx.assassination and (form == SINGLE or form == GROUP):
        want, need = (R_TWO, R_THREE) if e.revolution else (R_THREE, R_TWO)
        if field[2] == need:
            nib = hand >> (4 * want - 4) & 15
            njk = (hand >> 52 & 1) + (hand >> 53 & 1)
            if nib:
                out += cx.groups(want, nib, njk).get(field[1], [])
    return out


def field_above(e: Engine, field: Play, r: int, inv: bool) -> bool:
    """Whether the top play holds a card ranked above ``r`` in the current order."""
    form = field[0]
    if form == JOKER:
        return not (inv and e.cx.joker_inverts)
    if form == JPAIR:
        return True
    lo, hi = field[2], field[7]
    return lo < r if inv else hi > r


def can_pass(e: Engine, plays: list[Play] | None = None) -> bool:
    """Whether the seat to act may pass (``plays``: their legal plays, if already known)."""
    cx = e.cx
    if e.field is None:
        if e.must_card and e.hands[e.turn] & e.must_card or cx.leader_pass == 0:
            allowed = False
        elif cx.leader_pass == 1:
            allowed = not e.must_lead
        else:
            allowed = True
        if not allowed:
            if plays is None:
                plays = legal_plays(e)
            return not plays  # stuck: no legal lead at all (only with refused finishes)
        return allowed if cx.may_pass else not (plays if plays is not None else legal_plays(e))
    if not cx.may_pass:
        if plays is None:
            plays = legal_plays(e)
        return not plays
    return True


def four_stop_plays(e: Engine) -> list[Play]:
    """The answers to an 8-cut of k 8s: exactly k 4s (2k with ``four_stop_count=double``; jokers may
    stand in; no lock) for the 4-stop, the natural 10s of the 8s' suits for the 10-return."""
    assert e.cont is not None
    cx = e.cx
    k = e.cont[3]
    hand = e.hands[e.turn]
    out: list[Play] = []
    if cx.four_stop:
        njk = joker_count(hand)
        nib = hand >> 4 & 15
        want = k * cx.four_stop_per_eight
        if nib:
            out += cx.groups(2, nib, njk if want > 1 else 0).get(want, ())
    cut = e.cont[1]
    if cx.ten_return and not cut[4] and cut[0] <= GROUP and hand >> 28 & cut[6] == cut[6]:
        suits = cut[6]
        out += [m for m in cx.groups(R_TEN, suits, 0).get(cut[1], ()) if m[6] == suits]
    if cx.ff_refuse and cx.any_ff:
        size = hand.bit_count()
        out = [m for m in out if m[1] != size or not forbidden_finish(e, m, e.inverted(), e.field)]
    return out


def transfer_range(e: Engine) -> tuple[int, int]:
    """How many cards the pending pass or discard may move: ``up_to`` k (0 allowed), or exactly
    min(k, hand) for ``pass_exactly``, ``pass_back`` and ``discard_exactly``."""
    assert e.cont is not None
    k = e.cont[3]
    exactly = e.cx.fx[e.cont[1][2]] in EXACTLY
    size = e.hands[e.turn].bit_count()
    m = min(k, size)
    return (m, m) if exactly else (0, m)


def bomb_choices(k: int) -> list[int]:
    """Every set of at most ``k`` ranks (bits 1..13) a Q-bomber may name.

    >>> len(bomb_choices(1)), bin(bomb_choices(1)[1])
    (14, '0b10')
    """
    k = min(k, 13)
    got = _BOMB_CHOICES.get(k)
    if got is None:
        got = []
        for size in range(k + 1):
            for combo in combinations(range(1, 14), size):
                m = 0
                for r in combo:
                    m |= 1 << r
                got.append(m)
        _BOMB_CHOICES[k] = got
    return list(got)


_BOMB_CHOICES: dict[int, list[int]] = {}


__all__ = [
    "beat_emperor", "beat_group", "beat_joker", "beat_sequence", "bomb_choices", "can_pass",
    "field_above", "four_stop_plays", "lead_plays", "leads", "legal", "legal_plays",
    "special_plays", "transfer_range",
]
