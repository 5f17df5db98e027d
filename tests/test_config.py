"""Settings: clear errors that say what to do, and the token never printed."""

from __future__ import annotations

import logging
import os
import re
import shutil
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
    assert s.database_path == ROOT / "data" / "barkeep.db"  # the project folder's
    assert s.dev_guild_id is None and s.log_level == "INFO"
    assert TOKEN not in repr(s)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({}, "DISCORD_TOKEN is not set. Copy .env.example to .env"),
        ({"DISCORD_TOKEN": "paste-your-bot-token-here"}, "still the example's placeholder"),
        ({"DISCORD_TOKEN": "Bot " + TOKEN}, "without the 'Bot ' prefix"),
        ({"DISCORD_TOKEN": f'"{TOKEN}"'}, "without quotes around it"),
        ({"DISCORD_TOKEN": f"'{TOKEN}'"}, "without quotes around it"),
        ({"DISCORD_TOKEN": "abc123"}, "does not look like a bot token"),
        ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a server id"),
        ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
        (
            {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://x/db"},
            "DATABASE_URL must start with sqlite:/// or postgresql://",
        ),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite:///"}, "DATABASE_URL names no file"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgres://x"}, "names no database"),
        (
            {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql:///db"},
            "names no PostgreSQL server",
        ),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql://h:x/db"}, "port that is not a"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "2"}, "has shards 0 to 1"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "a"}, "SHARD_IDS must be"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "runs backwards"),
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "1,0-1"}, "a shard twice"),
        # copies that split the shards share a database: not one SQLite file
        ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "1"}, "needs PostgreSQL"),
    ],
)
def test_bad_settings_say_what_to_do(env, says):
    with pytest.raises(ConfigError, match=says.replace("(", r"\(").replace(")", r"\)")):
        settings(**env)


def test_postgres_and_shards():
    url = "postgresql://bar:s3cret@db.example:5433/barkeep"
    s = settings(DISCORD_TOKEN=TOKEN, DATABASE_URL=url, SHARD_COUNT="4", SHARD_IDS="2-3,0")
    assert s.database_path == url and s.shards == (4, (0, 2, 3))
    assert "s3cret" not in repr(s) and "bar:***@db.example" in repr(s)
    one = settings(DISCORD_TOKEN=TOKEN, SHARD_COUNT="3")  # one copy, every shard: SQLite will do
    assert one.shards == (3, (0, 1, 2)) and isinstance(one.database_path, Path)
    assert settings(DISCORD_TOKEN=TOKEN).shards is None  # one connection, as Discord sees fit
    socket = settings(DISCORD_TOKEN=TOKEN, DATABASE_URL="postgresql:///db?host=/run/postgresql")
    assert socket.database_path == "postgresql:///db?host=/run/postgresql"


def test_database_url_forms(tmp_path):
    assert settings(DISCORD_TOKEN=TOKEN, DATABASE_URL="sqlite:////tmp/x.db").database_path == Path(
        "/tmp/x.db"
    )
    assert (
        settings(DISCORD_TOKEN=TOKEN, DATABASE_URL="sqlite:///db/y.db").database_path
        == ROOT / "db/y.db"
    )


