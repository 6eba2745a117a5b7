"""langa's share of issue 33: a card value nobody knows said in whole sentences (each language's word order), one
English word with two meanings translated in its context (pgettext, NC_), the Origin codec's values said in the
language of the refusal, and counts in ngettext's forms instead of "(s)"."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import languages
from companion.cli import main
from companion.games import KINDS
from companion.origami.advice import UNKNOWN, what_is_missing
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.session import GameSession
from db.store import Store
from scoring import i18n
from scoring.errors import InputError, MissingValue
from scoring.i18n import N_, NC_, _, pgettext
from scoring.origami.cards import Card, CardId, Game, Kind
from scoring.origami.catalog import Catalogue
from scoring.origami.sheet import score
from scoring.origami.table import parse_table
from scoring.origin import codec
from scoring.origin.catalog import parse_catalogue
from screens.origami import question
from screens.origami.fill_in import facts
from tests.companion.test_damaged_db import LAST, _copy_event, sound  # noqa: F401 (sound: the fixture)
from tests.scoring.origin.test_catalog import SHIPPED


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    languages.use(i18n.ENGLISH)


# How the English read before (FIELD_LABELS' fragments finished by "{card}: {label} not known"): they must not change.
FRAGMENTS = {"points": "its printed victory points are", "cost": "its cost is", "folds": "its folds are",
             "effect": "its kind of effect (instant, scoring, ongoing or special) is",
             "scoring": "its scoring effect is", "hand_modifier": "its hand modifier is",
             "price_modifier": "how it changes prices is", "amount": "how many cards its effect moves is",
             "hand": "the cards in hand are"}


@pytest.mark.parametrize("field", sorted(FRAGMENTS))
def test_every_field_reads_in_english_as_it_did(field: str) -> None:
    label = FRAGMENTS[field]
    assert what_is_missing(MissingValue("Sheep", field)) == f"Sheep: {label} not known"
    assert what_is_missing(MissingValue("Sheep", field, "the score").at("Ann's collection 1, card 2")) == \
        f"Ann's collection 1, card 2: Sheep: {label} not known, needed for the score"
    assert question.values().unknown[field].format(card="Sheep") == f"[b]Sheep[/b]: {label} not known yet."
    assert set(UNKNOWN) == set(question.UNKNOWN) == set(FRAGMENTS)


@pytest.mark.parametrize(("code", "said"), [
    ("en", "A's collection 1, card 1: Sheep: its printed victory points are not known, needed for the score"),
    ("it", "collezione 1 di A, carta 1: Sheep: i suoi punti vittoria stampati non sono noti, servono per il punteggio"),
    ("de", "Sammlung 1 von A, Karte 1: Sheep: seine aufgedruckten Siegpunkte sind nicht bekannt, nötig für die Wertung"),
])
def test_where_and_why_a_score_stops_are_said_in_the_language(speaking: None, code: str, said: str) -> None:
    table = {"game": "origami", "players": [{"name": "A", "collections": [["Sheep"], []], "hand": 0},
                                            {"name": "B", "collections": [[], []], "hand": 0}]}
    languages.use(code)
    with pytest.raises(MissingValue) as stopped:
        score(parse_table(table, shipped()))
    assert what_is_missing(stopped.value) == said
    assert stopped.value.where == "A's collection 1, card 1" and stopped.value.why == "the score"  # kept in English


def test_a_field_with_no_sentence_of_its_own_is_named() -> None:
    assert what_is_missing(MissingValue("Sheep", "some_field", "the score")) == \
        "Sheep: some field is not known, needed for the score"


@pytest.mark.parametrize(("code", "said"), [
    # Italian: "not known" first, then what is not known; German: the verb at the end of the clause.
    ("it", "Seal: non si sa quante carte sposta il suo effetto, serve saperlo per sapere se ha un'azione speciale"),
    ("de", "Seal: wie viele Karten sein Effekt bewegt, ist nicht bekannt, nötig für die Frage, ob es eine "
           "Sonderaktion hat"),
])
def test_a_value_nobody_knows_is_said_in_each_languages_word_order(speaking: None, code: str, said: str) -> None:
    languages.use(code)
    assert what_is_missing(MissingValue("Seal", "amount", N_("knowing whether it has a special action"))) == said


@pytest.mark.parametrize(("code", "said"), [
    ("it", "[b]Sheep[/b]: i suoi punti vittoria stampati non sono ancora noti."),
    ("de", "[b]Sheep[/b]: seine aufgedruckten Siegpunkte sind noch nicht bekannt."),
])
def test_the_question_says_the_value_in_a_sentence_of_the_language(speaking: None, code: str, said: str) -> None:
    languages.use(code)
    assert question.values().unknown["points"].format(card="Sheep") == said


def test_one_word_with_two_meanings_is_translated_in_each_context(speaking: None) -> None:
    profiles, count = NC_("the players' profiles and history", "Players"), NC_("the player count filter", "Players")
    assert _(profiles) == _(count) == "Players"  # in English, the word alone
    languages.use("it")
    assert (_(profiles), _(count)) == ("Profili", "Giocatori")
    assert (pgettext("no card value", "none"), _("none")) == ("nessuno", "nessuna")  # a value; a card


def test_a_card_value_the_card_has_none_of_is_said_as_a_value(speaking: None) -> None:
    card = Card(CardId("Sheep"), "Sheep", Game.ORIGAMI, Kind.ORIGAMI, cost=None, points=1)
    languages.use("it")
    assert "costo: nessuno" in facts(card, Catalogue({card.id: card}, {}))


@pytest.mark.parametrize(("code", "said"), [
    ("en", "os.CardPlayed: suit must be one of br, lv, sp, st or null, not 'gold'"),
    ("it", "os.CardPlayed: suit deve essere uno tra br, lv, sp, st o null, non 'gold'"),
    ("de", "os.CardPlayed: suit muss eines von br, lv, sp, st oder null sein, nicht 'gold'"),
])
def test_a_damaged_origin_value_is_refused_naming_its_values_in_the_language(speaking: None, code: str,
                                                                            said: str) -> None:
    languages.use(code)
    payload = {"round": 1, "trick": 1, "seat": "Ann", "card": "9br", "value": None, "suit": "gold", "by": None,
               "ignore_follow": False}
    with pytest.raises(InputError) as refused:
        codec.decode("os.CardPlayed", codec.VERSION, payload)
    assert str(refused.value) == said


@pytest.mark.parametrize(("code", "one", "many"), [
    ("en", "unknown value power;", "unknown values power, zeal;"),
    ("it", "valore sconosciuto power;", "valori sconosciuti power, zeal;"),
    ("de", "unbekannter Wert power;", "unbekannte Werte power, zeal;"),
])
def test_unknown_values_are_counted(speaking: None, code: str, one: str, many: str) -> None:
    languages.use(code)
    origin = parse_catalogue("origin_story.toml", SHIPPED.read_text(encoding="utf-8"))
    for extra, said in (({"power": 9}, one), ({"power": 9, "zeal": 1}, many)):
        with pytest.raises(InputError) as refused:
            origin.with_entries([("mine.toml: card 1", {"name": "X", "kind": "story", **extra})])
        assert said in str(refused.value)


@pytest.mark.parametrize(("gap", "problem"), [(1, "event {n} is missing from the log"),
                                            (2, "events {n}, {m} are missing from the log")])
def test_missing_events_are_counted(sound: Path, tmp_path: Path, gap: int, problem: str) -> None:
    after = f"{LAST.format(g=2)} + {gap + 1}"  # an event that far after the last: `gap` events missing before it
    store = Store.open(with_damage(sound, tmp_path, _copy_event(2, seq=after, action=after)), KINDS)
    try:
        last = max(e.seq for e in store.log.events(2)) - gap - 1
        session = GameSession(store, 2, filled(shipped()))
        assert problem.format(n=last + 1, m=last + 2) in session.problems, session.problems
    finally:
        store.close()


def test_a_finished_game_short_of_a_result_counts_both(sound: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    url = with_damage(sound, tmp_path, "DELETE FROM results WHERE game_id = 1 AND seat = 1")
    assert main(["--db", url, "games", "--json"]) == 0
    damaged = [game["damaged"] for game in json.loads(capsys.readouterr().out) if "damaged" in game]
    assert damaged == ["finished with 1 result for 2 players"]


def with_damage(sound: Path, tmp_path: Path, sql: str) -> str:
    """A copy of the sound history with `sql` run on it (the log's append-only triggers dropped first)."""
    path = tmp_path / "companion.db"
    path.write_bytes(sound.read_bytes())
    c = sqlite3.connect(path)
    c.isolation_level = None
    c.execute("DROP TRIGGER events_no_update")
    c.execute("DROP TRIGGER events_no_delete")
    c.executescript(sql)
    c.close()
    return f"sqlite:///{path}"
