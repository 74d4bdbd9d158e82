# Stellarium: what the acknowledgement says of order lines (src/games/stellarium/orders/, status.rs).

## Rule 0.3: the minimal orders missing for OR. $order: founder | location | baptism | training;
## $subject: the founder's number (founder) or the character's first name.
stellarium-missing = { $order ->
    [founder] PERSONNAGE { $subject } manquant
    [baptism] BAPTEME manquant pour { $subject }
    [training] FORMATION manquante pour { $subject }
   *[location] LIEU manquant pour { $subject }
  }
## The same, when the line that would have given it was refused ($line: its number).
stellarium-missing-refused = { $order ->
    [founder] PERSONNAGE { $subject }
    [baptism] BAPTEME pour { $subject }
    [training] FORMATION pour { $subject }
   *[location] LIEU pour { $subject }
  } : la ligne { $line } a été refusée (voir plus haut)