def test_settings_and_the_database_are_found_from_any_folder(tmp_path):
    """``.env`` and a relative DATABASE_URL are the project folder's, wherever Barkeep is
    started from (before, a start from another folder missed .env, or made a new, empty
    database there: every table and the tally looked lost)."""
    probe = "from bot.config import load_settings as l; print(l(environ=dict(DISCORD_TOKEN=%r)))"
    proc = subprocess.run(
        [sys.executable, "-c", probe % TOKEN],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"database_path='{ROOT / 'data' / 'barkeep.db'}'" in proc.stdout


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


def python_m_bot(folder: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` started in ``folder`` with these settings (the others unset)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL")
    }
    env.update(PYTHONPATH=str(ROOT), **settings)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_python_m_bot_without_token_exits_with_advice(tmp_path):
    # an empty token as unset, whatever a .env in the project folder holds
    proc = python_m_bot(tmp_path, DISCORD_TOKEN="")
    assert proc.returncode == 2
    assert "DISCORD_TOKEN is not set. Copy .env.example to .env" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_postgresql_server_out_of_reach_is_said_and_exits_3(tmp_path):
    """A database server not up yet (a boot, a restart of the server): exit 3, which systemd
    restarts (2, a setting to fix, it does not), with what to check."""
    proc = python_m_bot(  # nothing listens on port 1
        tmp_path,
        DISCORD_TOKEN=TOKEN,
        DATABASE_URL="postgresql://barkeep:hunter2@127.0.0.1:1/barkeep",
    )
    assert proc.returncode == 3, proc.stderr
    assert (
        "can't reach the PostgreSQL server of postgresql://barkeep:***@127.0.0.1:1" in proc.stderr
    )
    assert "Check that the server runs" in proc.stderr
    assert "hunter2" not in proc.stderr and "Traceback" not in proc.stderr


def test_env_example_holds_the_placeholder_and_every_setting():
    example = (ROOT / ".env.example").read_text()
    assert "DISCORD_TOKEN=paste-your-bot-token-here" in example
    for name in ("DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "SHARD_COUNT", "SHARD_IDS"):
        assert f"\n{name}=" in example


def test_the_invite_asks_for_what_barkeep_does_and_the_readme_link_is_that_one():
    from bot.config import PERMISSIONS, THREAD_PERMISSIONS, invite_permissions, invite_url

    perms = invite_permissions()
    # nothing more than the lists (each with its reason) in bot/config.py
    wanted = {**PERMISSIONS, **THREAD_PERMISSIONS}
    assert all(getattr(perms, attr) for attr in wanted)
    assert bin(perms.value).count("1") == len(wanted)
    # View Channel, Send Messages (+ in threads), Embed Links, Create Public Threads
    assert perms.value == 309237664768
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", readme)
    assert links, "the README has no invite link"
    for link in links:
        assert link == invite_url("YOUR_APPLICATION_ID"), link
    assert f"({perms.value})" in readme  # the number as the README spells it out
    for name in ("View Channels", "Send Messages", "Send Messages in Threads", "Embed Links"):
        assert f"*{name}*" in readme
    url = invite_url(123, guild_id=456)
    assert url.startswith("https://discord.com/oauth2/authorize?client_id=123&")
    assert "scope=bot+applications.commands" in url and "guild_id=456" in url


def test_the_readme_says_what_a_newcomer_needs():
    readme = (ROOT / "README.md").read_text()
    assert "sudo apt install python3-venv" in readme
    trouble = readme.split("### When something goes wrong", 1)[1].split("\n## ", 1)[0]
    for topic in ("slash commands don't show", "table stops updating", "Stop it", "Keep it "):
        assert topic in trouble, topic
    for topic in ("Update", "Back up the database", "Logs"):
        assert f"**{topic}" in trouble, topic
    assert "RestartPreventExitStatus=2" in trouble  # the code main() gives a setting to fix
    from bot.__main__ import STOPPED

    assert STOPPED == 2


MAKE = shutil.which("make")


def make_run(py: str = sys.executable, **env_extra: str) -> subprocess.CompletedProcess[str]:
    """``make run`` with this Python's environment as .venv (nothing installed or created)."""
    venv = Path(sys.prefix)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "MAKEFLAGS")
    }
    env.update(PYTHONPATH=str(ROOT), **env_extra)
    return subprocess.run(
        [MAKE or "make", "--no-print-directory", "-C", str(ROOT), "run", f"VENV={venv}"]
        + ["-o", f"{venv}/.run", f"PY={py}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(MAKE is None, reason="no make on this machine")
def test_make_run_ends_a_setting_to_fix_on_the_advice_not_a_make_error():
    proc = make_run(DISCORD_TOKEN="abc123")  # the environment wins over any .env
    assert "Starting Barkeep" in proc.stdout
    assert "DISCORD_TOKEN does not look like a bot token" in proc.stderr
    assert proc.stderr.rstrip().endswith("will not work."), proc.stderr  # the advice is last
    assert "make: ***" not in proc.stderr
    assert proc.returncode == 0


@pytest.mark.skipif(MAKE is None, reason="no make on this machine")
@pytest.mark.parametrize("code", [1, 4])
def test_make_run_still_fails_loudly_on_a_crash(tmp_path, code):
    crash = tmp_path / "crash.py"
    crash.write_text(f"import sys\nsys.exit({code})\n")
    proc = make_run(f"{sys.executable} {crash}")
    assert proc.returncode != 0 and f"Error {code}" in proc.stderr, proc.stderr


@pytest.mark.skipif(MAKE is None, reason="no make on this machine")
def test_a_venv_python_cannot_make_is_removed_with_advice(tmp_path):
    """Debian's python3 without python3-venv leaves a half-made .venv: make removes it (else
    the next make run would skip creating it) and says which package to install."""
    python = tmp_path / "python3"
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then\n'
        '  mkdir -p "$3/bin" && touch "$3/bin/python"\n'
        '  echo "ensurepip is not available" >&2; exit 1\n'
        "fi\n"
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k != "MAKEFLAGS"}
    proc = subprocess.run(
        [MAKE or "make", "--no-print-directory", "-C", str(ROOT), f"{venv}/bin/python"]
        + [f"VENV={venv}", f"PYTHON={python}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0 and not venv.exists()
    assert "sudo apt install python3-venv" in proc.stdout
