//! Rendering: Tera templates to text, HTML and SVG; SVG to PNG with resvg.
//!
//! # Template conventions
//!
//! A [`Renderer`] loads every `*.tera` file under its templates directory; a
//! template's name is its path relative to that directory, with `/`
//! separators (`stellarium/report.fr.txt.tera`). Autoescaping (HTML/XML
//! entities) is on for `*.html.tera` and `*.svg.tera` only: text templates
//! print what they are given.
//!
//! Each ruleset has a directory `templates/<ruleset>/` with:
//!
//! | template                        | context                                           |
//! |---------------------------------|---------------------------------------------------|
//! | `report.<lang>.txt.tera`        | report context (below)                            |
//! | `report.<lang>.html.tera`       | report context                                    |
//! | `map.svg.tera`                  | `{ "ctx", "family", "view" }`                     |
//! | `chronicle.<lang>.txt.tera`     | `{ "ctx", "view": <public_view JSON> }`           |
//! | `chronicle.<lang>.html.tera`    | same                                              |
//!
//! The report context is
//! `{ "ctx": ViewContext, "family": {"key","name","status","onr_streak","lang"},
//!    "view": <Ruleset::family_view JSON>, "form": [ {"text","comment"} ],
//!    "map_cid": "map" | null }`
//! where `ctx` is [`crate::game::ViewContext`] and `form` the
//! [`crate::game::FormLine`]s of `Ruleset::order_form`. An HTML report shows
//! the map as `<img src="cid:{{ map_cid }}">` when `map_cid` is set (the
//! mail layer attaches the PNG under that Content-ID). HTML templates use
//! inline CSS only and load nothing remote. `templates/common/**` (the
//! referee's own mails) is the lead's.
//!
//! # Filters
//!
//! Besides Tera's built-ins, templates get:
//! - `pad(width=N, align="left"|"right"|"center", cut=false)`: pads a value
//!   with spaces to `N` characters (counted as characters, so accented names
//!   align in text tables); `cut=true` shortens longer values, ending with `…`.
//! - `fr_num`: an integer with French digit grouping (`12 345`, with no-break
//!   spaces).
//! - `signed`: an integer with its sign (`+3`, `-2`, `0`).
//! - `plural(one="an", many="ans")`: the word agreeing with the number (in
//!   French 0 and 1 are singular).
//! - `ordinal(lang="fr", fem=false)`: `1er`, `2e` … (`1re` with `fem=true`;
//!   `1st`, `2nd` … with `lang="en"`).
//! - `wrap(width=72, indent="")`: word-wraps a text, prefixing continuation
//!   lines with `indent`.
//!
//! # Fonts
//!
//! SVG text is drawn with the DejaVu Sans fonts shipped in `assets/fonts/`
//! and embedded in the binary: no system font is read, so a PNG looks the
//! same on every machine. Every generic family (`sans-serif`, `serif`,
//! `monospace` …) and the default family resolve to DejaVu Sans.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use resvg::tiny_skia;
use resvg::usvg;
use serde_json::Value;

mod png;

/// The shipped fonts (Bitstream Vera licence, see `assets/fonts/LICENSE`).
const FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// The family name inside the shipped fonts.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// Largest PNG we agree to rasterise (pixels), so that a template mistake
/// cannot make the daemon allocate gigabytes.
const MAX_PIXELS: u64 = 40_000_000;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("cannot read templates at {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("template {name} not found")]
    NotFound { name: String },
    #[error("template {name}{}: {message}", line.map(|l| format!(", line {l}")).unwrap_or_default())]
    Template { name: String, line: Option<usize>, message: String },
    #[error("the context of template {name} is not a JSON object")]
    Context { name: String },
    #[error("invalid SVG: {0}")]
    Svg(String),
    #[error("cannot make the PNG: {0}")]
    Png(String),
}

/// Loaded templates and fonts. Cheap to share (`Send + Sync`); build it
/// once at start-up.
pub struct Renderer {
    tera: tera::Tera,
    /// Template sources by name, to find the line of a render error.
    sources: BTreeMap<String, String>,
    fontdb: Arc<usvg::fontdb::Database>,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer").field("templates", &self.sources.keys().collect::<Vec<_>>()).finish()
    }
}

impl Renderer {
    /// Loads `templates_dir/**/*.tera`. A missing directory is an error; a
    /// template that does not parse is an error naming it and its line.
    pub fn new(templates_dir: &Path) -> Result<Renderer, RenderError> {
        Renderer::new_for(templates_dir, None)
    }

