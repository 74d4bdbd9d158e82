//! The game-independent part of the order language (`orders.md` §2–§4):
//! where the orders block is in a mail, its header lines (`PARTIE`,
//! `FAMILLE`, `MOTDEPASSE`, `TOUR`) and the commands that are not orders
//! (`INSCRIPTION`, `AIDE`, `RAPPORT [n]`, `ANNULER`, `MESSAGE … FINMESSAGE`,
//! `CONFIRMER`, `ATTENDRE`, `ABANDON`, `ABSENCE`, `MOTDEPASSE OUBLIE`,
//! `ADRESSE [CODE]`, `REPONDRE … FINMESSAGE`).
//! Every other line of the block goes to the ruleset as an [`OrderLine`].
//!
//! [`read_submission`] never fails and never panics: it returns `None` only
//! when no orders block is found anywhere.
//!
//! # Choices where `orders.md` is silent
//!
//! - **Which block wins.** Sources are tried in this order, and the first
//!   that holds a block is read: (1) the unquoted body; (2) the unquoted text
//!   of each `text/plain` attachment, in message order; (3) the quoted body;
//!   (4) the quoted attachments. So a player who replies to a report (whose
//!   quote holds the old form) and attaches `ordres.txt` gets the attachment
//!   read, not the stale quoted form.
//! - **Subject tag.** A `[game-id]` tag in the subject (the first bracketed
//!   word made of letters, digits, `-`, `_`, `.`, other than gateway tags
//!   such as `[SPAM]` or `[EXTERNAL]`) stands in for the `PARTIE` line: when a
//!   source has no `PARTIE|GAME` line, its block starts at the first line
//!   whose first word is a header keyword (`FAMILLE`, `MOTDEPASSE`, `TOUR`…)
//!   or a command (`INSCRIPTION`, `AIDE`, `RAPPORT`, `ANNULER`, `MESSAGE`).
//!   Within one source a `PARTIE` line is looked for first. When both a
//!   `PARTIE` line and a tag are present, the `PARTIE` line names the game.
//! - **Quote depth.** A line's quote depth is the number of leading `>`
//!   (spaces between them allowed: `> > x` and `>> x` are both depth 2). The
//!   quoted reading takes the shallowest depth that holds a block and removes
//!   that many levels; deeper lines are ignored; shallower lines (the
//!   player's own lines typed between quoted lines) are read too. A quoted
//!   block ends at `FIN|END` or at the end of the quote (its last line of
//!   that depth or deeper), so the player's text after the quote is not read.
//! - **Outlook-style originals.** A line such as `-----Original Message-----`,
//!   `-----Message d'origine-----`, `---------- Forwarded message ---------`
//!   or a rule of ten or more `_` (Outlook's reply separator) starts an
//!   unmarked copy of the previous message: everything after it is treated as
//!   one quote level deeper, as if it were quoted with `>`.
//! - **Attribution lines.** A line ending in `:` that is followed (blank lines
//!   aside) by deeper-quoted text is the client's "Le … a écrit :" line and is
//!   ignored.
//! - **Signature.** A line that is `-- ` (also `--` whose trailing space a
//!   client stripped) starts a signature, which runs until the quote depth
//!   changes: a top-posted signature does not hide the quote below it. The
//!   one-line signatures phones and webmails add without `-- ` (`Envoyé de
//!   mon iPhone`, `Sent from my Galaxy`, `Obtenir Outlook pour Android`)
//!   start a signature too.
//! - **`TOUR` blocks**: the first `TOUR|TURN` line names the turn of the
//!   whole block, lines before it included (the stale-form guard); a later
//!   `TOUR` line with a higher number starts a block of orders for that
//!   turn ([`Submission::later`]: orders in advance), one with a lower
//!   number is a problem and is ignored, the same number changes nothing.
//! - **Keywords** may be followed by a colon (`FAMILLE : Atréides`,
//!   `TOUR: 3`). `MOTDEPASSE` may also be written `MOT DE PASSE`.
//!   `FIN|END` ends the block when it is the first word of a line.
//! - **Header values**: the game id, family name and password are kept as
//!   written (the referee compares game ids and family names by
//!   [`crate::text::key`], passwords exactly). A family name may have spaces
//!   with or without quotes. A header repeated with another value keeps the
//!   first value and reports a problem; a `PARTIE` line without an id falls
//!   back to the subject tag.
//! - **Sizes**: a line of more than [`MAX_LINE_CHARS`] characters is a
//!   problem and is not read (neither a header nor an order); a message body
//!   of more than [`MAX_MESSAGE_CHARS`] is a problem and is not relayed.
//! - **Messages**: the body is the lines between `MESSAGE …` and
//!   `FINMESSAGE|ENDMESSAGE` (also `FIN MESSAGE`, `FIN-MESSAGE`), verbatim,
//!   blank lines kept, `#` not a comment, leading and trailing blank lines
//!   trimmed. A message without `FINMESSAGE` ends at a line that is only
//!   `FIN|END`, at a signature or at the end of the block, with a problem. An
//!   empty message or one without a recipient is not relayed (problem).
//!   `ANONYME|ANONYMOUS` is the last word of the `MESSAGE` line.
//! - **Language**: `english` is true when most header and command keywords
//!   the player wrote are the English ones (ties: the language of the first).
//! - **Line text** handed to the ruleset is the line with its quote markers
//!   removed and surrounding white space trimmed (comments kept: the ruleset
//!   tokenises with [`crate::text::tokenize`], which drops them). Lines that
//!   are blank or only a comment are not handed over.

