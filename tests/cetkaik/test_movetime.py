"""``movetime`` in the engine protocol: the searching levels answer within a wall-clock time.

No test here asserts a time.  The clock is injected: a clock that never moves (all the time in
the world), one that raises (it must not be read) and a *slow machine*, where every reading
of the clock takes ``tick`` seconds, so that the search's own checks make the time pass and
the moment the deadline passes is exact and the same on every machine.
"""

from __future__ import annotations

import json
import math

import pytest

from pyengine.ai.bot import MOVETIME_SHARE, BotView, Deadline
from pyengine.ai.cetkaik.arena import main as arena_main
from pyengine.ai.cetkaik.arena import play_game
from pyengine.ai.cetkaik.bots import MasterBot, StrongBot
from pyengine.ai.cetkaik.master import MasterSearch
from pyengine.ai.cetkaik.protocol import Engine
from pyengine.ai.cetkaik.search import Searcher, captures_first
from pyengine.ai.match import play_match
from pyengine.cetkaik import CetkaikRules
from pyengine.cetkaik.kiaak import export_kiaak
from pyengine.cetkaik.state import MOVE, CetkaikState
from pyengine.core.record import Record, Seat
from pyengine.core.rng import Pcg32

RULES = "1.official~seasons=1"
START = "{一位色:赤}\n"
SEATS = (Seat("a", "bot:greedy"), Seat("b", "bot:rules"))


ROOMY = 3600
"""The longest budget the protocol takes: its safety net (10 × the budget) cannot trip in a test.
With the default budget of 1 s it trips once a 0.2 s decision takes 10 s of wall time, as it does
on a 2-core machine that runs this suite at nice 10 beside the browser tests, and the level then
answers its depth-1 move (measured: 100 times as slow changes two of the answers below)."""


def request(record: str, ask: object, seasons: int = 1, **extra: object) -> str:
    return json.dumps({"record": record, "seasons": seasons, "ask": ask, "budget": ROOMY, **extra},
                      ensure_ascii=False)


def midgame() -> list[tuple[str, CetkaikState]]:
    """Four positions of a seeded greedy–rules game (its 7th, 15th, 27th and 36th actions, each
    a move to make), as kiaak records with their states."""
    result = play_match("cetkaik", RULES, SEATS, seed=11, keep_states=True)
    out = []
    for i in (7, 15, 27, 36):
        state = result.states[i]
        assert isinstance(state, CetkaikState) and state.phase == MOVE
        out.append((export_kiaak(Record("cetkaik", RULES, SEATS, result.record.actions[:i])), state))
    return out


# What the levels answered on those positions before ``movetime`` existed (commit f70f3f7).
BEFORE = {"strong": ["NA片NIKO", "XU片XYXAI", "赤車TO", "黒虎XO"],
          "master": ["NA片NIKO", "XU片XYXAI", "赤車MO", "黒虎XO"]}


