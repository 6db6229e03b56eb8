//! The layer rule of the developer guide (docs/src/dev/guide.md): model → search → read → core → techniques → engine
//! → rating/report → write → cli, and no module imports one above it. Every `crate::` and
//! `super::` path in the library's sources is resolved to a module and checked against the rank of
//! the file that names it.

use crate::common;

use std::path::{Path, PathBuf};

/// Each module (longest prefix wins) and its layer, bottom first. Shikaku's parts sit on the
/// layers of their Sudoku counterparts.
const LAYERS: &[(&str, usize)] = &[
    ("error", 0),
    ("model", 0),
    ("shikaku::model", 0),
    ("search", 1),
    ("shikaku::search", 1),
    ("read", 2),
    ("shikaku::read", 2),
    ("core", 3),
    ("shikaku::state", 3),
    ("techniques", 4),
    ("shikaku::deductions", 4),
    ("engine", 5),
    ("shikaku::engine", 5),
    ("rating", 6),
    ("report", 6),
    ("render", 6),
    ("batch", 6),
    ("hint", 6),
    ("generate", 6),
    ("reglib", 6),
    ("shikaku", 6),
    ("shikaku::report", 6),
    ("write", 7),
];

const NAMES: [&str; 8] = [
    "model",
    "search",
    "read",
    "core",
    "techniques",
    "engine",
    "rating/report",
    "write",
];

/// The layer of a module path such as `techniques::forcing::explain`.
fn layer(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .filter(|(prefix, _)| module == *prefix || module.starts_with(&format!("{prefix}::")))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|&(_, rank)| rank)
}

/// The module path of a source file: `src/techniques/forcing/explain.rs` →
/// `techniques::forcing::explain`; a `mod.rs` is its folder.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments (line comments and doc comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module path a piece of code names through `crate::` or `super::` (resolved against
/// `module` and the inline modules, such as `mod tests`, around it), with `use` groups
/// expanded: `crate::core::{State, limits::Limits}` names `core` and `core::limits::Limits`.
fn named_modules(code: &str, module: &str) -> Vec<String> {
    let inline = inline_modules(code);
    let mut found = Vec::new();
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        let before = code[..start].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let (base, rest) = if code[start..].starts_with("crate::") {
            (Vec::new(), &code[start + "crate::".len()..])
        } else {
            let mut here: Vec<String> = module.split("::").map(String::from).collect();
            here.extend(
                inline
                    .iter()
                    .filter(|(_, open, close)| (*open..*close).contains(&start))
                    .map(|(name, _, _)| name.clone()),
            );
            here.pop();
            (here, &code[start + "super::".len()..])
        };
        let depth = base.len();
        let mut named = Vec::new();
        expand(rest, base, &mut named);
        found.extend(named.into_iter().filter(|n| n.split("::").count() > depth));
    }
    found
}

/// The inline modules of a file (`mod tests { … }`): name, start and end of their body.
fn inline_modules(code: &str) -> Vec<(String, usize, usize)> {
    let mut modules = Vec::new();
    for (start, _) in code.match_indices("mod ") {
        let rest = &code[start + 4..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if !rest[end..].trim_start().starts_with('{') {
            continue;
        }
        let open = start + 4 + end + rest[end..].find('{').unwrap_or(0);
        let close = open + matching_brace(&code[open..]);
        modules.push((rest[..end].to_string(), open, close));
    }
    modules
}

/// Follows a path from `rest` (after `crate::` or `super::`), collecting the modules it names.
fn expand(rest: &str, mut path: Vec<String>, found: &mut Vec<String>) {
    let mut rest = rest;
    loop {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let segment = &rest[..end];
        if segment.is_empty() {
            if rest.starts_with('{') {
                let close = matching_brace(rest);
                for item in split_top_level(&rest[1..close]) {
                    expand(item.trim(), path.clone(), found);
                }
                return;
            }
            break;
        }
        if segment == "self" || !segment.starts_with(|c: char| c.is_ascii_lowercase()) {
            break;
        }
        path.push(segment.to_string());
        rest = &rest[end..];
        match rest.strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    if !path.is_empty() {
        found.push(path.join("::"));
    }
}

fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    text.len()
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

/// Every import of the library's sources that reaches a layer above its file's, described.
fn upward_imports(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(src, &file);
        if module == "lib" || module == "main" || module.starts_with("cli") {
            continue; // the crate root declares modules; the command line sits on top
        }
        let own = layer(&module).unwrap_or_else(|| panic!("{module} has no layer in LAYERS"));
        let text = std::fs::read_to_string(&file).expect("readable source");
        for named in named_modules(&code(&text), &module) {
            let Some(rank) = layer(&named) else { continue };
            if rank > own && !named.starts_with(&module) {
                wrong.push(format!(
                    "{module} ({}) imports {named} ({})",
                    NAMES[own], NAMES[rank]
                ));
            }
        }
    }
    wrong.dedup();
    wrong
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = upward_imports(&src);
    assert!(wrong.is_empty(), "upward imports:\n{}", wrong.join("\n"));
}

#[test]
fn an_upward_import_is_caught() {
    let dir = common::scratch("layers");
    let read = dir.join("read");
    std::fs::create_dir_all(&read).expect("a scratch folder");
    std::fs::write(
        read.join("mod.rs"),
        "use crate::model::Grid;\nuse super::engine::solve;\n",
    )
    .expect("writable");
    std::fs::write(
        read.join("text.rs"),
        "// crate::write in a comment does not count\nuse crate::core::{State, technique::Row};\n",
    )
    .expect("writable");
    let wrong = upward_imports(&dir);
    assert_eq!(
        wrong,
        [
            "read (read) imports engine::solve (engine)",
            "read::text (read) imports core (core)",
            "read::text (read) imports core::technique (core)",
        ]
    );
}
