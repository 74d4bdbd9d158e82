//! Absences declared by mail (`ABSENCE | AWAY <from> <to>`, `ABSENCE ANNULER
//! | AWAY CANCEL`; RULINGS.md, "Absences"). The game's `absence` setting
//! decides what one does: `"extend"` moves a deadline that falls inside it
//! to the same time on the day after it, within the player's budget of
//! days (`absence_days`), every family told as by `game extend`;
//! `"default"` plays the rules' default for the absent seat without
//! counting its ONR toward PNJ. Absences are public, as in njudge: the
//! reports and the game's page name them.

use jiff::Timestamp;
use serde_json::{json, Value};

use crate::config::AbsenceMode;
use crate::game::FamilyKey;
use crate::orders::AbsenceCommand;

use super::meta::Absence;
use super::{OpenGame, Referee, Result};

/// What an `ABSENCE` line did, for the acknowledgement; and the calendar
/// sequence of the deadline it moved, if it moved the open one.
pub struct AbsenceOutcome {
    pub ack: Value,
    pub moved: Option<u32>,
}

impl Referee {
    /// Applies `cmd` of family `fkey` to `g.meta` (the caller writes it).
    pub fn absence_command(&self, g: &mut OpenGame, fkey: &FamilyKey, cmd: &AbsenceCommand, now: Timestamp) -> Result<AbsenceOutcome> {
        let gc = self.game_config(&g.meta.id);
        let tz = gc.map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
        let mode = gc.map_or(AbsenceMode::Default, |c| c.absence);
        let budget = gc.map_or(14, |c| c.absence_days);
        let today = now.to_zoned(tz.clone()).date();
        let mode_word = match mode {
            AbsenceMode::Extend => "extend",
            AbsenceMode::Default => "default",
        };
        let Some(fam) = g.meta.families.get_mut(fkey) else { return Ok(AbsenceOutcome { ack: Value::Null, moved: None }) };
        // The days of the current absence not begun yet go back to the budget.
        let refund = fam.absence.map_or(0, |a| a.days_from(today).min(a.charged));
        match cmd {
            AbsenceCommand::Cancel => {
                let had = fam.absence.take();
                fam.absence_days_used = fam.absence_days_used.saturating_sub(refund);
                let ack = json!({ "kind": "absence", "cancel": true, "had": had.map(|a| dates(&a)), "mode": mode_word, "refused": null, "extended_to": null });
                Ok(AbsenceOutcome { ack, moved: None })
            }
            AbsenceCommand::Declare { from, to } => {
                let asked = Absence { from: *from, to: *to, charged: 0 };
                let base = json!({ "kind": "absence", "cancel": false, "from": from.to_string(), "to": to.to_string(), "mode": mode_word, "refused": null, "extended_to": null });
                if *to < today {
                    return Ok(AbsenceOutcome { ack: merge(base, json!({ "refused": "past" })), moved: None });
                }
                let days = asked.days_from(today);
                let left = budget.saturating_sub(fam.absence_days_used.saturating_sub(refund));
                if mode == AbsenceMode::Extend && days > left {
                    return Ok(AbsenceOutcome { ack: merge(base, json!({ "refused": "budget", "days": days, "left": left, "budget": budget })), moved: None });
                }
                let charged = if mode == AbsenceMode::Extend { days } else { 0 };
                fam.absence_days_used = fam.absence_days_used.saturating_sub(refund) + charged;
                fam.absence = Some(Absence { charged, ..asked });
                let used = fam.absence_days_used;
                // The open deadline, if it falls inside: moved past the absence.
                let mut moved = None;
                let mut ack = merge(base, json!({ "days": days, "left": budget.saturating_sub(used), "budget": budget }));
                if mode == AbsenceMode::Extend && !g.meta.finished {
                    if let Some(new) = g.meta.deadline.and_then(|d| g.meta.deadline_after_absences(d, &tz)) {
                        g.meta.deadline = Some(new);
                        g.meta.reminders_sent.clear();
                        moved = Some(crate::mail::calendar::bump_sequence(&g.dir, g.meta.turn)?);
                        ack["extended_to"] = json!(crate::scheduler::format_deadline(new, &tz, lang_of(g, fkey)));
                    }
                }
                Ok(AbsenceOutcome { ack, moved })
            }
        }
    }

    /// The absences of a game's seats that are not over on `now`'s day, for
    /// the reports and the game's page (public, as in njudge).
    pub fn absences_in(&self, meta: &super::GameMeta, now: Timestamp) -> Vec<Value> {
        let tz = self.game_config(&meta.id).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
        let today = now.to_zoned(tz).date();
        let mut v: Vec<(String, Value)> = meta
            .families
            .values()
            .filter(|f| !f.pnj && f.resigned.is_none())
            .filter_map(|f| f.absence.filter(|a| a.to >= today).map(|a| (crate::text::key(&f.name), merge(json!({ "name": f.name }), dates(&a)))))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.into_iter().map(|(_, x)| x).collect()
    }
}

fn dates(a: &Absence) -> Value {
    json!({ "from": a.from.to_string(), "to": a.to.to_string() })
}

fn lang_of<'a>(g: &'a OpenGame, fkey: &FamilyKey) -> &'a str {
    g.meta.families.get(fkey).map_or("fr", |f| f.lang.as_str())
}

fn merge(a: Value, b: Value) -> Value {
    super::intake::merge(a, b)
}
