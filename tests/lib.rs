//! One integration-test binary (faster to build than one per file).

mod child;
mod common;
mod host;

mod browser;

mod advisor;
mod cli;
mod command_errors;
mod endgame_rules;
mod exact;
mod faults;
mod fidelity;
mod fischerspiel;
mod fleet_cards;
mod fleet_check;
mod fleet_game;
mod fleet_score;
mod fleet_solo;
mod hardening;
mod hermetic;
mod history;
mod i18n;
mod i18n_cli;
mod i18n_engine;
mod i18n_games;
mod i18n_parse_errors;
mod i18n_rules;
mod layers;
mod nauticus;
#[cfg(feature = "paper")]
mod paper;
mod parity;
mod play;
mod properties;
#[cfg(unix)]
mod pty;
mod rules_file;
mod saves_before;
mod scripted_2p;
mod scripted_4p;
mod scripted_solo;
mod serve;
mod test;
mod titania;
mod yacht;
mod yacht_advice;
mod yacht_live;
