//! The workbench's HTTP layer: one page and its two files, the clause
//! list, and the JSON API, on one address (127.0.0.1 unless told
//! otherwise), served by hyper's HTTP/1.1 server on a small tokio runtime
//! (one thread for the connections, two for the engine's work).
//!
//! Built to be exposed, on a club's network or to any page the director's
//! browser opens. Every bound is in [`Limits`]:
//! - a request's head (its request line and headers) is at most
//!   [`Limits::head`] bytes and 100 headers (hyper answers 431), read
//!   within [`Limits::head_time`] from the connection's start or the end of
//!   its last answer (an idle connection is closed then too); a body is at
//!   most [`MAX_BODY`] (413), read within [`Limits::body_time`] (408);
//!   malformed framing (a bad chunk, a Content-Length that is not a
//!   number) is a 400, and HTTP/2 is refused;
//! - a read or a write that makes no progress for [`Limits::stall`] ends
//!   the connection (a client that stops reading its answers);
//! - at most [`Limits::connections`] connections at once, each served
//!   beside the others; one more is answered 503 and closed;
//! - a request whose `Host` or `Origin` is not this server's is refused
//!   (403; [`super::hosts`]), and the API takes only
//!   `Content-Type: application/json` (415), which no page elsewhere can
//!   send without the browser asking first, and the server never says yes.
//!
//! Every answer forbids scripts and styles from anywhere but this server.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderMap, HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;

use super::api::{Api, MAX_BODY};
use super::error::WorkbenchError;
use super::hosts::Hosts;
use super::page;

/// The server's bounds (see the module's doc); [`Limits::default`] is what
/// `rulings workbench` uses.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most bytes of a request's head: its request line and headers.
    pub head: usize,
    /// The time to send a request's head, from the connection's start or
    /// the end of the last answer on it.
    pub head_time: Duration,
    /// The time to send a request's body, once its head is read.
    pub body_time: Duration,
    /// The longest a read or a write may wait without progress.
    pub stall: Duration,
    /// The most connections served at once.
    pub connections: usize,
}

impl Default for Limits {
    /// A head of 64 KiB (a browser's headers, cookies of other pages on
    /// this machine's name included, are far smaller); 10 s for a head and
    /// for a body, 10 s of stall, 64 connections (a browser opens six to a
    /// server; a club has a few devices).
    fn default() -> Self {
        Limits {
            head: 64 * 1024,
            head_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            stall: Duration::from_secs(10),
            connections: 64,
        }
    }
}

/// What every connection shares.
struct Shared {
    api: Api,
    hosts: Hosts,
    limits: Limits,
}

/// A bound workbench, ready to serve.
pub struct Workbench {
    listener: std::net::TcpListener,
    address: SocketAddr,
    issue_form: Option<String>,
    allowed_names: Vec<String>,
    limits: Limits,
}

