//! A map whose texts come last, drawn in two passes: resvg for everything
//! but those texts, then the texts from cached glyphs (glyphs.rs).
//!
//! A document opts in with `data-arbitre-text="glyph-cache"` on its root
//! `<svg>` (Galaxy's map does). Only the *tail* of the document is taken:
//! the `<text>` elements, children of the root, that follow every other
//! drawing element, so that drawing them after the rest paints in the very
//! order of the document. A text whose attributes this pass does not know
//! (a `tspan`, a `transform`, a `style`, a named colour, right-to-left
//! writing …) ends the tail: it and everything before it go to resvg. The
//! root must not set any presentation attribute but `font-family`, nor
//! scale its viewBox, and the document must hold no `<style>`. Every font
//! family is the shipped DejaVu Sans (render's font database maps every
//! family to it), regular or bold.
//!
//! Whatever the document, what is drawn is the document: the SVG attachment
//! and the PNG show the same thing.

use std::borrow::Cow;

use resvg::usvg::roxmltree;

use super::glyphs::{right_to_left, Anchor, Join, Outline, Rgba, TextRun};

/// The root attribute that asks for this pass.
pub(super) const OPT_IN: (&str, &str) = ("data-arbitre-text", "glyph-cache");

/// A document split for the two passes: itself without its tail's texts,
/// and those texts in document order.
pub(super) struct Split<'a> {
    pub shapes: Cow<'a, str>,
    pub texts: Vec<TextRun>,
}

/// `svg` split as the module's doc says; `None` when it did not opt in or
/// cannot be split (resvg then draws it whole).
pub(super) fn split(svg: &str) -> Option<Split<'_>> {
    // A cheap test first: most documents do not opt in.
    if !svg.contains(OPT_IN.0) {
        return None;
    }
    let doc = roxmltree::Document::parse(svg).ok()?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.attribute(OPT_IN.0) != Some(OPT_IN.1) || !root_is_plain(root) {
        return None;
    }
    if doc.descendants().any(|n| n.is_element() && n.tag_name().name() == "style") {
        return None;
    }
    let mut tail = Vec::new();
    let (mut start, mut end) = (None, None);
    for n in root.children().filter(|n| n.is_element()).collect::<Vec<_>>().into_iter().rev() {
        let Some(run) = text_run(n) else { break };
        end.get_or_insert(n.range().end);
        start = Some(n.range().start);
        tail.push(run);
    }
    let (start, end) = (start?, end?);
    tail.reverse();
    Some(Split { shapes: Cow::Owned(format!("{}{}", &svg[..start], &svg[end..])), texts: tail })
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

