//! Runs HoDoKu's regression library (`../shared/datasets/hodoku/reglib-1.4-dev.txt`): every case
//! of the techniques we implement must pass, every other case is skipped.

use gridlogic::reglib::{self, Outcome};
use std::path::Path;
use std::time::Instant;

/// The codes we implement: singles, intersections, subsets, basic fish.
const IMPLEMENTED: [&str; 16] = [
    "0000", "0002", "0003", "0100", "0101", "0110", "0111", "0200", "0201", "0202", "0210", "0211",
    "0212", "0300", "0301", "0302",
];

/// Fish beyond basic (sizes 2 to 4): finned, sashimi, Franken, finned Franken, mutant and finned
/// mutant fish, and the siamese forms of the finned kinds. The file has no case for some of them.
const IMPLEMENTED_FISH: [&str; 26] = [
    "0310", "0311", "0312", "0320", "0321", "0322", "0330", "0331", "0332", "0340", "0341", "0342",
    "0350", "0351", "0352", "0360", "0361", "0362", "03111", "03121", "03211", "03221", "03411",
    "03421", "03611", "03621",
];

#[test]
fn every_implemented_case_of_the_regression_library_passes() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets/hodoku/reglib-1.4-dev.txt");
    if !path.exists() {
        eprintln!("skipping: {} is not available", path.display());
        return;
    }
    let text = std::fs::read_to_string(path).unwrap();
    let start = Instant::now();
    let report = reglib::run(&text);
    eprintln!("{} in {:?}", report.lines().join("\n"), start.elapsed());
    let mut implemented = 0;
    for result in &report.results {
        let code = result.code.split('-').next().unwrap();
        if IMPLEMENTED.contains(&code) || IMPLEMENTED_FISH.contains(&code) {
            implemented += 1;
            assert_eq!(
                result.outcome,
                Outcome::Passed,
                "line {}: {}",
                result.line,
                result.code
            );
        } else {
            assert_eq!(
                result.outcome,
                Outcome::Skipped,
                "line {}: {}",
                result.line,
                result.code
            );
        }
    }
    // 19 full houses, 18 of each other single and locked candidate, 16 locked pairs and
    // triples, 71 subsets, 18 basic fish, 60 other fish (all but the finned mutant squirmbag and
    // whale): the cases this file holds for our techniques.
    assert_eq!(implemented, 256, "cases of implemented techniques");
    assert_eq!(report.passed(), implemented);
}
