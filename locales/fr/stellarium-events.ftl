# Stellarium: the events of a turn as the family reports and the public chronicle tell them
# (src/games/stellarium/view/narrator.rs). See locales/README.md.
## Names are as the reader writes them (a family's own characters by their first name);
## $gender is the character's (f or m); yes/no flags are the strings yes and no;
## $reason, $what, $detail, $outcome are messages of the phases (stellarium-why-*, below).

stellarium-ev-prestige = { $name } : { $delta } PP ({ $reason }).
stellarium-ev-died = { $name } : { $cause }.
stellarium-ev-died-at = { $name } : { $cause } ({ $place }).
stellarium-ev-revived = { $name } est { $gender ->
    [f] réanimée
   *[m] réanimé
  } par son médecin personnel.
stellarium-ev-trial-opened = Affaire n° { $case_no } : { $name }, { $accusation }, sera { $gender ->
    [f] jugée
   *[m] jugé
  } au prochain tour.
stellarium-ev-trial-cancelled = Affaire n° { $case_no } ({ $name }) : procès annulé.
stellarium-ev-left-pyramid = { $name } perd son poste : { $seat }.
stellarium-ev-family-founded = La famille { $family } entre dans l'histoire de l'Empire.
stellarium-ev-founded-advertising = Publicité : { $pp } PP.
stellarium-ev-founded-late-bonus = Bonus d'inscription tardive : { $pp } PP.
stellarium-ev-founded-by-default = Faute d'ordres, l'arbitre a fondé la famille.
stellarium-ev-foundation-default = Personnage n° { $founder_no } : { $what }.
stellarium-ev-founder-marriage = { $husband } et { $wife } sont mariés.
stellarium-ev-founder-widowed = { $name } est { $gender ->
    [f] veuve
   *[m] veuf
  }.
stellarium-ev-judge-elected = { $name } est { $gender ->
    [f] élue
   *[m] élu
  } juge à la Haute Cour ({ $pp } PP).
stellarium-ev-seat-filled = { $seat } : { $name } ({ $pp } PP).
stellarium-ev-governor-elected = { $name } est { $gender ->
    [f] élue
   *[m] élu
  } gouverneur { ELISION($planet) ->
    [vowel] d'{ $planet }
   *[consonant] de { $planet }
  } ({ $pp } PP).
stellarium-ev-ship-bought = La famille { $family } achète le vaisseau d'exploration « { $ship } » pour { $price } M$ ({ $bids } { $bids ->
    [one] enchère
   *[other] enchères
  }).
stellarium-ev-ship-unsold = Personne n'enchérit : le vaisseau d'exploration reste aux chantiers.
stellarium-ev-became-pnj = La famille { $family } ne donne plus d'ordres : elle devient PNJ.
stellarium-ev-purchased = { $name } achète : { $item }.
stellarium-ev-purchase-refused = Achat refusé ({ $item }) pour { $name } : { $reason }.
stellarium-ev-prosthesis-permit = L'Archipape autorise une cyberprothèse pour { $name }.
stellarium-ev-prosthesis-implanted = { $name } se fait implanter une cyberprothèse ({ $total } au total){ $authorised ->
    [yes] {""}
   *[no] {" "}sans l'autorisation de l'Archipape : hérétique
  }.
stellarium-ev-contract-refused = La Tentacule Sombre refuse le contrat { ELISION($sponsor) ->
    [vowel] d'{ $sponsor }
   *[consonant] de { $sponsor }
  } : { $reason }.
stellarium-ev-contract-not-selected = La Tentacule Sombre ne retient pas le contrat { ELISION($sponsors) ->
    [vowel] d'{ $sponsors }
   *[consonant] de { $sponsors }
  } ({ $kind } : { $target }, { $total } M$) : d'autres ont offert davantage.
stellarium-ev-contract-executed = Contrat n° { $contract_no } { ELISION($sponsors) ->
    [vowel] d'{ $sponsors }
   *[consonant] de { $sponsors }
  } exécuté ({ $kind } : { $target }, { $total } M$) : { $success ->
    [yes] réussi
   *[no] échec
  }.
stellarium-ev-contract-executed-detail = Contrat n° { $contract_no } { ELISION($sponsors) ->
    [vowel] d'{ $sponsors }
   *[consonant] de { $sponsors }
  } exécuté ({ $kind } : { $target }, { $total } M$) : { $success ->
    [yes] réussi
   *[no] échec
  }. { $detail }
