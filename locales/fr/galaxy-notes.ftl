# Galaxy: the notes of the turn, each for one player (src/games/galaxy/adjudicate.rs).
# $fleet, $into, $new: fleet numbers; $star: a star's name; $ships: a composition (2P 1C 0N);
# $here, $there, $at, $square: positions +H+V in the reader's own coordinates.

galaxy-note-merge-gone = Réunion impossible : F{ $into } n'existe plus.
galaxy-note-merge-apart = Réunion dans F{ $into } impossible : les flottes ne sont plus toutes sur sa case.
## $fleets: "F2, F3".
galaxy-note-merged = { $fleets } réunies dans F{ $into } ({ $ships }).
galaxy-note-split-failed = Division de F{ $fleet } impossible.
galaxy-note-split = F{ $fleet } divisée : F{ $new } ({ $ships }) formée.
galaxy-note-build-not-yours = Construction de F{ $fleet } impossible : { $star } ne vous appartient plus.
galaxy-note-build-taken = Construction impossible : F{ $fleet } existe déjà.
galaxy-note-build-poor = Construction de F{ $fleet } impossible : ressources insuffisantes.
galaxy-note-built = F{ $fleet } ({ $ships }) construite sur { $star } pour { $cost }.
## 4.1.4. $why: yours | no-ark | vulcan | defence | technology | throne-code; $defence: the star's defence (defence).
galaxy-note-colonise-failed = Colonisation de { $star } échouée : { $why ->
    [yours] elle est déjà à vous
    [no-ark] aucune nef en orbite
    [vulcan] une VULCAN STAR colonisée ne peut être perdue
    [defence] sa défense est de { $defence }
    [technology] sa technologie dépasse la vôtre de plus d'un point
   *[throne-code] code secret de la THRONE STAR absent ou faux
  }.
galaxy-note-colonise-poor = Colonisation de { $star } échouée : ressources insuffisantes ({ $cost }).
galaxy-note-star-lost = Votre étoile { $star } a été colonisée par un autre joueur : vous perdez ses ressources ({ $resources }) et ses points de victoire.
galaxy-note-colonised = { $star } colonisée pour { $cost } ({ $points } point(s) de victoire).
galaxy-note-defence-not-yours = Défense de { $star } annulée : l'étoile n'est plus à vous.
galaxy-note-defence-poor = Défense de { $star } annulée : ressources insuffisantes.
galaxy-note-defended = { $star } : DO +{ $amount }, défense { $defence }.
## 4.1.6. $to, $from: players' names.
galaxy-note-gift-poor = Don à { $to } annulé : ressources insuffisantes.
galaxy-note-gift-given = Don de { $amount } à { $to }.
galaxy-note-gift-received = Vous recevez un don de { $amount } { ELISION($from) ->
    [vowel] d'{ $from }
   *[consonant] de { $from }
  }, utilisable dès le prochain tour.
galaxy-note-change-failed = Changement de { $star } impossible.
galaxy-note-changed = { $star } devient une étoile { $kind }.
## 5 DATA: the answer's first line, then one line per fleet or star found, or "nothing".
galaxy-note-data-silent = { $star } ne répond pas (ce n'est plus une de vos DATA actives).
galaxy-note-data-answer = Réponse de { $star } pour la case { $square } de la DATA ({ $here } pour vous) :
galaxy-note-data-own-fleet = une de vos flottes : { $ships }
## $owner: a player's name.
galaxy-note-data-fleet = une flotte { ELISION($owner) ->
    [vowel] d'{ $owner }
   *[consonant] de { $owner }
  } : { $ships }
## $owned: yes | no; $owner: the owner's name (yes).
galaxy-note-data-star = étoile { $star } : M { $magnitude } F { $life } T { $tech } DO { $docility } DE { $defence } RE { $resources } { $kind } — propriétaire : { $owned ->
    [yes] { $owner }
   *[no] personne
  }
galaxy-note-data-nothing = rien.
## 4.2. $distance: in kpc, two decimals.
galaxy-note-r4-2-scuttled = F{ $fleet } ({ $ships }) devait parcourir { $distance } kpc avec une vitesse de { $speed } : déshonorée, elle s'est sabordée (4.2).
galaxy-note-pursued = F{ $fleet } poursuit une flotte jusqu'en { $here }.
galaxy-note-pursuit-failed = F{ $fleet } : aucune flotte à poursuivre à sa portée en { $at }, elle reste sur place.
## $exit: the EXIT star's name.
galaxy-note-jumped = F{ $fleet } saute par la porte temporelle jusqu'à l'EXIT { $exit } en { $here }.
galaxy-note-gate-closed = F{ $fleet } : la porte ne s'ouvre pas (GATE non colonisée ou absente), la flotte reste sur place.
## $kind: the star's type (LOTUS, VULCAN …).
galaxy-note-lost-in-orbit = F{ $fleet } s'est mise en orbite autour de { $star } ({ $kind }) : perdue corps et biens.
## $power: fire (POWER) | speed (SUPPLY) | invisible (INVISIBILITY).
galaxy-note-power = F{ $fleet } en orbite autour de { $star } ({ $kind }) : { $power ->
    [fire] sa puissance de feu est doublée
    [speed] sa vitesse est doublée
   *[invisible] elle devient invisible et invulnérable
  } ; l'étoile redevient NORMAL.
galaxy-note-zero = En orbite autour de { $star } (ZERO) : votre technologie tombe à { $tech }.
galaxy-note-attack-no-star = F{ $fleet } : pas d'étoile en { $here } à attaquer.
galaxy-note-attack-own-star = F{ $fleet } n'attaque pas { $star } : c'est votre étoile.
galaxy-note-attacked-star = F{ $fleet } (puissance { $fire }) attaque { $star } : pertes { $loss }, DO { $docility }, défense { $defence }.
galaxy-note-star-attacked = Votre étoile { $star } a été attaquée : DO −{ $loss }, défense { $defence }.
galaxy-note-attack-no-fleet = F{ $fleet } : aucune flotte ennemie attaquable en { $here }.
## $lost: ships really destroyed; $destroyed: yes | no (the whole fleet).
galaxy-note-attacked-fleet = F{ $fleet } (puissance { $fire }) attaque une flotte en { $here } : { $lost } vaisseau(x) détruit(s){ $destroyed ->
    [yes] , la flotte est détruite
   *[no] {""}
  }.
## $fort: yes | no (losses halved by the victim's FORT); $left: the ships left (destroyed = no).
galaxy-note-fleet-attacked = Votre flotte F{ $fleet } a été attaquée en { $there } : { $lost } vaisseau(x) perdu(s){ $fort ->
    [yes] {" "}(pertes divisées par 2 grâce à votre FORT)
   *[no] {""}
  }, { $destroyed ->
    [yes] détruite
   *[no] il lui reste { $left }
  }.
galaxy-note-visible-again = F{ $fleet } ne s'est pas déplacée : elle redevient visible.
galaxy-note-machine = { $star } (MACHINE) élève votre technologie à { $tech } ; l'étoile redevient NORMAL.
galaxy-note-city-no-number = { $star } (CITY) ne peut construire sa flotte : aucun numéro de flotte libre. Elle réessaiera au prochain tour.
galaxy-note-city = { $star } (CITY) vous offre la flotte F{ $fleet } ({ $ships }) ; l'étoile redevient NORMAL.
galaxy-note-city-nothing = { $star } (CITY) n'a construit aucun vaisseau ; l'étoile redevient NORMAL.
