# Galactic Destiny: the reports' and the chronicle's words (events of a step, the order form's comments).
gd-missing-a-line = at least one accepted line (PASS will do)
gd-form-registration = The game starts when registration closes: nothing to send yet.
gd-form-over = The game is over.
gd-form-filing = Senate, filings (S1): candidacies, election order, law proposals, the Republic fleet, indictments, trades, the bank.
gd-form-voting = Senate, votes (S2): VOTE on each post and each agenda item (UPTO = your influence cap), VETO, AGENDA.
gd-form-invasions = Invasions (I), your window: INVADE, DEFEND; PASS if you declare nothing (your fleets stay and defend).
gd-form-battles = Before the battles (B): RETREAT for your losses and retreats; PASS if you add nothing.
gd-form-campaigns = Campaigns (C), your window: CAMPAIGN; PASS if you declare nothing.
gd-form-canvass = Before the ballots (K): INFLUENCE for your campaigns and your sectors; PASS if you add nothing.
gd-form-purchases = Purchases (P): BUY FLEET, BUY REPUBLIC-FLEET, RECRUIT, DISCARD; PASS if you buy nothing.
gd-form-proposal = the referee's proposal, edit as you wish
gd-none = none
gd-list = { $items }
gd-modifier = { $what } { $n }
gd-retreat = { $party ->
    [republic] the Republic
   *[other] { $party }
  }: { $count } fleet(s) to sector { $to }
gd-post-holder = { $ministry }: { $senator } ({ $party })
gd-post-vacant = { $ministry }: vacant
gd-ministry-pm = Prime Minister
gd-ministry-interieur = Interior
gd-ministry-finances = Finance
gd-ministry-justice = Justice
gd-ministry-defense = Defence
gd-law-integrity = Act of virtuous integrity
gd-law-homeland = Homeland defence initiative
gd-law-free-trade = Free trade agreement
gd-law-watch = Democratic watch committee
gd-law-movement = Declaration of movement
gd-law-education = Freedom of speech and consulate of education
gd-law-tax = Tax of { $amount } money per { $action }
gd-tax-action-invasion = invasion declared
gd-tax-action-campaign = campaign declared
gd-tax-action-fleet-moved = fleet moved
gd-tax-action-fleet-bought = fleet of one's own bought
gd-tax-action-recruit = senator recruited
gd-tax-action-assassination = assassination attempted
gd-goods-resource = { $amount } { $resource ->
    [money] money
   *[influence] influence
  }
gd-goods-sector = sector { $sector }
gd-goods-senator = senator { $name }
gd-goods-waiting-senator = a waiting senator
gd-goods-card = the card "{ $name }"
gd-goods-hidden-card = an action card
gd-goods-fleets = { $count } fleet(s) from sector { $sector }
gd-goods-nothing = nothing
gd-why-broken-deal = deal A{ $deal } broken
gd-why-broken-law = law broken ({ $law })
gd-why-audit = Finance audit
gd-why-dishonoured = Justice minister dishonoured
gd-why-event = event "{ $card }"
gd-fleet-group = { $count } fleet(s) to sector { $to }{ $from ->
    [none] {""}
   *[other] {" "}from sector { $from }
  }{ $attack ->
    [yes] , attacking
   *[no] {""}
  }{ $admiral ->
    [none] {""}
   *[other] , admiral { $admiral }
  }
gd-item-fleet = the Republic fleet, proposed by { $by }: { $groups }
gd-item-indictment = indictment of { $senator }, proposed by { $by }
gd-item-law = law "{ $law }" for { $turns } turn(s), proposed by { $by }
gd-item-trade = trade put to the senate (free trade): { $a } gives { $a_gives }; { $b } gives { $b_gives }
gd-ending-ministries = { $winner } holds the five ministries and wins the game.
gd-ending-sectors = { $winner } holds { $sectors } sectors or more, more than any other party, and wins the game.
gd-ending-infested = { $sectors } sectors or more are infested: the Ke'Ras win, every party loses.
gd-ending-turn-limit = The last game turn is played; winner(s): { $winners }.
gd-ending-abandoned = Every player resigned.
gd-vote-on-post = election of the { $ministry }
gd-vote-on-item = item #{ $item } ({ $what })
gd-vote-on-fleet = the Republic fleet's orders
gd-ev-setup = Setup: { $parties }{ $by_lot ->
    [yes] {" "}(parties drawn by lot)
   *[no] {""}
  }.
gd-ev-galactic-phase = Galactic phase of game turn { $turn }.
gd-ev-refreshed = Every senator is refreshed.
gd-ev-republic-fleet-free = Fewer than 5 Republic fleets: one free fleet on sector { $sector }.
gd-ev-event-drawn = Event "{ $card }"{ $count ->
    [0] {""}
   *[other] {" "}on { $subjects }
  }{ $lasting ->
    [yes] {" "}(stays in play)
   *[no] {""}
  }.
gd-ev-event-not-refereed = "{ $card }": the effect "{ $effect }" belongs to the intrigue (part II), no effect for now.
gd-ev-event-ended = The event "{ $card }" leaves play.
gd-ev-sectors-marked = Marked sectors: { $sectors }.
gd-ev-drew = { $party } draws { $actions } action card(s) and { $senators } senator(s).
gd-ev-infestation-roll = Infestation roll: { $dice }, modifiers { $modifiers }, total { $total }: { $count ->
    [0] no sector infested
   *[other] sectors infested: { $infested }
  }.
gd-ev-infested = Sector { $sector } is infested{ $owner ->
    [none] {""}
   *[other] {" "}and lost by { $owner }
  }{ $count ->
    [0] {""}
   *[other] ; retreat: { $retreats }
  }.
