"""The Daifugō AI levels: legality everywhere, no peeking, the standard-client strategy, the
hand-division heuristics, the guessed worlds, the exact endgame, the arena and the UECda client."""

from __future__ import annotations

import io
import json
import os
import sys

import pytest

from pyengine.ai.bot import Bot, BotView
from pyengine.ai.daifugo.arena import main as arena_main
from pyengine.ai.daifugo.bots import GreedyBot, NormalBot, StrongBot, _Solver
from pyengine.ai.daifugo.common import Knowledge, division, light_move, place_of, playout
from pyengine.ai.daifugo.playout import resolve_chance
from pyengine.ai.levels import levels
from pyengine.core import sample_chance
from pyengine.core.rng import Pcg32
from pyengine.daifugo import GAME, DaifugoRules, DaifugoState
from pyengine.daifugo.cards import parse_cards
from pyengine.daifugo.ctx import compile_rules
from pyengine.daifugo.engine import CHANCE_PHASES, PHASE_NAMES

_CODES: dict[DaifugoRules, str] = {}


def view_of(s: DaifugoState, budget: float = 0.8) -> BotView:
    p = s.current_player
    code = _CODES.get(s.rules)
    if code is None:
        code = _CODES[s.rules] = s.rules.encode()
    return BotView("daifugo", code, p, s.observation(p), s.legal_actions(), budget)


def quick(level: str, rng: Pcg32) -> Bot:
    bot = levels("daifugo")[level](rng)
    if isinstance(bot, StrongBot):
        bot.playouts = 16  # the same search, a small budget
        bot.endgame_nodes = 300
    return bot


def play_game(preset: str, n: int, levels: list[str], seed: int, games: int = 1) -> DaifugoState:
    s = GAME.new_initial_state(DaifugoRules.preset(preset), n)
    chance = Pcg32(seed, 1)
    k = 0
    while s.current_player != -2 and len(s._e.results) < games:
        if s.is_chance():
            s = s.apply(sample_chance(s, chance))
            continue
        view = view_of(s)
        k += 1
        action = quick(levels[s.current_player % len(levels)], Pcg32(seed, k)).act(view)
        assert action in view.legal, (preset, n, action)
        s = s.apply(action)
    return s


def test_levels_weakest_first() -> None:
    assert list(levels("daifugo")) == ["random", "greedy", "normal", "strong"]


@pytest.mark.parametrize("preset,n", [("basic", 3), ("popular", 8), ("party", 5), ("jdf", 4), ("uecda", 5)])
def test_every_level_plays_legal_moves_through_exchanges(preset: str, n: int) -> None:
    # two games: the second one has the exchange (tribute, return) and classes
    s = play_game(preset, n, ["strong", "normal", "greedy", "random"], seed=n, games=2)
    assert len(s._e.results) >= 2


def test_party_follow_ups_for_every_level() -> None:
    rules = DaifugoRules.preset("party")
    for level in ("greedy", "normal", "strong"):
        # 7-pass, 10-discard and Q-bomber decisions
        for hand, play in (("S7.H9.D4.C5", "S7"), ("ST.H9.D4.C5", "ST"), ("SQ.H9.D4.C5", "SQ")):
            s = DaifugoState.custom(rules, [hand, "H3.H4.D8", "S5.D6.C9"], 0)
            s = s.apply(play)
            assert s.phase in ("seven_pass", "ten_discard", "q_bomber")
            view = view_of(s)
            assert quick(level, Pcg32(1)).act(view) in view.legal


def test_bots_cannot_see_hidden_hands() -> None:
    """Same view, different hidden cards: the same decision."""
    rules = "popular"
    a = DaifugoState.custom(rules, ["S3.S4.S5.H9.D9.CK.C2", "H3.H4.D5.D6.C7", "C3.C4.S6.S7.H8"], 0)
    b = DaifugoState.custom(rules, ["S3.S4.S5.H9.D9.CK.C2", "C3.C4.S6.S7.H8", "H3.H4.D5.D6.C7"], 0)
    va, vb = view_of(a), view_of(b)
    assert va.observation == vb.observation
    for level in ("greedy", "normal", "strong"):
        assert quick(level, Pcg32(9)).act(va) == quick(level, Pcg32(9)).act(vb)


