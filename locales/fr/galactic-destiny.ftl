# Galactic Destiny: the declaration of the provisional components (design note §4.6), carried by
# every report, map, chronicle, welcome and AIDE reply of a game using a provisional file.
galactic-destiny-provisional = Composants provisoires (plateau, cartes, partis) inventés pour l'arbitre : ce ne sont pas ceux du jeu publié. Fichiers provisoires : { $files }.
galactic-destiny-file-board = plateau
galactic-destiny-file-parties = cartes des partis
galactic-destiny-file-senators = sénateurs
galactic-destiny-file-sector-cards = cartes secteur
galactic-destiny-file-actions = cartes action
galactic-destiny-file-events = événements
