"""The drawing process: tables' pictures drawn away from the bot's event loop.

The bot starts one (``python -m bot.art.worker``) at its first picture and talks to it over its
standard input and output: a picture goes there pickled, a PNG comes back, each framed by its
length. A worker of our own rather than multiprocessing's: that one starts by importing the
bot's main script again, which a launcher without a ``__main__`` guard would run a second time.
The worker ends when the bot does (its input closes). Errors come back as text and are raised
in the bot; a worker that died is started again once.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import subprocess
import sys
import threading
from typing import IO, Any

OK, FAILED = b"\0", b"\1"


def _read(stream: IO[bytes], n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            raise EOFError("the drawing process closed its output")
        data += chunk
    return data


def _frame(status: bytes, body: bytes) -> bytes:
    return status + len(body).to_bytes(4, "big") + body


class Drawer:
    """The bot's side: one drawing process, asked one picture at a time (from worker threads:
    :func:`bot.art.picture.render_apart`)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen[bytes]:
        path = os.pathsep.join(p for p in sys.path if p)  # it imports the bot as this one does
        env = dict(os.environ, PYTHONPATH=path)
        return subprocess.Popen(
            [sys.executable, "-m", "bot.art.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )

    def draw(self, picture: Any, four_colour: bool) -> bytes:
        """The picture's PNG (raises what the drawing raised, as a RuntimeError)."""
        request = pickle.dumps((picture, four_colour))
        with self._lock:
            for attempt in (1, 2):
                if self._proc is None or self._proc.poll() is not None:
                    self._proc = self._start()
                proc = self._proc
                assert proc.stdin is not None and proc.stdout is not None
                try:
                    proc.stdin.write(len(request).to_bytes(4, "big") + request)
                    proc.stdin.flush()
                    status = _read(proc.stdout, 1)
                    body = _read(proc.stdout, int.from_bytes(_read(proc.stdout, 4), "big"))
                except (OSError, EOFError):
                    proc.kill()
                    self._proc = None
                    if attempt == 2:
                        raise
                    continue
                if status != OK:
                    raise RuntimeError(body.decode(errors="replace"))
                return body
        raise AssertionError("unreachable")


DRAWER = Drawer()  # the bot process's one drawing process


async def render_apart(picture: Any, *, four_colour: bool = False) -> bytes:
    """:func:`bot.art.picture.render`, in the drawing process: Pillow holds the GIL for much of
    a picture's 5-17 ms, and drawn in a thread it would hold up the event loop's answers."""
    return await asyncio.to_thread(DRAWER.draw, picture, four_colour)


def main() -> None:
    """The drawing process: read pictures, write PNGs, until the bot closes our input."""
    from bot.art.picture import render

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            size = int.from_bytes(_read(stdin, 4), "big")
        except EOFError:
            return
        picture, four_colour = pickle.loads(_read(stdin, size))
        try:
            reply = _frame(OK, render(picture, four_colour=four_colour))
        except Exception as err:  # told to the bot, which logs it and shows text only
            reply = _frame(FAILED, f"{type(err).__name__}: {err}".encode())
        stdout.write(reply)
        stdout.flush()


if __name__ == "__main__":
    main()
