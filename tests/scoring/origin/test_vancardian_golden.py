"""Golden tests G1–G5 and D1–D11 (ORIGIN_STORY.md §10.1–10.2): the Vancardians' moves, round effects,
exchange, reveal and surrender, asserting what the spec's "expected" column states."""
from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.errors import InputError
from scoring.origin.cards import Card, parse_card
from scoring.origin.rules import RuleId
from scoring.origin.trick import Play, winning
from scoring.origin.vancardian_abilities import exchange, reveal, surrender
from scoring.origin.vancardian_effects import Effect, apply_effect, apply_round_effect, parse_effect
from scoring.origin.vancardian_moves import Move, follow, lead
from scoring.origin.vancardian_values import AUTOMATON, FACTORYON, Step


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t, solo=True) for t in text.split())


def card(text: str) -> Card:
    return parse_card(text, solo=True)


def names(row: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in row)


def said(steps: tuple[Step, ...], rule: RuleId, *words: str) -> bool:
    """Some step under `rule` contains every word."""
    return any(s.rule is rule and all(w in s.sentence for w in words) for s in steps)


# --- G1–G5: the seed's three worked examples -------------------------------------------------------------------

def test_g1_draw_keep_trim_and_lowest_lead_suit() -> None:
    move = follow(cards("10br 8sp 2lv 13br 5br"), cards("9st 6sp"), [Play("You", card("11sp"))],
                  alignment="hero", tricks_won=0, seat=AUTOMATON)
    assert move.drew == cards("9st 6sp")
    assert move.kept == cards("6sp")
    assert move.discarded == cards("9st 5br")
    assert names(move.row_after) == "10br 8sp 2lv 13br 6sp"
    assert move.plays == card("6sp") and move.priority == "3b" and not move.wins
    assert said(move.steps, RuleId.SOLO_DRAW, "9st", "no strength", "discarded")
    assert said(move.steps, RuleId.SOLO_DRAW, "6sp", "has speed", "kept")
    assert said(move.steps, RuleId.SOLO_DRAW, "5br", "right end")
    assert said(move.steps, RuleId.SOLO_FOLLOW, "neither 8sp nor 6sp beats 11sp", "lowest speed, 6sp")
    assert said(move.steps, RuleId.FOLLOW, "must follow", "8sp and 6sp")  # not the 2lv


def test_g2_lead_highest_tie_leftmost() -> None:
    move = lead(cards("3br 9st 7lv 9sp 2sp"), alignment="hero", tricks_won=0, seat=AUTOMATON)
    assert move.plays == card("9st") and move.role == "lead" and move.priority == "lead-high"
    assert move.row_left == cards("3br 7lv 9sp 2sp")
    assert said(move.steps, RuleId.SOLO_LEAD, "highest", "9st")
    assert said(move.steps, RuleId.SOLO_PICK, "9st and 9sp", "leftmost, 9st")


def g3() -> Move:
    return follow(cards("4.5lv 10br 12sp 6br 8sp"), cards("8br 11sp"), [Play(AUTOMATON, card("9st"))],
                  alignment="hero", tricks_won=0, seat=FACTORYON)


def test_g3_keep_both_trim_two_lowest_card_trumps() -> None:
    move = g3()
    assert move.kept == cards("8br 11sp")
    assert move.discarded == cards("6br 8sp")
    assert names(move.row_after) == "4.5lv 10br 12sp 8br 11sp"
    assert move.plays == card("4.5lv") and move.priority == "4"
    assert move.wins
    trick = [Play(AUTOMATON, card("9st")), Play(FACTORYON, move.plays)]
    assert winning(trick) == 1
    assert said(move.steps, RuleId.SOLO_DRAW, "8br", "brains", "kept")
    assert said(move.steps, RuleId.SOLO_DRAW, "11sp", "speed", "kept")
    assert said(move.steps, RuleId.SOLO_DRAW, "6br and 8sp", "right end", "draw order")
    assert said(move.steps, RuleId.SOLO_FOLLOW, "no strength", "lowest card, 4.5lv")
    assert said(move.steps, RuleId.TRUMP, "4.5lv", "trump", "9st")


