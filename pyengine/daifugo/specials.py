"""The article's special plays and special wins (§6.2, §6.5, §6.6 of the source), one function each.

Going out at once (step 1 of §1.13): :func:`lucky_seven` (ラッキーセブン, three 7s) and
:func:`taepodong` (テポドン, four of a kind with both jokers: a revolution too).

Three cards of a rank (step 4, after the effect table's follow-up): :func:`death` (DEATH, three
4s: everyone else discards their strongest card), :func:`thief` (シーフ, three 4s: take the
strongest card of a neighbour), :func:`damian` (ダミアン, three 6s: whoever passes before the
trick clears loses), :func:`satan` (サタン, three 6s: take a card from the discard pile),
:func:`zombie` (ゾンビ, three 3s: give a card of the discard pile to the next player),
:func:`bloody_mary` (ブラッディ・メアリ, three Qs: everyone else discards their two strongest
cards), :func:`jeanne` (ジャンヌ・ダルク, three Qs: the next player discards their two strongest
cards), :func:`kings_privilege` (王の特権, three Ks: swap hands with a neighbour).  The choices are
the phases ``pick`` (:func:`pick`) and ``target`` (:func:`target`).

Other moments: :func:`rescue` (救助, a trick that clears with 3s on top: their player takes a card
from the discard pile), :func:`relief` (物資救援, the 大貧民 takes the field's cards instead of
playing, once a game), :func:`dokan` (ドカン, the field's cards add up to the hand's: the player
wins), :func:`loses` (the guillotine clock and Damian's passes); the monopoly (モノポリー) is
:func:`.endings.monopoly`.

"Strongest" is the order in force, the joker first, ♠ ♥ ♦ ♣ among equal ranks ([open]); cards
discarded by these rules go face up to the discard pile; a player emptied by them goes out
legally, in turn order from the player after the one who played (as for the Q-bomber, §1.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import J1, J2, JOKER_BITS, NATURALS, Play, bits_of, fmt_cards
from .endings import check_end, go_out, win_at_once
from .pending import RESCUE, wait
from .phases import PICK, PLAY, TARGET
from .table import prev_holder
from .turns import next_holder

if TYPE_CHECKING:
    from .engine import Engine

CARD_VALUES = (0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
"""Dokan: the value of a card of each rank (index 1 = 3 … 12 = A, 13 = 2); a joker counts 0 ([open])."""


def strongest(hand: int, k: int, inv: bool) -> int:
    """The ``k`` strongest cards of ``hand`` in the order in force (jokers first).

    >>> from pyengine.daifugo.cards import parse_cards, fmt_cards
    >>> fmt_cards(strongest(parse_cards("S3.HA.DA.C2"), 2, False)), fmt_cards(strongest(parse_cards("S3.HA"), 1, True))
    ('HA.C2', 'S3')
    """
    out = 0
    for b in (J1, J2):
        if k and hand & b:
            out |= b
            k -= 1
    ranks = range(1, 14) if inv else range(13, 0, -1)
    for r in ranks:
        for s in range(4):
            b = 1 << (4 * (r - 1) + s)
            if k and hand & b:
                out |= b
                k -= 1
    return out


def strongest_of(e: Engine, q: int, k: int, inv: bool) -> int:
    """:func:`strongest` of ``q``'s hand (a hidden read: :meth:`Engine.ask`)."""
    return strongest(e.hands[q], k, inv)


# --- step 1: going out at once ---------------------------------------------------------------------
def lucky_seven(e: Engine, p: int, hand: int) -> None:
    """Lucky seven ラッキーセブン: three 7s win the game ("7을 3장 내면 게임에 승리한다")."""
    win_at_once(e, p, hand, "lucky_seven")


def taepodong(e: Engine, p: int, hand: int) -> None:
    """Taepodong テポドン: four of a kind with both jokers go out at once (the revolution is step 2)."""
    win_at_once(e, p, hand, "taepodong")


