//! HTML to plain text, for HTML-only mail (orders.md §2): block elements
//! (`p`, `div`, `li`, `tr`, headings…) and `<br>` become line ends, runs of
//! white space collapse, entities are decoded, `<blockquote>` content is
//! prefixed with `> ` per level (so a form edited inside a quoted report is
//! found like in a plain-text reply), and `head`, `style`, `script`,
//! `title` and comments are dropped.
//!
//! mail-parser's own `html_to_text` only breaks lines at `<br>` and `</p>`;
//! Gmail, Outlook.com and Yahoo write one `<div>` per line, so it would join
//! a whole orders block into one line.

/// Converts an HTML body to text lines (`\n`-separated).
pub fn html_to_text(html: &str) -> String {
    let mut c = Converter::default();
    let mut rest = html;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |i| &after[i + 3..]);
            continue;
        }
        let starts_tag = rest.starts_with('<')
            && rest[1..].starts_with(|ch: char| ch.is_ascii_alphabetic() || ch == '/' || ch == '!');
        if starts_tag {
            let end = tag_end(rest);
            // `end` is just past '>' (one byte) when the tag is closed.
            let inner = if rest[..end].ends_with('>') { &rest[1..end - 1] } else { &rest[1..end] };
            c.tag(inner);
            rest = &rest[end..];
            continue;
        }
        let next = rest.find('<').unwrap_or(rest.len());
        let (text, after) = rest.split_at(next);
        if next == 0 {
            // A lone '<' that does not start a tag: text.
            c.text("<");
            rest = &rest[1..];
            continue;
        }
        c.text(text);
        rest = after;
    }
    c.finish()
}

/// Byte index just past the `>` closing the tag at the start of `s`
/// (quotes in attribute values may hold `>`), or `s.len()`.
fn tag_end(s: &str) -> usize {
    let mut quote: Option<char> = None;
    for (i, ch) in s.char_indices().skip(1) {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '"' || ch == '\'' => quote = Some(ch),
            None if ch == '>' => return i + 1,
            None => {}
        }
    }
    s.len()
}

#[derive(Default)]
struct Converter {
    out: String,
    line: String,
    depth: usize,
    /// Inside an element whose text is not shown (`head`, `style`…).
    hidden: usize,
    pre: usize,
    /// A collapsed space is due before the next word.
    space: bool,
}

impl Converter {
    fn tag(&mut self, inner: &str) {
        let inner = inner.trim();
        let closing = inner.starts_with('/');
        let name: String = inner
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == ':' || *c == '-')
            .collect::<String>()
            .to_ascii_lowercase();
        let self_closing = inner.ends_with('/');
        match name.as_str() {
            "head" | "style" | "script" | "title" | "template" => {
                if closing {
                    self.hidden = self.hidden.saturating_sub(1);
                } else if !self_closing {
                    self.hidden += 1;
                }
            }
            "br" => self.hard_break(),
            "blockquote" => {
                self.soft_break();
                if closing {
                    self.depth = self.depth.saturating_sub(1);
                } else {
                    self.depth += 1;
                }
            }
            "pre" => {
                self.soft_break();
                if closing {
                    self.pre = self.pre.saturating_sub(1);
                } else {
                    self.pre += 1;
                }
            }
            "p" | "div" | "li" | "tr" | "table" | "ul" | "ol" | "dl" | "dt" | "dd" | "h1" | "h2" | "h3" | "h4" | "h5"
            | "h6" | "hr" | "section" | "article" | "header" | "footer" | "address" | "center" | "tbody" | "thead" => {
                self.soft_break()
            }
            "td" | "th" if !closing && !self.line.is_empty() => self.space = true,
            _ => {}
        }
    }

    fn text(&mut self, raw: &str) {
        if self.hidden > 0 {
            return;
        }
        let decoded = decode_entities(raw);
        if self.pre > 0 {
            for (i, piece) in decoded.split('\n').enumerate() {
                if i > 0 {
                    self.hard_break();
                }
                self.line.push_str(piece.trim_end_matches('\r'));
            }
            return;
        }
        for ch in decoded.chars() {
            // Collapsible white space; a no-break space is kept as written.
            if matches!(ch, ' ' | '\t' | '\n' | '\r' | '\u{c}') {
                if !self.line.is_empty() {
                    self.space = true;
                }
            } else {
                if self.space {
                    self.line.push(' ');
                    self.space = false;
                }
                self.line.push(ch);
            }
        }
    }

    /// Ends the current line, even an empty one (`<br>`).
    fn hard_break(&mut self) {
        // A trailing collapsed space is kept only for the signature mark "-- ".
        if self.space && self.line == "--" {
            self.line.push(' ');
        }
        self.space = false;
        for _ in 0..self.depth {
            self.out.push('>');
        }
        if self.depth > 0 && !self.line.is_empty() {
            self.out.push(' ');
        }
        self.out.push_str(&self.line);
        self.out.push('\n');
        self.line.clear();
    }

    /// Ends the current line if it has text (block boundaries).
    fn soft_break(&mut self) {
        if !self.line.is_empty() {
            self.hard_break();
        }
        self.space = false;
    }

    fn finish(mut self) -> String {
        self.soft_break();
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }
}

