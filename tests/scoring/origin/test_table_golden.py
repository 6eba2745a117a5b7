"""Golden tests G6–G9, D13–D15 (ORIGIN_STORY.md §10.1, §10.2) at the engine level: exactly the spec's column."""
from __future__ import annotations

from scoring.origin.cards import Suit
from scoring.origin.round_input import Ability
from scoring.origin.round_result import RoundResult
from scoring.origin.rules import RuleId
from scoring.origin.setup import Mode, has_event, seating, stamina_by_round
from tests.scoring.origin.table_helpers import ability, table_round

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_g6_winning_a_trick_13sp_neither_follows_nor_trumps() -> None:
    r = table_round(FOUR, "Dan", [["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"]])
    t = r.tricks[0]
    assert (t.winner, str(t.winning_card), t.rule, t.next_leader) == ("Bob", "10br", RuleId.WIN_LEAD, "Bob")
    assert t.lead_suit is Suit.BRAINS and t.decision.__class__.__name__ == "Accepted"


def test_g6_stated_winner_cat_is_refused_with_the_reason() -> None:
    from scoring.origin.round_input import CardTrick
    from tests.scoring.origin.table_helpers import plays
    trick = plays("Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br")
    r = table_round(FOUR, "Dan", [CardTrick(trick.plays, winner="Cat")])
    t = r.tricks[0]
    assert [(v.rule, v.message) for v in t.refusals] == [
        (RuleId.WIN_LEAD, "13sp is not love and not brains: 10br wins")]
    assert t.winner == "Bob"


def test_g6_winner_override_by_ability_is_not_refused() -> None:
    from scoring.origin.round_input import CardTrick
    from tests.scoring.origin.table_helpers import plays
    trick = plays("Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br")
    r = table_round(FOUR, "Dan", [CardTrick(trick.plays, winner="Cat")],
                    abilities=[ability("Cat", "Story X", "winner Cat", trick=1)])
    assert r.tricks[0].refusals == () and r.tricks[0].winner == "Cat" and r.tricks_won["Cat"] == 1


def test_g7_winning_with_a_trump() -> None:
    r = table_round(FOUR, "Dan", [["Ann 12st", "Bob 13st", "Cat 1lv", "Dan 10st"]])
    t = r.tricks[0]
    assert (t.winner, str(t.winning_card), t.rule) == ("Cat", "1lv", RuleId.TRUMP)


def test_g8_off_suit_from_a_hidden_hand_is_accepted_and_records_a_void() -> None:
    five = ["P1", "P2", "P3", "P4", "P5"]
    r = table_round(five, "P5", [["P1 7br", "P2 11sp", "P3 2br", "P4 9br", "P5 13br"]])
    t = r.tricks[0]
    assert t.violations == ()
    assert [p.legal for p in t.plays] == [True, None, True, True, True]
    assert t.voids == (("P2", Suit.BRAINS),)


def test_g9_stamina_dealers_and_event() -> None:
    assert stamina_by_round() == (2, 3, 4, 5, 5)
    assert [r for r in range(1, 6) if has_event(r)] == [3]
    table = seating(Mode.TABLE, ["Ann", "Bob", "Cat"])
    assert [table.dealer_of_round("Bob", r) for r in range(1, 6)] == ["Bob", "Cat", "Ann", "Bob", "Cat"]
    duo = seating(Mode.DUO, ["A", "B"])
    assert [duo.dealer_of_round("A", r) for r in range(1, 6)] == ["A", "B", "A", "B", "A"]
    solo = seating(Mode.SOLO, ["You"])
    assert [solo.dealer_of_round("Factoryon", r) for r in range(1, 6)] == [
        "Factoryon", "You", "Automaton", "Factoryon", "You"]


