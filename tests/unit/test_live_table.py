"""A live Chabashi table across browsers (pyengine/app/live_table.py): three browsers — the host
playing its seat and a bot's, two friends each their own — stepped in lockstep through a
simulated fair deal (a real shuffled deck per hand, each position readable only as the plans
say), to the end of the session; then every browser rebuilds the whole record from the revealed
decks and replays it in the full engine.  A substituted card is named with its ply."""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any

import pytest

from pyengine.app.live_table import OPENED, LiveTable
from pyengine.chabashi.cards import CODES, DECK
from pyengine.core import decode_fragment
from pyengine.core.errors import IllegalActionError
from pyengine.daifugo.live import lowest_holder

SEATS = [("Ann", "human"), ("", "bot:normal"), ("Bo", "human"), ("Cy", "human")]

RETIRED = -3


class Deal:
    """A simulated fair deal: a shuffled deck of the table's labels per hand or game, and who may
    read each position (the real deal refuses a position opened twice).  Like the page
    (``web/live/cards.js``), it keeps who holds each position as the plans made it
    (``holders``: :data:`OPENED` once shown to all, ``RETIRED`` once rehanded) and passes over an
    op done ahead; a rehand's handles follow the deck's positions, as in the page's deal."""

    def __init__(self, rng: random.Random, labels: list[str], seats: int, redecks: dict[str, Any] | None = None) -> None:
        self.rng, self.labels, self.seats = rng, labels, seats
        self.redecks = redecks  # (blind cards: a set's blind deck, then a redeck per game, as web/live/cards-state.js makes them)
        self.decks: list[list[str]] = []
        self.readers: list[set[int]] = []
        self.every: list[list[set[int]]] = []  # every deck's readers
        self.holders: list[int] = []

    def run(self, ops: list[dict[str, Any]]) -> None:
        for op in ops:
            if op["op"] == "deck":
                deck = self.new_deck(len(self.decks))
                assert op["pos"] == len(deck)
                self.decks.append(deck)
                self.readers = [set() for _ in deck]
                self.every.append(self.readers)
                self.holders = [-1] * len(deck)
            elif op["op"] == "give":
                if self.holders[op["pos"]] == op["seat"]:
                    continue  # (given ahead)
                assert op["seat"] not in self.readers[op["pos"]]
                self.readers[op["pos"]].add(op["seat"])
                self.holders[op["pos"]] = op["seat"]
            elif op["op"] == "rehand":  # the seat's hand under new handles, in an order of its own
                deck = self.decks[-1]
                assert op["pos"] == len(deck), "the handles are numbered on"
                assert all(self.holders[p] in (op["seat"], OPENED) for p in op["positions"])
                cards = [deck[p] for p in op["positions"]]
                self.rng.shuffle(cards)
                for p in op["positions"]:
                    self.holders[p] = RETIRED
                deck.extend(cards)
                self.readers.extend({op["seat"]} for _ in cards)
                self.holders.extend(op["seat"] for _ in cards)
            else:
                if self.holders[op["pos"]] == OPENED:
                    continue  # (opened ahead)
                assert len(self.readers[op["pos"]]) < self.seats, f"position {op['pos']} opened twice"
                self.readers[op["pos"]].update(range(self.seats))
                if self.holders[op["pos"]] < 0:
                    self.holders[op["pos"]] = OPENED

    def new_deck(self, k: int) -> list[str]:
        """The k-th deck: the labels shuffled; with blind cards, a blind deck whose jokers (its last
        ``fixed`` cards) stay in place, or a redeck of the set's blind deck (its kept positions)."""
        r = self.redecks
        period = r["set"] + 1 if r and r["set"] else 0
        if r and k and (not period or k % period):
            source = self.decks[k - k % period if period else 0]
            kept = [source[j] for j in r["keep"]]
            self.rng.shuffle(kept)
            return kept
        moved = len(self.labels) - (r["fixed"] if r else 0)
        head = self.labels[:moved]
        self.rng.shuffle(head)
        return head + self.labels[moved:]

    def cards(self, seat: int) -> dict[int, str]:
        return {pos: c for pos, c in enumerate(self.decks[-1]) if seat in self.readers[pos]} if self.decks else {}

    def cards_in(self, k: int, seat: int) -> dict[int, str]:
        """What ``seat`` can read of the k-th deck by now."""
        return {pos: c for pos, c in enumerate(self.decks[k]) if seat in self.every[k][pos]}


