# Galactic Destiny : la flotte de la république, les invasions et les batailles
# (src/games/galactic_destiny/intrigue/invasions.rs, invasions_view.rs).
gd-why-fleet-admiral = amiral voté de la flotte de la république, n'a pas pu partir
gd-ev-inv-republic-moved = Flotte de la république : { $count } flotte(s) du secteur { $from } au secteur { $to }{ $attack ->
    [yes] {" "}pour l'attaquer
   *[no] {" "}en patrouille
  }{ $admiral ->
    [none] {""}
   *[other] {" "}sous l'amiral { $admiral }
  }{ $short ->
    [0] {""}
   *[other] {" "}({ $short } ordonnée(s) mais absente(s))
  }.
gd-inv-stake-hold = la défense
gd-inv-stake-claim = la prise par { $party }
gd-inv-stake-neutral = la neutralité
gd-inv-side = côté { $side } ({ $stake }) : total { $total }, { $hits } perte(s) subie(s)
gd-inv-contingent = { $force ->
    [republic] la république
   *[other] { $force }
  } (côté { $side }, { $fleets } flotte(s){ $admiral ->
    [none] {""}
   *[other] , amiral { $admiral }
  }) : dés { $dice }, total { $total }, { $hits } perte(s) infligée(s) au côté { $target }, { $losses } perdue(s){ $killed ->
    [none] {""}
   *[other] , l'amiral { $killed } est tué
  }
gd-inv-after-unchanged = le secteur reste tel quel
gd-inv-after-owner = le secteur revient à { $party }
gd-inv-after-neutral = le secteur devient neutre
gd-ev-inv-battle = Bataille au secteur { $sector } : le secteur roule { $sector_dice } ({ $sector_hits } perte(s) infligée(s) au côté { $sector_target }) ; { $sides } ; { $contingents } ; le côté { $winner } l'emporte : { $after }.
gd-ev-inv-sector-taken = Le secteur { $sector } { $owner ->
    [none] devient neutre
   *[other] revient à { $owner }
  }{ $was ->
    [none] {""}
    [infested] {" "}(il était infesté ; il ne l'est plus)
   *[other] {" "}(pris à { $was })
  }.
gd-ev-inv-retreated = { $party ->
    [republic] Les { $count } flotte(s) de la république rentrent du secteur { $from } au secteur { $to }.
   *[other] Les { $count } flotte(s) vaincue(s) de { $party } { $to ->
        [0] au secteur { $from } n'ont nulle part où reculer et sont perdues.
       *[other] reculent du secteur { $from } au secteur { $to }.
    }
  }
gd-why-invasion = invasion du secteur { $sector }
gd-ev-inv-invaded = { $party } envahit le secteur { $sector } avec { $from }{ $admiral ->
    [none] {""}
   *[other] {" "}sous l'amiral { $admiral }
  }, pour { $stake }.
gd-ev-inv-defended = { $party } déplace des flottes pour défendre le secteur { $sector } : { $from }.
gd-ev-inv-movement-paid = { $party } paie { $money } argent pour { $fleets } flotte(s) déplacée(s) (Déclaration de mouvement).
gd-inv-unexecuted-no-fleets = aucune de vos flottes ne pouvait encore partir de là, ou le secteur est désormais à vous ou déjà envahi par vous
gd-inv-refused-origin = « { $written } » n'est pas une origine : écrivez <secteur>:<flottes>, par exemple 31:3
gd-inv-refused-fleets = secteur { $sector } : { $count } flotte(s) demandée(s), { $free } des vôtres y sont sans avoir bougé ce tour
gd-inv-refused-no-origin = aucune origine : écrivez les flottes envoyées en <secteur>:<flottes>, par exemple 31:3
gd-inv-refused-own-sector = le secteur { $sector } est à vous : vous pouvez le défendre (DEFENDRE), pas l'envahir
gd-inv-refused-invaded-twice = vous envahissez déjà le secteur { $sector } ce tour (« un joueur peut seulement envahir un secteur spécifique une fois par tour »)
gd-inv-refused-admiral-spent = { $senator } a déjà agi ce tour (épuisé, séduit ou amiral d'une autre ligne)
gd-inv-refused-defend-invaded = vous envahissez le secteur { $sector } ce tour : vos flottes y attaquent
gd-inv-refused-no-move = toutes les flottes nommées sont déjà au secteur { $sector } : elles le défendent sans ordre
gd-inv-note-movement = Déclaration de mouvement : { $amount } argent
gd-inv-note-movement-breach = Déclaration de mouvement : { $amount } argent que vous n'aurez pas ; la loi est enfreinte (2 corruption)
gd-inv-note-no-corruption = pas de corruption pour cette invasion
gd-inv-note-republic-present = { $count } flotte(s) de la république y sont et le défendent
gd-inv-note-watch = une flotte au secteur { $sector } satisfait le Comité de surveillance démocratique (secteur marqué)
gd-inv-note-retreat = appliqué si le secteur { $sector } est alors à vous (ou neutre si vous n'en avez aucun) ; sinon votre secteur où vous avez le plus de flottes
gd-inv-refused-defend-infested = le secteur { $sector } est infesté : seule une invasion y va
gd-inv-declared = { $force ->
    [republic] la république
   *[other] { $force }
  } → secteur { $sector } : { $fleets } flotte(s){ $admiral ->
    [none] {""}
   *[other] , amiral { $admiral }
  }, pour { $stake }
