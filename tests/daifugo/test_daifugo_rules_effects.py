"""Scenarios of the catalogue (``docs/daifugo-rules.md``): the clearing rules and the effect table
(every effect, every rank).  Each quotes the article (``shared/seeds/002…``) or the specification."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import go, legal, obs, table  # noqa: E402
from scenarios import rule  # noqa: E402

from pyengine.daifugo import DaifugoState  # noqa: E402


def t(hands: list[str], turn: int = 0, base: str = "basic", revolution: bool = False, **options: object) -> DaifugoState:
    """A game in its play phase; options by their paths (``**{"effects.ten": "skip_one"}``)."""
    return table(base, hands, turn, options={k.replace(".", "__"): v for k, v in options.items()},
                 revolution=revolution)


def cleared_by(s: DaifugoState, player: int) -> bool:
    o = obs(s)
    return o["field"] is None and o["to_move"] == player


# --- clearing rules ---------------------------------------------------------------------------------

@rule("clears.eight_cut", quote="8 끊기 (8 끊기 또는 야기리), 8 끊김, 8 흐름: 8이 포함된 패를 내면 바닥을 흐르게 할 수 있다.")
def test_eight_cut() -> None:
    assert cleared_by(go(t(["S8.C3", "D9", "C9"], **{"clears.eight_cut": True}), "S8"), 0)


@rule("clears.eight_cut_sequences", quote="시퀀스에 8을 포함해도 흐르게 할 수 있다는 규칙과 8만 냈을 때만 가능하다는 규칙이 있다.")
@pytest.mark.parametrize("on", [True, False])
def test_eight_cut_by_sequences(on: bool) -> None:
    s = go(t(["H7.H8.H9.C3", "D4", "C4"], **{"clears.eight_cut": True, "clears.eight_cut_sequences": on}), "H7.H8.H9")
    assert cleared_by(s, 0) is on


@rule("clears.eight_cut_joker", quote="특수 효과를 가진 숫자를 조커로 대신했을 때 효과를 부여할지 결정한다.")
@pytest.mark.parametrize("on", [True, False])
def test_joker_as_an_eight(on: bool) -> None:
    opts = {"clears.eight_cut": True, "clears.eight_cut_sequences": True, "clears.eight_cut_joker": on}
    s = go(t(["H7.JK.H9.C3", "D4", "C4"], **opts), "H7.JK=H8.H9")  # the joker is the sequence's 8
    assert cleared_by(s, 0) is on


@rule("clears.four_stop", "clears.four_stop_count=same",
      quote="when a play would 8-cut with k eights, before the trick clears the following active players in turn order are each offered (an engine phase) to play exactly k 4s")
def test_four_stop() -> None:
    s = go(t(["S8.C3", "S4.H5", "D9"], **{"clears.eight_cut": True, "clears.four_stop": True}), "S8")
    assert s.phase == "four_stop" and "S4" in legal(s)
    assert cleared_by(go(s, "S4"), 1)


@rule("clears.four_stop_count=double", "clears.four_stop_count",
      quote="4 막기: 4를 2장 내면 8 끊기 1장을 막을 수 있다. 8을 2장으로 8 끊기를 할 경우에는 4를 4장으로 막을 수 있다.")
def test_two_fours_stop_one_eight() -> None:
    opts = {"clears.eight_cut": True, "clears.four_stop": True, "clears.four_stop_count": "double"}
    s = go(t(["S8.C3", "S4.H4.H5", "D9"], **opts), "S8")
    assert legal(s) == {"S4.H4", "pass"}
    assert cleared_by(go(s, "S4.H4"), 1)


@rule("clears.ten_return", quote="10 되돌리기: 8만으로 8 끊기가 일어났을 때 같은 수트의 10을 내면 8 끊기를 취소하고 바닥을 흐르게 한다. … 조커로 대신할 수 없다.")
def test_ten_return() -> None:
    opts = {"clears.eight_cut": True, "clears.ten_return": True}
    s = go(t(["H8.C3", "HT.ST.D5", "D9"], **opts), "H8")
    assert s.phase == "four_stop" and legal(s) == {"HT", "pass"}  # the ♥10 for the ♥8
    assert cleared_by(go(s, "HT"), 1)


@rule("clears.q_cut", quote="Q 끊기: Q를 내면 바닥이 흐른다. 이 룰은 2인용으로 … 33장 덱으로 사용되었다.")
def test_q_cut() -> None:
    assert cleared_by(go(table("two_player", ["SQ.S3", "H4.H5"]), "SQ"), 0)


@rule("clears.spade3_return", quote="스페 3 (스페이드 3 되돌리기): 조커가 1장만 나와 있을 때, 을 내면 바닥을 흐르게 할 수 있다. … a lone ♠3 may be played on a lone joker whatever the lock; the trick clears")
def test_spade3_return() -> None:
    s = go(t(["JK.C4", "S3.D5", "HA"], **{"clears.spade3_return": True}), "JK")
    assert "S3" in legal(s) and cleared_by(go(s, "S3"), 1)


@rule("clears.spade2_return", quote="스페 2 되돌리기: 혁명 상태에서 조커가 1장으로 나와 있을 때 를 내면 흐르게 할 수 있다.")
def test_spade2_return() -> None:
    s = go(t(["JK.C4", "S2.D5", "HA"], revolution=True, **{"clears.spade2_return": True}), "JK")
    assert "S2" in legal(s) and cleared_by(go(s, "S2"), 1)
    assert "S2" not in legal(go(t(["JK.C4", "S2.D5", "HA"], **{"clears.spade2_return": True}), "JK"))


@rule("clears.sandstorm=on_triples", "clears.sandstorm=any_time", "clears.sandstorm=on_joker", "clears.sandstorm=off",
      "clears.sandstorm",
      quote="모래 폭풍 (33 되돌리기, \"3\" 3장이 최강): 3을 3장 동시에 내면 다음 효과 중 하나가 적용된다.")
def test_sandstorm() -> None:
    s = go(t(["SK.HK.DK.C9", "S3.H3.D3.C4", "DA"], **{"clears.sandstorm": "on_triples"}), "SK.HK.DK")
    assert cleared_by(go(s, "S3.H3.D3"), 1)
    s = go(t(["H9.C9", "S3.H3.D3.C4", "DA"], **{"clears.sandstorm": "any_time"}), "H9")
    assert cleared_by(go(s, "S3.H3.D3"), 1)
    s = go(t(["JK.C9", "S3.H3.D3.C4", "DA"], **{"clears.sandstorm": "on_joker"}), "JK")
    assert cleared_by(go(s, "S3.H3.D3"), 1)
    assert "S3.H3.D3" not in legal(go(t(["SK.HK.DK.C9", "S3.H3.D3.C4", "DA"]), "SK.HK.DK"))  # off


@rule("clears.ambulance", quote="구급차 (99차): 2장 내기에서 9를 2장 내면 바닥을 흐르게 할 수 있다. 단, 10, J, Q, K, A, 2 … 이 나와 있으면 무효이다.")
def test_ambulance() -> None:
    s = go(t(["H7.C3", "S9.H9.D5", "DA"], **{"clears.ambulance": True}), "H7")
    assert cleared_by(go(s, "S9.H9"), 1)
    assert "S9.H9" not in legal(go(t(["HK.C3", "S9.H9.D5", "DA"], **{"clears.ambulance": True}), "HK"))


@rule("clears.rokurokubi", quote="로쿠로쿠비: 2장 내기에서 6을 2장 내면 바닥을 흐르게 할 수 있다.")
def test_rokurokubi() -> None:
    s = go(t(["H4.C3", "S6.H6.D5", "DA"], **{"clears.rokurokubi": True}), "H4")
    assert cleared_by(go(s, "S6.H6"), 1)


@rule("clears.finish_clears", quote="`finish_clears` (あがり流し, a local rule): the play that empties a hand clears the trick at once.")
def test_going_out_clears() -> None:
    s = go(t(["H4", "S6.D5", "DA.C3"], **{"clears.finish_clears": True}), "H4")
    assert cleared_by(s, 1)


@rule("clears.revolution_eight", quote="혁명 흘리기: 혁명의 효과를 가진 판 패에 8이 포함되어 있다면 판을 흘린다. 8 자르기의 효과를 저해하는 다른 규칙을 채용하고 있어도")
def test_revolution_flush() -> None:
    s = go(t(["S8.H8.D8.C8.C3", "D9", "C9"], **{"clears.revolution_eight": True}), "S8.H8.D8.C8")
    assert obs(s)["revolution"] and cleared_by(s, 0)


@rule("clears.majesty", quote="위엄: J/Q/K 계단을 내면 바닥이 흐른다.")
def test_majesty() -> None:
    assert cleared_by(go(t(["SJ.SQ.SK.C3", "D9", "C9"], **{"clears.majesty": True}), "SJ.SQ.SK"), 0)


@rule("clears.strongest_cannon", quote="최강 캐논: 2를 4장 묶음에 조커 2장, 총 6장을 내면 바닥을 흐르게 할 수 있다. 혁명 중에는 2 대신 3을 4장 묶음으로 사용한다.")
def test_strongest_cannon() -> None:
    opts = {"deck.jokers": 2, "order.revolution": "off", "clears.strongest_cannon": True}
    assert cleared_by(go(t(["S2.H2.D2.C2.JK.JK.C3", "D9", "C9"], **opts), "S2.H2.D2.C2.JK=*2.JK=*2"), 0)


@rule("clears.assassination", quote="암살: 바닥에 나온 2에 3으로 되돌릴 수 있다. 되돌린 후 바닥을 흐른다. 혁명 중에는 3에 2로 되돌릴 수 있다.")
def test_assassination() -> None:
    s = go(t(["H2.C4", "S3.D5", "DA"], **{"clears.assassination": True}), "H2")
    assert "S3" in legal(s) and cleared_by(go(s, "S3"), 1)
    s = go(t(["H3.C4", "S2.D5", "DA"], revolution=True, **{"clears.assassination": True}), "H3")
    assert "S2" in legal(s) and cleared_by(go(s, "S2"), 1)


@rule("clears.next_ace", quote="차기 에이스: A를 낸 후 바닥이 흐를 때, 바닥을 흐르게 한 플레이어 대신 A를 낸 플레이어가 부모가 된다.")
def test_next_ace() -> None:
    s = go(t(["SA.C3", "H2.D4", "DK"], **{"clears.next_ace": True}), "SA", "H2", "pass", "pass")
    assert cleared_by(s, 0)  # the 2 took the trick, the A player leads


# --- the effect table: each effect ------------------------------------------------------------------

@rule("effects.five=skip", "effects.five", "effects",
      quote="5 넘기 (5 스킵, 5 넘기기): UNO와 비슷하게 5를 내면 다음 플레이어를 넘길 수 있다. … 낸 매수만큼 넘길 수도 있다.")
def test_five_skip_per_card() -> None:
    s = go(t(["S5.H5.C9", "D6.DA", "C6.CA", "H6.HA"], **{"effects.five": "skip"}), "S5.H5")
    assert obs(s)["to_move"] == 3


@rule("effects.ten=skip_one", "effects.ten", quote="10 넘기: 10을 내면 다음 플레이어 턴을 넘긴다. 10을 2장 이상 내도 1명만 넘긴다.")
def test_ten_skip() -> None:
    s = go(t(["ST.HT.C9", "DJ.DA", "CJ.CA", "HJ.HA"], **{"effects.ten": "skip_one"}), "ST.HT")
    assert obs(s)["to_move"] == 2


@rule("effects.king=skip", "effects.king=skip_one", "effects.king", "effects.six=skip_one",
      quote="K 넘기: K를 내면 다음 플레이어 턴을 넘긴다. … K를 몇 장 내도 1명만 넘긴다. … 낸 K 매수만큼 인원을 넘긴다.")
@pytest.mark.parametrize(("way", "to"), [("skip", 3), ("skip_one", 2)])
def test_king_skip(way: str, to: int) -> None:
    s = go(t(["SK.HK.C9", "D2.DA", "C2.CA", "H2.HA"], **{"effects.king": way}), "SK.HK")
    assert obs(s)["to_move"] == to
    s = go(t(["S6.C9", "D7.DA", "C7.CA", "H7.HA"], **{"effects.six": "skip_one"}), "S6")  # "6, 10, K에 이 역할"
    assert obs(s)["to_move"] == 2


@rule("effects.nine=reverse", "effects.nine", quote="9 리버스: UNO와 비슷하게 9를 내면 턴 순서가 역전된다. 7, 10, Q에 이 역할을 주는 경우도 있다.")
def test_nine_reverse() -> None:
    s = go(t(["S9.C3", "D6.DA", "C6.CA", "HT.HA"], **{"effects.nine": "reverse"}), "S9")
    assert obs(s)["to_move"] == 3 and obs(s)["direction"] == -1


@rule("effects.queen=reverse", "effects.queen=reverse_trick", "effects.queen",
      quote="Q 리버스: Q를 내면 좌석 순서가 반대로 돌아간다. … 영속형: 다음에 리버스 효과가 나오거나 게임이 끝날 때까지 … 임시형: 바닥이 흐르거나 다음에 리버스 효과가 나올 때까지")
@pytest.mark.parametrize(("way", "after"), [("reverse", -1), ("reverse_trick", 1)])
def test_q_reverse(way: str, after: int) -> None:
    s = go(t(["SQ.C3", "DK.D4", "CK.C4", "HK.H4"], **{"effects.queen": way}), "SQ", "HK", "pass", "pass", "pass")
    assert obs(s)["field"] is None and obs(s)["direction"] == after


@rule("effects.king=reverse_trick", quote="K 리버스: K를 내면 바닥이 흐르거나 다음에 리버스가 일어날 때까지 좌석 순서가 시계 반대 방향으로 돈다.")
def test_k_reverse() -> None:
    s = go(t(["SK.C3", "DA.D4", "CA.C4", "HA.H4"], **{"effects.king": "reverse_trick"}), "SK")
    assert obs(s)["to_move"] == 3


@rule("effects.seven=reverse", "effects.ten=reverse", "effects.seven",
      quote="9 리버스 … 7, 10, Q에 이 역할을 주는 경우도 있다.")
def test_seven_and_ten_reverse() -> None:
    assert obs(go(t(["S7.C3", "D8.DA", "C8.CA", "H8.HA"], **{"effects.seven": "reverse"}), "S7"))["to_move"] == 3
    assert obs(go(t(["ST.C3", "DJ.DA", "CJ.CA", "HJ.HA"], **{"effects.ten": "reverse"}), "ST"))["to_move"] == 3


@rule("effects.seven=pass", quote="7 넘기: 7을 낸 매수만큼 다음 플레이어에게 패에서 카드를 넘겨줄 수 있다.")
def test_seven_pass() -> None:
    s = go(t(["S7.H3.D4", "HA.H8", "D9.D8"], **{"effects.seven": "pass"}), "S7")
    assert s.phase == "seven_pass" and legal(s) == {"give:-", "give:H3", "give:D4"}
    s = go(s, "give:H3")
    assert obs(s)["counts"] == [1, 3, 2]


@rule("effects.five=pass", "effects.ten=pass_exactly", "effects.seven=pass_exactly",
      quote="7 넘기: … 5나 10에 이 역할을 주는 경우도 있다.")
def test_five_and_ten_pass() -> None:
    s = go(t(["S5.H3.D4", "HA.H8", "D9.D8"], **{"effects.five": "pass"}), "S5")
    assert s.phase == "seven_pass" and "give:-" in legal(s)
    s = go(t(["ST.H3.D4", "HA.H8", "D9.D8"], **{"effects.ten": "pass_exactly"}), "ST")
    assert legal(s) == {"give:H3", "give:D4"}  # exactly as many as played


@rule("effects.nine=pass_back", quote="9 되돌리기: 9를 내면 낸 매수만큼 카드를 패에서 골라 직전 플레이어의 패에 더한다. 원칙적으로 낸 9의 매수와 정확히 같게 골라 넘겨줘야")
def test_nine_return() -> None:
    s = go(t(["S9.H3.D4", "HA.H8", "D9.D8"], **{"effects.nine": "pass_back"}), "S9")
    assert legal(s) == {"give:H3", "give:D4"} and s.observation(0)["pending"]["to"] == 2
    assert obs(go(s, "give:H3"))["counts"] == [1, 2, 3]


@rule("effects.ten=discard", quote="10 버리기: 10을 낸 매수만큼 패에서 카드를 버릴 수 있다.")
def test_ten_discard() -> None:
    s = go(t(["ST.H3.D4", "HA.H8", "D9.D8"], **{"effects.ten": "discard"}), "ST")
    assert s.phase == "ten_discard" and "discard:-" in legal(s)
    assert "H3" in obs(go(s, "discard:H3"))["played"]


@rule("effects.seven=discard", "effects.queen=discard",
      quote="10 대신 7이나 Q에 이 역할을 주는 \"7 버리기\", \"Q 버리기 (속칭 Q 폭탄)\"가 채용되기도 한다.")
def test_seven_and_queen_discard() -> None:
    assert go(t(["S7.H3.D4", "HA.H8", "D9.D8"], **{"effects.seven": "discard"}), "S7").phase == "ten_discard"
    assert go(t(["SQ.H3.D4", "HA.H8", "D9.D8"], **{"effects.queen": "discard"}), "SQ").phase == "ten_discard"


@rule("effects.seven=discard_exactly", "effects.ten=discard_exactly",
      quote="7 붙이기: 7을 내면 낸 매수만큼 카드를 패에서 골라 바닥에 낸다. 이 방법으로 낸 카드는 공개되며, 바닥에 영향을 주지 않는다.")
def test_seven_attach() -> None:
    s = go(t(["S7.H3.D4", "HA.H8", "D9.D8"], **{"effects.seven": "discard_exactly"}), "S7")
    assert legal(s) == {"discard:H3", "discard:D4"}


@rule("effects.queen=bomb", quote="Q를 낸 사람은 그 매수만큼 숫자를 콜하고, 각 플레이어는 지정된 숫자 카드를 패에서 버린다.")
def test_q_bomber() -> None:
    s = go(t(["SQ.S5.H9", "H5.D5.C8", "C5.S9.SA"], **{"effects.queen": "bomb"}), "SQ", "bomb:5")
    assert obs(s)["counts"] == [1, 1, 2]


@rule("effects.four=cut", "effects.four", quote="4 끊기: 4를 포함한 카드를 내면 바닥이 흐른다.")
def test_four_cut() -> None:
    assert cleared_by(go(t(["S4.C3", "D9", "C9"], **{"effects.four": "cut"}), "S4"), 0)


@rule("effects.six=cut", "effects.ten=cut", "effects.six",
      quote="8이 아닌 4, 6, 10, Q에 이 역할을 주거나")
def test_six_and_ten_cut() -> None:
    assert cleared_by(go(t(["S6.C3", "D9", "C9"], **{"effects.six": "cut"}), "S6"), 0)
    assert cleared_by(go(t(["ST.C3", "D9", "CJ"], **{"effects.ten": "cut"}), "ST"), 0)


@rule("effects.five=cut_inverted", "effects.six=cut_inverted", "effects.seven=cut_inverted",
      quote="5 끊기: 혁명 중에 5를 내면 8 끊기처럼 바닥을 흐르게 한다. 5를 4장 묶음으로 내도 이 효과는 없다. … 6 끊기: 혁명 중에 6을 내면 8 끊기처럼 바닥을 흐르게 한다. … 7 끊기: 혁명 중에 7을 내면 8 끊기처럼 바닥을 흐르게 한다.")
@pytest.mark.parametrize("field", ["five", "six", "seven"])
def test_cuts_in_a_revolution(field: str) -> None:
    card = {"five": "S5", "six": "S6", "seven": "S7"}[field]
    opts = {f"effects.{field}": "cut_inverted"}
    assert cleared_by(go(t([f"{card}.C3", "D4", "C4"], revolution=True, **opts), card), 0)
    assert not cleared_by(go(t([f"{card}.C3", "D9", "C9"], **opts), card), 0)  # not without a revolution
    quad = ".".join(s + card[1] for s in "SHDC")
    s = go(t([f"{quad}.C3", "D4", "C4"], revolution=True, **opts), quad)
    assert obs(s)["field"] is not None  # four of them revolt back: no cut


@rule("effects.two=back", "effects.two", quote="2 백: 2를 내면 원칙적으로 바닥이 흐를 때까지 숫자 강함이 역전된다. 바닥이 흐르지 않아도 11 백 등 숫자 강함 역전 효과가 일어나면 이 효과는 끝난다.")
def test_two_back() -> None:
    s = go(t(["S2.C3", "D4.DA", "C4"], **{"effects.two": "back"}), "S2")
    assert obs(s)["back"] and "D4" in legal(s)


@rule("effects.six=end_back", quote="6 되돌리기: 11 백 발생 중에 6을 내면 11 백이 해소된다.")
def test_six_return() -> None:
    s = go(t(["SJ.C3", "D6.DA", "C4"], **{"order.eleven_back": "toggle", "effects.six": "end_back"}), "SJ", "D6")
    assert obs(s)["back"] is False


@rule("effects.three", "effects.eight", "effects.jack", "effects.ace",
      quote="5 넘기 (5 스킵, 5 넘기기): UNO와 비슷하게 5를 내면 다음 플레이어를 넘길 수 있다. 6, 10, K에 이 역할을 주거나 … 9 리버스: UNO와 비슷하게 9를 내면 턴 순서가 역전된다.")
@pytest.mark.parametrize(("field", "card", "effect"), [("three", "S3", "skip_one"), ("eight", "S8", "reverse"),
                                                       ("jack", "SJ", "skip_one"), ("ace", "SA", "reverse")])
def test_any_rank_takes_any_effect(field: str, card: str, effect: str) -> None:
    s = go(t([f"{card}.C4", "D2.D4", "C2.C5", "H2.H5"], **{f"effects.{field}": effect}), card)
    assert obs(s)["to_move"] in (2, 3)  # skipped or reversed: not the next player


@rule("effects.jokers", quote="특수 효과를 가진 숫자를 조커로 대신했을 때 효과를 부여할지 결정한다.")
@pytest.mark.parametrize(("on", "to"), [(True, 3), (False, 2)])
def test_jokers_in_the_effect_table(on: bool, to: int) -> None:
    s = go(t(["S5.JK.C9", "D6.DA", "C6.CA", "H6.HA"], **{"effects.five": "skip", "effects.jokers": on}), "S5.JK=H5")
    assert obs(s)["to_move"] == to


@rule("effects.sequences", quote="시퀀스에 8을 포함해도 흐르게 할 수 있다는 규칙과 8만 냈을 때만 가능하다는 규칙이 있다.")
@pytest.mark.parametrize(("on", "to"), [(True, 2), (False, 1)])
def test_sequences_in_the_effect_table(on: bool, to: int) -> None:
    s = go(t(["C4.C5.C6.H3", "D7.D8.D9.DA", "S7.S8.S9.SA", "H7.H8.H9.HA"],
             **{"effects.five": "skip", "effects.sequences": on}), "C4.C5.C6")
    assert obs(s)["to_move"] == to