    /// Like [`Renderer::new`], but only the templates of the folders named
    /// in `only` (e.g. `common` and one ruleset's), when given: compiling
    /// every template is most of a short command's start-up (`arbitre
    /// orders check` needs the mail templates of one game). Templates only
    /// refer to their own folder (`extends`, `import`, `include`).
    pub fn new_for(templates_dir: &Path, only: Option<&[&str]>) -> Result<Renderer, RenderError> {
        let mut files = Vec::new();
        collect_templates(templates_dir, templates_dir, &mut files)?;
        if let Some(only) = only {
            files.retain(|(name, _)| name.split('/').next().is_some_and(|top| only.contains(&top)));
        }
        files.sort();
        let mut sources = BTreeMap::new();
        for (name, path) in &files {
            let text =
                std::fs::read_to_string(path).map_err(|source| RenderError::Io { path: path.clone(), source })?;
            sources.insert(name.clone(), text);
        }
        let mut tera = tera::Tera::default();
        tera.autoescape_on(vec![".html.tera", ".svg.tera"]);
        register_filters(&mut tera);
        tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.as_str())))
            .map_err(|e| load_error(&e, &sources))?;
        Ok(Renderer { tera, sources, fontdb: Arc::new(font_database()) })
    }

    /// Whether a template of that name was loaded.
    pub fn has_template(&self, name: &str) -> bool {
        self.sources.contains_key(name)
    }

    /// The names of the loaded templates, sorted.
    pub fn template_names(&self) -> impl Iterator<Item = &str> {
        self.sources.keys().map(String::as_str)
    }

    /// Renders template `name` with `context` (a JSON object).
    pub fn render(&self, name: &str, context: &Value) -> Result<String, RenderError> {
        if !self.has_template(name) {
            return Err(RenderError::NotFound { name: name.to_string() });
        }
        let ctx = tera::Context::from_value(context.clone()).map_err(|_| RenderError::Context { name: name.to_string() })?;
        self.tera.render(name, &ctx).map_err(|e| {
            let message = error_chain(&e);
            let line = self.sources.get(name).and_then(|src| locate(src, &message));
            RenderError::Template { name: name.to_string(), line, message }
        })
    }

    /// Rasterises an SVG document at its own size (in px) with the shipped
    /// fonts. External images are never fetched (no file, no network).
    pub fn svg_to_png(&self, svg: &str) -> Result<Vec<u8>, RenderError> {
        let mut opt = usvg::Options {
            font_family: FONT_FAMILY.to_string(),
            languages: vec!["fr".to_string(), "en".to_string()],
            fontdb: self.fontdb.clone(),
            ..usvg::Options::default()
        };
        opt.image_href_resolver = usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        };
        let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))?;
        let size = tree.size().to_int_size();
        let (w, h) = (size.width(), size.height());
        if u64::from(w) * u64::from(h) > MAX_PIXELS {
            return Err(RenderError::Png(format!("{w}×{h} pixels is too large")));
        }
        let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(|| RenderError::Png(format!("bad size {w}×{h}")))?;
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        png::encode(&pixmap)
    }
}

/// A font database holding only the shipped fonts, with every generic
/// family mapped to them. Without loading them explicitly, resvg draws text
/// as nothing at all.
fn font_database() -> usvg::fontdb::Database {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(FONT_REGULAR.to_vec());
    db.load_font_data(FONT_BOLD.to_vec());
    db.set_sans_serif_family(FONT_FAMILY);
    db.set_serif_family(FONT_FAMILY);
    db.set_monospace_family(FONT_FAMILY);
    db.set_cursive_family(FONT_FAMILY);
    db.set_fantasy_family(FONT_FAMILY);
    db
}

