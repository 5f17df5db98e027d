# Barkeep på svenska. Varje meddelande i en.ftl finns här med samma id (tests/test_i18n.py).

## Snedstreckskommandona (bot/i18n/commands.py): namn med små bokstäver utan mellanslag (högst
## 32 tecken), beskrivningar och val högst 100 tecken. Siffrorna är desamma som i engelskan.

cmd-blackdeath = svartadöden
cmd-blackdeath-desc = Svarte Petter med alkoholtarot: fastna inte med Döden, för 2-10
cmd-blackdeath-start = starta
cmd-blackdeath-start-desc = Öppna ett bord med Svarta döden i den här kanalen
cmd-giveandtake = geochta
cmd-giveandtake-desc = Ge & ta, ringen av dueller, för 2-6
cmd-giveandtake-start = starta
cmd-giveandtake-start-desc = Öppna ett bord med Ge & ta i den här kanalen
cmd-help = hjälp
cmd-help-desc = Så spelar ni: spelen och kommandona
cmd-history = historik
cmd-history-desc = Dina senaste spel här och serverns, med repriser
cmd-limits = gränser
cmd-limits-desc = Ditt tak, alkoholfritt läge och hur dina kort ser ut (bara du ser det)
cmd-pyramid = pyramid
cmd-pyramid-desc = Pyramid: kom ihåg dina kort, dela ut klunkar
cmd-pyramid-start = starta
cmd-pyramid-start-desc = Öppna ett bord med Pyramid i den här kanalen
cmd-rules = regler
cmd-rules-desc = Ett spels regler, bara för dig
cmd-settings = inställningar
cmd-settings-desc = Barkeeps inställningar för festsäkerhet på servern (Hantera server)
cmd-settings-age = ålder
cmd-settings-age-desc = En åldersrad som visas när spelare godkänner reglerna
cmd-settings-cap = tak
cmd-settings-cap-desc = Ett standardtak för spelare som inte har satt något eget
cmd-settings-game = spel
cmd-settings-game-desc = Slå på eller av ett spel, här eller överallt
cmd-settings-house = husregler
cmd-settings-house-desc = Husregler: ett spels inställningar för varje bord här
cmd-settings-images = bilder
cmd-settings-images-desc = Bilder av korten på borden
cmd-settings-pings = pingar
cmd-settings-pings-desc = Nämn en spelare när ett bord väntar på hen
cmd-settings-show = visa
cmd-settings-show-desc = Alla inställningar för festsäkerhet på servern
cmd-settings-water = vatten
cmd-settings-water-desc = En privat påminnelse om vatten var N:e klunk
cmd-shithead = skitgubbe
cmd-shithead-desc = Skitgubbe med tarot: bli av med dina kort först
cmd-shithead-start = starta
cmd-shithead-start-desc = Öppna ett bord med Full skitgubbe i den här kanalen
cmd-spit = spit
cmd-spit-desc = Kortkapplöpningen i realtid för två: inga turer, snabbaste händerna vinner
cmd-spit-start = starta
cmd-spit-start-desc = Öppna ett bord med Spit i den här kanalen
cmd-table = bord
cmd-table-desc = Lägg upp ditt bord igen längst ner i kanalen
cmd-tally = notan
cmd-tally-desc = Barnotan: vem som drack vad på den här servern
cmd-tarok = tarok
cmd-tarok-desc = Sticktagning med alkoholtarot, först till 666 poäng, för 2-5
cmd-tarok-start = starta
cmd-tarok-start-desc = Öppna ett bord med Djävulens tarok i den här kanalen
cmd-war = krig
cmd-war-desc = Kvitt eller dubbelt-krig, för två
cmd-war-start = starta
cmd-war-start-desc = Öppna ett bord med Kvitt eller dubbelt-krig i den här kanalen

