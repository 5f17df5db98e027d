"""What every table shows: screens (embeds + components), buttons built from actions, the lobby,
the short rules, the questions Leave and End ask during play, and the end screen's payoff.

Decisions:
- A phone screen's worth is :data:`BODY_LINES` lines and :data:`BODY_CHARS` characters of
  embed body (description, fields and footer; the title aside), measured by :func:`size`.
- The end screen is the game's own lines (who won, the standings) followed by the platform's:
  each player's drinks as counted, the biggest single drink and who gave the most (from the
  table's ledger), and the engine's own highlights (:meth:`Engine.highlights`), as many as fit.
  The seed goes in the footer.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import safety
from bot.art import emoji
from bot.art.looks import LOOKS
from bot.engines.base import Action, AnyCard, Drink, literal, msg
from bot.i18n import ENGLISH, command, current, english, game_title, has, render, t, tr
from bot.store import Tab, TableRow
from bot.tables import (
    CHANNEL_DELETED,
    REMOVED,
    THREAD_DELETED,
    THREAD_LOCKED,
    THREAD_SHUT,
    Table,
    message_link,
    seats,
)
from bot.ui.components import (
    LONE_SURROGATE,
    Button,
    Controls,
    Form,
    Row,
    Select,
    SelectOption,
    controls,
    custom_id,
)

__all__ = ["Button", "Form", "Row", "Select", "SelectOption", "Screen", "custom_id"]

GOLD = discord.Colour.from_rgb(0xE8, 0xA3, 0x3D)  # lager
GREEN = discord.Colour.from_rgb(0x4C, 0xAF, 0x50)
GREY = discord.Colour.from_rgb(0x80, 0x80, 0x80)

NAME_MARK = re.compile(r"\{\{|\}\}|\{p(\d{1,2})\}")

BODY_LINES = 12  # a phone screen's worth of embed body (see size())
BODY_CHARS = 600
WARNING = "\u26a0\ufe0f"  # the mark a refused tap's warning starts with (Screen.warned)


@dataclass(frozen=True)
class Shot:
    """The picture a table's message is to show: its key (what it shows, bot/art/picture.py),
    and either the PNG to upload or the attachment already on the message that shows it. With
    neither, the picture is wanted but not drawn yet: the message keeps none for now."""

    key: str
    png: bytes | None = field(default=None, repr=False, compare=False)
    keep: Any = field(default=None, repr=False, compare=False)  # a discord.Attachment

    @property
    def filename(self) -> str:
        return filename(self.key)


PICTURE_PREFIX = "table-"


def _with_picture(text_fp: str, shot: Shot | None) -> str:
    key = shot.key if shot is not None else ""
    return hashlib.sha256(f"{text_fp}|{key}".encode()).hexdigest()


def filename(key: str) -> str:
    """The attachment name a picture is uploaded as: its key says what it shows."""
    return f"{PICTURE_PREFIX}{key}.png"


def key_of(attachment_name: str) -> str | None:
    """The picture key an attachment of a table's message was uploaded under, if any."""
    if attachment_name.startswith(PICTURE_PREFIX) and attachment_name.endswith(".png"):
        return attachment_name[len(PICTURE_PREFIX) : -4]
    return None


