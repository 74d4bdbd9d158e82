//! `[[games]]`: one entry per game, with its ruleset's own `settings`.

use super::check::{join, type_name, Cx};
use crate::scheduler::Schedule;
use jiff::tz::TimeZone;
use jiff::SignedDuration;
use toml::{Table, Value};

/// The rulesets a game may name. `crate::games::engines()` is the real list
/// once the rules engineers have wired their games; until then this
/// constant stands in (and any id `engines()` reports is accepted as well).
pub const KNOWN_RULESETS: [&str; 2] = ["stellarium", "galaxy"];

/// Languages of player-facing text.
pub const LANGUAGES: [&str; 2] = ["fr", "en"];

/// One `[[games]]` entry.
#[derive(Debug, Clone)]
pub struct GameConfig {
    /// `[a-z0-9-]+`, unique: the game's directory and the tag players
    /// write in their subject lines.
    pub id: String,
    /// Which rules: `"stellarium"` or `"galaxy"`.
    pub ruleset: String,
    /// The game's time zone: deadlines are wall-clock times there.
    pub time_zone: TimeZone,
    /// Its IANA name as written (`"Europe/Paris"`).
    pub time_zone_name: String,
    /// The deadline schedule of every step whose kind `deadlines` does not name.
    pub deadline: Schedule,
    /// Schedules by step kind (`deadlines = { senat = "after 72h" }`): the
    /// kinds are the ruleset's ([`crate::game::Ruleset::STEP_KINDS`]); a
    /// step of a kind not named here follows `deadline`.
    pub deadlines: std::collections::BTreeMap<String, Schedule>,
    /// Reminders are mailed this long before each deadline.
    pub reminders: Vec<SignedDuration>,
    /// Orders are accepted only from the address a family registered with
    /// (besides its password).
    pub require_registered_address: bool,
    /// Rule 0: a family becomes PNJ after MORE than this many ONR turns in a
    /// row (the rules say 2).
    pub pnj_after_onr: u32,
    /// New families may register.
    pub registration_open: bool,
    /// Rule 0.4: a player whose family became PNJ may register a new one.
    pub allow_new_family_after_pnj: bool,
    /// A registration counts only once its address answers the confirmation
    /// mail (`referee::join`): a forged sender gets one small mail, no seat.
    pub registration_confirm: bool,
    /// At most this many families may register (`None`: no limit but the
    /// ruleset's own, such as Galaxy's `players`).
    pub max_families: Option<u32>,
    /// When at least this share of the families would be ONR at a
    /// deadline, the turn is held and the human referee alerted (0 < x ≤ 1).
    pub mass_onr_threshold: f64,
    /// The game's seed (turn seeds derive from it); `None`: chosen when the
    /// game is created and stored with it.
    pub seed: Option<u64>,
    /// The language of player-facing text (`"fr"` or `"en"`).
    pub language: String,
    /// Early adjudication (`turn-based.md`, capability 3): `Some(delay)`
    /// plays a step as soon as every awaited seat has complete orders (OR)
    /// and this change-of-mind delay has passed since the last of them
    /// (at once when they all wrote `CONFIRMER`); `None` (the default):
    /// only at the deadline.
    pub early: Option<SignedDuration>,
    /// Orders for a later step (`TOUR n`) are kept and applied when it
    /// opens; `None`: yes for turn-based rulesets (those that name the
    /// awaited seats), no for simultaneous ones.
    pub advance_orders: Option<bool>,
    /// The registration step is played as soon as the ruleset takes no more
    /// seat and nothing is asked of the registered ones (a full game starts
    /// at once), without waiting for `game close` or its deadline (default
    /// on; RULINGS.md, "Turn-based play", capability 3).
    pub start_when_full: bool,
    /// In a turn-based game, a seat that does not move in the next step gets
    /// a short notice of the step played instead of the full report and its
    /// calendar alarm (default on; off: everyone gets the full report).
    pub waiting_notice: bool,
    /// What a seat that became PNJ plays.
    pub pnj: PnjMode,
    /// Whether a PNJ seat's player takes it back by sending valid orders
    /// with the password; `None`: as the ruleset's rules say
    /// (`Ruleset::PNJ_RETURN`: Stellar and Stellium yes, Stellarium 0.4 and
    /// Galaxy no).
    pub pnj_return: Option<bool>,
    /// What a declared absence (`ABSENCE | AWAY`) does.
    pub absence: AbsenceMode,
    /// With `absence = "extend"`: the days of absence each player may
    /// declare over the whole game (njudge's absence budget).
    pub absence_days: u32,
    /// Ruleset-specific settings, passed to `Ruleset::new_game`.
    pub settings: Table,
}

