# Galactic Destiny: senator skills, sector abilities and corrupt ministry
# skills used as actions (#28, powers).

## Acknowledgements
gd-pow-refused-skill = { $senator } does not have the { $skill ->
    [spy] Spy or Spymaster
    [saboteur] Saboteur
   *[religious] Religious leader
  } skill
gd-pow-refused-ability-not-owned = your party does not control sector { $sector }, whose ability this is
gd-pow-refused-ability-used = sector { $sector }'s ability has been used this turn already (once a turn, even for a new owner)
gd-pow-refused-not-master-spy = only a Spymaster discards cards; { $senator } is a Spy
gd-pow-refused-no-fleet = no fleet { $party } in sector { $sector }
gd-pow-refused-cleanse = { $senator } has { $corruption } corruption token(s): 1 to { $corruption } may be removed (never a shadow)
gd-pow-refused-no-shadow = { $senator } has no shadow token
gd-pow-refused-corrupt-off = corrupt ministry skills are not played in this game (setting competences_corrompues)
gd-pow-refused-justice = the Justice minister has no corrupt skill ("None")
gd-pow-refused-tokens = 1 to { $max } corruption tokens expected
gd-pow-refused-not-in-good-standing = { $party } is not a party in good standing in the senate
gd-pow-note-once-a-turn = sector { $sector }'s ability: once a turn
gd-pow-note-spy = { $party }'s hand will be shown to you alone; { $party } will know who looked
gd-pow-note-spy-discard = each card named that is in the hand is discarded for { $each } money, as long as you can pay (at most { $most })
gd-pow-note-no-shadow = only corruption tokens are removed, never a shadow
gd-pow-note-augury = if { $party } holds that card it must give it to you; the card's name stays between you (and { $party } if it gives it)
gd-pow-note-corrupt-pm = { $party } will lose { $amount } influence (as much as it has); { $tokens } corruption on { $senator }, who acts
gd-pow-note-corrupt-gain = you will gain { $amount } { $resource } (the excess over 99 is wasted); { $tokens } corruption on { $senator }, who acts

## Reports
gd-pow-force = { $party ->
    [republic] of the Republic
   *[other] of { $party }
  }
gd-pow-actor-unfit = { $senator } can no longer act (out of play, exhausted, recruited this turn, now another party's, or without the skill)
gd-pow-indulgence-purchases = indulgences are bought in the purchase phase only
gd-why-corrupt-skill = corrupt skill ({ $ministry })
gd-ev-pow-spied = { $senator } ({ $party }) looks at { $target }'s hand for { $paid } money{ $discarded ->
    [0] {""}
   *[other] {" "}and has { $discarded } card(s) discarded
  }.
gd-ev-pow-black-market = { $party } looks at { $target }'s hand (Black market data, sector 5).
gd-ev-pow-hand-seen = { $target }'s hand: { $count ->
    [0] no cards
   *[other] { $cards }
  }.
gd-ev-pow-hand-discarded = { $target }'s cards discarded by { $party }: { $cards }.
gd-ev-pow-augury = { $party } consults the augury (sector 33) on { $target }: { $given ->
    [yes] { $target } gives it a card
   *[no] { $target } does not hold the card named
  }.
gd-ev-pow-augury-named = Card named by { $party }'s augury: "{ $card }"{ $given ->
    [yes] {" "}— { $target } gave it
   *[no] {" "}— { $target } does not hold it
  }.
gd-ev-pow-sabotaged = { $senator } ({ $party }) sabotages a fleet { $victim } in sector { $sector } for { $paid } money.
gd-ev-pow-cleansed = { $senator } ({ $party }) removes { $amount } corruption token(s) from { $target } for { $paid } influence.
gd-ev-pow-shadow-removed = { $party } removes a shadow token from { $senator } for { $paid } money (Ancient indulgences, sector 8).
gd-ev-pow-corrupt-skill = { $minister } ({ $party }, { $ministry }) uses the corrupt skill and takes { $tokens } corruption: { $kind ->
    [pm] { $target } loses { $amount } influence
    [finance] { $party } diverts { $amount } money
   *[interior] { $party } extorts { $amount } influence
  }.
