//! Adjudicating a turn, and the mails around deadlines (reminders, reports).
//!
//! Order of durable steps, each idempotent (a crash anywhere is followed by a
//! re-run that produces the same bytes, because the turn is a pure function
//! of the stored state, the stored orders and the turn's seed):
//! 1. statuses (rule 0), PNJ transitions, the mass-ONR guard;
//! 2. defaults and adjudication with `Dice::for_turn(seed, N)`;
//! 3. `turns/N/audit.jsonl`, `turns/N/events.json`, `turns/N+1/state.json`;
//! 4. reports and chronicle rendered to `turns/N/reports/…`, mails queued
//!    under ids `report-<game>-<N>-<family>` (queued once);
//! 5. `game.json` with `turn = N+1`: the commit point.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::config::PnjMode;
use crate::dice::Dice;
use crate::game::{FamilyInput, FamilyKey, OrderStatus, ViewContext};
use crate::mail::Attachment;

use super::intake::OrdersRecord;
use super::replies::{member_word, template_name, Draft, Threading};
use super::{OpenGame, Referee, RefereeError, Result};

/// How to adjudicate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// At the deadline: the mass-ONR guard may hold the turn.
    Deadline,
    /// Early (`turn-based.md`, capability 3): every awaited seat has sent
    /// complete orders and the change-of-mind delay has passed. As
    /// `Deadline` otherwise.
    Early,
    /// The referee forces it (ignores the guard and an early deadline).
    Force,
    /// Write the reports to a folder; change and send nothing.
    Preview(PathBuf),
}

/// What an adjudication did.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TurnSummary {
    pub game: String,
    pub turn: u32,
    pub statuses: BTreeMap<FamilyKey, OrderStatus>,
    pub held: Option<String>,
    pub reports: usize,
    pub rolls: usize,
    pub events: usize,
    pub finished: bool,
    /// Played before its deadline by early adjudication.
    #[serde(default)]
    pub early: bool,
    /// The seats awaited in the step (every family for a simultaneous game).
    #[serde(default)]
    pub awaited: Vec<FamilyKey>,
}

