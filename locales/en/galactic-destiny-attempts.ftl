# Galactic Destiny: assassinations ("Assassinats.", "Règle facultative.", "Jetons d'ombre et assassinats.").

## Orders
gd-order-refused-self-target = a senator cannot assassinate himself
gd-order-refused-not-assassin = { $senator } is no assassin (Assassin or Maître en assassinat skill)
gd-order-refused-not-fresh = { $senator } has acted this turn already (exhausted, recruited this turn, or named by an earlier line)
gd-order-refused-bid-points = a bid of 0 to { $max } points expected
gd-order-note-bid-cost = your bid costs { $amount } influence, paid as far as you can (your lines leave you { $left })
gd-order-note-attempt = { $dice } die/dice; without other bids the target dies on { $kill_on } or more on a die (a natural 6 always kills), the assassin takes 1 corruption on { $corrupt_on } or less on a die (a natural 1 too)
gd-order-note-optional-rule = optional rule: { $senator }'s diplomacy is added to the price of the first offer
gd-order-note-standing-withdrawn = standing bid withdrawn
gd-order-note-standing = standing bid until the end of the game turn: { $amount } influence on each attempt on that senator, as far as you can pay

## Reports
gd-why-assassination = assassination attempt: a 1
gd-attempt-assassin-unfit = { $senator } can no longer attempt an assassination (out of play, exhausted, gone to another party, or named twice)
gd-attempt-target-gone = { $senator } is no longer in play
gd-attempt-bid = { $party } { $points } ({ $paid } influence)
gd-ev-standing-bid = Your standing bid on { $senator }: { $kind ->
    [protect] protection of { $points } point(s)
    [back] backing of { $points } point(s)
   *[withdrawn] withdrawn
  }.
gd-ev-standing-bid-all = Your standing bid on each of your senators: { $kind ->
    [protect] protection of { $points } point(s)
    [back] backing of { $points } point(s)
   *[withdrawn] withdrawn
  }.
gd-ev-attempt = Assassination attempt on { $target } ({ $target_party }) by { $assassin } ({ $party }){ $master ->
    [yes] {" "}(master assassin, +1)
   *[no] {""}
  }{ $optional_rule ->
    [yes] {" "}(optional rule)
   *[no] {""}
  }: { $bids_count ->
    [0] no bid
   *[other] bids { $bids }
  }, modifier { $modifier }, dice { $dice }: { $killed ->
    [yes] { $target } is killed
   *[no] { $target } survives
  }{ $corruption ->
    [0] {""}
   *[other] , { $assassin } takes { $corruption } corruption
  }.
gd-ev-assassinated = { $senator } ({ $party }) is dead and leaves the game.
gd-ev-assassinated-minister = { $senator } ({ $party }) is dead and leaves the game; the post of { $ministry } is vacant.
gd-ev-bid-short = Your bid on the attempt on { $target }: { $paid } point(s) paid of { $wanted } ({ $cost } influence a point; not enough influence).
