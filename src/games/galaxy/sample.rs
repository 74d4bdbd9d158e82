//! A simulated player (for `arbitre demo` and the benchmarks, never for
//! adjudication): it uses only what the player knows (rule 6) and writes
//! orders as a player would (orders.md §7).

use crate::dice::Dice;

use super::model::{GalaxyState, Kind, Pos, Rel};

/// The step of at most `speed` kpc from `from` towards `to` (real distance).
fn step(s: &GalaxyState, from: Pos, to: Pos, speed: u32) -> Pos {
    let r = s.torus.rel(from, to);
    let sp = speed as f64;
    let d = ((r.h * r.h + r.v * r.v) as f64).sqrt();
    if d <= sp {
        return to;
    }
    let k = sp / d;
    let (mut h, mut v) = ((r.h as f64 * k).round() as i32, (r.v as f64 * k).round() as i32);
    while (h * h + v * v) as f64 > sp * sp {
        if h.abs() >= v.abs() {
            h -= h.signum();
        } else {
            v -= v.signum();
        }
    }
    s.torus.add(from, Rel { h, v })
}

pub fn sample_orders(s: &GalaxyState, who: &str, dice: &mut Dice) -> Vec<String> {
    let Some(p) = s.players.get(who) else { return Vec::new() };
    if !s.generated() || s.ranking.is_some() {
        return Vec::new();
    }
    let rel = |q: Pos| s.torus.rel(p.origin, q).label();
    let mut lines = Vec::new();
    let mut budget = p.treasury;
    let mut free: Vec<u8> = (1..=9u8).filter(|n| !p.fleets.contains_key(n)).collect();
    let known = |i: usize| p.known.get(&i).and_then(|k| k.details.as_ref());

    // 4.1.4: colonise where an ark orbits a star that allows it.
    for f in p.fleets.values().filter(|f| f.ships.n > 0) {
        let Some(i) = s.star_at(f.pos) else { continue };
        let Some(d) = known(i) else { continue };
        if s.stars[i].owner.as_deref() == Some(who) || d.tech + d.docility > 0 || d.tech > p.tech + 1 {
            continue;
        }
        let cost = s.colonisation_cost(who, i).unwrap_or(u32::MAX);
        if d.kind == Kind::Throne && p.throne_code.is_none() || cost > budget {
            continue;
        }
        budget -= cost;
        let code = if d.kind == Kind::Throne { p.throne_code.clone().map(|c| format!(" {c}")).unwrap_or_default() } else { String::new() };
        lines.push(format!("COLONISER {}{code}", d.name));
    }
    // 4.1.3: arks to colonise, patrols to explore.
    let home = s.stars_of(who).map(|(_, st)| st.name.clone()).next();
    if let Some(home) = &home {
        if !free.is_empty() && budget >= 12 {
            lines.push(format!("CONSTRUIRE F{} 1P 0C 1N {home}", free.remove(0)));
            budget -= 12;
        } else if !free.is_empty() && budget >= 2 && (p.fleets.is_empty() || dice.range(0, 1, "demo", "build patrols") == 1) {
            let n = (budget / 2).min(5);
            lines.push(format!("CONSTRUIRE F{} {n}P 0C 0N {home}", free.remove(0)));
            budget -= 2 * n;
        }
        if budget >= 4 && dice.range(0, 3, "demo", "defence") == 0 {
            lines.push(format!("DEFENSE {home} 1"));
        }
    }
    for (i, st) in s.stars_of(who) {
        if st.kind == Kind::Data && s.active(i, s.turn) {
            let h = dice.range(0, 6, "demo", "DATA square") as i32 - 3;
            let v = dice.range(0, 6, "demo", "DATA square") as i32 - 3;
            lines.push(format!("DATA {} {}", st.name, Rel { h, v }.label()));
        }
        if st.kind == Kind::New && s.active(i, s.turn) {
            lines.push(format!("CHANGER {} RADAR", st.name));
        }
    }
    // 4.2: attack weak stars in orbit, go to colonisable stars, explore echoes.
    let targets: Vec<(usize, bool)> = p
        .known
        .iter()
        .filter(|(i, _)| s.stars[**i].owner.as_deref() != Some(who))
        .filter(|(_, k)| !matches!(k.details.as_ref().map(|d| d.kind), Some(Kind::Lotus) | Some(Kind::Vulcan) | Some(Kind::Zero)))
        .map(|(i, k)| (*i, k.details.as_ref().is_some_and(|d| d.tech + d.docility <= 0 && d.tech <= p.tech + 1)))
        .collect();
    // 6.a: the fleets the player's scanners show this turn.
    let range = s.scanner_range(who);
    let mut eyes: Vec<Pos> = p.fleets.values().map(|f| f.pos).collect();
    eyes.extend(s.stars_of(who).map(|(_, st)| st.pos));
    let echoes: Vec<Pos> = s
        .players
        .iter()
        .filter(|(k, _)| k.as_str() != who)
        .flat_map(|(_, q)| q.fleets.values())
        .filter(|f| !f.invisible && eyes.iter().any(|e| s.torus.within(*e, f.pos, range)))
        .map(|f| f.pos)
        .collect();
    for (no, f) in &p.fleets {
        let fire = f.ships.base_fire();
        let here = s.star_at(f.pos);
        if let Some(i) = here {
            let d = known(i);
            if fire > 0 && s.stars[i].owner.as_deref() != Some(who) && d.is_some_and(|d| d.tech + d.docility > 0) {
                lines.push(format!("ATTAQUER F{no} ETOILE"));
                lines.push(format!("ATTAQUER F{no} ETOILE"));
                continue;
            }
            if d.is_some_and(|d| d.kind == Kind::Gate) && s.active(i, s.turn) && dice.range(0, 1, "demo", "jump") == 1 {
                lines.push(format!("SAUT F{no}"));
                continue;
            }
        }
        let wants_colony = f.ships.n > 0;
        let goal = targets
            .iter()
            .filter(|(i, good)| (!wants_colony || *good || known(*i).is_none()) && Some(*i) != here)
            .min_by_key(|(i, _)| s.torus.dist2(f.pos, s.stars[*i].pos))
            .map(|(i, _)| s.stars[*i].pos);
        let dest = match goal {
            Some(g) => step(s, f.pos, g, f.speed()),
            None => {
                let sp = f.speed() as i32;
                let h = dice.range(0, 2 * sp as u32, "demo", "wander") as i32 - sp;
                let v = dice.range(0, 2 * sp as u32, "demo", "wander") as i32 - sp;
                step(s, f.pos, s.torus.add(f.pos, Rel { h, v }), f.speed())
            }
        };
        if dest != f.pos {
            lines.push(format!("DEPLACER F{no} {}", rel(dest)));
            if fire > 0 && echoes.contains(&dest) {
                lines.push(format!("ATTAQUER F{no} FLOTTE"));
            }
        }
    }
    // OR needs one order (orders.md §7); a player also declares an alliance
    // now and then (4.1.7), which costs nothing.
    if lines.len() < 2 || dice.range(0, 3, "demo", "alliance") == 0 {
        let others: Vec<&str> = s.players.iter().filter(|(k, _)| k.as_str() != who).map(|(_, q)| q.name.as_str()).collect();
        if let Some(i) = dice.pick_index(others.len(), "demo", "ally") {
            lines.push(format!("ALLIANCE \"{}\"", others[i]));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::game::{FamilyInput, OrderLine, OrderStatus, Ruleset};
    use crate::games::galaxy::Galaxy;

    #[test]
    fn simulated_players_send_valid_orders_and_expand() {
        let mut t = toml::Table::new();
        t.insert("players".into(), toml::Value::Integer(6));
        let mut s = Galaxy::new_game(&t, 12).unwrap();
        for i in 0..6 {
            Galaxy::register(&mut s, &format!("P{i}"), &format!("Joueur {i}")).unwrap();
        }
        s = Galaxy::adjudicate(&s, &BTreeMap::new(), &mut Dice::for_turn(12, 0)).state;
        let mut dice = Dice::for_turn(12, 999);
        let (mut accepted, mut total) = (0, 0);
        for _ in 0..20 {
            let mut inputs = BTreeMap::new();
            for (rank, k) in s.players.keys().enumerate() {
                let lines: Vec<OrderLine> =
                    sample_orders(&s, k, &mut dice).into_iter().enumerate().map(|(i, text)| OrderLine { no: i + 1, text }).collect();
                let parsed = Galaxy::parse_orders(&s, k, &lines);
                total += parsed.verdicts.len();
                accepted += parsed.verdicts.iter().filter(|v| v.is_accepted()).count();
                inputs.insert(k.clone(), FamilyInput::new(OrderStatus::Or, parsed.orders, Some(rank as u32)));
            }
            s = Galaxy::adjudicate(&s, &inputs, &mut Dice::for_turn(12, s.turn)).state;
        }
        assert!(total > 100 && accepted * 10 >= total * 9, "{accepted} of {total} lines accepted");
        let colonised = s.stars.iter().filter(|st| st.owner.is_some() && st.kind != Kind::Base).count();
        assert!(colonised >= 3, "the simulated players colonise: {colonised}");
        assert!(Galaxy::is_over(&s));
    }
}
