//! The static files, built into the binary: a fixed table, so no request
//! path ever reaches the file system.

use axum::extract::Path;

use super::Page;

const FILES: &[(&str, &str, &str)] = &[
    ("web.css", "text/css; charset=utf-8", include_str!("../../static/web.css")),
    ("countdown.js", "text/javascript; charset=utf-8", include_str!("../../static/countdown.js")),
    ("favicon.svg", "image/svg+xml", include_str!("../../static/favicon.svg")),
];

pub async fn file(Path(name): Path<String>) -> Page {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, ct, body)) => Page::File { content_type: ct, bytes: body.as_bytes().to_vec(), private: false },
        None => Page::NotFound,
    }
}
