"""The companion in Italian and German at 80×24, as a person sees it (Textual is pinned: its output changes between
releases): Home, an Origami table, an Origami score sheet, the Origami rules reference, an Origin Story table and its
score sheet. German runs long: each snapshot shows nothing cut. Regenerate after a translation changes with
`pytest tests/screens/test_language_snapshots.py --snapshot-update`, then look at the SVGs."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import languages
from companion.app import make_app
from tests.screens.origin.test_origin_live_snapshots import app_on, mid_trick
from tests.screens.origin.test_sheets_snapshots import sheet_open
from tests.screens.settle import settled
from tests.screens.test_snapshots import (
    a_legends_game_mid_way,
    quick_score_typed,
    resumed_with_a_refused_line,
    rules_searched,
)

LANGUAGES = ["it", "de"]



@pytest.mark.parametrize("code", LANGUAGES)
def test_home(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=settled)


@pytest.mark.parametrize("code", LANGUAGES)
def test_origami_table_with_a_refused_line(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(a_legends_game_mid_way(tmp_path), terminal_size=(80, 24),
                        run_before=resumed_with_a_refused_line)


@pytest.mark.parametrize("code", LANGUAGES)
def test_origami_score_sheet_of_the_rulebook_table(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24),
                        run_before=quick_score_typed)


@pytest.mark.parametrize("code", LANGUAGES)
def test_origami_rules_reference_searched(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=rules_searched)


@pytest.mark.parametrize("code", LANGUAGES)
def test_origin_story_table_mid_trick(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(app_on(tmp_path), terminal_size=(80, 24), run_before=mid_trick)


@pytest.mark.parametrize("code", LANGUAGES)
def test_origin_story_score_sheet(snap_compare: Any, tmp_path: Path, code: str) -> None:
    languages.use(code)
    assert snap_compare(make_app(f"sqlite:///{tmp_path}/new.db"), terminal_size=(80, 24), run_before=sheet_open)
