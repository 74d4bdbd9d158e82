# Le siège du maître de jeu (`@mj`, `arbitre mj`) : côté arbitre.
referee-mj-awaited = L'étape { $step } de { $game } attend le maître de jeu jusqu'au { $deadline } : les éléments ci-dessous se règlent par `arbitre mj { $game } FICHIER` (`PASSE` s'il n'y a rien à décider) ; `arbitre mj { $game } --etat` les liste.
referee-mj-silent = Le maître de jeu n'a rien écrit à l'étape { $step } de { $game } : l'étape a été jouée sans décision sur ses éléments (sans effet).
referee-mj-reminder = Rappel : l'étape { $step } de { $game } attend toujours le maître de jeu (date limite { $deadline }) ; `arbitre mj { $game } --etat` liste ses éléments.
referee-mj-accepted = accepté : { $order }
referee-mj-refused = refusé : { $reason }
referee-mj-suggestion = vouliez-vous dire : { $suggestion }
referee-mj-stored = { $accepted } ligne(s) acceptée(s) et enregistrée(s) pour l'étape { $step } de { $game }{ $replaced ->
    [yes] , en remplacement des lignes enregistrées plus tôt dans l'étape
   *[no] {""}
} ; appliquées quand l'étape sera jouée.
referee-mj-checked = { $accepted } ligne(s) seraient acceptées pour l'étape { $step } de { $game } (vérification seule : rien n'est enregistré).
referee-mj-nothing = Aucune ligne acceptée pour l'étape { $step } de { $game } : rien n'est enregistré (les lignes enregistrées plus tôt, s'il y en a, restent).
