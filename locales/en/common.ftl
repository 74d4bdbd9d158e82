# Messages shared by every game. See locales/README.md.

# The end of a list of three or more: "Paul, Léto and Alia" ($head is "Paul, Léto").
list-and = { $head } and { $last }

# A text shown as it is: what a player wrote, or a sentence stored before sentences were messages.
verbatim = { $text }

# Registration refusals shared by the games whose seats are players (Galaxy, Stellar, Stellium).
register-closed-started = Registration is closed: the game has started.
register-player-already = Player { $name } is already registered.
register-player-name-empty = The player's name is empty.
