"""The Daifugō AI levels: legality everywhere, no peeking, the standard-client strategy, the
hand-division heuristics, the guessed worlds, the exact endgame, the arena and the UECda client."""

from __future__ import annotations

import io
import json
import os
import sys
from itertools import pairwise

import pytest
from bot_decisions import SLACK, clock_speed

from pyengine.ai.bot import Bot, BotView
from pyengine.ai.daifugo.arena import main as arena_main
from pyengine.ai.daifugo.bots import GreedyBot, NormalBot, StrongBot
from pyengine.ai.daifugo.division import division
from pyengine.ai.daifugo.endgame import EndgameSolver
from pyengine.ai.daifugo.knowledge import Knowledge
from pyengine.ai.daifugo.places import place_of, place_values
from pyengine.ai.daifugo.playout import (
    BREAK_GROUP,
    HOLD_STRONG,
    POLICIES,
    kit_move,
    light_move,
    playout,
    resolve_chance,
    smart_move,
)
from pyengine.ai.daifugo.standard_client import kit_agrees, kit_follow, lock_suits
from pyengine.ai.daifugo.worlds import KIT_MATCH, KIT_MISS, Worlds
from pyengine.ai.levels import levels
from pyengine.core import sample_chance
from pyengine.core.rng import Pcg32
from pyengine.daifugo import GAME, DaifugoRules, DaifugoState
from pyengine.daifugo.cards import GROUP, J1, JOKER_BITS, PASS, SINGLE, parse_cards, parse_play
from pyengine.daifugo.ctx import compile_rules
from pyengine.daifugo.engine import CHANCE_PHASES, PHASE_NAMES, Engine
from pyengine.daifugo.notation import format_action

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
    assert list(levels("daifugo")) == ["random", "greedy", "normal", "strong", "master"]


@pytest.mark.parametrize("preset,n", [("basic", 3), ("popular", 8), ("party", 5), ("jdf", 4), ("uecda", 5)])
def test_every_level_plays_legal_moves_through_exchanges(preset: str, n: int) -> None:
    # two games: the second one has the exchange (tribute, return) and classes
    s = play_game(preset, n, ["master", "strong", "normal", "greedy", "random"], seed=n, games=2)
    assert len(s._e.results) >= 2


def test_master_plays_as_the_uecda_client_by_default() -> None:
    """The page's top level is the tournament client's search (halving, its playout count, the
    standard client's playouts, no model of that client unless ``--kit`` asks for one): the same
    decisions as ``for_uecda(strong)`` (with the clocks slowed, ``bot_decisions.SLACK``: a safety net that trips on a loaded machine
    in one search and not the other would part them)."""
    with clock_speed(SLACK):
        _master_as_the_client()


def _master_as_the_client() -> None:
    from pyengine.ai.daifugo.uecda import for_uecda

    found = 0
    for preset, n in (("popular", 4), ("uecda", 5)):
        s = GAME.new_initial_state(DaifugoRules.preset(preset), n)
        chance = Pcg32(31, 7)
        k = 0
        while found < 3 * (1 + (preset == "uecda")):
            if s.is_chance():
                s = s.apply(sample_chance(s, chance))
                continue
            view = view_of(s)
            k += 1
            if len(view.legal) > 2 and k % 5 == 0:
                master = levels("daifugo")["master"](Pcg32(k, 3))
                client = for_uecda(StrongBot(Pcg32(k, 3)))
                assert [c.action for c in master.analyse(view)] == [c.action for c in client.analyse(view)]
                found += 1
            s = s.apply(GreedyBot(Pcg32(k)).act(view))


def test_master_and_the_uecda_client_play_their_playouts_as_the_standard_client() -> None:
    """The page's master plays every seat of its playouts as the standard client under every
    rule set (ahead of the smarter policy at a page's tables, README), and so does the UECda
    client (ahead of FujiGokoro so, README); the strong level's are light."""
    from pyengine.ai.daifugo.uecda import for_uecda

    for level, want in (("master", "kit"), ("strong", "light")):
        bot = levels("daifugo")[level](Pcg32(1))
        assert isinstance(bot, StrongBot) and bot.policy == want and bot.policy in POLICIES
        assert for_uecda(bot).policy == "kit"


