# Messages shared by every game. See locales/README.md.

# The end of a list of three or more: "Paul, Léto et Alia" ($head is "Paul, Léto").
list-and = { $head } et { $last }

# A text shown as it is: what a player wrote, or a sentence stored before sentences were messages.
verbatim = { $text }

# Registration refusals shared by the games whose seats are players (Galaxy, Stellar, Stellium).
register-closed-started = Les inscriptions sont closes : la partie a commencé.
register-player-already = Le joueur { $name } est déjà inscrit.
register-player-name-empty = Le nom du joueur est vide.
