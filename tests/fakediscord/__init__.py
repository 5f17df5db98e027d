"""Fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

See server.py for the model and rules, openapi.py for request validation against Discord's
official OpenAPI description (discord-api/, MIT licence).
"""

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
