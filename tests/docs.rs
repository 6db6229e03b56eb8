//! The README and the user guide (`docs/src`, an mdBook) hold no broken link: every relative link
//! names a file that exists, every `#fragment` a heading of the page it points at, and every
//! page of the guide is listed in its `SUMMARY.md`. Every `gridlogic` command of their `sh`
//! blocks runs as a reader would run it, and succeeds.

use crate::common;

use crate::common::root;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The README and every Markdown page under `docs/src`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut folders = vec![root().join("docs/src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut inside = false;
    let mut kept = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if !inside {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The targets of the `[text](target)` links of `text`.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        found.push(after[..end].to_string());
        rest = &after[end..];
    }
    found
}

/// GitHub's and mdBook's anchor of a heading: lower case, spaces as hyphens, other punctuation
/// dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of the page at `path`.
fn anchors(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    prose(&text)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_of_the_readme_and_the_guide_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in links(&prose(&text)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let linked = match file {
                "" => page.clone(),
                _ => page.parent().unwrap().join(file),
            };
            checked += 1;
            if !linked.exists() {
                broken.push(format!("{}: {target}: no such file", page.display()));
            } else if !fragment.is_empty() && !anchors(&linked).contains(fragment) {
                broken.push(format!("{}: {target}: no such heading", page.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} links read");
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn the_guides_summary_lists_every_page() {
    let src = root().join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<PathBuf> = links(&summary).iter().map(|l| src.join(l)).collect();
    for page in pages().into_iter().skip(1) {
        if page.file_name().unwrap() != "SUMMARY.md" {
            assert!(
                listed.contains(&page),
                "{} is not in SUMMARY.md",
                page.display()
            );
        }
    }
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor(" Annotated workbook"), "annotated-workbook");
    assert_eq!(anchor("Verdicts and exit codes"), "verdicts-and-exit-codes");
    assert_eq!(
        anchor("Speed: the 17-clue sample (1/2)"),
        "speed-the-17-clue-sample-12"
    );
}

/// The files a reader is told to bring, and the fixture that stands in for each.
const READERS_FILES: [(&str, &str); 2] = [
    ("my-puzzle.xlsx", "fixtures/workbooks/sudoku-9x9.xlsx"),
    ("puzzles.txt", "fixtures/text/top1465-first3.txt"),
];

/// Commands of the `sh` blocks that this test does not run, and what runs them: building and
/// installing (`.ci/run` builds, tests and installs the Python wheel, adds the WebAssembly target
/// and runs the node check of the module), the Dask example (its Python test), fuzzing (nightly,
/// by hand).
const RUN_ELSEWHERE: [&str; 7] = ["cargo", "pip", "cd", "python", "mdbook", "rustup", "node"];

/// The commands of a page's `sh` blocks, continuation lines joined and comments dropped.
fn shell_commands(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut block = false;
    let mut pending = String::new();
    for line in text.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match fence {
            Some(language) => block = !block && language.trim() == "sh",
            None if block => {
                let line = line.split(" # ").next().unwrap().trim();
                match line.strip_suffix('\\') {
                    Some(start) => pending.push_str(start),
                    None => {
                        pending.push_str(line);
                        if !pending.trim().is_empty() {
                            commands.push(std::mem::take(&mut pending).trim().to_string());
                        }
                        pending.clear();
                    }
                }
            }
            None => {}
        }
    }
    commands
}

#[test]
fn every_gridlogic_command_of_the_readme_and_the_guide_runs() {
    // The pages on every core; a page's commands in order.
    let ran: usize = pages().par_iter().map(|page| run_commands_of(page)).sum();
    // The README's first steps and "your own file", the generator's examples at least.
    assert!(ran >= 10, "{ran} commands");
}

/// Runs the `gridlogic` commands of one page in order, in a scratch folder of its own (a page's
/// later commands may read what its earlier ones wrote); returns how many ran.
fn run_commands_of(page: &Path) -> usize {
    let text = std::fs::read_to_string(page).unwrap();
    // Named by the page's whole path: pages run at once, and two pages share a name
    // (shikaku.md, and techniques/shikaku.md).
    let relative = page.strip_prefix(root()).unwrap().with_extension("");
    let dir = common::scratch(&format!(
        "docs-{}",
        relative.to_string_lossy().replace('/', "-")
    ));
    for (name, fixture) in READERS_FILES {
        std::fs::copy(root().join(fixture), dir.join(name)).unwrap();
    }
    let mut ran = 0;
    for command in shell_commands(&text) {
        let words: Vec<&str> = command.split_whitespace().collect();
        if words[0] != "gridlogic" {
            assert!(
                RUN_ELSEWHERE.contains(&words[0]),
                "{}: `{command}` is run by nothing",
                page.display()
            );
            continue;
        }
        // The fixtures a command names, copied, so that what it writes beside them stays in
        // the scratch folder.
        for word in words.iter().filter(|w| w.starts_with("fixtures/")) {
            let copy = dir.join(word);
            std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
            std::fs::copy(root().join(word), copy).unwrap();
        }
        // A generator's example without a seed draws one at random: the test gives it one, so
        // that every run tries the same puzzles.
        let seed: &[&str] = match words[1] == "generate" && !words.contains(&"--seed") {
            true => &["--seed", "1"],
            false => &[],
        };
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gridlogic"))
            .args(&words[1..])
            .args(seed)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "{}: `{command}`: {err}",
            page.display()
        );
        // What the command says it wrote is there.
        for written in err.lines().filter_map(|l| l.strip_prefix("wrote ")) {
            assert!(dir.join(written).exists(), "`{command}`: {written}");
        }
        ran += 1;
    }
    ran
}
