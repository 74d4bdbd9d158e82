//! Handling one incoming mail, exactly once.
//!
//! Order of durable steps (each idempotent, so a crash anywhere is followed by
//! a restart that finishes the work once):
//! 1. archive the raw bytes (`archive/<key>.eml`), keyed by Message-ID and
//!    content (`store::ArchiveKey::for_message`);
//! 2. if `archive/<key>.done.json` exists, stop: already handled;
//! 3. decide, and write the effects: the family's orders for the turn
//!    (replacing the previous ones), registrations in `game.json`, replies in
//!    the outbox under ids derived from the archive key (re-queuing an id
//!    already queued or sent does nothing);
//! 4. write `archive/<key>.done.json` with the outcome; once it is durable,
//!    mask the passwords in the archived copy;
//! 5. only then the caller tells the mailbox the message was handled.
//!
//! Who gets an answer: a message that names a registered family is answered
//! only at that family's registered address, whoever sent it; a message that
//! names none (no orders block, unknown game or family, a registration) is
//! answered at its From address, like any auto-responder. Loops, bounces and
//! lists are never answered; the reason is logged.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::game::{Completeness, FamilyKey, LineOutcome, LineVerdict, OrderStatus};
use crate::mail::{self, Incoming};
use crate::orders::{self, Command, MessageTarget};
use crate::text;

use super::replies::{member_word, template_name, Draft, Threading};
use super::{password, FamilyRecord, OpenGame, Referee, Result};

/// What became of a message (kept in `archive/<key>.done.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// Handled before (the same message: same archive key): nothing done again.
    Duplicate,
    /// Not answered, with the reason (loop, bounce, list, undecodable).
    Silenced { reason: String },
    /// Answered; `kind` names the reply (ack, refusal-late, welcome…).
    Answered { kind: String, to: String, game: Option<String>, family: Option<String> },
    /// The journal copy of a message we sent (see `referee::journal`):
    /// not archived, not answered; `confirmed` when it proved the delivery
    /// of an item whose sending had been interrupted.
    JournalCopy { outbox_id: String, confirmed: bool },
}

/// Diplomatic messages relayed for one incoming mail; the `MESSAGE`
/// commands beyond are not relayed (the acknowledgement says so), so that
/// one mail cannot make the referee send thousands.
pub const MAX_RELAYS_PER_MAIL: usize = 20;

/// How many steps ahead orders in advance may be written (`TOUR n`).
pub const MAX_STEPS_AHEAD: u32 = 10;

/// A family's accepted orders for a turn (`turns/<N>/orders/<family>.json`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OrdersRecord {
    pub message_id: String,
    pub archive_key: String,
    pub received_at: Timestamp,
    /// Rank among the game's accepted submissions of the turn (Galaxy 4.i).
    pub receipt_rank: u32,
    /// The ruleset's typed orders, as JSON.
    pub orders: Value,
    pub verdicts: Vec<LineVerdict>,
    pub completeness: Completeness,
}

impl OrdersRecord {
    pub fn status(&self) -> OrderStatus {
        crate::game::status_of(self.verdicts.iter().any(LineVerdict::is_accepted), &self.completeness)
    }
}

/// A message received and archived, not yet handled ([`Referee::receive`]).
#[derive(Debug)]
pub enum Received {
    /// The journal copy of one of our messages, already recorded.
    JournalCopy(Outcome),
    /// Archived (fsynced) under `key`; `done` when its marker already exists.
    Mail { key: crate::store::ArchiveKey, decoded: std::result::Result<Incoming, mail::Undecodable>, done: bool },
}

impl Received {
    /// The archive key, for a message that was archived.
    pub fn key(&self) -> Option<&crate::store::ArchiveKey> {
        match self {
            Received::Mail { key, .. } => Some(key),
            Received::JournalCopy(_) => None,
        }
    }
}

impl Referee {
    /// Handles one raw message. Never fails on the message's content; errors
    /// are I/O problems, after which the message stays unhandled in the
    /// mailbox and is tried again.
    ///
    /// The three steps ([`Referee::receive`], [`Referee::handle_received`],
    /// [`Referee::finish`]) one after the other; the daemon runs the first
    /// for several messages at once, and the other two in runs, in the
    /// mailbox's order, a run's done markers made durable by its commit
    /// after its effects and replies (`daemon::run`).
    pub fn handle_mail(&self, raw: &[u8], now: Timestamp) -> Result<Outcome> {
        let received = self.receive(raw)?;
        let key = received.key().cloned();
        let outcome = self.handle_received(received, now)?;
        if let Some(key) = key {
            self.finish(&key, &outcome)?;
        }
        Ok(outcome)
    }

    /// Step 1: decodes the message and archives its raw bytes (fsynced), or
    /// records a journal copy. Independent of every other message: may run
    /// for several at once, in any order.
    pub fn receive(&self, raw: &[u8]) -> Result<Received> {
        let limits = mail::Limits { max_text_bytes: self.config.limits.max_text_bytes, ..mail::Limits::default() };
        // A journal copy is known from its header alone (no decoding).
        if let Some(copy) = (raw.len() <= limits.max_raw_bytes).then(|| self.journal_copy_of_raw(raw)).flatten() {
            return Ok(Received::JournalCopy(self.journal_copy_seen(copy)?));
        }
        let decoded = mail::decode(raw, &limits);
        if let Some(copy) = decoded.as_ref().ok().and_then(|m| self.journal_copy_of(m)) {
            return Ok(Received::JournalCopy(self.journal_copy_seen(copy)?));
        }
        let msg_id = decoded.as_ref().ok().map(|m| m.message_id.clone());
        let key = self.store.archive_raw(msg_id.as_deref(), raw)?;
        let done = self.store.archive_done(&key)?.is_some();
        Ok(Received::Mail { key, decoded, done })
    }

    /// Step 2: decides and writes the effects (orders, game, replies in the
    /// outbox), durable when it returns. Messages go through it one at a
    /// time, in the mailbox's order (a family's later orders replace its
    /// earlier ones; receipt ranks follow arrival).
    pub fn handle_received(&self, received: Received, now: Timestamp) -> Result<Outcome> {
        let (key, decoded) = match received {
            Received::JournalCopy(outcome) => return Ok(outcome),
            Received::Mail { key, done: true, .. } => {
                tracing::info!(key = %key, "message already handled; skipped");
                return Ok(Outcome::Duplicate);
            }
            Received::Mail { key, decoded, done: false } => (key, decoded),
        };
        let outcome = match decoded {
            Err(e) => Outcome::Silenced { reason: format!("undecodable message: {e}") },
            Ok(m) => self.process(key.as_str(), &m, now)?,
        };
        match &outcome {
            Outcome::Silenced { reason } => tracing::warn!(key = %key, %reason, "message not answered"),
            Outcome::Answered { kind, to, game, family } => {
                tracing::info!(key = %key, %kind, %to, game = ?game, family = ?family, "message answered")
            }
            Outcome::Duplicate | Outcome::JournalCopy { .. } => {}
        }
        Ok(outcome)
    }

