"""Players and history in the app: statistics and head-to-head read in workers, a finished game's sheet,
renames and merges, and quick-scored games saved (writes on the main thread)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import work

from scoring.errors import InputError

from .app_base import AppBase

if TYPE_CHECKING:
    from db.store import Store
    from screens.origami.quick import QuickScoreScreen
    from screens.origami.sheet import SheetScreen
    from screens.players import PlayersScreen

GAMES_SHOWN = 20  # a player's latest finished games on the players screen


class HistoryFlow(AppBase):
    def on_players_screen_chosen(self, message: PlayersScreen.Chosen) -> None:
        self.load_stats(message.name)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_stats(self, name: str) -> None:
        from screens.players import PlayersScreen

        from .history import stats_text

        store = self.reader()
        try:
            stats = store.player_stats(name)
            games = store.games_and_damaged(status="finished", player=name, limit=GAMES_SHOWN)[0]
            lines = [(g.id, self.line_or_damage(store, g.id, f"{g.finished_at:%Y-%m-%d}", g.variant))
                     for g in games]
        except InputError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self.screen_of(PlayersScreen).show_stats, name, stats_text(stats),
                              [score for _, _, score in stats.trend], lines)

    def on_players_screen_show_game(self, message: PlayersScreen.ShowGame) -> None:
        from screens.origami.sheet import SheetScreen

        from .render import stored_sheet

        store = self.reader()
        try:
            game = store.game(message.game_id)
            sheet = stored_sheet(store.results(game.id), game.tie_break)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        day = f"{game.finished_at:%Y-%m-%d}" if game.finished_at else ""
        self.push_screen(SheetScreen(sheet, f"Game {game.id} · {day} · {game.variant}", game.id))

    def on_sheet_screen_share(self, message: SheetScreen.Share) -> None:
        """The game's BG Stats link as a QR code, drawn to fit this terminal (or said why it cannot be)."""
        from .share import bgstats_link, bgstats_play

        store = self.reader()
        try:
            game = store.game(message.game_id)
            link = bgstats_link(bgstats_play(game, store.results(game.id)))
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        self.show_code(link, "Scan it with the phone: BG Stats opens with this play filled in. Esc closes.",
                       f"enlarge the terminal (or make the font smaller), or save the play with "
                       f"`companion share {game.id} --save FILE`.")

    @staticmethod
    def line_or_damage(store: Store, game_id: int, day: str, variant: str) -> str:
        """The game's line, or what is wrong with it when its results are damaged (the other lines still show)."""
        try:
            return HistoryFlow.game_line(game_id, day, variant, store.results(game_id))
        except InputError as exc:
            return f"game {game_id} · {day} · {exc}"

    @staticmethod
    def game_line(game_id: int, day: str, variant: str, results: list[dict[str, object]]) -> str:
        scores = ", ".join(f"{r['name']} {r['score']}{' (won)' if r['winner'] else ''}" for r in results)
        return f"game {game_id} · {day} · {variant} · {scores}"

    def on_players_screen_versus(self, message: PlayersScreen.Versus) -> None:
        self.load_versus(message.a, message.b)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_versus(self, a: str, b: str) -> None:
        from screens.players import PlayersScreen

        try:
            h = self.reader().head_to_head(a, b)
            text = (f"{h.a.name} against {h.b.name}: {h.games} games together; {h.a.name} ahead {h.a_ahead}, "
                    f"{h.b.name} ahead {h.b_ahead}, level {h.level}.")
        except InputError as exc:
            text = str(exc)
        self.call_from_thread(self.screen_of(PlayersScreen).show_versus, text)

    def on_players_screen_rename(self, message: PlayersScreen.Rename) -> None:
        self.change_profiles(lambda store: store.rename_player(message.old, message.new),
                             f"{message.old} is now {message.new}.")

    def on_players_screen_merge(self, message: PlayersScreen.Merge) -> None:
        self.change_profiles(lambda store: store.merge_players(message.source, message.into),
                             f"{message.source} merged into {message.into}.")

    def change_profiles(self, change: Callable[[Store], object], done: str) -> None:
        from screens.players import PlayersScreen

        store = self.reader()
        try:
            change(store)
        except InputError as exc:
            self.notify(str(exc), title="Not changed", severity="error")
            return
        self.notify(done)
        screen = self.screen_of(PlayersScreen)
        screen.current = None
        screen.show_profiles([p.name for p in store.players()])
    def on_quick_score_screen_save(self, message: QuickScoreScreen.Save) -> None:
        from screens.origami.quick import QuickScoreScreen

        from .render import sheet_json

        table, sheet = message.scored.table, message.scored.sheet
        families = sorted({c.family for s in table.players for cid in s.cards()
                           if (c := table.catalogue.card(cid)).family})
        try:
            record = self.reader().record_scored(
                variant=table.variant.value, players=[s.name for s in table.players], families=families,
                characters=sorted({table.catalogue.card(c).name for c in table.characters}),
                rules=table.rules.as_dict(), sheet=sheet, sheets=sheet_json(sheet)["players"])
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if isinstance(self.screen, QuickScoreScreen):
            self.screen.was_saved(record.id)
