# Galactic Destiny: the board picture (src/games/galactic_destiny/map.rs; design note §7, "The picture").
gd-map-title = { $turn ->
    [0] Galactic Destiny — inscriptions, étape { $step }
   *[other] Galactic Destiny — tour de jeu { $turn }, étape { $step }
}
gd-map-track = Piste des élections
gd-map-track-election = élection
gd-map-election-in = { $turns ->
    [0] élection au sénat de ce tour
    [one] élection dans { $turns } tour
   *[other] élection dans { $turns } tours
}
gd-map-ministries = Ministères
gd-map-ministry-holder = { $ministry } : { $senator } ({ $party })
gd-map-ministry-vacant = { $ministry } : vacant
gd-map-ministry-pm = Premier ministre
gd-map-ministry-interior = Intérieur
gd-map-ministry-finance = Finances
gd-map-ministry-justice = Justice
gd-map-ministry-defence = Défense
gd-map-initiative-heading = Initiative
gd-map-initiative-first = République et Ke'Ras
gd-map-initiative = Du premier au dernier : { $order }
gd-map-laws = Lois en vigueur
gd-map-laws-none = aucune
gd-map-law-line = { $law } ({ $party }) : { $left ->
    [1] dernier tour (tour { $until })
   *[other] encore { $left } tours, jusqu'au tour { $until }
}
gd-map-law-integrity = Acte d'intégrité vertueux
gd-map-law-homeland = Initiative de défense de la patrie
gd-map-law-free-trade = Libre-échange d'accord
gd-map-law-watch = Comité de surveillance démocratique
gd-map-law-movement = Déclaration de mouvement
gd-map-law-education = Liberté de parole et consulat de l'éducation
gd-map-law-tax = Impôt : { $amount } argent par { $action }
gd-map-keras = Le Ke'Ras
gd-map-infested = Secteurs infestés : { $n } sur { $max } (à { $max }, tous perdent)
gd-map-roll = Jet d'infestation : 2d6 { $total } (corruption en jeu : { $corruption }, ombre en jeu : { $shadow }, événements : { $events }) ; 10 ou plus infeste les secteurs marqués : { $chance } % de chances
gd-map-infested-dice = Chaque secteur infesté défend avec { $n ->
    [one] { $n } dé de plus
   *[other] { $n } dés de plus
} (ombre en jeu)
gd-map-event = { $card } (depuis le tour { $since })
gd-map-events = Événements actifs : { $events }
gd-map-events-none = Événements actifs : aucun
gd-map-legend = Légende
gd-map-key-republic = flottes de la République
gd-map-key-influence = influence
gd-map-key-money = argent
gd-map-key-defence = défense
gd-map-key-marked = marqué
gd-map-key-infested = infesté
gd-map-key-battle = bataille
gd-map-key-claim = prise
gd-map-key-campaign = campagne
gd-map-key-reachable = où faire campagne
gd-map-key-demographics = Démographie (race, parti) : { $races }
gd-map-key-abilities = Compétences de secteur : { $abilities }
gd-map-race-humains = humains
gd-map-race-jur = jur
gd-map-race-ajira = ajira
gd-map-race-qera = qera
gd-map-race-tumba = tumba
gd-map-race-shorem = shorem
gd-map-ability-short-voix-autoritaire = VOIX
gd-map-ability-voix-autoritaire = Voix autoritaire
gd-map-ability-short-population-militante = MILICE
gd-map-ability-population-militante = Population militante
gd-map-ability-short-donnees-du-marche-noir = M. NOIR
gd-map-ability-donnees-du-marche-noir = Données du marché noir
gd-map-ability-short-benedictions-de-la-purete = PURETÉ
gd-map-ability-benedictions-de-la-purete = Bénédictions de la pureté
gd-map-ability-short-indulgences-antique = INDULG.
gd-map-ability-indulgences-antique = Indulgences antique
gd-map-ability-short-remise-amical = REMISE
gd-map-ability-remise-amical = Remise amical
gd-map-ability-short-reseau-d-information = RÉSEAU
gd-map-ability-reseau-d-information = Réseau d'information
gd-map-ability-short-monopole-militaire = MONOP.
gd-map-ability-monopole-militaire = Monopole militaire
gd-map-ability-short-insurrection-bienvenue = INSURR.
gd-map-ability-insurrection-bienvenue = Insurrection bienvenue
gd-map-ability-short-persuasion-d-opiace = OPIACÉ
gd-map-ability-persuasion-d-opiace = Persuasion d'opiacé
gd-map-ability-short-benediction-de-la-paix = PAIX
gd-map-ability-benediction-de-la-paix = Bénédiction de la paix
gd-map-ability-short-augure-aleatoire = AUGURE
gd-map-ability-augure-aleatoire = Augure aléatoire
gd-map-ability-short-alimenter-le-pouvoir = POUVOIR
gd-map-ability-alimenter-le-pouvoir = Alimenter le pouvoir
