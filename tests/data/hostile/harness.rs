//! A referee over a throw-away data directory, with games that players
//! really joined through the mail pipeline (registration mails, passwords
//! read back from the welcome mails) and, when asked, a first turn played
//! (sample orders mailed in, adjudicated at the deadline), so that mails
//! for registered families reach the authenticated paths.
//!
//! Shared by `tests/hostile_mail.rs` and `tests/security.rs`
//! (`#[path = "data/hostile/harness.rs"] mod harness;`).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arbitre::dice::Dice;
use arbitre::mail::{self, Outgoing};
use arbitre::referee::adjudication::Mode;
use arbitre::referee::intake::Outcome;
use arbitre::referee::Referee;
use arbitre::store::OutboxState;
use jiff::{SignedDuration, Timestamp};

pub const REFEREE: &str = "arbitre@referee.test";
pub const STEL: &str = "stel";
pub const GAL: &str = "gal";

/// A registered family and what its player knows.
#[derive(Debug, Clone)]
pub struct Family {
    pub game: String,
    pub name: String,
    pub key: String,
    pub address: String,
    pub password: String,
}

pub struct World {
    pub dir: tempfile::TempDir,
    pub referee: Referee,
    /// Families by game then key.
    pub families: BTreeMap<String, BTreeMap<String, Family>>,
    /// A time before the open turns' deadlines.
    pub now: Timestamp,
    seq: std::cell::Cell<u32>,
}

/// The crate's `templates/` (the fuzz crate includes this file from `fuzz/`).
pub fn templates_dir() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let t = here.join("templates");
    if t.is_dir() {
        t
    } else {
        here.join("..").join("templates")
    }
}

fn config_text() -> String {
    format!(
        r#"data_dir = "data"
referee_address = "{REFEREE}"
referee_name = "Arbitre (tests)"
admin_address = "referee-admin@referee.test"

[transport]
kind = "maildir"
inbox = "mail/inbox"
outgoing = "mail/outgoing"

[[games]]
id = "{STEL}"
ruleset = "stellarium"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 7

[games.settings]
turns = 5

[[games]]
id = "{GAL}"
ruleset = "galaxy"
time_zone = "Europe/Paris"
deadline = "weekly sunday 20:00"
registration_open = true
# Registrations are taken at once here (the confirmation round trip is tested in tests/registration.rs).
registration_confirm = false
seed = 11

[games.settings]
players = 3
turns = 20
size = 12
stars = 30
"#
    )
}

/// Which families join, per game.
pub const STEL_FAMILIES: &[(&str, &str)] = &[("Atréides", "leto@players.test"), ("Harkonnen", "vlad@players.test"), ("Corrino", "shaddam@players.test")];
pub const GAL_FAMILIES: &[(&str, &str)] = &[("Orion", "orion@players.test"), ("Vega", "vega@players.test"), ("Lyra", "lyra@players.test")];

