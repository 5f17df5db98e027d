# The platform's words outside the screens: refusals and answers (private, the clicker's
# language), the table's own log lines (public, the reader's language: stored as data), notes,
# pings and notices. Table numbers are passed as text (never grouped like numbers). Names come
# as arguments: { $who } is a seat's mark ({p1}, filled with the name when shown).

## Refusals of the rules' plumbing (bot/engines/base.py, takeback.py)

table-not-your-turn = It's not your turn.
table-game-over = This game is over.
table-not-a-move = That is not a move in this game.
table-clock-only = Only the table's clock can do that.
table-clock-stopped = That clock has already stopped.
table-player-only = A player must make that move.
table-not-seated = You are not seated at this table.
table-no-longer-playing = You're no longer playing in this game.
table-option-on-off = { $name } must be on or off.
table-option-whole = { $name } must be a whole number.
table-option-min = { $name } must be at least { $n }.
table-option-max = { $name } must be at most { $n }.
table-option-unknown = Unknown option { $name }.
table-takeback-none = There are no take-backs in this game: it's played in real time.
table-takeback-not-a-move = Only a player's own move can be taken back.
table-takeback-poured = The drinks are already poured.
table-takeback-seen = You've already seen a new card.
table-takeback-bad = That is not a take-back.
table-takeback-just-before = Only the move just before can be taken back, by its mover.

## Take-backs (bot/tables/takeback.py)

table-quiet-move = ({ $verb })
table-took-back = ↩ { $who } took back: { $move }
table-took-back-quiet = ↩ { $who } took back a move ({ $verb }).
table-takeback-too-late = Too late: a move can be taken back for { $n } s.
table-takeback-moved-on = Too late: the game has moved on.
table-takeback-asked = A take-back is already being asked.
table-takeback-ended = That take-back request has ended.
table-takeback-nobody = Nobody else is playing to agree.
table-takeback-yours = It's your move: the others decide.
table-takeback-not-in = You're out of this game: the players still in decide.
table-takeback-only = Only { $name } can take back their move.
table-takeback-refused = ↩ { $who } said no to the take-back: the move stands.
table-takeback-no-time = ↩ Nobody answered the take-back in time: the move stands.
table-takeback-off = ↩ The take-back is off: the game moved on.

## The table's lines and refusals (bot/tables)

table-open = Table #{ $id } is open.
table-dealt = Cards dealt.
table-lobby-timeout = Nobody started the game within { $n } minutes.
table-left-lobby = { $name } left.
table-removed = { $name } was removed from the table.
table-stands-up = { $who } leaves the table.
table-new-host = { $who } is the host now.
table-timed-out = { $who } timed out three times in a row and is out.
table-ended-by = The table was ended by { $name }.
table-ended-by-role = The table was ended by { $host ->
    [yes] the host
   *[no] a moderator
}.
table-closed-channel-deleted = Closed: its channel was deleted.
table-closed-thread-deleted = Closed: its thread was deleted.
table-closed-thread-locked = Closed: its thread was locked.
table-closed-removed = Closed: Barkeep was removed from the server.
table-one-lobby = You already have an open table here, #{ $id } ({ $game }){ $link }. Start it or End it first: one open table per host.
table-one-seat = You're already seated at table #{ $id } ({ $game }) in this server{ $link }. Leave it first: one seat at a time.
table-next-open = The next game is already open: table #{ $id }.
table-end-host-only = Only the host (or a moderator) can end the table.
table-remove-host-only = Only the host (or a moderator) can remove players.
table-remove-started = The game has started. In a game, a player who misses three turns in a row is out.
table-remove-gone = They're not at this table any more.
table-remove-self = To leave the table yourself, press Leave.
table-gone = I can't find that table any more.
table-ended = This table has ended. Start a new one with { $command }.
table-already-in = You're already at this table.
table-removed-you = The host removed you from this table.
table-join-started = This game has already started. Catch the next one!
table-full = The table is full ({ $n } players).
table-start-host-only = Only the host can start the game.
table-started-already = The game has already started.
table-host-deals = In { $game } the host deals: press **Join** to take your seat, then Start.
table-too-few = { $game } needs at least { $n } players: waiting for { $need } more.
table-not-at = You're not at this table.
table-not-started = The game hasn't started yet.
table-not-playing = You're not playing at this table.
table-host-only = Only the host can do that.
table-double-tap = Already done: your first tap counted.
table-clock-moved = Time ran out a moment ago: the clock already moved for you.
table-busy = This table is busy elsewhere right now. Nothing was changed; please try again.

## Open seats (bot/tables/seats.py, takeover.py)

table-seat-left = { $how ->
    [timeouts] { $who } timed out three times in a row and is out.
   *[leaves] { $who } leaves.
}
table-seat-opened = 🪑 { $how ->
    [timeouts] { $who } timed out three times in a row and is out
   *[leaves] { $who } leaves
}: their seat is open to take over.
table-seat-closed-clock = Nobody took { $who }'s seat in time.
table-seat-closed-host = The host closed { $who }'s seat.
table-seat-closed-alone = Nobody else is left: { $who }'s seat closes.
table-seat-back = 🪑 { $who } is back in their seat.
table-seat-taken = 🪑 { $who } takes **{ $name }**'s seat.
table-seat-not-open = That seat is no longer open.
table-no-takeover = In { $game } a player who leaves ends the game: there is no taking over a seat.
table-other-seat = You played another seat in this game: only that one was yours.
table-asked-already = You asked already: the host decides.
table-asked-first = { $name } asked for that seat first: the host decides.
table-someone = Someone
table-seat-host-decides = Only the host decides who takes a seat.
table-request-answered = That request was already answered.
table-request-elsewhere = **{ $name }** sat down at another table meanwhile.
table-request-refused = The host said no to **{ $name }**.
table-seat-still-open = { $line } The seat is still open.
table-close-host-only = Only the host can close a seat.

## Answers (bot/answer.py)

table-apology = Sorry, something went wrong on my side. Nothing was changed; please try again.
table-apology-done = Sorry, something went wrong on my side after that was done: it counts, so don't press again. /table shows the table as it is.
table-stale = That button does nothing any more.
table-too-late = Too late: { $what }
table-from-here = { $verb ->
    [end] End
   *[leave] Leave
} table #{ $id }
