"""The engine's messages in Korean, keyed by the English template (:mod:`.messages`).

Add a line for every new ``msg("...")`` template, with the same ``{names}``
(``tests/unit/test_messages.py`` finds the templates in the source and checks both tables).
Words follow the page's own Korean (``web/i18n/*.ko.json``).
"""

from __future__ import annotations

from typing import Final

KO: Final[dict[str, str]] = {
    # --- core -------------------------------------------------------------------------------
    "ply {ply}: {reason}": "{ply}수째: {reason}",
    # --- the session: moving, undo, replay ---------------------------------------------------
    "you cannot move now: {who}": "지금은 둘 수 없습니다: {who}",
    "the game is over": "게임이 끝났습니다",
    "chance is to act": "던지기나 패 돌리기를 기다리는 중입니다",
    "it is a bot's turn": "컴퓨터의 차례입니다",
    "it is your opponent's turn (send them the link)": "상대의 차례입니다 (상대에게 링크를 보내세요)",
    "that bot move is no longer wanted (the position changed)": "컴퓨터의 수가 늦게 도착했습니다 (국면이 바뀌었습니다)",
    "there is no chance node to resolve here": "여기서는 정할 우연 결과가 없습니다",
    "there is no position {cursor} (0–{last})": "{cursor}번째 국면은 없습니다 (0–{last})",
    "there is no move of yours to take back": "무를 수 있는 내 수가 없습니다",
    "your opponent already has that move: a move sent by link cannot be taken back":
        "상대가 이미 받은 수입니다: 링크로 보낸 수는 무를 수 없습니다",
    "this cast needs your opponent's secret: send them the link":
        "이 던지기에는 상대의 비밀 값이 필요합니다: 상대에게 링크를 보내세요",
    # --- the session: play by link, saved games ----------------------------------------------
    "{game} cannot be played by link: its hands are hidden": "{game}은(는) 링크로 둘 수 없습니다: 손패가 숨겨져 있습니다",
    "a game played by link has two people, one on each device": "링크로 두는 게임은 두 사람이 각자의 기기에서 둡니다",
    "the link's game cannot be opened: {reason}": "링크의 게임을 열 수 없습니다: {reason}",
    "this play-by-link link is damaged (it names no game)": "이 링크 대국 링크는 손상되었습니다 (게임 정보가 없습니다)",
    "this link is older than your game: you already have everything in it":
        "지금 게임보다 오래된 링크입니다: 링크의 내용은 이미 모두 있습니다",
    "this link does not continue your game: its moves differ from yours": "내 게임을 잇는 링크가 아닙니다: 수가 서로 다릅니다",
    "ply {ply}: the link records a cast nobody could know yet": "{ply}수째: 아직 누구도 알 수 없는 던지기 결과가 링크에 있습니다",
    "ply {ply}: the cast does not follow from the players' secrets (the link was altered)":
        "{ply}수째: 던지기 결과가 두 사람의 비밀 값과 맞지 않습니다 (링크가 바뀌었습니다)",
    "the saved game is not readable": "저장된 게임을 읽을 수 없습니다",
    "the saved game is not in a format this version can read": "이 버전에서 읽을 수 없는 형식으로 저장된 게임입니다",
    "the saved game is damaged (its chance memory is unreadable)": "저장된 게임이 손상되었습니다 (우연 결과 기록을 읽을 수 없습니다)",
    "the saved game's fair-play data belongs to another game": "저장된 게임의 공정성 데이터가 다른 게임의 것입니다",
    # --- fair play (play by link) ------------------------------------------------------------
    "the link's fair-play transcript is damaged": "링크의 공정성 기록이 손상되었습니다",
    "the link's fair-play transcript is too long": "링크의 공정성 기록이 너무 깁니다",
    "the link's fair-play transcript is out of order": "링크의 공정성 기록 순서가 맞지 않습니다",
    "the link's fair-play transcript gives a secret twice": "링크의 공정성 기록에 같은 비밀 값이 두 번 있습니다",
    "a secret in the link does not match what its player committed to: the link was altered":
        "링크의 비밀 값이 그 플레이어가 미리 약속한 값과 다릅니다: 링크가 바뀌었습니다",
    "this link does not continue your game (its secrets differ from the ones you have: it may have been altered)":
        "내 게임을 잇는 링크가 아닙니다 (비밀 값이 내 것과 다릅니다: 바뀌었을 수 있습니다)",
    "this link carries a commitment of yours that this device never made": "이 기기에서 만든 적 없는 내 약속 값이 링크에 있습니다",
    "this link carries a secret of yours that this device never made": "이 기기에서 만든 적 없는 내 비밀 값이 링크에 있습니다",
    "the saved game's fair-play data is damaged": "저장된 게임의 공정성 데이터가 손상되었습니다",
    # --- Cetkaik: moves and why they are refused -----------------------------------------------
    "{action} is not legal now: {phase}": "{action}은(는) 지금 둘 수 없습니다: {phase}",
    "this is the move phase, which takes a move": "지금은 수를 두는 단계입니다",
    "this is the stepping choice phase, which takes a square to go to or 此無 (decline)":
        "지금은 넘기 뒤에 갈 칸을 고르는 단계입니다: 갈 칸이나 此無(포기)를 고르세요",
    "this is the declaration phase, which takes 再行 (ty mok1) or 終季 (ta xot1)":
        "지금은 선언 단계입니다: 再行(재행)이나 終季(종계)를 고르세요",
    "{action} is not legal here": "{action}은(는) 여기서 둘 수 없습니다",
    "{action} is not a possible outcome here": "{action}은(는) 여기서 나올 수 있는 결과가 아닙니다",
    "there is no declaration to make": "지금은 선언할 것이 없습니다",
    "{action}: that piece is not in your hand": "{action}: 그 말은 잡은 말에 없습니다",
    "{action}: {square} is not empty": "{action}: {square}은(는) 빈칸이 아닙니다",
    "{action}: after this cast the piece cannot reach {square}": "{action}: 이 막대 결과로는 {square}에 갈 수 없습니다",
    "{action}: there is no piece on {square}": "{action}: {square}에 말이 없습니다",
    "{action}: tam2 moves are written {square}皇[…]…": "{action}: 황의 이동은 {square}皇[…]…처럼 씁니다",
    "{action}: the piece on {square} is not yours": "{action}: {square}의 말은 내 말이 아닙니다",
    "{action}: write {alt} (no water cast is needed)": "{action}: {alt}(으)로 쓰세요 (입수 판정이 필요 없습니다)",
    "{action}: write {alt} (this move needs a water cast)": "{action}: {alt}(으)로 쓰세요 (이 수는 입수 판정이 필요합니다)",
    "{action}: a piece never ends on its own side's piece": "{action}: 말은 자기 편 말이 있는 칸에서 멈출 수 없습니다",
    "{action}: a piece never ends on tam2": "{action}: 말은 황이 있는 칸에서 멈출 수 없습니다",
    "{action}: the piece on {square} is protected by a General on tam2 hue":
        "{action}: {square}의 말은 황처의 장(将)이 지키고 있습니다",
    "{action}: the {piece} on {square} cannot move that way": "{action}: {square}의 {piece}은(는) 그렇게 움직일 수 없습니다",
    "{action}: tam2 is not on {square}": "{action}: 황은 {square}에 없습니다",
    "{action}: tam2 may not move right after the opponent moved it": "{action}: 상대가 황을 움직인 바로 다음에는 황을 움직일 수 없습니다",
    "{action}: tam2 may not end where it started": "{action}: 황은 출발한 칸에서 멈출 수 없습니다",
    "{action}: tam2 cannot move that way (two king steps onto empty squares, at most one via square)":
        "{action}: 황은 그렇게 움직일 수 없습니다 (빈칸으로 왕의 걸음 두 번, 경유 칸은 하나까지)",
    "{text} is not a Cetkaik action": "{text}은(는) 체트카이크의 수가 아닙니다",
    "{text} is not a square (columns K…P, rows A…IA)": "{text}은(는) 칸 이름이 아닙니다 (열 K…P, 행 A…IA)",
    "{text} is not a run of squares": "{text}은(는) 칸 이름을 이은 것이 아닙니다",
    "{piece} is not a piece (colour 赤/黒 + profession)": "{piece}은(는) 말 이름이 아닙니다 (색 赤/黒 + 직업)",
    "a game has 1, 2 or 4 seasons, not {seasons}": "한 게임은 1, 2, 4계절 중 하나입니다 ({seasons}계절은 안 됩니다)",
    # --- Cetkaik: kiaak records ----------------------------------------------------------------
    "{token}: {reason}": "{token}: {reason}",
    "cannot read {token}": "{token}을(를) 읽을 수 없습니다",
    "{text} is not a number": "{text}은(는) 수가 아닙니다",
    "not a Cetkaik record: {game}": "체트카이크 기보가 아닙니다: {game}",
    "nothing may follow {end}: {token}": "{end} 뒤에는 아무것도 올 수 없습니다: {token}",
    "{end} but the game is not over": "{end}이(가) 있지만 게임이 끝나지 않았습니다",
    "the game is over: no move may follow ({token})": "게임이 끝났습니다: 더 둘 수 없습니다 ({token})",
    "a declaration (再行 or 終季) is required after this ply": "이 수 뒤에는 선언(再行 또는 終季)이 필요합니다",
    "no declaration is due here ({token})": "여기서는 선언할 차례가 아닙니다 ({token})",
    "a second declaration line {token}": "선언 줄이 두 번 나옵니다: {token}",
    "declared hands {declared} but the hands are {hands}": "선언한 역은 {declared}이지만 실제 역은 {hands}입니다",
    "再行 (ty mok1) carries no value": "再行(재행)에는 점수를 쓰지 않습니다",
    "declared 而手{declared} but the value is {value}": "而手{declared}로 선언했지만 점수는 {value}입니다",
    "declared 手{declared} but the value is {value}": "手{declared}로 적었지만 점수는 {value}입니다",
    "a season comment {token} may only follow 終季": "계절 주석 {token}은(는) 終季 뒤에만 올 수 있습니다",
    "a score token {token} may only follow 終季": "점수 표시 {token}은(는) 終季 뒤에만 올 수 있습니다",
    "{token} but the season that ended is {season}": "{token}이라고 적혀 있지만 끝난 계절은 {season}입니다",
    "一位色 gives {char} for season {season}: not 赤 or 黒": "一位色의 {season}번째 계절 값 {char}은(는) 赤도 黒도 아닙니다",
    "a capture comment {token} must follow its move": "잡은 말 주석 {token}은(는) 그 수 바로 뒤에 와야 합니다",
    "the capture comment names {piece} but nothing was captured": "잡은 말 주석에 {piece}이(가) 있지만 잡은 말이 없습니다",
    "the capture comment names {piece} but the ply captured {captured}": "잡은 말 주석에는 {piece}이(가) 있지만 실제로 잡은 말은 {captured}입니다",
    "the capture comment {token} names a piece but {move} captured nothing": "잡은 말 주석 {token}에 말이 있지만 {move}은(는) 아무것도 잡지 않았습니다",
    "the capture comment {token} does not match the piece captured ({captured})": "잡은 말 주석 {token}이(가) 잡은 말({captured})과 맞지 않습니다",
    "{token}: the piece on {square} is {found}, not {named}": "{token}: {square}의 말은 {named}이(가) 아니라 {found}입니다",
    "{token}: this move needs a water cast (水N), not 無撃裁": "{token}: 이 수에는 無撃裁가 아니라 입수 판정(水N)이 필요합니다",
    "{token}: this move needs no water cast (write 無撃裁)": "{token}: 이 수에는 입수 판정이 필요 없습니다 (無撃裁로 쓰세요)",
    "{token}: a water cast of {sticks} fails, so 此無 must be written": "{token}: 입수 판정 {sticks}은(는) 실패이므로 此無를 써야 합니다",
    "{token}: a water cast of {sticks} succeeds, so 此無 must not be written": "{token}: 입수 판정 {sticks}은(는) 성공이므로 此無를 쓰면 안 됩니다",
    "{token}: a stepping cast needs a via square and a destination": "{token}: 넘기 판정에는 경유 칸과 도착 칸이 필요합니다",
    "{token}: stepping cast {sticks} is less than the distance {distance}": "{token}: 넘기 판정 {sticks}은(는) 거리 {distance}보다 작습니다",
    "{token}: the piece cannot end on {square} after this cast": "{token}: 이 판정 결과로는 말이 {square}에 갈 수 없습니다",
    "{token}: the piece reached water: a water cast (水M) is required": "{token}: 말이 물에 들어갔으므로 입수 판정(水M)이 필요합니다",
    "{token}: no water cast is needed on {square}": "{token}: {square}에서는 입수 판정이 필요 없습니다",
    "{token}: 此無 but the piece moved": "{token}: 此無라고 적혀 있지만 말이 움직였습니다",
}
