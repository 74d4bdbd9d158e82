//! The order form of a family: blank at registration (the 8 PERSONNAGE
//! lines of turn 0), pre-filled after each turn (one LIEU line per
//! character needing one, the young to baptise and train). Every line is a
//! valid order as it stands (checked with the parser), so that a player
//! may send the form back after editing only what they want to change.

use crate::game::{FormLine, OrderLine};
use crate::i18n::Msg;
use crate::msg;
use crate::text::key;

use super::defaults::{FIRST_NAMES_F, FIRST_NAMES_M};
use super::model::{Place, Sex, Stake, State, Training};
use super::orders::canonical::{place_en, place_fr};
use super::orders::parse_orders;

use super::view::labels::{gender, pyramid_key, training_key};

fn line(fr: impl Into<String>, en: impl Into<String>, comment: Option<Msg>) -> FormLine {
    FormLine::bilingual(fr, en, comment)
}

fn comment(c: Msg) -> FormLine {
    FormLine::comment(c)
}

/// One sample of every message of the order form.
pub fn samples() -> Vec<Msg> {
    let mut all = vec![
        msg!("stellarium-form-unknown-family"),
        msg!("stellarium-form-header", turn = 3, from = 5010, to = 5014, family = "Atréides", money = 12),
        msg!("stellarium-form-places"),
        msg!("stellarium-form-character", training = msg!("stellarium-training", training = "warrior", gender = "m"), age = 30, pp = 12),
        msg!("stellarium-form-character-last", training = msg!("stellarium-training", training = "none", gender = "f"), age = 30, pp = 12, last = "BOURSE S 2", last_en = "EXCHANGE S 2"),
        msg!("stellarium-form-young"),
        msg!("stellarium-form-born", gender = "f", year = 5012),
        msg!("stellarium-form-ship-for-sale"),
        msg!("stellarium-form-trial", case = 2, accused = "Paul Atréides", judges = "Léto, Jessica"),
        msg!("stellarium-form-foundation"),
        msg!("stellarium-form-foundation-trainings", pool = 30),
        msg!("stellarium-form-first-ship"),
        msg!("stellarium-form-candidacies"),
    ];
    for n in 1..=8 {
        all.push(msg!("stellarium-form-founder", n = n));
    }
    for p in super::model::Pyramid::ALL {
        all.push(msg!("stellarium-form-power", pyramid = pyramid_key(p), title = msg!("stellarium-head-title", pyramid = pyramid_key(p), gender = "f"), name = "Alia"));
    }
    all
}

/// Whether `text` is accepted for `family` as a single line.
fn valid(state: &State, family: &str, text: &str) -> bool {
    let p = parse_orders(state, family, &[OrderLine { no: 1, text: text.to_string() }]);
    p.verdicts.iter().all(|v| v.is_accepted())
}

