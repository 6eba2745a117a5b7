"""Origin Story's catalogue: what is known, with where it came from; nothing invented; a user's values kept apart."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.errors import InputError
from scoring.origin.catalog import SOURCES, Catalogue, Kind, Timing, parse_catalogue, user_entries

SHIPPED = Path(__file__).resolve().parents[3] / "scoring" / "cards" / "origin_story.toml"


@pytest.fixture(scope="module")
def shipped() -> Catalogue:
    return parse_catalogue("origin_story.toml", SHIPPED.read_text(encoding="utf-8"))


def test_the_shipped_catalogue_holds_only_what_a_source_gives(shipped: Catalogue) -> None:
    assert shipped.counts == {"story": 64, "vancardian": 16, "extra_love": 4, "stamina": 36}
    assert set(shipped.count_sources.values()) <= SOURCES
    assert shipped.unknown_counts == ("character", "superhero", "event")
    assert {c.name for c in shipped.cards.values()} >= {"Trance", "Transfer of Power"}
    for card in shipped.cards.values():
        sources = dict(card.source)
        assert sources["name"] in SOURCES
        # No value without a source: costs, timings and templates of every known card are still unknown.
        for field in ("cost", "timing", "solo_banned", "template", "amount", "rounds"):
            value = getattr(card, field)
            assert value is None or field in sources, (card.name, field)
        assert card.template is None and card.cost is None
    assert shipped.lookup("TRANSFER of power") is not None and shipped.lookup("transferofpower") is not None
    assert shipped.lookup("Trance") is not None and shipped.lookup("Trance").kind is Kind.STORY  # type: ignore[union-attr]
    assert dict(shipped.lookup("Monologuing").source)["name"] == "review"  # type: ignore[union-attr]
    assert shipped.lookup("Kraken") is None


def test_a_users_values_go_over_and_say_so(shipped: Catalogue) -> None:
    text = ('[[card]]\nname = "monologuing"\ntemplate = "vp_per_trick"\namount = 1\ntiming = ["end-of-round"]\n\n'
            '[[card]]\nname = "Gadget Belt"\nkind = "story"\ncost = [1, 2]\n')
    mine = shipped.with_entries(user_entries("mine.toml", text))
    monologuing = mine.lookup("Monologuing")
    assert monologuing is not None and monologuing.template == "vp_per_trick" and monologuing.amount == 1
    assert monologuing.timing == (Timing.END_OF_ROUND,)
    assert monologuing.origin("template") == "user" and monologuing.origin("name") == "review"
    assert "template" not in monologuing.unknown
    belt = mine.lookup("gadget belt")
    assert belt is not None and belt.cost == (1, 2) and belt.origin("cost") == "user"
    assert shipped.lookup("Gadget Belt") is None  # the shipped catalogue is never changed


@pytest.mark.parametrize(("entry", "message"), [
    ({"name": "X"}, '"kind" must be one of'),
    ({"name": "X", "kind": "story", "cost": [1, 2, 3]}, "cost: must be a list of one or two whole numbers"),
    ({"name": "X", "kind": "story", "cost": "2"}, "cost: must be a list"),
    ({"name": "X", "kind": "story", "timing": ["sometimes"]}, "timing: must be a list of"),
    ({"name": "X", "kind": "story", "template": "win"}, "template: must be one of"),
    ({"name": "X", "kind": "vancardian", "colour": "blue"}, "colour: must be red or green"),
    ({"name": "X", "kind": "vancardian", "rounds": ["replace 2"]}, "rounds: must be five effect lines"),
    ({"name": "X", "kind": "story", "source": {"cost": "rumour"}}, "source of 'cost' must be one of"),
    ({"name": "X", "kind": "story", "power": 9}, "unknown value power"),
    ({"name": "", "kind": "story"}, 'each card needs a "name"'),
    ({"name": "X", "kind": "story", "amount": True}, "amount: must be a whole number"),
])
def test_bad_entries_are_refused_with_where_and_what(shipped: Catalogue, entry: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        shipped.with_entries([("mine.toml: card 1", entry)])
    assert "mine.toml: card 1" in str(info.value)


def test_a_broken_file_names_itself() -> None:
    with pytest.raises(InputError, match="mine.toml: not valid TOML"):
        user_entries("mine.toml", "[[card]\nname=")
    with pytest.raises(InputError, match='mine.toml: "game" must be "origin-story"'):
        parse_catalogue("mine.toml", 'game = "origami"\n')
