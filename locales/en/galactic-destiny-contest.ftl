# Galactic Destiny: contest cards ("Résolution d'invasions.", "Bonus de batailles.", "Résolution des campagnes.").

## Orders
gd-order-refused-card-contest-missing = "{ $card }" is played on { $battle ->
    [yes] a battle: write BATTLE <sector>
   *[no] a campaign: write CAMPAIGN <sector>
  }
gd-order-refused-card-contest-step = "{ $card }" is played { $battle ->
    [yes] before a battle, in B (or B′)
   *[no] before the ballots, in K
  }
gd-order-refused-card-contest-not-in = you take no part in { $battle ->
    [yes] a battle in sector { $sector } (your fleets there, an invasion of yours, or your sector invaded)
   *[no] a campaign in sector { $sector } (yours there, or your sector campaigned)
  }
gd-order-note-contest-card = sealed until { $battle ->
    [yes] the battle is fought
   *[no] the campaign is resolved
  }: then shown, paid and added to your side (priority { $priority }; the other parties may answer it); not held, it goes back to your hand unpaid

## Reports
gd-card-contest-not-in = "{ $card }": you no longer take part in that contest; the card stays in your hand, unpaid
gd-card-contest-returned = "{ $card }": that contest was not held; the card goes back to your hand, unpaid
