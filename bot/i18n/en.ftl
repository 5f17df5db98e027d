# Barkeep in English: every message a player or host reads, by id (bot/i18n/__init__.py).
# The slash commands' English is in the code; other languages translate them (cmd-..., opt-...,
# choice-... in their catalogs).

## Words used everywhere

sips = { $n ->
    [one] { $n } sip
   *[other] { $n } sips
}
points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
ordinal = { $form ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}
# "A, B or C"
list-or = { $rest } or { $last }
# a command as typed: /pyramid start
command = /{ $name }

## The games' names

game-blackdeath-title = Black Death
game-giveandtake-title = Give & Take
game-pyramid-title = Pyramid
game-shithead-title = Drunken Shithead
game-spit-title = Spit
game-tarok-title = The Devil's Tarok
game-war-title = Double-or-Nothing War

## /tally (bot/ui/tally.py)

tally-period-tonight = tonight (last 12 hours)
tally-period-week = this week
tally-period-all = all time
tally-sort-sips = sips
tally-sort-wins = wins
tally-sort-games = games
tally-sips = { sips }
tally-water = { $water } { $n } water
tally-points = { $star } { points } (alcohol-free)
tally-games = { $n ->
    [one] { $n } game
   *[other] { $n } games
}
tally-wins = { $n ->
    [one] { $n } win
   *[other] { $n } wins
}
tally-social = { $n } social
tally-finishes = { $n ->
    [one] { $n } finished drink
   *[other] { $n } finished drinks
}
tally-finishes-water = { $water } { $n ->
    [one] { $n } finish
   *[other] { $n } finishes
} as water
tally-finishes-points = { $star } { $n ->
    [one] { $n } finish
   *[other] { $n } finishes
} alcohol-free
tally-forfeits = { $n ->
    [one] { $n } forfeit
   *[other] { $n } forfeits
}
tally-given = gave { $n }
tally-best-place = best place { $ordinal }, average { $average }
tally-best-score = best score { points }
tally-title = 🍻 The tally at { $guild }: { $period }
tally-this-server = this server
tally-empty = Nobody has played or drunk a thing. Start a game: { $hints }.
tally-more = …and { $n } more.
tally-footer = By { $sort }. { sips } in all{ $also }. 24 sips is about a beer. Water is free.
tally-footer-water = , { $n } as water
tally-footer-points = , { points }
tally-breakdown-title = 🍺 { $name }: { $period }
tally-breakdown-empty = No drinks and no games in this period.
tally-all-games = All games: { $stats }
tally-just-posted = This board was posted here a moment ago, so this copy is just for you.

## /rules

rules-unknown-game = I don't know a game called { $game }. Try one of: { $known }.

## /settings (cogs/settings.py, bot/ui/party.py): answered privately, in the asker's language

none = none
on = on
off = off
settings-managers-only = Only people with Manage Server can see or change these.
settings-title = { $gear } Barkeep's settings in { $guild }
settings-cap = Default cap (`/settings cap`)
settings-cap-value = { sips } in any 12 hours, for players without their own
settings-water = Water reminder (`/settings water`)
settings-water-value = every { sips }
settings-age = Minimum-age line at consent (`/settings age`)
settings-pings = Turn pings (`/settings pings`)
settings-images = Card pictures (`/settings images`)
settings-images-value = { $pictures ->
    [off] off (text only)
    [four-colour] on, four-colour deck
   *[standard] on, standard colours
}
settings-language = Language of the tables (`/settings language`)
settings-language-value-auto = {" "}(the server's own)
settings-house = House rules (`/settings house`)
settings-house-none = none: each game's own defaults
settings-games = Games (`/settings game`)
settings-games-all = Every game, in every channel.
settings-games-rule = { $on ->
    [on] on
   *[off] off
} in { $where }
settings-whole-server = the whole server
settings-cap-set = Default cap: { sips }.
settings-cap-none = No default cap.
settings-water-set = Water reminder every { sips }.
settings-water-off = Water reminders off.
settings-age-set = Age line set.
settings-age-none = No age line.
settings-pings-set = Turn pings { $on ->
    [on] on
   *[off] off
}.
settings-images-set = Card pictures { $on ->
    [on] on
   *[off] off
}.
settings-four-colour-set = Four-colour deck { $on ->
    [on] on
   *[off] off
}.
settings-house-cleared = { $game }: the game's own defaults again.
settings-house-set = { $game } starts with { $rules }.
settings-game-set = { $game }: { $on ->
    [on] on
   *[off] off
} in { $where }.
settings-language-set = Tables here now speak { $language }.
settings-language-auto = Tables here now speak the server's own language (English if Barkeep doesn't speak it).
settings-language-choice-auto = the server's own language

## The rules (/rules, Full rules, the consent before a first game): private, the player's language

rules-short-heading = In short
rules-title = 📜 { $game }: the rules
rules-short-title = 📜 { $game }, in short
rules-full-button = Full rules
consent-server = This server
consent-before = Before you play
consent-button = I'm in
consent-text = { $drinking ->
    [true] This is a drinking game. Play only if you're of legal drinking age, know your limits, and swap in water whenever you like (`/limits` sets a cap for tonight, or alcohol-free mode: points instead of sips).
   *[false] Nobody drinks in this one: it's all about the game.
} Read the rules above, then press **{ $button }** to take your seat.

## /help (bot/ui/help.py): private, the asker's language

help-start = Open a table with `/<game> start` (say `{ $example }`): friends press **Join**, the host presses **Start**. Your cards come to you privately. I keep the bar tab.
help-start-no-server = Games are played in server channels: open a table with `/<game> start` (say `{ $example }`): friends press **Join**, the host presses **Start**. Your cards come to you privately. I keep the bar tab.
help-games = Games
help-more = More
help-off-here = off here
help-admins = `{ $settings }` (admins)

## /limits (cogs/limits.py, bot/ui/party.py): private, the player's language

tab-water = { $water } { $n } water
tab-points = { $star } { points }
limits-choice-sips = sips
limits-choice-free = alcohol-free (drinks become points)
limits-title = { $shield } Your limits
limits-footer = Only you can see this. 24 sips is about a beer. Water is free.
limits-mode-free = **Mode: alcohol-free.** Your drinks are recorded and shown as points, everywhere you play. The games play the same.
limits-mode-sips = **Mode: sips.**
limits-cap-none = **Cap:** none. Set one with `/limits cap:`.
limits-cap = **Cap:** { sips } in any 12 hours ({ $whose ->
    [own] yours
   *[server] this server's default
}).
limits-tonight = **Tonight** (the last 12 hours, every server): { $tab }.
limits-looks = **Your cards:** { $looks ->
    [text] text only
    [four-colour] card emoji, four-colour deck
   *[emoji] card emoji
} (`/limits pictures:`, `four_colour:`).
limits-left = { sips } to go before your drinks count as water.
limits-reached = { $water } Your cap is reached: your drinks count as water for now, and the games go on as usual.
limits-button-sips = Back to sips
limits-button-free = Alcohol-free mode
limits-button-clear = Clear my cap
limits-button-erase = Erase my history here…
limits-now-free = Alcohol-free it is: from your next drink on, your drinks are points.
limits-now-sips = Back to sips: from your next drink on, your drinks are sips.
limits-cap-cleared = Your cap is cleared.
limits-cap-set = Your cap is { sips } in any 12 hours.
limits-cap-set-reached = Your cap is { sips }, and you've had { $tonight } tonight: from now on your drinks count as water.
limits-emoji-set = Card emoji in your hands: { $on ->
    [on] on
   *[off] off
}.
limits-four-colour-set = Four-colour deck for your cards: { $on ->
    [on] on
   *[off] off
}.
erase-title = Erase your history in { $guild }?
erase-text = This removes every drink and result of yours in this server (so `/tally` forgets you here), and your name and account from its finished tables: the games' action logs keep only an anonymous seat. It can't be undone.

    Other servers keep their own history, and your cap, your mode and the rules you've accepted stay (they're yours, not the server's).
