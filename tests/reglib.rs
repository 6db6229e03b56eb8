//! Runs HoDoKu's regression library (`../shared/datasets/hodoku/reglib-1.4-dev.txt`): every case
//! of the techniques we implement must pass, every other case is skipped.

use gridlogic::reglib::{self, Outcome};
use std::path::Path;
use std::time::Instant;

/// The codes we implement: singles, intersections, subsets, basic fish, templates, forcing
/// chains and nets (the library has no case of the last four).
const IMPLEMENTED: [&str; 22] = [
    "0000", "0002", "0003", "0100", "0101", "0110", "0111", "0200", "0201", "0202", "0210", "0211",
    "0212", "0300", "0301", "0302", "1201", "1202", "1301", "1302", "1303", "1304",
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
        if IMPLEMENTED.contains(&code) {
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
    // triples, 71 subsets, 18 fish, 10 templates: the cases this file holds for our techniques.
    assert_eq!(implemented, 206, "cases of implemented techniques");
    assert_eq!(report.passed(), implemented);
}
