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

from typing import Any

from ...core.rng import Pcg32
from ...daifugo.cards import (
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
    Play,
    bits_of,
    parse_card,
    parse_cards,
    parse_play,
    play_cards,
)
from ...daifugo.ctx import Ctx, compile_rules
from ...daifugo.engine import (
    BOMB,
    CHANCE_PHASES,
    FOURSTOP,
    OVER,
    PHASE_NAMES,
    PLAY,
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
        self._read_history(obs.get("history") or [])
        # the unseen cards that are out of play (blind, face down, undealt) go to no hand
        self.hidden_out = max(0, unseen.bit_count() - sum(c for p, c in enumerate(counts) if p != self.me))

    # --- reading the public history ---------------------------------------------------------
    def _read_history(self, history: list[Any]) -> None:
        me = self.me
        loc = self.located
        inv = False
        field: Play | None = None
        later_played = [0] * self.n
        marks: list[tuple[int, Play, bool, int]] = []  # player, field, inverted, index in plays
        plays_seen: list[tuple[int, int]] = []  # (player, cards)
        for ev in history:
            if not isinstance(ev, list) or not ev:
                continue
            kind = ev[0]
            if kind in ("tribute", "return", "give") and len(ev) == 4:
                giver, receiver, cards = int(ev[1]), int(ev[2]), ev[3]
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
            elif kind == "play" and len(ev) >= 3:
                p = int(ev[1])
                try:
                    m = parse_play(str(ev[2]))
                except ValueError:
                    continue
                field = m
                plays_seen.append((p, m[3]))
            elif kind == "pass" and len(ev) >= 2:
                p = int(ev[1])
                if p != me and field is not None:
                    marks.append((p, field, inv, len(plays_seen)))
            elif kind == "clear":
                field = None
            elif kind == "revolution" and len(ev) >= 2:
                inv = bool(ev[1])
        # cards each player played after each of their passes (they held them at the pass)
        for p, f, was_inv, idx in marks:
            later = 0
            for q, cards in plays_seen[idx:]:
                if q == p:
                    later |= cards
            self.pass_marks[p].append((f, was_inv, later))
        del later_played
        for c in list(loc):
            bitmask = JOKER_BITS if c == 52 else 1 << c
            if not self.unseen & bitmask:
                del loc[c]

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
        if restricted:
            cards.sort(key=lambda i: 0 if restricted >> i & 1 else 1)
        out_slots = self.hidden_out
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

    def world(self, rng: Pcg32, tries: int = 6) -> Engine:
        """A private engine: the public position exactly, hidden hands guessed and weighted."""
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
        return self.engine_with(best)

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
                for lo in range(0, 11):
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
        # follow: the weakest play that beats the field, sometimes pass
        best = plays[0]
        bw = 99
        for m in plays:
            w = weakness(m, inv) + (4 if m[4] else 0)
            if w < bw:
                bw = w
                best = m
        if can_pass:
            hand_size = e.hands[e.turn].bit_count()
            if best[1] == hand_size:
                return best
            p_pass = 0.12 if bw < 9 else 0.55
            if (nxt() >> 8) < p_pass * (1 << 24):
                return PASS
        return best
    if ph == SEVEN or ph == TEN:
        # shed as many of the weakest natural cards as allowed
        lo, hi = e._transfer_range()
        nat = e.hands[e.turn] & NATURALS
        if nat.bit_count() >= hi:
            return ("give" if ph == SEVEN else "discard", weakest_in_order(nat, hi, e.revolution != e.back))
    elif ph == BOMB:
        # name the strongest ranks the bomber does not hold
        assert e.cont is not None
        names = 0
        for r in strongest_missing_ranks(e.hands[e.turn], e.cont[3], e.revolution != e.back):
            names |= 1 << r
        return ("bomb", names)
    moves = e.legal()
    return moves[len(moves) * nxt() >> 32] if len(moves) > 1 else moves[0]


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


def playout(e: Engine, rng: Pcg32) -> None:
    """Play ``e`` on with :func:`light_move` until the current game is over (in place)."""
    r0 = len(e.results)
    guard = 0
    while len(e.results) == r0 and e.phase != OVER:
        ph = e.phase
        if ph in CHANCE_PHASES:
            resolve_chance(e, rng)
            continue
        m = light_move(e, rng)
        if ph == PLAY:
            if m[0] == 0:
                e._pass(e.turn)
            else:
                e._play(e.turn, m)
        else:
            e.step(m)
        guard += 1
        if guard > 2000:  # pragma: no cover - the rules always end a game
            break


def place_of(e: Engine, p: int) -> int:
    """``p``'s final place in the last finished game of ``e`` (0 = first)."""
    if e.results:
        return e.results[-1].index(p)
    return e.n - 1  # pragma: no cover


def hand_cards(m: Play, hand: int) -> int:
    return play_cards(m, hand)


FOLLOW_UP_PHASES = (SEVEN, TEN, BOMB, REVCHOICE, FOURSTOP)

__all__ = ["FOLLOW_UP_PHASES", "Knowledge", "card_mask", "card_value", "division", "light_move", "place_of",
           "playout", "points_table", "strongest_missing_ranks", "to_internal", "weakest_in_order", "weakness"]
