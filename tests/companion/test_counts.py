"""Every count a person reads is right at 1 and at many ("1 game", "2 games"), in the command line's summaries, the
watch pages, the player figures and the score sheet: each place asked for both forms."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from companion import exchange_cli, history, languages
from companion.cli import main
from companion.figures import column, game_count, together, win_count
from companion.games import KINDS
from companion.origami import catalog_share
from companion.origami import watch as origami_watch
from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from companion.origami.render import fold_count as fold_price
from companion.origami.render import sheet_text
from companion.origami.session import GameSession
from companion.origami.statistics import OrigamiStats, Tally, stats_text
from companion.origin import cli as origin_cli
from companion.origin import watch as origin_watch
from companion.origin.statistics import Count, OriginStats, Villainy, origin_text
from db.store import Store
from scoring import counts
from scoring.i18n import ENGLISH
from scoring.origami import commands as c
from scoring.origami import events as e
from scoring.origami.catalog import Catalogue
from scoring.origami.options import Allowance
from scoring.origami.sheet import PlayerScore, ScoreSheet
from scoring.origin.round_input import Alignment
from scoring.origin.sheet import GameScore, PlayerTotal, RoundScore
from screens.origami.deal import fold_count
from screens.origami.fill_in import to_fill
from screens.origin.sheet import winners_text
from tests.recorded import script


def test_the_figures_count_games_and_wins_and_keep_a_table_in_line() -> None:
    assert (game_count(1), game_count(2), win_count(1), win_count(0)) == ("1 game", "2 games", "1 win", "0 wins")
    assert (together(1), together(3)) == ("1 game together", "3 games together")
    one, many = column(game_count, 1), column(game_count, 12)
    assert (one, many) == ("   1 game ", "  12 games")  # the same width: the next column stays in line
    assert column(win_count, 1, last=True) == "   1 win"  # nothing after it: no padding


def test_the_games_added_summary() -> None:
    assert exchange_cli._added(1, 0) == "1 game added, 0 already here"
    assert exchange_cli._added(2, 1) == "2 games added, 1 already here"


def test_a_listed_games_events() -> None:
    row: dict[str, Any] = {"winners": [], "status": "abandoned", "events": 1}
    assert history._outcome(row) == "abandoned (1 event)"
    assert history._outcome({**row, "status": "playing", "events": 7}) == "in play (7 events)"


def test_the_shared_catalogue_counts_its_values_and_cards() -> None:
    assert catalog_share.values_of_cards(1, 1) == "1 value of 1 card"
    assert catalog_share.values_of_cards(5, 3) == "5 values of 3 cards"


def test_origami_figures_at_one_game_and_at_many() -> None:
    def stats(games: int, wins: int, unknown: int) -> OrigamiStats:
        tally = Tally("origami", games, wins, None, None, games - unknown)
        return OrigamiStats(cast(Any, SimpleNamespace(name="Ann")), tally, (), (tally,), (), ())

    one = stats_text(stats(1, 1, 1)).splitlines()
    assert one[0].startswith("Ann: 1 game, 1 win (100%)")
    assert one[1].startswith("  1 game with points unknown (BG Stats")
    assert one[3].startswith("  variant  origami             1 game     1 win   100%")
    many = stats_text(stats(3, 2, 2)).splitlines()
    assert many[0].startswith("Ann: 3 games, 2 wins (67%)")
    assert many[1].startswith("  2 games with points unknown (BG Stats")
    assert many[3].startswith("  variant  origami             3 games    2 wins   67%")


def test_origin_figures_at_one_game_and_at_many() -> None:
    one = origin_text(OriginStats(games=1, wins=1, by_mode={"table": Count(1, 1)},
                                  villainy_by_players={1: Villainy(rounds=1, clean=1)})).splitlines()
    assert one[0] == "Origin Story: 1 game 1 win"
    assert one[1] == "  mode     table               1 game     1 win"
    assert "  villain  1 player: 1 of 1 round clean" in one
    many = origin_text(OriginStats(games=4, wins=0, by_mode={"table": Count(4, 0)},
                                   villainy_by_players={3: Villainy(rounds=2, clean=0)})).splitlines()
    assert many[0] == "Origin Story: 4 games 0 wins"
    assert many[1] == "  mode     table               4 games    0 wins"
    assert "  villain  3 players: 0 of 2 rounds clean" in many


def test_the_origin_rules_player_counts() -> None:
    assert origin_cli._counts(("1", "2")) == "1 player and 2 players"


@pytest.mark.parametrize(("won", "said"), [(1, "(you play hero, 1 trick won)."), (2, "(you play hero, 2 tricks won).")])
def test_origin_next_says_the_tricks_won(won: int, said: str) -> None:
    move = SimpleNamespace(trick=4, alignment="hero", tricks_won=won)
    data = {"to_play": "You", "role": "lead", "vancardian": None, "legal": None, "surrender": None}
    assert origin_cli.next_text(data, cast(Any, move)) == f"Trick 4: You leads {said}"


def test_the_origami_watch_page_counts_the_cards_in_hand() -> None:
    def seat(name: str, hand: int) -> origami_watch.Seat:
        return origami_watch.Seat(name, False, hand, 0, (), None, False)

    snap = origami_watch.Snapshot(1, "t", "s", "b", False, (seat("Ann", 1), seat("Bo", 2)), (), (), "")
    page = origami_watch.fragment(snap)
    assert '<p class="hand">1 card in hand</p>' in page and '<p class="hand">2 cards in hand</p>' in page


def test_the_origin_watch_page_counts_tricks_and_cards() -> None:
    def seat(name: str, tricks: int) -> origin_watch.Seat:
        return origin_watch.Seat(name, "player", False, tricks, None, "", None, None, (), (), None, False)

    snap = origin_watch.Snapshot(1, "t", "s", "b", False, None, None, (seat("Ann", 1), seat("Bo", 3)), (), "", "",
                                 "")
    page = origin_watch.fragment(snap)
    assert "1 trick this round" in page and "3 tricks this round" in page
    assert (counts.cards(1), counts.cards(9)) == ("1 card", "9 cards")  # the deck and discard pile's line


@pytest.mark.parametrize(("played", "said"), [(1, "Ann leads with 3 VP after 1 round."),
                                              (2, "Ann leads with 3 VP after 2 rounds.")])
def test_the_score_sheet_says_how_many_rounds_the_leader_leads_after(played: int, said: str) -> None:
    rounds = tuple(RoundScore("Ann", Alignment.HERO, 1) for _ in range(played))
    game = GameScore((PlayerTotal("Ann", rounds, 3, 1), PlayerTotal("Bo", rounds, 1, 2)), ("Ann",))
    assert winners_text(game).plain == said


def a_game_started(tmp_path: Path) -> tuple[str, Catalogue, list[c.Command]]:
    """A database holding one Origami game just started (its one event), the catalogue and the game's script."""
    url = f"sqlite:///{tmp_path}/one.db"
    catalogue = filled(shipped())
    game = script(catalogue, seed=5)
    store = Store.open(url, KINDS)
    assert isinstance(GameSession.start(store, game.script[0], catalogue, key="s"), GameSession)
    store.close()
    return url, catalogue, game.script


