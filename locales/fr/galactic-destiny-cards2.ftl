# Galactic Destiny : le moteur des cartes, suite (issue #28) : veto, abrogation, élection, déplacement.

gd-order-refused-card-veto-step = « { $card } » frappe un point de l'ordre du jour : elle se joue en S2 (sénat : votes), quand l'ordre du jour est numéroté
gd-order-refused-card-law-not-in-force = la loi « { $law } » n'est pas en vigueur : rien à abroger
gd-order-refused-card-answers-attempts = « { $card } » vise une tentative d'assassinat : écrivez REPONSE "{ $card }" SI ASSASSINAT
gd-attempt-stopped-by-card = la tentative est arrêtée par une carte jouée en réponse
