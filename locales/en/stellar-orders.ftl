# Stellar: why the acknowledgement refuses an order line (src/games/stellar/orders.rs).
# $written: what the player wrote; $card: a card's name (LUNE-4); $slot: a telescope slot (1 to 12).

## A list of slots; $count: how many; $slots: "1, 2, 5".
stellar-slots = { $count ->
    [0] none
   *[other] { $slots }
  }
## "A or B or C": $first and $rest (nested), or a single $item.
stellar-or = { $first } or { $rest }
stellar-or-one = { $item }

stellar-refused-card-missing = card missing (A, B, C or TYPE-number, e.g. LUNE-4)
stellar-refused-no-such-letter = no card { $letter } (you may name: { $letters })
stellar-refused-unknown-card = "{ $written }": unknown card (A, B, C or TYPE-number, e.g. LUNE-4)
stellar-refused-unknown-card-kind = "{ $written }": unknown type (PLANETE, LUNE, ASTEROIDE, NUAGE, TROU-NOIR, SATELLITE)
stellar-refused-ambiguous-card = you have several { $card } cards with different stars: write { $letters }
stellar-refused-no-such-card = you have no { $card } card to play
stellar-refused-zone-missing = zone missing: TELESCOPE <slot> [CACHEE] or CARNET
stellar-refused-slot-missing = telescope slot missing or not from 1 to 12
stellar-refused-trailing = "{ $written }" is extra at the end of the line
## $free: a stellar-slots message.
stellar-refused-slot-taken = slot { $slot } is already taken (free: { $free })
## $legal: a stellar-slots message.
stellar-refused-not-face-up = { $card } cannot go face up on slot { $slot }: it must touch a card of the same type (slots allowed: { $legal }; add CACHEE to play it face down)
stellar-refused-unknown-order = order "{ $written }" unknown in Stellar
stellar-refused-not-a-player = you are not a player of this game
stellar-refused-not-started = the game has not started: it awaits its two players
stellar-refused-over = the game is over
## $line: the number of the line that gave it first.
stellar-refused-given-twice = already given on line { $line }: once a turn only
stellar-refused-unread = line not read
stellar-refused-start-only = DEPART is only for the start of the game
stellar-refused-final-only = FINALE is only for the end of the game, after the 11th round
stellar-refused-not-your-turn = it is not your turn: your opponent plays this step
stellar-refused-wrong-step = this order is of no use at this step of the game
stellar-s12-refreshing = you refresh the row: it will change, send the rest of your turn after the report (S12)
stellar-refused-refresh-not-allowed = you may not refresh the row: your opponent did not take a satellite into their hand on their last turn ("Satellite cards")
stellar-refused-refresh-after-take = RAFRAICHIR comes before PRENDRE
stellar-refused-row-position = row position (1 to 5) or card missing: TAKE 3, TAKE MOON-4 or TAKE 3 MOON-4
## $there: the card now at $position.
stellar-refused-take-changed = row position { $position } holds { $there }, not { $card }: nothing is taken (the row has changed)
stellar-refused-not-in-row = no { $card } card in the row: nothing is taken
## $positions: "1, 3".
stellar-refused-take-ambiguous = the row has several { $card } cards (positions { $positions }): write TAKE <position> { $card }
stellar-refused-row-empty = row position { $position } is empty
stellar-refused-coordinate-first = COORDONNEE follows PRENDRE and JOUER
stellar-refused-coordinate-blind = step 3 will be a blind draw: place the card with PIOCHE <TYPE> <slot> and PIOCHE SINON lines
stellar-refused-coordinate-notebook = your hand card goes to the telescope: the step 3 card goes to the notebook ("STEP 3")
stellar-refused-coordinate-telescope = your hand card goes to the notebook: the step 3 card goes to the telescope, say on which slot
stellar-refused-draw-first = PIOCHE follows PRENDRE and JOUER
stellar-refused-draw-known = step 3 will not be a draw: the row card is known (use COORDONNEE)
stellar-refused-draw-notebook = the drawn card will go to the notebook (your hand card goes to the telescope): nothing to say
stellar-refused-else-twice = PIOCHE SINON already given
stellar-refused-draw-kind-missing = type missing: PIOCHE <TYPE> <slot> or PIOCHE SINON <slot>
stellar-refused-unknown-kind = "{ $written }": unknown type
stellar-refused-draw-kind-twice = this type already has its PIOCHE line
stellar-refused-kind-not-face-up = a card of this type cannot go face up on slot { $slot } (allowed: { $legal })

# What is missing for OR (src/games/stellar/mod.rs). $order: start | final | take | play | coordinate.
stellar-missing = { $order ->
    [start] DEPART (the starting card for slot 1)
    [final] FINALE (the card of your hand that goes to the notebook)
    [take] PRENDRE (step 1)
    [coordinate] COORDONNEE TELESCOPE (the slot of the step 3 card)
   *[play] JOUER (step 2)
  }

## The pre-filled order form's comments (view.rs, order_form).
stellar-form-registration = the game starts when two players have registered
stellar-form-over = the game is over
stellar-form-not-your-move = { $mover } to move: nothing to send for this step
stellar-form-starting-card = { $letter } = { $card } ({ $stars ->
    [one] { $stars } star
   *[other] { $stars } stars
  })
stellar-form-start = this card on slot 1, the other to the notebook
stellar-form-hand-card = { $letter } = { $card }
stellar-form-final = this card to the notebook, the other goes back into the box
stellar-form-refresh = REFRESH (alone): discard and refill the row before playing
stellar-form-hand-slots = { $letter } = { $card }; telescope face up: { $slots }
stellar-form-slots = { $slots }
stellar-form-no-slot = none
stellar-form-take = { $card } becomes card C
stellar-form-step3 = step 3: { $card }
stellar-form-step3-blind = step 3: blind draw

# Registration refusals.
stellar-register-full = The game is full: Stellar is played by two.

# Notes echoed after an accepted order, behind "#" (several are joined by " ; ").
# $slots: a stellar-slots message; $card: a card's name.
stellar-note-start-slot-1 = slot 1
stellar-note-to-notebook = { $card } to the notebook
stellar-note-final = to the notebook; the other card goes back to the box
stellar-note-refresh = the row is discarded and refilled; you then play your turn with the new row
stellar-note-take = { $card } into your hand (card C)
stellar-note-card = { $card }
stellar-note-face-up = slots allowed face up: { $slots }
stellar-note-face-up-for-kind = slots allowed face up for this type: { $slots }
stellar-note-step-3-telescope = step 3: { $card } (position { $position }) to the telescope, slots allowed face up: { $slots }
stellar-note-step-3-notebook = step 3: { $card } (position { $position }) to the notebook
## $zone: where the blind draw goes, "telescope" or "notebook".
stellar-note-step-3-blind = step 3: blind draw, to the { $zone ->
    [telescope] telescope (PIOCHE orders)
   *[notebook] notebook
  }
stellar-note-step-3-after-take = step 3: depends on PRENDRE
stellar-note-else-face-up = a drawn card of another type goes here, face down if it cannot be face up there
stellar-note-else-face-down = a drawn card of another type goes here face down