@dataclass
class Screen:
    """One message's worth: an embed and up to five rows of components."""

    embed: discord.Embed
    rows: list[Row] = field(default_factory=list)
    content: str | None = None
    # a table's public screen: the picture it shows (``None``: none), and how it gets there
    shot: Shot | None = None
    public: bool = False  # a table's message: its attachments are its picture, or none
    # a private screen's files (name, bytes): exactly these on the message (``()``: none);
    # ``None`` leaves its attachments as they are
    files: tuple[tuple[str, bytes], ...] | None = field(default=None, repr=False, compare=False)
    _controls: Controls | None = field(default=None, init=False, repr=False, compare=False)
    _fingerprint: str | None = field(default=None, init=False, repr=False, compare=False)
    _text_fp: str | None = field(default=None, init=False, repr=False, compare=False)
    _base: Screen | None = field(default=None, init=False, repr=False, compare=False)

    def kwargs(self, *, new: bool = False) -> dict[str, Any]:
        """Keyword arguments for send_message / edit_message (the buttons built once); ``new``:
        for a message being sent (a file, not an ``attachments`` list)."""
        if self._controls is None:
            self._controls = controls(self.rows)
        out: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self._controls}
        # exactly what the message is to carry (None: leave it as it is); an edit lists it all,
        # since Discord appends new files to what a message has otherwise
        carried: list[Any] | None = None
        if not self.public:
            if self.files is not None:
                carried = [discord.File(io.BytesIO(data), filename=n) for n, data in self.files]
        else:
            shot = self.shot
            if shot is not None and (shot.png is not None or (shot.keep is not None and not new)):
                embed = discord.Embed.from_dict(self.embed.to_dict())
                embed.set_image(url=f"attachment://{shot.filename}")
                out["embed"] = embed
                if shot.png is not None:
                    carried = [discord.File(io.BytesIO(shot.png), filename=shot.filename)]
                else:
                    carried = [shot.keep]
            else:
                carried = []  # no picture (or not yet): none kept either
        if carried is None:
            return out
        if not new:
            out["attachments"] = carried
        elif files := [f for f in carried if isinstance(f, discord.File)]:
            out["files"] = files
        return out

    def fingerprint(self) -> str:
        """What the screen shows, as a hash: worked out once (a screen is not changed after it
        is drawn), when first asked for. A table's picture counts by its key (a screen sent has
        the picture it names at hand: :meth:`bot.render.Renderer.dress`)."""
        if self._fingerprint is None:
            text = self.text_fingerprint()
            self._fingerprint = _with_picture(text, self.shot) if self.public else text
        return self._fingerprint

    def text_fingerprint(self) -> str:
        """The hash of the embed, the buttons and the content (a table's pictured copies share
        it: :meth:`pictured`)."""
        if self._text_fp is None and self._base is not None:
            self._text_fp = self._base.text_fingerprint()
        if self._text_fp is None:
            data = {"e": self.embed.to_dict(), "r": [repr(r) for r in self.rows], "c": self.content}
            text = json.dumps(data, sort_keys=True, default=str)
            self._text_fp = hashlib.sha256(text.encode()).hexdigest()
        return self._text_fp

    def pictured(self, shot: Shot | None) -> Screen:
        """This table screen showing ``shot`` (its key) instead: the same text and buttons,
        whose text's fingerprint is worked out once for both."""
        out = Screen(self.embed, self.rows, self.content, shot, True)
        out._controls = self._controls
        out._base = self
        return out

    def warned(self, text: str) -> Screen:
        """This screen with ``text`` as a warning on top of its embed. It shows the game as this
        screen does, so it keeps this screen's fingerprint: a refresh of the view that was due
        anyway (the move the refused tap repeated) finds it current and leaves the warning be,
        instead of wiping it a moment after it was shown."""
        embed = discord.Embed.from_dict(self.embed.to_dict())
        top = f"{WARNING} {text}"
        embed.description = f"{top}\n{embed.description}" if embed.description else top
        warned = Screen(embed, self.rows, self.content, self.shot, self.public)
        warned._fingerprint = self.fingerprint()
        warned._text_fp = self.text_fingerprint()  # and so do its pictured copies
        return warned


def button(
    table: Table,
    action: Action,
    label: str,
    style: str = "secondary",
    *,
    emoji: str | None = None,
    disabled: bool = False,
) -> Button:
    """A button that sends ``action`` at ``table``."""
    cid = custom_id(table.row.game, table.id, action.verb, action.to_arg())
    return Button(label, cid, style, disabled, emoji)


def select(
    table: Table,
    action: type[Action],
    fill: str,
    options: list[SelectOption] | tuple[SelectOption, ...],
    placeholder: str = "",
    min_values: int = 1,
    max_values: int = 1,
    **known: Any,
) -> Select:
    """A select that sends ``action(**known, <fill>=<what was chosen>)`` at ``table``."""
    arg = action.arg_with(fill, **known)
    cid = custom_id(table.row.game, table.id, action.verb, arg)
    return Select(cid, tuple(options), placeholder, min_values, max_values)


def card_emoji(
    table: Table, seat: int, card: AnyCard | None, *, deck: int = 0, tarot: bool = False
) -> str | None:
    """The emoji beside a card's label on ``seat``'s own screen (``"<:bk_TH:123>"``; ``card``
    ``None``: the back of ``deck``, or the tarot's back), in the four-colour deck if that player
    chose it; ``None`` when they see no pictures (their /limits, else the server's /settings) or
    the emoji is not uploaded (yet, bot/art/emoji.py): the label alone says the card, always."""
    user_id = table.user_at(seat).user_id
    guild_id = table.row.guild_id
    if not LOOKS.images(guild_id, user_id):
        return None
    if card is None:
        found = emoji.back_emoji(deck, tarot)
    else:
        found = emoji.card_emoji(card, four_colour=LOOKS.four_colour(guild_id, user_id))
    return str(found) if found is not None else None


def form(table: Table, action: type[Action], fill: str, title: str, label: str, **kw: Any) -> Form:
    """A form (modal) whose text fills ``action``'s ``fill`` field."""
    cid = custom_id(table.row.game, table.id, action.verb, action.arg_with(fill))
    return Form(title, cid, label, **kw)


def platform(
    table: Table,
    verb: str,
    label: str,
    style: str = "secondary",
    emoji: str | None = None,
    arg: str | None = None,
) -> Button:
    """A button for one of the platform's verbs (join, seat, rules, leave, end...)."""
    return Button(label, custom_id(table.row.game, table.id, verb, arg), style, emoji=emoji)


