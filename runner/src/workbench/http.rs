//! The workbench's HTTP layer (tiny_http): one page and its two files,
//! the clause list, and the JSON API, on one address (127.0.0.1 unless
//! told otherwise). Requests are answered one at a time; a body over
//! [`MAX_BODY`] is refused unread; every answer forbids scripts and styles
//! from anywhere but this server.

use std::io::Read;

use tiny_http::{Header, Method, Request, Response, Server};

use super::api::{Api, MAX_BODY};
use super::page;

/// A bound workbench, ready to serve.
pub struct Workbench {
    server: Server,
    api: Api,
}

fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn respond(request: Request, status: u16, content_type: &str, body: String) {
    let mut response = Response::from_string(body).with_status_code(status);
    for (name, value) in [
        ("Content-Type", content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    ] {
        if let Some(h) = header(name, value) {
            response.add_header(h);
        }
    }
    // A client that went away is no error of ours.
    let _ = request.respond(response);
}

const JSON: &str = "application/json; charset=utf-8";

fn error_json(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}

impl Workbench {
    /// Listen on `address` (`127.0.0.1:8080`; port 0 picks a free one);
    /// with `issue_form`, the repository's new-issue address, proposals
    /// come with a prefilled one.
    pub fn bind(address: &str, issue_form: Option<String>) -> Result<Workbench, String> {
        let server = Server::http(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
        Ok(Workbench { server, api: Api::new().with_issue_form(issue_form) })
    }

    /// The page's address, as a browser opens it.
    pub fn url(&self) -> String {
        match self.server.server_addr().to_ip() {
            Some(a) => format!("http://{a}/"),
            None => "the address given".to_string(),
        }
    }

    /// Answer requests until the process ends.
    pub fn serve(&self) {
        for request in self.server.incoming_requests() {
            self.answer(request);
        }
    }

    fn answer(&self, mut request: Request) {
        let path = request.url().split(['?', '#']).next().unwrap_or("/").to_string();
        match (request.method(), path.as_str()) {
            (Method::Get, "/") => respond(request, 200, "text/html; charset=utf-8", page::INDEX.to_string()),
            (Method::Get, "/app.js") => {
                respond(request, 200, "text/javascript; charset=utf-8", page::SCRIPT.to_string())
            }
            (Method::Get, "/style.css") => respond(request, 200, "text/css; charset=utf-8", page::STYLE.to_string()),
            (Method::Get, "/clauses") => respond(request, 200, "text/html; charset=utf-8", page::clauses()),
            (Method::Get, "/api/setting") => respond(request, 200, JSON, page::setting().to_string()),
            (Method::Post, p) if p.starts_with("/api/") => {
                if request.body_length().is_some_and(|n| n > MAX_BODY) {
                    let e = error_json(&format!("the request is over {} KiB: a case is far smaller", MAX_BODY / 1024));
                    return respond(request, 413, JSON, e);
                }
                let mut body = Vec::new();
                let read = request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body);
                if read.is_err() || body.len() > MAX_BODY {
                    let e = error_json(&format!("the request is over {} KiB: a case is far smaller", MAX_BODY / 1024));
                    return respond(request, 413, JSON, e);
                }
                let Ok(text) = String::from_utf8(body) else {
                    return respond(request, 400, JSON, error_json("the request is not UTF-8 text"));
                };
                let answer = self.api.post(p, &text);
                respond(request, answer.status, JSON, answer.body.to_string());
            }
            (Method::Get, _) => respond(request, 404, "text/plain; charset=utf-8", format!("no page at {path}\n")),
            _ => respond(request, 405, "text/plain; charset=utf-8", "GET the page, POST to /api/\n".to_string()),
        }
    }
}
