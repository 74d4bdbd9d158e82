//! A family's private link: `<public_url>/p/<game>/<token>` (the family
//! is found from the token, so its name is not in the address).
//!
//! The token is a keyed hash (the installation's secret, as the journal's
//! tokens: `referee::journal`) of the game, the family and the link's
//! generation; 128 bits, compared in constant time. `arbitre web revoke`
//! raises the generation (kept in `games/<id>/web-links.json`): the old
//! link stops working, the new one is printed and goes out with the next
//! mail.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::referee::{Referee, RefereeError};
use crate::store::GameDir;

const GENERATIONS_FILE: &str = "web-links.json";

/// The token of `family`'s link in `game` at `generation` (32 hex digits).
fn token(secret: &[u8; 32], game: &str, family: &str, generation: u32) -> String {
    let mut h = Sha256::new();
    h.update(b"arbitre web link v1\0");
    h.update(secret);
    for p in [game, family, &generation.to_string()] {
        h.update(b"\0");
        h.update(p.as_bytes());
    }
    hex::encode(&h.finalize()[..16])
}

fn generations(dir: &GameDir) -> BTreeMap<String, u32> {
    crate::store::read_json(&dir.path().join(GENERATIONS_FILE)).ok().flatten().unwrap_or_default()
}

/// The path of `family`'s private page (from the site's root, starting with `/`).
pub fn private_path(r: &Referee, game: &str, family: &str) -> Option<String> {
    let dir = r.store.game(game).ok()?;
    let generation = generations(&dir).get(family).copied().unwrap_or(0);
    Some(format!("/p/{game}/{}", token(&r.secret, game, family, generation)))
}

/// The full private link of `family`, or `None` when no web server is configured.
pub fn private_url(r: &Referee, game: &str, family: &str) -> Option<String> {
    let web = r.config.web.as_ref()?;
    Some(format!("{}{}", web.public_url, private_path(r, game, family)?))
}

/// The family whose current token is `given` in `game` (every family is
/// compared, in constant time each).
pub fn family_of_token<'m>(r: &Referee, meta: &'m crate::referee::GameMeta, given: &str) -> Option<&'m String> {
    let dir = r.store.game(&meta.id).ok()?;
    let gens = generations(&dir);
    let mut found = None;
    for key in meta.families.keys() {
        let expected = token(&r.secret, &meta.id, key, gens.get(key).copied().unwrap_or(0));
        if bool::from(expected.as_bytes().ct_eq(given.as_bytes())) {
            found = Some(key);
        }
    }
    found
}

/// Kills `family`'s current link (the caller holds the game's lock).
pub(crate) fn bump_generation(dir: &GameDir, family: &str) -> Result<(), RefereeError> {
    let mut all = generations(dir);
    *all.entry(family.to_string()).or_insert(0) += 1;
    crate::store::write_json_atomic(&dir.path().join(GENERATIONS_FILE), &all)?;
    Ok(())
}

/// `arbitre web revoke`: kills `family`'s link and returns the new one (its
/// path when no web server is configured).
pub fn revoke(r: &Referee, game: &str, family: &str) -> Result<String, RefereeError> {
    let meta = r.read_meta(game)?.ok_or_else(|| RefereeError::NoSuchGame(game.into()))?;
    if !meta.families.contains_key(family) {
        let known: Vec<&str> = meta.families.keys().map(String::as_str).collect();
        return Err(RefereeError::Invalid(format!("game {game:?} has no family {family:?} (families: {})", known.join(", "))));
    }
    let dir = r.store.game(game)?;
    let _lock = dir.lock()?;
    bump_generation(&dir, family)?;
    Ok(private_url(r, game, family).or_else(|| private_path(r, game, family)).unwrap_or_default())
}
