"""The help's move diagrams and legend (pyengine/app/views/cetkaik_help.py) agree with the engine
and with the rules: each diagram, read back onto the board, is exactly what the move generator
lists for the piece alone on an empty board; a few are checked against the rules by hand (§5,
§9); the legend's kanji, pekzep and English names are those of the specification's §3."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from rule_index import spec

from pyengine.app.views.cetkaik import ui_call
from pyengine.app.views.cetkaik_help import (
    OFF_HUE,
    ON_HUE,
    RADIUS,
    TAM_AWAY,
    piece_diagram,
    piece_help,
    tam_diagram,
)
from pyengine.cetkaik.board import (
    BLACK,
    CHARIOT,
    GENERAL,
    HORSE,
    IA_SIDE,
    KING,
    PAWN,
    PROFESSION_CHARS,
    SHAMAN,
    SQUARE_INDEX,
    TAM2,
    VESSEL,
    piece_code,
)
from pyengine.cetkaik.rules import OFFICIAL
from pyengine.cetkaik.state import MOVE, CetkaikState

ROOT = Path(__file__).resolve().parents[2]
ALL8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
DIAG = [(-1, -1), (-1, 1), (1, -1), (1, 1)]


def engine_destinations(prof: int, square: str) -> set[int]:
    """Where the move generator sends an IA piece alone on ``square`` (tam2 on TAM_AWAY) in one leg:
    its actions ``src片dest`` (with or without the water flag), read as strings."""
    board = [0] * 81
    src = SQUARE_INDEX[square]
    board[src] = piece_code(IA_SIDE, BLACK, prof)
    board[SQUARE_INDEX[TAM_AWAY]] = TAM2
    state = CetkaikState(OFFICIAL, board=tuple(board), tam=SQUARE_INDEX[TAM_AWAY], phase=MOVE, side=IA_SIDE)
    out = set()
    for action in state.legal_actions():
        m = re.fullmatch(rf"{square}片([KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y))水?", action)
        if m:
            out.add(SQUARE_INDEX[m.group(1)])
    return out


def read_back(d: dict[str, Any]) -> set[int]:
    """The squares a diagram stands for on the board: its cells, and its rays followed past the
    window to the board's edge where they go on."""
    src = SQUARE_INDEX[d["square"]]
    r0, c0 = divmod(src, 9)
    out = {(r0 + c["dr"]) * 9 + c0 + c["dc"] for c in d["cells"]}
    for ray in d["rays"]:
        if not ray["beyond"]:
            continue
        k = RADIUS + 1
        while 0 <= r0 + k * ray["dr"] < 9 and 0 <= c0 + k * ray["dc"] < 9:
            out.add((r0 + k * ray["dr"]) * 9 + c0 + k * ray["dc"])
            k += 1
    return out


def cells(d: dict[str, Any]) -> dict[tuple[int, int], str]:
    return {(c["dr"], c["dc"]): c["kind"] for c in d["cells"]}


def rays(d: dict[str, Any]) -> set[tuple[int, int, str, int]]:
    return {(r["dr"], r["dc"], r["kind"], r["from"]) for r in d["rays"] if r["beyond"]}


@pytest.mark.parametrize("hue", [False, True])
@pytest.mark.parametrize("prof", range(10))
def test_each_diagram_is_what_the_move_generator_lists(prof: int, hue: bool) -> None:
    d = piece_diagram(prof, hue)
    assert d["square"] == (ON_HUE if hue else OFF_HUE)
    assert read_back(d) == engine_destinations(prof, d["square"])
    assert all(max(abs(c["dr"]), abs(c["dc"])) <= RADIUS for c in d["cells"])


def test_the_general_steps_anywhere_but_straight_back_off_hue_and_anywhere_on_it() -> None:
    # §5: "step to the 8 neighbours except straight back"; the IA side's back is down (+1 row)
    assert cells(piece_diagram(GENERAL, False)) == {o: "step" for o in ALL8 if o != (1, 0)}
    assert cells(piece_diagram(GENERAL, True)) == dict.fromkeys(ALL8, "step")


def test_the_horse_jumps_two_diagonally_off_hue_and_ranges_from_two_on_it() -> None:
    # §5: jump(diag, 2) off hue; ranged-from-2(diag) on hue: the adjacent diagonal square is ignored
    off = piece_diagram(HORSE, False)
    assert cells(off) == {(2 * dr, 2 * dc): "jump" for dr, dc in DIAG} and off["rays"] == []
    on = piece_diagram(HORSE, True)
    assert cells(on) == {(2 * dr, 2 * dc): "range" for dr, dc in DIAG}
    assert rays(on) == {(dr, dc, "range", 2) for dr, dc in DIAG}


