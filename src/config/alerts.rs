//! `[alerts]`: when a fault is reported to the human referee.

use super::check::Cx;
use jiff::SignedDuration;
use toml::Table;

/// `[alerts]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlertsConfig {
    /// A fault (mailbox unreachable, SMTP failing, data directory not
    /// writable) that lasts longer than this is mailed to `admin_address`,
    /// and its end too.
    pub outage_after: SignedDuration,
}

impl Default for AlertsConfig {
    fn default() -> Self {
        AlertsConfig { outage_after: SignedDuration::from_mins(10) }
    }
}

impl Cx {
    /// The `[alerts]` table (defaults for what it does not set).
    pub(super) fn alerts(&mut self, t: &Table) -> AlertsConfig {
        let mut alerts = AlertsConfig::default();
        self.unknown_keys(t, "alerts", &["outage_after"]);
        if let Some(v) = t.get("outage_after") {
            alerts.outage_after = self.duration("alerts.outage_after".into(), v).unwrap_or(alerts.outage_after);
        }
        alerts
    }
}
