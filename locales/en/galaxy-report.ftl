# Galaxy: words of the report that the view composes (src/games/galaxy/view.rs, generate.rs).

## 2.2: life forms; $life: 0 (none) to 9.
galaxy-life = { $life ->
    [1] aquatic
    [2] mollusc
    [3] amphibian
    [4] mammal
    [5] humanoid
    [6] android
    [7] insectoid
    [8] reptilian
    [9] aerial
   *[other] uninhabited
  }
## A star's owner as the player knows it. $owner: free | you | another.
galaxy-owner = { $owner ->
    [free] free
    [you] you
   *[another] another player
  }
galaxy-legend = @ your home star   O your stars   F your fleets   * known star   + star echo   x fleet echo   R fleet seen by RADAR   . empty

## Turn 0 could not make the galaxy. $reason: one of the galaxy-…-players / stars messages below.
galaxy-generation-failed = The galaxy could not be created: { $reason }.
galaxy-referee-generation-failed = The galaxy could not be created: { $reason }. Turn 0 (registration) stays open: move the deadline back (arbitre game extend) so that more players register, or create the game again with other settings.
galaxy-r2-1-too-few-players = { $players ->
    [one] { $players } player registered
   *[other] { $players } players registered
  }: at least { $least } are needed to create the galaxy (2.1)
## $places: the `players` setting.
galaxy-too-many-players = { $players } players registered for { $places } places (setting `players`)
galaxy-too-many-stars = { $stars } stars do not fit on { $size }×{ $size } squares
## $special: how many special stars the galaxy needs.
galaxy-too-few-stars = { $stars } stars are not enough for { $players } players and { $special } special stars; raise `stars`
## Never expected: a player placed without a home star.
galaxy-no-home-star = home star of { $player } not found

## A fleet's special powers (5 SUPPLY, POWER, INVISIBILITY). $power: speed | fire | invisibility.
galaxy-power = { $power ->
    [speed] speed
    [fire] fire power
   *[invisibility] invisibility
  }

# The map (src/games/galaxy/map.rs).
## $symbol: own | fleet | other_fleet | echo | fleet_echo | radar | move | scanner.
galaxy-map-legend = { $symbol ->
    [own] your stars (gold: home)
    [fleet] your fleets
    [other_fleet] other players' fleets
    [echo] star echo
    [fleet_echo] fleet echo
    [radar] fleet seen by RADAR
    [move] move this turn
   *[scanner] scanner range (T − 4)
  }
## $count: names that found no room on the map.
galaxy-map-left-out = { $count ->
    [one] { $count } name left out for lack of room: see the report's lists.
   *[other] { $count } names left out for lack of room: see the report's lists.
  }
galaxy-map-title = Galaxy — { $name } — turn { $turn }
## $over: yes (the end of the game) | no.
galaxy-map-subtitle = { $over ->
    [yes] Game over: the whole galaxy, in absolute coordinates
   *[no] +H+V coordinates relative to your home star (centre)
  }

## The pre-filled order form's comments (view.rs, order_form).
galaxy-form-not-generated = The galaxy will be made at the end of turn 0: no orders to give yet.
galaxy-form-over = The game is over.
galaxy-form-resources = Resources available: { $treasury } — technology { $tech } — scanner range { $range } kpc.
galaxy-form-positions = Positions in +H+V from your home star (H to the right, V upwards).
## One of your stars; $build is galaxy-form-build or -build-full, $extra galaxy-form-change, -data or -none.
galaxy-form-star = { $star } ({ $kind }) at { $at }: RE { $resources }, DE { $defence } — { $build } ; DEFEND { $star } 1{ $extra }
galaxy-form-build = BUILD F{ $fleet } 5P 0C 0N { $star }
galaxy-form-build-full = 9 fleets: merge two of them to build
## One of your fleets; $attack galaxy-form-attack or -none, $jump galaxy-form-jump or -none, $colonise galaxy-form-colonise or -none.
galaxy-form-fleet = F{ $fleet }: { $ships } at { $at }, speed { $speed }, firepower { $fire } — MOVE F{ $fleet } +H+V{ $attack }{ $jump }{ $colonise }
galaxy-form-colonise = {" "}; COLONIZE { $star } (cost { $cost })
galaxy-form-none = {""}
galaxy-form-change = {" "}; CHANGE { $star } <TYPE>
galaxy-form-data = {" "}; DATA { $star } +H+V
galaxy-form-attack = {" "}; ATTACK F{ $fleet } STAR|FLEET
galaxy-form-jump = {" "}; JUMP F{ $fleet }
