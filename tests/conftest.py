"""Shared fixtures. The store, table-service and end-to-end tests run on the backend named by
``BARKEEP_TEST_BACKEND``: ``sqlite`` (the default, ``make test``) or ``postgres``
(``make test-postgres``: a throwaway cluster of tests/pgcluster.py, a new database per test).
On the PostgreSQL run only the tests that use a database (the ``database`` fixture, directly
or through ``store``, ``service`` or ``harness``) run; the rest do not depend on the backend.
"""

from __future__ import annotations

import os

import pytest

from bot.clock import ManualClock
from bot.engines import ENGINES
from bot.store import Store
from bot.tables import TableService
from tests.seeds import fixed_seeds

BACKEND = os.environ.get("BARKEEP_TEST_BACKEND", "sqlite")
if BACKEND not in ("sqlite", "postgres"):
    raise SystemExit(f"BARKEEP_TEST_BACKEND must be sqlite or postgres, not {BACKEND!r}")
POSTGRES = BACKEND == "postgres"
DATABASE_FIXTURES = {"database", "store", "service", "harness", "pg_cluster"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite: a test of the SQLite backend's own behaviour")
    config.addinivalue_line("markers", "postgres: a test that needs PostgreSQL")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL: make test-postgres runs it")
    kept, dropped = [], []
    for item in items:
        uses_db = bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))
        if POSTGRES:
            if uses_db and item.get_closest_marker("sqlite") is None:
                kept.append(item)
            else:
                dropped.append(item)
        else:
            if item.get_closest_marker("postgres") is not None:
                item.add_marker(skip_pg)
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def pg_cluster():
    """The session's PostgreSQL cluster (started on first use). Without PostgreSQL's programs
    the tests that need it are skipped, saying so; in CI they must run."""
    from tests.pgcluster import Cluster, programs

    if programs() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL's programs (initdb, pg_ctl) are missing on this CI machine")
        pytest.skip("PostgreSQL's programs (initdb, pg_ctl, postgres) are not installed")
    cluster = Cluster().start()
    try:
        cluster.prepare_template()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def database(request, tmp_path):
    """Where a test's database is: a SQLite file in the test's folder, or (PostgreSQL run) the
    URL of a new database with Barkeep's schema."""
    if not POSTGRES:
        yield tmp_path / "barkeep.db"
        return
    cluster = request.getfixturevalue("pg_cluster")
    url = cluster.new_database()
    yield url
    cluster.drop_database(url)


@pytest.fixture
async def store(database):
    s = await Store.open(database)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
async def service(store, clock):
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    yield svc
    await svc.stop_clocks()
