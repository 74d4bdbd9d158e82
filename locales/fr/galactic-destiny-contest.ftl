# Galactic Destiny : cartes de contestation (« Résolution d'invasions. », « Bonus de batailles. », « Résolution des campagnes. »).

## Ordres
gd-order-refused-card-contest-missing = « { $card } » se joue sur { $battle ->
    [yes] une bataille : écrivez BATAILLE <secteur>
   *[no] une campagne : écrivez CAMPAGNE <secteur>
  }
gd-order-refused-card-contest-step = « { $card } » se joue { $battle ->
    [yes] avant une bataille, en B (ou B′)
   *[no] avant les urnes, en K
  }
gd-order-refused-card-contest-not-in = vous ne prenez part à aucune { $battle ->
    [yes] bataille au secteur { $sector } (vos flottes là, une invasion à vous, ou votre secteur envahi)
   *[no] campagne au secteur { $sector } (la vôtre là, ou votre secteur visé)
  }
gd-order-note-contest-card = scellée jusqu'à { $battle ->
    [yes] la bataille
   *[no] la résolution de la campagne
  } : alors montrée, payée et ajoutée à votre camp (priorité { $priority } ; les autres partis peuvent y répondre) ; si elle n'a pas lieu, la carte revient dans votre main, non payée

## Rapports
gd-card-contest-not-in = « { $card } » : vous ne prenez plus part à cette contestation ; la carte reste dans votre main, non payée
gd-card-contest-returned = « { $card } » : cette contestation n'a pas eu lieu ; la carte revient dans votre main, non payée