impl Referee {
    /// Adjudicates the open turn of `game_id`.
    pub fn adjudicate(&self, game_id: &str, mode: Mode, now: Timestamp) -> Result<TurnSummary> {
        let dir = self.store.game(game_id)?;
        let _lock = dir.lock()?;
        if !matches!(mode, Mode::Preview(_)) {
            // Messages of an interrupted run are decided on this turn first.
            self.store.check_no_unfinished_run(game_id)?;
        }
        let mut g = self.open_game(game_id)?;
        if g.meta.finished {
            return Err(RefereeError::Invalid(format!("game {game_id} is over")));
        }
        let n = g.meta.turn;
        let gc = self.game_config(game_id);
        let pnj_after = gc.map_or(2, |c| c.pnj_after_onr);
        let pnj_mode = gc.map_or(PnjMode::Default, |c| c.pnj);
        let records = g.dir.read_orders::<OrdersRecord>(n)?;
        // Capability 1: only the awaited seats owe orders in this step;
        // none when a concession ends the game in it.
        let awaited = if g.concession_ends_game()? { Default::default() } else { g.awaited()? };

        // Seats away at this deadline where the game plays the rules' default
        // for them (`absence = "default"`): their ONR does not count toward PNJ.
        let tz = gc.map_or(jiff::tz::TimeZone::UTC, |c| c.time_zone.clone());
        let at = g.meta.deadline.unwrap_or(now);
        let absent: std::collections::BTreeSet<FamilyKey> = if gc.is_some_and(|c| c.absence == crate::config::AbsenceMode::Default) {
            g.meta.families.iter().filter(|(_, f)| f.absence.is_some_and(|a| a.covers(at, &tz))).map(|(k, _)| k.clone()).collect()
        } else {
            Default::default()
        };

        // 1. Statuses (rule 0) and PNJ (more than `pnj_after` ONR in a row, irreversible).
        // In a step whose silence is a pass (`answers_expected`), a silent
        // seat is OR, its streak as it was, and its pass is not kept among
        // its statuses: it neither counts toward PNJ nor resets the count.
        let answers_expected = g.engine.answers_expected(&g.state)?;
        let mut statuses = BTreeMap::new();
        let mut streaks = BTreeMap::new();
        let mut silent_passes = std::collections::BTreeSet::new();
        let mut new_pnj = Vec::new();
        for (key, fam) in &g.meta.families {
            if !awaited.contains(key) {
                continue;
            }
            let conceding = fam.resigned.is_some();
            let mut status = g.status_from(key, records.get(key))?;
            let silent_pass = answers_expected && status == OrderStatus::Or && !g.answered(key, records.get(key));
            if silent_pass {
                silent_passes.insert(key.clone());
            }
            let streak = match status {
                _ if silent_pass => fam.onr_streak,
                OrderStatus::Onr if absent.contains(key) => fam.onr_streak,
                OrderStatus::Onr => fam.onr_streak + 1,
                _ => 0,
            };
            if status == OrderStatus::Onr && streak > pnj_after && !conceding {
                status = OrderStatus::Pnj;
                new_pnj.push(key.clone());
            }
            statuses.insert(key.clone(), status);
            streaks.insert(key.clone(), streak);
        }

        // Mass-ONR guard: mail that stopped arriving looks like players
        // quitting (not in a step whose silence the rules expect and settle).
        // Skipped once the referee lifted this turn's hold.
        if matches!(mode, Mode::Deadline | Mode::Early) && g.meta.hold_lifted != Some(n) && !g.engine.silence_expected(&g.state)? {
            let threshold = gc.map_or(0.5, |c| c.mass_onr_threshold);
            // An announced absence is not mail trouble.
            let guarded: BTreeMap<FamilyKey, OrderStatus> = statuses.iter().filter(|(k, _)| !absent.contains(*k)).map(|(k, s)| (k.clone(), *s)).collect();
            if let Some(why) = mass_onr(&g, &guarded, threshold) {
                // Kept in game.json (and shown by `game status`) in French,
                // as before; the referee's mail in `admin_language`.
                let reason = why.render(crate::i18n::Lang::Fr);
                if g.meta.held.is_none() {
                    // The mails first, under ids of this turn: a crash before
                    // game.json is written holds again and queues nothing twice.
                    self.alert_admin_about(&format!("hold-{game_id}-{}", g.meta.turn_tag(n)), game_id, &why.render(self.admin_lang()), "hold", now)?;
                    self.announce_hold(&g, &records, &statuses, Held::Guard { threshold }, now)?;
                    g.meta.held = Some(reason.clone());
                    self.write_meta(&g.meta)?;
                }
                let awaited = awaited.into_iter().collect();
                return Ok(TurnSummary { game: game_id.into(), turn: n, statuses, held: Some(reason), reports: 0, rolls: 0, events: 0, finished: false, early: false, awaited });
            }
        }

        let preview_dir = match &mode {
            Mode::Preview(p) => Some(p.clone()),
            _ => None,
        };
        // The instant this adjudication began, kept until it commits: a re-run
        // after a crash computes the same next deadline and renders the same
        // reports.
        let started = match (g.meta.adjudication_started, &preview_dir) {
            (_, Some(_)) => now,
            (Some(t), None) => t,
            (None, None) => {
                g.meta.adjudication_started = Some(now);
                self.write_meta(&g.meta)?;
                now
            }
        };

        // 2. Defaults and adjudication. Every registered seat has an input: a
        // seat not awaited in this step owes nothing (status OR, the
        // ruleset's empty orders, never its stored ones).
        let mut dice = Dice::for_turn(g.meta.seed, n);
        let mut inputs = BTreeMap::new();
        for (key, fam) in &g.meta.families {
            let Some(status) = statuses.get(key).copied() else {
                let (empty, _, _) = g.engine.parse_orders(&g.state, key, &[])?;
                let mut input = FamilyInput::new(OrderStatus::Or, empty, None);
                // A seat may concede while another moves.
                input.resigned = fam.resigned == Some(n);
                inputs.insert(key.clone(), input);
                continue;
            };
            let rec = records.get(key);
            let given = match status {
                OrderStatus::Pnj if pnj_mode == PnjMode::Robot => {
                    // Capability 7: a robot seat plays the ruleset's simulated
                    // player, read like a player's mail, with the turn's dice.
                    let lines = g.engine.sample_orders(&g.state, key, &mut dice)?;
                    let lines: Vec<crate::game::OrderLine> =
                        lines.into_iter().enumerate().map(|(i, text)| crate::game::OrderLine { no: i + 1, text }).collect();
                    g.engine.parse_orders(&g.state, key, &lines)?.0
                }
                OrderStatus::Pnj => Value::Null,
                _ => rec.map_or(Value::Null, |r| r.orders.clone()),
            };
            let orders = g.engine.default_orders(&g.state, key, status, given, &mut dice)?;
            let mut input = FamilyInput::new(status, orders, rec.map(|r| r.receipt_rank));
            input.resigned = fam.resigned.is_some() || (status == OrderStatus::Pnj && pnj_mode == PnjMode::Forfeit);
            inputs.insert(key.clone(), input);
        }
        // The game master's seat (design note §2.6 item 3): its stored
        // lines when it wrote some in this step, else the empty orders
        // (its silence: no ruling); never ONR or PNJ.
        let game_master = g.has_game_master()?;
        let game_master_silent = game_master && g.game_master_awaited()? && !records.contains_key(crate::game::GAME_MASTER);
        if game_master {
            let key = crate::game::GAME_MASTER.to_string();
            let orders = match records.get(&key) {
                Some(r) => r.orders.clone(),
                None => g.engine.parse_orders(&g.state, &key, &[])?.0,
            };
            inputs.insert(key, FamilyInput::new(OrderStatus::Or, orders, None));
        }
        let out = g.engine.adjudicate(&g.state, &inputs, &mut dice)?;
        let log = dice.into_log();
        let finished = g.engine.is_over(&out.state)?;
        // Capability 5: who moves in the next step ("à vous de jouer").
        let next_awaited = if finished { None } else { g.engine.awaiting(&out.state)? };

        let next_deadline = if finished { None } else { self.next_deadline_after(&g, &out.state, started)? };
        // `absence = "extend"`: a deadline inside a declared absence moves past it.
        let next_deadline = match next_deadline {
            Some(d) if gc.is_some_and(|c| c.absence == crate::config::AbsenceMode::Extend) => g.meta.deadline_after_absences(d, &tz).or(Some(d)),
            d => d,
        };
        // The absences not over, public (in every report's notes).
        let absences = self.absences_in(&g.meta, started);
        let lang_ctx = |lang: &str| -> ViewContext {
            let (deadline, time_left) = match (next_deadline, gc) {
                (Some(d), Some(c)) => {
                    // Time left is counted from the instant the adjudication
                    // began (kept in game.json), so that a re-run after a
                    // crash renders the same bytes.
                    let from = started;
                    (crate::scheduler::format_deadline(d, &c.time_zone, lang), crate::scheduler::format_time_left(from, d, lang))
                }
                _ => (super::messages::deadline_none().render(crate::i18n::Lang::from_code(lang)), String::new()),
            };
            ViewContext { game_id: game_id.to_string(), turn: n + 1, deadline, time_left, lang: lang.to_string() }
        };

        // A turn the ruleset could not play (Galaxy: no galaxy for the players
        // registered) comes with `referee_alert` in its public view: the
        // referee is told at once, the turn is held and nothing is committed.
        // The events decoded once for every view of the turn.
        let events = g.engine.load_events(&out.events)?;
        // The public chronicle and map (the web pages') in the game's language.
        let game_lang = gc.map_or("fr", |c| c.language.as_str());
        let chronicle_view = g.engine.public_view(&lang_ctx(game_lang), &g.state, &out.state, &events)?;
        if let Some(reason) = chronicle_view.get("referee_alert").and_then(Value::as_str).map(str::to_string) {
            if preview_dir.is_none() {
                if g.meta.held.as_deref() != Some(reason.as_str()) || g.meta.adjudication_started.is_some() {
                    g.meta.held = Some(reason.clone());
                    g.meta.adjudication_started = None;
                    self.write_meta(&g.meta)?;
                }
                // The view in each language, for the referee's mail and the players'.
                let mut views = BTreeMap::new();
                for lang in ["fr", "en"] {
                    let view = if lang == game_lang { chronicle_view.clone() } else { g.engine.public_view(&lang_ctx(lang), &g.state, &out.state, &events)? };
                    views.insert(lang, view);
                }
                let said = |lang: &str, key: &str| views.get(lang).and_then(|v| v.get(key)).and_then(Value::as_str).unwrap_or_default().to_string();
                // Once per situation: told again if it fails with other registrations.
                let to_admin = said(self.admin_lang().code(), "referee_alert");
                self.alert_admin(&format!("alert-{game_id}-{}-{}", g.meta.turn_tag(n), g.meta.families.len()), game_id, &to_admin, now)?;
                // The players too, each in its language, with the rules' reason.
                let reasons: BTreeMap<&str, String> = ["fr", "en"].into_iter().map(|lang| (lang, said(lang, "hold_reason"))).collect();
                self.announce_hold(&g, &records, &statuses, Held::Rules { reasons: &reasons }, now)?;
            }
            return Ok(TurnSummary { game: game_id.into(), turn: n, statuses, held: Some(reason), reports: 0, rolls: 0, events: out.events.len(), finished: false, early: false, awaited: awaited.into_iter().collect() });
        }
        // The game master stayed silent in a step that awaited it: the
        // referee is told (once per step).
        if game_master_silent && preview_dir.is_none() {
            self.tell_game_master_silent(&g, n, now)?;
        }
        // 3. The turn's archive (skipped in preview), and the orders kept in
        // advance for the next step, now read against its state.
        let advance = if preview_dir.is_none() && !finished { self.apply_advance(&g, &out.state, n + 1, started)? } else { BTreeMap::new() };
        if preview_dir.is_none() {
            let audit: String = log.iter().filter_map(|r| serde_json::to_string(r).ok()).map(|l| l + "\n").collect();
            write_file(&g.dir.turn_dir(n).join("audit.jsonl"), audit.as_bytes())?;
            g.dir.write_turn_json(n, "events.json", &out.events)?;
            g.dir.write_turn_json(n, "statuses.json", &statuses)?;
            g.dir.write_state(n + 1, &g.engine.save_state(&out.state)?)?;
        }

        // 4. Chronicle and reports, written without fsync and made durable
        // together before the commit (store::Deferred; ARCHITECTURE.md, "The
        // deadline's writes"); their mails are seen by the sender only then.
        let batch = crate::store::Deferred::new();
        let out_root = preview_dir.clone().unwrap_or_else(|| g.dir.turn_dir(n));
        let chronicle_ctx = json!({ "ctx": lang_ctx(game_lang), "view": chronicle_view });
        let mut chronicle_txt = String::new();
        for ext in ["txt", "html"] {
            if let Some(name) = template_name(self, &format!("{}/chronicle", g.meta.ruleset), game_lang, ext) {
                let body = self.renderer.render(&name, &chronicle_ctx)?;
                write_deferred(&batch, &out_root.join(format!("chronicle.{ext}")), body.as_bytes())?;
                if ext == "txt" {
                    chronicle_txt = body;
                }
            }
        }
        // The chronicle attached to each family's report mail, in the
        // family's language (the files above are the web pages', in the game's).
        let mut chronicle_mail: BTreeMap<String, String> = BTreeMap::new();
        for lang in g.meta.families.values().map(|f| &f.lang).chain(g.meta.followers.values().map(|f| &f.lang)) {
            if chronicle_mail.contains_key(lang) {
                continue;
            }
            let text = if lang == game_lang || chronicle_txt.is_empty() {
                chronicle_txt.clone()
            } else {
                let ctx = lang_ctx(lang);
                let view = g.engine.public_view(&ctx, &g.state, &out.state, &events)?;
                match template_name(self, &format!("{}/chronicle", g.meta.ruleset), lang, "txt") {
                    Some(name) => self.renderer.render(&name, &json!({ "ctx": ctx, "view": view }))?,
                    None => chronicle_txt.clone(),
                }
            };
            chronicle_mail.insert(lang.clone(), text);
        }
        // The public map (the web pages' game page), where the ruleset's
        // public view draws one (`public_map`, rendered by its map template).
        if let Some(m) = chronicle_view.get("public_map").filter(|m| !m.is_null()) {
            let tpl = format!("{}/map.svg.tera", g.meta.ruleset);
            if self.renderer.has_template(&tpl) {
                let svg = self.renderer.render(&tpl, &json!({ "ctx": lang_ctx(game_lang), "family": Value::Null, "view": { "map": m } }))?;
                write_deferred(&batch, &out_root.join("public-map.svg"), svg.as_bytes())?;
                write_deferred(&batch, &out_root.join("public-map.png"), &self.renderer.svg_to_png(&svg)?)?;
            }
        }
        // Every family's report, on every core (`Referee::threads`): each is
        // a pure function of the turn, written under its own names and queued
        // under its own id, so the files and mails are the same bytes in any
        // order (tests/deadline_parallel.rs compares with one thread).
        let families: Vec<(&FamilyKey, &super::FamilyRecord)> = g.meta.families.iter().collect();
        // Whether a family turned PNJ may found a new one: registration as
        // the state after this turn takes it (asked only when one turned).
        let can_rejoin = !new_pnj.is_empty() && !finished && gc.map_or(true, |c| c.allow_new_family_after_pnj) && g.registration_open_in(&out.state)?;
        let waiting_notice = gc.is_none_or(|c| c.waiting_notice);
        let next_movers: Vec<String> = match &next_awaited {
            Some(s) => g.meta.families.iter().filter(|(k, f)| s.contains(*k) && f.resigned.is_none()).map(|(_, f)| f.name.clone()).collect(),
            None => Vec::new(),
        };
        let reported = super::parallel::map_in_order(&families, self.threads, |&(key, fam)| -> Result<bool> {
            let status = statuses.get(key).copied();
            let pnj = status == Some(OrderStatus::Pnj) || fam.pnj;
            // Where the seat is given back (RULINGS.md, "PNJ seats"), its
            // player keeps its own report, told how to take it back.
            let returns = pnj && self.pnj_returns(&g, fam);
            if pnj {
                if new_pnj.contains(key) && preview_dir.is_none() {
                    self.queue_into(
                        Draft {
                            id: format!("pnj-{game_id}-{}-{key}", g.meta.turn_tag(n)),
                            to: vec![fam.address.clone()],
                            subject: match member_word(self, &g.meta.ruleset, &fam.lang) {
                                Some(w) => {
                                    let mut c = w.chars();
                                    let w: String = c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default();
                                    super::messages::subject_pnj(game_id, Some(&w), &fam.name)
                                }
                                None => super::messages::subject_pnj(game_id, None, &fam.name),
                            }
                            .render(crate::i18n::Lang::from_code(&fam.lang)),
                            template: "common/pnj",
                            lang: &fam.lang,
                            context: json!({ "game": game_id, "ruleset": g.meta.ruleset, "family": fam.name, "turn": n, "onr": streaks[key], "threshold": pnj_after, "can_rejoin": can_rejoin, "pnj_mode": pnj_mode, "returns": returns }),
                            threading: Threading::NONE,
                            auto_submitted: "auto-generated",
                            attachments: vec![],
                        },
                        now,
                        Some(&batch),
                    )?;
                }
                if !returns {
                    // The seat is no longer its player's: the public
                    // chronicle, to the end of the game.
                    if preview_dir.is_none() {
                        let chronicle = chronicle_mail.get(&fam.lang).map_or("", String::as_str);
                        let follow = FollowMail { reason: "pnj", family: &fam.name, lang: &fam.lang, chronicle, can_rejoin: can_rejoin && new_pnj.contains(key) };
                        self.queue_follow(&g, n, &format!("follow-{game_id}-{}-{key}", g.meta.turn_tag(n)), &fam.address, &follow, finished, now, &batch)?;
                    }
                    return Ok(false);
                }
            }
            let ctx = lang_ctx(&fam.lang);
            let view = g.engine.family_view(&ctx, &g.state, &out.state, &events, key)?;
            let form = g.engine.order_form(&out.state, key)?;
            let your_move = next_awaited.as_ref().is_some_and(|s| s.contains(key)) && fam.resigned.is_none();
            let family_json = json!({
                "key": key, "name": fam.name, "status": status.map(OrderStatus::label), "awaited": status.is_some(),
                "onr_streak": streaks.get(key).copied().unwrap_or(fam.onr_streak), "lang": fam.lang, "your_move": your_move,
            });
            let report_dir = match &preview_dir {
                Some(p) => p.join("reports").join(crate::store::family_file_name(key)?),
                None => g.dir.report_dir(n, key)?,
            };
            tracing::debug!(game = %game_id, turn = n, family = %key, "rendering a report");
            let files = self.render_report(&g, &ctx, &family_json, &view, &form, &report_dir, &batch)?;
            if preview_dir.is_none() {
                let mut attachments = files.attachments();
                if let Some(chronicle) = chronicle_mail.get(&fam.lang).filter(|t| !t.is_empty()) {
                    attachments.push(Attachment {
                        filename: format!("chronique-tour-{n}.txt"),
                        content_type: "text/plain; charset=utf-8".into(),
                        bytes: chronicle.clone().into_bytes(),
                        content_id: None,
                    });
                }
                let extra = json!({ "status": status.map(OrderStatus::label), "your_move": your_move, "advance": advance.get(key), "pnj_return": returns,
                    "absent": absent.contains(key) && status == Some(OrderStatus::Onr), "absences": absences });
                // Kept beside the report, so that a resent report says the same.
                write_deferred(&batch, &report_dir.join("notes.json"), &serde_json::to_vec(&extra).unwrap_or_default())?;
                // Fewer mails (`Ruleset::mailed`): a seat not awaited next
                // whose ruleset keeps this report from the mail has it on
                // its private page and through `RAPPORT` only.
                if !your_move && !g.engine.mailed(&g.state, &out.state, key)? {
                    return Ok(true);
                }
                // The next deadline as a calendar event, stamped with the
                // nominal deadline so that a re-run renders the same bytes.
                let id = format!("report-{game_id}-{}-{key}", g.meta.turn_tag(n));
                // A turn-based game: the seat that does not move next gets a
                // short notice, without the report or the calendar alarm
                // (setting `waiting_notice`); its report is written all the
                // same (RAPPORT, the private page).
                if waiting_notice && next_awaited.as_ref().is_some_and(|s| !s.contains(key)) {
                    self.queue_notice(&id, &g, key, fam, n, &next_movers, next_deadline, extra, now, &batch)?;
                    return Ok(true);
                }
                attachments.extend(self.deadline_attachment(game_id, n + 1, next_deadline, &fam.lang, started));
                self.queue_report(&id, &g, key, fam, n, &files, attachments, extra, now, Some(&batch))?;
            }
            Ok(true)
        })?;
        let reports = reported.into_iter().filter(|r| *r).count();
        // The players who left their seat to another follow the game to its end.
        if preview_dir.is_none() {
            for (i, (address, f)) in g.meta.followers.iter().enumerate() {
                let chronicle = chronicle_mail.get(&f.lang).map_or("", String::as_str);
                let follow = FollowMail { reason: "replaced", family: &f.family, lang: &f.lang, chronicle, can_rejoin: false };
                self.queue_follow(&g, n, &format!("follow-{game_id}-{}-replaced-{i}-{}", g.meta.turn_tag(n), super::replies::outbox_id(address)), address, &follow, finished, now, &batch)?;
            }
        }
        // The next step awaits the game master: the referee is told, with
        // the items awaiting it.
        if preview_dir.is_none() && next_awaited.as_ref().is_some_and(|s| s.contains(crate::game::GAME_MASTER)) {
            self.tell_game_master(&g, &out.state, n + 1, next_deadline, now, Some(&batch))?;
        }
        // Every report, map and mail of the turn durable, the mails visible
        // to the sender: only now may the turn commit.
        batch.commit().map_err(crate::store::StoreError::io(&out_root))?;

        let summary = TurnSummary {
            game: game_id.into(),
            turn: n,
            statuses: statuses.clone(),
            held: None,
            reports,
            rolls: log.len(),
            events: out.events.len(),
            finished,
            early: mode == Mode::Early,
            awaited: awaited.iter().cloned().collect(),
        };
        if preview_dir.is_some() {
            return Ok(summary);
        }

        // 5. Commit.
        for (key, fam) in g.meta.families.iter_mut() {
            let Some(status) = statuses.get(key).copied() else { continue };
            if !silent_passes.contains(key) {
                fam.statuses.insert(n, status);
            }
            fam.onr_streak = streaks[key];
            if status == OrderStatus::Pnj {
                fam.pnj = true;
            }
        }
        g.meta.turn = n + 1;
        g.meta.deadline = next_deadline;
        g.meta.receipts = advance.values().filter(|a| a.applied).count() as u32;
        g.meta.receipt_of.clear();
        g.meta.opened_at = Some(started);
        g.meta.adjudication_started = None;
        g.meta.waiting.clear();
        g.meta.confirmed = advance.iter().filter(|(_, a)| a.confirmed).map(|(k, _)| k.clone()).collect();
        g.meta.reminders_sent.clear();
        g.meta.held = None;
        g.meta.hold_lifted = None;
        g.meta.finished = finished;
        g.meta.last_reported_turn = Some(n);
        // Absences over by the day this turn was played are forgotten.
        let today = started.to_zoned(tz.clone()).date();
        for fam in g.meta.families.values_mut() {
            fam.absence = fam.absence.filter(|a| a.to >= today);
        }
        self.write_meta(&g.meta)?;
        tracing::info!(game = %game_id, turn = n, reports, rolls = summary.rolls, finished, "turn adjudicated");
        Ok(summary)
    }

