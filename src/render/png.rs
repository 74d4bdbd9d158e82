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
///
/// The stream is written into a buffer kept per thread (its worst-case
/// size, zeroed once rather than for every map), then copied out: a few
/// tens of KB where the buffer holds the whole picture's worth.
fn deflate(data: &[u8]) -> Result<Vec<u8>, RenderError> {
    thread_local! {
        static OUT: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let need = zlib_rs::compress_bound(data.len());
    let config = zlib_rs::DeflateConfig::new(ZLIB_LEVEL);
    let compress = |buf: &mut [u8]| match zlib_rs::compress_slice(buf, data, config) {
        (out, zlib_rs::ReturnCode::Ok) => Ok(out.to_vec()),
        (_, rc) => Err(RenderError::Png(format!("zlib: {rc:?}"))),
    };
    // Kept up to 16 MiB (a map of 16 million pixels).
    if need > 16 << 20 {
        return compress(&mut vec![0u8; need]);
    }
    OUT.with(|out| {
        let mut buf = out.borrow_mut();
        if buf.len() < need {
            *buf = vec![0; need];
        }
        compress(&mut buf[..need])
    })
}

/// Colours (`0x00RRGGBB`) to their numbers: open addressing on a
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
    #[inline]
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

    /// The value of `c`, if it is there.
    #[inline]
    fn get(&self, c: u32) -> Option<u32> {
        let i = self.slot(c);
        (self.keys[i] == c).then(|| self.values[i])
    }

    /// The value of `c`, made `fresh` when new.
    #[cold]
    fn entry_or(&mut self, c: u32, fresh: u32) -> &mut u32 {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let i = self.slot(c);
        if self.keys[i] == EMPTY {
            self.keys[i] = c;
            self.values[i] = fresh;
            self.len += 1;
        }
        &mut self.values[i]
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, ColourTable { keys: vec![EMPTY; self.keys.len() * 2], values: vec![0; self.keys.len() * 2], len: 0 });
        for (k, v) in old.keys.into_iter().zip(old.values) {
            if k != EMPTY {
                self.entry_or(k, v);
            }
        }
    }
}

/// `0x00RRGGBB` of an RGBA pixel read as one little-endian number (its
/// bytes R, G, B, A in memory order).
fn rgb(p: u32) -> u32 {
    let [r, g, b, _] = p.to_le_bytes();
    u32::from_be_bytes([0, r, g, b])
}

/// For opaque RGBA `data` of `width` pixels a row: the palette (colours as
/// `0x00RRGGBB`, most frequent first) and the PNG's rows of indices, each
/// after its filter byte (none: flat runs of one index compress best
/// unfiltered). `None` when some pixel is not opaque.
///
/// One pass reads the pixels as runs of one value within a row (runs are
/// the rule: a map is mostly flat), numbering each colour as it is first
/// seen and counting its pixels; the palette follows from the counts; the
/// rows are then written run by run through a table from those numbers to
/// palette indices.
fn quantise(data: &[u8], width: usize) -> Option<(Vec<u32>, Vec<u8>)> {
    // Colour to its number; each number's colour and pixel count.
    let mut ids = ColourTable::new();
    let mut colours: Vec<u32> = Vec::new();
    // (colour number, length) of every run of the distinct rows.
    let mut runs: Vec<(u32, u32)> = Vec::with_capacity(data.len() / 64);
    // Each row's first run, or `REPEAT` for a row the same as the one
    // above it (a map's empty stretches: some 40 % of a Galaxy map's
    // rows); how many times each distinct row occurs, by its first run.
    let mut row_starts: Vec<usize> = Vec::new();
    let mut times: Vec<(usize, u32)> = Vec::new();
    let mut opaque = true;
    // The latest run's pixel and number (runs often alternate few colours).
    let (mut last, mut last_id) = (None, 0u32);
    let (pixels, _) = data.as_chunks::<4>();
    let mut above: Option<&[[u8; 4]]> = None;
    for row in pixels.chunks(width) {
        if above == Some(row) {
            row_starts.push(REPEAT);
            if let Some(t) = times.last_mut() {
                t.1 += 1;
            }
            continue;
        }
        above = Some(row);
        row_starts.push(runs.len());
        times.push((runs.len(), 1));
        let mut i = 0;
        while i < row.len() {
            let p = row[i];
            let mut j = i + 1;
            // Eight pixels at a time through flat areas, then one by one.
            while j + 8 <= row.len() && row[j..j + 8].iter().fold(true, |all, q| all & (*q == p)) {
                j += 8;
            }
            while j < row.len() && row[j] == p {
                j += 1;
            }
            let len = (j - i) as u32;
            i = j;
            if last != Some(p) {
                opaque &= p[3] == 0xff;
                let c = rgb(u32::from_le_bytes(p));
                last_id = match ids.get(c) {
                    Some(id) => id,
                    None => {
                        let fresh = colours.len() as u32;
                        ids.entry_or(c, fresh);
                        colours.push(c);
                        fresh
                    }
                };
                last = Some(p);
            }
            runs.push((last_id, len));
        }
    }
    if !opaque {
        return None;
    }
    // Each colour's pixels: its runs' lengths, times their row's count.
    let mut counts = vec![0u32; colours.len()];
    for (k, &(first, n)) in times.iter().enumerate() {
        let end = times.get(k + 1).map_or(runs.len(), |t| t.0);
        for &(id, len) in &runs[first..end] {
            counts[id as usize] += len * n;
        }
    }
    // Most frequent first, ties by colour: each colour's number as one
    // key, its count's complement (32 bits) above its colour (24 bits)
    // above the number itself.
    let mut by_count: Vec<u128> =
        colours.iter().zip(&counts).enumerate().map(|(id, (&c, &n))| u128::from(!n) << 64 | u128::from(c) << 32 | id as u128).collect();
    by_count.sort_unstable();
    let id_of = |k: &u128| (*k as u32) as usize;
    let palette: Vec<u32> = by_count.iter().take(PALETTE).map(|k| colours[id_of(k)]).collect();
    let mut index = vec![0u8; colours.len()];
    for (i, k) in by_count.iter().take(PALETTE).enumerate() {
        index[id_of(k)] = i as u8;
    }
    if by_count.len() > PALETTE {
        let near = Nearest::new(&palette);
        for k in &by_count[PALETTE..] {
            index[id_of(k)] = near.find(colours[id_of(k)]);
        }
    }
    // The rows, each after its filter byte (0): a distinct row written run
    // by run, a repeated one copied from the row above.
    let stride = width + 1;
    let mut rows = vec![0u8; row_starts.len() * stride];
    for (r, &first) in row_starts.iter().enumerate() {
        let at = r * stride + 1;
        if first == REPEAT {
            rows.copy_within(at - stride..at - 1, at);
            continue;
        }
        let mut x = at;
        let end = at + pixels[r * width..].len().min(width);
        for &(id, len) in &runs[first..] {
            if x >= end {
                break;
            }
            rows[x..x + len as usize].fill(index[id as usize]);
            x += len as usize;
        }
    }
    // Each row's filter byte and pixels (the last row may be shorter).
    rows.truncate(row_starts.len() + pixels.len());
    Some((palette, rows))
}

