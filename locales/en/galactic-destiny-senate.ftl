# Galactic Destiny: why an order of the senate's steps or of any step (bank, trades, promises, laws)
# could not be carried out when its step was played (src/games/galactic_destiny/common.rs, senate/).
galactic-destiny-resource-name = { $resource ->
    [money] money
   *[influence] influence
}
galactic-destiny-no-mirror = { $party } did not write the mirror line in this step: nothing is done.
galactic-destiny-deal-unknown = No deal A{ $deal } in force that you are party to.
galactic-destiny-shadow-needs-three = { $senator } is not one of your senators in play with at least 3 corruption.
galactic-destiny-not-prime-minister = Your party does not hold the Prime Minister's post.
galactic-destiny-free-trade-senate-only = The "Free Trade Agreement" law is in force: a trade of resources, fleets or sectors is filed in the senate (the filing step) and must be ratified by a vote.
galactic-destiny-trade-parties = A trade is made between two different parties in play.
galactic-destiny-fleet-cap = { $party } would have more than { $max } fleets in play.
galactic-destiny-lacks-resource = { $party } does not have { $amount } { galactic-destiny-resource-name }.
galactic-destiny-lacks-sector = { $party } does not control sector { $sector }.
galactic-destiny-lacks-senator = { $senator } is neither in play nor waiting with { $party }.
galactic-destiny-lacks-card = { $party } does not hold the card "{ $card }".
galactic-destiny-lacks-fleets = { $party } does not have { $count } fleets in sector { $sector }.
galactic-destiny-law-not-binding = The law "{ $law }" does not bind you now (not in force, or already broken this turn).
galactic-destiny-cannot-be-tried = { $senator } cannot be tried: no longer in play, or already tried this turn.
galactic-destiny-cannot-be-audited = { $senator } cannot be audited: no longer in play, or already audited this turn.
galactic-destiny-veto-not-proposal = #{ $item } is not a general proposal (a law or a trade to ratify): no veto.
galactic-destiny-not-minister = Your party does not hold { $ministry ->
    [finance] the Finance ministry
   *[justice] the Justice ministry
} after the elections: nothing is done.
