# Galaxy: why the acknowledgement refuses an order line (src/games/galaxy/orders.rs).
# Ids carrying a rule number quote that rule of the rulebook (galaxy-r4-1-3-… is 4.1.3).
# $written: what the player wrote; $star: a star as the player knows it (its name, or its position +H+V);
# $fleet, $into: fleet numbers.

galaxy-refused-not-a-player = joueur inconnu dans cette partie.
galaxy-refused-turn-0 = la galaxie n'existe pas encore : aucun ordre au tour 0 (inscriptions).
galaxy-refused-over = la partie est terminée.
galaxy-refused-open-quote = Guillemet fermant manquant.
galaxy-refused-unknown-order = Ordre inconnu « { $written } ».
galaxy-refused-fleet-missing = Numéro de flotte manquant (F1 à F9).
galaxy-refused-not-a-fleet = « { $written } » n'est pas une flotte : écrivez F1 à F9.
galaxy-refused-fleet-number = « { $written } » : les flottes sont numérotées de F1 à F9.
galaxy-refused-position-missing = Position manquante : écrivez-la +H+V, par exemple +3-2.
galaxy-refused-not-a-position = « { $written } » n'est pas une position : écrivez-la +H+V, par exemple +3-2.
galaxy-refused-too-many-ships = { $written } : nombre de vaisseaux trop grand.
galaxy-refused-ship-type-twice = Le type de vaisseau { $unit } est donné deux fois.
galaxy-refused-ships-missing = Composition manquante : écrivez par exemple 3P 1C 0N.
## $what: defence | gift
galaxy-refused-amount-missing = Montant manquant ({ $what ->
    [gift] don
   *[defence] points de défense
  }).
galaxy-refused-amount-zero = Le montant ({ $what ->
    [gift] don
   *[defence] points de défense
  }) doit être d'au moins 1.
galaxy-refused-not-an-amount = « { $written } » n'est pas un montant ({ $what ->
    [gift] don
   *[defence] points de défense
  }).
galaxy-refused-trailing = Texte en trop à la fin de l'ordre : « { $written } ».
galaxy-refused-star-missing = Nom d'étoile manquant.
galaxy-refused-no-star-known-at = Vous ne connaissez pas d'étoile en { $at }.
galaxy-refused-unknown-star = Étoile inconnue : « { $written } » (vous ne connaissez que les étoiles visitées ou décrites).
galaxy-refused-player-missing = Nom du joueur manquant.
galaxy-refused-yourself = Vous ne pouvez pas vous désigner vous-même.
galaxy-refused-unknown-player = Joueur inconnu : « { $written } ».
## What a budget line pays for. $what: fleet | colonisation | defence | gift; $name: the fleet's ships or the star.
galaxy-spending = { $what ->
    [fleet] la flotte { $name }
    [colonisation] la colonisation de { $name }
    [gift] le don
   *[defence] la défense
  }
## 4.1: $what is a galaxy-spending message.
galaxy-refused-over-budget = Budget dépassé : { $what } coûte { $cost }, il vous reste { $left } sur { $treasury } (4.1).
## $count: how many fleets the player has; $fleets: their list.
galaxy-refused-no-such-fleet = Vous n'avez pas de flotte F{ $fleet } (vos flottes : { $count ->
    [0] aucune
   *[other] { $fleets }
  }).
