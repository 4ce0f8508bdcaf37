//! The HTTP side (axum on a small tokio runtime): a fixed set of routes under the game's
//! token, nothing read from a path but tokens and a seat number, bodies of at most
//! `MAX_BODY` bytes, answers as small JSON objects, every refusal with a status and a
//! sentence in the table's language. Views are pushed as server-sent events.
//!
//! tiny_http came first (half the size), but its thread pool loses a wake-up when
//! connections arrive together while long-lived ones (event streams, idle keep-alive
//! connections) hold its threads: a request then waits until some other connection ends —
//! seven pages reconnecting after a restart were enough (BENCHMARKS.md, "Serving").

use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::{assets, streams, tokens, Rejected, Site, Status};
use crate::games::table::Said;
use crate::text::serve::Declined;

/// The largest request body taken: an answer is a key or a few dice faces.
pub const MAX_BODY: usize = 4096;
/// How often an idle event stream says it is alive (and learns that a page has gone).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Headers on every response: nothing cached, nothing sniffed, no referrer to other sites
/// (the address holds the tokens), no framing, and only our own scripts.
pub(super) fn secure(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Same-origin only: the address holds the tokens, and a browser then sends our own
    // origin with the pages' POSTs (under `no-referrer` it sends `Origin: null`).
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    response
}

pub(super) fn page(status: StatusCode, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

pub(super) fn json(status: StatusCode, value: serde_json::Value) -> Response {
    page(status, "application/json", value.to_string())
}

pub(super) fn error(status: StatusCode, text: String) -> Response {
    json(status, serde_json::json!({ "error": text }))
}

/// Go on to `path` (after a form's POST, the browser asks for it with a GET).
pub(super) fn see_other(path: &str) -> Response {
    let mut response = page(StatusCode::SEE_OTHER, "text/plain; charset=utf-8", "");
    match HeaderValue::from_str(path) {
        Ok(v) => {
            response.headers_mut().insert(header::LOCATION, v);
            response
        }
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, String::new()),
    }
}

pub(super) fn html(text: String) -> Response {
    page(StatusCode::OK, "text/html; charset=utf-8", text)
}

/// Every request: route it, then add the headers every response carries.
pub async fn handle(
    axum::extract::State(site): axum::extract::State<Arc<Site>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    secure(route(&site, &method, &uri, &headers, body).await)
}

/// Whether a request that changes the table comes from a page of this game: addressed to
/// this computer by an address or a local name (a page of another site whose name was
/// pointed at this computer sends its own name), and, when the browser says where it came
/// from (`Origin`, or `Sec-Fetch-Site`), from this very address. A form on another site
/// that posts here is refused, whatever it knows.
pub(super) fn from_our_pages(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else { return false };
    if !local_host(host) {
        return false;
    }
    let origin = headers.get(header::ORIGIN).map(|v| v.to_str().unwrap_or("null"));
    let ours = |o: &str| o.eq_ignore_ascii_case(&format!("http://{host}"));
    match headers.get("sec-fetch-site").map(|v| v.to_str().unwrap_or_default()) {
        // What the browser itself says (no page can set it); a same-origin request whose
        // Origin the browser hides (`null`) is ours too.
        Some(site) => (site == "same-origin" || site == "none") && origin.is_none_or(|o| o == "null" || ours(o)),
        None => origin.is_none_or(ours),
    }
}

/// An IP address, `localhost`, a name without dots (the local network's) or a `.local`
/// name, with or without a port.
fn local_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let name = name.to_ascii_lowercase();
    !name.is_empty()
        && (name.parse::<std::net::IpAddr>().is_ok()
            || name == "localhost"
            || !name.contains('.')
            || name.ends_with(".local"))
}

