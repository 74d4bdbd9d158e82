# Stellarium: what the acknowledgement says of order lines (src/games/stellarium/orders/, status.rs).

## Rule 0.3: the minimal orders missing for OR. $order: founder | location | baptism | training;
## $subject: the founder's number (founder) or the character's first name.
stellarium-missing = { $order ->
    [founder] CHARACTER { $subject } missing
    [baptism] BAPTISM missing for { $subject }
    [training] TRAINING missing for { $subject }
   *[location] LOCATION missing for { $subject }
  }
## The same, when the line that would have given it was refused ($line: its number).
stellarium-missing-refused = { $order ->
    [founder] CHARACTER { $subject }
    [baptism] BAPTISM for { $subject }
    [training] TRAINING for { $subject }
   *[location] LOCATION for { $subject }
  }: line { $line } was refused (see above)

## Why an order line is refused (src/games/stellarium/orders/refusal.rs: one id per Refusal).
## $name: a character as the reader writes it; $gender: f | m; $rule: a rule number.

# The words of an order where something is missing ($slot: a Slot key).
stellarium-slot = { $slot ->
    [location-ship] LOCATION … SHIP
    [buy] BUY
    [ransom] RANSOM
    [marriage-groom] MARRIAGE (the groom)
    [marriage-bride] MARRIAGE (the bride)
    [marriage-priest] MARRIAGE (the priest)
    [births] BIRTHS
    [bastard] BASTARD
    [transfer] TRANSFER
    [transfer-from] TRANSFER (family giving)
    [transfer-to] TRANSFER (family receiving)
    [baptism] BAPTISM
    [baptism-priest] BAPTISM (the priest)
    [training] TRAINING
    [coup] COUP
    [deposition] DEPOSE
    [verdict] VERDICT
    [resign] RESIGN
    [founder] CHARACTER
    [candidacy] CANDIDATE
    [candidacy-governor] CANDIDATE … GOVERNOR
    [contract] CONTRACT
    [contract-assassination] CONTRACT … ASSASSINATION
    [contract-kidnapping] CONTRACT … KIDNAPPING
    [contract-scandal] CONTRACT … SCANDAL
    [contract-sabotage] CONTRACT … SABOTAGE
    [contract-rebellion] CONTRACT … REBELLION
    [contract-treason] CONTRACT … TREASON
    [expedition] EXPEDITION
    [expedition-captain] EXPEDITION … CAPTAIN
    [emperor-disgrace] EMPEROR DISGRACE
    [emperor-special-disgrace] EMPEROR SPECIAL-DISGRACE
    [emperor-remove-judge] EMPEROR REMOVE-JUDGE
    [emperor-target] EMPEROR TARGET
    [emperor-pardon] EMPEROR PARDON
    [archpope-disgrace] ARCHPOPE DISGRACE
    [archpope-excommunicate] ARCHPOPE EXCOMMUNICATE
    [archpope-pardon] ARCHPOPE PARDON
    [archpope-prosthesis] ARCHPOPE PROSTHESIS
    [archpope-remarriage] ARCHPOPE REMARRIAGE
    [general-disgrace] GENERAL DISGRACE
    [general-commander] GENERAL COMMANDER
    [general-patrol] GENERAL PATROL
    [commander-disgrace] GRAND-COMMANDER DISGRACE
    [commander-forbid] GRAND-COMMANDER FORBID
    [commander-permit] GRAND-COMMANDER PERMIT
    [master-disgrace] MASTER-MERCHANT DISGRACE
    [master-remove-post] MASTER-MERCHANT REMOVE-POST
    [master-close] MASTER-MERCHANT CLOSE
    [master-ban-exchange] MASTER-MERCHANT BAN-EXCHANGE
   *[location] LOCATION
  }

