# Pyramids ord (bot/engines/pyramid.py, bot/ui/pyramid.py, bot/art/pyramid.py).
# $who, $to, $giver, $host: en spelares namn; $card, $on: ett korts etikett (7♣); $rank: en valör
# (ett tal, 11-14 för J Q K A) eller etikettens valör (J, Q...); $n: klunkar om inget annat sägs.

## Spelets rader (bot/engines/pyramid.py)

# en rad i en mening: $row 0 är nedersta raden (6 kort), 5 toppen
pyramid-row = { $row ->
    [0] 6-raden
    [1] 5-raden
    [2] 4-raden
    [3] 3-raden
    [4] 2-raden
   *[5] toppen
}
pyramid-and = { $rest } och { $last }
pyramid-needs-players = Pyramid behöver { $min }-{ $max } spelare.
pyramid-not-seated = Du sitter inte vid det här bordet.
pyramid-looked-already = Du har redan tittat på dina kort.
pyramid-look-over = Tiden att titta är slut.
pyramid-takes-look = { $who } tittar på sina kort
pyramid-you-look = Du tittar på dina kort, en enda gång ({ $seconds } sekunder).
pyramid-look-up = Tiden att titta är ute: inga fler tittar
pyramid-look-ended = { $who } har tittat klart
pyramid-first-all-looked = Alla har tittat: första kortet är { $card } ({ $row }, { sips })
pyramid-first-looks-over = Tittandet är slut: första kortet är { $card } ({ $row }, { sips })
pyramid-card-turned = Kort { $i } av { $of }: { $card } ({ $row }, { sips })
pyramid-time-up = Tiden är ute för { $card }
pyramid-nothing-to-lay-on = Det finns inget pyramidkort att lägga på nu.
pyramid-too-late = För sent: tiden att lägga på det kortet är slut.
pyramid-no-cards-left = Du har inga kort kvar att lägga.
pyramid-barred = Du lade ett fel kort: inga fler kort på det här.
pyramid-autopassed = Auto-pass har passat åt dig på det här kortet.
pyramid-autopassed-switch = Auto-pass har passat åt dig på det här kortet. Slå av det i Mina kort för att lägga på nästa.
pyramid-passed = Du har passat på det här kortet.
pyramid-choose-cards = Välj korten du lägger, vart och ett en gång.
pyramid-no-card = Du har inget kort { $slot }.
pyramid-card-laid = Ditt kort { $slot } är redan lagt.
pyramid-rest-stay = { $n ->
    [one] Ditt kort { $cards } ligger kvar nedvänt
   *[other] Dina kort { $cards } ligger kvar nedvända
} på handen: ett fel kort avslutar ditt läggande på det här.
pyramid-right = Rätt! Ditt { $card } stämmer med { $on }.
pyramid-lays-right = { $who } lägger { $card } på { $on }: rätt!
pyramid-lays-wrong = { $who } lägger { $card } på { $on }: fel, dricker { $n }
pyramid-auto-over = Auto-pass är över: inga fler kort vänds.
pyramid-auto-switch = Slå på eller av auto-pass.
pyramid-auto-on = Auto-pass är redan på.
pyramid-auto-off = Auto-pass är redan av.
pyramid-name-drinker = Välj vem som dricker.
pyramid-no-such-player = Den spelaren finns inte.
pyramid-not-yourself = Du kan inte ge klunkar till dig själv.
pyramid-player-left = Den spelaren har lämnat spelet.
pyramid-no-sips = Du har inga klunkar att dela ut.
pyramid-one-or-share = Ge till en spelare, eller dela mellan flera.
pyramid-one-or-split = Ge till en spelare, eller fördela mellan flera.
pyramid-convo-one = I frågeläge dricker en spelare hela radens värde.
pyramid-convo-all = I frågeläge ger du alla { sips } till en spelare.
pyramid-whole-sips = Ge hela klunkar, minst 1.
pyramid-only-left = Du har bara { sips } kvar att dela ut.
pyramid-choose-players = Välj spelarna du ger till, var och en en gång.
pyramid-at-most = Du har { sips } att dela ut: välj högst { $n } spelare.
pyramid-gives = { $who } ger { $to } { sips }
pyramid-gives-split = { $who } delar ut { sips }: { $parts }
pyramid-last-sips = Tiden är ute: { $to } får de sista { sips } från { $giver }
pyramid-table-names = Tiden är ute: bordet väljer { $to } åt { $giver }
pyramid-names = { $giver } väljer { $to } för { $card }: svara på frågan och drick { $n }, eller drick { $double }
pyramid-question = ❓ { $q }
pyramid-question-line = ❓ { $who }: { $q }
pyramid-no-question = Du har ingen fråga att svara på.
pyramid-answers = { $who } svarar på frågan för { $card } och dricker { $n }
pyramid-answers-late = { $who } valde inte och svarar därför på frågan för { $card } och dricker { $n }
pyramid-answers-still = { $who } svarar ändå på frågan för { $card } och dricker { $n }
pyramid-refuses = { $who } vägrar svara på frågan för { $card } och dricker { $n }
pyramid-names-else = { $giver } väljer någon annan som dricker { $n }
pyramid-ask-convo-only = Värdens frågor hör till frågeläget.
pyramid-ask-not-now = Inga frågor nu.
pyramid-ask-host-left = Bara en värd som är kvar i spelet ställer frågor.
pyramid-ask-whom = Välj en spelare som är med i spelet.
pyramid-ask-card = Välj ett vänt pyramidkort.
pyramid-asked-already = Du har redan frågat den spelaren: en fråga per pyramidkort som hen har lagt två eller fler kort på.
pyramid-not-askable = Den spelaren har inte lagt två eller fler kort på samma pyramidkort.
pyramid-asks = { $host } ställer frågan för { $card } till { $who }
pyramid-host-question = ❓ Från värden: { $q }
pyramid-host-question-line = ❓ { $who }, från värden: { $q }
pyramid-nobody-explores = Ingen har kort kvar: ingen utforskar pyramiden
pyramid-most-cards = { $who } har flest kort kvar ({ $most }) och måste utforska pyramiden
pyramid-explores-fresh = { $who } utforskar en nyblandad pyramid
pyramid-nobody-exploring = Ingen utforskar nu.
pyramid-not-your-explore = Det är inte din tur att utforska.
pyramid-turn-in-row = Vänd ett kort i { $row }.
pyramid-already-turned = Det kortet är redan vänt.
pyramid-explore-turns = { $who } utforskar: vänder { $card } i { $row }
pyramid-explore-royal = { $who } utforskar: vänder { $card } i { $row }, dricker { $n } och börjar om
pyramid-stock-empty = Leken är slut: de vända korten blandas till en ny
pyramid-explored = { $who } har utforskat hela pyramiden
pyramid-leaves = { $who } lämnar spelet: korten på handen är ur spel
pyramid-too-few = För få spelare är kvar: spelet är slut
pyramid-over = Spelet är slut
pyramid-summary = { $who }: gav { $given }, drack { $taken }
pyramid-summary-left = { $who }: gav { $given }, drack { $taken } (lämnade)

