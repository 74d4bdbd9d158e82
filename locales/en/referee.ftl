# The referee's shell: deadlines, time left (src/scheduler.rs) and the acknowledgement's sentences
# composed by code.

## A deadline: "Sunday 29 November 2026 at 20:00 (Europe/Paris)"; $weekday: monday … sunday;
## $month: 1–12; $hh, $minute: two digits; $zone: the zone's name or UTC offset.
referee-deadline = { $weekday ->
    [monday] Monday
    [tuesday] Tuesday
    [wednesday] Wednesday
    [thursday] Thursday
    [friday] Friday
    [saturday] Saturday
   *[sunday] Sunday
  } { $day } { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
  } { $year } at { $hh }:{ $minute } ({ $zone })

## The time left before a deadline, in its two largest units.
referee-time-past = past
referee-time-less-than-a-minute = less than a minute
referee-time-minutes = { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
  }
referee-time-hours = { $hours } { $hours ->
    [one] hour
   *[other] hours
  }
referee-time-hours-minutes = { $hours } { $hours ->
    [one] hour
   *[other] hours
  } { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
  }
referee-time-days = { $days } { $days ->
    [one] day
   *[other] days
  }
referee-time-days-hours = { $days } { $days ->
    [one] day
   *[other] days
  } { $hours } { $hours ->
    [one] hour
   *[other] hours
  }

## The deadline when the game has none (the referee sets it by hand).
referee-deadline-none = none (set by the referee)
referee-deadline-not-yet = none yet (set by the referee)

## The comment of the form's password line.
referee-form-password = your password

## Subjects of the mails the referee sends by itself.
referee-subject-reminder = [{ $game }] Reminder: orders for turn { $turn }
referee-subject-deadline-moved = [{ $game }] New deadline for turn { $turn }
referee-subject-rollback = [{ $game }] Back to the start of turn { $turn }
referee-subject-held = [{ $game }] Turn { $turn } on hold
# To a player without a seat (PNJ for good, or replaced) who follows the game.
referee-subject-follow = [{ $game }] Chronicle of turn { $turn }
# $member: the ruleset's word for a player's side, capitalised ("Family", "Player").
referee-subject-pnj-member = [{ $game }] { $member } { $family }: now a non-player family (PNJ)
referee-subject-pnj = [{ $game }] Family { $family } is now a non-player family (PNJ)

## Mails to the human referee (admin_address), in admin_language.
referee-admin-subject = [arbitre] { $game }: action needed
# The mass-ONR guard's reason; $share and $threshold are whole percentages.
referee-admin-hold-reason = { $silent } of the { $active } families active last turn sent nothing ({ $share } % > threshold { $threshold } %): the mail may be down. Turn { $turn } held.
referee-admin-create-reason = the game { $game } configured in [[games]] could not be created: { $error }
referee-admin-bounce-reason = message { $id } refused by the server: { $why }
referee-admin-outage-subject = [arbitre] outage: { $fault }
referee-admin-outage-over-subject = [arbitre] recovered: { $fault }
# An instant: $day, $month (two digits), $year, $time (hh:mm:ss), $zone.
referee-admin-when = { $year }-{ $month }-{ $day } at { $time } ({ $zone })
# A duration in its two largest units; $m and $s have two digits after a larger unit.
referee-admin-duration-days = { $days } d { $h } h
referee-admin-duration-hours = { $h } h { $m } min
referee-admin-duration-minutes = { $m } min { $s } s
referee-admin-duration-seconds = { $s } s
# A fault, for the subject ("short"), the first line ("what") and what waits meanwhile.
referee-fault-short-mailbox = mailbox unreachable
referee-fault-short-smtp = sending mail fails
referee-fault-short-data-dir = the data directory cannot be written
referee-fault-what-mailbox = the referee's mailbox is unreachable: the players' messages cannot be read
referee-fault-what-smtp = the mail server (SMTP) refuses or does not answer: replies and reports cannot go out
referee-fault-what-data-dir = the data directory takes no more writes (disk full or read-only file system): the messages received cannot be stored
referee-fault-meanwhile-mailbox = The players' messages wait in the mailbox (or in the mail server's queue); none is lost.
referee-fault-meanwhile-smtp = Replies and reports wait in the outbox; none is lost.
referee-fault-meanwhile-data-dir = The messages received stay in the mailbox, unhandled, until writing works again; none is lost.
