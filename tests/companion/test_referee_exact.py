"""Issue 29 through `companion referee FILE --json` (the installed console script): each case from the rulebook
sentence it breaks, refused with the rule it breaks, and its legal twin accepted."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.companion.test_referee_cli import referee

POSITION: dict[str, Any] = {"collections": {"Ann": [[], []], "Bob": [[], []]}, "hands": {"Ann": 6, "Bob": 5},
                            "rice": {}, "in_play": [], "line": ["Cat", "Pig", "Gorilla", "Rhino"], "discard": [],
                            "started": "Ann", "turn": "Ann", "exhaustions": 0}


def game(actions: list[str], families: tuple[str, str] = ("savannah", "farm"), **position: Any) -> dict[str, Any]:
    return {"game": "origami", "players": ["Ann", "Bob"], "families": list(families), "characters": [],
            "cards": {"Lion": {"cost": 6, "folds": 3, "points": 2}}, "rules": {},
            "position": {**POSITION, **position}, "actions": actions}


def verdicts(tmp_path: Path, data: dict[str, Any]) -> list[tuple[bool, str | None, str]]:
    done = referee(tmp_path, data, "--json")
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return [(x["accepted"], x["rule"], x["why"]) for x in json.loads(done.stdout)["lines"]]


def test_a_play_an_effect_grants_never_takes_a_draw_line_card(tmp_path: Path) -> None:
    """Play One Origami plays from the hand; an effect's play is made as normally; only a Character's bonus plays
    from the draw line."""
    elephant = verdicts(tmp_path, game(["play elephant pay fox to 1", "deck 1",
                                        "play pig from line pay fox, raccoon to 2 via elephant"]))
    assert [x[:2] for x in elephant] == [(True, None), (True, None), (False, "CARD-ZONE")]
    assert "only a Character's free play takes an origami from the draw line" in elephant[2][2]
    lion = verdicts(tmp_path, game(["special 1", "play pig from line via lion free to 2"],
                                   collections={"Ann": [["Lion"], ["Cat"]], "Bob": [[], []]}))
    assert [x[:2] for x in lion] == [(True, None), (False, "CARD-ZONE")]
    from_hand = verdicts(tmp_path, game(["special 1", "play pig via lion free to 2"],
                                        collections={"Ann": [["Lion"], ["Cat"]], "Bob": [[], []]}))
    assert [x[0] for x in from_hand] == [True, True]


def test_the_fox_spider_dog_and_cricket_follow_their_clarifications(tmp_path: Path) -> None:
    """Fox: draw 3 cards, discard 1, add the other 2 (not a discard from the hand). Spider: without exactly 6 folds
    the action cannot be used. Dog: 2 Sheep visible, draw 3. Cricket: not the origami just drawn."""
    fox = game(["special 1", "deck 3 cat, chick, owl", "discard pig"], ("farm", "sky"),
               collections={"Ann": [["Fox"], []], "Bob": [[], []]}, line=["Cat", "Pig", "Owl", "Magpie"])
    assert [x[:2] for x in verdicts(tmp_path, fox)] == [(True, None), (True, None), (False, "EFFECT-AMOUNT")]
    fox["actions"] = ["special 1", "deck 3 cat, chick, owl", "end"]
    assert [x[:2] for x in verdicts(tmp_path, fox)][-1] == (False, "EFFECT-STEPS")
    fox["actions"] = ["special 1", "deck 3 cat, chick, owl", "discard chick", "end"]
    assert [x[0] for x in verdicts(tmp_path, fox)] == [True] * 4
    spider = game(["special 1"], ("lawn", "sky"), collections={"Ann": [["Spider"], []], "Bob": [[], []]},
                  line=["Bee", "Butterfly", "Chick", "Bee"])  # 4, 4, 1 and 4 folds: never 6
    assert verdicts(tmp_path, spider)[0][:2] == (False, "SPECIAL-TOP")
    dog = game(["play dog pay raccoon to 2", "deck 5"], ("farm", "sky"),
               collections={"Ann": [["Sheep"], ["Cat"]], "Bob": [[], []]}, line=["Sheep", "Cat", "Owl", "Chick"])
    dog["cards"] = {"Dog": {"cost": 2, "folds": 1, "points": 2}}
    assert [x[:2] for x in verdicts(tmp_path, dog)] == [(True, None), (False, "EFFECT-AMOUNT")]
    dog["actions"] = ["play dog pay raccoon to 2", "deck 3"]
    assert [x[0] for x in verdicts(tmp_path, dog)] == [True, True]
    cricket = game(["play cricket pay caterpillar to 1", "take ant", "play ant pay ant, chick, chick via cricket to 2"],
                   ("lawn", "sky"), hands={"Ann": 5, "Bob": 5}, line=["Ant", "Bee", "Chick", "Owl"])
    cricket["cards"] = {"Cricket": {"cost": 2, "folds": 1, "points": 2}}
    lines = verdicts(tmp_path, cricket)
    assert [x[0] for x in lines] == [True, True, True]  # another Ant may be in the hand the table has not seen
    cricket["position"]["hands"] = {"Ann": 2, "Bob": 5}  # the Cricket and the Caterpillar: no other Ant
    cricket["actions"][-1] = "play ant via cricket to 2"
    assert [x[:2] for x in verdicts(tmp_path, cricket)][-1] == (False, "EFFECT-AMOUNT")


def test_the_sloth_moves_another_players_origami_written_of_player(tmp_path: Path) -> None:
    data = {"game": "legends", "players": ["Ann", "Bob"], "families": ["exotic", "legendary"],
            "characters": ["Ninja", "Geisha"], "cards": {"Sloth": {"cost": 3, "folds": 2, "hand_modifier": 0}},
            "rules": {},
            "position": {**POSITION, "collections": {"Ann": [["Kappa"], ["Macaw"]], "Bob": [["Phoenix", "Kappa"],
                                                                                             ["Oni"]]},
                         "line": ["Macaw", "Oni", "Leprechaun", "Dragon"]},
            "actions": ["play sloth pay caiman to 1", "move 1.2 of bob to 1.1"]}
    done = referee(tmp_path, data)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "move 1.2 of bob to 1.1\n   ✓ Bob's origami at 1.2 moves to 1.1" in done.stdout
