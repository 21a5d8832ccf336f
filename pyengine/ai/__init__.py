"""Ring 2: the bots, their search, the arenas and the statistics they report.

Every game's levels live in ``pyengine/ai/<game>/bots.py`` (``LEVELS``, weakest first) and
are found through :mod:`pyengine.catalog` (:func:`pyengine.ai.levels.levels`).  A bot sees
only a :class:`~pyengine.ai.bot.BotView` (its seat's observation and the legal actions), so
it cannot cheat by construction.  Nothing here imports :mod:`pyengine.app`.
"""
