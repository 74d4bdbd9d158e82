//! Seeded dice with an audit trail.
//!
//! Every random draw a rules engine makes goes through [`Dice`], which records
//! it (rule number, what was drawn for, the dice, the outcome) so that the
//! turn's audit log shows every roll. The generator is ChaCha8 seeded from the
//! game's seed and the turn number: a turn is reproducible bit for bit, and the
//! engine never touches the OS RNG.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One recorded draw: a line of the turn's audit log (`audit.jsonl`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Rule number of the rules text that calls for the draw, e.g. `"11.2.1"`.
    pub rule: String,
    /// What the draw is for, e.g. `"rebel strength V on Dorkir"`.
    pub what: String,
    /// The values drawn (d6 faces, or the index drawn by lot).
    pub dice: Vec<u32>,
    /// What the draw decided, e.g. `"success"`, `"killed"`, `"Kistrang"`.
    pub outcome: String,
}

/// The seeded generator of one turn, with its audit log.
#[derive(Debug, Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    log: Vec<Roll>,
}

/// Derives the seed of a turn from the game's seed: SHA-256 of both, so that
/// neighbouring turns get unrelated streams.
pub fn turn_seed(game_seed: u64, turn: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"arbitre-turn-seed-v1");
    h.update(game_seed.to_le_bytes());
    h.update(turn.to_le_bytes());
    h.finalize().into()
}

impl Dice {
    /// The dice of turn `turn` of a game whose seed is `game_seed`.
    pub fn for_turn(game_seed: u64, turn: u32) -> Dice {
        Dice::from_seed(turn_seed(game_seed, turn))
    }

    pub fn from_seed(seed: [u8; 32]) -> Dice {
        Dice { rng: ChaCha8Rng::from_seed(seed), log: Vec::new() }
    }

    /// A sub-generator for an independent purpose (e.g. galaxy generation),
    /// seeded from this one; its rolls are logged here too when merged back
    /// with [`Dice::absorb`].
    pub fn fork(&mut self, label: &str) -> Dice {
        let mut h = Sha256::new();
        h.update(label.as_bytes());
        h.update(self.rng.gen::<[u8; 32]>());
        Dice::from_seed(h.finalize().into())
    }

    /// Appends the log of a forked generator to this one.
    pub fn absorb(&mut self, other: Dice) {
        self.log.extend(other.log);
    }

    fn record(&mut self, rule: &str, what: String, dice: Vec<u32>, outcome: String) {
        self.log.push(Roll { rule: rule.to_string(), what, dice, outcome });
    }

    /// Sets the outcome of the most recent roll (for draws whose meaning is
    /// only known after the caller interprets them).
    pub fn set_outcome(&mut self, outcome: impl Into<String>) {
        if let Some(last) = self.log.last_mut() {
            last.outcome = outcome.into();
        }
    }

    /// Records that a stage was reached (no die is drawn): the audit log
    /// then shows every phase a turn went through, even those that rolled
    /// nothing. The outcome is `reached`.
    pub fn mark(&mut self, rule: &str, what: impl Into<String>) {
        self.record(rule, what.into(), Vec::new(), "reached".into());
    }

    /// One six-sided die, 1..=6.
    pub fn d6(&mut self, rule: &str, what: impl Into<String>) -> u32 {
        let v = self.rng.gen_range(1..=6);
        self.record(rule, what.into(), vec![v], String::new());
        v
    }

    /// `n` six-sided dice, recorded as one roll; returns the faces.
    pub fn nd6(&mut self, n: u32, rule: &str, what: impl Into<String>) -> Vec<u32> {
        let faces: Vec<u32> = (0..n).map(|_| self.rng.gen_range(1..=6)).collect();
        let sum: u32 = faces.iter().sum();
        self.record(rule, what.into(), faces.clone(), format!("sum {sum}"));
        faces
    }

