# Galactic Destiny: why an order of the senate's steps or of any step (bank, trades, promises, laws)
# could not be carried out when its step was played (src/games/galactic_destiny/common.rs, senate/).
galactic-destiny-resource-name = { $resource ->
    [money] argent
   *[influence] influence
}
galactic-destiny-no-mirror = { $party } n'a pas écrit la ligne symétrique dans cette étape : rien n'est fait.
galactic-destiny-deal-unknown = Aucun accord A{ $deal } en cours auquel vous êtes partie.
galactic-destiny-shadow-needs-three = { $senator } n'est pas un de vos sénateurs en jeu avec au moins 3 corruptions.
galactic-destiny-not-prime-minister = Votre parti ne détient pas le poste de premier ministre.
galactic-destiny-free-trade-senate-only = Loi « Libre-échange d'accord » en vigueur : un échange de ressources, de flottes ou de secteurs se dépose au sénat (étape des dépôts) et doit être ratifié par un vote.
galactic-destiny-trade-parties = Un échange se fait entre deux partis en jeu différents.
galactic-destiny-fleet-cap = { $party } aurait plus de { $max } flottes en jeu.
galactic-destiny-lacks-resource = { $party } n'a pas { $amount } { galactic-destiny-resource-name }.
galactic-destiny-lacks-sector = { $party } ne contrôle pas le secteur { $sector }.
galactic-destiny-lacks-senator = { $senator } n'est ni en jeu ni en attente chez { $party }.
galactic-destiny-lacks-card = { $party } n'a pas la carte « { $card } » en main.
galactic-destiny-lacks-fleets = { $party } n'a pas { $count } flottes dans le secteur { $sector }.
galactic-destiny-law-not-binding = La loi « { $law } » ne vous lie pas en ce moment (pas en vigueur, ou déjà enfreinte ce tour).
galactic-destiny-cannot-be-tried = { $senator } ne peut pas être poursuivi : plus en jeu, ou déjà jugé ce tour.
galactic-destiny-cannot-be-audited = { $senator } ne peut pas être vérifié : plus en jeu, ou déjà vérifié ce tour.
galactic-destiny-veto-not-proposal = #{ $item } n'est pas une proposition générale (loi ou échange à ratifier) : pas de veto.
galactic-destiny-not-minister = Votre parti ne détient pas { $ministry ->
    [finance] le ministère des finances
   *[justice] le ministère de la justice
} après les élections : rien n'est fait.