gd-ev-income = { $party } receives { $money } money and { $influence } influence.
gd-ev-election-marker = Election marker: { $due ->
    [yes] on "election", elections at this senate
   *[no] space { $marker }
  }.
gd-ev-election-call = Election called by { $by }: { $honoured ->
    [yes] granted
   *[no] no effect (no longer Prime Minister)
  }.
gd-ev-initiative = Initiative (worst to best): { $order }{ $count ->
    [0] {""}
   *[other] ; rerolls: { $rolls }
  }.
gd-ev-traded = Trade: { $a } gives { $a_gives }; { $b } gives { $b_gives }.
gd-ev-traded-hidden = Trade, secret part (you two only): { $a } gives { $a_gives }; { $b } gives { $b_gives }.
gd-ev-trade-failed = Trade { $parties } not carried out: { $reason }.
gd-ev-banked = { $party } buys { $amount } { $resource ->
    [money] money
   *[influence] influence
  } from the bank for { $paid }.
gd-ev-deal-made = Deal A{ $number } ({ $parties }): "{ $terms }"{ $until ->
    [0] {""}
   *[other] {" "}until turn { $until }
  }.
gd-ev-deal-broken = { $by } breaks deal A{ $number }.
gd-ev-law-defied = { $party } breaks the law "{ $law }" for the rest of the turn.
gd-ev-corruption = { $senator } takes { $amount } corruption ({ $why }): { $corruption } corruption, { $shadows } shadow(s).
gd-ev-corruption-lost = { $party } has no senator to take { $amount } corruption ({ $why }): lost.
gd-ev-shadow-taken = { $senator } turns 3 corruption into 1 shadow.
gd-ev-unexecuted = { $party }: "{ $order }" could not be carried out ({ $reason }).
gd-ev-agenda = The senate's agenda: { $count } item(s).
gd-ev-no-chair = No minister in the senate: no proposal can be presented.
gd-ev-vote = Vote, { $on }: { $totals }; result: { $winner ->
    [none] none
   *[other] { $winner }
  }{ $spent_count ->
    [0] {""}
   *[other] ; influence spent: { $spent }
  }{ $ties_count ->
    [0] {""}
   *[other] ; tie broken by dice: { $ties }
  }.
gd-ev-elected = { $ministry }: { $senator } ({ $party }) is elected.
gd-ev-left-vacant = { $ministry }: the post stays vacant.
gd-ev-dealt-by-lot = First election, ministries dealt by lot: { $posts }.
gd-ev-vetoed = { $by } vetoes item #{ $item }.
gd-ev-struck = Item #{ $item } is struck: { $reason }.
gd-ev-law-passed = Law "{ $law }" passed (proposed by { $by }), in force until turn { $until }.
gd-ev-law-lapsed = The law "{ $law }" is no longer in force.
gd-ev-fleet-orders = Orders voted for the Republic fleet (carried out when the intrigue opens): { $groups }.
gd-ev-audit = Audit of { $senator } by { $by }: die { $roll }{ $corrupted ->
    [yes] , corrupt
   *[no] , nothing found
  }.
gd-ev-trial = Trial of { $senator } (paid by { $payer }): { $a } + { $b } + { $modifier } = { $total }: { $verdict ->
    [executed] executed
    [execution] executed
    [guilty] guilty
    [coupable] guilty
    [innocent] innocent
    [dishonoured] the Justice minister is dishonoured
    [deshonore] the Justice minister is dishonoured
   *[other] { $verdict }
  }.
gd-ev-fined = { $party } pays a fine of { $amount } money.
gd-ev-senator-removed = { $senator } leaves play{ $dead ->
    [yes] {" "}(dead)
   *[no] {""}
  }.
gd-ev-bought = { $party } buys{ $fleets_count ->
    [0] {""}
   *[other] {" "}fleets ({ $fleets })
  }{ $republic ->
    [0] {""}
   *[other] {" "}{ $republic } Republic fleet(s)
  }{ $recruited_count ->
    [0] {""}
   *[other] {" "}and recruits { $recruited }
  } for { $paid } money.
gd-ev-discarded = { $party } discards { $count } card(s){ $by_referee ->
    [yes] {" "}(chosen by the referee)
   *[no] {""}
  } for the hand limit.
gd-ev-homeland-paid = { $party } { $paid ->
    [yes] pays 3 money for a Republic fleet (homeland defence)
   *[no] cannot pay for the homeland defence: law broken
  }.
gd-ev-taxes-spent = The turn's taxes ({ $money } money) buy { $fleets } Republic fleet(s).
gd-ev-tax-paid = { $party } pays { $amount } money of tax ({ $action }) to the Republic.
gd-ev-tax-unpaid = { $party } cannot pay the tax of { $amount } money ({ $action }): the tax law is broken.
gd-ev-sector-gift = { $party } receives { $amount } { $resource ->
    [money] money
   *[influence] influence
  } from sector { $sector }.
gd-ev-default = { $party }: { $kind ->
    [nothing-filed] nothing filed (no orders received)
    [abstained] abstains on every vote, no veto (no orders received)
    [no-declaration] declares nothing, its fleets stay where they are and defend (no orders received)
    [no-answer] plays no card and adds nothing (no answer)
   *[passed] passes, buys nothing (no answer)
  }.
gd-ev-resigned = { $party } resigns: the party stays on the board and passes from now on.
gd-ev-tie-one-more-turn = Tie for victory between { $parties }: one more game turn.
gd-ev-ended = The game is over: { $how }
