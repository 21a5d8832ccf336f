"""The kiaak vocabulary shared by its reader and writer: season characters, the end mark and
numbers as kiaak writes them (spec §17.4).

>>> format_number(25), parse_number("二十五")
('二十五', 25)
"""

from __future__ import annotations

from typing import Final

from ..core.errors import InvalidNotationError
from ..core.messages import msg

SEASON_CHARS: Final = "春夏秋冬"
END_MARK: Final = "星一周"
_DIGITS: Final = "無一二三四五六七八九"


# --- numbers (spec §17.4) ----------------------------------------------------------------------
def _small(text: str, compact: bool) -> int:
    """0–99 written ``二十三`` or (compact) ``二三``; ``十`` forms; digits."""
    if text == "":
        return 0
    if "十" in text:
        tens, _, units = text.partition("十")
        if len(tens) > 1 or len(units) > 1 or "十" in units or (tens and tens not in _DIGITS[1:]) or (
                units and units not in _DIGITS[1:]):
            raise InvalidNotationError(msg("{text} is not a number", text=repr(text)))
        return 10 * (_DIGITS.index(tens) if tens else 1) + (_DIGITS.index(units) if units else 0)
    if len(text) == 1 and text in _DIGITS:
        return _DIGITS.index(text)
    if compact and len(text) == 2 and text[0] in _DIGITS[1:] and text[1] in _DIGITS[1:]:
        return 10 * _DIGITS.index(text[0]) + _DIGITS.index(text[1])
    raise InvalidNotationError(msg("{text} is not a number", text=repr(text)))


def parse_number(text: str) -> int:
    """A pekzep numeral as cerke_online writes it (``二十三``, ``二三``, ``百九十二``, ``下五``).

    >>> [parse_number(t) for t in ("無", "十三", "二三", "百九十二", "二八百八十", "下六八百四八")]
    [0, 13, 23, 192, 2880, -6848]
    """
    negative = text.startswith("下")
    body = text[1:] if negative else text
    if not body or body.count("百") > 1 or (body == "無" and negative):
        raise InvalidNotationError(msg("{text} is not a number", text=repr(text)))
    if "百" in body:
        hundreds, _, rest = body.partition("百")
        value = 100 * (_small(hundreds, True) if hundreds else 1) + _small(rest, True)
        if hundreds in ("", "一") and hundreds:
            raise InvalidNotationError(msg("{text} is not a number", text=repr(text)))
    elif body == "無":
        value = 0
    else:
        value = _small(body, True)
        if value == 0:
            raise InvalidNotationError(msg("{text} is not a number", text=repr(text)))
    return -value if negative else value


def _compact(n: int) -> str:
    if n < 10:
        return _DIGITS[n]
    if n < 20:
        return "十" + (_DIGITS[n - 10] if n > 10 else "")
    return _DIGITS[n // 10] + ("十" if n % 10 == 0 else _DIGITS[n % 10])


def _tens(n: int) -> str:
    if n < 10:
        return _DIGITS[n]
    return (_DIGITS[n // 10] if n >= 20 else "") + "十" + (_DIGITS[n % 10] if n % 10 else "")


def format_number(n: int) -> str:
    """The inverse of :func:`parse_number` in cerke_online's style.

    >>> [format_number(n) for n in (0, 13, 20, 192, 2880, 3200, -6848, -5)]
    ['無', '十三', '二十', '百九十二', '二八百八十', '三二百', '下六八百四八', '下五']
    """
    if n < 0:
        return "下" + format_number(-n)
    if n < 100:
        return _tens(n)
    if n < 200:
        return "百" + (_tens(n - 100) if n > 100 else "")
    rest = n % 100
    return _compact(n // 100) + "百" + (_compact(rest) if rest else "")


__all__ = ["END_MARK", "SEASON_CHARS", "format_number", "parse_number"]
