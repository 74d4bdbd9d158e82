//! Flat painting onto a pixmap without resvg: a colour blended through a
//! coverage; axis-aligned rectangles with exact anti-aliasing (the share
//! of each pixel they cover); discs and rings anti-aliased by the distance
//! of each pixel's centre to their edge. For the plain shapes that open a
//! map (its background, grid, scanner circles and stars, passes.rs) and
//! the texts that end it (glyphs.rs).

use resvg::tiny_skia::Pixmap;

/// A colour with its opacity, not premultiplied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

/// `x / 255`, rounded.
fn div255(x: u32) -> u32 {
    (x + 128 + ((x + 128) >> 8)) >> 8
}

/// Blends `paint` through `coverage` (0 to 255) onto one premultiplied
/// RGBA pixel (source over).
pub(super) fn blend(px: &mut [u8], paint: Rgba, coverage: u32) {
    let sa = div255(coverage * u32::from(paint.a));
    if sa == 255 {
        px.copy_from_slice(&[paint.r, paint.g, paint.b, 255]);
        return;
    }
    let inv = 255 - sa;
    px[0] = div255(u32::from(paint.r) * sa + u32::from(px[0]) * inv) as u8;
    px[1] = div255(u32::from(paint.g) * sa + u32::from(px[1]) * inv) as u8;
    px[2] = div255(u32::from(paint.b) * sa + u32::from(px[2]) * inv) as u8;
    px[3] = div255(255 * sa + u32::from(px[3]) * inv) as u8;
}

/// `paint` blended at full coverage onto every value of a channel, as
/// tables: a wide area of one translucent paint (a scanner's disc) costs a
/// look-up per channel and pixel, the same values as [`blend`].
struct Tables([[u8; 256]; 4]);

impl Tables {
    fn new(paint: Rgba) -> Tables {
        let mut t = [[0u8; 256]; 4];
        for v in 0..=255u8 {
            let mut px = [v; 4];
            blend(&mut px, paint, 255);
            for (ch, out) in t.iter_mut().enumerate() {
                out[usize::from(v)] = px[ch];
            }
        }
        Tables(t)
    }

    fn apply(&self, pixels: &mut [u8]) {
        // A disc mostly covers flat areas: the latest pixel and its result.
        let (mut last_in, mut last_out) = ([0u8; 4], None);
        for px in pixels.as_chunks_mut::<4>().0 {
            if last_out.is_some() && *px == last_in {
                *px = last_out.unwrap_or(*px);
                continue;
            }
            last_in = *px;
            for (ch, v) in px.iter_mut().enumerate() {
                *v = self.0[ch][usize::from(*v)];
            }
            last_out = Some(*px);
        }
    }
}

/// How much of the unit span `[p, p + 1]` lies within `[a, b]`.
fn overlap(p: i64, a: f64, b: f64) -> f64 {
    ((p + 1) as f64).min(b) - (p as f64).max(a)
}

/// Fills the rectangle from (`x0`, `y0`) to (`x1`, `y1`) with `paint`,
/// each pixel covered by the share of it the rectangle covers; what falls
/// outside the pixmap is cut.
pub(super) fn fill_rect(pixmap: &mut Pixmap, x0: f64, y0: f64, x1: f64, y1: f64, paint: Rgba) {
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let (c0, c1) = ((x0.floor() as i64).max(0), (x1.ceil() as i64).min(w));
    let (r0, r1) = ((y0.floor() as i64).max(0), (y1.ceil() as i64).min(h));
    if !(x0 < x1 && y0 < y1) || c0 >= c1 || r0 >= r1 {
        return;
    }
    // Each column's share: wholly covered but for the first and the last
    // (a column between them lies within [x0, x1]).
    let share = |c: i64| (overlap(c, x0, x1).clamp(0.0, 1.0) * 255.0).round() as u32;
    let mut cols: Vec<u32> = vec![255; (c1 - c0) as usize];
    if let Some(first) = cols.first_mut() {
        *first = share(c0);
    }
    if let Some(last) = cols.last_mut() {
        *last = share(c1 - 1);
    }
    // A row wholly covered, as it is painted: its columns wholly covered by
    // an opaque paint are copied at once (a map's background is most of
    // its pixels).
    let opaque = paint.a == 255;
    let (full0, full1) = (cols.iter().position(|&c| c == 255).unwrap_or(cols.len()), cols.iter().rposition(|&c| c == 255).map_or(0, |i| i + 1));
    let span: Vec<u8> = if opaque && full0 < full1 { [paint.r, paint.g, paint.b, 255].repeat(full1 - full0) } else { Vec::new() };
    let data = pixmap.data_mut();
    // Lines cross flat areas: most of their pixels blend the same paint
    // onto the same colour at the same coverage.
    let mut memo = Memo::new();
    for r in r0..r1 {
        let cy = overlap(r, y0, y1).clamp(0.0, 1.0);
        let row = (r * w + c0) as usize * 4;
        if cy >= 1.0 && !span.is_empty() {
            data[row + full0 * 4..row + full1 * 4].copy_from_slice(&span);
            for i in (0..full0).chain(full1..cols.len()) {
                if cols[i] > 0 {
                    memo.blend(&mut data[row + i * 4..row + i * 4 + 4], paint, cols[i]);
                }
            }
            continue;
        }
        // The coverage of a column wholly covered, once for the row; on a
        // row wholly covered, each column's own.
        let full = (255.0 * cy).round() as u32;
        for (i, &cx) in cols.iter().enumerate() {
            let c = if cx == 255 { full } else if cy == 1.0 { cx } else { (f64::from(cx) * cy).round() as u32 };
            if c > 0 {
                memo.blend(&mut data[row + i * 4..row + i * 4 + 4], paint, c);
            }
        }
    }
}

