"""The recorded game's referee: given events -> when a command -> then the events, or the broken rule's id."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from companion import languages
from companion.origin.playout import Engine
from scoring import i18n
from scoring.decision import Accepted, Rejected
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.cards import parse_card
from scoring.origin.decide import decide
from scoring.origin.round_input import Alignment, parse_effect
from scoring.origin.rules import RuleId
from scoring.origin.state import GameState, Phase

H, V = Alignment.HERO, Alignment.VILLAIN


def card(text: str) -> e.Card:
    return parse_card(text, solo=True)


def given(*commands: c.Command | c.Override) -> Engine:
    engine = Engine()
    for command in commands:
        engine.submit(command)
    return engine


def table(*players: str, dealer: str = "", alignment: tuple[Alignment, ...] = ()) -> Engine:
    """A table game in round 1, alignments revealed; the dealer is the last player unless named (so the first
    player leads trick 1)."""
    aligned = alignment or (H,) * len(players)
    return given(c.StartGame("table", players), c.ChooseDealer(dealer or players[-1]), c.StartRound(),
                 c.RevealAlignments(tuple(zip(players, aligned, strict=True))))


def trick(engine: Engine, *plays: str) -> list[e.Event]:
    """Plays from the leader, `Seat card` each; returns the events recorded."""
    out: list[e.Event] = []
    for play in plays:
        seat, text = play.split()
        decision = engine.submit(c.PlayCard(seat, card(text)))
        assert isinstance(decision, Accepted)
        out += decision.events
    return out


def state(engine: Engine) -> GameState:
    assert engine.state is not None
    return engine.state


def test_g6_the_lead_suit_wins_when_no_love_is_played() -> None:
    events = trick(table("Ann", "Bob", "Cat", "Dan"), "Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br")
    won = events[-1]
    assert isinstance(won, e.TrickWon)
    assert (won.round, won.trick, won.winner, won.next_leader) == (1, 1, "Bob", "Bob")
    assert "10br" in won.reason and "brains" in won.reason


def test_g7_a_love_card_trumps() -> None:
    events = trick(table("Ann", "Bob", "Cat", "Dan"), "Ann 12st", "Bob 13st", "Cat 1lv", "Dan 10st")
    assert isinstance(events[-1], e.TrickWon) and events[-1].winner == "Cat"


def test_a_card_recorded_is_a_fact_with_its_trick() -> None:
    events = trick(table("Ann", "Bob", "Cat"), "Ann 7br")
    assert events == [e.CardPlayed(1, 1, "Ann", card("7br"))]


def test_a_refused_play_records_nothing() -> None:
    engine = table("Ann", "Bob", "Cat", "Dan")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br")
    before = list(engine.log)
    refused = decide(engine.state, c.PlayCard("Ann", card("2br")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.LEAD_WINNER
    assert "Bob leads trick 2" in str(refused)
    with pytest.raises(AssertionError):
        engine.submit(c.PlayCard("Ann", card("2br")))
    assert engine.log == before
    out_of_order = decide(engine.state, c.PlayCard("Cat", card("2br")))
    assert isinstance(out_of_order, Rejected)


def test_an_override_records_the_play_and_the_reason() -> None:
    engine = table("Ann", "Bob", "Cat", "Dan")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br")
    decision = engine.submit(c.Override(c.PlayCard("Ann", card("2br")), "Bob let Ann lead by mistake"))
    assert isinstance(decision, Accepted)
    noted, played = decision.events
    assert noted == e.RuleOverridden("OS-LEAD-WINNER", noted.sentence, "Bob let Ann lead by mistake")
    assert played == e.CardPlayed(1, 2, "Ann", card("2br"))
    assert state(engine).overrides == (noted,)


def test_an_override_needs_a_reason_and_an_overridable_rule() -> None:
    engine = table("Ann", "Bob", "Cat")
    with pytest.raises(ValueError):
        decide(engine.state, c.Override(c.PlayCard("Bob", card("2br")), " "))
    refused = decide(engine.state, c.Override(c.StartRound(), "we want a new round"))
    assert isinstance(refused, Rejected) and not refused.violation.overridable  # the phase is no rule to bend


def test_ending_a_round_early_is_refused_unless_overridden() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp")
    refused = decide(engine.state, c.EndRound())
    assert isinstance(refused, Rejected) and refused.rule is RuleId.ROUND_END
    forced = engine.submit(c.Override(c.EndRound(), "the cat sat on the cards"))
    assert isinstance(forced.events[0], e.RuleOverridden) and isinstance(forced.events[1], e.RoundScored)


def test_d14_a_card_played_twice_is_refused_naming_the_trick_and_seat() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 2sp", "Bob 9br", "Cat 3sp")  # Cat wins
    trick(engine, "Cat 4st", "Ann 5st", "Bob 6st")  # Bob wins
    refused = decide(engine.state, c.PlayCard("Bob", card("9br")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.UNIQUE
    assert "Bob in trick 1" in str(refused)


def test_d13_a_proven_revoke_is_flagged_citing_both_tricks() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 10br", "Bob 2sp", "Cat 4br")  # Bob shows out of brains in trick 1; Ann wins
    events = trick(engine, "Ann 11st", "Bob 3br", "Cat 12st")  # Bob plays brains in trick 2
    flags = [x for x in events if isinstance(x, e.RevokeFlagged)]
    assert [(f.seat, f.void_trick, f.proof_trick) for f in flags] == [("Bob", 1, 2)]
    assert state(engine).round.revokes == tuple(flags)  # type: ignore[union-attr]


def test_d13_a_card_received_in_between_makes_it_no_flag() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 10br", "Bob 2sp", "Cat 4br")
    engine.submit(c.UseAbility("Ann", "Story X", (parse_effect("pass 1 to Bob"),), "end of trick"))
    events = trick(engine, "Ann 11st", "Bob 3br", "Cat 12st")
    assert not [x for x in events if isinstance(x, e.RevokeFlagged)]


def test_the_winners_level_names_the_winner_and_passes_the_lead() -> None:
    engine = table("Ann", "Bob", "Cat")
    decision = engine.submit(c.NameWinner("cat"))
    assert decision.events == (e.TrickWon(1, 1, "Cat", "Cat won (winners level)", "Cat", named=True),)
    refused = decide(engine.state, c.PlayCard("Ann", card("2br")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.LEAD_WINNER


def test_a_winner_ability_changes_the_recorded_winner() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp")
    decision = engine.submit(c.UseAbility("Cat", "Story Y", (parse_effect("winner cat"),), "end of trick"))
    assert isinstance(decision.events[-1], e.TrickWon) and decision.events[-1].winner == "Cat"
    assert state(engine).round.won() == {"Cat": 1}  # type: ignore[union-attr]


def test_a_value_change_counts_for_the_winner() -> None:
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 7br", "Bob 10br")
    engine.submit(c.PlayCard("Cat", card("9br"), value=Fraction(12), by="Story Z"))
    assert state(engine).round.won() == {"Cat": 1}  # type: ignore[union-attr]


def test_g11_duo_seats_sidekick_tricks_and_face_up_cards() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound())
    refused = decide(engine.state, c.RevealAlignments((("A", H), ("B", H))))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.DEAL
    engine.submit(c.DealHands((("SK A", (card("7br"), card("12sp"))), ("SK B", (card("2st"), card("3st"))))))
    engine.submit(c.RevealAlignments((("A", H), ("B", V))))
    refused = decide(engine.state, c.PlayCard("A", card("5br")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.LEAD_FIRST  # B leads: A's left is SK(B)
    engine.submit(c.PlayCard("B", card("5br")))
    refused = decide(engine.state, c.PlayCard("SK A", card("12sp"), turned=card("4st")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SK_PLAY
    played = engine.submit(c.PlayCard("SK A", card("7br"), turned=card("4st")))
    assert played.events[-1] == e.SidekickCardTurned("SK A", card("4st"))
    trick(engine, "A 6br")
    won = engine.submit(c.PlayCard("SK B", card("2st"), turned=card("9sp"))).events[-1]
    assert isinstance(won, e.TrickWon) and (won.winner, won.next_leader) == ("SK A", "A")
    assert state(engine).round.won() == {"SK A": 1}  # type: ignore[union-attr]


def test_a_round_is_scored_and_the_dealer_passes() -> None:
    engine = table("Ann", "Bob", "Cat", alignment=(H, V, V))
    for _ in range(8):
        engine.submit(c.NameWinner("Ann" if len(state(engine).round.winners) < 7 else "Bob"))  # type: ignore
    decision = engine.submit(c.EndRound())
    scored, passed = decision.events
    assert isinstance(scored, e.RoundScored)
    assert [(x.player, x.tricks, x.alignment_vp) for x in scored.lines] == [("Ann", 7, 7), ("Bob", 1, 0),
                                                                             ("Cat", 0, 4)]
    assert passed == e.DealerPassed("Ann")
    assert state(engine).phase is Phase.ROUND


def test_g10_five_rounds_end_the_game_and_ties_share_the_victory() -> None:
    engine = given(c.StartGame("table", ("Ann", "Bob", "Cat")), c.ChooseDealer("Cat"))
    for _ in range(5):
        engine.submit(c.StartRound())
        engine.submit(c.RevealAlignments((("Ann", H), ("Bob", H), ("Cat", V))))
        for n in range(8):
            leader = state(engine).round.winners[-1][2] if n else None  # type: ignore[union-attr]
            engine.submit(c.NameWinner("Ann" if n % 2 == 0 else "Bob"))
            del leader
        decision = engine.submit(c.EndRound())
    ended = decision.events[-1]
    assert ended == e.GameEnded((("Ann", 20, 1), ("Bob", 20, 1), ("Cat", 20, 1)), ("Ann", "Bob", "Cat"))
    assert state(engine).phase is Phase.OVER
    refused = decide(engine.state, c.StartRound())
    assert isinstance(refused, Rejected) and refused.rule is RuleId.GAME_END


def test_commands_out_of_phase_are_refused_with_what_comes_next() -> None:
    engine = given(c.StartGame("table", ("Ann", "Bob", "Cat")))
    refused = decide(engine.state, c.StartRound())
    assert isinstance(refused, Rejected) and refused.rule is RuleId.DEALER_FIRST
    assert isinstance(decide(None, c.StartGame("table", ("Ann", "Bob"))), Rejected)
    assert isinstance(decide(None, c.StartGame("table", ("A", "B", "C"), deck="app")), Rejected)


# --- solo -----------------------------------------------------------------------------------------------

def solo(difficulty: int = 2) -> Engine:
    return given(c.StartGame("solo", ("Ann",), difficulty=difficulty, difficulty_colour="green"),
                 c.ChooseDealer("Factoryon"), c.StartRound())


def cards(text: str) -> tuple[e.Card, ...]:
    return tuple(card(x) for x in text.split())


def test_g12_the_solo_deck_is_recorded_top_to_bottom() -> None:
    built = [x for x in solo(3).log if isinstance(x, e.SoloDeckBuilt)]
    assert built == [e.SoloDeckBuilt(3, "green", ("red", "red", "green", "green", "green"))]


def test_g1_a_vancardian_follows_with_her_steps_recorded() -> None:
    engine = solo()
    engine.submit(c.DealHands((("Ann", cards("11sp 1br 2br 3br 7br 5st 6st 7st")),)))
    engine.submit(c.RevealAlignments((("Ann", H),)))
    engine.submit(c.DealHands((("Automaton", cards("10br 8sp 2lv 13br 5br 12lv 9br 4lv")),
                               ("Factoryon", cards("12br 5sp 4br 10lv 11br 2st 3st 4st"))), ""))
    engine.submit(c.PlayCard("Ann", card("11sp")))  # Ann leads: the seat after Factoryon
    refused = decide(engine.state, c.VancardianPlays(cards("9st 11sp")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.UNIQUE
    decision = engine.submit(c.VancardianPlays(cards("9st 6sp")))
    drawn, chose, played = decision.events
    assert drawn == e.CardsDrawn("Automaton", cards("9st 6sp"), "vancardian draw")
    assert isinstance(chose, e.VancardianChose) and chose.card == card("6sp") and chose.kept == cards("6sp")
    assert chose.discarded == cards("9st 4lv") and chose.steps[0][0] == "OS-SOLO-DRAW"
    assert played == e.CardPlayed(1, 1, "Automaton", card("6sp"))
    piles = state(engine).piles
    assert piles is not None and card("9st") in piles.discard and card("6sp") in piles.trick


def test_a_vancardians_steps_read_in_german_and_are_kept_in_english() -> None:
    engine = solo()
    engine.submit(c.DealHands((("Ann", cards("11sp 1br 2br 3br 7br 5st 6st 7st")),)))
    engine.submit(c.RevealAlignments((("Ann", H),)))
    engine.submit(c.DealHands((("Automaton", cards("10br 8sp 2lv 13br 5br 12lv 9br 4lv")),
                               ("Factoryon", cards("12br 5sp 4br 10lv 11br 2st 3st 4st"))), ""))
    engine.submit(c.PlayCard("Ann", card("11sp")))
    languages.use("de")
    try:
        chose = engine.submit(c.VancardianPlays(cards("9st 6sp"))).events[1]
        assert isinstance(chose, e.VancardianChose)
        shown = [f"{sentence}" for _rule, sentence in chose.steps]
        assert shown[:2] == ["Zog 9st: sie hat kein strength, abgelegt.", "Zog 6sp: sie hat speed, behalten."]
        kept = json.loads(json.dumps([sentence for _rule, sentence in chose.steps]))
        assert kept[:2] == ["Drew 9st: she has no strength, discarded.", "Drew 6sp: she has speed, kept."]
        assert "4lv" in shown[2] and kept[2] != shown[2] and kept[2].endswith("placed at the right end.")
    finally:
        languages.use(i18n.ENGLISH)


def test_an_illegal_solo_play_is_refused() -> None:
    engine = solo()
    engine.submit(c.DealHands((("Ann", cards("11sp 1br 2br 3br 7br 5st 6st 7st")),)))
    engine.submit(c.RevealAlignments((("Ann", H),)))
    engine.submit(c.DealHands((("Automaton", cards("10br 8sp 2lv 13br 5br 12lv 9br 4lv")),
                               ("Factoryon", cards("12br 5sp 4br 10lv 11br 2st 3st 4st"))), "replace 1",
                              cards("9sp 13sp")))
    refused = decide(engine.state, c.PlayCard("Ann", card("13lv")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SOLO_ROWS
    refused = decide(engine.state, c.PlayCard("Automaton", card("10br")))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SOLO_PICK
    resolved = [x for x in engine.log if isinstance(x, e.VancardianEffectResolved)]
    assert [x.discarded for x in resolved] == [cards("5br"), cards("2st")]  # hero: her lowest non-love card


def test_ability_vp_moves_the_dial_now_and_is_scored_with_its_source() -> None:
    engine = table("Ann", "Bob", "Cat")
    engine.submit(c.UseAbility("Ann", "Monologuing", (parse_effect("vp +2"),), "on your turn"))
    assert state(engine).totals() == {"Ann": 2, "Bob": 0, "Cat": 0}
    for _ in range(8):
        engine.submit(c.NameWinner("Bob"))
    scored = engine.submit(c.EndRound()).events[0]
    assert isinstance(scored, e.RoundScored)
    assert scored.lines[0].abilities == (("Monologuing", 2),) and scored.scores[0] == ("Ann", 0, 2)


def test_an_ability_of_a_sidekick_or_a_vancardian_is_refused() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound(),
                   c.DealHands((("SK A", (card("7br"), card("12sp"))), ("SK B", (card("2st"), card("3st"))))),
                   c.RevealAlignments((("A", H), ("B", V))))
    refused = decide(engine.state, c.UseAbility("SK A", "Story", (parse_effect("vp +1"),)))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SK_IMMUNE
    refused = decide(engine.state, c.UseAbility("A", "Story", (parse_effect("pass 1 to SK B"),)))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SK_IMMUNE


def test_rewind_is_entered_during_the_trick_only() -> None:
    engine = table("Ann", "Bob", "Cat")
    refused = decide(engine.state, c.UseAbility("Ann", "Story W", (parse_effect("rewind"),)))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.TRICKS_8
    trick(engine, "Ann 7br", "Bob 10br")
    engine.submit(c.UseAbility("Ann", "Story W", (parse_effect("rewind"),)))
    events = trick(engine, "Cat 13sp")
    assert not any(isinstance(x, e.TrickWon) for x in events)  # the rewound trick counts for nobody
    events = trick(engine, "Ann 6br", "Bob 9br", "Cat 2br")
    won = events[-1]
    assert isinstance(won, e.TrickWon) and (won.trick, won.winner) == (1, "Bob")


def test_d9_an_exchange_with_a_vancardian_moves_the_rows() -> None:
    engine = solo()
    engine.submit(c.DealHands((("Ann", cards("7br 1br 2br 9br 5st 6st 7st 8st")),)))
    engine.submit(c.RevealAlignments((("Ann", H),)))
    engine.submit(c.DealHands((("Automaton", cards("2lv 5br 3sp 3br 10st 11st 12st 13st")),
                               ("Factoryon", cards("12br 5sp 4br 10lv 11br 2st 3st 4st"))), ""))
    decision = engine.submit(c.UseAbility("Ann", "Story Q", (parse_effect("exchange with automaton give 7br"),),
                                          "on your turn"))
    used, exchanged = decision.events
    assert isinstance(used, e.AbilityUsed)
    assert isinstance(exchanged, e.CardsExchanged) and (exchanged.took, exchanged.gave) == (card("3sp"),
                                                                                              card("7br"))
    piles = state(engine).piles
    assert piles is not None
    assert piles.row("Automaton") == cards("7br 2lv 5br 3br 10st 11st 12st 13st")
    assert card("3sp") in piles.row("Ann") and card("7br") not in piles.row("Ann")
    assert isinstance(engine.submit(c.PlayCard("Ann", card("3sp"))), Accepted)
    refused = decide(engine.state, c.UseAbility("Ann", "Story R", (parse_effect("exchange with automaton"),)))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SOLO_EXCHANGE


def test_after_a_winners_level_trick_a_sidekick_is_no_longer_checked() -> None:
    engine = given(c.StartGame("duo", ("A", "B")), c.ChooseDealer("A"), c.StartRound(),
                   c.DealHands((("SK A", (card("7br"), card("12sp"))), ("SK B", (card("2st"), card("3st"))))),
                   c.RevealAlignments((("A", H), ("B", V))), c.NameWinner("B"))
    trick(engine, "B 5br")
    assert isinstance(decide(engine.state, c.PlayCard("SK A", card("12sp"))), Accepted)  # its cards are unknown


def test_a_short_solo_row_is_named_with_its_count() -> None:
    engine = solo()
    engine.submit(c.DealHands((("Ann", cards("11sp 1br 2br 3br 7br 5st 6st 7st")),)))
    engine.submit(c.RevealAlignments((("Ann", H),)))
    refused = decide(engine.state, c.DealHands((("Automaton", cards("10br 8sp 2lv 13br 5br 12lv 9br")),
                                                ("Factoryon", cards("12br 5sp 4br 10lv 11br 2st 3st 4st"))), "none"))
    assert isinstance(refused, Rejected) and refused.rule is RuleId.SOLO_ROWS
    assert "(Automaton has 7)" in refused.violation.message


def test_a_refusal_reads_in_the_language_in_use_and_is_kept_in_english() -> None:
    """Shown, a refusal speaks Italian; the log, JSON and files keep the English sentence, the same in every
    language."""
    engine = table("Ann", "Bob", "Cat")
    trick(engine, "Ann 7br", "Bob 10br", "Cat 13sp")
    languages.use("it")
    try:
        early = decide(engine.state, c.EndRound())
        assert f"{early}" == "OS-ROUND-END: prese registrate: solo 1 su 8, il round non è finito"
        late = decide(engine.state, c.ChooseDealer("Ann"))
        assert isinstance(late, Rejected) and f"{late.violation.message}" == "non ora: gioca le prese (round 1)"
        assert json.dumps(late.violation.message) == '"not now: play the tricks (round 1)"'
        forced = engine.submit(c.Override(c.EndRound(), "the cat sat on the cards"))
        noted = forced.events[0]
        assert isinstance(noted, e.RuleOverridden)
        assert json.dumps(noted.sentence) == '"only 1 of 8 tricks are recorded: the round is not over"'
    finally:
        languages.use(i18n.ENGLISH)
    assert f"{early}" == "OS-ROUND-END: only 1 of 8 tricks are recorded: the round is not over"
