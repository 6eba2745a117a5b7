"""The round stepper (ORIGIN_STORY.md §3.2 steps 2-6, §3.5 stamina, §3.6 the charges' return): given events ->
when a command -> then the events, or the broken rule's id (and the override path where it is overridable)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.origin.playout import Engine, solo_draw
from scoring.decision import Accepted, Rejected
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.audit import audit
from scoring.origin.cards import parse_card
from scoring.origin.decide import decide
from scoring.origin.evolve import project
from scoring.origin.legal import legal_options
from scoring.origin.referee import referee
from scoring.origin.round_input import Alignment, parse_effect
from scoring.origin.rules import RuleId
from scoring.origin.state import GameState, Phase, Step

H = Alignment.HERO
PLAYERS = ("Ann", "Bob", "Cat")


def given(*commands: c.Command | c.Override) -> Engine:
    engine = Engine()
    for command in commands:
        engine.submit(command)
    return engine


def state(engine: Engine) -> GameState:
    assert engine.state is not None
    return engine.state


def refused(engine: Engine, command: c.Command) -> Rejected:
    decision = decide(engine.state, command)
    assert isinstance(decision, Rejected), decision
    return decision


def accepted(engine: Engine, command: c.Command | c.Override) -> tuple[e.Event, ...]:
    before = len(engine.log)
    engine.submit(command)
    return tuple(engine.log[before:])


def table(dealer: str = "Cat") -> Engine:
    """A table game, round 1 started; Cat deals, so Ann is on the dealer's left."""
    return given(c.StartGame("table", PLAYERS), c.ChooseDealer(dealer), c.StartRound())


def align(engine: Engine) -> None:
    engine.submit(c.RevealAlignments(tuple((p, H) for p in PLAYERS)))


def finish_round(engine: Engine) -> None:
    """The rest of the round at the winners level, then EndRound and StartRound (unless the game is over)."""
    if state(engine).phase is Phase.ALIGN:
        align(engine)
    while state(engine).phase is Phase.PLAY:
        engine.submit(c.NameWinner("Ann"))
    engine.submit(c.EndRound())
    if state(engine).phase is Phase.ROUND:
        engine.submit(c.StartRound())


def at_round(n: int) -> Engine:
    engine = table()
    for _ in range(n - 1):
        finish_round(engine)
    assert state(engine).round is not None and state(engine).round.number == n  # type: ignore[union-attr]
    return engine


def use(player: str, source: str, *effects: str, kind: str | None = None) -> c.UseAbility:
    return c.UseAbility(player, source, tuple(parse_effect(x) for x in effects), kind=kind)


# --- OS-SETUP, OS-STAMINA-GAIN, G9 ------------------------------------------------------------------------

def test_os_setup_each_player_starts_with_one_stamina() -> None:
    assert dict(state(table()).stamina) == {"Ann": 1, "Bob": 1, "Cat": 1}


def test_os_stamina_gain_is_one_step_for_every_player_and_only_once() -> None:
    engine = table()
    assert state(engine).next_step is Step.STAMINA
    events = accepted(engine, c.GainStamina())
    assert events == tuple(e.StaminaChanged(p, 1, True, e.GAIN) for p in PLAYERS)
    assert refused(engine, c.GainStamina()).rule is RuleId.STAMINA_GAIN
    assert state(engine).next_step is Step.STORY


def test_os_stamina_gain_is_refused_in_round_5() -> None:
    engine = at_round(5)
    found = refused(engine, c.GainStamina())
    assert found.rule is RuleId.STAMINA_GAIN and not found.violation.overridable


def test_a_skipped_stamina_step_is_computed_with_the_next_step() -> None:
    engine = table()
    events = accepted(engine, c.PlaceStoryCard("Ann", "Trance"))
    assert events[:3] == tuple(e.StaminaChanged(p, 1, True, e.GAIN) for p in PLAYERS)
    assert events[3] == e.StoryCardPlaced("Ann", 1, "Trance")


