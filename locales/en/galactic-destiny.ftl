# Galactic Destiny: the declaration of the provisional components (design note §4.6), carried by
# every report, map, chronicle, welcome and AIDE reply of a game using a provisional file.
galactic-destiny-provisional = Provisional components (board, cards, parties) invented for the referee: they are not the published game's. Provisional files: { $files }.
galactic-destiny-file-board = board
galactic-destiny-file-parties = party cards
galactic-destiny-file-senators = senators
galactic-destiny-file-sector-cards = sector cards
galactic-destiny-file-actions = action cards
galactic-destiny-file-events = events
