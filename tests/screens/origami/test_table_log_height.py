"""In a tall window (160×48) the table's log shows as many of the latest lines as its height holds, once the table is
filled, as the game goes on and when the window is made taller or shorter: the log sizes itself on its own size,
whatever else on the screen is drawn again or not."""
from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from companion.app import CompanionApp, make_app
from screens.origami.table import TableScreen
from tests.screens.origami.test_friction_snapshots import recorded
from tests.screens.origami.test_table import CATALOGUE
from tests.screens.origami.test_table_faults import resume
from tests.screens.settle import settled, until, until_filled


def log_fits(app: CompanionApp) -> bool:
    """The log shows as many of the latest lines as it has room for (all the table keeps, when they fit)."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    log = screen.query_one("#log", Static)
    return str(log.render()).splitlines() == list(screen.view.recent[-log.content_region.height:])


async def test_a_tall_windows_log_shows_as_many_lines_as_fit(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    game = recorded(url, 60)
    app = make_app(url, {"origami": CATALOGUE})
    async with app.run_test(size=(160, 48)) as pilot:
        # The terminal's window not focused (a second window on the game, the player typing in another): Textual's
        # footer then makes no keys again, nor the refresh that comes with them.
        await settled(pilot)
        app.app_focus = False
        session = await resume(app, pilot)
        await until_filled(pilot, app.screen)
        await settled(pilot)
        log = app.screen.query_one("#log", Static)
        assert log.content_region.height > 10  # more than the least a tall window shows
        assert log_fits(app), (str(log.render()).splitlines(), log.content_region.height)
        for n, command in enumerate(game.script[60:70]):  # the game goes on: the latest lines, as many as fit
            assert session.submit(command, f"t{n}").accepted
            app.controller("origami").refresh_table()  # as after an action typed, or recorded in another window
            await settled(pilot)
            assert log_fits(app), (n, str(log.render()).splitlines(), log.content_region.height)
        for size in ((160, 60), (160, 44), (160, 48)):  # taller, shorter: as many as fit again
            height = log.content_region.height
            await pilot.resize_terminal(*size)
            await until(pilot, lambda height=height: log.content_region.height != height, "the log resized")
            await settled(pilot)
            assert log_fits(app), (size, str(log.render()).splitlines(), log.content_region.height)
