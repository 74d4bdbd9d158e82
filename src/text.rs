//! Lexical rules of the order language shared by every game (`orders.md` §1):
//! accent- and case-insensitive matching, tokens with quoted names, amounts,
//! and "did you mean …?" suggestions.
//!
//! Nothing here fails: tokenising a line always yields tokens, and problems
//! (an unclosed quote) come back as a diagnostic beside them.

use unicode_normalization::UnicodeNormalization;

/// Folds a word for comparison: NFD, combining marks dropped, upper case,
/// typographic apostrophes made straight. `Mologataï` and `MOLOGATAI` fold
/// to the same key; so do `Énchère` and `ENCHERE`.
pub fn fold(s: &str) -> String {
    // Plain ASCII (keywords, most names) has nothing to decompose: the same
    // result without the Unicode tables (most of the parsing's time).
    if s.is_ascii() {
        return s.bytes().map(|b| if b == b'`' { '\'' } else { char::from(b.to_ascii_uppercase()) }).collect();
    }
    fold_unicode(s)
}

/// [`fold`] through the Unicode tables.
fn fold_unicode(s: &str) -> String {
    s.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(|c| c.to_uppercase())
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '`' => '\'',
            'Œ' => 'O', // rare; keeps "ŒUVRE" ~ "OEUVRE" close enough for keys
            _ => c,
        })
        .collect()
}

/// The key of a keyword or a multi-word name: folded, with hyphens,
/// underscores and runs of white space all turned into one space.
/// `coup-d-état`, `COUP_D_ETAT` and `Coup d etat` share the key `COUP D ETAT`.
pub fn key(s: &str) -> String {
    if s.is_ascii() {
        // Plain ASCII: one pass, one allocation.
        return ascii_key(s);
    }
    key_of_folded(&fold(s))
}

/// [`key`] of a word [`fold`] has folded already.
fn key_of_folded(f: &str) -> String {
    let mut out = String::with_capacity(f.len());
    let mut space = false;
    for c in f.chars() {
        if c == '-' || c == '_' || is_space(c) {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    out
}

/// Whether `b` separates the words of a key (ASCII `-`, `_`, white space).
fn is_ascii_separator(b: u8) -> bool {
    b == b'-' || b == b'_' || is_space(char::from(b))
}

/// [`fold`]'s rule for one ASCII byte.
fn fold_ascii(b: u8) -> u8 {
    if b == b'`' {
        b'\''
    } else {
        b.to_ascii_uppercase()
    }
}

/// [`key`] of an ASCII `s`, byte by byte.
fn ascii_key(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for &b in s.as_bytes() {
        if is_ascii_separator(b) {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(char::from(fold_ascii(b)));
    }
    out
}

/// Whether `s` is surely its own key: ASCII without lower case, `-`, `_`,
/// `` ` `` or white space but single spaces between words (`GRAND GENERAL`).
/// A quick test for the keywords' aliases; `false` only means "compute it".
fn is_plain_key(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(|&c| c != b' ')
        && b.last().is_some_and(|&c| c != b' ')
        && b.windows(2).all(|w| w != b"  ")
        && b.iter().all(|&c| c == b' ' || (c.is_ascii_graphic() && !c.is_ascii_lowercase() && !matches!(c, b'-' | b'_' | b'`')))
}

/// Whether two names look alike to a reader: the same confusable
/// skeleton (Unicode TS #39) once made keys ([`key`]: case, accents and
/// separators do not count). `Atreіdes` with a Cyrillic `і` and `Atreides`
/// are; `Atreides` and `Harkonnen` are not.
pub fn confusable(a: &str, b: &str) -> bool {
    let skeleton = |s: &str| unicode_security::skeleton(&key(s)).collect::<String>();
    skeleton(a) == skeleton(b)
}

/// Whether `key(s) == k`, without building the key of an ASCII `s`.
pub fn key_eq(s: &str, k: &str) -> bool {
    if !s.is_ascii() {
        return key(s) == k;
    }
    let k = k.as_bytes();
    if k.len() > s.len() {
        return false;
    }
    // `j`: how much of `k` the bytes of `s` read so far spell.
    let mut j = 0;
    let mut space = false;
    for &b in s.as_bytes() {
        if is_ascii_separator(b) {
            space = j > 0;
            continue;
        }
        if space {
            if k.get(j) != Some(&b' ') {
                return false;
            }
            j += 1;
            space = false;
        }
        if k.get(j) != Some(&fold_ascii(b)) {
            return false;
        }
        j += 1;
    }
    j == k.len()
}

/// White space of the order language: space, tab, no-break spaces, and the
/// other Unicode spaces mail clients produce.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}' || c == '\u{2007}' || c == '\u{feff}'
}

/// A token of an order line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The text as written (quotes removed for a quoted name).
    pub text: String,
    /// Whether it was written in double quotes (a name with spaces).
    pub quoted: bool,
    /// [`key`] of `keyed`, computed once: keywords are matched against it
    /// many times per line.
    key: String,
    /// The text `key` was computed from: `text` is public, and a caller
    /// that changes it (drops a colon) gets the key of the new text.
    keyed: String,
}

impl Token {
    pub fn new(text: String, quoted: bool) -> Token {
        let key = key(&text);
        Token { keyed: text.clone(), text, quoted, key }
    }
    /// The token's comparison key (see [`key`]).
    pub fn key(&self) -> String {
        self.key_cow().into_owned()
    }
    /// [`Token::key`], borrowed unless `text` changed since the token was made.
    pub fn key_cow(&self) -> std::borrow::Cow<'_, str> {
        if self.text == self.keyed {
            std::borrow::Cow::Borrowed(&self.key)
        } else {
            std::borrow::Cow::Owned(key(&self.text))
        }
    }
}

