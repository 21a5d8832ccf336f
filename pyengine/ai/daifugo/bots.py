"""The Daifugō bot levels: ``random``, ``greedy``, ``normal``, ``strong`` and ``master`` (weakest first).

Every bot sees only its :class:`~pyengine.ai.bot.BotView` and keeps no state between
calls (the page builds a fresh bot for each decision).

* ``greedy`` plays the UECda kit's standard-client strategy: it gives away its weakest
  cards, leads the longest sequence, else the largest group, else the weakest single
  (mirrored in revolution), follows with the weakest play that beats the field (singles
  from cards in no group or sequence, the joker only when nothing else fits), else passes.
* ``normal`` scores each action by hand division (the fewest plays still needed to empty the
  hand) and the value of the cards it keeps: it holds on to control cards (2s, jokers, 8s
  under 8-cut), locks when it can follow the suit, revolts when that turns its hand strong
  (any revolution the rules have: four of a kind, three 9s under coup d'état, …), and weighs
  what it keeps in the order that outlasts an 11-back.
  It counts the weakest cards a 7-pass or 10-discard will shed as already gone, and as
  Q-bomber names, one by one, the ranks whose discard most improves its own hand.
* ``strong`` is a determinized Monte-Carlo search: hidden hands are guessed consistently with
  what the seat saw (cards played, exchanges, counts) and weighted by how plausible they make
  the opponents' passes; each candidate action is played out to the end of the game with a
  light policy; the best mean points on the preset's scale wins.  When only two players
  hold cards and nothing is hidden, an exact search decides.  The exchange is simulated too.
  Its work is counted, never timed: 320 playouts, at most 6000 endgame nodes.  The wall-clock
  safety net (:class:`~pyengine.ai.bot.SafetyNet`, 10 × ``view.budget``) only guards a far
  too slow device: if it trips, the normal level's first choice is played.
* ``master`` is that search as the UECda tournament client plays it, less its model of the
  kit's standard client: 720 playouts, a halving search (every candidate gets 40% of them,
  the best three share the rest) and playouts that answer a field as that client would
  (``smart_move``); where a play calls for a follow-up (party), playouts that play as that client.

>>> from pyengine.daifugo import GAME
>>> list(LEVELS)
['random', 'greedy', 'normal', 'strong', 'master']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import (
    EMPEROR,
    GROUP,
    JOKER,
    JOKER_BITS,
    NATURALS,
    RANKS,
    SEQ,
    SINGLE,
    Play,
    bits_of,
    fmt_cards,
    play_cards,
    rank_count,
)
from ...daifugo.ctx import Ctx
from ...daifugo.engine import PLAY, R_SEVEN, R_TEN, Engine
from ...daifugo.triggers import chases, revolts_at
from ..bot import Bot, BotView, RandomBot, SafetyNet
from .division import card_value, division, weakness
from .endgame import EndgameSolver, OverBudget
from .knowledge import Knowledge, to_internal
from .places import place_of, place_values, points_table
from .playout import POLICIES, playout, strongest_missing_ranks, weakest_in_order
from .standard_client import free_cards
from .worlds import Worlds

# --- helpers --------------------------------------------------------------------------------------


def _plays(view: BotView) -> list[tuple[str, Any]]:
    out = []
    for a in view.legal:
        out.append((a, to_internal(a, 0)))
    return out


def _set_action(view: BotView, kind: str, cards: int) -> str | None:
    text = f"{kind}:{fmt_cards(cards)}"
    return text if text in view.legal else None


def _bomb_ranks(view: BotView, hand: int, k: int, inv: bool) -> str:
    """Name the strongest ranks the bot does not hold (up to ``k``)."""
    names = sorted(strongest_missing_ranks(hand, k, inv))
    text = "bomb:" + (".".join(RANKS[r - 1] for r in names) or "-")
    return text if text in view.legal else view.legal[0]


# --- greedy: the UECda standard client --------------------------------------------------------------


class GreedyBot(Bot):
    """The UECda kit's standard-client strategy (see the module docstring)."""

    level = "greedy"

    def act(self, view: BotView) -> str:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        k = Knowledge(view)
        hand = k.hand
        phase = str(obs["phase"])
        inv = k.inverted
        pending = obs.get("pending") or {}
        if phase == "return":
            got = _set_action(view, "return", weakest_in_order(hand & NATURALS, int(pending.get("count", 1)), False))
            return got or legal[0]
        if phase in ("seven_pass", "ten_discard"):
            up_to = int(pending.get("up_to", 1))
            got = _set_action(view, "give" if phase == "seven_pass" else "discard",
                              weakest_in_order(hand & NATURALS, up_to, False))
            return got or legal[-1]
        if phase == "q_bomber":
            return _bomb_ranks(view, hand, int(pending.get("up_to", 1)), inv)
        if phase == "revolution_choice":
            return "revolt:yes" if _mean_rank(hand) < 7 else "revolt:no"
        if phase != "play":
            return "pass" if "pass" in legal else legal[0]
        plays = [(a, m) for a, m in _plays(view) if m[0] != 0]
        if not plays:
            return "pass"
        if k.field is None:
            return self._lead(plays, inv)
        return self._follow(plays, hand, k, inv) or ("pass" if "pass" in legal else plays[0][0])

    @staticmethod
    def _lead(plays: list[tuple[str, Play]], inv: bool) -> str:
        seqs = [(a, m) for a, m in plays if m[0] == SEQ]
        if seqs:
            return min(seqs, key=lambda am: (-am[1][1], weakness(am[1], inv), am[1][4]))[0]
        groups = [(a, m) for a, m in plays if m[0] == GROUP]
        if groups:
            return min(groups, key=lambda am: (-am[1][1], weakness(am[1], inv), am[1][4]))[0]
        singles = [(a, m) for a, m in plays if m[0] == SINGLE]
        if singles:
            return min(singles, key=lambda am: weakness(am[1], inv))[0]
        return plays[0][0]

    @staticmethod
    def _follow(plays: list[tuple[str, Play]], hand: int, k: Knowledge, inv: bool) -> str | None:
        f = k.field
        assert f is not None
        form = f[0]
        nat = hand & NATURALS
        if form == SINGLE:
            free = free_cards(nat, k.cx)
            singles = [(a, m) for a, m in plays if m[0] == SINGLE and m[3] & free and weakness(m, inv) > weakness(f, inv)]
            if singles:
                return min(singles, key=lambda am: weakness(am[1], inv))[0]
            for a, m in plays:
                if m[0] == JOKER:
                    return a
            return None
        if form == GROUP:
            size = f[1]
            exact = []
            joker = []
            for a, m in plays:
                if m[0] != GROUP or m[1] != size:
                    continue
                count = (nat >> (4 * (m[2] - 1)) & 15).bit_count()
                if not m[4] and count == size:
                    exact.append((a, m))
                elif m[4] == 1 and count == size - 1:
                    joker.append((a, m))
            pool = exact or joker
            if pool:
                return min(pool, key=lambda am: weakness(am[1], inv))[0]
            return None
        if form in (SEQ, EMPEROR):
            same = [(a, m) for a, m in plays if m[0] == form and m[1] == f[1]]
            natural = [(a, m) for a, m in same if not m[4]]
            pool = natural or same
            if pool:
                return min(pool, key=lambda am: (weakness(am[1], inv), am[1][4]))[0]
            return None
        return None