def test_party_follow_ups_for_every_level() -> None:
    rules = DaifugoRules.preset("party")
    for level in ("greedy", "normal", "strong", "master"):
        # 7-pass, 10-discard and Q-bomber decisions
        for hand, play in (("S7.H9.D4.C5", "S7"), ("ST.H9.D4.C5", "ST"), ("SQ.H9.D4.C5", "SQ")):
            s = DaifugoState.custom(rules, [hand, "H3.H4.D8", "S5.D6.C9"], 0)
            s = s.apply(play)
            assert s.phase in ("seven_pass", "ten_discard", "q_bomber")
            view = view_of(s)
            assert quick(level, Pcg32(1)).act(view) in view.legal


def test_master_searches_the_ranks_a_q_bomb_names_where_strong_takes_the_rule() -> None:
    rules = DaifugoRules.preset("party")
    # the bomber keeps a pair of 9s after its Q: naming the 9s empties its hand, and it is out first
    s = DaifugoState.custom(rules, ["SQ.H9.D9", "H3.H4.D8.SK", "S5.D6.C9.H2"], 0).apply("SQ")
    assert s.phase == "q_bomber"
    view = view_of(s)
    strong = StrongBot(Pcg32(4)).analyse(view)
    assert all(c.playouts == 0 for c in strong)  # the normal level's rule, no playouts
    master = levels("daifugo")["master"](Pcg32(4))
    assert isinstance(master, StrongBot)
    master.playouts = 160
    ranked = master.analyse(view)
    singles = {a for a in view.legal if "." not in a}  # one rank each, and "bomb:-"
    assert "bomb:-" in singles and {c.action for c in ranked} >= singles
    assert all(c.playouts > 0 for c in ranked)
    assert ranked[0].action == "bomb:9" and ranked[0].place == 1.0


def test_bots_cannot_see_hidden_hands() -> None:
    """Same view, different hidden cards: the same decision."""
    rules = "popular"
    a = DaifugoState.custom(rules, ["S3.S4.S5.H9.D9.CK.C2", "H3.H4.D5.D6.C7", "C3.C4.S6.S7.H8"], 0)
    b = DaifugoState.custom(rules, ["S3.S4.S5.H9.D9.CK.C2", "C3.C4.S6.S7.H8", "H3.H4.D5.D6.C7"], 0)
    va, vb = view_of(a), view_of(b)
    assert va.observation == vb.observation
    for level in ("greedy", "normal", "strong", "master"):
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

    def test_sheds_its_weakest_card_under_an_11_back_not_its_strongest(self) -> None:
        # popular: a J reverses the order until the trick clears; what is kept must be strong in
        # the order that comes back (the 3 is still the weakest card, the 10 a good one)
        s = DaifugoState.custom("popular", ["HJ", "S3.DT.CK.SA", "D4.D5.D6.C7"], 0).apply("HJ")
        assert s.observation(1)["inverted"] and not s.observation(1)["revolution"]
        assert self.act(s) == "S3"

    def test_knows_that_three_9s_revolt_under_coup_detat(self) -> None:
        weak = ["S9.H9.D9.S3.H3.D4.C4.S5", "HA.H2.DK", "DA.D2.CK"]
        coup = DaifugoRules.preset("basic").with_option("order.coup_detat", True)
        assert self.act(DaifugoState.custom(coup, weak, 0)) == "S9.H9.D9"
        assert self.act(DaifugoState.custom("basic", weak, 0)) != "S9.H9.D9"

    def test_a_rule_on_a_rank_does_not_make_it_a_lead(self) -> None:
        # K-skip: the K skips the next player, but leading a lone K from 3 5 7 9 K wastes it
        hands = ["S3.HK.D7.C9.H5", "HA.H2.DQ.D4", "DA.D2.CQ.C4"]
        k_skip = DaifugoRules.preset("basic").with_option("effects.king", "skip_one")
        assert self.act(DaifugoState.custom(k_skip, hands, 0)) == "S3"

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
    assert {c for c, p in k.located.items() if p == beggar} == {i for i in range(52) if given >> i & 1}
    for i in range(5):
        w = Worlds(k).world(Pcg32(i))
        assert w.hands[beggar] & given == given
        assert [h.bit_count() for h in w.hands] == k.counts
        assert w.hands[tycoon] == k.hand


