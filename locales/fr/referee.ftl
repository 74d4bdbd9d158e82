# The referee's shell: deadlines, time left (src/scheduler.rs) and the acknowledgement's sentences
# composed by code.

## A deadline: "dimanche 29 novembre 2026 à 20 h 00 (Europe/Paris)"; $weekday: monday … sunday;
## $month: 1–12; $hh, $minute: two digits; $zone: the zone's name or UTC offset.
referee-deadline = { $weekday ->
    [monday] lundi
    [tuesday] mardi
    [wednesday] mercredi
    [thursday] jeudi
    [friday] vendredi
    [saturday] samedi
   *[sunday] dimanche
  } { $day ->
    [1] 1er
   *[other] { $day }
  } { $month ->
    [1] janvier
    [2] février
    [3] mars
    [4] avril
    [5] mai
    [6] juin
    [7] juillet
    [8] août
    [9] septembre
    [10] octobre
    [11] novembre
   *[12] décembre
  } { $year } à { $hour } h { $minute } ({ $zone })

## The time left before a deadline, in its two largest units.
referee-time-past = échue
referee-time-less-than-a-minute = moins d'une minute
referee-time-minutes = { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
  }
referee-time-hours = { $hours } { $hours ->
    [one] heure
   *[other] heures
  }
referee-time-hours-minutes = { $hours } { $hours ->
    [one] heure
   *[other] heures
  } { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
  }
referee-time-days = { $days } { $days ->
    [one] jour
   *[other] jours
  }
referee-time-days-hours = { $days } { $days ->
    [one] jour
   *[other] jours
  } { $hours } { $hours ->
    [one] heure
   *[other] heures
  }

## The deadline when the game has none (the referee sets it by hand).
referee-deadline-none = aucune (fixée par l'arbitre)
referee-deadline-not-yet = pas encore fixée (l'arbitre la fixera)

## The comment of the form's password line.
referee-form-password = votre mot de passe

## Subjects of the mails the referee sends by itself.
referee-subject-reminder = [{ $game }] Rappel : ordres du tour { $turn }
referee-subject-deadline-moved = [{ $game }] Nouvelle date limite du tour { $turn }
referee-subject-rollback = [{ $game }] Retour au début du tour { $turn }
referee-subject-held = [{ $game }] Tour { $turn } suspendu
# To a player without a seat (PNJ for good, or replaced) who follows the game.
referee-subject-follow = [{ $game }] Chronique du tour { $turn }
# $member: the ruleset's word for a player's side, capitalised ("Famille", "Joueur").
referee-subject-pnj-member = [{ $game }] { $member } { $family } : PNJ désormais
referee-subject-pnj = [{ $game }] Famille { $family } devenue PNJ