stellarium-ev-crime-seen = { $kind ->
    [assassination] Tentative d'assassinat contre { $target } : { $success ->
        [yes] réussie
       *[no] échec
      }.
    [kidnapping] Tentative d'enlèvement { ELISION($target) ->
    [vowel] d'{ $target }
   *[consonant] de { $target }
  } : { $success ->
        [yes] réussie
       *[no] échec
      }.
    [scandal] Un scandale vise { $target } : { $success ->
        [yes] il éclate
       *[no] il fait long feu
      }.
    [bomb] Attentat à la bourse de Stellarium : { $success ->
        [yes] la bombe explose
       *[no] la bombe n'explose pas
      }.
   *[rebellion] Des agitateurs soulèvent { $target } : { $success ->
        [yes] la colonie se révolte
       *[no] la population reste calme
      }.
  }
stellarium-ev-kidnapped-own = { $name } est { $gender ->
    [f] enlevée et retenue
   *[m] enlevé et retenu
  } sur { $planet } par la Tentacule Sombre. Pour payer la rançon : RANCON { $name }.
stellarium-ev-kidnapped = { $name } est { $gender ->
    [f] enlevée
   *[m] enlevé
  } par la Tentacule Sombre.
stellarium-ev-ransom-paid = Rançon de { $amount } M$ payée : { $name } est { $gender ->
    [f] libérée
   *[m] libéré
  } ({ $to_sponsor } M$ à la famille commanditaire).
stellarium-ev-ransom-refused = Rançon { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } non payée : { $reason }.
stellarium-ev-scandal-struck = Scandale : { $name } est { $gender ->
    [f] éclaboussée
   *[m] éclaboussé
  } (−10 PP) et passera en jugement.
stellarium-ev-scandal-exposed = L'enquête montre que le scandale visant { $name } était une machination (+5 PP).
stellarium-ev-sabotage-found-out = Une bombe est découverte à bord du vaisseau « { $ship } » lors de sa révision.
stellarium-ev-exchange-bombing = Une bombe explose à la bourse de Stellarium.
stellarium-ev-exchange-bombing-own = Une bombe explose à la bourse de Stellarium. Vos marchands présents : { $names }.
stellarium-ev-rebellion-incited = La Tentacule Sombre soulève { $planet }.
stellarium-ev-investigation-unmasks = L'enquête { $kolombo ->
    [yes] de l'Agence Kolombo
   *[no] de la Sécurité impériale
  } démasque { $name } : commanditaire d'un contrat ({ $what }).
stellarium-ev-investigation-fails = L'enquête { $kolombo ->
    [yes] de l'Agence Kolombo
   *[no] de la Sécurité impériale
  } sur le contrat { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } ({ $what }) n'aboutit pas.
stellarium-ev-remarriage-permit = L'Archipape autorise { $name } à se remarier{ $automatic ->
    [yes] {" "}(d'office)
   *[no] {""}
  }.
stellarium-ev-married = Mariage { ELISION($groom) ->
    [vowel] d'{ $groom }
   *[consonant] de { $groom }
  } et { $bride }, célébré par { $priest }.
stellarium-ev-marriage-refused = Pas de mariage entre { $groom } et { $bride } : { $reason }.
stellarium-ev-ship-transferred = Le vaisseau « { $ship } » est { $kind ->
    [loan] prêté
   *[sale] vendu
  } par { $from } à { $to } pour { $amount } M$.
stellarium-ev-transfer-refused = Cession du vaisseau « { $ship } » refusée : { $reason }.
stellarium-ev-exploration-permit = { $name } reçoit un permis d'exploration{ $automatic ->
    [yes] {" "}(d'office)
   *[no] {""}
  }.
stellarium-ev-ship-forbidden = Le Grand Commandeur interdit le départ du vaisseau « { $ship } ».
stellarium-ev-expedition-departed = Le vaisseau « { $ship } » part en expédition, capitaine { $captain }.
stellarium-ev-expedition-departed-crew = Le vaisseau « { $ship } » part en expédition, capitaine { $captain } ; à bord : { $crew }.
stellarium-ev-expedition-cancelled = L'expédition du vaisseau « { $ship } » n'a pas lieu : { $reason }.
stellarium-ev-guest-stayed = { $name } ne monte pas à bord du vaisseau « { $ship } » : { $reason }.
stellarium-ev-ship-exploded = Le vaisseau d'exploration « { $ship } » explose.
stellarium-ev-capsule = Capsule de survie { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } : { $outcome }.
stellarium-ev-trading-post-removed = Le Maître marchand supprime le comptoir de la famille { $family } sur { $planet }.
stellarium-ev-planet-closed = Le Maître marchand ferme { $planet } au commerce pour ce cycle.
stellarium-ev-exchange-banned = Le Maître marchand interdit la bourse à la famille { $family }.
stellarium-ev-merchant-fallback = { $name } va à la bourse (S1) : { $reason }.
stellarium-ev-merchant-idle = { $name } reste sans activité : { $reason }.
stellarium-ev-fleet-commander = { $name } commande la { $fleet ->
    [first] 1ère Flotte
   *[second] 2ème Flotte
  }{ $designated ->
    [yes] {" "}(nommé par le Grand Général)
   *[no] {" "}(le plus haut gradé)
  }.
