# Stellarium: the labels of a family report and of the chronicle (src/games/stellarium/view/labels.rs).
# See locales/README.md. $gender is the character's (f or m).

stellarium-training = { $training ->
    [priest] priest
    [warrior] warrior
    [explorer] explorer
    [merchant] merchant
   *[none] —
  }
stellarium-pyramid = { $pyramid ->
    [government] Imperial Government
    [church] Unified Cosmic Church
    [army] Imperial Army
    [explorers] Explorers' Guild
   *[merchants] Merchants' Guild
  }
stellarium-pyramid-short = { $pyramid ->
    [government] Government
    [church] Church
    [army] Army
    [explorers] Explorers
   *[merchants] Merchants
  }
stellarium-head-title = { $pyramid ->
    [government] { $gender ->
        [f] Empress
       *[m] Emperor
      }
    [church] Archpope
    [army] Grand General
    [explorers] Grand Commander
   *[merchants] Master Merchant
  }
## Seats 1 and 2 ($rank 1 or 2), and the councillors ($rank 1 to 3); $pyramid is its short name.
stellarium-seat-heir = { $rank ->
    [1] 1st
   *[other] 2nd
  } heir ({ $pyramid })
stellarium-seat-councillor = { $rank ->
    [1] 1st
    [2] 2nd
   *[other] 3rd
  } councillor ({ $pyramid })
stellarium-fleet = { $fleet ->
    [first] 1st Fleet
   *[second] 2nd Fleet
  }
stellarium-stake = { $stake ->
    [safe] safe
    [normal] normal
   *[risky] risky
  }
stellarium-death-cause = { $cause ->
    [old-age] died of old age
    [assassinated] assassinated
    [exchange-bomb] killed by the bomb at the exchange
    [ship-exploded] died when the ship exploded
    [lost-capsule] lost in space in a capsule
    [killed-in-battle] killed in battle
    [executed-by-rebels] executed by the rebels
   *[killed-in-coup] killed in the coup
  }
