//! clap's command line in the user's language: the help texts of every command from the
//! catalogs (`cli.help.*`, keyed by each command file's `HELP`), and clap's own words —
//! headings, `[default: …]`, value names, the `help` subcommand, its errors rebuilt from
//! their structured parts (`ContextKind` values), never from their English wording.

use clap::CommandFactory;

use super::Cli;
use crate::text::Lang;

/// The help texts of the root command and of every command.
fn help_texts() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    const ROOT: &[(&str, &str, &str)] = &[("", "", "cli.help.about"), ("", "lang", "cli.help.lang")];
    ROOT.iter().chain(super::commands::help())
}

/// The language before clap parses (for `--help`): `--lang X` or `--lang=X` on the command
/// line, else the environment.
pub fn lang_from_args() -> Lang {
    let args: Vec<String> = std::env::args().collect();
    let mut value = None;
    for (i, a) in args.iter().enumerate() {
        if a == "--" {
            break;
        }
        if let Some(v) = a.strip_prefix("--lang=") {
            value = Some(v.to_string());
        } else if a == "--lang" {
            value = args.get(i + 1).cloned();
        }
    }
    match value.as_deref() {
        Some(v) => Lang::from_code(v).unwrap_or_default(),
        None => crate::text::from_env(),
    }
}

/// The help texts of a command and its subcommands from the catalog, nothing else.
fn help_texts_only(mut cmd: clap::Command, path: &[&str], lang: Lang) -> clap::Command {
    cmd = help_texts_of(cmd, path, lang);
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        let mut sub_path = path.to_vec();
        sub_path.push(&name);
        cmd = cmd.mut_subcommand(name.as_str(), |c| help_texts_only(c, &sub_path, lang));
    }
    cmd
}

/// A command's about and its arguments' help from the catalog (`HELP` of its file).
fn help_texts_of(mut cmd: clap::Command, path: &[&str], lang: Lang) -> clap::Command {
    let here = path.join("/");
    for (_, arg, key) in help_texts().filter(|(sub, _, _)| *sub == here) {
        let text = crate::text::tr(lang, key, &[]);
        if arg.is_empty() {
            cmd = cmd.about(text.clone());
            if cmd.get_long_about().is_some() {
                cmd = cmd.long_about(crate::text::tr(lang, "cli.help.long_about", &[]));
            }
        } else {
            cmd = cmd.mut_arg(*arg, |a| {
                let a = a.help(text.clone());
                if a.get_long_help().is_some() {
                    a.long_help(text.clone())
                } else {
                    a
                }
            });
        }
    }
    cmd
}

fn localize(mut cmd: clap::Command, path: &[&str], lang: Lang) -> clap::Command {
    cmd = help_texts_of(cmd, path, lang);
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| value_name(a, lang));
    }
    if cmd.has_subcommands() {
        cmd = cmd.subcommand_value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str);
    }
    if cmd.get_after_help().is_some() {
        // Only where English has a long form too: clap lays out the whole help on long
        // lines as soon as a command has any long text.
        let exit = crate::text::tr(lang, "cli.help.exit_codes", &[]);
        if cmd.get_after_long_help().is_some() {
            cmd = cmd.after_long_help(exit.clone());
        }
        cmd = cmd.after_help(exit);
    }
    cmd = clap_words(cmd, path.is_empty(), lang);
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        let mut sub_path = path.to_vec();
        sub_path.push(&name);
        let sub_path: Vec<&str> = sub_path;
        cmd = cmd.mut_subcommand(name.as_str(), |c| localize(c, &sub_path, lang));
    }
    cmd
}

