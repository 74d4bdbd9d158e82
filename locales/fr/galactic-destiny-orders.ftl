# Galactic Destiny: the acknowledgement of the orders of the senate (S1, S2) and the purchases (P)
# (design note §3): why a line is refused, and the referee's notes on an accepted one.

gd-order-law-integrity = Acte d'intégrité vertueux (INTEGRITE)
gd-order-law-homeland = Initiative de défense de la patrie (DEFENSE-PATRIE)
gd-order-law-free-trade = Libre-échange d'accord (LIBRE-ECHANGE)
gd-order-law-watch = Comité de surveillance démocratique (SURVEILLANCE)
gd-order-law-movement = Déclaration de mouvement (MOUVEMENT)
gd-order-law-education = Liberté de parole et consulat de l'éducation (EDUCATION)
gd-order-law-tax = Impôt de { $amount } argent par { $action } (IMPOT)
gd-order-ministry = { $ministry ->
    [pm] Premier ministre (PM)
    [interior] ministre de l'Intérieur (INTERIEUR)
    [finance] ministre des Finances (FINANCES)
    [justice] ministre de la Justice (JUSTICE)
   *[defence] ministre de la Défense (DEFENSE)
}
gd-order-resource = { $resource ->
    [money] argent
   *[influence] influence
}

