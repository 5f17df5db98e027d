"""Start the real bot (``python -m bot``'s main) pointed at a fake Discord, for kill tests.

Only the two addresses discord.py reads are changed; everything else is the shipped code.
"""

from __future__ import annotations

import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

Route.BASE = os.environ["FAKE_DISCORD_API"]
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])

from bot.__main__ import main  # noqa: E402

sys.exit(main())
