# Full skitgubbe (bot/engines/shithead.py, bot/ui/shithead.py, bot/art/shithead.py).
# $due: en nedräkning ("om 20 sekunder"), eller "none" medan klockan ställs om.

## Vad ett kort räknas som (ett värde, aldrig ett korts etikett)

shithead-value = { $v ->
    [11] page
    [12] riddare
    [13] drottning
    [14] kung
   *[other] { $v }
}
shithead-major = { $card } ({ $roman })
# i en mening: "Spela en sjua eller högre"
shithead-a = { $v ->
    [1] en etta
    [2] en tvåa
    [3] en trea
    [4] en fyra
    [5] en femma
    [6] en sexa
    [7] en sjua
    [8] en åtta
    [9] en nia
    [10] en tia
    [11] en page
    [12] en riddare
    [13] en drottning
    [14] en kung
   *[other] { $v }
}
# flera av en valör: "Fyra sjuor i rad"
shithead-ranks = { $v ->
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
   *[other] { $v }:or
}
shithead-and = { $rest } och { $last }
shithead-place = { $n ->
    [1] 1:a
    [2] 2:a
   *[other] { $n }:e
}

## Nej

shithead-players = Full skitgubbe är för 2 till 6 spelare.
shithead-no-two-on-devil = Ingen tvåa får läggas på The Devil.
shithead-after-hanged = Efter The Hanged Man spelar du lägre: ett vanligt kort, ett arkanakort upp till XI, en tia eller en tvåa.
shithead-on-devil = På { $top } går bara ett högre arkanakort eller en tia (aldrig en tvåa).
shithead-on-major = På { $top } går bara ett högre arkanakort, en tia eller en tvåa.
shithead-one-low = En etta går bara på en tom hög, en etta eller The Hanged Man.
shithead-play-higher = Spela { $top } eller högre, en tia eller en tvåa.
shithead-still-choosing = Alla väljer fortfarande sina uppvända kort.
shithead-not-your-turn = Det är inte din tur.
shithead-chosen-already = De uppvända korten är redan valda.
shithead-you-chose = Du har redan valt dina uppvända kort.
shithead-choose-three = Välj exakt 3 kort att lägga uppvända.
shithead-choose-own = Välj bland dina egna sex kort.
shithead-choose-a-card = Välj ett kort att spela.
shithead-once = Varje kort kan bara spelas en gång.
shithead-no-such-card = Du har inte det kortet.
shithead-name-turned = Säg vad The Drunken Fool som du vände ska vara.
shithead-turn-down = Handen och de uppvända korten är slut: vänd ett nedvänt kort.
shithead-hand-first = Spela handen först; de uppvända korten kommer sedan.
shithead-not-held = Det kortet har du inte.
shithead-major-alone = Ett arkanakort spelas ensamt.
shithead-same-value = Kort som spelas tillsammans måste ha samma valör.
shithead-fool-with = Med { $ranks } kan The Drunken Fool bara vara { $a }.
shithead-only-fool = Bara The Drunken Fool kan stå för ett annat kort.
shithead-name-fool = Säg vad The Drunken Fool ska vara.
shithead-fool-range = The Drunken Fool kan vara en valör 1-14 eller ett arkanakort I-XXI.
shithead-turn-first = Vänd ett nedvänt kort först: det kanske går att spela.
shithead-can-play = Du kan spela, så du får inte ta upp högen.
shithead-down-last = De nedvända korten kommer sist: spela dina andra kort först.
shithead-down-gone = Det nedvända kortet är redan spelat.

## Spelets rader

shithead-has-chosen = { $who } har valt.
shithead-lays-up = { $who } lägger upp { $cards }.
shithead-starts = { $who } börjar.
shithead-time-choose = Tiden är ute: { $who } lägger upp sina tre högsta kort.
shithead-time-up = Tiden är ute för { $who }.
shithead-plays = { $who } spelar { $how ->
    [alone] { $cards } som { $a }
    [with] { $cards } (The Drunken Fool som { $a })
   *[plain] { $cards }
}{ $src ->
    [up] {" "}från de uppvända
    [down] {" "}blint
   *[hand] {""}
}.
shithead-burned = { $why ->
    [ten] En tia bränner högen
   *[four] Fyra { $ranks } i rad: högen bränns
}{ $then ->
    [again] : { $who } spelar igen.
   *[out] !
}
shithead-new-pile = { $who } börjar på en ny hög.
shithead-hanged = The Hanged Man: spela lägre, { $who }.
shithead-devil = The Devil: ingen tvåa får läggas på den.
shithead-two = En tvåa: högen börjar om från 2.
shithead-you-draw = Du drar { $cards }.
shithead-picks-up = { $who } tar upp högen ({ $n } kort).
shithead-picked-up = tog upp { $n } kort
shithead-pickup-sip = Klunk för högen: { $who } dricker { sips }.
shithead-turns-fool = { $who } vänder { $card } blint: joker! Vad ska den vara?
shithead-turns-no = { $who } vänder { $card } blint: det går inte på { $top }.
shithead-out-wins = { $who } är av med korten och vinner!
shithead-out = { $who } är av med korten ({ shithead-place }).
shithead-leaves = { $who } lämnar spelet och tar sina kort med sig.
shithead-last-orders-now = Sista beställningen: { $n } drag utan att någon gått ut.
shithead-the-shithead = skitgubben
shithead-standing = { shithead-place }: { $who }
shithead-is-shithead = { $who } är skitgubbe!
shithead-finishes = { $who } dricker ur sin drink.
shithead-wins = { $who } vinner!
shithead-last-orders = Sista beställningen: de som har kort kvar rangordnas efter antal kort.

