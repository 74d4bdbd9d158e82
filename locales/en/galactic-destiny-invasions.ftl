# Galactic Destiny: the Republic's fleet, invasions and battles
# (src/games/galactic_destiny/intrigue/invasions.rs, invasions_view.rs).
gd-why-fleet-admiral = voted admiral of the Republic fleet, could not go
gd-ev-inv-republic-moved = Republic fleet: { $count } fleet(s) from sector { $from } to sector { $to }{ $attack ->
    [yes] {" "}to attack it
   *[no] {" "}on patrol
  }{ $admiral ->
    [none] {""}
   *[other] {" "}under admiral { $admiral }
  }{ $short ->
    [0] {""}
   *[other] {" "}({ $short } ordered but not there)
  }.
gd-inv-stake-hold = the defence
gd-inv-stake-claim = { $party }'s claim
gd-inv-stake-neutral = neutrality
gd-inv-side = side { $side } ({ $stake }): total { $total }, { $hits } hit(s) taken
gd-inv-contingent = { $force ->
    [republic] the Republic
   *[other] { $force }
  } (side { $side }, { $fleets } fleet(s){ $admiral ->
    [none] {""}
   *[other] , admiral { $admiral }
  }): dice { $dice }, total { $total }, { $hits } hit(s) on side { $target }, { $losses } lost{ $killed ->
    [none] {""}
   *[other] , admiral { $killed } killed
  }
gd-inv-after-unchanged = the sector stays as it was
gd-inv-after-owner = the sector goes to { $party }
gd-inv-after-neutral = the sector becomes neutral
gd-ev-inv-battle = Battle in sector { $sector }: the sector rolls { $sector_dice } ({ $sector_hits } hit(s) on side { $sector_target }); { $sides }; { $contingents }; side { $winner } wins: { $after }.
gd-ev-inv-sector-taken = Sector { $sector } { $owner ->
    [none] becomes neutral
   *[other] goes to { $owner }
  }{ $was ->
    [none] {""}
    [infested] {" "}(it was infested; no longer)
   *[other] {" "}(taken from { $was })
  }.
gd-ev-inv-retreated = { $party ->
    [republic] The Republic's { $count } fleet(s) go back from sector { $from } to sector { $to }.
   *[other] { $party }'s { $count } beaten fleet(s) { $to ->
        [0] in sector { $from } have nowhere to retreat and are lost.
       *[other] retreat from sector { $from } to sector { $to }.
    }
  }
gd-why-invasion = invasion of sector { $sector }
gd-ev-inv-invaded = { $party } invades sector { $sector } with { $from }{ $admiral ->
    [none] {""}
   *[other] {" "}under admiral { $admiral }
  }, for { $stake }.
gd-ev-inv-defended = { $party } moves fleets to defend sector { $sector }: { $from }.
gd-ev-inv-movement-paid = { $party } pays { $money } money for { $fleets } fleet(s) moved (Movement Declaration).
gd-inv-unexecuted-no-fleets = no fleet of yours could still move from there, or the sector is now yours or already invaded by you
gd-inv-refused-origin = "{ $written }" is no origin: write <sector>:<fleets>, e.g. 31:3
gd-inv-refused-fleets = sector { $sector }: { $count } fleet(s) asked, { $free } of yours there that have not moved this turn
gd-inv-refused-no-origin = no origin: write the fleets sent as <sector>:<fleets>, e.g. 31:3
gd-inv-refused-own-sector = sector { $sector } is yours: you may defend it (DEFEND), not invade it
gd-inv-refused-invaded-twice = you already invade sector { $sector } this turn ("a player may invade a specific sector only once a turn")
gd-inv-refused-admiral-spent = { $senator } has already acted this turn (exhausted, seduced or admiral of another line)
gd-inv-refused-defend-invaded = you invade sector { $sector } this turn: your fleets there attack it
gd-inv-refused-no-move = every fleet named is already in sector { $sector }: they defend it without an order
gd-inv-note-movement = Movement Declaration: { $amount } money
gd-inv-note-movement-breach = Movement Declaration: { $amount } money you will not have; the law is broken (2 corruption)
gd-inv-note-no-corruption = no corruption for this invasion
gd-inv-note-republic-present = { $count } Republic fleet(s) there defend it
gd-inv-note-watch = a fleet on sector { $sector } satisfies the Democratic Watch Committee (marked sector)
gd-inv-note-retreat = applied if sector { $sector } is yours then (or neutral if you have none); else your sector with most of your fleets
gd-inv-refused-defend-infested = sector { $sector } is infested: only an invasion goes there
gd-inv-declared = { $force ->
    [republic] the Republic
   *[other] { $force }
  } → sector { $sector }: { $fleets } fleet(s){ $admiral ->
    [none] {""}
   *[other] , admiral { $admiral }
  }, for { $stake }
