"""Origin Story's round summary and score sheet (ORIGIN_STORY.md §3.6, §3.7, §9.6–7): every point with its source.

Both screens only show engine values (`scoring.origin`); they never write. The text is built by pure functions
(`round_text`, `sheet_text`) so that the table, the quick score and the tests draw the same thing; what a round's
line says (its alignment and outcome, each point's source and rule) is the engine's (scoring/origin/sheet_words.py),
as the command line says it too. The grid, the bars, the colours and the words for who won are this view's."""
from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.widgets import Static

from scoring.i18n import N_, _, listing, ngettext
from scoring.origin.round_input import ALIGNMENT_WORDS, Alignment
from scoring.origin.round_result import RoundResult
from scoring.origin.rules import RuleId
from scoring.origin.setup import ROUNDS
from scoring.origin.sheet import GameScore, PlayerTotal, RoundScore
from scoring.origin.sheet_words import cell, outcome, sources
from screens.footer import translated_keys

from ..footer import Footer
from ..header import Header
from ..later import FillsLater

HERO_STYLE, VILLAIN_STYLE = "bold #f05050", "bold #a878ff"  # the dial's colours: red hero, purple villain
WIDE = 24  # a grid column at least this wide holds each point's source in its cell
SCORING_NOTE = N_("Hero: 1 VP a trick ({hero}); villain: 4 VP with no trick ({villain}); abilities as entered "
                  "({ability}).")
STAMINA_CHECK = "2, 3, 4, 5, 5"  # stamina held in rounds 1–5 without ability changes (OS-STAMINA-GAIN)


def scoring_note() -> str:
    return _(SCORING_NOTE).format(hero=RuleId.SCORE_HERO, villain=RuleId.SCORE_VILLAIN, ability=RuleId.SCORE_ABILITY)




def alignment_text(line: RoundScore, short: bool = False) -> Text:
    """`hero, 3 tricks` / `villain, clean` / `villain, caught, 2 tricks` (short: `H3`, `V0`)."""
    style = HERO_STYLE if line.alignment is Alignment.HERO else VILLAIN_STYLE
    if short:
        return Text(cell(line).upper(), style=style)
    return Text.assemble((_(ALIGNMENT_WORDS[line.alignment]), style), f", {outcome(line)}")


def source_line(line: RoundScore, rules: bool = True, short: bool = False) -> Text:
    """`hero, 3 tricks +3 · Monologuing +2` (with each rule id when `rules`; `short`: `alignment +3`, then each
    other source on a line of its own, for a table that shows the alignment beside it)."""
    out = Text()
    for i, (source, vp, rule) in enumerate(sources(line)):
        source = _("alignment") if short and i == 0 else source
        if i:
            out.append("\n" if short else " · ", style="dim")
        out.append(f"{source} ")
        out.append(f"{vp:+d}", style="bold")
        if rules:
            out.append(f" ({rule})", style="dim")
    return out


def bar(total: int, best: int, width: int, winner: bool) -> Text:
    cells = round(width * max(total, 0) / best) if best > 0 else 0
    return Text("█" * cells, style="green" if winner else "cyan")


def winners_text(game: GameScore) -> Text:
    best = max((p.total for p in game.players), default=0)
    if not game.winners:
        return Text("")
    played = _rounds_played(game)
    if 0 < played < ROUNDS:  # no round at all: a game known by its final dials
        who = listing(game.winners)
        rounds = ngettext("{n} round", "{n} rounds", played).format(n=played)
        lead = (_("{who} lead with {vp} VP after {rounds}.") if game.shared
                else _("{who} leads with {vp} VP after {rounds}."))
        return Text(lead.format(who=who, vp=best, rounds=rounds), style="bold")
    if game.shared:
        return Text(_("Shared victory: {who}, tied on {vp} VP (ties share; {rule}).").format(
            who=", ".join(game.winners), vp=best, rule=RuleId.GAME_END), style="bold green")
    return Text(_("{who} wins with {vp} VP ({rule}).").format(who=game.winners[0], vp=best, rule=RuleId.GAME_END),
                style="bold green")


def _rounds_played(game: GameScore) -> int:
    return max((len(p.rounds) for p in game.players), default=0)