    /// Step 3: the message's done marker (`archive/<key>.done.json`), after
    /// its effects; only then may the mailbox be told it was handled. A
    /// duplicate's marker is left as it is.
    ///
    /// Then the archived copy loses its passwords (`mail::mask`): replaced
    /// only once the marker is durable (the commit's last round), since a
    /// message handled again after a crash is read from that copy and must
    /// be decided as it was.
    pub fn finish(&self, key: &crate::store::ArchiveKey, outcome: &Outcome) -> Result<()> {
        if matches!(outcome, Outcome::Duplicate | Outcome::JournalCopy { .. }) {
            return Ok(());
        }
        self.store.mark_done(key, &serde_json::to_value(outcome).unwrap_or(Value::Null))?;
        self.scrub_archive(key)
    }

    /// Masks the passwords of an archived message whose done marker is
    /// written ([`Referee::finish`]; and, for a run a crash cut between its
    /// markers and its scrubs, when the run is finished: `daemon::run`).
    pub fn scrub_archive(&self, key: &crate::store::ArchiveKey) -> Result<()> {
        if let Some(masked) = self.store.read_archived(key)?.and_then(|raw| mail::mask::mask_passwords(&raw)) {
            self.store.scrub_archived(key, &masked)?;
        }
        Ok(())
    }

    /// A journal copy came back: the item it names was accepted by the server.
    fn journal_copy_seen(&self, copy: super::journal::JournalCopy) -> Result<Outcome> {
        let confirmed = self.store.outbox().confirm_delivered(&copy.outbox_id)?;
        if confirmed {
            tracing::info!(id = %copy.outbox_id, "journal copy: an interrupted sending had reached the server; recorded as sent");
        } else {
            tracing::debug!(id = %copy.outbox_id, "journal copy of a message already recorded as sent");
        }
        Ok(Outcome::JournalCopy { outbox_id: copy.outbox_id, confirmed })
    }

