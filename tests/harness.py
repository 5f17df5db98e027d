"""Drives the real Barkeep bot (real discord.py) against the fake Discord on loopback.

Used by the end-to-end tests (tests/e2e) and by the benchmarks (bench/): one harness, no test
module imported by a benchmark.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sys
from pathlib import Path
from typing import Any

from bot.app import Barkeep
from bot.clock import ManualClock
from bot.i18n import language_of, t
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionResult
from tests.seeds import fixed_seeds

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GaBcDe.fakefakefakefakefakefakefakefakefake00"


class Harness:
    """One fake Discord, one bot (restartable), and helpers to play through the UI."""

    def __init__(self, fake: FakeDiscord, db_path: Any, clock: ManualClock) -> None:
        self.fake = fake
        self.db_path = db_path
        self.clock = clock
        self.bot: Barkeep | None = None
        self._task: asyncio.Task[None] | None = None
        self.results: list[InteractionResult] = []
        self.seeds = fixed_seeds()

    async def start_bot(self, *, wait_loaded: bool = True, **options: Any) -> Barkeep:
        """Start the bot and wait until it is connected (and, unless ``wait_loaded`` is False,
        until its open tables are loaded)."""
        # Discord's edit limits are real time; a test that models them (fake.rate_limit) sets
        # the bot's real budgets itself (realistic_budgets), the others need not wait on them.
        options = {
            "render_interval": 0.05,
            "render_debounce": 0.01,
            "edit_budget": (100, 1.0),
            "token_budget": (100, 1.0),
            "ping_after": 3600.0,  # turn pings: a test that wants them sets a short nudge
            "seeds": self.seeds,
            **options,
        }
        self.bot = Barkeep(self.db_path, clock=self.clock, **options)
        self._task = asyncio.create_task(self.bot.start(self.fake.token))
        waiter = asyncio.ensure_future(self.fake.wait_ready(timeout=20))
        done, _ = await asyncio.wait({waiter, self._task}, return_when=asyncio.FIRST_COMPLETED)
        if self._task in done:
            waiter.cancel()
            self._task.result()  # raise the bot's start-up error
        await waiter
        if wait_loaded:
            await self.bot.loading  # the open tables are in memory and their clocks run
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.bot = None
        await self.fake.wait_disconnected()

    @property
    def service(self):
        assert self.bot is not None
        return self.bot.service

    # -- acting through the UI ------------------------------------------------------------
    async def slash(self, who, *args, **kwargs) -> InteractionResult:
        res = await self.fake.slash(who, *args, **kwargs)
        self.results.append(res)
        return res

    async def click(self, user, message: FakeMessage | int, verb: str) -> InteractionResult:
        """Click the button or select whose custom id has this verb (``war:12:flip``: ``flip``)."""
        msg = self.fake.message(message)
        cid = self.custom_id(msg, verb)
        res = await self.fake.click(user, msg, cid)
        return await self.record(res)

    async def answered(self, *results: InteractionResult) -> None:
        """Wait until the bot's answers to these interactions are done (edits included)."""
        assert self.bot is not None
        for res in results:
            await asyncio.wait_for(self.bot.answered(res.interaction_id), 5)

    async def record(self, res: InteractionResult) -> InteractionResult:
        """Keep ``res`` among the results. A click acknowledged first (type 6: another write of
        that message was under way) gets its edit a moment later: wait for the bot's whole
        answer."""
        self.results.append(res)
        if res.type == 6 and self.bot is not None:
            await self.answered(res)
        return res

    async def select(
        self, user, message: FakeMessage | int, verb: str, values: list[str]
    ) -> InteractionResult:
        msg = self.fake.message(message)
        res = await self.fake.select(user, msg, self.custom_id(msg, verb), values)
        return await self.record(res)

    @staticmethod
    def custom_id(msg: FakeMessage, verb: str) -> str:
        pattern = re.compile(rf"[a-z]+:\d+:{verb}([:.].*)?$")  # lay:1 is lay:1..0 too
        ids = [c for c in msg.custom_ids() if pattern.match(c)]
        assert ids, f"no {verb!r} control on message {msg.id}: {msg.custom_ids()}"
        return ids[0]

    @staticmethod
    def verbs(msg: FakeMessage) -> list[str]:
        return [c.split(":")[2] for c in msg.custom_ids()]

    async def rendered(
        self, predicate, what: str = "the table to update", timeout: float = 5
    ) -> None:
        """Wait until the renderer has caught up and ``predicate()`` holds."""
        await self.fake.wait_for(predicate, timeout=timeout, what=what)

    async def join(self, user, table_msg: FakeMessage) -> None:
        """Join a table through the UI, accepting the rules the first time (told so in the
        player's own language)."""
        res = await self.click(user, table_msg, "join")
        if res.ephemeral and "consent" in self.verbs(res.message):
            ok = await self.click(user, res.message, "consent")
            table_id = self.custom_id(table_msg, "join").split(":")[1]
            welcome = t(language_of(user.locale), "table-in-welcome", id=table_id)
            assert ok.message.text == welcome, ok.message.text

    async def confirmed(self, user, table_msg: FakeMessage, verb: str) -> InteractionResult:
        """Leave or End during play: press it, then the confirm on the private question;
        returns the confirm's answer once the table message has caught up."""
        res = await self.click(user, table_msg, verb)
        assert res.ephemeral and "confirm" in self.verbs(res.message), res.message.text
        res = await self.click(user, res.message, "confirm")
        assert self.bot is not None
        await self.bot.renderer.flush()
        return res

    def assert_clean(self) -> None:
        """Every request matched Discord's API description and was answered in time."""
        assert not self.fake.violations, "\n".join(map(str, self.fake.violations[:10]))
        assert not self.fake.unknown_routes, self.fake.unknown_routes[:5]
        assert not self.fake.failures, "\n".join(map(str, self.fake.failures[:10]))
        for r in self.results:
            assert r.ok, r


