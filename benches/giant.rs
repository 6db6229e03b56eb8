//! The giant-grid benchmark of issue 15: the exact search counting to 2 on generated balanced
//! instances, sizes 25 to 100 at 40%, 50% and 60% given, three seeds each (`tests/common/giant.rs`
//! makes them). Each count runs on one thread with a 30 s deadline; its CPU time (from
//! `/proc/self/stat`, so Linux only, 10 ms steps) is what is reported, and a count that takes
//! more than 5 s of it, or does not finish, counts as undecided.
//!
//! Prints one line per instance, then the table the guide's Giant grids page shows (per size and ratio: unique and
//! non-unique counts, median and maximum time, undecided). It also writes each instance as CSV
//! under `target/giant/` for the SAT reference run, `benches/sat-reference.py`.
//!
//! `cargo bench --bench giant` (about 10 minutes when most instances run to the deadline);
//! `GIANT_SIZES=25,36` keeps some sizes only.

#[path = "../tests/common/giant.rs"]
mod giant;

use gridlogic::search::{self, Deadline};
use std::time::Duration;

/// CPU seconds this process has used so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux /proc");
    let after_name = &stat[stat.rfind(')').expect("a process name") + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// The verdict and time of one instance.
struct Result {
    size: usize,
    given: usize,
    solutions: Option<usize>,
    seconds: f64,
}

const UNDECIDED_AFTER: f64 = 5.0;

fn main() {
    let sizes: Option<Vec<usize>> = std::env::var("GIANT_SIZES")
        .ok()
        .map(|s| s.split(',').map(|n| n.parse().expect("a size")).collect());
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/giant");
    std::fs::create_dir_all(&out).expect("target/giant");
    let mut results = Vec::new();
    for instance in giant::benchmark_set(3) {
        if sizes.as_ref().is_some_and(|s| !s.contains(&instance.size)) {
            continue;
        }
        let file = format!("{}-{}-{}.csv", instance.size, instance.given, instance.seed);
        std::fs::write(out.join(file), csv(instance.puzzle.givens())).expect("written");
        let start = cpu_seconds();
        let deadline = Deadline::after(Duration::from_secs(30));
        let count = search::count_solutions_until(&instance.puzzle, 2, deadline);
        let seconds = cpu_seconds() - start;
        if let Some(first) = &count.first {
            assert!(
                giant::is_valid_solution(&instance.puzzle, first),
                "{}",
                instance.name
            );
            // A unique puzzle's solution is the grid its givens came from.
            let unique = count.complete && count.solutions == 1;
            assert!(!unique || *first == instance.planted, "{}", instance.name);
        }
        let decided = count.complete && seconds <= UNDECIDED_AFTER;
        let verdict = match (decided, count.solutions) {
            (false, _) => "undecided".to_string(),
            (true, 1) => "unique".to_string(),
            (true, n) => format!("{n} solutions"),
        };
        println!("{:<22} {verdict:<12} {seconds:6.2} s", instance.name);
        results.push(Result {
            size: instance.size,
            given: instance.given,
            solutions: decided.then_some(count.solutions),
            seconds,
        });
    }
    table(&results);
}

/// The givens as CSV, empty cells empty.
fn csv(grid: &gridlogic::model::Grid) -> String {
    let n = grid.size();
    let rows: Vec<String> = grid
        .values()
        .chunks(n)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| if v == 0 { String::new() } else { v.to_string() })
                .collect();
            cells.join(",")
        })
        .collect();
    rows.join("\n") + "\n"
}

/// The guide's table (docs/src/giant-grids.md): one row per size and ratio.
fn table(results: &[Result]) {
    println!("\n| size | given | unique | not unique | undecided (> 5 s) | median | max |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut groups: Vec<(usize, usize)> = results.iter().map(|r| (r.size, r.given)).collect();
    groups.dedup();
    for (size, given) in groups {
        let group: Vec<&Result> = results
            .iter()
            .filter(|r| r.size == size && r.given == given)
            .collect();
        let mut times: Vec<f64> = group.iter().map(|r| r.seconds).collect();
        times.sort_by(f64::total_cmp);
        let count = |n: Option<usize>| group.iter().filter(|r| r.solutions == n).count();
        println!(
            "| {size}x{size} | {given}% | {} | {} | {} | {:.2} s | {:.2} s |",
            count(Some(1)),
            count(Some(2)),
            count(None),
            times[times.len() / 2],
            times[times.len() - 1],
        );
    }
}
