# Galactic Destiny: the acknowledgement of the orders of the senate (S1, S2) and the purchases (P)
# (design note §3): why a line is refused, and the referee's notes on an accepted one.

gd-order-law-integrity = Virtuous Integrity Act (INTEGRITY)
gd-order-law-homeland = Homeland Defence Initiative (HOMELAND)
gd-order-law-free-trade = Free Trade Agreement (FREE-TRADE)
gd-order-law-watch = Democratic Watch Committee (WATCH)
gd-order-law-movement = Movement Declaration (MOVEMENT)
gd-order-law-education = Freedom of Speech and Education Consulate (EDUCATION)
gd-order-law-tax = Tax of { $amount } money per { $action } (TAX)
gd-order-ministry = { $ministry ->
    [pm] Prime Minister (PM)
    [interior] Minister of the Interior (INTERIOR)
    [finance] Minister of Finance (FINANCE)
    [justice] Minister of Justice (JUSTICE)
   *[defence] Minister of Defence (DEFENCE)
}
gd-order-resource = { $resource ->
    [money] money
   *[influence] influence
}

gd-order-refused-not-a-party = you play no party in this game
gd-order-refused-not-started = the game has not started: no orders before setup
gd-order-refused-over = the game is over
gd-order-refused-unknown-order = unknown order: "{ $written }"
gd-order-refused-wrong-step = { $order } is valid only in step { $steps } (S1: senate filings; S2: senate votes; I: invasion windows; B: before the battles; C: campaign windows; K: before the ballots; P: purchases)
gd-order-refused-not-yet = an order of the intrigue or the cards, not refereed yet (issue #28): the line is ignored
gd-order-refused-free-laws = only for free laws: the setting propositions = "libres" is needed (not in this game)
gd-order-refused-listed-laws-only = { $taxes ->
    [yes] only the six listed laws and taxes (TAX <action> <money>) may be proposed (no free proposals in this game)
   *[no] only the six listed laws may be proposed (no taxes and no free proposals in this game)
}
gd-order-refused-tax-action-missing = an action to tax was expected (INVASION, CAMPAIGN, MOVE, BUY-FLEET, RECRUIT, ASSASSINATION)
gd-order-refused-unknown-tax-action = no such action to tax: "{ $written }" (INVASION, CAMPAIGN, MOVE, BUY-FLEET, RECRUIT, ASSASSINATION)
gd-order-refused-no-tax = no tax on { $action } is in force
gd-order-refused-tax-amount = a tax of 1 to { $max } money
gd-order-refused-number = a number was expected, not "{ $written }"
gd-order-refused-zero = at least 1 is needed
gd-order-refused-too-many = { $written } is too many
gd-order-refused-extra = word too many: "{ $written }"
gd-order-refused-resource = a resource was expected: MONEY or INFLUENCE
gd-order-refused-not-enough = you need { $need } { $resource } and have only { $have } left (counting the lines above)
gd-order-refused-party-missing = a party was expected (GSP, BIP, POP, TMP, CoS, PPF)
gd-order-refused-unknown-party = unknown party: "{ $written }"
gd-order-refused-party-not-in-game = party { $party } does not play in this game
gd-order-refused-self = not with your own party
gd-order-refused-senator-missing = a senator was expected
gd-order-refused-unknown-senator = unknown senator: "{ $written }"
gd-order-refused-senator-dead = { $senator } is dead
gd-order-refused-not-in-play = { $senator } is not in play
gd-order-refused-not-your-senator = { $senator } is not one of your senators
gd-order-refused-not-in-senate = { $senator } is not in the senate (seduced)
gd-order-refused-sector-missing = a sector was expected
gd-order-refused-unknown-sector = unknown sector: "{ $written }"
gd-order-refused-sector-not-held = sector { $sector } does not belong to party { $party }
gd-order-refused-not-your-sector = sector { $sector } is not yours: fleets are bought in your sectors
gd-order-refused-fleets-there = party { $party } has only { $have } fleet(s) in sector { $sector }
gd-order-refused-not-yours-to-give = { $senator } is neither one of your senators in play nor one waiting for you (or is given already)
gd-order-refused-senator-of-other = { $senator } is in play but not with party { $party }
gd-order-refused-card-missing = a card was expected, in quotes
gd-order-refused-unknown-card = unknown card: "{ $written }"
gd-order-refused-card-not-in-hand = you do not (or no longer) hold "{ $card }"
gd-order-refused-trade-item = a trade item was expected: <n> MONEY, <n> INFLUENCE, SECTOR <n>, SENATOR <name>, CARD "<card>" or FLEETS <n> <sector>
gd-order-refused-trade-empty = a trade gives or gets at least one item
gd-order-refused-free-trade = the Free Trade Agreement is in force: trades of resources, fleets or sectors are made only in S1, ratified by a vote
gd-order-refused-terms-missing = the terms of the deal were expected, in quotes
gd-order-refused-too-many-deals = at most { $max } deal(s) per party and step (setting accords_max): this one is not offered
gd-order-refused-deal-missing = a deal was expected (A1, A2…)
gd-order-refused-unknown-deal = unknown deal: "{ $written }"
gd-order-refused-not-your-deal = deal A{ $deal } is not yours
gd-order-refused-deal-broken = deal A{ $deal } is broken already
gd-order-refused-law-missing = a law was expected (INTEGRITY, HOMELAND, FREE-TRADE, WATCH, MOVEMENT, EDUCATION)
gd-order-refused-unknown-law = unknown law: "{ $written }"
gd-order-refused-law-not-binding = the law { $law } does not bind you now (not in force, or broken already)
gd-order-refused-shadow = { $senator } has only { $corruption } corruption: a shadow takes 3
gd-order-refused-twice = only one such line per step
gd-order-refused-no-ministry = you do not hold the post of { $ministry }, and no election is held this turn
gd-order-refused-ministry-missing = a ministry was expected (PM, INTERIOR, FINANCE, JUSTICE, DEFENCE)
gd-order-refused-unknown-ministry = unknown ministry: "{ $written }"
gd-order-refused-named-twice = { $name } is named already
gd-order-refused-candidate-twice = you have a candidate for { $ministry } already
gd-order-refused-election-order = four different ministries are needed, PM excepted
gd-order-refused-law-turns = a duration of 1 to { $max } turns
gd-order-refused-law-proposed-twice = you propose the law { $law } already
gd-order-refused-fleet-group = a group was expected: <sector> <n> [FROM <sector>] [ATTACK] [ADMIRAL <senator>]
gd-order-refused-attack = ATTACK only on an infested (or rebel) sector: sector { $sector } is not
gd-order-refused-republic-fleets = the Republic has only { $have } fleet(s), not { $want }
gd-order-refused-republic-fleets-at = the Republic has only { $have } fleet(s) in sector { $sector }, not { $want }
gd-order-refused-already-tried = { $senator } was tried this turn already
gd-order-refused-already-audited = { $senator } was audited this turn already
gd-order-refused-item-missing = an agenda item was expected (#1, #2…)
gd-order-refused-item-form = an agenda item was expected (#1, #2…), not "{ $written }"
gd-order-refused-unknown-item = no item #{ $item }: the agenda has { $count }
gd-order-refused-vote-form = VOTE #<n>, VOTE <ministry> or VOTE FLEET was expected
gd-order-refused-fleet-item = item #{ $item } is a proposal for the Republic's fleet: vote with VOTE FLEET
gd-order-refused-not-fleet-item = item #{ $item } is not a proposal for the Republic's fleet
gd-order-refused-not-general-item = item #{ $item } is not a general proposal (a law, or a trade to ratify): the PM may neither veto nor order it
gd-order-refused-for-against = FOR or AGAINST was expected
gd-order-refused-cap-limit = UPTO { $cap } is more than you may spend on one vote: { $limit } (the diplomacy of your senators in the senate)
gd-order-refused-voted-twice = you vote on item #{ $item } already
gd-order-refused-ranked-twice = the same choice appears twice
gd-order-refused-ballot-empty = at least one choice was expected
gd-order-refused-no-election = no election is held this turn
gd-order-refused-no-candidate = party { $party } has no candidate for { $ministry }
gd-order-refused-not-candidate = { $senator } is no candidate for { $ministry }
gd-order-refused-post-twice = you vote for { $ministry } already
gd-order-refused-buy-what = BUY FLEET <n> <sector> or BUY REPUBLIC-FLEET <n> was expected
gd-order-refused-fleet-cap = { $want } more fleet(s) would make more than 10 in play: room for { $room }
gd-order-refused-republic-cap = { $want } more Republic fleet(s) would make more than 10: room for { $room }
gd-order-refused-infested = sector { $sector } is infested: without a sector, your fleets go to one that is not
gd-order-refused-not-waiting = { $senator } is not among your waiting senators

gd-order-note-cost = costs { $amount } { $resource }
gd-order-note-wasted = { $lost } { $resource } above 99 will be lost
gd-order-note-corruption = { $amount } corruption on { $senator }
gd-order-note-corruption-lost = { $amount } corruption, lost: you have no senator in play
gd-order-note-law-void = the law { $law } binds you no more until the end of the turn
gd-order-note-free-trade = Free Trade Agreement: the trade becomes an agenda item, put to the vote
gd-order-note-mirror = made when party { $party } files the mirror line in this step (everything is checked again then)
gd-order-note-deal = recorded when party { $party } files the same line; the referee does not enforce promises
gd-order-note-election-call = the election is held at the next galactic phase if you are still PM then
gd-order-note-if-ministry = applied if you still hold the post of { $ministry } then
gd-order-note-if-ministry-after-elections = only if you hold the post of { $ministry } after the elections
gd-order-note-only-if-election = only if an election is held
gd-order-note-election-order = used if your party wins PM (or has most senators while PM is vacant)
gd-order-note-law-extends = the law { $law } is in force: passing it again extends it
gd-order-note-tax = { $law }: { $amount } money of tax to the Republic
gd-order-note-tax-unpaid = { $law }: you will not have the { $amount } money of tax; not paying it breaks the law ({ $corruption } corruption)
gd-order-note-tax-replaces = { $law } is in force: passing this tax replaces it (its amount, and its term from this turn)
gd-order-note-no-chair = no minister can chair: the proposal is struck unless someone is in office after the elections
gd-order-note-paid-if-passes = { $amount } influence to pay if the senate passes it
gd-order-note-cap-clipped = you will then have { $left } influence at most: the bid will be limited to what is left
gd-order-note-influence-left = you will have at least { $left } influence left after this vote
gd-order-note-republic-room = parties of better initiative buy first, within the limit of 10
gd-order-note-acts-next-turn = he acts next turn
gd-order-note-hand-limit = discarded only as needed to keep 7 cards, in this order
