//! PNG encoding of rendered maps, for mail.
//!
//! A map is opaque (it draws its own background) and made of a few flat
//! colours plus the anti-aliased shades at their edges: the demo Stellarium
//! map has 797 distinct colours, the 256 most frequent covering 99.86 % of
//! its pixels. So an opaque pixmap is written as an 8-bit indexed PNG (one
//! byte a pixel instead of four RGBA bytes, a quarter of the data to
//! compress):
//! - with at most 256 colours, the palette holds them all: lossless;
//! - with more, the palette holds the 256 most frequent ones, and each
//!   rarer colour (an edge shade a few pixels wide) takes the nearest
//!   palette colour. Flat areas, text cores and every colour of any extent
//!   are exact; only rare edge shades move, invisible at the mail's size
//!   (`docs/map-example.png`, RGBA as before, beside
//!   `docs/map-example-indexed.png`; the same for `docs/galaxy-map-final.png`).
//!
//! Everything is a function of the pixels alone (ties broken by colour
//! value), so the same picture always gives the same bytes, whatever the
//! thread or the machine, and a map that shows nothing more than another
//! encodes to nothing more.

use resvg::tiny_skia;

use super::RenderError;

/// Most colours an 8-bit palette holds.
const PALETTE: usize = 256;

/// The zlib level of the pixels, compressed by zlib-rs (a port of
/// zlib-ng). Measured on the index rows of a 1,000-family Stellarium map
/// (720×1903, one core, loaded machine): level 2 gives 90.7 KB in 12 ms
/// where miniz_oxide's level 2 gave 90.1 KB in 31 ms; zlib-rs level 6,
/// 80.7 KB in 40 ms.
///
/// zlib-rs's output is a function of the input and the settings alone: its
/// only CPU-dependent code paths (the SIMD match-length comparison, the
/// hash-table slide, the checksum) compute the same values as the plain
/// ones, so the bytes do not depend on the machine.
const ZLIB_LEVEL: i32 = 2;

/// Encodes a rendered pixmap as PNG: indexed colour when opaque (above),
/// tiny-skia's RGBA encoder otherwise (it demultiplies the alpha).
pub(super) fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let width = pixmap.width() as usize;
    let Some((palette, rows)) = quantise(pixmap.data(), width.max(1)) else {
        return pixmap.encode_png().map_err(|e| RenderError::Png(e.to_string()));
    };
    let mut plte = Vec::with_capacity(palette.len() * 3);
    for c in &palette {
        plte.extend_from_slice(&c.to_be_bytes()[1..]);
    }
    let zlib = deflate(&rows)?;
    let mut out = Vec::with_capacity(zlib.len() + plte.len() + 64);
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(plte);
        let mut w = enc.write_header().map_err(|e| RenderError::Png(e.to_string()))?;
        w.write_chunk(png::chunk::IDAT, &zlib).map_err(|e| RenderError::Png(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Png(e.to_string()))?;
    }
    Ok(out)
}

/// The zlib stream of `data` at [`ZLIB_LEVEL`].
fn deflate(data: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut buf = vec![0u8; zlib_rs::compress_bound(data.len())];
    let config = zlib_rs::DeflateConfig::new(ZLIB_LEVEL);
    let (out, rc) = zlib_rs::compress_slice(&mut buf, data, config);
    if rc != zlib_rs::ReturnCode::Ok {
        return Err(RenderError::Png(format!("zlib: {rc:?}")));
    }
    let n = out.len();
    buf.truncate(n);
    Ok(buf)
}

/// Colours (`0x00RRGGBB`) to counts or indices: open addressing on a
/// power-of-two table, one multiplication a look-up (the colours of a map
/// are a few hundred; the standard map's hashing was most of this file's
/// time in the profile of a turn's maps).
struct ColourTable {
    keys: Vec<u32>,
    values: Vec<u32>,
    len: usize,
}

/// No colour of an RGB pixel (the top byte is always 0).
const EMPTY: u32 = u32::MAX;

