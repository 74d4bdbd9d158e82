//! What a simulated family does beyond its pre-filled form (`arbitre demo`,
//! the benchmarks, the property tests; never adjudication): it plays the
//! whole rulebook like a real family. It buys, sponsors every kind of
//! contract, pays ransoms, sends expeditions with a guest of another family,
//! lends and sells ships, stands for the High Court and the governorships,
//! judges, votes in coups and depositions, and uses every power of the heads
//! it holds.
//!
//! Orders two families must both write (an expedition's guest, a ship's
//! transfer) follow plans every family computes identically from the state
//! alone, like the marriages of `form::matched_marriages`. The other choices
//! are drawn from the simulated player's own dice.

use crate::dice::Dice;
use crate::game::OrderStatus;

use super::model::{Captor, Character, CharacterId, Marital, Pyramid, State, Training};

const SIM: &str = "demo";

/// A character who may act: living, free, trained, neither judge nor governor.
fn active(s: &State, c: &Character) -> bool {
    c.is_alive() && c.is_free() && c.training.is_some() && !s.is_judge(c.id) && s.governorship(c.id).is_none()
}

fn active_members<'a>(s: &'a State, family: &'a str) -> impl Iterator<Item = &'a Character> + 'a {
    s.living_members(family).filter(move |c| active(s, c))
}

/// The families still played (founded, not PNJ), in key order.
fn players(s: &State) -> Vec<String> {
    s.families.values().filter(|f| f.founded && !f.is_pnj()).map(|f| f.key.clone()).collect()
}

/// Whether `family` sent orders last turn (a family silent then is not
/// counted on for an agreement this turn).
pub(super) fn answered_last_turn(s: &State, family: &str) -> bool {
    let played = s.family(family).is_some_and(|f| !f.is_pnj());
    played && (s.turn <= 1 || s.family(family).and_then(|f| f.status_in(s.turn - 1)).is_some_and(|st| matches!(st, OrderStatus::Or | OrderStatus::Opr)))
}

/// An expedition every family can foresee from the state: the organiser,
/// its ship, captain and priest, and the guest of the next family.
pub struct ExpeditionPlan {
    pub family: String,
    pub ship: String,
    pub captain: CharacterId,
    pub priest: CharacterId,
    pub guest: Option<CharacterId>,
}

/// This turn's expeditions: each family with a ship of its own, a captain
/// of the Explorers' pyramid and a priest organises one two turns out of
/// three, and invites the first warrior of the next family (4.5, 4.6).
pub fn expedition_plans(s: &State) -> Vec<ExpeditionPlan> {
    let fams: Vec<String> = players(s).into_iter().filter(|f| answered_last_turn(s, f)).collect();
    let mut out = Vec::new();
    for (i, f) in fams.iter().enumerate() {
        if (s.turn as usize + i) % 3 == 2 {
            continue;
        }
        let Some(ship) = s.ships.values().find(|sh| sh.in_service() && sh.owner == *f && sh.lent.is_none()) else { continue };
        let captain = active_members(s, f).find(|c| c.training == Some(Training::Explorer) && s.pyramid(Pyramid::Explorers).seat_of(c.id).is_some());
        let priest = active_members(s, f).find(|c| c.is_priest() && !c.heretic);
        let (Some(captain), Some(priest)) = (captain, priest) else { continue };
        let next = &fams[(i + 1) % fams.len()];
        let guest = (next != f)
            .then(|| {
                active_members(s, next)
                    .find(|c| c.training == Some(Training::Warrior) && s.army.commander_1 != Some(c.id) && s.army.commander_2 != Some(c.id))
            })
            .flatten()
            .map(|c| c.id);
        out.push(ExpeditionPlan { family: f.clone(), ship: ship.name.clone(), captain: captain.id, priest: priest.id, guest });
    }
    out
}

