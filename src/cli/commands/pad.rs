//! `deckhand pad`: pads to play on, printed from the game's layout — PDF (every page in
//! one file) or SVG (a file per page) — one page per player or blank pads.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::cli::args::RulesFile;
use crate::games::{self as rules, Rules};
use crate::paper::layout::{self, Page, Paper, Payload};
use crate::text::Lang;
use crate::Error;

/// `pad --paper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

/// `pad --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PadFormat {
    Pdf,
    Svg,
}

#[derive(Debug, Args)]
pub struct PadArgs {
    /// The game (an id from `deckhand games`); leave out with --rules
    pub game: Option<String>,
    /// One page per player, with the name printed: `--players Ann,Bob`
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub players: Vec<String>,
    /// Blank pads: this many pages
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// Paper size
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// File format (default: from the output file's extension, else PDF)
    #[arg(long, value_enum)]
    pub format: Option<PadFormat>,
    /// Write to FILE (an SVG of several pages: FILE-1.svg, FILE-2.svg, …)
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesFile,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("pad", "", "cli.help.pad.about"),
    ("pad", "game", "cli.help.pad.game"),
    ("pad", "players", "cli.help.pad.players"),
    ("pad", "count", "cli.help.pad.count"),
    ("pad", "paper", "cli.help.pad.paper"),
    ("pad", "format", "cli.help.pad.format"),
    ("pad", "output", "cli.help.pad.output"),
    ("pad", "rules", "cli.help.rules_file"),
];

/// The most pages one command prints.
const MAX_PAGES: usize = 100;

