//! The referee's commands on one family (`arbitre family …`).

use jiff::Timestamp;
use serde_json::json;

use super::replies::{Draft, Threading};
use super::{password, Referee, RefereeError, Result};

impl Referee {
    /// Gives family `family` of game `game` a new password (the old one no
    /// longer works) and mails it to the family's registered address; the
    /// outbox's copy loses it once sent. Returns the outbox id of the mail.
    ///
    /// The password derives from the installation's secret, the game, the
    /// family and a generation counted in `game.json`: the new hash and the
    /// mail are committed together (one write group), so a crash leaves
    /// either neither or both, and the command run again issues the next one.
    pub fn new_password(&self, game: &str, family: &str, now: Timestamp) -> Result<String> {
        let dir = self.store.game(game)?;
        let _lock = dir.lock()?;
        self.store.check_no_unfinished_run(game)?;
        let mut g = self.open_game(game)?;
        let key = family_key(&g.meta, game, family)?;
        let fam = g.meta.families.get_mut(&key).expect("checked");
        fam.password_generation += 1;
        let generation = fam.password_generation;
        let pw = password::derive(&self.secret, &[game, &key, "reissued", &generation.to_string()]);
        fam.password_sha256 = password::hash(game, &key, &pw);
        fam.password_reset = None;
        let (name, address, lang) = (fam.name.clone(), fam.address.clone(), if fam.lang == "en" { "en" } else { "fr" });
        let id = format!("password-{game}-{key}-{generation}");
        let group = crate::store::Group::new();
        group.enter(|| -> Result<()> {
            self.write_meta(&g.meta)?;
            super::refusals::AuthRefusals::read(&self.store, game)?.forget(&self.store, game, &key)?;
            self.queue_secret(
                Draft {
                    id: id.clone(),
                    to: vec![address],
                    subject: format!("[{game}] {}", if lang == "en" { "New password" } else { "Nouveau mot de passe" }),
                    template: "common/password",
                    lang,
                    context: json!({ "game": game, "family": name, "password": pw }),
                    threading: Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: vec![],
                },
                now,
                std::slice::from_ref(&pw),
            )?;
            Ok(())
        })?;
        group.commit().map_err(crate::store::StoreError::io(dir.path()))?;
        tracing::info!(%game, family = %key, generation, "new password issued and mailed");
        Ok(super::replies::outbox_id(&id))
    }
}

/// What `family remove` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Removal {
    /// The seat is PNJ from the open turn on (outbox item of the notice).
    Pnj(String),
    /// The family had registered during the open turn: its registration is
    /// undone and the seat free (outbox item of the notice).
    Cancelled(String),
}

/// Which of the referee's seat commands (`family move|replace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatChange {
    /// The same player at a new address: the password stays.
    Move,
    /// A new player at a new address: a new password, the old link revoked.
    Replace,
}

impl Referee {
    /// `arbitre family move|replace`: gives family `family`'s seat a new
    /// address. The new address must be a mail address not already playing
    /// in the game; a PNJ or resigned seat cannot be handed on (rule 0.4: PNJ
    /// is irreversible). The new address is mailed (for `Replace`, a welcome
    /// with a new password and the form), the old one told it no longer
    /// receives the family's mail; all in one write group with `game.json`.
    /// Returns the outbox ids of the two mails (new address first).
    pub fn change_seat(&self, game: &str, family: &str, new_address: &str, change: SeatChange, now: Timestamp) -> Result<(String, String)> {
        let address = valid_address(new_address).ok_or_else(|| RefereeError::Invalid(format!("{new_address:?} is not a mail address")))?;
        let key = {
            let meta = self.read_meta(game)?.ok_or_else(|| RefereeError::NoSuchGame(game.into()))?;
            family_key(&meta, game, family)?
        };
        if change == SeatChange::Replace {
            // The old player's private page stops working (it takes the
            // game's lock itself, so before ours).
            crate::web::link::revoke(self, game, &key)?;
        }
        let dir = self.store.game(game)?;
        let _lock = dir.lock()?;
        self.store.check_no_unfinished_run(game)?;
        let mut g = self.open_game(game)?;
        let key = family_key(&g.meta, game, family)?;
        let tag = format!("{game}-{key}-{address}-{}", now.as_second());
        let group = crate::store::Group::new();
        let ids = group.enter(|| self.move_seat(&mut g, &key, &address, change, &tag, false, now))?;
        group.commit().map_err(crate::store::StoreError::io(dir.path()))?;
        Ok(ids)
    }