def test_guessed_deals_share_the_unseen_cards_in_proportion_to_the_hands() -> None:
    # the first game of a uecda match, a few plays in: nobody is known to lack a card, so every
    # unseen card lies with each opponent in proportion to the cards that opponent holds
    s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
    chance = Pcg32(8, 1)
    plays = 0
    while plays < 8:
        if s.is_chance():
            s = s.apply(sample_chance(s, chance))
            continue
        s = s.apply(max(s.legal_actions(), key=len))  # the most cards at once
        plays += 1
    k = Knowledge(view_of(s))
    me = k.me
    assert not any(k.forbidden[p] for p in range(5) if p != me) and k.hidden_out == 0
    others = [p for p in range(5) if p != me]
    held = sum(k.counts[p] for p in others)
    assert held == k.unseen.bit_count() > 30
    assert max(k.counts[p] for p in others) >= 2 * min(k.counts[p] for p in others)  # unequal hands
    draws = 3000
    seen = {(c, p): 0 for c in range(54) if k.unseen >> c & 1 for p in others}
    rng = Pcg32(3)
    worlds = Worlds(k)
    for _ in range(draws):
        hands = worlds.deal_hidden(rng)
        assert hands[me] == k.hand
        assert [hands[p].bit_count() for p in others] == [k.counts[p] for p in others]
        union = 0
        for p in others:
            assert not union & hands[p]
            union |= hands[p]
            for c in range(54):
                if hands[p] >> c & 1:
                    seen[c, p] += 1
        assert union == k.unseen
    worst = max(abs(n / draws - k.counts[p] / held) for (c, p), n in seen.items())
    assert worst < 0.045, worst  # about 5 standard errors of 3,000 draws


def test_tribute_tells_the_tycoon_what_the_beggar_lacks() -> None:
    s = second_game_return("popular", 4, 5)
    tycoon = s.current_player
    beggar = s.observation(tycoon)["pending"]["to"]
    k = Knowledge(view_of(s))
    received = [e for e in s.observation(tycoon)["history"] if e[0] == "tribute" and isinstance(e[3], str)]
    assert received
    for i in range(5):
        w = Worlds(k).world(Pcg32(i))
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
    e = Worlds(k).world(Pcg32(1))
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
    move = EndgameSolver(0, 100000).best(e)
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


def test_arena_plays_any_rules_a_link_can_carry(capsys: pytest.CaptureFixture[str]) -> None:
    from pyengine.ai.daifugo.arena import run

    # popular scored as the JDF scores (6/4/2/0): every game gives those points, not popular's 4/3/2/1
    result = run("2.popular~match.scoring=jdf~match.set_games=4~match.games=12", 4,
                 ["normal", "greedy", "random", "random"], games=3, seed=2)
    points = result["points"]
    assert isinstance(points, list)
    assert [sorted(game) for game in zip(*points, strict=True)] == [[0, 2, 4, 6]] * 3
    assert arena_main(["--preset", "2.popular~no.such=1", "--games", "2", "--quiet"]) == 2
    assert "unknown rule option 'no.such'" in capsys.readouterr().err


