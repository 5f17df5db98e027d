"""Party safety through the table service and the store: what the ledger records, what the table
says, the private heads-ups, two tables at once, server settings and erasing one's history.

A tiny game, Pour, pours exactly what it is told, so every edge can be reached on purpose."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.engines import ENGINES
from bot.engines.base import (
    Action,
    Drink,
    Engine,
    Event,
    Leave,
    Log,
    Outcome,
    Private,
    Results,
    Timer,
)
from bot.i18n import english
from bot.party import Party
from bot.store import GuildSettings, PlayerSettings, Store, Tab
from bot.tables import TableError, TableService
from tests.refusals import refusal
from tests.seeds import fixed_seeds

G, G2, C, C2 = 1, 2, 5, 6
ANA, BO = 10, 11
WATER, STAR = "\U0001f4a7", "\u2b50"


@dataclass(frozen=True)
class Pour(Action, verb="pour"):
    sips: int = 1
    to: int | None = None
    kind: str = "drink"


@dataclass(frozen=True)
class Stop(Action, verb="stop"):
    pass


@dataclass
class PourState:
    players: int
    poured: list[int] = field(default_factory=list)
    over: bool = False


class PourEngine(Engine[PourState]):
    """Pours what it is told: ``Pour(sips, to, kind)``; its count is the game's own."""

    name = "pour"
    title = "Pour"
    blurb = "a test game"
    min_players = 1
    max_players = 4
    actions = (Pour, Stop)

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> PourState:
        return PourState(players, [0] * players)

    def play(self, s: PourState, seat: int | None, action: Action, events: list[Event]) -> None:
        if isinstance(action, Stop | Leave):
            s.over = True
            return
        assert isinstance(action, Pour) and seat is not None
        to = seat if action.to is None else action.to
        events.append(Drink(to, action.sips, action.kind, "poured", seat if to != seat else None))
        if action.kind not in ("finish", "forfeit"):
            s.poured[to] += action.sips
        events.append(Log(f"{{p{to}}} drinks {action.sips}"))

    def legal_actions(self, state: PourState, seat: int) -> list[Action]:
        return [Pour(), Stop(), Leave()]

    def view(self, state: PourState, seat: int | None) -> Any:
        return {"poured": list(state.poured)}

    def hidden(self, state: PourState, viewer: int | None) -> list[Any]:
        return []

    def timers(self, state: PourState) -> list[Timer]:
        return []

    def is_over(self, state: PourState) -> bool:
        return state.over

    def results(self, state: PourState) -> Results:
        return Results([Outcome(i, "draw") for i in range(state.players)])


GAMES = {**ENGINES, "pour": PourEngine()}


@pytest.fixture
async def svc(store, clock):
    s = TableService(store, GAMES, clock, seeds=fixed_seeds())
    yield s
    await s.stop_clocks()


async def table_for(svc, *users, guild=G, channel=C, game="pour"):
    first, *others = users
    t = await svc.open_table(
        game,
        guild_id=guild,
        channel_id=channel,
        host_id=first,
        host_name={ANA: "Ana", BO: "Bo"}[first],
        options={},
        seat_host=True,
    )
    for u in others:
        await svc.join(t.id, u, {ANA: "Ana", BO: "Bo"}[u])
    await svc.start(t.id, first)
    return t


async def settings(store, clock, *players: PlayerSettings, guild: GuildSettings | None = None):
    async with store.transaction() as tx:
        for p in players:
            await tx.save_player_settings(p, clock.now())
        if guild is not None:
            await tx.save_guild_settings(guild, clock.now())


async def ledger(store, table_id):
    async with store.reading() as q:
        return [(d.user_id, d.amount, d.counted_as) for d in await q.table_drinks(table_id)]


