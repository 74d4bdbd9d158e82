# Galactic Destiny: the Feint round ("La carte « Feint »"): B, the F windows, B′.

gd-ev-feint-played = { $party } joue la carte « { $card } » : ses déclarations d'invasion sont annulées et il les refait dans sa fenêtre F.
gd-ev-feint-cancelled = Déclarations de { $party } annulées ({ $invasions ->
    [0] aucune invasion
    [one] l'invasion du secteur { $sectors }
   *[other] les invasions des secteurs { $sectors }
  }) : { $fleets ->
    [0] aucune flotte ne revient
    [one] 1 flotte revient à son secteur de départ
   *[other] { $fleets } flottes reviennent à leur secteur de départ
  }{ $senators ->
    [none] {""}
   *[other] ; la corruption de ces invasions est retirée à { $senators }
  }. Un amiral déjà envoyé reste épuisé.
gd-feint-note = Feinte : si vous tenez encore la carte à la fin de l'étape, vous la payez, vos déclarations d'invasion sont annulées et vous les refaites dans une fenêtre F ; puis tous répondent de nouveau (B′) avant les batailles.
gd-feint-once = une seule manche de Feinte par tour : on ne peut plus jouer de Feinte en B′
gd-form-feints = Fenêtre F (Feinte) : redéclarez vos invasions et défenses (INVASION, DEFENDRE) ; les autres partis ne peuvent rien changer.
gd-form-battles-again = Avant la bataille, de nouveau (B′) : RETRAITE pour vos pertes et retraites ; si vous n'écrivez rien, vos réponses de l'étape B valent.
