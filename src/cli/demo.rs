//! `arbitre demo`: a whole game played by simulated players who send real
//! mails (RFC 5322, composed like a mail client's) through the embedded
//! Maildir transport, read their replies there, and answer with orders.
//! Everything is left under `--out`: the configuration, the game's data
//! directory (states, orders, audit logs, reports, maps), and every mail
//! sent and received. The same seed gives the same game.
//!
//! Players: most send complete orders every turn; one sends only half its
//! orders (OPR; in Stellarium he is also careless: a misspelt name, an
//! unknown item; in Galaxy: a fleet he does not have, a misspelt order); one writes in English; one stops after its first turn
//! (ONR); one never sends anything after registering (ONR, then PNJ).
//!
//! `--lang en` makes the game English (its `language`) and every simulated
//! player write in English, so every family reads English; the default,
//! `fr`, keeps one English-speaking player among French ones (from five
//! players; Stellar's second player).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;
use jiff::{SignedDuration, Timestamp};

use crate::dice::Dice;
use crate::game::OrderStatus;
use crate::mail::Outgoing;
use crate::referee::adjudication::Mode;
use crate::referee::Referee;
use crate::transport::{Mailbox, MaildirMailbox, MaildirSender, Sender};

/// Stellar's own demo (two players, one mover per step).
mod stellar;

#[derive(Debug, Args)]
pub struct DemoArgs {
    /// `stellarium`, `galaxy`, `stellar`, `stellium` or `galactic-destiny`.
    #[arg(long, default_value = "stellarium")]
    ruleset: String,
    #[arg(long, default_value_t = 6)]
    players: u32,
    #[arg(long, default_value_t = 3)]
    turns: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output folder (created; a previous demo there is replaced).
    #[arg(long, default_value = "demo-out")]
    out: PathBuf,
    /// `fr` or `en`: the game's language, and the language every simulated
    /// player writes in with `en` (with `fr`, one player still writes in
    /// English).
    #[arg(long, default_value = "fr", value_parser = ["fr", "en"])]
    lang: String,
}

const MARKER: &str = ".arbitre-demo";
pub(super) const GAME: &str = "demo";
const FAMILY_NAMES: &[&str] = &[
    "Atréides", "Harkonnen", "Corrino", "Ordos", "Vernius", "Richèse", "Moritani", "Ecaz", "Ginaz", "Tseida", "Novebruns", "Mutelli",
    "Dyvetz", "Taligari", "Hagal", "Lindaren",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Diligent,
    English,
    Partial,
    Quitter,
    Silent,
}

pub(super) struct Player {
    pub(super) family: String,
    address: String,
    role: Role,
    /// Writes its mails in English (so its family reads English).
    pub(super) english: bool,
    pub(super) password: Option<String>,
    mails_read: std::collections::BTreeSet<PathBuf>,
}

pub fn run(templates: Option<&Path>, a: DemoArgs) -> anyhow::Result<()> {
    if !(2..=200).contains(&a.players) {
        anyhow::bail!("--players must be between 2 and 200");
    }
    if a.ruleset == "stellium" && a.players > 4 {
        anyhow::bail!("Stellium is played by 2 to 4 players (--players 2, 3 or 4)");
    }
    if a.ruleset == "galactic-destiny" && !(3..=6).contains(&a.players) {
        anyhow::bail!("Galactic Destiny is played by 3 to 6 parties (--players 3 to 6)");
    }
    prepare_out(&a.out)?;
    let config_path = a.out.join("config.toml");
    // A turn-based ruleset plays through early adjudication and orders in
    // advance (`demo_steps`; Stellar has its own players, `demo/stellar.rs`,
    // on the same schedule: Stellar and Stellium name no awaited seat while
    // players register).
    // Galactic Destiny awaits every party in each of its steps, none while
    // players register.
    let turn_based =
        a.ruleset == "stellar" || a.ruleset == "stellium" || a.ruleset == "galactic-destiny" || super::demo_steps::is_turn_based(&a.ruleset, a.seed);
    std::fs::write(&config_path, demo_config(&a, turn_based))?;
    std::fs::create_dir_all(a.out.join("data"))?;
    // A fixed secret key: the same seed gives the same passwords too.
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&a.seed.to_le_bytes());
    std::fs::write(a.out.join("data/secret.key"), key)?;
    let tdir = super::templates_dir(Path::new("."), templates);
    let cfg = crate::config::load(&config_path).map_err(|e| anyhow::anyhow!("demo configuration: {e}"))?;
    let referee = Referee::new(cfg, tdir)?;
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    if turn_based && a.ruleset != "stellar" {
        let mut players = players(a.players, a.english());
        // Stellium plays to its end (DERNIER TOUR), whatever `--turns` says;
        // Galactic Destiny plays `--turns` game turns of 2n + 5 steps each.
        let steps = match a.ruleset.as_str() {
            "stellium" => 2000,
            "galactic-destiny" => super::demo_gd::steps(a.turns, a.players),
            _ => a.turns,
        };
        let mut summary = rt.block_on(super::demo_steps::play(&referee, &mut players, steps, a.seed))?;
        if a.ruleset == "galactic-destiny" {
            summary.extend(super::demo_gd::summary(&referee.store.game(GAME)?.turns_dir())?);
        }
        return super::demo_steps::report(&a.out, &summary);
    }
    rt.block_on(play(&referee, &a))
}