async fn route(site: &Arc<Site>, method: &Method, uri: &Uri, headers: &HeaderMap, body: Body) -> Response {
    let lang = site.table.lang();
    if *method == Method::POST && !from_our_pages(headers) {
        return error(StatusCode::FORBIDDEN, Declined::CrossSite.text(lang));
    }
    let parts: Vec<&str> = uri.path().split('/').filter(|p| !p.is_empty()).collect();
    // A person opening an address (a browser asks for a page) is answered with a page in
    // the table's language, never with JSON; the pages' own requests get JSON.
    let wants_page = *method == Method::GET
        && headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|a| a.contains("text/html"));
    let nowhere = || {
        let (title, sentence) = crate::text::serve::nowhere(lang);
        let text = super::pages::message(&title, &sentence, lang);
        page(StatusCode::NOT_FOUND, "text/html; charset=utf-8", text)
    };
    let not_found = || if wants_page { nowhere() } else { error(StatusCode::NOT_FOUND, Declined::NotFound.text(lang)) };
    let get_only = |reply: Response| {
        if method == Method::GET {
            reply
        } else {
            error(StatusCode::METHOD_NOT_ALLOWED, Declined::Method.text(lang))
        }
    };
    match parts.as_slice() {
        ["assets", name] => match assets::get(name) {
            Some((content_type, bytes)) => get_only(page(StatusCode::OK, content_type, Bytes::from_static(bytes))),
            None => not_found(),
        },
        ["g", game, rest @ ..] => {
            if !tokens::same(game, &site.tokens.game) {
                return not_found();
            }
            match rest {
                [] => get_only(html(site.join_page(None))),
                // A tap on the join page: the seat's own address, once (a form's POST, so
                // that no link preview or prefetch takes a seat).
                ["claim", n] => {
                    let Some(seat) = n.parse::<usize>().ok().filter(|s| *s < site.table.names().len()) else {
                        return not_found();
                    };
                    if method != Method::POST {
                        return error(StatusCode::METHOD_NOT_ALLOWED, Declined::Method.text(lang));
                    }
                    // Written down beside the save before the address is given.
                    match blocking(site, move |site| site.claim(seat)).await {
                        Some(Some(path)) => see_other(&path),
                        Some(None) => {
                            page(StatusCode::CONFLICT, "text/html; charset=utf-8", site.join_page(Some(seat)))
                        }
                        None => error(StatusCode::INTERNAL_SERVER_ERROR, Declined::Failed.text(lang)),
                    }
                }
                ["dashboard"] => get_only(html(site.dashboard_page())),
                ["dashboard", "state"] => get_only(state(site, None)),
                ["dashboard", "events"] => get_only(stream(site, None)),
                ["final.html"] => match site.final_page() {
                    Some(text) => get_only(html(text)),
                    None => error(StatusCode::NOT_FOUND, Declined::NotOver.text(lang)),
                },
                ["seat", n, token, action @ ..] => {
                    let Some(seat) = n.parse::<usize>().ok().filter(|s| *s < site.table.names().len()) else {
                        return not_found();
                    };
                    if !tokens::same(token, &site.tokens.seats[seat]) {
                        return if wants_page {
                            nowhere()
                        } else {
                            error(StatusCode::FORBIDDEN, Declined::WrongSeat.text(lang))
                        };
                    }
                    seat_route(site, method, headers, body, seat, action).await
                }
                _ => not_found(),
            }
        }
        _ => not_found(),
    }
}

/// The body of a POST: at most `MAX_BODY` bytes of JSON.
async fn body<T: for<'de> Deserialize<'de>>(site: &Site, headers: &HeaderMap, body: Body) -> Result<T, Response> {
    json_body(site.table.lang(), headers, body).await
}

/// `body`, with refusals in `lang` (the paper desk's too).
pub(super) async fn json_body<T: for<'de> Deserialize<'de>>(
    lang: crate::text::Lang,
    headers: &HeaderMap,
    body: Body,
) -> Result<T, Response> {
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().to_ascii_lowercase().starts_with("application/json"));
    if !is_json {
        return Err(error(StatusCode::UNSUPPORTED_MEDIA_TYPE, Declined::NotJson.text(lang)));
    }
    let too_large = || error(StatusCode::PAYLOAD_TOO_LARGE, Declined::TooLarge(MAX_BODY).text(lang));
    let announced = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    // Read at most the limit, whatever was announced (a chunked body has no length).
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| too_large())?;
    serde_json::from_slice(&bytes).map_err(|_| error(StatusCode::BAD_REQUEST, Declined::BadBody.text(lang)))
}