def test_g4_lowest_lead_suit_card_that_beats() -> None:
    trick = [Play("You", card("9br")), Play(AUTOMATON, card("7br"))]
    move = follow(cards("12br 6sp 4br 10lv 11br"), cards("5st 13st"), trick, alignment="hero", tricks_won=0,
                  seat=FACTORYON)
    assert move.kept == () and move.discarded == cards("5st 13st")
    assert move.row_after == cards("12br 6sp 4br 10lv 11br")
    assert move.plays == card("11br") and move.priority == "3a" and move.wins
    assert said(move.steps, RuleId.SOLO_DRAW, "5st", "no strength", "discarded")
    assert said(move.steps, RuleId.SOLO_DRAW, "13st", "no strength", "discarded")
    assert said(move.steps, RuleId.SOLO_FOLLOW, "12br and 11br beat 9br and 7br", "lowest", "11br")
    assert said(move.steps, RuleId.FOLLOW, "must follow")  # the 10lv is not allowed


def test_g5_nothing_of_the_lead_suit_beats_a_love_card() -> None:
    trick = [Play("You", card("9br")), Play(AUTOMATON, card("2lv"))]
    move = follow(cards("12br 6sp 4br 10lv 11br"), cards("5st 13st"), trick, alignment="hero", tricks_won=0,
                  seat=FACTORYON)
    assert move.plays == card("4br") and move.priority == "3b" and not move.wins
    assert said(move.steps, RuleId.SOLO_FOLLOW, "2lv is love", "lowest brains, 4br")


# --- D1–D11: derived from the rules ---------------------------------------------------------------------------

def test_d1_surrender_after_g2_and_g3() -> None:
    led = lead(cards("3br 9st 7lv 9sp 2sp"), alignment="hero", tricks_won=0, seat=AUTOMATON)
    answer = g3()
    trick = [Play(AUTOMATON, led.plays), Play(FACTORYON, answer.plays)]
    offer = surrender(trick, led.row_left, you="Ann", alignment="hero", tricks_won=0)
    assert offer.allowed and offer.to == AUTOMATON and offer.vp == 5
    assert offer.rule is RuleId.SOLO_SURRENDER
    assert "5 VP" in offer.sentence and "4 cards" in offer.sentence and "round ends" in offer.sentence
    assert "do not trigger" in offer.sentence


def test_d1_surrender_refused() -> None:
    trick = [Play(AUTOMATON, card("9st"))]
    row = cards("3br 7lv")
    villain = surrender(trick, row, you="Ann", alignment="villain", tricks_won=0)
    assert not villain.allowed and villain.vp == 0 and "villain" in villain.sentence
    assert surrender(trick, row, you="Ann", alignment="villain", tricks_won=1).vp == 3
    assert not surrender([Play("Ann", card("2br"))], row, you="Ann", alignment="hero", tricks_won=0).allowed
    played = [Play(AUTOMATON, card("9st")), Play("Ann", card("2st"))]
    assert not surrender(played, row, you="Ann", alignment="hero", tricks_won=0).allowed
    assert not surrender([], row, you="Ann", alignment="hero", tricks_won=0).allowed


def test_d2_villain_lead() -> None:
    row = cards("3br 9st 7lv 9sp 2sp")
    low = lead(row, alignment="villain", tricks_won=0)
    assert low.plays == card("2sp") and low.priority == "lead-low"
    assert said(low.steps, RuleId.SOLO_LEAD, "villain", "lowest", "2sp")
    assert lead(row, alignment="villain", tricks_won=1).plays == card("9st")


def test_d3_villain_follow() -> None:
    trick = [Play("You", card("5br")), Play(AUTOMATON, card("7br"))]
    first = follow(cards("12br 6sp 4br 10lv 11br"), cards("5st 13st"), trick, alignment="villain",
                   tricks_won=0, seat=FACTORYON)
    assert first.plays == card("4br") and first.priority == "2"
    second = follow(cards("2lv 10br 7st"), cards("1sp 3sp"), [Play("You", card("5sp"))], alignment="villain",
                    tricks_won=0)
    assert second.plays == card("7st")
    assert said(second.steps, RuleId.SOLO_FOLLOW, "villain", "lowest non-love", "7st")
    third = follow(cards("2lv 10br 9lv"), cards("1sp 3sp"), [Play("You", card("3lv"))], alignment="villain",
                   tricks_won=0)
    assert third.plays == card("2lv")
    assert said(third.steps, RuleId.SOLO_FOLLOW, "love is all she may play", "2lv")


D4_ROW = "3lv 5br 2sp 9st 2br 12lv 7sp 1lv"


def test_d4_replace_hero() -> None:
    result = apply_effect(parse_effect("replace 2"), cards(D4_ROW), alignment="hero", draws=cards("8st 4br"))
    assert result.discarded == cards("2sp 2br")
    assert names(result.row_after) == "3lv 5br 9st 12lv 7sp 1lv 8st 4br"
    assert said(result.steps, RuleId.SOLO_REPLACE, "lowest non-love", "2sp and 2br")
    assert said(result.steps, RuleId.SOLO_PICK, "leftmost")
    assert said(result.steps, RuleId.SOLO_REPLACE, "8st and 4br", "right end")


