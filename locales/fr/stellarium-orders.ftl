# Stellarium: what the acknowledgement says of order lines (src/games/stellarium/orders/, status.rs).

## Rule 0.3: the minimal orders missing for OR. $order: founder | location | baptism | training;
## $subject: the founder's number (founder) or the character's first name.
stellarium-missing = { $order ->
    [founder] PERSONNAGE { $subject } manquant
    [baptism] BAPTEME manquant pour { $subject }
    [training] FORMATION manquante pour { $subject }
   *[location] LIEU manquant pour { $subject }
  }
## The same, when the line that would have given it was refused ($line: its number).
stellarium-missing-refused = { $order ->
    [founder] PERSONNAGE { $subject }
    [baptism] BAPTEME pour { $subject }
    [training] FORMATION pour { $subject }
   *[location] LIEU pour { $subject }
  } : la ligne { $line } a été refusée (voir plus haut)

## Why an order line is refused (src/games/stellarium/orders/refusal.rs: one id per Refusal).
## $name: a character as the reader writes it; $gender: f | m; $rule: a rule number.

# The words of an order where something is missing ($slot: a Slot key).
stellarium-slot = { $slot ->
    [location-ship] LIEU … VAISSEAU
    [buy] ACHAT
    [ransom] RANCON
    [marriage-groom] MARIAGE (le marié)
    [marriage-bride] MARIAGE (la mariée)
    [marriage-priest] MARIAGE (le prêtre)
    [births] NAISSANCES
    [bastard] BATARD
    [transfer] CESSION
    [transfer-from] CESSION (famille qui cède)
    [transfer-to] CESSION (famille qui reçoit)
    [baptism] BAPTEME
    [baptism-priest] BAPTEME (le prêtre)
    [training] FORMATION
    [coup] COUP
    [deposition] DESTITUTION
    [verdict] VERDICT
    [resign] DEMISSION
    [founder] PERSONNAGE
    [candidacy] CANDIDAT
    [candidacy-governor] CANDIDAT … GOUVERNEUR
    [contract] CONTRAT
    [contract-assassination] CONTRAT … ASSASSINAT
    [contract-kidnapping] CONTRAT … ENLEVEMENT
    [contract-scandal] CONTRAT … SCANDALE
    [contract-sabotage] CONTRAT … SABOTAGE
    [contract-rebellion] CONTRAT … REBELLION
    [contract-treason] CONTRAT … TRAHISON
    [expedition] EXPEDITION
    [expedition-captain] EXPEDITION … CAPITAINE
    [emperor-disgrace] EMPEREUR DISGRACE
    [emperor-special-disgrace] EMPEREUR DISGRACE-SPECIALE
    [emperor-remove-judge] EMPEREUR DESTITUER-JUGE
    [emperor-target] EMPEREUR CIBLE
    [emperor-pardon] EMPEREUR GRACE
    [archpope-disgrace] ARCHIPAPE DISGRACE
    [archpope-excommunicate] ARCHIPAPE EXCOMMUNIER
    [archpope-pardon] ARCHIPAPE PARDON
    [archpope-prosthesis] ARCHIPAPE PROTHESE
    [archpope-remarriage] ARCHIPAPE REMARIAGE
    [general-disgrace] GENERAL DISGRACE
    [general-commander] GENERAL COMMANDANT
    [general-patrol] GENERAL PATROUILLE
    [commander-disgrace] COMMANDEUR DISGRACE
    [commander-forbid] COMMANDEUR INTERDIRE
    [commander-permit] COMMANDEUR PERMIS
    [master-disgrace] MAITRE DISGRACE
    [master-remove-post] MAITRE SUPPRIMER-COMPTOIR
    [master-close] MAITRE FERMER
    [master-ban-exchange] MAITRE INTERDIRE-BOURSE
   *[location] LIEU
  }

stellarium-refusal-not-founded = Votre famille n'est pas encore fondée : ce tour, seuls PERSONNAGE, PUBLICITE, ENCHERE et CANDIDAT sont possibles.
stellarium-refusal-pnj = Votre famille est devenue PNJ (0.4) : elle ne reçoit plus d'ordres ; vous pouvez inscrire une nouvelle famille.
stellarium-refusal-foundation-only = PERSONNAGE et PUBLICITE ne sont possibles qu'au tour de fondation de la famille (tour 0).
stellarium-refusal-in-debt = Votre famille a terminé le cycle précédent avec des dettes ({ $money } M$) : { $act ->
    [bid] enchère impossible (28.5)
    [exchange] spéculer en bourse impossible (5.3.2)
    [purchase] achat impossible (1)
   *[contract] contrat avec la Tentacule Sombre impossible (2.0.3)
  }.
