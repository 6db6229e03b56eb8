//! The technique guide inside the step viewer page: for each family, what the pattern is, why it
//! works and how to spot it, read at build time from the user guide's own pages
//! (`docs/src/techniques/*.md`), so that the page and the book never say different things.

use crate::core::Family;
use serde::Serialize;

/// Each guide page, by its key (the family's [`Family::key`], or `shikaku`), as the book has it.
const PAGES: [(&str, &str); 15] = [
    (
        "singles",
        include_str!("../../docs/src/techniques/singles.md"),
    ),
    (
        "intersections",
        include_str!("../../docs/src/techniques/intersections.md"),
    ),
    (
        "subsets",
        include_str!("../../docs/src/techniques/subsets.md"),
    ),
    ("fish", include_str!("../../docs/src/techniques/fish.md")),
    (
        "single-digit",
        include_str!("../../docs/src/techniques/single-digit.md"),
    ),
    (
        "uniqueness",
        include_str!("../../docs/src/techniques/uniqueness.md"),
    ),
    ("wings", include_str!("../../docs/src/techniques/wings.md")),
    (
        "colouring",
        include_str!("../../docs/src/techniques/colouring.md"),
    ),
    (
        "chains",
        include_str!("../../docs/src/techniques/chains.md"),
    ),
    ("als", include_str!("../../docs/src/techniques/als.md")),
    (
        "forcing",
        include_str!("../../docs/src/techniques/forcing.md"),
    ),
    (
        "killer",
        include_str!("../../docs/src/techniques/killer.md"),
    ),
    ("marks", include_str!("../../docs/src/techniques/marks.md")),
    (
        "backtracking",
        include_str!("../../docs/src/techniques/backtracking.md"),
    ),
    (
        "shikaku",
        include_str!("../../docs/src/techniques/shikaku.md"),
    ),
];

/// The key of the Shikaku deductions' page.
pub const SHIKAKU: &str = "shikaku";

/// One family's entry in the page: its page's opening sections, in the page's inline markdown
/// (`**bold**` and `` `code` ``, which the page's script draws).
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Entry {
    /// The page's key: `chains`.
    pub key: &'static str,
    /// The page's title: `Chains`.
    pub title: String,
    /// "What it is."
    pub what: String,
    /// "Why it works."
    pub why: String,
    /// "How to spot it."
    pub spot: String,
    /// The techniques the page explains (its "Entries" list).
    pub techniques: Vec<String>,
    /// The practice command, when the family has one: `gridlogic generate --technique aic -o
    /// practice.pdf`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub practice: Option<String>,
    /// Where the page is in the repository: `docs/src/techniques/chains.md`.
    pub source: String,
}

/// The entries of every Sudoku family, in [`Family::ALL`]'s order.
pub fn sudoku_entries() -> Vec<Entry> {
    Family::ALL.iter().map(|f| entry(f.key())).collect()
}

/// The entry of the page `key` ([`Family::key`] or [`SHIKAKU`]).
///
/// # Panics
/// When the guide has no such page or the page lacks one of its three opening sections: the
/// guide's pages are part of the build, so tests catch it.
pub fn entry(key: &'static str) -> Entry {
    let (_, text) = PAGES
        .iter()
        .find(|(k, _)| *k == key)
        .unwrap_or_else(|| panic!("the guide has a page {key}"));
    let section =
        |label: &str| paragraph(text, label).unwrap_or_else(|| panic!("{key}.md has \"{label}\""));
    Entry {
        key,
        title: text
            .lines()
            .find_map(|l| l.strip_prefix("# "))
            .unwrap_or(key)
            .to_string(),
        what: section("**What it is.**"),
        why: section("**Why it works.**"),
        spot: section("**How to spot it.**"),
        techniques: entries(text),
        practice: text
            .lines()
            .find(|l| l.starts_with("gridlogic generate --technique"))
            .map(str::to_string),
        source: format!("docs/src/techniques/{key}.md"),
    }
}

/// The paragraph that starts with `label`, without it, its lines joined.
fn paragraph(text: &str, label: &str) -> Option<String> {
    let start = text.find(label)? + label.len();
    let rest = &text[start..];
    let end = rest.find("\n\n").unwrap_or(rest.len());
    let lines: Vec<&str> = rest[..end].lines().map(str::trim).collect();
    Some(lines.join(" ").trim().to_string())
}

/// The techniques listed under the page's "## Entries".
fn entries(text: &str) -> Vec<String> {
    let Some(start) = text.find("\n## Entries") else {
        return Vec::new();
    };
    // `start` is the newline before the heading: the lines begin with the heading itself.
    text[start + 1..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("- "))
        .map(|l| l.trim().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_its_three_sections_and_its_entries() {
        let mut keys: Vec<&str> = Family::ALL.iter().map(|f| f.key()).collect();
        keys.push(SHIKAKU);
        for key in keys {
            let entry = entry(key);
            for part in [&entry.what, &entry.why, &entry.spot] {
                assert!(part.len() > 40, "{key}: {part:?}");
                assert!(
                    !part.contains("**How") && !part.contains('\n'),
                    "{key}: {part:?}"
                );
            }
            assert!(!entry.techniques.is_empty(), "{key}");
        }
        let chains = entry("chains");
        assert_eq!(chains.title, "Chains");
        assert!(
            chains
                .what
                .starts_with("An **alternating inference chain** (AIC)")
        );
        assert!(chains.techniques.contains(&"Grouped AIC".to_string()));
        assert_eq!(
            chains.practice.as_deref(),
            Some("gridlogic generate --technique aic -o practice.pdf")
        );
    }
}
