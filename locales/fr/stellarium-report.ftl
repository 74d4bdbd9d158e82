# Stellarium: the labels of a family report and of the chronicle (src/games/stellarium/view/labels.rs).
# See locales/README.md. $gender is the character's (f or m).

stellarium-training = { $training ->
    [priest] { $gender ->
        [f] prêtresse
       *[m] prêtre
      }
    [warrior] { $gender ->
        [f] guerrière
       *[m] guerrier
      }
    [explorer] { $gender ->
        [f] exploratrice
       *[m] explorateur
      }
    [merchant] { $gender ->
        [f] marchande
       *[m] marchand
      }
   *[none] —
  }
stellarium-pyramid = { $pyramid ->
    [government] Gouvernement impérial
    [church] Église cosmique unifiée
    [army] Armée impériale
    [explorers] Gilde des explorateurs
   *[merchants] Gilde des marchands
  }
stellarium-pyramid-short = { $pyramid ->
    [government] Gouvernement
    [church] Église
    [army] Armée
    [explorers] Explorateurs
   *[merchants] Marchands
  }
stellarium-head-title = { $pyramid ->
    [government] { $gender ->
        [f] Impératrice
       *[m] Empereur
      }
    [church] { $gender ->
        [f] Archipapesse
       *[m] Archipape
      }
    [army] { $gender ->
        [f] Grande Générale
       *[m] Grand Général
      }
    [explorers] { $gender ->
        [f] Grande Commandeure
       *[m] Grand Commandeur
      }
   *[merchants] { $gender ->
        [f] Maîtresse marchande
       *[m] Maître marchand
      }
  }
## Seats 1 and 2 ($rank 1 or 2), and the councillors ($rank 1 to 3); $pyramid is its short name.
stellarium-seat-heir = { $rank ->
    [1] { $gender ->
        [f] 1re dauphine
       *[m] 1er dauphin
      }
   *[other] { $gender ->
        [f] 2e dauphine
       *[m] 2e dauphin
      }
  } ({ $pyramid })
stellarium-seat-councillor = { $rank ->
    [1] { $gender ->
        [f] 1re conseillère
       *[m] 1er conseiller
      }
   *[other] { $gender ->
        [f] { $rank }e conseillère
       *[m] { $rank }e conseiller
      }
  } ({ $pyramid })
stellarium-fleet = { $fleet ->
    [first] 1ère Flotte
   *[second] 2ème Flotte
  }
stellarium-death-cause = { $cause ->
    [old-age] mort de vieillesse
    [assassinated] assassiné
    [exchange-bomb] tué par la bombe à la bourse
    [ship-exploded] mort dans l'explosion de son vaisseau
    [lost-capsule] perdu dans l'espace avec sa capsule
    [killed-in-battle] tué au combat
    [executed-by-rebels] exécuté par les rebelles
    [killed-in-coup] tué lors du coup d'État
   *[lost-in-wartime] disparu dans l'espace en temps de guerre
  }

## Posts, places and states of a family's characters (view/labels.rs).
stellarium-post-judge = juge à la Haute Cour
stellarium-post-governor = { $gender ->
    [f] gouverneure
   *[m] gouverneur
  } de { $planet }
## $fleet: first or second.
stellarium-post-fleet-commander = commandant de la { $fleet ->
    [first] 1ère Flotte
   *[second] 2ème Flotte
  }
## $captor: dark-tentacle, rebels or pouarks; $planet where the captive is held ($at yes), if known.
stellarium-captive = { $captor ->
    [dark-tentacle] otage de la Tentacule Sombre
    [rebels] prisonnier des rebelles
   *[pouarks] prisonnier des Pouarks
  }{ $at ->
    [yes] { " " }({ $planet })
   *[no] {""}
  }
stellarium-sentence = bagne ({ $planet }), encore { $years ->
    [one] { $years } an
   *[other] { $years } ans
  }
stellarium-place-exchange = Bourse ({ $stake ->
    [safe] sûr
    [normal] normal
   *[risky] à risque
  } { $amount } M$)
## $role: trading-post (a merchant), garrison (a warrior) or none.
stellarium-place-colony = { $planet }{ $role ->
    [trading-post] { " " }(comptoir)
    [garrison] { " " }(garnison)
   *[none] {""}
  }
