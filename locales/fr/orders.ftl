# The game-independent order language: problems of header and command lines (src/orders/problem.rs).
# $kw: the keyword as the player wrote it (TOUR, TURN, FAMILLE …).

orders-end-message-without-message = FINMESSAGE sans MESSAGE ouvert : ligne ignorée.
orders-game-id-missing = PARTIE : l'identifiant de la partie manque.
orders-game-extra-text = PARTIE : texte en trop après « { $id } », ignoré.
orders-game-repeated = PARTIE répétée avec « { $id } » : la première, « { $first } », est gardée.
orders-family-name-missing = { $kw } : le nom manque.
orders-family-repeated = { $kw } répétée avec « { $name } » : la première, « { $first } », est gardée.
orders-password-missing = MOTDEPASSE : le mot de passe manque.
orders-password-one-word = MOTDEPASSE : un seul mot est attendu ; le premier est gardé.
orders-password-repeated = MOTDEPASSE répété avec une autre valeur : le premier est gardé.
orders-turn-missing = { $kw } : le numéro du tour manque (par exemple { $kw } 3).
orders-turn-not-a-number = { $kw } « { $text } » : un numéro de tour est attendu (par exemple { $kw } 3).
orders-turn-backwards = { $kw } { $n } après { $kw } { $current } : les tours se suivent dans l'ordre ; ligne ignorée, les ordres qui suivent restent pour le tour { $current }.
orders-join-name-missing = { $kw } : le nom de la famille manque.
orders-absence-dates = { $kw } « { $text } » : deux dates sont attendues, le premier et le dernier jour d'absence (par exemple { $kw } 2026-04-01 2026-04-14, ou { $kw } 01/04/2026 14/04/2026, le jour d'abord) ; { $kw } ANNULER retire une absence.
orders-absence-backwards = { $kw } : le dernier jour d'absence précède le premier ; écrivez le premier jour, puis le dernier.
orders-message-unclosed = MESSAGE sans FINMESSAGE : le message s'arrête à la fin des ordres.
orders-message-no-recipient = MESSAGE : le destinataire manque (une famille, ou TOUS) ; message non transmis.
orders-message-empty = MESSAGE vide : rien n'est transmis.
orders-message-too-long = MESSAGE de { $chars } caractères : { $max } au plus ; message non transmis.
orders-line-too-long = Ligne de { $chars } caractères : { $max } au plus ; ligne ignorée.
orders-report-not-a-number = { $kw } « { $text } » : un numéro de tour est attendu (par exemple { $kw } 3), ou { $kw } seul pour le dernier rapport.
orders-address-missing = { $kw } : une seule adresse est attendue (par exemple { $kw } nouvelle@exemple.fr), ou { $kw } CODE suivi du code reçu à la nouvelle adresse.
orders-reply-no-token = { $kw } : le code de réponse du message reçu est attendu (par exemple { $kw } K7F3Q9X2HM) ; réponse non transmise.