def test_arena_shares_each_deal_among_a_block_of_rotated_matches(capsys: pytest.CaptureFixture[str]) -> None:
    from pyengine.ai.daifugo.arena import run

    seats = ["greedy", "random", "random"]
    shared = run("popular", 3, seats, games=2, seed=5, duplicate=True)
    deals, points, blocks = shared["deals"], shared["points"], shared["blocks"]
    assert isinstance(deals, list) and isinstance(points, list) and isinstance(blocks, list)
    # two games asked for: one whole block of three matches of popular's five games, one deal
    assert len(deals) == 3 and deals[0] == deals[1] == deals[2]
    assert len(blocks) == len(points[0]) == 15 and set(blocks) == {0}
    # without --duplicate every match is dealt afresh, and the games stop at the number asked for
    alone = run("popular", 3, seats, games=7, seed=5)
    assert isinstance(alone["deals"], list) and isinstance(alone["points"], list)
    assert len(alone["deals"]) == 2 and alone["deals"][0] != alone["deals"][1]
    assert alone["deals"][0] == deals[0]  # a block's deal is the match's deal: block 0 is match 0
    assert len(alone["points"][0]) == 7
    assert arena_main(["--preset", "popular", "--players", "3", "--seats", ",".join(seats), "--games", "16",
                       "--seed", "5", "--duplicate", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "30 games" in out and "n counts blocks" in out and "n=2)" in out


@pytest.mark.cpython_only
@pytest.mark.parametrize("level", ["greedy", "normal", "strong"])
def test_uecda_client_plays_at_every_level(level: str) -> None:
    sys.path.insert(0, os.path.dirname(__file__))
    from uecda_fake_server import FakeUecdaServer

    from pyengine.ai.daifugo.uecda import make_bot
    from pyengine.ai.daifugo.uecda_client import Client
    from pyengine.ai.daifugo.uecda_wire import Connection

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
            m = (light_move, smart_move)[seed % 2](e, rng)
            assert m in e.legal(), (e.phase, m)
            seen.add(PHASE_NAMES[e.phase])
            e.step(m)
    if preset == "party":
        assert {"seven_pass", "ten_discard", "q_bomber"} <= seen


class TestSmartMove:
    """``smart_move``: the standard client's answer, a strong one kept back and a group broken
    only now and then (the chances in ``HOLD_STRONG`` and ``BREAK_GROUP``)."""

    def answers(self, hands: list[str], field: str, tries: int = 2000) -> dict[str, int]:
        e = _engine("uecda", hands)
        e.step(parse_play(field))
        rng = Pcg32(9)
        seen: dict[str, int] = {}
        for _ in range(tries):
            a = format_action(smart_move(e, rng))
            seen[a] = seen.get(a, 0) + 1
        return seen

    def test_answers_with_a_free_card_never_from_a_pair_or_a_sequence(self) -> None:
        assert self.answers(["C4", "S5.H5.D7.C9.CT.CJ.SK", "D4", "D3", "C3"], "C4") == {"D7": 2000}

    def test_keeps_a_strong_answer_back_at_the_holding_chance(self) -> None:
        seen = self.answers(["C4", "S5.H5.D2", "D4", "D3", "C3"], "C4")
        assert set(seen) == {"D2", "pass"}
        assert abs(seen["pass"] / 2000 - HOLD_STRONG) < 0.04

    def test_breaks_a_group_only_at_the_breaking_chance(self) -> None:
        # only the pair of 5s beats the 4: light_move's choice is one of them, or it passes
        seen = self.answers(["C4", "S5.H5.S3", "D4", "D3", "C3"], "C4")
        assert set(seen) <= {"S5", "H5", "pass"}
        broke = (seen.get("S5", 0) + seen.get("H5", 0)) / 2000
        assert 0 < broke <= BREAK_GROUP + 0.03

    def test_goes_out_whenever_it_can(self) -> None:
        assert self.answers(["C4", "D2", "D4", "D3", "C3"], "C4", 200) == {"D2": 200}


# --- the standard client as a model (playouts, guessed worlds) ---------------------------------------

def _engine(preset: str, hands: list[str], turn: int = 0) -> Engine:
    return DaifugoState.custom(preset, hands, turn)._e.copy()


class TestKitModel:
    """``kit_move`` is the standard client's choice on the engine's own plays (the greedy level)."""

    def move(self, e: Engine) -> str:
        return format_action(kit_move(e, Pcg32(1)))

    def test_leads_like_the_greedy_level(self) -> None:
        for hands, want in ((["S3.H5.H6.H7.H8.D9.C9", "C4", "D4"], "H5.H6.H7.H8"),
                            (["S3.H5.D5.HK.DK.SK", "C4", "D4"], "SK.HK.DK"),
                            (["S3.H6.DK", "C4", "D4"], "S3")):
            assert self.move(_engine("basic", hands)) == want

    def test_follows_with_the_weakest_free_single_else_the_joker_else_passes(self) -> None:
        e = _engine("basic", ["C4", "S5.H5.D7.C9.CT.CJ.SK", "D4"])
        e.step(parse_play("C4"))
        assert self.move(e) == "D7"  # 5s are a pair, 9-10-J a sequence
        e = _engine("basic", ["CA", "S5.H5.JK", "D4"])
        e.step(parse_play("CA"))
        assert self.move(e) == "JK"
        e = _engine("basic", ["C9", "S5.H5.D6", "D4"])
        e.step(parse_play("C9"))
        assert self.move(e) == "pass"

    def test_groups_count_only_the_suits_a_lock_allows(self) -> None:
        # ♠♥ locked: the client holds ♠K ♥K ♦K, but only two of them may follow, so it plays them
        e = _engine("uecda", ["S9.H9", "ST.HT", "SK.HK.DK.C3", "C4", "D4"])
        e.step(parse_play("S9.H9"))
        e.step(parse_play("ST.HT"))
        assert e.lock == 0b0011 and e.turn == 2
        assert self.move(e) == "SK.HK"

    def test_agrees_with_the_greedy_level_through_whole_games(self) -> None:
        rules = DaifugoRules.preset("popular")
        code = rules.encode()
        same = total = 0
        for seed in range(3):
            s = GAME.new_initial_state(rules, 4)
            rng = Pcg32(seed)
            while s.current_player != -2 and not s._e.results:
                if s.is_chance():
                    s = s.apply(sample_chance(s, rng))
                    continue
                p = s.current_player
                action = GreedyBot(Pcg32(1)).act(BotView("daifugo", code, p, s.observation(p), s.legal_actions()))
                if s.phase == "play" and not s._e.lock:
                    total += 1
                    mine = kit_move(s._e.copy(), Pcg32(1))
                    theirs = parse_play(action) if action != "pass" else PASS
                    # jokers may stand in for other suits: compare the cards and the form
                    same += (mine[0], mine[3], mine[4]) == (theirs[0], theirs[3], theirs[4])
                s = s.apply(action)
        assert total > 50 and same == total

    def test_fast_agreement_test_matches_kit_follow(self) -> None:
        cx = compile_rules(DaifugoRules.preset("uecda"), 5)
        rng = Pcg32(4)
        checked = 0
        for _ in range(400):
            deck = list(range(53))
            rng.shuffle(deck)
            held = sum(1 << i if i < 52 else J1 for i in deck[: 1 + rng.below(11)])
            other = sum(1 << i for i in deck[20:38] if i < 52)
            e = Engine.custom(cx, [other, held, 0, 0, 0], 0)
            e.revolution = bool(rng.below(2))
            fields = [m for m in e.legal_plays() if m[0] in (SINGLE, GROUP)]
            f = fields[rng.below(len(fields))]
            e.step(f)
            if e.turn != 1:
                continue
            lockable = lock_suits(e)
            kit = kit_follow(e.legal_plays(), held, f, e.revolution, cx, lockable)
            for played in [None, *e.legal_plays()]:
                if kit is None or played is None:
                    want = kit is played
                else:
                    want = (kit[0], kit[2], kit[3], kit[4]) == (played[0], played[2], played[3], played[4])
                assert kit_agrees(held, f, e.revolution, lockable, played, cx) == want
                checked += 1
        assert checked > 500


def _passed_on_a_single() -> DaifugoState:
    """uecda: player 1 (a standard client) passes on ♠9 although the joker is still unseen."""
    rules = DaifugoRules.preset("uecda")
    s = DaifugoState.custom(rules, ["S9.C3.D4.H6.S7", "H3.H4.S5.D8.D2", "C5.C6.CJ.HQ.D9", "D5.HA.JK", "S6.C9"], 0)
    s = s.apply("S9")
    s = s.apply("pass")  # player 1 holds no free single above 9 and no joker
    return s


def test_kit_products_read_a_pass_as_the_standard_client() -> None:
    s = _passed_on_a_single()
    p = s.current_player
    k = Knowledge(view_of(s))
    assert k.kit_acts[1] and k.kit_acts[1][0][4] is None
    worlds = Worlds(k)
    hands = [0] * 5
    hands[1] = parse_cards("H3.H4.S5.D8.D2")  # the 2 is a free single above 9: not the client's pass
    assert worlds.kit_products(hands)[1] == KIT_MISS
    hands[1] = parse_cards("H3.H4.S5.D5.H8")  # nothing above 9: the client's pass
    assert worlds.kit_products(hands)[1] == KIT_MATCH
    assert worlds.kit_products(hands)[p] == 1.0


def test_worlds_weighted_by_the_standard_client_keep_its_passes_honest() -> None:
    s = _passed_on_a_single()
    k = Knowledge(view_of(s))
    worlds = Worlds(k)
    plain = worlds.sample_hands(Pcg32(2), 400, 0.0)
    kit = worlds.sample_hands(Pcg32(2), 400, 0.9)

    def joker_with_1(worlds: list[tuple[list[int], int]]) -> float:
        return sum(1 for h, _ in worlds if h[1] & JOKER_BITS) / len(worlds)

    # the joker is one of 43 unseen cards (the custom deal leaves 33 out of play), 5 with player 1
    assert joker_with_1(plain) > 0.05
    assert joker_with_1(kit) < 0.5 * joker_with_1(plain)
    assert all(mask == 0 for _, mask in plain)
    assert {mask >> k.me & 1 for _, mask in kit} == {0}  # only opponents are modelled
    assert any(mask >> 1 & 1 for _, mask in kit)


def test_place_values_add_the_worth_of_a_class_before_the_sets_last_game() -> None:
    s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
    rng = Pcg32(1)
    while s.is_chance():
        s = s.apply(sample_chance(s, rng))
    k = Knowledge(view_of(s))
    pts = [5.0, 4.0, 3.0, 2.0, 1.0]
    worth = place_values(k, pts, 1.0)
    gaps = [a - b for a, b in pairwise(worth)]
    assert all(g > 1.0 for g in gaps)  # every place is worth more than its point
    assert place_values(k, pts, 0.0) == pts
    k.game_no = 100  # the last game before the classes reset
    assert place_values(k, pts, 1.0) == pts
    popular = Knowledge(view_of(_first_decision("popular", 4)))
    assert place_values(popular, [4.0, 3.0, 2.0, 1.0], 1.0) == [4.0, 3.0, 2.0, 1.0]


def _first_decision(preset: str, n: int) -> DaifugoState:
    s = GAME.new_initial_state(DaifugoRules.preset(preset), n)
    rng = Pcg32(3)
    while s.is_chance():
        s = s.apply(sample_chance(s, rng))
    return s


# --- the strong level's analysis (for hints) -----------------------------------------------------

def test_analyse_ranks_every_candidate_with_its_figures() -> None:
    s = _first_decision("uecda", 5)
    view = view_of(s)
    bot = quick("strong", Pcg32(5))
    ranked = bot.analyse(view)
    assert ranked[0].action == quick("strong", Pcg32(5)).act(view)
    assert len({c.action for c in ranked}) == len(ranked) > 1
    assert all(c.action in view.legal for c in ranked)
    searched = [c for c in ranked if c.playouts]
    assert searched and searched[0] is ranked[0]
    for c in searched:
        assert c.points is not None and 1.0 <= c.points <= 5.0
        assert c.place is not None and 1.0 <= c.place <= 5.0
        assert c.value is not None and c.value >= c.points
    means = [c.value + (bot.prior if i == 0 else 0.0) for i, c in enumerate(searched)]
    assert means[0] >= max(means[1:], default=-1.0) - bot.prior


def test_analyse_gives_one_choice_when_only_one_action_is_legal() -> None:
    s = DaifugoState.custom("basic", ["C9", "S5.H5.D6", "D4"], 0).apply("C9")
    assert s.legal_actions() == ("pass",)
    assert [c.action for c in quick("strong", Pcg32(1)).analyse(view_of(s))] == ["pass"]


def _minimax(e: Engine, me: int, seen: dict[object, float]) -> float:
    """``me``'s final place with best play by both (plain minimax with a table)."""
    if e.results:
        return float(place_of(e, me))
    key = e.key()
    if key not in seen:
        values = []
        for m in e.legal():
            c = e.copy()
            c.step(m)
            values.append(_minimax(c, me, seen))
        seen[key] = min(values) if e.turn == me else max(values)
    return seen[key]


def test_endgame_solver_agrees_with_full_minimax() -> None:
    positions = (["S4.S5.C2.DK", "H6.H7.CJ", ""], ["S3.S4.DT.HA", "H6.H8.C2", ""],
                 ["C3.D3.HK.C2", "H4.D4.SA", ""])
    for hands in positions:
        e = DaifugoState.custom("basic", hands, 0).engine
        seen: dict[object, float] = {}
        values = {}
        for m in e.legal():
            c = e.copy()
            c.step(m)
            values[format_action(m)] = _minimax(c, 0, seen)
        best = EndgameSolver(0, 100000).best(e)
        assert best is not None
        assert values[best] == min(values.values())


# --- the UECda client tells the bot what it saw of the exchange ----------------------------------------

def test_uecda_client_keeps_the_exchange_for_the_bot() -> None:
    from pyengine.ai.daifugo.uecda_client import Client

    client = Client.__new__(Client)
    client.me = 0
    client.classes = [4, 2, 0, 1, 3]  # we are the 大貧民; player 2 is the 大富豪
    client.deal_hand = parse_cards("S3.H4.D5.C7.S9.HJ.DQ.SA.S2.JK")
    hand = parse_cards("S3.H4.D4.C4.D5.C7.S9.HJ.DQ.SA")  # gave the 2 and the joker, got two 4s
    events = client._exchange_events(hand)
    assert [ev for _, ev in events] == [("tribute", 0, 2, "S2.JK"), ("return", 2, 0, "D4.C4")]
    assert {vis for vis, _ in events} == {1}
    client.classes = [0, 2, 4, 1, 3]  # now we are the 大富豪 and gave C4.D4 to player 2
    client.returned = parse_cards("D4.C4")
    assert [ev for _, ev in client._exchange_events(hand)] == [("return", 0, 2, "D4.C4")]
