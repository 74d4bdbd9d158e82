# Galactic Destiny : les lois libres (« Une proposition. », propositions = "libres") et la cour galactique
# (« Négociation. », tribunal = true), appliquées par le maître de jeu.

gd-law-item-free = loi libre « { $text } » pour { $turns } tour(s), proposée par { $by } (appliquée par le maître de jeu)
gd-law-why-court = un 2 naturel de la partie adverse au procès P{ $suit }
gd-law-refused-text-missing = le texte de la loi libre manque, entre guillemets : PROPOSITION LIBRE "<texte>"
gd-law-refused-too-many-free = au plus { $max } proposition(s) libre(s) par parti et par S1 (réglage propositions_libres_max) : celle-ci n'est pas déposée
gd-law-refused-not-free-item = le point #{ $item } n'est pas une proposition libre : seules les lois libres peuvent être déclarées inconstitutionnelles
gd-law-refused-version-missing = votre version de l'accord manque, entre guillemets, à la fin de la ligne
gd-law-refused-court-off = pas de cour galactique dans cette partie (réglage tribunal = false)
gd-law-refused-deal-over = l'accord A{ $deal } est arrivé à son terme
gd-law-refused-deal-ratified = la cour galactique a ratifié l'accord A{ $deal } : personne ne peut plus l'annuler ni le contester
gd-law-refused-suit-pending = un procès sur l'accord A{ $deal } attend déjà son audience
gd-law-refused-no-suit = aucun procès ne vous attend sur l'accord A{ $deal } : DEFENSE-PROCES répond en S2 au procès qu'on vous a intenté en S1
gd-law-refused-deal-rebel = un accord avec un rebelle ne lie personne : pas de procès
gd-law-note-free = votée en S2 comme les autres propositions ; le maître de jeu l'applique ; rayée si la majorité des partis en règle écrit INCONSTITUTIONNEL
gd-law-note-unconstitutional = rayée si au moins { $need } des { $of } partis en règle l'écrivent
gd-law-note-suit = { $party } peut répondre en S2 (DEFENSE-PROCES) ; { $single ->
    [yes] sans sénateur, vous lancez un seul dé
   *[other] votre sénateur est poursuivi (2d6 + corruption + 3 par ombre, verdict appliqué)
  } ; le plus bas gagne ; sans défense, votre version est ratifiée
gd-law-note-defence = réponse au procès { $id }, jugé au début de l'exécution de S2 ; { $single ->
    [yes] sans sénateur, vous lancez un seul dé
   *[other] votre sénateur est poursuivi (2d6 + corruption + 3 par ombre, verdict appliqué)
  } ; le plus bas gagne
gd-law-ev-unconstitutional = Point #{ $item } déclaré inconstitutionnel par { $parties } ({ $count } sur { $of } partis en règle) : { $struck ->
    [yes] la proposition est rayée.
   *[other] pas de majorité, elle reste à l'ordre du jour.
  }
gd-law-ev-free-law-passed = Loi libre { $id } votée, proposée par { $by }, en vigueur jusqu'au tour { $until } (appliquée par le maître de jeu) : « { $text } ».
gd-law-ev-suit-filed = Procès { $id } devant la cour galactique : { $plaintiff } poursuit { $defendant } sur l'accord A{ $deal }{ $single ->
    [yes] {" "}(sans sénateur : un seul dé)
   *[other] {" "}et place { $senator } devant la cour
  } ; { $defendant } peut répondre en S2 (DEFENSE-PROCES).
gd-law-ev-suit-version = Procès { $id }, version de { $party } : « { $version } ».
gd-law-ev-court-roll = Procès { $id }, { $party } : { $single ->
    [yes] un seul dé, { $total }.
   *[other] { $senator } poursuivi, { $dice } + { $modifier } = { $total } : { $verdict ->
        [execution] exécuté.
        [coupable] coupable.
        [deshonore] déshonoré.
       *[other] innocent.
    }
  }
gd-law-ev-court-tie = Procès { $id } : égalité, un dé chacun (le plus haut gagne) : { $rolls }.
gd-law-ev-suit-decided = Procès { $id } : { $undefended ->
    [yes] sans défense, la cour ratifie la version de { $winner }
   *[other] { $winner } gagne, sa version est ratifiée
  } ; l'accord A{ $deal } est désormais obligatoire (appliqué par le maître de jeu, nul ne peut l'annuler) : « { $version } ».
gd-law-ev-suit-dropped = Procès { $id } sur l'accord A{ $deal } abandonné : { $reason }.
gd-law-mj-free-law = { $id } : loi libre de { $by }, en vigueur jusqu'au tour { $until } : « { $text } »
gd-law-mj-suit = { $id } : accord A{ $deal } entre { $a } et { $b }, procès intenté par { $plaintiff } — { $pending ->
    [yes] audience à l'étape de votes du sénat (S2)
   *[other] version ratifiée, à faire respecter{ $until ->
        [0] {""}
       *[other] {" "}jusqu'au tour { $until }
    } : « { $version } »
  }
gd-law-form-defence = Procès { $id } : { $plaintiff } vous poursuit sur l'accord A{ $deal } ; pour répondre : DEFENSE-PROCES A{ $deal } [<sénateur>] "<votre version>" (sans réponse, sa version est ratifiée)