def test_d5_replace_villain() -> None:
    result = apply_effect(parse_effect("replace 2"), cards(D4_ROW), alignment="villain", draws=cards("8st 4br"))
    assert result.discarded == cards("12lv 9st")
    assert names(result.row_after) == "3lv 5br 2sp 2br 7sp 1lv 8st 4br"
    assert said(result.steps, RuleId.SOLO_REPLACE, "highest", "love included", "12lv and 9st")


def test_d6_replace_short_of_non_love() -> None:
    row = cards("5lv 2br 9lv 3sp 1lv 7lv 11lv 4lv")
    result = apply_effect(Effect("replace", Fraction(3)), row, alignment="hero", draws=cards("6st 8st 10st"))
    assert result.discarded == cards("2br 3sp 1lv")
    assert names(result.row_after) == "5lv 9lv 7lv 11lv 4lv 6st 8st 10st"
    assert said(result.steps, RuleId.SOLO_REPLACE, "only 2 non-love", "lowest love: 1lv")


def test_d7_add() -> None:
    result = apply_effect(parse_effect("add 4.5"), cards(D4_ROW), alignment="hero")
    assert result.discarded == cards("1lv")
    assert result.added == cards("4.5lv")
    assert names(result.row_after) == "4.5lv 3lv 5br 2sp 9st 2br 12lv 7sp"
    assert said(result.steps, RuleId.SOLO_ADD, "1lv", "4.5lv", "left end")


def test_d8_move() -> None:
    two = apply_effect(parse_effect("move 2"), cards("3br 4lv 5sp 9lv 2st"), alignment="hero")
    assert names(two.row_after) == "4lv 9lv 3br 5sp 2st" and two.discarded == () and two.drew == ()
    assert said(two.steps, RuleId.SOLO_MOVE, "9lv", "left end")
    one_love = apply_effect(parse_effect("move 2"), cards("3br 4lv 5sp"), alignment="hero")
    assert names(one_love.row_after) == "4lv 3br 5sp"
    none = apply_effect(parse_effect("move 1"), cards("3br 5sp 2st"), alignment="hero", draws=cards("9br"))
    assert none.discarded == cards("2st")
    assert names(none.row_after) == "3br 5sp 9br"
    assert said(none.steps, RuleId.SOLO_MOVE, "no love", "Replace 1")
    assert said(none.steps, RuleId.SOLO_REPLACE, "2st")


def test_d9_exchange() -> None:
    row = cards("2lv 5br 3sp 3br 10st")
    done = exchange(row, cards("7br 1st"), card("7br"), seat=AUTOMATON)
    assert done.took == card("3sp")
    assert names(done.row_after) == "7br 2lv 5br 3br 10st"
    assert set(done.hand_after) == set(cards("1st 3sp"))
    assert said(done.steps, RuleId.SOLO_EXCHANGE, "lowest non-love", "3sp")
    assert said(done.steps, RuleId.SOLO_PICK, "3sp and 3br", "leftmost")
    assert said(done.steps, RuleId.SOLO_EXCHANGE, "7br", "left end")
    love = exchange(cards("4lv 9.5lv"), cards("7br"), card("7br"))
    assert love.took == card("4lv") and names(love.row_after) == "7br 9.5lv"


def test_both_copies_of_an_extra_love_card_may_sit_in_one_row() -> None:
    """Two of each extra-love card exist (§13 Q2): an exchange can give her the second 4.5lv; a third does not exist,
    nor a second of a playing card."""
    done = exchange(cards("4.5lv 1br 2lv"), cards("4.5lv"), card("4.5lv"), seat=AUTOMATON)
    assert done.took == card("1br") and names(done.row_after) == "4.5lv 4.5lv 2lv"
    assert lead(done.row_after, alignment="hero", tricks_won=0).plays == card("4.5lv")
    with pytest.raises(InputError, match="4.5lv more often than the game has it"):
        lead(cards("4.5lv 4.5lv 4.5lv"), alignment="hero", tricks_won=0)
    with pytest.raises(InputError, match="2lv more often than the game has it"):
        lead(cards("2lv 2lv"), alignment="hero", tricks_won=0)


def test_d9_exchange_refusals() -> None:
    with pytest.raises(InputError, match="just took"):
        exchange(cards("2lv 3sp"), cards("7br"), card("3sp"))
    with pytest.raises(InputError, match="not in your hand"):
        exchange(cards("2lv 3sp"), cards("7br"), card("8br"))