def play(seed: int, rules: str | None = "2.seed~hand_limit=2", log: list[dict[str, Any]] | None = None,
         watch: Any = None) -> tuple[list[LiveTable], Deal]:
    """A Chabashi session between three browsers (the host with a bot), each step carried out as
    the page does: the step's cards first, with a hand's deal said ahead at its first card."""
    rng = random.Random(seed)
    browsers = [LiveTable.new("chabashi", rules, SEATS, me=0, local=[0, 1], table="ab" * 8),
                LiveTable.new("chabashi", rules, SEATS, me=2, local=[2], table="ab" * 8),
                LiveTable.new("chabashi", rules, SEATS, me=3, local=[3], table="ab" * 8)]
    deal = Deal(rng, browsers[0].deck_labels(), len(SEATS))
    for _ in range(5000):
        steps = [b.next_step() for b in browsers]
        assert all({**s, "local": None} == {**steps[0], "local": None} for s in steps)
        assert sum(s["local"] for s in steps) == (steps[0]["to_act"] >= 0)  # one browser plays each seat
        step = steps[0]
        if step["kind"] == "over":
            break
        move = None
        if step["to_act"] >= 0:
            (player,) = [b for b in browsers if step["to_act"] in b.local]
            seat = step["to_act"]
            action = (player.bot_action(seat) if step["kind"] == "bot"
                      else rng.choice(player.local[seat].replica.legal_actions()))
            move = player.move_of(seat, action)
        first = [b.card_ops(move) for b in browsers]
        ahead = [b.deal_ahead() for b in browsers]
        assert all(f == first[0] for f in first) and all(a == ahead[0] for a in ahead)
        deal.run(first[0] + [op for op in ahead[0] if op not in first[0]])
        plans = [b.plan(move) for b in browsers]
        assert all(p == plans[0] for p in plans)
        assert plans[0][:len(first[0])] == first[0]
        deal.run(plans[0][len(first[0]):])
        for b in browsers:
            b.advance(move, {s: deal.cards(s) for s in b.local})
        if log is not None:
            log.append({"move": move})
        if watch is not None:
            watch(len(browsers[0].steps), browsers)
    return browsers, deal


def test_three_browsers_play_a_session_and_each_rebuilds_the_same_record() -> None:
    browsers, deal = play(1)
    assert browsers[0].next_step()["kind"] == "over"
    views = [b.view("en") for b in browsers]
    assert [v["status"] for v in views] == ["over"] * 3
    assert views[0]["final_returns"] == views[1]["final_returns"] == views[2]["final_returns"]
    fragments = [b.verify(deal.decks)["fragment"] for b in browsers]
    assert fragments[0] == fragments[1] == fragments[2]
    record = decode_fragment(fragments[0])
    assert [s.name for s in record.seats] == ["Ann", "", "Bo", "Cy"]
    end = record.replay()[-1]
    assert end.is_terminal() and [float(r) for r in end.returns()] == views[0]["final_returns"]
    # the history names no card the person did not see
    for b, v in zip(browsers, views, strict=True):
        seen = set()
        for st in b.states:
            seen |= {CODES[c] for c in st.known_cards(b.me)}
        named = {c for h in v["history"] for c in (CODES[x] for x in DECK) if f" {c}" in h["label"] or h["label"].endswith(c)}
        assert named <= seen


def test_a_page_warms_the_live_engine_of_a_card_game_only() -> None:
    assert LiveTable.warm("daifugo") and LiveTable.warm("chabashi")
    assert not LiveTable.warm("cetkaik") and not LiveTable.warm("nosuchgame")


def test_a_view_in_progress_shows_only_the_seat_and_its_legal_moves() -> None:
    b = LiveTable.new("chabashi", None, SEATS, me=2, local=[2])
    v = b.view("ko")
    assert v["status"] == "waiting" and v["legal"] == [] and v["live"]["me"] == 2
    assert v["table"]["viewer"] == 2 and v["share_kind"] == "live"


