"""Pips in the app: its Home entry opens its screen; the names typed start a game, then each number typed is the
points the player whose turn it is scored, recorded through the session before it is shown."""
from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from textual.app import SystemCommand
from textual.message import Message
from textual.screen import Screen

from companion.shell import Shell
from db.records import GameRecord
from scoring.errors import InputError

from . import engine
from .screens import PipsScreen
from .session import PipsSession


class PipsController:
    def __init__(self, app: Shell) -> None:
        self.app = app
        self.session: PipsSession | None = None

    def handlers(self) -> Mapping[type[Message], Callable[[Any], object]]:
        return {PipsScreen.Typed: self.typed}

    def open(self, choice: str) -> None:
        self.session = None
        self.app.push_screen(PipsScreen("Players, comma-separated:"))

    def resume(self, game_id: int) -> None:
        self.session = PipsSession(self.app.reader(), game_id)
        self.app.push_screen(PipsScreen(self.board()))

    def show_finished(self, game: GameRecord, results: list[dict[str, Any]]) -> None:
        self.app.push_screen(PipsScreen(", ".join(f"{r['name']} {r['score']}" for r in results)))

    def follow(self) -> None:
        return None

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return ()

    def board(self) -> str:
        assert self.session is not None
        state = self.session.state
        totals = ", ".join(f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True))
        return totals + ("; game over" if state.over else f"; {state.players[state.current]} to score")

    def typed(self, message: PipsScreen.Typed) -> None:
        try:
            if self.session is None:
                names = tuple(n.strip() for n in message.text.split(",") if n.strip())
                started = PipsSession.start(self.app.reader(), engine.Start(names), uuid.uuid4().hex)
                if not isinstance(started, PipsSession):
                    raise InputError(str(started))
                self.session = started
            else:
                submitted = self.session.submit(engine.Score(int(message.text)), uuid.uuid4().hex)
                if not submitted.accepted:
                    raise InputError(str(submitted.decision))
                if self.session.state.over:
                    self.session.finish()
        except (InputError, ValueError) as exc:
            self.app.notify(str(exc), title="Not recorded", severity="error")
            return
        message.screen.show(self.board())
