//! The provisional set against every fact the rulebook fixes, and every
//! check of §4 shown to catch a faulty file with its name and line. Tests
//! are named after the booklet's headings.

use std::collections::BTreeSet;

use super::cards::Period;
use super::effects::Effect;
use super::*;

fn set() -> Components {
    match Components::embedded() {
        Ok(c) => c,
        Err(d) => panic!("{}", d.iter().map(Diag::to_string).collect::<Vec<_>>().join("\n")),
    }
}

/// The diagnostics of the embedded set with one file's text replaced.
fn diags_with(file: File, edit: impl FnOnce(&str) -> String) -> Vec<String> {
    let mut s = Sources::embedded();
    for f in File::ALL {
        s.get_mut(f).name = f.default_name().into();
    }
    let src = s.get_mut(file);
    let edited = edit(&src.text);
    assert_ne!(edited, src.text, "the edit changed nothing");
    src.text = edited;
    match Components::parse(s) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(Diag::to_string).collect(),
    }
}

/// The line number of the first line of `file` containing `needle`.
fn line_of(file: File, needle: &str) -> usize {
    Sources::embedded().get(file).text.lines().position(|l| l.contains(needle)).map(|i| i + 1).unwrap_or_else(|| panic!("{needle} not in {file:?}"))
}

#[test]
fn le_contenu_the_provisional_set_has_the_full_counts_and_is_declared_provisional() {
    let c = set();
    assert_eq!(c.board.sectors.len(), 56);
    assert_eq!(c.board.sectors.keys().max(), Some(&56), "secteur 56 is the highest number the text names");
    assert_eq!(c.parties.len(), 6);
    assert_eq!(c.senators.len(), 50);
    assert_eq!(c.senators.iter().filter(|s| s.start).count(), 6);
    assert_eq!(c.sector_cards.len(), 50);
    assert_eq!(c.actions.iter().map(|a| u32::from(a.copies)).sum::<u32>(), 50);
    assert_eq!(c.actions.len(), 19);
    assert_eq!(c.events.iter().map(|a| u32::from(a.copies)).sum::<u32>(), 50);
    assert_eq!(c.events.len(), 15);
    assert_eq!(c.provisional_files(), File::ALL.to_vec());
    assert!(c.actions.iter().all(|a| !a.effects.iter().any(|e| matches!(e, Effect::Manual(_)))));
    assert!(c.events.iter().all(|a| !a.effects.iter().any(|e| matches!(e, Effect::Manual(_)))));
}

/// §4.6: the board on a 10 × 6 grid (the 3' × 2' board), sector 1 a 2 × 2
/// block at the centre, the election track 3.
#[test]
fn le_plateau_the_provisional_board_fills_a_ten_by_six_grid_around_sector_1() {
    let c = set();
    let s1 = &c.board.sectors[&1];
    assert_eq!((s1.x, s1.y, s1.w, s1.h), (4, 2, 2, 2));
    let area: i32 = c.board.sectors.values().map(|s| s.w * s.h).sum();
    assert_eq!(area, 10 * 6 - 1, "one corner empty");
    assert!(c.board.sectors.values().all(|s| s.x + s.w <= 10 && s.y + s.h <= 6));
    assert_eq!(c.board.track, 3);
    // 2-13 ring sector 1; consecutive numbers touch inside each ring.
    for n in 2..=13 {
        assert!(c.board.adjacent(1, n) || [2, 5, 8, 11].contains(&n), "{n}");
    }
    for (lo, hi) in [(2, 13), (14, 33), (34, 45), (46, 56)] {
        for n in lo..hi {
            assert!(c.board.adjacent(n, n + 1), "{n}-{}", n + 1);
        }
    }
    let demographics = c.board.sectors.values().filter(|s| s.race.is_some() || s.party.is_some()).count();
    assert!((36..=40).contains(&demographics), "two thirds of 56: {demographics}");
}

#[test]
fn competences_de_secteur_the_13_abilities_are_on_the_numbers_the_text_gives() {
    let c = set();
    let expected = [(1, "voix-autoritaire"), (4, "population-militante"), (5, "donnees-du-marche-noir"), (6, "benedictions-de-la-purete"), (8, "indulgences-antique"), (9, "remise-amical"), (10, "reseau-d-information"), (28, "monopole-militaire"), (29, "insurrection-bienvenue"), (30, "persuasion-d-opiace"), (32, "benediction-de-la-paix"), (33, "augure-aleatoire"), (34, "alimenter-le-pouvoir")];
    let got: Vec<(SectorNo, &str)> = c.board.sectors.values().filter_map(|s| s.ability.map(|a| (s.no, a.id()))).collect();
    assert_eq!(got, expected.to_vec());
}

