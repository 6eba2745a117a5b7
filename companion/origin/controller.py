"""An Origin Story game on the table in the app: new game, the round stepper, the table (table, duo, solo), every
action checked and recorded on the main thread (decide -> durable append -> evolve in OriginSession) before it is
shown, undo, the rules at a refusal, the round summary and the score sheet. Screens only show and ask."""
from __future__ import annotations

import uuid
from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, Any

from scoring.errors import InputError

from ..app_base import AppBase
from . import KIND

if TYPE_CHECKING:
    from scoring.origin import commands as c
    from scoring.origin.catalog import Catalogue as OriginCatalogue
    from screens.origin.board import TableView
    from screens.origin.catalogue import OriginCatalogueScreen
    from screens.origin.new_game import OriginNewGameScreen
    from screens.origin.stepper import StepperScreen, StepperView
    from screens.origin.table import OriginTableScreen

    from ..log_session import Submitted
    from .session import OriginSession

RECENT = 8  # log lines the table keeps (it shows as many as fit)


def key() -> str:
    return uuid.uuid4().hex


class OriginFlow(AppBase):
    origin: OriginSession | None = None
    origin_rng: Random | None = None  # tests inject the app deck's draws; None: the system's randomness
    origin_level = "winners"  # the logging level last chosen at the table
    charged_done = False  # the table said it is done charging this round
    aligned: dict[str, str] = {}  # alignments typed, kept hidden (and unrecorded) until all are in

    # --- opening a game ---------------------------------------------------------------------------
    def origin_new(self, solo: bool = False) -> None:
        from screens.origin.new_game import OriginNewGameScreen

        profiles = [p.name for p in self.reader().profiles.all()]
        self.push_screen(OriginNewGameScreen(profiles, solo))

    def on_origin_new_game_screen_start(self, message: OriginNewGameScreen.Start) -> None:
        from .session import OriginSession

        store = self.reader()
        started = OriginSession.start(store, message.command, key(), rng=self.origin_rng)
        if not isinstance(started, OriginSession):
            self.notify(str(started), title="Refused", severity="error")
            return
        self.origin, self.charged_done, self.aligned = started, False, {}
        if message.dealer:
            self.origin_record(lambda k: started.submit(self._c().ChooseDealer(message.dealer), k))
        else:
            self.origin_record(started.draw_dealer)
            self.notify(f"The lot picks {started.state.first_dealer} to deal first (recorded).")
        self.origin_show(switch=True)

    def origin_resume(self, game_id: int) -> None:
        from .session import OriginSession

        try:
            self.origin = OriginSession(self.reader(), game_id, self.origin_rng)
        except InputError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error")
            return
        if self.origin.problems:
            self.notify(f"Game {game_id}'s log is not sound: {'; '.join(self.origin.problems)}. `companion origin "
                        f"replay {game_id}` shows where.", title="Damaged log", severity="warning", timeout=30)
        self.charged_done, self.aligned = False, {}
        self.origin_level = self.level_in_use(self.origin.state)
        self.origin_show()

    def level_in_use(self, state: Any) -> str:
        """The logging level a resumed game was being recorded at, as far as its latest tricks tell (cards played,
        or only winners named); else the level last chosen."""
        from scoring.origin.round_input import CardTrick

        entries = next((r.entries for r in reversed(state.rounds) if r.entries), ())
        if not entries:
            return self.origin_level
        if isinstance(entries[-1], CardTrick):
            return "cards"
        return "winners" if self.origin_level == "cards" else self.origin_level  # or score only: both name winners

    def origin_cards(self) -> OriginCatalogue:
        """The Origin Story catalogue: shipped, with the values the user kept in the database over it."""
        from .catalogue import load

        return load(values=self.reader().catalogue.values(KIND))

    def game_of(self) -> OriginSession:
        if self.origin is None:
            raise InputError("no Origin Story game is open")
        return self.origin

    @staticmethod
    def _c() -> Any:
        from scoring.origin import commands

        return commands

    # --- which screen ---------------------------------------------------------------------------------
    def follow_origin(self) -> None:
        """Another window (or machine) recorded on the Origin Story game on screen: show it."""
        session = self.origin
        if session is None or not type(self.screen).__module__.startswith("screens.origin."):
            return
        if self.reader().log.last_seq(session.game_id) != session.seq:
            session.reload()
            self.origin_show()

    def origin_show(self, switch: bool = False) -> None:
        """The screen for the game as it stands: the stepper, the table, or the end; a refusal just said stays."""
        self._origin_show(switch)
        said, self.refusal_said = self.refusal_said, ""
        refused = getattr(self.screen, "refused", None)
        if said and refused is not None:
            refused(said)

    refusal_said = ""  # what the last action's refusal said, said again once the screen is shown anew

    def _origin_show(self, switch: bool = False) -> None:
        from scoring.origin.state import Phase
        from screens.origin.stepper import StepperScreen
        from screens.origin.table import OriginTableScreen

        for shown in self.screen_stack:  # the logging level chosen stays chosen from round to round
            if isinstance(shown, OriginTableScreen):
                self.origin_level = shown.level
        session = self.game_of()
        if session.state.phase is Phase.ROUND:  # the next round begins at once (its stepper says what to do)
            self.charged_done, self.aligned = False, {}
            if not self.origin_record(lambda k: session.submit(self._c().StartRound(), k)):
                return
        phase = session.state.phase
        screen: Any
        if phase is Phase.OVER:
            self.origin_over(switch)
            return
        if phase in (Phase.PLAY, Phase.END):
            self.origin_autoplay()
            if isinstance(self.screen, OriginTableScreen) and not switch:
                self.screen.recorded(self.origin_table_view())
                return
            screen = OriginTableScreen(self.origin_table_view(), self.origin_level)
        else:
            if isinstance(self.screen, StepperScreen) and not switch:
                self.screen.show(self.origin_stepper_view())
                return
            screen = StepperScreen(self.origin_stepper_view())
        if switch or isinstance(self.screen, (StepperScreen, OriginTableScreen)):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def origin_stepper_view(self) -> StepperView:
        from screens.origin.steps import stepper_view

        session = self.game_of()
        return stepper_view(session.game_id, session.state, self.charged_done, self.aligned)

    def origin_table_view(self) -> TableView:
        from scoring.origin import events as e
        from scoring.origin.referee import referee
        from scoring.origin.setup import Mode
        from scoring.origin.state import Phase
        from screens.origin.board import TableView

        from ..log_session import in_effect

        session = self.game_of()
        state = session.state
        result = referee(state.round_input()) if state.round is not None and state.phase in (
            Phase.PLAY, Phase.END) else None
        events = in_effect(session.log)
        recent = tuple(_sentence(x) for x in events[-3 * RECENT:] if _public(x))[-RECENT:]
        moves: list[e.VancardianChose] = []
        offer = ""
        if state.mode is Mode.SOLO:
            for x in reversed(events):  # the Vancardians' moves in the trick in play, since your last card
                if isinstance(x, e.CardPlayed) and x.seat == state.you or isinstance(x, e.RoundStarted | e.TrickWon):
                    break
                if isinstance(x, e.VancardianChose):
                    moves.insert(0, x)
            offer = self.surrender_offer()
        return TableView(session.game_id, state, result, recent, tuple(moves[-4:]), offer, session.card_kind)

    def surrender_offer(self) -> str:
        from scoring.origin import vancardian_abilities
        from scoring.origin.referee import referee
        from scoring.origin.state import Phase

        state = self.game_of().state
        if state.phase is not Phase.PLAY or state.piles is None or state.round is None:
            return ""
        res = referee(state.round_input())
        if res.in_play is None or res.to_play != state.you:
            return ""
        offer = vancardian_abilities.surrender(
            [p.play for p in res.in_play.plays], state.piles.row(res.in_play.leader), you=state.you,
            alignment=str(dict(state.round.alignment or ())[state.you]), tricks_won=res.tricks_won.get(state.you, 0))
        if not offer.allowed:
            return ""
        return f"{offer.to} +{offer.vp} VP ({offer.rule}): f3 or 'surrender'"

    # --- recording ------------------------------------------------------------------------------------
    def origin_record(self, act: Callable[[str], Submitted]) -> bool:
        """One action under a fresh idempotency key; True when it is on disk (or was already)."""
        from db.errors import StaleGame

        try:
            submitted = act(key())
        except StaleGame:
            self.notify("This game changed in another window: the screen now shows what was recorded there.",
                        severity="warning")
            self.origin_show()
            return False
        except InputError as exc:
            self.origin_refused(str(exc))
            return False
        if not submitted.accepted:
            self.origin_refused(str(submitted.decision))
            return False
        return True

    def origin_refused(self, text: str) -> None:
        self.refusal_said = text
        refused = getattr(self.screen, "refused", None)
        if refused is not None:
            refused(text)
        else:
            self.notify(text, title="Not recorded", severity="error")

    def origin_command(self, command: c.Command | c.Override) -> bool:
        from scoring.origin import commands as c

        session = self.game_of()
        if isinstance(command, c.UseAbility):
            return self.origin_record(lambda k: session.use_ability(command, k))
        if isinstance(command, c.VancardianPlays) and not command.drawn:
            return self.origin_record(session.vancardian_plays)
        if isinstance(command, c.VancardianPlays):
            return self.origin_record(lambda k: session.vancardian_plays(k, command.drawn))
        return self.origin_record(lambda k: session.submit(command, k))

    def origin_autoplay(self) -> None:
        """Solo with the app deck: the Vancardians move by themselves until it is your turn (each move is on disk
        before the next is decided)."""
        from scoring.origin.referee import referee
        from scoring.origin.round_result import legal_options
        from scoring.origin.setup import Kind, Mode
        from scoring.origin.state import Phase

        session = self.game_of()
        for _ in range(8):
            state = session.state
            if state.mode is not Mode.SOLO or state.deck != "app" or state.phase is not Phase.PLAY:
                return
            seat = legal_options(referee(state.round_input()))[0]
            if seat is None or state.seating.seat(seat).kind is not Kind.VANCARDIAN:
                return
            if not self.origin_record(session.vancardian_plays):
                return

    # --- the stepper ----------------------------------------------------------------------------------
    def on_stepper_screen_entered(self, message: StepperScreen.Entered) -> None:
        try:
            self.origin_step(message.text)
        except InputError as exc:
            self.origin_refused(str(exc))
            return
        self.origin_show()

    def origin_step(self, text: str) -> None:
        from scoring.origin import commands as c
        from scoring.origin.cards import parse_card
        from scoring.origin.round_input import parse_alignment
        from scoring.origin.setup import Mode
        from screens.origin.steps import due, players

        session = self.game_of()
        state = session.state
        now = due(state, self.charged_done, self.aligned)
        solo = state.mode is Mode.SOLO

        def cards(words: str) -> tuple[Any, ...]:
            return tuple(parse_card(w, solo=solo) for w in words.replace(",", " ").split())

        if now.step == "dealer":
            if text.casefold() in ("", "lot"):
                self.origin_record(session.draw_dealer)
            else:
                self.origin_record(lambda k: session.submit(c.ChooseDealer(text), k))
        elif now.step == "deal" and state.mode is Mode.DUO:
            sks = [s.name for s in state.seating.seats if s.kind.value == "sidekick"]
            parts = [cards(p) for p in text.split(",")] if "," in text else [cards(text)[:2], cards(text)[2:]]
            if len(parts) != 2:
                raise InputError(f"type {sks[0]}'s two cards, a comma, then {sks[1]}'s two, e.g. 7br 12sp, 3st 9lv")
            self.origin_record(lambda k: session.submit(c.DealHands(tuple(zip(sks, parts, strict=True))), k))
        elif now.step == "deal" and state.deck == "app":
            self.origin_record(session.deal_app_deck)
        elif now.step == "deal":
            self.origin_record(lambda k: session.submit(c.DealHands(((state.you, cards(text)),)), k))
        elif now.step == "event":
            if not text:
                raise InputError("type the event's name (what the card says)")
            self.origin_record(lambda k: session.reveal_event(text, k))
        elif now.step == "stamina":
            self.origin_record(session.gain_stamina)
        elif now.step in ("story", "superhero"):
            if not text:
                raise InputError(f"type the name of {now.player}'s {now.step} card")
            place = session.place_story if now.step == "story" else session.reveal_superhero
            self.origin_record(lambda k: place(now.player, text, k))
        elif now.step == "charge":
            if not text:
                self.charged_done = True
                return
            if solo and text.casefold() in ("h", "v", "hero", "villain"):  # no charge: straight to your alignment
                self.charged_done = True
                self.origin_step(text)
                return
            self.origin_record(lambda k: session.charge(*read_charge(state, text), k))
        elif now.step == "align":
            self.aligned = {**self.aligned, now.player: parse_alignment(text).value}  # never the class's dict
            if len(self.aligned) == len(players(state)):
                chosen = tuple((p, parse_alignment(self.aligned[p])) for p in players(state))
                self.aligned = {}
                self.origin_record(lambda k: session.submit(c.RevealAlignments(chosen), k))
        elif now.step == "rows":
            line = "" if text.casefold() in ("", "none", "-") else text
            if state.deck == "app":
                self.origin_record(lambda k: session.deal_app_deck(k, line))
                return
            fields = [p.strip() for p in text.split("|")]
            if len(fields) not in (3, 4):
                raise InputError("type: the line | Automaton's 8 cards | Factoryon's 8 cards | the cards drawn "
                                 "for the line (if any)")
            vans = [s.name for s in state.seating.seats if s.kind.value == "vancardian"]
            line = "" if fields[0].casefold() in ("", "none", "-") else fields[0]
            rows = ((vans[0], cards(fields[1])), (vans[1], cards(fields[2])))
            draws = cards(fields[3]) if len(fields) == 4 else ()
            self.origin_record(lambda k: session.submit(c.DealHands(rows, line, draws), k))

    def on_stepper_screen_undo(self) -> None:
        if self.aligned:
            self.aligned = {}
            self.notify("The alignments typed so far are cleared: type them again.")
        elif self.charged_done:
            self.charged_done = False
        else:
            self.origin_undo()
        self.origin_show()

    def origin_undo(self) -> None:
        """Take back the latest action. A round's start is never left alone (the app starts rounds by itself):
        undone, the round before is taken back to its last trick, its scoring undone too."""
        from scoring.origin import events as e
        from scoring.origin.describe import describe

        session = self.game_of()
        try:
            target = session.undo("undone at the table", key())
            if isinstance(target.event, e.RoundStarted):
                target = session.undo("undone at the table", key())
        except InputError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"Undone: {describe(target.event)}")  # type: ignore[arg-type]  # an action starts with a fact

    # --- the table ------------------------------------------------------------------------------------
    def tricks_done(self) -> int:
        r = self.game_of().state.round
        return 0 if r is None else r.tricks_done

    def tell_tricks(self, before: int) -> None:
        """The tricks just finished, for a moment (as at the table, before they are gathered face down): the
        Vancardians' cards played by themselves are seen here."""
        from scoring.origin.referee import referee

        state = self.game_of().state
        r = state.round
        if r is None or r.tricks_done <= before:
            return
        for t in referee(state.round_input()).tricks:
            if t.complete and t.n > before and t.plays:
                cards = ", ".join(f"{p.seat} {p.play}" for p in t.plays)
                self.notify(f"{cards}: {t.winner} wins. {t.reason}", title=f"Trick {t.n}", timeout=3)

    def on_origin_table_screen_submit(self, message: OriginTableScreen.Submit) -> None:
        from scoring.origin import commands as c

        before = self.tricks_done()
        for command in message.commands:
            if not self.origin_command(command):
                break
        ended = any(isinstance(x, c.EndRound) or isinstance(x, c.Override) and isinstance(x.command, c.EndRound)
                    for x in message.commands)
        if ended or self.round_just_scored():
            self.origin_round_summary()
            return
        self.origin_show()
        self.tell_tricks(before)

    def round_just_scored(self) -> bool:
        from scoring.origin.state import Phase

        return self.game_of().state.phase in (Phase.ROUND, Phase.OVER)

    def on_origin_table_screen_word(self, message: OriginTableScreen.Word) -> None:
        from scoring.origin import commands as c

        before = self.tricks_done()
        if message.word == "undo":
            self.origin_undo()
            before = self.tricks_done()
        elif message.word == "go":
            self.origin_command(c.VancardianPlays())
        elif message.word == "surrender":
            self.origin_command(c.Surrender())
        elif message.word == "end":
            self.origin_command(c.EndRound())
        if self.round_just_scored():
            self.origin_round_summary()
            return
        self.origin_show()
        self.tell_tricks(before)

    def on_origin_table_screen_explain(self, message: OriginTableScreen.Explain) -> None:
        from screens.origin.rules import OriginRulesScreen

        self.push_screen(OriginRulesScreen(message.rule or None, self.origin_players()))

    def origin_players(self) -> str | None:
        if self.origin is None:
            return None
        n = len(self.origin.state.players)
        return "1" if n == 1 else "2" if n == 2 else "3-5"

    # --- the end of a round and of the game -------------------------------------------------------------
    def origin_round_summary(self) -> None:
        """The round just scored: its summary (every trick turned up now), then the next round or the end."""
        from scoring.origin.referee import referee
        from scoring.origin.state import Phase
        from screens.origin.sheet import RoundSummaryScreen

        session = self.game_of()
        state = session.state
        r = state.round
        if r is None or r.scored is None:
            self.origin_show()
            return
        result = referee(state.round_input())
        game = session.score()
        totals = {p.name: p.total for p in game.players}

        def then(_: None) -> None:
            if session.state.phase is Phase.OVER:
                self.origin_over(switch=True)
            else:
                self.origin_show(switch=True)

        self.push_screen(RoundSummaryScreen(r.number, r.scored, result, totals, game), then)

    def origin_over(self, switch: bool) -> None:
        """The game is over: into the history, then the score sheet."""
        from screens.origin.sheet import OriginSheetScreen

        session = self.game_of()
        try:
            sheet = session.finish() if session.record is None or session.record.status != "finished" \
                else session.score()
        except InputError as exc:
            self.notify(str(exc), title="Not yet", severity="warning")
            return
        screen = OriginSheetScreen(sheet, f"game {session.game_id} · final")
        if switch:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_origin_catalogue_screen_keep(self, message: OriginCatalogueScreen.Keep) -> None:
        """A value read off an Origin Story card (or a new card's kind), checked, then kept in the user's catalogue
        exactly as `companion catalog --game origin-story set` keeps it (the shipped catalogue is never changed)."""
        from screens.origin.catalogue import OriginCatalogueScreen

        from .catalogue import typed

        screen = self.screen_of(OriginCatalogueScreen)
        known = screen.catalogue.lookup(message.card)
        name = known.name if known else message.card
        try:
            value = typed(message.field, message.value)
            checked = screen.catalogue.with_entries([(f"{name}.{message.field}", {"name": name, message.field: value})])
            self.reader().catalogue.set_value(KIND, name, message.field, value)
        except InputError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        screen.use_catalogue(checked, name)
        self.notify(f"{name}: {message.field.replace('_', ' ')} = {message.value} kept in your catalogue.")


