"""The footer of every screen: Textual's, its keys made as compact as the footer itself from the start, and made
again only when they change while its screen is on top. Textual makes each key compact, then binds it to its
footer's setting (not compact): every key's styles were worked out twice more, at every change of the keys shown.
And Textual's footer makes its keys again after every focus move and every screen put over its own, even under
another screen: three to five times as a screen opened (its fill focusing its first field), ~6–15 ms each. Each
key's description is said in the language in use here, where it is shown: the screens declare theirs with N_()."""
from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from scoring.i18n import _


class Footer(TextualFooter):
    shown: tuple[object, ...] | None = None  # the keys as last made

    def keys(self) -> tuple[object, ...]:
        palette = self.app.COMMAND_PALETTE_BINDING
        return tuple((key, b.action, b.description, enabled, tooltip)
                     for key, (_node, b, enabled, tooltip) in self.screen.active_bindings.items()
                     if b.show or key == palette)

    def bindings_changed(self, screen: Screen[object]) -> None:
        # Under another screen it waits: its screen coming back on top is itself such a change, said again then.
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self.remake)

    async def remake(self) -> None:
        if self.is_attached and self.app.screen is self.screen and self.keys() != self.shown:
            await self.recompose()

    def compose(self) -> ComposeResult:
        self.shown = self.keys() if self._bindings_ready else None
        for widget in super().compose():
            # The command palette's key is not bound to the footer: Textual leaves it compact.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.description = _(widget.description) if widget.description else widget.description
            yield widget


def translated_keys(node: DOMNode) -> None:
    """`node`'s keys' descriptions (marked with N_ where its BINDINGS are declared) in the language in use, for this
    node alone (its bindings are its own copy): what reads them besides the footer (the keys panel, tests) reads
    them translated too."""
    bindings = node._bindings.key_to_bindings
    for key, each in bindings.items():
        bindings[key] = [replace(b, description=_(b.description)) if b.description else b for b in each]
