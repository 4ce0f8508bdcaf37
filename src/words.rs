//! Matching what people type against words, in any language: case, accents and the two
//! ways of typing an umlaut (`münzen`, `muenzen`, `munzen`) do not matter. No language is
//! chosen here; the words compared come from the rules files and the catalogs.

/// Is `typed` the word `word`, ignoring case, surrounding space and accents? An umlaut may
/// be typed with or without its `e` (`münzen`, `muenzen`, `munzen`), `ß` as `ss`.
pub fn same_word(word: &str, typed: &str) -> bool {
    let typed = fold(typed.trim(), true);
    typed == fold(word, true) || typed == fold(word, false)
}

/// Lower case without accents (`Zurück` → `zuruck`), for matching what is typed.
pub fn fold_word(text: &str) -> String {
    fold(text, false)
}

/// An option's name in its label: what stands before the figure a label shows after a dash
/// (`vierer` of `vierer — 12`), else the whole label.
pub fn label_name(label: &str) -> &str {
    label.split(" — ").next().unwrap_or(label)
}

/// Lower case without accents, `ä` as `ae` (`zurueck`).
pub fn fold_word_e(text: &str) -> String {
    fold(text, true)
}

/// The letter under an accented lower-case Latin letter (`á` → `a`, `ñ` → `n`, `ł` → `l`),
/// for the languages a table may read, Spanish and Portuguese too; any other character as
/// it is.
fn base_letter(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'ď' | 'đ' => 'd',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ğ' => 'g',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => 'i',
        'ł' | 'ľ' => 'l',
        'ñ' | 'ń' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
        'ř' => 'r',
        'ś' | 'š' | 'ş' => 's',
        'ť' | 'ţ' => 't',
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => 'u',
        'ý' | 'ÿ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        c => c,
    }
}

/// Lower case without accents, for matching typed words: `ä` as `ae` (`umlaut_e`) or `a`.
fn fold(text: &str, umlaut_e: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' | 'ö' | 'ü' if umlaut_e => {
                out.push(match c {
                    'ä' => 'a',
                    'ö' => 'o',
                    _ => 'u',
                });
                out.push('e');
            }
            'ß' => out.push_str("ss"),
            'æ' => out.push_str("ae"),
            'œ' => out.push_str("oe"),
            c => out.push(base_letter(c)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_of_every_latin_language_fold_away() {
        assert!(same_word("Zurück", "zuruck") && same_word("Zurück", "ZURUECK"));
        assert!(same_word("Straße", "strasse"));
        for (word, typed) in [
            ("pequeño", "pequeno"),
            ("camarón", "camaron"),
            ("langosta dorada", "LANGOSTA DORADA"),
            ("pêche", "peche"),
            ("lagostim", "lagostím"),
            ("ação", "acao"),
            ("Œuvre", "oeuvre"),
            ("Ærø", "aero"),
            ("łódź", "lodz"),
        ] {
            assert!(same_word(word, typed), "{word} / {typed}");
        }
        assert!(!same_word("cod", "coda"));
    }
}
