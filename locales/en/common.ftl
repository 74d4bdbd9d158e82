# Messages shared by every game. See locales/README.md.

# The end of a list of three or more: "Paul, Léto and Alia" ($head is "Paul, Léto").
list-and = { $head } and { $last }

# A text shown as it is: what a player wrote, or a sentence stored before sentences were messages.
verbatim = { $text }