/// Decodes character references: numeric ones and the named ones mail
/// clients write (Latin-1 letters, typographic punctuation).
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let semi = after.find(';').filter(|&j| j <= 10);
        let decoded = semi.and_then(|j| entity(&after[..j]));
        match (semi, decoded) {
            (Some(j), Some(ch)) => {
                out.push(ch);
                rest = &after[j + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return Some(char::from_u32(code).unwrap_or('\u{fffd}'));
    }
    let c = match name {
        "amp" | "AMP" => '&',
        "lt" | "LT" => '<',
        "gt" | "GT" => '>',
        "quot" | "QUOT" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "laquo" => '«',
        "raquo" => '»',
        "ldquo" => '“',
        "rdquo" => '”',
        "lsquo" => '‘',
        "rsquo" => '’',
        "hellip" => '…',
        "ndash" => '–',
        "mdash" => '—',
        "euro" => '€',
        "copy" => '©',
        "deg" => '°',
        "middot" => '·',
        "shy" => '\u{ad}',
        "zwnj" => '\u{200c}',
        "agrave" => 'à',
        "aacute" => 'á',
        "acirc" => 'â',
        "auml" => 'ä',
        "ccedil" => 'ç',
        "egrave" => 'è',
        "eacute" => 'é',
        "ecirc" => 'ê',
        "euml" => 'ë',
        "icirc" => 'î',
        "iuml" => 'ï',
        "ocirc" => 'ô',
        "ouml" => 'ö',
        "ugrave" => 'ù',
        "ucirc" => 'û',
        "uuml" => 'ü',
        "yuml" => 'ÿ',
        "oelig" => 'œ',
        "aelig" => 'æ',
        "Agrave" => 'À',
        "Acirc" => 'Â',
        "Ccedil" => 'Ç',
        "Egrave" => 'È',
        "Eacute" => 'É',
        "Ecirc" => 'Ê',
        "Euml" => 'Ë',
        "Icirc" => 'Î',
        "Iuml" => 'Ï',
        "Ocirc" => 'Ô',
        "Ugrave" => 'Ù',
        "Ucirc" => 'Û',
        "Uuml" => 'Ü',
        "OElig" => 'Œ',
        _ => return None,
    };
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gmail_divs_become_lines_and_empty_div_is_a_blank_line() {
        let html = "<div dir=\"ltr\"><div>PARTIE stellarium-1</div><div>FAMILLE Atr&eacute;ides</div><div><br></div><div>LIEU Paul BOURSE S 2</div></div>";
        assert_eq!(html_to_text(html), "PARTIE stellarium-1\nFAMILLE Atréides\n\nLIEU Paul BOURSE S 2\n");
    }

    #[test]
    fn outlook_paragraphs_and_nbsp() {
        let html = "<html><head><style>p.MsoNormal{margin:0}</style></head><body><p class=MsoNormal>TOUR 3<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>LIEU Jessica Mologata&#239;<o:p></o:p></p></body></html>";
        assert_eq!(html_to_text(html), "TOUR 3\n\u{a0}\nLIEU Jessica Mologataï\n");
    }

    #[test]
    fn br_and_whitespace_collapse() {
        assert_eq!(html_to_text("PARTIE   x<br>\n  FIN<br/>"), "PARTIE x\nFIN\n");
    }

    #[test]
    fn blockquote_lines_are_prefixed_per_level() {
        let html = "<div>Bonjour</div><blockquote><div>PARTIE s</div><blockquote>deep</blockquote></blockquote><div>after</div>";
        assert_eq!(html_to_text(html), "Bonjour\n> PARTIE s\n>> deep\nafter\n");
    }

    #[test]
    fn comments_scripts_and_attribute_quotes_are_skipped() {
        let html = "<!-- x <div>no</div> --><script>var a = '<div>';</script><a href=\"a>b\">lien</a>";
        assert_eq!(html_to_text(html), "lien\n");
    }

    #[test]
    fn signature_mark_keeps_its_space() {
        assert_eq!(html_to_text("FIN<br>-- <br>Jean"), "FIN\n-- \nJean\n");
    }

    #[test]
    fn broken_html_never_panics() {
        for s in ["<", "<div", "&", "&#99999999;", "&#x;", "<<>>", "é<é", "<!--", "</blockquote></blockquote>x"] {
            let _ = html_to_text(s);
        }
        assert_eq!(html_to_text("a < b &amp; c"), "a < b & c\n");
    }
}