def test_replay_counts_the_events_and_those_that_fail_a_check(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    url, catalogue, commands = a_game_started(tmp_path)
    assert main(["--db", url, "replay", "1"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("game 1: 1 event, every check passed")
    store = Store.open(url, KINDS)
    session = GameSession(store, 1, catalogue)
    session.submit(commands[1], "deal")
    for key in ("bogus", "again"):  # fifty cards from a discard pile that has none, twice
        store.log.append(1, store.games.get(1).last_seq, (e.DeckRanOut(1, 50),), key=key)
    store.close()
    assert main(["--db", url, "replay", "1"]) == 1
    assert re.match(r"game 1: \d+ events, 2 events fail a check", capsys.readouterr().out.strip().splitlines()[-1])


def test_the_origami_score_sheet_counts_points() -> None:
    sheet = ScoreSheet((PlayerScore("Ann", 2, 1, None, (), ()), PlayerScore("Bo", 1, 2, None, (), ())), ("Ann",),
                       None)
    assert sheet_text(sheet).splitlines()[:2] == ["1. Ann: 2 points", "2. Bo: 1 point"]


def test_the_origami_screens_count_folds_and_values() -> None:
    assert (fold_count(1), fold_count(10)) == ("1 fold", "10 folds")
    assert (to_fill(1, 1), to_fill(1, 6)) == ("1 of 1 value to fill in", "1 of 6 values to fill in")


def test_a_price_in_folds() -> None:
    assert (fold_price(Allowance(1, (), 1)), fold_price(Allowance(4, (), 4))) == ("1 fold", "4 folds")


def test_the_export_counts_the_games_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = a_game_started(tmp_path)[0]
    assert main(["--db", url, "export", str(tmp_path / "out.json")]) == 0
    assert capsys.readouterr().out.strip() == f"1 game written to {tmp_path / 'out.json'}"


@pytest.mark.parametrize(("code", "said"), [("it", ("1 carta", "2 prese", "1 piega")),
                                            ("de", ("1 Karte", "2 Stiche", "1 Faltung"))])
def test_the_engines_counts_speak_the_language_in_use(code: str, said: tuple[str, ...]) -> None:
    languages.use(code)
    try:
        assert (counts.cards(1), counts.tricks(2), fold_count(1)) == said
    finally:
        languages.use(ENGLISH)
