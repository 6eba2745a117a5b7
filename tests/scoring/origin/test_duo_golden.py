"""G11 (ORIGIN_STORY.md §10.1): duo seats, the first leader, a sidekick's trick, a sidekick's follow."""
from __future__ import annotations

from scoring.origin.rules import RuleId
from scoring.origin.setup import Mode, seating
from tests.scoring.origin.table_helpers import ability, table_round


def test_g11_seats_and_first_leader() -> None:
    duo = seating(Mode.DUO, ["A", "B"])
    assert duo.names == ("A", "SK B", "B", "SK A")
    assert duo.first_leader("A") == "B"
    assert duo.order_from("B") == ("B", "SK A", "A", "SK B")


def test_g11_sidekick_trick_is_discarded_and_its_player_leads() -> None:
    r = table_round(["A", "B"], "A", [["B 5br", "SK A 12br", "A 7br", "SK B 2br"]], mode="duo",
                    hands={"SK A": ["12br", "3sp"], "SK B": ["2br", "9st"]})
    t = r.tricks[0]
    assert t.winner == "SK A" and t.next_leader == "A"
    assert r.tricks_won == {"A": 0, "B": 0}
    assert [n.rule for n in t.notes] == [RuleId.SK_TRICK]
    assert t.violations == ()
    assert [p.legal for p in t.plays] == [True, True, True, True]


def test_g11_sidekick_must_follow_with_a_face_up_match() -> None:
    r = table_round(["A", "B"], "A", [["B 5br", "SK A 12sp", "A 7br", "SK B 2br"]], mode="duo",
                    hands={"SK A": ["7br", "12sp"], "SK B": ["2br", "9st"]})
    bad = r.tricks[0].plays[1]
    assert bad.legal is False and [v.rule for v in bad.violations] == [RuleId.SK_PLAY]
    assert bad.violations[0].message == "SK A must follow brains: SK A holds 7br, so 12sp may not be played"


def test_sidekick_card_not_face_up_is_refused() -> None:
    r = table_round(["A", "B"], "A", [["B 5br", "SK A 13br", "A 7br", "SK B 2br"]], mode="duo",
                    hands={"SK A": ["7br", "12sp"], "SK B": ["2br", "9st"]})
    assert [v.rule for v in r.tricks[0].plays[1].violations] == [RuleId.SK_PLAY]


def test_abilities_never_target_a_sidekick() -> None:
    r = table_round(["A", "B"], "A", [["B 5br", "SK A 7br", "A 8br", "SK B 2br"]], mode="duo",
                    abilities=[ability("A", "Transfer of Power", "pass 2 to SK B", trick=1)])
    assert [x.violation.rule for x in r.refusals] == [RuleId.SK_IMMUNE]


def test_g11_the_legal_face_up_cards_of_the_sidekick_to_play() -> None:
    from scoring.origin.legal import legal_options
    r = table_round(["A", "B"], "A", [["B 5br"]], mode="duo", hands={"SK A": ["7br", "12sp"], "SK B": ["2br", "9st"]})
    assert [(seat, [str(c) for c in cards or ()]) for seat, cards in [legal_options(r)]] == [("SK A", ["7br"])]
    r = table_round(["A", "B"], "A", [["B 5st"]], mode="duo", hands={"SK A": ["7br", "12sp"], "SK B": ["2br", "9st"]})
    assert legal_options(r)[1] is not None and len(legal_options(r)[1] or ()) == 2
    r = table_round(["A", "B"], "A", [["B 5br", "SK A 7br"]], mode="duo", hands={"SK A": ["7br", "12sp"]})
    assert legal_options(r) == ("A", None)  # a player's hand is hidden


def test_a_turned_up_card_already_seen_is_refused() -> None:
    from scoring.origin.round_input import CardTrick
    from tests.scoring.origin.table_helpers import plays
    base = plays("B 5br", "SK A 12br", "A 7br", "SK B 2br")
    hands = {"SK A": ["12br", "3sp"], "SK B": ["2br", "9st"]}
    seen = table_round(["A", "B"], "A", [CardTrick(base.plays, (("SK A", base.plays[0].card),))], mode="duo",
                       hands=hands)
    assert [v.message for v in seen.tricks[0].plays[1].violations] == [
        "SK A turned up 5br, which was already played by B in trick 1"]
    from scoring.origin.cards import parse_card
    face_up = table_round(["A", "B"], "A", [CardTrick(base.plays, (("SK A", parse_card("9st")),))], mode="duo",
                          hands=hands)
    assert [v.rule for v in face_up.tricks[0].plays[1].violations] == [RuleId.UNIQUE]
