"""A request's body written at once on Python 3.11, as aiohttp does on 3.12 and newer.

aiohttp sends a request's headers and body from a task of its own (``ClientRequest.write_bytes``).
On Python 3.12 and newer it starts that task eagerly (asyncio's ``eager_start``): the request is
on the socket before ``send`` returns. Python 3.11 has no eager tasks, so there the task waits
for the event loop's next turn, behind everything else ready to run: on a busy bot, an answer
that is ready can wait several milliseconds more before Discord sees it.

:func:`install` gives the bot's event loop, on 3.11 only, a task factory that runs the first
step of that one coroutine at once, as ``eager_start`` does; every other task is made as
usual. A body written in one go (Barkeep's answers and edits are a few kilobytes) finishes in
that step; a write that must wait for the socket goes on as an ordinary task.
"""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Coroutine, Generator
from typing import Any

from aiohttp import client_reqrep

_WRITE_BYTES = getattr(getattr(client_reqrep.ClientRequest, "write_bytes", None), "__code__", None)


def install(loop: asyncio.AbstractEventLoop) -> bool:
    """Write request bodies at once on this loop (Python 3.11, no task factory of its own yet).
    Returns whether it did."""
    if sys.version_info >= (3, 12) or _WRITE_BYTES is None or loop.get_task_factory() is not None:
        return False
    loop.set_task_factory(_factory)
    return True


def _factory(
    loop: asyncio.AbstractEventLoop, coro: Any, *, context: Any = None
) -> asyncio.Future[Any]:
    if getattr(coro, "cr_code", None) is not _WRITE_BYTES:
        return asyncio.Task(coro, loop=loop, context=context)
    try:
        waiting = coro.send(None)  # the first step, now
    except StopIteration as done:
        future = loop.create_future()
        future.set_result(done.value)
        return future
    except BaseException as err:  # as a task that failed in its first step
        future = loop.create_future()
        future.set_exception(err)
        return future
    return asyncio.Task(_go_on(coro, waiting), loop=loop, context=context)


@types.coroutine
def _go_on(coro: Coroutine[Any, Any, Any], waiting: Any) -> Generator[Any, Any, Any]:
    """The rest of a coroutine whose first step ran already and yielded ``waiting`` (the
    future it waits for): the task waits for that, then steps the coroutine on; an exception
    thrown into the task (a cancellation) is thrown into the coroutine."""
    while True:
        try:
            yield waiting
        except BaseException as err:
            try:
                waiting = coro.throw(err)
            except StopIteration as done:
                return done.value
            continue
        try:
            waiting = coro.send(None)
        except StopIteration as done:
            return done.value
