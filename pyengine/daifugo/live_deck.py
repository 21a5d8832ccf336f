"""The fair deal's deck for a live Daifugō table, and the end's replay from it.

The deal (``web/live/deal.js``) knows its cards by label; these helpers name the rules' deck in
those labels, read a label back as the engine's card, and rebuild a step of the full game from the
cards the end-of-game verification read at each position (:mod:`pyengine.daifugo.live`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.replica import HIDDEN
from .cards import CODES, bits_of, fmt_cards, parse_card
from .rules import DaifugoRules
from .state import DaifugoState

if TYPE_CHECKING:
    from .live import Move


def deck_labels(rules: DaifugoRules | str | None, players: int) -> list[str]:
    """The rules' deck in the engine's order (card numbers up): the labels of the fair deal's cards,
    the card codes, the jokers ``JK1`` and ``JK2`` (the deal must tell them apart; the notation
    writes both ``JK``).

    >>> labels = deck_labels(DaifugoRules.preset("popular").with_option("deck.jokers", 2), 4)
    >>> len(labels), labels[:3], labels[-3:]
    (54, ['S3', 'H3', 'D3'], ['C2', 'JK1', 'JK2'])
    """
    cx = _compiled(rules, players)
    return [CODES[i] if i < 52 else f"JK{i - 51}" for i in bits_of(cx.deck)]


def redecks(rules: DaifugoRules | str | None, players: int) -> dict[str, object] | None:
    """Which decks of a live table are made from an earlier one (``web/live/deal-redeck.js``), or
    None: with blind cards (``remainder=blind``, never jokers) each set begins with a blind deck whose
    shuffles leave its jokers in place (``fixed``: its last positions), its first cards the blind
    ones, and each game of the set is dealt from a redeck of the positions it did not lay aside.
    ``set``: the games of a set (0: the whole match), so the table's decks go in turns of
    ``set + 1``: a blind deck, then a redeck per game; ``keep``: the positions a redeck keeps.

    >>> r = redecks(DaifugoRules.preset("jdf"), 4)
    >>> r["set"], r["keep"][:3], len(r["keep"]), r["fixed"]
    (4, [2, 3, 4], 52, 2)
    >>> redecks(DaifugoRules.preset("jdf").with_option("match.games", 1), 4)["set"]
    4
    >>> redecks(DaifugoRules.preset("jdf"), 6) is None  # (54 cards share out evenly)
    True
    """
    cx = _compiled(rules, players)
    blind = (52 + cx.jokers) % players if cx.blind else 0
    if not blind:
        return None
    return {"set": cx.set_games, "keep": list(range(blind, cx.deck.bit_count())), "fixed": cx.jokers}


def _compiled(rules: DaifugoRules | str | None, players: int) -> Any:
    from .ctx import compile_rules
    from .game import GAME

    decoded = GAME.rules_type.decode(rules) if isinstance(rules, str) and rules else rules
    rules_obj = decoded if isinstance(decoded, DaifugoRules) else GAME.default_rules()
    assert isinstance(rules_obj, DaifugoRules)
    return compile_rules(rules_obj, players)


def card_of(label: str) -> int:
    """The card a label of :func:`deck_labels` names."""
    if label in ("JK1", "JK2"):
        return 51 + int(label[2])
    return parse_card(label) if label != "JK" else 52


def full_action(state: DaifugoState, move: Move | None, deck: Sequence[str | None], drawn: int) -> str | None:
    """The step's action in the full game, from the deck's labels by position as the deal's
    verification read them (``drawn``: how many cards of that deck came before); None where a card
    it needs was never shown."""
    if move is None:
        label = deck[drawn] if 0 <= drawn < len(deck) else None
        return None if label is None else ("blind:" if state.phase == "blind" else "deal:") + CODES[card_of(label)]
    if HIDDEN not in move.action:
        return move.action
    mask = 0
    for p in move.positions:
        label = deck[p] if 0 <= p < len(deck) else None
        if label is None:
            return None
        mask |= 1 << card_of(label)
    return move.action.partition(":")[0] + ":" + fmt_cards(mask)


__all__ = ["card_of", "deck_labels", "full_action", "redecks"]
