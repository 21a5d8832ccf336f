"""Shared AI pieces: statistics for the arena, the arena dispatcher and the page Worker's entry.

Bots themselves live with their games (``pyengine/<game>/``) and are offered through
``Game.bots()``; they see only a :class:`~pyengine.core.bots.BotView`.
"""
