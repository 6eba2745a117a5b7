"""`scoring.origin.solo_next`: the solo round file composed with the referee and the Vancardian runner.

Whole rounds are played through `next_move` alone, as a script would drive `companion origin next`: each
answer is appended to the file, which must stay legal for the referee, replay to the same rows, and end
after eight tricks; the drawn cards come from a seeded deck that runs out and is reshuffled (OS-DECK-EMPTY)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.errors import InputError
from scoring.origin.cards import Card, Suit, parse_card
from scoring.origin.solo_file import parse_draw, read_solo, refusals
from scoring.origin.solo_next import next_move
from scoring.origin.solo_setup import round_effect, solo_setup
from scoring.origin.vancardian_values import AUTOMATON, FACTORYON

YOU = "Ann"
SEATS = (YOU, AUTOMATON, FACTORYON)
DECK = [f"{v}{s.value}" for s in Suit for v in range(1, 14)]


def card(text: str) -> Card:
    return parse_card(text, solo=True)


def base(rows: dict[str, list[str]], alignment: str = "hero", dealer: str = FACTORYON) -> dict[str, Any]:
    return {"game": "origin-story", "format": 1, "mode": "solo", "players": [YOU], "you": YOU, "deck": "table",
            "round": 1, "dealer": dealer, "alignment": {YOU: alignment}, "rows": rows, "draws": [], "tricks": []}


def play_round(seed: int, alignment: str) -> dict[str, Any]:
    """A whole round by `next_move`; returns the final file."""
    rng = random.Random(seed)
    cards = DECK[:]
    rng.shuffle(cards)
    rows = {seat: cards[8 * i:8 * i + 8] for i, seat in enumerate(SEATS)}
    deck, discards = cards[24:], []
    data = base({s: list(r) for s, r in rows.items()}, alignment, dealer=rng.choice(SEATS))
    held = {s: list(r) for s, r in rows.items()}
    played = 0
    while True:
        game = read_solo(data)
        assert refusals(game) == []
        result = game.result
        if result.finished:
            assert next_move(game).to_play is None
            break
        in_play = result.in_play
        to_play = result.to_play if in_play is not None else result.next_leader
        assert to_play is not None
        drawn: list[str] = []
        if to_play != YOU and in_play is not None:  # a Vancardian follows: she draws 2
            while len(drawn) < 2 and (deck or discards):
                if not deck:  # OS-DECK-EMPTY: the discard pile becomes the deck
                    deck, discards = discards, []
                    rng.shuffle(deck)
                drawn.append(deck.pop())
            answer = next_move(game, tuple(card(c) for c in drawn))
        else:
            answer = next_move(game)
        assert answer.to_play == to_play and answer.role == ("lead" if in_play is None else "follow")
        if to_play == YOU:
            assert answer.move is None and answer.legal is not None
            assert set(answer.legal) <= {card(c) for c in held[YOU]}
            choice = str(rng.choice(answer.legal))
        else:
            move = answer.move
            assert move is not None and answer.legal is not None
            assert move.plays in answer.legal and set(answer.legal) <= set(move.row_after)
            assert [str(c) for c in move.drew] == drawn
            before = len(held[to_play])
            assert len(move.row_after) == before + len(move.kept) - min(len(move.kept), before)
            discards += [str(c) for c in move.discarded]
            held[to_play] = [str(c) for c in move.row_after]
            choice = str(move.plays)
            data["draws"] += drawn
        held[to_play].remove(choice)
        if in_play is None:
            data["tricks"].append([])
        data["tricks"][-1].append(f"{to_play} {choice}")
        played += 1
    # 52 cards: in the won tricks, in the rows, in the discard pile, in the deck
    in_tricks = [p.split()[1] for t in data["tricks"] for p in t]
    assert len(in_tricks) == 24 and played == 24
    assert sorted(in_tricks + [c for r in held.values() for c in r] + discards + deck) == sorted(DECK)
    assert sum(game.result.tricks_won.values()) == 8
    return data


@pytest.mark.parametrize("seed", range(12))
def test_whole_rounds_played_by_next(seed: int) -> None:
    data = play_round(seed, "villain" if seed % 3 == 0 else "hero")
    assert len(data["tricks"]) == 8


def test_the_draws_are_consumed_in_order() -> None:
    """Trick 1 (you lead): Automaton follows with the first two draws, Factoryon with the next two."""
    data = base({AUTOMATON: ["10br", "8sp", "2lv"], FACTORYON: ["12br", "6st", "4sp"], YOU: ["11sp", "3st"]})
    data["tricks"] = [["Ann 11sp", "Automaton 6sp"]]
    data["draws"] = ["9st", "6sp", "5sp", "1lv"]
    answer = next_move(read_solo(data))
    assert answer.move is not None and answer.move.drew == (card("5sp"), card("1lv"))
    assert answer.move.kept == (card("5sp"),) and answer.move.plays == card("5sp")
    assert answer.trick == 1 and answer.role == "follow"


def test_parse_draw() -> None:
    assert parse_draw(None) is None
    assert parse_draw("none") == () and parse_draw("-") == ()
    assert parse_draw("9st, 6sp") == (card("9st"), card("6sp"))
    assert parse_draw("9 strength,6sp") == (card("9st"), card("6sp"))
    assert parse_draw("9st 6sp") == (card("9st"), card("6sp")) and parse_draw("4.5lv") == (card("4.5lv"),)
    with pytest.raises(InputError, match="--draw"):
        parse_draw("9st,6zz")


def test_an_end_of_round_reveal_is_not_counted_early() -> None:
    data = base({AUTOMATON: ["9sp", "12br"], FACTORYON: ["1br"], YOU: ["10sp"]})
    data["tricks"] = [["Ann 10sp"]]
    data["draws"] = ["3st", "4st"]
    data["abilities"] = [{"player": YOU, "source": "Story R", "timing": "end-of-round", "effects": ["reveal 10sp"]}]
    answer = next_move(read_solo(data))
    assert answer.move is not None and answer.move.plays == card("9sp")  # 9sp does not beat 10sp: lowest speed


def test_an_align_used_in_a_trick_changes_how_she_plays() -> None:
    data = base({AUTOMATON: ["3br", "9st", "2sp"], FACTORYON: ["1br"], YOU: ["10sp"]}, dealer=YOU)
    hero = next_move(read_solo(data)).move
    assert hero is not None and hero.plays == card("9st")
    data["abilities"] = [{"player": YOU, "source": "Turncoat", "trick": 1, "effects": ["align villain"]}]
    villain = next_move(read_solo(data)).move
    assert villain is not None and villain.plays == card("2sp")


def test_round_effect_takes_the_first_draws_of_the_file() -> None:
    data = base({AUTOMATON: ["3lv", "5br", "2sp"], FACTORYON: ["6br", "13sp", "10lv"]})
    data["draws"] = ["8st", "4br", "1st", "2st", "9sp"]  # the last one is for a later follow
    done = round_effect(read_solo(data), "replace 1")
    assert [r.drew for r in done.results] == [(card("8st"),), (card("4br"),)]
    assert done.report()["vancardians"][0]["row_after"] == ["3lv", "5br", "8st"]


def test_solo_setup_sentence_never_assumes_a_colour() -> None:
    unknown = solo_setup(3, None)
    assert "(red)" not in unknown["sentence"] and "(green)" not in unknown["sentence"]
    assert "--difficulty-colour" in unknown["sentence"]
    known = solo_setup(0, "green")
    assert known["base_colour"] == "red" and known["event_deck"] == {"kind": "base", "colour": "red"}


def test_a_non_solo_file_is_refused() -> None:
    data = {"game": "origin-story", "format": 1, "players": ["Ann", "Bob", "Cat"], "dealer": "Cat", "tricks": []}
    with pytest.raises(InputError, match="mode"):
        read_solo(data)