fn collect_templates(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), RenderError> {
    let entries = std::fs::read_dir(dir).map_err(|source| RenderError::Io { path: dir.to_path_buf(), source })?;
    for entry in entries {
        let entry = entry.map_err(|source| RenderError::Io { path: dir.to_path_buf(), source })?;
        let path = entry.path();
        let ft = entry.file_type().map_err(|source| RenderError::Io { path: path.clone(), source })?;
        if ft.is_dir() {
            collect_templates(root, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "tera") {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            out.push((name, path));
        }
    }
    Ok(())
}

/// The whole message of a Tera error, its causes included (Tera puts the
/// useful part, like the variable name, in the innermost cause).
fn error_chain(e: &tera::Error) -> String {
    let mut parts = vec![e.to_string()];
    let mut cur: Option<&dyn std::error::Error> = std::error::Error::source(e);
    while let Some(c) = cur {
        parts.push(c.to_string());
        cur = c.source();
    }
    parts.join(": ")
}

/// A load error: Tera names the template (`Failed to parse 'x'`) and puts
/// the position in the cause (` --> 3:10`).
fn load_error(e: &tera::Error, sources: &BTreeMap<String, String>) -> RenderError {
    let message = error_chain(e);
    let name = quoted(&message, '\'').into_iter().find(|q| sources.contains_key(q)).unwrap_or_else(|| "?".to_string());
    let line = message.find("--> ").and_then(|i| {
        let digits: String = message[i + 4..].chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().ok()
    });
    let line = line.or_else(|| sources.get(&name).and_then(|src| locate(src, &message)));
    RenderError::Template { name, line, message }
}

/// Every substring of `s` between a pair of `q`.
fn quoted(s: &str, q: char) -> Vec<String> {
    s.split(q).skip(1).step_by(2).map(str::to_string).collect()
}

/// Tera does not give the line of a render error; the error names the
/// failing expression (`Variable \`view.money\` not found`, `Filter \`pad\``):
/// the first line of the template holding it is the line to look at.
fn locate(src: &str, message: &str) -> Option<usize> {
    quoted(message, '`').into_iter().filter(|q| !q.trim().is_empty()).find_map(|q| {
        src.lines().position(|l| l.contains(q.as_str())).map(|i| i + 1)
    })
}

// ---------------------------------------------------------------- filters

type Args = HashMap<String, Value>;

fn register_filters(tera: &mut tera::Tera) {
    tera.register_filter("pad", filter_pad);
    tera.register_filter("fr_num", filter_fr_num);
    tera.register_filter("signed", filter_signed);
    tera.register_filter("plural", filter_plural);
    tera.register_filter("ordinal", filter_ordinal);
    tera.register_filter("wrap", filter_wrap);
}

/// The text of a value as a template prints it (strings without quotes,
/// null as nothing).
fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn arg_usize(args: &Args, name: &str, filter: &str) -> tera::Result<Option<usize>> {
    match args.get(name) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| tera::Error::msg(format!("filter `{filter}`: `{name}` must be a whole number, got {v}"))),
    }
}

fn arg_str<'a>(args: &'a Args, name: &str) -> Option<&'a str> {
    args.get(name).and_then(Value::as_str)
}

fn as_int(v: &Value, filter: &str) -> tera::Result<i64> {
    match v {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f.round() as i64))
            .ok_or_else(|| tera::Error::msg(format!("filter `{filter}`: {n} is not a number it can print"))),
        Value::String(s) => {
            s.trim().parse().map_err(|_| tera::Error::msg(format!("filter `{filter}`: \"{s}\" is not a number")))
        }
        other => Err(tera::Error::msg(format!("filter `{filter}`: {other} is not a number"))),
    }
}

/// Pads `s` to `width` characters.
pub fn pad(s: &str, width: usize, align: &str, cut: bool) -> String {
    let len = s.chars().count();
    if len >= width {
        if cut && len > width && width > 0 {
            let mut t: String = s.chars().take(width - 1).collect();
            t.push('…');
            return t;
        }
        return s.to_string();
    }
    let fill = width - len;
    match align {
        "right" => format!("{}{s}", " ".repeat(fill)),
        "center" => format!("{}{s}{}", " ".repeat(fill / 2), " ".repeat(fill - fill / 2)),
        _ => format!("{s}{}", " ".repeat(fill)),
    }
}

fn filter_pad(v: &Value, args: &Args) -> tera::Result<Value> {
    let width = arg_usize(args, "width", "pad")?.ok_or_else(|| tera::Error::msg("filter `pad` needs `width`"))?;
    let align = arg_str(args, "align").unwrap_or("left");
    let cut = args.get("cut").and_then(Value::as_bool).unwrap_or(false);
    Ok(Value::String(pad(&as_text(v), width, align, cut)))
}

