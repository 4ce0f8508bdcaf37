//! `deckhand import FILE…`: record finished games from their save files (replayed through
//! the same code as `resume`), and merge other histories: another laptop's database file or
//! its `export --format deckhand`, told apart by their content. A play already in the
//! history (same content hash) is skipped, so importing twice changes nothing; the players
//! an import added are listed (matched by name, without case).

use std::io::Read as _;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::args::SavedRules;
use crate::cli::plays::{self, DbArgs};
use crate::cli::progress::Progress;
use crate::cli::saves;
use crate::history::record::Batch;
use crate::history::{self, transfer, Db, Filter, HistoryError, Order, PlayRecord, Recorded};
use crate::source::ReadError;
use crate::text::history::HistorySaid;
use crate::text::Lang;
use crate::Error;

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Save files written by `deckhand play`, history databases, or `export --format deckhand` files
    #[arg(required = true, value_name = "FILE")]
    pub saves: Vec<PathBuf>,
    /// Where the games were played (a table or a venue): recorded with every play that has no place yet
    #[arg(long, value_name = "NAME", value_parser = plays::location)]
    pub location: Option<String>,
    #[command(flatten)]
    pub rules: SavedRules,
    #[command(flatten)]
    pub db: DbArgs,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
}

pub const HELP: &[(&str, &str, &str)] = &[
    ("import", "", "cli.help.import.about"),
    ("import", "saves", "cli.help.import.saves"),
    ("import", "rules", "cli.help.began_with"),
    ("import", "allow_rules_change", "cli.help.import.allow_rules_change"),
    ("import", "location", "cli.help.import.location"),
    ("import", "db", "cli.help.history.db"),
    ("import", "quiet", "cli.help.quiet"),
];

/// A save replayed: its play when the game is over, None when it is not.
fn play_of(path: &Path, args: &ImportArgs, lang: Lang) -> Result<Option<PlayRecord>, Error> {
    let ended = plays::modified(path);
    let (header, _) = saves::read(path)?;
    let view = saves::view_of(path, &header)?;
    (view.finished)(path, &header, &args.rules, ended, lang)
}

/// What a file given to `import` is, judged by its content.
enum Kind {
    /// Another deckhand's history database (an SQLite file).
    Database,
    /// `export --format deckhand`.
    Export,
    /// A save of `deckhand play`.
    Save,
}

fn kind_of(path: &Path) -> Result<Kind, Error> {
    let io = |e: std::io::Error| Error::Read(ReadError::Io { path: path.display().to_string(), cause: e });
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(Error::Read(ReadError::NotAFile {
            path: path.display().to_string(),
            kind: crate::source::read::FileKind::of(&meta),
        }));
    }
    let mut head = Vec::with_capacity(256);
    std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head)).map_err(io)?;
    if head.starts_with(b"SQLite format 3\0") {
        return Ok(Kind::Database);
    }
    let first = head.split(|b| *b == b'\n').next().unwrap_or_default();
    if transfer::is_export(&String::from_utf8_lossy(first)) {
        return Ok(Kind::Export);
    }
    Ok(Kind::Save)
}

/// Plays of one file: recorded, already in the history, and left out (`fit`).
#[derive(Default)]
struct Merged {
    new: u64,
    already: u64,
    skipped: u64,
    /// Players the file brought who were not in the history.
    new_players: Vec<String>,
}

impl Merged {
    fn count(&mut self, recorded: Recorded) {
        match recorded {
            Recorded::New(_) => self.new += 1,
            Recorded::AlreadyRecorded(_) => self.already += 1,
        }
    }
}

/// A play with `--location` when it has no place of its own.
fn placed(play: PlayRecord, location: Option<&String>) -> PlayRecord {
    PlayRecord { location: play.location.or_else(|| location.cloned()), ..play }
}

