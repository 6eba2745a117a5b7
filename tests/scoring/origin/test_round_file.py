"""The golden cases through the round file (ORIGIN_STORY.md §7.1 in, §7.2 out), and bad input named."""
from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import InputError
from scoring.origin.cards import parse_card
from scoring.origin.game_file import parse_game
from scoring.origin.round_file import run_round
from scoring.origin.round_file_json import check, round_json, score_json, tricks_json

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def rf(players: list[str], dealer: str, tricks: list[Any], **more: Any) -> dict[str, Any]:
    return {"game": "origin-story", "format": 1, "players": players, "round": 1, "dealer": dealer,
            "tricks": tricks, **more}


def play(seat: str, card: str, value: int, suit: str, legal: bool | None, why: str) -> dict[str, Any]:
    return {"seat": seat, "card": card, "value": value, "suit": suit, "legal": legal, "why": why}


LEAD = "the leader may lead any card (OS-LEAD-ANY)"


def test_g6_file_out_exactly() -> None:
    out = tricks_json(run_round(rf(FOUR, "Dan", [["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"]])))
    assert out == {"tricks": [{
        "n": 1, "leader": "Ann", "lead_suit": "br",
        "plays": [play("Ann", "7br", 7, "br", True, LEAD), play("Bob", "10br", 10, "br", True, "follows brains"),
                  play("Cat", "13sp", 13, "sp", None, "Cat's hand is hidden: off suit records a void in brains"),
                  play("Dan", "5br", 5, "br", True, "follows brains")],
        "winner": "Bob", "winning_card": "10br",
        "reason": "10br is the highest brains card, the lead suit: Bob wins", "next_leader": "Bob",
        "voids": [{"seat": "Cat", "suit": "br"}], "flags": [], "notes": [], "refused": []}]}


def test_g6_stated_winner_refused_in_the_file() -> None:
    out = tricks_json(run_round(rf(FOUR, "Dan", [{"plays": ["Ann 7br", "Bob 10br", "Cat 13sp", "Dan 5br"],
                                                   "winner": "cat"}])))
    assert out["tricks"][0]["refused"] == [{"rule": "OS-WIN-LEAD", "seat": "Ann", "overridable": True,
                                            "sentence": "13sp is not love and not brains: 10br wins"}]


def test_g7_file() -> None:
    t = tricks_json(run_round(rf(FOUR, "Dan", [["ann 12ST", "Bob 13 strength", "Cat 1lv", "Dan 10st"]])))
    assert (t["tricks"][0]["winner"], t["tricks"][0]["winning_card"], t["tricks"][0]["reason"]) == (
        "Cat", "1lv", "1lv is the highest love card, and love is trump: Cat wins")


def test_g8_file() -> None:
    five = ["P1", "P2", "P3", "P4", "P5"]
    t = tricks_json(run_round(rf(five, "P5", [["P1 7br", "P2 11sp", "P3 2br", "P4 9br", "P5 13br"]])))["tricks"][0]
    assert [p["legal"] for p in t["plays"]] == [True, None, True, True, True]
    assert t["voids"] == [{"seat": "P2", "suit": "br"}] and t["refused"] == [] and t["flags"] == []


