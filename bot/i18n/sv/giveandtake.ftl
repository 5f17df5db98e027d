# Ge & ta (bot/engines/giveandtake.py, bot/ui/giveandtake.py). $who: en spelares namn (eller
# flera: giveandtake-and); $turn: en omgångs nummer, eller dess namn (giveandtake-turn).
# Ord: ge-hög, ta-hög, duell, restkort, strid, ta hem (capture), omgång (turn), ringen, ute,
# ropa (cue), sista beställning (last call). En plats ($place) är högst 6:e.

## Motorns rader

# "Ana, Bo och Cy": $rest "Ana, Bo", $last "Cy"
giveandtake-and = { $rest } och { $last }
giveandtake-turn = { $flip ->
    [0] Omgång { $turn }
   *[other] Omgång { $turn }, stridsvändning { $flip }
}
giveandtake-players = Ge & ta är för { $least }-{ $most } spelare.
giveandtake-ask-last-call = Ropa sista beställning? Spelet slutar nu: de som är kvar rangordnas efter antal kort.
giveandtake-yes-last-call = Ja, sista beställning
giveandtake-table-cues = Ingen ropade: bordet ropar 3, 2, 1, kör!
giveandtake-go = 3, 2, 1, kör!
giveandtake-pile-timeout = { $who } hann inte välja: korten hamnar under den mindre högen.
giveandtake-host-last-call = Sista beställning! Värden avslutar spelet.
giveandtake-cued-already = Omgång { $turn } är redan ropad.
giveandtake-not-up-yet = Det är inte dags för omgång { $turn } än.
giveandtake-still-choosing = Vänta: den som tar hem väljer fortfarande hög.
giveandtake-put-away-already = Korten från omgång { $turn } är redan undanlagda.
giveandtake-no-capture-then = Omgång { $turn } har inga kort att lägga undan.
giveandtake-no-capture = Det finns inga kort att lägga undan just nu.
giveandtake-capturer-only = Bara den som tar hem väljer hög.
# $duets: "Ana 7♦/3♣ (4) · Bo 9♠/9♥ (0)"
giveandtake-flip = { $turn }: { $duets }
giveandtake-captures = { $who } tar hem { $cards } kort med skillnaden { $low }.
giveandtake-captures-ask = { $who } tar hem { $cards } kort med skillnaden { $low }. Ge-högen eller ta-högen?
giveandtake-fight = Strid! Lika mellan { $who } på { $low }.
giveandtake-ring-closes = Ringen sluts: senaste vändningen räknas om.
giveandtake-put-under = { $who } lade { $cards } kort under sin { $pile ->
    [take] ta-hög
   *[give] ge-hög
}.
giveandtake-turn-limit = Sista beställning: { $turns } omgångar har spelats.
# $n: hur många som åker ut; $shared: no, yes (delad plats), with (delad med $others)
giveandtake-out = { $who } { $why ->
    [fight] kan inte fortsätta striden
    [pile] fick slut i en hög
    [left] lämnar spelet
   *[clocks] lät tiden gå ut för många gånger
} och är ute på { $shared ->
    [no] {""}
   *[other] delad{" "}
}{ $place ->
    [1] 1:a
    [2] 2:a
   *[other] { $place }:e
} plats{ $shared ->
    [with] {" "}med { $others }
   *[other] {""}
}.
giveandtake-all-out = Alla som är kvar åker ut samtidigt: flest kort vinner.
giveandtake-forfeits = { $who } förlorar det hen tog hem: korten läggs till restkorten.
giveandtake-end-standing = { $who } är sist kvar och vinner!
# $how: all_out, limit, host, none (inte slut); $result: win, draw, none
giveandtake-end = { $how ->
    [all_out] I omgång { $turn } fick alla som var kvar en tom hög samtidigt: flest kort vinner.
    [limit] Sista beställning efter { $turns } omgångar: flest kort vinner.
    [host] Värden ropade sista beställning: flest kort vinner.
   *[none] Ställningen hittills (flest kort leder).
}{ $result ->
    [draw] {" "}Oavgjort mellan { $who }.
    [win] {" "}{ $who } vinner.
   *[none] {""}
}
# $how: left (i omgång $n), out (i omgång $n), standing, cards ($n kort)
giveandtake-place = { $place ->
    [1] 1:a
    [2] 2:a
   *[other] { $place }:e
}: { $who } ({ $how ->
    [left] lämnade i omgång { $n }
    [out] ute i omgång { $n }
    [standing] sist kvar
   *[cards] { $n } kort
})

