"""Human descriptions of actions in English, Korean and Japanese, and reasons for refusals.

Profession names follow the rulebook: the English translation's names (Vessel, Pawn, …),
the kanji in Japanese, and their Sino-Korean readings in Korean.

>>> from .state import CetkaikState, MOVE
>>> from .rules import OFFICIAL
>>> s = CetkaikState(OFFICIAL, phase=MOVE)
>>> describe(s, "CA片CIPO")
'Chariot CA steps over the black Pawn on CI to PO'
>>> describe(s, "NI片NO水", "ja")
'兵 NI → NO（入水判定）'
>>> describe_failed(s, "NI片NO水")
'Pawn NI to NO (water cast): the move fails, the Pawn stays on NI and captures nothing'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..core.errors import InvalidNotationError
from ..core.messages import msg, words
from .board import COLOUR, OWNER, PROF, SQUARE_NAMES, TAM2
from .notation import Cast, Declare, Decline, Drop, FirstMover, GoTo, PieceMove, TamMove, parse_action
from .scoring import FLASH, KUT2TAM2, TAM2_TY_SAK2

if TYPE_CHECKING:
    from .state import CetkaikState

PROFESSIONS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("Vessel", "Pawn", "Archer", "Chariot", "Tiger", "Horse", "Officer", "Shaman", "General", "King"),
    "ko": ("선(船)", "병(兵)", "궁(弓)", "차(車)", "호(虎)", "마(馬)", "필(筆)", "무(巫)", "장(将)", "왕(王)"),
    "ja": ("船", "兵", "弓", "車", "虎", "馬", "筆", "巫", "将", "王"),
}
TAM2_NAME: Final = {"en": "tam2", "ko": "황(皇)", "ja": "皇"}
COLOURS: Final = {"en": ("red", "black"), "ko": ("적", "흑"), "ja": ("赤", "黒")}
SIDES: Final = {"en": ("the A side", "the IA side"), "ko": ("A 진영", "IA 진영"), "ja": ("A側", "IA側")}
HAND_NAMES_I18N: Final[dict[str, dict[str, str]]] = {
    "無抗行処": {"en": "The Unbeatable", "ko": "무항행처", "ja": "無抗行処"},
    "筆兵無傾": {"en": "The Social Order", "ko": "필병무경", "ja": "筆兵無傾"},
    "地心": {"en": "The Culture", "ko": "지심", "ja": "地心"},
    "馬弓兵": {"en": "The Cavalry", "ko": "마궁병", "ja": "馬弓兵"},
    "行行": {"en": "The Attack", "ko": "행행", "ja": "行行"},
    "王": {"en": "The King", "ko": "왕", "ja": "王"},
    "獣": {"en": "The Animals", "ko": "수", "ja": "獣"},
    "戦集": {"en": "The Army", "ko": "전집", "ja": "戦集"},
    "助友": {"en": "The Comrades", "ko": "조우", "ja": "助友"},
    "闇戦之集": {"en": "The Deadly Army", "ko": "암전지집", "ja": "闇戦之集"},
    KUT2TAM2: {"en": "The Stepping (penalty)", "ko": "격황 (벌칙)", "ja": "撃皇"},
    TAM2_TY_SAK2: {"en": "The Futile Move (penalty)", "ko": "황재래 (벌칙)", "ja": "皇再来"},
}
_FLASH_WORD: Final = {"en": "{} of one colour", "ko": "동색 {}", "ja": "同色{}"}


def hand_label(name: str, lang: str = "en") -> str:
    """A hand's name in ``lang`` (``同色獣`` → ``The Animals of one colour``)."""
    lang = lang if lang in PROFESSIONS else "en"
    if name.startswith(FLASH):
        base = HAND_NAMES_I18N[name[2:]][lang]
        return name if lang == "ja" else _FLASH_WORD[lang].format(base)
    return HAND_NAMES_I18N[name][lang]


def _piece(state: CetkaikState, sq: int, lang: str, with_colour: bool = False) -> str:
    code = state.board[sq]
    if code == TAM2:
        return TAM2_NAME[lang]
    if code == 0:
        return "?"
    name = PROFESSIONS[lang][PROF[code]]
    if not with_colour:
        return name
    colour = COLOURS[lang][COLOUR[code]]
    return f"{colour} {name}" if lang == "en" else f"{colour}{name}" if lang == "ja" else f"{colour} {name}"


