"""Shared pieces of the Daifugō AI: what a seat knows, guessed worlds, hand division, playouts.

Everything here starts from a :class:`~pyengine.ai.bot.BotView`, i.e. from the seat's
observation: the bot never sees the state.  :class:`Knowledge` collects what the seat knows
(its hand, the cards played, who must hold which card after an exchange, the counts) and
:meth:`Knowledge.world` builds a private :class:`~pyengine.daifugo.engine.Engine` with the
public position exactly and the hidden hands guessed consistently with that knowledge.

>>> from pyengine.daifugo import GAME, DaifugoRules
>>> from pyengine.ai.bot import BotView
>>> from pyengine.core.rng import Pcg32
>>> s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
>>> from pyengine.core import sample_chance
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, Pcg32(3)))
>>> p = s.current_player
>>> view = BotView("daifugo", s.rules.encode(), p, s.observation(p), s.legal_actions())
>>> k = Knowledge(view)
>>> w = k.world(Pcg32(1))
>>> w.hands[p] == k.hand, [h.bit_count() for h in w.hands] == k.counts
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import (
    EMPEROR,
    GROUP,
    J1,
    J2,
    JOKER,
    JOKER_BITS,
    JPAIR,
    NATURALS,
    PASS,
    SEQ,
    SINGLE,
    SUIT_ROW,
    Play,
    bits_of,
    parse_card,
    parse_cards,
    parse_play,
)
from ...daifugo.ctx import Ctx, compile_rules
from ...daifugo.engine import (
    BOMB,
    CHANCE_PHASES,
    FOURSTOP,
    OVER,
    PHASE_NAMES,
    PLAY,
    RETURN,
    REVCHOICE,
    SEVEN,
    TEN,
    Engine,
)
from ...daifugo.notation import parse_action
from ...daifugo.rules import DaifugoRules
from ..bot import BotView
from .playout import resolve_chance, shuffled

PHASE_IDS = {name: ph for ph, name in PHASE_NAMES.items()}
ROW0 = SUIT_ROW[0]


def card_mask(codes_list: Any) -> int:
    """A set of cards from a list of codes (``JK`` twice for two jokers)."""
    mask = 0
    for code in codes_list:
        if code == "JK":
            mask |= J2 if mask & J1 else J1
        else:
            mask |= 1 << parse_card(str(code))
    return mask


def to_internal(action: str, hand: int) -> Any:
    """The engine's form of a legal action string for the player holding ``hand``."""
    parsed = parse_action(action)
    if isinstance(parsed, tuple) and len(parsed) == 2 and parsed[0] in ("tribute", "return", "give", "discard"):
        value = parsed[1]
        if value & JOKER_BITS:
            count = (value >> 52 & 1) + (value >> 53 & 1)
            jb = 0
            for b in (J1, J2):
                if count and hand & b:
                    jb |= b
                    count -= 1
            value = value & NATURALS | jb
        return (parsed[0], value)
    return parsed


def points_table(cx: Ctx) -> list[float]:
    """Points for each place (0 = first) on the preset's scale."""
    n = cx.n
    if cx.scoring == "uecda":
        return [float(5 - i) for i in range(n)]
    if cx.scoring == "win":
        return [1.0] + [0.0] * (n - 1)
    if cx.scoring == "jdf":
        return [6.0, 4.0, 2.0, 0.0][:n] + [0.0] * max(0, n - 4)
    return [float(n - i) for i in range(n)]


CLASS_MOVES_5: tuple[tuple[float, ...], ...] = (
    (0.60, 0.20, 0.10, 0.06, 0.04),
    (0.35, 0.33, 0.15, 0.10, 0.07),
    (0.20, 0.20, 0.22, 0.22, 0.16),
    (0.08, 0.15, 0.25, 0.28, 0.24),
    (0.08, 0.15, 0.22, 0.20, 0.35),
)
"""P(place in the next game | place in this one) of the strong level at a five-player table with
the exchange (row: this game's place, 0 = first), measured in the arena (see the README)."""

KIT_MATCH = 3.0
"""How much an action the standard client would have made with the guessed cards raises a world's weight."""
KIT_MISS = 0.05
"""How much an action it would not have made lowers it."""