def _mean_rank(hand: int) -> float:
    nat = bits_of(hand & NATURALS)
    if not nat:
        return 7.0
    return sum((i >> 2) + 1 for i in nat) / len(nat)


# --- normal: hand division ----------------------------------------------------------------------------


def hand_score(hand: int, inv: bool, cx: Ctx, unseen: int | None = None) -> float:
    """Higher is better: fewer plays still needed to go out, minus the tricks sure to be won.

    A rank is a *control* when no unseen card outranks it (an 8 under 8-cut always is; each
    joker is one).  ``unseen`` defaults to every card not in ``hand``.
    """
    size = hand.bit_count()
    if not size:
        return 100.0
    if unseen is None:
        unseen = cx.deck & ~hand
    moves = division(hand, cx)
    nat_unseen = unseen & NATURALS
    jk_unseen = bool(unseen & JOKER_BITS)
    # the strongest unseen rank in the order in force
    top = 0
    if nat_unseen:
        if inv:
            top = (nat_unseen & -nat_unseen).bit_length() - 1 >> 2
            top = 13 - top  # strength index: 13 - (rank-1)
        else:
            top = (nat_unseen.bit_length() - 1 >> 2) + 1
    controls = 0.0
    value = 0.0
    forbidden_only = cx.any_ff
    for r in range(1, 14):
        nib = hand >> (4 * (r - 1)) & 15
        if not nib:
            continue
        strength = 14 - r if inv else r
        v = (strength - 1) / 12
        value += v * nib.bit_count()
        if strength >= top:
            controls += 0.6 if jk_unseen else 1.0
        elif cx.eight_cut and r == 6:
            controls += 0.8
        if forbidden_only:
            top_rank = 1 if inv else 13
            if not (cx.ff_top and r == top_rank) and not (cx.ff_eight and r == 6):
                forbidden_only = False
    jokers = (hand >> 52 & 1) + (hand >> 53 & 1)
    controls += jokers
    value += 1.2 * jokers
    if forbidden_only and not (jokers and not cx.ff_joker):
        controls -= 2.0  # these cards cannot be the last play
    return float(-moves + 0.9 * controls + 0.04 * value)