stellarium-refusal-not-founded = Your family is not founded yet: this turn, only CHARACTER, ADVERTISING, BID and CANDIDATE are possible.
stellarium-refusal-pnj = Your family has become an NPC family (0.4): it takes no more orders; you may register a new family.
stellarium-refusal-foundation-only = CHARACTER and ADVERTISING are only possible in the family's founding turn (turn 0).
stellarium-refusal-in-debt = Your family ended the previous cycle in debt ({ $money } M$): { $act ->
    [bid] no bid (28.5)
    [exchange] no speculation on the exchange (5.3.2)
    [purchase] no purchase (1)
   *[contract] no contract with the Dark Tentacle (2.0.3)
  }.
stellarium-refusal-unclosed-quote = { $reason } (closing quote missing)

stellarium-refusal-unknown-character-id = Unknown character { $id }.
stellarium-refusal-dead = { $name } died in { $year }.
stellarium-refusal-not-yours = { $name } does not belong to your family.
stellarium-refusal-in-prison = { $name } is in the penal colony ({ $planet }) for { $years } more years.
stellarium-refusal-captive = { $name } is a prisoner { $captor ->
    [dark-tentacle] of the Dark Tentacle
    [rebels] of the rebels
   *[pouarks] of the Pouarks
  }.
stellarium-refusal-not-head = No character of your family is { $pyramid ->
        [government] Emperor
        [church] Archpope
        [army] Grand General
        [explorers] Grand Commander
       *[merchants] Master Merchant
  }: this power is closed to you.
stellarium-refusal-head-not-disgraced = { $name } is the head of the pyramid: a head cannot be disgraced (20.1).
stellarium-refusal-not-below-head = { $name } is neither heir nor councillor of the { $pyramid ->
        [government] Imperial Government
        [church] Unified Cosmic Church
        [army] Imperial Army
        [explorers] Explorers' Guild
       *[merchants] Merchants' Guild
  } pyramid ({ $rule }).
stellarium-refusal-not-below-any-head = { $name } is heir or councillor of no pyramid (18.1).
stellarium-refusal-not-in-army = { $name } is not in the Army pyramid ({ $rule }).
stellarium-refusal-not-judge = { $name } is not a judge of the High Court ({ $rule }).

stellarium-refusal-advertising-twice = ADVERTISING is already given above.
stellarium-refusal-advertising-zero = ADVERTISING: buy at least 1 PP.
stellarium-refusal-advertising-too-dear = ADVERTISING: { $n } PP cost { $n } M$, your family has only { $money } M$ (d).
stellarium-refusal-founder-twice = Character no. { $n } is already given above.
stellarium-refusal-first-name-taken = The first name { $first_name } is already taken in your family.
stellarium-refusal-founder-needs-training = Character no. { $n } must be given a training: PRIEST, WARRIOR, EXPLORER or MERCHANT (c).
stellarium-refusal-founder-too-young = Character no. { $n } is too young for a training (c).
stellarium-refusal-founder-married-priest = Character no. { $n } is already married: only nos. 5 and 6 may be priests (c).
stellarium-refusal-pp-over-pool = The PP shared out exceed the { $pool } PP available ({ $used } already given above, { $here } here) (d).
stellarium-refusal-bid-twice = One BID per family and per turn: the one above is kept.
stellarium-refusal-no-ship-for-sale = No exploration ship is for sale this turn (28).
stellarium-refusal-bid-zero = BID: the amount must be at least 1 M$ (e).
stellarium-refusal-bid-unpayable = BID of { $amount } M$: your family will have only { $left } M${ $advertising ->
    [0] {""}
   *[other] {" "}({ $money } M$ less { $advertising } M$ of ADVERTISING)
  } to pay for the ship; a bid it cannot pay cannot win (e, 28.1).
stellarium-refusal-ship-name-taken = A ship is already called "{ $ship_name }": propose another name (28.6).
stellarium-refusal-bid-bad-ship-name = BID: invalid ship name.
stellarium-refusal-candidacy-twice = This candidacy is already given above.
stellarium-refusal-founder-not-given = Character no. { $n } is not given (or is given wrongly) by a CHARACTER line.
stellarium-refusal-candidate-too-young = { $first_name } is too young and untrained: no candidacy (27.3.3).
stellarium-refusal-judge-pp-too-low = { $first_name } will have only { $pp } PP: a judge's candidate needs at least 10 PP (27.2.2).
stellarium-refusal-candidate-untrained = { $name } has no training yet (27.3.3).
stellarium-refusal-already-judge = { $name } is already a judge.
stellarium-refusal-no-governor-there = { $planet } is not a colony: no governor (27.4.7).
stellarium-refusal-not-imperial = { $planet } is not held by the Empire ({ $rule }).
stellarium-refusal-no-post-candidate = Your family has no trading post on { $planet }: { $name } cannot stand there (27.4.2).