impl DemoArgs {
    /// The arguments of `arbitre demo --ruleset R --players P --turns T --seed S --out DIR`.
    pub fn new(ruleset: &str, players: u32, turns: u32, seed: u64, out: PathBuf) -> DemoArgs {
        DemoArgs { ruleset: ruleset.to_string(), players, turns, seed, out, lang: "fr".to_string() }
    }

    /// The same, with the game and its players in `lang` (`fr` or `en`).
    pub fn with_lang(mut self, lang: &str) -> DemoArgs {
        self.lang = if lang == "en" { "en" } else { "fr" }.to_string();
        self
    }

    pub(super) fn english(&self) -> bool {
        self.lang == "en"
    }
}

fn prepare_out(out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        let empty = std::fs::read_dir(out)?.next().is_none();
        if !empty {
            if !out.join(MARKER).exists() {
                anyhow::bail!("{} exists and is not a previous demo's folder; choose another --out", out.display());
            }
            std::fs::remove_dir_all(out)?;
        }
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(out.join(MARKER), "made by `arbitre demo`; removed by the next demo here\n")?;
    Ok(())
}

/// Galaxy: the rules' 30×30 galaxy of 120 stars for 4 to 16 players (2.1);
/// above 16, a galaxy scaled to the same density (7.5 squares a star) and
/// the same stars per player as 16 players on the rules' board.
fn galaxy_settings(a: &DemoArgs) -> String {
    let turns = a.turns.max(20);
    if a.players <= 16 {
        return format!("players = {}\nturns = {turns}\n", a.players);
    }
    let stars = (a.players * 15).div_ceil(2);
    let size = ((stars as f64 * 7.5).sqrt().ceil() as u32).max(30);
    format!("players = {}\nturns = {turns}\nsize = {size}\nstars = {stars}\nscaled = true\n", a.players)
}

fn demo_config(a: &DemoArgs, turn_based: bool) -> String {
    let schedule = if turn_based {
        super::demo_steps::game_settings().to_string()
    } else {
        "deadline = \"weekly sunday 20:00\"\nreminders = [\"48h\"]\n".to_string()
    };
    let settings = match a.ruleset.as_str() {
        "galactic-destiny" => super::demo_gd::settings(a.turns),
        _ if turn_based => String::new(),
        "galaxy" => galaxy_settings(a),
        "stellar" => String::new(),
        // Stellarium's limit counts the turns after the foundation (30.1):
        // `--turns T` plays T adjudications, turn 0 included, to the end.
        _ => format!("turns = {}\n", a.turns.saturating_sub(1).max(1)),
    };
    format!(
        r#"# Written by `arbitre demo`.
data_dir = "data"
referee_address = "arbitre@demo.test"
referee_name = "{referee_name}"
admin_address = "referee@demo.test"

[transport]
kind = "maildir"
inbox = "mail/inbox"
outgoing = "mail/outgoing"

[[games]]
id = "{GAME}"
ruleset = "{ruleset}"
language = "{lang}"
time_zone = "Europe/Paris"
{schedule}registration_open = true
# Simulated players: registrations are taken at once, without the confirmation round trip.
registration_confirm = false
seed = {seed}

[games.settings]
{settings}"#,
        ruleset = a.ruleset,
        lang = a.lang,
        referee_name = if a.english() { "Referee (demo)" } else { "Arbitre (démo)" },
        seed = a.seed,
    )
}

