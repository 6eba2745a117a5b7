"""A card is shown under the name its edition prints in the language in use, else its English name."""
from __future__ import annotations

import pytest

from companion import languages
from scoring.origami.card_names import shown, shown_id
from scoring.origami.catalog import Catalogue


@pytest.mark.parametrize(("code", "names"), [
    ("en", ["Sheep", "Penguin", "Samurai (red)", "Cat"]),
    ("it", ["Sheep", "Pinguino", "Samurai (rosso)", "Cat"]),  # the Italian Legends box; no Italian Sheep known
    ("de", ["Schaf", "Penguin", "Samurai (rot)", "Cat"]),  # the German Origami box; no German Penguin known
])
def test_each_language_shows_its_editions_name_where_known(catalogue: Catalogue, code: str,
                                                            names: list[str]) -> None:
    languages.use(code)
    assert [shown_id(card, catalogue) for card in ("Sheep", "Penguin", "Samurai (red)", "Cat")] == names


def test_a_card_the_catalogue_does_not_know_is_shown_by_its_id(catalogue: Catalogue) -> None:
    languages.use("de")
    assert shown_id("Dragon", catalogue) == "Dragon"
    assert shown(catalogue.card("Whale")) == "Wal"