def test_d10_reveal_equal_does_not_beat() -> None:
    seen = reveal([card("10sp")], "hero")
    assert seen.value(card("10sp")) == 9
    trick = [seen.play("Ann", card("10sp"))]
    move = follow(cards("9sp 12br"), cards("3st 4st"), trick, alignment="hero", tricks_won=0, effective=seen)
    assert move.plays == card("9sp") and move.priority == "3b" and not move.wins
    assert winning([*trick, Play(AUTOMATON, move.plays)]) == 0  # you win
    assert said(move.steps, RuleId.SOLO_FOLLOW, "9sp does not beat 10sp as 9", "lowest speed, 9sp")
    assert reveal([card("3br")], "villain").value(card("3br")) == 4


def test_d11_last_trick_row_grows() -> None:
    move = follow(cards("6sp"), cards("9sp 11sp"), [Play("You", card("2sp"))], alignment="hero", tricks_won=3,
                  seat=FACTORYON)
    assert move.kept == cards("9sp 11sp")
    assert move.discarded == cards("6sp")
    assert names(move.row_after) == "9sp 11sp"
    assert move.plays == card("9sp") and move.priority == "3a"
    assert move.row_left == cards("11sp")
    assert said(move.steps, RuleId.SOLO_DRAW, "6sp", "only 1")


def test_d12_follow_with_draws_skipped() -> None:
    move = follow(cards("6sp 2br"), (), [Play("You", card("2sp"))], alignment="hero", tricks_won=0)
    assert move.drew == () and move.row_after == cards("6sp 2br") and move.plays == card("6sp")
    assert said(move.steps, RuleId.DECK_EMPTY, "2 draws skipped")


# --- the round line across both Vancardians, and the rules choices -----------------------------------------

def test_round_effect_automaton_then_factoryon() -> None:
    rows = (cards("3lv 5br 2sp 9st"), cards("1br 12lv 7sp 1lv"))
    both = apply_round_effect(parse_effect("replace 1"), rows, alignment="hero", draws=cards("8st 4br"))
    assert [r.seat for r in both] == [AUTOMATON, FACTORYON]
    assert names(both[0].row_after) == "3lv 5br 9st 8st"
    assert names(both[1].row_after) == "12lv 7sp 1lv 4br"


def test_replace_shared_deals_the_draws_alternately() -> None:
    rows = (cards("3lv 5br 2sp 9st"), cards("1br 12lv 7sp 1lv"))
    both = apply_round_effect(parse_effect("replace 3"), rows, alignment="hero", draws=cards("8st 4br 6st"),
                              replace_draws="shared")
    assert both[0].drew == cards("8st 6st") and both[0].discarded == cards("2sp 5br")
    assert both[1].drew == cards("4br") and both[1].discarded == cards("1br")
    with pytest.raises(InputError, match="needs 6"):
        apply_round_effect(parse_effect("replace 3"), rows, alignment="hero", draws=cards("8st 4br 6st"))


def test_replace_draw_first_chooses_among_the_new_cards() -> None:
    result = apply_effect(parse_effect("replace 2"), cards(D4_ROW), alignment="hero", draws=cards("1st 4br"),
                          replace_order="draw-first")
    assert result.discarded == cards("1st 2sp")
    assert names(result.row_after) == "3lv 5br 9st 2br 12lv 7sp 1lv 4br"
    with pytest.raises(InputError, match="replace_order"):
        apply_effect(parse_effect("replace 2"), cards(D4_ROW), alignment="hero", draws=cards("1st 4br"),
                     replace_order="later")


def test_move_fallback_draws_only_for_the_one_without_love() -> None:
    rows = (cards("3br 4lv 5sp"), cards("3sp 5st 2st"))
    both = apply_round_effect(parse_effect("move 1 left"), rows, alignment="villain", draws=cards("9br"))
    assert names(both[0].row_after) == "4lv 3br 5sp"
    assert names(both[1].row_after) == "3sp 2st 9br"  # villain: her highest, 5st, goes


@pytest.mark.parametrize(("line", "effect"), [
    ("replace 2", Effect("replace", Fraction(2))), ("  Add 4½ ", Effect("add", Fraction(9, 2))),
    ("add 9.5", Effect("add", Fraction(19, 2))), ("move 1", Effect("move", Fraction(1))),
    ("move 3 left", Effect("move", Fraction(3))), ("", Effect("none")), ("-", Effect("none")),
])
def test_parse_effect(line: str, effect: Effect) -> None:
    assert parse_effect(line) == effect


