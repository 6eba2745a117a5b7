"""The store: one database, in rooms by concern, each handed out by the Store: the players' profiles
(`store.profiles`), the games and their listing (`store.games`), the append-only event log (`store.log`), results
(`store.results`), whole games in and out (`store.exchange`), the user's card values (`store.catalogue`) and
statistics (`store.stats`). They share one Database (db/database.py): its write connection, its lock and the clock.

Every method is one transaction: it does all of its work or none of it.
"""
from __future__ import annotations

from sqlalchemy import Engine

from .catalogue import Catalogue
from .database import Clock, Database, utc_now
from .engine import make_engine, sqlite_path
from .exchange import Exchange
from .games import Games
from .kinds import Kinds
from .log import Log
from .profiles import Profiles
from .results import Results
from .schema import prepare
from .stats import Stats


class Store:
    """The database (`database`, what the rooms share) and its rooms: `profiles`, `games`, `log`, `results`,
    `exchange`, `catalogue`, `stats`."""

    def __init__(self, engine: Engine, where: str, kinds: Kinds, clock: Clock = utc_now) -> None:
        self.engine, self.where, self.kinds, self.clock = engine, where, kinds, clock
        self.database = database = Database(engine, where, kinds, clock)
        self.profiles = Profiles(database)
        self.games = Games(database)
        self.log = Log(database)
        self.results = Results(database)
        self.exchange = Exchange(database)
        self.catalogue = Catalogue(database)
        self.stats = Stats(database)

    @classmethod
    def open(cls, url: str, kinds: Kinds, *, timeout: float = 5.0, clock: Clock = utc_now) -> Store:
        """Open (creating or migrating as needed) the database at `url`, holding games of the `kinds` given."""
        engine = make_engine(url, timeout=timeout)  # refuses what is not a URL
        path = sqlite_path(url)
        store = cls(engine, str(path) if path else engine.url.render_as_string(hide_password=True), kinds, clock)
        with store.database.guard():
            prepare(store.engine, store.where)
        return store

    def close(self) -> None:
        self.database.close()