def _follow_up_shed(m: Play, after: int, inv: bool, cx: Ctx) -> int:
    """The cards a 7-pass or 10-discard after ``m`` would shed (the weakest ones left)."""
    if m[0] not in (SINGLE, GROUP, SEQ, EMPEROR) or not after:
        return 0
    k = rank_count(m, R_SEVEN) if cx.seven else 0
    if not k and cx.ten:
        k = rank_count(m, R_TEN)
    return weakest_in_order(after & NATURALS, min(k, after.bit_count() - 1), inv)


def play_score(m: Play, hand: int, k: Knowledge, world: Engine | None) -> float:
    """The normal level's score of play ``m`` (higher is better)."""
    cx = k.cx
    inv = k.inverted
    cards = play_cards(m, hand)
    after = hand & ~cards
    if not after:
        if world is not None and cx.any_ff and world._forbidden(m, inv, k.field):
            return -50.0
        return 100.0
    # what is kept is weighed in the order that lasts beyond this trick (not an 11-back's)
    lasting = k.lasting != revolts_at(cx, k.lasting, m, chases(cx, m, k.field))
    shed = _follow_up_shed(m, after, lasting, cx)
    s = hand_score(after & ~shed, lasting, cx, k.unseen)
    if k.field is not None:
        s += 0.05
        if cx.suit_lock and m[0] not in (JOKER,) and not m[4] and k.field[6] == m[6] and not k.field[4]:
            # a lock: good if we hold more of those suits
            s += 0.2
    if m[0] in (SINGLE, GROUP) and cx.eight_cut and m[2] == 6:
        s += 0.3  # 8-cut: the lead comes back
    # no bonus for other ranks a rule acts on: one outweighed a K's worth (README, house B)
    return s


def _bomb_choice(view: BotView, hand: int, k: int, inv: bool, cx: Ctx, unseen: int) -> str:
    """Name up to ``k`` ranks, one at a time, each time the one that most improves our hand.

    Every seat discards the named ranks, so naming our own loose cards sheds them, and naming
    ranks only the others hold takes their control cards away (ours become controls).
    """
    names: list[int] = []
    mask = 0
    best = hand_score(hand, inv, cx, unseen)
    for _ in range(k):
        pick = 0
        for r in range(1, 14):
            if r in names:
                continue
            rm = mask | 0xF << (4 * (r - 1))
            s = hand_score(hand & ~rm, inv, cx, unseen & ~rm)
            if s > best + 1e-9:
                best = s
                pick = r
        if not pick:
            break
        names.append(pick)
        mask |= 0xF << (4 * (pick - 1))
    names.sort()
    text = "bomb:" + (".".join(RANKS[r - 1] for r in names) or "-")
    return text if text in view.legal else _bomb_ranks(view, hand, k, inv)


class NormalBot(Bot):
    """Hand-division heuristics (see the module docstring)."""

    level = "normal"

    def act(self, view: BotView) -> str:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view)
        return self.choose(view, k)[0][0]

    def choose(self, view: BotView, k: Knowledge) -> list[tuple[str, float]]:
        """Every legal action with its score, best first."""
        hand = k.hand
        cx = k.cx
        inv = k.lasting  # hands are weighed in the order that outlasts an 11-back
        obs = view.observation
        phase = str(obs["phase"])
        scored: list[tuple[str, float]] = []
        world: Engine | None = None
        if phase == "play" or phase == "four_stop":
            worlds = Worlds(k)
            world = worlds.engine_with(worlds.deal_hidden(Pcg32(1)))
            base = hand_score(hand, inv, cx, k.unseen)
            for a in legal_iter(view):
                m = to_internal(a, hand)
                if m[0] == 0:
                    s = base
                    if k.field is None:
                        s -= 5.0  # leader pass: only when nothing else
                else:
                    s = play_score(m, hand, k, world)
                scored.append((a, s))
        elif phase in ("return", "seven_pass", "ten_discard", "tribute"):
            for a in legal_iter(view):
                kind, cards = to_internal(a, hand)
                after = hand & ~cards
                s = hand_score(after, False if phase == "return" else inv, cx, k.unseen)
                s -= 0.05 * sum(card_value(i, False, cx) for i in bits_of(cards))
                scored.append((a, s))
        elif phase == "revolution_choice":
            yes = hand_score(hand, not inv, cx, k.unseen)
            no = hand_score(hand, inv, cx, k.unseen)
            scored = [("revolt:yes", yes), ("revolt:no", no)]
        elif phase == "q_bomber":
            pending = obs.get("pending") or {}
            scored = [(_bomb_choice(view, hand, int(pending.get("up_to", 1)), inv, cx, k.unseen), 1.0)]
        else:
            scored = [(a, 0.0) for a in view.legal]
        scored = [(a, s) for a, s in scored if a in view.legal] or [(view.legal[0], 0.0)]
        scored.sort(key=lambda x: -x[1])
        return scored


