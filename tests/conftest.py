from __future__ import annotations

import pytest

from bot.clock import ManualClock
from bot.engines import ENGINES
from bot.store import Store
from bot.tables import TableService
from tests.seeds import fixed_seeds


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "barkeep.db")
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