pub mod problem;

pub use problem::Problem;

use serde::{Deserialize, Serialize};

use crate::game::{LineVerdict, OrderLine};
use crate::text::{self, is_space, Cursor, Token};

/// What a mail asks of the referee: the header fields, the commands, and
/// the order lines for the ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// From the `PARTIE|GAME` line, else from a `[game-id]` tag in the subject.
    pub game: Option<String>,
    /// `FAMILLE|FAMILY` (also `JOUEUR|PLAYER`, and `PARTI|PARTY` for
    /// Galactic Destiny's parties), as written.
    pub family: Option<String>,
    /// `MOTDEPASSE|PASSWORD`, as written.
    pub password: Option<String>,
    /// `TOUR|TURN` (the first one).
    pub turn: Option<u32>,
    pub commands: Vec<Command>,
    /// Every other non-blank line of the block, with its line number in the
    /// text the player sent, for the ruleset to judge (up to a second `TOUR`
    /// line, if any).
    pub orders: Vec<OrderLine>,
    /// Orders for later steps: each further `TOUR n` line with a higher
    /// number starts a block of its own (orders in advance, `turn-based.md`
    /// capability 4).
    #[serde(default)]
    pub later: Vec<TurnBlock>,
    /// Header-level problems ([`Problem`] messages), e.g. `TOUR abc`: not a number.
    pub problems: Vec<LineVerdict>,
    /// The block was read from quoted text (quote levels removed).
    pub from_quote: bool,
    /// The block was read from a `text/plain` attachment.
    pub from_attachment: bool,
    /// The player wrote the English keywords: answer in English.
    pub english: bool,
}

/// A command that is not an order (`orders.md` §4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// `INSCRIPTION | JOIN <family-name>`.
    Join { family_name: String, line: OrderLine },
    /// `AIDE | HELP`.
    Help,
    /// `RAPPORT | REPORT`.
    Report,
    /// `ANNULER | CANCEL`.
    Cancel,
    /// `MESSAGE <family>|TOUS|ALL [ANONYME|ANONYMOUS]` … `FINMESSAGE|ENDMESSAGE`.
    Message { to: MessageTarget, anonymous: bool, body: String },
    /// `CONFIRMER | CONFIRM`: these orders are final (early adjudication
    /// without the change-of-mind delay).
    Confirm,
    /// `ATTENDRE | WAIT`: hold the step until its deadline.
    Wait,
    /// `ABANDON | RESIGN`: concede the game.
    Resign,
    /// `RAPPORT <n> | REPORT <n>`: resend the report of turn `n`.
    ReportOf(u32),
    /// `MOTDEPASSE OUBLIE | FORGOT-PASSWORD`: mail a new password to the
    /// registered address (taken without a password).
    ForgotPassword,
    /// `ADRESSE <address> | ADDRESS <address>`: move the seat to a new
    /// address, once that address confirms it.
    Address { address: String },
    /// `ADRESSE CODE <code> | ADDRESS CODE <code>`: the new address confirms
    /// a change of address (taken without a password, from that address).
    AddressCode { code: String },
    /// `REPONDRE <token> [ANONYME] … FINMESSAGE | REPLY <token> [ANONYMOUS] …
    /// ENDMESSAGE`: answer a relayed message, to its sender (whom the token
    /// names only to the referee).
    Reply { token: String, anonymous: bool, body: String },
    /// `ABSENCE | AWAY <from> <to>`, or `ABSENCE ANNULER | AWAY CANCEL`.
    Absence(AbsenceCommand),
}