erase-yes = Yes, erase it
erase-keep = Keep it
erase-kept = Nothing was erased.
erase-done = Done: your history in { $guild } is erased ({ $drinks ->
    [one] { $drinks } drink
   *[other] { $drinks } drinks
} and { $results ->
    [one] { $results } result
   *[other] { $results } results
} removed, { $seats ->
    [one] { $seats } seat
   *[other] { $seats } seats
} made anonymous).

## A slash command refused before it ran (bot/slash.py): private, the asker's language

slash-changed = That command has changed since Discord showed it to you: type it again (if it still looks old, restart Discord). Nothing was done.
slash-in-a-server = This works in a server channel, not in direct messages.
slash-no-player = I can't find that player: pick them from the list Discord offers. Nothing was done.
slash-odd = That request didn't look right, so nothing was done.
slash-takes = `{ $name }` takes { $kind ->
    [text] a text
    [integer] a whole number
    [boolean] on or off
    [user] a player
    [number] a number
    [channel] a channel
    [role] a role
   *[other] something else
}: type the command again. Nothing was done.
slash-not-a-choice = “{ $value }” isn't one of its choices for `{ $name }`: pick one from the list. Nothing was done.
slash-out-of-range = `{ $name }` goes from { $low } to { $high }: type the command again. Nothing was done.
slash-no-channel = I can't find that channel: pick one from the list Discord offers. Nothing was done.
slash-wrong-channel = `{ $name }` can't be that kind of channel: pick one from the list Discord offers. Nothing was done.
slash-unreadable = I couldn't read one of the values: type the command again. Nothing was done.
slash-not-here = You can't use that command here.
settings-thread = Play-by-play threads (`/settings thread`)
settings-thread-value = { $on ->
    [on] on: each game opens one for spectators
   *[off] off
}
settings-thread-off = Play-by-play threads off (games under way keep theirs).
settings-thread-on = Play-by-play threads on: games that start from now on open one.
settings-thread-nowhere = Tables in threads, forum posts and voice chats get none.
settings-this-channel = this channel
settings-thread-missing = ⚠️ Not in { $where }: I'm missing { $missing } here. Someone who manages the channel can allow it for Barkeep in its settings (Permissions).

## Cards named in a sentence (bot/engines/cards.py ``said``)

card-french = { $rank ->
    [11] Jack
    [12] Queen
    [13] King
    [14] Ace
   *[other] { $rank }
} of { $suit ->
    [C] clubs
    [D] diamonds
    [H] hearts
   *[S] spades
}
card-tarot = the { $rank ->
    [11] Page
    [12] Knight
    [13] Queen
    [14] King
   *[other] { $rank }
} of { $suit ->
    [B] Beers
    [L] Lagers
    [W] Wines
   *[S] Spirits
}
card-major = { $n ->
    [0] The Drunken Fool
    [1] The Magician
    [2] The High Priestess
    [3] The Empress
    [4] The Emperor
    [5] The Hierophant
    [6] The Lovers
    [7] The Chariot
    [8] Strength
    [9] The Hermit
    [10] The Wheel of Fortune
    [11] Justice
    [12] The Hanged Man
    [13] Death
    [14] Temperance
    [15] The Devil
    [16] The Tower
    [17] The Star
    [18] The Moon
    [19] The Sun
    [20] Judgement ("Last Call")
   *[21] The World
}

# Black Death (bot/engines/blackdeath.py, bot/ui/blackdeath.py, bot/art/blackdeath.py).
# $due: a live countdown ("in 20 seconds"), or "none" when no clock runs.

## Words

blackdeath-and = { $rest } and { $last }
blackdeath-comma = { $first }, { $rest }
blackdeath-rank-plural = { $rank ->
    [11] Pages
    [12] Knights
    [13] Queens
    [14] Kings
   *[other] { $rank }s
}
blackdeath-a-pair = a pair of { $ranks }
blackdeath-ranks = { $ranks }{ $two ->
    [yes] {" "}(two pairs)
   *[no] {""}
}
blackdeath-pairs = { $n } pairs: { $ranks }
blackdeath-death = Death

## Refusals

blackdeath-players = Black Death is for 2 to 10 players.
blackdeath-nothing-to-choose = There is nothing to choose right now.
blackdeath-loser-chooses = Only the player holding Death chooses.
blackdeath-no-writer-finish = Nobody is left to set a forfeit: finish your drink.
blackdeath-not-a-move = That is not a move in this game.
blackdeath-no-offer = No cards are being offered now.
blackdeath-not-your-turn = It's not your turn to take a card.
blackdeath-pick = Pick a card from 1 to { $n }.
blackdeath-no-forfeit-wanted = No forfeit is waiting to be written.
blackdeath-someone-else-writes = Someone else writes this forfeit.
blackdeath-empty-forfeit = Write the forfeit: it can't be empty.
blackdeath-long-forfeit = A forfeit can be at most { $most } characters (this one has { $n }).

## The game's lines

blackdeath-discards = { $who } discards { $pairs }
blackdeath-death-found = Only Death is left, and { $who } holds it! Finish your drink or take a forfeit?
blackdeath-safe = { $who } has no cards left: safe from Death!
# a drink's reason
blackdeath-held-death = held Death{ $why ->
    [none] {" "}(no forfeit was set)
    [time] {" "}(time ran out)
    [late] {" "}(no forfeit was set in time)
    [left] {" "}(left before drinking)
   *[chose] {""}
}
blackdeath-finishes = { $who } finishes their drink.
blackdeath-no-writer = Nobody is left to set a forfeit.
blackdeath-writes = { $who } writes { $loser }'s forfeit.
blackdeath-takes-forfeit = { $who } takes a forfeit.
blackdeath-takes = { $who } takes a card from { $offerer }.
blackdeath-you-drew = You drew { $card }
blackdeath-took-yours = { $who } took { $card } from you
blackdeath-forfeit-set = { $who }'s forfeit, set by { $writer }: { $text }
blackdeath-time-take = { $who } ran out of time: a card is taken for them.
blackdeath-time-choose = { $who } ran out of time to choose.
blackdeath-time-write = { $who } didn't set a forfeit in time.
blackdeath-leaves = { $who } leaves the game.
blackdeath-passed = { $who }'s { $n ->
    [one] { $n } card passes
   *[other] { $n } cards pass
} to { $heir }.
blackdeath-end-alone = Everyone else left: { $who } wins.
blackdeath-end-left = { $who } held Death and left: their drink is finished for them.
blackdeath-end-no-forfeit = No forfeit was set: { $who } held Death and finished their drink.
blackdeath-end-finished = { $who } held Death and finished their drink.
blackdeath-end-forfeit = { $who } held Death and took a forfeit: { $text }
blackdeath-end-holds = { $who } holds Death.

## Where a replay can jump to

blackdeath-mark-death = { $who } holds Death
blackdeath-mark-safe = { $who } is safe
blackdeath-mark-pair = Pair { $n } of { $of }

## The table

