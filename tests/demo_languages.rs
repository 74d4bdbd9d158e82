//! English that is English (issue 14, issue 26): `arbitre demo --lang en`
//! for Galaxy, Stellar, Stellium and Stellarium, and no French word in any
//! mail a player receives nor on any web page of the game (the list of
//! games, the game's page and every turn's, each family's private page and
//! every turn of it); the converse for `--lang fr` (no English word in a
//! French family's mails). The English mails are read whole: the text and
//! HTML reports, the map SVG, the chronicle attached, the form,
//! acknowledgements and refusals (only the French rulebook sent with the
//! welcome is left out: it is the authority, and exists in French only).
//!
//! The words are tell-tale words of sentences, in lower case and whole: order
//! keywords (`CONSTRUIRE`, `FLOTTE`) are upper case and proper names
//! (`Atréides`) capitalised, so neither is counted. In English, any word in
//! lower case with a French accented letter (`étoile`, `à`) counts as French
//! too. The order form's comments are checked (they are messages), and so
//! are the referee's notes after an accepted order's echo (`OK line 5:
//! PRENDRE 1 # PLANETE-5 into your hand`): only the echoed order itself, in
//! the order language's canonical keywords, is left out.

mod support;
mod web_fixture;

use std::path::{Path, PathBuf};
use std::process::Command;

use mail_parser::MimeHeaders;

const FRENCH: &[&str] = &[
    "vous", "votre", "vos", "est", "une", "des", "les", "avec", "dans", "sur", "pas", "et", "ou", "aucun", "aucune", "flotte", "étoile",
    "joueur", "manquant", "inconnu", "inconnue", "refusée", "tour", "ordres",
];
/// French words that are not English words (nor parts of an English
/// sentence: no "son", "place", "date", "message", "mars", "en"), chosen from
/// the sentences the referee writes: articles, pronouns, prepositions, the
/// game's nouns, days and months.
const FRENCH_MORE: &[&str] = &[
    "le", "la", "du", "au", "aux", "pour", "par", "qui", "que", "sont", "nous", "leur", "leurs", "cette", "ces", "il", "elle", "ils",
    "ne", "de", "partie", "famille", "familles", "étape", "manche", "joue", "jouer", "prend", "pioche", "rangée", "carnet",
    "emplacement", "chronique", "prochaine", "personnage", "personnages", "pyramide", "pyramides", "vaisseau", "vaisseaux", "planète",
    "planètes", "ordre", "inscription", "inscriptions", "ouvertes", "fermées", "fermée", "ouverte", "joueurs", "lundi", "mardi", "mercredi",
    "jeudi", "vendredi", "samedi", "dimanche", "janvier", "février", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
    "novembre", "décembre", "heure", "heures", "jours", "jour", "règles", "envoyé", "envoyés", "reçu", "reçus", "carte", "cartes",
    "rapport", "rapports", "statut", "délai", "reste", "restent", "parties", "terminée", "semaine", "carte", "aide",
];

/// A French accented letter (a word in lower case that has one is French).
fn accented(w: &str) -> bool {
    w.chars().any(|c| "àâäéèêëîïôöùûüÿçœæ".contains(c))
}

const ENGLISH: &[&str] = &["the", "your", "you", "is", "of", "and", "with", "fleet", "star", "player", "missing", "unknown", "refused", "orders"];

