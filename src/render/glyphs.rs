//! Text drawn from cached glyph masks, without resvg.
//!
//! resvg shapes every `<text>` again and turns every glyph into a path,
//! then fills (and, for a halo, strokes) those paths, for every picture:
//! most of a Galaxy map's rasterising when dozens of names are drawn with
//! a dark outline. Here a string is shaped once per process (rustybuzz,
//! as resvg does, kerning included) and each glyph is rasterised once per
//! (face, size, sub-pixel position, stroke) as a coverage mask; a text is
//! then the sum of its glyphs' masks blended onto the picture: its halo
//! first when `paint-order="stroke"`, then its fill.
//!
//! Every cached value is a pure function of its key (the string, or the
//! glyph with its size, quarter-pixel offset and stroke), so what a
//! picture looks like never depends on what was drawn before it, in which
//! thread or in which order: the caches only save work
//! (`tests::a_text_draws_the_same_whatever_was_drawn_before`). Positions
//! are rounded to a quarter of a pixel, which the eye cannot tell.

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{FillRule, LineJoin, Mask, PathBuilder, Pixmap, Stroke, Transform};
use rustybuzz::ttf_parser;

use super::paint::{blend, Rgba};
use super::{FONT_BOLD, FONT_REGULAR};

/// Sub-pixel positions of a glyph, per pixel and per axis.
const STEPS: f32 = 4.0;
/// Past this many entries a cache is emptied (which changes no picture).
const MAX_SHAPES: usize = 20_000;
const MAX_MASKS: usize = 50_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Anchor {
    Start,
    Middle,
    End,
}

/// How a stroke's corners join (SVG `stroke-linejoin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Join {
    Miter,
    Round,
    Bevel,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Outline {
    pub paint: Rgba,
    pub width: f32,
    pub join: Join,
}

/// One line of text to draw: `x`, `y` are its anchor point and baseline.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TextRun {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub bold: bool,
    pub anchor: Anchor,
    pub text: String,
    pub fill: Option<Rgba>,
    pub stroke: Option<Outline>,
    /// `paint-order="stroke"`: the outline under the fill.
    pub stroke_first: bool,
}

/// A glyph as shaped, in font units.
#[derive(Debug, Clone, Copy)]
struct Shaped {
    glyph: u16,
    dx: i32,
    dy: i32,
    advance: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct MaskKey {
    bold: bool,
    /// The font size's bits.
    size: u32,
    glyph: u16,
    /// Sub-pixel offsets, in steps of `1 / STEPS`.
    sx: u8,
    sy: u8,
    /// The stroke's width's bits and join; `None` for the fill.
    stroke: Option<(u32, Join)>,
}

/// A glyph's coverage, its top-left corner relative to the whole pixel of
/// its origin.
struct GlyphMask {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    data: Vec<u8>,
}

/// The shipped faces and what was shaped and rasterised with them.
pub(super) struct Glyphs {
    faces: [rustybuzz::Face<'static>; 2],
    shapes: [Mutex<HashMap<String, Arc<[Shaped]>>>; 2],
    masks: Mutex<HashMap<MaskKey, Arc<GlyphMask>>>,
}

impl std::fmt::Debug for Glyphs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Glyphs")
    }
}

impl Default for Glyphs {
    fn default() -> Self {
        let face = |data: &'static [u8]| rustybuzz::Face::from_slice(data, 0).expect("the shipped fonts parse");
        Glyphs { faces: [face(FONT_REGULAR), face(FONT_BOLD)], shapes: Default::default(), masks: Default::default() }
    }
}

/// Whether `c` asks for right-to-left layout, which this module leaves to
/// resvg (it lays every text out left to right).
pub(super) fn right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF | 0x200F | 0x202B | 0x202E | 0x2067)
}

/// The whole pixel and the sub-pixel step of a coordinate.
fn split(v: f32) -> (i32, u8) {
    let q = (v * STEPS).round();
    let whole = (q / STEPS).floor();
    (whole as i32, (q - whole * STEPS) as u8)
}

struct Builder(PathBuilder);

impl ttf_parser::OutlineBuilder for Builder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// Per-text coverage, summed over its glyphs, over the text's box.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    data: Vec<u8>,
}

impl Coverage {
    fn add(&mut self, x: i32, y: i32, m: &GlyphMask) {
        let (ox, oy) = (x + m.left - self.left, y + m.top - self.top);
        for row in 0..m.height {
            let ty = oy + row as i32;
            if ty < 0 || ty as usize >= self.height {
                continue;
            }
            let src = &m.data[row * m.width..(row + 1) * m.width];
            let start = ty as usize * self.width;
            for (col, &c) in src.iter().enumerate() {
                let tx = ox + col as i32;
                if c == 0 || tx < 0 || tx as usize >= self.width {
                    continue;
                }
                let d = &mut self.data[start + tx as usize];
                *d = d.saturating_add(c);
            }
        }
    }

