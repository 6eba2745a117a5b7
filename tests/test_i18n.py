"""The companion in Italian and German (scoring/i18n.py, companion/languages.py): every marked message in every
catalogue, the language chosen from --lang, the settings, then the locale, the catalogues compiled once, Home at 80×24
in each language, and no string a person reads left out of the catalogues in the files marked so far."""
from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po
from textual.widgets import OptionList, Static

from companion import bgstats_export, bgstats_page, languages, serve
from companion.app import make_app
from companion.cli import main
from companion.origin import catalogue as origin_catalogue
from companion.origin import watch as origin_watch
from scoring import i18n
from scoring.origami import game_file, templates
from scoring.origami.notation import VERBS
from screens.ask import Confirm
from screens.home import HomeScreen
from screens.origami import deal as origami_deal
from screens.origami import rules as origami_rules
from screens.origami import sheet as origami_sheet
from screens.origami import table as origami_table
from screens.origami import under_way as origami_under_way
from screens.origami import verb_help as origami_verb_help
from screens.origami.catalogue import CatalogueScreen
from screens.origami.fill_in import FillInScreen
from screens.origami.new_game import NewGameScreen
from screens.origami.quick import QuickScoreScreen, TotalsScreen
from screens.origin import sheet as origin_sheet
from screens.origin import stepper as origin_stepper
from screens.origin import table as origin_table
from screens.origin.catalogue import OriginCatalogueScreen
from screens.origin.new_game import OriginNewGameScreen
from screens.origin.quick import OriginQuickScreen
from screens.origin.rules import OriginRulesScreen, RuleEntry
from screens.origin.sheet import OriginSheetView
from tests.companion.test_counts import a_game_started
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until
from tests.screens.test_app import a_game_dealt

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SOURCES = ("companion", "screens", "scoring", "db")  # the folders the Makefile's `messages` extracts from
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
# The modules the scan of bare strings leaves out, each with why; every other module of SOURCES is scanned. A folder
# (ending in /) leaves out every module in it.
UNMARKED = {
    "companion/__main__.py": "Ctrl+C while the command line loads: before any language is chosen",
    "companion/languages.py": "its one refusal is a bug's (the command line offers only the languages there are)",
    "companion/origami/mutants.py": "the referee's soak (make soak, the tests): a developer's tool",
    "companion/origami/playout.py": "random games for the soak and the benchmarks: a developer's tool",
    "companion/origin/mutants.py": "the referee's soak (make soak, the tests): a developer's tool",
    "companion/origin/playout.py": "random games for the soak and the benchmarks: a developer's tool",
    "scoring/i18n.py": "each language's name in that language",
    "scoring/origami/sheet.py": "a sheet's reasons are kept in English and said where shown (sheet_words.why_shown)",
    "db/changes.py": "SQL",
    "db/quick.py": "SQL",
    "db/quick_history.py": "SQL; its refusals are never shown (the store reads again and says what is wrong)",
    "db/migrations/": "SQL and the schema's triggers, kept in the database",
}


def scanned() -> list[str]:
    """Every module of SOURCES but those UNMARKED leaves out."""
    paths = sorted(p.relative_to(ROOT).as_posix() for folder in SOURCES for p in (ROOT / folder).rglob("*.py"))
    return [p for p in paths if not any(p == left or (left.endswith("/") and p.startswith(left)) for left in UNMARKED)]
