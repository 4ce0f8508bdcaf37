//! One integration-test binary (faster to build than one per file).

mod common;

mod cli;
mod endgame_rules;
mod fischerspiel;
mod fleet_check;
mod fleet_score;
mod nauticus;
mod rules_file;
mod titania;
