"""Private views: each player's ephemeral message at a table, kept in step with the table.

An ephemeral message can be edited only through the interaction token that made it (or a click
answered on it), for 15 minutes. So a view follows its table through the freshest such token,
paced per token, one writer per view and the screen drawn when the edit goes out; one live view
per player per table (an older one is deleted); and just before its token dies, the view says
it has stopped updating and offers Refresh, rather than sit there showing the past.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.i18n import SPEAKERS, speaking
from bot.render.budgets import TOKEN_LIFE, EditToken
from bot.render.core import THREAD_ARCHIVED, UNKNOWN_WEBHOOK, RendererCore
from bot.tables import STRIKES_OUT, Table
from bot.ui.common import Screen, expired_view_screen, left_view_screen

log = logging.getLogger(__name__)


class PrivateViews(RendererCore):
    """The renderer's part that sends private views their edits, and closes them in time."""

    def opened_private(
        self,
        table: Table,
        user_id: int,
        token: tuple[int, str, int | None],
        message_id: int | None,
        screen: Screen,
    ) -> None:
        """A private view was sent: ``token`` (application, token, follow-up id or None for the
        original response) edits it from now on."""
        key = (table.id, user_id)
        app_id, tok, followup = token
        fp = screen.fingerprint()
        now = self.service.clock.now()
        old = self._view_token(key)
        if old is not None and old.row != tok and now - old.at < TOKEN_LIFE:
            self._retire_view(key, old)
        self._set_view_token(
            key,
            EditToken(
                app_id,
                tok,
                now,
                message_id,
                followup is not None,
                row=tok,
                budget=self._token_budget(),
            ),
        )
        self._private_seen[key] = fp
        self._to_store_private[(table.id, user_id, tok)] = fp
        self._store_soon()
        self._tell_pending(table.id, app_id, tok)
        # drawn before it was sent: a change while it was on its way (Discord's latency) went
        # to no view or the older one, so it is compared with the table now (edited if behind)
        self._mark_view(key, self.service.in_memory(table.id) or table)

    def _retire_view(self, key: tuple[int, int], old: EditToken) -> None:
        """One live private view per player per table: the older message is deleted, so that
        a game's many new views (a Black Death take, a Pyramid right lay) leave nothing behind
        in the player's channel (a click on an older view still there, its deletion on the way
        or refused, gets one line that points to the newest: see GameCog.on_component)."""

        async def job() -> None:
            await old.gate()
            async with self.writer(key):  # after any edit of it already under way
                try:
                    await old.delete(self.client)
                except discord.HTTPException as err:  # 404: the player dismissed it already
                    log.info("old private view of %s at #%s not deleted: %s", key[1], key[0], err)

        self._spawn_private(job())

    def live_view(self, key: tuple[int, int]) -> int | None:
        """The message id of the player's live private view at a table, when known."""
        tok = self._view_token(key)
        return tok.message_id if tok is not None else None

    def private_answered(
        self, key: tuple[int, int], message_id: int, app_id: int, token: str, screen: Screen
    ) -> None:
        """A click in a private view was answered on it: if it is the view kept fresh, it shows
        ``screen`` now, and the click's (younger) token edits it from now on."""
        self._tell_pending(key[0], app_id, token)
        tok = self._view_token(key)
        if tok is None or tok.message_id != message_id:
            return
        now = self.service.clock.now()
        if token != tok.row:  # the stored row follows (with what the view shows, below)
            self._to_store_tokens[(key[0], key[1], tok.row)] = (app_id, token, now)
        self._set_view_token(
            key, EditToken(app_id, token, now, message_id, row=token, budget=self._token_budget())
        )
        fp = screen.fingerprint()
        self._private_seen[key] = fp
        self._to_store_private[(key[0], key[1], token)] = fp
        self._store_soon()

    def _view_screen(self, table: Table, user_id: int) -> Screen | None:
        """What a player's private view should show now: their view of the game, or, once they
        have left it (or were put out), one last line saying so. None for someone never dealt
        in."""
        seat = table.seat_of(user_id)
        if seat is not None:
            return self.draw_private(table, seat)
        row = table.dealt_row(user_id)
        if row is None:
            return None
        with speaking(SPEAKERS.reader(user_id, table.row.guild_id)):
            return left_view_screen(table, row.strikes >= STRIKES_OUT)

    def _forget_view(self, key: tuple[int, int]) -> None:
        """The player's view is not edited again (its last screen is up)."""
        self._view_tokens.get(key[0], {}).pop(key[1], None)
        self._cancel_expiry(key)

    def _cancel_expiry(self, key: tuple[int, int]) -> None:
        handle = self._expiries.pop(key, None)
        if handle is not None:
            handle.cancel()

    def _view_token(self, key: tuple[int, int]) -> EditToken | None:
        return self._view_tokens.get(key[0], {}).get(key[1])

    def _set_view_token(self, key: tuple[int, int], tok: EditToken) -> None:
        self._view_tokens.setdefault(key[0], {})[key[1]] = tok
        # just before its token dies, the view says it stops updating (else it would sit there
        # showing the past: "Not your turn yet" on the player's turn)
        self._cancel_expiry(key)
        left = tok.at + TOKEN_LIFE - self.service.clock.now()
        if left > 0:
            loop = asyncio.get_running_loop()
            self._expiries[key] = loop.call_later(left, self._expire, key, tok)

    def _expire(self, key: tuple[int, int], tok: EditToken) -> None:
        """``tok``'s last moments: if it still edits the player's view, that view says it has
        stopped updating and offers **Refresh**; it is not edited again."""
        self._expiries.pop(key, None)
        table = self.service.in_memory(key[0])
        if self._view_token(key) is not tok or table is None or table.status == "ended":
            return

        async def job() -> None:
            async with self.writer(key):  # after any edit of it already under way
                if self._view_token(key) is not tok:
                    return  # a click brought a younger token meanwhile
                self._forget_view(key)
                self._private_seen.pop(key, None)
                with speaking(SPEAKERS.reader(key[1], table.row.guild_id)):
                    screen = expired_view_screen(table)
                try:
                    await tok.edit(self.client, screen)
                except discord.HTTPException as err:
                    log.info("private view of %s at #%s not closed: %s", key[1], key[0], err)

        self._spawn_private(job())

    def stop_expiries(self) -> None:
        """Shutting down: views are not told they stop (the next start keeps them in line)."""
        for handle in self._expiries.values():
            handle.cancel()
        self._expiries.clear()

    def refresh_private(self, table: Table) -> None:
        if table.id in self._views_read and not self._view_tokens.get(table.id):
            return  # no private view of this table is known: nothing to do (most changes)
        self._spawn_private(self._refresh_private(table))

    async def _refresh_private(self, table: Table) -> None:
        """Mark the table's live private views for an update; one loop per view sends it.

        The views are read from the store once per table (after a start); views opened since
        are known from :meth:`opened_private`."""
        if not await self._read_views(table.id):
            return
        now = self.service.clock.now()
        for user_id, tok in list(self._view_tokens.get(table.id, {}).items()):
            key = (table.id, user_id)
            # whether _view_screen has a screen for them, without drawing it here: this runs
            # at every change, while the click that made it waits for its answer to go out
            if table.dealt_row(user_id) is None or now - tok.at > TOKEN_LIFE:
                continue
            self._mark_view(key, table)

    def _mark_view(self, key: tuple[int, int], table: Table) -> None:
        """The view may be behind ``table``: its loop compares and edits it if so."""
        self._private_dirty[key] = table
        task = self._view_tasks.get(key)
        if task is None or task.done():
            self._view_tasks[key] = asyncio.create_task(self._view_loop(key))

    async def _read_views(self, table_id: int) -> bool:
        """Know the table's private views from the store, once per start (each one's token, and
        its expiry notice due). False if the store could not be read."""
        if table_id in self._views_read:
            return True
        try:
            async with self.service.store.reading() as q:
                views = await q.private_views(table_id)
        except Exception:
            log.exception("could not read the private views of table #%s", table_id)
            return False
        self._views_read.add(table_id)
        for view in views:
            key = (table_id, view.user_id)
            tok = self._view_token(key)
            if tok is None or (tok.row != view.token and view.opened_at > tok.at):
                fallback = view.fallback and self._stored_view(*view.fallback)
                stored = self._stored_view(
                    view.app_id, view.token, view.opened_at, view.message_id, fallback
                )
                self._set_view_token(key, stored)
        return True

    def _stored_view(
        self,
        app_id: int,
        token: str,
        opened_at: float,
        followup: int | None,
        fallback: EditToken | None = None,
    ) -> EditToken:
        return EditToken(
            app_id,
            token,
            opened_at,
            followup,
            followup is not None,
            token,
            self._token_budget(),
            fallback,
        )

    async def _fall_back(self, key: tuple[int, int], tok: EditToken) -> bool:
        """``tok``'s view never reached Discord (the bot died as it was sent): the view it
        replaced becomes the one kept in line, if its token still lives."""
        older = tok.fallback
        tok.fallback = None
        if older is None or self.service.clock.now() - older.at > TOKEN_LIFE:
            return False
        if self._view_token(key) is tok:
            self._set_view_token(key, older)
        try:
            async with self.service.store.transaction() as tx:
                await tx.fall_back_private_view(key[0], key[1], tok.row)
        except Exception:
            log.exception("could not record the private view of %s at #%s", key[1], key[0])
        return True

    def _views_pending(self, table_id: int) -> bool:
        """Whether a private view of this table still waits for an edit (other than the
        caller's own loop): a finished table is forgotten only once they have all landed."""
        me = asyncio.current_task()
        return any(k[0] == table_id for k in self._private_dirty) or any(
            k[0] == table_id and not t.done() and t is not me for k, t in self._view_tasks.items()
        )

    async def _view_loop(self, key: tuple[int, int]) -> None:
        try:
            await self._view_edits(key)
        finally:
            table = self._tables.get(key[0])
            if table is not None and table.status == "ended":
                self._settle(table)  # the last view of a finished table has landed

    async def _view_edits(self, key: tuple[int, int]) -> None:
        # After the debounce: a click in this very view is answered on it first (and then
        # there is nothing left to edit), and a burst of changes costs one edit.
        await self._sleep(self.debounce)
        while (table := self._private_dirty.pop(key, None)) is not None:
            tok = self._view_token(key)
            drawn = self._view_screen(table, key[1])
            if tok is None or drawn is None or self._private_seen.get(key) == drawn.fingerprint():
                continue
            await tok.gate()
            await self._after_answers()
            # One writer per view: the screen is drawn while holding it, so the newest lands last.
            async with self.writer(key):
                tok = self._view_token(key)  # a click may have brought a younger one
                if tok is None:  # forgotten meanwhile (told it stops updating, a 404): left be
                    continue
                screen = self._view_screen(table, key[1])
                if screen is None or self._private_seen.get(key) == (fp := screen.fingerprint()):
                    continue
                # decided with the drawing: the table may move on while the edit is on its way
                # (a player put out meanwhile still needs the screen saying so)
                last = table.seat_of(key[1]) is None
                try:
                    await tok.edit(self.client, screen)
                except discord.HTTPException as err:
                    if (err.code == THREAD_ARCHIVED and await self._reopen(table)) or (
                        err.code == UNKNOWN_WEBHOOK and await self._fall_back(key, tok)
                    ):
                        self._private_dirty.setdefault(key, table)  # once more, reopened or older
                        continue
                    log.info("private view of %s at #%s not updated: %s", key[1], key[0], err)
                    if err.code == UNKNOWN_WEBHOOK and self._view_token(key) is tok:
                        # it never reached Discord and nothing older is left: a webhook that
                        # answered 404 is not used again (not edited, nor deleted by a newer view)
                        self._forget_view(key)
                    continue
                except Exception:
                    log.exception("private view of %s at #%s not updated", key[1], key[0])
                    continue
                if self._view_token(key) is not tok:  # a newer view opened as this landed
                    continue  # (it is the one kept in line: opened_private marked it)
                self._private_seen[key] = fp
                self._to_store_private[(key[0], key[1], tok.row)] = fp
                self._store_soon()
                if last:  # its last screen: never edited again
                    self._forget_view(key)
