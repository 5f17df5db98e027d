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
