//! An independent referee (`tests/data/stellar/oracle.rs`, written from the
//! booklet apart from the engine) replays every step of whole games between
//! the demo's simulated players, one of them silent from step 10 as in
//! `arbitre demo --ruleset stellar`: every move explained by ÉTAPE 1–4,
//! every placement legal ("Le télescope") and as ordered (face down when
//! ordered face down), the deal in the booklet's order ("Mise en place"),
//! the scores recomputed ("Décompte des points").

mod stellar_common;
use stellar_common::play_recorded;
#[path = "data/stellar/oracle.rs"]
mod oracle;

use arbitre::games::stellar::model::Phase;

#[test]
fn le_telescope_and_etape_3_every_placement_of_demo_games_is_the_booklets() {
    let mut failures = Vec::new();
    for (seed, silent_from) in [(1, Some(10)), (2, Some(10)), (3, None), (4, None)] {
        let steps = play_recorded(seed, silent_from);
        assert_eq!(steps.last().map(|s| s.2.phase), Some(Phase::Over), "seed {seed}: the game did not end");
        for (before, orders, after, _) in &steps {
            for e in oracle::check_step(before, orders, after) {
                failures.push(format!("seed {seed}, step {}: {e}", before.step));
            }
        }
    }
    assert!(failures.is_empty(), "{} faults:\n{}", failures.len(), failures.join("\n"));
}
