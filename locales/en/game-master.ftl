# The game master's seat (`@mj`, `arbitre mj`): the referee's side.
referee-mj-awaited = Step { $step } of { $game } awaits the game master until { $deadline }: the items below are ruled with `arbitre mj { $game } FILE` (`PASSE` if there is nothing to rule); `arbitre mj { $game } --etat` lists them.
referee-mj-silent = The game master wrote nothing in step { $step } of { $game }: the step was played with no ruling on its items (no effect).
referee-mj-reminder = Reminder: step { $step } of { $game } still awaits the game master (deadline { $deadline }); `arbitre mj { $game } --etat` lists its items.
referee-mj-accepted = accepted: { $order }
referee-mj-refused = refused: { $reason }
referee-mj-suggestion = did you mean: { $suggestion }
referee-mj-stored = { $accepted } line(s) accepted and stored for step { $step } of { $game }{ $replaced ->
    [yes] , replacing the lines stored earlier in this step
   *[no] {""}
}; applied when the step is played.
referee-mj-checked = { $accepted } line(s) would be accepted for step { $step } of { $game } (check only: nothing stored).
referee-mj-nothing = No line accepted for step { $step } of { $game }: nothing stored (the lines stored earlier, if any, stand).