    /// Gives the seat of family `key` (in `g`, locked by the caller) the
    /// address `address` (lower case, checked): writes `game.json` and
    /// queues the mails to both addresses (in the caller's write group),
    /// under ids derived from `tag`. `asked`: the player asked for it
    /// (`ADRESSE`, confirmed from the new address), not the referee. A
    /// change of address the player asked for and that was waiting is
    /// dropped. Returns the outbox ids of the two mails (new address first).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn move_seat(&self, g: &mut super::OpenGame, key: &str, address: &str, change: SeatChange, tag: &str, asked: bool, now: Timestamp) -> Result<(String, String)> {
        let game = g.meta.id.clone();
        let game = game.as_str();
        if let Some((other, _)) = g.meta.families.iter().find(|(_, f)| f.address == address) {
            return Err(RefereeError::Invalid(format!("{address} already plays family {} in game {game}", g.meta.families[other].name)));
        }
        let form = if change == SeatChange::Replace { Some(g.engine.order_form(&g.state, &key.to_string())?) } else { None };
        let (deadline, time_left, _) = self.deadline_words(g, if g.meta.families.get(key).is_some_and(|f| f.lang == "en") { "en" } else { "fr" }, now);
        let ruleset = g.meta.ruleset.clone();
        let turn = g.meta.turn;
        // The new address no longer follows the game: it plays.
        g.meta.followers.remove(address);
        let fam = g.meta.families.get_mut(key).ok_or_else(|| RefereeError::Invalid(format!("game {game} has no family {key:?}")))?;
        if fam.pnj || fam.resigned.is_some() {
            return Err(RefereeError::Invalid(format!("family {} of game {game} is {} (rule 0.4: no one takes its seat back)", fam.name, if fam.pnj { "PNJ" } else { "resigned" })));
        }
        let old = std::mem::replace(&mut fam.address, address.to_string());
        fam.address_change = None;
        let (name, lang) = (fam.name.clone(), if fam.lang == "en" { "en" } else { "fr" });
        let mut secrets = vec![];
        let mut context = json!({ "game": game, "family": name, "old_address": old, "new_address": address, "ruleset": ruleset, "turn": turn, "asked": asked });
        let (kind, id) = match change {
            SeatChange::Move => ("move", format!("seat-move-{tag}")),
            SeatChange::Replace => {
                fam.password_generation += 1;
                fam.onr_streak = 0;
                fam.password_reset = None;
                let pw = password::derive(&self.secret, &[game, key, "replaced", address, &fam.password_generation.to_string()]);
                fam.password_sha256 = password::hash(game, key, &pw);
                let l = crate::i18n::Lang::from_code(lang);
                let m = context.as_object_mut().expect("object");
                m.insert("password".into(), json!(pw));
                m.insert("form".into(), json!(form.unwrap_or_default().iter().map(|f| f.to_json(l)).collect::<Vec<_>>()));
                m.insert("deadline".into(), json!(deadline));
                m.insert("time_left".into(), json!(time_left));
                m.insert("private_url".into(), json!(crate::web::link::private_url(self, game, key)));
                secrets.push(pw);
                // The player who leaves follows the game to its end (its
                // public chronicle, then the final result).
                let follower = super::Follower { family: name.clone(), lang: lang.to_string(), since: turn };
                g.meta.followers.insert(old.clone(), follower);
                ("replace", format!("seat-replace-{tag}"))
            }
        };
        let subject = |fr: &str, en: &str| format!("[{game}] {}", if lang == "en" { en } else { fr });
        self.write_meta(&g.meta)?;
        super::refusals::AuthRefusals::read(&self.store, game)?.forget(&self.store, game, &key.to_string())?;
        for (to, side, id, subject) in [
            (address.to_string(), "in", format!("{id}-in"), subject("Votre famille", "Your family")),
            (old.clone(), "out", format!("{id}-out"), subject("Vous ne recevez plus le courrier de la famille", "You no longer receive the family's mail")),
        ] {
            let mut ctx = context.clone();
            ctx.as_object_mut().expect("object").insert("kind".into(), json!(format!("{kind}-{side}")));
            if side == "out" {
                ctx.as_object_mut().expect("object").remove("password");
            }
            let draft = Draft {
                id,
                to: vec![to],
                subject,
                template: "common/seat",
                lang,
                context: ctx,
                threading: Threading::NONE,
                auto_submitted: "auto-generated",
                attachments: vec![],
            };
            if side == "in" { self.queue_secret(draft, now, &secrets)? } else { self.queue(draft, now)? };
        }
        tracing::info!(%game, family = %key, %old, new = %address, ?change, asked, "seat given a new address");
        Ok((super::replies::outbox_id(&format!("{id}-in")), super::replies::outbox_id(&format!("{id}-out"))))
    }
}

/// `written` as a mail address a seat may be given (lower case), if it is one.
pub fn valid_address(written: &str) -> Option<String> {
    let address = written.trim().to_ascii_lowercase();
    let ok = address.len() <= 254 && !address.contains(['\r', '\n']) && address.contains('@') && address.parse::<lettre::message::Mailbox>().is_ok();
    ok.then_some(address)
}

