//! Deadlines and reminders in each game's time zone.
//!
//! A game's deadline is a [`Schedule`] read from `config.toml`
//! (`"weekly sunday 20:00"`, `"weekly mon,thu 21:30"`, `"every 7 days at
//! 20:00"`, `"every 2 weeks at 20:00"`, `"daily 20:00"`, `"manual"`; French
//! day names and words are accepted too: `"hebdomadaire dimanche 20h00"`,
//! `"tous les 7 jours à 20h"`).
//!
//! Wall-clock times are local to the game's time zone, so a weekly deadline
//! at 20:00 stays at 20:00 local across daylight-saving changes. When the
//! local time does not exist (spring forward: 02:30 on the last Sunday of
//! March in Europe/Paris) the deadline is the later valid instant, the time
//! shifted by the gap (03:30 CEST); when it exists twice (fall back: 02:30 on
//! the last Sunday of October) it is the earlier one (02:30 CEST). This is
//! jiff's "compatible" disambiguation, the one RFC 5545 (iCalendar) uses.
//!
//! Nothing here reads the clock: `now`/`after` are always passed in.

use jiff::civil::{Date, Time, Weekday};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Span, Timestamp};
use std::fmt;
use std::str::FromStr;

/// When a game's turns fall due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// On each of these days of the week, at this local time.
    Weekly { days: Vec<Weekday>, at: Time },
    /// Every `days` days, at this local time: the deadline is `days` days
    /// after the previous one (see [`next_deadline`]).
    EveryDays { days: u32, at: Time },
    /// Relative (`turn-based.md`, capability 2): each step is due this long
    /// after the previous step was adjudicated (its report), whatever the
    /// time of day: "after 48h".
    After(SignedDuration),
    /// The referee adjudicates by hand (`arbitre game adjudicate`).
    Manual,
}

/// A schedule, a duration or a time that does not parse. The message says
/// what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(String);

const SCHEDULE_FORMS: &str =
    "expected \"weekly sunday 20:00\", \"weekly mon,thu 21:30\", \"every 7 days at 20:00\", \"daily 20:00\", \"after 48h\" or \"manual\"";

const DAYS: [(Weekday, &str, &str, &str, &str); 7] = [
    // (day, English, English abbreviation, French, French abbreviation)
    (Weekday::Monday, "MONDAY", "MON", "LUNDI", "LUN"),
    (Weekday::Tuesday, "TUESDAY", "TUE", "MARDI", "MAR"),
    (Weekday::Wednesday, "WEDNESDAY", "WED", "MERCREDI", "MER"),
    (Weekday::Thursday, "THURSDAY", "THU", "JEUDI", "JEU"),
    (Weekday::Friday, "FRIDAY", "FRI", "VENDREDI", "VEN"),
    (Weekday::Saturday, "SATURDAY", "SAT", "SAMEDI", "SAM"),
    (Weekday::Sunday, "SUNDAY", "SUN", "DIMANCHE", "DIM"),
];

fn weekday_of(word: &str) -> Option<Weekday> {
    let w = word.trim_end_matches('.');
    DAYS.iter()
        .find(|(_, en, en3, fr, fr3)| {
            w == *en || w == *en3 || w == *fr || w == *fr3 || (w.len() > 3 && (en.starts_with(w) || fr.starts_with(w)))
        })
        .map(|d| d.0)
        .or(match w {
            "TUES" => Some(Weekday::Tuesday),
            "THUR" | "THURS" => Some(Weekday::Thursday),
            "SUNDAYS" => Some(Weekday::Sunday),
            _ => None,
        })
        .or_else(|| {
            // "sundays", "mondays"
            w.strip_suffix('S').and_then(|s| DAYS.iter().find(|d| d.1 == s).map(|d| d.0))
        })
}

fn english_day_name(d: Weekday) -> &'static str {
    match d {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    }
}

/// Parses a local time of day: `20:00`, `20h00`, `20h`, `20 h 00`, `8:05`.
pub fn parse_time(s: &str) -> Result<Time, ParseError> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
    let bad = || ParseError(format!("invalid time {s:?}: expected HH:MM (24-hour clock), e.g. \"20:00\" or \"20h00\""));
    let (h, m) = match t.split_once([':', 'H']) {
        Some((h, m)) => (h, if m.is_empty() { "0" } else { m }),
        None => return Err(bad()),
    };
    if h.is_empty() || h.len() > 2 || m.len() > 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let (h, m): (i8, i8) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    Time::new(h, m, 0, 0).map_err(|_| bad())
}

fn looks_like_time(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_ascii_digit()) && (word.contains(':') || word.contains('H'))
}