    fn process(&self, key: &str, m: &Incoming, now: Timestamp) -> Result<Outcome> {
        let ours = vec![self.config.referee_address.to_ascii_lowercase()];
        if let Some(why) = mail::silence_reason(m, &ours) {
            return Ok(Outcome::Silenced { reason: why.to_string() });
        }
        let Some(from) = m.from.clone() else {
            return Ok(Outcome::Silenced { reason: "no From address to answer".into() });
        };
        // A From no reply can be addressed to (a route, a quoted local part
        // with a line break, a 10,000-byte domain): answering is impossible,
        // and registering it would make a family that never gets its password.
        if from.len() > 254 || from.contains(['\r', '\n']) || from.parse::<lettre::message::Mailbox>().is_err() {
            return Ok(Outcome::Silenced { reason: format!("the From address {from:?} cannot be answered") });
        }
        // Whether the From can be taken as the author at all (one address;
        // no DMARC failure of a domain that asks for rejection): if not, the
        // message is answered only at a registered family's address, as an
        // authentication refusal, and never at its From.
        let doubt = self.sender_doubt(m);
        let sub = orders::read_submission(&m.subject, &m.text, &m.attachment_texts);
        // The language of the order block; without one (a reply to a relayed
        // message, a thank-you), the language of the family the address
        // plays, if any.
        let known = if sub.is_none() { self.language_of_address(&from) } else { None };
        let lang = match &sub {
            Some(s) if s.english => "en",
            Some(_) => "fr",
            None => known.as_deref().unwrap_or("fr"),
        };
        let sender = Sender { key, m, from: &from, lang, doubt: doubt.as_ref(), now };
        let Some(sub) = sub else {
            // `AIDE` alone, as the welcome suggests: how to play, and the games.
            if let Some(english) = orders::asks_for_help(&m.text).filter(|_| !m.oversize) {
                let lang = if english { "en" } else { "fr" };
                self.reply(key, m, &from, "help-games", lang, json!({ "games": self.game_list() }), now)?;
                return Ok(answered("help", &from, None, None));
            }
            let kind = if m.oversize { "refusal-oversize" } else { "no-orders" };
            return self.answer_sender(&sender, kind, json!({ "games": self.game_list(), "oversize": m.oversize, "limit": self.config.limits.max_text_bytes }), None);
        };
        let Some(game_id) = sub.game.clone() else {
            return self.answer_sender(&sender, "no-game", json!({ "games": self.game_list() }), None);
        };
        let game_id = self.resolve_game_id(&game_id);
        let Some(gid) = game_id.clone().filter(|g| self.read_meta(g).ok().flatten().is_some()) else {
            let suggestion = text::suggest(sub.game.as_deref().unwrap_or(""), self.game_ids().iter().map(String::as_str));
            return self.answer_sender(&sender, "unknown-game", json!({ "asked": sub.game, "games": self.game_list(), "suggestion": suggestion }), sub.game.clone());
        };
        let dir = self.store.game(&gid)?;
        let _lock = dir.lock()?;
        let mut g = self.open_game(&gid)?;

        if let Some((family_name, line)) = sub.commands.iter().find_map(|c| match c {
            Command::Join { family_name, line } => Some((family_name.clone(), line.clone())),
            _ => None,
        }) {
            let _ = line;
            if let Some(d) = &doubt {
                return Ok(Outcome::Silenced { reason: format!("registration not answered: {}", d.describe()) });
            }
            return self.register(key, m, &from, lang, &mut g, &family_name, now);
        }

        let only_help = sub.orders.is_empty() && sub.later.is_empty() && sub.commands.iter().all(|c| matches!(c, Command::Help));
        if sub.commands.iter().any(|c| matches!(c, Command::Help)) && (sub.family.is_none() || (sub.password.is_none() && only_help)) {
            // `PARTIE x` then `AIDE` (a family named without its password
            // too): the guide of the game's ruleset, with nothing of any
            // family's (the sender is not known).
            let (deadline_text, time_left, _) = self.deadline_words(&g, lang, now);
            let mut ctx = json!({ "game": gid, "family": Value::Null, "turn": g.meta.turn, "ruleset": g.meta.ruleset, "form": [],
                "deadline": deadline_text, "time_left": time_left, "registration_open": g.registration_open()?, "guide": self.ruleset_guide(&g.meta.ruleset, lang) });
            if let Some(w) = member_word(self, &g.meta.ruleset, lang) {
                ctx["member"] = json!(w);
            }
            self.reply(key, m, &from, "help", lang, ctx, now)?;
            return Ok(answered("help", &from, Some(gid), None));
        }
        let Some(family_written) = sub.family.clone() else {
            return self.answer_sender(&sender, "no-family", json!({ "game": gid }), Some(gid));
        };
        let mut fkey: FamilyKey = text::key(&family_written);
        // A seat named otherwise (Galactic Destiny's `PARTI POP`).
        if !g.meta.families.contains_key(&fkey) {
            if let Some(k) = g.engine.seat_named(&g.state, &family_written)? {
                fkey = k;
            }
        }
        let Some(fam) = g.meta.families.get(&fkey).cloned() else {
            let names: Vec<&str> = g.meta.families.values().map(|f| f.name.as_str()).collect();
            let suggestion = text::suggest(&family_written, names.iter().copied());
            let ctx = json!({ "game": gid, "asked": family_written, "suggestion": suggestion, "registration_open": g.registration_open()? });
            return self.answer_sender(&sender, "unknown-family", ctx, Some(gid));
        };
        // A new password asked for, or a change of address confirmed from
        // the new address: no password (`referee::life` says who is answered).
        if sub.commands.contains(&Command::ForgotPassword) {
            return self.forgot_password(key, m, &from, doubt.as_ref().map(SenderDoubt::describe), &mut g, &fkey, now);
        }
        if let Some(code) = sub.commands.iter().find_map(|c| match c {
            Command::AddressCode { code } => Some(code.clone()),
            _ => None,
        }) {
            return self.confirm_address(key, m, &from, doubt.as_ref().map(SenderDoubt::describe), &mut g, &fkey, &code, now);
        }
        // From here on, answers go to the registered address only.
        let lang = fam.lang.as_str();
        let to = fam.address.clone();
        let gc = self.game_config(&gid);
        let require_address = gc.map_or(true, |c| c.require_registered_address);
        let address_ok = !require_address || from.eq_ignore_ascii_case(&fam.address);
        let matched = super::life::check_password(&gid, &fkey, sub.password.as_deref(), &fam);
        let password_ok = matched != super::life::PasswordMatch::Neither;
        let mut base = json!({ "game": gid, "family": fam.name, "turn": g.meta.turn, "from": from });
        if let Some(w) = member_word(self, &g.meta.ruleset, lang) {
            base["member"] = json!(w);
        }
        if !address_ok || !password_ok || doubt.is_some() {
            // The form's `MOTDEPASSE ...` sent back unchanged: a player who
            // forgot to fill it in, not someone guessing.
            let placeholder = sub.password.as_deref().is_some_and(|p| matches!(p.trim(), "..." | "…"));
            let reason = match (&doubt, address_ok, sub.password.is_some(), password_ok) {
                (Some(d), ..) => d.reason(),
                (None, false, _, _) => "address",
                (None, true, false, _) => "no-password",
                _ if placeholder => "placeholder",
                _ => "password",
            };
            tracing::warn!(game = %gid, family = %fkey, %from, %reason, "authentication refused");
            // One refusal an hour goes to the family's address; the others
            // are only logged (200 wrong guesses must not send 200 mails to
            // the victim). The same message handled again after a crash
            // is answered again (under the same outbox id: a no-op).
            let mut refusals = super::refusals::AuthRefusals::read(&self.store, &gid)?;
            match refusals.last(&fkey) {
                Some(last) if last.by == key => {}
                Some(last) if now.duration_since(last.at) < AUTH_REFUSAL_QUIET => {
                    return Ok(Outcome::Silenced {
                        reason: format!("authentication refused ({reason}) for {fkey} in {gid}; a refusal went to the family at {}, less than an hour ago: this one is logged only", last.at),
                    });
                }
                _ => refusals.record(&self.store, &gid, &fkey, now, key)?,
            }
            self.reply(key, m, &to, "refusal-auth", lang, merge(base, json!({ "reason": reason })), now)?;
            return Ok(answered("refusal-auth", &to, Some(gid), Some(fkey)));
        }
        if matched == super::life::PasswordMatch::Reset {
            // The new password the player asked for is used: the old one stops.
            if let Some(f) = g.meta.families.get_mut(&fkey) {
                if let Some(r) = f.password_reset.take() {
                    f.password_sha256 = r.sha256;
                }
            }
            self.write_meta(&g.meta)?;
        }
        // A PNJ seat the rules give back (RULINGS.md, "PNJ seats") is taken
        // back by valid orders; any other stays the referee's.
        let returning = fam.pnj && !g.meta.finished && self.pnj_returns(&g, &fam);
        if fam.pnj && !returning {
            let can_rejoin = g.registration_open()? && gc.map_or(true, |c| c.allow_new_family_after_pnj);
            self.reply(key, m, &to, "refusal-pnj", lang, merge(base, json!({ "can_rejoin": can_rejoin })), now)?;
            return Ok(answered("refusal-pnj", &to, Some(gid), Some(fkey)));
        }
        if g.meta.finished {
            // The reports stay available once the game is over: `RAPPORT`
            // and `RAPPORT <n>` are answered (the orders are not).
            let mut reports = Vec::new();
            for c in &sub.commands {
                match c {
                    Command::Report => reports.push(json!({ "kind": "report", "sent": self.resend_report(&g, &fkey, Some(key), now)? })),
                    Command::ReportOf(n) => reports.push(self.report_of(key, &g, &fkey, *n, now)?),
                    _ => {}
                }
            }
            self.reply(key, m, &to, "refusal-finished", lang, merge(base, json!({ "reports": reports })), now)?;
            return Ok(answered("refusal-finished", &to, Some(gid), Some(fkey)));
        }
        if let Some(t) = fam.resigned {
            self.reply(key, m, &to, "refusal-resigned", lang, merge(base, json!({ "resigned_turn": t })), now)?;
            return Ok(answered("refusal-resigned", &to, Some(gid), Some(fkey)));
        }
        let advance_ok = self.advance_orders_allowed(&g)?;
        if let Some(t) = sub.turn {
            // An earlier turn: a stale form. A later one: orders in advance,
            // where the game keeps them (below); refused otherwise.
            if t < g.meta.turn || (t > g.meta.turn && !advance_ok) {
                self.reply(key, m, &to, "refusal-stale", lang, merge(base, json!({ "written_turn": t })), now)?;
                return Ok(answered("refusal-stale", &to, Some(gid), Some(fkey)));
            }
        }
        if m.oversize {
            self.reply(key, m, &to, "refusal-oversize", lang, merge(base, json!({ "limit": self.config.limits.max_text_bytes })), now)?;
            return Ok(answered("refusal-oversize", &to, Some(gid), Some(fkey)));
        }
        let (deadline_text, time_left, late) = self.deadline_words(&g, lang, now);
        // A turn held by the referee's guard is not being played: orders
        // that arrive meanwhile (perhaps the very mail that was stuck) are
        // taken as before its deadline, until the referee resumes it.
        let held = g.meta.held.is_some();
        let late = late && !held;
        // An adjudication of the open step has begun (and was interrupted: it
        // holds the game's lock while it runs): its orders are frozen, or a
        // re-run would not reproduce what it already wrote.
        let playing = g.meta.adjudication_started.is_some();
        if late || playing {
            let next = self.next_deadline_words(&g, lang);
            let ctx = json!({ "deadline": deadline_text, "next_turn": g.meta.turn + 1, "next_deadline": next, "playing": playing && !late });
            self.reply(key, m, &to, "refusal-late", lang, merge(base, ctx), now)?;
            return Ok(answered("refusal-late", &to, Some(gid), Some(fkey)));
        }

        // The blocks of the message: the open step's, and those for later
        // steps (`TOUR n`), kept as orders in advance.
        let open = g.meta.turn;
        let first_is_advance = sub.turn.is_some_and(|t| t > open);
        let mut blocks: Vec<(u32, &[crate::game::OrderLine])> = Vec::new();
        if first_is_advance {
            blocks.push((sub.turn.unwrap_or(open), &sub.orders));
        }
        blocks.extend(sub.later.iter().map(|b| (b.turn, b.orders.as_slice())));
        let open_lines: &[crate::game::OrderLine] = if first_is_advance { &[] } else { &sub.orders };
        let awaited_now = g.awaited()?.contains(&fkey);
        let early_on = self.early_delay(&gid).is_some();
        let confirms = sub.commands.contains(&Command::Confirm);
        let mut meta_changed = false;

        // Commands.
        let mut done_commands: Vec<Value> = Vec::new();
        let mut extra_kind: Option<&str> = None;
        let mut relayed = 0usize;
        // A deadline an `ABSENCE` moved: every family is told once this mail's
        // effects are written (as `game extend` does).
        let mut moved_deadline: Option<(u32, Value)> = None;
        for c in &sub.commands {
            match c {
                Command::Cancel => {
                    g.dir.remove_orders(g.meta.turn, &fkey)?;
                    meta_changed |= g.meta.confirmed.remove(&fkey);
                    done_commands.push(json!({ "kind": "cancel" }));
                }
                Command::Confirm | Command::Wait if !early_on => {
                    done_commands.push(json!({ "kind": if *c == Command::Confirm { "confirm" } else { "wait" }, "early_off": true }));
                }
                Command::Confirm if first_is_advance => {
                    done_commands.push(json!({ "kind": "confirm", "advance": true }));
                }
                // A seat not awaited holds or hastens nothing in this step.
                Command::Confirm | Command::Wait if !awaited_now => {
                    done_commands.push(json!({ "kind": if *c == Command::Confirm { "confirm" } else { "wait" }, "not_awaited": true }));
                }
                Command::Confirm => {
                    meta_changed |= g.meta.waiting.remove(&fkey);
                    meta_changed |= g.meta.confirmed.insert(fkey.clone());
                    done_commands.push(json!({ "kind": "confirm" }));
                }
                Command::Wait => {
                    meta_changed |= g.meta.confirmed.remove(&fkey);
                    meta_changed |= g.meta.waiting.insert(fkey.clone());
                    done_commands.push(json!({ "kind": "wait" }));
                }
                Command::Resign if !g.turn_based()? => {
                    done_commands.push(json!({ "kind": "resign", "not_available": true }));
                }
                Command::Resign => {
                    if let Some(f) = g.meta.families.get_mut(&fkey) {
                        f.resigned = Some(open);
                    }
                    g.meta.waiting.remove(&fkey);
                    g.meta.confirmed.remove(&fkey);
                    meta_changed = true;
                    done_commands.push(json!({ "kind": "resign" }));
                }
                Command::Help => {
                    let form = g.engine.order_form(&g.state, &fkey)?;
                    self.queue(
                        Draft {
                            id: format!("help-{key}"),
                            to: vec![to.clone()],
                            subject: String::new(),
                            template: "common/help",
                            lang,
                            context: merge(base.clone(), json!({ "form": form.iter().map(|l| l.to_json(crate::i18n::Lang::from_code(lang))).collect::<Vec<_>>(), "ruleset": g.meta.ruleset, "deadline": deadline_text, "time_left": time_left, "guide": self.ruleset_guide(&g.meta.ruleset, lang) })),
                            threading: Threading { reply_to: Some(m) },
                            auto_submitted: "auto-replied",
                            attachments: vec![],
                        },
                        now,
                    )?;
                    done_commands.push(json!({ "kind": "help" }));
                    extra_kind.get_or_insert("help");
                }
                Command::Report => {
                    let sent = self.resend_report(&g, &fkey, Some(key), now)?;
                    done_commands.push(json!({ "kind": "report", "sent": sent }));
                }
                Command::Message { to: target, anonymous, body } => {
                    if relayed >= MAX_RELAYS_PER_MAIL {
                        done_commands.push(json!({ "kind": "message", "to": [], "anonymous": anonymous, "unknown": null, "over_limit": MAX_RELAYS_PER_MAIL }));
                        continue;
                    }
                    let recipients = self.relay_targets(&g, &fkey, target);
                    let names: Vec<String> = recipients.iter().map(|(_, n, _, _)| n.clone()).collect();
                    if !recipients.is_empty() {
                        relayed += 1;
                    }
                    // One mail per recipient, in the recipient's language:
                    // no mail names another player's address. An anonymous
                    // one is held until the next release instant, dated then
                    // and sent in an order derived from the installation's
                    // secret (`anonymous_release`), so neither its time nor
                    // its place among the others points at its sender.
                    let n = done_commands.len();
                    let release = if *anonymous { Some(self.anonymous_release(now)) } else { None };
                    for (rkey, _, raddress, rlang) in &recipients {
                        let relay = Relay { key, n, sender: &fkey, sender_name: &fam.name, anonymous: *anonymous, body, all: matches!(target, MessageTarget::All), reply: false, release };
                        self.queue_relay(&g, &relay, rkey, raddress, rlang, now)?;
                    }
                    let unknown = match target {
                        MessageTarget::Family(n) if names.is_empty() => Some(n.clone()),
                        _ => None,
                    };
                    let leaves = release.filter(|t| *t > now && !names.is_empty()).and_then(|t| {
                        self.game_config(&gid).map(|c| crate::scheduler::format_deadline(t, &c.time_zone, lang))
                    });
                    done_commands.push(json!({ "kind": "message", "to": names, "anonymous": anonymous, "unknown": unknown, "leaves": leaves }));
                }
                Command::ReportOf(n) => {
                    let entry = self.report_of(key, &g, &fkey, *n, now)?;
                    done_commands.push(entry);
                }
                Command::Address { address } => {
                    let entry = self.ask_address_change(key, &mut g, &fkey, address, now)?;
                    done_commands.push(entry);
                }
                Command::Reply { token, anonymous, body } => {
                    if relayed >= MAX_RELAYS_PER_MAIL {
                        done_commands.push(json!({ "kind": "reply", "over_limit": MAX_RELAYS_PER_MAIL }));
                        continue;
                    }
                    let n = done_commands.len();
                    // The acknowledgement never names whom a reply went to.
                    let Some(skey) = self.reply_sender(&g.meta, &fkey, token) else {
                        done_commands.push(json!({ "kind": "reply", "unknown": true }));
                        continue;
                    };
                    relayed += 1;
                    let release = if *anonymous { Some(self.anonymous_release(now)) } else { None };
                    let s = &g.meta.families[&skey];
                    let (saddress, slang) = (s.address.clone(), if s.lang == "en" { "en" } else { "fr" });
                    let relay = Relay { key, n, sender: &fkey, sender_name: &fam.name, anonymous: *anonymous, body, all: false, reply: true, release };
                    self.queue_relay(&g, &relay, &skey, &saddress, slang, now)?;
                    let leaves = release.filter(|t| *t > now).and_then(|t| self.game_config(&gid).map(|c| crate::scheduler::format_deadline(t, &c.time_zone, lang)));
                    done_commands.push(json!({ "kind": "reply", "anonymous": anonymous, "leaves": leaves }));
                }
                Command::Absence(a) => {
                    let out = self.absence_command(&mut g, &fkey, a, now)?;
                    if out.ack.get("refused").is_none_or(Value::is_null) {
                        meta_changed = true;
                    }
                    if let (Some(seq), Some(absence)) = (out.moved, g.meta.families.get(&fkey).and_then(|f| f.absence)) {
                        moved_deadline = Some((seq, json!({ "name": fam.name, "from": absence.from.to_string(), "to": absence.to.to_string() })));
                    }
                    done_commands.push(out.ack);
                }
                Command::Join { .. } | Command::ForgotPassword | Command::AddressCode { .. } => {}
            }
        }

        // Orders.
        let mut ctx = merge(base, json!({
            "quoted": sub.from_quote, "attachment": sub.from_attachment,
            "commands": done_commands, "deadline": deadline_text, "time_left": time_left, "held": held,
            "problems": sub.problems.iter().map(|v| verdict_json(v, lang)).collect::<Vec<_>>(),
        }));
        // Orders in advance: kept as written, read when their step opens.
        let mut advance: Vec<Value> = Vec::new();
        for (turn, lines) in &blocks {
            let entry = if !advance_ok {
                json!({ "turn": turn, "kept": false, "reason": "not-allowed" })
            } else if *turn > open + MAX_STEPS_AHEAD {
                json!({ "turn": turn, "kept": false, "reason": "too-far", "max": open + MAX_STEPS_AHEAD })
            } else if lines.is_empty() {
                json!({ "turn": turn, "kept": false, "reason": "empty" })
            } else {
                // The same message handled again after a crash keeps its receipt instant.
                let earlier = g.dir.read_family_advance::<super::steps::AdvanceRecord>(*turn, &fkey)?.filter(|r| r.archive_key == key);
                let record = super::steps::AdvanceRecord {
                    message_id: m.message_id.clone(),
                    archive_key: key.to_string(),
                    received_at: earlier.map_or(now, |r| r.received_at),
                    sent_during: open,
                    lines: lines.to_vec(),
                    confirmed: confirms && first_is_advance,
                };
                g.dir.write_advance(*turn, &fkey, &record)?;
                json!({ "turn": turn, "kept": true, "count": lines.len(), "lines": lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>() })
            };
            advance.push(entry);
        }
        merge_into(&mut ctx, json!({ "advance": advance, "open_turn": open, "awaited": awaited_now }));
        // Orders kept for a later step bring a PNJ seat's player back too.
        if returning && advance.iter().any(|a| a["kept"] == json!(true)) {
            meta_changed |= take_seat_back(&mut g.meta, &fkey);
        }
        if !open_lines.is_empty() && !awaited_now {
            // Capability 1: a seat not awaited owes nothing, and its orders
            // would not be applied to this step: say so rather than keep them.
            let next_move = open + g.engine.steps_to_move(&g.state, &fkey)?.unwrap_or(1);
            let step_may_come_between = g.engine.step_may_come_between(&g.state, &fkey)?;
            merge_into(
                &mut ctx,
                json!({ "lines": [], "replaced": false, "status": Value::Null, "not_awaited_lines": open_lines.len(), "advance_ok": advance_ok, "next_move": next_move, "step_may_come_between": step_may_come_between }),
            );
        } else if !open_lines.is_empty() {
            let (orders_json, verdicts, completeness) = g.engine.parse_orders(&g.state, &fkey, open_lines)?;
            let any = verdicts.iter().any(LineVerdict::is_accepted);
            let status = crate::game::status_of(any, &completeness);
            if any {
                // This very message handled before a crash (no `done` marker
                // yet): it keeps its receipt instant and rank, and the
                // count of receipts is not advanced twice — also when a
                // later message of the family had replaced its orders
                // (the game's meta keeps every receipt of the turn; the
                // family's orders file, for a meta written before it did).
                let (received_at, rank) = match g.meta.receipt_of.get(key) {
                    Some(r) => (r.received_at, r.rank),
                    None => {
                        let earlier = g.dir.read_family_orders::<OrdersRecord>(g.meta.turn, &fkey)?.filter(|r| r.archive_key == key);
                        let (received_at, rank) = earlier.map_or((now, g.meta.receipts), |r| (r.received_at, r.receipt_rank));
                        g.meta.receipt_of.insert(key.to_string(), super::meta::Receipt { rank, received_at });
                        meta_changed = true;
                        (received_at, rank)
                    }
                };
                let record = OrdersRecord {
                    message_id: m.message_id.clone(),
                    archive_key: key.to_string(),
                    received_at,
                    receipt_rank: rank,
                    orders: orders_json,
                    verdicts: verdicts.clone(),
                    completeness: completeness.clone(),
                };
                g.dir.write_orders(g.meta.turn, &fkey, &record)?;
                if returning {
                    meta_changed |= take_seat_back(&mut g.meta, &fkey);
                }
                if g.meta.receipts <= rank {
                    g.meta.receipts = rank + 1;
                    meta_changed = true;
                }
                // New orders open a new change-of-mind delay, unless they
                // are confirmed in the same mail.
                if !confirms {
                    meta_changed |= g.meta.confirmed.remove(&fkey);
                }
            }
            // Nothing accepted: the orders already stored stand, and the
            // status and what is missing are theirs, not this message's.
            let previous: Option<OrdersRecord> = if any { None } else { g.dir.read_family_orders(g.meta.turn, &fkey)? };
            let (status, completeness) = match &previous {
                Some(r) => (g.status_from(&fkey, Some(r))?, r.completeness.clone()),
                None => (status, completeness),
            };
            let missing = match &completeness {
                Completeness::Partial { missing } => missing.iter().map(|m| m.render(crate::i18n::Lang::from_code(lang))).collect(),
                Completeness::Complete => vec![],
            };
            merge_into(&mut ctx, json!({
                "lines": verdicts.iter().map(|v| verdict_json(v, lang)).collect::<Vec<_>>(),
                "accepted": verdicts.iter().filter(|v| v.is_accepted()).count(),
                "rejected": verdicts.iter().filter(|v| !v.is_accepted()).count(),
                "replaced": any, "previous": previous.is_some(), "status": status.label(), "missing": missing,
            }));
        } else {
            let current: Option<OrdersRecord> = g.dir.read_family_orders(g.meta.turn, &fkey)?;
            let status = if awaited_now { Some(g.status_from(&fkey, current.as_ref())?.label()) } else { None };
            merge_into(&mut ctx, json!({ "lines": [], "replaced": false, "status": status }));
        }
        if meta_changed {
            self.write_meta(&g.meta)?;
        }
        if let Some((sequence, absence)) = moved_deadline {
            self.announce_moved_deadline(&gid, sequence, absence, now)?;
            // The acknowledgement gives the new deadline.
            let (deadline_text, time_left, _) = self.deadline_words(&g, lang, now);
            merge_into(&mut ctx, json!({ "deadline": deadline_text, "time_left": time_left }));
        }
        // When the step will be played (capability 3), now that this mail is
        // in; only to a seat the step awaits: a seat not awaited would learn
        // whether the others' orders are complete.
        let when = if awaited_now {
            // Every family's orders matter only to early play (one file
            // per family: not read for each mail of a rush otherwise).
            let records = if early_on { g.dir.read_orders::<OrdersRecord>(g.meta.turn)? } else { Default::default() };
            self.timing_words(&g, &self.timing(&g, &records)?, lang, now)
        } else {
            json!({ "kind": "not_awaited", "early_on": false })
        };
        merge_into(&mut ctx, json!({ "when": when }));
        if returning {
            // Whether this mail gave the seat back to its player.
            let back = g.meta.families.get(&fkey).is_some_and(|f| !f.pnj);
            merge_into(&mut ctx, json!({ "pnj_return": if back { "back" } else { "still" } }));
        }
        if sub.orders.is_empty() && sub.later.is_empty() && extra_kind.is_some() && done_commands.len() == 1 {
            // A lone AIDE got its own answer.
            return Ok(answered("help", &to, Some(gid), Some(fkey)));
        }
        self.reply(key, m, &to, "ack", lang, ctx, now)?;
        Ok(answered("ack", &to, Some(gid), Some(fkey)))
    }

