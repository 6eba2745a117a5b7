"""The store's contract: the same behaviour on every backend (SQLite always, PostgreSQL when reachable)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from companion import games
from companion.games import KINDS
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.render import sheet_json
from companion.origami.statistics import figures as origami_figures
from db import upcast
from db.errors import StaleGame, StoreError, UnknownRecord
from db.records import Undone
from db.store import Store
from scoring.errors import InputError
from scoring.origami import events as e
from tests.recorded import script

GAME = script(filled(shipped()), seed=5)
START, DEAL, FIRST = GAME.log[0], GAME.log[1], GAME.log[2]
assert isinstance(START, e.GameStarted)


def new_game(store: Store, key: str | None = "start") -> int:
    return store.games.create(variant=START.variant, players=START.players, families=START.families,
                             characters=START.character_pairs, first=(START,), key=key, kind="origami").id


def test_players_are_created_renamed_and_found_by_any_case(store: Store) -> None:
    ann = store.profiles.add("  Ann  ")
    assert ann.name == "Ann"
    assert store.profiles.get("ANN") == store.profiles.get(ann.id)
    with pytest.raises(StoreError, match="already a player called 'Ann'"):
        store.profiles.add("ann")
    store.profiles.add("Bob")
    with pytest.raises(StoreError, match="merge the two instead"):
        store.profiles.rename("Ann", "bob")
    assert store.profiles.rename("ann", "Annie").name == "Annie"
    assert [p.name for p in store.profiles.all()] == ["Annie", "Bob"]
    with pytest.raises(UnknownRecord, match="did you mean Annie"):
        store.profiles.get("Anni")


def test_a_merge_moves_every_game_and_result_and_the_old_name_leads_to_the_new(store: Store) -> None:
    gid = new_game(store)
    finished = store.results.record(variant="origami", players=["Cy", "Bobby"], families=[], characters=[],
                                   rules={}, sheet=_sheet(("Cy", 20, 1, True), ("Bobby", 10, 2, False)),
                                   sheets=[{}, {}], kind="origami")
    bobby = store.profiles.get("Bobby")
    into = store.profiles.get(START.players[1])
    store.profiles.merge("Bobby", into.name)
    assert store.profiles.get("bobby").id == into.id  # the old name is an alias now
    assert [p.name for p in store.profiles.all()].count("Bobby") == 0
    assert into.id in store.games.get(finished.id).player_ids and bobby.id not in store.games.get(finished.id).player_ids
    assert origami_figures(store.stats.player(into.id)).overall.games == 1
    assert store.games.get(gid).player_ids[1] == into.id
    with pytest.raises(StoreError, match="sat at the same table"):
        store.profiles.merge(START.players[0], START.players[2])


def test_append_is_atomic_ordered_and_idempotent(store: Store) -> None:
    gid = new_game(store)
    first = store.log.append(gid, 1, (DEAL, FIRST), key="deal")
    assert (first.first, first.last, first.duplicate) == (2, 3, False)
    again = store.log.append(gid, 1, (DEAL, FIRST), key="deal")  # a retry after a crash: nothing new
    assert (again.first, again.last, again.duplicate) == (2, 3, True)
    log = store.log.events(gid)
    assert [x.event for x in log] == [START, DEAL, FIRST]
    assert [(x.seq, x.action, x.key) for x in log] == [(1, 1, "start"), (2, 2, "deal"), (3, 2, None)]
    assert store.games.get(gid).last_seq == 3


def test_a_write_from_a_stale_sequence_number_is_refused_and_changes_nothing(store: Store) -> None:
    gid = new_game(store)
    store.log.append(gid, 1, (DEAL,), key="window A")
    with pytest.raises(StaleGame, match="changed elsewhere"):
        store.log.append(gid, 1, (FIRST,), key="window B")
    assert [x.event for x in store.log.events(gid)] == [START, DEAL]


def test_creating_a_game_with_a_recorded_key_returns_that_game(store: Store) -> None:
    assert new_game(store, key="same") == new_game(store, key="same")
    assert len(store.games.all()) == 1


def test_a_game_is_created_with_every_one_of_its_first_events_as_one_action(store: Store) -> None:
    gid = store.games.create(variant=START.variant, players=START.players, families=START.families,
                             characters=START.character_pairs, first=(START, DEAL), key="start", kind="origami").id
    log = store.log.events(gid)
    assert [x.event for x in log] == [START, DEAL]
    assert [(x.seq, x.action, x.key) for x in log] == [(1, 1, "start"), (2, 1, None)]
    assert store.games.get(gid).last_seq == 2


def test_the_database_refuses_to_update_or_delete_events(store: Store) -> None:
    gid = new_game(store)
    for statement in (f"UPDATE events SET type = 'turn_ended' WHERE game_id = {gid}",
                      f"DELETE FROM events WHERE game_id = {gid}"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), store.engine.begin() as c:
            c.execute(sa.text(statement))
    assert [x.event for x in store.log.events(gid)] == [START]


def test_undo_facts_round_trip_and_reopen_a_finished_game(store: Store) -> None:
    gid = new_game(store)
    store.log.append(gid, 1, (DEAL,), key="deal")
    sheet = _sheet(*((name, 10 - i, i + 1, i == 0) for i, name in enumerate(START.players)))
    assert store.results.finish(gid, sheet, sheet_json(sheet)["players"]).status == "finished"
    assert origami_figures(store.stats.player(START.players[0])).overall.wins == 1
    store.log.append(gid, 2, (Undone(2, "wrong deal"),), key="undo")
    assert store.log.events(gid)[-1].event == Undone(2, "wrong deal")
    assert store.games.get(gid).status == "playing" and store.results.of(gid) == []
    assert origami_figures(store.stats.player(START.players[0])).overall.games == 0


def test_a_corrupt_payload_is_named_not_skipped(store: Store) -> None:
    gid = new_game(store)
    with store.engine.begin() as c:  # inserting is allowed: that is how damage from outside would look
        c.execute(sa.text("INSERT INTO events (game_id, seq, type, version, payload, action, recorded_at) "
                          "VALUES (:g, 2, 'cards_dealt', 1, :p, 2, :t)"),
                  {"g": gid, "p": '{"hands": 3}', "t": datetime.now(UTC)})
    with pytest.raises(StoreError, match=rf"game {gid}, event 2 \(cards_dealt\) is damaged"):
        store.log.events(gid)


def test_old_event_versions_are_upcast_on_read_and_newer_ones_refused(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = new_game(store)
    old = {"player": 0, "discards": []}
    monkeypatch.setitem(upcast.STORE_EVENTS, "turn_ended", 2)  # pretend turn_ended is at version 2 now
    monkeypatch.setitem(upcast.UPCASTERS, ("turn_ended", 1), lambda p: {**p, "note": "v2"})
    monkeypatch.setattr("scoring.origami.codec.decode", lambda name, version, payload: (name, version, payload))
    with store.engine.begin() as c:
        for seq, version in ((2, 1), (3, 3)):
            c.execute(sa.text("INSERT INTO events (game_id, seq, type, version, payload, action, recorded_at) "
                              "VALUES (:g, :s, 'turn_ended', :v, :p, :s, :t)"),
                      {"g": gid, "s": seq, "v": version, "p": '{"player": 0, "discards": []}', "t": datetime.now(UTC)})
    with pytest.raises(StoreError, match="version 3 was written by a newer companion"):
        store.log.events(gid)
    assert upcast.read(games.codec("origami"), "turn_ended", 1, old) == ("turn_ended", 2, {**old, "note": "v2"})


def test_unknown_games_and_players_are_named(store: Store) -> None:
    with pytest.raises(UnknownRecord, match="no game 42"):
        store.games.get(42)
    with pytest.raises(UnknownRecord, match="no players are recorded yet"):
        store.profiles.get("Zed")
    with pytest.raises(UnknownRecord, match="no game 42"):
        store.log.append(42, 0, (START,), key="k")


def test_card_values_are_kept_and_replaced(store: Store) -> None:
    store.catalogue.set_value("origami", "Sheep", "points", 2)
    store.catalogue.set_value("origami", "Sheep", "points", 3)
    store.catalogue.set_value("origami", "Oni", "hand_modifier", -1)
    assert store.catalogue.values("origami") == [("Oni", "hand_modifier", -1), ("Sheep", "points", 3)]


def test_games_are_listed_by_status_and_player(store: Store) -> None:
    playing = new_game(store)
    done = store.results.record(variant="origami", players=["Ann", "Bob"], families=["birds"], characters=[],
                               rules={}, sheet=_sheet(("Ann", 1, 1, True), ("Bob", 0, 2, False)), sheets=[{}, {}], kind="origami")
    assert [g.id for g in store.games.all(status="playing")] == [playing]
    assert [g.id for g in store.games.all(status="finished")] == [done.id]
    assert [g.id for g in store.games.all(player="bob")] == [done.id]
    assert store.results.of(done.id)[0] == {"seat": 0, "name": "Ann", "score": 1, "rank": 1, "winner": True,
                                          "hand": 0, "sheet": {}}


def _sheet(*rows: tuple[str, int, int, bool]):  # type: ignore[no-untyped-def]
    from scoring.origami.sheet import PlayerScore, ScoreSheet

    players = tuple(PlayerScore(name, total, rank, 0, (), ()) for name, total, rank, _ in rows)
    winners = tuple(name for name, _, _, won in rows if won)
    return ScoreSheet(players, winners, "shared" if len(winners) > 1 else None)


def test_whole_games_move_between_databases_once(store: Store, tmp_path: object) -> None:
    """Export from one database, add to this one (SQLite and PostgreSQL): the same games, events and times;
    a second time adds nothing."""
    source = Store.open(f"sqlite:///{tmp_path}/source.db", KINDS)
    try:
        game_id = new_game(source)
        source.log.append(game_id, 1, (DEAL,), "deal")
        source.log.append(game_id, 2, (FIRST,), "first")
        source.log.append(game_id, 3, (Undone(3, "misread"),), "undo")
        games = source.exchange.whole()
    finally:
        source.close()
    assert store.exchange.add(games) == (1, 0)
    assert store.exchange.whole() == games
    assert [type(x.event) for x in store.log.events(1)] == [e.GameStarted, type(DEAL), type(FIRST), Undone]
    assert store.exchange.add(games) == (0, 1)
    assert store.exchange.whole() == games


def test_games_of_both_kinds_live_in_one_store(store: Store) -> None:
    """A game row says which game it is; each game's events go through that game's codec."""
    origami = new_game(store, key=None)
    origin = store.games.create(variant="table", players=["Ann", "Bob", "Cat"], families=[], kind="origin-story").id
    assert store.games.get(origami).kind == "origami" and store.games.get(origin).kind == "origin-story"
    assert {g.id: g.kind for g in store.games.all()} == {origami: "origami", origin: "origin-story"}
    assert store.log.events(origin) == []
    # Origami's events are not Origin Story's: the store refuses to write one into the other kind of game.
    with pytest.raises(InputError):
        store.log.append(origin, 0, (START,), "wrong-game")
    assert store.log.events(origin) == [] and len(store.log.events(origami)) == 1
