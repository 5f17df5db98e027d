"""Answering in time while another write of the same message is under way."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord

from bot import answer
from bot.render import Writer


def _interaction() -> tuple[SimpleNamespace, asyncio.Event]:
    deferred = asyncio.Event()

    async def defer() -> None:
        deferred.set()

    click = discord.InteractionType.component
    return SimpleNamespace(response=SimpleNamespace(defer=defer), id=1, type=click), deferred


async def test_a_busy_writer_is_answered_at_once_and_written_after():
    """The click does not wait a round trip for the write ahead of it: it is acknowledged
    first, then takes the writer once that write is done."""
    lock, done_other = Writer(), asyncio.Event()
    interaction, deferred = _interaction()
    await lock.acquire()  # another answer's edit is under way
    mine = asyncio.ensure_future(answer._writer(interaction, lock, False))
    await asyncio.wait_for(deferred.wait(), 2)  # acknowledged while the other still writes
    assert not mine.done()
    done_other.set()
    lock.release()
    assert await mine is True
    assert lock.busy()  # held by this answer now
    lock.release()
    assert not lock.busy()


async def test_a_free_writer_is_taken_without_a_deferral():
    lock = Writer()
    interaction, deferred = _interaction()
    assert await answer._writer(interaction, lock, False) is False
    assert lock.busy() and not deferred.is_set()
    lock.release()


async def test_a_writer_just_handed_to_a_waiter_is_busy():
    """asyncio.Lock.locked() is False right after a release with a waiter not yet woken, and
    acquire() then queues behind that waiter. The writer hands itself straight to the waiter,
    so it is busy from that moment: the next answer is acknowledged first, never late."""
    lock, done_first = Writer(), asyncio.Event()
    await lock.acquire()
    order: list[str] = []

    async def first_writer() -> None:
        async with lock:
            order.append("first")
            await done_first.wait()  # a long HTTP round trip

    first = asyncio.ensure_future(first_writer())
    await asyncio.sleep(0)  # first now waits
    lock.release()  # handed to first, not yet woken
    assert lock.busy()
    interaction, deferred = _interaction()
    mine = asyncio.ensure_future(answer._writer(interaction, lock, False))
    await asyncio.wait_for(deferred.wait(), 2)
    assert order == ["first"] and not mine.done()
    done_first.set()
    await first
    assert await mine is True
    lock.release()
    assert not lock.busy()


async def test_a_waiter_cancelled_as_it_is_handed_the_writer_passes_it_on():
    lock = Writer()
    await lock.acquire()
    waiting = asyncio.ensure_future(lock.acquire())
    after = asyncio.ensure_future(lock.acquire())
    await asyncio.sleep(0)
    lock.release()  # handed to ``waiting``...
    waiting.cancel()  # ... which is cancelled before it runs
    await asyncio.gather(waiting, return_exceptions=True)
    await asyncio.wait_for(after, 2)  # the next in line has it
    assert lock.busy()
    lock.release()
    assert not lock.busy()


def test_the_deferral_counts_from_when_discord_made_the_interaction():
    """Discord's 3 seconds start when it made the interaction: time spent reaching the bot is
    taken off the 2 s of work before deferring, up to 1 s (a host clock off by seconds then
    defers sooner, never later)."""
    from bot.tables import DISCORD_EPOCH_MS

    made = 1_800_000_000.0
    snowflake = (int(made * 1000) - DISCORD_EPOCH_MS) << 22
    assert answer.defer_after(snowflake, made) == answer.DEFER_AFTER == 2.0
    assert abs(answer.defer_after(snowflake, made + 0.4) - 1.6) < 1e-6  # 0.4 s on the way
    assert answer.defer_after(snowflake, made + 30) == 1.0  # the host's clock is ahead
    assert answer.defer_after(snowflake, made - 30) == 2.0  # ... or behind
