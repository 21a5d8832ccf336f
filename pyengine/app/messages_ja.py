"""The engine's messages in Japanese, keyed by the English template (:mod:`.messages`).

Add a line for every new ``msg("...")`` template, with the same ``{names}``
(``tests/unit/test_messages.py`` finds the templates in the source and checks both tables).
Words follow the page's own Japanese (``web/i18n/*.ja.json``).
"""

from __future__ import annotations

from typing import Final

JA: Final[dict[str, str]] = {
    # --- core -------------------------------------------------------------------------------
    "ply {ply}: {reason}": "{ply}手目: {reason}",
    # --- the session: moving, undo, replay ---------------------------------------------------
    "you cannot move now: {who}": "今は指せません: {who}",
    "the game is over": "対局は終わりました",
    "chance is to act": "投げや配札の結果を待っています",
    "it is a bot's turn": "コンピューターの番です",
    "it is your opponent's turn (send them the link)": "相手の番です（相手にリンクを送ってください）",
    "that bot move is no longer wanted (the position changed)": "コンピューターの手は間に合いませんでした（局面が変わりました）",
    "there is no chance node to resolve here": "ここで決める偶然の結果はありません",
    "there is no position {cursor} (0–{last})": "{cursor}番目の局面はありません（0–{last}）",
    "there is no move of yours to take back": "取り消せるあなたの手がありません",
    "your opponent already has that move: a move sent by link cannot be taken back":
        "相手がすでに受け取った手です。リンクで送った手は取り消せません",
    "this cast needs your opponent's secret: send them the link":
        "この投げには相手の秘密の値が必要です。相手にリンクを送ってください",
    # --- the session: play by link, saved games ----------------------------------------------
    "{game} cannot be played by link: its hands are hidden": "{game}はリンクでは遊べません。手札が隠されているためです",
    "a game played by link has two people, one on each device": "リンク対局は二人がそれぞれの端末で遊びます",
    "the link's game cannot be opened: {reason}": "リンクのゲームを開けません: {reason}",
    "this play-by-link link is damaged (it names no game)": "このリンク対局のリンクは壊れています（ゲームの情報がありません）",
    "this link is older than your game: you already have everything in it":
        "今の対局より古いリンクです。リンクの内容はすべて手元にあります",
    "this link does not continue your game: its moves differ from yours": "あなたのゲームの続きではありません。手が食い違っています",
    "ply {ply}: the link records a cast nobody could know yet": "{ply}手目: まだ誰にも分からないはずの投げの結果がリンクにあります",
    "ply {ply}: the cast does not follow from the players' secrets (the link was altered)":
        "{ply}手目: 投げの結果が二人の秘密の値と合いません（リンクが変更されています）",
    "the saved game is not readable": "保存されたゲームを読み込めません",
    "the saved game is not in a format this version can read": "このバージョンでは読めない形式で保存されたゲームです",
    "the saved game is damaged (its chance memory is unreadable)": "保存されたゲームが壊れています（偶然の結果の記録を読めません）",
    "the saved game's fair-play data belongs to another game": "保存されたゲームの公正性データが別のゲームのものです",
    # --- fair play (play by link) ------------------------------------------------------------
    "the link's fair-play transcript is damaged": "リンクの公正性の記録が壊れています",
    "the link's fair-play transcript is too long": "リンクの公正性の記録が長すぎます",
    "the link's fair-play transcript is out of order": "リンクの公正性の記録の順序が合いません",
    "the link's fair-play transcript gives a secret twice": "リンクの公正性の記録に同じ秘密の値が二度あります",
    "a secret in the link does not match what its player committed to: the link was altered":
        "リンクの秘密の値が、その人が事前に約束した値と違います。リンクが変更されています",
    "this link does not continue your game (its secrets differ from the ones you have: it may have been altered)":
        "あなたのゲームの続きではありません（秘密の値が手元のものと違います。変更された可能性があります）",
    "this link carries a commitment of yours that this device never made": "この端末が作っていないあなたの約束の値がリンクにあります",
    "this link carries a secret of yours that this device never made": "この端末が作っていないあなたの秘密の値がリンクにあります",
    "the saved game's fair-play data is damaged": "保存されたゲームの公正性データが壊れています",
    # --- Cetkaik: moves and why they are refused -----------------------------------------------
    "{action} is not legal now: {phase}": "{action}は今は指せません: {phase}",
    "this is the move phase, which takes a move": "今は手を指す段階です",
    "this is the stepping choice phase, which takes a square to go to or 此無 (decline)":
        "今は踏越えの行き先を選ぶ段階です。行き先のマスか此無（取りやめ）を選んでください",
    "this is the declaration phase, which takes 再行 (ty mok1) or 終季 (ta xot1)":
        "今は宣言の段階です。再行か終季を選んでください",
    "{action} is not legal here": "{action}はここでは指せません",
    "{action} is not a possible outcome here": "{action}はここで起こりうる結果ではありません",
    "there is no declaration to make": "今は宣言することがありません",
    "{action}: that piece is not in your hand": "{action}: その駒は手駒にありません",
    "{action}: {square} is not empty": "{action}: {square}は空いていません",
    "{action}: after this cast the piece cannot reach {square}": "{action}: この裁の結果では{square}に届きません",
    "{action}: there is no piece on {square}": "{action}: {square}に駒がありません",
    "{action}: tam2 moves are written {square}皇[…]…": "{action}: 皇の動きは{square}皇[…]…と書きます",
    "{action}: the piece on {square} is not yours": "{action}: {square}の駒はあなたの駒ではありません",
    "{action}: write {alt} (no water cast is needed)": "{action}: {alt}と書いてください（入水判定は要りません）",
    "{action}: write {alt} (this move needs a water cast)": "{action}: {alt}と書いてください（この手には入水判定が必要です）",
    "{action}: a piece never ends on its own side's piece": "{action}: 駒は味方の駒のあるマスには止まれません",
    "{action}: a piece never ends on tam2": "{action}: 駒は皇のあるマスには止まれません",
    "{action}: the piece on {square} is protected by a General on tam2 hue":
        "{action}: {square}の駒は皇処の将に守られています",
    "{action}: the {piece} on {square} cannot move that way": "{action}: {square}の{piece}はそのようには動けません",
    "{action}: tam2 is not on {square}": "{action}: 皇は{square}にありません",
    "{action}: tam2 may not move right after the opponent moved it": "{action}: 相手が皇を動かした直後には皇を動かせません",
    "{action}: tam2 may not end where it started": "{action}: 皇は元のマスに戻って止まれません",
    "{action}: tam2 cannot move that way (two king steps onto empty squares, at most one via square)":
        "{action}: 皇はそのようには動けません（空きマスへ王の歩みを二回、経由マスは一つまで）",
    "{text} is not a Cetkaik action": "{text}は机戦の手ではありません",
    "{text} is not a square (columns K…P, rows A…IA)": "{text}はマスの名前ではありません（列K…P、行A…IA）",
    "{text} is not a run of squares": "{text}はマスの名前の並びではありません",
    "{piece} is not a piece (colour 赤/黒 + profession)": "{piece}は駒の名前ではありません（色の赤/黒＋職業）",
    "a game has 1, 2 or 4 seasons, not {seasons}": "対局は1季、2季、4季のいずれかです（{seasons}季はできません）",
    # --- Cetkaik: kiaak records ----------------------------------------------------------------
    "{token}: {reason}": "{token}: {reason}",
    "cannot read {token}": "{token}を読み取れません",
    "{text} is not a number": "{text}は数ではありません",
    "not a Cetkaik record: {game}": "机戦の棋譜ではありません: {game}",
    "nothing may follow {end}: {token}": "{end}の後には何も書けません: {token}",
    "{end} but the game is not over": "{end}とありますが対局は終わっていません",
    "the game is over: no move may follow ({token})": "対局は終わっています。これ以上指せません（{token}）",
    "a declaration (再行 or 終季) is required after this ply": "この手の後には宣言（再行か終季）が必要です",
    "no declaration is due here ({token})": "ここは宣言する場面ではありません（{token}）",
    "a second declaration line {token}": "宣言の行が二度あります: {token}",
    "declared hands {declared} but the hands are {hands}": "宣言された役は{declared}ですが、実際の役は{hands}です",
    "再行 (ty mok1) carries no value": "再行には点数を書きません",
    "declared 而手{declared} but the value is {value}": "而手{declared}と宣言されていますが、点数は{value}です",
    "declared 手{declared} but the value is {value}": "手{declared}と書かれていますが、点数は{value}です",
    "a season comment {token} may only follow 終季": "季節の注記{token}は終季の後にしか書けません",
    "a score token {token} may only follow 終季": "点数の記述{token}は終季の後にしか書けません",
    "{token} but the season that ended is {season}": "{token}とありますが、終わった季節は{season}です",
    "一位色 gives {char} for season {season}: not 赤 or 黒": "一位色の第{season}季の値{char}は赤でも黒でもありません",
    "a capture comment {token} must follow its move": "取った駒の注記{token}はその手のすぐ後に書きます",
    "the capture comment names {piece} but nothing was captured": "取った駒の注記に{piece}とありますが、何も取っていません",
    "the capture comment names {piece} but the ply captured {captured}": "取った駒の注記に{piece}とありますが、実際に取ったのは{captured}です",
    "the capture comment {token} names a piece but {move} captured nothing": "取った駒の注記{token}に駒がありますが、{move}は何も取っていません",
    "the capture comment {token} does not match the piece captured ({captured})": "取った駒の注記{token}が実際に取った駒（{captured}）と合いません",
    "{token}: the piece on {square} is {found}, not {named}": "{token}: {square}の駒は{named}ではなく{found}です",
    "{token}: this move needs a water cast (水N), not 無撃裁": "{token}: この手には無撃裁ではなく入水判定（水N）が必要です",
    "{token}: this move needs no water cast (write 無撃裁)": "{token}: この手に入水判定は要りません（無撃裁と書いてください）",
    "{token}: a water cast of {sticks} fails, so 此無 must be written": "{token}: 入水判定{sticks}は失敗なので此無と書く必要があります",
    "{token}: a water cast of {sticks} succeeds, so 此無 must not be written": "{token}: 入水判定{sticks}は成功なので此無とは書けません",
    "{token}: a stepping cast needs a via square and a destination": "{token}: 踏越え判定には経由のマスと行き先のマスが必要です",
    "{token}: stepping cast {sticks} is less than the distance {distance}": "{token}: 踏越え判定{sticks}は距離{distance}に足りません",
    "{token}: the piece cannot end on {square} after this cast": "{token}: この裁の結果では駒は{square}に行けません",
    "{token}: the piece reached water: a water cast (水M) is required": "{token}: 駒が水に入ったので入水判定（水M）が必要です",
    "{token}: no water cast is needed on {square}": "{token}: {square}では入水判定は要りません",
    "{token}: 此無 but the piece moved": "{token}: 此無と書かれていますが駒は動きました",
}
