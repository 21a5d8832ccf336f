"""Fair chance between two players at a distance: commit–reveal carried inside the links.

In a play-by-link game (two people, two devices, the game travelling as a link), neither
player may predict a chance outcome (a stick cast, the first-mover contest), retry it (reload,
reopen the link, undo) or bias it.  Each outcome therefore combines one secret of each player,
and each secret is fixed (committed to with a hash) before the other player's secret is known:

* every link a player sends **reveals** that player's secrets committed earlier and
  **commits** to a fresh one (SHA-256 of 128 random bits);
* a chance node at ply ``p`` uses, for each seat, the secret of its latest commitment made
  strictly before ``q(p)`` — ``q(p)`` is the number of actions up to and including the last
  player action before ``p`` (so a node caused by a move uses the mover's commitment from an
  earlier link, which the move's link reveals, and the opponent's latest commitment, which is
  still secret); a seat with no such commitment (the second player at the game's first
  contest) contributes an **open** secret, revealed in the link that first reaches the node;
* the outcome is drawn exactly (:func:`~pyengine.core.chance.sample_chance`) from a
  generator seeded with ``SHA-256("pyengine-fair|<game id>|<p>|<secret A>|<secret B>")``.

So the mover cannot know a cast before the move is committed (the opponent's secret is
hidden), the opponent cannot change it (their secret was committed earlier), and a page that
receives a link can check every commitment and every recorded outcome.  The receiver of a
move usually resolves its casts at once; when the mover must act again after a cast (a
ranged step's square under ``cerke_online``, a declaration after a cast), the receiver sends a
link back with its secret revealed: one extra exchange, one click each way.

The transcript is a tuple of :class:`Event` ``(kind, seat, at, value)``: ``"c"`` commit (value:
the hash), ``"r"`` reveal of that seat's earlier commitments in order (value: the secret),
``"o"`` open contribution for the node at ply ``at``.  ``at`` is the number of actions in the
record when the link was made (``-1`` for the commitment made when the game is created).

>>> fair = FairPlay.create("g1", seat=0)
>>> [e.kind for e in fair.transcript]
['c']
>>> len(fair.transcript[0].value)
64
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.chance import sample_chance
from ..core.codec import load_json
from ..core.errors import InvalidLinkError
from ..core.game import State
from ..core.messages import msg
from ..core.rng import Pcg32

_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
MAX_EVENTS = 4000


def new_secret() -> str:
    """128 fresh bits from the cryptographic generator (the browser's, in Pyodide)."""
    return os.urandom(16).hex()


def commitment(secret: str) -> str:
    return hashlib.sha256(f"pyengine-commit|{secret}".encode()).hexdigest()


def derive(state: State, game_id: str, ply: int, secret_a: str, secret_b: str) -> str:
    """The outcome of the chance node ``state`` at ``ply`` from both players' secrets."""
    digest = hashlib.sha256(f"pyengine-fair|{game_id}|{ply}|{secret_a}|{secret_b}".encode()).digest()
    rng = Pcg32(int.from_bytes(digest[:8], "big"), int.from_bytes(digest[8:16], "big") >> 1)
    return sample_chance(state, rng)


def decision_point(states: Sequence[State], ply: int) -> int:
    """``q(ply)``: the number of actions up to and including the last player action before
    the chance node at ``ply`` (0 when only chance came before)."""
    for i in range(ply - 1, -1, -1):
        if not states[i].is_chance():
            return i + 1
    return 0


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # "c" commit, "r" reveal, "o" open contribution
    seat: int
    at: int
    value: str

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat, self.at, self.value]

    @classmethod
    def from_json(cls, data: Any) -> Event:
        if not (isinstance(data, list) and len(data) == 4):
            raise InvalidLinkError(msg("the link's fair-play transcript is damaged"))
        kind, seat, at, value = data
        ok = (kind in ("c", "r", "o") and seat in (0, 1) and isinstance(at, int) and not isinstance(at, bool)
              and -1 <= at <= 100_000 and isinstance(value, str)
              and (_HEX64 if kind == "c" else _HEX32).match(value) is not None)
        if not ok:
            raise InvalidLinkError(msg("the link's fair-play transcript is damaged"))
        return cls(kind, seat, at, value)


@dataclass(frozen=True, slots=True)
class Ledger:
    """What a transcript says about one seat: its commitments ``(at, hash)`` in order, the
    secrets revealed for them (a prefix of them), and its open contributions by ply."""

    commits: tuple[tuple[int, str], ...] = ()
    revealed: tuple[str, ...] = ()
    opens: tuple[tuple[int, str], ...] = ()

    def committed_before(self, q: int) -> int | None:
        """The index of the latest commitment made strictly before ``q`` (``None``: none)."""
        found = None
        for i, (at, _) in enumerate(self.commits):
            if at < q:
                found = i
        return found