/// The demo's mail folders and transport, its start instant, and the game
/// created then.
pub(super) struct Setup {
    pub(super) inbox_dir: PathBuf,
    pub(super) outgoing_dir: PathBuf,
    pub(super) mailbox: MaildirMailbox,
    pub(super) sender: MaildirSender,
    pub(super) now: Timestamp,
    pub(super) engine: Box<dyn crate::game::Engine>,
}

pub(super) fn setup(r: &Referee, seed: u64) -> anyhow::Result<Setup> {
    let (inbox_dir, outgoing_dir) = match &r.config.transport {
        crate::config::TransportConfig::Maildir { inbox, outgoing } => (inbox.clone(), outgoing.clone()),
        _ => anyhow::bail!("the demo runs on the embedded Maildir transport"),
    };
    let mailbox = MaildirMailbox::open(&inbox_dir)?;
    let sender = MaildirSender::new(&outgoing_dir);
    let now: Timestamp = "2026-01-05T09:00:00Z".parse()?;
    let created = r.create_game(GAME, Some(seed), now)?;
    let engine = crate::games::engine(&created.ruleset).ok_or_else(|| anyhow::anyhow!("no ruleset {}", created.ruleset))?;
    Ok(Setup { inbox_dir, outgoing_dir, mailbox, sender, now, engine })
}

/// The simulated players: most diligent; the second sends half its orders;
/// the third writes in English (from five players); the one before last
/// stops after the first turn (from four); the last never sends orders.
/// `english`: every player writes in English.
pub(super) fn players(count: u32, english: bool) -> Vec<Player> {
    let n = count as usize;
    (0..n)
        .map(|i| {
            let role = match i {
                _ if i == n - 1 => Role::Silent,
                _ if i == n - 2 && n >= 4 => Role::Quitter,
                1 => Role::Partial,
                2 if n >= 5 => Role::English,
                _ => Role::Diligent,
            };
            Player {
                family: FAMILY_NAMES.get(i).map(|s| s.to_string()).unwrap_or_else(|| format!("Maison{i}")),
                address: format!("player{}@demo.test", i + 1),
                role,
                english: english || role == Role::English,
                password: None,
                mails_read: Default::default(),
            }
        })
        .collect()
}