FUTURE_GAMES = 12
"""How many later games of the set the worth of a class looks at."""


def games_left(game_no: int, cx: Ctx) -> int:
    """How many games of the current set (or match) come after game ``game_no``.

    >>> cx = compile_rules(DaifugoRules.preset("uecda"), 5)
    >>> games_left(1, cx), games_left(100, cx), games_left(150, cx)
    (99, 0, 50)
    """
    if cx.set_games:
        return cx.set_games - (game_no - 1) % cx.set_games - 1
    return max(0, cx.games - game_no)


def place_values(k: Knowledge, pts: list[float], weight: float) -> list[float]:
    """What finishing in each place is worth: this game's points plus ``weight`` × the points the
    class it brings is worth in the rest of the set (the exchange favours the rich).

    Only five-player games with an exchange have a class worth (the measured table); elsewhere,
    and in the last game of a set, the points alone.
    """
    cx = k.cx
    left = games_left(k.game_no, cx)
    if weight <= 0 or k.n != 5 or not cx.exchange or cx.two_player or left <= 0:
        return pts
    table = CLASS_MOVES_5
    v = list(pts)
    for _ in range(min(left, FUTURE_GAMES)):
        v = [pts[i] + sum(table[i][j] * v[j] for j in range(5)) for i in range(5)]
        low = v[-1]
        v = [x - low for x in v]
    return [pts[i] + weight * (v[i] - pts[i] + pts[-1]) for i in range(5)]