def form_button(
    table: Table, action: type[Action], label: str, style: str = "primary", emoji: str | None = None
) -> Button:
    """A button that opens the form for ``action`` (the UI module's ``form(table, seat, verb)``)."""
    return Button(
        label, custom_id(table.row.game, table.id, "form", action.verb), style, emoji=emoji
    )


def table_buttons(table: Table, seat_label: str | None = None) -> list[Button]:
    """The row every running table has: open your private view (``seat_label``, worded by the
    game: "My hand"; default "My seat"), the rules, leave, end; and while a seat is open,
    **Take seat**, or the host's **Allow** / **No** to whoever asked for it (in the place of
    Rules: /rules has them too)."""
    mine = platform(table, "seat", seat_label or tr("screens-my-seat"), emoji="\U0001f0cf")
    leave = platform(table, "leave", tr("screens-leave"))
    end = platform(table, "end", tr("screens-end"), "danger")
    opened = table.open_seats() if table.status == "playing" else []
    asked = next((s for s in opened if s.asker_id is not None), None)
    if asked is not None:
        arg = f"{asked.seat}.{asked.asker_id}"
        allow = platform(table, "allow_seat", tr("screens-allow"), "success", "\u2705", arg)
        no = platform(table, "deny_seat", tr("screens-no"), "secondary", "\u2716\ufe0f", arg)
        return [mine, leave, end, allow, no]
    row = [mine, platform(table, "rules", tr("screens-rules")), leave, end]
    if opened:
        row.append(platform(table, "take_seat", tr("screens-take-seat"), "primary", "\U0001fa91"))
    return row


def seat_lines(table: Table) -> list[str]:
    """A line per open seat: whose it is and until when, or who asks the host for it."""
    if table.status != "playing":
        return []
    host = table.seat_row(table.row.host_id)
    boss = f"**{escape(host.name)}**" if host is not None else tr("screens-the-host")
    out = []
    for s in table.open_seats():
        seat = s.seat or 0
        whose = name(table, seat)
        if s.asker_id is not None:
            who = escape(s.asker_name or tr("screens-someone"))
            out.append(
                "\U0001fa91 "
                + tr(
                    "screens-seat-asked",
                    who=who,
                    whose=whose,
                    host=boss,
                    allow=tr("screens-allow"),
                    no=tr("screens-no"),
                )
            )
            continue
        due = [t.due_at for t in table.timers.values() if seat in t.seats]
        out.append(
            "\U0001fa91 "
            + tr(
                "screens-seat-open",
                whose=whose,
                why="timed-out" if s.opened else "left",
                take=tr("screens-take-seat"),
                until="clock" if due else "turn",
                clock=countdown(min(due)) if due else "",
            )
        )
    return out


def with_seats(table: Table, screen: Screen) -> Screen:
    """A running table's screen with its open seats on top (:func:`seat_lines`), still within
    a phone's screen: the oldest of its last field's lines (the latest news) make room first,
    then its description's last lines."""
    lines = seat_lines(table)
    if not lines:
        return screen
    embed = discord.Embed.from_dict(screen.embed.to_dict())
    body = (embed.description or "").split("\n") if embed.description else []
    embed.description = "\n".join([*lines, *body])
    while not fits(embed):
        if embed.fields:
            last = len(embed.fields) - 1
            field = embed.fields[last]
            kept = (field.value or "").split("\n")[1:]
            if kept:
                embed.set_field_at(last, name=field.name, value="\n".join(kept), inline=False)
            else:
                embed.remove_field(last)
        elif body:
            body.pop()
            embed.description = "\n".join([*lines, *body])
        else:
            break
    return Screen(embed, screen.rows, screen.content, screen.shot, screen.public)


def seat_choice_screen(table: Table, host: bool, playing: bool) -> Screen:
    """**Take seat** pressed where it needs a choice: which of several open seats, or, for the
    host, closing one (its cards leave play as the rules say) or (not playing) sitting there."""
    rows: list[Row] = []
    for s in table.open_seats()[:5]:
        seat = s.seat or 0
        whose = table.user_at(seat).name[:60]
        row: list[Button] = []
        if not (host and playing):
            take = tr("screens-take-whose", whose=whose)[:80]
            row.append(platform(table, "take_seat", take, "primary", arg=f"{seat}.go"))
        if host:
            close = tr("screens-close-whose", whose=whose)[:80]
            row.append(platform(table, "close_seat", close, "danger", arg=str(seat)))
        rows.append(row)
    if host:
        text = tr("screens-seat-close-ask" if playing else "screens-seat-host-ask")
    else:
        text = tr("screens-seat-which")
    return Screen(discord.Embed(description=text, colour=GREY), rows)


def name(table: Table, seat: int) -> str:
    return say(f"{{p{seat}}}", table)


def say(template: str, table: Table) -> str:
    """Fill ``{p0}``... in an engine line with the players' names, in one pass.

    Names are data: a name that itself looks like ``{p1}`` or holds Markdown is shown as written.
    """
    return say_names(template, table.names())


