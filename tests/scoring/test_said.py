"""scoring/said.py: a sentence kept in English (its value: JSON, the log, files) and shown in the language in use."""
from __future__ import annotations

import json

from companion import languages
from scoring.said import Said, joined, listed


def test_a_sentence_is_english_as_a_value_and_translated_where_shown() -> None:
    inner = Said("the game is over")
    said = Said("not now: {next} (round {n})", next=inner, n=3)
    languages.use("it")
    assert said == "not now: the game is over (round 3)" and json.dumps(said) == '"not now: the game is over (round 3)"'
    assert f"{said}" == str(said) == "non ora: la partita è finita (round 3)"
    languages.use("de")
    assert f"{said:.11}" == "nicht jetzt"  # a format spec applies to the shown sentence


def test_a_count_takes_the_form_for_n() -> None:
    forms = ("{seat} draws {n} card now", "{seat} draws {n} cards now")
    assert [Said(*forms, seat="Automaton", n=n) for n in (1, 2)] == ["Automaton draws 1 card now",
                                                                     "Automaton draws 2 cards now"]
    languages.use("it")
    assert [str(Said(*forms, seat="Automaton", n=n)) for n in (1, 2)] == ["Automaton pesca ora 1 carta",
                                                                          "Automaton pesca ora 2 carte"]


def test_lists_and_joins_keep_each_part_to_be_shown() -> None:
    parts = [Said("none"), "9br"]
    assert listed(parts) == "none and 9br" and joined(parts) == "none; 9br" and listed([]) == ""
    languages.use("de")
    assert f"{listed(parts)}" == "keine und 9br" and f"{joined(parts, ' ')}" == "keine 9br"
    assert listed(["9br"]) == "9br"