galaxy-refused-fleet-exists = La flotte F{ $fleet } existe déjà : choisissez un numéro libre.
galaxy-r4-1-3-nine-fleets = Vous avez déjà 9 flottes : réunissez-en deux d'abord (4.1.3).
galaxy-refused-merge-one-fleet = Il faut au moins deux flottes à réunir (REUNIR F1 F2).
galaxy-r4-1-1-formed-this-turn = F{ $fleet } a été formée ce tour-ci : seules les flottes présentes sur la case en début de tour se réunissent (4.1.1).
galaxy-refused-fleet-twice = La flotte F{ $fleet } est citée deux fois.
galaxy-r4-1-1-not-on-the-same-square = F{ $fleet } n'est pas sur la même case que F{ $into } : on ne réunit que des flottes sur la même case (4.1.1).
galaxy-r4-1-2-one-ship = F{ $fleet } n'a qu'un vaisseau : seule une flotte de plus d'un vaisseau se divise (4.1.2).
galaxy-refused-split-no-ship = La nouvelle flotte doit avoir au moins un vaisseau.
## $has: the fleet's ships; $ships: those to split off.
galaxy-refused-split-too-many = F{ $fleet } ({ $has }) ne peut pas céder { $ships } en gardant au moins un vaisseau.
galaxy-refused-build-no-ship = Une flotte construite doit avoir au moins un vaisseau.
galaxy-r4-1-3-not-yours = { $star } ne vous appartient pas : on construit sur ses propres étoiles (4.1.3).
galaxy-refused-already-yours = { $star } est déjà à vous.
galaxy-refused-colonised-twice = { $star } est déjà dans vos ordres de colonisation.
galaxy-r4-1-4-no-ark = Aucune de vos flottes avec une nef n'est en orbite autour de { $star } (4.1.4 iii).
galaxy-r4-1-4-defended = La défense de { $star } est de { $defence } : elle doit être négative ou nulle (4.1.4 i).
galaxy-r4-1-4-technology = La technologie de { $star } ({ $star_tech }) dépasse la vôtre ({ $tech }) de plus d'un point (4.1.4 ii).
galaxy-refused-throne-code = La colonisation de la THRONE STAR exige son code secret : COLONISER <étoile> <code>.
galaxy-r4-1-5-not-yours = { $star } ne vous appartient pas : on ne défend que ses étoiles (4.1.5).
galaxy-r4-1-6-second-gift = Un seul don par tour : ce don est refusé (4.1.6).
galaxy-r4-1-7-second-alliance = Une seule déclaration d'alliance par tour : celle-ci est refusée (4.1.7).
galaxy-refused-kind-missing = Type manquant : CHANGER <étoile> <TYPE>.
galaxy-refused-unknown-kind = Type d'étoile inconnu : « { $written } ».
galaxy-refused-kind-not-allowed = Une NEW STAR ne peut pas devenir { $kind } (permis : { $allowed }).
galaxy-r4-1-8-not-your-new-star = { $star } n'est pas une de vos étoiles NEW (4.1.8).
galaxy-r4-1-8-colonised-this-turn = { $star } a été colonisée ce tour-ci : changez-la au tour suivant (4.1.8).
galaxy-refused-changed-twice = { $star } est déjà changée dans ces ordres.
galaxy-r4-1-9-not-your-data-star = { $star } n'est pas une de vos étoiles DATA (4.1.9).
galaxy-r5-data-colonised-this-turn = { $star } a été colonisée ce tour-ci : elle répondra dès le tour suivant (5).
galaxy-r5-data-one-query = { $star } ne répond qu'à une demande par tour (5 DATA).
## $phase: budget (a movement order read as a budget one) | movement (the converse). Never expected.
galaxy-refused-internal = { $phase ->
    [budget] Ordre de déplacement lu comme budget (erreur interne).
   *[movement] Ordre de budget lu comme déplacement (erreur interne).
  }
galaxy-refused-moved-twice = F{ $fleet } a déjà un ordre de déplacement ce tour-ci.
galaxy-r5-gate-no-gate = F{ $fleet } n'est pas en orbite autour d'une GATE connue (5 GATE).
galaxy-refused-target = Cible manquante ou inconnue « { $written } » : ATTAQUER F1 ETOILE ou ATTAQUER F1 FLOTTE.
galaxy-r4-1-3-arks-only = F{ $fleet } n'a que des nefs, sans puissance de feu (4.1.3).
galaxy-r4-2-ii-one-attack = F{ $fleet } se déplace : une seule attaque après son déplacement (4.2 ii).
galaxy-r4-2-iii-two-attacks = F{ $fleet } attaque déjà deux fois sur place (4.2 iii).

# What is missing for OR (orders.md §7; src/games/galaxy/mod.rs).
galaxy-missing-any-order = au moins un ordre de budget ou de déplacement

# Registration refusals.
galaxy-register-closed = Les inscriptions sont closes : la galaxie a déjà été créée.
galaxy-register-full = La partie est complète ({ $players } joueurs).

# Notes echoed after an accepted order, behind "#".
galaxy-echo-cost = coût { $cost }
galaxy-echo-r4-2-too-far = ATTENTION : distance { $distance } kpc pour une vitesse de { $speed } : la flotte se sabordera (4.2)
