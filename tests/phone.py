"""Public tables on a phone (issue 8): a table of players with 12-character names, played
through the table service, and its public text as a phone shows it (its footer included)."""

from __future__ import annotations

from typing import Any

from bot.engines import ENGINES
from bot.games import GAMES
from bot.tables import Table, TableService
from bot.ui.common import body_text

HOST = 100  # the host's user id; seat N is user HOST + N


def long_names(players: int) -> list[str]:
    return [f"Player{i}".ljust(12, "x") for i in range(players)]


async def long_named_table(
    store: Any,
    clock: Any,
    game: str,
    players: int,
    seed: str,
    options: dict[str, Any] | None = None,
) -> tuple[TableService, Table]:
    """A started ``game`` table of ``players`` with 12-character names (users HOST, HOST+1...)."""
    service = TableService(store, ENGINES, clock, seeds=lambda: seed)
    names = long_names(players)
    table = await service.open_table(
        game,
        guild_id=1,
        channel_id=2,
        host_id=HOST,
        host_name=names[0],
        options=options or {},
        seat_host=True,
    )
    for i, name in enumerate(names[1:], 1):
        await service.join(table.id, HOST + i, name)
    await service.start(table.id, HOST)
    return service, table


def table_text(table: Table) -> str:
    """The table's public screen as a phone shows it: description, each field's name and value,
    the footer."""
    return body_text(GAMES[table.row.game].ui.public(table).embed)


def assert_fits_phone(shown: list[str], what: str) -> None:
    """Print the largest and median size of ``shown`` (public texts over whole games), headed
    ``what``, and check every one fits a phone: at most 12 lines and 600 characters."""
    import statistics

    lines = [len(text.splitlines()) for text in shown]
    chars = [len(text) for text in shown]
    print(
        f"\n{what}; lines max {max(lines)} median {statistics.median(lines)}, characters max "
        f"{max(chars)} median {statistics.median(chars)}"
    )
    worst = max(shown, key=lambda text: (len(text.splitlines()) > 12, len(text)))
    assert max(lines) <= 12 and max(chars) <= 600, worst