async fn play(r: &Referee, a: &DemoArgs) -> anyhow::Result<()> {
    if a.ruleset == "stellar" {
        return stellar::play(r, a).await;
    }
    let Setup { inbox_dir, outgoing_dir, mut mailbox, sender, mut now, engine } = setup(r, a.seed)?;

    let n = a.players as usize;
    let mut players = players(a.players, a.english());

    let mut sent_by_players = 0usize;
    let mut order_lines_sent: Vec<String> = Vec::new();
    // Registration.
    for (i, p) in players.iter().enumerate() {
        let (game_kw, join_kw) = if p.english { ("GAME", "JOIN") } else { ("PARTIE", "INSCRIPTION") };
        let (hello, thanks) = if p.english { ("Hello", "Thanks!") } else { ("Bonjour", "Merci !") };
        let body = format!("{hello},\n\n{game_kw} {GAME}\n{join_kw} {}\n\n{thanks}\n", p.family);
        drop_in_inbox(&inbox_dir, &player_mail(p, &format!("join-{i}"), if p.english { "Registration" } else { "Inscription" }, &body, now)?)?;
        sent_by_players += 1;
    }
    pump(r, &mut mailbox, &sender, now).await?;
    for p in players.iter_mut() {
        for text in read_new_mail(&outgoing_dir, p)? {
            if let Some(pw) = find_password(&text) {
                p.password = Some(pw);
            }
        }
    }
    let registered = players.iter().filter(|p| p.password.is_some()).count();
    println!("demo: {registered}/{n} families registered in game {GAME} ({})", engine.id());

    let mut summary: Vec<String> = Vec::new();
    // One adjudication more than --turns at most: Galaxy plays turns 1..=T
    // after its registration turn 0; the loop stops when the game is over.
    for t in 0..=a.turns {
        if t == a.turns && a.ruleset != "galaxy" {
            break;
        }
        let g = r.open_game(GAME)?;
        if g.meta.finished {
            break;
        }
        let deadline = g.meta.deadline.ok_or_else(|| anyhow::anyhow!("the demo game has no deadline"))?;
        now = deadline.checked_sub(SignedDuration::from_hours(30))?;
        for (i, p) in players.iter().enumerate() {
            let Some(pw) = &p.password else { continue };
            let sends = match p.role {
                Role::Silent => false,
                Role::Quitter => t == 0,
                _ => true,
            };
            if !sends {
                continue;
            }
            let key = crate::text::key(&p.family);
            let mut dice = Dice::for_turn(a.seed ^ 0x5eed_0000 ^ (i as u64) << 20, t);
            let mut lines = engine.sample_orders(&g.state, &key, &mut dice)?;
            if p.role == Role::Partial && t > 0 {
                lines.truncate(lines.len() / 2);
                if a.ruleset == "stellarium" {
                    stellarium::careless(&mut lines, &mut dice);
                } else if a.ruleset == "galaxy" {
                    // Careless too: a fleet it does not have, a misspelt order.
                    lines.push("DEPLACER F9 +1+1".to_string());
                    lines.push("ATTAQUR F1 ETOILE".to_string());
                }
            }
            order_lines_sent.extend(lines.iter().cloned());
            let en = p.english;
            let body = format!(
                "{}\n\n{} {GAME}\n{} {}\n{} {pw}\n{} {t}\n{}\n{}\n\n-- \n{}\n",
                if en { "Hello referee, my orders:" } else { "Bonjour, voici mes ordres :" },
                if en { "GAME" } else { "PARTIE" },
                if en { "FAMILY" } else { "FAMILLE" },
                quoted(&p.family),
                if en { "PASSWORD" } else { "MOTDEPASSE" },
                if en { "TURN" } else { "TOUR" },
                lines.join("\n"),
                if en { "END" } else { "FIN" },
                p.family
            );
            drop_in_inbox(&inbox_dir, &player_mail(p, &format!("orders-{t}-{i}"), &if p.english { format!("Orders for turn {t}") } else { format!("Ordres du tour {t}") }, &body, now)?)?;
            sent_by_players += 1;
        }
        pump(r, &mut mailbox, &sender, now).await?;
        // Reminders 48 h before the deadline went out above? They are due
        // before `now`; let the clock run past them then past the deadline.
        r.send_reminders(GAME, now)?;
        now = deadline.checked_add(SignedDuration::from_mins(1))?;
        let mut s = r.adjudicate(GAME, Mode::Deadline, now)?;
        if let Some(h) = &s.held {
            println!("demo: turn {t} held by the mass-ONR guard ({h}); the referee forces it");
            s = r.adjudicate(GAME, Mode::Force, now)?;
        }
        if let Some(h) = &s.held {
            // Held even when forced: the ruleset cannot play the turn (Galaxy: no galaxy).
            anyhow::bail!("turn {t} cannot be played: {h}");
        }
        pump(r, &mut mailbox, &sender, now).await?;
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for st in s.statuses.values() {
            *counts.entry(st.label()).or_default() += 1;
        }
        let line = format!(
            "turn {:>2}: {} — {} report(s), {} roll(s) in the audit log, {} event(s){}",
            s.turn,
            [OrderStatus::Or, OrderStatus::Opr, OrderStatus::Onr, OrderStatus::Pnj]
                .iter()
                .map(|k| format!("{} {}", k.label(), counts.get(k.label()).copied().unwrap_or(0)))
                .collect::<Vec<_>>()
                .join(", "),
            s.reports,
            s.rolls,
            s.events,
            if s.finished { " — game over" } else { "" }
        );
        println!("demo: {line}");
        summary.push(line);
        for p in players.iter_mut() {
            read_new_mail(&outgoing_dir, p)?;
        }
        if s.finished {
            break;
        }
    }
    let received: usize = players.iter().map(|p| p.mails_read.len()).sum();
    let (reached, rolls) = audit_summary(&r.store.game(GAME)?.turns_dir())?;
    if reached.is_empty() {
        println!("demo: audit log: {rolls} roll(s)");
    } else {
        println!("demo: audit log: {rolls} roll(s); stages reached: {}", reached.join(", "));
    }
    println!("demo: players sent {sent_by_players} mail(s) and received {received}");
    if a.ruleset == "stellarium" {
        stellarium::summary(&r.store.game(GAME)?.turns_dir(), &order_lines_sent)?;
    }
    println!("demo: everything is under {}:", a.out.display());
    println!("  data/games/{GAME}/turns/NNNN/  states, orders, audit.jsonl, events.json, reports/<family>/(report.txt, report.html, map.svg, map.png)");
    println!("  mail/inbox/cur/                the players' mails as the referee received them");
    println!("  mail/outgoing/<address>/new/   every mail the referee sent");
    Ok(())
}

