"""The header of every screen: the line Textual's Header draws (the icon, the screen's title and sub-title centred
between it and the clock's place), drawn by one widget. Textual's composes three widgets and watches four titles:
about 6 ms more on a bare app's screen push, as much as the push itself; this is one widget and two watches."""
from __future__ import annotations

from textual.content import Content
from textual.events import Click
from textual.widget import Widget

ICON = 8  # cells of the icon's place on the left (the command palette's key), as Textual's Header has them
CLOCK = 10  # and of the clock's place on the right, left empty


class Header(Widget):
    DEFAULT_CSS = """
    Header { dock: top; width: 100%; height: 1; background: $panel; color: $foreground; }
    """

    def on_mount(self) -> None:
        for name in ("title", "sub_title"):
            self.watch(self.screen, name, self.retitled, init=False)

    def retitled(self) -> None:
        self.refresh()

    def render(self) -> Content:
        screen, app = self.screen, self.app
        title = app.format_title(screen.title if screen.title is not None else app.title,
                                 screen.sub_title if screen.sub_title is not None else app.sub_title)
        room = max(self.size.width - ICON - CLOCK, 0)
        title = title.truncate(room, ellipsis=True)
        left = (room - title.cell_length) // 2
        icon = Content(" ⭘").pad_right(ICON - 2)
        return Content.assemble(icon, title.pad_left(left).pad_right(room - left - title.cell_length), " " * CLOCK)

    async def on_click(self, event: Click) -> None:
        if event.x < ICON and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")