stellarium-refusal-not-hostage = { $name } is not a hostage of the Dark Tentacle (2.2.4).
stellarium-refusal-ransom-twice = The ransom of { $name } is already paid above.
stellarium-refusal-births-unmarried = { $name } is not married: BIRTHS has no object (7.1).
stellarium-refusal-births-twice = BIRTHS is already given above for { $name }.
stellarium-refusal-already-trained = { $name } already has a training.
stellarium-refusal-too-young-to-train = { $name } is too young: training comes in the cycle after birth (10.1).
stellarium-refusal-training-twice = TRAINING is already given above for { $name }.
stellarium-refusal-coup-twice = COUP is already given above for { $name }.
stellarium-refusal-deposition-twice = This DEPOSE is already given above.
stellarium-refusal-resign-twice = This RESIGN is already given above.
stellarium-refusal-location-untrained = { $name } has no training yet: no LOCATION before training (10).
stellarium-refusal-location-twice = A LOCATION is already given above for { $name }.
stellarium-refusal-captain-elsewhere = { $name } is the captain of the expedition of the ship "{ $ship }".
stellarium-refusal-guest-elsewhere = { $name } is invited above on your expedition of the ship "{ $ship }": the guest leaves only if the LOCATION is SHIP "{ $ship }" (4.6); remove the guest from GUESTS to place them elsewhere.
stellarium-refusal-judge-stays = { $name } is a judge: judges do not leave Stellarium (27.2.5).
stellarium-refusal-governor-stays = { $name } is governor of { $planet } for this cycle and stays there (27.4.4).
stellarium-refusal-not-merchant-exchange = { $name } is not a merchant: only merchants go to the exchange (5.3).
stellarium-refusal-stakes-over-money = The stakes on the exchange ({ $staked } M$ with this one) exceed your family's { $money } M$ at the start of the turn (5.3.2).
stellarium-refusal-unknown-planet = Unknown planet "{ $planet }".
stellarium-refusal-not-imperial-colony = { $planet } is not a colony of the Empire.
stellarium-refusal-no-post-merchant = Your family has no trading post on { $planet }: a merchant cannot go there (5.2).
stellarium-refusal-priest-stays = { $name } is a priest: priests leave Stellarium only for an expedition (cycle).
stellarium-refusal-explorer-stays = { $name } is an explorer: on an expedition or on Stellarium only (4.9).
stellarium-refusal-not-warrior-fleet = { $name } is not a warrior: only warriors serve in the fleets (6.1).
stellarium-refusal-merchant-no-expedition = { $name } is a merchant: merchants trade or speculate (5.1), they do not go on expeditions (4.3).
stellarium-refusal-ship-out-of-service = The ship "{ $ship }" is no longer in service.
stellarium-refusal-purchase-captive = { $name } is a prisoner of the rebels or of the Pouarks: no purchase (1).
stellarium-refusal-item-twice = { $item ->
        [capsule] CAPSULE
        [bodyguards] BODYGUARDS
        [doctor] DOCTOR
        [insurance] INSURANCE
       *[prosthesis] PROSTHESIS
  } is already bought above for { $name }.
stellarium-refusal-max-prostheses = { $name } already has { $max } cyberprostheses, the most in a lifetime (1.3.2).
stellarium-refusal-prosthesis-this-turn = { $name } already received a cyberprosthesis this turn (1.3.2).
stellarium-refusal-purchases-over-money = The purchases ({ $total } M$ with this line) exceed your family's { $money } M$ (1).
stellarium-refusal-contract-prisoner = { $name } is in the penal colony or a prisoner: no contract with the Dark Tentacle (2.0.3).
stellarium-refusal-contract-twice = { $name } already sponsors a contract above: one per turn (2.8.4).
stellarium-refusal-contract-credit = Your credit with the Dark Tentacle allows only { $credit } { $credit ->
    [one] contract
   *[other] contracts
  } (2.8.1).
