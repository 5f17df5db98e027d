"""The write-ahead log made durable in the background, for many commits at once.

At ``synchronous=FULL`` SQLite syncs the log inside each COMMIT: the connection is busy for the
fsync, and a commit queued behind it waits for that one and then its own. Here the store
commits at ``synchronous=NORMAL`` (the commit is in the log, in the operating system's cache,
and no other connection or process can see anything else) and :class:`LogSync`'s thread makes
the log durable with one ``fdatasync`` for every commit made before it began. An action is
answered only once a sync that began after its COMMIT has returned: the same promise as FULL
(on disk, even through a power cut, before the answer), while the next transactions run and
commit meanwhile and share the next sync. In WAL mode a NORMAL commit is atomic and the
database consistent whatever happens; only its durability waits for the sync.

SQLite syncs the log itself before it copies it into the database (a checkpoint). With the
store's connection's automatic checkpoints off (a checkpoint in a COMMIT holds whoever
commits, for some milliseconds), :class:`Checkpointer` runs them on a connection and a thread of
its own: a PASSIVE checkpoint neither waits for nor holds up the store's writes.

Both need a platform with ``os.fdatasync`` (Linux); elsewhere the store keeps FULL
(:func:`available`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 1.0  # seconds between checkpoints while anything is committed
CLOSE_WAIT = 5.0  # seconds a close waits for a thread's last sync or checkpoint


def available() -> bool:
    return hasattr(os, "fdatasync")


class LogSync:
    """Syncs the write-ahead log at ``wal`` on a thread of its own, for the commits noted with
    :meth:`committed`, and calls back on ``loop`` once they are on disk (:meth:`when_synced`)."""

    def __init__(self, wal: str, loop: asyncio.AbstractEventLoop) -> None:
        self._fd = os.open(wal, os.O_RDONLY)
        self._loop = loop
        self._cond = threading.Condition()
        self._noted = 0  # commits noted so far (each one's number: its generation)
        self._synced = 0  # every commit up to this one is on disk (the thread writes it)
        self._done = 0  # the same, as the event loop knows it (it calls the waiters)
        self._waiting: list[tuple[int, Callable[..., None], tuple[Any, ...]]] = []
        self._closing = False
        self._closed = False  # stopped: waiters are called at once
        self.syncs = 0  # fdatasync calls made (for tests and benchmarks)
        self._thread = threading.Thread(target=self._run, name="barkeep-logsync", daemon=True)
        self._thread.start()

    def committed(self) -> int:
        """Note a commit just made (on any thread): returns its generation."""
        with self._cond:
            self._noted += 1
            self._cond.notify()
            return self._noted

    @property
    def generation(self) -> int:
        """The newest commit noted: what a read made now may have seen."""
        return self._noted

    def when_synced(self, generation: int, fn: Callable[..., None], *args: Any) -> None:
        """On the event loop: call ``fn(*args)`` once every commit up to ``generation`` is on
        disk (at once if it is)."""
        if generation <= self._done or self._closed:
            fn(*args)
        else:
            self._waiting.append((generation, fn, args))

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._noted <= self._synced and not self._closing:
                    self._cond.wait()
                if self._noted <= self._synced:  # closing, and nothing left to sync
                    return
                target = self._noted
            try:
                self._fsync()
            except Exception:
                # The commits stay in the database (they are committed, and the tables in
                # memory show them); only a power cut could now lose them. Answering them is
                # what keeps the store and the tables in memory the same.
                log.exception("could not sync the database's log to disk")
            self.syncs += 1
            with self._cond:
                self._synced = target
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                self._loop.call_soon_threadsafe(self._synced_to, target)

    def _fsync(self) -> None:
        os.fdatasync(self._fd)

    def _synced_to(self, target: int) -> None:
        """On the event loop: call the waiters the sync up to ``target`` covers, in order."""
        self._done = max(self._done, target)
        ready = [w for w in self._waiting if w[0] <= self._done]
        if not ready:
            return
        self._waiting = [w for w in self._waiting if w[0] > self._done]
        for _, fn, args in sorted(ready, key=lambda w: w[0]):
            fn(*args)

    def close(self) -> None:
        """On the event loop: sync what is left, call its waiters and stop the thread."""
        with self._cond:
            self._closing = True
            self._cond.notify()
        self._thread.join(CLOSE_WAIT)
        self._closed = True
        self._synced_to(self._synced)
        for _, fn, args in self._waiting:  # a sync that never returned: nobody is left to wait
            fn(*args)
        self._waiting = []
        os.close(self._fd)


class Checkpointer:
    """Copies the write-ahead log into the database (a PASSIVE checkpoint) every
    :data:`CHECKPOINT_EVERY` seconds while commits are made, on a connection and thread of its
    own."""

    def __init__(self, path: str, sync: LogSync, every: float | None = None) -> None:
        self._path = path
        self._sync = sync
        self._every = CHECKPOINT_EVERY if every is None else every
        self._stop = threading.Event()
        self.last: tuple[int, int, int] | None = None  # (busy, log frames, copied) of the last
        self.ran = threading.Event()  # set after each checkpoint (for tests)
        self._thread = threading.Thread(target=self._run, name="barkeep-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        con = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            con.execute("PRAGMA synchronous = NORMAL")  # the log synced before it is copied
            seen = self._sync.generation
            while not self._stop.wait(self._every):
                now = self._sync.generation
                if now == seen:
                    continue
                seen = now
                try:
                    self.last = tuple(con.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone())
                except sqlite3.Error as err:  # the next round tries again
                    log.warning("checkpoint failed: %s", err)
                self.ran.set()
        finally:
            con.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(CLOSE_WAIT)
