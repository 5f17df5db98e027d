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
table-closed-thread-shut = Closed: its thread was archived, and Barkeep may not reopen it.
table-closed = Closed: { $why }.
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

## Clicks and commands on tables (bot/gamecog.py, cogs/table.py)

table-elsewhere = That button belongs to a table in another channel.
table-not-here = I can't deal here: I don't know this server. Ask a moderator to invite me again (see the README), then try once more.
table-not-in-server = Tables live in server channels: try this in a server.
table-thread-locked = This thread is locked: Discord lets nobody press a table's buttons here. Open one in an open thread or channel.
table-closed-undealt = The table closed before the cards were dealt.
table-easy = Easy there: you opened { $n } tables in the last minute. You can open another { $when }.
table-again-players-only = Only the players of table #{ $id } can open its next game. `{ $command }` opens one of your own.
table-write-again = Write it again
table-you-wrote = { $said }
    You wrote: { $wrote }
table-in = You're in at table #{ $id }.
table-in-welcome = You're in at table #{ $id }. Have fun, and drink water too!
table-you-left = You left table #{ $id }. Thanks for playing!
table-you-left-open = You left table #{ $id }. Your seat is open: **Take seat** on the table takes it back while nobody else has.
table-you-ended = You ended table #{ $id }.
table-nothing-to-write = There is nothing to write now.
table-removed-answer = { $name } is off table #{ $id }.
table-no-open-seat = No seat is open at this table now.
table-seat-asked = Asked: the host decides on the table. You'll see it there.
table-seat-in = You're in at table #{ $id }: press **My seat**.
table-seat-closed-answer = Closed: its cards leave play as the rules say.
table-ended-already = Table #{ $id } has already ended.
table-yes = Yes,
table-done = Done: { $what }.
table-not-playing-at = You're not playing at table #{ $id }.
table-left-already = You already left table #{ $id }.
table-none-here = You're not at a table in this server. Start one with { $hints }.
table-in-other-channel = Your table #{ $id } is in { $channel }: use `{ $command }` there.
table-just-posted = Table #{ $id } was just posted again: { $link }

## Party safety (bot/safety.py): a player's private notes, the table's notes on a drink

table-cap-reached = { $icon } That's { sips } tonight, { $whose ->
    [own] your cap
   *[server] this server's cap
}. From now on your drinks count as water; the game goes on just the same. /limits shows where you stand.
table-cap-near = Heads-up: { $at } of { sips } tonight ({ $whose ->
    [own] your cap
   *[server] this server's cap
}). After that your drinks count as water, and the game goes on just the same. /limits to see or change it.
table-water-reminder = { $icon } { sips } tonight: a good moment for a glass of water.
table-note-water = { $whole ->
    [yes] { $icon } water
   *[no] { $icon } { $n } as water
}
table-note-points = { $finish ->
    [yes] { $icon } alcohol-free
   *[no] { $icon } { points }
}
table-note-both = { $water }, { $points }
table-note-named = { $who }: { $note }
table-notes = { $first }; { $rest }
table-noted = { $line } · { $notes }
table-game-off = { $game } is switched off in this channel by the server's settings. { $where ->
    [elsewhere] It's on in { $channels }.
    [server] It's switched off in this whole server.
   *[here] Try another channel.
}

## Turn pings (bot/pings.py): public, the server's language

table-ping = { $mentions } your turn at table #{ $id } ({ $game }){ $link }

## Settings refused (bot/party.py)

table-cap-range = A cap is 1 to { sips }.
table-cap-both = Set a cap or clear it, not both at once.
table-mode = The mode is sips or alcohol-free.
table-water-range = A water reminder comes every 1 to { sips }.
table-language-unknown = Barkeep doesn't speak that language yet.
table-age-long = Keep the age line under { $n } characters.
table-erase-playing = Table #{ $id } isn't over yet and still holds your seat (or you host it): erase your history once it has ended.

## House rules (bot/house.py): /settings house, refused

table-house-none = { $game } has no options to set.
table-house-form = Write each rule as name=value, e.g. { $example }.
table-house-unknown = { $game } has no option { $name }: it takes { $takes }.
table-house-on-off = { $name } is on or off.
table-house-whole = { $name } is a whole number: { $takes }.

## The bot's own answers (bot/app.py)

table-no-game = That game isn't dealt here any more.
