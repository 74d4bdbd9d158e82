//! Family passwords: generated pronounceable (so players can type them from
//! a phone), ≥ 80 bits, stored only as a hash, compared in constant time.
//!
//! A slow hash (argon2) is for human-chosen passwords; these are random and
//! long, so SHA-256 is enough and keeps the deadline rush fast.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

const CONSONANTS: &[u8] = b"bcdfghjklmnprstvz";
const VOWELS: &[u8] = b"aeiou";

/// Bits of entropy of a generated password (17 × 5 = 85 syllables, 16 of them).
pub const BITS: f64 = 16.0 * 6.409; // log2(85) ≈ 6.409

/// A new password: 16 consonant-vowel syllables in 4 groups, e.g.
/// `bako-rifu-tane-zolu-…` (about 102 bits).
pub fn generate<R: Rng + ?Sized>(rng: &mut R) -> String {
    let mut groups = Vec::with_capacity(4);
    for _ in 0..4 {
        let mut g = String::with_capacity(8);
        for _ in 0..4 {
            g.push(CONSONANTS[rng.gen_range(0..CONSONANTS.len())] as char);
            g.push(VOWELS[rng.gen_range(0..VOWELS.len())] as char);
        }
        groups.push(g);
    }
    groups.join("-")
}

/// A password derived from the installation's secret key and `parts` (the
/// game, the family, the registration message): the same inputs give the same
/// password, so handling a registration twice after a crash is harmless.
pub fn derive(secret: &[u8; 32], parts: &[&str]) -> String {
    use rand::SeedableRng;
    let mut h = Sha256::new();
    h.update(b"arbitre-password-derive-v1\0");
    h.update(secret);
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(h.finalize().into());
    generate(&mut rng)
}

/// Loads the installation's secret key (`<data>/secret.key`), creating it
/// from the OS generator on first use (mode 0600).
pub fn load_or_create_secret(data_dir: &std::path::Path) -> std::io::Result<[u8; 32]> {
    let path = data_dir.join("secret.key");
    match std::fs::read(&path) {
        Ok(b) if b.len() == 32 => {
            let mut k = [0u8; 32];
            k.copy_from_slice(&b);
            Ok(k)
        }
        Ok(_) => Err(std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{} is not 32 bytes", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut k = [0u8; 32];
            rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut k);
            crate::store::write_atomic(&path, &k)?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
            }
            Ok(k)
        }
        Err(e) => Err(e),
    }
}

/// The stored hash of a family's password.
pub fn hash(game_id: &str, family: &str, password: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"arbitre-password-v1\0");
    h.update(game_id.as_bytes());
    h.update(b"\0");
    h.update(family.as_bytes());
    h.update(b"\0");
    // Players retype the password: ignore case and surrounding spaces.
    h.update(password.trim().to_lowercase().as_bytes());
    hex::encode(h.finalize())
}

/// Whether `password` matches the stored hash (constant-time comparison).
pub fn verify(game_id: &str, family: &str, password: &str, stored_hex: &str) -> bool {
    let candidate = hash(game_id, family, password);
    candidate.as_bytes().ct_eq(stored_hex.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generated_passwords_are_long_and_pronounceable() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let p = generate(&mut rng);
        assert_eq!(p.len(), 4 * 8 + 3);
        assert!(BITS >= 80.0);
        assert_ne!(p, generate(&mut rng));
    }

    #[test]
    fn derived_passwords_are_stable_and_distinct() {
        let k = [7u8; 32];
        assert_eq!(derive(&k, &["g", "A", "m1"]), derive(&k, &["g", "A", "m1"]));
        assert_ne!(derive(&k, &["g", "A", "m1"]), derive(&k, &["g", "A", "m2"]));
        assert_ne!(derive(&k, &["g", "A", "m1"]), derive(&[8u8; 32], &["g", "A", "m1"]));
    }

    #[test]
    fn verify_accepts_only_the_right_password() {
        let h = hash("g", "ATREIDES", "bako-rifu");
        assert!(verify("g", "ATREIDES", "bako-rifu", &h));
        assert!(verify("g", "ATREIDES", "  BAKO-RIFU ", &h));
        assert!(!verify("g", "ATREIDES", "bako-rifv", &h));
        assert!(!verify("g", "HARKONNEN", "bako-rifu", &h));
        assert!(!verify("other", "ATREIDES", "bako-rifu", &h));
    }
}
