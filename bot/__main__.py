"""``python -m bot``: start Barkeep with the settings from the environment or .env.

Exit codes: 0 stopped (Ctrl-C or SIGTERM); 2 could not start and said what to fix (a setting, a
token Discord rejects, a DEV_GUILD_ID server that refuses the commands, another copy already
running on the same database or shard): starting again as it is won't help; 3 could not reach
Discord or the PostgreSQL server and said so: starting again later may; 1 a crash, or a copy
that lost its shards' claims (its service manager starts it again). ``make run`` accepts 2 and
3 (the advice stays the last thing on the screen); anything else is a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys

import aiohttp
import discord

from bot.app import Barkeep, make_bot
from bot.config import ConfigError, RedactToken, load_settings
from bot.store import DatabaseInUse, DatabaseUnusable

log = logging.getLogger("bot")

STOPPED = 2  # could not start, and said what to fix
UNREACHABLE = 3  # could not reach Discord, and said so


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as err:
        print(f"Barkeep can't start: {err}", file=sys.stderr)
        return STOPPED
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactToken(settings.token))
    logging.basicConfig(level=settings.log_level, handlers=[handler])
    # Barkeep never joins voice: discord.py's notes about missing voice libraries are noise.
    handler.addFilter(lambda r: "voice will NOT be supported" not in r.getMessage())
    logging.getLogger("discord").setLevel(
        max(logging.INFO, logging.getLevelName(settings.log_level))
    )
    bot = make_bot(settings.database_path, settings.shards, dev_guild_id=settings.dev_guild_id)
    ctrl_c = signal.getsignal(signal.SIGINT) is signal.default_int_handler  # not a launcher's
    try:
        asyncio.run(_run(bot, settings.token, ctrl_c))
    except ConfigError as err:  # found once connected (a DEV_GUILD_ID that refuses commands)
        print(f"Barkeep can't start: {err}", file=sys.stderr)
        return STOPPED
    except DatabaseInUse as err:
        print(f"Barkeep can't start: {err}. {err.advice}.", file=sys.stderr)
        return STOPPED
    except DatabaseUnusable as err:
        print(f"Barkeep can't start: {err}. {err.fix}.", file=sys.stderr)
        return UNREACHABLE if err.unreachable else STOPPED
    except discord.LoginFailure:
        print(
            "Barkeep can't start: Discord rejected DISCORD_TOKEN. Reset the token in the Developer "
            "Portal (your application > Bot > Reset Token) and paste the new one into .env.",
            file=sys.stderr,
        )
        return STOPPED
    except (aiohttp.ClientConnectionError, OSError) as err:
        print(
            f"Barkeep can't reach Discord ({err}). Check this machine's internet connection "
            "(and any proxy or firewall), then start it again.",
            file=sys.stderr,
        )
        return UNREACHABLE
    except AttributeError:
        if bot.ws is not None:  # connected once: a crash of its own
            raise
        # discord.py's retry of a first gateway connection that failed reads the connection
        # it never had: Discord's website was reached, its live connection was not
        print(
            "Barkeep can't reach Discord: its website answered, its live connection "
            "(gateway.discord.gg) did not. Check this machine's internet connection (and any "
            "proxy or firewall that lets discord.com through but not websockets), then start it "
            "again.",
            file=sys.stderr,
        )
        return UNREACHABLE
    except KeyboardInterrupt:
        pass
    return 1 if bot.claims_lost else 0


async def _run(bot: Barkeep, token: str, ctrl_c: bool = False) -> None:
    stopping: list[asyncio.Task[None]] = []
    running: list[asyncio.Task[None]] = []
    loop = asyncio.get_running_loop()

    async def stop() -> None:
        await bot.close()
        # With Discord out of reach, discord.py waits before its next try, up to 17 minutes,
        # and only then sees it was closed: the process would outlive its 10 s (systemd, docker
        # stop) and be killed. Closed is stopped: that wait is cut short.
        for task in running:
            task.cancel()

    def on_signal(sig: signal.Signals) -> None:
        if sig == signal.SIGINT and stopping:  # a second Ctrl+C: at once, as a kill would
            # Every answered move is already on disk and the next start redraws the tables.
            # (A KeyboardInterrupt would leave the database's thread waiting: no exit at all.)
            log.info("stopped at once: every answered move is saved")
            logging.shutdown()
            os._exit(0)
        if not stopping:
            more = " (Ctrl-C again: stop at once)" if sig == signal.SIGINT else ""
            log.info("stopping: answers under way go out first%s", more)
            stopping.append(asyncio.ensure_future(stop()))

    # SIGTERM (docker stop, systemd, kill) and Ctrl+C stop the same way: the connection closed
    # first, then answers under way go out and pending edits get their moment, instead of the
    # process vanishing mid-answer. Closing first matters for Ctrl+C too: asyncio.run's own
    # handler only cancels, and a cancellation that lands as discord.py's connection completes
    # is swallowed by its wait_for (Python 3.11), so the bot ran on after Ctrl+C.
    handled = [signal.SIGINT] if ctrl_c else []
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:  # a launcher's own handler stays
        handled.append(signal.SIGTERM)
    for sig in handled:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: asyncio.run's
            loop.add_signal_handler(sig, on_signal, sig)
    async with bot:
        await bot.open_store()  # before logging in: a database it can't use is said at once
        running.append(asyncio.ensure_future(bot.start(token)))
        try:
            await running[0]
        except asyncio.CancelledError:
            if not (stopping and running[0].cancelled()):
                raise  # anything but a stop of ours (Ctrl+C on Windows, say)


if __name__ == "__main__":
    sys.exit(main())