def say_names(template: str, names: dict[str, str]) -> str:
    """:func:`say` with the names given (``{"p0": "Ana", ...}``): a replay's, say. An engine
    line written as data (``base.msg``) is first worded in the language being drawn."""
    template = render(template)

    def fill(m: re.Match[str]) -> str:
        if m[1] is None:  # a doubled brace: literal text (base.literal)
            return m[0][0]
        who = names.get(f"p{m[1]}")
        return f"**{escape(who)}**" if who is not None else m[0]

    return NAME_MARK.sub(fill, template)


def player_name(user: discord.abc.User) -> str:
    """The name a player goes by at the table: their display name, without the invisible
    characters that reorder or hide text (a right-to-left override would turn the rest of a
    table's line around; zero-width ones make a name look empty or like another) and without
    lone UTF-16 surrogates (no characters; see :data:`LONE_SURROGATE`). The joiner and tag
    characters emoji sequences use are kept. A name with nothing visible left is their
    username, or "Player"."""
    for raw in (user.display_name, user.name):
        name = " ".join(
            "".join(
                ch
                for ch in LONE_SURROGATE.sub("", raw)
                if unicodedata.category(ch) != "Cf" or ch == "\u200d" or "\U000e0020" <= ch
            ).split()
        )
        if any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
            return name
    return "Player"


@functools.lru_cache(maxsize=4096)  # the same names, on every screen
def escape(text: str) -> str:
    """A player's name or words, shown literally: no Markdown, no mentions, and no markup
    in angle brackets (a custom emoji, a timestamp, a command or channel mention)."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(text))
    return text.replace("<", "\\<")


def notes(table: Table, seat: int, fmt: Any = None) -> list[str]:
    """The latest lines only ``seat`` may see (``Private`` events), newest last."""
    row = table.seat_at(seat)
    fill = fmt or say
    return [f"\U0001f4e9 {fill(n, table)}" for n in (row.notes if row else [])]


def countdown(due: float | None) -> str:
    """A live countdown: Discord renders ``<t:..:R>`` as "in 20 seconds" and keeps it ticking."""
    return f"<t:{int(due + 0.999)}:R>" if due else ""


def lobby_rows(table: Table) -> list[Row]:
    rows: list[Row] = [
        [
            platform(table, "join", tr("screens-join"), "success", "\U0001f37a"),
            platform(table, "leave", tr("screens-leave")),
            platform(table, "start", tr("screens-start"), "primary"),
            platform(table, "rules", tr("screens-rules"), emoji="\U0001f4dc"),
            platform(table, "end", tr("screens-end"), "danger"),
        ]
    ]
    if len(table.seated()) >= 2:  # someone the host could remove (the host's own seat aside)
        rows.append([platform(table, "remove", tr("screens-remove"))])
    return rows


def remove_screen(table: Table, by: int) -> Screen:
    """The host's private pick of a player to remove from the lobby."""
    others = [s for s in table.seated() if s.user_id != by]
    options = [SelectOption(s.name[:100] or "?", str(s.user_id)) for s in others][:25]
    text = tr("screens-remove-ask", table=str(table.id))
    embed = discord.Embed(description=f"{text}\n{tr('screens-not-sure')}", colour=GREY)
    if not options:
        embed.description = tr("screens-remove-nobody")
        return Screen(embed)
    cid = custom_id(table.row.game, table.id, "remove", "pick")
    return Screen(embed, [Select(cid, tuple(options), tr("screens-remove-pick"))])


def options_line(table: Table) -> str:
    """The table's options as the host sets them: each one's name as ``/<game> start`` takes it
    in the language drawn (``claim_seconds: 20``; ``läggtid: 20``), where the catalog names it,
    else its label."""
    parts = []
    for opt in table.engine.options:
        value = table.row.options.get(opt.name, opt.default)
        key = f"opt-{table.row.game}-start-{opt.name}"
        label = t(current(), key) if has(current(), key) else render(opt.label or opt.name)
        if isinstance(opt.default, bool):
            parts.append(f"{label}: {tr('on' if value else 'off')}")
        else:
            parts.append(f"{label}: {value}")
    return " · ".join(parts)