class Knowledge:
    """What the seat in ``view`` knows, and guessed worlds consistent with it."""

    def __init__(self, view: BotView) -> None:
        obs = view.observation
        self.view = view
        self.rules = DaifugoRules.decode(view.rules)
        self.me: int = view.seat
        counts = [int(c) for c in obs["counts"]]
        self.n = len(counts)
        self.cx = compile_rules(self.rules, self.n)
        self.counts = counts
        self.hand = card_mask(obs["hand"])
        self.played = card_mask(obs["played"])
        self.obs = obs
        self.game_no = int(obs.get("game") or 1)
        table = obs.get("table") or {}
        self.table: dict[str, Any] = dict(table)
        self.phase = PHASE_IDS.get(str(obs["phase"]), PLAY)
        self.inverted = bool(obs["inverted"])
        f = obs.get("field")
        self.field: Play | None = parse_play(str(f["play"])) if f else None
        self.owner: int = int(f["by"]) if f else -1
        # the deck as the rules have it, minus what the seat has seen leave play
        unseen = self.cx.deck & ~self.hand & ~self.played
        self.unseen = unseen
        self.located: dict[int, int] = {}  # card bit index -> player known to hold it
        self.forbidden = [0] * self.n  # cards a player cannot hold (tribute knowledge)
        self.pass_marks: list[list[tuple[Play, bool, int]]] = [[] for _ in range(self.n)]
        # each opponent's plays and passes of this game: (field, inverted, locked suits, cards they
        # played later, their play or None for a pass), to weigh worlds by the standard client
        self.kit_acts: list[list[tuple[Play | None, bool, int, int, Play | None]]] = [[] for _ in range(self.n)]
        self.kit_evidence = [0.0] * self.n  # see sample_hands
        self._read_history(obs.get("history") or [])
        # the unseen cards that are out of play (blind, face down, undealt) go to no hand
        self.hidden_out = max(0, unseen.bit_count() - sum(c for p, c in enumerate(counts) if p != self.me))

    # --- reading the public history ---------------------------------------------------------
    def _read_history(self, history: list[Any]) -> None:
        me = self.me
        loc = self.located
        cx = self.cx
        inv = False
        back = False
        lock = 0
        field: Play | None = None
        marks: list[tuple[int, Play, bool, int]] = []  # player, field, inverted, index in plays
        acts: list[tuple[int, Play | None, bool, int, int, Play | None]] = []  # see kit_acts
        plays_seen: list[tuple[int, int]] = []  # (player, cards, jokers as J1/J1|J2)
        for ev in history:
            if not isinstance(ev, list) or not ev:
                continue
            kind = ev[0]
            if kind in ("tribute", "return", "give") and len(ev) == 4:
                self._read_transfer(kind, int(ev[1]), int(ev[2]), ev[3])
            elif kind == "play" and len(ev) >= 3:
                p = int(ev[1])
                try:
                    m = parse_play(str(ev[2]))
                except ValueError:
                    continue
                if p != me:
                    acts.append((p, field, inv != back, lock, len(plays_seen), m))
                if m[0] == JOKER or m[0] == JPAIR:
                    if cx.declared:
                        lock = 0
                elif cx.eleven_back and m[2] <= 9 <= m[7] and (m[0] != SEQ or cx.eb_seq):
                    back = not back if cx.eleven_back == 1 else True
                field = m
                plays_seen.append((p, m[3] | (J1 if m[4] == 1 else JOKER_BITS if m[4] else 0)))
            elif kind == "pass" and len(ev) >= 2:
                p = int(ev[1])
                if p != me:
                    acts.append((p, field, inv != back, lock, len(plays_seen), None))
                    if field is not None:
                        marks.append((p, field, inv, len(plays_seen)))
            elif kind == "clear":
                field = None
                lock = 0
                back = False
            elif kind == "lock" and len(ev) >= 2:
                lock = int(ev[1])
            elif kind == "lock_released":
                lock = 0
            elif kind == "revolution" and len(ev) >= 2:
                inv = bool(ev[1])
        # cards each player played after each of their passes (they held them at the pass)
        for p, mf, was_inv, idx in marks:
            self.pass_marks[p].append((mf, was_inv, self._later(plays_seen, p, idx)))
        for p, af, was_inv, lk, idx, act in acts:
            self.kit_acts[p].append((af, was_inv, lk, self._later(plays_seen, p, idx), act))
        for c in list(loc):
            bitmask = JOKER_BITS if c == 52 else 1 << c
            if not self.unseen & bitmask:
                del loc[c]

    @staticmethod
    def _later(plays_seen: list[tuple[int, int]], p: int, idx: int) -> int:
        """The cards ``p`` played from the ``idx``-th play of the game on."""
        later = 0
        for q, cards in plays_seen[idx:]:
            if q == p:
                later |= cards
        return later

    def _read_transfer(self, kind: str, giver: int, receiver: int, cards: Any) -> None:
        """An exchange or 7-pass event: where the cards the seat gave went, what a tribute says."""
        me = self.me
        loc = self.located
        if isinstance(cards, str):
            if giver == me and cards != "-":
                mask = parse_cards(cards)
                for i in bits_of(mask):
                    loc[52 if i >= 52 else i] = receiver
            if receiver == me and kind == "tribute" and cards != "-" and not self.cx.joker_exempt:
                mask = parse_cards(cards)
                weakest = min((i >> 2) + 1 if i < 52 else 14 for i in bits_of(mask))
                # the poorer player gave their strongest cards: nothing stronger was left
                above = 0
                for r in range(weakest + 1, 14):
                    above |= 0xF << (4 * (r - 1))
                if weakest < 14:
                    above |= JOKER_BITS
                self.forbidden[giver] |= above
        elif isinstance(cards, int) and cards and giver != me and receiver != me:
            for c in [c for c, p in loc.items() if p == giver]:
                del loc[c]
            self.forbidden[receiver] = 0

    # --- guessed worlds -----------------------------------------------------------------------
    def deal_hidden(self, rng: Pcg32) -> list[int]:
        """Hidden hands for every other seat, consistent with counts and known locations."""
        n = self.n
        me = self.me
        hands = [0] * n
        hands[me] = self.hand
        need = [0 if p == me else self.counts[p] for p in range(n)]
        pool = self.unseen
        joker_pool = [b for b in (J1, J2) if pool & b]
        for c, p in self.located.items():
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
                restricted |= self.forbidden[p]
        out_slots = self.hidden_out
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
                if need[p] and not self.forbidden[p] & b:
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
                    if need[p] and not self.forbidden[p] & b:
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
        w = 1.0
        for p, marks in enumerate(self.pass_marks):
            if p == self.me or not marks:
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
        out = [1.0] * self.n
        cx = self.cx
        sc = self._scratch
        fast = not cx.colour_lock and not cx.number_lock and cx.suit_lock <= 1
        for p, acts in enumerate(self.kit_acts):
            if not acts or p == self.me:
                continue
            prod = 1.0
            hand = hands[p]
            sc.turn = p
            for f, inv, lock, later, played in acts:
                held = hand | later
                sc.lock = lock
                if fast and f is not None and (f[0] == SINGLE or f[0] == GROUP):
                    same = _kit_agrees(held, f, inv, lock_suits(sc), played, cx)
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
        sc = self.__dict__.get("_sc")
        if sc is None:
            sc = Engine.__new__(Engine)
            sc.cx = self.cx
            sc.n = self.n
            sc.hands = [0] * self.n
            sc.turn = 0
            sc.field = None
            sc.revolution = False
            sc.back = False
            sc.lock = 0
            sc.colour = -1
            sc.numnext = -1
            sc.omen = False
            sc.must_card = 0
            self.__dict__["_sc"] = sc
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
        priors = [float(kit_prior)] * self.n if isinstance(kit_prior, (int, float)) else [float(x) for x in kit_prior]
        self.kit_evidence = [0.0] * self.n
        if max(p for i, p in enumerate(priors) if i != self.me) <= 0:
            return [(self.guess(rng), 0) for _ in range(count)]
        deals = [self.deal_hidden(rng) for _ in range(pool * count if any(self.kit_acts) else count)]
        weights: list[float] = []
        posts: list[list[float]] = []
        plain = 0.0
        explained = [0.0] * self.n
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
            self.kit_evidence = [math.log(max(x / plain, 1e-300)) if self.kit_acts[p] else 0.0
                                 for p, x in enumerate(explained)]
        picks = _systematic(weights, count, rng)
        out = []
        me = self.me
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
        obs = self.obs
        t = self.table
        cx = self.cx
        e = Engine.__new__(Engine)
        n = self.n
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
        e.phase = self.phase if self.phase not in CHANCE_PHASES and self.phase != OVER else PLAY
        e.turn = int(t.get("turn", obs["to_move"]))
        e.pool = []
        e.deck = 0
        e.deal_pos = 0
        e.deal_left = 0
        dealt = 0
        for h in hands:
            dealt |= h
        e.hands = list(hands)
        e.public = self.played
        e.undealt = cx.deck & ~dealt & ~self.played
        e.facedown = 0
        e.known = [0] * n
        e.field = self.field
        e.owner = self.owner
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
        e.exch = [(str(k), int(g), int(r), int(cnt)) for k, g, r, cnt in t.get("exchange", [])]
        e.log = None
        e.placing = None
        e.first_of_set = bool(t.get("first_of_set", True))
        e.auto_next = False
        e.stuck = int(t.get("stuck", 0))
        e.restore_rule_fields(t.get("rule_fields"))
        return e