stellarium-refusal-contract-zero = CONTRACT: offer at least 1 M$.
stellarium-refusal-offers-over-money = The contract offers ({ $offered } M$ with this one) exceed the { $left } M$ your family has left after its purchases (2.8.1).
stellarium-refusal-contract-self = CONTRACT: the sponsor cannot target himself.
stellarium-refusal-rebellion-not-colony = { $planet } is not a colony held by the Empire (2.6.1).
stellarium-refusal-marriage-not-ours = Neither the groom nor the bride belongs to your family (3.7).
stellarium-refusal-not-a-man = { $name } is not a man: the groom comes first, then the bride.
stellarium-refusal-not-a-woman = { $name } is not a woman: the groom comes first, then the bride.
stellarium-refusal-same-family-marriage = The Church forbids marriages within one family (3.2).
stellarium-refusal-marriage-untrained = { $name } has no training yet: no marriage (3.5).
stellarium-refusal-priest-no-marriage = { $name } is a { $gender ->
    [f] priestess
   *[m] priest
  }: priests cannot marry (3.5).
stellarium-refusal-heretic-no-marriage = { $name } is a heretic: heretics cannot marry (3.5).
stellarium-refusal-captive-no-marriage = { $name } is a prisoner (Dark Tentacle, rebels or Pouarks): no marriage (3, 22.5).
stellarium-refusal-already-married = { $name } is already married: there is no divorce (3.6).
stellarium-refusal-marriage-twice = { $name } already has a MARRIAGE above.
stellarium-refusal-not-priest-marriage = { $name } is not a priest: only a priest celebrates a marriage (3.7).
stellarium-refusal-heretic-priest-marriage = { $name } is a heretic: no marriage celebrated by a heretic.
stellarium-refusal-three-marriages = More than three marriages at the same time with the { $family } family are forbidden (3.4).
stellarium-refusal-bastard-twice = One BASTARD per turn (7.7).
stellarium-refusal-bastard-single-man = Your family still has a single or widowed man who is not a priest ({ $first_name }): no bastard (7.7).
stellarium-refusal-bastard-young-wife = { $first_name } is married to a woman under 41: no bastard (7.7).
stellarium-refusal-unknown-ship = Unknown ship "{ $ship }".
stellarium-refusal-ship-not-ours = The ship "{ $ship }" is not your family's this turn (4.2: it may be lent or sold to you by TRANSFER).
stellarium-refusal-expedition-twice = An EXPEDITION is already given above for "{ $ship }".
stellarium-refusal-captain-not-explorer = { $name } is not an explorer: only an explorer can be captain (4.7).
stellarium-refusal-captain-cannot-leave = { $name } is a judge or a governor and cannot leave (27.2.5, 27.4.4).
stellarium-refusal-captain-on-another = { $name } already leaves with another expedition above.
stellarium-refusal-captain-other-location = { $name } already has another LOCATION above.
stellarium-refusal-captain-invited = { $name } is the captain: no need to invite the captain.
stellarium-refusal-guest-wrong-location = { $name } is invited but the LOCATION above is not SHIP "{ $ship }": the guest would not leave (4.6). Correct the LOCATION or remove the guest from GUESTS.
stellarium-refusal-transfer-not-ours = Your family must be the one giving or the one receiving (28.4).
stellarium-refusal-transfer-same-family = TRANSFER: both families are the same.
stellarium-refusal-ship-owner = The ship "{ $ship }" belongs to the { $owner } family, not to { $from } (4.2).
stellarium-refusal-transfer-twice = A TRANSFER is already given above for "{ $ship }".
stellarium-refusal-already-baptised = { $name } is already baptised (9.1).
stellarium-refusal-born-this-cycle = { $name } was born this cycle: baptism comes next turn (9.1).
stellarium-refusal-baptism-twice = A BAPTISM is already given above for { $name }.
stellarium-refusal-not-priest-baptism = { $name } is not a priest: only a priest baptises (9.1).
stellarium-refusal-heretic-baptism = { $name } is a heretic: no baptism by a heretic (9.1).
stellarium-refusal-not-judge-nor-emperor = { $name } is neither a judge nor the Emperor: no verdict (22.2).
stellarium-refusal-no-such-case = There is no case no. { $case_no } to judge this turn.
stellarium-refusal-judge-accused = { $name } is the accused of case no. { $case_no }: a judge does not judge himself (22.7).
stellarium-refusal-bad-sentence = The sentence must be 10, 20, 30, 40 or 50 years, not { $years } (22.2).
stellarium-refusal-verdict-twice = { $name } already has a verdict above for case no. { $case_no }.

