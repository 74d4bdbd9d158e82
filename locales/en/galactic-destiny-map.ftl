# Galactic Destiny: the board picture (src/games/galactic_destiny/map.rs; design note §7, "The picture").
gd-map-title = { $turn ->
    [0] Galactic Destiny — registration, step { $step }
   *[other] Galactic Destiny — game turn { $turn }, step { $step }
}
gd-map-track = Election track
gd-map-track-election = election
gd-map-election-in = { $turns ->
    [0] election at this turn's senate
    [one] election in { $turns } turn
   *[other] election in { $turns } turns
}
gd-map-ministries = Ministries
gd-map-ministry-holder = { $ministry }: { $senator } ({ $party })
gd-map-ministry-vacant = { $ministry }: vacant
gd-map-ministry-pm = Prime Minister
gd-map-ministry-interior = Interior
gd-map-ministry-finance = Finance
gd-map-ministry-justice = Justice
gd-map-ministry-defence = Defence
gd-map-initiative-heading = Initiative
gd-map-initiative-first = Republic and Ke'Ras
gd-map-initiative = First to last: { $order }
gd-map-laws = Laws in force
gd-map-laws-none = none
gd-map-law-line = { $law } ({ $party }): { $left ->
    [1] last turn (turn { $until })
   *[other] { $left } more turns, until turn { $until }
}
gd-map-law-integrity = Virtuous Integrity Act
gd-map-law-homeland = Homeland Defence Initiative
gd-map-law-free-trade = Free Trade Agreement
gd-map-law-watch = Democratic Watch Committee
gd-map-law-movement = Movement Declaration
gd-map-law-education = Free Speech and Education Consulate
gd-map-law-tax = Tax: { $amount } money per { $action }
gd-map-keras = The Ke'Ras
gd-map-infested = Infested sectors: { $n } of { $max } (at { $max }, everybody loses)
gd-map-roll = Infestation roll: 2d6 { $total } (corruption in play: { $corruption }, shadow in play: { $shadow }, events: { $events }); 10 or more infests the marked sectors: { $chance } % chance
gd-map-infested-dice = Each infested sector defends with { $n ->
    [one] { $n } more die
   *[other] { $n } more dice
} (shadow in play)
gd-map-event = { $card } (since turn { $since })
gd-map-events = Active events: { $events }
gd-map-events-none = Active events: none
gd-map-legend = Key
gd-map-key-republic = Republic fleets
gd-map-key-influence = influence
gd-map-key-money = money
gd-map-key-defence = defence
gd-map-key-marked = marked
gd-map-key-infested = infested
gd-map-key-battle = battle
gd-map-key-claim = claim
gd-map-key-campaign = campaign
gd-map-key-reachable = where you may campaign
gd-map-key-demographics = Demographics (race, party): { $races }
gd-map-key-abilities = Sector abilities: { $abilities }
gd-map-race-humains = humans
gd-map-race-jur = Jur
gd-map-race-ajira = Ajira
gd-map-race-qera = Qera
gd-map-race-tumba = Tumba
gd-map-race-shorem = Shorem
gd-map-ability-short-voix-autoritaire = VOICE
gd-map-ability-voix-autoritaire = Authoritative Voice
gd-map-ability-short-population-militante = MILITIA
gd-map-ability-population-militante = Militant Population
gd-map-ability-short-donnees-du-marche-noir = BLK MKT
gd-map-ability-donnees-du-marche-noir = Black Market Data
gd-map-ability-short-benedictions-de-la-purete = PURITY
gd-map-ability-benedictions-de-la-purete = Blessings of Purity
gd-map-ability-short-indulgences-antique = INDULG.
gd-map-ability-indulgences-antique = Ancient Indulgences
gd-map-ability-short-remise-amical = DISCOUNT
gd-map-ability-remise-amical = Friendly Discount
gd-map-ability-short-reseau-d-information = NETWORK
gd-map-ability-reseau-d-information = Information Network
gd-map-ability-short-monopole-militaire = MONOP.
gd-map-ability-monopole-militaire = Military Monopoly
gd-map-ability-short-insurrection-bienvenue = INSURR.
gd-map-ability-insurrection-bienvenue = Welcome Insurrection
gd-map-ability-short-persuasion-d-opiace = OPIATE
gd-map-ability-persuasion-d-opiace = Opiate Persuasion
gd-map-ability-short-benediction-de-la-paix = PEACE
gd-map-ability-benediction-de-la-paix = Blessing of Peace
gd-map-ability-short-augure-aleatoire = OMEN
gd-map-ability-augure-aleatoire = Random Augury
gd-map-ability-short-alimenter-le-pouvoir = POWER
gd-map-ability-alimenter-le-pouvoir = Feed the Power