/// What an `ABSENCE | AWAY` line asks (RULINGS.md, "Absences").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbsenceCommand {
    /// Away from the first day to the last, both whole days in the game's
    /// time zone.
    Declare { from: jiff::civil::Date, to: jiff::civil::Date },
    /// `ABSENCE ANNULER | AWAY CANCEL`: the absence declared is withdrawn.
    Cancel,
}

/// A date as players write it in `ABSENCE`: `2026-04-01` (ISO 8601) or
/// `01/04/2026` (day first, also with dots or hyphens: `1.4.2026`).
pub fn parse_date(text: &str) -> Option<jiff::civil::Date> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    let [a, b, c] = parts.as_slice() else { return None };
    let num = |s: &str| -> Option<i32> { (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten() };
    let (y, m, d) = if a.len() == 4 { (num(a)?, num(b)?, num(c)?) } else if c.len() == 4 { (num(c)?, num(b)?, num(a)?) } else { return None };
    jiff::civil::Date::new(i16::try_from(y).ok()?, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()
}

/// The lines after a further `TOUR n` line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnBlock {
    pub turn: u32,
    /// The `TOUR` line itself.
    pub line: OrderLine,
    pub orders: Vec<OrderLine>,
}

/// Who a diplomatic message goes to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MessageTarget {
    /// A family, as written.
    Family(String),
    /// `TOUS | ALL`.
    All,
}

/// The longest line of a block that is read (characters): a longer one is
/// a problem and goes to no ruleset, so no name a player chooses (a ship,
/// a character, a family named in a header) can be longer.
pub const MAX_LINE_CHARS: usize = 300;

/// The longest diplomatic message relayed (characters, line ends counted).
pub const MAX_MESSAGE_CHARS: usize = 10_000;

// Keyword tables: French first, then English (index parity tells which,
// except where noted).
static KW_GAME: &[&str] = &["PARTIE", "GAME"];
static KW_FAMILY: &[&str] = &["FAMILLE", "FAMILY", "JOUEUR", "PLAYER", "PARTI", "PARTY"];
static KW_PASSWORD: &[&str] = &["MOTDEPASSE", "PASSWORD", "MOT DE PASSE"];
static KW_TURN: &[&str] = &["TOUR", "TURN"];
static KW_END: &[&str] = &["FIN", "END"];
static KW_JOIN: &[&str] = &["INSCRIPTION", "JOIN"];
static KW_HELP: &[&str] = &["AIDE", "HELP"];
static KW_REPORT: &[&str] = &["RAPPORT", "REPORT"];
static KW_CANCEL: &[&str] = &["ANNULER", "CANCEL"];
static KW_CONFIRM: &[&str] = &["CONFIRMER", "CONFIRM"];
static KW_WAIT: &[&str] = &["ATTENDRE", "WAIT"];
static KW_RESIGN: &[&str] = &["ABANDON", "RESIGN"];
static KW_ABSENCE: &[&str] = &["ABSENCE", "AWAY"];
static KW_MESSAGE: &[&str] = &["MESSAGE"];
static KW_END_MESSAGE: &[&str] = &["FINMESSAGE", "ENDMESSAGE", "FIN MESSAGE", "END MESSAGE"];
static KW_ALL: &[&str] = &["TOUS", "ALL"];
static KW_ANONYMOUS: &[&str] = &["ANONYME", "ANONYMOUS"];
static KW_FORGOT: &[&str] = &["MOTDEPASSE OUBLIE", "FORGOT PASSWORD", "MOT DE PASSE OUBLIE", "PASSWORD FORGOTTEN"];
static KW_ADDRESS: &[&str] = &["ADRESSE", "ADDRESS"];
static KW_CODE: &[&str] = &["CODE", "CODE"];
static KW_REPLY: &[&str] = &["REPONDRE", "REPLY"];

/// Whether alias `i` of the tables above is English.
fn is_english(table: &[&str], i: usize) -> Option<bool> {
    if std::ptr::eq(table, KW_MESSAGE) {
        None
    } else if std::ptr::eq(table, KW_PASSWORD) && i == 2 {
        Some(false)
    } else if std::ptr::eq(table, KW_CODE) {
        None
    } else {
        Some(i % 2 == 1)
    }
}

/// Subject tags that mail gateways add and that are never game ids.
const GATEWAY_TAGS: &[&str] = &["SPAM", "EXTERNAL", "EXT", "EXTERNE", "SUSPECTED SPAM", "PROBABLE SPAM", "SPAM?", "WARNING"];

