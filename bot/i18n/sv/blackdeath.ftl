# Svarta döden (bot/engines/blackdeath.py, bot/ui/blackdeath.py, bot/art/blackdeath.py).
# $due: en nedräkning ("om 20 sekunder"), eller "none" när ingen klocka går.

## Ord

blackdeath-and = { $rest } och { $last }
blackdeath-comma = { $first }, { $rest }
blackdeath-rank-plural = { $rank ->
    [1] ettor
    [2] tvåor
    [3] treor
    [4] fyror
    [5] femmor
    [6] sexor
    [7] sjuor
    [8] åttor
    [9] nior
    [10] tior
    [11] pager
    [12] riddare
    [13] drottningar
    [14] kungar
   *[other] { $rank }:or
}
blackdeath-a-pair = ett par { $ranks }
blackdeath-ranks = { $ranks }{ $two ->
    [yes] {" "}(två par)
   *[no] {""}
}
blackdeath-pairs = { $n } par: { $ranks }
blackdeath-death = Döden

## Nej

blackdeath-players = Svarta döden är för 2 till 10 spelare.
blackdeath-nothing-to-choose = Det finns inget att välja just nu.
blackdeath-loser-chooses = Bara den som har Döden väljer.
blackdeath-no-writer-finish = Ingen finns kvar som kan skriva en pant: drick ur.
blackdeath-not-a-move = Det är inget drag i det här spelet.
blackdeath-no-offer = Inga kort hålls fram just nu.
blackdeath-not-your-turn = Det är inte din tur att dra ett kort.
blackdeath-pick = Välj ett kort från 1 till { $n }.
blackdeath-no-forfeit-wanted = Ingen pant väntar på att skrivas.
blackdeath-someone-else-writes = Någon annan skriver den här panten.
blackdeath-empty-forfeit = Skriv panten: den får inte vara tom.
blackdeath-long-forfeit = En pant får vara högst { $most } tecken (den här har { $n }).

## Spelets rader

blackdeath-discards = { $who } kastar { $pairs }
blackdeath-death-found = Bara Döden är kvar, och { $who } har den! Dricka ur eller ta en pant?
blackdeath-safe = { $who } har inga kort kvar: säker från Döden!
blackdeath-held-death = satt med Döden{ $why ->
    [none] {" "}(ingen pant skrevs)
    [time] {" "}(tiden gick ut)
    [late] {" "}(ingen pant skrevs i tid)
    [left] {" "}(gick innan hen drack)
   *[chose] {""}
}
blackdeath-finishes = { $who } dricker ur sin drink.
blackdeath-no-writer = Ingen finns kvar som kan skriva en pant.
blackdeath-writes = { $who } skriver en pant åt { $loser }.
blackdeath-takes-forfeit = { $who } tar en pant.
blackdeath-takes = { $who } drar ett kort från { $offerer }.
blackdeath-you-drew = Du drog { $card }
blackdeath-took-yours = { $who } drog { $card } från dig
blackdeath-forfeit-set = Pant åt { $who }, skriven av { $writer }: { $text }
blackdeath-time-take = Tiden gick ut för { $who }: ett kort dras åt hen.
blackdeath-time-choose = Tiden gick ut för { $who } att välja.
blackdeath-time-write = { $who } skrev ingen pant i tid.
blackdeath-leaves = { $who } lämnar spelet.
blackdeath-passed = { $n ->
    [one] Kortet
   *[other] De { $n } korten
} från { $who } går till { $heir }.
blackdeath-end-alone = Alla andra har gått: { $who } vinner.
blackdeath-end-left = { $who } satt med Döden och gick: drinken räknas som urdrucken.
blackdeath-end-no-forfeit = Ingen pant skrevs: { $who } satt med Döden och drack ur.
blackdeath-end-finished = { $who } satt med Döden och drack ur.
blackdeath-end-forfeit = { $who } satt med Döden och tog en pant: { $text }
blackdeath-end-holds = { $who } har Döden.

## Ställen en repris kan hoppa till

blackdeath-mark-death = { $who } har Döden
blackdeath-mark-safe = { $who } är säker
blackdeath-mark-pair = Par { $n } av { $of }

