"""Party safety: caps, the alcohol-free mode and what the ledger and the tables say about them.

A game's rules never change here: the engine decides who drinks what, exactly as before. This
module only decides how each of those drinks is *counted* when it goes into the ledger, and adds
the lines that say so. The table service calls :func:`count` and :func:`annotate` in the
transaction that writes the drinks, with each drinker's settings and tonight's sips read in that
same transaction, so two tables pouring for one player at once are counted one after the other.

Decisions:
- **Tonight** is the last 12 hours, as in ``/tally``, measured at each drink. A cap is a number
  of sips in any 12 hours; it stays set until the player clears it (a cap that lapsed by itself
  mid-party would fail the people who rely on it).
- A player's cap and mode are theirs, the same in every server; tonight's sips are counted in
  every server too (one body, one evening). A server's default cap applies to players who have
  not set their own; a player's own cap, higher or lower, wins over it.
- Only sips count toward a cap: kinds drink, social, penalty and assigned. A drink that crosses
  the cap is split: the sips up to the cap are sips, the rest are water ("capped"). So a player
  drinks exactly their cap, never more. A "finish your drink" (Black Death) before the cap is a
  finish as the rules say; at or over the cap it is water too. A forfeit is not a drink and is
  never capped.
- Lowering a cap below what a player has already had changes nothing already recorded; every
  later drink is water.
- Alcohol-free players' drinks are recorded as points (finishes included; forfeits stay
  forfeits). Points never count toward a cap or a water reminder.
- The heads-up comes once, when tonight's sips reach 80% of the cap (rounded down, at least 1
  below the cap), and a second line when the cap itself is reached. A water reminder (a server
  setting) comes each time tonight's sips pass a multiple of N. All three are private lines: they
  show in the player's private view (at once if they caused the drink or have the view open).
  They are never sent as direct messages, which others may read on a locked phone.
- On the table, a drink counted as water or points keeps the game's own words and gets a short,
  neutral note on the line that names the drinker ("· 💧 water", "· ⭐ 4 points"); nothing says
  that anyone reached a limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.engines.base import FINISH, FORFEIT, Drink, Event, Log, Private, msg
from bot.i18n import ENGLISH, t
from bot.store import DrinkRow, GuildSettings, PlayerSettings, Tab

TONIGHT = 12 * 3600  # seconds: a cap counts the sips of the last 12 hours
MAX_CAP = 240  # ten beers' worth (24 sips a beer), the highest cap one can set
MAX_WATER_EVERY = 100
MIN_AGE_LENGTH = 200

SIPS, CAPPED, POINTS = "sips", "capped", "points"  # how a drink is counted (drinks.counted_as)
ALCOHOL_FREE = "alcohol-free"
MODES = (SIPS, ALCOHOL_FREE)
NOT_SIPS = (FINISH, FORFEIT)  # ledger kinds that are not an amount of sips

WATER, STAR = "\U0001f4a7", "\u2b50"

# ``{p3}`` names seat 3 in an engine line; doubled braces are literal text (base.literal).
_NAME_MARK = re.compile(r"\{\{|\}\}|\{p(\d{1,2})\}")


@dataclass(frozen=True)
class Drinker:
    """What counting a player's drinks needs: their mode, the cap that applies to them (their
    own, else the server's default) and the sips they have had tonight before this action."""

    user_id: int
    mode: str = SIPS
    cap: int | None = None
    own_cap: bool = True  # False: the server's default cap
    tonight: int = 0


def cap_of(player: PlayerSettings, default_cap: int | None) -> tuple[int | None, bool]:
    """The cap that applies to a player, and whether it is their own (else the server's)."""
    return (player.cap, True) if player.cap is not None else (default_cap, False)


def drinkers(
    guild: GuildSettings, players: dict[int, PlayerSettings], tonight: dict[int, int]
) -> dict[int, Drinker]:
    out = {}
    for uid, p in players.items():
        cap, own = cap_of(p, guild.default_cap)
        out[uid] = Drinker(uid, p.mode, cap, own, tonight.get(uid, 0))
    return out


def warn_at(cap: int) -> int | None:
    """The sips at which a player with this cap gets the heads-up (80%), if below the cap."""
    n = cap * 4 // 5
    return n if 0 < n < cap else None


@dataclass(frozen=True)
class Counting:
    """How one drink of the game was counted: how much of it as water, how much as points."""

    water: int = 0
    points: int = 0
    whole: bool = True  # all of it (False: a drink split at the cap)
    finish: bool = False


