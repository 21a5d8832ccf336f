"""A deal in one bridge call: :meth:`Session.step_chance_run` resolves a run of chance nodes
with four fresh words per node, exactly as one call per node would, and keeps the undo memory."""

from __future__ import annotations

from pyengine.app.session import Session
from pyengine.core import CHANCE
from pyengine.core.chance import SeededChance
from pyengine.core.rng import Pcg32

FIVE = [("", "human")] + [("", "bot:random")] * 4


def words(seed: int, n: int) -> list[int]:
    rng = Pcg32(seed)
    return [rng.next_u32() for _ in range(n)]


def test_a_whole_deal_in_one_call_equals_one_call_per_node() -> None:
    entropy = words(7, 4 * 200)
    one = Session.new("daifugo", seats=FIVE, seed=1)
    plies = one.step_chance_run(entropy)
    many = Session.new("daifugo", seats=FIVE, seed=1)
    k = 0
    while many.status() == "chance":
        many.step_auto(bots=False, entropy=entropy[4 * k: 4 * k + 4])
        k += 1
    assert one.record.actions == many.record.actions
    assert plies == list(range(1, k + 1)) and k > 50  # 54 cards and the dealer's draw
    assert one.status() != "chance" and one.state.current_player != CHANCE


def test_a_run_stops_at_a_decision_and_when_the_words_run_out() -> None:
    s = Session.new("daifugo", seats=FIVE, seed=1)
    assert s.step_chance_run(words(1, 4 * 10 + 3)) == list(range(1, 11))  # ten nodes' worth of words
    assert s.status() == "chance"
    rest = s.step_chance_run(words(2, 4 * 200))
    assert rest[0] == 11 and s.status() in {"human", "bot"}
    assert s.step_chance_run(words(3, 40)) == []  # a decision: nothing to resolve
    s2 = Session.new("cetkaik", seed=1)
    assert s2.step_chance_run(words(4, 400)) == [1]  # the first-mover contest, then a move


def test_undo_then_the_same_move_meets_the_same_draws_again() -> None:
    s = Session.new("chabashi", seats=[("", "human"), ("", "bot:random")], seed=2, chance=SeededChance(2))
    while "draw:2" not in s.legal():
        s.step_auto() if s.status() != "human" else s.play(s.legal()[-1])
    s.play("draw:2")
    start = s.cursor
    drawn = s.step_chance_run(words(5, 4 * 50))
    assert drawn and drawn[0] == start + 1
    first = s.record.actions[start:]
    s.undo()
    s.play("draw:2")
    again = s.step_chance_run(words(6, 4 * 50))  # other words: the memory answers
    assert again == drawn and s.record.actions[start:] == first
