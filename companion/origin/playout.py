"""Random legal Origin Story games driven command by command (a shell of their own: real hidden hands, the app
deck's draws), for the engine's property tests, the session's tests and the benchmarks."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring.decision import Accepted, Decision
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.auto_move import next_auto_move, vancardian_to_move
from scoring.origin.cards import DECK, Card
from scoring.origin.decide import decide, follow_plan
from scoring.origin.evolve import evolve
from scoring.origin.legal import legal_options
from scoring.origin.referee import referee
from scoring.origin.round_input import Alignment, Effect, EffectKind
from scoring.origin.setup import HAND, Kind
from scoring.origin.state import GameState, Phase
from scoring.origin.trick import legal_follows
from scoring.origin.vancardian_effects import parse_effect, round_draws_needed
from scoring.origin.view import surrender_offer

LINES = ("", "replace 2", "add 4.5", "move 1", "replace 1", "add 9.5")
STORIES = ("Trance", "Monologuing", "Telekinesis", "Story A", "Story B")  # names only: no text is invented
HEROES = ("Hero A", "Hero B", "Hero C")
EVENTS = ("Transfer of Power", "Event A")


class Refused(AssertionError):
    pass


@dataclass
class Engine:
    """decide -> evolve with the log kept, as a session does without a store."""

    state: GameState | None = None
    log: list[e.Event] = field(default_factory=list)
    on_step: Callable[[Engine, e.Event], None] | None = None

    def submit(self, command: Any) -> Decision:
        decision = decide(self.state, command)
        if not isinstance(decision, Accepted):
            raise Refused(f"{command!r} refused: {decision}")
        for event in decision.events:
            self.state = evolve(self.state, event)
            self.log.append(event)
            if self.on_step is not None:
                self.on_step(self, event)
        return decision


Submit = Callable[[Any], Any]
Current = Callable[[], GameState]


def _who(state: GameState) -> tuple[str | None, Any]:
    res = referee(state.round_input())
    seat, known = legal_options(res)
    return seat, (res, known)


def play_round(submit: Submit, current: Current, rng: random.Random, *, level: str = "cards",
               line: str | None = None, surrender: bool = False, vancardian: Callable[[], Any] | None = None,
               deal: Callable[[str], Any] | None = None, every_option: bool = False, skip: bool = False) -> None:
    """One round from StartRound to EndRound, through every step of the round stepper in the book's order
    (`skip`: some steps are left out at random, as a table that logs only winners may). `level`: cards, winners
    or mixed (per trick). Charged story cards are sometimes used during the tricks (`remove 1`, `note`)."""
    start = next_auto_move(current())
    assert isinstance(start, c.StartRound), start  # a round is due: it starts by itself
    submit(start)
    state = current()
    seats = state.seating.seats
    hands: dict[str, list[Card]] = {}
    down: dict[str, list[Card]] = {}
    if state.mode.value != "solo":
        cards = list(DECK)
        rng.shuffle(cards)
        for i, s in enumerate(seats):
            hands[s.name] = cards[i * HAND:(i + 1) * HAND]
        if state.mode.value == "duo":
            pairs = []
            for s in seats:
                if s.kind is Kind.SIDEKICK:
                    down[s.name] = hands[s.name][2:]
                    hands[s.name] = hands[s.name][:2]
                    pairs.append((s.name, tuple(hands[s.name])))
            submit(c.DealHands(tuple(pairs)))
    elif deal is not None:
        deal("")
    else:
        piles = current().piles
        assert piles is not None
        submit(c.DealHands(((state.you, tuple(rng.sample(piles.deck, HAND))),)))
    players = [s.name for s in seats if s.kind is Kind.PLAYER]
    walk_steps(submit, current, rng, skip=skip)
    submit(c.RevealAlignments(tuple((p, rng.choice(list(Alignment))) for p in players)))
    if state.mode.value == "solo":
        chosen = rng.choice(LINES) if line is None else line
        if deal is not None:
            deal(chosen)
        else:
            piles = current().piles
            assert piles is not None
            rows = rng.sample(piles.deck, 2 * HAND)
            vans = [s.name for s in seats if s.kind is Kind.VANCARDIAN]
            need = round_draws_needed(parse_effect(chosen), [rows[:HAND], rows[HAND:]],
                                      replace_draws=current().choices.replace_draws)
            rest = [x for x in piles.deck if x not in rows]
            submit(c.DealHands(((vans[0], tuple(rows[:HAND])), (vans[1], tuple(rows[HAND:]))), chosen,
                               tuple(rng.sample(rest, need))))
    while current().phase is Phase.PLAY:
        state = current()
        seat, (res, known) = _who(state)
        assert seat is not None
        if vancardian_to_move(state, res) is not None:  # the playout is the table: it draws for her, either deck
            if vancardian is not None:
                vancardian()
            else:
                submit(solo_draw(state, rng))
            continue
        if surrender and surrender_offer(state, res) is not None and rng.random() < 0.2:
            submit(c.Surrender())
            break
        if state.mode.value == "solo" and state.piles is not None and rng.random() < 0.1:
            target = rng.choice([s.name for s in seats if s.kind is Kind.VANCARDIAN])
            mine = state.piles.row(seat)
            if state.piles.row(target) and mine:
                give = rng.choice(mine)
                submit(c.UseAbility(seat, "Story", (Effect(EffectKind.EXCHANGE, 1, target=target, cards=(give,)),)))
                continue
        if seat in players and rng.random() < 0.05:
            used = use_charged(state, seat, rng)
            if used is not None:
                submit(used)
                continue
        if res.in_play is None and (level == "winners" or (level == "mixed" and rng.random() < 0.5)):
            for s in seats:
                hands[s.name].pop(rng.randrange(len(hands[s.name])))
                if down.get(s.name):
                    hands[s.name].append(down[s.name].pop(0))
            submit(c.NameWinner(rng.choice([s.name for s in seats])))
            continue
        if known is not None:
            if every_option:  # each card the referee offers is accepted
                for option in known:
                    offered = decide(state, c.PlayCard(seat, option, turned=down[seat][0] if down.get(seat) else None))
                    assert isinstance(offered, Accepted), (seat, option, offered)
            card = rng.choice(list(known))
        else:
            lead = res.in_play.lead_suit if res.in_play is not None else None
            card = rng.choice(legal_follows(hands[seat], lead))
        turned = None
        if seat in hands:
            hands[seat].remove(card)
        if down.get(seat):
            turned = down[seat].pop(0)
            hands[seat].append(turned)
        submit(c.PlayCard(seat, card, turned=turned))
    submit(c.EndRound())


def walk_steps(submit: Submit, current: Current, rng: random.Random, *, skip: bool = False) -> None:
    """The round stepper's steps 2-6 (ORIGIN_STORY.md §3.2) with random names and charges within each player's
    stamina: costs involving others first, one player at a time from the dealer's left, then the others."""
    state = current()
    r = state.round
    assert r is not None
    n, solo = r.number, state.mode.value == "solo"
    order = state.from_dealers_left()

    def maybe() -> bool:
        return not skip or rng.random() < 0.5

    if n == 3 and maybe():
        submit(c.RevealEvent(rng.choice(EVENTS), vancardian="Vancardian card" if solo else ""))
    if n <= 4 and maybe():
        submit(c.GainStamina())
    reveals = n == 5 and maybe()  # in seat order from the dealer's left (OS-SUPERHERO): all of them, or none recorded
    for p in order:
        if n <= 4 and maybe():
            submit(c.PlaceStoryCard(p, rng.choice(STORIES), solo_banned=False if solo else None))
        if reveals:
            submit(c.RevealSuperhero(p, rng.choice(HEROES)))
    for involves in (True, False):
        for p in order:
            state = current()
            cards = sorted(set(state.story_cards(p).values()))
            free = state.held(p) - state.charged(p)
            if cards and free > 0 and rng.random() < 0.6:
                submit(c.ChargeAbility(p, rng.choice(cards), rng.randint(1, free),
                                       involves if involves or rng.random() < 0.5 else None))