stellarium-refusal-unclosed-quote = { $reason } (guillemet fermant manquant)

stellarium-refusal-unknown-character-id = Personnage inconnu { $id }.
stellarium-refusal-dead = { $name } est { $gender ->
    [f] morte
   *[m] mort
  } en { $year }.
stellarium-refusal-not-yours = { $name } n'appartient pas à votre famille.
stellarium-refusal-in-prison = { $name } est au bagne ({ $planet }) pour encore { $years } ans.
stellarium-refusal-captive = { $name } est { $gender ->
    [f] prisonnière
   *[m] prisonnier
  } { $captor ->
    [dark-tentacle] de la Tentacule Sombre
    [rebels] des rebelles
   *[pouarks] des Pouarks
  }.
stellarium-refusal-not-head = Aucun personnage de votre famille n'est { $pyramid ->
        [government] Empereur
        [church] Archipape
        [army] Grand Général
        [explorers] Grand Commandeur
       *[merchants] Maître marchand
  } : ce pouvoir vous est fermé.
stellarium-refusal-head-not-disgraced = { $name } est le chef de la pyramide : un chef ne peut être disgracié (20.1).
stellarium-refusal-not-below-head = { $name } n'est pas dauphin ni conseiller de la pyramide { $pyramid ->
        [government] Gouvernement impérial
        [church] Église cosmique unifiée
        [army] Armée impériale
        [explorers] Gilde des explorateurs
       *[merchants] Gilde des marchands
  } ({ $rule }).
stellarium-refusal-not-below-any-head = { $name } n'est dauphin ni conseiller d'aucune pyramide (18.1).
stellarium-refusal-not-in-army = { $name } n'est pas dans la pyramide de l'Armée ({ $rule }).
stellarium-refusal-not-judge = { $name } n'est pas juge à la Haute Cour ({ $rule }).

stellarium-refusal-advertising-twice = PUBLICITE est déjà donnée plus haut.
stellarium-refusal-advertising-zero = PUBLICITE : achetez au moins 1 PP.
stellarium-refusal-advertising-too-dear = PUBLICITE : { $n } PP coûtent { $n } M$, votre famille n'a que { $money } M$ (d).
stellarium-refusal-founder-twice = Le personnage n° { $n } est déjà donné plus haut.
stellarium-refusal-first-name-taken = Le prénom { $first_name } est déjà pris dans votre famille.
stellarium-refusal-founder-needs-training = Le personnage n° { $n } doit recevoir une formation : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND (c).
stellarium-refusal-founder-too-young = Le personnage n° { $n } est trop jeune pour avoir une formation (c).
stellarium-refusal-founder-married-priest = Le personnage n° { $n } est déjà marié : seuls les n° 5 et 6 peuvent être prêtres (c).
stellarium-refusal-pp-over-pool = Les PP répartis dépassent les { $pool } PP disponibles ({ $used } déjà donnés plus haut, { $here } ici) (d).
stellarium-refusal-bid-twice = Une seule ENCHERE par famille et par tour : celle de plus haut est gardée.
stellarium-refusal-no-ship-for-sale = Aucun vaisseau d'exploration n'est en vente ce tour (28).
stellarium-refusal-bid-zero = ENCHERE : le montant doit être d'au moins 1 M$ (e).
stellarium-refusal-bid-unpayable = ENCHERE de { $amount } M$ : votre famille n'aura que { $left } M${ $advertising ->
    [0] {""}
   *[other] {" "}({ $money } M$ moins { $advertising } M$ de PUBLICITE)
  } pour payer le vaisseau ; une enchère qu'elle ne peut pas payer ne peut pas l'emporter (e, 28.1).
stellarium-refusal-ship-name-taken = Un vaisseau s'appelle déjà « { $ship_name } » : proposez un autre nom (28.6).
stellarium-refusal-bid-bad-ship-name = ENCHERE : nom de vaisseau invalide.
stellarium-refusal-candidacy-twice = Cette candidature est déjà donnée plus haut.
stellarium-refusal-founder-not-given = Le personnage n° { $n } n'est pas (ou mal) donné par une ligne PERSONNAGE.
stellarium-refusal-candidate-too-young = { $first_name } est trop jeune et sans formation : pas de candidature (27.3.3).
stellarium-refusal-judge-pp-too-low = { $first_name } n'aura que { $pp } PP : il faut au moins 10 PP pour être candidat juge (27.2.2).
stellarium-refusal-candidate-untrained = { $name } n'a pas encore de formation (27.3.3).
stellarium-refusal-already-judge = { $name } est déjà juge.
stellarium-refusal-no-governor-there = { $planet } n'est pas une colonie : pas de gouverneur (27.4.7).
stellarium-refusal-not-imperial = { $planet } n'est pas contrôlée par l'Empire ({ $rule }).
stellarium-refusal-no-post-candidate = Votre famille n'a pas de comptoir sur { $planet } : { $name } ne peut pas y être candidat (27.4.2).

