# Stellarium: the events of a turn as the family reports and the public chronicle tell them
# (src/games/stellarium/view/narrator.rs). See locales/README.md.
## Names are as the reader writes them (a family's own characters by their first name);
## $gender is the character's (f or m); yes/no flags are the strings yes and no;
## $reason, $what, $detail, $outcome are messages of the phases (stellarium-why-*, below).

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
stellarium-ev-trained = { $name } is trained as { ELISION($training) ->
    [vowel] an
   *[consonant] a
  } { $training }{ $by_lot ->
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

# Stellarium: why a figure changed or an order was not followed, as the phases say it
# (src/games/stellarium/why.rs): the reasons of prestige and money lines, refusals of the
# turn, victory bonuses, the foundation's defaults. See locales/README.md.
## $rule is the rule the sentence quotes; names are full names; $why, $fallback are reasons.

stellarium-why-prosthesis-unauthorised = cyberprosthesis without the Archpope's authorisation
stellarium-why-scandal-victim = victim of a scandal
stellarium-why-sponsor-unmasked = sponsor unmasked
stellarium-why-scandal-was-plot = the scandal was a plot
stellarium-why-special-disgrace = special disgrace
stellarium-why-removed-from-court = removed from the High Court
stellarium-why-convicted = convicted (case no. { $case_no })
stellarium-why-eulogy = eulogy for { $name }
stellarium-why-judge-elected = elected to the High Court
stellarium-why-promotion = promotion: { $pyramid ->
        [government] Imperial Government
        [church] Unified Cosmic Church
        [army] Imperial Army
        [explorers] Explorers' Guild
       *[merchants] Merchants' Guild
    }
stellarium-why-governor-elected-of = elected governor of { $planet }
stellarium-why-governor-elected = elected governor
stellarium-why-sitting-judge = High Court judge
stellarium-why-coup-disgrace = disgraced after the coup
stellarium-why-overthrown = overthrown by a coup
stellarium-why-imperial-pardon = imperial pardon
stellarium-why-birth-prestige = birth prestige: (father's PP + mother's PP before the Supreme Assembly) / 4
stellarium-why-deposition = deposition
stellarium-why-marriage-celebrated = marriage celebrated
stellarium-why-ship-loss = loss of the ship { $ship }
stellarium-why-discovery = discovery of { $planet }
stellarium-why-expedition = expedition of the { $ship }
stellarium-why-archpapal-pardon = archpapal pardon
stellarium-why-speculation = speculation at the exchange
stellarium-why-baptism = baptism
stellarium-why-disgrace = disgrace
stellarium-why-rebel-battles = battles against the rebels
stellarium-why-no-pouark-war = no war against the Pouarks
stellarium-why-pouark-war = war against the Pouarks
stellarium-why-excommunication = excommunication
stellarium-why-trade-on = trade on { $planet }
stellarium-why-attendance = attendance of { $planet }
stellarium-why-lectures = lectures on expeditions
stellarium-why-ship-destroyed = exploration ship « { $ship } » destroyed
stellarium-why-purchase = purchase ({ $item ->
        [capsule] survival capsule
        [bodyguards] bodyguards
        [prosthesis] cyberprosthesis
        [doctor] personal doctor
       *[insurance] Kolombo insurance
    }) for { $name }
stellarium-why-contract = contract ({ $kind })
stellarium-why-ransom = ransom of { $name }
stellarium-why-ransom-half = half the ransom of { $name }
stellarium-why-fine = fine of { $name }
stellarium-why-exchange = exchange: { $name }
stellarium-why-trading-post = trading post on { $planet }: { $name }
stellarium-why-ship-purchase = purchase of the ship { $ship }
stellarium-why-ship-transfer = { $kind ->
        [loan] hire
       *[sale] sale
    } of the ship « { $ship } »
stellarium-why-advertising = advertising campaign: { $pp } PP
stellarium-why-bonus-emperor = the Emperor's family
stellarium-why-bonus-head = family of a head: { $pyramid ->
        [government] Emperor
        [church] Archpope
        [army] Grand General
        [explorers] Grand Commander
       *[merchants] Master Merchant
    }
stellarium-why-bonus-richest = richest family
stellarium-why-bonus-most-prestigious = most prestigious character
stellarium-why-unknown-character = unknown character
stellarium-why-not-own-family = this character is not of your family
stellarium-why-is-dead = this character is dead
stellarium-why-dead = dead
stellarium-why-prisoner = prisoner
stellarium-why-family-in-debt = the family ended the last cycle in debt ({ $rule })
stellarium-why-prisoner-cannot-buy = a prisoner of the Pouarks or the rebels cannot buy anything ({ $rule })
stellarium-why-cannot-pay-purchase = the family cannot pay any more (1 M$)
stellarium-why-one-prosthesis-a-turn = one cyberprosthesis a turn ({ $rule })
stellarium-why-prostheses-maximum = already 5 cyberprostheses, the maximum ({ $rule })
stellarium-why-not-hostage = this character is not a hostage of the Dark Tentacle
stellarium-why-sponsor-not-free = the sponsor must be a living and free character of the family ({ $rule })
stellarium-why-one-contract-a-turn = a character sponsors one contract a turn ({ $rule })
stellarium-why-no-credit = not enough credit with the Dark Tentacle ({ $rule })
stellarium-why-amount-too-small = the sum offered must be at least 1 M$
stellarium-why-cannot-pay-amount = the family cannot pay this sum
stellarium-why-impossible-target = impossible target ({ $rule }: only exploration ships in service; 2.6: a colony of the Empire)
stellarium-why-out-of-reach = target out of reach
stellarium-why-bomb-on-board = bomb planted on board
stellarium-why-bomb-at-exchange = bomb planted at the exchange
stellarium-why-colony-lost = the colony no longer belongs to the Empire
stellarium-why-ransom-unpaid = the family does not have the { $amount } M$ of the ransom
stellarium-why-target-named = { $name }
stellarium-why-target-exchange = the Stellarium exchange
stellarium-why-target-treason = the Empire (intelligence to the Pouarks)
stellarium-why-spouse-dead = one of the spouses is dead
stellarium-why-groom-and-bride = the groom must be a man and the bride a woman
stellarium-why-same-family = no marriage within one family ({ $rule })
stellarium-why-marriage-in-both-orders = the marriage must be in both families' orders, with the same priest ({ $rule })
stellarium-why-onr-refuses-marriage = an ONR or OPR family refuses marriage proposals ({ $rule })
stellarium-why-no-training-yet = { $name } has no training yet ({ $rule })
stellarium-why-priest-or-heretic = { $name } is a priest or a heretic ({ $rule })
stellarium-why-held-prisoner = { $name } is held prisoner
stellarium-why-already-married = { $name } is already married: no divorce ({ $rule })
stellarium-why-widowed-no-permit = { $name } is widowed without the Archpope's authorisation ({ $rule })
stellarium-why-three-marriages = already three marriages between these two families ({ $rule })
stellarium-why-celebrant-invalid = the celebrant must be a living, free priest who is not a heretic ({ $rule })
stellarium-why-transfer-in-both-orders = the transfer must be the same in both families' orders ({ $rule })
stellarium-why-transfer-to-self = a family does not transfer a ship to itself
stellarium-why-ship-unavailable = this ship is not (or no longer) the transferring family's to give
stellarium-why-receiver-cannot-pay = the family receiving the ship cannot pay
stellarium-why-wrong-training-aboard = only explorers, priests and warriors go on expeditions ({ $rule })
stellarium-why-judge-stays = a judge does not leave Stellarium ({ $rule })
stellarium-why-governor-stays = a governor stays on the colony ({ $rule })
stellarium-why-already-aboard = already aboard another ship
stellarium-why-ship-not-available = this ship is not at the family's disposal ({ $rule })
stellarium-why-ship-already-out = this ship already has an expedition this turn
stellarium-why-departure-forbidden = the Grand Commander forbade the departure ({ $rule })
stellarium-why-captain = captain: { $why }
stellarium-why-captain-not-explorer = the captain must be an explorer ({ $rule })
stellarium-why-captain-no-permit = the captain is neither in the explorers' pyramid nor holds a permit ({ $rule })
stellarium-why-captain-not-located = the captain's family did not locate the captain on the ship ({ $rule })
stellarium-why-guest-not-located = not located on this ship by the family ({ $rule })
stellarium-why-crew-incomplete = an expedition needs at least an explorer and a priest ({ $rule })
stellarium-why-capsule-too-late = no time to reach the capsule
stellarium-why-capsule-coffin = the damaged capsule becomes a coffin
stellarium-why-capsule-lost = the capsule is lost in space
stellarium-why-capsule-recovered = picked up by { $captor ->
        [rebels] the rebels
       *[pouarks] the Pouarks
    } ({ $planet })
stellarium-why-capsule-lands = the capsule lands on { $planet }
stellarium-why-stake-above-start-money = the family cannot stake more than it had at the start of the turn ({ $rule })
stellarium-why-merchant-on-stellarium-speculates = a merchant who stays on Stellarium goes to the exchange ({ $rule })
stellarium-why-merchant-places = a merchant goes to a trading post or to the exchange ({ $rule })
stellarium-why-merchant-impossible-place = impossible place for a merchant ({ $rule })
stellarium-why-no-place-given = no place given ({ $rule })
stellarium-why-cannot-afford-s1 = the family cannot afford to stake S1: idle ({ $rule })
stellarium-why-idle = { $fallback }; { $why }
stellarium-why-unknown-planet = unknown planet
stellarium-why-not-empire-colony = { $planet } is not a colony of the Empire ({ $rule })
stellarium-why-no-trading-post = the family no longer has a trading post on { $planet } ({ $rule })
stellarium-why-closed-to-trade = { $planet } is closed to trade this turn ({ $rule })
stellarium-why-debt-no-exchange = family in debt: no exchange ({ $rule })
stellarium-why-exchange-banned = the Master Merchant banned the family from the exchange ({ $rule })
stellarium-why-garrison-empire-only = a garrison only goes to a colony of the Empire ({ $rule })
stellarium-why-expedition-left-without = the expedition did not leave with this character ({ $rule })
stellarium-why-warrior-impossible-place = impossible place for a warrior ({ $rule })
stellarium-why-single-not-priest = { $name } is a single or widowed man who is not a priest ({ $rule })
stellarium-why-married-to-young = { $name } is married to a woman under 41 ({ $rule })
stellarium-why-name-taken = the first name { $name } is already taken in the family
stellarium-why-banned-by-master = banned from the exchange by the Master Merchant
stellarium-why-in-debt-last-turn = family in debt in the last turn
stellarium-why-not-heir-or-councillor = the target is neither an heir nor a councillor of a pyramid
stellarium-why-not-judge = the target is not a judge
stellarium-why-target-dead = the target is dead
stellarium-why-no-longer-in-pyramid = the target is no longer in the pyramid
stellarium-why-neither-convict-nor-accused = neither a convict nor an accused
stellarium-why-not-heretic = the target is not a heretic
stellarium-why-accused-dead = the accused is dead
stellarium-why-accused-absent = the accused cannot attend the trial
stellarium-why-no-judge-sits = no judge sits
stellarium-why-judge-convicted = convicted
stellarium-why-judge-died = deceased
stellarium-why-judge-absent = absent from the Supreme Assembly (prisoner)
stellarium-why-name-drawn = first name drawn by lot: { $name }
stellarium-why-founder-by-referee = { $name }, made by the referee for a CHARACTER line missing or refused: sex, first name and training drawn by lot (b, c)
stellarium-why-training-drawn = training drawn by lot: { $training }
stellarium-why-pp-reduced = PP cut from { $wanted } to { $extra } (reserve used up)

## Where a character died at the exchange (2.5.2).
stellarium-exchange-place = Stellarium exchange

## A number with decimals (a battle's strengths): $units and $decimals as digits.
stellarium-decimal = { $units }.{ $decimals }
