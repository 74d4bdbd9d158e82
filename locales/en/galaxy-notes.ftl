# Galaxy: the notes of the turn, each for one player (src/games/galaxy/adjudicate.rs).
# $fleet, $into, $new: fleet numbers; $star: a star's name; $ships: a composition (2P 1C 0N);
# $here, $there, $at, $square: positions +H+V in the reader's own coordinates.

galaxy-note-merge-gone = Merge failed: F{ $into } no longer exists.
galaxy-note-merge-apart = Merge into F{ $into } failed: the fleets are no longer all on its square.
## $fleets: "F2, F3".
galaxy-note-merged = { $fleets } merged into F{ $into } ({ $ships }).
galaxy-note-split-failed = Split of F{ $fleet } failed.
galaxy-note-split = F{ $fleet } split: F{ $new } ({ $ships }) formed.
galaxy-note-build-not-yours = F{ $fleet } not built: { $star } is no longer yours.
galaxy-note-build-taken = Building failed: F{ $fleet } already exists.
galaxy-note-build-poor = F{ $fleet } not built: not enough resources.
galaxy-note-built = F{ $fleet } ({ $ships }) built at { $star } for { $cost }.
## 4.1.4. $why: yours | no-ark | vulcan | defence | technology | throne-code; $defence: the star's defence (defence).
galaxy-note-colonise-failed = Colonisation of { $star } failed: { $why ->
    [yours] it is already yours
    [no-ark] no ark in orbit
    [vulcan] a colonised VULCAN STAR cannot be lost
    [defence] its defence is { $defence }
    [technology] its technology is more than one point above yours
   *[throne-code] the THRONE STAR's secret code is missing or wrong
  }.
galaxy-note-colonise-poor = Colonisation of { $star } failed: not enough resources ({ $cost }).
galaxy-note-star-lost = Your star { $star } was colonised by another player: you lose its resources ({ $resources }) and its victory points.
galaxy-note-colonised = { $star } colonised for { $cost } ({ $points ->
    [one] { $points } victory point
   *[other] { $points } victory points
  }).
galaxy-note-defence-not-yours = Defence of { $star } cancelled: the star is no longer yours.
galaxy-note-defence-poor = Defence of { $star } cancelled: not enough resources.
galaxy-note-defended = { $star }: DO +{ $amount }, defence { $defence }.
## 4.1.6. $to, $from: players' names.
galaxy-note-gift-poor = Gift to { $to } cancelled: not enough resources.
galaxy-note-gift-given = Gift of { $amount } to { $to }.
galaxy-note-gift-received = You receive a gift of { $amount } from { $from }, usable from next turn.
galaxy-note-change-failed = Change of { $star } failed.
galaxy-note-changed = { $star } becomes a { $kind } star.
## 5 DATA: the answer's first line, then one line per fleet or star found, or "nothing".
galaxy-note-data-silent = { $star } does not answer (it is no longer one of your active DATA stars).
galaxy-note-data-answer = Answer of { $star } for square { $square } of the DATA ({ $here } for you):
galaxy-note-data-own-fleet = one of your fleets: { $ships }
## $owner: a player's name.
galaxy-note-data-fleet = a fleet of { $owner }: { $ships }
## $owned: yes | no; $owner: the owner's name (yes).
galaxy-note-data-star = star { $star }: M { $magnitude } F { $life } T { $tech } DO { $docility } DE { $defence } RE { $resources } { $kind } — owner: { $owned ->
    [yes] { $owner }
   *[no] nobody
  }
galaxy-note-data-nothing = nothing.
## 4.2. $distance: in kpc, two decimals.
galaxy-note-r4-2-scuttled = F{ $fleet } ({ $ships }) was ordered { $distance } kpc with a speed of { $speed }: dishonoured, it scuttled (4.2).
galaxy-note-pursued = F{ $fleet } pursues a fleet to { $here }.
galaxy-note-pursuit-failed = F{ $fleet }: no fleet to pursue within reach at { $at }, it stays where it is.
## $exit: the EXIT star's name.
galaxy-note-jumped = F{ $fleet } jumps through the time gate to the EXIT { $exit } at { $here }.
galaxy-note-gate-closed = F{ $fleet }: the gate does not open (GATE not colonised or absent), the fleet stays where it is.
## $kind: the star's type (LOTUS, VULCAN …).
galaxy-note-lost-in-orbit = F{ $fleet } entered the orbit of { $star } ({ $kind }): lost with all hands.
## $power: fire (POWER) | speed (SUPPLY) | invisible (INVISIBILITY).
galaxy-note-power = F{ $fleet } in orbit of { $star } ({ $kind }): { $power ->
    [fire] its firepower is doubled
    [speed] its speed is doubled
   *[invisible] it becomes invisible and invulnerable
  }; the star becomes NORMAL again.
galaxy-note-zero = In orbit of { $star } (ZERO): your technology falls to { $tech }.
galaxy-note-attack-no-star = F{ $fleet }: no star at { $here } to attack.
galaxy-note-attack-own-star = F{ $fleet } does not attack { $star }: it is your star.
galaxy-note-attacked-star = F{ $fleet } (fire { $fire }) attacks { $star }: losses { $loss }, DO { $docility }, defence { $defence }.
galaxy-note-star-attacked = Your star { $star } was attacked: DO −{ $loss }, defence { $defence }.
galaxy-note-attack-no-fleet = F{ $fleet }: no enemy fleet to attack at { $here }.
## $lost: ships really destroyed; $destroyed: yes | no (the whole fleet).
galaxy-note-attacked-fleet = F{ $fleet } (fire { $fire }) attacks a fleet at { $here }: { $lost ->
    [one] { $lost } ship destroyed
   *[other] { $lost } ships destroyed
  }{ $destroyed ->
    [yes] , the fleet is destroyed
   *[no] {""}
  }.
## $fort: yes | no (losses halved by the victim's FORT); $left: the ships left (destroyed = no).
galaxy-note-fleet-attacked = Your fleet F{ $fleet } was attacked at { $there }: { $lost ->
    [one] { $lost } ship lost
   *[other] { $lost } ships lost
  }{ $fort ->
    [yes] {" "}(losses halved thanks to your FORT)
   *[no] {""}
  }, { $destroyed ->
    [yes] destroyed
   *[no] { $left } left
  }.
galaxy-note-visible-again = F{ $fleet } did not move: it is visible again.
galaxy-note-machine = { $star } (MACHINE) raises your technology to { $tech }; the star becomes NORMAL again.
galaxy-note-city-no-number = { $star } (CITY) cannot build its fleet: no free fleet number. It will try again next turn.
galaxy-note-city = { $star } (CITY) gives you fleet F{ $fleet } ({ $ships }); the star becomes NORMAL again.
galaxy-note-city-nothing = { $star } (CITY) built no ship; the star becomes NORMAL again.