@pytest.mark.parametrize(("line", "words"), [
    ("swap 2", "replace X"), ("replace", "one number"), ("replace two", "whole number"),
    ("replace 0", "1 to 8"), ("move 9", "1 to 8"), ("add 4", "extra-love"), ("add 5.5", "extra-love"),
    ("add x", "not a card value"), ("replace 2 3", "one number"),
])
def test_parse_effect_errors(line: str, words: str) -> None:
    with pytest.raises(InputError, match=words):
        parse_effect(line)


def test_empty_line_changes_nothing() -> None:
    result = apply_effect(parse_effect(""), cards(D4_ROW), alignment="hero")
    assert result.row_after == cards(D4_ROW) and result.discarded == () and result.drew == ()


def test_follow_bad_input() -> None:
    with pytest.raises(InputError, match="empty trick"):
        follow(cards("6sp"), cards("9sp 11sp"), [], alignment="hero", tricks_won=0)
    with pytest.raises(InputError, match="never drawn"):
        follow(cards("6sp"), cards("4.5lv"), [Play("You", card("2sp"))], alignment="hero", tricks_won=0)
    with pytest.raises(InputError, match="already in her row"):
        follow(cards("6sp"), cards("6sp"), [Play("You", card("2sp"))], alignment="hero", tricks_won=0)
    with pytest.raises(InputError, match="2 cards"):
        follow(cards("6sp"), cards("1br 2br 3br"), [Play("You", card("2sp"))], alignment="hero", tricks_won=0)
    with pytest.raises(InputError, match="hero or villain"):
        follow(cards("6sp"), (), [Play("You", card("2sp"))], alignment="good", tricks_won=0)
    with pytest.raises(InputError, match="already played"):
        follow(cards("2sp"), (), [Play("You", card("2sp"))], alignment="hero", tricks_won=0)


def test_an_ability_restriction_narrows_her_choice() -> None:
    trick = [Play("You", card("9br"))]
    move = follow(cards("12br 6sp 4br 11br"), (), trick, alignment="hero", tricks_won=0,
                  allowed=lambda c: c.value != 11)
    assert move.plays == card("12br")
    assert said(move.steps, RuleId.SOLO_PICK, "restricts", "12br and 4br")
    with pytest.raises(InputError, match="restriction"):
        follow(cards("12br"), (), trick, alignment="hero", tricks_won=0, allowed=lambda c: False)


def test_both_vancardians_may_hold_an_equal_extra_love_card() -> None:
    """Add 4.5 gives each of them a 4.5lv (two such cards exist): Factoryon may still play hers after
    Automaton's; equal values, so the first played keeps the trick."""
    trick = [Play("You", card("2st")), Play(AUTOMATON, card("4.5lv"))]
    move = follow(cards("4.5lv 10br"), cards("8br 1st"), trick, alignment="hero", tricks_won=0, seat=FACTORYON)
    assert move.plays == card("4.5lv") and not move.wins


def test_reveal_adds_to_an_ability_change() -> None:
    base = reveal([], "hero")
    assert base.value(card("9br")) == 9
    changed = reveal([card("9br")], "hero", on=reveal([card("9br")], "villain"))
    assert changed.value(card("9br")) == 9  # +1 then −1
    assert changed.play("Ann", card("9br")).value is None
    shown = reveal([card("9br")], "villain")
    assert str(shown.play("Ann", card("9br"))) == "9br as 10" and shown.play("Ann", card("9br")).by == "reveal"


def test_report_has_the_next_json_shape() -> None:
    report = g3().report()
    assert report["drew"] == ["8br", "11sp"] and report["kept"] == ["8br", "11sp"]
    assert report["discarded"] == ["6br", "8sp"]
    assert report["row_after"] == ["4.5lv", "10br", "12sp", "8br", "11sp"] and report["plays"] == "4.5lv"
    steps = report["steps"]
    assert isinstance(steps, list)
    assert steps[0] == {"rule": "OS-SOLO-DRAW", "sentence": "Drew 8br: she has brains, kept."}


def test_replace_explains_a_tie_at_the_boundary() -> None:
    result = apply_effect(parse_effect("replace 1"), cards("5br 2sp 9st 2br"), alignment="hero", draws=cards("8st"))
    assert result.discarded == cards("2sp")
    assert said(result.steps, RuleId.SOLO_PICK, "leftmost")
    plain = apply_effect(parse_effect("replace 1"), cards("5br 2sp 9st 2lv"), alignment="hero", draws=cards("8st"))
    assert not any(s.rule is RuleId.SOLO_PICK for s in plain.steps)
