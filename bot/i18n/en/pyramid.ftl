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
