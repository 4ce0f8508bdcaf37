//! Pages that fit: phones without sideways scrolling, a 4-player dashboard on a
//! television, every text on it large enough to read from the sofa.

use super::*;

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
