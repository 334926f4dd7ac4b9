//! Which `Host` and `Origin` a request to the workbench may carry: the
//! defence against a web page elsewhere (another tab, another program's
//! page on another port of this machine) that sends the director's
//! browser to the workbench, and against DNS rebinding (a name the
//! attacker owns, made to point at this machine: the browser then sends
//! that name as `Host`).
//!
//! A request is answered when its `Host` names this server at its port:
//! `localhost`, `127.0.0.1` or `[::1]`; the address it listens on; when it
//! listens on every address (`--listen 0.0.0.0:8080`, for a club's
//! network), any IP address written as such (`192.168.1.23:8080`: the
//! browser connected to that very address, which a rebinding page cannot
//! make it send); and the names given with `--allow-host` (`clubpc.local`),
//! which the director vouches for. Any other name is refused. An `Origin`,
//! when the browser sends one, must be this page's own
//! (`http://` and the same `Host`): a page from anywhere else is refused.

use std::net::{IpAddr, SocketAddr};

/// The hosts the server answers to.
#[derive(Debug, Clone)]
pub struct Hosts {
    listen: SocketAddr,
    /// Names given with `--allow-host`, in lower case.
    names: Vec<String>,
}

/// A `Host` value split into its name or address and its port (80 when
/// none is written).
fn split(host: &str) -> Option<(String, u16)> {
    let host = host.trim();
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{inside}]"), port)
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) => (name.to_string(), Some(port)),
            None => (host.to_string(), None),
        }
    };
    let port = match port {
        None => 80,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().ok()?,
        Some(_) => return None,
    };
    if name.is_empty() {
        return None;
    }
    Some((name.to_ascii_lowercase(), port))
}

/// The address a host name writes, if it is one (`[::1]` in brackets).
fn address(name: &str) -> Option<IpAddr> {
    match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6),
        None => name.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4),
    }
}

/// A name for `--allow-host`, as a browser's address bar would send it:
/// letters, digits, dots and hyphens, without a scheme or a port.
pub fn host_name(text: &str) -> Result<String, super::WorkbenchError> {
    let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-') {
        return Err(super::WorkbenchError::NotAHostName(text.to_string()));
    }
    Ok(name)
}

impl Hosts {
    /// The hosts of a server listening on `listen` (its real port, after
    /// binding), with the names the director allowed.
    pub fn new(listen: SocketAddr, names: &[String]) -> Hosts {
        Hosts { listen, names: names.iter().map(|n| n.trim().to_ascii_lowercase()).collect() }
    }

    /// Whether `host`, a request's `Host` value, names this server.
    pub fn allows_host(&self, host: &str) -> bool {
        let Some((name, port)) = split(host) else { return false };
        if port != self.listen.port() {
            return false;
        }
        if name == "localhost" || self.names.contains(&name) {
            return true;
        }
        match address(&name) {
            Some(ip) => ip.is_loopback() || ip == self.listen.ip() || self.listen.ip().is_unspecified(),
            None => false,
        }
    }

    /// Whether `origin`, a request's `Origin` value, is the page's own: the
    /// scheme `http` and the very host the request names (itself allowed).
    pub fn allows_origin(&self, origin: &str, host: &str) -> bool {
        match origin.trim().strip_prefix("http://") {
            Some(from) => from.eq_ignore_ascii_case(host.trim()) && self.allows_host(from),
            None => false,
        }
    }

    /// How the page may be reached, for the message that refuses a host.
    pub fn described(&self) -> String {
        let port = self.listen.port();
        let mut ways = vec![format!("localhost:{port}"), format!("127.0.0.1:{port}")];
        if self.listen.ip().is_unspecified() {
            ways.push(format!("this machine's IP address with :{port}"));
        } else if !self.listen.ip().is_loopback() {
            ways.push(self.listen.to_string());
        }
        ways.extend(self.names.iter().map(|n| format!("{n}:{port}")));
        ways.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(listen: &str, names: &[&str]) -> Hosts {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        Hosts::new(listen.parse().expect("an address"), &names)
    }

    #[test]
    fn on_this_machine_only_its_loopback_names_at_its_port() {
        let h = hosts("127.0.0.1:8080", &[]);
        for ok in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", " 127.0.0.1:8080 "] {
            assert!(h.allows_host(ok), "{ok}");
        }
        for refused in [
            "127.0.0.1:8081",
            "localhost",
            "evil.example:8080",
            "localhost.evil.example:8080",
            "192.168.1.23:8080",
            "127.0.0.1:",
            ":8080",
            "127.0.0.1:80a",
            "[::1",
            "",
        ] {
            assert!(!h.allows_host(refused), "{refused}");
        }
    }

    #[test]
    fn on_a_club_network_any_address_and_the_names_allowed() {
        let h = hosts("0.0.0.0:8080", &["ClubPC.local"]);
        for ok in ["192.168.1.23:8080", "10.0.0.5:8080", "[fe80::1]:8080", "clubpc.local:8080", "localhost:8080"] {
            assert!(h.allows_host(ok), "{ok}");
        }
        for refused in ["rebind.evil.example:8080", "clubpc.local:9090", "clubpc:8080"] {
            assert!(!h.allows_host(refused), "{refused}");
        }
        // Listening on one address: that one, not another.
        let h = hosts("192.168.1.23:80", &[]);
        assert!(h.allows_host("192.168.1.23") && h.allows_host("192.168.1.23:80"));
        assert!(!h.allows_host("192.168.1.24:80"));
    }

    #[test]
    fn an_allowed_name_is_a_host_name() {
        assert_eq!(host_name(" ClubPC.local. ").ok().as_deref(), Some("clubpc.local"));
        for bad in ["", "clubpc.local:8080", "http://clubpc.local", "club pc", "[::1]"] {
            let e = host_name(bad);
            assert!(matches!(&e, Err(super::super::WorkbenchError::NotAHostName(t)) if t == bad), "{bad}: {e:?}");
        }
    }

    #[test]
    fn an_origin_must_be_the_page_s_own() {
        let h = hosts("127.0.0.1:8080", &[]);
        assert!(h.allows_origin("http://127.0.0.1:8080", "127.0.0.1:8080"));
        for (origin, host) in [
            ("http://localhost:3000", "127.0.0.1:8080"),
            ("http://localhost:8080", "127.0.0.1:8080"),
            ("null", "127.0.0.1:8080"),
            ("https://127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://evil.example:8080", "evil.example:8080"),
        ] {
            assert!(!h.allows_origin(origin, host), "{origin} {host}");
        }
    }
}
