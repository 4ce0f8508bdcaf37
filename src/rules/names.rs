//! Names of game terms in the languages our users read.

use serde::{Deserialize, Serialize};

/// A game term in English, German and French. English is required; a missing
/// translation falls back to English.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub en: String,
    #[serde(default)]
    pub de: Option<String>,
    #[serde(default)]
    pub fr: Option<String>,
}

impl Names {
    pub fn get(&self, lang: &str) -> &str {
        match lang {
            "de" => self.de.as_deref().unwrap_or(&self.en),
            "fr" => self.fr.as_deref().unwrap_or(&self.en),
            _ => &self.en,
        }
    }
}