/// A new print run's id: six hex digits from the system's random source.
fn run_id() -> String {
    let mut b = [0u8; 3];
    if getrandom::fill(&mut b).is_err() {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        b = [(t >> 16) as u8, (t >> 8) as u8, t as u8];
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The page of one player (or a blank one) of a game: None when the game has no pad.
pub fn page_for(rules: &Rules, player: &str, page_id: &str, paper: Paper, lang: Lang) -> Option<Page> {
    let fingerprint = rules.fingerprint();
    let payload = Payload {
        game: rules.id().to_string(),
        rules: fingerprint.clone(),
        layout: layout::LAYOUT_VERSION,
        page: page_id.to_string(),
        corner: 0,
        paper,
        player: qr_player(player),
    };
    if let Some(f) = rules.fleet() {
        let words = crate::text::paper::fleet_words(f, player, page_id, &fingerprint, lang);
        return Some(layout::fleet(f, &words, paper, payload));
    }
    if let Some(e) = rules.endgame() {
        let words = crate::text::paper::endgame_words(e, player, page_id, &fingerprint, lang);
        return Some(layout::endgame(e, &words, paper, payload));
    }
    if let Some(y) = rules.yacht() {
        let words = crate::text::paper::yacht_words(y, &y.base, player, page_id, &fingerprint, lang);
        return Some(layout::yacht(&y.base, &words, paper, payload));
    }
    None
}

/// The player's name as the QR code carries it: at most 30 bytes, cut at a character.
pub fn qr_player(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if out.len() + c.len_utf8() > 30 {
            break;
        }
        out.push(c);
    }
    out
}

pub fn run(args: PadArgs, lang: Lang) -> anyhow::Result<i32> {
    if args.game.is_none() && args.rules.rules.is_none() {
        return Err(Error::Usage(crate::msg!("paper.pad.no_game")).into());
    }
    let rules = rules::resolve(args.game.as_deref(), args.rules.rules.as_deref())?;
    if rules.fischerspiel().is_some() {
        return Err(Error::Usage(crate::msg!("paper.pad.no_sheet", game = rules.names().get(lang))).into());
    }
    if !args.players.is_empty() && args.count.is_some() {
        return Err(Error::Usage(crate::msg!("paper.pad.players_or_count")).into());
    }
    let names: Vec<String> = if args.players.is_empty() {
        vec![String::new(); args.count.unwrap_or(1)]
    } else {
        args.players.iter().map(|p| p.trim().to_string()).collect()
    };
    if names.is_empty() || names.len() > MAX_PAGES {
        return Err(Error::Usage(crate::msg!("paper.pad.pages", n = names.len(), max = MAX_PAGES)).into());
    }
    if let Some(n) = names.iter().find(|n| n.chars().count() > crate::players::MAX_NAME_CHARS) {
        return Err(
            Error::Usage(crate::msg!("paper.pad.long_name", name = n, max = crate::players::MAX_NAME_CHARS)).into()
        );
    }
    if !args.players.is_empty() && names.iter().any(String::is_empty) {
        return Err(Error::Usage(crate::msg!("paper.pad.empty_name")).into());
    }
    let ext = args.output.as_deref().and_then(|p| p.extension()).map(|e| e.to_string_lossy().to_ascii_lowercase());
    let from_ext = match ext.as_deref() {
        Some("pdf") => Some(PadFormat::Pdf),
        Some("svg") => Some(PadFormat::Svg),
        // `-o pad.png` would get a PDF under an image's name: say what deckhand writes.
        Some(other) if args.format.is_none() => {
            let file = args.output.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
            return Err(Error::Usage(crate::msg!("paper.pad.unknown_ext", file = file, ext = other)).into());
        }
        _ => None,
    };
    let format = match (args.format, from_ext) {
        (Some(f), Some(e)) if f != e => {
            let file = args.output.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
            return Err(Error::Usage(crate::msg!("paper.pad.format_clash", file = file)).into());
        }
        (Some(f), _) | (None, Some(f)) => f,
        (None, None) => PadFormat::Pdf,
    };
    let paper = match args.paper {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
    };
    let run = run_id();
    let pages: Vec<Page> = names
        .iter()
        .enumerate()
        .map(|(i, name)| page_for(&rules, name, &format!("{run}-{}", i + 1), paper, lang).expect("a game with a sheet"))
        .collect();
    let Some(output) = args.output else {
        use std::io::IsTerminal;
        if std::io::stdout().is_terminal() {
            return Err(Error::Usage(crate::msg!("paper.pad.where")).into());
        }
        match format {
            PadFormat::Pdf => crate::cli::emit_bytes(crate::paper::draw::pdf(&pages).as_bytes())?,
            PadFormat::Svg if pages.len() == 1 => {
                crate::cli::emit_bytes(crate::paper::draw::svg(&pages[0]).as_bytes())?
            }
            PadFormat::Svg => return Err(Error::Usage(crate::msg!("paper.pad.svg_pages", n = pages.len())).into()),
        }
        return Ok(0);
    };
    let written: Vec<PathBuf> = match format {
        PadFormat::Pdf => {
            crate::store::files::write_new(&output, &crate::paper::draw::pdf(&pages))?;
            vec![output]
        }
        PadFormat::Svg if pages.len() == 1 => {
            crate::store::files::write_new(&output, &crate::paper::draw::svg(&pages[0]))?;
            vec![output]
        }
        PadFormat::Svg => {
            let mut out = Vec::new();
            for (i, page) in pages.iter().enumerate() {
                let path = numbered(&output, i + 1);
                crate::store::files::write_new(&path, &crate::paper::draw::svg(page))?;
                out.push(path);
            }
            out
        }
    };
    let files: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
    crate::cli::say(&crate::t!(lang, "paper.pad.wrote", files = files.join(", "), n = pages.len()));
    Ok(0)
}

/// `pads.svg` → `pads-2.svg`.
fn numbered(path: &Path, n: usize) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    path.with_file_name(format!("{stem}-{n}{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paper::layout::Ink;

    /// Every text of every game's pad, in every language, on both papers, with a long name:
    /// on the page, off the corner codes (the French and German instructions, and the
    /// five-dice game's in every language, ran under both top codes and off the page) and
    /// whole (ten labels of the English Fleet pad were cut short, `2 VP per buildi…`, and more
    /// in German and French).
    #[test]
    fn every_text_of_a_pad_stays_on_the_page_and_off_the_codes() {
        let long = "Maximiliane-Alexandra von Hohenzollern-Sigmaringen";
        for (id, _) in rules::BUILT_IN {
            let rules = rules::resolve(Some(id), None).unwrap();
            for lang in Lang::ALL {
                for paper in [Paper::A4, Paper::Letter] {
                    for player in ["", "Ann", long] {
                        let Some(page) = page_for(&rules, player, "ab12cd-1", paper, lang) else { continue };
                        let codes: Vec<(f32, f32, f32)> =
                            page.qrs.iter().map(|q| (q.x, q.y, q.modules.len() as f32 * q.module)).collect();
                        for ink in &page.ink {
                            let Ink::Text { x, y, size, anchor, text, .. } = ink else { continue };
                            let w = layout::text_width(text, *size);
                            let x0 = if *anchor == layout::Anchor::Middle { x - w / 2.0 } else { *x };
                            let (top, bottom) = (y - size * 1.1, y + size * 0.35);
                            let at = format!("{id} {lang:?} {paper:?} {player:?}: {text:?} at x {x0:.1}–{:.1}", x0 + w);
                            assert!(x0 >= 0.0 && x0 + w <= page.width && top >= 0.0 && bottom <= page.height, "{at}");
                            assert!(!text.ends_with('…'), "{at}: every label printed whole");
                            for (qx, qy, side) in &codes {
                                let apart = x0 + w <= *qx || x0 >= qx + side || bottom <= *qy || top >= qy + side;
                                assert!(apart, "{at} runs over the code at x {qx:.1}, y {qy:.1}");
                            }
                        }
                    }
                }
            }
        }
    }
}