stellarium-place-ship = vaisseau « { $ship } »
stellarium-permit = { $permit ->
    [prosthesis] autorisation de cyberprothèse (1.3.4)
    [exploration] permis d'exploration (4.7)
   *[remarriage] autorisation de remariage (3.6)
  }

## Charges (22): $charge is the kind; $kind a contract's kind, $target what it aimed at
## ($has_target yes or no), $victim a name, $pyramid a pyramid's short name.
stellarium-charge = { $charge ->
    [contract] contrat avec la Tentacule Sombre ({ $kind }{ $has_target ->
        [yes] { " " }: { $target }
       *[no] {""}
      })
    [scandal] scandale
    [scandal-instigator] machination contre { $victim }
    [disgrace] disgrâce ({ $pyramid })
    [special-disgrace] disgrâce spéciale ({ $pyramid })
    [heresy] hérésie (excommunication)
    [unauthorised-prosthesis] hérésie (cyberprothèse sans autorisation)
    [failed-coup] coup d'État manqué
    [coup-supported] soutien au coup d'État manqué
   *[coup-not-supported] refus de soutenir le coup d'État
  }
## $kind: the charge's kind (as in stellarium-charge), $charge its words.
stellarium-accusation = { $gender ->
    [f] accusée
   *[m] accusé
  } { $kind ->
    [heresy] d'{ $charge }
    [unauthorised-prosthesis] d'{ $charge }
   *[other] de { $charge }
  }

## The family's characters and ships (view/family.rs).
## $note: closed (to trade this turn), rebels or pouarks.
stellarium-trading-post-note = { $note ->
    [closed] fermée au commerce ce tour
    [rebels] aux mains des rebelles
   *[pouarks] aux mains des Pouarks
  }
stellarium-ship-state-destroyed = détruit au tour { $turn }
stellarium-ship-state-captured = capturé par les Pouarks au tour { $turn }
stellarium-ship-state-borrowed = prêté par { $owner } pour le prochain tour
stellarium-ship-state-in-service = en service, { $expeditions } { $expeditions ->
    [one] expédition
   *[other] expéditions
  }
stellarium-ship-state-lent = en service, { $expeditions } { $expeditions ->
    [one] expédition
   *[other] expéditions
  }; prêté au prochain tour à { $to }
stellarium-sex-letter = { $gender ->
    [f] F
   *[m] H
  }
## The family's part in a trial: $role accused or judge.
stellarium-trial-role = { $role ->
    [accused] { $gender ->
        [f] accusée
       *[m] accusé
      }
   *[judge] juge
  }
stellarium-verdict-order = VERDICT { $judge } { $case_no } COUPABLE|INNOCENT 10-50

## The heads' powers (orders.md §6): the order's syntax and what it does.
stellarium-power-syntax = { $power ->
    [emperor-disgrace] EMPEREUR DISGRACE <qui>
    [emperor-special-disgrace] EMPEREUR DISGRACE-SPECIALE <qui>
    [emperor-remove-judge] EMPEREUR DESTITUER-JUGE <juge>
    [emperor-war] EMPEREUR GUERRE
    [emperor-target] EMPEREUR CIBLE <planète pouark>
    [emperor-pardon] EMPEREUR GRACE <qui>
    [archpope-disgrace] ARCHIPAPE DISGRACE <qui>
    [archpope-excommunicate] ARCHIPAPE EXCOMMUNIER <qui>
    [archpope-pardon] ARCHIPAPE PARDON <qui>
    [archpope-remarriage] ARCHIPAPE REMARIAGE <qui>
    [general-disgrace] GENERAL DISGRACE <qui>
    [general-commander-1] GENERAL COMMANDANT 1 <qui>
    [general-commander-2] GENERAL COMMANDANT 2 <qui>
    [general-strategy] GENERAL STRATEGIE OFFENSIVE|DEFENSIVE
    [general-patrol] GENERAL PATROUILLE <colonie> <colonie> <colonie>
    [general-coup] GENERAL COUP-D-ETAT
    [commander-disgrace] COMMANDEUR DISGRACE <qui>
    [commander-forbid] COMMANDEUR INTERDIRE "<vaisseau>"
    [commander-permits] COMMANDEUR PERMIS <qui> [<qui>]
    [master-disgrace] MAITRE DISGRACE <qui>
    [master-remove-post] MAITRE SUPPRIMER-COMPTOIR <famille> <colonie>
    [master-close] MAITRE FERMER <colonie>
    [archpope-prosthesis] ARCHIPAPE PROTHESE <qui>…
   *[master-ban] MAITRE INTERDIRE-BOURSE <famille>…
  }