    fn register(&self, key: &str, m: &Incoming, from: &str, lang: &str, g: &mut OpenGame, family_name: &str, now: Timestamp) -> Result<Outcome> {
        let gid = g.meta.id.clone();
        // `INSCRIPTION <family> CODE <code>`: the confirmation of a request.
        let (family_name, code) = super::join::split_code(family_name);
        let mut name = text::collapse_spaces(&family_name);
        let fkey = text::key(&name);
        let base = json!({ "game": gid, "family": name });
        let gc = self.game_config(&gid);
        let refuse = |why: &str, extra: Value| -> Result<Outcome> {
            self.reply(key, m, from, "refusal-join", lang, merge(merge(base.clone(), json!({ "reason": why })), extra), now)?;
            Ok(answered("refusal-join", from, Some(gid.clone()), None))
        };
        // A flood of registrations from forged addresses must not make the
        // referee mail them all: beyond the limits, nothing is answered.
        // (Not for this very message handled again after a crash.)
        let again = g.meta.families.values().any(|f| f.registered_by.as_deref() == Some(key));
        if let Some(why) = self.registration_rate(from, g, now).filter(|_| !again) {
            return Ok(Outcome::Silenced { reason: why });
        }
        if !g.meta.registration_open || g.meta.finished {
            return refuse("closed", json!({}));
        }
        if let Some(max) = gc.and_then(|c| c.max_families).filter(|m| g.meta.families.len() >= *m as usize && !again) {
            return refuse("full", json!({ "max": max }));
        }
        if fkey.is_empty() || name.chars().count() > 40 || !name.chars().all(|c| c.is_alphanumeric() || " -'".contains(c)) {
            return refuse("bad-name", json!({}));
        }
        // The key names the family's files (orders, reports): 40 CJK letters
        // are too long once encoded, and every later write would fail.
        if crate::store::family_file_name(&fkey).is_err() {
            return refuse("bad-name", json!({}));
        }
        if let Some(existing) = g.meta.families.get(&fkey) {
            if existing.registered_by.as_deref() == Some(key) {
                // This very message registered the family before a crash:
                // queue the same welcome again (its id makes it a no-op if
                // it was queued or sent) rather than refusing the name.
                let (pw, form) = (password::derive(&self.secret, &[&gid, &fkey, key]), g.engine.order_form(&g.state, &fkey)?);
                self.queue_welcome(key, m, from, lang, g, &fkey, &name, &pw, form, now)?;
                return Ok(answered("welcome", from, Some(gid), Some(fkey)));
            }
            return refuse("taken", json!({}));
        }
        // "Atreіdes" with a Cyrillic і beside "Atreides": two names a reader
        // cannot tell apart (Unicode's confusable skeletons, UTS #39).
        if let Some(existing) = g.meta.families.values().find(|f| text::confusable(&f.name, &name)) {
            return refuse("confusable", json!({ "existing": existing.name }));
        }
        if let Some((_, existing)) = g.meta.family_by_address(from) {
            let rejoin_ok = existing.pnj && gc.map_or(true, |c| c.allow_new_family_after_pnj);
            if !rejoin_ok {
                return refuse("already", json!({ "existing": existing.name }));
            }
        }
        // A request holds no seat until its address confirms it.
        if gc.is_none_or(|c| c.registration_confirm) {
            use super::join::{Confirmation, PendingJoin, Request};
            match code {
                None => {
                    let code = self.join_code(&gid, &fkey, from, key);
                    let pending = PendingJoin { name: name.clone(), address: from.to_ascii_lowercase(), lang: lang.to_string(), requested_at: now, by: key.to_string() };
                    let asked = super::join::request(&mut g.meta, code, pending, now);
                    self.write_meta(&g.meta)?;
                    return match asked {
                        Request::Silent(reason) => Ok(Outcome::Silenced { reason }),
                        Request::Mail(code) => {
                            self.queue(
                                Draft {
                                    id: format!("join-confirm-{key}"),
                                    to: vec![from.to_string()],
                                    subject: String::new(),
                                    template: "common/join-confirm",
                                    lang,
                                    context: json!({ "game": gid, "family": name, "code": code, "hours": super::join::CONFIRM_WITHIN.as_hours() }),
                                    threading: Threading { reply_to: Some(m) },
                                    auto_submitted: "auto-replied",
                                    attachments: vec![],
                                },
                                now,
                            )?;
                            Ok(answered("join-confirm", from, Some(gid), None))
                        }
                    };
                }
                Some(code) => match super::join::confirm(&mut g.meta, &code, &fkey, from, now) {
                    // Registered under the name as first asked.
                    Confirmation::Good(p) => name = p.name,
                    Confirmation::Wrong => return refuse("bad-code", json!({ "hours": super::join::CONFIRM_WITHIN.as_hours() })),
                    Confirmation::Stranger => {
                        // Expired requests were dropped on the way.
                        self.write_meta(&g.meta)?;
                        return Ok(Outcome::Silenced { reason: format!("a registration code from {from}, which asked for none (or too long ago)") });
                    }
                },
            }
        }
        if let Err(why) = g.engine.register(&mut g.state, &fkey, &name)? {
            return refuse("ruleset", json!({ "detail": why.render(crate::i18n::Lang::from_code(lang)) }));
        }
        // The password derives from the installation's secret key and this
        // message: unpredictable without the key, and the same if a crash
        // makes us handle the message again (the welcome mail already queued
        // then still carries the right password).
        let pw = password::derive(&self.secret, &[&gid, &fkey, key]);
        let record = FamilyRecord {
            name: name.clone(),
            address: from.to_ascii_lowercase(),
            password_sha256: password::hash(&gid, &fkey, &pw),
            lang: lang.to_string(),
            registered_turn: g.meta.turn,
            registration_seq: g.meta.families.len() as u32,
            statuses: Default::default(),
            onr_streak: 0,
            pnj: false,
            removed: false,
            registered_by: Some(key.to_string()),
            resigned: None,
            password_generation: 0,
            absence: None,
            absence_days_used: 0,
            registered_at: Some(now),
            password_reset: None,
            address_change: None,
        };
        g.meta.families.insert(fkey.clone(), record);
        let form = g.engine.order_form(&g.state, &fkey)?;
        self.queue_welcome(key, m, from, lang, g, &fkey, &name, &pw, form, now)?;
        self.write_meta(&g.meta)?;
        Ok(answered("welcome", from, Some(gid), Some(fkey)))
    }