_ABOVE = (
    tuple(NATURALS & ~((1 << (4 * r)) - 1) if r >= 1 else NATURALS for r in range(15)),
    tuple((1 << (4 * (r - 1))) - 1 if r >= 1 else 0 for r in range(15)),
)


def _kit_agrees(held: int, f: Play, inv: bool, lockable: int, played: Play | None, cx: Ctx) -> bool:
    """Whether the standard client holding ``held`` would answer the single or group ``f`` with
    ``played`` (None: a pass); the same choice as :func:`kit_follow`, worked out on the cards."""
    nat = held & NATURALS
    above = _ABOVE[inv][f[2]] & lockable
    if f[0] == SINGLE:
        cands = free_cards(nat, cx) & above
        if cands:
            if inv:
                top = (cands.bit_length() - 1) >> 2
                nib = cands >> (4 * top) & 15
                card = (nib & -nib) << (4 * top)
            else:
                card = cands & -cands
            return played is not None and played[0] == SINGLE and played[3] == card
        if held & JOKER_BITS and not (inv and cx.joker_inverts):
            return played is not None and played[0] == JOKER
        return played is None
    k = f[1]
    avail = nat & above
    joker = -1
    ranks = range(f[2] - 1, 0, -1) if inv else range(f[2] + 1, 14)
    for q in ranks:
        cards = avail >> (4 * (q - 1)) & 15
        c = cards.bit_count()
        if c == k:
            return played is not None and played[4] == 0 and played[3] == cards << (4 * (q - 1))
        if joker < 0 and c == k - 1 and c:
            joker = q
    if joker > 0 and held & JOKER_BITS:
        cards = avail >> (4 * (joker - 1)) & 15
        return played is not None and played[4] == 1 and played[3] == cards << (4 * (joker - 1))
    return played is None


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


