"""Hand evaluation (§8–§9): categories, presets, the 3-card bar, the best floor pair, tie-breaks.

A hand's value is one integer *key*: a larger key is a stronger hand, and two different
evaluated sets never have equal keys.  The key packs, most significant first:

1. the category (earlier in the preset's order is larger),
2. ``7 - |S|`` (fewer cards win),
3. ``|M|`` for the optional hand 선 (0 otherwise),
4. the defining cards, strongest first, then the kickers, strongest first: five base-37
   digits of ``STRENGTH + 1`` (0 pads a set with fewer than five cards).

>>> ev = Evaluator()
>>> v = ev.best(cards("R2 B3"), cards("Y4 G5"))
>>> v.name, codes(v.pair)
('사색연', 'Y4 G5')
>>> ev.best(cards("Y8 B4 R2"), cards("G6 R7")).name
'끗'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import BIT, CODES, COLOUR, DECK, STRENGTH, ZEROS, card, cards, codes
from .categories import HEAD4, SET_CHECKS, seq_key

__all__ = [
    "BALANCED_ORDER", "BARRED_WITH_THREE", "CATEGORIES", "Evaluator", "HandValue", "KOREAN",
    "SEED_ORDER", "WIKI_HANDS", "card", "cards", "codes", "evaluator", "full_order", "key_parts", "why_stronger",
]

KOREAN: dict[str, str] = {
    "gongpaegun": "공패군",
    "wanjeonwon": "완전원",
    "jinhongok": "진혼곡",
    "sasaekyeon": "사색연",
    "honseonyahaeng": "혼선야행",
    "yasaekgunju": "야색군주",
    "seonjihaengjin": "선지행진",
    "samyeonpae": "삼연패",
    "dasaekjikseon": "다색직선",
    "ssangyeonpae": "쌍연패",
    "juyeompae": "주염패",
    "suryupae": "수류패",
    "noeroesin": "뇌뢰신",
    "sujeonpae": "수전패",
    "yeonpae": "연패",
    "kkeut": "끗",
    "choegopae": "최고패",
    "geon": "건",
    "ji": "지",
    "seon": "선",
}
"""Category id (romanised, link-safe) → the Korean name used everywhere else."""

SEED_ORDER: tuple[str, ...] = (
    "gongpaegun", "wanjeonwon", "jinhongok", "sasaekyeon", "honseonyahaeng", "yasaekgunju",
    "seonjihaengjin", "samyeonpae", "dasaekjikseon", "ssangyeonpae", "juyeompae", "suryupae",
    "noeroesin", "sujeonpae", "yeonpae", "kkeut", "choegopae",
)
"""The `seed` preset: §8.3 read literally (선지행진 can never score)."""
BALANCED_ORDER: tuple[str, ...] = (
    "gongpaegun", "wanjeonwon", "jinhongok", "sasaekyeon", "honseonyahaeng", "seonjihaengjin",
    "samyeonpae", "dasaekjikseon", "ssangyeonpae", "juyeompae", "suryupae", "noeroesin",
    "sujeonpae", "yasaekgunju", "yeonpae", "kkeut", "choegopae",
)
"""The `balanced` preset: 야색군주 just above 연패."""
CATEGORIES: frozenset[str] = frozenset(SEED_ORDER)
WIKI_HANDS: tuple[str, ...] = ("geon", "ji", "seon")
"""Option ``wiki_2025_05_21_hands``: inserted right after 뇌뢰신."""
BARRED_WITH_THREE: frozenset[str] = frozenset(
    {"gongpaegun", "jinhongok", "sasaekyeon", "honseonyahaeng", "yasaekgunju", "seonjihaengjin", "samyeonpae"}
)
"""The italic categories of §8.5: never scored with a 3-card hand."""

_ANCHORED_PAIRS: dict[str, tuple[int, int]] = {
    "wanjeonwon": (card("B4"), card("Y8")),
    "juyeompae": (card("R3"), card("R5")),
    "suryupae": (card("B2"), card("B4")),
    "noeroesin": (card("Y2"), card("Y7")),
    "sujeonpae": (card("G5"), card("G8")),
    "geon": (card("B1"), card("G4")),
    "ji": (card("Y4"), card("Y5")),
}
"""Floor-anchored named pairs, each written strongest first."""
_WANJEONWON = _ANCHORED_PAIRS["wanjeonwon"]
_SEON_CARDS = frozenset(cards("Y1 Y2 Y3 Y7"))
_SEON_MASK = sum(BIT[c] for c in _SEON_CARDS)
_ZERO_MASK = sum(BIT[c] for c in ZEROS)
_SPLIT_DEPENDENT = frozenset(_ANCHORED_PAIRS) | {"seon"}

_B = 37
_P5 = _B**5
_W = (1, _B, _B**2, _B**3, _B**4)


def full_order(order: Sequence[str], wiki: bool = False) -> tuple[str, ...]:
    """The category order in force: ``order`` with the wiki hands inserted after 뇌뢰신."""
    if sorted(order) != sorted(SEED_ORDER):
        raise ValueError("the category order must list each of the 17 hands of §8.3 exactly once")
    out = list(order)
    if wiki:
        at = out.index("noeroesin") + 1
        out[at:at] = WIKI_HANDS
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HandValue:
    """An evaluated hand: its key (larger is stronger) and what the UI shows."""

    key: int
    category: str
    hand: tuple[int, ...]
    pair: tuple[int, ...]
    defining: tuple[int, ...]
    kickers: tuple[int, ...]

    @property
    def name(self) -> str:
        """The Korean category name (완전원 in the hand is 혼선야행 already)."""
        return KOREAN[self.category]

    @property
    def size(self) -> int:
        return len(self.hand) + len(self.pair)

    def to_json(self) -> dict[str, object]:
        return {
            "category": self.category,
            "name": self.name,
            "hand": [CODES[c] for c in self.hand],
            "pair": [CODES[c] for c in self.pair],
            "defining": [CODES[c] for c in self.defining],
            "kickers": [CODES[c] for c in self.kickers],
        }


class Evaluator:
    """Scores sets under one category order (a preset, optionally with the wiki hands).

    ``key4`` is the fast path for a 2-card hand and a fixed floor pair: the set-only part
    of each 4-card set is computed once and kept in a table (``prepare()`` fills it all).
    """

    def __init__(self, order: Sequence[str] = SEED_ORDER, wiki: bool = False) -> None:
        self.order = full_order(order, wiki)
        self.wiki = wiki
        n = len(self.order)
        self.score = {cat: n - i for i, cat in enumerate(self.order)}
        self._by_score = {n - i: cat for i, cat in enumerate(self.order)}
        self._set_cats = [c for c in self.order if c not in _SPLIT_DEPENDENT]
        self._set4: dict[int, int] = {}
        self._set5: dict[int, int] = {}
        # split-dependent categories for a 4-card set, strongest first:
        # (score, kind, pair mask, pair) with kind 0 = floor-anchored pair, 1 = both in hand, 2 = 선.
        named: list[tuple[int, int, int, tuple[int, int]]] = []
        for cat in self.order:
            if cat in _ANCHORED_PAIRS:
                a, b = _ANCHORED_PAIRS[cat]
                named.append((self.score[cat], 0, BIT[a] | BIT[b], (a, b)))
            elif cat == "seon":
                named.append((self.score[cat], 2, _SEON_MASK, (0, 0)))
            if cat == "honseonyahaeng":
                a, b = _WANJEONWON
                named.append((self.score[cat], 1, BIT[a] | BIT[b], (a, b)))
        self._named = tuple(named)

    # --- keys ------------------------------------------------------------------------
    def category_of(self, key: int) -> str:
        """The category id a key belongs to."""
        return self._by_score[key // (64 * _P5)]

    def _key(self, cat: str, size: int, defining: Sequence[int], s: Sequence[int], m: int = 0) -> int:
        d = set(defining)
        ordered = list(defining) + [c for c in s if c not in d]
        return ((self.score[cat] * 8 + 7 - size) * 8 + m) * _P5 + seq_key(ordered)

    # --- the reference evaluation of one split ---------------------------------------
    def evaluate(self, hand: Sequence[int], pair: Sequence[int]) -> HandValue:
        """The value of S = hand ∪ pair, with ``pair`` the chosen floor cards.

        ``hand`` has 0–3 cards (the dealer's centre cards may be fewer than two).
        """
        key, cat, defining = self._evaluate(tuple(hand), tuple(pair), set_only=False)
        s = sorted((*hand, *pair), key=STRENGTH.__getitem__, reverse=True)
        d = set(defining)
        return HandValue(key, cat, tuple(hand), tuple(pair), tuple(defining), tuple(c for c in s if c not in d))

    def _evaluate(
        self, hand: tuple[int, ...], pair: tuple[int, ...], set_only: bool
    ) -> tuple[int, str, list[int]]:
        s = sorted((*hand, *pair), key=STRENGTH.__getitem__, reverse=True)
        size = len(s)
        barred = len(hand) == 3
        in_hand = set(hand)
        in_s = set(s)
        for cat in self._set_cats if set_only else self.order:
            if barred and cat in BARRED_WITH_THREE:
                continue
            m = 0
            found: list[int] | None
            if cat in _ANCHORED_PAIRS:
                a, b = _ANCHORED_PAIRS[cat]
                found = [a, b] if a in in_s and b in in_s and not (a in in_hand and b in in_hand) else None
            elif cat == "seon":
                mm = [c for c in s if c in _SEON_CARDS]
                found = mm if len(mm) >= 2 and any(c in pair for c in mm) else None
                m = len(mm)
            else:
                found = SET_CHECKS[cat](s)
                if cat == "honseonyahaeng" and not set_only:
                    a, b = _WANJEONWON
                    if a in in_hand and b in in_hand:  # 완전원 in the hand (#5b)
                        found = max(found, [a, b]) if found else [a, b]
            if found is not None:
                return self._key(cat, size, found, s, m), cat, found
        raise AssertionError("최고패 always applies")  # pragma: no cover

    # --- the fast 4-card path --------------------------------------------------------
    def _set_key4(self, mask: int, four: Sequence[int]) -> int:
        key = self._set4.get(mask)
        if key is None:
            s = sorted(four, key=STRENGTH.__getitem__, reverse=True)
            key = self._set_only4(s[0], s[1], s[2], s[3])
            self._set4[mask] = key
        return key

    def _set_only4(self, a: int, b: int, c: int, d: int) -> int:
        """The set-only categories of a 4-card set ``a > b > c > d`` (same result as ``_evaluate``)."""
        s = (a, b, c, d)
        run: list[list[int] | None] = []  # the run order, computed on first use
        for cat in self._set_cats:
            head = HEAD4[cat](s, run)
            if head:
                seq = 0
                for x in head:
                    seq = seq * _B + STRENGTH[x] + 1
                return ((self.score[cat] * 8 + 3) * 8) * _P5 + seq * _B
        raise AssertionError("최고패 always applies")  # pragma: no cover

    def prepare(self) -> None:
        """Fill the table of all 58,905 four-card sets (optional: it also fills lazily)."""
        for four in combinations(DECK, 4):
            self._set_key4(BIT[four[0]] | BIT[four[1]] | BIT[four[2]] | BIT[four[3]], four)

    def key4(self, h0: int, h1: int, p0: int, p1: int) -> int:
        """The key of a 2-card hand ``h0 h1`` with the floor pair ``p0 p1``."""
        hm = BIT[h0] | BIT[h1]
        sm = hm | BIT[p0] | BIT[p1]
        best = self._set4.get(sm)
        if best is None:
            best = self._set_key4(sm, (h0, h1, p0, p1))
        floor_score = best // (64 * _P5)
        for score, kind, pm, pc in self._named:
            if score < floor_score:
                break
            if kind == 0:
                if sm & pm != pm or hm & pm == pm:
                    continue
                k = self._pair_key(score, pc, (h0, h1, p0, p1), 0)
            elif kind == 1:
                if hm & pm != pm:
                    continue
                k = self._pair_key(score, pc, (h0, h1, p0, p1), 0)
            else:
                mm = [c for c in (h0, h1, p0, p1) if BIT[c] & pm]
                if len(mm) < 2 or not (BIT[p0] | BIT[p1]) & pm:
                    continue
                mm.sort(key=STRENGTH.__getitem__, reverse=True)
                k = self._pair_key(score, mm, (h0, h1, p0, p1), len(mm))
            if k > best:
                best = k
        return best

    def key5(self, h0: int, h1: int, h2: int, p0: int, p1: int) -> int:
        """The key of a 3-card hand ``h0 h1 h2`` with the floor pair ``p0 p1`` (same as ``evaluate``).

        The set-only part of each 5-card set is kept in a table, as for ``key4``; the split-dependent
        categories (floor-anchored pairs, the wiki hand 선) are checked on top."""
        hm = BIT[h0] | BIT[h1] | BIT[h2]
        pm2 = BIT[p0] | BIT[p1]
        sm = hm | pm2
        best = self._set5.get(sm)
        if best is None:
            if len(self._set5) >= 400_000:
                self._set5.clear()
            best = self._set5[sm] = self._evaluate((h0, h1, h2), (p0, p1), set_only=True)[0]
        floor_score = best // (64 * _P5)
        five = (h0, h1, h2, p0, p1)
        for score, kind, pm, pc in self._named:
            if score < floor_score:
                break
            if kind == 0:
                if sm & pm != pm or hm & pm == pm:
                    continue
                k = self._key5(score, pc, five, 0)
            elif kind == 2:
                mm = [c for c in five if BIT[c] & pm]
                if len(mm) < 2 or not pm2 & pm:
                    continue
                mm.sort(key=STRENGTH.__getitem__, reverse=True)
                k = self._key5(score, mm, five, len(mm))
            else:  # 완전원 in the hand scores as 혼선야행, which a 3-card hand may not
                continue
            if k > best:
                best = k
        return best

    @staticmethod
    def _key5(score: int, defining: Sequence[int], five: Sequence[int], m: int) -> int:
        rest = sorted((c for c in five if c not in defining), key=STRENGTH.__getitem__, reverse=True)
        seq = 0
        for c in (*defining, *rest):
            seq = seq * _B + STRENGTH[c] + 1
        return ((score * 8 + 2) * 8 + m) * _P5 + seq

    @staticmethod
    def _pair_key(score: int, defining: Sequence[int], four: Sequence[int], m: int) -> int:
        rest = sorted((c for c in four if c not in defining), key=STRENGTH.__getitem__, reverse=True)
        seq = 0
        for c in (*defining, *rest):
            seq = seq * _B + STRENGTH[c] + 1
        return ((score * 8 + 3) * 8 + m) * _P5 + seq * _W[5 - len(four)]

    # --- best floor pair -------------------------------------------------------------
    def best_key(self, hand: Sequence[int], floor: Sequence[int]) -> tuple[int, tuple[int, int]]:
        """The key of the best floor pair and that pair (in floor order)."""
        best = -1
        best_pair = (floor[0], floor[1])
        if len(hand) == 2:
            h0, h1 = hand
            for p in combinations(floor, 2):
                k = self.key4(h0, h1, p[0], p[1])
                if k > best:
                    best, best_pair = k, p
        elif len(hand) == 3:
            h0, h1, h2 = hand
            for p in combinations(floor, 2):
                k = self.key5(h0, h1, h2, p[0], p[1])
                if k > best:
                    best, best_pair = k, p
        else:
            h = tuple(hand)
            for p in combinations(floor, 2):
                k = self._evaluate(h, p, set_only=False)[0]
                if k > best:
                    best, best_pair = k, p
        return best, best_pair

    def best(self, hand: Sequence[int], floor: Sequence[int]) -> HandValue:
        """The hand's value with the best two floor cards (§8.1, D-2)."""
        if not len(floor) >= 2:
            raise ValueError("a floor needs at least two cards")
        _, pair = self.best_key(hand, floor)
        return self.evaluate(hand, pair)

    def best_dealer(self, centre: Sequence[int], floor: Sequence[int]) -> HandValue:
        """The dealer hand (§5): the best two centre cards (or all if fewer) and floor pair."""
        best: HandValue | None = None
        for h in combinations(centre, min(2, len(centre))):
            for p in combinations(floor, 2):
                v = self.evaluate(h, p)
                if best is None or v.key > best.key:
                    best = v
        assert best is not None
        return best

    def frequencies(self) -> dict[str, int]:
        """Category counts over all 353,430 splits into 2 hand and 2 floor cards (§10)."""
        counts = dict.fromkeys(self.order, 0)
        key4 = self.key4
        unit = 64 * _P5
        by_score = self._by_score
        tally: dict[int, int] = {}
        for a, b, c, d in combinations(DECK, 4):
            for h0, h1, p0, p1 in ((a, b, c, d), (a, c, b, d), (a, d, b, c), (b, c, a, d), (b, d, a, c), (c, d, a, b)):
                sc = key4(h0, h1, p0, p1) // unit
                tally[sc] = tally.get(sc, 0) + 1
        for sc, n in tally.items():
            counts[by_score[sc]] += n
        return counts


_BY_STRENGTH: tuple[int, ...] = tuple(sorted(DECK, key=STRENGTH.__getitem__))
"""The card of each per-card key 0..35 (the inverse of ``STRENGTH``)."""


def key_parts(key: int) -> tuple[int, int, int, tuple[int, ...]]:
    """A key taken apart in the order §9 compares it: the category's score, ``|S|``, ``|M|`` (the
    wiki hand 선) and the cards (defining, then kickers), each as its per-card key + 1 (0: none).

    >>> ev = Evaluator()
    >>> score, size, m, digits = key_parts(ev.evaluate(cards("R5 G2"), cards("B5 Y7")).key)
    >>> ev.order[len(ev.order) - score], size, m, [CODES[_BY_STRENGTH[d - 1]] for d in digits if d]
    ('yasaekgunju', 4, 0, ['R5', 'B5', 'Y7', 'G2'])
    """
    seq, rest = key % _P5, key // _P5
    m, rest = rest % 8, rest // 8
    size, score = 7 - rest % 8, rest // 8
    return score, size, m, tuple(seq // _W[4 - i] % _B for i in range(5))


def why_stronger(win: HandValue, lose: HandValue) -> dict[str, str | int]:
    """Why ``win`` beats ``lose`` (§9): the first step at which their keys differ, in words the page
    translates.  ``hand`` is the winner's category and ``step`` one of ``category`` (``other``: the
    loser's), ``size`` (fewer cards win: ``cards``, ``other_cards``), ``count`` (more cards of the wiki
    hand 선: ``count``, ``other_count``), ``defining`` or ``kicker`` (the sorted cards: the deciding
    ``card`` and ``other_card``, their 1-based ``position`` and whether ``colour`` or ``number`` told
    them apart), or ``equal``.

    >>> ev = Evaluator()
    >>> a, b = ev.evaluate(cards("R5 G2"), cards("B5 Y7")), ev.evaluate(cards("Y8 B3"), cards("G8 R4"))
    >>> why_stronger(a, b)
    {'step': 'defining', 'hand': 'yasaekgunju', 'position': 1, 'card': 'R5', 'other_card': 'R4', 'by': 'number'}
    """
    if win.key < lose.key:
        raise ValueError("the first hand must be the stronger")
    ws, wsize, wm, wd = key_parts(win.key)
    ls, lsize, lm, ld = key_parts(lose.key)
    if ws != ls:
        return {"step": "category", "hand": win.category, "other": lose.category}
    if wsize != lsize:
        return {"step": "size", "hand": win.category, "cards": wsize, "other_cards": lsize}
    if wm != lm:
        return {"step": "count", "hand": win.category, "count": wm, "other_count": lm}
    for i, (x, y) in enumerate(zip(wd, ld, strict=True)):
        if x != y:
            a, b = _BY_STRENGTH[x - 1], _BY_STRENGTH[y - 1]
            defining = i < len(win.defining)
            return {"step": "defining" if defining else "kicker", "hand": win.category,
                    "position": i + 1 if defining else i + 1 - len(win.defining),
                    "card": CODES[a], "other_card": CODES[b], "by": "colour" if COLOUR[a] != COLOUR[b] else "number"}
    return {"step": "equal", "hand": win.category}


_EVALUATORS: dict[tuple[tuple[str, ...], bool], Evaluator] = {}


def evaluator(order: Sequence[str] = SEED_ORDER, wiki: bool = False) -> Evaluator:
    """A shared evaluator per (order, wiki): its table is filled once per process."""
    k = (tuple(order), wiki)
    ev = _EVALUATORS.get(k)
    if ev is None:
        ev = _EVALUATORS[k] = Evaluator(order, wiki)
    return ev

