//! The parts of a family's report drawn from the state: finances, characters, deaths, trials, powers, ranking, victory.

use super::*;

use crate::i18n::Msg;
use crate::msg;

/// One sample of every message of this file, for the catalogue check.
pub(crate) fn family_samples() -> Vec<Msg> {
    let mut out = Vec::new();
    for note in ["closed", "rebels", "pouarks"] {
        out.push(msg!("stellarium-trading-post-note", note = note));
    }
    for n in [1, 2] {
        out.push(msg!("stellarium-ship-state-in-service", expeditions = n));
        out.push(msg!("stellarium-ship-state-lent", expeditions = n, to = "Harkonnen"));
        out.push(msg!("stellarium-power-help-prostheses", n = n));
        out.push(msg!("stellarium-power-help-bans", n = n));
    }
    out.push(msg!("stellarium-ship-state-destroyed", turn = 3));
    out.push(msg!("stellarium-ship-state-captured", turn = 3));
    out.push(msg!("stellarium-ship-state-borrowed", owner = "Harkonnen"));
    out.push(msg!("stellarium-verdict-order", judge = "Paul", case_no = 4));
    for power in POWER_KEYS.iter().chain(&["archpope-prosthesis", "master-ban"]) {
        out.push(msg!("stellarium-power-syntax", power = *power));
    }
    for power in POWER_KEYS.iter().chain(&["deposition", "coup-stance"]) {
        out.push(msg!("stellarium-power-help", power = *power));
    }
    out.push(msg!("stellarium-power-coup-stance", name = "Paul"));
    out
}

pub(crate) fn years(before: &State) -> Years {
    Years { from: before.first_year(), to: before.assembly_year() }
}

pub(crate) fn family_head(before: &State, after: &State, family: &str) -> FamilyHead {
    let f = after.family(family).or_else(|| before.family(family));
    FamilyHead {
        key: family.to_string(),
        name: f.map(|f| f.name.clone()).unwrap_or_else(|| family.to_string()),
        status: status_label(f.and_then(|f| f.status_in(before.turn))),
        onr_streak: f.map(|f| f.onr_streak).unwrap_or(0),
    }
}

pub(crate) fn trading_posts(lang: Lang, s: &State, family: &str) -> Vec<TradingPost> {
    let Some(f) = s.family(family) else { return Vec::new() };
    f.trading_posts
        .iter()
        .map(|k| {
            let p = s.planets.get(k);
            let note = p.and_then(|p| match p.controller {
                Controller::Empire if p.closed_to_trade == Some(s.turn) => Some("closed"),
                Controller::Empire => None,
                Controller::Rebels { .. } => Some("rebels"),
                Controller::Pouarks => Some("pouarks"),
            });
            let note = note.map(|n| msg!("stellarium-trading-post-note", note = n).render(lang));
            let governor =
                p.and_then(|p| p.governor).filter(|g| s.family_of(*g).is_some_and(|gf| gf == family)).map(|g| name_for(s, family, g));
            TradingPost { planet: planet_name(s, k), note, governor }
        })
        .collect()
}

pub(crate) fn ships(lang: Lang, s: &State, family: &str) -> Vec<ShipView> {
    let mut out = Vec::new();
    for sh in s.ships.values() {
        let owned = sh.owner == family;
        let borrowed = sh.lent.as_ref().is_some_and(|l| l.to == family && l.turn == s.turn);
        if !owned && !borrowed {
            continue;
        }
        let family_name = |k: &str| s.family(k).map(|f| f.name.clone()).unwrap_or_else(|| k.to_string());
        let state = match (&sh.fate, borrowed) {
            (ShipFate::Destroyed { turn }, _) => msg!("stellarium-ship-state-destroyed", turn = *turn),
            (ShipFate::Captured { turn }, _) => msg!("stellarium-ship-state-captured", turn = *turn),
            (ShipFate::InService, true) => msg!("stellarium-ship-state-borrowed", owner = family_name(&sh.owner)),
            (ShipFate::InService, false) => match &sh.lent {
                Some(l) if l.turn == s.turn => {
                    msg!("stellarium-ship-state-lent", expeditions = sh.expeditions, to = family_name(&l.to))
                }
                _ => msg!("stellarium-ship-state-in-service", expeditions = sh.expeditions),
            },
        }
        .render(lang);
        // Destroyed or captured long ago: not worth a line every turn.
        let recent = match sh.fate {
            ShipFate::InService => true,
            ShipFate::Destroyed { turn } | ShipFate::Captured { turn } => turn + 1 >= s.turn,
        };
        if recent {
            out.push(ShipView { name: sh.name.clone(), state });
        }
    }
    out
}