# --- strength of plays and hands --------------------------------------------------------------

def weakness(m: Play, inv: bool) -> int:
    """0 for the weakest rank in the order in force … 12 for the strongest; jokers 13+."""
    form = m[0]
    if form == JOKER or form == JPAIR:
        return 14
    r = m[2] if form != SEQ or not inv else m[7]
    return 13 - r if inv else r - 1


def card_value(i: int, inv: bool, cx: Ctx) -> float:
    """How valuable a card is to keep (0 weakest … 1 strongest; joker above)."""
    if i >= 52:
        return 1.4
    r = (i >> 2) + 1
    v = (13 - r) / 12 if inv else (r - 1) / 12
    if cx.eight_cut and r == 6:
        v = max(v, 0.75)
    return v * v


def division(hand: int, cx: Ctx) -> int:
    """The fewest plays that empty ``hand`` when leading each time (jokers used as wild).

    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> cx = compile_rules(DaifugoRules.preset("popular"), 4)
    >>> division(parse_cards("S3.S4.S5.H9.D9.CK"), cx)
    3
    """
    return _division(hand & NATURALS, (hand >> 52 & 1) + (hand >> 53 & 1), cx, {})


def _division(nat: int, njk: int, cx: Ctx, memo: dict[tuple[int, int], int]) -> int:
    key = (nat, njk)
    got = memo.get(key)
    if got is not None:
        return got
    # groups only: one play per rank present (jokers join a group or go alone)
    ranks = 0
    for r in range(13):
        if nat >> (4 * r) & 15:
            ranks += 1
    best = ranks + (1 if njk and not ranks else 0)
    if cx.sequences:
        m = cx.seq_min
        for s in range(4):
            row = [bool(nat >> (4 * r + s) & 1) for r in range(13)]
            r = 0
            while r < 13:
                if not row[r]:
                    r += 1
                    continue
                end = r
                while end + 1 < 13 and row[end + 1]:
                    end += 1
                # try every natural run of length ≥ seq_min inside [r, end]
                for lo in range(r, end + 1):
                    for hi in range(lo + m - 1, end + 1):
                        cut = 0
                        for q in range(lo, hi + 1):
                            cut |= 1 << (4 * q + s)
                        sub = 1 + _division(nat & ~cut, njk, cx, memo)
                        if sub < best:
                            best = sub
                r = end + 1
        if njk:
            # one joker fills a one-card gap: x _ y in a suit
            for s in range(4):
                for lo in range(11):
                    cells = [bool(nat >> (4 * q + s) & 1) for q in range(lo, lo + 3)]
                    if sum(cells) == 2:
                        cut = 0
                        for q in range(lo, lo + 3):
                            if nat >> (4 * q + s) & 1:
                                cut |= 1 << (4 * q + s)
                        sub = 1 + _division(nat & ~cut, njk - 1, cx, memo)
                        if sub < best:
                            best = sub
    memo[key] = best
    return best


# --- light playout policy ----------------------------------------------------------------------

