"""A game is a plug-in: what both games share names neither (it asks the registry, companion/games.py), a game's
shell loads nothing of the other game, and the top of companion/ stays a short list of what every game uses."""
from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("origami", "origin")  # each game's package name in every layer
KINDS = {"origami", "origin-story"}  # the games' kinds, as the store and the files say them
CONSTANTS = {"ORIGAMI", "ORIGIN_STORY"}
# The shared modules allowed to name a game: the registry, which lists the games that come with the companion.
MAY_NAME_A_GAME = {"companion/games.py"}
OTHER = {"origami": "origin", "origin": "origami"}


def shared_modules() -> list[Path]:
    """Every module above the games' packages, in the four layers (the migrations are frozen history: excluded)."""
    return sorted(p for layer in ("companion", "db", "screens", "scoring") for p in (ROOT / layer).glob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (words for a reader, not code)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def names_of_games(path: Path) -> list[str]:
    """How a module names a game: an import of a game's package, a game's kind as a string, or its constant."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            modules = [base, *(f"{base}.{a.name}" for a in node.names)]
        found += [m for m in modules if len(m.split(".")) > 1 and m.split(".")[1] in GAMES]
        if isinstance(node, ast.Constant) and node.value in KINDS and id(node) not in docs:
            found.append(repr(node.value))
        if isinstance(node, ast.Name) and node.id in CONSTANTS:
            found.append(node.id)
    return sorted(set(found))


def test_the_shared_modules_name_no_game() -> None:
    named = {str(p.relative_to(ROOT)): names for p in shared_modules() if (names := names_of_games(p))}
    assert set(named) <= MAY_NAME_A_GAME, {k: v for k, v in named.items() if k not in MAY_NAME_A_GAME}


def test_the_scan_finds_a_game_named_in_each_way(tmp_path: Path) -> None:
    """The scan above can fail: each way of naming a game is found (docstrings and other words are not)."""
    (tmp_path / "companion").mkdir()
    probe = tmp_path / "companion" / "probe.py"
    probe.write_text('"""Names origami in prose only."""\nfrom .origin import cli\nimport scoring.origami.rules\n'
                     'KIND = "origin-story"\nif kind == ORIGAMI:\n    pass\n', encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert names_of_games(probe) == ["'origin-story'", "ORIGAMI", "companion.origin", "companion.origin.cli",
                                         "scoring.origami.rules"]
    finally:
        ROOT = saved


def test_the_top_of_companion_holds_at_most_30_modules() -> None:
    """Each game's shell is its own package (companion/origami, companion/origin); the top holds what all share."""
    assert len(list((ROOT / "companion").glob("*.py"))) <= 30


PROBE = """
import importlib, sys
importlib.import_module(sys.argv[1])
print(sorted(m for m in sys.modules if any(m == p or m.startswith(p + ".") for p in sys.argv[2:])))
"""


def shell_modules(game: str) -> list[str]:
    return [f"companion.{game}", *(f"companion.{game}.{m.name}"
                                   for m in pkgutil.iter_modules([str(ROOT / "companion" / game)]))]


@pytest.mark.parametrize(("game", "module"), [(g, m) for g in GAMES for m in shell_modules(g)])
def test_a_games_shell_loads_nothing_of_the_other_game(game: str, module: str) -> None:
    other = [f"{layer}.{OTHER[game]}" for layer in ("scoring", "screens", "companion")]
    done = subprocess.run([sys.executable, "-c", PROBE, module, *other], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip() == "[]", f"{module} loads {done.stdout.strip()}"
