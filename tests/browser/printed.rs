//! The pad as a printer draws it: `deckhand pad`'s own SVG, rendered by Chromium, marked
//! with a pen, read back by `scan`. (The benchmark's synthetic camera paints the pad from
//! its layout; this reads what `pad` actually writes.)

use super::*;
use deckhand::games::yacht;
use deckhand::games::Source;

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
    let svg = std::fs::read_to_string(d.join("pad.svg")).unwrap();
    // The sheet as played, and the bubbles it marks on the pad's layout.
    let (rules, page) = crate::paper::yacht_page("p", "Ann");
    let sheet = yacht::parse_sheet(&rules, &Source::new("ann.toml", crate::yacht::ANN.to_string())).unwrap().sheet;
    let truth = deckhand::paper::sheet::yacht_truth(&rules.base, &page, &sheet);
    let mut pen = String::from("<g stroke=\"#1a1a1a\" stroke-width=\"0.45\" stroke-linecap=\"round\" fill=\"none\">");
    for (b, _) in page.boxes.iter().zip(&truth).filter(|(_, t)| **t) {
        let (c, r) = ((b.x + b.size / 2.0, b.y + b.size / 2.0), b.size * 0.38);
        pen += &format!(
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\"/>",
            c.0 - r,
            c.1 - r,
            c.0 + r,
            c.1 + r,
            c.0 - r,
            c.1 + r,
            c.0 + r,
            c.1 - r
        );
    }
    pen += "</g>";
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    let marked = svg.trim_end().trim_end_matches("</svg>").to_string() + &pen + "</svg>\n";
    std::fs::write(d.join("marked.svg"), marked).unwrap();
    // A4 landscape at 300 dpi.
    let (w, h) = (3508u32, 2480u32);
    std::fs::write(
        d.join("print.html"),
        format!("<!doctype html><body style=\"margin:0\"><img src=\"marked.svg\" width=\"{w}\" height=\"{h}\"></body>"),
    )
    .unwrap();
    let driver = Driver::start(&chromedriver);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let png = runtime.block_on(async {
        let profile = tempfile::tempdir().unwrap();
        let c = browser(&driver, &chromium, profile.path()).await;
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
    std::fs::write(d.join("ann.png"), &png).unwrap();
    // Read back with nothing to answer: a question would find the empty answers file.
    std::fs::write(d.join("none.txt"), "").unwrap();
    let out = crate::common::deckhand(d)
        .args(["scan", "ann.png", "--out", "scanned", "--answers", "none.txt"])
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let text = std::fs::read_to_string(d.join("scanned").join("ann.toml")).unwrap();
    let back = yacht::parse_sheet(&rules, &Source::new("ann.toml", text.clone())).unwrap().sheet;
    let points =
        |s: &yacht::Sheet| -> Vec<Option<i64>> { s.boxes.iter().map(|e| e.as_ref().map(|e| e.points)).collect() };
    assert_eq!(
        (points(&back), back.upper_claim, back.extra_claim),
        (points(&sheet), sheet.upper_claim, sheet.extra_claim),
        "{text}"
    );
}
