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
