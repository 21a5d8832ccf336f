"""Human descriptions of Chabashi actions in English, Korean and Japanese."""

from __future__ import annotations

from .notation import parse_action

_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "draw": {"en": "draw {0} cards face down onto the floor", "ko": "바닥에 {0}장 뒷면으로 뽑기",
             "ja": "場に{0}枚を裏向きで引く"},
    "draw:1": {"en": "draw 1 card face down onto the floor"},  # English's singular
    "decline": {"en": "no follow-up", "ko": "후속 행동 없음", "ja": "追加行動なし"},
    "take": {"en": "move floor card {0} into the hand", "ko": "바닥패 {0}번을 손패로", "ja": "場札{0}番を手札へ"},
    "turn": {"en": "turn floor card {0} face up", "ko": "바닥패 {0}번을 앞면으로", "ja": "場札{0}番を表にする"},
    "late:take": {"en": "8-2: move floor card {0} into the hand", "ko": "8-2: 바닥패 {0}번을 손패로",
                  "ja": "8-2: 場札{0}番を手札へ"},
    "late:turn": {"en": "8-2: turn floor card {0} face up", "ko": "8-2: 바닥패 {0}번을 앞면으로",
                  "ja": "8-2: 場札{0}番を表にする"},
    "swap": {"en": "8-1: put {0} face down in the centre, take floor card {1} into the hand",
             "ko": "8-1: {0}을 중앙에 뒷면으로 놓고 바닥패 {1}번을 손패로",
             "ja": "8-1: {0}を中央に裏向きで置き、場札{1}番を手札へ"},
    "centre": {"en": "8-3: take centre card {0} onto the floor", "ko": "8-3: 중앙패 {0}번을 바닥으로",
               "ja": "8-3: 中央札{0}番を場へ"},
    "pass": {"en": "pass", "ko": "패스", "ja": "パス"},
    "check": {"en": "check", "ko": "체크", "ja": "チェック"},
    "bet": {"en": "bet", "ko": "베팅", "ja": "ベット"},
    "call": {"en": "call", "ko": "콜", "ja": "コール"},
    "raise": {"en": "raise", "ko": "레이즈", "ja": "レイズ"},
    "fold": {"en": "fold", "ko": "폴드", "ja": "フォールド"},
    "card": {"en": "the card {0}", "ko": "카드 {0}", "ja": "カード{0}"},
}


def describe(action: str, lang: str = "en") -> str:
    """A human description of an action.

    >>> describe("swap:R5:f2", "en")
    '8-1: put R5 face down in the centre, take floor card 2 into the hand'
    >>> describe("draw:1"), describe("draw:2"), describe("draw:1", "ko")
    ('draw 1 card face down onto the floor', 'draw 2 cards face down onto the floor', '바닥에 1장 뒷면으로 뽑기')
    """
    a = parse_action(action)
    singular = _DESCRIPTIONS.get(f"{a[0]}:{a[1]}", {}) if len(a) == 2 else {}
    texts = _DESCRIPTIONS[a[0]]
    if lang in singular:
        return singular[lang]
    return texts.get(lang, texts["en"]).format(*a[1:])


__all__ = ["describe"]