async def test_past_the_cap_drinks_are_water_and_the_game_goes_on_unchanged(svc, store, clock):
    await settings(store, clock, PlayerSettings(ANA, cap=10))
    t = await table_for(svc, ANA)
    await svc.act(t.id, ANA, Pour(6))
    change = await svc.act(t.id, ANA, Pour(6))  # crosses the cap: 4 sips, 2 water
    await svc.act(t.id, ANA, Pour(3))  # past it: all water
    assert await ledger(store, t.id) == [
        (ANA, 6, "sips"),
        (ANA, 4, "sips"),
        (ANA, 2, "capped"),
        (ANA, 3, "capped"),
    ]
    assert t.view()["poured"] == [15]  # the game counted every sip it poured, as ever
    assert [english(x) for x in t.row.log[-2:]] == [
        f"{{p0}} drinks 6 · {WATER} 2 as water",
        f"{{p0}} drinks 3 · {WATER} water",
    ]
    assert t.tabs[ANA] == Tab(sips=10, water=5)
    reached = [e for e in change.events if isinstance(e, Private)]
    assert len(reached) == 1 and "That's 10 sips tonight, your cap" in english(reached[0].text)
    async with store.reading() as q:
        board = {r["user_id"]: r for r in await q.leaderboard(G, 0)}
    assert (board[ANA]["sips"], board[ANA]["water"]) == (10, 5)  # water is not sips in /tally
    await svc.act(t.id, ANA, Stop())
    assert t.status == "ended"


async def test_exactly_at_the_cap_is_still_sips(svc, store, clock):
    await settings(store, clock, PlayerSettings(ANA, cap=5))
    t = await table_for(svc, ANA)
    await svc.act(t.id, ANA, Pour(5))
    await svc.act(t.id, ANA, Pour(1))
    assert await ledger(store, t.id) == [(ANA, 5, "sips"), (ANA, 1, "capped")]


async def test_the_heads_up_at_80_percent_reaches_only_the_drinker(svc, store, clock):
    await settings(store, clock, PlayerSettings(BO, cap=10))
    t = await table_for(svc, ANA, BO)
    change = await svc.act(t.id, ANA, Pour(8, to=1))  # Ana gives Bo 8: Bo's heads-up
    lines = [e for e in change.events if isinstance(e, Private)]
    assert [(e.seat, english(e.text)[:27]) for e in lines] == [(1, "Heads-up: 8 of 10 sips toni")]
    assert t.seat_row(BO).notes == [lines[0].text] and t.seat_row(ANA).notes == []
    assert not any(WATER in english(x) or "Heads" in english(x) for x in t.row.log)  # not public


async def test_a_cap_lowered_below_what_was_drunk_waters_every_later_drink(svc, store, clock):
    t = await table_for(svc, ANA)
    await svc.act(t.id, ANA, Pour(8))
    party = Party(store, clock)
    standing = await party.set_player(G, ANA, cap=5)
    assert standing.tonight.sips == 8 and standing.left == 0
    await svc.act(t.id, ANA, Pour(2))
    assert await ledger(store, t.id) == [(ANA, 8, "sips"), (ANA, 2, "capped")]  # 8 stay sips


async def test_two_tables_at_once_share_one_cap(svc, store, clock):
    """One seat per server, so the same player at two tables is in two servers: tonight counts
    them both, and two drinks written at the same moment are counted one after the other."""
    await settings(store, clock, PlayerSettings(ANA, cap=10))
    a = await table_for(svc, ANA, guild=G)
    b = await table_for(svc, ANA, guild=G2)
    await asyncio.gather(svc.act(a.id, ANA, Pour(7)), svc.act(b.id, ANA, Pour(7)))
    both = await ledger(store, a.id) + await ledger(store, b.id)
    assert sum(n for _, n, how in both if how == "sips") == 10
    assert sum(n for _, n, how in both if how == "capped") == 4


async def test_only_the_last_12_hours_count(svc, store, clock):
    await settings(store, clock, PlayerSettings(ANA, cap=5))
    t = await table_for(svc, ANA)
    await svc.act(t.id, ANA, Pour(5))
    clock.advance(12 * 3600 + 1)
    await svc.act(t.id, ANA, Pour(2))
    assert await ledger(store, t.id) == [(ANA, 5, "sips"), (ANA, 2, "sips")]


