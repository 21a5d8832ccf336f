"""A play and its effects: one function per rule, in the specification's order of effects.

:func:`play` takes the cards from the hand and settles step 1; :func:`effects` runs steps 2–6
of §1.13 ("Order of effects of one play") and pauses where a rule asks a player to choose
(an engine phase); the choice's function goes on from the next step.  Within a step the
rules come in the order the engine tries them (``#n``: the rule's number in the catalogue, §5.0):

1. going out — :func:`.endings.finish` (forbidden finishes, miyako-ochi, gekokujō, kyoto-ochi
   are in :mod:`.endings`); :func:`great_revolution` (#8, §5.1); :func:`spade3_return` marks a
   ♠3 return (#18, §5.2) for step 6;
2. order changes (§5.1) — :func:`eleven_back` (#9–#11), :func:`omen` (#7), :func:`revolts`
   (what revolts: #1 revolution, #4 seq_revolution, #5 emperor, #6 coup_detat, #8), then
   :func:`revolution` (#1), or :func:`revolution_choice` (#3) and :func:`revolution_chosen`;
3. lock update (§5.5) — :func:`.locks.lock_update`: ``lock_joker`` (#30), ``q_release`` (#33),
   ``suit_lock`` (#29), ``colour_lock`` (#31), ``number_lock`` (#32), all in :mod:`.locks`;
4. follow-up choices (§5.4) — :func:`seven_pass` (#26) / :func:`seven_pass_give`,
   :func:`ten_discard` (#27) / :func:`ten_discard_cards`, :func:`q_bomber` (#28) /
   :func:`q_bomber_ranks`; :func:`resume` goes on to step 5;
5. turn order (§5.3) — :func:`five_skip` (#24), :func:`nine_reverse` (#25);
6. clearing (§5.2) — :func:`eight_cut` (#13–#15), offering the 4-stop (#16) answered by
   :func:`four_stop`; :func:`q_cut` (#17); the ♠3 return (#18); :func:`sandstorm` (#19);
   :func:`ambulance` (#20); :func:`rokurokubi` (#21); :func:`joker_pair` (#22);
   :func:`revolution_clears` (#2); :func:`finish_clears` (#23).  Several clears are one clear.

Each rule's function is called only when the rule is in play and the play could set it off
(the caller checks the option and, for a rank's rule, that the play's ranks ``m[2]..m[7]`` reach
that rank: a quick test, the function decides); it says whether, or does what, the rule does.
The omen (#7) switches every card effect off for the rest of the game.  A pause stores
``Engine.cont = (player, play, covered play, count, flags)`` (a 4-stop adds the players still
to be asked); ``flags`` is a bit set of :data:`REVOLTED`, :data:`FINISHED`,
:data:`S3_RETURN` and :data:`WAS_INVERTED`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import specials
from .cards import (
    GROUP,
    JOKER,
    SEQ,
    SINGLE,
    Play,
    fmt_cards,
    fmt_play,
    rank_count,
    take_jokers,
)
from .clears import ambulance, clearing_effects, eight_cut, four_stop, q_cut, rokurokubi, sandstorm
from .ctx import (
    FX_BACK,
    FX_BOMB,
    FX_DISCARD,
    FX_DISCARD_EXACTLY,
    FX_REVERSE_TRICK,
    FX_SKIP,
    FX_SKIP_ONE,
)
from .endings import check_end, finish, go_out, win_at_once
from .locks import lock_update
from .pending import (
    CHASED,
    FINISHED,
    REV_BEFORE,
    REVOLTED,
    S3_RETURN,
    SPECIAL_CLEAR,
    STOPPED,
    WAS_INVERTED,
    wait,
)
from .phases import BOMB, PICK, PLAY, REVCHOICE, SEVEN, TEN
from .table import fx_count, fx_ranks, transfer_target
from .tricks import after_play, clear_trick
from .triggers import (
    assassinates,
    chases,
    revolts,
    spade2_return,
    taepodong,
    triple,
)
from .turns import next_holder

if TYPE_CHECKING:
    from .engine import Engine

# ranks (1 = 3 … 13 = 2)
R_THREE, R_FIVE, R_SIX, R_SEVEN, R_EIGHT, R_NINE = 1, 3, 4, 5, 6, 7
R_TEN, R_JACK, R_QUEEN, R_ACE, R_TWO = 8, 9, 10, 12, 13

# the steps of §1.13 (step 1, going out, is done in ``play``; step 4 is the effect table's follow-up,
# then the special effect of three cards of a rank)
ORDER_STEP = 2
LOCK_STEP = 3
FOLLOW_UP_STEP = 4
SPECIAL_STEP = 5
TURN_STEP = 6
CLEAR_STEP = 7

PAUSED = -1


# --- step 1: the cards leave the hand, going out --------------------------------------------------
def play(e: Engine, p: int, m: Play, fl: int = 0) -> None:
    """``p`` plays ``m`` (known to be legal): the cards leave the hand, then its effects
    (``fl``: :data:`STOPPED` for the 4s that stop an 8-cut, which clear whatever they do)."""
    cx = e.cx
    hand = e.hands[p]
    cards = m[3] | take_jokers(hand, m[4]) if m[4] else m[3]
    inv_before = e.revolution != e.back
    hand &= ~cards
    e.hands[p] = hand
    e.public |= cards
    prev = e.field
    e.field = m
    e.owner = p
    e.consec = 0
    e.lead_passes = 0
    e.stuck = 0
    e.must_lead = False
    e.must_card = 0
    if not cx.sticky:
        e.passed = 0
    if cx.track_trick:
        e.trick_cards |= cards
    if e.log is not None:
        e.event(("four_stop" if fl & STOPPED else "play", p, fmt_play(m)))
    if hand and not fl and m[0] < SEQ and m[1] < 4 and not cx.rank_trig[m[2]] and not (m[3] == 1 and cx.s3_return):
        # the common case: a single or small group of a rank without any effect, the hand not empty
        if cx.any_lock:
            lock_update(e, m, prev, inv_before)
        nxt = next_holder(e, p, e.passed if cx.all_passed else e.passed | (1 << p), cx.all_passed)
        if nxt < 0:
            clear_trick(e, p)
        else:
            e.turn = nxt
        return
    if inv_before:
        fl |= WAS_INVERTED
    if e.revolution:
        fl |= REV_BEFORE
    if cx.s3_return and m[3] == 1 and spade3_return(m, prev):
        fl |= S3_RETURN
    if cx.article_specials:
        fl |= special_flags(e, m, prev)
    r0 = len(e.results)
    if not hand:
        fl |= FINISHED
        finish(e, p, m, inv_before, prev)
    elif cx.wins_at_once and m[0] == GROUP and not e.omen:
        out_at_once(e, p, m, hand)
    if len(e.results) != r0:
        return
    if not e.hands[p] and last_play(e):
        return
    effects(e, p, m, prev, fl, ORDER_STEP)


def last_play(e: Engine) -> bool:
    """Whether the play that emptied a hand ends the game: at most one player still holds cards.

    The game's last play still changes the order (step 2 comes before the end, §1.13; the
    tournament server toggles the revolution, §4.6) — with no revolution choice, as nobody
    plays after it ([open]) — then the game ends.
    """
    if sum(1 for h in e.hands if h) > 1:
        return False
    assert e.field is not None
    if not e.omen:
        order_changes(e, e.owner, e.field, None, 0, choose=False)
    check_end(e)
    return True


def out_at_once(e: Engine, p: int, m: Play, hand: int) -> None:
    """The groups whose player goes out at once: the great revolution, the lucky seven, Taepodong."""
    cx = e.cx
    if cx.great_rev and m[2] == R_TWO and m[1] == 4 and not m[4]:
        great_revolution(e, p, hand)
    elif cx.lucky_seven and m[1] == 3 and m[2] == R_SEVEN:
        specials.lucky_seven(e, p, hand)
    elif taepodong(cx, m):
        specials.taepodong(e, p, hand)


def great_revolution(e: Engine, p: int, hand: int) -> None:
    """Great revolution 大革命 (#8): four natural 2s; the rest of the hand is discarded face up and
    ``p`` goes out ([open]); the revolution itself comes in step 2."""
    win_at_once(e, p, hand, "great_revolution")


def special_flags(e: Engine, m: Play, prev: Play | None) -> int:
    """The flags of the special plays that clear: a chasing pair, a ♠2 return, an assassination."""
    cx = e.cx
    if cx.chasing and chases(cx, m, prev):
        return CHASED
    if (cx.s2_return and spade2_return(e, m, prev)) or (cx.assassination and assassinates(e, m, prev)):
        return SPECIAL_CLEAR
    return 0


def spade3_return(m: Play, prev: Play | None) -> bool:
    """Spade-3 return スペ3返し (#18): whether ``m`` is a lone ♠3 on a lone joker (it clears in step 6)."""
    return prev is not None and prev[0] == JOKER and m[0] == SINGLE and m[3] == 1


# --- steps 2–6 ------------------------------------------------------------------------------------
def effects(e: Engine, p: int, m: Play, prev: Play | None, fl: int, step: int) -> None:
    """The effects of ``p``'s play ``m`` on ``prev`` from ``step`` on; pauses at a player's choice."""
    cx = e.cx
    rankish = m[0] == SINGLE or m[0] == GROUP
    if step <= ORDER_STEP and not e.omen and (not rankish or m[1] >= 3 or cx.order_rank[m[2]] or fl & CHASED):
        fl = order_changes(e, p, m, prev, fl)
        if fl == PAUSED:
            return
    if step <= LOCK_STEP and cx.any_lock:
        lock_update(e, m, prev, bool(fl & WAS_INVERTED))
    if (step <= FOLLOW_UP_STEP and rankish and cx.fx_follow[m[2]] and e.hands[p] and not e.omen
            and follow_ups(e, p, m, prev, fl)):
        return
    if step <= SPECIAL_STEP and cx.triples and not e.omen:
        name = triple(cx, m)
        r0 = len(e.results)
        if name and specials.triple_effect(e, name, p, m, prev, fl) or len(e.results) != r0:
            return
    if step <= TURN_STEP and not e.omen:
        if cx.any_fx_turn:
            if rankish:
                if cx.fx_turn[m[2]]:
                    turn_effect(e, p, m, m[2])
            else:
                for r in fx_ranks(cx, m, cx.fx_turn):
                    turn_effect(e, p, m, r)
        if cx.next_ace and rankish and m[2] == R_ACE and not fl & FINISHED:
            e.ace_owner = p  # next ace: the latest A leads after the clear
    clear = clearing_effects(e, p, m, prev, fl)
    if clear is not None:
        after_play(e, p, clear)


# --- step 2: order changes (§5.1) -----------------------------------------------------------------
def order_changes(e: Engine, p: int, m: Play, prev: Play | None, fl: int, choose: bool = True) -> int:
    """11-back, omen and revolutions; the play's flags, or :data:`PAUSED` for a revolution choice
    (``choose=False``: the play revolts without asking)."""
    cx = e.cx
    if cx.eleven_back and m[2] <= R_JACK <= m[7]:
        eleven_back(e, m)
    if cx.any_fx_order:
        for r in fx_ranks(cx, m, cx.fx_order):
            back_effect(e, r)
    if cx.omen and m[0] == GROUP and m[1] == 3 and m[2] == R_SIX:
        omen(e, p)
    elif revolts(e, m, bool(fl & CHASED)):
        if cx.rev_choice and choose:
            revolution_choice(e, p, m, prev, fl)
            return PAUSED
        revolution(e, m)
        fl |= REVOLTED
    return fl


def eleven_back(e: Engine, m: Play) -> None:
    """11-back Jバック (#9): a J inverts the order until the trick clears (``toggle`` or ``first_only``);
    ``eleven_back_sequences`` (#10): sequences too; ``strong_eleven_back`` (#11): three Js carry it over."""
    cx = e.cx
    form = m[0]
    if not (form == SINGLE or form == GROUP or (form == SEQ and cx.eb_seq)):
        return
    js = rank_count(m, R_JACK)
    if js:
        if cx.eleven_back == 1:
            e.back = not e.back
        elif not e.back_set:
            e.back = True
        e.back_set = True
        if cx.strong_eb and js >= 3:
            e.back_carry = e.back


def omen(e: Engine, p: int) -> None:
    """Omen オーメン (#7): three 6s invert the order for the rest of the game and end every card effect."""
    e.omen = True
    e.revolution = True
    e.back = False
    e.rev_pending = False
    e.back_carry = False
    e.event(("omen", p))


def back_effect(e: Engine, r: int) -> None:
    """The effect table's order changes: ``back`` (the 2-back: like 11-back, the order turns until the
    trick clears; another turning ends it) and ``end_back`` (the 6-return: ends an 11-back in force)."""
    if e.cx.fx[r] == FX_BACK:
        e.back = not e.back
        e.back_set = True
        e.event(("back", e.back))
    elif e.back:
        e.back = False
        e.back_carry = False
        e.event(("back", False))


def revolution(e: Engine, m: Play | None = None) -> None:
    """Revolution 革命 (#1): the order flips now (``immediate``) or when the trick clears
    (``after_clear``).  A super revolution (``super_revolution``: the game's first revolution by a
    play of 5 (6) or more cards) fixes the order for the rest of the game."""
    if e.omen or e.frozen:
        return
    if e.cx.super_rev and m is not None and m[1] >= e.cx.super_rev:
        e.frozen = True
        e.event(("super_revolution",))
    if e.cx.revolution == 2:
        e.rev_pending = not e.rev_pending
        e.event(("revolution_pending", e.rev_pending))
    else:
        e.revolution = not e.revolution
        e.event(("revolution", e.revolution))


def revolution_choice(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> None:
    """Revolution by choice 革命選択 (#3): ``p`` decides whether the play revolts (a phase)."""
    wait(e, REVCHOICE, p, m, prev, 0, fl)


def revolution_chosen(e: Engine, revolt: int) -> None:
    """The revolution choice is made (1: revolt); the effects go on from the lock update."""
    assert e.cont is not None
    p, m, prev, _k, fl = e.cont
    e.cont = None
    e.phase = PLAY
    if revolt:
        revolution(e, m)
        fl |= REVOLTED
    e.event(("revolution_choice", p, bool(revolt)))
    effects(e, p, m, prev, fl, LOCK_STEP)


# --- step 4: follow-up choices (§5.4) -------------------------------------------------------------
def follow_ups(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Start the play's follow-up choice from the effect table (a single or group has one rank)."""
    code = e.cx.fx[m[2]]
    if code == FX_BOMB:
        return q_bomber(e, p, m, prev, fl)
    if code == FX_DISCARD or code == FX_DISCARD_EXACTLY:
        return ten_discard(e, p, m, prev, fl)
    return seven_pass(e, p, m, prev, fl)


def seven_pass(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """7-pass 7渡し (#26) and its variants (``effects.<rank>``: ``pass`` up to k cards, ``pass_exactly``,
    ``pass_back`` — the 9-return, exactly k to the previous player): k cards of the rank let ``p``
    give cards to the next (or previous) player."""
    k = fx_count(e.cx, m, m[2])
    if k:
        wait(e, SEVEN, p, m, prev, k, fl)
    return bool(k)


def ten_discard(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """10-discard 10捨て (#27) and its variants (``discard`` up to k, ``discard_exactly`` — the 7-attach):
    k cards of the rank let ``p`` discard cards face up."""
    k = fx_count(e.cx, m, m[2])
    if k:
        wait(e, TEN, p, m, prev, k, fl)
    return bool(k)


def q_bomber(e: Engine, p: int, m: Play, prev: Play | None, fl: int) -> bool:
    """Q-bomber 12ボンバー (#28, ``bomb``): k cards of the rank let ``p`` name up to k ranks that
    everyone discards."""
    k = fx_count(e.cx, m, m[2])
    if k:
        wait(e, BOMB, p, m, prev, k, fl)
    return bool(k)


def seven_pass_give(e: Engine, cards: int) -> None:
    """The 7-pass choice: ``cards`` go to the next (9-return: previous) player (only the two of them
    see which)."""
    p = e.turn
    q = transfer_target(e, p)
    if cards:
        e.hands[p] &= ~cards
        e.hands[q] |= cards
        e.known[p] |= cards
        e.known[q] |= cards
    e.event(("give", p, q, cards.bit_count()))
    e.event(("give", p, q, fmt_cards(cards)), (1 << p) | (1 << q))
    _after_transfer(e, p, cards)


def ten_discard_cards(e: Engine, cards: int) -> None:
    """The 10-discard choice: ``cards`` are discarded face up."""
    p = e.turn
    e.hands[p] &= ~cards
    e.public |= cards
    e.event(("discard", p, fmt_cards(cards)))
    _after_transfer(e, p, cards)


def _after_transfer(e: Engine, p: int, cards: int) -> None:
    """Emptying the hand by a 7-pass or 10-discard is a legal finish; then the effects go on."""
    if cards and not e.hands[p]:
        r0 = len(e.results)
        go_out(e, p)
        if len(e.results) != r0:
            return
    resume(e)


def q_bomber_ranks(e: Engine, ranks: int) -> None:
    """The Q-bomber choice: everyone, from the bomber in turn order, discards the ``ranks`` (bits 1..13)."""
    p = e.turn
    mask = 0
    for r in range(1, 14):
        if ranks >> r & 1:
            mask |= 0xF << (4 * r - 4)
    emptied = []
    lost = []
    q = p
    for _ in range(e.n):
        cards = e.ask(bombed_cards, q, mask)
        if cards:
            e.public |= cards
            e.hands[q] &= ~cards
            lost.append((q, fmt_cards(cards)))
            if not e.hands[q]:
                emptied.append(q)
        q = e.order[(e.pos[q] + e.direction) % e.n]
    e.event(("bomb", p, tuple(r for r in range(1, 14) if ranks >> r & 1), tuple(lost)))
    r0 = len(e.results)
    for q in emptied:
        if e.hands[q] == 0 and q not in e.out_order:
            go_out(e, q)
            if len(e.results) != r0:
                return
    resume(e)


def bombed_cards(e: Engine, q: int, mask: int) -> int:
    """The cards of ``q``'s hand in ``mask`` (the Q-bomber's named ranks; a hidden read that everyone
    learns: :meth:`Engine.ask`)."""
    return e.hands[q] & mask


def resume(e: Engine, step: int = SPECIAL_STEP) -> None:
    """Go on with the play's effects after a follow-up choice (from the special effect of three cards,
    or from the turn order after that effect's own choice)."""
    assert e.cont is not None
    p, m, prev, _k, fl = e.cont[:5]
    e.cont = None
    e.phase = PLAY
    if check_end(e):
        return
    effects(e, p, m, prev, fl, step)


def special_choice(e: Engine, value: int) -> None:
    """A ``pick`` or ``target`` choice (:mod:`.specials`); then the play's effects go on."""
    r0 = len(e.results)
    if e.phase == PICK:
        if specials.pick(e, value):
            return  # a rescue: the trick had cleared
    else:
        specials.target(e, value)
    if len(e.results) == r0:
        resume(e, TURN_STEP)


def declare(e: Engine, kind: str) -> None:
    """A declaration instead of a play: ``relief`` (the 大貧民 takes the field's cards and leads) or
    ``dokan`` (the field adds up to the hand: out at once)."""
    p = e.turn
    e.consec = 0
    if kind == "relief":
        specials.relief(e, p)
        clear_trick(e, p)
        return
    r0 = len(e.results)
    specials.dokan(e, p)
    if len(e.results) != r0 or check_end(e):
        return
    nxt = next_holder(e, p, e.passed | (1 << e.owner) if e.owner >= 0 else e.passed)
    if nxt < 0:
        clear_trick(e, e.owner)
    else:
        e.turn = nxt


# --- step 5: turn order (§5.3) --------------------------------------------------------------------
def turn_effect(e: Engine, p: int, m: Play, r: int) -> None:
    """The effect table's turn-order effect of rank ``r`` in ``m``."""
    code = e.cx.fx[r]
    if code == FX_SKIP or code == FX_SKIP_ONE:
        five_skip(e, p, 1 if code == FX_SKIP_ONE else fx_count(e.cx, m, r))
    else:
        nine_reverse(e, code == FX_REVERSE_TRICK)


def five_skip(e: Engine, p: int, k: int) -> None:
    """5-skip 5飛び (#24, ``skip``; ``skip_one``: one player whatever k — the 10-skip, K-skip): k cards
    of the rank skip the next k players who have not passed; the skipped count as having passed."""
    skipped = []
    q = p
    for _ in range(k):
        q = next_holder(e, q, e.passed | (1 << p))
        if q < 0:
            break
        e.passed |= 1 << q
        skipped.append(q)
    e.event(("skip", tuple(skipped)))


def nine_reverse(e: Engine, trick: bool) -> None:
    """9-reverse 9リバース (#25, ``reverse``: until the next reverse; ``reverse_trick``: until the trick
    clears — the K-reverse, the temporary Q-reverse): the direction of play turns round."""
    e.direction = -e.direction
    if not trick:
        e.base_direction = -e.base_direction
    e.event(("reverse", e.direction))


__all__ = [  # the clearing rules are in .clears (step 6); re-exported here for whoever looks for them
    "ambulance", "eight_cut", "four_stop", "q_cut", "rokurokubi", "sandstorm",
    "back_effect", "declare", "effects", "eleven_back", "five_skip", "follow_ups", "great_revolution",
    "bombed_cards", "last_play", "nine_reverse", "omen", "order_changes", "play", "q_bomber", "q_bomber_ranks", "resume",
    "revolution", "revolution_choice", "revolution_chosen", "seven_pass", "seven_pass_give", "spade3_return",
    "special_choice", "special_flags", "ten_discard", "ten_discard_cards", "turn_effect",
]