def grid(game: GameScore, columns: int) -> Table:
    """Rounds × players: each cell the alignment, tricks and round VP; in a wide column also each point's source.
    Then the totals and the ranks."""
    n = max(1, len(game.players))
    cell_width = (columns - 8) // n - 3
    wide = cell_width >= WIDE
    table = Table(expand=wide, show_edge=False, pad_edge=False, header_style="bold", padding=(0, 1))
    table.add_column("", no_wrap=True, width=5)
    for p in game.players:
        table.add_column(Text(p.name, style="bold green" if p.name in game.winners else "bold"),
                         justify="left" if wide else "right", overflow="fold", ratio=1 if wide else None,
                         min_width=8)
    running = dict.fromkeys((p.name for p in game.players), 0)
    for k in range(_rounds_played(game)):
        cells: list[RenderableType] = [Text(f"R{k + 1}", style="bold")]
        for p in game.players:
            if k >= len(p.rounds):
                cells.append(Text("–", style="dim"))
                continue
            line = p.rounds[k]
            running[p.name] += line.round_vp
            if wide:
                parts = Text.assemble((f"{line.round_vp:+d} ", "bold"), alignment_text(line),
                                      (f"  = {running[p.name]}", "dim"))
                for source, vp, _rule in sources(line)[1:]:
                    parts.append(f"\n  {vp:+d} {source}", style="cyan")
                cells.append(parts)
            else:
                extra = "*" if len(sources(line)) > 1 else " "
                cells.append(Text.assemble(alignment_text(line, short=True), f" {line.round_vp:>+3d}", (extra, "cyan")))
        table.add_row(*cells, end_section=k == _rounds_played(game) - 1)
    table.add_row(Text(_("Total"), style="bold"), *(Text(f"{p.total}", style="bold green" if p.name in game.winners
                                                     else "bold") for p in game.players))
    table.add_row(Text(_("Rank"), style="bold"), *(Text(_rank(p, game)) for p in game.players))
    return table


def _rank(p: PlayerTotal, game: GameScore) -> str:
    tied = sum(1 for q in game.players if q.rank == p.rank) > 1
    return f"{'=' if tied else ''}{p.rank}{' ★' if p.name in game.winners else ''}"


def split(p: PlayerTotal) -> tuple[int, int, int]:
    """A player's VP from alignment, from abilities, and from surrender, over the rounds scored."""
    return (sum(r.alignment_vp for r in p.rounds), sum(vp for r in p.rounds for _s, vp in r.abilities),
            sum(r.surrender_vp for r in p.rounds))


def sheet_text(game: GameScore, columns: int = 76, notes: Mapping[str, str] | None = None) -> Group:
    """The whole sheet for `columns` cells: the grid (in a wide one each point's source sits in its cell), the
    winners, a bar per player with the VP from alignment and from abilities, the points beyond alignment with
    their sources (narrow grids), and the checks (stamina, rules choices that are not the default)."""
    table = grid(game, columns)
    wide = table.columns[1].justify == "left" if len(table.columns) > 1 else True
    parts: list[RenderableType] = [table, Text.assemble("\n", winners_text(game))]
    best = max((p.total for p in game.players), default=0)
    name_width = max((len(p.name) for p in game.players), default=4)
    width = max(6, min(48, columns - name_width - 44))
    bars = Text()
    for p in sorted(game.players, key=lambda q: (q.rank, game.players.index(q))):
        won = p.name in game.winners
        bars.append(f"{_rank(p, game):>4} {p.name:<{name_width}} {p.total:>4} ", style="bold green" if won else "bold")
        bars.append_text(bar(p.total, best, width, won))
        aligned, abilities, surrender = split(p)
        split_words = (_("  alignment {aligned}, abilities {abilities}, surrender {surrender}") if surrender
                       else _("  alignment {aligned}, abilities {abilities}"))
        bars.append(split_words.format(aligned=aligned, abilities=f"{abilities:+d}", surrender=f"{surrender:+d}")
                    + "\n", style="dim")
    parts.append(bars)
    if not wide:
        extra = Text()
        for k in range(_rounds_played(game)):
            for p in game.players:
                if k < len(p.rounds):
                    for source, vp, rule in sources(p.rounds[k])[1:]:
                        extra.append(f"  * R{k + 1} {p.name}: {vp:+d} {source} ")
                        extra.append(f"({rule})\n", style="dim")
        if extra:
            parts.append(Text.assemble((_("Points beyond alignment, with their sources:") + "\n", "bold"), extra))
    played = _rounds_played(game)
    footnote = Text(style="dim")
    footnote.append(scoring_note() + "\n")
    if played == 0:
        footnote.append(_("Only the final dials were kept: no round, and no source, to show.") + "\n")
    elif played < ROUNDS:
        footnote.append(_("{n} of {rounds} rounds scored: the game is not over.").format(n=played, rounds=ROUNDS)
                        + "\n")
    footnote.append(_("Stamina check: without ability changes each player holds {stamina} in rounds 1–5 "
                      "({rule}).").format(stamina=STAMINA_CHECK, rule=RuleId.STAMINA_GAIN))
    for name, value in (notes or {}).items():
        footnote.append("\n" + _("Rules choice: {name} = {value} (not the book's default).").format(
            name=name.replace("_", " "), value=value))
    parts.append(footnote)
    return Group(*parts)