blackdeath-my-hand = My hand
blackdeath-title = { $game } · table #{ $table }
blackdeath-footer = Seed SHA-256 { $hash }… · { $n ->
    [one] { $n } pair
   *[other] { $n } pairs
} thrown{ $seconds ->
    [0] {""}
   *[other] {" "}· { $seconds } s to take a card
}
blackdeath-seat = { $who } { $fan }{ $role ->
    [offering] {" "}· offering
    [taking] {" "}· taking
   *[none] {""}
}
blackdeath-seat-left = { $who } left
blackdeath-seat-death = { $who } holds Death
blackdeath-seat-safe = { $who } safe{ $left ->
    [yes] {" "}(left)
   *[no] {""}
}
blackdeath-card-n = Card { $n }
blackdeath-take-select = Take a card (1-{ $n })…
blackdeath-finish-button = Finish my drink
blackdeath-forfeit-button = Forfeit
blackdeath-write-button = Write the forfeit
blackdeath-the-deal = The deal
blackdeath-turn-take = { $n ->
    [one] { $taker }, take { $offerer }'s last card: press 1 (or I take it { $due }).
   *[other] { $taker }, take one of { $offerer }'s { $n } face-down cards below (or I pick one { $due }).
}
blackdeath-turn-choose = Only Death is left, and { $loser } holds it! { $loser }: **finish your drink** or take a **forfeit**? { $due ->
    [none] Decide now
   *[other] Decide { $due }
}, or you finish your drink.
blackdeath-turn-write = { $loser } takes a forfeit. { $writer }, press **{ $button }**{ $due ->
    [none] {""}
   *[other] {" "}{ $due }
}; if none comes, { $loser } finishes their drink.
blackdeath-still-holding = Still holding cards: { $held }
blackdeath-safe-name = { $who }{ $left ->
    [yes] {" "}(left)
   *[no] {""}
}
blackdeath-ended-safe = Safe: { $who }
blackdeath-ended-left = Left: { $who }

## A player's hand

blackdeath-hand-title = Your hand · { $game } · table #{ $table }
blackdeath-hand-footer = Only you can see this.
blackdeath-your-hand = Your hand, pairs thrown away ({ $n ->
    [one] { $n } card
   *[other] { $n } cards
}):
blackdeath-you-are-safe = No cards left: you're safe from Death!
blackdeath-your-turn = { $n ->
    [one] **Your turn**: take { $offerer }'s last card (1), here or on the table
   *[other] **Your turn**: take one of { $offerer }'s { $n } face-down cards by its number, here or on the table
}{ $due ->
    [none] {""}
   *[other] , { $due }
}.
blackdeath-taking-yours = { $who } is taking a card from your hand.
blackdeath-taking = { $who } is taking a card from { $offerer }.
blackdeath-you-hold-death = You hold Death! **Finish your drink**, or take a **forfeit** that another player writes. { $due ->
    [none] Decide now
   *[other] Decide { $due }
}, or you finish your drink.
blackdeath-is-choosing = { $who } holds Death and is choosing.
blackdeath-you-write = You write { $loser }'s forfeit ({ $most } characters at most): press **{ $button }**{ $due ->
    [none] {""}
   *[other] {" "}{ $due }
}.
blackdeath-writing-yours = { $who } is writing your forfeit.
blackdeath-writing = { $who } is writing { $loser }'s forfeit.
blackdeath-form-title = A forfeit for { $who }
blackdeath-form-label = What must they do?
blackdeath-form-example = Sing a song of the table's choosing

## The table's picture (words drawn on it)

