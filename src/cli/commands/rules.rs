//! `deckhand rules show|check|export` and `deckhand games`.

use std::fmt::Write as _;

use std::path::PathBuf;

use clap::Subcommand;

use crate::cli::args::EXIT_CODES;
use crate::cli::emit;
use crate::games as rules;
use crate::text::{cards, Lang};

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Print a game's reference card
    Show {
        /// Game id (see `deckhand games`)
        game: Option<String>,
        /// List every value the rulebooks do not state (sheet layout guesses to check against your pad)
        #[arg(long)]
        provisional: bool,
        /// Use this rules file instead of the built-in rules
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Check a rules file: every syntax and meaning error with file:line:column
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The rules file
        file: PathBuf,
    },
    /// Print a built-in rules file, to copy and adjust to your own pad
    Export {
        /// Game id
        game: String,
    },
}

/// The help texts of the commands and their arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("rules", "", "cli.help.rules.about"),
    ("rules/show", "", "cli.help.rules.show.about"),
    ("rules/show", "game", "cli.help.game_id"),
    ("rules/show", "provisional", "cli.help.rules.show.provisional"),
    ("rules/show", "rules", "cli.help.rules_file"),
    ("rules/check", "", "cli.help.rules.check.about"),
    ("rules/check", "file", "cli.help.rules.check.file"),
    ("rules/export", "", "cli.help.rules.export.about"),
    ("rules/export", "game", "cli.help.rules.export.game"),
];

pub fn run(cmd: RulesCommand, lang: Lang) -> anyhow::Result<i32> {
    match cmd {
        RulesCommand::Show { game, provisional, rules: path } => {
            let rules = rules::resolve(game.as_deref(), path.as_deref())?;
            let text = if provisional { provisional_values(&rules.source, lang)? } else { cards::card(&rules, lang) };
            emit(&text)?;
            Ok(0)
        }
        RulesCommand::Check { file } => {
            let rules = rules::from_path(&file)?;
            emit(&format!("{}\n", cards::checked(&file, &rules, lang)))?;
            Ok(0)
        }
        RulesCommand::Export { game } => {
            let rules = rules::built_in(&game)?;
            emit(&rules.source.text)?;
            Ok(0)
        }
    }
}

pub fn games(lang: Lang) -> anyhow::Result<i32> {
    let mut rows = Vec::new();
    for (id, _) in rules::BUILT_IN {
        let rules = rules::built_in(id)?;
        let (players, does) = cards::offers(&rules, lang);
        rows.push((id.to_string(), rules.names().get(lang).to_string(), players, does));
    }
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (id, name, players, does) in rows {
        let _ = writeln!(out, "{id:<w0$}  {name:<w1$}  {players}  {does}");
    }
    emit(&out)?;
    Ok(0)
}

/// Every value a rules file marks as provisional: tables with a `provisional = [keys]`
/// list, printed as `path.key = value`.
pub fn provisional_values(source: &rules::Source, lang: Lang) -> anyhow::Result<String> {
    let value: toml::Value = crate::source::de::from_str(&source.text)
        .map_err(|e| anyhow::anyhow!("{}", crate::text::diag::render(source, &e.diagnostic(), lang)))?;
    let mut values = Vec::new();
    walk(&value, "", &mut values);
    Ok(cards::provisional(&source.name.text(lang), &values, lang))
}

fn walk(value: &toml::Value, path: &str, out: &mut Vec<String>) {
    match value {
        toml::Value::Table(t) => {
            if let Some(toml::Value::Array(keys)) = t.get("provisional") {
                for key in keys.iter().filter_map(|k| k.as_str()) {
                    if let Some(v) = t.get(key) {
                        let shown = match v {
                            toml::Value::String(s) => {
                                format!("\"{}\"", s.split_whitespace().collect::<Vec<_>>().join(" "))
                            }
                            other => other.to_string(),
                        };
                        out.push(format!("{path}.{key} = {shown}"));
                    }
                }
            }
            for (k, v) in t {
                let sub = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                walk(v, &sub, out);
            }
        }
        toml::Value::Array(items) => {
            for item in items {
                let label = item.get("id").and_then(|i| i.as_str()).map(String::from);
                if let (Some(label), toml::Value::Table(_)) = (label, item) {
                    walk(item, &format!("{path}[{label}]"), out);
                }
            }
        }
        _ => {}
    }
}
