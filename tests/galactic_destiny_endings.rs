//! Galactic Destiny's four endings reached by whole six-party games of
//! robots through the Maildir transport (issue #29, item 4): ten sectors,
//! the five ministries, the Ke'Ras's infestation, the turn limit — each by
//! the simulated parties' own play (`sample.rs` and the `*_robot.rs`
//! files), with no setting but what a referee chooses (`tours_max`, the
//! parties, the game's seed). `ARBITRE_GD_ENDING_SEEDS=10,11,12` plays
//! more games (30 turns at most), each of which must end by one of the
//! four.

#[path = "support/gd_games.rs"]
mod gd_games;

use gd_games::{ending, game_turns, play, Game, ENDINGS};

fn reaches(g: Game) {
    let dir = play(g);
    let (how, v) = ending(&dir).unwrap_or_else(|| panic!("seed {}: the game did not end\n{}", g.seed, std::fs::read_to_string(dir.join("summary.txt")).unwrap_or_default()));
    assert_eq!(how, g.ending, "seed {}: {v}", g.seed);
    let turns = game_turns(&dir);
    if g.ending == "turn_limit" {
        assert_eq!(turns, g.turns, "the last turn is played");
        assert!(v["winners"].as_array().is_some_and(|w| !w.is_empty()), "{v}");
    } else {
        assert!(turns < g.turns, "{turns} game turns: the ending came before the turn limit");
    }
    if matches!(how.as_str(), "sectors" | "ministries") {
        assert!(v["winner"].is_string(), "{v}");
    }
    // Every player was told: each address received the final report.
    let outgoing = dir.join("mail/outgoing");
    let last = std::fs::read_to_string(dir.join("summary.txt")).unwrap_or_default();
    assert!(last.contains("final:"), "{last}");
    assert_eq!(std::fs::read_dir(&outgoing).map(|d| d.count()).unwrap_or(0), 6, "six players' mailboxes");
}

fn the(ending: &str) -> Game {
    *ENDINGS.iter().find(|g| g.ending == ending).expect("a game for this ending")
}

/// "Victoire!": a party holds the five ministries after an election.
#[test]
fn victoire_a_robot_party_wins_the_five_ministries() {
    reaches(the("ministries"));
}

/// "Victoire!": a party controls ten sectors, more than any other.
#[test]
fn victoire_a_robot_party_wins_ten_sectors() {
    reaches(the("sectors"));
}

/// "Défaite!": ten sectors infested, everybody loses.
#[test]
fn defaite_the_keras_infest_ten_sectors() {
    reaches(the("infested"));
}

/// `tours_max` (G20): the game ends after its last turn, the most sectors
/// winning.
#[test]
fn tours_max_the_game_ends_at_the_turn_limit() {
    reaches(the("turn_limit"));
}

/// More seeds, by `ARBITRE_GD_ENDING_SEEDS` (a comma-separated list): each
/// game ends by one of the four endings within 30 game turns.
#[test]
fn more_seeds_each_end_by_one_of_the_four_endings() {
    let seeds: Vec<u64> = std::env::var("ARBITRE_GD_ENDING_SEEDS").unwrap_or_default().split(',').filter_map(|s| s.trim().parse().ok()).collect();
    let games: Vec<Game> = seeds.iter().map(|s| Game { ending: "", seed: *s, turns: 30 }).collect();
    for (g, dir) in games.iter().zip(gd_games::play_all(&games)) {
        let (how, v) = ending(&dir).unwrap_or_else(|| panic!("seed {}: no ending", g.seed));
        eprintln!("seed {}: {v} after {} game turn(s)", g.seed, game_turns(&dir));
        assert!(["ministries", "sectors", "infested", "turn_limit"].contains(&how.as_str()), "seed {}: {v}", g.seed);
    }
}