blackdeath-art-last-pair = Last pair · { $who }
blackdeath-art-hand = { $role ->
    [offers] { $who } offers { $n }
    [takes] { $who } takes
   *[holds] { $who } · { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
}
blackdeath-art-over = Game over
blackdeath-art-takes = { $who } takes from { $offerer }
blackdeath-art-death = { $who } holds Death

# Give & Take (bot/engines/giveandtake.py, bot/ui/giveandtake.py). $who: a player's name (or
# several: giveandtake-and); $turn: a turn's number, or its name (giveandtake-turn).
# A place ($place) is at most 6th: each message writes its ordinal.

## The engine's lines

# "Ana, Bo and Cy": $rest "Ana, Bo", $last "Cy"
giveandtake-and = { $rest } and { $last }
# a flip as the log and the replay name it ($flip 0: a turn's first flip)
giveandtake-turn = { $flip ->
    [0] Turn { $turn }
   *[other] Turn { $turn }, fight flip { $flip }
}
giveandtake-players = Give & Take is for { $least } to { $most } players.
giveandtake-ask-last-call = Call last call? The game ends now: the players still in are ranked by cards held.
giveandtake-yes-last-call = Yes, last call
giveandtake-table-cues = Nobody cued: the table calls 3, 2, 1, Go!
giveandtake-go = 3, 2, 1, Go!
giveandtake-pile-timeout = { $who } ran out of time: the cards go under the smaller pile.
giveandtake-host-last-call = Last call! The host ends the game.
giveandtake-cued-already = Turn { $turn } is already cued.
giveandtake-not-up-yet = Turn { $turn } isn't up yet.
giveandtake-still-choosing = Wait: the capturer is still choosing a pile.
giveandtake-put-away-already = Turn { $turn }'s capture is already put away.
giveandtake-no-capture-then = Turn { $turn } has no capture to put away.
giveandtake-no-capture = There is no capture to put away right now.
giveandtake-capturer-only = Only the capturer chooses the pile.
# $duets: "Ana 7♦/3♣ (4) · Bo 9♠/9♥ (0)"
giveandtake-flip = { $turn }: { $duets }
giveandtake-captures = { $who } captures { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} with a difference of { $low }.
giveandtake-captures-ask = { $who } captures { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} with a difference of { $low }. Give pile or take pile?
giveandtake-fight = Fight! { $who } tie at { $low }.
giveandtake-ring-closes = The ring closes: the last flip is looked at again.
giveandtake-put-under = { $who } put { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} under their { $pile ->
    [take] take
   *[give] give
} pile.
giveandtake-turn-limit = Last call: { $turns } turns have been played.
# $n: how many go out; $shared: no, yes (sharing a place), with (sharing it with $others)
giveandtake-out = { $who } { $why ->
    [fight] can't play on in the fight
    [pile] ran out of a pile
    [left] leaves the game
   *[clocks] missed too many clocks
} and { $n ->
    [one] is
   *[other] are
} out, { $shared ->
    [no] {""}
   *[other] sharing{" "}
}{ $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}{ $shared ->
    [with] {" "}with { $others }
   *[other] {""}
}.
giveandtake-all-out = Everyone still in goes out at once: the most cards wins.
giveandtake-forfeits = { $who } forfeits the capture: the cards join the leftovers.
giveandtake-end-standing = { $who } is the last one standing and wins!
# $how: all_out, limit, host, none (not over); $result: win, draw, none
giveandtake-end = { $how ->
    [all_out] On turn { $turn } everyone still in had an empty pile at once: most cards wins.
    [limit] Last call after { $turns } turns: most cards wins.
    [host] The host called last call: most cards wins.
   *[none] Standings so far (most cards leads).
}{ $result ->
    [draw] {" "}A draw between { $who }.
    [win] {" "}{ $who } wins.
   *[none] {""}
}
# $how: left (on turn $n), out (on turn $n), standing, cards ($n cards)
giveandtake-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}: { $who } ({ $how ->
    [left] left on turn { $n }
    [out] out on turn { $n }
    [standing] last one standing
   *[cards] { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
})

## The screens (bot/ui/giveandtake.py). $due: Discord's live "in 10 seconds"; $place: "3rd"

giveandtake-table = { game-giveandtake-title } · table #{ $id }
giveandtake-piles = { $who } give { $give } · take { $take }
# one player out: "Cy 3rd (left)"
giveandtake-out-one = { $who } { $place }{ $left ->
    [yes] {" "}(left)
   *[no] {""}
}
giveandtake-out-line = Out: { $who }
giveandtake-leftovers-down = Leftovers: { $down } face down
# $cards: the turned cards' labels ("7♦ 3♣")
giveandtake-leftovers = Leftovers ({ $n }): { $down ->
    [0] { $cards }
   *[other] { $down } face down, { $cards }
}
giveandtake-and-more = { $cards } and { $more } more
giveandtake-fight-banner = **Fight!** A tie at { $low }: everyone turns again for it all ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} so far).
giveandtake-prompt-pile = { $who } captures **{ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}**: under which pile? Else the smaller one { $due }.
giveandtake-prompt-host = { $who } cues turn { $turn }: **Go!** (else the table, { $due })
giveandtake-prompt-table = The table cues turn { $turn } { $due }.
# a pile button; $out: yes when that choice leaves the other pile empty
giveandtake-under = Under { $mine ->
    [yes] my{" "}
   *[no] {""}
}{ $pile ->
    [take] take
   *[give] give
} pile ({ $n }){ $out ->
    [yes] { $mine ->
        [yes] : you go out!
       *[no] : out!
    }
   *[no] {""}
}
giveandtake-footer = Duet: your take card + the give card above it (top pairs with bottom) · seed SHA-256 { $hash }…
giveandtake-played = Played { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}.
giveandtake-you-out = You're { $left ->
    [yes] left the game
   *[no] out
}: **{ $place } place**. The ring plays on.
giveandtake-your-piles = Your piles: give **{ $give }** · take **{ $take }** ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}, face down to everyone, you too).
giveandtake-your-duet = Your duet: { $duet } (your take card, { $giver }'s give card).
giveandtake-fight-note = A fight! Everyone still in turns again on top.
giveandtake-you-capture = You capture **{ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}**! Under which pile? Choose { $due }, or they go under the smaller one.
giveandtake-choosing = { $who } is choosing a pile ({ $due }).
giveandtake-you-cue = You cue turn { $turn }: **{ giveandtake-go }** (else the table cues { $due })
giveandtake-waiting-cue = Waiting for { $who } to cue ({ $due }).
giveandtake-table-cues-next = The table cues the next turn { $due }.
giveandtake-host-may-call = As the host you may call **{ giveandtake-last-call }**: the game ends now and the players still in are ranked by cards held.
giveandtake-last-call = Last call
giveandtake-seat-title = Your seat at { game-giveandtake-title } · table #{ $id }
giveandtake-only-you = Only you can see this.

## The table's picture (bot/art/giveandtake.py): the font draws no accents

# $piles: giveandtake-piles
giveandtake-art-duet = { $piles } · duet { $difference }
giveandtake-art-leftovers = Leftovers · { $n }
giveandtake-art-over = Game over
giveandtake-art-takes = { $who } takes { $n }
giveandtake-art-fight = Fight! { $n } at stake
giveandtake-art-turn = Turn { $turn }{ $down ->
    [0] {""}
   *[other] {" "}· { $down } left over
}

# Pyramid's words (bot/engines/pyramid.py, bot/ui/pyramid.py, bot/art/pyramid.py).
# $who, $to, $giver, $host: a player's name; $card, $on: a card's label (7♣); $rank: a card's rank
# (a number, 11-14 for J Q K A) or its label's rank (J, Q...); $n: sips unless said.

## The game's lines (bot/engines/pyramid.py)

# a row in a sentence: $row 0 is the bottom row (6 cards), 5 the top
pyramid-row = { $row ->
    [0] the 6-row
    [1] the 5-row
    [2] the 4-row
    [3] the 3-row
    [4] the 2-row
   *[5] the top
}
# "3 and 4", "Ana, Bo and Cy"
pyramid-and = { $rest } and { $last }
pyramid-needs-players = Pyramid needs { $min } to { $max } players.
pyramid-not-seated = You are not seated at this table.
pyramid-looked-already = You have already had your look.
pyramid-look-over = The time to look is over.
pyramid-takes-look = { $who } takes their look
pyramid-you-look = You take your one look ({ $seconds } seconds).
pyramid-look-up = Time to look is up: no more looks
pyramid-look-ended = { $who }'s look is over
pyramid-first-all-looked = Everyone has looked: the first card is { $card } ({ $row }, { sips })
pyramid-first-looks-over = Every look is over: the first card is { $card } ({ $row }, { sips })
pyramid-card-turned = Card { $i } of { $of }: { $card } ({ $row }, { sips })
pyramid-time-up = Time is up on the { $card }
pyramid-nothing-to-lay-on = There is no pyramid card to lay on now.
pyramid-too-late = Too late: the time to lay on that card is over.
pyramid-no-cards-left = You have no cards left to lay.
pyramid-barred = You laid a wrong card: no more cards on this one.
pyramid-autopassed = Auto-pass passed for you on this card.
pyramid-autopassed-switch = Auto-pass passed for you on this card. Switch it off in My cards to lay on the next one.
pyramid-passed = You have passed on this card.
pyramid-choose-cards = Choose the cards to lay, each once.
pyramid-no-card = You have no card { $slot }.
pyramid-card-laid = Your card { $slot } is already laid.
# $cards: their numbers ("3 and 4"), $n how many
pyramid-rest-stay = { $n ->
    [one] Your card { $cards } stays
   *[other] Your cards { $cards } stay
} face down in your hand: a wrong card ends your laying on this one.
pyramid-right = Right! Your { $card } matches the { $on }.
pyramid-lays-right = { $who } lays { $rank ->
    [8] an
    [14] an
   *[other] a
} { $card } on the { $on }: right!
pyramid-lays-wrong = { $who } lays { $rank ->
    [8] an
    [14] an
   *[other] a
} { $card } on the { $on }: wrong, drinks { $n }
pyramid-auto-over = Auto-pass is over: no cards are turned any more.
pyramid-auto-switch = Switch auto-pass on or off.
pyramid-auto-on = Auto-pass is already on.
pyramid-auto-off = Auto-pass is already off.
pyramid-name-drinker = Name the player who drinks.
pyramid-no-such-player = There is no such player.
pyramid-not-yourself = You can't give sips to yourself.
pyramid-player-left = That player has left the game.
pyramid-no-sips = You have no sips to give.
pyramid-one-or-share = Give to one player, or share among several.
pyramid-one-or-split = Give to one player, or split among several.
pyramid-convo-one = In convo mode one player drinks the whole row value.
pyramid-convo-all = In convo mode you give all { sips } to one player.
pyramid-whole-sips = Give whole sips, at least 1.
pyramid-only-left = You have only { sips } left to give.
pyramid-choose-players = Choose the players to give to, each once.
pyramid-at-most = You have { sips } to give: choose at most { $n ->
    [one] { $n } player
   *[other] { $n } players
}.
pyramid-gives = { $who } gives { $to } { sips }
# $parts: "Bo 1, Cy 3"
pyramid-gives-split = { $who } gives { sips }: { $parts }
pyramid-last-sips = Time is up: { $giver }'s last { sips } go to { $to }
pyramid-table-names = Time is up: the table names { $to } for { $giver }
pyramid-names = { $giver } names { $to } for the { $card }: answer its question and drink { $n }, or drink { $double }
# $q: the question
pyramid-question = ❓ { $q }
pyramid-question-line = ❓ { $who }: { $q }
pyramid-no-question = You have no question to answer.
pyramid-answers = { $who } answers the question of the { $card } and drinks { $n }
pyramid-answers-late = { $who } does not choose, so answers the question of the { $card } and drinks { $n }
pyramid-answers-still = { $who } still answers the question of the { $card } and drinks { $n }
pyramid-refuses = { $who } refuses the question of the { $card } and drinks { $n }
pyramid-names-else = { $giver } names someone else to drink { $n }
pyramid-ask-convo-only = Host questions are part of convo mode.
pyramid-ask-not-now = No questions now.
pyramid-ask-host-left = Only a host still in the game asks questions.
pyramid-ask-whom = Name a player in the game.
pyramid-ask-card = Choose a turned pyramid card.
pyramid-asked-already = You have already asked that player: one question per pyramid card they laid two or more cards on.
pyramid-not-askable = That player has not laid two or more cards on one pyramid card.
pyramid-asks = { $host } asks { $who } the question of the { $card }
pyramid-host-question = ❓ From the host: { $q }
pyramid-host-question-line = ❓ { $who }, from the host: { $q }
pyramid-nobody-explores = Nobody has cards left: nobody explores the pyramid
# $who: one name or several ("Ana and Bo"), $n how many, $most their cards
pyramid-most-cards = { $who } { $n ->
    [one] has
   *[other] have
} the most cards left ({ $most }) and must explore the pyramid
pyramid-explores-fresh = { $who } explores a freshly shuffled pyramid
pyramid-nobody-exploring = Nobody is exploring now.
pyramid-not-your-explore = It is not your turn to explore.
pyramid-turn-in-row = Turn a card in { $row }.
pyramid-already-turned = That card is already turned.
pyramid-explore-turns = { $who } explores: turns { $card } in { $row }
pyramid-explore-royal = { $who } explores: turns { $card } in { $row }, drinks { $n } and starts again
pyramid-stock-empty = The stock is empty: the turned cards are shuffled into a new one
pyramid-explored = { $who } has explored the whole pyramid
pyramid-leaves = { $who } leaves the game: their hand is out of play
pyramid-too-few = Too few players are left: the game ends
pyramid-over = The game is over
pyramid-summary = { $who }: gave { $given }, took { $taken }
pyramid-summary-left = { $who }: gave { $given }, took { $taken } (left)

## Why a drink was poured (the ledger's reasons)

pyramid-reason-wrong = a wrong card on the { $on }
pyramid-reason-matched = a matched { $rank }
pyramid-reason-matched-cards = matched cards
pyramid-reason-answered = answered the { $rank }'s question
pyramid-reason-refused = refused the { $rank }'s question
pyramid-reason-explore = { $card } exploring { $row }

## The replay's marks: where a part of the game begins ($row: 6, 5, 4, 3 or 2)

pyramid-mark-card = { $row }-row, card { $n }
pyramid-part-row = { $row }-row
pyramid-mark-top = The top card
pyramid-part-top = The top
pyramid-mark-explores = { $who } explores
pyramid-mark-try = { $who } explores, try { $n }

## The table (bot/ui/pyramid.py): $due is a live countdown ("in 20 seconds")

pyramid-title = 🔺 Pyramid · table #{ $id }
pyramid-footer = Seed SHA-256 { $hash }… · { $mode }
pyramid-footer-rows = rows give 1-2-4-6-8-10 sips
pyramid-footer-convo = convo mode
pyramid-my-cards = My cards
pyramid-look-button = Look at my cards
pyramid-look-now = 👀 Press **Look at my cards**: once, for { $seconds } seconds. Looks close { $due }. On the left: each row's sips.
pyramid-looks-closed = 👀 Looks are closed: the first card turns after the last one.
pyramid-looked = ✔️ { $n } of { $of } have looked
pyramid-looked-looking = ✔️ { $n } of { $of } have looked, looking now: { $who }
pyramid-looked-many = ✔️ { $n } of { $of } have looked, { $looking } looking now
# a card's rank read aloud with its article: "a 7", "an 8", "a jack", "an ace"
pyramid-claim-first = **{ $card }** ({ sips }): got { $rank ->
    [8] an 8
    [11] a jack
    [12] a queen
    [13] a king
    [14] an ace
   *[other] a { $rank }
}? Lay it by number or pass. Closes { $due }.
pyramid-claim = **{ $card }**: got { $rank ->
    [8] an 8
    [11] a jack
    [12] a queen
    [13] a king
    [14] an ace
   *[other] a { $rank }
}? Closes { $due }.
pyramid-done-sips = **{ $card }** is done: waiting for the sips.
pyramid-done-answers = **{ $card }** is done: waiting for the answers.
pyramid-lay-card = Lay card { $n }
pyramid-pass = Pass
pyramid-card = Card { $n }
pyramid-lay-several = Lay two or more at once…
pyramid-exploring = 🧭 { $who } must **explore**: a card per row from the bottom. A J, Q, K or A costs the row's sips and starts again. Now { $row }: pick { $due }.
pyramid-next-explorers = Next to explore: { $who }
pyramid-next-explorer-more = Next to explore: { $who }, then { $n } more
# $cards: each player's name and cards left, "Ana 4 · Bo 3 (7♦)"
pyramid-cards = Cards: { $cards }
pyramid-waiting-for = ⏳ Waiting for { $who }
pyramid-waiting-many = ⏳ { $n ->
    [one] { $n } player
   *[other] { $n } players
} to lay or pass
pyramid-most = Most cards: { $most }, { $who }
pyramid-most-each = Cards left: { $most } each
pyramid-most-many = Most cards: { $most }, { $n } players
# $most: the line above ("Most cards: 4, Ana"), $cards: who shows which cards face up
pyramid-most-face-up = { $most } · face up: { $cards }
pyramid-face-up = Face up: { $cards }
# a table's log from before passes went unlogged
pyramid-old-passes = { $who } { $n ->
    [one] passes
   *[other] pass
}
pyramid-giving = 🎁 Giving: { $who }
pyramid-naming = 🎁 Naming who drinks: { $who }
pyramid-quoted = “{ $q }”
pyramid-awaiting = ❓ { $who }: “{ $q }” Answer and drink { $n }, or drink { $double } ({ $due }, **My cards**).
pyramid-winners = 🏆 { $who } { $n ->
    [one] wins
   *[other] win
}: fewest sips taken.
pyramid-no-cards = no cards

## A player's own view (My cards)

pyramid-private-title = Your seat at Pyramid · table #{ $id }
pyramid-private-footer = Only you can see this.
pyramid-memorise = 👀 **Memorise these!** They turn face down { $due }.
pyramid-your-cards = Your cards, face down (numbers never change):
pyramid-your-question = ❓ **{ $q }**
    Answer it and drink { $n }, or refuse and drink { $double } ({ $due }).
pyramid-answer-button = I'll answer (drink { $n })
pyramid-refuse-button = Refuse (drink { $n })
pyramid-name-one = 🎁 Name one player to drink all **{ $n }** and answer the { $card }'s question{ $more ->
    [0] {""}
   *[other] {" "}({ $more } more after this one)
} ({ $due }).
pyramid-who-drinks = Who drinks { $n }?
pyramid-to-give = 🎁 You have **{ sips }** to give ({ $due }).
pyramid-to-give-split = 🎁 You have **{ sips }** to give ({ $due }). Pick one or more in the menu: they share them evenly. **+1** for any other split.
pyramid-give-to = Give { $n } to { $who }
pyramid-give-all = Give all { $n } to…
pyramid-auto-is-on = ⏭️ Auto-pass is **on**: on each card you have { $seconds } seconds to lay, then you pass by yourself.
pyramid-auto-is-off = ⏭️ Auto-pass is off: a card waits for your Lay or Pass (or its clock).
pyramid-auto-turn-on = Turn auto-pass on
pyramid-auto-turn-off = Turn auto-pass off
# $took: what they drank, as the table counts it ("12 sips", "⭐ 12 points")
pyramid-gave-took = You gave { $given }, took { $took }.
pyramid-ask-option = The { $card }
pyramid-ask-placeholder = Ask { $who } a question…

