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