def test_the_chariot_and_the_pawn() -> None:
    # §5: Chariot jump(orth, 2) / jump(diag, 2); Pawn step(fwd, 1) / step(orth, 1) and step(fwd, 2)
    assert cells(piece_diagram(CHARIOT, False)) == {(-2, 0): "jump", (2, 0): "jump", (0, -2): "jump", (0, 2): "jump"}
    assert cells(piece_diagram(CHARIOT, True)) == {(2 * dr, 2 * dc): "jump" for dr, dc in DIAG}
    assert cells(piece_diagram(PAWN, False)) == {(-1, 0): "step"}
    assert cells(piece_diagram(PAWN, True)) == {(-1, 0): "step", (1, 0): "step", (0, -1): "step", (0, 1): "step",
                                                  (-2, 0): "step"}


def test_the_vessel_and_the_shaman_change_their_ranges_on_hue() -> None:
    # Vessel: ranged(fwd) / step(side, 1), step(side, 2), ranged(fwd), ranged(back)
    assert rays(piece_diagram(VESSEL, False)) == {(-1, 0, "range", 1)}
    on = piece_diagram(VESSEL, True)
    assert rays(on) == {(-1, 0, "range", 1), (1, 0, "range", 1)}
    assert {o for o, k in cells(on).items() if k == "step"} == {(0, -1), (0, 1), (0, -2), (0, 2)}
    # Shaman: step(fwd), step(back), ranged(side) / ranged-skip1 in all 8 directions
    off = piece_diagram(SHAMAN, False)
    assert rays(off) == {(0, -1, "range", 1), (0, 1, "range", 1)}
    assert {o for o, k in cells(off).items() if k == "step"} == {(-1, 0), (1, 0)}
    assert rays(piece_diagram(SHAMAN, True)) == {(dr, dc, "skip1", 1) for dr, dc in ALL8}


def test_tam2_makes_two_king_steps_and_may_come_back() -> None:
    # §9: two king steps onto empty squares: every square within two, and its own square (§12: a
    # −3 penalty under the official rules)
    d = tam_diagram()
    expected = {(dr, dc): "tam" for dr in range(-2, 3) for dc in range(-2, 3)} | {(0, 0): "return"}
    assert cells(d) == expected and d["rays"] == []


def test_the_legend_names_each_piece_as_the_rules_do() -> None:
    """Kanji, pekzep and English name of each piece as §3's table has them; the Korean and
    Japanese names those the rest of the table uses."""
    table = re.findall(r"^\| (\S) \| (\w+) \| ([A-Za-z]+)", spec("cetkaik"), re.M)
    pieces = piece_help()
    assert [(p["kanji"], p["pekzep"], p["names"]["en"]) for p in pieces[:10]] == [tuple(t) for t in table[:10]]
    assert [p["kanji"] for p in pieces] == [*PROFESSION_CHARS, "皇"] and pieces[-1]["pekzep"] == table[10][1]
    assert pieces[PAWN]["names"] == {"en": "Pawn", "ko": "병(兵)", "ja": "兵"}
    assert pieces[-1]["names"] == {"en": "tam2", "ko": "황(皇)", "ja": "皇"}
    # hue changes every piece's moves but the King's (and tam2's): one diagram for those
    assert [len(p["diagrams"]) for p in pieces] == [2] * 9 + [1, 1]
    assert pieces[KING]["same"] is True


def test_the_rules_panel_sends_the_pieces() -> None:
    for lang in ("en", "ko", "ja"):
        assert ui_call(None, "help", {}, lang)["pieces"] == piece_help()


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_piece_has_its_words_in_each_language(lang: str) -> None:
    """The page's words for the pieces' cards (what is special about each piece) exist for every
    id the engine sends: a piece the engine adds cannot show a raw key."""
    strings = json.loads((ROOT / "web" / "i18n" / f"cetkaik.{lang}.json").read_text(encoding="utf-8"))
    wanted = [f"cetkaik.help.piece.{p['id']}" for p in piece_help()]
    wanted += [f"cetkaik.help.pieces.{w}" for w in ("title", "off", "on", "same", "tam")]
    assert [k for k in wanted if k not in strings] == []


def test_the_docstring_examples_run() -> None:
    import doctest

    import pyengine.app.views.cetkaik_help as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.cpython_only  # fontTools reads the cut (not installed in Pyodide)
def test_the_legend_brings_the_hangul_of_the_korean_names() -> None:
    """The legend shows the Korean names in every language; on a device with no Korean font their
    Hangul comes from the table's own cut, the last fonts of their cells but the pieces' cut."""
    from fontTools.ttLib import TTFont

    from pyengine.cetkaik.describe import PROFESSIONS, TAM2_NAME

    css = (ROOT / "web" / "tables" / "cetkaik-help.css").read_text(encoding="utf-8")
    src = re.search(r'font-family: "Cetkaik Hangul"; src: url\("([^"]+)"\)', css)
    assert src is not None
    assert re.search(r'\.ck-legend-name\.lang-ko \{ font-family: [^};]*, "Cetkaik Hangul", "Cetkaik Pieces"; \}', css)
    cut = {chr(c) for c in TTFont(str(ROOT / "web" / "tables" / src[1])).getBestCmap()}
    hangul = {ch for ch in "".join(PROFESSIONS["ko"]) + TAM2_NAME["ko"] if "\uac00" <= ch <= "\ud7af"}
    assert len(hangul) == 11 and hangul == cut
