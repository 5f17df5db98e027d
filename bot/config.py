"""Settings from the environment or a ``.env`` file, checked with messages that say what to do."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
from dotenv import dotenv_values

DEFAULT_DATABASE_URL = "sqlite:///data/barkeep.db"
PLACEHOLDER = "paste-your-bot-token-here"  # the value in .env.example
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# A bot token is three base64url parts joined by dots: the bot's id, a timestamp, an HMAC.
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


# What Barkeep does in a channel decides what its invite asks for: nothing more.
# (Interaction answers, which post a table and edit it for 15 minutes after a click, and every
# private view need no channel permission at all; these are for the bot's own requests.)
PERMISSIONS = {  # attribute of discord.Permissions -> its name in a channel's settings
    "view_channel": "View Channel",  # any request of its own there: edit, post
    "send_messages": "Send Messages",  # post a table anew (its message deleted), turn pings
    "send_messages_in_threads": "Send Messages in Threads",  # the same for a table in a thread
    "embed_links": "Embed Links",  # tables are embeds: posting or editing them
}
# ... and for the spectators' play-by-play (/settings thread): a thread on a table's message
THREAD_PERMISSIONS = {"create_public_threads": "Create Public Threads"}
SCOPES = ("bot", "applications.commands")  # a bot user, and its slash commands


def invite_permissions() -> discord.Permissions:
    """The permissions Barkeep's invite asks for (:data:`PERMISSIONS` and
    :data:`THREAD_PERMISSIONS`)."""
    return discord.Permissions(**dict.fromkeys([*PERMISSIONS, *THREAD_PERMISSIONS], True))


def invite_url(client_id: int | str, guild_id: int | None = None) -> str:
    """The link that adds Barkeep to a server with its permissions and slash commands
    (``guild_id``: that server chosen already). Opening it again for a server Barkeep is in
    adds what the first invite lacked."""
    url = (
        f"https://discord.com/oauth2/authorize?client_id={client_id}"
        f"&permissions={invite_permissions().value}&scope={'+'.join(SCOPES)}"
    )
    return url + (f"&guild_id={guild_id}&disable_guild_select=true" if guild_id else "")


class ConfigError(Exception):
    """A setting is missing or wrong; the message tells the person how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path | str  # a SQLite file, or a postgresql:// URL
    dev_guild_id: int | None
    log_level: str
    shard_count: int | None = None  # SHARD_COUNT (None: as Discord recommends, all here)
    shard_ids: tuple[int, ...] | None = None  # the shards this copy serves (None: every one)

    def __repr__(self) -> str:  # never print the token, nor a database password
        where = self.database_path
        shown = redact_url(where) if isinstance(where, str) else str(where)
        return (
            f"Settings(token=<hidden>, database_path={shown!r}, "
            f"dev_guild_id={self.dev_guild_id}, log_level={self.log_level!r}, "
            f"shard_count={self.shard_count}, shard_ids={self.shard_ids})"
        )

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """(SHARD_COUNT, the shards served here), or None without SHARD_COUNT (one connection)."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return self.shard_count, self.shard_ids


def redact_url(url: str) -> str:
    """A database URL without its password."""
    return re.sub(r"(//[^:/@]*):[^@/]*@", r"\1:***@", url)


POSTGRES_EXAMPLE = "postgresql://barkeep:password@localhost:5432/barkeep"


def postgres_url(url: str) -> str:
    """A PostgreSQL URL, checked for what asyncpg needs: a database name, a host (in the URL
    or as ?host=/socket/folder)."""
    parts = urlsplit(url)
    host = parts.hostname or parse_qs(parts.query).get("host", [""])[0]
    if not host:
        raise ConfigError(f"DATABASE_URL names no PostgreSQL server. Example: {POSTGRES_EXAMPLE}")
    if not parts.path.strip("/"):
        raise ConfigError(
            f"DATABASE_URL names no database (the part after the last /). Example: "
            f"{POSTGRES_EXAMPLE}"
        )
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise ConfigError(
            f"DATABASE_URL has a port that is not a number. Example: {POSTGRES_EXAMPLE}"
        ) from None
    return url


def shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``0,1,2``, ``0-3`` or both (``0-1,4``): each shard below ``count``, none twice."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if m is None:
            raise ConfigError(
                f"SHARD_IDS must be shard numbers such as 0,1 or a range such as 0-3, got {text!r}."
            )
        first, last = int(m[1]), int(m[2] or m[1])
        if last < first:
            raise ConfigError(f"SHARD_IDS has a range that runs backwards: {part!r}.")
        ids.extend(range(first, last + 1))
    if not ids:
        raise ConfigError("SHARD_IDS is empty. Name the shards this copy serves, such as 0,1.")
    if max(ids) >= count:
        raise ConfigError(
            f"SHARD_IDS names shard {max(ids)}, but SHARD_COUNT={count} has shards 0 to "
            f"{count - 1}."
        )
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS names a shard twice: {text!r}.")
    return tuple(sorted(ids))


def database_path(url: str, root: Path) -> Path | str:
    """``sqlite:///relative/path.db`` (from the project folder) or ``sqlite:////abs/path.db``:
    the file's path; ``postgresql://user:password@host:port/database``: the URL."""
    if url.startswith(("postgresql://", "postgres://")):
        return postgres_url(url)
    if not url.startswith("sqlite:///"):
        raise ConfigError(
            f"DATABASE_URL must start with sqlite:/// or postgresql:// (got "
            f"{url.split(':', 1)[0]!r}). Use {DEFAULT_DATABASE_URL} for the default file, "
            f"sqlite:////abs/path.db, or {POSTGRES_EXAMPLE}."
        )
    rest = url[len("sqlite:///") :]
    if not rest or rest.endswith("/"):
        raise ConfigError("DATABASE_URL names no file. Example: sqlite:///data/barkeep.db")
    path = Path(rest)
    return path if path.is_absolute() else root / path


