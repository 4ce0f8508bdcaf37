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

/// Lower case without accents, `ä` as `ae` (`zurueck`).
pub fn fold_word_e(text: &str) -> String {
    fold(text, true)
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
            'ä' | 'à' | 'â' => out.push('a'),
            'ö' | 'ô' => out.push('o'),
            'ü' | 'ù' | 'û' => out.push('u'),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'î' | 'ï' => out.push('i'),
            'ç' => out.push('c'),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}