## The table's picture (bot/art/pyramid.py): the font draws no accents (å is drawn a)

# $row: 6, 5, 4, 3, 2 or top; $n: its sips
pyramid-art-row = { $row ->
    [top] Top
   *[other] { $row }-row
} · { sips }
pyramid-art-row-now = { $row ->
    [top] Top
   *[other] { $row }-row
} · { sips } · now
pyramid-art-explores = { $who } explores
pyramid-art-card = Card { $n } of 21
pyramid-art-look = Look at your cards
pyramid-art-over = Game over

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

# Drunken Shithead (bot/engines/shithead.py, bot/ui/shithead.py, bot/art/shithead.py).
# $who, $loser...: a player ({ "{" }p1{ "}" } in engine lines, filled with the name later).
# $due: a live countdown ("in 20 seconds"), or "none" while the clock is being reset.

## What a card counts as (a value: never a card's label)

shithead-value = { $v ->
    [11] Page
    [12] Knight
    [13] Queen
    [14] King
   *[other] { $v }
}
shithead-major = { $card } ({ $roman })
# in a sentence: "Play a 7 or higher"
shithead-a = { $v ->
    [8] an 8
    [11] a Page
    [12] a Knight
    [13] a Queen
    [14] a King
   *[other] a { $v }
}
# several of a rank: "Four 7s in a row"
shithead-ranks = { $v ->
    [11] Pages
    [12] Knights
    [13] Queens
    [14] Kings
   *[other] { $v }s
}
shithead-and = { $rest } and { $last }
shithead-place = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}