/// What a PNJ seat plays (`pnj = "…"`; `turn-based.md`, capability 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PnjMode {
    /// The ruleset's default behaviour (Stellarium and Galaxy rule 0).
    #[default]
    Default,
    /// The seat concedes: its input has `resigned = true`.
    Forfeit,
    /// A robot: the ruleset's simulated player, through `parse_orders`,
    /// with the turn's dice.
    Robot,
}

impl GameConfig {
    /// The schedule of a step of `kind`: its entry in `deadlines`, else `deadline`.
    pub fn schedule(&self, kind: &str) -> &Schedule {
        self.deadlines.get(kind).unwrap_or(&self.deadline)
    }
}

/// What a declared absence does (`absence = "…"`; RULINGS.md, "Absences").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AbsenceMode {
    /// The rules' default is played for the absent family, and its ONR
    /// turns during the absence do not count toward PNJ.
    #[default]
    Default,
    /// A deadline falling inside the absence is moved past its end, within
    /// the player's budget of days (`absence_days`).
    Extend,
}

fn is_game_id(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Cx {
    /// `deadlines = { <kind> = "<schedule>", … }`: each kind one of the
    /// ruleset's step kinds (unchecked when the ruleset is unknown: that is
    /// reported on its own), each schedule as `deadline`'s.
    fn deadlines(&mut self, t: &Table, prefix: &str, ruleset: &str) -> std::collections::BTreeMap<String, Schedule> {
        let mut out = std::collections::BTreeMap::new();
        let Some(table) = self.sub_table(t, prefix, "deadlines") else { return out };
        let kinds = crate::games::engine(ruleset).map(|e| e.step_kinds());
        let here = join(prefix, "deadlines");
        for (kind, v) in table {
            let setting = join(&here, kind);
            if let Some(kinds) = kinds.filter(|k| !k.contains(&kind.as_str())) {
                let hint = crate::text::suggest(kind, kinds.iter().copied()).map(|s| format!(" (did you mean {s:?}?)")).unwrap_or_default();
                self.err(
                    setting,
                    format!("ruleset {ruleset:?} has no step of kind {kind:?}{hint}: its kinds are {}", kinds.join(", ")),
                );
                continue;
            }
            match v {
                Value::String(s) => match s.parse::<Schedule>() {
                    Ok(d) => {
                        out.insert(kind.clone(), d);
                    }
                    Err(e) => self.err(setting, e.to_string()),
                },
                v => self.err(setting, format!("expected a schedule such as \"after 48h\", found {}", type_name(v))),
            }
        }
        out
    }

    pub(super) fn game(&mut self, t: &Table, prefix: &str) -> Option<GameConfig> {
        self.unknown_keys(
            t,
            prefix,
            &[
                "id",
                "ruleset",
                "time_zone",
                "deadline",
                "deadlines",
                "reminders",
                "require_registered_address",
                "pnj_after_onr",
                "registration_open",
                "allow_new_family_after_pnj",
                "registration_confirm",
                "max_families",
                "mass_onr_threshold",
                "seed",
                "language",
                "early",
                "advance_orders",
                "start_when_full",
                "waiting_notice",
                "pnj",
                "pnj_return",
                "absence",
                "absence_days",
                "settings",
            ],
        );
        let before = self.errors.len();
        let id = self.string(t, prefix, "id", true).unwrap_or_default();
        if t.contains_key("id") && !is_game_id(&id) {
            self.err(
                join(prefix, "id"),
                format!("{id:?}: expected lower-case letters, digits and hyphens ([a-z0-9-]+, at most 64)"),
            );
        }

        let ruleset = self.string(t, prefix, "ruleset", true).unwrap_or_default();
        if t.contains_key("ruleset") {
            let mut known: Vec<String> = KNOWN_RULESETS.iter().map(|s| s.to_string()).collect();
            for e in crate::games::engines() {
                if !known.iter().any(|k| k == e.id()) {
                    known.push(e.id().to_string());
                }
            }
            if !known.contains(&ruleset) {
                self.err(
                    join(prefix, "ruleset"),
                    format!("unknown ruleset {ruleset:?}: expected one of {}", known.join(", ")),
                );
            }
        }

        let time_zone_name = self.string(t, prefix, "time_zone", true).unwrap_or_default();
        let time_zone = if t.contains_key("time_zone") {
            match TimeZone::get(&time_zone_name) {
                Ok(tz) => Some(tz),
                Err(_) => {
                    let names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
                    let hint = crate::text::suggest(&time_zone_name, names.iter().map(String::as_str))
                        .map(|s| format!(" (did you mean {s:?}?)"))
                        .unwrap_or_else(|| " (an IANA name such as \"Europe/Paris\")".into());
                    self.err(join(prefix, "time_zone"), format!("unknown time zone {time_zone_name:?}{hint}"));
                    None
                }
            }
        } else {
            None
        };

        let deadline = match self.string(t, prefix, "deadline", true) {
            Some(s) => match s.parse::<Schedule>() {
                Ok(d) => Some(d),
                Err(e) => {
                    self.err(join(prefix, "deadline"), e.to_string());
                    None
                }
            },
            None => None,
        };

        let deadlines = self.deadlines(t, prefix, &ruleset);

        let mut reminders = Vec::new();
        match t.get("reminders") {
            None => reminders = vec![SignedDuration::from_hours(48), SignedDuration::from_hours(6)],
            Some(Value::Array(items)) => {
                for (i, v) in items.iter().enumerate() {
                    if let Some(d) = self.duration(format!("{prefix}.reminders[{i}]"), v) {
                        reminders.push(d);
                    }
                }
            }
            Some(v) => self.err(
                join(prefix, "reminders"),
                format!("expected a list such as [\"48h\", \"6h\"], found {}", type_name(v)),
            ),
        }
        if matches!(deadline, Some(Schedule::Manual))
            && t.get("reminders").is_some_and(|r| r.as_array().is_some_and(|a| !a.is_empty()))
        {
            self.err(
                join(prefix, "reminders"),
                "a manual deadline has no instant to remind players of: remove the reminders",
            );
        }

        let require_registered_address = self.boolean(t, prefix, "require_registered_address", true);
        let pnj_after_onr = self.integer(t, prefix, "pnj_after_onr", 2, (0, 1000)) as u32;
        let registration_open = self.boolean(t, prefix, "registration_open", true);
        let allow_new_family_after_pnj = self.boolean(t, prefix, "allow_new_family_after_pnj", true);
        let registration_confirm = self.boolean(t, prefix, "registration_confirm", true);
        let max_families = t.contains_key("max_families").then(|| self.integer(t, prefix, "max_families", 0, (1, 100_000)) as u32);

        let mass_onr_threshold = match t.get("mass_onr_threshold") {
            None => 0.5,
            Some(v) => {
                let x = match v {
                    Value::Float(f) => Some(*f),
                    Value::Integer(i) => Some(*i as f64),
                    _ => None,
                };
                match x {
                    Some(x) if x > 0.0 && x <= 1.0 => x,
                    Some(x) => {
                        self.err(
                            join(prefix, "mass_onr_threshold"),
                            format!(
                                "{x} is out of range: expected a share above 0 and at most 1 (0.5 = half the families)"
                            ),
                        );
                        0.5
                    }
                    None => {
                        self.err(
                            join(prefix, "mass_onr_threshold"),
                            format!("expected a number, found {}", type_name(v)),
                        );
                        0.5
                    }
                }
            }
        };

        let seed = match t.get("seed") {
            None => None,
            Some(Value::Integer(i)) if *i >= 0 => Some(*i as u64),
            Some(Value::String(s)) if s.parse::<u64>().is_ok() => s.parse::<u64>().ok(),
            Some(v) => {
                self.err(
                    join(prefix, "seed"),
                    format!(
                        "expected a non-negative integer (or one in a string, up to 2^64 − 1), found {}",
                        match v {
                            Value::Integer(i) => i.to_string(),
                            Value::String(s) => format!("{s:?}"),
                            v => type_name(v).to_string(),
                        }
                    ),
                );
                None
            }
        };

        let language = self.string(t, prefix, "language", false).unwrap_or_else(|| "fr".to_string());
        if !LANGUAGES.contains(&language.as_str()) {
            self.err(join(prefix, "language"), format!("{language:?}: expected \"fr\" or \"en\""));
        }

        let early = match t.get("early") {
            None => None,
            Some(Value::Boolean(false)) => None,
            Some(Value::String(s)) if matches!(crate::text::fold(s).as_str(), "OFF" | "NON" | "NO" | "FALSE") => None,
            Some(Value::String(s)) if matches!(crate::text::fold(s).trim(), "0" | "0S" | "0M" | "0H") => Some(SignedDuration::ZERO),
            Some(v) => self.duration(join(prefix, "early"), v),
        };
        let advance_orders = t.contains_key("advance_orders").then(|| self.boolean(t, prefix, "advance_orders", false));
        let start_when_full = self.boolean(t, prefix, "start_when_full", true);
        let waiting_notice = self.boolean(t, prefix, "waiting_notice", true);
        let pnj = match self.string(t, prefix, "pnj", false).as_deref() {
            None | Some("default") => PnjMode::Default,
            Some("forfeit") => PnjMode::Forfeit,
            Some("robot") => PnjMode::Robot,
            Some(other) => {
                self.err(join(prefix, "pnj"), format!("{other:?}: expected \"default\", \"forfeit\" or \"robot\""));
                PnjMode::Default
            }
        };

        let pnj_return = t.contains_key("pnj_return").then(|| self.boolean(t, prefix, "pnj_return", false));
        let absence = match self.string(t, prefix, "absence", false).map(|s| crate::text::fold(&s)).as_deref() {
            None | Some("DEFAULT" | "DEFAUT") => AbsenceMode::Default,
            Some("EXTEND" | "PROLONGE") => AbsenceMode::Extend,
            Some(_) => {
                let written = self.string(t, prefix, "absence", false).unwrap_or_default();
                self.err(join(prefix, "absence"), format!("{written:?}: expected \"default\" (or \"defaut\") or \"extend\" (or \"prolonge\")"));
                AbsenceMode::Default
            }
        };
        let absence_days = self.integer(t, prefix, "absence_days", 14, (0, 3660)) as u32;

        let settings = match t.get("settings") {
            None => Table::new(),
            Some(Value::Table(s)) => s.clone(),
            Some(v) => {
                self.err(
                    join(prefix, "settings"),
                    format!("expected a table ([games.settings]), found {}", type_name(v)),
                );
                Table::new()
            }
        };

        if self.errors.len() != before {
            return None;
        }
        Some(GameConfig {
            id,
            ruleset,
            time_zone: time_zone?,
            time_zone_name,
            deadline: deadline?,
            deadlines,
            reminders,
            require_registered_address,
            pnj_after_onr,
            registration_open,
            allow_new_family_after_pnj,
            registration_confirm,
            max_families,
            mass_onr_threshold,
            seed,
            language,
            early,
            advance_orders,
            start_when_full,
            waiting_notice,
            pnj,
            pnj_return,
            absence,
            absence_days,
            settings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn max_families_is_off_by_default_and_checked() {
        assert_eq!(parse_at(&game("")).unwrap().games[0].max_families, None);
        assert_eq!(parse_at(&game("max_families = 40")).unwrap().games[0].max_families, Some(40));
        let e = errors_of(&game("max_families = 0"));
        assert!(has(&e, "games[0].max_families: 0 is out of range"), "{e:?}");
    }
    use super::*;

    #[test]
    fn turn_based_settings_early_advance_orders_pnj_and_relative_schedules() {
        let g = |extra: &str| parse_at(&game(extra)).unwrap_or_else(|e| panic!("{e}")).games.remove(0);
        let d = g("");
        assert_eq!((d.early, d.advance_orders, d.pnj), (None, None, PnjMode::Default), "off, auto, default");
        assert_eq!(g("early = \"15m\"").early, Some(SignedDuration::from_mins(15)));
        assert_eq!(g("early = \"0m\"").early, Some(SignedDuration::ZERO));
        assert_eq!(g("early = \"off\"").early, None);
        assert_eq!(g("early = false").early, None);
        assert_eq!(g("advance_orders = true").advance_orders, Some(true));
        assert_eq!(g("pnj = \"robot\"").pnj, PnjMode::Robot);
        assert_eq!(g("pnj = \"forfeit\"").pnj, PnjMode::Forfeit);
        let relative = parse_at(&game("").replace("weekly sunday 20:00", "after 48h")).unwrap().games.remove(0);
        assert_eq!(relative.deadline, Schedule::After(SignedDuration::from_hours(48)));
        assert!(has(&errors_of(&game("early = \"soon\"")), "games[0].early: invalid duration \"soon\""), "{:?}", errors_of(&game("early = \"soon\"")));
        assert!(has(&errors_of(&game("pnj = \"bot\"")), r#"games[0].pnj: "bot": expected "default", "forfeit" or "robot""#));
        assert_eq!((d.pnj_return, d.absence, d.absence_days), (None, super::AbsenceMode::Default, 14));
        assert_eq!(g("pnj_return = true").pnj_return, Some(true));
        assert_eq!((g("absence = \"prolonge\"").absence, g("absence = \"extend\"").absence), (super::AbsenceMode::Extend, super::AbsenceMode::Extend));
        assert_eq!(g("absence = \"défaut\"\nabsence_days = 7").absence_days, 7);
        assert!(has(&errors_of(&game("absence = \"away\"")), r#"games[0].absence: "away": expected "default" (or "defaut") or "extend" (or "prolonge")"#));
        assert!(has(&errors_of(&game("absence_days = -1")), "games[0].absence_days: -1 is out of range"));
        assert!(has(&errors_of(&game("advance_orders = \"yes\"")), "games[0].advance_orders: expected true or false, found a string"));
    }

    #[test]
    fn deadlines_by_step_kind_fall_back_to_deadline_and_name_only_the_rulesets_kinds() {
        let g = parse_at(&game(r#"deadlines = { tour = "after 24h" }"#)).unwrap_or_else(|e| panic!("{e}")).games.remove(0);
        assert_eq!(g.schedule("tour"), &Schedule::After(SignedDuration::from_hours(24)));
        let g = parse_at(&game("")).unwrap().games.remove(0);
        assert!(g.deadlines.is_empty());
        assert_eq!(g.schedule("tour"), &g.deadline, "no entry: `deadline`");
        // Stellarium's steps are all of one kind.
        let e = errors_of(&game(r#"deadlines = { senat = "after 72h" }"#));
        assert!(has(&e, r#"games[0].deadlines.senat: ruleset "stellarium" has no step of kind "senat": its kinds are tour"#), "{e:?}");
        let e = errors_of(&game(r#"deadlines = { tours = "after 72h" }"#));
        assert!(has(&e, r#"games[0].deadlines.tours: ruleset "stellarium" has no step of kind "tours" (did you mean "tour"?)"#), "{e:?}");
        let e = errors_of(&game(r#"deadlines = { tour = "soon" }"#));
        assert!(has(&e, "games[0].deadlines.tour: invalid schedule"), "{e:?}");
        let e = errors_of(&game(r#"deadlines = { tour = 48 }"#));
        assert!(has(&e, "games[0].deadlines.tour: expected a schedule such as \"after 48h\", found an integer"), "{e:?}");
        let e = errors_of(&game(r#"deadlines = "after 48h""#));
        assert!(has(&e, "games[0].deadlines: expected a table"), "{e:?}");
    }

    #[test]
    fn each_game_error_names_its_setting() {
        let e = errors_of(&game("").replace("Europe/Paris", "Europe/Pari"));
        assert!(
            has(&e, r#"games[0].time_zone: unknown time zone "Europe/Pari" (did you mean "Europe/Paris"?)"#),
            "{e:?}"
        );
        let e = errors_of(&game("").replace("\"g-1\"", "\"Game_1\""));
        assert!(has(&e, "games[0].id: \"Game_1\": expected lower-case letters"), "{e:?}");
        let e = errors_of(&game("").replace("\"stellarium\"", "\"diplomacy\""));
        assert!(has(&e, "games[0].ruleset: unknown ruleset \"diplomacy\""), "{e:?}");
        let e = errors_of(&game("").replace("weekly sunday 20:00", "weekly funday 20:00"));
        assert!(has(&e, "games[0].deadline: invalid schedule"), "{e:?}");
        let e = errors_of(&game("reminders = [\"48h\", \"6 parsecs\"]"));
        assert!(has(&e, "games[0].reminders[1]: invalid duration"), "{e:?}");
        let e = errors_of(&game("mass_onr_threshold = 1.5"));
        assert!(has(&e, "games[0].mass_onr_threshold: 1.5 is out of range"), "{e:?}");
        let e = errors_of(&game("pnj_after_onr = -1"));
        assert!(has(&e, "games[0].pnj_after_onr: -1 is out of range"), "{e:?}");
        let e = errors_of(&game("seed = -5"));
        assert!(has(&e, "games[0].seed: expected a non-negative integer"), "{e:?}");
        let e = errors_of(&game("registration_open = \"yes\""));
        assert!(has(&e, "games[0].registration_open: expected true or false"), "{e:?}");
        let e = errors_of(&game("language = \"de\""));
        assert!(has(&e, "games[0].language: \"de\""), "{e:?}");
        let e = errors_of(&game("time_zon = \"UTC\""));
        assert!(has(&e, "games[0].time_zon: unknown setting (did you mean \"time_zone\"?)"), "{e:?}");
    }
}
