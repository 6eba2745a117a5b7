"""`companion origin trick|round|next --json` referee a solo round file as the table referees the same events
(issue 29): the Vancardians' moves by their procedure, the surrender, the discard pile and the round's eight
tricks, each from the rulebook's sentence."""
from __future__ import annotations

from typing import Any

import pytest

from tests.companion.test_origin_solo_cli import file, origin, solo  # noqa: F401  (file: a fixture)

AUTOMATON = ["11br", "2br", "5sp", "7st", "3lv"]
FACTORYON = ["12br", "13br", "6st", "10lv", "1sp"]
YOURS = ["9br", "4st"]


def refused(data: dict[str, Any]) -> list[dict[str, Any]]:
    out = list(data.get("refused", []))
    return out + [r for t in data["tricks"] for r in t["refused"]]


def rules(data: dict[str, Any]) -> list[str]:
    return [r["rule"] for r in refused(data)]


# --- OS-SOLO-LEAD / -FOLLOW: "A Vancardian leads her highest card (her lowest while you play villain with no
# trick won)"; "she follows with the lowest card that beats the trick so far" ------------------------------------

@pytest.mark.parametrize("verb", ["trick", "round", "next"])
def test_a_lead_her_procedure_does_not_give_is_refused(capsys: pytest.CaptureFixture[str], file: Any,
                                                       verb: str) -> None:
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Ann", tricks=[["Automaton 2br"]], draws=["8st", "9st"])
    code, data, _ = origin(capsys, verb, file(game))
    assert code == 1
    found = data["refused"] if verb == "next" else refused(data)
    assert [r["rule"] for r in found] == ["OS-SOLO-LEAD"]
    assert "Automaton leads with 11br by her procedure, not 2br" in found[0]["sentence"]
    game["tricks"] = [["Automaton 11br"]]
    code, data, _ = origin(capsys, verb, file(game))
    assert code == 0 and (verb == "next" or rules(data) == [])


def test_a_follow_her_priority_list_does_not_give_is_refused(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Factoryon", draws=["8sp", "9sp", "8st", "9st"],
                tricks=[["Ann 9br", "Automaton 11br", "Factoryon 13br"]])
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 1 and rules(data) == ["OS-SOLO-FOLLOW"]
    sentence = refused(data)[0]["sentence"]
    assert "Factoryon follows with 12br by her procedure, not 13br" in sentence and "lowest of them, 12br" in sentence
    assert data["tricks"][0]["plays"][2]["legal"] is False
    game["tricks"] = [["Ann 9br", "Automaton 11br", "Factoryon 12br"]]
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 0 and rules(data) == []


def test_without_her_draws_her_follow_is_unprovable_and_said_so(capsys: pytest.CaptureFixture[str],
                                                                 file: Any) -> None:
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Factoryon",
                tricks=[["Ann 9br", "Automaton 11br", "Factoryon 13br"]])
    code, data, _ = origin(capsys, "trick", file(game))
    assert code == 0 and rules(data) == []
    assert any("not checked" in n["sentence"] and "add the cards she drew" in n["sentence"]
               for n in data["tricks"][0]["notes"])


# --- OS-SOLO-SURRENDER: "at the start of your turn in a trick a Vancardian led, unless you play villain with no
# trick won; the leader gains 1 VP per card left in her row plus 1" ------------------------------------------------

def surrendered(to: str = "Automaton", vp: int = 5, trick: int = 1, **game: Any) -> dict[str, Any]:
    base = {"you": YOURS, "dealer": "Ann", "tricks": [["Automaton 11br"]], **game}
    return solo(AUTOMATON, FACTORYON, **base) | {"surrender": {"trick": trick, "to": to, "vp": vp}}


