//! Paper pads read on the phones (`scan --serve`): a photo picked on the phone's page, the
//! read pad corrected by taps, the dashboard's final table; a Fleet pad and a five-dice pad.

use super::*;

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
