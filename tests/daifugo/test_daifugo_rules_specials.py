"""Scenarios of the catalogue (``docs/daifugo-rules.md``): turns and passing, the special plays and
wins, locks, going out and the classes, the exchange.  Each quotes the article
(``shared/seeds/002…``) or the specification."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from daifugo_helpers import game_two, go, legal, obs, placing, play_random_until, table  # noqa: E402
from scenarios import rule  # noqa: E402

from pyengine.core import TERMINAL  # noqa: E402
from pyengine.daifugo import DaifugoState  # noqa: E402

CLASSES = (0, 1, 2, 3)  # player 0 reigns as 大富豪, 1 富豪, 2 貧民, 3 大貧民


def t(hands: list[str], turn: int = 0, base: str = "basic", revolution: bool = False,
      classes: tuple[int, ...] | None = None, **options: object) -> DaifugoState:
    """A game in its play phase; options by their paths (``**{"specials.death": True}``)."""
    kw: dict[str, object] = {"revolution": revolution}
    if classes is not None:
        kw["classes"] = classes
    return table(base, hands, turn, options={k.replace(".", "__"): v for k, v in options.items()}, **kw)


# --- turns and passing --------------------------------------------------------------------------

@rule("turns.leader_pass=second_lap", "turns.leader_pass=free", "turns.leader_pass=off", "turns.leader_pass",
      quote="공식 규칙: 전원 부모 패스 시, 2번째 턴의 첫 번째 부모는 카드 제출 의무가 있다.")
def test_leader_pass() -> None:
    s = go(t(["S5.S6", "H6.H7", "D3.D4"], **{"turns.leader_pass": "second_lap"}), "pass", "pass", "pass")
    assert obs(s)["to_move"] == 0 and "pass" not in legal(s)
    s = go(t(["S5.S6", "H6.H7", "D3.D4"], **{"turns.leader_pass": "free"}), "pass", "pass", "pass")
    assert "pass" in legal(s)
    assert "pass" not in legal(t(["S5.S6", "H6.H7", "D3.D4"]))  # off: the leader must play


@rule("turns.sticky_pass", quote="낼 수 있는 카드가 있어도 패스하고, 나중에 다시 카드를 낼 수 있는지 결정한다. 허용되지 않으면 강제 패스된다.")
def test_sticky_pass_off() -> None:
    s = go(t(["S5.S7.C3", "H8.H9", "D6.DA"], **{"turns.sticky_pass": False}), "S5", "pass", "D6", "S7")
    assert obs(s)["to_move"] == 1 and "H8" in legal(s)


@rule("turns.trick_end=all_passed", "turns.trick_end=others_passed", "turns.trick_end",
      quote="The trick clears when every player who still holds cards has passed — including the player whose play is on top.")
def test_everyone_passed() -> None:
    s = go(t(["S5.S7.C3", "H3.H4", "D3.D4"], **{"turns.trick_end": "all_passed"}), "S5", "pass", "pass")
    assert obs(s)["to_move"] == 0 and "S7" in legal(s)
    assert obs(go(t(["S5.S7.C3", "H3.H4", "D3.D4"]), "S5", "pass", "pass"))["field"] is None  # others passed


@rule("turns.may_pass_when_able", quote="`off`: a player who has a legal play must play.")
def test_must_play_when_able() -> None:
    s = go(t(["S5.C3", "H8.H4", "D3.D4"], **{"turns.may_pass_when_able": False}), "S5")
    assert "pass" not in legal(s)


# --- special plays and wins -------------------------------------------------------------------------

@rule("specials.lucky_seven", quote="럭키 세븐: 7을 3장 내면 게임에 승리한다.")
def test_lucky_seven() -> None:
    s = go(t(["S7.H7.D7.C3.C4", "D9", "C9"], **{"specials.lucky_seven": True}), "S7.H7.D7")
    assert obs(s)["out"] == [0] and obs(s)["counts"][0] == 0


@rule("specials.death", quote="DEATH: 4를 3장 냈을 때, 자신을 제외한 모든 플레이어는 패에서 가장 강한 카드 1장을 버린다.")
def test_death() -> None:
    s = go(t(["S4.H4.D4.C3", "D9.D2", "C9.CA"], **{"specials.death": True}), "S4.H4.D4")
    assert s.observation(1)["hand"] == ["D9"] and s.observation(2)["hand"] == ["C9"]


@rule("specials.thief", quote="시프: 4를 3장 냈을 때, 좌우 플레이어 중 한 명을 지정한다. … 지정한 플레이어가 대부호라면, 최강의 카드(조커 포함) 2장을 넘겨받는다.")
def test_thief() -> None:
    s = go(t(["S4.H4.D4.C3", "D9.D2.DA", "C9.CA", "H9.HK"], classes=(1, 2, 3, 0), **{"specials.thief": True}),
           "S4.H4.D4")
    assert s.phase == "target" and legal(s) == {"target:1", "target:3"}
    s = go(s, "target:1")  # player 1 reigns as 大富豪: two cards
    assert s.observation(0)["hand"] == ["C3", "DA", "D2"] and s.observation(1)["hand"] == ["D9"]


@rule("specials.damian", quote="다미안: 6을 3장 내면 바닥이 흐르기 전까지 패스한 플레이어는 패배한다.")
def test_damian() -> None:
    s = go(t(["S6.H6.D6.C3", "D9.DA", "C9.CA", "H9.HA"], **{"specials.damian": True}), "S6.H6.D6", "pass")
    assert obs(s)["counts"][1] == 0 and obs(s)["offenders"] == [1]
    s = go(s, "pass", "pass")
    assert s.current_player == TERMINAL and placing(s) == [0, 1, 2, 3]  # the later a pass, the lower


@rule("specials.satan", quote="사탄: 6을 3장 내면 버린 패에서 카드 1장을 골라 패에 더한다.")
def test_satan() -> None:
    s = go(t(["S6.H6.D6.C3.CK", "D9.D4", "S9.CA"], **{"specials.satan": True}),
           "C3", "D9", "pass", "CK", "pass", "S6.H6.D6")
    assert s.phase == "pick" and legal(s) == {"pick:C3", "pick:D9", "pick:CK"}
    picked = go(s, "pick:D9")
    assert "D9" in picked.observation(0)["hand"]
    assert "D9" not in picked.hidden_tokens(1) and "D9" not in picked.hidden_tokens(2)  # every seat saw where it went


@rule("specials.zombie", quote="좀비: 3을 3장 냈을 때, 버린 패에서 카드 1장을 골라 다음 차례의 플레이어에게 넘긴다.")
def test_zombie() -> None:
    s = go(t(["S3.H3.D3.C4.CK", "D9.D5", "S9.CA"], **{"specials.zombie": True}),
           "C4", "D9", "pass", "CK", "pass", "S3.H3.D3")
    assert s.phase == "pick" and "pick:D9" in legal(s)
    picked = go(s, "pick:D9")
    assert "D9" in picked.observation(1)["hand"]  # to the next player
    assert "D9" not in picked.hidden_tokens(2)  # a third seat saw it go there


@rule("specials.rescue", quote="구조: 3을 내고 바닥이 흐를 때, 버린 패에서 카드 1장을 골라 자신의 패에 더한다. 계단에 3이 포함되어 있으면 이 효과는 발생하지 않는다.")
def test_rescue() -> None:
    s = go(t(["C4.C5.C6", "S3.DA.D7", "S9.H9"], **{"specials.rescue": True}),
           "C4", "DA", "pass", "pass", "S3", "pass", "pass")
    assert s.phase == "pick" and s.current_player == 1  # the trick cleared with the ♠3 on top
    s = go(s, "pick:C4")
    assert s.phase == "play" and s.current_player == 1 and "C4" in s.observation(1)["hand"]


@rule("specials.bloody_mary", quote="패턴 1: Q를 3장 내면 자신을 제외한 플레이어는 패에서 최강 카드 2장을 버린다.")
def test_bloody_mary() -> None:
    s = go(t(["SQ.HQ.DQ.C3", "D9.D2.DA", "C9.CA.CK"], **{"specials.bloody_mary": True}), "SQ.HQ.DQ")
    assert s.observation(1)["hand"] == ["D9"] and s.observation(2)["hand"] == ["C9"]


@rule("specials.jeanne", quote="패턴 1: Q를 3장 내면 다음 턴 플레이어는 패에서 최강 카드 2장을 버린다.")
def test_jeanne() -> None:
    s = go(t(["SQ.HQ.DQ.C3", "D9.D2.DA", "C9.CA.CK"], **{"specials.jeanne": True}), "SQ.HQ.DQ")
    assert s.observation(1)["hand"] == ["D9"] and len(s.observation(2)["hand"]) == 3


@rule("specials.kings_privilege", quote="왕의 특권: K를 3장 내면 좌우 중 한쪽과 패를 전부 교환한다.")
def test_kings_privilege() -> None:
    s = go(t(["SK.HK.DK.C3", "D9.D2.DA", "C9.CA"], **{"specials.kings_privilege": True}), "SK.HK.DK")
    assert s.phase == "target"
    s = go(s, "target:1")
    assert s.observation(0)["hand"] == ["D9", "DA", "D2"] and s.observation(1)["hand"] == ["C3"]


@rule("specials.relief", quote="물자 구호: 대빈민은 카드를 낼 권리가 있을 때, 카드를 내는 대신 바닥의 카드를 모두 자신의 패에 더해도 좋다. … 그렇게 했을 경우, 바닥을 흘려보내고 친이 된다. … 이것은 게임 중 1회만 가능하다.")
def test_relief() -> None:
    s = go(t(["S2.C3", "D9.DA", "C9.CA", "H4.H5"], classes=CLASSES, **{"specials.relief": True}), "S2")
    s = go(s, "pass", "pass")
    assert "relief" in legal(s)
    s = go(s, "relief")
    assert "S2" in s.observation(3)["hand"] and obs(s)["field"] is None and obs(s)["to_move"] == 3
    s = go(s, "H4")
    assert "relief" not in legal(s)  # once a game


@rule("specials.dokan", quote="바닥에 나와있는 모든 카드와 자신의 가지고 있는 카드의 합계가 같을 때, 게임에서 승리한다")
def test_dokan() -> None:
    s = go(t(["S5.S8.C3", "HK.D4", "C9.CA"], **{"specials.dokan": True}), "S5")
    assert "dokan" not in legal(s)  # the field's 5 is not the hand's K + 4
    s = go(t(["S5.C3", "S8.D4", "HK"], **{"specials.dokan": True}), "S5", "S8")
    assert "dokan" in legal(s)  # 5 + 8 = 13 = K
    s = go(s, "dokan")
    assert obs(s)["out"] == [2]


@rule("specials.monopoly", quote="카드 교환 종료 시점부터 선 순서 차례 시작 전까지의 시간에 13장 묶음의 시퀀스를 가진 사람은 그것을 공개하여 승리한다.")
def test_monopoly() -> None:
    from daifugo_helpers import new_match, scripted_deal
    s = new_match("basic", 4, deck__jokers=0, specials__monopoly=True)
    s = scripted_deal(s, {1: ".".join("H" + r for r in "3456789TJQKA2"),
                          0: "S3.D3.C3.S4.D4.C4.S5.D5.C5.S6.D6.C6.S7"})
    assert obs(s)["out"] == [1] and obs(s)["counts"][1] == 0


@rule("specials.taepodong", quote="패에 같은 수의 카드 4장이 모이고, 조커도 2장 모두 패에 있을 때, 그 플레이어는 이상의 6장을 낸 시점에서 오를 수 있다 … 혁명이 채택되지 않아도, 혁명과 같은 효과도 발생한다.")
def test_taepodong() -> None:
    opts = {"deck.jokers": 2, "order.revolution": "off", "specials.taepodong": True}
    s = go(t(["S5.H5.D5.C5.JK.JK.C3.D4", "D9", "C9"], **opts), "S5.H5.D5.C5.JK=*5.JK=*5")
    assert obs(s)["out"] == [0] and obs(s)["revolution"]


# --- locks ----------------------------------------------------------------------------------------

@rule("locks.suit_lock=exact", "locks.suit_lock=partial", "locks.suit_lock=after_three", "locks.suit_lock=off",
      "locks.suit_lock",
      quote="연속해서 같은 마크의 카드가 나오면, 해당 마크의 카드만 낼 수 있게 된다. … \"부분 타이트\" … 수트가 \"적용\"되려면 같은 수트 또는 수트 조합을 연속으로 세 번 플레이해야 한다.")
def test_suit_locks() -> None:
    s = go(t(["C7.C3", "C9.D4", "SK.CK"], **{"locks.suit_lock": "exact"}), "C7", "C9")
    assert legal(s) == {"CK", "pass"}
    s = go(t(["S5.C5.C3", "S7.D7.D4", "SK.HK.CK.DK"], **{"locks.suit_lock": "partial"}), "S5.C5", "S7.D7")
    assert "HK.CK" not in legal(s) and "SK.CK" in legal(s)
    s = go(t(["C7.C3", "C9.D4", "SK.CK"], **{"locks.suit_lock": "after_three"}), "C7", "C9")
    assert "SK" in legal(s)
    assert "SK" in legal(go(t(["C7.C3", "C9.D4", "SK.CK"]), "C7", "C9"))  # off


@rule("locks.lock_joker=colourless", "locks.lock_joker=wild", "locks.lock_joker=declared", "locks.lock_joker",
      quote="무색: 조커는 항상 스페이드, 하트, 다이아, 클럽 중 어느 수트에도 속하지 않는다. / 4색: 조커를 낼 때 4개의 수트 중 하나를 선택한다.")
@pytest.mark.parametrize(("way", "joker"), [("wild", True), ("declared", True), ("colourless", False)])
def test_joker_and_locks(way: str, joker: bool) -> None:
    s = go(t(["C7.C3", "C9.D4", "JK.CK"], **{"locks.suit_lock": "exact", "locks.lock_joker": way}), "C7", "C9")
    assert ("JK" in legal(s)) is joker


@rule("locks.colour_lock", quote="색 묶임: 흑/적 묶음 (스페이드/클럽, 하트/다이아) 과 같이, 특정 색깔 조합으로 묶는 규칙이다.")
def test_colour_lock() -> None:
    s = go(t(["H5.C3", "D7.D4", "SK.HK"], **{"locks.colour_lock": True}), "H5", "D7")
    assert legal(s) == {"HK", "pass"}


@rule("locks.number_lock=on", "locks.number_lock=strict", "locks.number_lock=off", "locks.number_lock",
      quote="연속해서 숫자가 1씩 커지는 (혁명 시에는 작아지는) 카드가 나오면, 그 다음 카드는 1만큼 더 큰 (또는 혁명 시에는 작은) 숫자만 낼 수 있다. … 마크 묶기와 숫자 묶기가 동시에 적용되는 경우이다.")
def test_number_lock() -> None:
    s = go(t(["S5.C3", "H6.D4", "S7.D8"], **{"locks.number_lock": "on"}), "S5", "H6")
    assert legal(s) == {"S7", "pass"}
    assert "D8" in legal(go(t(["S5.C3", "H6.D4", "S7.D8"]), "S5", "H6"))  # off
    s = go(t(["S5.C3", "S6.D4", "S7.H7"], **{"locks.suit_lock": "exact", "locks.number_lock": "strict"}), "S5", "S6")
    assert legal(s) == {"S7", "pass"}


@rule("locks.q_release", quote="Q 풀기: 묶임 발생 시 Q를 내면 묶임 효과가 없어진다. 수트 묶임뿐 아니라 숫자 묶임도 해제한다.")
def test_q_release() -> None:
    s = go(t(["C7.C3", "C9.HQ", "SK.CK"], 0, **{"locks.suit_lock": "exact", "locks.q_release": True}), "C7", "C9")
    s = go(s, "pass")
    assert obs(s)["lock"]
    s = go(t(["C7.CJ", "C9.HQ.D4", "SK.CK.D3"], **{"locks.suit_lock": "exact", "locks.q_release": True}),
           "C7", "C9", "pass", "CJ")
    assert "HQ" not in legal(s)  # the lock holds until a Q is played
    s = go(t(["C7.C8", "C9.CQ.D4", "SK.HK.D3"], **{"locks.suit_lock": "exact", "locks.q_release": True}),
           "C7", "C9", "pass", "pass", "CQ")
    assert obs(s)["lock"] == []


# --- going out and classes ----------------------------------------------------------------------

@rule("finishing.forbidden_finish", "finishing.forbidden_penalty=last",
      quote="강한 카드인 2 (모든 무늬, 혁명 중에는 3)나 조커, 가장 약한 3 (모든 무늬, 혁명 중에는 2)을 포함하여 오르거나, … 8 (8 끊기 규칙 적용 시), 11 (11 백 규칙 적용 시) 등 강력한 효과를 가진 카드로 오르는 것을 반칙으로 금지")
@pytest.mark.parametrize(("item", "card", "extra"), [
    ("joker", "JK", {}), ("top_rank", "S2", {}), ("bottom_rank", "S3", {}),
    ("eight", "S8", {"clears.eight_cut": True}), ("jack", "SJ", {"order.eleven_back": "toggle"})])
def test_forbidden_finishes(item: str, card: str, extra: dict[str, object]) -> None:
    s = go(t([card, "D9.D4", "C9.C4"], **{"finishing.forbidden_finish": (item,), **extra}), card)
    assert obs(s)["offenders"] == [0]


@rule("finishing.forbidden_penalty=refuse", "finishing.forbidden_penalty",
      quote="Penalty `last` (default): the play is made, the player is out and is placed at the bottom; `refuse`: such a final play is illegal")
def test_a_forbidden_finish_refused() -> None:
    s = t(["S2", "D9.D4", "C9.C4"], **{"finishing.forbidden_finish": ("top_rank",), "finishing.forbidden_penalty": "refuse"})
    assert "S2" not in legal(s)


@rule("finishing.forbidden_order=after", "finishing.forbidden_order=before", "finishing.forbidden_order",
      quote="B. 혁명이 일어나지 않았을 때 3의 4장 묶음으로 오르면 반칙으로 하는 경우, 혁명이 일어났을 때 2의 4장 묶음으로 오르면 반칙이다.")
@pytest.mark.parametrize(("way", "foul"), [("before", False), ("after", True)])
def test_forbidden_order(way: str, foul: bool) -> None:
    s = go(t(["S3.H3.D3.C3", "D9.D4", "C9.C4"], **{"finishing.forbidden_finish": ("top_rank",),
                                                  "finishing.forbidden_order": way}), "S3.H3.D3.C3")
    assert (obs(s)["offenders"] == [0]) is foul


@rule("finishing.miyako_ochi=immediate", "finishing.miyako_ochi=next_game", "finishing.miyako_ochi=only_if_beggar_wins",
      "finishing.miyako_ochi=off", "finishing.miyako_ochi", quote="대부호가 다음 게임에서 1등으로 오르지 못했을 경우, 그 다음 게임에서는 무조건 대빈민으로 전락한다")
@pytest.mark.parametrize("way", ["immediate", "next_game"])
def test_miyako_ochi(way: str) -> None:
    s = go(t(["S3.S4", "SA", "H5.H6", "D7.D9"], 1, base="popular", classes=CLASSES, **{"finishing.miyako_ochi": way}),
           "SA")
    assert obs(s)["fallen"] == 0
    s = play_random_until(s, lambda st: st.current_player == TERMINAL)
    assert placing(s)[0] == 1 and placing(s)[-1] == 0
    opts = {"finishing.miyako_ochi": "only_if_beggar_wins"}
    assert obs(go(t(["S3.S4", "SA", "H5.H6", "D7.D9"], 1, base="popular", classes=CLASSES, **opts), "SA"))["fallen"] == -1
    opts = {"finishing.miyako_ochi": "off"}
    assert obs(go(t(["S3.S4", "SA", "H5.H6", "D7.D9"], 1, base="popular", classes=CLASSES, **opts), "SA"))["fallen"] == -1


@rule("finishing.gekokujo", quote="대빈민이 1등으로 오르는 시점에서 그 게임은 종료되고, 다음 게임에서는 모두의 계급이 역전된다")
def test_gekokujo() -> None:
    s = go(t(["S3.S4", "S5.S6", "H5.H6", "DA"], 3, base="popular", classes=CLASSES, **{"finishing.gekokujo": True}), "DA")
    assert s.current_player == TERMINAL and placing(s) == [3, 2, 1, 0]


@rule("finishing.kyoto_ochi=next_game", "finishing.kyoto_ochi=immediate", "finishing.kyoto_ochi=off", "finishing.kyoto_ochi",
      quote="대부호가 1착으로 올랐을 때, 부호는 패를 버리고, 다음 게임에서는 대빈민이 된다")
@pytest.mark.parametrize(("way", "count"), [("next_game", 2), ("immediate", 0)])
def test_kyoto_ochi(way: str, count: int) -> None:
    s = go(t(["SA", "S3.S4", "H5.H6", "D7.D9"], base="popular", classes=CLASSES, **{"finishing.kyoto_ochi": way}), "SA")
    assert obs(s)["fallen"] == 1 and obs(s)["counts"][1] == count
    s = play_random_until(s, lambda st: st.current_player == TERMINAL)
    assert placing(s)[0] == 0 and placing(s)[-1] == 1
    assert obs(go(t(["SA", "S3.S4", "H5.H6", "D7.D9"], base="popular", classes=CLASSES), "SA"))["fallen"] == -1


@rule("finishing.guillotine", quote="n번째로 패스한 플레이어는 게임에서 패배하고, 다음은 대빈민이 된다")
def test_guillotine_clock() -> None:
    s = go(t(["S5.S7.C3", "H3.H4", "D3.D4", "C4.C5"], **{"finishing.guillotine": 2}), "S5", "pass")
    assert obs(s)["counts"][1] == 2
    s = go(s, "pass")
    assert obs(s)["counts"][2] == 0 and obs(s)["offenders"] == [2]


# --- exchange -------------------------------------------------------------------------------------

@rule("exchange.exchange=poor_first", "exchange.exchange=simultaneous", "exchange.exchange=off", "exchange.exchange",
      quote="빈민 측이 먼저 카드를 건네준 후, 부호 측이 카드를 선택하여 건네준다. … 모든 플레이어가 동시에 교환할 카드를 선택하고")
def test_exchange_modes() -> None:
    s = game_two("popular", 4, {"beggar": "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK"})
    assert s.phase == "return" and "JK" in s.observation(s._e.classes[0])["hand"]
    s = game_two("popular", 4, {"beggar": "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK"},
                 **{"exchange.exchange": "simultaneous"})
    assert s.phase == "return" and "JK" not in s.observation(s._e.classes[0])["hand"]


@rule("exchange.exchange_counts", quote="| 3 | 1 (most apps) or 2 (JDF, pre-2024 book) | — | none |")
def test_three_player_count() -> None:
    s = game_two("popular", 3, {"beggar": "JK.JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK.C4.C5.C6.C7"},
                 **{"exchange.exchange_counts": 2, "deck.jokers": 2})
    assert s.phase == "return" and all(a.count(".") == 1 for a in s.legal_actions())


@rule("exchange.exchange_joker_exempt", quote="조커는 교환하지 않아도 된다는 규칙도 있다.")
def test_joker_exempt() -> None:
    s = game_two("popular", 4, {"beggar": "JK.S2.H2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"},
                 **{"exchange.exchange_joker_exempt": True})
    assert "JK" not in s.observation(s._e.classes[0])["hand"]


@rule("exchange.tenpen_chii", quote="대빈민에게 카드가 배분되었을 때, 패가 10 이하의 카드로만 구성되어 있다면, 대빈민은 통상적인 교환 대신 대부호의 패와 모두 교환한다.")
def test_tenpen_chii() -> None:
    low = "S3.H3.D3.C3.S4.H4.D4.C4.S5.H5.D5.C5.S6"
    s = game_two("popular", 4, {"beggar": low}, **{"exchange.tenpen_chii": True})
    assert s.phase == "play" and s.observation(s._e.classes[0])["hand"] == low.split(".")


@rule("exchange.tribute_suits=fixed", "exchange.tribute_suits=choose", "exchange.tribute_suits",
      quote="\"Strongest\" = the joker first, then by rank 2, A, K, …, 3, and among equal ranks in the suit order ♠, ♥, ♦, ♣.")
def test_fixed_suits() -> None:
    s = game_two("popular", 4, {"beggar": "SA.HA.DA.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"},
                 **{"exchange.tribute_suits": "fixed"})
    assert {"SA", "HA"} <= set(s.observation(s._e.classes[0])["hand"])
    s = game_two("popular", 4, {"beggar": "SA.HA.DA.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"})
    assert s.phase == "tribute" and legal(s) == {"tribute:SA.HA", "tribute:SA.DA", "tribute:HA.DA"}  # choose


@rule("exchange.tribute=blind", "exchange.tribute=strongest", "exchange.tribute",
      quote="빈민 측은 패를 숫자 강도 순으로 정렬하고 뒷면으로 덮어 부호 측에 보여준다. 부호 측은 정해진 매수만큼 임의의 위치에서 카드를 뽑아")
def test_blind_exchange() -> None:
    s = game_two("popular", 4, {"beggar": "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK"}, **{"exchange.tribute": "blind"})
    tycoon = s._e.classes[0]
    assert s.phase == "draw" and s.current_player == tycoon and len(s.legal_actions()) == 78  # 13 choose 2
    s = s.apply("draw:0.1")  # the two weakest places: ♥3 ♥4
    assert {"H3", "H4"} <= set(s.observation(tycoon)["hand"])


@rule("exchange.return_received", quote="부호 측이 빈민 측에 카드를 반환할 수 있는지에 대해서는 이견이 있다.")
def test_no_return_of_a_received_card() -> None:
    s = game_two("popular", 4, {"beggar": "JK.S2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ.HK"},
                 **{"exchange.return_received": False})
    assert not any("JK" in a or "S2" in a for a in s.legal_actions())


@rule("exchange.monarchy", quote="플레이어가 4명일 때, 부호는 1장, 빈민은 2장, 대빈민은 3장의 가장 강한 숫자를 각각 대부호에게 건네준다.")
def test_absolute_monarchy() -> None:
    s = game_two("popular", 4, {"beggar": "JK.S2.H2.H3.H4.H5.H6.H7.H8.H9.HT.HJ.HQ"}, **{"exchange.monarchy": True})
    s = play_random_until(s, lambda st: st.phase == "play")
    assert obs(s)["counts"][s._e.classes[0]] == 13 + 6 and obs(s)["counts"][s._e.classes[-1]] == 10


@rule("exchange.royal_defence=streak", "exchange.royal_defence=capped", "exchange.royal_defence=off",
      "exchange.royal_defence",
      quote="대부호가 연속으로 될 경우, 대빈민과 교환하는 카드 수가 1장 늘어난다. … 연속 횟수에 1을 더한 만큼 카드를 교환한다.")
def test_royal_defence() -> None:
    from pyengine.daifugo.exchange import exchange_pairs
    s = game_two("popular", 4, {}, **{"exchange.royal_defence": "streak", "match.games": 5})
    e = s._e
    e.results.append(e.results[-1])  # the same 大富豪 twice in a row
    e.game_no += 1
    assert exchange_pairs(e)[0][2] == 3
    e.results.append(e.results[-1])
    e.game_no += 1
    assert exchange_pairs(e)[0][2] == 4  # three in a row: 3 + 1
    s = game_two("popular", 4, {}, **{"exchange.royal_defence": "capped", "match.games": 5})
    e = s._e
    e.results += [e.results[-1], e.results[-1]]
    e.game_no += 2
    assert exchange_pairs(e)[0][2] == 3  # capped at three
    assert exchange_pairs(game_two("popular", 4, {})._e)[0][2] == 2  # off


@rule("exchange.antimonopoly", quote="카드 교환 후, 대부호의 패에 2와 조커가 합쳐 5장 이상이면, 대부호는 2를 다른 플레이어에게 1장씩 건네준다. … 다른 플레이어들은 임의의 카드 1장을 대부호에게 건네준다.")
def test_antimonopoly() -> None:
    from pyengine.daifugo.cards import fmt_cards
    from pyengine.daifugo.exchange import antimonopoly
    s = t(["S2.H2.D2.C2.JK.S3", "D9.D4", "C9.C4", "H9.H4"], classes=CLASSES, **{"exchange.antimonopoly": True})
    e = s.engine
    assert antimonopoly(e)
    assert [fmt_cards(h) for h in e.hands] == ["S3.C2.JK", "D4.D9.S2", "C4.C9.H2", "H4.H9.D2"]
    assert e.exch == [("return", 1, 0, 1), ("return", 2, 0, 1), ("return", 3, 0, 1)]  # each gives back a card


@rule("exchange.return_received", quote="the rich see what they received before choosing the return, and may hand back a card they just received")
def test_a_tribute_card_handed_on_by_the_antimonopoly_may_go_back() -> None:
    """``return_received`` off keeps a tribute's cards with the player who received them; a 2 the
    大富豪 received and hands on by the antimonopoly is a card like any other for its new holder (who
    cannot know where the 大富豪 had it from)."""
    from pyengine.daifugo.cards import parse_cards
    from pyengine.daifugo.exchange import antimonopoly
    s = t(["S2.H2.D2.C2.JK.S3", "D9.D4", "C9.C4", "H9.H4"], classes=CLASSES,
          **{"exchange.antimonopoly": True, "exchange.return_received": False})
    e = s.engine
    e.received = parse_cards("S2.C2")  # as if the 大貧民 had handed them over
    assert antimonopoly(e)
    assert parse_cards("S2") in e.return_options(1, 1)
    assert e.received == parse_cards("C2")  # still the 大富豪's
