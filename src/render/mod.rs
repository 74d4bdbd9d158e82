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
//! # Tera 2
//!
//! The templates are Tera 2 (2.4). What differs from Tera 1, for whoever
//! edits them:
//! - Shared words are **components**, registered globally by name when
//!   their file is loaded (no `import`): `stellar/_words.fr.tera` defines
//!   `stellar.fr.card(c)` …, called as `{{ <stellar.fr.card c={r.card}/> }}`;
//!   a filter may follow (`{{ <stellar.fr.kinds k={c.kind}/> | pad(width=24) }}`).
//!   Each language has its own names (`stellar.en.card`).
//! - Tests take keyword arguments: `is starting_with(pat="GAME")`,
//!   `is containing(pat=" ")`. An array element is `a[0]`, not `a.0`.
//! - A float prints with its `.0` when whole (`320.0`), and a division is
//!   always a float: the maps print computed coordinates through
//!   `int_if_whole` (below), as Tera 1 printed them. Whole floats of the
//!   context are handed to Tera as integers for the same reason.
//! - Inside a `{% for %}`'s `{% else %}` part, the templates carry no
//!   whitespace control (`{%-`/`-%}`, the `{% endfor %}` included), and the
//!   `{% else %}` has a leading `-` where the loop body's end is trimmed:
//!   Tera 1 ignored the dashes of an `else` part and trimmed the body by
//!   the `{%- endfor %}`; written so, every mail stays byte for byte what
//!   it was.
//! - HTML escaping is Tera 1's (`/` → `&#x2F;`, `'` → `&#x27;`), set with
//!   `Tera::set_escape_fn`, so the HTML and SVG output did not move either.
//! - A render error names the template and line where it happened and
//!   quotes that line.
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
//! - `int_if_whole`: a whole number without its `.0` (`(width / 2) |
//!   int_if_whole` prints `320`, not `320.0`), as Tera 1 printed floats.
//! - `plain`: a component's output as plain text. Tera prints what a
//!   component renders as is, even in an HTML template, and a component's
//!   literal text is never escaped; a component shared by the text and the
//!   HTML report (`stellar.fr.howto`, whose lines hold `<position>`) is
//!   printed `{{ how | plain }}` in HTML, so it is escaped there.
//!
//! # Fonts
//!
//! SVG text is drawn with the DejaVu Sans fonts shipped in `assets/fonts/`
//! and embedded in the binary: no system font is read, so a PNG looks the
//! same on every machine. Every generic family (`sans-serif`, `serif`,
//! `monospace` …) and the default family resolve to DejaVu Sans.
//!
//! # Maps drawn in passes
//!
//! A map whose root `<svg>` carries `data-arbitre-raster="passes"`
//! (Galaxy's) is drawn element by element in its document's order
//! (`passes.rs`): its plain shapes (flat rectangles and frames, straight
//! lines, circles) painted straight onto the pixmap (`paint.rs`), its plain
//! texts from strings shaped once and glyph masks (halo included)
//! rasterised once per process (`glyphs.rs`), each run of other elements by
//! resvg. The picture is the document's, to a quarter of a pixel in a
//! glyph's position; the same SVG always gives the same bytes, whatever was
//! drawn before it (each thread keeps its pixel buffer from one map to the
//! next, `spare.rs`, wholly overwritten each time).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use resvg::usvg;
use serde_json::Value;

mod glyphs;
mod layers;
mod paint;
mod passes;
mod png;
mod spare;

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
    /// Template sources by name, to quote the line of a render error.
    sources: BTreeMap<String, String>,
    fontdb: Arc<usvg::fontdb::Database>,
    /// Rasters of map bases shared by families (layers.rs).
    bases: layers::BaseCache,
    /// Shaped strings and glyph masks of the maps' texts (glyphs.rs).
    glyphs: glyphs::Glyphs,
    /// The last PNGs made from whole SVGs: a step's board picture is the
    /// same for every reader of a language (Galactic Destiny's), so it is
    /// rasterised once per step, not once per report.
    pngs: PngCache,
}

