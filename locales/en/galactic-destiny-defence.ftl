# Galactic Destiny: the Defence minister's corrupt redeployment
# (src/games/galactic_destiny/intrigue/defence.rs, orders/defence.rs).
gd-ev-republic-redeployed = { $party }'s Defence minister { $senator } redeploys the Republic fleet (1 corruption on him): its declarations are cancelled ({ $invasions ->
    [0] no invasion
    [one] the invasion of sector { $sectors }
   *[other] the invasions of sectors { $sectors }
  }; { $fleets ->
    [0] no fleet goes back
    [one] 1 fleet goes back to where it came from
   *[other] { $fleets } fleets go back to where they came from
  }) and the Republic declares first, before the Feint windows and B′.
gd-ev-republic-redeclared = Republic fleet, redeployed: { $count } fleet(s) from sector { $from } to sector { $to }{ $attack ->
    [yes] {" "}to attack it{ $claim ->
        [none] {" "}for neutrality
       *[other] {" "}for { $claim }
      }
   *[no] {" "}on patrol
  }{ $admiral ->
    [none] {""}
   *[other] {" "}under admiral { $admiral }
  }{ $short ->
    [0] {""}
   *[other] {" "}({ $short } ordered but not there)
  }.
gd-def-refused-step = the Defence minister redeploys the Republic fleet in B only (before the battle), not in another step nor in B′
gd-def-refused-tokens = the Defence minister's corrupt skill takes exactly 1 corruption token: write CORRUPT DEFENCE 1
gd-def-refused-once = one redeployment a turn: CORRUPT DEFENCE 1 and one REPUBLIC-FLEET line
gd-def-refused-no-skill = in B, REPUBLIC-FLEET gives the Republic's new orders only below CORRUPT DEFENCE 1 (the Defence minister's corrupt skill)
gd-def-refused-claim-no-attack = CLAIM on sector { $sector } needs ATTACK: only an invasion claims a sector
gd-def-note-skill = { $senator } uses his action and takes 1 corruption when B closes, if your party still holds Defence then: the Republic's declarations of the turn are cancelled and it declares again first, from your REPUBLIC-FLEET line, before the Feint windows and B′.
gd-def-note-redeploy = The Republic's new orders: origins are where its fleets stood before this turn's moves; ATTACK on any sector, CLAIM takes it for your party; each invasion's 2 corruption go on its admiral, else on your minister (none for neutrality against an infested or rebel sector).
gd-def-unexecuted-no-groups = no redeployment: the Defence minister's corrupt skill needs a REPUBLIC-FLEET line with the Republic's new orders in the same mail
