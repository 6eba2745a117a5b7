"""Keys as a fast typist, a paste or a slow link sends them: all queued in one go, none waiting for the one before
to be handled."""
from __future__ import annotations

from textual import events
from textual.app import App
from textual.keys import _character_to_key


def burst(app: App[object], text: str) -> None:
    """`text` as key presses queued at once ("\\n" is Enter)."""
    for ch in text:
        app.post_message(events.Key("enter", None) if ch == "\n" else events.Key(_character_to_key(ch), ch))
