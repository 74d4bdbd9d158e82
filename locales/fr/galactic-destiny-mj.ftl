# Galactic Destiny : le maître de jeu (`maitre_de_jeu = true`, `@mj`, `arbitre mj`).
gd-mj-item = M{ $item } : { $event ->
    [yes] carte événement
   *[no] carte jouée par { $by }
} « { $card } » : { $text }
gd-mj-law = loi #{ $number } en vigueur : { $law }, jusqu'au tour de jeu { $until } (proposée par { $by })
gd-mj-deal = accord A{ $deal } entre { $a } et { $b } : « { $terms } »{ $has_version ->
    [no] {""}
   *[yes] , version qui fait foi : « { $version } »
}
gd-ev-mj-item = « { $card } »{ $played ->
    [no] {""}
   *[yes] {" "}(joué par { $by })
} demande une décision de l'arbitre (élément M{ $item }) : { $text }
gd-ev-mj-lapsed = Décision de l'arbitre : aucune pour l'élément M{ $item } (« { $card } »), resté sans effet.
gd-ev-mj-card = Décision de l'arbitre{ $ruled ->
    [no] {""}
   *[yes] {" "}(élément M{ $item })
} : { $given ->
    [yes] la carte « { $card } » rejoint votre main
   *[no] la carte « { $card } » quitte votre main (défaussée)
}.
gd-mj-decision-law-broken = Décision de l'arbitre : { $party } a enfreint la loi « { $law } » (2 corruptions ; la loi ne le lie plus ce tour de jeu).
gd-mj-decision-deal-broken = Décision de l'arbitre : { $party } a rompu l'accord A{ $deal } (2 corruptions ; l'accord prend fin).
gd-mj-decision-law-struck = Décision de l'arbitre : la loi « { $law } » est rayée.
gd-mj-decision-ruled = Décision de l'arbitre sur l'élément M{ $item } (« { $card } »){ $any ->
    [no] {""}
   *[yes] {" "}: { $adjustments }
}.
gd-mj-decision-no-effect = Décision de l'arbitre : l'élément M{ $item } (« { $card } ») reste sans effet.
gd-mj-decision-adjusted = Décision de l'arbitre : { $adjustment }.
gd-mj-decision-skipped = Décision de l'arbitre non appliquée, l'état ne s'y prêtant plus : { $adjustment }.
gd-mj-decision-deal-version = Décision de l'arbitre : la version de l'accord A{ $deal } qui fait foi est « { $text } ».
gd-mj-decision-announcement = Annonce de l'arbitre : { $text }
gd-mj-refused-unknown = ligne du maître de jeu inconnue : « { $written } »
gd-mj-refused-form = forme attendue : { $form }
gd-mj-refused-extra = mots en trop : « { $written } »
gd-mj-refused-text = un texte entre guillemets est attendu
gd-mj-refused-party = parti inconnu ou absent de la partie : « { $written } »
gd-mj-refused-senator = aucun sénateur en jeu ne s'appelle « { $written } »
gd-mj-refused-law = aucune loi en vigueur ne porte le numéro « { $written } » (`arbitre mj … --etat` les numérote)
gd-mj-refused-deal = aucun accord ne porte le numéro « { $written } »
gd-mj-refused-deal-party = { $party } n'est pas partie à l'accord A{ $deal } en cours
gd-mj-refused-item = aucun élément en attente ne porte le numéro « { $written } »
gd-mj-refused-item-twice = l'élément M{ $item } est déjà réglé par une ligne précédente
gd-mj-refused-amount = un nombre signé de 1 à 99 est attendu (+2, -1) : « { $written } »
gd-mj-refused-bounds = hors limites (ressources de 0 à 99, 10 flottes par parti, 20 pour la République) : { $adjustment }
gd-mj-refused-sector = aucun secteur ne porte le numéro « { $written } »
gd-mj-refused-card = aucune carte action ne s'appelle « { $written } »
gd-mj-refused-card-where = { $give ->
    [yes] « { $card } » n'est ni dans la pioche ni dans la défausse : elle ne peut être donnée à { $party }
   *[no] « { $card } » n'est pas dans la main de { $party }
}
gd-mj-decision-free-law-broken = Décision de l'arbitre : { $party } a enfreint la loi libre L{ $law } (2 corruptions).
gd-mj-decision-free-law-struck = Décision de l'arbitre : la loi libre L{ $law } est rayée.
gd-mj-why-free-law = loi libre L{ $law } enfreinte