/// Fills the band between rectangle `outer` and rectangle `inner` within
/// it (left, top, right, bottom each) with `paint`: each pixel covered by
/// the share of it inside the outer one and not the inner one, exactly as
/// one shape (a rectangle's stroke, its corners included, blends once).
pub(super) fn fill_frame(pixmap: &mut Pixmap, outer: [f64; 4], inner: [f64; 4], paint: Rgba) {
    let [x0, y0, x1, y1] = outer;
    let [ix0, iy0, ix1, iy1] = inner;
    if !(x0 < x1 && y0 < y1 && [x0, y0, x1, y1, ix0, iy0, ix1, iy1].iter().all(|v| v.is_finite())) {
        return;
    }
    if !(x0 <= ix0 && ix0 < ix1 && ix1 <= x1 && y0 <= iy0 && iy0 < iy1 && iy1 <= y1) {
        return fill_rect(pixmap, x0, y0, x1, y1, paint);
    }
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let (c0, c1) = ((x0.floor() as i64).max(0), (x1.ceil() as i64).min(w));
    let (r0, r1) = ((y0.floor() as i64).max(0), (y1.ceil() as i64).min(h));
    if c0 >= c1 || r0 >= r1 {
        return;
    }
    let cover = |p: i64, a: f64, b: f64| overlap(p, a, b).clamp(0.0, 1.0);
    let outer_x: Vec<f64> = (c0..c1).map(|c| cover(c, x0, x1)).collect();
    let inner_x: Vec<f64> = (c0..c1).map(|c| cover(c, ix0, ix1)).collect();
    // The columns wholly inside both: on a row that both cover alike,
    // nothing there (the hole).
    let hole0 = inner_x.iter().position(|&v| v == 1.0).unwrap_or(inner_x.len());
    let hole1 = inner_x.iter().rposition(|&v| v == 1.0).map_or(hole0, |i| i + 1).max(hole0);
    let mut memo = Memo::new();
    let data = pixmap.data_mut();
    for r in r0..r1 {
        let (oy, iy) = (cover(r, y0, y1), cover(r, iy0, iy1));
        let row = (r * w + c0) as usize * 4;
        let (skip0, skip1) = if oy == iy { (hole0, hole1) } else { (0, 0) };
        for i in (0..skip0).chain(skip1.max(skip0)..outer_x.len()) {
            let c = ((outer_x[i] * oy - inner_x[i] * iy).clamp(0.0, 1.0) * 255.0).round() as u32;
            if c > 0 {
                memo.blend(&mut data[row + i * 4..row + i * 4 + 4], paint, c);
            }
        }
    }
}

/// The latest blend of a paint: the pixel it was given, the coverage and
/// the pixel it gave; the same pixel at the same coverage gives the same
/// pixel again without the arithmetic. For one paint at a time.
struct Memo {
    input: [u8; 4],
    coverage: u32,
    output: [u8; 4],
}

impl Memo {
    fn new() -> Memo {
        // No coverage is above 255: the first blend is computed.
        Memo { input: [0; 4], coverage: u32::MAX, output: [0; 4] }
    }