def round_text(number: int, scores: Sequence[RoundScore], result: RoundResult | None = None,
               totals: Mapping[str, int] | None = None, columns: int = 76) -> Group:
    """A round once ended: per player the alignment, tricks, villain clean/caught and the VP with each point's
    source (and the game total when given); then every trick (now that the round is over, OS-FACE-DOWN) and the
    flags raised."""
    table = Table(show_edge=False, pad_edge=False, header_style="bold", padding=(0, 1))
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Alignment"), no_wrap=True)
    table.add_column(_("VP"), justify="right", no_wrap=True)
    # TRANSLATORS: the round summary's column of where each point came from.
    table.add_column(_("from"), ratio=1)
    if totals is not None:
        table.add_column(_("Total"), justify="right", no_wrap=True)
    for line in scores:
        row: list[RenderableType] = [Text(line.player, style="bold"), alignment_text(line),
                                     Text(f"{line.round_vp:+d}", style="bold"),
                                     source_line(line, columns >= 100, short=True)]
        if totals is not None:
            row.append(Text(str(totals.get(line.player, "")), style="bold"))
        table.add_row(*row)
    parts: list[RenderableType] = [Text(_("Round {n} scored ({rule})").format(n=number, rule=RuleId.ROUND_END),
                                        style="bold"), table]
    if columns < 100:  # the rule of each point, said once (a wide line names it at each point)
        parts.append(Text(scoring_note(), style="dim"))
    if result is not None:
        tricks = Text()
        for t in result.tricks:  # each card as played: `Bob 6br as 11 by Trance` when an ability changed it
            tricks.append(f"{t.n:>2}. ", style="bold")
            tricks.append("  ".join(_("{seat} {card} by {ability}").format(seat=p.seat, card=p.play, ability=p.play.by)
                                    if p.play.changed and p.play.by else f"{p.seat} {p.play}"
                                    for p in t.plays) or _("(winner only)"), style="" if t.plays else "dim")
            tricks.append(f"  → {t.winner or '?'}\n", style="bold")
        parts += [Text("\n" + _("The tricks, now turned up:"), style="bold"), tricks]
        for flag in result.flags:
            parts.append(Text(_("{rule} · trick {n} · {seat}: {sentence}").format(
                rule=flag.rule, n=flag.trick, seat=flag.seat, sentence=flag.sentence), style="yellow"))
        if result.input.surrender is not None:
            parts.append(Text(_("The round ended by surrender ({rule}).").format(rule=RuleId.SOLO_SURRENDER),
                              style="italic"))
    return Group(*parts)


def plain(renderable: RenderableType, columns: int) -> str:
    """What a renderable reads as in `columns` cells, without colour (tests, copying)."""
    out = io.StringIO()
    Console(width=columns, file=out, color_system=None, legacy_windows=False).print(renderable)
    return out.getvalue()


class _Body(VerticalScroll):
    DEFAULT_CSS = """
    _Body { height: 1fr; border: round $primary; padding: 0 1; scrollbar-gutter: stable; }
    _Body > Static { width: 100%; }
    """