def ledgers(transcript: Sequence[Event]) -> tuple[Ledger, Ledger]:
    """Check a transcript and sort it by seat; a broken one is :class:`InvalidLinkError`."""
    if len(transcript) > MAX_EVENTS:
        raise InvalidLinkError(msg("the link's fair-play transcript is too long"))
    commits: list[list[tuple[int, str]]] = [[], []]
    revealed: list[list[str]] = [[], []]
    opens: list[list[tuple[int, str]]] = [[], []]
    for e in transcript:
        if e.kind == "c":
            if commits[e.seat] and commits[e.seat][-1][0] > e.at:
                raise InvalidLinkError(msg("the link's fair-play transcript is out of order"))
            commits[e.seat].append((e.at, e.value))
        elif e.kind == "r":
            k = len(revealed[e.seat])
            if k >= len(commits[e.seat]) or commitment(e.value) != commits[e.seat][k][1]:
                raise InvalidLinkError(msg("a secret in the link does not match what its player committed to: "
                                           "the link was altered"))
            revealed[e.seat].append(e.value)
        else:
            if any(at == e.at for at, _ in opens[e.seat]):
                raise InvalidLinkError(msg("the link's fair-play transcript gives a secret twice"))
            opens[e.seat].append((e.at, e.value))
    return (Ledger(tuple(commits[0]), tuple(revealed[0]), tuple(opens[0])),
            Ledger(tuple(commits[1]), tuple(revealed[1]), tuple(opens[1])))


