"""Origin Story in the app: a new game, the round stepper, the table (table, duo, solo), every action checked and
recorded on the main thread (decide -> durable append -> evolve in OriginSession) before it is shown, undo, the
rules at a refusal, the round summary and the score sheet; a game quick-scored saved; the catalogue's values kept;
a finished game's sheet. What the table shows and what the Vancardians do next are the engine's (scoring/origin).

Screens only show and ask: they post messages (`handlers`). The screens it opened are remembered, so that what it
records is shown on them (never a type test on the screen on top)."""
from __future__ import annotations

import difflib
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from random import Random
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.message import Message
from textual.screen import Screen

from scoring.errors import InputError
from scoring.i18n import _

from . import KIND

if TYPE_CHECKING:
    from db.records import GameRecord
    from scoring.origin import commands as c
    from scoring.origin.catalog import Catalogue
    from screens.form import Tone
    from screens.given import Given
    from screens.origin.board import TableView
    from screens.origin.catalogue import OriginCatalogueScreen
    from screens.origin.new_game import OriginNewGameScreen
    from screens.origin.quick import OriginQuickScreen
    from screens.origin.stepper import StepperScreen, StepperView
    from screens.origin.table import OriginTableScreen

    from ..session import Submitted
    from ..shell import Shell
    from .session import OriginSession

RECENT = 8  # log lines the table keeps (it shows as many as fit)
CLOSE = 0.7  # how alike a story card's name typed and a known one are for "did you mean" (as mat.named's typos)


def key() -> str:
    return uuid.uuid4().hex