## Refusals

shithead-players = Drunken Shithead is for 2 to 6 players.
shithead-no-two-on-devil = No 2 may be played on the Devil.
shithead-after-hanged = After the Hanged Man play lower: a minor, a Major up to XI, a 10 or a 2.
shithead-on-devil = On { $top } only a higher Major or a 10 may be played (never a 2).
shithead-on-major = On { $top } only a higher Major, a 10 or a 2 may be played.
shithead-one-low = A 1 goes only on an empty pile, a 1 or the Hanged Man.
shithead-play-higher = Play { $top } or higher, a 10 or a 2.
shithead-still-choosing = Everyone is still choosing their face-up cards.
shithead-not-your-turn = It's not your turn.
shithead-chosen-already = The face-up cards are already chosen.
shithead-you-chose = You have already chosen your face-up cards.
shithead-choose-three = Choose exactly 3 cards to lay face up.
shithead-choose-own = Choose from your own six cards.
shithead-choose-a-card = Choose a card to play.
shithead-once = Each card can be played only once.
shithead-no-such-card = You don't have that card.
shithead-name-turned = Name what the Drunken Fool you turned stands for.
shithead-turn-down = Your hand and face-up cards are gone: turn a face-down card.
shithead-hand-first = Play your hand first; face-up cards come after.
shithead-not-held = You don't hold that card.
shithead-major-alone = A Major is played on its own.
shithead-same-value = Cards played together must be of the same value.
shithead-fool-with = With { $ranks } the Fool can only be { $a }.
shithead-only-fool = Only the Drunken Fool stands for another card.
shithead-name-fool = Name what the Drunken Fool stands for.
shithead-fool-range = The Fool can stand for a minor rank 1-14 or a Major I-XXI.
shithead-turn-first = Turn a face-down card first: it may be playable.
shithead-can-play = You can play, so you can't pick up the pile.
shithead-down-last = Face-down cards come last: play your other cards first.
shithead-down-gone = That face-down card has already been played.

## The game's lines

