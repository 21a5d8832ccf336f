"""Chabashi bots: legality in every phase, the calling station's contract, determinism, crafted
betting decisions, the sampler's fairness, the fast 3-card evaluation and the arena."""

from __future__ import annotations

from collections import Counter

import pytest

from pyengine.ai.bot import BotView, RandomBot
from pyengine.ai.chabashi.arena import format_result, main, run_arena
from pyengine.ai.chabashi.bots import CallingBot, NormalBot, StrongBot, Table, _distinct
from pyengine.ai.levels import levels
from pyengine.chabashi.cards import CODES, card, cards
from pyengine.chabashi.game import GAME
from pyengine.chabashi.hands import BALANCED_ORDER, SEED_ORDER, Evaluator
from pyengine.chabashi.rules import ChabashiRules
from pyengine.chabashi.state import ChabashiState
from pyengine.core import Pcg32, sample_chance

LEVELS = ("random", "calling", "normal", "strong")


def view(s: ChabashiState, budget: float = 0.4) -> BotView:
    p = s.current_player
    return BotView("chabashi", s.rules.encode(), p, s.observation(p), s.legal_actions(), budget)


def crafted(deal: str, actions: str, rules: str = "1.seed") -> ChabashiState:
    s = GAME.new_initial_state(ChabashiRules.decode(rules), 2)
    for a in deal.split() + actions.split():
        s = s.apply(a)
    return s


# Two players, seat 1 acts first.  Deal order: centre up, centre down, floor up (1, 0),
# floor down (1, 0), hands (1, 0, 1, 0).  Seat 1 checks round 1, both pass step 8, seat 1 bets
# round 2: seat 0 faces 4 chips with 6 in the pot.
FACING = "draw:0 draw:0 check check pass pass bet"
MONSTER = "R1 R2 B1 Y3 B5 R7 Y1 Y8 Y2 B4"  # seat 0: Y8 B4 in the hand (혼선야행's rank)
HOPELESS = "R1 R2 B1 G5 B5 R8 Y1 G1 Y2 G3"  # seat 0: G1 G3 | G5 and an unseen card


def test_levels_are_offered_weakest_first() -> None:
    bots = levels("chabashi")
    assert tuple(bots) == LEVELS
    assert bots["random"] is RandomBot and bots["calling"] is CallingBot
    assert bots["normal"] is NormalBot and bots["strong"] is StrongBot


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 5])
def test_every_level_plays_legal_actions_through_whole_hands(n: int) -> None:
    rules = ChabashiRules().with_option("hand_limit", 2)
    seen: Counter[tuple[str, str]] = Counter()
    for first in range(len(LEVELS)):
        s = GAME.new_initial_state(rules, n)
        chance, minds = Pcg32(n, first), Pcg32(n, 100 + first)
        k = 0
        while not s.is_terminal():
            if s.is_chance():
                s = s.apply(sample_chance(s, chance))
                continue
            level = LEVELS[(s.current_player + first) % len(LEVELS)]
            k += 1
            v = view(s)
            action = levels("chabashi")[level](minds.derive(k)).act(v)  # a fresh bot per decision
            assert action in v.legal
            seen[level, s.phase] += 1
            s = s.apply(action)
        assert sum(s.chips) == n * rules.stakes.bankroll
    for level in LEVELS:
        for phase in ("draw", "bet", "interact"):
            assert seen[level, phase] > 0


def test_the_calling_station_never_folds_bets_or_raises() -> None:
    rules = ChabashiRules().with_option("hand_limit", 6)
    s = GAME.new_initial_state(rules, 3)
    chance, minds = Pcg32(11), Pcg32(12)
    calling_bets: Counter[str] = Counter()
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply(sample_chance(s, chance))
            continue
        p = s.current_player
        v = view(s)
        bot = CallingBot(minds) if p == 0 else RandomBot(minds)
        a = bot.act(v)
        if p == 0 and s.phase == "bet":
            calling_bets[a] += 1
            assert a == ("check" if "check" in v.legal else "call")
        s = s.apply(a)
    assert calling_bets["call"] > 0 and calling_bets["check"] > 0


def test_bots_are_deterministic_given_the_view_and_the_generator() -> None:
    s = crafted(MONSTER, "draw:2 R5 R6 decline")  # seat 0 draws next
    v = view(s)
    for cls in (NormalBot, StrongBot):
        picks = {cls(Pcg32(seed)).act(v) for seed in range(3)}
        again = {cls(Pcg32(seed)).act(v) for seed in range(3)}
        assert picks == again
        assert all(p in v.legal for p in picks)


def test_strong_and_normal_never_pass_up_free_floor_cards() -> None:
    # Two more floor cards never weaken a hand (the old pair stays available), so draw:0 is never best.
    for deal in (MONSTER, HOPELESS):
        s = crafted(deal, "draw:2 R5 R6 decline")
        assert s.current_player == 0 and s.phase == "draw"
        for cls in (NormalBot, StrongBot):
            assert cls(Pcg32(1)).act(view(s)) != "draw:0"