def use_charged(state: GameState, seat: str, rng: random.Random) -> c.UseAbility | None:
    """A charged card's ability, as the table would enter it: `remove 1` (a Remove cost) or a note."""
    charged = [(s, k) for p, s, k in state.charges if p == seat and k > 0]
    if not charged:
        return None
    source, _k = rng.choice(charged)
    if rng.random() < 0.5:
        return c.UseAbility(seat, source, (Effect(EffectKind.REMOVE, 1),), timing="remove")
    return c.UseAbility(seat, source, (Effect(EffectKind.NOTE, text="used"),), timing="on-your-turn")


def solo_draw(state: GameState, rng: random.Random) -> c.VancardianPlays:
    """The app deck's draw for a following Vancardian, as the shell would pick it."""
    piles = state.piles
    assert piles is not None
    if referee(state.round_input()).in_play is None:
        return c.VancardianPlays()
    plan = follow_plan(piles)
    drawn = tuple(rng.sample(piles.deck, plan.from_deck)) + tuple(rng.sample(piles.reshufflable, plan.after_reshuffle))
    return c.VancardianPlays(drawn, bool(plan.reshuffled))


def play_game(submit: Submit, current: Current, rng: random.Random, *, mode: str, players: tuple[str, ...],
              level: str = "cards", deck: str = "table", rounds: int = 5, surrender: bool = False,
              every_option: bool = False, skip: bool = False) -> None:
    if current_or_none(current) is None:
        submit(c.StartGame(mode, players, deck=deck, difficulty=rng.randrange(6) if mode == "solo" else None,
                           difficulty_colour="red" if mode == "solo" else None))
    submit(c.ChooseDealer(rng.choice(current().seating.dealers), "lot"))
    for _ in range(rounds):
        play_round(submit, current, rng, level=level, surrender=surrender, every_option=every_option, skip=skip)


def current_or_none(current: Current) -> GameState | None:
    try:
        return current()
    except AssertionError:
        return None
