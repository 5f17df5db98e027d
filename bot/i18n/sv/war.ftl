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
