"""What goes wrong with a database, said so that a person knows what to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path


class Stale(Exception):
    """Another writer moved this table on first (another copy of the bot, while shards move):
    the transaction was refused and nothing of it was written. The table in memory is behind
    the store and must be read again; it is never written over."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table #{table_id} was changed by another writer")
        self.table_id = table_id


class DatabaseInUse(Exception):
    """Another store holds this database: another copy of the bot is running on it."""

    # what to do, said after the message
    advice = (
        "Stop that one first (one copy per database), or give this one a database of its own "
        "(DATABASE_URL in .env)"
    )

    def __init__(self, path: Path | str, holder: str) -> None:
        who = f" (process {holder})" if holder.isdigit() else ""
        super().__init__(f"another copy of Barkeep is already using {path}{who}")
        self.path, self.holder = path, holder


class ShardTaken(DatabaseInUse):
    """Another copy of the bot serves a shard this one was told to serve (PostgreSQL): two
    copies would both answer that shard's servers and undo each other's moves."""

    advice = (
        "Stop that copy first, or give this one other SHARD_IDS; every copy on one database "
        "must use the same SHARD_COUNT"
    )

    def __init__(self, what: str, holder: str) -> None:
        Exception.__init__(self, f"{what} is already served by another copy of Barkeep ({holder})")
        self.path, self.holder = what, holder


class NotOurs(sqlite3.DatabaseError):
    """A SQLite file that is not a Barkeep database: another program's (tables, and no record
    of Barkeep's migrations)."""


class Newer(sqlite3.DatabaseError):
    """A Barkeep database that a newer Barkeep has migrated (an update rolled back, a copy
    from another machine): this code does not know its schema."""


class DatabaseUnusable(Exception):
    """The database can't be opened or read: a folder, a file that is not SQLite (or is
    damaged), a folder this user may not write in; a PostgreSQL server that can't be reached
    or refuses the login (:meth:`said`)."""

    fix: str
    # the server could not be reached: starting again later may work (exit 3, not 2)
    unreachable = False

    @classmethod
    def said(cls, message: str, fix: str, *, unreachable: bool = False) -> DatabaseUnusable:
        """A database that is not a file (PostgreSQL): ``message`` says why, ``fix`` what to do."""
        err = cls.__new__(cls)
        Exception.__init__(err, message)
        err.fix, err.path, err.unreachable = fix, None, unreachable
        return err

    def __init__(self, path: Path, err: BaseException) -> None:
        self.fix = "Set DATABASE_URL in .env to a file this user can write"  # what to do
        if path.is_dir():
            why = f"it is a folder; name a file in it, such as {path / 'barkeep.db'}"
        elif isinstance(err, FileExistsError | NotADirectoryError):
            why = "a file stands where one of its folders should be"
        elif isinstance(err, PermissionError) or "readonly" in str(err):
            why = f"this user may not write there ({err})"
            self.fix = (
                f"Give this user write access to {path.parent} and the files in it (for "
                f"example: sudo chown -R $USER {path.parent}), or set "
                "DATABASE_URL in .env to a file this user can write"
            )
        elif isinstance(err, Newer):
            why = f"a newer Barkeep has updated it ({err})"
            self.fix = (
                "Run that newer version (git pull), or restore the backup taken before the "
                "update, or set DATABASE_URL in .env to a new file"
            )
        elif isinstance(err, NotOurs):
            why = f"it is another program's database ({err}); Barkeep leaves it as it is"
            self.fix = "Set DATABASE_URL in .env to a file of Barkeep's own (a new one is made)"
        elif isinstance(err, sqlite3.DatabaseError) and (
            "not a database" in str(err) or "malformed" in str(err)
        ):
            why = f"the file is not a SQLite database, or is damaged ({err})"
            self.fix = (
                "Restore a backup (README: Back up the database), or set DATABASE_URL in "
                ".env to a new file"
            )
        else:
            why = str(err) or type(err).__name__
        super().__init__(f"can't use the database {path}: {why}")
        self.path: Path | None = path


class AlreadyApplied(Exception):
    """The interaction a transaction was guarded with is in the action log already: nothing of
    the transaction was written."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(f"interaction already applied as action {seq} of table #{table_id}")
        self.table_id, self.seq = table_id, seq