impl FromStr for Schedule {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Schedule, ParseError> {
        let folded = crate::text::fold(s);
        // Commas separate days; "and"/"et" too. Glue "20 h 00" back together.
        let mut words: Vec<String> = Vec::new();
        for w in folded.split(|c: char| c.is_whitespace() || c == ',') {
            if w.is_empty() || matches!(w, "AND" | "ET") {
                continue;
            }
            let glue = matches!(words.last(), Some(prev) if prev.bytes().all(|b| b.is_ascii_digit()) && w.starts_with('H'))
                || matches!(words.last(), Some(prev) if prev.ends_with('H') && prev.starts_with(|c: char| c.is_ascii_digit()) && w.bytes().all(|b| b.is_ascii_digit()));
            if glue {
                if let Some(prev) = words.last_mut() {
                    prev.push_str(w);
                }
            } else {
                words.push(w.to_string());
            }
        }
        let bad = |why: String| ParseError(format!("invalid schedule {s:?}: {why}; {SCHEDULE_FORMS}"));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut rest: &[&str] = &words;
        let Some(&first) = rest.first() else { return Err(bad("empty".into())) };

        // The time at the end, after an optional "at"/"à".
        let take_time = |rest: &[&str]| -> Result<Time, ParseError> {
            let rest: Vec<&str> = rest.iter().copied().filter(|w| !matches!(*w, "AT" | "A")).collect();
            match rest.as_slice() {
                [t] => parse_time(t).map_err(|e| bad(e.0)),
                [] => Err(bad("the time of day is missing".into())),
                more => Err(bad(format!("unexpected {:?}", more.join(" ").to_lowercase()))),
            }
        };

        match first {
            "MANUAL" | "MANUEL" | "MANUELLE" if rest.len() == 1 => return Ok(Schedule::Manual),
            // "after 48h", "48h after the report", "apres 48h", "48 h après le rapport"
            "AFTER" | "APRES" => return relative(&rest[1..]).map_err(|e| bad(e.0)),
            _ if rest.iter().any(|w| matches!(*w, "AFTER" | "APRES")) => {
                let cut = rest.iter().position(|w| matches!(*w, "AFTER" | "APRES")).unwrap_or(rest.len());
                let tail: Vec<&str> = rest[cut + 1..].iter().copied().filter(|w| !matches!(*w, "THE" | "LE" | "REPORT" | "RAPPORT" | "EACH" | "CHAQUE")).collect();
                if !tail.is_empty() {
                    return Err(bad(format!("unexpected {:?} after \"after\"", tail.join(" ").to_lowercase())));
                }
                return relative(&rest[..cut]).map_err(|e| bad(e.0));
            }
            "DAILY" | "QUOTIDIEN" | "QUOTIDIENNE" => {
                return Ok(Schedule::EveryDays { days: 1, at: take_time(&rest[1..])? });
            }
            _ => {}
        }
        // "every 7 days at 20:00", "tous les 7 jours à 20h", "every day at 20:00", "chaque jour à 20h"
        let every = match rest {
            ["EVERY" | "CHAQUE", r @ ..] => Some(r),
            ["TOUS" | "TOUTES", "LES", r @ ..] => Some(r),
            _ => None,
        };
        if let Some(r) = every {
            match r {
                [unit, t @ ..] if matches!(*unit, "DAY" | "JOUR" | "JOURS" | "DAYS") => {
                    return Ok(Schedule::EveryDays { days: 1, at: take_time(t)? });
                }
                [n, unit, t @ ..]
                    if matches!(
                        *unit,
                        "DAY" | "DAYS" | "JOUR" | "JOURS" | "WEEK" | "WEEKS" | "SEMAINE" | "SEMAINES"
                    ) =>
                {
                    let per = if unit.starts_with('W') || unit.starts_with('S') { 7 } else { 1 };
                    let days: u32 = n
                        .parse::<u32>()
                        .ok()
                        .and_then(|n| n.checked_mul(per))
                        .ok_or_else(|| bad(format!("{:?} is not a number of days", n.to_lowercase())))?;
                    if days == 0 || days > 366 {
                        return Err(bad("the number of days must be between 1 and 366".into()));
                    }
                    return Ok(Schedule::EveryDays { days, at: take_time(t)? });
                }
                _ if r.first().and_then(|w| weekday_of(w)).is_some() => rest = r, // "every sunday 20:00"
                _ => return Err(bad("expected a number of days after \"every\"".into())),
            }
        }
        if matches!(rest.first(), Some(&("WEEKLY" | "HEBDOMADAIRE" | "HEBDO"))) {
            rest = &rest[1..];
        }
        // Days up to the time.
        let mut days = Vec::new();
        let mut i = 0;
        while i < rest.len() && !looks_like_time(rest[i]) && !matches!(rest[i], "AT" | "A") {
            match weekday_of(rest[i]) {
                Some(d) if !days.contains(&d) => days.push(d),
                Some(_) => {}
                None => return Err(bad(format!("{:?} is not a day of the week", rest[i].to_lowercase()))),
            }
            i += 1;
        }
        if days.is_empty() {
            return Err(bad("no day of the week".into()));
        }
        days.sort_by_key(|d| d.to_monday_zero_offset());
        Ok(Schedule::Weekly { days, at: take_time(&rest[i..])? })
    }
}