pub(super) fn quoted(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// A player's mail as a client would send it.
pub(super) fn player_mail(p: &Player, id: &str, subject: &str, body: &str, now: Timestamp) -> anyhow::Result<Vec<u8>> {
    Ok(crate::mail::compose(&Outgoing {
        from_name: p.family.clone(),
        from: p.address.clone(),
        to: vec!["arbitre@demo.test".into()],
        subject: subject.into(),
        message_id: format!("{id}.{}@demo.test", p.address.replace('@', ".")),
        in_reply_to: None,
        references: vec![],
        date: now,
        auto_submitted: "no",
        text: body.into(),
        html: None,
        attachments: vec![],
        loop_token: String::new(),
        journal: String::new(),
    })?)
}

/// Delivers a message into the referee's inbox as an MTA would (tmp, then new).
pub(super) fn drop_in_inbox(inbox: &Path, raw: &[u8]) -> anyhow::Result<()> {
    use sha2::Digest;
    let name = format!("{}.demo", hex::encode(&sha2::Sha256::digest(raw)[..10]));
    std::fs::create_dir_all(inbox.join("tmp"))?;
    std::fs::create_dir_all(inbox.join("new"))?;
    let tmp = inbox.join("tmp").join(&name);
    std::fs::write(&tmp, raw)?;
    std::fs::rename(&tmp, inbox.join("new").join(&name))?;
    Ok(())
}

/// One pass of the daemon's work at `now`: intake, then the outbox.
pub(super) async fn pump(r: &Referee, mailbox: &mut MaildirMailbox, sender: &MaildirSender, now: Timestamp) -> anyhow::Result<()> {
    for m in mailbox.fetch_pending().await? {
        r.handle_mail(&m.raw, now)?;
        mailbox.mark_processed(&m.id).await?;
    }
    for item in r.store.outbox().due(now)? {
        match sender.send(&item.meta.envelope_from, &item.meta.recipients, &item.raw).await {
            Ok(()) => r.store.outbox().mark_sent(item.id())?,
            Err(e) => anyhow::bail!("demo transport failed: {e:?}"),
        }
    }
    Ok(())
}

/// The texts of the mails a player has not read yet (in arrival order).
pub(super) fn read_new_mail(outgoing: &Path, p: &mut Player) -> anyhow::Result<Vec<String>> {
    let dir = outgoing.join(&p.address).join("new");
    // Unread files, in delivery order (modification time, then name).
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok())
            .map(|e| (e.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH), e.path()))
            .filter(|(_, p_)| !p.mails_read.contains(p_))
            .collect(),
        Err(_) => return Ok(vec![]),
    };
    files.sort();
    let mut texts = Vec::new();
    for (_, f) in files {
        let raw = std::fs::read(&f)?;
        if let Some(m) = mail_parser::MessageParser::default().parse(&raw[..]) {
            texts.push(m.body_text(0).map(|c| c.into_owned()).unwrap_or_default());
        }
        p.mails_read.insert(f);
    }
    Ok(texts)
}

/// The password in a welcome mail (`MOTDEPASSE xxx` or `PASSWORD xxx` line).
pub(super) fn find_password(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let mut w = l.split_whitespace();
        match (w.next(), w.next()) {
            (Some("MOTDEPASSE" | "PASSWORD"), Some(pw)) if pw != "..." => Some(pw.to_string()),
            _ => None,
        }
    })
}

