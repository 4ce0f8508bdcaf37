//! The HTTP side (tiny_http): a fixed set of routes under the game's token, nothing read
//! from a path but tokens and a seat number, bodies of at most `MAX_BODY` bytes, answers
//! as small JSON objects, every refusal with a status and a sentence in the table's
//! language. Views are pushed as server-sent events, one thread per open page.

use std::io::{Read, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tiny_http::{Header, Method, Request, Response, StatusCode};

use super::state::{Refused, UndoBy};
use super::{assets, tokens, Site};
use crate::games::fleet::game::Input;

/// The largest request body taken: an answer is a key or a few dice faces.
pub const MAX_BODY: usize = 4096;
/// Pages pushed to at once (a table has at most four players, a dashboard, and a few
/// reloads still being noticed as closed).
const MAX_STREAMS: usize = 64;
/// How often an idle event stream says it is alive (and learns that a page has gone).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What a request is answered with.
enum Reply {
    Page(StatusCode, &'static str, Vec<u8>),
    /// A stream of a seat's views (Some) or the dashboard's (None).
    Stream(Option<usize>),
}

fn json(status: u16, value: serde_json::Value) -> Reply {
    Reply::Page(StatusCode(status), "application/json", value.to_string().into_bytes())
}

fn error(status: u16, text: String) -> Reply {
    json(status, serde_json::json!({ "error": text }))
}

fn html(text: String) -> Reply {
    Reply::Page(StatusCode(200), "text/html; charset=utf-8", text.into_bytes())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("our headers are ASCII")
}

/// Headers on every response: nothing cached, nothing sniffed, no referrer (the address
/// holds the tokens), no framing, and only our own scripts.
fn common_headers() -> Vec<Header> {
    vec![
        header("Cache-Control", "no-store"),
        header("X-Content-Type-Options", "nosniff"),
        header("Referrer-Policy", "no-referrer"),
        header("X-Frame-Options", "DENY"),
        header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    ]
}

/// Requests being answered at once (beyond: 503 at once). Each has a thread of its own, so
/// a client that stops sending in the middle of its body holds up nobody else.
const MAX_HANDLERS: usize = 64;

/// Take requests until the server is unblocked, each answered on a thread of its own.
pub fn work(site: &Arc<Site>, server: &tiny_http::Server) {
    while let Ok(request) = server.recv() {
        if site.closing.load(Ordering::SeqCst) {
            return;
        }
        if site.handlers.fetch_add(1, Ordering::SeqCst) >= MAX_HANDLERS {
            site.handlers.fetch_sub(1, Ordering::SeqCst);
            let text = crate::t!(site.table.lang, "web.http.busy");
            let mut response = Response::from_data(serde_json::json!({ "error": text }).to_string().into_bytes())
                .with_status_code(503);
            response.add_header(header("Content-Type", "application/json"));
            let _ = request.respond(response);
            continue;
        }
        let handling = Arc::clone(site);
        let spawned = std::thread::Builder::new().name("deckhand-request".into()).spawn(move || {
            handle(&handling, request);
            handling.handlers.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            // The request went with the closure and is dropped: its connection closes.
            site.handlers.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn handle(site: &Arc<Site>, mut request: Request) {
    let reply = route(site, &mut request);
    match reply {
        Reply::Page(status, content_type, body) => {
            let mut response = Response::from_data(body).with_status_code(status);
            response.add_header(header("Content-Type", content_type));
            for h in common_headers() {
                response.add_header(h);
            }
            // A page that went away before its answer arrived is not our problem.
            let _ = request.respond(response);
        }
        Reply::Stream(seat) => {
            if site.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
                site.streams.fetch_sub(1, Ordering::SeqCst);
                let text = crate::t!(site.table.lang, "web.http.busy");
                let mut response = Response::from_data(serde_json::json!({ "error": text }).to_string().into_bytes())
                    .with_status_code(503);
                response.add_header(header("Content-Type", "application/json"));
                let _ = request.respond(response);
                return;
            }
            let streaming = Arc::clone(site);
            let writer = request.into_writer();
            let spawned = std::thread::Builder::new().name("deckhand-events".into()).spawn(move || {
                stream(&streaming, writer, seat);
                streaming.streams.fetch_sub(1, Ordering::SeqCst);
            });
            if spawned.is_err() {
                site.streams.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

/// Push the view to one page whenever the state changes, until the page goes away.
fn stream(site: &Site, mut writer: Box<dyn Write + Send>, seat: Option<usize>) {
    let mut head =
        String::from("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nConnection: close\r\n");
    for h in common_headers() {
        head.push_str(&format!("{}: {}\r\n", h.field, h.value));
    }
    // Pages reconnect by themselves after a second (a restarted host, a phone that slept).
    head.push_str("\r\nretry: 1000\n\n");
    if writer.write_all(head.as_bytes()).and_then(|()| writer.flush()).is_err() {
        return;
    }
    let mut seen = None;
    loop {
        if site.closing.load(Ordering::SeqCst) {
            return;
        }
        let (version, view) = site.view(seat);
        let sent = if seen == Some(version) {
            writer.write_all(b": alive\n\n")
        } else {
            seen = Some(version);
            writer.write_all(format!("data: {view}\n\n").as_bytes())
        };
        if sent.and_then(|()| writer.flush()).is_err() {
            return;
        }
        site.table.wait_change(version, KEEP_ALIVE);
    }
}

/// The body of a POST: at most `MAX_BODY` bytes of JSON.
fn body<T: for<'de> Deserialize<'de>>(site: &Site, request: &mut Request) -> Result<T, Reply> {
    let lang = site.table.lang;
    let is_json = request.headers().iter().any(|h| {
        h.field.equiv("Content-Type") && h.value.as_str().trim().to_ascii_lowercase().starts_with("application/json")
    });
    if !is_json {
        return Err(error(415, crate::t!(lang, "web.http.not_json")));
    }
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(error(413, crate::t!(lang, "web.http.too_large", n = MAX_BODY)));
    }
    let mut bytes = Vec::new();
    if request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut bytes).is_err() {
        return Err(error(400, crate::t!(lang, "web.http.bad_body")));
    }
    if bytes.len() > MAX_BODY {
        return Err(error(413, crate::t!(lang, "web.http.too_large", n = MAX_BODY)));
    }
    serde_json::from_slice(&bytes).map_err(|_| error(400, crate::t!(lang, "web.http.bad_body")))
}

/// An answer from a seat's page: the decision it answers, and a key or dice faces.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    offer: u64,
    key: Option<String>,
    faces: Option<Vec<String>>,
}

/// An undo from a seat's page, with the version the page showed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    v: u64,
}

fn refused(site: &Site, why: Refused) -> Reply {
    let status = if matches!(why, Refused::Stopped(_)) { 503 } else { 409 };
    let legal = match &why {
        Refused::Illegal(_, legal) => legal.clone(),
        _ => Vec::new(),
    };
    json(status, serde_json::json!({ "error": why.text(), "legal": legal, "v": site.table.version() }))
}

fn route(site: &Arc<Site>, request: &mut Request) -> Reply {
    let lang = site.table.lang;
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("");
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let method = request.method().clone();
    let not_found = || error(404, crate::t!(lang, "web.http.not_found"));
    let get_only =
        |reply: Reply| if method == Method::Get { reply } else { error(405, crate::t!(lang, "web.http.method")) };
    match parts.as_slice() {
        ["assets", name] => match assets::get(name) {
            Some((content_type, bytes)) => get_only(Reply::Page(StatusCode(200), content_type, bytes.to_vec())),
            None => not_found(),
        },
        ["g", game, rest @ ..] => {
            if !tokens::same(game, &site.tokens.game) {
                return not_found();
            }
            match rest {
                [] => get_only(html(site.join_page())),
                ["dashboard"] => get_only(html(site.dashboard_page())),
                ["dashboard", "state"] => get_only(state(site, None)),
                ["dashboard", "events"] => get_only(Reply::Stream(None)),
                ["final.html"] => match site.final_page() {
                    Some(page) => get_only(html(page)),
                    None => error(404, crate::t!(lang, "web.http.not_over")),
                },
                ["seat", n, token, action @ ..] => {
                    let Some(seat) = n.parse::<usize>().ok().filter(|s| *s < site.table.names.len()) else {
                        return not_found();
                    };
                    if !tokens::same(token, &site.tokens.seats[seat]) {
                        return error(403, crate::t!(lang, "web.http.wrong_seat"));
                    }
                    seat_route(site, request, &method, seat, action)
                }
                _ => not_found(),
            }
        }
        _ => not_found(),
    }
}

fn seat_route(site: &Arc<Site>, request: &mut Request, method: &Method, seat: usize, action: &[&str]) -> Reply {
    let lang = site.table.lang;
    let method_error = || error(405, crate::t!(lang, "web.http.method"));
    match (action, method) {
        ([], Method::Get) => html(site.seat_page(seat)),
        (["state"], Method::Get) => state(site, Some(seat)),
        (["events"], Method::Get) => Reply::Stream(Some(seat)),
        (["answer"], Method::Post) => {
            let answer: Answer = match body(site, request) {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            let input = match (answer.key, answer.faces) {
                (Some(key), None) if !key.is_empty() && key.len() <= 64 => Input::Choice(key),
                (None, Some(faces)) if faces.len() <= 8 && faces.iter().all(|f| f.len() <= 32) => {
                    Input::Roll { faces, digital: false }
                }
                _ => return error(400, crate::t!(lang, "web.http.bad_body")),
            };
            match site.table.answer_for_seat(seat, answer.offer, input) {
                Ok(_) => state(site, Some(seat)),
                Err(why) => refused(site, why),
            }
        }
        (["undo"], Method::Post) => {
            let undo: Undo = match body(site, request) {
                Ok(u) => u,
                Err(reply) => return reply,
            };
            match site.table.undo(UndoBy::Seat { seat, seen: undo.v }) {
                Ok(_) => state(site, Some(seat)),
                Err(why) => refused(site, why),
            }
        }
        ([], _) | (["state" | "events"], _) | (["answer" | "undo"], _) => method_error(),
        _ => error(404, crate::t!(lang, "web.http.not_found")),
    }
}

fn state(site: &Site, seat: Option<usize>) -> Reply {
    let (_, view) = site.view(seat);
    Reply::Page(StatusCode(200), "application/json", view.as_bytes().to_vec())
}
