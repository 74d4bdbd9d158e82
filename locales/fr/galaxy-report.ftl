# Galaxy: words of the report that the view composes (src/games/galaxy/view.rs, generate.rs).

## 2.2: life forms; $life: 0 (none) to 9.
galaxy-life = { $life ->
    [1] aquatique
    [2] mollusque
    [3] amphibienne
    [4] mammifère
    [5] humanoïde
    [6] androïde
    [7] insectoïde
    [8] reptilienne
    [9] aérienne
   *[other] inhabitée
  }
## A star's owner as the player knows it. $owner: free | you | another.
galaxy-owner = { $owner ->
    [free] libre
    [you] vous
   *[another] un autre joueur
  }
galaxy-legend = @ votre étoile d'origine   O vos étoiles   F vos flottes   * étoile connue   + écho d'étoile   x écho de flotte   R flotte vue au RADAR   . vide

## Turn 0 could not make the galaxy. $reason: one of the galaxy-…-players / stars messages below.
galaxy-generation-failed = La galaxie n'a pas pu être créée : { $reason }.
galaxy-referee-generation-failed = La galaxie n'a pas pu être créée : { $reason }. Le tour 0 (inscriptions) reste ouvert : repoussez la date limite (arbitre game extend) pour que d'autres joueurs s'inscrivent, ou recréez la partie avec d'autres réglages.
galaxy-r2-1-too-few-players = { $players } joueur(s) inscrit(s) : il en faut au moins { $least } pour créer la galaxie (2.1)
## $places: the `players` setting.
galaxy-too-many-players = { $players } joueurs inscrits pour { $places } places (réglage `players`)
galaxy-too-many-stars = { $stars } étoiles ne tiennent pas sur { $size }×{ $size } cases
## $special: how many special stars the galaxy needs.
galaxy-too-few-stars = { $stars } étoiles ne suffisent pas pour { $players } joueurs et { $special } étoiles spéciales ; augmentez `stars`
## Never expected: a player placed without a home star.
galaxy-no-home-star = étoile d'origine de { $player } introuvable

## A fleet's special powers (5 SUPPLY, POWER, INVISIBILITY). $power: speed | fire | invisibility.
galaxy-power = { $power ->
    [speed] vitesse
    [fire] puissance
   *[invisibility] invisibilité
  }

# The map (src/games/galaxy/map.rs).
## $symbol: own | fleet | other_fleet | echo | fleet_echo | radar | move | scanner.
galaxy-map-legend = { $symbol ->
    [own] vos étoiles (or : origine)
    [fleet] vos flottes
    [other_fleet] flottes des autres joueurs
    [echo] écho d'étoile
    [fleet_echo] écho de flotte
    [radar] flotte vue au RADAR
    [move] déplacement de ce tour
   *[scanner] portée des scanners (T − 4)
  }
## $count: names that found no room on the map.
galaxy-map-left-out = { $count } nom(s) omis faute de place : voir les listes du rapport.
galaxy-map-title = Galaxy — { $name } — tour { $turn }
## $over: yes (the end of the game) | no.
galaxy-map-subtitle = { $over ->
    [yes] Fin de partie : la galaxie entière, en coordonnées absolues
   *[no] Coordonnées +H+V relatives à votre étoile d'origine (au centre)
  }

## The pre-filled order form's comments (view.rs, order_form).
galaxy-form-not-generated = La galaxie sera créée à la fin du tour 0 : aucun ordre à donner pour l'instant.
galaxy-form-over = La partie est terminée.
galaxy-form-resources = Ressources disponibles : { $treasury } — technologie { $tech } — portée des scanners { $range } kpc.
galaxy-form-positions = Positions en +H+V par rapport à votre étoile d'origine (H vers la droite, V vers le haut).
## One of your stars; $build is galaxy-form-build or -build-full, $extra galaxy-form-change, -data or -none.
galaxy-form-star = { $star } ({ $kind }) en { $at } : RE { $resources }, DE { $defence } — { $build } ; DEFENSE { $star } 1{ $extra }
galaxy-form-build = CONSTRUIRE F{ $fleet } 5P 0C 0N { $star }
galaxy-form-build-full = 9 flottes : réunissez-en deux pour construire
## One of your fleets; $attack galaxy-form-attack or -none, $jump galaxy-form-jump or -none, $colonise galaxy-form-colonise or -none.
galaxy-form-fleet = F{ $fleet } : { $ships } en { $at }, vitesse { $speed }, puissance { $fire } — DEPLACER F{ $fleet } +H+V{ $attack }{ $jump }{ $colonise }
galaxy-form-colonise = {" "}; COLONISER { $star } (coût { $cost })
galaxy-form-none = {""}
galaxy-form-change = {" "}; CHANGER { $star } <TYPE>
galaxy-form-data = {" "}; DATA { $star } +H+V
galaxy-form-attack = {" "}; ATTAQUER F{ $fleet } ETOILE|FLOTTE
galaxy-form-jump = {" "}; SAUT F{ $fleet }