def test_a_substituted_card_is_named_with_its_ply() -> None:
    browsers, deal = play(2)
    decks = [list(d) for d in deal.decks]
    decks[0][1] = decks[0][0]  # the second card dealt substituted by a copy of the first
    out = browsers[1].verify(decks)
    assert out == {"ok": False, "ply": 2, "seat": None, "problem": f"{decks[0][0]} was not legal there"}
    assert browsers[1].record is None


def test_bad_set_ups_and_moves_are_refused() -> None:
    with pytest.raises(IllegalActionError):
        LiveTable.new("cetkaik", None, SEATS[:2], me=0, local=[0])
    with pytest.raises(IllegalActionError, match="own browser"):
        LiveTable.new("chabashi", None, SEATS, me=0, local=[0, 2])
    b = LiveTable.new("chabashi", None, SEATS, me=0, local=[0, 1])
    with pytest.raises(IllegalActionError):
        b.move_of(2, "pass")
    with pytest.raises(IllegalActionError):
        b.verify([])


def play_daifugo(seed: int, rules: str, log: list[dict[str, Any]] | None = None,
                 watch: Any = None) -> tuple[list[LiveTable], Deal, int]:
    """A Daifugō match between three browsers (the host with a bot): every step's public draws,
    card operations, hidden reads (each answered by the browser of the seat asked) and plan."""
    rng = random.Random(seed)
    browsers = [LiveTable.new("daifugo", rules, SEATS, me=0, local=[0, 1], table="cd" * 8),
                LiveTable.new("daifugo", rules, SEATS, me=2, local=[2], table="cd" * 8),
                LiveTable.new("daifugo", rules, SEATS, me=3, local=[3], table="cd" * 8)]
    assert browsers[0].deck_labels() == browsers[2].deck_labels()
    deal = Deal(rng, browsers[0].deck_labels(), len(SEATS), browsers[0].redecks())
    reads = 0
    for _ in range(20000):
        steps = [b.next_step() for b in browsers]
        assert all({**s, "local": None} == {**steps[0], "local": None} for s in steps)
        step = steps[0]
        if step["kind"] == "over":
            break
        move = None
        if step["kind"] == "draw":  # (the table's shared chance draws a seat, the dealer, a leader)
            move = {"action": rng.choice(step["outcomes"])[0], "positions": []}
        elif step["to_act"] >= 0:
            (player,) = [b for b in browsers if step["to_act"] in b.local]
            seat = step["to_act"]
            action = (player.bot_action(seat) if step["kind"] == "bot"
                      else rng.choice(player.local[seat].replica.legal_actions()))
            move = player.move_of(seat, action)
        first = [b.card_ops(move) for b in browsers]
        assert all(f == first[0] for f in first)
        deal.run(first[0])
        answers: list[Any] = []
        asked: list[dict[str, Any]] = []
        while (read := browsers[0].reads(move, answers)) is not None:
            assert all(b.reads(move, answers) == read for b in browsers)
            asked.append(read)
            if read["seat"] < 0:  # (every seat together: what web/live/lowest.js brings out)
                part = {s: b.answer(s, move, answers, deal.cards(s)) for b in browsers for s in b.local}
                inputs = [part[s] for s in range(len(part))]
                assert all(len(x) == read["size"] for x in inputs)
                answers.append(lowest_holder(inputs))
                asked.append({"lists": inputs})
            else:
                (owner,) = [b for b in browsers if read["seat"] in b.local]
                answers.append(owner.answer(read["seat"], move, answers, deal.cards(read["seat"])))
            reads += 1
        plans = [b.plan(move, answers) for b in browsers]
        assert all(p == plans[0] for p in plans)
        assert plans[0][:len(first[0])] == first[0]
        deal.run(plans[0][len(first[0]):])
        for b in browsers:
            b.advance(move, {s: deal.cards(s) for s in b.local}, answers=answers)
        if log is not None:
            log.append({"move": move, "answers": list(answers), "reads": asked})
        if watch is not None:
            watch(len(browsers[0].steps), browsers)
    return browsers, deal, reads


