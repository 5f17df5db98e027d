# Djävulens tarok (bot/engines/tarok.py, bot/ui/tarok.py). $who, $dealer...: en spelares namn;
# $card: ett kort i en mening ("drottning av vin"); $suit: beers, lagers, wines, spirits, majors.
# Ord: giv (hand), stick, spela ut, bekänna färg, draghög, arkanakort (Majors).
# Totaler över 999 skrivs som på bordet (1086): NUMBER(..., useGrouping: 0).

## Motorns rader

tarok-players = Djävulens tarok är för { $least }-{ $most } spelare.
tarok-no-such-card = Det kortet finns inte.
tarok-not-your-turn = Det är inte din tur.
tarok-not-held = Du har inte det kortet.
tarok-follow-suit = Du måste bekänna färg: spela { $suit ->
    [beers] ett ölkort
    [lagers] ett lagerkort
    [wines] ett vinkort
    [spirits] ett spritkort
   *[majors] ett arkanakort
}.
tarok-plays = { $who } spelar { $card }.
tarok-timeout-plays = { $who } hann inte: { $card } spelas.
tarok-takes-trick = { $who } tar sticket med { $card }: { $points } poäng.
tarok-trick-out = { $who } har lämnat: sticket hen tog med { $card } går ur spelet.
tarok-draw = Du drar { $card }.
tarok-pile-empty = Draghögen är slut.
# $scores: "Ana +35 = 105, Bo +20 = 80"
tarok-hand-won = Giv { $hand }: { $scores }. { $who } vinner med { NUMBER($points, useGrouping: 0) } poäng!
tarok-hand-over = Giv { $hand }: { $scores }.{ $tie ->
    [yes] {" "}Delad topp: spela vidare.
   *[no] {""}
} { $who } delar ut giv { $next }.
tarok-left = { $timeouts ->
    [0] { $who } lämnar spelet: handen går ur spelet.
   *[other] { $who } lät tiden gå ut { $timeouts ->
        [one] { $timeouts } gång
       *[other] { $timeouts } gånger
    } i rad och åker ut: handen går ur spelet.
}
tarok-last-seated = { $who } är ensam kvar vid bordet och vinner.
tarok-mark-trick = Giv { $hand }, stick { $trick }
tarok-mark-hand = Giv { $hand }
tarok-result = { $who }: { NUMBER($points, useGrouping: 0) } poäng
tarok-result-wins = { $who } vinner

## Skärmarna (bot/ui/tarok.py)

tarok-my-hand = Min hand
tarok-suit = { $suit ->
    [beers] öl
    [lagers] lager
    [wines] vin
    [spirits] sprit
   *[majors] arkana
}
tarok-table = { game-tarok-title } · bord #{ $id }
tarok-footer = { $seconds } s per kort · slumpfrö SHA-256 { $hash }…
tarok-header = Giv { $hand } · givare { $dealer } · draghög { $pile ->
    [0] tom
   *[other] { $pile } kort
} · först till { $target } vinner
tarok-legend = Kort · poäng (+ denna giv):
tarok-player-left = { $who }: har lämnat · { NUMBER($total, useGrouping: 0) }
# $suit: "🍺 öl"; $cards: "Bo 7🍺 · Cy Q🍺"
tarok-trick = Stick i { $suit }, utspelat av { $leader }: { $cards }
tarok-last-trick = Förra sticket, { $points } poäng: { $cards }
tarok-led = { $suit } utspelat av { $leader }
tarok-took-last = { $who } tog förra sticket, { $points } poäng
tarok-last-out = { $who } har lämnat: förra sticket ({ $points } poäng) går ur spelet
# $clock: Discords levande "om 25 sekunder"
tarok-to-play = { $who } spelar från **{ tarok-my-hand }**{ $timed ->
    [yes] , tiden går ut { $clock }.
   *[no] .
}
tarok-to-lead = { $who } spelar ut nästa stick från **{ tarok-my-hand }**{ $timed ->
    [yes] , tiden går ut { $clock }.
   *[no] .
}
# förra givens sista stick, som visas när nästa giv är utdelad; $line: motorns rad
tarok-hands-last-trick = Giv { $hand }, sista sticket: { $line }
tarok-cut-short = Giv { $hand } avbröts: dess stick hittills räknas nedan.
tarok-result-left = { $who }: { NUMBER($points, useGrouping: 0) } poäng (har lämnat)
tarok-more-cards = Fler kort…
tarok-timeout-hint = Går tiden ut{ $timed ->
    [yes] {" "}{ $clock }
   *[no] {""}
} spelas { $fool ->
    [yes] The Drunken Fool
   *[no] ditt lägsta kort
}.
tarok-your-turn = **Din tur**: bekänn { $suit } om du kan (The Drunken Fool går alltid). { $hint }
tarok-your-lead = **Du spelar ut**: spela valfritt kort. { $hint }
tarok-wait = Inte din tur än: dina kort lyser upp när det är det.
tarok-you = Du: **{ NUMBER($points, useGrouping: 0) } poäng** (+{ $gained } denna giv) · giv { $hand }
tarok-hand-title = Din hand · { game-tarok-title } · bord #{ $id }
tarok-hand-footer = Bara du ser detta. Arkanakort 30, The Devil 50, The Drunken Fool 0 · K 25, Q 20, Kn 15, P 10, 1-10 sitt nummer

## Bordets bild (bot/art/tarok.py): typsnittet ritar inga accenter (å, ä, ö blir a, a, o)

tarok-art-left = { $who } (lämnat)
tarok-art-trick = Stick
tarok-art-last-trick = Förra sticket
tarok-art-over = Spelet är slut
tarok-art-caption = { $pile ->
    [0] Draghögen slut
   *[other] Draghög { $pile }
} · { $who } spelar
