"""The public, immutable Daifugō state.

A :class:`DaifugoState` wraps an :class:`~pyengine.daifugo.engine.Engine` that it never
mutates: :meth:`DaifugoState.apply` copies the engine and steps the copy.  Action strings
(:mod:`.notation`):

* plays: ``S3``, ``S5.H5``, ``H5.H6.JK=H7``, ``JK``, ``JK.JK``, ``pass`` (see :mod:`.cards`);
* exchange: ``tribute:S2.H2`` (a poorer player choosing suits among equal ranks),
  ``return:C3.D4`` (a richer player giving back);
* follow-ups: ``give:S4`` (7-pass), ``discard:D6.JK`` (10-discard; ``-`` for nothing),
  ``bomb:5.T`` (Q-bomber ranks; ``bomb:-``), ``revolt:yes`` / ``revolt:no``;
* chance: ``deal:S3`` (the next card dealt), ``blind:S3``, ``seat:2`` (the next table
  position goes to player 2), ``dealer:2``, ``lead:2``, ``place:2``.

>>> s = DaifugoState.custom("basic", ["S3.H4", "D5", "C6"])
>>> s.legal_actions(), s.describe("H4")
(('H4', 'S3'), 'Play ♥4')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.errors import IllegalActionError, InvalidNotationError
from ..core.game import CHANCE, JSON, TERMINAL, State, spelling_message
from ..core.messages import msg
from .cards import (
    CODES,
    JOKER_BITS,
    NATURALS,
    POS_CHARS,
    RANKS,
    SUIT_SYMBOLS,
    bits_of,
    codes,
    fmt_play,
    joker_count,
    take_jokers,
)
from .ctx import compile_rules
from .describe import describe
from .engine import RULE_FIELDS, Engine
from .notation import CARD_KINDS, PLAYER_CHANCE, format_action, parse_action, parse_card_set
from .pending import RESCUE
from .phases import (
    BLIND,
    BOMB,
    CHANCE_PHASES,
    DEAL,
    DEALER,
    DRAW,
    FOURSTOP,
    LEAD,
    OVER,
    PHASE_NAMES,
    PICK,
    PLACES,
    RETURN,
    REVCHOICE,
    SEAT,
    SEVEN,
    TARGET,
    TEN,
    TRIBUTE,
)
from .rules import DaifugoRules
from .scoring import class_id
from .table import transfer_target

CHANCE_KINDS = {DEAL: "deal", BLIND: "blind", SEAT: "seat", DEALER: "dealer", LEAD: "lead", PLACES: "place"}


def internal_action(engine: Engine, parsed: Any) -> Any:
    """Map a parsed chance outcome to the engine's form."""
    if isinstance(parsed, tuple) and len(parsed) == 2:
        kind = parsed[0]
        if kind in ("deal", "blind"):
            return ("card", parsed[1])
        if kind in PLAYER_CHANCE:
            return ("player", parsed[1])
        if kind in CARD_KINDS and parsed[1] & JOKER_BITS and engine.turn >= 0:
            # jokers are interchangeable: use the bits the actor actually holds
            count = joker_count(parsed[1])
            return (kind, parsed[1] & NATURALS | take_jokers(engine.hands[engine.turn], count))
    return parsed


