"""Background writes (table messages, private views) wait for the clicks being answered, and
start one per turn of the event loop (bot/render/turns.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

import bot.render.turns
from bot.render import Renderer


def renderer(quiet: asyncio.Event) -> Renderer:
    client = SimpleNamespace(quiet=quiet)
    service = SimpleNamespace(listeners=[], previewers=[])
    return Renderer(client, service, lambda game: None, lambda game: None)  # type: ignore[arg-type]


class Turns:
    """Counts the event loop's turns: a callback that puts itself back at every turn."""

    def __init__(self) -> None:
        self.count = 0
        self._loop = asyncio.get_running_loop()
        self._handle = self._loop.call_soon(self._step)

    def _step(self) -> None:
        self.count += 1
        self._handle = self._loop.call_soon(self._step)

    def stop(self) -> None:
        self._handle.cancel()


async def writers(r: Renderer, turns: Turns, n: int, started: list[tuple[int, int]]) -> list:
    async def write(i: int) -> None:
        await r._after_answers()
        started.append((i, turns.count))

    tasks = [asyncio.create_task(write(i)) for i in range(n)]
    await asyncio.sleep(0)  # every one of them waits now
    return tasks


async def test_writes_let_go_together_start_one_per_turn() -> None:
    quiet = asyncio.Event()  # a click is being answered
    r, turns, started = renderer(quiet), Turns(), []
    tasks = await writers(r, turns, 4, started)
    assert started == []  # none starts while the click is answered
    quiet.set()  # the answer went out: all four are let go at once
    await asyncio.gather(*tasks)
    turns.stop()
    assert [i for i, _ in started] == [0, 1, 2, 3]  # in the order they waited
    at = [turn for _, turn in started]
    assert all(b > a for a, b in zip(at, at[1:], strict=False)), at  # each in a later turn


async def test_a_click_between_turns_holds_the_writes_not_started() -> None:
    quiet = asyncio.Event()
    r, turns, started = renderer(quiet), Turns(), []
    tasks = await writers(r, turns, 3, started)
    quiet.set()
    while not started:
        await asyncio.sleep(0)
    quiet.clear()  # a click arrived after the first write started
    for _ in range(10):
        await asyncio.sleep(0)
    assert [i for i, _ in started] == [0]  # the other two wait for its answer
    quiet.set()
    await asyncio.gather(*tasks)
    turns.stop()
    assert [i for i, _ in started] == [0, 1, 2]


async def test_writes_with_nothing_answered_still_take_turns() -> None:
    quiet = asyncio.Event()
    quiet.set()  # nothing is being answered: timers due together let go of their writes
    r, turns, started = renderer(quiet), Turns(), []
    tasks = await writers(r, turns, 3, started)
    await asyncio.gather(*tasks)
    turns.stop()
    at = [turn for _, turn in started]
    assert len(set(at)) == 3, at


async def test_a_write_waits_for_answers_at_most_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.render.turns, "YIELD_AT_MOST", 0.01)
    quiet = asyncio.Event()  # clicks answered without end
    r, turns, started = renderer(quiet), Turns(), []
    tasks = await writers(r, turns, 2, started)
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    turns.stop()
    assert sorted(i for i, _ in started) == [0, 1]
