//! The served pages in a real browser: headless Chromium (Debian's `chromium`) driven over
//! WebDriver (`chromium-driver`, through fantoccini). Two seat pages and the dashboard play
//! a whole round by tapping the buttons the pages show; every tap must show on the other
//! screens within a generous bound, and the time it took is printed (BENCHMARKS.md keeps
//! it). Then the host is killed with SIGKILL and resumed: the pages reconnect by
//! themselves. Screenshots of the join page, a seat page and the dashboard go to `target/tmp/browser/`.
//! Skipped, with a message, when Chromium or ChromeDriver is not installed (`.ci/run`
//! installs both).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use crate::host::Host;

mod desk;
mod dice;
mod fit;
mod five_dice;
mod hint_and_end;
mod pad;
mod printed;
mod round;

fn find_program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path).chain([PathBuf::from("/usr/bin")]) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// ChromeDriver on a free loopback port, ended when dropped; it and the Chromium it starts
/// have a home of their own (Chromium writes `.pki` and `.config` there).
struct Driver {
    child: Child,
    url: String,
    _home: tempfile::TempDir,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let home = tempfile::tempdir().unwrap();
        let child = crate::child::homed_in(program, home.path())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let url = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, url, _home: home }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn browser(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium.display().to_string(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector).capabilities(caps).connect(&driver.url).await.expect("a WebDriver session")
}

async fn version(c: &Client) -> u64 {
    let v = c.execute("return Number(document.body.dataset.v || -1);", vec![]).await.expect("script");
    v.as_i64().unwrap_or(-1).max(0) as u64
}

async fn open(c: &Client, url: &str, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("window size");
    c.goto(url).await.expect("the page opens");
    let started = Instant::now();
    while version(c).await == 0 {
        assert!(started.elapsed() < Duration::from_secs(20), "{url} shows no view");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn screenshot(c: &Client, path: &Path) {
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(path, png).expect("the screenshot is written");
    // The README's screenshots are these: `DECKHAND_SCREENSHOTS=docs cargo test --test
    // deckhand browser::` re-takes them.
    if let (Some(dir), Some(name)) = (std::env::var_os("DECKHAND_SCREENSHOTS"), path.file_name()) {
        if let Some((_, shown)) = README_SHOTS.iter().find(|(n, _)| name == *n) {
            let dir = crate::common::repo().join(dir);
            std::fs::copy(path, dir.join(shown)).expect("the README's screenshot is written");
        }
    }
}

/// The screenshots the README shows: (the test's, its name in docs/).
const README_SHOTS: [(&str, &str); 4] = [
    ("dashboard-start-1280.png", "dashboard.png"),
    ("dashboard-final-1280.png", "dashboard-final.png"),
    ("phone-pad.png", "phone-pad.png"),
    ("phone-hint.png", "phone-hint.png"),
];

/// Chromium and ChromeDriver, or None after saying that `test` is skipped (a failure when
/// `DECKHAND_REQUIRE_BROWSER` is set, as on CI).
fn programs(test: &str) -> Option<(PathBuf, PathBuf)> {
    let (Some(chromium), Some(chromedriver)) =
        (find_program("CHROMIUM", &["chromium", "chromium-browser"]), find_program("CHROMEDRIVER", &["chromedriver"]))
    else {
        // CI installs the browser and sets this: there, a missing browser is a failure.
        assert!(
            std::env::var_os("DECKHAND_REQUIRE_BROWSER").is_none_or(|v| v.is_empty()),
            "DECKHAND_REQUIRE_BROWSER is set, but Chromium or ChromeDriver is not installed"
        );
        // Written to the process's standard error itself, not through `eprintln!`, which
        // the test harness captures: the skip shows in `cargo test`'s normal output.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED browser test {test}: Chromium or ChromeDriver is not installed \
             (Debian: apt-get install -y chromium chromium-driver; .ci/run does it)"
        );
        return None;
    };
    Some((chromium, chromedriver))
}

/// The page's size against the window's: (scroll width, inner width, scroll height, inner
/// height), in CSS pixels.
async fn extent(c: &Client) -> (u64, u64, u64, u64) {
    let v = c
        .execute(
            "const d = document.documentElement;\
             return [d.scrollWidth, window.innerWidth, d.scrollHeight, window.innerHeight];",
            vec![],
        )
        .await
        .expect("script");
    let n = |i: usize| v[i].as_u64().unwrap_or(0);
    (n(0), n(1), n(2), n(3))
}

/// The boxes of a page that scroll sideways inside it (their content wider than they are),
/// as "tag.class scroll width>client width".
async fn sideways(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('*')].filter(e => {\
               const x = getComputedStyle(e).overflowX;\
               return (x === 'auto' || x === 'scroll' || x === 'hidden') && e.scrollWidth > e.clientWidth + 1;\
             }).map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + e.scrollWidth + '>' + e.clientWidth);",
            vec![],
        )
        .await
        .expect("script");
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// Make the page's viewport `width` × `height` (a window is larger by its frame).
async fn viewport(c: &Client, width: u32, height: u32) {
    let (_, iw, _, ih) = extent(c).await;
    let (w, h) = (2 * width - iw as u32, 2 * height - ih as u32);
    c.set_window_size(w, h).await.expect("window size");
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// Open a page that is not filled by the script (the join page, the final page) and let it
/// settle.
async fn open_plain(c: &Client, url: &str, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("window size");
    c.goto(url).await.expect("the page opens");
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// The texts of the page smaller than `min` CSS pixels: every visible text node, by the
/// computed font size of the element holding it ("tag.class size: text"); and how many
/// visible text nodes there are.
async fn small_texts(c: &Client, min: f64) -> (usize, Vec<String>) {
    let v = c
        .execute(
            "const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);\
             const small = []; let seen_texts = 0;\
             while (walk.nextNode()) {\
               const t = walk.currentNode;\
               if (!t.textContent.trim()) { continue; }\
               const range = document.createRange(); range.selectNodeContents(t);\
               const seen = [...range.getClientRects()].some(r => r.width > 0 && r.height > 0);\
               const e = t.parentElement; const style = getComputedStyle(e);\
               if (!seen || style.visibility === 'hidden') { continue; }\
               seen_texts += 1;\
               const size = parseFloat(style.fontSize);\
               if (size < arguments[0]) {\
                 small.push(e.tagName.toLowerCase() + '.' + e.className + ' ' + size + ': ' + t.textContent.trim().slice(0, 40));\
               }\
             }\
             return [seen_texts, small];",
            vec![json!(min)],
        )
        .await
        .expect("script");
    let small = v[1].as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(String::from)).collect());
    (v[0].as_u64().unwrap_or(0) as usize, small.unwrap_or_default())
}

