//! HoDoKu's own rating (`--rating hodoku`) against HoDoKu 2.2.0's: its batch mode's level and
//! score of magictour top1465 and of the first 2,000 17-clue puzzles (`../shared`, HoDoKu's
//! outputs), and of a sample of both kept in `fixtures/samples` (HoDoKu's lines, copied). Where
//! HoDoKu used brute force, the level and the brute-force mark must agree (the score then counts
//! HoDoKu's guesses, 10,000 each). Every puzzle of both files agrees.

use crate::common::{fixture, run, shared};
use gridlogic::rating::hodoku;
use gridlogic::read::{ReadOptions, read_text};
use rayon::prelude::*;
use std::path::Path;

/// Rates every line of a ratings file (`puzzle level score [bf]`; `count` lines expected) and
/// returns those that do not get HoDoKu's level, brute-force mark and (without brute force)
/// score, each with what gridlogic gave (see [`disagreement`]).
fn disagreements(path: &Path, count: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), count);
    // On every core: the forcing puzzles of top1465 take most of the time.
    lines
        .par_iter()
        .filter_map(|line| disagreement(line))
        .collect()
}

/// What gridlogic gave for a ratings line (`puzzle level score [bf]`), where it does not get
/// HoDoKu's level, brute-force mark and (without brute force) score, or kept what its searches
/// found fruitless other than where HoDoKu guessed.
fn disagreement(line: &str) -> Option<String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let puzzle = read_text(fields[0], "test", &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0);
    let solve = hodoku::rate(&puzzle).unwrap();
    let rating = solve.rating;
    let brute_force = fields.get(3) == Some(&"bf");
    // What its searches found fruitless is taken where it guesses (for the solve that goes on
    // by logic from there), and only there.
    let agrees = rating.level.to_string() == fields[1]
        && rating.brute_force == brute_force
        && solve.fruitless_at_guess.is_some() == brute_force
        && (brute_force || rating.score.to_string() == fields[2]);
    (!agrees).then(|| {
        format!(
            "{line}: got {} {}{}",
            rating.level,
            rating.score,
            if rating.brute_force { " bf" } else { "" }
        )
    })
}

/// Asserts that every line of the file agrees, listing those that do not.
fn assert_all_agree(file: &str, count: usize) {
    let Some(path) = shared(file) else {
        return;
    };
    let wrong = disagreements(&path, count);
    eprintln!("{file}: {} of {count} differ", wrong.len());
    assert!(
        wrong.is_empty(),
        "{} of {count} differ:\n{}",
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
    assert_all_agree("datasets/9x9/hodoku_ratings_17clue_first2000.txt", 2000);
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn top1465_gets_hodokus_level_and_score() {
    assert_all_agree("datasets/9x9/hodoku_ratings_top1465.txt", 1465);
}

#[test]
fn a_sample_of_both_files_gets_hodokus_level_and_score_exactly() {
    let wrong = disagreements(&fixture("samples/hodoku_ratings_sample.txt"), SAMPLE);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Lines in `fixtures/samples/hodoku_ratings_sample.txt`.
const SAMPLE: usize = 60;

/// The command line gives HoDoKu's rating by default and by name: the first three puzzles of
/// top1465 (HoDoKu: Extreme 5328; Extreme 17834 bf; Extreme 18354 bf) and a 17-clue puzzle HoDoKu rates Medium 916.
#[test]
fn batch_and_explain_give_hodokus_rating() {
    let (code, out, _) = run(&[
        "batch",
        "--rating",
        "hodoku",
        "fixtures/text/top1465-first3.txt",
    ]);
    assert_eq!(code, 0);
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split(',').collect()).collect();
    let column = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
    let (level, brute_force) = (column("level"), column("brute_force"));
    assert_eq!(rows[1][column("score")], "5328");
    let marks: Vec<(&str, &str)> = rows[1..]
        .iter()
        .map(|r| (r[level], r[brute_force]))
        .collect();
    assert_eq!(
        marks,
        [
            ("Extreme", "false"),
            ("Extreme", "true"),
            ("Extreme", "true")
        ]
    );
    let medium =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let dir = std::env::temp_dir().join(format!("gridlogic-hodoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("medium.txt");
    std::fs::write(&file, format!("{medium}\n")).unwrap();
    let (code, out, _) = run(&["explain", "--rating", "hodoku", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("HoDoKu's solve"), "{out}");
    assert!(out.contains("[Hidden Single, 14]"), "{out}");
    assert!(
        out.contains("HoDoKu rating: Medium, score 916 (HoDoKu 2.2.0)"),
        "{out}"
    );
    let (code, out, _) = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Level Medium, score 916 (HoDoKu 2.2.0's rating)"),
        "{out}"
    );
    let (code, out, _) = run(&["solve", "--rating", "gridlogic", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(!out.contains("HoDoKu"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hodokus_rating_by_name_refuses_other_shapes() {
    let (code, _, err) = run(&[
        "solve",
        "--rating",
        "hodoku",
        "fixtures/text/generated-hard-16x16.txt",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("HoDoKu rating (--rating hodoku) is for 9x9"),
        "{err}"
    );
}

/// `--rating` is read by the library's parser (`Ratings`'s `FromStr`, which Python's `rating=`
/// uses too): an unknown name is a usage error naming it and the ratings there are.
#[test]
fn an_unknown_rating_is_refused_with_the_ratings_there_are() {
    let (code, _, err) = run(&[
        "batch",
        "--rating",
        "HoDoKu",
        "fixtures/text/top1465-first3.txt",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unknown rating 'HoDoKu'; known: hodoku, gridlogic, se"),
        "{err}"
    );
}