def test_strong_is_deterministic_for_a_view() -> None:
    s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
    rng = Pcg32(2)
    while s.is_chance():
        s = s.apply(sample_chance(s, rng))
    view = view_of(s, budget=30.0)
    first, second = StrongBot(Pcg32(5)), StrongBot(Pcg32(5))
    first.playouts = second.playouts = 60
    assert first.act(view) == second.act(view)


# --- greedy: the UECda standard client ------------------------------------------------------------

class TestGreedy:
    def act(self, s: DaifugoState) -> str:
        return GreedyBot(Pcg32(1)).act(view_of(s))

    def test_leads_the_longest_sequence(self) -> None:
        s = DaifugoState.custom("basic", ["S3.H5.H6.H7.H8.D9.C9", "C4", "D4"], 0)
        assert self.act(s) == "H5.H6.H7.H8"

    def test_leads_the_largest_group_without_a_sequence(self) -> None:
        s = DaifugoState.custom("basic", ["S3.H5.D5.HK.DK.SK", "C4", "D4"], 0)
        assert self.act(s) == "SK.HK.DK"

    def test_leads_the_weakest_single_mirrored_in_revolution(self) -> None:
        s = DaifugoState.custom("basic", ["S3.H6.DK", "C4", "D4"], 0)
        assert self.act(s) == "S3"
        r = DaifugoState.custom("basic", ["S3.H6.DK", "C4", "D4"], 0, revolution=True)
        assert self.act(r) == "DK"

    def test_follows_singles_from_cards_in_no_group_or_sequence(self) -> None:
        s = DaifugoState.custom("basic", ["C4", "S5.H5.D7.C9.CT.CJ.SK", "D4"], 0)
        s = s.apply("C4")
        # 5s are a pair and 9-10-J a sequence: the weakest free card beating 4 is the 7
        assert self.act(s) == "D7"

    def test_joker_only_when_nothing_else_fits(self) -> None:
        s = DaifugoState.custom("basic", ["CA", "S5.H5.JK", "D4"], 0)
        s = s.apply("CA")
        assert self.act(s) == "JK"
        t = DaifugoState.custom("basic", ["C9", "S5.HT.JK", "D4"], 0)
        assert self.act(t.apply("C9")) == "HT"

    def test_passes_when_nothing_fits(self) -> None:
        s = DaifugoState.custom("basic", ["C9", "S5.H5.D6", "D4"], 0)
        assert self.act(s.apply("C9")) == "pass"

    def test_gives_away_the_weakest_cards(self) -> None:
        s = play_game("popular", 4, ["random"], seed=11)
        while s.phase != "return":
            if s.is_chance():
                s = s.apply(sample_chance(s, Pcg32(3)))
            else:
                s = s.apply(GreedyBot(Pcg32(1)).act(view_of(s)))
        hand = s.observation(s.current_player)["hand"]
        count = s.observation(s.current_player)["pending"]["count"]
        assert self.act(s) == "return:" + ".".join(hand[:count])


# --- normal: hand division -------------------------------------------------------------------------