def _stamina_per_round(walk: bool) -> list[tuple[int, ...]]:
    engine = table()
    seen = []
    for n in range(1, 6):
        if walk:
            if n == 3:
                engine.submit(c.RevealEvent("Transfer of Power"))
            if n <= 4:
                engine.submit(c.GainStamina())
                for p in PLAYERS:
                    engine.submit(c.PlaceStoryCard(p, f"Story {n}"))
            else:
                for p in state(engine).from_dealers_left():
                    engine.submit(c.RevealSuperhero(p, "Hero"))
        align(engine)
        seen.append(tuple(state(engine).held(p) for p in PLAYERS))
        finish_round(engine)
    assert state(engine).phase is Phase.OVER
    assert audit(state(engine)) == [] and project(engine.log) == engine.state
    events_in = [x.round for x in engine.log if isinstance(x, e.EventRevealed)]
    assert events_in == ([3] if walk else [])
    dealers = [x.dealer for x in engine.log if isinstance(x, e.RoundStarted)]
    assert dealers == ["Cat", "Ann", "Bob", "Cat", "Ann"]  # (d0 + r - 1) mod n
    return seen


@pytest.mark.parametrize("walk", [True, False])
def test_g9_stamina_is_2_3_4_5_5_without_abilities(walk: bool) -> None:
    """Whether the table walks every step or goes straight to the alignments."""
    assert _stamina_per_round(walk) == [(2,) * 3, (3,) * 3, (4,) * 3, (5,) * 3, (5,) * 3]


# --- OS-EVENT-R3, OS-SOLO-EVENT ---------------------------------------------------------------------------

def test_os_event_r3_only_in_round_3_once_then_discarded() -> None:
    engine = table()
    assert refused(engine, c.RevealEvent("Transfer of Power")).rule is RuleId.EVENT_R3
    engine = at_round(3)
    assert state(engine).next_step is Step.EVENT
    assert accepted(engine, c.RevealEvent("Transfer of Power")) == (e.EventRevealed(3, "Transfer of Power"),)
    assert refused(engine, c.RevealEvent("Another")).rule is RuleId.EVENT_R3
    assert state(engine).event == e.EventRevealed(3, "Transfer of Power")
    finish_round(engine)
    assert state(engine).event is None  # discarded at the end of round 3
    assert state(engine).rounds[2].event is not None  # the history keeps it


def solo(difficulty: int = 3) -> Engine:
    return given(c.StartGame("solo", ("Ann",), deck="app", difficulty=difficulty, difficulty_colour="red"),
                 c.ChooseDealer("Ann"))


def solo_round(engine: Engine) -> None:
    """Deal your row from the deck (the engine's deck is a set: the first 8 cards)."""
    engine.submit(c.StartRound())
    piles = state(engine).piles
    assert piles is not None
    engine.submit(c.DealHands((("Ann", piles.deck[:8]),)))


def solo_finish(engine: Engine) -> None:
    engine.submit(c.RevealAlignments((("Ann", H),)))
    piles = state(engine).piles
    assert piles is not None
    rows = piles.deck[:16]
    engine.submit(c.DealHands((("Automaton", rows[:8]), ("Factoryon", rows[8:])), ""))
    rng = random.Random(1)
    while state(engine).phase is Phase.PLAY:
        s = state(engine)
        seat, known = legal_options(referee(s.round_input()))
        assert seat is not None
        if seat != "Ann":
            engine.submit(solo_draw(s, rng))
        else:
            assert known is not None
            engine.submit(c.PlayCard("Ann", sorted(known)[0]))
    engine.submit(c.EndRound())


