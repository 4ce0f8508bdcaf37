//! The library's layers import one way (issue #31 item 4): no top-level module of the
//! library (`src/lib.rs` lists them; the binary's `cli`, `serve`, `ui` and `report` are
//! not in it) reaches, through its `use crate::…`, `crate::…` paths or `super::…` paths,
//! a module that reaches back to it. Unit tests (`#[cfg(test)]` items and the files they
//! name) are left out: they may check a layer's values in words with the text layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::repo;

/// The library's imports between top-level modules: from → to → one place that shows it.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// `src` with comments and the insides of string and character literals blanked (same
/// byte offsets, line breaks kept), so that only code is searched.
fn mask(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let ident = |i: usize| i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (rest.starts_with(b"r\"") || rest.starts_with(b"r#"))
            && (!ident(i) || (b[i - 1] == b'b' && !ident(i - 1)))
        {
            let hashes = rest[1..].iter().take_while(|&&c| c == b'#').count();
            if rest.get(1 + hashes) != Some(&b'"') {
                i += 1;
                continue;
            }
            let start = i + 2 + hashes;
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            let end = (start..b.len()).find(|&j| b[j..].starts_with(&close)).unwrap_or(b.len());
            blank(&mut out, start, end);
            i = end + close.len();
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j);
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{7b}', '{'), or a lifetime ('a).
            if rest.get(1) == Some(&b'\\') {
                let end = (i + 3..b.len()).find(|&j| b[j] == b'\'').unwrap_or(b.len());
                blank(&mut out, i + 1, end);
                i = end + 1;
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + len) == Some(&b'\'') {
                    blank(&mut out, i + 1, i + 1 + len);
                    i += 2 + len;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn ident_at(b: &[u8], i: usize) -> Option<(String, usize)> {
    let end = (i..b.len()).find(|&j| !is_ident(b[j])).unwrap_or(b.len());
    (end > i).then(|| (String::from_utf8_lossy(&b[i..end]).into_owned(), end))
}

/// The index just after the bracket that closes the one at `open`.
fn close_of(b: &[u8], open: usize) -> usize {
    let (o, c) = (b[open], if b[open] == b'{' { b'}' } else { b']' });
    let mut depth = 0;
    for (j, &x) in b.iter().enumerate().skip(open) {
        if x == o {
            depth += 1;
        } else if x == c {
            depth -= 1;
            if depth == 0 {
                return j + 1;
            }
        }
    }
    b.len()
}

/// Blank every `#[cfg(test)]` item of a masked file; returns the files of the test
/// modules it declares (`#[cfg(test)] mod tests;`, with a `#[path]` if it has one), found
/// in `children` (the folder of this file's child modules) or beside the file.
fn drop_tests(masked: &mut [u8], original: &str, file: &Path, children: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let attr = b"#[cfg(test)]";
    let mut from = 0;
    while let Some(at) = masked[from..].windows(attr.len()).position(|w| w == attr).map(|p| p + from) {
        let mut i = skip_space(masked, at + attr.len());
        let mut path_attr = None;
        while masked.get(i) == Some(&b'#') && masked.get(i + 1) == Some(&b'[') {
            let end = close_of(masked, i + 1);
            let inner = &original[i..end];
            if let Some(p) = inner.strip_prefix("#[path = \"").and_then(|p| p.strip_suffix("\"]")) {
                path_attr = Some(p.to_string());
            }
            i = skip_space(masked, end);
        }
        let mut words = Vec::new();
        let mut j = i;
        while let Some((w, end)) = ident_at(masked, j) {
            words.push(w);
            j = skip_space(masked, end);
        }
        let end = match masked.get(j) {
            Some(b';') => {
                if let [.., m, name] = words.as_slice() {
                    if m == "mod" {
                        files.push(match &path_attr {
                            Some(p) => file.parent().unwrap().join(p),
                            None if children.join(format!("{name}.rs")).exists() => children.join(format!("{name}.rs")),
                            None => children.join(name).join("mod.rs"),
                        });
                    }
                }
                j + 1
            }
            _ => {
                let open = (j..masked.len()).find(|&k| masked[k] == b'{' || masked[k] == b';').unwrap_or(masked.len());
                if masked.get(open) == Some(&b'{') {
                    close_of(masked, open)
                } else {
                    open + 1
                }
            }
        };
        for c in &mut masked[at..end.min(original.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        from = end.min(masked.len());
    }
    files
}

/// The root-level names each `crate::…` path and each `super::…` path that climbs to the
/// crate root starts with. `depth` is how deep the file's module is (`src/a/b.rs`: 2); a
/// `mod x { … }` inside it is one deeper.
fn root_names(masked: &[u8], depth: usize) -> Vec<String> {
    let mut inline = Vec::new();
    let mut k = 0;
    while let Some(at) = masked[k..].windows(4).position(|w| w == b"mod ").map(|p| p + k) {
        k = at + 4;
        if at > 0 && is_ident(masked[at - 1]) {
            continue;
        }
        let Some((_, end)) = ident_at(masked, skip_space(masked, k)) else { continue };
        let open = skip_space(masked, end);
        if masked.get(open) == Some(&b'{') {
            inline.push(open..close_of(masked, open));
        }
    }
    let depth_at = |i: usize| depth + inline.iter().filter(|r| r.contains(&i)).count();
    let mut names = Vec::new();
    let push_path = |i: usize, names: &mut Vec<String>| {
        let i = skip_space(masked, i);
        if masked.get(i) == Some(&b'{') {
            let end = close_of(masked, i);
            let mut k = i + 1;
            let mut level = 1;
            let mut expect = true;
            while k < end {
                match masked[k] {
                    b'{' => level += 1,
                    b'}' => level -= 1,
                    b',' if level == 1 => expect = true,
                    c if level == 1 && expect && is_ident(c) => {
                        let (w, e) = ident_at(masked, k).unwrap();
                        names.push(w);
                        expect = false;
                        k = e;
                        continue;
                    }
                    _ => {}
                }
                k += 1;
            }
        } else if let Some((w, _)) = ident_at(masked, i) {
            names.push(w);
        }
    };
    let mut i = 0;
    while i < masked.len() {
        if i > 0 && is_ident(masked[i - 1]) {
            i += 1;
            continue;
        }
        if masked[i..].starts_with(b"crate::") {
            push_path(i + "crate::".len(), &mut names);
            i += "crate::".len();
        } else if masked[i..].starts_with(b"super::") {
            let mut k = i;
            let mut ups = 0;
            while masked[k..].starts_with(b"super::") {
                ups += 1;
                k = skip_space(masked, k + "super::".len());
            }
            if ups == depth_at(i) {
                push_path(k, &mut names);
            }
            i = k;
        } else {
            i += 1;
        }
    }
    names
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The import graph between the library's top-level modules under `src`.
fn library_graph(src: &Path) -> Graph {
    let lib_text = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let lib = mask(&lib_text);
    let lib_str = String::from_utf8_lossy(&lib).into_owned();
    // `mod x;` in lib.rs: the library's modules.
    let mut modules = BTreeSet::new();
    for line in lib_str.lines() {
        let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == ';').filter(|w| !w.is_empty()).collect();
        if let Some(at) = words.iter().position(|w| *w == "mod") {
            if line.trim_end().ends_with(';') {
                modules.insert(words[at + 1].to_string());
            }
        }
    }
    assert!(!modules.is_empty(), "no `mod x;` in {}", src.join("lib.rs").display());
    // Each module's files, test modules left out.
    let mut files: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for m in &modules {
        let mut list = Vec::new();
        if src.join(format!("{m}.rs")).exists() {
            list.push(src.join(format!("{m}.rs")));
        }
        rust_files(&src.join(m), &mut list);
        assert!(!list.is_empty(), "module `{m}` has no files under {}", src.display());
        files.insert(m.clone(), list);
    }
    // Names at the crate root: the modules, the macros they export, lib.rs's re-exports.
    let mut owner: BTreeMap<String, String> = modules.iter().map(|m| (m.clone(), m.clone())).collect();
    let mut masked_files: BTreeMap<PathBuf, (String, Vec<u8>, usize)> = BTreeMap::new();
    let mut test_files = BTreeSet::new();
    for (m, list) in &files {
        for f in list {
            let text = std::fs::read_to_string(f).unwrap();
            let mut masked = mask(&text);
            let rel = f.strip_prefix(src).unwrap();
            let is_mod = f.file_name().is_some_and(|n| n == "mod.rs");
            let depth = rel.components().count() - usize::from(is_mod);
            let children = if is_mod { f.parent().unwrap().to_path_buf() } else { f.with_extension("") };
            test_files.extend(drop_tests(&mut masked, &text, f, &children));
            let code = String::from_utf8_lossy(&masked).into_owned();
            let mut rest = code.as_str();
            while let Some(at) = rest.find("#[macro_export]") {
                rest = &rest[at..];
                if let Some(name) = rest.split("macro_rules!").nth(1).and_then(|r| r.split_whitespace().next()) {
                    owner.insert(name.trim_end_matches('{').to_string(), m.clone());
                }
                rest = &rest["#[macro_export]".len()..];
            }
            masked_files.insert(f.clone(), (m.clone(), masked, depth));
        }
    }
    for line in lib_str.lines().map(str::trim) {
        if let Some(path) = line.strip_prefix("pub use ").and_then(|l| l.strip_suffix(';')) {
            let first = path.split("::").next().unwrap().trim();
            let module = if first == "crate" || first == "self" { path.split("::").nth(1).unwrap() } else { first };
            let last = path.rsplit("::").next().unwrap().trim_matches(|c| c == '{' || c == '}');
            for name in last.split(',').map(|n| n.split(" as ").last().unwrap().trim()) {
                owner.insert(name.to_string(), module.to_string());
            }
        }
    }
    let mut graph: Graph = modules.iter().map(|m| (m.clone(), BTreeMap::new())).collect();
    for (f, (m, masked, depth)) in &masked_files {
        if test_files.contains(f) {
            continue;
        }
        for name in root_names(masked, *depth) {
            let to = owner.get(&name).unwrap_or_else(|| {
                panic!(
                    "{} names `crate::{name}`, which is no module, exported macro or re-export of lib.rs",
                    f.display()
                )
            });
            if to != m {
                let shown = f.strip_prefix(src.parent().unwrap_or(src)).unwrap_or(f).display();
                graph.get_mut(m).unwrap().entry(to.clone()).or_insert_with(|| format!("{shown} uses crate::{name}"));
            }
        }
    }
    graph
}

/// A cycle of the graph (its modules in order, the first again at the end), if any.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(m: &str, graph: &Graph, state: &mut BTreeMap<String, u8>, stack: &mut Vec<String>) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for to in graph.get(m).into_iter().flat_map(BTreeMap::keys) {
            match state.get(to.as_str()).copied().unwrap_or(0) {
                0 => {
                    if let Some(c) = visit(to, graph, state, stack) {
                        return Some(c);
                    }
                }
                1 => {
                    let from = stack.iter().position(|s| s == to).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(to.clone());
                    return Some(cycle);
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if state.get(m).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The cycle in words: the modules, then one import that makes each step.
fn describe(cycle: &[String], graph: &Graph) -> String {
    let mut out = format!("library import cycle: {}\n", cycle.join(" -> "));
    for pair in cycle.windows(2) {
        out.push_str(&format!("  {} -> {}: {}\n", pair[0], pair[1], graph[&pair[0]][&pair[1]]));
    }
    out
}

#[test]
fn the_library_modules_import_one_way() {
    let graph = library_graph(&repo().join("src"));
    // The parse sees the imports: the text layer puts the games' values into words.
    assert!(graph["text"].contains_key("games"), "{graph:#?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("{}", describe(&cycle, &graph));
    }
}

/// A library of three modules in a temp folder, written as `files` say.
fn fake_library(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join("src").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

#[test]
fn a_cycle_is_found_and_shown_through_groups_super_paths_and_re_exports() {
    let base: &[(&str, &str)] = &[
        ("lib.rs", "//! x\npub mod a;\npub mod b;\n#[cfg(unix)]\npub mod c;\npub use c::Thing;\n"),
        ("a.rs", "use crate::{b::{X, Y}, c};\nfn f() -> &'static str { \"crate::b\" }\n"),
        ("b/mod.rs", "pub mod inner;\nmod deep;\n#[cfg(test)]\n#[path = \"b_tests.rs\"]\nmod tests;\n"),
        ("b/inner.rs", "// crate::a in a comment\nfn g() { let _ = ('{', '\\''); super::super::Thing; }\n"),
        ("b/deep.rs", "mod raw {\n    use super::super::inner;\n}\nconst R: &[u8] = br\"crate::a\";\n"),
        ("b/b_tests.rs", "use crate::a::Z;\n"),
        ("c.rs", "pub struct Thing;\n#[cfg(test)]\nmod tests {\n    use crate::a::Q;\n    fn h() { if true {} }\n}\n"),
    ];
    let dir = fake_library(base);
    let graph = library_graph(&dir.path().join("src"));
    let edges: Vec<(&str, &str)> =
        graph.iter().flat_map(|(from, to)| to.keys().map(move |t| (from.as_str(), t.as_str()))).collect();
    // b → c through `super::super::Thing` (re-exported by lib.rs); nothing from the
    // comment, the strings, the character literal or the tests.
    assert_eq!(edges, vec![("a", "b"), ("a", "c"), ("b", "c")]);
    assert_eq!(find_cycle(&graph), None);

    let mut with_cycle = base.to_vec();
    with_cycle.push(("c.rs", "pub struct Thing;\nfn k() { crate::a::f(); }\n"));
    let dir = fake_library(&with_cycle);
    let graph = library_graph(&dir.path().join("src"));
    let cycle = find_cycle(&graph).expect("c → a closes a cycle");
    assert_eq!(cycle, vec!["a", "b", "c", "a"]);
    assert_eq!(
        describe(&cycle, &graph),
        "library import cycle: a -> b -> c -> a\n  a -> b: src/a.rs uses crate::b\n  b -> c: src/b/inner.rs uses \
         crate::Thing\n  c -> a: src/c.rs uses crate::a\n"
    );
}
