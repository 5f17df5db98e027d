"""The yardstick: a discord.py bot that answers every click by editing the clicked message and
keeps nothing (no database, no game, no renderer).

Run through the same fake Discord in the same process as Barkeep, it measures what discord.py,
the loopback HTTP and WebSocket and the fake cost on their own, so the benchmarks can report
Barkeep's answer times as a ratio to it, measured in the same run on the same machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import sqlite3
from pathlib import Path
from typing import Any

import discord

CUSTOM_ID = "toy:click"


class Toy(discord.Client):
    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as Barkeep: the same gateway traffic to digest
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none())
        self.clicks = 0

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        self.clicks += 1
        embed = discord.Embed(description=f"Clicked {self.clicks} times.")
        await interaction.response.edit_message(embed=embed)  # the button stays as it is


class BigToy(Toy):
    """The toy, answering with the clicked message's own embeds (as big as Barkeep's)."""

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or not interaction.message:
            return
        self.clicks += 1
        embeds = [discord.Embed.from_dict(e.to_dict()) for e in interaction.message.embeds]
        embeds[0].set_footer(text=f"Clicked {self.clicks} times.")
        await interaction.response.edit_message(embeds=embeds)  # the buttons stay as they are


class StoringToy(BigToy):
    """The big toy, which also stores each click before it answers: one row committed durably
    (SQLite WAL, synchronous=FULL: the fsync in the COMMIT), and no game. The commit runs on the event
    loop's own thread, the cheapest way for one click at a time (no hand-off to another thread,
    which a bot under load can't do without): the least any bot that shows a table and keeps
    Barkeep's promise (every action on disk before the answer) can cost over the toy, with
    discord.py and SQLite as they are."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("CREATE TABLE clicks (n INTEGER PRIMARY KEY, what TEXT NOT NULL)")
        # the log grown past its checkpoint size first, as Barkeep's store does at open: a
        # commit that lengthens the file costs a second sync
        self.db.execute("PRAGMA synchronous = OFF")
        for _ in range(1200):
            self.db.execute("INSERT INTO clicks (what) VALUES (?)", ("x" * 4000,))
        self.db.execute("DELETE FROM clicks")
        self.db.execute("PRAGMA synchronous = FULL")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is discord.InteractionType.component:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO clicks (what) VALUES (?)", (str(interaction.data),))
            self.db.execute("COMMIT")
        await super().on_interaction(interaction)

    async def close(self) -> None:
        await super().close()
        self.db.close()


def toy_message_components() -> list[dict[str, Any]]:
    button = {"type": 2, "style": 1, "label": "Click", "custom_id": CUSTOM_ID}
    return [{"type": 1, "components": [button]}]


def _like(message: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The embeds and components of ``message`` (a message's JSON), its first button the
    toy's."""
    rows = copy.deepcopy(message.get("components") or [])
    items = [c for r in rows for c in r.get("components", []) if "custom_id" in c]
    first = next(i for i, c in enumerate(items) if c.get("type") == 2)  # a button, not a select
    for i, c in enumerate(items):
        c.pop("id", None)
        c["custom_id"] = CUSTOM_ID if i == first else f"toy:other{i}"
        c.pop("disabled", None)
    for r in rows:
        r.pop("id", None)
    return copy.deepcopy(message.get("embeds") or []), rows


async def click_toy(fake: Any, user: Any, msg: Any, clicks: int) -> list[float]:
    """Click the toy's button ``clicks`` times: the answer times in milliseconds."""
    times = []
    for _ in range(clicks):
        res = await fake.click(user, msg, CUSTOM_ID)
        assert res.ok and res.type == 7, res
        times.append(res.latency * 1000)
    return times


async def run_toy(
    fake: Any, clicks: int, like: dict[str, Any] | None = None, store: Path | None = None
) -> list[float]:
    """Start the toy against ``fake``, click its button ``clicks`` times, stop it. With
    ``like`` (a message's JSON), the toy's message is a copy of it and it answers with its
    embeds (:class:`BigToy`); with ``store`` as well (a database file to create), it stores each
    click first (:class:`StoringToy`).

    Returns the answer times in milliseconds (the fake's dispatch-to-callback time)."""
    toy = (StoringToy(store) if store else BigToy()) if like else Toy()
    task = asyncio.create_task(toy.start(fake.token))
    await fake.wait_ready(timeout=20)
    await asyncio.wait_for(toy.wait_until_ready(), 20)
    user = fake.add_user(f"Toyer{len(fake.users)}")
    if like:
        embeds, rows = _like(like)
        msg = await fake.post_message("", embeds=embeds, components=rows)
    else:
        msg = await fake.post_message("Click me", components=toy_message_components())
    times = await click_toy(fake, user, msg, clicks)
    await toy.close()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await fake.wait_disconnected()
    return times


def main() -> None:
    """The toy in a process of its own (``--processes`` in bench/answer_times.py), pointed at the
    fake Discord named by FAKE_DISCORD_API and FAKE_DISCORD_GATEWAY, as tests/e2e/botproc.py
    points Barkeep."""
    import os

    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    Toy().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
