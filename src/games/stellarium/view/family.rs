//! The parts of a family's report drawn from the state: finances, characters, deaths, trials, powers, ranking, victory.

use super::*;

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
                Controller::Empire if p.closed_to_trade == Some(s.turn) => {
                    Some(lang.t("fermée au commerce ce tour", "closed to trade this turn").to_string())
                }
                Controller::Empire => None,
                Controller::Rebels { .. } => Some(lang.t("aux mains des rebelles", "held by the rebels").to_string()),
                Controller::Pouarks => Some(lang.t("aux mains des Pouarks", "held by the Pouarks").to_string()),
            });
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
        let state = match (&sh.fate, borrowed) {
            (ShipFate::Destroyed { turn }, _) => match lang {
                Lang::Fr => format!("détruit au tour {turn}"),
                Lang::En => format!("destroyed in turn {turn}"),
            },
            (ShipFate::Captured { turn }, _) => match lang {
                Lang::Fr => format!("capturé par les Pouarks au tour {turn}"),
                Lang::En => format!("captured by the Pouarks in turn {turn}"),
            },
            (ShipFate::InService, true) => {
                let owner = s.family(&sh.owner).map(|f| f.name.as_str()).unwrap_or(sh.owner.as_str()).to_string();
                match lang {
                    Lang::Fr => format!("prêté par {owner} pour le prochain tour"),
                    Lang::En => format!("lent by {owner} for the next turn"),
                }
            }
            (ShipFate::InService, false) => {
                let base = match lang {
                    Lang::Fr => format!("en service, {} expédition{}", sh.expeditions, if sh.expeditions > 1 { "s" } else { "" }),
                    Lang::En => format!("in service, {} expedition{}", sh.expeditions, if sh.expeditions == 1 { "" } else { "s" }),
                };
                match &sh.lent {
                    Some(l) if l.turn == s.turn => {
                        let to = s.family(&l.to).map(|f| f.name.as_str()).unwrap_or(l.to.as_str()).to_string();
                        format!("{base}; {} {to}", lang.t("prêté au prochain tour à", "lent next turn to"))
                    }
                    _ => base,
                }
            }
        };
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
                sex: match lang {
                    Lang::Fr => c.sex.letter_fr().to_string(),
                    Lang::En => if c.sex == Sex::Male { "M" } else { "F" }.to_string(),
                },
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
        let accused_word = if fem { lang.t("accusée", "accused") } else { lang.t("accusé", "accused") }.to_string();
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
            roles.push(lang.t("juge", "judge").to_string());
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
        let order = voters.first().map(|v| match lang {
            Lang::Fr => format!("VERDICT {v} {} COUPABLE|INNOCENT 10-50", t.case_no),
            Lang::En => format!("VERDICT {v} {} GUILTY|INNOCENT 10-50", t.case_no),
        });
        out.push(TrialView {
            case: t.case_no,
            accused: name_for(after, family, t.accused),
            accusation: accusation(lang, fem, &charge_text(lang, after, &t.charge)),
            charge: charge_text(lang, after, &t.charge),
            role: roles.join(", "),
            judges: voters,
            order,
            adjourned: t.adjourned,
        });
    }
    out
}

pub(crate) fn o(syntax: &str, help: &str) -> PowerOrder {
    PowerOrder { syntax: syntax.to_string(), help: help.to_string() }
}