/// The tokens of one line, and a diagnostic when something was off (an
/// unclosed quote; the rest of the line is then taken as the quoted name).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tokens {
    pub tokens: Vec<Token>,
    pub problem: Option<String>,
}

fn is_open_quote(c: char) -> bool {
    matches!(c, '"' | '\u{201c}' | '\u{201e}' | '\u{ab}')
}
fn is_close_quote(c: char) -> bool {
    matches!(c, '"' | '\u{201d}' | '\u{201c}' | '\u{bb}')
}

/// Removes a `#` comment (outside quotes) and surrounding white space.
pub fn strip_comment(line: &str) -> &str {
    let mut in_quote = false;
    for (i, c) in line.char_indices() {
        if !in_quote && is_open_quote(c) {
            in_quote = true;
        } else if in_quote && is_close_quote(c) {
            in_quote = false;
        } else if !in_quote && c == '#' {
            return line[..i].trim_matches(is_space);
        }
    }
    line.trim_matches(is_space)
}

/// Splits a line into tokens: white space separates, double quotes
/// (straight, typographic or guillemets) group a name, `#` starts a comment.
pub fn tokenize(line: &str) -> Tokens {
    let line = strip_comment(line);
    let mut out = Tokens::default();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if is_space(c) {
            chars.next();
            continue;
        }
        if is_open_quote(c) {
            chars.next();
            let mut text = String::new();
            let mut closed = false;
            for c in chars.by_ref() {
                if is_close_quote(c) {
                    closed = true;
                    break;
                }
                text.push(c);
            }
            if !closed {
                out.problem = Some("guillemet fermant manquant".to_string());
            }
            let text = collapse_spaces(&text);
            out.tokens.push(Token::new(text, true));
            continue;
        }
        let mut text = String::new();
        while let Some(&c) = chars.peek() {
            if is_space(c) || is_open_quote(c) {
                break;
            }
            text.push(c);
            chars.next();
        }
        out.tokens.push(Token::new(text, false));
    }
    out
}

