//! `/g/<game>/deadlines.ics`: the open turn's deadline as a calendar a
//! player subscribes to; the event keeps its UID when the deadline moves,
//! with a higher SEQUENCE, so the subscribed calendar moves it too.

use std::sync::Arc;

use axum::extract::{Path, State};

use super::public::find;
use super::{blocking, Page, Web};

pub async fn deadlines(State(web): State<Arc<Web>>, Path(id): Path<String>) -> Page {
    blocking(&web, move |web| {
        let Some(g) = find(web, &id) else { return Page::NotFound };
        let now = web.clock.now();
        let ics = match g.meta.deadline.filter(|_| !g.meta.finished) {
            Some(d) => web.referee.deadline_calendar(&g.meta.id, g.meta.turn, d, &g.config.language, now),
            None => Some(crate::mail::calendar::calendar(&[], Some(&g.meta.id))),
        };
        match ics {
            Some(text) => Page::File { content_type: "text/calendar; charset=utf-8", bytes: text.into_bytes(), private: false },
            None => Page::Error,
        }
    })
    .await
}
