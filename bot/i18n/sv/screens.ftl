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
