//! The pad as a printer draws it: `deckhand pad`'s own SVG, rendered by Chromium, marked
//! with a pen, read back by `scan`. (The benchmark's synthetic camera paints the pad from
//! its layout; this reads what `pad` actually writes.)

use super::*;
use deckhand::games::fleet::sheet_file;
use deckhand::games::yacht;
use deckhand::games::Source;
use deckhand::paper::layout::Page;

/// Render `d/pad.svg` in Chromium at 300 dpi with a pen's cross in each box of `page` that
/// `truth` marks (the pad's layout gives where its boxes are), and write the picture as
/// `d/photo.png`.
fn printed_and_marked(d: &Path, page: &Page, truth: &[bool], chromium: &Path, chromedriver: &Path) {
    let svg = std::fs::read_to_string(d.join("pad.svg")).unwrap();
    let mm = |attr: &str| -> f32 {
        let at = svg.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
        svg[at..].split("mm").next().unwrap().parse().unwrap()
    };
    let (w, h) = ((mm("width") / 25.4 * 300.0).round() as u32, (mm("height") / 25.4 * 300.0).round() as u32);
    let mut pen = String::from("<g stroke=\"#1a1a1a\" stroke-width=\"0.45\" stroke-linecap=\"round\" fill=\"none\">");
    for (b, _) in page.boxes.iter().zip(truth).filter(|(_, t)| **t) {
        let (x, y, r) = (b.x + b.size / 2.0, b.y + b.size / 2.0, b.size * 0.38);
        pen += &format!(
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\"/>",
            x - r,
            y - r,
            x + r,
            y + r,
            x - r,
            y + r,
            x + r,
            y - r
        );
    }
    pen += "</g>";
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    let marked = svg.trim_end().trim_end_matches("</svg>").to_string() + &pen + "</svg>\n";
    std::fs::write(d.join("marked.svg"), marked).unwrap();
    let html = format!("<!doctype html><body style=\"margin:0\"><img src=\"marked.svg\" width=\"{w}\" height=\"{h}\">");
    std::fs::write(d.join("print.html"), html).unwrap();
    let driver = Driver::start(chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let png = runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, chromium, profile.path()).await;
        c.set_window_size(w, h).await.expect("window size");
        c.goto(&format!("file://{}", d.join("print.html").display())).await.expect("the page opens");
        viewport(&c, w, h).await;
        let started = Instant::now();
        loop {
            let done = c.execute("const i = document.images[0]; return i.complete && i.naturalWidth > 0;", vec![]);
            if done.await.expect("script") == json!(true) {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "the pad's SVG never loaded");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let png = c.screenshot().await.expect("a screenshot");
        let _ = c.close().await;
        png
    });
    std::fs::write(d.join("photo.png"), &png).unwrap();
}

/// `scan photo.png` with nothing to answer (a question would find the answers file empty):
/// the sheet file it writes.
fn scanned_without_a_question(d: &Path) -> String {
    std::fs::write(d.join("none.txt"), "").unwrap();
    let out = crate::common::deckhand(d)
        .args(["scan", "photo.png", "--out", "scanned", "--answers", "none.txt"])
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    std::fs::read_to_string(d.join("scanned").join("photo.toml")).unwrap()
}

/// Issue 32: a five-dice pad printed from `deckhand pad yacht … -o pad.svg` (Chromium
/// renders the SVG at 300 dpi, as a printer would), a played sheet marked on it with a pen
/// (a cross in each bubble), is read back by `scan` without a question: the same points,
/// the same bonuses.
#[test]
fn a_printed_five_dice_pad_marked_with_a_pen_scans_back_to_its_sheet() {
    let Some((chromium, chromedriver)) = programs("a_printed_five_dice_pad_marked_with_a_pen_scans_back_to_its_sheet")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::deckhand(d).args(["pad", "yacht", "--players", "Ann", "-o", "pad.svg"]).assert().success();
    // The sheet as played, and the bubbles it marks on the pad's layout.
    let (rules, page) = crate::paper::yacht_page("p", "Ann");
    let sheet = yacht::parse_sheet(&rules, &Source::new("ann.toml", crate::yacht::ANN.to_string())).unwrap().sheet;
    let truth = deckhand::paper::sheet::yacht_truth(&rules.base, &page, &sheet);
    printed_and_marked(d, &page, &truth, &chromium, &chromedriver);
    let text = scanned_without_a_question(d);
    let back = yacht::parse_sheet(&rules, &Source::new("ann.toml", text.clone())).unwrap().sheet;
    let points =
        |s: &yacht::Sheet| -> Vec<Option<i64>> { s.boxes.iter().map(|e| e.as_ref().map(|e| e.points)).collect() };
    assert_eq!(
        (points(&back), back.upper_claim, back.extra_claim),
        (points(&sheet), sheet.upper_claim, sheet.extra_claim),
        "{text}"
    );
}

/// The same for Fleet's pad: Ann's sheet of a whole two-player game, marked on the pad
/// `deckhand pad fleet-dice` prints, reads back to the very sheet.
#[test]
fn a_printed_fleet_pad_marked_with_a_pen_scans_back_to_its_sheet() {
    let Some((chromium, chromedriver)) = programs("a_printed_fleet_pad_marked_with_a_pen_scans_back_to_its_sheet")
    else {
        return;
    };
    let played = crate::test::Test::new()
        .repo_file("tests/games/two_players.answers")
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--no-record"])
        .args(["--answers", "tests/games/two_players.answers"])
        .run();
    let d = played.dir.path();
    crate::common::deckhand(d).args(["pad", "fleet-dice", "--players", "Ann", "-o", "pad.svg"]).assert().success();
    let rules = crate::common::fleet();
    let sheet = sheet_file::parse(&rules, &Source::new("s.toml", played.read("g-ann.toml"))).unwrap().sheet;
    let page = crate::paper::fleet_page(&rules, "p", "Ann");
    let truth = deckhand::paper::sheet::fleet_truth(&rules, &page, &sheet);
    assert!(truth.iter().filter(|t| **t).count() > 40, "a finished game marks many boxes");
    printed_and_marked(d, &page, &truth, &chromium, &chromedriver);
    let text = scanned_without_a_question(d);
    let back = sheet_file::parse(&rules, &Source::new("s.toml", text.clone())).unwrap().sheet;
    assert_eq!(back, sheet, "{text}");
}
