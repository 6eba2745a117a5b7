"""`companion origin next | effect | setup --players 1 --difficulty D` (ORIGIN_STORY.md §7, §7.1, §7.2): the
solo golden cases G1–G5, G12 and D1–D12 as files through the command line, asserting the documented fields;
exit codes 0 done, 1 illegal, 2 bad input named (file, field, card) and never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.companion.test_catalog_cli import run

YOU = "Ann"
# Your row where the position does not need one: cards no example uses.
SPARE = ["13sp", "12st", "1br", "11lv", "3br"]


@pytest.fixture
def file(tmp_path: Path) -> Any:
    def write(data: Any, name: str = "solo.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)
    return write


def solo(automaton: list[str], factoryon: list[str], *, you: list[str] | None = None, tricks: Any = (),
         draws: list[str] = (), alignment: str = "hero", won: tuple[int, int, int] = (0, 0, 0),
         dealer: str = "Factoryon", **more: Any) -> dict[str, Any]:
    """A solo round file (§7.1); `won`: the tricks won before the file's tricks by you, Automaton, Factoryon
    (their sum says which trick of the round the file starts at)."""
    rows: dict[str, list[str]] = {"Automaton": automaton, "Factoryon": factoryon}
    if you is not None:
        rows[YOU] = you
    return {"game": "origin-story", "format": 1, "mode": "solo", "players": [YOU], "you": YOU, "deck": "table",
            "difficulty": 2, "round": 1, "dealer": dealer, "alignment": {YOU: alignment},
            "tricks_won": dict(zip((YOU, "Automaton", "Factoryon"), won, strict=True)), "rows": rows,
            "draws": list(draws), "tricks": [list(t) for t in tricks], **more}


def origin(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code, out, err = run(capsys, "origin", *argv, "--json")
    return code, (json.loads(out) if out else None), err


def text(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run(capsys, "origin", *argv)


def rules(van: dict[str, Any]) -> list[str]:
    return [s["rule"] for s in van["steps"]]


def said(van: dict[str, Any], rule: str, *words: str) -> bool:
    return any(s["rule"] == rule and all(w in s["sentence"] for w in words) for s in van["steps"])


NEXT_KEYS = {"to_play", "role", "legal", "vancardian", "surrender"}
VAN_KEYS = {"drew", "kept", "discarded", "row_after", "plays", "steps"}


# --- G1–G5: the seed's worked examples ----------------------------------------------------------------------

G1 = solo(["10br", "8sp", "2lv", "13br", "5br"], ["12br", "6st", "4br", "10lv", "11br"], you=["11sp", "3st", "4st", "1br"],
          tricks=[["Ann 11sp"]], draws=["9st", "6sp"], won=(1, 1, 1))


def test_g1_automaton_draws_keeps_trims_and_follows_low(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, err = origin(capsys, "next", file(G1))
    assert code == 0 and err == ""
    assert set(data) == NEXT_KEYS and set(data["vancardian"]) == VAN_KEYS
    assert (data["to_play"], data["role"], data["surrender"]) == ("Automaton", "follow", None)
    van = data["vancardian"]
    assert van["drew"] == ["9st", "6sp"] and van["kept"] == ["6sp"] and van["discarded"] == ["9st", "5br"]
    assert van["row_after"] == ["10br", "8sp", "2lv", "13br", "6sp"]
    assert van["plays"] == "6sp"
    assert data["legal"] == ["8sp", "6sp"]  # must follow: not the 2lv
    assert said(van, "OS-SOLO-DRAW", "9st", "no strength", "discarded")
    assert said(van, "OS-SOLO-FOLLOW", "neither 8sp nor 6sp beats 11sp", "6sp")


def test_g1_as_text_numbered_steps_with_rule_ids(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, out, _ = text(capsys, "next", file(G1))
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Trick 4: Automaton follows (you play hero, 1 trick won):"
    assert lines[1] == "  1. Drew 9st: she has no strength, discarded. (OS-SOLO-DRAW)"
    assert "Her row after the draw: 10br 8sp 2lv 13br 6sp" in lines
    assert lines[-1] == "Automaton plays 6sp."


def test_g1_the_draws_may_come_from_the_command_line(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(G1 | {"draws": []}), "--draw", "9st,6sp")
    assert code == 0 and data["vancardian"]["plays"] == "6sp" and data["vancardian"]["kept"] == ["6sp"]


G2_ROW = ["3br", "9st", "7lv", "9sp", "2sp"]


def test_g2_automaton_leads_her_leftmost_highest(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(solo(G2_ROW, ["1sp"], dealer=YOU, won=(1, 1, 1))))
    assert code == 0 and (data["to_play"], data["role"]) == ("Automaton", "lead")
    van = data["vancardian"]
    assert van["plays"] == "9st" and van["drew"] == [] and van["discarded"] == [] and van["row_after"] == G2_ROW
    assert said(van, "OS-SOLO-LEAD", "highest", "9st") and said(van, "OS-SOLO-PICK", "9st and 9sp", "leftmost")
    assert data["surrender"] is None


G3 = solo(G2_ROW, ["4.5lv", "10br", "12sp", "6br", "8sp"], you=["5st", "1sp", "13br"], tricks=[["Automaton 9st"]],
          draws=["8br", "11sp"], dealer=YOU, won=(1, 1, 1))


def test_g3_factoryon_keeps_both_and_trumps_with_her_lowest(capsys: pytest.CaptureFixture[str],
                                                             file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(G3))
    van = data["vancardian"]
    assert code == 0 and (data["to_play"], data["role"]) == ("Factoryon", "follow")
    assert van["kept"] == ["8br", "11sp"] and van["discarded"] == ["6br", "8sp"]
    assert van["row_after"] == ["4.5lv", "10br", "12sp", "8br", "11sp"]
    assert van["plays"] == "4.5lv"
    assert said(van, "OS-SOLO-FOLLOW", "no strength", "4.5lv") and said(van, "OS-TRUMP", "4.5lv", "9st")


def test_g3_text_and_json_use_the_short_notation(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    data = G3 | {"rows": G3["rows"] | {"Factoryon": ["4½ love", "10 brains", "12sp", "6br", "8sp"]}}
    code, out, _ = text(capsys, "next", file(data))
    assert code == 0 and out.splitlines()[-1] == "Factoryon plays 4.5lv."


G4_FACTORYON = ["12br", "6sp", "4br", "10lv", "11br"]


def g4(automaton_plays: str, automaton_row: list[str], alignment: str = "hero") -> dict[str, Any]:
    """You led 9br (or 5br as villain), Automaton followed (drawing 2 she discards), Factoryon to play."""
    led = "9br" if alignment == "hero" else "5br"
    return solo(automaton_row, G4_FACTORYON, you=[led, "1sp"], alignment=alignment, won=(0, 2, 1),
                tricks=[[f"Ann {led}", f"Automaton {automaton_plays}"]], draws=["1st", "9st", "5st", "13st"])


def test_g4_factoryon_plays_the_lowest_brains_that_beats(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = g4("7br", ["7br", "3sp", "8lv"])  # Automaton drew 1st and 9st first, and discarded them
    code, data, _ = origin(capsys, "next", file(game))
    van = data["vancardian"]
    assert code == 0 and data["to_play"] == "Factoryon"
    assert van["drew"] == ["5st", "13st"] and van["kept"] == [] and van["discarded"] == ["5st", "13st"]
    assert van["row_after"] == G4_FACTORYON and van["plays"] == "11br"
    assert data["legal"] == ["12br", "4br", "11br"]  # the 10lv is not allowed: she must follow
    assert said(van, "OS-SOLO-FOLLOW", "12br and 11br beat 9br and 7br", "11br")


def test_g5_no_brains_beats_a_love_card(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = g4("2lv", ["2lv", "3sp", "8lv"])
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and data["vancardian"]["plays"] == "4br"
    assert said(data["vancardian"], "OS-SOLO-FOLLOW", "2lv is love", "4br")


# --- D1–D3, D9–D12: derived from the rules -------------------------------------------------------------------

def d1(alignment: str = "hero", won: tuple[int, int, int] = (1, 1, 1)) -> dict[str, Any]:
    """After G2 + G3: Automaton led 9st, Factoryon trumped with 4.5lv; your turn."""
    return G3 | solo(G2_ROW, G3["rows"]["Factoryon"], you=["5st", "1sp", "13br"], alignment=alignment, won=won,
                     tricks=[["Automaton 9st", "Factoryon 4.5lv"]], draws=["8br", "11sp"], dealer=YOU)


def test_d1_surrender_is_offered_with_its_vp(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(d1()))
    assert code == 0 and (data["to_play"], data["role"], data["vancardian"]) == (YOU, "follow", None)
    assert data["surrender"] == {"to": "Automaton", "vp": 5}  # 4 cards left in her row, plus 1
    assert data["legal"] == ["5st"]  # you must follow strength
    code, out, _ = text(capsys, "next", file(d1()))
    assert "You may surrender (OS-SOLO-SURRENDER): Automaton would gain 5 VP." in out and "Legal: 5st" in out
    code, _, err = text(capsys, "next", file(d1()), "--draw", "1st,2st")
    assert code == 2 and "--draw: Ann follows now: nobody draws" in err


def test_d1_no_surrender_for_a_clean_villain_nor_on_your_lead(capsys: pytest.CaptureFixture[str],
                                                              file: Any) -> None:
    # a clean villain's Vancardians play low (OS-SOLO-LEAD, -FOLLOW): Automaton leads 2sp, Factoryon follows 11sp
    clean = d1("villain", (0, 2, 1)) | {"tricks": [["Automaton 2sp", "Factoryon 11sp"]]}
    code, data, _ = origin(capsys, "next", file(clean))
    assert code == 0 and data["to_play"] == YOU and data["surrender"] is None
    code, data, _ = origin(capsys, "next", file(d1("villain", (1, 1, 1))))
    assert data["surrender"] == {"to": "Automaton", "vp": 5}
    unknown = d1()
    del unknown["rows"][YOU]
    code, data, _ = origin(capsys, "next", file(unknown))
    assert code == 0 and data["legal"] is None and data["surrender"] == {"to": "Automaton", "vp": 5}
    code, data, _ = origin(capsys, "next", file(solo(["1br"], ["2br"], you=["7st", "8lv"], dealer="Factoryon")))
    assert (data["to_play"], data["role"], data["surrender"]) == (YOU, "lead", None)
    assert data["legal"] == ["7st", "8lv"]


def test_d1_a_surrendered_round_is_over(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = d1() | {"surrender": {"to": "Automaton", "trick": 1, "vp": 5}}
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and data == {"to_play": None, "role": None, "legal": None, "vancardian": None,
                                  "surrender": None}
    code, out, _ = text(capsys, "next", file(game))
    assert "The round is over: Ann surrendered to Automaton" in out


def test_d2_villain_lead(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(solo(G2_ROW, ["1sp"], dealer=YOU, alignment="villain")))
    assert code == 0 and data["vancardian"]["plays"] == "2sp"
    assert said(data["vancardian"], "OS-SOLO-LEAD", "villain", "lowest", "2sp")
    code, data, _ = origin(capsys, "next", file(solo(G2_ROW, ["1sp"], dealer=YOU, alignment="villain",
                                                     won=(1, 0, 0))))
    assert data["vancardian"]["plays"] == "9st"


def test_d3_villain_follows(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = g4("7br", ["7br", "3sp", "8lv"], "villain")
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and data["vancardian"]["plays"] == "4br"
    code, data, _ = origin(capsys, "next", file(solo(["2lv", "10br", "7st"], ["1br"], alignment="villain",
                                                     tricks=[["Ann 5sp"]], draws=["1sp", "3sp"])))
    assert data["vancardian"]["plays"] == "7st"
    assert said(data["vancardian"], "OS-SOLO-FOLLOW", "lowest non-love", "7st")
    code, data, _ = origin(capsys, "next", file(solo(["2lv", "10br", "9lv"], ["1br"], alignment="villain",
                                                     tricks=[["Ann 3lv"]], draws=["1sp", "3sp"])))
    assert data["vancardian"]["plays"] == "2lv" and data["legal"] == ["2lv", "9lv"]


def exchanged(row: list[str], you: list[str], lead: str, draws: list[str]) -> dict[str, Any]:
    """You gave Automaton 7br by an ability at trick 1, then led; she follows."""
    return solo(row, ["1br"], you=you, tricks=[[f"Ann {lead}"]], draws=draws, abilities=[
        {"player": YOU, "source": "Story X", "trick": 1, "effects": ["exchange with automaton give 7br"]}])


def test_d9_an_exchange_changes_her_row(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = origin(capsys, "next", file(exchanged(["2lv", "5br", "3sp", "3br", "10st"], ["7br", "12lv"],
                                                          "12lv", ["4sp", "6sp"])))
    van = data["vancardian"]
    assert code == 0 and van["kept"] == []  # she had no speed left: you took her 3sp (leftmost of the 3s)
    assert van["row_after"] == ["7br", "2lv", "5br", "3br", "10st"]
    code, data, _ = origin(capsys, "next", file(exchanged(["4lv", "9.5lv"], ["7br", "1st"], "1st",
                                                          ["2sp", "3sp"])))
    assert data["vancardian"]["row_after"] == ["7br", "9.5lv"]  # you took her 4lv: she held only love


def test_d9_an_exchange_must_name_the_card_given(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = exchanged(["2lv", "5br"], ["7br", "12lv"], "12lv", ["4sp", "6sp"])
    game["abilities"][0]["effects"] = ["exchange with Automaton"]
    code, data, err = origin(capsys, "next", file(game))
    assert code == 2 and data is None and "solo.json: abilities[0]" in err and "give CARD" in err


def test_d10_a_revealed_card_counts_one_less_and_ties_lose(capsys: pytest.CaptureFixture[str],
                                                          file: Any) -> None:
    game = solo(["9sp", "12br"], ["1br"], tricks=[["Ann 10sp"]], draws=["3st", "4st"], revealed=["10sp"])
    code, data, _ = origin(capsys, "next", file(game))
    van = data["vancardian"]
    assert code == 0 and van["plays"] == "9sp"
    assert said(van, "OS-SOLO-FOLLOW", "9sp does not beat 10sp as 9", "lowest speed, 9sp")
    villain = solo(["4br", "9sp"], ["1sp"], alignment="villain", won=(1, 0, 0), tricks=[["Ann 3br"]],
                   draws=["3st", "4st"], revealed=["3br"])
    code, data, _ = origin(capsys, "next", file(villain))
    assert data["vancardian"]["plays"] == "4br"
    assert said(data["vancardian"], "OS-SOLO-FOLLOW", "4br does not beat 3br as 4")


def test_d10_a_reveal_by_an_ability_in_the_trick_counts_too(capsys: pytest.CaptureFixture[str],
                                                            file: Any) -> None:
    game = solo(["9sp", "12br"], ["1br"], tricks=[["Ann 10sp"]], draws=["3st", "4st"], abilities=[
        {"player": YOU, "source": "Story R", "trick": 1, "effects": ["reveal 10sp"]}])
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and data["vancardian"]["plays"] == "9sp"


def test_d11_the_last_trick_row_grows(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(["3st"], ["6sp"], you=["2sp"], tricks=[["Ann 2sp", "Automaton 3st"]], won=(3, 2, 2),
                draws=["1br", "2br", "9sp", "11sp"])
    code, data, _ = origin(capsys, "next", file(game))
    van = data["vancardian"]
    assert code == 0 and data["to_play"] == "Factoryon"
    assert van["kept"] == ["9sp", "11sp"] and van["discarded"] == ["6sp"] and van["row_after"] == ["9sp", "11sp"]
    assert van["plays"] == "9sp"
    code, out, _ = text(capsys, "next", file(game))
    assert out.startswith("Trick 8: Factoryon follows")


def test_d11_after_the_eighth_trick_the_round_is_over(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(["3st"], ["6sp"], you=["2sp"], tricks=[["Ann 2sp", "Automaton 3st", "Factoryon 9sp"]],
                won=(3, 2, 2), draws=["1br", "2br", "9sp", "11sp"])
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and data["to_play"] is None and data["vancardian"] is None
    code, out, _ = text(capsys, "next", file(game))
    assert out == "The round is over: all 8 tricks are played.\n"


def test_d12_the_deck_and_discards_ran_dry(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = G1 | {"draws": []}
    code, data, _ = origin(capsys, "next", file(game), "--draw", "6sp")
    van = data["vancardian"]
    assert code == 0 and van["drew"] == ["6sp"] and van["kept"] == ["6sp"] and van["discarded"] == ["5br"]
    assert said(van, "OS-DECK-EMPTY", "1 draw skipped")
    code, data, _ = origin(capsys, "next", file(game), "--draw", "none")
    van = data["vancardian"]
    assert van["drew"] == [] and van["row_after"] == G1["rows"]["Automaton"] and van["plays"] == "8sp"
    assert said(van, "OS-DECK-EMPTY", "2 draws skipped")


# --- what was played before: draws consumed in order ---------------------------------------------------------

def test_a_whole_trick_then_the_next_lead(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    """Trick 1: you lead 11sp, Automaton follows (G1's draws), Factoryon follows with her own draws; the
    winner leads trick 2."""
    game = solo(["10br", "8sp", "2lv", "13br", "5br"], ["12br", "6st", "4br", "10lv", "11br"],
                you=["11sp", "3st", "1br"], tricks=[["Ann 11sp", "Automaton 6sp", "Factoryon 4br"]],
                draws=["9st", "6sp", "5sp", "9sp"])  # she keeps neither speed card: her lowest is 4br (OS-SOLO-FOLLOW)
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 0 and (data["to_play"], data["role"]) == (YOU, "lead")
    assert data["legal"] == ["3st", "1br"]
    game["tricks"][0][2] = "Factoryon 12sp"  # not in her row after her draw step
    code, data, err = origin(capsys, "next", file(game))
    assert code == 2 and "solo.json: tricks[0], play 3 (Factoryon 12sp)" in err and "not in Factoryon's row" in err


def test_a_follow_in_the_file_needs_its_draws(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(["10br", "8sp"], ["12br"], tricks=[["Ann 11sp", "Automaton 8sp"]], draws=["9st"])
    code, data, err = origin(capsys, "next", file(game))
    assert code == 2 and "solo.json: draws: Automaton followed in trick 1" in err and "1 left" in err


# --- exit codes and bad input -------------------------------------------------------------------------------

def test_table_deck_without_draws_asks_for_them(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, err = origin(capsys, "next", file(G1 | {"draws": ["9st"]}))
    assert code == 2 and data is None and "--draw C1,C2" in err and "Automaton follows" in err
    assert "Traceback" not in err


def test_app_deck_without_draws_says_next_cannot_draw(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, _, err = origin(capsys, "next", file(G1 | {"deck": "app", "draws": []}))
    assert code == 2 and "app deck" in err and "recorded game" in err
    code, data, _ = origin(capsys, "next", file(G1 | {"deck": "app"}))
    assert code == 0 and data["vancardian"]["plays"] == "6sp"


def test_an_illegal_play_in_the_file_exits_1(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(["2lv", "10br"], ["1br"], you=["5sp", "9br", "3sp"], dealer=YOU,
                tricks=[["Automaton 10br", "Factoryon 1br", "Ann 5sp"]], draws=["4st", "5st"])
    code, data, _ = origin(capsys, "next", file(game))
    assert code == 1 and data["to_play"] is None
    assert data["refused"][0]["rule"] == "OS-FOLLOW" and data["refused"][0]["seat"] == YOU
    assert "9br" in data["refused"][0]["sentence"]


@pytest.mark.parametrize(("change", "argv", "message"), [
    ({"draws": ["9st", "6xx"]}, (), "draws[1]"),
    ({"draws": ["9st", "10br"]}, (), "10br cannot be drawn: it is in Automaton's row"),
    ({"draws": []}, ("--draw", "9st,14sp"), "--draw: '14sp'"),
    ({"draws": []}, ("--draw", "9st,11sp"), "11sp cannot be drawn: Ann played it in trick 1"),
    ({"draws": []}, ("--draw", "9st,6sp,7sp"), "not 3"),
    ({"alignment": {}}, (), "alignment"),
    ({"rows": {"Factoryon": ["1br"]}}, (), "rows.Automaton"),
    ({"mode": "table", "players": ["Ann", "Bob", "Cat"], "rows": None, "tricks_won": None, "draws": None,
      "you": None, "deck": None, "difficulty": None, "alignment": {}, "dealer": "Cat", "tricks": []}, (), "mode"),
])
def test_bad_input_is_named_and_exits_2(capsys: pytest.CaptureFixture[str], file: Any, change: dict[str, Any],
                                        argv: tuple[str, ...], message: str) -> None:
    code, data, err = origin(capsys, "next", file(G1 | change), *argv)
    assert code == 2 and data is None and message in err and "Traceback" not in err


# --- effect: the round lines (D4–D8) ------------------------------------------------------------------------

D4_ROW = ["3lv", "5br", "2sp", "9st", "2br", "12lv", "7sp", "1lv"]
LOVE_ROW = ["6lv", "13st", "8lv"]


def effect(capsys: pytest.CaptureFixture[str], path: str, line: str, *argv: str) -> tuple[int, Any, str]:
    return origin(capsys, "effect", path, "--line", line, *argv)


def test_d4_replace_as_hero(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, err = effect(capsys, file(solo(D4_ROW, ["6br", "13sp", "10lv"], draws=["8st", "4br", "1st", "2st"])),
                             "replace 2")
    assert code == 0 and err == "" and data["line"] == "replace 2" and data["alignment"] == "hero"
    auto, fact = data["vancardians"]
    assert set(auto) == {"seat", "row_before", "drew", "discarded", "added", "row_after", "steps"}
    assert auto["seat"] == "Automaton" and auto["row_before"] == D4_ROW and auto["drew"] == ["8st", "4br"]
    assert auto["discarded"] == ["2sp", "2br"] and auto["added"] == []
    assert auto["row_after"] == ["3lv", "5br", "9st", "12lv", "7sp", "1lv", "8st", "4br"]
    assert said(auto, "OS-SOLO-PICK", "leftmost")
    assert fact["seat"] == "Factoryon" and fact["drew"] == ["1st", "2st"] and fact["discarded"] == ["6br", "13sp"]
    assert fact["row_after"] == ["10lv", "1st", "2st"]


def test_d5_replace_as_villain(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(D4_ROW, ["6br", "13sp", "10lv"], alignment="villain", draws=["8st", "4br", "1st", "2st"])
    code, data, _ = effect(capsys, file(game), "replace 2")
    auto = data["vancardians"][0]
    assert code == 0 and auto["discarded"] == ["12lv", "9st"]
    assert auto["row_after"] == ["3lv", "5br", "2sp", "2br", "7sp", "1lv", "8st", "4br"]


def test_d6_replace_short_of_non_love(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    game = solo(["5lv", "2br", "9lv", "3sp", "1lv", "7lv", "11lv", "4lv"], ["6br", "13sp", "10lv"],
                draws=["6st", "8st", "10st", "1st", "2st", "3st"])
    code, data, _ = effect(capsys, file(game), "replace 3")
    assert code == 0 and data["vancardians"][0]["discarded"] == ["2br", "3sp", "1lv"]


def test_d7_add(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = effect(capsys, file(solo(D4_ROW, ["6br", "13sp", "10lv"])), "add 4.5")
    auto, fact = data["vancardians"]
    assert code == 0 and auto["discarded"] == ["1lv"] and auto["added"] == ["4.5lv"]
    assert auto["row_after"] == ["4.5lv", "3lv", "5br", "2sp", "9st", "2br", "12lv", "7sp"]
    assert fact["row_after"] == ["4.5lv", "6br", "13sp"]


def test_d8_move(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, _ = effect(capsys, file(solo(["3br", "4lv", "5sp", "9lv", "2st"], ["3sp", "4br", "10lv"])),
                           "move 2")
    assert code == 0 and data["vancardians"][0]["row_after"] == ["4lv", "9lv", "3br", "5sp", "2st"]
    assert data["vancardians"][1]["row_after"] == ["10lv", "3sp", "4br"]
    game = solo(["3br", "5sp", "2st"], LOVE_ROW, draws=["9br"])
    code, data, _ = effect(capsys, file(game), "move 1")
    auto = data["vancardians"][0]
    assert code == 0 and auto["discarded"] == ["2st"] and auto["row_after"] == ["3br", "5sp", "9br"]
    assert said(auto, "OS-SOLO-MOVE", "no love", "Replace 1")


def test_effect_draws_from_the_command_line_and_the_rules_choices(capsys: pytest.CaptureFixture[str],
                                                                  file: Any) -> None:
    game = solo(D4_ROW, ["6br", "13sp", "10lv"], rules={"replace_draws": "shared"})
    code, data, _ = effect(capsys, file(game), "replace 2", "--draw", "8st,4br")
    auto, fact = data["vancardians"]
    assert code == 0 and auto["drew"] == ["8st"] and fact["drew"] == ["4br"]  # X in all, dealt in turn
    code, out, _ = run(capsys, "origin", "effect", file(game), "--line", "replace 2", "--draw", "8st,4br")
    assert out.splitlines()[0] == "Round line 'replace 2' (you play hero):"
    assert "  row after: 3lv 5br 9st 2br 12lv 7sp 1lv 8st" in out


def test_effect_in_table_deck_asks_for_its_draws(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, data, err = effect(capsys, file(solo(D4_ROW, ["6br", "13sp", "10lv"], draws=["8st"])), "replace 2")
    assert code == 2 and data is None and "needs 4 drawn cards (Automaton 2, Factoryon 2; the file's draws " \
        "have only 1)" in err
    assert "--draw C1,…,C4" in err
    code, _, err = effect(capsys, file(solo(D4_ROW, ["6br"])), "replace 2", "--draw", "8st,4br")
    assert code == 2 and "needs 3 drawn cards in all, not 2" in err  # Factoryon holds only 1 card
    code, _, err = effect(capsys, file(solo(D4_ROW, ["6br"], deck="app")), "replace 2")
    assert code == 2 and "app deck" in err


@pytest.mark.parametrize(("line", "argv", "message"), [
    ("swap 2", (), "--line"),
    ("add 5", (), "extra-love"),
    ("replace 1", ("--draw", "3lv,1st"), "3lv cannot be drawn: it is in Automaton's row"),
])
def test_effect_bad_input(capsys: pytest.CaptureFixture[str], file: Any, line: str, argv: tuple[str, ...],
                          message: str) -> None:
    code, _, err = effect(capsys, file(solo(D4_ROW, ["6br"])), line, *argv)
    assert code == 2 and message in err and "solo.json" in err


def test_effect_is_applied_before_trick_1(capsys: pytest.CaptureFixture[str], file: Any) -> None:
    code, _, err = effect(capsys, file(G1), "add 4.5")
    assert code == 2 and "solo.json: tricks" in err and "before trick 1" in err


# --- setup: the Vancardian deck (G12) ------------------------------------------------------------------------

@pytest.mark.parametrize(("d", "kinds", "event", "left"), [
    (0, ["base"] * 5, "base", {"base": 3, "difficulty": 8}),
    (2, ["base"] * 3 + ["difficulty"] * 2, "base", {"base": 5, "difficulty": 6}),
    (3, ["base"] * 2 + ["difficulty"] * 3, "difficulty", {"base": 6, "difficulty": 5}),
    (5, ["difficulty"] * 5, "difficulty", {"base": 8, "difficulty": 3}),
])
def test_g12_the_vancardian_deck(capsys: pytest.CaptureFixture[str], d: int, kinds: list[str], event: str,
                                 left: dict[str, int]) -> None:
    code, data, _ = origin(capsys, "setup", "--players", "1", "--difficulty", str(d), "--difficulty-colour", "red")
    deck = data["solo_deck"]
    assert code == 0 and data["mode"] == "solo" and deck["difficulty"] == d
    assert [c["kind"] for c in deck["deck"]] == kinds and [c["round"] for c in deck["deck"]] == [1, 2, 3, 4, 5]
    assert [c["colour"] for c in deck["deck"]] == ["green" if k == "base" else "red" for k in kinds]
    assert deck["event_deck"] == {"kind": event, "colour": "green" if event == "base" else "red"}
    assert deck["left"] == left and deck["rule"] == "OS-SOLO-SETUP"


def test_g12_without_the_colour_no_colour_is_assumed(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = origin(capsys, "setup", "--players", "1", "--difficulty", "3")
    deck = data["solo_deck"]
    assert code == 0 and deck["difficulty_colour"] is None and {c["colour"] for c in deck["deck"]} == {None}
    assert deck["event_deck"] == {"kind": "difficulty", "colour": None}
    code, out, _ = run(capsys, "origin", "setup", "--players", "1", "--difficulty", "3", "--difficulty-colour",
                       "green")
    assert "  3. difficulty (green)" in out and "Round 3's event comes from the difficulty event deck (green)." in out
    assert "Left for the event decks: 6 base (red), 5 difficulty (green) (OS-SOLO-SETUP)." in out
    code, data, _ = origin(capsys, "setup", "--players", "1")
    assert code == 0 and "solo_deck" not in data


@pytest.mark.parametrize(("argv", "message"), [
    (("--players", "3", "--difficulty", "2"), "--difficulty: a difficulty is for the solo game"),
    (("--players", "2", "--difficulty", "0"), "--players 1"),
    (("--players", "1", "--difficulty", "6"), "--difficulty: difficulty 6"),
    (("--players", "1", "--difficulty", "2", "--difficulty-colour", "blue"), "--difficulty-colour"),
    (("--players", "1", "--difficulty-colour", "red"), "give --difficulty D too"),
])
def test_setup_bad_difficulty(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    code, data, err = origin(capsys, "setup", *argv)
    assert code == 2 and data is None and message in err


# --- the console script ------------------------------------------------------------------------------------

def test_next_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "g1.json"
    path.write_text(json.dumps(G1), encoding="utf-8")
    answer = subprocess.run([sys.executable, "-m", "companion", "origin", "next", str(path), "--json"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert answer.returncode == 0 and answer.stderr == ""
    data = json.loads(answer.stdout)
    assert data["vancardian"]["plays"] == "6sp" and data["vancardian"]["discarded"] == ["9st", "5br"]
    path.write_text(json.dumps(G1 | {"draws": []}), encoding="utf-8")
    asked = subprocess.run([sys.executable, "-m", "companion", "origin", "next", str(path)],
                           capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert asked.returncode == 2 and "--draw C1,C2" in asked.stderr and "Traceback" not in asked.stderr


def test_effect_replace_draw_first_chooses_among_the_new_cards(capsys: pytest.CaptureFixture[str],
                                                               file: Any) -> None:
    game = solo(D4_ROW, ["6br", "13sp", "10lv"], rules={"replace_order": "draw-first"},
                draws=["1st", "4br", "11st", "12st"])
    code, data, _ = effect(capsys, file(game), "replace 2")
    auto = data["vancardians"][0]
    assert code == 0 and auto["discarded"] == ["1st", "2sp"]  # the drawn 1st is among her lowest
    assert auto["row_after"] == ["3lv", "5br", "9st", "2br", "12lv", "7sp", "1lv", "4br"]


@pytest.mark.parametrize(("tricks", "abilities", "message"), [
    ([{"winner": "Ann"}], [], "card by card"),
    ([["Ann 11sp", "Automaton 6sp", "Factoryon 4br"], ["Ann 11sp", "Automaton 6sp", "Factoryon 4br"]],
     [{"player": "Ann", "source": "Story W", "trick": 1, "effects": ["rewind"]}], "rewound"),
])
def test_what_next_cannot_replay_is_named(capsys: pytest.CaptureFixture[str], file: Any, tricks: list[Any],
                                          abilities: list[Any], message: str) -> None:
    game = solo(["10br", "8sp", "2lv", "13br", "5br"], ["12br", "6st", "4br", "10lv", "11br"],
                you=["11sp", "3st", "1br"], draws=["9st", "6sp", "5sp", "1lv"], abilities=abilities)
    game["tricks"] = tricks
    code, data, err = origin(capsys, "next", file(game))
    assert code == 2 and data is None and "solo.json: tricks[0]" in err and message in err