def test_g10_game_file_quick_grid_and_round_files() -> None:
    game = {"game": "origin-story", "format": 1, "players": ["Ann", "Bob", "Cat"], "dealer": "Cat",
            "rounds": [{"Ann": "h3", "Bob": "v0", "Cat": "v1"},
                       {"alignment": {"Ann": "hero", "Bob": "villain", "Cat": "hero"},
                        "tricks": [{"winner": "Ann"}, {"winner": "Cat"}],
                        "abilities": [{"player": "Cat", "source": "Story Z", "trick": 2,
                                       "effects": ["align villain"]}]}]}
    out = score_json(parse_game(game))
    assert out == {"players": [
        {"name": "Ann", "total": 4, "rank": 2, "rounds": [
            {"round": 1, "alignment": "hero", "tricks": 3, "alignment_vp": 3, "abilities": [], "surrender_vp": 0,
             "round_vp": 3},
            {"round": 2, "alignment": "hero", "tricks": 1, "alignment_vp": 1, "abilities": [], "surrender_vp": 0,
             "round_vp": 1}]},
        {"name": "Bob", "total": 8, "rank": 1, "rounds": [
            {"round": 1, "alignment": "villain", "tricks": 0, "alignment_vp": 4, "abilities": [],
             "surrender_vp": 0, "round_vp": 4},
            {"round": 2, "alignment": "villain", "tricks": 0, "alignment_vp": 4, "abilities": [],
             "surrender_vp": 0, "round_vp": 4}]},
        {"name": "Cat", "total": 0, "rank": 3, "rounds": [
            {"round": 1, "alignment": "villain", "tricks": 1, "alignment_vp": 0, "abilities": [],
             "surrender_vp": 0, "round_vp": 0},
            {"round": 2, "alignment": "villain", "tricks": 1, "alignment_vp": 0, "abilities": [],
             "surrender_vp": 0, "round_vp": 0}]}],
        "winners": ["Bob"], "shared": False}
    tie = parse_game({"rounds": [{"Ann": "h4 +2 Monologuing", "Bob": "v0 +2 Story"}, {"Ann": "v0", "Bob": "v0"}]})
    assert score_json(tie)["winners"] == ["Ann", "Bob"] and score_json(tie)["shared"] is True


def test_g11_duo_file() -> None:
    data = rf(["A", "B"], "A", [["B 5br", "SK A 12br then 4st", "A 7br", "SK B 2br"],
                                 ["A 3st", "SK B 9st", "B 6st", {"seat": "SK A", "card": "4st"}]],
              mode="duo", sidekicks={"SK A": ["12br", "3sp"], "SK B": ["2br", "9st"]},
              alignment={"A": "hero", "B": "villain"})
    out = round_json(run_round(data))
    first = out["tricks"][0]
    assert (first["leader"], first["winner"], first["next_leader"]) == ("B", "SK A", "A")
    assert [n["rule"] for n in first["notes"]] == ["OS-SK-TRICK"]
    assert out["tricks"][1]["winner"] == "SK B" and out["tricks"][1]["next_leader"] == "B"
    assert [(s["player"], s["tricks"], s["round_vp"]) for s in out["scores"]] == [("A", 0, 0), ("B", 0, 4)]
    assert out["next_dealer"] == "B"
    bad = rf(["A", "B"], "A", [["B 5br", "SK A 12sp"]], mode="duo",
             sidekicks={"SK A": ["7br", "12sp"], "SK B": ["2br", "9st"]})
    assert check(bad | {"tricks": [["B 5br"]]}, "SK A", "12sp") == {
        "legal": False, "rule": "OS-SK-PLAY",
        "sentence": "SK A must follow brains: SK A holds 7br, so 12sp may not be played"}
    assert check(bad | {"tricks": [["B 5br"]]}, "SK A", "7br")["legal"] is True


def test_d13_file() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 5sp", "Ann 9sp", "Bob 7sp"], ["Ann 2br", "Bob 11sp", "Cat 6br"],
              ["Cat 4sp", "Ann 6sp", "Bob 8sp"], ["Bob 2lv", "Cat 3lv", "Ann 4lv"], ["Ann 5br", "Bob 3br", "Cat 7br"]]
    out = tricks_json(run_round(rf(["Ann", "Bob", "Cat"], "Cat", tricks)))
    assert out["tricks"][5]["flags"] == [{"rule": "OS-REVOKE", "trick": 3, "seat": "Bob", "sentence":
                                          "Bob showed out of brains in trick 3 but played 3br in trick 6, and no "
                                          "card entered Bob's hand in between: revoke at trick 3"}]
    ex = [{"player": "Cat", "source": "Story Y", "trick": 4, "effects": ["exchange with bob"]}]
    out = tricks_json(run_round(rf(["Ann", "Bob", "Cat"], "Cat", tricks, abilities=ex)))
    assert all(t["flags"] == [] for t in out["tricks"])
    assert [n["rule"] for n in out["tricks"][5]["notes"]] == ["OS-REVOKE"]


