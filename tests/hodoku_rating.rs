//! HoDoKu's own rating (`--rating hodoku`) against HoDoKu 2.2.0's: its batch mode's level and
//! score of magictour top1465 and of the first 2,000 17-clue puzzles (`../shared`, HoDoKu's
//! outputs), and of a sample of both kept in `fixtures/samples` (HoDoKu's lines, copied). Where
//! HoDoKu used brute force, the level and the brute-force mark must agree (the score then counts
//! HoDoKu's guesses, 10,000 each). Not every puzzle agrees yet (issue 39): the whole files are
//! held to the agreement reached, so that it can only grow.

mod common;

use common::{fixture, shared};
use gridlogic::rating::hodoku;
use gridlogic::read::{ReadOptions, read_text};
use std::path::Path;

/// Rates every line of a ratings file (`puzzle level score [bf]`; `count` lines expected) and
/// returns those that do not get HoDoKu's level, brute-force mark and (without brute force)
/// score, each with what gridlogic gave.
fn disagreements(path: &Path, count: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), count);
    let mut wrong = Vec::new();
    for line in &lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let puzzle = read_text(fields[0], "test", &ReadOptions::default())
            .unwrap()
            .puzzles
            .remove(0);
        let rating = hodoku::rate(&puzzle).unwrap().rating;
        let brute_force = fields.get(3) == Some(&"bf");
        let agrees = rating.level.to_string() == fields[1]
            && rating.brute_force == brute_force
            && (brute_force || rating.score.to_string() == fields[2]);
        if !agrees {
            wrong.push(format!(
                "{line}: got {} {}{}",
                rating.level,
                rating.score,
                if rating.brute_force { " bf" } else { "" }
            ));
        }
    }
    wrong
}

/// Asserts that at most `most` lines of the file disagree (the puzzles whose HoDoKu solve
/// takes a nice loop, forcing chain or ALS step that gridlogic's finders do not meet in
/// HoDoKu's order; issue 39 is open until none does), listing them.
fn assert_at_most(file: &str, count: usize, most: usize) {
    let Some(path) = shared(file) else {
        return;
    };
    let wrong = disagreements(&path, count);
    eprintln!("{file}: {} of {count} differ", wrong.len());
    assert!(
        wrong.len() <= most,
        "{} of {count} differ (at most {most} did):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_first_2000_17_clue_puzzles_get_hodokus_level_and_score() {
    assert_at_most("datasets/9x9/hodoku_ratings_17clue_first2000.txt", 2000, 7);
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn top1465_gets_hodokus_level_and_score() {
    assert_at_most("datasets/9x9/hodoku_ratings_top1465.txt", 1465, 777);
}

#[test]
fn a_sample_of_both_files_gets_hodokus_level_and_score_exactly() {
    let wrong = disagreements(&fixture("samples/hodoku_ratings_sample.txt"), SAMPLE);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Lines in `fixtures/samples/hodoku_ratings_sample.txt`.
const SAMPLE: usize = 60;
