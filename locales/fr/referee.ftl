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

## Mails to the human referee (admin_address), in admin_language.
referee-admin-subject = [arbitre] { $game } : intervention requise
# The mass-ONR guard's reason; $share and $threshold are whole percentages.
referee-admin-hold-reason = { $silent } des { $active } familles actives au tour précédent n'ont rien envoyé ({ $share } % > seuil { $threshold } %) : le courrier est peut-être en panne. Tour { $turn } suspendu.
referee-admin-create-reason = la partie { $game } configurée dans [[games]] n'a pas pu être créée : { $error }
referee-admin-bounce-reason = message { $id } refusé par le serveur : { $why }
referee-admin-outage-subject = [arbitre] panne : { $fault }
referee-admin-outage-over-subject = [arbitre] rétabli : { $fault }
# An instant: $day, $month (two digits), $year, $time (hh:mm:ss), $zone.
referee-admin-when = { $day }/{ $month }/{ $year } à { $time } ({ $zone })
# A duration in its two largest units; $m and $s have two digits after a larger unit.
referee-admin-duration-days = { $days } j { $h } h
referee-admin-duration-hours = { $h } h { $m } min
referee-admin-duration-minutes = { $m } min { $s } s
referee-admin-duration-seconds = { $s } s
# A fault, for the subject ("short"), the first line ("what") and what waits meanwhile.
referee-fault-short-mailbox = boîte aux lettres injoignable
referee-fault-short-smtp = envoi du courrier en échec
referee-fault-short-data-dir = écriture impossible dans le répertoire de données
referee-fault-what-mailbox = la boîte aux lettres de l'arbitre est injoignable : les messages des joueurs ne peuvent pas être lus
referee-fault-what-smtp = le serveur de courrier (SMTP) refuse ou ne répond pas : les réponses et les rapports ne peuvent pas partir
referee-fault-what-data-dir = le répertoire de données n'accepte plus d'écriture (disque plein ou système de fichiers en lecture seule) : les messages reçus ne peuvent pas être enregistrés
referee-fault-meanwhile-mailbox = Les messages des joueurs attendent dans la boîte aux lettres (ou dans la file du serveur de courrier) ; aucun n'est perdu.
referee-fault-meanwhile-smtp = Les réponses et les rapports attendent dans la file d'envoi (outbox) ; aucun n'est perdu.
referee-fault-meanwhile-data-dir = Les messages reçus restent dans la boîte aux lettres, non traités, jusqu'à ce que l'écriture redevienne possible ; aucun n'est perdu.