/// This turn's ship transfers, as both families write them (4.2, 28.4): a
/// family with two ships or more sells one, and a family whose ship stays
/// home this turn (no expedition planned) lends it, to the next family that
/// has none and the money (1 M$).
pub fn transfer_plans(s: &State) -> Vec<String> {
    let fams: Vec<String> = players(s).into_iter().filter(|f| answered_last_turn(s, f)).collect();
    let owned = |f: &str| s.ships.values().filter(|sh| sh.in_service() && sh.owner == f).count();
    let sailing: Vec<String> = expedition_plans(s).into_iter().map(|p| p.family).collect();
    let mut out = Vec::new();
    let mut served: Vec<&String> = Vec::new();
    for (i, f) in fams.iter().enumerate() {
        let n = owned(f);
        let kind = if n >= 2 {
            "VENTE"
        } else if n == 1 && !sailing.contains(f) {
            "PRET"
        } else {
            continue;
        };
        let Some(ship) = s.ships.values().filter(|sh| sh.in_service() && sh.owner == *f).last() else { continue };
        let receiver = (1..fams.len())
            .map(|k| &fams[(i + k) % fams.len()])
            .find(|g| owned(g) == 0 && !served.contains(g) && s.family(g).is_some_and(|x| x.money >= 1 && !x.in_debt()));
        if let Some(g) = receiver {
            served.push(g);
            let (fname, gname) = (s.family(f).map(|x| x.name.clone()).unwrap_or_default(), s.family(g).map(|x| x.name.clone()).unwrap_or_default());
            out.push(format!("CESSION \"{}\" {} {} 1 {kind}", ship.name, quoted(&fname), quoted(&gname)));
        }
    }
    out
}