def lobby_screen(table: Table) -> Screen:
    e = table.engine
    players = table.seated()
    lines = [
        tr(
            "screens-lobby-player",
            n=str(i + 1),
            who=escape(s.name),
            host="yes" if s.user_id == table.row.host_id else "no",
        )
        for i, s in enumerate(players)
    ] or [tr("screens-lobby-nobody")]
    count = (
        f"{e.min_players}" if e.min_players == e.max_players else f"{e.min_players}-{e.max_players}"
    )
    title = game_title(current(), table.row.game)
    embed = discord.Embed(
        title=f"\U0001f37b {tr('screens-lobby-title', game=title, table=str(table.id))}",
        description=tr(
            "screens-lobby-text",
            count=count,
            join=tr("screens-join"),
            start=tr("screens-start"),
            clock=countdown(table.deadline("lobby")),
        ),
        colour=GOLD,
    )
    embed.add_field(
        name=tr("screens-lobby-players", n=str(len(players)), most=str(e.max_players)),
        value="\n".join(lines),
        inline=False,
    )
    if e.options:
        embed.add_field(name=tr("screens-lobby-options"), value=options_line(table), inline=False)
    if table.row.log:  # the lobby's note: who is invited to play again
        embed.add_field(
            name=tr("screens-lobby-invited"),
            value="\n".join(say(line, table) for line in table.row.log),
            inline=False,
        )
    # the shuffle is fixed before the deal: its seed's whole hash now, the seed at the end
    footer = tr("screens-lobby-seed", hash=table.seed_hash)
    if e.drinks_with(table.row.options):
        limits = command(current(), "limits")
        footer = tr("screens-lobby-responsibly", limits=limits) + "\n" + footer
    embed.set_footer(text=footer)
    return Screen(embed, lobby_rows(table))


def drinks(table: Table, seat: int, n: int, user_id: int | None = None) -> str:
    """A seat's ``n`` sips as the table shows them: "12 sips", or as they were counted when
    some were water (over the drinker's cap) or points (alcohol-free): "8 sips · 💧 4 water",
    "⭐ 12 points". ``n`` is the game's own count, water and points included. ``user_id``:
    one who held the seat before (taken over) rather than its holder."""
    row = table.seat_at(seat)
    who = user_id if user_id is not None else row.user_id if row else None
    shown = safety.tab_text(table.tabs.get(who), n) if who is not None else None
    return shown or tr("sips", n=n)


DRINKS_APART = 4  # up to this many players, each player's drinks get a line of their own


def given_tabs(drunk: list[tuple[Drink, Tab]]) -> dict[int, Tab] | None:
    """What each seat gave away (a game where players give drinks: Pyramid), as the drinkers'
    rows counted it (given to an alcohol-free player, points), from the table's
    :func:`ledger_drinks`; ``None`` if nobody gave any."""
    given: dict[int, Tab] = {}
    for d, tab in drunk:
        if d.giver is not None and d.kind not in safety.NOT_SIPS:
            given[d.giver] = given.get(d.giver, Tab()) + tab
    return given or None


def drinks_lines(table: Table) -> str | None:
    """Every player's drinks here as they were counted: a line each ("**Ana**: 12 sips",
    "**Bo**: ⭐ 4 points"), or one line for more than :data:`DRINKS_APART` players; ``None``
    if nobody drank (finishes and forfeits aside). Where players gave drinks, what each gave
    too: "**Ana**: 12 sips (gave 8)"."""
    parts = []
    given = given_tabs(ledger_drinks(table))
    soft = soft_finishes(table)
    # in seat order; a seat taken over: who held it before, if they drank, then its holder
    dealt = sorted((s for s in table.seats if s.seat is not None), key=lambda s: s.seat or 0)
    for s in dealt:
        seat = s.seat or 0
        tab = table.tabs.get(s.user_id) or Tab()
        n = tab.total
        now = table.user_at(seat) is s
        if not now and not n and s.user_id not in soft:
            continue
        gave = (
            " " + tr("screens-gave", n=given.get(seat, Tab()).total)
            if given is not None and now
            else ""
        )
        text = drinks(table, seat, n, s.user_id) if n or s.user_id not in soft else ""
        text = " · ".join(t for t in (text, soft.get(s.user_id, "")) if t)
        who = name(table, seat) if now else f"**{escape(s.name)}**"
        parts.append((n + (s.user_id in soft), who, text + gave))
    if not any(n for n, _, _ in parts) and given is None:
        return None
    if len(parts) <= DRINKS_APART:
        return "\n".join(f"{who}: {text}" for _, who, text in parts)
    many = any(" · " in text for _, _, text in parts)  # "8 sips · 💧 4 water": no " · " then
    return "\U0001f37a " + (", " if many else " · ").join(f"{w} {t}" for _, w, t in parts)


def soft_finishes(table: Table) -> dict[int, str]:
    """Per player, a "finish your drink" counted as points (alcohol-free) or water (over
    their cap), as the end screen says it: the game's own line says "finished their drink"."""
    out = {}
    for r in table.ledger:
        if r.kind == safety.FINISH and r.counted_as == safety.POINTS:
            out[r.user_id] = tr("screens-finish-points", star=safety.STAR)
        elif r.kind == safety.FINISH and r.counted_as == safety.CAPPED:
            out[r.user_id] = tr("screens-finish-water", water=safety.WATER)
    return out