stellarium-ev-no-fleet-commander = La { $fleet ->
    [first] 1ère Flotte
   *[second] 2ème Flotte
  } n'a pas de commandant.
stellarium-ev-location-refused = { $name } ne peut aller à { $place } : { $reason } ; reste sur Stellarium.
stellarium-ev-default-location = Faute d'ordre, { $name } va : { $place }.
stellarium-ev-births = { $father } et { $mother } : { $children } { $children ->
    [one] naissance
   *[other] naissances
  }.
stellarium-ev-births-limit = { $father } et { $mother } : { $children } { $children ->
    [one] naissance
   *[other] naissances
  } (limite demandée : { $limit }).
stellarium-dice-births = tableau A : 2d6 = { $dice } = { $sum }
stellarium-dice-births-b = tableau A : 2d6 = { $dice } = { $sum }, tableau B : 1d6 = { $b }
stellarium-ev-born = Naissance { $sex ->
    [f] d'une fille
   *[m] d'un fils
  } { ELISION($father) ->
    [vowel] d'{ $father }
   *[consonant] de { $father }
  } et { $mother } ({ $child }, { $pp } PP).
stellarium-ev-born-pp-later = Naissance { $sex ->
    [f] d'une fille
   *[m] d'un fils
  } { ELISION($father) ->
    [vowel] d'{ $father }
   *[consonant] de { $father }
  } et { $mother } ({ $child }, PP de naissance fixés avant l'assemblée suprême, 7.5).
stellarium-ev-bastard-recognised = La famille { $family } reconnaît un bâtard : { $name }.
stellarium-ev-bastard-refused = Pas de bâtard reconnu : { $reason }.
stellarium-ev-survival-test = { $name } ({ $age } ans) { $survived ->
    [yes] passe le test de survie
   *[no] échoue au test de survie
  }.
stellarium-dice-survival = risque de mort : { $chances } sur 6
stellarium-ev-baptised = Baptême { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  }{ $by_lot ->
    [yes] {" "}(prénom tiré au sort)
   *[no] {""}
  }.
stellarium-ev-baptised-by = Baptême { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } par { $priest }{ $by_lot ->
    [yes] {" "}(prénom tiré au sort)
   *[no] {""}
  }.
stellarium-ev-trained = { $name } entre à l'école : { $training }{ $by_lot ->
    [yes] {" "}(tirée au sort)
   *[no] {""}
  }.
stellarium-ev-rebellion-broke-out = { $planet } se soulève contre l'Empire{ $incited ->
    [yes] {" "}à l'appel de la Tentacule Sombre
   *[no] {""}
  }.
stellarium-ev-rebellion-void = Le soulèvement { ELISION($planet) ->
    [vowel] d'{ $planet }
   *[consonant] de { $planet }
  } tourne court : la planète n'est plus à l'Empire.
stellarium-ev-battle = Bataille { ELISION($planet) ->
    [vowel] d'{ $planet }
   *[consonant] de { $planet }
  } contre { $enemy ->
    [rebels] les rebelles
   *[pouarks] les Pouarks
  } ({ $empire_attacks ->
    [yes] l'Empire attaque
   *[no] l'Empire se défend
  }) : l'Empire { $empire_strength } contre { $enemy_strength } ({ $ratio }) : { $result ->
    [great-victory] grande victoire
    [victory] victoire
    [defeat] défaite
   *[great-defeat] grande défaite
  } pour l'Empire, { $casualties } { $casualties ->
    [one] perte
   *[other] pertes
  }.
stellarium-ev-battle-fighters = Vos combattants : { $names }.
stellarium-ev-battle-losses = Vos pertes : { $names }.
stellarium-dice-enemy = dés de l'ennemi : { $dice }
stellarium-ev-planet-lost = { $planet } tombe aux mains { $enemy ->
    [rebels] des rebelles
   *[pouarks] des Pouarks
  }.