CHECKOUT = Path(__file__).resolve().parent.parent


def project_folder() -> Path:
    """Where ``.env`` is read from and relative paths start: the project folder (the checkout
    Barkeep runs from, as the README installs it) whatever the current folder, so a start from
    elsewhere (``/path/to/.venv/bin/python -m bot``, a service without a working directory)
    finds the same settings and database. The current folder for a copy installed without its
    checkout."""
    return CHECKOUT if (CHECKOUT / "pyproject.toml").is_file() else Path.cwd()


def load_settings(env_file: Path | None = None, environ: dict[str, str] | None = None) -> Settings:
    """Read settings: real environment variables win over the ``.env`` file."""
    root = project_folder()
    env_file = env_file if env_file is not None else root / ".env"
    values: dict[str, str] = {}
    if env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    token = values.get("DISCORD_TOKEN", "").strip()
    if token == PLACEHOLDER:
        raise ConfigError(
            "DISCORD_TOKEN in .env is still the example's placeholder. Paste your bot's token "
            "there (Discord Developer Portal > your application > Bot > Reset Token)."
        )
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set. Copy .env.example to .env and paste your bot's token "
            "(Discord Developer Portal > your application > Bot > Reset Token)."
        )
    if token.lower().startswith("bot "):
        raise ConfigError("DISCORD_TOKEN should be the token alone, without the 'Bot ' prefix.")
    if len(token) > 1 and token[0] == token[-1] and token[0] in "'\"":
        raise ConfigError(  # .env drops them, a shell or a service file's Environment= may not
            "DISCORD_TOKEN should be the token alone, without quotes around it."
        )
    if not TOKEN_SHAPE.match(token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a bot token (three parts separated by dots). "
            "Copy it again from Developer Portal > Bot > Reset Token; the client secret or "
            "public key will not work."
        )

    guild = values.get("DEV_GUILD_ID", "").strip()
    dev_guild_id = None
    if guild:
        if not guild.isdigit():
            raise ConfigError(
                f"DEV_GUILD_ID must be a server id (digits only), got {guild!r}. Turn on "
                "Developer Mode in Discord, right-click your server, Copy Server ID; or leave "
                "it empty to sync commands globally."
            )
        dev_guild_id = int(guild)

    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {level!r}.")

    url = values.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    database = database_path(url, root)

    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    count: int | None = None
    ids: tuple[int, ...] | None = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise ConfigError(
                f"SHARD_COUNT must be a whole number of shards, 1 or more, got {count_text!r}. "
                "Leave it empty to let Discord recommend the count."
            )
        count = int(count_text)
        ids = shard_ids(ids_text, count) if ids_text else tuple(range(count))
    elif ids_text:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT, the number of shards of every copy together "
            "(for example SHARD_COUNT=4 with SHARD_IDS=0,1 here and SHARD_IDS=2,3 elsewhere)."
        )
    if count is not None and ids is not None and len(ids) < count and isinstance(database, Path):
        raise ConfigError(
            "SHARD_IDS splits the shards between copies, and copies share one database: that "
            f"needs PostgreSQL (DATABASE_URL={POSTGRES_EXAMPLE}). One SQLite file serves one "
            "copy, which takes every shard: leave SHARD_IDS empty."
        )
    return Settings(token, database, dev_guild_id, level, count, ids)


class RedactToken(logging.Filter):
    """Belt and braces: replaces the token wherever it would reach a log line."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token and self.token in message:
            record.msg = message.replace(self.token, "<token>")
            record.args = None
        return True