def _d13(extra: list[Ability], then: list[list[str]] | None = None) -> RoundResult:
    tricks = [
        ["Ann 2st", "Bob 3st", "Cat 4st"],            # Cat dealt, so Ann leads; Cat wins
        ["Cat 5sp", "Ann 9sp", "Bob 7sp"],            # Ann wins
        ["Ann 2br", "Bob 11sp", "Cat 6br"],           # Bob shows out of brains in trick 3; Cat wins
        ["Cat 4sp", "Ann 6sp", "Bob 8sp"],            # Bob wins
        ["Bob 2lv", "Cat 3lv", "Ann 4lv"],            # Ann wins
        ["Ann 5br", "Bob 3br", "Cat 7br"],            # Bob plays 3br in trick 6
    ]
    return table_round(["Ann", "Bob", "Cat"], "Cat", tricks + (then or []), abilities=extra)


def test_d13_revoke_proven_is_flagged_citing_both_tricks() -> None:
    r = _d13([])
    flags = [(f.rule, f.trick, f.seat, f.sentence) for f in r.flags]
    assert flags == [(RuleId.REVOKE, 3, "Bob", "Bob showed out of brains in trick 3 but played 3br in trick 6, "
                      "and no card entered Bob's hand in between: revoke at trick 3")]
    assert r.tricks[5].flags and r.tricks[5].notes == () and r.violations == ()


def test_d13_a_revoke_is_flagged_once_however_many_cards_of_that_suit_follow() -> None:
    r = _d13([], then=[["Cat 10br", "Ann 12br", "Bob 4br"]])  # Bob plays brains again in trick 7
    assert [(f.trick, f.seat) for f in r.flags] == [(3, "Bob")] and r.tricks[6].notes == ()


def test_d13_exchange_to_bob_in_between_gives_a_note_not_a_flag() -> None:
    r = _d13([ability("Cat", "Story Y", "exchange with Bob", trick=4)])
    assert r.flags == ()
    assert [(n.rule, n.trick, n.seat) for n in r.tricks[5].notes] == [(RuleId.REVOKE, 3, "Bob")]


def test_d13_a_void_under_ignore_follow_records_nothing() -> None:
    r = _d13([ability("Bob", "Trance", "ignore follow", trick=3)])
    assert r.tricks[2].voids == () and r.flags == ()


def test_d14_a_card_typed_again_is_refused_naming_trick_and_seat() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 9br", "Ann 6br", "Bob 7br"],
              ["Cat 5sp", "Ann 6sp", "Bob 7sp"], ["Bob 8sp", "Cat 9sp", "Ann 10sp"],
              ["Ann 3lv", "Bob 9br", "Cat 4lv"]]
    r = table_round(["Ann", "Bob", "Cat"], "Cat", tricks)
    t = r.tricks[4]
    assert [(v.rule, v.message, v.overridable) for v in t.violations] == [
        (RuleId.UNIQUE, "9br was already played by Cat in trick 2: each card exists once", True)]
    assert [p.legal for p in t.plays] == [True, False, True]


def test_d15_public_view_hides_finished_tricks_and_the_summary_shows_them() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 9br", "Ann 6br"]]
    r = table_round(["Ann", "Bob", "Cat"], "Cat", tricks)
    from scoring.origin.round_result import public_view, round_summary
    view = public_view(r)
    assert "2st" not in repr(view) and "3st" not in repr(view) and "4st" not in repr(view)
    assert view["in_play"] == [["Cat", "9br"], ["Ann", "6br"]] and view["to_play"] == "Bob"
    assert view["tricks_won"] == {"Ann": 0, "Bob": 0, "Cat": 1}
    assert "4st" in repr(round_summary(r))
    shown = public_view(table_round(["Ann", "Bob", "Cat"], "Cat", tricks, show_tricks="last"))
    assert "4st" in repr(shown["past_tricks"])


def test_leader_and_order_refusals() -> None:
    r = table_round(FOUR, "Dan", [["Bob 7br", "Cat 10br", "Dan 13sp", "Ann 5br"],
                                  ["Ann 2st", "Bob 3st", "Dan 4st", "Cat 5st"]])
    assert [v.rule for v in r.tricks[0].violations] == [RuleId.LEAD_FIRST]
    assert [v.rule for v in r.tricks[1].violations] == [RuleId.LEAD_WINNER, RuleId.ORDER, RuleId.ORDER]


