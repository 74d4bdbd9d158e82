# Galactic Destiny : le redéploiement corrompu du ministre de la défense
# (src/games/galactic_destiny/intrigue/defence.rs, orders/defence.rs).
gd-ev-republic-redeployed = Le ministre de la défense de { $party }, { $senator }, redéploie la flotte de la république (1 corruption sur lui) : ses déclarations sont annulées ({ $invasions ->
    [0] aucune invasion
    [one] l'invasion du secteur { $sectors }
   *[other] les invasions des secteurs { $sectors }
  } ; { $fleets ->
    [0] aucune flotte ne revient
    [one] 1 flotte revient d'où elle venait
   *[other] { $fleets } flottes reviennent d'où elles venaient
  }) et la république déclare en premier, avant les fenêtres de Feinte et B′.
gd-ev-republic-redeclared = Flotte de la république, redéployée : { $count } flotte(s) du secteur { $from } au secteur { $to }{ $attack ->
    [yes] {" "}pour l'attaquer{ $claim ->
        [none] {" "}pour la neutralité
       *[other] {" "}pour { $claim }
      }
   *[no] {" "}en patrouille
  }{ $admiral ->
    [none] {""}
   *[other] {" "}sous l'amiral { $admiral }
  }{ $short ->
    [0] {""}
   *[other] {" "}({ $short } ordonnée(s) mais absente(s))
  }.
gd-def-refused-step = le ministre de la défense redéploie la flotte de la république en B seulement (avant la bataille), ni dans une autre étape ni en B′
gd-def-refused-tokens = la compétence corrompue du ministre de la défense prend exactement 1 jeton de corruption : écrivez CORROMPU DEFENSE 1
gd-def-refused-once = un seul redéploiement par tour : CORROMPU DEFENSE 1 et une ligne FLOTTE-REPUBLIQUE
gd-def-refused-no-skill = en B, FLOTTE-REPUBLIQUE donne les nouveaux ordres de la république seulement sous CORROMPU DEFENSE 1 (la compétence corrompue du ministre de la défense)
gd-def-refused-claim-no-attack = PRISE sur le secteur { $sector } demande ATTAQUE : seule une invasion prend un secteur
gd-def-note-skill = { $senator } utilise son action et prend 1 corruption à la fin de B, si votre parti tient encore la Défense : les déclarations de la république de ce tour sont annulées et elle déclare de nouveau en premier, selon votre ligne FLOTTE-REPUBLIQUE, avant les fenêtres de Feinte et B′.
gd-def-note-redeploy = Nouveaux ordres de la république : les origines sont où ses flottes étaient avant les mouvements de ce tour ; ATTAQUE sur n'importe quel secteur, PRISE le prend pour votre parti ; les 2 corruptions de chaque invasion vont sur son amiral, sinon sur votre ministre (aucune pour la neutralité contre un secteur infesté ou rebelle).
gd-def-unexecuted-no-groups = pas de redéploiement : la compétence corrompue du ministre de la défense demande dans le même courrier une ligne FLOTTE-REPUBLIQUE avec les nouveaux ordres de la république