gd-order-refused-not-a-party = vous ne jouez aucun parti dans cette partie
gd-order-refused-not-started = la partie n'a pas commencé : aucun ordre avant l'installation
gd-order-refused-over = la partie est terminée
gd-order-refused-unknown-order = ordre inconnu : « { $written } »
gd-order-refused-wrong-step = { $order } n'est valable qu'à l'étape { $steps } (S1 : dépôts du sénat ; S2 : votes du sénat ; I : fenêtres d'invasion ; B : avant la bataille ; C : fenêtres de campagne ; K : avant les urnes ; P : achats)
gd-order-refused-not-yet = ordre de l'intrigue ou des cartes, pas encore arbitré (issue #28) : la ligne est ignorée
gd-order-refused-free-laws = réservé aux lois libres : il faut le réglage propositions = "libres" (pas dans cette partie)
gd-order-refused-listed-laws-only = { $taxes ->
    [yes] seules les six lois de la liste et les impôts (IMPOT <action> <argent>) peuvent être proposés (pas de propositions libres dans cette partie)
   *[no] seules les six lois de la liste peuvent être proposées (ni impôts ni propositions libres dans cette partie)
}
gd-order-refused-tax-action-missing = une action à imposer était attendue (INVASION, CAMPAGNE, DEPLACEMENT, ACHAT-FLOTTE, RECRUTEMENT, ASSASSINAT)
gd-order-refused-unknown-tax-action = pas d'action à imposer nommée « { $written } » (INVASION, CAMPAGNE, DEPLACEMENT, ACHAT-FLOTTE, RECRUTEMENT, ASSASSINAT)
gd-order-refused-no-tax = aucun impôt sur { $action } n'est en vigueur
gd-order-refused-tax-amount = un impôt de 1 à { $max } argent
gd-order-refused-number = nombre attendu, pas « { $written } »
gd-order-refused-zero = il faut au moins 1
gd-order-refused-too-many = { $written }, c'est trop
gd-order-refused-extra = mot en trop : « { $written } »
gd-order-refused-resource = ressource attendue : ARGENT ou INFLUENCE
gd-order-refused-not-enough = il vous faut { $need } { $resource }, il ne vous en reste que { $have } (en comptant les lignes précédentes)
gd-order-refused-party-missing = parti attendu (GSP, BIP, POP, TMP, CoS, PPF)
gd-order-refused-unknown-party = parti inconnu : « { $written } »
gd-order-refused-party-not-in-game = le parti { $party } ne joue pas dans cette partie
gd-order-refused-self = pas avec votre propre parti
gd-order-refused-senator-missing = sénateur attendu
gd-order-refused-unknown-senator = sénateur inconnu : « { $written } »
gd-order-refused-senator-dead = { $senator } est mort
gd-order-refused-not-in-play = { $senator } n'est pas en jeu
gd-order-refused-not-your-senator = { $senator } n'est pas un de vos sénateurs
gd-order-refused-not-in-senate = { $senator } n'est pas au sénat (séduit)
gd-order-refused-sector-missing = secteur attendu
gd-order-refused-unknown-sector = secteur inconnu : « { $written } »
gd-order-refused-sector-not-held = le secteur { $sector } n'est pas au parti { $party }
gd-order-refused-not-your-sector = le secteur { $sector } n'est pas à vous : les flottes s'achètent dans vos secteurs
gd-order-refused-fleets-there = le parti { $party } n'a que { $have } flotte(s) dans le secteur { $sector }
gd-order-refused-not-yours-to-give = { $senator } n'est ni un de vos sénateurs en jeu ni un de ceux qui vous attendent (ou il est déjà donné)
gd-order-refused-senator-of-other = { $senator } est en jeu mais n'est pas au parti { $party }
gd-order-refused-card-missing = carte attendue, entre guillemets
gd-order-refused-unknown-card = carte inconnue : « { $written } »
gd-order-refused-card-not-in-hand = vous n'avez pas (ou plus) « { $card } » en main
gd-order-refused-trade-item = objet d'échange attendu : <n> ARGENT, <n> INFLUENCE, SECTEUR <n>, SENATEUR <nom>, CARTE "<carte>" ou FLOTTES <n> <secteur>
gd-order-refused-trade-empty = un échange donne ou reçoit au moins un objet
gd-order-refused-free-trade = le Libre-échange d'accord est en vigueur : les échanges de ressources, de flottes ou de secteurs se font seulement en S1, ratifiés par un vote
gd-order-refused-terms-missing = les termes de l'accord sont attendus, entre guillemets
gd-order-refused-too-many-deals = au plus { $max } accord(s) par parti et par étape (réglage accords_max) : celui-ci n'est pas proposé
gd-order-refused-deal-missing = accord attendu (A1, A2…)
gd-order-refused-unknown-deal = accord inconnu : « { $written } »
gd-order-refused-not-your-deal = l'accord A{ $deal } n'est pas le vôtre
gd-order-refused-deal-broken = l'accord A{ $deal } est déjà rompu
gd-order-refused-law-missing = loi attendue (INTEGRITE, DEFENSE-PATRIE, LIBRE-ECHANGE, SURVEILLANCE, MOUVEMENT, EDUCATION)
gd-order-refused-unknown-law = loi inconnue : « { $written } »
gd-order-refused-law-not-binding = la loi { $law } ne vous lie pas en ce moment (pas en vigueur, ou déjà enfreinte)
gd-order-refused-shadow = { $senator } n'a que { $corruption } corruption : il en faut 3 pour une ombre
gd-order-refused-twice = une seule ligne de ce genre par étape
gd-order-refused-no-ministry = vous ne détenez pas le poste de { $ministry }, et aucune élection n'a lieu ce tour
gd-order-refused-ministry-missing = ministère attendu (PM, INTERIEUR, FINANCES, JUSTICE, DEFENSE)
gd-order-refused-unknown-ministry = ministère inconnu : « { $written } »
gd-order-refused-named-twice = { $name } est déjà nommé
gd-order-refused-candidate-twice = vous avez déjà un candidat au poste de { $ministry }
gd-order-refused-election-order = il faut quatre ministères différents, sans le PM
gd-order-refused-law-turns = durée de 1 à { $max } tours
gd-order-refused-law-proposed-twice = vous proposez déjà la loi { $law }
gd-order-refused-fleet-group = groupe attendu : <secteur> <n> [DE <secteur>] [ATTAQUE] [AMIRAL <sénateur>]
gd-order-refused-attack = ATTAQUE seulement sur un secteur infesté (ou rebelle) : le secteur { $sector } ne l'est pas
gd-order-refused-republic-fleets = la république n'a que { $have } flotte(s), pas { $want }
gd-order-refused-republic-fleets-at = la république n'a que { $have } flotte(s) dans le secteur { $sector }, pas { $want }
gd-order-refused-already-tried = { $senator } a déjà été jugé ce tour
gd-order-refused-already-audited = { $senator } a déjà été vérifié ce tour
gd-order-refused-item-missing = point de l'ordre du jour attendu (#1, #2…)
gd-order-refused-item-form = point de l'ordre du jour attendu (#1, #2…), pas « { $written } »
gd-order-refused-unknown-item = pas de point #{ $item } : l'ordre du jour en compte { $count }
gd-order-refused-vote-form = VOTE #<n>, VOTE <ministère> ou VOTE FLOTTE attendu
gd-order-refused-fleet-item = le point #{ $item } est une proposition pour la flotte de la république : votez VOTE FLOTTE
gd-order-refused-not-fleet-item = le point #{ $item } n'est pas une proposition pour la flotte de la république
gd-order-refused-not-general-item = le point #{ $item } n'est pas une proposition générale (une loi, ou un échange à ratifier) : le PM ne peut ni l'interdire ni le ranger
gd-order-refused-for-against = POUR ou CONTRE attendu
gd-order-refused-cap-limit = JUSQUA { $cap } dépasse ce que vous pouvez dépenser sur un vote : { $limit } (la diplomatie de vos sénateurs au sénat)
gd-order-refused-voted-twice = vous votez déjà sur le point #{ $item }
gd-order-refused-ranked-twice = le même choix figure deux fois
gd-order-refused-ballot-empty = au moins un choix est attendu
gd-order-refused-no-election = aucune élection n'a lieu ce tour
gd-order-refused-no-candidate = le parti { $party } n'a pas de candidat au poste de { $ministry }
gd-order-refused-not-candidate = { $senator } n'est pas candidat au poste de { $ministry }
gd-order-refused-post-twice = vous votez déjà pour le poste de { $ministry }
gd-order-refused-buy-what = ACHAT FLOTTE <n> <secteur> ou ACHAT FLOTTE-REPUBLIQUE <n> attendu
gd-order-refused-fleet-cap = { $want } flotte(s) de plus dépasseraient 10 en jeu : place pour { $room }
gd-order-refused-republic-cap = { $want } flotte(s) de la république de plus dépasseraient 10 : place pour { $room }
gd-order-refused-infested = le secteur { $sector } est infesté : sans secteur, vos flottes se placent dans un secteur qui ne l'est pas
gd-order-refused-not-waiting = { $senator } n'est pas parmi vos sénateurs en attente