opt-limits-cap = tak
opt-limits-cap-desc = Klunkar under 12 timmar; sedan räknas dina drinkar som vatten (1-240)
opt-limits-clear_cap = ta_bort_tak
opt-limits-clear_cap-desc = Ta bort ditt eget tak
opt-limits-four_colour = fyrfärg
opt-limits-four_colour-desc = Fyrfärgslek för dina kort: ruter blå, klöver grön
opt-limits-mode = läge
opt-limits-mode-desc = klunkar, eller alkoholfritt: dina drinkar blir poäng (sparas)
opt-limits-pictures = bilder
opt-limits-pictures-desc = Kortemoji i dina egna händer (av: bara text); serverns val om inget är valt
opt-pyramid-start-claim_seconds = läggtid
opt-pyramid-start-claim_seconds-desc = Sekunder att lägga ett kort på varje vänt kort (10-60, standard 20)
opt-pyramid-start-convo = frågeläge
opt-pyramid-start-convo-desc = Frågeläge: klunkarna går till en spelare, som svarar på en fråga eller dricker dubbelt (standard av)
opt-pyramid-start-look_seconds = titttid
opt-pyramid-start-look_seconds-desc = Sekunder alla har på sig för sin enda titt (30-300, standard 60)
opt-rules-game = spel
opt-rules-game-desc = Vilket spel
opt-settings-age-text = text
opt-settings-age-text-desc = T.ex. 'Du måste vara 18 år eller äldre för att spela här.'; tomt: ingen
opt-settings-cap-sips = klunkar
opt-settings-cap-sips-desc = Klunkar under 12 timmar innan drinkar räknas som vatten (1-240); tomt: inget standardtak
opt-settings-game-channel = kanal
opt-settings-game-channel-desc = Bara i den här kanalen (tomt: hela servern, i stället för kanalernas regler)
opt-settings-game-enabled = på
opt-settings-game-enabled-desc = På eller av
opt-settings-game-game = spel
opt-settings-game-game-desc = Vilket spel
opt-settings-house-game = spel
opt-settings-house-game-desc = Vilket spel
opt-settings-house-rules = regler
opt-settings-house-rules-desc = T.ex. läggtid=30 frågeläge=på; tomt: spelets egna standardvärden igen
opt-settings-images-four_colour = fyrfärg
opt-settings-images-four_colour-desc = Fyrfärgslek: ruter blå, klöver grön (av som standard)
opt-settings-images-on = på
opt-settings-images-on-desc = På: varje bord visar en bild, händer visar kortemoji (på som standard); av: bara text
opt-settings-pings-on = på
opt-settings-pings-on-desc = På: ett kort meddelande nämner den som ska göra något (på som standard)
opt-settings-water-every = varje
opt-settings-water-every-desc = Påminn en spelare varje gång hen passerar så många klunkar (1-100); tomt: av
opt-shithead-start-find_shithead = hitta_skitgubben
opt-shithead-start-find_shithead-desc = Spela vidare tills en enda spelare sitter kvar med kort (standard av)
opt-shithead-start-pickup_sip = klunk_för_högen
opt-shithead-start-pickup_sip-desc = Att ta upp högen kostar 1 klunk per 5 kort, avrundat uppåt (standard av)
opt-shithead-start-shithead_finishes = skitgubben_dricker_ur
opt-shithead-start-shithead_finishes-desc = Med hitta skitgubben dricker skitgubben ur sin drink (standard av)
opt-shithead-start-turn_seconds = turtid
opt-shithead-start-turn_seconds-desc = Sekunder varje spelare har på sig att spela (och att välja uppvända kort) (15-300, standard 60)
opt-spit-start-idle_seconds = stilltid
opt-spit-start-idle_seconds-desc = Sekunder utan spel (när ett är möjligt) innan spelet tar slut (10-300, standard 30)
opt-spit-start-spit_seconds = spittid
opt-spit-start-spit_seconds-desc = Sekunder innan spit kommer vid dödläge (3-15, standard 5)
opt-spit-start-start_seconds = starttid
opt-spit-start-start_seconds-desc = Sekunder före första spit (10-120, standard 30)
opt-tally-period = period
opt-tally-period-desc = Vilka drinkar som räknas (standard: i kväll)
opt-tally-sort = sortera
opt-tally-sort-desc = Ordna listan efter klunkar, vinster eller spel (standard: klunkar; vinster om ingen drack)
opt-tally-user = spelare
opt-tally-user-desc = En spelares summa per spel (bara för dig, om det inte är du)
opt-tarok-start-play_seconds = speltid
opt-tarok-start-play_seconds-desc = Sekunder varje spelare har på sig att spela ett kort (15-300, standard 60)
opt-war-start-choice_seconds = valtid
opt-war-start-choice_seconds-desc = Sekunder förloraren har på sig att välja (10-120, standard 30)
opt-war-start-social_sips = skålklunkar
opt-war-start-social_sips-desc = Klunkar varje spelare dricker vid lika (1-5, standard 1)

choice-alcohol-free = alkoholfritt (drinkar blir poäng)
choice-all = genom tiderna
choice-blackdeath = Svarta döden
choice-games = spel
choice-giveandtake = Ge & ta
choice-pyramid = Pyramid
choice-shithead = Full skitgubbe
choice-sips = klunkar
choice-spit = Spit
choice-tarok = Djävulens tarok
choice-tonight = i kväll (senaste 12 timmarna)
choice-war = Kvitt eller dubbelt-krig
choice-week = den här veckan
choice-wins = vinster

## Ord som används överallt

sips = { $n ->
    [one] { $n } klunk
   *[other] { $n } klunkar
}
points = { $n ->
    [one] { $n } poäng
   *[other] { $n } poäng
}
ordinal = { $form ->
    [one] { $n }:a
   *[other] { $n }:e
}
list-or = { $rest } eller { $last }
command = /{ $name }

## Spelens namn

game-blackdeath-title = Svarta döden
game-giveandtake-title = Ge & ta
game-pyramid-title = Pyramid
game-shithead-title = Full skitgubbe
game-spit-title = Spit
game-tarok-title = Djävulens tarok
game-war-title = Kvitt eller dubbelt-krig

