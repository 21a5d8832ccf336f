"""Guessed worlds: the hidden Daifugō hands dealt consistently with what a seat knows.

:class:`Worlds` deals the cards a seat cannot see over the other hands (the right counts, the
cards it knows the place of, none a tribute says a player cannot hold), weighs each deal by how
well it explains the opponents' passes and, for opponents who may be the standard client, their
plays, and builds a private :class:`~pyengine.daifugo.engine.Engine` with the public position
exactly and the guessed hands.

>>> from pyengine.daifugo import GAME, DaifugoRules
>>> from pyengine.ai.bot import BotView
>>> from pyengine.ai.daifugo.knowledge import Knowledge
>>> from pyengine.core.rng import Pcg32
>>> s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
>>> from pyengine.core import sample_chance
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, Pcg32(3)))
>>> p = s.current_player
>>> view = BotView("daifugo", s.rules.encode(), p, s.observation(p), s.legal_actions())
>>> k = Knowledge(view)
>>> w = Worlds(k).world(Pcg32(1))
>>> w.hands[p] == k.hand, [h.bit_count() for h in w.hands] == k.counts
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import GROUP, J1, J2, SINGLE, Play, bits_of, parse_play
from ...daifugo.engine import CHANCE_PHASES, OVER, PLAY, Engine
from .knowledge import Knowledge
from .playout import shuffled
from .standard_client import kit_agrees, kit_follow, kit_lead_of, lock_suits

KIT_MATCH = 3.0
"""How much an action the standard client would have made with the guessed cards raises a world's weight."""
KIT_MISS = 0.05
"""How much an action it would not have made lowers it."""


