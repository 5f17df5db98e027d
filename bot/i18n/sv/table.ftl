# Plattformens ord utanför skärmarna: avslag och svar (privat, på den som klickar språk),
# bordets egna loggrader (offentligt, på läsarens språk: sparas som data), notiser, pingar.
# Bordsnummer skickas som text (grupperas aldrig som tal). { $who } är en plats ({p1}), som
# fylls med namnet när raden visas.

## Avslag från reglernas maskineri (bot/engines/base.py, takeback.py)

table-not-your-turn = Det är inte din tur.
table-game-over = Spelet är slut.
table-not-a-move = Det är inget drag i det här spelet.
table-clock-only = Det kan bara bordets klocka göra.
table-clock-stopped = Den klockan har redan stannat.
table-player-only = Det draget måste en spelare göra.
table-not-seated = Du sitter inte vid det här bordet.
table-no-longer-playing = Du är inte med i spelet längre.
table-option-on-off = { $name } ska vara på eller av.
table-option-whole = { $name } ska vara ett heltal.
table-option-min = { $name } ska vara minst { $n }.
table-option-max = { $name } får vara högst { $n }.
table-option-unknown = Okänd inställning: { $name }.
table-takeback-none = Det går inte att ångra drag i det här spelet: det spelas i realtid.
table-takeback-not-a-move = Bara en spelares eget drag kan ångras.
table-takeback-poured = Drinkarna är redan upphällda.
table-takeback-seen = Du har redan sett ett nytt kort.
table-takeback-bad = Det där går inte att ångra.
table-takeback-just-before = Bara draget närmast före kan ångras, och bara av den som gjorde det.

## Ångra (bot/tables/takeback.py)

table-quiet-move = (ett drag)
table-took-back = ↩ { $who } ångrade: { $move }
table-took-back-quiet = ↩ { $who } ångrade ett drag.
table-takeback-too-late = För sent: ett drag kan ångras i { $n } s.
table-takeback-moved-on = För sent: spelet har gått vidare.
table-takeback-asked = Någon ber redan om att få ångra.
table-takeback-ended = Den frågan om att ångra är redan avgjord.
table-takeback-nobody = Ingen annan spelar som kan säga ja.
table-takeback-yours = Det är ditt drag: de andra bestämmer.
table-takeback-not-in = Du är ute ur spelet: de som är kvar bestämmer.
table-takeback-only = Bara { $name } kan ångra sitt drag.
table-takeback-refused = ↩ { $who } sa nej till att ångra: draget står kvar.
table-takeback-no-time = ↩ Ingen svarade i tid: draget står kvar.
table-takeback-off = ↩ Ingen ångring: spelet gick vidare.

## Bordets rader och avslag (bot/tables)

table-open = Bord #{ $id } är öppet.
table-dealt = Korten är utdelade.
table-lobby-timeout = Ingen startade spelet inom { $n } minuter.
table-left-lobby = { $name } gick.
table-removed = { $name } togs bort från bordet.
table-stands-up = { $who } lämnar bordet.
table-new-host = { $who } är värd nu.
table-timed-out = { $who } lät tiden gå ut tre gånger i rad och är ute.
table-ended-by = Bordet avslutades av { $name }.
table-ended-by-role = Bordet avslutades av { $host ->
    [yes] värden
   *[no] en moderator
}.
table-closed-channel-deleted = Stängt: kanalen togs bort.
table-closed-thread-deleted = Stängt: tråden togs bort.
table-closed-thread-locked = Stängt: tråden låstes.
table-closed-removed = Stängt: Barkeep togs bort från servern.
table-closed-thread-shut = Stängt: tråden arkiverades, och Barkeep får inte öppna den igen.
table-closed = Stängt: { $why }.
table-one-lobby = Du har redan ett öppet bord här, #{ $id } ({ $game }){ $link }. Starta eller avsluta det först: ett öppet bord per värd.
table-one-seat = Du sitter redan vid bord #{ $id } ({ $game }) på den här servern{ $link }. Lämna det först: en plats i taget.
table-next-open = Nästa spel är redan öppet: bord #{ $id }.
table-end-host-only = Bara värden (eller en moderator) kan avsluta bordet.
table-remove-host-only = Bara värden (eller en moderator) kan ta bort spelare.
table-remove-started = Spelet har börjat. Under spelet åker den ut som missar tre turer i rad.
table-remove-gone = Hen sitter inte vid bordet längre.
table-remove-self = Tryck på Lämna för att lämna bordet själv.
table-gone = Jag hittar inte det bordet längre.
table-ended = Det här bordet är avslutat. Starta ett nytt med { $command }.
table-already-in = Du sitter redan vid det här bordet.
table-removed-you = Värden har tagit bort dig från det här bordet.
table-join-started = Det här spelet har redan börjat. Hoppa in i nästa!
table-full = Bordet är fullt ({ $n } spelare).
table-start-host-only = Bara värden kan starta spelet.
table-started-already = Spelet har redan börjat.
table-host-deals = I { $game } delar värden ut: tryck på **Gå med** för att ta plats, sedan Starta.
table-too-few = { $game } behöver minst { $n } spelare: väntar på { $need } till.
table-not-at = Du sitter inte vid det här bordet.
table-not-started = Spelet har inte börjat än.
table-not-playing = Du spelar inte vid det här bordet.
table-host-only = Det kan bara värden göra.
table-double-tap = Redan gjort: ditt första tryck räknades.
table-clock-moved = Tiden gick ut för ett ögonblick sedan: klockan har redan gjort draget åt dig.
table-busy = Bordet är upptaget på annat håll just nu. Inget ändrades; försök igen.