    /// The deadline of the step that opens in `next` (the state the open
    /// step's adjudication produced), after the open one's (or after `now`
    /// when the game runs late), from the schedule of that step's kind
    /// (`deadlines`, else `deadline`); a relative schedule counts from
    /// `now`, the instant the adjudication began (the report).
    fn next_deadline_after(&self, g: &OpenGame, next: &crate::game::LoadedState, now: Timestamp) -> Result<Option<Timestamp>> {
        let Some(gc) = self.game_config(&g.meta.id) else { return Ok(None) };
        let schedule = gc.schedule(g.engine.step_kind(next)?);
        let after = match schedule {
            crate::scheduler::Schedule::After(_) => now,
            _ => g.meta.deadline.map_or(now, |d| d.max(now)),
        };
        Ok(crate::scheduler::next_deadline(schedule, &gc.time_zone, after))
    }

    /// The open turn's deadline in words, time left, and whether it passed.
    pub fn deadline_words(&self, g: &OpenGame, lang: &str, now: Timestamp) -> (String, String, bool) {
        match (g.meta.deadline, self.game_config(&g.meta.id)) {
            (Some(d), Some(c)) => (
                crate::scheduler::format_deadline(d, &c.time_zone, lang),
                crate::scheduler::format_time_left(now, d, lang),
                !g.meta.paused && now > d,
            ),
            _ => (super::messages::deadline_not_yet().render(crate::i18n::Lang::from_code(lang)), String::new(), false),
        }
    }

