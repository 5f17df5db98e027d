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