## /notan (bot/ui/tally.py)

tally-period-tonight = i kväll (senaste 12 timmarna)
tally-period-week = den här veckan
tally-period-all = genom tiderna
tally-sort-sips = klunkar
tally-sort-wins = vinster
tally-sort-games = spel
tally-sips = { sips }
tally-water = { $water } { $n } vatten
tally-points = { $star } { points } (alkoholfritt)
tally-games = { $n } spel
tally-wins = { $n ->
    [one] { $n } vinst
   *[other] { $n } vinster
}
tally-social = { $n } skål
tally-finishes = { $n ->
    [one] { $n } urdrucken drink
   *[other] { $n } urdruckna drinkar
}
tally-finishes-water = { $water } { $n ->
    [one] { $n } botten upp
   *[other] { $n } botten upp
} som vatten
tally-finishes-points = { $star } { $n } botten upp alkoholfritt
tally-forfeits = { $n ->
    [one] { $n } pant
   *[other] { $n } panter
}
tally-given = gav { $n }
tally-best-place = bästa plats { $ordinal }, snitt { $average }
tally-best-score = bästa resultat { points }
tally-title = 🍻 Notan på { $guild }: { $period }
tally-this-server = den här servern
tally-empty = Ingen har spelat eller druckit något än. Starta ett spel: { $hints }.
tally-more = …och { $n } till.
tally-footer = Efter { $sort }. { sips } totalt{ $also }. 24 klunkar är ungefär en öl. Vatten är gratis.
tally-footer-water = , { $n } som vatten
tally-footer-points = , { points }
tally-breakdown-title = 🍺 { $name }: { $period }
tally-breakdown-empty = Inga drinkar och inga spel under den här perioden.
tally-all-games = Alla spel: { $stats }
tally-just-posted = Den här listan lades upp här alldeles nyss, så den här kopian är bara för dig.

## /regler

rules-unknown-game = Jag känner inte till något spel som heter { $game }. Prova något av: { $known }.

## /inställningar (cogs/settings.py, bot/ui/party.py): svar privat, på den som frågar språk

none = ingen
on = på
off = av
settings-managers-only = Bara personer med Hantera server kan se eller ändra de här.
settings-title = { $gear } Barkeeps inställningar på { $guild }
settings-cap = Standardtak (`/inställningar tak`)
settings-cap-value = { sips } under 12 timmar, för spelare utan eget tak
settings-water = Vattenpåminnelse (`/inställningar vatten`)
settings-water-value = { $n ->
    [1] varje klunk
   *[other] var { $ordinal } klunk
}
settings-age = Åldersrad när spelare godkänner reglerna (`/inställningar ålder`)
settings-pings = Turpingar (`/inställningar pingar`)
settings-images = Kortbilder (`/inställningar bilder`)
settings-images-value = { $pictures ->
    [off] av (bara text)
    [four-colour] på, fyrfärgslek
   *[standard] på, vanliga färger
}
settings-language = Bordens språk (`/inställningar språk`)
settings-language-value-auto = {" "}(serverns eget)
settings-house = Husregler (`/inställningar husregler`)
settings-house-none = inga: varje spels egna standardvärden
settings-games = Spel (`/inställningar spel`)
settings-games-all = Alla spel, i alla kanaler.
settings-games-rule = { $on ->
    [on] på
   *[off] av
} i { $where }
settings-whole-server = hela servern
settings-cap-set = Standardtak: { sips }.
settings-cap-none = Inget standardtak.
settings-water-set = Vattenpåminnelse { $n ->
    [1] varje klunk
   *[other] var { $ordinal } klunk
}.
settings-water-off = Vattenpåminnelser av.
settings-age-set = Åldersraden är satt.
settings-age-none = Ingen åldersrad.
settings-pings-set = Turpingar { $on ->
    [on] på
   *[off] av
}.
settings-images-set = Kortbilder { $on ->
    [on] på
   *[off] av
}.
settings-four-colour-set = Fyrfärgslek { $on ->
    [on] på
   *[off] av
}.
settings-house-cleared = { $game }: spelets egna standardvärden igen.
settings-house-set = { $game } börjar med { $rules }.
settings-game-set = { $game }: { $on ->
    [on] på
   *[off] av
} i { $where }.
settings-language-set = Borden här talar nu { $language }.
settings-language-auto = Borden här talar nu serverns eget språk (engelska om Barkeep inte kan det).
settings-language-choice-auto = serverns eget språk
cmd-settings-language = språk
cmd-settings-language-desc = Språket på serverns bord och meddelanden
opt-settings-language-language = språk
opt-settings-language-language-desc = Bord, slutskärmar, meddelanden; varje spelares egna svar följer deras app
choice-en = English
choice-sv = Svenska
choice-auto = serverns eget språk

## Reglerna (/regler, Hela reglerna, godkännandet före första spelet): privat, spelarens språk

