"""The Daifugō engine: one mutable match, the only source of legality.

:class:`Engine` holds a whole match with cards as bits of ints; the rules live in modules by
concern, as functions of the engine:

* :mod:`.phases` — the named phases;
* :mod:`.deal` — the match and each game's set-up: seating, blind cards, dealer, the deal;
* :mod:`.exchange` — the card exchange (tributes, returns, tenpen-chii);
* :mod:`.turns` — the next player, who leads, the start of play;
* :mod:`.plays` — legality: :meth:`Engine.legal`, the legal plays, locks, passing;
* :mod:`.effects` — a play and its effects, one function per rule (``eight_cut``, …);
* :mod:`.tricks` — passing and clearing;
* :mod:`.endings` — going out, forbidden finishes, miyako-ochi, the placing, the next game;
* :mod:`.scoring` — classes and points; :mod:`.explain` — why an action is refused.

A rule that reads cards some players cannot see (another hand, the face-down choices of a
simultaneous exchange) to decide what they learn does so through :meth:`Engine.ask`, naming the
read (``tenpen_due``, ``forced_tribute``, ``strongest_of``, …): a seat's replica
(:mod:`.replica`) is told the answers it may know and reads its own guessed cards for the rest.

:meth:`Engine.legal` lists the legal actions of the phase in internal form and
:meth:`Engine.step` applies one; the public immutable state (:mod:`pyengine.daifugo.state`)
copies an engine and steps the copy, and the fast random playout
(:mod:`pyengine.ai.daifugo.playout`) steps one engine in place with the very same functions.

Internal actions: a play tuple (see :mod:`pyengine.daifugo.cards`) in the play and 4-stop
phases; ``(kind, value)`` pairs elsewhere: ``("card", bit)`` and ``("player", p)`` at chance
nodes, ``("tribute", mask)``, ``("return", mask)``, ``("give", mask)``, ``("discard", mask)``,
``("bomb", rank_mask)``, ``("revolt", 0|1)``.

Decisions this engine takes where the specification leaves a gap (all marked [open] in
comments): see :data:`OPEN_DECISIONS`.

>>> from pyengine.daifugo.ctx import compile_rules
>>> from pyengine.daifugo.rules import DaifugoRules
>>> from pyengine.daifugo.cards import parse_cards, fmt_play
>>> e = Engine.custom(compile_rules(DaifugoRules.preset("popular"), 3),
...                   [parse_cards("H4.S8"), parse_cards("D5"), parse_cards("C6")], 0)
>>> [fmt_play(m) for m in e.legal()]
['H4', 'S8']
>>> e.step(e.legal()[1])  # the 8-cut clears the trick: player 0 leads again
>>> e.field is None, e.turn
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from ..core.errors import IllegalActionError
from ..core.messages import msg
from . import clears, deal, effects, endings, exchange, locks, plays, tricks, turns
from . import explain as why
from .cards import Play
from .ctx import Ctx
from .effects import R_SEVEN, R_TEN
from .pending import STOPPED
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
    PLAY,
    RETURN,
    REVCHOICE,
    SEAT,
    SEVEN,
    TARGET,
    TEN,
    TRIBUTE,
    Phase,
)

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

ALL = -1  # visibility of an event or of a hidden read's answer: everyone

T = TypeVar("T")

Event = tuple[Any, ...]

# The engine's state, by concern (one flat set of slots: copying is the playouts' hot path).
MATCH_FIELDS: Final = ("cx", "n", "game_no", "scores", "prev_placing", "classes", "order", "pos", "blind",
                       "results", "first_of_set", "auto_next", "log")
DEAL_FIELDS: Final = ("phase", "turn", "pool", "deck", "deal_pos", "deal_left", "undealt")
CARD_FIELDS: Final = ("hands", "public", "facedown", "known")
TRICK_FIELDS: Final = ("field", "owner", "trick_leader", "passed", "direction", "lead_passes", "must_lead",
                       "must_card", "consec", "stuck")
ORDER_FIELDS: Final = ("revolution", "back", "back_carry", "back_set", "rev_pending", "omen")
LOCK_FIELDS: Final = ("lock", "colour", "numnext", "numdir", "run")
FINISH_FIELDS: Final = ("out_order", "offenders", "fallen", "placing")
PENDING_FIELDS: Final = ("cont", "exch")
RULE_FIELDS: Final = ("base_direction", "trick_cards", "frozen", "damian", "passes", "relief_used", "ace_owner",
                       "received", "exchange_stage", "dealer", "deal_seq")
"""The state of the rules added with the effect table, all public (``DaifugoState`` shows them in its
public table, a bot's world restores them with :meth:`Engine.restore_rule_fields`)."""
RULE_DEFAULTS: Final = {"base_direction": 1, "trick_cards": 0, "frozen": False, "damian": False, "passes": 0,
                        "relief_used": 0, "ace_owner": -1, "received": 0, "exchange_stage": 0, "dealer": -1,
                        "deal_seq": ()}

# chance outcomes and choices other than plays: the function that applies ``action[1]``
_STEPS: Final = {
    SEAT: deal.seat, BLIND: deal.put_blind, DEALER: deal.choose_dealer, LEAD: turns.draw_leader,
    PLACES: endings.draw_place, TRIBUTE: exchange.give, RETURN: exchange.give,
    REVCHOICE: effects.revolution_chosen, SEVEN: effects.seven_pass_give, TEN: effects.ten_discard_cards,
    BOMB: effects.q_bomber_ranks, PICK: effects.special_choice, TARGET: effects.special_choice,
    DRAW: exchange.draw,
}


class Engine:
    """A whole match, mutable.  Never mutate an engine that a public state holds: copy it."""

    __slots__ = (*MATCH_FIELDS, *DEAL_FIELDS, *CARD_FIELDS, *TRICK_FIELDS, *ORDER_FIELDS, *LOCK_FIELDS,
                 *FINISH_FIELDS, *PENDING_FIELDS, *RULE_FIELDS)

    # the match
    cx: Ctx  # the compiled rules
    n: int
    game_no: int  # 1-based; 0 before the first game
    scores: list[int]
    prev_placing: tuple[int, ...] | None  # the last game's placing, best first
    classes: tuple[int, ...] | None  # the players by class, 大富豪 first; None in a game without classes
    order: list[int]  # the players in table order
    pos: list[int]  # each player's table position
    blind: int  # blind cards, face down until the set ends
    results: list[tuple[int, ...]]  # every finished game's placing
    first_of_set: bool
    auto_next: bool  # False: the engine stops after this game (Engine.custom)
    log: list[tuple[int, Event]] | None  # this game's events, each with its visibility (ALL or a bit set)
    # the phase and the deal
    phase: Phase
    turn: int  # the player to act, -1 at chance nodes
    pool: list[int]  # the players still to draw (seats, dealer, leader, places)
    deck: int  # cards still to deal
    deal_pos: int
    deal_left: int
    undealt: int  # cards out of play, face down (the two-player deck, custom games)
    # where the cards are
    hands: list[int]
    public: int  # the discard pile, face up
    facedown: int  # hands discarded face down (miyako-ochi, gekokujō)
    known: list[int]  # cards each player has seen in another hand (exchanges, 7-pass)
    # the trick
    field: Play | None  # the top play
    owner: int  # who made it
    trick_leader: int
    passed: int  # bit set of players out of this trick
    direction: int  # 1, or -1 after a 9-reverse
    lead_passes: int  # passes on the empty field (leader_pass)
    must_lead: bool  # second_lap: the leader may not pass
    must_card: int  # the card the game's first play must include, if any
    consec: int  # consecutive passes (UECda's limit)
    stuck: int  # holders in a row with no legal lead (forbidden_penalty=refuse)
    # the order of strength
    revolution: bool
    back: bool  # 11-back, until the trick clears
    back_carry: bool  # a strong 11-back lasts through the next trick
    back_set: bool  # eleven_back=first_only: set in this trick
    rev_pending: bool  # revolution=after_clear: flips when the trick clears
    omen: bool
    # locks
    lock: int  # locked suit set (bit 4: the joker's fifth suit)
    colour: int  # locked colour pattern (8 × red + black), -1 if none
    numnext: int  # the rank the number lock asks for next, -1 if none
    numdir: int  # its direction
    run: int  # plays in a row with the same suit set (suit_lock=after_three)
    # finishing
    out_order: list[int]  # legal finishes in order
    offenders: list[int]  # forbidden finishes in order
    fallen: int  # a 大富豪 (or 富豪) fallen by miyako-ochi or kyoto-ochi, -1 if none
    placing: tuple[int, ...] | None
    # pending steps
    cont: tuple[Any, ...] | None  # a paused play (see pyengine.daifugo.effects) or a deferred exchange
    exch: list[tuple[str, int, int, int]]  # exchange moves still to choose: (kind, giver, receiver, count)
    # the rules added with the effect table
    base_direction: int  # the direction without the reverses that last until the trick clears
    trick_cards: int  # the cards played in this trick (kept when a rule needs them: dokan, relief, …)
    frozen: bool  # a super revolution fixed the order for the rest of the game
    damian: bool  # Damian: whoever passes before the trick clears loses
    passes: int  # passes so far in this game (guillotine)
    relief_used: int  # players (bit set) who took the field's cards by relief this game
    ace_owner: int  # next_ace: who played the trick's latest A, -1 if none
    received: int  # the cards received as tributes in this game's exchange
    exchange_stage: int  # 1 once the antimonopoly has been checked
    dealer: int  # who dealt this game (-1 before the dealer is known)
    deal_seq: tuple[int, ...]  # the players in the order the cards are dealt

    def __init__(self, cx: Ctx, log: bool = True) -> None:
        n = cx.n
        self.cx = cx
        self.n = n
        self.game_no = 0
        self.scores = [0] * n
        self.prev_placing = None
        self.classes = None
        self.order = list(range(n))
        self.pos = list(range(n))
        self.blind = 0
        self.results = []
        self.log = [] if log else None
        self.auto_next = True
        self.new_game_fields()
        deal.start_game(self)

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
        e.pos = turns.inverse(e.order)
        e.blind = 0
        e.results = []
        e.log = [] if log else None
        e.auto_next = False
        e.new_game_fields()
        e.classes = classes
        e.first_of_set = classes is None
        e.hands = list(hands)
        dealt = 0
        for h in hands:
            dealt |= h
        e.undealt = cx.deck & ~dealt
        e.revolution = revolution
        turns.begin_play(e, turn)
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

    def new_game_fields(self) -> None:
        """Reset everything that lasts one game (the match's fields stay)."""
        n = self.n
        self.phase = OVER
        self.turn = -1
        self.pool = []
        self.deck = 0
        self.deal_pos = 0
        self.deal_left = 0
        self.undealt = 0
        self.hands = [0] * n
        self.public = 0
        self.facedown = 0
        self.known = [0] * n
        self.field = None
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
        self.out_order = []
        self.offenders = []
        self.fallen = -1
        self.must_card = 0
        self.cont = None
        self.exch = []
        self.placing = None
        self.first_of_set = True
        self.restore_rule_fields(None)

    def restore_rule_fields(self, values: dict[str, Any] | None) -> None:
        """Set the state of the rules added with the effect table: their defaults, then ``values``
        (``DaifugoState``'s public table ``rule_fields``, for an engine rebuilt from a view)."""
        for name, default in RULE_DEFAULTS.items():
            setattr(self, name, default)
        for name, value in (values or {}).items():
            if name in RULE_DEFAULTS:
                setattr(self, name, tuple(value) if isinstance(value, list) else value)

    def event(self, event: Event, vis: int = ALL) -> None:
        """Log ``event`` for everyone, or for the players in the bit set ``vis``."""
        if self.log is not None:
            self.log.append((vis, event))

    # --- queries ------------------------------------------------------------------------------
    def inverted(self) -> bool:
        """Whether the order of strength is inverted (revolution XOR 11-back, §1.4)."""
        return self.revolution != self.back

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def holders(self) -> list[int]:
        """The players still holding cards."""
        return [p for p in range(self.n) if self.hands[p]]

    def chance_outcomes(self) -> list[tuple[tuple[str, int], int, int]]:
        """Each outcome with its probability as ``(numerator, denominator)``."""
        ph = self.phase
        if ph == DEAL or ph == BLIND:
            return deal.deal_outcomes(self)
        if ph in (SEAT, DEALER, LEAD, PLACES):
            pool = self.pool
            return [(("player", p), 1, len(pool)) for p in pool]
        return []

    # --- legality (pyengine.daifugo.plays) and explanations -----------------------------------
    legal = plays.legal
    legal_plays = plays.legal_plays
    can_pass = plays.can_pass
    return_options = exchange.return_options
    explain = why.explain

    def tribute_options(self, hand: int, count: int) -> list[int]:
        """The sets of cards a poorer player holding ``hand`` may hand over (see :mod:`.exchange`)."""
        return exchange.tribute_options(self.cx, hand, count)

    # --- hidden reads ---------------------------------------------------------------------------
    def ask(self, rule: Callable[..., T], *args: Any, seen: int = ALL) -> T:
        """``rule(self, *args)``: a rule reading cards that some players cannot see (another player's
        hand, the face-down cards of a simultaneous exchange) to decide something that everyone, or
        the players in the bit set ``seen``, then learn.

        Every such read goes through here, so they are all named (grep ``.ask(``): a seat's replica
        (:mod:`.replica`) is told the answers it may know and computes the others on its own
        guessed cards, and a live table knows where a player must disclose something.
        """
        return rule(self, *args)

    # --- applying -------------------------------------------------------------------------------
    def step(self, action: Any) -> None:
        """Apply an action known to be legal (or a chance outcome)."""
        ph = self.phase
        if ph == PLAY:
            if action[0] == 0:
                tricks.pass_turn(self, self.turn)
            elif len(action) == 2:  # relief or dokan instead of a play
                effects.declare(self, action[0])
            else:
                effects.play(self, self.turn, action)
        elif ph == DEAL:
            deal.deal_card(self, action[1])
        elif ph == FOURSTOP:
            if clears.four_stop(self, action):
                effects.play(self, self.turn, action, STOPPED)
        elif ph == OVER:  # pragma: no cover - callers check legality first
            raise IllegalActionError(msg("the game is over"))
        else:
            _STEPS[ph](self, action[1])

    start_next_game = deal.start_game  # a game's end starts the next (pyengine.daifugo.endings)

    # the rules' functions that the AIs call directly (playouts, the UECda client)
    _play = effects.play
    _pass = tricks.pass_turn
    _next = turns.next_holder
    _forbidden = endings.forbidden_finish
    _transfer_range = plays.transfer_range
    _lock_update = locks.lock_update


__all__ = [
    "BLIND", "BOMB", "CHANCE_PHASES", "DEAL", "DEALER", "FOURSTOP", "LEAD", "OPEN_DECISIONS", "OVER",
    "PHASE_NAMES", "PLACES", "PLAY", "RETURN", "REVCHOICE", "R_SEVEN", "R_TEN", "SEAT", "SEVEN", "TEN",
    "TRIBUTE", "Engine", "Phase",
]
