# Stellarium: the events of a turn as the family reports and the public chronicle tell them
# (src/games/stellarium/view/narrator.rs). See locales/README.md.
## Names are as the reader writes them (a family's own characters by their first name);
## $gender is the character's (f or m); yes/no flags are the strings yes and no;
## $reason, $what, $detail, $outcome are sentences of the phases, put in as they are.

stellarium-ev-prestige = { $name }: { $delta } PP ({ $reason }).
stellarium-ev-died = { $name }: { $cause }.
stellarium-ev-died-at = { $name }: { $cause } ({ $place }).
stellarium-ev-revived = { $name } is revived by { $gender ->
    [f] her
   *[m] his
  } personal doctor.
stellarium-ev-trial-opened = Case no. { $case_no }: { $name }, { $accusation }, will be tried next turn.
stellarium-ev-trial-cancelled = Case no. { $case_no } ({ $name }): trial cancelled.
stellarium-ev-left-pyramid = { $name } loses the post of { $seat }.
stellarium-ev-family-founded = The family { $family } enters the history of the Empire.
stellarium-ev-founded-advertising = Advertising: { $pp } PP.
stellarium-ev-founded-late-bonus = Late registration bonus: { $pp } PP.
stellarium-ev-founded-by-default = Without orders, the referee founded the family.
stellarium-ev-foundation-default = Character no. { $founder_no }: { $what }.
stellarium-ev-founder-marriage = { $husband } and { $wife } are married.
stellarium-ev-founder-widowed = { $name } is a { $gender ->
    [f] widow
   *[m] widower
  }.
stellarium-ev-judge-elected = { $name } is elected judge of the High Court ({ $pp } PP).
stellarium-ev-seat-filled = { $seat }: { $name } ({ $pp } PP).
stellarium-ev-governor-elected = { $name } is elected governor of { $planet } ({ $pp } PP).
stellarium-ev-ship-bought = The family { $family } buys the exploration ship « { $ship } » for { $price } M$ ({ $bids } { $bids ->
    [one] bid
   *[other] bids
  }).
stellarium-ev-ship-unsold = Nobody bids: the exploration ship stays in the yards.
stellarium-ev-became-pnj = The family { $family } gives no more orders: it becomes a non-player family.
stellarium-ev-purchased = { $name } buys: { $item }.
stellarium-ev-purchase-refused = Purchase refused ({ $item }) for { $name }: { $reason }.
stellarium-ev-prosthesis-permit = The Archpope allows { $name } a cyberprosthesis.
stellarium-ev-prosthesis-implanted = { $name } has a cyberprosthesis implanted ({ $total } in all){ $authorised ->
    [yes] {""}
   *[no] {" "}without the Archpope's authorisation: heretic
  }.
stellarium-ev-contract-refused = The Dark Tentacle refuses { $sponsor }'s contract: { $reason }.
stellarium-ev-contract-not-selected = The Dark Tentacle does not take { $sponsors }'s contract ({ $kind }: { $target }, { $total } M$): others offered more.
stellarium-ev-contract-executed = Contract no. { $contract_no } of { $sponsors } carried out ({ $kind }: { $target }, { $total } M$): { $success ->
    [yes] success
   *[no] failure
  }.
stellarium-ev-contract-executed-detail = Contract no. { $contract_no } of { $sponsors } carried out ({ $kind }: { $target }, { $total } M$): { $success ->
    [yes] success
   *[no] failure
  }. { $detail }
stellarium-ev-crime-seen = { $kind ->
    [assassination] Assassination attempt on { $target }: { $success ->
        [yes] it succeeds
       *[no] it fails
      }.
    [kidnapping] Kidnapping attempt on { $target }: { $success ->
        [yes] it succeeds
       *[no] it fails
      }.
    [scandal] A scandal aims at { $target }: { $success ->
        [yes] it breaks out
       *[no] it fizzles out
      }.
    [bomb] Bomb attack on the Stellarium exchange: { $success ->
        [yes] the bomb goes off
       *[no] the bomb does not go off
      }.
   *[rebellion] Agitators stir up { $target }: { $success ->
        [yes] the colony revolts
       *[no] the people stay calm
      }.
  }
