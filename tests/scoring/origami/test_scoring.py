"""Golden score sheets: the rulebooks' worked examples line by line, every scoring effect, every tie."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scoring.errors import InputError, MissingValue
from scoring.origami.sheet import ScoreSheet
from tests.conftest import empty_seats

Scored = Callable[..., ScoreSheet]


def lines(sheet: ScoreSheet, name: str) -> list[tuple[str, int, int, int, int]]:
    return [(l.card, l.collection, l.position, l.printed, l.bonus) for l in sheet.player(name).lines]


def test_origami_rulebook_example_scores_41(scored: Scored) -> None:
    # Three families on the table, so a game of at least three players.
    sheet = scored("origami", [
        {"name": "Ann", "collections": [["Chick", "Chicken", "Magpie", "Ant"], ["Chick", "Rabbit", "Bee", "Ant"]],
         "hand": 3}, *empty_seats("Bob", "Cy")])
    assert lines(sheet, "Ann") == [
        ("Chick", 1, 1, 3, 0), ("Chicken", 1, 2, 3, 4), ("Magpie", 1, 3, 6, 0), ("Ant", 1, 4, 3, 2),
        ("Chick", 2, 1, 3, 0), ("Rabbit", 2, 2, 5, 1), ("Bee", 2, 3, 3, 3), ("Ant", 2, 4, 3, 2)]
    ann = sheet.player("Ann")
    assert [l.why for l in ann.lines if l.bonus] == [
        "2 Chicks × 2", "2 Ants: worth 5", "1 per 2 cards in hand: 3 cards",
        "3 lawn origami in your collections × 1", "2 Ants: worth 5"]
    assert ann.awards == () and ann.total == 41 and sheet.winners == ("Ann",) and sheet.tie_break is None


def test_legends_rulebook_example_scores_48(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "Ann", "collections": [["Phoenix", "Phoenix", "Kappa", "T-Rex"],
                                        ["Walrus", "Reindeer", "Macaw", "Macaw"]], "hand": 3},
        *empty_seats("Bob", "Cy", "Di")])
    assert lines(sheet, "Ann") == [
        ("Phoenix", 1, 1, 4, 0), ("Phoenix", 1, 2, 4, 0), ("Kappa", 1, 3, 5, 0), ("T-Rex", 1, 4, 3, 3),
        ("Walrus", 2, 1, 6, 0), ("Reindeer", 2, 2, 8, 0), ("Macaw", 2, 3, 2, 3), ("Macaw", 2, 4, 2, 3)]
    ann = sheet.player("Ann")
    assert [(a.source, a.owner, a.points) for a in ann.awards] == [("Kappa", "Ann", 5)]
    assert ann.lines[6].why == "another Macaw directly above" and ann.lines[7].why == "another Macaw directly below"
    assert ann.total == 48


@pytest.mark.parametrize("hand, bonus", [(0, 0), (1, 0), (3, 1), (5, 2), (8, 4)])
def test_rabbit_rounds_pairs_down(scored: Scored, hand: int, bonus: int) -> None:
    sheet = scored("origami", [{"name": "A", "collections": [["Rabbit"], []], "hand": hand}, *empty_seats("B")])
    assert sheet.player("A").lines[0].bonus == bonus


def test_a_single_ant_keeps_its_printed_value(scored: Scored) -> None:
    sheet = scored("origami", [{"name": "A", "collections": [["Ant"], ["Bee"]], "hand": 0}, *empty_seats("B")])
    ant, bee = sheet.player("A").lines
    assert (ant.bonus, ant.why) == (0, "only 1 Ant: needs 2 to be worth 5")
    assert bee.bonus == 2  # the Bee counts the Ant and itself


def test_a_bee_alone_counts_itself(scored: Scored) -> None:
    sheet = scored("origami", [{"name": "A", "collections": [["Bee"], []], "hand": 0}, *empty_seats("B")])
    assert sheet.player("A").lines[0].bonus == 1


WHALE_VALUES = {"Whale": {"points": 4}, "Shell": {"points": 1}, "Cat": {"points": 1}}


@pytest.mark.parametrize("reading, bonuses", [("sea", [2, 0, 2, 0]), ("any", [3, 0, 3, 0])])
def test_whales_count_the_other_whale_and_the_chosen_reading(scored: Scored, reading: str,
                                                             bonuses: list[int]) -> None:
    sheet = scored("origami", [
        {"name": "A", "collections": [["Whale", "Shell", "Whale", "Cat"], ["Chick", "Chick", "Chick"]], "hand": 0},
        *empty_seats("B", "C")], cards=WHALE_VALUES, rules={"whale": reading})
    assert [l.bonus for l in sheet.player("A").lines][:4] == bonuses


def test_two_whales_alone_count_each_other_under_both_readings(scored: Scored) -> None:
    for reading in ("sea", "any"):
        sheet = scored("origami", [{"name": "A", "collections": [["Whale", "Whale"], ["Chick"]], "hand": 0},
                                   *empty_seats("B")], cards=WHALE_VALUES, rules={"whale": reading})
        assert [l.bonus for l in sheet.player("A").lines] == [1, 1, 0]


@pytest.mark.parametrize("reading, middle", [("once", 3), ("each", 6)])
def test_a_macaw_between_two_macaws(scored: Scored, reading: str, middle: int) -> None:
    sheet = scored("legends", [{"name": "A", "collections": [["Macaw", "Macaw", "Macaw"], ["Macaw", "Kappa"]],
                                "hand": 0}, *empty_seats("B")], rules={"macaw": reading})
    assert [l.bonus for l in sheet.player("A").lines] == [3, middle, 3, 0, 0]


ANACONDA = {"Anaconda": {"points": 1}, "Caiman": {"points": 7}, "Golden Frog": {"points": 9}}


@pytest.mark.parametrize("reading, bonus, why", [
    ("printed", 3, "collections worth 20 and 17 printed points"),
    ("scored", 9, "collections worth 26 and 17 points"),
])
def test_anaconda_scores_the_difference_between_collections(scored: Scored, reading: str, bonus: int,
                                                            why: str) -> None:
    # Printed: Macaw 2 + Macaw 2 + Caiman 7 + Golden Frog 9 = 20 against Kappa 5 + Anaconda 1 + Caiman 7 +
    # Phoenix 4 = 17. With bonuses the two adjacent Macaws add 3 each (26); Kappa's award is not a card bonus.
    sheet = scored("legends", [
        {"name": "A", "collections": [["Macaw", "Macaw", "Caiman", "Golden Frog"],
                                      ["Kappa", "Anaconda", "Caiman", "Phoenix"]], "hand": 0},
        *empty_seats("B")], cards=ANACONDA, rules={"anaconda": reading})
    anaconda = sheet.player("A").lines[5]
    assert (anaconda.card, anaconda.bonus, anaconda.why) == ("Anaconda", bonus, why)


def test_anaconda_rulebook_clarification_20_against_16(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "A", "collections": [["Caiman", "Golden Frog", "Phoenix"], ["Anaconda", "Caiman", "Kappa"]],
         "hand": 0}, *empty_seats("B")], cards={"Anaconda": {"points": 4}, "Caiman": {"points": 7},
                                                "Golden Frog": {"points": 9}})
    assert sheet.player("A").lines[3].bonus == 4  # 7+9+4 = 20 against 4+7+5 = 16


def test_t_rex_and_triceratops_read_the_hands(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "A", "collections": [["T-Rex"], ["Triceratops"]], "hand": 4},
        {"name": "B", "collections": [[], []], "hand": 4},
        {"name": "C", "collections": [[], []], "hand": 1}], cards={"Triceratops": {"points": 3}})
    t_rex, triceratops = sheet.player("A").lines
    assert t_rex.bonus == 4
    assert (triceratops.bonus, triceratops.why) == (2, "1 player with fewer cards in hand (C)")


def test_polar_bear_counts_rice_paper_in_hand(scored: Scored) -> None:
    players = [{"name": "A", "collections": [["Polar Bear"], []], "hand": ["Rice Paper", "Seal", "Rice Paper"]},
               *empty_seats("B")]
    sheet = scored("legends", players, cards={"Polar Bear": {"points": 2}})
    assert sheet.player("A").lines[0].bonus == 2 and sheet.player("A").hand == 3


def test_polar_bear_needs_the_cards_in_hand(scored: Scored) -> None:
    players = [{"name": "A", "collections": [["Polar Bear"], []], "hand": 2}, *empty_seats("B")]
    with pytest.raises(MissingValue) as info:
        scored("legends", players, cards={"Polar Bear": {"points": 2}})
    assert (info.value.field, info.value.supplied_by, info.value.seat) == ("hand", "hand", "A")


def test_kappa_rewards_every_player_tied_for_most_legendary(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "A", "collections": [["Kappa"], ["Phoenix"]], "hand": 0},
        {"name": "B", "collections": [["Phoenix"], ["Phoenix"]], "hand": 0},
        {"name": "C", "collections": [["Macaw"], []], "hand": 0}])
    awards = {p.name: [(a.source, a.owner, a.points, a.why) for a in p.awards] for p in sheet.players}
    assert awards == {"A": [("Kappa", "A", 5, "most legendary origami (2, tied with 1 other)")],
                      "B": [("Kappa", "A", 5, "most legendary origami (2, tied with 1 other)")], "C": []}


def test_each_kappa_awards_separately_and_may_reward_another_player(scored: Scored) -> None:
    sheet = scored("legends", [
        {"name": "A", "collections": [["Kappa"], ["Macaw"]], "hand": 0},
        {"name": "B", "collections": [["Phoenix", "Phoenix"], ["Kappa", "Phoenix"]], "hand": 0}])
    assert [a.points for a in sheet.player("B").awards] == [5, 5]
    assert sheet.player("A").awards == ()


def test_ties_go_to_most_cards_in_hand(scored: Scored) -> None:
    sheet = scored("origami", [
        {"name": "A", "collections": [["Chick"], []], "hand": 1},
        {"name": "B", "collections": [["Chick"], []], "hand": 4},
        {"name": "C", "collections": [[], []], "hand": 9}])
    assert (sheet.winners, sheet.tie_break) == (("B",), "hand")
    assert [(p.name, p.rank) for p in sheet.players] == [("A", 2), ("B", 1), ("C", 3)]


def test_a_tie_on_points_and_hand_is_a_shared_victory(scored: Scored) -> None:
    sheet = scored("origami", [
        {"name": "A", "collections": [["Chick"], []], "hand": 2},
        {"name": "B", "collections": [["Chick"], []], "hand": 2}])
    assert (sheet.winners, sheet.tie_break) == (("A", "B"), "shared")
    assert [p.rank for p in sheet.players] == [1, 1]


def test_a_three_way_tie_broken_down_to_two_is_shared(scored: Scored) -> None:
    sheet = scored("origami", [
        {"name": "A", "collections": [["Chick"], []], "hand": 2},
        {"name": "B", "collections": [["Chick"], []], "hand": 2},
        {"name": "C", "collections": [["Chick"], []], "hand": 1}])
    assert (sheet.winners, sheet.tie_break) == (("A", "B"), "shared")
    assert [p.rank for p in sheet.players] == [1, 1, 3]


def test_a_value_nobody_knows_stops_scoring_naming_card_and_field(scored: Scored) -> None:
    with pytest.raises(MissingValue) as info:
        scored("origami", [{"name": "A", "collections": [["Sheep"], []], "hand": 0}, *empty_seats("B")])
    assert (info.value.card, info.value.field) == ("Sheep", "points")


def test_a_card_whose_kind_of_effect_is_unknown_asks_for_it(scored: Scored) -> None:
    with pytest.raises(MissingValue) as info:
        scored("origami", [{"name": "A", "collections": [["Sheep"], []], "hand": 0}, *empty_seats("B")],
               cards={"Sheep": {"points": 1}})
    assert (info.value.card, info.value.field) == ("Sheep", "effect")
    sheet = scored("origami", [{"name": "A", "collections": [["Sheep"], []], "hand": 0}, *empty_seats("B")],
                   cards={"Sheep": {"points": 1, "effect": "instant"}})
    assert sheet.player("A").total == 1


CHARACTER_TABLE: list[dict[str, Any]] = [
    {"name": "A", "collections": [["Macaw"], []], "hand": 5},
    {"name": "B", "collections": [["Macaw"], []], "hand": 5},
    {"name": "C", "collections": [["Macaw"], []], "hand": 2}]


def test_a_character_whose_award_is_unknown_asks_for_it(scored: Scored) -> None:
    with pytest.raises(MissingValue) as info:
        scored("legends", CHARACTER_TABLE, characters=["Actor (red)"])
    assert (info.value.card, info.value.field) == ("Actor (red)", "scoring")


def test_a_character_award_learned_as_data_goes_to_every_tied_player(scored: Scored) -> None:
    sheet = scored("legends", CHARACTER_TABLE, characters=["Actor (red)", "Ninja (yellow)"],
                   cards={"Actor (red)": {"scoring": {"template": "most_in_hand", "amount": 3}}})
    awards = {p.name: [(a.source, a.owner, a.points) for a in p.awards] for p in sheet.players}
    assert awards == {"A": [("Actor (red)", None, 3)], "B": [("Actor (red)", None, 3)], "C": []}
    assert sheet.tie_break == "shared"


def test_both_colours_of_a_character_cannot_be_in_play(scored: Scored) -> None:
    with pytest.raises(InputError, match="CHAR-PAIR"):
        scored("legends", CHARACTER_TABLE, characters=["Ninja (red)", "Ninja (yellow)"])


def test_fewest_in_hand_award_template(scored: Scored) -> None:
    sheet = scored("legends", CHARACTER_TABLE, characters=["Samurai (yellow)"],
                   cards={"Samurai (yellow)": {"scoring": {"template": "fewest_in_hand", "amount": 4}}})
    assert [sum(a.points for a in p.awards) for p in sheet.players] == [0, 0, 4]


def test_every_shipped_scoring_card_has_a_rule_id() -> None:
    from companion.origami.catalogue import shipped
    from scoring.origami.cards import Effect
    from scoring.origami.rules import RULES, scoring_rule_of

    scoring_cards = {c.name for c in shipped().cards.values() if c.effect is Effect.SCORING and c.scoring}
    assert {name: scoring_rule_of(name) in RULES for name in scoring_cards} == {n: True for n in scoring_cards}


def test_most_of_card_and_most_origami_award_templates(scored: Scored) -> None:
    players = [{"name": "A", "collections": [["Macaw", "Macaw"], ["Phoenix"]], "hand": 0},
               {"name": "B", "collections": [["Macaw", "Kappa"], ["Phoenix", "T-Rex"]], "hand": 0},
               {"name": "C", "collections": [["Macaw"], ["Macaw"]], "hand": 0}]
    sheet = scored("legends", players, characters=["Sumo wrestler (red)", "Samurai (red)"], cards={
        "Sumo wrestler (red)": {"scoring": {"template": "most_of_card", "card": "Macaw", "amount": 2}},
        "Samurai (red)": {"scoring": {"template": "most_origami", "amount": 4}}})
    awards = {p.name: sorted((a.source, a.points) for a in p.awards) for p in sheet.players}
    assert awards == {"A": [("Sumo wrestler (red)", 2)], "B": [("Kappa", 5), ("Samurai (red)", 4)],
                      "C": [("Sumo wrestler (red)", 2)]}