    #[allow(clippy::too_many_arguments)]
    fn queue_welcome(
        &self,
        key: &str,
        m: &Incoming,
        from: &str,
        lang: &str,
        g: &OpenGame,
        fkey: &str,
        name: &str,
        pw: &str,
        form: Vec<crate::game::FormLine>,
        now: Timestamp,
    ) -> Result<()> {
        let rules = self.rules_attachment(&g.meta.ruleset);
        let rules_url = self.config.web.as_ref().filter(|_| rules.is_some()).map(|w| format!("{}/g/{}/rules.txt", w.public_url, g.meta.id));
        let (deadline_text, time_left, _) = self.deadline_words(g, lang, now);
        let guide_url = self.config.web.as_ref().filter(|_| self.ruleset_guide(&g.meta.ruleset, lang).is_some()).map(|w| format!("{}/g/{}/guide/{lang}", w.public_url, g.meta.id));
        self.queue_secret(
            Draft {
                id: format!("welcome-{key}"),
                to: vec![from.to_string()],
                subject: String::new(),
                template: "common/welcome",
                lang,
                context: json!({ "game": g.meta.id, "family": name, "password": pw, "turn": g.meta.turn, "form": form.iter().map(|l| l.to_json(crate::i18n::Lang::from_code(lang))).collect::<Vec<_>>(), "ruleset": g.meta.ruleset, "deadline": deadline_text, "time_left": time_left,
                    "private_url": crate::web::link::private_url(self, &g.meta.id, fkey), "rules_url": rules_url.clone(),
                    "member": member_word(self, &g.meta.ruleset, lang).unwrap_or_else(|| if lang == "en" { "family" } else { "famille" }.to_string()),
                    "guide": self.ruleset_guide(&g.meta.ruleset, lang), "guide_url": guide_url }),
                threading: Threading { reply_to: Some(m) },
                auto_submitted: "auto-replied",
                // The rules as a link when the pages are served (a small
                // welcome), attached otherwise.
                attachments: rules
                    .filter(|_| rules_url.is_none())
                    .into_iter()
                    .chain(self.deadline_attachment(&g.meta.id, g.meta.turn, g.meta.deadline, lang, now))
                    .collect(),
            },
            now,
            &[pw.to_string()],
        )?;
        Ok(())
    }

