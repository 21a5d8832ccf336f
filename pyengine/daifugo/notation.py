"""The Daifugō action notation: one context-free string per action.

* plays: ``S3``, ``S5.H5``, ``H5.H6.JK=H7``, ``JK``, ``JK.JK``, ``pass`` (cards and forms:
  :mod:`.cards`);
* exchange: ``tribute:S2.H2`` (a poorer player choosing suits among equal ranks),
  ``return:C3.D4`` (a richer player giving back);
* follow-ups: ``give:S4`` (7-pass), ``discard:D6.JK`` (10-discard; ``-`` for nothing),
  ``bomb:5.T`` (Q-bomber ranks; ``bomb:-``), ``revolt:yes`` / ``revolt:no``;
* chance: ``deal:S3`` (the next card dealt), ``blind:S3``, ``seat:2`` (the next table
  position goes to player 2), ``dealer:2``, ``lead:2``, ``place:2``.

:func:`parse_action` gives the internal form (a play tuple or a ``(kind, value)`` pair) and
:func:`format_action` is its inverse.  Cards are listed weakest rank first, ♠ ♥ ♦ ♣ within a
rank, jokers last (ranks of a bomb weakest first); :func:`parse_action` also reads them in
another order, but that spelling is not the action's string, and
:meth:`~pyengine.daifugo.state.DaifugoState.apply` refuses it naming the right one:

>>> format_action(parse_action("give:D9.H9"))
'give:H9.D9'
"""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidNotationError
from .cards import CODES, RANKS, fmt_cards, fmt_play, parse_card, read_play

PLAYER_CHANCE = ("seat", "dealer", "lead", "place")
CARD_KINDS = ("tribute", "return", "give", "discard")


def parse_action(text: str) -> Any:
    """The internal form of an action string (context-free).

    >>> parse_action("give:-")
    ('give', 0)
    >>> parse_action("seat:3")
    ('seat', 3)
    """
    if not isinstance(text, str) or not text or len(text) > 160:
        raise InvalidNotationError("not a Daifugō action")
    kind, colon, rest = text.partition(":")
    if not colon:
        return read_play(text)  # cards that make no form are an illegal action, not bad notation
    if kind in ("deal", "blind"):
        return (kind, parse_card(rest))
    if kind in PLAYER_CHANCE:
        if len(rest) == 1 and rest in "0123456789":
            return (kind, int(rest))
        raise InvalidNotationError(f"{text!r}: a player is written as a number, e.g. {kind}:2")
    if kind in CARD_KINDS:
        return (kind, parse_card_set(rest))
    if kind == "bomb":
        if rest == "-":
            return ("bomb", 0)
        mask = 0
        for token in rest.split("."):
            if len(token) != 1 or token not in RANKS:
                raise InvalidNotationError(f"{text!r}: ranks are written 3…9, T, J, Q, K, A, 2 joined by '.'")
            r = RANKS.index(token) + 1
            if mask >> r & 1:
                raise InvalidNotationError(f"{text!r} names a rank twice")
            mask |= 1 << r
        return ("bomb", mask)
    if kind == "revolt" and rest in ("yes", "no"):
        return ("revolt", 1 if rest == "yes" else 0)
    raise InvalidNotationError(f"{text[:40]!r} is not a Daifugō action")


def parse_card_set(text: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for token in text.split("."):
        i = parse_card(token)
        if i == 52 and mask >> 52 & 1:
            i = 53
        if mask >> i & 1:
            raise InvalidNotationError(f"{token} is listed twice")
        mask |= 1 << i
    return mask


def format_action(action: Any) -> str:
    """Inverse of :func:`parse_action`."""
    if isinstance(action, tuple) and len(action) == 8:
        return fmt_play(action)
    kind, value = action
    if kind in ("deal", "blind"):
        return f"{kind}:{CODES[value]}"
    if kind in PLAYER_CHANCE:
        return f"{kind}:{value}"
    if kind in CARD_KINDS:
        return f"{kind}:{fmt_cards(value)}"
    if kind == "bomb":
        return "bomb:" + (".".join(RANKS[r - 1] for r in range(1, 14) if value >> r & 1) or "-")
    if kind == "revolt":
        return "revolt:yes" if value else "revolt:no"
    raise InvalidNotationError(f"unknown action {action!r}")


__all__ = ["CARD_KINDS", "PLAYER_CHANCE", "format_action", "parse_action", "parse_card_set"]
