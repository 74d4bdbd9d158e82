//! `[web]`: the game pages and the players' private pages.

use super::check::Cx;
use toml::Table;

/// `[web]`: the read-only game pages and the players' private pages (`crate::web`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebConfig {
    /// Where the web server listens (`127.0.0.1:8080`).
    pub listen: std::net::SocketAddr,
    /// The address players reach the pages at (`https://jeux.example.org/`),
    /// without a trailing slash; private links in mails start with it.
    /// Default: `http://<listen>`.
    pub public_url: String,
    /// Behind a reverse proxy: the client is the last address of
    /// `X-Forwarded-For` (for the rate limit of private links), not the proxy.
    pub trust_proxy: bool,
    /// With `trust_proxy`: the addresses the proxy connects from. A client
    /// connecting from any other address is counted as itself, whatever
    /// `X-Forwarded-For` it writes. Default: loopback (`127.0.0.1`, `::1`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl Cx {
    /// `[web]`: `listen` (required), `public_url`, `trust_proxy`.
    pub(super) fn web(&mut self, t: &Table) -> Option<WebConfig> {
        self.unknown_keys(t, "web", &["listen", "public_url", "trust_proxy", "trusted_proxies"]);
        let listen = self.string(t, "web", "listen", true)?;
        let listen: std::net::SocketAddr = match listen.parse() {
            Ok(a) => a,
            Err(_) => {
                self.err("web.listen", format!("{listen:?} is not an address and port like \"127.0.0.1:8080\""));
                return None;
            }
        };
        let public_url = match self.string(t, "web", "public_url", false) {
            Some(u) => {
                let u = u.trim_end_matches('/').to_string();
                if !(u.starts_with("http://") || u.starts_with("https://")) || u.contains(char::is_whitespace) {
                    self.err("web.public_url", format!("{u:?} is not an http:// or https:// address"));
                }
                u
            }
            None => format!("http://{listen}"),
        };
        let trust_proxy = self.boolean(t, "web", "trust_proxy", false);
        let mut trusted_proxies: Vec<std::net::IpAddr> = vec![std::net::Ipv4Addr::LOCALHOST.into(), std::net::Ipv6Addr::LOCALHOST.into()];
        if let Some(v) = t.get("trusted_proxies") {
            match v.as_array() {
                Some(list) => {
                    trusted_proxies.clear();
                    for a in list {
                        match a.as_str().and_then(|a| a.parse().ok()) {
                            Some(ip) => trusted_proxies.push(ip),
                            None => self.err("web.trusted_proxies", format!("{a} is not an IP address like \"127.0.0.1\"")),
                        }
                    }
                }
                None => self.err("web.trusted_proxies", "must be a list of IP addresses, like [\"127.0.0.1\"]"),
            }
        }
        Some(WebConfig { listen, public_url, trust_proxy, trusted_proxies })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;

    #[test]
    fn web_settings_parse_with_their_defaults_and_name_their_errors() {
        assert!(parse_at(BASE).unwrap().web.is_none(), "no [web] table, no pages");
        let c = parse_at(&format!("{BASE}\n[web]\nlisten = \"127.0.0.1:9090\"\n")).unwrap();
        let w = c.web.unwrap();
        assert_eq!(w.public_url, "http://127.0.0.1:9090");
        let c = parse_at(&format!("{BASE}\n[web]\nlisten = \"127.0.0.1:9090\"\npublic_url = \"https://jeux.example.org/\"\ntrust_proxy = true\n")).unwrap();
        let w = c.web.unwrap();
        assert_eq!((w.public_url.as_str(), w.trust_proxy), ("https://jeux.example.org", true));
        let e = errors_of(&format!("{BASE}\n[web]\nlisten = \"localhost\"\n"));
        assert!(has(&e, "web.listen: \"localhost\" is not an address and port"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[web]\nlisten = \"127.0.0.1:80\"\npublic_url = \"jeux.example.org\"\n"));
        assert!(has(&e, "web.public_url: \"jeux.example.org\" is not an http"), "{e:?}");
        let e = errors_of(&format!("{BASE}\n[web]\nlisen = \"127.0.0.1:80\"\n"));
        assert!(has(&e, "web.lisen: unknown setting (did you mean \"listen\"?)"), "{e:?}");
    }
}