@dataclass
class Counted:
    rows: list[DrinkRow] = field(default_factory=list)  # for the ledger (a crossing drink: two)
    countings: list[Counting] = field(default_factory=list)  # one per drink given
    notices: list[tuple[int, str]] = field(default_factory=list)  # (user, private line)


def count(rows: list[DrinkRow], people: dict[int, Drinker], water_every: int | None) -> Counted:
    """Count the drinks of one action in order, against each drinker's cap and tonight."""
    out = Counted()
    had = {uid: d.tonight for uid, d in people.items()}
    order: list[int] = []
    for r in rows:
        d = people.get(r.user_id) or Drinker(r.user_id)
        had.setdefault(r.user_id, d.tonight)
        if r.user_id not in order:
            order.append(r.user_id)
        sips = r.kind not in NOT_SIPS
        if d.mode == ALCOHOL_FREE and r.kind != FORFEIT:
            out.rows.append(replace(r, counted_as=POINTS))
            out.countings.append(Counting(points=r.amount, finish=r.kind == FINISH))
            continue
        if d.cap is None or r.kind == FORFEIT:
            out.rows.append(replace(r, counted_as=SIPS))
            out.countings.append(Counting())
            had[r.user_id] += r.amount if sips else 0
            continue
        room = max(d.cap - had[r.user_id], 0)
        if not sips:  # a finish: water once the cap is reached
            capped = room == 0
            out.rows.append(replace(r, counted_as=CAPPED if capped else SIPS))
            out.countings.append(Counting(water=1 if capped else 0, finish=True))
        elif room >= r.amount:
            out.rows.append(replace(r, counted_as=SIPS))
            out.countings.append(Counting())
            had[r.user_id] += r.amount
        elif room == 0:
            out.rows.append(replace(r, counted_as=CAPPED))
            out.countings.append(Counting(water=r.amount))
        else:  # crosses the cap: sips up to it, water for the rest
            out.rows.append(replace(r, amount=room, counted_as=SIPS))
            out.rows.append(replace(r, amount=r.amount - room, counted_as=CAPPED))
            out.countings.append(Counting(water=r.amount - room, whole=False))
            had[r.user_id] += room
    for uid in order:
        d = people.get(uid) or Drinker(uid)
        out.notices += [(uid, line) for line in notices(d, d.tonight, had[uid], water_every)]
    return out


def countings(drinks: list[Drink], rows: list[DrinkRow], user_of: dict[int, int]) -> list[Counting]:
    """How each of one action's ``drinks`` (the engine's, in order) was counted, read back from
    the ledger ``rows`` :func:`count` wrote for them (that action's, in the order written);
    ``user_of``: each seat's player. A drink whose rows are gone (the drinker erased their
    history) reads as sips, as a drink nobody counted otherwise would."""
    out = []
    left = list(rows)
    for d in drinks:
        uid = user_of.get(d.seat)
        if not left or left[0].user_id != uid or left[0].kind != d.kind:
            out.append(Counting())
            continue
        r = left.pop(0)
        if r.counted_as == POINTS:
            out.append(Counting(points=r.amount, finish=d.kind == FINISH))
        elif d.kind == FORFEIT:
            out.append(Counting())
        elif d.kind == FINISH:
            out.append(Counting(water=1 if r.counted_as == CAPPED else 0, finish=True))
        elif r.counted_as == CAPPED:
            out.append(Counting(water=r.amount))
        elif r.amount < d.sips and left and left[0].user_id == uid and left[0].kind == d.kind:
            rest = left.pop(0)  # a drink that crossed the cap: sips up to it, then water
            out.append(Counting(water=rest.amount, whole=False))
        else:
            out.append(Counting())
    return out


def notices(d: Drinker, before: int, after: int, water_every: int | None) -> list[str]:
    """The private lines a player gets when tonight's sips go from ``before`` to ``after``
    (words as data: worded in the player's language when shown)."""
    lines = []
    if d.cap is not None and d.mode == SIPS:
        whose = "own" if d.own_cap else "server"
        warn = warn_at(d.cap)
        if before < d.cap <= after:
            lines.append(msg("table-cap-reached", icon=WATER, n=d.cap, whose=whose))
        elif warn is not None and before < warn <= after:
            lines.append(msg("table-cap-near", at=after, n=d.cap, whose=whose))
    if water_every and after // water_every > before // water_every:
        lines.append(msg("table-water-reminder", icon=WATER, n=after))
    return lines


def _text(event: Event) -> str:
    return event.text if isinstance(event, Log) else ""


def _named(text: str) -> set[int]:
    return {int(m[1]) for m in _NAME_MARK.finditer(text) if m[1] is not None}