fn quoted(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// This turn's deposition (21), on odd turns: the first pyramid (from one
/// that changes with the turn) whose head has none of his family below him
/// and whose members below all belong to families that answered last turn;
/// every one of them votes DESTITUTION (21.1 needs them all).
pub fn deposition_plan(s: &State) -> Option<Pyramid> {
    if s.turn % 2 == 0 {
        return None;
    }
    (0..Pyramid::ALL.len()).map(|k| Pyramid::ALL[(s.turn as usize + k) % Pyramid::ALL.len()]).find(|p| {
        let Some(hf) = s.head_family(*p) else { return false };
        let below: Vec<CharacterId> = s.pyramid(*p).members().filter(|(seat, _)| *seat != super::model::HEAD).map(|(_, c)| c).collect();
        !below.is_empty()
            && below.iter().all(|c| {
                s.family_of(*c).is_some_and(|f| f != hf && answered_last_turn(s, f) && s.family(f).is_some_and(|x| !x.is_pnj()))
            })
    })
}

/// The lines of the plans that concern `family`, and the characters whose
/// LIEU they give.
pub fn agreed_lines(s: &State, family: &str) -> (Vec<String>, Vec<CharacterId>) {
    let mut lines = Vec::new();
    let mut placed = Vec::new();
    for p in expedition_plans(s) {
        let ship = &p.ship;
        if p.family == family {
            let mut line = format!("EXPEDITION \"{ship}\" CAPITAINE {}", s.name_for(family, p.captain));
            if let Some(g) = p.guest {
                line.push_str(&format!(" INVITES {}", s.name_for(family, g)));
            }
            line.push_str(&format!(" PLANETE \"Nova {}\"", s.turn));
            lines.push(line);
            lines.push(format!("LIEU {} VAISSEAU \"{ship}\"", s.name_for(family, p.priest)));
            placed.extend([p.captain, p.priest]);
        } else if let Some(g) = p.guest.filter(|g| s.family_of(*g).is_some_and(|f| f == family)) {
            lines.push(format!("LIEU {} VAISSEAU \"{ship}\"", s.name_for(family, g)));
            placed.push(g);
        }
    }
    if let Some(p) = deposition_plan(s) {
        for (seat, c) in s.pyramid(p).members() {
            if seat != super::model::HEAD && s.family_of(c).is_some_and(|f| f == family) && s.character(c).is_some_and(|x| x.is_alive()) {
                lines.push(format!("DESTITUTION {} {}", s.name_for(family, c), p.keyword_fr()));
            }
        }
    }
    for t in transfer_plans(s) {
        let mine = [family].iter().any(|f| {
            let name = s.family(f).map(|x| x.name.clone()).unwrap_or_default();
            t.contains(&format!(" {} ", quoted(&name)))
        });
        if mine {
            lines.push(t);
        }
    }
    (lines, placed)
}

/// The family's own business of the turn: the powers of the heads it holds
/// (first: a player who sends only the start of his orders keeps them),
/// then purchases, contracts, ransoms, births, a bastard, candidacies, coup
/// stances, depositions, verdicts and a resignation now and then.
pub fn own_lines(s: &State, family: &str, dice: &mut Dice) -> (Vec<String>, Vec<String>) {
    let mut v = Vec::new();
    let Some(fam) = s.family(family) else { return (Vec::new(), v) };
    let idx = players(s).iter().position(|f| f == family).unwrap_or(0);
    let turn = s.turn as usize;
    let mine: Vec<&Character> = active_members(s, family).collect();
    let others: Vec<&Character> = s.living().filter(|c| c.family != family && s.family(&c.family).is_some_and(|f| f.founded)).collect();
    let name = |id: CharacterId| s.name_for(family, id);
    let pick = |dice: &mut Dice, n: usize, what: &str| dice.pick_index(n, SIM, what.to_string());
    let colonies: Vec<String> = s.planets.values().filter(|p| p.is_colony() && p.held_by_empire()).map(|p| p.name.clone()).collect();
    let foreign_ships: Vec<String> = s.ships.values().filter(|sh| sh.in_service() && sh.owner != family).map(|sh| sh.name.clone()).collect();

    // 1: a purchase (the items in turn).
    const ITEMS: [&str; 5] = ["CAPSULE", "GARDES", "MEDECIN", "ASSURANCE", "PROTHESE"];
    let item = ITEMS[(turn + idx) % ITEMS.len()];
    let mut implant: Option<CharacterId> = None;
    if fam.money >= 3 {
        if let Some(i) = pick(dice, mine.len(), "buyer") {
            v.push(format!("ACHAT {} {item}", name(mine[i].id)));
            if item == "PROTHESE" {
                implant = Some(mine[i].id);
            }
        }
    }
    // 2: a contract (the seven kinds in turn), if the credit allows.
    if fam.dark_tentacle_credit > 0 && fam.money >= 4 && !others.is_empty() {
        let sponsor = mine.iter().find(|c| c.sentence.is_none()).map(|c| c.id);
        let target = pick(dice, others.len(), "contract target").map(|i| s.full_name(others[i].id));
        let amount = dice.range(1, 3, SIM, "contract offer");
        let what = match (turn + idx) % 7 {
            0 => target.map(|t| format!("ASSASSINAT {t}")),
            1 => target.map(|t| format!("ENLEVEMENT {t}")),
            2 => target.map(|t| format!("SCANDALE {t}")),
            3 => foreign_ships.first().map(|sh| format!("SABOTAGE \"{sh}\"")),
            4 => Some("BOMBE".to_string()),
            5 => pick(dice, colonies.len(), "rebellion").map(|i| format!("REBELLION {}", colonies[i])),
            _ => Some(foreign_ships.first().map_or("TRAHISON".to_string(), |sh| format!("TRAHISON \"{sh}\""))),
        };
        if let (Some(sp), Some(w)) = (sponsor, what) {
            v.push(format!("CONTRAT {} {amount} {w}", name(sp)));
        }
    }
    // 2.2.4: ransoms for the family's hostages.
    for c in s.living_members(family) {
        if matches!(c.captivity.as_ref().map(|k| &k.captor), Some(Captor::DarkTentacle { .. })) {
            v.push(format!("RANCON {}", name(c.id)));
        }
    }
    // 7.2, 7.6: births now and then limited or refused; a bastard when allowed.
    for c in s.living_members(family).filter(|c| matches!(c.marital, Marital::Married { .. }) && c.family == family) {
        match dice.range(1, 6, SIM, "births") {
            1 => v.push(format!("NAISSANCES {} NON", name(c.id))),
            2 => v.push(format!("NAISSANCES {} 2", name(c.id))),
            _ => {}
        }
    }
    if super::phases::p07_births::can_recognise_bastard(s, family).is_ok() {
        v.push(format!("BATARD Bâtard{}", s.turn));
    }
    // 27.2, 27.4: candidacies.
    let outside: Vec<&&Character> = mine.iter().filter(|c| s.posts_of(c.id).is_empty()).collect();
    if let Some(c) = outside.iter().find(|c| c.pp >= 10) {
        if dice.chance_in_6(3, SIM, "judge candidacy") {
            v.push(format!("CANDIDAT {} JUGE", name(c.id)));
        }
    }
    let posts: Vec<String> = fam.trading_posts.iter().filter_map(|k| s.planets.get(k)).filter(|p| p.is_colony() && p.held_by_empire()).map(|p| p.name.clone()).collect();
    if let (Some(c), Some(i)) = (outside.last(), pick(dice, posts.len(), "governor candidacy")) {
        v.push(format!("CANDIDAT {} GOUVERNEUR {}", name(c.id), posts[i]));
    }
    // 17.2, 21: stances in the Army's pyramid, depositions of other families' heads.
    for c in &mine {
        for (p, seat) in s.posts_of(c.id) {
            if seat == super::model::HEAD {
                continue;
            }
            if p == Pyramid::Army {
                let stance = if dice.chance_in_6(3, SIM, "coup stance") { "POUR" } else { "CONTRE" };
                v.push(format!("COUP {} {stance}", name(c.id)));
            }
            let head_elsewhere = s.head_family(p).is_some_and(|f| f != family) && deposition_plan(s) != Some(p);
            if head_elsewhere && dice.chance_in_6(1, SIM, "deposition") {
                v.push(format!("DESTITUTION {} {}", name(c.id), p.keyword_fr()));
            }
        }
    }
    // 22.2, 27.2.8: the family's judges (and Emperor) judge; a judge resigns now and then.
    let court: Vec<&Character> = s.living_members(family).filter(|c| c.is_free() && (s.is_judge(c.id) || s.emperor() == Some(c.id))).collect();
    for j in &court {
        for t in s.trials.iter().filter(|t| t.opened_turn < s.turn && t.accused != j.id) {
            let verdict = match dice.range(1, 6, SIM, "verdict") {
                1 | 2 => format!("COUPABLE {}", 10 * dice.range(1, 5, SIM, "sentence")),
                3 | 4 => format!("INNOCENT {}", 10 * dice.range(1, 5, SIM, "sentence")),
                5 => format!("COUPABLE {}", 10 * dice.range(1, 5, SIM, "sentence")),
                _ => "ABSTENTION".to_string(),
            };
            v.push(format!("VERDICT {} {} {verdict}", name(j.id), t.case_no));
        }
        if s.is_judge(j.id) && dice.range(1, 12, SIM, "resignation") == 1 {
            v.push(format!("DEMISSION {}", name(j.id)));
        }
    }
    let mut powers = Vec::new();
    heads_powers(s, family, dice, implant, &colonies, &foreign_ships, &mut powers);
    (powers, v)
}

/// The powers of the heads the family holds (18–25, 1.3.4, 3.6, 4.7, 4.8,
/// 6.3, 11.2.2, 12.2, 12.3.8, 17, the Master Merchant's).
fn heads_powers(
    s: &State,
    family: &str,
    dice: &mut Dice,
    implant: Option<CharacterId>,
    colonies: &[String],
    foreign_ships: &[String],
    v: &mut Vec<String>,
) {
    let name = |id: CharacterId| s.name_for(family, id);
    let members_elsewhere = |p: Pyramid| -> Vec<CharacterId> {
        s.pyramid(p).members().filter(|(seat, c)| *seat != super::model::HEAD && s.family_of(*c).is_some_and(|f| f != family)).map(|(_, c)| c).collect()
    };
    let some = |dice: &mut Dice, list: &[CharacterId], what: &str| dice.pick_index(list.len(), SIM, what.to_string()).map(|i| list[i]);
    // 17.1: the 1st heir launches the coup when the Grand General is absent;
    // his family orders it on the turns the simulated generals plot.
    let heir_family = s.pyramid(Pyramid::Army).seats[1].and_then(|h| s.family_of(h));
    let others_rule = s.head_family(Pyramid::Army).is_some_and(|f| f != family) && s.head_family(Pyramid::Government).is_some_and(|f| f != family);
    if heir_family.is_some_and(|f| f == family) && others_rule && s.turn % 3 == 2 {
        v.push("GENERAL COUP-D-ETAT".into());
    }
    for p in Pyramid::ALL {
        if s.head_family(p).map(String::as_str) != Some(family) {
            continue;
        }
        let Some(head) = s.head(p).filter(|h| s.character(*h).is_some_and(|c| c.is_alive() && c.is_free())) else { continue };
        let disgrace = if s.turn % 2 == 1 || dice.chance_in_6(3, SIM, "disgrace") { some(dice, &members_elsewhere(p), "disgraced") } else { None };
        match p {
            Pyramid::Government => {
                if s.turn % 3 == 1 || dice.chance_in_6(2, SIM, "war") {
                    v.push("EMPEREUR GUERRE".into());
                }
                if let Some(pl) = s.planets.values().find(|pl| pl.held_by_pouarks()) {
                    v.push(format!("EMPEREUR CIBLE {}", pl.name));
                }
                if let Some(d) = disgrace {
                    v.push(format!("EMPEREUR DISGRACE {}", name(d)));
                }
                let anyone: Vec<CharacterId> = Pyramid::ALL.iter().flat_map(|q| members_elsewhere(*q)).collect();
                if s.turn % 3 == 2 || dice.chance_in_6(2, SIM, "special disgrace") {
                    if let Some(d) = some(dice, &anyone, "special disgrace") {
                        v.push(format!("EMPEREUR DISGRACE-SPECIALE {}", name(d)));
                    }
                }
                let judges: Vec<CharacterId> = s.judges.iter().copied().filter(|j| s.family_of(*j).is_some_and(|f| f != family)).collect();
                if dice.chance_in_6(2, SIM, "judge removed") {
                    if let Some(j) = some(dice, &judges, "judge removed") {
                        v.push(format!("EMPEREUR DESTITUER-JUGE {}", name(j)));
                    }
                }
                // 24: a convict, else (24.2) an accused awaiting trial, his family's first.
                let convict = s.living().find(|c| c.sentence.is_some() && c.id != head).map(|c| c.id);
                let accused = s.trials.iter().map(|t| t.accused).filter(|a| *a != head && s.character(*a).is_some_and(|c| c.is_alive()));
                let accused: Vec<CharacterId> = accused.collect();
                let own_accused = accused.iter().copied().find(|a| s.family_of(*a).is_some_and(|f| f == family));
                if let Some(c) = convict.or(own_accused).or(accused.first().copied()) {
                    v.push(format!("EMPEREUR GRACE {}", name(c)));
                }
            }
            Pyramid::Church => {
                if let Some(d) = disgrace {
                    v.push(format!("ARCHIPAPE DISGRACE {}", name(d)));
                }
                let outsiders: Vec<CharacterId> = s.living().filter(|c| c.family != family && c.is_free() && !c.heretic).map(|c| c.id).collect();
                if s.turn % 3 == 0 || dice.chance_in_6(2, SIM, "excommunication") {
                    if let Some(x) = some(dice, &outsiders, "excommunicated") {
                        v.push(format!("ARCHIPAPE EXCOMMUNIER {}", name(x)));
                    }
                }
                if let Some(h) = s.living().find(|c| c.heretic && c.id != head) {
                    v.push(format!("ARCHIPAPE PARDON {}", name(h.id)));
                }
                // 1.3.4: a permit for whoever of the family has an implant this
                // turn, else for its first member (a permit does not oblige).
                let permit = implant.or_else(|| s.living_members(family).find(|c| active(s, c) && c.prostheses < 5).map(|c| c.id));
                if let Some(i) = permit {
                    v.push(format!("ARCHIPAPE PROTHESE {}", name(i)));
                }
                if let Some(w) = s.living_members(family).find(|c| matches!(c.marital, Marital::Widowed { .. })) {
                    v.push(format!("ARCHIPAPE REMARIAGE {}", name(w.id)));
                }
            }
            Pyramid::Army => {
                let strat = if dice.chance_in_6(3, SIM, "strategy") { "OFFENSIVE" } else { "DEFENSIVE" };
                v.push(format!("GENERAL STRATEGIE {strat}"));
                if colonies.len() >= 3 {
                    let k = dice.range(0, colonies.len() as u32 - 1, SIM, "patrol") as usize;
                    let three: Vec<&str> = (0..3).map(|j| colonies[(k + j) % colonies.len()].as_str()).collect();
                    v.push(format!("GENERAL PATROUILLE {}", three.join(" ")));
                }
                let own_army: Vec<CharacterId> = s.pyramid(Pyramid::Army).members().filter(|(seat, c)| *seat != super::model::HEAD && s.family_of(*c).is_some_and(|f| f == family)).map(|(_, c)| c).collect();
                if let Some(c) = some(dice, &own_army, "commander") {
                    v.push(format!("GENERAL COMMANDANT 2 {}", name(c)));
                }
                if let Some(d) = disgrace {
                    v.push(format!("GENERAL DISGRACE {}", name(d)));
                }
                if s.head_family(Pyramid::Government).is_some_and(|f| f != family) && (s.turn % 3 == 2 || dice.range(1, 6, SIM, "coup") == 1) {
                    v.push("GENERAL COUP-D-ETAT".into());
                }
            }
            Pyramid::Explorers => {
                // 4.7: a permit for an explorer outside the pyramid, the family's own first.
                let mut unlicensed: Vec<&Character> = s
                    .living()
                    .filter(|c| active(s, c) && c.training == Some(Training::Explorer) && s.pyramid(Pyramid::Explorers).seat_of(c.id).is_none())
                    .collect();
                unlicensed.sort_by_key(|c| c.family != family);
                let unlicensed: Vec<CharacterId> = unlicensed.into_iter().map(|c| c.id).collect();
                if let Some(c) = unlicensed.first() {
                    v.push(format!("COMMANDEUR PERMIS {}", name(*c)));
                }
                if s.turn % 3 == 0 || dice.chance_in_6(1, SIM, "ship forbidden") {
                    if let Some(sh) = foreign_ships.first() {
                        v.push(format!("COMMANDEUR INTERDIRE \"{sh}\""));
                    }
                }
                if let Some(d) = disgrace {
                    v.push(format!("COMMANDEUR DISGRACE {}", name(d)));
                }
            }
            Pyramid::Merchants => {
                // One of the Master Merchant's three measures a turn, in turn.
                let rivals: Vec<&super::model::Family> = s.families.values().filter(|f| f.key != family && f.founded).collect();
                let rival = dice.pick_index(rivals.len(), SIM, "rival").map(|i| rivals[i]);
                match (s.turn % 3, rival) {
                    (0, _) => {
                        if let Some(i) = dice.pick_index(colonies.len(), SIM, "closed colony") {
                            v.push(format!("MAITRE FERMER {}", colonies[i]));
                        }
                    }
                    (1, Some(r)) => v.push(format!("MAITRE INTERDIRE-BOURSE {}", quoted(&r.name))),
                    (_, Some(r)) => {
                        if let Some(pl) = r.trading_posts.iter().filter_map(|k| s.planets.get(k)).find(|p| p.is_colony() && p.held_by_empire()) {
                            v.push(format!("MAITRE SUPPRIMER-COMPTOIR {} {}", quoted(&r.name), pl.name));
                        }
                    }
                    _ => {}
                }
                if let Some(d) = disgrace {
                    v.push(format!("MAITRE DISGRACE {}", name(d)));
                }
            }
        }
    }
}