def test_os_solo_event_comes_from_the_deck_of_the_top_vancardian_cards_colour() -> None:
    engine = solo(difficulty=3)  # top to bottom: base, base, difficulty (red), red, red
    for _ in range(2):
        solo_round(engine)
        solo_finish(engine)
    solo_round(engine)
    top = state(engine).solo_colours[2]
    assert top == "red"
    found = refused(engine, c.RevealEvent("Event", colour="green", vancardian="Card 9"))
    assert found.rule is RuleId.SOLO_EVENT
    assert accepted(engine, c.RevealEvent("Event", vancardian="Card 9")) == (e.EventRevealed(3, "Event", "red",
                                                                                               "Card 9"),)


# --- OS-STORY, OS-SOLO-BANNED -----------------------------------------------------------------------------

def test_os_story_a_card_on_slot_r_by_name_once_a_round() -> None:
    engine = table()
    engine.submit(c.GainStamina())
    assert accepted(engine, c.PlaceStoryCard("Bob", "Trance")) == (e.StoryCardPlaced("Bob", 1, "Trance"),)
    found = refused(engine, c.PlaceStoryCard("Bob", "Monologuing"))
    assert found.rule is RuleId.STORY and not found.violation.overridable
    finish_round(engine)
    engine.submit(c.PlaceStoryCard("Bob", "Monologuing"))
    assert state(engine).story_cards("Bob") == {1: "Trance", 2: "Monologuing"}
    assert refused(at_round(5), c.PlaceStoryCard("Bob", "X")).rule is RuleId.STORY


def test_os_story_after_a_later_step_is_refused_and_may_be_overridden() -> None:
    engine = table()
    engine.submit(c.PlaceStoryCard("Ann", "Trance"))
    engine.submit(c.ChargeAbility("Ann", "Trance", 1))
    found = refused(engine, c.PlaceStoryCard("Bob", "Monologuing"))
    assert found.rule is RuleId.STORY and found.violation.overridable and "book's order" in str(found)
    events = accepted(engine, c.Override(c.PlaceStoryCard("Bob", "Monologuing"), "forgot to enter it"))
    assert isinstance(events[0], e.RuleOverridden) and events[0].rule == "OS-STORY"
    assert events[1] == e.StoryCardPlaced("Bob", 1, "Monologuing")
    assert state(engine).round.step is Step.CHARGE  # type: ignore[union-attr]


def test_os_solo_banned_a_card_the_catalogue_bans_is_refused_in_solo_only() -> None:
    engine = solo()
    solo_round(engine)
    found = refused(engine, c.PlaceStoryCard("Ann", "Banned", solo_banned=True))
    assert found.rule is RuleId.SOLO_BANNED and found.violation.overridable
    events = accepted(engine, c.Override(c.PlaceStoryCard("Ann", "Banned", solo_banned=True), "house rule"))
    assert e.StoryCardPlaced("Ann", 1, "Banned") in events
    multi = table()
    assert accepted(multi, c.PlaceStoryCard("Ann", "Banned", solo_banned=True))[-1] == \
        e.StoryCardPlaced("Ann", 1, "Banned")


# --- OS-SUPERHERO -----------------------------------------------------------------------------------------

def test_os_superhero_round_5_in_seat_order_from_the_dealers_left() -> None:
    assert refused(table(), c.RevealSuperhero("Ann", "Hero")).rule is RuleId.SUPERHERO
    engine = at_round(5)  # Ann deals round 5: Bob, Cat, Ann
    assert state(engine).from_dealers_left() == ("Bob", "Cat", "Ann")
    assert state(engine).next_step is Step.SUPERHERO
    # "going round from the dealer's left": Cat before Bob is out of turn
    found = refused(engine, c.RevealSuperhero("Cat", "Hero C"))
    assert found.rule is RuleId.SUPERHERO and found.violation.overridable and "Bob reveals before Cat" in str(found)
    engine.submit(c.Override(c.RevealSuperhero("Cat", "Hero C"), "Bob was out of the room"))
    accepted(engine, c.RevealSuperhero("Bob", "Hero B"))  # the rightful reveal is never refused
    assert refused(engine, c.RevealSuperhero("Bob", "Hero X")).rule is RuleId.SUPERHERO  # once
    assert state(engine).superhero("Bob") == "Hero B"
    accepted(engine, c.RevealSuperhero("Ann", "Hero A"))


