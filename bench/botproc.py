"""The shipped bot (``python -m bot``'s main) against a fake Discord, for the benchmarks.

Like tests/e2e/botproc.py, only the two addresses discord.py reads are changed (and the limit on
one person's table openings lifted: see below). In addition the
renderer measures how long public messages lag the store (``Stats.measure``), and on SIGTERM
the process writes its renderer figures to ``$BENCH_STATS`` (JSON) and exits at once. With
``$BENCH_TRACE`` set, bench/tracing.py records where answers wait, from the last SIGUSR1; with
``$BENCH_PHASES``, bench/phases.py records each answer's moments.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

Route.BASE = os.environ["FAKE_DISCORD_API"]
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])

import bot.app  # noqa: E402
import bot.render  # noqa: E402
from bot.__main__ import main  # noqa: E402

# The scripted hosts open a new table with /<game> start the moment their last one ends, far
# faster than people: the limit on one person's openings (3 a minute, against lobby floods)
# would stop them, so it is lifted here.
bot.app.OPENINGS = (1_000_000, 60.0)

renderers: list[bot.render.Renderer] = []
_init = bot.render.Renderer.__init__


def _measured_init(self: bot.render.Renderer, *args: Any, **kwargs: Any) -> None:
    _init(self, *args, **kwargs)
    self.stats.measure = True
    renderers.append(self)


bot.render.Renderer.__init__ = _measured_init  # type: ignore[method-assign]


trace = None
if os.environ.get("BENCH_TRACE"):  # bench/load.py --trace: where the answers wait
    from bench.tracing import install  # noqa: E402

    trace = install()
    signal.signal(signal.SIGUSR1, trace.reset)

phases = None
if os.environ.get("BENCH_PHASES"):  # bench/load.py --phases: where each answer's time goes
    from bench.phases import install as install_phases  # noqa: E402

    phases = install_phases()


def _dump(*_: Any) -> None:
    out: dict[str, Any] = {"lag": [], "edits": 0, "posts": 0}
    if trace is not None:
        out["trace"] = trace.summary()
    if phases is not None:
        out["phases"] = phases.records()
    for r in renderers:
        out["lag"] += r.stats.lag
        out["edits"] += r.stats.edits
        out["posts"] += r.stats.posts
    path = os.environ.get("BENCH_STATS")
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(out, f)
    os._exit(0)


if os.environ.get("BENCH_FSYNC_MS"):  # bench/load.py --fsync-ms: a slower disk
    from bench.measure import slow_commits  # noqa: E402

    slow_commits(float(os.environ["BENCH_FSYNC_MS"]))

signal.signal(signal.SIGTERM, _dump)
sys.exit(main())
