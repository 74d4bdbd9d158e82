# Stellar: why the acknowledgement refuses an order line (src/games/stellar/orders.rs).
# $written: what the player wrote; $card: a card's name (LUNE-4); $slot: a telescope slot (1 to 12).

## A list of slots; $count: how many; $slots: "1, 2, 5".
stellar-slots = { $count ->
    [0] aucun
   *[other] { $slots }
  }
## "A ou B ou C": $first and $rest (nested), or a single $item.
stellar-or = { $first } ou { $rest }
stellar-or-one = { $item }

stellar-refused-card-missing = carte manquante (A, B, C ou TYPE-numéro, par ex. LUNE-4)
stellar-refused-no-such-letter = pas de carte { $letter } (vous pouvez nommer : { $letters })
stellar-refused-unknown-card = « { $written } » : carte inconnue (A, B, C ou TYPE-numéro, par ex. LUNE-4)
stellar-refused-unknown-card-kind = « { $written } » : type inconnu (PLANETE, LUNE, ASTEROIDE, NUAGE, TROU-NOIR, SATELLITE)
stellar-refused-ambiguous-card = vous avez plusieurs cartes { $card } qui diffèrent par leurs étoiles : écrivez { $letters }
stellar-refused-no-such-card = vous n'avez pas de carte { $card } à jouer
stellar-refused-zone-missing = zone manquante : TELESCOPE <emplacement> [CACHEE] ou CARNET
stellar-refused-slot-missing = emplacement du télescope manquant ou hors de 1 à 12
stellar-refused-trailing = « { $written } » en trop en fin de ligne
## $free: a stellar-slots message.
stellar-refused-slot-taken = l'emplacement { $slot } est déjà occupé (libres : { $free })
## $legal: a stellar-slots message.
stellar-refused-not-face-up = { $card } ne peut pas aller face visible sur l'emplacement { $slot } : il doit toucher une carte du même type (emplacements permis : { $legal } ; ajoutez CACHEE pour la jouer face cachée)
stellar-refused-unknown-order = ordre « { $written } » inconnu dans Stellar
stellar-refused-not-a-player = vous n'êtes pas joueur de cette partie
stellar-refused-not-started = la partie n'a pas commencé : elle attend ses deux joueurs
stellar-refused-over = la partie est terminée
## $line: the number of the line that gave it first.
stellar-refused-given-twice = déjà donné ligne { $line } : une seule fois par tour
stellar-refused-unread = ligne non lue
stellar-refused-start-only = DEPART ne sert qu'au début de la partie
stellar-refused-final-only = FINALE ne sert qu'à la fin de la partie, après la 11e manche
stellar-refused-not-your-turn = ce n'est pas votre tour : votre adversaire joue cette étape
stellar-refused-wrong-step = cet ordre ne sert pas à cette étape de la partie
stellar-s12-refreshing = vous rafraîchissez la rangée : elle va changer, envoyez le reste de votre tour après le rapport (S12)
stellar-refused-refresh-not-allowed = vous ne pouvez pas rafraîchir la rangée : votre adversaire n'a pas pris de satellite dans sa main à son dernier tour (« Cartes satellite »)
stellar-refused-refresh-after-take = RAFRAICHIR vient avant PRENDRE
stellar-refused-row-position = position de la rangée (1 à 5) ou carte manquante : PRENDRE 3, PRENDRE LUNE-4 ou PRENDRE 3 LUNE-4
## $there: the card now at $position.
stellar-refused-take-changed = la position { $position } de la rangée porte { $there }, pas { $card } : rien n'est pris (la rangée a changé)
stellar-refused-not-in-row = pas de carte { $card } dans la rangée : rien n'est pris
## $positions: "1, 3".
stellar-refused-take-ambiguous = la rangée a plusieurs cartes { $card } (positions { $positions }) : écrivez PRENDRE <position> { $card }
stellar-refused-row-empty = la position { $position } de la rangée est vide
stellar-refused-coordinate-first = COORDONNEE suit PRENDRE et JOUER
stellar-refused-coordinate-blind = l'étape 3 sera une pioche à l'aveugle : placez la carte avec des lignes PIOCHE <TYPE> <emplacement> et PIOCHE SINON
stellar-refused-coordinate-notebook = votre carte de main va au télescope : celle de l'étape 3 va au carnet (« ÉTAPE 3 »)
stellar-refused-coordinate-telescope = votre carte de main va au carnet : celle de l'étape 3 va au télescope, dites sur quel emplacement
stellar-refused-draw-first = PIOCHE suit PRENDRE et JOUER
stellar-refused-draw-known = l'étape 3 ne sera pas une pioche : la carte de la rangée est connue (utilisez COORDONNEE)
stellar-refused-draw-notebook = la carte piochée ira au carnet (votre carte de main va au télescope) : rien à préciser
stellar-refused-else-twice = PIOCHE SINON déjà donné
stellar-refused-draw-kind-missing = type manquant : PIOCHE <TYPE> <emplacement> ou PIOCHE SINON <emplacement>
stellar-refused-unknown-kind = « { $written } » : type inconnu
stellar-refused-draw-kind-twice = ce type a déjà sa ligne PIOCHE
stellar-refused-kind-not-face-up = une carte de ce type ne peut pas aller face visible sur l'emplacement { $slot } (permis : { $legal })