stellarium-ev-planet-retaken = L'Empire prend { $planet } { $enemy ->
    [rebels] aux rebelles
   *[pouarks] aux Pouarks
  }.
stellarium-ev-captured = { $name } est { $gender ->
    [f] faite prisonnière
   *[m] fait prisonnier
  } par { $captor ->
    [dark-tentacle] la Tentacule Sombre
    [rebels] les rebelles
   *[pouarks] les Pouarks
  }.
stellarium-ev-captured-at = { $name } est { $gender ->
    [f] faite prisonnière
   *[m] fait prisonnier
  } par { $captor ->
    [dark-tentacle] la Tentacule Sombre
    [rebels] les rebelles
   *[pouarks] les Pouarks
  } ({ $planet }).
stellarium-ev-freed = { $name } est { $gender ->
    [f] libérée
   *[m] libéré
  }.
stellarium-ev-trading-post-granted = Votre famille obtient un comptoir sur { $planet }.
stellarium-ev-pouark-attack = Les Pouarks attaquent { $planet }.
stellarium-ev-empire-attack = L'Empire attaque la planète pouark { $planet }{ $chosen_by_emperor ->
    [yes] , désignée par l'Empereur
   *[no] {""}
  }.
stellarium-ev-war-strategy = Stratégie { $pouarks ->
    [yes] des Pouarks
   *[no] de l'Empire
  } : { $offensive ->
    [yes] offensive
   *[no] défensive
  }.
stellarium-ev-no-war = Pas de guerre contre les Pouarks au cours de ce cycle.
stellarium-ev-stellarium-fell = STELLARIUM EST TOMBÉE aux mains des Pouarks : la partie est finie et tout le monde a perdu.
stellarium-ev-speculation = Bourse : { $name } (placement { $stake ->
    [safe] sûr
    [normal] normal
   *[risky] à risque
  } de { $amount } M$) { $loss ->
    [yes] perd
   *[no] gagne
  } { $gain } M$ et autant de PP.
stellarium-dice-speculation = 1d6 = { $die }, conjoncture { $situation } → { $total }
stellarium-ev-exchange-refused = { $name } ne peut spéculer : { $reason }.
stellarium-ev-expedition-returned = Expédition du vaisseau « { $ship } » ({ $explorers } { $explorers ->
    [one] explorateur
   *[other] explorateurs
  }) : { $found ->
    [colonisable] une planète colonisable
    [pouark] une planète pouark
   *[nothing] rien
  }{ $double ->
    [yes] {" "}(double découverte)
   *[no] {""}
  }{ $destroyed ->
    [yes] {" "}; le vaisseau est détruit
   *[no] {""}
  }{ $captured ->
    [yes] {" "}; le vaisseau est capturé par les Pouarks
   *[no] {""}
  }{ $known ->
    [yes] {""}
   *[no] {" "}; aucun survivant : la découverte reste inconnue
  }.
stellarium-dice-d6 = 1d6 = { $die }
stellarium-ev-planet-discovered = L'expédition du vaisseau « { $ship } » découvre la planète { $planet }{ $pouark ->
    [yes] , aux mains des Pouarks
   *[no] {""}
  }.
stellarium-ev-ship-lost = Le vaisseau d'exploration « { $ship } » est { $captured ->
    [yes] capturé par les Pouarks
   *[no] détruit
  }.
stellarium-ev-trade-gains = Comptoir { ELISION($planet) ->
    [vowel] d'{ $planet }
   *[consonant] de { $planet }
  } : { $name } gagne { $gain } M$ et autant de PP ({ $merchants } { $merchants ->
    [one] marchand
   *[other] marchands
  }{ $nepotism ->
    [yes] , népotisme du gouverneur
   *[no] {""}
  }).
stellarium-ev-governor-attendance = Gouverneur { ELISION($planet) ->
    [vowel] d'{ $planet }
   *[consonant] de { $planet }
  } : { $present } { $present ->
    [one] personnage
   *[other] personnages
  } sur la colonie, +{ $pp } PP pour { $name }.
stellarium-ev-coup = Coup d'État { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } : { $success ->
    [yes] il réussit
   *[no] il échoue
  }. Soutiens : { $supporters } ; opposants : { $opponents }.
