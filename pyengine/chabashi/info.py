"""Chabashi's registry metadata (imported by ``pyengine.catalog`` without loading the engine)."""

from __future__ import annotations

from ..core.game import GameInfo

INFO = GameInfo(
    id="chabashi",
    names={"en": "Chabashi", "ko": "차바시", "ja": "チャバシ"},
    min_players=2,
    max_players=5,
    default_players=4,
    has_chance=True,
    hidden_information=True,
    summary={
        "en": "A poker-like game with the 36-card Dido-poikas deck: hand, floor and centre cards, "
        "two fixed-limit betting rounds and a dealer hand.",
        "ko": "36장 디도포이카스 덱으로 하는 포커 비슷한 게임: 손패, 바닥패, 중앙패, 두 번의 고정 한도 베팅과 딜러 패.",
        "ja": "36枚のディドポイカス・デッキで遊ぶポーカー風のゲーム。手札・場札・中央札、固定リミットの"
        "2回のベッティングとディーラーの役。",
    },
)