stellarium-refusal-not-hostage = { $name } n'est pas otage de la Tentacule Sombre (2.2.4).
stellarium-refusal-ransom-twice = La rançon de { $name } est déjà payée plus haut.
stellarium-refusal-births-unmarried = { $name } n'est pas { $gender ->
    [f] mariée
   *[m] marié
  } : NAISSANCES sans objet (7.1).
stellarium-refusal-births-twice = NAISSANCES est déjà donné plus haut pour { $name }.
stellarium-refusal-already-trained = { $name } a déjà une formation.
stellarium-refusal-too-young-to-train = { $name } est trop jeune : la formation vient au cycle qui suit la naissance (10.1).
stellarium-refusal-training-twice = FORMATION est déjà donnée plus haut pour { $name }.
stellarium-refusal-coup-twice = COUP est déjà donné plus haut pour { $name }.
stellarium-refusal-deposition-twice = Cette DESTITUTION est déjà donnée plus haut.
stellarium-refusal-resign-twice = Cette DEMISSION est déjà donnée plus haut.
stellarium-refusal-location-untrained = { $name } n'a pas encore de formation : pas de LIEU avant sa formation (10).
stellarium-refusal-location-twice = Un LIEU est déjà donné plus haut pour { $name }.
stellarium-refusal-captain-elsewhere = { $name } est capitaine de l'expédition du vaisseau « { $ship } ».
stellarium-refusal-guest-elsewhere = { $name } est invité plus haut sur votre expédition du vaisseau « { $ship } » : il ne part que si son LIEU est VAISSEAU « { $ship } » (4.6) ; retirez-le des INVITES pour le placer ailleurs.
stellarium-refusal-judge-stays = { $name } est juge : les juges ne quittent pas Stellarium (27.2.5).
stellarium-refusal-governor-stays = { $name } est gouverneur de { $planet } pour ce cycle et y reste (27.4.4).
stellarium-refusal-not-merchant-exchange = { $name } n'est pas marchand : seuls les marchands vont à la bourse (5.3).
stellarium-refusal-stakes-over-money = Les mises en bourse ({ $staked } M$ avec celle-ci) dépassent les { $money } M$ de votre famille au début du tour (5.3.2).
stellarium-refusal-unknown-planet = Planète inconnue « { $planet } ».
stellarium-refusal-not-imperial-colony = { $planet } n'est pas une colonie de l'Empire.
stellarium-refusal-no-post-merchant = Votre famille n'a pas de comptoir sur { $planet } : un marchand n'y peut aller (5.2).
stellarium-refusal-priest-stays = { $name } est prêtre : les prêtres ne quittent Stellarium que pour une expédition (cycle).
stellarium-refusal-explorer-stays = { $name } est explorateur : en expédition ou sur Stellarium seulement (4.9).
stellarium-refusal-not-warrior-fleet = { $name } n'est pas guerrier : seuls les guerriers servent dans les flottes (6.1).
stellarium-refusal-merchant-no-expedition = { $name } est marchand : les marchands commercent ou spéculent (5.1), ils ne partent pas en expédition (4.3).
stellarium-refusal-ship-out-of-service = Le vaisseau « { $ship } » n'est plus en service.
stellarium-refusal-purchase-captive = { $name } est prisonnier des rebelles ou des Pouarks : pas d'achat (1).
stellarium-refusal-item-twice = { $item ->
        [capsule] CAPSULE
        [bodyguards] GARDES
        [doctor] MEDECIN
        [insurance] ASSURANCE
       *[prosthesis] PROTHESE
  } est déjà acheté plus haut pour { $name }.
stellarium-refusal-max-prostheses = { $name } a déjà { $max } cyberprothèses, le maximum d'une vie (1.3.2).
stellarium-refusal-prosthesis-this-turn = { $name } a déjà reçu une cyberprothèse ce tour (1.3.2).
stellarium-refusal-purchases-over-money = Les achats ({ $total } M$ avec cette ligne) dépassent les { $money } M$ de votre famille (1).
stellarium-refusal-contract-prisoner = { $name } est au bagne ou prisonnier : pas de contrat avec la Tentacule Sombre (2.0.3).
stellarium-refusal-contract-twice = { $name } commandite déjà un contrat plus haut : un seul par tour (2.8.4).
stellarium-refusal-contract-credit = Votre crédit auprès de la Tentacule Sombre ne permet que { $credit } { $credit ->
    [0] contrat
    [1] contrat
   *[other] contrats
  } (2.8.1).
