# Stellium: why the acknowledgement refuses an order line, and why a line is dropped when the step is
# played (src/games/stellium/orders.rs, place.rs, blackholes.rs, turn.rs).
# $written: what the player wrote; $hole, $of: holes (A0 … F6, T1 … T10); $colour: a colour's order word
# (VERTE …); $objective: an objective's number (O3 is 3).

stellium-refused-unknown-order = order "{ $written }" unknown in Stellium
stellium-refused-not-a-player = you are not a player of this game
stellium-refused-not-started = the game has not started: it awaits its players (2 to 4)
stellium-refused-over = the game is over
## $player: the player to move.
stellium-refused-not-your-turn = it is not your turn: { $player } plays
stellium-refused-refill-only = an empty galaxy is being refilled: only RECHARGE is expected at this step
stellium-refused-unread = line not read
stellium-refused-hole-missing = hole missing (A0 to F6, T1 to T10)
stellium-refused-unknown-hole = hole "{ $written }" unknown (A0 to F6, T1 to T10)
stellium-refused-colour-missing = colour missing (VERTE, BLEUE, JAUNE, ROSE)
stellium-refused-unknown-colour = colour "{ $written }" unknown (VERTE, BLEUE, JAUNE, ROSE)
stellium-refused-objective-missing = objective missing (O1, O2, …)
stellium-refused-unknown-objective = objective "{ $written }" unknown
stellium-refused-one-draw = only one marble is drawn a turn
stellium-refused-one-token = only one token a turn
stellium-refused-token-used = you no longer have the { $colour } token
stellium-refused-token-after-place = JETON comes before POSE (it decides whether the placing is by collision)
stellium-refused-token-without-place = JETON without POSE: a token only serves the marble you place; kept (1☉ at the end)
stellium-refused-place-before-draw = PIOCHE first: no marble drawn
stellium-refused-one-place = only one marble is placed a turn
stellium-refused-token-same = the { $colour } token is the played marble's own: it changes nothing
stellium-refused-influence-before-place = POSE first: the influence follows the placing
stellium-refused-one-influence = only one influence a turn
stellium-refused-sixths-missing = number of sixths of a turn expected (1 to 5)
stellium-refused-keep-one = GARDE names a single hole
stellium-refused-with-or-keep = "{ $written }": AVEC or GARDE expected before the holes
stellium-refused-not-your-objective = O{ $objective } is not one of your objectives to realise
stellium-refused-one-take = only one objective is taken a turn
stellium-refused-refill-not-now = RECHARGE is only for when an empty galaxy is refilled
stellium-refused-no-refill = no galaxy is to be refilled
stellium-refused-not-a-chooser = you do not choose a marble for this refill
stellium-refused-refill-form = form: RECHARGE <colour> <hole> [<colour> <hole> …]
## $holes: the start holes of the galaxy to refill.
stellium-refused-not-a-start-hole = { $hole } is not a start hole of the galaxy to refill ({ $holes })
stellium-refused-refill-twice = preferences already given: one RECHARGE line only
stellium-refused-bag-empty = no { $colour } marble in the bag
stellium-refused-place-black-hole = { $hole } is a black hole: no marble is placed on it directly
stellium-refused-place-occupied = { $hole } is taken (only a comet's collision takes a marble's place)
stellium-refused-toward-without-collision = VERS is only used with a collision (comet or comet token)
stellium-refused-comet-on-empty = { $hole } is empty: the comet does not land on an empty hole, it takes a marble's place
stellium-refused-collision-toward = collision at { $hole }: say toward which neighbouring hole the marble is pushed (POSE { $hole } VERS …, or VERS HORS to push it off the board from the edge)
stellium-refused-not-on-edge = { $hole } is not on the edge of the board: VERS HORS pushes a marble on the edge off the board
stellium-refused-not-adjacent = { $hole } is not next to { $of }
stellium-refused-swap-played = the marble placed cannot itself be swapped
stellium-refused-swap-kind = { $hole } does not hold another { $colour } marble (the swap moves a marble of the kind played)
stellium-refused-swap-empty = { $hole } is empty: the swap exchanges two marbles
stellium-refused-rotation-sixths = the rotation is 1 to 5 sixths of a turn (a full turn is not allowed)
stellium-refused-rotation-off-galaxy = the marble is not on a galaxy
## $order: the order word of the influence the marble plays.
stellium-refused-wrong-influence = this marble plays the { $colour } influence: { $order }
stellium-refused-not-a-black-hole = { $hole } is not a black hole
stellium-refused-black-hole-occupied = the black hole { $hole } is taken
stellium-refused-attract-played = the marble applying the attraction cannot itself be attracted
stellium-refused-attract-empty = { $hole } is empty
stellium-refused-figure-absent = the figure of O{ $objective } is not on the board
## $holes: the holes named after AVEC.
stellium-refused-figure-not-formed = the figure of O{ $objective } is not formed by { $holes }
stellium-refused-keep-outside = { $hole } is not part of the figure (GARDE names one of its marbles)
stellium-refused-not-on-display = O{ $objective } is not on display
stellium-refused-hand-full = you have 3 unrealised objectives: ECARTE one of them with PREND, or GARDE-TOUT
stellium-refused-discard-not-full = ECARTE is only for when you hold 3 unrealised objectives
stellium-refused-keep-all-not-full = GARDE-TOUT is only for when you hold 3 unrealised objectives: take an objective (PREND)
stellium-refused-discard-without-take = ECARTE without PREND: the objective to take is missing

# What is missing for OR (src/games/stellium/orders.rs, missing). $order: draw | place | influence | take | refill;
# $influence: the order word of the compulsory influence (influence only).
stellium-missing = { $order ->
    [draw] PIOCHE (the marble drawn from the bag)
    [place] POSE (the hole for the marble)
    [influence] { $influence } (the influence is compulsory when it is possible)
    [take] PREND (an objective from the display)
   *[refill] RECHARGE (your preferences for the empty galaxy)
  }

## The pre-filled order form's comments (view.rs, order_form).
stellium-form-registration = the game starts when registration closes (2 to 4 players)
stellium-form-over = the game is over
stellium-form-not-your-move = { $mover } to move: nothing to send for this step
stellium-form-refill-not-yours = a galaxy is being refilled: nothing to send for this step
stellium-form-proposal = the referee's suggestion: change it as you like
stellium-form-or-discard = or DISCARD O… then TAKE O…

# Registration refusals.
stellium-register-full = The game is full: Stellium is played by 2 to 4 players.

# Notes echoed after an accepted order, behind "#".
stellium-note-checked-after-refill = checked after the emptied galaxy is refilled
