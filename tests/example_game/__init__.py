"""An example third game, to prove the Game protocol is enough: Pips (engine.py), a whole game in four small modules
and this one, registered in one line (`companion.games.register(GAME)`) with no shared module edited for it. It
records through the session, shows on Home, lists in `companion games`, exports and imports like any game."""
from __future__ import annotations

import argparse
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.bgstats import Play
from companion.bgstats_export import Box, Exported
from companion.exchange import event_of, list_of, read_log, status_of, text_of, texts_of, time_of, whole_log
from companion.game import Entry, Game, GameController, Output, Statistics, Verb
from companion.session import in_effect
from companion.shell import Shell
from db.kinds import Codec, Fact, Finished
from db.records import GameRecord, WholeGame
from db.stats import PlayerStats
from db.store import Store
from scoring.errors import InputError

from . import engine

KIND = "pips"


@dataclass(frozen=True, slots=True)
class PhoneView:
    game: GameRecord
    state: engine.State
    title: str = "Pips table"
    style: str = ""

    def fragment(self) -> str:
        return "".join(f"<p>{html.escape(n)}: {t}</p>" for n, t in zip(self.state.players, self.state.totals,
                                                                        strict=True))


class NoBgStats:
    """Pips is not a game BG Stats knows: nothing to send, and no title of it is read from a BG Stats file."""

    BOXES: Mapping[str, Box] = {}
    TITLES: Mapping[str, str] = {}
    FEWEST = 2
    WINNERS_ONLY = False

    def created(self, store: Store, game: GameRecord, results: list[dict[str, Any]],
                location: str | None) -> dict[str, Any]:
        raise InputError("Pips is not a game BG Stats knows")

    def exported(self, game: WholeGame) -> Exported:
        raise InputError("Pips is not a game BG Stats knows")

    def box(self, variant: str) -> str:
        return variant

    def variant(self, box: str, play: dict[str, Any], boxes: dict[int, tuple[str, str]], where: str) -> str:
        return box

    def read(self, play: Play, where: str) -> Play:
        return play

    def whole_game(self, play: Play, names: dict[str, str]) -> WholeGame:
        raise InputError("Pips is not a game BG Stats knows")


class Pips:
    kind = KIND
    name = "Pips"
    entries: tuple[Entry, ...] = (Entry("pips-new", "Pips: new game", "d", "Pips"),)
    verbs: tuple[Verb, ...] = ()
    screens = "tests.example_game.screens"

    def title(self, variant: str) -> str:
        return "Pips"

    def codec(self) -> Codec:
        return engine

    def replay(self, store: Store, game: GameRecord) -> Output:
        log = store.log.events(game.id)
        state = engine.project(in_effect(log))
        text = "\n".join(f"{e.seq:>4} {type(e.event).__name__}" for e in log)
        return 0, {"game": game.id, "totals": list(state.totals)}, text

    def read_export(self, data: dict[str, Any], uid: str, where: str, replay: bool) -> WholeGame:
        status, source = status_of(data, where)
        events = tuple(event_of(x, f"{where}: event {i + 1}", KIND) for i, x in enumerate(list_of(data, "events",
                                                                                                  where)))
        whole_log(events, where)
        state = engine.project(in_effect(read_log(KIND, events)))
        players = texts_of(data, "players", where)
        if state.players != players or (status == "finished") != state.over:
            raise InputError("the log does not give these players, or this status", where=where)
        finished = time_of(data, "finished_at", where) if status == "finished" else None
        return WholeGame(uid, text_of(data, "variant", where), (), (), {}, players, status, source,
                         time_of(data, "started_at", where), finished, None, events,
                         tuple(dict(r) for r in list_of(data, "results", where)), KIND)

    def catalogue(self, files: Sequence[Path]) -> Any:
        return None  # Pips has no cards

    def catalogue_verb(self, args: argparse.Namespace) -> tuple[Any, str]:
        raise InputError("Pips has no cards", where="catalog")

    def rules(self, query: str, players: str | None) -> tuple[Any, str]:
        found = [r for r in engine.RULES.values() if query.casefold() in f"{r.id} {r.title} {r.text}".casefold()]
        return ([{"id": str(r.id), "title": r.title, "text": r.text} for r in found],
                "\n\n".join(f"{r.id} — {r.title}\n{r.text}" for r in found))

    def phone_view(self, store: Store, game: GameRecord, catalogue: Any) -> PhoneView:
        return PhoneView(game, engine.project(in_effect(store.log.events(game.id))))

    def bgstats(self) -> NoBgStats:
        return NoBgStats()

    def controller(self, shell: Shell) -> GameController:
        from .controller import PipsController

        return PipsController(shell)

    def facts(self, game: Finished) -> list[list[Fact]]:
        return [[Fact("games", "all", int(seat.winner), seat.score)] for seat in game.seats]

    def statistics(self, stats: PlayerStats) -> Statistics:
        line = stats.of(KIND).line("games", "all")
        games, wins = (line.games, line.count) if line else (0, 0)
        text = f"{stats.player.name}: {games} Pips games, {wins} wins"
        return Statistics(games, wins, {"pips": {"games": games, "wins": wins}}, text, f"Pips: {games} games, "
                          f"{wins} wins")


GAME: Game = Pips()