gd-order-note-cost = coûte { $amount } { $resource }
gd-order-note-wasted = { $lost } { $resource } au-delà de 99 seront perdus
gd-order-note-corruption = { $amount } corruption sur { $senator }
gd-order-note-corruption-lost = { $amount } corruption, perdue : vous n'avez aucun sénateur en jeu
gd-order-note-law-void = la loi { $law } ne vous lie plus jusqu'à la fin du tour
gd-order-note-free-trade = Libre-échange d'accord : l'échange devient un point de l'ordre du jour, soumis au vote
gd-order-note-mirror = fait quand le parti { $party } dépose la ligne inverse dans cette étape (tout est vérifié de nouveau alors)
gd-order-note-deal = enregistré quand le parti { $party } dépose la même ligne ; l'arbitre ne fait pas respecter les promesses
gd-order-note-election-call = l'élection a lieu à la prochaine phase galactique si vous êtes encore PM alors
gd-order-note-if-ministry = appliqué si vous détenez encore le poste de { $ministry } alors
gd-order-note-if-ministry-after-elections = seulement si vous détenez le poste de { $ministry } après les élections
gd-order-note-only-if-election = seulement si une élection a lieu
gd-order-note-election-order = sert si votre parti obtient le PM (ou a le plus de sénateurs sans PM)
gd-order-note-law-extends = la loi { $law } est en vigueur : l'adopter de nouveau la prolonge
gd-order-note-tax = { $law } : { $amount } argent d'impôt pour la république
gd-order-note-tax-unpaid = { $law } : vous n'aurez pas les { $amount } argent d'impôt ; ne pas le payer enfreint la loi ({ $corruption } corruption)
gd-order-note-tax-replaces = { $law } est en vigueur : voter cet impôt le remplace (son montant, et sa durée à partir de ce tour)
gd-order-note-no-chair = aucun ministre ne peut présider : la proposition est rayée si personne n'est en fonction après les élections
gd-order-note-paid-if-passes = { $amount } influence à payer si le sénat l'adopte
gd-order-note-cap-clipped = vous n'aurez alors que { $left } influence au plus : la mise sera limitée à ce qui reste
gd-order-note-influence-left = il vous restera au moins { $left } influence après ce vote
gd-order-note-republic-room = les partis de meilleure initiative achètent d'abord, dans la limite de 10
gd-order-note-acts-next-turn = il agira au prochain tour
gd-order-note-hand-limit = défaussée seulement s'il le faut pour garder 7 cartes, dans cet ordre