def light_move(e: Engine, rng: Pcg32) -> Any:
    """A quick, sensible move for the player to act (used inside playouts)."""
    ph = e.phase
    nxt = rng.next_u32
    if ph == PLAY:
        plays = e.legal_plays()
        can_pass = (e.field is not None and e.cx.may_pass) or e.can_pass(plays)
        if not plays:
            return PASS
        inv = e.revolution != e.back
        if e.field is None:
            # lead: the most cards at once, weakest first; noise keeps playouts varied
            best = plays[0]
            best_score = -1e9
            hand_size = e.hands[e.turn].bit_count()
            for m in plays:
                if m[1] == hand_size:
                    return m  # goes out
                s = m[1] * 3 - weakness(m, inv) - (6 if m[4] else 0) + (nxt() >> 29)
                if s > best_score:
                    best_score = s
                    best = m
            return best
        return _light_answer(plays, inv, can_pass, e.hands[e.turn].bit_count(), rng)
    if ph == SEVEN or ph == TEN:
        # shed as many of the weakest natural cards as allowed
        lo, hi = e._transfer_range()
        nat = e.hands[e.turn] & NATURALS
        if nat.bit_count() >= hi:
            return ("give" if ph == SEVEN else "discard", weakest_in_order(nat, hi, e.revolution != e.back))
    elif ph == RETURN:
        # give back the weakest cards (as the standard client does)
        count = e.exch[0][3]
        nat = e.hands[e.turn] & NATURALS
        if nat.bit_count() >= count:
            return ("return", weakest_in_order(nat, count, False))
    elif ph == BOMB:
        # name the strongest ranks the bomber does not hold
        assert e.cont is not None
        names = 0
        for r in strongest_missing_ranks(e.hands[e.turn], e.cont[3], e.revolution != e.back):
            names |= 1 << r
        return ("bomb", names)
    moves = e.legal()
    return moves[len(moves) * nxt() >> 32] if len(moves) > 1 else moves[0]


def _light_answer(plays: list[Play], inv: bool, can_pass: bool, hand_size: int, rng: Pcg32) -> Any:
    """:func:`light_move`'s answer to a field: the weakest play that beats it, sometimes a pass."""
    best = plays[0]
    bw = 99
    for m in plays:
        w = weakness(m, inv) + (4 if m[4] else 0)
        if w < bw:
            bw = w
            best = m
    if can_pass:
        if best[1] == hand_size:
            return best
        p_pass = 0.12 if bw < 9 else 0.55
        if (rng.next_u32() >> 8) < p_pass * (1 << 24):
            return PASS
    return best


def weakest_in_order(cards: int, count: int, inv: bool) -> int:
    """The ``count`` weakest of ``cards`` in the order in force (all of them if fewer)."""
    if count <= 0:
        return 0
    idx = bits_of(cards)
    if inv:
        idx.reverse()
    out = 0
    for i in idx[:count]:
        out |= 1 << i
    return out


def strongest_missing_ranks(hand: int, k: int, inv: bool) -> list[int]:
    """Up to ``k`` ranks (1-13, strongest first in the order in force) ``hand`` holds no card of."""
    names: list[int] = []
    for r in range(1, 14) if inv else range(13, 0, -1):
        if len(names) >= k:
            break
        if not hand >> (4 * (r - 1)) & 15:
            names.append(r)
    return names


# --- the standard client's policy (the UECda kit's "default" client, our ``greedy`` level) ----------

_NIB1 = int("1" * 14, 16)  # the lowest bit of every rank's nibble (the jokers' too)


def natural_runs(nat: int, cx: Ctx) -> int:
    """The natural cards that belong to some sequence of at least ``seq_min`` cards.

    A card starts such a run when the next ``seq_min - 1`` ranks of its suit are held too (one
    shift of a rank is one nibble); the run's cards are those starts shifted back up.

    >>> from pyengine.daifugo.cards import fmt_cards
    >>> from pyengine.daifugo.rules import DaifugoRules
    >>> cx = compile_rules(DaifugoRules.preset("uecda"), 5)
    >>> fmt_cards(natural_runs(parse_cards("S3.S4.H4.S5.H5.S6.D9.DT.DJ.CK"), cx))
    'S3.S4.S5.S6.D9.DT.DJ'
    """
    if not cx.sequences:
        return 0
    nat &= NATURALS
    m = cx.seq_min
    starts = nat
    for j in range(1, m):
        starts &= nat >> (4 * j)
    out = starts
    for j in range(1, m):
        out |= starts << (4 * j)
    return out


