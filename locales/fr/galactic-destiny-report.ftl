# Galactic Destiny: the reports' and the chronicle's words (events of a step, the order form's comments).
gd-missing-a-line = au moins une ligne acceptée (PASSE suffit)
gd-form-registration = La partie commence à la clôture des inscriptions : rien à envoyer pour l'instant.
gd-form-over = La partie est terminée.
gd-form-filing = Sénat, dépôts (S1) : candidatures, ordre des élections, propositions de loi, flotte de la république, poursuites, échanges, banque.
gd-form-voting = Sénat, votes (S2) : VOTE pour chaque poste et chaque point de l'ordre du jour (JUSQUA = votre plafond d'influence), VETO, ORDRE-DU-JOUR.
gd-form-invasions = Invasions (I), votre fenêtre : INVASION, DEFENDRE ; PASSE si vous ne déclarez rien (vos flottes restent et défendent).
gd-form-battles = Avant la bataille (B) : RETRAITE pour vos pertes et retraites ; PASSE si vous n'ajoutez rien.
gd-form-campaigns = Campagnes (C), votre fenêtre : CAMPAGNE ; PASSE si vous ne déclarez rien.
gd-form-canvass = Avant les urnes (K) : INFLUENCE pour vos campagnes et vos secteurs ; PASSE si vous n'ajoutez rien.
gd-form-purchases = Achats (P) : ACHAT FLOTTE, ACHAT FLOTTE-REPUBLIQUE, RECRUTER, DEFAUSSER ; PASSE si vous n'achetez rien.
gd-form-proposal = proposition de l'arbitre, à modifier à votre guise
gd-none = aucun
gd-list = { $items }
gd-modifier = { $what } { $n }
gd-retreat = { $party ->
    [republic] la république
   *[other] { $party }
  } : { $count } flotte(s) vers le secteur { $to }
gd-post-holder = { $ministry } : { $senator } ({ $party })
gd-post-vacant = { $ministry } : vacant
gd-ministry-pm = Premier ministre
gd-ministry-interieur = Intérieur
gd-ministry-finances = Finances
gd-ministry-justice = Justice
gd-ministry-defense = Défense
gd-law-integrity = Acte d'intégrité vertueux
gd-law-homeland = Initiative de défense de la patrie
gd-law-free-trade = Libre-échange d'accord
gd-law-watch = Comité de surveillance démocratique
gd-law-movement = Déclaration de mouvement
gd-law-education = Liberté de parole et consulat de l'éducation
gd-law-tax = Impôt de { $amount } argent par { $action }
gd-tax-action-invasion = invasion déclarée
gd-tax-action-campaign = campagne déclarée
gd-tax-action-fleet-moved = flotte déplacée
gd-tax-action-fleet-bought = flotte du parti achetée
gd-tax-action-recruit = sénateur recruté
gd-tax-action-assassination = tentative d'assassinat
gd-goods-resource = { $amount } { $resource ->
    [money] argent
   *[influence] influence
  }
gd-goods-sector = le secteur { $sector }
gd-goods-senator = le sénateur { $name }
gd-goods-waiting-senator = un sénateur en réserve
gd-goods-card = la carte « { $name } »
gd-goods-hidden-card = une carte action
gd-goods-fleets = { $count } flotte(s) du secteur { $sector }
gd-goods-nothing = rien
gd-why-broken-deal = accord A{ $deal } rompu
gd-why-broken-law = loi enfreinte ({ $law })
gd-why-audit = vérification des Finances
gd-why-dishonoured = ministre de la Justice déshonoré
gd-why-event = événement « { $card } »
gd-fleet-group = { $count } flotte(s) vers le secteur { $to }{ $from ->
    [none] {""}
   *[other] {" "}depuis le secteur { $from }
  }{ $attack ->
    [yes] , en attaque
   *[no] {""}
  }{ $admiral ->
    [none] {""}
   *[other] , amiral { $admiral }
  }