    /// "`k` chances sur 6": true when a d6 shows `k` or less.
    pub fn chance_in_6(&mut self, k: u32, rule: &str, what: impl Into<String>) -> bool {
        let v = self.rng.gen_range(1..=6);
        let ok = v <= k;
        self.record(
            rule,
            what.into(),
            vec![v],
            format!("{} ({k} in 6)", if ok { "yes" } else { "no" }),
        );
        ok
    }

    /// A uniform whole number in `lo..=hi` (e.g. the year of the cycle).
    pub fn range(&mut self, lo: u32, hi: u32, rule: &str, what: impl Into<String>) -> u32 {
        let v = if lo >= hi { lo } else { self.rng.gen_range(lo..=hi) };
        self.record(rule, what.into(), vec![v], v.to_string());
        v
    }

    /// Draws one index by lot among `n` (`None` when `n == 0`).
    pub fn pick_index(&mut self, n: usize, rule: &str, what: impl Into<String>) -> Option<usize> {
        if n == 0 {
            return None;
        }
        let i = self.rng.gen_range(0..n);
        self.record(rule, what.into(), vec![i as u32], format!("#{i} of {n}"));
        Some(i)
    }

    /// Draws one item by lot; the audit outcome is the item's `Display` label.
    pub fn pick<'a, T>(
        &mut self,
        items: &'a [T],
        label: impl Fn(&T) -> String,
        rule: &str,
        what: impl Into<String>,
    ) -> Option<&'a T> {
        let i = self.pick_index(items.len(), rule, what)?;
        let item = &items[i];
        self.set_outcome(label(item));
        Some(item)
    }

    /// Shuffles in place (Fisher–Yates), recorded as one entry.
    pub fn shuffle<T>(&mut self, items: &mut [T], rule: &str, what: impl Into<String>) {
        let mut swaps = Vec::with_capacity(items.len());
        for i in (1..items.len()).rev() {
            let j = self.rng.gen_range(0..=i);
            items.swap(i, j);
            swaps.push(j as u32);
        }
        self.record(rule, what.into(), swaps, "shuffled".into());
    }

    /// The rolls made so far.
    pub fn log(&self) -> &[Roll] {
        &self.log
    }

    pub fn into_log(self) -> Vec<Roll> {
        self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::for_turn(42, 3);
        let mut b = Dice::for_turn(42, 3);
        let ra: Vec<u32> = (0..100).map(|_| a.d6("0", "t")).collect();
        let rb: Vec<u32> = (0..100).map(|_| b.d6("0", "t")).collect();
        assert_eq!(ra, rb);
        assert_eq!(a.log(), b.log());
    }

    #[test]
    fn different_turns_differ() {
        let mut a = Dice::for_turn(42, 3);
        let mut b = Dice::for_turn(42, 4);
        let ra: Vec<u32> = (0..50).map(|_| a.d6("0", "t")).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.d6("0", "t")).collect();
        assert_ne!(ra, rb);
    }

    #[test]
    fn every_roll_is_logged_with_its_rule() {
        let mut d = Dice::for_turn(1, 1);
        d.d6("8.2", "survival of X");
        d.chance_in_6(5, "2.1.2", "assassination of Y");
        d.nd6(2, "7.3", "births of couple Z");
        let log = d.into_log();
        assert_eq!(log.len(), 3);
        assert_eq!(log[0].rule, "8.2");
        assert_eq!(log[1].rule, "2.1.2");
        assert_eq!(log[2].dice.len(), 2);
        assert!(log.iter().all(|r| r.dice.iter().all(|&v| (1..=6).contains(&v))));
    }

    #[test]
    fn marks_are_logged_and_draw_nothing() {
        let mut a = Dice::for_turn(3, 3);
        let mut b = Dice::for_turn(3, 3);
        a.mark("11", "phase 11");
        assert_eq!(a.d6("x", "x"), b.d6("x", "x"));
        assert_eq!(a.log()[0].outcome, "reached");
        assert!(a.log()[0].dice.is_empty());
    }

    #[test]
    fn d6_is_fair_over_many_rolls() {
        let mut d = Dice::for_turn(7, 0);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[(d.d6("t", "t") - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }
}