/// Every play of another history (its database or its export) into ours, in one
/// transaction: a file is merged whole or not at all, but a play the history's checks
/// refuse (`fit`: a name or a location `play` would refuse) is named, with why, and left
/// out.
fn merge(
    db: &mut Db,
    ours: &Path,
    path: &Path,
    kind: &Kind,
    location: Option<&String>,
    progress: &Progress,
    lang: Lang,
) -> Result<Merged, Error> {
    let same = |a: &Path, b: &Path| {
        std::fs::canonicalize(a).ok().zip(std::fs::canonicalize(b).ok()).is_some_and(|(a, b)| a == b)
    };
    if same(path, ours) {
        return Err(Error::Usage(crate::msg!("cli.import.itself", file = path.display().to_string())));
    }
    let mut merged = Merged::default();
    let mut batch = Batch::begin(db)?;
    let file = crate::text::escape_controls(&path.display().to_string()).into_owned();
    let mut take = |play: PlayRecord, line: Option<usize>, id: i64| {
        progress.step();
        match batch.record(&placed(play, location)) {
            Ok(recorded) => {
                merged.count(recorded);
                Ok(())
            }
            Err(HistoryError::Unfit(why)) => {
                let why = crate::text::history::unfit(&why, lang);
                progress.say(&HistorySaid::ImportSkipped { file: &file, line, id, why: &why }.text(lang));
                merged.skipped += 1;
                Ok(())
            }
            Err(e) => Err(e),
        }
    };
    match kind {
        Kind::Database => {
            if let Some(theirs) = Db::open_read_only(path)? {
                let all = Filter { order: Order::Recorded, ..Filter::default() };
                history::query::each_play(&theirs, &all, |play| take(play.record, None, play.id))?;
            }
        }
        _ => transfer::read(path, |e| take(e.play, Some(e.line), e.id))?,
    }
    merged.new_players = batch.new_players().to_vec();
    batch.commit()?;
    Ok(merged)
}

/// How many plays a file brings, for the progress bar: a database's plays, an export's
/// lines after its head, one for a save (and for a file that cannot be read: its error is
/// said when its turn comes).
fn plays_in(path: &Path) -> u64 {
    match kind_of(path) {
        Ok(Kind::Database) => {
            Db::open_read_only(path).ok().flatten().and_then(|db| history::query::count(&db).ok()).unwrap_or(1)
        }
        Ok(Kind::Export) => std::fs::File::open(path)
            .map(|f| {
                let mut lines = 0u64;
                let mut reader = std::io::BufReader::with_capacity(1 << 16, f);
                loop {
                    let buf = match std::io::BufRead::fill_buf(&mut reader) {
                        Ok([]) | Err(_) => break,
                        Ok(buf) => buf,
                    };
                    lines += buf.iter().filter(|b| **b == b'\n').count() as u64;
                    let n = buf.len();
                    std::io::BufRead::consume(&mut reader, n);
                }
                lines.saturating_sub(1).max(1)
            })
            .unwrap_or(1),
        _ => 1,
    }
}

pub fn run(args: ImportArgs, lang: Lang) -> anyhow::Result<i32> {
    let ours = args.db.path().map_err(Error::from)?;
    let mut db = args.db.open()?;
    let progress = Progress::new(None, crate::t!(lang, "cli.progress.import"), args.quiet, lang);
    progress.size(args.saves.iter().map(|p| plays_in(p)).sum());
    let mut failed = 0;
    let mut skipped = 0;
    let mut new_players = Vec::new();
    for path in &args.saves {
        let file = crate::text::escape_controls(&path.display().to_string()).into_owned();
        let done = kind_of(path).and_then(|kind| match kind {
            Kind::Save => match play_of(path, &args, lang).inspect(|_| progress.step())? {
                Some(play) => {
                    let mut batch = Batch::begin(&mut db)?;
                    let recorded = batch.record(&placed(play, args.location.as_ref()))?;
                    new_players.extend(batch.new_players().iter().cloned());
                    batch.commit()?;
                    Ok(match recorded {
                        Recorded::New(id) => HistorySaid::Imported { file: &file.to_string(), id }.text(lang),
                        Recorded::AlreadyRecorded(id) => {
                            HistorySaid::ImportedBefore { file: &file.to_string(), id }.text(lang)
                        }
                    })
                }
                None => Ok(HistorySaid::ImportUnfinished(&file.to_string()).text(lang)),
            },
            kind => merge(&mut db, &ours, path, &kind, args.location.as_ref(), &progress, lang).map(|m| {
                skipped += m.skipped;
                new_players.extend(m.new_players);
                HistorySaid::ImportMerged { file: &file.to_string(), new: m.new, already: m.already }.text(lang)
            }),
        });
        match done {
            Ok(said) => progress.say(&said),
            Err(e) => {
                failed += 1;
                progress.say(&format!("deckhand: {}", e.message(lang)));
            }
        }
    }
    progress.finish();
    if !new_players.is_empty() {
        crate::ui::say(&HistorySaid::NewPlayers(&new_players).text(lang));
    }
    let skipped = (skipped > 0).then(|| Error::Usage(crate::msg!("cli.import.plays_skipped", n = skipped)));
    if failed > 0 {
        if let Some(skipped) = skipped {
            crate::ui::say(&format!("deckhand: {}", skipped.message(lang)));
        }
        return Err(Error::Usage(crate::msg!("cli.import.failed", n = failed)).into());
    }
    if let Some(skipped) = skipped {
        return Err(skipped.into());
    }
    Ok(0)
}