/// "Les flottes de la république": with 1 shadow in play the infestation
/// at sector 50 "roule 2 dé et ajoute 5" — its defence is 5; at sector 32
/// "le secteur obtiendrait seulement son dé de base": no defence.
#[test]
fn les_flottes_de_la_republique_sector_50_has_defence_5_and_sector_32_only_its_base_die() {
    let c = set();
    assert_eq!(c.board.sectors[&50].defence, 5);
    assert_eq!(c.board.sectors[&32].defence, 0);
}

/// "Résolution des campagnes": Julie holds sector 31 and campaigns into 32.
#[test]
fn resolution_des_campagnes_sectors_31_and_32_are_adjacent() {
    let c = set();
    assert!(c.board.adjacent(31, 32) && c.board.adjacent(32, 31));
}

/// "Résolution d'invasions": "Le sénateur Jemak a une commande de 6".
#[test]
fn resolution_d_invasions_jemak_has_command_6() {
    assert_eq!(set().senator("Jemak").map(|s| s.command), Some(6));
}

/// "Amiraux comme pertes": "Le POP a envoyé … le sénateur Fola comme
/// amiral"; "Sénateurs et actions": "la sénateur Fola". §4.6 makes her
/// POP's starting senator.
#[test]
fn installation_des_joueurs_fola_is_the_pop_s_starting_senator() {
    let c = set();
    let fola = c.senator("Fola").expect("Fola");
    assert_eq!(fola.party, Some(PartyId::Pop));
    assert!(fola.start && fola.female);
    assert_eq!(c.party(PartyId::Pop).map(|p| p.start_senator.as_str()), Some("Fola"));
    // "Jetons d'ombre et assassinats": Gazali attempts an assassination.
    assert_eq!(c.senator("Gazali").and_then(|s| s.skill), Some(Skill::Assassin));
}

/// "Installation des joueurs": each party's starting senator bears its
/// symbol; "Les Partis politiques": six sigles; homes (§4.6) among 34–56,
/// not 50, pairwise non-adjacent, and the sector cards are the others.
#[test]
fn installation_des_joueurs_homes_and_starting_senators_of_the_six_parties() {
    let c = set();
    let homes: BTreeSet<SectorNo> = c.parties.iter().map(|p| p.start_sector).collect();
    assert_eq!(homes.len(), 6);
    assert!(homes.iter().all(|h| (34..=56).contains(h) && *h != 50));
    for a in &homes {
        for b in &homes {
            assert!(!c.board.adjacent(*a, *b), "{a} {b}");
        }
    }
    let cards: BTreeSet<SectorNo> = c.sector_cards.iter().copied().collect();
    assert_eq!(cards.len(), 50);
    assert!(cards.is_disjoint(&homes));
    for p in &c.parties {
        let s = c.senator(&p.start_senator).expect("starting senator");
        assert_eq!((s.start, s.party), (true, Some(p.id)));
    }
}

/// "Compétences de sénateur": each of the 18 skills on at least one
/// senator; cost ≈ 2 + diplomacy + command / 2 (+2 with a skill).
#[test]
fn competences_de_senateur_every_skill_is_on_a_senator() {
    let c = set();
    let skills: BTreeSet<Skill> = c.senators.iter().filter_map(|s| s.skill).collect();
    assert_eq!(skills, Skill::all().collect());
    for s in &c.senators {
        assert_eq!(s.cost, 2 + s.diplomacy + s.command / 2 + if s.skill.is_some() { 2 } else { 0 }, "{}", s.name);
    }
}

