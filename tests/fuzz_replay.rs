//! The fuzz targets' inputs replayed under `cargo test`: every file in `fixtures/fuzz/TARGET/`
//! (the minimised corpus each target grew here, and the inputs that once crashed, aborted or hung
//! a reader, named `crash-…`, `oom-…`, `timeout-…`) goes through the same function the target
//! calls (`fuzz/harness.rs`). An input that panics fails the test; one that takes more than
//! `SLOW` is reported as a hang.

#[allow(dead_code)]
#[path = "../fuzz/harness.rs"]
mod harness;

use crate::common;

use std::time::{Duration, Instant};

/// Far more than any input should need (each solve has a budget of 50 ms).
const SLOW: Duration = Duration::from_secs(20);

/// Runs `target` on every file of `fixtures/fuzz/NAME`, and says how many there were.
fn replay(name: &str, target: fn(&[u8])) -> usize {
    let folder = common::fixture(&format!("fuzz/{name}"));
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    for file in &files {
        let data = std::fs::read(file).unwrap();
        let start = Instant::now();
        let outcome = std::panic::catch_unwind(|| target(&data));
        assert!(outcome.is_ok(), "{} panicked", file.display());
        let took = start.elapsed();
        assert!(took < SLOW, "{} took {took:?}", file.display());
    }
    files.len()
}

#[test]
fn text_inputs_replay() {
    assert!(replay("text", harness::text) > 0);
}

#[test]
fn workbook_inputs_replay() {
    assert!(replay("workbook", harness::workbook) > 0);
}

#[test]
fn pencil_inputs_replay() {
    assert!(replay("pencil", harness::pencil) > 0);
}

#[test]
fn reglib_inputs_replay() {
    assert!(replay("reglib", harness::reglib) > 0);
}

#[test]
fn region_map_inputs_replay() {
    assert!(replay("regions", harness::regions) > 0);
}
