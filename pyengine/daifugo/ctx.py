"""Rules compiled for speed: flat ints and booleans plus move-generation caches.

The engine reads options many times per move, so a :class:`DaifugoRules` is turned once
into a :class:`Ctx` (cached per rules value and player count).  The caches hold every
group a rank's cards can form and every sequence a suit's cards can form, as play tuples.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .cards import EMPEROR, GROUP, SEQ, SINGLE, TWO_PLAYER_DECK, Play, bit
from .rules import DaifugoRules
from .values import (
    DealStart,
    Deck,
    Effect,
    ElevenBack,
    ExchangeMode,
    FirstLead,
    ForbiddenOrder,
    FourStopCount,
    JokerPair,
    Kyoto,
    LaterLead,
    LeaderPass,
    LockJoker,
    Miyako,
    NumberLock,
    Penalty,
    Remainder,
    Revolution,
    RoyalDefence,
    Sandstorm,
    SeqCompare,
    SuitLock,
    SuperRevolution,
    Tribute,
    TributeSuits,
    TrickEnd,
)

_CTX: dict[tuple[DaifugoRules, int], Ctx] = {}

FULL_DECK_52 = (1 << 52) - 1

# The effect table compiled: one small int per rank (``Ctx.fx``), in the steps of §1.13.
FX_NONE = 0
FX_BACK, FX_END_BACK = 1, 2  # step 2, order changes
FX_PASS, FX_PASS_EXACTLY, FX_PASS_BACK, FX_DISCARD, FX_DISCARD_EXACTLY, FX_BOMB = 3, 4, 5, 6, 7, 8  # step 4
FX_SKIP, FX_SKIP_ONE, FX_REVERSE, FX_REVERSE_TRICK = 9, 10, 11, 12  # step 5, turn order
FX_CUT, FX_CUT_INVERTED = 13, 14  # step 6, clearing
FX_CODE: dict[Effect, int] = {
    Effect.NONE: FX_NONE, Effect.BACK: FX_BACK, Effect.END_BACK: FX_END_BACK, Effect.PASS: FX_PASS,
    Effect.PASS_EXACTLY: FX_PASS_EXACTLY, Effect.PASS_BACK: FX_PASS_BACK, Effect.DISCARD: FX_DISCARD,
    Effect.DISCARD_EXACTLY: FX_DISCARD_EXACTLY, Effect.BOMB: FX_BOMB, Effect.SKIP: FX_SKIP,
    Effect.SKIP_ONE: FX_SKIP_ONE, Effect.REVERSE: FX_REVERSE, Effect.REVERSE_TRICK: FX_REVERSE_TRICK,
    Effect.CUT: FX_CUT, Effect.CUT_INVERTED: FX_CUT_INVERTED,
}
FX_ORDER = (FX_BACK, FX_END_BACK)
FX_FOLLOW = (FX_PASS, FX_PASS_EXACTLY, FX_PASS_BACK, FX_DISCARD, FX_DISCARD_EXACTLY, FX_BOMB)
FX_TURN = (FX_SKIP, FX_SKIP_ONE, FX_REVERSE, FX_REVERSE_TRICK)
FX_CLEAR = (FX_CUT, FX_CUT_INVERTED)

# ranks (1 = 3 … 13 = 2) of the named rank rules
_R3, _R4, _R5, _R6, _R7, _R8, _R9, _R10, _RJ, _RQ, _RK, _RA, _R2 = range(1, 14)


def _enum_index(value: object, members: tuple[object, ...]) -> int:
    return members.index(value)


class Ctx:
    """Compiled rules.  Attribute names follow the options; enums become small ints; the effect
    table becomes flat per-rank tuples (``fx`` and the ``fx_*`` step lookups)."""

    def __init__(self, rules: DaifugoRules, n: int) -> None:
        self.rules = rules
        self.n = n
        self._deck_and_match(rules)
        self._forms_and_order(rules)
        self._clears(rules)
        self._effect_table(rules)
        self._turns_and_locks(rules)
        self._finishing(rules)
        self._exchange(rules)
        self._specials(rules)
        self._caches()

    def _deck_and_match(self, rules: DaifugoRules) -> None:
        d, m = rules.deck, rules.match
        self.jokers = d.jokers
        self.two_player = d.deck is Deck.TWO_PLAYER
        self.deck = TWO_PLAYER_DECK if self.two_player else FULL_DECK_52 | ((1 << 52) * ((1 << d.jokers) - 1))
        self.deal_total = 26 if self.two_player else 52 + d.jokers
        self.blind = d.remainder is Remainder.BLIND
        self.lowest_first = d.remainder is Remainder.LOWEST_FIRST
        self.games = m.games
        self.set_games = m.set_games
        self.target_score = m.target_score
        self.scoring = m.scoring.value
        self.reseat = m.reseat
        self.deal_tycoon = m.deal_start is DealStart.TYCOON
        self.first_lead = m.first_lead
        self.must_include = m.first_lead_must_include
        self.later_lead = m.later_lead
        self.first_lead_kind = {FirstLead.D3: "d3", FirstLead.S3: "s3", FirstLead.RANDOM: "random",
                                FirstLead.SPADE_SEAT: "spade_seat", FirstLead.DEALER_LEFT: "dealer_left"}[m.first_lead]
        self.later_lead_kind = {LaterLead.BEGGAR: "beggar", LaterLead.TYCOON: "tycoon",
                                LaterLead.SAME_AS_FIRST: "same_as_first"}[m.later_lead]

    def _forms_and_order(self, rules: DaifugoRules) -> None:
        f, o = rules.forms, rules.order
        self.sequences = f.sequences
        self.seq_min = f.seq_min
        self.seq_lowest = f.seq_compare is SeqCompare.LOWEST
        self.seq_ends = f.seq_joker_ends
        self.max_group = f.max_group
        self.emperor = f.emperor
        self.joker_pair = 2 if f.joker_pair is JokerPair.CLEARS else 1  # 1 top_pair, 2 clears
        self.revolution = _enum_index(o.revolution, tuple(Revolution))  # 0 off, 1 immediate, 2 after_clear
        self.rev_clears = o.revolution_clears
        self.rev_choice = o.revolution_choice
        self.seq_rev = 0 if o.seq_revolution.value == "off" else int(o.seq_revolution.value)
        self.coup = o.coup_detat
        self.coup_counter = o.coup_counter
        self.nanasan = o.nanasan
        self.joker_rev = o.joker_revolution
        self.chasing = o.chasing_revolution
        self.super_rev = 0 if o.super_revolution is SuperRevolution.OFF else int(o.super_revolution.value)
        self.omen = o.omen
        self.great_rev = o.great_revolution
        self.eleven_back = _enum_index(o.eleven_back, tuple(ElevenBack))  # 0 off, 1 toggle, 2 first_only
        self.eb_seq = o.eleven_back_sequences
        self.strong_eb = o.strong_eleven_back
        self.joker_inverts = o.joker_inverts

    def _clears(self, rules: DaifugoRules) -> None:
        c = rules.clears
        self.eight_cut = c.eight_cut
        self.ec_seq = c.eight_cut_sequences
        self.ec_joker = c.eight_cut_joker
        self.four_stop = c.four_stop
        self.four_stop_per_eight = 2 if c.four_stop_count is FourStopCount.DOUBLE else 1
        self.ten_return = c.ten_return
        self.q_cut = c.q_cut
        self.s3_return = c.spade3_return
        self.s2_return = c.spade2_return
        self.sandstorm = _enum_index(c.sandstorm, tuple(Sandstorm))  # 0 off 1 on_triples 2 any_time 3 on_joker
        self.ambulance = c.ambulance
        self.rokurokubi = c.rokurokubi
        self.finish_clears = c.finish_clears
        self.rev_eight = c.revolution_eight
        self.majesty = c.majesty
        self.cannon = c.strongest_cannon
        self.assassination = c.assassination
        self.next_ace = c.next_ace

    def _effect_table(self, rules: DaifugoRules) -> None:
        fx = rules.effects
        table = [FX_NONE] * 15
        for r in range(1, 14):
            table[r] = FX_CODE[fx.of(r)]
        self.fx = tuple(table)
        """The effect of each rank (index 1..13; 0 and 14 are never a rank of a single or group)."""
        self.fx_jokers = fx.jokers
        self.fx_seq = fx.sequences
        self.fx_order = tuple(code in FX_ORDER for code in table)
        self.fx_follow = tuple(code in FX_FOLLOW for code in table)
        self.fx_turn = tuple(code in FX_TURN for code in table)
        self.fx_clear = tuple(code in FX_CLEAR for code in table)
        self.any_fx = any(table)
        self.any_fx_order = any(self.fx_order)
        self.any_fx_turn = any(self.fx_turn)
        self.any_fx_clear = any(self.fx_clear)
        # the 7-pass and 10-discard as the bots read them: 0 off, 1 up to k, 2 exactly
        self.seven = {FX_PASS: 1, FX_PASS_EXACTLY: 2}.get(table[_R7], 0)
        self.ten = {FX_DISCARD: 1, FX_DISCARD_EXACTLY: 2}.get(table[_R10], 0)

    def _turns_and_locks(self, rules: DaifugoRules) -> None:
        t, lk = rules.turns, rules.locks
        self.leader_pass = _enum_index(t.leader_pass, tuple(LeaderPass))  # 0 off 1 second_lap 2 free
        self.sticky = t.sticky_pass
        self.all_passed = t.trick_end is TrickEnd.ALL_PASSED
        self.may_pass = t.may_pass_when_able
        self.pass_limit = 20 if self.leader_pass == 2 else 0
        self.suit_lock = _enum_index(lk.suit_lock, tuple(SuitLock))  # 0 off 1 exact 2 partial 3 after_three
        self.declared = lk.lock_joker is LockJoker.DECLARED
        self.colourless = lk.lock_joker is LockJoker.COLOURLESS
        self.colour_lock = lk.colour_lock
        self.number_lock = _enum_index(lk.number_lock, tuple(NumberLock))
        self.q_release = lk.q_release
        self.any_lock = bool(self.suit_lock or self.colour_lock or self.number_lock or self.q_release)

    def _finishing(self, rules: DaifugoRules) -> None:
        fin = rules.finishing
        ff = set(fin.forbidden_finish)
        self.ff_joker = "joker" in ff
        self.ff_top = "top_rank" in ff
        self.ff_eight = "eight" in ff
        self.ff_s3 = "spade3_return" in ff
        self.ff_jack = "jack" in ff
        self.ff_bottom = "bottom_rank" in ff
        self.any_ff = bool(ff)
        self.ff_refuse = fin.forbidden_penalty is Penalty.REFUSE
        self.ff_after = fin.forbidden_order is ForbiddenOrder.AFTER
        self.miyako = _enum_index(fin.miyako_ochi, tuple(Miyako))  # 0 off 1 immediate 2 next_game 3 beggar
        self.gekokujo = fin.gekokujo
        self.kyoto = _enum_index(fin.kyoto_ochi, tuple(Kyoto))  # 0 off 1 next_game 2 immediate
        self.guillotine = fin.guillotine

    def _exchange(self, rules: DaifugoRules) -> None:
        ex = rules.exchange
        self.exchange = {ExchangeMode.OFF: 0, ExchangeMode.POOR_FIRST: 1, ExchangeMode.SIMULTANEOUS: 2}[ex.exchange]
        self.exch3 = ex.exchange_counts
        self.joker_exempt = ex.exchange_joker_exempt
        self.tenpen = ex.tenpen_chii
        self.tribute_fixed = ex.tribute_suits is TributeSuits.FIXED
        self.tribute_blind = ex.tribute is Tribute.BLIND
        self.return_received = ex.return_received
        self.monarchy = ex.monarchy
        self.royal_defence = _enum_index(ex.royal_defence, tuple(RoyalDefence))  # 0 off 1 streak 2 capped
        self.antimonopoly = ex.antimonopoly

    def _specials(self, rules: DaifugoRules) -> None:
        sp = rules.specials
        self.lucky_seven = sp.lucky_seven
        self.death = sp.death
        self.thief = sp.thief
        self.damian = sp.damian
        self.satan = sp.satan
        self.zombie = sp.zombie
        self.rescue = sp.rescue
        self.bloody_mary = sp.bloody_mary
        self.jeanne = sp.jeanne
        self.kings_privilege = sp.kings_privilege
        self.relief = sp.relief
        self.dokan = sp.dokan
        self.monopoly = sp.monopoly
        self.taepodong = sp.taepodong
        # the rules that play three of a rank: rank → what it does (a name of a special effect)
        triples: dict[int, str] = {}
        for on, r, name in (
            (self.death, _R4, "death"), (self.thief, _R4, "thief"),
            (self.damian, _R6, "damian"), (self.satan, _R6, "satan"), (self.zombie, _R3, "zombie"),
            (self.bloody_mary, _RQ, "bloody_mary"), (self.jeanne, _RQ, "jeanne"),
            (self.kings_privilege, _RK, "kings_privilege"),
        ):
            if on:
                triples[r] = name
        self.triples = triples
        self.track_trick = self.dokan or self.relief or self.zombie or self.satan or self.rescue
        self.wins_at_once = self.great_rev or self.lucky_seven or self.taepodong

    def _caches(self) -> None:
        # special plays that may be needed while following
        self.article_specials = self.s2_return or self.chasing or self.assassination
        self.any_special = (self.s3_return or self.sandstorm != 0 or self.ambulance or self.rokurokubi
                            or self.article_specials)
        self.declarations = self.relief or self.dokan
        self.any_special_clear = (self.q_cut or self.s3_return or self.sandstorm != 0 or self.ambulance
                                  or self.rokurokubi or self.joker_pair == 2 or self.any_fx_clear or self.majesty
                                  or self.cannon)
        self.order_rank = tuple((r == _RJ and self.eleven_back != 0) or self.fx_order[r] for r in range(15))
        """Whether a single or pair of the rank may change the order (11-back, the table's back effects)."""
        self.single_tab: list[tuple[Play, ...]] = [()] * (14 * 16)
        for r in range(1, 14):
            for nib in range(1, 16):
                self.single_tab[r * 16 + nib] = tuple(
                    (SINGLE, 1, r, 1 << (4 * (r - 1) + s), 0, (), 1 << s, r) for s in range(4) if nib >> s & 1)
        self.group_tab: list[tuple[Play, ...] | None] = [None] * (3 * 8 * 224)
        self.lead_group_tab: list[tuple[Play, ...] | None] = [None] * (3 * 224)
        trig = [self.fx[r] != FX_NONE or r in self.triples for r in range(15)]
        for r, on in (
            (_RJ, self.eleven_back != 0), (_R6, self.omen or self.rokurokubi or self.coup_counter),
            (_R9, self.coup or self.ambulance), (_RQ, self.q_cut or self.q_release), (_R8, self.eight_cut),
            (_R3, self.sandstorm != 0 or self.assassination), (_R2, self.great_rev or self.s2_return or self.assassination),
            (_R7, self.nanasan or self.lucky_seven), (_RA, self.next_ace),
        ):
            if on:
                trig[r] = True
        if self.chasing:  # a pair of any rank may chase the pair it covers
            trig = [True] * 15
        self.rank_trig = tuple(trig)
        self.special_any_field = (self.sandstorm in (1, 2) or self.ambulance or self.rokurokubi or self.chasing
                                  or self.assassination)
        self._groups: dict[int, dict[int, list[Play]]] = {}
        self._seqs: dict[int, list[Play]] = {}

    # --- generation caches -----------------------------------------------------------------
    def groups(self, rank: int, nib: int, njk: int) -> dict[int, list[Play]]:
        """Singles and groups of ``rank`` from the suits in ``nib`` plus up to ``njk`` jokers, by size."""
        key = (rank << 6) | (nib << 2) | njk
        got = self._groups.get(key)
        if got is not None:
            return got
        by_size: dict[int, list[Play]] = {}
        shift = 4 * (rank - 1)
        for sub in range(1, 16):
            if sub & nib != sub:
                continue
            ns = sub.bit_count()
            free = [s for s in range(4) if not sub >> s & 1]
            nat = sub << shift
            for jj in range(njk + 1):
                size = ns + jj
                if size > self.max_group:
                    break
                form = SINGLE if size == 1 else GROUP
                if jj == 0:
                    by_size.setdefault(size, []).append((form, size, rank, nat, 0, (), sub, rank))
                    continue
                k = min(jj, len(free))
                extra = jj - k
                for combo in combinations(free, k):
                    standins = tuple((rank, s) for s in combo) + ((rank, 4),) * extra
                    suits = sub
                    for s in combo:
                        suits |= 1 << s
                    if extra:
                        suits |= 16
                    by_size.setdefault(size, []).append((form, size, rank, nat, jj, standins, suits, rank))
        self._groups[key] = by_size
        return by_size

    def seqs(self, suit: int, row: int, njk: int) -> list[Play]:
        """Every sequence of ``suit`` from the cards in ``row`` (bits 4i, i = rank - 1) and jokers."""
        key = (row << 4) | (suit << 2) | njk
        got = self._seqs.get(key)
        if got is not None:
            return got
        out: list[Play] = []
        lo_min, hi_max = (0, 14) if self.seq_ends else (1, 13)
        held = [False] * 15
        for p in range(1, 14):
            held[p] = bool(row >> (4 * (p - 1)) & 1)
        for lo in range(lo_min, hi_max + 1):
            missing: list[int] = []
            have: list[int] = []
            for hi in range(lo, hi_max + 1):
                if held[hi]:
                    have.append(hi)
                else:
                    missing.append(hi)
                    if len(missing) > njk:
                        break
                length = hi - lo + 1
                if length < self.seq_min:
                    continue
                for extra in range(njk - len(missing) + 1):
                    if len(have) - extra < 1:
                        break
                    for combo in combinations(have, extra):
                        jpos = sorted(missing + list(combo))
                        nat = 0
                        for p in have:
                            if p not in combo:
                                nat |= bit(p, suit)
                        standins = tuple((p, suit) for p in jpos)
                        out.append((SEQ, length, lo, nat, len(jpos), standins, 1 << suit, hi))
        self._seqs[key] = out
        return out

    def emperors(self, hand: int, njk: int) -> list[Play]:
        """Every emperor (four consecutive ranks in four different suits) the hand can form."""
        out: list[Play] = []
        for lo in range(1, 11):
            for suits in permutations(range(4)):
                cards = [(lo + i, suits[i]) for i in range(4)]
                held = [bool(hand & bit(r, s)) for r, s in cards]
                for jcount in range(njk + 1):
                    for jset in combinations(range(4), jcount):
                        if any(not held[i] for i in range(4) if i not in jset):
                            continue
                        nat = 0
                        for i in range(4):
                            if i not in jset:
                                nat |= bit(*cards[i])
                        standins = tuple(sorted(cards[i] for i in jset))
                        out.append((EMPEROR, 4, lo, nat, jcount, standins, 15, lo + 3))
        return out


def compile_rules(rules: DaifugoRules, n: int) -> Ctx:
    key = (rules, n)
    got = _CTX.get(key)
    if got is None:
        if len(_CTX) > 64:
            _CTX.clear()
        got = _CTX[key] = Ctx(rules, n)
    return got
