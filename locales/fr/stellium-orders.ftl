# Stellium: why the acknowledgement refuses an order line, and why a line is dropped when the step is
# played (src/games/stellium/orders.rs, place.rs, blackholes.rs, turn.rs).
# $written: what the player wrote; $hole, $of: holes (A0 … F6, T1 … T10); $colour: a colour's order word
# (VERTE …); $objective: an objective's number (O3 is 3).

stellium-refused-unknown-order = ordre « { $written } » inconnu dans Stellium
stellium-refused-not-a-player = vous n'êtes pas joueur de cette partie
stellium-refused-not-started = la partie n'a pas commencé : elle attend ses joueurs (2 à 4)
stellium-refused-over = la partie est terminée
## $player: the player to move.
stellium-refused-not-your-turn = ce n'est pas votre tour : { $player } joue
stellium-refused-refill-only = une galaxie vide est rechargée : seul RECHARGE est attendu dans cette étape
stellium-refused-unread = ligne non lue
stellium-refused-hole-missing = emplacement manquant (A0 à F6, T1 à T10)
stellium-refused-unknown-hole = emplacement « { $written } » inconnu (A0 à F6, T1 à T10)
stellium-refused-colour-missing = couleur manquante (VERTE, BLEUE, JAUNE, ROSE)
stellium-refused-unknown-colour = couleur « { $written } » inconnue (VERTE, BLEUE, JAUNE, ROSE)
stellium-refused-objective-missing = objectif manquant (O1, O2, …)
stellium-refused-unknown-objective = objectif « { $written } » inconnu
stellium-refused-one-draw = un seul astre est pioché par tour
stellium-refused-one-token = un seul jeton par tour
stellium-refused-token-used = vous n'avez plus le jeton { $colour }
stellium-refused-token-after-place = JETON se donne avant POSE (il décide de la pose par collision)
stellium-refused-token-without-place = JETON sans POSE : le jeton ne sert que pour l'astre que vous posez ; gardé (1☉ en fin de partie)
stellium-refused-place-before-draw = PIOCHE d'abord : aucun astre pioché
stellium-refused-one-place = un seul astre est posé par tour
stellium-refused-token-same = le jeton { $colour } est celui de l'astre joué : il ne change rien
stellium-refused-influence-before-place = POSE d'abord : l'influence suit la pose
stellium-refused-one-influence = une seule influence par tour
stellium-refused-sixths-missing = nombre de sixièmes de tour attendu (1 à 5)
stellium-refused-keep-one = GARDE nomme un seul emplacement
stellium-refused-with-or-keep = « { $written } » : AVEC ou GARDE attendu avant les emplacements
stellium-refused-not-your-objective = O{ $objective } n'est pas un de vos objectifs à réaliser
stellium-refused-one-take = un seul objectif est pris par tour
stellium-refused-refill-not-now = RECHARGE ne sert que lorsqu'une galaxie vide est rechargée
stellium-refused-no-refill = aucune galaxie n'est à recharger
stellium-refused-not-a-chooser = vous ne choisissez pas d'astre pour cette recharge
stellium-refused-refill-form = forme : RECHARGE <couleur> <emplacement> [<couleur> <emplacement> …]
## $holes: the start holes of the galaxy to refill.
stellium-refused-not-a-start-hole = { $hole } n'est pas un emplacement de départ de la galaxie à recharger ({ $holes })
stellium-refused-refill-twice = préférences déjà données : une seule ligne RECHARGE
stellium-refused-bag-empty = aucun astre { $colour } dans le sac
stellium-refused-place-black-hole = { $hole } est un trou noir : on n'y pose pas d'astre directement
stellium-refused-place-occupied = { $hole } est occupé (seule la collision d'une comète prend la place d'un astre)
stellium-refused-toward-without-collision = VERS ne s'emploie qu'avec la collision (comète ou jeton comète)
stellium-refused-comet-on-empty = { $hole } est vide : la comète ne se pose pas sur un emplacement vide, elle prend la place d'un astre
stellium-refused-collision-toward = collision sur { $hole } : dites vers quel emplacement voisin l'astre est poussé (POSE { $hole } VERS …, ou VERS HORS pour le pousser hors du plateau depuis le bord)
stellium-refused-not-on-edge = { $hole } n'est pas au bord du plateau : VERS HORS pousse hors du plateau un astre du bord
stellium-refused-not-adjacent = { $hole } n'est pas voisin de { $of }
stellium-refused-swap-played = l'astre posé ne peut pas être lui-même permuté
stellium-refused-swap-kind = { $hole } ne porte pas un autre astre { $colour } (la permutation déplace un astre du type joué)
stellium-refused-swap-empty = { $hole } est vide : la permutation échange deux astres
stellium-refused-rotation-sixths = la rotation est de 1 à 5 sixièmes de tour (un tour complet est interdit)
stellium-refused-rotation-off-galaxy = l'astre n'est pas sur une galaxie
## $order: the order word of the influence the marble plays.
stellium-refused-wrong-influence = cet astre joue l'influence { $colour } : { $order }
stellium-refused-not-a-black-hole = { $hole } n'est pas un trou noir
stellium-refused-black-hole-occupied = le trou noir { $hole } est occupé
stellium-refused-attract-played = l'astre qui applique l'attraction ne peut pas être lui-même attiré
stellium-refused-attract-empty = { $hole } est vide
stellium-refused-figure-absent = la figure de O{ $objective } n'est pas sur le plateau
## $holes: the holes named after AVEC.
stellium-refused-figure-not-formed = la figure de O{ $objective } n'est pas formée par { $holes }
stellium-refused-keep-outside = { $hole } ne fait pas partie de la figure (GARDE nomme un de ses astres)
stellium-refused-not-on-display = O{ $objective } n'est pas dans la pioche
stellium-refused-hand-full = vous avez 3 objectifs non réalisés : ECARTE l'un d'eux avec PREND, ou GARDE-TOUT
stellium-refused-discard-not-full = ECARTE ne sert qu'avec 3 objectifs non réalisés en main
stellium-refused-keep-all-not-full = GARDE-TOUT ne sert qu'avec 3 objectifs non réalisés : prenez un objectif (PREND)
stellium-refused-discard-without-take = ECARTE sans PREND : l'objectif à prendre manque

# What is missing for OR (src/games/stellium/orders.rs, missing). $order: draw | place | influence | take | refill;
# $influence: the order word of the compulsory influence (influence only).
stellium-missing = { $order ->
    [draw] PIOCHE (l'astre tiré du sac)
    [place] POSE (l'emplacement de l'astre)
    [influence] { $influence } (l'influence est obligatoire quand elle est possible)
    [take] PREND (un objectif de la pioche)
   *[refill] RECHARGE (vos préférences pour la galaxie vide)
  }

## The pre-filled order form's comments (view.rs, order_form).
stellium-form-registration = la partie commence à la clôture des inscriptions (2 à 4 joueurs)
stellium-form-over = la partie est terminée
stellium-form-not-your-move = à { $mover } de jouer : rien à envoyer pour cette étape
stellium-form-refill-not-yours = recharge d'une galaxie : rien à envoyer pour cette étape
stellium-form-proposal = proposition de l'arbitre : modifiez à votre guise
stellium-form-or-discard = ou ECARTE O… puis PREND O…

# Registration refusals.
stellium-register-full = La partie est complète : Stellium se joue de 2 à 4 joueurs.

# Notes echoed after an accepted order, behind "#".
stellium-note-checked-after-refill = vérifié après la recharge de la galaxie vidée