    /// The deadline of the turn after the open one, in words: by the game's
    /// `deadline` (the kind of that step, which `deadlines` may schedule
    /// otherwise, is known only once the open one is played).
    pub fn next_deadline_words(&self, g: &OpenGame, lang: &str) -> String {
        let Some(c) = self.game_config(&g.meta.id) else { return String::new() };
        g.meta
            .deadline
            .and_then(|d| crate::scheduler::next_deadline(&c.deadline, &c.time_zone, d))
            .map(|d| crate::scheduler::format_deadline(d, &c.time_zone, lang))
            .unwrap_or_default()
    }

    #[allow(clippy::too_many_arguments)]
    fn render_report(&self, g: &OpenGame, ctx: &ViewContext, family: &Value, view: &Value, form: &[crate::game::FormLine], dir: &Path, batch: &crate::store::Deferred) -> Result<ReportFiles> {
        let rs = &g.meta.ruleset;
        let has_map = self.renderer.has_template(&format!("{rs}/map.svg.tera"));
        let full_form = self.full_form(g, family, form);
        let context = json!({ "ctx": ctx, "family": family, "view": view, "form": full_form, "map_cid": if has_map { json!("map") } else { Value::Null } });
        // Converted to Tera's values once for the three templates (the map
        // reads only `ctx`, `family` and `view`, which it gets as before).
        let mut context = crate::render::Prepared::new(&context).ok_or_else(|| RefereeError::Invalid("report context".into()))?;
        let lang = ctx.lang.as_str();
        let mut files = ReportFiles::default();
        batch.create_dir_all(dir).map_err(crate::store::StoreError::io(dir))?;
        if let Some(n) = template_name(self, &format!("{rs}/report"), lang, "txt") {
            files.text = self.renderer.render_prepared(&n, &context)?;
            write_deferred(batch, &dir.join("report.txt"), files.text.as_bytes())?;
        }
        if let Some(n) = template_name(self, &format!("{rs}/report"), lang, "html") {
            let html = self.renderer.render_prepared(&n, &context)?;
            write_deferred(batch, &dir.join("report.html"), html.as_bytes())?;
            files.html = Some(html);
        }
        if has_map {
            let tpl = format!("{rs}/map.svg.tera");
            let svg = self.renderer.render_prepared(&tpl, &context)?;
            let png = map_png(&self.renderer, &tpl, view, &mut context, &svg)?;
            write_deferred(batch, &dir.join("map.svg"), svg.as_bytes())?;
            write_deferred(batch, &dir.join("map.png"), &png)?;
            files.svg = Some(svg);
            files.png = Some(png);
        }
        Ok(files)
    }

