//! Reading the component files: numbered lines of tokens (quoted names
//! allowed, `#` comments, the `provisoire` line) and the diagnostics every
//! parser collects instead of stopping at the first error or panicking.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One problem of a component file, for the referee: `board.txt, ligne 12 :
/// …` (French, as every component error of the project), or the file alone
/// for a whole-file check (a count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diag {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "{}, ligne {n} : {}", self.file, self.message),
            None => write!(f, "{} : {}", self.file, self.message),
        }
    }
}

/// What a parser read and what it found wrong. The value holds every item
/// that could be read (a faulty line is left out), so later checks still
/// run and the referee sees every problem of a file at once.
#[derive(Debug, Clone)]
pub struct Parsed<T> {
    pub value: T,
    pub diags: Vec<Diag>,
}

/// The data lines of one file and its diagnostics.
pub struct Reader<'a> {
    pub file: &'a str,
    pub diags: Vec<Diag>,
    pub provisional: bool,
    pub last_line: usize,
}

/// A data line: its number and its tokens (quotes removed; `quoted` marks
/// a token written in quotes).
#[derive(Debug, Clone)]
pub struct Line {
    pub no: usize,
    pub words: Vec<String>,
    pub quoted: Vec<bool>,
}

impl Line {
    /// The keyword (first token), lower case, accents kept as written.
    pub fn head(&self) -> &str {
        self.words.first().map(String::as_str).unwrap_or("")
    }
    pub fn get(&self, i: usize) -> Option<&str> {
        self.words.get(i).map(String::as_str)
    }
}

impl<'a> Reader<'a> {
    /// Splits `text` into data lines; records `provisoire` and
    /// unclosed quotes.
    pub fn lines(file: &'a str, text: &str) -> (Reader<'a>, Vec<Line>) {
        let mut r = Reader { file, diags: Vec::new(), provisional: false, last_line: 0 };
        let mut out = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let t = crate::text::tokenize(raw);
            if let Some(p) = t.problem {
                r.err(i + 1, p);
            }
            if t.tokens.is_empty() {
                continue;
            }
            r.last_line = i + 1;
            if t.tokens.len() == 1 && !t.tokens[0].quoted && matches!(crate::text::key(&t.tokens[0].text).as_str(), "PROVISOIRE" | "PROVISIONAL") {
                r.provisional = true;
                continue;
            }
            out.push(Line {
                no: i + 1,
                quoted: t.tokens.iter().map(|t| t.quoted).collect(),
                words: t.tokens.into_iter().map(|t| t.text).collect(),
            });
        }
        (r, out)
    }

    pub fn err(&mut self, line: usize, message: impl Into<String>) {
        self.diags.push(Diag { file: self.file.to_string(), line: Some(line), message: message.into() });
    }

    /// A whole-file problem, reported at the file's last data line.
    pub fn err_end(&mut self, message: impl Into<String>) {
        let line = self.last_line.max(1);
        self.err(line, message);
    }

    /// The integer in word `i` of `l`, within `lo..=hi`, or a diagnostic
    /// naming `what`.
    pub fn int(&mut self, l: &Line, i: usize, what: &str, lo: i64, hi: i64) -> Option<i64> {
        match l.get(i).map(|w| (w, w.strip_prefix('+').unwrap_or(w).parse::<i64>())) {
            Some((_, Ok(n))) if (lo..=hi).contains(&n) => Some(n),
            Some((w, Ok(_))) => {
                self.err(l.no, format!("{what} « {w} » hors de {lo} à {hi}"));
                None
            }
            Some((w, Err(_))) => {
                self.err(l.no, format!("{what} « {w} » : nombre entier attendu"));
                None
            }
            None => {
                self.err(l.no, format!("{what} manquant"));
                None
            }
        }
    }

    /// A diagnostic when `l` has not exactly `lo..=hi` words.
    pub fn arity(&mut self, l: &Line, lo: usize, hi: usize, form: &str) -> bool {
        let ok = (lo..=hi).contains(&l.words.len());
        if !ok {
            self.err(l.no, format!("forme attendue « {form} » ({} mots trouvés)", l.words.len()));
        }
        ok
    }

    /// Word `i` of `l` read by `read`, or `-` for none: `Some(None)` for
    /// `-`, `None` (and a diagnostic listing `choices`) when unknown.
    pub fn optional<T>(&mut self, l: &Line, i: usize, what: &str, read: impl Fn(&str) -> Option<T>, choices: &str) -> Option<Option<T>> {
        match l.get(i) {
            None | Some("-") => Some(None),
            Some(w) => {
                let v = read(w);
                if v.is_none() {
                    self.err(l.no, format!("{what} « {w} » : pas dans la liste ({choices} ou -)"));
                }
                v.map(Some)
            }
        }
    }

    pub fn finish<T>(self, value: T) -> Parsed<T> {
        Parsed { value, diags: self.diags }
    }
}

/// Finds `w` among `(word, value)` pairs by key (case, accents and
/// hyphens ignored).
pub fn lookup<T: Copy>(table: &[(&str, T)], w: &str) -> Option<T> {
    let k = crate::text::key(w);
    table.iter().find(|(a, _)| crate::text::key(a) == k).map(|(_, v)| *v)
}

/// The words of a table, for "one of …" messages.
pub fn words<T>(table: &[(&str, T)]) -> String {
    table.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(", ")
}
