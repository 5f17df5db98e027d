# The platform's screens, every game alike (bot/ui/common.py, takeback.py, replay.py,
# playbyplay.py; cogs/history.py; the renderer's notices in bot/render/). Table numbers and
# seeds are passed as text (never grouped as numbers).

## Buttons

screens-join = Join
screens-leave = Leave
screens-start = Start
screens-rules = Rules
screens-end = End
screens-remove = Remove a player
screens-my-seat = My seat
screens-allow = Allow
screens-no = No
screens-take-seat = Take seat
screens-again = Play again
screens-refresh = Refresh

## Words

screens-someone = Someone
screens-the-host = host
# "A, B and C"
screens-and = { $rest } and { $last }
screens-not-sure = Not sure? Just ignore this.
screens-latest = Latest

## The lobby

screens-lobby-title = { $game } · table #{ $table }
screens-lobby-text = Press **{ $join }** to take a seat ({ $count } players). The host presses **{ $start }** when everyone is in. Unstarted, the table closes { $clock }.
screens-lobby-players = Players ({ $n }/{ $most })
screens-lobby-player = { $n }. { $who }{ $host ->
    [yes] {" "}(host)
   *[no] {""}
}
screens-lobby-nobody = Nobody yet.
screens-lobby-options = Table options
screens-lobby-invited = Invited
screens-lobby-seed = Seed SHA-256 { $hash } (the seed is shown when the table ends)
screens-lobby-responsibly = Drink responsibly. { $limits } sets your cap for tonight, or alcohol-free mode.
screens-invite = 🔁 Again from table #{ $table }: { $who }, press **{ screens-join }**.
screens-next-game = { $who } already opened the next game: table #{ $table }{ $link }. Press **{ $join }** there.
screens-remove-ask = Remove a player from table #{ $table }? They can't join this table again.
screens-remove-nobody = There is nobody else at the table to remove.
screens-remove-pick = Who leaves the table?

## Open seats

