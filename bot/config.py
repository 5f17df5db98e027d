"""Settings from the environment or a ``.env`` file, checked with messages that say what to do."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

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
SCOPES = ("bot", "applications.commands")  # a bot user, and its slash commands


def invite_permissions() -> discord.Permissions:
    """The permissions Barkeep's invite asks for (see :data:`PERMISSIONS`)."""
    return discord.Permissions(**dict.fromkeys(PERMISSIONS, True))


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
    database_path: Path
    dev_guild_id: int | None
    log_level: str

    def __repr__(self) -> str:  # never print the token
        return (
            f"Settings(token=<hidden>, database_path={str(self.database_path)!r}, "
            f"dev_guild_id={self.dev_guild_id}, log_level={self.log_level!r})"
        )


def database_path(url: str, root: Path) -> Path:
    """``sqlite:///relative/path.db`` (from the project folder) or ``sqlite:////abs/path.db``."""
    if not url.startswith("sqlite:///"):
        raise ConfigError(
            f"DATABASE_URL must start with sqlite:/// (got {url.split(':', 1)[0]!r}). "
            f"Use {DEFAULT_DATABASE_URL} for the default file, or sqlite:////abs/path.db."
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
    return Settings(token, database_path(url, root), dev_guild_id, level)


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