class TestNormal:
    def act(self, s: DaifugoState) -> str:
        return NormalBot(Pcg32(1)).act(view_of(s))

    def test_division_counts_plays(self) -> None:
        cx = compile_rules(DaifugoRules.preset("popular"), 4)
        assert division(parse_cards("S3.S4.S5.H9.D9.CK"), cx) == 3
        assert division(parse_cards("S3.H3.D3.C3"), cx) == 1
        assert division(parse_cards("S3.S5.JK"), cx) == 1  # the joker fills the gap
        assert division(parse_cards("S3.H7.DJ"), cx) == 3

    def test_keeps_the_two_early_and_sheds_a_free_card(self) -> None:
        s = DaifugoState.custom("popular", ["C9", "S4.H6.D7.ST.SQ.HK.C2", "D3.D4.D5.C6"], 0)
        assert self.act(s.apply("C9")) == "ST"

    def test_does_not_break_a_pair_to_follow(self) -> None:
        s = DaifugoState.custom("popular", ["C9", "S4.H6.DT.ST.SQ.HK", "D3.D4.D5.C6"], 0)
        assert self.act(s.apply("C9")) != "DT" and self.act(s.apply("C9")) != "ST"

    def test_plays_the_control_card_before_the_last_one(self) -> None:
        # popular forbids finishing with a 2: lead the 2 first, then go out with the 5
        s = DaifugoState.custom("popular", ["S5.C2", "H3.H4.H6", "D3.D4.D6"], 0)
        assert self.act(s) == "C2"

    def test_revolts_with_a_weak_hand(self) -> None:
        s = DaifugoState.custom("popular", ["S4.H4.D4.C4.S3.H5.D6.C7", "HA.H2.DK", "DA.D2.CK"], 0)
        assert self.act(s) == "S4.H4.D4.C4"

    def test_leads_a_seven_to_pass_its_weakest_card_on(self) -> None:
        # party: a 7 passes a card to the next seat, so the 7 sheds two cards in one play
        s = DaifugoState.custom("party", ["S7.S4.H6.D9.CJ", "H2.D2.S5.S6", "C2.D5.D6.D8"], 0)
        assert self.act(s) == "S7"
        assert self.act(s.apply("S7")) == "give:S4"

    def test_q_bomber_names_its_own_loose_card(self) -> None:
        # every seat discards the named rank: naming 4 empties our only loose card
        s = DaifugoState.custom("party", ["SQ.S4.D9.C9.HK", "H2.D2.S5.S6", "C2.D5.D6.D7"], 0)
        assert self.act(s.apply("SQ")) == "bomb:4"
        assert GreedyBot(Pcg32(1)).act(view_of(s.apply("SQ"))) == "bomb:2"  # the old rule: their best rank


# --- what a seat knows --------------------------------------------------------------------------

def second_game_return(preset: str, n: int, seed: int) -> DaifugoState:
    s = GAME.new_initial_state(DaifugoRules.preset(preset), n)
    rng = Pcg32(seed)
    while s.phase != "return":
        if s.is_chance():
            s = s.apply(sample_chance(s, rng))
        else:
            s = s.apply(GreedyBot(Pcg32(1)).act(view_of(s)))
    return s


def test_worlds_put_returned_cards_in_the_receivers_hand() -> None:
    s = second_game_return("popular", 4, 21)
    tycoon = s.current_player
    beggar = s.observation(tycoon)["pending"]["to"]
    given = parse_cards(s.legal_actions()[0][len("return:"):])
    s = s.apply(s.legal_actions()[0])
    while s.phase == "return":
        s = s.apply(s.legal_actions()[0])
    # the tycoon's view once play has started: every guessed world has the returned cards with
    # the beggar
    view = BotView("daifugo", s.rules.encode(), tycoon, s.observation(tycoon), (), 0.8)
    k = Knowledge(view)
    assert {c for c, p in k.located.items() if p == beggar} == set(i for i in range(52) if given >> i & 1)
    for i in range(5):
        w = k.world(Pcg32(i))
        assert w.hands[beggar] & given == given
        assert [h.bit_count() for h in w.hands] == k.counts
        assert w.hands[tycoon] == k.hand


