"""What every screen test shares."""
from __future__ import annotations

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused field's cursor stays shown: it blinks every half second, so a screenshot taken on a loaded machine
    (after the blink) differed from one taken at once, and snapshots failed for a cursor alone."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
