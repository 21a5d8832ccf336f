"""Garbled links never escape as anything but :class:`InvalidLinkError`, and each says what
is wrong with a stable ``code`` the page translates (property tests over the link decoder
and the session's link opening)."""

from __future__ import annotations

import base64
import json
import zlib
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.app.links import OlderLinkError, open_link
from pyengine.app.saves import from_save
from pyengine.app.session import Session
from pyengine.core import InvalidLinkError, Record, Seat, decode_fragment, encode_fragment
from pyengine.core.chance import SeededChance
from pyengine.core.codec import MAX_FRAGMENT

CODES = {"not_a_link", "too_long", "newer_version", "damaged", "unknown_game", "illegal_record",
         "not_this_game", "older", "bad_save"}


def packed(data: object) -> str:
    raw = json.dumps(data).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def finished_kuhn() -> str:
    s = Session.new("kuhn", seats=[("", "human"), ("", "bot:random")], seed=3, chance=SeededChance(3))
    s.run_auto()
    s.play("bet")
    s.run_auto()
    return s.fragment()


def played(game: str, plies: int) -> str:
    s = Session.new(game, seats=None, seed=5, chance=SeededChance(5))
    for _ in range(plies):
        s.run_auto()
        if s.status() != "human":
            break
        s.play(s.legal()[0])
    return s.fragment()


VALID = [finished_kuhn(), played("cetkaik", 6), played("daifugo", 4), played("chabashi", 4)]


def check_link_error(exc: InvalidLinkError) -> None:
    assert exc.code in CODES
    assert str(exc).strip()
    json.dumps(exc.params)  # crosses the bridge as JSON


def decode_or_link_error(text: str) -> Record | None:
    try:
        return decode_fragment(text)
    except InvalidLinkError as exc:
        check_link_error(exc)
        return None


def open_or_link_error(text: str, save: str | None = None) -> Session | None:
    try:
        return open_link(text, save)
    except InvalidLinkError as exc:
        check_link_error(exc)
        return None


@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_a_coded_link_error(text: str) -> None:
    decode_or_link_error(text)


@given(st.text(alphabet="0123456789.%#-_=+/ABCDEFabcdefxyz\u00b2\u0661\uff11", max_size=80))
def test_link_like_text_decodes_or_raises_a_coded_link_error(text: str) -> None:
    decode_or_link_error(text)
    decode_or_link_error("1." + text)


@given(st.sampled_from(VALID), st.data())
def test_cut_or_altered_links_decode_or_raise_a_coded_link_error(link: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(link)))
    j = data.draw(st.integers(i, min(len(link), i + 12)))
    junk = data.draw(st.text(max_size=6))
    for text in (link[:i], link[:i] + junk + link[j:], link[i:], quote(link[:i]) + link[i:]):
        record = decode_or_link_error(text)
        if record is not None:  # an alteration that still decodes is a whole record
            assert decode_fragment(encode_fragment(record)) == record
        open_or_link_error(text)


@given(st.binary(max_size=300))
def test_any_compressed_bytes_decode_or_raise_a_coded_link_error(junk: bytes) -> None:
    decode_or_link_error("1." + base64.urlsafe_b64encode(zlib.compress(junk)).decode())


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20))
def test_any_json_in_a_link_opens_or_raises_a_coded_link_error(data: object) -> None:
    open_or_link_error(packed(data))


@pytest.mark.parametrize(("text", "code"), [
    ("", "not_a_link"),
    ("#", "not_a_link"),
    ("%%%garbage", "not_a_link"),
    ("hello", "not_a_link"),
    ("\u00b2.abc", "not_a_link"),  # a "digit" int() refuses
    ("9" * 5000 + ".abc", "not_a_link"),  # more digits than int() converts
    ("0.abc", "not_a_link"),
    ("1.!!!!", "damaged"),
    ("1.eJzLSM3JyQcABiwCFQ", "damaged"),
    ("1." + "A" * (MAX_FRAGMENT + 1), "too_long"),
    ("1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000)).decode(), "damaged"),
    ("1." + base64.urlsafe_b64encode(zlib.compress(b"0" * 3_000_000)).decode(), "damaged"),
])
def test_each_kind_of_garbage_has_its_code(text: str, code: str) -> None:
    with pytest.raises(InvalidLinkError) as info:
        decode_fragment(text)
    assert info.value.code == code


def test_a_link_from_a_newer_version_says_so_with_its_version() -> None:
    with pytest.raises(InvalidLinkError) as info:
        decode_fragment("7." + VALID[0][2:])
    assert (info.value.code, info.value.params) == ("newer_version", {"version": 7})


def test_a_link_to_a_game_this_version_lacks_names_it() -> None:
    link = encode_fragment(Record("go", "1.basic", (Seat(), Seat())))
    with pytest.raises(InvalidLinkError) as info:
        open_link(link)
    assert (info.value.code, info.value.params) == ("unknown_game", {"game": "go"})


def test_a_link_whose_moves_do_not_replay_names_the_ply() -> None:
    record = decode_fragment(VALID[1])
    bad = Record(record.game, record.rules, record.seats, record.actions[:3] + ("not-a-move",), record.seed,
                 meta=record.meta)
    with pytest.raises(InvalidLinkError) as info:
        open_link(encode_fragment(bad))
    assert info.value.code == "illegal_record"
    assert info.value.params["ply"] == 4 and info.value.params["reason"]


def test_a_damaged_save_is_a_coded_link_error_and_older_links_are_their_own_code() -> None:
    for save in ("{", "[]", '{"v": 9, "fragment": "1.x"}', '{"v": 2, "fragment": "1.x", "memory": []}'):
        with pytest.raises(InvalidLinkError) as info:
            from_save(save)
        assert info.value.code in {"bad_save", "damaged"}
    assert OlderLinkError("older").code == "older"


def test_a_saved_game_nested_too_deeply_is_refused_with_its_code() -> None:
    # json.loads would recurse 100,000 deep: in Pyodide that exhausts the browser's stack
    with pytest.raises(InvalidLinkError) as caught:
        from_save("[" * 100_000)
    assert caught.value.code == "bad_save"