/// Collapses runs of white space to one space and trims.
pub fn collapse_spaces(s: &str) -> String {
    s.split(is_space).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Reads an amount of M$ from a token: `5`, `5M$`, `5M`, `5MS` (any case).
/// Returns the number and whether the unit was attached.
pub fn parse_amount(tok: &str) -> Option<u32> {
    let f = fold(tok);
    let digits_end = f.find(|c: char| !c.is_ascii_digit()).unwrap_or(f.len());
    if digits_end == 0 {
        return None;
    }
    let unit = &f[digits_end..];
    if !matches!(unit, "" | "M$" | "M" | "MS") {
        return None;
    }
    f[..digits_end].parse().ok()
}

/// Whether a token is a unit written apart from its number (`5 M$`).
pub fn is_amount_unit(tok: &str) -> bool {
    matches!(fold(tok).as_str(), "M$" | "M" | "MS")
}

/// A cursor over the tokens of one order line, for hand-written parsers.
#[derive(Debug, Clone)]
pub struct Cursor<'a> {
    toks: &'a [Token],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(toks: &'a [Token]) -> Self {
        Cursor { toks, pos: 0 }
    }
    pub fn pos(&self) -> usize {
        self.pos
    }
    pub fn is_done(&self) -> bool {
        self.pos >= self.toks.len()
    }
    pub fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.pos)
    }
    pub fn next(&mut self) -> Option<&'a Token> {
        let t = self.toks.get(self.pos);
        if t.is_some() {
            self.pos += 1;
        }
        t
    }
    /// The tokens not yet read.
    pub fn rest(&self) -> &'a [Token] {
        &self.toks[self.pos.min(self.toks.len())..]
    }

    /// Consumes a keyword given by its aliases (e.g. `["MARIAGE",
    /// "MARRIAGE"]`). A multi-word alias (`"COUP D ETAT"`) matches written
    /// as one token with hyphens or underscores or as several tokens.
    /// Returns the index of the alias that matched.
    pub fn eat_keyword(&mut self, aliases: &[&str]) -> Option<usize> {
        for (i, alias) in aliases.iter().enumerate() {
            // The aliases are written as keys already, but for a few.
            let n = if is_plain_key(alias) { self.match_words(alias) } else { self.match_words(&key(alias)) };
            if let Some(n) = n {
                self.pos += n;
                return Some(i);
            }
        }
        None
    }

    /// How many unquoted tokens from here spell `want` (a key), if any:
    /// their keys joined by one space are `want`.
    fn match_words(&self, want: &str) -> Option<usize> {
        // What is left of `want` once the tokens read so far are matched.
        let mut left = want;
        let mut nothing_yet = true;
        for (n, t) in self.rest().iter().enumerate() {
            if t.quoted {
                return None;
            }
            if !nothing_yet {
                left = left.strip_prefix(' ')?;
            }
            let k = t.key_cow();
            left = left.strip_prefix(k.as_ref())?;
            nothing_yet = nothing_yet && k.is_empty();
            if left.is_empty() {
                return Some(n + 1);
            }
        }
        None
    }

    /// Consumes an amount (`5`, `5M$`, or `5` then `M$`).
    pub fn eat_amount(&mut self) -> Option<u32> {
        let t = self.peek()?;
        if t.quoted {
            return None;
        }
        let v = parse_amount(&t.text)?;
        self.pos += 1;
        if let Some(u) = self.peek() {
            if !u.quoted && is_amount_unit(&u.text) && parse_amount(&t.text).is_some() && t.text.chars().all(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
        }
        Some(v)
    }

    /// Consumes a plain whole number.
    pub fn eat_number(&mut self) -> Option<u32> {
        let t = self.peek()?;
        let v = t.text.parse().ok()?;
        self.pos += 1;
        Some(v)
    }
}