/// A served two-seat game of physical dice (Ann, Bob; its save `g.jsonl` in `dir`).
fn two_seats(dir: &Path) -> Host {
    let bin = crate::child::bin();
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    Host::start(&bin, dir, &args, "g.jsonl")
}

/// A two-seat game over HTTP, each question answered with its first option and each roll
/// with dice of our choosing (cod, shrimp, oyster… on the boat dice, harbor on the town
/// dice), at most `tries` times, until a seat's question (a roll too) is one `wanted`
/// takes: that seat and what `wanted` made of it.
fn answer_until<T>(host: &Host, tries: usize, wanted: impl Fn(&Value) -> Option<T>) -> Option<(usize, T)> {
    for _ in 0..tries {
        let states: Vec<Value> = (0..2).map(|s| host.state(s)).collect();
        let (seat, d) = states.iter().enumerate().find(|(_, s)| !s["decision"].is_null()).expect("a decision");
        let d = &d["decision"];
        if let Some(found) = wanted(d) {
            return Some((seat, found));
        }
        if !d["roll"].is_null() {
            let (boat, town) = (d["roll"]["boat"].as_u64().unwrap(), d["roll"]["town"].as_u64().unwrap());
            let faces: Vec<&str> = ["cod", "shrimp", "oyster", "lobster"]
                .into_iter()
                .take(boat as usize)
                .chain(std::iter::repeat_n("harbor", town as usize))
                .collect();
            let r = host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": d["offer"], "faces": faces}));
            assert_eq!(r.status, 200, "{}", r.body);
            continue;
        }
        let r = host.answer(seat, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
        assert_eq!(r.status, 200, "{}", r.body);
    }
    None
}

/// The version a page shows (-1 before its first view).
async fn shown(c: &Client) -> i64 {
    let v = c.execute("return Number(document.body.dataset.v || -1);", vec![]).await.expect("script");
    v.as_i64().unwrap_or(-1)
}

/// What a page shows, as text: the visible text of `css` (empty when there is none).
async fn text_of(c: &Client, css: &str) -> String {
    let v = c
        .execute("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", vec![json!(css)])
        .await
        .expect("script");
    v.as_str().unwrap_or_default().to_string()
}

/// Wait until the page shows version `v` or a later one.
async fn shows(c: &Client, v: u64) {
    let started = Instant::now();
    while version(c).await < v {
        assert!(started.elapsed() < Duration::from_secs(20), "the page never showed version {v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Tap the element `css` once it is on the page (and enabled).
async fn tap(c: &Client, css: &str) {
    let started = Instant::now();
    loop {
        let clicked = c
            .execute(
                "const e = document.querySelector(arguments[0]); if (!e || e.disabled) { return false; } e.click(); return true;",
                vec![json!(css)],
            )
            .await
            .expect("script");
        if clicked.as_bool() == Some(true) {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "nothing to tap at {css}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
