"""The engine core: the game protocol, rules, generator, records, links and registry."""

from __future__ import annotations

from .chance import sample_chance
from .codec import decode_fragment, encode_fragment
from .errors import (
    EngineError,
    IllegalActionError,
    InvalidLinkError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidSeatError,
    UnknownGameError,
)
from .game import CHANCE, JSON, LANGUAGES, TERMINAL, Game, GameInfo, State
from .record import Record, Seat
from .registry import list_games, load_game, register
from .rng import Pcg32
from .rules import Rules

__all__ = [
    "CHANCE", "EngineError", "Game", "GameInfo", "IllegalActionError",
    "InvalidLinkError", "InvalidNotationError", "InvalidRecordError", "InvalidRulesError", "InvalidSeatError",
    "JSON", "LANGUAGES", "Pcg32", "Record", "Rules", "Seat",
    "State", "TERMINAL", "UnknownGameError", "decode_fragment", "encode_fragment",
    "list_games", "load_game", "register", "sample_chance",
]
