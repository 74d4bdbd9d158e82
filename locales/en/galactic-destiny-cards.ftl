# Galactic Destiny: the card engine ("Les cartes action.", "Jouer des cartes.", "Phases des cartes.", "Priorité des cartes.", "Ghost in the dark.").

## Orders
gd-order-refused-card-answer-only = "{ $card }" is played only as an answer: write RESPONSE "{ $card }" IF …
gd-order-refused-card-period = "{ $card }" is not played in this step (period: { $period ->
    [senate] senate, S1 and S2
    [intrigue] intrigue, I to P
   *[general] general
  })
gd-order-refused-card-not-variable = "{ $card }" has no variable cost in that resource: no amount to add
gd-order-refused-card-needs-senator = "{ $card }" costs a senator's action: add BY <senator>
gd-order-refused-card-no-action = "{ $card }" costs no action: remove BY <senator>
gd-order-refused-card-target-missing = "{ $card }" needs a target ({ $kind }): add TARGET …
gd-order-refused-card-no-target = "{ $card }" is not played on a chosen target: remove TARGET …
gd-order-refused-card-rebel = "{ $card }" is a senate card: it never targets a rebel
gd-order-refused-card-own-senator = { $senator } is one of your senators: the card targets an opposing senator
gd-order-refused-card-not-own-sector = sector { $sector } is not yours
gd-order-refused-card-not-answer = "{ $card }" is not played as an answer (only the cards that cancel: Distraction, Ghost in the Dark…)
gd-order-refused-card-trigger-missing = say what to answer: IF "<card>", IF CARD or IF ASSASSINATION
gd-order-refused-card-priority = "{ $card }" (priority { $priority }) cannot touch "{ $target }" (priority { $target_priority }): a card interferes only with an equal or higher priority
gd-order-refused-card-cost-at-open = "{ $card }" costs { $need }: cards are played before the step's bank and trades, paid from what you had when it opened ({ $have } after your earlier cards)
gd-order-note-card = card played when the step is resolved (priority { $priority }); the other parties may answer it
gd-order-note-answer = standing answer (priority { $priority }) until used, RESPONSES NONE or the end of the game turn; paid when it fires
gd-card-refused-not-yet = "{ $card }": an effect not refereed yet (issue #28): the line is ignored
gd-card-refused-manual = "{ $card }" has a "manuel" effect: it needs a game master
gd-card-multitask-once = { $senator } has been refreshed by Multitask this turn already ("cannot play another")

## Reports
gd-card-not-in-hand = "{ $card }" is no longer in your hand
gd-card-senator-unfit = { $senator } can no longer act (exhausted, seduced, out of play or recruited this turn)
gd-card-target-gone = the card's target is no longer there
gd-why-card = card "{ $card }"
gd-ev-card-played = { $party } plays "{ $card }"{ $has_by ->
    [no] {""}
   *[yes] {" "}with { $by }'s action
  }{ $has_target ->
    [no] {""}
   *[yes] , target { $target }
  }{ $resource ->
    [argent] {" "}({ $paid } money)
    [influence] {" "}({ $paid } influence)
   *[none] {""}
  }.
gd-ev-card-answered = { $party } answers { $to }'s "{ $answered }" with "{ $card }" (chain, level { $depth }).
gd-ev-card-cancelled = { $party }'s "{ $card }" is { $how ->
    [ghost] wiped out by Ghost in the Dark: its costs are refunded ({ $refunded })
   *[cancelled] cancelled: its base cost is lost
  }.
gd-ev-card-resolved = { $party }'s "{ $card }" takes effect: { $effects }.
gd-ev-answer-standing = Your standing answer: "{ $card }" if { $trigger }.
gd-ev-answers-withdrawn = Your standing answers are withdrawn.
