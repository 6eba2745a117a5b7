from __future__ import annotations

from collections import Counter

import pytest

from scoring.errors import InputError, MissingValue
from scoring.origami.cards import Effect, Game, Kind
from scoring.origami.catalog import Catalogue, parse_catalogue, user_entries


def test_every_origami_family_has_its_18_cards(catalogue: Catalogue) -> None:
    per_family = Counter()
    for card in catalogue.in_games([Game.ORIGAMI]):
        per_family[card.family] += card.quantity or 0
    assert per_family == {f: 18 for f in ("farm", "sky", "sea", "savannah", "lawn")}
    assert len(catalogue.in_games([Game.ORIGAMI])) == 38


def test_legends_holds_families_characters_in_two_colours_and_rice_paper(catalogue: Catalogue) -> None:
    legends = catalogue.in_games([Game.LEGENDS])
    characters = [c for c in legends if c.kind is Kind.CHARACTER]
    assert {c.name for c in characters} == {"Musician", "Ninja", "Geisha", "Merchant", "Actor",
                                           "Sumo wrestler", "Samurai"}
    assert all(c.colour in ("red", "yellow") for c in characters) and len(characters) == 14
    rice = catalogue.card("Rice Paper")
    assert (rice.kind, rice.quantity, rice.folds, rice.points) == (Kind.RICE_PAPER, 18, 1, None)


def test_unknown_values_are_absent_never_guessed(catalogue: Catalogue) -> None:
    sheep = catalogue.card("Sheep")
    assert (sheep.cost, sheep.folds, sheep.points, sheep.effect) == (None, None, None, None)
    assert {"cost", "folds", "points", "effect"} <= sheep.unknown
    assert catalogue.card("Whale").points is None
    assert catalogue.card("Ninja (red)").hand_modifier is None
    assert "hand_modifier" in catalogue.card("Ninja (red)").unknown
    with pytest.raises(MissingValue, match="Sheep: points not known, needed for the score"):
        sheep.need("points", "the score")


def test_known_values_carry_their_provenance(catalogue: Catalogue) -> None:
    chick = catalogue.card("Chick")
    assert (chick.quantity, chick.cost, chick.folds, chick.points) == (4, 2, 1, 3)
    assert chick.source_of("points") == "rulebook"
    assert catalogue.card("Walrus").source_of("points") == "inferred"
    assert catalogue.card("Sheep").source_of("quantity") == "public"
    assert catalogue.card("Brontosaurus").hand_modifier == 3


@pytest.mark.parametrize("name, expected", [
    ("artic WOLF", "Arctic Wolf"), ("Lupo bianco", "Arctic Wolf"), ("Löwe", "Lion"), ("lowe", "Lion"),
    ("Waschbär", "Raccoon"), ("tirannosauro", "T-Rex"), ("trex", "T-Rex"), ("Ninja (rosso)", "Ninja (red)"),
    ("ninja (gelb)", "Ninja (yellow)"), ("carta di riso", "Rice Paper"), ("Volpe a nove code", "Nine-tailed Fox"),
])
def test_names_in_three_languages(catalogue: Catalogue, name: str, expected: str) -> None:
    assert catalogue.lookup(name).id == expected


def test_unknown_and_ambiguous_names_get_suggestions(catalogue: Catalogue) -> None:
    with pytest.raises(InputError, match="did you mean .*Whale"):
        catalogue.lookup("Wahle")
    with pytest.raises(InputError, match="ambiguous: say which of Ninja \\(red\\), Ninja \\(yellow\\)"):
        catalogue.lookup("Ninja")
    with pytest.raises(InputError, match="not part of this game"):
        catalogue.lookup("Macaw", [Game.ORIGAMI])


def test_user_values_are_kept_apart_from_the_shipped_catalogue(catalogue: Catalogue) -> None:
    mine = catalogue.with_entries(user_entries("mine.toml", '[[card]]\nname = "Sheep"\npoints = 2\n'), "user")
    assert mine.card("Sheep").points == 2
    assert mine.card("Sheep").source_of("points") == "user"
    assert "points" not in mine.card("Sheep").unknown
    assert catalogue.card("Sheep").points is None  # the shipped one is untouched


def test_a_user_can_add_a_card_nobody_knew(catalogue: Catalogue) -> None:
    text = ('[[card]]\nname = "Kraken"\ngame = "legends"\nkind = "origami"\nfamily = "legendary"\n'
            'quantity = 2\ncost = 6\nfolds = 3\npoints = 4\neffect = "scoring"\n'
            'scoring = { template = "per_family", family = "legendary", amount = 1 }\n')
    mine = catalogue.with_entries(user_entries("mine.toml", text), "user")
    kraken = mine.lookup("kraken")
    assert kraken.effect is Effect.SCORING and kraken.scoring is not None
    assert kraken.scoring.template == "per_family"


@pytest.mark.parametrize("text, message", [
    ('[[card]]\nname = "Sheep"\npoints = -1\n', "points: must be a whole number of at least 0"),
    ('[[card]]\nname = "Sheep"\npoints = "two"\n', "points: must be a whole number"),
    ('[[card]]\nname = "Sheep"\nwings = 2\n', "'wings' cannot be set"),
    ('[[card]]\nname = "Kraken"\npoints = 2\n', "a new card needs \"game\" and \"kind\""),
    ('[[card]]\nname = "Sheep"\nscoring = { template = "per_moon" }\n', "unknown scoring template 'per_moon'"),
    ('[[card]]\nname = "Sheep"\nscoring = { template = "per_family", amount = 1 }\n', "needs family"),
    ('[[card]]\nname = "Sheep"\nsteps = ["fly"]\n', "steps: must be a list"),
    ('[[card]\nname = "Sheep"\n', "not valid TOML"),
    ('hello = 1\n', "unexpected top-level keys: hello"),
])
def test_bad_user_catalogues_are_refused_clearly(catalogue: Catalogue, text: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        catalogue.with_entries(user_entries("mine.toml", text), "user")
    assert "mine.toml" in str(info.value)


def test_shipped_files_parse_on_their_own() -> None:
    with pytest.raises(InputError, match="broken.toml: not valid TOML"):
        parse_catalogue([("broken.toml", "game = ")])


@pytest.mark.parametrize(("typed", "expected"), [
    ("sna", "Snake"), ("pengiun", "Penguin"), ("fro", "Golden Frog"), ("ninja r", "Ninja (red)"),
    ("Ninja (yellow)", "Ninja (yellow)"), ("Rice", "Rice Paper"), ("Pinguino", "Penguin")])
def test_a_prefix_or_a_small_typo_is_enough_at_the_table(catalogue: Catalogue, typed: str, expected: str) -> None:
    assert catalogue.resolve(typed).id == expected
    assert catalogue.suggest(typed)[0].id == expected


def test_an_ambiguous_prefix_names_the_candidates(catalogue: Catalogue) -> None:
    assert [c.id for c in catalogue.suggest("cr")] == ["Crab", "Cricket"]
    with pytest.raises(InputError, match="could be Crab, Cricket: type more"):
        catalogue.resolve("cr")
    with pytest.raises(InputError, match="unknown card 'zzz'"):
        catalogue.resolve("zzz")
    assert catalogue.suggest("") == []