def test_os_superhero_an_ability_of_a_superhero_not_revealed_is_refused() -> None:
    r5 = at_round(5)  # Bob, Cat, Ann reveal
    r5.submit(c.RevealSuperhero("Bob", "Hero B"))
    align(r5)
    found = refused(r5, use("Cat", "Hero C", "vp +3", kind="superhero"))
    assert found.rule is RuleId.SUPERHERO and "Cat has revealed no superhero" in str(found)
    found = refused(r5, use("Bob", "Hero Z", "vp +3", kind="superhero"))  # his other card, discarded
    assert "Bob's superhero is Hero B" in str(found)
    accepted(r5, use("Bob", "hero b", "vp +3", kind="superhero"))
    assert state(r5).totals()["Cat"] == 0 and state(r5).totals()["Bob"] == 3


# --- OS-CHARGE-BUDGET, OS-CHARGE-PHASE, OS-CHARGE-ORDER ------------------------------------------------------

def test_os_charge_budget_never_more_than_held_not_overridable() -> None:
    engine = table()
    engine.submit(c.GainStamina())  # 2 each
    engine.submit(c.ChargeAbility("Ann", "Trance", 1))
    found = refused(engine, c.ChargeAbility("Ann", "Mat", 2))
    assert found.rule is RuleId.CHARGE_BUDGET and not found.violation.overridable
    with pytest.raises(AssertionError):
        engine.submit(c.Override(c.ChargeAbility("Ann", "Mat", 2), "please"))
    assert accepted(engine, c.ChargeAbility("Ann", "Mat", 1)) == (e.AbilityCharged("Ann", "Mat", 1),)
    assert state(engine).charged("Ann") == 2 == state(engine).held("Ann")


def test_os_charge_phase_only_in_the_charge_step() -> None:
    assert refused(given(c.StartGame("table", PLAYERS), c.ChooseDealer("Cat")),
                   c.ChargeAbility("Ann", "Trance", 1)).rule is RuleId.CHARGE_PHASE
    engine = table()
    align(engine)
    found = refused(engine, c.ChargeAbility("Ann", "Trance", 1))
    assert found.rule is RuleId.CHARGE_PHASE and found.violation.overridable
    events = accepted(engine, c.Override(c.ChargeAbility("Ann", "Trance", 1), "charged before revealing"))
    assert events[-1] == e.AbilityCharged("Ann", "Trance", 1)


def test_os_charge_order_others_first_clockwise_from_the_dealers_left() -> None:
    engine = table()  # Cat deals: Ann, Bob, Cat
    engine.submit(c.GainStamina())
    engine.submit(c.ChargeAbility("Bob", "Trance", 1, involves_others=True))
    found = refused(engine, c.ChargeAbility("Ann", "Steal", 1, involves_others=True))
    assert found.rule is RuleId.CHARGE_ORDER and "Bob has charged" in str(found) and found.violation.overridable
    engine.submit(c.ChargeAbility("Cat", "Trance", 1, involves_others=True))
    engine.submit(c.ChargeAbility("Ann", "Mat", 1, involves_others=False))
    found = refused(engine, c.ChargeAbility("Cat", "Grab", 1, involves_others=True))
    assert found.rule is RuleId.CHARGE_ORDER and "first" in str(found)
    engine.submit(c.Override(c.ChargeAbility("Cat", "Grab", 1, involves_others=True), "forgot"))
    # an unknown cost cannot be placed in the order: not checked
    assert accepted(engine, c.ChargeAbility("Ann", "Unknown", 1)) == (e.AbilityCharged("Ann", "Unknown", 1),)


