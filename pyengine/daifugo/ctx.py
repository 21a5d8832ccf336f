"""Rules compiled for speed: flat ints and booleans plus move-generation caches.

The engine reads options many times per move, so a :class:`DaifugoRules` is turned once
into a :class:`Ctx` (cached per rules value and player count).  The caches hold every
group a rank's cards can form and every sequence a suit's cards can form, as play tuples.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .cards import EMPEROR, GROUP, SEQ, SINGLE, TWO_PLAYER_DECK, Play, bit
from .rules import (
    DaifugoRules,
    DealStart,
    Deck,
    ElevenBack,
    ExchangeMode,
    FirstLead,
    FiveSkip,
    JokerPair,
    LaterLead,
    LeaderPass,
    LockJoker,
    Miyako,
    NineReverse,
    NumberLock,
    Penalty,
    Remainder,
    Reseat,
    Revolution,
    Sandstorm,
    SeqCompare,
    SuitLock,
    TributeSuits,
    TrickEnd,
)

_CTX: dict[tuple[DaifugoRules, int], Ctx] = {}

FULL_DECK_52 = (1 << 52) - 1


def _enum_index(value: object, members: tuple[object, ...]) -> int:
    return members.index(value)


class Ctx:
    """Compiled rules.  Attribute names follow the options; enums become small ints."""

    def __init__(self, rules: DaifugoRules, n: int) -> None:
        self.rules = rules
        self.n = n
        d, m, f, o, c, t, x, lk, fin, ex = (
            rules.deck, rules.match, rules.forms, rules.order, rules.clears, rules.turns,
            rules.transfers, rules.locks, rules.finishing, rules.exchange,
        )
        self.jokers = d.jokers
        self.two_player = d.deck is Deck.TWO_PLAYER
        self.deck = TWO_PLAYER_DECK if self.two_player else FULL_DECK_52 | ((1 << 52) * ((1 << d.jokers) - 1))
        self.deal_total = 26 if self.two_player else 52 + d.jokers
        self.blind = d.remainder is Remainder.BLIND
        self.games = m.games
        self.set_games = m.set_games
        self.scoring = m.scoring.value
        self.reseat = m.reseat
        self.reseat_random = m.reseat is Reseat.RANDOM
        self.deal_tycoon = m.deal_start is DealStart.TYCOON
        self.first_lead = m.first_lead
        self.must_include = m.first_lead_must_include
        self.later_lead = m.later_lead
        self.sequences = f.sequences
        self.seq_min = f.seq_min
        self.seq_lowest = f.seq_compare is SeqCompare.LOWEST
        self.seq_ends = f.seq_joker_ends
        self.max_group = f.max_group
        self.emperor = f.emperor
        self.joker_pair = _enum_index(f.joker_pair, tuple(JokerPair))  # 0 off, 1 top_pair, 2 clears
        self.revolution = _enum_index(o.revolution, tuple(Revolution))  # 0 off, 1 immediate, 2 after_clear
        self.rev_clears = o.revolution_clears
        self.rev_choice = o.revolution_choice
        self.seq_rev = 0 if o.seq_revolution.value == "off" else int(o.seq_revolution.value)
        self.coup = o.coup_detat
        self.omen = o.omen
        self.great_rev = o.great_revolution
        self.eleven_back = _enum_index(o.eleven_back, tuple(ElevenBack))  # 0 off, 1 toggle, 2 first_only
        self.eb_seq = o.eleven_back_sequences
        self.strong_eb = o.strong_eleven_back
        self.joker_inverts = o.joker_inverts
        self.eight_cut = c.eight_cut
        self.ec_seq = c.eight_cut_sequences
        self.ec_joker = c.eight_cut_joker
        self.four_stop = c.four_stop
        self.q_cut = c.q_cut
        self.s3_return = c.spade3_return
        self.sandstorm = _enum_index(c.sandstorm, tuple(Sandstorm))  # 0 off 1 on_triples 2 any_time 3 on_joker
        self.ambulance = c.ambulance
        self.rokurokubi = c.rokurokubi
        self.finish_clears = c.finish_clears
        self.five_skip = _enum_index(t.five_skip, tuple(FiveSkip))
        self.nine_reverse = _enum_index(t.nine_reverse, tuple(NineReverse))
        self.leader_pass = _enum_index(t.leader_pass, tuple(LeaderPass))  # 0 off 1 second_lap 2 free
        self.sticky = t.sticky_pass
        self.all_passed = t.trick_end is TrickEnd.ALL_PASSED
        self.may_pass = t.may_pass_when_able
        self.seven = _enum_index(x.seven_pass, ("off", "up_to", "exactly"))
        self.ten = _enum_index(x.ten_discard, ("off", "up_to", "exactly"))
        self.bomber = x.q_bomber
        self.suit_lock = _enum_index(lk.suit_lock, tuple(SuitLock))  # 0 off 1 exact 2 partial 3 after_three
        self.declared = lk.lock_joker is LockJoker.DECLARED
        self.colour_lock = lk.colour_lock
        self.number_lock = _enum_index(lk.number_lock, tuple(NumberLock))
        self.q_release = lk.q_release
        ff = set(fin.forbidden_finish)
        self.ff_joker = "joker" in ff
        self.ff_top = "top_rank" in ff
        self.ff_eight = "eight" in ff
        self.ff_s3 = "spade3_return" in ff
        self.ff_jack = "jack" in ff
        self.ff_bottom = "bottom_rank" in ff
        self.any_ff = bool(ff)
        self.ff_refuse = fin.forbidden_penalty is Penalty.REFUSE
        self.miyako = _enum_index(fin.miyako_ochi, tuple(Miyako))  # 0 off 1 immediate 2 next_game 3 beggar
        self.gekokujo = fin.gekokujo
        self.kyoto = fin.kyoto_ochi
        self.exchange = {ExchangeMode.OFF: 0, ExchangeMode.POOR_FIRST: 1, ExchangeMode.SIMULTANEOUS: 2}[ex.exchange]
        self.exch3 = ex.exchange_counts
        self.joker_exempt = ex.exchange_joker_exempt
        self.tenpen = ex.tenpen_chii
        self.tribute_fixed = ex.tribute_suits is TributeSuits.FIXED
        self.pass_limit = 20 if self.leader_pass == 2 else 0
        self.first_lead_kind = {FirstLead.D3: "d3", FirstLead.S3: "s3", FirstLead.RANDOM: "random",
                                FirstLead.SPADE_SEAT: "spade_seat"}[m.first_lead]
        self.later_lead_kind = {LaterLead.BEGGAR: "beggar", LaterLead.TYCOON: "tycoon",
                                LaterLead.SAME_AS_FIRST: "same_as_first"}[m.later_lead]
        # special plays that may be needed while following
        self.any_special = (self.s3_return or self.sandstorm != 0 or self.ambulance or self.rokurokubi)
        self.single_tab: list[tuple[Play, ...]] = [()] * (14 * 16)
        for r in range(1, 14):
            for nib in range(1, 16):
                self.single_tab[r * 16 + nib] = tuple(
                    (SINGLE, 1, r, 1 << (4 * (r - 1) + s), 0, (), 1 << s, r) for s in range(4) if nib >> s & 1)
        self.group_tab: list[tuple[Play, ...] | None] = [None] * (3 * 8 * 224)
        self.lead_group_tab: list[tuple[Play, ...] | None] = [None] * (3 * 224)
        trig = [False] * 15
        for r, on in (
            (9, self.eleven_back != 0), (4, self.omen or self.rokurokubi), (7, self.coup or self.ambulance),
            (5, self.seven != 0), (8, self.ten != 0), (10, self.bomber or self.q_cut or self.q_release),
            (3, self.five_skip != 0), (7, self.nine_reverse != 0), (6, self.eight_cut), (1, self.sandstorm != 0),
            (13, self.great_rev),
        ):
            if on:
                trig[r] = True
        self.rank_trig = tuple(trig)
        self.any_lock = bool(self.suit_lock or self.colour_lock or self.number_lock or self.q_release)
        self.special_any_field = self.sandstorm in (1, 2) or self.ambulance or self.rokurokubi
        self.lead_cache: dict[int, tuple[Play, ...]] = {}
        self._groups: dict[int, dict[int, list[Play]]] = {}
        self._seqs: dict[int, list[Play]] = {}
        self._emperors: dict[int, list[Play]] = {}

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
