"""Scenarios of the catalogue (``docs/daifugo-rules.md``): the deck, the match, the forms and the
order of strength.  Each quotes the article (``shared/seeds/002…``) or the specification."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import go, legal, new_match, obs, play_random_until, table  # noqa: E402
from scenarios import rule  # noqa: E402

from pyengine.core import TERMINAL  # noqa: E402
from pyengine.daifugo import DaifugoState  # noqa: E402
from pyengine.daifugo.cards import parse_play  # noqa: E402
from pyengine.daifugo.effects import eleven_back  # noqa: E402


def t(hands: list[str], turn: int = 0, base: str = "basic", revolution: bool = False, **options: object) -> DaifugoState:
    """A game in its play phase; options by their paths (``**{"order.omen": True}``)."""
    return table(base, hands, turn, options={k.replace(".", "__"): v for k, v in options.items()},
                 revolution=revolution)


# --- deck and match ---------------------------------------------------------------------------

@rule("deck.jokers", "deck.deck=full", quote="덱에 넣는 조커의 매수 (0~2매)를 선택한다.")
@pytest.mark.parametrize(("jokers", "sizes"), [(0, [13, 13, 13, 13]), (2, [14, 14, 13, 13])])
def test_jokers_zero_to_two(jokers: int, sizes: list[int]) -> None:
    s = play_random_until(new_match("basic", 4, deck__jokers=jokers), lambda st: st.phase == "play")
    assert sorted(obs(s)["counts"], reverse=True) == sizes


@rule("deck.remainder=blind", quote="덱의 수를 인원수의 배수가 되도록 무작위로 게임에서 제외한다 (블라인드 카드).")
def test_blind_cards() -> None:
    s = play_random_until(new_match("basic", 5, deck__remainder="blind"), lambda st: st.phase == "play")
    assert obs(s)["counts"] == [10] * 5 and obs(s)["blind"] == 3


@rule("deck.remainder=lowest_first", "deck.remainder=uneven",
      quote="두 번째 턴 이후: 계급이 낮은 플레이어부터 순서대로 나머지 카드를 1장씩 나눠주거나, 첫 번째 턴과 동일하게 한다.")
def test_remainder_to_the_lowest_classes_first() -> None:
    s = new_match("popular", 5, deck__remainder="lowest_first", exchange__exchange="poor_first")
    s = play_random_until(s, lambda st: st._e.game_no == 2 and st.is_chance(), seed=4)
    s = play_random_until(s, lambda st: not st.is_chance(), seed=4)
    e = s._e
    assert e.classes is not None
    dealt = [ev for ev in obs(s)["history"] if ev[0] == "dealt"][0][1]
    assert [dealt[p] for p in reversed(e.classes)] == [11, 11, 11, 10, 10]  # 大貧民, 貧民, 平民 get one more


@rule("deck.deck=two_player", "deck.deck",
      quote="3, 4, 5, J, Q, K, A, 2 각 4장과 조커 1장의 총 33장만 사용하고, 플레이어에게는 13장씩 나눠주며, 나머지 7장은 엎어")
def test_two_player_deck() -> None:
    s = play_random_until(new_match("two_player", 2), lambda st: st.phase == "play")
    assert obs(s)["counts"] == [13, 13] and obs(s)["undealt"] == 7


@rule("match.target_score", quote="누적 점수가 정해진 값에 도달하면 종료.")
def test_a_match_to_a_target_score() -> None:
    s = new_match("basic", 4, match__games=50, match__target_score=9)
    s = play_random_until(s, lambda st: st.current_player == TERMINAL, seed=2, limit=20000)
    scores = obs(s)["scores"]
    assert max(scores) >= 9 and len(obs(s)["results"]) < 50
    before = [0, 0, 0, 0]
    for placing in obs(s)["results"][:-1]:
        for place, p in enumerate(placing):
            before[p] += 4 - place
    assert max(before) < 9  # it ended at the first game that brought someone to 9


@rule("match.games", "match.set_games", "match.scoring",
      quote="1번의 매치는 3세트로 이루어지고, 1세트는 4게임으로 구성되어 총 12게임을 하게 된다.")
def test_jdf_sets() -> None:
    s = play_random_until(new_match("jdf", 4, match__games=5), lambda st: st._e.game_no == 5 and st.phase == "play")
    assert obs(s)["classes"] is None  # game 5 starts a new set: no classes, no exchange


@rule("match.reseat=by_class", "match.reseat=by_class_ascending", "match.reseat",
      quote="내림차순: 시계 방향으로 높은 계급부터 재정렬한다. / 오름차순: 시계 방향으로 낮은 계급부터 재정렬한다.")
@pytest.mark.parametrize("way", ["by_class", "by_class_ascending"])
def test_reseating_by_class(way: str) -> None:
    s = new_match("popular", 4, match__reseat=way)
    s = play_random_until(s, lambda st: st._e.game_no == 2 and not st.is_chance(), seed=6)
    e = s._e
    assert e.classes is not None
    assert obs(s)["order"] == (list(e.classes) if way == "by_class" else list(reversed(e.classes)))


@rule("match.reseat=random", "match.reseat=per_set", "match.reseat=every_3_games", "match.reseat=fixed",
      quote="무작위: 제비뽑기 등으로 자리를 정한다.")
def test_random_seating_is_drawn() -> None:
    s = new_match("popular", 4, match__reseat="random")
    assert s.chance_outcomes()[0][0].startswith("seat:")
    s = play_random_until(new_match("popular", 4), lambda st: st._e.game_no == 2, seed=3)
    assert not s.chance_outcomes()[0][0].startswith("seat:")  # fixed: no new seats


@rule("match.first_lead=dealer_left", "match.first_lead",
      quote="딜러의 왼쪽 사람, 가위바위보 등으로 무작위 결정, 특정 카드(, 등)를 가진 사람 등으로 결정한다.")
def test_the_player_after_the_dealer_leads() -> None:
    s = new_match("basic", 4, match__first_lead="dealer_left")
    s = s.apply("dealer:2")
    s = play_random_until(s, lambda st: not st.is_chance())
    assert s.current_player == s._e.order[(s._e.pos[2] + 1) % 4]


@rule("match.first_lead=s3", "match.first_lead=random", "match.first_lead=d3", "match.first_lead=spade_seat",
      quote="`first_lead`: `d3` (holder of ♦3; most apps and UECda) [common], `s3` (holder of ♠3), `random`.")
def test_spade_three_leads() -> None:
    s = play_random_until(new_match("basic", 4, match__first_lead="s3"), lambda st: not st.is_chance())
    assert "S3" in s.observation(s.current_player)["hand"]
    assert new_match("basic", 4, match__first_lead="random").is_chance()


@rule("match.first_lead_must_include", quote="특정 카드로 결정할 경우, 처음 내는 카드에 해당 카드를 포함해야 할 수 있다.")
def test_the_first_play_includes_the_card() -> None:
    s = play_random_until(new_match("basic", 4, match__first_lead_must_include=True), lambda st: not st.is_chance())
    assert all("D3" in a for a in s.legal_actions())


@rule("match.later_lead=tycoon", "match.later_lead=same_as_first", "match.later_lead=beggar", "match.later_lead",
      quote="대부호 등 특정 계급에서 시작하거나, 첫 번째 게임과 같은 방식으로 결정한다.")
def test_the_tycoon_leads_later_games() -> None:
    s = new_match("popular", 4, match__later_lead="tycoon")
    s = play_random_until(s, lambda st: st._e.game_no == 2 and st.phase == "play", seed=3)
    assert s._e.classes is not None and s.current_player == s._e.classes[0]
    s = play_random_until(new_match("popular", 4), lambda st: st._e.game_no == 2 and st.phase == "play", seed=3)
    assert s._e.classes is not None and s.current_player == s._e.classes[-1]  # by default the 大貧民


@rule("match.deal_start=tycoon", "match.deal_start=after_dealer", "match.deal_start",
      quote="The 53 cards are shuffled and dealt one at a time, starting at the seat of the previous game's 大富豪")
def test_uecda_deals_from_the_tycoon() -> None:
    s = play_random_until(new_match("uecda", 5, match__games=2), lambda st: st._e.game_no == 2 and st.is_chance()
                          and st.chance_outcomes()[0][0].startswith("deal:"), seed=1)
    e = s._e
    assert e.classes is not None and e.order[e.deal_pos] == e.classes[0]
    s = play_random_until(new_match("popular", 4), lambda st: st._e.game_no == 2 and st.is_chance()
                          and st.chance_outcomes()[0][0].startswith("deal:"), seed=1)
    e = s._e
    assert e.classes is not None and e.deal_pos == (e.pos[e.classes[-1]] + 1) % 4  # the 大貧民 deals


# --- forms ----------------------------------------------------------------------------------------

@rule("forms.sequences", quote="같은 무늬로 된 숫자가 3장 이상 연속되는 카드를 한꺼번에 낼 수 있다.")
def test_sequences_on_and_off() -> None:
    assert "H5.H6.H7" in legal(t(["H5.H6.H7", "D9", "C9"]))
    assert "H5.H6.H7" not in legal(t(["H5.H6.H7", "D9", "C9"], **{"forms.sequences": False}))


@rule("forms.seq_min", quote="2장으로도 낼 수 있다는 규칙도 있다.")
def test_two_card_sequences() -> None:
    s = t(["S8.S9.H3", "HT.HJ.D4", "C5"], **{"forms.seq_min": 2})
    assert "S8.S9" in legal(s)
    s = go(s, "S8.S9")
    assert "HT.HJ" in legal(s)
    assert "S8.S9" not in legal(t(["S8.S9.H3", "HT.HJ", "C5"]))


@rule("forms.seq_compare=lowest", "forms.seq_compare=exceed", "forms.seq_compare",
      quote="5, 6, 7 세 장을 냈을 경우, 다음에 6, 7, 8을 낼 수 있는지 (바닥에 나온 카드의 강도와 중복되는 조합을 낼 수 있는지) 또는 8, 9, 10 이상으로 내야 하는지")
def test_sequence_comparison() -> None:
    hands = ["S5.S6.S7.C3", "H6.H7.H8.H9.HT.HJ", "D4"]
    assert "H6.H7.H8" not in legal(go(t(hands), "S5.S6.S7"))
    assert "H6.H7.H8" in legal(go(t(hands, **{"forms.seq_compare": "lowest"}), "S5.S6.S7"))


@rule("forms.seq_joker_ends", quote="the joker may fill any one position, including one step beyond either end of the scale")
def test_joker_beyond_the_ends() -> None:
    assert "HA.H2.JK=H+" in legal(table("uecda", ["HA.H2.JK.C9", "H3", "D5", "D6", "D7"]))


@rule("forms.max_group", quote="Groups of five or six (four naturals plus jokers) are allowed [JDF][UECda]; `max_group = 4` forbids them")
def test_largest_group() -> None:
    hands = ["S9.H9.D9.C9.JK.JK.H3", "D4", "C5"]
    assert "S9.H9.D9.C9.JK=*9" in legal(table("jdf", hands + ["C6"]))
    assert not any(a.count(".") >= 4 for a in legal(t(hands, **{"deck.jokers": 2, "forms.max_group": 4})))


@rule("forms.emperor", quote="adds a 4-card form: four consecutive ranks, each of a different suit")
def test_emperor() -> None:
    assert "S3.H4.D5.C6" in legal(t(["S3.H4.D5.C6.C9", "D7", "H8"], **{"forms.emperor": True}))


@rule("forms.joker_pair=top_pair", "forms.joker_pair=clears", "forms.joker_pair",
      quote="a pair of two jokers is a group of two ranked above 2s … Option `joker_pair = clears` (the pair also clears the trick)")
@pytest.mark.parametrize("way", ["top_pair", "clears"])
def test_joker_pair(way: str) -> None:
    s = go(t(["S2.H2.C3", "JK.JK.D4", "DA.CA"], **{"deck.jokers": 2, "forms.joker_pair": way}), "S2.H2", "JK.JK")
    assert (obs(s)["field"] is None) is (way == "clears")


# --- order of strength ----------------------------------------------------------------------------

@rule("order.revolution=immediate", "order.revolution=after_clear", "order.revolution=off", "order.revolution",
      quote="예를 들어 10이 4장으로 혁명이 일어난 경우, \"혁명 되돌리기\"를 J 이상의 같은 카드 4장(판이 흐르기 전까지는 혁명은 유효하지 않다고 보는 경우) 또는 9 이하의 4장(곧바로 유효하다고 보는 경우)으로")
@pytest.mark.parametrize("way", ["immediate", "after_clear"])
def test_revolution_timing(way: str) -> None:
    s = go(t(["ST.HT.DT.CT.C3", "S9.H9.D9.C9.SJ.HJ.DJ.CJ", "D4"], **{"order.revolution": way}), "ST.HT.DT.CT")
    back = "S9.H9.D9.C9" if way == "immediate" else "SJ.HJ.DJ.CJ"
    assert back in legal(s)
    s = go(t(["ST.HT.DT.CT.C3", "S9.H9.D9.C9", "D4"], **{"order.revolution": "off"}), "ST.HT.DT.CT")
    assert obs(s)["revolution"] is False


@rule("order.revolution_clears", quote="다만 혁명이 일어나면 무조건 판이 흐르는 것으로 하는 규칙도 있다.")
def test_a_revolution_clears() -> None:
    s = go(t(["S5.H5.D5.C5.C3", "D9", "C9"], **{"order.revolution_clears": True}), "S5.H5.D5.C5")
    assert obs(s)["field"] is None and obs(s)["to_move"] == 0


@rule("order.revolution_choice", quote="혁명 상태가 되는 조건을 만족하는 카드를 낸 경우, 그 플레이어가 혁명 상태로 할지 여부를 자유롭게 선택할 수 있다.")
def test_revolution_by_choice() -> None:
    s = go(t(["S5.H5.D5.C5.C3", "D9", "C9"], **{"order.revolution_choice": True}), "S5.H5.D5.C5")
    assert legal(s) == {"revolt:yes", "revolt:no"}
    assert obs(go(s, "revolt:no"))["revolution"] is False


@rule("order.seq_revolution=4", "order.seq_revolution=5", "order.seq_revolution=off", "order.seq_revolution",
      quote="같은 수트의 연속된 계급의 카드를 4장 이상 동시에 내면 혁명 상태가 되는 \"계단 혁명\"이 채용되기도 한다.")
@pytest.mark.parametrize(("way", "revolts"), [("4", True), ("5", False), ("off", False)])
def test_sequence_revolution(way: str, revolts: bool) -> None:
    s = go(t(["S3.S4.S5.S6.C9", "HA", "D7"], **{"order.seq_revolution": way}), "S3.S4.S5.S6")
    assert obs(s)["revolution"] is revolts


@rule("order.coup_detat", quote="쿠데타: 9를 3장 내는 것으로 혁명을 일으킬 수 있다.")
def test_coup_detat() -> None:
    assert obs(go(t(["S9.H9.D9.C3", "HA", "D7"], **{"order.coup_detat": True}), "S9.H9.D9"))["revolution"]


@rule("order.coup_counter", quote="6을 3장으로 혁명을 되돌릴 수 있는 것으로 하는 경우도 있다.")
def test_three_sixes_undo_a_coup() -> None:
    opts = {"order.coup_detat": True, "order.coup_counter": True}
    s = go(t(["S9.H9.D9.C3", "S6.H6.D6.CA", "D7"], **opts), "S9.H9.D9")
    assert obs(s)["revolution"] and "S6.H6.D6" in legal(s)
    assert obs(go(s, "S6.H6.D6"))["revolution"] is False
    s = go(t(["S6.H6.D6.C3", "HA", "D7"], **opts), "S6.H6.D6")
    assert obs(s)["revolution"] is False  # no revolution to undo: three 6s do nothing


@rule("order.nanasan", quote="나나산 혁명: 7을 3장 내면 혁명이 일어난다.")
def test_nanasan() -> None:
    assert obs(go(t(["S7.H7.D7.C3", "HA", "D8"], **{"order.nanasan": True}), "S7.H7.D7"))["revolution"]


@rule("order.joker_revolution", quote="조커 혁명: 조커를 2장 내면 혁명이 일어난다. 이 경우 3보다 강한 숫자로 취급하며")
def test_joker_revolution() -> None:
    s = go(t(["JK.JK.C3", "HA", "D8"], **{"deck.jokers": 2, "order.joker_revolution": True}), "JK.JK")
    assert obs(s)["revolution"] and legal(s) == {"pass"}  # still the strongest pair


@rule("order.chasing_revolution", quote="추혁: 최신 판 패가 페어이고, 자신이 그것과 같은 숫자의 페어를 내면, 혁명이 발생한다. … 이 방법으로 카드가 내지면, 자식은 모두 패스한다.")
def test_chasing_revolution() -> None:
    s = go(t(["S8.H8.C3", "D8.C8.D4", "SA.HA"], **{"order.chasing_revolution": True}), "S8.H8")
    assert "D8.C8" in legal(s)
    s = go(s, "D8.C8")
    assert obs(s)["revolution"] and obs(s)["field"] is None and obs(s)["to_move"] == 1


@rule("order.super_revolution=5", "order.super_revolution=6", "order.super_revolution=off", "order.super_revolution",
      quote="초혁명: 그 게임에서 처음 5장 이상의 카드로 혁명을 일으키면, 게임 종료 시까지 혁명이 일어나지 않는다. … 핵폭탄: 그 게임에서 처음 6장 이상의 카드로 혁명을")
def test_super_revolution() -> None:
    hands = ["S7.H7.D7.C7.JK.C3", "S9.H9.D9.C9.D4", "DA"]
    moves = ("S7.H7.D7.C7.JK=*7", "pass", "pass", "C3", "pass", "pass", "S9.H9.D9.C9")
    s = go(t(hands, **{"deck.jokers": 2, "order.super_revolution": "5"}), *moves)
    assert obs(s)["revolution"]  # four 9s later in the game would revolt back — not any more
    for way in ("6", "off"):
        s = go(t(hands, **{"deck.jokers": 2, "order.super_revolution": way}), *moves)
        assert obs(s)["revolution"] is False  # five cards do not make a nuclear bomb


@rule("order.omen", quote="오멘: 6을 3장 내면 혁명을 일으킨 후, 게임 종료 시까지 혁명이 일어나지 않는다. 8 자르기 및 기타 특수 효과나 제약이 게임 종료 시까지 무효가 되는")
def test_omen() -> None:
    s = go(t(["S6.H6.D6.S8.C3", "D4.DA", "C9.CA"], base="popular", **{"order.omen": True}), "S6.H6.D6", "pass", "pass")
    assert obs(s)["revolution"]
    s = go(s, "S8")
    assert obs(s)["field"] is not None  # no 8-cut any more


@rule("order.great_revolution", quote="대혁명: 부모일 때 2를 4장 내면 혁명을 일으키며 바로 올라갈 수 있다.")
def test_great_revolution() -> None:
    s = go(t(["S2.H2.D2.C2.C3.C4", "D5", "D6"], **{"order.great_revolution": True}), "S2.H2.D2.C2")
    assert obs(s)["out"] == [0] and obs(s)["revolution"]


@rule("order.eleven_back=toggle", "order.eleven_back=first_only", "order.eleven_back=off", "order.eleven_back",
      quote="J가 나올 때마다 숫자 강함을 역전시킬지, 바닥이 흐른 후 최초 J에만 효과를 줄지 미리 정해둔다.")
@pytest.mark.parametrize(("way", "back"), [("toggle", False), ("first_only", True)])
def test_eleven_back(way: str, back: bool) -> None:
    s = go(t(["SJ.C3", "HJ.D4", "DA.C5"], **{"order.eleven_back": way}), "SJ")
    assert obs(s)["back"] and "HJ" not in legal(s) and "D4" in legal(s)  # inverted: only what is weaker than J
    # a second J play in the same trick (rare: the order has turned since) toggles again, or not
    e = s.engine
    eleven_back(e, parse_play("DJ"))
    assert e.back is back
    assert obs(go(t(["SJ.C3", "HJ.D4", "DA.C5"]), "SJ"))["back"] is False  # off


@rule("order.eleven_back_sequences", quote="場のJ Q Kのシークエンスに対して9 10 Jを出された場合等")
def test_eleven_back_by_sequence() -> None:
    opts = {"order.eleven_back": "toggle", "order.eleven_back_sequences": True}
    assert obs(go(t(["S9.ST.SJ.C3", "HA", "D7"], **opts), "S9.ST.SJ"))["back"]


@rule("order.strong_eleven_back", quote="J를 3장 내면 그때의 턴과 다음 턴이 일시적으로 혁명 상태가 되는 \"강화 11(J) 백\"이 채용되기도 한다.")
def test_strong_eleven_back() -> None:
    opts = {"order.eleven_back": "toggle", "order.strong_eleven_back": True}
    s = go(t(["SJ.HJ.DJ.C3", "HA", "D7"], **opts), "SJ.HJ.DJ", "pass", "pass")
    assert obs(s)["field"] is None and obs(s)["back"]  # it lasts into the next trick


@rule("order.joker_inverts", quote="이 규칙에서는 강한 순서대로 3 → 4 → 5 …… 조커가 되어 조커가 2보다 약하고 최약의 카드가 된다.")
def test_joker_inverts() -> None:
    s = go(t(["JK.C4", "S3.D5", "HA"], revolution=True, **{"order.joker_inverts": True}), "JK")
    assert "S3" in legal(s) and "D5" in legal(s)


@rule("match.scoring=places", "match.scoring=jdf", "match.scoring=uecda", "match.scoring=win",
      quote="대부호: 6점 … 부호: 4점 … 빈민: 2점 … | scoring per game | N+1−place | N+1−place | 6/4/2/0, +2 set bonus | 5/4/3/2/1 | N+1−place |")
@pytest.mark.parametrize(("base", "n", "points"), [("popular", 4, [4, 3, 2, 1]), ("jdf", 4, [6, 4, 2, 0]),
                                                   ("uecda", 5, [5, 4, 3, 2, 1]), ("two_player", 2, [1, 0])])
def test_scoring(base: str, n: int, points: list[int]) -> None:
    s = play_random_until(new_match(base, n), lambda st: bool(obs(st)["results"]), seed=2, limit=20000)
    placing = obs(s)["results"][0]
    assert [obs(s)["scores"][p] for p in placing] == points