/// The duration of a relative schedule ("48h", "2 jours", "1d 12h").
fn relative(words: &[&str]) -> Result<Schedule, ParseError> {
    let words: Vec<&str> = words.iter().copied().filter(|w| !matches!(*w, "THE" | "LE" | "REPORT" | "RAPPORT")).collect();
    let d = parse_duration(&words.join(" "))?;
    if !d.is_positive() {
        return Err(ParseError("the delay must be longer than zero".into()));
    }
    Ok(Schedule::After(d))
}

impl fmt::Display for Schedule {
    /// The canonical English form, which parses back to the same schedule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hm = |t: &Time| format!("{:02}:{:02}", t.hour(), t.minute());
        match self {
            Schedule::Weekly { days, at } => {
                let names: Vec<String> = days.iter().map(|d| english_day_name(*d).to_lowercase()).collect();
                write!(f, "weekly {} {}", names.join(","), hm(at))
            }
            Schedule::EveryDays { days: 1, at } => write!(f, "daily {}", hm(at)),
            Schedule::EveryDays { days, at } => write!(f, "every {days} days at {}", hm(at)),
            Schedule::After(d) => write!(f, "after {}", format_duration(*d)),
            Schedule::Manual => f.write_str("manual"),
        }
    }
}

impl serde::Serialize for Schedule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Schedule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Schedule, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The instant of local `date` at `at` in `tz`: a nonexistent local time
/// (gap) moves forward by the gap, an ambiguous one (fold) takes the earlier.
fn local_instant(tz: &TimeZone, date: Date, at: Time) -> Option<Timestamp> {
    tz.to_ambiguous_timestamp(date.to_datetime(at)).compatible().ok()
}

fn add_days(date: Date, days: i64) -> Option<Date> {
    date.checked_add(Span::new().try_days(days).ok()?).ok()
}

/// The first deadline of `schedule` strictly after `after`, in `tz` (see the
/// module doc for daylight-saving changes). `None` for a manual schedule.
///
/// For `EveryDays { days: n, .. }`, `after` is the previous deadline (or the
/// start of the game): the result is the first `at` strictly after it, moved
/// `n - 1` days later, i.e. `n` days after a previous deadline at `at`.
pub fn next_deadline(schedule: &Schedule, tz: &TimeZone, after: Timestamp) -> Option<Timestamp> {
    let today = after.to_zoned(tz.clone()).date();
    match schedule {
        Schedule::Manual => None,
        Schedule::After(d) => after.checked_add(*d).ok(),
        Schedule::Weekly { days, at } => (0..=7)
            .filter_map(|k| add_days(today, k))
            .filter(|d| days.contains(&d.weekday()))
            .filter_map(|d| local_instant(tz, d, *at))
            .find(|&t| t > after),
        Schedule::EveryDays { days, at } => {
            let first = (0..=2)
                .filter_map(|k| add_days(today, k))
                .find(|&d| local_instant(tz, d, *at).is_some_and(|t| t > after))?;
            let target = add_days(first, i64::from(days.saturating_sub(1)))?;
            local_instant(tz, target, *at)
        }
    }
}

/// The instants at which to remind players of `deadline`: each `before`
/// earlier, soonest first, without duplicates (non-positive durations are
/// ignored). The caller drops those already past.
pub fn reminder_instants(deadline: Timestamp, before: &[SignedDuration]) -> Vec<Timestamp> {
    let mut out: Vec<Timestamp> =
        before.iter().filter(|d| d.is_positive()).filter_map(|d| deadline.checked_sub(*d).ok()).collect();
    out.sort();
    out.dedup();
    out
}