/// The form for `family` in `state`.
pub fn order_form(state: &State, family: &str) -> Vec<FormLine> {
    let Some(fam) = state.family(family) else {
        return vec![comment(msg!("stellarium-form-unknown-family"))];
    };
    if !fam.founded {
        return foundation_form(state, family);
    }
    let mut out = vec![comment(msg!(
        "stellarium-form-header",
        turn = state.turn,
        from = state.first_year(),
        to = state.assembly_year(),
        family = fam.name.as_str(),
        money = fam.money
    ))];
    out.push(comment(msg!("stellarium-form-places")));
    for c in state.living_members(family) {
        if !state.needs_location(c) {
            continue;
        }
        let training = msg!("stellarium-training", training = training_key(c.training), gender = gender(c.sex));
        let last = c.last_place.as_ref().map(|p| (place_fr(state, p), place_en(state, p)));
        let mut candidates: Vec<Place> = Vec::new();
        if let Some(p) = &c.last_place {
            candidates.push(p.clone());
        }
        candidates.push(match c.training {
            Some(Training::Merchant) => Place::Exchange { stake: Stake::Safe, amount: 1 },
            Some(Training::Warrior) => Place::Fleet(super::model::FleetNo::First),
            _ => Place::Stellarium,
        });
        candidates.push(Place::Stellarium);
        let place = candidates.iter().find(|p| valid(state, family, &format!("LIEU {} {}", c.first_name, place_fr(state, p)))).unwrap_or(&Place::Stellarium);
        let (text, text_en) = (format!("LIEU {} {}", c.first_name, place_fr(state, place)), format!("LOCATION {} {}", c.first_name, place_en(state, place)));
        let note = match last {
            Some((l, l_en)) => msg!("stellarium-form-character-last", training = training, age = state.age(c), pp = c.pp, last = l, last_en = l_en),
            None => msg!("stellarium-form-character", training = training, age = state.age(c), pp = c.pp),
        };
        out.push(line(text, text_en, Some(note)));
    }
    let mut taken: Vec<String> = state.members(family).map(|c| key(&c.first_name)).collect();
    let young: Vec<_> = state.living_members(family).filter(|c| state.needs_baptism(c) || state.needs_training(c)).collect();
    if !young.is_empty() {
        out.push(comment(msg!("stellarium-form-young")));
    }
    for (i, c) in young.iter().enumerate() {
        if state.needs_baptism(c) {
            let list = if c.sex == Sex::Male { FIRST_NAMES_M } else { FIRST_NAMES_F };
            let name = list.iter().find(|n| !taken.contains(&key(n))).copied().unwrap_or("Aurèle");
            taken.push(key(name));
            out.push(line(format!("BAPTEME {} {name}", c.first_name), format!("BAPTISM {} {name}", c.first_name), Some(msg!("stellarium-form-born", gender = gender(c.sex), year = c.birth_year))));
        }
        if state.needs_training(c) {
            let t = Training::ALL[i % 4];
            out.push(line(format!("FORMATION {} {}", c.first_name, t.keyword_fr()), format!("TRAINING {} {}", c.first_name, t.keyword_en()), None));
        }
    }
    powers_comments(state, family, &mut out);
    if state.ship_for_sale && !fam.in_debt() {
        out.push(comment(msg!("stellarium-form-ship-for-sale")));
    }
    if !state.trials.is_empty() {
        let judges: Vec<String> = state
            .living_members(family)
            .filter(|c| state.is_judge(c.id) || state.emperor() == Some(c.id))
            .map(|c| c.first_name.clone())
            .collect();
        if !judges.is_empty() {
            for t in &state.trials {
                out.push(comment(msg!("stellarium-form-trial", case = t.case_no, accused = state.full_name(t.accused), judges = judges.join(", "))));
            }
        }
    }
    out
}

/// Reminders of the orders open to the family's office holders.
fn powers_comments(state: &State, family: &str, out: &mut Vec<FormLine>) {
    use super::model::Pyramid;
    for p in Pyramid::ALL {
        let Some(head) = state.head(p) else { continue };
        if state.family_of(head).map(String::as_str) != Some(family) {
            continue;
        }
        let name = state.character(head).map(|c| c.first_name.clone()).unwrap_or_default();
        let sex = state.character(head).map_or(super::model::Sex::Male, |c| c.sex);
        let title = msg!("stellarium-head-title", pyramid = pyramid_key(p), gender = gender(sex));
        out.push(comment(msg!("stellarium-form-power", pyramid = pyramid_key(p), title = title, name = name)));
    }
}

/// Turn 0 (b–f): eight PERSONNAGE lines with suggested names, trainings
/// and PP, ready to edit.
fn foundation_form(state: &State, family: &str) -> Vec<FormLine> {
    let fam = state.family(family);
    let pool = super::model::FREE_PP + fam.map_or(0, |f| f.late_bonus_pp);
    let mut out = vec![
        comment(msg!("stellarium-form-foundation")),
        comment(msg!("stellarium-form-foundation-trainings", pool = pool)),
    ];
    let plan: [(Sex, Option<Training>); 8] = [
        (Sex::Male, Some(Training::Warrior)),
        (Sex::Female, Some(Training::Merchant)),
        (Sex::Male, Some(Training::Explorer)),
        (Sex::Female, Some(Training::Warrior)),
        (Sex::Male, Some(Training::Priest)),
        (Sex::Female, Some(Training::Merchant)),
        (Sex::Male, None),
        (Sex::Female, None),
    ];
    let share = [pool / 5 + pool % 5, pool / 5, pool / 5, pool / 5, pool / 5, 0, 0, 0];
    for (i, (sex, training)) in plan.iter().enumerate() {
        let n = i + 1;
        let name = if *sex == Sex::Male { FIRST_NAMES_M[(i * 7) % FIRST_NAMES_M.len()] } else { FIRST_NAMES_F[(i * 7) % FIRST_NAMES_F.len()] };
        let mut text = format!("PERSONNAGE {n} {name} {}", sex.letter_fr());
        let mut text_en = format!("CHARACTER {n} {name} {}", sex.letter_en());
        if let Some(t) = training {
            text.push_str(&format!(" {}", t.keyword_fr()));
            text_en.push_str(&format!(" {}", t.keyword_en()));
        }
        if share[i] > 0 {
            text.push_str(&format!(" +{}", share[i]));
            text_en.push_str(&format!(" +{}", share[i]));
        }
        out.push(line(text, text_en, Some(msg!("stellarium-form-founder", n = n))));
    }
    out.push(comment(msg!("stellarium-form-first-ship")));
    out.push(comment(msg!("stellarium-form-candidacies")));
    out
}