class Worlds:
    """Hidden hands guessed for the seat of ``knowledge``, and private engines built on them."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.kit_evidence = [0.0] * knowledge.n  # see sample_hands
        self._sc: Engine | None = None

    def deal_hidden(self, rng: Pcg32) -> list[int]:
        """Hidden hands for every other seat, consistent with counts and known locations."""
        k = self.knowledge
        n = k.n
        me = k.me
        hands = [0] * n
        hands[me] = k.hand
        need = [0 if p == me else k.counts[p] for p in range(n)]
        pool = k.unseen
        joker_pool = [b for b in (J1, J2) if pool & b]
        for c, p in k.located.items():
            if c == 52:
                if not joker_pool or need[p] <= 0:
                    continue
                b = joker_pool.pop(0)
            else:
                b = 1 << c
                if not pool & b or need[p] <= 0:
                    continue
            hands[p] |= b
            pool &= ~b
            need[p] -= 1
        cards = shuffled(bits_of(pool), rng)
        # cards some player may not hold go first, to a player allowed to hold them
        restricted = 0
        for p in range(n):
            if p != me and need[p]:
                restricted |= k.forbidden[p]
        out_slots = k.hidden_out
        if not restricted:
            # nobody is barred from any card: each goes to a seat (or out) in proportion to the slots left
            left = sum(need)
            for i in cards:
                if left + out_slots <= 0:
                    break
                pick = rng.below(left + out_slots)
                if pick >= left:
                    out_slots -= 1
                    continue
                p = 0
                while pick >= need[p]:
                    pick -= need[p]
                    p += 1
                hands[p] |= 1 << i
                need[p] -= 1
                left -= 1
            return hands
        cards.sort(key=lambda i: 0 if restricted >> i & 1 else 1)
        for i in cards:
            b = 1 << i
            if sum(need) + out_slots <= 0:
                break
            chosen = -1
            allowed_total = 0
            for p in range(n):
                if need[p] and not k.forbidden[p] & b:
                    allowed_total += need[p]
            if allowed_total + out_slots == 0:
                # contradiction (should not happen): ignore the restriction
                for p in range(n):
                    if need[p]:
                        chosen = p
                        break
            else:
                pick = rng.below(allowed_total + out_slots)
                acc = 0
                for p in range(n):
                    if need[p] and not k.forbidden[p] & b:
                        acc += need[p]
                        if pick < acc:
                            chosen = p
                            break
            if chosen < 0:
                out_slots -= 1
                continue
            hands[chosen] |= b
            need[chosen] -= 1
        return hands

    def likelihood(self, hands: list[int]) -> float:
        """How plausible the guessed hands make the opponents' passes (1 = fully)."""
        k = self.knowledge
        w = 1.0
        for p, marks in enumerate(k.pass_marks):
            if p == k.me or not marks:
                continue
            for f, inv, later in marks:
                held = hands[p] | later
                if _cheap_beat(held, f, inv):
                    w *= 0.4
        return w

    def kit_products(self, hands: list[int]) -> list[float]:
        """For each opponent, how well the guessed hands explain their plays and passes of this game
        as the standard client's: the product of :data:`KIT_MATCH` for each action that client would
        have made holding those cards and :data:`KIT_MISS` for each other one (1.0 with no action)."""
        k = self.knowledge
        out = [1.0] * k.n
        cx = k.cx
        sc = self._scratch
        fast = not cx.colour_lock and not cx.number_lock and cx.suit_lock <= 1
        for p, acts in enumerate(k.kit_acts):
            if not acts or p == k.me:
                continue
            prod = 1.0
            hand = hands[p]
            sc.turn = p
            for f, inv, lock, later, played in acts:
                held = hand | later
                sc.lock = lock
                if fast and f is not None and (f[0] == SINGLE or f[0] == GROUP):
                    same = kit_agrees(held, f, inv, lock_suits(sc), played, cx)
                else:
                    sc.hands[p] = held
                    sc.field = f
                    sc.revolution = inv
                    if f is None:
                        kit = kit_lead_of(sc, held, inv)
                    else:
                        kit = kit_follow(sc.legal_plays(), held, f, inv, cx, lock_suits(sc))
                    if kit is None or played is None:
                        same = kit is played
                    else:
                        same = (kit[3] == played[3] and kit[4] == played[4] and kit[0] == played[0]
                                and kit[2] == played[2])
                prod *= KIT_MATCH if same else KIT_MISS
                if prod < 1e-9:
                    break
            out[p] = prod
        return out

    @property
    def _scratch(self) -> Engine:
        """A bare engine to ask what was legal at an earlier decision (no locks but the suits)."""
        k = self.knowledge
        sc = self._sc
        if sc is None:
            sc = Engine.__new__(Engine)
            sc.cx = k.cx
            sc.n = k.n
            sc.hands = [0] * k.n
            sc.turn = 0
            sc.field = None
            sc.revolution = False
            sc.back = False
            sc.lock = 0
            sc.colour = -1
            sc.numnext = -1
            sc.omen = False
            sc.must_card = 0
            self._sc = sc
        return sc

    def sample_hands(self, rng: Pcg32, count: int, kit_prior: float | Sequence[float],
                     pool: int = 3) -> list[tuple[list[int], int]]:
        """``count`` guessed deals of the hidden cards, each with the opponents to play as the
        standard client in it (a bit set).

        Deals are drawn in proportion to how well they explain the opponents' passes
        (:meth:`likelihood`) and, as each opponent is the standard client with probability
        ``kit_prior`` (one for all, or one per seat; else anyone), their actions
        (:meth:`kit_products`): ``pool`` × ``count`` deals, systematic resampling; then each
        opponent is the standard client in the deal with its posterior probability.  With every
        prior 0: plain deals, nobody modelled.  :attr:`kit_evidence` keeps, per seat, the log of
        how much better the standard client explains that seat's actions of this game than
        anyone does (the deals weighed by their passes; 0: no evidence either way).
        """
        k = self.knowledge
        priors = [float(kit_prior)] * k.n if isinstance(kit_prior, (int, float)) else [float(x) for x in kit_prior]
        self.kit_evidence = [0.0] * k.n
        if max(p for i, p in enumerate(priors) if i != k.me) <= 0:
            return [(self.guess(rng), 0) for _ in range(count)]
        deals = [self.deal_hidden(rng) for _ in range(pool * count if any(k.kit_acts) else count)]
        weights: list[float] = []
        posts: list[list[float]] = []
        plain = 0.0
        explained = [0.0] * k.n
        for h in deals:
            base = w = self.likelihood(h)
            plain += base
            post: list[float] = []
            for p, q in enumerate(self.kit_products(h)):
                explained[p] += base * q
                kit = priors[p] * q
                rest = 1.0 - priors[p]
                w *= kit + rest
                post.append(kit / (kit + rest))
            weights.append(w)
            posts.append(post)
        if plain > 0:
            self.kit_evidence = [math.log(max(x / plain, 1e-300)) if k.kit_acts[p] else 0.0
                                 for p, x in enumerate(explained)]
        picks = _systematic(weights, count, rng)
        out = []
        me = k.me
        for i in picks:
            mask = 0
            for p, chance in enumerate(posts[i]):
                if p != me and rng.random() < chance:
                    mask |= 1 << p
            out.append((deals[i], mask))
        return out

    def guess(self, rng: Pcg32, tries: int = 6) -> list[int]:
        """Hidden hands guessed and weighted by :meth:`likelihood` (rejection, ``tries`` deals)."""
        best: list[int] | None = None
        for _ in range(tries):
            hands = self.deal_hidden(rng)
            if best is None:
                best = hands
            w = self.likelihood(hands)
            if w >= 1.0 or rng.random() < w:
                best = hands
                break
        assert best is not None
        return best

    def world(self, rng: Pcg32, tries: int = 6) -> Engine:
        """A private engine: the public position exactly, hidden hands guessed and weighted."""
        return self.engine_with(self.guess(rng, tries))

    def engine_with(self, hands: list[int]) -> Engine:
        k = self.knowledge
        obs = k.obs
        t = k.table
        cx = k.cx
        e = Engine.__new__(Engine)
        n = k.n
        e.cx = cx
        e.n = n
        e.game_no = int(obs["game"])
        e.scores = [int(x) for x in obs["scores"]]
        pp = t.get("prev_placing")
        e.prev_placing = tuple(pp) if pp is not None else None
        co = t.get("class_order")
        e.classes = tuple(co) if co is not None else None
        e.order = [int(x) for x in obs["order"]]
        if len(e.order) != n:
            e.order = list(range(n))
        pos = [0] * n
        for i, p in enumerate(e.order):
            pos[p] = i
        e.pos = pos
        e.blind = 0
        e.results = []
        e.phase = k.phase if k.phase not in CHANCE_PHASES and k.phase != OVER else PLAY
        e.turn = int(t.get("turn", obs["to_move"]))
        e.pool = []
        e.deck = 0
        e.deal_pos = 0
        e.deal_left = 0
        dealt = 0
        for h in hands:
            dealt |= h
        e.hands = list(hands)
        e.public = k.played
        e.undealt = cx.deck & ~dealt & ~k.played
        e.facedown = 0
        e.known = [0] * n
        e.field = k.field
        e.owner = k.owner
        e.trick_leader = int(t.get("trick_leader", e.turn))
        e.passed = int(t.get("passed", 0))
        e.lock = int(t.get("lock", 0))
        e.colour = int(t.get("colour", -1))
        e.numnext = int(t.get("numnext", -1))
        e.numdir = int(t.get("numdir", 0))
        e.run = int(t.get("run", 0))
        e.revolution = bool(obs["revolution"])
        e.back = bool(obs["back"])
        e.back_carry = bool(t.get("back_carry", False))
        e.back_set = bool(t.get("back_set", False))
        e.rev_pending = bool(t.get("rev_pending", False))
        e.omen = bool(t.get("omen", False))
        e.direction = int(obs["direction"])
        e.lead_passes = int(t.get("lead_passes", 0))
        e.must_lead = bool(t.get("must_lead", False))
        e.consec = int(t.get("consec", 0))
        e.out_order = [int(x) for x in obs["out"]]
        e.offenders = [int(x) for x in obs["offenders"]]
        e.fallen = int(obs["fallen"])
        e.must_card = int(t.get("must_card", 0))
        c = t.get("cont")
        if c is None or c[0] == "deferred":
            e.cont = ("deferred", ()) if c is not None else None
        else:
            cont: tuple[Any, ...] = (int(c[0]), parse_play(c[1]), parse_play(c[2]) if c[2] is not None else None,
                                     int(c[3]), int(c[4]))
            if len(c) > 5:
                cont += (tuple(c[5]),)
            e.cont = cont
        e.exch = [(str(kind), int(g), int(r), int(cnt)) for kind, g, r, cnt in t.get("exchange", [])]
        e.log = None
        e.placing = None
        e.first_of_set = bool(t.get("first_of_set", True))
        e.auto_next = False
        e.stuck = int(t.get("stuck", 0))
        e.restore_rule_fields(t.get("rule_fields"))
        return e



def _systematic(weights: list[float], count: int, rng: Pcg32) -> list[int]:
    """``count`` indexes drawn in proportion to ``weights`` by systematic resampling (one draw)."""
    total = sum(weights)
    if total <= 0:
        return [i % len(weights) for i in range(count)]
    step = total / count
    u = rng.random() * step
    out = []
    acc = weights[0]
    i = 0
    for _ in range(count):
        while acc <= u and i + 1 < len(weights):
            i += 1
            acc += weights[i]
        out.append(i)
        u += step
    return out


def _cheap_beat(held: int, f: Play, inv: bool) -> bool:
    """Whether ``held`` has an ordinary natural single or group that beats ``f`` (no 2, no joker)."""
    form = f[0]
    if form != SINGLE and form != GROUP:
        return False
    k = f[1]
    r = f[2]
    top = 1 if inv else 13
    rng = range(1, r) if inv else range(r + 1, 14)
    for q in rng:
        if q == top:
            continue
        if (held >> (4 * (q - 1)) & 15).bit_count() >= k:
            return True
    return False



__all__ = ["KIT_MATCH", "KIT_MISS", "Worlds"]