/// clap's own words in `--help` (headings, `--help`/`--version`) in `lang`.
fn clap_words(mut cmd: clap::Command, root: bool, lang: Lang) -> clap::Command {
    // clap (without its `string` feature) takes headings as `&'static str`: a few short
    // strings per command, leaked once per run, before parsing.
    let options: &'static str = String::leak(crate::t!(lang, "cli.clap.options"));
    let arguments: &'static str = String::leak(crate::t!(lang, "cli.clap.arguments"));
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        crate::t!(lang, "cli.clap.usage")
    );
    cmd =
        cmd.help_template(template).subcommand_help_heading(String::leak(crate::t!(lang, "cli.clap.commands")) as &str);
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    // Under a heading of its own clap sorts arguments by their names (`[RECHNER]` before
    // `<SPIEL>`): the positionals keep the order they are typed in.
    let positionals: Vec<String> = cmd.get_positionals().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        let at = positionals.iter().position(|p| *p == id);
        cmd = cmd.mut_arg(id, |a| {
            if a.get_help_heading().is_some() {
                a
            } else if let Some(at) = at {
                a.help_heading(arguments).display_order(at)
            } else {
                a.help_heading(options)
            }
        });
    }
    cmd = cmd.disable_help_flag(true).arg(
        clap::Arg::new("help")
            .short('h')
            .long("help")
            .action(clap::ArgAction::Help)
            .help(crate::t!(lang, "cli.clap.print_help"))
            .help_heading(options),
    );
    if root {
        cmd = cmd.disable_version_flag(true).arg(
            clap::Arg::new("version")
                .short('V')
                .long("version")
                .action(clap::ArgAction::Version)
                .help(crate::t!(lang, "cli.clap.print_version"))
                .help_heading(options),
        );
    }
    cmd
}

/// The placeholders of values (`<FILE>`, `[GAME] SHEET`) in a language; clap shows an
/// argument without a value name as its id in capitals.
const VALUE_NAMES: &[(&str, &str)] = &[
    ("FILE", "cli.clap.value.file"),
    ("GAME", "cli.clap.value.game"),
    ("[GAME] SHEET", "cli.clap.value.game_sheet"),
    ("KEY=VALUE", "cli.clap.value.key_value"),
    ("LANG", "cli.clap.value.lang"),
    ("FORMAT", "cli.clap.value.format"),
    ("PLAYER", "cli.clap.value.player"),
    ("PLAYERS", "cli.clap.value.players"),
    ("DICE", "cli.clap.value.dice"),
    ("SEED", "cli.clap.value.seed"),
    ("VARIANT", "cli.clap.value.variant"),
    ("BOATS", "cli.clap.value.boats"),
    ("FISH", "cli.clap.value.fish"),
    ("CALCULATOR", "cli.clap.value.calculator"),
    ("SHELL", "cli.clap.value.shell"),
    ("COMMAND", "cli.clap.value.command"),
    ("CROWNS", "cli.clap.value.crowns"),
    ("CROWN_MASTS", "cli.clap.value.crown_masts"),
    ("CROWN_SAILS", "cli.clap.value.crown_sails"),
    ("PASSED", "cli.clap.value.passed"),
    ("WORKERS", "cli.clap.value.workers"),
    ("BLUE", "cli.clap.value.blue"),
    ("PASSES", "cli.clap.value.passes"),
    ("FLIPPED", "cli.clap.value.flipped"),
    ("TRACK", "cli.clap.value.track"),
    ("ACTION", "cli.clap.value.action"),
    ("PRICES", "cli.clap.value.prices"),
    ("ITEMS", "cli.clap.value.items"),
    ("FREE", "cli.clap.value.free"),
    ("MASTS", "cli.clap.value.masts"),
    ("TAKE", "cli.clap.value.take"),
    ("DATE", "cli.clap.value.date"),
    ("N", "cli.clap.value.n"),
    ("ID", "cli.clap.value.id"),
    ("OLD", "cli.clap.value.old"),
    ("NEW", "cli.clap.value.new"),
    ("SAVE", "cli.clap.value.save"),
    ("CODE", "cli.clap.value.code"),
    ("FROM", "cli.clap.value.from"),
    ("INTO", "cli.clap.value.into"),
    ("NAME", "cli.clap.value.name"),
    ("ADDR[:PORT]", "web.help.value_bind"),
];