def ledger_drinks(table: Table) -> list[tuple[Drink, Tab]]:
    """The table's ledger as the engine's drinks, in order, each with how it was counted: a
    drink split at a cap (sips, then water) is one drink again. Rows of a player without a
    seat here (their history erased) are left out."""
    merged: dict[tuple[int, int, str, str, int | None], tuple[int, Tab]] = {}
    for r in table.ledger:
        key = (r.seq, r.user_id, r.kind, r.reason, r.giver_id)
        n, tab = merged.get(key, (0, Tab()))
        merged[key] = (n + r.amount, safety.add_to_tab(tab, r))
    out = []
    for (_, user_id, kind, reason, giver_id), (n, tab) in merged.items():
        row = table.seat_row(user_id)
        giver = table.seat_row(giver_id) if giver_id is not None else None
        if row is None or row.seat is None:
            continue
        out.append((Drink(row.seat, n, kind, reason, giver.seat if giver else None), tab))
    return out


def moments(table: Table) -> list[str]:
    """A finished table's best moments: the biggest single drink and who gave the most (from
    its ledger), then the engine's own highlights, most telling first."""
    lines = []
    drunk = ledger_drinks(table)
    sipped = [(d, tab) for d, tab in drunk if d.kind not in safety.NOT_SIPS]
    if sipped:
        big, tab = max(sipped, key=lambda dt: dt[0].sips)  # the first of equals
        amount = safety.tab_text(tab, big.sips) or tr("sips", n=big.sips)
        why = escape(render(big.reason))
        who = name(table, big.seat)
        lines.append("\U0001f947 " + tr("screens-biggest", who=who, amount=amount, why=why))
    if given := given_tabs(drunk):
        giver, counted = max(given.items(), key=lambda kv: kv[1].total)  # the first of equals
        amount = safety.tab_text(counted, counted.total) or tr("sips", n=counted.total)
        lines.append(
            "\U0001f381 " + tr("screens-most-given", who=name(table, giver), amount=amount)
        )
    if table.state is not None:
        highlights = table.engine.highlights(table.state, [d for d, _ in drunk])
        lines += [f"\u2728 {say(h, table)}" for h in highlights]
    return lines


def size(screen: Screen) -> tuple[int, int]:
    """How much of a phone screen a message's embed body takes: (lines, characters) of
    :func:`body_text`."""
    return _extent(body_text(screen.embed))


def _extent(text: str) -> tuple[int, int]:
    return (text.count("\n") + 1 if text else 0), len(text)


