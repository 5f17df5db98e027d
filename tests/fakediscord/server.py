"""A fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of a discord.py bot.

The real, unmodified discord.py client talks HTTP and WebSocket to this aiohttp server once
``FakeDiscord.patch_discord()`` has pointed ``discord.http.Route.BASE`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` at it.  Every request is recorded in
``fake.requests`` and validated against Discord's OpenAPI description (``openapi.py``);
problems land in ``fake.violations``.  Discord's interaction rules (3 s to acknowledge, one
acknowledgement, 15 minute token lifetime, ...) are enforced with Discord's real error codes and
recorded in ``fake.failures``.  Routes the fake does not know land in ``fake.unknown_routes``.
A test suite should assert that all three lists stay empty.

Clock: ``fake.now`` (default ``time.monotonic``) is used for every interaction deadline.  A test
can age tokens by assigning another callable or with ``fake.advance(seconds)``.  The "no callback
within ``answer_limit``" failure is additionally recorded by a real-time timer when the limit
passes.

Waiting: ``await fake.wait_for(predicate)`` re-checks the predicate after every request, gateway
frame and timer the fake processes (no polling), so predicates should look at fake state.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import itertools
import json
import math
import re
import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import yarl
from aiohttp import WSMsgType, web

from .openapi import Spec, load_spec

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"
DISCORD_EPOCH_MS = 1420070400000

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15
SUPPRESS_EMBEDS = 1 << 2

# Permissions
P_ADMINISTRATOR = 1 << 3
P_MANAGE_GUILD = 1 << 5
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_READ_MESSAGE_HISTORY = 1 << 16
P_MANAGE_THREADS = 1 << 34
P_SEND_MESSAGES_IN_THREADS = 1 << 38
P_CREATE_PUBLIC_THREADS = 1 << 35
THREAD_TYPES = (10, 11, 12)  # announcement, public and private threads
P_ALL = (1 << 51) - 1
P_EVERYONE = (
    (1 << 0)  # create instant invite
    | (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 18)  # use external emojis
    | (1 << 20)  # connect
    | (1 << 21)  # speak
    | (1 << 26)  # change nickname
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 37)  # use external stickers
    | (1 << 38)  # send messages in threads
)

# Gateway intents
I_GUILDS = 1 << 0
I_GUILD_MEMBERS = 1 << 1
I_GUILD_MESSAGES = 1 << 9
I_DIRECT_MESSAGES = 1 << 12
I_MESSAGE_CONTENT = 1 << 15

# Allowed callback types per interaction type (Discord's rules)
_CALLBACKS_FOR = {
    2: {4, 5, 9},  # application command
    3: {4, 5, 6, 7, 9},  # component
    4: {8},  # autocomplete
    5: {4, 5, 6, 7},  # modal submit (6/7 only when the modal came from a component)
}

CALLBACK_TEMPLATE = "/interactions/{interaction_id}/{interaction_token}/callback"

# Application emoji (Discord's "Emoji" resource): a name of 2-32 letters, digits and
# underscores; an image as a data URI of at most 256 KB; 2,000 per application
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}", re.ASCII)
EMOJI_IMAGE = re.compile(r"data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)", re.DOTALL)
EMOJI_MAX_BYTES = 256 * 1024
EMOJI_MAGIC = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
}
EMOJIS_TEMPLATE = "/applications/{application_id}/emojis"

_T = TypeVar("_T")


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


@dataclass
class FakeUser:
    id: int
    name: str
    manage_guild: bool = False
    bot: bool = False
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = ""
    nick: str | None = None  # the server nickname (a moderator may change it)
    locale: str = "en-US"  # the language of their Discord app (each interaction's locale)

    def __int__(self) -> int:
        return self.id

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int = 0  # 0 guild text, 1 DM, 11 public thread
    guild_id: int | None = None
    parent_id: int | None = None  # a thread's channel
    recipient_id: int | None = None  # DM channels
    position: int = 0
    # Discord's permission overwrites: {"id", "type" (0 role, 1 member), "allow", "deny"}
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    archived: bool = False  # a thread's (archive_thread)
    locked: bool = False
    joined: bool = False  # a thread's: the bot is one of its members (Join Thread)
    owner_id: int | None = None  # a thread's creator (None: the server's owner)
    auto_archive: int = 1440  # a thread's minutes without a message before Discord archives it

    def __int__(self) -> int:
        return self.id

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class FakeGuild:
    """A server the bot is in (``FakeDiscord.guild`` is the default one, "Test Bar"; more come
    from ``FakeDiscord.add_guild``): roles @everyone (id == the guild's), "Manager" (Manage
    Server), "Moderator" (Manage Messages) and the bot's, and a text channel (``channel``).
    Every user of the fake is a member of every guild; a user's roles in a guild are those of
    ``FakeUser.role_ids`` that belong to it."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, dict[str, Any]]
    manage_role_id: int
    moderator_role_id: int
    bot_role_id: int
    channel: FakeChannel | None = None  # its text channel ("#games")
    in_guild: bool = True  # the bot is in it (False: it was kicked, see remove_bot)
    locale: str = "en-US"  # its preferred locale (a Community server's primary language)

    def __int__(self) -> int:
        return self.id

    @property
    def everyone_role_id(self) -> int:
        return self.id

    @property
    def channel_id(self) -> int:
        assert self.channel is not None
        return self.channel.id

    def shard(self, num_shards: int) -> int:
        """The shard that receives this guild's events: ``(guild_id >> 22) % num_shards``."""
        return (self.id >> 22) % num_shards


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake currently has it.  ``versions`` holds every version ever shown
    (message JSON as Discord would have returned it), oldest first."""

    id: int
    channel_id: int
    author_id: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    flags: int
    ephemeral_for: int | None
    interaction: dict[str, Any] | None  # interaction_metadata, if sent in reply to one
    versions: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    deleted: bool = False
    dm_recipient: int | None = None
    interaction_id: int | None = None  # interaction whose token created it
    message_reference: dict[str, Any] | None = None
    tts: bool = False
    _fake: Any = field(default=None, repr=False, compare=False)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def audience(self) -> int | None:
        """None for public messages, else the only user who can see it (ephemeral or DM)."""
        return self.ephemeral_for if self.ephemeral_for is not None else self.dm_recipient

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        return text_of(self.current)

    @property
    def current(self) -> dict[str, Any]:
        """The current message JSON (the last version; do not mutate, use to_json() for a copy)."""
        return self.versions[-1]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        for c in iter_components(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None

    def to_json(self) -> dict[str, Any]:
        """A copy of the current message JSON, as Discord would return it."""
        return _copy_json(self.versions[-1])


@dataclass
class Request:
    method: str
    path: str
    route_template: str | None
    query: dict[str, str]
    json: Any
    status: int = 0
    at: float = 0.0
    response: Any = None


@dataclass
class Violation:
    method: str
    path: str
    message: str
    kind: str = "request"  # request | route | rule | response

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.message}"


@dataclass
class Failure:
    kind: str  # unanswered | late_callback | double_ack | expired_token | webhook_before_ack
    interaction_id: int | None
    detail: str
    at: float = 0.0

    def __str__(self) -> str:
        return f"[{self.kind}] interaction {self.interaction_id}: {self.detail}"


@dataclass(eq=False)
class _Interaction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    dispatched_at: float  # when Discord made it (its clocks run from then): the fake's clock
    message: FakeMessage | None = None  # clicked message (components / modal from component)
    describe: str = ""
    attempts: int = 0
    acked: bool = False
    callback: dict[str, Any] | None = None
    callback_status: int = 0
    callback_error: Any = None
    callback_at: float | None = None
    original: FakeMessage | None = None
    message_ids: set[int] = field(default_factory=set)
    webhook_events: list[FakeMessage] = field(default_factory=list)
    webhook_bodies: list[dict[str, Any]] = field(default_factory=list)  # each one's JSON
    future: asyncio.Future | None = None
    timer: asyncio.TimerHandle | None = None
    modal: dict[str, Any] | None = None
    origin: _Interaction | None = None  # for modal submits: the interaction that opened it
    delivered: bool = False  # INTERACTION_CREATE went out on an open gateway connection


@dataclass
class Pressed:
    """A click Discord made (:meth:`FakeDiscord.press`) that has not reached the bot yet."""

    interaction: _Interaction
    at: float  # when it was made (the fake's clock, ``fake.now()``)


class InteractionResult:
    """What the bot answered to one interaction.

    ``type``: callback type (4 message, 5 deferred message, 6 deferred update, 7 update,
    8 autocomplete, 9 modal); ``body``: the whole callback JSON; ``data``: its ``data`` object
    (``{}`` if none); ``latency``: seconds (fake clock) from dispatch to callback;
    ``message``: the FakeMessage created (4, 5: the loading message) or edited (7; 6: the
    clicked message) by the callback; ``ephemeral``; ``status``: the HTTP status the fake
    answered the callback with (200/204, or Discord's error status); ``error``: error JSON if
    rejected.  ``await followup()`` waits for the next follow-up or edit of the original made
    with this interaction's token and returns that message.

    ``delivered``: False if Discord had no open gateway connection serving the interaction's
    shard to send it on (a sharded bot whose process for that shard is gone): the user sees
    "This interaction failed"; ``ok`` is False, ``type`` None, ``status`` 0, and
    ``fake.failures`` holds an "undelivered" failure.
    """

    def __init__(self, fake: FakeDiscord, inter: _Interaction):
        self._fake = fake
        self._inter = inter
        self._cursor = 0
        cb = inter.callback or {}
        self.interaction_id: int = inter.id
        self.token: str = inter.token
        self.user: FakeUser = inter.user
        self.body: dict[str, Any] = cb
        self.type: int | None = cb.get("type")
        self.data: dict[str, Any] = cb.get("data") or {}
        self.status: int = inter.callback_status
        self.error: Any = inter.callback_error
        self.dispatched_at: float = inter.dispatched_at  # the fake's clock (``fake.now()``)
        self.delivered: bool = inter.delivered
        self.latency: float = (inter.callback_at or inter.dispatched_at) - inter.dispatched_at
        self.message: FakeMessage | None = inter.original if inter.acked else None
        if self.type in (6, 7) and inter.acked:
            self.message = inter.message
        self.ephemeral: bool = bool(self.message and self.message.ephemeral)
        if self.type == 5 and self.message is None:
            self.ephemeral = bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def ok(self) -> bool:
        return self._inter.acked and 200 <= self.status < 300

    @property
    def shown(self) -> dict[str, Any]:
        """What the answer put on the clicked message: the update's data (7), or the last edit
        through the token after an acknowledgement (6; ``{}`` while there is none)."""
        if self.type == 6:
            return self._inter.webhook_bodies[-1] if self._inter.webhook_bodies else {}
        return self.data

    @property
    def in_place(self) -> bool:
        """Answered on the clicked message: updated at once (7), or acknowledged first and
        edited through the token after (6: the bot had another write of it under way)."""
        return self.ok and self.type in (6, 7)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def followups(self) -> list[FakeMessage]:
        """Every message created or edited through this interaction's token so far."""
        return list(self._inter.webhook_events)

    async def followup(self, timeout: float = 5.0) -> FakeMessage:
        inter = self._inter
        idx = self._cursor
        await self._fake.wait_for(
            lambda: len(inter.webhook_events) > idx,
            timeout=timeout,
            what=f"a follow-up/edit for interaction {inter.describe}",
        )
        self._cursor = idx + 1
        return inter.webhook_events[idx]

    def __repr__(self) -> str:
        if not self.delivered:
            return f"<InteractionResult {self._inter.describe} not delivered>"
        return (
            f"<InteractionResult {self._inter.describe} type={self.type} status={self.status}"
            f" ephemeral={self.ephemeral} latency={self.latency:.3f}>"
        )


@dataclass(eq=False)
class _Session:
    """A gateway session (IDENTIFY starts one, RESUME takes it up on a new connection). Discord
    routes to it every event of the guilds on its shard, whether or not a connection is open:
    the ones it missed wait in ``log`` for a RESUME. ``live`` turns False when Discord
    invalidates it (its client closed with 1000 or 1001)."""

    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # [shard_id, num_shards] of its IDENTIFY
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conn: _Conn | None = None  # the open connection it is on, if any
    live: bool = True
    pending: list[tuple[str, dict[str, Any], int]] = field(default_factory=list)

    def serves(self, guild_id: int | None) -> bool:
        """Discord's sharding formula; events without a guild go to shard 0 only."""
        shard_id, num_shards = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % num_shards == shard_id


@dataclass(eq=False)
class _Conn:
    ws: web.WebSocketResponse
    query: dict[str, str]
    session: _Session | None = None
    ready: bool = False
    closed_by_fake: bool = False


@dataclass
class _Ctx:
    method: str
    path: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: list[dict[str, Any]]
    headers: Any
    record: Request


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def iter_components(components: Iterable[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Depth-first walk over a component tree (rows, containers, sections, labels)."""
    for c in components or ():
        if not isinstance(c, dict):
            continue
        yield c
        yield from iter_components(c.get("components"))
        for key in ("component", "accessory"):
            if isinstance(c.get(key), dict):
                yield from iter_components([c[key]])


def _embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    for key in ("title", "description"):
        if embed.get(key):
            yield str(embed[key])
    for f in embed.get("fields") or ():
        for key in ("name", "value"):
            if f.get(key):
                yield str(f[key])
    for key in ("footer", "author"):
        part = embed.get(key) or {}
        text = part.get("text") or part.get("name")
        if text:
            yield str(text)


def _component_texts(components: Iterable[dict[str, Any]] | None) -> Iterator[str]:
    for c in iter_components(components):
        for key in ("label", "placeholder", "value", "description"):
            if isinstance(c.get(key), str) and c[key]:
                yield c[key]
        if c.get("type") == 10 and c.get("content"):  # text display
            yield str(c["content"])
        for opt in c.get("options") or ():
            for key in ("label", "description"):
                if opt.get(key):
                    yield str(opt[key])
        for item in c.get("items") or ():  # media gallery
            if isinstance(item, dict) and item.get("description"):
                yield str(item["description"])


def text_of(message_json: dict[str, Any] | None) -> str:
    """Flatten everything a user can read in a message (or a modal / payload): content, embed
    titles/descriptions/fields/footers/authors, component labels/placeholders/options/text
    displays, attachment file names.  Parts are joined with newlines."""
    if not message_json:
        return ""
    parts: list[str] = []
    if message_json.get("title") and "custom_id" in message_json:  # a modal
        parts.append(str(message_json["title"]))
    if message_json.get("content"):
        parts.append(str(message_json["content"]))
    for embed in message_json.get("embeds") or ():
        parts.extend(_embed_texts(embed))
    parts.extend(_component_texts(message_json.get("components")))
    for att in message_json.get("attachments") or ():
        if isinstance(att, dict) and att.get("filename"):
            parts.append(str(att["filename"]))
    for choice in message_json.get("choices") or ():
        if isinstance(choice, dict) and choice.get("name"):
            parts.append(str(choice["name"]))
    return "\n".join(parts)


def _copy_json(value: Any) -> Any:
    """A copy of JSON-shaped data (dicts and lists of plain values), several times faster than
    ``copy.deepcopy``, which the fake called for every message it wrote and showed."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


def _strip_nones(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_nones(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_strip_nones(v) for v in value]
    return value


def _iso(dt: datetime | None = None) -> str:
    return (dt or datetime.now(UTC)).isoformat()


def _json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    if body is None:
        return web.Response(status=status, headers=headers)
    return web.Response(
        status=status,
        body=json.dumps(body).encode(),
        content_type="application/json",
        headers=headers,
    )


def _error(status: int, code: int, message: str, errors: Any = None) -> tuple[int, dict[str, Any]]:
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    return status, body


def _invalid_form(problems: list[tuple[list[Any], str]]) -> tuple[int, dict[str, Any]]:
    """400 50035 Invalid Form Body with Discord's nested ``errors`` for ``(path, message)``."""
    return _error(400, 50035, "Invalid Form Body", _form_errors(problems))


class _Rejected(Exception):
    """Raised by a REST handler (or a lookup it calls) to answer with a Discord error; the
    handler's caller turns it into the response, as if the handler had returned ``answer``."""

    def __init__(self, answer: tuple[int, dict[str, Any]]):
        super().__init__(answer)
        self.answer = answer


def _form_errors(problems: list[tuple[list[Any], str]]) -> dict[str, Any]:
    """Discord's nested ``errors`` object for 50035 Invalid Form Body."""
    out: dict[str, Any] = {}
    for path, msg in problems:
        node = out
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append(
            {"code": "BASE_TYPE_INVALID", "message": msg}
        )  # str, as Discord
    return out


def _jsonpath_parts(problem: str) -> list[Any]:
    m = re.match(r"^\$((?:\.[^.\[:]+|\[\d+\])*):", problem)
    if not m:
        return []
    return [p.strip(".[]") for p in re.findall(r"\.[^.\[]+|\[\d+\]", m.group(1))]


def _emoji_ids_as_strings(value: Any) -> Any:
    """``value`` with every custom emoji's id (a button's, a select option's) as a string:
    discord.py sends it as an integer (``PartialEmoji.to_dict``), which Discord takes although
    the spec declares a snowflake string, and answers with strings."""
    if isinstance(value, dict):
        out = {k: _emoji_ids_as_strings(v) for k, v in value.items()}
        e = out.get("emoji")
        if isinstance(e, dict) and isinstance(e.get("id"), int):
            out["emoji"] = dict(e, id=str(e["id"]))
        return out
    if isinstance(value, list):
        return [_emoji_ids_as_strings(v) for v in value]
    return value


def _tolerate_client_quirks(body: Any) -> Any:
    """discord.py sends attachment ids as integers (``File.to_dict`` uses the upload index);
    Discord accepts that although the spec declares a snowflake string.  Validate a copy with
    those ids as strings so this client-side detail is not reported as a violation.  The same
    for custom emoji ids in components (:func:`_emoji_ids_as_strings`)."""
    if not isinstance(body, dict):
        return body
    if "components" in body or isinstance(body.get("data"), dict):
        body = _emoji_ids_as_strings(body)
    holders = [body]
    if isinstance(body.get("data"), dict):
        holders.append(body["data"])
    if not any(
        isinstance(h.get("attachments"), list)
        and any(isinstance(a, dict) and isinstance(a.get("id"), int) for a in h["attachments"])
        for h in holders
    ):
        return body
    body = _copy_json(body)
    for h in [body] + ([body["data"]] if isinstance(body.get("data"), dict) else []):
        for a in h.get("attachments") or []:
            if isinstance(a, dict) and isinstance(a.get("id"), int):
                a["id"] = str(a["id"])
    return body


def _without_content(session: _Session, data: dict[str, Any]) -> dict[str, Any]:
    """A message event as a session without the message content intent gets it."""
    if session.intents & I_MESSAGE_CONTENT:
        return data
    return dict(data, content="", embeds=[], attachments=[], components=[])


def _event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild whose shard an event goes to (None: no guild, shard 0 only)."""
    raw = data.get("id") if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") else None
    raw = raw if raw is not None else data.get("guild_id")
    try:
        return int(raw) if raw is not None else None
    except (TypeError, ValueError):
        return None


async def _send_op(ws: web.WebSocketResponse, op: int, d: Any) -> None:
    """A gateway frame that is not a dispatch (hello, heartbeat ACK, invalid session)."""
    await ws.send_str(json.dumps({"op": op, "s": None, "t": None, "d": d}))


def _id_of(x: Any) -> int:
    if isinstance(x, (FakeUser, FakeChannel, FakeMessage, FakeGuild)):
        return x.id
    return int(x)


def _command_line(command: str, subcommand: str | None) -> str:
    """``/command [group] [subcommand]`` as a user types it."""
    return f"/{command}" + (f" {subcommand}" if subcommand else "")


def _by_snowflake(table: dict[int, _T], raw: str) -> _T | None:
    """``table[int(raw)]`` for a snowflake from a URL; None if ``raw`` is no id or unknown."""
    return table.get(int(raw)) if raw.isdigit() else None


def _query_flag(ctx: _Ctx, name: str) -> bool:
    """A boolean query parameter (``?wait=true``, ``?with_response=1``)."""
    return ctx.query.get(name, "false") in ("true", "1", "True")


# --------------------------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------------------------


class FakeDiscord:
    """A fake Discord: one guild "Test Bar" (``guild_id``) owned by ``owner``, a text channel
    "#games" (``channel_id``/``channel``), roles @everyone, "Manager" (Manage Server,
    ``manage_role_id``) and the bot's role; the bot user (``bot_user``, id ==
    ``application_id``) logs in with ``token``.

    Lifecycle: ``await start()`` (``base_url``, ``gateway_url``, ``port``), ``patch_discord()``
    (returns undo), ``await stop()``; ``await wait_ready()``, ``await wait_disconnected()``,
    ``connected``, ``await drop_connection()`` (client RESUMEs; missed events are replayed).

    World: ``add_user(name, manage_guild=False)``, ``add_channel(name)``, ``await say(user,
    text)``, ``await post_message(content, components=...)``.

    Acting users: ``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal`` return an
    ``InteractionResult`` once the bot's callback arrived.

    Inspection: ``requests``, ``count()``, ``violations``, ``failures``, ``unknown_routes``,
    ``messages``, ``message()``, ``channel_messages()``, ``visible_to()``,
    ``everything_shown()``, ``commands``, ``guild_commands``, ``command_puts``, ``intents``,
    ``await wait_for(predicate)``.

    Knobs (plain attributes): ``now`` (clock callable, default ``time.monotonic``; or
    ``advance(seconds)``), ``answer_limit`` (3.0 s), ``token_lifetime`` (900 s),
    ``reject_invalid`` (True: a request body that breaks the spec or a Discord rule is answered
    400 50035 as Discord would), ``validate_responses`` (False: also validate the fake's own
    responses; the self-tests turn it on), ``enforce_command_permissions`` (True: ``slash``
    refuses users who could not see a command with ``default_member_permissions``),
    ``heartbeat_interval`` (ms), ``rate_limit(template, limit, per=...)``,
    ``discord_rate_limits()``, ``stall(method, template)`` / ``release()``,
    ``in_guild`` (True: False and the bot is in no server: READY lists none, and syncing
    commands to the guild is refused 403 50001), ``commands_scope`` (True: False and the bot
    was invited without ``applications.commands``: guild command sync is refused 403 50001).

    Sharding (Discord's gateway docs, "Sharding"): an IDENTIFY with ``shard: [shard_id,
    num_shards]`` starts a session that gets only the guilds with ``(guild_id >> 22) %
    num_shards == shard_id`` (in READY and the GUILD_CREATEs after it) and only their events;
    events without a guild (DMs) go to shard 0. Without ``shard`` a session is [0, 1]: every
    guild. Every live session whose shard matches gets an event (several sessions may be the
    same shard, or use other counts: Discord routes each by its own formula), interactions
    included (two copies of a bot both get a click; the second answer gets 40060). A shard id
    outside ``0..num_shards-1`` is closed with 4010 Invalid shard, a session that would hold
    more than ``max_guilds_per_shard`` guilds with 4011 Sharding required. ``add_guild(shard=,
    of=)`` makes a guild on a given shard; ``recommended_shards`` and ``max_concurrency`` are
    what ``GET /gateway/bot`` answers. ``wait_ready``, ``wait_disconnected`` and
    ``drop_connection`` take ``shard=(shard_id, num_shards)``; ``connected_shards``. An
    interaction no open connection serves is not delivered: ``InteractionResult.delivered``
    is False (at once if no session serves its shard; after ``answer_limit`` if one does but
    has no open connection, unless it RESUMEs in time) and ``failures`` gets "undelivered".
    Acting helpers take a ``FakeGuild`` wherever they take a channel: its text channel.

    The bot's permissions: ``await set_bot_permissions(channel, allow=..., deny=...)``, a
    member overwrite in one channel, announced on the gateway (CHANNEL_UPDATE) as Discord does. Channel routes then answer as Discord does:
    403 50001 Missing Access without View Channel; 403 50013 Missing Permissions to post
    without Send Messages, to post embeds without Embed Links, to fetch a message without Read
    Message History (and an empty history). An edit with embeds without Embed Links is refused
    the same way, or with ``embeds_without_permission = "drop"`` lands without its embeds (as
    Discord has been seen to do). Interaction answers and their webhooks need no permission.
    ``await delete_message(m)``: a moderator deletes a message.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Test Bar",
        channel_name: str = "games",
        bot_name: str = "Barkeep",
        token: str = "fake-bot-token",
        validate: bool = True,
    ):
        self.now: Callable[[], float] = time.monotonic
        self.answer_limit: float = 3.0
        self.token_lifetime: float = 15 * 60
        self.reject_invalid: bool = True
        self.validate_responses: bool = False
        self.enforce_command_permissions: bool = True
        self.embeds_without_permission: str = "refuse"  # an edit's embeds: "refuse" or "drop"
        self.commands_scope: bool = True
        self.heartbeat_interval: int = 41250
        self.recommended_shards: int = 1  # GET /gateway/bot's "shards"
        self.max_concurrency: int = 1  # GET /gateway/bot's session_start_limit.max_concurrency
        self.max_guilds_per_shard: int = 2500  # more in one session: closed 4011
        self.session_starts: int = 0  # successful IDENTIFYs (session_start_limit.remaining)
        self.token = token
        self.spec: Spec | None = load_spec() if validate else None

        self._last_id = 0
        self.requests: list[Request] = []
        self.violations: list[Violation] = []
        self.failures: list[Failure] = []
        self.uploads: dict[str, bytes] = {}  # attachment id -> the bytes uploaded
        self.unknown_routes: list[Request] = []
        self.gateway_received: list[dict[str, Any]] = []
        self.identify_payloads: list[dict[str, Any]] = []
        self.commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_puts: int = 0
        # the application's own emoji, by id (they outlive a bot's restart against this fake);
        # ``emoji_limit`` of them at most (Discord: 2,000; then 400 30008); ``emoji_uploads``
        # counts the emoji created, ``emoji_images`` holds each one's decoded image;
        # ``refuse_emoji_uploads`` (status, code, message): Discord's answer to every upload
        self.app_emojis: dict[int, dict[str, Any]] = {}
        self.emoji_images: dict[int, bytes] = {}
        self.emoji_limit: int = 2000
        self.emoji_uploads: int = 0
        self.refuse_emoji_uploads: tuple[int, int, str] | None = None
        self.intents: int | None = None
        self.connections: int = 0
        self.messages: dict[int, FakeMessage] = {}
        self.shown_extra: list[tuple[int | None, str]] = []  # modals, autocomplete choices
        self._interactions: dict[int, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}
        self._open_modals: list[tuple[int, dict[str, Any], _Interaction]] = []
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future]] = []
        self._edit_waiters: dict[int, list[asyncio.Future]] = {}  # by message id (wait_edited)
        self._sessions: dict[str, _Session] = {}
        self._session: _Session | None = None
        self._conn: _Conn | None = None
        self._conns: set[_Conn] = set()
        # an outage of Discord's gateway (see gateway_outage): connections are taken, but no
        # session starts (IDENTIFY and RESUME go unanswered), so no event reaches the bot
        self.sessions_held = False
        self._tasks: set[asyncio.Task] = set()
        self.gateway_queries: list[dict[str, str]] = []
        # interactions Discord delivers twice (same id, token and payload), as its gateway may:
        # ``deliver_twice(payload)`` True sends that one's INTERACTION_CREATE a second time right
        # after the first; ``await redeliver(id)`` sends an earlier one again later. Their ids, in
        # ``redelivered``; a second answer is refused 40060 as Discord does ("double_ack")
        self.deliver_twice: Callable[[dict[str, Any]], bool] | None = None
        self.redelivered: list[int] = []

        self.bot_user = FakeUser(self._snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.guilds: dict[int, FakeGuild] = {}
        self.guild = self._new_guild(self._snowflake(), guild_name)  # the default guild
        self.guild_id = self.guild.id
        self.everyone_role_id = self.guild_id
        self.manage_role_id = self.guild.manage_role_id
        self.moderator_role_id = self.guild.moderator_role_id
        self.bot_role_id = self.guild.bot_role_id
        self.roles: dict[int, dict[str, Any]] = self.guild.roles
        self.users: dict[int, FakeUser] = {}
        self.bot_user.role_ids = [self.bot_role_id]
        self.bot_user.joined_at = _iso()
        self.users[self.bot_user.id] = self.bot_user
        self.channels: dict[int, FakeChannel] = {}
        self.owner = self.add_user("Owner")
        self.guild.owner_id = self.owner.id
        first = self.add_channel(channel_name)
        self.guild.channel = first
        self.channel_id: int = first.id
        self.channel = first

        self._rate_limits: dict[str, tuple[int, float, bool]] = {}
        self._rl_windows: dict[tuple[str, str], list[float]] = {}
        # Discord's limit on edits of messages older than an hour: (limit, per seconds) per
        # channel, announced by no header (see _old_edit_check); None: not modelled
        self.old_message_edits: tuple[int, float] | None = None
        self._old_windows: dict[str, list[float]] = {}
        self._stalls: dict[tuple[str, str], bool] = {}
        # Discord's distance: seconds each way for one request (on its way in, before Discord
        # acts on it; on its way back). None: the fake answers at once
        self.latency: Callable[[], tuple[float, float]] | None = None
        self._stall_gate = asyncio.Event()
        self._stall_gate.set()
        self._held: list[Request] = []
        self._runner: web.AppRunner | None = None
        self._undo: Callable[[], None] | None = None
        self.port: int = 0
        self.base_url = ""
        self.gateway_url = ""
        self._routes = self._build_routes()

    # ---------------------------------------------------------------------------------------
    # lifecycle
    # ---------------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get(GATEWAY_PATH, self._gateway_handler)
        app.router.add_route("*", "/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{self.port}{API_PREFIX}"
        self.gateway_url = f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    async def stop(self) -> None:
        self.release()
        if self._undo:
            self._undo()
        for inter in self._interactions.values():
            if inter.timer:
                inter.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for conn in list(self._conns):
            await conn.ws.close(code=1001)
        if self._runner:
            await self._runner.cleanup()
            self._runner = None
        for _, fut in self._waiters:
            if not fut.done():
                fut.cancel()

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py at this fake; returns an undo callable (also run by stop())."""
        import discord.gateway
        import discord.http

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.base_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def undo() -> None:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
            self._undo = None

        self._undo = undo
        return undo

    def advance(self, seconds: float) -> None:
        """Move the fake clock forward (e.g. ``fake.advance(16 * 60)`` to expire tokens)."""
        base = self.now
        self.now = lambda: base() + seconds
        self._changed()

    # ---------------------------------------------------------------------------------------
    # world building
    # ---------------------------------------------------------------------------------------

    def _snowflake(self, shard: tuple[int, int] | None = None) -> int:
        """A new id, later than every earlier one; ``shard=(shard_id, num_shards)``: one whose
        guild would be on that shard (its timestamp part moved on a few milliseconds)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        new = ms << 22
        if new <= self._last_id:
            new = self._last_id + 1
        if shard is not None:
            shard_id, num_shards = shard
            ms = new >> 22
            if ms << 22 < new:
                ms += 1
            ms += (shard_id - ms) % num_shards
            new = ms << 22
        self._last_id = new
        return new

    @property
    def in_guild(self) -> bool:
        """Whether the bot is in the default guild (False: kicked, or never invited)."""
        return self.guild.in_guild

    @in_guild.setter
    def in_guild(self, value: bool) -> None:
        self.guild.in_guild = value

    @property
    def guild_name(self) -> str:
        return self.guild.name

    @guild_name.setter
    def guild_name(self, value: str) -> None:
        self.guild.name = value

    def _new_guild(self, gid: int, name: str) -> FakeGuild:
        manage, moderator, bot = self._snowflake(), self._snowflake(), self._snowflake()
        bot_name = self.bot_user.name
        roles = {
            gid: self._role_json(gid, "@everyone", P_EVERYONE, 0),
            manage: self._role_json(manage, "Manager", P_MANAGE_GUILD, 1),
            moderator: self._role_json(moderator, "Moderator", P_MANAGE_MESSAGES, 1),
            bot: self._role_json(bot, bot_name, P_EVERYONE | P_MANAGE_MESSAGES, 2, managed=True),
        }
        guild = FakeGuild(gid, name, 0, roles, manage, moderator, bot)
        self.guilds[gid] = guild
        return guild

    def add_guild(
        self,
        shard: int = 0,
        of: int = 1,
        *,
        name: str | None = None,
        channel_name: str = "games",
        owner: FakeUser | int | None = None,
    ) -> FakeGuild:
        """Another server the bot is in, shaped as the default one (roles @everyone, Manager,
        Moderator and the bot's, a text channel ``channel_name``, owned by ``owner``, default
        the default guild's owner), whose id puts it on shard ``shard`` of ``of``: ``(id >> 22)
        % of == shard``. Every user is a member (``add_user(..., guild=g)`` gives the new one
        its roles there). Sessions serving it hear of it with GUILD_CREATE (a join)."""
        if not 0 <= shard < of:
            raise ValueError(f"shard {shard} is not one of 0..{of - 1}")
        gid = self._snowflake((shard, of))
        guild = self._new_guild(gid, name or f"Test Bar {len(self.guilds) + 1}")
        guild.owner_id = _id_of(owner) if owner is not None else self.owner.id
        self.bot_user.role_ids.append(guild.bot_role_id)
        ch = FakeChannel(self._snowflake(), channel_name, 0, gid, position=0)
        self.channels[ch.id] = ch
        guild.channel = ch
        data = self._guild_create_json(guild)
        del data["unavailable"]  # a join
        self._dispatch_soon("GUILD_CREATE", data, I_GUILDS)
        return guild

    def _guild_arg(self, guild: FakeGuild | int | None) -> FakeGuild:
        return self.guild if guild is None else self.guilds[_id_of(guild)]

    def _guild_of(self, ch: FakeChannel | None) -> FakeGuild | None:
        """The guild a channel is in (None for a DM channel, or one the fake does not know)."""
        if ch is None or ch.guild_id is None:
            return None
        return self.guilds.get(ch.guild_id)

    def _guild_of_id(self, channel_id: int) -> FakeGuild:
        """The guild of a channel id, the default guild for a DM or an unknown channel."""
        return self._guild_of(self.channels.get(channel_id)) or self.guild

    def _role_guild(self, rid: int) -> FakeGuild | None:
        return next((g for g in self.guilds.values() if rid in g.roles), None)

    def _role_json(self, rid: int, name: str, perms: int, pos: int, managed: bool = False) -> dict:
        return {
            "id": str(rid),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": pos,
            "permissions": str(perms),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
            "description": None,
        }

    def add_user(
        self,
        name: str,
        manage_guild: bool = False,
        manage_messages: bool = False,
        *,
        guild: FakeGuild | int | None = None,
        locale: str = "en-US",
    ) -> FakeUser:
        """A new guild member (also in GUILD_CREATE for later connections); ``manage_guild``,
        ``manage_messages``: with the Manager role (Manage Server) or the Moderator role
        (Manage Messages) of ``guild`` (default: the default guild), whose sessions are told
        (GUILD_MEMBER_ADD). Every user is a member of every guild of the fake."""
        g = self._guild_arg(guild)
        user = FakeUser(
            self._snowflake(), name, manage_guild=manage_guild, joined_at=_iso(), locale=locale
        )
        if manage_guild:
            user.role_ids.append(g.manage_role_id)
        if manage_messages:
            user.role_ids.append(g.moderator_role_id)
        self.users[user.id] = user
        if self._sessions:
            self._dispatch_soon(
                "GUILD_MEMBER_ADD",
                dict(self._member_json(user, guild=g), guild_id=str(g.id)),
                I_GUILD_MEMBERS,
            )
        return user

    def add_channel(self, name: str, *, guild: FakeGuild | int | None = None) -> FakeChannel:
        """A text channel in ``guild`` (default: the default guild), announced (CHANNEL_CREATE)."""
        gid = self._guild_arg(guild).id
        ch = FakeChannel(self._snowflake(), name, 0, gid, position=len(self.channels))
        self.channels[ch.id] = ch
        if self._sessions:
            self._dispatch_soon("CHANNEL_CREATE", self._channel_json(ch), I_GUILDS)
        return ch

    def add_thread(
        self, name: str, parent: FakeChannel | int | None = None, *, private: bool = False
    ) -> FakeChannel:
        """A public thread in ``parent`` (default #games), started by the server's owner and
        announced with THREAD_CREATE. As in Discord, it has no overwrites of its own: its
        parent's apply, and posting in it takes Send Messages in Threads. In a parent that
        denies the bot View Channel, the bot hears nothing of it (as of a private thread it is
        not in), and its requests there get 403 Missing Access.

        ``private``: a private thread, which Discord shows only to its members and to those
        with Manage Threads. Until the bot is added to it (:meth:`add_bot_to_thread`), the bot
        hears nothing of it, and its requests there get 403 Missing Access (Join Thread too:
        a private thread is joined by invitation); its members' interactions reach it."""
        parent_id = self._channel_id_or_default(parent)
        ch = FakeChannel(
            self._snowflake(),
            name,
            12 if private else 11,
            self._guild_of_id(parent_id).id,
            parent_id=parent_id,
            position=0,
        )
        self.channels[ch.id] = ch
        if self._sessions and self._bot_sees(ch):
            self._dispatch_soon(
                "THREAD_CREATE", dict(self._channel_json(ch), newly_created=True), I_GUILDS
            )
        return ch

    def _bot_sees(self, ch: FakeChannel) -> bool:
        """Whether Discord shows the bot this channel at all: a thread only if the bot may view
        it (View Channel, which it takes from its parent: the threads topic, "Clients will not
        be informed of a thread through the gateway if they do not have permission to view
        that thread"), and a private thread only once the bot is one of its members, or with
        Manage Threads."""
        if ch.type not in THREAD_TYPES:
            return True
        perms = self.permissions(self.bot_user, ch)
        if not perms & P_VIEW_CHANNEL:
            return False
        return ch.type != 12 or ch.joined or bool(perms & P_MANAGE_THREADS)

    async def add_bot_to_thread(self, thread: FakeChannel | int) -> None:
        """A member adds the bot to a thread (mentions it there): as Join Thread."""
        await self._joined(self.channels[_id_of(thread)])

    async def _joined(self, ch: FakeChannel) -> None:
        """The bot is now one of the thread's members, and is told so with THREAD_CREATE (its
        ``member`` the bot's), as Discord does."""
        if ch.joined:
            return
        ch.joined = True
        member = {
            "id": str(ch.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": "2026-01-01T00:00:00+00:00",
            "flags": 1,
        }
        await self._dispatch("THREAD_CREATE", dict(self._channel_json(ch), member=member), I_GUILDS)

    def _channel_id_or_default(self, channel: FakeChannel | FakeGuild | int | None) -> int:
        """A channel argument's id: None is #games of the default guild, a guild its channel."""
        if channel is None:
            return self.channel_id
        if isinstance(channel, FakeGuild):
            return channel.channel_id
        return _id_of(channel)

    def user(self, user: FakeUser | int) -> FakeUser:
        return self.users[_id_of(user)]

    def permissions(
        self,
        user: FakeUser | int,
        channel: FakeChannel | int | None = None,
        *,
        guild: FakeGuild | int | None = None,
    ) -> int:
        """A member's permissions in the server (``channel``'s guild, else ``guild``, else the
        default one), or in ``channel`` (its overwrites applied in Discord's order: @everyone,
        the member's roles together, the member)."""
        u = self.users[_id_of(user)]
        ch = self.channels.get(_id_of(channel)) if channel is not None else None
        g = self._guild_of(ch) or self._guild_arg(guild)
        if u.id == g.owner_id:
            return P_ALL
        perms = int(g.roles[g.everyone_role_id]["permissions"])
        for rid in u.role_ids:
            if rid in g.roles:
                perms |= int(g.roles[rid]["permissions"])
        if perms & P_ADMINISTRATOR:
            return P_ALL
        if ch is not None and ch.type in THREAD_TYPES and ch.parent_id is not None:
            ch = self.channels.get(ch.parent_id)  # a thread takes its parent's overwrites
        if ch is None or ch.type == 1:
            return perms
        by_id = {int(o["id"]): o for o in ch.overwrites}
        everyone = by_id.get(g.everyone_role_id)
        if everyone is not None:
            perms = perms & ~int(everyone["deny"]) | int(everyone["allow"])
        allow = deny = 0
        for rid in u.role_ids:
            o = by_id.get(rid)
            if o is not None and o["type"] == 0:
                allow, deny = allow | int(o["allow"]), deny | int(o["deny"])
        perms = perms & ~deny | allow
        mine = by_id.get(u.id)
        if mine is not None and mine["type"] == 1:
            perms = perms & ~int(mine["deny"]) | int(mine["allow"])
        return perms

    async def set_bot_permissions(
        self, channel: FakeChannel | int | None = None, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Give the bot a member overwrite in ``channel`` (default #games); allow=deny=0
        removes it. Announced with CHANNEL_UPDATE."""
        ch = self.channels[self._channel_id_or_default(channel)]
        ch.overwrites = [o for o in ch.overwrites if int(o["id"]) != self.bot_user.id]
        if allow or deny:
            ch.overwrites.append(
                {"id": str(self.bot_user.id), "type": 1, "allow": str(allow), "deny": str(deny)}
            )
        await self._dispatch("CHANNEL_UPDATE", self._channel_json(ch), I_GUILDS)
        self._changed()

    async def suppress_embeds(self, message: FakeMessage | int) -> None:
        """A moderator (Manage Messages) removes a message's embeds: Discord sets its
        SUPPRESS_EMBEDS flag, and from then on serializes it without embeds, its buttons kept,
        until its author's edit clears the flag (MESSAGE_UPDATE)."""
        m = self.message(message)
        m.flags |= SUPPRESS_EMBEDS
        self._new_version(m)
        await self._announce("MESSAGE_UPDATE", m)
        self._changed()

    async def delete_message(self, message: FakeMessage | int) -> None:
        """A moderator deletes a message (MESSAGE_DELETE)."""
        m = self.message(message)
        m.deleted = True
        await self._announce("MESSAGE_DELETE", m)
        self._changed()

    async def delete_channel(self, channel: FakeChannel | int) -> None:
        """A moderator deletes a channel (CHANNEL_DELETE) or a thread (THREAD_DELETE). Its
        messages, and a channel's threads, go with it, without an event for each, as in
        Discord: requests to it get 404 Unknown Channel, to its messages 404 Unknown Message."""
        ch = self.channels.pop(_id_of(channel))
        gone = {ch.id}
        for t in [t for t in self.channels.values() if t.parent_id == ch.id]:
            del self.channels[t.id]
            gone.add(t.id)
        for m in self.messages.values():
            if m.channel_id in gone:
                m.deleted = True
        if ch.type in THREAD_TYPES and not self._bot_sees(ch):
            pass  # nothing to tell the bot of a thread it never saw
        elif ch.type in THREAD_TYPES:
            data = {"id": str(ch.id), "guild_id": str(ch.guild_id), "type": ch.type}
            await self._dispatch("THREAD_DELETE", dict(data, parent_id=str(ch.parent_id)), I_GUILDS)
        else:
            await self._dispatch("CHANNEL_DELETE", self._channel_json(ch), I_GUILDS)
        self._changed()

    async def remove_bot(self, guild: FakeGuild | int | None = None) -> None:
        """The bot is kicked from the server (default: the default guild; GUILD_DELETE without
        ``unavailable``): from then on Discord refuses its requests to the server's channels
        (403 Missing Access)."""
        g = self._guild_arg(guild)
        g.in_guild = False
        await self._dispatch("GUILD_DELETE", {"id": str(g.id)}, I_GUILDS)
        self._changed()

    async def add_bot_back(self, guild: FakeGuild | int | None = None) -> None:
        """The bot, removed (:meth:`remove_bot`), is added to the server again: Discord sends
        GUILD_CREATE, as for any server it joins ("when the current user joins a new Guild"),
        without ``unavailable`` (discord.py reports it as ``guild_join``), and takes its
        requests there again."""
        g = self._guild_arg(guild)
        g.in_guild = True
        self.bot_user.joined_at = _iso()
        data = self._guild_create_json(g)
        del data["unavailable"]  # a join, not a server back from an outage
        await self._dispatch("GUILD_CREATE", data, I_GUILDS)
        self._changed()

    async def archive_thread(self, thread: FakeChannel | int, *, locked: bool = False) -> None:
        """A thread is archived (by a moderator, or after its inactivity; ``locked``: by a
        moderator, who also locked it), announced with THREAD_UPDATE. As in Discord, its
        messages can't be edited then (400 Thread is archived, by any route); a message sent in
        it, or a member's click there, unarchives it unless it is locked; a slash command there
        is not sent at all (the threads topic: users "cannot ... use application commands ...
        in archived threads"). Unarchiving it by Modify Channel takes being one of its members
        (Join Thread, while it is open), or Manage Threads; a locked one, Manage Threads (the
        threads topic: "Editing a thread to set archived to false only requires the current
        user has already been added to the thread. If locked is true, then the user must have
        created the thread or have MANAGE_THREADS"; Modify Channel's page says Send Messages,
        which "has no effect in threads": the topic's reading is modelled)."""
        ch = self.channels[_id_of(thread)]
        ch.archived, ch.locked = True, locked
        await self._thread_update(ch)
        self._changed()

    async def lock_thread(self, thread: FakeChannel | int) -> None:
        """A moderator locks a thread without closing it (possible since 2023), announced with
        THREAD_UPDATE. As in Discord, from then on only members with Manage Threads may send or
        edit messages there: the bot's writes, interaction answers included, get 400 Thread is
        locked (160005). Discord's client disables the buttons and menus of every message in a
        locked thread, for everyone (discord-api-docs issues #6907, #7900): a click there is
        not sent (:meth:`click` refuses it), nor a slash command from a member who may not
        write there."""
        ch = self.channels[_id_of(thread)]
        ch.locked = True
        await self._thread_update(ch)
        self._changed()

    async def _thread_update(self, ch: FakeChannel) -> None:
        if self._bot_sees(ch):
            await self._dispatch("THREAD_UPDATE", self._channel_json(ch), I_GUILDS)

    async def _unarchive(self, ch: FakeChannel) -> None:
        ch.archived = False
        await self._thread_update(ch)

    def _editable(self, m: FakeMessage) -> None:
        """Refuse an edit of a message in an archived thread, or by the bot in a locked one
        without Manage Threads, as Discord does."""
        ch = self.channels.get(m.channel_id)
        if ch is not None and ch.archived:
            raise _Rejected(_error(400, 50083, "Thread is archived"))
        self._unlocked(ch)

    def _unlocked(self, ch: FakeChannel | None) -> None:
        if (
            ch is not None
            and ch.locked
            and not self.permissions(self.bot_user, ch) & P_MANAGE_THREADS
        ):
            raise _Rejected(_error(400, 160005, "Thread is locked"))

    def _bot_may(self, ch: FakeChannel, need: int) -> None:
        """Refuse a channel request as Discord does when the bot lacks a permission there."""
        if ch.type == 1:
            return
        g = self._guild_of(ch)
        if g is None or not g.in_guild:
            raise _Rejected(_error(403, 50001, "Missing Access"))
        perms = self.permissions(self.bot_user, ch)
        if not perms & P_VIEW_CHANNEL or not self._bot_sees(ch):
            raise _Rejected(_error(403, 50001, "Missing Access"))
        if ch.type in THREAD_TYPES and need & P_SEND_MESSAGES:
            need = need & ~P_SEND_MESSAGES | P_SEND_MESSAGES_IN_THREADS  # Discord's rule
        if need & ~perms:
            raise _Rejected(_error(403, 50013, "Missing Permissions"))

    def _user_json(self, u: FakeUser) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(u.id),
            "username": u.name.lower(),
            "global_name": None if u.bot else u.name,
            "discriminator": "0" if not u.bot else "1234",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
        }
        if u.bot:
            data["bot"] = True
            data["username"] = u.name
        return data

    def _member_json(
        self,
        u: FakeUser,
        with_user: bool = True,
        with_permissions: bool = False,
        channel: FakeChannel | None = None,
        guild: FakeGuild | None = None,
    ) -> dict[str, Any]:
        g = self._guild_of(channel) or guild or self.guild
        data: dict[str, Any] = {
            "roles": [str(r) for r in u.role_ids if r in g.roles],
            "joined_at": u.joined_at,
            "nick": u.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self._user_json(u)
        if with_permissions:  # as in interaction payloads (in their channel) and resolved data
            data["permissions"] = str(self.permissions(u, channel, guild=g))
        return data

    def _channel_json(self, ch: FakeChannel, for_user: FakeUser | None = None) -> dict[str, Any]:
        if ch.type == 1:
            rec = self.users[ch.recipient_id] if ch.recipient_id else None
            return {
                "id": str(ch.id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self._user_json(rec)] if rec else [],
            }
        if ch.type in THREAD_TYPES:
            thread: dict[str, Any] = {
                "id": str(ch.id),
                "type": ch.type,
                "name": ch.name,
                "parent_id": str(ch.parent_id),
                "owner_id": str(ch.owner_id or self._guild_of_id(ch.id).owner_id),
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "flags": 0,
                "guild_id": str(ch.guild_id),
                "thread_metadata": {
                    "archived": ch.archived,
                    "auto_archive_duration": ch.auto_archive,
                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                    "locked": ch.locked,
                },
            }
            if for_user is not None:
                thread["permissions"] = str(self.permissions(for_user, ch))
            return thread
        data: dict[str, Any] = {
            "id": str(ch.id),
            "type": ch.type,
            "name": ch.name,
            "position": ch.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "permission_overwrites": _copy_json(ch.overwrites),
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
            "guild_id": str(ch.guild_id),
        }
        if for_user is not None:
            data["permissions"] = str(self.permissions(for_user, guild=ch.guild_id))
        return data

    def _guild_json(self, guild: FakeGuild | None = None) -> dict[str, Any]:
        g = guild or self.guild
        return {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(g.owner_id),
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": list(g.roles.values()),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(g.channel_id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_presences": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": g.locale,
            "public_updates_channel_id": None,
            "max_video_channel_users": 25,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
            "incidents_data": None,
            "home_header": None,
            "widget_enabled": False,
            "widget_channel_id": None,
            "max_stage_video_channel_users": 50,
            "nsfw": False,
        }

    def _guild_create_json(self, guild: FakeGuild | None = None) -> dict[str, Any]:
        g = guild or self.guild
        data = self._guild_json(g)
        mine = [c for c in self.channels.values() if c.guild_id == g.id]
        data.update(
            joined_at=self.bot_user.joined_at,
            large=False,
            unavailable=False,
            member_count=len(self.users),
            # without the Presence intent (Barkeep asks for none), the members listed are the
            # bot itself and those in voice channels (none here)
            members=[self._member_json(self.bot_user, guild=g)],
            channels=[
                {k: v for k, v in self._channel_json(c).items() if k != "guild_id"}
                for c in mine
                if c.type != 1 and self._bot_sees(c)
            ],
            threads=[
                {k: v for k, v in self._channel_json(c).items() if k != "guild_id"}
                for c in mine
                if c.type in THREAD_TYPES and not c.archived and self._bot_sees(c)
            ],  # active threads only: an archived one is not announced
            presences=[],
            voice_states=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
            embedded_activities=[],
            lazy=True,
            application_command_counts={},
        )
        return data

    # ---------------------------------------------------------------------------------------
    # waiting
    # ---------------------------------------------------------------------------------------

    def _changed(self) -> None:
        for item in list(self._waiters):
            predicate, fut = item
            if fut.done():
                continue
            try:
                value = predicate()
            except Exception as exc:  # surface predicate bugs to the waiting test
                fut.set_exception(exc)
                continue
            if value:
                fut.set_result(value)

    def _new_version(self, m: FakeMessage) -> None:
        m.versions.append(self._message_json(m))
        for fut in self._edit_waiters.pop(m.id, []):
            if not fut.done():
                fut.set_result(True)

    async def wait_edited(
        self, *msgs: FakeMessage, timeout: float = 5.0, until: asyncio.Future | None = None
    ) -> bool:
        """Until one of ``msgs`` has a new version (True), or ``until`` is done or ``timeout``
        s pass (False). Many players waiting at once cost nothing between edits, where each
        :meth:`wait_for` re-checks its predicate after everything the fake does."""
        fut = asyncio.get_running_loop().create_future()
        for m in msgs:
            self._edit_waiters.setdefault(m.id, []).append(fut)
        try:
            await asyncio.wait(
                [fut] if until is None else [fut, until],
                timeout=timeout,
                return_when=asyncio.FIRST_COMPLETED,
            )
            return fut.done()
        finally:
            for m in msgs:
                waiting = self._edit_waiters.get(m.id)
                if waiting and fut in waiting:
                    waiting.remove(fut)
                    if not waiting:
                        del self._edit_waiters[m.id]

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 5.0, what: str | None = None
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every request/event the fake
        processes) and return its value; AssertionError after ``timeout`` seconds."""
        value = predicate()
        if value:
            return value
        fut = asyncio.get_running_loop().create_future()
        item = (predicate, fut)
        self._waiters.append(item)
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            name = what or getattr(predicate, "__qualname__", repr(predicate))
            raise AssertionError(f"timed out after {timeout}s waiting for {name}") from None
        finally:
            self._waiters.remove(item)

    def _ready_conns(self) -> list[_Conn]:
        return [
            c
            for c in self._conns
            if c.ready and c.session is not None and c.session.conn is c and not c.ws.closed
        ]

    @property
    def connected(self) -> bool:
        """A client has identified (or resumed) and received GUILD_CREATE (any shard)."""
        return bool(self._ready_conns())

    @property
    def connected_shards(self) -> list[tuple[int, int]]:
        """``(shard_id, num_shards)`` of every open, ready connection (oldest first; [0, 1]
        for an unsharded one; a shard twice if two sessions are that shard)."""
        conns = self._ready_conns()
        return [c.session.shard for c in conns if c.session is not None]

    async def wait_ready(
        self, timeout: float = 10.0, *, shard: tuple[int, int] | None = None
    ) -> None:
        """Until a client has identified (or resumed) and received GUILD_CREATE; ``shard``:
        on a connection of that ``(shard_id, num_shards)``."""
        if shard is None:
            await self.wait_for(lambda: self.connected, timeout, "the bot to identify")
            return
        want = tuple(shard)
        await self.wait_for(
            lambda: want in self.connected_shards, timeout, f"shard {list(want)} to identify"
        )

    async def wait_disconnected(
        self, timeout: float = 10.0, *, shard: tuple[int, int] | None = None
    ) -> None:
        """Until no gateway connection is open; ``shard``: none of that shard's."""
        if shard is None:
            await self.wait_for(lambda: not self._conns, timeout, "the gateway connection to close")
            return
        want = tuple(shard)
        await self.wait_for(
            lambda: (
                not any(
                    c.session is not None and c.session.shard == want and not c.ws.closed
                    for c in self._conns
                )
            ),
            timeout,
            f"shard {list(want)}'s connection to close",
        )

    # ---------------------------------------------------------------------------------------
    # recording helpers
    # ---------------------------------------------------------------------------------------

    def count(self, method: str | None = None, template_prefix: str = "") -> int:
        """How many recorded requests match a method (None = any) and a template prefix."""
        return sum(
            1
            for r in self.requests
            if (method is None or r.method == method.upper())
            and (r.route_template or r.path).startswith(template_prefix)
        )

    def rate_limit(
        self,
        route_template: str,
        limit: int | None,
        *,
        per: float = 1.0,
        headers: bool = True,
        method: str | None = None,
    ) -> None:
        """Answer 429 (body with retry_after, X-RateLimit-* and Retry-After headers, Via) once
        ``route_template`` (e.g. "/channels/{channel_id}/messages") gets more than ``limit``
        requests in one window for one major parameter (channel, guild, webhook,
        interaction), like one of Discord's per-route buckets: a window opens with the first
        request and resets ``per`` seconds later. ``method`` limits it to one
        method (Discord keys its buckets by method and route).  With ``headers=True`` every
        answer carries the X-RateLimit-* headers, so discord.py waits pre-emptively;
        ``headers=False`` hides them (like Discord's shared limits) so the client really meets
        429s and must retry.  ``limit=None`` removes the limit."""
        key = f"{method.upper()} {route_template}" if method else route_template
        if limit is None:
            self._rate_limits.pop(key, None)
        else:
            self._rate_limits[key] = (limit, per, headers)

    def discord_rate_limits(self) -> None:
        """The buckets Discord announces (X-RateLimit headers) for a bot's messages: 5 per 5 s
        per channel to send, to edit, to delete; 5 per 2 s per interaction token to edit the
        messages it made (a webhook's own bucket, apart from the channel's); and the limit it
        does not announce on edits of messages older than an hour, 3 per 6 s per channel."""
        for method in ("POST", "PATCH", "DELETE"):
            template = (
                "/channels/{channel_id}/messages"
                if method == "POST"
                else "/channels/{channel_id}/messages/{message_id}"
            )
            self.rate_limit(template, 5, per=5.0, method=method)
        webhook = "/webhooks/{webhook_id}/{webhook_token}/messages/"
        for template in (webhook + "@original", webhook + "{message_id}"):
            self.rate_limit(template, 5, per=2.0, method="PATCH")
        self.old_message_edits = (3, 6.0)

    @property
    def rate_limited(self) -> list[Request]:
        """Every request the fake answered with a 429."""
        return [r for r in self.requests if r.status == 429]

    def stall(self, method: str, route_template: str, *, apply: bool = False) -> None:
        """Hold matching requests: with ``apply=False`` they are never carried out (as if lost
        on the way) and answered 503 when released; with ``apply=True`` they are carried out at
        once but answered only when released (the client dies before it learns the outcome).
        ``release()`` lets them all go (``stop()`` does too)."""
        self._stalls[(method.upper(), route_template)] = apply
        if self._stall_gate.is_set():
            self._stall_gate = asyncio.Event()

    def release(self) -> None:
        """End every stall and let held requests go."""
        self._stalls.clear()
        self._stall_gate.set()

    @property
    def stalled(self) -> list[Request]:
        """Requests held by a stall right now."""
        return list(self._held)

    @property
    def interactions(self) -> list[dict[str, Any]]:
        """Every INTERACTION_CREATE payload the fake built, in order (do not mutate)."""
        return [i.payload for i in self._interactions.values()]

    def message(self, message_id: FakeMessage | int) -> FakeMessage:
        return self.messages[_id_of(message_id)]

    def channel_messages(self, channel_id: FakeChannel | int | None = None) -> list[FakeMessage]:
        """Non-ephemeral, non-deleted messages of a channel (default #games), oldest first."""
        cid = self._channel_id_or_default(channel_id)
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.ephemeral and not m.deleted
        ]

    def visible_to(self, user: FakeUser | int) -> list[FakeMessage]:
        """All current public messages plus the ephemeral/DM messages shown to ``user``."""
        uid = _id_of(user)
        return [m for m in self.messages.values() if not m.deleted and m.audience in (None, uid)]

    def everything_shown(self) -> list[tuple[int | None, str]]:
        """(audience, text) for every version of every message ever shown (audience None =
        public, else the user id), then every modal and autocomplete list shown to a user."""
        out: list[tuple[int | None, str]] = []
        for m in self.messages.values():
            for v in m.versions:
                out.append((m.audience, text_of(v)))
        out.extend(self.shown_extra)
        return out

    # ---------------------------------------------------------------------------------------
    # messages
    # ---------------------------------------------------------------------------------------

    def _normalize_components(
        self, components: list[dict[str, Any]] | None
    ) -> list[dict[str, Any]]:
        comps = _emoji_ids_as_strings(_strip_nones(components or []))
        used = {c["id"] for c in iter_components(comps) if isinstance(c.get("id"), int)}
        counter = itertools.count(1)
        for c in iter_components(comps):
            if not isinstance(c.get("id"), int):
                n = next(counter)
                while n in used:
                    n = next(counter)
                c["id"] = n
                used.add(n)
        return comps

    def _normalize_embeds(self, embeds: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        out = []
        for e in _strip_nones(embeds or []):
            e.setdefault("type", "rich")
            for f in e.get("fields", []):
                f.setdefault("inline", False)
            out.append(e)
        return out

    def _attachments(
        self, payload: dict[str, Any], files: list[dict[str, Any]], keep: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        by_index = {f["index"]: f for f in files}
        result = []
        declared = payload.get("attachments")
        if declared is None:
            if not files:
                return keep
            # Discord appends new files to what the message has, unless the edit lists which
            # attachments to keep
            declared = [{"id": a["id"]} for a in keep] + [{"id": i} for i in by_index]
        existing = {a["id"]: a for a in keep}
        listed = {int(a["id"]) for a in declared if str(a.get("id", "")).isdigit()}
        for index, f in by_index.items():
            if index not in listed:
                self.violations.append(
                    Violation(
                        "PATCH" if keep else "POST",
                        "attachments",
                        f"files[{index}] ({f['filename']}) was uploaded but the attachments"
                        " array does not list it: Discord drops it",
                        "rule",
                    )
                )
        for att in declared:
            aid = str(att.get("id"))
            if aid in existing:
                result.append(existing[aid])
                continue
            f = by_index.get(int(att["id"])) if str(att.get("id", "")).isdigit() else None
            if f is None:
                if aid not in existing and int(att.get("id", 0) or 0) > 10**15:
                    self.violations.append(
                        Violation(
                            "PATCH",
                            "attachments",
                            f"attachments lists {aid}, which the message does not have",
                            "rule",
                        )
                    )
                continue
            new_id = str(self._snowflake())
            url = f"https://cdn.discordapp.com/attachments/0/{new_id}/{f['filename']}"
            result.append(
                {
                    "id": new_id,
                    "filename": att.get("filename") or f["filename"],
                    "size": f["size"],
                    "url": url,
                    "proxy_url": url,
                    "content_type": f.get("content_type") or "application/octet-stream",
                    **({"description": att["description"]} if att.get("description") else {}),
                }
            )
            self.uploads[new_id] = f["data"]
        return result

    def _check_embed_images(self, m: FakeMessage) -> None:
        """An embed's ``attachment://name`` image must name an attachment the message has:
        Discord shows none otherwise."""
        names = {a.get("filename") for a in m.attachments}
        for embed in m.embeds:
            for part in ("image", "thumbnail"):
                url = (embed.get(part) or {}).get("url") or ""
                if url.startswith("attachment://") and url[len("attachment://") :] not in names:
                    self.violations.append(
                        Violation(
                            "PATCH",
                            f"messages/{m.id}",
                            f"embed {part} {url} names no attachment of the message"
                            f" (it has {sorted(n for n in names if n)})",
                            "rule",
                        )
                    )

    def upload_of(self, attachment: dict[str, Any]) -> bytes:
        """The bytes uploaded for one of a message's attachments."""
        return self.uploads[attachment["id"]]

    def loose_attachments(self, m: FakeMessage) -> list[dict[str, Any]]:
        """A message's attachments that no embed shows as its image: Discord shows those
        under the message, outside the embeds."""
        shown = {
            (e.get(part) or {}).get("url", "")[len("attachment://") :]
            for e in m.embeds
            for part in ("image", "thumbnail")
        }
        return [a for a in m.attachments if a.get("filename") not in shown]

    def _message_json(self, m: FakeMessage) -> dict[str, Any]:
        author = self.users.get(m.author_id) or self.bot_user
        data: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "author": self._user_json(author),
            "content": m.content,
            "embeds": [] if m.flags & SUPPRESS_EMBEDS else _copy_json(m.embeds),
            "components": _copy_json(m.components),
            "flags": m.flags,
            "timestamp": m.timestamp,
            "edited_timestamp": m.edited_timestamp,
            "type": m.type,
            "tts": m.tts,
            "mention_everyone": False,
            "mentions": self._mentions(m.content),
            "mention_roles": [],
            "attachments": _copy_json(m.attachments),
            "pinned": False,
        }
        if m.webhook_id is not None:
            data["webhook_id"] = str(m.webhook_id)
            data["application_id"] = str(self.application_id)
        if m.interaction is not None:
            data["interaction_metadata"] = _copy_json(m.interaction)
            inter = self._interactions.get(int(m.interaction["id"]))
            if inter is not None and inter.type == 2:
                data["interaction"] = {
                    "id": str(inter.id),
                    "type": 2,
                    "name": inter.payload["data"]["name"],
                    "user": self._user_json(inter.user),
                }
        if m.message_reference:
            data["message_reference"] = m.message_reference
        return data

    def _mentions(self, content: str) -> list[dict[str, Any]]:
        out = []
        for uid in dict.fromkeys(re.findall(r"<@!?(\d+)>", content or "")):
            u = self.users.get(int(uid))
            if u:
                out.append(self._user_json(u))
        return out

    def _check_message(self, payload: dict[str, Any], *, webhook: bool) -> tuple[int, dict] | None:
        """Discord rules that the OpenAPI schema does not express."""
        problems: list[tuple[list[Any], str]] = []
        content = payload.get("content")
        if isinstance(content, str) and len(content) > 2000:
            problems.append((["content"], "Must be 2000 or fewer in length."))
        embeds = payload.get("embeds") or []
        total = sum(len(t) for e in embeds if isinstance(e, dict) for t in _embed_texts(e))
        if total > 6000:
            problems.append((["embeds"], "Embed size exceeds maximum size of 6000"))
        comps = payload.get("components") or []
        flags = payload.get("flags") or 0
        if not flags & IS_COMPONENTS_V2 and len(comps) > 5:
            problems.append((["components"], "Must be 5 or fewer in length."))
        problems += self._unknown_emoji(comps)
        ids = [c["custom_id"] for c in iter_components(comps) if c.get("custom_id")]
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes:
            problems.append(
                (["components"], f"Component custom id cannot be duplicated: {sorted(dupes)}")
            )
        if problems:
            return _invalid_form(problems)
        return None

    def _is_empty(self, m_or_payload: dict[str, Any]) -> bool:
        return not (
            m_or_payload.get("content")
            or m_or_payload.get("embeds")
            or m_or_payload.get("components")
            or m_or_payload.get("attachments")
            or m_or_payload.get("poll")
            or m_or_payload.get("sticker_ids")
        )

    def _create_message(
        self,
        channel_id: int,
        payload: dict[str, Any],
        files: list[dict[str, Any]],
        *,
        author: FakeUser | None = None,
        ephemeral_for: int | None = None,
        inter: _Interaction | None = None,
        webhook: bool = False,
        mtype: int = 0,
        extra_flags: int = 0,
    ) -> FakeMessage:
        author = author or self.bot_user
        ch = self.channels.get(channel_id)
        flags = (payload.get("flags") or 0) | extra_flags
        if ephemeral_for is None:
            flags &= ~EPHEMERAL
        else:
            flags |= EPHEMERAL
        ref = payload.get("message_reference")
        m = FakeMessage(
            id=self._snowflake(),
            channel_id=channel_id,
            author_id=author.id,
            content=payload.get("content") or "",
            embeds=self._normalize_embeds(payload.get("embeds")),
            components=self._normalize_components(payload.get("components")),
            flags=flags,
            ephemeral_for=ephemeral_for,
            interaction=None,
            type=mtype,
            timestamp=_iso(),
            webhook_id=self.application_id if webhook else None,
            dm_recipient=ch.recipient_id if ch is not None and ch.type == 1 else None,
            tts=bool(payload.get("tts")),
            _fake=self,
        )
        m.attachments = self._attachments(payload, files, [])
        self._check_embed_images(m)
        if ref:
            m.message_reference = {
                "type": 0,
                "message_id": str(ref.get("message_id")),
                "channel_id": str(ref.get("channel_id") or channel_id),
                **(
                    {"guild_id": str(self._guild_of_id(channel_id).id)}
                    if m.dm_recipient is None
                    else {}
                ),
            }
            m.type = 19
        if inter is not None:
            m.interaction_id = inter.id
            m.interaction = self._interaction_metadata(inter)
            inter.message_ids.add(m.id)
        self.messages[m.id] = m
        self._new_version(m)
        return m

    def _interaction_metadata(self, inter: _Interaction) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "user": self._user_json(inter.user),
            "authorizing_integration_owners": {"0": str(inter.guild_id or self.guild_id)},
        }
        if inter.type == 3 and inter.message is not None:
            meta["interacted_message_id"] = str(inter.message.id)
        if inter.original is not None and inter.original is not inter.message:
            meta["original_response_message_id"] = str(inter.original.id)
        if inter.type == 5 and inter.origin is not None:
            meta["triggering_interaction_metadata"] = self._interaction_metadata(inter.origin)
        return meta

    def _edit_message(
        self, m: FakeMessage, payload: dict[str, Any], files: list[dict[str, Any]]
    ) -> None:
        if "content" in payload:
            m.content = payload["content"] or ""
        if "embeds" in payload:
            m.embeds = self._normalize_embeds(payload["embeds"])
        if "components" in payload:
            m.components = self._normalize_components(payload["components"])
        if payload.get("flags") is not None:
            keep = m.flags & (EPHEMERAL | IS_COMPONENTS_V2)
            m.flags = keep | (payload["flags"] & ~(EPHEMERAL | LOADING))
        if "attachments" in payload or files:
            m.attachments = self._attachments(payload, files, m.attachments)
        self._check_embed_images(m)
        was_loading = m.loading
        m.flags &= ~LOADING
        if not was_loading:
            m.edited_timestamp = _iso()
        self._new_version(m)

    async def _announce(self, event: str, m: FakeMessage) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE for messages the bot could see on the gateway."""
        if m.ephemeral:
            return
        guild = self._guild_of_id(m.channel_id)
        if m.dm_recipient is not None:
            intent = I_DIRECT_MESSAGES
            extra: dict[str, Any] = {}
        else:
            intent = I_GUILD_MESSAGES
            extra = {"guild_id": str(guild.id)}
        vary = None
        if event == "MESSAGE_DELETE":
            data = {"id": str(m.id), "channel_id": str(m.channel_id), **extra}
        else:
            data = dict(m.current, **extra)
            author = self.users.get(m.author_id)
            if extra and author is not None and m.webhook_id is None:
                data["member"] = self._member_json(author, with_user=False, guild=guild)
            if (
                m.author_id != self.bot_user.id
                and m.dm_recipient is None
                and self.bot_user.mention not in m.content
            ):
                vary = _without_content  # for sessions without the message content intent
        await self._dispatch(event, data, intent, vary=vary)

    async def post_message(
        self,
        content: str = "",
        *,
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        channel: FakeChannel | int | None = None,
        author: FakeUser | None = None,
    ) -> FakeMessage:
        """Seed a message (default: by the bot, e.g. one left by an earlier run) and announce it."""
        cid = self._channel_id_or_default(channel)
        payload = {"content": content, "embeds": embeds or [], "components": components or []}
        m = self._create_message(cid, payload, [], author=author)
        await self._announce("MESSAGE_CREATE", m)
        self._changed()
        return m

    async def say(
        self, user: FakeUser | int, content: str, channel: FakeChannel | int | None = None
    ) -> FakeMessage:
        """A user posts a plain message (MESSAGE_CREATE to the bot, content hidden without the
        message content intent unless the bot is mentioned)."""
        return await self.post_message(content, channel=channel, author=self.user(user))

    # ---------------------------------------------------------------------------------------
    # gateway
    # ---------------------------------------------------------------------------------------

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = _Conn(ws=ws, query=dict(request.query))
        self.gateway_queries.append(conn.query)
        self._conns.add(conn)
        self.connections += 1
        if request.query.get("v") != "10" or request.query.get("encoding") != "json":
            self.violations.append(
                Violation("GET", str(request.rel_url), "gateway must be v=10&encoding=json", "rule")
            )
        try:
            hello = {"heartbeat_interval": self.heartbeat_interval, "_trace": ["fake-gateway"]}
            await _send_op(ws, 10, hello)
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._gateway_frame(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    self.violations.append(
                        Violation("WS", GATEWAY_PATH, "client sent a binary frame", "rule")
                    )
                self._changed()
        finally:
            self._conns.discard(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                # the gateway docs (Disconnecting): a client that closes with 1000 or 1001
                # ends its session (it can't be resumed); any other close, or a lost
                # connection (a killed process), leaves it to be resumed, its events waiting
                if not conn.closed_by_fake and ws.close_code in (1000, 1001):
                    session.live = False
            if self._conn is conn:
                self._conn = None
            self._changed()
        return ws

    async def _refuse(self, conn: _Conn, code: int, reason: str) -> None:
        conn.closed_by_fake = True
        await conn.ws.close(code=code, message=reason.encode())

    def _shard_of_identify(self, d: dict[str, Any]) -> tuple[int, int] | None:
        """IDENTIFY's ``shard`` as (shard_id, num_shards): [0, 1] without one; None if Discord
        would refuse it (4010 Invalid shard: not two integers, num_shards < 1, or shard_id
        outside 0..num_shards-1)."""
        shard = d.get("shard")
        if shard is None:
            return (0, 1)
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
        ):
            return None
        shard_id, num_shards = shard
        if num_shards < 1 or not 0 <= shard_id < num_shards:
            return None
        return (shard_id, num_shards)

    def _guilds_of_shard(self, shard: tuple[int, int]) -> list[FakeGuild]:
        """The guilds the bot is in that a session of this shard gets, in creation order."""
        shard_id, num_shards = shard
        return [g for g in self.guilds.values() if g.in_guild and g.shard(num_shards) == shard_id]

    async def _gateway_frame(self, conn: _Conn, frame: dict[str, Any]) -> None:
        self.gateway_received.append(frame)
        op = frame.get("op")
        d = frame.get("d")
        if op == 1:  # heartbeat
            await _send_op(conn.ws, 11, None)
        elif op in (2, 6) and self.sessions_held:
            return  # an outage: no READY, no RESUMED
        elif op == 2:  # identify
            self.identify_payloads.append(d)
            if d.get("token") != self.token:
                await self._refuse(conn, 4004, "Authentication failed.")
                return
            shard = self._shard_of_identify(d)
            if shard is None:
                await self._refuse(conn, 4010, "Invalid shard.")
                return
            guilds = self._guilds_of_shard(shard)
            if len(guilds) > self.max_guilds_per_shard:
                await self._refuse(conn, 4011, "Sharding required.")
                return
            self.session_starts += 1
            self.intents = int(d.get("intents", 0))
            session = _Session(id=secrets.token_hex(16), intents=self.intents, shard=shard)
            self._sessions[session.id] = session
            self._session = session
            conn.session = session
            session.conn = conn
            self._conn = conn
            me = dict(self._user_json(self.bot_user), verified=True, mfa_enabled=False, email=None)
            ready = {
                "v": 10,
                "user": me,
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.gateway_url,
                "shard": d.get("shard") or [0, 1],
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "auth": {},
                "_trace": ["fake-gateway"],
            }
            # a new session: nothing pending; GUILD_CREATE below carries every member and channel
            await self._dispatch("READY", ready, to=[session])
            for g in guilds:
                await self._dispatch(
                    "GUILD_CREATE", self._guild_create_json(g), I_GUILDS, force=True, to=[session]
                )
            conn.ready = True
        elif op == 6:  # resume
            session = self._sessions.get(d.get("session_id"))
            if session is None or not session.live or d.get("token") != self.token:
                await _send_op(conn.ws, 9, False)  # invalid session, not resumable
                return
            old = session.conn
            if old is not None and old is not conn:
                old.ready = False  # the session moves to this connection
            conn.session = session
            session.conn = conn
            self._session = session
            self._conn = conn
            last = d.get("seq") or 0
            async with session.lock:
                for payload in session.log:
                    if payload["s"] > last:
                        await conn.ws.send_str(json.dumps(payload))
                        if payload["t"] == "INTERACTION_CREATE":
                            inter = self._interaction_by_id(str(payload["d"].get("id")))
                            if inter is not None:
                                inter.delivered = True
            await self._dispatch("RESUMED", {"_trace": ["fake-gateway"]}, to=[session])
            conn.ready = True
        elif op == 8:  # request guild members
            gid = d.get("guild_id")
            guild = self.guilds.get(int(gid)) if str(gid).isdigit() else None
            members = [self._member_json(u, guild=guild) for u in self.users.values()]
            query = (d.get("query") or "").lower()
            if query:
                members = [m for m in members if m["user"]["username"].startswith(query)]
            if d.get("user_ids"):
                wanted = {
                    str(x)
                    for x in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])
                }
                members = [m for m in members if m["user"]["id"] in wanted]
            if d.get("limit"):
                members = members[: int(d["limit"])]
            if conn.session is None:
                return  # not identified: nothing to answer on
            await self._dispatch(
                "GUILD_MEMBERS_CHUNK",
                {
                    "guild_id": str(d.get("guild_id")),
                    "members": members,
                    "chunk_index": 0,
                    "chunk_count": 1,
                    "not_found": [],
                    "nonce": d.get("nonce"),
                },
                force=True,
                to=[conn.session],
            )
        # op 3 (presence), 4 (voice state) etc. are accepted and recorded only

    def _routed(self, event: str, data: dict[str, Any]) -> list[_Session]:
        """The sessions Discord sends this event to: every live one whose shard serves its
        guild (the gateway docs: ``shard_id = (guild_id >> 22) % num_shards``, each session by
        its own ``num_shards``; events without a guild go to shard 0), oldest first."""
        gid = _event_guild(event, data)
        return [s for s in self._sessions.values() if s.live and s.serves(gid)]

    async def _dispatch(
        self,
        event: str,
        data: dict[str, Any],
        intent: int = 0,
        force: bool = False,
        *,
        to: list[_Session] | None = None,
        vary: Callable[[_Session, dict[str, Any]], dict[str, Any]] | None = None,
    ) -> int:
        """Send a dispatch to the sessions it is routed to (``to``: those only), each in its
        order after what is pending for it; ``vary(session, data)``: what that session gets.
        Returns on how many open connections it went out (the others log it for a RESUME)."""
        sent = 0
        for session in self._routed(event, data) if to is None else to:
            if intent and not force and not session.intents & intent:
                continue
            async with session.lock:
                if event not in ("READY", "RESUMED"):
                    await self._send_pending(session)
                body = data if vary is None else vary(session, data)
                sent += await self._send_dispatch(session, event, body)
        return sent

    async def _send_dispatch(self, session: _Session, event: str, data: dict[str, Any]) -> int:
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.log.append(payload)
        if len(session.log) > 2000:
            del session.log[:1000]
        conn = session.conn
        if conn is not None and conn.session is session and not conn.ws.closed:
            try:
                await conn.ws.send_str(json.dumps(payload))
                return 1
            except (ConnectionError, RuntimeError):
                pass
        return 0

    def _dispatch_soon(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        """Queue an event from synchronous code for the sessions it is routed to now; it goes
        out before the next dispatch to each of them."""
        sessions = self._routed(event, data)
        for session in sessions:
            session.pending.append((event, data, intent))
        if not sessions:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._flush_pending())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _flush_pending(self) -> None:
        for session in list(self._sessions.values()):
            if session.pending:
                async with session.lock:
                    await self._send_pending(session)

    async def _send_pending(self, session: _Session) -> None:
        while session.pending:
            event, data, intent = session.pending.pop(0)
            if not intent or session.intents & intent:
                await self._send_dispatch(session, event, data)

    async def gateway_outage(self) -> None:
        """Discord's gateway goes down for the bot: its connection drops, and the ones it opens
        again start no session (no event, no interaction reaches it) until
        :meth:`gateway_back`. REST keeps working."""
        self.sessions_held = True
        await self.drop_connection()

    async def gateway_back(self) -> None:
        """The outage ends: the connections waiting for a session are closed, and the bot's
        next one resumes its session."""
        self.sessions_held = False
        for conn in list(self._conns):
            conn.closed_by_fake = True
            await conn.ws.close(code=4000)

    async def drop_connection(
        self, code: int = 4000, *, shard: tuple[int, int] | None = None
    ) -> None:
        """Close the bot's gateway connection (the newest one to identify or resume; ``shard``:
        the newest of that shard's): discord.py reconnects and RESUMEs."""
        conn = self._conn
        if shard is not None:
            want = tuple(shard)
            conns = [c for c in self._ready_conns() if c.session and c.session.shard == want]
            conn = conns[-1] if conns else None
        if conn is not None:
            conn.ready = False
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None  # events from now on wait in its log for the RESUME
            if self._conn is conn:
                self._conn = None
            conn.closed_by_fake = True
            await conn.ws.close(code=code)

    # ---------------------------------------------------------------------------------------
    # interactions (the user side)
    # ---------------------------------------------------------------------------------------

    def _find_command(self, name: str, guild: FakeGuild | None = None) -> dict[str, Any] | None:
        gid = (guild or self.guild).id
        for cmd in self.guild_commands.get(gid, []) + self.commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        return None

    def _build_options(
        self,
        defs: list[dict[str, Any]] | None,
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
        where: str,
        guild: FakeGuild | None = None,
    ) -> list[dict[str, Any]]:
        out = []
        by_name = {o["name"]: o for o in (defs or [])} if defs is not None else None
        if by_name is not None:
            for o in defs or []:
                if o.get("required") and o["name"] not in given and o["name"] != focused:
                    raise AssertionError(f"{where}: required option {o['name']!r} missing")
        for name, value in given.items():
            if by_name is not None and name not in by_name:
                raise AssertionError(
                    f"{where}: no option {name!r}; the command has {sorted(by_name)}"
                )
            odef = by_name[name] if by_name is not None else None
            otype = odef["type"] if odef else self._infer_type(value)
            opt: dict[str, Any] = {"name": name, "type": otype}
            if (
                otype in (6, 9)
                and isinstance(value, FakeUser | int)
                and not isinstance(value, bool)
            ):
                opt["value"] = self._resolve_user(self.user(value), resolved, guild)
            elif otype == 7:
                opt["value"] = self._resolve_channel(self.channels[_id_of(value)], resolved)
            elif otype == 8:
                opt["value"] = self._resolve_role(_id_of(value), resolved)
            elif otype == 4:
                opt["value"] = int(value) if name != focused else value
            elif otype == 10:
                opt["value"] = value
            elif otype == 5:
                opt["value"] = bool(value)
            else:
                opt["value"] = str(value) if name != focused else value
            if odef and name != focused:
                self._check_option_value(odef, opt["value"], where)
            if name == focused:
                opt["focused"] = True
                opt["value"] = str(value)
            out.append(opt)
        return out

    @staticmethod
    def _infer_type(value: Any) -> int:
        if isinstance(value, bool):
            return 5
        if isinstance(value, int):
            return 4
        if isinstance(value, float):
            return 10
        if isinstance(value, FakeUser):
            return 6
        if isinstance(value, FakeChannel):
            return 7
        return 3

    @staticmethod
    def _check_option_value(odef: dict[str, Any], value: Any, where: str) -> None:
        name = odef["name"]
        choices = odef.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise AssertionError(
                f"{where}: {name}={value!r} is not one of the choices {[c['value'] for c in choices]}"
            )
        if odef["type"] in (4, 10):
            if odef.get("min_value") is not None and value < odef["min_value"]:
                raise AssertionError(
                    f"{where}: {name}={value} is below min_value {odef['min_value']}"
                )
            if odef.get("max_value") is not None and value > odef["max_value"]:
                raise AssertionError(
                    f"{where}: {name}={value} is above max_value {odef['max_value']}"
                )
        if odef["type"] == 3:
            if odef.get("min_length") is not None and len(value) < odef["min_length"]:
                raise AssertionError(
                    f"{where}: {name} is shorter than min_length {odef['min_length']}"
                )
            if odef.get("max_length") is not None and len(value) > odef["max_length"]:
                raise AssertionError(
                    f"{where}: {name} is longer than max_length {odef['max_length']}"
                )

    def _command_data(
        self,
        user: FakeUser,
        command: str,
        subcommand: str | None,
        options: dict[str, Any],
        focused: str | None = None,
        guild: FakeGuild | None = None,
    ) -> dict[str, Any]:
        where = _command_line(command, subcommand)
        guild = guild or self.guild
        cmd = self._find_command(command, guild)
        if cmd is None and self.command_puts:
            raise AssertionError(
                f"{where}: command {command!r} is not registered (synced commands: {[c['name'] for c in self.commands + self.guild_commands.get(guild.id, [])]})"
            )
        if cmd is not None and self.enforce_command_permissions:
            needed = cmd.get("default_member_permissions")
            if needed is not None and (int(needed) & ~self.permissions(user, guild=guild)):
                raise AssertionError(
                    f"{where}: {user.name} lacks default_member_permissions {needed} and cannot see the command"
                )
        resolved: dict[str, dict[str, Any]] = {}
        defs = cmd.get("options", []) if cmd is not None else None
        names = subcommand.split() if subcommand else []
        chain: list[tuple[str, int]] = []
        for i, sub in enumerate(names):
            stype = 2 if i < len(names) - 1 else 1
            if defs is not None:
                match = [o for o in defs if o["name"] == sub and o["type"] in (1, 2)]
                if not match:
                    raise AssertionError(f"{where}: no subcommand {sub!r}")
                stype = match[0]["type"]
                defs = match[0].get("options", [])
            chain.append((sub, stype))
        opts: list[dict[str, Any]] = self._build_options(
            defs, options, resolved, focused, where, guild
        )
        for sub, stype in reversed(chain):
            opts = [{"name": sub, "type": stype, "options": opts}]
        data: dict[str, Any] = {
            "id": str(cmd["id"]) if cmd else str(self._snowflake()),
            "name": command,
            "type": 1,
            "options": opts,
        }
        if cmd is not None and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _new_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel_id: int,
        data: dict[str, Any],
        message: FakeMessage | None,
        describe: str,
    ) -> _Interaction:
        iid = self._snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        ch = self.channels[channel_id]
        guild = self._guild_of(ch) or self.guild
        member = self._member_json(user, with_permissions=True, channel=ch)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "app_permissions": str(self.permissions(self.bot_user, ch)),
            "channel_id": str(channel_id),
            "channel": self._channel_json(ch, for_user=user),
        }
        if ch.type == 1:
            payload["context"] = 1
            payload["user"] = self._user_json(user)
            payload["channel"] = self._channel_json(ch)
        else:
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                member=member,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            )
        if message is not None:
            msg_json = message.current
            payload["message"] = msg_json
        inter = _Interaction(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel_id=channel_id,
            guild_id=None if ch.type == 1 else guild.id,
            payload=payload,
            dispatched_at=0.0,
            message=message,
            describe=describe,
        )
        self._interactions[iid] = inter
        self._by_token[token] = inter
        return inter

    def _fail(self, kind: str, inter: _Interaction, detail: str, at: float) -> None:
        """Record a broken interaction rule in ``failures`` (detail after the description)."""
        self.failures.append(Failure(kind, inter.id, f"{inter.describe}: {detail}", at))

    def _on_answer_deadline(self, inter: _Interaction) -> None:
        inter.timer = None
        if not inter.acked and not inter.delivered:
            self._undelivered(inter, "its session had no open connection (nor resumed in time)")
        elif not inter.acked:
            self._fail(
                "unanswered",
                inter,
                f"no callback within {self.answer_limit}s (user sees 'This interaction failed')",
                self.now(),
            )
            self._changed()

    def _undelivered(self, inter: _Interaction, why: str) -> None:
        gid = _event_guild("INTERACTION_CREATE", inter.payload)
        where = f"guild {gid}" if gid is not None else "a DM (shard 0)"
        self._fail(
            "undelivered",
            inter,
            f"not delivered: no open gateway connection serves {where}; {why} "
            "(user sees 'This interaction failed')",
            self.now(),
        )
        if inter.future is not None and not inter.future.done():
            inter.future.set_result(None)
        self._changed()

    async def _run_interaction(
        self, inter: _Interaction, timeout: float, made: float | None = None
    ) -> InteractionResult:
        """Send the interaction to the bot and wait for its answer. Discord's clocks for it
        (its 3 s to answer, its token's 15 minutes) run from when it was ``made`` (the fake's
        clock; by default now)."""
        if not self.connected:
            raise AssertionError(f"{inter.describe}: no bot is connected to the fake gateway")
        loop = asyncio.get_running_loop()
        inter.future = loop.create_future()
        inter.dispatched_at = self.now() if made is None else made
        ch = self.channels.get(inter.channel_id)
        if ch is not None and ch.archived and not ch.locked and inter.type in (3, 5):
            await self._unarchive(ch)  # a member clicks there: it reopens
            inter.payload["channel"] = self._channel_json(ch, for_user=inter.user)
        routed = self._routed("INTERACTION_CREATE", inter.payload)
        inter.delivered = await self._dispatch("INTERACTION_CREATE", inter.payload) > 0
        # set once it went out (a click that spent its time on the way is not "undelivered")
        limit = max(self.answer_limit - (self.now() - inter.dispatched_at), 0.0)
        inter.timer = loop.call_later(limit, self._on_answer_deadline, inter)
        if self.deliver_twice is not None and self.deliver_twice(inter.payload):
            self.redelivered.append(inter.id)
            await self._dispatch("INTERACTION_CREATE", inter.payload)
        self._changed()
        if not inter.delivered:
            # Discord has no connection to send it on. With no session of its shard at all
            # it is lost at once; a session whose connection is gone (a killed process)
            # keeps it for a RESUME, which may still come within the answer limit.
            if not routed:
                if inter.timer:
                    inter.timer.cancel()
                    inter.timer = None
                self._undelivered(inter, "no session is that shard")
            timeout = max(timeout, self.answer_limit + 1.0)
        try:
            await asyncio.wait_for(asyncio.shield(inter.future), timeout)
        except TimeoutError:
            if not inter.delivered:
                return InteractionResult(self, inter)
            raise AssertionError(
                f"the bot never answered {inter.describe} within {timeout}s "
                f"(no POST {CALLBACK_TEMPLATE})"
            ) from None
        return InteractionResult(self, inter)

    def callbacks(self, interaction_id: int) -> int:
        """How many answers (callbacks, refused ones too) the bot sent for this interaction."""
        path = f"/interactions/{interaction_id}/"
        return sum(1 for r in self.requests if r.method == "POST" and path in r.path)

    async def redeliver(self, interaction_id: int, timeout: float = 5.0) -> bool:
        """Send an earlier interaction's INTERACTION_CREATE again, exactly as it went (same id,
        token, payload), to the sessions that serve its shard now; wait until the bot answers
        it (an answer of an interaction already acknowledged is refused 40060) or ``timeout``
        passes. Returns whether an open connection took it."""
        inter = self._interactions[interaction_id]
        answers = self.callbacks(interaction_id)
        self.redelivered.append(interaction_id)
        sent = await self._dispatch("INTERACTION_CREATE", inter.payload) > 0
        self._changed()
        if sent:
            with contextlib.suppress(AssertionError):
                await self.wait_for(
                    lambda: self.callbacks(interaction_id) > answers, timeout, "the answer"
                )
        return sent

    def _channel_arg(self, channel: FakeChannel | int | None) -> int:
        cid = self._channel_id_or_default(channel)
        if cid not in self.channels:
            raise AssertionError(f"unknown channel {cid}")
        return cid

    async def slash(
        self,
        user: FakeUser,
        command: str,
        subcommand: str | None = None,
        *,
        channel: FakeChannel | int | None = None,
        timeout: float = 5.0,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """``user`` runs ``/command [subcommand] option:value...``.  ``subcommand`` may be
        "group sub".  Options named ``channel``/``timeout``/``options`` go in ``options={}``.
        Once the bot synced commands, names, types, required options, choices and ranges are
        checked against what it registered (AssertionError for what Discord's client would not
        allow, a command in an archived or locked thread included)."""
        opts = dict(options or {}, **kwargs)
        cid = self._channel_arg(channel)
        user = self.user(user)
        data = self._command_data(user, command, subcommand, opts, guild=self._guild_of_id(cid))
        describe = f"{_command_line(command, subcommand)} by {user.name}"
        self._command_place(user, cid, describe)
        inter = self._new_interaction(2, user, cid, data, None, describe)
        return await self._run_interaction(inter, timeout)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        subcommand: str | None = None,
        *,
        focused: str,
        channel: FakeChannel | int | None = None,
        timeout: float = 5.0,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """Autocomplete for option ``focused`` (its partial value given among the options);
        ``result.data["choices"]`` holds the bot's suggestions."""
        opts = dict(options or {}, **kwargs)
        opts.setdefault(focused, "")
        cid = self._channel_arg(channel)
        user = self.user(user)
        data = self._command_data(
            user, command, subcommand, opts, focused=focused, guild=self._guild_of_id(cid)
        )
        self._command_place(user, cid, f"autocomplete /{command}")
        inter = self._new_interaction(
            4, user, cid, data, None, f"autocomplete /{command} {focused} by {user.name}"
        )
        return await self._run_interaction(inter, timeout)

    def _clickable(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        types: tuple[int, ...],
        stale: bool = False,
    ) -> tuple[FakeMessage, dict[str, Any]]:
        mid = _id_of(message)
        m = self.messages.get(mid)
        if m is None or m.deleted:
            raise AssertionError(f"message {mid} does not exist (or was deleted)")
        if m.audience not in (None, user.id):
            raise AssertionError(
                f"{user.name} cannot see message {mid} (it is for user {m.audience})"
            )
        if m.loading:
            raise AssertionError(f"message {mid} is still loading")
        comp = m.find_component(custom_id)
        if stale:
            if comp is not None:
                raise AssertionError(
                    f"message {mid} still has {custom_id!r}: the click would not be stale"
                )
            comp = next(
                (
                    c
                    for v in reversed(m.versions)
                    for c in iter_components(v.get("components"))
                    if c.get("custom_id") == custom_id
                ),
                None,
            )
            if comp is None:
                raise AssertionError(f"message {mid} never showed a component {custom_id!r}")
        if comp is None:
            raise AssertionError(
                f"message {mid} has no component {custom_id!r}; it has {m.custom_ids()}"
            )
        if comp.get("type") not in types:
            raise AssertionError(
                f"component {custom_id!r} is of type {comp.get('type')}, expected {types}"
            )
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on message {mid} is disabled")
        ch = self.channels.get(m.channel_id)
        if ch is not None and ch.locked:
            raise AssertionError(
                f"message {mid} is in locked thread {ch.id}: Discord's client disables its "
                "components, for everyone"
            )
        return m, comp

    def _command_place(self, user: FakeUser, channel_id: int, what: str) -> None:
        """Refuse a slash command where Discord's client sends none: in an archived thread
        (the threads topic: users "cannot ... use application commands ... in archived
        threads"), or in a locked one from a member without Manage Threads (who may not write
        there)."""
        ch = self.channels[channel_id]
        if ch.archived:
            raise AssertionError(f"{what}: thread {ch.id} is archived (no commands there)")
        if ch.locked and not self.permissions(user, ch) & P_MANAGE_THREADS:
            raise AssertionError(f"{what}: thread {ch.id} is locked and {user.name} may not write")

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        *,
        stale: bool = False,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """``user`` clicks the (enabled, visible) button ``custom_id`` on ``message`` (not in a
        locked thread, where Discord's client disables every button; in an archived one, the
        click reopens the thread).

        ``stale=True``: the player pressed a button that an edit removed a moment before (it
        must have been on an earlier version of the message and be gone now). Discord still
        delivers the click, with the message **as it is now**, as it does for real."""
        return await self.deliver(self.press(user, message, custom_id, stale=stale), timeout)

    def press(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, *, stale: bool = False
    ) -> Pressed:
        """:meth:`click`'s first half: ``user`` clicks now, and Discord makes the interaction
        now, with the message as it is now; :meth:`deliver` brings it to the bot. Between the
        two it is on its way (a slow gateway), and the bot's own edits of the message may land
        meanwhile: the bot then gets the message as it was when clicked."""
        user = self.user(user)
        m, comp = self._clickable(user, message, custom_id, (2,), stale)
        data = {"custom_id": custom_id, "component_type": 2, "id": comp["id"]}
        what = "stale click" if stale else "click"
        inter = self._new_interaction(
            3, user, m.channel_id, data, m, f"{what} {custom_id!r} by {user.name}"
        )
        return Pressed(inter, self.now())

    async def deliver(self, pressed: Pressed, timeout: float = 5.0) -> InteractionResult:
        """Deliver a :meth:`press` to the bot and wait for its answer. Discord's 3 seconds to
        answer ran from the press."""
        return await self._run_interaction(pressed.interaction, timeout, pressed.at)

    async def interact(
        self,
        user: FakeUser,
        itype: int,
        data: dict[str, Any],
        *,
        channel: FakeChannel | int | None = None,
        message: FakeMessage | int | None = None,
        edit: Callable[[dict[str, Any]], None] | None = None,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Deliver an interaction with exactly this ``data`` (no check against the registered
        commands or the message's components): payloads a well-behaved Discord client would not
        send, but a bot must survive (a stale command shape, a forged custom id...).
        ``edit(payload)`` may change the whole INTERACTION_CREATE payload before it goes out
        (another guild, another channel, other permissions)."""
        user = self.user(user)
        cid = self._channel_arg(channel)
        msg = self.message(message) if message is not None else None
        inter = self._new_interaction(
            itype, user, cid, _copy_json(data), msg, f"raw type {itype} by {user.name}"
        )
        if edit is not None:
            edit(inter.payload)
        return await self._run_interaction(inter, timeout)

    def dm_channel(self, user: FakeUser | int) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        uid = _id_of(user)
        for ch in self.channels.values():
            if ch.type == 1 and ch.recipient_id == uid:
                return ch
        ch = FakeChannel(self._snowflake(), "", 1, None, recipient_id=uid)
        self.channels[ch.id] = ch
        return ch

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: list[Any],
        *,
        stale: bool = False,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """``user`` picks ``values`` in the select menu ``custom_id`` (string selects: option
        values; user/role/channel selects: FakeUser/FakeChannel/ids). ``stale``: as for
        :meth:`click`, a select that an edit removed a moment before."""
        user = self.user(user)
        m, comp = self._clickable(user, message, custom_id, (3, 5, 6, 7, 8), stale)
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": comp["type"],
            "id": comp["id"],
        }
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            for v in values:
                if v not in allowed:
                    raise AssertionError(
                        f"select {custom_id!r} has no option {v!r}; options are {allowed}"
                    )
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = self._resolve_values(values, resolved, self._guild_of_id(m.channel_id))
            data["resolved"] = resolved
        inter = self._new_interaction(
            3, user, m.channel_id, data, m, f"select {custom_id!r}={values} by {user.name}"
        )
        return await self._run_interaction(inter, timeout)

    def _resolve_values(
        self,
        values: Iterable[Any],
        resolved: dict[str, dict[str, Any]],
        guild: FakeGuild | None = None,
    ) -> list[str]:
        """Snowflake strings for user/role/channel select values, filling ``resolved``."""
        out = []
        for v in values:
            vid = _id_of(v)
            if vid in self.channels:
                self._resolve_channel(self.channels[vid], resolved)
            elif self._role_guild(vid) is not None:
                self._resolve_role(vid, resolved)
            else:
                self._resolve_user(self.user(vid), resolved, guild)
            out.append(str(vid))
        return out

    # ``resolved`` data of interactions: each adds one entry and returns its snowflake string

    def _resolve_user(
        self, u: FakeUser, resolved: dict[str, dict[str, Any]], guild: FakeGuild | None = None
    ) -> str:
        resolved.setdefault("users", {})[str(u.id)] = self._user_json(u)
        member = self._member_json(u, with_user=False, with_permissions=True, guild=guild)
        resolved.setdefault("members", {})[str(u.id)] = member
        return str(u.id)

    def _resolve_channel(self, ch: FakeChannel, resolved: dict[str, dict[str, Any]]) -> str:
        resolved.setdefault("channels", {})[str(ch.id)] = {
            "id": str(ch.id),
            "name": ch.name,
            "type": ch.type,
            "permissions": str(P_ALL),
            "parent_id": None,
            "flags": 0,
            "guild_id": str(ch.guild_id or self.guild_id),
        }
        return str(ch.id)

    def _resolve_role(self, rid: int, resolved: dict[str, dict[str, Any]]) -> str:
        g = self._role_guild(rid)
        resolved.setdefault("roles", {})[str(rid)] = (g or self.guild).roles[rid]
        return str(rid)

    async def submit_modal(
        self,
        user: FakeUser,
        custom_id: str,
        values: dict[str, Any],
        message: FakeMessage | int | None = None,
        *,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """``user`` submits the modal ``custom_id`` the bot opened for them (callback type 9),
        with ``{field_custom_id: value}`` (text inputs: str; selects inside labels: list)."""
        user = self.user(user)
        found = None
        for entry in reversed(self._open_modals):
            if entry[0] == user.id and entry[1].get("custom_id") == custom_id:
                found = entry
                break
        if found is None:
            raise AssertionError(f"no modal {custom_id!r} is open for {user.name}")
        _, modal, origin = found
        values = dict(values)
        known: set[str] = set()
        resolved: dict[str, dict[str, Any]] = {}

        def mirror(c: dict[str, Any]) -> dict[str, Any] | None:
            t = c.get("type")
            if t == 1:
                return {
                    "type": 1,
                    "id": c.get("id"),
                    "components": [x for x in (mirror(i) for i in c.get("components", [])) if x],
                }
            if t == 18:
                inner = mirror(c["component"])
                return {"type": 18, "id": c.get("id"), "component": inner} if inner else None
            if t == 4:
                cid = c["custom_id"]
                known.add(cid)
                value = values.get(cid, c.get("value") or "")
                if c.get("required", True) and not value:
                    raise AssertionError(f"modal {custom_id!r}: field {cid!r} is required")
                if c.get("min_length") and len(value) < c["min_length"] and value:
                    raise AssertionError(
                        f"modal {custom_id!r}: {cid!r} shorter than {c['min_length']}"
                    )
                if c.get("max_length") and len(value) > c["max_length"]:
                    raise AssertionError(
                        f"modal {custom_id!r}: {cid!r} longer than {c['max_length']}"
                    )
                return {"type": 4, "id": c.get("id"), "custom_id": cid, "value": value}
            if t in (3, 5, 6, 7, 8):
                cid = c["custom_id"]
                known.add(cid)
                chosen = list(values.get(cid, []))
                lo, hi = c.get("min_values", 1), c.get("max_values", 1)
                if c.get("required", True) and not lo <= len(chosen) <= hi:
                    raise AssertionError(f"modal {custom_id!r}: {cid!r} takes {lo}..{hi} values")
                if t == 3:
                    allowed = [o["value"] for o in c.get("options", [])]
                    bad = [v for v in chosen if v not in allowed]
                    if bad:
                        raise AssertionError(
                            f"modal {custom_id!r}: {cid!r} has no options {bad}; options are {allowed}"
                        )
                    vals = chosen
                else:
                    vals = self._resolve_values(
                        chosen, resolved, self._guild_of_id(origin.channel_id)
                    )
                return {"type": t, "id": c.get("id"), "custom_id": cid, "values": vals}
            if t == 10:
                return {"type": 10, "id": c.get("id")}
            return None

        comps = [x for x in (mirror(c) for c in modal.get("components", [])) if x]
        unknown = set(values) - known
        if unknown:
            raise AssertionError(
                f"modal {custom_id!r} has no fields {sorted(unknown)}; it has {sorted(known)}"
            )
        self._open_modals.remove(found)  # submitted: the modal closes
        data: dict[str, Any] = {"custom_id": custom_id, "components": comps}
        if resolved:
            data["resolved"] = resolved
        msg = (
            self.message(message)
            if message is not None
            else (origin.message if origin.type == 3 else None)
        )
        inter = self._new_interaction(
            5, user, origin.channel_id, data, msg, f"modal {custom_id!r} by {user.name}"
        )
        inter.origin = origin
        return await self._run_interaction(inter, timeout)

    # ---------------------------------------------------------------------------------------
    # REST plumbing
    # ---------------------------------------------------------------------------------------

    def _build_routes(self) -> list[tuple[str, str, re.Pattern[str], list[str], Callable]]:
        webhook_messages = "/webhooks/{webhook_id}/{webhook_token}/messages"
        table = [  # (methods, template, handler)
            ("GET", "/gateway", self._h_gateway),
            ("GET", "/gateway/bot", self._h_gateway_bot),
            ("GET", "/users/@me", self._h_me),
            ("GET", "/users/{user_id}", self._h_user),
            ("POST", "/users/@me/channels", self._h_create_dm),
            ("GET", "/oauth2/applications/@me", self._h_app),
            ("GET", "/applications/{application_id}/commands", self._h_get_commands),
            ("PUT", "/applications/{application_id}/commands", self._h_put_commands),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._h_get_commands,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._h_put_commands,
            ),
            ("GET POST", EMOJIS_TEMPLATE, self._h_app_emojis),
            ("GET PATCH DELETE", EMOJIS_TEMPLATE + "/{emoji_id}", self._h_app_emoji),
            ("POST", CALLBACK_TEMPLATE, self._h_callback),
            ("POST", "/webhooks/{webhook_id}/{webhook_token}", self._h_followup),
            ("GET PATCH DELETE", webhook_messages + "/@original", self._h_webhook_message),
            ("GET PATCH DELETE", webhook_messages + "/{message_id}", self._h_webhook_message),
            ("GET", "/channels/{channel_id}", self._h_get_channel),
            ("PATCH", "/channels/{channel_id}", self._h_patch_channel),
            ("PUT", "/channels/{channel_id}/thread-members/@me", self._h_join_thread),
            ("GET", "/channels/{channel_id}/messages", self._h_history),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self._h_thread_from_message,
            ),
            ("POST", "/channels/{channel_id}/messages", self._h_channel_post),
            (
                "GET PATCH DELETE",
                "/channels/{channel_id}/messages/{message_id}",
                self._h_channel_message,
            ),
            ("GET", "/guilds/{guild_id}", self._h_guild),
            ("GET", "/guilds/{guild_id}/channels", self._h_guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._h_member),
        ]
        routes = []
        for methods, template, handler in table:
            names = re.findall(r"\{([^}]+)\}", template)
            regex = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(template)) + "$")
            for method in methods.split():
                routes.append((method, template, regex, names, handler))
        routes.sort(key=lambda r: (-len(r[1].split("/")), len(r[3])))
        return routes

    def _route(self, method: str, path: str) -> tuple[str, dict[str, str], Callable] | None:
        for m, template, regex, names, handler in self._routes:
            if m != method:
                continue
            match = regex.match(path)
            if match:
                return template, dict(zip(names, match.groups(), strict=True)), handler
        return None

    def _major(self, template: str, params: dict[str, str]) -> str:
        for key in ("channel_id", "guild_id", "webhook_id", "interaction_id"):
            if key in params:
                if key == "webhook_id":
                    return f"{params[key]}/{params.get('webhook_token', '')}"
                return params[key]
        return ""

    def _rate_check(
        self, method: str, template: str, params: dict[str, str]
    ) -> tuple[dict[str, str], tuple[int, dict] | None]:
        name = f"{method} {template}"
        setting = self._rate_limits.get(name)
        if setting is None:
            name = template
            setting = self._rate_limits.get(template)
        if setting is None:
            return {}, None
        limit, per, announce = setting
        now = time.monotonic()
        key = (name, self._major(template, params))
        # Discord's buckets: a window opens with the first request and resets ``per`` later.
        window = self._rl_windows.setdefault(key, [])
        if window and now - window[0] >= per:
            window.clear()
        reset_after = max(
            math.ceil(((window[0] + per - now) if window else per) * 1000) / 1000, 0.001
        )
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Bucket": f"fake{abs(hash(name)) % 10**8}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        }
        if len(window) >= limit:
            headers["X-RateLimit-Remaining"] = "0"
            headers["Retry-After"] = str(max(1, int(reset_after + 0.999)))
            headers["X-RateLimit-Scope"] = "user"
            headers["Via"] = "1.1 google"
            return headers, (
                429,
                {
                    "message": "You are being rate limited.",
                    "retry_after": round(reset_after, 3),
                    "global": False,
                    "code": 0,
                },
            )
        window.append(now)  # window[0] is when the window opened
        headers["X-RateLimit-Remaining"] = str(limit - len(window))
        return (headers if announce else {}), None

    def _old_edit_check(
        self, method: str, template: str, params: dict[str, str]
    ) -> tuple[int, dict] | None:
        """Discord's own limit on channel edits of messages older than an hour (error 30046,
        "Maximum number of edits to messages older than 1 hour reached"; 3 per 6 s per channel
        by the unofficial discord-userdoccers), met as a 429 with no X-RateLimit headers."""
        if (
            self.old_message_edits is None
            or method != "PATCH"
            or template != "/channels/{channel_id}/messages/{message_id}"
        ):
            return None
        wall = time.time() + self.now() - time.monotonic()  # the real date, advanced
        made = ((int(params["message_id"]) >> 22) + DISCORD_EPOCH_MS) / 1000
        if wall - made <= 3600:
            return None
        limit, per = self.old_message_edits
        now = time.monotonic()
        window = self._old_windows.setdefault(params["channel_id"], [])
        if window and now - window[0] >= per:
            window.clear()
        if len(window) >= limit:
            retry = round(max(window[0] + per - now, 0.001), 3)
            return 429, {
                "message": "Maximum number of edits to messages older than 1 hour reached.",
                "retry_after": retry,
                "global": False,
                "code": 30046,
            }
        window.append(now)
        return None

    async def _read_body(
        self, request: web.Request
    ) -> tuple[bool, Any, list[dict[str, Any]], str | None]:
        """(has_body, json, files, problem)"""
        ctype = request.content_type
        if not request.body_exists:
            return False, None, [], None
        if ctype == "multipart/form-data":
            files: list[dict[str, Any]] = []
            payload: Any = None
            has = False
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""
                if name == "payload_json":
                    has = True
                    try:
                        payload = json.loads(await part.text())
                    except ValueError as exc:
                        return True, None, files, f"payload_json is not JSON: {exc}"
                else:
                    raw = await part.read()
                    m = re.match(r"files\[(\d+)\]", name)
                    files.append(
                        {
                            "index": int(m.group(1)) if m else len(files),
                            "field": name,
                            "filename": part.filename or name,
                            "size": len(raw),
                            "data": raw,
                            "content_type": part.headers.get("Content-Type"),
                        }
                    )
            return has, payload, files, None
        raw = await request.read()
        if not raw:
            return False, None, [], None
        if ctype != "application/json":
            return True, None, [], f"unsupported content type {ctype!r}"
        try:
            return True, json.loads(raw), [], None
        except ValueError as exc:
            return True, None, [], f"body is not JSON: {exc}"

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        method = request.method
        full = request.path
        query = {k: v for k, v in request.query.items()}
        has_body, body, files, body_problem = await self._read_body(request)
        back = 0.0
        if self.latency is not None:
            there, back = self.latency()
            await asyncio.sleep(there)
        rec = Request(method, full, None, query, body, 0, self.now())
        self.requests.append(rec)
        headers: dict[str, str] = {}
        try:
            if not full.startswith(API_PREFIX + "/"):
                return self._not_found(rec)
            path = full[len(API_PREFIX) :]
            route = self._route(method, path)
            problems: list[str] = []
            if body_problem:
                problems.append(body_problem)
            if self.spec is not None:
                spec_template, spec_problems = self.spec.validate_request(
                    method, path, query, _tolerate_client_quirks(body), has_body
                )
                if spec_template is None:
                    self.violations.extend(
                        Violation(method, path, p, "route") for p in spec_problems
                    )
                else:
                    problems.extend(spec_problems)
            for p in problems:
                self.violations.append(Violation(method, path, p, "request"))
            if route is None:
                return self._not_found(rec)
            template, params, handler = route
            rec.route_template = template
            if not (template.startswith("/webhooks/") or template.startswith("/interactions/")):
                if request.headers.get("Authorization") != f"Bot {self.token}":
                    status, resp = _error(401, 0, "401: Unauthorized")
                    return self._respond(rec, status, resp, headers)
            headers, limited = self._rate_check(method, template, params)
            limited = limited or self._old_edit_check(method, template, params)
            if limited:
                return self._respond(rec, limited[0], limited[1], headers)
            body_problems = [
                p
                for p in problems
                if not p.startswith(("query parameter", "path parameter", "required query"))
            ]
            if body_problems and self.reject_invalid:
                status, resp = _invalid_form([(_jsonpath_parts(p), p) for p in body_problems])
                self._note_rejected_callback(template, params, status, resp)
                return self._respond(rec, status, resp, headers)
            ctx = _Ctx(
                method,
                path,
                template,
                params,
                query,
                body if isinstance(body, (dict, list)) else ({} if body is None else body),
                files,
                request.headers,
                rec,
            )
            stall = self._stalls.get((method, template))
            if stall is False:  # lost on the way: never carried out (a gateway error, not
                await self._hold(rec)  # an API answer, so not checked against the spec)
                rec.status, rec.response = 503, {"code": 0, "message": "upstream lost"}
                return _json_response(rec.status, rec.response)
            try:
                status, resp = await handler(ctx)
            except _Rejected as rejected:
                status, resp = rejected.answer
            if stall is True:  # carried out, but the answer is held
                await self._hold(rec)
            if status >= 400:
                self._note_rejected_callback(template, params, status, resp)
            if back:
                await asyncio.sleep(back)
            return self._respond(rec, status, resp, headers)
        finally:
            self._changed()

    async def _hold(self, rec: Request) -> None:
        self._held.append(rec)
        self._changed()
        try:
            await self._stall_gate.wait()
        finally:
            self._held.remove(rec)

    def _not_found(self, rec: Request) -> web.Response:
        """404 for a path the fake does not serve (recorded in ``unknown_routes``)."""
        self.unknown_routes.append(rec)
        status, resp = _error(404, 0, "404: Not Found")
        return self._respond(rec, status, resp, {})

    def _respond(
        self, rec: Request, status: int, body: Any, headers: dict[str, str]
    ) -> web.Response:
        rec.status = status
        rec.response = body
        if self.validate_responses and self.spec is not None and rec.route_template:
            path = rec.path[len(API_PREFIX) :]
            checked = body
            if status >= 400 and isinstance(body, dict) and "errors" in body:
                # Discord's real field errors carry string codes ("BASE_TYPE_MAX_LENGTH") where
                # the spec declares integers; the fake follows Discord, so skip that part.
                checked = {k: v for k, v in body.items() if k != "errors"}
            for p in self.spec.validate_response(rec.method, path, status, checked):
                self.violations.append(
                    Violation(rec.method, path, f"fake response {status}: {p}", "response")
                )
        return _json_response(status, body, headers)

    def _note_rejected_callback(
        self, template: str, params: dict[str, str], status: int, body: Any
    ) -> None:
        if template != CALLBACK_TEMPLATE:
            return
        inter = self._interaction_by_id(params["interaction_id"])
        if inter is None or inter.acked:
            return
        inter.attempts += 1
        if inter.callback_status == 0:
            inter.callback_status = status
            inter.callback_error = body
            inter.callback_at = self.now()
        if inter.future is not None and not inter.future.done():
            inter.future.set_result(None)

    # ---------------------------------------------------------------------------------------
    # REST handlers
    # ---------------------------------------------------------------------------------------

    async def _h_gateway(self, ctx: _Ctx) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url}

    async def _h_gateway_bot(self, ctx: _Ctx) -> tuple[int, Any]:
        """Get Gateway Bot (the gateway docs): the URL, the recommended shard count
        (``recommended_shards``) and the session start limit: 1000 IDENTIFYs a day, of which
        ``session_starts`` are used, ``max_concurrency`` at a time per 5 s."""
        return 200, {
            "url": self.gateway_url,
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": max(0, 1000 - self.session_starts),
                "reset_after": 14400000,
                "max_concurrency": self.max_concurrency,
            },
        }

    async def _h_me(self, ctx: _Ctx) -> tuple[int, Any]:
        return 200, dict(
            self._user_json(self.bot_user),
            verified=True,
            mfa_enabled=False,
            locale="en-US",
            email=None,
        )

    async def _h_user(self, ctx: _Ctx) -> tuple[int, Any]:
        u = _by_snowflake(self.users, ctx.params["user_id"])
        if u is None:
            return _error(404, 10013, "Unknown User")
        return 200, self._user_json(u)

    async def _h_app(self, ctx: _Ctx) -> tuple[int, Any]:
        return 200, {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot": self._user_json(self.bot_user),
            "rpc_origins": [],
            "bot_public": False,
            "bot_require_code_grant": False,
            "integration_types_config": {},
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": self._user_json(self.owner),
            "approximate_guild_count": len(self.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
        }

    async def _h_create_dm(self, ctx: _Ctx) -> tuple[int, Any]:
        rid = int(ctx.json.get("recipient_id"))
        if rid not in self.users:
            return _error(400, 50007, "Cannot send messages to this user")
        for ch in self.channels.values():
            if ch.type == 1 and ch.recipient_id == rid:
                return 200, self._channel_json(ch)
        ch = FakeChannel(self._snowflake(), "", 1, None, recipient_id=rid)
        self.channels[ch.id] = ch
        return 200, self._channel_json(ch)

    def _check_guild(self, ctx: _Ctx) -> FakeGuild:
        """The route's guild must be one of the fake's (else 404 Unknown Guild)."""
        g = _by_snowflake(self.guilds, ctx.params["guild_id"])
        if g is None:
            raise _Rejected(_error(404, 10004, "Unknown Guild"))
        return g

    async def _h_guild(self, ctx: _Ctx) -> tuple[int, Any]:
        return 200, self._guild_json(self._check_guild(ctx))

    async def _h_guild_channels(self, ctx: _Ctx) -> tuple[int, Any]:
        g = self._check_guild(ctx)
        return 200, [self._channel_json(c) for c in self.channels.values() if c.guild_id == g.id]

    async def _h_member(self, ctx: _Ctx) -> tuple[int, Any]:
        g = self._check_guild(ctx)
        u = _by_snowflake(self.users, ctx.params["user_id"])
        if u is None:
            return _error(404, 10007, "Unknown Member")
        return 200, self._member_json(u, guild=g)

    # commands ----------------------------------------------------------------------------

    def _command_list(self, ctx: _Ctx) -> list[dict[str, Any]]:
        """The global or guild command list the route names (the live list, not a copy)."""
        if ctx.params["application_id"] != str(self.application_id):
            raise _Rejected(_error(404, 10002, "Unknown Application"))
        gid = ctx.params.get("guild_id")
        if gid is None:
            return self.commands
        g = _by_snowflake(self.guilds, gid)
        if g is None or not (g.in_guild and self.commands_scope):
            raise _Rejected(_error(403, 50001, "Missing Access"))
        return self.guild_commands.setdefault(int(gid), [])

    async def _h_get_commands(self, ctx: _Ctx) -> tuple[int, Any]:
        return 200, _copy_json(self._command_list(ctx))

    async def _h_put_commands(self, ctx: _Ctx) -> tuple[int, Any]:
        cmds = self._command_list(ctx)
        body = ctx.json or []
        names = [(c.get("name"), c.get("type", 1)) for c in body]
        if len(set(names)) != len(names):
            return _invalid_form([([], "Application command names must be unique")])
        self.command_puts += 1
        old = {(c["name"], c.get("type", 1)): c for c in cmds}
        gid = ctx.params.get("guild_id")
        new = []
        for c in body:
            c = _strip_nones(c)
            key = (c.get("name"), c.get("type", 1))
            prev = old.get(key)
            c.setdefault("type", 1)
            c.setdefault("description", "")
            c.setdefault("default_member_permissions", None)
            if c["default_member_permissions"] is not None:
                c["default_member_permissions"] = str(c["default_member_permissions"])
            c.setdefault("nsfw", False)
            c.setdefault("contexts", None)
            c.setdefault("integration_types", [0])
            c["application_id"] = str(self.application_id)
            c["id"] = prev["id"] if prev else str(self._snowflake())
            if gid is not None:
                c["guild_id"] = gid
            else:
                c.setdefault("dm_permission", True)
            comparable = {k: v for k, v in c.items() if k != "version"}
            if prev is not None and {k: v for k, v in prev.items() if k != "version"} == comparable:
                c["version"] = prev["version"]
            else:
                c["version"] = str(self._snowflake())
            new.append(c)
        cmds[:] = new
        return 200, _copy_json(new)

    # application emoji -------------------------------------------------------------------
    # List, Create, Get, Modify and Delete Application Emoji (the docs' Emoji resource): the
    # emoji a bot's application owns, usable by the bot in every server.

    def add_app_emoji(self, name: str, image: bytes = b"\x89PNG\r\n\x1a\n") -> int:
        """An emoji the application owns already (uploaded in the Developer Portal, or by an
        earlier version of the bot); its id."""
        eid = self._snowflake()
        self.app_emojis[eid] = {
            "id": str(eid),
            "name": name,
            "roles": [],
            "user": self._user_json(self.owner),
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }
        self.emoji_images[eid] = image
        return eid

    def _emoji_json(self, emoji_id: int) -> dict[str, Any]:
        return _copy_json(self.app_emojis[emoji_id])

    def _application_emoji(self, ctx: _Ctx) -> int | None:
        """The emoji the route names (None for the list), after checking its application."""
        if ctx.params["application_id"] != str(self.application_id):
            raise _Rejected(_error(404, 10002, "Unknown Application"))
        if "emoji_id" not in ctx.params:
            return None
        raw = ctx.params["emoji_id"]
        if not raw.isdigit() or int(raw) not in self.app_emojis:
            raise _Rejected(_error(404, 10014, "Unknown Emoji"))
        return int(raw)

    def _emoji_name_problems(self, name: Any, but: int | None = None) -> list[tuple[list, str]]:
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            return [(["name"], "Must be between 2 and 32 in length and only letters, digits, _.")]
        if any(e["name"] == name for i, e in self.app_emojis.items() if i != but):
            return [(["name"], "Application emoji names must be unique.")]
        return []

    @staticmethod
    def _emoji_image(image: Any) -> tuple[bytes | None, str | None]:
        """The decoded image of a data URI, or the reason Discord gives for refusing it."""
        m = EMOJI_IMAGE.fullmatch(image) if isinstance(image, str) else None
        if m is None:
            return None, "Invalid image data (a data:image/...;base64, URI)."
        try:
            raw = base64.b64decode(m[2], validate=True)
        except (binascii.Error, ValueError):
            return None, "Invalid image data (not base64)."
        if len(raw) > EMOJI_MAX_BYTES:
            return None, "File cannot be larger than 256.0 kb."
        magic = EMOJI_MAGIC.get(m[1])
        if not raw or (magic is not None and not raw.startswith(magic)):
            return None, f"Invalid image data (not {m[1]})."
        return raw, None

    async def _h_app_emojis(self, ctx: _Ctx) -> tuple[int, Any]:
        self._application_emoji(ctx)
        if ctx.method == "GET":
            return 200, {"items": [self._emoji_json(i) for i in self.app_emojis]}
        body = ctx.json if isinstance(ctx.json, dict) else {}
        name = body.get("name")
        raw, bad_image = self._emoji_image(body.get("image"))
        problems = self._emoji_name_problems(name)
        if bad_image:
            problems.append((["image"], bad_image))
        if self.refuse_emoji_uploads is not None:
            return _error(*self.refuse_emoji_uploads)
        if problems:
            return _invalid_form(problems)
        if len(self.app_emojis) >= self.emoji_limit:
            return _error(400, 30008, f"Maximum number of emojis reached ({self.emoji_limit})")
        assert raw is not None and isinstance(name, str)
        eid = self.add_app_emoji(name, raw)
        self.app_emojis[eid]["user"] = self._user_json(self.bot_user)
        self.emoji_uploads += 1
        return 201, self._emoji_json(eid)

    async def _h_app_emoji(self, ctx: _Ctx) -> tuple[int, Any]:
        eid = self._application_emoji(ctx)
        assert eid is not None
        if ctx.method == "DELETE":
            del self.app_emojis[eid]
            self.emoji_images.pop(eid, None)
            return 204, None
        if ctx.method == "PATCH":
            body = ctx.json if isinstance(ctx.json, dict) else {}
            if "name" in body:
                problems = self._emoji_name_problems(body["name"], but=eid)
                if problems:
                    return _invalid_form(problems)
                self.app_emojis[eid]["name"] = body["name"]
        return 200, self._emoji_json(eid)

    def _unknown_emoji(self, components: Any, path: list[Any] | None = None) -> list:
        """A component's custom emoji (a button's, a select option's) must be one the bot may
        use: Discord refuses the message otherwise (50035, "Invalid emoji"). The fake's servers
        have no emoji of their own, so those are the application's."""
        path = ["components"] if path is None else path
        out: list[tuple[list[Any], str]] = []
        if isinstance(components, list):
            for i, c in enumerate(components):
                out += self._unknown_emoji(c, [*path, i])
        elif isinstance(components, dict):
            for key, value in components.items():
                if key != "emoji":
                    out += self._unknown_emoji(value, [*path, key])
                elif isinstance(value, dict) and value.get("id") is not None:
                    raw = str(value["id"])
                    if not raw.isdigit() or int(raw) not in self.app_emojis:
                        out.append(([*path, "emoji", "id"], "Invalid emoji"))
        return out

    # interaction callback ----------------------------------------------------------------

    def _interaction_by_id(self, raw: str) -> _Interaction | None:
        try:
            return self._interactions.get(int(raw))
        except ValueError:
            return None

    async def _h_callback(self, ctx: _Ctx) -> tuple[int, Any]:
        inter = self._interaction_by_id(ctx.params["interaction_id"])
        if inter is None or inter.token != ctx.params["interaction_token"]:
            return _error(404, 10062, "Unknown interaction")
        now = self.now()
        if inter.acked:
            self._fail("double_ack", inter, f"second callback {ctx.json.get('type')}", now)
            return _error(400, 40060, "Interaction has already been acknowledged.")
        if now - inter.dispatched_at > self.answer_limit:
            self._fail(
                "late_callback",
                inter,
                f"callback after {now - inter.dispatched_at:.2f}s (limit {self.answer_limit}s)",
                now,
            )
            return _error(404, 10062, "Unknown interaction")
        body = ctx.json
        ctype = body.get("type")
        allowed = _CALLBACKS_FOR.get(inter.type, set())
        if inter.type == 5 and inter.message is None:
            allowed = allowed - {6, 7}
        if ctype not in allowed:
            self.violations.append(
                Violation(
                    "POST",
                    ctx.path,
                    f"callback type {ctype} is not valid for interaction type {inter.type}",
                    "rule",
                )
            )
            return _invalid_form(
                [(["type"], "Interaction callback type is not valid for this interaction")]
            )
        data = body.get("data") or {}
        if ctype in (4, 7):
            probe = data
            if ctype == 7 and inter.message is not None:
                probe = {**inter.message.current, **data}
                self._editable(inter.message)
            self._check_message_rules(ctx, probe, webhook=True)

        resource: dict[str, Any] | None = None
        if ctype == 4:
            inter.original = self._interaction_message(inter, data, ctx.files)
            resource = {"type": 4, "message": inter.original.current}
        elif ctype == 5:
            inter.original = self._interaction_message(inter, data, [], loading=True)
        elif ctype == 6:
            inter.original = inter.message
        elif ctype == 7:
            assert inter.message is not None
            self._edit_message(inter.message, data, ctx.files)
            inter.original = inter.message
            inter.message_ids.add(inter.message.id)
            resource = {"type": 7, "message": inter.message.current}
        elif ctype == 8:
            self.shown_extra.append((inter.user.id, text_of({"choices": data.get("choices", [])})))
        elif ctype == 9:
            modal = dict(data, components=self._normalize_components(data.get("components")))
            inter.modal = modal
            self._open_modals.append((inter.user.id, modal, inter))
            self.shown_extra.append((inter.user.id, text_of(modal)))

        inter.acked = True
        inter.attempts += 1
        inter.callback = body
        inter.callback_status = 200
        inter.callback_at = now
        if inter.timer:
            inter.timer.cancel()
            inter.timer = None
        if ctype in (4, 5) and inter.original and not inter.original.ephemeral:
            await self._announce("MESSAGE_CREATE", inter.original)
        elif ctype == 7 and inter.message and not inter.message.ephemeral:
            await self._announce("MESSAGE_UPDATE", inter.message)
        with_response = _query_flag(ctx, "with_response")
        if inter.future is not None and not inter.future.done():
            inter.future.set_result(None)
        if not with_response:
            inter.callback_status = 204
            return 204, None
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if ctype in (4, 5, 7) and inter.original is not None:
            # 4, 5: the message the callback created; 7: the updated (clicked) message
            info.update(
                response_message_id=str(inter.original.id),
                response_message_loading=ctype == 5,
                response_message_ephemeral=inter.original.ephemeral,
            )
        out: dict[str, Any] = {"interaction": info}
        if resource is not None:
            out["resource"] = resource
        return 200, out

    # messages sent or edited through REST ------------------------------------------------

    def _check_message_rules(self, ctx: _Ctx, probe: dict[str, Any], *, webhook: bool) -> None:
        """Reject a message send or edit (``probe``: the message as it would then be) that breaks
        a Discord rule (the 400 50035 is also recorded as a "rule" Violation) or that would leave
        the message empty (400 50006)."""
        err = self._check_message(probe, webhook=webhook)
        if err:
            self.violations.append(
                Violation(ctx.method, ctx.path, f"Discord rule: {err[1]['errors']}", "rule")
            )
            raise _Rejected(err)
        if self._is_empty(probe) and not ctx.files:
            raise _Rejected(_error(400, 50006, "Cannot send an empty message"))

    def _interaction_message(
        self,
        inter: _Interaction,
        data: dict[str, Any],
        files: list[dict[str, Any]],
        *,
        loading: bool = False,
    ) -> FakeMessage:
        """A message sent with an interaction's token (callback 4 or 5, or a follow-up),
        ephemeral if ``data`` asks for it; ``loading``: instead the empty "thinking" message of
        a deferred reply (callback 5)."""
        return self._create_message(
            inter.channel_id,
            {"content": ""} if loading else data,
            files,
            ephemeral_for=inter.user.id if (data.get("flags") or 0) & EPHEMERAL else None,
            inter=inter,
            webhook=True,
            mtype=20 if inter.type == 2 else 0,
            extra_flags=LOADING if loading else 0,
        )

    async def _get_edit_delete(
        self, ctx: _Ctx, m: FakeMessage, inter: _Interaction | None
    ) -> tuple[int, Any]:
        """GET, PATCH or DELETE one message a route has found: a channel route (``inter`` None;
        only the bot's own messages may be edited) or a webhook route (``inter``: the token's
        interaction, which records the edit)."""
        if ctx.method == "GET":
            return 200, m.current
        if ctx.method == "DELETE":
            m.deleted = True
            await self._announce("MESSAGE_DELETE", m)
            return 204, None
        if inter is None and m.author_id != self.bot_user.id:
            return _error(403, 50005, "Cannot edit a message authored by another user")
        self._editable(m)
        payload = ctx.json or {}
        self._check_message_rules(ctx, {**m.current, **payload}, webhook=inter is not None)
        self._edit_message(m, payload, ctx.files)
        if inter is not None:
            inter.message_ids.add(m.id)
            inter.webhook_events.append(m)
            inter.webhook_bodies.append(payload)
        await self._announce("MESSAGE_UPDATE", m)
        return 200, m.current

    # webhooks (interaction tokens) -------------------------------------------------------

    def _webhook_interaction(self, ctx: _Ctx) -> _Interaction:
        """The acknowledged, unexpired interaction whose token the webhook route carries."""
        if ctx.params["webhook_id"] != str(self.application_id):
            raise _Rejected(_error(404, 10015, "Unknown Webhook"))
        inter = self._by_token.get(ctx.params["webhook_token"])
        if inter is None:
            raise _Rejected(_error(401, 50027, "Invalid Webhook Token"))
        now = self.now()
        if now - inter.dispatched_at > self.token_lifetime:
            self._fail(
                "expired_token",
                inter,
                f"{ctx.method} {ctx.template} {now - inter.dispatched_at:.0f}s after the interaction (tokens live {self.token_lifetime:.0f}s)",
                now,
            )
            raise _Rejected(_error(401, 50027, "Invalid Webhook Token"))
        if not inter.acked:
            self._fail(
                "webhook_before_ack",
                inter,
                f"{ctx.method} {ctx.template} before the interaction was acknowledged",
                now,
            )
            raise _Rejected(_error(404, 10015, "Unknown Webhook"))
        return inter

    async def _h_followup(self, ctx: _Ctx) -> tuple[int, Any]:
        inter = self._webhook_interaction(ctx)
        payload = ctx.json or {}
        self._check_message_rules(ctx, payload, webhook=True)
        orig = inter.original
        if orig is not None and orig.loading and not orig.deleted:
            # The first follow-up after a deferred reply replaces the "thinking" message.
            self._edit_message(orig, {k: v for k, v in payload.items() if k != "flags"}, ctx.files)
            m = orig
            event = "MESSAGE_UPDATE"
        else:
            m = self._interaction_message(inter, payload, ctx.files)
            event = "MESSAGE_CREATE"
        inter.webhook_events.append(m)
        inter.webhook_bodies.append(payload)
        await self._announce(event, m)
        if _query_flag(ctx, "wait"):
            return 200, m.current
        return 204, None

    async def _h_webhook_message(self, ctx: _Ctx) -> tuple[int, Any]:
        inter = self._webhook_interaction(ctx)
        mid = ctx.params.get("message_id")
        if mid is None:  # @original
            m = inter.original
        else:
            m = _by_snowflake(self.messages, mid)
            if m is not None and m.id not in inter.message_ids:
                m = None
        if m is None or m.deleted:
            return _error(404, 10008, "Unknown Message")
        return await self._get_edit_delete(ctx, m, inter)

    # channels ----------------------------------------------------------------------------

    def _channel(self, ctx: _Ctx) -> FakeChannel:
        ch = _by_snowflake(self.channels, ctx.params["channel_id"])
        if ch is None:
            raise _Rejected(_error(404, 10003, "Unknown Channel"))
        return ch

    async def _h_get_channel(self, ctx: _Ctx) -> tuple[int, Any]:
        ch = self._channel(ctx)
        self._bot_may(ch, 0)
        return 200, self._channel_json(ch)

    async def _h_patch_channel(self, ctx: _Ctx) -> tuple[int, Any]:
        """Modify Channel, as far as a thread's ``archived`` goes (what the bot may change)."""
        ch = self._channel(ctx)
        body = ctx.json or {}
        if ch.type not in THREAD_TYPES or set(body) - {"archived"}:
            return _error(403, 50013, "Missing Permissions")  # nothing else is the bot's to edit
        # a member unarchives an open thread; anyone else, or a locked thread, takes Manage
        # Threads (see archive_thread)
        self._bot_may(ch, P_MANAGE_THREADS if ch.locked or not ch.joined else 0)
        if ch.archived and body.get("archived") is False:
            await self._unarchive(ch)
        return 200, self._channel_json(ch)

    async def _h_thread_from_message(self, ctx: _Ctx) -> tuple[int, Any]:
        """Start Thread from Message, as Discord does it: in a text channel a public thread (an
        announcement channel: an announcement thread), whose id is the message's ("a message
        can only have a single thread created from it": 160004 for a second), with the bot as
        its creator and first member (THREAD_CREATE, ``newly_created``, with its ``member``).
        It takes View Channel and Create Public Threads in the channel; threads, forum posts
        and voice channels have none (50024)."""
        ch = self._channel(ctx)
        body = ctx.json or {}
        if ch.type not in (0, 5):
            return _error(400, 50024, "Cannot execute action on this channel type")
        self._bot_may(ch, P_CREATE_PUBLIC_THREADS)
        m = _by_snowflake(self.messages, ctx.params["message_id"])
        if m is None or m.deleted or m.channel_id != ch.id or m.ephemeral:
            return _error(404, 10008, "Unknown Message")
        if m.id in self.channels:
            return _error(400, 160004, "A thread has already been created for this message")
        thread = FakeChannel(
            m.id,
            str(body.get("name", "")),
            10 if ch.type == 5 else 11,
            ch.guild_id,
            parent_id=ch.id,
            joined=True,
            owner_id=self.bot_user.id,
            auto_archive=body.get("auto_archive_duration") or 1440,
        )
        self.channels[thread.id] = thread
        member = {
            "id": str(thread.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": _iso(),
            "flags": 1,
        }
        data = dict(self._channel_json(thread), member=member)
        await self._dispatch("THREAD_CREATE", dict(data, newly_created=True), I_GUILDS)
        return 201, data

    def thread_of(self, message: FakeMessage | int) -> FakeChannel | None:
        """The thread started from a message, if any (its id is the message's)."""
        ch = self.channels.get(_id_of(message))
        return ch if ch is not None and ch.type in THREAD_TYPES else None

    async def _h_join_thread(self, ctx: _Ctx) -> tuple[int, Any]:
        """Join Thread: the bot becomes one of the thread's members, while it is open."""
        ch = self._channel(ctx)
        if ch.type not in THREAD_TYPES:
            return _error(400, 50024, "Cannot execute action on this channel type")
        self._bot_may(ch, 0)
        if ch.archived:
            return _error(400, 50083, "Thread is archived")
        await self._joined(ch)
        return 204, None

    async def _h_history(self, ctx: _Ctx) -> tuple[int, Any]:
        ch = self._channel(ctx)
        self._bot_may(ch, 0)
        if ch.type != 1 and not self.permissions(self.bot_user, ch) & P_READ_MESSAGE_HISTORY:
            return 200, []  # Discord answers an empty history
        msgs = self.channel_messages(ch)
        limit = int(ctx.query.get("limit", 50))
        if "before" in ctx.query:
            msgs = [m for m in msgs if m.id < int(ctx.query["before"])]
        if "after" in ctx.query:
            msgs = [m for m in msgs if m.id > int(ctx.query["after"])]
            msgs = msgs[:limit]
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return 200, [m.current for m in msgs]

    async def _h_channel_post(self, ctx: _Ctx) -> tuple[int, Any]:
        ch = self._channel(ctx)
        payload = ctx.json or {}
        self._bot_may(ch, P_SEND_MESSAGES | (P_EMBED_LINKS if payload.get("embeds") else 0))
        if ch.archived:  # a message reopens an archived thread, unless it is locked
            if ch.locked and not self.permissions(self.bot_user, ch) & P_MANAGE_THREADS:
                return _error(400, 50083, "Thread is archived")
            await self._unarchive(ch)
        self._unlocked(ch)
        self._check_message_rules(ctx, payload, webhook=False)
        if (payload.get("flags") or 0) & EPHEMERAL:
            payload = dict(payload, flags=payload["flags"] & ~EPHEMERAL)
        m = self._create_message(ch.id, payload, ctx.files)
        await self._announce("MESSAGE_CREATE", m)
        return 200, m.current

    async def _h_channel_message(self, ctx: _Ctx) -> tuple[int, Any]:
        ch = self._channel(ctx)
        need = {"GET": P_READ_MESSAGE_HISTORY, "PATCH": 0, "DELETE": 0}[ctx.method]
        if ctx.method == "PATCH" and (ctx.json or {}).get("embeds"):
            if self.embeds_without_permission == "refuse":
                need = P_EMBED_LINKS
            elif not self.permissions(self.bot_user, ch) & P_EMBED_LINKS:
                ctx.json = dict(ctx.json, embeds=[])
        self._bot_may(ch, need)
        m = _by_snowflake(self.messages, ctx.params["message_id"])
        if m is None or m.deleted or m.channel_id != ch.id or m.ephemeral:
            return _error(404, 10008, "Unknown Message")
        return await self._get_edit_delete(ctx, m, None)
