# Galaxy: why the acknowledgement refuses an order line (src/games/galaxy/orders.rs).
# Ids carrying a rule number quote that rule of the rulebook (galaxy-r4-1-3-… is 4.1.3).
# $written: what the player wrote; $star: a star as the player knows it (its name, or its position +H+V);
# $fleet, $into: fleet numbers.

galaxy-refused-not-a-player = player unknown in this game.
galaxy-refused-turn-0 = the galaxy does not exist yet: no orders on turn 0 (registration).
galaxy-refused-over = the game is over.
galaxy-refused-open-quote = Closing quote missing.
galaxy-refused-unknown-order = Unknown order "{ $written }".
galaxy-refused-fleet-missing = Fleet number missing (F1 to F9).
galaxy-refused-not-a-fleet = "{ $written }" is not a fleet: write F1 to F9.
galaxy-refused-fleet-number = "{ $written }": fleets are numbered F1 to F9.
galaxy-refused-position-missing = Position missing: write it +H+V, for example +3-2.
galaxy-refused-not-a-position = "{ $written }" is not a position: write it +H+V, for example +3-2.
galaxy-refused-too-many-ships = { $written }: too many ships.
galaxy-refused-ship-type-twice = Ship type { $unit } is given twice.
galaxy-refused-ships-missing = Ships missing: write for example 3P 1C 0N.
## $what: defence | gift
galaxy-refused-amount-missing = Amount missing ({ $what ->
    [gift] gift
   *[defence] defence points
  }).
galaxy-refused-amount-zero = The amount ({ $what ->
    [gift] gift
   *[defence] defence points
  }) must be at least 1.
galaxy-refused-not-an-amount = "{ $written }" is not an amount ({ $what ->
    [gift] gift
   *[defence] defence points
  }).
galaxy-refused-trailing = Extra text at the end of the order: "{ $written }".
galaxy-refused-star-missing = Star name missing.
galaxy-refused-no-star-known-at = You know no star at { $at }.
galaxy-refused-unknown-star = Unknown star: "{ $written }" (you only know the stars visited or described).
galaxy-refused-player-missing = Player name missing.
galaxy-refused-yourself = You cannot name yourself.
galaxy-refused-unknown-player = Unknown player: "{ $written }".
## What a budget line pays for. $what: fleet | colonisation | defence | gift; $name: the fleet's ships or the star.
galaxy-spending = { $what ->
    [fleet] the fleet { $name }
    [colonisation] the colonisation of { $name }
    [gift] the gift
   *[defence] the defence
  }
## 4.1: $what is a galaxy-spending message.
galaxy-refused-over-budget = Over budget: { $what } costs { $cost }, you have { $left } left of { $treasury } (4.1).
## $count: how many fleets the player has; $fleets: their list.
galaxy-refused-no-such-fleet = You have no fleet F{ $fleet } (your fleets: { $count ->
    [0] none
   *[other] { $fleets }
  }).
galaxy-refused-fleet-exists = Fleet F{ $fleet } already exists: choose a free number.
galaxy-r4-1-3-nine-fleets = You already have 9 fleets: merge two of them first (4.1.3).
galaxy-refused-merge-one-fleet = At least two fleets are needed to merge (REUNIR F1 F2).
galaxy-r4-1-1-formed-this-turn = F{ $fleet } was formed this turn: only fleets on the square at the start of the turn merge (4.1.1).
galaxy-refused-fleet-twice = Fleet F{ $fleet } is named twice.
galaxy-r4-1-1-not-on-the-same-square = F{ $fleet } is not on the same square as F{ $into }: only fleets on the same square merge (4.1.1).
galaxy-r4-1-2-one-ship = F{ $fleet } has only one ship: only a fleet of more than one ship splits (4.1.2).
galaxy-refused-split-no-ship = The new fleet must have at least one ship.
## $has: the fleet's ships; $ships: those to split off.
galaxy-refused-split-too-many = F{ $fleet } ({ $has }) cannot give up { $ships } and keep at least one ship.
galaxy-refused-build-no-ship = A fleet built must have at least one ship.
galaxy-r4-1-3-not-yours = { $star } is not yours: fleets are built at one's own stars (4.1.3).
galaxy-refused-already-yours = { $star } is already yours.
galaxy-refused-colonised-twice = { $star } is already in your colonisation orders.
galaxy-r4-1-4-no-ark = None of your fleets with an ark is in orbit of { $star } (4.1.4 iii).
galaxy-r4-1-4-defended = The defence of { $star } is { $defence }: it must be zero or below (4.1.4 i).
galaxy-r4-1-4-technology = The technology of { $star } ({ $star_tech }) is more than one point above yours ({ $tech }) (4.1.4 ii).
galaxy-refused-throne-code = Colonising the THRONE STAR needs its secret code: COLONISER <star> <code>.
galaxy-r4-1-5-not-yours = { $star } is not yours: one defends only one's own stars (4.1.5).
galaxy-r4-1-6-second-gift = One gift a turn: this gift is refused (4.1.6).
galaxy-r4-1-7-second-alliance = One declaration of alliance a turn: this one is refused (4.1.7).
galaxy-refused-kind-missing = Type missing: CHANGER <star> <TYPE>.
galaxy-refused-unknown-kind = Unknown star type: "{ $written }".
galaxy-refused-kind-not-allowed = A NEW STAR cannot become { $kind } (allowed: { $allowed }).
galaxy-r4-1-8-not-your-new-star = { $star } is not one of your NEW stars (4.1.8).
galaxy-r4-1-8-colonised-this-turn = { $star } was colonised this turn: change it next turn (4.1.8).
galaxy-refused-changed-twice = { $star } is already changed in these orders.
galaxy-r4-1-9-not-your-data-star = { $star } is not one of your DATA stars (4.1.9).
galaxy-r5-data-colonised-this-turn = { $star } was colonised this turn: it answers from next turn (5).
galaxy-r5-data-one-query = { $star } answers one query a turn (5 DATA).
## $phase: budget (a movement order read as a budget one) | movement (the converse). Never expected.
galaxy-refused-internal = { $phase ->
    [budget] Movement order read as a budget one (internal error).
   *[movement] Budget order read as a movement one (internal error).
  }
galaxy-refused-moved-twice = F{ $fleet } already has a movement order this turn.
galaxy-r5-gate-no-gate = F{ $fleet } is not in orbit of a known GATE (5 GATE).
galaxy-refused-target = Target missing or unknown "{ $written }": ATTAQUER F1 ETOILE or ATTAQUER F1 FLOTTE.
galaxy-r4-1-3-arks-only = F{ $fleet } has only arks, with no fire power (4.1.3).
galaxy-r4-2-ii-one-attack = F{ $fleet } moves: one attack only after its move (4.2 ii).
galaxy-r4-2-iii-two-attacks = F{ $fleet } already attacks twice where it stands (4.2 iii).

# What is missing for OR (orders.md §7; src/games/galaxy/mod.rs).
galaxy-missing-any-order = at least one budget or movement order

# Registration refusals.
galaxy-register-closed = Registration is closed: the galaxy has already been made.
galaxy-register-full = The game is full ({ $players } players).

# Notes echoed after an accepted order, behind "#".
galaxy-echo-cost = cost { $cost }
galaxy-echo-r4-2-too-far = WARNING: distance { $distance } kpc for a speed of { $speed }: the fleet will scuttle itself (4.2)
