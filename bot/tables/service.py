"""The table service: the lobby, the action path and the clocks over the tables in memory."""

from __future__ import annotations

from bot.tables.clocks import Clocks
from bot.tables.takeover import Seats


class TableService(Seats, Clocks):
    """Owns the tables: their lobbies, seats, state, locks, clocks and their persistence.

    Built in layers, each in its own module, so that each can be read (and changed) alone:
    :class:`~bot.tables.memory.TableMemory` holds the tables, their locks and their loading;
    :class:`~bot.tables.actions.ActionPath` is the one path every move takes, and ends in one
    transaction; :class:`~bot.tables.lobby.Lobby` (and on it :class:`~bot.tables.takeover.Seats`,
    taking over an open seat) and :class:`~bot.tables.clocks.Clocks` both stand on it: starting
    a game and leaving one are commits, and so is a clock firing
    (:class:`~bot.tables.takeback.TakeBacks`, between the action path and the clocks, takes a
    move back by consent, its request a clock of the table). The parts
    share one instance (its tables, locks and store), and no method is defined in two of them.
    """