stellarium-refusal-power-twice = { $power ->
    [emperor-disgrace] EMPEROR DISGRACE is already given above: once per turn.
    [emperor-special-disgrace] EMPEROR SPECIAL-DISGRACE is already given above: once per turn.
    [emperor-remove-judge] EMPEROR REMOVE-JUDGE is already given above: once per turn.
    [emperor-war] EMPEROR WAR is already given above: once per turn.
    [emperor-target] EMPEROR TARGET is already given above: once per turn.
    [emperor-pardon] EMPEROR PARDON is already given above: once per turn.
    [archpope-disgrace] ARCHPOPE DISGRACE is already given above: once per turn.
    [archpope-excommunicate] ARCHPOPE EXCOMMUNICATE is already given above: once per turn (19.1).
    [archpope-pardon] ARCHPOPE PARDON is already given above: one per cycle (25.1).
    [general-coup] GENERAL COUP-D-ETAT is already given above.
    [general-disgrace] GENERAL DISGRACE is already given above: once per turn.
    [general-strategy] GENERAL STRATEGY is already given above.
    [general-patrol] GENERAL PATROL is already given above.
    [commander-disgrace] GRAND-COMMANDER DISGRACE is already given above: once per turn.
    [commander-forbid] GRAND-COMMANDER FORBID is already given above: one ship per turn (4.8).
    [master-disgrace] MASTER-MERCHANT DISGRACE is already given above: once per turn.
    [master-remove-post] MASTER-MERCHANT REMOVE-POST is already given above: once per turn.
   *[master-close] MASTER-MERCHANT CLOSE is already given above: one planet per turn.
  }
stellarium-refusal-no-pouark-planet = No known planet is in the hands of the Pouarks: no war possible (12.2).
stellarium-refusal-not-pouark = { $planet } is not in the hands of the Pouarks (12.2).
stellarium-refusal-not-sentenced-nor-accused = { $name } is neither in the penal colony nor accused in a trial (24).
stellarium-refusal-already-heretic = { $name } is already a heretic.
stellarium-refusal-not-heretic = { $name } is not a heretic (25.1).
stellarium-refusal-permit-twice = { $name } already has an authorisation above (1.3.4).
stellarium-refusal-prosthesis-permits = The Archpope may grant only { $max } cyberprosthesis { $max ->
    [one] authorisation
   *[other] authorisations
  } per turn (J/4 rounded up, 1.3.4).