    /// Blends `paint` through this coverage onto `pixmap` (source over,
    /// premultiplied).
    fn blend(&self, pixmap: &mut Pixmap, paint: Rgba) {
        let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
        let data = pixmap.data_mut();
        for row in 0..self.height {
            let y = self.top + row as i32;
            if y < 0 || y >= ph {
                continue;
            }
            for col in 0..self.width {
                let x = self.left + col as i32;
                let c = u32::from(self.data[row * self.width + col]);
                if c > 0 && x >= 0 && x < pw {
                    let i = (y as usize * pw as usize + x as usize) * 4;
                    blend(&mut data[i..i + 4], paint, c);
                }
            }
        }
    }
}

impl Glyphs {
    /// `text` shaped with the regular or bold face (cached).
    fn shape(&self, bold: bool, text: &str) -> Arc<[Shaped]> {
        let cache = &self.shapes[usize::from(bold)];
        if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(text) {
            return s.clone();
        }
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(rustybuzz::Direction::LeftToRight);
        let out = rustybuzz::shape(&self.faces[usize::from(bold)], &[], buffer);
        let shaped: Arc<[Shaped]> = out
            .glyph_infos()
            .iter()
            .zip(out.glyph_positions())
            .map(|(i, p)| Shaped { glyph: i.glyph_id as u16, dx: p.x_offset, dy: p.y_offset, advance: p.x_advance })
            .collect();
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= MAX_SHAPES {
            cache.clear();
        }
        cache.insert(text.to_string(), shaped.clone());
        shaped
    }