shithead-has-chosen = { $who } has chosen.
shithead-lays-up = { $who } lays up { $cards }.
shithead-starts = { $who } starts.
shithead-time-choose = Time's up: { $who } lays up their three highest cards.
shithead-time-up = Time's up for { $who }.
# $src: hand, up (face-up cards), down (blind); $how: plain, alone (the Fool alone, $a what it
# stands for), with (the Fool in a set)
shithead-plays = { $who } plays{ $src ->
    [up] {" "}from face up
    [down] {" "}blind
   *[hand] {""}
} { $how ->
    [alone] { $cards } as { $a }
    [with] { $cards } (the Fool as { $a })
   *[plain] { $cards }
}.
shithead-burned = { $why ->
    [ten] Burned by a 10
   *[four] Four { $ranks } in a row: burned
}{ $then ->
    [again] : { $who } goes again.
   *[out] !
}
shithead-new-pile = { $who } starts the new pile.
shithead-hanged = Hanged Man: play lower, { $who }.
shithead-devil = The Devil: no 2 may be played on it.
shithead-two = A 2: the pile is back to 2.
shithead-you-draw = You draw { $cards }.
shithead-picks-up = { $who } picks up the pile ({ $n ->
    [one] { $n } card
   *[other] { $n } cards
}).
# a drink's reason
shithead-picked-up = picked up { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
shithead-pickup-sip = Pick-up sip: { $who } drinks { sips }.
shithead-turns-fool = { $who } turns { $card } blind: wild! What does it stand for?
shithead-turns-no = { $who } turns { $card } blind: it can't go on { $top }.
shithead-out-wins = { $who } is out of cards and wins!
shithead-out = { $who } is out of cards ({ shithead-place }).
shithead-leaves = { $who } leaves the game; their cards go with them.
shithead-last-orders-now = Last orders: { $n } turns without anyone going out.
# a drink's reason
shithead-the-shithead = the shithead
shithead-standing = { shithead-place }: { $who }
shithead-is-shithead = { $who } is the shithead!
shithead-finishes = { $who } finishes their drink.
shithead-wins = { $who } wins!
shithead-last-orders = Last orders: the players still holding cards ranked by cards held.

## Where a replay can jump to

shithead-mark-out = { $who } is out
shithead-mark-draw = The draw pile runs out
shithead-mark-play = Play starts
shithead-mark-pile = Pile { $n }

## The table

shithead-my-hand = My hand
shithead-title = 💩 { $game } · table #{ $table }
shithead-pile-empty = **Pile**: empty, any card goes.
shithead-pile = **Pile** ({ $n }): { $cards }
# the pile's top card: what a Fool stands for ($a, or "none"), its power, how many in a row
shithead-pile-top = **{ $card }**{ $a ->
    [none] {""}
   *[other] {" "}as { $a }
}{ $power ->
    [lower] : **play lower**
    [devil] : no 2 on it
    [two] : back to 2
   *[none] {""}
}{ $run ->
    [0] {""}
   *[other] {" "}· { $run } in a row
}
shithead-draw-pile = draw pile { $n }
shithead-burned-count = burned { $n }
shithead-left-game = { $who } left the game
shithead-out-line = { $who } is out: { shithead-place }{ $gone ->
    [yes] , left the table
   *[no] {""}
}
shithead-part-hand = hand { $n }
shithead-part-up = up { $cards }
shithead-part-down = down { $n }
shithead-no-cards = no cards
shithead-turn = { $who } { $doing ->
    [fool] names the Drunken Fool they turned
    [hand] to play
    [up] to play a face-up card
   *[down] to play a face-down card, blind
} (**{ $button }**){ $due ->
    [none] {""}
   *[other] , time's up { $due }
}
shithead-house = { $rule ->
    [find_shithead] find the shithead
    [pickup_sip] pick-up sip
   *[shithead_finishes] shithead finishes
}
shithead-everyone-choose = Everyone: press **{ $button }** and pick 3 of your 6 cards to lay face up. { $due ->
    [none] When time's up
   *[other] Time's up { $due }
}: then your three highest go up.
shithead-chosen = { $who } has chosen
shithead-choosing = { $who } choosing
shithead-footer = Seed SHA-256 { $hash }… · { $seconds } s a turn
shithead-ended-out = Out: { $places }
shithead-ended-held = Cards still held: { $held }
shithead-ended-left = Left: { $who }

## A player's hand

shithead-hand-title = Your hand · { $game } · table #{ $table }
shithead-hand-footer = Only you can see this. Your face-down cards: not even you.
shithead-you-are-out = You're out of cards: **{ shithead-place }**! Watch the rest, or leave the table.
shithead-leave-table = Leave the table
shithead-pick-up-three = Pick the **3 cards to lay face up** on your 3 face-down ones; the other 3 are your hand. Everyone sees face-up cards; you play them once your hand and the draw pile are gone. { $due ->
    [none] When time's up
   *[other] Time's up { $due }
}: then your three highest go up.
shithead-your-six = Your six: { $cards }
shithead-choose-select = Choose 3 cards to lay face up…
shithead-wait-choose = Waiting for the others to choose{ $due ->
    [none] {""}
   *[other] {" "}(time's up { $due })
}.
shithead-wait-for = Waiting for { $who }{ $due ->
    [none] {""}
   *[other] {" "}(time's up { $due })
}.
shithead-my-hand-line = **Hand** ({ $n }): { $cards }
shithead-my-up-line = **Face up**: { $cards }
shithead-my-down-line = **Face down**: { $cards }
shithead-your-turn = { $what ->
    [fool] You turned **the Drunken Fool**: wild! Name what it stands for
    [blind] Your turn: turn a face-down card and play it blind
    [pick-up] Nothing you can play goes on { $top }: pick up the pile
    [only-fool] Only **the Drunken Fool** fits: choose what it stands for below
    [menu] Your turn: pick your card(s) from the menu below
    [up] Your turn: tap a face-up card to play it
   *[card] Your turn: tap a card to play it
}{ $due ->
    [none] {""}
   *[other] {" "}(time's up { $due })
}.
shithead-down-button = Face-down card { $n }
shithead-pick-up-button = Pick up the pile ({ $n ->
    [one] { $n } card
   *[other] { $n } cards
})
shithead-several-select = { $least ->
    [1] Play one card, or several of one value…
   *[other] Play several of one value…
}
shithead-fool-with-set = with cards of one rank: one more of it
shithead-fool-select = { $kind ->
    [minor] Play the Drunken Fool as a minor card…
    [major] Play the Drunken Fool as a Major…
   *[any] Play the Drunken Fool as…
}
shithead-fool-as = as { $a }
shithead-power = { $power ->
    [ten] burns the pile: you go again
    [two] the pile restarts from 2
    [hanged] the next card must go lower
   *[devil] no 2 may go on it
}

## The table's picture (words drawn on it)

shithead-art-player = { $name } · { $hand } in hand{ $n ->
    [0] {""}
   *[other] {" "}· out, { shithead-place }
}
shithead-art-centre = Draw · pile{ $fool ->
    [none] {""}
   *[other] {" "}· Fool as { $fool }
}{ $burned ->
    [0] {""}
   *[other] {" "}· { $burned } burned
}
shithead-art-over = Game over
shithead-art-turn = { $name } to play

# Spit (bot/engines/spit.py, bot/ui/spit.py, bot/art/spit.py). { $who }, { $a }, { $b }: a
# player's name; { $card }, { $top }, { $ca }, { $cb }: a card's label (7♥); { $pile }: a centre
# pile, 0 (left) or 1 (right).

## The game's lines (the log, the refusals, the results): data, worded for each reader

spit-two-players = Spit is for exactly 2 players.
spit-opening = Four cards each are laid out. Say spit when you're ready: the first cards are spat when both have, or in { $seconds } s.
spit-left = { $who } left the game.
spit-not-a-move = That is not a move in this game.
spit-no-pile = There is no such pile.
spit-wait = Wait for the first spit.
spit-slow-card = Too slow! That card has already been played.
spit-not-a-play = That play isn't from this game.
spit-slow-pile = Too slow! Another card landed on that pile first.
spit-no-fit = The { $card } doesn't fit on the { $top }.
spit-deck-empty = { $who }'s deck is empty: they play on with their layout.
spit-last-card = { $who } plays their last card!
spit-not-a-spit = That spit isn't from this game.
spit-slow-spit = Too slow! Those cards were already spat.
spit-keep-playing = Nobody is stuck: keep playing.
spit-said-already = You already said spit.
spit-choose-pile = Choose the pile to spit onto.
spit-own-pile = You spit onto your own pile.
spit-other-chooses = Your deck is empty: your opponent chooses the pile. Press { spit-button }
# { $when }: "clock" (the clock spat) or "said" (both said spit)
spit-spat = { $when ->
    [clock] Time's up: spit!
   *[said] Spit!
} { $a } turns the { $ca }, { $b } the { $cb }.
spit-alone = { $when ->
    [clock] Time's up: spit!
   *[said] Spit!
} { $who } spits the { $card } alone onto the { spit-pile } pile.
spit-stuck = Both players are stuck: spit!
spit-idle = Nobody played for { $seconds } s: the game ends.
spit-mark-spit = Spit { $n }
spit-mark-deck-out = { $who }'s deck runs out
spit-cards-left = { $who }: { $n ->
    [one] { $n } card
   *[other] { $n } cards
} left
spit-left-wins = { $who } left: { $other } wins.
spit-out-wins = { $who } is out of cards and wins!
spit-idler-loses = { $who } could play and didn't: { $other } wins.
# why the cards left were counted, before the result ({ $why } below)
spit-why-stuck = Both decks are used up and nobody can play.
spit-why-idle = Nobody played for { $seconds } s.
spit-fewest-wins = { $why } Fewest cards left: { $who } wins.
spit-equal-draw = { $why } Equal cards left: a draw.

## The table and the panel

spit-pile = { $pile ->
    [0] left
   *[1] right
}
spit-title = 💥 { game-spit-title } · table #{ $table }
spit-seat = { $who }{ $gone ->
    [yes] {" "}(left)
   *[no] {""}
}: { $layout } · deck { $deck }{ $said ->
    [yes] {" "}· said **{ spit-button }**
   *[no] {""}
}
spit-centre = Centre: { $piles }
spit-centre-pile = { spit-pile } **{ $top }** ({ $n })
spit-centre-empty = { spit-pile } empty ({ $n })
spit-last = Last: { $plays }
# { $why }: the opening spit, or a stalemate: both spit, one spits "alone" (the table), the
# lone spitter must "choose" the pile, the other player "wait"s for it (their panels)
spit-status-spit = 💥 { $why ->
    [opening] Ready? Both press **{ spit-button }** to start
    [wait] Stalemate! Your deck is empty: press **{ spit-button }** while { $who } chooses the pile
    [choose] Stalemate! Only you can spit: choose the pile
    [alone] Stalemate! { $who } spits alone: choose the pile
   *[both] Stalemate! Nobody can play: both press **{ spit-button }**
}{ $did ->
    [yes] {" "}(you did)
   *[no] {""}
}. It spits by itself { $due }.
spit-status-play = ⚡ No turns: play as fast as you can! Nobody playing ends it { $due }.
spit-footer = Seed SHA-256 { $hash }… · open { $panel } to play
spit-my-panel = My panel
spit-button = Spit!
spit-button-ready = Spit! ({ $who })
spit-button-onto = Spit onto { spit-pile }
spit-button-onto-whose = { $who }: spit onto { spit-pile }
spit-button-play = { $card } → { spit-pile }
spit-decks = Your deck { $mine } · { $who }: { $layout } · deck { $theirs }
spit-private-title = Your Spit panel · table #{ $table }
spit-private-footer = Only you can see this. Tap a card → pile; first come, first served.

## The picture

spit-art-seat = { $who } · { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
spit-art-centre = Centre
spit-art-caption = { $phase ->
    [over] Game over
    [spit] Spit!
    [start] Say spit to start
   *[play] Play!
}

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

# The Devil's Tarok (bot/engines/tarok.py, bot/ui/tarok.py). $who, $dealer...: a player's name;
# $card: a card in a sentence ("the Queen of Wines"); $suit: beers, lagers, wines, spirits, majors.
# Game totals pass the 999 mark: NUMBER(..., useGrouping: 0) writes them as the table does (1086).

## The engine's lines

tarok-players = The Devil's Tarok is for { $least } to { $most } players.
tarok-no-such-card = There is no such card.
tarok-not-your-turn = It's not your turn.
tarok-not-held = You don't hold that card.
tarok-follow-suit = You must follow suit: play one of your { $suit ->
    [beers] beers
    [lagers] lagers
    [wines] wines
    [spirits] spirits
   *[majors] Majors
}.
tarok-plays = { $who } plays { $card }.
tarok-timeout-plays = { $who } ran out of time and plays { $card }.
tarok-takes-trick = { $who } takes the trick with { $card }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
tarok-trick-out = { $who } has left: the trick they took with { $card } is out of play.
tarok-draw = You draw { $card }.
tarok-pile-empty = The draw pile is empty.
# $scores: "Ana +35 = 105, Bo +20 = 80"
tarok-hand-won = Hand { $hand }: { $scores }. { $who } wins with { NUMBER($points, useGrouping: 0) } points!
tarok-hand-over = Hand { $hand }: { $scores }.{ $tie ->
    [yes] {" "}A tie at the top: play on.
   *[no] {""}
} { $who } deals hand { $next }.
tarok-left = { $timeouts ->
    [0] { $who } leaves the game: their hand goes out of play.
   *[other] { $who } is out after { $timeouts ->
        [one] { $timeouts } timeout
       *[other] { $timeouts } timeouts
    } in a row: their hand goes out of play.
}
tarok-last-seated = { $who } is the last player seated and wins.
tarok-mark-trick = Hand { $hand }, trick { $trick }
tarok-mark-hand = Hand { $hand }
tarok-result = { $who }: { $points ->
    [one] { NUMBER($points, useGrouping: 0) } point
   *[other] { NUMBER($points, useGrouping: 0) } points
}
tarok-result-wins = { $who } wins

## The screens (bot/ui/tarok.py)

tarok-my-hand = My hand
tarok-suit = { $suit ->
    [beers] beers
    [lagers] lagers
    [wines] wines
    [spirits] spirits
   *[majors] Majors
}
tarok-table = { game-tarok-title } · table #{ $id }
tarok-footer = { $seconds } s per card · seed SHA-256 { $hash }…
tarok-header = Hand { $hand } · dealer { $dealer } · draw pile { $pile ->
    [0] empty
    [one] { $pile } card
   *[other] { $pile } cards
} · first to { $target } wins
tarok-legend = Cards · points (+ this hand):
tarok-player-left = { $who }: left · { NUMBER($total, useGrouping: 0) }
# $suit: "🍺 beers"; $cards: "Bo 7🍺 · Cy Q🍺"
tarok-trick = Trick, { $suit } led by { $leader }: { $cards }
tarok-last-trick = Last trick, { $points ->
    [one] { $points } point
   *[other] { $points } points
}: { $cards }
tarok-led = { $suit } led by { $leader }
tarok-took-last = { $who } took the last trick, { $points ->
    [one] { $points } point
   *[other] { $points } points
}
tarok-last-out = { $who } left: the last trick ({ $points ->
    [one] { $points } point
   *[other] { $points } points
}) is out of play
# $clock: Discord's live "in 25 seconds"
tarok-to-play = { $who } to play from **{ tarok-my-hand }**{ $timed ->
    [yes] , time runs out { $clock }.
   *[no] .
}
tarok-to-lead = { $who } leads the next trick from **{ tarok-my-hand }**{ $timed ->
    [yes] , time runs out { $clock }.
   *[no] .
}
# a hand's last trick, shown once the next hand is dealt; $line: the engine's line
tarok-hands-last-trick = Hand { $hand }'s last trick: { $line }
tarok-cut-short = Hand { $hand } was cut short: its tricks so far count below.
tarok-result-left = { $who }: { $points ->
    [one] { NUMBER($points, useGrouping: 0) } point
   *[other] { NUMBER($points, useGrouping: 0) } points
} (left)
tarok-more-cards = More cards…
tarok-timeout-hint = { $timed ->
    [yes] Time runs out { $clock }, then
   *[no] If time runs out,
} { $fool ->
    [yes] your Fool is played
   *[no] your lowest card is played
}.
tarok-your-turn = **Your turn**: follow { $suit } if you can (the Fool always may). { $hint }
tarok-your-lead = **Your lead**: play any card. { $hint }
tarok-wait = Not your turn yet: your cards light up when it is.
tarok-you = You: **{ $points ->
    [one] { NUMBER($points, useGrouping: 0) } point
   *[other] { NUMBER($points, useGrouping: 0) } points
}** (+{ $gained } this hand) · hand { $hand }
tarok-hand-title = Your hand · { game-tarok-title } · table #{ $id }
tarok-hand-footer = Only you can see this. Majors 30, the Devil 50, the Fool 0 · K 25, Q 20, Kn 15, P 10, 1-10 face value

## The table's picture (bot/art/tarok.py): the font draws no accents

tarok-art-left = { $who } (left)
tarok-art-trick = Trick
tarok-art-last-trick = Last trick
tarok-art-over = Game over
tarok-art-caption = { $pile ->
    [0] Deck empty
   *[other] Deck { $pile }
} · { $who } to play

# Double-or-Nothing War (bot/engines/war.py, bot/ui/war.py, bot/art/war.py). { $who }, { $a }...:
# a player's name; { $ca }, { $cb }: a card's label (9♠); { $rank }: a rank's (9, Q).

## The game's lines (the log, the refusals, the results): data, worded for each reader

war-two-players = Double-or-Nothing War is for exactly 2 players.
war-dealer-flips = Time's up: the dealer turns the cards.
war-out-of-time = { $who } ran out of time and drinks.
war-left = { $who } left the game: { $other } wins.
war-already-turned = The cards are already turned.
war-hand-turned = Hand { $n } is already turned.
war-nothing-to-choose = Nothing to choose right now.
war-only-loser = Only the loser of this hand can choose.
war-flip = { $a } turns { $ca }, { $b } turns { $cb }
war-tie = Both turn { $rank }: a social drink for both ({ sips } each).
war-save-tie = Save throw tied at { $rank }, base drink cancelled: a social drink for both ({ sips } each).
war-last-cards = Those were the last cards: no double or nothing.
war-lost-hand = { $who } loses the hand: drink { $n } or go double or nothing?
# the loser's rank against the winner's: a drink's reason, and in the line below
war-versus = { $lo } against { $hi }
war-drinks = { $who } drinks { $n }: { $versus }
war-goes-double = { $who } goes double or nothing for { $n }!
war-save-flip = Save throw: { $a } turns { $ca }, { $b } turns { $cb }
war-saved = { $who } won the save throw: { $other } drinks { $n }
war-doubled = { $who } doubled and lost: { $n }
war-piles-empty = The piles are empty: game over.
war-standing = { $who }: { sips }
war-left-wins = { $who } left: { $other } wins
war-draw = A draw
war-wins = { $who } wins
war-highlight = { $who } went double or nothing: won { $won }, lost { $lost }
# a replay's place
war-mark-hand = Hand { $n }
# drinks' reasons (the end screen's biggest drink)
war-reason-social = social drink
war-reason-saved = lost a save throw
war-reason-doubled = doubled and lost

## The table and the private view

war-title = ⚔️ { game-war-title } · table #{ $table }
war-seat = { $who }{ $gone ->
    [yes] {" "}(left)
   *[no] {""}
}: { $n ->
    [one] { $n } card
   *[other] { $n } cards
} left · { $drinks }
war-hand-cards = Hand { $n }: { $a } **{ $ca }** · { $b } **{ $cb }**
war-last-hand-cards = Last hand: { $a } **{ $ca }** · { $b } **{ $cb }**
war-save-cards = Save throw: { $a } { $ca } · { $b } { $cb }
war-choice = 👉 { $who } lost by **{ $n }**: drink { $n } or **double or nothing**? { $who } chooses { $due } (or drinks { $n }).
war-flip-due = Either player flips hand { $n }; the dealer flips { $due }.
war-footer = Seed SHA-256 { $hash }… · social drink { sips } · { $seconds } s to choose
war-button-flip = Flip the next hand
war-button-drink = Drink { $n }
war-button-double = Double or nothing
war-end-left = 🚪 { $who } left: { $other } wins.
war-end-wins = 🏆 { $who } wins: { $won } to { $lost }.
war-end-draw = 🤝 A draw: { $n } each.
war-you-lost = You lost by **{ $n }**. Drink { $n }, or double or nothing (win the save throw and the other player drinks { $n }; lose it and you drink { $double }). Decide { $due }.
war-waiting = Waiting for a flip.
war-choosing = { $who } is choosing: drink, or double or nothing.
war-private-title = Your seat at War · table #{ $table }
war-private-footer = Only you can see this. Nobody sees their pile in War: no peeking!

## The picture

war-art-seat = { $who } · { sips }
war-art-caption = Hand { $n }{ $save ->
    [yes] {" "}· save throw
   *[no] {""}
}
