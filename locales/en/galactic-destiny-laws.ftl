# Galactic Destiny: free laws ("Une proposition.", propositions = "libres") and the galactic court
# ("Négociation.", tribunal = true), enforced by the game master.

gd-law-item-free = free law "{ $text }" for { $turns } turn(s), proposed by { $by } (enforced by the game master)
gd-law-why-court = a natural 2 rolled by the other side of suit P{ $suit }
gd-law-refused-text-missing = the free law's text is missing, in quotes: PROPOSAL FREE "<text>"
gd-law-refused-too-many-free = at most { $max } free proposal(s) per party and S1 (setting propositions_libres_max): this one is not filed
gd-law-refused-not-free-item = item #{ $item } is not a free proposal: only free laws can be declared unconstitutional
gd-law-refused-version-missing = your version of the promise is missing, in quotes, at the end of the line
gd-law-refused-court-off = no galactic court in this game (setting tribunal = false)
gd-law-refused-deal-over = promise A{ $deal } has run out
gd-law-refused-deal-ratified = the galactic court ratified promise A{ $deal }: nobody may break or contest it any more
gd-law-refused-suit-pending = a suit over promise A{ $deal } is already waiting for its hearing
gd-law-refused-no-suit = no suit awaits you over promise A{ $deal }: SUIT-DEFENCE answers in S2 a suit filed against you in S1
gd-law-refused-deal-rebel = a promise with a rebel binds nobody: no suit
gd-law-note-free = voted in S2 like the other proposals; the game master enforces it; struck if a majority of the parties in good standing write UNCONSTITUTIONAL
gd-law-note-unconstitutional = struck if at least { $need } of the { $of } parties in good standing write it
gd-law-note-suit = { $party } may answer in S2 (SUIT-DEFENCE); { $single ->
    [yes] without a senator, you roll a single die
   *[other] your senator is prosecuted (2d6 + corruption + 3 per shadow, verdict carried out)
  }; the lower wins; undefended, your version is ratified
gd-law-note-defence = answer to suit { $id }, heard when S2 is played; { $single ->
    [yes] without a senator, you roll a single die
   *[other] your senator is prosecuted (2d6 + corruption + 3 per shadow, verdict carried out)
  }; the lower wins
gd-law-ev-unconstitutional = Item #{ $item } declared unconstitutional by { $parties } ({ $count } of { $of } parties in good standing): { $struck ->
    [yes] the proposal is struck.
   *[other] no majority, it stays on the agenda.
  }
gd-law-ev-free-law-passed = Free law { $id } voted, proposed by { $by }, in force until turn { $until } (enforced by the game master): "{ $text }".
gd-law-ev-suit-filed = Suit { $id } before the galactic court: { $plaintiff } sues { $defendant } over promise A{ $deal }{ $single ->
    [yes] {" "}(no senator: a single die)
   *[other] {" "}and places { $senator } before the court
  }; { $defendant } may answer in S2 (SUIT-DEFENCE).
gd-law-ev-suit-version = Suit { $id }, { $party }'s version: "{ $version }".
gd-law-ev-court-roll = Suit { $id }, { $party }: { $single ->
    [yes] a single die, { $total }.
   *[other] { $senator } prosecuted, { $dice } + { $modifier } = { $total }: { $verdict ->
        [execution] executed.
        [coupable] guilty.
        [deshonore] dishonoured.
       *[other] innocent.
    }
  }
gd-law-ev-court-tie = Suit { $id }: a tie, one die each (the higher wins): { $rolls }.
gd-law-ev-suit-decided = Suit { $id }: { $undefended ->
    [yes] undefended, the court ratifies { $winner }'s version
   *[other] { $winner } wins, its version is ratified
  }; promise A{ $deal } is now binding (enforced by the game master, nobody may break it): "{ $version }".
gd-law-ev-suit-dropped = Suit { $id } over promise A{ $deal } dropped: { $reason }.
gd-law-mj-free-law = { $id }: free law of { $by }, in force until turn { $until }: "{ $text }"
gd-law-mj-suit = { $id }: promise A{ $deal } between { $a } and { $b }, suit filed by { $plaintiff } — { $pending ->
    [yes] hearing at the senate's voting step (S2)
   *[other] ratified version, to enforce{ $until ->
        [0] {""}
       *[other] {" "}until turn { $until }
    }: "{ $version }"
  }
gd-law-form-defence = Suit { $id }: { $plaintiff } sues you over promise A{ $deal }; to answer: SUIT-DEFENCE A{ $deal } [<senator>] "<your version>" (unanswered, its version is ratified)
