//! The pages' script and stylesheet, inside the binary: no CDN, no web font, no build
//! step. Looked up by a fixed name, never by a path from the request.

const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");
const DESK_JS: &str = include_str!("assets/desk.js");
const DESK_CSS: &str = include_str!("assets/desk.css");

/// An asset by its name: its content type and bytes.
pub fn get(name: &str) -> Option<(&'static str, &'static [u8])> {
    match name {
        "app.js" => Some(("text/javascript; charset=utf-8", APP_JS.as_bytes())),
        "app.css" => Some(("text/css; charset=utf-8", APP_CSS.as_bytes())),
        "desk.js" => Some(("text/javascript; charset=utf-8", DESK_JS.as_bytes())),
        "desk.css" => Some(("text/css; charset=utf-8", DESK_CSS.as_bytes())),
        _ => None,
    }
}