/// Plays `arbitre demo` and returns (recipient, subject, text) of every mail
/// the referee sent to a player.
/// `whole`: the HTML parts and the text and SVG attachments too, not only
/// the text parts.
fn demo(ruleset: &str, players: u32, turns: u32, lang: &str, whole: bool) -> (PathBuf, Vec<(String, String, String)>) {
    let out = std::env::temp_dir().join(format!("arbitre-demo-{ruleset}-{lang}-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["demo", "--ruleset", ruleset, "--players", &players.to_string(), "--turns", &turns.to_string(), "--seed", "3", "--lang", lang, "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}\n{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    let mut mails = Vec::new();
    let outgoing = out.join("mail/outgoing");
    for dir in std::fs::read_dir(&outgoing).unwrap().flatten() {
        let to = dir.file_name().to_string_lossy().to_string();
        if !to.starts_with("player") {
            continue; // the referee's own alerts
        }
        for f in files(&dir.path().join("new")) {
            let raw = std::fs::read(&f).unwrap();
            let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
            let mut text = String::new();
            let mut i = 0;
            while let Some(t) = m.body_text(i) {
                text.push_str(&t);
                text.push('\n');
                i += 1;
            }
            if whole {
                // The HTML report and the attachments (map SVG, chronicle),
                // their markup left out.
                let mut i = 0;
                while let Some(h) = m.body_html(i) {
                    text.push_str(&strip_markup(&h));
                    i += 1;
                }
                for a in m.attachments() {
                    let ct = a.content_type().map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or_default())).unwrap_or_default();
                    // The rulebook sent with the welcome is the French original (the authority).
                    let rules = a.attachment_name().is_some_and(|n| n.starts_with("regles-"));
                    if !rules && (ct.starts_with("text/plain") || ct.starts_with("image/svg")) {
                        text.push_str(&strip_markup(&String::from_utf8_lossy(a.contents())));
                    }
                }
            }
            mails.push((to.clone(), m.subject().unwrap_or_default().to_string(), text));
        }
    }
    assert!(mails.len() > players as usize, "{} mail(s) only", mails.len());
    (out, mails)
}

/// The text of HTML or SVG: tags and `<style>` contents left out, one line
/// per element, entities for quotes decoded.
fn strip_markup(markup: &str) -> String {
    let mut out = String::new();
    let mut rest = markup;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let tag = &rest[open..];
        let skip_to = if tag.starts_with("<style") { tag.find("</style>").map(|e| e + 8) } else { tag.find('>').map(|e| e + 1) };
        let Some(end) = skip_to else { break };
        out.push('\n');
        rest = &tag[end..];
    }
    out.push_str(rest);
    out.replace("&#x27;", "'").replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    v.sort();
    v
}

/// The part of `line` written in the mail's language: all of it, except for
/// the echo of an accepted order (outside the order form), where only the
/// referee's notes after `#` are; `None` for a comment line outside the form.
fn checked_part(line: &str, in_form: bool) -> Option<&str> {
    let t = line.trim_start();
    if in_form {
        return Some(line);
    }
    if t.starts_with('#') {
        return None;
    }
    if t.starts_with("OK") || t.starts_with("✓") {
        return t.split_once(" # ").map(|(_, notes)| notes);
    }
    Some(line)
}

/// Every (mail, line, word) where a word of `words` stands in a sentence.
fn offending(mails: &[(String, String, String)], words: &[&str], skip: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (to, subject, text) in mails {
        if skip(to) {
            continue;
        }
        let mut in_form = false;
        for line in std::iter::once(subject.as_str()).chain(text.lines()) {
            let t = line.trim_start();
            // The order form runs from its game line to the end of the mail.
            if t.starts_with("PARTIE ") || t.starts_with("GAME ") {
                in_form = true;
            }
            let Some(part) = checked_part(line, in_form) else { continue };
            for w in part.split(|c: char| !c.is_alphanumeric() && c != '\'').map(|w| w.rsplit('\'').next().unwrap_or(w)) {
                let french = words == FRENCH;
                let lower = w.chars().next().is_some_and(char::is_lowercase);
                if words.contains(&w) || (french && lower && (FRENCH_MORE.contains(&w) || accented(w))) {
                    found.push(format!("{to} «{subject}»: [{w}] {line}"));
                }
            }
        }
    }
    found
}

fn check(ruleset: &str, players: u32, turns: u32, lang: &str, skip: impl Fn(&str) -> bool) {
    check_mails(ruleset, players, turns, lang, false, skip)
}