gd-item-fleet = flotte de la république, proposée par { $by } : { $groups }
gd-item-indictment = poursuite de { $senator }, proposée par { $by }
gd-item-law = loi « { $law } » pour { $turns } tour(s), proposée par { $by }
gd-item-trade = échange soumis au sénat (libre-échange) : { $a } donne { $a_gives } ; { $b } donne { $b_gives }
gd-ending-ministries = { $winner } détient les cinq ministères et gagne la partie.
gd-ending-sectors = { $winner } contrôle { $sectors } secteurs ou plus, plus que tout autre parti, et gagne la partie.
gd-ending-infested = { $sectors } secteurs ou plus sont infestés : les Ke'Ras l'emportent, tous les partis perdent.
gd-ending-turn-limit = Le nombre maximal de tours est atteint ; vainqueur(s) : { $winners }.
gd-ending-abandoned = Tous les joueurs ont abandonné.
gd-vote-on-post = élection au poste { $ministry }
gd-vote-on-item = point #{ $item } ({ $what })
gd-vote-on-fleet = ordres de la flotte de la république
gd-ev-setup = Installation : { $parties }{ $by_lot ->
    [yes] {" "}(partis tirés au sort)
   *[no] {""}
  }.
gd-ev-galactic-phase = Phase galactique du tour de jeu { $turn }.
gd-ev-refreshed = Tous les sénateurs sont rafraîchis.
gd-ev-republic-fleet-free = Moins de 5 flottes de la république : une flotte gratuite sur le secteur { $sector }.
gd-ev-event-drawn = Événement « { $card } »{ $count ->
    [0] {""}
   *[other] {" "}sur { $subjects }
  }{ $lasting ->
    [yes] {" "}(reste en jeu)
   *[no] {""}
  }.
gd-ev-event-not-refereed = « { $card } » : l'effet « { $effect } » relève de l'intrigue (partie II), sans effet pour l'instant.
gd-ev-event-ended = L'événement « { $card } » quitte le jeu.
gd-ev-sectors-marked = Secteurs marqués : { $sectors }.
gd-ev-drew = { $party } pioche { $actions } carte(s) action et { $senators } sénateur(s).
gd-ev-infestation-roll = Jet d'infestation : { $dice }, modificateurs { $modifiers }, total { $total } : { $count ->
    [0] aucun secteur infesté
   *[other] secteurs infestés : { $infested }
  }.
gd-ev-infested = Le secteur { $sector } est infesté{ $owner ->
    [none] {""}
   *[other] {" "}et perdu par { $owner }
  }{ $count ->
    [0] {""}
   *[other] {" "}; retraite : { $retreats }
  }.
gd-ev-income = { $party } reçoit { $money } argent et { $influence } influence.
gd-ev-election-marker = Marqueur d'élection : { $due ->
    [yes] sur « élection », élections à ce sénat
   *[no] case { $marker }
  }.