rules-short-heading = I korthet
rules-title = 📜 { $game }: reglerna
rules-short-title = 📜 { $game } i korthet
rules-full-button = Hela reglerna
consent-server = Den här servern
consent-before = Innan du spelar
consent-button = Jag är med
consent-text = { $drinking ->
    [true] Det här är ett drickspel. Spela bara om du är myndig att dricka, känner dina gränser och tar vatten när du vill (`/gränser` sätter ett tak för kvällen, eller alkoholfritt läge: poäng i stället för klunkar).
   *[false] Ingen dricker i det här spelet: det handlar bara om spelet.
} Läs reglerna ovan och tryck sedan på **{ $button }** för att ta plats.

## /hjälp (bot/ui/help.py): privat, på den som frågar språk

help-start = Öppna ett bord med `/<spel> starta` (till exempel `{ $example }`): vännerna trycker på **Gå med**, värden trycker på **Starta**. Dina kort kommer till dig privat. Jag sköter notan.
help-start-no-server = Spelen spelas i serverns kanaler: öppna ett bord med `/<spel> starta` (till exempel `{ $example }`): vännerna trycker på **Gå med**, värden trycker på **Starta**. Dina kort kommer till dig privat. Jag sköter notan.
help-games = Spel
help-more = Mer
help-off-here = av här
help-admins = `{ $settings }` (admins)

## /gränser (cogs/limits.py, bot/ui/party.py): privat, spelarens språk

tab-water = { $water } { $n } vatten
tab-points = { $star } { points }
limits-choice-sips = klunkar
limits-choice-free = alkoholfritt (drinkar blir poäng)
limits-title = { $shield } Dina gränser
limits-footer = Bara du ser det här. 24 klunkar är ungefär en öl. Vatten är gratis.
limits-mode-free = **Läge: alkoholfritt.** Dina drinkar sparas och visas som poäng, överallt där du spelar. Spelen går till som vanligt.
limits-mode-sips = **Läge: klunkar.**
limits-cap-none = **Tak:** inget. Sätt ett med `/gränser tak:`.
limits-cap = **Tak:** { sips } under 12 timmar ({ $whose ->
    [own] ditt eget
   *[server] serverns standard
}).
limits-tonight = **I kväll** (senaste 12 timmarna, alla servrar): { $tab }.
limits-looks = **Dina kort:** { $looks ->
    [text] bara text
    [four-colour] kortemoji, fyrfärgslek
   *[emoji] kortemoji
} (`/gränser bilder:`, `fyrfärg:`).
limits-left = { sips } kvar innan dina drinkar räknas som vatten.
limits-reached = { $water } Du har nått ditt tak: dina drinkar räknas som vatten tills vidare, och spelen fortsätter som vanligt.
limits-button-sips = Tillbaka till klunkar
limits-button-free = Alkoholfritt läge
limits-button-clear = Ta bort mitt tak
limits-button-erase = Radera min historik här…
limits-now-free = Alkoholfritt blir det: från och med nästa drink är dina drinkar poäng.
limits-now-sips = Tillbaka till klunkar: från och med nästa drink är dina drinkar klunkar.
limits-cap-cleared = Ditt tak är borttaget.
limits-cap-set = Ditt tak är { sips } under 12 timmar.
limits-cap-set-reached = Ditt tak är { sips }, och du har druckit { $tonight } i kväll: från och med nu räknas dina drinkar som vatten.
limits-emoji-set = Kortemoji i dina händer: { $on ->
    [on] på
   *[off] av
}.
limits-four-colour-set = Fyrfärgslek för dina kort: { $on ->
    [on] på
   *[off] av
}.
erase-title = Radera din historik på { $guild }?
erase-text = Det här tar bort alla dina drinkar och resultat på den här servern (så att `/notan` glömmer dig här), och ditt namn och konto från dess avslutade bord: spelens loggar behåller bara en anonym plats. Det går inte att ångra.

    Andra servrar behåller sin egen historik, och ditt tak, ditt läge och reglerna du har godkänt finns kvar (de är dina, inte serverns).
erase-yes = Ja, radera
erase-keep = Behåll
erase-kept = Inget raderades.
erase-done = Klart: din historik på { $guild } är raderad ({ $drinks ->
    [one] { $drinks } drink
   *[other] { $drinks } drinkar
} och { $results ->
    [one] { $results } resultat
   *[other] { $results } resultat
} borttagna, { $seats ->
    [one] { $seats } plats
   *[other] { $seats } platser
} anonymiserade).

## Ett snedstreckskommando som avvisades innan det kördes (bot/slash.py): privat