/// The `[game-id]` tag of a subject, if any (see the module notes).
pub fn subject_tag(subject: &str) -> Option<String> {
    let mut rest = subject;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else { break };
        let inner = after[..close].trim();
        let id_like = !inner.is_empty()
            && inner.len() <= 64
            && inner.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if id_like && !GATEWAY_TAGS.contains(&text::fold(inner).as_str()) {
            return Some(inner.to_string());
        }
        rest = &after[close + 1..];
    }
    None
}

/// One line of a source text, prepared.
#[derive(Debug, Clone)]
struct Prepared {
    /// 1-based line number in the text.
    no: usize,
    /// Quote depth (after the Outlook-original shift).
    depth: usize,
    /// The line without its quote markers.
    content: String,
    /// A signature, attribution or separator line: never read.
    skip: bool,
}

impl Prepared {
    fn is_blank(&self) -> bool {
        text::strip_comment(&self.content).is_empty()
    }
}

/// Splits on CRLF, CR and LF; drops BOMs.
fn split_lines(s: &str) -> Vec<String> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    s.replace("\r\n", "\n")
        .replace('\r', "\n")
        .split('\n')
        .map(|l| l.strip_prefix('\u{feff}').unwrap_or(l).to_string())
        .collect()
}

/// `-----Original Message-----`, `---------- Forwarded message ---------`,
/// `________________________________`.
fn is_original_separator(line: &str) -> bool {
    let t = line.trim_matches(is_space);
    let dashes = t.len() >= 8
        && t.starts_with("---")
        && t.ends_with("---")
        && t.chars().any(|c| c.is_alphabetic());
    let rule = t.chars().count() >= 10 && t.chars().all(|c| c == '_');
    dashes || rule
}

/// The one-line signatures that phones and webmails add without `-- `
/// (`Envoyé de mon iPhone`, `Sent from my Galaxy`, `Obtenir Outlook pour iOS`).
fn is_device_signature(line: &str) -> bool {
    let f = text::fold(line.trim_matches(is_space));
    f.chars().count() <= 80
        && ["ENVOYE DE MON ", "ENVOYE DEPUIS ", "ENVOYE A PARTIR DE ", "SENT FROM ", "OBTENIR OUTLOOK ", "GET OUTLOOK "]
            .iter()
            .any(|p| f.starts_with(p))
}

fn prepare(source: &str) -> Vec<Prepared> {
    let mut out = Vec::new();
    let mut shifted = false;
    let mut signature_depth: Option<usize> = None;
    for (i, raw) in split_lines(source).into_iter().enumerate() {
        let mut depth = 0;
        let mut rest: &str = &raw;
        loop {
            let t = rest.trim_start_matches(is_space);
            match t.strip_prefix('>') {
                Some(r) => {
                    depth += 1;
                    rest = r;
                }
                None => break,
            }
        }
        let content = if depth > 0 { rest.strip_prefix(' ').unwrap_or(rest) } else { rest };
        let mut skip = false;
        if depth == 0 && !shifted && is_original_separator(content) {
            shifted = true;
            skip = true;
        }
        if shifted && !skip {
            depth += 1;
        }
        if signature_depth.is_some_and(|d| d != depth) {
            signature_depth = None;
        }
        if content.trim_end_matches(is_space) == "--" || is_device_signature(content) {
            signature_depth = Some(depth);
        }
        if signature_depth.is_some() {
            skip = true;
        }
        out.push(Prepared { no: i + 1, depth, content: content.to_string(), skip });
    }
    // Attribution lines ("Le lun. 3 mars 2025, Arbitre <…> a écrit :").
    for i in 0..out.len() {
        if out[i].skip || !out[i].content.trim_end_matches(is_space).ends_with(':') {
            continue;
        }
        let depth = out[i].depth;
        let next = out[i + 1..].iter().find(|l| !l.content.trim_matches(is_space).is_empty());
        if next.is_some_and(|n| n.depth > depth) {
            out[i].skip = true;
        }
    }
    out
}

/// The tokens of a line for keyword matching: a colon after the first word
/// (`FAMILLE: X`, `FAMILLE : X`) is dropped.
fn keyword_tokens(line: &str) -> Vec<Token> {
    let mut toks = text::tokenize(line).tokens;
    if let Some(first) = toks.first_mut() {
        if !first.quoted && first.text.len() > 1 && first.text.ends_with(':') {
            first.text.pop();
        }
    }
    if toks.get(1).is_some_and(|t| !t.quoted && t.text == ":") {
        toks.remove(1);
    }
    toks
}