def test_tribute_tells_the_tycoon_what_the_beggar_lacks() -> None:
    s = second_game_return("popular", 4, 5)
    tycoon = s.current_player
    beggar = s.observation(tycoon)["pending"]["to"]
    k = Knowledge(view_of(s))
    received = [e for e in s.observation(tycoon)["history"] if e[0] == "tribute" and isinstance(e[3], str)]
    assert received
    for i in range(5):
        w = k.world(Pcg32(i))
        assert not w.hands[beggar] & k.forbidden[beggar]
    assert k.forbidden[beggar]


def test_a_guessed_world_plays_on_to_the_end() -> None:
    s = GAME.new_initial_state(DaifugoRules.preset("party"), 5)
    rng = Pcg32(8)
    steps = 0
    while True:
        if s.is_chance():
            s = s.apply(sample_chance(s, rng))
            continue
        if steps == 12:
            break
        s = s.apply(GreedyBot(Pcg32(1)).act(view_of(s)))
        steps += 1
    k = Knowledge(view_of(s))
    e = k.world(Pcg32(1))
    assert e.legal() == s._e.legal() or s.phase != "play"
    playout(e, Pcg32(3))
    assert sorted(e.results[-1]) == list(range(5))
    assert 0 <= place_of(e, k.me) < 5


def test_observation_table_is_json_and_public() -> None:
    s = second_game_return("jdf", 4, 3)  # simultaneous exchange: cards still face down
    for seat in range(4):
        text = json.dumps(s.observation(seat)["table"])
        assert "deferred" not in text or '["deferred"]' in text


# --- exact endgame --------------------------------------------------------------------------------

def test_endgame_solver_finds_the_only_winning_order() -> None:
    s = DaifugoState.custom("basic", ["S4.S5.C2", "H6.H7", ""], 0)
    e = s.engine
    move = _Solver(0, 100000).best(e)
    assert move in ("S4", "S5")  # leading the 2 first loses the race


# --- arena and UECda client --------------------------------------------------------------------------

def test_arena_reports_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["--preset", "popular", "--players", "3", "--seats", "normal,greedy,random",
                       "--games", "3", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 normal" in out and "seat 3 random" in out and "95% CI" in out and "n=3" in out
    assert arena_main(["--preset", "popular", "--players", "3", "--seats", "normal,greedy", "--games", "3"]) == 2
    assert arena_main(["--preset", "popular", "--players", "3", "--seats", "x,y,z", "--games", "3",
                       "--quiet"]) == 2


@pytest.mark.cpython_only
@pytest.mark.parametrize("level", ["greedy", "normal", "strong"])
def test_uecda_client_plays_at_every_level(level: str) -> None:
    sys.path.insert(0, os.path.dirname(__file__))
    from uecda_fake_server import FakeUecdaServer

    from pyengine.ai.daifugo.uecda import Client, Connection, make_bot

    server = FakeUecdaServer(games=3, real=1, seed=7).start()
    bot = make_bot(level, 3)
    if isinstance(bot, StrongBot):
        bot.playouts = 16
        bot.endgame_nodes = 300
    err = io.StringIO()
    code = Client(Connection.open("127.0.0.1", server.port), bot, "ai", True, err).run()
    server.join()
    assert code == 0, err.getvalue()
    assert server.error is None


@pytest.mark.parametrize("preset", ["party", "popular"])
def test_playout_moves_are_legal_in_every_phase(preset: str) -> None:
    # the playout policy builds follow-up answers (7-pass, 10-discard, Q-bomber) directly
    # instead of picking from the engine's list: each one must still be in that list
    seen: set[str] = set()
    for seed in range(12):
        e = GAME.new_initial_state(DaifugoRules.preset(preset), 4)._e.copy()
        rng = Pcg32(seed)
        while not e.results:
            if e.phase in CHANCE_PHASES:
                resolve_chance(e, rng)
                continue
            m = light_move(e, rng)
            assert m in e.legal(), (e.phase, m)
            seen.add(PHASE_NAMES[e.phase])
            e.step(m)
    if preset == "party":
        assert {"seven_pass", "ten_discard", "q_bomber"} <= seen
