//! Physical dice tapped in on the roller's phone: kept across a reload, taken out with a
//! tap, never more faces of a kind than the roll has dice.

use super::*;

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
