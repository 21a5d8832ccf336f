"""The share-link codec: a :class:`Record` in the location fragment (``#…``).

Format version 1 is ``1`` followed by ``.`` and the URL-safe base64 (no padding) of the
zlib stream (RFC 1950, level 9) of the record's compact JSON.  zlib's Adler-32 checksum
catches truncation and most typing errors; decoding also bounds the inflated size and
checks every field, so a garbled or tampered link yields :class:`InvalidLinkError` with
a message for people.  Replaying the record (done by the caller) catches a well-formed
but illegal one.  A new format gets a new leading version; old versions stay readable.

>>> from pyengine.core.record import Record, Seat
>>> r = Record("toy", "1.basic", (Seat(), Seat()), ("a", "b"))
>>> decode_fragment(encode_fragment(r)) == r
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .errors import InvalidLinkError, InvalidRecordError
from .messages import msg
from .record import Record

FORMAT_VERSION = 1
MAX_FRAGMENT = 200_000
MAX_INFLATED = 2_000_000
MAX_NESTING = 32
"""How deep a record's JSON may nest (a real one nests 4 deep): deeper input is damaged, refused
before ``json.loads``, whose recursion would exhaust the stack of Pyodide in a browser."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (brackets inside strings ignored).

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}'), nesting_depth("[" * 1000)
    (3, 1000)
    """
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if ch in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def load_json(text: str) -> Any:
    """``json.loads`` for text from outside (links, saved games): :class:`ValueError` for text
    that nests deeper than :data:`MAX_NESTING`, as for any other damaged JSON.

    >>> load_json('{"v": [1, 2]}')
    {'v': [1, 2]}
    >>> load_json("[" * 100_000)
    Traceback (most recent call last):
    ValueError: JSON nested too deeply
    """
    if nesting_depth(text) > MAX_NESTING:
        raise ValueError("JSON nested too deeply")
    return json.loads(text)


def encode_fragment(record: Record) -> str:
    """The fragment (without ``#``) that carries ``record``."""
    data = json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(data.encode("utf-8"), 9)
    return f"{FORMAT_VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_fragment(fragment: str) -> Record:
    """The record in a fragment (with or without the leading ``#``).

    Every problem raises :class:`InvalidLinkError` with a ``code`` the page translates:

    >>> for bad in ("", "hello", "9.abc", "1.abc", "1." + "A" * 300_000):
    ...     try:
    ...         decode_fragment(bad)
    ...     except InvalidLinkError as exc:
    ...         print(exc.code, exc.params)
    not_a_link {}
    not_a_link {}
    newer_version {'version': 9}
    damaged {}
    too_long {}
    """
    if not isinstance(fragment, str):
        raise InvalidLinkError(msg("the link is not text"), "not_a_link")
    text = fragment.removeprefix("#")
    if not text:
        raise InvalidLinkError(msg("the link carries no game"), "not_a_link")
    if len(text) > MAX_FRAGMENT:
        raise InvalidLinkError(msg("the link is too long to be one of ours"), "too_long")
    version, dot, body = text.partition(".")
    # ASCII digits only, and few of them (int() of a huge or non-ASCII "digit" string fails)
    if not dot or not (version.isascii() and version.isdigit()) or len(version) > 6:
        raise InvalidLinkError(msg("this link is not a game link (it may have been cut short or altered)"), "not_a_link")
    if int(version) > FORMAT_VERSION:
        raise InvalidLinkError(msg("this link was made by a newer version of the app"), "newer_version",
                               version=int(version))
    if int(version) != 1:
        raise InvalidLinkError(msg("link format {version} is not known", version=version), "not_a_link")
    return _decode_v1(body)


def _decode_v1(body: str) -> Record:
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_INFLATED)
        if inflater.unconsumed_tail or not inflater.eof:
            raise InvalidLinkError(msg("the link is damaged (cut short or too large)"))
        data = load_json(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError) as exc:
        if isinstance(exc, InvalidLinkError):
            raise
        raise InvalidLinkError(msg("the link is damaged: it was probably cut short or altered")) from None
    try:
        return Record.from_json(data)
    except InvalidRecordError as exc:
        raise InvalidLinkError(msg("the link's game record is invalid: {reason}", reason=exc), "damaged") from None