async def test_an_alcohol_free_player_gets_points_and_the_table_says_so(svc, store, clock):
    await settings(store, clock, PlayerSettings(BO, mode="alcohol-free", cap=1))
    t = await table_for(svc, ANA, BO)
    await svc.act(t.id, ANA, Pour(3, to=1))
    await svc.act(t.id, BO, Pour(1, kind="finish"))
    assert await ledger(store, t.id) == [(BO, 3, "points"), (BO, 1, "points")]
    assert [english(x) for x in t.row.log[-2:]] == [
        f"{{p1}} drinks 3 · {STAR} 3 points",
        f"{{p1}} drinks 1 · {STAR} alcohol-free",
    ]
    assert t.tabs == {BO: Tab(points=3)}
    assert not t.seat_row(BO).notes  # no cap heads-up for points


async def test_the_server_default_cap_and_water_reminder(svc, store, clock):
    await settings(
        store,
        clock,
        PlayerSettings(BO, cap=30),
        guild=GuildSettings(G, default_cap=4, water_every=3),
    )
    t = await table_for(svc, ANA, BO)
    change = await svc.act(t.id, ANA, Pour(6, to=0))
    await svc.act(t.id, ANA, Pour(6, to=1))
    assert await ledger(store, t.id) == [(ANA, 4, "sips"), (ANA, 2, "capped"), (BO, 6, "sips")]
    texts = [english(e.text) for e in change.events if isinstance(e, Private)]
    assert any("this server's cap" in x for x in texts)
    assert any("glass of water" in x for x in texts)  # 3 sips passed on the way to 4
    assert any("6 sips tonight: a good moment" in english(n) for n in t.seat_row(BO).notes)


async def test_what_the_table_shows_survives_a_restart(tmp_path, clock):
    store = await Store.open(tmp_path / "b.db")
    svc = TableService(store, GAMES, clock, seeds=fixed_seeds())
    await settings(store, clock, PlayerSettings(ANA, cap=2))
    t = await table_for(svc, ANA)
    await svc.act(t.id, ANA, Pour(3))
    await store.close()
    store = await Store.open(tmp_path / "b.db")
    svc2 = TableService(store, GAMES, clock, seeds=fixed_seeds())
    assert await svc2.load() == 1
    assert (await svc2.get(t.id)).tabs == {ANA: Tab(sips=2, water=1)}
    await store.close()


async def test_a_game_switched_off_in_a_channel_cannot_be_started_there(svc, store, clock):
    party = Party(store, clock)
    await party.set_game(G, "pour", False, C)
    with refusal(TableError, "Pour is switched off in this channel"):
        await table_for(svc, ANA, channel=C)
    await table_for(svc, BO, channel=C2)  # other channels are unaffected
    await party.set_game(G, "pour", False, None)  # off in the whole server...
    rules = await party.set_game(G, "pour", True, C2)  # ...but for one channel
    assert [(r.channel_id, r.enabled) for r in rules] == [(0, False), (C2, True)]
    with refusal(TableError, rf"It's on in <#{C2}>"):
        await table_for(svc, ANA, channel=C)
    await party.set_game(G, "pour", True, None)  # on everywhere: no rules left
    assert await party.game_rules(G) == []
    await table_for(svc, ANA, channel=C)


