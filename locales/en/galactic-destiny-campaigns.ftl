# Galactic Destiny: campaigns (steps C and K), "Campagnes.", "Résolution des campagnes.".

gd-camp-refused-infested = sector { $sector } is infested: no campaign in an infested sector
gd-camp-refused-own-sector = sector { $sector } is yours: nobody campaigns in its own sectors (in K, INFLUENCE { $sector } <n> adds to its roll)
gd-camp-refused-not-reachable = sector { $sector } is neither next (up, down, left, right) to a sector you control nor one of the marked sectors{ $count ->
    [0] {""}; you can campaign nowhere this turn
   *[other] {""}; you may campaign in: { $sectors }
  }
gd-camp-refused-integrity = sector { $sector } is { $party }'s and the Act of virtuous integrity forbids campaigning in another party's sector (DEFY INTEGRITY first, 2 corruption)
gd-camp-refused-twice = you already campaign in sector { $sector } this turn (one campaign per sector)
gd-camp-refused-recruited = { $senator } was just recruited: he acts next turn
gd-camp-refused-exhausted = { $senator } has already acted this turn (exhausted)
gd-camp-refused-no-campaign = no campaign to back in sector { $sector }: neither yours nor another party's in your sector
gd-camp-refused-influence-twice = one INFLUENCE line per sector ({ $sector })

gd-camp-note-roll = your roll: { $dice } die/dice (exploding sixes) + diplomacy { $diplomacy }{ $orator ->
    [yes] {""} + 1 (public speaker)
   *[no] {""}
  } − corruption { $corruption } − 3 × shadow { $shadow } + influence { $influence } + adjacency { $adjacency }{ $race ->
    [yes] {""} + 1 (race icon)
   *[no] {""}
  }{ $icon ->
    [yes] {""} + 1 (party icon)
   *[no] {""}
  }: dice { $modifier } as things stand
gd-camp-note-sector = sector { $sector } rolls 1 die (exploding six) + defence { $defence }{ $owner ->
    [none] {""}, neutral: nobody may modify its roll
   *[other] {""} + { $owner }'s adjacency { $adjacency } + the influence { $owner } puts in it in K
  }; ties go to the sector
gd-camp-note-education = Freedom of speech and consulate of education: { $amount } influence paid when declared
gd-camp-note-education-breach = Freedom of speech and consulate of education: { $amount } influence you do not have — the law will be broken (2 corruption)
gd-camp-note-paid-when-resolved = { $amount } influence paid when resolved, as far as you then have it

gd-ev-campaign-declared = { $party } campaigns in sector { $sector } with { $senator } (grey token).
gd-ev-education-paid = { $party } pays { $amount } influence for its campaign in sector { $sector } (Freedom of speech and consulate of education).
gd-ev-campaign-void = { $party }'s campaign in sector { $sector } ({ $senator }) does not take place: { $reason }.
gd-ev-campaign-roll = { $party } ({ $senator }): dice { $dice }, diplomacy { $diplomacy }{ $orator ->
    [0] {""}
   *[other] {""} +1 speaker
  }, corruption −{ $corruption }, shadow −{ $shadow }, influence +{ $influence }, adjacency +{ $adjacency }, race +{ $race }, party +{ $icon }{ $cards ->
    [0] {""}
   *[other] , cards { $cards }
  } = { $total }
gd-ev-campaign-resolved = Campaigns in sector { $sector } ({ $owner ->
    [none] neutral): the sector rolls { $dice } + defence { $defence }
   *[other] { $owner }): the sector rolls { $dice } + defence { $defence } + influence { $influence } + adjacency { $adjacency }
  } = { $total }; { $rolls }. { $winner ->
    [none] The sector stays as it was.
   *[other] { $winner } takes the sector.
  }