stellarium-nobody = aucun
stellarium-dice-coup = chances de succès : { $chances } sur 6
stellarium-ev-disgraced = { $name } est { $gender ->
    [f] disgraciée
   *[m] disgracié
  } par { $by ->
    [government] l'Empereur
    [church] l'Archipape
    [army] le Grand Général
    [explorers] le Grand Commandeur
   *[merchants] le Maître marchand
  }{ $special ->
    [yes] {" "}(disgrâce spéciale)
   *[no] {""}
  } ({ $pyramids }).
stellarium-ev-coup-emperor = { $name } se proclame Empereur.
stellarium-ev-coup-emperor-deposed = { $name } se proclame Empereur à la place de { $deposed }.
stellarium-ev-judge-removed = L'Empereur destitue { $name } de la Haute Cour (−10 PP).
stellarium-ev-excommunicated = L'Archipape excommunie { $name } : hérétique, −10 PP, procès.
stellarium-ev-deposed = { $name } est { $gender ->
    [f] destituée
   *[m] destitué
  } de la tête de la pyramide « { $pyramid } » par { $voters }.
stellarium-ev-power-void = Pouvoir sans effet ({ $power }) : { $reason }.
stellarium-ev-verdict = Affaire n° { $case_no } : { $result }
stellarium-verdict-innocent = { $name } est { $gender ->
    [f] déclarée innocente
   *[m] déclaré innocent
  }.
stellarium-verdict-fine = { $name } est { $gender ->
    [f] déclarée
   *[m] déclaré
  } coupable : { $fine } M$ d'amende à la famille de sa victime (2.3.4).
stellarium-verdict-guilty = { $name } est { $gender ->
    [f] déclarée
   *[m] déclaré
  } coupable : { $years } ans de bagne, −12 PP{ $symbolic ->
    [yes] {" "}(grâce impériale : séjour symbolique)
   *[no] {""}
  }.
stellarium-ev-trial-adjourned = Affaire n° { $case_no } ({ $name }) ajournée : { $reason }.
stellarium-ev-trial-dropped = Affaire n° { $case_no } ({ $name }) close sans jugement : { $reason }.
stellarium-ev-released = { $name } a purgé sa peine et sort du bagne.
stellarium-ev-imperial-pardon = Grâce impériale pour { $name }{ $in_advance ->
    [yes] {" "}(avant son procès)
   *[no] {""}
  }.
stellarium-ev-archpapal-pardon = Pardon archipapal : { $name } n'est plus hérétique (+6 PP).
stellarium-ev-eulogy = Obsèques { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } : éloge funèbre par { $priest }.
stellarium-ev-silence = Obsèques { ELISION($name) ->
    [vowel] d'{ $name }
   *[consonant] de { $name }
  } : une minute de silence.
stellarium-ev-judge-resigned = { $name } démissionne de la Haute Cour.
stellarium-ev-left-court = { $name } quitte la Haute Cour : { $reason }.
stellarium-ev-promoted = { $seat } : { $name } (+{ $pp } PP).
stellarium-ev-promoted-from = { $seat } : { $name }, jusque-là { $from } (+{ $pp } PP).
stellarium-ev-game-over = Fin de la partie : { $why ->
    [turn-limit] le dernier tour est joué
    [stellarium-fell] Stellarium est tombée
   *[all-onr] aucune famille n'a donné d'ordres
  }.{ $outcome ->
    [all-lost] {" "}Le jeu gagne : tous les joueurs ont perdu (30.2).
    [none] {""}
   *[winners] {" "}{ $winners ->
        [one] La famille { $names } gagne la partie avec { $points } points de victoire (30.3).
       *[other] Les familles { $names } gagnent la partie, à égalité avec { $points } points de victoire (30.3).
      }
  }

## Words the event sentences are made of.
stellarium-points-prestige = somme des PP des personnages (29.1)
stellarium-item = { $item ->
    [capsule] capsule de survie
    [bodyguards] gardes du corps
    [prosthesis] cyberprothèse
    [doctor] médecin personnel
   *[insurance] assurance Kolombo
  }
stellarium-contract-kind = { $kind ->
    [assassination] assassinat
    [kidnapping] enlèvement
    [scandal] scandale
    [sabotage] sabotage
    [bomb] bombe à la bourse
    [rebellion] incitation à la rébellion
   *[treason] trahison
  }
stellarium-contract-what = { $kind } : { $target }
## What a contract aims at: $on is character, ship, exchange, colony, pouarks or pouark-ships.
stellarium-target = { $on ->
    [ship] « { $name } »
    [exchange] la bourse
    [pouarks] les Pouarks
    [pouark-ships] les Pouarks ({ $ships })
   *[other] { $name }
  }
