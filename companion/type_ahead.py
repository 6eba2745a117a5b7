"""Keys typed while a screen opens wait for it. Home opens a screen through a message, so a player who types on at
once (a fast typist, a paste, keys bunched by a slow link to a served app) would otherwise send the following keys
to Home, where single letters open more screens (n, o, s…) or quit (q), and the new screen's first field would get
nothing."""
from __future__ import annotations

from textual import events
from textual.app import App

WAIT_FRAMES = 60  # refreshes to wait at most for the screen being opened to mount (about a second)


class TypeAhead(App[None]):
    held: list[events.Key] | None = None  # None: keys go where they always go
    held_on: object = None  # the screen on top when the keys began to be kept

    def hold_keys(self) -> None:
        """A screen is about to open: keep the keys typed from now on for it."""
        if self.held is None:
            self.held, self.held_on = [], self.screen

    def give_held_keys(self, frames: int = WAIT_FRAMES) -> None:
        """Hand the keys kept to the screen now on top once it has mounted (its first field focused). When nothing
        opened (the same screen is still there), they are dropped: typed for another screen, they must not act on
        the one they were typed past."""
        if self.held is None:
            return
        if not self.screen.is_mounted and frames:
            self.call_after_refresh(self.give_held_keys, frames - 1)
            return
        held, self.held = self.held, None
        if self.screen is not self.held_on:
            for key in held:  # behind the screen's own focusing, which it asked for while mounting
                self.post_message(events.Key(key.key, key.character))

    async def on_event(self, event: events.Event) -> None:
        if self.held is not None and isinstance(event, events.Key):
            self.held.append(event)
            return
        await super().on_event(event)