    /// The coverage of one glyph (cached).
    fn mask(&self, key: MaskKey) -> Arc<GlyphMask> {
        if let Some(m) = self.masks.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return m.clone();
        }
        let m = Arc::new(self.rasterise(key));
        let mut cache = self.masks.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= MAX_MASKS {
            cache.clear();
        }
        cache.insert(key, m.clone());
        m
    }

    fn rasterise(&self, key: MaskKey) -> GlyphMask {
        let empty = GlyphMask { left: 0, top: 0, width: 0, height: 0, data: Vec::new() };
        let face = &self.faces[usize::from(key.bold)];
        let mut b = Builder(PathBuilder::new());
        if face.outline_glyph(ttf_parser::GlyphId(key.glyph), &mut b).is_none() {
            return empty;
        }
        let Some(path) = b.0.finish() else { return empty };
        let scale = f32::from_bits(key.size) / face.units_per_em() as f32;
        let ts = Transform::from_row(scale, 0.0, 0.0, -scale, f32::from(key.sx) / STEPS, f32::from(key.sy) / STEPS);
        let Some(mut path) = path.transform(ts) else { return empty };
        if let Some((width, join)) = key.stroke {
            let line_join = match join {
                Join::Miter => LineJoin::Miter,
                Join::Round => LineJoin::Round,
                Join::Bevel => LineJoin::Bevel,
            };
            let stroke = Stroke { width: f32::from_bits(width), line_join, ..Stroke::default() };
            match path.stroke(&stroke, 1.0) {
                Some(p) => path = p,
                None => return empty,
            }
        }
        let bounds = path.bounds();
        let (left, top) = (bounds.left().floor() as i32 - 1, bounds.top().floor() as i32 - 1);
        let (right, bottom) = (bounds.right().ceil() as i32 + 1, bounds.bottom().ceil() as i32 + 1);
        let (width, height) = ((right - left).max(1) as u32, (bottom - top).max(1) as u32);
        let Some(mut mask) = Mask::new(width, height) else { return empty };
        mask.fill_path(&path, FillRule::Winding, true, Transform::from_translate(-left as f32, -top as f32));
        GlyphMask { left, top, width: width as usize, height: height as usize, data: mask.data().to_vec() }
    }

    /// Draws `run` onto `pixmap`.
    pub(super) fn draw(&self, pixmap: &mut Pixmap, run: &TextRun) {
        if run.text.is_empty() || !(run.size > 0.0 && run.size.is_finite()) || (run.fill.is_none() && run.stroke.is_none()) {
            return;
        }
        let shaped = self.shape(run.bold, &run.text);
        let scale = run.size / self.faces[usize::from(run.bold)].units_per_em() as f32;
        let total: i32 = shaped.iter().map(|g| g.advance).sum();
        let mut pen = run.x
            - match run.anchor {
                Anchor::Start => 0.0,
                Anchor::Middle => total as f32 * scale / 2.0,
                Anchor::End => total as f32 * scale,
            };
        // Each glyph's whole-pixel origin and its masks (fill, stroke).
        let mut placed = Vec::with_capacity(shaped.len());
        for g in shaped.iter() {
            let (ix, sx) = split(pen + g.dx as f32 * scale);
            let (iy, sy) = split(run.y - g.dy as f32 * scale);
            pen += g.advance as f32 * scale;
            let key = MaskKey { bold: run.bold, size: run.size.to_bits(), glyph: g.glyph, sx, sy, stroke: None };
            let fill = run.fill.map(|_| self.mask(key));
            let stroke = run.stroke.map(|o| self.mask(MaskKey { stroke: Some((o.width.to_bits(), o.join)), ..key }));
            placed.push((ix, iy, fill, stroke));
        }
        let layer = |pick: &dyn Fn(&(i32, i32, Option<Arc<GlyphMask>>, Option<Arc<GlyphMask>>)) -> Option<&Arc<GlyphMask>>| {
            let (mut l, mut t, mut r, mut b) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
            for p in &placed {
                if let Some(m) = pick(p).filter(|m| m.width > 0) {
                    l = l.min(p.0 + m.left);
                    t = t.min(p.1 + m.top);
                    r = r.max(p.0 + m.left + m.width as i32);
                    b = b.max(p.1 + m.top + m.height as i32);
                }
            }
            if l >= r {
                return None;
            }
            let (width, height) = ((r - l) as usize, (b - t) as usize);
            let mut cov = Coverage { left: l, top: t, width, height, data: vec![0; width * height] };
            for p in &placed {
                if let Some(m) = pick(p) {
                    cov.add(p.0, p.1, m);
                }
            }
            Some(cov)
        };
        let fill = run.fill.and_then(|paint| Some((layer(&|p| p.2.as_ref())?, paint)));
        let stroke = run.stroke.and_then(|o| Some((layer(&|p| p.3.as_ref())?, o.paint)));
        let order = if run.stroke_first { [stroke, fill] } else { [fill, stroke] };
        for (cov, paint) in order.into_iter().flatten() {
            cov.blend(pixmap, paint);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, x: f32, bold: bool) -> TextRun {
        TextRun {
            x,
            y: 30.0,
            size: 9.0,
            bold,
            anchor: Anchor::Start,
            text: text.to_string(),
            fill: Some(Rgba { r: 236, g: 240, b: 241, a: 255 }),
            stroke: Some(Outline { paint: Rgba { r: 11, g: 16, b: 38, a: 255 }, width: 2.2, join: Join::Round }),
            stroke_first: true,
        }
    }

    fn picture(glyphs: &Glyphs, runs: &[TextRun]) -> Vec<u8> {
        let mut p = Pixmap::new(200, 50).unwrap();
        p.fill(resvg::tiny_skia::Color::from_rgba8(40, 60, 90, 255));
        for r in runs {
            glyphs.draw(&mut p, r);
        }
        p.take()
    }

    #[test]
    fn a_text_draws_the_same_whatever_was_drawn_before() {
        let target = [run("SARBOU 12", 10.25, false), run("Flotte ÉCLAIR", 90.6, true)];
        let alone = picture(&Glyphs::default(), &target);
        // Other strings at other sub-pixel positions first, then the caches
        // emptied halfway, and the same texts from two threads at once.
        let warm = Glyphs::default();
        for (i, t) in ["SARBOU 1", "ÉCLAIR", "Alice 7", "12 SARBOU"].iter().enumerate() {
            picture(&warm, &[run(t, 3.3 + i as f32 * 0.37, i % 2 == 0)]);
        }
        assert!(picture(&warm, &target) == alone, "the picture changed with what was drawn before it");
        warm.masks.lock().unwrap().clear();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| picture(&warm, &target));
            let b = s.spawn(|| picture(&warm, &target));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert!(a == alone && b == alone, "the picture changed with the thread that drew it");
    }

    #[test]
    fn the_halo_is_under_the_fill_and_the_anchor_moves_the_text() {
        let g = Glyphs::default();
        let bg = picture(&g, &[]);
        let with = picture(&g, &[run("MMMM", 20.0, false)]);
        // Dark halo pixels and light fill pixels both appear.
        let dark = with.chunks(4).filter(|p| p[0] < 20 && p[2] < 45).count();
        let light = with.chunks(4).filter(|p| p[0] > 200).count();
        assert!(dark > 20 && light > 8, "{dark} dark, {light} light pixels");
        assert!(with != bg);
        let mut end = run("MMMM", 180.0, false);
        end.anchor = Anchor::End;
        let right = picture(&g, &[end]);
        // Anchored at its end, the text lies left of x = 180 (halo aside).
        let ink_right = right.chunks(4).enumerate().filter(|(_, p)| p[0] > 200).map(|(i, _)| i % 200).max().unwrap();
        assert!((160..=181).contains(&ink_right), "rightmost ink at {ink_right}");
    }
}
