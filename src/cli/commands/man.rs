//! `deckhand man`: the man page (roff), from the command line in the chosen language.

use clap::Args;

use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ManArgs {}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[("man", "", "cli.help.man.about")];

pub fn run(_args: ManArgs, lang: Lang) -> anyhow::Result<i32> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(crate::cli::clap_text::localized_command(lang)).render(&mut buf)?;
    crate::cli::emit_bytes(&buf)?;
    Ok(0)
}