def describe(state: CetkaikState, action: str, lang: str = "en") -> str:
    """A sentence for people describing ``action`` in ``state``."""
    lang = lang if lang in PROFESSIONS else "en"
    try:
        move = parse_action(action)
    except InvalidNotationError:
        return action
    n = SQUARE_NAMES
    if isinstance(move, PieceMove):
        return _describe_piece_move(state, move, lang)
    if isinstance(move, Drop):
        piece = f"{COLOURS[lang][move.colour]} {PROFESSIONS[lang][move.prof]}"
        return {"en": f"Drop a {piece} on {n[move.dest]}", "ko": f"{piece}을(를) {n[move.dest]}에 놓기",
                "ja": f"{piece.replace(' ', '')}を{n[move.dest]}に打つ"}[lang]
    if isinstance(move, TamMove):
        t = TAM2_NAME[lang]
        path = f"{n[move.src]} → {n[move.first]} → {n[move.second]}"
        if move.via is None:
            return f"{t} {path}"
        over = {"en": f" over {n[move.via]}", "ko": f" ({n[move.via]} 넘기)", "ja": f"（{n[move.via]}を踏越え）"}[lang]
        return f"{t} {path}{over}"
    if isinstance(move, Cast):
        return _describe_cast(move, lang)
    if isinstance(move, FirstMover):
        side = SIDES[lang][move.side]
        return {"en": f"{side[0].upper()}{side[1:]} moves first", "ko": f"{side} 선공",
                "ja": f"{side}が先手"}[lang]
    if isinstance(move, GoTo):
        return {"en": f"Go to {n[move.dest]}", "ko": f"{n[move.dest]}(으)로 이동",
                "ja": f"{n[move.dest]}へ進む"}[lang]
    if isinstance(move, Decline):
        return {"en": "Decline: the move fails", "ko": "포기: 이동 실패", "ja": "見送り：この手は不成立"}[lang]
    assert isinstance(move, Declare)
    return _describe_declaration(state, move, lang)


def describe_failed(state: CetkaikState, action: str, lang: str = "en") -> str:
    """A sentence for people about a piece move (``action`` in ``state``) whose cast failed or
    whose mover declined: it names the attempt and says that nothing was captured."""
    lang = lang if lang in PROFESSIONS else "en"
    move = parse_action(action)
    if not isinstance(move, PieceMove):
        return describe(state, action, lang)
    attempt = _describe_piece_move(state, move, lang, failed=True)
    mover, src = _piece(state, move.src, lang), SQUARE_NAMES[move.src]
    return {"en": f"{attempt}: the move fails, the {mover} stays on {src} and captures nothing",
            "ko": f"{attempt}: 이동 실패, {mover}은(는) {src}에 그대로 있고 아무것도 잡지 못함",
            "ja": f"{attempt}：不成立。{mover}は{src}に留まり、駒は取らない"}[lang]


def _describe_piece_move(state: CetkaikState, move: PieceMove, lang: str, failed: bool = False) -> str:
    """The move as played (``failed``: the attempt only, with no capture in it)."""
    n = SQUARE_NAMES
    mover = _piece(state, move.src, lang)
    src, dest = n[move.src], n[move.dest]
    target = state.board[move.dest]
    capture = ""
    if not failed and not move.ranged and target and target != TAM2 and OWNER[target] != OWNER[state.board[move.src]]:
        what = _piece(state, move.dest, lang, True)
        capture = {"en": f", capturing the {what}", "ko": f", {what} 잡기", "ja": f"、{what}を取る"}[lang]
    water = {"en": " (water cast)", "ko": " (입수 판정)", "ja": "（入水判定）"}[lang] if move.water else ""
    if move.via is None:
        return {"en": f"{mover} {src} to {dest}", "ko": f"{mover} {src} → {dest}",
                "ja": f"{mover} {src} → {dest}"}[lang] + capture + water
    via = n[move.via]
    over = _piece(state, move.via, lang, True)
    if state.board[move.via] == TAM2:
        over = {"en": "tam2 (kut2 tam2, a penalty)", "ko": "황 (격황, 벌칙)", "ja": "皇（撃皇・罰則）"}[lang]
        on = {"en": f"{over} on {via}", "ko": f"{via}의 {over}", "ja": f"{via}の{over}"}[lang]
    else:
        on = {"en": f"the {over} on {via}", "ko": f"{via}의 {over}", "ja": f"{via}の{over}"}[lang]
    if move.ranged and failed:
        return {"en": f"{mover} {src} steps over {on} towards {dest} (stepping cast)",
                "ko": f"{mover} {src}에서 {on}을(를) 넘어 {dest} 쪽으로 (막대 판정)",
                "ja": f"{mover} {src}から{on}を踏越えて{dest}へ（踏越え判定）"}[lang]
    if move.ranged:
        return {"en": f"{mover} {src} steps over {on}, planning {dest} (stepping cast)",
                "ko": f"{mover} {src}에서 {on}을(를) 넘어 {dest} 목표 (막대 판정)",
                "ja": f"{mover} {src}から{on}を踏越え、{dest}を予定（踏越え判定）"}[lang]
    return {"en": f"{mover} {src} steps over {on} to {dest}",
            "ko": f"{mover} {src}에서 {on}을(를) 넘어 {dest}",
            "ja": f"{mover} {src}から{on}を踏越えて{dest}"}[lang] + capture + water


