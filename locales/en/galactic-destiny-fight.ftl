# Galactic Destiny: the rerolls (Interrupteur de code, sector 34) and the hits
# (src/games/galactic_destiny/intrigue/fight_skills.rs, orders/fight.rs).
gd-ev-fight-rerolled = { $contest ->
    [battle] Battle in sector { $sector }
    [campaign] Campaign in sector { $sector }
   *[assassination] Assassination
  }: { $by ->
    [code_breaker] { $senator } (Code breaker{ $party ->
        [republic] , for the Republic
       *[other] , { $party }
      }) rerolls a die: { $old } becomes { $new } (the new result stands)
    [card] { $party } (reroll card) rerolls a die: { $old } becomes { $new } (the new result stands)
   *[power] { $party } (Feed the Power, sector 34) rerolls a die: { $old } then { $new }, { $kept ->
        [new] the new die is kept
       *[old] no better, the old die is kept
      }
  }{ $bonus ->
    [none] {""}
   *[other] {"; "}the 6 explodes, bonus die { $bonus }
  }.
gd-fight-contest-battle = battles
gd-fight-contest-campaign = campaigns
gd-fight-contest-assassination = assassinations
gd-fight-refused-contest = "{ $written }": write BATTLE, CAMPAIGN, ASSASSINATION, ALL or NONE
gd-fight-refused-none-and-contest = NONE stands alone: no other contest and no THRESHOLD with it
gd-fight-refused-threshold = THRESHOLD from 1 to { $max } (a 6 cannot be bettered)
gd-fight-refused-no-reroll = you have no reroll: none of your senators in play is a Code breaker and sector 34 (Feed the Power) is not yours
gd-fight-note-policy-none = you will reroll no die this turn
gd-fight-note-policy-threshold = for the rest of the turn, in { $contests }, your lowest die is rerolled when it shows { $threshold } or less
gd-fight-note-policy-losing = for the rest of the turn, in { $contests }, your lowest die is rerolled when you are losing and a better die could change the outcome
gd-fight-note-code-breaker = Code breaker: { $senators } (one reroll per battle led as admiral; the new result stands){ $battle ->
    [yes] {""}
   *[no] {"; "}your order leaves battles out, so he will not reroll
  }
gd-fight-note-power = sector 34: one reroll a turn, the better result kept{ $used ->
    [yes] {"; "}already used this turn
   *[no] {""}
  }
gd-fight-note-hits = in this step's battles, the hits you inflict go to the side of { $parties } (the first present against you); otherwise to the opposing side with most fleets
