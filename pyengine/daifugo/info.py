"""Daifugō's registry metadata (imported by :mod:`pyengine.catalog` without loading the engine)."""

from __future__ import annotations

from ..core.game import GameInfo

INFO = GameInfo(
    id="daifugo",
    names={"en": "Daifugō (Tycoon)", "ko": "대부호", "ja": "大富豪"},
    min_players=2,
    max_players=8,
    default_players=4,
    has_chance=True,
    hidden_information=True,
    summary={
        "en": "Shed your hand first: beat the top play with stronger cards, revolutions turn the order over.",
        "ko": "패를 먼저 모두 내면 이깁니다. 더 강한 카드로 바닥을 넘기고, 혁명이 순서를 뒤집습니다.",
        "ja": "手札を先に出し切った人の勝ち。場より強い札を出し、革命で強さが逆転します。",
    },
)