## Varför en drink hälldes upp (bokens skäl)

pyramid-reason-wrong = fel kort på { $on }
pyramid-reason-matched = matchad { $rank }
pyramid-reason-matched-cards = matchade kort
pyramid-reason-answered = svarade på frågan för { $rank }
pyramid-reason-refused = vägrade svara på frågan för { $rank }
pyramid-reason-explore = { $card } i { $row } vid utforskningen

## Repriserna: var en del av spelet börjar ($row: 6, 5, 4, 3 eller 2)

pyramid-mark-card = { $row }-raden, kort { $n }
pyramid-part-row = { $row }-raden
pyramid-mark-top = Toppkortet
pyramid-part-top = Toppen
pyramid-mark-explores = { $who } utforskar
pyramid-mark-try = { $who } utforskar, försök { $n }

## Bordet (bot/ui/pyramid.py): $due är en nedräkning ("om 20 sekunder")

pyramid-title = 🔺 Pyramid · bord #{ $id }
pyramid-footer = Frö SHA-256 { $hash }… · { $mode }
pyramid-footer-rows = raderna ger 1-2-4-6-8-10 klunkar
pyramid-footer-convo = frågeläge
pyramid-my-cards = Mina kort
pyramid-look-button = Titta på mina kort
pyramid-look-now = 👀 Tryck **Titta på mina kort**: en gång, i { $seconds } s. Stängs { $due }. Till vänster: radernas klunkar.
pyramid-looks-closed = 👀 Tittandet är stängt: första kortet vänds när den sista har tittat klart.
pyramid-looked = ✔️ { $n } av { $of } har tittat
pyramid-looked-looking = ✔️ { $n } av { $of } har tittat, tittar nu: { $who }
pyramid-looked-many = ✔️ { $n } av { $of } har tittat, { $looking } tittar nu
# en valör uppläst: "en sjua", "en åtta", "en knekt", "ett ess"
pyramid-claim-first = **{ $card }** ({ sips }): har du { $rank ->
    [2] en tvåa
    [3] en trea
    [4] en fyra
    [5] en femma
    [6] en sexa
    [7] en sjua
    [8] en åtta
    [9] en nia
    [10] en tia
    [11] en knekt
    [12] en dam
    [13] en kung
   *[14] ett ess
}? Lägg den eller passa. Stängs { $due }.
# kort, så att raden ryms på en telefon: "en kung?"
pyramid-claim = **{ $card }**: { $rank ->
    [2] en tvåa
    [3] en trea
    [4] en fyra
    [5] en femma
    [6] en sexa
    [7] en sjua
    [8] en åtta
    [9] en nia
    [10] en tia
    [11] en knekt
    [12] en dam
    [13] en kung
   *[14] ett ess
}? Stängs { $due }.
pyramid-done-sips = **{ $card }** är klart: väntar på klunkarna.
pyramid-done-answers = **{ $card }** är klart: väntar på svaren.
pyramid-lay-card = Lägg kort { $n }
pyramid-pass = Passa
pyramid-card = Kort { $n }
pyramid-lay-several = Lägg två eller fler på en gång…
pyramid-exploring = 🧭 { $who } måste **utforska**: ett kort per rad, nerifrån. J, Q, K eller A kostar radens klunkar och du börjar om. Nu { $row }: välj { $due }.
pyramid-next-explorers = Sedan utforskar: { $who }
pyramid-next-explorer-more = Sedan utforskar: { $who } och { $n } till
pyramid-cards = Kort: { $cards }
pyramid-waiting-for = ⏳ Väntar på { $who }
pyramid-waiting-many = ⏳ { $n } spelare ska lägga eller passa
pyramid-most = Flest kort: { $most }, { $who }
pyramid-most-each = Kort kvar: { $most } var
pyramid-most-many = Flest kort: { $most }, { $n } spelare
pyramid-most-face-up = { $most } · uppvända: { $cards }
pyramid-face-up = Uppvända: { $cards }
pyramid-old-passes = { $who } passar
pyramid-giving = 🎁 Delar ut: { $who }
pyramid-naming = 🎁 Pekar ut: { $who }
pyramid-quoted = ”{ $q }”
pyramid-awaiting = ❓ { $who }: ”{ $q }” Svara och drick { $n }, eller drick { $double } ({ $due }, **Mina kort**).
pyramid-winners = 🏆 { $who } vinner: färst druckna klunkar.
pyramid-no-cards = inga kort