# --- OS-CHARGED-ONLY, OS-REMOVE, stamina +1 -----------------------------------------------------------------

def charged_table() -> Engine:
    engine = table()
    engine.submit(c.GainStamina())
    engine.submit(c.PlaceStoryCard("Ann", "Trance"))
    engine.submit(c.PlaceStoryCard("Bob", "Monologuing"))
    engine.submit(c.ChargeAbility("Ann", "Trance", 2))
    align(engine)
    return engine


def test_os_charged_only_a_story_card_with_no_charge_is_refused_and_may_be_overridden() -> None:
    engine = charged_table()
    found = refused(engine, use("Bob", "Monologuing", "vp +2"))
    assert found.rule is RuleId.CHARGED_ONLY and found.violation.overridable
    events = accepted(engine, c.Override(use("Bob", "Monologuing", "vp +2"), "charged it, forgot to enter"))
    assert isinstance(events[0], e.RuleOverridden) and events[0].rule == "OS-CHARGED-ONLY"
    assert isinstance(accepted(engine, use("Ann", "Trance", "vp +1"))[0], e.AbilityUsed)  # charged


def test_os_charged_only_by_the_catalogues_kind_and_not_for_events_or_superheroes() -> None:
    engine = charged_table()
    assert refused(engine, use("Cat", "Mat", "vp +1", kind="character")).rule is RuleId.CHARGED_ONLY
    accepted(engine, use("Cat", "Some event", "vp +1", kind="event"))
    accepted(engine, use("Cat", "Some card", "vp +1"))  # a card the companion cannot place: not checked
    r5 = at_round(5)
    r5.submit(c.RevealSuperhero("Bob", "Hero B"))
    align(r5)
    accepted(r5, use("Bob", "Hero B", "vp +1"))
    r3 = at_round(3)
    r3.submit(c.RevealEvent("Transfer of Power"))
    align(r3)
    accepted(r3, use("Ann", "Transfer of Power", "note \"passed\""))


def test_os_remove_takes_that_much_charge_off_that_card() -> None:
    engine = charged_table()
    found = refused(engine, use("Ann", "Trance", "remove 3"))
    assert found.rule is RuleId.REMOVE and not found.violation.overridable
    events = accepted(engine, use("Ann", "Trance", "remove 1"))
    assert events[1] == e.StaminaRemoved("Ann", "Trance", 1, "remove")
    assert state(engine).charged("Ann", "Trance") == 1 and state(engine).held("Ann") == 2
    assert refused(engine, use("Bob", "Monologuing", "remove 1")).rule is RuleId.REMOVE


def test_stamina_plus_one_is_permanent_and_never_below_what_is_charged() -> None:
    engine = charged_table()
    events = accepted(engine, use("Ann", "Trance", "stamina +1"))
    assert events[1] == e.StaminaChanged("Ann", 1, True, "Trance")
    assert refused(engine, use("Ann", "Trance", "stamina -2")).rule is RuleId.CHARGE_BUDGET
    finish_round(engine)
    assert state(engine).held("Ann") == 3  # kept into round 2
    engine.submit(c.GainStamina())
    assert state(engine).held("Ann") == 4 and state(engine).held("Bob") == 3


# --- the end of the round (§3.6) ----------------------------------------------------------------------------

def test_every_charge_returns_after_the_alignment_vp_and_before_the_dealer_passes() -> None:
    engine = charged_table()
    while state(engine).phase is Phase.PLAY:
        engine.submit(c.NameWinner("Bob"))
    events = accepted(engine, c.EndRound())
    kinds = [type(x).__name__ for x in events]
    assert kinds == ["RoundScored", "StaminaRemoved", "DealerPassed"]
    assert events[1] == e.StaminaRemoved("Ann", "Trance", 2, "end of round")
    assert state(engine).charges == () and audit(state(engine)) == []


