"""The public, immutable Daifugō state and the registered game object.

A :class:`DaifugoState` wraps an :class:`~pyengine.daifugo.engine.Engine` that it never
mutates: :meth:`DaifugoState.apply` copies the engine and steps the copy.  Action strings:

* plays: ``S3``, ``S5.H5``, ``H5.H6.JK=H7``, ``JK``, ``JK.JK``, ``pass`` (see :mod:`.cards`);
* exchange: ``tribute:S2.H2`` (a poorer player choosing suits among equal ranks),
  ``return:C3.D4`` (a richer player giving back);
* follow-ups: ``give:S4`` (7-pass), ``discard:D6.JK`` (10-discard; ``-`` for nothing),
  ``bomb:5.T`` (Q-bomber ranks; ``bomb:-``), ``revolt:yes`` / ``revolt:no``;
* chance: ``deal:S3`` (the next card dealt), ``blind:S3``, ``seat:2`` (the next table
  position goes to player 2), ``dealer:2``, ``lead:2``, ``place:2``.

>>> from pyengine.daifugo import DAIFUGO
>>> s = DAIFUGO.new_initial_state(None, 4)
>>> s.is_chance(), s.chance_outcomes()[0][0]
(True, 'dealer:0')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core.bots import Bot
from ..core.errors import IllegalActionError, InvalidNotationError
from ..core.game import CHANCE, JSON, TERMINAL, Game, State, TableContext
from ..core.rules import Rules
from .cards import (
    CODES,
    EMPEROR,
    GROUP,
    JOKER,
    JOKER_BITS,
    JPAIR,
    NATURALS,
    PASS_FORM,
    POS_CHARS,
    RANK_NAMES,
    RANKS,
    SEQ,
    SINGLE,
    SUIT_SYMBOLS,
    Play,
    bits_of,
    codes,
    fmt_cards,
    fmt_play,
    joker_count,
    parse_card,
    take_jokers,
    parse_play,
)
from .ctx import compile_rules
from .engine import (
    BLIND,
    BOMB,
    CHANCE_PHASES,
    DEAL,
    DEALER,
    LEAD,
    OVER,
    PHASE_NAMES,
    PLACES,
    RETURN,
    REVCHOICE,
    SEAT,
    SEVEN,
    TEN,
    TRIBUTE,
    Engine,
)
from .info import INFO
from .rules import DaifugoRules

CLASS_IDS = ("tycoon", "rich", "commoner", "poor", "beggar")
CHANCE_KINDS = {DEAL: "deal", BLIND: "blind", SEAT: "seat", DEALER: "dealer", LEAD: "lead", PLACES: "place"}
PLAYER_CHANCE = ("seat", "dealer", "lead", "place")
CARD_KINDS = ("tribute", "return", "give", "discard")


def class_id(place: int, n: int) -> str:
    """The class a place gives (0-based place, ``n`` players)."""
    if place == 0:
        return "tycoon"
    if place == n - 1:
        return "beggar"
    if n >= 4 and place == 1:
        return "rich"
    if n >= 4 and place == n - 2:
        return "poor"
    return "commoner"


def parse_action(text: str) -> Any:
    """The internal form of an action string (context-free).

    >>> parse_action("give:-")
    ('give', 0)
    >>> parse_action("seat:3")
    ('seat', 3)
    """
    if not isinstance(text, str) or not text or len(text) > 160:
        raise InvalidNotationError("not a Daifugō action")
    kind, colon, rest = text.partition(":")
    if not colon:
        return parse_play(text)
    if kind in ("deal", "blind"):
        return (kind, parse_card(rest))
    if kind in PLAYER_CHANCE:
        if rest.isdigit() and len(rest) == 1:
            return (kind, int(rest))
        raise InvalidNotationError(f"{text!r}: a player is written as a number, e.g. {kind}:2")
    if kind in CARD_KINDS:
        return (kind, _parse_card_set(rest))
    if kind == "bomb":
        if rest == "-":
            return ("bomb", 0)
        mask = 0
        for token in rest.split("."):
            if len(token) != 1 or token not in RANKS:
                raise InvalidNotationError(f"{text!r}: ranks are written 3…9, T, J, Q, K, A, 2 joined by '.'")
            r = RANKS.index(token) + 1
            if mask >> r & 1:
                raise InvalidNotationError(f"{text!r} names a rank twice")
            mask |= 1 << r
        return ("bomb", mask)
    if kind == "revolt" and rest in ("yes", "no"):
        return ("revolt", 1 if rest == "yes" else 0)
    raise InvalidNotationError(f"{text[:40]!r} is not a Daifugō action")


def _parse_card_set(text: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for token in text.split("."):
        i = parse_card(token)
        if i == 52 and mask >> 52 & 1:
            i = 53
        if mask >> i & 1:
            raise InvalidNotationError(f"{token} is listed twice")
        mask |= 1 << i
    return mask


def format_action(action: Any) -> str:
    """Inverse of :func:`parse_action`."""
    if isinstance(action, tuple) and len(action) == 8:
        return fmt_play(action)
    kind, value = action
    if kind in ("deal", "blind"):
        return f"{kind}:{CODES[value]}"
    if kind in PLAYER_CHANCE:
        return f"{kind}:{value}"
    if kind in CARD_KINDS:
        return f"{kind}:{fmt_cards(value)}"
    if kind == "bomb":
        return "bomb:" + (".".join(RANKS[r - 1] for r in range(1, 14) if value >> r & 1) or "-")
    if kind == "revolt":
        return "revolt:yes" if value else "revolt:no"
    raise InvalidNotationError(f"unknown action {action!r}")


def _internal(engine: Engine, parsed: Any) -> Any:
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

    __slots__ = ("_e", "_key", "_legal")

    def __init__(self, engine: Engine) -> None:
        self._e = engine
        self._key: tuple[Any, ...] | None = None
        self._legal: tuple[str, ...] | None = None

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
        masks = [_parse_card_set(h) if h else 0 for h in hands]
        return cls(Engine.custom(compile_rules(rules, len(hands)), masks, turn, **kwargs))

    @property
    def engine(self) -> Engine:
        """A private copy of the engine (for AIs that search by make/unmake)."""
        return self._e.copy()

    # --- protocol -----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return DAIFUGO

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
                self._legal = tuple(sorted({format_action(a) for a in e.legal()}))
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
            raise IllegalActionError("the game is over")
        parsed = parse_action(action)
        internal = _internal(e, parsed)
        if e.phase in CHANCE_PHASES:
            kind = CHANCE_KINDS[e.phase]
            if not (isinstance(parsed, tuple) and len(parsed) == 2 and parsed[0] == kind) or internal not in {
                o for o, _, _ in e.chance_outcomes()
            }:
                raise IllegalActionError(f"{action!r} is not a possible outcome here")
        else:
            if internal not in e.legal():
                raise IllegalActionError(e.explain(internal))
        new = e.copy()
        new.step(internal)
        return DaifugoState(new)

    def apply_as(self, seat: int, action: str) -> DaifugoState:
        """Like :meth:`apply`, but refuses with "not your turn" unless ``seat`` is to act."""
        if self.current_player != seat:
            if self.current_player == TERMINAL:
                raise IllegalActionError("the game is over")
            raise IllegalActionError("not your turn")
        return self.apply(action)

    def _apply(self, action: str) -> DaifugoState:  # pragma: no cover - apply is overridden
        return self.apply(action)

    def explain_illegal(self, action: str) -> str:
        return self._e.explain(_internal(self._e, parse_action(action)))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self._e.scores)

    # --- hidden information -------------------------------------------------------------------
    def _known_mask(self, seat: int) -> int:
        e = self._e
        known = e.public
        if 0 <= seat < e.n:
            known |= e.hands[seat] | e.known[seat]
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

    def observation(self, seat: int) -> dict[str, JSON]:
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
            "history": [_json_event(ev) for vis, ev in (e.log or ()) if vis == -1 or (me >= 0 and vis >> me & 1)],
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
            info: dict[str, JSON] = {"kind": PHASE_NAMES[ph], "player": e.turn, "up_to": e.cont[3]}
            if ph == SEVEN:
                info["to"] = e._next(e.turn)
            return info
        if ph == REVCHOICE:
            return {"kind": "revolution_choice", "player": e.turn}
        if ph == 13 and e.cont is not None:
            return {"kind": "four_stop", "player": e.turn, "count": e.cont[3], "cutter": e.cont[0]}
        return None

    # --- descriptions ------------------------------------------------------------------------
    def describe(self, action: str, lang: str = "en") -> str:
        parsed = parse_action(action)
        return describe(parsed, lang, self._e)


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
    }


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


# --- human descriptions -------------------------------------------------------------------------

def card_name(pos: int, suit: int, lang: str) -> str:
    rank = "↓3" if pos == 0 else "↑2" if pos == 14 else RANK_NAMES[pos - 1]
    return ("★" if suit == 4 else SUIT_SYMBOLS[suit]) + rank


def _names(mask: int, lang: str) -> str:
    joker = {"en": "Joker", "ko": "조커", "ja": "ジョーカー"}[lang]
    parts = []
    for i in bits_of(mask):
        parts.append(joker if i >= 52 else card_name((i >> 2) + 1, i & 3, lang))
    return " ".join(parts)


def _play_cards(m: Play, lang: str) -> str:
    joker = {"en": "Joker", "ko": "조커", "ja": "ジョーカー"}[lang]
    items = [((i >> 2) + 1, i & 3, "") for i in bits_of(m[3])]
    for pos, s in m[5]:
        name = card_name(pos, s, lang)
        items.append((pos, s, {"en": f"{joker} (as {name})", "ko": f"{joker}({name} 대신)",
                               "ja": f"{joker}（{name}として）"}[lang]))
    items.sort()
    return " ".join(label or card_name(p, s, lang) for p, s, label in items)


def _player(p: int, lang: str) -> str:
    return {"en": f"Player {p + 1}", "ko": f"플레이어 {p + 1}", "ja": f"プレイヤー{p + 1}"}[lang]


def describe(parsed: Any, lang: str, engine: Engine | None = None) -> str:
    """A human description of an internal action in English, Korean or Japanese."""
    if lang not in ("en", "ko", "ja"):
        lang = "en"
    if isinstance(parsed, tuple) and len(parsed) == 8:
        m: Play = parsed
        form = m[0]
        if form == PASS_FORM:
            return {"en": "Pass", "ko": "패스", "ja": "パス"}[lang]
        if form == JOKER:
            return {"en": "Play the Joker", "ko": "조커 내기", "ja": "ジョーカーを出す"}[lang]
        if form == JPAIR:
            return {"en": "Play both jokers", "ko": "조커 두 장 내기", "ja": "ジョーカー2枚を出す"}[lang]
        cards = _play_cards(m, lang)
        if form == SINGLE:
            return {"en": f"Play {cards}", "ko": f"{cards} 내기", "ja": f"{cards}を出す"}[lang]
        if form == GROUP:
            r = RANK_NAMES[m[2] - 1]
            k = m[1]
            en = {2: f"a pair of {r}s", 3: f"three {r}s", 4: f"four {r}s"}.get(k, f"{k} {r}s")
            return {"en": f"Play {en}: {cards}", "ko": f"{r} {k}장 내기: {cards}",
                    "ja": f"{r}を{k}枚出す：{cards}"}[lang]
        if form == SEQ:
            return {"en": f"Play a sequence of {m[1]}: {cards}", "ko": f"{m[1]}장 계단 내기: {cards}",
                    "ja": f"{m[1]}枚の階段を出す：{cards}"}[lang]
        if form == EMPEROR:
            return {"en": f"Play an emperor: {cards}", "ko": f"엠퍼러 내기: {cards}",
                    "ja": f"エンペラーを出す：{cards}"}[lang]
    kind, value = parsed
    if kind in ("deal", "blind", "card"):
        card = _names(1 << (52 if value >= 52 else value), lang)
        if kind == "blind":
            return {"en": f"{card} is set aside face down", "ko": f"{card}을(를) 뒷면으로 빼 둠",
                    "ja": f"{card}を伏せて除く"}[lang]
        target = ""
        if engine is not None and engine.phase == DEAL:
            target = _player(engine.order[engine.deal_pos], lang)
        return {"en": f"Deal {card} to {target or 'the next player'}",
                "ko": f"{target or '다음 플레이어'}에게 {card} 나눠 주기",
                "ja": f"{target or '次のプレイヤー'}に{card}を配る"}[lang]
    if kind in PLAYER_CHANCE or kind == "player":
        who = _player(value, lang)
        return {
            "seat": {"en": f"{who} takes the next seat", "ko": f"{who}이(가) 다음 자리에 앉음",
                     "ja": f"{who}が次の席に着く"},
            "dealer": {"en": f"{who} deals", "ko": f"{who}이(가) 카드를 나눔", "ja": f"{who}が配る"},
            "lead": {"en": f"{who} leads", "ko": f"{who}이(가) 선", "ja": f"{who}が親"},
            "place": {"en": f"{who} takes the next place", "ko": f"{who}이(가) 다음 순위",
                      "ja": f"{who}が次の順位"},
            "player": {"en": who, "ko": who, "ja": who},
        }[kind][lang]
    if kind in ("tribute", "return", "give", "discard"):
        cards = _names(value, lang) if value else {"en": "nothing", "ko": "없음", "ja": "なし"}[lang]
        to = ""
        if engine is not None:
            if engine.phase in (TRIBUTE, RETURN) and engine.exch:
                to = _player(engine.exch[0][2], lang)
            elif engine.phase == SEVEN:
                to = _player(engine._next(engine.turn), lang)
        if kind == "tribute":
            return {"en": f"Hand over {cards}" + (f" to {to}" if to else ""),
                    "ko": (f"{to}에게 " if to else "") + f"{cards} 바치기",
                    "ja": (f"{to}に" if to else "") + f"{cards}を献上する"}[lang]
        if kind == "return":
            return {"en": f"Give back {cards}" + (f" to {to}" if to else ""),
                    "ko": (f"{to}에게 " if to else "") + f"{cards} 돌려주기",
                    "ja": (f"{to}に" if to else "") + f"{cards}を返す"}[lang]
        if kind == "give":
            return {"en": f"Pass {cards}" + (f" to {to}" if to else ""),
                    "ko": (f"{to}에게 " if to else "") + f"{cards} 넘기기",
                    "ja": (f"{to}に" if to else "") + f"{cards}を渡す"}[lang]
        return {"en": f"Discard {cards}", "ko": f"{cards} 버리기", "ja": f"{cards}を捨てる"}[lang]
    if kind == "bomb":
        ranks = ", ".join(RANK_NAMES[r - 1] for r in range(1, 14) if value >> r & 1)
        if not ranks:
            return {"en": "Name no rank", "ko": "숫자를 고르지 않기", "ja": "何も指定しない"}[lang]
        return {"en": f"Bomb every {ranks}", "ko": f"{ranks} 모두 버리게 하기",
                "ja": f"{ranks}を全員捨てさせる"}[lang]
    if kind == "revolt":
        if value:
            return {"en": "Start the revolution", "ko": "혁명하기", "ja": "革命する"}[lang]
        return {"en": "No revolution", "ko": "혁명하지 않기", "ja": "革命しない"}[lang]
    raise InvalidNotationError(f"unknown action {parsed!r}")


class DaifugoGame(Game):
    """The registered Daifugō game."""

    info = INFO
    conformance = [
        ("1.popular", 3), ("1.popular", 4), ("1.popular", 8), ("1.basic", 5), ("1.jdf", 4), ("1.uecda", 5),
        ("1.party", 3), ("1.party", 6), ("1.two_player", 2),
    ]
    conformance_max_plies = 300

    @property
    def rules_type(self) -> type[Rules]:
        return DaifugoRules

    def new_initial_state(self, rules: Rules | None = None, num_players: int | None = None) -> DaifugoState:
        r = rules if rules is not None else DaifugoRules.default()
        if not isinstance(r, DaifugoRules):
            raise IllegalActionError("these are not Daifugō rules")
        if num_players is None:
            name = r.preset_name()
            num_players = {"jdf": 4, "uecda": 5, "two_player": 2}.get(name or "", self.info.default_players)
        self.check_players(num_players)
        r.validate_for(num_players)
        return DaifugoState(Engine(compile_rules(r, num_players)))

    def table_view(self, ctx: TableContext) -> dict[str, JSON] | None:
        from .view import table_view  # the page's table (pyengine/daifugo/view.py)
        return table_view(ctx)

    def bots(self) -> Mapping[str, type[Bot]]:
        """``random``, ``greedy`` (the UECda standard client), ``normal``, ``strong``."""
        from .bots import GreedyBot, NormalBot, RandomBot, StrongBot

        return {"random": RandomBot, "greedy": GreedyBot, "normal": NormalBot, "strong": StrongBot}


DAIFUGO = DaifugoGame()

__all__ = ["CLASS_IDS", "DAIFUGO", "DaifugoGame", "DaifugoState", "class_id", "describe", "format_action",
           "parse_action"]