/// The PNGs of the last [`PngCache::KEPT`] SVG documents, by their whole
/// text (no hash: two different documents never share a picture).
#[derive(Default)]
struct PngCache(std::sync::Mutex<std::collections::VecDeque<(Arc<str>, Arc<[u8]>)>>);

impl PngCache {
    const KEPT: usize = 4;

    fn get(&self, svg: &str) -> Option<Arc<[u8]>> {
        let entries = self.0.lock().unwrap_or_else(|e| e.into_inner());
        entries.iter().find(|(k, _)| &**k == svg).map(|(_, png)| png.clone())
    }

    fn put(&self, svg: &str, png: Arc<[u8]>) {
        let mut entries = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= Self::KEPT {
            entries.pop_front();
        }
        entries.push_back((Arc::from(svg), png));
    }
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
        tera.set_escape_fn(escape_html);
        // Tera checks at load time that every filter a template names exists.
        register_filters(&mut tera);
        tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.as_str())))
            .map_err(|e| template_error(&e, "?", &sources))?;
        Ok(Renderer { tera, sources, fontdb: Arc::new(font_database()), bases: layers::BaseCache::default(), glyphs: glyphs::Glyphs::default(), pngs: PngCache::default() })
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
        let ctx = Prepared::new(context).ok_or_else(|| RenderError::Context { name: name.to_string() })?;
        self.render_prepared(name, &ctx)
    }

    /// Renders template `name` with a context converted once by
    /// [`Prepared::new`]: what [`Renderer::render`] does, without converting
    /// the JSON to Tera's values again for each template of a family (its
    /// text and HTML reports and its map share one view).
    pub fn render_prepared(&self, name: &str, context: &Prepared) -> Result<String, RenderError> {
        if !self.has_template(name) {
            return Err(RenderError::NotFound { name: name.to_string() });
        }
        self.tera.render(name, &context.0).map_err(|e| template_error(&e, name, &self.sources))
    }
}

/// A template context already converted to Tera's values (see
/// [`Renderer::render_prepared`]).
pub struct Prepared(tera::Context);

impl Prepared {
    /// `context` (a JSON object) as Tera's values; `None` when it is not an
    /// object.
    pub fn new(context: &Value) -> Option<Prepared> {
        let serde_json::Value::Object(map) = context else { return None };
        let mut ctx = tera::Context::new();
        for (k, v) in map {
            ctx.insert_value(k.clone(), to_tera(v));
        }
        Some(Prepared(ctx))
    }

    /// Sets one more top-level variable (a map's `layer`).
    pub fn set(&mut self, key: &str, value: &str) {
        self.0.insert_value(key.to_string(), value.into());
    }

    /// Removes a top-level variable.
    pub fn unset(&mut self, key: &str) {
        self.0.remove(key);
    }
}

impl Renderer {
    /// Rasterises an SVG document at its own size (in px) with the shipped
    /// fonts. External images are never fetched (no file, no network). A
    /// document that asks for it is drawn in passes: its plain shapes and
    /// texts without resvg, from cached glyphs for the texts (passes.rs).
    /// The pixels go back to the thread's spare buffer (spare.rs).
    /// The same document again (the next reader's copy of a step's board)
    /// gets the PNG made the first time ([`PngCache`]).
    pub fn svg_to_png(&self, svg: &str) -> Result<Vec<u8>, RenderError> {
        if let Some(png) = self.pngs.get(svg) {
            return Ok(png.to_vec());
        }
        let pixmap = self.draw(svg)?;
        let png = png::encode(&pixmap);
        spare::give_back(pixmap.take());
        let png = png?;
        self.pngs.put(svg, Arc::from(png.as_slice()));
        Ok(png)
    }