    /// The orders of `ruleset` with examples, in `lang` (`<ruleset>/guide`),
    /// for the replies to `AIDE | HELP`.
    pub fn ruleset_guide(&self, ruleset: &str, lang: &str) -> Option<String> {
        let name = template_name(self, &format!("{ruleset}/guide"), lang, "txt")?;
        self.renderer.render(&name, &json!({})).ok().map(|s| s.trim_end().to_string())
    }

    /// Why a registration from `from` at `now` is over the limits of
    /// `[limits]` (families registered in the last 24 hours by this address,
    /// or from its domain, in every game), if it is.
    fn registration_rate(&self, from: &str, g: &OpenGame, now: Timestamp) -> Option<String> {
        let limits = &self.config.limits;
        let domain = |a: &str| a.rsplit_once('@').map(|(_, d)| d.to_ascii_lowercase()).unwrap_or_default();
        let (address, dom) = (from.to_ascii_lowercase(), domain(from));
        let day = jiff::SignedDuration::from_hours(24);
        let others: Vec<super::GameMeta> =
            self.game_ids().into_iter().filter(|id| *id != g.meta.id).filter_map(|id| self.read_meta(&id).ok().flatten()).collect();
        let recent: Vec<&FamilyRecord> = std::iter::once(&g.meta)
            .chain(others.iter())
            .flat_map(|m| m.families.values())
            .filter(|f| f.registered_at.is_some_and(|t| t <= now && now.duration_since(t) < day))
            .collect();
        let by_address = recent.iter().filter(|f| f.address == address).count();
        let by_domain = recent.iter().filter(|f| domain(&f.address) == dom).count();
        if limits.registrations_per_address > 0 && by_address >= limits.registrations_per_address as usize {
            return Some(format!("registration not answered: {address} registered {by_address} families in 24 hours ([limits] registrations_per_address = {})", limits.registrations_per_address));
        }
        if limits.registrations_per_domain > 0 && by_domain >= limits.registrations_per_domain as usize {
            return Some(format!("registration not answered: {by_domain} families registered from {dom} in 24 hours ([limits] registrations_per_domain = {})", limits.registrations_per_domain));
        }
        None
    }

