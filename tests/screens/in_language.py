"""What the language tests read off a screen: its text in one line, and its footer's keys, each whole."""
from __future__ import annotations

from typing import Any

from textual.app import App

from tests.screens.origami.test_friction import screen_text
from tests.test_i18n import flat


def shown(app: App[Any]) -> str:
    """The screen's text with the borders dropped, wrapped lines read as one."""
    return flat(screen_text(app))


def footer_keys(app: App[Any]) -> list[str]:
    """Each key the footer should show, as "key description" (its key as the footer writes it)."""
    return [f"{app.get_key_display(b.binding)} {b.binding.description}" for b in app.screen.active_bindings.values()
            if b.binding.show]


def assert_footer(app: App[Any], words: tuple[str, ...]) -> None:
    """Each key the footer should show is there whole, as "key description", and says the words given."""
    footer = screen_text(app).splitlines()[-1].replace("\xa0", " ")
    keys = footer_keys(app)
    assert all(any(word in key for key in keys) for word in words), keys
    for key in keys:
        assert key in footer, (key, footer)