stellarium-refusal-not-widowed = { $name } is not a widower or widow (3.6).
stellarium-refusal-coup-not-allowed = Only the Grand General, or in his absence the Army's 1st heir, may launch a coup (17.1).
stellarium-refusal-fleet-commander-twice = GENERAL COMMANDER { $fleet } is already given above.
stellarium-refusal-other-fleet = { $name } already commands the other fleet.
stellarium-refusal-patrol-too-many = GENERAL PATROL: three planets at most (11.2.2).
stellarium-refusal-patrol-not-colony = { $planet } is not a colony of the Empire or held by the rebels (11.3).
stellarium-refusal-patrol-too-few = GENERAL PATROL: name three colonies (11.2.2).
stellarium-refusal-not-explorer = { $name } is not an explorer (4.7).
stellarium-refusal-needs-no-permit = { $name } is in the explorers' pyramid and needs no permit (4.7).
stellarium-refusal-exploration-permit-twice = { $name } already has a permit above.
stellarium-refusal-permits-max = The Grand Commander grants only 2 exploration permits per turn (4.7).
stellarium-refusal-no-post = The { $family } family has no trading post on { $planet }.
stellarium-refusal-not-colony = { $planet } is not a colony.
stellarium-refusal-ban-twice = The { $family } family is already banned from the exchange above.
stellarium-refusal-ban-max = The Master Merchant may ban only { $max } { $max ->
    [one] family
   *[other] families
  } from the exchange this turn (families with merchants / 4, rounded up).

stellarium-refusal-extra-words = Extra words at the end of the order: "{ $words }".
stellarium-refusal-empty-line = Empty line.
stellarium-refusal-unknown-order = Unknown order "{ $word }".
stellarium-refusal-missing-character = { $slot }: the character is missing.
stellarium-refusal-missing-first-name = { $slot }: the first name is missing.
stellarium-refusal-missing-planet = { $slot }: the planet is missing.
stellarium-refusal-missing-ship = { $slot }: the ship's name is missing.
stellarium-refusal-missing-family = { $slot }: the family is missing.
stellarium-refusal-unknown-family = Unknown family "{ $family }".
stellarium-refusal-unknown-character-ours = Unknown character "{ $name }" in your family.
stellarium-refusal-unknown-character-elsewhere = Unknown character "{ $name }" in your family (for a character of another family, write FirstName/Family).
stellarium-refusal-unknown-character-in = Unknown character "{ $name }" in the { $family } family.
stellarium-refusal-advertising-syntax = ADVERTISING expects a number of PP to buy (ADVERTISING 5).
stellarium-refusal-bid-syntax = BID expects an amount then the ship's name (BID 5 "Aurora").
stellarium-refusal-bid-no-name = BID: the name proposed for the ship is missing (28.6).
stellarium-refusal-unknown-item = BUY: unknown item "{ $word }" (CAPSULE, BODYGUARDS, PROSTHESIS, DOCTOR, INSURANCE).
stellarium-refusal-item-written-twice = BUY: { $item ->
        [capsule] CAPSULE
        [bodyguards] BODYGUARDS
        [doctor] DOCTOR
        [insurance] INSURANCE
       *[prosthesis] PROSTHESIS
  } is written twice.
