"""Property tests (ORIGIN_STORY.md §10.3) on random legal rounds of 3–5 players, hands hidden and known."""
from __future__ import annotations

from fractions import Fraction
from random import Random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from scoring.origin.cards import DECK, TRUMP, Card, Suit
from scoring.origin.referee import referee
from scoring.origin.round_input import Ability, Alignment, CardTrick, Effect, EffectKind, RoundInput, WinnerOnly
from scoring.origin.round_result import public_view
from scoring.origin.rules import RuleId
from scoring.origin.setup import Kind, Mode, seating
from scoring.origin.sheet import score_round
from scoring.origin.trick import Play, winning
from tests.scoring.origin.table_helpers import Dealt, legal_rounds, oracle_winner, run

SETTINGS = settings(max_examples=60, deadline=None)


def check_round(d: Dealt, known: bool) -> None:
    r = run(d, known=known)
    assert r.violations == () and r.flags == ()
    sidekick_tricks = 0
    for t, entry, w in zip(r.tricks, d.tricks, d.winners, strict=True):
        cards = [p.card for p in entry.plays]
        assert t.winner == entry.plays[oracle_winner(cards)].seat == w
        assert [p.seat for p in entry.plays].count(t.winner) == 1
        assert t.next_leader == d.seats.leads_for(w)
        sidekick_tricks += d.seats.seat(w).kind is Kind.SIDEKICK
        if known:
            assert all(p.legal is True for p in t.plays)
        else:
            assert all(p.legal in (True, None) for p in t.plays)
    assert sum(r.tricks_won.values()) == 8 - sidekick_tricks
    assert r.finished and r.next_leader == d.seats.leads_for(d.winners[-1])
    # the winners level gives the same counts and leads
    w = run(d, known=False, tricks=[WinnerOnly(x) for x in d.winners])
    assert w.tricks_won == r.tricks_won and [t.next_leader for t in w.tricks] == [t.next_leader for t in r.tricks]
    assert r.tricks[0].leader == d.seats.first_leader(d.dealer)


@SETTINGS
@given(legal_rounds("table"), st.booleans())
def test_legal_table_rounds_referee_cleanly(d: Dealt, known: bool) -> None:
    check_round(d, known)


@SETTINGS
@given(legal_rounds("table"), st.data())
def test_scores_hero_is_tricks_villain_is_0_or_4(d: Dealt, data: st.DataObject) -> None:
    players = d.seats.scorers
    alignment = {p: data.draw(st.sampled_from(["hero", "villain"])) for p in players}
    r = run(d, known=False, alignment=alignment)
    for line in score_round(r):
        if line.alignment is Alignment.HERO:
            assert line.alignment_vp == line.tricks == r.tricks_won[line.player]
        else:
            assert line.alignment_vp == (4 if line.tricks == 0 else 0)


plays_st = st.lists(st.sampled_from(DECK), min_size=3, max_size=5, unique=True)


@given(plays_st, st.randoms(use_true_random=False))
def test_one_winner_stable_under_shuffling_the_other_plays(cards: list[Card], rnd: Random) -> None:
    plays = [Play(f"S{i}", c) for i, c in enumerate(cards)]
    w = winning(plays)
    assert w == oracle_winner(cards)
    rest = plays[1:]
    rnd.shuffle(rest)  # the lead stays first (it sets the lead suit); no two cards tie, so order never decides
    rebuilt = [plays[0], *rest]
    assert rebuilt[winning(rebuilt) or 0] == plays[w]


@given(plays_st, st.sampled_from([c for c in DECK if c.suit is TRUMP]), st.data())
def test_adding_love_to_a_trick_without_love_makes_love_win(cards: list[Card], love: Card,
                                                            data: st.DataObject) -> None:
    cards = [c for c in cards if c.suit is not TRUMP and c != love]
    if not cards:
        return
    at = data.draw(st.integers(1, len(cards)))
    plays = [Play(f"S{i}", c) for i, c in enumerate(cards)]
    plays.insert(at, Play("L", love))
    w = winning(plays)
    assert w is not None and plays[w].effective_suit is TRUMP