/// The orders the family's heads of pyramids (and other members) may give
/// next turn (orders.md §6, "Powers").
pub(crate) fn powers(lang: Lang, after: &State, family: &str) -> Vec<PowerView> {
    let fr = lang == Lang::Fr;
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
                        orders.push(o("EMPEREUR DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller du Gouvernement (20)" } else { "disgrace an heir or councillor of the Government (20)" }));
                        orders.push(o("EMPEREUR DISGRACE-SPECIALE <qui>", if fr { "disgracier un membre de n'importe quelle pyramide, sauf les chefs (18.1)" } else { "disgrace a member of any pyramid but its head (18.1)" }));
                        orders.push(o("EMPEREUR DESTITUER-JUGE <juge>", if fr { "destituer un juge de la Haute Cour (18.2)" } else { "remove a High Court judge (18.2)" }));
                        orders.push(o("EMPEREUR GUERRE", if fr { "déclarer la guerre aux Pouarks (12.2)" } else { "declare war on the Pouarks (12.2)" }));
                        orders.push(o("EMPEREUR CIBLE <planète pouark>", if fr { "planète Pouark à attaquer en premier (12.2)" } else { "Pouark planet to attack first (12.2)" }));
                        orders.push(o("EMPEREUR GRACE <qui>", if fr { "gracier un bagnard ou un accusé (24, une fois par cycle)" } else { "pardon a convict or an accused (24, once a cycle)" }));
                    }
                    Pyramid::Church => {
                        orders.push(o("ARCHIPAPE DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de l'Église (20)" } else { "disgrace an heir or councillor of the Church (20)" }));
                        orders.push(o("ARCHIPAPE EXCOMMUNIER <qui>", if fr { "excommunier un personnage (19)" } else { "excommunicate a character (19)" }));
                        orders.push(o("ARCHIPAPE PARDON <qui>", if fr { "pardonner un hérétique (25, un par cycle)" } else { "pardon a heretic (25, one a cycle)" }));
                        let permits = after.prosthesis_permits();
                        orders.push(PowerOrder {
                            syntax: "ARCHIPAPE PROTHESE <qui>…".into(),
                            help: if fr {
                                format!("autoriser jusqu'à {permits} cyberprothèse(s) (1.3.4)")
                            } else {
                                format!("authorise up to {permits} prosthesis(es) (1.3.4)")
                            },
                        });
                        orders.push(o("ARCHIPAPE REMARIAGE <qui>", if fr { "autoriser le remariage d'un veuf ou d'une veuve (3.6)" } else { "allow a widow(er) to remarry (3.6)" }));
                    }
                    Pyramid::Army => {
                        orders.push(o("GENERAL DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de l'Armée (20)" } else { "disgrace an heir or councillor of the Army (20)" }));
                        orders.push(o("GENERAL COMMANDANT 1 <qui>", if fr { "nommer le commandant de la 1ère Flotte (6.3)" } else { "appoint the commander of the 1st Fleet (6.3)" }));
                        orders.push(o("GENERAL COMMANDANT 2 <qui>", if fr { "nommer le commandant de la 2ème Flotte (6.3)" } else { "appoint the commander of the 2nd Fleet (6.3)" }));
                        orders.push(o("GENERAL STRATEGIE OFFENSIVE|DEFENSIVE", if fr { "stratégie contre les Pouarks (12.3.8)" } else { "strategy against the Pouarks (12.3.8)" }));
                        orders.push(o("GENERAL PATROUILLE <colonie> <colonie> <colonie>", if fr { "les trois planètes de la 2ème Flotte (11)" } else { "the 2nd Fleet's three planets (11)" }));
                        orders.push(o("GENERAL COUP-D-ETAT", if fr { "tenter un coup d'État contre l'Empereur (17)" } else { "attempt a coup against the Emperor (17)" }));
                    }
                    Pyramid::Explorers => {
                        orders.push(o("COMMANDEUR DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de la Gilde (20)" } else { "disgrace an heir or councillor of the Guild (20)" }));
                        orders.push(o("COMMANDEUR INTERDIRE \"<vaisseau>\"", if fr { "interdire le départ d'un vaisseau (4.8)" } else { "forbid a ship's departure (4.8)" }));
                        orders.push(o("COMMANDEUR PERMIS <qui> [<qui>]", if fr { "accorder deux permis d'exploration (4.7)" } else { "grant two exploration permits (4.7)" }));
                    }
                    Pyramid::Merchants => {
                        let bans = after.exchange_bans_allowed();
                        orders.push(o("MAITRE DISGRACE <qui>", if fr { "disgracier un dauphin ou un conseiller de la Gilde (20)" } else { "disgrace an heir or councillor of the Guild (20)" }));
                        orders.push(o("MAITRE SUPPRIMER-COMPTOIR <famille> <colonie>", if fr { "supprimer le comptoir d'une famille" } else { "remove a family's trading post" }));
                        orders.push(o("MAITRE FERMER <colonie>", if fr { "fermer une planète au commerce pour le tour (5.3.4)" } else { "close a planet to trade for the turn (5.3.4)" }));
                        orders.push(PowerOrder {
                            syntax: "MAITRE INTERDIRE-BOURSE <famille>…".into(),
                            help: if fr {
                                format!("interdire la bourse à {bans} famille(s) au plus (13.2)")
                            } else {
                                format!("ban at most {bans} family(ies) from the exchange (13.2)")
                            },
                        });
                    }
                }
            } else {
                orders.push(PowerOrder {
                    syntax: format!("DESTITUTION {} {}", c.first_name, p.keyword_fr()),
                    help: if fr {
                        "voter la destitution du chef de la pyramide (21 : il faut l'unanimité des étages 2 et 3)".into()
                    } else {
                        "vote to depose the head (21: levels 2 and 3 must be unanimous)".into()
                    },
                });
            }
            if p == Pyramid::Army && seat != HEAD {
                orders.push(PowerOrder {
                    syntax: format!("COUP {} POUR|CONTRE", c.first_name),
                    help: if fr { "votre position si un coup d'État est lancé (17.2)".into() } else { "your stance if a coup is launched (17.2)".into() },
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
