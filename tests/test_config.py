"""Settings: clear errors that say what to do, and the token never printed."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, RedactToken, load_settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
ROOT = Path(__file__).resolve().parent.parent


def settings(**env):
    return load_settings(env_file=Path("/nonexistent"), environ=env)


def test_defaults():
    s = settings(DISCORD_TOKEN=TOKEN)
    assert s.database_path == Path.cwd() / "data" / "barkeep.db"
    assert s.dev_guild_id is None and s.log_level == "INFO"
    assert TOKEN not in repr(s)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({}, "DISCORD_TOKEN is not set. Copy .env.example to .env"),
        ({"DISCORD_TOKEN": "paste-your-bot-token-here"}, "still the example's placeholder"),
        ({"DISCORD_TOKEN": "Bot " + TOKEN}, "without the 'Bot ' prefix"),
        ({"DISCORD_TOKEN": "abc123"}, "does not look like a bot token"),
        ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a server id"),
        ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
        (
            {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgres://x"},
            "DATABASE_URL must start with sqlite:///",
        ),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite:///"}, "DATABASE_URL names no file"),
    ],
)
def test_bad_settings_say_what_to_do(env, says):
    with pytest.raises(ConfigError, match=says.replace("(", r"\(").replace(")", r"\)")):
        settings(**env)


def test_database_url_forms(tmp_path):
    assert settings(DISCORD_TOKEN=TOKEN, DATABASE_URL="sqlite:////tmp/x.db").database_path == Path(
        "/tmp/x.db"
    )
    assert (
        settings(DISCORD_TOKEN=TOKEN, DATABASE_URL="sqlite:///db/y.db").database_path
        == Path.cwd() / "db/y.db"
    )


def test_env_file_is_read_and_environment_wins(tmp_path):
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    s = load_settings(env_file=env, environ={"LOG_LEVEL": "WARNING"})
    assert s.dev_guild_id == 123 and s.log_level == "WARNING"


def test_token_is_redacted_from_logs(caplog):
    logger = logging.getLogger("barkeep.test")
    logger.addFilter(RedactToken(TOKEN))
    with caplog.at_level(logging.INFO, logger="barkeep.test"):
        logger.info("connecting with %s", TOKEN)
    assert TOKEN not in caplog.text and "<token>" in caplog.text


def test_python_m_bot_without_token_exits_with_advice(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL")
    }
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN is not set. Copy .env.example to .env" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_env_example_holds_the_placeholder_and_every_setting():
    example = (ROOT / ".env.example").read_text()
    assert "DISCORD_TOKEN=paste-your-bot-token-here" in example
    for name in ("DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        assert f"\n{name}=" in example