/// [`quantise`]'s mark of a row the same as the one above it.
const REPEAT: usize = usize::MAX;

/// The palette sorted by green, for [`Nearest::find`] to look only at the
/// entries whose green alone is not already farther than the best found.
struct Nearest {
    /// (green, red, blue, palette index), by green.
    by_green: Vec<(i32, i32, i32, i32)>,
}

impl Nearest {
    fn new(palette: &[u32]) -> Nearest {
        let ch = |c: u32, shift: u32| ((c >> shift) & 0xff) as i32;
        let mut by_green: Vec<(i32, i32, i32, i32)> =
            palette.iter().take(PALETTE).enumerate().map(|(i, &c)| (ch(c, 8), ch(c, 16), ch(c, 0), i as i32)).collect();
        by_green.sort_unstable();
        Nearest { by_green }
    }

    /// The index of the palette colour nearest to `c` (squared RGB
    /// distance; the first of equals).
    fn find(&self, c: u32) -> u8 {
        let (r, g, b) = (((c >> 16) & 0xff) as i32, ((c >> 8) & 0xff) as i32, (c & 0xff) as i32);
        // Each entry as one key, its distance above its index: the least
        // key is the nearest entry, the first of equals. An entry whose
        // green alone is farther than the best key's distance can neither
        // be nearer nor equal, nor can any beyond it on that side.
        let key = |e: &(i32, i32, i32, i32)| {
            let (dg, dr, db) = (e.0 - g, e.1 - r, e.2 - b);
            ((dr * dr + dg * dg + db * db) << 8) | e.3
        };
        let far = |e: &(i32, i32, i32, i32), best: i32| (e.0 - g) * (e.0 - g) << 8 > best;
        let start = self.by_green.partition_point(|e| e.0 < g);
        let mut best = i32::MAX;
        for e in &self.by_green[start..] {
            if far(e, best) {
                break;
            }
            best = best.min(key(e));
        }
        for e in self.by_green[..start].iter().rev() {
            if far(e, best) {
                break;
            }
            best = best.min(key(e));
        }
        (best & 0xff) as u8
    }
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
    fn a_row_repeated_below_itself_counts_once_for_each_time_it_occurs() {
        // Ten identical rows, each with 200 colours of one pixel (10 pixels
        // each in all), then one row of 100 colours of 3 pixels each: 301
        // colours. The 200 repeated ones are the more frequent and must all
        // stay exact.
        let pm = pixmap(300, 11, |x, y| match (x, y) {
            (x, 0..=9) if x < 200 => [x as u8, 50, 60],
            (_, 0..=9) => [0, 0, 0],
            (x, _) => [(x / 3) as u8, 200, 10],
        });
        let back = decode(&encode(&pm).expect("png"));
        for y in 0..10 {
            assert!(back.data()[y * 1200..(y + 1) * 1200] == pm.data()[y * 1200..(y + 1) * 1200], "row {y} of the repeated colours");
        }
        assert_eq!(back.data().len(), pm.data().len());
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
