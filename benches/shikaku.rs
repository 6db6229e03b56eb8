//! Speed of the Shikaku solvers on `../shared/datasets/shikaku`: counting solutions up to two (the
//! exact search, as `check` does) and the full logical solve (as `solve` does), over the whole
//! janko set, and on the largest puzzles alone (codingame's 30x30 with a 308, janko's 31x45).
//! Without `../shared` the bench prints a message and measures nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gridlogic::read::ReadOptions;
use gridlogic::shikaku::engine::Options;
use gridlogic::shikaku::{self, Shikaku, read, search};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn shared(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/datasets/shikaku")
        .join(relative)
}

fn puzzle(relative: &str) -> Shikaku {
    read::read_file(&shared(relative), &ReadOptions::default())
        .expect("a valid puzzle")
        .remove(0)
}

/// Every puzzle of one set, in manifest order.
fn set(name: &str) -> Vec<Shikaku> {
    let manifest = std::fs::read_to_string(shared("manifest.csv")).expect("the manifest");
    manifest
        .lines()
        .skip(1)
        .filter(|l| l.starts_with(&format!("{name},")))
        .map(|l| puzzle(l.split(',').nth(1).expect("a path")))
        .collect()
}

fn shikaku_bench(c: &mut Criterion) {
    if !shared("manifest.csv").is_file() {
        eprintln!("../shared/datasets/shikaku is absent: nothing to benchmark");
        return;
    }
    let janko = set("janko");
    let options = Options::default();
    let mut group = c.benchmark_group("shikaku");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .throughput(Throughput::Elements(janko.len() as u64));
    group.bench_function("janko count to 2", |b| {
        b.iter(|| {
            for p in &janko {
                black_box(search::count_solutions(p, 2));
            }
        })
    });
    group.bench_function("janko logical solve", |b| {
        b.iter(|| {
            for p in &janko {
                black_box(shikaku::solve(p, &options));
            }
        })
    });
    group.throughput(Throughput::Elements(1));
    for (name, path) in [
        ("codingame 30x30", "codingame/codingame-shikaku-test4.txt"),
        ("janko 31x45", "janko/janko-250.txt"),
        ("seed 7x7-b", "../../seed-puzzles/shikaku-7x7-b.txt"),
    ] {
        let p = puzzle(path);
        group.bench_function(format!("{name} count to 2"), |b| {
            b.iter(|| black_box(search::count_solutions(&p, 2)))
        });
        group.bench_function(format!("{name} logical solve"), |b| {
            b.iter(|| black_box(shikaku::solve(&p, &options)))
        });
    }
    group.finish();
}

criterion_group!(benches, shikaku_bench);
criterion_main!(benches);
