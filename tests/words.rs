//! Every step in plain words (`report::words`): over the steps of full solves of samples of the
//! shared collections (top1465, the forum's hardest, HoDoKu's exemplars, 9x9 jigsaws, 16x16,
//! Killer, Shikaku), each step has words; they name every cell and digit the step places or
//! removes (the cell and the digit in one sentence) and every cell of its pattern; and they hold
//! no notation: no `=`, `<>`, `⇒`, no cell name that is not a cell of the grid (`r2c1235`,
//! `r45c4`), no range `r1c2-r2c4`.
//!
//! CI solves a fixed sample (every 20th puzzle; the 16x16 every 6th); with
//! `GRIDLOGIC_WORDS_FULL=1` every puzzle of every collection (minutes), and the figures are
//! printed: `GRIDLOGIC_WORDS_FULL=1 cargo test --release --test integration words:: --
//! --nocapture`.

use crate::common;

use crate::common::{fixture, shared};
use gridlogic::core::{Outcome, Step};
use gridlogic::engine::{self, Options};
use gridlogic::model::{Candidate, Puzzle};
use gridlogic::read::{ReadOptions, read_file, read_text};
use gridlogic::report::words::{shikaku_words, sudoku_words};
use gridlogic::shikaku;
use std::collections::BTreeMap;
use std::path::Path;

/// The stride of a sample: 1 with `GRIDLOGIC_WORDS_FULL`, else `stride`.
fn stride(stride: usize) -> usize {
    match std::env::var_os("GRIDLOGIC_WORDS_FULL") {
        Some(_) => 1,
        None => stride,
    }
}

/// The words of a text: its runs of letters and digits.
fn tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .collect()
}

/// A token's cell, when it is written as one (`r3c5`): its row and column, one-based.
fn as_cell(token: &str) -> Option<(usize, usize)> {
    let rest = token.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    Some((row.parse().ok()?, col.parse().ok()?))
}

/// The problems of a step's words, `sentences` rendered in the puzzle's names, for a grid of
/// `rows` x `cols`: notation, cells outside the grid, and, for each of `must` (a cell's name
/// and a digit's symbol, or a cell alone), no sentence naming it.
fn problems(
    sentences: &[String],
    rows: usize,
    cols: usize,
    must: &[(String, Option<String>)],
) -> Vec<String> {
    let mut found = Vec::new();
    if sentences.is_empty() {
        found.push("no words".to_string());
    }
    let text = sentences.join(" ");
    for notation in ["=", "<>", "⇒", "{", "}"] {
        if text.contains(notation) {
            found.push(format!("notation {notation:?}"));
        }
    }
    for token in tokens(&text) {
        if let Some((row, col)) = as_cell(token)
            && !(1..=rows).contains(&row) | !(1..=cols).contains(&col)
        {
            found.push(format!("{token} is not a cell"));
        }
    }
    let bytes: Vec<char> = text.chars().collect();
    for (i, window) in bytes.windows(2).enumerate() {
        // A range: a digit, then `-r`.
        if window[0] == '-' && window[1] == 'r' && i > 0 && bytes[i - 1].is_ascii_digit() {
            found.push("a range of cells".to_string());
            break;
        }
    }
    for (cell, digit) in must {
        let named = sentences.iter().any(|sentence| {
            let words = tokens(sentence);
            words.contains(&cell.as_str())
                && digit.as_ref().is_none_or(|d| words.contains(&d.as_str()))
        });
        if !named {
            found.push(match digit {
                Some(d) => format!("{cell} and {d} are not named in one sentence"),
                None => format!("{cell} is not named"),
            });
        }
    }
    found
}

/// The checks of a Sudoku step: what it places and removes, with their digits; its pattern's
/// cells.
fn sudoku_problems(puzzle: &Puzzle, step: &Step) -> Vec<String> {
    let names = puzzle.names();
    let sentences: Vec<String> = sudoku_words(step, puzzle.layout())
        .iter()
        .map(|s| s.render(&names))
        .collect();
    let name = |c: &Candidate| puzzle.layout().cell_name(c.cell);
    let digit = |c: &Candidate| names.digit(c.digit);
    let mut must: Vec<(String, Option<String>)> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| (name(c), Some(digit(c))))
        .collect();
    must.extend(step.pattern.iter().map(|c| (name(c), None)));
    let n = puzzle.size();
    problems(&sentences, n, n, &must)
        .into_iter()
        .map(|p| {
            format!(
                "{}: {p}\n  {}",
                step.explanation.render(&names),
                sentences.join("\n  ")
            )
        })
        .collect()
}

/// What the checks of a collection came to.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    steps: usize,
    techniques: BTreeMap<String, usize>,
    problems: Vec<String>,
}

impl Tally {
    fn finish(self, what: &str) {
        eprintln!(
            "{what}: {} puzzles, {} steps, {} techniques, {} problems",
            self.puzzles,
            self.steps,
            self.techniques.len(),
            self.problems.len()
        );
        assert!(self.steps > 0, "{what}: no steps");
        let shown: Vec<&String> = self.problems.iter().take(8).collect();
        assert!(
            self.problems.is_empty(),
            "{what}: {} problems, the first:\n{shown:#?}",
            self.problems.len()
        );
    }
}

