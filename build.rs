//! Embeds the message files of `locales/<lang>/*.ftl` into the binary: writes
//! `$OUT_DIR/locales.rs`, a list of (language, file name, text) that
//! `src/i18n/catalog.rs` includes. Files are listed in name order, so the
//! build is reproducible.

use std::{env, fs, path::PathBuf};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let locales = root.join("locales");
    println!("cargo:rerun-if-changed=locales");
    let mut files = Vec::new();
    if let Ok(langs) = fs::read_dir(&locales) {
        for lang in langs.flatten() {
            let Ok(entries) = fs::read_dir(lang.path()) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "ftl") {
                    files.push((lang.file_name().to_string_lossy().into_owned(), path));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from("&[\n");
    for (lang, path) in &files {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        out.push_str(&format!("    ({lang:?}, {name:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    out.push_str("]\n");
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("locales.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}
