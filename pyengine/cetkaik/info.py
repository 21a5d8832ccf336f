"""Cetkaik's registry metadata (imports nothing of the engine, so listing games stays cheap)."""

from __future__ import annotations

from typing import Final

from ..core.game import GameInfo

INFO: Final = GameInfo(
    id="cetkaik",
    names={"en": "Cetkaik", "ko": "체트카이크 (机戦)", "ja": "机戦（ツェッカイク）"},
    min_players=2,
    max_players=2,
    default_players=2,
    has_chance=True,
    hidden_information=False,
    summary={
        "en": "The standardized rule of Cetkaik: a 9×9 board, stepping over pieces, stick casts, "
              "hands of captured pieces and four seasons.",
        "ko": "체트카이크 통일 규칙: 9×9 판, 말 넘기, 막대 던지기, 잡은 말로 만드는 역, 네 계절.",
        "ja": "机戦の統一規則：9×9の盤、踏越え、投げ棒、手駒でつくる役、四季。",
    },
)
