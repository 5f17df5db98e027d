"""Fixtures for the end-to-end tests: a fake Discord on loopback and the real bot (tests/harness.py)."""

from __future__ import annotations

import pytest

from bot.clock import ManualClock
from tests.fakediscord import FakeDiscord
from tests.harness import ROOT, TOKEN, Harness, open_table, spawn_bot

__all__ = ["ROOT", "TOKEN", "Harness", "open_table", "spawn_bot"]


@pytest.fixture
async def fake():
    f = FakeDiscord(token=TOKEN)
    await f.start()
    f.patch_discord()
    yield f
    await f.stop()


@pytest.fixture
async def harness(fake, tmp_path):
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot()
    yield h
    await h.stop_bot()