/// `#rgb` or `#rrggbb`; `None` for `none`; anything else unknown.
fn colour(s: &str) -> Result<Option<(u8, u8, u8)>, ()> {
    let s = s.trim();
    if s == "none" {
        return Ok(None);
    }
    let hex = s.strip_prefix('#').ok_or(())?;
    let digit = |i: usize, len: usize| u8::from_str_radix(hex.get(i..i + len).ok_or(())?, 16).map_err(|_| ());
    match hex.len() {
        3 => Ok(Some((digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17))),
        6 => Ok(Some((digit(0, 2)?, digit(2, 2)?, digit(4, 2)?))),
        _ => Err(()),
    }
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
    if n.tag_name().name() != "text" || n.tag_name().namespace() != Some("http://www.w3.org/2000/svg") {
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
    let size = n.attribute("font-size").map_or(Some(12.0), number)?;
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
    let paint = |rgb: Option<(u8, u8, u8)>, a: u8| rgb.map(|(r, g, b)| Rgba { r, g, b, a });
    let fill = paint(n.attribute("fill").map_or(Ok(Some((0, 0, 0))), colour).ok()?, opacity(n.attribute("fill-opacity"))?);
    let stroke_paint = paint(n.attribute("stroke").map_or(Ok(None), colour).ok()?, opacity(n.attribute("stroke-opacity"))?);
    let width = n.attribute("stroke-width").map_or(Some(1.0), number)?;
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

    const HEAD: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" font-family="DejaVu Sans" data-arbitre-text="glyph-cache">"##;

    #[test]
    fn only_the_texts_after_every_other_drawing_are_taken() {
        let svg = format!(
            r##"{HEAD}<rect width="100" height="50" fill="#000"/><text x="1" y="9">early</text><circle cx="5" cy="5" r="3"/>
<text x="2" y="20" font-size="9" font-weight="bold" fill="#abc" stroke="#0b1026" stroke-width="2.2" stroke-linejoin="round" paint-order="stroke">A &amp;  B</text>
<text x="50" y="40" text-anchor="middle" fill-opacity="0.5">C</text>
</svg>"##
        );
        let s = split(&svg).expect("split");
        assert_eq!(s.texts.len(), 2);
        assert_eq!(s.texts[0].text, "A & B");
        assert!(s.texts[0].bold && s.texts[0].stroke_first);
        assert_eq!(s.texts[0].fill, Some(Rgba { r: 0xaa, g: 0xbb, b: 0xcc, a: 255 }));
        assert_eq!(s.texts[0].stroke.map(|o| (o.width, o.join)), Some((2.2, Join::Round)));
        assert_eq!((s.texts[1].anchor, s.texts[1].fill.map(|f| f.a)), (Anchor::Middle, Some(128)));
        assert!(s.shapes.contains(">early</text><circle") && !s.shapes.contains("A &amp;") && s.shapes.ends_with("\n</svg>"), "{}", s.shapes);
    }

    #[test]
    fn unknown_text_features_are_left_to_resvg() {
        let tail = |t: &str| split(&format!("{HEAD}<rect width=\"9\" height=\"9\"/>{t}<text>last</text></svg>")).map(|s| s.texts.len());
        assert_eq!(tail("<text>plain</text>"), Some(2));
        for t in [
            "<text><tspan>a</tspan></text>",
            "<text transform=\"rotate(9)\">a</text>",
            "<text fill=\"red\">a</text>",
            "<text style=\"fill:#fff\">a</text>",
            "<text font-weight=\"600\">a</text>",
            "<text>שלום</text>",
        ] {
            assert_eq!(tail(t), Some(1), "{t}");
        }
        // No opt-in, a scaled viewBox, a style sheet or a painted root: no split.
        assert!(split("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\"><text>a</text></svg>").is_none());
        let scaled = HEAD.replace("0 0 100 50", "0 0 50 25");
        assert!(split(&format!("{scaled}<text>a</text></svg>")).is_none());
        assert!(split(&format!("{HEAD}<style>text {{ fill: red }}</style><text>a</text></svg>")).is_none());
        assert!(split(&format!("{}<text>a</text></svg>", HEAD.replace("font-family", "fill=\"#f00\" font-family"))).is_none());
    }

    /// A map's labels as Galaxy draws them: names with a dark halo, bold
    /// fleet names, centred and right-aligned axis numbers, accents.
    fn labels_svg(opt_in: bool) -> String {
        let head = if opt_in { HEAD.replace("100", "420").replace("50", "160") } else { HEAD.replace("100", "420").replace("50", "160").replace(r#" data-arbitre-text="glyph-cache""#, "") };
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
        let ours = r.draw(&labels_svg(true)).expect("ours");
        let theirs = r.draw(&labels_svg(false)).expect("resvg's");
        assert_eq!((ours.width(), ours.height()), (theirs.width(), theirs.height()));
        let (mut sum, mut far, mut ink) = (0u64, 0usize, 0usize);
        for (a, b) in ours.data().chunks(4).zip(theirs.data().chunks(4)) {
            let d = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
            sum += u64::from(d);
            far += usize::from(d > 96);
            ink += usize::from(b[0] > 120);
        }
        let mean = sum as f64 / (ours.width() * ours.height()) as f64;
        eprintln!("mean {mean:.3}, far {far}, ink {ink}");
        assert!(ink > 500, "only {ink} pixels of ink");
        assert!(mean < 1.0 && far * 100 < ink, "mean difference {mean:.3}, {far} pixels far off for {ink} of ink");
    }

    /// Galaxy's map puts every text after every shape, so that each is
    /// drawn from cached glyphs: labels, leaders, the title, the axes, the
    /// legend and the count of labels left out.
    #[test]
    fn every_text_of_a_galaxy_map_is_in_its_tail() {
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
        assert_eq!(s.texts.len(), svg.matches("<text").count());
        assert!(!s.shapes.contains("<text") && s.texts.iter().any(|t| t.text == "ÉCLAIR" && t.bold && t.stroke_first));
    }
}
