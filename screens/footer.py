"""The footer of every screen: Textual's, its keys made as compact as the footer itself from the start. Textual
makes each key compact, then binds it to its footer's setting (not compact): every key's styles were worked out
twice more, at every change of the keys shown (every screen opened, every focus moved). Each key's description is
said in the language in use here, where it is shown: the screens declare theirs with N_()."""
from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.dom import DOMNode
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


def translated_keys(node: DOMNode) -> None:
    """`node`'s keys' descriptions (marked with N_ where its BINDINGS are declared) in the language in use, for this
    node alone (its bindings are its own copy): what reads them besides the footer (the keys panel, tests) reads
    them translated too."""
    bindings = node._bindings.key_to_bindings
    for key, each in bindings.items():
        bindings[key] = [replace(b, description=_(b.description)) if b.description else b for b in each]
