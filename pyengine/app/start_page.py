"""What the page offers before a game: the start page's list of games, the set-up form's choices
for one game, and the first frame of a new table (``build.py`` writes those so the page draws a
table before the engine has started)."""

from __future__ import annotations

from typing import Any

from ..ai.levels import levels
from ..core import list_games, load_game
from .session import Session


def games_json(lang: str = "en") -> list[dict[str, Any]]:
    """The start page's list of games."""
    return [
        {
            "id": g.id,
            "name": g.name(lang),
            "names": dict(g.names),
            "summary": g.summary.get(lang) or g.summary.get("en", ""),
            "players": [g.min_players, g.max_players],
            "default_players": g.default_players,
            "hidden_information": g.hidden_information,
            "has_chance": g.has_chance,
        }
        for g in list_games()
    ]


def game_setup_json(game_id: str) -> dict[str, Any]:
    """What the set-up form offers for one game: bot levels (weakest first), presets, and whether
    friends may play it live from their own browsers with hidden cards (``live_cards``:
    :mod:`.live_table`)."""
    from .live_table import LIVE_GAMES

    game = load_game(game_id)
    rules_type = game.rules_type
    return {
        "id": game_id,
        "levels": list(levels(game_id)),
        "presets": [{"id": name, "rules": rules.encode()} for name, rules in rules_type.presets().items()],
        "default_preset": game.default_rules().preset_name(),
        "live_cards": game_id in LIVE_GAMES,
    }


def start_view(game_id: str, preset: str | None, players: int, lang: str) -> dict[str, Any]:
    """The view of a new game's starting position, before anything is dealt or cast, with the
    set-up form's default seats (a person, then the strongest bots): ``build.py`` writes these
    so the page draws a table's first frame before the engine has started.  It is marked
    ``provisional`` and carries no link (a real game gets its own id).

    >>> v = start_view("cetkaik", None, 2, "en")
    >>> v["provisional"], v["fragment"], v["status"], v["length"]
    (True, None, 'chance', 0)
    """
    game = load_game(game_id)
    rules = game.rules_type.presets()[preset].encode() if preset else None
    best = list(levels(game_id))[-1]
    seats = [("", "human")] + [("", f"bot:{best}")] * (players - 1)
    view = Session.new(game_id, rules, seats, 0).view(lang)
    view.update(provisional=True, fragment=None, save_key=None)
    return view


__all__ = ["game_setup_json", "games_json", "start_view"]