def _describe_cast(move: Cast, lang: str) -> str:
    if move.kind == "橋":
        return {"en": f"Stepping cast: {move.sticks}", "ko": f"넘기 판정: {move.sticks}",
                "ja": f"踏越え判定：{move.sticks}"}[lang]
    ok = move.sticks >= 3
    result = {"en": ("fails", "enters"), "ko": ("실패", "입수"), "ja": ("失敗", "入水")}[lang][ok]
    return {"en": f"Water cast: {move.sticks} ({result})", "ko": f"입수 판정: {move.sticks} ({result})",
            "ja": f"入水判定：{move.sticks}（{result}）"}[lang]


def _describe_declaration(state: CetkaikState, move: Declare, lang: str) -> str:
    if move.ty_mok:
        rate = min(64, state.rate * 2)
        return {"en": f"ty mok1 (再行): continue, rate ×{rate}", "ko": f"재행(再行): 계속, 배율 ×{rate}",
                "ja": f"再行：続行、倍率×{rate}"}[lang]
    value = state.ta_xot_value() if state.phase_name == "declaration" else 0
    return {"en": f"ta xot1 (終季): end the season, {value:+d} points",
            "ko": f"종계(終季): 계절 종료, {value:+d}점", "ja": f"終季：季節を終える、{value:+d}点"}[lang]


def explain_illegal(state: CetkaikState, action: str) -> str:
    """Why a well-formed ``action`` is not legal in ``state`` (English, for error messages)."""
    move = parse_action(action)
    phase = state.phase_name
    n = SQUARE_NAMES
    expects = {"move": msg("this is the move phase, which takes a move"),
               "stepping_choice": msg("this is the stepping choice phase, which takes a square to go to or 此無 (decline)"),
               "declaration": msg("this is the declaration phase, which takes 再行 (ty mok1) or 終季 (ta xot1)")}
    wants_move = isinstance(move, (PieceMove, Drop, TamMove))
    if phase != "move" and wants_move or phase == "move" and not wants_move:
        return msg("{action} is not legal now: {phase}", action=action, phase=expects[phase])
    side = state.side
    if isinstance(move, PieceMove):
        return _why_not_piece_move(state, action, move)
    if isinstance(move, Drop):
        if 10 * move.colour + move.prof not in state.hands[side]:
            return msg("{action}: that piece is not in your hand", action=action)
        return msg("{action}: {square} is not empty", action=action, square=n[move.dest])
    if isinstance(move, TamMove):
        return _why_not_tam_move(state, action, move)
    if isinstance(move, GoTo):
        return msg("{action}: after this cast the piece cannot reach {square}", action=action,
                   square=n[move.dest])
    return msg("{action} is not legal here", action=action)


def _why_not_piece_move(state: CetkaikState, action: str, move: PieceMove) -> str:
    n = SQUARE_NAMES
    side = state.side
    code = state.board[move.src]
    if code == 0:
        return msg("{action}: there is no piece on {square}", action=action, square=n[move.src])
    if code == TAM2:
        return msg("{action}: tam2 moves are written {square}皇[…]…", action=action, square=n[move.src])
    if OWNER[code] != side:
        return msg("{action}: the piece on {square} is not yours", action=action, square=n[move.src])
    alt = action[:-1] if move.water else action + "水"
    if not move.ranged and alt in state.legal_actions():
        if move.water:
            return msg("{action}: write {alt} (no water cast is needed)", action=action, alt=alt)
        return msg("{action}: write {alt} (this move needs a water cast)", action=action, alt=alt)
    dest = state.board[move.dest]
    if move.dest != move.src and dest and OWNER[dest] == side:
        return msg("{action}: a piece never ends on its own side's piece", action=action)
    if dest == TAM2:
        return msg("{action}: a piece never ends on tam2", action=action)
    if dest and OWNER[dest] == 1 - side and not move.ranged:
        from .movegen import protected_squares

        if protected_squares(state.board, 1 - side, state.tam, state.rules.hue.tam_itself_is_tam_hue)[move.dest]:
            return msg("{action}: the piece on {square} is protected by a General on tam2 hue", action=action,
                       square=n[move.dest])
    piece = words(**{lang: names[PROF[code]] for lang, names in PROFESSIONS.items()})
    return msg("{action}: the {piece} on {square} cannot move that way", action=action, piece=piece,
               square=n[move.src])


def _why_not_tam_move(state: CetkaikState, action: str, move: TamMove) -> str:
    n = SQUARE_NAMES
    if state.board[move.src] != TAM2:
        return msg("{action}: tam2 is not on {square}", action=action, square=n[move.src])
    rules = state.rules.tam2_moves
    if state.tam_moved and rules.moving_tam_immediately_after_tam_has_moved.value == "forbidden":
        return msg("{action}: tam2 may not move right after the opponent moved it", action=action)
    if move.second == move.src and rules.tam_mun_mok.value == "forbidden":
        return msg("{action}: tam2 may not end where it started", action=action)
    return msg("{action}: tam2 cannot move that way (two king steps onto empty squares, at most one via square)",
               action=action)