class SlowClock:
    """A machine on which every reading of the clock takes ``tick`` seconds."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.readings.append(len(self.readings) * self.tick)
        return self.readings[-1]


def refuse() -> float:
    raise AssertionError("the clock was read")


def view(state: CetkaikState, deadline: Deadline | None = None) -> BotView:
    return BotView("cetkaik", state.rules.encode(), state.side, state.observation(state.side),
                   state.legal_actions(), 0.8, deadline)


@pytest.mark.parametrize("level", ["strong", "master"])
def test_without_movetime_no_clock_is_read_and_the_answers_are_todays(level: str) -> None:
    engine = Engine(level, seed=3, clock=refuse)
    assert [engine.handle(request(record, "move")) for record, _ in midgame()] == BEFORE[level]


@pytest.mark.parametrize("level", ["strong", "master"])
def test_with_time_to_spare_movetime_changes_no_answer(level: str) -> None:
    """A clock that never moves: the search does its whole fixed work, as without movetime."""
    timed = Engine(level, seed=3, clock=lambda: 0.0)
    asks: list[tuple[str, object]] = [(record, "move") for record, _ in midgame()[1:3]]
    asks.append((START, {"after_cast": "ME片MI心MY", "sticks": 2}))
    for record, ask in asks:
        plain = Engine(level, seed=3).handle(request(record, ask))
        assert timed.handle(request(record, ask, movetime=1000)) == plain, (record, ask)


def test_a_deadline_passes_at_its_share_of_the_movetime() -> None:
    clock = SlowClock(0.001)
    deadline = Deadline(0.100, clock)
    while not deadline.passed():
        pass
    assert deadline.at == MOVETIME_SHARE * 0.100
    assert [r >= deadline.at for r in clock.readings].count(True) == 1  # it reads no more once passed
    assert deadline.reads == len(clock.readings)
    with pytest.raises(ValueError):
        Deadline(0.0)


def test_a_deadline_passes_early_once_a_stall_that_came_could_carry_the_answer_too_far() -> None:
    """A loaded machine may stop the process for a while between two looks at the clock: once
    the longest such pause, if it came again, would end past the movetime, it is time."""
    readings = iter([0.0, 0.1, 0.5, 0.55, 0.6, 0.65])  # a stall of 0.4 s after 0.1 s
    deadline = Deadline(1.0, lambda: next(readings))
    assert [deadline.passed() for _ in range(4)] == [False, False, False, True]
    assert deadline.pause == pytest.approx(0.4) and deadline.last < deadline.at


def full_search(state: CetkaikState) -> tuple[str, int, int]:
    """master's move on ``state`` with all the time in the world: the move, its work and how
    many times the deadline is checked."""
    deadline = Deadline(1.0, lambda: 0.0)
    search = MasterSearch(deadline=deadline)
    move = search.choose_move(state, state.legal_actions())
    plain = MasterSearch()
    assert plain.choose_move(state, state.legal_actions()) == move and plain.ev.work == search.ev.work
    return move, search.ev.work, deadline.reads


def test_on_a_slow_machine_master_stops_at_the_deadline_with_less_work() -> None:
    for _, state in midgame()[1:3]:
        _, work, reads = full_search(state)
        clock = SlowClock(0.001)  # the deadline passes half-way through the checks of the full search
        deadline = Deadline(reads / 2 * 0.001 / MOVETIME_SHARE, clock)
        search = MasterSearch(deadline=deadline)
        move = search.choose_move(state, state.legal_actions())
        assert move in state.legal_actions()
        assert [r >= deadline.at for r in clock.readings].count(True) == 1  # it stopped at the first look
        assert clock.readings[-1] <= deadline.seconds  # answered within the movetime, in this clock's time
        assert 0 < search.ev.work < work


def test_on_a_slow_machine_strong_stops_at_the_deadline() -> None:
    for _, state in midgame()[1:3]:
        plain = Searcher()
        expected = plain.choose_move(state, state.legal_actions())
        clock = SlowClock(0.001)
        deadline = Deadline(0.020, clock)  # 17 checks: a part of the depth-1 pass
        searcher = Searcher(deadline=deadline)
        move = searcher.choose_move(state, state.legal_actions())
        assert move in state.legal_actions()
        assert [r >= deadline.at for r in clock.readings].count(True) == 1
        assert 0 < searcher.ev.evals < plain.ev.evals
        roomy = Searcher(deadline=Deadline(1.0, lambda: 0.0))
        assert roomy.choose_move(state, state.legal_actions()) == expected


@pytest.mark.parametrize("bot_type", [StrongBot, MasterBot])
def test_a_passed_deadline_answers_the_first_capture_with_no_search(bot_type: type[StrongBot | MasterBot]) -> None:
    """Every reading of the clock a second late: the deadline has passed at the first look."""
    for _, state in midgame():
        legal = state.legal_actions()
        move = bot_type(Pcg32(1)).act(view(state, Deadline(0.005, SlowClock(1.0))))
        candidates = MasterSearch().candidates(state, legal)
        assert move == candidates[captures_first(state, candidates)[0]]
    _, state = midgame()[0]
    search = MasterSearch(deadline=Deadline(0.005, SlowClock(1.0)))
    searcher = Searcher(deadline=Deadline(0.005, SlowClock(1.0)))
    search.choose_move(state, state.legal_actions())
    searcher.choose_move(state, state.legal_actions())
    assert search.ev.work == 0 and searcher.ev.evals == 0


@pytest.mark.parametrize("level", ["strong", "master"])
def test_every_kind_of_request_is_answered_on_a_very_slow_machine_and_with_5_ms(level: str) -> None:
    record, state = midgame()[2]
    ten_points = ("{一位色:赤}\nTA将ZE無撃裁\tTAU虎ZAITY無撃裁\nTE虎ZIXU無撃裁\tTY虎KILE無撃裁手赤弓\n"
                  "KA筆KELE無撃裁手黒虎\tTAI兵TY無撃裁\nXU虎PAI無撃裁手黒兵\tPAU巫PAI無撃裁手赤虎\n"
                  "ZA王XACE無撃裁\tTIA将ZAU無撃裁\nCE王XICU無撃裁\tZIA王XAUCAU無撃裁\nKE巫KA無撃裁\tKAU巫KAIKY無撃裁\n"
                  "CU王MIPU無撃裁\tPIA筆PAIPU橋四手赤王\n")
    for engine in (Engine(level, clock=SlowClock(1.0)), Engine(level)):  # the real clock: 5 ms
        assert engine.handle(request(record, "move", movetime=5)) in state.legal_actions()
        assert engine.handle(request(START, {"after_cast": "ME片MI心MY", "sticks": 2}, movetime=5)) in (
            "MU", "MO", "pass")
        assert engine.handle(request(ten_points, "declare", movetime=5.5)) in ("tymok", "taxot")


@pytest.mark.parametrize("movetime", [0, -5, "fast", True, None, [], math.nan, math.inf])
def test_a_movetime_that_is_not_a_positive_number_is_an_error(movetime: object) -> None:
    engine = Engine("master", clock=refuse)
    answer = engine.handle(request(START, "move", movetime=movetime))
    assert answer == "error movetime must be a positive number of milliseconds"


class Recording(Engine):
    """An engine that keeps the requests it was sent."""

    def __init__(self, level: str) -> None:
        super().__init__(level)
        self.lines: list[str] = []

    def handle(self, line: str) -> str:
        self.lines.append(line)
        return super().handle(line)


def test_the_arena_sends_movetime_and_times_every_decision(capsys: pytest.CaptureFixture[str]) -> None:
    engines = (Recording("greedy"), Recording("random"))
    result = play_game(engines, CetkaikRules.decode(RULES), seed=3, movetime=250)
    for side, engine in enumerate(engines):
        assert {json.loads(line)["movetime"] for line in engine.lines} == {250}
        assert len(result.times[side]) == result.decisions[side] == len(engine.lines)
    untimed = Recording("random")
    play_game((untimed, Recording("random")), CetkaikRules.decode(RULES), seed=3, max_plies=3)
    assert all("movetime" not in json.loads(line) for line in untimed.lines)
    assert arena_main(["--a", "greedy", "--b", "random", "--games", "2", "--quiet", "--movetime", "1000"]) == 0
    out = capsys.readouterr().out
    assert "time per decision, greedy: p50 " in out and "after the 1000 ms movetime" in out
    with pytest.raises(SystemExit):
        arena_main(["--a", "greedy", "--b", "random", "--movetime", "0"])
