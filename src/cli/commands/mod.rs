//! One file per command: its arguments (a clap `Args` struct), the catalog keys of its
//! help, and what it does (`run`).

pub mod advise;
pub mod calc;
pub mod check;
pub mod completions;
pub mod enter;
pub mod export;
pub mod games;
pub mod history;
pub mod import;
pub mod lab;
pub mod man;
pub mod nauticus;
pub mod night;
#[cfg(feature = "paper")]
pub mod pad;
pub mod play;
pub mod players;
pub mod replay;
pub mod resume;
pub mod review;
pub mod rules;
#[cfg(feature = "paper")]
pub mod scan;
pub mod score;
pub mod selfplay;
pub mod show;
pub mod standings;
pub mod stats;

/// The help texts of every command: (command path, argument or "" for the command,
/// catalog key).
pub fn help() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    [
        score::HELP,
        check::HELP,
        enter::HELP,
        #[cfg(feature = "paper")]
        pad::HELP,
        #[cfg(feature = "paper")]
        scan::HELP,
        play::HELP,
        resume::HELP,
        replay::HELP,
        show::HELP,
        advise::HELP,
        selfplay::HELP,
        lab::HELP,
        review::HELP,
        rules::HELP,
        calc::HELP,
        nauticus::HELP,
        games::HELP,
        history::HELP,
        stats::HELP,
        night::HELP,
        standings::HELP,
        export::HELP,
        import::HELP,
        players::HELP,
        crate::cli::plays::HELP,
        completions::HELP,
        man::HELP,
    ]
    .into_iter()
    .flatten()
}