stellarium-refusal-contract-zero = CONTRAT : offrez au moins 1 M$.
stellarium-refusal-offers-over-money = Les offres de contrats ({ $offered } M$ avec celle-ci) dépassent les { $left } M$ qui restent à votre famille après ses achats (2.8.1).
stellarium-refusal-contract-self = CONTRAT : le commanditaire ne peut pas se viser lui-même.
stellarium-refusal-rebellion-not-colony = { $planet } n'est pas une colonie contrôlée par l'Empire (2.6.1).
stellarium-refusal-marriage-not-ours = Ni le marié ni la mariée n'appartiennent à votre famille (3.7).
stellarium-refusal-not-a-man = { $name } n'est pas un homme : le marié vient en premier, la mariée ensuite.
stellarium-refusal-not-a-woman = { $name } n'est pas une femme : le marié vient en premier, la mariée ensuite.
stellarium-refusal-same-family-marriage = L'Église interdit les mariages au sein d'une même famille (3.2).
stellarium-refusal-marriage-untrained = { $name } n'a pas encore de formation : pas de mariage (3.5).
stellarium-refusal-priest-no-marriage = { $name } est { $gender ->
    [f] prêtresse
   *[m] prêtre
  } : les prêtres ne peuvent se marier (3.5).
stellarium-refusal-heretic-no-marriage = { $name } est hérétique : les hérétiques ne peuvent se marier (3.5).
stellarium-refusal-captive-no-marriage = { $name } est { $gender ->
    [f] prisonnière
   *[m] prisonnier
  } (Tentacule Sombre, rebelles ou Pouarks) : pas de mariage (3, 22.5).
stellarium-refusal-already-married = { $name } est déjà { $gender ->
    [f] mariée
   *[m] marié
  } : le divorce n'existe pas (3.6).
stellarium-refusal-marriage-twice = { $name } a déjà un MARIAGE plus haut.
stellarium-refusal-not-priest-marriage = { $name } n'est pas prêtre : seul un prêtre célèbre un mariage (3.7).
stellarium-refusal-heretic-priest-marriage = { $name } est hérétique : pas de mariage célébré par un hérétique.
stellarium-refusal-three-marriages = Plus de trois mariages en même temps avec la famille { $family } sont interdits (3.4).
stellarium-refusal-bastard-twice = Un seul BATARD par tour (7.7).
stellarium-refusal-bastard-single-man = Votre famille a encore un homme célibataire ou veuf qui n'est pas prêtre ({ $first_name }) : pas de bâtard (7.7).
stellarium-refusal-bastard-young-wife = { $first_name } est marié à une femme de moins de 41 ans : pas de bâtard (7.7).
stellarium-refusal-unknown-ship = Vaisseau inconnu « { $ship } ».
stellarium-refusal-ship-not-ours = Le vaisseau « { $ship } » n'est pas à votre famille ce tour (4.2 : il peut vous être prêté ou vendu par CESSION).
stellarium-refusal-expedition-twice = Une EXPEDITION est déjà donnée plus haut pour « { $ship } ».
stellarium-refusal-captain-not-explorer = { $name } n'est pas explorateur : seul un explorateur peut être capitaine (4.7).
stellarium-refusal-captain-cannot-leave = { $name } est juge ou gouverneur et ne peut partir (27.2.5, 27.4.4).
stellarium-refusal-captain-on-another = { $name } part déjà avec une autre expédition plus haut.
stellarium-refusal-captain-other-location = { $name } a déjà un autre LIEU plus haut.
stellarium-refusal-captain-invited = { $name } est le capitaine : inutile de l'inviter.
stellarium-refusal-guest-wrong-location = { $name } est invité mais son LIEU plus haut n'est pas VAISSEAU « { $ship } » : il ne partirait pas (4.6). Corrigez son LIEU ou retirez-le des INVITES.
stellarium-refusal-transfer-not-ours = Votre famille doit être celle qui cède ou celle qui reçoit (28.4).
stellarium-refusal-transfer-same-family = CESSION : les deux familles sont la même.
stellarium-refusal-ship-owner = Le vaisseau « { $ship } » appartient à la famille { $owner }, pas à { $from } (4.2).
stellarium-refusal-transfer-twice = Une CESSION est déjà donnée plus haut pour « { $ship } ».
stellarium-refusal-already-baptised = { $name } est déjà { $gender ->
    [f] baptisée
   *[m] baptisé
  } (9.1).