def test_d13_what_breaks_the_proof() -> None:
    def flagged(*extra: Ability) -> tuple[int, int]:
        r = _d13(list(extra))
        return len(r.flags), sum(len([n for n in t.notes if n.rule is RuleId.REVOKE]) for t in r.tricks)
    assert flagged() == (1, 0)
    assert flagged(ability("Ann", "Transfer of Power", "pass 1 to Bob", trick=5)) == (0, 1)
    assert flagged(ability("Bob", "Gadget", "draw 1", trick=3)) == (0, 1)  # the void trick itself counts
    assert flagged(ability("Bob", "Gadget", "draw 1", trick=6)) == (0, 1)  # so does the proof trick
    assert flagged(ability("Bob", "Gadget", "draw 1", trick=2)) == (1, 0)  # before the void: still proven
    assert flagged(ability("Bob", "Generous", "pass 1 to Ann", trick=4)) == (1, 0)  # Bob gave, received none
    assert flagged(ability("Bob", "Swap", "exchange with Ann", trick=4)) == (0, 1)
    assert flagged(ability("Bob", "Gadget", "draw 1")) == (0, 1)  # when is not known: no proof
    assert flagged(ability("Bob", "Epilogue", "draw 1", timing="end-of-round")) == (1, 0)


def test_rewind_keeps_both_tricks_and_counts_only_the_replay() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"],
              ["Cat 9br", "Ann 6br", "Bob 7br"],          # rewound by Ann's time travel
              ["Cat 9br", "Ann 10br", "Bob 7br"],         # the replay: the same cards may come back
              ["Ann 3lv", "Bob 4lv", "Cat 5lv"]]
    r = table_round(["Ann", "Bob", "Cat"], "Cat", tricks,
                    abilities=[ability("Ann", "Time Travel", "rewind", trick=2)])
    assert [(t.n, t.rewound, t.winner) for t in r.tricks] == [(1, False, "Cat"), (2, True, None),
                                                              (2, False, "Ann"), (3, False, "Cat")]
    assert r.violations == () and r.tricks_won == {"Ann": 1, "Bob": 0, "Cat": 2}
    assert [n.rule for n in r.tricks[1].notes] == [RuleId.TRICKS_8]


def test_lead_ability_names_the_next_leader_and_a_modifier_changes_the_winner() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"], ["Bob 9br", "Cat 6br", "Ann 7br"]]
    r = table_round(["Ann", "Bob", "Cat"], "Cat", tricks,
                    abilities=[ability("Cat", "Misdirection", "lead bob", trick=1),
                               ability("Ann", "Power Up", "7br as 12", trick=2)])
    assert r.tricks[0].next_leader == "Bob" and r.tricks[1].violations == ()
    t = r.tricks[1]
    assert (t.winner, str(t.winning_card)) == ("Ann", "7br as 12")
    ties = table_round(["Ann", "Bob", "Cat"], "Cat", [["Ann 9br", "Bob 7br", "Cat 2br"]],
                       abilities=[ability("Bob", "Power Up", "7br as 9", trick=1)])
    assert (ties.tricks[0].winner, ties.tricks[0].rule) == ("Ann", RuleId.TIE_FIRST)
    trumped = table_round(["Ann", "Bob", "Cat"], "Cat", [["Ann 9br", "Bob 7sp", "Cat 2br"]],
                          abilities=[ability("Bob", "Love Potion", "7sp as lv", trick=1)])
    assert (trumped.tricks[0].winner, trumped.tricks[0].rule, trumped.tricks[0].voids) == (
        "Bob", RuleId.TRUMP, ())


def test_too_many_tricks_is_refused() -> None:
    deck = [f"{v}{s}" for s in ("br", "sp", "st", "lv") for v in range(1, 14)]
    tricks = []
    leader_order = ["Ann", "Bob", "Cat"]
    for t in range(9):
        cards = deck[3 * t:3 * t + 3]
        tricks.append([f"{s} {c}" for s, c in zip(leader_order, cards, strict=True)])
    r = table_round(["Ann", "Bob", "Cat"], "Cat", tricks)
    assert RuleId.TRICKS_8 in [v.rule for v in r.tricks[8].violations]
    assert RuleId.TRICKS_8 not in [v.rule for t in r.tricks[:8] for v in t.violations]