/// Solves each puzzle and checks the words of every step.
fn check_sudoku(puzzles: &[Puzzle], what: &str) {
    let mut tally = Tally::default();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let solve = engine::solve(puzzle, &Options::all(puzzle.size()));
        assert_eq!(solve.outcome, Outcome::Solved, "{what} #{i}");
        tally.puzzles += 1;
        for (n, step) in solve.steps.iter().enumerate() {
            tally.steps += 1;
            *tally.techniques.entry(step.technique.name()).or_default() += 1;
            for problem in sudoku_problems(puzzle, step) {
                tally
                    .problems
                    .push(format!("{what} #{i} step {}: {problem}", n + 1));
            }
        }
    }
    tally.finish(what);
}

/// Every `stride`-th puzzle of the collection at `path`.
fn sample(path: &Path, stride: usize) -> Vec<Puzzle> {
    let puzzles = read_file(path, &ReadOptions::default()).unwrap().puzzles;
    puzzles.into_iter().step_by(stride).collect()
}

macro_rules! shared_test {
    ($name:ident, $body:block) => {
        #[cfg_attr(
            no_shared,
            ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
        )]
        #[test]
        fn $name() $body
    };
}

shared_test!(every_step_has_words_on_top1465, {
    let Some(path) = shared("datasets/9x9/magictour_top1465.txt") else {
        return;
    };
    check_sudoku(&sample(&path, stride(20)), "top1465");
});

shared_test!(every_step_has_words_on_the_forums_hardest, {
    let Some(path) = shared("datasets/9x9/forum_hardest_1106.txt") else {
        return;
    };
    check_sudoku(&sample(&path, stride(20)), "forum hardest");
});

shared_test!(every_step_has_words_on_the_hodoku_exemplars, {
    // Every exemplar: each was chosen for a technique, so together they reach most of them.
    let Some(unique) = common::hodoku_exemplars() else {
        return;
    };
    check_sudoku(&unique, "exemplars");
});

shared_test!(every_step_has_words_on_jigsaws, {
    let Some(path) = shared("datasets/jigsaw/janko_chaos_unique_333.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let lines: String = text
        .lines()
        .step_by(stride(5))
        .map(|l| format!("{l}\n"))
        .collect();
    let puzzles = read_text(&lines, "jigsaws", &ReadOptions::default())
        .unwrap()
        .puzzles;
    check_sudoku(&puzzles, "janko jigsaw");
});

shared_test!(every_step_has_words_on_16x16, {
    let Some(path) = shared("datasets/16x16/janko_16x16_62.txt") else {
        return;
    };
    check_sudoku(&sample(&path, stride(6)), "janko 16x16");
});

shared_test!(every_step_has_words_on_killers, {
    let Some(path) = shared("datasets/killer/janko_killer_405.json") else {
        return;
    };
    // Each entry's `problem` is a Killer in the text form; the Killer-X entries (which need
    // their diagonals, see tests/variants.rs) are left out: without them they are not unique.
    const KILLER_X: [&str; 6] = [
        "197_9x9", "249_9x9", "257_9x9", "717_9x9", "719_9x9", "727_9x9",
    ];
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let puzzles: Vec<Puzzle> = data["data"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(key, _)| !KILLER_X.contains(&key.as_str()))
        .step_by(stride(20))
        .map(|(key, entry)| {
            let problem = entry["problem"].as_str().unwrap();
            read_text(problem, key, &ReadOptions::default())
                .unwrap()
                .puzzles
                .remove(0)
        })
        .collect();
    check_sudoku(&puzzles, "janko Killer");
});

#[test]
fn every_step_has_words_on_the_killer_and_extra_house_fixtures() {
    let mut puzzles = sample(&fixture("samples/janko-killer-sample.txt"), 1);
    puzzles.extend(sample(&fixture("text/sudoku-x-sample.txt"), 1));
    puzzles.extend(sample(&fixture("text/windoku-9x9.txt"), 1));
    for name in ["even-odd-100", "consecutive-01", "consecutive-9x9"] {
        puzzles.extend(sample(&fixture(&format!("marked/{name}.txt")), 1));
    }
    check_sudoku(
        &puzzles,
        "Killer, Sudoku-X, windoku, even/odd and consecutive fixtures",
    );
}

shared_test!(every_step_has_words_on_shikaku, {
    let Some(folder) = shared("datasets/shikaku/janko") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut tally = Tally::default();
    for path in files.iter().step_by(stride(20)) {
        let puzzle = shikaku::read::read_file(path, &ReadOptions::default())
            .unwrap()
            .remove(0);
        let solve = shikaku::solve(&puzzle, &shikaku::Options::default());
        tally.puzzles += 1;
        let names = puzzle.names();
        for (n, step) in solve.steps.iter().enumerate() {
            tally.steps += 1;
            *tally
                .techniques
                .entry(step.technique.name().to_string())
                .or_default() += 1;
            let sentences: Vec<String> = shikaku_words(step, &puzzle)
                .iter()
                .map(|s| s.render(&names))
                .collect();
            let corner = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
            let mut must: Vec<(String, Option<String>)> = Vec::new();
            let rects = step
                .placed
                .iter()
                .chain(step.removed.iter().map(|c| &c.rect));
            for rect in rects {
                must.push((corner(rect.top, rect.left), None));
                must.push((corner(rect.bottom() - 1, rect.right() - 1), None));
            }
            must.extend(step.cells.iter().map(|&(r, c)| (corner(r, c), None)));
            for problem in problems(&sentences, puzzle.rows(), puzzle.cols(), &must) {
                tally
                    .problems
                    .push(format!("{} step {}: {problem}", path.display(), n + 1));
            }
        }
    }
    tally.finish("janko Shikaku");
});
