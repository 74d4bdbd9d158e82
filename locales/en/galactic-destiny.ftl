# Galactic Destiny: the declaration of the provisional components (design note §4.6), carried by
# every report, map, chronicle, welcome and AIDE reply of a game using a provisional file.
galactic-destiny-provisional = Provisional components (board, cards, parties) invented for the referee: they are not the published game's. Provisional files: { $files }.
galactic-destiny-file-board = board
galactic-destiny-file-parties = party cards
galactic-destiny-file-senators = senators
galactic-destiny-file-sector-cards = sector cards
galactic-destiny-file-actions = action cards
galactic-destiny-file-events = events
# Registration ("Installation des joueurs" 1); RULINGS G2). $free: the sigles of the parties still free.
galactic-destiny-register-full = The game is full ({ $players } parties).
galactic-destiny-register-unknown-party = “{ $name }” is not a party: register with the sigle or the name of a free party ({ $free }).
galactic-destiny-register-party-taken = The party { $party } is already taken; free parties: { $free }.
galactic-destiny-register-name-is-party = "{ $name }" is the name of a party: in this game parties are drawn by lot when registration closes; register under another name.
galactic-destiny-too-few-parties = { $players ->
    [one] { $players } party registered
   *[other] { $players } parties registered
}: at least { $least } are needed (setting `joueurs_min`) to start the game
# Purchases ("Achat de flottes et sénateurs"): why a purchase was not made.
galactic-destiny-sector-infested = Sector { $sector } is infested: no fleet is bought there.
galactic-destiny-republic-cap = The Republic already has { $max } fleets in play.
# To the referee when the registration step could not start the game ($reason: galactic-destiny-too-few-parties).
galactic-destiny-referee-not-started = The game could not start: { $reason }. Turn 0 (registration) stays open: move the deadline back (arbitre game extend) so that more parties register, or create the game again with another `joueurs_min`.
