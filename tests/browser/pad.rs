//! The page is the pad: a tap on a highlighted box answers, a chain is asked on the page
//! and sent as one answer, and the reference game played by taps (its tap counts).

use super::*;

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