    /// The order form with its header lines (orders.md §3) around the ruleset's lines.
    fn full_form(&self, g: &OpenGame, family: &Value, form: &[crate::game::FormLine]) -> Vec<Value> {
        let en = family["lang"] == "en";
        let name = family["name"].as_str().unwrap_or_default();
        let mut v = vec![
            json!({ "text": format!("{} {}", if en { "GAME" } else { "PARTIE" }, g.meta.id), "comment": null }),
            json!({ "text": format!("{} {}", seat_keyword(self, &g.meta.ruleset, en), quote_if_needed(name)), "comment": null }),
            json!({ "text": if en { "PASSWORD ..." } else { "MOTDEPASSE ..." }, "comment": super::messages::form_password().render(if en { crate::i18n::Lang::En } else { crate::i18n::Lang::Fr }) }),
            json!({ "text": format!("{} {}", if en { "TURN" } else { "TOUR" }, g.meta.turn + 1), "comment": null }),
        ];
        let lang = if en { crate::i18n::Lang::En } else { crate::i18n::Lang::Fr };
        v.extend(form.iter().map(|l| l.to_json(lang)));
        v.push(json!({ "text": if en { "END" } else { "FIN" }, "comment": null }));
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn queue_report(&self, id: &str, g: &OpenGame, key: &FamilyKey, fam: &super::FamilyRecord, turn: u32, files: &ReportFiles, attachments: Vec<Attachment>, extra: Value, now: Timestamp, batch: Option<&crate::store::Deferred>) -> Result<bool> {
        let (subject, notes) = self.report_heading(g, fam, turn, extra, false)?;
        self.queue_into(
            Draft {
                id: id.to_string(),
                to: vec![fam.address.clone()],
                subject,
                template: "common/report",
                lang: &fam.lang,
                context: json!({ "text": files.text, "html": files.html, "notes": notes, "private_url": crate::web::link::private_url(self, &g.meta.id, key) }),
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments,
            },
            now,
            batch,
        )
    }

    /// Queues the public chronicle of turn `turn` to a player without a
    /// seat who follows the game (a PNJ seat that is not given back, or a
    /// player replaced at the seat), through the turn's batch.
    #[allow(clippy::too_many_arguments)]
    fn queue_follow(&self, g: &OpenGame, turn: u32, id: &str, to: &str, f: &FollowMail<'_>, finished: bool, now: Timestamp, batch: &crate::store::Deferred) -> Result<bool> {
        let mut context = json!({ "game": g.meta.id, "family": f.family, "turn": turn, "reason": f.reason, "chronicle": f.chronicle, "finished": finished, "can_rejoin": f.can_rejoin });
        if let Some(w) = member_word(self, &g.meta.ruleset, f.lang) {
            context["member"] = json!(w);
        }
        self.queue_into(
            Draft {
                id: id.to_string(),
                to: vec![to.to_string()],
                subject: super::messages::subject_follow(&g.meta.id, turn).render(crate::i18n::Lang::from_code(f.lang)),
                template: "common/follow",
                lang: f.lang,
                context,
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            },
            now,
            Some(batch),
        )
    }

    /// The subject of the report (or notice) of `turn` to `fam`, and the
    /// notes put before it (its status, its orders in advance: `extra`).
    fn report_heading(&self, g: &OpenGame, fam: &super::FamilyRecord, turn: u32, extra: Value, notice: bool) -> Result<(String, String)> {
        let ctx = super::intake::merge(
            json!({ "game": g.meta.id, "turn": turn, "family": fam.name, "member": member_of(self, &g.meta.ruleset, &fam.lang), "status": null, "your_move": false, "advance": null, "pnj_return": false, "absent": false, "absences": [], "notice": notice }),
            extra,
        );
        let subject = match template_name(self, "common/report-subject", &fam.lang, "txt") {
            Some(t) => self.renderer.render(&t, &ctx)?.trim().to_string(),
            None => format!("[{}] {turn} {}", g.meta.id, fam.name),
        };
        let notes = match template_name(self, "common/report-notes", &fam.lang, "txt") {
            Some(t) => self.renderer.render(&t, &ctx)?.trim_start().to_string(),
            None => String::new(),
        };
        Ok((subject, notes))
    }

    /// The short notice of step `turn` to a seat that does not move next
    /// (`common/notice`): what the report's notes say of its own orders,
    /// who moves next and until when, and how to get the full report. No
    /// calendar alarm: it has nothing to do by then.
    #[allow(clippy::too_many_arguments)]
    fn queue_notice(&self, id: &str, g: &OpenGame, key: &FamilyKey, fam: &super::FamilyRecord, turn: u32, movers: &[String], next_deadline: Option<Timestamp>, extra: Value, now: Timestamp, batch: &crate::store::Deferred) -> Result<bool> {
        let member = member_of(self, &g.meta.ruleset, &fam.lang);
        let (subject, notes) = self.report_heading(g, fam, turn, extra, true)?;
        let tz = self.game_config(&g.meta.id).map(|c| c.time_zone.clone()).unwrap_or(jiff::tz::TimeZone::UTC);
        let deadline = next_deadline.map(|d| crate::scheduler::format_deadline(d, &tz, &fam.lang));
        self.queue_into(
            Draft {
                id: id.to_string(),
                to: vec![fam.address.clone()],
                subject,
                template: "common/notice",
                lang: &fam.lang,
                context: json!({ "game": g.meta.id, "turn": turn, "next_turn": turn + 1, "member": member, "family": fam.name, "notes": notes, "movers": movers, "deadline": deadline, "private_url": crate::web::link::private_url(self, &g.meta.id, key) }),
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            },
            now,
            Some(batch),
        )
    }

    /// Whether the player of `fam`, a PNJ seat, may take it back by sending
    /// valid orders (RULINGS.md, "PNJ seats"): the game's `pnj_return`
    /// setting, else the ruleset's rules; never a seat the referee removed,
    /// nor one that conceded for good (`pnj = "forfeit"`).
    pub fn pnj_returns(&self, g: &OpenGame, fam: &super::FamilyRecord) -> bool {
        let gc = self.game_config(&g.meta.id);
        !fam.removed && gc.is_none_or(|c| c.pnj != PnjMode::Forfeit) && gc.and_then(|c| c.pnj_return).unwrap_or_else(|| g.engine.pnj_return())
    }

    /// Queues the latest report of `family` again (RAPPORT, `arbitre resend`).
    /// Returns whether there was one.
    pub fn resend_report(&self, g: &OpenGame, family: &FamilyKey, cause: Option<&str>, now: Timestamp) -> Result<bool> {
        let Some(t) = g.meta.last_reported_turn else { return Ok(false) };
        let id = match cause {
            Some(c) => format!("report-again-{c}"),
            None => format!("report-resend-{}-{t}-{family}-{}", g.meta.id, now.as_second()),
        };
        self.resend_report_of(g, family, t, &id, now)
    }

    /// Queues the report of turn `t` for `family` again, under outbox id
    /// `id` (`RAPPORT <n>`): the files kept for that turn
    /// (`turns/<t>/reports/<family>/`). Returns whether they are there.
    /// A report older than the latest says nothing of the open turn (no
    /// "your move", no orders in advance, no calendar event).
    pub fn resend_report_of(&self, g: &OpenGame, family: &FamilyKey, t: u32, id: &str, now: Timestamp) -> Result<bool> {
        let Some(fam) = g.meta.families.get(family) else { return Ok(false) };
        let read = |f: &str| g.dir.read_report_file(t, family, f).ok().flatten();
        let Some(text) = read("report.txt").and_then(|b| String::from_utf8(b).ok()) else { return Ok(false) };
        let files = ReportFiles {
            text,
            html: read("report.html").and_then(|b| String::from_utf8(b).ok()),
            svg: read("map.svg").and_then(|b| String::from_utf8(b).ok()),
            png: read("map.png"),
        };
        let mut notes = read("notes.json").and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_else(|| json!({}));
        let mut attachments = files.attachments();
        if g.meta.last_reported_turn == Some(t) {
            attachments.extend(self.deadline_attachment(&g.meta.id, g.meta.turn, g.meta.deadline.filter(|_| !g.meta.finished), &fam.lang, now));
        } else {
            super::intake::merge_into(&mut notes, json!({ "your_move": false, "advance": null }));
        }
        self.queue_report(id, g, family, fam, t, &files, attachments, notes, now, None)?;
        Ok(true)
    }

    /// Sends the reminders due for the open turn (before the deadline, to
    /// families without complete orders, or, in a step whose answers are
    /// awaited, without an answer). Returns how many were queued.
    pub fn send_reminders(&self, game_id: &str, now: Timestamp) -> Result<usize> {
        let Some(gc) = self.game_config(game_id) else { return Ok(0) };
        let dir = self.store.game(game_id)?;
        let _lock = dir.lock()?;
        let mut g = self.open_game(game_id)?;
        let Some(deadline) = g.meta.deadline else { return Ok(0) };
        if g.meta.paused || g.meta.finished || now >= deadline {
            return Ok(0);
        }
        // A reminder due when the step opened or before (a relative
        // schedule as short as a reminder: "after 48h" with "48h") would
        // follow the report at once: none.
        let due: Vec<Timestamp> = crate::scheduler::reminder_instants(deadline, &gc.reminders)
            .into_iter()
            .filter(|r| *r <= now && !g.meta.reminders_sent.contains(&r.as_second()))
            .filter(|r| g.meta.opened_at.is_none_or(|o| *r > o))
            .collect();
        let Some(instant) = due.iter().max().copied() else { return Ok(0) };
        let records = g.dir.read_orders::<OrdersRecord>(g.meta.turn)?;
        // Capability 1: only the seats the step waits for are reminded; of
        // them, those not done with it (in a step whose answers are
        // awaited, those that have not answered).
        let waited = g.waited_for()?;
        let mut n = 0;
        for (key, fam) in &g.meta.families {
            if !waited.contains(key) || g.ready(key, records.get(key))? {
                continue;
            }
            // A player who said they are away that day is not reminded.
            if fam.absence.is_some_and(|a| a.covers(instant, &gc.time_zone)) {
                continue;
            }
            let (dl, left, _) = self.deadline_words(&g, &fam.lang, now);
            let has = records.get(key).map(|r| r.status().label());
            self.queue(
                Draft {
                    id: format!("reminder-{game_id}-{}-{}-{key}", g.meta.turn_tag(g.meta.turn), instant.as_second()),
                    to: vec![fam.address.clone()],
                    subject: super::messages::subject_reminder(game_id, g.meta.turn).render(crate::i18n::Lang::from_code(&fam.lang)),
                    template: "common/reminder",
                    lang: &fam.lang,
                    context: json!({ "game": game_id, "family": fam.name, "turn": g.meta.turn, "deadline": dl, "time_left": left, "current": has,
                        "private_url": crate::web::link::private_url(self, game_id, key) }),
                    threading: Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: self.deadline_attachment(game_id, g.meta.turn, Some(deadline), &fam.lang, instant).into_iter().collect(),
                },
                now,
            )?;
            n += 1;
        }
        // The game master's reminder goes to the referee.
        if g.game_master_awaited()? && !records.contains_key(crate::game::GAME_MASTER) {
            self.remind_game_master(&g, instant, now)?;
            n += 1;
        }
        for r in due {
            g.meta.reminders_sent.insert(r.as_second());
        }
        self.write_meta(&g.meta)?;
        Ok(n)
    }

    /// Tells every family still playing that the mass-ONR guard holds the
    /// open turn, why, and whether its own orders arrived (nothing about the
    /// others: who sent what is not the mail's to say); a seat the step does
    /// not await (`statuses` holds the awaited ones) that nothing is asked
    /// of it.
    fn announce_hold(&self, g: &OpenGame, records: &BTreeMap<FamilyKey, OrdersRecord>, statuses: &BTreeMap<FamilyKey, OrderStatus>, why: Held<'_>, now: Timestamp) -> Result<()> {
        let id = &g.meta.id;
        // A hold by the rules is told again when it holds with other
        // registrations (as the referee's alert is).
        let tag = match why {
            Held::Guard { .. } => g.meta.turn_tag(g.meta.turn),
            Held::Rules { .. } => format!("{}-rules-{}", g.meta.turn_tag(g.meta.turn), g.meta.families.len()),
        };
        for (key, fam) in g.meta.families.iter().filter(|(_, f)| !f.pnj && f.resigned.is_none()) {
            let (threshold, by_rules, reason) = match why {
                Held::Guard { threshold } => ((threshold * 100.0).round() as i64, false, ""),
                Held::Rules { reasons } => (0, true, reasons.get(if fam.lang == "en" { "en" } else { "fr" }).map_or("", String::as_str)),
            };
            let awaited = statuses.contains_key(key) && !g.engine.nothing_required(&g.state, key)?;
            self.queue(
                Draft {
                    id: format!("held-{id}-{tag}-{key}"),
                    to: vec![fam.address.clone()],
                    subject: super::messages::subject_held(id, g.meta.turn).render(crate::i18n::Lang::from_code(&fam.lang)),
                    template: "common/held",
                    lang: &fam.lang,
                    context: json!({ "game": id, "family": fam.name, "turn": g.meta.turn, "threshold": threshold, "by_rules": by_rules, "rules_reason": reason,
                        "has_orders": records.contains_key(key), "awaited": awaited, "private_url": crate::web::link::private_url(self, id, key) }),
                    threading: Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: vec![],
                },
                now,
            )?;
        }
        Ok(())
    }

    /// The language of the mails to the human referee (`admin_language`).
    pub fn admin_lang(&self) -> crate::i18n::Lang {
        crate::i18n::Lang::from_code(&self.config.admin_language)
    }

    /// Mails the human referee (faults, holds); `reason` in
    /// [`Referee::admin_lang`].
    pub fn alert_admin(&self, id: &str, game: &str, reason: &str, now: Timestamp) -> Result<bool> {
        self.alert_admin_about(id, game, reason, "", now)
    }

    /// [`Referee::alert_admin`] with the commands that fit `kind`: "hold"
    /// (the mass-ONR guard), "create" (a configured game that could not be
    /// created), "" (anything else).
    pub fn alert_admin_about(&self, id: &str, game: &str, reason: &str, kind: &str, now: Timestamp) -> Result<bool> {
        self.admin_mail(id, game, reason, kind, now, None)
    }
}

/// The mass-ONR guard: the share of the awaited families that were active
/// when they last had to order (OR or OPR) and are ONR now. `Some(reason)`
/// when above the threshold. Only awaited seats count (`statuses` holds
/// them), and one silent seat is never "mass": at least two must have been
/// active (RULINGS.md, "Turn-based play").
/// Why a turn is held, for the mail telling the players.
#[derive(Clone, Copy)]
enum Held<'a> {
    /// The mass-ONR guard: more than `threshold` of the families went silent.
    Guard { threshold: f64 },
    /// The ruleset could not play the turn; its reason in each language.
    Rules { reasons: &'a BTreeMap<&'static str, String> },
}

