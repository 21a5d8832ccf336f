"""Make the tables' fonts in web/tables/fonts/ (SIL Open Font License 1.1; the licence is beside
them):

* cetkaik-pieces.woff: the pieces' eleven kanji, cut from Noto Serif CJK JP Bold;
* cetkaik-notation.woff: every CJK character the kiaak notation of the record panel can show
  (the notation's words, the hands, the seasons, the numbers) and those the English table's words
  quote (役…), cut from Noto Sans CJK JP Regular;
* chabashi-hangul.woff: the Hangul of the hand names the English Chabashi table shows beside their
  romanisation (공패군 gong-pae-gun…) and of the type (원 선 혼 공) in the corner of every card,
  cut from Noto Sans CJK KR Regular;
* cetkaik-hangul.woff: the Hangul of the pieces' Korean names (선 병 … 황) that the Cetkaik rules
  panel's legend shows in every language, cut from Noto Sans CJK KR Regular.

The board draws each piece's kanji as SVG text, the record panel shows kiaak, the English tables
quote Japanese and Korean words. Without fonts of their own they would take whatever CJK font the
device has (a Mincho here, a Gothic or a Chinese form there) and, on a device with none (a bare
Linux desktop), draw empty boxes. The cuts hold only those glyphs (4 to 12 KB each as WOFF, which
the standard library can read).

Run by hand when the glyphs change (the output is committed; the build only copies it):

    apt-get install fonts-noto-cjk        # the source fonts
    .venv/bin/python tools/table_fonts.py

fontTools (pinned in tools/requirements-dev.txt) does the cutting.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pyengine.cetkaik import notation  # noqa: E402
from pyengine.cetkaik.board import PROFESSION_CHARS  # noqa: E402
from pyengine.cetkaik.describe import PROFESSIONS, TAM2_NAME  # noqa: E402
from pyengine.cetkaik.kiaak import SEASON_CHARS  # noqa: E402
from pyengine.cetkaik.kiaak_text import END_MARK  # noqa: E402
from pyengine.cetkaik.scoring import _HANDS, FLASH, KUT2TAM2, TAM2_TY_SAK2  # noqa: E402
from pyengine.chabashi.cards import TYPE_NAMES  # noqa: E402
from pyengine.chabashi.hands import KOREAN  # noqa: E402


def english_catalogue(game: str, low: str, high: str) -> str:
    """The characters from ``low`` to ``high`` that a table's English words use
    (web/i18n/<game>.en.json: Cetkaik's 役, 再行…)."""
    import json

    words = json.loads((ROOT / "web" / "i18n" / f"{game}.en.json").read_text(encoding="utf-8"))
    return "".join(ch for text in words.values() for ch in text if low <= ch <= high)


TAM_GLYPH = "皇"
"""The glyph on tam2 (web/tables/cetkaik-art.js)."""
PIECES = PROFESSION_CHARS + TAM_GLYPH
NUMBERS = "下無一二三四五六七八九十百"  # kiaak_text.format_number's digits
NOTATION_WORDS = "片心加或為而手撃裁終"  # moves (片, 心), declarations (或為…加…而手N), 無撃裁, X終
HAND_WORDS = "".join(name for name, *_ in _HANDS) + FLASH + KUT2TAM2 + TAM2_TY_SAK2
NOTATION = "".join(sorted(set(
    PIECES + NUMBERS + NOTATION_WORDS + HAND_WORDS + SEASON_CHARS + END_MARK
    + notation.COLOUR_CHARS + notation.CAST_DIGITS + notation.DECLINE + notation.FIRST_MOVER
    + notation.STEP_CAST + notation.TA_XOT + notation.TY_MOK + notation.WATER_CAST
    + english_catalogue("cetkaik", "\u3400", "\u9fff"))))
HANGUL = "".join(sorted(set(  # the hand names, the English words' Hangul, each card's type (web/tables/deck-dido.js)
    "".join(KOREAN.values()) + english_catalogue("chabashi", "\uac00", "\ud7af") + "".join(TYPE_NAMES.values()))))
PIECE_HANGUL = "".join(sorted({ch for ch in "".join(PROFESSIONS["ko"]) + TAM2_NAME["ko"] if "\uac00" <= ch <= "\ud7af"}))
"""The Hangul of the pieces' Korean names (the Cetkaik rules panel's legend, web/tables/cetkaik-help.js)."""
FONTS = Path("/usr/share/fonts/opentype/noto")
FONT_DIR = ROOT / "web" / "tables" / "fonts"
CUTS = (  # (source collection, face, glyphs, output)
    (FONTS / "NotoSerifCJK-Bold.ttc", "Noto Serif CJK JP Bold", PIECES, FONT_DIR / "cetkaik-pieces.woff"),
    (FONTS / "NotoSansCJK-Regular.ttc", "Noto Sans CJK JP", NOTATION, FONT_DIR / "cetkaik-notation.woff"),
    (FONTS / "NotoSansCJK-Regular.ttc", "Noto Sans CJK KR", HANGUL, FONT_DIR / "chabashi-hangul.woff"),
    (FONTS / "NotoSansCJK-Regular.ttc", "Noto Sans CJK KR", PIECE_HANGUL, FONT_DIR / "cetkaik-hangul.woff"),
)


def face_index(path: Path, face: str) -> int:
    from fontTools.ttLib import TTCollection

    for i, font in enumerate(TTCollection(str(path)).fonts):
        if font["name"].getDebugName(4) == face:
            return i
    raise SystemExit(f"{path} has no face named {face!r}")


def cut(source: Path, face: str, glyphs: str, out: Path) -> None:
    font = TTFont(str(source), fontNumber=face_index(source, face), recalcTimestamp=False)  # the same bytes each run
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, licence and its URL
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=glyphs)
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    print(f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes, {len(glyphs)} glyphs {glyphs}")


if __name__ == "__main__":
    for args in CUTS:
        cut(*args)
