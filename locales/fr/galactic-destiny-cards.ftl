# Galactic Destiny : le moteur des cartes (« Les cartes action. », « Jouer des cartes. », « Phases des cartes. », « Priorité des cartes. », « Ghost in the dark. »).

## Ordres
gd-order-refused-card-answer-only = « { $card } » se joue seulement en réponse : écrivez REPONSE "{ $card }" SI …
gd-order-refused-card-period = « { $card } » ne se joue pas dans cette étape (période : { $period ->
    [senate] sénat, S1 et S2
    [intrigue] intrigue, de I à P
   *[general] générale
  })
gd-order-refused-card-not-variable = « { $card } » n'a pas de coût variable dans cette ressource : pas de montant à ajouter
gd-order-refused-card-needs-senator = « { $card } » coûte l'action d'un sénateur : ajoutez PAR <sénateur>
gd-order-refused-card-no-action = « { $card } » ne coûte pas d'action : retirez PAR <sénateur>
gd-order-refused-card-target-missing = « { $card } » veut une cible ({ $kind }) : ajoutez CIBLE …
gd-order-refused-card-no-target = « { $card } » ne se joue pas sur une cible choisie : retirez CIBLE …
gd-order-refused-card-rebel = « { $card } » est une carte du sénat : elle ne vise pas un rebelle
gd-order-refused-card-own-senator = { $senator } est l'un de vos sénateurs : la carte vise un sénateur adverse
gd-order-refused-card-not-own-sector = le secteur { $sector } n'est pas à vous
gd-order-refused-card-not-answer = « { $card } » ne se joue pas en réponse (seules les cartes qui annulent : Distraction, Ghost in the Dark…)
gd-order-refused-card-trigger-missing = il faut dire à quoi répondre : SI "<carte>", SI CARTE ou SI ASSASSINAT
gd-order-refused-card-priority = « { $card } » (priorité { $priority }) ne peut pas toucher « { $target } » (priorité { $target_priority }) : une carte n'interfère qu'avec une priorité égale ou plus élevée
gd-order-refused-card-cost-at-open = « { $card } » coûte { $need } : les cartes se jouent avant la banque et les échanges de l'étape, payées avec ce que vous aviez à son ouverture ({ $have } après vos cartes précédentes)
gd-order-note-card = carte jouée à la résolution de l'étape (priorité { $priority }) ; les autres partis peuvent y répondre
gd-order-note-answer = réponse permanente (priorité { $priority }) jusqu'à son usage, REPONSES AUCUNE ou la fin du tour de jeu ; payée quand elle part
gd-card-refused-not-yet = « { $card } » : effet pas encore arbitré (issue #28) : la ligne est ignorée
gd-card-refused-manual = « { $card } » a un effet « manuel » : il faut un maître de jeu
gd-card-multitask-once = { $senator } a déjà été régénéré par Multitâche ce tour (« ne puisse pas jouer une autre »)

## Comptes rendus
gd-card-not-in-hand = « { $card } » n'est plus dans votre main
gd-card-senator-unfit = { $senator } ne peut plus agir (épuisé, séduit, hors jeu ou recruté ce tour)
gd-card-target-gone = la cible de la carte n'est plus là
gd-why-card = carte « { $card } »
gd-ev-card-played = { $party } joue « { $card } »{ $has_by ->
    [no] {""}
   *[yes] {" "}par l'action de { $by }
  }{ $has_target ->
    [no] {""}
   *[yes] , cible { $target }
  }{ $resource ->
    [argent] {" "}({ $paid } argent)
    [influence] {" "}({ $paid } influence)
   *[none] {""}
  }.
gd-ev-card-answered = { $party } répond par « { $card } » à « { $answered } » de { $to } (chaîne, niveau { $depth }).
gd-ev-card-cancelled = « { $card } » de { $party } est { $how ->
    [ghost] effacée par Ghost in the Dark : ses coûts sont rendus ({ $refunded })
   *[cancelled] annulée : son coût de base est perdu
  }.
gd-ev-card-resolved = « { $card } » de { $party } prend effet : { $effects }.
gd-ev-answer-standing = Votre réponse permanente : « { $card } » si { $trigger }.
gd-ev-answers-withdrawn = Vos réponses permanentes sont retirées.