/// "Priorité des cartes": "Public Humiliation" priority 3, "Distraction"
/// priority 2, which cancels it; the Humiliation is "utilisé par l'action du
/// sénateur Fola"; "Corruption d'union n'exige pas son action"; Multitâche
/// refreshes ("Sénateurs et actions"); Ghost in the Dark cancels other
/// action cards ("Ghost in the dark"); Séduction removes a senator from the
/// senate ("Force de vote"); Feint reopens declarations.
#[test]
fn priorite_des_cartes_the_named_cards_have_the_texts_priorities_and_action_flags() {
    let c = set();
    let card = |n: &str| c.action(n).unwrap_or_else(|| panic!("{n}"));
    let ph = card("Public Humiliation");
    assert_eq!((ph.priority, ph.action, ph.period), (3, true, Period::Senate));
    let d = card("Distraction");
    assert_eq!((d.priority, d.action), (2, false));
    assert!(d.effects.contains(&Effect::Cancel) && d.priority <= ph.priority);
    let u = card("Corruption d'union");
    assert!(!u.action);
    assert!(u.effects.contains(&Effect::Corruption(1)));
    assert!(card("Multitâche").effects.contains(&Effect::Refresh));
    assert!(card("Multitask").effects.contains(&Effect::Refresh), "English names are read too");
    assert!(card("Ghost in the Dark").effects.contains(&Effect::Ghost));
    assert!(card("Séduction").effects.contains(&Effect::Seduction));
    assert_eq!(card("Feint").period, Period::Intrigue);
    assert!(card("Feint").effects.contains(&Effect::Feint));
    assert!(card("Assassinat").action, "an attempt uses the senator's action (\"Assassinats\")");
}

/// "Poursuites": 10+ executed, 6–9 guilty, 3–5 innocent, 2 dishonoured.
#[test]
fn poursuites_the_table_of_the_party_cards() {
    use parties::Verdict::*;
    let c = set();
    let t = &c.party(PartyId::Bip).expect("BIP").prosecution;
    let got: Vec<_> = (2..=14).map(|r| t.verdict(r).expect("every roll")).collect();
    assert_eq!(got, [Dishonoured, Innocent, Innocent, Innocent, Guilty, Guilty, Guilty, Guilty, Executed, Executed, Executed, Executed, Executed]);
}