impl ColourTable {
    fn new() -> ColourTable {
        ColourTable { keys: vec![EMPTY; 1024], values: vec![0; 1024], len: 0 }
    }

    /// The slot of `c`: where it is, or the empty slot where it goes.
    fn slot(&self, c: u32) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (c.wrapping_mul(0x9e37_79b1) >> 16) as usize & mask;
        loop {
            let k = self.keys[i];
            if k == c || k == EMPTY {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of `c`, made 0 when new.
    fn entry(&mut self, c: u32) -> &mut u32 {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let i = self.slot(c);
        if self.keys[i] == EMPTY {
            self.keys[i] = c;
            self.len += 1;
        }
        &mut self.values[i]
    }

    fn get(&self, c: u32) -> Option<u32> {
        let i = self.slot(c);
        (self.keys[i] == c).then(|| self.values[i])
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, ColourTable { keys: vec![EMPTY; self.keys.len() * 2], values: vec![0; self.keys.len() * 2], len: 0 });
        for (k, v) in old.keys.into_iter().zip(old.values) {
            if k != EMPTY {
                *self.entry(k) = v;
            }
        }
    }

    fn into_pairs(self) -> impl Iterator<Item = (u32, u32)> {
        self.keys.into_iter().zip(self.values).filter(|(k, _)| *k != EMPTY)
    }
}

/// An RGBA pixel as one number (the bytes in memory order: the colour is
/// `p & 0x00ff_ffff` read back as bytes R, G, B; alpha is the top byte).
fn pixel(p: &[u8]) -> u32 {
    u32::from_le_bytes([p[0], p[1], p[2], p[3]])
}

/// `0x00RRGGBB` of a [`pixel`].
fn rgb(p: u32) -> u32 {
    let [r, g, b, _] = p.to_le_bytes();
    u32::from_be_bytes([0, r, g, b])
}

/// For opaque RGBA `data` of `width` pixels a row: the palette (colours as
/// `0x00RRGGBB`, most frequent first) and the PNG's rows of indices, each
/// after its filter byte (none: flat runs of one index compress best
/// unfiltered). `None` when some pixel is not opaque.
fn quantise(data: &[u8], width: usize) -> Option<(Vec<u32>, Vec<u8>)> {
    // Count the colours; runs of one pixel value are the rule, so a run is
    // counted once (and its alpha checked once).
    let mut counts = ColourTable::new();
    let mut run = (0u32, 0u32);
    let mut opaque = true;
    for p in data.chunks_exact(4).map(pixel) {
        if p == run.0 && run.1 > 0 {
            run.1 += 1;
            continue;
        }
        if run.1 > 0 {
            opaque &= run.0 >> 24 == 0xff;
            *counts.entry(rgb(run.0)) += run.1;
        }
        run = (p, 1);
    }
    if run.1 > 0 {
        opaque &= run.0 >> 24 == 0xff;
        *counts.entry(rgb(run.0)) += run.1;
    }
    if !opaque {
        return None;
    }
    let mut by_count: Vec<(u32, u32)> = counts.into_pairs().collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<u32> = by_count.iter().take(PALETTE).map(|(c, _)| *c).collect();
    let mut index = ColourTable::new();
    for (i, c) in palette.iter().enumerate() {
        *index.entry(*c) = i as u32;
    }
    for (c, _) in by_count.iter().skip(PALETTE) {
        *index.entry(*c) = u32::from(nearest(&palette, *c));
    }
    let pixels = data.len() / 4;
    let mut rows = Vec::with_capacity(pixels + pixels / width + 1);
    // The index of the latest colour looked up (a run's pixels reuse it).
    let (mut last, mut last_index) = (u32::MAX, 0u8);
    for row in data.chunks(width * 4) {
        rows.push(0);
        let start = rows.len();
        rows.resize(start + row.len() / 4, 0);
        for (out, p) in rows[start..].iter_mut().zip(row.chunks_exact(4).map(pixel)) {
            if p != last {
                // Every colour was counted above, so it has an index.
                last_index = index.get(rgb(p)).unwrap_or(0) as u8;
                last = p;
            }
            *out = last_index;
        }
    }
    Some((palette, rows))
}

/// The index of the palette colour nearest to `c` (squared RGB distance;
/// the first of equals).
fn nearest(palette: &[u32], c: u32) -> u8 {
    let ch = |v: u32, shift: u32| ((v >> shift) & 0xff) as i32;
    let dist = |p: u32| [16, 8, 0].iter().map(|s| (ch(p, *s) - ch(c, *s)).pow(2)).sum::<i32>();
    let mut best = (i32::MAX, 0usize);
    for (i, p) in palette.iter().enumerate() {
        let d = dist(*p);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1 as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixmap(w: u32, h: u32, colour: impl Fn(u32, u32) -> [u8; 3]) -> tiny_skia::Pixmap {
        let mut pm = tiny_skia::Pixmap::new(w, h).expect("size");
        for y in 0..h {
            for x in 0..w {
                let [r, g, b] = colour(x, y);
                let i = ((y * w + x) * 4) as usize;
                pm.data_mut()[i..i + 4].copy_from_slice(&[r, g, b, 255]);
            }
        }
        pm
    }

    fn decode(png: &[u8]) -> tiny_skia::Pixmap {
        tiny_skia::Pixmap::decode_png(png).expect("decodes")
    }

    #[test]
    fn an_opaque_map_of_few_colours_is_indexed_and_lossless() {
        // 256 colours in bands: every pixel must come back as it was.
        let pm = pixmap(300, 100, |x, y| [(x % 128) as u8, if y < 50 { 0 } else { 90 }, 255 - (x % 128) as u8]);
        let png = encode(&pm).expect("png");
        assert_eq!(png[25], 3, "colour type 3 (indexed) expected");
        assert!(decode(&png).data() == pm.data(), "an image of 256 colours or fewer must be lossless");
    }

    #[test]
    fn above_256_colours_the_frequent_ones_stay_exact_and_rare_ones_take_the_nearest() {
        // A flat background with 300 rare one-pixel shades on it, and 255
        // other colours of several pixels each.
        let pm = pixmap(400, 100, |x, y| match (x, y) {
            (x, 0) if x < 300 => [10, 20, (x % 256) as u8],
            (x, 1..=4) if x < 255 => [200, x as u8, 100],
            _ => [13, 23, 42],
        });
        let back = decode(&encode(&pm).expect("png"));
        for x in 0..255 {
            assert_eq!(back.pixel(x, 2).map(|p| (p.red(), p.green(), p.blue())), Some((200, x as u8, 100)), "frequent colour at x={x}");
        }
        assert_eq!(back.pixel(399, 99).map(|p| (p.red(), p.green(), p.blue())), Some((13, 23, 42)), "the background");
        // A rare shade (10, 20, 200) is drawn with the nearest palette colour:
        // the background (distance² 24,982; the nearest band colour is
        // (200, 20, 100), 46,100 away), not some arbitrary entry.
        assert_eq!(back.pixel(200, 0).map(|p| (p.red(), p.green(), p.blue())), Some((13, 23, 42)));
    }

    #[test]
    fn the_same_picture_always_gives_the_same_bytes() {
        let pm = pixmap(64, 64, |x, y| [(x * 4) as u8, (y * 4) as u8, ((x + y) * 2) as u8]);
        let a = encode(&pm).expect("png");
        let b = encode(&pm.clone()).expect("png");
        assert_eq!(a, b);
    }

    #[test]
    fn a_transparent_pixmap_keeps_its_alpha() {
        let pm = tiny_skia::Pixmap::new(10, 10).expect("size");
        let back = decode(&encode(&pm).expect("png"));
        assert_eq!(back.pixel(5, 5).map(|p| p.alpha()), Some(0));
    }
}
