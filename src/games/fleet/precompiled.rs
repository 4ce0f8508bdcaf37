//! The built-in Fleet rules, compiled ahead of time.
//!
//! Compiling `rules/fleet-dice.toml` costs about 2M instructions, most of it in the TOML
//! parser: half of everything `deckhand score` does. So the compiled `FleetRules` is kept
//! in `rules/compiled/fleet-dice.json`, with a fingerprint of what it was made from: the
//! rules file and the Rust code that defines and compiles the rules, without its comments
//! and layout (computed by the compiler, see `FINGERPRINT`), so editing a comment changes
//! nothing. A built-in game uses the JSON only when its fingerprint is the binary's own;
//! otherwise (someone changed the rules file or the compiler's code and did not refresh the
//! JSON) the TOML is compiled as usual. A stale file can make deckhand slower, never wrong. The unit test `the_precompiled_fleet_rules_are_fresh` fails on a
//! stale file; `UPDATE_PRECOMPILED=1 cargo test precompiled` rewrites it.

use serde::{Deserialize, Serialize};

use super::FleetRules;

/// The rules file the JSON was compiled from.
pub const FLEET_TOML: &str = include_str!("../../../rules/fleet-dice.toml");

/// The compiled form, as committed.
const FLEET_JSON: &str = include_str!("../../../rules/compiled/fleet-dice.json");

/// Where the compiled form lives, relative to the repository root (the freshness test
/// reads and rewrites it).
#[cfg(test)]
const FLEET_JSON_PATH: &str = "rules/compiled/fleet-dice.json";

/// FNV-1a over the rules file and the code that gives it meaning — the shape of the file
/// (`schema.rs`), its checks (`compile.rs`, `compile_parts.rs`), the compiled types
/// (`model.rs`, `names.rs`), the reader that turns TOML values into them (`de/value.rs`,
/// `spanned.rs`) and this file (the JSON's shape) — with the code's comments and white
/// space left out (`code_hash`).
pub(crate) const FINGERPRINT: u64 = code_hash(
    fnv1a_parts(&[FLEET_TOML.as_bytes()]),
    &[
        include_bytes!("schema.rs"),
        include_bytes!("compile.rs"),
        include_bytes!("compile_parts.rs"),
        include_bytes!("model.rs"),
        include_bytes!("../../names.rs"),
        include_bytes!("../../source/de/value.rs"),
        include_bytes!("../../source/spanned.rs"),
        include_bytes!("precompiled.rs"),
    ],
);

/// FNV-1a, continued from `hash`, over Rust source without its `//` comments (doc
/// comments included) and white space: what the compiler sees, more or less. A `//` inside
/// a string literal is kept.
pub(crate) const fn code_hash(mut hash: u64, files: &[&[u8]]) -> u64 {
    let mut f = 0;
    while f < files.len() {
        let b = files[f];
        let mut i = 0;
        let mut in_string = false;
        while i < b.len() {
            let c = b[i];
            if in_string {
                if c == b'\\' && i + 1 < b.len() {
                    hash = (hash ^ c as u64).wrapping_mul(0x0100_0000_01b3);
                    i += 1;
                } else if c == b'"' {
                    in_string = false;
                }
            } else if c == b'\'' && i + 2 < b.len() && b[i + 1] == b'"' && b[i + 2] == b'\'' {
                // The character '"' does not start a string.
                hash = (hash ^ c as u64).wrapping_mul(0x0100_0000_01b3);
                hash = (hash ^ b'"' as u64).wrapping_mul(0x0100_0000_01b3);
                i += 2;
            } else if c == b'"' {
                in_string = true;
            } else if c == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            } else if c == b' ' || c == b'\n' || c == b'\t' || c == b'\r' {
                i += 1;
                continue;
            }
            hash = (hash ^ b[i] as u64).wrapping_mul(0x0100_0000_01b3);
            i += 1;
        }
        f += 1;
    }
    hash
}

/// FNV-1a of the built-in rules file (what saves record as the rules' hash).
pub(crate) const FLEET_TOML_HASH: u64 = fnv1a_parts(&[FLEET_TOML.as_bytes()]);

/// FNV-1a over several byte strings in a row, at compile time.
pub(crate) const fn fnv1a_parts(parts: &[&[u8]]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut p = 0;
    while p < parts.len() {
        let bytes = parts[p];
        let mut i = 0;
        while i < bytes.len() {
            hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
            i += 1;
        }
        p += 1;
    }
    hash
}

/// The file's shape. The fingerprint is a hex string: JSON numbers do not hold a u64
/// exactly in every reader.
#[derive(Serialize, Deserialize)]
struct Precompiled<R> {
    generated_by: String,
    fingerprint: String,
    rules: R,
}

fn fingerprint_hex() -> String {
    format!("{FINGERPRINT:016x}")
}

/// The precompiled Fleet rules, if the committed JSON was made from this binary's rules
/// file and code.
pub fn fleet() -> Option<FleetRules> {
    let file: Precompiled<FleetRules> = serde_json::from_str(FLEET_JSON).ok()?;
    (file.fingerprint == fingerprint_hex()).then_some(file.rules)
}

/// The JSON for compiled rules (what `FLEET_JSON_PATH` should hold).
#[cfg(test)]
fn to_json(rules: &FleetRules) -> String {
    let file = Precompiled {
        generated_by: "rules/fleet-dice.toml compiled ahead of time (src/rules/precompiled.rs); \
                       refresh with UPDATE_PRECOMPILED=1 cargo test precompiled"
            .to_string(),
        fingerprint: fingerprint_hex(),
        rules,
    };
    let mut json = serde_json::to_string(&file).expect("compiled rules are plain data");
    json.push('\n');
    json
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{fleet, Source};

    #[test]
    fn the_precompiled_fleet_rules_are_fresh() {
        let compiled = fleet::compile(&Source::new("fleet-dice.toml", FLEET_TOML)).expect("built-in rules");
        let want = to_json(&compiled);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FLEET_JSON_PATH);
        if std::env::var_os("UPDATE_PRECOMPILED").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &want).unwrap();
            return;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{FLEET_JSON_PATH} is stale (the rules file or the rules code changed): \
             run `UPDATE_PRECOMPILED=1 cargo test precompiled` and commit it"
        );
        // What the binary embeds is that file, and it loads back to the same rules.
        assert_eq!(FLEET_JSON, have, "rebuild: the binary embeds an older {FLEET_JSON_PATH}");
        let loaded = fleet().expect("the fingerprint matches, so the precompiled rules are used");
        assert_eq!(to_json(&loaded), want);
    }

    #[test]
    fn comments_and_layout_do_not_change_the_code_hash_and_code_does() {
        let code = code_hash(0, &[b"fn a() { x(\"//not a comment\") } // note\n"]);
        assert_eq!(code, code_hash(0, &[b"/// doc\nfn a() {\n    x(\"//not a comment\")\n}\n"]));
        assert_ne!(code, code_hash(0, &[b"fn a() { x(\"// not a comment\") }"]));
        assert_ne!(code, code_hash(0, &[b"fn a() { y(\"//not a comment\") }"]));
    }

    #[test]
    fn a_changed_rules_file_or_compiler_changes_the_fingerprint() {
        let base = fnv1a_parts(&[b"abc", b"def"]);
        assert_eq!(base, fnv1a_parts(&[b"abcdef"]), "the parts hash as one text");
        assert_ne!(base, fnv1a_parts(&[b"abc", b"deg"]));
        assert_eq!(FLEET_TOML_HASH, crate::games::fnv1a(FLEET_TOML));
    }
}