## Skärmarna (bot/ui/giveandtake.py). $due: Discords levande "om 10 sekunder"; $place: "3:e"

giveandtake-table = { game-giveandtake-title } · bord #{ $id }
giveandtake-piles = { $who } ge { $give } · ta { $take }
# en spelare som är ute: "Cy 3:e (lämnade)"
giveandtake-out-one = { $who } { $place }{ $left ->
    [yes] {" "}(lämnade)
   *[no] {""}
}
giveandtake-out-line = Ute: { $who }
giveandtake-leftovers-down = Restkort: { $down } med baksidan upp
# $cards: de vända kortens etiketter ("7♦ 3♣")
giveandtake-leftovers = Restkort ({ $n }): { $down ->
    [0] { $cards }
   *[other] { $down } med baksidan upp, { $cards }
}
giveandtake-and-more = { $cards } och { $more } till
giveandtake-fight-banner = **Strid!** Lika på { $low }: alla vänder igen om allt ({ $cards } kort hittills).
giveandtake-prompt-pile = { $who } tar hem **{ $cards } kort**: under vilken hög? Annars den mindre { $due }.
giveandtake-prompt-host = { $who } ropar omgång { $turn }: **kör!** (annars bordet, { $due })
giveandtake-prompt-table = Bordet ropar omgång { $turn } { $due }.
# en högknapp; $out: yes när valet lämnar den andra högen tom
giveandtake-under = Under { $mine ->
    [yes] min { $pile ->
        [take] ta-hög
       *[give] ge-hög
    }
   *[no] { $pile ->
        [take] ta-högen
       *[give] ge-högen
    }
} ({ $n }){ $out ->
    [yes] { $mine ->
        [yes] : du åker ut!
       *[no] : ute!
    }
   *[no] {""}
}
giveandtake-footer = Duell: ditt ta-kort + ge-kortet ovanför (översta paras med nedersta) · slumpfrö SHA-256 { $hash }…
giveandtake-played = { $turns ->
    [one] { $turns } omgång spelad
   *[other] { $turns } omgångar spelade
}.
giveandtake-you-out = { $left ->
    [yes] Du har lämnat spelet
   *[no] Du är ute
}: **{ $place } plats**. Ringen spelar vidare.
giveandtake-your-piles = Dina högar: ge **{ $give }** · ta **{ $take }** ({ $cards } kort, med baksidan upp för alla, även dig).
giveandtake-your-duet = Din duell: { $duet } (ditt ta-kort, ge-kortet från { $giver }).
giveandtake-fight-note = Strid! Alla som är kvar vänder igen ovanpå.
giveandtake-you-capture = Du tar hem **{ $cards } kort**! Under vilken hög? Välj { $due }, annars hamnar de under den mindre.
giveandtake-choosing = { $who } väljer hög ({ $due }).
giveandtake-you-cue = Du ropar omgång { $turn }: **{ giveandtake-go }** (annars ropar bordet { $due })
giveandtake-waiting-cue = Väntar på att { $who } ska ropa ({ $due }).
giveandtake-table-cues-next = Bordet ropar nästa omgång { $due }.
giveandtake-host-may-call = Som värd kan du ropa **{ giveandtake-last-call }**: spelet slutar nu och de som är kvar rangordnas efter antal kort.
giveandtake-last-call = Sista beställning
giveandtake-seat-title = Din plats vid { game-giveandtake-title } · bord #{ $id }
giveandtake-only-you = Bara du ser detta.

## Bordets bild (bot/art/giveandtake.py): typsnittet ritar inga accenter (å, ä, ö blir a, a, o)

# $piles: giveandtake-piles
giveandtake-art-duet = { $piles } · duell { $difference }
giveandtake-art-leftovers = Restkort · { $n }
giveandtake-art-over = Spelet är slut
giveandtake-art-takes = { $who } tar hem { $n }
giveandtake-art-fight = Strid! { $n } kort i potten
giveandtake-art-turn = Omgång { $turn }{ $down ->
    [0] {""}
   *[other] {" "}· { $down } restkort
}