/// Which keyword (of `tables`) the line starts with, the alias index, and
/// the tokens after it.
fn starts_with<'t>(toks: &'t [Token], table: &[&str]) -> Option<(usize, &'t [Token])> {
    let mut c = Cursor::new(toks);
    let i = c.eat_keyword(table)?;
    Some((i, c.rest()))
}

fn is_block_start(content: &str, tag_mode: bool) -> bool {
    let toks = keyword_tokens(content);
    if starts_with(&toks, KW_GAME).is_some() {
        return true;
    }
    tag_mode
        && [KW_FAMILY, KW_PASSWORD, KW_TURN, KW_JOIN, KW_HELP, KW_REPORT, KW_CANCEL, KW_CONFIRM, KW_WAIT, KW_RESIGN, KW_ABSENCE, KW_MESSAGE, KW_ADDRESS, KW_REPLY]
            .iter()
            .any(|t| starts_with(&toks, t).is_some())
}

/// Where a block starts at quote depth `depth`: its index, and the index of
/// the last line that may belong to it.
fn find_block(lines: &[Prepared], depth: usize, tag_mode: bool) -> Option<(usize, usize)> {
    let start = lines.iter().position(|l| !l.skip && l.depth == depth && is_block_start(&l.content, tag_mode))?;
    let last = lines.iter().rposition(|l| l.depth >= depth).unwrap_or(start).max(start);
    Some((start, last))
}

/// A mail with no orders block that asks for help: one of its own lines
/// (not quoted, before the signature) is `AIDE` or `HELP` alone, as the
/// welcome and the "no orders" reply suggest. `Some(english)`: it does,
/// written in English or French.
pub fn asks_for_help(body: &str) -> Option<bool> {
    for line in body.lines() {
        let t = line.trim();
        if t == "--" || line.trim_end_matches(['\r', '\n']) == "-- " {
            break;
        }
        if t.starts_with('>') {
            continue;
        }
        let word = crate::text::key(t.trim_end_matches(['?', '!', '.', ':', ' ']));
        if let Some(i) = KW_HELP.iter().position(|k| *k == word) {
            return Some(is_english(KW_HELP, i) == Some(true));
        }
    }
    None
}

/// Finds the orders block of a mail and reads its header lines and commands.
/// `None` when no block is found in the body or the attachments.
pub fn read_submission(subject: &str, body: &str, attachment_texts: &[String]) -> Option<Submission> {
    let tag = subject_tag(subject);
    let body_lines = prepare(body);
    let att_lines: Vec<Vec<Prepared>> = attachment_texts.iter().map(|a| prepare(a)).collect();

    let locate = |lines: &[Prepared], depth: usize| -> Option<(usize, usize)> {
        find_block(lines, depth, false).or_else(|| if tag.is_some() { find_block(lines, depth, true) } else { None })
    };

    // (1) unquoted body, (2) unquoted attachments.
    if let Some((s, e)) = locate(&body_lines, 0) {
        return Some(read_block(&body_lines[s..=e], 0, tag.as_deref(), false));
    }
    for lines in &att_lines {
        if let Some((s, e)) = locate(lines, 0) {
            return Some(read_block(&lines[s..=e], 0, tag.as_deref(), true));
        }
    }
    // (3) quoted body, (4) quoted attachments: the shallowest depth first.
    for (lines, from_attachment) in
        std::iter::once((&body_lines, false)).chain(att_lines.iter().map(|l| (l, true)))
    {
        let max_depth = lines.iter().map(|l| l.depth).max().unwrap_or(0);
        for depth in 1..=max_depth {
            if let Some((s, e)) = locate(lines, depth) {
                return Some(read_block(&lines[s..=e], depth, tag.as_deref(), from_attachment));
            }
        }
    }
    None
}

/// Collects the keyword languages written, to decide `english`.
#[derive(Default)]
struct Lang {
    votes: Vec<bool>,
}

impl Lang {
    fn note(&mut self, table: &[&str], i: usize) {
        if let Some(e) = is_english(table, i) {
            self.votes.push(e);
        }
    }
    fn english(&self) -> bool {
        let en = self.votes.iter().filter(|e| **e).count();
        let fr = self.votes.len() - en;
        if en != fr {
            en > fr
        } else {
            self.votes.first().copied().unwrap_or(false)
        }
    }
}

fn joined(toks: &[Token]) -> String {
    toks.iter().map(|t| t.text.as_str()).filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" ")
}