/// An argument's value placeholder in `lang`.
fn value_name(a: clap::Arg, lang: Lang) -> clap::Arg {
    if !a.get_action().takes_values() {
        return a;
    }
    let shown = match a.get_value_names() {
        Some(names) => names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" "),
        None => a.get_id().as_str().to_uppercase(),
    };
    match VALUE_NAMES.iter().find(|(en, _)| *en == shown) {
        Some((_, key)) => a.value_name(String::leak(crate::text::tr(lang, key, &[])) as &str),
        None => a,
    }
}

/// clap's own words that exist only once the command is built (its `help` subcommands, the
/// global arguments copied into every subcommand) or that it writes itself (`[default: …]`,
/// `[possible values: …]`, `[alias: …]`, `[OPTIONS]` in the usage line), in `lang`.
fn localize_built(mut cmd: clap::Command, lang: Lang) -> clap::Command {
    // clap lays out a command's help on long lines when any argument has a long help (it
    // decides once, while building); the values go where clap would put them.
    let long = cmd.get_long_about().is_some()
        || cmd.get_after_long_help().is_some()
        || cmd.get_before_long_help().is_some()
        || cmd.get_arguments().any(|a| !a.is_hide_set() && a.get_long_help().is_some());
    let ids: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |a| value_specs(a, long, lang));
    }
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(name.as_str(), |c| {
            if name == "help" {
                help_subcommand(c, lang)
            } else {
                localize_built(c, lang)
            }
        });
    }
    let usage = cmd.render_usage().to_string();
    let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u).trim_end();
    let usage = usage.replace("[OPTIONS]", &crate::t!(lang, "cli.clap.options_tag"));
    cmd.override_usage(usage)
}

/// `[default: …]`, `[alias: …]` and `[possible values: …]` of an argument, in `lang`, added
/// to its help the way clap would (after the text, or on lines of their own in long help).
fn value_specs(a: clap::Arg, long: bool, lang: Lang) -> clap::Arg {
    let mut specs = Vec::new();
    let mut a = a;
    if a.get_action().takes_values() && !a.is_hide_default_value_set() && !a.get_default_values().is_empty() {
        let values: Vec<String> = a.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
        specs.push(crate::t!(lang, "cli.clap.default", value = values.join(" ")));
        a = a.hide_default_value(true);
    }
    if let Some(visible) = a.get_visible_aliases().filter(|v| !v.is_empty()) {
        let shown: Vec<String> = visible.iter().map(|v| format!("--{v}")).collect();
        specs.push(crate::t!(lang, "cli.clap.alias", list = shown.join(", ")));
        let all: Vec<String> = a.get_all_aliases().unwrap_or_default().iter().map(|v| v.to_string()).collect();
        a = a.alias(None);
        for alias in all {
            a = a.alias(String::leak(alias) as &str);
        }
    }
    let values: Vec<String> =
        a.get_possible_values().iter().filter(|v| !v.is_hide_set()).map(|v| v.get_name().to_string()).collect();
    if !a.is_hide_possible_values_set() && !values.is_empty() {
        specs.push(crate::t!(lang, "cli.clap.possible", list = values.join(", ")));
        a = a.hide_possible_values(true);
    }
    if specs.is_empty() {
        return a;
    }
    let help = a.get_help().map(ToString::to_string).unwrap_or_default();
    let short = if help.is_empty() { specs.join(" ") } else { format!("{help} {}", specs.join(" ")) };
    let a = a.help(short);
    if long {
        let text = a.get_long_help().map(ToString::to_string).unwrap_or(help);
        let text = if text.is_empty() { specs.join("\n") } else { format!("{text}\n\n{}", specs.join("\n")) };
        a.long_help(text)
    } else {
        a
    }
}