/// An answer from a seat's page: the version its question was offered at (`offer`, the
/// version the page saw), and a key (one answer), the links of a chain (`links`: the
/// answer, then the follow-ups the page asked before sending) or dice faces.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    offer: u64,
    key: Option<String>,
    links: Option<Vec<String>>,
    faces: Option<Vec<String>>,
}

/// The most links a chain may have (the longest in a game is a handful: a die, its ship,
/// a star action, a license…).
const MAX_LINKS: usize = 12;

/// A key as a page sends it: one answer's keys (`cod coin`).
fn fits(key: &str) -> bool {
    !key.trim().is_empty() && key.len() <= 64
}

/// What a page asks before sending a chain: the follow-up after its first links.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Ahead {
    offer: u64,
    links: Vec<String>,
}

/// An undo from a seat's page, with the version the page showed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    v: u64,
}

fn refused(site: &Site, why: Rejected) -> Response {
    let status = match why.status {
        Status::Stopped => StatusCode::SERVICE_UNAVAILABLE,
        Status::Theirs => StatusCode::FORBIDDEN,
        Status::Conflict => StatusCode::CONFLICT,
    };
    json(status, serde_json::json!({ "error": why.text, "legal": why.legal, "v": site.table.version() }))
}

/// Run a change of the table (it writes and flushes the save) off the async threads.
async fn blocking<T: Send + 'static>(site: &Arc<Site>, work: impl FnOnce(&Site) -> T + Send + 'static) -> Option<T> {
    let site = Arc::clone(site);
    tokio::task::spawn_blocking(move || work(&site)).await.ok()
}