@dataclass
class FairPlay:
    """One device's side of a play-by-link game: its seat, its own secrets (never in a link
    before they are revealed) and the transcript both players have seen."""

    game_id: str
    my_seat: int
    transcript: tuple[Event, ...] = ()
    secrets: list[str] = field(default_factory=list)
    """My commitments' secrets, in order; the last may not be in the transcript yet."""
    opens: dict[int, str] = field(default_factory=dict)
    """My open contributions by ply."""

    @classmethod
    def create(cls, game_id: str, seat: int) -> FairPlay:
        secret = new_secret()
        return cls(game_id, seat, (Event("c", seat, -1, commitment(secret)),), [secret])

    @classmethod
    def join(cls, game_id: str, transcript: tuple[Event, ...]) -> FairPlay:
        """The receiving side of a link nobody on this device has played: the seat the link
        was sent to (the other seat than its sender's) if that seat has not played yet, else a
        spectator (seat -1: it can follow the game but has no secret to play with)."""
        ledgers(transcript)
        sender = next((e.seat for e in reversed(transcript) if e.kind == "c"), 0)
        receiver = 1 - sender
        if any(e.seat == receiver for e in transcript):
            receiver = -1
        return cls(game_id, receiver, transcript)

    # --- secrets ---------------------------------------------------------------------------
    def secret(self, seat: int, states: Sequence[State], ply: int) -> str | None:
        """The secret ``seat`` contributes to the chance node at ``ply`` (``None``: not known
        on this device yet)."""
        ledger = ledgers(self.transcript)[seat]
        i = ledger.committed_before(decision_point(states, ply))
        if i is None:
            if seat == self.my_seat and ply in self.opens:
                return self.opens[ply]
            return next((v for at, v in ledger.opens if at == ply), None)
        if seat == self.my_seat and i < len(self.secrets):
            return self.secrets[i]
        return ledger.revealed[i] if i < len(ledger.revealed) else None

    def outcome(self, states: Sequence[State], ply: int) -> str | None:
        """The outcome of the chance node at ``ply`` if this device can know it yet."""
        a, b = self.secret(0, states, ply), self.secret(1, states, ply)
        if a is None or b is None:
            return None
        return derive(states[ply], self.game_id, ply, a, b)

    def check_outcomes(self, states: Sequence[State], actions: Sequence[str]) -> None:
        """Every cast recorded in ``actions`` (with ``states``, the states before each) must
        follow from both players' secrets; raises :class:`InvalidLinkError` where one does not."""
        for ply, action in enumerate(actions):
            if states[ply].is_chance():
                expected = self.outcome(states, ply)
                if expected is None:
                    raise InvalidLinkError(msg("ply {ply}: the link records a cast nobody could know yet", ply=ply + 1))
                if expected != action:
                    raise InvalidLinkError(msg("ply {ply}: the cast does not follow from the players' secrets "
                                               "(the link was altered)", ply=ply + 1))

    # --- links ------------------------------------------------------------------------------
    def outgoing(self, states: Sequence[State], length: int) -> tuple[Event, ...]:
        """The transcript of the link this device sends now (``length`` actions recorded):
        open contributions the opponent needs, my earlier secrets revealed (except one the
        opponent could still answer: a node whose other secret is not fixed yet), a fresh
        commitment.
        Idempotent: calling it again gives the same link (the fresh secret is kept in
        ``secrets``).  A spectator sends the transcript as it is."""
        events = list(self.transcript)
        if self.my_seat < 0:
            return tuple(events)
        books = ledgers(self.transcript)
        mine, theirs = books[self.my_seat], books[1 - self.my_seat]
        withhold = None
        if length < len(states) and states[length].is_chance():
            q = decision_point(states, length)
            if self.secret(self.my_seat, states, length) is None and length not in self.opens:
                self.opens[length] = new_secret()
            if theirs.committed_before(q) is None and not any(at == length for at, _ in theirs.opens):
                # the opponent has not fixed their part of this node yet: revealing mine now
                # would let them choose theirs knowing it
                withhold = mine.committed_before(q)
        for ply, value in sorted(self.opens.items()):
            if not any(at == ply for at, _ in mine.opens):
                events.append(Event("o", self.my_seat, ply, value))
        for i in range(len(mine.revealed), len(mine.commits)):
            if i == withhold:
                break
            events.append(Event("r", self.my_seat, length, self.secrets[i]))
        if len(self.secrets) <= len(mine.commits):
            self.secrets.append(new_secret())
        events.append(Event("c", self.my_seat, length, commitment(self.secrets[len(mine.commits)])))
        return tuple(events)

    def receive(self, transcript: tuple[Event, ...]) -> None:
        """Take the transcript of a link from the opponent.

        It must extend what this device has seen.  One exception: the opponent's events after
        this device's last own event may be replaced by a newer link of the opponent that
        carries no new event of this device (a link copied mid-turn, then the finished turn's):
        the opponent learned nothing from this device in between, so the new commitment cannot
        be a better-informed one.  Every secret of this device in the transcript must be its own."""
        books = ledgers(transcript)
        if transcript[: len(self.transcript)] != self.transcript:
            if self.transcript[: len(transcript)] == transcript:
                raise InvalidLinkError(msg("this link is older than your game: you already have everything in it"))
            mine = [i for i, e in enumerate(self.transcript) if e.seat == self.my_seat]
            k = mine[-1] + 1 if mine else 0
            newer_of_theirs = transcript[:k] == self.transcript[:k] and not any(
                e.seat == self.my_seat for e in transcript[k:])
            if not (newer_of_theirs or self.my_seat < 0):
                raise InvalidLinkError(msg("this link does not continue your game (its secrets differ from the "
                                           "ones you have: it may have been altered)"), "not_this_game")
        if self.my_seat >= 0:
            for i, (_, digest) in enumerate(books[self.my_seat].commits):
                if i >= len(self.secrets) or commitment(self.secrets[i]) != digest:
                    raise InvalidLinkError(msg("this link carries a commitment of yours that this device never made"))
            for ply, value in books[self.my_seat].opens:
                if self.opens.get(ply) != value:
                    raise InvalidLinkError(msg("this link carries a secret of yours that this device never made"))
        self.transcript = transcript

    # --- storage -----------------------------------------------------------------------------
    def encode_transcript(self, events: Sequence[Event]) -> str:
        return json.dumps([e.to_json() for e in events], separators=(",", ":"))

    @staticmethod
    def decode_transcript(text: str) -> tuple[Event, ...]:
        try:
            data = load_json(text)
        except ValueError:
            raise InvalidLinkError(msg("the link's fair-play transcript is damaged")) from None
        if not isinstance(data, list):
            raise InvalidLinkError(msg("the link's fair-play transcript is damaged"))
        events = tuple(Event.from_json(e) for e in data)
        ledgers(events)
        return events

    def to_json(self) -> dict[str, Any]:
        """What the saved game keeps (my secrets stay on this device)."""
        return {"game": self.game_id, "seat": self.my_seat, "transcript": [e.to_json() for e in self.transcript],
                "secrets": list(self.secrets), "opens": {str(k): v for k, v in self.opens.items()}}

    @classmethod
    def from_json(cls, data: Any) -> FairPlay:
        try:
            fair = cls(str(data["game"]), int(data["seat"]),
                       tuple(Event.from_json(e) for e in data["transcript"]),
                       [str(s) for s in data["secrets"]], {int(k): str(v) for k, v in data["opens"].items()})
        except (KeyError, TypeError, ValueError, AttributeError):
            raise InvalidLinkError(msg("the saved game's fair-play data is damaged")) from None
        if fair.my_seat not in (-1, 0, 1) or not all(_HEX32.match(s) for s in [*fair.secrets, *fair.opens.values()]):
            raise InvalidLinkError(msg("the saved game's fair-play data is damaged"))
        ledgers(fair.transcript)
        return fair

    def copy(self) -> FairPlay:
        return replace(self, secrets=list(self.secrets), opens=dict(self.opens))


__all__ = ["Event", "FairPlay", "Ledger", "commitment", "decision_point", "derive", "ledgers", "new_secret"]
