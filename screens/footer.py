"""The footer of every screen: Textual's, its keys made as compact as the footer itself from the start. Textual
makes each key compact, then binds it to its footer's setting (not compact): every key's styles were worked out
twice more, at every change of the keys shown (every screen opened, every focus moved). Each key's description is
said in the language in use here, where it is shown: the screens declare theirs with N_()."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from scoring.i18n import _


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # The command palette's key is not bound to the footer: Textual leaves it compact.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.description = _(widget.description) if widget.description else widget.description
            yield widget