## Öppna platser (bot/tables/seats.py, takeover.py)

table-seat-left = { $how ->
    [timeouts] { $who } lät tiden gå ut tre gånger i rad och är ute.
   *[leaves] { $who } lämnar.
}
table-seat-opened = 🪑 { $how ->
    [timeouts] { $who } lät tiden gå ut tre gånger i rad och är ute
   *[leaves] { $who } lämnar
}: platsen är ledig att ta över.
table-seat-closed-clock = Ingen tog platsen efter { $who } i tid.
table-seat-closed-host = Värden stängde platsen efter { $who }.
table-seat-closed-alone = Ingen annan är kvar: platsen efter { $who } stängs.
table-seat-back = 🪑 { $who } är tillbaka på sin plats.
table-seat-taken = 🪑 { $who } tar över platsen efter **{ $name }**.
table-seat-not-open = Den platsen är inte ledig längre.
table-no-takeover = I { $game } tar spelet slut när någon lämnar: ingen kan ta över en plats.
table-other-seat = Du spelade en annan plats i det här spelet: bara den var din.
table-asked-already = Du har redan frågat: värden bestämmer.
table-asked-first = { $name } frågade efter platsen först: värden bestämmer.
table-someone = Någon
table-seat-host-decides = Bara värden bestämmer vem som tar en plats.
table-request-answered = Den frågan är redan besvarad.
table-request-elsewhere = **{ $name }** satte sig vid ett annat bord under tiden.
table-request-refused = Värden sa nej till **{ $name }**.
table-seat-still-open = { $line } Platsen är fortfarande ledig.
table-close-host-only = Bara värden kan stänga en plats.

## Svar (bot/answer.py)

table-apology = Förlåt, något gick fel hos mig. Inget ändrades; försök igen.
table-apology-done = Förlåt, något gick fel hos mig efter att det var gjort: det räknas, så tryck inte igen. /bord visar bordet som det är.
table-stale = Den knappen gör ingenting längre.
table-too-late = För sent: { $what }
table-from-here = { $verb ->
    [end] Avsluta
   *[leave] Lämna
} bord #{ $id }

## Klick och kommandon vid borden (bot/gamecog.py, cogs/table.py)

table-elsewhere = Den knappen hör till ett bord i en annan kanal.
table-not-here = Jag kan inte dela ut här: jag känner inte till den här servern. Be en moderator bjuda in mig igen (se README), och försök sedan en gång till.
table-not-in-server = Borden finns i serverns kanaler: prova det här på en server.
table-thread-locked = Tråden är låst: Discord låter ingen trycka på ett bords knappar här. Öppna ett i en öppen tråd eller kanal.
table-closed-undealt = Bordet stängdes innan korten delades ut.
table-easy = Lugn i stormen: du har öppnat { $n } bord den senaste minuten. Du kan öppna ett till { $when }.
table-again-players-only = Bara spelarna vid bord #{ $id } kan öppna nästa spel där. `{ $command }` öppnar ett eget.
table-write-again = Skriv igen
table-you-wrote = { $said }
    Du skrev: { $wrote }