## A judge's vote (22.2); $casting: yes when it broke a tie.
stellarium-vote = { $vote ->
    [guilty] coupable, { $years } ans
    [innocent] innocent (peine proposée : { $years } ans)
   *[abstain] abstention
  }{ $casting ->
    [yes] {" "}(voix prépondérante)
   *[no] {""}
  }

# Stellarium: why a figure changed or an order was not followed, as the phases say it
# (src/games/stellarium/why.rs): the reasons of prestige and money lines, refusals of the
# turn, victory bonuses, the foundation's defaults. See locales/README.md.
## $rule is the rule the sentence quotes; names are full names; $why, $fallback are reasons.

stellarium-why-prosthesis-unauthorised = cyberprothèse sans l'autorisation de l'Archipape
stellarium-why-scandal-victim = victime d'un scandale
stellarium-why-sponsor-unmasked = commanditaire démasqué
stellarium-why-scandal-was-plot = le scandale était une machination
stellarium-why-special-disgrace = disgrâce spéciale
stellarium-why-removed-from-court = destitué de la Haute Cour
stellarium-why-convicted = condamné (affaire n° { $case_no })
stellarium-why-eulogy = éloge funèbre de { $name }
stellarium-why-judge-elected = élu juge à la Haute Cour
stellarium-why-promotion = promotion : { $pyramid ->
        [government] Gouvernement impérial
        [church] Église cosmique unifiée
        [army] Armée impériale
        [explorers] Gilde des explorateurs
       *[merchants] Gilde des marchands
    }
