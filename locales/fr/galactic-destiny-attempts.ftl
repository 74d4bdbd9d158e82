# Galactic Destiny : les assassinats (« Assassinats. », « Règle facultative. », « Jetons d'ombre et assassinats. »).

## Ordres
gd-order-refused-self-target = un sénateur ne peut pas s'assassiner lui-même
gd-order-refused-not-assassin = { $senator } n'est pas un assassin (compétence Assassin ou Maître en assassinat)
gd-order-refused-not-fresh = { $senator } a déjà agi ce tour (épuisé, recruté ce tour ou déjà nommé par une ligne précédente)
gd-order-refused-bid-points = enchère de 0 à { $max } points attendue
gd-order-note-bid-cost = votre enchère coûte { $amount } influence, payée autant que possible (il vous en reste { $left } d'après vos lignes)
gd-order-note-attempt = { $dice } dé(s) ; sans autre enchère, la cible meurt sur { $kill_on } ou plus à un dé (un 6 naturel tue toujours), l'assassin reçoit 1 corruption sur { $corrupt_on } ou moins à un dé (un 1 naturel aussi)
gd-order-note-optional-rule = règle facultative : la diplomatie de { $senator } s'ajoute au prix de la première offre
gd-order-note-standing-withdrawn = enchère permanente retirée
gd-order-note-standing = enchère permanente jusqu'à la fin du tour de jeu : { $amount } influence à chaque tentative sur ce sénateur, autant que possible

## Comptes rendus
gd-why-assassination = tentative d'assassinat : un 1
gd-attempt-assassin-unfit = { $senator } ne peut plus tenter d'assassinat (hors jeu, épuisé, passé à un autre parti ou déjà nommé)
gd-attempt-target-gone = { $senator } n'est plus en jeu
gd-attempt-bid = { $party } { $points } ({ $paid } influence)
gd-ev-standing-bid = Votre enchère permanente sur { $senator } : { $kind ->
    [protect] protection de { $points } point(s)
    [back] appui de { $points } point(s)
   *[withdrawn] retirée
  }.
gd-ev-standing-bid-all = Votre enchère permanente sur chacun de vos sénateurs : { $kind ->
    [protect] protection de { $points } point(s)
    [back] appui de { $points } point(s)
   *[withdrawn] retirée
  }.
gd-ev-attempt = Tentative d'assassinat contre { $target } ({ $target_party }) par { $assassin } ({ $party }){ $master ->
    [yes] {" "}(maître en assassinat, +1)
   *[no] {""}
  }{ $optional_rule ->
    [yes] {" "}(règle facultative)
   *[no] {""}
  } : { $bids_count ->
    [0] aucune enchère
   *[other] enchères { $bids }
  }, modificateur { $modifier }, dé(s) { $dice } : { $killed ->
    [yes] { $target } meurt
   *[no] { $target } survit
  }{ $corruption ->
    [0] {""}
   *[other] , { $assassin } reçoit { $corruption } corruption
  }.
gd-ev-assassinated = { $senator } ({ $party }) meurt et quitte le jeu.
gd-ev-assassinated-minister = { $senator } ({ $party }) meurt et quitte le jeu ; le poste de { $ministry } est vacant.
gd-ev-bid-short = Votre enchère sur la tentative contre { $target } : { $paid } point(s) payé(s) sur { $wanted } ({ $cost } influence le point, faute d'influence).
