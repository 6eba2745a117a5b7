"""Hostile input, generated: table files, catalogue files (TOML), the companion's own export and BG Stats' export
are mutated at random (wrong types, nulls, empty lists and objects, nested lists, huge and negative numbers, odd
text, missing and extra keys) and handed to the real `companion` command in-process. Whatever the input, the
answer is 0, 1 or 2 with a message, never 3 (a bug) and never a traceback.

Each run is bounded in time (FUZZ_SECONDS, a few seconds by default) and says how many inputs it tried; the seed
is printed so a failure can be replayed (FUZZ_SEED)."""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from tests.companion.test_bgstats import bgstats_file, play
from tests.companion.test_exchange import history

SECONDS = float(os.environ.get("FUZZ_SECONDS", "3"))
EXAMPLES = Path(__file__).parents[2] / "examples"
FIELDS = ("quantity", "cost", "folds", "points", "discount", "rice_paper", "hand_modifier", "price_modifier",
          "text", "family", "effect", "steps", "scoring", "extra_action_costs", "free_play", "may_go_under",
          "name_it", "hand_modifier_per", "colour", "kind", "game", "unknown", "source", "line_size", "name")


def hostile(rng: random.Random, depth: int = 0) -> Any:
    """A value of any JSON shape, biased towards the ones that break careless code."""
    choices: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: rng.randint(-5, 60),
        lambda: 2**63, lambda: -(2**63) - 1, lambda: 2**64 + rng.randint(0, 9), lambda: 10**rng.randint(19, 30),
        lambda: 1e12, lambda: -0.5, lambda: 1e308, lambda: "", lambda: " ", lambda: "x" * rng.randint(1, 300),
        lambda: "Phoenix", lambda: "Chick", lambda: "Ninja (red)", lambda: "per_family", lambda: "scoring",
        lambda: "origami", lambda: "legends", lambda: "\u0000\ud7ff\U0001f600", lambda: "2026-13-45T99:99:99",
        lambda: "9999-12-31T23:59:59+00:00", lambda: "0001-01-01 00:00:00", lambda: [], lambda: {}, lambda: [[1]],
        lambda: [None], lambda: {"template": []}, lambda: {"template": "per_family", "amount": -1},
    ]
    if depth < 2:
        choices += [lambda: [hostile(rng, depth + 1) for _ in range(rng.randint(1, 3))],
                    lambda: {rng.choice(FIELDS): hostile(rng, depth + 1) for _ in range(rng.randint(1, 3))}]
    return rng.choice(choices)()


NAMES = ("Chick", "Chicken", "Phoenix", "Kappa", "Macaw", "Seal", "Walrus", "Rice Paper", "Ninja (red)", "Oni",
         "Dragon", "Ann", "Bob", "P1", "P2", "legends", "origami", "mixed", "finished", "playing", "hand", "shared")