/// Every check of §4.1–4.3 finds its fault and names the file and line.
#[test]
fn composantes_every_check_names_the_file_and_the_line() {
    use File::*;
    let s50 = line_of(Board, "secteur 50 ");
    let s31 = line_of(Board, "secteur 31 ");
    let s32 = line_of(Board, "secteur 32 ");
    let s1 = line_of(Board, "secteur 1 ");
    let pop = line_of(Parties, "parti POP");
    let jemak = line_of(Senators, "senateur Jemak");
    let fola = line_of(Senators, "senateur Fola");
    let humil = line_of(Actions, "carte \"Public Humiliation\"");
    type Edit = Box<dyn Fn(&str) -> String>;
    let cases: Vec<(File, Edit, String)> = vec![
        // board.txt
        (Board, Box::new(|t| t.replace("secteur 50  9 2", "secteur 49  9 2")), format!("board.txt, ligne {s50} : secteur 49 déjà décrit")),
        (Board, Box::new(|t| t.replace("secteur 50  9 2", "secteur 50  8 2")), format!("board.txt, ligne {} : le secteur 51 chevauche le secteur 50 (ligne {s50})", s50 + 1)),
        (Board, Box::new(|t| t.replace("secteur 50  9 2 1 1   1 1 5", "secteur 50  9 2 1 1   1 1 12")), format!("board.txt, ligne {s50} : défense « 12 » hors de 0 à 9")),
        (Board, Box::new(|t| t.replace("piste-elections 3", "piste-elections 0")), "longueur de la piste « 0 » hors de 1 à 9".into()),
        (Board, Box::new(|t| t.replace("piste-elections 3", "# none")), "la piste des élections manque".into()),
        (Board, Box::new(|t| t.replace("secteur 32  2 4 1 1   1 2 0    tumba    CoS    benediction-de-la-paix", "secteur 32  2 4 1 1   1 2 0    tumba    CoS    -").replace("secteur 31  2 5 1 1   2 1 2    -        -      -", "secteur 31  2 5 1 1   2 1 2    -        -      benediction-de-la-paix")), format!("board.txt, ligne {s31} : la compétence benediction-de-la-paix est celle du secteur 32")),
        (Board, Box::new(|t| t.replace("2 1 2    -        -      -", "2 1 2    -        -      voix-autoritaire")), "la compétence voix-autoritaire est déjà sur un autre secteur".into()),
        (Board, Box::new(|t| t.replace("tumba    CoS    benediction-de-la-paix", "tumba    CoS    -")), "la compétence benediction-de-la-paix n'est sur aucun secteur".into()),
        (Board, Box::new(|t| t.replace("secteur 1   4 2 2 2", "secteur 57  4 2 2 2")), "le secteur 1 manque".into()),
        (Board, Box::new(|t| t.replace("secteur 50  9 2", "secteur 50  19 2")), format!("board.txt, ligne {s50} : le secteur 50 n'est relié")),
        (Board, Box::new(|t| format!("{t}pas-voisins 1 56\n")), "les secteurs 1 et 56 sont déjà non voisins".into()),
        (Board, Box::new(|t| format!("{t}voisins 31 32\n")), "les secteurs 31 et 32 sont déjà voisins".into()),
        (Board, Box::new(|t| t.replace("tumba    CoS    benediction", "klingon  CoS    benediction")), format!("board.txt, ligne {s32} : race « klingon » : pas dans la liste")),
        (Board, Box::new(|t| t.replace("humains  -      voix-autoritaire", "humains  XYZ    voix-autoritaire")), format!("board.txt, ligne {s1} : parti « XYZ » : pas dans la liste")),
        // parties.txt
        (Parties, Box::new(|t| t.replace("parti POP  orange  39", "parti POP  orange  1 ")), format!("parties.txt, ligne {pop} : le secteur 1 ne peut pas être un secteur de départ")),
        (Parties, Box::new(|t| t.replace("parti POP  orange  39", "parti POP  orange  37")), format!("parties.txt, ligne {pop} : secteur de départ 37 voisin de celui du parti GSP (36)")),
        (Parties, Box::new(|t| t.replace("parti POP  orange  39", "parti POP  orange  36")), format!("parties.txt, ligne {pop} : secteur de départ 36 déjà celui du parti GSP")),
        (Parties, Box::new(|t| t.replace("parti POP", "parti GSP")), format!("parties.txt, ligne {pop} : parti GSP déjà décrit")),
        (Parties, Box::new(|t| t.replace("Fola        10 5", "Bellu       10 5")), format!("senators.txt, ligne {} : Bellu est le sénateur de départ du parti POP", line_of(Senators, "senateur Bellu"))),
        (Parties, Box::new(|t| t.replace("Fola        10 5", "Nobody      10 5")), format!("parties.txt, ligne {pop} : sénateur de départ « Nobody » absent")),
        (Parties, Box::new(|t| t.replace("poursuites 10 execution 6 coupable 3 innocent 2 deshonore", "poursuites 10 execution 6")), "forme attendue « poursuites".into()),
        (Parties, Box::new(|t| t.replace("3 innocent 2 deshonore", "3 innocent 3 deshonore")), "les seuils doivent décroître".into()),
        (Parties, Box::new(|t| t.replace("3 innocent 2 deshonore", "4 innocent 3 deshonore")), "le plus petit seuil doit être 2 ou moins".into()),
        // senators.txt
        (Senators, Box::new(|t| t.replace("senateur Jemak       2 6", "senateur Jemak       2 16")), format!("senators.txt, ligne {jemak} : commandement « 16 » hors de 0 à 9")),
        (Senators, Box::new(|t| t.replace("senateur Jemak ", "senateur JÉMAK ").replace("senateur Gromm ", "senateur Jemak ")), format!("senators.txt, ligne {} : sénateur « Jemak » déjà décrit (ligne {jemak})", line_of(Senators, "senateur Gromm"))),
        (Senators, Box::new(|t| t.replace("tacticien\n", "trapeziste\n")), "compétence « trapeziste » : pas dans la liste".into()),
        (Senators, Box::new(|t| t.replace("orateur-public         depart f", "orateur-public         f")), "5 sénateurs de départ : il en faut 6".into()),
        (Senators, Box::new(|t| t.replace("senateur Jemak", "# senateur Jemak")), "49 sénateurs : le jeu en compte 50".into()),
        (Senators, Box::new(|t| t.replace("ajira    POP  9    orateur-public", "ajira    POP  31   orateur-public")), format!("senators.txt, ligne {fola} : coût « 31 » hors de 0 à 30")),
        // sector-cards.txt
        (SectorCards, Box::new(|t| t.replace("carte-secteur 55", "carte-secteur 57")), format!("sector-cards.txt, ligne {} : secteur 57 absent du plateau", line_of(SectorCards, "carte-secteur 55"))),
        (SectorCards, Box::new(|t| t.replace("carte-secteur 55\n", "")), "49 cartes secteur : le jeu en compte 50".into()),
        // actions.txt
        (Actions, Box::new(|t| t.replacen("priorite 3", "priorite 6", 1)), "priorité « 6 » hors de 0 à 5".into()),
        (Actions, Box::new(|t| t.replace("effet regenere", "effet teleporte")), "effet « teleporte » hors du vocabulaire".into()),
        (Actions, Box::new(|t| t.replace("effet corruption +1\n  texte \"Le s", "effet corruption 1\n  texte \"Le s")), format!("actions.txt, ligne {} : « corruption » : « 1 » n'est pas ±1 à ±9 (signe obligatoire)", humil + 8)),
        (Actions, Box::new(|t| t.replace("effet regenere", "effet manuel \"Le joueur danse\"")), "effet « manuel » refusé : il faut un maître de jeu".into()),
        (Actions, Box::new(|t| t.replace("  exemplaires 3\n  cout 2 argent\n  periode general", "  exemplaires 4\n  cout 2 argent\n  periode general")), "51 cartes action en comptant les exemplaires".into()),
        (Actions, Box::new(|t| t.replacen("  jeu jouer\n", "", 1)), "carte incomplète : jeu manquant".into()),
        (Actions, Box::new(|t| t.replacen("cible soi", "cible marques", 1)), "la cible « marques » n'est permise qu'aux événements".into()),
        (Actions, Box::new(|t| t.replacen("fin\n", "", 1)), format!("actions.txt, ligne {} : carte sans « fin »", line_of(Actions, "carte \"Multit"))),
        (Actions, Box::new(|t| t.replacen("  periode general\n", "  periode general\n  periode senat\n", 1)), "« periode » donné deux fois".into()),
        // events.txt
        (Events, Box::new(|t| t.replace("effet jet-infestation +2 tour", "effet jet-infestation +2")), "« jet-infestation » : durée attendue".into()),
        (Events, Box::new(|t| t.replace("icones race=jur parti=-", "icones race=- parti=-")), "la cible « icone-race » veut l'icône correspondante".into()),
        (Events, Box::new(|t| t.replace("duree actif 2", "duree actif 0")), "tours actifs « 0 » hors de 1 à 9".into()),
    ];
    let mut missed = Vec::new();
    for (file, edit, want) in cases {
        let got = diags_with(file, edit);
        if !got.iter().any(|d| d.starts_with(&want) || (!want.contains(", ligne ") && d.contains(&want))) {
            missed.push(format!("{file:?}: expected « {want} », got {got:#?}"));
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[test]
fn composantes_a_game_master_allows_manual_effects() {
    let mut s = Sources::embedded();
    s.actions.text = s.actions.text.replace("effet regenere", "effet manuel \"Le joueur danse\"");
    assert!(Components::parse(s.clone()).is_err());
    s.game_master = true;
    let c = Components::parse(s).expect("allowed with a game master");
    assert_eq!(c.action("Multitâche").map(|a| a.effects.clone()), Some(vec![Effect::Manual("Le joueur danse".into())]));
}

#[test]
fn composantes_a_state_keeps_its_texts_and_is_checked_again_when_loaded() {
    let c = set();
    let json = serde_json::to_string(&c).expect("serialise");
    let back: Components = serde_json::from_str(&json).expect("read back");
    assert_eq!(back.board, c.board);
    let broken = json.replace("secteur 50  9 2 1 1   1 1 5", "secteur 50  9 2 1 1   1 1 X");
    let e = serde_json::from_str::<Components>(&broken).expect_err("checked at load");
    assert!(e.to_string().contains("board.txt (intégré), ligne"), "{e}");
}

/// A referee's own file without `provisoire` leaves only the others in
/// the declaration.
#[test]
fn the_declaration_names_the_provisional_files() {
    let mut s = Sources::embedded();
    s.parties.text = s.parties.text.replace("provisoire\n", "");
    let c = Components::parse(s).expect("valid");
    let files = c.provisional_files();
    assert!(!files.contains(&File::Parties) && files.len() == 5);
    let fr = declaration(&files).expect("some provisional").render(crate::i18n::Lang::Fr);
    assert!(fr.starts_with("Composants provisoires (plateau, cartes, partis) inventés pour l'arbitre : ce ne sont pas ceux du jeu publié"), "{fr}");
    assert!(fr.contains("plateau") && fr.contains("événements") && !fr.contains("cartes des partis"), "{fr}");
    let en = declaration(&files).expect("some provisional").render(crate::i18n::Lang::En);
    assert!(en.contains("board") && !en.contains("party cards"), "{en}");
    assert_eq!(declaration(&[]), None);
}