class RoundSummaryScreen(FillsLater[None]):
    """After a round: per player the alignment, tricks, villain clean/caught and the VP with each point's source;
    then the tricks, turned up now that the round is over.

    `RoundSummaryScreen(number, scores, result=None, totals=None, game=None)`:
    - `number`: the round (1–5);
    - `scores`: the round's lines, `score_round(result)` (or a quick-score round), one per scoring seat in seat
      order (players' names are `RoundScore.player`);
    - `result`: the round's `RoundResult`, to list the tricks and flags (None: no trick was logged);
    - `totals`: each player's VP after this round (None: not shown);
    - `game`: the sheet so far; when given, `s` opens it (OriginSheetScreen).
    `enter` or `escape` dismisses the screen (push it with a callback to go on to the next round)."""

    BINDINGS = [Binding("enter", "done", N_("Continue")), Binding("escape", "done", N_("Back")),
                Binding("s", "sheet", N_("Score sheet"))]

    def __init__(self, number: int, scores: Sequence[RoundScore], result: RoundResult | None = None,
                 totals: Mapping[str, int] | None = None, game: GameScore | None = None) -> None:
        super().__init__()
        self.number = number
        self.scores = tuple(scores)
        self.result = result
        self.totals = totals
        self.game = game
        translated_keys(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with _Body():
            yield Static("", id="round-body")
        yield Footer()

    def on_mount(self) -> None:
        self.title, self.sub_title = "Origin Story", _("Round {n} summary").format(n=self.number)  # drawn: `fill`

    async def fill(self) -> None:
        self.draw()

    def on_resize(self, event: Resize) -> None:
        if self.filled:  # the first layout: `fill` draws it once the frame is painted
            self.call_after_refresh(self.draw)

    @property
    def width_now(self) -> int:
        return self.query_one(_Body).scrollable_content_region.width or 76

    def draw(self) -> None:
        self.query_one("#round-body", Static).update(round_text(self.number, self.scores, self.result, self.totals,
                                                                self.width_now))

    @property
    def shown(self) -> str:
        """The summary as plain text (what the player reads)."""
        return plain(round_text(self.number, self.scores, self.result, self.totals, self.width_now), self.width_now)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.game is not None if action == "sheet" else True

    def action_sheet(self) -> None:
        if self.game is not None:
            self.app.push_screen(OriginSheetScreen(self.game, _("after round {n}").format(n=self.number)))

    def action_done(self) -> None:
        self.dismiss(None)


class OriginSheetView(VerticalScroll):
    """A score sheet drawn to this widget's width (again when it changes), or a sentence saying why there is none."""

    DEFAULT_CSS = """
    OriginSheetView { height: 1fr; border: round $primary; padding: 0 1; scrollbar-gutter: stable; }
    OriginSheetView > Static { width: 100%; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game: GameScore | None = None
        self.note = ""
        self.notes: Mapping[str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="sheet-body")

    def show(self, game: GameScore | None, note: str = "", notes: Mapping[str, str] | None = None) -> None:
        self.game, self.note, self.notes = game, note, notes
        self.draw()

    def on_resize(self, event: Resize) -> None:
        self.draw()

    def draw(self) -> None:
        body = self.query_one("#sheet-body", Static)
        body.update(sheet_text(self.game, self.width_now, self.notes) if self.game is not None
                    else Text(self.note, style="italic"))

    @property
    def shown(self) -> str:
        """The sheet as plain text (what the player reads), for tests and for copying."""
        return plain(sheet_text(self.game, self.width_now, self.notes) if self.game is not None
                     else Text(self.note), self.width_now)

    @property
    def width_now(self) -> int:
        return self.scrollable_content_region.width or 76


class OriginSheetScreen(FillsLater[None]):
    """The Origin Story score sheet, full screen: rounds × players, each point with its source, totals, ranks,
    shared winners and a bar per player.

    `OriginSheetScreen(game, title="", notes=None, game_id=None)`:
    - `game`: a `GameScore` (`score_game`, `quick_game`, `OriginSession.score()`), finished or not;
    - `title`: shown under the app's title (e.g. "Game 12 · 2026-11-23 · table");
    - `notes`: the rules choices that are not the book's default (`Choices.not_default()`), named on the sheet;
    - `game_id`: the game's number in the history, for `b` (its BG Stats QR code); None for a game not saved.
    `escape` goes back."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back")), Binding("b", "share", N_("BG Stats QR code"))]

    class Share(Message, namespace="sheet_screen"):
        """Show the QR code that fills in this game's play in BG Stats. The same request as the Origami sheet's
        (`SheetScreen.Share`, handled by the app as `on_sheet_screen_share`): the app makes the link by the game's
        kind (companion/share.py), so the one handler serves both games."""

        def __init__(self, game_id: int) -> None:
            super().__init__()
            self.game_id = game_id

    def __init__(self, game: GameScore, title: str = "", notes: Mapping[str, str] | None = None,
                 game_id: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.heading = title
        self.notes = notes
        self.game_id = game_id
        translated_keys(self)

    def action_share(self) -> None:
        if self.game_id is None:
            self.notify(_("Only a game saved in the history can go to BG Stats."), severity="warning")
            return
        self.post_message(self.Share(self.game_id))

    def compose(self) -> ComposeResult:
        yield Header()
        yield OriginSheetView()
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Origin Story"
        self.sub_title = _("score sheet · {title}").format(title=self.heading) if self.heading else _("score sheet")

    async def fill(self) -> None:
        self.query_one(OriginSheetView).show(self.game, "", self.notes)
