"""A throwaway PostgreSQL cluster for the tests and benchmarks: no server needs to run.

The cluster lives in a temporary folder, listens on a free loopback port, and is gone when
:meth:`Cluster.stop` has run. PostgreSQL refuses to run as root (CI and these machines run as
root), so as root its programs run as the ``postgres`` user (Debian's packages make it).
pytest-postgresql starts clusters the same way but always as the current user, which is why
this small module does it instead.

Each test gets a database of its own, copied from a template that is migrated once
(:meth:`Cluster.new_database`), so a test starts in milliseconds with Barkeep's schema.
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

TEMPLATE = "barkeep_template"


def programs() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl, postgres), if installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _blocking(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` to its end on a loop of its own (whether or not a loop runs here)."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as err:  # noqa: BLE001 - raised again below
            errors.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return out[0] if out else None


class Cluster:
    """One PostgreSQL server on 127.0.0.1, its data in a temporary folder.

    ``durable``: commits wait for the disk as in production (the benchmarks); the tests turn
    that off, since a crash of the test cluster loses nothing anyone needs."""

    def __init__(self, durable: bool = False) -> None:
        bin_dir = programs()
        if bin_dir is None:
            raise FileNotFoundError("PostgreSQL's programs (pg_ctl, initdb) are not installed")
        self.bin = bin_dir
        self.durable = durable
        self.port = _free_port()
        self.root = Path(tempfile.mkdtemp(prefix="barkeep-pg-"))
        self.data = self.root / "data"
        self.user = "barkeep"
        self._as: list[str] = []
        self._counter = 0
        self._lock = threading.Lock()
        if os.geteuid() == 0:  # PostgreSQL won't run as root
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.root, "postgres")
        self.running = False

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, text=True)

    def start(self) -> Cluster:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C",
        )
        options = [
            f"-p {self.port}",
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.root}",
            "-c max_connections=200",
            "-c shared_buffers=64MB",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            " ".join(options),
            "-w",
            "-t",
            "60",
            "start",
        )
        self.running = True
        return self

    def stop(self) -> None:
        if self.running:
            try:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
            finally:
                self.running = False
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def admin(self, *statements: str) -> None:
        """Run statements on the ``postgres`` database (CREATE/DROP DATABASE, say)."""

        async def run() -> None:
            import asyncpg

            con = await asyncpg.connect(self.url())
            try:
                for sql in statements:
                    await con.execute(sql)
            finally:
                await con.close()

        _blocking(run())

    def prepare_template(self) -> None:
        """A database with Barkeep's schema, that every test's database is copied from."""
        from bot.store import Store

        self.admin(f"DROP DATABASE IF EXISTS {TEMPLATE}", f"CREATE DATABASE {TEMPLATE}")

        async def migrate() -> None:
            store = await Store.open(self.url(TEMPLATE))
            await store.close()

        _blocking(migrate())

    def new_database(self, empty: bool = False) -> str:
        """A new database (Barkeep's schema in it, unless ``empty``): its URL."""
        with self._lock:
            self._counter += 1
            name = f"t{os.getpid()}_{self._counter}"
        template = "template0" if empty else TEMPLATE
        self.admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
