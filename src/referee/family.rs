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
        let key = if g.meta.families.contains_key(family) { family.to_string() } else { crate::text::key(family) };
        let Some(fam) = g.meta.families.get_mut(&key) else {
            return Err(RefereeError::Invalid(format!("game {game} has no family {family:?}")));
        };
        fam.password_generation += 1;
        let generation = fam.password_generation;
        let pw = password::derive(&self.secret, &[game, &key, "reissued", &generation.to_string()]);
        fam.password_sha256 = password::hash(game, &key, &pw);
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