impl World {
    /// A referee with both games created and their families registered.
    /// With `played`, turn 0 of each game is played (everyone sends the
    /// sample orders) so that turn 1 is open: founded families with
    /// characters (Stellarium), a generated galaxy with fleets (Galaxy).
    pub fn new(played: bool) -> World {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("config.toml"), config_text()).expect("config");
        std::fs::create_dir_all(dir.path().join("data")).expect("data dir");
        std::fs::write(dir.path().join("data/secret.key"), [42u8; 32]).expect("secret");
        let cfg = arbitre::config::load(&dir.path().join("config.toml")).expect("valid config");
        let referee = Referee::new(cfg, templates_dir()).expect("referee");
        let now: Timestamp = "2026-01-05T09:00:00Z".parse().expect("ts");
        referee.create_game(STEL, None, now).expect("create stel");
        referee.create_game(GAL, None, now).expect("create gal");
        let mut w = World { dir, referee, families: BTreeMap::new(), now, seq: std::cell::Cell::new(0) };
        for (game, list) in [(STEL, STEL_FAMILIES), (GAL, GAL_FAMILIES)] {
            for (name, address) in list {
                w.join(game, name, address);
            }
        }
        if played {
            w.play_turn(STEL);
            w.play_turn(GAL);
        }
        w
    }

    pub fn data(&self) -> &Path {
        &self.referee.config.data_dir
    }

    /// A unique Message-ID.
    pub fn next_id(&self, tag: &str) -> String {
        let n = self.seq.get() + 1;
        self.seq.set(n);
        format!("{tag}-{n}@players.test")
    }

    fn join(&mut self, game: &str, name: &str, address: &str) {
        let id = self.next_id("join");
        let raw = player_mail(address, name, &id, "Inscription", &format!("PARTIE {game}\nINSCRIPTION {name}\n"), self.now);
        let out = self.referee.handle_mail(&raw, self.now).expect("join handled");
        let key = arbitre::text::key(name);
        assert!(matches!(&out, Outcome::Answered { kind, .. } if kind == "welcome"), "{name} could not join {game}: {out:?}");
        let archive_key = arbitre::store::ArchiveKey::for_message(Some(&id), &raw);
        let welcome_id = arbitre::referee::replies::outbox_id(&format!("welcome-{archive_key}"));
        let welcome = self.referee.store.outbox().raw(&welcome_id).expect("outbox").expect("welcome queued");
        let text = mail::decode(&welcome, &mail::Limits::default()).expect("welcome decodes").text;
        let password = text
            .lines()
            .find_map(|l| {
                let mut w = l.split_whitespace();
                match (w.next(), w.next()) {
                    (Some("MOTDEPASSE" | "PASSWORD"), Some(pw)) if pw != "..." => Some(pw.to_string()),
                    _ => None,
                }
            })
            .expect("password in the welcome mail");
        self.families.entry(game.to_string()).or_default().insert(
            key.clone(),
            Family { game: game.into(), name: name.into(), key, address: address.into(), password },
        );
    }

    pub fn family(&self, game: &str, key: &str) -> &Family {
        &self.families[game][key]
    }

    /// Every family sends the ruleset's sample orders, then the turn is
    /// adjudicated a minute after its deadline; `now` moves to 30 hours
    /// before the next deadline.
    pub fn play_turn(&mut self, game: &str) {
        let g = self.referee.open_game(game).expect("open game");
        let deadline = g.meta.deadline.expect("deadline");
        let at = deadline.checked_sub(SignedDuration::from_hours(30)).expect("time");
        let fams: Vec<Family> = self.families[game].values().cloned().collect();
        for (i, f) in fams.iter().enumerate() {
            let mut dice = Dice::for_turn(1000 + i as u64, g.meta.turn);
            let lines = g.engine.sample_orders(&g.state, &f.key, &mut dice).expect("sample orders");
            let body = format!("PARTIE {game}\nFAMILLE {}\nMOTDEPASSE {}\n{}\nFIN\n", f.name, f.password, lines.join("\n"));
            let id = self.next_id("orders");
            let raw = player_mail(&f.address, &f.name, &id, "Ordres", &body, at);
            let out = self.referee.handle_mail(&raw, at).expect("orders handled");
            assert!(matches!(&out, Outcome::Answered { kind, .. } if kind == "ack"), "{out:?}");
        }
        let after = deadline.checked_add(SignedDuration::from_mins(1)).expect("time");
        let mut s = self.referee.adjudicate(game, Mode::Deadline, after).expect("adjudicate");
        if s.held.is_some() {
            s = self.referee.adjudicate(game, Mode::Force, after).expect("adjudicate");
        }
        assert!(!s.finished);
        let g = self.referee.open_game(game).expect("open game");
        self.now = g.meta.deadline.expect("deadline").checked_sub(SignedDuration::from_hours(30)).expect("time");
    }

    /// Every outbox item (any state): id and recipients.
    pub fn outbox(&self) -> BTreeMap<String, Vec<String>> {
        let ob = self.referee.store.outbox();
        let mut all = BTreeMap::new();
        for st in [OutboxState::New, OutboxState::Sent, OutboxState::Failed] {
            for m in ob.list(st).expect("outbox list") {
                all.insert(m.id.clone(), m.recipients.clone());
            }
        }
        all
    }

    /// The ids of every outbox item (any state), from the file names only.
    pub fn outbox_ids(&self) -> std::collections::BTreeSet<String> {
        let root = self.referee.store.outbox_dir();
        let mut ids = std::collections::BTreeSet::new();
        for d in ["new", "cur", "failed"] {
            let Ok(rd) = std::fs::read_dir(root.join(d)) else { continue };
            for e in rd.flatten() {
                if let Some(id) = e.file_name().to_str().and_then(|n| n.strip_suffix(".json")) {
                    ids.insert(id.to_string());
                }
            }
        }
        ids
    }

    /// The recipients of an outbox item.
    pub fn recipients(&self, id: &str) -> Vec<String> {
        self.referee.store.outbox().get(id).expect("outbox").map(|(_, m)| m.recipients).unwrap_or_default()
    }

    /// Every registered address, lower-case.
    pub fn registered_addresses(&self) -> Vec<String> {
        self.families.values().flat_map(|m| m.values().map(|f| f.address.to_ascii_lowercase())).collect()
    }

    /// Byte copies of what a mail must not change when it is refused: every
    /// game's game.json, state snapshots (`turns/N/state.json`) and orders
    /// (`turns/N/orders/*`).
    pub fn game_files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut out = BTreeMap::new();
        collect(&self.data().join("games"), &mut out);
        out.retain(|p, _| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let parent = p.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()).unwrap_or("");
            name == "game.json" || name == "state.json" || parent == "orders"
        });
        out
    }
}

fn collect(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "reports") {
                continue;
            }
            collect(&p, out);
        } else if let Ok(b) = std::fs::read(&p) {
            out.insert(p, b);
        }
    }
}

/// A player's mail as a mail client would write it.
pub fn player_mail(from: &str, name: &str, message_id: &str, subject: &str, body: &str, date: Timestamp) -> Vec<u8> {
    mail::compose(&Outgoing {
        from_name: name.into(),
        from: from.into(),
        to: vec![REFEREE.into()],
        subject: subject.into(),
        message_id: message_id.into(),
        in_reply_to: None,
        references: vec![],
        date,
        auto_submitted: "no",
        text: body.into(),
        html: None,
        attachments: vec![],
        loop_token: String::new(),
        journal: String::new(),
    })
    .expect("compose")
}

/// Peak resident set size of this process so far (VmHWM), in KiB.
pub fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}
