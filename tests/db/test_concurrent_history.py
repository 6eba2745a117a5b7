"""Two windows (or two machines on a club's server) changing the history at once: a game finished while one of
its players is merged into another profile. Whichever goes first, the finished game's results end up with the
profile the merge kept, and the running totals equal a fresh count (every backend). The finish is held open
just after writing its results, so without the store taking such writes one at a time the merge would run in
between and miss them."""
from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import event

from companion.games import KINDS
from companion.origami.render import sheet_json
from companion.origami.statistics import figures as origami_figures
from db.store import Store
from tests.db.test_store import new_game
from tests.db.test_tallies import _sheet, counted, kept

HELD = 0.5  # seconds the finish waits with its results written, uncommitted: ample for a merge to run


def test_a_merge_during_a_finish_moves_the_finished_games_results_too(url: str) -> None:
    finishing, merging = Store.open(url, KINDS), Store.open(url, KINDS)
    try:
        game_id = new_game(finishing)  # P1, P2, P3
        merging.profiles.add("Pia")
        written = threading.Event()

        def hold(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if statement.lstrip().upper().startswith("INSERT INTO RESULTS") and not written.is_set():
                written.set()
                time.sleep(HELD)

        event.listen(finishing.engine, "after_cursor_execute", hold)
        sheet = _sheet([("P1", 30, 1, True), ("P2", 20, 2, False), ("P3", 10, 3, False)], None)
        failures: list[BaseException] = []

        def finish() -> None:
            try:
                finishing.results.finish(game_id, sheet, sheet_json(sheet)["players"])
            except BaseException as exc:  # noqa: BLE001 - reported by the test below
                failures.append(exc)

        worker = threading.Thread(target=finish)
        worker.start()
        assert written.wait(10), "the finish never wrote its results"
        merging.profiles.merge("P1", "Pia")  # while the finish is open
        worker.join(10)
        assert not worker.is_alive() and failures == []

        results = merging.results.of(game_id)
        assert [(r["name"], r["score"], r["winner"]) for r in results] == [
            ("Pia", 30, True), ("P2", 20, False), ("P3", 10, False)]
        assert kept(merging) == counted(merging)
        assert origami_figures(merging.stats.player("Pia", trend=0)).overall.games == 1
    finally:
        finishing.close()
        merging.close()