/// Names a simulated player proposes for the ship it bids on (28.6).
const SHIP_NAMES: &[&str] = &[
    "Aurore", "Zéphyr", "Odyssée", "Pionnier", "Espérance", "Andromède", "Altaïr", "Cassiopée", "Orion", "Pégase",
    "Borée", "Alcyone", "Hélios", "Icare", "Argos", "Nautilus", "Licorne", "Persévérance", "Galatée", "Mistral",
];

/// What a simulated player sends (`arbitre demo`, benchmarks, property
/// tests; never adjudication): the form as it stands, plus a bid for the
/// ship on sale, candidacies at turn 0, the marriages of a matching every
/// family computes identically from the state (so both sides write the
/// same line, 3.7), and the rest of the rulebook ([`super::players`]).
/// Only lines the parser accepts are kept.
pub fn sample_orders(state: &State, family: &str, dice: &mut crate::dice::Dice) -> Vec<String> {
    let mut lines: Vec<String> = order_form(state, family).into_iter().map(|l| l.text).filter(|t| !t.trim().is_empty()).collect();
    let Some(fam) = state.family(family) else { return lines };
    // d: some founders buy a little prestige (PUBLICITE, 1 M$ a PP).
    let advertising = if !fam.founded && dice.chance_in_6(2, "demo", format!("advertising of {}", fam.name)) { 2 } else { 0 };
    if advertising > 0 {
        lines.push(format!("PUBLICITE {advertising}"));
    }
    if state.ship_for_sale && !fam.in_debt() && fam.money > advertising {
        let max = (fam.money - advertising).clamp(1, 6) as u32;
        let amount = dice.range(1, max, "demo", format!("bid of {}", fam.name));
        let free: Vec<&str> = SHIP_NAMES.iter().copied().filter(|n| state.ship(n).is_none()).collect();
        let name = match dice.pick(&free, |n| n.to_string(), "demo", format!("ship name of {}", fam.name)) {
            Some(n) => n.to_string(),
            None => format!("{} {}", fam.name, state.turn),
        };
        lines.push(format!("ENCHERE {amount} \"{name}\""));
    }
    if !fam.founded {
        let founders: Vec<(usize, String)> = lines
            .iter()
            .filter_map(|l| {
                let toks = crate::text::tokenize(l).tokens;
                (toks.len() >= 3 && crate::text::key(&toks[0].text) == "PERSONNAGE").then(|| (toks[1].text.parse().unwrap_or(0), toks[2].text.clone()))
            })
            .collect();
        if let Some((_, n1)) = founders.iter().find(|(n, _)| *n == 1) {
            lines.push(format!("CANDIDAT {n1} JUGE"));
        }
        let colonies: Vec<String> = fam.trading_posts.iter().filter_map(|k| state.planets.get(k).map(|p| p.name.clone())).collect();
        if let (Some((_, n3)), Some(c)) = (founders.iter().find(|(n, _)| *n == 3), dice.pick(&colonies, |c| c.clone(), "demo", "governor candidacy")) {
            lines.push(format!("CANDIDAT {n3} GOUVERNEUR {c}"));
        }
    } else {
        // What both sides must write comes first (a player who sends only
        // the start of his orders keeps his word), then his own business.
        let (mut agreed, placed) = super::players::agreed_lines(state, family);
        agreed.extend(matched_marriages(state, family));
        let (powers, business) = super::players::own_lines(state, family, dice);
        agreed.extend(powers);
        let placed_names: Vec<String> = placed.iter().map(|id| key(&state.name_for(family, *id))).collect();
        lines.retain(|l| {
            let toks = crate::text::tokenize(l).tokens;
            let is_lieu = toks.first().is_some_and(|t| key(&t.text) == "LIEU");
            !(is_lieu && toks.get(1).is_some_and(|t| placed_names.contains(&key(&t.text))))
        });
        agreed.append(&mut lines);
        lines = agreed;
        lines.extend(business);
    }
    let ol: Vec<OrderLine> = lines.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.clone() }).collect();
    let parsed = parse_orders(state, family, &ol);
    parsed.verdicts.into_iter().filter(|v| v.is_accepted()).map(|v| v.line.text).collect()
}