def grouped(nat: int) -> int:
    """The natural cards whose rank appears at least twice (each nibble's cards counted at once:
    a count of 2 or more plus 6 reaches the nibble's top bit, and no sum carries out of its nibble).

    >>> from pyengine.daifugo.cards import fmt_cards
    >>> fmt_cards(grouped(parse_cards("S3.H3.S4.S9.H9.D9")))
    'S3.H3.S9.H9.D9'
    """
    count = (nat & _NIB1) + (nat >> 1 & _NIB1) + (nat >> 2 & _NIB1) + (nat >> 3 & _NIB1)
    return nat & ((count + 6 * _NIB1) >> 3 & _NIB1) * 15


def lock_suits(e: Engine) -> int:
    """The natural cards of the suits a suit lock allows (every card when nothing is locked)."""
    lock = e.lock & 15
    if not lock:
        return NATURALS
    out = 0
    for s in range(4):
        if lock >> s & 1:
            out |= ROW0 << s
    return out


_FREE: dict[tuple[int, int, int], int] = {}


def free_cards(nat: int, cx: Ctx) -> int:
    """The natural cards of ``nat`` in no group and no sequence (cached)."""
    key = (nat, cx.seq_min if cx.sequences else 0, 0)
    got = _FREE.get(key)
    if got is None:
        if len(_FREE) > 50000:
            _FREE.clear()
        got = _FREE[key] = nat & ~grouped(nat) & ~natural_runs(nat, cx)
    return got


def kit_lead(plays: list[Play], inv: bool) -> Play:
    """The standard client's lead: the longest sequence, else the largest group, else the weakest
    single, the weakest of each (fewest jokers)."""
    best = plays[0]
    bkey = (9, 0, 0, 0)
    for m in plays:
        form = m[0]
        if form == SEQ:
            key = (0, -m[1], weakness(m, inv), m[4])
        elif form == GROUP:
            key = (1, -m[1], weakness(m, inv), m[4])
        elif form == SINGLE:
            key = (2, 0, weakness(m, inv), 0)
        else:
            continue
        if key < bkey:
            bkey = key
            best = m
    return best


def kit_follow(plays: list[Play], hand: int, f: Play, inv: bool, cx: Ctx, lockable: int) -> Play | None:
    """The standard client's answer to ``f``: the weakest play that beats it without breaking a group
    or sequence (singles from free cards, the joker only when nothing else fits), or None (pass).

    ``lockable``: the natural cards a suit lock still allows (groups count only those)."""
    form = f[0]
    nat = hand & NATURALS
    best: Play | None = None
    bw = 99
    if form == SINGLE:
        free = free_cards(nat, cx)
        for m in plays:
            if m[0] == SINGLE and m[3] & free:
                w = weakness(m, inv)
                if w < bw:
                    bw = w
                    best = m
        if best is None:
            for m in plays:
                if m[0] == JOKER:
                    return m
        return best
    if form == GROUP:
        size = f[1]
        avail = nat & lockable
        joker: Play | None = None
        jw = 99
        for m in plays:
            if m[0] != GROUP or m[1] != size:
                continue
            count = (avail >> (4 * (m[2] - 1)) & 15).bit_count()
            w = weakness(m, inv)
            if not m[4] and count == size:
                if w < bw:
                    bw = w
                    best = m
            elif m[4] == 1 and count == size - 1 and w < jw:
                jw = w
                joker = m
        return best or joker
    if form == SEQ or form == EMPEROR:
        bkey = (99, 9)
        for m in plays:
            if m[0] == form and m[1] == f[1]:
                key = (1 if m[4] else 0, weakness(m, inv) * 4 + m[4])
                if key < bkey:
                    bkey = key
                    best = m
        return best
    return None


_LEADS: dict[Ctx, dict[tuple[int, bool], Play | None]] = {}


