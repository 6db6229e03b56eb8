//! Shikaku: the seed puzzles against the solutions printed in the seed 003 report, every puzzle of
//! `../shared/datasets/shikaku` against its manifest and `.sol` file, the soundness of every
//! logical step, the command line, and snapshots of step logs.

mod common;

use common::{fixture, run, shared, snapshots};
use gridlogic::read::ReadOptions;
use gridlogic::engine::Outcome;
use gridlogic::shikaku::engine::Options;
use gridlogic::shikaku::{self, Rect, Shikaku, read, report, search};
use std::collections::HashMap;
use std::path::Path;

fn read_one(path: &Path) -> Shikaku {
    let mut puzzles = read::read_file(path, &ReadOptions::default()).unwrap();
    assert_eq!(puzzles.len(), 1, "{}", path.display());
    puzzles.remove(0)
}

/// A partition as the set of its rectangles' cell sets, so that labels do not matter.
fn partition(owners: &[Vec<usize>]) -> Vec<Vec<(usize, usize)>> {
    let mut groups: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
    for (r, row) in owners.iter().enumerate() {
        for (c, &label) in row.iter().enumerate() {
            groups.entry(label).or_default().push((r, c));
        }
    }
    let mut parts: Vec<Vec<(usize, usize)>> = groups.into_values().collect();
    parts.sort();
    parts
}

fn owners_of(p: &Shikaku, rects: &[Rect]) -> Vec<Vec<usize>> {
    let rects: Vec<Option<Rect>> = rects.iter().copied().map(Some).collect();
    p.owners(&rects)
        .into_iter()
        .map(|row| row.into_iter().map(|o| o.unwrap()).collect())
        .collect()
}

fn parse_owners(text: &str) -> Vec<Vec<usize>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect()
}

/// Solves by logic and checks every step and the result against the unique solution; returns
/// whether logic alone sufficed.
fn assert_sound(p: &Shikaku, what: &str) -> bool {
    let solve = shikaku::solve(p, &Options::default());
    let solution = solve.solution.clone().expect("unique");
    for (i, step) in solve.steps.iter().enumerate() {
        assert!(
            step.is_sound(&solution),
            "{what} step {}: {}",
            i + 1,
            step.explanation
        );
    }
    assert_eq!(solve.outcome, Outcome::Solved, "{what}");
    let rects: Vec<Rect> = solve.rects.iter().map(|r| r.unwrap()).collect();
    assert_eq!(rects, solution, "{what}");
    assert!(solve.placed_by.iter().all(Option::is_some), "{what}");
    solve.backtracks() == 0
}

/// The seed 003 report's genetic-algorithm results (section 3.2.2), transcribed: each cell the
/// label of its rectangle (the report's labels, not clue order).
const SEED_SOLUTIONS: [(&str, &str); 3] = [
    (
        "seed/shikaku-5x5.txt",
        "0 0 1 1 1\n2 3 3 4 4\n2 3 3 4 4\n2 5 5 6 6\n7 7 7 8 8\n",
    ),
    (
        "seed/shikaku-7x7-a.txt",
        "0 0 0 0 1 2 3\n4 4 5 5 1 2 3\n6 6 6 6 6 6 6\n7 7 7 7 8 8 15\n\
         9 9 12 12 10 14 15\n11 11 12 12 10 14 15\n11 11 13 13 10 14 15\n",
    ),
    (
        "seed/shikaku-7x7-b.txt",
        "0 0 0 4 1 1 1\n0 0 0 4 2 2 9\n6 3 3 4 5 5 9\n6 7 7 7 7 7 9\n\
         8 8 8 8 8 8 9\n10 10 10 10 10 10 10\n11 11 11 12 12 12 12\n",
    ),
];

#[test]
fn seed_puzzles_have_the_reports_solutions() {
    for (file, expected) in SEED_SOLUTIONS {
        let p = read_one(&fixture(file));
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, 1, "{file}");
        let found = owners_of(&p, &count.first.unwrap());
        assert_eq!(partition(&found), partition(&parse_owners(expected)), "{file}");
        assert_sound(&p, file);
    }
}

#[test]
fn every_dataset_puzzle_matches_its_manifest_and_solution() {
    let Some(root) = shared("datasets/shikaku") else {
        return;
    };
    let manifest = std::fs::read_to_string(root.join("manifest.csv")).unwrap();
    let (mut total, mut unique, mut logic) = (0, 0, 0);
    for line in manifest.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (path, solutions): (&str, usize) = (fields[1], fields[6].parse().unwrap());
        let p = read_one(&root.join(path));
        assert_eq!(
            (p.rows(), p.cols(), p.clues().len()),
            (
                fields[2].parse().unwrap(),
                fields[3].parse().unwrap(),
                fields[4].parse().unwrap()
            ),
            "{path}"
        );
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, solutions.min(2), "{path}");
        total += 1;
        if solutions == 1 {
            unique += 1;
            let sol = root.join(path.replace(".txt", ".sol"));
            let expected = std::fs::read_to_string(sol).unwrap();
            let found = owners_of(&p, &count.first.unwrap());
            assert_eq!(partition(&found), partition(&parse_owners(&expected)), "{path}");
            let solve = shikaku::solve(&p, &Options::default());
            assert_eq!(report::sol_text(&solve), expected, "{path}: --format sol");
            logic += usize::from(assert_sound(&p, path));
        } else {
            let solve = shikaku::solve(&p, &Options::default());
            assert_eq!(solve.outcome, Outcome::Solved, "{path}");
            let rects: Vec<Rect> = solve.rects.iter().map(|r| r.unwrap()).collect();
            assert!(p.is_solution(&rects), "{path}");
        }
    }
    eprintln!("{total} Shikaku puzzles, {unique} unique, {logic} of them solved by logic alone");
    assert_eq!(total, 414);
}