stellarium-refusal-no-items = BUY: the items bought are missing (CAPSULE, BODYGUARDS, PROSTHESIS, DOCTOR, INSURANCE).
stellarium-refusal-births-syntax = BIRTHS expects NO or a maximum number of births (BIRTHS Paul 2).
stellarium-refusal-transfer-no-amount = TRANSFER: the amount in M$ is missing (0 for a free loan).
stellarium-refusal-transfer-kind = TRANSFER: write LOAN or SALE at the end of the line.
stellarium-refusal-coup-syntax = COUP: write FOR or AGAINST.
stellarium-refusal-deposition-syntax = DEPOSE: name the pyramid (GOVERNMENT, CHURCH, ARMY, EXPLORERS, MERCHANTS).
stellarium-refusal-verdict-no-case = VERDICT: the case number is missing (see the report).
stellarium-refusal-verdict-syntax = VERDICT: write GUILTY, INNOCENT or ABSTAIN.
stellarium-refusal-verdict-no-years = VERDICT: the proposed sentence is missing (10, 20, 30, 40 or 50 years), even for an innocent (22.2).
stellarium-refusal-founder-syntax = CHARACTER expects a number from 1 to 8 (CHARACTER 1 Paul M WARRIOR +5).
stellarium-refusal-founder-number = CHARACTER: the number must be from 1 to 8, not { $n }.
stellarium-refusal-founder-sex = CHARACTER: give the sex after the first name, M or F.
stellarium-refusal-candidacy-syntax = CANDIDATE: write JUDGE, or GOVERNOR followed by the planet.
stellarium-refusal-place-missing = LOCATION: the place is missing (STELLARIUM, a colony, EXCHANGE S|N|R 1-3, FLEET 1|2, SHIP "name").
stellarium-refusal-exchange-syntax = EXCHANGE: give the placement S, N or R and the stake from 1 to 3 M$ (EXCHANGE S 2).
stellarium-refusal-exchange-stake = EXCHANGE: the stake is 1 to 3 M$ per merchant (5.3.1), not { $amount }.
stellarium-refusal-fleet-syntax = FLEET: write 1 (against the Pouarks) or 2 (against the rebels).
stellarium-refusal-unknown-place = Unknown place "{ $word }": STELLARIUM, a colony, EXCHANGE S|N|R 1-3, FLEET 1|2 or SHIP "name" are possible.
stellarium-refusal-contract-no-amount = CONTRACT: the amount offered in M$ is missing after the sponsor.
stellarium-refusal-unknown-contract-kind = CONTRACT: unknown kind of contract "{ $word }" (ASSASSINATION, KIDNAPPING, SCANDAL, SABOTAGE, BOMB, REBELLION, TREASON).
stellarium-refusal-expedition-no-captain = EXPEDITION: write CAPTAIN then the captain after the ship's name.
stellarium-refusal-expedition-no-planet-name = EXPEDITION: the name proposed after PLANET is missing.
stellarium-refusal-expedition-empty-planet-name = EXPEDITION: the name proposed for the planet is empty.
stellarium-refusal-general-commander-syntax = GENERAL COMMANDER: give the fleet, 1 or 2, then the character.
stellarium-refusal-strategy-syntax = GENERAL STRATEGY: write OFFENSIVE or DEFENSIVE.
stellarium-refusal-patrol-planet-twice = GENERAL PATROL: the same planet is written twice.
stellarium-refusal-patrol-no-colonies = GENERAL PATROL: the three colonies are missing.
stellarium-refusal-ban-no-family = MASTER-MERCHANT BAN-EXCHANGE: the family or families are missing.
stellarium-refusal-power-missing-action = { $head ->
    [emperor] EMPEROR: the action is missing (DISGRACE, SPECIAL-DISGRACE, REMOVE-JUDGE, WAR, TARGET, PARDON).
    [archpope] ARCHPOPE: the action is missing (DISGRACE, EXCOMMUNICATE, PARDON, PROSTHESIS, REMARRIAGE).
    [general] GENERAL: the action is missing (DISGRACE, COMMANDER, STRATEGY, PATROL, COUP-D-ETAT).
    [commander] GRAND-COMMANDER: the action is missing (DISGRACE, FORBID, PERMIT).
   *[master] MASTER-MERCHANT: the action is missing (DISGRACE, REMOVE-POST, CLOSE, BAN-EXCHANGE).
  }
stellarium-refusal-power-unknown-action = { $head ->
    [emperor] EMPEROR: unknown action "{ $word }" (DISGRACE, SPECIAL-DISGRACE, REMOVE-JUDGE, WAR, TARGET, PARDON).
    [archpope] ARCHPOPE: unknown action "{ $word }" (DISGRACE, EXCOMMUNICATE, PARDON, PROSTHESIS, REMARRIAGE).
    [general] GENERAL: unknown action "{ $word }" (DISGRACE, COMMANDER, STRATEGY, PATROL, COUP-D-ETAT).
    [commander] GRAND-COMMANDER: unknown action "{ $word }" (DISGRACE, FORBID, PERMIT).
   *[master] MASTER-MERCHANT: unknown action "{ $word }" (DISGRACE, REMOVE-POST, CLOSE, BAN-EXCHANGE).
  }
stellarium-refusal-unknown-training = Unknown training "{ $word }": PRIEST, WARRIOR, EXPLORER or MERCHANT.
stellarium-refusal-training-missing = Training missing or unknown: PRIEST, WARRIOR, EXPLORER or MERCHANT.
stellarium-refusal-first-name-empty = The first name is empty.
stellarium-refusal-first-name-separator = The first name "{ $name }" cannot contain "/" or ",".
stellarium-refusal-not-a-first-name = "{ $name }" is not a first name.
stellarium-refusal-first-name-reserved = "{ $name }" is reserved for newborns not yet baptised.
stellarium-refusal-name-too-long = A name of { $chars } characters: { $max } at most.