/// `ANONYME|ANONYMOUS` as the last word of a `MESSAGE` or `REPONDRE`
/// line: whether it is there, and the words before it.
fn anonymous_suffix<'t>(rest: &'t [Token], lang: &mut Lang) -> (bool, &'t [Token]) {
    if let Some((last, init)) = rest.split_last() {
        let mut c = Cursor::new(std::slice::from_ref(last));
        if let Some(k) = c.eat_keyword(KW_ANONYMOUS) {
            lang.note(KW_ANONYMOUS, k);
            return (true, init);
        }
    }
    (false, rest)
}

/// The body of a `MESSAGE` or `REPONDRE` whose line is just before
/// `visible[*i]`: verbatim lines up to `FINMESSAGE` (see the module notes),
/// `*i` moved past them. `None` (with a problem) when it cannot be relayed:
/// `missing` (no recipient) first, then an empty or too long body.
fn message_body(visible: &[&Prepared], i: &mut usize, lang: &mut Lang, missing: Option<Problem>, mut problem: impl FnMut(Problem)) -> Option<String> {
    let mut body: Vec<&str> = Vec::new();
    let mut closed = false;
    while *i < visible.len() {
        let m = visible[*i];
        let mtoks = keyword_tokens(&m.content);
        if let Some((k, _)) = starts_with(&mtoks, KW_END_MESSAGE) {
            lang.note(KW_END_MESSAGE, k);
            *i += 1;
            closed = true;
            break;
        }
        // A line that is only FIN|END ends the block even here.
        if mtoks.len() == 1 && starts_with(&mtoks, KW_END).is_some() {
            break;
        }
        body.push(m.content.trim_end_matches(['\r', '\n']));
        *i += 1;
    }
    while body.first().is_some_and(|b| b.trim_matches(is_space).is_empty()) {
        body.remove(0);
    }
    while body.last().is_some_and(|b| b.trim_matches(is_space).is_empty()) {
        body.pop();
    }
    if !closed {
        problem(Problem::MessageUnclosed);
    }
    let body_chars: usize = body.iter().map(|b| b.chars().count() + 1).sum();
    if let Some(p) = missing {
        problem(p);
        None
    } else if body.is_empty() {
        problem(Problem::MessageEmpty);
        None
    } else if body_chars > MAX_MESSAGE_CHARS {
        problem(Problem::MessageTooLong { chars: body_chars, max: MAX_MESSAGE_CHARS });
        None
    } else {
        Some(body.join("\n"))
    }
}

/// An address as a player may write it: `<a@b.test>`, `mailto:a@b.test`.
fn bare_address(written: &str) -> String {
    let t = written.trim().trim_start_matches('<').trim_end_matches('>');
    let t = t.strip_prefix("mailto:").or_else(|| t.strip_prefix("MAILTO:")).unwrap_or(t);
    t.to_string()
}

