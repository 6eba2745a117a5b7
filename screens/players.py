"""Players and history: profiles (rename, merge), each player's statistics with a score-trend sparkline,
their finished games, and head-to-head records. The app reads the history in a worker and hands it down."""
from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from scoring.i18n import N_, _

from .footer import Footer
from .given import Given
from .header import Header
from .later import FillsLater


class PlayersFooter(Footer):
    """The players screen's footer: its keys made as the screen is filled, with the fill's own layout and paint
    (Textual's footer makes them two refreshes after the fill, once the focus it set has been said: `p` pressed on
    Home waited ~30–60 ms more for them); made again only when they change while the screen is on top, as every
    footer's (screens/footer.py: the focus moving between the lists changes none)."""

    async def make(self) -> None:
        """The keys made now, within the fill (one layout and paint shows both), as if by the footer itself: its
        keys bind to its reactives, which Textual looks for on the message pump at work."""
        self._bindings_ready = True
        with self._context():
            await self.remake()


class PlayersScreen(FillsLater[None]):
    fills_at_paint = True  # its footer's keys are made by its fill (PlayersFooter)
    DEFAULT_CSS = """
    PlayersScreen #profiles { width: 24; height: 1fr; }
    PlayersScreen.narrow #profiles { width: 14; padding: 0; }
    PlayersScreen #detail { width: 1fr; height: 1fr; padding: 0 1; }
    PlayersScreen.narrow #detail { padding: 0 0 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    /* A statistics line wrapped breaks its columns: one cut at the window's edge keeps them. */
    PlayersScreen #profiles, PlayersScreen #stats, PlayersScreen #games { text-wrap: nowrap; text-overflow: ellipsis; }
    PlayersScreen #trend { height: 3; margin: 1 0; }
    PlayersScreen #games { height: auto; max-height: 12; margin-top: 1; }
    """
    # TRANSLATORS: the players screen's footer at 80 columns: keep each as short as the English word.
    BINDINGS = [Binding("v", "versus", N_("Head-to-head")), Binding("r", "rename", N_("Rename")),
                Binding("m", "merge", N_("Merge")), Binding("escape", "app.pop_screen", N_("Back"))]

    class Chosen(Message):
        """Show this player's statistics."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    class ShowGame(Message):
        """Show a finished game's score sheet."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    class Versus(Message):
        def __init__(self, a: str, b: str) -> None:
            super().__init__()
            self.a, self.b = a, b

    class Rename(Message):
        def __init__(self, old: str, new: str) -> None:
            super().__init__()
            self.old, self.new = old, new

    class Merge(Message):
        def __init__(self, source: str, into: str) -> None:
            super().__init__()
            self.source, self.into = source, into

    def __init__(self, profiles: list[str] | Given[list[str]]) -> None:
        super().__init__()
        self.given = Given.of(profiles)  # read by the fill when the database is open (not on the way to the frame)
        self.profiles: list[str] = []
        self.current: str | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Horizontal()  # filled after the first paint (`fill`)
        yield PlayersFooter()

    def on_resize(self, event: events.Resize) -> None:
        # At 80 columns the list of profiles and the detail's margins give up room so that a statistics line fits.
        self.set_class(event.size.width < 100, "narrow")

    def on_mount(self) -> None:
        self.sub_title = _("Players and history")

    async def fill(self) -> None:
        if (profiles := await self.given.taken(self)) is None:  # the frame says why
            return
        self.profiles = profiles
        detail = VerticalScroll(Static("", id="versus"),  # on top: where the eye is when `v` answers
                                Static("", id="stats"), Sparkline([], id="trend"), OptionList(id="games"),
                                id="detail", can_focus=False)
        await self.query_one(Horizontal).mount_all([OptionList(id="profiles"), detail])
        self.show_profiles(self.profiles)
        self.query_one("#profiles", OptionList).focus()
        await self.query_one(PlayersFooter).make()

    def show_profiles(self, profiles: list[str]) -> None:
        self.profiles = profiles
        menu = self.query_one("#profiles", OptionList)
        menu.clear_options()
        menu.add_options([Option(name, id=name) for name in profiles])
        if not profiles:
            self.query_one("#stats", Static).update(_("No players yet: they appear here after their first game."))
            return
        menu.highlighted = profiles.index(self.current) if self.current in profiles else 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "profiles":
            return
        if event.option.id is not None and event.option.id != self.current:
            self.current = event.option.id
            self.query_one("#stats", Static).update(_("Reading {player}'s history…").format(player=self.current))
            self.query_one("#versus", Static).update("")
            self.post_message(self.Chosen(self.current))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games" and event.option.id is not None:
            self.post_message(self.ShowGame(int(event.option.id)))

    def show_stats(self, name: str, text: str, trend: list[int], games: list[tuple[int, str]]) -> None:
        """The app's answer to Chosen (ignored when another player was picked meanwhile); `games`: the latest
        finished games as (id, one line)."""
        if name != self.current:
            return
        self.query_one("#stats", Static).update(text + "\n" + (_("Latest games (Enter shows the score sheet):")
                                                              if games else _("No finished games yet.")))
        sparkline = self.query_one("#trend", Sparkline)
        sparkline.data = trend
        sparkline.display = len(trend) >= 2  # one score is no trend (drawn, it would be a solid block)
        menu = self.query_one("#games", OptionList)
        menu.clear_options()
        menu.add_options([Option(line, id=str(game_id)) for game_id, line in games])
        menu.highlighted = 0 if games else None  # Enter opens the latest game as soon as the list has the focus

    def show_versus(self, lines: list[tuple[str, str]]) -> None:
        """The app's answer to Versus: (heading, record) lines, each on one line where the window is wide enough,
        else the record on the next line, indented (a line wrapped by the window would start at the margin)."""
        width = self.query_one("#versus", Static).content_region.width
        shown: list[str] = []
        for heading, record in lines:
            whole = "; ".join(filter(None, (heading, record)))
            if cell_len(whole) <= width or not record:
                shown.append(whole)
            else:
                shown += [heading, " " * (len(heading) - len(heading.lstrip()) + 2) + record]
        self.query_one("#versus", Static).update("\n".join(shown) + "\n")
        self.query_one("#detail", VerticalScroll).scroll_home(animate=False)

    def ask(self, question: str, hint: str, then: type[Message]) -> None:
        from .ask import TextQuestion  # only when asked: not on the screen's way to its first frame

        current = self.current
        if current is None:
            self.notify(_("Pick a player first."))
            return

        def answered(answer: str | None) -> None:
            if answer:
                self.post_message(then(current, answer))  # type: ignore[call-arg]

        self.app.push_screen(TextQuestion(question, hint, _("a name")), answered)

    def action_versus(self) -> None:
        others = ", ".join(p for p in self.profiles if p != self.current)
        self.ask(_("{player} against whom?").format(player=self.current), _("Players: {others}").format(others=others),
                 self.Versus)

    def action_rename(self) -> None:
        self.ask(_("Rename {player} to:").format(player=self.current),
                 _("Their games and statistics follow the new name."), self.Rename)

    def action_merge(self) -> None:
        self.ask(_("Merge {player} into which profile?").format(player=self.current),
                 _("For one person with two profiles: the games move, the old name stays an alias."), self.Merge)
