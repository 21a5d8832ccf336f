"""The rule steps of a Chabashi hand, applied to a mutable working copy of a state.

:meth:`ChabashiState._apply` makes a :class:`Transition`, calls the step the action names (the
deal, the step-6 draws and follow-ups, the step-8 interactions, betting, the showdown, the end
of a hand) and freezes the result into a new immutable state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import DECK, card
from .hands import HandValue
from .rules import DealerMode, FirstDealer
from .scoring import build_pots

if TYPE_CHECKING:
    from .state import ChabashiState


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return ("__list__", tuple(_freeze(v) for v in value))
    return value


class Transition:
    """A mutable working copy of a state for one transition."""

    def __init__(self, s: ChabashiState) -> None:
        self.s = s
        self.r = s.rules
        self.n = s.n
        self.chips = list(s.chips)
        self.active = list(s.active)
        self.carry = s.carry
        self.hand_no = s.hand_no
        self.dealer = s.dealer
        self.two_player = s.two_player
        self.players = s.players
        self.phase = s.phase
        self.actor = s.actor
        self.step = s.step
        self.queue = list(s.queue)
        self.dfloor = list(s.dfloor)
        self.centre = list(s.centre)
        self.floors = [list(row) for row in s.floors]
        self.hands = [list(row) for row in s.hands]
        self.stock = list(s.stock)
        self.folded = list(s.folded)
        self.contrib = list(s.contrib)
        self.bet_round = s.bet_round
        self.round_put = list(s.round_put)
        self.raises = s.raises
        self.acted = list(s.acted)
        self.log = list(s.log)
        self.result: dict[str, Any] = {}
        self.result_frozen = s.result
        self.all = (1 << s.n) - 1

    def freeze(self) -> ChabashiState:
        return type(self.s)(
            self.r, self.n, tuple(self.chips), tuple(self.active), self.carry, self.hand_no, self.dealer,
            self.two_player, self.players, self.phase, self.actor, self.step, tuple(self.queue),
            tuple(self.dfloor), tuple(self.centre), tuple(tuple(r) for r in self.floors),
            tuple(tuple(r) for r in self.hands), tuple(self.stock), tuple(self.folded), tuple(self.contrib),
            self.bet_round, tuple(self.round_put), self.raises, tuple(self.acted), tuple(self.log),
            _freeze(self.result) if self.result else self.result_frozen,
        )

    # --- the deal ---------------------------------------------------------------------
    def start_hand(self) -> None:
        seats = [i for i in range(self.n) if self.active[i]]
        if self.hand_no:
            d = _next_seat(self.dealer, self.active, self.n)
        else:  # the first hand (§3.1 leaves it open: rules data)
            d = seats[0] if self.r.first_dealer == FirstDealer.FIRST_SEAT else seats[-1]
        self.dealer = d
        self.hand_no += 1
        self.two_player = len(seats) < 3
        order = [(d + k) % self.n for k in range(1, self.n + 1) if self.active[(d + k) % self.n]]
        self.players = tuple(order if self.two_player else order[:-1])
        self.dfloor, self.centre = [], []
        self.floors = [[] for _ in range(self.n)]
        self.hands = [[] for _ in range(self.n)]
        self.stock = list(DECK)
        self.folded = [False] * self.n
        self.contrib = [0] * self.n
        self.bet_round, self.round_put, self.raises, self.acted = 0, [0] * self.n, 0, [False] * self.n
        self.log = []
        self.result, self.result_frozen = {}, ()
        for p in self.players:
            a = min(self.r.stakes.ante, self.chips[p])
            self.chips[p] -= a
            self.contrib[p] = a
        self.phase, self.step, self.actor = "deal", 0, -1

    def deal_plan(self) -> list[tuple[str, int, bool]]:
        plan: list[tuple[str, int, bool]] = []
        if not self.two_player:
            plan += [("dealer", -1, True)] * 4
        plan += [("centre", -1, True), ("centre", -1, False)]
        plan += [("floor", p, True) for p in self.players] + [("floor", p, False) for p in self.players]
        plan += [("hand", p, False) for p in self.players] * 2
        return plan

    def deal(self, c: int) -> None:
        if self.phase == "between":
            self.start_hand()
        self.stock.remove(c)
        if self.phase == "drawcard":
            p = self.actor
            self.floors[p].append((c, False, 0))
            self.step -= 1
            if self.step == 0:
                k = len(self.floors[p]) - 2
                self.phase, self.step = "follow", k
            return
        zone, p, up = self.deal_plan()[self.step]
        if zone == "dealer":
            self.dfloor.append(c)
        elif zone == "centre":
            self.centre.append((c, up, self.all if up else 0))
        elif zone == "floor":
            self.floors[p].append((c, up, self.all if up else 0))
        else:
            self.hands[p].append((c, 1 << p))
        self.step += 1
        if self.step == len(self.deal_plan()):
            self.phase = "draw"
            self.queue = list(self.players)
            self.actor = self.queue[0]

    # --- step 6 -----------------------------------------------------------------------
    def draw(self, k: int) -> None:
        p = self.actor
        self.log.append(("draw", p, k))
        if k == 0:
            self.next_drawer()
        else:
            self.phase, self.step = "drawcard", k

    def next_drawer(self) -> None:
        self.queue.pop(0)
        if self.queue:
            self.phase, self.actor, self.step = "draw", self.queue[0], 0
        else:
            self.start_betting(1)

    def to_hand(self, p: int, pos: int) -> None:
        c, _, k = self.floors[p].pop(pos - 1)
        self.hands[p].append((c, k | 1 << p))

    def turn_up(self, p: int, pos: int) -> None:
        c, _, _ = self.floors[p][pos - 1]
        self.floors[p][pos - 1] = (c, True, self.all)

    def follow(self, a: tuple[Any, ...]) -> None:
        p = self.actor
        if a[0] == "take":
            self.to_hand(p, a[1])
            self.log.append(("take", p, a[1]))
        elif a[0] == "turn":
            self.turn_up(p, a[1])
            self.log.append(("turn", p, a[1]))
        else:
            self.log.append(("decline", p))
        self.step = 0
        self.next_drawer()

    # --- step 8 -----------------------------------------------------------------------
    def interact(self, a: tuple[Any, ...]) -> None:
        p = self.actor
        kind = a[0]
        if kind == "swap":
            c = card(a[1])
            self.hands[p] = [(x, 1 << p) for x, _ in self.hands[p] if x != c]
            self.centre.append((c, False, 1 << p))
            self.to_hand(p, a[2])
            self.log.append(("swap", p, a[2]))
        elif kind == "late:take":
            self.to_hand(p, a[1])
            self.log.append(("late-take", p, a[1]))
        elif kind == "late:turn":
            self.turn_up(p, a[1])
            self.log.append(("late-turn", p, a[1]))
        elif kind == "centre":
            self.floors[p].append(self.centre.pop(a[1] - 1))
            self.log.append(("centre", p, a[1]))
        else:
            self.log.append(("pass", p))
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self.start_betting(2)

    # --- betting ----------------------------------------------------------------------
    def live(self) -> list[int]:
        return [p for p in self.players if not self.folded[p]]

    def start_betting(self, rnd: int) -> None:
        self.phase, self.bet_round, self.raises = "bet", rnd, 0
        self.round_put, self.acted = [0] * self.n, [False] * self.n
        with_chips = [p for p in self.live() if self.chips[p] > 0]
        if len(with_chips) < 2:
            self.log.append(("skip", -1, rnd))
            self.end_round()
        else:
            self.actor = with_chips[0]

    def bet(self, kind: str) -> None:
        p = self.actor
        st = self.r.stakes
        unit = st.small_bet if self.bet_round == 1 else st.big_bet
        to_call = max(self.round_put) - self.round_put[p]
        put = 0
        if kind == "fold":
            self.folded[p] = True
        elif kind == "call":
            put = min(to_call, self.chips[p])
        elif kind == "bet":
            put = unit
            self.raises += 1
        elif kind == "raise":
            put = to_call + unit
            self.raises += 1
        self.chips[p] -= put
        self.round_put[p] += put
        self.contrib[p] += put
        self.acted[p] = True
        self.log.append((kind, p, put))
        live = self.live()
        if len(live) == 1:
            self.everybody_folded(live[0])
            return
        top = max(self.round_put)
        order = list(self.players)
        i = order.index(p)
        for q in order[i + 1:] + order[: i + 1]:
            if not self.folded[q] and self.chips[q] > 0 and (not self.acted[q] or self.round_put[q] < top):
                self.actor = q
                return
        self.end_round()

    def end_round(self) -> None:
        if self.bet_round == 1:
            self.phase = "interact"
            self.queue = self.live()
            self.actor = self.queue[0]
        else:
            self.showdown()

    # --- the end of a hand ------------------------------------------------------------
    def everybody_folded(self, winner: int) -> None:
        total = sum(self.contrib) + self.carry
        self.chips[winner] += total
        self.result = {"hand_no": self.hand_no, "showdown": False, "winner": winner, "amount": total,
                       "carry_in": self.carry, "carry_out": 0, "hands": [], "dealer_hand": None, "pots": []}
        self.carry = 0
        self.end_hand()

    def showdown(self) -> None:
        ev = self.s.evaluator
        live = self.live()
        for p in live:
            self.floors[p] = [(c, up, self.all) for c, up, _ in self.floors[p]]
            self.hands[p] = sorted((c, self.all) for c, _ in self.hands[p])  # (laid face up in card order)
        self.centre = [(c, up, self.all) for c, up, _ in self.centre]
        values: dict[int, HandValue] = {}
        for p in live:
            values[p] = ev.best([c for c, _ in self.hands[p]], [c for c, _, _ in self.floors[p]])
        dealer_value: HandValue | None = None
        if not self.two_player:
            dealer_value = ev.best_dealer([c for c, _, _ in self.centre], self.dfloor)
        pots = build_pots(self.contrib, live, self.carry)
        carry_in, self.carry = self.carry, 0
        pot_info: list[dict[str, Any]] = []
        mode = self.r.dealer_mode
        for amount, contestants in pots:
            info: dict[str, Any] = {"amount": amount, "contestants": list(contestants)}
            if len(contestants) == 1:
                self.chips[contestants[0]] += amount
                info.update(outcome="returned", winner=contestants[0])
            else:
                best = max(contestants, key=lambda q: values[q].key)
                dealer_wins = dealer_value is not None and dealer_value.key > values[best].key
                if dealer_wins and mode == DealerMode.QUALIFIER:
                    self.carry += amount
                    info.update(outcome="carried", winner=None)
                elif dealer_wins and mode == DealerMode.DEALER_COLLECTS:
                    self.chips[self.dealer] += amount
                    info.update(outcome="dealer", winner=self.dealer)
                else:
                    self.chips[best] += amount
                    info.update(outcome="won", winner=best)
            pot_info.append(info)
        floors = self.floors

        def shown(p: int, v: HandValue) -> dict[str, Any]:
            row = [c for c, _, _ in floors[p]]
            return {"seat": p, **v.to_json(), "pair_positions": [row.index(c) + 1 for c in v.pair]}

        self.result = {
            "hand_no": self.hand_no, "showdown": True, "winner": None, "amount": 0,
            "carry_in": carry_in, "carry_out": self.carry,
            "hands": [shown(p, values[p]) for p in live],
            "dealer_hand": None if dealer_value is None else dealer_value.to_json(),
            "pots": pot_info,
        }
        self.end_hand()

    def end_hand(self) -> None:
        self.phase, self.actor, self.queue, self.step = "between", -1, [], 0
        self.bet_round = 0
        self.round_put, self.acted, self.raises = [0] * self.n, [False] * self.n, 0
        self.contrib = [0] * self.n
        for i in range(self.n):
            if self.chips[i] == 0:
                self.active[i] = False
        left = [i for i in range(self.n) if self.active[i]]
        limit = self.r.hand_limit
        if len(left) <= 1 or (limit and self.hand_no >= limit):
            self.phase = "over"
            if self.carry:
                share, extra = divmod(self.carry, len(left))
                for i in left:
                    self.chips[i] += share
                order = [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
                for i in [q for q in order if self.active[q]][:extra]:
                    self.chips[i] += 1
                self.result["carry_shared"] = self.carry
                self.carry = 0


def _next_seat(after: int, active: Sequence[bool], n: int) -> int:
    for k in range(1, n + 1):
        if active[(after + k) % n]:
            return (after + k) % n
    raise AssertionError("no seat left")  # pragma: no cover
