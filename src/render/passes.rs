//! A map drawn in passes, in the very order of its document: the plain
//! shapes (flat rectangles and rectangle outlines, axis-aligned lines and
//! circles: its background, grid, frame, scanner circles, stars, legend)
//! painted straight onto the pixmap with exact anti-aliasing (paint.rs);
//! the plain texts from cached glyphs (glyphs.rs); every other run of
//! elements by resvg. resvg draws a one-pixel line as an anti-aliased
//! hairline, pixel by pixel, fills a stroked frame scanline by scanline
//! over its whole height, and shapes and strokes every glyph of every text
//! again: most of a Galaxy map's rasterising.
//!
//! A document opts in with `data-arbitre-raster="passes"` on its root
//! `<svg>` (Galaxy's map does). Its elements, after the `<defs>` that open
//! it and on into any `<g>` without attributes, are taken in order:
//! - `<rect>`s (a fill, a plain stroke), horizontal or vertical `<line>`s
//!   (butt caps) and `<circle>`s (a fill, a plain stroke) are painted;
//! - `<text>` elements whose attributes this pass knows are drawn from
//!   glyphs (not a `tspan`, a `transform`, a `style`, a named colour,
//!   right-to-left writing …);
//! - each run of other elements is a document of its own for resvg: the
//!   root's opening tag and the `<defs>` before its elements.
//!
//! A `<g>` whose one attribute is a `clip-path` to a `<clipPath>` of one
//! `<rect>` of whole pixels (Galaxy's grid, on a map of the whole torus) is
//! taken element by element too: the pixels outside the rectangle are
//! saved where the group opens and put back where it closes, which is what
//! clipping to whole pixels does, without the layer of the picture's size
//! resvg draws such a group in. Any other `<g>` is resvg's, whole.
//!
//! The root must not set any presentation attribute but `font-family`, nor
//! scale its viewBox, and its width and height must be whole pixels; the
//! document must hold no `<style>`, and no element after the opening
//! `<defs>` may carry an `id` (what refers to it could be drawn in another
//! run). Every font family is the shipped DejaVu Sans (render's font
//! database maps every family to it), regular or bold.
//!
//! Whatever the document, what is drawn is the document: the SVG attachment
//! and the PNG show the same thing.

use resvg::tiny_skia;
use resvg::usvg::roxmltree;

use super::glyphs::{right_to_left, Anchor, Join, Outline, TextRun};
use super::paint::{colour, fill_frame, fill_rect, fill_ring, Rgba};
use super::{RenderError, Renderer};

/// The root attribute that asks for these passes.
pub(super) const OPT_IN: (&str, &str) = ("data-arbitre-raster", "passes");

/// A plain shape of the head.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Flat {
    /// Left, top, right, bottom and its paint.
    Rect(f64, f64, f64, f64, Rgba),
    /// The ring between two radii around a centre (a disc when the inner
    /// radius is 0 or less): cx, cy, inner, outer and its paint.
    Ring(f64, f64, f64, f64, Rgba),
    /// The band between an outer rectangle and an inner one within it (a
    /// rectangle's stroke): the outer's left, top, right, bottom, the
    /// inner's, and its paint.
    Frame([f64; 4], [f64; 4], Rgba),
}

/// One pass of a split document.
#[derive(Debug)]
pub(super) enum Step {
    /// Plain shapes, painted in order.
    Paint(Vec<Flat>),
    /// Texts drawn from cached glyphs, in order.
    Texts(Vec<TextRun>),
    /// A run of other elements, as a document of its own for resvg.
    Resvg(String),
    /// The start of a group clipped to a rectangle of whole pixels (left,
    /// top, right, bottom): what lies outside it is kept as it is now,
    /// and put back at the matching [`Step::EndClip`].
    Clip([u32; 4]),
    /// The end of the latest [`Step::Clip`]'s group.
    EndClip,
}

/// A document split for the passes: its size and its steps, in document
/// order.
pub(super) struct Split {
    pub width: u32,
    pub height: u32,
    pub steps: Vec<Step>,
}

impl Split {
    /// Appends `shapes` to the last step when it paints, or as a new step.
    fn paint(&mut self, shapes: Vec<Flat>) {
        match self.steps.last_mut() {
            Some(Step::Paint(v)) => v.extend(shapes),
            _ => self.steps.push(Step::Paint(shapes)),
        }
    }

    /// Appends `run` to the last step when it draws texts, or as a new step.
    fn text(&mut self, run: TextRun) {
        match self.steps.last_mut() {
            Some(Step::Texts(v)) => v.push(run),
            _ => self.steps.push(Step::Texts(vec![run])),
        }
    }
}