# --- step 4: three cards of a rank -----------------------------------------------------------------
def triple_effect(e: Engine, name: str, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Run the ``specials`` effect ``name`` of ``p``'s three cards; whether it waits for a choice."""
    if name in ("satan", "zombie"):
        return satan(e, p, m, prev, fl) if name == "satan" else zombie(e, p, m, prev, fl)
    if name in ("thief", "kings_privilege"):
        return thief(e, p, m, prev, fl) if name == "thief" else kings_privilege(e, p, m, prev, fl)
    if name == "damian":
        damian(e, p)
    elif name == "death":
        death(e, p)
    elif name == "bloody_mary":
        bloody_mary(e, p)
    else:
        jeanne(e, p)
    return False


def _others(e: Engine, p: int) -> list[int]:
    """The other players holding cards, in turn order from the one after ``p``."""
    out = []
    q = p
    for _ in range(e.n - 1):
        q = e.order[(e.pos[q] + e.direction) % e.n]
        if e.hands[q]:
            out.append(q)
    return out


def _discard_strongest(e: Engine, p: int, victims: list[int], k: int, name: str) -> None:
    """Each of ``victims`` discards their ``k`` strongest cards face up; the emptied go out."""
    inv = e.revolution != e.back
    lost = []
    for q in victims:
        cards = e.ask(strongest_of, q, k, inv)
        e.hands[q] &= ~cards
        e.public |= cards
        lost.append((q, fmt_cards(cards)))
    e.event((name, p, tuple(lost)))
    r0 = len(e.results)
    for q in victims:
        if not e.hands[q] and q not in e.out_order:
            go_out(e, q)
            if len(e.results) != r0:
                return


def death(e: Engine, p: int) -> None:
    """DEATH: three 4s — "자신을 제외한 모든 플레이어는 패에서 가장 강한 카드 1장을 버린다"."""
    _discard_strongest(e, p, _others(e, p), 1, "death")


def bloody_mary(e: Engine, p: int) -> None:
    """Bloody Mary ブラッディ・メアリ (pattern 1): three Qs — everyone else discards their two strongest."""
    _discard_strongest(e, p, _others(e, p), 2, "bloody_mary")


def jeanne(e: Engine, p: int) -> None:
    """Jeanne d'Arc ジャンヌ・ダルク (pattern 1): three Qs — the next player discards their two strongest."""
    q = next_holder(e, p)
    if q >= 0:
        _discard_strongest(e, p, [q], 2, "jeanne")


def damian(e: Engine, p: int) -> None:
    """Damian ダミアン: three 6s — until the trick clears, whoever passes loses."""
    e.damian = True
    e.event(("damian", p))


def discard_pile(e: Engine) -> int:
    """The cards face up out of play: the public cards not on the table in this trick."""
    return e.public & ~e.trick_cards


def satan(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Satan サタン: three 6s — ``p`` takes a card of the discard pile (phase ``pick``)."""
    if not discard_pile(e):
        return False
    wait(e, PICK, p, m, prev, 0, fl)
    return True


def zombie(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Zombie ゾンビ: three 3s — ``p`` picks a card of the discard pile for the next player (``pick``)."""
    if not discard_pile(e) or next_holder(e, p) < 0:
        return False
    wait(e, PICK, p, m, prev, 1, fl)
    return True


def neighbours(e: Engine, p: int) -> list[int]:
    """The players on either side of ``p`` who hold cards (the next one first)."""
    out = [q for q in (next_holder(e, p), prev_holder(e, p)) if q >= 0]
    return list(dict.fromkeys(out))


def thief(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Thief シーフ: three 4s — ``p`` chooses a neighbour and takes their strongest card (two from the
    大富豪; the 大富豪 cannot steal) (phase ``target``)."""
    if e.classes is not None and e.classes[0] == p or not neighbours(e, p):
        return False
    wait(e, TARGET, p, m, prev, 0, fl)
    return True


def kings_privilege(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """King's privilege 王の特権: three Ks — ``p`` swaps hands with a neighbour (phase ``target``)."""
    if not neighbours(e, p):
        return False
    wait(e, TARGET, p, m, prev, 1, fl)
    return True


def pick_choices(e: Engine) -> list[int]:
    """The cards the ``pick`` phase offers (the jokers of the pile are one choice)."""
    pile = discard_pile(e)
    out = bits_of(pile & NATURALS)
    if pile & JOKER_BITS:
        out.append(52)
    return [1 << i for i in out]


def pick(e: Engine, card: int) -> bool:
    """The ``pick`` choice: ``card`` leaves the discard pile for the picker's hand (Satan, rescue) or the
    next player's (zombie); whether the play's effects are over (a rescue)."""
    assert e.cont is not None
    if card & JOKER_BITS:
        card = (e.public & ~e.trick_cards & JOKER_BITS) & -(e.public & ~e.trick_cards & JOKER_BITS)
    p = e.turn
    rescuing = bool(e.cont[4] & RESCUE)
    q = next_holder(e, p) if not rescuing and e.cont[3] == 1 else p
    e.public &= ~card
    e.hands[q] |= card
    for k in range(e.n):  # picked in view of all: every seat knows where it went
        e.known[k] |= card
    e.event(("pick", p, q, fmt_cards(card)))
    if not rescuing:
        return False
    e.turn = e.cont[3]
    e.cont = None
    e.phase = PLAY
    return True


def target(e: Engine, q: int) -> None:
    """The ``target`` choice: the thief takes ``q``'s strongest card(s); a king swaps hands with ``q``."""
    assert e.cont is not None
    p = e.turn
    if e.cont[3] == 1:
        e.hands[p], e.hands[q] = e.hands[q], e.hands[p]
        e.known[p] |= e.hands[p] | e.hands[q]
        e.known[q] |= e.hands[p] | e.hands[q]
        e.event(("kings_privilege", p, q))
        return
    k = 2 if e.classes is not None and e.classes[0] == q else 1
    cards = e.ask(strongest_of, q, k, e.revolution != e.back, seen=(1 << p) | (1 << q))
    e.hands[q] &= ~cards
    e.hands[p] |= cards
    e.known[p] |= cards
    e.known[q] |= cards
    e.event(("thief", p, q, cards.bit_count()))
    e.event(("thief", p, q, fmt_cards(cards)), (1 << p) | (1 << q))
    if not e.hands[q] and q not in e.out_order:
        go_out(e, q)


# --- other moments -------------------------------------------------------------------------------
def rescue(e: Engine, top: Play, owner: int, leader: int) -> bool:
    """Rescue 救助: the trick cleared with ``owner``'s 3s on top (not a sequence): they take a card of
    the discard pile before ``leader`` leads; whether they are asked."""
    if top[0] > 2 or top[2] != 1 or owner < 0 or not e.hands[owner] or not discard_pile(e):
        return False
    e.cont = (owner, top, None, leader, RESCUE)
    e.phase = PICK
    e.turn = owner
    return True


def relief(e: Engine, p: int) -> None:
    """Relief 物資救援: the 大貧民 takes every card of the trick into their hand instead of playing
    (once a game); the trick clears and they lead."""
    cards = e.trick_cards
    e.public &= ~cards
    e.hands[p] |= cards
    for q in range(e.n):  # everyone saw the trick go into that hand
        e.known[q] |= cards
    e.relief_used |= 1 << p
    e.event(("relief", p, fmt_cards(cards)))


def can_relieve(e: Engine, p: int) -> bool:
    """Whether ``p`` may take the field's cards now (the reigning 大貧民, a trick with cards, not yet used)."""
    return (e.cx.relief and e.field is not None and e.classes is not None and e.classes[-1] == p
            and not e.relief_used >> p & 1 and bool(e.trick_cards))


def hand_value(cards: int) -> int:
    """Dokan: the sum of the values of ``cards`` (see :data:`CARD_VALUES`)."""
    return sum(CARD_VALUES[(i >> 2) + 1] for i in bits_of(cards & NATURALS))


def can_dokan(e: Engine, p: int) -> bool:
    """Dokan ドカン: the cards on the field in this trick add up to the cards in ``p``'s hand."""
    return e.cx.dokan and e.field is not None and hand_value(e.trick_cards) == hand_value(e.hands[p])


def dokan(e: Engine, p: int) -> None:
    """Dokan: ``p`` shows the hand and wins ("게임에서 승리한다"): out at once, the hand face up."""
    win_at_once(e, p, e.hands[p], "dokan")


def loses(e: Engine, q: int, name: str) -> None:
    """``q`` loses at once (the guillotine clock, Damian): the hand face down, placed below every loser
    so far."""
    e.facedown |= e.hands[q]
    e.known[q] |= e.hands[q]
    e.hands[q] = 0
    e.offenders.insert(0, q)
    e.event((name, q))


def after_loss(e: Engine) -> bool:
    """End the game if a loss left at most one player holding cards."""
    return check_end(e)


__all__ = [
    "CARD_VALUES", "after_loss", "bloody_mary", "can_dokan", "can_relieve", "damian", "death", "discard_pile",
    "dokan", "hand_value", "jeanne", "kings_privilege", "loses", "lucky_seven", "neighbours",
    "pick", "pick_choices", "relief", "rescue", "satan", "strongest", "strongest_of", "taepodong", "target", "thief",
    "triple_effect", "zombie",
]