/// clap's `help` subcommand (`deckhand help score`) in `lang`. Once built, it holds a copy
/// of every command (names and abouts, already translated) to say whose help to print.
fn help_subcommand(cmd: clap::Command, lang: Lang) -> clap::Command {
    let arguments: &'static str = String::leak(crate::t!(lang, "cli.clap.arguments"));
    let commands: &'static str = String::leak(crate::t!(lang, "cli.clap.commands"));
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        crate::t!(lang, "cli.clap.usage")
    );
    let mut cmd = cmd
        .about(crate::t!(lang, "cli.clap.help_command"))
        .help_template(template)
        .subcommand_help_heading(commands)
        .subcommand_value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str);
    if cmd.get_arguments().any(|a| a.get_id() == "subcommand") {
        cmd = cmd.mut_arg("subcommand", |a| {
            a.value_name(String::leak(crate::t!(lang, "cli.clap.value.command")) as &str)
                .help(crate::t!(lang, "cli.clap.help_subcommand"))
                .help_heading(arguments)
        });
    }
    if cmd.get_subcommands().any(|c| c.get_name() == "help") {
        cmd = cmd.mut_subcommand("help", |c| c.about(crate::t!(lang, "cli.clap.help_command")));
    }
    let usage = cmd.render_usage().to_string();
    let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u).trim_end();
    let usage = usage.replace("[OPTIONS]", &crate::t!(lang, "cli.clap.options_tag"));
    cmd.override_usage(usage)
}

/// The clap command with its help in a language (English: the doc comments as they are).
pub fn localized_command(lang: Lang) -> clap::Command {
    let cmd = Cli::command();
    if lang == Lang::En {
        // clap's own words stay as clap writes them; the help texts come from the catalog,
        // like every language's (shared flags are defined once, their help per command).
        return help_texts_only(cmd, &[], lang);
    }
    let mut cmd = localize(cmd, &[], lang);
    cmd.build();
    localize_built(cmd, lang)
}

/// Print a command-line error (or the help or version asked for) and exit, like
/// `clap::Error::exit`, but with clap's own sentences in `lang`.
pub fn clap_exit(e: clap::Error, lang: Lang) -> ! {
    use clap::error::ErrorKind;
    let shown_as_is = matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if lang == Lang::En || shown_as_is {
        e.exit();
    }
    match clap_error_text(&e, lang) {
        Some(text) => {
            crate::ui::write_stderr(&text);
            std::process::exit(e.exit_code());
        }
        None => e.exit(),
    }
}