# What is missing for OR (src/games/stellar/mod.rs). $order: start | final | take | play | coordinate.
stellar-missing = { $order ->
    [start] DEPART (la carte de départ de l'emplacement 1)
    [final] FINALE (la carte de votre main qui va au carnet)
    [take] PRENDRE (étape 1)
    [coordinate] COORDONNEE TELESCOPE (l'emplacement de la carte de l'étape 3)
   *[play] JOUER (étape 2)
  }

## The pre-filled order form's comments (view.rs, order_form).
stellar-form-registration = la partie commence quand deux joueurs sont inscrits
stellar-form-over = la partie est terminée
stellar-form-not-your-move = à { $mover } de jouer : rien à envoyer pour cette étape
stellar-form-starting-card = { $letter } = { $card } ({ $stars } étoile(s))
stellar-form-start = cette carte sur l'emplacement 1, l'autre au carnet
stellar-form-hand-card = { $letter } = { $card }
stellar-form-final = cette carte au carnet, l'autre retourne dans la boîte
stellar-form-refresh = RAFRAICHIR (seul) : défausser et compléter la rangée avant de jouer
stellar-form-hand-slots = { $letter } = { $card } ; télescope face visible : { $slots }
stellar-form-slots = { $slots }
stellar-form-no-slot = aucun
stellar-form-take = { $card } devient la carte C
stellar-form-step3 = étape 3 : { $card }
stellar-form-step3-blind = étape 3 : pioche à l'aveugle

# Registration refusals.
stellar-register-full = La partie est complète : Stellar se joue à deux.

# Notes echoed after an accepted order, behind "#" (several are joined by " ; ").
# $slots: a stellar-slots message; $card: a card's name.
stellar-note-start-slot-1 = emplacement 1
stellar-note-to-notebook = { $card } au carnet
stellar-note-final = au carnet ; l'autre carte retourne dans la boîte
stellar-note-refresh = la rangée est défaussée et complétée ; vous jouez ensuite votre tour avec la nouvelle rangée
stellar-note-take = { $card } dans votre main (carte C)
stellar-note-card = { $card }
stellar-note-face-up = emplacements permis face visible : { $slots }
stellar-note-face-up-for-kind = emplacements permis face visible pour ce type : { $slots }
stellar-note-step-3-telescope = étape 3 : { $card } (position { $position }) au télescope, emplacements permis face visible : { $slots }
stellar-note-step-3-notebook = étape 3 : { $card } (position { $position }) au carnet
## $zone: where the blind draw goes, "telescope" or "notebook".
stellar-note-step-3-blind = étape 3 : pioche à l'aveugle, au { $zone ->
    [telescope] télescope (ordres PIOCHE)
   *[notebook] carnet
  }
stellar-note-step-3-after-take = étape 3 : dépend de PRENDRE
stellar-note-else-face-up = une carte piochée d'un autre type va ici, face cachée si elle ne peut pas y être face visible
stellar-note-else-face-down = une carte piochée d'un autre type va ici face cachée