async def spawn_bot(
    fake: FakeDiscord,
    db: Path | str,
    token: str = TOKEN,
    script: Path | None = None,
    env_extra: dict[str, str] | None = None,
    **streams: Any,
) -> asyncio.subprocess.Process:
    """Start the shipped bot (``python -m bot``'s main) as its own process, against ``fake``
    (``script``: another launcher, such as bench/botproc.py)."""
    env = {k: v for k, v in os.environ.items() if k != "DEV_GUILD_ID"}
    url = str(db) if str(db).startswith("postgresql://") else f"sqlite:///{db}"
    env.update(
        DISCORD_TOKEN=token,
        DATABASE_URL=url,
        FAKE_DISCORD_API=fake.base_url,
        FAKE_DISCORD_GATEWAY=fake.gateway_url,
        PYTHONPATH=str(ROOT),
        LOG_LEVEL="WARNING",
        DEV_GUILD_ID="",  # the environment wins over a .env in the project folder
    )
    env.update(env_extra or {})  # may override the above (DATABASE_URL, say)
    streams = {
        "stdout": asyncio.subprocess.DEVNULL,
        "stderr": asyncio.subprocess.DEVNULL,
        **streams,
    }
    script = script or ROOT / "tests" / "e2e" / "botproc.py"
    return await asyncio.create_subprocess_exec(
        sys.executable, str(script), cwd=str(_folder(db)), env=env, **streams
    )


def _folder(db: Any) -> Path:
    """Where a bot process on ``db`` runs: beside a SQLite file, else the project folder."""
    return Path(db).parent if isinstance(db, Path) else ROOT


async def open_table(
    h: Harness, game: str, host: Any, guests: list[Any], **options: Any
) -> tuple[FakeMessage, int]:
    """``host`` opens a ``game`` table, everyone accepts the rules and sits down.

    Returns the public table message and the table id (the game is not started).
    """
    res = await h.slash(host, game, "start", **options)
    msg = res.message
    rules = await res.followup()
    await h.click(host, rules, "consent")
    for g in guests:
        await h.join(g, msg)
    await h.rendered(lambda: all(p.name in msg.text for p in [host, *guests]))
    return msg, int(h.custom_id(msg, "join").split(":")[1])


class Trips:
    """Counts every call ``store`` hands to its connection's thread from now on (each a thread
    hand-off and an event-loop wake-up): ``.n``, which a test may set back to 0."""

    def __init__(self, store: Any) -> None:
        self.n = 0
        # SQLite: every call to the connection's thread; PostgreSQL: every trip
        name = "_submit" if hasattr(store, "_submit") else "_trip"
        real = getattr(store, name)

        def counted(*args: Any) -> Any:
            self.n += 1
            return real(*args)

        setattr(store, name, counted)


def from_another_server(payload: dict[str, Any]) -> None:
    """An ``edit`` for ``FakeDiscord.interact``: the interaction comes from another server, one
    the bot is not in (a forged click or command)."""
    other = str(int(payload["guild_id"]) + 1)
    payload["guild_id"] = other
    payload["guild"]["id"] = other


def realistic_budgets(h: Harness) -> None:
    """The bot paces its edits as it does on Discord (for tests that model Discord's limits)."""
    from bot.render import TOKEN_BUDGET

    assert h.bot is not None
    h.bot.renderer.budget = (5, 5.0)
    h.bot.renderer.token_budget = TOKEN_BUDGET
