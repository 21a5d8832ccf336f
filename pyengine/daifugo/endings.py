"""Going out and the end of a game (§1.8, §5.6, §4.6): finishes, placing, points, the next game.

* :func:`finish` — a player emptied their hand by a play: out legally, or an offender;
* :func:`go_out` — a legal finish takes the next place, and may set off a class rule:
  :func:`gekokujo` (下克上), :func:`miyako_ochi` (都落ち), :func:`kyoto_ochi` (京都落ち);
* :func:`forbidden_finish` — whether a final play is a forbidden finish (反則上がり); the
  offender is placed at the bottom (penalty ``last``) or the play is refused (``refuse``, see
  :mod:`.plays`);
* :func:`final_placing` — legal finishers in order, then the player left holding cards, then a
  fallen 大富豪 (or 富豪), then the offenders, the latest highest;
* :func:`check_end` / :func:`end_game` — a game ends when at most one player holds cards: the
  points are added (:func:`.scoring.place_points`) and the next game starts;
* :func:`stalemate` ([open]) and :func:`draw_places` (UECda's 20 consecutive passes) end a game
  early; :func:`draw_place` is the chance step that draws the places one by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import JOKER, SINGLE, SUIT_ROW, Play, fmt_cards, rank_count
from .phases import OVER, PLACES
from .scoring import place_points
from .triggers import chases, revolts

if TYPE_CHECKING:
    from .engine import Engine

R_EIGHT, R_JACK = 6, 9


def go_out(e: Engine, p: int) -> None:
    """``p`` went out legally: the next place, then the class rules of the game's first finish."""
    e.out_order.append(p)
    e.event(("out", p, len(e.out_order)))
    cl = e.classes
    if cl is None or len(e.out_order) != 1:
        return
    tycoon, beggar = cl[0], cl[-1]
    if e.cx.gekokujo and p == beggar:
        gekokujo(e, p)
    elif p != tycoon:
        miyako_ochi(e, p)
    elif e.cx.kyoto and e.n >= 4:
        kyoto_ochi(e)


def win_at_once(e: Engine, p: int, hand: int, name: str) -> None:
    """``p`` goes out at once, the rest of the hand discarded face up (the great revolution, lucky seven,
    Taepodong, Dokan, monopoly)."""
    e.public |= hand
    e.hands[p] = 0
    e.event((name, p, fmt_cards(hand)))
    go_out(e, p)


def monopoly(e: Engine) -> None:
    """Monopoly モノポリー: when play begins (after the exchange), a player holding all 13 natural cards
    of a suit shows them and wins: out first, the hand face up."""
    p = e.ask(monopolist)
    if p >= 0:
        win_at_once(e, p, e.hands[p], "monopoly")


def monopolist(e: Engine) -> int:
    """The first player holding all 13 natural cards of a suit, -1 if none (a hidden read that everyone
    learns: :meth:`Engine.ask`)."""
    for p in range(e.n):
        if any(e.hands[p] & row == row for row in SUIT_ROW):
            return p
    return -1


def finish(e: Engine, p: int, m: Play, inv_before: bool, field: Play | None) -> None:
    """``p`` emptied their hand with ``m`` (on ``field``): a forbidden finish, or out legally.

    The order that decides a "top rank" or "bottom rank" finish is the one in force before the play
    (§2.2(7), the article's reading A), or with ``forbidden_order=after`` the one the play leaves
    (reading B: a revolving final play is judged in the new order)."""
    cx = e.cx
    if cx.ff_after and not e.omen and not e.frozen:
        inv = inv_before != revolts(e, m, chases(cx, m, field))
    else:
        inv = inv_before
    if cx.any_ff and forbidden_finish(e, m, inv, field):
        e.offenders.append(p)
        e.event(("forbidden_finish", p))
    else:
        go_out(e, p)


def gekokujo(e: Engine, beggar: int) -> None:
    """Gekokujō 下克上 (§5.6 #36): the 大貧民 went out first: the game ends, the classes reversed."""
    assert e.classes is not None
    e.event(("gekokujo", beggar))
    placing = tuple(reversed(e.classes))
    for q in range(e.n):
        if e.hands[q]:
            _discard_hand(e, q)
    end_game(e, placing)


def miyako_ochi(e: Engine, p: int) -> None:
    """Miyako-ochi 都落ち (§5.6 #35): someone other than the 大富豪 went out first.

    ``immediate``: the 大富豪's hand is discarded face down and they are out; ``next_game`` and
    ``only_if_beggar_wins`` (the first finisher is the 大貧民): they play on, placed as fallen.
    A 大富豪 already placed as a forbidden-finish offender does not fall ([open]).
    """
    assert e.classes is not None
    tycoon, beggar = e.classes[0], e.classes[-1]
    mo = e.cx.miyako
    if mo and (mo != 3 or p == beggar) and tycoon not in e.offenders:
        e.fallen = tycoon
        e.event(("miyako_ochi", tycoon))
        if mo == 1 and e.hands[tycoon]:
            _discard_hand(e, tycoon)