    /// Why the From of `m` cannot be taken as its author, if it cannot.
    fn sender_doubt(&self, m: &Incoming) -> Option<SenderDoubt> {
        if m.from_count > 1 {
            return Some(SenderDoubt::SeveralFrom(m.from_count));
        }
        let id = self.config.auth.trusted_authserv_id.as_deref()?;
        let d = mail::authres::dmarc(m, id)?;
        d.fails_with_reject().then(|| SenderDoubt::DmarcReject(d.domain.unwrap_or_default()))
    }

    /// Answers the sender of a message that names no registered family,
    /// at its From address; when that address cannot be trusted to be the
    /// sender's (several From, DMARC failure), answering would send mail to
    /// whoever the From names: the message is silenced, the reason logged.
    fn answer_sender(&self, s: &Sender<'_>, kind: &str, ctx: Value, game: Option<String>) -> Result<Outcome> {
        if let Some(d) = s.doubt {
            return Ok(Outcome::Silenced { reason: format!("{kind} not answered: {}", d.describe()) });
        }
        self.reply(s.key, s.m, s.from, kind, s.lang, ctx, s.now)?;
        Ok(answered(kind, s.from, game, None))
    }

    /// The full rules text shipped in `rules/<ruleset>.txt`, as an attachment.
    fn rules_attachment(&self, ruleset: &str) -> Option<mail::Attachment> {
        let root = self.templates_dir().parent()?;
        let bytes = std::fs::read(root.join("rules").join(format!("{ruleset}.txt"))).ok()?;
        Some(mail::Attachment { filename: format!("regles-{ruleset}.txt"), content_type: "text/plain; charset=utf-8".into(), bytes, content_id: None })
    }

    /// The language of the family registered at `address` in a configured
    /// game (the first game that has one), if any.
    fn language_of_address(&self, address: &str) -> Option<String> {
        self.config.games.iter().find_map(|gc| {
            let meta = self.read_meta(&gc.id).ok().flatten()?;
            meta.families.values().find(|f| f.address.eq_ignore_ascii_case(address)).map(|f| f.lang.clone())
        })
    }

    /// Queues a reply built from `common/<kind>`.
    fn reply(&self, key: &str, m: &Incoming, to: &str, kind: &str, lang: &str, ctx: Value, now: Timestamp) -> Result<()> {
        let template = format!("common/{kind}");
        self.queue(
            Draft {
                id: format!("{kind}-{key}"),
                to: vec![to.to_string()],
                subject: String::new(),
                template: &template,
                lang,
                context: ctx,
                threading: Threading { reply_to: Some(m) },
                auto_submitted: "auto-replied",
                attachments: vec![],
            },
            now,
        )?;
        Ok(())
    }

