# Galactic Destiny: the game master (`maitre_de_jeu = true`, `@mj`, `arbitre mj`).
gd-mj-item = M{ $item }: { $event ->
    [yes] event card
   *[no] card played by { $by }
} "{ $card }": { $text }
gd-mj-law = law #{ $number } in force: { $law }, until game turn { $until } (proposed by { $by })
gd-mj-deal = agreement A{ $deal } between { $a } and { $b }: "{ $terms }"{ $has_version ->
    [no] {""}
   *[yes] , binding version: "{ $version }"
}
gd-ev-mj-item = "{ $card }"{ $played ->
    [no] {""}
   *[yes] {" "}(played by { $by })
} needs a referee's decision (item M{ $item }): { $text }
gd-ev-mj-lapsed = Referee's decision: none for item M{ $item } ("{ $card }"), which has no effect.
gd-ev-mj-card = Referee's decision{ $ruled ->
    [no] {""}
   *[yes] {" "}(item M{ $item })
}: { $given ->
    [yes] the card "{ $card }" joins your hand
   *[no] the card "{ $card }" leaves your hand (discarded)
}.
gd-mj-decision-law-broken = Referee's decision: { $party } broke the law "{ $law }" (2 corruption; the law binds it no more this game turn).
gd-mj-decision-deal-broken = Referee's decision: { $party } broke agreement A{ $deal } (2 corruption; the agreement ends).
gd-mj-decision-law-struck = Referee's decision: the law "{ $law }" is struck.
gd-mj-decision-ruled = Referee's decision on item M{ $item } ("{ $card }"){ $any ->
    [no] {""}
   *[yes] : { $adjustments }
}.
gd-mj-decision-no-effect = Referee's decision: item M{ $item } ("{ $card }") has no effect.
gd-mj-decision-adjusted = Referee's decision: { $adjustment }.
gd-mj-decision-skipped = Referee's decision not applied, the state no longer allowing it: { $adjustment }.
gd-mj-decision-deal-version = Referee's decision: the binding version of agreement A{ $deal } is "{ $text }".
gd-mj-decision-announcement = Referee's announcement: { $text }
gd-mj-refused-unknown = unknown game master's line: "{ $written }"
gd-mj-refused-form = expected form: { $form }
gd-mj-refused-extra = words too many: "{ $written }"
gd-mj-refused-text = a text in double quotes is expected
gd-mj-refused-party = unknown party, or not in the game: "{ $written }"
gd-mj-refused-senator = no senator in play is called "{ $written }"
gd-mj-refused-law = no law in force has the number "{ $written }" (`arbitre mj … --etat` numbers them)
gd-mj-refused-deal = no agreement has the number "{ $written }"
gd-mj-refused-deal-party = { $party } is not a party to the running agreement A{ $deal }
gd-mj-refused-item = no pending item has the number "{ $written }"
gd-mj-refused-item-twice = item M{ $item } is already ruled by an earlier line
gd-mj-refused-amount = a signed number from 1 to 99 is expected (+2, -1): "{ $written }"
gd-mj-refused-bounds = out of bounds (resources 0 to 99, 10 fleets a party, 20 for the Republic): { $adjustment }
gd-mj-refused-sector = no sector has the number "{ $written }"
gd-mj-refused-card = no action card is called "{ $written }"
gd-mj-refused-card-where = { $give ->
    [yes] "{ $card }" is neither in the deck nor in the discards: it cannot be given to { $party }
   *[no] "{ $card }" is not in { $party }'s hand
}
gd-mj-decision-free-law-broken = Referee's decision: { $party } broke the free law L{ $law } (2 corruption).
gd-mj-decision-free-law-struck = Referee's decision: the free law L{ $law } is struck.
gd-mj-why-free-law = free law L{ $law } broken