def body_text(embed: discord.Embed, *more: str) -> str:
    """An embed's body as a phone shows it, the title aside: its description, each field's
    name and value, then ``more`` (a field to come), then the footer, a line apart."""
    parts = [embed.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    parts += [*more, embed.footer.text or ""]
    return "\n".join(p for p in parts if p)


def fits(embed: discord.Embed, *more: str) -> bool:
    """Whether ``embed`` with ``more`` (a field's name and value, each as one text) still fits
    a phone's screen: :data:`BODY_LINES` lines and :data:`BODY_CHARS` characters of
    :func:`body_text`, its footer included (set the footer first)."""
    lines, chars = _extent(body_text(embed, *more))
    return lines <= BODY_LINES and chars <= BODY_CHARS


def _fit(lines: list[str], extra: list[str], room_lines: int, room_chars: int) -> list[str]:
    """``lines`` (cut short with "…" if they alone don't fit), then after a blank line as many
    of ``extra`` (each one or more lines) as fit, in order."""

    def fits(candidate: list[str]) -> bool:
        text = "\n".join(candidate)
        return text.count("\n") < room_lines and len(text) <= room_chars

    while len(lines) > 1 and not fits(lines):
        lines = [*lines[:-2], "…"]
    if lines and not fits(lines):
        lines = [lines[0][: room_chars - 1] + "…"]
    out, gap = lines, [""] if lines else []
    for line in extra:
        if fits(candidate := [*out, *gap, line]):
            out, gap = candidate, []
    return out


# why a table ended, as the table service stores it (English, data that code compares): each
# known reason worded in the screen's language
_REASONS = {
    "game over": "screens-reason-game-over",
    "everyone left": "screens-reason-everyone-left",
    CHANNEL_DELETED: "screens-reason-channel-deleted",
    THREAD_DELETED: "screens-reason-thread-deleted",
    THREAD_LOCKED: "screens-reason-thread-locked",
    THREAD_SHUT: "screens-reason-thread-shut",
    REMOVED: "screens-reason-removed",
    "it could not be loaded": "screens-reason-not-loaded",
    "a former player": "screens-reason-former-player",
}
_NOBODY_STARTED = re.compile(r"nobody started it within (\d+) minutes")


def end_reason(reason: str) -> str:
    """Why a table ended, in the language drawn: "game over", "ended by Ana", "closed: ..."
    (a reason no catalog names, or one written as data, as it is worded)."""
    if reason.startswith("ended by "):
        who = reason.removeprefix("ended by ")
        who = tr(_REASONS[who]) if who in _REASONS else who
        return tr("screens-reason-ended-by", who=who)
    closed = reason.startswith("closed: ")
    why = reason.removeprefix("closed: ")
    if why in _REASONS:
        why = tr(_REASONS[why])
    elif m := _NOBODY_STARTED.fullmatch(why):
        why = tr("screens-reason-nobody-started", minutes=int(m[1]))
    else:
        why = render(why)
    return tr("screens-reason-closed", why=why) if closed else why


def ended_screen(table: Table, lines: list[str], counted: bool = True) -> Screen:
    """The last state of a table, a payoff: the game's ``lines`` (who won, the standings),
    then each player's drinks and the best moments (:func:`moments`), as many as fit on a
    phone, the seed in the footer, no buttons (the platform adds **Play again**).
    ``counted=False``: ``lines`` already show each player's drinks as counted."""
    if table.state is not None and not table.engine.is_over(table.state):
        # ended by End, or by everyone leaving, before the game was: what the game's lines
        # show next is how it stood, never a result (End promised no winner)
        lines = [tr("screens-ended-early"), *lines]
    if gone := [s for s in table.seats if s.opened is not None and s.seat is not None]:
        # left mid-game, their seat still open when the game ended: the game's lines show the
        # seat as it stood, under their name
        who = ", ".join(f"**{escape(s.name)}**" for s in gone)
        lines = [*lines, "\U0001fa91 " + tr("screens-ended-gone", who=who)]
    reason = end_reason(table.row.end_reason or "")
    tally = command(current(), "tally")
    footer = (reason[:1].upper() + reason[1:] + " · " if reason else "") + tr(
        "screens-ended-tally", tally=tally
    )
    if table.row.started_at is not None:
        footer = tr("screens-ended-seed", seed=str(table.row.seed), rest=footer)
    extra = []
    if counted and (line := drinks_lines(table)):
        extra.append(line)
    extra += moments(table)
    body = _fit(lines, extra, BODY_LINES - 1, BODY_CHARS - len(footer) - 1)
    embed = discord.Embed(
        title="\U0001f3c1 "
        + tr(
            "screens-ended-title",
            game=game_title(current(), table.row.game),
            table=str(table.id),
        ),
        description="\n".join(body) or tr("screens-ended-closed"),
        colour=GREY,
    )
    embed.set_footer(text=footer)
    return Screen(embed, [])


def again_button(table: Table) -> Button:
    """**Play again**: a new table in the same channel, same options, the same players invited."""
    return platform(table, "again", tr("screens-again"), "success", "\U0001f501")


def invite_note(table: Table, host_id: int) -> str | None:
    """The lobby line of a table opened by **Play again** on ``table``, by ``host_id``: the
    other players of ``table``, named as written (:func:`literal`); ``None`` if none. It is
    stored with the lobby (its log), so it is a message as data, worded where it is shown."""
    names = [
        f"**{literal(s.name)}**" for s in table.seats if s.seat is not None and s.user_id != host_id
    ]
    if not names:
        return None
    who = (
        names[0]
        if len(names) == 1
        else msg("screens-and", rest=", ".join(names[:-1]), last=names[-1])
    )
    return msg("screens-invite", table=str(table.id), who=who)


def next_game_text(lobby: TableRow, host: str | None) -> str:
    """The answer to a second **Play again**: the next game is open already, and where."""
    who = escape(host) if host is not None else tr("screens-someone")
    return tr(
        "screens-next-game",
        who=who,
        table=str(lobby.id),
        link=message_link(lobby),
        join=tr("screens-join"),
    )


def confirm_screen(table: Table, what: str, seat: int | None = None) -> Screen:
    """The private question Leave (``what="leave"``, by ``seat``) or End asks during play; or
    a game's move it asks about first (:attr:`Engine.ask_first`, ``what`` its verb)."""
    if (asked := table.engine.asked(what)) is not None:
        return _question(table, *table.engine.ask_first[asked], what)
    engine = table.engine
    number = str(table.id)
    if what == "leave" and seat is not None and seats.may_open(engine, table.state, seat):
        text = tr("screens-leave-open", table=number, take=tr("screens-take-seat"))
        label = tr("screens-leave-yes")
    elif what == "leave":
        takeover = "yes" if engine.seat_takeover else "no"
        text = tr("screens-leave-out", table=number, takeover=takeover)
        label = tr("screens-leave-yes")
    else:
        text = tr("screens-end-ask", table=number)
        label = tr("screens-end-yes")
    return _question(table, text, label, what)


def _question(table: Table, text: str, label: str, what: str) -> Screen:
    """A question with its one button; ``text`` and ``label`` may be a game's message as
    data (:attr:`Engine.ask_first`)."""
    text, label = render(text), render(label)
    embed = discord.Embed(description=f"{text}\n{tr('screens-not-sure')}", colour=GREY)
    return Screen(embed, [[platform(table, "confirm", label, "danger", arg=what)]])


RULE_FIELD = re.compile(r"\{([a-z_]+)(?::([a-z]+))?\}")
RULE_IF = re.compile(r"\[(!?[a-z_]+(?:,!?[a-z_]+)*)\] ?")


def fill_rules(template: str, options: dict[str, Any], lang: str = ENGLISH) -> str:
    """A rules file's short section with the table's options: ``{name}`` is an option's value,
    ``{name:message}`` the catalog's message with the value as ``n`` (``{social_sips:sips}``:
    "1 sip", "3 sips"; "1 klunk", "3 klunkar"), and a line starting
    ``[name]`` (``[!name]``; several: ``[a,!b]``) shows only when that on/off option is on
    (off). Raises KeyError for an option the game doesn't have."""
    out = []
    for line in template.splitlines():
        if m := RULE_IF.match(line):
            wanted = [(c.lstrip("!"), not c.startswith("!")) for c in m[1].split(",")]
            if any(bool(options[opt]) != on for opt, on in wanted):
                continue
            line = line[m.end() :]
        out.append(
            RULE_FIELD.sub(
                lambda f: t(lang, f[2], n=options[f[1]]) if f[2] else str(options[f[1]]), line
            )
        )
    return "\n".join(out).strip()


def rules_screen(table: Table, short: str, lang: str = ENGLISH) -> Screen:
    """The short rules (filled) with a **Full rules** button."""
    title = t(lang, "rules-short-title", game=game_title(lang, table.row.game))
    embed = discord.Embed(title=title, description=short, colour=GOLD)
    return Screen(embed, [[full_rules_button(table, lang)]])


def full_rules_button(table: Table, lang: str = ENGLISH) -> Button:
    label = t(lang, "rules-full-button")
    return platform(table, "rules", label, emoji="\U0001f4dc", arg="full")


def moved_screen(table: Table) -> Screen:
    """An old copy of a table's message: no buttons, a link to where the table is now."""
    row = table.row
    if row.message_id is None:
        typed = command(current(), "table")
        text = tr("screens-moved-back", table=str(table.id), command=typed)
    else:
        link = f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.message_id}"
        text = tr("screens-moved", table=str(table.id), link=link)
    # a table message's picture goes with it (left, it would show loose under the link)
    return Screen(discord.Embed(description=text, colour=GREY), [], public=True)


