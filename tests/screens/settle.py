"""Waiting for the app: its database reads run in workers after the first paint."""
from __future__ import annotations

from typing import Any

from textual.pilot import Pilot


async def settled(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
