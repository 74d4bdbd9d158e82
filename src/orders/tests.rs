use super::*;

fn read(body: &str) -> Submission {
    read_submission("ordres", body, &[]).expect("a block")
}

fn order_texts(s: &Submission) -> Vec<&str> {
    s.orders.iter().map(|o| o.text.as_str()).collect()
}

fn order_nos(s: &Submission) -> Vec<usize> {
    s.orders.iter().map(|o| o.no).collect()
}

fn reasons(s: &Submission) -> Vec<String> {
    s.problems
        .iter()
        .map(|p| match &p.outcome {
            crate::game::LineOutcome::Rejected { reason, .. } => reason.render(crate::i18n::Lang::Fr),
            crate::game::LineOutcome::Accepted { canonical, .. } => canonical.clone(),
        })
        .collect()
}

const FORM: &str = "PARTIE stellarium-1\nFAMILLE Atréides\nMOTDEPASSE x7Kp2\nTOUR 3\nLIEU Paul BOURSE S 2\nLIEU Jessica Mologataï\nFIN\n";

// ---- block finder -------------------------------------------------------

#[test]
fn block_header_fields_and_order_lines_with_their_numbers() {
    let s = read(&format!("Bonjour,\nvoici mes ordres.\n\n{FORM}Merci !\n"));
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(s.family.as_deref(), Some("Atréides"));
    assert_eq!(s.password.as_deref(), Some("x7Kp2"));
    assert_eq!(s.turn, Some(3));
    assert_eq!(order_texts(&s), ["LIEU Paul BOURSE S 2", "LIEU Jessica Mologataï"]);
    assert_eq!(order_nos(&s), [8, 9]);
    assert!(s.problems.is_empty() && s.commands.is_empty());
    assert!(!s.from_quote && !s.from_attachment && !s.english);
}

#[test]
fn no_block_anywhere_gives_none() {
    assert_eq!(read_submission("Salut", "Bonjour, quand commence la partie ?\n", &[]), None);
    assert_eq!(read_submission("", "", &[]), None);
}

