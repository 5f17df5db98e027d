"""Fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

See server.py for the model and rules, openapi.py for request validation against Discord's
official OpenAPI description (discord-api/, MIT licence).
"""

import contextlib
from collections.abc import AsyncIterator

from .openapi import Spec, load_spec
from .server import (
    EPHEMERAL,
    Failure,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionResult,
    Request,
    Violation,
    iter_components,
    text_of,
)

__all__ = [
    "checked",
    "EPHEMERAL",
    "Failure",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
    "Request",
    "Spec",
    "Violation",
    "iter_components",
    "load_spec",
    "text_of",
]


@contextlib.asynccontextmanager
async def checked() -> AsyncIterator[FakeDiscord]:
    """A started fake that checks its own responses too, with discord.py pointed at it; on the
    way out, nothing it saw may have broken a rule (requests, routes, interactions)."""
    fake = FakeDiscord()
    fake.validate_responses = True
    await fake.start()
    fake.patch_discord()
    yield fake
    await fake.stop()
    assert not fake.violations, "\n".join(map(str, fake.violations))
    assert not fake.unknown_routes, fake.unknown_routes
    assert not fake.failures, "\n".join(map(str, fake.failures))
