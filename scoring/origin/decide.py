"""decide: a command against the state -> the events it records, or the broken rule as a value.

Trick rules are never re-implemented here: a play is appended to the round as the referee reads it
(`referee.referee`), and the Vancardians' moves come from their runner (`vancardian_moves`). Checks run in a fixed
order: the phase, then the referee's answer for the new play only (earlier plays were settled when recorded, some
of them by an override)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from ..decision import Accepted, Decision, Rejected, Violation
from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, joined
from . import commands as c
from . import events as e
from .cards import Card
from .lean import lean
from .referee import last_trick, referee, referee_last
from .round_input import Ability, Alignment, CardTrick, EffectKind, WinnerOnly
from .round_result import RoundResult
from .rules import RuleId
from .setup import HAND, ROUNDS, Kind, Mode, seating
from .sheet import GameScore, RoundScore, score_game, score_round
from .solo_deck import DrawPlan, build_solo_deck, plan_draw
from .state import GameState, Phase, Piles, Step
from .trick import Play
from .vancardian_abilities import exchange, reveal, surrender
from .vancardian_effects import apply_round_effect, parse_effect
from .vancardian_moves import follow, lead
from .vancardian_values import PRINTED, Effective

_PHASE_RULE = {Phase.DEALER: RuleId.DEALER_FIRST, Phase.ROUND: RuleId.SETUP, Phase.DEAL: RuleId.DEAL,
               Phase.ALIGN: RuleId.ALIGN, Phase.PLAY: RuleId.TRICKS_8, Phase.END: RuleId.ROUND_END,
               Phase.OVER: RuleId.GAME_END}
_PHASE_NEXT = {Phase.DEALER: N_("choose the first dealer"), Phase.ROUND: N_("start the next round"),
               Phase.DEAL: N_("deal the known hands"), Phase.ALIGN: N_("reveal the alignments"),
               Phase.PLAY: N_("play the tricks"), Phase.END: N_("end and score the round"),
               Phase.OVER: N_("the game is over")}


@lean
@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command would record, and the rules it breaks (empty: accepted)."""

    events: tuple[e.Event, ...]
    violations: tuple[Violation, ...] = ()


def _no(rule: RuleId, sentence: str, overridable: bool = False) -> Outcome:
    return Outcome((), (Violation(rule, sentence, overridable),))


def _not_now(rule: RuleId, phase: Phase, round_no: int | None) -> Outcome:
    """Refused in this phase: what comes next (and in which round)."""
    then = Said(_PHASE_NEXT[phase])
    if round_no is None or phase is Phase.OVER:
        return _no(rule, Said(N_("not now: {next}"), next=then))
    return _no(rule, Said(N_("not now: {next} (round {n})"), next=then, n=round_no))


def decide(state: GameState | None, command: c.Command | c.Override) -> Decision:
    if isinstance(command, c.Override):
        found = check(state, command.command)
        if found.violations and not command.reason.strip():
            raise InputError(_("an override needs the table's reason"))
        fixed = [v for v in found.violations if not v.overridable]
        if fixed:
            return Rejected(fixed[0])
        first = found.violations[0] if found.violations else None
        noted = (e.RuleOverridden(str(first.rule), first.message, command.reason.strip()),) if first else ()
        return Accepted(noted + found.events)
    found = check(state, command)
    return Rejected(found.violations[0]) if found.violations else Accepted(found.events)


def check(state: GameState | None, command: c.Command) -> Outcome:
    if isinstance(command, c.StartGame):
        return _start(command) if state is None else _no(RuleId.SETUP, Said(N_("the game has already started")))
    if state is None:
        return _no(RuleId.SETUP, Said(N_("start the game first")))
    if isinstance(command, c.UseAbility):
        return _ability(state, command)
    if isinstance(command, _STEP_COMMANDS):
        return _stepper(state, command)
    phase = state.phase
    if phase not in _WANTED[type(command)]:
        return _not_now(_PHASE_RULE[phase], phase, state.round.number if state.round else None)
    match command:
        case c.ChooseDealer():
            return _dealer(state, command)
        case c.StartRound():
            assert state.dealer is not None
            return Outcome((e.RoundStarted(len(state.rounds) + 1, state.dealer),))
        case c.DealHands():
            return _deal(state, command)
        case c.RevealAlignments():
            return _with_gain(state, Step.ALIGN, _align(state, command))
        case c.PlayCard():
            seat = state.seating.seat(command.seat)  # InputError for a name that is no seat
            if seat.kind is Kind.VANCARDIAN:
                return _no(RuleId.SOLO_PICK, Said(N_("{seat} is a Vancardian: her runner chooses her card"),
                                                  seat=seat.name))
            play = Play(seat.name, command.card, command.value, command.suit, command.by, command.ignore_follow)
            return _play(state, play, command.turned)
        case c.NameWinner():
            return _named(state, command)
        case c.VancardianPlays():
            return _vancardian(state, command)
        case c.Surrender():
            return _surrender(state)
        case c.EndRound():
            return _end(state)
    raise AssertionError(_("not an Origin Story command: {command}").format(command=repr(command)))


