"""What the tests need to know of the backend they run on (tests/conftest.py picks it)."""

from __future__ import annotations

import sqlite3

import asyncpg

from bot.store import Stale

# a constraint refused a write (a unique key, a CHECK), on either backend
INTEGRITY = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
# a write another writer got to first: PostgreSQL says so of a sequence number taken twice
CONFLICT = (*INTEGRITY, Stale)
