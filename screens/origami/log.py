"""The table's log: its latest lines, four in a short window; in a tall one as many as its height holds (at least
ten), worked out again whenever that height changes: the log sizes itself, not on a refresh that something else
on the screen happens to cause."""
from __future__ import annotations

from textual.widgets import Static

SHORT = 4  # lines in a short window (the log's CSS height)
FEWEST = 10  # lines at least in a tall one (its CSS min-height)


class RecentLog(Static):
    def __init__(self) -> None:
        super().__init__("", id="log", markup=False)
        self.recent: tuple[str, ...] = ()
        self.tall = False
        self.shown: tuple[tuple[str, ...], int] | None = None  # the lines and how many of them are on screen

    def show(self, recent: tuple[str, ...], tall: bool) -> None:
        """The latest of `recent`: as many as fit when `tall`."""
        self.recent, self.tall = recent, tall
        self.fit()

    def fit(self) -> None:
        lines = max(FEWEST, self.content_region.height) if self.tall else SHORT
        if self.shown != (self.recent, lines):
            self.shown = self.recent, lines
            self.update("\n".join(self.recent[-lines:]))

    def on_resize(self) -> None:
        self.fit()  # taller or shorter: the lines that fit now
