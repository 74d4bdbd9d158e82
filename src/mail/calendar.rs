//! Deadlines as calendar events (RFC 5545): the `.ics` part of every report,
//! welcome and reminder, and the feed of a game's page (`crate::web`).
//!
//! One deadline is one `VEVENT` whose UID names the game and the turn
//! (`deadline-<game>-<turn>@<referee's domain>`), so that a client that
//! imported it updates it when the deadline moves: `arbitre game extend`
//! raises the turn's `SEQUENCE` (kept in `games/<id>/calendar.json`). The
//! start is written in the game's time zone (`DTSTART;TZID=…`) with a
//! `VTIMEZONE` built from the zone's real transitions around the instant,
//! and a `VALARM` rings before it. No `DTEND`: a deadline is an instant
//! (RFC 5545 §3.6.1: the event then ends when it starts).

use std::collections::BTreeMap;

use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};

use crate::store::{GameDir, StoreError};

/// The file under the game's folder that keeps each turn's SEQUENCE.
const SEQUENCES_FILE: &str = "calendar.json";

/// One deadline to write as an event.
#[derive(Debug, Clone)]
pub struct DeadlineEvent<'a> {
    pub uid: String,
    pub sequence: u32,
    pub start: Timestamp,
    pub tz: &'a TimeZone,
    pub tz_name: &'a str,
    pub summary: String,
    pub description: String,
    pub url: Option<String>,
    /// The alarm rings this long before `start`.
    pub alarm_before: SignedDuration,
    /// When this version of the event was issued (`DTSTAMP`).
    pub stamp: Timestamp,
}

/// The UID of the deadline of `turn` in `game`.
pub fn deadline_uid(game: &str, turn: u32, domain: &str) -> String {
    format!("deadline-{game}-{turn}@{domain}")
}

/// The SEQUENCE of the deadline event of `turn` (0 until it is moved).
pub fn sequence(dir: &GameDir, turn: u32) -> u32 {
    read_sequences(dir).get(&turn).copied().unwrap_or(0)
}

/// Records that the deadline of `turn` moved: its event's SEQUENCE goes up
/// by one. Call it under the game's lock.
pub fn bump_sequence(dir: &GameDir, turn: u32) -> Result<u32, StoreError> {
    let mut all = read_sequences(dir);
    let n = all.entry(turn).or_insert(0);
    *n += 1;
    let n = *n;
    crate::store::write_json_atomic(&dir.path().join(SEQUENCES_FILE), &all)?;
    Ok(n)
}

fn read_sequences(dir: &GameDir) -> BTreeMap<u32, u32> {
    crate::store::read_json(&dir.path().join(SEQUENCES_FILE)).ok().flatten().unwrap_or_default()
}

/// A whole `VCALENDAR` (CRLF line ends, lines folded at 75 octets) with
/// the events and the time zones they use.
pub fn calendar(events: &[DeadlineEvent<'_>], name: Option<&str>) -> String {
    let mut lines: Vec<String> = vec![
        "BEGIN:VCALENDAR".into(),
        "VERSION:2.0".into(),
        "PRODID:-//arbitre//deadlines//FR".into(),
        "CALSCALE:GREGORIAN".into(),
        "METHOD:PUBLISH".into(),
    ];
    if let Some(n) = name {
        lines.push(format!("X-WR-CALNAME:{}", text(n)));
    }
    let mut zones: BTreeMap<&str, Vec<Timestamp>> = BTreeMap::new();
    for e in events {
        zones.entry(e.tz_name).or_default().push(e.start);
    }
    for (name, instants) in &zones {
        if let Some(e) = events.iter().find(|e| e.tz_name == *name) {
            vtimezone(&mut lines, name, e.tz, instants);
        }
    }
    for e in events {
        lines.push("BEGIN:VEVENT".into());
        lines.push(format!("UID:{}", text(&e.uid)));
        lines.push(format!("SEQUENCE:{}", e.sequence));
        lines.push(format!("DTSTAMP:{}", utc(e.stamp)));
        lines.push(format!("DTSTART;TZID={}:{}", param(e.tz_name), local(e.start, e.tz)));
        lines.push(format!("SUMMARY:{}", text(&e.summary)));
        if !e.description.is_empty() {
            lines.push(format!("DESCRIPTION:{}", text(&e.description)));
        }
        if let Some(u) = &e.url {
            lines.push(format!("URL:{}", u.replace(['\r', '\n'], "")));
        }
        lines.push("TRANSP:TRANSPARENT".into());
        lines.push("BEGIN:VALARM".into());
        lines.push("ACTION:DISPLAY".into());
        lines.push(format!("DESCRIPTION:{}", text(&e.summary)));
        lines.push(format!("TRIGGER:-PT{}M", (e.alarm_before.as_secs() / 60).max(0)));
        lines.push("END:VALARM".into());
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    let mut out = String::new();
    for l in lines {
        fold(&l, &mut out);
    }
    out
}

/// A `VTIMEZONE` whose observances are the zone's real transitions: the one
/// in force at each instant, and the next one (so that an alarm before a
/// change of offset is right too). A zone without transitions gets one
/// fixed observance.
fn vtimezone(lines: &mut Vec<String>, name: &str, tz: &TimeZone, instants: &[Timestamp]) {
    lines.push("BEGIN:VTIMEZONE".into());
    lines.push(format!("TZID:{}", text(name)));
    let mut seen = std::collections::BTreeSet::new();
    let mut observances = Vec::new();
    for t in instants {
        let after_start = t.checked_add(SignedDuration::from_secs(1)).unwrap_or(*t);
        for tr in tz.preceding(after_start).take(1).chain(tz.following(*t).take(1)) {
            if seen.insert(tr.timestamp()) {
                let before = tr.timestamp().checked_sub(SignedDuration::from_secs(1)).unwrap_or(tr.timestamp());
                let from = tz.to_offset(before);
                observances.push((tr.timestamp(), from, tr.offset(), tr.abbreviation().to_string(), tr.dst().is_dst()));
            }
        }
    }
    observances.sort_by_key(|o| o.0);
    if observances.is_empty() {
        let o = instants.first().map_or(jiff::tz::Offset::UTC, |t| tz.to_offset(*t));
        observances.push((Timestamp::UNIX_EPOCH, o, o, String::new(), false));
    }
    for (at, from, to, abbr, dst) in observances {
        let kind = if dst { "DAYLIGHT" } else { "STANDARD" };
        lines.push(format!("BEGIN:{kind}"));
        // The onset is written in the local time that was in force before it.
        let onset = from.to_datetime(at);
        lines.push(format!("DTSTART:{}", onset.strftime("%Y%m%dT%H%M%S")));
        lines.push(format!("TZOFFSETFROM:{}", offset(from)));
        lines.push(format!("TZOFFSETTO:{}", offset(to)));
        if !abbr.is_empty() && !abbr.starts_with(['+', '-']) {
            lines.push(format!("TZNAME:{}", text(&abbr)));
        }
        lines.push(format!("END:{kind}"));
    }
    lines.push("END:VTIMEZONE".into());
}

fn utc(t: Timestamp) -> String {
    t.strftime("%Y%m%dT%H%M%SZ").to_string()
}

fn local(t: Timestamp, tz: &TimeZone) -> String {
    t.to_zoned(tz.clone()).strftime("%Y%m%dT%H%M%S").to_string()
}

fn offset(o: jiff::tz::Offset) -> String {
    let s = o.seconds();
    let (sign, a) = if s < 0 { ('-', -s) } else { ('+', s) };
    let (h, m, sec) = (a / 3600, a % 3600 / 60, a % 60);
    if sec == 0 { format!("{sign}{h:02}{m:02}") } else { format!("{sign}{h:02}{m:02}{sec:02}") }
}

/// A TEXT value (RFC 5545 §3.3.11): `\`, `;`, `,` and line ends escaped.
fn text(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            ';' => o.push_str("\\;"),
            ',' => o.push_str("\\,"),
            '\n' => o.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => o.push(c),
        }
    }
    o
}

