"""The phases of a Daifugō match, named.

An engine is always in one :class:`Phase`.  Six are chance nodes (nobody decides: the next
seat, blind card, dealer, card dealt, first leader or drawn place comes at random), eleven wait
for a player's choice, and :data:`OVER` ends the match (or, for an engine built by
``Engine.custom``, the game).  The module-level names (``PLAY``, ``FOURSTOP``, …) are the
members themselves, kept as plain globals because the engine compares phases on every move
and a global is several times faster to read than ``Phase.PLAY``.

>>> PLAY, int(PLAY), PHASE_NAMES[FOURSTOP]
(<Phase.PLAY: 8>, 8, 'four_stop')
>>> sorted(PHASE_NAMES[p] for p in CHANCE_PHASES)
['blind', 'deal', 'dealer', 'lead', 'places', 'seating']
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """What the match waits for; the comment gives the public name (:data:`PHASE_NAMES`)."""

    SEAT = 1  # seating: chance, the next table position (§1.11)
    BLIND = 2  # blind: chance, the next blind card put aside (§1.2, remainder=blind)
    DEALER = 3  # dealer: chance, the first game's dealer
    DEAL = 4  # deal: chance, the next card dealt
    LEAD = 5  # lead: chance, the first leader under first_lead=random (§1.3)
    TRIBUTE = 6  # tribute: a poorer player picks suits among equal ranks (§1.10)
    RETURN = 7  # return: a richer player gives cards back (§1.10)
    PLAY = 8  # play: the player to act plays or passes
    REVCHOICE = 9  # revolution_choice: revolt or not (§5.1 revolution_choice)
    SEVEN = 10  # seven_pass: cards to give to the next player (§5.4)
    TEN = 11  # ten_discard: cards to discard (§5.4)
    BOMB = 12  # q_bomber: ranks everyone discards (§5.4)
    FOURSTOP = 13  # four_stop: stop the 8-cut with as many 4s, or pass (§5.2)
    PLACES = 14  # places: chance, the next place drawn after 20 passes (§4.6)
    OVER = 15  # over: the match (or a custom engine's game) has ended
    PICK = 16  # pick: a card to take from the discard pile (Satan, zombie, rescue)
    TARGET = 17  # target: the neighbour a play acts on (thief, king's privilege)
    DRAW = 18  # draw: a richer player draws unseen cards from a poorer hand laid out by strength (blind exchange)


SEAT: Final = Phase.SEAT
BLIND: Final = Phase.BLIND
DEALER: Final = Phase.DEALER
DEAL: Final = Phase.DEAL
LEAD: Final = Phase.LEAD
TRIBUTE: Final = Phase.TRIBUTE
RETURN: Final = Phase.RETURN
PLAY: Final = Phase.PLAY
REVCHOICE: Final = Phase.REVCHOICE
SEVEN: Final = Phase.SEVEN
TEN: Final = Phase.TEN
BOMB: Final = Phase.BOMB
FOURSTOP: Final = Phase.FOURSTOP
PLACES: Final = Phase.PLACES
OVER: Final = Phase.OVER
PICK: Final = Phase.PICK
TARGET: Final = Phase.TARGET
DRAW: Final = Phase.DRAW

CHANCE_PHASES: Final = frozenset({SEAT, BLIND, DEALER, DEAL, LEAD, PLACES})
"""The phases in which chance, not a player, decides."""

PHASE_NAMES: Final[dict[Phase, str]] = {
    SEAT: "seating", BLIND: "blind", DEALER: "dealer", DEAL: "deal", LEAD: "lead", TRIBUTE: "tribute",
    RETURN: "return", PLAY: "play", REVCHOICE: "revolution_choice", SEVEN: "seven_pass",
    TEN: "ten_discard", BOMB: "q_bomber", FOURSTOP: "four_stop", PLACES: "places", OVER: "over", PICK: "pick",
    TARGET: "target", DRAW: "draw",
}
"""The public name of each phase (observations, ``DaifugoState.phase``)."""

__all__ = [
    "BLIND", "BOMB", "CHANCE_PHASES", "DEAL", "DEALER", "DRAW", "FOURSTOP", "LEAD", "OVER", "PHASE_NAMES", "PICK",
    "PLACES", "PLAY", "RETURN", "REVCHOICE", "SEAT", "SEVEN", "TARGET", "TEN", "TRIBUTE", "Phase",
]
