"""Human descriptions of Daifugō actions in English, Korean and Japanese."""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidNotationError
from ..core.messages import msg
from .cards import (
    EMPEROR,
    GROUP,
    JOKER,
    JPAIR,
    PASS_FORM,
    RANK_NAMES,
    SEQ,
    SINGLE,
    SUIT_SYMBOLS,
    Play,
    bits_of,
)
from .deal import dealt_to
from .engine import Engine
from .notation import PLAYER_CHANCE
from .phases import DEAL, RETURN, SEVEN, TRIBUTE
from .table import transfer_target


def card_name(pos: int, suit: int, lang: str) -> str:
    rank = "↓3" if pos == 0 else "↑2" if pos == 14 else RANK_NAMES[pos - 1]
    return ("★" if suit == 4 else SUIT_SYMBOLS[suit]) + rank


def _names(mask: int, lang: str) -> str:
    joker = {"en": "Joker", "ko": "조커", "ja": "ジョーカー"}[lang]
    parts = []
    for i in bits_of(mask):
        parts.append(joker if i >= 52 else card_name((i >> 2) + 1, i & 3, lang))
    return " ".join(parts)


def _play_cards(m: Play, lang: str) -> str:
    joker = {"en": "Joker", "ko": "조커", "ja": "ジョーカー"}[lang]
    items = [((i >> 2) + 1, i & 3, "") for i in bits_of(m[3])]
    for pos, s in m[5]:
        name = card_name(pos, s, lang)
        items.append((pos, s, {"en": f"{joker} (as {name})", "ko": f"{joker}({name} 대신)",
                               "ja": f"{joker}（{name}として）"}[lang]))
    items.sort()
    return " ".join(label or card_name(p, s, lang) for p, s, label in items)


def _player(p: int, lang: str) -> str:
    return {"en": f"Player {p + 1}", "ko": f"플레이어 {p + 1}", "ja": f"プレイヤー{p + 1}"}[lang]


def describe(parsed: Any, lang: str, engine: Engine | None = None) -> str:
    """A human description of an internal action in English, Korean or Japanese."""
    if lang not in ("en", "ko", "ja"):
        lang = "en"
    if isinstance(parsed, tuple) and len(parsed) == 8:
        return _describe_play(parsed, lang)
    kind, value = parsed
    if kind in ("deal", "blind", "card"):
        return _describe_card(kind, value, lang, engine)
    if kind in PLAYER_CHANCE or kind == "player":
        return _describe_player(kind, value, lang)
    if kind in ("tribute", "return", "give", "discard"):
        return _describe_transfer(kind, value, lang, engine)
    if kind == "bomb":
        return _describe_bomb(value, lang)
    if kind == "revolt":
        if value:
            return {"en": "Start the revolution", "ko": "혁명하기", "ja": "革命する"}[lang]
        return {"en": "No revolution", "ko": "혁명하지 않기", "ja": "革命しない"}[lang]
    return _describe_special(kind, value, lang)


def _describe_special(kind: str, value: int, lang: str) -> str:
    """The choices and declarations of the article's special rules."""
    if kind == "pick":
        card = _names(value, lang)
        return {"en": f"Take {card} from the discard pile", "ko": f"버린 패에서 {card} 가져오기",
                "ja": f"捨て札から{card}を取る"}[lang]
    if kind == "target":
        who = _player(value, lang)
        return {"en": f"Choose {who}", "ko": f"{who} 고르기", "ja": f"{who}を選ぶ"}[lang]
    if kind == "draw":
        places = ", ".join(str(i + 1) for i in range(20) if value >> i & 1)
        return {"en": f"Draw the face-down cards at places {places} (1 = the weakest)",
                "ko": f"엎어 둔 패에서 {places}번째 카드 뽑기 (1 = 가장 약한 카드)",
                "ja": f"伏せた札の{places}番目を引く（1 = いちばん弱い札）"}[lang]
    if kind == "relief":
        return {"en": "Take the cards on the field into your hand", "ko": "바닥의 카드를 모두 패로 가져오기",
                "ja": "場の札をすべて手札に取る"}[lang]
    if kind == "dokan":
        return {"en": "Dokan: the field adds up to your hand", "ko": "도칸: 바닥의 합이 내 패의 합과 같다",
                "ja": "ドカン：場の合計が手札の合計と同じ"}[lang]
    raise InvalidNotationError(msg("unknown action {action}", action=repr((kind, value))))


