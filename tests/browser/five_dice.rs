//! The five-dice game on the generic pages, by taps: physical dice for one player, digital
//! dice for four.

use super::*;

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
        // Each box the roll may go into shows, faintly, what a tap would write there.
        assert_eq!(text_of(&c, "td[data-box='threes'].can.would").await, "15");
        assert_eq!(text_of(&c, "td[data-box='full_house'].can.would").await, "0");
        // The box is tapped on the drawn sheet.
        tap(&c, "td[data-box='five_of_a_kind'].can").await;
        let lines = saved_entries(&host.save, 4);
        assert_eq!(
            lines,
            [r#"{"roll":[3,3,1,2,6]}"#, r#"{"keep":[3,3]}"#, r#"{"roll":[3,3,3]}"#, r#"{"score":"five_of_a_kind"}"#]
        );
        let started = Instant::now();
        while !text_of(&c, "td[data-box='five_of_a_kind']:not(.would)").await.contains("50") {
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
        // The dashboard at 1280 × 720: the narrow sheets three side by side (not one, as
        // Fleet's wide ones), the sheet of the player whose turn it is (Cy) first and
        // outlined, and the fourth sheet's head line under them.
        let dash = browser(&driver, &chromium, &profiles.path().join("dash")).await;
        open(&dash, &format!("http://{}{}", host.addr, host.dashboard), 1280, 720).await;
        viewport(&dash, 1280, 720).await;
        let script = "return [[...document.querySelectorAll('#sheets article')].map(a => Number(a.dataset.seat)), \
                      !!document.querySelector('#sheets article.turn:first-child table.rows'), \
                      document.querySelector('#others').innerText];";
        let started = Instant::now();
        loop {
            let v = dash.execute(script, vec![]).await.expect("script");
            let seats: Vec<u64> = v[0].as_array().unwrap().iter().filter_map(|s| s.as_u64()).collect();
            let others = v[2].as_str().unwrap_or_default();
            if seats.len() == 3 && seats[0] == 2 && v[1] == true {
                let missing = (0..4).find(|s| !seats.contains(s)).unwrap();
                let name = ["Ann", "Bob", "Cy", "Dee"][missing as usize];
                assert!(others.starts_with(&format!("{name} · ")) && others.contains(" point"), "{others}");
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "dashboard sheets {seats:?}, {v:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = dash.close().await;
        let _ = ann.close().await;
        let _ = bob.close().await;
    });
    // The game is left unfinished: stop the host (finish() would wait 30 s for an end).
    host.kill9();
    drop(driver);
}