# Strings in the scanned modules that a person may read and that stay as they are in every language.
NOT_TRANSLATED = {
    "Origami companion",  # the product's name, in the window's title
    "Origin Story",  # the game's name
    "Automaton", "Factoryon",  # the Vancardians' names: seats in files and the log
    "score only",  # Origin Story's logging level as the settings keep it
    "ignore follow", "exchange with ",  # Origin Story's effects as typed (and kept in the log)
    "end of round", "vancardian draw",  # Origin Story's log: the sources of facts, as stored
    "BG Stats",  # the app's name, as the title of the page handing a game to it
    # commands as they are typed, in every language
    "companion players",
    "companion players add NAME",
    "companion players rename OLD NEW",
    "companion players merge FROM INTO",
    "companion catalog export FILE [--by NAME]",
    "companion catalog import FILE [--replace]",
    "companion catalog unset CARD FIELD",
    "companion catalog unset Sheep points",
    "catalog export",
    "catalog unset",
    # the mark after each value of a shared catalogue file, read back by `catalog import`
    r"^\s*([A-Za-z0-9_-]+)\s*=.*#\s*entered(?: by (?P<by>.+?))?, (?P<at>\d{4}-\d\d-\d\d \d\d:\d\d) UTC\s*$",
    # the web server's: aiohttp's log line it reads, a cookie's flag; the served pages' style and policy
    r"request from (\S+)",
    "Strict",
    serve.CSP,
    bgstats_page.STYLE,
    origin_watch.STYLE,
    # BG Stats' files: the names in `__all__`; the games, boxes and designer as BG Stats knows them; the words it
    # keeps as data (a guest, no location, the board the families are read back from, no colour); the text of a play
    # file opened as text (BG Stats' own words for it)
    "Play",
    "Reading",
    "Origami",
    "Origami Legends",
    "Christian Giove",
    "origami legends",
    "origami leggende",
    "origami and origami legends",
    "origin story",
    "Anonymous player",
    "Not recorded",
    "Families: ",
    "None",
    bgstats_export.ABOUT,
    # Origami card names (a scoring rule's title, a card's clarification): each edition's names are other work.
    "Chicken", "Bee", "Whale", "Rabbit", "Ant", "Macaw", "Triceratops", "Polar Bear", "Kappa", "Anaconda",
    "Nine-tailed Fox", "Zebra",
    "take rice paper:",  # a key: the word steps.py names a consequence by (scoring/origami/grants.py's _EXACTLY)
    # Examples written as the catalogue file and the table file write them (TOML, JSON).
    '{step = "take_rice", amount = 3}', '{step = "discard", amount = 1, who = "opponents"}', '{"whale": "sea"}',
    # shared's: a type variable's name; an undo's reason as the log stores it; a command as typed; a Rich style; a
    # CSS selector
    "State", "undone at the table", "`companion share ", " --save play.bgsplay`", "black on white",
    "#value, #choices",
}
NOT_TRANSLATED |= {verb.syntax for verb in VERBS.values()}  # Origami's table notation: typed the same in every language
NOT_TRANSLATED |= {templates.FILE_EXAMPLE, templates.TYPED_EXAMPLE}  # a scoring rule as written in a file, as typed
NOT_TRANSLATED |= {game_file.EXAMPLE, game_file.ACTIONS_EXAMPLE, game_file.COLLECTIONS_EXAMPLE}  # JSON in a game file
NOT_TRANSLATED |= {"a game starts with StartGame", "a game log starts with GameStarted"}  # assertions: bugs, never shown
NOT_TRANSLATED |= {'{"Sheep": {"points": 2}}', '["Ninja (red)"]', '[["Chick", "Ant"], []]'}  # JSON in a table file
# otab2's share: the Origin Story table and stepper
NOT_TRANSLATED |= {origin_table.OriginTableScreen.DEFAULT_CSS, origin_stepper.StepperScreen.DEFAULT_CSS}  # CSS
NOT_TRANSLATED |= {"bold red", "bold magenta", "bold green", "bold yellow", "dim strike", "bold reverse"}  # styles
NOT_TRANSLATED |= {"ann Monologuing 2"}  # a charge as typed at the stepper (an example)
NOT_TRANSLATED |= {"companion origin replay "}  # a command as typed
NOT_TRANSLATED |= {"undone at the table"}  # an undo's reason, kept in the log as written
NOT_TRANSLATED |= {"OriginSession", "Submitted"}  # the names in `__all__`
# osheet's share
NOT_TRANSLATED |= {origami_sheet.ScoreSheetView.DEFAULT_CSS, origami_rules.RuleEntry.DEFAULT_CSS,
                   origami_rules.RulesScreen.DEFAULT_CSS}  # CSS
NOT_TRANSLATED |= {"dim italic"}  # a style
NOT_TRANSLATED |= {"GameState", "PlayerState", " has no field "}  # `__all__`; a TypeError (a bug, never shown)
NOT_TRANSLATED |= {", scored under "}  # a card's English words, which the rules' search reads besides those shown
# otable's share: the Origami table, its set-up screens and controller
NOT_TRANSLATED |= {origami_table.TableScreen.DEFAULT_CSS, origami_under_way.UnderWayScreen.DEFAULT_CSS,
                   origami_deal.DealScreen.DEFAULT_CSS, origami_verb_help.VerbHelp.DEFAULT_CSS}  # CSS