_WANTED = {c.ChooseDealer: (Phase.DEALER,), c.StartRound: (Phase.ROUND,), c.DealHands: (Phase.DEAL,),
           c.RevealAlignments: (Phase.ALIGN,), c.PlayCard: (Phase.PLAY,), c.NameWinner: (Phase.PLAY,),
           c.VancardianPlays: (Phase.PLAY,), c.Surrender: (Phase.PLAY,), c.EndRound: (Phase.END, Phase.PLAY)}


# --- setup ------------------------------------------------------------------------------------------------

def _start(cmd: c.StartGame) -> Outcome:
    try:
        seats = seating(cmd.mode, cmd.players)
    except (InputError, ValueError) as exc:
        return _no(RuleId.PLAYERS, str(exc))
    if cmd.deck not in ("table", "app"):
        return _no(RuleId.SOLO_SETUP, Said(N_("deck {deck}: table or app"), deck=repr(cmd.deck)))
    if cmd.deck == "app" and seats.mode is not Mode.SOLO:
        return _no(RuleId.SOLO_SETUP, Said(N_("the app deck is for the solo game only")))
    choices = tuple((f.name, str(getattr(cmd.choices, f.name))) for f in fields(cmd.choices))
    names = tuple(s.name for s in seats.seats if s.kind is Kind.PLAYER)
    started = e.GameStarted(str(seats.mode), names, choices, cmd.deck)
    if seats.mode is not Mode.SOLO:
        return Outcome((started,))
    try:
        deck = build_solo_deck(cmd.difficulty, cmd.difficulty_colour or "")
    except InputError as exc:
        return _no(RuleId.SOLO_SETUP, str(exc))
    started = replace(started, difficulty=deck.difficulty, difficulty_colour=str(deck.difficulty_colour))
    return Outcome((started, e.SoloDeckBuilt(deck.difficulty, str(deck.difficulty_colour),
                                             tuple(str(x) for x in deck.colours))))


def _dealer(state: GameState, cmd: c.ChooseDealer) -> Outcome:
    if cmd.how not in ("movie", "lot"):
        return _no(RuleId.DEALER_FIRST, Said(N_("{how}: the first dealer is chosen by movie or by lot"),
                                             how=repr(cmd.how)))
    seat = state.seating.seat(cmd.seat)
    if seat.kind is Kind.SIDEKICK:
        return _no(RuleId.SK_NOLEAD, Said(N_("{seat} is a sidekick: sidekicks never deal"), seat=seat.name))
    return Outcome((e.DealerChosen(seat.name, cmd.how),))