def expired_view_screen(table: Table) -> Screen:
    """A player's private view just before its token dies: it says it stops following the
    table, and its one button opens a fresh view (as the table's own button does)."""
    label = tr("screens-refresh")
    refresh = platform(table, "seat", label, "primary", emoji="\U0001f504")
    text = "\u23f3 " + tr("screens-view-expired", refresh=label)
    return Screen(discord.Embed(description=text, colour=GREY), [[refresh]])


def left_view_screen(table: Table, timed_out: bool) -> Screen:
    """The last screen of the private view of a player who left the game, or was put out for
    missing three turns in a row: it says so, with no buttons (nothing there is theirs now)."""
    text = (
        "\u23f0 " + tr("screens-view-timed-out", table=str(table.id))
        if timed_out
        else "\U0001f44b " + tr("screens-view-left", table=str(table.id))
    )
    return Screen(discord.Embed(description=text, colour=GREY), [])


def retired_view_screen() -> Screen:
    """A player's older private view: one line, no buttons (their newest view is the live one)."""
    text = "\U0001f447 " + tr("screens-view-retired")
    return Screen(discord.Embed(description=text, colour=GREY), [])


TIMED_OUT = re.compile(r"(\{p\d+\}) timed out three times in a row and is out\.$")


def fold(lines: list[str]) -> list[str]:
    """Equal lines in a row as one (``Time's up for **Bo**. (×3)``), and the platform's "timed
    out three times" line without the engine's own line for that player's leave after it
    (lines told apart by their English wording: a line may be a message as data)."""
    runs: list[list[Any]] = []
    for i, line in enumerate(lines):
        out = TIMED_OUT.match(english(lines[i - 1])) if i else None
        if out and english(line).startswith(out[1] + " "):
            continue
        if runs and runs[-1][0] == line:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    # a line as data is worded before its count goes on (names still {p0}: say fills them)
    return [line if n == 1 else f"{render(line)} (\u00d7{n})" for line, n in runs]


def latest_lines(table: Table, lines: list[str], most: int = 3) -> list[str]:
    """The newest of ``lines`` (engine log lines), folded and written out: at most ``most``."""
    return [say(line, table) for line in fold(lines)][-most:] if most > 0 else []


def latest_field(table: Table, embed: discord.Embed, lines: list[str], most: int = 3) -> None:
    """:func:`latest_lines` under "Latest", as many as fit a phone (:func:`fits`) with what the
    embed already holds, its footer included (set it first)."""
    shown = latest_lines(table, lines, most)
    title = latest_title()
    while shown and not fits(embed, title, "\n".join(shown)):
        shown.pop(0)
    if shown:
        embed.add_field(name=title, value="\n".join(shown)[:1024], inline=False)


def latest_title() -> str:
    """The name of a table's field of latest lines ("Latest"), in the language drawn."""
    return tr("screens-latest")


def rules_embed(lang: str, game: str, text: str) -> discord.Embed:
    title = t(lang, "rules-title", game=game_title(lang, game))
    return discord.Embed(title=title, description=text[:4096], colour=GOLD)
