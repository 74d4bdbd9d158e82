# Stellarium: what the acknowledgement says of order lines (src/games/stellarium/orders/, status.rs).

## Rule 0.3: the minimal orders missing for OR. $order: founder | location | baptism | training;
## $subject: the founder's number (founder) or the character's first name.
stellarium-missing = { $order ->
    [founder] CHARACTER { $subject } missing
    [baptism] BAPTISM missing for { $subject }
    [training] TRAINING missing for { $subject }
   *[location] LOCATION missing for { $subject }
  }
## The same, when the line that would have given it was refused ($line: its number).
stellarium-missing-refused = { $order ->
    [founder] CHARACTER { $subject }
    [baptism] BAPTISM for { $subject }
    [training] TRAINING for { $subject }
   *[location] LOCATION for { $subject }
  }: line { $line } was refused (see above)