def kyoto_ochi(e: Engine) -> None:
    """Kyoto-ochi 京都落ち (§5.6 #37): the 大富豪 went out first: the 富豪 is placed as fallen
    (``next_game``: plays on; ``immediate``: "부호는 패를 버리고" — the hand is discarded face down)."""
    assert e.classes is not None
    rich = e.classes[1]
    if rich not in e.offenders:
        e.fallen = rich
        e.event(("kyoto_ochi", rich))
        if e.cx.kyoto == 2 and e.hands[rich]:
            _discard_hand(e, rich)


def _discard_hand(e: Engine, q: int) -> None:
    """``q``'s hand leaves play face down (only ``q`` knows the cards)."""
    e.facedown |= e.hands[q]
    e.known[q] |= e.hands[q]
    e.hands[q] = 0


def forbidden_finish(e: Engine, m: Play, inv: bool, field: Play | None) -> bool:
    """Whether ``m`` as a final play is a forbidden finish (§5.6 #34; the order in force before it)."""
    cx = e.cx
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
    return bool(cx.ff_s3 and field is not None and field[0] == JOKER and m[0] == SINGLE and m[3] == 1)


def final_placing(e: Engine, rest: list[int] | None = None) -> tuple[int, ...]:
    """The game's placing (§5.6 "final placing"); ``rest``: the holders in the order they place."""
    fallen = e.fallen
    offenders = e.offenders
    if rest is None:
        rest = [q for q in range(e.n) if e.hands[q]]
    placing = [q for q in e.out_order if q != fallen]
    placing += [q for q in rest if q != fallen and q not in placing]
    if fallen >= 0 and fallen not in offenders:
        placing.append(fallen)
    placing += reversed(offenders)
    # anyone left over (cannot happen) keeps a place
    placing += [q for q in range(e.n) if q not in placing]
    return tuple(placing)


def check_end(e: Engine) -> bool:
    """End the game if at most one player holds cards (call only within the same game)."""
    count = 0
    for h in e.hands:
        if h:
            count += 1
            if count > 1:
                return False
    end_game(e, final_placing(e))
    return True


def end_game(e: Engine, placing: tuple[int, ...]) -> None:
    """Record the game's ``placing`` and points, then start the next game (or end the match)."""
    cx = e.cx
    n = e.n
    e.placing = placing
    e.results.append(placing)
    last_of_set = bool(cx.set_games and e.game_no % cx.set_games == 0)
    for place, q in enumerate(placing):
        e.scores[q] += place_points(cx.scoring, place, n, last_of_set)
    e.event(("result", placing))
    e.prev_placing = placing
    e.phase = OVER
    e.turn = -1
    e.start_next_game()


def stalemate(e: Engine, q: int) -> None:
    """Every holder is stuck on an empty field ([open]): they take the last places in turn order."""
    rest: list[int] = []
    p = q
    for _ in range(e.n):
        if e.hands[p] and p not in rest:
            rest.append(p)
        p = e.order[(e.pos[p] + 1) % e.n]
    e.event(("stalemate", tuple(rest)))
    end_game(e, final_placing(e, rest))


def draw_places(e: Engine) -> None:
    """20 consecutive passes (UECda, §4.6): the holders' places are drawn at random (chance).

    A fallen 大富豪 (or 富豪) takes the fallen slot whatever happened (§5.6), so they are not
    drawn; the drawn places come after the legal finishers and before that slot.
    """
    pool = [q for q in e.holders() if q != e.fallen]
    if len(pool) <= 1:
        end_game(e, final_placing(e))
        return
    e.phase = PLACES
    e.pool = pool
    e.turn = -1


def draw_place(e: Engine, p: int) -> None:
    """Chance: ``p`` takes the best place still free (the last one is forced)."""
    e.pool.remove(p)
    e.out_order.append(p)
    if len(e.pool) == 1:
        e.out_order.append(e.pool.pop())
    if not e.pool:
        end_game(e, final_placing(e, []))


__all__ = [
    "check_end", "draw_place", "monopolist", "monopoly", "win_at_once", "draw_places", "end_game", "final_placing", "finish", "forbidden_finish",
    "gekokujo", "go_out", "kyoto_ochi", "miyako_ochi", "stalemate",
]
