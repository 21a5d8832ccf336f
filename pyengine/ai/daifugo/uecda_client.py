"""The UECda client's game (specification §7): a whole match played over one connection.

:class:`Client` plays every game with the project's engine under the ``uecda`` preset and the
bot it is given (the command line, :mod:`pyengine.ai.daifugo.uecda`, chooses it), until the
server says all games are over (:meth:`Client.run` returns the exit code: 0 all games played,
1 a connection or protocol error, 3 with ``check`` only).  With ``check`` it keeps the whole game
in its own engine and compares every server message with it (§7.7), stopping at the first
disagreement (``CHECK FAILED:``) or refused play (``MOVE REJECTED:``).

The engine tracks the other players' hands as a *determinization*: the cards this client
cannot see are spread over the other hands with the right counts, and when an opponent
plays a card the model had put elsewhere, the two unseen cards are swapped.  Legality
never depends on where unseen cards are, so the model agrees with the server whenever
the engine does.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, TextIO

from ...daifugo.cards import (
    J1,
    PASS,
    Play,
    bit,
    bits_of,
    fmt_cards,
    fmt_play,
)
from ...daifugo.ctx import compile_rules
from ...daifugo.engine import PLACES, PLAY, RETURN, Engine
from ...daifugo.notation import parse_action
from ...daifugo.rules import DaifugoRules
from ...daifugo.state import DaifugoState
from ..bot import Bot, BotView
from .bots import StrongBot
from .uecda_opponents import OpponentModel
from .uecda_wire import (
    Connection,
    ProtocolError,
    Table,
    empty_table,
    hand_from_table,
    hand_to_table,
    handshake_table,
    play_from_table,
    play_to_table,
    show_table,
    table_cells,
)

PLAYERS = 5
RESET_PERIOD = 100
D3 = bit(1, 2)


class CheckFailed(Exception):
    """``--check`` found a disagreement (exit 3)."""

    def __init__(self, headline: str, details: list[str]) -> None:
        super().__init__(headline)
        self.headline = headline
        self.details = details


class MoveRejected(Exception):
    """The server refused a play this client sent (exit 3 with ``--check``)."""

    def __init__(self, details: list[str]) -> None:
        super().__init__("the server refused our play")
        self.details = details



@dataclass
class Expect:
    """One field of a server table compared with the engine."""

    name: str
    server: Any
    engine: Any


class Client:
    """Plays (and with ``check`` verifies) a whole UECda match over one connection."""

    def __init__(
        self,
        conn: Connection,
        bot: Bot,
        name: str = "pyengine",
        check: bool = False,
        err: TextIO | None = None,
    ) -> None:
        self.conn = conn
        self.bot = bot
        self.name = name
        self.check = check
        self.err = err if err is not None else sys.stderr
        self.rules = DaifugoRules.preset("uecda")
        self.cx = compile_rules(self.rules, PLAYERS)
        self.me = -1
        self.game_no = 0
        self.turn_no = 0
        self.seats: list[int] | None = None
        self.classes: list[int] | None = None  # class of each player in this game (None: reset game)
        self.placing: tuple[int, ...] | None = None  # final places of the last game, if known
        self.known_finishers: list[int] = []
        self.engine: Engine | None = None
        self.top_cells: tuple[tuple[int, ...], ...] = table_cells(empty_table())
        self.deal_hand = 0
        self.returned = 0
        self.games_played = 0
        self._warned = False
        # the strong level's model of who is the standard client, learnt over the match
        kit = bot.kit if isinstance(bot, StrongBot) else 0.0
        self.opponents = OpponentModel(kit, PLAYERS) if isinstance(kit, float) and kit > 0 else None

    # --- reporting ------------------------------------------------------------------------------
    def _fail(self, what: str, table: Table | None, fields: list[Expect]) -> None:
        bad = [f for f in fields if f.server != f.engine]
        if not bad:
            return
        details = [f"game {self.game_no}, turn {self.turn_no}: {what}"]
        if table is not None:
            details.append("server table:")
            details.append(show_table(table))
        for f in bad:
            details.append(f"  {f.name}: server {f.server!r} vs engine {f.engine!r}")
        raise CheckFailed(f"CHECK FAILED: {what}", details)

    def _require(self, what: str, ok: bool, table: Table | None, server: str, engine: str) -> None:
        """A check that is not a plain field comparison: ``server`` and ``engine`` say what each holds."""
        if ok:
            return
        if not self.check:
            if not self._warned:
                print(f"warning: game {self.game_no}, turn {self.turn_no}: {what}: server {server}, engine "
                      f"{engine} (the engine follows the server; run with --check to stop here)", file=self.err)
                self._warned = True
            return
        raise CheckFailed(f"CHECK FAILED: {what}", [
            f"game {self.game_no}, turn {self.turn_no}: {what}",
            *(["server table:", show_table(table)] if table else []),
            f"  server: {server}", f"  engine: {engine}"])

    # --- main loop ------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the server says all games are over; returns the exit code."""
        try:
            self._handshake()
            while True:
                if self._game():
                    return 0
        except CheckFailed as exc:
            print(exc.headline, file=self.err)
            for line in exc.details:
                print(line, file=self.err)
            return 3
        except MoveRejected as exc:
            print("MOVE REJECTED: the server refused a play this client sent", file=self.err)
            for line in exc.details:
                print(line, file=self.err)
            return 3
        except ProtocolError as exc:
            print(f"protocol error: {exc}", file=self.err)
            return 1
        finally:
            self.conn.close()

    def _handshake(self) -> None:
        self.conn.send_table(handshake_table(self.name))
        me = self.conn.recv_int()
        if not 0 <= me < PLAYERS:
            raise ProtocolError(f"the server gave the player number {me}")
        self.me = me

    def _game(self) -> bool:
        """One game; True when the server says all games are over."""
        deal = self.conn.recv_table()
        self.game_no += 1
        self.turn_no = 0
        self._on_deal(deal)
        count = deal[5][1]
        if count > 0:
            self._send_return(deal, count)
        first = True
        while True:
            turn = self.conn.recv_table()
            self.turn_no += 1
            if first:
                self._start_play(turn)
                first = False
            self._on_turn(turn)
            mover = turn[5][3]
            assert self.engine is not None
            pre = self.engine.copy()
            sent: Play | None = None
            ack = -1
            if turn[5][2] == 1:
                sent = self._choose_play()
                self.conn.send_table(play_to_table(sent) if sent[0] else empty_table())
                ack = self.conn.recv_int()
            stage = self.conn.recv_table()
            self._on_stage(stage, mover, pre, sent, ack)
            flag = self.conn.recv_int()
            self._on_over(flag)
            if flag == 0:
                continue
            if flag in (1, 2):
                self.games_played += 1
                return flag == 2
            raise ProtocolError(f"unexpected game-state value {flag}")

    # --- the deal -----------------------------------------------------------------------------
    def _reset_game(self) -> bool:
        return self.game_no % RESET_PERIOD == 1

    def _on_deal(self, t: Table) -> None:
        hand = hand_from_table(t)
        self.deal_hand = hand
        self.returned = 0
        seats = [t[6][10 + i] for i in range(PLAYERS)]
        if sorted(seats) != list(range(PLAYERS)):
            raise ProtocolError(f"the seats {seats} are not a permutation of the players")
        counts = [t[6][i] for i in range(PLAYERS)]
        cells = [t[6][5 + i] for i in range(PLAYERS)]
        reset = self._reset_game()
        # classes of this game: the previous game's final places
        if reset:
            classes = None
        else:
            if self.placing is not None:
                classes = [self.placing.index(p) for p in range(PLAYERS)]
            else:  # the previous game ended by 20 passes: the server drew the places
                classes = list(cells)
                if self.check:
                    self._require("deal table classes", sorted(cells) == list(range(PLAYERS)), t,
                                  f"class cells {cells}", "a permutation of 0..4")
                    for k, p in enumerate(self.known_finishers):
                        self._require("deal table classes", cells[p] == k, t,
                                      f"player {p} has class {cells[p]}", f"player {p} went out in place {k}")
        if self.check:
            my_class = classes[self.me] if classes is not None else None
            expect_return = 2 if my_class == 0 else 1 if my_class == 1 else 0
            fields = [
                Expect("[5][0] deal marker", t[5][0], 1),
                Expect("[5][1] cards to return", t[5][1], expect_return),
                Expect("[5][2] my turn", t[5][2], 0),
                Expect("[5][3] mover", t[5][3], 6),
                Expect("[5][4..7]", t[5][4:8], [0, 0, 0, 0]),
                Expect("class cells", cells, [0] * PLAYERS if classes is None else classes),
                Expect("hand size", hand.bit_count(), counts[self.me] + expect_return),
            ]
            if self.seats is not None and self.game_no % 3 != 1:
                fields.append(Expect("seats", seats, self.seats))
            expected_counts: list[list[int]] = []
            starts = range(PLAYERS) if classes is None else [seats.index(classes.index(0))]
            for start in starts:
                c = [0] * PLAYERS
                for i in range(PLAYERS):
                    c[seats[(start + i) % PLAYERS]] = 11 if i < 3 else 10
                expected_counts.append(c)
            if counts not in expected_counts:
                fields.append(Expect("counts as dealt", counts, expected_counts[0]))
            self._fail("deal table", t, fields)
        self.seats = seats
        self.classes = classes
        self.placing = None
        self.known_finishers = []

    def _send_return(self, deal: Table, count: int) -> None:
        hand = self.deal_hand
        receiver = -1
        if self.classes is not None:
            my_class = self.classes[self.me]
            receiver = self.classes.index(4 if my_class == 0 else 3)
        if self.classes is None or receiver < 0:
            e = Engine.custom(self.cx, [hand if p == self.me else 0 for p in range(PLAYERS)], self.me,
                              classes=None, order=self.seats)
            e.phase = RETURN
            e.exch = [("return", self.me, receiver if receiver >= 0 else self.me, count)]
        else:
            e = self._exchange_engine(deal, hand, count, receiver)
        state = DaifugoState(e)
        action = self._bot_act(state)
        cards = parse_action(action)[1]
        self.returned = cards
        self.conn.send_table(hand_to_table(cards))

    def _exchange_engine(self, deal: Table, hand: int, count: int, receiver: int) -> Engine:
        """The table as this rich player sees it before giving back ``count`` cards to ``receiver``.

        The tributes have been made (the poorer players' strongest cards are in the richer hands);
        both returns are still to choose, ours first.  The unseen cards are spread over the other
        hands with the right counts (the bot guesses them again; only the counts matter).
        """
        assert self.classes is not None
        dealt = [deal[6][i] for i in range(PLAYERS)]
        by_class = [self.classes.index(c) for c in range(PLAYERS)]
        held = list(dealt)
        pending: list[tuple[str, int, int, int]] = []
        for rich, poor, c in ((by_class[0], by_class[4], 2), (by_class[1], by_class[3], 1)):
            held[rich] += c
            held[poor] -= c
            move = ("return", rich, poor, c)
            if rich == self.me:
                pending.insert(0, move)
            else:
                pending.append(move)
        hands = [0] * PLAYERS
        hands[self.me] = hand
        pool = bits_of(self.cx.deck & ~hand)
        for p in range(PLAYERS):
            if p != self.me:
                need = max(0, min(held[p], len(pool)))
                for i in pool[:need]:
                    hands[p] |= 1 << i
                pool = pool[need:]
        order = self.seats if self.seats is not None else list(range(PLAYERS))
        e = Engine.custom(self.cx, hands, self.me, classes=tuple(by_class), order=order, game_no=self.game_no)
        e.log = []
        e.phase = RETURN
        e.turn = self.me
        e.exch = pending
        return e

    def _exchange_events(self, hand: int) -> list[tuple[int, tuple[Any, ...]]]:
        """What this client saw of the exchange, as the engine's private log events."""
        if self.classes is None:
            return []
        me = self.me
        cls = self.classes[me]
        vis = 1 << me
        if cls in (0, 1):
            poor = self.classes.index(4 - cls)
            return [(vis, ("return", me, poor, fmt_cards(self.returned)))]
        if cls in (3, 4):
            rich = self.classes.index(4 - cls)
            gave = self.deal_hand & ~hand
            got = hand & ~self.deal_hand
            return [(vis, ("tribute", me, rich, fmt_cards(gave))), (vis, ("return", rich, me, fmt_cards(got)))]
        return []

    def _bot_act(self, state: DaifugoState) -> str:
        legal = state.legal_actions()
        view = BotView("daifugo", self.rules.encode(), self.me, state.observation(self.me), legal)
        bot, model = self.bot, self.opponents
        if model is not None and isinstance(bot, StrongBot):
            bot.kit = model.priors(self.me)  # what the match has taught so far
            bot.evidence = None
            action = bot.act(view)
            model.observe(self.game_no, bot.evidence)
        else:
            action = bot.act(view)
        if action not in legal:
            raise ProtocolError(f"the bot chose {action!r}, which is not legal")
        return action

    # --- the play -----------------------------------------------------------------------------
    def _start_play(self, t: Table) -> None:
        """Set up the engine from the first turn table of a game (the hands after the exchange)."""
        hand = hand_from_table(t)
        counts = [t[6][i] for i in range(PLAYERS)]
        mover = t[5][3]
        if self.check:
            cls = self.classes[self.me] if self.classes is not None else 2
            self._fail("first turn table", t, [
                Expect("own count", counts[self.me], hand.bit_count()),
                Expect("cards in hands", sum(counts), self.cx.deck.bit_count()),
            ])
            if cls in (0, 1):
                self._require("hand after the exchange", hand == self.deal_hand & ~self.returned, t,
                              fmt_mask(hand), fmt_mask(self.deal_hand & ~self.returned))
            elif cls in (3, 4):
                c = 2 if cls == 4 else 1
                e0 = Engine.custom(self.cx, [0] * PLAYERS, 0)
                tribute = e0.tribute_options(self.deal_hand, c)[0]
                kept = self.deal_hand & ~tribute
                new = hand & ~kept
                self._require("hand after the exchange", hand & kept == kept and new.bit_count() == c, t,
                              fmt_mask(hand), f"{fmt_mask(kept)} plus {c} cards returned "
                              f"(dealt {fmt_mask(self.deal_hand)}, tribute {fmt_mask(tribute)})")
            else:
                self._require("hand after the exchange", hand == self.deal_hand, t,
                              fmt_mask(hand), fmt_mask(self.deal_hand))
            self._require("first mover", (mover == self.me) == bool(hand & D3), t, f"mover {mover}",
                          f"the holder of ♦3 ({'this client, ' + str(self.me) if hand & D3 else 'another player'})")
        if not 0 <= mover < PLAYERS:
            raise ProtocolError(f"the first mover is {mover}")
        # determinize the unseen cards
        unseen = self.cx.deck & ~hand
        hands = [0] * PLAYERS
        hands[self.me] = hand
        pool = bits_of(unseen)
        if mover != self.me and unseen & D3:
            pool.remove(2)
            hands[mover] |= D3
        for p in range(PLAYERS):
            if p == self.me:
                continue
            need = counts[p] - hands[p].bit_count()
            if need < 0 or need > len(pool):
                raise ProtocolError(f"game {self.game_no}: the card counts {counts} do not add up")
            for i in pool[:need]:
                hands[p] |= 1 << i
            pool = pool[need:]
        if pool:
            raise ProtocolError(f"game {self.game_no}: the card counts {counts} leave cards over")
        order = self.seats if self.seats is not None else list(range(PLAYERS))
        cls_tuple = None
        if self.classes is not None:
            cls_tuple = tuple(self.classes.index(k) for k in range(PLAYERS))
        self.engine = Engine.custom(self.cx, hands, mover, classes=cls_tuple, order=order, game_no=self.game_no)
        if self.engine.log is not None:
            self.engine.log[:0] = self._exchange_events(hand)
        self.top_cells = table_cells(empty_table())

    def _class_cells(self) -> dict[int, int]:
        """The class cells the server writes (§7.4), as {player: value}."""
        assert self.engine is not None
        if self.classes is None:
            return dict.fromkeys(range(PLAYERS), 0)
        out = list(self.engine.out_order)
        prev = [self.classes.index(k) for k in range(PLAYERS)]
        lst = out + prev[len(out):]
        cells: dict[int, int] = {}
        for k, p in enumerate(lst):
            cells[p] = k
        return cells

    def _common(self, t: Table, e: Engine, empty: bool, lock: bool, revolution: bool) -> list[Expect]:
        counts = [t[6][i] for i in range(PLAYERS)]
        cells = self._class_cells()
        return [
            Expect("[5][4] field empty", t[5][4], int(empty)),
            Expect("[5][5] 11-back", t[5][5], 0),
            Expect("[5][6] revolution", t[5][6], int(revolution)),
            Expect("[5][7] lock", t[5][7], int(lock)),
            Expect("counts", counts, [h.bit_count() for h in e.hands]),
            Expect("class cells", {p: t[6][5 + p] for p in cells}, cells),
            Expect("seats", [t[6][10 + i] for i in range(PLAYERS)], e.order),
        ]

    def _on_turn(self, t: Table) -> None:
        e = self.engine
        assert e is not None
        if not self.check:
            return
        hand = hand_from_table(t)
        fields = [
            Expect("hand", fmt_mask(hand), fmt_mask(e.hands[self.me])),
            Expect("[5][0..1]", t[5][0:2], [0, 0]),
            Expect("[5][3] mover", t[5][3], e.turn),
            Expect("[5][2] my turn", t[5][2], int(e.turn == self.me)),
        ]
        fields += self._common(t, e, e.field is None, e.lock != 0, e.revolution)
        self._fail("turn table", t, fields)

    def _choose_play(self) -> Play:
        e = self.engine
        assert e is not None
        if e.phase != PLAY or e.turn != self.me:
            self._require("turn", False, None, f"player {self.me} (this client) to play", f"player {e.turn} to play")
            e.phase = PLAY
            e.turn = self.me
        state = DaifugoState(e.copy())
        action = self._bot_act(state)
        m = parse_action(action)
        assert isinstance(m, tuple) and len(m) == 8
        return m

    def _on_stage(self, t: Table, mover: int, pre: Engine, sent: Play | None, ack: int) -> None:
        e = self.engine
        assert e is not None
        counts = [t[6][i] for i in range(PLAYERS)]
        move: Play
        refused = False
        if sent is not None:
            if sent[0]:
                if ack != 9:
                    if ack == 8:
                        refused = True
                        details = [f"game {self.game_no}, turn {self.turn_no}: the server answered 8 to "
                                   f"{fmt_play(sent)}", show_table(play_to_table(sent))]
                        if self.check:
                            raise MoveRejected(details)
                        print("MOVE REJECTED: " + details[0], file=self.err)
                    else:
                        raise ProtocolError(f"the server answered {ack} to a play")
            elif self.check:
                self._fail("ack", None, [Expect("ack to a pass", ack, 9 if pre.field is None else 8)])
            move = PASS if refused else sent
        else:
            drop = pre.hands[mover].bit_count() - counts[mover]
            if drop == 0:
                move = PASS
            else:
                try:
                    decoded = play_from_table(t)
                except ValueError as exc:
                    raise CheckFailed("CHECK FAILED: stage table", [f"game {self.game_no}, turn {self.turn_no}: "
                                                                   f"malformed play: {exc}", show_table(t)]) from None
                if decoded is None:
                    raise CheckFailed("CHECK FAILED: stage table", [
                        f"game {self.game_no}, turn {self.turn_no}: player {mover}'s count dropped by {drop} "
                        "but the table is empty", show_table(t)])
                move = decoded
                self._require("stage table", decoded[1] == drop, t,
                              f"player {mover}'s count dropped by {drop}", f"the play has {decoded[1]} cards")
                self._place_cards(mover, decoded, t)
        # apply to the engine (the expected values are those after the move, before any clear)
        if e.turn != mover or e.phase != PLAY:
            self._require("stage table", False, t, f"mover {mover}", f"mover {e.turn}")
            e.turn = mover
        if move[0]:
            legal = e.legal_plays()
            if move not in legal:
                why = e.explain(move)
                self._require("stage table", False, t, f"player {mover} played {fmt_play(move)}",
                              f"illegal: {why}")
            probe = pre.copy()
            lock_after = _lock_after(probe, move)
            cells = table_cells(play_to_table(move)) if sent is not None else table_cells(t)
        e.step(move)
        if self.check:
            if move[0]:
                fields = [Expect("top play cells", table_cells(t), cells)]
                fields += self._common(t, e, False, lock_after, e.revolution)
            else:
                fields = [Expect("top play cells", table_cells(t), self.top_cells)]
                fields += self._common(t, e, pre.field is None, pre.lock != 0, pre.revolution)
            fields += [Expect("[5][2]", t[5][2], 0), Expect("[5][3] mover", t[5][3], mover)]
            self._fail("stage table", t, fields)
        if move[0]:
            self.top_cells = table_cells(t)
        if e.phase == PLAY and e.field is None:
            self.top_cells = table_cells(empty_table())
        if e.out_order:
            self.known_finishers = list(e.out_order)

    def _place_cards(self, mover: int, m: Play, t: Table) -> None:
        """Make the determinization give ``mover`` the cards of ``m`` (swapping unseen cards)."""
        e = self.engine
        assert e is not None
        need = m[3]
        if m[4]:
            need |= J1  # one joker in the UECda deck
        mine = need & e.hands[self.me]
        if mine and self.check:
            self._require("stage table", False, t, f"player {mover} played {fmt_mask(mine)}",
                          f"{fmt_mask(mine)} is in this client's hand")
        gone = need & e.public
        if gone and self.check:
            self._require("stage table", False, t, f"player {mover} played {fmt_mask(gone)}",
                          f"{fmt_mask(gone)} was already played")
        for i in bits_of(need & ~e.hands[mover]):
            b = 1 << i
            holder = next((p for p in range(PLAYERS) if e.hands[p] & b), -1)
            if holder < 0 or holder == self.me:
                continue
            spare = e.hands[mover] & ~need
            if not spare:
                break
            x = spare & -spare
            e.hands[mover] = (e.hands[mover] & ~x) | b
            e.hands[holder] = (e.hands[holder] & ~b) | x

    def _on_over(self, flag: int) -> None:
        e = self.engine
        assert e is not None
        over = bool(e.results) or e.phase == PLACES
        if self.check:
            self._fail("game-over flag", None, [Expect("game over", flag != 0, over)])
        if flag != 0:
            if e.results:
                self.placing = e.results[-1]
            else:
                self.placing = None  # 20 passes: the next deal table says
                self.known_finishers = list(e.out_order)


def _lock_after(probe: Engine, m: Play) -> bool:
    """Whether the trick is locked right after ``m`` (before any clear), by the engine's own rule."""
    probe._lock_update(m, probe.field, probe.inverted())
    return probe.lock != 0


def fmt_mask(mask: int) -> str:
    return fmt_cards(mask)


__all__ = ["CheckFailed", "Client", "Expect", "MoveRejected"]
