//! The workbook of generated puzzles: one printable sheet per puzzle (a title, its rating and the
//! givens with region borders), then one hidden answer sheet per puzzle.

use super::Book;
use super::sudoku::puzzle_and_answer;
use crate::generate::Generated;
use crate::model::Origin;

/// Where a generated grid starts: B4, under a title and a rating line.
pub const GENERATED_ORIGIN: Origin = Origin::Sheet {
    sheet: None,
    top: 3,
    left: 1,
};

/// Describes the workbook of `puzzles`; `seed` is the seed they were generated with.
pub fn book(puzzles: &[Generated], seed: u64) -> Book {
    let numbered = puzzles.len() > 1;
    let name = |base: &str, i: usize| match numbered {
        true => format!("{base} {}", i + 1),
        false => base.to_string(),
    };
    let (mut shown, mut answers) = (Vec::new(), Vec::new());
    for (i, generated) in puzzles.iter().enumerate() {
        let puzzle = generated.puzzle.clone().with_origin(GENERATED_ORIGIN);
        let title = format!("{} — level {}", name("Puzzle", i), generated.rating.level);
        let line = format!("{}; seed {seed}", generated.describe());
        let [puzzle_sheet, answer] = puzzle_and_answer(
            &puzzle,
            &generated.solve,
            &generated.solution,
            (&name("Puzzle", i), &name("Solution", i)),
            &title,
            &line,
        );
        shown.push(puzzle_sheet);
        answers.push(answer);
    }
    shown.extend(answers);
    Book { sheets: shown }
}