    /// What `svg` draws, as laid out with the shipped fonts: each text and
    /// each shape with the box it covers on the canvas (glyph outlines for a
    /// text, fill and stroke for a shape) and the `id` of its nearest
    /// enclosing group, for the tests of the pictures (labels apart from each
    /// other, drawings inside their cards).
    pub fn drawn(&self, svg: &str) -> Result<Vec<Drawn>, RenderError> {
        fn walk(g: &usvg::Group, group: &str, out: &mut Vec<Drawn>) {
            let group = if g.id().is_empty() { group } else { g.id() };
            for n in g.children() {
                let (id, text, b) = match n {
                    usvg::Node::Group(c) => {
                        walk(c, group, out);
                        continue;
                    }
                    usvg::Node::Text(t) => (t.id(), Some(t.chunks().iter().map(|c| c.text()).collect::<String>()), t.abs_bounding_box()),
                    usvg::Node::Path(p) => (p.id(), None, p.abs_stroke_bounding_box()),
                    usvg::Node::Image(i) => (i.id(), None, i.abs_bounding_box()),
                };
                out.push(Drawn { id: id.to_string(), group: group.to_string(), text, bbox: [b.left(), b.top(), b.right(), b.bottom()] });
            }
        }
        let tree = self.parse_svg(svg)?;
        let mut out = Vec::new();
        walk(tree.root(), "", &mut out);
        Ok(out)
    }

    /// `svg` parsed with the shipped fonts, external images refused.
    fn parse_svg(&self, svg: &str) -> Result<usvg::Tree, RenderError> {
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
        usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))
    }
}

/// One thing a picture draws (`Renderer::drawn`): its own `id`, its text
/// (none for a shape), the box it covers (left, top, right, bottom, in the
/// picture's pixels) and the `id` of its nearest enclosing group ("" when
/// none).
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    pub id: String,
    pub group: String,
    pub text: Option<String>,
    pub bbox: [f32; 4],
}

impl Drawn {
    /// Whether the two boxes share more than `slack` pixels each way.
    pub fn overlaps(&self, other: &Drawn, slack: f32) -> bool {
        let (a, b) = (self.bbox, other.bbox);
        a[0] + slack < b[2] && b[0] + slack < a[2] && a[1] + slack < b[3] && b[1] + slack < a[3]
    }
    /// The pairs of texts among `drawn` whose boxes overlap by more than
    /// `slack` pixels each way, each pair described (texts and boxes).
    pub fn texts_over_texts(drawn: &[Drawn], slack: f32) -> Vec<String> {
        let texts: Vec<&Drawn> = drawn.iter().filter(|d| d.text.is_some()).collect();
        let mut out = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            for u in &texts[i + 1..] {
                if t.overlaps(u, slack) {
                    out.push(format!("{:?} {:?} / {:?} {:?}", t.text, t.bbox, u.text, u.bbox));
                }
            }
        }
        out
    }
    /// Whether this box lies inside `other`'s, `slack` pixels allowed.
    pub fn inside(&self, other: &Drawn, slack: f32) -> bool {
        let (a, b) = (self.bbox, other.bbox);
        a[0] >= b[0] - slack && a[1] >= b[1] - slack && a[2] <= b[2] + slack && a[3] <= b[3] + slack
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

/// A JSON value as a Tera value, a whole float becoming an integer: Tera 1
/// printed `720.0` as `720` (Rust's `Display`), Tera 2 prints it `720.0`
/// (`Debug`), and the maps' coordinates are `f64`s. Other floats print the
/// same in both.
fn to_tera(v: &Value) -> tera::Value {
    match v {
        Value::Null => tera::Value::none(),
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into(),
            (None, Some(u), _) => u.into(),
            (None, None, Some(f)) => whole(f).map_or_else(|| f.into(), tera::Value::from),
            (None, None, None) => tera::Value::none(),
        },
        Value::String(s) => s.as_str().into(),
        Value::Array(items) => items.iter().map(to_tera).collect::<Vec<_>>().into(),
        // In the JSON map's own order, as Tera 1 iterated it (`preserve_order`).
        Value::Object(m) => {
            m.iter().map(|(k, v)| (tera::value::Key::from(k.clone()), to_tera(v))).collect::<tera::Map>().into()
        }
    }
}