/// The candidate nearest to `name` (accent- and case-insensitively), if it
/// is close enough to be a plausible typo.
pub fn suggest<'a, I>(name: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    let k = key(name);
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        let score = strsim::jaro_winkler(&k, &key(c));
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    match best {
        Some((s, c)) if s >= 0.75 => Some(c.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_are_confusable() {
        assert!(confusable("Atreides", "Atre\u{456}des"), "Cyrillic i");
        assert!(confusable("Atreides", "ATRE\u{406}DES"), "Cyrillic capital I");
        assert!(confusable("Corrino", "C\u{43e}rrino"), "Cyrillic o");
        assert!(confusable("Atréides", "Atreides"));
        assert!(!confusable("Atreides", "Harkonnen"));
        assert!(!confusable("Atreides", "Atreidas"));
    }

    #[test]
    fn fold_of_ascii_is_the_unicode_fold() {
        let all: String = (0u8..128).map(char::from).collect();
        assert_eq!(fold(&all), fold_unicode(&all));
        for w in ["personnage", "Coup-d`etat", "LIEU Paul FLOTTE 1", "a_b c\td", "Maison0012"] {
            assert_eq!(fold(w), fold_unicode(w), "{w:?}");
        }
    }

    #[test]
    fn fold_drops_accents_and_case() {
        assert_eq!(fold("Mologataï"), "MOLOGATAI");
        assert_eq!(fold("atréides"), "ATREIDES");
        assert_eq!(fold("ÉNCHÈRE"), fold("enchere"));
    }

    /// [`key`] through the Unicode tables: the reference of its ASCII path.
    fn key_reference(s: &str) -> String {
        key_of_folded(&fold_unicode(s))
    }

    /// Words made of the separators, quotes and letters the keys care about.
    fn samples() -> Vec<String> {
        let parts = ["", " ", "-", "_", "\t", "a", "Z", "`", "é", "coup", "D", "etat", "Lieu", "9", "\u{a0}"];
        let mut out = Vec::new();
        for a in parts {
            for b in parts {
                for c in parts {
                    out.push(format!("{a}{b}{c}"));
                }
            }
        }
        out
    }

    #[test]
    fn key_of_ascii_is_the_key_through_the_unicode_tables() {
        let all: String = (0u8..128).map(char::from).collect();
        assert_eq!(key(&all), key_reference(&all));
        let words = samples();
        for w in &words {
            assert_eq!(key(w), key_reference(w), "{w:?}");
        }
        // A word is a plain key only if it is its own key.
        for w in &words {
            assert!(!is_plain_key(w) || key_reference(w) == *w, "{w:?}");
        }
        assert!(is_plain_key("GRAND GENERAL") && is_plain_key("M$") && !is_plain_key("GRAND-COMMANDER"));
        // key_eq(a, k) says whether key(a) is k, for keys of every kind.
        let keys: Vec<String> = words.iter().step_by(29).map(|w| key_reference(w)).chain(["A ".into(), " A".into()]).collect();
        for a in &words {
            for k in &keys {
                assert_eq!(key_eq(a, k), key_reference(a) == *k, "{a:?} against {k:?}");
            }
        }
    }

    /// `Cursor::match_words` as it was before it stopped building strings.
    fn match_words_reference(toks: &[Token], want: &str) -> Option<usize> {
        let mut acc = String::new();
        for (n, t) in toks.iter().enumerate() {
            if t.quoted {
                return None;
            }
            if !acc.is_empty() {
                acc.push(' ');
            }
            acc.push_str(&key(&t.text));
            if acc == want {
                return Some(n + 1);
            }
            if !want.starts_with(&acc) {
                return None;
            }
        }
        None
    }

    #[test]
    fn keywords_match_as_the_reference_does() {
        let words = ["COUP", "coup-d", "D", "état", "-", "_", "\"coup\"", "GRAND", "général", "x"];
        let wants = ["COUP D ETAT", "COUP", "GRAND GENERAL", "D ETAT", "X", ""];
        let mut lines = Vec::new();
        for a in words {
            for b in words {
                for c in words {
                    lines.push(format!("{a} {b} {c}"));
                }
            }
        }
        let mut matched = 0;
        for line in &lines {
            let toks = tokenize(line).tokens;
            for want in wants {
                let got = Cursor::new(&toks).match_words(want);
                assert_eq!(got, match_words_reference(&toks, want), "{line:?} against {want:?}");
                matched += usize::from(got.is_some());
            }
        }
        assert!(matched > 100, "{matched} matches");
    }

    #[test]
    fn a_token_whose_text_changed_is_matched_by_its_new_text() {
        let mut toks = tokenize("FAMILLE: Atréides").tokens;
        assert_eq!(Cursor::new(&toks).eat_keyword(&["FAMILLE"]), None);
        toks[0].text.pop();
        assert_eq!(toks[0].key(), "FAMILLE");
        assert_eq!(Cursor::new(&toks).eat_keyword(&["FAMILLE"]), Some(0));
    }

    #[test]
    fn key_unifies_hyphens_underscores_spaces() {
        assert_eq!(key("COUP-D-ETAT"), "COUP D ETAT");
        assert_eq!(key("coup_d_état"), "COUP D ETAT");
        assert_eq!(key("  Coup \t d\u{a0}etat "), "COUP D ETAT");
    }

    #[test]
    fn tokenize_quotes_comments_and_spaces() {
        let t = tokenize("ENCHERE 5M$\t“Étoile  du Matin” # a bid");
        let texts: Vec<_> = t.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["ENCHERE", "5M$", "Étoile du Matin"]);
        assert!(t.tokens[2].quoted);
        assert!(t.problem.is_none());
        let t = tokenize("SABOTAGE \"Aurore # not a comment\"");
        assert_eq!(t.tokens[1].text, "Aurore # not a comment");
    }

    #[test]
    fn tokenize_reports_unclosed_quote() {
        let t = tokenize("ENCHERE 3 \"Aurore");
        assert_eq!(t.tokens[2].text, "Aurore");
        assert!(t.problem.is_some());
    }

    #[test]
    fn amounts_in_every_spelling() {
        for s in ["5", "5M$", "5m", "5MS", "5ms"] {
            assert_eq!(parse_amount(s), Some(5), "{s}");
        }
        assert_eq!(parse_amount("M$"), None);
        assert_eq!(parse_amount("5X"), None);
        let toks = tokenize("5 M$ suite").tokens;
        let mut c = Cursor::new(&toks);
        assert_eq!(c.eat_amount(), Some(5));
        assert_eq!(c.next().unwrap().text, "suite");
    }

    #[test]
    fn multiword_keywords_match_across_tokens() {
        for line in ["COUP-D-ETAT x", "coup d état x", "Coup_D_Etat x"] {
            let toks = tokenize(line).tokens;
            let mut c = Cursor::new(&toks);
            assert_eq!(c.eat_keyword(&["COUP D ETAT", "COUP"]), Some(0), "{line}");
            assert_eq!(c.next().unwrap().text, "x");
        }
    }

    #[test]
    fn suggestion_finds_nearest_name() {
        let names = ["Mologataï", "Kistrang", "Dorkir"];
        assert_eq!(suggest("Molgatai", names).as_deref(), Some("Mologataï"));
        assert_eq!(suggest("zzzzzzzz", names), None);
    }
}
