# Galactic Destiny : compétences de sénateur, de secteur et compétences
# corrompues de ministère employées comme actions (#28, powers).

## Accusés de réception
gd-pow-refused-skill = { $senator } n'a pas la compétence { $skill ->
    [spy] Espion ou Maître en espionnage
    [saboteur] Saboteur
   *[religious] Leader religieux
  }
gd-pow-refused-ability-not-owned = votre parti ne contrôle pas le secteur { $sector }, dont c'est la compétence
gd-pow-refused-ability-used = la compétence du secteur { $sector } a déjà servi ce tour (une fois par tour, même pour un nouveau propriétaire)
gd-pow-refused-not-master-spy = seul un Maître en espionnage défausse des cartes ; { $senator } est Espion
gd-pow-refused-no-fleet = pas de flotte { $party } dans le secteur { $sector }
gd-pow-refused-cleanse = { $senator } a { $corruption } jeton(s) de corruption : de 1 à { $corruption } peuvent être retirés (jamais une ombre)
gd-pow-refused-no-shadow = { $senator } n'a pas de jeton d'ombre
gd-pow-refused-corrupt-off = les compétences corrompues de ministère ne sont pas jouées dans cette partie (réglage competences_corrompues)
gd-pow-refused-justice = le ministre de la justice n'a pas de compétence corrompue (« Aucun »)
gd-pow-refused-tokens = de 1 à { $max } jetons de corruption attendus
gd-pow-refused-not-in-good-standing = { $party } n'est pas un parti en bonne position dans le sénat
gd-pow-note-once-a-turn = compétence du secteur { $sector } : une fois par tour
gd-pow-note-spy = la main de { $party } vous sera montrée, à vous seul ; { $party } saura qui a regardé
gd-pow-note-spy-discard = chaque carte nommée présente dans la main est défaussée pour { $each } argent, tant que vous pouvez payer (au plus { $most })
gd-pow-note-no-shadow = seuls des jetons de corruption sont retirés, jamais une ombre
gd-pow-note-augury = si { $party } a cette carte, il doit vous la donner ; le nom de la carte reste entre vous (et { $party } s'il la donne)
gd-pow-note-corrupt-pm = { $party } perdra { $amount } influence (autant qu'il en a) ; { $tokens } corruption sur { $senator }, qui agit
gd-pow-note-corrupt-gain = vous gagnerez { $amount } { $resource } (l'excès au-delà de 99 est perdu) ; { $tokens } corruption sur { $senator }, qui agit

## Comptes rendus
gd-pow-force = { $party ->
    [republic] de la République
   *[other] de { $party }
  }
gd-pow-actor-unfit = { $senator } ne peut plus agir (hors jeu, épuisé, recruté ce tour, passé à un autre parti ou sans la compétence)
gd-pow-indulgence-purchases = les indulgences ne s'achètent que dans la phase d'achat
gd-why-corrupt-skill = compétence corrompue ({ $ministry })
gd-ev-pow-spied = { $senator } ({ $party }) regarde la main de { $target } pour { $paid } argent{ $discarded ->
    [0] {""}
   *[other] {" "}et en fait défausser { $discarded } carte(s)
  }.
gd-ev-pow-black-market = { $party } regarde la main de { $target } (Données du marché noir, secteur 5).
gd-ev-pow-hand-seen = La main de { $target } : { $count ->
    [0] aucune carte
   *[other] { $cards }
  }.
gd-ev-pow-hand-discarded = Cartes de { $target } défaussées par { $party } : { $cards }.
gd-ev-pow-augury = { $party } consulte l'augure (secteur 33) sur { $target } : { $given ->
    [yes] { $target } lui donne une carte
   *[no] { $target } n'a pas la carte nommée
  }.
gd-ev-pow-augury-named = Carte nommée par l'augure de { $party } : « { $card } »{ $given ->
    [yes] {" "}— { $target } l'a donnée
   *[no] {" "}— { $target } ne l'a pas
  }.
gd-ev-pow-sabotaged = { $senator } ({ $party }) sabote une flotte { $victim } dans le secteur { $sector } pour { $paid } argent.
gd-ev-pow-cleansed = { $senator } ({ $party }) retire { $amount } jeton(s) de corruption à { $target } pour { $paid } influence.
gd-ev-pow-shadow-removed = { $party } retire un jeton d'ombre à { $senator } pour { $paid } argent (Indulgences antique, secteur 8).
gd-ev-pow-corrupt-skill = { $minister } ({ $party }, { $ministry }) emploie la compétence corrompue et prend { $tokens } corruption : { $kind ->
    [pm] { $target } perd { $amount } influence
    [finance] { $party } détourne { $amount } argent
   *[interior] { $party } extorque { $amount } influence
  }.