NOT_TRANSLATED |= {"bold yellow", "bold reverse", "bold cyan"}  # styles
NOT_TRANSLATED |= set(origami_verb_help.EXAMPLES.values())  # actions as typed at the table (typed the same everywhere)
NOT_TRANSLATED |= {origami_under_way.HAND.pattern}  # a hand's size as typed ("5 + 2 rice")
NOT_TRANSLATED |= {"undone at the table"}  # an undo's reason, kept in the log as written
NOT_TRANSLATED |= {"GameSession", "Submitted"}  # the names in `__all__`
NOT_TRANSLATED |= {"Origami and Origami Legends"}  # the games' names (a variant's title)
NOT_TRANSLATED |= {" or null"}  # render.py: the mark on a stored field's type that may be null (said translated)
# commands and examples as typed (in every language)
NOT_TRANSLATED |= {"companion replay ", "scoring most_in_hand amount=3",
                   "companion catalog set CARD scoring TEMPLATE PARAMETER=VALUE", 'companion catalog set "',
                   '" scoring TEMPLATE [PARAMETER=VALUE …]', '": {"scoring": {"template": "most_in_hand", "amount": 3}}}'}
# orest's share: Origin Story's screens' Textual CSS and Rich styles; a command as typed (`catalog set`, its usage);
# assertions and a type's check (bugs, never shown)
NOT_TRANSLATED |= {OriginQuickScreen.DEFAULT_CSS, OriginNewGameScreen.DEFAULT_CSS, OriginCatalogueScreen.DEFAULT_CSS,
                   OriginRulesScreen.DEFAULT_CSS, RuleEntry.DEFAULT_CSS, OriginSheetView.DEFAULT_CSS,
                   origin_sheet._Body.DEFAULT_CSS}
NOT_TRANSLATED |= {"italic cyan", "bold red", "italic dim", "bold green"}
NOT_TRANSLATED |= {"catalog set", "catalog set ", origin_catalogue.SET_USAGE}
NOT_TRANSLATED |= {"an Origin Story log starts with os.GameStarted", "not an Origin Story event: ", " has no field "}
# oforms's share: the Origami forms' Textual CSS, selectors and Rich styles; a choice's value (an id, never shown)
NOT_TRANSLATED |= {NewGameScreen.DEFAULT_CSS, CatalogueScreen.DEFAULT_CSS, QuickScoreScreen.DEFAULT_CSS,
                   TotalsScreen.DEFAULT_CSS, FillInScreen.DEFAULT_CSS}
NOT_TRANSLATED |= {"#pairs, #pairs-label", "italic cyan", "bold red", "under way"}
# db's share: SQL as the store sends it; the drivers' own words errors.explain recognises; commands as typed; the
# records' names in db/stats.py's __all__
NOT_TRANSLATED |= {
    "BEGIN IMMEDIATE", "PRAGMA journal_mode", "PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON",
    "PRAGMA synchronous=FULL", "SELECT pg_advisory_xact_lock(:key)", "SELECT name FROM sqlite_master WHERE type = 'table'",
    "SELECT version_num FROM alembic_version", "INSERT INTO events (",
    " WHERE EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'playing')",
    " FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
    "unable to open", "file is not a database", "database is locked", "database table is locked", "disk is full",
    "database or disk is full", "no space", "permission denied", "could not connect", "connection refused",
    "pip install '.[postgres]'", "pipx install '.[postgres]'",
    "Figures", "HeadToHead", "Line", "PlayerStats", "Stats", "Versus", "Visit",
}
# refusals's share: a programming error's TypeError (a new field type with no reader), never shown to a player
NOT_TRANSLATED |= {"no reader for a field of type "}
# langa's share: scoring/origami/cards.py's type name (NewType) and the Rice Paper's card id (shown by card_names)
NOT_TRANSLATED |= {"CardId", "Rice Paper"}
# horigin's share: the source of the codec's event makers (scoring/codec.py: code compiled once, never shown)
NOT_TRANSLATED |= {"def make(payload):\n    return cls("}



Key = tuple[str | None, str | tuple[str, ...]]  # a message's context (None: none) and its text (a plural's: both)


