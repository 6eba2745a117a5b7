"""`companion catalog export|import|unset` through the real console script: a club's values go from one database
to another (and back through `--catalog`), a conflict is named and kept, twice adds nothing, a bad file writes
nothing, and a value goes back to unknown."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.games import KINDS
from db.store import Store

COMPANION = str(Path(sys.executable).parent / "companion")


def companion(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([COMPANION, *argv], capture_output=True, text=True, check=False, timeout=120)


def values(url: str) -> list[tuple[str, str, object]]:
    store = Store.open(url, KINDS)
    try:
        return sorted(store.catalogue.values("origami"), key=str)
    finally:
        store.close()


def filled(tmp_path: Path, name: str, *sets: tuple[str, str, str]) -> str:
    url = f"sqlite:///{tmp_path / name}"
    for card, field, value in sets:
        done = companion("--db", url, "catalog", "set", card, field, value)
        assert done.returncode == 0, done.stderr
    return url


def test_values_go_round_from_one_database_to_another_and_twice_adds_nothing(tmp_path: Path) -> None:
    ann = filled(tmp_path, "ann.db", ("Sheep", "points", "2"), ("Schaf", "effect", "instant"),
                 ("Cat", "hand-modifier", "-1"))
    shared = tmp_path / "club.toml"
    done = companion("--db", ann, "catalog", "export", str(shared), "--by", "Ann")
    assert done.returncode == 0, done.stderr
    assert "3 values of 2 cards written to" in done.stdout
    text = shared.read_text(encoding="utf-8")
    assert 'name = "Sheep"' in text and "points = 2  # entered by Ann, " in text and "hand_modifier = -1" in text

    # The file is a catalogue file: `--catalog` uses it without keeping it.
    fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
    done = companion("--db", fresh, "--catalog", str(shared), "catalog", "Sheep", "--json")
    assert done.returncode == 0, done.stderr
    [sheep] = json.loads(done.stdout)
    assert sheep["values"]["points"] == 2 and sheep["values"]["effect"] == "instant"

    bob = filled(tmp_path, "bob.db", ("Ant", "cost", "1"))
    done = companion("--db", bob, "catalog", "import", str(shared))
    assert done.returncode == 0, done.stderr
    assert "3 values added" in done.stdout and "Sheep points 2" in done.stdout
    assert values(bob) == sorted([*values(ann), ("Ant", "cost", 1)], key=str)
    ann_store, bob_store = Store.open(ann, KINDS), Store.open(bob, KINDS)
    try:  # when each value was entered travels with it (to the minute, as the file says)
        when = {(c, f): at.replace(second=0, microsecond=0, tzinfo=None) for c, f, _, at, _ in ann_store.catalogue.values_set("origami")}
        assert {(c, f): at.replace(tzinfo=None) for c, f, _, at, _ in bob_store.catalogue.values_set("origami")
                if c != "Ant"} == when
    finally:
        ann_store.close()
        bob_store.close()

    done = companion("--db", bob, "catalog", "import", str(shared), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["added"], report["same"], report["conflicts"]) == ([], 3, [])
    assert len(values(bob)) == 4


def test_who_entered_a_value_travels_with_it_when_the_file_is_passed_on(tmp_path: Path) -> None:
    ann = filled(tmp_path, "ann.db", ("Sheep", "points", "2"))
    first = tmp_path / "ann.toml"
    assert companion("--db", ann, "catalog", "export", str(first), "--by", "Ann").returncode == 0
    bob = filled(tmp_path, "bob.db", ("Cat", "points", "3"))
    assert companion("--db", bob, "catalog", "import", str(first)).returncode == 0
    second = tmp_path / "bob.toml"
    done = companion("--db", bob, "catalog", "export", str(second), "--by", "Bob", "--json")
    assert done.returncode == 0, done.stderr
    assert {(v["card"], v["entered_by"]) for v in json.loads(done.stdout)["values"]} == {("Sheep", "Ann"),
                                                                                         ("Cat", "Bob")}
    text = second.read_text(encoding="utf-8")
    assert "points = 2  # entered by Ann, " in text and "points = 3  # entered by Bob, " in text
    assert "shared from an Origami companion database by Bob on" in text
    carol = f"sqlite:///{tmp_path / 'carol.db'}"
    assert companion("--db", carol, "catalog", "import", str(second)).returncode == 0
    store = Store.open(carol, KINDS)
    try:
        assert sorted((c, by) for c, _, _, _, by in store.catalogue.values_set("origami")) == [("Cat", "Bob"), ("Sheep", "Ann")]
    finally:
        store.close()


def test_a_conflict_is_named_and_kept_unless_replace(tmp_path: Path) -> None:
    ann = filled(tmp_path, "ann.db", ("Sheep", "points", "2"), ("Cat", "points", "3"))
    shared = tmp_path / "club.toml"
    assert companion("--db", ann, "catalog", "export", str(shared)).returncode == 0
    bob = filled(tmp_path, "bob.db", ("Sheep", "points", "5"))
    done = companion("--db", bob, "catalog", "import", str(shared))
    assert done.returncode == 0, done.stderr
    assert "Sheep points: yours 5, the file's 2" in done.stdout and "--replace" in done.stdout
    assert values(bob) == [("Cat", "points", 3), ("Sheep", "points", 5)]
    done = companion("--db", bob, "catalog", "import", str(shared), "--replace")
    assert done.returncode == 0, done.stderr
    assert "Sheep points 5 → 2" in done.stdout
    assert values(bob) == [("Cat", "points", 3), ("Sheep", "points", 2)]


def test_a_bad_file_is_named_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    bob = filled(tmp_path, "bob.db", ("Ant", "cost", "1"))
    before = values(bob)
    cases = {
        "broken.toml": ('[[card]\nname = "Sheep"\n', "not valid TOML"),
        "negative.toml": ('[[card]]\nname = "Cat"\npoints = 3\n\n[[card]]\nname = "Sheep"\npoints = -2\n',
                          "at least 0"),
        "unknown.toml": ('[[card]]\nname = "Cat"\npoints = 3\n\n[[card]]\nname = "Zebrafish"\npoints = 1\n',
                         "'Zebrafish' is not in the catalogue"),
        "field.toml": ('[[card]]\nname = "Cat"\nflavour = "sweet"\n', "'flavour' cannot be set"),
        "empty.toml": ("# nothing\n", "nothing to import"),
    }
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        done = companion("--db", bob, "catalog", "import", str(path))
        assert done.returncode == 2, (name, done.stdout, done.stderr)
        assert said in done.stderr and name in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert values(bob) == before, name
    done = companion("--db", bob, "catalog", "import", str(tmp_path / "missing.toml"))
    assert done.returncode == 2 and "no such catalogue file" in done.stderr
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    done = companion("--db", empty, "catalog", "export", str(tmp_path / "out.toml"))
    assert done.returncode == 2 and "nothing to share" in done.stderr and not (tmp_path / "out.toml").exists()


def test_a_value_is_set_back_to_unknown(tmp_path: Path) -> None:
    bob = filled(tmp_path, "bob.db", ("Sheep", "points", "2"), ("Ant", "points", "9"))
    done = companion("--db", bob, "catalog", "unset", "Schaf", "points")
    assert done.returncode == 0, done.stderr
    assert "Sheep: points is no longer in your catalogue: unknown again" in done.stdout
    assert values(bob) == [("Ant", "points", 9)]
    done = companion("--db", bob, "catalog", "Sheep", "--json")
    assert json.loads(done.stdout)[0]["values"]["points"] is None
    done = companion("--db", bob, "catalog", "unset", "Ant", "points")
    assert "back to the shipped value" in done.stdout, done.stdout
    done = companion("--db", bob, "catalog", "unset", "Sheep", "points")
    assert done.returncode == 2 and "Sheep has no points of yours to unset" in done.stderr
    assert companion("--db", bob, "catalog", "unset", "Sheep").returncode == 2


def test_the_file_as_a_qr_code_for_a_phone(tmp_path: Path) -> None:
    import os

    from companion.origami.catalog_share import code_text
    from tests.companion.test_share import read_back

    ann = filled(tmp_path, "ann.db", ("Sheep", "points", "2"), ("Cat", "points", "3"))
    shared = tmp_path / "club.toml"
    small = subprocess.run([COMPANION, "--db", ann, "catalog", "export", str(shared), "--qr"], capture_output=True,
                           text=True, check=False, env={**os.environ, "COLUMNS": "20", "LINES": "10"})
    assert small.returncode == 2 and "the QR code needs at least" in small.stderr and not shared.exists()
    done = subprocess.run([COMPANION, "--db", ann, "catalog", "export", str(shared), "--qr", "--by", "Ann"],
                          capture_output=True, text=True, check=False, env={**os.environ, "COLUMNS": "100", "LINES": "30"})
    assert done.returncode == 0, done.stderr
    drawn = [line for line in done.stdout.splitlines() if line and set(line) <= set(" ▀▄█▘▝▖▗▚▞▌▐▛▜▙▟")]
    assert len(drawn) <= 29 and all(len(line) <= 100 for line in drawn)
    scanned = read_back(drawn)  # what the phone reads: the values, each with who entered it and when
    assert scanned == code_text(shared.read_text(encoding="utf-8")) and "points = 2  # entered by Ann, " in scanned
    passed_on = tmp_path / "scanned.toml"
    passed_on.write_text(scanned, encoding="utf-8")
    carol = f"sqlite:///{tmp_path / 'carol.db'}"
    assert companion("--db", carol, "catalog", "import", str(passed_on)).returncode == 0
    assert values(carol) == values(ann)