/// `12345` → `12 345` (no-break spaces, as French typography wants).
pub fn fr_num(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{a0}');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

fn filter_fr_num(v: &Value, _: &Args) -> tera::Result<Value> {
    if v.is_null() {
        return Ok(Value::String(String::new()));
    }
    Ok(Value::String(fr_num(as_int(v, "fr_num")?)))
}

fn filter_signed(v: &Value, _: &Args) -> tera::Result<Value> {
    let n = as_int(v, "signed")?;
    Ok(Value::String(if n > 0 { format!("+{n}") } else { n.to_string() }))
}

fn filter_plural(v: &Value, args: &Args) -> tera::Result<Value> {
    let n = as_int(v, "plural")?;
    let one = arg_str(args, "one").ok_or_else(|| tera::Error::msg("filter `plural` needs `one`"))?;
    let many = arg_str(args, "many").ok_or_else(|| tera::Error::msg("filter `plural` needs `many`"))?;
    // French: 0 and 1 take the singular; English passes lang="en" for 1 only.
    let singular = if arg_str(args, "lang") == Some("en") { n == 1 || n == -1 } else { (-1..=1).contains(&n) };
    Ok(Value::String(if singular { one } else { many }.to_string()))
}

fn filter_ordinal(v: &Value, args: &Args) -> tera::Result<Value> {
    let n = as_int(v, "ordinal")?;
    let s = if arg_str(args, "lang") == Some("en") {
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("{n}{suffix}")
    } else if n == 1 {
        // `fem=true` for a feminine noun: « 1re année ».
        if args.get("fem").and_then(Value::as_bool).unwrap_or(false) { "1re" } else { "1er" }.to_string()
    } else {
        format!("{n}e")
    };
    Ok(Value::String(s))
}

/// Word-wraps `text` at `width` characters; continuation lines start with
/// `indent`. Existing line breaks are kept.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let width = width.max(10);
    let mut out = String::new();
    for (pi, para) in text.split('\n').enumerate() {
        if pi > 0 {
            out.push('\n');
            out.push_str(indent);
        }
        let mut col = if pi > 0 { indent.chars().count() } else { 0 };
        let mut first = true;
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let wl = word.chars().count();
            if !first && col + 1 + wl > width {
                out.push('\n');
                out.push_str(indent);
                col = indent.chars().count();
                first = true;
            }
            if !first {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += wl;
            first = false;
        }
    }
    out
}