/// A workbench served on a thread of its own ([`Workbench::spawn`]); it
/// stops, and its connections are closed, when this is dropped.
pub struct Serving {
    address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Serving {
    /// The address it listens on (its real port).
    pub fn address(&self) -> SocketAddr {
        self.address
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Workbench {
    /// Listen on `address` (`127.0.0.1:8080`; port 0 picks a free one);
    /// with `issue_form`, the repository's new-issue address, proposals
    /// come with a prefilled one.
    pub fn bind(address: &str, issue_form: Option<String>) -> Result<Workbench, WorkbenchError> {
        let cannot = |source| WorkbenchError::Listen { address: address.to_string(), source };
        let listener = std::net::TcpListener::bind(address).map_err(cannot)?;
        let address = listener.local_addr().map_err(cannot)?;
        Ok(Workbench { listener, address, issue_form, allowed_names: Vec::new(), limits: Limits::default() })
    }

    /// The same workbench, answering also to the host names `names`
    /// (`clubpc.local`: see [`super::hosts`]); `Err` for one that is no
    /// host name (with a port, say).
    pub fn with_allowed_hosts(self, names: &[String]) -> Result<Workbench, WorkbenchError> {
        let allowed_names = names.iter().map(|n| super::hosts::host_name(n)).collect::<Result<_, _>>()?;
        Ok(Workbench { allowed_names, ..self })
    }

    /// The same workbench within other bounds (a test's shorter times).
    pub fn with_limits(self, limits: Limits) -> Workbench {
        Workbench { limits, ..self }
    }

    /// The page's address, as a browser opens it.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Answer requests until the process ends; `Err` if the runtime
    /// cannot start.
    pub fn serve(self) -> Result<(), WorkbenchError> {
        let runtime = runtime()?;
        let (listener, shared) = self.into_shared()?;
        runtime.block_on(async move {
            let listener = TcpListener::from_std(listener).map_err(WorkbenchError::Serve)?;
            accept(listener, shared).await;
            Ok(())
        })
    }

    /// Serve on a thread of its own until the [`Serving`] is dropped.
    pub fn spawn(self) -> Result<Serving, WorkbenchError> {
        let address = self.address;
        let runtime = runtime()?;
        let (listener, shared) = self.into_shared()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                if let Ok(listener) = TcpListener::from_std(listener) {
                    tokio::spawn(accept(listener, shared));
                    let _ = stopped.await;
                }
            });
            // Dropping the runtime ends the accepting and every connection.
        });
        Ok(Serving { address, stop: Some(stop), thread: Some(thread) })
    }

    fn into_shared(self) -> Result<(std::net::TcpListener, Arc<Shared>), WorkbenchError> {
        self.listener
            .set_nonblocking(true)
            .map_err(|source| WorkbenchError::Listen { address: self.address.to_string(), source })?;
        let hosts = Hosts::new(self.address, &self.allowed_names);
        let api = Api::new().with_issue_form(self.issue_form);
        Ok((self.listener, Arc::new(Shared { api, hosts, limits: self.limits })))
    }
}

/// One thread for the connections; the engine's work on at most two more,
/// so that a long ruling holds up no other client's reads and writes.
fn runtime() -> Result<tokio::runtime::Runtime, WorkbenchError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(2)
        .build()
        .map_err(WorkbenchError::Runtime)
}

/// Accept connections, each served on its own task, at most
/// `limits.connections` at once.
async fn accept(listener: TcpListener, shared: Arc<Shared>) {
    let permits = Arc::new(Semaphore::new(shared.limits.connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, say: wait, rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        match permits.clone().try_acquire_owned() {
            Ok(permit) => {
                let shared = shared.clone();
                tokio::spawn(async move {
                    connection(stream, shared).await;
                    drop(permit);
                });
            }
            Err(_) => busy(stream),
        }
    }
}

/// One connection too many: told so, if its buffer takes the few bytes at
/// once, and closed.
fn busy(stream: TcpStream) {
    let text = "the workbench serves as many connections as it can: try again in a moment\n";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Serve one connection with hyper's HTTP/1.1 server within the limits.
async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let limits = shared.limits;
    let _ = stream.set_nodelay(true);
    let mut stream = TimeoutStream::new(stream);
    stream.set_read_timeout(Some(limits.stall));
    stream.set_write_timeout(Some(limits.stall));
    let io = TokioIo::new(Box::pin(stream));
    let service = hyper::service::service_fn(move |request| {
        let shared = shared.clone();
        async move { Ok::<_, Infallible>(answer(&shared, request).await) }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_time)
        .max_buf_size(limits.head.max(8192))
        .max_header_size(limits.head)
        .max_headers(100)
        .serve_connection(io, service)
        .await;
}

/// Whether `error`, or an error it stems from, is a read that stalled.
fn timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut) {
            return true;
        }
        cause = e.source();
    }
    false
}

type Answer = Response<Full<Bytes>>;

