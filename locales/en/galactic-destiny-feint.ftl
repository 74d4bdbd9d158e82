# Galactic Destiny: the Feint round ("The Feint card"): B, the F windows, B′.

gd-ev-feint-played = { $party } plays the card "{ $card }": its invasion declarations are cancelled and it makes them again in its F window.
gd-ev-feint-cancelled = { $party }'s declarations cancelled ({ $invasions ->
    [0] no invasion
    [one] the invasion of sector { $sectors }
   *[other] the invasions of sectors { $sectors }
  }): { $fleets ->
    [0] no fleet goes back
    [one] 1 fleet goes back to where it came from
   *[other] { $fleets } fleets go back to where they came from
  }{ $senators ->
    [none] {""}
   *[other] ; the corruption of those invasions is taken back from { $senators }
  }. An admiral already sent stays exhausted.
gd-feint-note = Feint: if you still hold the card when the step closes, you pay it, your invasion declarations are cancelled and you make them again in an F window; then everybody answers again (B′) before the battles.
gd-feint-once = one such round a turn: B′ takes no new one
gd-form-feints = F window: declare your invasions and defences again (INVADE, DEFEND); the other parties cannot change anything.
gd-form-battles-again = Before the battles, again (B′): RETREAT for your losses and retreats; if you write nothing, your answers of step B stand.
