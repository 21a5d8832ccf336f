"""One bot decision, the same wherever it is computed.

The page's Worker (:mod:`pyengine.app.worker`), the page itself when Workers are unavailable
(:meth:`pyengine.app.session.Session.step_auto`) and the tests all call :func:`decide`: a
fresh bot of the seat's level with its own generator
(:func:`~pyengine.ai.bot.decision_rng`), seeing only its seat's observation.
"""

from __future__ import annotations

from ..core.game import State
from ..core.record import Record
from .bot import Bot, BotView, decision_rng
from .levels import bot_class

BOT_BUDGET = 0.8
"""The page's time budget per decision (seconds).  Bots do a fixed amount of work and never
look at it, except to arm their safety net at ``SAFETY_FACTOR`` × it (8 s): well above the
slowest decision measured in Pyodide, so it never changes a move at this budget."""


def decide(state: State, record: Record, seat: int, ply: int, budget: float = BOT_BUDGET) -> str:
    """The move of the bot in ``seat`` at ``ply``: a fresh bot with its own generator,
    seeing only its observation.  The Worker and :meth:`Session.step_auto` both use this,
    so a record gets the same bot moves wherever they are computed."""
    level = record.seats[seat].bot_level
    bot_cls = bot_class(record.game, level or "random")
    bot: Bot = bot_cls(decision_rng(record.seed or 0, seat, ply))
    view = BotView(record.game, record.rules, seat, state.observation(seat), state.legal_actions(), budget)
    action = bot.act(view)
    return action


__all__ = ["BOT_BUDGET", "decide"]