    fn blend(&mut self, px: &mut [u8], paint: Rgba, coverage: u32) {
        if coverage == self.coverage && *px == self.input {
            px.copy_from_slice(&self.output);
            return;
        }
        self.input.copy_from_slice(px);
        self.coverage = coverage;
        blend(px, paint, coverage);
        self.output.copy_from_slice(px);
    }
}

/// Paints the ring between radii `inner` and `outer` around (`cx`, `cy`)
/// with `paint` (`inner` <= 0: the whole disc). A pixel's coverage is how
/// far its centre lies inside each edge, within half a pixel.
pub(super) fn fill_ring(pixmap: &mut Pixmap, cx: f64, cy: f64, inner: f64, outer: f64, paint: Rgba) {
    if !(outer > 0.0 && outer > inner && cx.is_finite() && cy.is_finite() && outer.is_finite()) {
        return;
    }
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let cover = |radius: f64, d: f64| (radius - d + 0.5).clamp(0.0, 1.0);
    let span = |radius: f64, dy: f64| {
        let x2 = radius * radius - dy * dy;
        (x2 > 0.0).then(|| x2.sqrt())
    };
    // A disc wide enough: its inside through tables (above).
    let tables = (inner <= 0.0 && outer > 8.0).then(|| Tables::new(paint));
    let mut memo = Memo::new();
    let data = pixmap.data_mut();
    let (r0, r1) = (((cy - outer - 1.0).floor() as i64).max(0), ((cy + outer + 1.0).ceil() as i64).min(h));
    for r in r0..r1 {
        let dy = r as f64 + 0.5 - cy;
        // Centres with any coverage lie within outer + 0.5; centres wholly
        // inside the outer edge and wholly outside the inner one are
        // covered fully; centres within inner - 0.5 not at all.
        let Some(reach) = span(outer + 0.5, dy) else { continue };
        let full = span(outer - 0.5, dy);
        let hole = if inner > 0.0 { span(inner - 0.5, dy) } else { None };
        let solid = span(inner + 0.5, dy);
        let c0 = ((cx - reach - 0.5).floor() as i64).max(0);
        let c1 = ((cx + reach + 0.5).ceil() as i64).min(w);
        let row = (r * w) as usize * 4;
        // The pixels whose centres lie within `full` of the centre: wholly
        // covered (a disc's inside), painted at once.
        let (i0, i1) = match (&tables, full) {
            (Some(t), Some(fx)) => {
                let (i0, i1) = (((cx - fx - 0.5).ceil() as i64).clamp(c0, c1), ((cx + fx - 0.5).floor() as i64 + 1).clamp(c0, c1));
                if i0 < i1 {
                    t.apply(&mut data[row + i0 as usize * 4..row + i1 as usize * 4]);
                }
                (i0, i1.max(i0))
            }
            _ => (c0, c0),
        };
        // A ring's hole: columns wholly within it skipped at once (a
        // column on its edge, either way, is left to the test below).
        let (h0, h1) = match hole {
            Some(hx) => (((cx - hx - 0.5).floor() as i64).saturating_add(2).clamp(i0.max(i1), c1), ((cx + hx - 0.5).ceil() as i64).saturating_sub(1).clamp(i0.max(i1), c1)),
            None => (c1, c1),
        };
        let h1 = h1.max(h0);
        for c in (c0..i0).chain(i1..h0).chain(h1..c1) {
            let dx = (c as f64 + 0.5 - cx).abs();
            if hole.is_some_and(|hx| dx < hx) {
                continue;
            }
            let inside_outer = full.is_some_and(|fx| dx <= fx);
            let outside_inner = inner <= 0.0 || solid.is_none_or(|sx| dx >= sx);
            let coverage = if inside_outer && outside_inner {
                1.0
            } else {
                let d = (dx * dx + dy * dy).sqrt();
                cover(outer, d) - if inner > 0.0 { cover(inner, d) } else { 0.0 }
            };
            let c8 = (coverage.clamp(0.0, 1.0) * 255.0).round() as u32;
            if c8 > 0 {
                let i = row + c as usize * 4;
                memo.blend(&mut data[i..i + 4], paint, c8);
            }
        }
    }
}

