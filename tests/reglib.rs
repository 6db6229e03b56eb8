//! Runs HoDoKu's regression library (`../shared/datasets/hodoku/reglib-1.4-dev.txt`): every case
//! of the techniques we implement must pass, every other case is skipped.

use crate::common;

use gridlogic::reglib::{self, Outcome};
use std::time::Instant;

/// The codes we implement, each with the number of cases the library holds for it (counted
/// with `awk` over the file, variants included), one family per line.
const IMPLEMENTED: &[(&str, usize)] = &[
    // singles
    ("0000", 19),
    ("0002", 18),
    ("0003", 18),
    // intersections
    ("0100", 18),
    ("0101", 18),
    ("0110", 9),
    ("0111", 7),
    // subsets
    ("0200", 14),
    ("0201", 14),
    ("0202", 6),
    ("0210", 14),
    ("0211", 14),
    ("0212", 9),
    // basic fish
    ("0300", 6),
    ("0301", 6),
    ("0302", 6),
    // finned, sashimi, Franken and mutant fish, and their siamese forms
    ("0310", 5),
    ("0311", 6),
    ("03111", 2),
    ("0312", 5),
    ("03121", 2),
    ("0320", 5),
    ("0321", 5),
    ("03211", 4),
    ("0322", 4),
    ("03221", 1),
    ("0331", 2),
    ("0332", 2),
    ("0340", 2),
    ("0341", 3),
    ("03411", 1),
    ("0342", 5),
    ("03421", 2),
    ("0362", 2),
    ("03621", 2),
    // single-digit patterns
    ("0400", 5),
    ("0401", 6),
    ("0402", 10),
    ("0403", 5),
    ("0404", 5),
    ("0405", 4),
    // colouring
    ("0500", 4),
    ("0501", 2),
    ("0502", 2),
    ("0503", 1),
    // uniqueness
    ("0600", 9),
    ("0601", 10),
    ("0602", 7),
    ("0603", 11),
    ("0604", 5),
    ("0605", 7),
    ("0606", 12),
    ("0607", 5),
    ("0608", 8),
    ("0610", 8),
    // wings
    ("0800", 5),
    ("0801", 8),
    ("0803", 7),
    // chains
    ("0701", 7),
    ("0702", 12),
    ("0703", 10),
    ("0706", 9),
    ("0707", 14),
    ("0708", 17),
    ("0709", 8),
    ("0710", 20),
    ("0711", 22),
    // almost locked sets
    ("0901", 9),
    ("0902", 8),
    ("0903", 8),
    ("0904", 9),
    ("1101", 15),
    // templates
    ("1201", 5),
    ("1202", 5),
];

/// Cases of implemented codes that are known to differ from HoDoKu, by line and code, with the
/// reason. Each must fail (so that a fix is noticed).
const KNOWN_DIFFERENCES: [(usize, &str, &str); 0] = [];

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_implemented_case_of_the_regression_library_passes() {
    let Some(path) = common::shared("datasets/hodoku/reglib-1.4-dev.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let start = Instant::now();
    let report = reglib::run(&text, None);
    eprintln!("{} in {:?}", report.lines().join("\n"), start.elapsed());
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    for result in &report.results {
        let code = result.code.split('-').next().unwrap();
        let known = KNOWN_DIFFERENCES
            .iter()
            .find(|&&(line, _, _)| line == result.line);
        if let Some((line, full_code, why)) = known {
            assert_eq!(
                result.code, *full_code,
                "line {line} is the known difference"
            );
            assert!(
                matches!(result.outcome, Outcome::Failed(_)),
                "line {line} now passes ({why}): move it out of KNOWN_DIFFERENCES"
            );
        }
        let implemented = IMPLEMENTED.iter().find(|&&(c, _)| c == code);
        let expected = match (implemented, known) {
            (None, _) => Outcome::Skipped,
            (Some(&(c, _)), _) => {
                *seen.entry(c).or_default() += 1;
                Outcome::Passed
            }
        };
        if known.is_none() {
            assert_eq!(
                result.outcome, expected,
                "line {}: {}",
                result.line, result.code
            );
        }
    }
    for &(code, cases) in IMPLEMENTED {
        assert_eq!(
            seen.get(code).copied().unwrap_or(0),
            cases,
            "cases of {code}"
        );
    }
    let total: usize = IMPLEMENTED.iter().map(|&(_, n)| n).sum();
    assert_eq!(report.passed(), total - KNOWN_DIFFERENCES.len());
}