# --- OS-SOLO-DELAY ------------------------------------------------------------------------------------------

def test_os_solo_delay_a_when_charged_exchange_waits_for_the_vancardians_rows() -> None:
    engine = solo()
    solo_round(engine)
    engine.submit(c.PlaceStoryCard("Ann", "Swap"))
    engine.submit(c.ChargeAbility("Ann", "Swap", 1))
    mine = state(engine).piles.row("Ann")  # type: ignore[union-attr]
    swap = c.UseAbility("Ann", "Swap", (parse_effect(f"exchange with Automaton give {mine[0]}", solo=True),),
                        timing="when-charged")
    assert refused(engine, swap).rule is RuleId.SOLO_DELAY
    engine.submit(c.RevealAlignments((("Ann", H),)))
    piles = state(engine).piles
    assert piles is not None
    engine.submit(c.DealHands((("Automaton", piles.deck[:8]), ("Factoryon", piles.deck[8:16])), ""))
    events = accepted(engine, swap)
    assert any(isinstance(x, e.CardsExchanged) for x in events)


# --- the audit --------------------------------------------------------------------------------------------

def test_the_audit_names_a_broken_stamina_invariant() -> None:
    engine = charged_table()
    s = state(engine)
    assert audit(s) == []
    assert any("charged but holds only" in p for p in audit(replace(s, stamina=(("Ann", 1), ("Bob", 2),
                                                                                ("Cat", 2)))))
    assert any("never negative" in p for p in audit(replace(s, stamina=(("Ann", -1),), charges=())))
    finish_round(engine)
    after = state(engine)
    ended = replace(after, rounds=after.rounds[:1], dealer="Ann", charges=(("Ann", "Trance", 1),))
    assert any("still charged" in p for p in audit(ended))


def test_next_step_follows_the_books_order() -> None:
    engine = at_round(3)
    order = []
    for command in (c.RevealEvent("E"), c.GainStamina(), *(c.PlaceStoryCard(p, "S") for p in PLAYERS),
                    c.ChargeAbility("Ann", "S", 1)):
        order.append(state(engine).next_step)
        engine.submit(command)
    order.append(state(engine).next_step)
    assert order == [Step.EVENT, Step.STAMINA, Step.STORY, Step.STORY, Step.STORY, Step.CHARGE, Step.CHARGE]
    align(engine)
    assert state(engine).next_step is None
    leader = state(engine).from_dealers_left()[0]
    assert isinstance(decide(engine.state, c.PlayCard(leader, parse_card("7br"))), Accepted)


def test_os_story_a_known_story_card_is_charged_only_on_its_owners_mat() -> None:
    engine = table()
    engine.submit(c.GainStamina())
    engine.submit(c.PlaceStoryCard("Ann", "Telekinesis"))
    engine.submit(c.PlaceStoryCard("Bob", "Monologuing"))
    found = refused(engine, c.ChargeAbility("Ann", "Monologuing", 1, kind="story"))
    assert found.rule is RuleId.STORY and found.violation.overridable
    assert "not on Ann's mat (Telekinesis)" in str(found)
    assert accepted(engine, c.ChargeAbility("Ann", "telekinesis", 1, kind="story"))
    assert accepted(engine, c.ChargeAbility("Bob", "Her Mat", 1))  # a name nobody knows: maybe her character


def test_which_setup_steps_belong_to_each_round() -> None:
    from scoring.origin.stepper import in_round

    steps = ("deal", "event", "stamina", "story", "superhero", "charge", "align", "rows")
    each = {n: [s for s in steps if in_round(s, n)] for n in range(1, 6)}
    assert each[1] == each[2] == each[4] == ["deal", "stamina", "story", "charge", "align", "rows"]
    assert each[3] == ["deal", "event", "stamina", "story", "charge", "align", "rows"]
    assert each[5] == ["deal", "superhero", "charge", "align", "rows"]
