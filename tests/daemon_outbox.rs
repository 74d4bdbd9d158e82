//! The daemon's outbox loop as a pipeline: a mail queued while another is
//! still on the wire starts as soon as a slot is free, without waiting for
//! the slow one; everything sent ends in `cur/`, once.

mod support;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitre::daemon::{Clock, Daemon, MailboxFactory};
use arbitre::store::OutboxState;
use arbitre::transport::{Mailbox, MaildirMailbox, SendError, Sender};
use support::*;

/// A server that holds the message "slow" until released, and takes the
/// others at once; it counts what it took.
#[derive(Default)]
struct Gate {
    taken: Mutex<BTreeMap<String, usize>>,
    release: tokio::sync::Notify,
}

#[async_trait::async_trait]
impl Sender for Gate {
    async fn send(&self, _from: &str, _to: &[String], raw: &[u8]) -> Result<(), SendError> {
        let body = String::from_utf8_lossy(raw).into_owned();
        if body == "slow" {
            self.release.notified().await;
        }
        *self.taken.lock().unwrap().entry(body).or_default() += 1;
        Ok(())
    }
}

async fn until(what: &str, max: Duration, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < max, "{what}: not after {max:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_queued_during_a_slow_sending_leaves_without_waiting_for_it() {
    let e = env_with("\n[outbox]\nconcurrency = 4\n");
    let root = e.dir.path().to_path_buf();
    let cfg = arbitre::config::load(&root.join("config.toml")).unwrap();
    let referee = Arc::new(arbitre::referee::Referee::new(cfg, templates()).unwrap());
    let outbox = referee.store.outbox();
    let to = vec!["p@x.test".to_string()];
    outbox.enqueue("m-slow", REFEREE, &to, b"slow").unwrap();
    outbox.enqueue("m-first", REFEREE, &to, b"first").unwrap();

    let gate = Arc::new(Gate::default());
    let inbox = root.join("mail/inbox");
    let open_mailbox: MailboxFactory = Arc::new(move || {
        let inbox = inbox.clone();
        Box::pin(async move { Ok(Box::new(MaildirMailbox::open(&inbox)?) as Box<dyn Mailbox>) })
    });
    let daemon = Daemon {
        referee: referee.clone(),
        open_mailbox,
        sender: gate.clone(),
        clock: Clock::system(),
        max_wait: Duration::from_millis(200),
        notify_systemd: false,
    };
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(daemon.run(async move {
        let _ = stop_rx.await;
    }));

    let taken = |id: &str| gate.taken.lock().unwrap().get(id).copied().unwrap_or(0);
    until("the first mail sent", Duration::from_secs(10), || taken("first") == 1).await;
    // Queued while "slow" is on the wire (another process's mail, seen on
    // the outbox's next look): it must not wait for "slow".
    outbox.enqueue("m-later", REFEREE, &to, b"later").unwrap();
    until("the later mail sent while the slow one is on the wire", Duration::from_secs(10), || taken("later") == 1).await;
    assert_eq!(taken("slow"), 0, "the slow one is still on the wire");
    until("the later mail moved to cur/", Duration::from_secs(10), || {
        outbox.state_of("m-later").unwrap() == Some(OutboxState::Sent)
    })
    .await;

    gate.release.notify_one();
    until("the slow mail sent", Duration::from_secs(10), || taken("slow") == 1).await;
    until("the outbox empty", Duration::from_secs(10), || outbox.pending_count().unwrap() == 0).await;
    for id in ["m-slow", "m-first", "m-later"] {
        assert_eq!(outbox.state_of(id).unwrap(), Some(OutboxState::Sent), "{id}");
    }
    stop_tx.send(()).unwrap();
    running.await.unwrap().unwrap();
    // Each sent once.
    assert_eq!(gate.taken.lock().unwrap().values().copied().collect::<Vec<_>>(), vec![1, 1, 1]);
}
