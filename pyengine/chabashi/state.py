"""The Chabashi state: a whole session of hands as one immutable state machine.

Every rule step is a phase of the state:

* ``between`` (chance): before a hand; the first dealt card starts the next hand.
* ``deal`` (chance): steps 1–5, one chance node per dealt card, uniform over the cards left.
* ``draw`` / ``drawcard`` (chance) / ``follow``: step 6, in seat order.
* ``bet``: a fixed-limit betting round (round 1 after step 6, round 2 after step 8).
* ``interact``: step 8, in seat order.
* ``over``: the session has ended.

Actions are the context-free strings of :mod:`.notation`.

Knowledge (§3.3) is tracked per card as a bitmask of the seats that know it.

>>> from pyengine.core import sample_chance, Pcg32
>>> from pyengine.chabashi.game import GAME
>>> s = GAME.new_initial_state(num_players=3)
>>> rng = Pcg32(1)
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, rng))
>>> s.phase, s.current_player, s.legal_actions()
('draw', 0, ('draw:0', 'draw:1', 'draw:2'))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.errors import InvalidNotationError
from ..core.game import CHANCE, JSON, TERMINAL, State
from ..core.messages import msg
from .cards import CODES, DECK, card
from .describe import describe
from .hands import Evaluator, evaluator
from .notation import BETS, format_action, parse_action
from .rules import ChabashiRules
from .transitions import Transition

if TYPE_CHECKING:
    pass

Slot = tuple[int, bool, int]
"""A card in a row: (card, face up, knowers bitmask)."""
HandCard = tuple[int, int]
"""A hand card: (card, knowers bitmask)."""

@dataclass(frozen=True, slots=True)
class ChabashiState(State):
    _rules: ChabashiRules
    n: int
    chips: tuple[int, ...]
    active: tuple[bool, ...]
    carry: int = 0
    hand_no: int = 0
    dealer: int = -1
    """The dealer (2-player game: the dealing seat) of the current or last hand."""
    two_player: bool = False
    players: tuple[int, ...] = ()
    """The current hand's players in seat order."""
    phase: str = "between"
    actor: int = -1
    step: int = 0
    """deal: cards dealt so far; drawcard: cards still to draw; follow: k drawn."""
    queue: tuple[int, ...] = ()
    """draw / interact: the players still to act in this step, the actor first."""
    dfloor: tuple[int, ...] = ()
    centre: tuple[Slot, ...] = ()
    floors: tuple[tuple[Slot, ...], ...] = ()
    hands: tuple[tuple[HandCard, ...], ...] = ()
    stock: tuple[int, ...] = DECK
    folded: tuple[bool, ...] = ()
    contrib: tuple[int, ...] = ()
    bet_round: int = 0
    round_put: tuple[int, ...] = ()
    raises: int = 0
    """Bets and raises made in this round."""
    acted: tuple[bool, ...] = ()
    log: tuple[tuple[Any, ...], ...] = ()
    result: tuple[tuple[str, Any], ...] = ()
    """The finished hand's outcome (a frozen JSON-like mapping)."""

    game_id = "chabashi"

    # --- protocol basics --------------------------------------------------------------
    @property
    def rules(self) -> ChabashiRules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("between", "deal", "drawcard"):
            return CHANCE
        return self.actor

    @property
    def evaluator(self) -> Evaluator:
        return evaluator(self._rules.hand_order, self._rules.wiki_2025_05_21_hands)

    @property
    def all_mask(self) -> int:
        return (1 << self.n) - 1

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        if self.current_player != CHANCE:
            return ()
        pool = DECK if self.phase == "between" else self.stock
        p = Fraction(1, len(pool))
        return tuple((CODES[c], p) for c in pool)

    # --- legality ---------------------------------------------------------------------
    def legal_actions(self) -> tuple[str, ...]:
        if self.current_player < 0:
            return ()
        p = self.actor
        out: list[str] = []
        if self.phase == "draw":
            out = ["draw:0", "draw:1", "draw:2"]
        elif self.phase == "follow":
            out = ["decline"]
            floor = self.floors[p]
            out += [f"take:f{i + 1}" for i in range(len(floor))]
            if self.step == 2:
                out += [f"turn:f{i + 1}" for i, s in enumerate(floor) if not s[1]]
        elif self.phase == "interact":
            out = ["pass"]
            h, f = len(self.hands[p]), len(self.floors[p])
            d = sum(1 for s in self.floors[p] if not s[1])
            if f >= 3:
                out += [f"swap:{CODES[c]}:f{i + 1}" for c, _ in self.hands[p] for i in range(f)]
            if h == 2 and d >= 2 and f in (3, 4):
                out += [f"late:take:f{i + 1}" for i in range(f)]
                if f == 4:
                    out += [f"late:turn:f{i + 1}" for i, s in enumerate(self.floors[p]) if not s[1]]
            if self.centre and f <= 3 and h + f <= 5:
                out += [f"centre:c{i + 1}" for i in range(len(self.centre))]
        elif self.phase == "bet":
            out = self._bet_actions(p)
        return tuple(sorted(out))

    def _bet_actions(self, p: int) -> list[str]:
        to_call = max(self.round_put) - self.round_put[p]
        unit = self._unit()
        if to_call == 0:
            out = ["check"]
            if self.raises == 0 and self.chips[p] >= unit:
                out.append("bet")
            return out
        out = ["fold", "call"]
        if self.raises < 1 + self._rules.stakes.max_raises and self.chips[p] >= to_call + unit:
            out.append("raise")
        return out

    def _unit(self) -> int:
        st = self._rules.stakes
        return st.small_bet if self.bet_round == 1 else st.big_bet

    def parse_action(self, text: str) -> object:
        return parse_action(text)

    def format_action(self, action: object) -> str:
        if not isinstance(action, tuple):
            raise InvalidNotationError(msg("{action} is not a structured Chabashi action", action=repr(action)))
        return format_action(action)

    def apply(self, action: str) -> ChabashiState:
        result = State.apply(self, action)
        assert isinstance(result, ChabashiState)
        return result

    def explain_illegal(self, action: str) -> str:
        kind = parse_action(action)[0]
        phase = self.phase
        names = {"draw": msg("step 6 (extra floor draws)"), "follow": msg("the step-6 follow-up"),
                 "bet": msg("a betting round"), "interact": msg("step 8 (interaction)"), "between": msg("the deal"),
                 "deal": msg("the deal"), "drawcard": msg("a step-6 draw"), "over": msg("the end of the session")}
        where = names.get(phase, phase)
        if kind == "card":
            return msg("{action} is not a card being dealt now: it is {where}", action=action, where=where)
        if kind == "draw":
            if phase in ("bet", "interact") or (phase == "between" and self.hand_no > 0):
                return msg("a draw after step 6 is not allowed: extra floor draws happen only in step 6")
            return msg("drawing is not possible now: it is {where}", where=where)
        if kind in BETS:
            return self._why_not_bet(kind, where)
        if phase == "follow" and kind in ("take", "turn"):
            return self._why_not_follow(action, kind)
        if phase == "interact" and kind in ("swap", "late:take", "late:turn", "centre"):
            return self._why_not_interact(action, kind)
        if phase in ("between", "deal", "drawcard", "over"):
            return msg("{action} is not possible now: it is {where}", action=action, where=where)
        return msg("{action} is not possible in {where}", action=action, where=where)

    def _why_not_bet(self, kind: str, where: str) -> str:
        if self.phase != "bet":
            return msg("{kind} is a betting action, but it is {where}, not a betting round", kind=kind, where=where)
        p = self.actor
        to_call = max(self.round_put) - self.round_put[p]
        if kind == "check":
            return msg("cannot check: there are {to_call} chips to call", to_call=to_call)
        if kind == "fold":
            return msg("folding is offered only when facing a bet")
        if kind == "call":
            return msg("there is nothing to call: check or bet")
        if kind == "bet":
            if self.raises:
                return msg("there is already a bet in this round: call, raise or fold")
            return msg("a bet is one full unit of {unit} chips and you have {chips}", unit=self._unit(), chips=self.chips[p])
        if self.raises >= 1 + self._rules.stakes.max_raises:
            return msg("the cap is reached: one bet and at most three raises per round")
        return msg("a raise needs {to_call} chips and you have {chips}", to_call=to_call + self._unit(), chips=self.chips[p])

    def _why_not_follow(self, action: str, kind: str) -> str:
        p = self.actor
        if kind == "turn" and self.step != 2:
            return msg("turning a card face up is the 6-2 follow-up: it needs a draw of two cards")
        pos = parse_action(action)[1]
        if pos > len(self.floors[p]):
            return msg("there is no floor card {pos}: the floor has {count} cards", pos=pos, count=len(self.floors[p]))
        return msg("floor card {pos} is already face up", pos=pos)

    def _why_not_interact(self, action: str, kind: str) -> str:
        p = self.actor
        h, f = len(self.hands[p]), len(self.floors[p])
        d = sum(1 for s in self.floors[p] if not s[1])
        if kind == "swap":
            if f < 3:
                return msg("an 8-1 swap needs at least 3 floor cards (this floor has {count})", count=f)
            _, c, pos = parse_action(action)
            if all(CODES[x] != c for x, _ in self.hands[p]):
                return msg("{card} is not in your hand", card=c)
            return msg("there is no floor card {pos}: the floor has {count} cards", pos=pos, count=f)
        if kind.startswith("late"):
            if h != 2 or d < 2 or f not in (3, 4):
                return msg("8-2 needs 2 hand cards, at least 2 face-down floor cards and 3 or 4 floor cards "
                           "(you have h={h}, d={d}, f={f})", h=h, d=d, f=f)
            if kind == "late:turn" and f != 4:
                return msg("8-2 can turn a card face up only with 4 floor cards (the 6-2 follow-up)")
            return msg("no such face-down floor card")
        if not self.centre:
            return msg("8-3 needs a card in the centre, and the centre is empty")
        if f > 3 or h + f > 5:
            return msg("8-3 needs f ≤ 3 and h + f ≤ 5 (you have h={h}, f={f})", h=h, f=f)
        return msg("there is no centre card {card}", card=parse_action(action)[1])

    # --- transitions ------------------------------------------------------------------
    def _apply(self, action: str) -> ChabashiState:
        m = Transition(self)
        a = parse_action(action)
        kind = a[0]
        if kind == "card":
            m.deal(card(a[1]))
        elif kind == "draw":
            m.draw(a[1])
        elif self.phase == "follow":
            m.follow(a)
        elif self.phase == "interact":
            m.interact(a)
        else:
            m.bet(kind)
        return m.freeze()

    # --- knowledge --------------------------------------------------------------------
    def _knows(self, seat: int, knowers: int) -> bool:
        if seat < 0:
            return knowers == self.all_mask
        return bool(knowers >> seat & 1)

    def known_cards(self, seat: int) -> set[int]:
        """The cards ``seat`` knows where they lie now."""
        out = set(self.dfloor)
        for c, _, k in self.centre:
            if self._knows(seat, k):
                out.add(c)
        for row in self.floors:
            for c, _, k in row:
                if self._knows(seat, k):
                    out.add(c)
        for hrow in self.hands:
            for c, k in hrow:
                if self._knows(seat, k):
                    out.add(c)
        return out

    def hidden_tokens(self, seat: int) -> frozenset[str]:
        known = self.known_cards(seat)
        return frozenset(CODES[c] for c in DECK if c not in known)

    def _observation(self, seat: int) -> dict[str, JSON]:
        def show(c: int, k: int) -> str | None:
            return CODES[c] if self._knows(seat, k) else None

        n = self.n
        to_call = 0
        if self.phase == "bet":
            to_call = max(self.round_put) - self.round_put[self.actor]
        obs: dict[str, JSON] = {
            "seat": seat,
            "players": n,
            "hand_no": self.hand_no,
            "hand_limit": self._rules.hand_limit,
            "phase": self.phase,
            "to_act": self.current_player,
            "dealer": None if self.two_player or self.hand_no == 0 else self.dealer,
            "dealing_seat": self.dealer if self.hand_no else None,
            "two_player": self.two_player,
            "seat_order": list(self.players),
            "chips": list(self.chips),
            "active": list(self.active),
            "carry": self.carry,
            "stock": len(self.stock),
            "dealer_floor": [CODES[c] for c in self.dfloor],
            "centre": [{"card": show(c, k), "up": up} for c, up, k in self.centre],
            "floors": [[{"card": show(c, k), "up": up} for c, up, k in row] for row in self.floors]
            or [[] for _ in range(n)],
            "hands": [[show(c, k) for c, k in row] for row in self.hands] or [[] for _ in range(n)],
            "folded": list(self.folded) or [False] * n,
            "contrib": list(self.contrib) or [0] * n,
            "pot": sum(self.contrib),
            "bet_round": self.bet_round,
            "round_put": list(self.round_put) or [0] * n,
            "raises": self.raises,
            "to_call": to_call,
            "bet_unit": self._unit() if self.bet_round else 0,
            "drawn": self.step if self.phase == "follow" else None,
            "log": [_event_json(e) for e in self.log],
            "result": _thaw(self.result) if self.result else None,
        }
        return obs

    def returns(self) -> tuple[float, ...]:
        base = self._rules.stakes.bankroll
        return tuple(float(c - base) for c in self.chips)

    def describe(self, action: str, lang: str = "en") -> str:
        return describe(action, lang)

    def invariant_ok(self) -> bool:
        """§4.8: h ∈ {2, 3}, 2 ≤ f ≤ 4, h + f ≤ 6 for every player once the deal is done."""
        if self.phase in ("between", "deal", "over") or not self.players:
            return True
        for p in self.players:
            h, f = len(self.hands[p]), len(self.floors[p])
            if h not in (2, 3) or not 2 <= f <= 4 or h + f > 6:
                return False
        return True


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        if len(value) == 2 and value[0] == "__list__":
            return [_thaw(v) for v in value[1]]
        return {k: _thaw(v) for k, v in value}
    return value


def _event_json(e: tuple[Any, ...]) -> dict[str, JSON]:
    out: dict[str, JSON] = {"event": e[0], "seat": e[1]}
    if len(e) > 2:
        out["value"] = e[2]
    return out