def test_three_browsers_play_a_daifugo_match_and_each_rebuilds_the_same_record() -> None:
    from pyengine.daifugo import DaifugoRules

    rules = DaifugoRules.preset("party").with_option("match.games", 2).with_option("deck.jokers", 2).encode()
    browsers, deal, reads = play_daifugo(3, rules)
    assert reads > 0 and len(deal.decks) == 2
    views = [b.view("en") for b in browsers]
    assert [v["status"] for v in views] == ["over"] * 3
    assert views[0]["final_returns"] == views[1]["final_returns"] == views[2]["final_returns"]
    fragments = [b.verify(deal.decks)["fragment"] for b in browsers]
    assert fragments[0] == fragments[1] == fragments[2]
    end = decode_fragment(fragments[0]).replay()[-1]
    assert end.is_terminal() and [float(r) for r in end.returns()] == views[0]["final_returns"]
    private = 0
    for b, v in zip(browsers, views, strict=True):  # the history names no card handed over privately
        for (_, move, _), h in zip(b.steps, v["history"], strict=True):
            if move is not None and "?" in move.action:
                assert h["label"] == f"cards handed over face down: {move.action.count('?')}"
                private += 1
        dealt = [h["label"] for (_, move, _), h in zip(b.steps, v["history"], strict=True) if move is None]
        assert sum(label == "a card dealt face down" for label in dealt) > len(dealt) // 2  # (most go to others)
    assert private > 0


def test_a_daifugo_card_substituted_in_the_deck_is_named_with_its_ply() -> None:
    from pyengine.daifugo import DaifugoRules

    browsers, deal, _ = play_daifugo(4, DaifugoRules.preset("popular").with_option("match.games", 1).encode())
    decks = [list(d) for d in deal.decks]
    decks[0][1] = decks[0][0]  # the second card dealt substituted by a copy of the first
    out = browsers[1].verify(decks)
    assert out["ok"] is False and out["seat"] is None and "was not legal there" in out["problem"]


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_jdf_set_lays_its_blind_cards_aside_from_a_deck_of_its_own(seed: int) -> None:
    """JDF (two blind cards, never jokers, out for the whole set): the set's blind deck shuffles
    its natural cards alone, so its first two positions, the blind cards, are never a joker; each
    game is dealt from a redeck of the blind deck's other 52 positions; nobody reads a blind card
    until the end, when the match verifies, its blind cards those of the blind deck."""
    from pyengine.daifugo import DaifugoRules

    rules = DaifugoRules.preset("jdf").with_option("match.games", 2).encode()
    browsers, deal, _ = play_daifugo(seed, rules)
    assert len(deal.decks) == 3 and len(deal.decks[0]) == 54  # (a game's deck grows by its rehands' handles)
    blind = deal.decks[0][:2]
    assert "JK1" not in blind and "JK2" not in blind and deal.decks[0][52:] == ["JK1", "JK2"]
    assert deal.every[0][0] == deal.every[0][1] == set()
    assert sorted(deal.decks[1][:52]) == sorted(deal.decks[2][:52]) == sorted(deal.decks[0][2:])
    outs = [b.verify(deal.decks) for b in browsers]
    assert all(out["ok"] for out in outs), outs
    end = decode_fragment(outs[0]["fragment"])
    assert [a for a in end.actions if a.startswith("blind:")] == [f"blind:{c}" for c in blind]


def test_a_joker_among_the_blind_cards_fails_the_verification_and_says_so_through_the_page(bridge: ModuleType) -> None:
    """A blind deck whose first position holds a joker (a seat that moved one there) fails the
    end's replay, and the page's bridge brings that report back as a failure: the call itself ran
    (its own ``ok``), the report inside says the verification did not pass."""
    from pyengine.daifugo import DaifugoRules

    browsers, deal, _ = play_daifugo(5, DaifugoRules.preset("jdf").with_option("match.games", 1).encode())
    decks = [list(d) for d in deal.decks]
    decks[0][0], decks[0][52] = decks[0][52], decks[0][0]
    bridge._live = browsers[1]
    got = json.loads(bridge.call("live_verify", json.dumps({"decks": decks})))
    assert got["ok"] is True
    assert got["report"] == {"ok": False, "ply": got["report"]["ply"], "seat": None, "problem": "blind:JK was not legal there"}
    assert json.loads(bridge.call("live_verify", json.dumps({"decks": deal.decks})))["report"]["ok"] is True


