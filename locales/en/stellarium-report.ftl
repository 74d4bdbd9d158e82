# Stellarium: the labels of a family report and of the chronicle (src/games/stellarium/view/labels.rs).
# See locales/README.md. $gender is the character's (f or m).

stellarium-training = { $training ->
    [priest] priest
    [warrior] warrior
    [explorer] explorer
    [merchant] merchant
   *[none] —
  }
stellarium-pyramid = { $pyramid ->
    [government] Imperial Government
    [church] Unified Cosmic Church
    [army] Imperial Army
    [explorers] Explorers' Guild
   *[merchants] Merchants' Guild
  }
stellarium-pyramid-short = { $pyramid ->
    [government] Government
    [church] Church
    [army] Army
    [explorers] Explorers
   *[merchants] Merchants
  }
stellarium-head-title = { $pyramid ->
    [government] { $gender ->
        [f] Empress
       *[m] Emperor
      }
    [church] Archpope
    [army] Grand General
    [explorers] Grand Commander
   *[merchants] Master Merchant
  }
## Seats 1 and 2 ($rank 1 or 2), and the councillors ($rank 1 to 3); $pyramid is its short name.
stellarium-seat-heir = { $rank ->
    [1] 1st
   *[other] 2nd
  } heir ({ $pyramid })
stellarium-seat-councillor = { $rank ->
    [1] 1st
    [2] 2nd
   *[other] 3rd
  } councillor ({ $pyramid })
stellarium-fleet = { $fleet ->
    [first] 1st Fleet
   *[second] 2nd Fleet
  }
stellarium-death-cause = { $cause ->
    [old-age] died of old age
    [assassinated] assassinated
    [exchange-bomb] killed by the bomb at the exchange
    [ship-exploded] died when the ship exploded
    [lost-capsule] lost in space in a capsule
    [killed-in-battle] killed in battle
    [executed-by-rebels] executed by the rebels
    [killed-in-coup] killed in the coup
   *[lost-in-wartime] lost in space in wartime
  }

## Posts, places and states of a family's characters (view/labels.rs).
stellarium-post-judge = High Court judge
stellarium-post-governor = governor of { $planet }
## $fleet: first or second.
stellarium-post-fleet-commander = commander of the { $fleet ->
    [first] 1st Fleet
   *[second] 2nd Fleet
  }
## $captor: dark-tentacle, rebels or pouarks; $planet where the captive is held ($at yes), if known.
stellarium-captive = { $captor ->
    [dark-tentacle] hostage of the Dark Tentacle
    [rebels] prisoner of the rebels
   *[pouarks] prisoner of the Pouarks
  }{ $at ->
    [yes] { " " }({ $planet })
   *[no] {""}
  }
stellarium-sentence = penal colony ({ $planet }), { $years ->
    [one] { $years } year
   *[other] { $years } years
  } left
stellarium-place-exchange = Exchange ({ $stake ->
    [safe] safe
    [normal] normal
   *[risky] risky
  } { $amount } M$)
## $role: trading-post (a merchant), garrison (a warrior) or none.
stellarium-place-colony = { $planet }{ $role ->
    [trading-post] { " " }(trading post)
    [garrison] { " " }(garrison)
   *[none] {""}
  }
stellarium-place-ship = ship « { $ship } »
stellarium-permit = { $permit ->
    [prosthesis] prosthesis authorisation (1.3.4)
    [exploration] exploration permit (4.7)
   *[remarriage] remarriage authorisation (3.6)
  }

## Charges (22): $charge is the kind; $kind a contract's kind, $target what it aimed at
## ($has_target yes or no), $victim a name, $pyramid a pyramid's short name.
stellarium-charge = { $charge ->
    [contract] a Dark Tentacle contract ({ $kind }{ $has_target ->
        [yes] : { $target }
       *[no] {""}
      })
    [scandal] scandal
    [scandal-instigator] framing { $victim }
    [disgrace] disgrace ({ $pyramid })
    [special-disgrace] special disgrace ({ $pyramid })
    [heresy] heresy (excommunication)
    [unauthorised-prosthesis] heresy (unauthorised prosthesis)
    [failed-coup] failed coup
    [coup-supported] supporting the failed coup
   *[coup-not-supported] refusing to support the coup
  }
## $kind: the charge's kind (as in stellarium-charge), $charge its words.
stellarium-accusation = accused of { $charge }

## The family's characters and ships (view/family.rs).
## $note: closed (to trade this turn), rebels or pouarks.
stellarium-trading-post-note = { $note ->
    [closed] closed to trade this turn
    [rebels] held by the rebels
   *[pouarks] held by the Pouarks
  }
stellarium-ship-state-destroyed = destroyed in turn { $turn }
stellarium-ship-state-captured = captured by the Pouarks in turn { $turn }
stellarium-ship-state-borrowed = lent by { $owner } for the next turn
stellarium-ship-state-in-service = in service, { $expeditions } { $expeditions ->
    [one] expedition
   *[other] expeditions
  }
stellarium-ship-state-lent = in service, { $expeditions } { $expeditions ->
    [one] expedition
   *[other] expeditions
  }; lent next turn to { $to }
stellarium-sex-letter = { $gender ->
    [f] F
   *[m] M
  }
## The family's part in a trial: $role accused or judge.
stellarium-trial-role = { $role ->
    [accused] accused
   *[judge] judge
  }
stellarium-verdict-order = VERDICT { $judge } { $case_no } GUILTY|INNOCENT 10-50

