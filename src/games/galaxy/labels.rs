//! Placing the map's labels (issue 12, "maps that read well"): each label
//! goes around its marker — below, right, above, left, then the corners —
//! where it overlaps no label already placed and, if possible, no marker;
//! a label that finds no room anywhere is left out (the report's lists hold
//! every name), never drawn over another.

/// A rectangle in pixels: left, top, right, bottom.
pub type Rect = [f64; 4];

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// The advance of `text` in DejaVu Sans (the maps' font) at `size` pixels,
/// rounded up: each character counts as wide as the widest of its class
/// (W, M, other capitals, digits, lower case, spaces, the rest).
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'W' => 1.0,
            'M' => 0.87,
            'm' | 'w' => 0.98,
            c if c.is_uppercase() => 0.8,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_lowercase() => 0.64,
            ' ' => 0.32,
            '(' | ')' | '.' | ',' | ':' => 0.4,
            _ => 0.84,
        })
        .sum();
    em * size * if bold { 1.12 } else { 1.0 }
}

/// The labels placed so far and the markers they should avoid.
pub struct Labeller {
    area: Rect,
    labels: Vec<Rect>,
    markers: Vec<Rect>,
}

/// Where a label went: its text's start and baseline; for a label set
/// apart from its marker, the leader line's ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub rect: Rect,
    pub leader: Option<[f64; 4]>,
}

impl Labeller {
    /// Labels stay inside `area` (the drawn grid).
    pub fn new(area: Rect) -> Self {
        Labeller { area, labels: Vec::new(), markers: Vec::new() }
    }

    /// A marker of radius `r` at (`cx`, `cy`), for labels to avoid.
    pub fn marker(&mut self, cx: f64, cy: f64, r: f64) {
        self.markers.push([cx - r, cy - r, cx + r, cy + r]);
    }

    /// Places `text` (font `size`) around the marker of radius `r` at
    /// (`cx`, `cy`); `None` when there is no room for it.
    pub fn place(&mut self, cx: f64, cy: f64, r: f64, text: &str, size: f64, bold: bool) -> Option<Placed> {
        let w = text_width(text, size, bold) + 1.0;
        let h = size * 1.25;
        let gap = 1.5;
        let own = [cx - r, cy - r, cx + r, cy + r];
        // Top-left corners of the candidates, in order of preference: next to
        // the marker, then one ring further out (with a leader line).
        let mut cands = Vec::new();
        for (ring, d) in [(false, 0.0), (true, 14.0)] {
            let (r, g) = (r + d, gap);
            for (x, y) in [
                (cx - w / 2.0, cy + r + g),
                (cx + r + g, cy - h / 2.0),
                (cx - w / 2.0, cy - r - g - h),
                (cx - r - g - w, cy - h / 2.0),
                (cx + r * 0.7, cy + r * 0.7),
                (cx + r * 0.7, cy - r * 0.7 - h),
                (cx - r * 0.7 - w, cy + r * 0.7),
                (cx - r * 0.7 - w, cy - r * 0.7 - h),
            ] {
                cands.push((ring, [x, y, x + w, y + h]));
            }
        }
        let inside = |b: &Rect| b[0] >= self.area[0] && b[1] >= self.area[1] && b[2] <= self.area[2] && b[3] <= self.area[3];
        let free_of_labels = |b: &Rect| !self.labels.iter().any(|l| overlaps(l, b));
        let free_of_markers = |b: &Rect| !self.markers.iter().any(|m| *m != own && overlaps(m, b));
        let (far, pick) = cands
            .iter()
            .find(|(_, b)| inside(b) && free_of_labels(b) && free_of_markers(b))
            .or_else(|| cands.iter().find(|(far, b)| !far && inside(b) && free_of_labels(b)))
            .copied()?;
        self.labels.push(pick);
        let leader = far.then(|| {
            // From the marker's edge towards the nearest point of the label.
            let (nx, ny) = (cx.clamp(pick[0], pick[2]), cy.clamp(pick[1], pick[3]));
            let len = ((nx - cx).powi(2) + (ny - cy).powi(2)).sqrt().max(1.0);
            [cx + (nx - cx) * r / len, cy + (ny - cy) * r / len, nx, ny]
        });
        // The baseline: DejaVu Sans rises 0.93 em above it and falls 0.24 below.
        Some(Placed { x: pick[0] + 0.5, y: pick[1] + size * 0.97, rect: pick, leader })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crowded_labels_never_overlap_and_some_are_left_out() {
        let mut l = Labeller::new([0.0, 0.0, 200.0, 200.0]);
        let mut placed = Vec::new();
        for i in 0..40 {
            let (cx, cy) = (10.0 + (i % 8) as f64 * 22.0, 10.0 + (i / 8) as f64 * 22.0);
            l.marker(cx, cy, 6.0);
        }
        let mut left_out = 0;
        for i in 0..40 {
            let (cx, cy) = (10.0 + (i % 8) as f64 * 22.0, 10.0 + (i / 8) as f64 * 22.0);
            match l.place(cx, cy, 6.0, "SARBOU", 9.0, false) {
                Some(p) => placed.push(p.rect),
                None => left_out += 1,
            }
        }
        for (i, a) in placed.iter().enumerate() {
            assert!(a[0] >= 0.0 && a[2] <= 200.0 && a[1] >= 0.0 && a[3] <= 200.0);
            for b in &placed[i + 1..] {
                assert!(!overlaps(a, b), "{a:?} {b:?}");
            }
        }
        assert!(left_out > 0 && placed.len() > 20, "{} placed, {left_out} left out", placed.len());
    }
}
