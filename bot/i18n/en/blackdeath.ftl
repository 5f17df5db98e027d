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