def test_a_friend_who_reloads_is_rebuilt_from_the_steps_and_plays_on() -> None:
    """A reloaded page keeps each step's move and answers and its seat's keys; its table is
    rebuilt from them with the cards its seat reads by then (more than each step needs): the
    same view as before the reload, mid-game and at the end, and the same record."""
    from pyengine.daifugo import DaifugoRules

    rules = DaifugoRules.preset("party").with_option("match.games", 2).encode()
    log: list[dict[str, Any]] = []
    views: dict[int, Any] = {}
    browsers, deal, _ = play_daifugo(5, rules, log, lambda n, bs: views.setdefault(n, bs[1].view("en")) if n % 40 == 0 else None)
    assert len(deal.decks) == 2 and len(views) > 3

    def rebuilt(steps: int) -> LiveTable:
        t = LiveTable.new("daifugo", rules, SEATS, me=2, local=[2], table="cd" * 8)
        t.replay(log[:steps], [{2: deal.cards_in(k, 2)} for k in range(len(deal.decks))], "en")
        return t

    for n, view in views.items():
        assert rebuilt(n).view("en") == view
    again = rebuilt(len(log))
    assert again.view("en") == browsers[1].view("en")
    assert again.verify(deal.decks)["fragment"] == browsers[1].verify(deal.decks)["fragment"]
    with pytest.raises(IllegalActionError, match="cannot be taken up again"):
        broken = LiveTable.new("daifugo", rules, SEATS, me=2, local=[2], table="cd" * 8)
        broken.replay(log, [{2: {}} for _ in deal.decks], "en")


def test_a_hands_deal_given_ahead_is_dealt_in_one_go_as_step_by_step() -> None:
    """A page gives a Daifugō hand's whole deal at its first card (deal_ahead); once its seat can
    read the cards, ``deal_run`` deals them in one call.  The page's steps are the same as step by
    step: the same views along the way, the same record; a card of its own not readable yet ends
    the run there."""
    from pyengine.daifugo import DaifugoRules

    rules = DaifugoRules.preset("popular").with_option("match.games", 2).with_option("deck.jokers", 2).encode()
    log: list[dict[str, Any]] = []
    views: dict[int, Any] = {}
    browsers, deal, _ = play_daifugo(6, rules, log, lambda n, bs: views.setdefault(n, bs[1].view("en")))
    friend = LiveTable.new("daifugo", rules, SEATS, me=2, local=[2], table="cd" * 8)
    holders: list[int] = []
    runs: list[int] = []
    deck = -1
    while len(friend.steps) < len(log):
        if friend.next_step()["kind"] == "chance" and holders:
            # none of its own cards readable yet: the others' cards are dealt, up to its own next one
            others = friend.deal_run({2: {}}, holders)
            assert friend.view("en") == views[len(friend.steps)]
            if friend.next_step()["kind"] == "chance" and friend.reads(None) is None:
                stop = friend.plan(None)
                assert stop[0]["op"] == "deck" or [op["seat"] for op in stop] == [2]  # (or the next hand's first card)
            dealt = others + friend.deal_run({2: deal.cards_in(deck, 2)}, holders)
            if dealt:
                runs.append(dealt)
                assert friend.view("en") == views[len(friend.steps)]
                continue
        step = log[len(friend.steps)]
        move, answers = step["move"], step["answers"]
        ops = friend.card_ops(move) + friend.deal_ahead()
        if any(op["op"] == "deck" for op in ops):
            deck += 1
            holders = [-1] * len(deal.decks[deck])
        for op in ops + friend.plan(move, answers):
            if op["op"] == "give":
                holders[op["pos"]] = op["seat"]
        friend.advance(move, {2: deal.cards_in(deck, 2)}, answers=answers)
        assert friend.view("en") == views[len(friend.steps)]
    assert len(runs) == 2 and all(n >= 50 for n in runs)  # each game's deal but its first card
    assert friend.verify(deal.decks)["fragment"] == browsers[1].verify(deal.decks)["fragment"]


