"""Why the strong or master level chose what it chose, in a form a hint can word: a reason kind and its values.

:func:`reason` reads the seat's hand (:class:`~pyengine.ai.daifugo.knowledge.Knowledge`) and the
search's ranked choices (:meth:`~pyengine.ai.daifugo.bots.StrongBot.analyse`) and returns
``{"kind": ..., <values>}`` with one of :data:`REASONS`, the first that is true of the choice:

* ``only``: the one legal action; ``solved``: the exact endgame chose it (every card known);
* a play: ``out`` (it empties the hand, and is no forbidden finish), ``revolution`` (it reverses
  the order and the rest of the hand scores higher reversed; a revolution that weakens the rest
  gets none of the play's kinds), ``eight_cut`` (an 8-cut: the player leads again), ``keeps``
  (following without the hand's control cards, ``cards``, when another legal play would have
  spent them: a control is a joker or a card no unseen card outranks in the order that lasts
  beyond the trick, a revolution but not an 11-back), ``sheds`` (a lead or follow with every card
  of the hand's weakest rank in that order), ``division`` (no legal play leaves fewer plays to go
  out: ``plays``, the hand division of what is left);
* a pass: ``pass_saves`` (the weakest play that beats the field, ``cards``, would spend a
  control card), ``pass_breaks`` (it, ``play``, would break up a group: ``cards``), ``pass_search``
  (every one of the ``n`` plays the playouts tried finished lower);
* the exchange and follow-ups: ``tribute`` (the rules take the strongest cards), ``gives`` (a
  return, 7-pass or 10-discard of the cards the hand needs least, by the normal level's hand
  division: what is left goes out in ``plays``), ``revolt_yes`` / ``revolt_no`` (the hand scores
  higher with / without the order reversed), ``bomb`` (the Q-bomber's ranks that help the hand
  most);
* else ``search`` (the best of the ``n`` choices the playouts compared) or ``hand`` (the normal
  level's hand analysis chose it).

Cards are codes (``S2``, ``JK``), weakest first; the page words each kind in its three languages
(``daifugo.hint.why.<kind>`` in ``web/i18n/daifugo.<lang>.json``; :data:`REASONS` names each kind's
values).

>>> from pyengine.daifugo.state import DaifugoState
>>> from pyengine.ai.bot import BotView
>>> s = DaifugoState.custom("basic", ["C9.S2.H2.D4", "S5", "S7"], 2).apply("S7")  # seat 0 follows a 7
>>> view = BotView("daifugo", s.rules.encode(), 0, s.observation(0), s.legal_actions())
>>> reason(view, [Choice("C9", playouts=40), Choice("S2", playouts=40)])
{'kind': 'keeps', 'cards': ['S2', 'H2']}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import (
    GROUP,
    JOKER_BITS,
    NATURALS,
    PASS_FORM,
    RANK_MASK,
    SINGLE,
    Play,
    codes,
    play_cards,
)
from ...daifugo.effects import R_EIGHT
from ...daifugo.triggers import chases, revolts_at
from ..bot import BotView
from .bots import Choice, NormalBot, hand_score
from .division import division, weakness
from .knowledge import Knowledge, to_internal
from .worlds import Worlds

REASONS: dict[str, tuple[str, ...]] = {
    "only": (), "solved": (), "out": (), "revolution": (), "eight_cut": (), "keeps": ("cards",), "sheds": ("n",),
    "division": ("plays",), "pass_saves": ("cards",), "pass_breaks": ("play", "cards"), "pass_search": ("n",),
    "tribute": (), "gives": ("plays",), "revolt_yes": (), "revolt_no": (), "bomb": (), "search": ("n",), "hand": (),
}
"""Every reason kind with the values it carries (the page's strings use exactly these)."""

Why = dict[str, Any]


def reason(view: BotView, choices: Sequence[Choice]) -> Why:
    """The reason for ``choices[0]``, the level's choice (a hint: master's) from ``view`` (see the module)."""
    best = choices[0]
    if len(view.legal) == 1:
        return {"kind": "only"}
    if best.place is not None and not best.playouts:
        return {"kind": "solved"}
    k = Knowledge(view)
    phase = str(view.observation["phase"])
    got: Why | None = None
    if phase in ("play", "four_stop"):
        got = _play(view, k, best.action, choices)
    elif phase == "tribute":
        got = {"kind": "tribute"}
    elif phase in ("return", "seven_pass", "ten_discard"):
        got = _gives(view, k, best.action)
    elif phase == "revolution_choice":
        yes, no = (hand_score(k.hand, inv, k.cx, k.unseen) for inv in (not k.inverted, k.inverted))
        if (best.action == "revolt:yes") == (yes > no):
            got = {"kind": "revolt_yes" if yes > no else "revolt_no"}
    elif phase == "q_bomber" and best.action not in ("bomb:-", "bomb:"):
        got = {"kind": "bomb"} if best.action == NormalBot(Pcg32(0)).choose(view, k)[0][0] else None
    if got is not None:
        return got
    searched = sum(1 for c in choices if c.playouts)
    return {"kind": "search", "n": searched} if searched >= 2 and best.playouts else {"kind": "hand"}


def controls(k: Knowledge) -> int:
    """The hand's control cards: its jokers and every card that no unseen card outranks (in the
    lasting order, :attr:`~pyengine.ai.daifugo.knowledge.Knowledge.lasting`), as
    :func:`~pyengine.ai.daifugo.bots.hand_score` counts them."""
    unseen = k.unseen & NATURALS
    out = k.hand & JOKER_BITS
    inv = k.lasting
    for r in range(1, 14):
        cards = k.hand & RANK_MASK[r]
        if not cards:
            continue
        stronger = range(1, r) if inv else range(r + 1, 14)
        if not any(unseen & RANK_MASK[q] for q in stronger):
            out |= cards
    return out


def _weakest_rank(hand: int, inv: bool) -> int:
    """The weakest rank (1..13) of the hand's natural cards in the order in force, 0 if none."""
    ranks = [r for r in range(1, 14) if hand & RANK_MASK[r]]
    if not ranks:
        return 0
    return max(ranks) if inv else min(ranks)


def _broken(m: Play, hand: int) -> int:
    """The natural cards of the hand's groups (two or more of a rank) that ``m`` would split."""
    out = 0
    for r in range(1, 14):
        held = hand & RANK_MASK[r]
        used = m[3] & RANK_MASK[r]
        if used and used != held and held.bit_count() >= 2:
            out |= held
    return out


def _forbidden(k: Knowledge, m: Play) -> bool:
    """Whether ``m`` as the hand's last play would be a forbidden finish."""
    if not k.cx.any_ff:
        return False
    worlds = Worlds(k)
    return worlds.engine_with(worlds.deal_hidden(Pcg32(1)))._forbidden(m, k.inverted, k.field)


def _play(view: BotView, k: Knowledge, action: str, choices: Sequence[Choice]) -> Why | None:
    hand, inv, cx = k.hand, k.inverted, k.cx
    plays = [(a, m) for a in view.legal if (m := to_internal(a, hand))[0] != PASS_FORM]
    m = to_internal(action, hand)
    if m[0] == PASS_FORM:
        if not plays:
            return None
        cheapest = min((pm for _, pm in plays), key=lambda pm: (weakness(pm, inv), pm[4], pm[1]))
        cards = play_cards(cheapest, hand)
        if cards == hand and _forbidden(k, cheapest):
            return None  # it would be a forbidden finish: no saving for later
        if cards & controls(k):
            return {"kind": "pass_saves", "cards": codes(cards)}
        broken = _broken(cheapest, hand)
        if broken:
            return {"kind": "pass_breaks", "play": codes(cards), "cards": codes(broken)}
        tried = sum(1 for c in choices if c.playouts and c.action != "pass")
        return {"kind": "pass_search", "n": tried} if tried and choices[0].playouts else None
    cards = play_cards(m, hand)
    after = hand & ~cards
    if not after:
        return None if _forbidden(k, m) else {"kind": "out"}
    lasting = k.lasting
    if revolts_at(cx, lasting, m, chases(cx, m, k.field)):  # only a reason when the rest of the hand gains
        stronger = hand_score(after, not lasting, cx, k.unseen) > hand_score(after, lasting, cx, k.unseen)
        return {"kind": "revolution"} if stronger else None
    if cx.eight_cut and m[0] in (SINGLE, GROUP) and m[2] == R_EIGHT and (m[3] or cx.ec_joker):
        return {"kind": "eight_cut"}
    ctrl = controls(k)
    if k.field is not None and ctrl and not cards & ctrl and any(play_cards(pm, hand) & ctrl for _, pm in plays):
        return {"kind": "keeps", "cards": codes(ctrl)}
    weakest = _weakest_rank(hand & NATURALS, k.lasting)
    if m[0] in (SINGLE, GROUP) and weakest and m[2] == weakest and not m[4] and m[3] == hand & RANK_MASK[weakest]:
        return {"kind": "sheds", "n": m[1]}
    left = division(after, cx)
    if all(left <= division(hand & ~play_cards(pm, hand), cx) for _, pm in plays):
        return {"kind": "division", "plays": left}
    return None


def _gives(view: BotView, k: Knowledge, action: str) -> Why | None:
    """A return, 7-pass or 10-discard: the normal level's choice of the cards least needed."""
    _, cards = to_internal(action, k.hand)
    if not cards or action != NormalBot(Pcg32(0)).choose(view, k)[0][0]:
        return None
    return {"kind": "gives", "plays": division(k.hand & ~cards, k.cx)}


__all__ = ["REASONS", "controls", "reason"]
