"""The UECda client (§7) against a scripted in-process server speaking the real wire format.

The fake server (``uecda_fake_server.py``) is a separate model of the UECda rules, so
``--check`` runs here compare the engine with an independent implementation.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from uecda_fake_server import FakeUecdaServer, Table  # noqa: E402

from pyengine.ai.bot import Bot, BotView
from pyengine.ai.daifugo.uecda import make_bot
from pyengine.ai.daifugo.uecda_client import Client
from pyengine.ai.daifugo.uecda_wire import Connection
from pyengine.core.rng import Pcg32  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.cpython_only  # sockets, threads and a subprocess


class PassBot(Bot):
    """Passes whenever it may (drives 20-pass endings)."""

    def act(self, view: BotView) -> str:
        return "pass" if "pass" in view.legal else view.legal[0]


def run_client(server: FakeUecdaServer, bot: Bot | None = None, check: bool = True,
               name: str = "pytest", server_ok: bool = True) -> tuple[int, str, Client]:
    err = io.StringIO()
    client = Client(Connection.open("127.0.0.1", server.port), bot or make_bot("random", 7), name, check, err)
    code = client.run()
    server.join()
    if server_ok:  # a client that stops early leaves the server with a broken connection
        assert server.error is None, repr(server.error)
    return code, err.getvalue(), client


# --- whole matches -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1])
def test_check_agrees_with_the_server_over_whole_matches(seed: int) -> None:
    server = FakeUecdaServer(games=25, real=1, seed=seed, bot_illegal_rate=0.05).start()
    code, err, client = run_client(server)
    assert code == 0, err
    assert client.games_played == 25
    assert server.refusals > 0  # opponents' refused plays were seen as passes


def test_five_clients_check_each_other() -> None:
    server = FakeUecdaServer(games=8, real=5, seed=3).start()
    codes: list[int] = [-1] * 5
    errors = [io.StringIO() for _ in range(5)]

    def play(i: int) -> None:
        client = Client(Connection.open("127.0.0.1", server.port), make_bot("random", i), f"p{i}", True, errors[i])
        codes[i] = client.run()

    threads = []
    for i in range(5):
        th = threading.Thread(target=play, args=(i,))
        th.start()
        threads.append(th)
        time.sleep(0.05)  # connection order = player number
    for th in threads:
        th.join(60)
    server.join()
    assert server.error is None
    assert codes == [0] * 5, [e.getvalue() for e in errors]
    assert server.names == [f"p{i}" for i in range(5)]


def test_twenty_consecutive_passes_end_the_game() -> None:
    server = FakeUecdaServer(games=5, real=1, seed=5, bot_pass_only=True).start()
    code, err, client = run_client(server, PassBot(Pcg32(1)))
    assert code == 0, err
    assert server.twenty_pass_games == 5


# --- disagreements and refusals ------------------------------------------------------------

def _tampered(kind: str, game: int, edit: str) -> tuple[int, str]:
    done = []

    def tamper(k: str, g: int, _n: int, t: Table) -> None:
        if k == kind and g == game and not done:
            done.append(1)
            if edit == "revolution":
                t[5][6] ^= 1
            elif edit == "count":
                t[6][0] += 1
                t[6][1] -= 1
            elif edit == "lock":
                t[5][7] ^= 1
            elif edit == "mover":
                t[5][3] = (t[5][3] + 1) % 5
            elif edit == "return":
                t[5][1] = 1 - min(t[5][1], 1)
            elif edit == "classes":
                t[6][5], t[6][6] = t[6][6] + 1, t[6][5] + 1

    server = FakeUecdaServer(games=3, real=1, seed=11, tamper=tamper).start()
    code, err, _ = run_client(server, server_ok=False)
    assert done
    return code, err


@pytest.mark.parametrize(("kind", "game", "edit"), [
    ("stage", 1, "revolution"), ("turn", 2, "count"), ("stage", 2, "lock"), ("turn", 1, "mover"),
    ("deal", 2, "return"), ("deal", 3, "classes"),
])
def test_a_disagreement_exits_3_with_check_failed(kind: str, game: int, edit: str) -> None:
    code, err = _tampered(kind, game, edit)
    assert code == 3
    assert err.startswith("CHECK FAILED:"), err
    assert "server" in err and "engine" in err


def test_a_refused_play_exits_3_with_move_rejected() -> None:
    server = FakeUecdaServer(games=2, real=1, seed=4, refuse_real_play=2).start()
    code, err, _ = run_client(server, server_ok=False)
    assert code == 3
    assert err.startswith("MOVE REJECTED:")


def test_without_check_a_refused_play_is_reported_and_play_goes_on() -> None:
    server = FakeUecdaServer(games=2, real=1, seed=4, refuse_real_play=2).start()
    code, err, client = run_client(server, check=False)
    assert code == 0
    assert "MOVE REJECTED" in err
    assert client.games_played == 2


# --- the command line ----------------------------------------------------------------------

def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pyengine.daifugo.uecda", *args], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=ROOT)


def test_command_line_plays_a_match_with_check() -> None:
    server = FakeUecdaServer(games=3, real=1, seed=8).start()
    proc = _cli("--port", str(server.port), "--name", "cli", "--level", "random", "--check", "--seed", "3")
    server.join()
    assert proc.returncode == 0, proc.stderr
    assert server.names == ["cli"]


def test_command_line_errors() -> None:
    assert _cli("--level", "grandmaster").returncode == 2
    assert _cli("--port", "notaport").returncode == 2
    bad_prior = _cli("--kit", "1")
    assert bad_prior.returncode == 2 and "--kit" in bad_prior.stderr
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = _cli("--port", str(port), "--level", "random")
    assert proc.returncode == 1
    assert "protocol error" in proc.stderr


def test_the_client_models_the_standard_client_only_when_told() -> None:
    from pyengine.ai.daifugo.bots import GreedyBot, MasterBot, StrongBot
    from pyengine.ai.daifugo.uecda import KEEP, KIT, PLAYOUTS
    from pyengine.ai.daifugo.uecda_opponents import KIT_PRIOR

    bot = make_bot("strong", 3)  # the page's master search, its playouts and no model
    assert isinstance(bot, StrongBot) and bot.kit == KIT == 0.0 and bot.keep == KEEP > 0
    assert bot.policy == "kit" and bot.playouts == PLAYOUTS > StrongBot.playouts  # the client may take its time
    modelled = make_bot("strong", 3, KIT_PRIOR)
    assert isinstance(modelled, StrongBot) and modelled.kit == KIT_PRIOR > 0 and modelled.policy == "kit"
    assert StrongBot.kit == 0.0 and StrongBot.keep == 0 and StrongBot.policy == "light"  # the page's strong: none
    assert (MasterBot.kit, MasterBot.keep, MasterBot.policy, MasterBot.playouts) == (KIT, KEEP, "kit", PLAYOUTS)
    assert isinstance(make_bot("greedy", 3), GreedyBot)


def test_the_client_plays_a_level_as_the_page_does_when_asked() -> None:
    """``--as-page``: the level as the page plays it (the strong level with its light playouts,
    not the master search the client makes of it), to measure the page's levels against other
    clients on a UECda server."""
    from pyengine.ai.daifugo.bots import MasterBot, StrongBot

    page = make_bot("master", 3, as_page=True)
    assert isinstance(page, MasterBot) and page.kit == 0.0 and page.policy == "kit" == MasterBot.policy
    assert page.playouts == MasterBot.playouts and page.keep == MasterBot.keep
    strong = make_bot("strong", 3, as_page=True)
    assert isinstance(strong, StrongBot) and strong.policy == "light" and strong.playouts == StrongBot.playouts
    client = make_bot("strong", 3)
    assert isinstance(client, StrongBot) and client.policy == "kit"
    assert _cli("--as-page", "--kit", "0.5").returncode == 2  # no model to set
    server = FakeUecdaServer(games=2, real=1, seed=9).start()
    proc = _cli("--port", str(server.port), "--level", "greedy", "--as-page", "--check", "--seed", "2")
    server.join()
    assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_the_strong_client_learns_that_scripted_players_are_not_the_standard_client() -> None:
    from pyengine.ai.daifugo.bots import StrongBot
    from pyengine.ai.daifugo.uecda_opponents import KIT_PRIOR

    server = FakeUecdaServer(games=16, real=1, seed=11).start()
    bot = make_bot("strong", 5, KIT_PRIOR)
    assert isinstance(bot, StrongBot)
    bot.playouts = 24
    bot.endgame_nodes = 300
    err = io.StringIO()
    client = Client(Connection.open("127.0.0.1", server.port), bot, "ai", True, err)
    assert client.run() == 0, err.getvalue()
    server.join()
    assert client.opponents is not None
    priors = client.opponents.priors(client.me)
    others = [x for p, x in enumerate(priors) if p != client.me]
    # the server's scripted players choose otherwise than the kit's client: every prior fell, and
    # on the whole far (one of them may go several games uncaught when its choices happen to agree)
    assert len(others) == 4 and max(others) < KIT_PRIOR and sum(others) / 4 < KIT_PRIOR / 2, priors