async def test_erasing_ones_history_leaves_only_an_anonymous_seat_in_the_action_log(
    svc, store, clock
):
    t = await table_for(svc, ANA, BO)
    await svc.act(t.id, ANA, Pour(2, to=1))  # Ana gives Bo 2
    await svc.act(t.id, BO, Pour(3))
    party = Party(store, clock)
    with refusal(TableError, f"Table #{t.id} isn't over yet"):
        await party.erase(G, ANA)
    await svc.end(t.id, ANA, can_manage=False)
    other = await table_for(svc, ANA, guild=G2)
    await svc.act(other.id, ANA, Pour(1))
    erased = await party.erase(G, ANA)
    assert (erased.drinks, erased.results, erased.seats) == (0, 1, 1)
    async with store.reading() as q:
        seats = await q.seats(t.id)
        drinks = await q.table_drinks(t.id)
        row = await q.table(t.id)
        actions = await q._all("SELECT seat, user_id FROM actions WHERE table_id = ?", (t.id,))
        board = await q.leaderboard(G, 0)
        elsewhere = await q.leaderboard(G2, 0)
    assert [(s.user_id, s.name, s.seat) for s in seats] == [(-1, "Seat 1", 0), (BO, "Bo", 1)]
    assert [(d.user_id, d.giver_id) for d in drinks] == [(BO, None), (BO, None)]  # Bo's stay
    assert row.host_id == 0 and row.end_reason == "ended by a former player"
    assert [tuple(a) for a in actions] == [(0, None), (1, BO)]  # the log keeps the seat
    assert [r["user_id"] for r in board] == [BO]
    assert [r["user_id"] for r in elsewhere] == [ANA]  # another server's history is its own


async def test_limits_and_settings_refuse_what_makes_no_sense(store, clock):
    party = Party(store, clock)
    with refusal(TableError, "not both"):
        await party.set_player(G, ANA, cap=5, clear_cap=True)
    with refusal(TableError, "1 to 240"):
        await party.set_player(G, ANA, cap=0)
    with refusal(TableError, "sips or alcohol-free"):
        await party.set_player(G, ANA, mode="beer")
    with refusal(TableError, "every 1 to 100"):
        await party.set_guild(G, water_every=101)
    assert (await party.set_guild(G, min_age="  18+   only ")).min_age == "18+ only"
    assert (await party.set_guild(G, min_age="   ")).min_age is None
    assert party.guild(G).min_age is None and party.guild(G2) == GuildSettings(G2)


async def test_standing_says_whose_cap_applies_and_what_is_left(store, clock):
    party = Party(store, clock)
    await party.set_guild(G, default_cap=12)
    standing = await party.standing(G, ANA)
    assert (standing.cap, standing.own_cap, standing.left) == (12, False, 12)
    standing = await party.set_player(G, ANA, cap=3)
    assert (standing.cap, standing.own_cap, standing.left) == (3, True, 3)
    standing = await party.set_player(G, ANA, clear_cap=True, mode="alcohol-free")
    assert standing.cap == 12 and standing.alcohol_free
    other = Party(store, clock)  # a restart reads the servers' settings back
    await other.load()
    assert other.guild(G).default_cap == 12


async def test_a_host_who_never_sat_down_cannot_erase_while_their_lobby_is_open(svc, store, clock):
    """Ana opens a lobby without taking a seat; Bo joins. Her erase waits for the lobby to
    close: erasing her would have left it with no host after a restart (nobody could Start
    or End it)."""
    t = await svc.open_table(
        "pour", guild_id=G, channel_id=C, host_id=ANA, host_name="Ana", options={},
        seat_host=False,
    )  # fmt: skip
    await svc.join(t.id, BO, "Bo")
    party = Party(store, clock)
    with refusal(TableError, f"Table #{t.id} isn't over yet"):
        await party.erase(G, ANA)
    async with store.reading() as q:
        assert (await q.table(t.id)).host_id == ANA


async def test_erasing_ones_history_is_no_way_back_to_a_lobby_one_was_removed_from(
    svc, store, clock
):
    """Bo, removed from Ana's lobby, cannot erase his history there (which would take the seat
    row that bars him) until that table has ended."""
    t = await svc.open_table(
        "pour", guild_id=G, channel_id=C, host_id=ANA, host_name="Ana", options={},
        seat_host=True,
    )  # fmt: skip
    await svc.join(t.id, BO, "Bo")
    await svc.remove(t.id, ANA, BO, can_manage=False)
    with refusal(TableError, f"Table #{t.id} isn't over yet"):
        await Party(store, clock).erase(G, BO)
    svc2 = TableService(store, GAMES, clock)  # as after a restart: from the store
    await svc2.load()
    with refusal(TableError, "The host removed you from this table."):
        await svc2.join(t.id, BO, "Bo")