stellarium-refusal-born-this-cycle = { $name } est { $gender ->
    [f] née
   *[m] né
  } ce cycle : le baptême viendra au prochain tour (9.1).
stellarium-refusal-baptism-twice = Un BAPTEME est déjà donné plus haut pour { $name }.
stellarium-refusal-not-priest-baptism = { $name } n'est pas prêtre : seul un prêtre baptise (9.1).
stellarium-refusal-heretic-baptism = { $name } est hérétique : pas de baptême par un hérétique (9.1).
stellarium-refusal-not-judge-nor-emperor = { $name } n'est ni juge ni Empereur : pas de verdict (22.2).
stellarium-refusal-no-such-case = Il n'y a pas d'affaire n° { $case_no } à juger ce tour.
stellarium-refusal-judge-accused = { $name } est l'accusé de l'affaire n° { $case_no } : un juge ne se juge pas (22.7).
stellarium-refusal-bad-sentence = La peine doit être de 10, 20, 30, 40 ou 50 ans, pas { $years } (22.2).
stellarium-refusal-verdict-twice = { $name } a déjà un verdict plus haut pour l'affaire n° { $case_no }.

stellarium-refusal-power-twice = { $power ->
    [emperor-disgrace] EMPEREUR DISGRACE est déjà donné plus haut : une fois par tour.
    [emperor-special-disgrace] EMPEREUR DISGRACE-SPECIALE est déjà donné plus haut : une fois par tour.
    [emperor-remove-judge] EMPEREUR DESTITUER-JUGE est déjà donné plus haut : une fois par tour.
    [emperor-war] EMPEREUR GUERRE est déjà donné plus haut : une fois par tour.
    [emperor-target] EMPEREUR CIBLE est déjà donné plus haut : une fois par tour.
    [emperor-pardon] EMPEREUR GRACE est déjà donné plus haut : une fois par tour.
    [archpope-disgrace] ARCHIPAPE DISGRACE est déjà donné plus haut : une fois par tour.
    [archpope-excommunicate] ARCHIPAPE EXCOMMUNIER est déjà donné plus haut : une fois par tour (19.1).
    [archpope-pardon] ARCHIPAPE PARDON est déjà donné plus haut : un seul par cycle (25.1).
    [general-coup] GENERAL COUP-D-ETAT est déjà donné plus haut.
    [general-disgrace] GENERAL DISGRACE est déjà donné plus haut : une fois par tour.
    [general-strategy] GENERAL STRATEGIE est déjà donné plus haut.
    [general-patrol] GENERAL PATROUILLE est déjà donné plus haut.
    [commander-disgrace] COMMANDEUR DISGRACE est déjà donné plus haut : une fois par tour.
    [commander-forbid] COMMANDEUR INTERDIRE est déjà donné plus haut : un seul vaisseau par tour (4.8).
    [master-disgrace] MAITRE DISGRACE est déjà donné plus haut : une fois par tour.
    [master-remove-post] MAITRE SUPPRIMER-COMPTOIR est déjà donné plus haut : une fois par tour.
   *[master-close] MAITRE FERMER est déjà donné plus haut : une planète par tour.
  }
stellarium-refusal-no-pouark-planet = Aucune planète connue n'est aux mains des Pouarks : pas de guerre possible (12.2).
stellarium-refusal-not-pouark = { $planet } n'est pas aux mains des Pouarks (12.2).
stellarium-refusal-not-sentenced-nor-accused = { $name } n'est ni au bagne ni accusé dans un procès (24).
stellarium-refusal-already-heretic = { $name } est déjà hérétique.
stellarium-refusal-not-heretic = { $name } n'est pas hérétique (25.1).
stellarium-refusal-permit-twice = { $name } a déjà une autorisation plus haut (1.3.4).
stellarium-refusal-prosthesis-permits = L'Archipape ne peut accorder que { $max } { $max ->
    [0] autorisation
    [1] autorisation
   *[other] autorisations
  } de cyberprothèse par tour (J/4 arrondi au-dessus, 1.3.4).
