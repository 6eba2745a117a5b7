"""scoring/ stays pure: no UI, no database, no files, clock or randomness; dependencies point one way."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"textual", "sqlalchemy", "os", "io", "pathlib", "random", "secrets", "time", "datetime",
             "sqlite3", "socket", "subprocess", "shutil", "tempfile", "importlib", "db", "companion", "screens"}


def imports(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
                names.add("open()")
        found[str(path.relative_to(ROOT))] = names
    return found


def test_scoring_imports_nothing_impure() -> None:
    offenders = {name: sorted(used & (FORBIDDEN | {"open()"})) for name, used in imports("scoring").items()}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_scoring_loads_no_ui_or_database() -> None:
    code = ("import sys, scoring.origami.decide, scoring.origami.sheet, scoring.origami.position, scoring.origami.steps; "
            "print(sorted(m for m in ('textual', 'sqlalchemy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_screens_do_not_import_db_or_companion() -> None:
    used: set[str] = set().union(*imports("screens").values())
    assert not used & {"db", "companion", "sqlalchemy"}


def test_shipped_catalogue_is_package_data() -> None:
    assert (ROOT / "scoring" / "cards" / "origami.toml").is_file()
    assert (ROOT / "scoring" / "cards" / "legends.toml").is_file()


def test_db_imports_no_ui_and_companion_imports_no_screens_for_sessions() -> None:
    used: set[str] = set().union(*imports("db").values())
    assert not used & {"textual", "screens", "companion"}
    code = ("import sys, db.store, db.stats, companion.origami.session, companion.history; "
            "print(sorted(m for m in ('textual', 'screens') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_the_store_names_no_game() -> None:
    """db/ knows kinds, not games: no kind of game is spelt out in it (a row's kind comes from the row, what a game
    needs from the registry it is opened with). Its migrations are history and may."""
    from companion.games import BUILT_IN

    named = []
    for path in sorted((ROOT / "db").rglob("*.py")):
        if "versions" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and any(
                    node.value == kind or node.value.startswith((f"{kind}:", f"{kind}/")) for kind in BUILT_IN):
                named.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert named == []
