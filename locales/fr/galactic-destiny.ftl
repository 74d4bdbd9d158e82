# Galactic Destiny: the declaration of the provisional components (design note §4.6), carried by
# every report, map, chronicle, welcome and AIDE reply of a game using a provisional file.
galactic-destiny-provisional = Composants provisoires (plateau, cartes, partis) inventés pour l'arbitre : ce ne sont pas ceux du jeu publié. Fichiers provisoires : { $files }.
galactic-destiny-file-board = plateau
galactic-destiny-file-parties = cartes des partis
galactic-destiny-file-senators = sénateurs
galactic-destiny-file-sector-cards = cartes secteur
galactic-destiny-file-actions = cartes action
galactic-destiny-file-events = événements
# Registration ("Installation des joueurs" 1); RULINGS G2). $free: the sigles of the parties still free.
galactic-destiny-register-full = La partie est complète ({ $players } partis).
galactic-destiny-register-unknown-party = « { $name } » n'est pas un parti : inscrivez-vous sous le sigle ou le nom d'un parti libre ({ $free }).
galactic-destiny-register-party-taken = Le parti { $party } est déjà pris ; partis libres : { $free }.
galactic-destiny-register-name-is-party = « { $name } » est le nom d'un parti : dans cette partie les partis sont tirés au sort à la clôture des inscriptions ; inscrivez-vous sous un autre nom.
galactic-destiny-too-few-parties = { $players ->
    [one] { $players } parti inscrit
   *[other] { $players } partis inscrits
} : il en faut au moins { $least } (réglage `joueurs_min`) pour commencer la partie
# Purchases ("Achat de flottes et sénateurs"): why a purchase was not made.
galactic-destiny-sector-infested = Le secteur { $sector } est infesté : aucune flotte n'y est achetée.
galactic-destiny-republic-cap = La république a déjà { $max } flottes en jeu.
# To the referee when the registration step could not start the game ($reason: galactic-destiny-too-few-parties).
galactic-destiny-referee-not-started = La partie n'a pas pu commencer : { $reason }. Le tour 0 (inscriptions) reste ouvert : repoussez la date limite (arbitre game extend) pour que d'autres partis s'inscrivent, ou recréez la partie avec un autre réglage `joueurs_min`.