/// `f` as an integer if it is a whole number an `f64` holds exactly.
fn whole(f: f64) -> Option<i64> {
    (f.is_finite() && f.fract() == 0.0 && f.abs() < 9.0e15).then_some(f as i64)
}

/// A Tera error as a [`RenderError`]: parse and render errors carry the
/// template they happened in (an included one, if so), the line, and that
/// line's text quoted after the message; others (a missing parent template
/// …) name `name`, the template asked for.
fn template_error(e: &tera::Error, name: &str, sources: &BTreeMap<String, String>) -> RenderError {
    match e.kind() {
        tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => {
            let name = if r.filename().is_empty() { name } else { r.filename() };
            let line = r.span().start_line;
            let text = sources.get(name).and_then(|src| src.lines().nth(line.saturating_sub(1))).map(str::trim);
            let message = match text {
                Some(t) if !t.is_empty() => format!("{} (in `{}`)", r.message(), t.chars().take(160).collect::<String>()),
                _ => r.message().to_string(),
            };
            RenderError::Template { name: name.to_string(), line: Some(line), message }
        }
        _ => RenderError::Template { name: name.to_string(), line: None, message: e.to_string() },
    }
}

/// `s` escaped for HTML or SVG text as the templates escape it (pictures
/// written in code, not by a template: Galactic Destiny's board).
pub fn escape(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len());
    let _ = escape_html(s, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// HTML escaping as Tera 1 did it (`'` as `&#x27;`, `/` as `&#x2F;`), which
/// every HTML page and SVG map sent so far used: Tera 2's default leaves `/`
/// alone and writes `'` as `&#39;`.
fn escape_html(input: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut start = 0;
    for (i, b) in input.bytes().enumerate() {
        let entity: &[u8] = match b {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'"' => b"&quot;",
            b'\'' => b"&#x27;",
            b'/' => b"&#x2F;",
            _ => continue,
        };
        out.write_all(&input.as_bytes()[start..i])?;
        out.write_all(entity)?;
        start = i + 1;
    }
    out.write_all(&input.as_bytes()[start..])
}

// ---------------------------------------------------------------- filters

type Args = tera::Kwargs;
type FilterResult = tera::TeraResult<String>;

fn register_filters(tera: &mut tera::Tera) {
    tera.register_filter("pad", filter_pad);
    tera.register_filter("fr_num", filter_fr_num);
    tera.register_filter("signed", filter_signed);
    tera.register_filter("plural", filter_plural);
    tera.register_filter("ordinal", filter_ordinal);
    tera.register_filter("wrap", filter_wrap);
    tera.register_filter("int_if_whole", filter_int_if_whole);
    tera.register_filter("plain", filter_plain);
}

/// The text of a value as a template prints it (strings without quotes,
/// none as nothing).
fn as_text(v: &tera::Value) -> String {
    v.to_string()
}

fn arg_usize(args: &Args, name: &str, filter: &str) -> tera::TeraResult<Option<usize>> {
    match args.get::<&tera::Value>(name)? {
        None => Ok(None),
        Some(v) => v.as_u64().and_then(|n| usize::try_from(n).ok()).map(Some).ok_or_else(|| {
            tera::Error::message(format!("filter `{filter}`: `{name}` must be a whole number, got {v}"))
        }),
    }
}

fn arg_str<'a>(args: &'a Args, name: &'a str) -> Option<&'a str> {
    args.get::<&tera::Value>(name).ok().flatten().and_then(tera::Value::as_str)
}

fn arg_bool(args: &Args, name: &str) -> bool {
    args.get::<&tera::Value>(name).ok().flatten().and_then(tera::Value::as_bool).unwrap_or(false)
}

fn as_int(v: &tera::Value, filter: &str) -> tera::TeraResult<i64> {
    if let Some(s) = v.as_str() {
        return s.trim().parse().map_err(|_| tera::Error::message(format!("filter `{filter}`: \"{s}\" is not a number")));
    }
    match (v.as_i64(), v.as_f64()) {
        (Some(i), _) => Ok(i),
        (None, Some(f)) if f.is_finite() && f.abs() < 9.0e18 => Ok(f.round() as i64),
        _ if v.is_number() => Err(tera::Error::message(format!("filter `{filter}`: {v} is not a number it can print"))),
        _ => Err(tera::Error::message(format!("filter `{filter}`: {v} is not a number"))),
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

fn filter_pad(v: &tera::Value, args: Args, _: &tera::State) -> FilterResult {
    let width = arg_usize(&args, "width", "pad")?.ok_or_else(|| tera::Error::message("filter `pad` needs `width`"))?;
    let align = arg_str(&args, "align").unwrap_or("left");
    Ok(pad(&as_text(v), width, align, arg_bool(&args, "cut")))
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

fn filter_fr_num(v: &tera::Value, _: Args, _: &tera::State) -> FilterResult {
    if v.is_none() {
        return Ok(String::new());
    }
    Ok(fr_num(as_int(v, "fr_num")?))
}

fn filter_signed(v: &tera::Value, _: Args, _: &tera::State) -> FilterResult {
    let n = as_int(v, "signed")?;
    Ok(if n > 0 { format!("+{n}") } else { n.to_string() })
}

fn filter_plural(v: &tera::Value, args: Args, _: &tera::State) -> FilterResult {
    let n = as_int(v, "plural")?;
    let one = arg_str(&args, "one").ok_or_else(|| tera::Error::message("filter `plural` needs `one`"))?;
    let many = arg_str(&args, "many").ok_or_else(|| tera::Error::message("filter `plural` needs `many`"))?;
    // French: 0 and 1 take the singular; English passes lang="en" for 1 only.
    let singular = if arg_str(&args, "lang") == Some("en") { n == 1 || n == -1 } else { (-1..=1).contains(&n) };
    Ok(if singular { one } else { many }.to_string())
}

fn filter_ordinal(v: &tera::Value, args: Args, _: &tera::State) -> FilterResult {
    let n = as_int(v, "ordinal")?;
    let s = if arg_str(&args, "lang") == Some("en") {
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
        if arg_bool(&args, "fem") { "1re" } else { "1er" }.to_string()
    } else {
        format!("{n}e")
    };
    Ok(s)
}

/// A whole number prints without a decimal part (`314.0` → `314`), others as
/// they are (`2.5`): how Tera 1 printed every float. Tera 2 prints `314.0`,
/// and a division is always a float; the maps compute their coordinates.
fn filter_int_if_whole(v: &tera::Value, _: Args, _: &tera::State) -> tera::TeraResult<tera::Value> {
    match v.as_f64().filter(|_| v.is_f64()).and_then(whole) {
        Some(i) => Ok(i.into()),
        None if v.is_number() => Ok(v.clone()),
        _ => Err(tera::Error::message(format!("filter `int_if_whole`: {v} is not a number"))),
    }
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

fn filter_wrap(v: &tera::Value, args: Args, _: &tera::State) -> FilterResult {
    let width = arg_usize(&args, "width", "wrap")?.unwrap_or(72);
    let indent = arg_str(&args, "indent").unwrap_or("");
    Ok(wrap(&as_text(v), width, indent))
}

/// The text of a value, not marked safe: an HTML template escapes it.
fn filter_plain(v: &tera::Value, _: Args, _: &tera::State) -> FilterResult {
    Ok(as_text(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use resvg::tiny_skia;

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
    fn the_same_svg_again_is_rasterised_once_and_gives_the_same_png() {
        let (_d, r) = renderer_with(&[]);
        let r = r.expect("loads");
        let svg = |fill: &str| format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="{fill}"/></svg>"#);
        let red = r.svg_to_png(&svg("red")).expect("png");
        assert_eq!(r.pngs.0.lock().expect("cache").len(), 1);
        // A cached picture is what the first drawing made; poison the entry
        // to see that the second call reads it rather than drawing again.
        r.pngs.0.lock().expect("cache")[0].1 = Arc::from(&b"cached"[..]);
        assert_eq!(r.svg_to_png(&svg("red")).expect("png"), b"cached");
        let blue = r.svg_to_png(&svg("blue")).expect("png");
        assert_ne!(blue, red, "another document is drawn anew");
        for c in ["green", "black", "white", "gray"] {
            r.svg_to_png(&svg(c)).expect("png");
        }
        assert_eq!(r.pngs.0.lock().expect("cache").len(), PngCache::KEPT, "only the last few are kept");
        assert_eq!(r.svg_to_png(&svg("red")).expect("png"), red, "the oldest went, drawn again");
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
    fn html_escaping_is_the_one_of_tera_1_in_text_and_in_the_escape_filter() {
        let (_d, r) = renderer_with(&[("a.html.tera", "{{ x }}|{{ x | escape }}|{{ x | safe }}"), ("a.txt.tera", "{{ x }}")]);
        let r = r.expect("loads");
        let ctx = json!({"x": "l'URL <a/b> & \"c\""});
        let escaped = "l&#x27;URL &lt;a&#x2F;b&gt; &amp; &quot;c&quot;";
        assert_eq!(r.render("a.html.tera", &ctx).expect("html"), format!("{escaped}|{escaped}|l'URL <a/b> & \"c\""));
        assert_eq!(r.render("a.txt.tera", &ctx).expect("txt"), "l'URL <a/b> & \"c\"");
    }

    #[test]
    fn whole_floats_print_as_integers_from_the_context_and_through_int_if_whole() {
        let (_d, r) = renderer_with(&[(
            "m.svg.tera",
            "{{ (w / 2) | int_if_whole }} {{ (w / 3) | int_if_whole }} {{ (x + w / 2) | int_if_whole }} {{ w / 2 }} {{ f | int_if_whole }} {{ w | int_if_whole }} {{ f }} {{ x }}",
        )]);
        let out = r.expect("loads").render("m.svg.tera", &json!({"w": 640, "x": 2.5, "f": 3.0})).expect("renders");
        // A whole float of the context prints as Tera 1 printed it: `3`.
        assert_eq!(out, "320 213.33333333333334 322.5 320.0 3 640 3 2.5");
    }

    #[test]
    fn components_are_shared_by_name_and_take_filters() {
        let (_d, r) = renderer_with(&[
            ("g/_words.fr.tera", "{%- component g.fr.kind(k) -%}{% if k == \"moon\" %}lune{% else %}planète{% endif %}{%- endcomponent g.fr.kind -%}"),
            ("g/r.fr.txt.tera", "[{{ <g.fr.kind k={x}/> | pad(width=8) }}][{{ <g.fr.kind k={\"moon\"}/> }}]"),
            ("g/r.fr.html.tera", "{{ <g.fr.kind k={x}/> }} {{ name }}"),
        ]);
        let r = r.expect("loads");
        assert_eq!(r.render("g/r.fr.txt.tera", &json!({"x": "planet"})).expect("txt"), "[planète ][lune]");
        assert_eq!(r.render("g/r.fr.html.tera", &json!({"x": "planet", "name": "<b>"})).expect("html"), "planète &lt;b&gt;");
    }

    #[test]
    fn a_component_printed_plain_is_escaped_in_html_only() {
        let (_d, r) = renderer_with(&[
            ("g/_words.fr.tera", "{%- component g.fr.how(n) -%}PRENDRE <position> (TOUR {{ n }}){%- endcomponent g.fr.how -%}"),
            ("g/r.fr.txt.tera", "{% set how = <g.fr.how n={n}/> %}{{ how | plain }}"),
            ("g/r.fr.html.tera", "{% set how = <g.fr.how n={n}/> %}{{ how }}|{{ how | plain }}"),
        ]);
        let r = r.expect("loads");
        assert_eq!(r.render("g/r.fr.txt.tera", &json!({"n": 3})).expect("txt"), "PRENDRE <position> (TOUR 3)");
        assert_eq!(
            r.render("g/r.fr.html.tera", &json!({"n": 3})).expect("html"),
            "PRENDRE <position> (TOUR 3)|PRENDRE &lt;position&gt; (TOUR 3)"
        );
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