/// clap's error message rebuilt from its parts, in `lang` (None for kinds we do not know:
/// those are shown as clap writes them). Free-form tips are left out; the "did you mean"
/// ones are kept.
fn clap_error_text(e: &clap::Error, lang: Lang) -> Option<String> {
    use clap::error::{ContextKind as K, ContextValue as V, ErrorKind};
    let one = |k: K| match e.get(k) {
        Some(V::String(s)) => Some(s.clone()),
        _ => None,
    };
    let many = |k: K| match e.get(k) {
        Some(V::Strings(v)) => Some(v.clone()),
        Some(V::String(s)) => Some(vec![s.clone()]),
        _ => None,
    };
    let number = |k: K| match e.get(k) {
        Some(V::Number(n)) => Some(*n),
        _ => None,
    };
    let quoted = |v: &[String]| v.iter().map(|p| format!("'{p}'")).collect::<Vec<_>>().join(", ");
    let mut text = match e.kind() {
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let (arg, value) = (one(K::InvalidArg)?, one(K::InvalidValue)?);
            let mut text = if value.is_empty() {
                crate::t!(lang, "cli.clap.err.value_required", arg = arg)
            } else {
                crate::t!(lang, "cli.clap.err.invalid_value", value = value, arg = arg)
            };
            if let Some(source) = std::error::Error::source(e) {
                let why = match source.downcast_ref::<std::num::ParseIntError>().map(|p| p.kind()) {
                    Some(std::num::IntErrorKind::Empty) => crate::t!(lang, "cli.clap.err.int_empty"),
                    Some(std::num::IntErrorKind::PosOverflow) => crate::t!(lang, "cli.clap.err.int_too_large"),
                    Some(std::num::IntErrorKind::NegOverflow) => crate::t!(lang, "cli.clap.err.int_too_small"),
                    Some(_) => crate::t!(lang, "cli.clap.err.int_invalid"),
                    None => source.to_string(),
                };
                text.push_str(&format!(": {why}"));
            }
            if let Some(values) = many(K::ValidValue).filter(|v| !v.is_empty()) {
                text.push_str(&format!("\n  {}", crate::t!(lang, "cli.clap.possible", list = values.join(", "))));
            }
            text
        }
        ErrorKind::UnknownArgument => crate::t!(lang, "cli.clap.err.unknown_argument", arg = one(K::InvalidArg)?),
        ErrorKind::InvalidSubcommand => {
            crate::t!(lang, "cli.clap.err.unknown_subcommand", name = one(K::InvalidSubcommand)?)
        }
        ErrorKind::MissingRequiredArgument => {
            let mut text = crate::t!(lang, "cli.clap.err.missing");
            for arg in many(K::InvalidArg)? {
                text.push_str(&format!("\n  {arg}"));
            }
            text
        }
        ErrorKind::MissingSubcommand => {
            let mut text = crate::t!(lang, "cli.clap.err.missing_subcommand", name = one(K::InvalidSubcommand)?);
            if let Some(subs) = many(K::ValidSubcommand).filter(|v| !v.is_empty()) {
                text.push_str(&format!("\n  {}", crate::t!(lang, "cli.clap.err.subcommands", list = subs.join(", "))));
            }
            text
        }
        ErrorKind::ArgumentConflict => {
            let arg = one(K::InvalidArg)?;
            match many(K::PriorArg) {
                Some(prior) if prior == [arg.clone()] => crate::t!(lang, "cli.clap.err.repeated", arg = arg),
                Some(prior) => crate::t!(lang, "cli.clap.err.conflict", arg = arg, other = quoted(&prior)),
                None => return None,
            }
        }
        ErrorKind::NoEquals => crate::t!(lang, "cli.clap.err.no_equals", arg = one(K::InvalidArg)?),
        ErrorKind::TooManyValues => {
            crate::t!(lang, "cli.clap.err.too_many", value = one(K::InvalidValue)?, arg = one(K::InvalidArg)?)
        }
        ErrorKind::TooFewValues => crate::t!(
            lang,
            "cli.clap.err.too_few",
            min = number(K::MinValues)?,
            arg = one(K::InvalidArg)?,
            n = number(K::ActualNumValues)?
        ),
        ErrorKind::WrongNumberOfValues => crate::t!(
            lang,
            "cli.clap.err.wrong_number",
            expected = number(K::ExpectedNumValues)?,
            arg = one(K::InvalidArg)?,
            n = number(K::ActualNumValues)?
        ),
        _ => return None,
    };
    let mut tips = Vec::new();
    if let Some(names) = many(K::SuggestedSubcommand) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_subcommand", name = names.join("', '")));
    }
    if let Some(names) = many(K::SuggestedArg) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_argument", name = names.join("', '")));
    }
    if let Some(names) = many(K::SuggestedValue) {
        tips.push(crate::t!(lang, "cli.clap.err.similar_value", name = names.join("', '")));
    }
    if !tips.is_empty() {
        text.push('\n');
        for tip in tips {
            text.push_str(&format!("\n  {tip}"));
        }
    }
    if let Some(V::StyledStr(usage)) = e.get(K::Usage) {
        let usage = usage.to_string();
        let usage = usage.split_once(' ').map_or(usage.as_str(), |(_, u)| u);
        text.push_str(&format!("\n\n{} {usage}", crate::t!(lang, "cli.clap.usage")));
    }
    text.push_str(&format!("\n\n{}\n", crate::t!(lang, "cli.clap.err.try_help", flag = "--help")));
    Some(format!("{}{text}", crate::t!(lang, "cli.clap.err.prefix")))
}