/// Reads one block: `lines` runs from the block's first line to the last
/// line that may belong to it; `depth` is the quote depth read.
fn read_block(lines: &[Prepared], depth: usize, tag: Option<&str>, from_attachment: bool) -> Submission {
    let mut sub = Submission {
        game: None,
        family: None,
        password: None,
        turn: None,
        commands: Vec::new(),
        orders: Vec::new(),
        later: Vec::new(),
        problems: Vec::new(),
        from_quote: depth > 0,
        from_attachment,
        english: false,
    };
    let mut lang = Lang::default();
    let mut game_line_seen = false;
    // The lines of the block, in order (deeper quotes and signatures dropped).
    let visible: Vec<&Prepared> = lines.iter().filter(|l| !l.skip && l.depth <= depth).collect();

    let mut i = 0;
    while i < visible.len() {
        let l = visible[i];
        i += 1;
        if l.is_blank() {
            continue;
        }
        let text = l.content.trim_matches(is_space);
        let chars = text.chars().count();
        if chars > MAX_LINE_CHARS {
            // Not read at all: no name, no header value of this size goes
            // into a report, a chronicle or a reply (nor is it echoed whole).
            let cut: String = text.chars().take(60).chain("…".chars()).collect();
            let reason = Problem::LineTooLong { chars, max: MAX_LINE_CHARS }.msg();
            sub.problems.push(LineVerdict::rejected(&OrderLine { no: l.no, text: cut }, reason, None));
            continue;
        }
        let line = OrderLine { no: l.no, text: text.to_string() };
        let toks = keyword_tokens(&l.content);
        let problem = |sub: &mut Submission, p: Problem| {
            sub.problems.push(LineVerdict::rejected(&line, p.msg(), None));
        };

        if let Some((k, _)) = starts_with(&toks, KW_END_MESSAGE) {
            lang.note(KW_END_MESSAGE, k);
            problem(&mut sub, Problem::EndMessageWithoutMessage);
            continue;
        }
        if let Some((k, _)) = starts_with(&toks, KW_END) {
            lang.note(KW_END, k);
            break;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_GAME) {
            lang.note(KW_GAME, k);
            let id = rest.first().map(|t| t.text.clone()).filter(|t| !t.is_empty());
            match (sub.game.clone(), id) {
                (_, None) => problem(&mut sub, Problem::GameIdMissing),
                (None, Some(id)) => {
                    if !game_line_seen && rest.len() > 1 {
                        problem(&mut sub, Problem::GameExtraText { id: id.clone() });
                    }
                    sub.game = Some(id);
                }
                (Some(first), Some(id)) => {
                    if text::key(&first) != text::key(&id) {
                        problem(&mut sub, Problem::GameRepeated { id, first });
                    }
                }
            }
            game_line_seen = true;
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_FAMILY) {
            lang.note(KW_FAMILY, k);
            let name = joined(rest);
            let kw = KW_FAMILY[k];
            match sub.family.clone() {
                _ if name.is_empty() => problem(&mut sub, Problem::FamilyNameMissing { kw: kw.to_string() }),
                None => sub.family = Some(name),
                Some(first) if text::key(&first) != text::key(&name) => {
                    problem(&mut sub, Problem::FamilyRepeated { kw: kw.to_string(), name, first })
                }
                Some(_) => {}
            }
            continue;
        }
        if let Some((k, _)) = starts_with(&toks, KW_FORGOT) {
            lang.note(KW_FORGOT, k);
            if !sub.commands.contains(&Command::ForgotPassword) {
                sub.commands.push(Command::ForgotPassword);
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_PASSWORD) {
            lang.note(KW_PASSWORD, k);
            // The acknowledgement quotes the line without its words: a
            // password must not be kept in the outbox's copy of a reply.
            let masked = OrderLine { no: line.no, text: format!("{} ***", KW_PASSWORD[k]) };
            let problem = |sub: &mut Submission, p: Problem| sub.problems.push(LineVerdict::rejected(&masked, p.msg(), None));
            match (sub.password.clone(), rest.first()) {
                (_, None) => problem(&mut sub, Problem::PasswordMissing),
                (None, Some(p)) => {
                    if rest.len() > 1 {
                        problem(&mut sub, Problem::PasswordOneWord);
                    }
                    sub.password = Some(p.text.clone());
                }
                (Some(first), Some(p)) => {
                    if first != p.text {
                        problem(&mut sub, Problem::PasswordRepeated);
                    }
                }
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_TURN) {
            lang.note(KW_TURN, k);
            let kw = KW_TURN[k];
            match rest.first() {
                None => problem(&mut sub, Problem::TurnMissing { kw: kw.to_string() }),
                Some(t) => match t.text.parse::<u32>() {
                    Err(_) => problem(&mut sub, Problem::TurnNotANumber { kw: kw.to_string(), text: t.text.clone() }),
                    Ok(n) => {
                        let current = sub.later.last().map(|b| b.turn).or(sub.turn);
                        match current {
                            None => sub.turn = Some(n),
                            // A higher number starts the orders of a later step.
                            Some(c) if n > c => sub.later.push(TurnBlock { turn: n, line: line.clone(), orders: Vec::new() }),
                            Some(c) if n < c => problem(&mut sub, Problem::TurnBackwards { kw: kw.to_string(), n, current: c }),
                            Some(_) => {}
                        }
                    }
                },
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_JOIN) {
            lang.note(KW_JOIN, k);
            let name = joined(rest);
            if name.is_empty() {
                problem(&mut sub, Problem::JoinNameMissing { kw: KW_JOIN[k].to_string() });
            } else {
                sub.commands.push(Command::Join { family_name: name, line: line.clone() });
            }
            continue;
        }
        if let Some((k, [n, ..])) = starts_with(&toks, KW_REPORT) {
            // `RAPPORT <n>`: an earlier turn's report.
            lang.note(KW_REPORT, k);
            match n.text.parse::<u32>() {
                Ok(n) if !sub.commands.contains(&Command::ReportOf(n)) => sub.commands.push(Command::ReportOf(n)),
                Ok(_) => {}
                Err(_) => problem(&mut sub, Problem::ReportTurnNotANumber { kw: KW_REPORT[k].to_string(), text: n.text.clone() }),
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_ADDRESS) {
            lang.note(KW_ADDRESS, k);
            match starts_with(rest, KW_CODE) {
                Some((_, [code])) => sub.commands.push(Command::AddressCode { code: code.text.to_ascii_uppercase() }),
                _ => match rest {
                    [a] => sub.commands.push(Command::Address { address: bare_address(&a.text) }),
                    _ => problem(&mut sub, Problem::AddressMissing { kw: KW_ADDRESS[k].to_string() }),
                },
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_ABSENCE) {
            lang.note(KW_ABSENCE, k);
            let kw = KW_ABSENCE[k].to_string();
            if let Some((c, [])) = starts_with(rest, KW_CANCEL) {
                lang.note(KW_CANCEL, c);
                sub.commands.retain(|c| !matches!(c, Command::Absence(_)));
                sub.commands.push(Command::Absence(AbsenceCommand::Cancel));
                continue;
            }
            // The dates as written (the keyword tokens split them).
            let words: Vec<&str> = text.split(is_space).filter(|w| !w.is_empty()).skip(1).collect();
            match words.as_slice() {
                [a, b] => match (parse_date(a), parse_date(b)) {
                    (Some(from), Some(to)) if from <= to => {
                        sub.commands.retain(|c| !matches!(c, Command::Absence(_)));
                        sub.commands.push(Command::Absence(AbsenceCommand::Declare { from, to }));
                    }
                    (Some(_), Some(_)) => problem(&mut sub, Problem::AbsenceBackwards { kw }),
                    _ => problem(&mut sub, Problem::AbsenceDates { kw, text: words.join(" ") }),
                },
                _ => problem(&mut sub, Problem::AbsenceDates { kw, text: words.join(" ") }),
            }
            continue;
        }
        let simple = [
            (KW_HELP, Command::Help),
            (KW_REPORT, Command::Report),
            (KW_CANCEL, Command::Cancel),
            (KW_CONFIRM, Command::Confirm),
            (KW_WAIT, Command::Wait),
            (KW_RESIGN, Command::Resign),
        ];
        // `ABANDON | RESIGN` concedes only alone on its line: followed by a
        // name it is an order (Stellarium's `RESIGN <judge>`, orders.md),
        // read by the ruleset.
        if let Some((table, k, cmd)) = simple
            .iter()
            .find_map(|(t, c)| starts_with(&toks, t).filter(|(_, rest)| *t != KW_RESIGN || rest.is_empty()).map(|(k, _)| (*t, k, c.clone())))
        {
            lang.note(table, k);
            if !sub.commands.contains(&cmd) {
                sub.commands.push(cmd);
            }
            continue;
        }
        if let Some((_, rest)) = starts_with(&toks, KW_MESSAGE) {
            let (anonymous, target_toks) = anonymous_suffix(rest, &mut lang);
            let target = match starts_with(target_toks, KW_ALL) {
                Some((k, [])) => {
                    lang.note(KW_ALL, k);
                    Some(MessageTarget::All)
                }
                _ => Some(joined(target_toks)).filter(|n| !n.is_empty()).map(MessageTarget::Family),
            };
            let missing = target.is_none().then_some(Problem::MessageNoRecipient);
            if let (Some(body), Some(to)) = (message_body(&visible, &mut i, &mut lang, missing, |p| problem(&mut sub, p)), target) {
                sub.commands.push(Command::Message { to, anonymous, body });
            }
            continue;
        }
        if let Some((k, rest)) = starts_with(&toks, KW_REPLY) {
            lang.note(KW_REPLY, k);
            let (anonymous, token_toks) = anonymous_suffix(rest, &mut lang);
            let token = match token_toks {
                [t] => Some(t.text.to_ascii_uppercase()),
                _ => None,
            };
            let missing = token.is_none().then(|| Problem::ReplyNoToken { kw: KW_REPLY[k].to_string() });
            if let (Some(body), Some(token)) = (message_body(&visible, &mut i, &mut lang, missing, |p| problem(&mut sub, p)), token) {
                sub.commands.push(Command::Reply { token, anonymous, body });
            }
            continue;
        }
        match sub.later.last_mut() {
            Some(block) => block.orders.push(line),
            None => sub.orders.push(line),
        }
    }
    if sub.game.is_none() {
        sub.game = tag.map(str::to_string);
    }
    sub.english = lang.english();
    sub
}

#[cfg(test)]
mod tests;
