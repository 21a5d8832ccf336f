"""Cetkaik bots, search and arena (ring 2: imports the game's rules and :mod:`pyengine.ai`)."""
