"""Passing and clearing: how a trick goes round and ends (§1.7, §5.8, UECda §4.6).

* :func:`pass_turn` — a pass: sticky until the trick clears (``sticky_pass``); on an empty
  field the lead moves on (``leader_pass``: ``second_lap`` makes the first leader of the second
  lap play; ``free`` under ``trick_end=all_passed`` and UECda's 20-pass limit);
* :func:`after_play` — after a play and its effects, the turn goes to the next player who has
  not passed (``trick_end``), or the trick clears;
* :func:`clear_trick` — the trick clears: locks, 11-back (unless a strong 11-back carries it
  over) and an ``after_clear`` revolution settle, and the clearer (or the next holder) leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .endings import check_end, draw_places, stalemate
from .phases import PLAY
from .plays import legal_plays
from .specials import after_loss, loses, rescue
from .turns import next_holder

if TYPE_CHECKING:
    from .engine import Engine


def pass_turn(e: Engine, q: int) -> None:
    """``q`` passes."""
    cx = e.cx
    if e.log is not None:
        e.event(("pass", q))
    e.consec += 1
    if cx.pass_limit and e.consec >= cx.pass_limit:
        e.event(("pass_limit", e.consec))
        draw_places(e)
        return
    lost = (cx.guillotine or e.damian) and passing_loses(e, q)
    if e.field is None:
        _lead_pass(e, q)
    else:
        e.passed |= 1 << q
        if cx.all_passed:
            nxt = next_holder(e, q, e.passed, True)
        else:
            nxt = next_holder(e, q, e.passed | (1 << e.owner))
        if nxt < 0:
            clear_trick(e, e.owner)
        else:
            e.turn = nxt
    if lost:
        after_loss(e)


def passing_loses(e: Engine, q: int) -> bool:
    """The guillotine clock 断頭台の時計 (``guillotine``: the game's n-th pass loses) and Damian (a pass
    before the trick of three 6s clears loses): whether ``q`` lost by this pass."""
    if e.cx.guillotine:
        e.passes += 1
        if e.passes == e.cx.guillotine:
            loses(e, q, "guillotine")
            return True
    if e.damian and e.field is not None:
        loses(e, q, "damian")
        return True
    return False


def _lead_pass(e: Engine, q: int) -> None:
    """``q`` passes on an empty field (``leader_pass``, §5.8)."""
    cx = e.cx
    count = sum(1 for h in e.hands if h)
    if cx.ff_refuse and e.ask(no_legal_lead):
        e.stuck += 1  # no legal lead at all (only with refused forbidden finishes)
        if e.stuck >= count:
            stalemate(e, q)
            return
    else:
        e.stuck = 0
    if cx.all_passed:
        e.passed |= 1 << q
        nxt = next_holder(e, q, e.passed, True)
        if nxt < 0:
            clear_trick(e, -1)
            e.must_lead = cx.leader_pass == 1  # the first leader of the second lap must play
        else:
            e.turn = nxt
        return
    e.lead_passes += 1
    if e.lead_passes >= count and cx.leader_pass == 1:
        e.must_lead = True
    nxt = next_holder(e, q, 0, True)
    e.turn = nxt
    e.trick_leader = nxt


def no_legal_lead(e: Engine) -> bool:
    """Whether the player to act has no legal play on the empty field (only with refused forbidden
    finishes; a hidden read that everyone learns: :meth:`Engine.ask`)."""
    return not legal_plays(e)


def after_play(e: Engine, p: int, clear: bool) -> None:
    """``p``'s play and its effects are done: end the game, clear the trick, or pass the turn on."""
    if check_end(e):
        return
    if clear:
        clear_trick(e, p)
        return
    if e.cx.all_passed:
        nxt = next_holder(e, p, e.passed, True)
    else:
        nxt = next_holder(e, p, e.passed | (1 << e.owner))
    if nxt < 0:
        clear_trick(e, p)
    else:
        e.turn = nxt


def clear_trick(e: Engine, lead_from: int) -> None:
    """The trick clears; ``lead_from`` leads (or the next holder after them; ``-1``: the trick's leader;
    ``next_ace``: the trick's latest A player, if they hold cards)."""
    top, owner = e.field, e.owner
    e.field = None
    e.owner = -1
    e.passed = 0
    e.lock = 0
    e.colour = -1
    e.numnext = -1
    e.run = 0
    if e.back_carry:
        e.back_carry = False
    else:
        e.back = False
    e.back_set = False
    if e.rev_pending:
        e.rev_pending = False
        if not e.omen:
            e.revolution = not e.revolution
            e.event(("revolution", e.revolution))
    e.direction = e.base_direction  # a reverse until the trick clears ends
    e.trick_cards = 0
    e.damian = False
    if e.ace_owner >= 0:
        if e.hands[e.ace_owner]:
            lead_from = e.ace_owner
        e.ace_owner = -1
    e.lead_passes = 0
    e.must_lead = False
    e.phase = PLAY
    if lead_from < 0:
        leader = e.trick_leader
    elif e.hands[lead_from]:
        leader = lead_from
    else:
        leader = next_holder(e, lead_from)
    e.trick_leader = leader
    e.turn = leader
    if e.log is not None:
        e.event(("clear", leader))
    if e.cx.rescue and top is not None:
        rescue(e, top, owner, leader)


__all__ = ["after_play", "clear_trick", "no_legal_lead", "pass_turn"]