@given(st.data())
def test_follow_check_refuses_off_suit_when_holding_the_lead_suit(data: st.DataObject) -> None:
    deck = data.draw(st.permutations(DECK))
    seats = seating(Mode.TABLE, ["Ann", "Bob", "Cat"])
    hands = {"Ann": tuple(deck[0:8]), "Bob": tuple(deck[8:16]), "Cat": tuple(deck[16:24])}
    lead = data.draw(st.sampled_from(hands["Ann"]))
    bob = data.draw(st.sampled_from(hands["Bob"]))
    holding = any(c.suit is lead.suit for c in hands["Bob"])
    cat = data.draw(st.sampled_from([c for c in hands["Cat"] if c.suit is lead.suit] or list(hands["Cat"])))
    r = referee(RoundInput(seats, "Cat", {}, (CardTrick((Play("Ann", lead), Play("Bob", bob), Play("Cat", cat))),),
                           hands=hands))
    refused = [v.rule for v in r.tricks[0].plays[1].violations]
    if bob.suit is not lead.suit and holding:
        assert refused == [RuleId.FOLLOW] and r.tricks[0].plays[1].legal is False
    else:
        assert refused == [] and r.tricks[0].plays[1].legal is True
    # a refused play records no void: the void is evidence only from an accepted play
    bobs = tuple(v for v in r.tricks[0].voids if v[0] == "Bob")
    assert bobs == ((("Bob", lead.suit),) if bob.suit is not lead.suit and not holding else ())


Case = tuple[RoundInput, set[tuple[str, Suit]]]


@st.composite
def revoke_rounds(draw: st.DrawFn) -> tuple[RoundInput, set[tuple[str, Suit]]]:
    """Tricks of unique but arbitrary cards (hands hidden), in seat order from any leader, and random card
    receipts; with what an independent reading of §2 says must be flagged."""
    names = ["Ann", "Bob", "Cat"]
    seats = seating(Mode.TABLE, names)
    deck = draw(st.permutations(DECK))
    count = draw(st.integers(2, 8))
    tricks, table = [], []
    for t in range(count):
        leader = draw(st.sampled_from(names))
        order = seats.order_from(leader)
        cards = deck[3 * t:3 * t + 3]
        tricks.append(CardTrick(tuple(Play(s, c) for s, c in zip(order, cards, strict=True))))
        table.append(list(zip(order, cards, strict=True)))
    receipts = draw(st.lists(st.tuples(st.sampled_from(names), st.integers(1, count)), max_size=3))
    abilities = tuple(Ability(s, "Story", (Effect(EffectKind.DRAW, amount=1),), "", n) for s, n in receipts)
    expected: set[tuple[str, Suit]] = set()
    for v, trick in enumerate(table, 1):
        lead = trick[0][1].suit
        for seat, c in trick[1:]:
            if c.suit is lead:
                continue
            for n in range(v + 1, count + 1):
                if any(s == seat and c2.suit is lead for s, c2 in table[n - 1]) and \
                        not any(s == seat and v <= k <= n for s, k in receipts):
                    expected.add((seat, lead))
    rnd = RoundInput(seats, "Cat", {}, tuple(tricks), abilities)
    return rnd, expected


@settings(max_examples=200, deadline=None)
@given(revoke_rounds())
def test_revoke_flagged_iff_a_void_is_contradicted_with_nothing_received(case: Case) -> None:
    rnd, expected = case
    r = referee(rnd)
    suit_of = {"brains": Suit.BRAINS, "love": Suit.LOVE, "speed": Suit.SPEED, "strength": Suit.STRENGTH}
    flagged = {(f.seat, suit_of[f.sentence.split(" showed out of ")[1].split(" ")[0]]) for f in r.flags}
    assert flagged == expected
    event("revoke expected" if expected else "no revoke")


def test_values_are_exact() -> None:
    assert all(isinstance(c.value, Fraction) for c in DECK)


@SETTINGS
@given(legal_rounds("table"), st.data())
def test_public_view_never_shows_a_finished_trick(d: Dealt, data: st.DataObject) -> None:
    done = data.draw(st.integers(0, 7))
    partial = data.draw(st.integers(1, len(d.seats.seats) - 1))
    tricks = [*d.tricks[:done], CardTrick(d.tricks[done].plays[:partial])]
    r = run(d, known=False, tricks=tricks)
    view = public_view(r)
    finished = {str(p.card) for t in d.tricks[:done] for p in t.plays}
    shown = {card for _seat, card in view["in_play"]}  # type: ignore[attr-defined]
    assert shown == {str(p.card) for p in d.tricks[done].plays[:partial]}
    assert view["past_tricks"] == [] and not finished & shown
    assert view["to_play"] == d.seats.order_from(d.tricks[done].plays[0].seat)[partial]
