"""Make web/tables/fonts/cetkaik-pieces.woff: the Cetkaik pieces' glyphs, and nothing else, cut
from Noto Serif CJK JP Bold (SIL Open Font License 1.1; the licence is beside the font file).

The board draws each piece's kanji as SVG text. Without a font of its own it would take whatever
CJK font the device has (a Mincho here, a Gothic or a Chinese form there) and, on a device with
none (a bare Linux desktop), draw empty boxes. The cut holds only the eleven glyphs the pieces use
(about 10 KB as WOFF, which the standard library can read).

Run by hand when the glyphs change (the output is committed; the build only copies it):

    apt-get install fonts-noto-cjk        # the source font
    .venv/bin/python tools/piece_font.py [path/to/NotoSerifCJK-Bold.ttc]

fontTools (pinned in tools/requirements-dev.txt) does the cutting.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pyengine.cetkaik.board import PROFESSION_CHARS  # noqa: E402

TAM_GLYPH = "皇"
"""The glyph on tam2 (web/tables/cetkaik-art.js)."""
GLYPHS = PROFESSION_CHARS + TAM_GLYPH
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
FACE = "Noto Serif CJK JP Bold"
OUT = ROOT / "web" / "tables" / "fonts" / "cetkaik-pieces.woff"


def face_index(path: Path) -> int:
    from fontTools.ttLib import TTCollection

    for i, font in enumerate(TTCollection(str(path)).fonts):
        if font["name"].getDebugName(4) == FACE:
            return i
    raise SystemExit(f"{path} has no face named {FACE!r}")


def main(argv: list[str]) -> None:
    source = Path(argv[0]) if argv else SOURCE
    font = TTFont(str(source), fontNumber=face_index(source) if source.suffix == ".ttc" else 0)
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, licence and its URL
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=GLYPHS)
    subsetter.subset(font)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(OUT), options)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, glyphs {GLYPHS}")


if __name__ == "__main__":
    main(sys.argv[1:])
