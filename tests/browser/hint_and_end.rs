//! The hint button beside the question, and the final screens: winner, table, reviews and
//! the BG Stats code.

use super::*;

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
            // A figure and its spread (`43.2 ± 0.4`, `lead −3.1 ± 1.5`).
            let figure = |part: &str| {
                let (m, s) = part.rsplit_once(" ± ")?;
                let m = m.rsplit(' ').next()?.replace('−', "-").replace('+', "");
                Some((m.parse::<f64>().ok()?, s.trim().parse::<f64>().ok()?))
            };
            figure(figures.split(" · ").next().unwrap()).unwrap_or_else(|| panic!("the points' spread: {text}"));
            // With another player the hint aims to win: the lines rank by the expected lead,
            // and it is the lead's spread that says what is within the noise.
            let (mean, spread) = figures
                .split(" · ")
                .find(|part| part.starts_with("lead "))
                .and_then(figure)
                .unwrap_or_else(|| panic!("the lead and its spread shown: {text}"));
            assert!(text.contains('%'), "the chance to win: {text}");
            means.push((mean, spread, l["cls"].as_str().unwrap().to_string(), text.to_string()));
        }
        assert!(means.len() >= 2, "a question with answers to weigh: {lines:?}");
        let buttons = c.find_all(Locator::Css("#decision button.opt")).await.unwrap();
        assert!(means.len() <= buttons.len(), "no line without a button: {lines:?}");
        // Best first (the highest lead), marked as the best; the others in order, those
        // within noise of the best marked so.
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
                    review.iter().any(|l| (l.contains("expected points lost to choices")
                        || l.contains("expected points gained by choices"))
                        && l.contains("luck")
                        && !l.contains(": -")),
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
        let choices = page.matches("expected points lost to choices").count()
            + page.matches("expected points gained by choices").count();
        if page.contains("Luck and skill") && choices == 4 {
            assert!(page.contains("app.bgstatsapp.com/createPlay.html") && page.contains("<svg"), "{page}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the final page has no review: {page}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