/// The key of `family` (its key, or its name as players write it) in `meta`.
fn family_key(meta: &super::GameMeta, game: &str, family: &str) -> Result<String> {
    let key = if meta.families.contains_key(family) { family.to_string() } else { crate::text::key(family) };
    if !meta.families.contains_key(&key) {
        let known: Vec<&str> = meta.families.values().map(|f| f.name.as_str()).collect();
        return Err(RefereeError::Invalid(format!("game {game} has no family {family:?} (families: {})", known.join(", "))));
    }
    Ok(key)
}

impl Referee {
    /// `arbitre family remove`: family `family` leaves game `game`. Once a
    /// turn was played it becomes PNJ from the open turn on (rule 0.4,
    /// irreversible), played as the game's `pnj` setting says (default
    /// orders, the robot, or forfeit), its orders of the open turn no longer
    /// count; its address is told. A family registered during the open turn
    /// (every family at turn 0) is in no stored state yet: its registration
    /// is cancelled instead and the seat is free again
    /// (`cancel_registration`). Returns which, with the outbox id
    /// of the notice.
    pub fn remove_family(&self, game: &str, family: &str, now: Timestamp) -> Result<Removal> {
        let dir = self.store.game(game)?;
        let _lock = dir.lock()?;
        self.store.check_no_unfinished_run(game)?;
        let mut g = self.open_game(game)?;
        let key = family_key(&g.meta, game, family)?;
        if g.meta.families[&key].registered_turn == g.meta.turn {
            return self.cancel_registration(g, &dir, key, now).map(Removal::Cancelled);
        }
        let pnj_mode = self.game_config(game).map_or(crate::config::PnjMode::Default, |c| c.pnj);
        let fam = g.meta.families.get_mut(&key).expect("checked");
        if fam.pnj || fam.resigned.is_some() {
            return Err(RefereeError::Invalid(format!("family {} of game {game} already left ({})", fam.name, if fam.pnj { "PNJ" } else { "resigned" })));
        }
        fam.pnj = true;
        fam.removed = true;
        let (name, address, lang) = (fam.name.clone(), fam.address.clone(), if fam.lang == "en" { "en" } else { "fr" });
        let id = format!("seat-remove-{game}-{key}-{}", g.meta.turn_tag(g.meta.turn));
        let group = crate::store::Group::new();
        group.enter(|| -> Result<()> {
            self.write_meta(&g.meta)?;
            self.queue(
                Draft {
                    id: id.clone(),
                    to: vec![address],
                    subject: format!("[{game}] {}", if lang == "en" { "You no longer play" } else { "Vous ne jouez plus" }),
                    template: "common/seat",
                    lang,
                    context: json!({ "kind": "remove", "game": game, "family": name, "turn": g.meta.turn, "pnj_mode": pnj_mode }),
                    threading: Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: vec![],
                },
                now,
            )?;
            Ok(())
        })?;
        group.commit().map_err(crate::store::StoreError::io(dir.path()))?;
        tracing::info!(%game, family = %key, ?pnj_mode, "family removed by the referee: PNJ from the open turn");
        Ok(Removal::Pnj(super::replies::outbox_id(&id)))
    }

    /// `family remove` of a family registered during the open turn: it is in
    /// no stored state yet (the open turn's state is its snapshot plus the
    /// registrations of `game.json`, [`Referee::effective_state`]), so the
    /// registration is undone and the seat is free again: its record, its
    /// orders of the turn and its private link go; the address is told.
    fn cancel_registration(&self, mut g: super::OpenGame, dir: &crate::store::GameDir, key: String, now: Timestamp) -> Result<String> {
        let game = g.meta.id.clone();
        let turn = g.meta.turn;
        let fam = g.meta.families.remove(&key).expect("checked");
        g.meta.waiting.remove(&key);
        g.meta.confirmed.remove(&key);
        let lang = if fam.lang == "en" { "en" } else { "fr" };
        let id = format!("seat-cancel-{game}-{key}-{}-{}", g.meta.turn_tag(turn), fam.registration_seq);
        let group = crate::store::Group::new();
        group.enter(|| -> Result<()> {
            self.write_meta(&g.meta)?;
            dir.remove_orders(turn, &key)?;
            // A later registration under the same name gets another link.
            crate::web::link::bump_generation(dir, &key)?;
            self.queue(
                Draft {
                    id: id.clone(),
                    to: vec![fam.address.clone()],
                    subject: format!("[{game}] {}", if lang == "en" { "Registration cancelled" } else { "Inscription annulée" }),
                    template: "common/seat",
                    lang,
                    context: json!({ "kind": "cancel", "game": game, "family": fam.name, "turn": turn }),
                    threading: Threading::NONE,
                    auto_submitted: "auto-generated",
                    attachments: vec![],
                },
                now,
            )?;
            Ok(())
        })?;
        group.commit().map_err(crate::store::StoreError::io(dir.path()))?;
        self.forget(&game);
        tracing::info!(%game, family = %key, turn, "registration cancelled by the referee: the seat is free");
        Ok(super::replies::outbox_id(&id))
    }
}