#[test]
fn lines_before_block_and_after_fin_are_ignored() {
    let s = read("LIEU Avant STELLARIUM\nPARTIE p\nLIEU Paul STELLARIUM\nFIN\nLIEU Apres STELLARIUM\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn block_without_fin_runs_to_end_of_text() {
    let s = read("PARTIE p\nLIEU Paul STELLARIUM\nLIEU Leto FLOTTE 1");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM", "LIEU Leto FLOTTE 1"]);
}

#[test]
fn end_keyword_in_english_and_any_case_ends_block() {
    let s = read("game p\nLIEU Paul STELLARIUM\nend\nLIEU X Y\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    let s = read("Partie p\nLIEU Paul STELLARIUM\nFin des ordres\nLIEU X Y\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn signature_after_orders_is_ignored() {
    let s = read("PARTIE p\nLIEU Paul STELLARIUM\n-- \nJean Dupont\nLIEU Faux X\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    // A client that strips the trailing space of "-- ".
    let s = read("PARTIE p\nLIEU Paul STELLARIUM\n--\nJean\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn device_signature_without_dashes_is_ignored() {
    let s = read("PARTIE p\nLIEU Paul STELLARIUM\n\nEnvoyé de mon iPhone\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    let s = read("GAME p\nLOCATION Paul STELLARIUM\nSent from my Galaxy\n");
    assert_eq!(order_texts(&s), ["LOCATION Paul STELLARIUM"]);
}

#[test]
fn comments_and_blank_lines_are_skipped_but_numbering_counts_them() {
    let s = read("PARTIE p # ma partie\n\n# un commentaire\n   \nLIEU Paul STELLARIUM # Paul reste\n");
    assert_eq!(s.game.as_deref(), Some("p"));
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM # Paul reste"]);
    assert_eq!(order_nos(&s), [5]);
}

#[test]
fn crlf_cr_and_lf_line_ends_are_all_lines() {
    for body in ["PARTIE p\r\nLIEU A B\r\nLIEU C D\r\n", "PARTIE p\rLIEU A B\rLIEU C D\r", "PARTIE p\nLIEU A B\nLIEU C D\n"] {
        let s = read(body);
        assert_eq!(order_texts(&s), ["LIEU A B", "LIEU C D"], "{body:?}");
        assert_eq!(order_nos(&s), [2, 3]);
    }
}

#[test]
fn utf8_bom_is_ignored() {
    let s = read("\u{feff}PARTIE stellarium-1\nLIEU Paul STELLARIUM\n");
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
}

#[test]
fn tabs_and_nbsp_count_as_spaces() {
    let s = read("PARTIE\tstellarium-1\nFAMILLE\u{a0}Atréides\n\u{a0}\u{a0}LIEU Paul\tSTELLARIUM\u{a0}\nTOUR\u{202f}3\n");
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(s.family.as_deref(), Some("Atréides"));
    assert_eq!(s.turn, Some(3));
    assert_eq!(order_texts(&s), ["LIEU Paul\tSTELLARIUM"]);
}

#[test]
fn keywords_are_case_and_accent_insensitive() {
    let s = read("partie p\nFamille Atréides\nmotdepasse s3cr3T\ntour 4\nFIN\n");
    assert_eq!((s.family.as_deref(), s.password.as_deref(), s.turn), (Some("Atréides"), Some("s3cr3T"), Some(4)));
    let s = read("PARTIÉ p\nFÂMILLE X\nMOT-DE-PASSE y\n");
    assert_eq!((s.game.as_deref(), s.family.as_deref(), s.password.as_deref()), (Some("p"), Some("X"), Some("y")));
}

#[test]
fn keyword_followed_by_colon_is_accepted() {
    let s = read("PARTIE : stellarium-1\nFAMILLE: Atréides\nTOUR :3\n");
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(s.family.as_deref(), Some("Atréides"));
    // "TOUR :3" is not the keyword-colon form: ":3" is not a number.
    assert_eq!(s.turn, None);
    assert_eq!(s.problems.len(), 1);
}

#[test]
fn quoted_block_used_only_when_no_unquoted_block() {
    let body = "PARTIE stellarium-1\nLIEU Paul STELLARIUM\nFIN\n\nLe lun. 3 mars 2025, Arbitre a écrit :\n> PARTIE stellarium-1\n> LIEU Paul BOURSE S 2\n> FIN\n";
    let s = read(body);
    assert!(!s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn quoted_lines_inside_unquoted_block_are_ignored() {
    let s = read("PARTIE p\nLIEU Paul STELLARIUM\n> LIEU Vieux X\nLIEU Leto FLOTTE 1\n");
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM", "LIEU Leto FLOTTE 1"]);
}

#[test]
fn only_quoted_block_is_read_with_one_level_removed() {
    let body = "Mes ordres sont dans le formulaire ci-dessous.\n\nLe lun. 3 mars 2025 à 10:00, Arbitre <arbitre@example.net> a écrit :\n> Rapport du tour 2\n>\n> PARTIE stellarium-1\n> FAMILLE Atréides\n> LIEU Paul BOURSE S 2\n>LIEU Jessica Mologataï\n> FIN\n> -- \n> Arbitre\n";
    let s = read(body);
    assert!(s.from_quote);
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(order_texts(&s), ["LIEU Paul BOURSE S 2", "LIEU Jessica Mologataï"]);
    assert_eq!(order_nos(&s), [8, 9]);
}

#[test]
fn nested_quote_markers_lose_one_level_in_either_spelling() {
    for body in ["> > PARTIE p\n> > LIEU Paul STELLARIUM\n", ">> PARTIE p\n>>LIEU Paul STELLARIUM\n"] {
        let s = read(body);
        assert!(s.from_quote, "{body:?}");
        assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"], "{body:?}");
    }
    // A block at depth 1 wins over one at depth 2; deeper lines are ignored.
    let s = read("> PARTIE p\n> LIEU A B\n> > LIEU Tres Vieux\n> FIN\n>> PARTIE q\n");
    assert_eq!(s.game.as_deref(), Some("p"));
    assert_eq!(order_texts(&s), ["LIEU A B"]);
}

#[test]
fn quoted_block_reads_players_interleaved_lines_and_stops_at_end_of_quote() {
    let body = "> PARTIE p\n> LIEU Paul STELLARIUM\nLIEU Leto FLOTTE 1\n> LIEU Jessica Mologataï\n\nMerci et à bientôt\n";
    let s = read(body);
    assert!(s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM", "LIEU Leto FLOTTE 1", "LIEU Jessica Mologataï"]);
}

#[test]
fn top_posted_signature_does_not_hide_the_quote() {
    let body = "Voici.\n-- \nJean\n\n> PARTIE p\n> LIEU Paul STELLARIUM\n";
    let s = read(body);
    assert!(s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn attribution_line_before_a_quote_is_not_an_order() {
    let body = "PARTIE p\nLIEU Paul STELLARIUM\n\nOn Mon, 3 Mar 2025 at 10:00, Arbitre <a@b> wrote:\n\n> Rapport\n";
    assert_eq!(order_texts(&read(body)), ["LIEU Paul STELLARIUM"]);
}

#[test]
fn outlook_original_message_counts_as_quoted() {
    let body = "PARTIE p\nLIEU Paul STELLARIUM\n\n-----Original Message-----\nFrom: Arbitre\nPARTIE p\nLIEU Vieux X\n";
    let s = read(body);
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    let body = "Ordres modifiés dans le texte.\n\n________________________________\nDe : Arbitre <a@b>\nEnvoyé : lundi 3 mars 2025 10:00\n\nPARTIE p\nLIEU Paul BOURSE S 2\nFIN\n";
    let s = read(body);
    assert!(s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Paul BOURSE S 2"]);
}

#[test]
fn attachment_read_when_body_has_no_block() {
    let att = vec!["PARTIE p\nFAMILLE Atréides\nLIEU Paul STELLARIUM\n".to_string()];
    let s = read_submission("ordres", "Mes ordres sont en pièce jointe.\n", &att).unwrap();
    assert!(s.from_attachment && !s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    assert_eq!(order_nos(&s), [3]);
}

#[test]
fn body_block_wins_over_attachment() {
    let att = vec!["PARTIE p\nLIEU Piece Jointe\n".to_string()];
    let s = read_submission("x", "PARTIE p\nLIEU Corps X\n", &att).unwrap();
    assert!(!s.from_attachment);
    assert_eq!(order_texts(&s), ["LIEU Corps X"]);
}

#[test]
fn unquoted_attachment_wins_over_stale_quoted_form() {
    let att = vec!["PARTIE p\nLIEU Nouveau X\n".to_string()];
    let s = read_submission("Re: rapport", "Voir pièce jointe.\n\n> PARTIE p\n> LIEU Ancien X\n", &att).unwrap();
    assert!(s.from_attachment && !s.from_quote);
    assert_eq!(order_texts(&s), ["LIEU Nouveau X"]);
}

#[test]
fn subject_tag_stands_in_for_partie_line() {
    let s = read_submission("Re: [stellarium-1] Rapport du tour 2", "Bonjour\nFAMILLE Atréides\nMOTDEPASSE k\nLIEU Paul STELLARIUM\n", &[]).unwrap();
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(s.family.as_deref(), Some("Atréides"));
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    // Without a tag, the same body has no block.
    assert_eq!(read_submission("Re: Rapport", "Bonjour\nFAMILLE Atréides\n", &[]), None);
}

#[test]
fn partie_line_beats_subject_tag_and_gateway_tags_are_skipped() {
    let s = read_submission("[autre-partie] ordres", "PARTIE stellarium-1\n", &[]).unwrap();
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(subject_tag("[SPAM] Re: [stellarium-1] Rapport"), Some("stellarium-1".to_string()));
    assert_eq!(subject_tag("[EXTERNAL] [Galaxy_2] x"), Some("Galaxy_2".to_string()));
    assert_eq!(subject_tag("[pas un id] x"), None);
    assert_eq!(subject_tag("[x"), None);
    assert_eq!(subject_tag("pas de tag"), None);
}

#[test]
fn partie_without_id_falls_back_to_subject_tag() {
    let s = read_submission("[stellarium-1]", "PARTIE\nLIEU Paul STELLARIUM\n", &[]).unwrap();
    assert_eq!(s.game.as_deref(), Some("stellarium-1"));
    assert_eq!(reasons(&s), ["PARTIE : l'identifiant de la partie manque."]);
}

#[test]
fn unknown_lines_go_to_orders_not_problems() {
    let s = read("PARTIE p\nBLABLA n'importe quoi\nLIEU\n");
    assert_eq!(order_texts(&s), ["BLABLA n'importe quoi", "LIEU"]);
    assert!(s.problems.is_empty());
}

// ---- header lines -------------------------------------------------------

#[test]
fn tour_not_a_number_is_a_problem_in_french() {
    let s = read("PARTIE p\nTOUR abc\n");
    assert_eq!(s.turn, None);
    assert_eq!(reasons(&s), ["TOUR « abc » : un numéro de tour est attendu (par exemple TOUR 3)."]);
    assert_eq!(s.problems[0].line.no, 2);
    assert_eq!(s.problems[0].line.text, "TOUR abc");
}

#[test]
fn repeated_headers_keep_the_first_value_and_report() {
    let s = read("PARTIE p\nFAMILLE Atréides\nFAMILLE atreides\nFAMILLE Harkonnen\nTOUR 3\nTOUR 3\nTOUR 2\nMOTDEPASSE a\nMOTDEPASSE b\n");
    assert_eq!(s.family.as_deref(), Some("Atréides"));
    assert_eq!(s.turn, Some(3));
    assert_eq!(s.password.as_deref(), Some("a"));
    assert!(s.later.is_empty());
    assert_eq!(s.problems.len(), 3, "{:?}", reasons(&s));
    assert!(reasons(&s)[1].starts_with("TOUR 2 après TOUR 3"), "{:?}", reasons(&s));
}

#[test]
fn a_higher_tour_starts_a_block_of_orders_for_a_later_step() {
    let s = read("PARTIE p\nJOUEUR Youri\nTOUR 5\nPRENDRE 3\nTOUR 7\nPRENDRE 1\nJOUER A CARNET\nTURN 8\nTAKE 2\nFIN\n");
    assert_eq!(s.turn, Some(5));
    assert_eq!(s.orders.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), ["PRENDRE 3"]);
    let later: Vec<(u32, Vec<&str>)> = s.later.iter().map(|b| (b.turn, b.orders.iter().map(|l| l.text.as_str()).collect())).collect();
    assert_eq!(later, [(7, vec!["PRENDRE 1", "JOUER A CARNET"]), (8, vec!["TAKE 2"])]);
    assert_eq!((s.later[0].line.no, s.later[0].orders[0].no), (5, 6));
    assert!(s.problems.is_empty(), "{:?}", reasons(&s));
}

#[test]
fn confirm_wait_and_resign_are_commands_in_french_and_english() {
    let s = read("PARTIE p\nFAMILLE x\nCONFIRMER\nattendre\nAbandon\n");
    assert_eq!(s.commands, [Command::Confirm, Command::Wait, Command::Resign]);
    assert!(s.orders.is_empty());
    let s = read("GAME p\nPLAYER x\nCONFIRM\nWAIT\nRESIGN\n");
    assert_eq!(s.commands, [Command::Confirm, Command::Wait, Command::Resign]);
    assert!(s.english);
    // Followed by a name, it is Stellarium's order `RESIGN <judge>`
    // (orders.md), not the concession.
    for line in ["RESIGN Yueh", "ABANDON Yueh", "resign \"Grand Juge\""] {
        let s = read(&format!("GAME p\nPLAYER x\n{line}\n"));
        assert!(s.commands.is_empty(), "{line}: {:?}", s.commands);
        assert_eq!(s.orders.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), [line]);
    }
    // With a subject tag, a lone CONFIRMER starts the block.
    let s = read_submission("[p] Re: rapport", "Je confirme.\nCONFIRMER\n", &[]).unwrap();
    assert_eq!((s.game.as_deref(), s.commands.as_slice()), (Some("p"), [Command::Confirm].as_slice()));
}

#[test]
fn family_names_with_spaces_quoted_or_not_and_galaxy_player() {
    assert_eq!(read("PARTIE p\nFAMILLE \"Maison Corrino\"\n").family.as_deref(), Some("Maison Corrino"));
    assert_eq!(read("PARTIE p\nFAMILLE Maison  Corrino\n").family.as_deref(), Some("Maison Corrino"));
    assert_eq!(read("PARTIE g\nJOUEUR Zorg\n").family.as_deref(), Some("Zorg"));
    assert_eq!(read("GAME g\nPLAYER Zorg\n").family.as_deref(), Some("Zorg"));
    // Galactic Destiny's parties (design note §3): `PARTI POP`, `PARTY POP`.
    let s = read("PARTIE gd\nPARTI POP\nMOTDEPASSE x\n");
    assert_eq!((s.family.as_deref(), s.english), (Some("POP"), false));
    let s = read("GAME gd\nPARTY POP\nPASSWORD x\n");
    assert_eq!((s.family.as_deref(), s.english), (Some("POP"), true));
    assert!(read("PARTIE gd\nPARTI POP\n").orders.is_empty());
}

#[test]
fn password_is_kept_exactly_as_written() {
    assert_eq!(read("PARTIE p\nPASSWORD AbC-dé9\n").password.as_deref(), Some("AbC-dé9"));
    let s = read("PARTIE p\nMOTDEPASSE\n");
    assert_eq!(s.password, None);
    assert_eq!(s.problems.len(), 1);
}

#[test]
fn english_keywords_set_english() {
    let s = read("GAME stellarium-1\nFAMILY Atreides\nPASSWORD k\nTURN 3\nLOCATION Paul STELLARIUM\nEND\n");
    assert!(s.english);
    assert_eq!(s.turn, Some(3));
    assert_eq!(order_texts(&s), ["LOCATION Paul STELLARIUM"]);
    assert!(!read(FORM).english);
    // Majority decides; a tie goes to the first keyword.
    assert!(!read("PARTIE p\nFAMILY x\n").english);
    assert!(read("GAME p\nFAMILLE x\nPASSWORD y\n").english);
}

// ---- commands -----------------------------------------------------------

#[test]
fn join_command_in_both_languages() {
    let s = read("PARTIE stellarium-1\nINSCRIPTION Atréides\n");
    assert_eq!(
        s.commands,
        [Command::Join { family_name: "Atréides".into(), line: OrderLine { no: 2, text: "INSCRIPTION Atréides".into() } }]
    );
    let s = read("GAME stellarium-1\nJOIN \"House Ordos\"\n");
    assert!(s.english);
    assert!(matches!(&s.commands[..], [Command::Join { family_name, .. }] if family_name == "House Ordos"));
    let s = read("PARTIE p\nINSCRIPTION\n");
    assert!(s.commands.is_empty());
    assert_eq!(s.problems.len(), 1);
}

#[test]
fn help_report_cancel_commands() {
    let s = read("PARTIE p\nAIDE\nrapport\nAnnuler\nAIDE\n");
    assert_eq!(s.commands, [Command::Help, Command::Report, Command::Cancel]);
    let s = read("GAME p\nHELP\nREPORT\nCANCEL\n");
    assert_eq!(s.commands, [Command::Help, Command::Report, Command::Cancel]);
    assert!(s.english && s.orders.is_empty());
}

#[test]
fn message_to_family_keeps_body_verbatim() {
    let s = read("PARTIE p\nMESSAGE Harkonnen\nCher baron,\n\n  # pas un commentaire\nFIN de la trêve ? Non.\nFINMESSAGE\nLIEU Paul STELLARIUM\n");
    assert_eq!(
        s.commands,
        [Command::Message {
            to: MessageTarget::Family("Harkonnen".into()),
            anonymous: false,
            body: "Cher baron,\n\n  # pas un commentaire\nFIN de la trêve ? Non.".into()
        }]
    );
    assert_eq!(order_texts(&s), ["LIEU Paul STELLARIUM"]);
    assert!(s.problems.is_empty());
}

#[test]
fn message_to_all_anonymous_in_both_languages() {
    let s = read("PARTIE p\nMESSAGE TOUS ANONYME\nL'Empereur ment.\nFIN-MESSAGE\n");
    assert_eq!(s.commands, [Command::Message { to: MessageTarget::All, anonymous: true, body: "L'Empereur ment.".into() }]);
    let s = read("GAME p\nmessage all anonymous\nHi\nENDMESSAGE\n");
    assert_eq!(s.commands, [Command::Message { to: MessageTarget::All, anonymous: true, body: "Hi".into() }]);
    assert!(s.english);
    let s = read("PARTIE p\nMESSAGE \"Maison Corrino\" ANONYME\nx\nFINMESSAGE\n");
    assert!(matches!(&s.commands[..], [Command::Message { to: MessageTarget::Family(f), anonymous: true, .. }] if f == "Maison Corrino"));
}

#[test]
fn message_without_finmessage_stops_at_fin_and_reports() {
    let s = read("PARTIE p\nMESSAGE Harkonnen\nBonjour\nFIN\nLIEU Apres X\n");
    assert_eq!(s.commands, [Command::Message { to: MessageTarget::Family("Harkonnen".into()), anonymous: false, body: "Bonjour".into() }]);
    assert!(s.orders.is_empty());
    assert_eq!(reasons(&s), ["MESSAGE sans FINMESSAGE : le message s'arrête à la fin des ordres."]);
}

#[test]
fn message_without_recipient_or_body_is_not_relayed() {
    let s = read("PARTIE p\nMESSAGE\nx\nFINMESSAGE\nMESSAGE TOUS\n\nFINMESSAGE\n");
    assert!(s.commands.is_empty());
    assert_eq!(s.problems.len(), 2);
}

#[test]
fn message_body_stops_before_signature() {
    let s = read("PARTIE p\nMESSAGE TOUS\nSalut\n-- \nJean\n");
    assert_eq!(s.commands, [Command::Message { to: MessageTarget::All, anonymous: false, body: "Salut".into() }]);
}

#[test]
fn never_panics_on_odd_input() {
    let odd = [
        "", "\u{feff}", ">", "> > >", "PARTIE", "PARTIE \"", "MESSAGE", "PARTIE p\nMESSAGE\n", "--", "-- \n>",
        "PARTIE p\nTOUR 99999999999999999999\n", "\r\r\r", "PARTIE p\n\u{0}\u{fffd}\n", ":", "PARTIE :\n: :\n",
        "________________________________\n> PARTIE p", "[", "a:\n", "é:\n>é",
    ];
    for body in odd {
        let _ = read_submission(body, body, &[body.to_string()]);
    }
    let s = read("PARTIE p\nTOUR 99999999999999999999\n");
    assert_eq!(s.turn, None);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn read_submission_never_panics(
        subject in "\\PC{0,30}",
        body in "((PARTIE|GAME|FIN|MESSAGE|FINMESSAGE|TOUR|FAMILLE|>|> >|-- |#|\"|:|\\[x\\]|é|\u{a0}|\t| |\r|\n|[a-z0-9])){0,80}",
    ) {
        let _ = read_submission(&subject, &body, std::slice::from_ref(&body));
    }
}

// ---- sizes (issue 25) ---------------------------------------------------

#[test]
fn a_line_longer_than_the_limit_is_a_problem_and_reaches_no_ruleset() {
    let ship = "N".repeat(450_000);
    let family = "F".repeat(MAX_LINE_CHARS);
    let s = read(&format!("PARTIE g\nFAMILLE {family}\nENCHERE 5 \"{ship}\"\nLIEU Paul X\nFIN\n"));
    // (Compared by length first: a failure must not print 450 KB.)
    assert_eq!(order_texts(&s).iter().map(|t| t.len()).collect::<Vec<_>>(), [11], "only LIEU Paul X is an order");
    assert_eq!(order_texts(&s), ["LIEU Paul X"]);
    assert_eq!(s.family.as_ref().map(String::len), None, "a header line over the limit is not read either");
    assert_eq!(reasons(&s), ["Ligne de 308 caractères : 300 au plus ; ligne ignorée.", "Ligne de 450012 caractères : 300 au plus ; ligne ignorée."]);
    assert!(s.problems.iter().all(|p| p.line.text.chars().count() <= 61), "the line is echoed cut");
    assert_eq!(s.problems[1].line.no, 3);
}

#[test]
fn a_message_longer_than_the_limit_is_not_relayed() {
    let body = "blabla\n".repeat(MAX_MESSAGE_CHARS / 7 + 1);
    let s = read(&format!("PARTIE g\nFAMILLE A\nMESSAGE TOUS\n{body}FINMESSAGE\nFIN\n"));
    assert!(s.commands.is_empty(), "{:?}", s.commands.len());
    assert_eq!(reasons(&s), [format!("MESSAGE de {} caractères : 10000 au plus ; message non transmis.", 7 * (MAX_MESSAGE_CHARS / 7 + 1))]);
    let s = read(&format!("PARTIE g\nFAMILLE A\nMESSAGE TOUS\n{}\nFINMESSAGE\nFIN\n", "x".repeat(MAX_MESSAGE_CHARS - 1)));
    assert_eq!(s.commands.len(), 1);
}

#[test]
fn a_problem_on_a_password_line_does_not_quote_the_password() {
    let s = read("PARTIE g\nFAMILLE A\nMOTDEPASSE bako-rifu tane\nMOT DE PASSE autre\nFIN\n");
    assert_eq!(s.password.as_deref(), Some("bako-rifu"));
    let quoted: Vec<&str> = s.problems.iter().map(|p| p.line.text.as_str()).collect();
    assert_eq!(quoted, ["MOTDEPASSE ***", "MOT DE PASSE ***"]);
    assert_eq!(s.problems.iter().map(|p| p.line.no).collect::<Vec<_>>(), [3, 4]);
}

#[test]
fn a_players_life_commands_in_both_languages() {
    // A forgotten password: no password is read from the line.
    let s = read("PARTIE p\nFAMILLE A\nMOTDEPASSE OUBLIÉ\n");
    assert_eq!((s.commands.as_slice(), s.password.as_deref()), ([Command::ForgotPassword].as_slice(), None));
    let s = read("GAME p\nFAMILY A\nFORGOT-PASSWORD\n");
    assert_eq!(s.commands, [Command::ForgotPassword]);
    assert!(s.english);
    let s = read("PARTIE p\nMot de passe oublie\n");
    assert_eq!(s.commands, [Command::ForgotPassword]);
    // An earlier turn's report; `RAPPORT` alone stays the latest.
    let s = read("PARTIE p\nRAPPORT 3\nREPORT 0\nRAPPORT\nRAPPORT trois\n");
    assert_eq!(s.commands, [Command::ReportOf(3), Command::ReportOf(0), Command::Report]);
    assert_eq!(s.problems.len(), 1, "{:?}", s.problems);
    // A change of address, and its confirmation.
    let s = read("PARTIE p\nADRESSE <Nouvelle@Exemple.fr>\nADDRESS CODE k7f3q9x2hm\nADRESSE\n");
    assert_eq!(s.commands, [Command::Address { address: "Nouvelle@Exemple.fr".into() }, Command::AddressCode { code: "K7F3Q9X2HM".into() }]);
    assert_eq!(s.problems.len(), 1);
    // A reply to a relayed message, like a MESSAGE.
    let s = read("PARTIE p\nREPONDRE abcdef1234567890 ANONYME\nMerci.\nFINMESSAGE\nREPLY\nHi\nENDMESSAGE\n");
    assert_eq!(s.commands, [Command::Reply { token: "ABCDEF1234567890".into(), anonymous: true, body: "Merci.".into() }]);
    assert_eq!(s.problems.len(), 1, "a reply without its token is a problem");
}

#[test]
fn absence_takes_two_dates_iso_or_day_first_and_annuler_withdraws() {
    let d = |y, m, day| jiff::civil::date(y, m, day);
    let s = read("PARTIE g\nABSENCE 2026-04-01 14/04/2026\nFIN\n");
    assert_eq!(s.commands, vec![Command::Absence(AbsenceCommand::Declare { from: d(2026, 4, 1), to: d(2026, 4, 14) })]);
    assert!(s.orders.is_empty() && !s.english);
    let s = read("GAME g\nAWAY 1.4.2026 2026-04-01\nEND\n");
    assert_eq!(s.commands, vec![Command::Absence(AbsenceCommand::Declare { from: d(2026, 4, 1), to: d(2026, 4, 1) })]);
    assert!(s.english);
    assert_eq!(read("PARTIE g\nabsence annuler\n").commands, vec![Command::Absence(AbsenceCommand::Cancel)]);
    assert_eq!(read("GAME g\nAway Cancel\n").commands, vec![Command::Absence(AbsenceCommand::Cancel)]);
    // Refused, with what to write: one date, a date that does not exist, the dates backwards.
    for (line, says) in [
        ("ABSENCE 2026-04-01", "deux dates sont attendues"),
        ("ABSENCE 31/02/2026 2026-03-05", "deux dates sont attendues"),
        ("ABSENCE demain lundi", "ABSENCE 2026-04-01 2026-04-14"),
        ("ABSENCE 2026-04-14 2026-04-01", "le dernier jour d'absence précède le premier"),
    ] {
        let s = read(&format!("PARTIE g\n{line}\n"));
        assert!(s.commands.is_empty(), "{line}");
        assert!(reasons(&s).iter().any(|r| r.contains(says)), "{line}: {:?}", reasons(&s));
    }
}
