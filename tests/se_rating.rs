//! The Sudoku Explainer-compatible rating (`--rating se`) against Sudoku Explainer's own
//! ratings: serate's ER, EP and ED of magictour top1465 (a sample chosen to cover every value
//! of the three in `fixtures/samples`, and every 50th line of the whole file in `../shared`),
//! and two forum-hardest puzzles that need nested chains, rated by serate here.

use crate::common::{fixture, run, shared};
use gridlogic::model::{Cell, Puzzle};
use gridlogic::rating::se::{self, SeSolve};
use gridlogic::read::{ReadOptions, read_text};
use std::path::Path;

fn puzzle(line: &str) -> Puzzle {
    read_text(line, "test", &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0)
}

/// Rates the lines of a ratings file (`puzzle ER EP ED`, `#` comments) whose number `keep`
/// accepts, `count` of them, and asserts that every one gets the file's three numbers.
fn assert_agrees(path: &Path, keep: impl Fn(usize) -> bool, count: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(lines.len(), count);
    let mut wrong = Vec::new();
    for line in &lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let solve = se::rate(&puzzle(fields[0])).unwrap();
        let rating = solve.rating.expect("Sudoku Explainer rates it");
        let got = format!("{:.1} {:.1} {:.1}", rating.er, rating.ep, rating.ed);
        if got != fields[1..4].join(" ") {
            wrong.push(format!("{line}: got {got} ({})", rating.hardest));
        }
    }
    let differ = wrong.len();
    assert!(
        wrong.is_empty(),
        "{differ} of {count} differ:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_sample_covering_every_rating_gets_sudoku_explainers_er_ep_and_ed() {
    assert_agrees(
        &fixture("samples/se_ratings_top1465_sample.txt"),
        |_| true,
        64,
    );
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_fiftieth_puzzle_of_top1465_gets_sudoku_explainers_er_ep_and_ed() {
    if let Some(path) = shared("datasets/9x9/se_ratings_top1465.txt") {
        assert_agrees(&path, |i| i % 50 == 0, 30);
    }
}

#[test]
fn puzzles_that_need_nested_chains_get_sudoku_explainers_rating() {
    assert_agrees(
        &fixture("samples/se_ratings_forum_hardest.txt"),
        |_| true,
        2,
    );
}

/// Every step of Sudoku Explainer's solve agrees with the solution found by the `sudoku`
/// crate: nothing placed but the solution's digit, no solution digit removed.
#[test]
fn every_step_of_sudoku_explainers_solve_holds_in_the_solution() {
    let text = std::fs::read_to_string(fixture("samples/se_ratings_top1465_sample.txt")).unwrap();
    for line in text.lines().step_by(4) {
        let givens = line.split_whitespace().next().unwrap();
        let solution = sudoku::Sudoku::from_str_line(givens)
            .unwrap()
            .solution()
            .unwrap()
            .to_bytes();
        let digit = |cell: Cell| solution[cell.index()] as usize;
        let SeSolve { steps, .. } = se::rate(&puzzle(givens)).unwrap();
        for (i, step) in steps.iter().enumerate() {
            let wrong_placement = step.placement.filter(|p| p.digit.get() != digit(p.cell));
            let wrong_removal = step
                .eliminations
                .iter()
                .find(|e| e.digit.get() == digit(e.cell));
            assert!(
                wrong_placement.is_none() && wrong_removal.is_none(),
                "{givens}: step {} ({}) is wrong",
                i + 1,
                step.technique
            );
        }
    }
}

#[test]
fn batch_json_and_explain_show_the_rating() {
    let puzzles = fixture("text/top1465-first3.txt");
    let puzzles = puzzles.to_str().unwrap();
    let (code, csv, _) = run(&["batch", puzzles, "--rating", "se"]);
    assert_eq!(code, 0);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let first: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    // Sudoku Explainer rates top1465's first puzzle 9.0 1.2 1.2.
    let rating = [at("se_er"), at("se_ep"), at("se_ed")].map(|i| first[i]);
    assert_eq!(rating, ["9.0", "1.2", "1.2"]);
    assert!(at("se_ed") < at("steps"));

    let (code, csv, _) = run(&["batch", puzzles]);
    assert_eq!(code, 0);
    assert!(!csv.contains("se_er"), "only with --rating se");

    let (code, json, _) = run(&["solve", puzzles, "--rating", "se", "--format", "json"]);
    assert_eq!(code, 0);
    let documents: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rating = &documents[0]["se_rating"];
    assert_eq!(rating["er"], 9.0);
    assert_eq!(rating["ep"], 1.2);
    assert!(
        rating["hardest"]
            .as_str()
            .unwrap()
            .contains("Forcing Chains")
    );

    let (code, text, _) = run(&["explain", puzzles, "--rating", "se"]);
    assert_eq!(code, 0);
    assert!(text.contains("Sudoku Explainer's solve"), "{text}");
    assert!(text.contains(" 1. Hidden Single in "), "{text}");
    assert!(
        text.contains("Sudoku Explainer rating: ER 9.0, EP 1.2, ED 1.2"),
        "{text}"
    );
}

#[test]
fn grids_other_than_nine_by_nine_with_boxes_are_refused() {
    let (code, _, err) = run(&["solve", "fixtures/text/jigsaw-6x6.csv", "--rating", "se"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("9x9 puzzles with 3x3 boxes"), "{err}");
    assert!(err.contains("6x6 with jigsaw regions"), "{err}");
}