fn mass_onr(g: &OpenGame, statuses: &BTreeMap<FamilyKey, OrderStatus>, threshold: f64) -> Option<crate::i18n::Msg> {
    let active: Vec<&FamilyKey> = g
        .meta
        .families
        .iter()
        .filter(|(k, _)| statuses.contains_key(*k))
        .filter(|(k, _)| matches!(g.meta.last_status(k), Some(OrderStatus::Or | OrderStatus::Opr)))
        .map(|(k, _)| k)
        .collect();
    if active.len() < 2 {
        return None;
    }
    let silent = active.iter().filter(|k| matches!(statuses.get(**k), Some(OrderStatus::Onr | OrderStatus::Pnj))).count();
    let share = silent as f64 / active.len() as f64;
    (share > threshold).then(|| {
        super::messages::admin_hold_reason(silent, active.len(), share * 100.0, threshold * 100.0, g.meta.turn)
    })
}

/// The PNG of a family's map (its whole SVG is `svg`): a layered map (a
/// view's `map.layered`, Stellarium's and Galactic Destiny's) is drawn as the base every family
/// shares, rasterised once, and the family's overlay over it (the same
/// picture, render::layers); any other map from its whole SVG.
fn map_png(renderer: &crate::render::Renderer, tpl: &str, view: &Value, context: &mut crate::render::Prepared, svg: &str) -> Result<Vec<u8>> {
    if view.pointer("/map/layered").and_then(Value::as_bool) != Some(true) {
        return Ok(renderer.svg_to_png(svg)?);
    }
    Ok(renderer.layered_map_png(tpl, context)?)
}

