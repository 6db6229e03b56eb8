//! Speed of the exact solver on standard Sudoku, against the `sudoku` crate's solver.
//!
//! For each puzzle set of `../shared/datasets/9x9` two modes are measured, each for both solvers:
//! - `first`: one solution (ours: [`search::solve`]; the crate: `Sudoku::solution`, which also
//!   checks uniqueness, as it returns a solution only for a unique puzzle);
//! - `count2`: solutions counted up to 2, what checking a puzzle needs (ours:
//!   [`search::count_solutions`] with limit 2; the crate: `solutions_count_up_to(2)`).
//!
//! Throughput is in puzzles; parsing is done before timing. Without `../shared` the bench prints a
//! message and measures nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gridlogic::model::{Cell, Digit, Grid, Layout, Origin, Puzzle};
use gridlogic::search;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use sudoku::Sudoku;

/// The puzzle sets: file name, and which lines to take (every `step`-th).
const SETS: [(&str, usize); 3] = [
    ("magictour_top1465.txt", 1),
    ("sudoku17_49158.txt", 49),
    ("forum_hardest_1106.txt", 1),
];

fn datasets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets/9x9")
}

/// Reads every `step`-th line of a set as text lines.
fn lines(file: &str, step: usize) -> Vec<String> {
    let text = std::fs::read_to_string(datasets().join(file)).expect("readable puzzle file");
    text.lines().step_by(step).map(str::to_string).collect()
}

/// Parses an 81-character line (`.` or `0` for empty) into a puzzle.
fn puzzle(line: &str, layout: &Arc<Layout>) -> Puzzle {
    let mut grid = Grid::empty(9);
    for (index, c) in line.chars().take(81).enumerate() {
        if let Some(value) = c.to_digit(10).filter(|&v| v != 0) {
            grid.set(Cell::from_index(index), Some(Digit::new(value as usize)));
        }
    }
    Puzzle::new(layout.clone(), grid, Origin::Unknown).expect("valid puzzle")
}

fn solvers(c: &mut Criterion) {
    if !datasets().is_dir() {
        eprintln!("{} is absent: nothing to benchmark", datasets().display());
        return;
    }
    let layout = Arc::new(Layout::with_default_boxes(9).expect("9x9 layout"));
    for (file, step) in SETS {
        let lines = lines(file, step);
        let ours: Vec<Puzzle> = lines.iter().map(|line| puzzle(line, &layout)).collect();
        let theirs: Vec<Sudoku> = lines
            .iter()
            .map(|line| Sudoku::from_str_line(line).expect("valid line"))
            .collect();
        let name = file.trim_end_matches(".txt");
        let mut group = c.benchmark_group(name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .throughput(Throughput::Elements(lines.len() as u64));
        group.bench_function("first/gridlogic", |b| {
            b.iter(|| {
                ours.iter()
                    .filter(|p| search::solve(black_box(p)).is_some())
                    .count()
            })
        });
        group.bench_function("first/sudoku", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .filter(|s| black_box(**s).solution().is_some())
                    .count()
            })
        });
        group.bench_function("count2/gridlogic", |b| {
            b.iter(|| {
                ours.iter()
                    .map(|p| search::count_solutions(black_box(p), 2).solutions)
                    .sum::<usize>()
            })
        });
        group.bench_function("count2/sudoku", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .map(|s| black_box(*s).solutions_count_up_to(2))
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
