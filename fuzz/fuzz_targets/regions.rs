//! Fuzz target: see `harness::regions`.
#![no_main]

// Each target uses one of the harness's functions; the others serve the other targets.
#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::regions(data));
