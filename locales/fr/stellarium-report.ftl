# Stellarium: the labels of a family report and of the chronicle (src/games/stellarium/view/labels.rs).
# See locales/README.md. $gender is the character's (f or m).

stellarium-training = { $training ->
    [priest] { $gender ->
        [f] prêtresse
       *[m] prêtre
      }
    [warrior] { $gender ->
        [f] guerrière
       *[m] guerrier
      }
    [explorer] { $gender ->
        [f] exploratrice
       *[m] explorateur
      }
    [merchant] { $gender ->
        [f] marchande
       *[m] marchand
      }
   *[none] —
  }
stellarium-pyramid = { $pyramid ->
    [government] Gouvernement impérial
    [church] Église cosmique unifiée
    [army] Armée impériale
    [explorers] Gilde des explorateurs
   *[merchants] Gilde des marchands
  }
stellarium-pyramid-short = { $pyramid ->
    [government] Gouvernement
    [church] Église
    [army] Armée
    [explorers] Explorateurs
   *[merchants] Marchands
  }
stellarium-head-title = { $pyramid ->
    [government] { $gender ->
        [f] Impératrice
       *[m] Empereur
      }
    [church] { $gender ->
        [f] Archipapesse
       *[m] Archipape
      }
    [army] { $gender ->
        [f] Grande Générale
       *[m] Grand Général
      }
    [explorers] { $gender ->
        [f] Grande Commandeure
       *[m] Grand Commandeur
      }
   *[merchants] { $gender ->
        [f] Maîtresse marchande
       *[m] Maître marchand
      }
  }
## Seats 1 and 2 ($rank 1 or 2), and the councillors ($rank 1 to 3); $pyramid is its short name.
stellarium-seat-heir = { $rank ->
    [1] { $gender ->
        [f] 1re dauphine
       *[m] 1er dauphin
      }
   *[other] { $gender ->
        [f] 2e dauphine
       *[m] 2e dauphin
      }
  } ({ $pyramid })
stellarium-seat-councillor = { $rank ->
    [1] { $gender ->
        [f] 1re conseillère
       *[m] 1er conseiller
      }
   *[other] { $gender ->
        [f] { $rank }e conseillère
       *[m] { $rank }e conseiller
      }
  } ({ $pyramid })
stellarium-fleet = { $fleet ->
    [first] 1ère Flotte
   *[second] 2ème Flotte
  }
stellarium-stake = { $stake ->
    [safe] sûr
    [normal] normal
   *[risky] à risque
  }
stellarium-death-cause = { $cause ->
    [old-age] mort de vieillesse
    [assassinated] assassiné
    [exchange-bomb] tué par la bombe à la bourse
    [ship-exploded] mort dans l'explosion de son vaisseau
    [lost-capsule] perdu dans l'espace avec sa capsule
    [killed-in-battle] tué au combat
    [executed-by-rebels] exécuté par les rebelles
   *[killed-in-coup] tué lors du coup d'État
  }
