//! `[limits]`: the size of what the daemon reads.

use super::check::Cx;
use toml::Table;

/// `[limits]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest text part of an incoming mail that is read (bytes);
    /// anything larger is refused with an explanation.
    pub max_text_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_text_bytes: 1024 * 1024 }
    }
}

impl Cx {
    /// The `[limits]` table (defaults for what it does not set).
    pub(super) fn limits(&mut self, t: &Table) -> Limits {
        let mut limits = Limits::default();
        self.unknown_keys(t, "limits", &["max_text_bytes"]);
        let d = limits.max_text_bytes as i64;
        limits.max_text_bytes = self.integer(t, "limits", "max_text_bytes", d, (1024, 64 * 1024 * 1024)) as usize;
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn max_text_bytes_is_checked_against_its_range() {
        assert_eq!(parse_at(&format!("{BASE}\n[limits]\nmax_text_bytes = 2048\n")).unwrap().limits.max_text_bytes, 2048);
        let e = errors_of(&format!("{BASE}\n[limits]\nmax_text_bytes = 10\n"));
        assert!(has(&e, "limits.max_text_bytes: 10 is out of range"), "{e:?}");
    }
}