def _unique(state: GameState, cards: Sequence[Card], where: str) -> Violation | None:
    """`where`: the cards' place, a phrase marked with N_ (shown in the language in use)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return Violation(RuleId.UNIQUE, Said(N_("{card} is dealt twice ({where}): each card exists once"),
                                                 card=card, where=Said(where)), False)
        seen.add(card)
        if state.piles is not None and card not in state.piles.deck:
            return Violation(RuleId.UNIQUE, Said(N_("{card} is not in the deck ({where}): each card exists once"),
                                                 card=card, where=Said(where)), False)
    return None


def _deal(state: GameState, cmd: c.DealHands) -> Outcome:
    r = state.round
    assert r is not None
    given = {state.seating.seat(s).name: tuple(cards) for s, cards in cmd.hands}
    if state.mode is Mode.DUO:
        sidekicks = {s.name for s in state.seating.seats if s.kind is Kind.SIDEKICK}
        if set(given) != sidekicks or any(len(v) != 2 for v in given.values()):
            return _no(RuleId.DEAL, Said(N_("deal each sidekick ({sidekicks}) its 2 face-up cards"),
                                         sidekicks=", ".join(sorted(sidekicks))))
        bad = _unique(state, [x for v in given.values() for x in v], N_("the sidekicks' face-up cards"))
        if bad:
            return Outcome((), (bad,))
        return Outcome(tuple(e.HandDealt(s, HAND, given[s]) for s in state.seating.names if s in given))
    you = state.you
    vans = tuple(s.name for s in state.seating.seats if s.kind is Kind.VANCARDIAN)
    need = (you,) if you not in dict(r.hands) else vans  # your row, then (after your alignment) theirs
    if set(given) != set(need) or any(len(v) != HAND for v in given.values()):
        short = [Said(N_("{seat} has {n}"), seat=s, n=len(v)) for s, v in given.items() if s in need and len(v) != HAND]
        if short:
            return _no(RuleId.SOLO_ROWS, Said(N_("deal {n} cards to each of {seats} now ({short})"), n=HAND,
                                              seats=", ".join(need), short=joined(short)))
        return _no(RuleId.SOLO_ROWS, Said(N_("deal {n} cards to each of {seats} now"), n=HAND, seats=", ".join(need)))
    rows = [given[s] for s in need]
    bad = _unique(state, [x for row in rows for x in row] + list(cmd.effect_draws), N_("the rows and the draws"))
    if bad:
        return Outcome((), (bad,))
    dealt = tuple(e.HandDealt(s, HAND, given[s]) for s in need)
    if need == (you,):
        return Outcome(dealt)
    try:
        effect = parse_effect(cmd.line)
        results = apply_round_effect(effect, rows, alignment=str(_alignment(state)), draws=cmd.effect_draws,
                                     seats=vans, replace_order=state.choices.replace_order,
                                     replace_draws=state.choices.replace_draws)
    except InputError as exc:
        return _no(RuleId.SOLO_SETUP, str(exc))
    assert state.piles is not None
    added = [x for res in results for x in res.added]
    if any(added.count(x) > state.piles.aside.count(x) for x in added):
        return _no(RuleId.SOLO_ADD, Said(N_("no extra-love {card} is left aside for Add"), card=added[0]))
    resolved = tuple(e.VancardianEffectResolved(res.seat, str(effect), res.drew, res.discarded, res.added,
                                                res.row_after) for res in results if effect.kind != "none")
    return Outcome(dealt + resolved)


def _align(state: GameState, cmd: c.RevealAlignments) -> Outcome:
    players = [s.name for s in state.seating.seats if s.kind is Kind.PLAYER]
    given = {state.seating.seat(s).name: Alignment(a) for s, a in cmd.alignment}
    if set(given) != set(players):
        return _no(RuleId.ALIGN, Said(N_("every player reveals an alignment together: {players}"),
                                      players=", ".join(players)))
    return Outcome((e.AlignmentsRevealed(tuple((p, given[p]) for p in players)),))


# --- the round stepper (§3.2 steps 2-6) ---------------------------------------------------------------------

_STEP_COMMANDS = (c.GainStamina, c.RevealEvent, c.PlaceStoryCard, c.RevealSuperhero, c.ChargeAbility)
_STEP_OF = {c.GainStamina: Step.STAMINA, c.RevealEvent: Step.EVENT, c.PlaceStoryCard: Step.STORY,
            c.RevealSuperhero: Step.SUPERHERO, c.ChargeAbility: Step.CHARGE}
_STEP_RULE = {Step.STAMINA: RuleId.STAMINA_GAIN, Step.EVENT: RuleId.EVENT_R3, Step.STORY: RuleId.STORY,
              Step.SUPERHERO: RuleId.SUPERHERO, Step.CHARGE: RuleId.CHARGE_PHASE}


def _gain(state: GameState) -> tuple[e.Event, ...]:
    """OS-STAMINA-GAIN: +1 stamina for each player, rounds 1-4, once."""
    r = state.round
    if r is None or r.number > 4 or r.gained:
        return ()
    return tuple(e.StaminaChanged(p, 1, True, e.GAIN) for p in state.players)


def _with_gain(state: GameState, step: Step, found: Outcome) -> Outcome:
    """A step after Stamina recorded while the round's gain is not: the gain is computed, so it is recorded first
    (a table that skips the stepper still has the book's stamina: 2, 3, 4, 5, 5)."""
    if not found.events or step.order <= Step.STAMINA.order:
        return found
    return Outcome(_gain(state) + found.events, found.violations)


def _player(state: GameState, name: str, rule: RuleId) -> str | Violation:
    if not state.seating.has(name) or state.seating.seat(name).kind is not Kind.PLAYER:
        return Violation(rule, Said(N_("{name} is not a player here (sidekicks and Vancardians have no stamina, "
                                       "story cards or superheroes)"), name=name), False)
    return state.seating.seat(name).name


def _stepper(state: GameState, cmd: c.Command) -> Outcome:
    """A round-setup step. Refused when there is no round setup to record it in (not overridable); refused,
    overridably, when a later step is already recorded (the book's order; the table may have forgotten one)."""
    step = _STEP_OF[type(cmd)]
    rule = _STEP_RULE[step]
    r = state.round
    phase = state.phase
    if r is None or phase in (Phase.ROUND, Phase.OVER, Phase.DEALER) or (phase is Phase.DEAL and r.step is Step.DEAL):
        return _not_now(rule, phase, r.number if r else None)
    found = _step_facts(state, cmd)
    if any(not v.overridable for v in found.violations):
        return found
    late: tuple[Violation, ...] = ()
    if r.step.order > step.order:
        late = (Violation(rule, Said(N_("the {step} step comes before the {recorded} step, already recorded (the "
                                        "book's order)"), step=step.value, recorded=r.step.value), True),)
    return _with_gain(state, step, Outcome(found.events, late + found.violations))


def _step_facts(state: GameState, cmd: c.Command) -> Outcome:
    r = state.round
    assert r is not None
    n = r.number
    match cmd:
        case c.GainStamina():
            if n > 4:
                return _no(RuleId.STAMINA_GAIN, Said(N_("round {n}: stamina is gained in rounds 1-4 only"), n=n))
            if r.gained:
                return _no(RuleId.STAMINA_GAIN, Said(N_("round {n}'s stamina is already gained"), n=n))
            return Outcome(_gain(state))
        case c.RevealEvent():
            if n != 3:
                return _no(RuleId.EVENT_R3, Said(N_("round {n}: an event is revealed in round 3 only"), n=n))
            if r.event is not None:
                return _no(RuleId.EVENT_R3, Said(N_("round 3's event is already revealed: {event}"),
                                                 event=r.event.name))
            if not cmd.name.strip():
                return _no(RuleId.EVENT_R3, Said(N_("name the event")))
            if state.mode is not Mode.SOLO:
                if cmd.colour or cmd.vancardian:
                    return _no(RuleId.EVENT_R3, Said(N_("a lightning colour and a Vancardian card are for the solo "
                                                        "game")))
                return Outcome((e.EventRevealed(n, cmd.name.strip()),))
            top = state.solo_colours[n - 1] if len(state.solo_colours) >= n else ""
            colour = cmd.colour if cmd.colour is not None else top
            if top and colour != top:
                return _no(RuleId.SOLO_EVENT, Said(N_("the top Vancardian card (round 3's) is {top}: the event "
                                                      "comes from the {top} event deck, not the {colour} one"),
                                                   top=top, colour=colour))
            return Outcome((e.EventRevealed(n, cmd.name.strip(), colour, cmd.vancardian.strip()),))
        case c.PlaceStoryCard() | c.RevealSuperhero():
            story = isinstance(cmd, c.PlaceStoryCard)
            rule = RuleId.STORY if story else RuleId.SUPERHERO
            player = _player(state, cmd.player, rule)
            if isinstance(player, Violation):
                return Outcome((), (player,))
            if not cmd.name.strip():
                return _no(rule, Said(N_("name the card")))
            banned: tuple[Violation, ...] = ()
            if state.mode is Mode.SOLO and cmd.solo_banned:
                banned = (Violation(RuleId.SOLO_BANNED, Said(N_("{card} is banned from the solo game: it is "
                                                                "removed and replaced by the next card"),
                                                             card=cmd.name), True),)
            if story:
                if n > 4:
                    return _no(rule, Said(N_("round {n}: story cards are placed in rounds 1-4 only"), n=n))
                if n in state.story_cards(player):
                    return _no(rule, Said(N_("{player}'s slot {n} already holds {card}"), player=player, n=n,
                                          card=state.story_cards(player)[n]))
                return Outcome((e.StoryCardPlaced(player, n, cmd.name.strip()),), banned)
            if n != ROUNDS:
                return _no(rule, Said(N_("round {n}: superheroes are revealed in round 5"), n=n))
            if state.superhero(player) is not None:
                return _no(rule, Said(N_("{player} already revealed {card}"), player=player,
                                      card=state.superhero(player)))
            order = state.from_dealers_left()
            first = [p for p in order[:order.index(player)] if state.superhero(p) is None]
            found = (Violation(rule, Said(N_("superheroes are revealed in seat order from the dealer's left "
                                             "({order}): {first} reveals before {player}"), order=", ".join(order),
                                          first=first[0], player=player), True),) if first else ()
            return Outcome((e.SuperheroRevealed(player, cmd.name.strip()),), banned + found)
        case c.ChargeAbility():
            return _charge(state, cmd)
    raise AssertionError(f"not a step: {cmd!r}")


def _charge(state: GameState, cmd: c.ChargeAbility) -> Outcome:
    """OS-CHARGE-BUDGET (never more than held: not overridable, the stamina does not exist), OS-CHARGE-ORDER
    (overridable): a charge involving others after a charge known not to, or after a later player's (clockwise from
    the dealer's left) charge involving others. A charge whose `involves_others` is unknown is not checked. OS-STORY
    (overridable): a card known to be a story card is charged only on its owner's mat (any other name may be the
    player's character, whose name the log does not hold)."""
    player = _player(state, cmd.player, RuleId.CHARGE_BUDGET)
    if isinstance(player, Violation):
        return Outcome((), (player,))
    if cmd.stamina < 1 or not cmd.source.strip():
        return _no(RuleId.CHARGE_BUDGET, Said(N_("charge a named card with 1 stamina or more")))
    held, charged = state.held(player), state.charged(player)
    if charged + cmd.stamina > held:
        return _no(RuleId.CHARGE_BUDGET, Said(N_("{player} holds {held} stamina, {charged} charged already: "
                                              "{more} more is too many"), player=player, held=held, charged=charged,
                                           more=cmd.stamina))
    found: list[Violation] = []
    r = state.round
    assert r is not None
    if cmd.involves_others:
        mine = _round_charges(state)
        if any(x.involves_others is False for x in mine):
            found.append(Violation(RuleId.CHARGE_ORDER, Said(N_("costs involving other players are charged first, "
                                                                "before the others")), True))
        order = state.from_dealers_left()
        later = [x.player for x in mine if x.involves_others and x.player in order
                 and order.index(x.player) > order.index(player)]
        if later:
            found.append(Violation(RuleId.CHARGE_ORDER, Said(N_("costs involving other players are charged one "
                                                                "player at a time clockwise from the dealer's left "
                                                                "({order}): {later} has charged already"),
                                                             order=", ".join(order), later=later[0]), True))
    mat = state.story_cards(player).values()
    if cmd.kind == "story" and cmd.source.strip().casefold() not in {x.casefold() for x in mat}:
        found.append(Violation(RuleId.STORY, Said(N_("{card} is a story card that is not on {player}'s mat "
                                                     "({placed}): stamina goes on your own story cards or your "
                                                     "character"), card=cmd.source.strip(), player=player,
                                                  placed=", ".join(mat) or Said(N_("none placed yet"))), True))
    event = e.AbilityCharged(player, cmd.source.strip(), cmd.stamina, cmd.involves_others)
    return Outcome((event,), tuple(found))


def _round_charges(state: GameState) -> list[e.AbilityCharged]:
    """This round's charges still on the cards (as facts with their `involves_others`)."""
    r = state.round
    return list(r.charged) if r is not None else []


# --- tricks -----------------------------------------------------------------------------------------------

def _result(state: GameState) -> RoundResult:
    """The round as recorded, refereed (its finished tricks as refereed before)."""
    return referee_last(state.round_input())


def _with_round(state: GameState, **changes: object) -> GameState:
    r = state.round
    assert r is not None
    return replace(state, rounds=state.rounds[:-1] + (replace(r, **changes),))  # type: ignore[arg-type]


def _play(state: GameState, play: Play, turned: Card | None, before: tuple[e.Event, ...] = ()) -> Outcome:
    """A card played: the referee reads the round with it; only what this play breaks counts."""
    r = state.round
    assert r is not None
    current = r.in_play(len(state.seating.seats))
    if current is not None:
        entry = CardTrick(current.plays + (play,), current.turned + (((play.seat, turned),) if turned else ()),
                          current.winner)
        entries = r.entries[:-1] + (entry,)
    else:
        entries = r.entries + (CardTrick((play,), ((play.seat, turned),) if turned else ()),)
    try:
        t = last_trick(state.round_input(entries))
    except InputError as exc:
        return _no(RuleId.ORDER, str(exc))
    mine = t.plays[-1]
    found = list(mine.violations)
    if len(t.plays) == 1:
        found = [v for v in t.refusals if v.rule is not RuleId.TRICKS_8] + found
    if t.complete:
        found += [v for v in t.refusals if v.rule is RuleId.TRICKS_8]
    p = mine.play
    out: list[e.Event] = [*before, e.CardPlayed(r.number, t.n, p.seat, p.card, play.value, play.suit, play.by,
                                                play.ignore_follow)]
    if turned is not None:
        out.append(e.SidekickCardTurned(p.seat, turned))
    out += [e.RevokeFlagged(f.seat, f.trick, t.n, f.sentence) for f in t.flags if f.seat == p.seat]
    if t.complete and t.winner is not None and t.next_leader is not None:
        out.append(e.TrickWon(r.number, t.n, t.winner, t.reason, t.next_leader))
    return Outcome(tuple(out), tuple(found))


def _named(state: GameState, cmd: c.NameWinner) -> Outcome:
    r = state.round
    assert r is not None
    if state.mode is Mode.SOLO:
        return _no(RuleId.SOLO_ROWS, Said(N_("the solo game is played card by card: the runner must see every "
                                             "card")))
    if r.in_play(len(state.seating.seats)) is not None:
        return _no(RuleId.ORDER, Said(N_("a trick is being played card by card: finish it first")))
    res = referee_last(replace(state.round_input(),
                               tricks=r.entries + (WinnerOnly(state.seating.seat(cmd.seat).name),)))
    t = res.tricks[-1]
    assert t.winner is not None and t.next_leader is not None
    return Outcome((e.TrickWon(r.number, t.n, t.winner, t.reason, t.next_leader, named=True),), t.refusals)


def _alignment(state: GameState) -> Alignment:
    r = state.round
    assert r is not None
    return dict(r.alignment or ()).get(state.you, Alignment.HERO)


def _effective(state: GameState) -> Effective:
    r = state.round
    assert r is not None
    shown = [x for ab in r.abilities for ef in ab.effects if ef.kind is EffectKind.REVEAL for x in ef.cards]
    return reveal(shown, str(_alignment(state))) if shown else PRINTED


def follow_plan(piles: Piles) -> DrawPlan:
    """Where a following Vancardian's two cards come from now: the deck, then (shuffled in) the discard pile."""
    return plan_draw(2, len(piles.deck), len(piles.reshufflable))


def table_draw(state: GameState, drawn: tuple[Card, ...]) -> c.VancardianPlays:
    """A following Vancardian's move with the cards the table drew for her (the table's own deck): when the deck
    runs short the discard pile is shuffled in first, which the state tells, so the table only names the cards."""
    if not drawn or state.piles is None:
        return c.VancardianPlays(drawn)
    return c.VancardianPlays(drawn, bool(follow_plan(state.piles).reshuffled))


def _vancardian(state: GameState, cmd: c.VancardianPlays) -> Outcome:
    if state.mode is not Mode.SOLO or state.piles is None:
        return _no(RuleId.SOLO_PICK, Said(N_("there are Vancardians only in the solo game")))
    res = _result(state)
    t = res.in_play
    seat = res.to_play if t is not None else res.next_leader
    if seat is None or state.seating.seat(seat).kind is not Kind.VANCARDIAN:
        return _no(RuleId.SOLO_CYCLE, Said(N_("it is {seat}'s turn, not a Vancardian's"), seat=seat))
    piles = state.piles
    row = piles.row(seat)
    you = state.you
    mine = res.tricks_won.get(you, 0)
    effective = _effective(state)
    try:
        if t is None:
            if cmd.drawn:
                return _no(RuleId.SOLO_LEAD, Said(N_("{seat} leads: she draws nothing"), seat=seat))
            move = lead(row, alignment=str(_alignment(state)), tricks_won=mine, seat=seat, effective=effective)
            before: tuple[e.Event, ...] = ()
        else:
            plan = follow_plan(piles)
            if len(cmd.drawn) != plan.drawn or cmd.reshuffled != bool(plan.reshuffled):
                draws = Said(N_("{seat} draws {n} card now after the discard pile is shuffled into the deck"),
                             N_("{seat} draws {n} cards now after the discard pile is shuffled into the deck"),
                             seat=seat, n=plan.drawn) if plan.reshuffled else \
                    Said(N_("{seat} draws {n} card now"), N_("{seat} draws {n} cards now"), seat=seat, n=plan.drawn)
                if state.deck != "app" and not cmd.drawn:
                    draws = Said(N_("{draws}: draw them for her and name them (`draw` and the {n} cards, e.g. `draw "
                                    "9st 6sp`)"), draws=draws, n=plan.drawn)
                return _no(RuleId.DECK_EMPTY, draws)
            first, rest = cmd.drawn[:plan.from_deck], cmd.drawn[plan.from_deck:]
            pool = piles.reshufflable
            if len(set(cmd.drawn)) < len(cmd.drawn) or any(x not in piles.deck for x in first) \
                    or any(x not in pool for x in rest):
                return _no(RuleId.UNIQUE, Said(N_("{cards}: a card drawn must be in the deck"),
                                               cards=" ".join(map(str, cmd.drawn))))
            move = follow(row, cmd.drawn, [p.play for p in t.plays], alignment=str(_alignment(state)),
                          tricks_won=mine, seat=seat, effective=effective, as_led=state.choices.as_led)
            before = ((e.DeckReshuffled(pool),) if plan.reshuffled else ()) + \
                ((e.CardsDrawn(seat, cmd.drawn, "vancardian draw"),) if cmd.drawn else ())
    except InputError as exc:
        return _no(RuleId.SOLO_PICK, str(exc))
    chose = e.VancardianChose(seat, move.role, tuple((str(s.rule), s.sentence) for s in move.steps), move.plays,
                              move.kept, move.discarded, move.row_after)
    # refereed against the round's hands as recorded, like any play (its finished tricks as refereed before): her
    # lead is checked against her row as the tricks left it; a follow, after her draw, is the runner's to check
    return _play(state, effective.play(seat, move.plays), None, (*before, chose))


def _surrender(state: GameState) -> Outcome:
    if state.mode is not Mode.SOLO or state.piles is None:
        return _no(RuleId.SOLO_SURRENDER, Said(N_("surrender is for the solo game only")))
    res = _result(state)
    t = res.in_play
    plays = [p.play for p in t.plays] if t is not None else []
    leader = plays[0].seat if plays else ""
    found = surrender(plays, state.piles.row(leader) if leader else (), you=state.you,
                      alignment=str(_alignment(state)), tricks_won=res.tricks_won.get(state.you, 0))
    if not found.allowed or t is None:
        return _no(RuleId.SOLO_SURRENDER, found.sentence)
    return Outcome((e.Surrendered(t.n, found.to, found.vp),))


# --- abilities --------------------------------------------------------------------------------------------

def _ability(state: GameState, cmd: c.UseAbility) -> Outcome:
    r = state.round
    if r is None or state.phase in (Phase.ROUND, Phase.OVER, Phase.DEALER):
        return _no(RuleId.SCORE_ABILITY, Said(N_("abilities are used during a round")))
    if not state.seating.has(cmd.player) or state.seating.seat(cmd.player).kind is Kind.VANCARDIAN:
        return _no(RuleId.SOLO_HERO, Said(N_("{player} uses no abilities here"), player=cmd.player))
    trick = cmd.trick
    in_play = r.in_play(len(state.seating.seats)) is not None
    if trick is None and cmd.timing != "end-of-round":
        trick = r.tricks_done + 1 if in_play else (r.tricks_done or None)
    if any(x.kind is EffectKind.REWIND for x in cmd.effects) and (not in_play or state.mode is Mode.SOLO):
        # a finished trick's winner is already a recorded fact, and a solo rewind would have to give back the
        # Vancardians' draws: undo the plays instead
        return _no(RuleId.TRICKS_8, Said(N_("rewind is entered while the trick is being played (solo: undo the "
                                            "plays)")))
    ability = Ability(state.seating.seat(cmd.player).name, cmd.source, cmd.effects, cmd.timing, trick)
    try:
        before = _result(state)
        res = referee(_with_round(state, abilities=r.abilities + (ability,)).round_input())
    except InputError as exc:
        return _no(RuleId.SCORE_ABILITY, str(exc))
    index = len(r.abilities)
    found = tuple(x.violation for x in res.refusals if x.index == index)
    stamina = _stamina_effects(state, ability, cmd.kind)
    if isinstance(stamina, Violation):
        return Outcome((), (stamina,))
    unlocked = tuple(v for v in (_unrevealed(state, ability, cmd.kind), _charged_only(state, ability, cmd.kind))
                     if v is not None)
    found = unlocked + found
    out: list[e.Event] = [e.AbilityUsed(ability.player, ability.source, ability.timing, trick, ability.effects),
                          *stamina]
    if state.mode is Mode.SOLO:
        exchanged = _exchanges(state, ability)
        if isinstance(exchanged, Violation):
            return Outcome((), (exchanged,))
        out += exchanged
    was = {t.n: (t.winner, t.next_leader) for t in before.tricks if t.counts}
    for t in res.tricks:  # a changed winner or next leader is recorded as a fact again
        if t.counts and t.winner and t.next_leader and was.get(t.n) not in (None, (t.winner, t.next_leader)):
            out.append(e.TrickWon(r.number, t.n, t.winner, t.reason, t.next_leader))
    return Outcome(tuple(out), found)


def _needs_charge(state: GameState, ability: Ability, kind: str | None) -> bool | None:
    """Does the source need a charge (OS-CHARGED-ONLY)? The round's event and the player's superhero do not; the
    player's own story cards and any card the catalogue says is a story or character card do; anything else is a
    card the companion cannot place (None: not checked)."""
    name = ability.source.casefold()
    event = state.event
    if kind in ("event", "superhero") or (event is not None and event.name.casefold() == name) \
            or (state.superhero(ability.player) or "").casefold() == name:
        return False
    if kind in ("story", "character") or name in {x.casefold() for x in state.story_cards(ability.player).values()}:
        return True
    return None


def _unrevealed(state: GameState, ability: Ability, kind: str | None) -> Violation | None:
    """OS-SUPERHERO: a superhero card's ability is its player's once revealed (round 5), and only the one revealed
    (the other is discarded). Overridable: the kind is the catalogue's word."""
    if kind != "superhero":
        return None
    revealed = state.superhero(ability.player)
    if revealed is not None and revealed.casefold() == ability.source.strip().casefold():
        return None
    if revealed:
        return Violation(RuleId.SUPERHERO, Said(N_("{card} is a superhero card, and {player}'s superhero is "
                                                   "{revealed}: a superhero's ability is used only once it is "
                                                   "revealed"), card=ability.source, player=ability.player,
                                                revealed=revealed), True)
    return Violation(RuleId.SUPERHERO, Said(N_("{card} is a superhero card, and {player} has revealed no superhero: a "
                                               "superhero's ability is used only once it is revealed"),
                                            card=ability.source, player=ability.player), True)


def _charged_only(state: GameState, ability: Ability, kind: str | None) -> Violation | None:
    if not _needs_charge(state, ability, kind) or state.charged(ability.player, ability.source) > 0:
        return None
    return Violation(RuleId.CHARGED_ONLY, Said(N_("{card} has no stamina on it: a story card's or character's "
                                                  "ability works only when charged"), card=ability.source), True)


def _stamina_effects(state: GameState, ability: Ability, kind: str | None) -> list[e.Event] | Violation:
    """`remove N` (OS-REMOVE: that much stamina on that card, back to its owner's supply) and `stamina ±N`
    (permanent; never below 0, never below what is charged: OS-CHARGE-BUDGET)."""
    player = ability.player
    if player not in dict(state.stamina):
        return []
    out: list[e.Event] = []
    on_card, held, charged = state.charged(player, ability.source), state.held(player), state.charged(player)
    for x in ability.effects:
        if x.kind is EffectKind.REMOVE:
            if x.amount > on_card:
                return Violation(RuleId.REMOVE, Said(N_("{card} has {on_card} stamina on it: it cannot remove "
                                                        "{amount}"), card=ability.source, on_card=on_card,
                                                     amount=x.amount), False)
            on_card, charged = on_card - x.amount, charged - x.amount
            out.append(e.StaminaRemoved(player, ability.source, x.amount, "remove"))
        elif x.kind is EffectKind.STAMINA:
            if held + x.amount < charged or held + x.amount < 0:
                return Violation(RuleId.CHARGE_BUDGET, Said(N_("{player} holds {held} stamina, {charged} of it "
                                                               "charged: {effect} would leave less than is charged"),
                                                            player=player, held=held, charged=charged, effect=x),
                                 False)
            held += x.amount
            out.append(e.StaminaChanged(player, x.amount, True, ability.source))
    return out


def _exchanges(state: GameState, ability: Ability) -> list[e.Event] | Violation:
    """Solo: each `exchange with <Vancardian> give <card>` resolved by the rule, one after the other."""
    assert state.piles is not None
    rows = dict(state.piles.rows)
    out: list[e.Event] = []
    for x in ability.effects:
        if x.kind is not EffectKind.EXCHANGE:
            continue
        if not state.seating.has(x.target) or state.seating.seat(x.target).kind is not Kind.VANCARDIAN:
            return Violation(RuleId.SOLO_EXCHANGE, Said(N_("{effect}: exchange with Automaton or Factoryon"),
                                                        effect=x), False)
        seat = state.seating.seat(x.target).name
        if seat not in rows:  # a "when charged" exchange waits for the Vancardians' rows
            return Violation(RuleId.SOLO_DELAY, Said(N_("{effect}: {seat} has no row yet; enter it once her row is "
                                                        "dealt"), effect=x, seat=seat), False)
        if len(x.cards) != 1:
            return Violation(RuleId.SOLO_EXCHANGE, Said(N_("{effect}: name the one card you give (give 3br)"),
                                                        effect=x), False)
        try:
            done = exchange(rows[seat], rows.get(ability.player, ()), x.cards[0], seat=seat,
                            effective=_effective(state))
        except InputError as exc:
            return Violation(RuleId.SOLO_EXCHANGE, str(exc), False)
        rows[seat], rows[ability.player] = done.row_after, done.hand_after
        out.append(e.CardsExchanged(ability.player, seat, done.took, done.gave,
                                    tuple((str(s.rule), s.sentence) for s in done.steps)))
    return out


# --- end of round and game --------------------------------------------------------------------------------

def _end(state: GameState) -> Outcome:
    r = state.round
    assert r is not None and state.dealer is not None
    res = _result(state)
    found: tuple[Violation, ...] = ()
    if res.in_play is not None and r.surrender is None:
        return _no(RuleId.ROUND_END, Said(N_("trick {n} is still being played"), n=res.in_play.n))
    if not res.finished:
        done = sum(1 for t in res.tricks if t.counts)
        found = (Violation(RuleId.ROUND_END, Said(N_("only {done} of 8 tricks are recorded: the round is not over"),
                                                  done=done)),)
    lines = score_round(res)
    vp = tuple((x.player, x.alignment_vp, x.round_vp) for x in lines)
    back = tuple(e.StaminaRemoved(p, source, n, "end of round") for p, source, n in state.charges)
    # OS-ROUND-END: (3) alignment VP, (4) the charged stamina back to its owners' supply, (5) the dealer passes
    out: list[e.Event] = [e.RoundScored(r.number, lines, vp), *back,
                          e.DealerPassed(state.seating.next_dealer(state.dealer))]
    if r.number >= ROUNDS:
        sheet = final_sheet(state, lines)
        out.append(e.GameEnded(tuple((p.name, p.total, p.rank) for p in sheet.players), sheet.winners))
    return Outcome(tuple(out), found)


def final_sheet(state: GameState, last: tuple[RoundScore, ...] = ()) -> GameScore:
    """The score sheet from the scored rounds (and `last`, the round being scored now)."""
    rounds = [x.scored for x in state.rounds if x.scored is not None] + ([last] if last else [])
    return score_game(rounds, vp_floor=state.choices.vp_floor)
