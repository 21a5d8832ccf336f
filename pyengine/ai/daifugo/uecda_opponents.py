"""Who at a UECda table plays as the kit's standard client: the strong level's model of its
opponents, learnt over the match."""

from __future__ import annotations

import math

KIT_PRIOR = 0.9
"""At a UECda table most seats are the kit's standard client (the tournament's reference
opponent): with ``--kit 0.9`` the strong level starts from this prior that each opponent is one
(:attr:`~pyengine.ai.daifugo.bots.StrongBot.kit`), and the plays and passes of the game move
it per opponent, so a program that plays otherwise (FujiGokoro) soon counts as unknown.  The
client's default is no model (:data:`~pyengine.ai.daifugo.uecda.KIT`): with the standard
client's playouts the model cost points against FujiGokoro (README)."""


class OpponentModel:
    """Who at the table plays as the kit's standard client, learnt over the match.

    After each game the strong level's evidence of that game
    (:attr:`~pyengine.ai.daifugo.bots.StrongBot.evidence`: the log of how much better the
    standard client explains a player's plays and passes than anyone does) moves the player's
    log odds of being the client, starting from ``prior``.  The evidence is lopsided: the
    standard client's games are nearly always explained well (measured against the kit's
    clients: +5 to +20), while a strong program agrees with it on the obvious plays of many
    games and is caught out only in some (FujiGokoro: −12 to +8).  So a game explained badly
    (evidence below :data:`CAUGHT`) lowers the odds by :data:`CAUGHT_STEP` and any other game
    raises them by :data:`AGREE_STEP`; the priors handed to the bot stay within
    :data:`PRIOR_RANGE`.

    >>> m = OpponentModel(0.9, 3)
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.9, 0.9]
    >>> m.observe(1, [0.0, 9.0, -9.0])  # game 1: seat 1 plays as the client, seat 2 is caught out
    >>> [round(x, 3) for x in m.priors(0)]  # (counted once the game is over)
    [0.0, 0.9, 0.9]
    >>> m.observe(2, [0.0, 4.0, 6.0])
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.92, 0.549]
    >>> for game in range(3, 12): m.observe(game, [0.0, 12.0, -5.0 if game % 3 else 7.0])
    >>> [round(x, 3) for x in m.priors(0)]
    [0.0, 0.99, 0.02]
    """

    def __init__(self, prior: float, players: int) -> None:
        self.base = math.log(prior / (1.0 - prior))  # 0 < prior < 1
        self.odds = [0.0] * players
        self.pending: tuple[int, list[float]] | None = None  # the current game's latest evidence

    def observe(self, game_no: int, evidence: list[float] | None) -> None:
        """Note the evidence of game ``game_no``; the previous game's is counted once a new game
        brings evidence of its own."""
        if evidence is None:
            return
        if self.pending is not None and self.pending[0] != game_no:
            for p, e in enumerate(self.pending[1]):
                if e:
                    self.odds[p] += -CAUGHT_STEP if e < CAUGHT else AGREE_STEP
        self.pending = (game_no, list(evidence))

    def priors(self, me: int) -> tuple[float, ...]:
        low, high = PRIOR_RANGE
        return tuple(0.0 if p == me else min(high, max(low, 1.0 / (1.0 + math.exp(-(self.base + o)))))
                     for p, o in enumerate(self.odds))


CAUGHT = -2.0
"""A game whose evidence is below this shows a player that is not the standard client."""
CAUGHT_STEP = 2.0
AGREE_STEP = 0.25
"""How far a game that caught the player out lowers its log odds, and any other game raises them."""
PRIOR_RANGE = (0.02, 0.99)
"""The learnt priors stay within these bounds (nobody is ever certainly or certainly not the client)."""


__all__ = ["AGREE_STEP", "CAUGHT", "CAUGHT_STEP", "KIT_PRIOR", "PRIOR_RANGE", "OpponentModel"]