fn filter_wrap(v: &Value, args: &Args) -> tera::Result<Value> {
    let width = arg_usize(args, "width", "wrap")?.unwrap_or(72);
    let indent = arg_str(args, "indent").unwrap_or("");
    Ok(Value::String(wrap(&as_text(v), width, indent)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn renderer_with(files: &[(&str, &str)]) -> (tempfile::TempDir, Result<Renderer, RenderError>) {
        let dir = tempfile::tempdir().expect("tempdir");
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, text).expect("write");
        }
        let r = Renderer::new(dir.path());
        (dir, r)
    }

    #[test]
    fn templates_are_named_by_relative_path_and_escaped_by_kind() {
        let (_d, r) = renderer_with(&[
            ("g/a.fr.txt.tera", "{{ x }}"),
            ("g/a.fr.html.tera", "{{ x }}"),
            ("g/map.svg.tera", "{{ x }}"),
            ("g/notes.md", "not a template"),
        ]);
        let r = r.expect("loads");
        assert!(r.has_template("g/a.fr.txt.tera"));
        assert!(!r.has_template("g/notes.md"));
        assert_eq!(r.template_names().count(), 3);
        let ctx = json!({"x": "Balnéa <&>"});
        assert_eq!(r.render("g/a.fr.txt.tera", &ctx).expect("txt"), "Balnéa <&>");
        assert_eq!(r.render("g/a.fr.html.tera", &ctx).expect("html"), "Balnéa &lt;&amp;&gt;");
        assert_eq!(r.render("g/map.svg.tera", &ctx).expect("svg"), "Balnéa &lt;&amp;&gt;");
    }

    #[test]
    fn missing_template_error_names_it() {
        let (_d, r) = renderer_with(&[("g/a.txt.tera", "x")]);
        let err = r.expect("loads").render("g/report.fr.txt.tera", &json!({})).expect_err("missing");
        assert!(matches!(err, RenderError::NotFound { .. }));
        assert!(err.to_string().contains("g/report.fr.txt.tera"), "{err}");
    }

    #[test]
    fn missing_variable_error_names_template_and_line() {
        let (_d, r) = renderer_with(&[("g/r.txt.tera", "Tour {{ ctx.turn }}\nArgent : {{ view.money }}\n")]);
        let err = r.expect("loads").render("g/r.txt.tera", &json!({"ctx": {"turn": 3}})).expect_err("fails");
        let s = err.to_string();
        assert!(s.contains("g/r.txt.tera") && s.contains("line 2") && s.contains("view.money"), "{s}");
    }

    #[test]
    fn parse_error_names_template_and_line() {
        let (_d, r) = renderer_with(&[("ok.txt.tera", "fine"), ("g/bad.txt.tera", "a\nb\n{% if %}\n")]);
        let err = r.expect_err("does not load");
        let s = err.to_string();
        assert!(s.contains("g/bad.txt.tera") && s.contains("line 3"), "{s}");
    }

    #[test]
    fn missing_directory_is_an_error() {
        let err = Renderer::new(Path::new("/nonexistent/arbitre/templates")).expect_err("no dir");
        assert!(err.to_string().contains("/nonexistent/arbitre/templates"));
    }

    #[test]
    fn non_object_context_is_an_error() {
        let (_d, r) = renderer_with(&[("a.txt.tera", "x")]);
        assert!(matches!(r.expect("loads").render("a.txt.tera", &json!([1])), Err(RenderError::Context { .. })));
    }

    #[test]
    fn filters_pad_numbers_plurals_ordinals_wrap() {
        let (_d, r) = renderer_with(&[(
            "f.txt.tera",
            "[{{ a | pad(width=8) }}][{{ n | pad(width=5, align=\"right\") }}][{{ long | pad(width=5, cut=true) }}]\
             {{ big | fr_num }} {{ d | signed }} {{ z | signed }} {{ m | signed }} \
             {{ one | plural(one=\"an\", many=\"ans\") }} {{ zero | plural(one=\"an\", many=\"ans\") }} {{ big | plural(one=\"an\", many=\"ans\") }} \
             {{ one | ordinal }} {{ one | ordinal(fem=true) }} {{ d | ordinal }} {{ d | ordinal(lang=\"en\") }}",
        )]);
        let out = r
            .expect("loads")
            .render(
                "f.txt.tera",
                &json!({"a": "Mologataï", "n": 42, "long": "Balnéa-Sud", "big": -1234567, "d": 3, "z": 0, "m": -2, "one": 1, "zero": 0}),
            )
            .expect("renders");
        assert_eq!(
            out,
            "[Mologataï][   42][Baln…]-1\u{a0}234\u{a0}567 +3 0 -2 an an ans 1er 1re 3e 3rd"
        );
        assert_eq!(pad("Éa", 4, "left", false), "Éa  ");
        assert_eq!(fr_num(999), "999");
        assert_eq!(fr_num(1000), "1\u{a0}000");
        assert_eq!(wrap("un deux trois quatre cinq six", 12, "  "), "un deux\n  trois\n  quatre\n  cinq six");
    }

    fn dark_pixels(png: &[u8], x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
        let pm = tiny_skia::Pixmap::decode_png(png).expect("decodes");
        let mut n = 0;
        for y in y0..y1.min(pm.height()) {
            for x in x0..x1.min(pm.width()) {
                let p = pm.pixel(x, y).expect("pixel");
                // Background is opaque white; text is black.
                if p.alpha() > 0 && (p.red() < 128 || p.green() < 128 || p.blue() < 128) {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn svg_text_with_accents_renders_with_the_shipped_font() {
        let (_d, r) = renderer_with(&[]);
        let r = r.expect("loads");
        let with_text = r##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
            <rect width="400" height="120" fill="#ffffff"/>
            <text x="10" y="50" font-family="sans-serif" font-size="28" fill="#000">Mologataï, Balnéa</text>
            <text x="10" y="100" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="#000">Élégie</text>
            </svg>"##;
        let no_text = r##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
            <rect width="400" height="120" fill="#ffffff"/></svg>"##;
        let png = r.svg_to_png(with_text).expect("png");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let blank = r.svg_to_png(no_text).expect("png");
        let text_px = dark_pixels(&png, 0, 20, 400, 60);
        let bold_px = dark_pixels(&png, 0, 70, 400, 110);
        assert_eq!(dark_pixels(&blank, 0, 0, 400, 120), 0);
        assert!(text_px > 500, "only {text_px} text pixels: the font was not used");
        assert!(bold_px > 300, "only {bold_px} bold text pixels");
    }

    #[test]
    fn svg_with_unknown_font_family_falls_back_to_dejavu() {
        let (_d, r) = renderer_with(&[]);
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">
            <rect width="300" height="60" fill="#fff"/>
            <text x="5" y="40" font-size="28" fill="#000">Araknid</text></svg>"##;
        let png = r.expect("loads").svg_to_png(svg).expect("png");
        assert!(dark_pixels(&png, 0, 0, 300, 60) > 300);
    }

    #[test]
    fn bad_svg_and_remote_images_are_refused_or_ignored() {
        let (_d, r) = renderer_with(&[]);
        let r = r.expect("loads");
        assert!(matches!(r.svg_to_png("<svg"), Err(RenderError::Svg(_))));
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50">
            <image href="/etc/passwd" width="50" height="50"/></svg>"##;
        assert!(r.svg_to_png(svg).is_ok());
        let huge = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"></svg>"##;
        assert!(matches!(r.svg_to_png(huge), Err(RenderError::Png(_))));
    }
}