def test_a_surrender_as_the_rule_gives_it_is_scored(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    for game in (surrendered(), surrendered(tricks=[])):  # no lead in the file: hers is her procedure's
        code, data, _ = origin(capsys, "round", file(game))
        assert code == 0 and rules(data) == []
        assert {s["player"]: s["surrender_vp"] for s in data["scores"]}["Automaton"] == 5


@pytest.mark.parametrize(("game", "words"), [
    (surrendered(vp=9), "surrender VP: 5, not 9"),
    (surrendered(to="Factoryon"), "the Vancardian who led trick 1, Automaton, not Factoryon"),
    (surrendered(alignment="villain", tricks=[["Automaton 2br"]]), "villain and have won no trick"),
    (surrendered(dealer="Factoryon", tricks=[]), "Ann leads trick 1: you may surrender only in a trick a "
                                                 "Vancardian led"),
    (surrendered(trick=3), "the trick in progress is trick 1"),
])
def test_a_surrender_the_rule_does_not_allow_is_refused(capsys: pytest.CaptureFixture[str], file: Any,
                                                        game: dict[str, Any], words: str) -> None:
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 1 and rules(data) == ["OS-SOLO-SURRENDER"] and words in data["refused"][0]["sentence"]
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 1 and any(words in r["sentence"] for r in data["refused"])


# --- OS-DECK-EMPTY: "when the deck is empty, shuffle the discard pile to form a new deck" -------------------------

def test_a_card_trimmed_to_the_discard_pile_is_not_drawn_while_the_deck_holds_cards(
        capsys: pytest.CaptureFixture[str], file: Any) -> None:
    # Automaton draws 9st and 6sp and trims 9st (G1); Factoryon's draw then names 9st again
    game = solo(["10br", "8sp", "2lv", "13br", "5br"], ["12br", "6st", "4br", "10lv", "11br"],
                you=["11sp", "3st", "1br"], dealer="Factoryon", draws=["9st", "6sp", "5sp", "9st"],
                tricks=[["Ann 11sp", "Automaton 6sp", "Factoryon 4br"]])
    code, data, _ = origin(capsys, "trick", file(game))
    assert code == 1 and rules(data) == ["OS-DECK-EMPTY"]
    assert "9st went to the discard pile in trick 1" in refused(data)[0]["sentence"]
    game["draws"], game["tricks"] = ["9st", "6sp"], [["Ann 11sp", "Automaton 6sp"]]
    code, data, err = origin(capsys, "next", file(game), "--draw", "5sp,9st")
    assert code == 2 and "--draw: 9st went to the discard pile" in err and "OS-DECK-EMPTY" in err


# --- OS-TRICKS-8: "a round has eight tricks" -----------------------------------------------------------------------

def test_a_ninth_trick_after_the_tricks_won_before_the_file_is_refused(capsys: pytest.CaptureFixture[str],
                                                                       file: Any) -> None:
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Factoryon", won=(4, 2, 2), draws=["8sp", "9sp", "8st", "9st"],
                tricks=[["Ann 9br", "Automaton 11br", "Factoryon 12br"]])
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 1 and rules(data) == ["OS-TRICKS-8"] and "trick 9" in refused(data)[0]["sentence"]
    game["tricks_won"] = {"Ann": 4, "Automaton": 2, "Factoryon": 1}
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 0 and rules(data) == []