def nudge(value: Any, rng: random.Random) -> Any:
    """A plausible neighbour of `value`, of the same type, to reach deeper than the first check."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, -value, value * 2, rng.randint(0, 9)])
    if isinstance(value, str):
        return rng.choice([*NAMES, value.upper(), value[:-1], value + value])
    if isinstance(value, list) and value:
        roll = rng.random()
        return value[1:] if roll < 0.3 else [*value, rng.choice(value)] if roll < 0.6 else rng.sample(value, len(value))
    return hostile(rng)


def paths(doc: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, (*here, i))


def mutate(doc: Any, rng: random.Random, times: int) -> Any:
    """`doc` with `times` random changes: a value replaced, a key removed or added, an item duplicated."""
    doc = json.loads(json.dumps(doc))
    for _ in range(times):
        path = rng.choice(list(paths(doc)))
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last, roll = path[-1], rng.random()
        if roll < 0.35:
            parent[last] = nudge(parent[last], rng)
        elif roll < 0.6:
            parent[last] = hostile(rng)
        elif roll < 0.75:
            del parent[last]
        elif roll < 0.9 and isinstance(parent, dict):
            parent[rng.choice(FIELDS)] = hostile(rng)
        elif isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[last])))
    return doc


def toml_value(value: Any) -> str:
    if value is None:
        return '"null"'  # TOML has no null
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value) if abs(value) < 1e300 else "inf"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"


def fuzz(name: str, make: Callable[[random.Random, int], list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    """Run `companion` on generated inputs until the time is up; every answer is 0, 1 or 2 without a traceback."""
    seed = int(os.environ.get("FUZZ_SEED", random.randrange(2**32)))
    rng = random.Random(seed)
    tried, codes, deadline = 0, {0: 0, 1: 0, 2: 0}, time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        argv = make(rng, tried)
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(argv)
        assert code in codes and "Traceback" not in err.getvalue(), (
            f"{name}: input {tried} (FUZZ_SEED={seed}) ended {code}: {err.getvalue()[-2000:]}\n"
            f"argv: {argv}\n" + "\n".join(Path(a).read_text()[:3000] for a in argv if a.endswith((".json", ".toml"))))
        codes[code] += 1
        tried += 1
    with capsys.disabled():  # shown in every run, not only with -s
        print(f"\nfuzz {name}: {tried} inputs tried in {SECONDS:g} s (FUZZ_SEED={seed}); exit codes {codes}")
    assert tried > 0


def test_table_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bases = [json.loads(p.read_text()) for p in sorted(EXAMPLES.glob("*.json"))]
    bases.append({"game": "legends", "rules": {"macaw": "once"}, "characters": ["Ninja (red)"],
                  "cards": {"Anaconda": {"points": 3}, "Phoenix": {"effect": "scoring"}},
                  "players": [{"name": "Ann", "collections": [["Phoenix"], ["Macaw"]], "hand": 3},
                              {"name": "Bob", "collections": [["Seal"], []], "hand": ["Rice Paper"]}]})
    db = f"sqlite:///{tmp_path}/c.db"

    def make(rng: random.Random, n: int) -> list[str]:
        doc = mutate(rng.choice(bases), rng, rng.randint(1, 3))
        if rng.random() < 0.3:
            doc["cards"] = {rng.choice(["Phoenix", "Chick", "Kraken", "Ninja (red)", "Sheep"]):
                            {rng.choice(FIELDS): hostile(rng) for _ in range(rng.randint(1, 3))}}
        path = tmp_path / f"t{n % 5}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        verb = rng.choice(["score", "limit", "check", "payments"])
        extra = {"score": [], "limit": ["--player", "Ann"], "check": ["--player", "Ann", "--play", "Chick",
                                                                       "--pay", "Pig"],
                 "payments": ["--player", "Ann", "--play", "Chick", "--hand", "Pig,Owl"]}[verb]
        return ["--db", db, verb, str(path), *extra]

    fuzz("table files", make, capsys)


def test_catalogue_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path}/c.db"

    sound = {"card": [{"name": "Sheep", "points": 2, "effect": "instant"},
                      {"name": "Kraken", "game": "legends", "kind": "origami", "family": "legendary", "quantity": 2,
                       "cost": 6, "folds": 3, "points": 4, "effect": "scoring",
                       "scoring": {"template": "per_family", "family": "legendary", "amount": 1}},
                      {"name": "Phoenix", "points": 3, "steps": ["draw_deck"], "extra_action_costs": [1, 2]}]}

    def make(rng: random.Random, n: int) -> list[str]:
        lines = []
        if rng.random() < 0.5:  # a sound file, changed a little
            cards = mutate(sound, rng, rng.randint(1, 3)).get("card", [])
            for card in cards if isinstance(cards, list) else []:
                lines.append("[[card]]")
                if isinstance(card, dict):
                    lines += [f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in card.items() if v is not None]
        for _ in range(rng.randint(0 if lines else 1, 2)):
            lines.append("[[card]]")
            name = rng.choice(["Phoenix", "Chick", "Kraken", "Ninja", "Sheep", "Rice Paper"])
            lines.append(f"name = {json.dumps(name)}")
            for key in rng.sample(FIELDS, rng.randint(1, 5)):
                if key != "name":
                    lines.append(f"{key} = {toml_value(hostile(rng))}")
        path = tmp_path / f"c{n % 5}.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        verb = rng.choice([["score", str(EXAMPLES / "41.json")], ["catalog"], ["catalog", "Phoenix"]])
        return ["--catalog", str(path), "--db", db, *verb]

    fuzz("catalogue files", make, capsys)


@pytest.fixture
def own_export(tmp_path: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp_path}/source.db"
    history(url)
    out = tmp_path / "export.json"
    assert main(["--db", url, "export", str(out)]) == 0
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def test_own_import_files(tmp_path: Path, own_export: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path}/target.db"

    def make(rng: random.Random, n: int) -> list[str]:
        doc = mutate(own_export, rng, rng.randint(1, 3))
        path = tmp_path / f"i{n % 5}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return ["--db", db, "import", str(path), "--yes"]

    fuzz("own import files", make, capsys)


def test_bgstats_import_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path}/target.db"
    base = bgstats_file([play(7, "2026-11-20 19:00:00", (1, "52", True), (2, "48", False), uid=None),
                         play(8, "2026-11-21 20:00:00", (2, 40, False), (3, 45, True), (1, 45, False),
                              uid="6f2a9b1e-3c4d-4e5f-8a7b-1c2d3e4f5a6b")])

    def make(rng: random.Random, n: int) -> list[str]:
        doc = mutate(base, rng, rng.randint(1, 4))
        path = tmp_path / f"b{n % 5}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        return ["--db", db, "import", str(path), "--yes"]

    fuzz("BG Stats import files", make, capsys)


ORIGIN_FIELDS = ("name", "kind", "cost", "remove", "involves_others", "solo_banned", "timing", "template", "amount",
                 "text", "colour", "event", "rounds", "source", "unknown")
ORIGIN_NAMES = ("Trance", "Monologuing", "Telekinesis", "Transfer of Power", "Gadget Belt", "Nemesis", "Zzz")


def test_origin_story_catalogue_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A user's catalogue file for Origin Story: its cards' fields of any shape, read by every verb that uses it."""
    db = f"sqlite:///{tmp_path}/c.db"
    sound = {"card": [{"name": "Monologuing", "template": "vp_per_trick", "amount": 1},
                      {"name": "Trance", "kind": "story", "cost": [1, 2], "timing": "trick", "remove": True},
                      {"name": "Telekinesis", "involves_others": False, "solo_banned": True, "rounds": [1, 3]}]}

    def make(rng: random.Random, n: int) -> list[str]:
        lines = ['game = "origin-story"'] if rng.random() < 0.9 else [f"game = {toml_value(hostile(rng))}"]
        cards = mutate(sound, rng, rng.randint(1, 3)).get("card", []) if rng.random() < 0.5 else []
        for card in cards if isinstance(cards, list) else []:
            lines.append("[[card]]")
            if isinstance(card, dict):
                lines += [f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in card.items() if v is not None]
        for _ in range(rng.randint(0 if len(lines) > 1 else 1, 2)):
            lines += ["[[card]]", f"name = {json.dumps(rng.choice(ORIGIN_NAMES))}"]
            lines += [f"{key} = {toml_value(hostile(rng))}" for key in rng.sample(ORIGIN_FIELDS[1:], rng.randint(1, 5))]
        path = tmp_path / f"o{n % 5}.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        verb = rng.choice([["catalog", "--game", "origin-story"], ["catalog", "--game", "origin-story", "trance"],
                           ["origin", "score", str(EXAMPLES / "origin" / "game.json")],
                           ["origin", "round", str(EXAMPLES / "origin" / "round.json")]])
        return ["--catalog", str(path), "--db", db, *verb]

    fuzz("Origin Story catalogue files", make, capsys)