slash-changed = Det kommandot har ändrats sedan Discord visade det för dig: skriv det igen (ser det fortfarande gammalt ut, starta om Discord). Inget gjordes.
slash-in-a-server = Det här fungerar i en serverkanal, inte i direktmeddelanden.
slash-no-player = Jag hittar inte den spelaren: välj hen i listan Discord visar. Inget gjordes.
slash-odd = Den förfrågan såg inte rätt ut, så inget gjordes.
slash-takes = `{ $name }` tar { $kind ->
    [text] en text
    [integer] ett heltal
    [boolean] på eller av
    [user] en spelare
    [number] ett tal
    [channel] en kanal
    [role] en roll
   *[other] något annat
}: skriv kommandot igen. Inget gjordes.
slash-not-a-choice = ”{ $value }” är inte ett av valen för `{ $name }`: välj ett i listan. Inget gjordes.
slash-out-of-range = `{ $name }` går från { $low } till { $high }: skriv kommandot igen. Inget gjordes.
slash-no-channel = Jag hittar inte den kanalen: välj en i listan Discord visar. Inget gjordes.
slash-wrong-channel = `{ $name }` kan inte vara den sortens kanal: välj en i listan Discord visar. Inget gjordes.
slash-unreadable = Jag kunde inte läsa ett av värdena: skriv kommandot igen. Inget gjordes.
slash-not-here = Du kan inte använda det kommandot här.
settings-thread = Trådar med spelets gång (`/inställningar tråd`)
settings-thread-value = { $on ->
    [on] på: varje spel öppnar en för åskådare
   *[off] av
}
settings-thread-off = Trådar med spelets gång av (spel som pågår behåller sina).
settings-thread-on = Trådar med spelets gång på: spel som startar från och med nu öppnar en.
settings-thread-nowhere = Bord i trådar, foruminlägg och röstkanalers chatt får ingen.
settings-this-channel = den här kanalen
settings-thread-missing = ⚠️ Inte i { $where }: jag saknar { $missing } här. Någon som hanterar kanalen kan tillåta det för Barkeep i kanalens inställningar (Behörigheter).
cmd-settings-thread = tråd
cmd-settings-thread-desc = En tråd med varje bords spelgång
opt-settings-thread-on = på
opt-settings-thread-on-desc = På: varje spel öppnar en offentlig tråd med sina drag och drinkar, för åskådare (av som standard)

## Kort i en mening (bot/engines/cards.py ``said``)

card-french = { $suit ->
    [C] klöver
    [D] ruter
    [H] hjärter
   *[S] spader
} { $rank ->
    [11] knekt
    [12] dam
    [13] kung
    [14] ess
   *[other] { $rank }
}
card-tarot = { $rank ->
    [11] page
    [12] riddare
    [13] drottning
    [14] kung
   *[other] { $rank }
} av { $suit ->
    [B] öl
    [L] lager
    [W] vin
   *[S] sprit
}
card-major = { $n ->
    [0] The Drunken Fool
    [1] The Magician
    [2] The High Priestess
    [3] The Empress
    [4] The Emperor
    [5] The Hierophant
    [6] The Lovers
    [7] The Chariot
    [8] Strength
    [9] The Hermit
    [10] The Wheel of Fortune
    [11] Justice
    [12] The Hanged Man
    [13] Death
    [14] Temperance
    [15] The Devil
    [16] The Tower
    [17] The Star
    [18] The Moon
    [19] The Sun
    [20] Judgement ("Last Call")
   *[21] The World
}

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

# Plattformens skärmar, likadana i alla spel (bot/ui/common.py, takeback.py, replay.py,
# playbyplay.py; cogs/history.py; meddelandena i bot/render/). Bordsnummer och frön skickas
# som text (grupperas aldrig som tal).

## Knappar

screens-join = Gå med
screens-leave = Lämna
screens-start = Starta
screens-rules = Regler
screens-end = Avsluta
screens-remove = Ta bort en spelare
screens-my-seat = Min plats
screens-allow = Tillåt
screens-no = Nej
screens-take-seat = Ta plats
screens-again = Spela igen
screens-refresh = Uppdatera

## Ord

screens-someone = Någon
screens-the-host = värden
screens-and = { $rest } och { $last }
screens-not-sure = Osäker? Strunta bara i det här.
screens-latest = Senaste

## Lobbyn

screens-lobby-title = { $game } · bord #{ $table }
screens-lobby-text = Tryck på **{ $join }** för att ta en plats ({ $count } spelare). Värden trycker på **{ $start }** när alla är med. Startar ingen stängs bordet { $clock }.
screens-lobby-players = Spelare ({ $n }/{ $most })
screens-lobby-player = { $n }. { $who }{ $host ->
    [yes] {" "}(värd)
   *[no] {""}
}
screens-lobby-nobody = Ingen än.
screens-lobby-options = Bordets inställningar
screens-lobby-invited = Inbjudna
screens-lobby-seed = Frö SHA-256 { $hash } (fröet visas när bordet är slut)
screens-lobby-responsibly = Drick ansvarsfullt. { $limits } sätter ditt tak för kvällen, eller alkoholfritt läge.
screens-invite = 🔁 Igen från bord #{ $table }: { $who }, tryck på **{ screens-join }**.
screens-next-game = { $who } har redan öppnat nästa spel: bord #{ $table }{ $link }. Tryck på **{ $join }** där.
screens-remove-ask = Ta bort en spelare från bord #{ $table }? Hen kan inte gå med vid det här bordet igen.
screens-remove-nobody = Det finns ingen annan vid bordet att ta bort.
screens-remove-pick = Vem ska lämna bordet?

