"""Chabashi bots: ``random``, ``calling``, ``normal`` and ``strong`` (weakest first).

Every bot sees only a :class:`~pyengine.ai.bot.BotView`: its seat's observation (the cards that
seat knows, the public history) and the legal actions.  Nothing is kept between calls (only pure
caches: decoded rules, evaluator tables, the strength table): the page builds a fresh bot for every
decision.  The hidden cards (the seat's own face-down floor cards,
the other players' unseen cards, face-down centre cards, cards still to be drawn) are *resampled*
uniformly from the cards the seat has not seen, with the bot's own seeded generator, so no bot can
cheat by construction.

* ``random``: uniform over the legal actions.
* ``calling``: the calling station.  It never folds and never raises (or bets): it checks when it
  can and calls otherwise.  Its card play is fixed and simple: draw two, no follow-up, pass.
* ``normal``: draws, follow-ups and step-8 interactions maximise the *expected strength* of its
  own final hand (the percentile of the hand among typical final hands, a value that orders hands
  by category first), ignoring the opponents; bets by fixed thresholds on that strength.
* ``strong``: estimates its share of the pot against every opponent still in the hand (and the
  dealer hand, whose qualifier sends pots to the next hand) from exactly what its seat knows, by
  seeded sampling; opponents' bets and raises make their strong hands more likely (a likelihood
  weight).  Draws and interactions maximise that expected share over common samples; bets, raises,
  calls and folds follow pot odds, with randomised (mixed) value bets, slow plays and bluffs.

The sampling levels do a fixed amount of work (``samples`` per card-play decision,
``bet_samples`` or ``samples`` per betting decision), so a decision depends only on the view
and the generator.  ``view.budget`` only arms the wall-clock safety net
(:class:`~pyengine.ai.bot.SafetyNet`, 10 × the budget): if a far too slow device trips it,
the bot plays what the calling station would.

>>> from pyengine.chabashi.game import GAME
>>> from pyengine.ai.bot import BotView
>>> from pyengine.core import Pcg32, sample_chance
>>> s, rng = GAME.new_initial_state(num_players=3), Pcg32(5)
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, rng))
>>> view = BotView("chabashi", s.rules.encode(), s.current_player, s.observation(s.current_player),
...                s.legal_actions(), 0.4)
>>> StrongBot(Pcg32(1)).act(view) in view.legal
True
>>> list(LEVELS)
['random', 'calling', 'normal', 'strong']
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...chabashi.cards import BIT, DECK, card
from ...chabashi.hands import Evaluator, evaluator
from ...chabashi.rules import ChabashiRules, DealerMode
from ...core.rng import Pcg32
from ..bot import Bot, BotView, RandomBot, SafetyNet

__all__ = ["LEVELS", "CallingBot", "NormalBot", "RandomBot", "StrongBot", "Table", "calling_choice",
           "strength_table"]

_RULES: dict[str, ChabashiRules] = {}


def _rules(text: str) -> ChabashiRules:
    r = _RULES.get(text)
    if r is None:
        r = ChabashiRules.decode(text) if text else ChabashiRules()
        if len(_RULES) > 32:
            _RULES.clear()
        _RULES[text] = r
    return r


def _ev(r: ChabashiRules) -> Evaluator:
    return evaluator(r.hand_order, r.wiki_2025_05_21_hands)


# --- a reference distribution of final hands: "strength" as a percentile ----------------------
_STRENGTH: dict[int, list[int]] = {}


def strength_table(ev: Evaluator, samples: int = 1000) -> list[int]:
    """Sorted keys of ``samples`` typical final hands (2 hand cards, the best pair of 4 floor cards).

    Seeded and cached per evaluator, so the percentile of a key is the same in every process.
    """
    table = _STRENGTH.get(id(ev))
    if table is None:
        rng = Pcg32(2024, 0x57)
        keys = []
        for _ in range(samples):
            deck = list(DECK)
            for i in range(6):
                j = i + rng.below(36 - i)
                deck[i], deck[j] = deck[j], deck[i]
            keys.append(ev.best_key(deck[:2], deck[2:6])[0])
        table = _STRENGTH[id(ev)] = sorted(keys)
    return table


def percentile(table: Sequence[int], key: int) -> float:
    """The fraction of ``table`` below ``key`` (0.0 to 1.0)."""
    return bisect_left(table, key) / len(table)


# --- what a seat knows, and samples of what it does not -----------------------------------------
Deal = tuple[list[int], list[tuple[list[int], list[int]]], list[int], list[int]]
"""One sample: (my floor, [(hand, floor) per live opponent], centre, cards still to draw)."""


class Table:
    """One seat's knowledge of the current hand, from its observation only.

    Rows are lists of cards with ``None`` for a card the seat cannot see.  ``sample()`` fills every
    unseen card of the rows that matter (the seat's floor, the live opponents, the centre) plus
    ``extra`` cards still to be drawn, uniformly from the cards the seat has not seen.
    """

    def __init__(self, obs: Mapping[str, Any], rules: ChabashiRules) -> None:
        self.obs = obs
        self.rules = rules
        self.ev = _ev(rules)
        seat: int = obs["seat"]
        self.seat = seat
        self.players: list[int] = list(obs["seat_order"])
        folded = obs["folded"]
        self.opps = [p for p in self.players if p != seat and not folded[p]]
        seen: set[int] = {card(c) for c in obs["dealer_floor"]}
        self.dfloor = [card(c) for c in obs["dealer_floor"]]

        def row(entries: Sequence[Any]) -> list[int | None]:
            out: list[int | None] = []
            for e in entries:
                code = e.get("card") if isinstance(e, Mapping) else e
                if code is None:
                    out.append(None)
                else:
                    c = card(code)
                    seen.add(c)
                    out.append(c)
            return out

        all_hands = [row(h) for h in obs["hands"]]
        all_floors = [row(f) for f in obs["floors"]]
        self.centre = row(obs["centre"])
        self.hand: list[int] = [c for c in all_hands[seat] if c is not None]
        self.floor = all_floors[seat]
        self.opp_rows = [(all_hands[p], all_floors[p]) for p in self.opps]
        self.pool = [c for c in DECK if c not in seen]
        self.dealer = not obs["two_player"] and rules.dealer_mode != DealerMode.IGNORE
        self.qualifier = rules.dealer_mode == DealerMode.QUALIFIER
        self.carry_share = 1.0 / max(2, len(self.players))
        """What a carried-over pot is worth to this seat, as a share of it."""
        self._mine: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self._dpair: dict[int, int] = {}
        self._dealer: dict[tuple[int, ...], int] = {}

    # -- sampling ----------------------------------------------------------------------------
    def hidden(self) -> int:
        n = sum(1 for c in self.floor if c is None) + sum(1 for c in self.centre if c is None)
        for h, f in self.opp_rows:
            n += sum(1 for c in h if c is None) + sum(1 for c in f if c is None)
        return n

    def sample(self, rng: Pcg32, extra: int = 0) -> Deal:
        """One filled deal: ``(my floor, [(hand, floor) per live opponent], centre, extra cards)``."""
        deck = list(self.pool)
        need = min(len(deck), self.hidden() + extra)
        for i in range(need):
            j = i + rng.below(len(deck) - i)
            deck[i], deck[j] = deck[j], deck[i]
        at = 0

        def fill(r: Sequence[int | None]) -> list[int]:
            nonlocal at
            out = []
            for c in r:
                if c is None:
                    out.append(deck[at])
                    at += 1
                else:
                    out.append(c)
            return out

        floor = fill(self.floor)
        opps = [(fill(h), fill(f)) for h, f in self.opp_rows]
        centre = fill(self.centre)
        return floor, opps, centre, deck[at:at + extra]

    # -- evaluation --------------------------------------------------------------------------
    def key(self, hand: Sequence[int], floor: Sequence[int]) -> int:
        """The best key of a hand and floor (memoised for this decision)."""
        k = (tuple(sorted(hand)), tuple(sorted(floor)))
        v = self._mine.get(k)
        if v is None:
            v = self._mine[k] = self.ev.best_key(k[0], k[1])[0]
        return v

    def dealer_key(self, centre: Sequence[int]) -> int:
        """The dealer hand's key for this centre (-1 without a dealer hand that matters)."""
        if not self.dealer or not self.dfloor:
            return -1
        if len(centre) < 2:
            k = tuple(centre)
            v = self._dealer.get(k)
            if v is None:
                v = self._dealer[k] = self.ev.best_dealer(list(centre), self.dfloor).key
            return v
        best = -1
        memo = self._dpair
        for a, b in combinations(centre, 2):
            m = BIT[a] | BIT[b]
            v = memo.get(m)
            if v is None:
                v = memo[m] = self.ev.best_key((a, b), self.dfloor)[0]
            if v > best:
                best = v
        return best

    def share(self, mine: int, best_opp: int, dealer: int) -> float:
        """This seat's share of the pot at showdown (a carried-over pot counts for part of it)."""
        top = mine if mine > best_opp else best_opp
        if dealer > top:
            return self.carry_share if self.qualifier else 0.0
        return 1.0 if mine > best_opp else 0.0


def _aggression(obs: Mapping[str, Any], seat: int) -> int:
    """Bets and raises by ``seat`` in the current hand (public: the betting log)."""
    return sum(1 for e in obs["log"] if e["seat"] == seat and e["event"] in ("bet", "raise"))


def _pos(action: str) -> int:
    return int(action.rsplit(":", 1)[1][1:]) - 1


def _after(action: str, hand: list[int], floor: list[int], centre: list[int]) -> tuple[list[int], list[int],
                                                                                         list[int]]:
    """My hand, floor and the centre after one of my step-6 follow-ups or step-8 interactions."""
    if action.startswith(("take:", "late:take:")):
        i = _pos(action)
        return hand + [floor[i]], floor[:i] + floor[i + 1:], centre
    if action.startswith("swap:"):
        _, code, f = action.split(":")
        c = card(code)
        i = int(f[1:]) - 1
        return [x for x in hand if x != c] + [floor[i]], floor[:i] + floor[i + 1:], centre + [c]
    if action.startswith("centre:"):
        i = _pos(action)
        return hand, floor + [centre[i]], centre[:i] + centre[i + 1:]
    return hand, floor, centre  # pass, decline, turn, late:turn: the cards stay where they are


def _distinct(actions: Sequence[str], floor: Sequence[int | None], centre: Sequence[int | None]) -> list[str]:
    """The card-play options worth comparing, one per class of equivalent options.

    Turning a card face up never changes the cards, and every card this seat cannot see is equally
    likely to be any unseen card, so moving one unseen floor (or centre) card is worth exactly as
    much as moving another: only the first such option is kept.
    """
    out: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for a in actions:
        if "turn" in a:
            continue
        parts = a.split(":")
        ref = parts[-1]
        if ref[:1] == "f" and ref[1:].isdigit():
            c = floor[int(ref[1:]) - 1]
            parts[-1] = "f?" if c is None else f"f={c}"
        elif ref[:1] == "c" and ref[1:].isdigit():
            c = centre[int(ref[1:]) - 1]
            parts[-1] = "c?" if c is None else f"c={c}"
        sig = tuple(parts)
        if sig not in seen:
            seen.add(sig)
            out.append(a)
    return out


# --- the bots ----------------------------------------------------------------------------------
def calling_choice(legal: Sequence[str]) -> str:
    """What the calling station plays: check, call, draw two, decline, pass (the first legal)."""
    for a in ("check", "call", "draw:2", "decline", "pass"):
        if a in legal:
            return a
    return legal[0]


class CallingBot(Bot):
    """The calling station: checks or calls every time, never folds, never bets or raises.

    Card play is fixed: draw two cards, no follow-up, pass in step 8.
    """

    level = "calling"

    def act(self, view: BotView) -> str:
        return calling_choice(view.legal)


class _Tripped(Exception):
    """The safety net tripped: the decision falls back to :func:`calling_choice`."""


class _Sampler(Bot):
    """Shared machinery: the seat's table, samples, and the choice of draws and interactions."""

    samples = 120
    """Samples per card-play decision."""
    uses_opponents = False
    """Whether the value of a hand depends on the opponents' and the dealer's cards."""
    net: SafetyNet | None = None
    """The current decision's safety net (set by :meth:`act`)."""
    values: dict[str, float]
    """The mean value of each card-play option the last :meth:`choose_cards` compared."""

    def act(self, view: BotView) -> str:
        self.net = SafetyNet(view.budget)
        try:
            return self.decide(view, self.table(view))
        except _Tripped:
            return calling_choice(view.legal)

    def decide(self, view: BotView, t: Table) -> str:
        """The decision, from the seat's table (the level's own part)."""
        raise NotImplementedError

    def check_net(self) -> None:
        """Stop the decision (:class:`_Tripped`) if the safety net has tripped."""
        if self.net is not None and self.net.tripped():
            raise _Tripped

    def table(self, view: BotView) -> Table:
        return Table(view.observation, _rules(view.rules))

    def score(self, t: Table, mine: int, best_opp: int, centre: list[int]) -> float:
        """The value of my final key ``mine`` against the best opponent key and this centre."""
        raise NotImplementedError

    def weights(self, t: Table, keys: list[list[int]]) -> list[float]:
        return [1.0] * len(keys)

    def deals(self, view: BotView, t: Table, count: int, extra: int = 0) -> tuple[list[Deal], list[list[int]]]:
        """``count`` samples and, if the opponents matter, their keys."""
        out: list[Deal] = []
        keys: list[list[int]] = []
        for _ in range(count):
            d = t.sample(self.rng, extra)
            out.append(d)
            keys.append([t.key(h, f) for h, f in d[1]] if self.uses_opponents else [])
            if len(out) % 8 == 0:
                self.check_net()
        return out, keys

    def choose_cards(self, view: BotView, t: Table) -> str:
        """Draws, follow-ups and interactions: the best mean value over common samples.

        A step-6 draw is valued with its best follow-up, chosen (like the real follow-up) without
        seeing the drawn cards, which come face down; drawing fewer than two also keeps the step-8
        option of taking a centre card the seat can see, which is valued too."""
        phase = view.observation["phase"]
        plans: dict[str, list[tuple[int, str]]] = {}
        if phase == "draw":
            nf = len(t.floor)
            for k in (0, 1, 2):
                takes = [f"take:f{i + 1}" for i in range(nf + k)] if k else []
                # with k ≤ 1 step 8 may still take a centre card the seat can see (8-3)
                later = [f"centre:c{i + 1}" for i, c in enumerate(t.centre) if c is not None and k < 2]
                plans[f"draw:{k}"] = [(k, a) for a in _distinct(["decline", *takes, *later], t.floor + [None] * k,
                                                                 t.centre)]
        else:
            plans = {a: [(0, a)] for a in _distinct(view.legal, t.floor, t.centre)}
        if len(plans) == 1:
            return next(iter(plans))
        deals, keys = self.deals(view, t, self.samples, extra=2 if phase == "draw" else 0)
        weights = self.weights(t, keys)
        totals: dict[tuple[int, str], float] = {}
        for i, ((floor, _, centre, extra), w) in enumerate(zip(deals, weights, strict=False)):
            best_opp = max(keys[i], default=-1)
            for options in plans.values():
                for k, a in options:
                    h, fl, c = _after(a, t.hand, floor + extra[:k], centre)
                    totals[k, a] = totals.get((k, a), 0.0) + w * self.score(t, t.key(h, fl), best_opp, c)
            if i % 8 == 7:
                self.check_net()
        value = {a: max(totals[o] for o in options) for a, options in plans.items()}
        wsum = sum(weights)
        self.values = {a: v / wsum for a, v in value.items()} if wsum else {}
        # ties keep the most conservative option
        pref = ["pass", "decline", "draw:2", "draw:1", "draw:0"]
        return min(plans, key=lambda a: (-round(value[a], 9), pref.index(a) if a in pref else len(pref), a))


class NormalBot(_Sampler):
    """Plays its own cards for expected strength (ignoring the opponents); bets by thresholds.

    Strength is the percentile of its final hand among typical final hands, so it orders hands by
    category first.  Betting: raise from 0.85, bet from 0.70 (round 1) / 0.65 (round 2), call
    from 0.40 / 0.45, else check or fold.
    """

    level = "normal"
    samples = 48

    def score(self, t: Table, mine: int, best_opp: int, centre: list[int]) -> float:
        return percentile(strength_table(t.ev), mine)

    def strength(self, view: BotView, t: Table) -> float:
        deals, _ = self.deals(view, t, self.samples)
        return sum(self.score(t, t.key(t.hand, d[0]), -1, d[2]) for d in deals) / len(deals)

    def decide(self, view: BotView, t: Table) -> str:
        obs = view.observation
        legal = view.legal
        if obs["phase"] != "bet":
            return self.choose_cards(view, t)
        s = self.strength(view, t)
        first = obs["bet_round"] == 1
        if "raise" in legal and s >= 0.85:
            return "raise"
        if "bet" in legal and s >= (0.70 if first else 0.65):
            return "bet"
        if "check" in legal:
            return "check"
        if s >= (0.40 if first else 0.45):
            return "call"
        return "fold"


class StrongBot(_Sampler):
    """Equity against every opponent (and the dealer hand) by seeded sampling; pot-odds betting."""

    level = "strong"
    samples = 192
    bet_samples = 400
    uses_opponents = True
    agg_power = 2.0
    """Likelihood exponent per bet or raise of an opponent (on its hand's percentile)."""
    margins = (0.08, 0.05)
    """Bet or raise when the share exceeds the fair share 1/live by this much (round 1, round 2)."""
    raise_step = 0.12
    """Each bet or raise already made this round asks this much more share before re-raising."""
    bluffs = (0.10, 0.14)
    """Heads-up bluff frequency with a weak hand when nobody has bet (round 1, round 2)."""
    slow_play = 0.15
    """How often a very strong hand checks instead of betting."""
    why: dict[str, Any]
    """Why :meth:`analyse` chose its action (see there)."""

    def score(self, t: Table, mine: int, best_opp: int, centre: list[int]) -> float:
        return t.share(mine, best_opp, t.dealer_key(centre))

    def weights(self, t: Table, keys: list[list[int]]) -> list[float]:
        """Likelihood weights: an opponent who bet or raised more likely holds a strong hand.

        Each bet or raise multiplies a sample's weight by the opponent's percentile among the
        samples raised to ``agg_power``."""
        n = len(keys)
        w = [1.0] * n
        for j, p in enumerate(t.opps):
            agg = _aggression(t.obs, p)
            if not agg:
                continue
            order = sorted(range(n), key=lambda i: keys[i][j])
            power = self.agg_power * agg
            for rank, i in enumerate(order):
                w[i] *= ((rank + 0.5) / n) ** power
        return w

    def equity(self, view: BotView, t: Table) -> float:
        """The expected share of the pot at showdown if the cards stay where they are."""
        deals, keys = self.deals(view, t, self.bet_samples)
        weights = self.weights(t, keys)
        total = wsum = 0.0
        for (floor, _, centre, _), w, ks in zip(deals, weights, keys, strict=False):
            total += w * t.share(t.key(t.hand, floor), max(ks, default=-1), t.dealer_key(centre))
            wsum += w
        return total / wsum if wsum else 0.0

    def decide(self, view: BotView, t: Table) -> str:
        obs = view.observation
        if obs["phase"] != "bet":
            return self.choose_cards(view, t)
        return self.bet(view, t, self.equity(view, t))

    def analyse(self, view: BotView) -> tuple[str, float]:
        """What :meth:`act` plays with this generator and its equity (the expected share of the
        pot at showdown): the betting equity, or the chosen card play's mean share (the hand's
        present equity when there was nothing to compare).  No safety net: for hints.

        It also leaves why in :attr:`why`: the betting branch taken (:meth:`bet_why`), or for a
        card play ``{"why": "cards", "next": <the next best option>, "next_share": <its mean
        share>}`` (``"next": None`` when every option came to the same)."""
        self.net = None
        t = self.table(view)
        if view.observation["phase"] == "bet":
            s = self.equity(view, t)
            action, self.why = self.bet_why(view, t, s)
            return action, s
        self.values = {}
        action = self.choose_cards(view, t)
        chosen = self.values.get(action)
        rest = sorted(((v, a) for a, v in self.values.items() if a != action), key=lambda va: (-va[0], va[1]))
        self.why = {"why": "cards", "next": rest[0][1] if rest else None, "next_share": rest[0][0] if rest else None}
        return action, self.equity(view, t) if chosen is None else chosen

    def bet(self, view: BotView, t: Table, s: float) -> str:
        """Pot odds with mixing: value bets (sometimes slow-played), rare heads-up bluffs."""
        return self.bet_why(view, t, s)[0]

    def bet_why(self, view: BotView, t: Table, s: float) -> tuple[str, dict[str, Any]]:
        """:meth:`bet`'s action and the branch that chose it: ``{"why": <branch>, "pot", "to_call",
        "need", "fair", "live"}``, the branch one of ``check_free`` (no bet allowed), ``bet`` (the
        share beats the fair share 1/live by the margin), ``slow_play`` (a strong hand checked),
        ``bluff``, ``check``, ``raise``, ``call_mixed`` (a raise hand that calls), ``call`` (the share
        meets ``need``, the pot odds' price ``to_call / (pot + to_call)``) or ``fold``."""
        obs = view.observation
        legal = view.legal
        live = 1 + len(t.opps)
        pot = obs["pot"] + obs["carry"]
        to_call = obs["to_call"]
        fair = 1.0 / live
        u = self.rng.random()
        first = obs["bet_round"] == 1
        margin = self.margins[0 if first else 1]
        need = to_call / (pot + to_call) if to_call else 0.0
        figures = {"pot": pot, "to_call": to_call, "need": need, "fair": fair, "live": live}
        if to_call == 0:
            if "bet" not in legal:
                return "check", {"why": "check_free", **figures}
            if s > fair + margin:
                slow = self.slow_play if s > 0.8 else 0.0
                return ("check", {"why": "slow_play", **figures}) if u < slow else ("bet", {"why": "bet", **figures})
            if live == 2 and s < 0.25 and u < self.bluffs[0 if first else 1]:
                return "bet", {"why": "bluff", **figures}
            return "check", {"why": "check", **figures}
        if "raise" in legal and s > fair + margin + self.raise_step * obs["raises"]:
            return ("call", {"why": "call_mixed", **figures}) if u < 0.2 else ("raise", {"why": "raise", **figures})
        if s >= need:
            return "call", {"why": "call", **figures}
        return "fold", {"why": "fold", **figures}


LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "calling": CallingBot, "normal": NormalBot, "strong": StrongBot}
"""The Chabashi levels, weakest first."""