/// `svg` split as the module's doc says; `None` when it did not opt in or
/// cannot be split (resvg then draws it whole).
pub(super) fn split(svg: &str) -> Option<Split> {
    // A cheap test first: most documents do not opt in.
    if !svg.contains(OPT_IN.0) {
        return None;
    }
    let doc = roxmltree::Document::parse(svg).ok()?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.attribute(OPT_IN.0) != Some(OPT_IN.1) || !root_is_plain(root) {
        return None;
    }
    let whole = |k: &str| root.attribute(k).and_then(number).filter(|v| *v >= 1.0 && v.fract() == 0.0 && *v <= 1e6).map(|v| v as u32);
    let (width, height) = (whole("width")?, whole("height")?);
    if doc.descendants().any(|n| n.is_element() && n.tag_name().name() == "style") {
        return None;
    }
    let elements: Vec<roxmltree::Node> = root.children().filter(|n| n.is_element()).collect();
    let mut first = 0;
    while elements.get(first).is_some_and(|n| matches!(n.tag_name().name(), "defs" | "title" | "desc" | "metadata")) {
        first += 1;
    }
    let body = elements.get(first)?;
    if elements[first..].iter().any(|e| e.descendants().any(|n| n.is_element() && n.attribute("id").is_some())) {
        return None;
    }
    // What every resvg run opens with: the root's tag and the defs.
    let prelude = &svg[root.range().start..body.range().start];
    let mut split = Split { width, height, steps: Vec::new() };
    let mut run = String::new();
    for e in &elements[first..] {
        take(*e, svg, &mut split, &mut run, prelude);
    }
    end_run(&mut split, &mut run, prelude);
    if split.steps.iter().all(|s| matches!(s, Step::Resvg(_) | Step::Clip(_) | Step::EndClip)) {
        return None;
    }
    Some(split)
}

/// Takes `n` into `split`: a plain shape or text as a step of its kind,
/// anything else into the current resvg `run`; a `<g>` without
/// attributes, element by element, and so a `<g>` whose one attribute
/// clips it to a rectangle of whole pixels, between a [`Step::Clip`] and
/// its [`Step::EndClip`].
fn take(n: roxmltree::Node, svg: &str, split: &mut Split, run: &mut String, prelude: &str) {
    if n.tag_name().name() == "g" && n.tag_name().namespace() == Some(SVG_NS) {
        let clip = pixel_clip(n);
        if n.attributes().len() == 0 || clip.is_some() {
            if let Some(rect) = clip {
                end_run(split, run, prelude);
                split.steps.push(Step::Clip(rect));
            }
            for c in n.children().filter(|c| c.is_element()) {
                take(c, svg, split, run, prelude);
            }
            if clip.is_some() {
                end_run(split, run, prelude);
                split.steps.push(Step::EndClip);
            }
            return;
        }
    }
    if let Some(shapes) = flat(n) {
        end_run(split, run, prelude);
        split.paint(shapes);
    } else if let Some(text) = text_run(n) {
        end_run(split, run, prelude);
        split.text(text);
    } else {
        run.push_str(&svg[n.range()]);
        run.push('\n');
    }
}

/// The rectangle a `<g>` is clipped to, when its one attribute is
/// `clip-path="url(#id)"` naming a `<clipPath>` of one `<rect>` of whole
/// pixels (in user units, without a transform): clipping to it keeps
/// each pixel wholly or not at all, as resvg's anti-aliased mask does.
fn pixel_clip(g: roxmltree::Node) -> Option<[u32; 4]> {
    let mut attributes = g.attributes();
    let a = attributes.next()?;
    if attributes.next().is_some() || a.name() != "clip-path" || a.namespace().is_some() {
        return None;
    }
    let id = a.value().trim().strip_prefix("url(#")?.strip_suffix(')')?;
    let path = g.document().descendants().find(|n| n.is_element() && n.attribute("id") == Some(id))?;
    let plain_path = path.attributes().all(|a| a.namespace().is_none() && (a.name() == "id" || (a.name() == "clipPathUnits" && a.value() == "userSpaceOnUse")));
    if path.tag_name().name() != "clipPath" || path.tag_name().namespace() != Some(SVG_NS) || !plain_path {
        return None;
    }
    let mut shapes = path.children().filter(|c| c.is_element());
    let rect = shapes.next()?;
    if shapes.next().is_some() || rect.tag_name().name() != "rect" || rect.tag_name().namespace() != Some(SVG_NS) || rect.has_children() {
        return None;
    }
    if rect.attributes().any(|a| a.namespace().is_some() || !["x", "y", "width", "height"].contains(&a.name())) {
        return None;
    }
    let whole = |k: &str, default: Option<f32>| rect.attribute(k).map_or(default, number).filter(|v| *v >= 0.0 && v.fract() == 0.0 && *v <= 1e6).map(|v| v as u32);
    let (x, y, w, h) = (whole("x", Some(0.0))?, whole("y", Some(0.0))?, whole("width", None)?, whole("height", None)?);
    Some([x, y, x + w, y + h])
}

/// Closes the current resvg run, if any, into a step.
fn end_run(split: &mut Split, run: &mut String, prelude: &str) {
    if !run.is_empty() {
        split.steps.push(Step::Resvg(format!("{prelude}{run}</svg>")));
        run.clear();
    }
}

