//! arbitre: a referee daemon for play-by-email strategy games.
//!
//! # Layout
//!
//! Pure core (no clock, no OS randomness, no I/O):
//! - [`text`]: lexical rules of the order language (`orders.md` §1): folding
//!   accents and case, tokens, amounts, suggestions.
//! - [`orders`]: the game-independent part of the order language: finding the
//!   orders block in a mail body (§2), header lines (§3), commands (§4).
//! - [`dice`]: the seeded generator of a turn, which logs every roll.
//! - [`game`]: the seam: the [`game::Ruleset`] trait each game implements and
//!   the object-safe [`game::Engine`] the daemon uses.
//! - [`i18n`]: every player-facing sentence as Fluent messages
//!   (`locales/<lang>/*.ftl`): code builds [`i18n::Msg`] (an id and typed
//!   arguments), rendered in the reader's language at the last moment.
//! - [`games`]: the rulesets: `stellarium` (the main game), `galaxy`, and
//!   the turn-based `stellar` (two players) and `stellium` (2 to 4 players,
//!   a hex board and objective figures).
//!
//! I/O shell:
//! - [`config`]: `config.toml`, validated with errors that name the setting.
//! - [`mail`]: mail codec: raw RFC 5322 bytes to a submission (decoding,
//!   loop and bounce guards), and outgoing messages to MIME.
//! - [`store`]: durable plain files per game: archive, orders, snapshots,
//!   outbox, locks. Every write is atomic; a write group (`store::group`)
//!   makes an intake run's writes durable together, and `store::deferred`
//!   a deadline's, before anything is acknowledged or committed.
//! - [`transport`]: the mailbox and the sender: embedded Maildir, IMAP
//!   (async-imap, IDLE), SMTP (lettre).
//! - [`scheduler`]: deadlines and reminders in each game's time zone.
//! - [`render`]: Tera templates to text, HTML and SVG; SVG to PNG (resvg),
//!   indexed PNG encoding, maps composed from a shared base and a family's
//!   overlay (`render::layers`), maps whose plain shapes and texts are
//!   drawn without resvg, texts from cached glyphs (`render::passes`), a
//!   pixel buffer kept per thread (`render::spare`).
//! - [`referee`]: the use cases shared by the daemon and the CLI: handle one
//!   incoming mail, adjudicate one turn, resend, roll back; turn-based play
//!   (awaited seats, early adjudication, orders in advance); a player's life
//!   by mail (`referee::life`: a forgotten password, a change of address,
//!   earlier reports, replies to relayed messages).
//! - [`daemon`]: the event loop: mail arrived, deadline reached, shutdown;
//!   the intake's runs of messages and the run a crash cut (`daemon::run`);
//!   the outbox's sendings as a pipeline (`daemon::outbox`).
//! - [`web`]: the game pages, the private page of each family, the order
//!   checker and the deadlines feed (axum), read-only.
//! - [`cli`]: the `arbitre` command line (thin: parses flags, calls the above).

pub mod cli;
pub mod config;
pub mod daemon;
pub mod dice;
pub mod game;
pub mod games;
pub mod i18n;
pub mod mail;
pub mod orders;
pub mod referee;
pub mod render;
pub mod scheduler;
pub mod store;
pub mod text;
pub mod transport;
pub mod web;
