"""Two leaks of Textual 8.2 worked around (textual#6665 and #6666, open upstream). Without this every screen opened
and closed stays in memory with its rendered lines, and the garbage collector's full passes, which walk all of it,
grow over an evening's play into pauses of a quarter of a second in the middle of a turn."""
from __future__ import annotations

import inspect
from functools import lru_cache, partial

from textual._styles_cache import StylesCache
from textual.app import App
from textual.dom import DOMNode


def cache_styles_by_colour() -> None:
    """`StylesCache.get_inner_outer` is an lru_cache on a method, so each key holds its instance: the rendered lines
    of up to 1,024 widgets long gone stay reachable. Its answer depends on the two colours alone: cached on them."""
    method = inspect.getattr_static(StylesCache, "get_inner_outer", None)
    original = getattr(method, "__wrapped__", None)
    if original is None or isinstance(method, staticmethod):  # fixed upstream, or done already
        return
    setattr(StylesCache, "get_inner_outer", staticmethod(lru_cache(1024)(partial(original, None))))  # noqa: B010


def drop_closed_watchers(app: App[None]) -> None:
    """A widget watching another (every screen's Header watches the app's title, a Footer's keys their Footer) is
    dropped from its watchers only when the value watched changes, which the app's title never does: the closed ones
    are dropped here, from the app and every node of the screens open (a few hundred at most)."""
    for node in (app, *(node for screen in app.screen_stack for node in screen.walk_children(with_self=True))):
        watchers: dict[str, list[tuple[DOMNode, object]]] = getattr(node, "__watchers", {})  # Textual's own name
        for entries in watchers.values():
            entries[:] = [(w, then) for w, then in entries if not (w._closing or w._closed)]