impl Renderer {
    /// `svg` drawn at its own size, in passes when it asks for it (above).
    pub(super) fn draw(&self, svg: &str) -> Result<tiny_skia::Pixmap, RenderError> {
        let Some(split) = split(svg) else {
            return self.rasterise(svg);
        };
        let (w, h) = (split.width, split.height);
        if u64::from(w) * u64::from(h) > super::MAX_PIXELS {
            return Err(RenderError::Png(format!("{w}×{h} pixels is too large")));
        }
        let bad_size = || RenderError::Png(format!("bad size {w}×{h}"));
        let size = tiny_skia::IntSize::from_wh(w, h).ok_or_else(bad_size)?;
        let len = w as usize * h as usize * 4;
        // A first opaque rectangle over the whole picture (a background)
        // is the pixmap's first content rather than painted over zeros.
        let background = match split.steps.first() {
            Some(Step::Paint(shapes)) => match shapes.first() {
                Some(&Flat::Rect(x0, y0, x1, y1, p)) if p.a == 255 && x0 <= 0.0 && y0 <= 0.0 && x1 >= f64::from(w) && y1 >= f64::from(h) => Some(p),
                _ => None,
            },
            _ => None,
        };
        let skip = usize::from(background.is_some());
        let data = super::spare::filled(len, background.map_or([0; 4], |p| [p.r, p.g, p.b, 255]));
        let mut pixmap = tiny_skia::Pixmap::from_vec(data, size).ok_or_else(bad_size)?;
        // What lies outside each open clip, to put back at its end.
        let mut outside: Vec<Outside> = Vec::new();
        for (i, step) in split.steps.iter().enumerate() {
            match step {
                Step::Paint(shapes) => paint_all(&mut pixmap, if i == 0 { &shapes[skip..] } else { shapes }),
                Step::Texts(texts) => {
                    for text in texts {
                        self.glyphs.draw(&mut pixmap, text);
                    }
                }
                Step::Resvg(doc) => {
                    let tree = self.parse_svg(doc)?;
                    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
                }
                Step::Clip(rect) => outside.push(Outside::save(&pixmap, *rect)),
                Step::EndClip => {
                    if let Some(o) = outside.pop() {
                        o.restore(&mut pixmap);
                    }
                }
            }
        }
        Ok(pixmap)
    }
}

/// The pixels of a pixmap outside a rectangle: the rows above it, then
/// for each of its rows the parts left and right of it, then the rows
/// below it, one after the other.
struct Outside {
    rect: [usize; 4],
    bytes: Vec<u8>,
}

impl Outside {
    fn save(pixmap: &tiny_skia::Pixmap, rect: [u32; 4]) -> Outside {
        let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
        let [l, t, r, b] = rect.map(|v| v as usize);
        let rect = [l.min(w), t.min(h), r.min(w).max(l.min(w)), b.min(h).max(t.min(h))];
        let mut bytes = Vec::with_capacity(w * h * 4 - (rect[2] - rect[0]) * (rect[3] - rect[1]) * 4);
        for part in Outside::parts(rect, w, h) {
            bytes.extend_from_slice(&pixmap.data()[part]);
        }
        Outside { rect, bytes }
    }

    fn restore(&self, pixmap: &mut tiny_skia::Pixmap) {
        let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
        let mut at = 0;
        for part in Outside::parts(self.rect, w, h) {
            let n = part.len();
            pixmap.data_mut()[part].copy_from_slice(&self.bytes[at..at + n]);
            at += n;
        }
    }

    /// The byte ranges outside `rect` (within the pixmap), in order.
    fn parts([l, t, r, b]: [usize; 4], w: usize, h: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
        let stride = w * 4;
        let sides = (t..b).flat_map(move |y| [y * stride..y * stride + l * 4, y * stride + r * 4..(y + 1) * stride]);
        std::iter::once(0..t * stride).chain(sides).chain(std::iter::once(b * stride..h * stride)).filter(|p| !p.is_empty())
    }
}

/// Paints `shapes` in order.
fn paint_all(pixmap: &mut tiny_skia::Pixmap, shapes: &[Flat]) {
    for shape in shapes {
        match *shape {
            Flat::Rect(x0, y0, x1, y1, paint) => fill_rect(pixmap, x0, y0, x1, y1, paint),
            Flat::Ring(cx, cy, inner, outer, paint) => fill_ring(pixmap, cx, cy, inner, outer, paint),
            Flat::Frame(outer, inner, paint) => fill_frame(pixmap, outer, inner, paint),
        }
    }
}

