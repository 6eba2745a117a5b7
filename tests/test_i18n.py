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
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from textual.widgets import OptionList, Static

from companion import languages
from companion.app import make_app
from companion.cli import main
from scoring import i18n
from scoring.origami import game_file, templates
from scoring.origami.notation import VERBS
from screens.ask import Confirm
from screens.home import HomeScreen
from tests.screens.origami.test_friction import screen_text
from tests.screens.settle import settled, until
from tests.screens.test_app import a_game_dealt

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SOURCES = ("companion", "screens", "scoring")  # the folders the Makefile's `messages` extracts from
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
# The files whose every string a person reads is marked (the others are marked by later work: issue 33).
MARKED = (
    "companion/cli.py",
    "screens/home.py",
    "scoring/origami/describe.py",
    "scoring/origami/notation.py",
    "scoring/origami/steps.py",
    "scoring/origami/table.py",
    "scoring/origami/under_way.py",
    "scoring/origami/templates.py",
    "scoring/origami/game_file.py",
    "scoring/origami/position.py",
    "scoring/jsontext.py",
    "scoring/catalogue_file.py",
    "scoring/errors.py",
    "scoring/origami/evolve.py",
)
# Strings in MARKED that a person may read and that stay as they are in every language.
NOT_TRANSLATED = {"Origami companion"}  # the product's name, in the window's title
NOT_TRANSLATED |= {verb.syntax for verb in VERBS.values()}  # Origami's table notation: typed the same in every language
NOT_TRANSLATED |= {"take rice paper:"}  # a key: the word steps.py names a consequence by (grants._EXACTLY)
NOT_TRANSLATED |= {templates.FILE_EXAMPLE, templates.TYPED_EXAMPLE}  # a scoring rule as written in a file, as typed
NOT_TRANSLATED |= {game_file.EXAMPLE, game_file.ACTIONS_EXAMPLE, game_file.COLLECTIONS_EXAMPLE}  # JSON in a game file
NOT_TRANSLATED |= {"a game starts with StartGame", "a game log starts with GameStarted"}  # assertions: bugs, never shown
NOT_TRANSLATED |= {'{"Sheep": {"points": 2}}', '["Ninja (red)"]', '[["Chick", "Ant"], []]'}  # JSON in a table file


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test that speaks another language leaves the companion in English for the next one."""
    yield
    languages.use(i18n.ENGLISH)


def extracted() -> dict[str | tuple[str, ...], str]:
    """Every message marked in the code (as `make messages` extracts it), with the file it is in."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[str | tuple[str, ...], str] = {}
    for folder in SOURCES:
        for filename, _line, message, _comments, _context in extract_from_dir(
                ROOT / folder, method_map, options_map, keywords=DEFAULT_KEYWORDS):
            found[message] = f"{folder}/{filename}"
    return found


def catalogue(code: str) -> Catalog:
    with (languages.LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as po:
        return read_po(po, locale=code)


def key(message: Message) -> str | tuple[str, ...]:
    return message.id if isinstance(message.id, str) else tuple(message.id)


def fields(text: str) -> list[str]:
    """What a translation must keep: the placeholders ({name}, %(name)s, %s) and the markup ([b]…[/b])."""
    return sorted(re.findall(r"\{[^}]*\}|%\(\w+\)\w|%\w|\[/?\w*\]", text))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_marked_in_the_code_is_translated_in_every_catalogue(code: str) -> None:
    wanted = extracted()
    assert "Players and history" in wanted and "usage: " in wanted  # the extraction read the marked files
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


def test_json_and_files_stay_the_same_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    said = {}
    for code in i18n.LANGUAGES:
        assert main(["--lang", code, "--json", "rules", "scoring"]) == 0
        said[code] = json.loads(capsys.readouterr().out)
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
TRANSLATORS = {"_", "N_", "ngettext"}
PROSE = re.compile(r"[A-Za-z]{2,}\W* +\W*[A-Za-z]{2,}|^[A-Z][a-z]")  # two words, or a capitalised one


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
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if PROSE.search(node.value) and node.value not in NOT_TRANSLATED:
                found.append(node.value)
    return found


@pytest.mark.parametrize("path", MARKED)
def test_no_string_a_person_reads_bypasses_the_catalogues(path: str) -> None:
    assert bare((ROOT / path).read_text(encoding="utf-8")) == []


def test_the_scan_finds_a_bare_string() -> None:
    source = 'def f() -> None:\n    """Doc."""\n    notify(_("Marked one"))\n    notify("Bare one")\n    key("q")\n'
    assert bare(source) == ["Bare one"]


def test_home_keeps_its_words_for_the_catalogues() -> None:
    """Home's keys are translated where they are bound: in Italian, the Italian words."""
    languages.use("it")
    words = {b.description for bs in HomeScreen()._bindings.key_to_bindings.values() for b in bs}
    assert {"Profili", "Esci", "Lingua", "Abbandona"} <= words
