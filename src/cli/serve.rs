//! `arbitre serve`: the daemon.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::config::TransportConfig;
use crate::daemon::{Clock, Daemon, MailboxFactory};
use crate::transport::{self, Mailbox, Sender};

pub fn serve(config: &Path, templates: Option<&Path>, clock_file: Option<&Path>) -> anyhow::Result<()> {
    let referee = Arc::new(super::open_referee(config, templates)?);
    // One daemon per data directory: a second one would send everything twice.
    let _daemon_lock = referee
        .store
        .daemon_lock(std::time::Duration::ZERO)
        .map_err(|e| anyhow::anyhow!("another arbitre daemon already runs on {}: {e}", referee.config.data_dir.display()))?;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        transport::init_crypto();
        let (open_mailbox, sender, max_wait): (MailboxFactory, Arc<dyn Sender>, Duration) = match &referee.config.transport {
            TransportConfig::Maildir { inbox, outgoing } => {
                let inbox = inbox.clone();
                let f: MailboxFactory = Arc::new(move || {
                    let inbox = inbox.clone();
                    Box::pin(async move { Ok(Box::new(transport::MaildirMailbox::open(&inbox)?) as Box<dyn Mailbox>) })
                });
                (f, Arc::new(transport::MaildirSender::new(outgoing)), Duration::from_secs(2))
            }
            TransportConfig::Imap { imap, smtp } => {
                let settings = imap.clone();
                let f: MailboxFactory = Arc::new(move || {
                    let s = settings.clone();
                    Box::pin(async move { Ok(Box::new(transport::ImapMailbox::connect(&s).await?) as Box<dyn Mailbox>) })
                });
                let poll = if imap.idle { Duration::from_secs(25 * 60) } else { Duration::from_secs(imap.poll_seconds.max(1)) };
                (f, Arc::new(transport::SmtpSender::new(smtp)?), poll.min(Duration::from_secs(60)))
            }
        };
        let clock = match clock_file {
            // An unreadable file is an error, never a fall-back to real time.
            Some(f) => {
                let c = Clock::scripted(f)?;
                tracing::warn!(file = %f.display(), "game time is read from a clock file (test harness mode)");
                c
            }
            None => Clock::system(),
        };
        let daemon = Daemon { referee, open_mailbox, sender, clock, max_wait, notify_systemd: true };
        daemon.run(shutdown_signal()).await
    })
}

/// Resolves on SIGTERM or SIGINT.
async fn shutdown_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = match signal(SignalKind::terminate()) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "cannot listen for SIGTERM");
            let _ = tokio::signal::ctrl_c().await;
            return;
        }
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM received"),
        _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT received"),
    }
}