def legal_iter(view: BotView) -> tuple[str, ...]:
    return view.legal


# --- strong: determinized Monte-Carlo -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One candidate action of the strong level's search, with what its playouts gave.

    ``value``: the mean of what the search maximises (the points of this game plus the worth of
    the class it leads to, :func:`~pyengine.ai.daifugo.places.place_values`); ``points``: the
    mean points of this game on the preset's scale; ``place``: the mean final place (1 = first);
    ``playouts``: how many playouts it had (0: chosen without playouts, the figures are ``None``,
    but for a move the exact endgame chose: its ``place`` is exact).
    """

    action: str
    value: float | None = None
    points: float | None = None
    place: float | None = None
    playouts: int = 0


class StrongBot(Bot):
    """Determinized Monte-Carlo search with modelled opponents and an exact endgame.

    The work per decision is fixed (``playouts``, ``endgame_nodes``); the clock only arms the
    :class:`~pyengine.ai.bot.SafetyNet`, whose fallback is the normal level's first choice.
    :meth:`analyse` gives every candidate with its figures, best first (for hints).
    """

    level = "strong"
    playouts = 320  # total playout budget per decision
    max_candidates = 6
    endgame_nodes = 6000  # the exact endgame gives up (and the playouts decide) beyond this
    prior = 0.04  # points credited to the normal level's first choice (steadies noisy estimates)
    kit: float | tuple[float, ...] = 0.0  # prior that an opponent plays as the standard client (one per seat, or one for all)
    future = 0.0  # weight of the class a place leads to (0: this game's points only)
    keep = 0  # candidates kept for the second half of the search (0: no halving)
    first = 0.4  # share of the budget spent on every candidate before halving
    policy = "light"  # how the playouts play every seat not taken for the standard client (playout.POLICIES)
    bombs = False  # a Q-bomb's ranks searched (the normal level's choice, each rank alone, none)

    evidence: list[float] | None = None
    """Per seat, what the last search found of how well the standard client explains that seat's
    actions of its game (:attr:`~pyengine.ai.daifugo.worlds.Worlds.kit_evidence`; ``None``
    before any search): a client that keeps one bot for a match learns its opponents from it."""

    def act(self, view: BotView) -> str:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view)[0].action

    def analyse(self, view: BotView) -> list[Choice]:
        """Every candidate the search looked at, best first (the first is what :meth:`act` plays)."""
        legal = view.legal
        if len(legal) == 1:
            return [Choice(legal[0])]
        net = SafetyNet(view.budget)
        k = Knowledge(view)
        phase = str(view.observation["phase"])
        normal = NormalBot(self.rng)
        ranked = normal.choose(view, k)
        fallback = [Choice(a) for a, _ in ranked]
        others = sum(c for p, c in enumerate(k.counts) if p != k.me)
        if phase == "tribute" or (phase == "q_bomber" and not self.bombs) or (
                phase == "return" and (k.table.get("cont") or not others)):
            return fallback
        if phase == "play":
            solved = self._endgame(k, net)
            if net.tripped():
                return fallback
            if solved is not None and solved[0] in legal:
                move, place = solved
                return [Choice(move, place=1 + place)] + [c for c in fallback if c.action != move]
        cands = [a for a, _ in ranked[: self.max_candidates]]
        if phase == "q_bomber":  # the normal level's ranks first, then one rank alone, or none
            cands += [a for a in legal if "." not in a and a not in cands]
        if phase == "play" and "pass" in legal and "pass" not in cands:
            cands.append("pass")
        if len(cands) == 1:
            return [Choice(cands[0])]
        stats = self._search(k, cands, net)
        if stats is None:
            return fallback
        return stats

    def _search(self, k: Knowledge, cands: list[str], net: SafetyNet) -> list[Choice] | None:
        """Play the candidates out in the same guessed worlds; ``None`` if the safety net tripped.

        With ``keep`` > 0 the search halves: every candidate first gets ``first`` of the budget
        (spread evenly), then the ``keep`` best share the rest in fresh worlds."""
        pts = points_table(k.cx)
        vals = place_values(k, pts, self.future)
        n = len(cands)
        stats = [[0.0, 0.0, 0.0, 0.0] for _ in range(n)]  # value, points, places, playouts
        actions = [to_internal(a, k.hand) for a in cands]
        base_seed = self.rng.next_u32()
        budget = self.playouts
        keep = self.keep
        if keep and n > keep:
            w1 = max(4, int(budget * self.first) // n)
            w2 = max(0, (budget - w1 * n) // keep)
        else:
            w1 = -(-budget // n)
            w2 = 0
        worlds = Worlds(k)
        guesses = worlds.sample_hands(self.rng, w1 + w2, self.kit)
        self.evidence = list(worlds.kit_evidence)
        active = list(range(n))
        policy = POLICIES[self.policy]
        for w, (hands, kit) in enumerate(guesses):
            if w == w1:
                active.sort(key=lambda i: (self._mean(stats[i], i), -i), reverse=True)
                active = sorted(active[:keep])
            if net.tripped():  # the safety net: a far too slow device
                return None
            world = worlds.engine_with(hands)
            for i in active:
                e = world.copy()
                e.step(actions[i])
                playout(e, Pcg32(base_seed, w), kit, policy)
                place = place_of(e, k.me) if e.results else k.n - 1
                st = stats[i]
                st[0] += vals[place]
                st[1] += pts[place]
                st[2] += place
                st[3] += 1
        order = sorted(range(n), key=lambda i: (stats[i][3] > w1, self._mean(stats[i], i), -i), reverse=True)
        out = []
        for i in order:
            c = max(1, stats[i][3])
            st = stats[i]
            out.append(Choice(cands[i], st[0] / c, st[1] / c, 1 + st[2] / c, int(st[3])))
        return out

    def _mean(self, st: list[float], i: int) -> float:
        """A candidate's mean value, the normal level's first choice credited with ``prior``."""
        return st[0] / max(1.0, st[3]) + (self.prior if i == 0 else 0.0)

    # --- exact endgame: two players left, every card known ---------------------------------------
    def _endgame(self, k: Knowledge, net: SafetyNet | None = None) -> tuple[str, float] | None:
        """The exact best play and the final place it gets (0 = first), or None: not an
        endgame, or over ``endgame_nodes`` nodes."""
        holders = [p for p in range(k.n) if k.counts[p]]
        if len(holders) != 2 or k.me not in holders or k.hidden_out:
            return None
        if sum(k.counts) > 18:
            return None
        worlds = Worlds(k)
        world = worlds.engine_with(worlds.deal_hidden(Pcg32(0)))
        solver = EndgameSolver(k.me, self.endgame_nodes, net)
        try:
            best = solver.best(world)
        except OverBudget:
            return None
        return None if best is None else (best, solver.best_value)


class MasterBot(StrongBot):
    """The strong level's search as the UECda client plays it (:func:`~pyengine.ai.daifugo.uecda.for_uecda`),
    less its model of the kit's standard client (a page's opponents are not that client): a
    halving search (``keep``) and 720 playouts a decision; and, where the rules have the
    Q-bomber, a search over the ranks to name (``bombs``) where the lower levels take the normal
    level's rule.

    Its playouts play every seat as the standard client (:func:`~pyengine.ai.daifugo.playout.kit_move`),
    where the UECda client keeps the smarter policy it was tuned with against FujiGokoro: at one
    table with the same level playing out with the smarter policy, this one was ahead under every
    rule set tried (popular, party, jdf, UECda's and the README's two house rule sets), and a
    third faster a decision (README, "Against the level below it")."""

    level = "master"
    playouts = 720
    keep = 3
    policy = "kit"
    bombs = True


LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "normal": NormalBot, "strong": StrongBot,
                                "master": MasterBot}
"""The Daifugō levels, weakest first: ``greedy`` is the UECda standard client."""

__all__ = ["LEVELS", "GreedyBot", "MasterBot", "NormalBot", "RandomBot", "StrongBot", "hand_score", "play_score"]

_ = (JOKER_BITS, PLAY)