## The heads' powers (orders.md §6): the order's syntax (the keywords are the same
## in both languages) and what it does.
stellarium-power-syntax = { $power ->
    [emperor-disgrace] EMPEREUR DISGRACE <who>
    [emperor-special-disgrace] EMPEREUR DISGRACE-SPECIALE <who>
    [emperor-remove-judge] EMPEREUR DESTITUER-JUGE <judge>
    [emperor-war] EMPEREUR GUERRE
    [emperor-target] EMPEREUR CIBLE <pouark planet>
    [emperor-pardon] EMPEREUR GRACE <who>
    [archpope-disgrace] ARCHIPAPE DISGRACE <who>
    [archpope-excommunicate] ARCHIPAPE EXCOMMUNIER <who>
    [archpope-pardon] ARCHIPAPE PARDON <who>
    [archpope-remarriage] ARCHIPAPE REMARIAGE <who>
    [general-disgrace] GENERAL DISGRACE <who>
    [general-commander-1] GENERAL COMMANDANT 1 <who>
    [general-commander-2] GENERAL COMMANDANT 2 <who>
    [general-strategy] GENERAL STRATEGIE OFFENSIVE|DEFENSIVE
    [general-patrol] GENERAL PATROUILLE <colony> <colony> <colony>
    [general-coup] GENERAL COUP-D-ETAT
    [commander-disgrace] COMMANDEUR DISGRACE <who>
    [commander-forbid] COMMANDEUR INTERDIRE "<ship>"
    [commander-permits] COMMANDEUR PERMIS <who> [<who>]
    [master-disgrace] MAITRE DISGRACE <who>
    [master-remove-post] MAITRE SUPPRIMER-COMPTOIR <family> <colony>
    [master-close] MAITRE FERMER <colony>
    [archpope-prosthesis] ARCHIPAPE PROTHESE <who>…
   *[master-ban] MAITRE INTERDIRE-BOURSE <family>…
  }
stellarium-power-help = { $power ->
    [emperor-disgrace] disgrace an heir or councillor of the Government (20)
    [emperor-special-disgrace] disgrace a member of any pyramid but its head (18.1)
    [emperor-remove-judge] remove a High Court judge (18.2)
    [emperor-war] declare war on the Pouarks (12.2)
    [emperor-target] Pouark planet to attack first (12.2)
    [emperor-pardon] pardon a convict or an accused (24, once a cycle)
    [archpope-disgrace] disgrace an heir or councillor of the Church (20)
    [archpope-excommunicate] excommunicate a character (19)
    [archpope-pardon] pardon a heretic (25, one a cycle)
    [archpope-remarriage] allow a widow(er) to remarry (3.6)
    [general-disgrace] disgrace an heir or councillor of the Army (20)
    [general-commander-1] appoint the commander of the 1st Fleet (6.3)
    [general-commander-2] appoint the commander of the 2nd Fleet (6.3)
    [general-strategy] strategy against the Pouarks (12.3.8)
    [general-patrol] the 2nd Fleet's three planets (11)
    [general-coup] attempt a coup against the Emperor (17)
    [commander-disgrace] disgrace an heir or councillor of the Guild (20)
    [commander-forbid] forbid a ship's departure (4.8)
    [commander-permits] grant two exploration permits (4.7)
    [master-disgrace] disgrace an heir or councillor of the Guild (20)
    [master-remove-post] remove a family's trading post
    [master-close] close a planet to trade for the turn (5.3.4)
    [deposition] vote to depose the head (21: levels 2 and 3 must be unanimous)
   *[coup-stance] your stance if a coup is launched (17.2)
  }
stellarium-power-help-prostheses = authorise up to { $n } { $n ->
    [one] prosthesis
   *[other] prostheses
  } (1.3.4)
stellarium-power-help-bans = ban at most { $n } { $n ->
    [one] family
   *[other] families
  } from the exchange (13.2)
stellarium-power-coup-stance = COUP { $name } FOR|AGAINST

## The map (view/map.rs). $caption / $item: empire, penal-colony, capital, rebels, pouarks…
stellarium-map-caption = { $caption ->
    [penal-colony] penal colony
    [capital] capital
    [rebels] rebels
    [pouarks] Pouarks
   *[empire] Empire
  }
stellarium-map-legend = { $item ->
    [penal-colony] Araknid, penal colony
    [rebels] held by the rebels
    [pouarks] held by the Pouarks
    [patrol] patrolled by the 2nd Fleet
    [closed] closed to trade
    [post] your trading post
    [governor] your governor
    [count] how many of your characters are there
   *[empire] colony of the Empire
  }
stellarium-map-fleet-commander = { $fleet }: commander { $name }
stellarium-map-patrol = 2nd Fleet patrol: { $planets }
stellarium-map-governor = Governor of { $planet }: { $name }
stellarium-map-court = High Court: { $judges }
stellarium-map-title = The Empire of Stellarium in { $year }
stellarium-map-subtitle-public = Public map — game { $game }, turn { $turn }
stellarium-map-subtitle = Family { $family } — game { $game }, turn { $turn }

## The chronicle (view/chronicle.rs, view/mod.rs).
stellarium-strategy = { $strategy ->
    [offensive] offensive
   *[defensive] defensive
  }
stellarium-section = { $section ->
    [assembly] The Supreme Assembly
    [war] Wars, rebellions and battles
    [exploration] Exploration
    [crime] Crimes and investigations
    [power] Disgraces, depositions and coups
    [family] Marriages, births and baptisms
    [death] Deaths and funerals
   *[trade] Trade and the ship sale
  }