def test_check_asks_her_procedure_too(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    path = file(solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Ann"))
    code, data, _ = origin(capsys, "check", path, "--seat", "Automaton", "--play", "2br")
    assert code == 1 and data["rule"] == "OS-SOLO-LEAD" and "leads with 11br" in data["sentence"]
    code, data, _ = origin(capsys, "check", path, "--seat", "Automaton", "--play", "11br")
    assert code == 0 and data["legal"] is True


def test_a_ninth_trick_is_refused_in_a_round_and_in_a_game_file(capsys: pytest.CaptureFixture[str],
                                                                file: Any) -> None:
    seats = {"players": ["Ann", "Bob", "Cat"], "dealer": "Cat",
             "alignment": {"Ann": "hero", "Bob": "hero", "Cat": "villain"}}
    nine = seats | {"game": "origin-story", "format": 1, "tricks": [{"winner": "Ann"}] * 9}
    code, data, _ = origin(capsys, "round", file(nine))
    assert code == 1 and rules(data) == ["OS-TRICKS-8"] and data["tricks"][8]["refused"]
    game = seats | {"rounds": [{"alignment": seats["alignment"], "tricks": [{"winner": "Ann"}] * 9}]}
    code, _, err = origin(capsys, "score", file(game, "game.json"))
    assert code == 2 and "rounds[0]: OS-TRICKS-8: trick 9: a round has 8 tricks" in err
    game["rounds"][0]["tricks"] = [{"winner": "Ann"}] * 8
    code, data, _ = origin(capsys, "score", file(game, "game.json"))
    assert code == 0 and data["winners"] == ["Ann"]


def test_a_lead_not_in_her_row_after_she_followed_is_refused(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    """OS-SOLO-ROWS: her row is known from the file's rows and draws even after she has drawn (found by the soak)."""
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Factoryon", draws=["8sp", "9sp", "8st", "9st"],
                tricks=[["Ann 9br", "Automaton 11br", "Factoryon 12br"], ["Factoryon 7lv"]])
    code, data, _ = origin(capsys, "trick", file(game))
    assert code == 1 and rules(data) == ["OS-SOLO-ROWS"] and "7lv is not in her row" in refused(data)[0]["sentence"]


def test_an_extra_love_card_is_never_drawn(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(AUTOMATON, FACTORYON, you=YOURS, dealer="Factoryon", draws=["8sp", "4.5lv"],
                tricks=[["Ann 9br", "Automaton 11br"]])
    code, _, err = origin(capsys, "round", file(game))
    assert code == 2 and "draws: 4.5lv cannot be drawn: extra-love cards" in err


# --- OS-SOLO-EXCHANGE: a file does not say at which moment of its trick an exchange with a Vancardian came (before
# her play or after it): her move stands when some moment the ability's type allows gives it --------------------

def exchanged(tricks: list[list[str]], timing: str | None = None) -> dict[str, Any]:
    """You give Automaton 13sp in trick 1 (you take her 2br): before her lead she leads 13sp, after it 11br."""
    ability: dict[str, Any] = {"player": "Ann", "source": "Story X", "trick": 1,
                               "effects": ["exchange with Automaton give 13sp"]}
    if timing is not None:
        ability["timing"] = timing
    return solo(AUTOMATON, FACTORYON, you=["13sp", *YOURS], dealer="Ann", draws=["8st", "9st"], tricks=tricks,
                abilities=[ability])


BEFORE = [["Automaton 13sp", "Factoryon 6st", "Ann 9br"], ["Automaton 11br"]]  # 13sp won; her row: 11br 5sp 7st 3lv
AFTER = [["Automaton 11br", "Factoryon 12br", "Ann 9br"], ["Factoryon 13br"]]  # 12br won


@pytest.mark.parametrize("tricks", [BEFORE, AFTER], ids=["before-her-play", "after-her-play"])
def test_an_exchange_before_or_after_her_play_is_accepted(capsys: pytest.CaptureFixture[str], file: Any,
                                                          tricks: list[list[str]]) -> None:
    code, data, _ = origin(capsys, "round", file(exchanged(tricks)))
    assert code == 0 and rules(data) == []
    assert not any("not checked" in n["sentence"] for t in data["tricks"] for n in t["notes"])


def test_an_exchange_at_your_turn_comes_after_her_lead(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    """An "on your turn" ability is used at your turn: in a trick she led, after her lead."""
    code, data, _ = origin(capsys, "round", file(exchanged(AFTER, "on-your-turn")))
    assert code == 0 and rules(data) == []
    code, data, _ = origin(capsys, "round", file(exchanged(BEFORE, "on-your-turn")))
    assert code == 1 and rules(data)[0] == "OS-SOLO-ROWS"  # without the exchange yet, 13sp is not hers
    assert "Automaton leads with 11br by her procedure, not 13sp" in refused(data)[0]["sentence"]


def test_a_move_no_moment_of_the_exchange_gives_is_refused(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "round", file(exchanged([["Automaton 7st"]])))
    assert code == 1 and rules(data) == ["OS-SOLO-LEAD"]
    sentence = refused(data)[0]["sentence"]
    assert "Automaton leads with 13sp by her procedure, not 7st" in sentence  # the exchange before her lead
    assert "with the exchange after her play: Automaton leads with 11br by her procedure, not 7st" in sentence


def test_when_both_moments_give_her_move_but_not_the_same_row_the_moment_is_unprovable(
        capsys: pytest.CaptureFixture[str], file: Any) -> None:
    """She follows 9sp with 12sp either way, but the exchange before her draw step leaves her 3st 10st 9st, after
    it 3st 7br 8lv: from there on her row is not known, and a note says so."""
    ability = {"player": "Ann", "source": "Story X", "trick": 1, "effects": ["exchange with Automaton give 3st"]}
    game = solo(["12sp", "7br", "8lv", "2br"], FACTORYON, you=["9sp", "3st", "4st"], dealer="Factoryon",
                draws=["10st", "9st"], tricks=[["Ann 9sp", "Automaton 12sp"]], abilities=[ability])
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 0 and rules(data) == []
    assert any("not checked" in n["sentence"] and "does not say at which moment" in n["sentence"]
               for n in data["tricks"][0]["notes"])
    ability["timing"] = "whenever-you-lead"  # you led: it came before her play
    code, data, _ = origin(capsys, "round", file(game))
    assert code == 0 and rules(data) == [] and not data["tricks"][0]["notes"]
