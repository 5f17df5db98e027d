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
