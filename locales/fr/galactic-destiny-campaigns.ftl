# Galactic Destiny : les campagnes (étapes C et K), « Campagnes. », « Résolution des campagnes. ».

gd-camp-refused-infested = le secteur { $sector } est infesté : « vous ne pouvez pas faire campagne dans des secteurs infestés »
gd-camp-refused-own-sector = le secteur { $sector } est à vous : on ne fait pas campagne dans ses propres secteurs (en K, INFLUENCE { $sector } <n> renforce son lancé)
gd-camp-refused-not-reachable = le secteur { $sector } n'est ni adjacent (haut, bas, gauche, droite) à un secteur que vous contrôlez, ni un des secteurs marqués{ $count ->
    [0] {""} ; vous ne pouvez faire campagne nulle part ce tour
   *[other] {""} ; vous pouvez faire campagne dans : { $sectors }
  }
gd-camp-refused-integrity = le secteur { $sector } est à { $party } et l'Acte d'intégrité vertueux interdit de faire campagne dans le secteur d'un autre parti (ENFREINDRE INTEGRITE d'abord, 2 corruption)
gd-camp-refused-twice = vous faites déjà campagne dans le secteur { $sector } ce tour (une campagne par secteur)
gd-camp-refused-recruited = { $senator } vient d'être recruté : il agit au tour suivant
gd-camp-refused-exhausted = { $senator } a déjà agi ce tour (il est épuisé)
gd-camp-refused-no-campaign = aucune campagne à soutenir au secteur { $sector } : ni la vôtre, ni celle d'un autre parti dans votre secteur
gd-camp-refused-influence-twice = une seule ligne INFLUENCE par secteur ({ $sector })

gd-camp-note-roll = votre lancé : { $dice } dé(s) (6 explosifs) + diplomatie { $diplomacy }{ $orator ->
    [yes] {""} + 1 (orateur public)
   *[no] {""}
  } − corruption { $corruption } − 3 × ombre { $shadow } + influence { $influence } + adjacence { $adjacency }{ $race ->
    [yes] {""} + 1 (icône de race)
   *[no] {""}
  }{ $icon ->
    [yes] {""} + 1 (icône de parti)
   *[no] {""}
  } : dés { $modifier } aujourd'hui
gd-camp-note-sector = le secteur { $sector } roule 1 dé (6 explosif) + défense { $defence }{ $owner ->
    [none] {""}, neutre : son lancé ne peut être modifié
   *[other] {""} + adjacence { $adjacency } de { $owner } + l'influence que { $owner } y mettra en K
  } ; l'égalité va au secteur
gd-camp-note-education = Liberté de parole et consulat de l'éducation : { $amount } influence payée à la déclaration
gd-camp-note-education-breach = Liberté de parole et consulat de l'éducation : { $amount } influence dont vous ne disposez pas — la loi sera enfreinte (2 corruption)
gd-camp-note-paid-when-resolved = { $amount } influence payée à la résolution, autant que vous en aurez alors

gd-ev-campaign-declared = { $party } fait campagne au secteur { $sector } avec { $senator } (jeton gris).
gd-ev-education-paid = { $party } paie { $amount } influence pour sa campagne au secteur { $sector } (Liberté de parole et consulat de l'éducation).
gd-ev-campaign-void = La campagne de { $party } au secteur { $sector } ({ $senator }) n'a pas lieu : { $reason }.
gd-ev-campaign-roll = { $party } ({ $senator }) : dés { $dice }, diplomatie { $diplomacy }{ $orator ->
    [0] {""}
   *[other] {""} +1 orateur
  }, corruption −{ $corruption }, ombre −{ $shadow }, influence +{ $influence }, adjacence +{ $adjacency }, race +{ $race }, parti +{ $icon }{ $cards ->
    [0] {""}
   *[other] , cartes { $cards }
  } = { $total }
gd-ev-campaign-resolved = Campagnes au secteur { $sector } ({ $owner ->
    [none] neutre) : le secteur roule { $dice } + défense { $defence }
   *[other] { $owner }) : le secteur roule { $dice } + défense { $defence } + influence { $influence } + adjacence { $adjacency }
  } = { $total } ; { $rolls }. { $winner ->
    [none] Le secteur reste tel qu'il était.
   *[other] { $winner } prend le secteur.
  }