/// What the turns' audit logs show: the stages marked as reached (in order
/// of first appearance) and the number of dice rolls.
fn audit_summary(turns: &Path) -> anyhow::Result<(Vec<String>, usize)> {
    let mut reached: Vec<String> = Vec::new();
    let mut rolls = 0;
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(turns)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.sort();
    for d in dirs {
        let Ok(text) = std::fs::read_to_string(d.join("audit.jsonl")) else { continue };
        for line in text.lines() {
            let Ok(roll) = serde_json::from_str::<crate::dice::Roll>(line) else { continue };
            if roll.outcome == "reached" && roll.dice.is_empty() {
                if !reached.contains(&roll.rule) {
                    reached.push(roll.rule);
                }
            } else {
                rolls += 1;
            }
        }
    }
    // Phases in numeric order, named stages (turn 0) first.
    reached.sort_by_key(|r| r.parse::<u32>().map_or((0, 0), |n| (1, n)));
    Ok((reached, rolls))
}

/// Stellarium's part of the demo: a careless player's mistakes, and the
/// summary of what the game exercised (events per phase, orders by type).
mod stellarium {
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    use crate::dice::Dice;

    /// A careless player: one first name misspelt (two letters swapped)
    /// and one purchase of an unknown item, which the acknowledgement
    /// refuses with a suggestion.
    pub fn careless(lines: &mut Vec<String>, dice: &mut Dice) {
        let named: Vec<usize> = (0..lines.len()).filter(|i| lines[*i].starts_with("LIEU ")).collect();
        if let Some(i) = dice.pick_index(named.len(), "demo", "misspelt line") {
            let l = &mut lines[named[i]];
            let mut words: Vec<String> = l.split(' ').map(str::to_string).collect();
            if let Some(w) = words.get_mut(1) {
                let mut c: Vec<char> = w.chars().collect();
                if c.len() >= 4 && !w.contains('/') {
                    c.swap(1, 2);
                    *w = c.into_iter().collect();
                }
            }
            let who = words.get(1).cloned().unwrap_or_default();
            *l = words.join(" ");
            lines.push(format!("ACHAT {who} CAPSULLE"));
        }
    }

    /// Prints how many events each phase produced over the game (by the
    /// section of the rule each event of `events.json` names: Stellarium's
    /// sections 1–30 are its phases), the phases without any, and how many
    /// order lines of each type the players sent.
    pub fn summary(turns: &Path, sent: &[String]) -> anyhow::Result<()> {
        let mut per_phase: BTreeMap<u8, usize> = (1..=30).map(|p| (p, 0)).collect();
        let mut unnamed = 0usize;
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(turns)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        dirs.sort();
        for d in dirs {
            let Ok(text) = std::fs::read_to_string(d.join("events.json")) else { continue };
            let events: Vec<serde_json::Value> = serde_json::from_str(&text)?;
            for e in events {
                let Some(rule) = e.get("rule").and_then(|r| r.as_str()) else {
                    unnamed += 1;
                    continue;
                };
                let head: String = rule.chars().take_while(|c| c.is_ascii_digit()).collect();
                if let Some(n) = head.parse::<u8>().ok().filter(|n| (1..=30).contains(n)) {
                    *per_phase.entry(n).or_default() += 1;
                }
            }
        }
        let counts: Vec<String> = per_phase.iter().map(|(p, n)| format!("{p}: {n}")).collect();
        println!("demo: events per phase (by the rule each event names): {}", counts.join(", "));
        let empty: Vec<String> = per_phase.iter().filter(|(_, n)| **n == 0).map(|(p, _)| p.to_string()).collect();
        if empty.is_empty() {
            println!("demo: every phase 1-30 produced events");
        } else {
            println!("demo: phases without events: {}", empty.join(", "));
        }
        if unnamed > 0 {
            println!("demo: {unnamed} event(s) without a rule");
        }
        let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
        for l in sent {
            let mut w = l.split_whitespace();
            let head = crate::text::key(w.next().unwrap_or_default());
            let kind = match head.as_str() {
                "EMPEREUR" | "ARCHIPAPE" | "GENERAL" | "COMMANDEUR" | "MAITRE" | "CONTRAT" => {
                    let second = if head == "CONTRAT" { w.nth(2) } else { w.next() };
                    format!("{head} {}", crate::text::key(second.unwrap_or_default()))
                }
                _ => head,
            };
            *by_type.entry(kind).or_default() += 1;
        }
        let kinds: Vec<String> = by_type.iter().map(|(k, n)| format!("{k} {n}")).collect();
        println!("demo: order lines sent by type: {}", kinds.join(", "));
        Ok(())
    }
}