## Lediga platser

screens-seat-asked = **{ $who }** vill ta platsen efter { $whose }: { $host }, **{ $allow }** eller **{ $no }**?
screens-seat-open = Platsen efter { $whose } är ledig{ $why ->
    [timed-out] {" "}(tiden gick ut tre gånger)
   *[left] {""}
}: **{ $take }** { $until ->
    [clock] innan klockan går ut { $clock }
   *[turn] innan det är platsens tur
}.
screens-take-whose = Ta platsen efter { $whose }
screens-close-whose = Stäng platsen efter { $whose }
screens-seat-close-ask = Stänga en plats i stället för att vänta ut klockan? Dess kort lämnar spelet som reglerna säger.
screens-seat-host-ask = Ta en plats själv (du är värd: ingen behöver tillåta det), eller stäng en.
screens-seat-which = Vilken plats? Värden tillåter det (din egen plats tillbaka behöver ingens okej).

## Frågor

screens-leave-open = Lämna bord #{ $table }? Din plats står ledig så att någon kan ta över (eller du, med **{ $take }**, innan klockan går ut). En drink du är skyldig nu är fortfarande din.
screens-leave-out = Lämna bord #{ $table }? Du är ute ur det här spelet för gott, och en drink du är skyldig nu är fortfarande din.{ $takeover ->
    [no] {" "}Ingen tar över en plats i det här spelet.
   *[yes] {""}
}
screens-leave-yes = Ja, lämna
screens-end-ask = Avsluta bord #{ $table } för alla? Spelet slutar här utan vinnare; klunkarna hittills står kvar på notan.
screens-end-yes = Ja, avsluta

## Slutskärmen

screens-ended-title = { $game } · bord #{ $table } är slut
screens-ended-closed = Bordet stängdes.
screens-ended-early = Avslutat i förtid: ingen vinnare.
screens-ended-gone = Lämnade, platsen står fortfarande ledig: { $who }
screens-ended-tally = Se { $tally } för topplistan.
screens-ended-seed = Frö (ge om och kontrollera): { $seed } · { $rest }
screens-gave = (gav { $n })
screens-finish-points = { $star } botten upp alkoholfritt
screens-finish-water = { $water } botten upp som vatten
screens-biggest = Största drinken: { $who }, { $amount } ({ $why })
screens-most-given = Gav mest: { $who }, { $amount }

## Gamla kopior och privata vyer

screens-moved-back = Bord #{ $table } har flyttat: skriv `{ $command }` för att hämta tillbaka det hit.
screens-moved = Bord #{ $table } har flyttat hit ner: { $link }
screens-view-retired = Dina kort och knappar har flyttat till ditt nyaste privata meddelande här nedanför.
screens-view-expired = Den här vyn uppdateras inte längre (Discord låter en bot uppdatera ett sådant meddelande i 15 minuter). Tryck på **{ $refresh }** för att få en ny.
screens-view-timed-out = Du är ute ur bord #{ $table }: du missade tre turer i rad.
screens-view-left = Du lämnade bord #{ $table }. Tack för att du spelade!

## Ångra (bot/ui/takeback.py)

takeback-button = Ångra
takeback-button-whose = Ångra ({ $who })
takeback-agree = Ja
takeback-asked = { $who } vill ångra senaste draget{ $how ->
    [aside] {" "}{ $move }
   *[said] : { $move }
}.{ $agree ->
    [yes] {" "}{ $waiting }: okej?
   *[no] {""}
} { $clock }
takeback-waiting = Du har bett om att få ångra ditt drag: väntar på { $waiting }.

## Repriser (bot/ui/replay.py): privat, läsarens språk

replay-button = Repris
replay-record-button = Protokoll
replay-title = Repris · { $game } · bord #{ $table }
replay-footer = Frö { $seed } · bara du ser den här reprisen
replay-heading = **{ $place }** · steg { $step } av { $total }{ $end ->
    [yes] {" "}· slut
   *[no] {""}
}
replay-heading-step = **Steg { $step } av { $total }**{ $end ->
    [yes] {" "}· slut
   *[no] {""}
}
replay-deal = Given
replay-end = Slutet
replay-place-end = { $place } · slut
replay-step = Steg { $step }
replay-jump = Hoppa till…
replay-first = Första
replay-back = Bakåt
replay-next = Nästa
replay-last = Sista
replay-takeover = **{ $who }** tar över platsen efter **{ $whose }**.
replay-drank = { $who }: { $amount } ({ $why })
replay-drinks-so-far = **Druckit hittills:** { $totals }
replay-no-drinks = Inga drinkar än.

## /historik (bot/ui/replay.py, cogs/history.py)