def test_strong_raises_a_monster_and_folds_a_hopeless_hand_to_a_bet() -> None:
    big = crafted(MONSTER, FACING)
    small = crafted(HOPELESS, FACING)
    assert big.current_player == small.current_player == 0
    assert big.legal_actions() == ("call", "fold", "raise")
    monster = Counter(StrongBot(Pcg32(seed)).act(view(big)) for seed in range(12))
    hopeless = Counter(StrongBot(Pcg32(seed)).act(view(small)) for seed in range(12))
    assert monster["fold"] == 0 and monster["raise"] >= 6
    assert hopeless == Counter({"fold": 12})
    assert NormalBot(Pcg32(1)).act(view(big)) == "raise"
    assert NormalBot(Pcg32(1)).act(view(small)) == "fold"


def test_strong_mixes_its_betting_with_the_same_cards() -> None:
    s = crafted(MONSTER, "draw:0 draw:0 check check pass pass check")  # seat 0 may bet round 2
    acts = Counter(StrongBot(Pcg32(seed)).act(view(s)) for seed in range(40))
    assert set(acts) == {"bet", "check"}  # value bets, sometimes slow-played
    assert acts["bet"] > acts["check"]


def test_the_sampler_fills_only_unseen_cards() -> None:
    s = GAME.new_initial_state(num_players=4)
    rng = Pcg32(8)
    while s.is_chance():
        s = s.apply(sample_chance(s, rng))
    obs = s.observation(s.current_player)
    t = Table(obs, s.rules)
    known = {c for c in range(36) if CODES[c] not in s.hidden_tokens(s.current_player)}
    assert set(t.pool) == set(range(36)) - known
    for _ in range(50):
        floor, opps, centre, extra = t.sample(rng, extra=2)
        every = t.hand + floor + [c for h, f in opps for c in h + f] + centre + extra + t.dfloor
        assert len(every) == len(set(every))  # no card twice
        filled = [c for c in floor + centre + extra if c not in known]
        assert set(filled) <= set(t.pool)
        assert floor[0] == card(obs["floors"][t.seat][0]["card"])  # known cards stay put


def test_equivalent_options_are_valued_once() -> None:
    floor = [card("R5"), None, None]
    centre = [card("B2"), None, None]
    legal = ["pass", "swap:Y1:f1", "swap:Y1:f2", "swap:Y1:f3", "centre:c1", "centre:c2", "centre:c3",
             "late:take:f2", "late:take:f3", "late:turn:f2"]
    assert _distinct(legal, floor, centre) == ["pass", "swap:Y1:f1", "swap:Y1:f2", "centre:c1", "centre:c2",
                                               "late:take:f2"]


@pytest.mark.parametrize("order", [SEED_ORDER, BALANCED_ORDER])
@pytest.mark.parametrize("wiki", [False, True])
def test_fast_three_card_keys_match_the_reference_evaluation(order: tuple[str, ...], wiki: bool) -> None:
    ev = Evaluator(order, wiki)
    special = cards("Y1 Y2 Y3 Y7 B4 Y8 R3 R5 B2 G5 G8 B1 G4 Y4 Y5 R0 B0")
    rng = Pcg32(21)
    for i in range(1500):
        deck = list(range(36))
        rng.shuffle(deck)
        if i % 2:  # half the sets are built around the cards of the named and split-dependent hands
            sp = list(special)
            rng.shuffle(sp)
            k = 2 + rng.below(3)
            deck = sp[:k] + [c for c in deck if c not in sp[:k]]
            head = deck[:5]
            rng.shuffle(head)
            deck[:5] = head
        h, p = deck[:3], deck[3:5]
        assert ev.key5(h[0], h[1], h[2], p[0], p[1]) == ev.evaluate(h, p).key


def test_arena_rotates_seats_and_conserves_chips() -> None:
    res = run_arena(["calling", "random", "calling"], hands=9, seed=4, session=3)
    assert res.hands == 9 and res.sessions == 3
    assert [r.level for r in res.rows] == ["calling", "random", "calling"]
    assert all(len(r.deltas) == 9 for r in res.rows)
    assert abs(sum(r.summary.mean for r in res.rows)) < 1e-9
    text = format_result(res)
    assert "2.random" in text and "95% CI" in text
    again = run_arena(["calling", "random", "calling"], hands=9, seed=4, session=3)
    assert [r.deltas for r in again.rows] == [r.deltas for r in res.rows]


def test_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "calling,random", "--hands", "4", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1.calling" in out and "2.random" in out and "chips won per hand" in out
    assert main(["--seats", "calling,wizard", "--hands", "4", "--quiet"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["--seats", "calling", "--hands", "4", "--quiet"]) == 2


@pytest.mark.parametrize("rules", ["1.balanced~wiki_2025_05_21_hands=1~dealer_mode=dealer_collects",
                                   "1.seed~dealer_mode=ignore"])
@pytest.mark.slow
def test_all_levels_survive_short_stacks_and_rule_variants(rules: str) -> None:
    # Bankrolls of 6 chips: all-in calls, side pots, seats leaving, the two-player fallback.
    res = run_arena(list(LEVELS), hands=16, seed=5, rules=ChabashiRules.decode(rules), session=16, bankroll=6)
    assert res.hands == 16 and res.sessions >= 1
    assert all(len(r.deltas) == 16 for r in res.rows)
    assert abs(sum(sum(r.deltas) for r in res.rows)) < 1e-9
    assert all(r.decisions > 0 for r in res.rows)
