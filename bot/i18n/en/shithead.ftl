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
