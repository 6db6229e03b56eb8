//! Speed of the full logical solve (techniques simplest first, backtracking when stuck) on a
//! fixed sample of magictour's top1465 (every 30th puzzle: the whole set takes minutes per pass
//! now that forcing nets solve nearly all of it) and HoDoKu's exemplars, in puzzles per second.
//! Without `../shared` the bench prints a message and measures nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gridlogic::engine::{self, Options};
use gridlogic::model::Puzzle;
use gridlogic::read::{ReadOptions, read_text};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn shared(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(relative)
}

/// Every `stride`-th puzzle of a file, one per line; the first token of each line (exemplar lines
/// carry tags).
fn puzzles(relative: &str, stride: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(shared(relative)).expect("readable puzzle file");
    let lines: String = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .step_by(stride)
        .map(|l| format!("{l}\n"))
        .collect();
    read_text(&lines, relative, &ReadOptions::default())
        .expect("valid puzzles")
        .puzzles
}

fn logical_solve(c: &mut Criterion) {
    if !shared("datasets").is_dir() {
        eprintln!("../shared/datasets is absent: nothing to benchmark");
        return;
    }
    let options = Options::all(9);
    let mut group = c.benchmark_group("engine");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for (name, file, stride) in [
        (
            "top1465 every 30th",
            "datasets/9x9/magictour_top1465.txt",
            30,
        ),
        ("exemplars", "datasets/hodoku/exemplars-1.0-dev.txt", 1),
    ] {
        let set = puzzles(file, stride);
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for puzzle in &set {
                    black_box(engine::solve(puzzle, &options));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, logical_solve);
criterion_main!(benches);