fn respond(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Answer {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    for (name, value) in [
        ("content-type", content_type),
        ("cache-control", "no-store"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("content-security-policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

const JSON: &str = "application/json; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

fn error_json(status: StatusCode, message: &str) -> Answer {
    respond(status, JSON, serde_json::json!({ "error": message }).to_string())
}

fn header(headers: &HeaderMap, name: hyper::header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The answer that refuses a request not from the page itself: its `Host`
/// must name this server and its `Origin`, when there is one, be the
/// page's own.
fn refusal(shared: &Shared, request: &Request<Incoming>) -> Option<Answer> {
    let headers = request.headers();
    // A request line in absolute form (`GET http://name/ HTTP/1.1`) names
    // its host there too: it must be allowed as well.
    let named = request.uri().authority().is_none_or(|a| shared.hosts.allows_host(a.as_str()));
    let Some(host) = header(headers, HOST).filter(|h| named && shared.hosts.allows_host(h)) else {
        let said = header(headers, HOST).unwrap_or("none");
        return Some(respond(
            StatusCode::FORBIDDEN,
            TEXT,
            format!(
                "the workbench answers to {}, not to the host {said}: to reach it by a name, start it with \
                 --allow-host NAME\n",
                shared.hosts.described()
            ),
        ));
    };
    if let Some(origin) = headers.get(ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        if !shared.hosts.allows_origin(origin, host) {
            return Some(respond(
                StatusCode::FORBIDDEN,
                TEXT,
                format!("a page from {origin} may not use the workbench: open http://{host}/\n"),
            ));
        }
    }
    None
}

async fn answer(shared: &Arc<Shared>, request: Request<Incoming>) -> Answer {
    if let Some(refused) = refusal(shared, &request) {
        return refused;
    }
    let path = request.uri().path().to_string();
    let get = matches!(*request.method(), Method::GET | Method::HEAD);
    match path.as_str() {
        "/" if get => respond(StatusCode::OK, "text/html; charset=utf-8", page::INDEX),
        "/app.js" if get => respond(StatusCode::OK, "text/javascript; charset=utf-8", page::SCRIPT),
        "/style.css" if get => respond(StatusCode::OK, "text/css; charset=utf-8", page::STYLE),
        "/clauses" if get => respond(StatusCode::OK, "text/html; charset=utf-8", page::clauses()),
        "/api/setting" if get => respond(StatusCode::OK, JSON, page::setting().to_string()),
        p if *request.method() == Method::POST && p.starts_with("/api/") => api(shared, request).await,
        _ if get => respond(StatusCode::NOT_FOUND, TEXT, format!("no page at {path}\n")),
        _ => respond(StatusCode::METHOD_NOT_ALLOWED, TEXT, "GET the page, POST to /api/\n"),
    }
}

/// A POST to the API: a JSON body within the limits, answered by [`Api`]
/// on a thread of the runtime's blocking pool.
async fn api(shared: &Arc<Shared>, request: Request<Incoming>) -> Answer {
    let headers = request.headers();
    let json = header(headers, CONTENT_TYPE)
        .and_then(|t| t.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return error_json(StatusCode::UNSUPPORTED_MEDIA_TYPE, "the API takes JSON: Content-Type: application/json");
    }
    let too_large = || {
        error_json(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the request is over {} KiB: a case is far smaller", MAX_BODY / 1024),
        )
    };
    if header(headers, CONTENT_LENGTH).and_then(|n| n.trim().parse::<u64>().ok()).is_some_and(|n| n > MAX_BODY as u64) {
        return too_large();
    }
    let path = request.uri().path().to_string();
    let reading = Limited::new(request.into_body(), MAX_BODY).collect();
    let late = || error_json(StatusCode::REQUEST_TIMEOUT, "the request's body did not arrive in time");
    let body = match tokio::time::timeout(shared.limits.body_time, reading).await {
        Err(_) => return late(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => return too_large(),
        Ok(Err(e)) if timed_out(&*e) => return late(),
        Ok(Err(e)) => {
            return error_json(StatusCode::BAD_REQUEST, &format!("the request's body is not well formed: {e}"));
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let Ok(text) = String::from_utf8(body.to_vec()) else {
        return error_json(StatusCode::BAD_REQUEST, "the request is not UTF-8 text");
    };
    let shared = shared.clone();
    match tokio::task::spawn_blocking(move || shared.api.post(&path, &text)).await {
        Ok(answer) => respond(
            StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            JSON,
            answer.body.to_string(),
        ),
        Err(_) => error_json(StatusCode::INTERNAL_SERVER_ERROR, "the workbench failed on this request"),
    }
}
