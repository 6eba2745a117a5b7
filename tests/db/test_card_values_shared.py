"""The user's catalogue as sharing needs it: when and by whom each value was entered (kept across an import), and a
value forgotten again."""
from __future__ import annotations

from datetime import UTC, datetime

from db.store import Store


def test_when_each_value_was_entered_is_kept_and_a_value_can_be_forgotten(store: Store) -> None:
    entered = datetime(2026, 3, 1, 20, 15, tzinfo=UTC)
    store.catalogue.set_value("origami", "Sheep", "points", 2, entered, "Ann")
    store.catalogue.set_value("origami", "Cat", "points", 3)
    rows = store.catalogue.values_set("origami")
    assert [(c, f, v, by) for c, f, v, _, by in rows] == [("Cat", "points", 3, None), ("Sheep", "points", 2, "Ann")]
    sheep = rows[1][3]
    assert (sheep if sheep.tzinfo else sheep.replace(tzinfo=UTC)) == entered
    assert rows[0][3] != entered
    assert store.catalogue.unset_value("origami", "Sheep", "points") is True
    assert store.catalogue.unset_value("origami", "Sheep", "points") is False
    assert store.catalogue.values("origami") == [("Cat", "points", 3)]