fn check_mails(ruleset: &str, players: u32, turns: u32, lang: &str, whole: bool, skip: impl Fn(&str) -> bool) {
    let (out, mut mails) = demo(ruleset, players, turns, lang, whole);
    if lang == "en" {
        mails.extend(pages(&out));
    }
    let words = if lang == "en" { FRENCH } else { ENGLISH };
    let bad = offending(&mails, words, skip);
    std::fs::remove_dir_all(&out).ok();
    assert!(bad.is_empty(), "{} line(s) in the wrong language in {} mails and pages:\n{}", bad.len(), mails.len(), bad.join("\n"));
}

/// Every web page of the demo's game, served by `arbitre::web` over the
/// demo's data (its configuration with a `[web]` table added), as
/// ("page", path, text): the list of games, the game's page and each
/// turn's, and each family's private page and each of its turns.
fn pages(out: &Path) -> Vec<(String, String, String)> {
    let config = out.join("config.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("\n[web]\nlisten = \"127.0.0.1:1\"\npublic_url = \"http://site.test\"\n");
    std::fs::write(&config, text).unwrap();
    let cfg = arbitre::config::load(&config).unwrap();
    let referee = std::sync::Arc::new(arbitre::referee::Referee::new(cfg, support::templates()).unwrap());
    let meta = referee.read_meta("demo").unwrap().unwrap();
    // Within the open turn (its deadline ahead), or after the end.
    let now = meta.deadline.map(|d| d.checked_sub(jiff::SignedDuration::from_hours(30)).unwrap()).unwrap_or_else(|| "2027-01-01T00:00:00Z".parse().unwrap());
    let mut paths = vec!["/".to_string(), "/g/demo".to_string()];
    paths.extend((0..=meta.turn).map(|n| format!("/g/demo/turn/{n}")));
    for family in meta.families.keys() {
        let private = arbitre::web::link::private_path(&referee, "demo", family).unwrap();
        paths.extend((0..=meta.turn).map(|n| format!("{private}/turn/{n}")));
        paths.push(private);
    }
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let web = arbitre::web::Web::new(referee.clone(), arbitre::daemon::Clock::starting_at(now));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(arbitre::web::serve(listener, web, async move {
            let _ = rx.await;
        }));
        let mut found = Vec::new();
        for path in paths {
            let r = web_fixture::http(&base, "GET", &path, &[], b"").await;
            // A turn without a page of its own (no chronicle yet) is a 404.
            if r.status == 404 && path.contains("/turn/") {
                continue;
            }
            assert_eq!(r.status, 200, "{path}");
            // The rules exist in French only, and an English page says so.
            if path == "/g/demo" {
                assert!(r.text().contains("the full rules (in French"), "{}", r.text());
            }
            found.push(("page".to_string(), path, strip_markup(&r.text())));
        }
        let _ = tx.send(());
        found
    })
}

#[test]
fn galaxy_english_demo_mails_have_no_french_word() {
    check_mails("galaxy", 4, 2, "en", true, |_| false);
}

#[test]
fn galaxy_french_demo_mails_have_no_english_word() {
    check("galaxy", 4, 2, "fr", |_| false);
}

#[test]
fn stellar_english_demo_mails_have_no_french_word() {
    check_mails("stellar", 2, 6, "en", true, |_| false);
}

#[test]
fn stellar_french_demo_mails_have_no_english_word() {
    // Neil (player2) writes in English in every demo: his mails are English.
    check("stellar", 2, 6, "fr", |to| to.starts_with("player2@"));
}

#[test]
fn stellium_english_demo_mails_have_no_french_word() {
    check_mails("stellium", 2, 6, "en", true, |_| false);
}

#[test]
fn stellium_french_demo_mails_have_no_english_word() {
    check("stellium", 2, 6, "fr", |_| false);
}

#[test]
fn stellarium_english_demo_mails_have_no_french_word() {
    check_mails("stellarium", 4, 3, "en", true, |_| false);
}

#[test]
fn stellarium_french_demo_mails_have_no_english_word() {
    // Four players: none of them writes in English (see `arbitre demo`).
    check_mails("stellarium", 4, 3, "fr", true, |_| false);
}