def _describe_play(m: Play, lang: str) -> str:
    form = m[0]
    if form == PASS_FORM:
        return {"en": "Pass", "ko": "패스", "ja": "パス"}[lang]
    if form == JOKER:
        return {"en": "Play the Joker", "ko": "조커 내기", "ja": "ジョーカーを出す"}[lang]
    if form == JPAIR:
        return {"en": "Play both jokers", "ko": "조커 두 장 내기", "ja": "ジョーカー2枚を出す"}[lang]
    cards = _play_cards(m, lang)
    if form == SINGLE:
        return {"en": f"Play {cards}", "ko": f"{cards} 내기", "ja": f"{cards}を出す"}[lang]
    if form == GROUP:
        r = RANK_NAMES[m[2] - 1]
        k = m[1]
        en = {2: f"a pair of {r}s", 3: f"three {r}s", 4: f"four {r}s"}.get(k, f"{k} {r}s")
        return {"en": f"Play {en}: {cards}", "ko": f"{r} {k}장 내기: {cards}",
                "ja": f"{r}を{k}枚出す：{cards}"}[lang]
    if form == SEQ:
        return {"en": f"Play a sequence of {m[1]}: {cards}", "ko": f"{m[1]}장 계단 내기: {cards}",
                "ja": f"{m[1]}枚の階段を出す：{cards}"}[lang]
    if form == EMPEROR:
        return {"en": f"Play an emperor: {cards}", "ko": f"엠퍼러 내기: {cards}",
                "ja": f"エンペラーを出す：{cards}"}[lang]
    # cards that make no form (never legal)
    return {"en": f"Play {cards}", "ko": f"{cards} 내기", "ja": f"{cards}を出す"}[lang]


def _describe_card(kind: str, value: int, lang: str, engine: Engine | None) -> str:
    card = _names(1 << (52 if value >= 52 else value), lang)
    if kind == "blind":
        return {"en": f"{card} is set aside face down", "ko": f"{card}을(를) 뒷면으로 빼 둠",
                "ja": f"{card}を伏せて除く"}[lang]
    target = ""
    if engine is not None and engine.phase == DEAL:
        target = _player(dealt_to(engine), lang)
    return {"en": f"Deal {card} to {target or 'the next player'}",
            "ko": f"{target or '다음 플레이어'}에게 {card} 나눠 주기",
            "ja": f"{target or '次のプレイヤー'}に{card}を配る"}[lang]


def _describe_player(kind: str, value: int, lang: str) -> str:
    who = _player(value, lang)
    return {
        "seat": {"en": f"{who} takes the next seat", "ko": f"{who}이(가) 다음 자리에 앉음",
                 "ja": f"{who}が次の席に着く"},
        "dealer": {"en": f"{who} deals", "ko": f"{who}이(가) 카드를 나눔", "ja": f"{who}が配る"},
        "lead": {"en": f"{who} leads", "ko": f"{who}이(가) 선", "ja": f"{who}が親"},
        "place": {"en": f"{who} takes the next place", "ko": f"{who}이(가) 다음 순위",
                  "ja": f"{who}が次の順位"},
        "player": {"en": who, "ko": who, "ja": who},
    }[kind][lang]


def _describe_transfer(kind: str, value: int, lang: str, engine: Engine | None) -> str:
    cards = _names(value, lang) if value else {"en": "nothing", "ko": "없음", "ja": "なし"}[lang]
    to = ""
    if engine is not None:
        if engine.phase in (TRIBUTE, RETURN) and engine.exch:
            to = _player(engine.exch[0][2], lang)
        elif engine.phase == SEVEN and engine.cont is not None:
            to = _player(transfer_target(engine, engine.turn), lang)
    if kind == "tribute":
        return {"en": f"Hand over {cards}" + (f" to {to}" if to else ""),
                "ko": (f"{to}에게 " if to else "") + f"{cards} 바치기",
                "ja": (f"{to}に" if to else "") + f"{cards}を献上する"}[lang]
    if kind == "return":
        return {"en": f"Give back {cards}" + (f" to {to}" if to else ""),
                "ko": (f"{to}에게 " if to else "") + f"{cards} 돌려주기",
                "ja": (f"{to}に" if to else "") + f"{cards}を返す"}[lang]
    if kind == "give":
        return {"en": f"Pass {cards}" + (f" to {to}" if to else ""),
                "ko": (f"{to}에게 " if to else "") + f"{cards} 넘기기",
                "ja": (f"{to}に" if to else "") + f"{cards}を渡す"}[lang]
    return {"en": f"Discard {cards}", "ko": f"{cards} 버리기", "ja": f"{cards}を捨てる"}[lang]


def _describe_bomb(value: int, lang: str) -> str:
    ranks = ", ".join(RANK_NAMES[r - 1] for r in range(1, 14) if value >> r & 1)
    if not ranks:
        return {"en": "Name no rank", "ko": "숫자를 고르지 않기", "ja": "何も指定しない"}[lang]
    return {"en": f"Bomb every {ranks}", "ko": f"{ranks} 모두 버리게 하기",
            "ja": f"{ranks}を全員捨てさせる"}[lang]


__all__ = ["card_name", "describe"]