async fn seat_route(
    site: &Arc<Site>,
    method: &Method,
    headers: &HeaderMap,
    payload: Body,
    seat: usize,
    action: &[&str],
) -> Response {
    let lang = site.table.lang();
    let method_error = || error(StatusCode::METHOD_NOT_ALLOWED, Declined::Method.text(lang));
    let bad = || error(StatusCode::BAD_REQUEST, Declined::BadBody.text(lang));
    let failed = || error(StatusCode::INTERNAL_SERVER_ERROR, Declined::Failed.text(lang));
    match (action, method) {
        ([], &Method::GET) => {
            if !site.taken(seat) {
                blocking(site, move |site| site.opened(seat)).await;
            }
            html(site.seat_page(seat))
        }
        (["state"], &Method::GET) => state(site, Some(seat)),
        (["events"], &Method::GET) => stream(site, Some(seat)),
        (["answer"], &Method::POST) => {
            let answer: Answer = match body(site, headers, payload).await {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            let said = match (answer.key, answer.links, answer.faces) {
                (Some(key), None, None) if fits(&key) => Said::links(&[key]),
                (None, Some(links), None)
                    if !links.is_empty() && links.len() <= MAX_LINKS && links.iter().all(|l| fits(l)) =>
                {
                    Said::links(&links)
                }
                (None, None, Some(faces)) if faces.len() <= 8 && faces.iter().all(|f| f.len() <= 32) => {
                    Said::Faces(faces)
                }
                _ => return bad(),
            };
            let seen = answer.offer;
            match blocking(site, move |site| site.table.answer(seat, seen, said)).await {
                Some(Ok(_)) => state(site, Some(seat)),
                Some(Err(why)) => refused(site, why),
                None => failed(),
            }
        }
        // The follow-up a chain's links lead to, asked on the page before anything is
        // sent (nothing changes).
        (["ahead"], &Method::POST) => {
            let ahead: Ahead = match body(site, headers, payload).await {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            if ahead.links.is_empty() || ahead.links.len() > MAX_LINKS || !ahead.links.iter().all(|l| fits(l)) {
                return bad();
            }
            match blocking(site, move |site| site.ahead(seat, ahead.offer, &ahead.links)).await {
                Some(Ok(body)) => page(StatusCode::OK, "application/json", body),
                Some(Err(why)) => refused(site, why),
                None => failed(),
            }
        }
        (["undo"], &Method::POST) => {
            let undo: Undo = match body(site, headers, payload).await {
                Ok(u) => u,
                Err(reply) => return reply,
            };
            match blocking(site, move |site| site.table.undo(seat, undo.v)).await {
                Some(Ok(_)) => state(site, Some(seat)),
                Some(Err(why)) => refused(site, why),
                None => failed(),
            }
        }
        // What the advisor makes of this seat's open question (it commits nothing).
        // Waited for without a thread: the advisor's runs are the table's (`advisor::hints`).
        (["hint"], &Method::GET) => match site.table.hint(seat).await {
            Ok(body) => page(StatusCode::OK, "application/json", body),
            Err(text) => error(StatusCode::CONFLICT, text),
        },
        ([] | ["state" | "events" | "answer" | "ahead" | "undo" | "hint"], _) => method_error(),
        _ => error(StatusCode::NOT_FOUND, Declined::NotFound.text(lang)),
    }
}

fn state(site: &Site, seat: Option<usize>) -> Response {
    let (_, view) = site.view(seat);
    page(StatusCode::OK, "application/json", view.as_str().to_owned())
}

/// Push the view to one page now and whenever the state changes, until the page goes away,
/// a newer page of its class takes its slot (`streams.rs`) or the host stops. The first
/// event tells the page to reconnect after a second.
fn stream(site: &Arc<Site>, seat: Option<usize>) -> Response {
    let slot = streams::open(site, seat);
    let changes = site.changes.subscribe();
    let events =
        futures_util::stream::unfold((slot, changes, None::<u64>), move |(slot, mut changes, seen)| async move {
            loop {
                let site = &slot.site();
                if site.closing.load(Ordering::SeqCst) {
                    return None;
                }
                let (version, view) = site.view(seat);
                if seen != Some(version) {
                    let mut event = Event::default().data(view.as_str());
                    if seen.is_none() {
                        event = event.retry(Duration::from_secs(1));
                    }
                    return Some((Ok::<_, Infallible>(event), (slot, changes, Some(version))));
                }
                tokio::select! {
                    changed = changes.changed() => if changed.is_err() { return None },
                    _ = slot.ended() => return None,
                }
            }
        });
    Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn a_post_is_taken_only_from_this_games_own_pages() {
        let ours = [("host", "192.168.1.20:7373"), ("origin", "http://192.168.1.20:7373")];
        assert!(from_our_pages(&headers(&ours)));
        assert!(from_our_pages(&headers(&[("host", "127.0.0.1:7373")])), "no Origin: not a browser");
        assert!(from_our_pages(&headers(&[("host", "[::1]:7373"), ("origin", "http://[::1]:7373")])));
        assert!(from_our_pages(&headers(&[("host", "laptop.local:7373"), ("origin", "http://laptop.local:7373")])));
        assert!(from_our_pages(&headers(&[("host", "laptop:7373"), ("sec-fetch-site", "same-origin")])));
        let hidden = [("host", "10.0.0.2:7373"), ("origin", "null"), ("sec-fetch-site", "same-origin")];
        assert!(from_our_pages(&headers(&hidden)), "a same-origin form whose origin the browser hides");
        // Another site's form or script.
        assert!(!from_our_pages(&headers(&[("host", "192.168.1.20:7373"), ("origin", "http://evil.example")])));
        assert!(!from_our_pages(&headers(&[("host", "192.168.1.20:7373"), ("origin", "null")])));
        assert!(!from_our_pages(&headers(&[("host", "192.168.1.20:7373"), ("sec-fetch-site", "cross-site")])));
        // A name of another site pointed at this computer (DNS rebinding), or no host.
        assert!(!from_our_pages(&headers(&[("host", "evil.example:7373"), ("origin", "http://evil.example:7373")])));
        assert!(!from_our_pages(&headers(&[("origin", "http://192.168.1.20:7373")])));
    }
}
