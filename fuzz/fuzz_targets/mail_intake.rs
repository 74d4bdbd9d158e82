//! Raw bytes through the mail codec, the loop guards and the orders-block
//! reader: none may panic, whatever the bytes.
#![no_main]

use arbitre::mail::{decode, silence_reason, Limits};
use arbitre::orders::read_submission;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Small limits too, so that truncation paths run on small inputs.
    for limits in [Limits::default(), Limits { max_text_bytes: 64, max_raw_bytes: 1 << 20 }] {
        if let Ok(m) = decode(data, &limits) {
            let _ = silence_reason(&m, &["arbitre@referee.test".to_string()]);
            let sub = read_submission(&m.subject, &m.text, &m.attachment_texts);
            if let Some(s) = sub {
                // What the referee reads next must be there and sane.
                assert!(s.orders.iter().all(|l| l.no >= 1));
            }
            assert!(m.text.len() <= limits.max_text_bytes);
        }
    }
    // The orders reader on the bytes as a body, without MIME.
    let body = String::from_utf8_lossy(data);
    let _ = read_submission(&body, &body, &[body.to_string()]);
});
