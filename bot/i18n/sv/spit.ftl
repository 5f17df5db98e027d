# Spit (bot/engines/spit.py, bot/ui/spit.py, bot/art/spit.py). { $who }, { $a }, { $b }: en
# spelares namn; { $card }, { $top }, { $ca }, { $cb }: ett korts etikett (7♥); { $pile }: en
# mitthög, 0 (vänster) eller 1 (höger). Ord: layout, kortlek, mitthög, spit (säga spit).

## Spelets rader (loggen, nekanden, resultaten): data, formulerade för varje läsare

spit-two-players = Spit spelas av exakt 2 spelare.
spit-opening = Fyra kort var ligger framme. Säg spit när du är redo: de första korten kommer när båda har sagt det, eller om { $seconds } s.
spit-left = { $who } lämnade spelet.
spit-not-a-move = Det är inget drag i det här spelet.
spit-no-pile = Den högen finns inte.
spit-wait = Vänta på första spit.
spit-slow-card = För långsam! Det kortet är redan spelat.
spit-not-a-play = Det draget hör inte till det här spelet.
spit-slow-pile = För långsam! Ett annat kort hann före till den högen.
spit-no-fit = { $card } passar inte på { $top }.
spit-deck-empty = Kortleken är slut för { $who }: hen spelar vidare med sin layout.
spit-last-card = { $who } spelar ut sitt sista kort!
spit-not-a-spit = Den spiten hör inte till det här spelet.
spit-slow-spit = För långsam! De korten är redan ute.
spit-keep-playing = Ingen har fastnat: spela vidare.
spit-said-already = Du har redan sagt spit.
spit-choose-pile = Välj vilken hög du lägger ut på.
spit-own-pile = Du lägger ut på din egen hög.
spit-other-chooses = Din kortlek är slut: motståndaren väljer hög. Tryck på { spit-button }
spit-spat = { $when ->
    [clock] Tiden är ute: spit!
   *[said] Spit!
} { $a } vänder { $ca }, { $b } { $cb }.
spit-alone = { $when ->
    [clock] Tiden är ute: spit!
   *[said] Spit!
} { $who } lägger ensam ut { $card } på { $pile ->
    [0] vänstra
   *[1] högra
} högen.
spit-stuck = Båda har fastnat: spit!
spit-idle = Ingen spelade på { $seconds } s: spelet är slut.
spit-mark-spit = Spit { $n }
spit-mark-deck-out = Kortleken tar slut för { $who }
spit-cards-left = { $who }: { $n } kort kvar
spit-left-wins = { $who } lämnade: { $other } vinner.
spit-out-wins = { $who } har inga kort kvar och vinner!
spit-idler-loses = { $who } kunde spela men lät bli: { $other } vinner.
spit-why-stuck = Båda kortlekarna är slut och ingen kan spela.
spit-why-idle = Ingen spelade på { $seconds } s.
spit-fewest-wins = { $why } Färst kort kvar: { $who } vinner.
spit-equal-draw = { $why } Lika många kort kvar: oavgjort.

## Bordet och panelen

spit-pile = { $pile ->
    [0] vänster
   *[1] höger
}
spit-title = 💥 { game-spit-title } · bord #{ $table }
spit-seat = { $who }{ $gone ->
    [yes] {" "}(lämnade)
   *[no] {""}
}: { $layout } · kortlek { $deck }{ $said ->
    [yes] {" "}· sa **{ spit-button }**
   *[no] {""}
}
spit-centre = Mitten: { $piles }
spit-centre-pile = { spit-pile } **{ $top }** ({ $n })
spit-centre-empty = { spit-pile } tom ({ $n })
spit-last = Senast: { $plays }
spit-status-spit = 💥 { $why ->
    [opening] Redo? Tryck båda på **{ spit-button }** för att börja
    [wait] Dödläge! Din kortlek är slut: tryck på **{ spit-button }** medan { $who } väljer hög
    [choose] Dödläge! Bara du kan lägga ut: välj hög
    [alone] Dödläge! { $who } lägger ut ensam: välj hög
   *[both] Dödläge! Ingen kan spela: tryck båda på **{ spit-button }**
}{ $did ->
    [yes] {" "}(det har du gjort)
   *[no] {""}
}. Korten kommer ut av sig själva { $due }.
spit-status-play = ⚡ Inga turer: spela så fort du kan! Spelar ingen tar det slut { $due }.
spit-footer = Frö SHA-256 { $hash }… · öppna { $panel } för att spela
spit-my-panel = Min panel
spit-button = Spit!
spit-button-ready = Spit! ({ $who })
spit-button-onto = Spit → { spit-pile }
spit-button-onto-whose = { $who }: spit → { spit-pile }
spit-button-play = { $card } → { spit-pile }
spit-decks = Din kortlek { $mine } · { $who }: { $layout } · kortlek { $theirs }
spit-private-title = Din Spit-panel · bord #{ $table }
spit-private-footer = Bara du ser det här. Tryck kort → hög; först till kvarn.

## Bilden

spit-art-seat = { $who } · { $n } kort
spit-art-centre = Mitten
spit-art-caption = { $phase ->
    [over] Spelet är slut
    [spit] Spit!
    [start] Säg spit för att börja
   *[play] Spela!
}
