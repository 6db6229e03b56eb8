//! Giant grids (issue 15): the exact search counts generated 25x25 to 100x100 instances to 2 with
//! every reported solution checked by an independent validator, `--time-limit` stops every
//! command with the verdict "undecided", and a CSV whose first row is empty is read whole.
//!
//! The instances come from `common::giant` (their own generator, not the library's); the full
//! benchmark set is `cargo bench --bench giant`.

use crate::common::giant::{Instance, instance, is_valid_solution};
use crate::common::{csv, run, scratch};
use gridlogic::search::{self, Deadline};
use std::path::Path;
use std::time::Duration;

/// Writes the instance's givens as a CSV file in `dir`.
fn write_csv(dir: &Path, instance: &Instance) -> String {
    let path = dir.join(format!(
        "{}x{}-{}.csv",
        instance.size, instance.size, instance.given
    ));
    std::fs::write(&path, csv(instance.puzzle.givens())).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn the_validator_accepts_planted_grids_and_rejects_a_broken_one() {
    for (size, given) in [(25, 40), (49, 60), (100, 50)] {
        let instance = instance(size, given, 1);
        assert!(is_valid_solution(&instance.puzzle, &instance.planted));
        let mut broken = instance.planted.clone();
        let first = broken.values()[0];
        let second = broken.values()[1];
        broken.set(
            gridlogic::model::Cell::from_index(0),
            Some(gridlogic::model::Digit::new(second as usize)),
        );
        broken.set(
            gridlogic::model::Cell::from_index(1),
            Some(gridlogic::model::Digit::new(first as usize)),
        );
        assert!(
            !is_valid_solution(&instance.puzzle, &broken),
            "{}",
            instance.name
        );
        // Every row, column and box has the same number of holes.
        let holes = instance
            .puzzle
            .givens()
            .values()
            .iter()
            .filter(|&&v| v == 0)
            .count();
        assert_eq!(holes % size, 0, "{}", instance.name);
    }
}

/// A sample that CI can afford (the whole set is the benchmark): each instance is counted to 2;
/// the first solution, and random solutions for three seeds, must pass the validator; a solution
/// other than the planted grid proves "not unique" independently, and a count of 2 must come with
/// such a witness.
#[test]
fn giant_instances_are_counted_to_two_and_every_solution_validates() {
    let sample = [
        (25, 40),
        (25, 50),
        (25, 60),
        (36, 60),
        (49, 60),
        (64, 70),
        (100, 80),
    ];
    let mut kinds = [0; 3];
    for (size, given) in sample {
        let instance = instance(size, given, 1);
        let deadline = Deadline::after(Duration::from_secs(120));
        let count = search::count_solutions_until(&instance.puzzle, 2, deadline);
        assert!(count.complete, "{}: not counted", instance.name);
        let first = count.first.clone().expect("the planted grid is a solution");
        assert!(
            is_valid_solution(&instance.puzzle, &first),
            "{}",
            instance.name
        );
        let mut witnessed = first != instance.planted;
        for seed in 1..=3 {
            let random = search::random_solution(&instance.puzzle, seed).expect("a solution");
            assert!(
                is_valid_solution(&instance.puzzle, &random),
                "{}",
                instance.name
            );
            witnessed |= random != instance.planted;
        }
        assert_eq!(count.solutions == 2, witnessed, "{}", instance.name);
        kinds[count.solutions] += 1;
    }
    assert!(
        kinds[1] > 0 && kinds[2] > 0,
        "unique and non-unique: {kinds:?}"
    );
}

/// With a deadline already past, a search that needs a single branch stops at once and says so;
/// so does every command with `--time-limit 0`, whatever the machine's speed.
#[test]
fn a_passed_deadline_leaves_the_count_undecided() {
    let instance = instance(25, 40, 1);
    let count = search::count_solutions_until(&instance.puzzle, 2, Deadline::after(Duration::ZERO));
    assert!(!count.complete);
    assert_eq!(count.solutions, 0);
    let dir = scratch("giant-time-zero");
    let file = write_csv(&dir, &instance);
    for command in ["check", "solve", "explain", "batch"] {
        let (code, out, err) = run(&[command, &file, "--time-limit", "0"]);
        assert_eq!(code, 1, "{command}: {out}{err}");
        match command {
            "batch" => assert!(out.lines().nth(1).unwrap().contains(",undecided,"), "{out}"),
            _ => assert!(out.contains("undecided within 0 s"), "{command}: {out}"),
        }
    }
    let (code, out, err) = run(&[
        "generate",
        "--size",
        "25",
        "--seed",
        "1",
        "--time-limit",
        "0",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("undecided within 0 s"), "{err}");
}

/// A balanced 49x49 with half its cells given sits at the peak of hardness: neither our search
/// nor CaDiCaL decides it within minutes (see README). With a 1 s limit `check` and `solve` stop
/// and say "undecided within 1 s", `batch` writes `undecided` in its row; all exit 1.
#[test]
fn a_slow_puzzle_stops_at_one_second() {
    let dir = scratch("giant-time-one");
    let file = write_csv(&dir, &instance(49, 50, 1));
    for command in ["check", "solve", "batch"] {
        let (code, out, err) = run(&[command, &file, "--time-limit", "1"]);
        assert_eq!(code, 1, "{command}: {out}{err}");
        let said = match command {
            "batch" => ",undecided,",
            _ => "undecided within 1 s",
        };
        assert!(out.contains(said), "{command}: {out}");
    }
}

/// A 64-column CSV whose first row is empty (written as a line of commas) reads as the whole
/// 64x64 grid, without `--range`, and so does one whose first column is empty too.
#[test]
fn a_csv_with_an_empty_first_row_reads_whole() {
    let dir = scratch("giant-empty-edge");
    let instance = instance(64, 60, 1);
    let mut grid = instance.puzzle.givens().clone();
    for col in 0..64 {
        grid.set(gridlogic::model::Cell::from_index(col), None);
    }
    let path = dir.join("row.csv");
    std::fs::write(&path, csv(&grid)).unwrap();
    let (_, out, err) = run(&["check", path.to_str().unwrap(), "--time-limit", "0"]);
    assert!(out.starts_with("A1:BL64: 64x64"), "{out}{err}");
    for row in 0..64 {
        grid.set(gridlogic::model::Cell::from_index(row * 64), None);
    }
    std::fs::write(&path, csv(&grid)).unwrap();
    let (_, out, err) = run(&["check", path.to_str().unwrap(), "--time-limit", "0"]);
    assert!(out.starts_with("A1:BL64: 64x64"), "{out}{err}");
}