def keywords() -> dict[str, Any]:
    """The functions `make messages` extracts the marked strings of: Babel's own, and those the Makefile adds (-k)."""
    added = re.findall(r"-k (\S+)", (ROOT / "Makefile").read_text(encoding="utf-8"))
    assert added, "the Makefile's `messages` names NC_ with -k"
    return {**DEFAULT_KEYWORDS, **parse_keywords(added)}


def extracted() -> dict[Key, str]:
    """Every message marked in the code (as `make messages` extracts it), with the file it is in."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[Key, str] = {}
    for folder in SOURCES:
        for filename, _line, message, _comments, context in extract_from_dir(
                ROOT / folder, method_map, options_map, keywords=keywords()):
            found[context, message] = f"{folder}/{filename}"
    return found


def catalogue(code: str) -> Catalog:
    with (languages.LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as po:
        return read_po(po, locale=code)


def key(message: Message) -> Key:
    return message.context, message.id if isinstance(message.id, str) else tuple(message.id)


def fields(text: str) -> list[str]:
    """What a translation must keep: the placeholders ({name}, %(name)s, %s) and the markup ([b]…[/b])."""
    return sorted(re.findall(r"\{[^}]*\}|%\(\w+\)\w|%\w|\[/?\w*\]", text))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_marked_in_the_code_is_translated_in_every_catalogue(code: str) -> None:
    wanted = extracted()
    assert (None, "Players and history") in wanted and (None, "usage: ") in wanted  # it read the marked files
    assert ("the player count filter", "Players") in wanted  # and a message marked with its context (NC_)
    kept = {key(m): m for m in catalogue(code) if m.id}
    assert [m for m in wanted if m not in kept] == [], "missing: run `make messages` and translate them"
    assert [m for m in kept if m not in wanted] == [], "stale: run `make messages`"
    for message in kept.values():
        assert not message.fuzzy, f"{code}: a fuzzy translation is not used: check it, {message.id!r}"
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(strings), f"{code}: not translated: {message.id!r}"
        for text in strings:
            assert fields(text) == fields(ids[-1]), f"{code}: {text!r} does not keep the fields of {ids[-1]!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_follow_each_languages_rule(code: str) -> None:
    book = catalogue(code)
    assert book.plural_forms == "nplurals=2; plural=(n != 1);"
    plurals = [m for m in book if m.pluralizable]
    assert plurals and all(len(m.string) == book.num_plurals for m in plurals)
    languages.use(code)
    one, many = (i18n.ngettext("{n} event", "{n} events", n).format(n=n) for n in (1, 2))
    assert (one, many) == {"it": ("1 evento", "2 eventi"), "de": ("1 Ereignis", "2 Ereignisse")}[code]
    languages.use(i18n.ENGLISH)
    assert i18n.ngettext("{n} event", "{n} events", 1).format(n=1) == "1 event"


def test_numbers_and_dates_are_written_as_each_language_writes_them() -> None:
    when = datetime(2026, 11, 21, 20, 15)
    written = {}
    for code in i18n.LANGUAGES:
        languages.use(code)
        written[code] = (languages.number(1234.5), languages.date_time(when))
    assert written["it"] == ("1.234,5", "21/11/26, 20:15")
    assert written["de"] == ("1.234,5", "21.11.26, 20:15")
    assert written["en"][0] == "1,234.5"


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "it_IT"}, "it"),
    ({"LC_MESSAGES": "de_AT.UTF-8@euro", "LANG": "it_IT.UTF-8"}, "de"),
    ({"LC_ALL": "it_CH.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "it"),
    ({"LANGUAGE": "fr:de:it", "LANG": "it_IT.UTF-8"}, "de"),
    ({"LANGUAGE": "", "LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "fr_FR.UTF-8"}, None),
    ({}, None),
])
def test_the_locale_names_the_language_as_gettext_reads_it(environ: dict[str, str], code: str | None) -> None:
    assert languages.from_environment(environ) == code


def test_a_catalogue_is_compiled_once_and_again_when_its_po_file_changes(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    locale, cache = tmp_path / "locale", tmp_path / "cache"
    shutil.copytree(languages.LOCALE, locale)
    monkeypatch.setattr(languages, "LOCALE", locale)
    monkeypatch.setenv(languages.CACHE, str(cache))
    languages.use("it")
    first = list((cache / "it").glob("*.mo"))
    assert len(first) == 1 and i18n._("Quit") == "Esci"
    po = locale / "it" / "LC_MESSAGES" / "companion.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Esci"', 'msgstr "Chiudi"'), encoding="utf-8")
    languages.use("it")
    again = list((cache / "it").glob("*.mo"))
    assert len(again) == 1 and again != first and i18n._("Quit") == "Chiudi"  # the old one is gone


@pytest.mark.parametrize("damage", [b"", b"\xde\x12\x04\x95\x00", b"not a catalogue at all"])
def test_a_damaged_compiled_catalogue_is_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        damage: bytes) -> None:
    monkeypatch.setenv(languages.CACHE, str(tmp_path))
    languages.use("it")
    (compiled,) = (tmp_path / "it").glob("*.mo")
    compiled.write_bytes(damage)  # cut short, or not a catalogue
    languages.use("it")
    assert i18n._("Quit") == "Esci" and compiled.read_bytes() != damage


def companion(*argv: str, **environ: str) -> subprocess.CompletedProcess[str]:
    """The real console script, in a locale of our choosing (and its catalogues compiled in the test's cache)."""
    env = {k: v for k, v in os.environ.items() if k not in languages.LOCALE_VARIABLES}
    return subprocess.run([str(BIN / "companion"), *argv], capture_output=True, text=True, timeout=120,
                          env={**env, **environ})


def test_the_console_script_speaks_the_language_of_lang_then_the_settings_then_the_locale(tmp_path: Path) -> None:
    italian = companion("--lang", "it", "--help")
    assert italian.returncode == 0, italian.stderr
    assert italian.stdout.startswith("uso: companion")
    assert "Assistente da tavolo per Origami e Origin Story" in italian.stdout
    assert "mostra questo aiuto ed esce" in italian.stdout and "Codici di uscita" in italian.stdout
    german = companion("--help", LANG="de_DE.UTF-8")
    assert german.returncode == 0 and "Tischassistent für Origami und Origin Story" in german.stdout
    assert "Optionen:" in german.stdout and "Positionsargumente:" in german.stdout
    assert "Table companion for" in companion("--lang", "en", "--help", LANG="de_DE.UTF-8").stdout
    (tmp_path / "settings.json").write_text(json.dumps({"language": "it"}), encoding="utf-8")
    kept = companion("--help", LANG="de_DE.UTF-8", COMPANION_SETTINGS=str(tmp_path / "settings.json"))
    assert "Assistente da tavolo" in kept.stdout
    refused = companion("--json", LANG="de_DE.UTF-8")
    assert refused.returncode == 2 and "--json gehört zu einem Befehl" in refused.stderr


def test_an_unknown_language_is_refused_naming_those_there_are() -> None:
    done = companion("--lang", "fr", "games")
    assert done.returncode == 2
    assert "argument --lang: invalid choice: 'fr' (choose from 'en', 'it', 'de')" in done.stderr


def test_a_start_in_italian_after_the_first_reads_the_compiled_catalogue_without_babel(tmp_path: Path) -> None:
    """The first paint in Italian is no slower than in English: Babel compiles a catalogue once, never again."""
    cache = str(tmp_path / "cache")
    for first in (True, False):
        done = companion("--lang", "it", "--version", COMPANION_CACHE=cache, PYTHONPROFILEIMPORTTIME="1")
        assert done.returncode == 0, done.stderr[-500:]
        babel = [line for line in done.stderr.splitlines() if line.rsplit("|", 1)[-1].strip() == "babel"]
        assert bool(babel) is first


@pytest.mark.parametrize("command", [["--json", "rules", "scoring"], ["replay", "1", "--json"],
                                     ["referee", str(ROOT / "examples" / "referee.json"), "--json"]])
def test_json_and_files_stay_the_same_in_every_language(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         command: list[str]) -> None:
    """--json is for programs: its keys, ids and words (a replay's log lines too) are the same whatever the
    language."""
    url = a_game_started(tmp_path)[0]
    said = {}
    for code in i18n.LANGUAGES:
        exit_code = main(["--db", url, "--lang", code, *command])  # the referee's example has a refused line: 1
        said[code] = exit_code, json.loads(capsys.readouterr().out)
    assert said["it"] == said["en"] == said["de"]


# --- Home ------------------------------------------------------------------------------------------------------
def flat(text: str) -> str:
    """Screen text with the borders dropped and every run of spaces one space: wrapped lines read as one."""
    return " ".join(re.sub(r"[▁▔▎▊▏▕│]", " ", text).split())


@pytest.mark.parametrize(("code", "welcome", "players"), [
    ("it", "Benvenuti! Nessuna partita in corso.", "Giocatori e storico"),
    ("de", "Willkommen! Keine Partie läuft.", "Spieler und Chronik"),
])
async def test_home_in_italian_and_german_at_80_by_24_shows_every_word(tmp_path: Path, code: str, welcome: str,
                                                                        players: str) -> None:
    languages.use(code)
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith(welcome)
        shown = flat(screen_text(app))
        assert flat(status) in shown  # wrapped, never cut
        assert players in shown
        footer = screen_text(app).splitlines()[-1]
        for binding in screen.active_bindings.values():
            if binding.binding.show:
                assert f"{binding.binding.key} {binding.binding.description}" in footer.replace("\xa0", " ")


@pytest.mark.parametrize(("code", "status", "resume"), [
    ("it", "1 partita in corso: sceglila per riprenderla", "Riprendi la partita 1 di Origami: P1, P2, P3 (legends, iniziata"),
    ("de", "1 Partie läuft: wähle sie zum Fortsetzen", "Partie 1 von Origami fortsetzen: P1, P2, P3 (legends, begonnen"),
])
async def test_a_game_in_progress_on_home_in_italian_and_german_at_80_by_24(tmp_path: Path, code: str, status: str,
                                                                           resume: str) -> None:
    url = a_game_dealt(tmp_path)
    languages.use(code)
    app = make_app(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert str(app.screen.query_one("#status", Static).render()).startswith(status)
        prompt = str(app.screen.query_one("#menu", OptionList).get_option_at_index(0).prompt)
        assert prompt.startswith(resume) and prompt.endswith(("eventi)", "Ereignisse)"))
        assert flat(prompt) in flat(screen_text(app))  # wrapped, never cut
        await pilot.press("x")
        question = {"it": "Abbandonare la partita 1?", "de": "Partie 1 aufgeben?"}[code]
        await until(pilot, lambda: question in screen_text(app), "the question whether to abandon it")
        assert isinstance(app.screen, Confirm)
        dialog = [line.split("█")[1] for line in screen_text(app).splitlines() if line.count("█") >= 2]
        assert flat(f"{question} {app.screen.detail}") in flat("\n".join(dialog))  # between its borders


async def test_l_on_home_and_the_command_palette_change_the_language_at_once_and_keep_it(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/new.db")
    settings = Path(os.environ["COMPANION_SETTINGS"])

    def status() -> str:
        return str(app.home.query_one("#status", Static).render())

    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert status().startswith("Welcome!")
        await pilot.press("l")
        await until(pilot, lambda: status().startswith("Benvenuti!"), "Home in Italian")
        assert "q Esci" in screen_text(app).splitlines()[-1].replace("\xa0", " ")
        assert json.loads(settings.read_text(encoding="utf-8"))["language"] == "it"
        german = next(c for c in app.get_system_commands(app.screen) if c.title == "Lingua: Deutsch")
        app.call_later(german.callback)
        await until(pilot, lambda: status().startswith("Willkommen!"), "Home in German")
        assert json.loads(settings.read_text(encoding="utf-8"))["language"] == "de"
        await pilot.press("l")
        await until(pilot, lambda: status().startswith("Welcome!"), "Home in English again")
    assert i18n.language() == i18n.ENGLISH


# --- strings that bypass the catalogues ---------------------------------------------------------------------------
TRANSLATORS = {"_", "N_", "ngettext", "pgettext", "npgettext", "NC_"}
PROSE = re.compile(r"[A-Za-z]{2,}\W* +\W*[A-Za-z]{2,}|^[A-Z][a-z]")  # two words, or a capitalised one
# HTML's tags (one cut off where an f-string's part ends) and a template's {fields}: markup, not prose
TAG = re.compile(r"<[^<>]*(?:>|$)|\{\w*\}")
STYLES = {"DEFAULT_CSS", "CSS"}  # a screen's or widget's Textual CSS: style, not prose


def bare(source: str) -> list[str]:
    """The string literals in `source` that read as prose and are not handed to a translating function: neither a
    docstring nor an allowed one (NOT_TRANSLATED)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATORS:
            skip.update(id(n) for arg in node.args for n in ast.walk(arg))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in STYLES for t in node.targets):
            skip.add(id(node.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # Babel does not extract a call inside an f-string: never translated
            found += [n.args[0].value for n in ast.walk(node) if isinstance(n, ast.Call)
                      and isinstance(n.func, ast.Name) and n.func.id in TRANSLATORS and n.args
                      and isinstance(n.args[0], ast.Constant)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if PROSE.search(TAG.sub(" ", node.value)) and node.value not in NOT_TRANSLATED:
                found.append(node.value)
    return found


@pytest.mark.parametrize("path", scanned())
def test_no_string_a_person_reads_bypasses_the_catalogues(path: str) -> None:
    assert bare((ROOT / path).read_text(encoding="utf-8")) == []


def test_every_module_left_out_of_the_scan_exists_and_the_rest_are_scanned() -> None:
    assert all((ROOT / left).exists() for left in UNMARKED), "a module left out is gone: drop it from UNMARKED"
    assert "screens/origami/table.py" in scanned() and "db/migrations/env.py" not in scanned()
    assert len(scanned()) > 150  # the folders read whole


def test_the_scan_finds_a_bare_string() -> None:
    source = 'def f() -> None:\n    """Doc."""\n    notify(_("Marked one"))\n    notify("Bare one")\n    key("q")\n'
    assert bare(source) == ["Bare one"]
    html = 'def f() -> str:\n    return f\'<p class="quiet">{x}</p><span class="\' + "<p>Bare in a tag</p>"\n'
    assert bare(html) == ["<p>Bare in a tag</p>"]  # tags alone are no prose; the words between them are
    assert bare('def f() -> str:\n    return f"{_(\'Lost\')}!"\n') == ["Lost"]  # Babel never extracts it


def test_home_keeps_its_words_for_the_catalogues() -> None:
    """Home's keys are translated where they are bound: in Italian, the Italian words."""
    languages.use("it")
    words = {b.description for bs in HomeScreen()._bindings.key_to_bindings.values() for b in bs}
    assert {"Profili", "Esci", "Lingua", "Abbandona"} <= words


@pytest.mark.parametrize(("code", "title"), [("en", "Pay exactly"), ("it", "Pagare il costo esatto"),
                                             ("de", "Genau bezahlen")])
def test_the_origami_rules_read_in_the_language_and_are_found_by_words_of_any(
        capsys: pytest.CaptureFixture[str], code: str, title: str) -> None:
    assert main(["--lang", code, "rules", "PAY-EXACT"]) == 0
    assert capsys.readouterr().out.startswith(f"PAY-EXACT — {title}\n")
    for words in ("Pay exactly", "Pagare il costo esatto", "genau bezahlen"):  # typed in any language, one rule
        assert main(["--lang", code, "--json", "rules", words]) == 0
        assert [r["id"] for r in json.loads(capsys.readouterr().out)] == ["PAY-EXACT"]


def test_the_origami_rules_screen_reads_each_rule_in_the_language_and_finds_it_by_either_word() -> None:
    from screens.origami.rules import matches, topics

    languages.use("it")
    pay = next(t for t in topics() if t.key == "PAY-EXACT")
    assert (pay.title, pay.text.split()[:3]) == ("Pagare il costo esatto", ["Per", "giocare", "un"])
    assert matches(pay, "costo esatto") and matches(pay, "pay exactly")  # the shown words, or the English ones


def test_lang_after_another_global_option_with_its_value_is_heard(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    """`--db URL --lang it`: the URL is --db's value, not the verb, and --lang after it still counts."""
    url = f"sqlite:///{tmp_path}/g.db"
    for argv in (["--db", url, "--lang", "it"], [f"--db={url}", "--lang=it"]):
        assert main([*argv, "games"]) == 0
        assert capsys.readouterr().out == "ancora nessuna partita registrata\n"


def test_an_origami_replay_reads_in_the_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = a_game_started(tmp_path)[0]
    assert main(["--db", url, "--lang", "it", "replay", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "[preparazione]" in lines[0]
    assert lines[-1].startswith("partita 1: ") and ", ogni controllo superato; ora: Mazzo" in lines[-1]