pub(crate) fn characters(lang: Lang, before: &State, after: &State, family: &str) -> Vec<CharacterView> {
    after
        .living_members(family)
        .map(|c| {
            let pp_before = before.character(c.id).map(|b| b.pp).unwrap_or(0);
            let spouse = c.spouse().map(|sp| name_for(after, family, sp));
            CharacterView {
                id: c.id.0,
                name: c.first_name.clone(),
                sex: msg!("stellarium-sex-letter", gender = gender(c.sex)).render(lang),
                age: after.age(c),
                training: training_name(lang, c.training, c.sex),
                pp: c.pp,
                pp_change: c.pp - pp_before,
                posts: posts(lang, after, c),
                location: location_text(lang, after, c),
                purchases: purchases_list(lang, &c.bought(before.turn)),
                permits: permits_list(lang, c, after.turn),
                prostheses: c.prostheses,
                heretic: c.heretic,
                prisoner: c
                    .sentence
                    .as_ref()
                    .map(|s| sentence_text(lang, after, s))
                    .or_else(|| c.captivity.as_ref().map(|cap| captor_text(lang, after, cap))),
                spouse,
                widowed: c.is_widowed(),
                needs_baptism: after.needs_baptism(c),
                needs_training: after.needs_training(c),
            }
        })
        .collect()
}

pub(crate) fn deaths(lang: Lang, before: &State, after: &State, family: &str) -> Vec<DeathView> {
    after
        .members(family)
        .filter(|c| c.death.as_ref().is_some_and(|d| d.turn == before.turn))
        .filter_map(|c| {
            let d = c.death.as_ref()?;
            Some(DeathView { name: c.first_name.clone(), year: d.year, cause: death_cause(lang, &d.cause) })
        })
        .collect()
}

/// Trials to be judged next turn where the family has a part (22.2).
pub(crate) fn trials(lang: Lang, after: &State, family: &str) -> Vec<TrialView> {
    let own_judges: Vec<&Character> = after
        .judges
        .iter()
        .filter_map(|j| after.character(*j))
        .filter(|c| c.family == family && c.is_alive())
        .collect();
    let emperor = after.emperor().and_then(|e| after.character(e)).filter(|c| c.family == family && c.is_alive());
    let mut out = Vec::new();
    for t in &after.trials {
        let accused_own = after.family_of(t.accused).is_some_and(|f| f == family);
        let mut voters: Vec<String> = Vec::new();
        let mut roles: Vec<String> = Vec::new();
        let fem = after.character(t.accused).is_some_and(|c| c.sex == Sex::Female);
        let g = if fem { "f" } else { "m" };
        let accused_word = msg!("stellarium-trial-role", role = "accused", gender = g).render(lang);
        if accused_own {
            roles.push(accused_word.clone());
        }
        for j in &own_judges {
            // 22.7: a judge does not judge himself.
            if j.id != t.accused {
                voters.push(j.first_name.clone());
            }
        }
        if !voters.is_empty() {
            roles.push(msg!("stellarium-trial-role", role = "judge", gender = g).render(lang));
        }
        if let Some(e) = emperor {
            if e.id != t.accused && !voters.contains(&e.first_name) {
                voters.push(e.first_name.clone());
                roles.push(head_title(lang, Pyramid::Government, e.sex));
            }
        }
        if roles.is_empty() {
            continue;
        }
        let order = voters.first().map(|v| msg!("stellarium-verdict-order", judge = v.as_str(), case_no = t.case_no).render(lang));
        out.push(TrialView {
            case: t.case_no,
            accused: name_for(after, family, t.accused),
            accusation: accusation(lang, fem, after, &t.charge),
            charge: charge_text(lang, after, &t.charge),
            role: roles.join(", "),
            judges: voters,
            order,
            adjourned: t.adjourned,
        });
    }
    out
}

/// One power of a head (`$power` of `stellarium-power-syntax` and `stellarium-power-help`).
pub(crate) fn o(lang: Lang, power: &str) -> PowerOrder {
    PowerOrder {
        syntax: msg!("stellarium-power-syntax", power = power).render(lang),
        help: msg!("stellarium-power-help", power = power).render(lang),
    }
}

/// A power whose help counts what it allows (`$n`).
fn o_counted(lang: Lang, power: &str, help: &str, n: impl Into<crate::i18n::Arg>) -> PowerOrder {
    PowerOrder { syntax: msg!("stellarium-power-syntax", power = power).render(lang), help: msg!(help, n = n).render(lang) }
}

/// Every `$power` key of [`o`], for the catalogue check.
pub(crate) const POWER_KEYS: &[&str] = &[
    "emperor-disgrace",
    "emperor-special-disgrace",
    "emperor-remove-judge",
    "emperor-war",
    "emperor-target",
    "emperor-pardon",
    "archpope-disgrace",
    "archpope-excommunicate",
    "archpope-pardon",
    "archpope-remarriage",
    "general-disgrace",
    "general-commander-1",
    "general-commander-2",
    "general-strategy",
    "general-patrol",
    "general-coup",
    "commander-disgrace",
    "commander-forbid",
    "commander-permits",
    "master-disgrace",
    "master-remove-post",
    "master-close",
];