class Controller:
    def __init__(self, app: Shell) -> None:
        self.app = app
        self.session: OriginSession | None = None  # the game on the table
        self.rng: Random | None = None  # tests inject the app deck's draws; None: the system's randomness
        self.level = "winners"  # the logging level last chosen at the table
        self.charged_done = False  # the table said it is done charging this round
        self.aligned: dict[str, str] = {}  # alignments typed, kept hidden (and unrecorded) until all are in
        self.refusal_said = ""  # what the last action's refusal said, said again once the screen is shown anew
        self.doubted = ""  # a story card name said to be doubtful once: Enter again records it
        self.table: OriginTableScreen | None = None
        self.stepper: StepperScreen | None = None

    def handlers(self) -> Mapping[type[Message], Callable[[Any], object]]:
        from screens.origin.catalogue import OriginCatalogueScreen
        from screens.origin.new_game import OriginNewGameScreen
        from screens.origin.quick import OriginQuickScreen
        from screens.origin.sheet import OriginSheetScreen
        from screens.origin.stepper import StepperScreen
        from screens.origin.table import OriginTableScreen

        return {OriginNewGameScreen.Start: self.started, StepperScreen.Entered: self.step_entered,
                StepperScreen.Undo: self.step_undo, OriginTableScreen.Submit: self.submit,
                OriginTableScreen.Word: self.word, OriginTableScreen.Explain: self.explain,
                OriginQuickScreen.Save: self.quick_saved, OriginCatalogueScreen.Keep: self.keep,
                OriginSheetScreen.Share: lambda m: self.app.show_play(m.game_id)}

    # --- Home ---------------------------------------------------------------------------------------------
    def open(self, choice: str) -> None:
        """The screen's frame at once, the database open or not; what it shows of the database (the profiles, the
        user's card values) given to it once the database is open, for its fill (screens/given.py)."""
        from screens.given import Given

        if choice == "origin-rules":
            from screens.origin.rules import OriginRulesScreen

            self.app.push_screen(OriginRulesScreen())
            return
        profiles: Given[Sequence[str]] = Given()
        if choice in ("origin-new", "origin-solo"):
            from screens.origin.new_game import OriginNewGameScreen

            self.app.push_screen(OriginNewGameScreen(profiles, choice == "origin-solo"))
            self.app.give_when_open(lambda: profiles.give(self.profiles()), profiles)
        elif choice == "origin-quick":
            from screens.origin.quick import OriginQuickScreen

            sources: Given[Iterable[str]] = Given()
            self.app.push_screen(OriginQuickScreen(profiles, sources))

            def read() -> None:
                profiles.give(self.profiles())
                sources.give([c.name for c in self.catalogue().cards.values()])

            self.app.give_when_open(read, profiles, sources)
        else:
            from screens.origin.catalogue import OriginCatalogueScreen

            cards: Given[Catalogue] = Given()
            self.app.push_screen(OriginCatalogueScreen(cards))
            self.app.give_when_open(lambda: cards.give(self.catalogue()), cards)

    def profiles(self) -> list[str]:
        return self.app.profile_names()

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return ()

    # --- opening a game ---------------------------------------------------------------------------
    def started(self, message: OriginNewGameScreen.Start) -> None:
        from scoring.origin import commands as c

        from .session import OriginSession

        started = OriginSession.start(self.app.reader(), message.command, key(), rng=self.rng)
        if not isinstance(started, OriginSession):
            self.app.notify(str(started), title=_("Refused"), severity="error")
            return
        self.session, self.charged_done, self.aligned = started, False, {}
        if message.dealer:
            dealer = c.ChooseDealer(message.dealer)
            self.record(lambda k: started.submit(dealer, k))
        else:
            self.record(started.draw_dealer)
            self.app.notify(_("The lot picks {player} to deal first (recorded).").format(
                player=started.state.first_dealer))
        self.show(switch=True)

    def resume(self, game_id: int) -> None:
        """The table's frame at once; the game read, replayed and shown once the frame is on screen and the database
        open (`resumed`; chosen on Home as the database opens, the frame waits for it)."""
        from screens.origin.table import OriginTableScreen

        self.session = None  # the game shown before is not this one: nothing follows it meanwhile
        self.table = OriginTableScreen(level=self.level, game_id=game_id, load=lambda: self.resumed(game_id),
                                       after=self.app.when_open)
        self.app.push_screen(self.table)

    def resumed(self, game_id: int) -> bool:
        """Game `game_id` read and replayed, shown on the table's frame; False when the frame is not the game's screen:
        it could not be read (the frame is closed, the reason said), or a round's steps or the end take its place."""
        from scoring.origin.notation import level_in_use
        from scoring.origin.setup import Mode
        from scoring.origin.state import Phase

        from .session import OriginSession

        frame = self.table
        try:
            self.session = OriginSession(self.app.reader(), game_id, self.rng)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Cannot resume"), severity="error")
            if frame is not None and self.app.screen is frame:
                self.app.pop_screen()
            return False
        if self.session.problems:
            self.app.notify(_("Game {id}'s log is not sound: {problems}. `{command}` shows where.").format(
                id=game_id, problems="; ".join(self.session.problems), command=f"companion origin replay {game_id}"),
                title=_("Damaged log"), severity="warning", timeout=30)
        self.charged_done, self.aligned = False, {}
        self.level = level_in_use(self.session.state, self.level)  # the level its latest tricks were recorded at
        if frame is not None:
            frame.level = "cards" if self.session.state.mode is Mode.SOLO else self.level
        self.show(switch=self.session.state.phase is Phase.OVER)  # the sheet in the frame's place, not over it
        if frame is None or self.app.screen is not frame:
            return False
        if not hasattr(frame, "view"):  # nothing to show on it (a round or the end could not go on: said)
            self.app.pop_screen()
            return False
        return True

    def catalogue(self) -> Catalogue:
        """The cards: shipped (with the user's files), with the values the user kept in the database over it."""
        from .catalogue import with_values

        return with_values(self.app.catalogue(KIND), self.app.card_values(KIND))

    def game(self) -> OriginSession:
        if self.session is None:
            raise InputError(_("no Origin Story game is open"))
        return self.session

    # --- which screen ---------------------------------------------------------------------------------
    def shown(self) -> StepperScreen | OriginTableScreen | None:
        """The game's own screen, when it is the one on top."""
        return next((s for s in (self.table, self.stepper) if s is not None and self.app.screen is s), None)

    def follow(self) -> None:
        """Another window (or machine) recorded on the Origin Story game on screen: show it."""
        session = self.session
        if session is None or self.shown() is None:
            return
        if self.app.reader().log.last_seq(session.game_id) != session.seq:
            session.follow(self.app.typing())
            self.show()

    def show(self, switch: bool = False) -> None:
        """The screen for the game as it stands: the stepper, the table, or the end; a refusal just said stays."""
        self._show(switch)
        said, self.refusal_said = self.refusal_said, ""
        shown = self.shown()
        if said and shown is not None:
            shown.refused(said)

    def _show(self, switch: bool = False) -> None:
        from scoring.origin import commands as c
        from scoring.origin.auto_move import next_auto_move
        from scoring.origin.state import Phase
        from screens.origin.stepper import StepperScreen
        from screens.origin.table import OriginTableScreen

        if self.table is not None and self.table.is_attached:  # the logging level stays chosen from round to round
            self.level = self.table.level
        session = self.game()
        start = next_auto_move(session.state)
        if isinstance(start, c.StartRound):  # the next round begins at once (its stepper says what to do)
            self.charged_done, self.aligned = False, {}
            if not self.command(start):
                return
        phase = session.state.phase
        on_top = self.shown()
        if phase is Phase.OVER:
            self.over(switch)
            return
        screen: StepperScreen | OriginTableScreen
        if phase in (Phase.PLAY, Phase.END):
            self.autoplay()
            if self.table is not None and on_top is self.table and not switch:
                self.table.show(self.table_view())
                return
            screen = self.table = OriginTableScreen(self.table_view(), self.level)
        else:
            if self.stepper is not None and on_top is self.stepper and not switch:
                self.stepper.show(self.stepper_view())
                return
            screen = self.stepper = StepperScreen(self.stepper_view())
        if switch or on_top is not None:
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)

    def stepper_view(self) -> StepperView:
        from scoring.origin.stepper import due
        from screens.origin.steps import stepper_view

        session = self.game()
        view = stepper_view(session.game_id, session.state, self.charged_done, self.aligned)
        step = due(session.state, self.charged_done, self.aligned).step
        if step == "story":
            return replace(view, words=self.story_cards(), check=lambda text: self.story_check(text)[:2])
        return replace(view, check=self.charge_check) if step == "charge" else view

    def story_cards(self) -> tuple[str, ...]:
        """The story cards the catalogue knows (a few of the 64), by name."""
        from scoring.origin.catalog import Kind

        return tuple(sorted(c.name for c in self.catalogue().cards.values() if c.kind is Kind.STORY))

    def story_check(self, text: str) -> tuple[str, Tone, str]:
        """The story card typed, checked against those the catalogue knows: (sentence, style, the name to record).
        A known one is recorded as the catalogue spells it, and so is the one the completion shows for a name half
        typed. One the catalogue knows as another kind, or that is close to a known one (a typo?), is said and
        refused once; Enter again records it as typed. Any other name is taken as typed (most story cards are in
        nobody's catalogue yet)."""
        from scoring.origin.catalog import Kind
        from scoring.origin.stepper import due
        from scoring.origin.wording import did_you_mean
        from screens.completion import complete_word

        name = " ".join(text.split())
        if not name:
            return "", "", ""
        state, catalogue = self.game().state, self.catalogue()
        player, slot = due(state, self.charged_done, self.aligned).player, state.round.number if state.round else 1
        stories = self.story_cards()
        begun = complete_word(name, stories)  # the completion shown (the stepper's words are these names)
        known = catalogue.lookup(name + (begun or ""))
        if known is not None and known.kind is Kind.STORY:
            return (_("✓ Enter: {player} places {card} over slot {n}").format(player=player, card=known.name, n=slot),
                    "ok", known.name)
        folded = name.casefold()  # a close spelling (a small typo)
        close = [s for s in stories if difflib.SequenceMatcher(None, folded, s.casefold()).ratio() >= CLOSE]
        if known is not None or close:
            if known is not None:
                kind = known.kind.value
                # TRANSLATORS: {kind} is the catalogue's kind of card as typed (character, story, event…).
                what = (_("{card} is an {kind} card, not a story card") if kind[:1] in "aeiou"
                        else _("{card} is a {kind} card, not a story card")).format(card=known.name, kind=kind)
            else:
                what = _("{name} is not a story card the catalogue knows").format(name=repr(name))
            enter = (_("Enter again records {name} as typed · ctrl+u clears the line") if self.doubted == name
                     else _("Enter twice records {name} as typed · ctrl+u clears the line")).format(name=repr(name))
            return f"✗ {what}{did_you_mean(close)}\n  {enter}", "problem", name
        return (_("✓ Enter: {player} places {card} over slot {n} (a story card the catalogue does not know: it knows "
                  "{known} of the {all})").format(player=player, card=name, n=slot, known=len(stories),
                                                  all=catalogue.counts.get("story", "?")), "ok", name)

    def charge_check(self, text: str) -> tuple[str, Tone]:
        """The charge typed so far, checked before Enter as Enter would record it: (✓/✗ sentence, style)."""
        from scoring.decision import Rejected
        from scoring.origin.decide import decide
        from scoring.origin.notation import Charge, step_answer

        session = self.game()
        if not text.strip():
            return "", ""  # Enter alone: everyone is done charging
        try:
            action = step_answer(session.state, text, self.charged_done, self.aligned, session.card_kind).action
        except InputError as exc:
            return f"✗ {exc}", "problem"
        if not isinstance(action, Charge):
            return "", ""  # Enter alone, or straight to your alignment (solo)
        decision = decide(session.state, session.charge_command(action.player, action.card, action.stamina))
        if isinstance(decision, Rejected):
            return f"✗ {decision.violation.rule}: {decision.violation.message}", "problem"
        return _("✓ Enter: {player} charges {n} on {card}").format(player=action.player, n=action.stamina,
                                                                  card=action.card), "ok"

    def table_view(self) -> TableView:
        from scoring.origin.view import recent_lines, table_view
        from screens.origin.board import TableView

        from ..session import in_effect

        session = self.game()
        return TableView(session.game_id, table_view(session.state), recent_lines(in_effect(session.log), RECENT),
                         session.card_kind)

    # --- recording ------------------------------------------------------------------------------------
    def record(self, act: Callable[[str], Submitted]) -> bool:
        """One action under a fresh idempotency key; True when it is on disk (or was already)."""
        from db.errors import StaleGame

        from ..session import stale_said

        try:
            submitted = act(key())
        except StaleGame as stale:
            self.app.notify(stale_said(stale), severity="warning")
            self.show()
            return False
        except InputError as exc:
            self.refused(str(exc))
            return False
        if not submitted.accepted:
            self.refused(str(submitted.decision))
            return False
        return True

    def refused(self, text: str) -> None:
        self.refusal_said = text
        shown = self.shown()
        if shown is not None:
            shown.refused(text)
        else:
            self.app.notify(text, title=_("Not recorded"), severity="error")

    def command(self, command: c.Command | c.Override) -> bool:
        from scoring.origin import commands as c

        session = self.game()
        if isinstance(command, c.UseAbility):
            return self.record(lambda k: session.use_ability(command, k))
        if isinstance(command, c.VancardianPlays) and not command.drawn:
            return self.record(session.vancardian_plays)
        if isinstance(command, c.VancardianPlays):
            return self.record(lambda k: session.vancardian_plays(k, command.drawn))
        return self.record(lambda k: session.submit(command, k))

    def autoplay(self) -> None:
        """Solo with the app deck: the Vancardians move by themselves until it is your turn (each move is on disk
        before the next is decided)."""
        from scoring.origin import commands as c
        from scoring.origin.auto_move import next_auto_move

        for _turn in range(8):
            move = next_auto_move(self.game().state)
            if not isinstance(move, c.VancardianPlays) or not self.command(move):
                return

    # --- the stepper ----------------------------------------------------------------------------------
    def step_entered(self, message: StepperScreen.Entered) -> None:
        try:
            taken = self.step(message.text)
        except InputError as exc:
            self.refused(str(exc))
            taken = False
        else:
            self.show()
        message.stepper.answered(taken)  # the next answer typed ahead goes, or this one comes back to be mended

    def step(self, text: str) -> bool:
        """The answer to the step due; False when it was refused (and said so)."""
        from scoring.origin.notation import StoryCard, step_answer

        session = self.game()
        answer = step_answer(session.state, text, self.charged_done, self.aligned, session.card_kind)
        if isinstance(answer.action, StoryCard):
            _, tone, name = self.story_check(text)
            if tone == "problem" and self.doubted != name:
                self.doubted = name  # said once: Enter again records it as typed
                self.refused(self.story_check(text)[0])
                return False
            answer = replace(answer, action=replace(answer.action, name=name))
        self.doubted = ""
        self.charged_done, self.aligned = answer.charged, dict(answer.aligned)
        if answer.command is not None:
            return self.command(answer.command)
        if answer.action is not None:
            action = answer.action
            return self.record(lambda k: session.perform(action, k))
        return True

    def step_undo(self, message: StepperScreen.Undo) -> None:
        if self.aligned:
            self.aligned = {}
            self.app.notify(_("The alignments typed so far are cleared: type them again."))
        elif self.charged_done:
            self.charged_done = False
        else:
            self.undo()
        self.show()

    def undo(self) -> None:
        """Take back the latest action. A round's start is never left alone (the app starts rounds by itself):
        undone, the round before is taken back to its last trick, its scoring undone too."""
        from scoring.origin import events as e
        from scoring.origin.describe import describe

        session = self.game()
        try:
            target = session.undo("undone at the table", key())
            if isinstance(target.event, e.RoundStarted):
                target = session.undo("undone at the table", key())
        except InputError as exc:
            self.app.notify(str(exc), severity="warning")
            return
        said = describe(target.event)  # type: ignore[arg-type]  # an action starts with a fact
        self.app.notify(_("Undone: {what}").format(what=said))

    # --- the table ------------------------------------------------------------------------------------
    def tricks_done(self) -> int:
        r = self.game().state.round
        return 0 if r is None else r.tricks_done

    def tell_tricks(self, before: int) -> None:
        """The tricks just finished, for a moment (as at the table, before they are gathered face down): the
        Vancardians' cards played by themselves, and the steps of those after your card, are seen here."""
        from scoring.origin.referee import referee
        from screens.origin.board import just_won

        state = self.game().state
        r = state.round
        if r is None or r.tricks_done <= before or self.table is None or self.shown() is not self.table:
            return
        results = [_("Trick {n}: {plays}: {winner} wins. {reason}").format(
                       n=t.n, plays=", ".join(f"{p.seat} {p.play}" for p in t.plays), winner=t.winner, reason=t.reason)
                   for t in referee(state.round_input()).tricks if t.complete and t.n > before and t.plays]
        if results:
            self.table.tell(just_won(results, r.ended))

    def submit(self, message: OriginTableScreen.Submit) -> None:
        from scoring.origin import commands as c

        before = self.tricks_done()
        recorded = all(self.command(command) for command in message.commands)  # stops at the first refused
        ended = any(isinstance(x, c.EndRound) or isinstance(x, c.Override) and isinstance(x.command, c.EndRound)
                    for x in message.commands)
        self.shown_after(before, ended)
        message.table.answered(recorded)  # the next line typed ahead goes, or this one comes back to be mended

    def round_just_scored(self) -> bool:
        from scoring.origin.state import Phase

        return self.game().state.phase in (Phase.ROUND, Phase.OVER)

    def word(self, message: OriginTableScreen.Word) -> None:
        from scoring.origin import commands as c

        before = self.tricks_done()
        recorded = True
        if message.word == "undo":
            self.undo()
            before = self.tricks_done()
        else:
            recorded = self.command({"go": c.VancardianPlays, "surrender": c.Surrender, "end": c.EndRound}
                                    [message.word]())
        self.shown_after(before)
        message.table.answered(recorded)

    def shown_after(self, tricks_before: int, ended: bool = False) -> None:
        """The round's summary once it is scored, else the table as it stands and the tricks just taken."""
        if ended or self.round_just_scored():
            self.round_summary()
            return
        self.show()
        self.tell_tricks(tricks_before)

    def explain(self, message: OriginTableScreen.Explain) -> None:
        from screens.origin.rules import OriginRulesScreen

        self.app.push_screen(OriginRulesScreen(message.rule or None, self.players()))

    def players(self) -> str | None:
        if self.session is None:
            return None
        n = len(self.session.state.players)
        return "1" if n == 1 else "2" if n == 2 else "3-5"

    # --- the end of a round and of the game -------------------------------------------------------------
    def round_summary(self) -> None:
        """The round just scored: its summary (every trick turned up now), then the next round or the end."""
        from scoring.origin.referee import referee
        from scoring.origin.state import Phase
        from screens.origin.sheet import RoundSummaryScreen

        session = self.game()
        state = session.state
        r = state.round
        if r is None or r.scored is None:
            self.show()
            return
        result = referee(state.round_input())
        game = session.score()
        totals = {p.name: p.total for p in game.players}

        def then(_: None) -> None:
            if session.state.phase is Phase.OVER:
                self.over(switch=True)
            else:
                self.show(switch=True)

        self.app.push_screen(RoundSummaryScreen(r.number, r.scored, result, totals, game), then)

    def over(self, switch: bool) -> None:
        """The game is over: into the history, then the score sheet."""
        from screens.origin.sheet import OriginSheetScreen

        session = self.game()
        try:
            sheet = session.finish() if session.record is None or session.record.status != "finished" \
                else session.score()
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not yet"), severity="warning")
            return
        screen = OriginSheetScreen(sheet, _("game {id} · final").format(id=session.game_id),
                                   game_id=session.game_id)  # saved now
        if switch:
            self.app.switch_screen(screen)
        else:
            self.app.push_screen(screen)

    # --- a finished game, from the history -----------------------------------------------------------------
    def show_finished(self, game: GameRecord, results: list[dict[str, Any]]) -> None:
        """A finished Origin Story game's sheet as the history keeps it (solo: with the Vancardians' lines)."""
        from scoring.origin.round_file_json import stored_sheet
        from scoring.origin.rules import CHOICES
        from screens.origin.sheet import OriginSheetScreen

        from ..local_time import day as local_day

        day = local_day(game.finished_at) if game.finished_at else ""
        level = " · " + _("difficulty {level}").format(level=game.rules["difficulty"]) if "difficulty" in game.rules \
            else ""
        notes = {k: v for k, v in game.rules.items() if k in CHOICES and v != CHOICES[k][0]}
        try:
            sheet = stored_sheet(results, _("game {id}").format(id=game.id))
        except InputError as exc:
            self.app.notify(str(exc), severity="error")
            return
        title = _("Game {id} · {day} · {mode}").format(id=game.id, day=day, mode=game.variant) + level
        self.app.push_screen(OriginSheetScreen(sheet, title, notes, game_id=game.id))

    def quick_saved(self, message: OriginQuickScreen.Save) -> None:
        """A quick-scored Origin Story game joins the history as a finished game of its kind, each player's line
        with their rounds and sources (solo: the Vancardians' lines go in the player's sheet, as for a logged game)."""
        from scoring.origin.round_file_json import score_json

        from .session import FinalResults, SeatResult

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
            record = self.app.reader().results.record(
                variant=scored.mode.value, players=[p.name for p in people], families=[], characters=[],
                rules=scored.rules, sheet=results, sheets=details, kind=KIND)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        message.screen.was_saved(record.id)

    def keep(self, message: OriginCatalogueScreen.Keep) -> None:
        """A value read off an Origin Story card (or a new card's kind), checked, then kept in the user's catalogue
        exactly as `companion catalog --game origin-story set` keeps it (the shipped catalogue is never changed)."""
        from .catalogue import typed

        screen = message.screen
        known = screen.catalogue.lookup(message.card)
        name = known.name if known else message.card
        try:
            value = typed(message.field, message.value)
            checked = screen.catalogue.with_entries([(f"{name}.{message.field}", {"name": name, message.field: value})])
            self.app.reader().catalogue.set_value(KIND, name, message.field, value)
        except InputError as exc:
            self.app.notify(str(exc), title=_("Not saved"), severity="error")
            return
        screen.use_catalogue(checked, name)
        self.app.notify(_("{card}: {field} = {value} kept in your catalogue.").format(
            card=name, field=message.field.replace("_", " "), value=message.value))