## En spelares egen vy (Mina kort)

pyramid-private-title = Din plats i Pyramid · bord #{ $id }
pyramid-private-footer = Bara du ser det här.
pyramid-memorise = 👀 **Lägg dem på minnet!** De vänds ner { $due }.
pyramid-your-cards = Dina kort, nedvända (numren ändras aldrig):
pyramid-your-question = ❓ **{ $q }**
    Svara och drick { $n }, eller vägra och drick { $double } ({ $due }).
pyramid-answer-button = Jag svarar (drick { $n })
pyramid-refuse-button = Vägra (drick { $n })
pyramid-name-one = 🎁 Välj en spelare som dricker alla **{ $n }** och svarar på frågan för { $card }{ $more ->
    [0] {""}
   *[other] {" "}({ $more } till efter den här)
} ({ $due }).
pyramid-who-drinks = Vem dricker { $n }?
pyramid-to-give = 🎁 Du har **{ sips }** att dela ut ({ $due }).
pyramid-to-give-split = 🎁 Du har **{ sips }** att dela ut ({ $due }). Välj en eller flera i menyn: de delar lika. **+1** för en annan fördelning.
pyramid-give-to = Ge { $n } till { $who }
pyramid-give-all = Ge alla { $n } till…
pyramid-auto-is-on = ⏭️ Auto-pass är **på**: på varje kort har du { $seconds } sekunder att lägga, sedan passar du automatiskt.
pyramid-auto-is-off = ⏭️ Auto-pass är av: kortet väntar på att du lägger eller passar (eller på klockan).
pyramid-auto-turn-on = Slå på auto-pass
pyramid-auto-turn-off = Slå av auto-pass
pyramid-gave-took = Du har delat ut { $given } och druckit { $took }.
pyramid-ask-option = { $card }
pyramid-ask-placeholder = Ställ en fråga till { $who }…

## Bordets bild (bot/art/pyramid.py): typsnittet ritar inga accenter (å blir a)

pyramid-art-row = { $row ->
    [top] Toppen
   *[other] { $row }-raden
} · { sips }
pyramid-art-row-now = { $row ->
    [top] Toppen
   *[other] { $row }-raden
} · { sips } · nu
pyramid-art-explores = { $who } utforskar
pyramid-art-card = Kort { $n } av 21
pyramid-art-look = Kolla dina kort
pyramid-art-over = Slutspelat