/// A plain shape as what it paints, in order (nothing when it
/// paints nothing), or `None` when it is not one.
fn flat(n: roxmltree::Node) -> Option<Vec<Flat>> {
    let known: &[&str] = match n.tag_name().name() {
        "rect" => &["x", "y", "width", "height", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity"],
        "line" => &["x1", "y1", "x2", "y2", "stroke", "stroke-width", "stroke-opacity"],
        "circle" => &["cx", "cy", "r", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity"],
        _ => return None,
    };
    if n.tag_name().namespace() != Some(SVG_NS) || n.attributes().any(|a| !known.contains(&a.name()) || a.namespace().is_some()) {
        return None;
    }
    let coord = |k: &str| n.attribute(k).map_or(Some(0.0), number).map(f64::from);
    let fill = || -> Option<Option<Rgba>> { Some(painted(n.attribute("fill").map_or(Ok(Some((0, 0, 0))), colour).ok()?, opacity(n.attribute("fill-opacity"))?)) };
    let stroke = || -> Option<Option<(Rgba, f64)>> {
        let paint = painted(n.attribute("stroke").map_or(Ok(None), colour).ok()?, opacity(n.attribute("stroke-opacity"))?);
        let width = f64::from(n.attribute("stroke-width").map_or(Some(1.0), number)?);
        Some(paint.filter(|_| width > 0.0).map(|p| (p, width)))
    };
    match n.tag_name().name() {
        "rect" => {
            let (x, y) = (coord("x")?, coord("y")?);
            let (w, h) = (f64::from(n.attribute("width").and_then(number)?), f64::from(n.attribute("height").and_then(number)?));
            if !(w > 0.0 && h > 0.0) {
                return Some(Vec::new());
            }
            let mut out: Vec<Flat> = fill()?.map(|p| Flat::Rect(x, y, x + w, y + h, p)).into_iter().collect();
            // The stroke, centred on the edge, its corners square (miter
            // joins at right angles); a rectangle too small for a hole is
            // wholly covered.
            if let Some((p, sw)) = stroke()? {
                let half = sw / 2.0;
                let outer = [x - half, y - half, x + w + half, y + h + half];
                out.push(if w > sw && h > sw { Flat::Frame(outer, [x + half, y + half, x + w - half, y + h - half], p) } else { Flat::Rect(outer[0], outer[1], outer[2], outer[3], p) });
            }
            Some(out)
        }
        "circle" => {
            let (cx, cy, r) = (coord("cx")?, coord("cy")?, f64::from(n.attribute("r").and_then(number)?));
            if r <= 0.0 {
                return Some(Vec::new());
            }
            let mut out: Vec<Flat> = fill()?.map(|p| Flat::Ring(cx, cy, 0.0, r, p)).into_iter().collect();
            out.extend(stroke()?.map(|(p, w)| Flat::Ring(cx, cy, r - w / 2.0, r + w / 2.0, p)));
            Some(out)
        }
        _ => {
            let (x1, y1, x2, y2) = (coord("x1")?, coord("y1")?, coord("x2")?, coord("y2")?);
            let Some((paint, width)) = stroke()? else { return Some(Vec::new()) };
            let half = width / 2.0;
            if x1 == x2 {
                Some(vec![Flat::Rect(x1 - half, y1.min(y2), x1 + half, y1.max(y2), paint)])
            } else if y1 == y2 {
                Some(vec![Flat::Rect(x1.min(x2), y1 - half, x1.max(x2), y1 + half, paint)])
            } else {
                None
            }
        }
    }
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// The largest font size (and text stroke) drawn from cached glyphs, in px.
const MAX_FONT_SIZE: f32 = 200.0;

/// A colour as parsed, with its opacity.
fn painted(rgb: Option<(u8, u8, u8)>, a: u8) -> Option<Rgba> {
    rgb.map(|(r, g, b)| Rgba { r, g, b, a })
}

/// The root sets nothing a text would inherit but its font family, and
/// draws at one user unit per pixel.
fn root_is_plain(root: roxmltree::Node) -> bool {
    let (w, h) = (root.attribute("width").and_then(number), root.attribute("height").and_then(number));
    root.attributes().all(|a| match a.name() {
        "width" | "height" | "font-family" | "version" => true,
        "viewBox" => {
            let v: Vec<f32> = a.value().split(|c: char| c == ',' || c.is_whitespace()).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
            matches!((w, h), (Some(w), Some(h)) if v == [0.0, 0.0, w, h])
        }
        n if n == OPT_IN.0 => true,
        // xmlns and xmlns:* are namespaces, not attributes, in roxmltree.
        _ => false,
    })
}

/// A number of user units (`12`, `12.5`, `12px`).
fn number(s: &str) -> Option<f32> {
    let s = s.trim();
    s.strip_suffix("px").unwrap_or(s).trim().parse::<f32>().ok().filter(|v| v.is_finite())
}

fn opacity(s: Option<&str>) -> Option<u8> {
    match s {
        None => Some(255),
        Some(s) => number(s).map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8),
    }
}

/// SVG's default white space handling (`xml:space="default"`): newlines
/// removed, tabs made spaces, spaces trimmed and runs of them collapsed.
fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| *c != '\n' && *c != '\r').map(|c| if c == '\t' { ' ' } else { c }) {
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The text element `n` as a run this pass draws, or `None` when it is
/// not one.
fn text_run(n: roxmltree::Node) -> Option<TextRun> {
    if n.tag_name().name() != "text" || n.tag_name().namespace() != Some(SVG_NS) {
        return None;
    }
    let mut content = String::new();
    for c in n.children() {
        if c.is_element() {
            return None;
        }
        if let Some(t) = c.text().filter(|_| c.is_text()) {
            content.push_str(t);
        }
    }
    let text = collapse(&content);
    if text.chars().any(right_to_left) {
        return None;
    }
    const KNOWN: &[&str] = &[
        "x", "y", "font-size", "font-weight", "font-family", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linejoin",
        "paint-order", "text-anchor",
    ];
    if n.attributes().any(|a| !KNOWN.contains(&a.name()) || a.namespace().is_some()) {
        return None;
    }
    let coord = |k: &str| n.attribute(k).map_or(Some(0.0), number);
    // A glyph is rasterised whole into its cache: sizes beyond any map's
    // are left to resvg, which draws only what falls on the picture.
    let size = n.attribute("font-size").map_or(Some(12.0), number).filter(|s| *s <= MAX_FONT_SIZE)?;
    let bold = match n.attribute("font-weight").map(str::trim) {
        None | Some("normal" | "400") => false,
        Some("bold" | "700") => true,
        Some(_) => return None,
    };
    let anchor = match n.attribute("text-anchor").map(str::trim) {
        None | Some("start") => Anchor::Start,
        Some("middle") => Anchor::Middle,
        Some("end") => Anchor::End,
        Some(_) => return None,
    };
    let fill = painted(n.attribute("fill").map_or(Ok(Some((0, 0, 0))), colour).ok()?, opacity(n.attribute("fill-opacity"))?);
    let stroke_paint = painted(n.attribute("stroke").map_or(Ok(None), colour).ok()?, opacity(n.attribute("stroke-opacity"))?);
    let width = n.attribute("stroke-width").map_or(Some(1.0), number).filter(|w| *w <= MAX_FONT_SIZE)?;
    let join = match n.attribute("stroke-linejoin").map(str::trim) {
        None | Some("miter") => Join::Miter,
        Some("round") => Join::Round,
        Some("bevel") => Join::Bevel,
        Some(_) => return None,
    };
    let stroke_first = match n.attribute("paint-order").map(str::trim) {
        None | Some("normal" | "fill" | "fill stroke") => false,
        Some("stroke" | "stroke fill") => true,
        Some(_) => return None,
    };
    let stroke = stroke_paint.filter(|_| width > 0.0).map(|paint| Outline { paint, width, join });
    Some(TextRun { x: coord("x")?, y: coord("y")?, size, bold, anchor, text, fill, stroke, stroke_first })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" font-family="DejaVu Sans" data-arbitre-raster="passes">"##;

    /// The steps' kinds, in order: P (paint), T (texts), R (resvg).
    fn kinds(s: &Split) -> String {
        s.steps.iter().map(|st| match st { Step::Paint(_) => 'P', Step::Texts(_) => 'T', Step::Resvg(_) => 'R', Step::Clip(_) => '[', Step::EndClip => ']' }).collect()
    }

    fn texts(s: &Split) -> Vec<&TextRun> {
        s.steps.iter().flat_map(|st| match st { Step::Texts(t) => t.iter().collect(), _ => Vec::new() }).collect()
    }

    fn resvg_docs(s: &Split) -> Vec<&str> {
        s.steps.iter().filter_map(|st| match st { Step::Resvg(d) => Some(d.as_str()), _ => None }).collect()
    }

    #[test]
    fn each_element_is_taken_in_order_by_its_kind() {
        let svg = format!(
            r##"{HEAD}<rect width="100" height="50" fill="#000"/><text x="1" y="9">early</text><circle cx="5" cy="5" r="3"/><path d="M0,0 L9,9"/>
<text x="2" y="20" font-size="9" font-weight="bold" fill="#abc" stroke="#0b1026" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">A &amp;  B</text>
<text x="50" y="40" text-anchor="middle" fill-opacity="0.5">C</text>
</svg>"##
        );
        let s = split(&svg).expect("split");
        assert_eq!(kinds(&s), "PTPRT");
        assert_eq!((s.width, s.height), (100, 50));
        let t = texts(&s);
        assert_eq!(t.iter().map(|t| t.text.as_str()).collect::<Vec<_>>(), ["early", "A & B", "C"]);
        assert!(t[1].bold && t[1].stroke_first);
        assert_eq!(t[1].fill, Some(Rgba { r: 0xaa, g: 0xbb, b: 0xcc, a: 255 }));
        assert_eq!(t[1].stroke.map(|o| (o.width, o.join)), Some((2.2, Join::Round)));
        assert_eq!((t[2].anchor, t[2].fill.map(|f| f.a)), (Anchor::Middle, Some(128)));
        // resvg's run is a document of its own: the root's tag, the path.
        assert_eq!(resvg_docs(&s), [format!("{HEAD}<path d=\"M0,0 L9,9\"/>\n</svg>")]);
    }

    #[test]
    fn plain_shapes_are_painted_wherever_they_are() {
        let svg = format!(
            r##"{HEAD}<defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>
<rect x="0" y="0" width="100" height="50" fill="#0b1026"/><line x1="10" y1="5" x2="10" y2="45" stroke="#1a2248" stroke-width="1"/>
<line x1="0" y1="20" x2="90" y2="20" stroke="#34406b" stroke-opacity="0.5" stroke-width="2"/><line x1="0" y1="1" x2="0" y2="9"/>
<g><circle cx="50" cy="25" r="10" fill="#2e86c1" fill-opacity="0.12" stroke="#2e86c1" stroke-opacity="0.5" stroke-width="1"/>
<line x1="0" y1="0" x2="9" y2="9" stroke="#fff"/><rect x="1" y="1" width="5" height="5" fill="#fff"/></g>
<rect x="10" y="10" width="80" height="30" fill="none" stroke="#5d6d7e" stroke-width="1.5"/><text>a</text></svg>"##
        );
        let s = split(&svg).expect("split");
        let paint = |r, g, b, a| Rgba { r, g, b, a };
        let blue = |a| paint(46, 134, 193, a);
        assert_eq!(kinds(&s), "PRPT");
        let Step::Paint(head) = &s.steps[0] else { unreachable!() };
        assert_eq!(
            head,
            &[
                Flat::Rect(0.0, 0.0, 100.0, 50.0, paint(11, 16, 38, 255)),
                Flat::Rect(9.5, 5.0, 10.5, 45.0, paint(26, 34, 72, 255)),
                Flat::Rect(0.0, 19.0, 90.0, 21.0, paint(52, 64, 107, 128)),
                Flat::Ring(50.0, 25.0, 0.0, 10.0, blue(31)),
                Flat::Ring(50.0, 25.0, 9.5, 10.5, blue(128)),
            ]
        );
        // The line with no stroke paints nothing; the slanted one is
        // resvg's, with the defs; the shapes after it are painted again, the
        // frame as one band.
        let Step::Paint(after) = &s.steps[2] else { unreachable!() };
        assert_eq!(
            after,
            &[Flat::Rect(1.0, 1.0, 6.0, 6.0, paint(255, 255, 255, 255)), Flat::Frame([9.25, 9.25, 90.75, 40.75], [10.75, 10.75, 89.25, 39.25], paint(93, 109, 126, 255))]
        );
        let docs = resvg_docs(&s);
        assert!(docs.len() == 1 && docs[0].contains("<defs>") && docs[0].ends_with(r##"<line x1="0" y1="0" x2="9" y2="9" stroke="#fff"/>
</svg>"##), "{docs:?}");
        for stop in [r#"<rect width="9" height="9" rx="2"/>"#, r##"<line x2="9" stroke="#fff" stroke-linecap="round"/>"##, r#"<g opacity="0.5"><rect width="9" height="9"/></g>"#, r#"<circle r="3" stroke-dasharray="2"/>"#] {
            let s = split(&format!("{HEAD}{stop}<rect width=\"9\" height=\"9\"/><text>a</text></svg>")).expect("split");
            assert_eq!(kinds(&s), "RPT", "{stop}");
            assert!(resvg_docs(&s)[0].contains(stop), "{stop}");
        }
    }

    /// A map of 100×50 with a grid clipped at (10, 10)–(60, 40): a disc
    /// and a slanted line cross its left edge, a text lies outside it.
    fn clipped_svg(clip: &str, group: &str) -> String {
        format!(
            r##"{HEAD}<defs><clipPath id="grid">{clip}</clipPath></defs>
<rect x="0" y="0" width="100" height="50" fill="#0b1026"/><rect x="10" y="10" width="50" height="30" fill="#0f1636"/>
<g {group}><circle cx="12" cy="25" r="9" fill="#2e86c1" stroke="#ffffff" stroke-width="1"/><path d="M0,12 L40,38" stroke="#58d68d" stroke-width="2"/></g>
<text x="62" y="20" font-size="9" fill="#ffffff">a</text></svg>"##
        )
    }

    #[test]
    fn a_group_clipped_to_whole_pixels_is_drawn_in_passes_and_shows_nothing_outside_its_rectangle() {
        let svg = clipped_svg(r#"<rect x="10" y="10" width="50" height="30"/>"#, r#"clip-path="url(#grid)""#);
        let s = split(&svg).expect("split");
        assert_eq!(kinds(&s), "P[PR]T");
        assert!(matches!(s.steps[1], Step::Clip([10, 10, 60, 40])), "{:?}", s.steps[1]);
        assert!(resvg_docs(&s).iter().all(|d| !d.contains("clip-path=")), "the runs inside are drawn unclipped, then what is outside is put back");
        let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let ours = r.draw(&svg).expect("ours");
        let whole = r.rasterise(&svg.replace(&format!(r#" {}="{}""#, OPT_IN.0, OPT_IN.1), "")).expect("resvg's");
        let px = |p: &tiny_skia::Pixmap, x: u32, y: u32| p.pixel(x, y).map(|c| (c.red(), c.green(), c.blue()));
        // Left of the grid, where the disc and the line would be: the background, exactly.
        for (x, y) in [(5, 25), (9, 25), (3, 14), (9, 17)] {
            assert_eq!(px(&ours, x, y), Some((0x0b, 0x10, 0x26)), "({x}, {y}) outside the clip");
        }
        // Inside it, the disc.
        assert_eq!(px(&ours, 14, 25), Some((0x2e, 0x86, 0xc1)));
        let (mean, far, _) = difference(&ours, &whole);
        assert!(mean < 0.5 && far == 0, "mean difference {mean:.3}, {far} pixels far off");
    }

    #[test]
    fn a_group_clipped_otherwise_is_left_to_resvg_whole() {
        for (clip, group) in [
            (r#"<rect x="10.5" y="10" width="50" height="30"/>"#, r#"clip-path="url(#grid)""#),
            (r#"<circle cx="30" cy="25" r="20"/>"#, r#"clip-path="url(#grid)""#),
            (r#"<rect x="10" y="10" width="50" height="30" transform="rotate(5)"/>"#, r#"clip-path="url(#grid)""#),
            (r#"<rect x="10" y="10" width="50" height="30"/><rect width="5" height="5"/>"#, r#"clip-path="url(#grid)""#),
            (r#"<rect x="10" y="10" width="50" height="30"/>"#, r#"clip-path="url(#grid)" opacity="0.5""#),
            (r#"<rect x="10" y="10" width="50" height="30"/>"#, r#"clip-path="url(#elsewhere)""#),
        ] {
            let s = split(&clipped_svg(clip, group)).expect("split");
            assert_eq!(kinds(&s), "PRT", "{clip} {group}");
            assert!(resvg_docs(&s)[0].contains(&format!("<g {group}>")), "{clip} {group}");
        }
    }

    #[test]
    fn unknown_text_features_are_left_to_resvg() {
        let ours = |t: &str| split(&format!("{HEAD}<rect width=\"9\" height=\"9\"/>{t}<text>last</text></svg>")).map(|s| (texts(&s).len(), resvg_docs(&s).iter().any(|d| d.contains(t))));
        assert_eq!(ours("<text>plain</text>"), Some((2, false)));
        for t in [
            "<text><tspan>a</tspan></text>",
            "<text transform=\"rotate(9)\">a</text>",
            "<text fill=\"red\">a</text>",
            "<text style=\"fill:#fff\">a</text>",
            "<text font-weight=\"600\">a</text>",
            "<text>שלום</text>",
            "<text font-size=\"5000\">a</text>",
        ] {
            assert_eq!(ours(t), Some((1, true)), "{t}");
        }
        // No opt-in, a scaled viewBox, a style sheet, a painted root, a
        // size in part of a pixel, an element named by an id after the
        // defs (what refers to it could be drawn in another run): no split.
        assert!(split("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\"><text>a</text></svg>").is_none());
        let scaled = HEAD.replace("0 0 100 50", "0 0 50 25");
        assert!(split(&format!("{scaled}<text>a</text></svg>")).is_none());
        assert!(split(&format!("{HEAD}<style>text {{ fill: red }}</style><text>a</text></svg>")).is_none());
        assert!(split(&format!("{}<text>a</text></svg>", HEAD.replace("font-family", "fill=\"#f00\" font-family"))).is_none());
        assert!(split(&format!("{}<text>a</text></svg>", HEAD.replace("\"100\"", "\"100.5\"").replace("0 0 100 50", "0 0 100.5 50"))).is_none());
        assert!(split(&format!("{HEAD}<path id=\"p\" d=\"M0,0 L9,9\"/><use href=\"#p\"/><text>a</text></svg>")).is_none());
        assert!(split(&format!("{HEAD}<defs><path id=\"p\" d=\"M0,0 L9,9\"/></defs><use href=\"#p\"/><text>a</text></svg>")).is_some());
    }

    /// A map's labels as Galaxy draws them: names with a dark halo, bold
    /// fleet names, centred and right-aligned axis numbers, accents.
    fn labels_svg(opt_in: bool) -> String {
        let head = if opt_in { HEAD.replace("100", "420").replace("50", "160") } else { HEAD.replace("100", "420").replace("50", "160").replace(r#" data-arbitre-raster="passes""#, "") };
        format!(
            r##"{head}<rect x="0" y="0" width="420" height="160" fill="#0b1026"/><circle cx="60" cy="60" r="7" fill="#3498db" stroke="#0b1026" stroke-width="1"/>
<text x="210" y="26" font-size="18" font-weight="bold" fill="#ffffff" text-anchor="middle">Carte de Mologataï — tour 10</text>
<text x="40" y="80" font-size="10" fill="#aab7b8" text-anchor="end">+5</text>
<text x="47.5" y="78.7" font-size="9" fill="#ecf0f1" stroke="#0b1026" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">SARBOU</text>
<text x="70.3" y="55.2" font-size="9" font-weight="bold" fill="#abebc6" stroke="#0b1026" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">ÉCLAIR 12</text>
<text x="120.1" y="100.9" font-size="8" fill="#f5b7b1" stroke="#0b1026" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">Balnéa 3 vaisseaux</text>
<text x="24" y="140" font-size="11" fill="#ecf0f1">Étoile possédée, flotte (Wy)</text>
</svg>"##
        )
    }

    #[test]
    fn the_texts_look_as_resvg_draws_them() {
        let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let (mean, far, ink) = difference(&r.draw(&labels_svg(true)).expect("ours"), &r.draw(&labels_svg(false)).expect("resvg's"));
        assert!(ink > 500, "only {ink} pixels of ink");
        assert!(mean < 1.0 && far * 100 < ink, "mean difference {mean:.3}, {far} pixels far off for {ink} of ink");
    }

    /// How far two pictures of one size are apart: the mean of each pixel's
    /// largest channel difference, the pixels that differ by more than 96,
    /// and the light pixels (ink) of the second.
    fn difference(ours: &tiny_skia::Pixmap, theirs: &tiny_skia::Pixmap) -> (f64, usize, usize) {
        assert_eq!((ours.width(), ours.height()), (theirs.width(), theirs.height()));
        let (mut sum, mut far, mut ink) = (0u64, 0usize, 0usize);
        for (a, b) in ours.data().chunks(4).zip(theirs.data().chunks(4)) {
            let d = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
            sum += u64::from(d);
            far += usize::from(d > 96);
            ink += usize::from(b[0] > 120);
        }
        (sum as f64 / (ours.width() * ours.height()) as f64, far, ink)
    }

    /// Galaxy's map opens with its background and grid and puts every text
    /// after every shape, so that the passes draw them all: the grid's
    /// lines, labels, the title, the axes, the legend and the count of
    /// labels left out.
    #[test]
    fn a_galaxy_map_opens_with_its_grid_and_ends_with_every_text() {
        let at = |h: i64, v: i64| serde_json::json!({"h": h, "v": v, "col": h + 39, "row": 38 - v});
        let mut stars: Vec<serde_json::Value> = (0..40).map(|i| serde_json::json!({"name": format!("STAR{i:02}"), "kind": "NORMAL", "at": at(i % 7 - 3, i / 7 - 3)})).collect();
        stars.push(serde_json::json!({"name": "Balnéa", "kind": "RADAR", "at": at(5, 5)}));
        let view = serde_json::json!({
            "size": 78, "half": 39, "over": false, "turn": 3, "player": {"name": "Alice"},
            "own_stars": [{"name": "HOMEST", "kind": "BASE", "home": true, "at": at(0, 0)}],
            "stars": stars,
            "fleets": [{"fleet": "ÉCLAIR", "at": at(1, 0)}],
            "radar": [{"owner": "Bob", "ships": "3", "at": at(-1, 1)}],
            "scanners": [{"at": at(0, 0), "range": 4}],
        });
        let map = crate::games::galaxy::map::map_geometry(&view, false);
        assert!(map["left_out"].is_object() && map["labels"].as_array().unwrap().iter().any(|l| !l["leader"].is_null()), "{map}");
        let r = crate::render::Renderer::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates");
        let svg = r.render("galaxy/map.svg.tera", &serde_json::json!({"ctx": {"lang": "fr"}, "view": {"map": map}})).expect("map");
        let s = split(&svg).expect("the map opts in");
        assert_eq!(texts(&s).len(), svg.matches("<text").count());
        // The background, the grid's and every line of it, the scanner's circle.
        let Step::Paint(head) = &s.steps[0] else { panic!("{}", kinds(&s)) };
        assert_eq!(head.iter().filter(|f| matches!(f, Flat::Rect(..))).count(), 2 + map["lines"].as_array().unwrap().len());
        // No grid line, scanner, frame or text left to resvg.
        for d in resvg_docs(&s) {
            assert!(!d.contains("#1a2248") && !d.contains("#34406b") && !d.contains(r#"fill-opacity="0.12""#) && !d.contains("#5d6d7e") && !d.contains("<text"), "{d}");
        }
        assert!(texts(&s).iter().any(|t| t.text == "ÉCLAIR" && t.bold && t.stroke_first));
        // And it looks as resvg draws it whole.
        let whole = r.rasterise(&svg.replace(&format!(r#" {}="{}""#, OPT_IN.0, OPT_IN.1), "")).expect("resvg's");
        let (mean, far, ink) = difference(&r.draw(&svg).expect("ours"), &whole);
        assert!(mean < 1.0 && far * 100 < ink, "mean difference {mean:.3}, {far} pixels far off for {ink} of ink");
    }
}
