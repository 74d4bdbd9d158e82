//! The deadline of a turn as a calendar event (`mail::calendar`): the `.ics`
//! part of reports, welcomes and reminders, and the game page's feed. The
//! words come from `templates/web/calendar.<lang>.txt.tera` (first line: the
//! title; the rest: the description).

use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use super::{domain_of, Referee};
use crate::mail::calendar::{self, DeadlineEvent};
use crate::mail::Attachment;

/// The alarm rings this long before a deadline when the game has no reminders.
const DEFAULT_ALARM: SignedDuration = SignedDuration::from_hours(24);

impl Referee {
    /// The `VCALENDAR` of the deadline of `turn` in `game` (`None` for a
    /// game not configured, or when the words cannot be rendered).
    pub fn deadline_calendar(&self, game: &str, turn: u32, deadline: Timestamp, lang: &str, now: Timestamp) -> Option<String> {
        let gc = self.game_config(game)?;
        let dir = self.store.game(game).ok()?;
        let url = self.config.web.as_ref().map(|w| format!("{}/g/{game}", w.public_url));
        let ctx = json!({
            "game": game,
            "turn": turn,
            "deadline": crate::scheduler::format_deadline(deadline, &gc.time_zone, lang),
            "referee_address": self.config.referee_address,
            "url": url,
        });
        let name = super::replies::template_name(self, "web/calendar", lang, "txt")?;
        let words = match self.renderer.render(&name, &ctx) {
            Ok(w) => w,
            Err(e) => {
                tracing::error!(game, error = %e, "calendar words not rendered");
                return None;
            }
        };
        let mut lines = words.trim().splitn(2, '\n');
        let summary = lines.next().unwrap_or_default().trim().to_string();
        let description = lines.next().unwrap_or_default().trim().to_string();
        let alarm = gc.reminders.iter().copied().filter(|d| d.is_positive()).min().unwrap_or(DEFAULT_ALARM);
        let event = DeadlineEvent {
            uid: calendar::deadline_uid(game, turn, domain_of(&self.config.referee_address)),
            sequence: calendar::sequence(&dir, turn),
            start: deadline,
            tz: &gc.time_zone,
            tz_name: &gc.time_zone_name,
            summary,
            description,
            url,
            alarm_before: alarm,
            stamp: now,
        };
        Some(calendar::calendar(&[event], Some(game)))
    }

    /// The open deadline as an `.ics` attachment (`None` without a deadline).
    pub fn deadline_attachment(&self, game: &str, turn: u32, deadline: Option<Timestamp>, lang: &str, now: Timestamp) -> Option<Attachment> {
        let ics = self.deadline_calendar(game, turn, deadline?, lang, now)?;
        let stem = if lang == "en" { "deadline-turn" } else { "date-limite-tour" };
        Some(Attachment {
            filename: format!("{stem}-{turn}.ics"),
            content_type: "text/calendar; charset=utf-8; method=PUBLISH".into(),
            bytes: ics.into_bytes(),
            content_id: None,
        })
    }
}