/// `#rgb` or `#rrggbb`; `Ok(None)` for `none`; `Err` for anything else.
pub(super) fn colour(s: &str) -> Result<Option<(u8, u8, u8)>, ()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_covers_each_pixel_by_its_share() {
        let mut p = Pixmap::new(4, 3).unwrap();
        let white = Rgba { r: 255, g: 255, b: 255, a: 255 };
        // A one-pixel line centred on x = 2: half of columns 1 and 2.
        fill_rect(&mut p, 1.5, 0.0, 2.5, 2.0, white);
        let alpha: Vec<u8> = p.data().chunks(4).map(|px| px[3]).collect();
        assert_eq!(alpha, [0, 128, 128, 0, 0, 128, 128, 0, 0, 0, 0, 0]);
        // Opaque over the whole pixmap, and beyond it.
        fill_rect(&mut p, -3.0, -3.0, 9.0, 9.0, Rgba { r: 11, g: 16, b: 38, a: 255 });
        assert!(p.data().chunks(4).all(|px| px == [11, 16, 38, 255]));
        assert_eq!(colour("#0b1026"), Ok(Some((11, 16, 38))));
        assert_eq!(colour("#fff"), Ok(Some((255, 255, 255))));
        assert_eq!((colour("none"), colour("red")), (Ok(None), Err(())));
    }

    #[test]
    fn a_ring_of_any_size_or_place_paints_without_overflowing() {
        let white = Rgba { r: 255, g: 255, b: 255, a: 255 };
        let mut p = Pixmap::new(10, 10).unwrap();
        fill_ring(&mut p, 1e150, 5.0, 1e149, 1e150, white);
        fill_ring(&mut p, 1e300, 5.0, 1e299, 1e300, white);
        fill_ring(&mut p, -1e150, 5.0, 1e149, 1e150, white);
        fill_frame(&mut p, [-1e300, -1e300, 1e300, 1e300], [-1e299, -1e299, 1e299, 1e299], white);
        assert_eq!(p.data().len(), 400);
    }

    #[test]
    fn a_frame_covers_each_pixel_once_by_its_share_outside_the_hole() {
        let mut p = Pixmap::new(10, 10).unwrap();
        let white = Rgba { r: 255, g: 255, b: 255, a: 255 };
        // A 1-pixel stroke centred on the edges of (2, 2)-(8, 8).
        fill_frame(&mut p, [1.5, 1.5, 8.5, 8.5], [2.5, 2.5, 7.5, 7.5], white);
        let alpha = |x: u32, y: u32| p.pixel(x, y).map(|c| c.alpha());
        // The outer corner: a quarter; the inner corner: three quarters (a
        // corner blended once, not once for each side crossing it); the
        // sides: a half; the hole and outside: nothing.
        assert_eq!((alpha(1, 1), alpha(2, 2), alpha(2, 5), alpha(5, 1), alpha(8, 8)), (Some(64), Some(191), Some(128), Some(128), Some(64)));
        assert_eq!((alpha(5, 5), alpha(3, 3), alpha(0, 0), alpha(9, 5)), (Some(0), Some(0), Some(0), Some(0)));
        // A hole not within the outer rectangle: the whole rectangle.
        let mut q = Pixmap::new(10, 10).unwrap();
        fill_frame(&mut q, [1.0, 1.0, 9.0, 9.0], [0.0, 2.0, 8.0, 8.0], white);
        assert_eq!(q.pixel(5, 5).map(|c| c.alpha()), Some(255));
    }

    #[test]
    fn a_disc_and_a_ring_cover_their_area_and_fade_at_their_edges() {
        let white = Rgba { r: 255, g: 255, b: 255, a: 255 };
        let mut p = Pixmap::new(40, 40).unwrap();
        fill_ring(&mut p, 20.0, 20.0, 0.0, 10.0, white);
        let alpha = |p: &Pixmap, x: usize, y: usize| p.data()[(y * 40 + x) * 4 + 3];
        let area: f64 = p.data().chunks(4).map(|px| f64::from(px[3]) / 255.0).sum();
        assert!((area - std::f64::consts::PI * 100.0).abs() < 3.0, "area {area}");
        assert_eq!((alpha(&p, 20, 20), alpha(&p, 20, 11), alpha(&p, 20, 8)), (255, 255, 0));
        assert!((1..255).contains(&alpha(&p, 27, 26)), "the edge is anti-aliased");
        let mut q = Pixmap::new(40, 40).unwrap();
        fill_ring(&mut q, 20.0, 20.0, 9.5, 10.5, white);
        let ring: f64 = q.data().chunks(4).map(|px| f64::from(px[3]) / 255.0).sum();
        assert!((ring - std::f64::consts::PI * 2.0 * 10.0).abs() < 3.0, "ring {ring}");
        assert_eq!((alpha(&q, 20, 20), alpha(&q, 20, 14)), (0, 0));
    }
}