/// A write through the deadline's batch (durable at its commit), its folder
/// created first, with the path in the error.
fn write_deferred(batch: &crate::store::Deferred, path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        batch.create_dir_all(dir).map_err(crate::store::StoreError::io(dir))?;
    }
    batch.write(path, bytes).map_err(crate::store::StoreError::io(path))?;
    Ok(())
}

/// Atomic write with the path in the error.
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        crate::store::create_dir_all_durable(dir).map_err(crate::store::StoreError::io(dir))?;
    }
    crate::store::write_atomic(path, bytes).map_err(crate::store::StoreError::io(path))?;
    Ok(())
}

fn quote_if_needed(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// What a follower's mail says ([`Referee::queue_follow`]).
struct FollowMail<'a> {
    /// "pnj" or "replaced".
    reason: &'a str,
    family: &'a str,
    lang: &'a str,
    chronicle: &'a str,
    can_rejoin: bool,
}

#[derive(Default)]
struct ReportFiles {
    text: String,
    html: Option<String>,
    svg: Option<String>,
    png: Option<Vec<u8>>,
}

impl ReportFiles {
    fn attachments(&self) -> Vec<Attachment> {
        let mut v = Vec::new();
        if let Some(png) = &self.png {
            v.push(Attachment { filename: "carte.png".into(), content_type: "image/png".into(), bytes: png.clone(), content_id: Some("map".into()) });
        }
        if let Some(svg) = &self.svg {
            v.push(Attachment { filename: "carte.svg".into(), content_type: "image/svg+xml".into(), bytes: svg.clone().into_bytes(), content_id: None });
        }
        v
    }
}

/// The ruleset's word for a seat ("joueur", "famille") in `lang`.
fn member_of(r: &Referee, ruleset: &str, lang: &str) -> String {
    member_word(r, ruleset, lang).unwrap_or_else(|| if lang == "en" { "family" } else { "famille" }.to_string())
}

/// The keyword that names the seat in the ruleset's order form: `JOUEUR |
/// PLAYER` where the ruleset's seats are players, `FAMILLE | FAMILY`
/// otherwise (both are read everywhere).
pub(crate) fn seat_keyword(r: &Referee, ruleset: &str, en: bool) -> &'static str {
    match (member_word(r, ruleset, if en { "en" } else { "fr" }).as_deref(), en) {
        (Some("joueur" | "player"), false) => "JOUEUR",
        (Some("joueur" | "player"), true) => "PLAYER",
        (_, false) => "FAMILLE",
        (_, true) => "FAMILY",
    }
}
