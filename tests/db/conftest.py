"""The store's backends: SQLite always; PostgreSQL when COMPANION_TEST_PG names a server (.ci/run starts one)."""
from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from companion.games import KINDS
from db.store import Store

PG = os.environ.get("COMPANION_TEST_PG", "")
PG_SKIPPED = "PostgreSQL NOT TESTED: set COMPANION_TEST_PG to a server's URL (.ci/run starts one)"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/store.db"
        return
    if not PG:
        pytest.skip(PG_SKIPPED)
    try:  # a URL was given: an unreachable server is a broken setup, not a reason to skip
        admin = sa.create_engine(PG, isolation_level="AUTOCOMMIT")
        schema = f"t_{uuid.uuid4().hex[:12]}"
        with admin.connect() as c:
            c.execute(sa.text(f"CREATE SCHEMA {schema}"))
    except sa.exc.OperationalError as exc:
        pytest.fail(f"COMPANION_TEST_PG={PG} is not reachable: {exc}")
    yield f"{PG}{'&' if '?' in PG else '?'}options=-csearch_path%3D{schema}"
    with admin.connect() as c:
        c.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store.open(url, KINDS)
    yield opened
    opened.close()


@pytest.fixture
def any_url(url: str) -> str:
    """The backend URL under another name, for modules that have a helper called `url`."""
    return url
