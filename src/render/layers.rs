//! Maps drawn as a base common to every family and each family's overlay.
//!
//! Every family's map of a turn repeats the same public drawing (planets,
//! controllers, legend). A map template that supports it renders, besides
//! the whole map, a *base* (what every family's map has in
//! common, in a document of its own height) and an *overlay* (only the
//! family's marks and lines, transparent elsewhere, every element of which
//! comes after every base element in the whole map). The base is rasterised
//! once per distinct document and kept; each family's picture is a copy of
//! its rows with the overlay drawn over them: the very drawing operations of
//! the whole map, in the same order, on the same pixels, hence the same
//! picture (`tests::composed_equals_the_whole_map`).
//!
//! The cache is keyed by the base document's whole text: two families share
//! a base raster only when their base documents are the same bytes, so
//! nothing of one family's overlay can reach another's map, whatever the
//! template does.

use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia;
use resvg::usvg;

use super::{RenderError, Renderer};

/// Base rasters kept (a turn's families share one per language).
const KEPT: usize = 4;

type Raster = Arc<OnceLock<Result<tiny_skia::Pixmap, String>>>;

/// The base rasters of the latest base documents, the newest last.
#[derive(Default)]
pub(super) struct BaseCache(Mutex<Vec<(Arc<str>, Raster)>>);

impl BaseCache {
    /// The slot of `svg`'s raster, made (empty) when new.
    fn slot(&self, svg: &str) -> Raster {
        let mut entries = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = entries.iter().position(|(k, _)| &**k == svg) {
            let e = entries.remove(i);
            let slot = e.1.clone();
            entries.push(e);
            return slot;
        }
        if entries.len() >= KEPT {
            entries.remove(0);
        }
        let slot: Raster = Arc::default();
        entries.push((Arc::from(svg), slot.clone()));
        slot
    }
}

impl Renderer {
    /// The PNG of a layered map: template `tpl` rendered with `context` as
    /// its base (`layer = "base"`) and its overlay (`layer = "overlay"`),
    /// composed by [`Renderer::layers_to_png`]. `context` is left as given.
    pub fn layered_map_png(&self, tpl: &str, context: &mut super::Prepared) -> Result<Vec<u8>, RenderError> {
        context.set("layer", "base");
        let base = self.render_prepared(tpl, context);
        context.set("layer", "overlay");
        let overlay = self.render_prepared(tpl, context);
        context.unset("layer");
        self.layers_to_png(&base?, &overlay?)
    }

    /// The PNG of a map given as its `base` and a family's `overlay` (see
    /// the module's doc): the same picture as [`Renderer::svg_to_png`] of
    /// the whole map. The overlay's size is the map's.
    pub fn layers_to_png(&self, base: &str, overlay: &str) -> Result<Vec<u8>, RenderError> {
        let slot = self.bases.slot(base);
        let raster = slot.get_or_init(|| self.rasterise(base).map_err(|e| e.to_string()));
        let base_px = raster.as_ref().map_err(|e| RenderError::Svg(e.clone()))?;
        let tree = self.parse_svg(overlay)?;
        let size = self.size_of(&tree)?;
        // The base's rows, as far as both go (the overlay paints what lies
        // below the base itself).
        if base_px.width() != size.width() {
            return Err(RenderError::Svg(format!("a base {} px wide under an overlay {} px wide", base_px.width(), size.width())));
        }
        let len = size.width() as usize * size.height() as usize * 4;
        let mut pixmap = tiny_skia::Pixmap::from_vec(super::spare::copied(base_px.data(), len), size).ok_or_else(|| RenderError::Png(format!("bad size {}×{}", size.width(), size.height())))?;
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        let png = super::png::encode(&pixmap);
        super::spare::give_back(pixmap.take());
        png
    }

    /// `svg` drawn at its own size.
    pub(super) fn rasterise(&self, svg: &str) -> Result<tiny_skia::Pixmap, RenderError> {
        let tree = self.parse_svg(svg)?;
        let mut pixmap = self.pixmap_for(&tree)?;
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        Ok(pixmap)
    }

    /// An empty pixmap of the tree's size, within [`super::MAX_PIXELS`].
    fn pixmap_for(&self, tree: &usvg::Tree) -> Result<tiny_skia::Pixmap, RenderError> {
        let size = self.size_of(tree)?;
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| RenderError::Png(format!("bad size {}×{}", size.width(), size.height())))
    }

    /// The tree's size in pixels, within [`super::MAX_PIXELS`].
    fn size_of(&self, tree: &usvg::Tree) -> Result<tiny_skia::IntSize, RenderError> {
        let size = tree.size().to_int_size();
        let (w, h) = (size.width(), size.height());
        if u64::from(w) * u64::from(h) > super::MAX_PIXELS {
            return Err(RenderError::Png(format!("{w}×{h} pixels is too large")));
        }
        Ok(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn renderer() -> Renderer {
        Renderer::new(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")).expect("templates")
    }

    const BASE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><rect x="0" y="0" width="200" height="120" fill="#0d1b2a"/><circle cx="60" cy="50" r="30" fill="#2e6db4" stroke="#ffffff" stroke-width="2"/><text x="60" y="105" font-size="18" fill="#ffffff" text-anchor="middle">Dorkir</text></svg>"##;
    const OVERLAY: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 200 160"><rect x="0" y="120" width="200" height="40" fill="#0d1b2a"/><circle cx="83" cy="73" r="12" fill="#ffffff" stroke="#1b2631" stroke-width="2"/><text x="10" y="145" font-size="18" fill="#f7dc6f">Paul, Alia</text></svg>"##;
    const WHOLE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 200 160"><rect x="0" y="0" width="200" height="160" fill="#0d1b2a"/><circle cx="60" cy="50" r="30" fill="#2e6db4" stroke="#ffffff" stroke-width="2"/><text x="60" y="105" font-size="18" fill="#ffffff" text-anchor="middle">Dorkir</text><rect x="0" y="120" width="200" height="40" fill="#0d1b2a"/><circle cx="83" cy="73" r="12" fill="#ffffff" stroke="#1b2631" stroke-width="2"/><text x="10" y="145" font-size="18" fill="#f7dc6f">Paul, Alia</text></svg>"##;

    #[test]
    fn composed_equals_the_whole_map() {
        let r = renderer();
        let whole = r.svg_to_png(WHOLE).expect("whole");
        // Twice: the second time from the cached base.
        assert!(r.layers_to_png(BASE, OVERLAY).expect("composed") == whole, "the composed map differs from the whole");
        assert!(r.layers_to_png(BASE, OVERLAY).expect("composed again") == whole, "the map composed on the cached base differs");
    }

    #[test]
    fn a_different_base_is_never_taken_from_the_cache() {
        let r = renderer();
        let other = BASE.replace("Dorkir", "Balnéa");
        let first = r.layers_to_png(BASE, OVERLAY).expect("first");
        let second = r.layers_to_png(&other, OVERLAY).expect("second");
        assert!(first != second, "another base gave the same map");
        assert!(second == r.svg_to_png(&WHOLE.replace("Dorkir", "Balnéa")).expect("whole"), "the second map is not its whole map");
    }
}