## Bordet

blackdeath-my-hand = Min hand
blackdeath-title = { $game } · bord #{ $table }
blackdeath-footer = Frö SHA-256 { $hash }… · { $n } par kastade{ $seconds ->
    [0] {""}
   *[other] {" "}· { $seconds } s att dra ett kort
}
blackdeath-seat = { $who } { $fan }{ $role ->
    [offering] {" "}· håller fram
    [taking] {" "}· drar
   *[none] {""}
}
blackdeath-seat-left = { $who } har gått
blackdeath-seat-death = { $who } har Döden
blackdeath-seat-safe = { $who } säker{ $left ->
    [yes] {" "}(har gått)
   *[no] {""}
}
blackdeath-card-n = Kort { $n }
blackdeath-take-select = Dra ett kort (1-{ $n })…
blackdeath-finish-button = Drick ur
blackdeath-forfeit-button = Pant
blackdeath-write-button = Skriv panten
blackdeath-the-deal = Given
blackdeath-turn-take = { $n ->
    [one] { $taker }, dra det sista kortet från { $offerer }: tryck på 1 (annars tar jag det { $due }).
   *[other] { $taker }, dra ett av de { $n } nedvända korten som { $offerer } håller fram (annars väljer jag ett { $due }).
}
blackdeath-turn-choose = Bara Döden är kvar, och { $loser } har den! { $loser }: **drick ur** eller ta en **pant**? { $due ->
    [none] Bestäm dig nu
   *[other] Bestäm dig { $due }
}, annars dricker du ur.
blackdeath-turn-write = { $loser } tar en pant. { $writer }, tryck på **{ $button }**{ $due ->
    [none] {""}
   *[other] {" "}{ $due }
}; kommer ingen pant dricker { $loser } ur.
blackdeath-still-holding = Har kort kvar: { $held }
blackdeath-safe-name = { $who }{ $left ->
    [yes] {" "}(har gått)
   *[no] {""}
}
blackdeath-ended-safe = Säkra: { $who }
blackdeath-ended-left = Har gått: { $who }

## En spelares hand

blackdeath-hand-title = Din hand · { $game } · bord #{ $table }
blackdeath-hand-footer = Bara du ser det här.
blackdeath-your-hand = Din hand, utan par ({ $n } kort):
blackdeath-you-are-safe = Inga kort kvar: du är säker från Döden!
blackdeath-your-turn = { $n ->
    [one] **Din tur**: dra det sista kortet från { $offerer } (1), här eller på bordet
   *[other] **Din tur**: dra ett av de { $n } nedvända korten från { $offerer } efter dess nummer, här eller på bordet
}{ $due ->
    [none] {""}
   *[other] , { $due }
}.
blackdeath-taking-yours = { $who } drar ett kort ur din hand.
blackdeath-taking = { $who } drar ett kort från { $offerer }.
blackdeath-you-hold-death = Du har Döden! **Drick ur**, eller ta en **pant** som en annan spelare skriver. { $due ->
    [none] Bestäm dig nu
   *[other] Bestäm dig { $due }
}, annars dricker du ur.
blackdeath-is-choosing = { $who } har Döden och väljer.
blackdeath-you-write = Du skriver en pant åt { $loser } (högst { $most } tecken): tryck på **{ $button }**{ $due ->
    [none] {""}
   *[other] {" "}{ $due }
}.
blackdeath-writing-yours = { $who } skriver din pant.
blackdeath-writing = { $who } skriver en pant åt { $loser }.
blackdeath-form-title = En pant åt { $who }
blackdeath-form-label = Vad ska hen göra?
blackdeath-form-example = Sjung en sång som bordet väljer

## Bordets bild (orden som ritas på den)

blackdeath-art-last-pair = Senaste paret · { $who }
blackdeath-art-hand = { $role ->
    [offers] { $who } håller fram { $n }
    [takes] { $who } drar
   *[holds] { $who } · { $n } kort
}
blackdeath-art-over = Spelet är slut
blackdeath-art-takes = { $who } drar från { $offerer }
blackdeath-art-death = { $who } har Döden
