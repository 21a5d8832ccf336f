"""The Daifugō engine: one mutable match, the only source of legality.

:class:`Engine` holds a whole match (seating, deal, exchange, play, follow-up phases, the
end of a game and the next one) with cards as bits of ints.  :meth:`Engine.legal` lists the
legal actions of the phase in internal form and :meth:`Engine.step` applies one; the public
immutable state (:mod:`pyengine.daifugo.state`) copies an engine and steps the copy, and the
fast random playout (:mod:`pyengine.ai.daifugo.playout`) steps one engine in place with the
very same two methods.

Internal actions: a play tuple (see :mod:`pyengine.daifugo.cards`) in the play and 4-stop
phases; ``(kind, value)`` pairs elsewhere: ``("card", bit)`` and ``("player", p)`` at chance
nodes, ``("tribute", mask)``, ``("return", mask)``, ``("give", mask)``, ``("discard", mask)``,
``("bomb", rank_mask)``, ``("revolt", 0|1)``.

Decisions this module takes where the specification leaves a gap (all marked [open] in
comments): see :data:`OPEN_DECISIONS`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from ..core.errors import IllegalActionError
from .cards import (
    EMPEROR,
    GROUP,
    J1,
    J2,
    JOKER,
    JOKER_BITS,
    JOKER_PAIR,
    JPAIR,
    LONE_JOKER,
    NATURALS,
    PASS,
    SEQ,
    SINGLE,
    SUIT_ROW,
    Play,
    bit,
    bits_of,
    fmt_cards,
    fmt_play,
    joker_count,
    rank_count,
    subsets_with_jokers,
    take_jokers,
)
from .ctx import Ctx

OPEN_DECISIONS: Final = (
    "If the card that decides the first lead (♦3/♠3) was not dealt, the holder of the next card in the "
    "order 3 (that suit first, then ♠ ♥ ♦ ♣), 4, … leads.",
    "A pass on an empty field is not sticky except under trick_end=all_passed (UECda).",
    "With lock_joker=wild, a lock starts only between two plays without jokers; under a lock a joker's "
    "stand-in must be a locked suit.",
    "If every player still holding cards in turn has no legal play on an empty field (possible only with "
    "forbidden_penalty=refuse), the game ends and they take the remaining places in turn order.",
    "The 4-stop offer goes to every other player still holding cards, in turn order, whether or not they "
    "passed; each may decline.",
    "Great revolution: the player's remaining cards are discarded face up and the player goes out legally.",
    "A fallen 大富豪 (miyako-ochi) who is also a forbidden-finish offender is placed as an offender.",
)

# phases
SEAT: Final = 1
BLIND: Final = 2
DEALER: Final = 3
DEAL: Final = 4
LEAD: Final = 5
TRIBUTE: Final = 6
RETURN: Final = 7
PLAY: Final = 8
REVCHOICE: Final = 9
SEVEN: Final = 10
TEN: Final = 11
BOMB: Final = 12
FOURSTOP: Final = 13
PLACES: Final = 14
OVER: Final = 15
CHANCE_PHASES: Final = frozenset({SEAT, BLIND, DEALER, DEAL, LEAD, PLACES})
PHASE_NAMES: Final = {
    SEAT: "seating", BLIND: "blind", DEALER: "dealer", DEAL: "deal", LEAD: "lead", TRIBUTE: "tribute",
    RETURN: "return", PLAY: "play", REVCHOICE: "revolution_choice", SEVEN: "seven_pass",
    TEN: "ten_discard", BOMB: "q_bomber", FOURSTOP: "four_stop", PLACES: "places", OVER: "over",
}

R_FIVE, R_SIX, R_SEVEN, R_EIGHT, R_NINE, R_TEN, R_JACK, R_QUEEN = 3, 4, 5, 6, 7, 8, 9, 10
RED = 0b0110  # ♥ ♦
ROW0 = SUIT_ROW[0]
ALL = -1  # visibility: everyone

Event = tuple[Any, ...]


class Engine:
    """A whole match, mutable.  Never mutate an engine that a public state holds: copy it."""

    __slots__ = (
        "cx", "n", "game_no", "scores", "prev_placing", "classes", "order", "pos", "blind", "results",
        "phase", "turn", "pool", "deck", "deal_pos", "deal_left", "undealt", "hands", "public",
        "facedown", "known", "field", "owner", "trick_leader", "passed", "lock", "colour", "numnext",
        "numdir", "run", "revolution", "back", "back_carry", "back_set", "rev_pending", "omen",
        "direction", "lead_passes", "must_lead", "consec", "out_order", "offenders", "fallen",
        "must_card", "cont", "exch", "log", "placing", "first_of_set", "auto_next", "stuck",
    )

    def __init__(self, cx: Ctx, log: bool = True) -> None:
        n = cx.n
        self.cx = cx
        self.n = n
        self.game_no = 0
        self.scores = [0] * n
        self.prev_placing: tuple[int, ...] | None = None
        self.classes: tuple[int, ...] | None = None
        self.order = list(range(n))
        self.pos = list(range(n))
        self.blind = 0
        self.results: list[tuple[int, ...]] = []
        self.log: list[tuple[int, Event]] | None = [] if log else None
        self.auto_next = True
        self._new_game_fields()
        self._start_game()

    @classmethod
    def custom(
        cls,
        cx: Ctx,
        hands: list[int],
        turn: int,
        *,
        classes: tuple[int, ...] | None = None,
        order: list[int] | None = None,
        game_no: int = 1,
        revolution: bool = False,
        log: bool = True,
    ) -> Engine:
        """One game already in its play phase with the given hands (tests, the UECda client).

        Cards in no hand are out of play, face down (``undealt``).  The engine becomes
        terminal when this game ends, keeping its final position.
        """
        e = cls.__new__(cls)
        n = cx.n
        e.cx = cx
        e.n = n
        e.game_no = game_no
        e.scores = [0] * n
        e.prev_placing = classes
        e.order = list(order) if order is not None else list(range(n))
        e.pos = _inverse(e.order)
        e.blind = 0
        e.results = []
        e.log = [] if log else None
        e.auto_next = False
        e._new_game_fields()
        e.classes = classes
        e.first_of_set = classes is None
        e.hands = list(hands)
        dealt = 0
        for h in hands:
            dealt |= h
        e.undealt = cx.deck & ~dealt
        e.revolution = revolution
        e._begin_play(turn)
        return e

    # --- copying and comparing ----------------------------------------------------------------
    def copy(self) -> Engine:
        e = Engine.__new__(Engine)
        for name in Engine.__slots__:
            v = getattr(self, name)
            if type(v) is list:
                v = list(v)
            setattr(e, name, v)
        return e

    def key(self) -> tuple[Any, ...]:
        out = []
        for name in Engine.__slots__:
            if name == "cx":
                continue
            v = getattr(self, name)
            if type(v) is list:
                v = tuple(v)
            elif type(v) is dict:  # pragma: no cover - no dict fields
                v = tuple(sorted(v.items()))
            out.append(v)
        return tuple(out)

    def _new_game_fields(self) -> None:
        n = self.n
        self.phase = OVER
        self.turn = -1
        self.pool: list[int] = []
        self.deck = 0
        self.deal_pos = 0
        self.deal_left = 0
        self.undealt = 0
        self.hands = [0] * n
        self.public = 0
        self.facedown = 0
        self.known = [0] * n
        self.field: Play | None = None
        self.owner = -1
        self.trick_leader = -1
        self.passed = 0
        self.lock = 0
        self.colour = -1
        self.numnext = -1
        self.numdir = 0
        self.run = 0
        self.revolution = False
        self.back = False
        self.back_carry = False
        self.back_set = False
        self.rev_pending = False
        self.omen = False
        self.direction = 1
        self.lead_passes = 0
        self.must_lead = False
        self.stuck = 0
        self.consec = 0
        self.out_order: list[int] = []
        self.offenders: list[int] = []
        self.fallen = -1
        self.must_card = 0
        self.cont: tuple[Any, ...] | None = None
        self.exch: list[tuple[Any, ...]] = []
        self.placing: tuple[int, ...] | None = None
        self.first_of_set = True

    def _event(self, event: Event, vis: int = ALL) -> None:
        if self.log is not None:
            self.log.append((vis, event))

    # --- queries ------------------------------------------------------------------------------
    def inverted(self) -> bool:
        return self.revolution != self.back

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def holders(self) -> list[int]:
        return [p for p in range(self.n) if self.hands[p]]

    def class_of(self, player: int) -> int | None:
        """0 = 大富豪 … n-1 = 大貧民 in the reigning classes, or ``None`` in a game without classes."""
        if self.classes is None:
            return None
        return self.classes.index(player)

    def _next(self, p: int, exclude: int = 0, include_self: bool = False) -> int:
        """The next player after ``p`` in the current direction who holds cards and is not in ``exclude``."""
        n = self.n
        order = self.order
        hands = self.hands
        i = self.pos[p]
        d = self.direction
        for _ in range(n - 1):
            i = (i + d) % n
            q = order[i]
            if hands[q] and not exclude >> q & 1:
                return q
        if include_self and hands[p] and not exclude >> p & 1:
            return p
        return -1

    # --- chance -------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[tuple[str, int], int, int]]:
        """Each outcome with its probability as ``(numerator, denominator)``."""
        ph = self.phase
        if ph == DEAL or ph == BLIND:
            deck = self.deck if ph == DEAL else self.deck & NATURALS
            total = deck.bit_count()
            out = [(("card", i), 1, total) for i in bits_of(deck & NATURALS)]
            jk = deck & JOKER_BITS
            if jk and ph == DEAL:
                out.append((("card", 52), jk.bit_count(), total))
            return out
        if ph in (SEAT, DEALER, LEAD, PLACES):
            pool = self.pool
            return [(("player", p), 1, len(pool)) for p in pool]
        return []

    # --- the match and the game set-up ---------------------------------------------------------
    def _start_game(self) -> None:
        cx = self.cx
        log = self.log
        self.game_no += 1
        if self.game_no > cx.games or not self.auto_next:
            self.game_no -= 1
            self.phase = OVER
            self.turn = -1
            return
        scores, prev, order, blind, results, game_no = (
            self.scores, self.prev_placing, self.order, self.blind, self.results, self.game_no)
        self._new_game_fields()
        if log is not None:
            log.clear()
        first_of_set = game_no == 1 or (cx.set_games > 0 and (game_no - 1) % cx.set_games == 0)
        self.first_of_set = first_of_set
        self.classes = None if (first_of_set or cx.two_player or prev is None) else prev
        self._event(("game", game_no))
        reseat = cx.reseat.value
        need = (reseat == "random" or (reseat == "per_set" and first_of_set)
                or (reseat == "every_3_games" and game_no % 3 == 1))
        if reseat == "by_class" and self.classes is not None:
            order = list(self.classes)
        self.order = order
        self.pos = _inverse(order)
        if first_of_set and cx.blind:
            blind = 0
        self.blind = blind
        self.deck = cx.deck & ~blind  # every card is somewhere from the start
        if need:
            self.phase = SEAT
            self.pool = list(range(self.n))
            self.order = []
            return
        self._after_seating()

    def _after_seating(self) -> None:
        cx = self.cx
        self.pos = _inverse(self.order)
        self._event(("seats", tuple(self.order)))
        if cx.blind and self.first_of_set:
            need = (52 + cx.jokers) % self.n
            if need:
                self.phase = BLIND
                self.deck = cx.deck
                self.deal_left = need
                return
        self._after_blind()

    def _after_blind(self) -> None:
        cx = self.cx
        self.deck = cx.deck & ~self.blind
        self.deal_left = cx.deal_total - self.blind.bit_count()
        if self.classes is not None:
            if cx.deal_tycoon:
                self._begin_deal(self.pos[self.classes[0]])
            else:
                self._begin_deal(self.pos[self.classes[-1]] + 1)
            return
        if cx.first_lead_kind == "spade_seat":
            self._begin_deal(1)
            return
        self.phase = DEALER
        self.pool = list(range(self.n))

    def _begin_deal(self, start: int) -> None:
        self.deal_pos = start % self.n
        self.phase = DEAL

    def _after_deal(self) -> None:
        cx = self.cx
        self.undealt = self.deck
        self.deck = 0
        self._event(("dealt", tuple(h.bit_count() for h in self.hands)))
        if self.classes is not None and cx.exchange:
            self._setup_exchange()
        else:
            self._setup_lead()

    # --- exchange -------------------------------------------------------------------------------
    def _setup_exchange(self) -> None:
        cx = self.cx
        cl = self.classes
        assert cl is not None
        n = self.n
        tycoon, beggar = cl[0], cl[-1]
        hands = self.hands
        if cx.tenpen and not hands[beggar] & (JOKER_BITS | ~((1 << 32) - 1) & NATURALS):
            # tenpen-chii: no J, Q, K, A, 2 or joker in the 大貧民's dealt hand
            a, b = hands[tycoon], hands[beggar]
            hands[tycoon], hands[beggar] = b, a
            self.known[tycoon] |= a
            self.known[beggar] |= b
            self._event(("tenpen_chii", beggar, tycoon))
            self._setup_lead()
            return
        c1 = cx.exch3 if n == 3 else 2
        pairs = [(tycoon, beggar, c1)]
        if n >= 4:
            pairs.append((cl[1], cl[-2], 1))
        tributes = [("tribute", poor, rich, c) for rich, poor, c in pairs]
        returns = [("return", rich, poor, c) for rich, poor, c in pairs]
        if cx.exchange == 1:
            self.exch = [*tributes, *returns]
            self.cont = None
        else:
            self.exch = [*returns, *tributes]
            self.cont = ("deferred", ())
        self._run_exchange()

    def tribute_options(self, hand: int, count: int) -> list[int]:
        """The sets of cards a poorer player may hand over: their ``count`` strongest cards."""
        cx = self.cx
        chosen = 0
        need = count
        if not cx.joker_exempt:
            for b in (J1, J2):
                if need and hand & b:
                    chosen |= b
                    need -= 1
        if not need:
            return [chosen]
        for r in range(13, 0, -1):
            nib = hand >> (4 * (r - 1)) & 15
            if not nib:
                continue
            cards = [4 * (r - 1) + s for s in range(4) if nib >> s & 1]
            if len(cards) <= need:
                for i in cards:
                    chosen |= 1 << i
                need -= len(cards)
                if not need:
                    return [chosen]
                continue
            if cx.tribute_fixed:
                for i in cards[:need]:
                    chosen |= 1 << i
                return [chosen]
            out = []
            for combo in combinations(cards, need):
                m = chosen
                for i in combo:
                    m |= 1 << i
                out.append(m)
            return out
        return [chosen]  # fewer cards than asked: all of them

    def _run_exchange(self) -> None:
        while self.exch:
            kind, giver, receiver, count = self.exch[0]
            if kind == "tribute":
                options = self.tribute_options(self.hands[giver], count)
                if len(options) == 1:
                    self.exch.pop(0)
                    self._transfer(kind, giver, receiver, options[0])
                    continue
                self.phase = TRIBUTE
            else:
                self.phase = RETURN
            self.turn = giver
            return
        if self.cont is not None and self.cont[0] == "deferred":
            for kind, giver, receiver, cards in self.cont[1]:
                self._move(kind, giver, receiver, cards)
            self.cont = None
        self._setup_lead()

    def _transfer(self, kind: str, giver: int, receiver: int, cards: int) -> None:
        if self.cont is not None and self.cont[0] == "deferred":
            self.cont = ("deferred", self.cont[1] + ((kind, giver, receiver, cards),))
        else:
            self._move(kind, giver, receiver, cards)

    def _move(self, kind: str, giver: int, receiver: int, cards: int) -> None:
        self.hands[giver] &= ~cards
        self.hands[receiver] |= cards
        self.known[giver] |= cards
        self.known[receiver] |= cards
        self._event((kind, giver, receiver, cards.bit_count()))
        self._event((kind, giver, receiver, fmt_cards(cards)), (1 << giver) | (1 << receiver))

    def return_options(self, player: int, count: int) -> list[int]:
        hand = self.hands[player]
        if self.cx.joker_exempt:
            hand &= NATURALS
        return subsets_with_jokers(hand, range(count, count + 1))

    # --- the lead -------------------------------------------------------------------------------
    def _setup_lead(self) -> None:
        cx = self.cx
        kind = cx.first_lead_kind
        if self.classes is not None and cx.later_lead_kind != "same_as_first":
            self._begin_play(self.classes[-1] if cx.later_lead_kind == "beggar" else self.classes[0])
            return
        if kind == "spade_seat":
            self._begin_play(self.order[0])
            return
        if kind == "random":
            self.phase = LEAD
            self.pool = list(range(self.n))
            return
        suit = 2 if kind == "d3" else 0
        target = bit(1, suit)
        if cx.must_include and any(h & target for h in self.hands):
            self.must_card = target
        for r in range(1, 14):
            for s in (suit, 0, 1, 2, 3):
                b = bit(r, s)
                for p in range(self.n):
                    if self.hands[p] & b:
                        self._begin_play(p)
                        return
        self._begin_play(self.order[0])  # pragma: no cover - someone always holds a card

    def _begin_play(self, leader: int) -> None:
        self.phase = PLAY
        self.turn = leader
        self.trick_leader = leader
        self._event(("lead", leader))

    # --- legality ---------------------------------------------------------------------------------
    def legal(self) -> list[Any]:
        """Every legal action of the seat to act, in internal form (empty at chance nodes)."""
        ph = self.phase
        if ph == PLAY:
            plays = self.legal_plays()
            if (self.field is not None and self.cx.may_pass) or self.can_pass(plays):
                plays.append(PASS)
            return plays
        if ph == FOURSTOP:
            return [*self._fourstop_plays(), PASS]
        if ph == RETURN:
            _, giver, _, count = self.exch[0]
            return [("return", m) for m in self.return_options(giver, count)]
        if ph == TRIBUTE:
            _, giver, _, count = self.exch[0]
            return [("tribute", m) for m in self.tribute_options(self.hands[giver], count)]
        if ph == REVCHOICE:
            return [("revolt", 1), ("revolt", 0)]
        if ph == SEVEN or ph == TEN:
            lo, hi = self._transfer_range()
            kind = "give" if ph == SEVEN else "discard"
            return [(kind, m) for m in subsets_with_jokers(self.hands[self.turn], range(lo, hi + 1))]
        if ph == BOMB:
            assert self.cont is not None
            k = self.cont[3]
            out = []
            for size in range(min(k, 13) + 1):
                for combo in combinations(range(1, 14), size):
                    m = 0
                    for r in combo:
                        m |= 1 << r
                    out.append(("bomb", m))
            return out
        return []

    def _transfer_range(self) -> tuple[int, int]:
        assert self.cont is not None
        k = self.cont[3]
        mode = self.cx.seven if self.phase == SEVEN else self.cx.ten
        size = self.hands[self.turn].bit_count()
        m = min(k, size)
        return (m, m) if mode == 2 else (0, m)

    def can_pass(self, plays: list[Play] | None = None) -> bool:
        cx = self.cx
        if self.field is None:
            p = self.turn
            if self.must_card and self.hands[p] & self.must_card:
                allowed = False
            elif cx.leader_pass == 0:
                allowed = False
            elif cx.leader_pass == 1:
                allowed = not self.must_lead
            else:
                allowed = True
            if not allowed:
                if plays is None:
                    plays = self.legal_plays()
                return not plays  # stuck: no legal lead at all (only with refused finishes)
            return allowed if cx.may_pass else not (plays if plays is not None else self.legal_plays())
        if not cx.may_pass:
            if plays is None:
                plays = self.legal_plays()
            return not plays
        return True

    def legal_plays(self) -> list[Play]:
        """The plays (not the pass) the seat to act may make in the play phase."""
        cx = self.cx
        p = self.turn
        hand = self.hands[p]
        njk = (hand >> 52 & 1) + (hand >> 53 & 1)
        field = self.field
        out: list[Play] = []
        if field is None:
            lead = cx.lead_cache.get(hand)
            if lead is None:
                lead = self._lead_plays(hand, njk)
                if len(cx.lead_cache) > 20000:
                    cx.lead_cache.clear()
                cx.lead_cache[hand] = lead
            out = list(lead)
            if self.must_card:
                mc = self.must_card
                if hand & mc:
                    out = [m for m in out if m[3] & mc]
        else:
            inv = self.revolution != self.back
            form = field[0]
            if form == SINGLE:
                fr = field[2]
                tab = cx.single_tab
                if inv:
                    for r in range(1, fr):
                        nib = hand >> (4 * r - 4) & 15
                        if nib:
                            out += tab[r * 16 + nib]
                else:
                    h = hand >> (4 * fr)
                    r = fr + 1
                    while h and r < 14:
                        nib = h & 15
                        if nib:
                            out += tab[r * 16 + nib]
                        h >>= 4
                        r += 1
                if njk and not (inv and cx.joker_inverts):
                    out.append(LONE_JOKER)
            elif form == GROUP:
                fr = field[2]
                k = field[1]
                rng = range(1, fr) if inv else range(fr + 1, 14)
                gtab = cx.group_tab
                base = (njk * 8 + k) * 224
                for r in rng:
                    nib = hand >> (4 * r - 4) & 15
                    if nib:
                        got = gtab[base + r * 16 + nib]
                        if got is None:
                            got = gtab[base + r * 16 + nib] = tuple(cx.groups(r, nib, njk).get(k, ()))
                        if got:
                            out += got
                if k == 2 and njk == 2 and cx.joker_pair:
                    out.append(JOKER_PAIR)
            elif form == SEQ:
                k = field[1]
                if cx.seq_lowest:
                    lo_min, hi_max = (field[2] + 1, 99) if not inv else (-1, field[7] - 1)
                else:
                    lo_min, hi_max = (field[7] + 1, 99) if not inv else (-1, field[2] - 1)
                seqs = cx.seqs
                for s in range(4):
                    row = hand >> s & ROW0
                    if row:
                        for m in seqs(s, row, njk):
                            if m[1] == k and m[2] >= lo_min and m[7] <= hi_max:
                                out.append(m)
            elif form == EMPEROR:
                if cx.emperor:
                    if inv:
                        out = [m for m in cx.emperors(hand, njk) if m[7] < field[2]]
                    else:
                        out = [m for m in cx.emperors(hand, njk) if m[2] > field[7]]
            elif form == JOKER:
                if inv and cx.joker_inverts:
                    groups = cx.groups
                    for r in range(1, 14):
                        nib = hand >> (4 * r - 4) & 15
                        if nib:
                            out += groups(r, nib, 0)[1]
            # JPAIR: nothing beats it
            if out and (self.lock or self.colour >= 0 or self.numnext >= 0):
                out = [m for m in out if self._lock_ok(m)]
            if (cx.any_special and not self.omen
                    and (form == JOKER or cx.special_any_field)):
                extra = self._specials(hand, field, inv)
                if extra:
                    have = set(out)
                    for m in extra:
                        if m not in have:
                            have.add(m)
                            out.append(m)
        if cx.ff_refuse and cx.any_ff and out:
            size = hand.bit_count()
            inv = self.revolution != self.back
            out = [m for m in out if m[1] != size or not self._forbidden(m, inv, field)]
        return out

    def _lead_plays(self, hand: int, njk: int) -> tuple[Play, ...]:
        """Every play that may lead a trick from ``hand`` (depends on the hand and the rules only)."""
        cx = self.cx
        out: list[Play] = []
        tab = cx.lead_group_tab
        base = njk * 224
        h = hand & NATURALS
        r = 1
        while h:
            nib = h & 15
            if nib:
                got = tab[base + r * 16 + nib]
                if got is None:
                    got = ()
                    for lst in cx.groups(r, nib, njk).values():
                        got += tuple(lst)
                    tab[base + r * 16 + nib] = got
                out += got
            h >>= 4
            r += 1
        if njk:
            out.append(LONE_JOKER)
            if njk == 2 and cx.joker_pair:
                out.append(JOKER_PAIR)
        if cx.sequences:
            seqs = cx.seqs
            for s in range(4):
                row = hand >> s & ROW0
                # a quick necessary condition: enough cards close together for 3 with the jokers
                if row and (njk == 2 or (row & ((row >> 4) | (row >> 8)) if njk else row & (row >> 4) & (row >> 8))):
                    out += seqs(s, row, njk)
        if cx.emperor:
            out += cx.emperors(hand, njk)
        return tuple(out)

    def _specials(self, hand: int, field: Play, inv: bool) -> list[Play]:
        """Plays allowed by special rules whatever the form, strength or lock (deduplicated)."""
        cx = self.cx
        out: list[Play] = []
        form = field[0]
        if cx.s3_return and form == JOKER and hand & 1:
            out.append((SINGLE, 1, 1, 1, 0, (), 1, 1))
        sand = cx.sandstorm
        if sand and (hand & 15).bit_count() >= 3:
            if sand == 2 or (sand == 3 and form == JOKER) or (sand == 1 and form == GROUP and field[1] == 3):
                for m in cx.groups(1, hand & 15, 0).get(3, ()):
                    if sand != 1 or self._lock_ok(m):
                        out.append(m)
        for on, r in ((cx.ambulance, R_NINE), (cx.rokurokubi, R_SIX)):
            if on and (hand >> (4 * r - 4) & 15).bit_count() >= 2 and not self._field_above(field, r, inv):
                out += cx.groups(r, hand >> (4 * r - 4) & 15, 0)[2]
        return out

    def _field_above(self, field: Play, r: int, inv: bool) -> bool:
        """Whether the top play holds a card ranked above ``r`` in the current order."""
        form = field[0]
        if form == JOKER:
            return not (inv and self.cx.joker_inverts)
        if form == JPAIR:
            return True
        lo, hi = field[2], field[7]
        return lo < r if inv else hi > r

    def _lock_ok(self, m: Play) -> bool:
        form = m[0]
        if form == JOKER or form == JPAIR:
            return True
        lock = self.lock
        if lock:
            if self.cx.suit_lock == 2:
                if m[6] & lock != lock:
                    return False
            elif m[6] != lock:
                return False
        if self.colour >= 0 and _colour(m) != self.colour:
            return False
        if self.numnext >= 0 and (form != SINGLE and form != GROUP or m[2] != self.numnext):
            return False
        return True

    def _forbidden(self, m: Play, inv: bool, field: Play | None) -> bool:
        """Whether ``m`` as a final play is a forbidden finish (order in force before the play)."""
        cx = self.cx
        if cx.ff_joker and m[4]:
            return True
        if cx.ff_top and rank_count(m, 1 if inv else 13):
            return True
        if cx.ff_eight and rank_count(m, R_EIGHT):
            return True
        if cx.ff_jack and rank_count(m, R_JACK):
            return True
        if cx.ff_bottom and rank_count(m, 13 if inv else 1):
            return True
        if cx.ff_s3 and field is not None and field[0] == JOKER and m[0] == SINGLE and m[3] == 1:
            return True
        return False

    def _fourstop_plays(self) -> list[Play]:
        assert self.cont is not None
        k = self.cont[3]
        hand = self.hands[self.turn]
        njk = joker_count(hand)
        nib = hand >> 4 & 15
        if not nib:
            return []
        out = list(self.cx.groups(2, nib, njk if k > 1 else 0).get(k, ()))
        if self.cx.ff_refuse and self.cx.any_ff:
            size = hand.bit_count()
            out = [m for m in out if m[1] != size or not self._forbidden(m, self.inverted(), self.field)]
        return out

    # --- explaining an illegal play ----------------------------------------------------------------
    def explain(self, action: Any) -> str:
        """Why ``action`` (internal form, not legal here) is refused, for people."""
        ph = self.phase
        if ph == OVER:
            return "the game is over"
        if ph in CHANCE_PHASES:
            return "the cards are being dealt (no player acts now)"
        if ph != PLAY and ph != FOURSTOP:
            return f"now is the {PHASE_NAMES[ph].replace('_', ' ')} step: that is not one of its choices"
        if not (isinstance(action, tuple) and len(action) == 8):
            return "now is the time to play cards or pass"
        m: Play = action
        hand = self.hands[self.turn]
        if m[0] == 0:
            if self.field is None:
                if self.must_card and hand & self.must_card:
                    return "the first play of the game must include the " + ("♦3" if self.must_card == 4 else "♠3")
                if self.cx.leader_pass == 1 and self.must_lead:
                    return "everyone passed on the empty field: you must lead now"
                return "the leader must play (no passing on an empty field)"
            return "you must play: passing is not allowed while you have a legal play"
        if m[3] & ~hand:
            return "you do not hold " + fmt_cards(m[3] & ~hand).replace(".", ", ")
        if m[4] > joker_count(hand):
            return "you do not hold that many jokers"
        cx = self.cx
        if ph == FOURSTOP:
            return f"only exactly {self.cont[3] if self.cont else 0} 4s (or a pass) stop the 8-cut"
        form = m[0]
        if form == SEQ and not cx.sequences:
            return "sequences are not played under these rules"
        if form == SEQ and m[1] < cx.seq_min:
            return f"a sequence needs at least {cx.seq_min} cards"
        if form == GROUP and m[1] > cx.max_group:
            return f"a group may have at most {cx.max_group} cards"
        if form == JPAIR and not cx.joker_pair:
            return "two jokers cannot be played together under these rules"
        if form == EMPEROR and not cx.emperor:
            return "the emperor is not played under these rules"
        if form == SEQ and (m[2] == 0 or m[7] == 14) and not cx.seq_ends:
            return "a joker cannot stand below 3 or above 2 under these rules"
        if self.must_card and hand & self.must_card and not m[3] & self.must_card and self.field is None:
            return "the first play of the game must include the " + ("♦3" if self.must_card == 4 else "♠3")
        size = hand.bit_count()
        if cx.ff_refuse and m[1] == size and self._forbidden(m, self.inverted(), self.field):
            return "you cannot go out with that play (forbidden finish)"
        field = self.field
        if field is None:
            return "that is not a legal lead"
        ff = field[0]
        if ff == JOKER and not (self.inverted() and cx.joker_inverts):
            if form == SINGLE and m[3] == 1:
                return "a ♠3 may answer a lone joker only with the spade-3 return rule"
            return "too weak: only the ♠3 return beats a lone joker" if cx.s3_return else "too weak: nothing beats a lone joker"
        if ff == JPAIR:
            return "too weak: nothing beats the pair of jokers"
        same_kind = {SINGLE: (SINGLE, JOKER), GROUP: (GROUP, JPAIR), SEQ: (SEQ,), EMPEROR: (EMPEROR,),
                     JOKER: (SINGLE, JOKER), JPAIR: (GROUP, JPAIR)}
        if form not in same_kind.get(ff, ()) or m[1] != field[1]:
            return f"must be {_form_phrase(field)} (same form and number of cards as the top play)"
        if not self._lock_ok(m):
            if self.numnext >= 0 and m[2] != self.numnext:
                return "breaks the number lock"
            if self.colour >= 0 and _colour(m) != self.colour:
                return "breaks the colour lock"
            return "breaks the suit lock"
        return "too weak"

    # --- applying ----------------------------------------------------------------------------------
    def step(self, action: Any) -> None:
        """Apply an action known to be legal (or a chance outcome)."""
        ph = self.phase
        if ph == PLAY:
            if action[0] == 0:
                self._pass(self.turn)
            else:
                self._play(self.turn, action)
        elif ph == DEAL:
            self._deal(action[1])
        elif ph == FOURSTOP:
            self._fourstop(action)
        elif ph == SEAT:
            p = action[1]
            self.pool.remove(p)
            self.order.append(p)
            if len(self.pool) == 1:
                self.order.append(self.pool.pop())
            if not self.pool:
                self._after_seating()
        elif ph == BLIND:
            self.blind |= 1 << action[1]
            self.deck &= ~(1 << action[1])
            self.deal_left -= 1
            if not self.deal_left:
                self._after_blind()
        elif ph == DEALER:
            p = action[1]
            self.pool = []
            self._event(("dealer", p))
            self._begin_deal(self.pos[p] + (0 if self.cx.deal_tycoon else 1))
        elif ph == LEAD:
            self.pool = []
            self._begin_play(action[1])
        elif ph == PLACES:
            p = action[1]
            self.pool.remove(p)
            self.out_order.append(p)
            if len(self.pool) == 1:
                self.out_order.append(self.pool.pop())
            if not self.pool:
                self._end_game(tuple(self.out_order) + tuple(reversed(self.offenders)))
        elif ph == TRIBUTE or ph == RETURN:
            kind, giver, receiver, _ = self.exch.pop(0)
            self._transfer(kind, giver, receiver, action[1])
            self._run_exchange()
        elif ph == REVCHOICE:
            assert self.cont is not None
            p, m, prev, _k, fl = self.cont
            self.cont = None
            self.phase = PLAY
            if action[1]:
                self._revolt()
                fl |= 1
            self._event(("revolution_choice", p, bool(action[1])))
            self._steps(p, m, prev, fl, 3)
        elif ph == SEVEN or ph == TEN:
            self._follow_transfer(action[1])
        elif ph == BOMB:
            self._bomb(action[1])
        else:  # pragma: no cover
            raise IllegalActionError("the game is over")

    def _deal(self, index: int) -> None:
        b = 1 << index
        if index >= 52:
            b = J1 if self.deck & J1 else J2
        p = self.order[self.deal_pos]
        self.hands[p] |= b
        self.deck &= ~b
        self.deal_pos = (self.deal_pos + 1) % self.n
        self.deal_left -= 1
        if not self.deal_left:
            self._after_deal()

    def _pass(self, q: int) -> None:
        cx = self.cx
        self._event(("pass", q))
        self.consec += 1
        if cx.pass_limit and self.consec >= cx.pass_limit:
            self._event(("pass_limit", self.consec))
            self._random_places()
            return
        if self.field is None:
            count = sum(1 for h in self.hands if h)
            if cx.ff_refuse and not self.legal_plays():
                self.stuck += 1  # no legal lead at all (only with refused forbidden finishes)
                if self.stuck >= count:
                    self._stalemate(q)
                    return
            else:
                self.stuck = 0
            if cx.all_passed:
                self.passed |= 1 << q
                nxt = self._next(q, self.passed, True)
                if nxt < 0:
                    self._clear(-1)
                    self.must_lead = cx.leader_pass == 1  # the first leader of the second lap must play
                else:
                    self.turn = nxt
                return
            self.lead_passes += 1
            if self.lead_passes >= count and cx.leader_pass == 1:
                self.must_lead = True
            nxt = self._next(q, 0, True)
            self.turn = nxt
            self.trick_leader = nxt
            return
        self.passed |= 1 << q
        if cx.all_passed:
            nxt = self._next(q, self.passed, True)
        else:
            nxt = self._next(q, self.passed | (1 << self.owner))
        if nxt < 0:
            self._clear(self.owner)
        else:
            self.turn = nxt

    def _stalemate(self, q: int) -> None:
        """Every holder is stuck on an empty field ([open]): they take the last places in turn order."""
        rest = []
        p = q
        for _ in range(self.n):
            if self.hands[p] and p not in rest:
                rest.append(p)
            p = self.order[(self.pos[p] + 1) % self.n]
        self._event(("stalemate", tuple(rest)))
        self._end_game(self._placing(extra=rest))

    def _random_places(self) -> None:
        pool = self.holders()
        if len(pool) <= 1:
            self._end_game(self._placing())
            return
        self.phase = PLACES
        self.pool = pool
        self.turn = -1

    def _play(self, p: int, m: Play) -> None:
        cx = self.cx
        hand = self.hands[p]
        cards = m[3] | take_jokers(hand, m[4]) if m[4] else m[3]
        inv_before = self.revolution != self.back
        r0 = len(self.results)
        hand &= ~cards
        self.hands[p] = hand
        self.public |= cards
        prev = self.field
        self.field = m
        self.owner = p
        self.consec = 0
        self.lead_passes = 0
        self.stuck = 0
        self.must_lead = False
        self.must_card = 0
        if not cx.sticky:
            self.passed = 0
        if self.log is not None:
            self._event(("play", p, fmt_play(m)))
        fl = 8 if inv_before else 0  # bits: 1 revolted, 2 finished, 4 spade-3 return, 8 inverted before
        if prev is not None and prev[0] == JOKER and m[0] == SINGLE and m[3] == 1 and cx.s3_return:
            fl |= 4
        if not hand:
            fl |= 2
            if cx.any_ff and self._forbidden(m, inv_before, prev):
                self.offenders.append(p)
                self._event(("forbidden_finish", p))
            else:
                self._go_out(p)
        elif (cx.great_rev and not self.omen and m[0] == GROUP and m[2] == 13 and m[1] == 4 and not m[4]):
            self.public |= hand
            self.hands[p] = 0
            self._event(("great_revolution", p, fmt_cards(hand)))
            self._go_out(p)
        if len(self.results) != r0 or (not self.hands[p] and self._check_end()):
            return
        self._steps(p, m, prev, fl, 2)

    def _steps(self, p: int, m: Play, prev: Play | None, fl: int, step: int) -> None:
        """Effects of a play from ``step`` on (§1.13); pauses at engine phases."""
        cx = self.cx
        form = m[0]
        rankish = form == SINGLE or form == GROUP
        if step == 2 and rankish and m[1] < 4 and not cx.rank_trig[m[2]] and not fl & 4:
            # fast path: a single or small group of a rank without any effect
            if cx.any_lock:
                self._lock_update(m, prev, bool(fl & 8))
            self._after_play(p, cx.finish_clears and bool(fl & 2))
            return
        if step <= 2:
            if not self.omen:
                # 11-back
                if cx.eleven_back and (rankish or (form == SEQ and cx.eb_seq)):
                    js = rank_count(m, R_JACK)
                    if js:
                        if cx.eleven_back == 1:
                            self.back = not self.back
                        elif not self.back_set:
                            self.back = True
                        self.back_set = True
                        if cx.strong_eb and js >= 3:
                            self.back_carry = self.back
                if cx.omen and form == GROUP and m[1] == 3 and m[2] == R_SIX:
                    self.omen = True
                    self.revolution = True
                    self.back = False
                    self.rev_pending = False
                    self.back_carry = False
                    self._event(("omen", p))
                elif self._revolts(m):
                    if cx.rev_choice:
                        self.cont = (p, m, prev, 0, fl)
                        self.phase = REVCHOICE
                        self.turn = p
                        return
                    self._revolt()
                    fl |= 1
        if step <= 3 and cx.any_lock:
            self._lock_update(m, prev, bool(fl & 8))
        if step <= 4 and rankish and self.hands[p] and not self.omen:
            k = rank_count(m, R_SEVEN) if cx.seven else 0
            if k:
                self.cont = (p, m, prev, k, fl)
                self.phase = SEVEN
                self.turn = p
                return
            k = rank_count(m, R_TEN) if cx.ten else 0
            if k:
                self.cont = (p, m, prev, k, fl)
                self.phase = TEN
                self.turn = p
                return
            k = rank_count(m, R_QUEEN) if cx.bomber else 0
            if k:
                self.cont = (p, m, prev, k, fl)
                self.phase = BOMB
                self.turn = p
                return
        if step <= 5 and rankish and not self.omen:
            if cx.five_skip:
                k = rank_count(m, R_FIVE)
                if k:
                    if cx.five_skip == 2:
                        k = 1
                    skipped = []
                    q = p
                    for _ in range(k):
                        q = self._next(q, self.passed | (1 << p))
                        if q < 0:
                            break
                        self.passed |= 1 << q
                        skipped.append(q)
                    self._event(("skip", tuple(skipped)))
            if cx.nine_reverse and rank_count(m, R_NINE):
                self.direction = -self.direction
                self._event(("reverse", self.direction))
        clear = False
        if step <= 6 and not self.omen:
            if cx.eight_cut and (rankish or (form == SEQ and cx.ec_seq)):
                k8 = rank_count(m, R_EIGHT) if cx.ec_joker else _natural_count(m, R_EIGHT)
                if k8 and not fl & 4:
                    if cx.four_stop:
                        cands = []
                        q = p
                        for _ in range(self.n - 1):
                            q = self._next(q)
                            if q < 0 or q == p or q in cands:
                                break
                            cands.append(q)
                        if cands:
                            self.cont = (p, m, prev, k8, fl, tuple(cands))
                            self.phase = FOURSTOP
                            self.turn = cands[0]
                            return
                    clear = True
            if cx.q_cut and (rankish or (form == SEQ and cx.ec_seq)):
                if (rank_count(m, R_QUEEN) if cx.ec_joker else _natural_count(m, R_QUEEN)):
                    clear = True
            if fl & 4:
                clear = True
            if cx.sandstorm and form == GROUP and m[1] == 3 and m[2] == 1 and not m[4]:
                if cx.sandstorm != 3 or (prev is not None and prev[0] == JOKER):
                    clear = True
            if prev is not None and form == GROUP and m[1] == 2 and not m[4]:
                if (cx.ambulance and m[2] == R_NINE) or (cx.rokurokubi and m[2] == R_SIX):
                    clear = True
            if form == JPAIR and cx.joker_pair == 2:
                clear = True
        if step <= 6:
            if cx.rev_clears and fl & 1:
                clear = True
            if cx.finish_clears and fl & 2:
                clear = True
        self._after_play(p, clear)

    def _revolts(self, m: Play) -> bool:
        cx = self.cx
        form = m[0]
        if form == GROUP:
            if m[1] >= 4 and (cx.revolution or (cx.great_rev and m[2] == 13 and not m[4])):
                return True
            return cx.coup and m[1] == 3 and m[2] == R_NINE
        if form == SEQ:
            return bool(cx.seq_rev) and m[1] >= cx.seq_rev
        return form == EMPEROR

    def _revolt(self) -> None:
        if self.omen:
            return
        if self.cx.revolution == 2:
            self.rev_pending = not self.rev_pending
            self._event(("revolution_pending", self.rev_pending))
        else:
            self.revolution = not self.revolution
            self._event(("revolution", self.revolution))

    def _lock_update(self, m: Play, prev: Play | None, inv_before: bool) -> None:
        cx = self.cx
        form = m[0]
        if form == JOKER or form == JPAIR:
            if cx.declared:
                self.lock = 0
                self.colour = -1
                self.numnext = -1
            self.run = 0
            return
        if cx.q_release and not self.omen and rank_count(m, R_QUEEN):
            if self.lock or self.colour >= 0 or self.numnext >= 0:
                self._event(("lock_released",))
            self.lock = 0
            self.colour = -1
            self.numnext = -1
            self.run = 1
            return
        if prev is None or prev[0] == JOKER or prev[0] == JPAIR:
            self.run = 1
            return
        block = (not cx.declared) and bool(m[4] or prev[4])
        sl = cx.suit_lock
        if sl:
            if sl == 1:
                if not self.lock and not block and m[6] == prev[6]:
                    self.lock = m[6]
                    self._event(("lock", m[6]))
            elif sl == 2:
                shared = m[6] & prev[6]
                if not self.lock and not block and shared:
                    self.lock = shared
                    self._event(("lock", shared))
            else:
                self.run = self.run + 1 if (not block and m[6] == prev[6]) else 1
                if self.run >= 3 and not self.lock:
                    self.lock = m[6]
                    self._event(("lock", m[6]))
        if cx.colour_lock and self.colour < 0 and not block and _colour(m) == _colour(prev):
            self.colour = _colour(m)
            self._event(("colour_lock", self.colour))
        nl = cx.number_lock
        if nl and (form == SINGLE or form == GROUP) and (prev[0] == SINGLE or prev[0] == GROUP):
            if self.numnext >= 0:
                self.numnext = m[2] + self.numdir
            else:
                step = -1 if inv_before else 1
                if m[2] == prev[2] + step and (nl == 1 or (not block and m[6] == prev[6])):
                    self.numdir = step
                    self.numnext = m[2] + step
                    self._event(("number_lock", self.numnext))

    def _go_out(self, p: int) -> None:
        """``p`` went out legally."""
        cx = self.cx
        self.out_order.append(p)
        self._event(("out", p, len(self.out_order)))
        cl = self.classes
        if cl is None or len(self.out_order) != 1:
            return
        tycoon, beggar = cl[0], cl[-1]
        if cx.gekokujo and p == beggar:
            self._event(("gekokujo", p))
            placing = tuple(reversed(cl))
            for q in range(self.n):
                if self.hands[q]:
                    self.facedown |= self.hands[q]
                    self.known[q] |= self.hands[q]
                    self.hands[q] = 0
            self._end_game(placing)
            return
        if p != tycoon:
            mo = cx.miyako
            if mo and (mo != 3 or p == beggar) and tycoon not in self.offenders:
                self.fallen = tycoon
                self._event(("miyako_ochi", tycoon))
                if mo == 1 and self.hands[tycoon]:
                    self.facedown |= self.hands[tycoon]
                    self.known[tycoon] |= self.hands[tycoon]
                    self.hands[tycoon] = 0
        elif cx.kyoto and self.n >= 4 and cl[1] not in self.offenders:
            self.fallen = cl[1]
            self._event(("kyoto_ochi", cl[1]))

    def _placing(self, extra: list[int] | None = None) -> tuple[int, ...]:
        fallen = self.fallen
        offenders = self.offenders
        rest = extra if extra is not None else [q for q in range(self.n) if self.hands[q]]
        placing = [q for q in self.out_order if q != fallen]
        placing += [q for q in rest if q != fallen and q not in placing]
        if fallen >= 0 and fallen not in offenders:
            placing.append(fallen)
        placing += reversed(offenders)
        # anyone left over (cannot happen) keeps a place
        placing += [q for q in range(self.n) if q not in placing]
        return tuple(placing)

    def _check_end(self) -> bool:
        """End the game if at most one player holds cards (call only within the same game)."""
        count = 0
        for h in self.hands:
            if h:
                count += 1
                if count > 1:
                    return False
        self._end_game(self._placing())
        return True

    def _end_game(self, placing: tuple[int, ...]) -> None:
        cx = self.cx
        n = self.n
        self.placing = placing
        self.results.append(placing)
        scoring = cx.scoring
        for place, q in enumerate(placing):
            if scoring == "places":
                pts = n - place
            elif scoring == "uecda":
                pts = 5 - place
            elif scoring == "win":
                pts = 1 if place == 0 else 0
            else:  # jdf 6/4/2/0, +2 to the 大富豪 of a set's last game
                pts = (6, 4, 2, 0)[place] if place < 4 else 0
                if place == 0 and cx.set_games and self.game_no % cx.set_games == 0:
                    pts += 2
            self.scores[q] += pts
        self._event(("result", placing))
        self.prev_placing = placing
        self.phase = OVER
        self.turn = -1
        self._start_game()

    def _after_play(self, p: int, clear: bool) -> None:
        if self._check_end():
            return
        if clear:
            self._clear(p)
            return
        if self.cx.all_passed:
            nxt = self._next(p, self.passed, True)
        else:
            nxt = self._next(p, self.passed | (1 << self.owner))
        if nxt < 0:
            self._clear(p)
        else:
            self.turn = nxt

    def _clear(self, lead_from: int) -> None:
        cx = self.cx
        self.field = None
        self.owner = -1
        self.passed = 0
        self.lock = 0
        self.colour = -1
        self.numnext = -1
        self.run = 0
        if self.back_carry:
            self.back_carry = False
        else:
            self.back = False
        self.back_set = False
        if self.rev_pending:
            self.rev_pending = False
            if not self.omen:
                self.revolution = not self.revolution
                self._event(("revolution", self.revolution))
        if cx.nine_reverse == 2:
            self.direction = 1
        self.lead_passes = 0
        self.must_lead = False
        self.phase = PLAY
        if lead_from < 0:
            leader = self.trick_leader
        elif self.hands[lead_from]:
            leader = lead_from
        else:
            leader = self._next(lead_from)
        self.trick_leader = leader
        self.turn = leader
        self._event(("clear", leader))

    # --- follow-ups ---------------------------------------------------------------------------------
    def _resume(self) -> None:
        """Go on with the play's effects after a follow-up phase (7-pass, 10-discard, Q-bomber)."""
        assert self.cont is not None
        p, m, prev, _k, fl = self.cont[:5]
        self.cont = None
        self.phase = PLAY
        if self._check_end():
            return
        self._steps(p, m, prev, fl, 5)

    def _follow_transfer(self, cards: int) -> None:
        p = self.turn
        if self.phase == SEVEN:
            q = self._next(p)
            if cards:
                self.hands[p] &= ~cards
                self.hands[q] |= cards
                self.known[p] |= cards
                self.known[q] |= cards
            self._event(("give", p, q, cards.bit_count()))
            self._event(("give", p, q, fmt_cards(cards)), (1 << p) | (1 << q))
        else:
            self.hands[p] &= ~cards
            self.public |= cards
            self._event(("discard", p, fmt_cards(cards)))
        if cards and not self.hands[p]:
            r0 = len(self.results)
            self._go_out(p)
            if len(self.results) != r0:
                return
        self._resume()

    def _bomb(self, ranks: int) -> None:
        p = self.turn
        mask = 0
        for r in range(1, 14):
            if ranks >> r & 1:
                mask |= 0xF << (4 * r - 4)
        emptied = []
        lost = []
        q = p
        for _ in range(self.n):
            h = self.hands[q]
            if h & mask:
                self.public |= h & mask
                self.hands[q] = h & ~mask
                lost.append((q, fmt_cards(h & mask)))
                if not self.hands[q]:
                    emptied.append(q)
            q = self.order[(self.pos[q] + self.direction) % self.n]
        self._event(("bomb", p, tuple(r for r in range(1, 14) if ranks >> r & 1), tuple(lost)))
        r0 = len(self.results)
        for q in emptied:
            if self.hands[q] == 0 and q not in self.out_order:
                self._go_out(q)
                if len(self.results) != r0:
                    return
        self._resume()

    def _fourstop(self, m: Play) -> None:
        assert self.cont is not None
        p, cut, prev, k, fl, cands = self.cont
        q = self.turn
        if m[0] == 0:
            self._event(("four_stop_declined", q))
            cands = cands[1:]
            if cands:
                self.cont = (p, cut, prev, k, fl, cands)
                self.turn = cands[0]
                return
            self.cont = None
            self.phase = PLAY
            self._after_play(p, True)
            return
        self.cont = None
        self.phase = PLAY
        hand = self.hands[q]
        cards = m[3] | take_jokers(hand, m[4]) if m[4] else m[3]
        inv_before = self.inverted()
        self.hands[q] = hand & ~cards
        self.public |= cards
        self.field = m
        self.owner = q
        self._event(("four_stop", q, fmt_play(m)))
        if not self.hands[q]:
            r0 = len(self.results)
            if self.cx.any_ff and self._forbidden(m, inv_before, cut):
                self.offenders.append(q)
                self._event(("forbidden_finish", q))
            else:
                self._go_out(q)
            if len(self.results) != r0:
                return
        if self._revolts(m):
            self._revolt()
        self._after_play(q, True)


def _inverse(order: list[int]) -> list[int]:
    pos = [0] * len(order)
    for i, p in enumerate(order):
        pos[p] = i
    return pos


def _natural_count(m: Play, r: int) -> int:
    return (m[3] >> (4 * r - 4) & 15).bit_count()


def _colour(m: Play) -> int:
    red = black = 0
    for i in bits_of(m[3]):
        if RED >> (i & 3) & 1:
            red += 1
        else:
            black += 1
    for _pos, s in m[5]:
        if s < 4:
            if RED >> s & 1:
                red += 1
            else:
                black += 1
    return red * 8 + black


def _form_phrase(field: Play) -> str:
    form, size = field[0], field[1]
    if form in (SINGLE, JOKER):
        return "a single card"
    if form in (GROUP, JPAIR):
        return {2: "a pair", 3: "a triple", 4: "four of a kind"}.get(size, f"a group of {size}")
    if form == EMPEROR:
        return "an emperor"
    return f"a sequence of {size}"