class DaifugoState(State):
    """An immutable Daifugō match state (see the module docstring for the notation)."""

    __slots__ = ("_e", "_key", "_legal", "_legal_set")

    game_id = "daifugo"

    def __init__(self, engine: Engine) -> None:
        self._e = engine
        self._key: tuple[Any, ...] | None = None
        self._legal: tuple[str, ...] | None = None
        self._legal_set: frozenset[str] = frozenset()

    # --- value semantics ----------------------------------------------------------------------
    def _k(self) -> tuple[Any, ...]:
        if self._key is None:
            self._key = (self._e.cx.rules, self._e.n, self._e.key())
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DaifugoState) and self._k() == other._k()

    def __hash__(self) -> int:
        return hash(self._k())

    def __repr__(self) -> str:
        e = self._e
        return f"<DaifugoState game {e.game_no} {PHASE_NAMES[e.phase]} to_move={self.current_player}>"

    @classmethod
    def custom(
        cls,
        rules: DaifugoRules | str,
        hands: list[str],
        turn: int = 0,
        **kwargs: Any,
    ) -> DaifugoState:
        """A state in the play phase with crafted hands (``"S3.H3.JK"`` per player).

        >>> s = DaifugoState.custom("basic", ["S3.H4", "D5", "C6"])
        >>> s.legal_actions()
        ('H4', 'S3')
        """
        if isinstance(rules, str):
            rules = DaifugoRules.preset(rules)
        rules.validate()
        cx = compile_rules(rules, len(hands))
        return cls(Engine.custom(cx, _deal_masks(hands, cx.deck), turn, **kwargs))

    @property
    def engine(self) -> Engine:
        """A private copy of the engine (for AIs that search by make/unmake)."""
        return self._e.copy()

    # --- protocol -----------------------------------------------------------------------------
    @property
    def rules(self) -> DaifugoRules:
        return self._e.cx.rules

    @property
    def num_players(self) -> int:
        return self._e.n

    @property
    def current_player(self) -> int:
        ph = self._e.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self._e.turn

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._e.phase]

    def legal_actions(self) -> tuple[str, ...]:
        if self._legal is None:
            e = self._e
            if e.phase in CHANCE_PHASES or e.phase == OVER:
                self._legal = ()
            else:
                self._legal_set = frozenset(format_action(a) for a in e.legal())
                self._legal = tuple(sorted(self._legal_set))
        return self._legal

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        e = self._e
        kind = CHANCE_KINDS.get(e.phase)
        if kind is None:
            return ()
        return tuple((format_action((kind, v)), Fraction(num, den)) for (_, v), num, den in e.chance_outcomes())

    def parse_action(self, text: str) -> object:
        return parse_action(text)

    def format_action(self, action: object) -> str:
        return format_action(action)

    def apply(self, action: str) -> DaifugoState:
        e = self._e
        if e.phase == OVER:
            raise IllegalActionError(msg("the game is over"))
        parsed = parse_action(action)
        internal = internal_action(e, parsed)
        if action not in self._legal_set:  # listed by legal_actions(): legal and spelt right
            self._check(action, parsed, internal)
        new = e.copy()
        new.step(internal)
        return DaifugoState(new)

    def _check(self, action: str, parsed: Any, internal: Any) -> None:
        """Refuse ``action`` unless it is a legal move or possible outcome, spelt the one way."""
        e = self._e
        canonical = format_action(parsed)
        if canonical != action:
            raise InvalidNotationError(spelling_message(canonical, action))
        if e.phase in CHANCE_PHASES:
            kind = CHANCE_KINDS[e.phase]
            if not (isinstance(parsed, tuple) and len(parsed) == 2 and parsed[0] == kind) or internal not in {
                o for o, _, _ in e.chance_outcomes()
            }:
                raise IllegalActionError(msg("{action} is not a possible outcome here", action=repr(action)))
        else:
            if internal not in e.legal():
                raise IllegalActionError(e.explain(internal))

    def _apply(self, action: str) -> DaifugoState:  # pragma: no cover - apply is overridden
        return self.apply(action)

    def explain_illegal(self, action: str) -> str:
        return self._e.explain(internal_action(self._e, parse_action(action)))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self._e.scores)

    # --- hidden information -------------------------------------------------------------------
    def _known_mask(self, seat: int) -> int:
        e = self._e
        known = e.public
        if 0 <= seat < e.n:
            known |= e.hands[seat] | e.known[seat]
        else:  # an onlooker knows what every seat knows (cards taken from the field in view of all)
            everyone = -1
            for k in e.known:
                everyone &= k
            known |= everyone
        return known

    def hidden_tokens(self, seat: int) -> frozenset[str]:
        e = self._e
        secret = e.deck | e.undealt | e.blind | e.facedown
        for p in range(e.n):
            if p != seat:
                secret |= e.hands[p]
        known = self._known_mask(seat)
        secret &= ~known
        out = {CODES[i] for i in bits_of(secret)}
        if known & JOKER_BITS:
            out.discard("JK")  # both jokers print as JK
        return frozenset(out)

    def _observation(self, seat: int) -> dict[str, JSON]:
        e = self._e
        n = e.n
        me = seat if 0 <= seat < n else -1
        cls = e.classes
        obs: dict[str, JSON] = {
            "game": e.game_no,
            "games": e.cx.games,
            "phase": PHASE_NAMES[e.phase],
            "to_move": self.current_player,
            "seat": me,
            "hand": codes(e.hands[me]) if me >= 0 else [],
            "counts": [h.bit_count() for h in e.hands],
            "order": list(e.order),
            "classes": [class_id(cls.index(p), n) for p in range(n)] if cls is not None else None,
            "field": {"play": fmt_play(e.field), "by": e.owner} if e.field is not None else None,
            "revolution": e.revolution,
            "back": e.back,
            "inverted": e.revolution != e.back,
            "lock": [SUIT_SYMBOLS[s] for s in range(4) if e.lock >> s & 1] + (["★"] if e.lock & 16 else []),
            "colour_lock": None if e.colour < 0 else {"red": e.colour // 8, "black": e.colour % 8},
            "number_lock": None if e.numnext < 0 else POS_CHARS[e.numnext] if e.numnext <= 14 else "+",
            "direction": e.direction,
            "passed": [p for p in range(n) if e.passed >> p & 1],
            "out": list(e.out_order),
            "offenders": list(e.offenders),
            "fallen": e.fallen,
            "played": codes(e.public),
            "face_down": e.facedown.bit_count(),
            "blind": e.blind.bit_count(),
            "undealt": (e.undealt | e.deck).bit_count(),
            "scores": list(e.scores),
            "results": [list(r) for r in e.results],
            "history": [_event_json(ev) for vis, ev in (e.log or ()) if vis == -1 or (me >= 0 and vis >> me & 1)],
        }
        pending = self._pending(me)
        if pending is not None:
            obs["pending"] = pending
        obs["table"] = _public_table(e)
        return obs

    def _pending(self, me: int) -> dict[str, JSON] | None:
        e = self._e
        ph = e.phase
        if ph in (TRIBUTE, RETURN):
            kind, giver, receiver, count = e.exch[0]
            return {"kind": kind, "player": giver, "to": receiver, "count": count}
        if ph in (SEVEN, TEN, BOMB) and e.cont is not None:
            info: dict[str, JSON] = {"kind": PHASE_NAMES[ph], "player": e.turn, "up_to": e.cont[3],
                                     "rank": RANKS[e.cont[1][2] - 1], "effect": e.cx.rules.effects.of(e.cont[1][2]).value}
            if ph == SEVEN:
                info["to"] = transfer_target(e, e.turn)
            return info
        if ph == REVCHOICE:
            return {"kind": "revolution_choice", "player": e.turn}
        if ph in (PICK, TARGET, DRAW):
            return _special_pending(e)
        if ph == FOURSTOP and e.cont is not None:
            return {"kind": "four_stop", "player": e.turn, "count": e.cont[3], "cutter": e.cont[0]}
        return None

    # --- descriptions ------------------------------------------------------------------------
    def describe(self, action: str, lang: str = "en") -> str:
        parsed = parse_action(action)
        return describe(parsed, lang, self._e)


def _special_pending(e: Engine) -> dict[str, JSON]:
    """The pending choice of an article's special rule: what it is for and who chooses."""
    ph = e.phase
    c = e.cont
    info: dict[str, JSON] = {"kind": PHASE_NAMES[ph], "player": e.turn}
    if ph == DRAW:
        _, giver, receiver, count = e.exch[0]
        info.update({"from": giver, "count": count, "size": e.hands[giver].bit_count()})
    elif c is not None and ph == PICK:
        info["for"] = "rescue" if c[4] & RESCUE else ("zombie" if c[3] == 1 else "satan")
    elif c is not None:
        info["for"] = "kings_privilege" if c[3] == 1 else "thief"
    return info


def _deal_masks(hands: list[str], deck: int) -> list[int]:
    """The hands as card sets: every card in at most one hand, all from the deck (the jokers are
    numbered across the hands).

    >>> _deal_masks(["S3", "S3"], (1 << 53) - 1)
    Traceback (most recent call last):
    ...
    pyengine.core.errors.InvalidNotationError: S3 is in two hands (players 0 and 1)
    """
    masks: list[int] = []
    seen = 0
    jokers = 0
    for p, text in enumerate(hands):
        m = parse_card_set(text) if text else 0
        twice = m & seen & NATURALS
        if twice:
            holder = next(q for q, other in enumerate(masks) if other & twice)
            raise InvalidNotationError(msg("{card} is in two hands (players {holder} and {player})", card=codes(twice)[0],
                                               holder=holder, player=p))
        nat = m & NATURALS
        for _ in range(joker_count(m)):
            nat |= 1 << (52 + min(jokers, 1))
            jokers += 1
        if jokers > (deck >> 52).bit_count() or nat & ~deck:
            missing = codes(nat & ~deck) or ["JK"]
            raise InvalidNotationError(msg("{card} is not in this deck (player {player})", card=missing[0], player=p))
        masks.append(nat)
        seen |= nat
    return masks


def _public_table(e: Engine) -> dict[str, JSON]:
    """The engine's public bookkeeping, exactly (what a careful player at the table tracks).

    Everything here follows from the public history and the rules (who led the trick, the
    pass counters, pending follow-up choices, the exchange still to come), so an AI can
    rebuild the position with its own guesses for the hidden hands.  Secrets are left out:
    the cards of a simultaneous exchange still face down stay hidden.
    """
    cont: JSON = None
    c = e.cont
    if c is not None:
        if c[0] == "deferred":
            cont = ["deferred"]
        else:
            cont = [c[0], fmt_play(c[1]), fmt_play(c[2]) if c[2] is not None else None, c[3], c[4]]
            if len(c) > 5:
                cont.append(list(c[5]))
    return {
        "turn": e.turn,
        "trick_leader": e.trick_leader,
        "owner": e.owner,
        "passed": e.passed,
        "lock": e.lock,
        "colour": e.colour,
        "numnext": e.numnext,
        "numdir": e.numdir,
        "run": e.run,
        "back_carry": e.back_carry,
        "back_set": e.back_set,
        "rev_pending": e.rev_pending,
        "omen": e.omen,
        "lead_passes": e.lead_passes,
        "must_lead": e.must_lead,
        "must_card": e.must_card,
        "consec": e.consec,
        "stuck": e.stuck,
        "first_of_set": e.first_of_set,
        "prev_placing": list(e.prev_placing) if e.prev_placing is not None else None,
        "class_order": list(e.classes) if e.classes is not None else None,
        "exchange": [[kind, giver, receiver, count] for kind, giver, receiver, count in e.exch],
        "cont": cont,
        # the state of the rules added with the effect table, but the cards received as tribute
        # (only their giver and receiver know them)
        "rule_fields": {name: list(v) if isinstance(v := getattr(e, name), tuple) else v
                        for name in RULE_FIELDS if name != "received"},
    }


_JSON_EVENTS: dict[int, tuple[tuple[Any, ...], list[JSON]]] = {}
"""Each logged event's JSON, by the event's id: a game's log is copied with every state but its
events are shared, and an observation lists the whole log (without this, playing a game through
observations is quadratic in its length). An entry holds its event, so no id is reused while it
is kept. Observations are read, never changed."""


def _event_json(event: tuple[Any, ...]) -> list[JSON]:
    kept = _JSON_EVENTS.get(id(event))
    if kept is not None and kept[0] is event:
        return kept[1]
    if len(_JSON_EVENTS) >= 50_000:
        _JSON_EVENTS.clear()
    out = _json_event(event)
    _JSON_EVENTS[id(event)] = (event, out)
    return out


def _json_event(event: tuple[Any, ...]) -> list[JSON]:
    out: list[JSON] = []
    for v in event:
        if isinstance(v, tuple):
            out.append(_json_event(v))
        elif isinstance(v, bool) or v is None or isinstance(v, (int, str)):
            out.append(v)
        else:  # pragma: no cover
            out.append(str(v))
    return out


__all__ = ["DaifugoState", "internal_action"]
