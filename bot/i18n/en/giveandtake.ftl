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
