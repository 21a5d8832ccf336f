"""The rules in small positions: protection, hue, stepping casts, water, tam2, penalties, seasons."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pyengine.cetkaik import CetkaikState
from pyengine.cetkaik.board import HAND_INDEX, SQUARE_INDEX, TAM2, piece_code
from pyengine.cetkaik.rules import CERKE_ONLINE, OFFICIAL, CetkaikRules
from pyengine.cetkaik.state import DECLARATION, MOVE, STICKS
from pyengine.core import load_game
from pyengine.core.errors import IllegalActionError, InvalidNotationError, InvalidRulesError

BOTH = pytest.mark.parametrize("rules", [OFFICIAL, CERKE_ONLINE], ids=["official", "cerke_online"])


def position(pieces: dict[str, str], tam: str = "ZO", side: int = 0, rules: CetkaikRules = OFFICIAL,
             **fields: object) -> CetkaikState:
    """A position from ``{"TE": "赤弓A", "TI": "黒兵IA"}`` (piece name + owning side)."""
    board = [0] * 81
    for sq, spec in pieces.items():
        code = HAND_INDEX[spec[:2]]
        board[SQUARE_INDEX[sq]] = piece_code(0 if spec[2:] == "A" else 1, code // 10, code % 10)
    board[SQUARE_INDEX[tam]] = TAM2
    fields.setdefault("phase", MOVE)
    return CetkaikState(rules, board=tuple(board), tam=SQUARE_INDEX[tam], side=side,
                        **fields)  # type: ignore[arg-type]


def start(rules: CetkaikRules = OFFICIAL, first: str = "一位色赤") -> CetkaikState:
    return CetkaikState(rules).apply(first)


def test_sticks_and_first_mover_are_exact_chance_nodes() -> None:
    assert tuple(Fraction(n, 32) for n in (1, 5, 10, 10, 5, 1)) == STICKS and sum(STICKS) == 1
    state = load_game("cetkaik").new_initial_state()
    assert state.is_chance() and dict(state.chance_outcomes()) == {"一位色赤": Fraction(1, 2), "一位色黒": Fraction(1, 2)}
    moving = start().apply("KA片KE心KA")
    assert moving.is_chance() and [o for o, _ in moving.chance_outcomes()] == ["橋無", "橋一", "橋二", "橋三", "橋四", "橋五"]
    assert [p for _, p in moving.chance_outcomes()] == list(STICKS)


def test_general_on_hue_protects_its_neighbours_but_they_can_be_stepped_over() -> None:
    pieces = {"TE": "赤弓A", "TI": "黒兵IA", "ZA": "赤王A", "ZIA": "黒王IA"}
    assert "TE片TI" in position(pieces).legal_actions()
    guarded = position(pieces | {"TU": "黒将IA"})  # TU is a fixed hue square
    legal = guarded.legal_actions()
    assert "TE片TI" not in legal
    assert any(m.startswith("TE片TI") and len(m) > 6 for m in legal)  # stepping over it is still legal
    with pytest.raises(IllegalActionError, match="protected by a General"):
        guarded.apply("TE片TI")
    # a General off the hue protects nothing; a General does not protect itself
    assert "TE片TI" in position(pieces | {"NE": "黒将IA"}).legal_actions()
    assert "TE片TI" in position({"TE": "赤弓A", "TI": "黒将IA"}, tam="ZY").legal_actions()


def test_tam2s_own_square_is_hue_only_under_cerke_online() -> None:
    pieces = {"LI": "赤兵A"}
    official = {m for m in position(pieces, tam="LU").legal_actions() if m.startswith("LI片LU")}
    online = {m for m in position(pieces, tam="LU", rules=CERKE_ONLINE).legal_actions() if m.startswith("LI片LU")}
    assert official == {"LI片LULO"}
    assert online == {"LI片LULO", "LI片LUKU", "LI片LUNU", "LI片LULI", "LI片LULY"}


def test_official_cast_too_short_fails_at_once_and_kut2tam2_still_asks_to_declare() -> None:
    state = start().apply("ZI片ZO心ZAI").apply("橋一")
    assert state.phase == DECLARATION and state.side == 0
    assert state.pending[2] == ("撃皇",) and state.ta_xot_value() == -5
    assert state.board == start().board
    after = state.apply("終季")
    assert after.scores == (15, 25) and after.season == 1 and after.is_chance()
    carried_on = state.apply("再行")
    assert carried_on.rate == 2 and carried_on.scores == (20, 20) and carried_on.side == 1


def test_official_choice_is_the_planned_square_or_decline() -> None:
    state = start().apply("ZI片ZO心ZAI").apply("橋三")
    assert state.legal_actions() == ("ZAI", "此無")
    landed = state.apply("ZAI")
    assert landed.piece_at(SQUARE_INDEX["ZAI"]) == "赤船" and landed.hands[0] == (HAND_INDEX["黒船"],)
    assert landed.phase == DECLARATION and landed.pending[2] == ("撃皇",)
    declined = state.apply("此無")
    assert declined.board == start().board and declined.phase == DECLARATION


def test_cerke_online_pays_kut2tam2_at_once_and_lets_the_piece_stop_anywhere_on_the_line() -> None:
    state = start(CERKE_ONLINE).apply("ZI片ZO心ZY")
    assert state.scores == (15, 25)
    assert state.apply("橋一").legal_actions() == ("ZY", "此無")
    assert state.apply("橋五").legal_actions() == ("ZAI", "ZY", "此無")
    after = state.apply("橋五").apply("ZAI")
    assert after.phase == MOVE and after.side == 1 and after.scores == (15, 25)
    assert state.apply("橋無").phase == MOVE  # nothing reachable: the move failed, no declaration


def test_water_entry() -> None:
    state = start().apply("NI片NO水")
    assert state.phase_name == "water_cast"
    failed = state.apply("水二")
    assert failed.board == start().board and failed.side == 1
    entered = state.apply("水三")
    assert entered.piece_at(SQUARE_INDEX["NO"]) == "黒兵" and entered.piece_at(SQUARE_INDEX["NI"]) is None
    assert "ZI片ZOCO" in start().legal_actions()  # a Vessel never casts for water


@BOTH
def test_tam2_moved_right_after_tam2(rules: CetkaikRules) -> None:
    state = start(rules).apply("ZO皇[TO]NO")
    assert state.side == 1
    tam_moves = [m for m in state.legal_actions() if "皇" in m]
    if rules == CERKE_ONLINE:
        assert tam_moves == []
        return
    assert "NO皇[TO]NO" in tam_moves
    both = state.apply("NO皇[TO]NO")
    assert both.phase == DECLARATION and both.pending[2] == ("皇再来", "皇再来") and both.ta_xot_value() == -6
    once = state.apply("NO皇[TO]TU")
    assert once.pending[2] == ("皇再来",)


@BOTH
def test_tam2_returning_to_its_square(rules: CetkaikRules) -> None:
    state = start(rules).apply("ZO皇[TO]ZO")
    if rules == OFFICIAL:
        assert state.phase == DECLARATION and state.pending[2] == ("皇再来",)
    else:
        assert state.phase == MOVE and state.side == 1


def test_tam2_stepping_forms() -> None:
    legal = start().legal_actions()
    assert "ZO皇[TO]NO" in legal  # two plain steps
    # first half onto an occupied square: ZO -> over ZI? ZI is the Vessel: F any empty neighbour of ZI
    over = position({"ZI": "赤船A", "ZA": "赤王A"}, tam="ZU")
    moves = set(over.legal_actions())
    assert "ZU皇ZI[ZU]ZO" in moves  # over ZI in the first half, landing where it started
    assert "ZU皇[TU]ZIZE" in moves  # over ZI in the second half
    assert not any(m.startswith("ZU皇ZA") for m in moves)  # ZA is not a neighbour


def test_rate_doubles_to_64_and_stays_there_and_scores_clamp() -> None:
    declaring = position({"ZA": "赤王A"}, phase=DECLARATION, pending=(5, 0, ("王",), False), rate=64)
    assert declaring.apply("再行").rate == 64
    cashed = declaring.apply("終季")
    assert cashed.scores == (40, 0) and cashed.is_terminal()
    losing = position({"ZA": "赤王A"}, phase=DECLARATION, pending=(0, -3, ("皇再来",), True), rate=32,
                      scores=(30, 10))
    assert losing.apply("終季").scores == (0, 40)


def test_one_season_game_ends_after_its_ta_xot1() -> None:
    rules = OFFICIAL.with_option("seasons", 1)
    state = CetkaikState(rules).apply("一位色赤").apply("ZI片ZO心ZAI").apply("橋一").apply("終季")
    assert state.is_terminal() and state.scores == (15, 25) and state.returns() == (-5, 5)
    with pytest.raises(IllegalActionError):
        state.apply("一位色赤")
    with pytest.raises(InvalidRulesError):
        OFFICIAL.with_option("seasons", 3).validate()


def test_illegal_and_junk_actions() -> None:
    state = start()
    with pytest.raises(InvalidNotationError):
        state.apply("zz")
    with pytest.raises(IllegalActionError, match="not yours"):
        state.apply("ZAI片ZY")
    with pytest.raises(IllegalActionError, match="water cast"):
        state.apply("NI片NO")
    with pytest.raises(IllegalActionError, match="move phase"):
        state.apply("再行")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply("赤兵ZU")


def test_same_actions_give_equal_states_and_observations_are_json() -> None:
    a = start().apply("ZI片ZO心ZAI").apply("橋三")
    b = start().apply("ZI片ZO心ZAI").apply("橋三")
    assert a == b and hash(a) == hash(b) and a != start()
    for state in (a, a.apply("ZAI"), start().apply("NI片NO水"), CetkaikState(OFFICIAL)):
        obs = state.observation(0)
        assert json.loads(json.dumps(obs)) == obs


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_action_has_a_description(lang: str) -> None:
    states = [CetkaikState(OFFICIAL), start(), start().apply("ZI片ZO心ZAI"), start().apply("ZI片ZO心ZAI").apply("橋三"),
              start().apply("NI片NO水"), start().apply("ZI片ZO心ZAI").apply("橋一"),
              position({"ZA": "赤王A"}, hands=((HAND_INDEX["黒弓"],), ()))]
    seen = set()
    for state in states:
        actions = list(state.legal_actions()) + [o for o, _ in state.chance_outcomes()]
        for action in actions:
            text = state.describe(action, lang)
            assert text and text != action
            seen.add(text)
    assert len(seen) > 250


def test_descriptions_use_the_rulebook_names() -> None:
    state = start()
    assert state.describe("CA片CIPO", "en") == "Chariot CA steps over the black Pawn on CI to PO"
    assert "車" in state.describe("CA片CIPO", "ja") and "차" in state.describe("CA片CIPO", "ko")
    assert "kut2 tam2" in state.describe("ZI片ZOCO", "en")