def test_a_chabashi_hands_deal_said_ahead_is_dealt_in_one_go_as_step_by_step() -> None:
    """A Chabashi hand's deal (every card before the first player acts) is said ahead at its first
    card: the cards dealt face up opened, the hands' cards given.  Once the friend's seat reads
    them, ``deal_run`` deals the rest of the deal in one call, with the same views along the way
    as step by step and the same record; with nothing readable yet, only the cards it need not
    read (other seats', face down)."""
    log: list[dict[str, Any]] = []
    views: dict[int, Any] = {}
    browsers, deal = play(4, log=log, watch=lambda n, bs: views.setdefault(n, bs[1].view("en")))
    friend = LiveTable.new("chabashi", "2.seed~hand_limit=2", SEATS, me=2, local=[2], table="ab" * 8)
    said = Deal(random.Random(0), friend.deck_labels(), len(SEATS))  # (the page's holders: its own plans')
    runs: list[int] = []
    deck = -1
    while len(friend.steps) < len(log):
        if friend.next_step()["kind"] == "chance" and said.holders:
            # nothing readable yet: only other seats' cards are dealt, up to a card it must read
            others = friend.deal_run({2: {}}, said.holders)
            assert friend.view("en") == views[len(friend.steps)]
            if others and friend.next_step()["kind"] == "chance":
                assert any(op["op"] == "open" or op["seat"] == 2 for op in friend.plan(None))
            dealt = others + friend.deal_run({2: deal.cards_in(deck, 2)}, said.holders)
            if dealt:
                runs.append(dealt)
                assert friend.view("en") == views[len(friend.steps)]
                continue
        move = log[len(friend.steps)]["move"]
        first = friend.card_ops(move)
        if any(op["op"] == "deck" for op in first):
            deck += 1
        said.run(first + [op for op in friend.deal_ahead() if op not in first] + friend.plan(move)[len(first):])
        friend.advance(move, {2: deal.cards_in(deck, 2)})
        assert friend.view("en") == views[len(friend.steps)]
    # each hand's deal but its first card (a dealer and three players: 18 cards), and the draws
    # of step 6 (face down: nobody reads them)
    assert [n for n in runs if n > 2] == [17, 17], runs
    assert friend.verify(deal.decks)["fragment"] == browsers[1].verify(deal.decks)["fragment"]


def test_a_lead_found_together_travels_as_a_read_of_every_seat_and_verifies() -> None:
    """♦3 leads and a blind card lies out (53 cards, 4 seats): the live table's read of who leads is every seat's
    (seat -1, with the length of each seat's private list: the one card out + 1); each browser
    answers for its local seats only with a list of yes or no it keeps, and the match, led by the
    seat that comes out, verifies in the full engine, the lists revealed at the end checked
    against the hands (a false one is named, with its seat and move)."""
    from pyengine.daifugo import DaifugoRules

    rules = DaifugoRules.preset("popular").with_option("match.games", 1).with_option("deck.remainder", "blind").encode()
    log: list[dict[str, Any]] = []
    browsers, deal, _ = play_daifugo(8, rules, log=log)
    ((step, lead),) = [(i, step) for i, step in enumerate(log) if step["reads"]]  # (one game: the lead is its one read)
    read, lists = lead["reads"]
    assert read == {"name": "first_lead", "seat": -1, "size": 2} and lead["answers"][0] in range(4)
    with pytest.raises(IllegalActionError, match="not played in this browser"):
        browsers[1].answer(0, None, [], {})
    leads = [{"step": step, **lists}]
    outs = [b.verify(deal.decks, leads) for b in browsers]
    assert all(out["ok"] for out in outs), outs
    # the lists revealed at the end are checked against the hands: a seat whose list lied is named
    liar = next(p for p, x in enumerate(lists["lists"]) if not x[0]) if lists["lists"][0][0] else 0
    false = [list(x) for x in lists["lists"]]
    false[liar] = [not false[liar][0], *false[liar][1:]]
    out = browsers[2].verify(deal.decks, [{"step": step, "lists": false}])
    assert out == {"ok": False, "ply": step + 1, "seat": liar, "problem": "its list of the cards that decide the lead was not its hand"}