/// The orders the family's heads of pyramids (and other members) may give
/// next turn (orders.md §6, "Powers").
pub(crate) fn powers(lang: Lang, after: &State, family: &str) -> Vec<PowerView> {
    let mut out = Vec::new();
    for p in Pyramid::ALL {
        let seats = after.pyramid(p);
        for (seat, id) in seats.members() {
            let Some(c) = after.character(id) else { continue };
            if c.family != family || !c.is_alive() {
                continue;
            }
            let mut orders = Vec::new();
            if seat == HEAD {
                match p {
                    Pyramid::Government => {
                        orders.push(o(lang, "emperor-disgrace"));
                        orders.push(o(lang, "emperor-special-disgrace"));
                        orders.push(o(lang, "emperor-remove-judge"));
                        orders.push(o(lang, "emperor-war"));
                        orders.push(o(lang, "emperor-target"));
                        orders.push(o(lang, "emperor-pardon"));
                    }
                    Pyramid::Church => {
                        orders.push(o(lang, "archpope-disgrace"));
                        orders.push(o(lang, "archpope-excommunicate"));
                        orders.push(o(lang, "archpope-pardon"));
                        let permits = after.prosthesis_permits();
                        orders.push(o_counted(lang, "archpope-prosthesis", "stellarium-power-help-prostheses", permits));
                        orders.push(o(lang, "archpope-remarriage"));
                    }
                    Pyramid::Army => {
                        orders.push(o(lang, "general-disgrace"));
                        orders.push(o(lang, "general-commander-1"));
                        orders.push(o(lang, "general-commander-2"));
                        orders.push(o(lang, "general-strategy"));
                        orders.push(o(lang, "general-patrol"));
                        orders.push(o(lang, "general-coup"));
                    }
                    Pyramid::Explorers => {
                        orders.push(o(lang, "commander-disgrace"));
                        orders.push(o(lang, "commander-forbid"));
                        orders.push(o(lang, "commander-permits"));
                    }
                    Pyramid::Merchants => {
                        let bans = after.exchange_bans_allowed();
                        orders.push(o(lang, "master-disgrace"));
                        orders.push(o(lang, "master-remove-post"));
                        orders.push(o(lang, "master-close"));
                        orders.push(o_counted(lang, "master-ban", "stellarium-power-help-bans", bans));
                    }
                }
            } else {
                orders.push(PowerOrder {
                    syntax: format!("DESTITUTION {} {}", c.first_name, p.keyword_fr()),
                    help: msg!("stellarium-power-help", power = "deposition").render(lang),
                });
            }
            if p == Pyramid::Army && seat != HEAD {
                orders.push(PowerOrder {
                    syntax: msg!("stellarium-power-coup-stance", name = c.first_name.as_str()).render(lang),
                    help: msg!("stellarium-power-help", power = "coup-stance").render(lang),
                });
            }
            out.push(PowerView { holder: c.first_name.clone(), title: seat_title(lang, p, seat, c.sex), orders });
        }
    }
    out
}

pub(crate) fn ranking(before: &State, after: &State, family: Option<&str>) -> Vec<RankLine> {
    let mut fams: Vec<&Family> = after.families.values().collect();
    // Families played by a person first; the PNJ ranked apart (30.3).
    fams.sort_by(|a, b| a.is_pnj().cmp(&b.is_pnj()).then_with(|| b.victory_points.cmp(&a.victory_points)).then_with(|| a.name.cmp(&b.name)));
    let mut out = Vec::new();
    let mut rank = 0;
    let mut last: Option<(bool, i64)> = None;
    let mut group_start = 0;
    for (i, f) in fams.iter().enumerate() {
        let pnj = f.is_pnj();
        let pnj_first = pnj && last.is_none_or(|(p, _)| !p);
        if pnj_first {
            group_start = i;
        }
        if last != Some((pnj, f.victory_points)) {
            rank = i - group_start + 1;
            last = Some((pnj, f.victory_points));
        }
        out.push(RankLine {
            rank,
            pnj,
            pnj_first,
            family: f.name.clone(),
            turn: f.victory_history.get(&before.turn).copied().unwrap_or(0),
            total: f.victory_points,
            me: family == Some(f.key.as_str()),
            gap_before: false,
        });
    }
    out
}

/// The ranking as a family report shows it: the first ten, and the
/// family with two neighbours on each side when it is further down (a game
/// of a thousand families would otherwise print a thousand lines in every
/// report; the chronicle has the whole ranking).
pub(crate) fn ranking_excerpt(all: Vec<RankLine>) -> Vec<RankLine> {
    let me = all.iter().position(|r| r.me).unwrap_or(0);
    let keep = |i: usize| i < 10 || (i + 2 >= me && i <= me + 2);
    let mut out = Vec::new();
    let mut skipped = false;
    for (i, mut r) in all.into_iter().enumerate() {
        if keep(i) {
            r.gap_before = skipped;
            skipped = false;
            out.push(r);
        } else {
            skipped = true;
        }
    }
    out
}

pub(crate) fn victory(before: &State, after: &State, family: &str, ranking: &[RankLine], breakdown: Vec<PointsLine>) -> Victory {
    let f = after.family(family);
    let me = ranking.iter().find(|r| r.me);
    Victory {
        turn: f.and_then(|f| f.victory_history.get(&before.turn).copied()).unwrap_or(0),
        total: f.map(|f| f.victory_points).unwrap_or(0),
        rank: me.map(|m| m.rank).unwrap_or(0),
        of: ranking.len(),
        breakdown,
    }
}