/// The marriage lines of `family` in a matching computed from the state
/// alone: single trained men and women who may marry (3.5), in id order,
/// each man with the first free woman of another family, within 3.4.
fn matched_marriages(state: &State, family: &str) -> Vec<String> {
    use std::collections::BTreeMap;
    let eligible = |c: &&super::model::Character| {
        c.is_free()
            && c.training.is_some()
            && !c.is_priest()
            && !c.heretic
            && matches!(c.marital, super::model::Marital::Single)
            && (15..=41).contains(&state.age(c))
    };
    let Some(priest) = state.living().find(|c| c.is_priest() && c.is_free() && !c.heretic) else { return Vec::new() };
    // Both families must write the line (3.7): not with a family silent last turn.
    let eligible = |c: &&super::model::Character| eligible(c) && super::players::answered_last_turn(state, &c.family);
    let men: Vec<_> = state.living().filter(|c| c.sex == Sex::Male).filter(eligible).collect();
    let mut women: Vec<_> = state.living().filter(|c| c.sex == Sex::Female).filter(eligible).collect();
    let mut pairs: BTreeMap<(String, String), u32> = BTreeMap::new();
    let mut out = Vec::new();
    for m in men {
        let pos = women.iter().position(|w| {
            let k = if m.family < w.family { (m.family.clone(), w.family.clone()) } else { (w.family.clone(), m.family.clone()) };
            w.family != m.family && state.living_marriages_between(&m.family, &w.family) + pairs.get(&k).copied().unwrap_or(0) < 3
        });
        if let Some(i) = pos {
            let w = women.remove(i);
            let k = if m.family < w.family { (m.family.clone(), w.family.clone()) } else { (w.family.clone(), m.family.clone()) };
            *pairs.entry(k).or_default() += 1;
            if m.family == family || w.family == family {
                out.push(format!(
                    "MARIAGE {} {} {}",
                    state.name_for(family, m.id),
                    state.name_for(family, w.id),
                    state.name_for(family, priest.id)
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stellarium::model::{Character, Settings};

    #[test]
    fn foundation_form_is_valid_as_sent() {
        let mut s = State::new(Settings::default());
        s.register("A", "A").unwrap();
        let form = order_form(&s, "A");
        let lines: Vec<OrderLine> = form
            .iter()
            .filter(|l| !l.text.is_empty())
            .enumerate()
            .map(|(i, l)| OrderLine { no: i + 1, text: l.text.clone() })
            .collect();
        assert_eq!(lines.len(), 8);
        let p = parse_orders(&s, "A", &lines);
        assert!(p.verdicts.iter().all(|v| v.is_accepted()), "{:?}", p.verdicts);
        assert_eq!(crate::games::stellarium::status::completeness(&s, "A", &p.orders), crate::game::Completeness::Complete);
    }

    /// The French keywords of the order language that differ from their
    /// English aliases (orders.md §6), as a form may print them.
    const FRENCH_KEYWORDS: &[&str] = &[
        "PERSONNAGE", "PUBLICITE", "ENCHERE", "CANDIDAT", "JUGE", "GOUVERNEUR", "LIEU", "BOURSE", "FLOTTE", "VAISSEAU", "BAPTEME",
        "FORMATION", "PRETRE", "GUERRIER", "EXPLORATEUR", "MARCHAND", "H", "COUPABLE", "ABSTENTION", "EMPEREUR", "ARCHIPAPE",
        "COMMANDEUR", "MAITRE", "DESTITUER", "GUERRE", "CIBLE", "GRACE", "EXCOMMUNIER", "PROTHESE", "REMARIAGE", "COMMANDANT",
        "STRATEGIE", "PATROUILLE", "INTERDIRE", "PERMIS", "SUPPRIMER", "FERMER", "ACHAT", "CONTRAT", "NAISSANCES", "CESSION",
        "SPECIALE", "ETAT",
    ];

    /// The form's lines as printed for a reader of `lang`, and the order
    /// lines among them.
    fn printed(form: &[FormLine], lang: crate::i18n::Lang) -> (Vec<String>, Vec<OrderLine>) {
        let json: Vec<_> = form.iter().map(|l| l.to_json(lang)).collect();
        let all = json.iter().map(|j| format!("{} # {}", j["text"].as_str().unwrap_or(""), j["comment"].as_str().unwrap_or(""))).collect();
        let orders = json
            .iter()
            .filter_map(|j| j["text"].as_str().filter(|t| !t.is_empty()))
            .enumerate()
            .map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() })
            .collect();
        (all, orders)
    }

    /// Family A, founded, at turn 2.
    fn founded_family() -> State {
        let mut s = State::new(Settings::default());
        s.register("A", "A").unwrap();
        s.families.get_mut("A").unwrap().founded = true;
        s.turn = 2;
        s
    }

    /// A founded family's state with every kind of line the form prints: a
    /// character last on the exchange, one in a fleet, a young to baptise
    /// and train, the head of every pyramid, a trial, a ship for sale.
    fn busy_state() -> State {
        let mut s = founded_family();
        let mut paul = Character::new("Paul", Sex::Male, 4980, "A");
        paul.training = Some(Training::Merchant);
        paul.last_place = Some(Place::Exchange { stake: super::super::model::Stake::Safe, amount: 2 });
        let paul = s.add_character(paul);
        let mut alia = Character::new("Alia", Sex::Female, 4985, "A");
        alia.training = Some(Training::Warrior);
        alia.last_place = Some(Place::Fleet(super::super::model::FleetNo::First));
        s.add_character(alia);
        let mut y = Character::new("Enfant2", Sex::Female, 5005, "A");
        y.baptised = false;
        s.add_character(y);
        for p in super::super::model::Pyramid::ALL {
            s.pyramid_mut(p).seats[super::super::model::HEAD] = Some(paul);
        }
        s.ship_for_sale = true;
        s.trials.push(super::super::model::Trial {
            case_no: 1,
            accused: paul,
            charge: super::super::model::Charge::Scandal,
            opened_turn: 1,
            adjourned: 0,
            pardoned_in_advance: false,
        });
        s
    }

    #[test]
    fn forms_print_the_readers_keywords_and_are_valid_as_sent() {
        let founding = {
            let mut s = State::new(Settings::default());
            s.register("A", "A").unwrap();
            s
        };
        for s in [founding, busy_state()] {
            let form = order_form(&s, "A");
            let (en, en_orders) = printed(&form, crate::i18n::Lang::En);
            for l in &en {
                let french: Vec<&str> = l.split(|c: char| !c.is_alphanumeric()).filter(|w| FRENCH_KEYWORDS.contains(w)).collect();
                assert!(french.is_empty(), "French keyword(s) {french:?} in the English form line {l:?}");
            }
            let (fr, fr_orders) = printed(&form, crate::i18n::Lang::Fr);
            assert_eq!(fr_orders.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), form.iter().map(|l| l.text.as_str()).filter(|t| !t.is_empty()).collect::<Vec<_>>());
            assert!(fr.iter().any(|l| l.contains("PERSONNAGE ") || l.contains("LIEU ")), "{fr:?}");
            for orders in [en_orders, fr_orders] {
                assert!(!orders.is_empty());
                let p = parse_orders(&s, "A", &orders);
                assert!(p.verdicts.iter().all(|v| v.is_accepted()), "{:?}", p.verdicts);
                assert_eq!(crate::games::stellarium::status::completeness(&s, "A", &p.orders), crate::game::Completeness::Complete);
            }
        }
    }

    #[test]
    fn turn_form_has_a_location_per_character_and_the_young() {
        let mut s = founded_family();
        let mut paul = Character::new("Paul", Sex::Male, 4980, "A");
        paul.training = Some(Training::Merchant);
        paul.last_place = Some(Place::Colony("DORKIR".into()));
        s.add_character(paul);
        let mut y = Character::new("Enfant2", Sex::Female, 5005, "A");
        y.baptised = false;
        s.add_character(y);
        let form = order_form(&s, "A");
        let texts: Vec<&str> = form.iter().map(|l| l.text.as_str()).filter(|t| !t.is_empty()).collect();
        assert_eq!(texts, ["LIEU Paul Dorkir", "BAPTEME Enfant2 Adélaïde", "FORMATION Enfant2 PRETRE"]);
        let lines: Vec<OrderLine> = texts.iter().enumerate().map(|(i, t)| OrderLine { no: i + 1, text: t.to_string() }).collect();
        let p = parse_orders(&s, "A", &lines);
        assert_eq!(crate::games::stellarium::status::completeness(&s, "A", &p.orders), crate::game::Completeness::Complete);
    }
}