## The pre-filled order form's comments (form.rs).
stellarium-form-unknown-family = No such family in this game.
stellarium-form-header = Turn { $turn } (years { $from }–{ $to }) — { $family }: { $money } M$
stellarium-form-places = Places (minimal order): STELLARIUM, a colony, EXCHANGE S|N|R 1-3, FLEET 1|2, SHIP "name"
## A character's LOCATION line; $training is a stellarium-training message, $last_en the place of the last cycle (English keywords).
stellarium-form-character = { $training }, aged { $age }, { $pp } PP
stellarium-form-character-last = { $training }, aged { $age }, { $pp } PP — last cycle: { $last_en }
stellarium-form-young = The young (minimal orders): BAPTISM young FirstName [priest]; TRAINING young PRIEST|WARRIOR|EXPLORER|MERCHANT
stellarium-form-born = { $gender ->
    [f] girl
   *[m] boy
  } born in { $year }
stellarium-form-ship-for-sale = Exploration ship for sale: BID <M$> "<ship's name>"
stellarium-form-trial = Case no. { $case }: { $accused } — VERDICT <judge> { $case } GUILTY|INNOCENT <10-50> or ABSTAIN (judges: { $judges })
## The orders open to a head of pyramid; $title is a stellarium-head-title message.
stellarium-form-power = { $title } ({ $name }): { $pyramid ->
    [government] EMPEROR DISGRACE|SPECIAL-DISGRACE <who>; EMPEROR REMOVE-JUDGE <judge>; EMPEROR WAR; EMPEROR TARGET <Pouark planet>; EMPEROR PARDON <who>
    [church] ARCHPOPE DISGRACE|EXCOMMUNICATE|PARDON <who>; ARCHPOPE PROSTHESIS <who>…; ARCHPOPE REMARRIAGE <who>…
    [army] GENERAL DISGRACE <who>; GENERAL COMMANDER 1|2 <who>; GENERAL STRATEGY OFFENSIVE|DEFENSIVE; GENERAL PATROL <c> <c> <c>; GENERAL COUP
    [explorers] GRAND-COMMANDER DISGRACE <who>; GRAND-COMMANDER FORBID "<ship>"; GRAND-COMMANDER PERMIT <who> [<who>]
   *[merchants] MASTER-MERCHANT DISGRACE <who>; MASTER-MERCHANT REMOVE-POST <family> <colony>; MASTER-MERCHANT CLOSE <colony>; MASTER-MERCHANT BAN-EXCHANGE <family>…
  }
stellarium-form-foundation = Founding the family: CHARACTER n FirstName M|F [TRAINING] [+PP], n = 1 to 8
stellarium-form-foundation-trainings = Training required for 1 to 6 (PRIEST only for 5 and 6), none for 7 and 8; { $pool } PP to share out (+1 per PP bought: ADVERTISING n)
## What founder $n starts with (turn 0, b–f).
stellarium-form-founder = { $n ->
    [1] married, 10 PP to start
    [2] married, 10 PP to start
    [3] married, 5 PP to start
    [4] married, 5 PP to start
    [5] 5 PP to start
    [6] 0 PP to start
   *[other] too young for a training
  }
stellarium-form-first-ship = Bid for the first ship: BID <1-10 M$> "<ship's name>"
stellarium-form-candidacies = Candidacies: CANDIDATE <first name> JUDGE (10 PP at least); CANDIDATE <first name> GOVERNOR <colony>

# Registration refusals (0.4).
stellarium-register-name-empty = The family name is empty.
stellarium-register-name-slash = The family name cannot contain "/".
stellarium-register-over = The game is over.
stellarium-register-late = This game accepts no registration after turn 0.
stellarium-register-taken = Family { $name } already exists in this game.
