//! `deckhand completions SHELL`: a shell completion script, from the command line in the
//! chosen language.

use clap::Args;

use crate::text::Lang;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] =
    &[("completions", "", "cli.help.completions.about"), ("completions", "shell", "cli.help.completions.shell")];

pub fn run(args: CompletionsArgs, lang: Lang) -> anyhow::Result<i32> {
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut crate::cli::clap_text::localized_command(lang), "deckhand", &mut buf);
    crate::cli::emit_bytes(&buf)?;
    Ok(0)
}
