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

/// The bound asserted on each push; the target (200 ms) is what BENCHMARKS.md records.
const GENEROUS: u64 = 1500;

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

/// Wait until the page shows version `v` or a later one; returns when the first of them
/// arrived (ms since the epoch, the browser's clock).
async fn arrived(c: &Client, v: u64) -> u64 {
    let started = Instant::now();
    loop {
        let t = c
            .execute(
                "const a = window.deckhandArrived || {};\
                 const ks = Object.keys(a).map(Number).filter(k => k >= arguments[0]).sort((x, y) => x - y);\
                 return ks.length ? a[ks[0]] : 0;",
                vec![json!(v)],
            )
            .await
            .expect("script");
        if let Some(t) = t.as_u64().filter(|t| *t > 0) {
            return t;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "version {v} never arrived");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
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

/// Tap the first option on a page that has one; returns (the click's time, the version
/// the page showed before).
async fn tap_first(c: &Client) -> Option<(u64, u64)> {
    let before = version(c).await;
    let t = c
        .execute(
            "const b = document.querySelector('#decision button.opt');\
             if (!b || b.disabled) { return 0; } const t = Date.now(); b.click(); return t;",
            vec![],
        )
        .await
        .expect("script");
    t.as_u64().filter(|t| *t > 0).map(|t| (t, before))
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

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

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

#[test]
fn two_seat_pages_and_the_dashboard_play_a_round_in_chromium() {
    let Some((chromium, chromedriver)) = programs("two_seat_pages_and_the_dashboard_play_a_round_in_chromium") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&shots).unwrap();
    let bin = crate::child::bin();
    let args = [
        "play",
        "fleet-dice",
        "--players",
        "Ann,Bob",
        "--dice",
        "digital",
        "--seed",
        "21",
        "--save",
        "g.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];
    let mut host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    let origin = format!("http://{}", host.addr);
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profiles = tempfile::tempdir().unwrap();
        let mut pages = Vec::new();
        // The first player joins as at the table: the join page, a tap on her name (a
        // form's POST answered by a redirect to her seat's address).
        let joining = browser(&driver, &chromium, &profiles.path().join("join")).await;
        joining.set_window_size(430, 1100).await.expect("window size");
        joining.goto(&host.join).await.expect("the join page opens");
        joining
            .find(Locator::Css("form[action$='/claim/0'] button"))
            .await
            .expect("a button per seat")
            .click()
            .await
            .expect("tap");
        let started = Instant::now();
        while !joining.current_url().await.expect("url").as_str().ends_with(host.seats[0].as_str()) {
            assert!(started.elapsed() < Duration::from_secs(20), "the tap did not open the seat's page");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        screenshot(&joining, &shots.join("joined.png")).await;
        joining.goto(&host.join).await.expect("the join page opens again");
        let taken = joining.find_all(Locator::Css("span.seat.taken")).await.expect("taken seats");
        assert_eq!(taken.len(), 1, "the seat joined is taken");
        screenshot(&joining, &shots.join("join.png")).await;
        joining.close().await.expect("close");
        for (i, (path, w, h)) in [
            (host.seats[0].clone(), 430, 1100),
            (host.seats[1].clone(), 430, 1100),
            (host.dashboard.clone(), 1920, 1080),
        ]
        .into_iter()
        .enumerate()
        {
            let c = browser(&driver, &chromium, &profiles.path().join(i.to_string())).await;
            open(&c, &format!("{origin}{path}"), w, h).await;
            if i == 2 {
                viewport(&c, w, h).await;
            }
            pages.push(c);
        }
        let dashboard = &pages[2];
        let round = |c: &Client| {
            let c = c.clone();
            async move {
                let r = c.execute("return document.querySelector('#status .round').textContent;", vec![]).await;
                r.ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
            }
        };
        assert_eq!(round(dashboard).await, "Round 1 of 10");
        // Play the first round by tapping the pages, measuring each push.
        let mut latencies = Vec::new();
        let mut undone = false;
        let mut shot = false;
        let started = Instant::now();
        while round(dashboard).await == "Round 1 of 10" {
            assert!(started.elapsed() < Duration::from_secs(120), "the round did not end");
            let mut tapped = false;
            for seat in 0..2 {
                let Some((mut clicked, before)) = tap_first(&pages[seat]).await else { continue };
                tapped = true;
                // Wait for the tapping page's own update, then measure the others. An
                // answer that leads to a follow-up opens it on the page (nothing sent
                // yet): its first option is tapped too, until the chain is sent.
                let started = Instant::now();
                let mut links = String::new();
                while version(&pages[seat]).await <= before {
                    assert!(started.elapsed() < Duration::from_secs(10), "the tap was not accepted");
                    let now = pages[seat].execute("return document.body.dataset.links || '';", vec![]).await.unwrap();
                    let now = now.as_str().unwrap_or_default().to_string();
                    if now != links && !now.is_empty() {
                        links = now;
                        if let Some((t, _)) = tap_first(&pages[seat]).await {
                            clicked = t;
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                let v = version(&pages[seat]).await;
                for other in [1 - seat, 2] {
                    let shown = arrived(&pages[other], v).await;
                    latencies.push(shown.saturating_sub(clicked));
                }
                if !shot && seat == 0 {
                    screenshot(&pages[0], &shots.join("seat.png")).await;
                    shot = true;
                }
                if !undone {
                    // Undo from the page: the decision comes back, on every screen.
                    let undo = pages[seat].find(Locator::Id("undo")).await.expect("the undo button");
                    assert!(undo.is_displayed().await.unwrap(), "undo is offered to the decider");
                    undo.click().await.unwrap();
                    arrived(&pages[2], v + 1).await;
                    undone = true;
                }
                break;
            }
            if !tapped {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        assert_eq!(round(dashboard).await, "Round 2 of 10");
        let worst = latencies.iter().copied().max().unwrap_or(0);
        eprintln!(
            "browser: {} pushes measured from a tap on one page to the view on another: median {} ms, worst {} ms",
            latencies.len(),
            median(latencies.clone()),
            worst
        );
        assert!(latencies.len() >= 8, "a round has several decisions: {latencies:?}");
        assert!(worst < GENEROUS, "a push took {worst} ms: {latencies:?}");
        // The dashboard (a full-HD television) shows both sheets, the scores so far, and
        // the QR code.
        let sheets = dashboard.find_all(Locator::Css("#sheets .sheet")).await.unwrap();
        assert_eq!(sheets.len(), 2);
        assert!(dashboard.find(Locator::Css("#scores table.deckhand-table")).await.is_ok());
        assert!(dashboard.find(Locator::Css(".qr svg")).await.is_ok());
        screenshot(dashboard, &shots.join("dashboard.png")).await;

        // SIGKILL the host and resume it: the pages reconnect by themselves.
        let v = version(dashboard).await;
        host.kill9();
        let offline_since = Instant::now();
        loop {
            let off = dashboard.execute("return document.body.classList.contains('offline');", vec![]).await.unwrap();
            if off == Value::Bool(true) {
                break;
            }
            assert!(offline_since.elapsed() < Duration::from_secs(10), "the page did not notice the host was gone");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let again = Host::start(&bin, dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
        assert_eq!(again.addr, host.addr, "resumed at the same address");
        // Answer on the resumed host over HTTP; every page shows it without a reload.
        let (seat, state) = (0..2).map(|s| (s, again.state(s))).find(|(_, s)| !s["decision"].is_null()).unwrap();
        let d = &state["decision"];
        let r = again.answer(seat, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
        assert_eq!(r.status, 200, "{}", r.body);
        for page in &pages {
            arrived(page, v + 1).await;
        }
        for page in pages {
            let _ = page.close().await;
        }
        drop(again);
    });
    drop(driver);
    assert!(shots.join("seat.png").exists() && shots.join("dashboard.png").exists());
    eprintln!("browser: screenshots in {}", shots.display());
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

/// The seats whose sheets the dashboard shows, in order.
async fn dashboard_sheets(c: &Client) -> Vec<u64> {
    let v = c
        .execute("return [...document.querySelectorAll('#sheets article')].map(a => Number(a.dataset.seat));", vec![])
        .await
        .expect("script");
    v.as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default()
}

/// Issue #23, pages that fit: at 360 × 640 and 390 × 844 no page scrolls sideways (join,
/// seat, the final screen, the shareable final page); a 4-player dashboard fits 1280 × 720
/// and 1920 × 1080 without scrolling, at the start and at the end (with each player's
/// review); the final screen shows the table once; before anyone scores there is no tie
/// line. Issue #33 item 6, a dashboard read from the sofa: at both sizes every text on it is
/// at least 14 px; it shows fewer, larger sheets (one at 1280 × 720, three at 1920 × 1080),
/// the sheet of the player whose turn it is first, the others taking turns.
#[test]
fn pages_fit_phones_and_a_television() {
    let Some((chromium, chromedriver)) = programs("pages_fit_phones_and_a_television") else { return };
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(crate::common::repo().join("tests/saves/four.jsonl"), dir.path().join("four.jsonl")).unwrap();
    let bin = crate::child::bin();
    let players = ["--players", "Ann,Bob,Cy,Dee", "--dice", "digital", "--seed", "3", "--save", "g.jsonl"];
    let start = Host::start(
        &bin,
        dir.path(),
        &[&["play", "fleet-dice"], &players[..], &["--serve", "--bind", "127.0.0.1:0"]].concat(),
        "g.jsonl",
    );
    // The same in German, whose names are the longest.
    let players_de = ["--players", "Ann,Bob,Cy,Dee", "--dice", "digital", "--seed", "3", "--save", "d.jsonl"];
    let german = Host::start(
        &bin,
        dir.path(),
        &[&["--lang", "de", "play", "fleet-dice"], &players_de[..], &["--serve", "--bind", "127.0.0.1:0"]].concat(),
        "d.jsonl",
    );
    // The 4-player game of deckhand 0.1, over: served, it shows the final table.
    let end = Host::start(
        &bin,
        dir.path(),
        &["resume", "four.jsonl", "--serve", "--bind", "127.0.0.1:0", "--review-playouts", "1"],
        "four.jsonl",
    );
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        let mut problems = Vec::new();
        for host in [&start, &german, &end] {
            let origin = format!("http://{}", host.addr);
            for (w, h) in [(360, 640), (390, 844)] {
                open_plain(&c, &host.join, w, h).await;
                let mut pages = vec![("join".to_string(), extent(&c).await)];
                open(&c, &format!("{origin}{}", host.seats[0]), w, h).await;
                pages.push(("seat".into(), extent(&c).await));
                if std::ptr::eq(host, &end) {
                    open_plain(&c, &format!("{}/final.html", host.join), w, h).await;
                    pages.push(("final page".into(), extent(&c).await));
                }
                for (page, (sw, iw, _, _)) in pages {
                    eprintln!("{page} at {w}x{h}: {sw} wide in {iw}");
                    if sw > iw {
                        problems.push(format!("{page} at {w}x{h} is {sw} px wide in {iw}"));
                    }
                }
                // Nor does a box inside the seat's page (its sheet, its table) scroll
                // sideways: a column cut off at the edge could not be tapped.
                open(&c, &format!("{origin}{}", host.seats[0]), w, h).await;
                for inside in sideways(&c).await {
                    problems.push(format!("seat at {w}x{h}: {inside} scrolls sideways"));
                }
            }
            for (w, h) in [(1280, 720), (1920, 1080)] {
                open(&c, &format!("{origin}{}", host.dashboard), w, h).await;
                viewport(&c, w, h).await;
                if std::ptr::eq(host, &end) {
                    // The final screen whole: each player's review worked out.
                    let started = Instant::now();
                    while c.find_all(Locator::Css("#result .review-lines li")).await.unwrap().len() < 4 {
                        assert!(started.elapsed() < Duration::from_secs(240), "no review on the dashboard");
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                } else {
                    // Fewer, larger sheets: as many as fit, the one whose turn it is first.
                    let shown = dashboard_sheets(&c).await;
                    let want = if w == 1280 { 1 } else { 3 };
                    assert_eq!(shown.len(), want, "sheets on the dashboard at {w}x{h}: {shown:?}");
                    let focus = host.get(&format!("{}/state", host.dashboard)).json()["focus"].clone();
                    if let Some(focus) = focus.as_u64() {
                        assert_eq!(shown[0], focus, "the sheet of the player whose turn it is first");
                    }
                    // Of the others, their head lines.
                    let others = text_of(&c, "#others").await;
                    let names = ["Ann", "Bob", "Cy", "Dee"];
                    let missing: Vec<&str> = (0..4).filter(|s| !shown.contains(s)).map(|s| names[s as usize]).collect();
                    assert_eq!(others.lines().count(), missing.len(), "{others}");
                    for name in missing {
                        assert!(others.lines().any(|l| l.starts_with(&format!("{name} · "))), "{name}: {others}");
                    }
                    // The others take turns where there is a place for them.
                    if shown.len() > 1 || focus.is_null() {
                        let started = Instant::now();
                        while dashboard_sheets(&c).await == shown {
                            assert!(
                                started.elapsed() < Duration::from_secs(20),
                                "the sheets never took turns: {shown:?}"
                            );
                            tokio::time::sleep(Duration::from_millis(250)).await;
                        }
                        if let Some(focus) = focus.as_u64() {
                            assert_eq!(dashboard_sheets(&c).await[0], focus, "the turn's sheet stays first");
                        }
                    }
                }
                let (sw, iw, sh, ih) = extent(&c).await;
                eprintln!("dashboard at {w}x{h}: {sw}x{sh} in {iw}x{ih}");
                if sw > iw || sh > ih {
                    problems.push(format!("the dashboard at {w}x{h} is {sw}x{sh} in {iw}x{ih}"));
                }
                let (texts, small) = small_texts(&c, 14.0).await;
                eprintln!("dashboard at {w}x{h}: {texts} texts, {} under 14 px", small.len());
                assert!(texts > 40, "the dashboard at {w}x{h} shows {texts} texts");
                for small in small {
                    problems.push(format!("the dashboard at {w}x{h}: {small}"));
                }
                // Nothing on it cut off (a sheet wider than its place scrolls inside it).
                for inside in sideways(&c).await {
                    problems.push(format!("the dashboard at {w}x{h}: {inside} scrolls sideways"));
                }
                {
                    let name = if std::ptr::eq(host, &end) {
                        "dashboard-final"
                    } else if std::ptr::eq(host, &german) {
                        "dashboard-de"
                    } else {
                        "dashboard-start"
                    };
                    let name = format!("{name}-{w}.png");
                    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
                    std::fs::create_dir_all(&shots).unwrap();
                    screenshot(&c, &shots.join(name)).await;
                }
            }
            let tables = c
                .execute(
                    "return [...document.querySelectorAll('table.deckhand-table')].filter(t => t.offsetParent).length;",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(tables, json!(1), "the table once on the dashboard");
            let notes = c.execute("return document.querySelectorAll('#scores .note').length;", vec![]).await.unwrap();
            if !std::ptr::eq(host, &end) {
                assert_eq!(notes, json!(0), "a tie line before anyone scored");
            }
        }
        let _ = c.close().await;
        assert!(problems.is_empty(), "{problems:#?}");
    });
    drop(driver);
}

/// Issue #23: the dice a player has tapped in survive a reload of the page (physical dice:
/// the roll is tapped in on the roller's phone); a die tapped in wrong is taken out with a
/// tap, and the roll is sent by itself with its last die.
#[test]
fn dice_tapped_in_survive_a_reload() {
    let Some((chromium, chromedriver)) = programs("dice_tapped_in_survive_a_reload") else { return };
    let dir = tempfile::tempdir().unwrap();
    let host = two_seats(dir.path());
    // The start dice and who starts, answered over HTTP, until a seat is to tap in a roll.
    let (roller, ()) = answer_until(&host, 10, |d| (!d["roll"].is_null()).then_some(())).expect("a seat rolls");
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        let url = format!("http://{}{}", host.addr, host.seats[roller]);
        open(&c, &url, 390, 844).await;
        let picked = || async {
            let v = c.execute("return document.querySelector('#decision .picked').textContent;", vec![]).await;
            v.ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
        };
        let faces = c.find_all(Locator::Css("#decision button.face")).await.unwrap();
        faces[0].click().await.unwrap();
        faces[1].click().await.unwrap();
        let before = picked().await;
        assert!(before.contains("(2/"), "{before}");
        c.refresh().await.unwrap();
        let started = Instant::now();
        while version(&c).await == 0 || picked().await.is_empty() {
            assert!(started.elapsed() < Duration::from_secs(20), "the page came back without its roll");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(picked().await, before, "the dice tapped in before the reload");
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).unwrap();
        screenshot(&c, &shots.join("roll.png")).await;
        // A die tapped in wrong is taken out with a tap on it; the roll is sent by itself
        // with its last die (no "send" tap).
        let lines = || std::fs::read_to_string(&host.save).unwrap().lines().count();
        let saved = lines();
        c.find(Locator::Css("#decision .picked button.chip")).await.unwrap().click().await.unwrap();
        assert!(picked().await.contains("(1/"), "{}", picked().await);
        assert!(!c.find(Locator::Css("#decision button.send")).await.unwrap().is_displayed().await.unwrap());
        let faces = c.find_all(Locator::Css("#decision button.face")).await.unwrap();
        faces[2].click().await.unwrap();
        assert_eq!(lines(), saved, "nothing sent before the last die");
        faces[3].click().await.unwrap();
        let started = Instant::now();
        while lines() == saved {
            assert!(started.elapsed() < Duration::from_secs(10), "the roll was not sent with its last die");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let text = std::fs::read_to_string(&host.save).unwrap();
        assert!(text.lines().last().unwrap().contains("Roll"), "{text}");
        let _ = c.close().await;
    });
    drop(driver);
}

/// A town roll has one boat die: once a boat face is tapped in, the boat faces cannot be
/// tapped again until it is taken out (nor town faces beyond the town dice), so the page
/// never builds a roll the rules refuse.
#[test]
fn a_town_roll_takes_no_more_faces_of_a_kind_than_its_dice() {
    let Some((chromium, chromedriver)) = programs("a_town_roll_takes_no_more_faces_of_a_kind_than_its_dice") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let host = two_seats(dir.path());
    // Answer over HTTP (the boat roll too) until a seat is to tap in the town roll.
    let town = |d: &Value| (d["roll"]["town"].as_u64().unwrap_or(0) > 0).then_some(());
    let (roller, ()) = answer_until(&host, 40, town).expect("a seat rolls the town dice");
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        open(&c, &format!("http://{}{}", host.addr, host.seats[roller]), 390, 844).await;
        let enabled = |css: &'static str| {
            let c = &c;
            async move {
                let v = c
                    .execute(&format!("return [...document.querySelectorAll('{css}')].map(b => !b.disabled);"), vec![])
                    .await
                    .unwrap();
                v.as_array().unwrap().iter().map(|b| b.as_bool().unwrap()).collect::<Vec<bool>>()
            }
        };
        let (boat, town) = ("#decision button.face.boat", "#decision button.face.town");
        assert!(enabled(boat).await.iter().all(|e| *e) && enabled(town).await.iter().all(|e| *e));
        c.find(Locator::Css(boat)).await.unwrap().click().await.unwrap();
        assert!(enabled(boat).await.iter().all(|e| !*e), "the one boat die is in: {:?}", enabled(boat).await);
        assert!(enabled(town).await.iter().all(|e| *e));
        // Taken out, the boat faces come back.
        c.find(Locator::Css("#decision .picked button.chip")).await.unwrap().click().await.unwrap();
        assert!(enabled(boat).await.iter().all(|e| *e));
        // The two town dice in: no third town face.
        let town_faces = c.find_all(Locator::Css(town)).await.unwrap();
        town_faces[0].click().await.unwrap();
        town_faces[1].click().await.unwrap();
        assert!(enabled(town).await.iter().all(|e| !*e));
        assert!(enabled(boat).await.iter().all(|e| *e), "the boat die still to enter");
        let _ = c.close().await;
    });
    drop(driver);
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

/// Issue #23 item 4, the page is the pad: the boxes the player may mark now are highlighted
/// on the drawn sheet, and one tap on a box answers — here a die pick and its use at once
/// (the box decides both); the button list stays; the tap can be undone from the phone.
#[test]
fn a_tap_on_a_highlighted_box_answers_the_pick_and_its_use() {
    let Some((chromium, chromedriver)) = programs("a_tap_on_a_highlighted_box_answers_the_pick_and_its_use") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let host = two_seats(dir.path());
    // The start dice, who starts and the roll, over HTTP, until a seat picks a die.
    let picker = answer_until(&host, 10, |d| {
        d["options"].as_array().unwrap().iter().any(|o| o["box"].is_string()).then_some(())
    })
    .map(|(seat, _)| seat);
    let picker = picker.expect("a seat picks a die");
    let lines = || std::fs::read_to_string(&host.save).unwrap().lines().map(String::from).collect::<Vec<_>>();
    let before = lines();
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        let url = format!("http://{}{}", host.addr, host.seats[picker]);
        open(&c, &url, 390, 844).await;
        // A box for each answer whose box decides it (a die whose use marks its column; not
        // a die whose next box asks license or boat).
        let offered = host.state(picker)["decision"]["options"].as_array().unwrap().clone();
        let with_box = offered.iter().filter(|o| o["box"].is_string()).count();
        let boxes = c.find_all(Locator::Css(".mine i.can")).await.unwrap();
        assert!(with_box >= 1 && boxes.len() == with_box, "{} boxes for {offered:?}", boxes.len());
        let buttons = c.find_all(Locator::Css("#decision button.opt")).await.unwrap();
        assert!(buttons.len() > boxes.len(), "the buttons stay, with the answers no box stands for");
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).unwrap();
        screenshot(&c, &shots.join("phone-pad.png")).await;
        let label = boxes[0].attr("aria-label").await.unwrap().unwrap_or_default();
        // A keyboard reaches each box (Tab) as a button.
        for b in &boxes {
            assert_eq!(b.attr("tabindex").await.unwrap().as_deref(), Some("0"));
            assert_eq!(b.attr("role").await.unwrap().as_deref(), Some("button"));
        }
        boxes[0].click().await.unwrap();
        let started = Instant::now();
        while lines().len() < before.len() + 2 {
            assert!(started.elapsed() < Duration::from_secs(10), "the tap was not saved");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let after = lines();
        assert!(after[before.len()].contains("Choice"), "the pick: {after:?}");
        assert_eq!(after[before.len() + 1], r#"{"do":{"Choice":"mark"}}"#, "and its use, from one tap ({label})");
        // The last tap taken back from the phone: one save line.
        let started = Instant::now();
        loop {
            if let Ok(undo) = c.find(Locator::Css("#undo:not([hidden])")).await {
                undo.click().await.unwrap();
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "no undo on the phone");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let started = Instant::now();
        while lines().len() == after.len() {
            assert!(started.elapsed() < Duration::from_secs(10), "the undo was not saved");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(lines().last().unwrap().contains("back"), "{:?}", lines().last());
        let _ = c.close().await;
    });
    drop(driver);
}

/// Issue #22, a page asks what the terminal asks: an answer that leads to a follow-up
/// question of the same seat (a king crab activation circle: its bonus card) opens it
/// on the page at once, with nothing sent; "back" takes the last tap back on the page; the
/// chain is built on the buttons (screen readers) and on the pad (a highlighted box), and
/// its last tap sends it as one answer.
#[test]
fn a_chain_is_asked_on_the_page_and_sent_as_one_answer() {
    let Some((chromium, chromedriver)) = programs("a_chain_is_asked_on_the_page_and_sent_as_one_answer") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let host = two_seats(dir.path());
    // Over HTTP, until a seat is offered an answer on the pad that leads on (a king crab
    // activation circle and its bonus card, a shrimp box's license or boat…).
    let found = answer_until(&host, 40, |d| {
        let leads_on = |o: &&Value| o["more"] == json!(true) && o["box"].is_string();
        let o = d["options"].as_array().unwrap().iter().find(leads_on)?;
        Some((o["key"].as_str().unwrap().to_string(), o["box"].as_str().unwrap().to_string()))
    })
    .map(|(seat, (key, place))| (seat, key, place));
    let (seat, key, place) = found.expect("an answer that leads to a follow-up");
    let lines = || std::fs::read_to_string(&host.save).unwrap().lines().count();
    let before = lines();
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        open(&c, &format!("http://{}{}", host.addr, host.seats[seat]), 390, 844).await;
        let links = || async { c.execute("return document.body.dataset.links || '';", vec![]).await.unwrap() };
        let until = |want: String| {
            let links = &links;
            async move {
                let started = Instant::now();
                while links().await != json!(want) {
                    assert!(started.elapsed() < Duration::from_secs(10), "the page never showed the links {want:?}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        };
        let button = format!("#decision button.opt[data-key=\"{key}\"]");
        // The first link by its button: the follow-up opens, nothing is sent.
        c.find(Locator::Css(&button)).await.unwrap().click().await.unwrap();
        until(key.clone()).await;
        assert_eq!(lines(), before, "nothing sent before the chain ends");
        for (w, h) in [(360, 640), (390, 844)] {
            viewport(&c, w, h).await;
            let (sw, iw, _, _) = extent(&c).await;
            assert!(sw <= iw, "a follow-up at {w} px is {sw} px wide in {iw}");
        }
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).unwrap();
        c.execute("window.scrollTo(0, 0);", vec![]).await.unwrap();
        screenshot(&c, &shots.join("chain.png")).await;
        assert!(c.find(Locator::Css("#undo:not([hidden])")).await.is_err(), "back, not undo, while a chain is open");
        // Back: the question again, with nothing sent.
        c.find(Locator::Css(".chain button.back")).await.unwrap().click().await.unwrap();
        until(String::new()).await;
        assert_eq!(lines(), before);
        // Again, on the pad this time, and on to the end: a highlighted box where the
        // follow-up has one, else its first button.
        c.find(Locator::Css(&format!(".mine i.can[data-box=\"{place}\"]"))).await.unwrap().click().await.unwrap();
        until(key.clone()).await;
        let mut chain = vec![key.clone()];
        while lines() == before {
            let now = links().await;
            if now != json!(chain.join("|")) {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            let boxes = c.find_all(Locator::Css(".mine i.can")).await.unwrap();
            let link = if let Some(b) = boxes.first() {
                let place = b.attr("data-box").await.unwrap().unwrap_or_default();
                b.click().await.unwrap();
                place
            } else {
                let b = c.find(Locator::Css("#decision button.opt")).await.unwrap();
                let k = b.attr("data-key").await.unwrap().unwrap_or_default();
                b.click().await.unwrap();
                k
            };
            chain.push(link);
            assert!(chain.len() < 10, "a chain that never ends: {chain:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The first lines written hold the chain to its last link (sent with the rest).
        let text = std::fs::read_to_string(&host.save).unwrap();
        let written: Vec<&str> = text.lines().skip(before).collect();
        let last = chain.last().unwrap();
        assert!(
            written.iter().any(|l| l.contains(&format!("\"{last}\""))) || last.contains('-'),
            "{chain:?} sent as one answer: {written:?}"
        );
        let started = Instant::now();
        while host.said().matches("(phone)").count() == 0 {
            assert!(started.elapsed() < Duration::from_secs(10), "the host never showed the answer");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = c.close().await;
    });
    drop(driver);
    let saved = lines() - before;
    assert!(saved >= 2, "the links' answers in the save: {saved} lines");
}

/// Whether a chain has more than one link to tap (a pick with follow-ups).
fn found_ok(links: &crate::parity::Links) -> bool {
    links.iter().filter(|(_, o)| o["given"] != json!(true)).count() > 1
}

/// Wait until a page shows the links of its chain tapped so far (its follow-up asked).
async fn wait_links(c: &Client, links: &[(String, Value)]) {
    let want = json!(links.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join("|"));
    let started = Instant::now();
    while c.execute("return document.body.dataset.links || '';", vec![]).await.unwrap() != want {
        assert!(started.elapsed() < Duration::from_secs(10), "the follow-up of {links:?} never showed");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The version a page shows (-1 before its first view).
async fn shown(c: &Client) -> i64 {
    let v = c.execute("return Number(document.body.dataset.v || -1);", vec![]).await.expect("script");
    v.as_i64().unwrap_or(-1)
}

/// Issue #23's measure: the reference 4-player game (`four_players.compact.answers`, the
/// same decisions) played on the four seat pages in Chromium by taps — a highlighted box
/// where the box decides the answer, else the answer's button, each link of a chain on the
/// page it opens, a roll by its dice (sent with the last one) — counting the taps per
/// player per round, split into sequential taps (the question opened for one seat alone)
/// and parallel ones (it opened together with another seat's: the shared die, fishing —
/// the last to answer too), and the sequential ones into picks, links after a pick and
/// other questions. Prints the figures BENCHMARKS.md keeps. The issue's targets
/// (sequential taps beyond entering the roll at most 2.0, all taps at most 4.0 per player
/// per round): the first is met (1.98), the second is out of reach by the rules' own count
/// (BENCHMARKS.md says why); the bounds held here are today's figures (1.98 and 8.80), so
/// that nothing gets worse. With early answers: while a pick's chain is open on its page,
/// the next pickers tap their picks and chains, and once the last pick is known the other
/// seats their uses of the shared die (held, written in turn order), the open chains tapped
/// in turns, one link each; such a tap is sequential when no other seat has a question open
/// at that moment.
/// A minute of Chromium, so run on demand:
/// `cargo test --test deckhand -- --ignored the_reference_game_by_taps_on_the_pad --nocapture`.
#[test]
#[ignore = "a benchmark (a minute of Chromium): run with --ignored"]
fn the_reference_game_by_taps_on_the_pad() {
    let Some((chromium, chromedriver)) = programs("the_reference_game_by_taps_on_the_pad") else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let want = crate::parity::at_the_terminal(d);
    let bin = crate::child::bin();
    let args =
        ["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--save", "b.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    let host = Host::start(&bin, d, &args, "b.jsonl");
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    // Taps per seat: [setup, sequential, parallel, roll], and on boxes.
    let mut taps = [[0usize; 4]; 4];
    let mut on_boxes = 0usize;
    let mut last_of_together = 0usize;
    let mut given = 0usize;
    // Parallel taps that answer the shared die (its first link).
    let mut shared = 0usize;
    // Sequential taps: [a die pick, a link after a pick on the same page, any other].
    let mut sequential_kind = [0usize; 3];
    let mut opened_with = std::collections::HashMap::<u64, usize>::new();
    // Early picks, and early uses of the shared die, a page showed as held.
    let mut held_shown = 0usize;
    let mut held_shared_shown = 0usize;
    runtime.block_on(async {
        let mut pages = Vec::new();
        let mut profiles = Vec::new();
        for seat in 0..4 {
            let profile = tempfile::tempdir().unwrap();
            let c = browser(&driver, &chromium, profile.path()).await;
            open_plain(&c, &format!("http://{}{}", host.addr, host.seats[seat]), 390, 844).await;
            pages.push(c);
            profiles.push(profile);
        }
        loop {
            // The states first (each waits for an answer being written), then the save
            // they stand for.
            let saved = crate::parity::entries(&host.save).len();
            let states: Vec<Value> = (0..4).map(|s| host.state(s)).collect();
            let done = crate::parity::entries(&host.save);
            // Early picks change the version without a line in the save: the states agree
            // with each other and the save did not change while they were read.
            if states.iter().any(|s| s["v"] != states[0]["v"]) || done.len() != saved {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
            assert_eq!(want[..done.len()], done[..], "the pages' save left the terminal's");
            if done.len() == want.len() {
                break;
            }
            let next: Value = serde_json::from_str(&want[done.len()]).unwrap();
            let open_now = states.iter().filter(|s| !s["decision"].is_null()).count();
            // How many seats had a question open together with each question, at most.
            for state in &states {
                if let Some(offer) = state["decision"]["offer"].as_u64() {
                    let seen = opened_with.entry(offer).or_insert(0);
                    *seen = (*seen).max(open_now);
                }
            }
            let mut tapped = false;
            for (seat, state) in states.iter().enumerate() {
                let decision = &state["decision"];
                if decision.is_null() {
                    continue;
                }
                let setup = !state["round"].as_str().unwrap_or_default().chars().any(|c| c.is_ascii_digit());
                // Parallel: the question opened together with another seat's (the shared
                // die, fishing: everyone answers at once, the last one too).
                let offer = decision["offer"].as_u64().unwrap();
                let class = if setup {
                    0
                } else if opened_with[&offer] > 1 {
                    2
                } else {
                    1
                };
                let c = &pages[seat];
                // The page shows this very question (it is pushed to it).
                let started = Instant::now();
                while shown(c).await < state["v"].as_i64().unwrap() {
                    assert!(started.elapsed() < Duration::from_secs(10), "the page never showed offer {offer}");
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                if !decision["roll"].is_null() {
                    let Some(faces) = next["do"]["Roll"]["faces"].as_array() else { continue };
                    for f in faces {
                        let css = format!("#decision button.face[data-key=\"{}\"]", f.as_str().unwrap());
                        c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
                        taps[seat][3] += 1;
                    }
                    // Sent by itself with its last die.
                } else {
                    // The chain of options whose save lines are the terminal's next ones,
                    // each link tapped on the page (a follow-up opens on the page at once;
                    // the last tap sends the whole chain).
                    let Some(found) = crate::parity::chain(&host, &want, &done, seat, decision) else { continue };
                    let kind = crate::parity::asked_kind(&done, seat);
                    let pick = kind == crate::parity::Kind::Pick;
                    let links = match found {
                        Ok(links) => links,
                        Err(key) => vec![(key, Value::Null)],
                    };
                    let keys = |l: &crate::parity::Links| l.iter().map(|(k, _)| k.clone()).collect::<Vec<String>>();
                    // Early picks: while a pick's chain is open on its page, the next
                    // pickers answer theirs as soon as their question opens; the chains
                    // are tapped in turns, one link each, and a tap is sequential only when
                    // no other seat has a question open at that moment.
                    let early = pick && found_ok(&links);
                    let mut then = done.clone();
                    if early {
                        then.extend(crate::parity::planned(&done, seat, &keys(&links)).unwrap());
                    }
                    // (seat, links, next link, whether it is a pick)
                    let mut jobs: Vec<(usize, crate::parity::Links, usize, bool)> = vec![(seat, links, 0, pick)];
                    loop {
                        let mut progress = false;
                        let mut j = 0;
                        while j < jobs.len() {
                            let (s, links, i, is_pick) = (jobs[j].0, jobs[j].1.clone(), jobs[j].2, jobs[j].3);
                            j += 1;
                            if i >= links.len() {
                                continue;
                            }
                            progress = true;
                            let (key, option) = &links[i];
                            // The next link of this chain: taps up to the next one not given.
                            let mut upto = i + 1;
                            while upto < links.len() && links[upto].1["given"] == json!(true) {
                                upto += 1;
                            }
                            jobs[j - 1].2 = if option["given"] == json!(true) { i + 1 } else { upto };
                            if option["given"] == json!(true) {
                                // The rules gave it: the page takes it untapped.
                                given += 1;
                                continue;
                            }
                            let c = &pages[s];
                            if links[..i].iter().any(|(_, o)| o["given"] != json!(true)) {
                                // The follow-up shows on the page before its tap.
                                wait_links(c, &links[..i]).await;
                            }
                            if early && s != seat && i == 0 {
                                // Its early question shows on its page.
                                let started = Instant::now();
                                while shown(c).await < host.state(s)["v"].as_i64().unwrap() {
                                    assert!(
                                        started.elapsed() < Duration::from_secs(10),
                                        "seat {s} never showed its pick"
                                    );
                                    tokio::time::sleep(Duration::from_millis(10)).await;
                                }
                            }
                            let saved_before = crate::parity::entries(&host.save).len();
                            let offer_before = host.state(s)["decision"]["offer"].clone();
                            let class = if !early {
                                class
                            } else if (0..4).filter(|o| *o != s).any(|o| !host.state(o)["decision"].is_null()) {
                                2
                            } else {
                                1
                            };
                            match option["box"].as_str() {
                                Some(b) => {
                                    let css = format!(".mine i.can[data-box=\"{b}\"]");
                                    c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
                                    on_boxes += 1;
                                }
                                None => {
                                    let css = format!("#decision button.opt[data-key=\"{key}\"]");
                                    c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
                                }
                            }
                            taps[s][class] += 1;
                            if class == 1 {
                                // The paper's sequential moment is the pick; what follows it
                                // on the same page (its ship, license, star action…) is not.
                                match (i, is_pick) {
                                    (0, true) => sequential_kind[0] += 1,
                                    (_, true) => sequential_kind[1] += 1,
                                    _ => sequential_kind[2] += 1,
                                }
                            }
                            if class == 2 && i == 0 && (kind == crate::parity::Kind::Shared || (early && !is_pick)) {
                                shared += 1;
                            }
                            if class == 2 && !early && open_now == 1 {
                                // The last of a question everyone answers at once, which only
                                // this seat has left open now.
                                last_of_together += 1;
                            }
                            if !early {
                                continue;
                            }
                            // What the tap did on the table: the follow-up asked ahead (the
                            // next pickers' questions open after it), or the chain sent
                            // (held, or written).
                            if upto < links.len() {
                                wait_links(c, &links[..upto]).await;
                            } else {
                                let started = Instant::now();
                                while host.state(s)["held"].is_null()
                                    && crate::parity::entries(&host.save).len() == saved_before
                                    && host.state(s)["decision"]["offer"] == offer_before
                                {
                                    assert!(
                                        started.elapsed() < Duration::from_secs(10),
                                        "the chain of seat {s} was not taken"
                                    );
                                    tokio::time::sleep(Duration::from_millis(10)).await;
                                }
                                if let Some(text) = host.state(s)["held"].as_str() {
                                    // The page shows the pick as held until it is written.
                                    let started = Instant::now();
                                    loop {
                                        let shown = match c.find(Locator::Css("#decision .idle")).await {
                                            Ok(e) => e.text().await.unwrap_or_default(),
                                            Err(_) => String::new(),
                                        };
                                        if shown == text || host.state(s)["held"].is_null() {
                                            held_shown += usize::from(shown == text && is_pick);
                                            held_shared_shown += usize::from(shown == text && !is_pick);
                                            break;
                                        }
                                        assert!(
                                            started.elapsed() < Duration::from_secs(10),
                                            "held never shown: {text}"
                                        );
                                        tokio::time::sleep(Duration::from_millis(10)).await;
                                    }
                                }
                            }
                            // The next in turn once its early question is open: the next
                            // picker, or, once the last pick is known, the next to use the
                            // shared die (the terminal's order, from the front).
                            let next = crate::parity::front_seat(&then);
                            if let Some(q) = next.filter(|q| !jobs.iter().any(|j| j.0 == *q)) {
                                let theirs = host.state(q)["decision"].clone();
                                let kind = crate::parity::asked_kind(&then, q);
                                if jobs.last().unwrap().2 > 0
                                    && theirs["early"] == json!(true)
                                    && matches!(kind, crate::parity::Kind::Pick | crate::parity::Kind::Shared)
                                {
                                    if let Some(Ok(mine)) = crate::parity::chain(&host, &want, &then, q, &theirs) {
                                        then.extend(crate::parity::planned(&then, q, &keys(&mine)).unwrap());
                                        jobs.push((q, mine, 0, kind == crate::parity::Kind::Pick));
                                    }
                                }
                            }
                        }
                        if !progress {
                            break;
                        }
                    }
                }
                let started = Instant::now();
                while crate::parity::entries(&host.save).len() == done.len() {
                    assert!(started.elapsed() < Duration::from_secs(10), "the tap was not saved");
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                tapped = true;
                break;
            }
            assert!(tapped, "no page offers the next answer {next} after {} lines", done.len());
        }
        for c in pages {
            let _ = c.close().await;
        }
        drop(profiles);
    });
    drop(driver);
    let per = |n: usize| n as f64 / 40.0;
    let sum = |k: usize| taps.iter().map(|t| t[k]).sum::<usize>();
    let (setup, sequential, parallel, rolls) = (sum(0), sum(1), sum(2), sum(3));
    let all = sequential + parallel + rolls;
    eprintln!(
        "taps: setup {setup}; in 10 rounds sequential {sequential} ({:.2} per player per round), parallel {parallel} ({:.2}), \
         rolls {rolls} ({:.2}); all {all} ({:.2}); on boxes {on_boxes}; per seat [setup, sequential, parallel, roll] {taps:?}; \
         {last_of_together} parallel taps were the last of their question open (counted sequential by that alone: {:.2}); \
         sequential [picks, links after a pick, other questions] {sequential_kind:?}; {given} answers the rules gave untapped; \
         {shared} parallel taps answered the shared die",
        per(sequential),
        per(parallel),
        per(rolls),
        per(all),
        per(sequential + last_of_together)
    );
    eprintln!(
        "{held_shown} early picks and {held_shared_shown} early uses of the shared die shown as held on their pages"
    );
    assert!(held_shown >= 10, "early picks shown as held: {held_shown}");
    assert!(held_shared_shown >= 10, "early uses of the shared die shown as held: {held_shared_shown}");
    assert!(sequential <= 79, "sequential taps beyond the roll: {:.2} per player per round", per(sequential));
    assert!(all <= 352, "all taps: {:.2} per player per round", per(all));
}

/// The hint button on a seat's page (issue 24; issue #33 item 4): on a phone (390 × 844) the
/// hint opens next to the question, visible without scrolling; one line per button the page
/// has (named as the button is), best first, each with its expected points ± their spread
/// and its chance to win, the answers within noise of the best marked; the save unchanged.
#[test]
fn the_hint_button_weighs_every_answer_and_commits_nothing() {
    let Some((chromium, chromedriver)) = programs("the_hint_button_weighs_every_answer_and_commits_nothing") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bin = crate::child::bin();
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--dice", "digital", "--seed", "8"];
    let args: Vec<&str> = args.into_iter().chain(["--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"]).collect();
    let host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    let seat = (0..2).find(|s| !host.state(*s)["decision"].is_null()).expect("a seat decides");
    let saved = std::fs::read_to_string(&host.save).unwrap();
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        open(&c, &format!("http://{}{}", host.addr, host.seats[seat]), 390, 844).await;
        viewport(&c, 390, 844).await;
        let started = Instant::now();
        let button = loop {
            if let Ok(b) = c.find(Locator::Css("#hints button.hint")).await {
                break b;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "no hint button");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        button.click().await.unwrap();
        let started = Instant::now();
        loop {
            let items = c.find_all(Locator::Css("#hints .hint-list li")).await.unwrap();
            if !items.is_empty() {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no hint shown");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).unwrap();
        c.execute("window.scrollTo(0, 0);", vec![]).await.unwrap();
        screenshot(&c, &shots.join("phone-hint.png")).await;
        // Each line as the page shows it: where it is, its button's key, the button's own
        // label, the line's words and class.
        let lines = c
            .execute(
                "window.scrollTo(0, 0);\
                 const label = b => b ? [...b.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('') : null;\
                 return [...document.querySelectorAll('#hints .hint-list li')].map(li => {\
                   const r = li.getBoundingClientRect();\
                   const b = document.querySelector('#decision button.opt[data-key=\"' + li.dataset.key + '\"]');\
                   return { top: r.top, bottom: r.bottom, height: innerHeight, key: li.dataset.key, button: label(b),\
                            text: li.textContent, label: li.firstChild.textContent, cls: li.className };\
                 });",
                vec![],
            )
            .await
            .unwrap();
        let lines = lines.as_array().unwrap().clone();
        // The question and its hint, one under the other, both on the first screen.
        let prompt = c
            .execute(
                "const p = [...document.querySelectorAll('#ask .prompt, #decision > .prompt')].filter(e => e.offsetParent)[0];\
                 return p ? p.getBoundingClientRect().bottom : -1;",
                vec![],
            )
            .await
            .unwrap();
        let prompt = prompt.as_f64().unwrap();
        assert!(prompt > 0.0, "the question is shown");
        let mut means = Vec::new();
        for l in &lines {
            assert!(l["top"].as_f64().unwrap() >= prompt, "the hint under its question: {l}");
            assert!(l["bottom"].as_f64().unwrap() <= l["height"].as_f64().unwrap(), "visible without scrolling: {l}");
            // Named as the button it stands for, which the page has.
            assert_eq!(l["button"], l["label"], "a line names a button of the page: {l}");
            let text = l["text"].as_str().unwrap();
            // The figures after the answer's words (which may end in a digit: "box 1").
            let figures = l["label"].as_str().and_then(|label| text.strip_prefix(label)).unwrap_or(text);
            let (mean, spread) = figures
                .split(" · ")
                .find_map(|part| {
                    let (m, s) = part.rsplit_once(" ± ")?;
                    let m = m.rsplit(|c: char| !(c.is_ascii_digit() || c == '.')).next()?;
                    Some((m.parse::<f64>().ok()?, s.trim().parse::<f64>().ok()?))
                })
                .unwrap_or_else(|| panic!("the spread shown: {text}"));
            assert!(text.contains('%'), "the chance to win: {text}");
            means.push((mean, spread, l["cls"].as_str().unwrap().to_string(), text.to_string()));
        }
        assert!(means.len() >= 2, "a question with answers to weigh: {lines:?}");
        let buttons = c.find_all(Locator::Css("#decision button.opt")).await.unwrap();
        assert!(means.len() <= buttons.len(), "no line without a button: {lines:?}");
        // Best first, marked as the best; the others in order, those within noise of the
        // best marked so.
        assert_eq!(means[0].2, "best", "{means:?}");
        assert!(means[0].3.contains("best"), "{means:?}");
        assert!(means.windows(2).all(|w| w[0].0 >= w[1].0), "best first: {means:?}");
        let (best, best_spread) = (means[0].0, means[0].1);
        for (mean, spread, cls, text) in &means[1..] {
            let noise = 2.0 * (spread * spread + best_spread * best_spread).sqrt();
            let gap = best - mean;
            if cls == "close" {
                assert!(gap <= noise + 0.15 && text.contains("within the noise"), "{text}: {gap} > {noise}");
            } else {
                assert!(gap >= noise - 0.15 && !text.contains("within the noise"), "{text}: {gap} < {noise}");
            }
        }
        let _ = c.close().await;
    });
    drop(driver);
    assert_eq!(std::fs::read_to_string(&host.save).unwrap(), saved, "a hint commits nothing");
}

/// What a page shows, as text: the visible text of `css` (empty when there is none).
async fn text_of(c: &Client, css: &str) -> String {
    let v = c
        .execute("const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", vec![json!(css)])
        .await
        .expect("script");
    v.as_str().unwrap_or_default().to_string()
}

/// Issue #33 item 5, the final screens complete: the last answer of the reference 4-player
/// game given while every seat's page and the dashboard are open, then on every phone
/// (390 × 844) and on the dashboard (1280 × 720) the winner, the final table, each player's
/// review in two lines (once worked out: the screens say so meanwhile) and the BG Stats
/// link with its QR code; no phone says "nothing for you to decide" beside "the game is
/// over". The final page written beside the save gets the review too.
#[test]
fn the_final_screens_carry_the_winner_the_table_the_reviews_and_the_bgstats_code() {
    let Some((chromium, chromedriver)) =
        programs("the_final_screens_carry_the_winner_the_table_the_reviews_and_the_bgstats_code")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // The reference game but its last answer (a star action).
    let four = std::fs::read_to_string(crate::common::repo().join("tests/saves/four.jsonl")).unwrap();
    let lines: Vec<&str> = four.lines().collect();
    let (last, before) = lines.split_last().unwrap();
    std::fs::write(dir.path().join("g.jsonl"), before.join("\n") + "\n").unwrap();
    let key = serde_json::from_str::<Value>(last).unwrap()["do"]["Choice"].as_str().unwrap().to_string();
    let bin = crate::child::bin();
    let args = ["resume", "g.jsonl", "--serve", "--bind", "127.0.0.1:0", "--review-playouts", "1"];
    let host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    let seat = (0..4).find(|s| !host.state(*s)["decision"].is_null()).expect("the last question");
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profiles = tempfile::tempdir().unwrap();
        let mut pages = Vec::new();
        for (i, (path, w, h)) in
            (0..4).map(|s| (host.seats[s].clone(), 390, 844)).chain([(host.dashboard.clone(), 1280, 720)]).enumerate()
        {
            let c = browser(&driver, &chromium, &profiles.path().join(i.to_string())).await;
            open(&c, &format!("http://{}{path}", host.addr), w, h).await;
            if i == 4 {
                viewport(&c, w, h).await;
            }
            pages.push(c);
        }
        let idle = text_of(&pages[(seat + 1) % 4], "#decision").await;
        assert!(idle.contains("Nothing for you to decide"), "a seat waiting: {idle}");
        let offer = host.state(seat)["decision"]["offer"].as_u64().unwrap();
        let r = host.answer(seat, offer, &key);
        assert_eq!(r.status, 200, "{}", r.body);
        for (i, c) in pages.iter().enumerate() {
            // The review is worked out after the game: the screens show it when it is ready.
            let started = Instant::now();
            while c.find_all(Locator::Css("#result .review-lines li")).await.unwrap().len() < 4 {
                assert!(
                    started.elapsed() < Duration::from_secs(240),
                    "page {i}: no review: {}",
                    text_of(c, "#result").await
                );
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            let result = text_of(c, "#result").await;
            assert!(text_of(c, "#status .round").await.contains("The game is over"), "page {i}");
            assert!(result.contains("wins with") || result.contains("share the win"), "page {i}: {result}");
            let rows = c.find_all(Locator::Css("#result table.deckhand-table tbody tr")).await.unwrap();
            assert_eq!(rows.len(), 4, "page {i}: the final table");
            for name in ["Ann", "Bob", "Cy", "Dee"] {
                let review: Vec<&str> = result.lines().filter(|l| l.starts_with(&format!("{name}: "))).collect();
                assert!(
                    review.iter().any(|l| l.contains("expected points lost to choices") && l.contains("luck")),
                    "page {i}: {result}"
                );
            }
            // Each player's review in two lines.
            let items = c
                .execute(
                    "return [...document.querySelectorAll('#result .review-lines li')].map(li =>\
                       [...li.children].map(s => s.innerText.trim()).filter(t => t).length);",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(items, json!([2, 2, 2, 2]), "page {i}: {result}");
            // The BG Stats link, and its code.
            let link = c.find(Locator::Css("#result .bgstats a")).await.expect("the BG Stats link");
            let href = link.attr("href").await.unwrap().unwrap_or_default();
            assert!(href.starts_with("https://app.bgstatsapp.com/createPlay.html?data="), "page {i}: {href}");
            assert!(c.find(Locator::Css("#result .bgstats svg")).await.is_ok(), "page {i}: the BG Stats code");
            // Nothing contradicts the end.
            let all = text_of(c, "body").await;
            assert!(!all.contains("Nothing for you to decide"), "page {i}: {all}");
        }
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).unwrap();
        screenshot(&pages[seat], &shots.join("phone-final.png")).await;
        screenshot(&pages[4], &shots.join("dashboard-over.png")).await;
        for c in pages {
            let _ = c.close().await;
        }
    });
    drop(driver);
    // The page to keep, rewritten with the review.
    let started = Instant::now();
    loop {
        let page = std::fs::read_to_string(dir.path().join("g-final.html")).unwrap_or_default();
        if page.contains("Luck and skill") && page.matches("expected points lost to choices").count() == 4 {
            assert!(page.contains("app.bgstatsapp.com/createPlay.html") && page.contains("<svg"), "{page}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the final page has no review: {page}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Wait until the save has `n` entries after its header; its entries.
fn saved_entries(save: &Path, n: usize) -> Vec<String> {
    let started = Instant::now();
    loop {
        let lines: Vec<String> = std::fs::read_to_string(save).unwrap().lines().skip(1).map(String::from).collect();
        if lines.len() >= n {
            return lines;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the save stopped at {lines:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Open a page whose first view may be version 0 (a game whose first question is asked
/// before anything is saved): wait for a view of any version.
async fn open_any(c: &Client, url: &str, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("window size");
    c.goto(url).await.expect("the page opens");
    let started = Instant::now();
    loop {
        let v = c.execute("return document.body.dataset.v !== undefined;", vec![]).await.expect("script");
        if v.as_bool() == Some(true) {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{url} shows no view");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
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

/// Tap the face `face` among the buttons `css` (a die to keep, a face to enter).
async fn tap_face(c: &Client, css: &str, face: &str, nth: usize) {
    let started = Instant::now();
    loop {
        let clicked = c
            .execute(
                "const bs = [...document.querySelectorAll(arguments[0])].filter(b => b.textContent.trim() === arguments[1]);\
                 const b = bs[arguments[2]]; if (!b || b.disabled) { return false; } b.click(); return true;",
                vec![json!(css), json!(face), json!(nth)],
            )
            .await
            .expect("script");
        if clicked.as_bool() == Some(true) {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "no face {face} at {css}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Issue #31 item 3: the five-dice game on the phones through the generic pages, with no
/// page of its own. One player with the table's dice: the faces tapped in (sent with the
/// last die), two 3s tapped to keep and the keep action, three more faces, then the box
/// tapped on the drawn sheet. Four players with digital dice: a die kept on Ann's phone, a
/// box tapped on hers, then on Bob's.
#[test]
fn the_five_dice_game_is_played_by_taps_on_the_generic_pages() {
    let Some((chromium, chromedriver)) = programs("the_five_dice_game_is_played_by_taps_on_the_generic_pages") else {
        return;
    };
    let bin = crate::child::bin();
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    // One player, the table's own dice.
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "yacht", "--players", "Ann", "--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    let mut host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        open_any(&c, &format!("http://{}{}", host.addr, host.seats[0]), 390, 844).await;
        for face in ["3", "3", "1", "2", "6"] {
            tap_face(&c, "#decision .faces button.face", face, 0).await;
        }
        saved_entries(&host.save, 1);
        shows(&c, 1).await;
        tap_face(&c, "#decision .faces.keep button.die", "3", 0).await;
        tap_face(&c, "#decision .faces.keep button.die", "3", 1).await;
        tap(&c, "#decision button.opt.keep").await;
        saved_entries(&host.save, 2);
        shows(&c, 2).await;
        for face in ["3", "3", "3"] {
            tap_face(&c, "#decision .faces button.face", face, 0).await;
        }
        saved_entries(&host.save, 3);
        shows(&c, 3).await;
        // The box is tapped on the drawn sheet.
        tap(&c, "td[data-box='five_of_a_kind'].can").await;
        let lines = saved_entries(&host.save, 4);
        assert_eq!(
            lines,
            [r#"{"roll":[3,3,1,2,6]}"#, r#"{"keep":[3,3]}"#, r#"{"roll":[3,3,3]}"#, r#"{"score":"five_of_a_kind"}"#]
        );
        let started = Instant::now();
        while !text_of(&c, "td[data-box='five_of_a_kind']").await.contains("50") {
            assert!(started.elapsed() < Duration::from_secs(20), "the sheet does not show the 50");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = c.close().await;
    });
    // The game is left unfinished: stop the host (finish() would wait 30 s for an end).
    host.kill9();
    // Four players, digital dice.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "play",
        "yacht",
        "--players",
        "Ann,Bob,Cy,Dee",
        "--dice",
        "digital",
        "--seed",
        "4",
        "--save",
        "g.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];
    let mut host = Host::start(&bin, dir.path(), &args, "g.jsonl");
    runtime.block_on(async {
        let profiles = tempfile::tempdir().unwrap();
        let ann = browser(&driver, &chromium, &profiles.path().join("ann")).await;
        open(&ann, &format!("http://{}{}", host.addr, host.seats[0]), 390, 844).await;
        let bob = browser(&driver, &chromium, &profiles.path().join("bob")).await;
        open(&bob, &format!("http://{}{}", host.addr, host.seats[1]), 390, 844).await;
        // deckhand rolled Ann's dice: she keeps the first die and rolls again.
        saved_entries(&host.save, 1);
        shows(&ann, 1).await;
        tap(&ann, "#decision .faces.keep button.die").await;
        tap(&ann, "#decision button.opt.keep").await;
        let lines = saved_entries(&host.save, 3);
        assert!(lines[1].starts_with(r#"{"keep":["#) && lines[2].starts_with(r#"{"roll":["#), "{lines:?}");
        shows(&ann, 3).await;
        tap(&ann, "td[data-box='chance'].can").await;
        let lines = saved_entries(&host.save, 5);
        assert_eq!(lines[3], r#"{"score":"chance"}"#);
        assert!(lines[4].starts_with(r#"{"roll":["#), "Bob's dice rolled: {lines:?}");
        shows(&bob, 5).await;
        tap(&bob, "td[data-box='chance'].can").await;
        let lines = saved_entries(&host.save, 6);
        assert_eq!(lines[5], r#"{"score":"chance"}"#);
        let _ = ann.close().await;
        let _ = bob.close().await;
    });
    // The game is left unfinished: stop the host (finish() would wait 30 s for an end).
    host.kill9();
    drop(driver);
}

/// Issue #32 item 3, paper pads read on the phones (`scan --serve`): on a phone's page at
/// 390 × 844 the player picks a photo of their pad in the file input (the camera on a
/// phone), the read pad is drawn beside the photo, the questions are answered by their
/// buttons and a tap on a box corrects it (a second tap puts it back); the page does not
/// scroll sideways (the pad scrolls inside its own box). Once the other pad is in, the
/// dashboard at 1280 × 720 shows the final table, every text at least 14 px. Screenshots:
/// `desk-phone.png`, `desk-dashboard.png`.
#[cfg(feature = "paper")]
#[test]
fn a_pad_photographed_on_the_phone_page_is_read_corrected_and_scored() {
    let test = "a_pad_photographed_on_the_phone_page_is_read_corrected_and_scored";
    let (ann_photo, ann_truth, _) = crate::paper_serve::pad_photo("ann", "cam-1", 21);
    let (bob_photo, bob_truth, _) = crate::paper_serve::pad_photo("bob", "cam-2", 22);
    desk_in_chromium(test, (ann_photo, ann_truth), (bob_photo, bob_truth), "Bob wins with 42 points", "desk");
}

/// Issue #32 item 3 for the five-dice game: the same on a five-dice pad (its bubbles the
/// tap targets). Screenshots: `desk-yacht-phone.png`, `desk-yacht-dashboard.png`.
#[cfg(feature = "paper")]
#[test]
fn a_five_dice_pad_photographed_on_the_phone_page_is_read_corrected_and_scored() {
    let test = "a_five_dice_pad_photographed_on_the_phone_page_is_read_corrected_and_scored";
    let (ann_photo, ann_truth, _) = crate::paper_serve::yacht_photo(crate::yacht::ANN, "ycam-1", 61);
    let (bob_photo, bob_truth, _) = crate::paper_serve::yacht_photo(crate::yacht::BOB, "ycam-2", 62);
    desk_in_chromium(test, (ann_photo, ann_truth), (bob_photo, bob_truth), "Bob wins with 384 points", "desk-yacht");
}

/// `scan --serve --players Ann,Bob` in Chromium: Ann's pad through her page's camera input
/// (answered, a box tapped empty and back), Bob's over HTTP from his page, then the
/// dashboard's final table (`wins`); screenshots `{shots}-phone.png`, `{shots}-dashboard.png`.
#[cfg(feature = "paper")]
fn desk_in_chromium(test: &str, ann: (Vec<u8>, Vec<bool>), bob: (Vec<u8>, Vec<bool>), wins: &str, shot: &str) {
    let Some((chromium, chromedriver)) = programs(test) else {
        return;
    };
    let ((ann_photo, ann_truth), (bob_photo, bob_truth)) = (ann, bob);
    let dir = tempfile::tempdir().unwrap();
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&shots).unwrap();
    let photo_file = dir.path().join("ann.jpg");
    std::fs::write(&photo_file, &ann_photo).unwrap();
    let (host, base) = crate::paper_serve::start_desk(dir.path(), &["--players", "Ann,Bob"]);
    let origin = format!("http://{}", host.addr);
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
        open_plain(&c, &format!("{origin}{}", host.seats[0]), 390, 844).await;
        viewport(&c, 390, 844).await;
        // The photo, as the camera gives it to the file input.
        let input = c.find(Locator::Css("#shot")).await.expect("the camera input");
        input.send_keys(&photo_file.display().to_string()).await.expect("a photo picked");
        let started = Instant::now();
        while c.find_all(Locator::Css("#pad svg .pb")).await.unwrap().len() != ann_truth.len() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the read pad never came: {}",
                text_of(&c, "#notice").await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let src = c.execute("return document.getElementById('photo').src;", vec![]).await.unwrap();
        assert!(src.as_str().unwrap_or_default().starts_with("blob:"), "the photo beside the pad: {src}");
        let class_of = |i: usize| {
            let c = c.clone();
            async move {
                let v = c
                    .execute(
                        "const g = document.querySelector('#pad [data-i=\"' + arguments[0] + '\"]');\
                         return g ? g.getAttribute('class') : '';",
                        vec![json!(i)],
                    )
                    .await
                    .expect("script");
                v.as_str().unwrap_or_default().to_string()
            }
        };
        // Every question answered by its buttons, as the pad says.
        loop {
            let v = c
                .execute("const q = document.querySelector('#asked .q'); return q ? Number(q.dataset.i) : -1;", vec![])
                .await
                .unwrap();
            let Some(i) = v.as_u64().map(|i| i as usize) else { break };
            let button = if ann_truth[i] { "yes" } else { "no" };
            c.execute(&format!("document.querySelector('#asked .q button.{button}').click();"), vec![]).await.unwrap();
            let started = Instant::now();
            while class_of(i).await.contains(" q") {
                assert!(started.elapsed() < Duration::from_secs(10), "the answer was not taken");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        // A tap on a marked box empties it; the page says what the check finds.
        let first = ann_truth.iter().position(|t| *t).unwrap();
        let tap = format!(
            "document.querySelector('#pad [data-i=\"{first}\"] > :first-child')\
             .dispatchEvent(new MouseEvent('click', {{ bubbles: true }}));"
        );
        c.execute(&tap, vec![]).await.unwrap();
        let started = Instant::now();
        while !class_of(first).await.starts_with("pb e t") {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the tap did not empty the box: {}",
                class_of(first).await
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let said = text_of(&c, "#done").await;
        assert!(said.contains("Points so far:"), "{said}");
        // The page fits the phone; only the pad scrolls, inside its box.
        let (sw, iw, _, _) = extent(&c).await;
        assert!(sw <= iw, "the phone's page is {sw} px wide in {iw}");
        screenshot(&c, &shots.join(format!("{shot}-phone.png"))).await;
        c.execute(&tap, vec![]).await.unwrap();
        let started = Instant::now();
        while !class_of(first).await.starts_with("pb m t") {
            assert!(started.elapsed() < Duration::from_secs(10), "the second tap did not mark it again");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(text_of(&c, "#findings").await, "The check finds nothing wrong.");
        // Bob's pad from his phone (here over HTTP), then the final table on the dashboard.
        let bob = &host.seats[1];
        let r = crate::host::request(&host.addr, "POST", &format!("{bob}/photo"), "image/jpeg", &bob_photo);
        assert_eq!(r.status, 200, "{}", r.body);
        crate::paper_serve::answer_all(&host, bob, r.json(), &bob_truth);
        open_plain(&c, &format!("{origin}{base}/dashboard"), 1280, 720).await;
        viewport(&c, 1280, 720).await;
        let started = Instant::now();
        while c.find_all(Locator::Css("#result table.deckhand-table")).await.unwrap().is_empty() {
            assert!(started.elapsed() < Duration::from_secs(10), "no final table on the dashboard");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(text_of(&c, "#result").await.contains(wins), "{}", text_of(&c, "#result").await);
        let (texts, small) = small_texts(&c, 14.0).await;
        assert!(texts > 10 && small.is_empty(), "{texts} texts; under 14 px: {small:#?}");
        let (sw, iw, sh, ih) = extent(&c).await;
        assert!(sw <= iw && sh <= ih, "the dashboard is {sw}x{sh} in {iw}x{ih}");
        screenshot(&c, &shots.join(format!("{shot}-dashboard.png"))).await;
        let _ = c.close().await;
    });
    drop(driver);
}
