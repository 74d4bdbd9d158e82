# Galactic Destiny : les relances (Interrupteur de code, secteur 34) et les pertes
# (src/games/galactic_destiny/intrigue/fight_skills.rs, orders/fight.rs).
gd-ev-fight-rerolled = { $contest ->
    [battle] Bataille au secteur { $sector }
    [campaign] Campagne au secteur { $sector }
   *[assassination] Assassinat
  } : { $by ->
    [code_breaker] { $senator } (Interrupteur de code{ $party ->
        [republic] , pour la république
       *[other] , { $party }
      }) relance un dé : { $old } devient { $new } (le nouveau résultat demeure)
    [card] { $party } (carte de relance) relance un dé : { $old } devient { $new } (le nouveau résultat demeure)
   *[power] { $party } (Alimenter le pouvoir, secteur 34) relance un dé : { $old } puis { $new }, { $kept ->
        [new] le nouveau dé est gardé
       *[old] pas meilleur, l'ancien dé est gardé
      }
  }{ $bonus ->
    [none] {""}
   *[other] {" "}; le 6 explose, dé de bonus { $bonus }
  }.
gd-fight-contest-battle = les batailles
gd-fight-contest-campaign = les campagnes
gd-fight-contest-assassination = les assassinats
gd-fight-refused-contest = « { $written } » : écrivez BATAILLE, CAMPAGNE, ASSASSINAT, TOUT ou AUCUNE
gd-fight-refused-none-and-contest = AUCUNE se suffit à lui-même : ni autre contestation ni SEUIL avec lui
gd-fight-refused-threshold = SEUIL de 1 à { $max } (un 6 ne peut pas être amélioré)
gd-fight-refused-no-reroll = vous n'avez aucune relance : aucun de vos sénateurs en jeu n'est Interrupteur de code et le secteur 34 (Alimenter le pouvoir) n'est pas à vous
gd-fight-note-policy-none = vous ne relancerez aucun dé ce tour
gd-fight-note-policy-threshold = pour le reste du tour, dans { $contests }, votre dé le plus bas sera relancé s'il montre { $threshold } ou moins
gd-fight-note-policy-losing = pour le reste du tour, dans { $contests }, votre dé le plus bas sera relancé quand vous perdez et qu'un meilleur dé pourrait changer l'issue
gd-fight-note-code-breaker = Interrupteur de code : { $senators } (une relance par bataille menée comme amiral ; le nouveau résultat demeure){ $battle ->
    [yes] {""}
   *[no] {" "}; votre ordre exclut les batailles, il ne relancera pas
  }
gd-fight-note-power = secteur 34 : une relance par tour, le meilleur résultat gardé{ $used ->
    [yes] {" "}; déjà employée ce tour
   *[no] {""}
  }
gd-fight-note-hits = dans les batailles de cette étape, vos pertes infligées iront au côté de { $parties } (le premier présent contre vous) ; sinon au côté adverse ayant le plus de flottes
