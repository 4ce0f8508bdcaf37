//! Words deckhand itself says about sheets, in en/de/fr. Game terms come from the rules
//! files; these are the few generic nouns used around them.

/// A generic term in the given language; unknown keys come back as the key itself.
pub fn term(lang: &str, key: &str) -> &'static str {
    let (en, de, fr) = match key {
        "column" => ("column", "Spalte", "colonne"),
        "licenses" => ("licenses", "Lizenzen", "permis"),
        "boats" => ("boats", "Boote", "bateaux"),
        "buffet_hexes" => ("seafood buffet hexes", "Sechsecke am Meeresfrüchtebuffet", "hexagones du Buffet de la mer"),
        "salvage_stars" => ("salvage yard stars", "Sterne am Wertstoffhof", "étoiles du chantier naval"),
        "fish" => ("fish", "Fische", "poissons"),
        "king_crab_bonus" => ("king crab bonus", "Königskrabben-Bonus", "bonus du crabe royal"),
        _ => ("?", "?", "?"),
    };
    match lang {
        "de" => de,
        "fr" => fr,
        _ => en,
    }
}
