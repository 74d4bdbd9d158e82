//! The message files and the code agree: every message the code can emit
//! exists in every language, uses exactly the arguments the code gives, and
//! every message of the files is emitted by some code (`src/i18n/check.rs`).

#[test]
fn every_message_exists_in_every_language_with_the_arguments_the_code_gives() {
    let problems = arbitre::i18n::check::check(&arbitre::i18n::samples::all());
    assert!(problems.is_empty(), "{} problem(s) in the message files:\n{}", problems.len(), problems.join("\n"));
}