/// Parses a duration: `48h`, `6h`, `30m`, `2d`, `1d12h`, `1d 12h`, `90s`,
/// French `2j` and words (`2 jours`, `6 heures`, `30 minutes`); a leading
/// `-` makes it negative. A day is 24 hours here; see [`shift_deadline`]
/// for calendar days.
pub fn parse_duration(s: &str) -> Result<SignedDuration, ParseError> {
    let bad = |why: &str| {
        ParseError(format!("invalid duration {s:?}: {why}; expected e.g. \"48h\", \"30m\", \"2d\" or \"1d12h\""))
    };
    let folded = crate::text::fold(s.trim());
    let (negative, body) = match folded.strip_prefix('-') {
        Some(b) => (true, b.trim_start()),
        None => (false, folded.as_str()),
    };
    let mut total = SignedDuration::ZERO;
    let mut chars = body.chars().peekable();
    let mut parts = 0;
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut num = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            num.push(c);
            chars.next();
        }
        if num.is_empty() {
            return Err(bad("a number is missing"));
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut unit = String::new();
        while let Some(c) = chars.peek().copied().filter(|c| c.is_alphabetic()) {
            unit.push(c);
            chars.next();
        }
        let secs_per: i64 = match unit.as_str() {
            "D" | "J" | "DAY" | "DAYS" | "JOUR" | "JOURS" => 86_400,
            "H" | "HR" | "HRS" | "HOUR" | "HOURS" | "HEURE" | "HEURES" => 3_600,
            "M" | "MIN" | "MINS" | "MINUTE" | "MINUTES" => 60,
            "S" | "SEC" | "SECS" | "SECOND" | "SECONDS" | "SECONDE" | "SECONDES" => 1,
            "" => return Err(bad("a unit (d, h, m or s) is missing")),
            _ => return Err(bad("unknown unit")),
        };
        let n: i64 = num.parse().map_err(|_| bad("number too large"))?;
        let part = n.checked_mul(secs_per).ok_or_else(|| bad("too large"))?;
        total = total.checked_add(SignedDuration::from_secs(part)).ok_or_else(|| bad("too large"))?;
        // Keep far from the limits of timestamps (about 10,000 years).
        if total.as_secs() > 100 * 366 * 86_400 {
            return Err(bad("longer than a hundred years"));
        }
        parts += 1;
    }
    if parts == 0 {
        return Err(bad("empty"));
    }
    Ok(if negative { -total } else { total })
}

/// A duration in the compact form [`parse_duration`] reads back (`2d12h`, `15m`).
pub fn format_duration(d: SignedDuration) -> String {
    let mut secs = d.as_secs();
    let mut out = String::new();
    if secs < 0 {
        out.push('-');
        secs = -secs;
    }
    for (unit, per) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] {
        if secs >= per {
            out.push_str(&format!("{}{unit}", secs / per));
            secs %= per;
        }
    }
    if out.is_empty() || out == "-" {
        out = "0s".into();
    }
    out
}

/// Moves a deadline by `by`, counting its whole days as calendar days in
/// `tz` (so that "extend 2d" keeps a 20:00 deadline at 20:00 local across a
/// daylight-saving change) and the remainder as exact time.
pub fn shift_deadline(deadline: Timestamp, tz: &TimeZone, by: SignedDuration) -> Option<Timestamp> {
    let days = by.as_secs() / 86_400;
    let rest = by.checked_sub(SignedDuration::from_secs(days * 86_400))?;
    let local = deadline.to_zoned(tz.clone());
    let shifted = add_days(local.date(), days)?.to_datetime(local.time());
    let t = tz.to_ambiguous_timestamp(shifted).compatible().ok()?;
    t.checked_add(rest).ok()
}

fn is_french(lang: &str) -> bool {
    lang.trim().to_ascii_lowercase().starts_with("fr")
}

fn zone_label(tz: &TimeZone, ts: Timestamp) -> String {
    match tz.iana_name() {
        Some(name) => name.to_string(),
        None => {
            let secs = tz.to_offset(ts).seconds();
            let sign = if secs < 0 { '-' } else { '+' };
            let a = secs.unsigned_abs();
            format!("UTC{sign}{:02}:{:02}", a / 3600, a % 3600 / 60)
        }
    }
}

/// The reader's language of a `lang` code: French for `fr…`, else English.
fn reader(lang: &str) -> crate::i18n::Lang {
    if is_french(lang) {
        crate::i18n::Lang::Fr
    } else {
        crate::i18n::Lang::En
    }
}

/// The weekday keys of `referee-deadline`.
const WEEKDAY_KEYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// A deadline as a message (`referee-deadline`): the weekday as a key, the
/// month as its number, the zone's label.
pub fn deadline_msg(ts: Timestamp, tz: &TimeZone) -> crate::i18n::Msg {
    let z = ts.to_zoned(tz.clone());
    let weekday = WEEKDAY_KEYS[usize::from(z.weekday().to_monday_zero_offset().unsigned_abs()).min(6)];
    crate::msg!(
        "referee-deadline",
        weekday = weekday,
        day = z.day(),
        month = z.month(),
        year = z.year().to_string(),
        hour = z.hour(),
        hh = format!("{:02}", z.hour()),
        minute = format!("{:02}", z.minute()),
        zone = zone_label(tz, ts)
    )
}