def read_charge(state: Any, text: str) -> tuple[str, str, int]:
    """`ann Monologuing 2`: who, the card (several words allowed), the stamina; in solo who may be left out."""
    from scoring.origin.setup import Mode

    words = text.split()
    solo = state.mode is Mode.SOLO
    if solo and words and not state.seating.has(words[0]):  # one player: the charge is yours
        words = [state.you, *words]
    if len(words) < 3 or not words[-1].isdigit():
        raise InputError(f"a charge is: {'' if solo else 'who, '}the card, the stamina, e.g. "
                         f"'{'' if solo else state.players[0].lower() + ' '}Monologuing 2'")
    player = state.seating.seat(words[0]).name
    card = " ".join(words[1:-1])
    placed = [*state.story_cards(player).values(), *filter(None, [state.superhero(player)])]
    card = next((name for name in placed if name.casefold() == card.casefold()), card)  # as it was placed
    return player, card, int(words[-1])


def _public(event: Any) -> bool:
    """A log line the table may show during the round: never a card of a trick (the trick in play has its own line,
    a finished one lies face down: ORIGIN_STORY.md §2), nor what a Vancardian drew (her move shows it)."""
    from scoring.origin import events as e

    return not isinstance(event, e.CardPlayed | e.VancardianChose | e.CardsDrawn)


def _sentence(event: Any) -> str:
    from scoring.origin import events as e
    from scoring.origin.describe import describe

    if isinstance(event, e.TrickWon):  # without the reason: it names the winning card
        from scoring.origin.setup import TRICKS

        last = event.trick == TRICKS  # the round's last trick: nobody leads after it
        return f"{event.winner} won trick {event.trick}" + ("" if last else f"; {event.next_leader} leads next")
    return describe(event)