def kit_lead_of(e: Engine, hand: int, inv: bool) -> Play | None:
    """The standard client's lead from ``hand`` (cached per rules, hand and order), or None."""
    cache = _LEADS.get(e.cx)
    if cache is None:
        if len(_LEADS) > 8:
            _LEADS.clear()
        cache = _LEADS[e.cx] = {}
    key = (hand, inv)
    if key in cache and not e.must_card:
        return cache[key]
    turn = e.turn
    e.hands[turn], held = hand, e.hands[turn]
    plays = e.legal_plays()
    e.hands[turn] = held
    got = kit_lead(plays, inv) if plays else None
    if not e.must_card:
        if len(cache) > 20000:
            cache.clear()
        cache[key] = got
    return got


def kit_move(e: Engine, rng: Pcg32) -> Any:
    """The standard client's move in the play phase (other phases: :func:`light_move`)."""
    if e.phase != PLAY:
        return light_move(e, rng)
    inv = e.revolution != e.back
    f = e.field
    if f is None:
        return kit_lead_of(e, e.hands[e.turn], inv) or PASS
    plays = e.legal_plays()
    if not plays:
        return PASS
    got = kit_follow(plays, e.hands[e.turn], f, inv, e.cx, lock_suits(e))
    if got is None:
        return PASS if (e.cx.may_pass or e.can_pass(plays)) else plays[0]
    return got


def playout(e: Engine, rng: Pcg32, kit: int = 0, policy: Callable[[Engine, Pcg32], Any] = light_move) -> None:
    """Play ``e`` on until the current game is over (in place): the players in the bit set ``kit``
    with :func:`kit_move` (the standard client), the others with ``policy`` in the play phase."""
    r0 = len(e.results)
    results = e.results
    guard = 0
    while len(results) == r0 and e.phase != OVER:
        ph = e.phase
        if ph == PLAY:
            t = e.turn
            m = kit_move(e, rng) if kit >> t & 1 else policy(e, rng)
            if m[0] == 0:
                e._pass(t)
            else:
                e._play(t, m)
        elif ph in CHANCE_PHASES:
            resolve_chance(e, rng)
            continue
        else:
            e.step(light_move(e, rng))
        guard += 1
        if guard > 2000:  # pragma: no cover - the rules always end a game
            break


# smart_move's two chances (tuned against FujiGokoro on the UECda server: 0.4 and 0.35 did worse)
HOLD_STRONG = 0.2  # keep a strong answer (an ace or better in the order in force) back
BREAK_GROUP = 0.15  # break a group or sequence when nothing else beats the field


def smart_move(e: Engine, rng: Pcg32) -> Any:
    """A more thoughtful playout move: answer the field as the standard client does (the weakest
    play that breaks no group or sequence), but keep a strong answer back now and then
    (``HOLD_STRONG``) and break a group only sometimes (``BREAK_GROUP``, with :func:`light_move`'s
    choice) when nothing else beats the field; lead as :func:`light_move`."""
    f = e.field
    if e.phase != PLAY or f is None:
        return light_move(e, rng)
    plays = e.legal_plays()
    if not plays:
        return PASS
    hand = e.hands[e.turn]
    can_pass = e.cx.may_pass or e.can_pass(plays)
    size = hand.bit_count()
    inv = e.revolution != e.back
    got = kit_follow(plays, hand, f, inv, e.cx, lock_suits(e))
    if got is not None:
        if (can_pass and got[1] != size and weakness(got, inv) >= 9
                and (rng.next_u32() >> 8) < HOLD_STRONG * (1 << 24)):
            return PASS
        return got
    m = _light_answer(plays, inv, can_pass, size, rng)
    if not can_pass or (m[0] != 0 and (m[1] == size or (rng.next_u32() >> 8) < BREAK_GROUP * (1 << 24))):
        return m
    return PASS


def place_of(e: Engine, p: int) -> int:
    """``p``'s final place in the last finished game of ``e`` (0 = first)."""
    if e.results:
        return e.results[-1].index(p)
    return e.n - 1  # pragma: no cover


FOLLOW_UP_PHASES = (SEVEN, TEN, BOMB, REVCHOICE, FOURSTOP)

__all__ = ["FOLLOW_UP_PHASES", "Knowledge", "card_mask", "card_value", "division", "light_move", "place_of",
           "playout", "points_table", "smart_move", "strongest_missing_ranks", "to_internal", "weakest_in_order", "weakness"]