history-title = Spel på { $guild }
history-mine = **Dina senaste spel här**
history-mine-none = Inga än: starta ett med ett spels `/… starta`.
history-server = **Senast på den här servern**
history-server-none = Inget spel har tagit slut här än.
history-footer = Repriser visar alla händer: fröet blir offentligt när ett spel är slut.
history-pick = Se en repris…
history-just-now = nyss
history-minutes-ago = { $n ->
    [one] för { $n } minut sedan
   *[other] för { $n } minuter sedan
}
history-hours-ago = { $n ->
    [one] för { $n } timme sedan
   *[other] för { $n } timmar sedan
}
history-days-ago = { $n ->
    [one] för { $n } dag sedan
   *[other] för { $n } dagar sedan
}
history-this-server = den här servern
history-no-server = Spelen spelas på servrar: prova det här på en.
history-unknown = Jag hittar inte det spelet på den här servern.
history-not-over = Det spelet är inte slut än: reprisen kommer när det är över.
history-never-dealt = Det bordet stängdes innan korten delades ut: det finns inget spel att visa.
history-pruned = Det här spelets protokoll sparas inte längre: protokoll sparas i 30 dagar, och en servers senaste 100 spel.
history-broken = Det här spelets protokoll går tyvärr inte att spela upp.
history-record = Protokollet för bord #{ $table }: fröet, inställningarna och varje drag. `python -m bot.replay` ger om det och kontrollerar varje kort och drink.

## Meddelandena från bot/render/: det som stoppar ett bords uppdateringar

# behörigheterna, som en kanals inställningar kallar dem
screens-perm-view_channel = Visa kanal
screens-perm-send_messages = Skicka meddelanden
screens-perm-send_messages_in_threads = Skicka meddelanden i trådar
screens-perm-embed_links = Bädda in länkar
screens-perm-create_public_threads = Skapa offentliga trådar
screens-start-warning = Obs: jag saknar { $missing } i <#{ $channel }>. Bord #{ $table } går att spela, men turpingar kan inte visas, och bordet slutar uppdatera sig självt (när en klocka går ut) 15 minuter efter senaste trycket. Någon som hanterar kanalen kan tillåta det för Barkeep i kanalens inställningar (Behörigheter).
screens-refused-unseen = Jag kan inte uppdatera bord #{ $table }: jag ser inte <#{ $channel }>. Är det en privat tråd, lägg till mig i den (nämn mig där); annars kan någon som hanterar kanalen ge mig { $view } i dess inställningar (Behörigheter). Sedan tar ett tryck på en av bordets knappar, eller `{ $command }`, tillbaka bordet.
screens-missing = Jag saknar { $missing } i <#{ $channel }>
screens-missing-one = Jag saknar en behörighet i <#{ $channel }> ({ $needed })
screens-refused = Jag kan inte uppdatera bord #{ $table }: { $lacks }. Någon som hanterar kanalen kan tillåta det för Barkeep i kanalens inställningar (Behörigheter); sedan tar ett tryck på en av bordets knappar, eller `{ $command }`, tillbaka bordet.
screens-no-thread = Ingen tråd med spelets gång för bord #{ $table }: jag saknar { $missing } i <#{ $channel }>. Spelet fortsätter som vanligt; någon som hanterar kanalen kan tillåta det för Barkeep i kanalens inställningar (Behörigheter).
screens-not-in-thread = Jag är inte med i den här privata tråden: jag kan inte pinga den som har turen, och bord #{ $table } slutar uppdatera sig självt (när en klocka går ut) 15 minuter efter senaste trycket. Lägg till mig i tråden: nämn { $me } i den.
screens-hidden-parent = Jag ser inte { $parent }, så jag kan inte gå med i den här tråden: jag kan inte pinga den som har turen, och bord #{ $table } slutar uppdatera sig självt (när en klocka går ut) 15 minuter efter senaste trycket. Någon som hanterar { $parent } kan ge mig { $what } där, i kanalens inställningar (Behörigheter).
screens-cant-join = Jag kan inte gå med i den här tråden: jag kan inte pinga den som har turen, och bord #{ $table } slutar uppdatera sig självt (när en klocka går ut) 15 minuter efter senaste trycket. Är det en privat tråd, lägg till mig i den: nämn { $me } i den; annars kan någon som hanterar kanalen ge mig { $view } i dess inställningar (Behörigheter).
screens-reopened = Bord #{ $table } pågår fortfarande, så jag öppnade tråden igen.
screens-shut = Den här tråden arkiverades, och Discord låter mig inte öppna den igen: jag stängde bord #{ $table } hellre än att låta dess klockor gå vidare där ingen ser dem.{ $remedy }
screens-shut-remedy = För att nästa bord här ska kunna fortsätta kan någon som hanterar { $parent } ge mig { $missing } där, i kanalens inställningar (Behörigheter).

## Tråden med spelets gång (bot/ui/playbyplay.py): offentlig, serverns språk

playbyplay-thread = Bord #{ $table } · { $game }
playbyplay-header = **Spelets gång vid bord #{ $table }** ({ $game }): { $who }. Varje drag och drink syns här när det händer; bordet är meddelandet ovanför.

## Varför ett bord tog slut (slutskärmens sidfot)