table-in = Du är med vid bord #{ $id }.
table-in-welcome = Du är med vid bord #{ $id }. Ha kul, och drick vatten också!
table-you-left = Du lämnade bord #{ $id }. Tack för att du spelade!
table-you-left-open = Du lämnade bord #{ $id }. Din plats är ledig: **Ta plats** på bordet tar tillbaka den så länge ingen annan har gjort det.
table-you-ended = Du avslutade bord #{ $id }.
table-nothing-to-write = Det finns inget att skriva nu.
table-removed-answer = { $name } är borttagen från bord #{ $id }.
table-no-open-seat = Ingen plats är ledig vid bordet nu.
table-seat-asked = Frågat: värden bestämmer på bordet. Du ser det där.
table-seat-in = Du är med vid bord #{ $id }: tryck på **Min plats**.
table-seat-closed-answer = Stängd: korten går ur spelet som reglerna säger.
table-ended-already = Bord #{ $id } är redan avslutat.
table-yes = Ja,
table-done = Klart: { $what }.
table-not-playing-at = Du spelar inte vid bord #{ $id }.
table-left-already = Du har redan lämnat bord #{ $id }.
table-none-here = Du sitter inte vid något bord på den här servern. Starta ett med { $hints }.
table-in-other-channel = Ditt bord #{ $id } finns i { $channel }: använd `{ $command }` där.
table-just-posted = Bord #{ $id } lades upp igen alldeles nyss: { $link }

## Festsäkerhet (bot/safety.py): en spelares privata notiser, bordets notiser om en drink

table-cap-reached = { $icon } Nu är det { sips } i kväll, { $whose ->
    [own] ditt tak
   *[server] serverns tak
}. Från och med nu räknas dina drinkar som vatten; spelet fortsätter precis som vanligt. /gränser visar var du står.
table-cap-near = Obs: { $at } av { sips } i kväll ({ $whose ->
    [own] ditt tak
   *[server] serverns tak
}). Sedan räknas dina drinkar som vatten, och spelet fortsätter precis som vanligt. /gränser visar eller ändrar det.
table-water-reminder = { $icon } { sips } i kväll: ett bra tillfälle för ett glas vatten.
table-note-water = { $whole ->
    [yes] { $icon } vatten
   *[no] { $icon } { $n } som vatten
}
table-note-points = { $finish ->
    [yes] { $icon } alkoholfritt
   *[no] { $icon } { points }
}
table-note-both = { $water }, { $points }
table-note-named = { $who }: { $note }
table-notes = { $first }; { $rest }
table-noted = { $line } · { $notes }
table-game-off = { $game } är avstängt i den här kanalen av serverns inställningar. { $where ->
    [elsewhere] Det är på i { $channels }.
    [server] Det är avstängt på hela servern.
   *[here] Prova en annan kanal.
}

## Turpingar (bot/pings.py): offentliga, på serverns språk

table-ping = { $mentions } din tur vid bord #{ $id } ({ $game }){ $link }

## Inställningar som nekas (bot/party.py)

table-cap-range = Ett tak är 1 till { sips }.
table-cap-both = Sätt ett tak eller ta bort det, inte båda på en gång.
table-mode = Läget är klunkar eller alkoholfritt.
table-water-range = En vattenpåminnelse kommer var 1 till { sips }.
table-language-unknown = Barkeep kan inte det språket än.
table-age-long = Håll åldersraden under { $n } tecken.
table-erase-playing = Bord #{ $id } är inte slut än och har fortfarande din plats (eller så är du värd): radera din historik när det är avslutat.

## Husregler (bot/house.py): /inställningar husregler, nekade

table-house-none = { $game } har inga inställningar att ändra.
table-house-form = Skriv varje regel som namn=värde, till exempel { $example }.
table-house-unknown = { $game } har ingen inställning som heter { $name }: det finns { $takes }.
table-house-on-off = { $name } är på eller av.
table-house-whole = { $name } är ett heltal: { $takes }.

## Botens egna svar (bot/app.py)

table-no-game = Det spelet delas inte ut här längre.
