//! The technique guide (`docs/src/techniques/`) against the engine: a page for every family of
//! the technique table (and Shikaku's deductions), listed in the book's summary; the entries of
//! each page are exactly the table's techniques of that family; every step's guide path is a
//! page; and each page's example is re-found on its stored puzzle: the step it names has that
//! technique, the page shows its notation line and its words as gridlogic writes them now, and
//! its picture (drawn by `docs/pictures.sh` from the workbook's step sheet) is there.

use crate::common::root;
use gridlogic::core::{Family, Technique};
use gridlogic::report::words::{guide, shikaku_guide};
use gridlogic::shikaku;
use std::collections::BTreeSet;

/// A page's text, by its path from the repository's root.
fn page(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The names a page lists under `## Entries`, one `- Name` a line.
fn entries(text: &str) -> BTreeSet<String> {
    let after = text.split("## Entries").nth(1).unwrap_or("");
    after
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .map(str::to_string)
        .collect()
}

/// Every page of the guide: each family's (by its key), then Shikaku's.
fn pages() -> Vec<String> {
    let mut pages: Vec<String> = Family::ALL
        .iter()
        .map(|family| format!("docs/src/techniques/{}.md", family.key()))
        .collect();
    pages.push(shikaku_guide().to_string());
    pages
}

#[test]
fn every_family_has_a_page_in_the_summary() {
    let summary = page("docs/src/SUMMARY.md");
    for path in pages() {
        let text = page(&path);
        assert!(text.starts_with("# "), "{path}: no title");
        for part in [
            "**What it is.**",
            "**Why it works.**",
            "**How to spot it.**",
        ] {
            assert!(text.contains(part), "{path}: no {part}");
        }
        let link = path.trim_start_matches("docs/src/");
        assert!(
            summary.contains(&format!("({link})")),
            "SUMMARY.md lacks {link}"
        );
    }
}

#[test]
fn the_guides_entries_are_the_technique_table() {
    for family in Family::ALL {
        let path = format!("docs/src/techniques/{}.md", family.key());
        let table: BTreeSet<String> = Technique::catalogue()
            .into_iter()
            .filter(|t| t.family() == family)
            .map(|t| t.name())
            .collect();
        assert_eq!(entries(&page(&path)), table, "{path}");
    }
    let shikaku: BTreeSet<String> = shikaku::Technique::ALL
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    assert_eq!(entries(&page(shikaku_guide())), shikaku);
}

#[test]
fn every_steps_guide_is_a_page() {
    let pages: BTreeSet<String> = pages().into_iter().collect();
    for technique in Technique::catalogue() {
        assert!(pages.contains(&guide(technique)), "{technique}");
        assert!(root().join(guide(technique)).exists(), "{technique}");
    }
}

/// The example a page names: `<!-- example: FILE step N: TECHNIQUE -->`.
fn example(text: &str) -> Option<(String, usize, String)> {
    let marker = text.split("<!-- example: ").nth(1)?.split(" -->").next()?;
    let (file, rest) = marker.split_once(" step ")?;
    let (step, technique) = rest.split_once(": ")?;
    Some((file.to_string(), step.parse().ok()?, technique.to_string()))
}

/// The lines of the first `text` block after the example's marker.
fn shown(text: &str) -> Vec<String> {
    let after = text.split("<!-- example: ").nth(1).unwrap();
    let block = after.split("```text\n").nth(1).unwrap();
    block
        .split("\n```")
        .next()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn each_pages_example_is_refound_on_its_puzzle() {
    let mut found = 0;
    for path in pages() {
        let text = page(&path);
        let Some((file, step, technique)) = example(&text) else {
            assert!(path.ends_with("backtracking.md"), "{path}: no example");
            continue;
        };
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gridlogic"))
            // gridlogic's own path: the default follows HoDoKu's, which takes other steps.
            .args(["solve", "--format", "json", "--rating", "gridlogic", &file])
            .current_dir(root())
            .output()
            .unwrap();
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let solved = &document["steps"][step - 1];
        assert_eq!(
            solved["technique"],
            technique.as_str(),
            "{path}: {file} step {step}"
        );
        let mut lines = vec![solved["explanation"].as_str().unwrap().to_string()];
        for sentence in solved["words"].as_array().unwrap() {
            lines.push(sentence.as_str().unwrap().to_string());
        }
        assert_eq!(
            shown(&text),
            lines,
            "{path}: the example's words are not gridlogic's now"
        );
        found += 1;
    }
    assert!(found >= 12, "{found} examples");
}
