# Galactic Destiny : le moteur des cartes, suite (issue #28) : veto, abrogation, élection, déplacement.

gd-order-refused-card-veto-step = « { $card } » frappe un point de l'ordre du jour : elle se joue en S2 (sénat : votes), quand l'ordre du jour est numéroté
gd-order-refused-card-law-not-in-force = la loi « { $law } » n'est pas en vigueur : rien à abroger
gd-order-refused-card-answers-attempts = « { $card } » vise une tentative d'assassinat : écrivez REPONSE "{ $card }" SI ASSASSINAT
gd-attempt-stopped-by-card = la tentative est arrêtée par une carte jouée en réponse
gd-order-refused-card-not-reroll = « { $card } » ne relance pas de dé : SI JET est pour une carte de relance (Relance tactique)
gd-order-refused-card-rerolls-roll = « { $card } » répond à votre jet de bataille : écrivez REPONSE "{ $card }" SI JET [SEUIL <n>]
gd-order-note-answer-roll = réponse permanente (priorité { $priority }) à vos jets de bataille (jusqu'à son usage ou la fin du tour de jeu) : votre dé le plus bas est relancé s'il montre n ou moins (SEUIL n), sinon seulement si vous perdez et qu'un meilleur dé peut changer l'issue ; après les relances des compétences ; payée quand elle sert, le nouveau résultat demeure