/// A parameter value: quoted when it holds `:`, `;` or `,`; no quotes inside.
fn param(s: &str) -> String {
    let s: String = s.chars().filter(|c| *c != '"' && !c.is_control()).collect();
    if s.contains([':', ';', ',']) { format!("\"{s}\"") } else { s }
}

/// Appends one content line, folded at 75 octets (never inside a character).
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paris() -> TimeZone {
        TimeZone::get("Europe/Paris").unwrap()
    }

    fn event<'a>(tz: &'a TimeZone, start: &str, seq: u32) -> DeadlineEvent<'a> {
        DeadlineEvent {
            uid: deadline_uid("g", 3, "example.org"),
            sequence: seq,
            start: start.parse().unwrap(),
            tz,
            tz_name: "Europe/Paris",
            summary: "[g] Ordres du tour 3, avant 20 h; pensez-y".into(),
            description: "Ligne 1\nLigne 2, avec une virgule".into(),
            url: Some("https://example.org/g/g/".into()),
            alarm_before: SignedDuration::from_hours(6),
            stamp: "2026-03-20T10:00:00Z".parse().unwrap(),
        }
    }

    #[test]
    fn a_deadline_is_written_in_the_game_zone_with_its_offsets_and_an_alarm() {
        let tz = paris();
        // 29 March 2026 is the spring change in Paris: 20:00 is then UTC+2.
        let ics = calendar(&[event(&tz, "2026-03-29T18:00:00Z", 2)], Some("g"));
        assert!(ics.contains("DTSTART;TZID=Europe/Paris:20260329T200000\r\n"), "{ics}");
        assert!(ics.contains("UID:deadline-g-3@example.org\r\n"));
        assert!(ics.contains("SEQUENCE:2\r\n"));
        assert!(ics.contains("TRIGGER:-PT360M\r\n"));
        // The change of 29 March at 02:00 (+0100 -> +0200) is an observance.
        assert!(ics.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"), "{ics}");
        assert!(ics.contains("SUMMARY:[g] Ordres du tour 3\\, avant 20 h\\; pensez-y\r\n"));
        assert!(ics.contains("DESCRIPTION:Ligne 1\\nLigne 2\\, avec une virgule\r\n"));
        assert!(ics.lines().all(|l| l.len() <= 75), "{ics}");
    }

    #[test]
    fn long_lines_are_folded_between_characters() {
        let mut out = String::new();
        fold(&format!("SUMMARY:{}", "é".repeat(60)), &mut out);
        assert!(out.split("\r\n").all(|l| l.len() <= 75));
        let unfolded = out.replace("\r\n ", "");
        assert_eq!(unfolded, format!("SUMMARY:{}\r\n", "é".repeat(60)));
    }

    #[test]
    fn moving_a_deadline_raises_the_sequence_of_that_turn_only() {
        let d = tempfile::tempdir().unwrap();
        let store = crate::store::Store::open(d.path()).unwrap();
        let g = store.game("g").unwrap();
        g.create().unwrap();
        assert_eq!(sequence(&g, 4), 0);
        assert_eq!(bump_sequence(&g, 4).unwrap(), 1);
        assert_eq!(bump_sequence(&g, 4).unwrap(), 2);
        assert_eq!(sequence(&g, 4), 2);
        assert_eq!(sequence(&g, 5), 0);
    }
}