screens-reason-game-over = spelet är slut
screens-reason-everyone-left = alla gick
screens-reason-channel-deleted = dess kanal togs bort
screens-reason-thread-deleted = dess tråd togs bort
screens-reason-thread-locked = dess tråd låstes
screens-reason-thread-shut = dess tråd arkiverades, och Barkeep får inte öppna den igen
screens-reason-removed = Barkeep togs bort från servern
screens-reason-not-loaded = det gick inte att läsa in
screens-reason-former-player = en tidigare spelare
screens-reason-ended-by = avslutat av { $who }
screens-reason-closed = stängt: { $why }
screens-reason-nobody-started = ingen startade det inom { $minutes } minuter

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

# Kvitt eller dubbelt-krig (bot/engines/war.py, bot/ui/war.py, bot/art/war.py). { $who }, { $a }...:
# en spelares namn; { $ca }, { $cb }: ett korts etikett (9♠); { $rank }: en valörs (9, Q).
# Ord: giv (hand), vända (flip), insats (base drink), räddningskort (save throw), skål (social drink).

## Spelets rader (loggen, nekanden, resultaten): data, formulerade för varje läsare

war-two-players = Kvitt eller dubbelt-krig spelas av exakt 2 spelare.
war-dealer-flips = Tiden är ute: givaren vänder korten.
war-out-of-time = Tiden tog slut för { $who }, som dricker.
war-left = { $who } lämnade spelet: { $other } vinner.
war-already-turned = Korten är redan vända.
war-hand-turned = Giv { $n } är redan vänd.
war-nothing-to-choose = Det finns inget att välja just nu.
war-only-loser = Bara förloraren får välja.
war-flip = { $a } vänder { $ca }, { $b } vänder { $cb }
war-tie = Båda vänder { $rank }: skål för båda ({ sips } var).
war-save-tie = Lika på räddningskortet ({ $rank }), insatsen stryks: skål för båda ({ sips } var).
war-last-cards = Det var de sista korten: inget kvitt eller dubbelt.
war-lost-hand = { $who } förlorar: drick { $n } eller kör kvitt eller dubbelt?
war-versus = { $lo } mot { $hi }
war-drinks = { $who } dricker { $n }: { $versus }
war-goes-double = { $who } kör kvitt eller dubbelt om { $n }!
war-save-flip = Räddningskort: { $a } vänder { $ca }, { $b } vänder { $cb }
war-saved = { $who } vann på räddningskortet: { $other } dricker { $n }
war-doubled = { $who } dubblade och förlorade: { sips }
war-piles-empty = Högarna är slut: spelet är över.
war-standing = { $who }: { sips }
war-left-wins = { $who } lämnade: { $other } vinner
war-draw = Oavgjort
war-wins = { $who } vinner
war-highlight = { $who } körde kvitt eller dubbelt: vann { $won }, förlorade { $lost }
war-mark-hand = Giv { $n }
war-reason-social = skål
war-reason-saved = förlorade på räddningskortet
war-reason-doubled = dubblade och förlorade

## Bordet och den privata vyn

war-title = ⚔️ { game-war-title } · bord #{ $table }
war-seat = { $who }{ $gone ->
    [yes] {" "}(lämnade)
   *[no] {""}
}: { $n } kort kvar · { $drinks }
war-hand-cards = Giv { $n }: { $a } **{ $ca }** · { $b } **{ $cb }**
war-last-hand-cards = Sista giv: { $a } **{ $ca }** · { $b } **{ $cb }**
war-save-cards = Räddningskort: { $a } { $ca } · { $b } { $cb }
war-choice = 👉 { $who } förlorade med **{ $n }**: drick { $n } eller **kvitt eller dubbelt**? { $who } väljer { $due } (annars dricker hen { $n }).
war-flip-due = Någon av er vänder giv { $n }; annars vänder givaren { $due }.
war-footer = Frö SHA-256 { $hash }… · skål { sips } · { $seconds } s att välja
war-button-flip = Vänd nästa giv
war-button-drink = Drick { $n }
war-button-double = Kvitt eller dubbelt
war-end-left = 🚪 { $who } lämnade: { $other } vinner.
war-end-wins = 🏆 { $who } vinner: { $won } mot { $lost }.
war-end-draw = 🤝 Oavgjort: { $n } var.
war-you-lost = Du förlorade med **{ $n }**. Drick { $n }, eller kör kvitt eller dubbelt (vinner du på räddningskortet dricker den andra { $n }; förlorar du dricker du { $double }). Välj { $due }.
war-waiting = Väntar på att någon vänder.
war-choosing = { $who } väljer: drick, eller kvitt eller dubbelt.
war-private-title = Din plats i kriget · bord #{ $table }
war-private-footer = Bara du ser det här. Ingen ser sin hög i kriget: inget tjuvkikande!

## Bilden

war-art-seat = { $who } · { sips }
war-art-caption = Giv { $n }{ $save ->
    [yes] {" "}· räddningskort
   *[no] {""}
}
