"""A real headless Chromium (Debian's package) driven over the DevTools protocol: open a page, read what it shows.

Tests skip without Chromium unless COMPANION_REQUIRE_BROWSER is set (CI sets it, having installed it)."""
from __future__ import annotations

import asyncio
import itertools
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0"]


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("COMPANION_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required (COMPANION_REQUIRE_BROWSER) but not installed: apt-get install chromium")
        pytest.skip("no Chromium on this machine (Debian: apt-get install chromium)")
    return found


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        await self.ws.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self.ws.receive_json(), 30)
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def value(self, expression: str) -> Any:
        """What a JavaScript expression comes to in the page now."""
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def text(self) -> str:
        """What the page shows now (its body's visible text)."""
        return str(await self.value("document.body ? document.body.innerText : ''") or "")

    async def wait_for(self, words: str, seconds: float = 20) -> str:
        """The page's text once it holds `words` (the page refreshes itself); fails after `seconds`."""
        text = ""
        for _ in range(int(seconds * 5)):
            text = await self.text()
            if words in text:
                return text
            await asyncio.sleep(0.2)
        raise AssertionError(f"the page never showed {words!r}; it shows:\n{text}")


@asynccontextmanager
async def browser() -> AsyncIterator[Page]:
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:  # its helpers may linger a moment
        process = subprocess.Popen([chromium(), *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        drained: threading.Thread | None = None
        try:
            assert process.stderr is not None
            port = None
            for line in process.stderr:  # "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
                found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
                if found:
                    port = int(found.group(1))
                    break
            assert port is not None, "Chromium did not start its DevTools endpoint"
            drained = threading.Thread(target=process.stderr.read, daemon=True)  # a full pipe would stall it
            drained.start()
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                    targets = await answer.json()
                target = next(t for t in targets if t["type"] == "page")
                async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    yield Page(ws)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            if drained is not None:
                drained.join(10)  # the pipe ends when Chromium's helpers have gone too
            if process.stderr is not None and (drained is None or not drained.is_alive()):
                process.stderr.close()
