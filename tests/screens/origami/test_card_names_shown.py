"""Cards under their editions' names where a person reads them (issue 33), at 80×24 in Italian and German: the
table's log and its previews, a score sheet's reasons (the app's and the command line's), the catalogue's filter by
an effect's words or a family's name. What is kept (the log in the database, a sheet's reasons, --json) keeps the
cards' English ids."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Input, Static

from companion import languages
from companion.app import make_app
from companion.cli import main
from companion.origami.catalogue import shipped
from db.records import Undone
from scoring import i18n
from scoring.origami import events as e
from scoring.origami.card_names import search_words
from scoring.origami.cards import CardId
from scoring.origami.describe import describe
from scoring.origami.sheet import Line, PlayerScore, ScoreSheet
from scoring.origami.sheet_words import why_shown
from screens.origami.catalogue import CatalogueScreen
from screens.origami.sheet import SheetScreen
from screens.origami.table import TableScreen
from tests.screens.origami.test_friction import screen_text
from tests.screens.origami.test_table import CATALOGUE, type_line
from tests.screens.origami.test_table_faults import dealt_game, resume
from tests.screens.settle import until, until_filled
from tests.test_i18n import flat

EXAMPLE = Path(__file__).parents[3] / "examples" / "41.json"  # Ann holds two Ants and a Chicken with two Chicks


def test_a_log_line_names_its_cards_as_the_edition_of_the_language_in_use() -> None:
    played = e.OrigamiPlayed(player=0, card=CardId("Macaw"), collection=0, under=False, source="line",
                             payment=(CardId("Seal"), CardId("Ninja (yellow)")), action=True)
    languages.use("it")
    assert describe(played, ("Ann",), CATALOGUE) == \
        "Ann gioca Ara dalla fila sulla collezione 1 pagando Foca, Ninja (giallo)"
    assert "Macaw" in describe(played, ("Ann",))  # no catalogue: the ids, as before
    languages.use("de")  # the German Legends names are not known: the English ones
    assert "Macaw" in describe(played, ("Ann",), CATALOGUE) and "Ninja (gelb)" in describe(played, ("Ann",), CATALOGUE)
    languages.use(i18n.ENGLISH)
    assert describe(played, ("Ann",), CATALOGUE) == describe(played, ("Ann",)) == \
        "Ann plays Macaw from the line on collection 1, paying Seal, Ninja (yellow)"


def test_a_reason_names_its_card_as_the_edition_of_the_language_in_use() -> None:
    languages.use("de")
    assert why_shown("2 Ants: worth 5", CATALOGUE) == "2 × Ameise: zählt 5"
    assert why_shown("only 1 Ant: needs 2 to be worth 5", CATALOGUE) == "nur 1 Ameise: 2 nötig, um 5 zu zählen"
    assert why_shown("2 Chicks × 2", CATALOGUE) == "2 × Küken × 2"
    # A name ending in s, one copy: read as that card, not as the plural of a "Walru" the catalogue does not have.
    languages.use("it")
    assert why_shown("1 Walrus × 2", CATALOGUE) == "1 Walrus × 2"
    assert why_shown("another Macaw directly below", CATALOGUE) == "un altro Ara subito sotto"
    assert why_shown("2 Crows × 2", CATALOGUE) == "2 × Crow × 2"  # a card it does not know: as written
    languages.use(i18n.ENGLISH)
    assert why_shown("2 Ants: worth 5", CATALOGUE) == "2 Ants: worth 5"


@pytest.mark.parametrize("code", ["it", "de"])
def test_the_command_lines_sheet_names_cards_in_the_language_and_its_json_stays_english(
        capsys: pytest.CaptureFixture[str], code: str) -> None:
    ant = {"it": "2 × Ant: vale 5", "de": "2 × Ameise: zählt 5"}[code]
    assert main(["--lang", code, "score", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert ant in text, text
    if code == "de":
        assert "Küken" in text and "Ameise" in text and "2 Ants" not in text
    assert main(["--lang", code, "--json", "score", str(EXAMPLE)]) == 0
    kept = capsys.readouterr().out
    whys = [line["why"] for player in json.loads(kept)["players"] for line in player["lines"]]
    assert "2 Ants: worth 5" in whys and "2 Chicks × 2" in whys
    assert "Ameise" not in kept and "Küken" not in kept and "Ara" not in kept


async def test_the_italian_table_log_names_the_legends_cards_by_their_italian_names(tmp_path: Path) -> None:
    """Two actions played in Italian at 80×24: the log's lines name the cards as the Italian Legends box does, each
    line whole or cut with … at the edge (by design); the database keeps the ids."""
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)
    languages.use("it")
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        for _ in range(2):  # the first pick twice: a Character played, then a card from the draw line
            seq = session.seq
            pick = table.picks()[0]
            await type_line(pilot, pick)  # the preview says the cards by their Italian names too
            await until(pilot, lambda: "✓" in str(table.query_one("#preview", Static).render()), "the preview")
            preview = str(table.query_one("#preview", Static).render())
            assert "Ninja (yellow)" not in preview and "Merchant" not in preview, preview
            await pilot.press("enter")
            await until(pilot, lambda seq=seq: session.seq > seq, "the pick recorded")  # type: ignore[misc]
        names = tuple(p.name for p in session.state.players)
        events = [entry.event for entry in session.log[-3:] if not isinstance(entry.event, Undone)]
        latest = [describe(event, names, CATALOGUE) for event in events]
        await until(pilot, lambda: latest[-1][:60] in screen_text(app), "the log's latest line")
        log = str(table.query_one("#log", Static).render())
        assert "Ninja (giallo)" in log and "Ninja (yellow)" not in log  # the Character, as the Italian box says
        by_ids = [describe(event, names) for event in events]
        assert latest != by_ids  # a line names a card whose Italian name is not its English one
        rows = screen_text(app).splitlines()
        for line in latest:
            row = next((r for r in rows if line[:30] in r), None)
            assert row is not None, (line, rows)
            said = row.strip()
            assert len(row) <= 80 and (said == line or (said.endswith("…") and line.startswith(said[:-1]))), said
        kept = [entry.event for entry in session.log[-3:]]
    assert any(getattr(event, "card", "") == "Ninja (yellow)" for event in kept)  # the log keeps the ids


@pytest.mark.parametrize("code", ["it", "de"])
async def test_a_kept_sheets_reasons_name_cards_as_the_edition_at_80_by_24(code: str) -> None:
    sheet = ScoreSheet((PlayerScore("Ann", 10, 1, 3, (
        Line(CardId("Ant"), 1, 1, 3, 2, "2 Ants: worth 5"), Line(CardId("Ant"), 1, 2, 3, 2, "2 Ants: worth 5"),
        Line(CardId("Macaw"), 2, 1, 2, 0, "no Macaw directly above or below"),
    ), ()),), ("Ann",), None)
    words = {"it": ("2 × Ant: vale 5", "nessun Ara subito sopra o sotto"),
             "de": ("2 × Ameise: zählt 5", "kein Macaw direkt darüber oder darunter")}[code]
    languages.use(code)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SheetScreen(sheet, "7", game_id=7, catalogue=shipped())
        await app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: words[0] in screen_text(app), "the sheet drawn")
        text = screen_text(app)
        assert all(word in flat(text) for word in words), text
        assert all(len(line) <= 80 for line in text.splitlines())
    assert [ln.why for ln in sheet.players[0].lines][0] == "2 Ants: worth 5"  # kept as it was


@pytest.mark.parametrize(("code", "typed", "card"), [
    ("it", "ogni origami sotto", "Penguin"),  # "Prendi una Carta di riso per ogni origami sotto il Pinguino"
    ("it", "animali polari", "Seal"),  # the family's Italian name
    ("de", "Nachschubzeile", "Raccoon"),  # "Nimm Karten aus der Nachschubzeile ..."
    ("de", "bauernhof", "Sheep"),  # the family's German name
])
async def test_the_catalogue_finds_a_card_by_its_effect_or_family_in_the_language(code: str, typed: str,
                                                                                   card: str) -> None:
    languages.use(code)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = CatalogueScreen(shipped())
        await app.push_screen(screen)
        await until_filled(pilot, screen)
        table = screen.query_one(DataTable)
        every = table.row_count
        screen.query_one("#filter", Input).value = typed
        await until(pilot, lambda: table.row_count < every, "the filter applied")
        keys = [row.key.value for row in table.ordered_rows]
        assert card in keys and len(keys) < every, keys
        screen.query_one("#filter", Input).value = "zzzz"  # nothing: no row
        await until(pilot, lambda: table.row_count == 0, "nothing kept")


def test_a_word_is_never_found_across_two_parts_and_english_texts_are_always_searched() -> None:
    seal = shipped().card("Seal")
    languages.use("it")
    words = search_words(seal)
    assert "prendi3cartediriso" in words and "take3ricepaper" in words and "animalipolari" in words
    assert not re.search(r"\n\n", words)
    assert "prendi" not in search_words(seal, texts=False)  # the command line's search: names, game and family
    languages.use(i18n.ENGLISH)
    assert "prendi" not in search_words(seal) and "take3ricepaper" in search_words(seal)


def test_companion_replay_names_cards_in_the_language_and_its_json_keeps_the_ids(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path}/o.db"
    dealt_game(url)  # a Legends game: P1 is dealt the Mesosaurus and the Seal
    assert main(["--db", url, "--lang", "it", "replay", "1"]) == 0
    text = capsys.readouterr().out
    assert "Mesosauro" in text and "Foca" in text and "Mesosaurus" not in text, text
    assert main(["--db", url, "--lang", "it", "--json", "replay", "1"]) == 0
    kept = capsys.readouterr().out
    assert "Mesosaurus" in kept and "Mesosauro" not in kept and "Foca" not in kept