stellarium-ev-kidnapped-own = { $name } is kidnapped and held on { $planet } by the Dark Tentacle. To pay the ransom: RANSOM { $name }.
stellarium-ev-kidnapped = { $name } is kidnapped by the Dark Tentacle.
stellarium-ev-ransom-paid = Ransom of { $amount } M$ paid: { $name } is released ({ $to_sponsor } M$ to the sponsor's family).
stellarium-ev-ransom-refused = Ransom for { $name } not paid: { $reason }.
stellarium-ev-scandal-struck = Scandal: { $name } is tarnished (−10 PP) and will stand trial.
stellarium-ev-scandal-exposed = The investigation shows the scandal against { $name } was a plot (+5 PP).
stellarium-ev-sabotage-found-out = A bomb is found aboard the ship « { $ship } » at its overhaul.
stellarium-ev-exchange-bombing = A bomb goes off at the Stellarium exchange.
stellarium-ev-exchange-bombing-own = A bomb goes off at the Stellarium exchange. Your merchants there: { $names }.
stellarium-ev-rebellion-incited = The Dark Tentacle stirs { $planet } into revolt.
stellarium-ev-investigation-unmasks = The investigation of { $kolombo ->
    [yes] the Kolombo Agency
   *[no] Imperial Security
  } unmasks { $name } as a contract's sponsor ({ $what }).
stellarium-ev-investigation-fails = The investigation of { $kolombo ->
    [yes] the Kolombo Agency
   *[no] Imperial Security
  } into { $name }'s contract ({ $what }) finds nothing.
stellarium-ev-remarriage-permit = The Archpope allows { $name } to remarry{ $automatic ->
    [yes] {" "}(automatically)
   *[no] {""}
  }.
stellarium-ev-married = Marriage of { $groom } and { $bride }, celebrated by { $priest }.
stellarium-ev-marriage-refused = No marriage between { $groom } and { $bride }: { $reason }.
stellarium-ev-ship-transferred = The ship « { $ship } » is { $kind ->
    [loan] lent
   *[sale] sold
  } by { $from } to { $to } for { $amount } M$.
stellarium-ev-transfer-refused = Transfer of the ship « { $ship } » refused: { $reason }.
stellarium-ev-exploration-permit = { $name } receives an exploration permit{ $automatic ->
    [yes] {" "}(automatically)
   *[no] {""}
  }.
stellarium-ev-ship-forbidden = The Grand Commander forbids the departure of the ship « { $ship } ».
stellarium-ev-expedition-departed = The ship « { $ship } » leaves on an expedition, captain { $captain }.
stellarium-ev-expedition-departed-crew = The ship « { $ship } » leaves on an expedition, captain { $captain }; aboard: { $crew }.
stellarium-ev-expedition-cancelled = The expedition of the ship « { $ship } » does not take place: { $reason }.
stellarium-ev-guest-stayed = { $name } does not board the ship « { $ship } »: { $reason }.
stellarium-ev-ship-exploded = The exploration ship « { $ship } » explodes.
stellarium-ev-capsule = { $name }'s survival capsule: { $outcome }.
stellarium-ev-trading-post-removed = The Master Merchant removes the { $family } family's trading post on { $planet }.
stellarium-ev-planet-closed = The Master Merchant closes { $planet } to trade for this cycle.
stellarium-ev-exchange-banned = The Master Merchant bans the { $family } family from the exchange.
stellarium-ev-merchant-fallback = { $name } goes to the exchange (S1): { $reason }.
stellarium-ev-merchant-idle = { $name } stays idle: { $reason }.
stellarium-ev-fleet-commander = { $name } commands the { $fleet ->
    [first] 1st Fleet
   *[second] 2nd Fleet
  }{ $designated ->
    [yes] {" "}(appointed by the Grand General)
   *[no] {" "}(the highest in rank)
  }.
stellarium-ev-no-fleet-commander = The { $fleet ->
    [first] 1st Fleet
   *[second] 2nd Fleet
  } has no commander.
stellarium-ev-location-refused = { $name } cannot go to { $place }: { $reason }; stays on Stellarium.
stellarium-ev-default-location = Without orders, { $name } goes to: { $place }.
stellarium-ev-births = { $father } and { $mother }: { $children } { $children ->
    [one] birth
   *[other] births
  }.
stellarium-ev-births-limit = { $father } and { $mother }: { $children } { $children ->
    [one] birth
   *[other] births
  } (limit asked: { $limit }).
stellarium-dice-births = table A: 2d6 = { $dice } = { $sum }
stellarium-dice-births-b = table A: 2d6 = { $dice } = { $sum }, table B: 1d6 = { $b }
stellarium-ev-born = A { $sex ->
    [f] daughter
   *[m] son
  } is born to { $father } and { $mother } ({ $child }, { $pp } PP).
stellarium-ev-born-pp-later = A { $sex ->
    [f] daughter
   *[m] son
  } is born to { $father } and { $mother } ({ $child }, birth PP set before the Supreme Assembly, 7.5).
stellarium-ev-bastard-recognised = The family { $family } recognises a bastard: { $name }.
stellarium-ev-bastard-refused = No bastard recognised: { $reason }.
stellarium-ev-survival-test = { $name } (aged { $age }) { $survived ->
    [yes] passes the survival test
   *[no] fails the survival test
  }.
stellarium-dice-survival = risk of death: { $chances } in 6
stellarium-ev-baptised = Baptism of { $name }{ $by_lot ->
    [yes] {" "}(name drawn by lot)
   *[no] {""}
  }.
stellarium-ev-baptised-by = Baptism of { $name } by { $priest }{ $by_lot ->
    [yes] {" "}(name drawn by lot)
   *[no] {""}
  }.
stellarium-ev-trained = { $name } is trained as a { $training }{ $by_lot ->
    [yes] {" "}(drawn by lot)
   *[no] {""}
  }.
stellarium-ev-rebellion-broke-out = { $planet } rises against the Empire{ $incited ->
    [yes] {" "}at the Dark Tentacle's call
   *[no] {""}
  }.
stellarium-ev-rebellion-void = The rising on { $planet } comes to nothing: the planet is no longer the Empire's.
stellarium-ev-battle = Battle of { $planet } against { $enemy ->
    [rebels] the rebels
   *[pouarks] the Pouarks
  } ({ $empire_attacks ->
    [yes] the Empire attacks
   *[no] the Empire defends
  }): the Empire { $empire_strength } against { $enemy_strength } ({ $ratio }): { $result ->
    [great-victory] great victory
    [victory] victory
    [defeat] defeat
   *[great-defeat] great defeat
  } for the Empire, { $casualties } { $casualties ->
    [one] casualty
   *[other] casualties
  }.
stellarium-ev-battle-fighters = Your fighters: { $names }.
stellarium-ev-battle-losses = Your losses: { $names }.
stellarium-dice-enemy = enemy dice: { $dice }
stellarium-ev-planet-lost = { $planet } falls to { $enemy ->
    [rebels] the rebels
   *[pouarks] the Pouarks
  }.
stellarium-ev-planet-retaken = The Empire takes { $planet } from { $enemy ->
    [rebels] the rebels
   *[pouarks] the Pouarks
  }.
stellarium-ev-captured = { $name } is taken prisoner by { $captor ->
    [dark-tentacle] the Dark Tentacle
    [rebels] the rebels
   *[pouarks] the Pouarks
  }.
stellarium-ev-captured-at = { $name } is taken prisoner by { $captor ->
    [dark-tentacle] the Dark Tentacle
    [rebels] the rebels
   *[pouarks] the Pouarks
  } ({ $planet }).
stellarium-ev-freed = { $name } is freed.
stellarium-ev-trading-post-granted = Your family gets a trading post on { $planet }.
stellarium-ev-pouark-attack = The Pouarks attack { $planet }.
stellarium-ev-empire-attack = The Empire attacks the Pouark planet { $planet }{ $chosen_by_emperor ->
    [yes] , chosen by the Emperor
   *[no] {""}
  }.
stellarium-ev-war-strategy = Strategy of { $pouarks ->
    [yes] the Pouarks
   *[no] the Empire
  }: { $offensive ->
    [yes] offensive
   *[no] defensive
  }.
stellarium-ev-no-war = No war against the Pouarks this cycle.
stellarium-ev-stellarium-fell = STELLARIUM HAS FALLEN to the Pouarks: the game is over and everybody lost.
stellarium-ev-speculation = Exchange: { $name } ({ $stake ->
    [safe] safe
    [normal] normal
   *[risky] risky
  } stake of { $amount } M$) { $loss ->
    [yes] loses
   *[no] wins
  } { $gain } M$ and as many PP.
stellarium-dice-speculation = 1d6 = { $die }, situation { $situation } → { $total }
stellarium-ev-exchange-refused = { $name } may not speculate: { $reason }.
stellarium-ev-expedition-returned = Expedition of the ship « { $ship } » ({ $explorers } { $explorers ->
    [one] explorer
   *[other] explorers
  }): { $found ->
    [colonisable] a colonisable planet
    [pouark] a Pouark planet
   *[nothing] nothing
  }{ $double ->
    [yes] {" "}(double discovery)
   *[no] {""}
  }{ $destroyed ->
    [yes] ; the ship is destroyed
   *[no] {""}
  }{ $captured ->
    [yes] ; the ship is captured by the Pouarks
   *[no] {""}
  }{ $known ->
    [yes] {""}
   *[no] ; no survivor: the discovery stays unknown
  }.
stellarium-dice-d6 = 1d6 = { $die }
stellarium-ev-planet-discovered = The expedition of the ship « { $ship } » discovers the planet { $planet }{ $pouark ->
    [yes] , held by the Pouarks
   *[no] {""}
  }.
stellarium-ev-ship-lost = The exploration ship « { $ship } » is { $captured ->
    [yes] captured by the Pouarks
   *[no] destroyed
  }.
stellarium-ev-trade-gains = Trading post of { $planet }: { $name } earns { $gain } M$ and as many PP ({ $merchants } { $merchants ->
    [one] merchant
   *[other] merchants
  }{ $nepotism ->
    [yes] , the governor's nepotism
   *[no] {""}
  }).
stellarium-ev-governor-attendance = Governor of { $planet }: { $present } { $present ->
    [one] character
   *[other] characters
  } on the colony, +{ $pp } PP for { $name }.
stellarium-ev-coup = Coup of { $name }: { $success ->
    [yes] it succeeds
   *[no] it fails
  }. Supporters: { $supporters }; opponents: { $opponents }.
stellarium-nobody = none
stellarium-dice-coup = chances of success: { $chances } in 6
stellarium-ev-disgraced = { $name } is disgraced by the { $by ->
    [government] Emperor
    [church] Archpope
    [army] Grand General
    [explorers] Grand Commander
   *[merchants] Master Merchant
  }{ $special ->
    [yes] {" "}(special disgrace)
   *[no] {""}
  } ({ $pyramids }).
stellarium-ev-coup-emperor = { $name } proclaims { $gender ->
    [f] herself Empress
   *[m] himself Emperor
  }.
stellarium-ev-coup-emperor-deposed = { $name } proclaims { $gender ->
    [f] herself Empress
   *[m] himself Emperor
  } in place of { $deposed }.
stellarium-ev-judge-removed = The Emperor removes { $name } from the High Court (−10 PP).
stellarium-ev-excommunicated = The Archpope excommunicates { $name }: heretic, −10 PP, trial.
stellarium-ev-deposed = { $name } is deposed from the head of the { $pyramid } by { $voters }.
stellarium-ev-power-void = Power without effect ({ $power }): { $reason }.
stellarium-ev-verdict = Case no. { $case_no }: { $result }
stellarium-verdict-innocent = { $name } is found innocent.
stellarium-verdict-fine = { $name } is found guilty: a fine of { $fine } M$ to the victim's family (2.3.4).
stellarium-verdict-guilty = { $name } is found guilty: { $years } years on the penal colony, −12 PP{ $symbolic ->
    [yes] {" "}(imperial pardon: a symbolic stay)
   *[no] {""}
  }.
stellarium-ev-trial-adjourned = Case no. { $case_no } ({ $name }) adjourned: { $reason }.
stellarium-ev-trial-dropped = Case no. { $case_no } ({ $name }) closed without judgement: { $reason }.
stellarium-ev-released = { $name } has served the sentence and leaves the penal colony.
stellarium-ev-imperial-pardon = Imperial pardon for { $name }{ $in_advance ->
    [yes] {" "}(before the trial)
   *[no] {""}
  }.
stellarium-ev-archpapal-pardon = Archpapal pardon: { $name } is no longer a heretic (+6 PP).
stellarium-ev-eulogy = Funeral of { $name }: eulogy by { $priest }.
stellarium-ev-silence = Funeral of { $name }: a minute of silence.
stellarium-ev-judge-resigned = { $name } resigns from the High Court.
stellarium-ev-left-court = { $name } leaves the High Court: { $reason }.
stellarium-ev-promoted = { $seat }: { $name } (+{ $pp } PP).
stellarium-ev-promoted-from = { $seat }: { $name }, formerly { $from } (+{ $pp } PP).
stellarium-ev-game-over = The game is over: { $why ->
    [turn-limit] the last turn is played
    [stellarium-fell] Stellarium has fallen
   *[all-onr] no family gave orders
  }.{ $outcome ->
    [all-lost] {" "}The game wins: all the players have lost (30.2).
    [none] {""}
   *[winners] {" "}{ $winners ->
        [one] The family { $names } wins the game with { $points } victory points (30.3).
       *[other] The families { $names } win the game, tied on { $points } victory points (30.3).
      }
  }

## Words the event sentences are made of.
stellarium-points-prestige = sum of the characters' PP (29.1)
stellarium-item = { $item ->
    [capsule] survival capsule
    [bodyguards] bodyguards
    [prosthesis] cyberprosthesis
    [doctor] personal doctor
   *[insurance] Kolombo insurance
  }
stellarium-contract-kind = { $kind ->
    [assassination] assassination
    [kidnapping] kidnapping
    [scandal] scandal
    [sabotage] sabotage
    [bomb] bombing of the exchange
    [rebellion] incitement to rebellion
   *[treason] treason
  }
stellarium-contract-what = { $kind }: { $target }
## What a contract aims at: $on is character, ship, exchange, colony, pouarks or pouark-ships.
stellarium-target = { $on ->
    [ship] « { $name } »
    [exchange] the exchange
    [pouarks] the Pouarks
    [pouark-ships] the Pouarks ({ $ships })
   *[other] { $name }
  }
## A judge's vote (22.2); $casting: yes when it broke a tie.
stellarium-vote = { $vote ->
    [guilty] guilty, { $years } years
    [innocent] innocent (sentence proposed: { $years } years)
   *[abstain] abstains
  }{ $casting ->
    [yes] {" "}(casting vote)
   *[no] {""}
  }