## Ställen en repris kan hoppa till

shithead-mark-out = { $who } är ute
shithead-mark-draw = Draghögen tar slut
shithead-mark-play = Spelet börjar
shithead-mark-pile = Hög { $n }

## Bordet

shithead-my-hand = Min hand
shithead-title = 💩 { $game } · bord #{ $table }
shithead-pile-empty = **Högen**: tom, alla kort går.
shithead-pile = **Högen** ({ $n }): { $cards }
shithead-pile-top = **{ $card }**{ $a ->
    [none] {""}
   *[other] {" "}som { $a }
}{ $power ->
    [lower] : **spela lägre**
    [devil] : ingen tvåa på den
    [two] : tillbaka till 2
   *[none] {""}
}{ $run ->
    [0] {""}
   *[other] {" "}· { $run } i rad
}
shithead-draw-pile = draghög { $n }
shithead-burned-count = brända { $n }
shithead-left-game = { $who } lämnade spelet
shithead-out-line = { $who } är ute: { shithead-place }{ $gone ->
    [yes] , har lämnat bordet
   *[no] {""}
}
shithead-part-hand = hand { $n }
shithead-part-up = upp { $cards }
shithead-part-down = ned { $n }
shithead-no-cards = inga kort
shithead-turn = { $who } { $doing ->
    [fool] ska bestämma vad The Drunken Fool blir
    [hand] ska spela
    [up] ska spela ett uppvänt kort
   *[down] ska spela ett nedvänt kort, blint
} (**{ $button }**){ $due ->
    [none] {""}
   *[other] , tiden går ut { $due }
}
shithead-house = { $rule ->
    [find_shithead] hitta skitgubben
    [pickup_sip] klunk för högen
   *[shithead_finishes] skitgubben dricker ur
}
shithead-everyone-choose = Alla: tryck på **{ $button }** och välj 3 av dina 6 kort att lägga uppvända. { $due ->
    [none] När tiden går ut
   *[other] Tiden går ut { $due }
}: då läggs dina tre högsta upp.
shithead-chosen = { $who } har valt
shithead-choosing = { $who } väljer
shithead-footer = Frö SHA-256 { $hash }… · { $seconds } s per tur
shithead-ended-out = Ute: { $places }
shithead-ended-held = Kort kvar: { $held }
shithead-ended-left = Lämnade: { $who }

## En spelares hand

shithead-hand-title = Din hand · { $game } · bord #{ $table }
shithead-hand-footer = Bara du ser det här. Dina nedvända kort: inte ens du.
shithead-you-are-out = Du är av med korten: **{ shithead-place }**! Se resten, eller lämna bordet.
shithead-leave-table = Lämna bordet
shithead-pick-up-three = Välj de **3 kort du lägger uppvända** på dina 3 nedvända; de andra 3 är din hand. Alla ser de uppvända korten; du spelar dem när handen och draghögen är slut. { $due ->
    [none] När tiden går ut
   *[other] Tiden går ut { $due }
}: då läggs dina tre högsta upp.
shithead-your-six = Dina sex: { $cards }
shithead-choose-select = Välj 3 kort att lägga uppvända…
shithead-wait-choose = Väntar på att de andra ska välja{ $due ->
    [none] {""}
   *[other] {" "}(tiden går ut { $due })
}.
shithead-wait-for = Väntar på { $who }{ $due ->
    [none] {""}
   *[other] {" "}(tiden går ut { $due })
}.
shithead-my-hand-line = **Hand** ({ $n }): { $cards }
shithead-my-up-line = **Uppvända**: { $cards }
shithead-my-down-line = **Nedvända**: { $cards }
shithead-your-turn = { $what ->
    [fool] Du vände **The Drunken Fool**: joker! Säg vad den ska vara
    [blind] Din tur: vänd ett nedvänt kort och spela det blint
    [pick-up] Inget du har går på { $top }: ta upp högen
    [only-fool] Bara **The Drunken Fool** passar: välj vad den ska vara nedan
    [menu] Din tur: välj kort i menyn nedan
    [up] Din tur: tryck på ett uppvänt kort för att spela det
   *[card] Din tur: tryck på ett kort för att spela det
}{ $due ->
    [none] {""}
   *[other] {" "}(tiden går ut { $due })
}.
shithead-down-button = Nedvänt kort { $n }
shithead-pick-up-button = Ta upp högen ({ $n } kort)
shithead-several-select = { $least ->
    [1] Spela ett kort, eller flera av samma valör…
   *[other] Spela flera av samma valör…
}
shithead-fool-with-set = med kort av en valör: ett till av den
shithead-fool-select = { $kind ->
    [minor] Spela The Drunken Fool som ett vanligt kort…
    [major] Spela The Drunken Fool som ett arkanakort…
   *[any] Spela The Drunken Fool som…
}
shithead-fool-as = som { $a }
shithead-power = { $power ->
    [ten] bränner högen: du spelar igen
    [two] högen börjar om från 2
    [hanged] nästa kort måste vara lägre
   *[devil] ingen tvåa får läggas på den
}

## Bordets bild (orden som ritas på den)

shithead-art-player = { $name } · { $hand } på hand{ $n ->
    [0] {""}
   *[other] {" "}· ute, { shithead-place }
}
shithead-art-centre = Draghög · hög{ $fool ->
    [none] {""}
   *[other] {" "}· Fool som { $fool }
}{ $burned ->
    [0] {""}
   *[other] {" "}· { $burned } brända
}
shithead-art-over = Spelet är slut
shithead-art-turn = Tur: { $name }