screens-seat-asked = **{ $who }** wants { $whose }'s seat: { $host }, **{ $allow }** or **{ $no }**?
screens-seat-open = { $whose }'s seat is open{ $why ->
    [timed-out] {" "}(timed out three times)
   *[left] {""}
}: **{ $take }** { $until ->
    [clock] before its clock runs out { $clock }
   *[turn] before its turn
}.
screens-take-whose = Take { $whose }'s seat
screens-close-whose = Close { $whose }'s seat
screens-seat-close-ask = Close a seat rather than wait for its clock? Its cards leave play as the rules say.
screens-seat-host-ask = Take a seat yourself (you're the host: nobody needs to allow it), or close one.
screens-seat-which = Which seat? The host allows it (your own seat back needs nobody's OK).

## Questions

screens-leave-open = Leave table #{ $table }? Your seat stays open for someone to take over (or you, with **{ $take }**, before its clock runs out). A drink you owe now is still yours.
screens-leave-out = Leave table #{ $table }? You're out of this game for good, and a drink you owe now is still yours.{ $takeover ->
    [no] {" "}Nobody takes over a seat in this game.
   *[yes] {""}
}
screens-leave-yes = Yes, leave
screens-end-ask = End table #{ $table } for everyone? The game stops here with no winner; the sips so far stay on the tab.
screens-end-yes = Yes, end it

## The end screen

screens-ended-title = { $game } · table #{ $table } is over
screens-ended-closed = The table closed.
screens-ended-early = Ended early: no winner.
screens-ended-gone = Left, their seat still open: { $who }
screens-ended-tally = See { $tally } for the leaderboard.
screens-ended-seed = Seed (re-deal and check): { $seed } · { $rest }
screens-gave = (gave { $n })
screens-finish-points = { $star } finish alcohol-free
screens-finish-water = { $water } finish as water
screens-biggest = Biggest drink: { $who }, { $amount } ({ $why })
screens-most-given = Most given: { $who }, { $amount }

## Old copies and private views

screens-moved-back = Table #{ $table } moved: use `{ $command }` to bring it back here.
screens-moved = Table #{ $table } moved down here: { $link }
screens-view-retired = Your cards and buttons moved to your newest private message below.
screens-view-expired = This view has stopped updating (Discord lets a bot update a message like this for 15 minutes). Tap **{ $refresh }** for a fresh one.
screens-view-timed-out = You're out of table #{ $table }: you missed three turns in a row.
screens-view-left = You left table #{ $table }. Thanks for playing!

## Take-backs (bot/ui/takeback.py)

takeback-button = Take back
takeback-button-whose = Take back ({ $who })
takeback-agree = Agree
takeback-asked = { $who } asks to take back the last move{ $how ->
    [aside] {" "}{ $move }
   *[said] : { $move }
}.{ $agree ->
    [yes] {" "}{ $waiting }: agree?
   *[no] {""}
} { $clock }
takeback-waiting = You asked to take back your move: waiting for { $waiting }.

## Replays (bot/ui/replay.py): private, the reader's language

replay-button = Replay
replay-record-button = Record
replay-title = Replay · { $game } · table #{ $table }
replay-footer = Seed { $seed } · only you see this replay
replay-heading = **{ $place }** · step { $step } of { $total }{ $end ->
    [yes] {" "}· the end
   *[no] {""}
}
replay-heading-step = **Step { $step } of { $total }**{ $end ->
    [yes] {" "}· the end
   *[no] {""}
}
replay-deal = The deal
replay-end = The end
replay-place-end = { $place } · the end
replay-step = Step { $step }
replay-jump = Jump to…
replay-first = First
replay-back = Back
replay-next = Next
replay-last = Last
replay-takeover = **{ $who }** takes **{ $whose }**'s seat.
replay-drank = { $who }: { $amount } ({ $why })
replay-drinks-so-far = **Drinks so far:** { $totals }
replay-no-drinks = No drinks yet.

## /history (bot/ui/replay.py, cogs/history.py)

history-title = Games in { $guild }
history-mine = **Your last games here**
history-mine-none = None yet: start one with a game's `/… start`.
history-server = **Lately in this server**
history-server-none = No game has ended here yet.
history-footer = Replays show every hand: the seed is public once a game is over.
history-pick = Replay a game…
history-just-now = just now
history-minutes-ago = { $n ->
    [one] { $n } minute ago
   *[other] { $n } minutes ago
}
history-hours-ago = { $n ->
    [one] { $n } hour ago
   *[other] { $n } hours ago
}
history-days-ago = { $n ->
    [one] { $n } day ago
   *[other] { $n } days ago
}
history-this-server = this server
history-no-server = Games are played in servers: try this in one.
history-unknown = I can't find that game in this server.
history-not-over = That game isn't over yet: its replay comes at the end.
history-never-dealt = That table closed before the cards were dealt: no game to show.
history-pruned = This game's record is no longer kept: records are kept 30 days, and the last 100 games of a server.
history-broken = This game's record can't be replayed, sorry.
history-record = The record of table #{ $table }: its seed, options and every move. `python -m bot.replay` re-deals it and checks every card and drink.

## The renderer's notices (bot/render/): what stops a table's updates

# permissions, as a channel's settings name them
screens-perm-view_channel = View Channel
screens-perm-send_messages = Send Messages
screens-perm-send_messages_in_threads = Send Messages in Threads
screens-perm-embed_links = Embed Links
screens-perm-create_public_threads = Create Public Threads
screens-start-warning = Heads up: I'm missing { $missing } in <#{ $channel }>. Table #{ $table } plays, but turn pings can't show, and it stops updating by itself (when a clock runs out) 15 minutes after the last click. Someone who manages the channel can allow it for Barkeep in the channel's settings (Permissions).
screens-refused-unseen = I can't update table #{ $table }: I can't see <#{ $channel }>. In a private thread, add me to it (mention me there); elsewhere, someone who manages the channel can allow me { $view } in its settings (Permissions). Then a tap on one of its buttons, or `{ $command }`, brings the table back.
screens-missing = I'm missing { $missing } in <#{ $channel }>
screens-missing-one = I'm missing a permission in <#{ $channel }> ({ $needed })
screens-refused = I can't update table #{ $table }: { $lacks }. Someone who manages the channel can allow it for Barkeep in the channel's settings (Permissions); then a tap on one of its buttons, or `{ $command }`, brings the table back.
screens-no-thread = No play-by-play thread for table #{ $table }: I'm missing { $missing } in <#{ $channel }>. The game goes on as usual; someone who manages the channel can allow it for Barkeep in the channel's settings (Permissions).
screens-not-in-thread = I'm not in this private thread: I can't ping whose turn it is, and table #{ $table } stops updating by itself (when a clock runs out) 15 minutes after the last click. Add me to the thread: mention { $me } in it.
screens-hidden-parent = I can't see { $parent }, so I can't join this thread: I can't ping whose turn it is, and table #{ $table } stops updating by itself (when a clock runs out) 15 minutes after the last click. Someone who manages { $parent } can allow me { $what } there, in the channel's settings (Permissions).
screens-cant-join = I can't join this thread: I can't ping whose turn it is, and table #{ $table } stops updating by itself (when a clock runs out) 15 minutes after the last click. In a private thread, add me to it: mention { $me } in it; elsewhere, someone who manages the channel can allow me { $view } in its settings (Permissions).
screens-reopened = Table #{ $table } is still on, so I reopened this thread.
screens-shut = This thread was archived, and Discord won't let me reopen it: I closed table #{ $table } rather than let its clocks play on where nobody sees them.{ $remedy }
screens-shut-remedy = So that the next table here carries on, someone who manages { $parent } can allow me { $missing } there, in the channel's settings (Permissions).

## The play-by-play thread (bot/ui/playbyplay.py): public, the server's language

playbyplay-thread = Table #{ $table } · { $game }
playbyplay-header = **Play-by-play of table #{ $table }** ({ $game }): { $who }. Every move and drink shows here as it happens; the table is the message above.

## Why a table ended (the end screen's footer)

screens-reason-game-over = game over
screens-reason-everyone-left = everyone left
screens-reason-channel-deleted = its channel was deleted
screens-reason-thread-deleted = its thread was deleted
screens-reason-thread-locked = its thread was locked
screens-reason-thread-shut = its thread was archived, and Barkeep may not reopen it
screens-reason-removed = Barkeep was removed from the server
screens-reason-not-loaded = it could not be loaded
screens-reason-former-player = a former player
screens-reason-ended-by = ended by { $who }
screens-reason-closed = closed: { $why }
screens-reason-nobody-started = nobody started it within { $minutes } minutes
