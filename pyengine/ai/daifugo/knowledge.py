"""What a Daifugō seat knows: its observation read into cards, counts and the public history.

Everything here starts from a :class:`~pyengine.ai.bot.BotView`, i.e. from the seat's
observation: the bot never sees the state.  :class:`Knowledge` collects what the seat knows
(its hand, the cards played, who must hold which card after an exchange, the counts, each
opponent's passes and plays); :class:`~pyengine.ai.daifugo.worlds.Worlds` deals the hidden
hands consistently with it.

>>> from pyengine.daifugo import GAME, DaifugoRules
>>> from pyengine.ai.bot import BotView
>>> from pyengine.core.rng import Pcg32
>>> s = GAME.new_initial_state(DaifugoRules.preset("uecda"), 5)
>>> from pyengine.core import sample_chance
>>> while s.is_chance():
...     s = s.apply(sample_chance(s, Pcg32(3)))
>>> p = s.current_player
>>> k = Knowledge(BotView("daifugo", s.rules.encode(), p, s.observation(p), s.legal_actions()))
>>> k.hand.bit_count() == k.counts[p], k.played
(True, 0)
"""

from __future__ import annotations

from typing import Any

from ...daifugo.cards import (
    J1,
    J2,
    JOKER,
    JOKER_BITS,
    JPAIR,
    NATURALS,
    SEQ,
    Play,
    bits_of,
    parse_card,
    parse_cards,
    parse_play,
)
from ...daifugo.ctx import compile_rules
from ...daifugo.engine import PHASE_NAMES, PLAY
from ...daifugo.notation import parse_action
from ...daifugo.rules import DaifugoRules
from ..bot import BotView

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


class Knowledge:
    """What the seat in ``view`` knows: its hand, the cards played, who must hold which card after an
    exchange, the counts, and each opponent's passes and plays of this game (guessed worlds
    consistent with all of it: :class:`~pyengine.ai.daifugo.worlds.Worlds`)."""

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
        self.lasting = bool(obs.get("revolution", self.inverted))
        """Whether the order is reversed beyond this trick: a revolution, not an 11-back (which ends
        when the trick clears). What a hand keeps is weighed in this order, the field in ``inverted``."""
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



__all__ = ["PHASE_IDS", "Knowledge", "card_mask", "to_internal"]
