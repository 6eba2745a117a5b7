"""Players and history in the app: statistics and head-to-head read in workers, a finished game's sheet,
renames and merges, and quick-scored games saved (writes on the main thread)."""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work

from db.errors import DamagedGame
from scoring.errors import InputError

from .app_base import AppBase

if TYPE_CHECKING:
    from db.records import GameRecord
    from db.store import Store
    from scoring.origin.scoring import GameScore
    from screens.origami.quick import QuickScoreScreen, TotalsScreen
    from screens.origami.sheet import SheetScreen
    from screens.origin.quick import OriginQuickScreen
    from screens.players import PlayersScreen

GAMES_SHOWN = 20  # a player's latest finished games on the players screen


def stored_origin_sheet(game_id: int, results: list[dict[str, Any]]) -> GameScore:
    """An Origin Story game's sheet from its stored results (each player's rounds, as `origin score --json` writes
    them; solo: the Vancardians' lines under `opponents`); a damaged one is an InputError naming what is wrong."""
    from scoring.origin.round_input import Alignment
    from scoring.origin.scoring import GameScore, PlayerTotal, RoundScore

    def player(d: Any, name: str) -> PlayerTotal:
        try:
            rounds = tuple(RoundScore(name, Alignment(r["alignment"]), int(r["tricks"]),
                                      tuple((str(a["source"]), int(a["vp"])) for a in r["abilities"]),
                                      int(r["surrender_vp"])) for r in d["rounds"])
            return PlayerTotal(name, rounds, int(d["total"]), int(d["rank"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"{name}'s score sheet is damaged ({type(exc).__name__}: {exc}); restore a backup copy "
                             "of the database", where=f"game {game_id}") from None

    players = [player(r["sheet"], r["name"]) for r in results]
    opponents = results[0]["sheet"].get("opponents", []) if results else []
    players += [player(o, str(o.get("name", "?")) if isinstance(o, dict) else "?") for o in opponents]
    winners = [r["name"] for r in results if r["winner"]]
    winners += [p.name for p in players[len(results):] if p.rank == 1]
    return GameScore(tuple(players), tuple(winners))


class HistoryFlow(AppBase):
    def on_players_screen_chosen(self, message: PlayersScreen.Chosen) -> None:
        self.load_stats(message.name)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_stats(self, name: str) -> None:
        from screens.players import PlayersScreen

        from .history import blocks
        from .local_time import day
        from .origin import KIND as ORIGIN_STORY
        from .ratings_cli import player_lines

        try:
            visit = self.reader().stats.visit(name, GAMES_SHOWN)  # statistics, ratings and latest games: one read
        except InputError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        first, others = blocks(visit.stats)
        ratings = player_lines(visit.ratings, visit.stats.player.id)
        lines = [(g.id, self.line_or_damage(g.id, day(g.finished_at) if g.finished_at else "",
                                            f"Origin Story {g.variant}" if g.kind == ORIGIN_STORY else g.variant,
                                            sheet)) for g, sheet in visit.latest]
        # Beside another game's block, each block is titled with its game's name, and the first game's is left out
        # when the player has none of its games, so that "0 games" above the other does not read as their whole
        # history.
        shown = [*([first] if first.games or not others else []), *others]
        self.call_from_thread(self.screen_of(PlayersScreen).show_stats, name,
                              "\n".join([*(s.titled if others else s.text for s in shown), *ratings]),
                              list(first.trend), lines)

    def on_players_screen_show_game(self, message: PlayersScreen.ShowGame) -> None:
        from screens.origami.sheet import SheetScreen

        from .local_time import when
        from .origami.render import stored_sheet
        from .origin import KIND as ORIGIN_STORY

        store = self.reader()
        try:
            game = store.games.get(message.game_id)
            if game.kind == ORIGIN_STORY:
                self.show_origin_game(game, store.results.of(game.id))
                return
            results = store.results.of(game.id)
            sheet = None if any(r["score"] is None for r in results) else stored_sheet(results, game.tie_break)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        at = when(game.finished_at) if game.finished_at else ""
        ranked = sorted(results, key=lambda r: r["rank"])
        unknown = "Points unknown: this play came from BG Stats, which kept only who won.\n" + "\n".join(
            f"{r['rank']}. {r['name']}{'  won' if r['winner'] else ''}" for r in ranked)
        self.push_screen(SheetScreen(sheet, f"Game {game.id} · {at} · {game.variant}", game.id, unknown))

    def show_origin_game(self, game: GameRecord, results: list[dict[str, Any]]) -> None:
        """A finished Origin Story game's sheet as the history keeps it (solo: with the Vancardians' lines)."""
        from scoring.origin.rules import CHOICES
        from screens.origin.sheet import OriginSheetScreen

        from .local_time import day as local_day

        day = local_day(game.finished_at) if game.finished_at else ""
        level = f" · difficulty {game.rules['difficulty']}" if "difficulty" in game.rules else ""
        notes = {k: v for k, v in game.rules.items() if k in CHOICES and v != CHOICES[k][0]}
        self.push_screen(OriginSheetScreen(stored_origin_sheet(game.id, results),
                                           f"Game {game.id} · {day} · {game.variant}{level}", notes,
                                           game_id=game.id))

    def on_sheet_screen_share(self, message: SheetScreen.Share) -> None:
        """The game's BG Stats link as a QR code, drawn to fit this terminal (or said why it cannot be)."""
        from .share import bgstats_link, shared_play

        try:
            link = bgstats_link(shared_play(self.reader(), message.game_id))
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        from screens.share import CAPTION

        from . import qr
        from .app import SHARE_SECRET, TABLE_LINK
        from .bgstats_page import relay_link

        table, secret = os.environ.get(TABLE_LINK), os.environ.get(SHARE_SECRET)
        # Served: the phones reach the server, whose page for this game hands them the whole link.
        if table and secret and qr.drawing(qr.matrix(link), self.size.width, self.size.height - CAPTION) is None:
            relay = relay_link(table, secret, message.game_id)
            self.show_code(relay, "Scan it with the phone: the companion's page for this game opens BG Stats with "
                                  "the play filled in (the whole play is too long for a code this size). Esc closes.",
                           f"enlarge the window, or open {relay} on the phone")
            return
        self.show_code(link, "Scan it with the phone: BG Stats opens with this play filled in. Esc closes.",
                       "enlarge the terminal (or make the font smaller) and press b, or open the play in BG Stats "
                       f"from a file: `companion share {message.game_id} --save play.bgsplay`.")

    @staticmethod
    def line_or_damage(game_id: int, day: str, variant: str, results: list[dict[str, Any]] | DamagedGame) -> str:
        """The game's line, or what is wrong with it when its results are damaged (the other lines still show)."""
        if isinstance(results, DamagedGame):
            return f"game {game_id} · {day} · {results}"
        return HistoryFlow.game_line(game_id, day, variant, results)

    @staticmethod
    def game_line(game_id: int, day: str, variant: str, results: list[dict[str, object]]) -> str:
        """The winners first, so that a line cut at the window's edge still says who won."""
        ordered = sorted(results, key=lambda r: not r["winner"])
        scores = ", ".join(f"{r['name']} {'?' if r['score'] is None else r['score']}{' (won)' if r['winner'] else ''}"
                           for r in ordered)
        return f"game {game_id} · {day} · {variant} · {scores}"

    def on_players_screen_versus(self, message: PlayersScreen.Versus) -> None:
        self.load_versus(message.a, message.b)

    @work(thread=True, exit_on_error=False, group="reads")
    def load_versus(self, a: str, b: str) -> None:
        from screens.players import PlayersScreen

        from .history import headline_kind

        try:
            h = self.reader().stats.head_to_head(a, b, headline_kind())
            text = (f"{h.a.name} against {h.b.name}: {h.games} games together; {h.a.name} ahead {h.a_ahead}, "
                    f"{h.b.name} ahead {h.b_ahead}, level {h.level}.")
        except InputError as exc:
            text = str(exc)
        self.call_from_thread(self.screen_of(PlayersScreen).show_versus, text)

    def on_players_screen_rename(self, message: PlayersScreen.Rename) -> None:
        self.change_profiles(lambda store: store.profiles.rename(message.old, message.new),
                             f"{message.old} is now {message.new}.")

    def on_players_screen_merge(self, message: PlayersScreen.Merge) -> None:
        self.change_profiles(lambda store: store.profiles.merge(message.source, message.into),
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
        screen.show_profiles([p.name for p in store.profiles.all()])
    def on_quick_score_screen_save(self, message: QuickScoreScreen.Save) -> None:
        from screens.origami.quick import QuickScoreScreen

        from .origami import KIND as ORIGAMI
        from .origami.render import sheet_json

        table, sheet = message.scored.table, message.scored.sheet
        families = sorted({c.family for s in table.players for cid in s.cards()
                           if (c := table.catalogue.card(cid)).family})
        try:
            record = self.reader().results.record(
                variant=table.variant.value, players=[s.name for s in table.players], families=families,
                characters=sorted({table.catalogue.card(c).name for c in table.characters}),
                rules=table.rules.as_dict(), sheet=sheet, sheets=sheet_json(sheet)["players"], kind=ORIGAMI)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if isinstance(self.screen, QuickScoreScreen):
            self.screen.was_saved(record.id)

    def on_totals_screen_save(self, message: TotalsScreen.Save) -> None:
        """Totals counted on paper join the history as a quick-scored game marked totals only (its rules say so):
        no cards, so no families or characters, and each player's sheet has their total and hand but no lines."""
        from screens.origami.quick import TOTALS_ONLY, TotalsScreen

        from .origami import KIND as ORIGAMI
        from .origami.render import sheet_json

        sheet = message.sheet
        try:
            record = self.reader().results.record(
                variant=message.variant.value, players=[p.name for p in sheet.players], families=[], characters=[],
                rules=dict(TOTALS_ONLY), sheet=sheet, sheets=sheet_json(sheet)["players"], kind=ORIGAMI)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if isinstance(self.screen, TotalsScreen):
            self.screen.was_saved(record.id)

    def on_origin_quick_screen_save(self, message: OriginQuickScreen.Save) -> None:
        """A quick-scored Origin Story game joins the history as a finished game of its kind, each player's line
        with their rounds and sources (solo: the Vancardians' lines go in the player's sheet, as for a logged game)."""
        from scoring.origin.roundfile_json import score_json
        from screens.origin.quick import OriginQuickScreen

        from .origin import KIND as ORIGIN_STORY
        from .origin.session import FinalResults, SeatResult

        scored = message.scored
        sheet = scored.game
        people = [p for p in sheet.players if p.name in scored.players]
        data = score_json(sheet)
        details = [next(d for d in data["players"] if d["name"] == p.name) for p in people]
        if len(people) < len(sheet.players):
            others = [d for d in data["players"] if d["name"] not in scored.players]
            details = [{**d, "opponents": others} for d in details]
        results = FinalResults(tuple(SeatResult(p.name, p.total, p.rank) for p in people), sheet.winners)
        try:
            record = self.reader().results.record(
                variant=scored.mode.value, players=[p.name for p in people], families=[], characters=[],
                rules=scored.rules, sheet=results, sheets=details, kind=ORIGIN_STORY)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if isinstance(self.screen, OriginQuickScreen):
            self.screen.was_saved(record.id)