stellarium-refusal-not-widowed = { $name } n'est pas veuf ou veuve (3.6).
stellarium-refusal-coup-not-allowed = Seul le Grand Général, ou en son absence le 1er dauphin de l'Armée, peut lancer un coup d'État (17.1).
stellarium-refusal-fleet-commander-twice = GENERAL COMMANDANT { $fleet } est déjà donné plus haut.
stellarium-refusal-other-fleet = { $name } commande déjà l'autre flotte.
stellarium-refusal-patrol-too-many = GENERAL PATROUILLE : trois planètes au plus (11.2.2).
stellarium-refusal-patrol-not-colony = { $planet } n'est pas une colonie de l'Empire ou aux mains des rebelles (11.3).
stellarium-refusal-patrol-too-few = GENERAL PATROUILLE : désignez trois colonies (11.2.2).
stellarium-refusal-not-explorer = { $name } n'est pas explorateur (4.7).
stellarium-refusal-needs-no-permit = { $name } est dans la pyramide des explorateurs et n'a pas besoin de permis (4.7).
stellarium-refusal-exploration-permit-twice = { $name } a déjà un permis plus haut.
stellarium-refusal-permits-max = Le Grand Commandeur n'accorde que 2 permis d'exploration par tour (4.7).
stellarium-refusal-no-post = La famille { $family } n'a pas de comptoir sur { $planet }.
stellarium-refusal-not-colony = { $planet } n'est pas une colonie.
stellarium-refusal-ban-twice = La famille { $family } est déjà interdite de bourse plus haut.
stellarium-refusal-ban-max = Le Maître marchand ne peut interdire la bourse qu'à { $max } { $max ->
    [0] famille
    [1] famille
   *[other] familles
  } ce tour (familles avec marchands / 4, arrondi au-dessus).