    /// Queues diplomatic message `relay` for recipient `rkey` (at
    /// `raddress`, in `rlang`), with the token the recipient may answer it
    /// with (`REPONDRE`, `referee::life`).
    fn queue_relay(&self, g: &OpenGame, relay: &Relay<'_>, rkey: &FamilyKey, raddress: &str, rlang: &str, now: Timestamp) -> Result<()> {
        let gid = &g.meta.id;
        let mut context = json!({ "game": gid, "sender": if relay.anonymous { Value::Null } else { json!(relay.sender_name) }, "body": relay.body, "all": relay.all,
            "reply": relay.reply, "token": self.reply_token(gid, rkey, relay.sender, relay.key, relay.n) });
        if let Some(w) = member_word(self, &g.meta.ruleset, rlang) {
            context["member"] = json!(w);
        }
        let subject = match (relay.reply, rlang) {
            (false, "fr") => "Message diplomatique",
            (false, _) => "Diplomatic message",
            (true, "fr") => "Réponse à votre message diplomatique",
            (true, _) => "Reply to your diplomatic message",
        };
        self.queue_at(
            Draft {
                id: format!("relay-{}-{}-{}", relay.key, relay.n, self.relay_slot(relay.key, relay.n, rkey)),
                to: vec![raddress.to_string()],
                subject: format!("[{gid}] {subject}"),
                template: "common/relay",
                lang: rlang,
                context,
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            },
            now,
            relay.release,
        )?;
        Ok(())
    }

    /// The recipients of a diplomatic message: (family key, name, address,
    /// language), every live family but the sender for `TOUS`.
    fn relay_targets(&self, g: &OpenGame, sender: &FamilyKey, target: &MessageTarget) -> Vec<(FamilyKey, String, String, String)> {
        let live = g.meta.families.iter().filter(|(k, f)| *k != sender && !f.pnj);
        let lang = |l: &str| if l == "en" { "en".to_string() } else { "fr".to_string() };
        let one = |(k, f): (&FamilyKey, &super::FamilyRecord)| (k.clone(), f.name.clone(), f.address.clone(), lang(&f.lang));
        match target {
            MessageTarget::All => live.map(one).collect(),
            MessageTarget::Family(n) => {
                let k = text::key(n);
                live.filter(|(fk, _)| **fk == k).map(one).collect()
            }
        }
    }

    /// The ids of the games that exist (created), sorted.
    pub fn game_ids(&self) -> Vec<String> {
        let mut v: Vec<String> = self.config.games.iter().map(|g| g.id.clone()).filter(|id| self.read_meta(id).ok().flatten().is_some()).collect();
        v.sort();
        v
    }

    fn game_list(&self) -> Vec<Value> {
        self.game_ids()
            .into_iter()
            .filter_map(|id| self.read_meta(&id).ok().flatten())
            .map(|m| {
                // The ruleset is asked (its state loaded) only where the
                // referee's switch leaves registration open.
                let open = m.registration_open && !m.finished && self.open_game(&m.id).and_then(|g| g.registration_open()).unwrap_or(false);
                json!({ "id": m.id, "ruleset": m.ruleset, "registration_open": open, "turn": m.turn })
            })
            .collect()
    }

    /// Matches a written game id to a configured one, ignoring case and accents.
    fn resolve_game_id(&self, written: &str) -> Option<String> {
        let k = text::key(written);
        self.config.games.iter().find(|g| text::key(&g.id) == k).map(|g| g.id.clone())
    }
}

/// After a refusal of authentication is mailed to a family, the next ones
/// within this time are only logged.
pub const AUTH_REFUSAL_QUIET: jiff::SignedDuration = jiff::SignedDuration::from_hours(1);

/// Why a message's From cannot be taken as its author.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SenderDoubt {
    /// Two `From` headers, or one with several addresses.
    SeveralFrom(usize),
    /// The trusted server found DMARC failing for this domain, which
    /// publishes a rejecting policy.
    DmarcReject(String),
}

impl SenderDoubt {
    /// The `reason` of the `refusal-auth` template.
    fn reason(&self) -> &'static str {
        match self {
            SenderDoubt::SeveralFrom(_) => "several-from",
            SenderDoubt::DmarcReject(_) => "dmarc",
        }
    }

    /// For the log.
    fn describe(&self) -> String {
        match self {
            SenderDoubt::SeveralFrom(n) => format!("{n} From addresses, no single sender to answer"),
            SenderDoubt::DmarcReject(d) => format!("DMARC fails for the From domain {d:?}, which publishes p=reject: the From may be forged"),
        }
    }
}

/// A diplomatic message to relay (`MESSAGE`, `REPONDRE`): the incoming
/// message's archive key and the command's rank in it, who sent it, what.
struct Relay<'a> {
    key: &'a str,
    n: usize,
    sender: &'a FamilyKey,
    sender_name: &'a str,
    anonymous: bool,
    body: &'a str,
    all: bool,
    /// An answer to a relayed message (`REPONDRE`).
    reply: bool,
    /// When an anonymous one leaves.
    release: Option<Timestamp>,
}

/// The sender of a message and how to answer it.
struct Sender<'a> {
    key: &'a str,
    m: &'a Incoming,
    from: &'a str,
    lang: &'a str,
    doubt: Option<&'a SenderDoubt>,
    now: Timestamp,
}

pub(super) fn answered(kind: &str, to: &str, game: Option<String>, family: Option<String>) -> Outcome {
    Outcome::Answered { kind: kind.to_string(), to: to.to_string(), game, family }
}

/// One line's verdict for the acknowledgement's template, its reason in
/// the reader's language (`fr` or `en`).
pub(crate) fn verdict_json(v: &LineVerdict, lang: &str) -> Value {
    match &v.outcome {
        LineOutcome::Accepted { .. } => {
            let echo = v.outcome.echo(crate::i18n::Lang::from_code(lang));
            json!({ "no": v.line.no, "text": v.line.text, "ok": true, "canonical": echo })
        }
        LineOutcome::Rejected { reason, suggestion } => {
            let reason = reason.render(crate::i18n::Lang::from_code(lang));
            json!({ "no": v.line.no, "text": v.line.text, "ok": false, "reason": reason, "suggestion": suggestion })
        }
    }
}

/// Merges the keys of `extra` into `base` (both objects).
pub fn merge(mut base: Value, extra: Value) -> Value {
    merge_into(&mut base, extra);
    base
}

pub fn merge_into(base: &mut Value, extra: Value) {
    if let (Value::Object(b), Value::Object(e)) = (base, extra) {
        for (k, v) in e {
            b.insert(k, v);
        }
    }
}

/// A PNJ seat's player sent valid orders: the seat is theirs again, its ONR
/// streak starting afresh (RULINGS.md, "PNJ seats"). Whether it changed.
fn take_seat_back(meta: &mut super::GameMeta, family: &FamilyKey) -> bool {
    match meta.families.get_mut(family) {
        Some(f) if f.pnj => {
            f.pnj = false;
            f.onr_streak = 0;
            tracing::info!(game = %meta.id, %family, "a PNJ seat's player took it back");
            true
        }
        _ => false,
    }
}