stellarium-power-help = { $power ->
    [emperor-disgrace] disgracier un dauphin ou un conseiller du Gouvernement (20)
    [emperor-special-disgrace] disgracier un membre de n'importe quelle pyramide, sauf les chefs (18.1)
    [emperor-remove-judge] destituer un juge de la Haute Cour (18.2)
    [emperor-war] déclarer la guerre aux Pouarks (12.2)
    [emperor-target] planète Pouark à attaquer en premier (12.2)
    [emperor-pardon] gracier un bagnard ou un accusé (24, une fois par cycle)
    [archpope-disgrace] disgracier un dauphin ou un conseiller de l'Église (20)
    [archpope-excommunicate] excommunier un personnage (19)
    [archpope-pardon] pardonner un hérétique (25, un par cycle)
    [archpope-remarriage] autoriser le remariage d'un veuf ou d'une veuve (3.6)
    [general-disgrace] disgracier un dauphin ou un conseiller de l'Armée (20)
    [general-commander-1] nommer le commandant de la 1ère Flotte (6.3)
    [general-commander-2] nommer le commandant de la 2ème Flotte (6.3)
    [general-strategy] stratégie contre les Pouarks (12.3.8)
    [general-patrol] les trois planètes de la 2ème Flotte (11)
    [general-coup] tenter un coup d'État contre l'Empereur (17)
    [commander-disgrace] disgracier un dauphin ou un conseiller de la Gilde (20)
    [commander-forbid] interdire le départ d'un vaisseau (4.8)
    [commander-permits] accorder deux permis d'exploration (4.7)
    [master-disgrace] disgracier un dauphin ou un conseiller de la Gilde (20)
    [master-remove-post] supprimer le comptoir d'une famille
    [master-close] fermer une planète au commerce pour le tour (5.3.4)
    [deposition] voter la destitution du chef de la pyramide (21 : il faut l'unanimité des étages 2 et 3)
   *[coup-stance] votre position si un coup d'État est lancé (17.2)
  }
stellarium-power-help-prostheses = autoriser jusqu'à { $n } cyberprothèse(s) (1.3.4)
stellarium-power-help-bans = interdire la bourse à { $n } famille(s) au plus (13.2)
stellarium-power-coup-stance = COUP { $name } POUR|CONTRE

## The map (view/map.rs). $caption / $item: empire, penal-colony, capital, rebels, pouarks…
stellarium-map-caption = { $caption ->
    [penal-colony] bagne
    [capital] capitale
    [rebels] rebelles
    [pouarks] Pouarks
   *[empire] Empire
  }
stellarium-map-legend = { $item ->
    [penal-colony] Araknid, planète bagne
    [rebels] aux mains des rebelles
    [pouarks] aux mains des Pouarks
    [patrol] patrouille de la 2ème Flotte
    [closed] fermée au commerce
    [post] votre comptoir
    [governor] votre gouverneur
    [count] nombre de vos personnages sur place
   *[empire] colonie de l'Empire
  }
stellarium-map-fleet-commander = { $fleet } : commandant { $name }
stellarium-map-patrol = Patrouille de la 2ème Flotte : { $planets }
stellarium-map-governor = Gouverneur de { $planet } : { $name }
stellarium-map-court = Haute Cour : { $judges }
stellarium-map-title = L'Empire de Stellarium en { $year }
stellarium-map-subtitle-public = Carte publique — partie { $game }, tour { $turn }
stellarium-map-subtitle = Famille { $family } — partie { $game }, tour { $turn }

## The chronicle (view/chronicle.rs, view/mod.rs).
stellarium-strategy = { $strategy ->
    [offensive] offensive
   *[defensive] défensive
  }
stellarium-section = { $section ->
    [assembly] L'Assemblée suprême
    [war] Guerres, rébellions et batailles
    [exploration] Explorations
    [crime] Crimes et enquêtes
    [power] Disgrâces, destitutions et coups d'État
    [family] Mariages, naissances et baptêmes
    [death] Décès et obsèques
   *[trade] Commerce et vente du vaisseau
  }