def nested(rng: random.Random) -> str:
    """The JSON text of lists and objects nested deeper than any reader should follow (a damaged row, not a game's
    data), written directly: the json module itself cannot write it."""
    depth = rng.choice([50, 1_000, 20_000])
    opened = [rng.choice(("[", '{"player": ')) for _ in range(depth)]
    closed = ["]" if o == "[" else "}" for o in reversed(opened)]
    return "".join(opened) + json.dumps(hostile(rng)) + "".join(closed)


def an_origin_story_game_stored(path: Path) -> int:
    """A 3-player Origin Story game played by the playouts, its first 80 commands recorded in `path`: its id."""
    from companion.games import KINDS
    from companion.origin.playout import Engine, play_game
    from companion.origin.session import OriginSession
    from db.store import Store

    engine, commands = Engine(), []

    def keep(command: Any) -> Any:
        commands.append(command)
        return engine.submit(command)

    play_game(keep, lambda: engine.state, random.Random(5), mode="table",  # type: ignore[arg-type, return-value]
              players=("Ann", "Bob", "Cat"), level="cards")
    store = Store.open(f"sqlite:///{path}", KINDS)
    session = OriginSession.start(store, commands[0], key="k0")
    assert isinstance(session, OriginSession)
    for i, command in enumerate(commands[1:80], 1):
        assert session.submit(command, f"k{i}").recorded
    store.close()
    return session.game_id


