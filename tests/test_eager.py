"""Request bodies written at once (bot/eager.py): what Python 3.11 does not do by itself."""

from __future__ import annotations

import asyncio
import contextvars
import socket
import sys
import threading
import time

import aiohttp
import pytest

from bot import eager


def _serve_one(sock: socket.socket, arrived: list[float]) -> None:
    """Read one HTTP request, note when its whole body is in, answer 200."""
    conn, _ = sock.accept()
    with conn:
        data = b""
        while b"\r\n\r\n" not in data:
            data += conn.recv(65536)
        head, _, body = data.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        )
        while len(body) < length:
            body += conn.recv(65536)
        arrived.append(time.monotonic())
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")


async def test_a_request_body_is_on_the_socket_before_the_loop_turns():
    """The loop is about to be held up (other work ready to run: 0.3 s of it here) at the
    moment aiohttp sends a request: its body reaches the server before that work, not after.
    On 3.11 this is bot/eager.py's doing; on 3.12 and newer, aiohttp's own."""
    loop = asyncio.get_running_loop()
    installed = eager.install(loop)
    assert installed == (sys.version_info < (3, 12))
    try:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(1)
        arrived: list[float] = []
        server = threading.Thread(target=_serve_one, args=(sock, arrived), daemon=True)
        server.start()
        marks: list[float] = []

        async def hold_up_the_loop(*_: object) -> None:  # just before aiohttp sends
            marks.append(time.monotonic())
            loop.call_soon(time.sleep, 0.3)

        trace = aiohttp.TraceConfig()
        trace.on_connection_create_end.append(hold_up_the_loop)
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/answer"
        async with aiohttp.ClientSession(trace_configs=[trace]) as session:
            async with session.post(url, data=b"x" * 3000) as resp:
                assert await resp.read() == b"ok"
        server.join(5)
        sock.close()
        assert arrived and marks
        assert arrived[0] - marks[0] < 0.15  # without it: 0.3 s, once the loop turned
    finally:
        loop.set_task_factory(None)


async def test_only_the_body_writer_starts_early_and_it_goes_on_as_a_task(monkeypatch):
    """Every other coroutine becomes an ordinary task (its name and context kept). The body
    writer runs its first step at once; if it must wait then (a full socket), it goes on as a
    task: resumed with what it waited for, and cancelled like any task."""
    loop = asyncio.get_running_loop()
    steps: list[str] = []
    gate: asyncio.Future[str] = loop.create_future()

    async def writer() -> str:
        steps.append("first")
        got = await gate
        steps.append(got)
        return got + "!"

    monkeypatch.setattr(eager, "_WRITE_BYTES", writer.__code__)
    monkeypatch.setattr(eager.sys, "version_info", (3, 11, 0))
    assert eager.install(loop)
    try:
        var: contextvars.ContextVar[str] = contextvars.ContextVar("var")
        ctx = contextvars.copy_context()
        ctx.run(var.set, "mine")
        plain = asyncio.create_task(asyncio.sleep(0, "plain"), name="plain", context=ctx)
        assert plain.get_name() == "plain" and await plain == "plain" and steps == []

        task = asyncio.create_task(writer())
        assert steps == ["first"]  # before the loop turned
        gate.set_result("resumed")
        assert await task == "resumed!" and steps == ["first", "resumed"]

        gate2: asyncio.Future[str] = loop.create_future()

        async def waits_for_ever() -> str:
            return await gate2

        monkeypatch.setattr(eager, "_WRITE_BYTES", waits_for_ever.__code__)
        task = asyncio.create_task(waits_for_ever())
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert gate2.cancelled()

        async def done_at_once() -> int:
            return 7

        monkeypatch.setattr(eager, "_WRITE_BYTES", done_at_once.__code__)
        assert await asyncio.create_task(done_at_once()) == 7
    finally:
        loop.set_task_factory(None)