def test_d14_file_and_check() -> None:
    tricks = [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 9br", "Ann 6br", "Bob 7br"]]
    data = rf(["Ann", "Bob", "Cat"], "Cat", tricks)
    assert check(data, "Cat", "9br") == {"legal": False, "rule": "OS-UNIQUE",
                                         "sentence": "9br was already played by Cat in trick 2: each card "
                                                     "exists once"}
    assert check(data, "Bob", "9sp")["rule"] == "OS-LEAD-WINNER"
    assert check(data, "Cat", "10br") == {"legal": True, "rule": None,
                                          "sentence": "10br: the leader may lead any card (OS-LEAD-ANY)"}


def test_solo_file_parses_and_checks_your_row() -> None:
    data = {"game": "origin-story", "format": 1, "mode": "solo", "players": ["Ann"], "you": "Ann", "deck": "table",
            "difficulty": 3, "dealer": "Factoryon", "alignment": {"Ann": "hero"},
            "rows": {"Ann": ["11sp", "3br", "4.5lv"], "Automaton": ["10br", "8sp", "2lv", "13br", "5br"],
                     "Factoryon": ["4.5lv", "10br", "12sp"]},
            "tricks": []}
    with pytest.raises(InputError, match="extra-love"):
        run_round(data)
    data["rows"]["Ann"] = ["11sp", "3br", "7st"]
    data["rows"]["Factoryon"] = ["4.5lv", "9br", "12sp"]
    data["tricks"] = [["Ann 11sp", "Automaton 6sp", "Factoryon 4.5lv"], ["Factoryon 9br"]]
    data["draws"] = ["9st", "6sp", "8br", "11sp"]
    with pytest.raises(InputError, match="11sp cannot be drawn: Ann played it in trick 1"):
        run_round(data)  # OS-UNIQUE: a card played this round is not in the deck
    data["draws"] = ["9st", "6sp", "8br", "1st"]
    result = run_round(data)
    assert result.tricks[0].winner == "Factoryon"
    assert check(data, "Ann", "7st") == {"legal": False, "rule": "OS-FOLLOW",
                                         "sentence": "Ann must follow brains: Ann holds 3br, so 7st may not be "
                                                     "played"}


def test_a_solo_row_may_hold_both_copies_of_an_extra_love_card_and_no_second_playing_card() -> None:
    data = {"game": "origin-story", "format": 1, "mode": "solo", "players": ["Ann"], "you": "Ann", "deck": "table",
            "difficulty": 3, "dealer": "Factoryon", "alignment": {"Ann": "hero"},
            "rows": {"Ann": ["11sp", "3br", "7st"], "Automaton": ["10br", "8sp", "2lv"],
                     "Factoryon": ["4.5lv", "4.5lv", "12sp"]}, "tricks": [["Ann 11sp"]]}
    first = run_round(data).tricks[0].plays[0]
    assert first.play.card == parse_card("11sp") and first.legal
    data["rows"]["Factoryon"] = ["9br", "9br", "12sp"]
    with pytest.raises(InputError, match="9br appears more often than the game has it"):
        run_round(data)


@pytest.mark.parametrize(("change", "where", "says"), [
    ({"tricks": [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 5sp", "Ann 6sp", "Cat 9st"]]}, "tricks[1], play 3 (Cat 9st)",
     "OS-ORDER"),
    ({"tricks": [["Ann 2st", "Bob 3st", "Cat 14st"]]}, "tricks[0], play 3 (Cat 14st)", "did you mean 13st?"),
    ({"tricks": [["Ann 2st", "Bob 3st", "Cat 4brian"]]}, "tricks[0], play 3 (Cat 4brian)", "did you mean 4br?"),
    ({"tricks": [["Ann 2st", "Bob 3st", "Cay 4st"]]}, "tricks[0], play 3 (Cay 4st)", "not one"),
    ({"tricks": [["Ann 2st", "Bob 3st"], ["Cat 4st"]]}, "tricks[0]", "only the last trick may be incomplete"),
    ({"dealer": "Catt"}, "dealer", "did you mean Cat?"),
    ({"round": 6}, "round", "1 to 5"),
    ({"alignment": {"Ann": "evil"}}, "alignment.Ann", "hero or villain"),
    ({"abilities": [{"player": "Ann", "source": "X", "effects": ["vp plenty"]}]}, "abilities[0].effects[0]",
     "not an effect"),
    ({"rules": {"show_tricks": "sometimes"}}, "rules.show_tricks", "never, last, all"),
])
def test_bad_input_names_where_and_how(change: dict[str, Any], where: str, says: str) -> None:
    data = rf(["Ann", "Bob", "Cat"], "Cat", []) | change
    if says == "OS-ORDER":
        assert tricks_json(run_round(data))["tricks"][1]["refused"][0]["rule"] == "OS-ORDER"
        return
    with pytest.raises(InputError) as e:
        run_round(data)
    assert e.value.where == where and says in str(e.value)


def test_solo_exchange_gives_you_her_lowest_non_love_card_and_reveal_adjusts_values() -> None:
    data = {"game": "origin-story", "format": 1, "mode": "solo", "players": ["Ann"], "dealer": "Factoryon",
            "alignment": {"Ann": "hero"},
            "rows": {"Ann": ["11sp", "3br", "7st"], "Automaton": ["10br", "8sp", "2lv"], "Factoryon": ["9br", "12sp"]},
            "abilities": [{"player": "Ann", "source": "Swap", "trick": 1,
                           "effects": ["exchange with Automaton give 7st"]}],
            "tricks": [["Ann 8sp"]]}
    out = tricks_json(run_round(data))
    assert out["tricks"][0]["plays"][0]["legal"] is True  # the card she took from Automaton (OS-SOLO-EXCHANGE)
    # A card neither in her row nor the one she took: the trick's referee counts the taken card as unknown, the
    # Vancardian's procedure says which it was.
    taken_elsewhere = tricks_json(run_round(data | {"tricks": [["Ann 2sp"]]}))["tricks"][0]
    assert taken_elsewhere["plays"][0]["legal"] is False
    assert taken_elsewhere["refused"] == [{"rule": "OS-SOLO-ROWS", "seat": "Ann", "overridable": True,
                                           "sentence": "2sp is not one of Ann's row (11sp 3br 8sp)"}]
    later = data | {"abilities": [], "tricks": [["Ann 11sp", "Automaton 8sp", "Factoryon 12sp"], ["Factoryon 9br"]]}
    assert check(later, "Ann", "7st")["rule"] == "OS-FOLLOW"
    assert check(later, "Ann", "5br")["rule"] == "OS-SOLO-ROWS"
    assert check(later, "Ann", "3br") == {"legal": True, "rule": None, "sentence": "3br: follows brains"}
    revealed = data | {"revealed": ["11sp"], "abilities": [], "tricks": [["Ann 11sp", "Automaton 8sp"]]}
    first = tricks_json(run_round(revealed))["tricks"][0]
    assert first["plays"][0]["value"] == 10  # a hero's revealed card counts 1 less (OS-SOLO-REVEAL)


def test_d15_public_view_through_the_file() -> None:
    from scoring.origin.round_file_json import public_json
    data = rf(["Ann", "Bob", "Cat"], "Cat", [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 9br", "Ann 6br"]])
    assert public_json(data) == {"trick": 2, "in_play": [["Cat", "9br"], ["Ann", "6br"]], "to_play": "Bob",
                                 "next_leader": None, "tricks_won": {"Ann": 0, "Bob": 0, "Cat": 1},
                                 "voids": [], "past_tricks": []}
    shown = public_json(data | {"rules": {"show_tricks": "all"}})
    assert shown["past_tricks"] == [{"n": 1, "winner": "Cat",
                                     "cards": [["Ann", "2st"], ["Bob", "3st"], ["Cat", "4st"]]}]


def test_rewind_with_a_modifier_on_the_replay() -> None:
    data = rf(["Ann", "Bob", "Cat"], "Cat", [["Ann 2st", "Bob 3st", "Cat 4st"], ["Cat 9br", "Ann 6br", "Bob 7br"],
                                           ["Cat 9br", "Ann 10br", "Bob 8br"]],
              abilities=[{"player": "Ann", "source": "Time Travel", "trick": 2, "effects": ["rewind"]},
                         {"player": "Bob", "source": "Boost", "trick": 2, "effects": ["8br as 12"]}])
    out = tricks_json(run_round(data))["tricks"]
    assert [(t["n"], t["winner"]) for t in out] == [(1, "Cat"), (2, None), (2, "Bob")]
    assert out[2]["plays"][2] == {"seat": "Bob", "card": "8br", "value": 12, "suit": "br", "legal": True,
                                  "why": "follows brains"}
