"""The engine protocol (``python -m pyengine.cetkaik.bot``) and the arena that drives it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.ai import arena as dispatcher
from pyengine.ai.cetkaik.arena import main as arena_main
from pyengine.ai.cetkaik.arena import play_game
from pyengine.ai.cetkaik.protocol import Engine, serve
from pyengine.cetkaik import CetkaikRules
from pyengine.cetkaik.kiaak import export_kiaak
from pyengine.cetkaik.state import DECLARATION, CetkaikState
from pyengine.core.record import Record, Seat

ROOT = Path(__file__).resolve().parents[2]
START = "{一位色:赤}\n"
# A side first; after these two plies the A side is to move again
TWO_PLIES = "{一位色:赤}\nME弓MIMU橋三\tMAU弓MAIMY橋三\n"


def request(record: str, ask: object, seasons: int = 1, **extra: object) -> str:
    return json.dumps({"record": record, "seasons": seasons, "ask": ask, **extra}, ensure_ascii=False)


def state_after(record: str, seasons: int = 1) -> CetkaikState:
    engine = Engine("random")
    state, _ = engine.replay(record, seasons)
    return state


def declaration_record() -> str:
    """A kiaak record that ends on a ply whose hand is not declared yet (the first declaration
    of a seeded greedy game)."""
    from pyengine.ai.match import play_match

    seats = (Seat("a", "bot:greedy"), Seat("b", "bot:greedy"))
    for seed in range(20):
        result = play_match("cetkaik", "1.official~seasons=1", seats, seed=seed, keep_states=True)
        for i, st in enumerate(result.states):
            if isinstance(st, CetkaikState) and st.phase == DECLARATION:
                record = Record("cetkaik", "1.official~seasons=1", seats, result.record.actions[:i])
                return export_kiaak(record)
    raise AssertionError("no declaration in 20 greedy games")


def test_move_answers_a_legal_move_of_the_side_to_move() -> None:
    engine = Engine("greedy", seed=2)
    for record in (START, TWO_PLIES):
        answer = engine.handle(request(record, "move"))
        assert answer in state_after(record).legal_actions()


def test_same_request_same_answer_and_unknown_keys_ignored() -> None:
    a = Engine("rules", seed=5).handle(request(TWO_PLIES, "move"))
    b = Engine("rules", seed=5).handle(request(TWO_PLIES, "move", colour="blue", comment={"x": 1}))
    assert a == b


def test_seasons_default_to_four() -> None:
    engine = Engine("random")
    line = json.dumps({"record": START, "ask": "move"}, ensure_ascii=False)
    assert engine.handle(line) in state_after(START, 4).legal_actions()
    assert engine.replay(START, 4)[0].rules.seasons == 4


# The A side has just formed 同色獣 and 王 (10 points) in the first season at 20–20.
TEN_POINTS = ("{一位色:赤}\nTA将ZE無撃裁\tTAU虎ZAITY無撃裁\nTE虎ZIXU無撃裁\tTY虎KILE無撃裁手赤弓\n"
              "KA筆KELE無撃裁手黒虎\tTAI兵TY無撃裁\nXU虎PAI無撃裁手黒兵\tPAU巫PAI無撃裁手赤虎\n"
              "ZA王XACE無撃裁\tTIA将ZAU無撃裁\nCE王XICU無撃裁\tZIA王XAUCAU無撃裁\nKE巫KA無撃裁\tKAU巫KAIKY無撃裁\n"
              "CU王MIPU無撃裁\tPIA筆PAIPU橋四手赤王\n")


@pytest.mark.parametrize("level", ["strong", "master"])
def test_seasons_change_what_a_level_declares(level: str) -> None:
    engine = Engine(level)
    assert state_after(TEN_POINTS).phase == DECLARATION
    # one season: 30–10 wins the game; four seasons: the level plays on at double rate
    assert engine.handle(request(TEN_POINTS, "declare", seasons=1)) == "taxot"
    assert engine.handle(request(TEN_POINTS, "declare", seasons=4)) == "tymok"
    assert engine.replay(TEN_POINTS, 2)[0].rules.seasons == 2


@pytest.mark.slow
def test_master_answers_every_kind_of_request() -> None:
    engine = Engine("master", rules="cerke_online", seed=3)
    assert engine.handle(request(START, "move")) in state_after(START).legal_actions()
    assert engine.handle(request(START, {"after_cast": "ME片MI心MU", "sticks": 0})) == "pass"
    assert engine.handle(request(START, {"after_cast": "ME片MI心MY", "sticks": 2})) in ("MU", "MO", "pass")
    assert engine.handle(request(TEN_POINTS, "declare", seasons=1)) == "taxot"


def test_after_cast_answers_a_square_within_the_cast_or_pass() -> None:
    engine = Engine("strong")
    # the Archer on ME over the Pawn on MI, planned to MU (distance 1 from MI)
    assert engine.handle(request(START, {"after_cast": "ME片MI心MU", "sticks": 0})) == "pass"
    answer = engine.handle(request(START, {"after_cast": "ME片MI心MU", "sticks": 3}))
    assert answer in ("MU", "pass")
    cerke = Engine("greedy", rules="cerke_online")
    answer = cerke.handle(request(START, {"after_cast": "ME片MI心MY", "sticks": 2}))
    assert answer in ("MU", "MO", "pass")  # a direction: any square on the line within 2


def test_declare_answers_tymok_or_taxot() -> None:
    record = declaration_record()
    assert state_after(record).phase == DECLARATION
    assert Engine("greedy").handle(request(record, "declare")) == "taxot"
    assert Engine("strong").handle(request(record, "declare")) == "taxot"  # one season: cash and win
    assert Engine("strong").handle(request(record, "move")).startswith("error a declaration is due")


@pytest.mark.parametrize("line, reason", [
    ("hello", "error not a JSON object"),
    ("[1, 2]", "error not a JSON object"),
    (request(START, "move", seasons=3), "error seasons must be 1, 2 or 4"),
    (json.dumps({"record": 5, "ask": "move"}), "error record must be a string"),
    (json.dumps({"record": START}), 'error no "ask"'),
    (request(START, "dance"), "error ask must be"),
    (request(START, "declare"), "error there is no declaration to make"),
    (request("", "move"), "error the first mover of season 1 is unknown"),
    (request(START + "ZZ片ZZ無撃裁\n", "move"), "error ply 1: cannot read"),
    (request(START + "KE巫KIKO無撃裁\n", "move"), "error ply 1:"),
    (request(START, {"after_cast": "ME片MI心MU", "sticks": 6}), "error sticks must be an integer"),
    (request(START, {"after_cast": "ME片MI心MU", "sticks": 2.0}), "error sticks must be an integer"),
    (request(START, {"after_cast": "KE片KIKU", "sticks": 2}), "error KE片KIKU is not a ranged stepping move"),
    (request(START, {"after_cast": "KE片KA心KU", "sticks": 2}), "error"),
    (request(START, {"after_cast": 7, "sticks": 2}), "error after_cast must be"),
    (request(START, "move", budget="soon"), "error budget must be"),
])
def test_bad_input_gets_an_error_line_and_the_engine_keeps_going(line: str, reason: str) -> None:
    engine = Engine("greedy")
    answer = engine.handle(line)
    assert answer.startswith(reason), answer
    assert "\n" not in answer
    assert engine.handle(request(START, "move")) in state_after(START).legal_actions()


def test_a_finished_game_is_an_error() -> None:
    record = declaration_record()
    # greedy ends the one-season game with 終季: the record is then complete
    state = state_after(record)
    value = state.ta_xot_value()
    names = "加".join(state.pending[2])
    from pyengine.cetkaik.kiaak import format_number

    finished = record + f"\n或為{names}而手{format_number(value)}\n終季\t春終\n"
    assert Engine("greedy").handle(request(finished, "move")) == "error the game is over"


def test_serve_answers_every_line_blank_ones_too() -> None:
    lines = [request(START, "move"), "", "oops", request(TWO_PLIES, "move")]
    out = io.StringIO()
    serve(Engine("random", seed=1), io.StringIO("\n".join(lines) + "\n"), out)
    answers = out.getvalue().splitlines()
    assert len(answers) == 4
    assert answers[1] == "error empty line" and answers[2].startswith("error not a JSON object")
    assert answers[0] in state_after(START).legal_actions()
    assert answers[3] in state_after(TWO_PLIES).legal_actions()


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "pyengine.cetkaik.bot", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8")


@pytest.mark.cpython_only
def test_subprocess_round_trips_one_line_at_a_time() -> None:
    proc = _spawn("--level", "greedy", "--rules", "official", "--seed", "4")
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line, check in [
            (request(START, "move"), lambda a: a in state_after(START).legal_actions()),
            ("not json", lambda a: a.startswith("error ")),
            (request(TWO_PLIES, "move"), lambda a: a in state_after(TWO_PLIES).legal_actions()),
            (request(START, {"after_cast": "ME片MI心MU", "sticks": 0}), lambda a: a == "pass"),
        ]:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()  # the answer must come before stdin closes: the engine flushes
            answer = proc.stdout.readline().rstrip("\n")
            assert check(answer), (line, answer)
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.cpython_only
def test_subprocess_rejects_an_unknown_level() -> None:
    proc = _spawn("--level", "grandmaster")
    _, err = proc.communicate("", timeout=30)
    assert proc.returncode == 2 and "grandmaster" in err


def test_arena_game_alternates_and_caps_plies() -> None:
    rules = CetkaikRules.decode("1.official~seasons=1")
    result = play_game((Engine("random", seed=1), Engine("random", seed=2)), rules, seed=3, max_plies=2)
    assert result.capped and result.plies == 2 and sum(result.scores) == 40
    full = play_game((Engine("greedy", seed=1), Engine("random", seed=2)), rules, seed=3)
    assert not full.capped and sum(full.scores) == 40 and full.decisions[0] >= 1


def test_arena_cli_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert dispatcher.main(["cetkaik", "--a", "greedy", "--b", "random", "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert sum(line.startswith("game ") for line in out.splitlines()) == 4
    assert "greedy vs random: 4 games, 1 season(s)" in out
    assert "wins " in out and "losses " in out and "draws " in out
    assert "mean score difference" in out and "95% CI" in out
    assert arena_main(["--a", "random", "--b", "random", "--games", "2", "--quiet", "--max-plies", "3"]) == 0
    out = capsys.readouterr().out
    assert "game 1" not in out and "capped at 3 plies" in out