/// A deadline for players: French `dimanche 29 novembre 2026 à 20 h 00
/// (Europe/Paris)` (the first of the month written `1er`), otherwise English
/// `Sunday 29 November 2026 at 20:00 (Europe/Paris)` (`referee-deadline` in
/// `locales/*/referee.ftl`).
pub fn format_deadline(ts: Timestamp, tz: &TimeZone, lang: &str) -> String {
    deadline_msg(ts, tz).render(reader(lang))
}

/// The time left before `deadline` as a message (`referee-time-*`), in its
/// two largest units (rounded down).
pub fn time_left_msg(now: Timestamp, deadline: Timestamp) -> crate::i18n::Msg {
    use crate::msg;
    if deadline <= now {
        return msg!("referee-time-past");
    }
    let secs = deadline.duration_since(now).as_secs();
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3_600, secs % 3_600 / 60);
    match (d, h, m) {
        (0, 0, 0) => msg!("referee-time-less-than-a-minute"),
        (0, 0, m) => msg!("referee-time-minutes", minutes = m),
        (0, h, 0) => msg!("referee-time-hours", hours = h),
        (0, h, m) => msg!("referee-time-hours-minutes", hours = h, minutes = m),
        (d, 0, _) => msg!("referee-time-days", days = d),
        (d, h, _) => msg!("referee-time-days-hours", days = d, hours = h),
    }
}

/// The time left before `deadline`, for players, in its two largest units
/// (rounded down): `6 jours 23 heures` / `6 days 23 hours`, `5 heures 3
/// minutes`, `moins d'une minute` / `less than a minute`, and `échue` /
/// `past` once the deadline is reached.
pub fn format_time_left(now: Timestamp, deadline: Timestamp, lang: &str) -> String {
    time_left_msg(now, deadline).render(reader(lang))
}