stellarium-refusal-extra-words = Mots en trop à la fin de l'ordre : « { $words } ».
stellarium-refusal-empty-line = Ligne vide.
stellarium-refusal-unknown-order = Ordre inconnu « { $word } ».
stellarium-refusal-missing-character = { $slot } : il manque le personnage.
stellarium-refusal-missing-first-name = { $slot } : il manque le prénom.
stellarium-refusal-missing-planet = { $slot } : il manque la planète.
stellarium-refusal-missing-ship = { $slot } : il manque le nom du vaisseau.
stellarium-refusal-missing-family = { $slot } : il manque la famille.
stellarium-refusal-unknown-family = Famille inconnue « { $family } ».
stellarium-refusal-unknown-character-ours = Personnage inconnu « { $name } » dans votre famille.
stellarium-refusal-unknown-character-elsewhere = Personnage inconnu « { $name } » dans votre famille (pour un personnage d'une autre famille, écrivez Prénom/Famille).
stellarium-refusal-unknown-character-in = Personnage inconnu « { $name } » dans la famille { $family }.
stellarium-refusal-advertising-syntax = PUBLICITE attend un nombre de PP à acheter (PUBLICITE 5).
stellarium-refusal-bid-syntax = ENCHERE attend un montant puis le nom du vaisseau (ENCHERE 5 "Aurore").
stellarium-refusal-bid-no-name = ENCHERE : il manque le nom proposé pour le vaisseau (28.6).
stellarium-refusal-unknown-item = ACHAT : objet inconnu « { $word } » (CAPSULE, GARDES, PROTHESE, MEDECIN, ASSURANCE).
stellarium-refusal-item-written-twice = ACHAT : { $item ->
        [capsule] CAPSULE
        [bodyguards] GARDES
        [doctor] MEDECIN
        [insurance] ASSURANCE
       *[prosthesis] PROTHESE
  } est écrit deux fois.
stellarium-refusal-no-items = ACHAT : il manque les objets achetés (CAPSULE, GARDES, PROTHESE, MEDECIN, ASSURANCE).
stellarium-refusal-births-syntax = NAISSANCES attend NON ou un nombre maximum de naissances (NAISSANCES Paul 2).
stellarium-refusal-transfer-no-amount = CESSION : il manque le montant en M$ (0 pour un prêt gratuit).
stellarium-refusal-transfer-kind = CESSION : précisez PRET ou VENTE à la fin de la ligne.
stellarium-refusal-coup-syntax = COUP : précisez POUR ou CONTRE.
stellarium-refusal-deposition-syntax = DESTITUTION : précisez la pyramide (GOUVERNEMENT, EGLISE, ARMEE, EXPLORATEURS, MARCHANDS).
stellarium-refusal-verdict-no-case = VERDICT : il manque le numéro de l'affaire (voir le rapport).
stellarium-refusal-verdict-syntax = VERDICT : précisez COUPABLE, INNOCENT ou ABSTENTION.
stellarium-refusal-verdict-no-years = VERDICT : il manque la peine proposée (10, 20, 30, 40 ou 50 ans), même pour un innocent (22.2).
stellarium-refusal-founder-syntax = PERSONNAGE attend un numéro de 1 à 8 (PERSONNAGE 1 Paul H GUERRIER +5).
stellarium-refusal-founder-number = PERSONNAGE : le numéro doit aller de 1 à 8, pas { $n }.
stellarium-refusal-founder-sex = PERSONNAGE : précisez le sexe après le prénom, H (ou M) ou F.
stellarium-refusal-candidacy-syntax = CANDIDAT : précisez JUGE ou GOUVERNEUR suivi de la planète.
stellarium-refusal-place-missing = LIEU : il manque le lieu (STELLARIUM, une colonie, BOURSE S|N|R 1-3, FLOTTE 1|2, VAISSEAU "nom").
stellarium-refusal-exchange-syntax = BOURSE : précisez le placement S, N ou R et la mise de 1 à 3 M$ (BOURSE S 2).
stellarium-refusal-exchange-stake = BOURSE : la mise va de 1 à 3 M$ par marchand (5.3.1), pas { $amount }.
stellarium-refusal-fleet-syntax = FLOTTE : précisez 1 (contre les Pouarks) ou 2 (contre les rebelles).
stellarium-refusal-unknown-place = Lieu inconnu « { $word } » : STELLARIUM, une colonie, BOURSE S|N|R 1-3, FLOTTE 1|2 ou VAISSEAU "nom" sont possibles.
stellarium-refusal-contract-no-amount = CONTRAT : il manque le montant offert en M$ après le commanditaire.
stellarium-refusal-unknown-contract-kind = CONTRAT : type de contrat inconnu « { $word } » (ASSASSINAT, ENLEVEMENT, SCANDALE, SABOTAGE, BOMBE, REBELLION, TRAHISON).
stellarium-refusal-expedition-no-captain = EXPEDITION : écrivez CAPITAINE puis le capitaine après le nom du vaisseau.
stellarium-refusal-expedition-no-planet-name = EXPEDITION : il manque le nom proposé après PLANETE.
stellarium-refusal-expedition-empty-planet-name = EXPEDITION : le nom proposé pour la planète est vide.
stellarium-refusal-general-commander-syntax = GENERAL COMMANDANT : précisez la flotte 1 ou 2 puis le personnage.
stellarium-refusal-strategy-syntax = GENERAL STRATEGIE : précisez OFFENSIVE ou DEFENSIVE.
stellarium-refusal-patrol-planet-twice = GENERAL PATROUILLE : la même planète est écrite deux fois.
stellarium-refusal-patrol-no-colonies = GENERAL PATROUILLE : il manque les trois colonies.
stellarium-refusal-ban-no-family = MAITRE INTERDIRE-BOURSE : il manque la ou les familles.
stellarium-refusal-power-missing-action = { $head ->
    [emperor] EMPEREUR : il manque l'action (DISGRACE, DISGRACE-SPECIALE, DESTITUER-JUGE, GUERRE, CIBLE, GRACE).
    [archpope] ARCHIPAPE : il manque l'action (DISGRACE, EXCOMMUNIER, PARDON, PROTHESE, REMARIAGE).
    [general] GENERAL : il manque l'action (DISGRACE, COMMANDANT, STRATEGIE, PATROUILLE, COUP-D-ETAT).
    [commander] COMMANDEUR : il manque l'action (DISGRACE, INTERDIRE, PERMIS).
   *[master] MAITRE : il manque l'action (DISGRACE, SUPPRIMER-COMPTOIR, FERMER, INTERDIRE-BOURSE).
  }
stellarium-refusal-power-unknown-action = { $head ->
    [emperor] EMPEREUR : action inconnue « { $word } » (DISGRACE, DISGRACE-SPECIALE, DESTITUER-JUGE, GUERRE, CIBLE, GRACE).
    [archpope] ARCHIPAPE : action inconnue « { $word } » (DISGRACE, EXCOMMUNIER, PARDON, PROTHESE, REMARIAGE).
    [general] GENERAL : action inconnue « { $word } » (DISGRACE, COMMANDANT, STRATEGIE, PATROUILLE, COUP-D-ETAT).
    [commander] COMMANDEUR : action inconnue « { $word } » (DISGRACE, INTERDIRE, PERMIS).
   *[master] MAITRE : action inconnue « { $word } » (DISGRACE, SUPPRIMER-COMPTOIR, FERMER, INTERDIRE-BOURSE).
  }
stellarium-refusal-unknown-training = Formation inconnue « { $word } » : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND.
stellarium-refusal-training-missing = Formation manquante ou inconnue : PRETRE, GUERRIER, EXPLORATEUR ou MARCHAND.
stellarium-refusal-first-name-empty = Le prénom est vide.
stellarium-refusal-first-name-separator = Le prénom « { $name } » ne peut pas contenir « / » ni « , ».
stellarium-refusal-not-a-first-name = « { $name } » n'est pas un prénom.
stellarium-refusal-first-name-reserved = « { $name } » est réservé aux nouveau-nés pas encore baptisés.
stellarium-refusal-name-too-long = Nom de { $chars } caractères : { $max } au plus.

## The pre-filled order form's comments (form.rs).
stellarium-form-unknown-family = Famille inconnue dans cette partie.
stellarium-form-header = Tour { $turn } (années { $from }–{ $to }) — { $family } : { $money } M$
stellarium-form-places = Lieux (ordre minimal) : STELLARIUM, une colonie, BOURSE S|N|R 1-3, FLOTTE 1|2, VAISSEAU "nom"
## A character's LIEU line; $training is a stellarium-training message, $last the place of the last cycle.
stellarium-form-character = { $training }, { $age } ans, { $pp } PP
stellarium-form-character-last = { $training }, { $age } ans, { $pp } PP — cycle passé : { $last }
stellarium-form-young = Jeunes (ordres minimaux) : BAPTEME jeune Prénom [prêtre] ; FORMATION jeune PRETRE|GUERRIER|EXPLORATEUR|MARCHAND
stellarium-form-born = { $gender ->
    [f] fille née
   *[m] garçon né
  } en { $year }
stellarium-form-ship-for-sale = Vaisseau d'exploration en vente : ENCHERE <M$> "<nom du vaisseau>"
stellarium-form-trial = Affaire n° { $case } : { $accused } — VERDICT <juge> { $case } COUPABLE|INNOCENT <10-50> ou ABSTENTION (juges : { $judges })
## The orders open to a head of pyramid; $title is a stellarium-head-title message.
stellarium-form-power = { $title } ({ $name }) : { $pyramid ->
    [government] EMPEREUR DISGRACE|DISGRACE-SPECIALE <qui> ; EMPEREUR DESTITUER-JUGE <juge> ; EMPEREUR GUERRE ; EMPEREUR CIBLE <planète pouark> ; EMPEREUR GRACE <qui>
    [church] ARCHIPAPE DISGRACE|EXCOMMUNIER|PARDON <qui> ; ARCHIPAPE PROTHESE <qui>… ; ARCHIPAPE REMARIAGE <qui>…
    [army] GENERAL DISGRACE <qui> ; GENERAL COMMANDANT 1|2 <qui> ; GENERAL STRATEGIE OFFENSIVE|DEFENSIVE ; GENERAL PATROUILLE <c> <c> <c> ; GENERAL COUP-D-ETAT
    [explorers] COMMANDEUR DISGRACE <qui> ; COMMANDEUR INTERDIRE "<vaisseau>" ; COMMANDEUR PERMIS <qui> [<qui>]
   *[merchants] MAITRE DISGRACE <qui> ; MAITRE SUPPRIMER-COMPTOIR <famille> <colonie> ; MAITRE FERMER <colonie> ; MAITRE INTERDIRE-BOURSE <famille>…
  }
stellarium-form-foundation = Fondation de la famille : PERSONNAGE n Prénom H|F [FORMATION] [+PP], n = 1 à 8
stellarium-form-foundation-trainings = Formation obligatoire pour 1 à 6 (PRETRE seulement pour 5 et 6), aucune pour 7 et 8 ; { $pool } PP à répartir (+1 par PP acheté : PUBLICITE n)
## What founder $n starts with (turn 0, b–f).
stellarium-form-founder = { $n ->
    [1] marié(e), 10 PP de départ
    [2] marié(e), 10 PP de départ
    [3] marié(e), 5 PP de départ
    [4] marié(e), 5 PP de départ
    [5] 5 PP de départ
    [6] 0 PP de départ
   *[other] trop jeune pour une formation
  }
stellarium-form-first-ship = Enchère pour le premier vaisseau : ENCHERE <1-10 M$> "<nom du vaisseau>"
stellarium-form-candidacies = Candidatures : CANDIDAT <prénom> JUGE (10 PP au moins) ; CANDIDAT <prénom> GOUVERNEUR <colonie>

# Registration refusals (0.4).
stellarium-register-name-empty = Le nom de famille est vide.
stellarium-register-name-slash = Le nom de famille ne peut pas contenir « / ».
stellarium-register-over = La partie est terminée.
stellarium-register-late = Cette partie n'accepte plus d'inscriptions après le tour 0.
stellarium-register-taken = La famille { $name } existe déjà dans cette partie.
