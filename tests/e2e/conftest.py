"""Fixtures for the end-to-end tests: a fake Discord on loopback and the real bot (tests/harness.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.art.cards import all_emoji
from bot.clock import ManualClock
from tests.fakediscord import FakeDiscord
from tests.harness import ROOT, TOKEN, Harness, open_table, spawn_bot

__all__ = ["ROOT", "TOKEN", "Harness", "open_table", "seeded_harness", "spawn_bot"]


@pytest.fixture
async def fake():
    f = FakeDiscord(token=TOKEN)
    # the application has its card emoji already (a bot that started before): each start lists
    # them once and uploads none (tests/test_emoji.py starts from none)
    for name, _ in all_emoji():
        f.add_app_emoji(name)
    await f.start()
    f.patch_discord()
    yield f
    await f.stop()


async def _running(fake: FakeDiscord, db: Path, **options: Any) -> AsyncIterator[Harness]:
    h = Harness(fake, db, ManualClock())
    await h.start_bot(**options)
    yield h
    await h.stop_bot()


@pytest.fixture
async def harness(fake, database):
    async for h in _running(fake, database):
        yield h


def seeded_harness(seed: str) -> Any:
    """A ``harness`` fixture whose every deal comes from ``seed`` (a module's fixed game):
    ``harness = seeded_harness(SEED)``."""

    @pytest.fixture
    async def harness(fake, database):
        async for h in _running(fake, database, seeds=lambda: seed):
            yield h

    return harness