gd-ev-election-call = Élections demandées par { $by } : { $honoured ->
    [yes] accordées
   *[no] sans effet (il n'est plus Premier ministre)
  }.
gd-ev-initiative = Initiative (du plus faible au meilleur) : { $order }{ $count ->
    [0] {""}
   *[other] {" "}; relances : { $rolls }
  }.
gd-ev-traded = Échange : { $a } donne { $a_gives } ; { $b } donne { $b_gives }.
gd-ev-traded-hidden = Échange, part secrète (vous seuls) : { $a } donne { $a_gives } ; { $b } donne { $b_gives }.
gd-ev-trade-failed = Échange { $parties } non exécuté : { $reason }.
gd-ev-banked = { $party } achète { $amount } { $resource ->
    [money] argent
   *[influence] influence
  } à la banque pour { $paid }.
gd-ev-deal-made = Accord A{ $number } ({ $parties }) : « { $terms } »{ $until ->
    [0] {""}
   *[other] {" "}jusqu'au tour { $until }
  }.
gd-ev-deal-broken = { $by } rompt l'accord A{ $number }.
gd-ev-law-defied = { $party } enfreint la loi « { $law } » pour le reste du tour.
gd-ev-corruption = { $senator } reçoit { $amount } corruption ({ $why }) : { $corruption } corruption, { $shadows } ombre(s).
gd-ev-corruption-lost = { $party } n'a aucun sénateur pour recevoir { $amount } corruption ({ $why }) : perdue.
gd-ev-shadow-taken = { $senator } change 3 corruption en 1 ombre.
gd-ev-unexecuted = { $party } : « { $order } » n'a pas pu être exécuté ({ $reason }).
gd-ev-agenda = Ordre du jour du sénat : { $count } point(s).
gd-ev-no-chair = Aucun ministre au sénat : aucune proposition ne peut être présentée.
gd-ev-vote = Vote, { $on } : { $totals } ; résultat : { $winner ->
    [none] aucun
   *[other] { $winner }
  }{ $spent_count ->
    [0] {""}
   *[other] {" "}; influence dépensée : { $spent }
  }{ $ties_count ->
    [0] {""}
   *[other] {" "}; égalité départagée aux dés : { $ties }
  }.
gd-ev-elected = { $ministry } : { $senator } ({ $party }) est élu.
gd-ev-left-vacant = { $ministry } : le poste reste vacant.
gd-ev-dealt-by-lot = Premier tour d'élections, ministères tirés au sort : { $posts }.
gd-ev-vetoed = { $by } oppose son veto au point #{ $item }.
gd-ev-struck = Le point #{ $item } est rayé : { $reason }.
gd-ev-law-passed = Loi « { $law } » adoptée (proposée par { $by }), en vigueur jusqu'au tour { $until }.
gd-ev-law-lapsed = La loi « { $law } » n'est plus en vigueur.
gd-ev-fleet-orders = Ordres votés pour la flotte de la république (exécutés à l’ouverture de l’intrigue) : { $groups }.
gd-ev-audit = Vérification de { $senator } par { $by } : dé { $roll }{ $corrupted ->
    [yes] , corrompu
   *[no] , rien à signaler
  }.
gd-ev-trial = Procès de { $senator } (payé par { $payer }) : { $a } + { $b } + { $modifier } = { $total } : { $verdict ->
    [executed] exécuté
    [execution] exécuté
    [guilty] coupable
    [coupable] coupable
    [innocent] innocent
    [dishonoured] le ministre de la Justice est déshonoré
    [deshonore] le ministre de la Justice est déshonoré
   *[other] { $verdict }
  }.
gd-ev-fined = { $party } paie une amende de { $amount } argent.
gd-ev-senator-removed = { $senator } quitte le jeu{ $dead ->
    [yes] {" "}(mort)
   *[no] {""}
  }.
gd-ev-bought = { $party } achète{ $fleets_count ->
    [0] {""}
   *[other] {" "}des flottes ({ $fleets })
  }{ $republic ->
    [0] {""}
   *[other] {" "}{ $republic } flotte(s) de la république
  }{ $recruited_count ->
    [0] {""}
   *[other] {" "}et recrute { $recruited }
  } pour { $paid } argent.
gd-ev-discarded = { $party } défausse { $count } carte(s){ $by_referee ->
    [yes] {" "}(choisies par l'arbitre)
   *[no] {""}
  } pour la limite de main.
gd-ev-homeland-paid = { $party } { $paid ->
    [yes] paie 3 argent pour une flotte de la république (défense de la patrie)
   *[no] ne peut pas payer la défense de la patrie : loi enfreinte
  }.
gd-ev-taxes-spent = Les impôts du tour ({ $money } argent) achètent { $fleets } flotte(s) de la république.
gd-ev-tax-paid = { $party } paie { $amount } argent d'impôt ({ $action }) à la république.
gd-ev-tax-unpaid = { $party } ne peut pas payer l'impôt de { $amount } argent ({ $action }) : la loi d'impôt est enfreinte.
gd-ev-sector-gift = { $party } reçoit { $amount } { $resource ->
    [money] argent
   *[influence] influence
  } du secteur { $sector }.
gd-ev-default = { $party } : { $kind ->
    [nothing-filed] rien déposé (ordres non reçus)
    [abstained] abstention sur tous les votes, sans veto (ordres non reçus)
    [no-declaration] ne déclare rien, ses flottes restent en place et défendent (ordres non reçus)
    [no-answer] ne joue aucune carte et n'ajoute rien (aucune réponse)
   *[passed] passe, sans achat (aucune réponse)
  }.
gd-ev-resigned = { $party } abandonne : le parti reste sur le plateau et passe désormais.
gd-ev-tie-one-more-turn = Égalité pour la victoire entre { $parties } : un tour de jeu de plus.
gd-ev-ended = Fin de la partie : { $how }