stellarium-why-governor-elected-of = élu gouverneur de { $planet }
stellarium-why-governor-elected = élu gouverneur
stellarium-why-sitting-judge = juge à la Haute Cour
stellarium-why-coup-disgrace = disgrâce après le coup d'État
stellarium-why-overthrown = renversé par un coup d'État
stellarium-why-imperial-pardon = grâce impériale
stellarium-why-birth-prestige = prestige de naissance : (PP du père + PP de la mère avant l'assemblée suprême) / 4
stellarium-why-deposition = destitution
stellarium-why-marriage-celebrated = mariage célébré
stellarium-why-ship-loss = perte du vaisseau { $ship }
stellarium-why-discovery = découverte de { $planet }
stellarium-why-expedition = expédition du { $ship }
stellarium-why-archpapal-pardon = pardon archipapal
stellarium-why-speculation = spéculation à la bourse
stellarium-why-baptism = baptême
stellarium-why-disgrace = disgrâce
stellarium-why-rebel-battles = batailles contre les rebelles
stellarium-why-no-pouark-war = pas de guerre contre les Pouarks
stellarium-why-pouark-war = guerre contre les Pouarks
stellarium-why-excommunication = excommunication
stellarium-why-trade-on = commerce sur { $planet }
stellarium-why-attendance = fréquentation de { $planet }
stellarium-why-lectures = conférences sur ses expéditions
stellarium-why-ship-destroyed = vaisseau d'exploration « { $ship } » détruit
stellarium-why-purchase = achat ({ $item ->
        [capsule] CAPSULE
        [bodyguards] GARDES
        [prosthesis] PROTHESE
        [doctor] MEDECIN
       *[insurance] ASSURANCE
    }) pour { $name }
stellarium-why-contract = contrat ({ $kind })
stellarium-why-ransom = rançon de { $name }
stellarium-why-ransom-half = moitié de la rançon de { $name }
stellarium-why-fine = amende de { $name }
stellarium-why-exchange = bourse : { $name }
stellarium-why-trading-post = comptoir de { $planet }: { $name }
stellarium-why-ship-purchase = achat du vaisseau { $ship }
stellarium-why-ship-transfer = { $kind ->
        [loan] location
       *[sale] vente
    } du vaisseau « { $ship } »
stellarium-why-advertising = campagne de publicité : { $pp } PP
stellarium-why-bonus-emperor = famille de l'Empereur
stellarium-why-bonus-head = famille du chef : { $pyramid ->
        [government] Empereur
        [church] Archipape
        [army] Grand Général
        [explorers] Grand Commandeur
       *[merchants] Maître marchand
    }
stellarium-why-bonus-richest = famille la plus riche
stellarium-why-bonus-most-prestigious = personnage le plus prestigieux
stellarium-why-unknown-character = personnage inconnu
stellarium-why-not-own-family = ce personnage n'est pas de votre famille
stellarium-why-is-dead = ce personnage est mort
stellarium-why-dead = mort
stellarium-why-prisoner = prisonnier
stellarium-why-family-in-debt = la famille a fini le cycle précédent endettée ({ $rule })
stellarium-why-prisoner-cannot-buy = un prisonnier des Pouarks ou des rebelles ne peut rien acheter ({ $rule })
stellarium-why-cannot-pay-purchase = la famille n'a plus de quoi payer (1 M$)
stellarium-why-one-prosthesis-a-turn = une seule cyberprothèse par tour ({ $rule })
stellarium-why-prostheses-maximum = déjà 5 cyberprothèses, le maximum ({ $rule })
stellarium-why-not-hostage = ce personnage n'est pas otage de la Tentacule Sombre
stellarium-why-sponsor-not-free = le commanditaire doit être un personnage vivant et libre de la famille ({ $rule })
stellarium-why-one-contract-a-turn = un personnage ne commandite qu'un contrat par tour ({ $rule })
stellarium-why-no-credit = pas assez de crédit auprès de la Tentacule Sombre ({ $rule })
stellarium-why-amount-too-small = la somme proposée doit être d'au moins 1 M$
stellarium-why-cannot-pay-amount = la famille n'a pas de quoi payer cette somme
stellarium-why-impossible-target = cible impossible ({ $rule } : seuls les vaisseaux d'exploration en service ; 2.6 : une colonie de l'Empire)
stellarium-why-out-of-reach = cible hors d'atteinte
stellarium-why-bomb-on-board = bombe posée à bord
stellarium-why-bomb-at-exchange = bombe posée à la bourse
stellarium-why-colony-lost = la colonie n'est plus à l'Empire
stellarium-why-ransom-unpaid = la famille n'a pas les { $amount } M$ de la rançon
stellarium-why-target-named = { $name }
stellarium-why-target-exchange = la bourse de Stellarium
stellarium-why-target-treason = l'Empire (renseignements aux Pouarks)
stellarium-why-spouse-dead = l'un des époux est mort
stellarium-why-groom-and-bride = le marié doit être un homme et la mariée une femme
stellarium-why-same-family = mariage interdit au sein d'une même famille ({ $rule })
stellarium-why-marriage-in-both-orders = le mariage doit figurer, avec le même prêtre, dans les ordres des deux familles ({ $rule })
stellarium-why-onr-refuses-marriage = une famille ONR ou OPR refuse les propositions de mariage ({ $rule })
stellarium-why-no-training-yet = { $name } n'a pas encore de formation ({ $rule })
stellarium-why-priest-or-heretic = { $name } est prêtre ou hérétique ({ $rule })
stellarium-why-held-prisoner = { $name } est retenu prisonnier
stellarium-why-already-married = { $name } est déjà marié(e) : pas de divorce ({ $rule })
stellarium-why-widowed-no-permit = { $name } est veuf/veuve sans l'autorisation de l'Archipape ({ $rule })
stellarium-why-three-marriages = déjà trois mariages en cours entre ces deux familles ({ $rule })
stellarium-why-celebrant-invalid = le célébrant doit être un prêtre vivant, libre et non hérétique ({ $rule })
stellarium-why-transfer-in-both-orders = la cession doit figurer à l'identique dans les ordres des deux familles ({ $rule })
stellarium-why-transfer-to-self = une famille ne se cède pas un vaisseau à elle-même
stellarium-why-ship-unavailable = ce vaisseau n'est pas (ou plus) disponible chez le cédant
stellarium-why-receiver-cannot-pay = la famille qui reçoit le vaisseau n'a pas de quoi payer
stellarium-why-wrong-training-aboard = seuls explorateurs, prêtres et guerriers partent en expédition ({ $rule })
stellarium-why-judge-stays = un juge ne quitte pas Stellarium ({ $rule })
stellarium-why-governor-stays = un gouverneur reste sur sa colonie ({ $rule })
stellarium-why-already-aboard = déjà à bord d'un autre vaisseau
stellarium-why-ship-not-available = ce vaisseau n'est pas à la disposition de la famille ({ $rule })
stellarium-why-ship-already-out = ce vaisseau a déjà une expédition ce tour
stellarium-why-departure-forbidden = le Grand Commandeur a interdit le départ ({ $rule })
stellarium-why-captain = capitaine : { $why }
stellarium-why-captain-not-explorer = le capitaine doit être un explorateur ({ $rule })
stellarium-why-captain-no-permit = le capitaine n'est ni dans la pyramide des explorateurs ni titulaire d'un permis ({ $rule })
stellarium-why-captain-not-located = la famille du capitaine ne l'a pas localisé sur le vaisseau ({ $rule })
stellarium-why-guest-not-located = sa famille ne l'a pas localisé sur ce vaisseau ({ $rule })
stellarium-why-crew-incomplete = une expédition doit compter au moins un explorateur et un prêtre ({ $rule })
stellarium-why-capsule-too-late = pas eu le temps de rejoindre la capsule
stellarium-why-capsule-coffin = la capsule endommagée devient un cercueil
stellarium-why-capsule-lost = la capsule se perd dans l'espace
stellarium-why-capsule-recovered = récupérée par { $captor ->
        [rebels] les rebelles
       *[pouarks] les Pouarks
    } ({ $planet })
stellarium-why-capsule-lands = la capsule se pose sur { $planet }
stellarium-why-stake-above-start-money = la famille ne peut pas miser plus qu'elle ne possédait au début du tour ({ $rule })
stellarium-why-merchant-on-stellarium-speculates = un marchand qui reste sur Stellarium va à la bourse ({ $rule })
stellarium-why-merchant-places = un marchand va sur un comptoir ou à la bourse ({ $rule })
stellarium-why-merchant-impossible-place = lieu impossible pour un marchand ({ $rule })
stellarium-why-no-place-given = pas de lieu donné ({ $rule })
stellarium-why-cannot-afford-s1 = la famille n'a pas les moyens de miser S1 : chômage ({ $rule })
stellarium-why-idle = { $fallback } ; { $why }
stellarium-why-unknown-planet = planète inconnue
stellarium-why-not-empire-colony = { $planet } n'est pas une colonie de l'Empire ({ $rule })
stellarium-why-no-trading-post = plus de comptoir de la famille sur { $planet } ({ $rule })
stellarium-why-closed-to-trade = { $planet } est fermée au commerce ce tour ({ $rule })
stellarium-why-debt-no-exchange = famille endettée : pas de bourse ({ $rule })
stellarium-why-exchange-banned = le Maître marchand a interdit la bourse à la famille ({ $rule })
stellarium-why-garrison-empire-only = une garnison ne part que vers une colonie de l'Empire ({ $rule })
stellarium-why-expedition-left-without = l'expédition n'est pas partie avec lui ({ $rule })
stellarium-why-warrior-impossible-place = lieu impossible pour un guerrier ({ $rule })
stellarium-why-single-not-priest = { $name } est un homme célibataire ou veuf qui n'est pas prêtre ({ $rule })
stellarium-why-married-to-young = { $name } est marié à une femme de moins de 41 ans ({ $rule })
stellarium-why-name-taken = le prénom { $name } est déjà pris dans la famille
stellarium-why-banned-by-master = accès à la bourse interdit par le Maître marchand
stellarium-why-in-debt-last-turn = famille endettée au tour précédent
stellarium-why-not-heir-or-councillor = la cible n'est ni dauphin ni conseiller d'une pyramide
stellarium-why-not-judge = la cible n'est pas juge
stellarium-why-target-dead = la cible est morte
stellarium-why-no-longer-in-pyramid = la cible n'est plus dans la pyramide
stellarium-why-neither-convict-nor-accused = ni bagnard ni accusé
stellarium-why-not-heretic = la cible n'est pas hérétique
stellarium-why-accused-dead = l'accusé est mort
stellarium-why-accused-absent = l'accusé ne peut se présenter au procès
stellarium-why-no-judge-sits = aucun juge ne siège
stellarium-why-judge-convicted = condamné
stellarium-why-judge-died = décédé
stellarium-why-judge-absent = absent de l'Assemblée suprême (prisonnier)
stellarium-why-name-drawn = prénom tiré au sort : { $name }
stellarium-why-founder-by-referee = { $name }, créé par l'arbitre pour une ligne PERSONNAGE manquante ou refusée : sexe, prénom et formation tirés au sort (b, c)
stellarium-why-training-drawn = formation tirée au sort : { $training }
stellarium-why-pp-reduced = PP réduits de { $wanted } à { $extra } (réserve épuisée)

## Where a character died at the exchange (2.5.2).
stellarium-exchange-place = bourse de Stellarium

## A number with decimals (a battle's strengths): $units and $decimals as digits.
stellarium-decimal = { $units },{ $decimals }