/// One sample of every message of this file (every weekday and month, and
/// every shape of time left), for the catalogue check.
pub fn samples() -> Vec<crate::i18n::Msg> {
    let tz = TimeZone::get("Europe/Paris").unwrap_or(TimeZone::UTC);
    let mut all = Vec::new();
    // Every weekday and every month of 2026, the 1st of each month among them.
    for day in 0..365i64 {
        let ts = Timestamp::from_second(1_767_261_600 + day * 86_400).unwrap_or(Timestamp::UNIX_EPOCH);
        all.push(deadline_msg(ts, &tz));
    }
    all.dedup_by(|a, b| a.args.get("weekday") == b.args.get("weekday") && a.args.get("month") == b.args.get("month"));
    let now = Timestamp::UNIX_EPOCH;
    for secs in [-1, 30, 60, 3_600, 3_660, 86_400, 90_000] {
        all.push(time_left_msg(now, now + SignedDuration::from_secs(secs)));
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_schedules_parse_format_and_count_from_the_report() {
        let h48 = Schedule::After(SignedDuration::from_hours(48));
        for text in ["after 48h", "48h after the report", "après 48 h", "48 h après le rapport", "apres 2 jours", "after 2d"] {
            let got: Schedule = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(got, h48, "{text}");
        }
        assert_eq!(h48.to_string(), "after 2d");
        assert_eq!("after 1d12h".parse::<Schedule>().unwrap().to_string(), "after 1d12h");
        assert!("after".parse::<Schedule>().is_err());
        assert!("after 0h".parse::<Schedule>().is_err());
        assert!("48h after lunch".parse::<Schedule>().is_err());
        // Due 48 hours after the instant given (the report), whatever the time of day or DST.
        let from = ts("2026-03-28T09:17:00Z");
        assert_eq!(next_deadline(&h48, &paris(), from), Some(ts("2026-03-30T09:17:00Z")));
    }

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }
    fn paris() -> TimeZone {
        TimeZone::get("Europe/Paris").unwrap()
    }
    fn new_york() -> TimeZone {
        TimeZone::get("America/New_York").unwrap()
    }
    fn t(h: i8, m: i8) -> Time {
        Time::new(h, m, 0, 0).unwrap()
    }

    #[test]
    fn schedules_parse_in_english_and_french() {
        use Weekday::*;
        let weekly = |days: Vec<Weekday>, h, m| Schedule::Weekly { days, at: t(h, m) };
        let cases: Vec<(&str, Schedule)> = vec![
            ("weekly sunday 20:00", weekly(vec![Sunday], 20, 0)),
            ("weekly mon,thu 21:30", weekly(vec![Monday, Thursday], 21, 30)),
            ("Weekly Thu, Mon at 21h30", weekly(vec![Monday, Thursday], 21, 30)),
            ("weekly dimanche 20:00", weekly(vec![Sunday], 20, 0)),
            ("hebdomadaire lundi et jeudi à 21 h 30", weekly(vec![Monday, Thursday], 21, 30)),
            ("hebdo mercredi 8h", weekly(vec![Wednesday], 8, 0)),
            ("every sunday at 20:00", weekly(vec![Sunday], 20, 0)),
            ("sundays 20:00", weekly(vec![Sunday], 20, 0)),
            ("every 7 days at 20:00", Schedule::EveryDays { days: 7, at: t(20, 0) }),
            ("tous les 3 jours à 20h", Schedule::EveryDays { days: 3, at: t(20, 0) }),
            ("every 2 weeks at 20:00", Schedule::EveryDays { days: 14, at: t(20, 0) }),
            ("toutes les 2 semaines à 20h", Schedule::EveryDays { days: 14, at: t(20, 0) }),
            ("daily 20:00", Schedule::EveryDays { days: 1, at: t(20, 0) }),
            ("every day at 6:05", Schedule::EveryDays { days: 1, at: t(6, 5) }),
            ("quotidien 20h00", Schedule::EveryDays { days: 1, at: t(20, 0) }),
            ("manual", Schedule::Manual),
            ("Manuel", Schedule::Manual),
        ];
        for (text, want) in cases {
            let got: Schedule = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(got, want, "{text}");
            // The canonical form parses back to the same schedule.
            assert_eq!(got.to_string().parse::<Schedule>().unwrap(), got, "{got}");
        }
        assert_eq!(weekly(vec![Monday, Thursday], 21, 30).to_string(), "weekly monday,thursday 21:30");
        assert_eq!(Schedule::EveryDays { days: 7, at: t(20, 0) }.to_string(), "every 7 days at 20:00");
    }

    #[test]
    fn bad_schedules_say_what_was_expected() {
        for (text, fragment) in [
            ("weekly funday 20:00", "\"funday\" is not a day of the week"),
            ("weekly sunday 25:00", "invalid time"),
            ("weekly sunday", "time of day is missing"),
            ("every 0 days at 20:00", "between 1 and 366"),
            ("every x days at 20:00", "not a number of days"),
            ("", "empty"),
            ("weekly 20:00", "no day of the week"),
            ("sometimes", "not a day of the week"),
        ] {
            let e = text.parse::<Schedule>().unwrap_err().to_string();
            assert!(e.contains(fragment), "{text}: {e}");
            assert!(e.contains("weekly sunday 20:00"), "{text}: {e}");
        }
    }

    #[test]
    fn weekly_deadline_keeps_20h_local_across_paris_dst() {
        let s: Schedule = "weekly sunday 20:00".parse().unwrap();
        let tz = paris();
        // 22 March 2026, 20:00 CET = 19:00Z; 29 March (the last Sunday) is CEST.
        let d1 = next_deadline(&s, &tz, ts("2026-03-20T12:00:00Z")).unwrap();
        assert_eq!(d1, ts("2026-03-22T19:00:00Z"));
        let d2 = next_deadline(&s, &tz, d1).unwrap();
        assert_eq!(d2, ts("2026-03-29T18:00:00Z"));
        assert_eq!(d2.to_zoned(tz.clone()).hour(), 20);
        // And back on the last Sunday of October (25 October 2026).
        let d3 = next_deadline(&s, &tz, ts("2026-10-20T00:00:00Z")).unwrap();
        assert_eq!(d3, ts("2026-10-25T19:00:00Z"));
        assert_eq!(next_deadline(&s, &tz, ts("2026-10-18T17:59:59Z")).unwrap(), ts("2026-10-18T18:00:00Z"));
    }

    #[test]
    fn deadline_is_strictly_after() {
        let s: Schedule = "weekly mon,thu 21:30".parse().unwrap();
        let tz = paris();
        let mon = ts("2026-11-30T20:30:00Z"); // Monday 21:30 CET
        assert_eq!(next_deadline(&s, &tz, ts("2026-11-30T20:29:59Z")), Some(mon));
        assert_eq!(next_deadline(&s, &tz, mon), Some(ts("2026-12-03T20:30:00Z")));
        assert_eq!(next_deadline(&Schedule::Manual, &tz, mon), None);
    }

    #[test]
    fn spring_forward_gap_resolves_to_the_later_instant() {
        // Europe/Paris, 29 March 2026: 02:00 CET jumps to 03:00 CEST.
        let s: Schedule = "weekly sunday 02:30".parse().unwrap();
        let d = next_deadline(&s, &paris(), ts("2026-03-28T00:00:00Z")).unwrap();
        assert_eq!(d, ts("2026-03-29T01:30:00Z")); // 03:30 CEST
                                                   // America/New_York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
        let d = next_deadline(&s, &new_york(), ts("2026-03-07T00:00:00Z")).unwrap();
        assert_eq!(d, ts("2026-03-08T07:30:00Z")); // 03:30 EDT
    }

    #[test]
    fn fall_back_fold_resolves_to_the_earlier_instant_once() {
        // Europe/Paris, 25 October 2026: 02:30 happens at 00:30Z (CEST) and 01:30Z (CET).
        let s: Schedule = "weekly sunday 02:30".parse().unwrap();
        let tz = paris();
        let d = next_deadline(&s, &tz, ts("2026-10-24T00:00:00Z")).unwrap();
        assert_eq!(d, ts("2026-10-25T00:30:00Z"));
        // The second 02:30 of the same night is not another deadline.
        assert_eq!(next_deadline(&s, &tz, d).unwrap(), ts("2026-11-01T01:30:00Z"));
        // America/New_York, 1 November 2026: 01:30 EDT (05:30Z) then EST (06:30Z).
        let s: Schedule = "daily 01:30".parse().unwrap();
        let d = next_deadline(&s, &new_york(), ts("2026-11-01T00:00:00Z")).unwrap();
        assert_eq!(d, ts("2026-11-01T05:30:00Z"));
        assert_eq!(next_deadline(&s, &new_york(), d).unwrap(), ts("2026-11-02T06:30:00Z"));
    }

    #[test]
    fn every_n_days_counts_from_the_previous_deadline_in_local_days() {
        let s: Schedule = "every 7 days at 20:00".parse().unwrap();
        let tz = paris();
        let prev = ts("2026-03-22T19:00:00Z"); // Sunday 20:00 CET
        assert_eq!(next_deadline(&s, &tz, prev), Some(ts("2026-03-29T18:00:00Z")));
        // Started mid-afternoon: the first deadline is 7 days later at 20:00.
        let start = ts("2026-11-25T14:00:00Z"); // Wednesday 15:00 CET
        assert_eq!(next_deadline(&s, &tz, start), Some(ts("2026-12-01T19:00:00Z")));
        let daily: Schedule = "daily 20:00".parse().unwrap();
        assert_eq!(next_deadline(&daily, &tz, start), Some(ts("2026-11-25T19:00:00Z")));
    }

    #[test]
    fn reminders_are_before_the_deadline_soonest_first() {
        let d = ts("2026-11-29T19:00:00Z");
        let r = reminder_instants(
            d,
            &[
                SignedDuration::from_hours(6),
                SignedDuration::from_hours(48),
                SignedDuration::from_hours(6),
                SignedDuration::ZERO,
            ],
        );
        assert_eq!(r, vec![ts("2026-11-27T19:00:00Z"), ts("2026-11-29T13:00:00Z")]);
    }

    #[test]
    fn durations_parse() {
        let h = SignedDuration::from_hours;
        assert_eq!(parse_duration("48h").unwrap(), h(48));
        assert_eq!(parse_duration("6h").unwrap(), h(6));
        assert_eq!(parse_duration("30m").unwrap(), SignedDuration::from_mins(30));
        assert_eq!(parse_duration("2d").unwrap(), h(48));
        assert_eq!(parse_duration("1d12h").unwrap(), h(36));
        assert_eq!(parse_duration("1d 12h").unwrap(), h(36));
        assert_eq!(parse_duration("2j").unwrap(), h(48));
        assert_eq!(parse_duration("2 jours 6 heures").unwrap(), h(54));
        assert_eq!(parse_duration("90s").unwrap(), SignedDuration::from_secs(90));
        assert_eq!(parse_duration("-1d").unwrap(), h(-24));
        for bad in ["", "48", "h", "2x", "1d-2h", "99999999999999999999d", "1000000d"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert!(parse_duration("2x").unwrap_err().to_string().contains("unknown unit"));
    }

    #[test]
    fn extending_by_days_keeps_local_time_across_dst() {
        let tz = paris();
        let d = ts("2026-03-28T19:00:00Z"); // Saturday 20:00 CET
        let e = shift_deadline(d, &tz, parse_duration("2d").unwrap()).unwrap();
        assert_eq!(e, ts("2026-03-30T18:00:00Z")); // Monday 20:00 CEST
        let e = shift_deadline(d, &tz, parse_duration("1d6h").unwrap()).unwrap();
        assert_eq!(e, ts("2026-03-30T00:00:00Z")); // Sunday 20:00 CEST + 6 h
        let e = shift_deadline(d, &tz, parse_duration("-1d").unwrap()).unwrap();
        assert_eq!(e, ts("2026-03-27T19:00:00Z"));
    }

    #[test]
    fn deadlines_are_formatted_in_french_with_accents_and_in_english() {
        let tz = paris();
        let d = ts("2026-11-29T19:00:00Z");
        assert_eq!(format_deadline(d, &tz, "fr"), "dimanche 29 novembre 2026 à 20 h 00 (Europe/Paris)");
        assert_eq!(format_deadline(d, &tz, "en"), "Sunday 29 November 2026 at 20:00 (Europe/Paris)");
        assert_eq!(
            format_deadline(ts("2026-08-01T07:05:00Z"), &tz, "fr-FR"),
            "samedi 1er août 2026 à 9 h 05 (Europe/Paris)"
        );
        assert_eq!(
            format_deadline(ts("2026-02-11T19:00:00Z"), &tz, "fr"),
            "mercredi 11 février 2026 à 20 h 00 (Europe/Paris)"
        );
        assert_eq!(
            format_deadline(d, &TimeZone::fixed(jiff::tz::offset(-5)), "en"),
            "Sunday 29 November 2026 at 14:00 (UTC-05:00)"
        );
    }

    #[test]
    fn time_left_reads_naturally() {
        let now = ts("2026-11-22T19:00:00Z");
        let f = |d: &str, lang| format_time_left(now, ts(d), lang);
        assert_eq!(f("2026-11-29T18:59:00Z", "fr"), "6 jours 23 heures");
        assert_eq!(f("2026-11-29T18:59:00Z", "en"), "6 days 23 hours");
        assert_eq!(f("2026-11-23T19:30:00Z", "fr"), "1 jour");
        assert_eq!(f("2026-11-23T00:03:00Z", "fr"), "5 heures 3 minutes");
        assert_eq!(f("2026-11-22T20:00:00Z", "en"), "1 hour");
        assert_eq!(f("2026-11-22T19:01:00Z", "fr"), "1 minute");
        assert_eq!(f("2026-11-22T19:00:59Z", "fr"), "moins d'une minute");
        assert_eq!(f("2026-11-22T19:00:30Z", "en"), "less than a minute");
        assert_eq!(f("2026-11-22T19:00:00Z", "fr"), "échue");
        assert_eq!(f("2026-11-21T19:00:00Z", "en"), "past");
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        const ZONES: [&str; 6] =
            ["Europe/Paris", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            /// Whatever the zone and the instant: the deadline is strictly
            /// later, on one of the days, at the local time asked (or that
            /// time moved by a DST gap), and none is skipped.
            #[test]
            fn weekly_deadlines_fall_on_the_days_at_the_local_time(
                zone in 0usize..ZONES.len(),
                secs in 1_577_836_800i64..2_082_758_400, // 2020..2036
                day_mask in 1u8..128,
                h in 0i8..24,
                m in 0i8..60,
            ) {
                let tz = TimeZone::get(ZONES[zone]).unwrap();
                let days: Vec<Weekday> = DAYS.iter().enumerate().filter(|(i, _)| day_mask & (1 << i) != 0).map(|(_, d)| d.0).collect();
                let s = Schedule::Weekly { days: days.clone(), at: t(h, m) };
                let mut after = Timestamp::from_second(secs).unwrap();
                for _ in 0..4 {
                    let d = next_deadline(&s, &tz, after).unwrap();
                    prop_assert!(d > after);
                    prop_assert!(d.duration_since(after) <= SignedDuration::from_hours(7 * 24 + 1));
                    let z = d.to_zoned(tz.clone());
                    prop_assert!(days.contains(&z.weekday()), "{z} not on {days:?}");
                    let local = z.time();
                    let wanted = t(h, m);
                    // Equal, or pushed forward by a gap of at most an hour.
                    let diff = (i64::from(local.hour()) * 60 + i64::from(local.minute())) - (i64::from(h) * 60 + i64::from(m));
                    prop_assert!(diff == 0 || (diff > 0 && diff <= 60), "{z}: wanted {wanted}");
                    // Nothing skipped: no matching local day/time lies strictly between.
                    let first = after.to_zoned(tz.clone()).date();
                    for k in 0..9 {
                        let date = first.checked_add(Span::new().days(k)).unwrap();
                        if !days.contains(&date.weekday()) {
                            continue;
                        }
                        if let Ok(cand) = tz.to_ambiguous_timestamp(date.to_datetime(wanted)).compatible() {
                            prop_assert!(!(cand > after && cand < d), "skipped {cand} between {after} and {d}");
                        }
                    }
                    after = d;
                }
            }

            #[test]
            fn schedules_round_trip_through_their_canonical_form(
                day_mask in 1u8..128, h in 0i8..24, m in 0i8..60, n in 1u32..30, kind in 0u8..3,
            ) {
                let days: Vec<Weekday> = DAYS.iter().enumerate().filter(|(i, _)| day_mask & (1 << i) != 0).map(|(_, d)| d.0).collect();
                let s = match kind {
                    0 => Schedule::Weekly { days, at: t(h, m) },
                    1 => Schedule::EveryDays { days: n, at: t(h, m) },
                    _ => Schedule::Manual,
                };
                prop_assert_eq!(s.to_string().parse::<Schedule>().unwrap(), s);
            }
        }
    }
}
