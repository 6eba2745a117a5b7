"""The typed action line: every command the engine knows reads back from its own text, in every variant."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.origami.catalogue import shipped
from companion.origami.playout import filled
from scoring.errors import InputError
from scoring.origami import commands as c
from scoring.origami.catalog import Catalogue
from scoring.origami.notation import parse, split, write
from scoring.origami.table import Variant
from tests.recorded import script

CATALOGUE = filled(shipped())


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_command_of_a_whole_game_reads_back_from_its_text(variant: Variant, seed: int) -> None:
    game = script(CATALOGUE, seed, variant, players=3)
    kinds = set()
    for before, command in zip(game.states[1:], game.script[2:], strict=False):  # after the setup and the deal
        line = write(command, before)
        assert parse(line, before, CATALOGUE) == command, line
        kinds.add(type(command))
    assert {c.DrawCards, c.PlayOrigami, c.EndTurn, c.RevealHand} <= kinds


def test_a_player_types_little(catalogue: Catalogue) -> None:
    game = script(CATALOGUE, 1)
    state = game.states[1]  # after the deal
    me, other = state.players[state.current].name, state.players[(state.current + 1) % 3].name
    assert split(f"{other}: disc a, b").verb == "discard"
    assert parse("end", state, CATALOGUE) == c.EndTurn(state.current)
    assert parse(f"{other[:2]}: reveal", state, CATALOGUE) == c.RevealHand((state.current + 1) % 3, ())
    assert parse("ri 2", state, CATALOGUE) == c.TakeRicePaper(state.current, 2)
    assert parse("deck 2 rice", state, CATALOGUE) == c.DrawFromDeck(state.current, 2, ("Rice Paper",))
    assert parse(f"pass 1 to {other}", state, CATALOGUE) == c.PassCards(state.current, (state.current + 1) % 3,
                                                                        (), 1)
    assert parse(f"{me}: end", state, CATALOGUE) == parse("end", state, CATALOGUE)  # naming the current player


@pytest.mark.parametrize(("line", "message"), [
    ("", "type an action"),
    ("d crane", "'d' is not an action: could be draw, deck, discard"),
    ("fly away", "'fly' is not an action"),
    ("special 3", "the collection is 1 or 2, not '3'"),
    ("rice some", "rice must be a number"),
    ("pass 1", "say who receives them"),
    ("Zed: end", "no single player called 'Zed'"),
    ("move 1.1 to 3.1", "a place is collection.position"),
    ("play zzz", "unknown card 'zzz'"),
    ("end discard a discard b", "`discard` is said twice"),
])
def test_a_line_that_cannot_be_read_says_why_and_how(line: str, message: str) -> None:
    state = script(CATALOGUE, 1).states[1]
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse(line, state, CATALOGUE)


def test_placement_is_automatic_when_one_side_is_legal_or_both_are_the_same() -> None:
    origami = script(CATALOGUE, 1, Variant.ORIGAMI)
    first = parse("play chick", origami.states[1], CATALOGUE)  # both collections empty: either is the same
    assert isinstance(first, c.PlayOrigami) and first.collection == 0
    different = [state for state in origami.states[1:] for player in state.players
                 if state.player(state.current) is player and len(player.collections[0]) == len(player.collections[1])
                 and player.collections[0] != player.collections[1]]
    assert different
    with pytest.raises(InputError, match="add `to 1` or `to 2`"):
        parse("play chick", different[0], CATALOGUE)  # two different collections of one size: say which
    plays = [(state, cmd) for state, cmd in zip(origami.states[1:], origami.script[2:], strict=False)
             if isinstance(cmd, c.PlayOrigami) and not cmd.under
             and len({len(col) for col in state.player(cmd.player).collections}) == 2]
    assert plays
    for state, cmd in plays:
        line = write(cmd, state).replace(f" to {cmd.collection + 1}", "")
        assert parse(line, state, CATALOGUE).collection == cmd.collection  # type: ignore[union-attr]


def test_the_collection_is_one_digit_at_the_end_when_both_may_take_the_card() -> None:
    """With both collections the same height (and not the same cards), the player chooses (rulebook: the two
    collections never differ by more than one card): `play fox pay cat 2` says which, as `to 2` does."""
    game = script(CATALOGUE, 2, Variant.ORIGAMI, players=3)
    open_choices = 0
    for before, command in zip(game.states[1:], game.script[2:], strict=False):
        if not isinstance(command, c.PlayOrigami):
            continue
        line = write(command, before)
        bare = line.replace(f" to {command.collection + 1}", "")
        try:
            parse(bare, before, CATALOGUE)
        except InputError as problem:
            assert "or just 1 or 2 at the end" in str(problem)
            open_choices += 1
            assert parse(f"{bare} {command.collection + 1}", before, CATALOGUE) == command, bare
            with pytest.raises(InputError, match="`to` is said twice"):
                parse(f"{line} {command.collection + 1}", before, CATALOGUE)
    assert open_choices


def test_a_number_after_discount_or_to_is_not_read_as_the_collection() -> None:
    assert split("play fox discount 2").clauses == (("discount", "2"),)
    assert split("play fox pay cat to 1").clauses == (("pay", "cat"), ("to", "1"))
    assert split("play snake pay ant under 2").clauses == (("pay", "ant"), ("under", ""), ("to", "2"))


def test_a_keyword_cut_short_is_read_when_the_line_reads_no_other_way() -> None:
    """`ref` is `refill` as `dr` is `draw`; a line that reads as typed keeps its reading, and `end` never passes
    over what follows it unread."""
    game = script(CATALOGUE, 1)
    state = game.states[1]
    taken, turned = state.line[0], state.line[1]
    refilled = c.DrawCards(state.current, (taken,), (turned,))
    assert parse(f"draw {taken} ref {turned}", state, CATALOGUE) == refilled
    assert parse(f"draw {taken} refi {turned}", state, CATALOGUE) == refilled
    assert parse(f"end re {turned}", state, CATALOGUE) == c.EndTurn(state.current, (), (turned,))
    assert parse(f"end disc {taken}", state, CATALOGUE) == c.EndTurn(state.current, (taken,), ())
    with pytest.raises(InputError, match="`end` takes `discard` or `refill` before cards"):
        parse(f"end {taken}", state, CATALOGUE)


def test_a_card_drawn_is_one_of_the_line_when_its_name_fits_several_on_the_table() -> None:
    """`draw chik` with Chick in the line and Chicken in a collection: the draw can only mean the line's card."""
    state = script(CATALOGUE, 1, Variant.ORIGAMI).states[1]
    me = state.players[state.current]
    state = replace(state, families=tuple({*state.families, "sky"}), line=("Chick", *state.line[1:]),
                    players=tuple(replace(p, collections=(("Chicken",), ())) if p is me else p
                                  for p in state.players))
    assert parse("draw chik", state, CATALOGUE) == c.DrawCards(state.current, ("Chick",), (), 0)
    with pytest.raises(InputError, match="could be Chick, Chicken"):  # a play may mean either: both are asked
        parse("discard chik", state, CATALOGUE)


@pytest.mark.parametrize(("typed", "said"), [
    ("bobb", "did you mean Bob? players: Ann, Bob, Cid"),  # a close spelling
    ("c", "did you mean Cid or Cy? players"),  # the beginning of several
    ("xyz", "at this table (players: Ann, Bob, Cid, Cy)"),  # nothing near: the players alone
])
def test_a_player_mistyped_is_answered_with_who_was_meant(typed: str, said: str) -> None:
    state = script(CATALOGUE, 1, players=4).states[1]
    state = replace(state, players=tuple(replace(p, name=n) for p, n in zip(state.players, ["Ann", "Bob", "Cid", "Cy"],
                                                                             strict=True)))
    with pytest.raises(InputError, match=re.escape(said)):
        parse(f"{typed}: end", state, CATALOGUE)