def test_damaged_origin_story_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An Origin Story game's stored events changed outside the companion (a payload of any shape, nested without
    end, another version or type), read by every verb that reads a game: named, never a crash."""
    import sqlite3

    path = tmp_path / "c.db"
    db = f"sqlite:///{path}"
    game = an_origin_story_game_stored(path)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("DROP TRIGGER events_no_update")  # the log is append-only in the database: damage comes from outside
    rows = raw.execute("SELECT seq, type, version, payload FROM events WHERE game_id = ?", (game,)).fetchall()
    types = sorted({r[1] for r in rows})

    def make(rng: random.Random, n: int) -> list[str]:
        raw.executemany("UPDATE events SET type = ?, version = ?, payload = ? WHERE game_id = ? AND seq = ?",
                        [(t, v, p, game, s) for s, t, v, p in rows])  # the last input's damage undone
        seq, kind, version, payload = rng.choice(rows)
        roll = rng.random()
        if roll < 0.6:
            payload = json.dumps(mutate(json.loads(payload), rng, rng.randint(1, 3)))
        elif roll < 0.8:
            payload = nested(rng)
        elif roll < 0.9:
            version = rng.choice([0, 2, 99, -1, "1", 1.5])
        else:
            kind = rng.choice(types)
        raw.execute("UPDATE events SET type = ?, version = ?, payload = ? WHERE game_id = ? AND seq = ?",
                    (kind, version, payload, game, seq))
        verb = rng.choice([["origin", "replay", str(game)], ["replay", str(game)], ["games"], ["history"],
                           ["history", "Ann"], ["export", str(tmp_path / "out.json")]])
        return ["--db", db, *verb]

    try:
        fuzz("damaged Origin Story rows", make, capsys)
    finally:
        raw.close()


def test_a_round_scored_for_someone_not_at_the_table_is_named_by_the_replay(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A stored round's score line naming a seat nobody sits in (a damaged row; FUZZ_SEED=4285174531 found it):
    the replay names the event that cannot be applied, and the totals after it are not broken (was exit 3)."""
    import sqlite3

    path = tmp_path / "c.db"
    game = an_origin_story_game_stored(path)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("DROP TRIGGER events_no_update")
    seq, payload = raw.execute("SELECT seq, payload FROM events WHERE game_id = ? AND type = 'os.RoundScored' "
                               "ORDER BY seq LIMIT 1", (game,)).fetchone()
    scored = json.loads(payload)
    scored["lines"][0]["player"] = "origami"
    raw.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = ?", (json.dumps(scored), game, seq))
    raw.close()
    assert main(["--db", f"sqlite:///{path}", "replay", str(game)]) in (1, 2)
    out, err = capsys.readouterr()
    assert "internal error" not in err and f"event {seq} cannot be applied" in out + err
    assert "origami, not at the table" in out + err
