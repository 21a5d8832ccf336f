"""The engine core: the game protocol, rules, generator, records, links and registry."""

from __future__ import annotations

from .bots import Bot, BotView, RandomBot
from .codec import decode_fragment, encode_fragment
from .driver import MatchResult, play_match, sample_chance
from .errors import (
    EngineError,
    IllegalActionError,
    InvalidLinkError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidRulesError,
    UnknownGameError,
)
from .game import CHANCE, JSON, LANGUAGES, TERMINAL, Game, GameInfo, State
from .record import Record, Seat
from .registry import list_games, load_game, register
from .rng import Pcg32
from .rules import Rules

__all__ = [
    "Bot", "BotView", "CHANCE", "EngineError", "Game", "GameInfo", "IllegalActionError",
    "InvalidLinkError", "InvalidNotationError", "InvalidRecordError", "InvalidRulesError",
    "JSON", "LANGUAGES", "MatchResult", "Pcg32", "RandomBot", "Record", "Rules", "Seat",
    "State", "TERMINAL", "UnknownGameError", "decode_fragment", "encode_fragment",
    "list_games", "load_game", "play_match", "register", "sample_chance",
]