def _note(seat: int, countings: list[Counting], with_name: bool) -> str:
    water = sum(c.water for c in countings)
    points = sum(c.points for c in countings)
    finish = all(c.finish for c in countings)
    whole = all(c.whole for c in countings)
    parts = []
    if water:
        all_of = "yes" if whole or finish else "no"
        parts.append(msg("table-note-water", icon=WATER, n=water, whole=all_of))
    if points:
        all_of = "yes" if finish else "no"
        parts.append(msg("table-note-points", icon=STAR, n=points, finish=all_of))
    text = parts[0] if len(parts) == 1 else msg("table-note-both", water=parts[0], points=parts[1])
    return msg("table-note-named", who=f"{{p{seat}}}", note=text) if with_name else text


def _one_line(parts: list[str]) -> str:
    """Notes as one message: ``a; b; c``."""
    line = parts[-1]
    for part in reversed(parts[:-1]):
        line = msg("table-notes", first=part, rest=line)
    return line


def annotate(
    events: list[Event], drinks: list[tuple[Drink, Counting]], extra: list[Private]
) -> list[Event]:
    """The events with a note on the log line of each drink counted as water or points, and the
    private lines (``extra``) at the end.

    A drink's note goes on the first log line after it that names the drinker, else on the first
    log line after it (with the drinker's name), else on a line of its own.
    """
    out = list(events)
    notes: dict[int, dict[int, list[Counting]]] = {}  # line index -> seat -> countings
    added: dict[int, list[Counting]] = {}  # seat -> countings with no line to go on
    position = {id(e): i for i, e in enumerate(out)}
    for drink, counting in drinks:
        if not (counting.water or counting.points):
            continue
        start = position.get(id(drink))
        line = None
        if start is not None:
            later = [i for i in range(start + 1, len(out)) if isinstance(out[i], Log)]
            line = next((i for i in later if drink.seat in _named(_text(out[i]))), None)
            if line is None and later:
                line = later[0]
        if line is None:
            added.setdefault(drink.seat, []).append(counting)
        else:
            notes.setdefault(line, {}).setdefault(drink.seat, []).append(counting)
    for i, by_seat in notes.items():
        text = _text(out[i])
        named = _named(text)
        parts = [_note(s, c, with_name=named != {s}) for s, c in by_seat.items()]
        out[i] = Log(msg("table-noted", line=text, notes=_one_line(parts)))
    out += [Log(_note(s, c, with_name=True)) for s, c in added.items()]
    return [*out, *extra]


def tab_text(tab: Tab | None, sips: int, lang: str = ENGLISH) -> str | None:
    """A seat's drinks at a table as they were counted ("8 sips · 💧 4 water", "⭐ 12 points"),
    or ``None`` when all were sips. ``sips`` is the game's own count, which includes them all."""
    if tab is None or not (tab.water or tab.points):
        return None
    alcohol = max(sips - tab.water - tab.points, 0)
    parts = [t(lang, "sips", n=alcohol)] if alcohol else []
    if tab.water:
        parts.append(t(lang, "tab-water", water=WATER, n=tab.water))
    if tab.points:
        parts.append(t(lang, "tab-points", star=STAR, n=tab.points))
    return " · ".join(parts)


def add_to_tab(tab: Tab | None, row: DrinkRow) -> Tab:
    tab = tab or Tab()
    if row.kind in NOT_SIPS:
        return tab
    if row.counted_as == CAPPED:
        return replace(tab, water=tab.water + row.amount)
    if row.counted_as == POINTS:
        return replace(tab, points=tab.points + row.amount)
    return replace(tab, sips=tab.sips + row.amount)


def game_allowed(
    rules: list[tuple[int, bool]], channel_id: int, parent_id: int | None = None
) -> bool:
    """Whether a game may be started in a channel, from its rules ``(channel, enabled)``:
    the channel's own rule, else (a thread: ``parent_id``) its channel's, else the server's
    (channel 0), else on."""
    by_channel = dict(rules)
    for where in (channel_id, parent_id, 0):
        if where is not None and where in by_channel:
            return by_channel[where]
    return True


def not_here(title: str, rules: list[tuple[int, bool]]) -> str:
    """The answer to ``/<game> start`` where the server's settings switched the game off (words
    as data; ``title``: the game's name, maybe words as data too)."""
    elsewhere = [f"<#{c}>" for c, on in rules if on and c != 0]
    if dict(rules).get(0, True) and not elsewhere:
        return msg("table-game-off", game=title, where="here")
    if elsewhere:
        return msg("table-game-off", game=title, where="elsewhere", channels=", ".join(elsewhere))
    return msg("table-game-off", game=title, where="server")
