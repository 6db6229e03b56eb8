//! Variants as a user meets them: Sudoku-X and windoku puzzles made by the generator (their
//! uniqueness counted by a plain backtracker written here, not the library's search), solved
//! and explained with the diagonal or window named; Killer Sudoku from janko.at solved to the
//! published solutions (a sample in `fixtures/samples`, and the whole dataset in ../shared,
//! a fixed part of it unless `GRIDLOGIC_KILLER_FULL=1`); a Killer drawn in a spreadsheet as a
//! person draws one, read without options.

use crate::common::{fixture, line_values, run, scratch, shared, workbooks};
use gridlogic::engine::{self, Options};
use gridlogic::model::{Puzzle, Variant};
use gridlogic::read::{ReadOptions, read_file, read_text};
use gridlogic::report::SolveReport;
use std::time::Instant;

/// A grid's constraints as this file's backtracker sees them: houses (cells that hold every
/// digit once) and cages (cells with distinct digits adding up to a sum).
struct Rules {
    size: usize,
    houses: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, usize)>,
}

impl Rules {
    /// Rows, columns and `rows` x `cols` boxes of a grid of `size`.
    fn boxes(size: usize, rows: usize, cols: usize) -> Rules {
        let mut houses = Vec::new();
        for i in 0..size {
            houses.push((0..size).map(|c| i * size + c).collect());
            houses.push((0..size).map(|r| r * size + i).collect());
            let (top, left) = (i / (size / cols) * rows, i % (size / cols) * cols);
            houses.push(
                (0..size)
                    .map(|k| (top + k / cols) * size + left + k % cols)
                    .collect(),
            );
        }
        Rules {
            size,
            houses,
            cages: Vec::new(),
        }
    }

    /// With both diagonals.
    fn with_diagonals(mut self) -> Rules {
        let n = self.size;
        self.houses.push((0..n).map(|i| i * n + i).collect());
        self.houses
            .push((0..n).map(|i| i * n + n - 1 - i).collect());
        self
    }

    /// With the windows of windoku: squares of side `b` (n = b²) one cell in, one apart.
    fn with_windows(mut self) -> Rules {
        let n = self.size;
        let b = (1..=n).find(|b| b * b == n).expect("a square size");
        let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
        for &top in &starts {
            for &left in &starts {
                self.houses
                    .push((0..n).map(|k| (top + k / b) * n + left + k % b).collect());
            }
        }
        self
    }

    /// Whether `v` may go in `cell` of `grid`.
    fn fits(&self, grid: &[u8], cell: usize, v: u8) -> bool {
        let houses_ok = self
            .houses
            .iter()
            .filter(|h| h.contains(&cell))
            .all(|h| h.iter().all(|&o| o == cell || grid[o] != v));
        houses_ok
            && self
                .cages
                .iter()
                .filter(|(cells, _)| cells.contains(&cell))
                .all(|(cells, sum)| {
                    let others: Vec<u8> = cells
                        .iter()
                        .filter(|&&o| o != cell && grid[o] != 0)
                        .map(|&o| grid[o])
                        .collect();
                    let total = others.iter().map(|&x| x as usize).sum::<usize>() + v as usize;
                    let open = cells.len() - others.len() - 1;
                    !others.contains(&v)
                        && match open {
                            0 => total == *sum,
                            _ => total + open * (open + 1) / 2 <= *sum,
                        }
                })
    }

    /// Counts solutions up to `limit` by backtracking on the empty cell with the fewest
    /// digits that fit; returns the count and the first solution.
    fn count(&self, givens: &[u8], limit: usize) -> (usize, Option<Vec<u8>>) {
        fn go(
            rules: &Rules,
            grid: &mut Vec<u8>,
            limit: usize,
            first: &mut Option<Vec<u8>>,
        ) -> usize {
            let n = rules.size as u8;
            let mut best: Option<(usize, Vec<u8>)> = None;
            for cell in (0..grid.len()).filter(|&c| grid[c] == 0) {
                let fitting: Vec<u8> = (1..=n).filter(|&v| rules.fits(grid, cell, v)).collect();
                if best.as_ref().is_none_or(|(_, b)| fitting.len() < b.len()) {
                    best = Some((cell, fitting));
                }
            }
            let Some((cell, fitting)) = best else {
                first.get_or_insert_with(|| grid.clone());
                return 1;
            };
            let mut found = 0;
            for v in fitting {
                grid[cell] = v;
                found += go(rules, grid, limit - found, first);
                grid[cell] = 0;
                if found >= limit {
                    break;
                }
            }
            found
        }
        let mut first = None;
        let found = go(self, &mut givens.to_vec(), limit, &mut first);
        (found, first)
    }
}

/// Runs `generate ARGS`, expecting one puzzle line; returns it.
fn generated_line(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 1, "{out}");
    lines[0].to_string()
}

/// The solve of `file` as one line of digits, and its explanation.
fn solve_and_explain(file: &std::path::Path) -> (String, String) {
    let file = file.to_str().unwrap();
    let (code, line, err) = run(&["solve", file, "--format", "line", "--no-workbook"]);
    assert_eq!(code, 0, "{err}");
    let (code, explained, err) = run(&["explain", file]);
    assert_eq!(code, 0, "{err}");
    (line.trim().to_string(), explained)
}

fn digits_line(values: &[u8]) -> String {
    values.iter().map(|v| v.to_string()).collect()
}

#[test]
fn sudoku_x_and_windoku_puzzles_are_generated_unique_solved_and_explained() {
    let dir = scratch("variants-generated");
    let cases: [(&str, &str, Rules, &[&str]); 3] = [
        (
            "x",
            "9",
            Rules::boxes(9, 3, 3).with_diagonals(),
            &["the main diagonal", "the anti-diagonal"],
        ),
        (
            "windoku",
            "9",
            Rules::boxes(9, 3, 3).with_windows(),
            &["window 1", "window 2", "window 3", "window 4"],
        ),
        (
            "windoku",
            "4",
            Rules::boxes(4, 2, 2).with_windows(),
            &["window 1"],
        ),
    ];
    for (variant, size, rules, names) in cases {
        let mut named = false;
        for seed in ["1", "2", "3"] {
            let args = ["--variant", variant, "--size", size, "--seed", seed];
            let line = generated_line(&args);
            let mut tokens = line.split(' ');
            let givens = line_values(tokens.next().unwrap());
            assert_eq!(tokens.next(), Some(variant), "the line names its variant");
            let (count, solution) = rules.count(&givens, 2);
            assert_eq!(count, 1, "{variant} seed {seed}: {line}");
            let file = dir.join(format!("{variant}-{size}-{seed}.txt"));
            std::fs::write(&file, format!("{line}\n")).unwrap();
            let (solved, explained) = solve_and_explain(&file);
            assert_eq!(
                solved,
                digits_line(&solution.unwrap()),
                "{variant} seed {seed}"
            );
            named |= names
                .iter()
                .any(|name| explained.contains(&format!(" in {name}: ")));
        }
        assert!(named, "{variant} {size}: no step names {names:?}");
    }
}

#[test]
fn a_windoku_workbook_shades_its_windows_and_reads_back() {
    let dir = scratch("variants-workbook");
    let path = dir.join("windoku.xlsx");
    let (code, _, err) = run(&[
        "generate",
        "--variant",
        "windoku",
        "--seed",
        "4",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("9x9, 3x3 boxes, 4 windows"), "{out}");
    assert!(err.is_empty(), "no warning about the shading: {err}");
    // CSV: the grid, then an extra-house map per block (the diagonals share r5c5, so two).
    for (variant, described, blocks) in [("windoku", "4 windows", 1), ("x", "both diagonals", 2)] {
        let csv = dir.join(format!("{variant}.csv"));
        let (code, _, err) = run(&[
            "generate",
            "--variant",
            variant,
            "--seed",
            "4",
            "-o",
            csv.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&csv).unwrap();
        assert_eq!(text.split("\n\n").count(), 1 + blocks, "{text}");
        let (code, out, err) = run(&["check", csv.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(described), "{out}");
    }
}

/// The puzzles of the fixture sample with their published solutions.
fn killer_sample() -> Vec<(Puzzle, String)> {
    let puzzles = read_file(
        &fixture("samples/janko-killer-sample.txt"),
        &ReadOptions::default(),
    )
    .unwrap()
    .puzzles;
    let solutions = std::fs::read_to_string(fixture("samples/janko-killer-sample.solutions.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect::<Vec<_>>();
    assert_eq!(puzzles.len(), solutions.len());
    puzzles.into_iter().zip(solutions).collect()
}

#[test]
fn a_killer_sample_solves_by_logic_to_the_published_solutions() {
    for (puzzle, published) in killer_sample() {
        let solve = engine::solve(&puzzle, &Options::all(puzzle.size()));
        let grid = solve.solved_grid().expect("solved");
        assert_eq!(digits_line(grid.values()), published);
        assert_eq!(solve.backtracks(), 0, "by logic alone");
        assert!(solve.first_unsound_step().is_none());
    }
}

#[test]
fn killer_solutions_agree_with_an_independent_backtracker() {
    // The smaller puzzles of the sample, counted by this file's backtracker from the cages the
    // library read: one solution, the published one.
    for (puzzle, published) in killer_sample().into_iter().filter(|(p, _)| p.size() < 9) {
        let n = puzzle.size();
        let (rows, cols) = if n == 4 { (2, 2) } else { (2, 3) };
        let (count, solution) = killer_rules(&puzzle, rows, cols).count(&vec![0; n * n], 2);
        assert_eq!(count, 1);
        assert_eq!(digits_line(&solution.unwrap()), published);
    }
}

/// The entries of the Killer dataset that are Killer-X on janko.at: their published solutions
/// keep both diagonals, which the dataset's format cannot say. With the cages alone each has two
/// solutions or more (see `the_killer_x_entries_need_their_diagonals_by_an_independent_count`).
const KILLER_X: [&str; 6] = [
    "197_9x9", "249_9x9", "257_9x9", "717_9x9", "719_9x9", "727_9x9",
];

/// The Killer dataset: every puzzle, or every 10th (and the Killer-X entries) unless
/// `GRIDLOGIC_KILLER_FULL` is set. Each is read as the dataset gives it, with `--variant x` for
/// the Killer-X entries, and must be unique, solved by logic alone, to its published solution.
/// Prints the share solved without backtracking and the time per puzzle.
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_killer_dataset_solves_to_the_published_solutions() {
    let Some(data) = killer_dataset() else {
        return;
    };
    let entries = data["data"].as_object().unwrap();
    let full = std::env::var_os("GRIDLOGIC_KILLER_FULL").is_some();
    let step = if full { 1 } else { 10 };
    let (mut solved, mut logic) = (0, 0);
    let start = Instant::now();
    for (index, (key, entry)) in entries.iter().enumerate() {
        if index % step != 0 && !KILLER_X.contains(&key.as_str()) {
            continue;
        }
        let published: String = entry["solution"]
            .as_str()
            .unwrap()
            .lines()
            .skip(1)
            .flat_map(|l| l.split(' '))
            .collect();
        let puzzle = killer_entry(&data, key);
        let solve = engine::solve(&puzzle, &Options::all(puzzle.size()));
        assert_eq!(solve.solutions, 1, "{key}");
        let ours = digits_line(solve.solved_grid().expect("solved").values());
        assert_eq!(ours, published, "{key}");
        assert!(solve.first_unsound_step().is_none(), "{key}");
        logic += usize::from(solve.backtracks() == 0);
        solved += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    eprintln!(
        "Killer dataset: {solved} puzzles solved to the published solution, {logic} without \
         backtracking, {:.1} ms a puzzle",
        1000.0 * elapsed / solved as f64
    );
    assert_eq!(logic, solved, "every Killer by logic alone");
    if full {
        assert_eq!(solved, 405);
    }
}

/// Entry `key` of the Killer dataset as a puzzle, read as the dataset gives it (with
/// `--variant x` for the Killer-X entries).
fn killer_entry(data: &serde_json::Value, key: &str) -> Puzzle {
    let problem = data["data"][key]["problem"].as_str().unwrap();
    let options = ReadOptions {
        variants: match KILLER_X.contains(&key) {
            true => vec![Variant::X],
            false => Vec::new(),
        },
        ..ReadOptions::default()
    };
    read_text(problem, key, &options).unwrap().puzzles.remove(0)
}

/// `../shared/datasets/killer/janko_killer_405.json`, when it is there (see `common::shared`).
fn killer_dataset() -> Option<serde_json::Value> {
    let path = shared("datasets/killer/janko_killer_405.json")?;
    Some(serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
}

/// This file's backtracker for a Killer `puzzle` read by the library, with boxes of `rows` x
/// `cols`.
fn killer_rules(puzzle: &Puzzle, rows: usize, cols: usize) -> Rules {
    let mut rules = Rules::boxes(puzzle.size(), rows, cols);
    rules.cages = puzzle
        .layout()
        .cages()
        .iter()
        .map(|c| (c.cells.iter().map(|x| x.index()).collect(), c.sum))
        .collect();
    rules
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_killer_x_entries_need_their_diagonals_by_an_independent_count() {
    // Counted by this file's backtracker from the cages the library read: two solutions or more
    // with the cages alone, exactly one (the published) with both diagonals.
    let Some(data) = killer_dataset() else {
        return;
    };
    for key in ["717_9x9", "249_9x9"] {
        let puzzle = killer_entry(&data, key);
        assert_eq!(killer_rules(&puzzle, 3, 3).count(&[0; 81], 2).0, 2, "{key}");
        let (count, solution) = killer_rules(&puzzle, 3, 3)
            .with_diagonals()
            .count(&[0; 81], 2);
        assert_eq!(count, 1, "{key}");
        let published = data["data"][key]["solution"].as_str().unwrap();
        let published: String = published
            .lines()
            .skip(1)
            .flat_map(|l| l.split(' '))
            .collect();
        assert_eq!(digits_line(&solution.unwrap()), published, "{key}");
    }
}

/// janko.at 805's solution, from the dataset.
const SOLUTION_805: &str =
    "216749853587231946934568271458612397391874562762953418845126739679385124123497685";

#[test]
fn a_killer_drawn_in_a_sheet_is_read_without_options() {
    // The .ods and .xls are LibreOffice's conversions of the .xlsx: their dotted cage lines and
    // solid box lines are read by gridlogic itself (calamine reads styles of .xlsx only).
    for extension in ["xlsx", "ods", "xls"] {
        killer_805_is_read(&fixture(&format!("workbooks/killer-drawn-9x9.{extension}")));
    }
}

/// Reads the drawn janko.at Killer 805 at `path`: its cages and sums are the builder's, and it
/// solves to the published solution.
fn killer_805_is_read(path: &std::path::Path) {
    let puzzle = read_file(path, &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0);
    // The cages as drawn: the builder's cage map and sums.
    let ids: Vec<u32> = workbooks::KILLER_805
        .0
        .split_whitespace()
        .map(|id| id.parse().unwrap())
        .collect();
    let cages = puzzle.layout().cages();
    assert_eq!(cages.len(), workbooks::KILLER_805.1.len());
    for cage in cages {
        let id = ids[cage.cells[0].index()];
        let expected: Vec<usize> = (0..81).filter(|&i| ids[i] == id).collect();
        let cells: Vec<usize> = cage.cells.iter().map(|c| c.index()).collect();
        assert_eq!(cells, expected);
        let sum = workbooks::KILLER_805
            .1
            .iter()
            .find(|(i, _)| *i == id)
            .unwrap()
            .1;
        assert_eq!(cage.sum, sum);
    }
    assert_eq!(puzzle.givens().filled_count(), 0);
    let (solved, explained) = solve_and_explain(path);
    assert_eq!(solved, SOLUTION_805);
    assert!(
        explained.contains(
            "Cage combination: cage 7 at r1c1, r2c1 can only be 1+6 or 2+5 or 3+4 ⇒ \
             r1c1<>789 (B4), r2c1<>789 (B5)"
        ),
        "{explained}"
    );
}

#[test]
fn a_killer_kept_on_a_cages_sheet_is_read_with_an_empty_grid() {
    let path = fixture("workbooks/killer-cages-sheet-6x6.xlsx");
    let puzzle = read_file(&path, &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0);
    assert_eq!(puzzle.layout().cages().len(), 20);
    assert_eq!(
        puzzle.cell_name(puzzle.layout().cages()[0].cells[0]),
        "r1c1 (A2)"
    );
    let (solved, _) = solve_and_explain(&path);
    // janko.at 401's published solution (../shared/datasets/killer).
    assert_eq!(solved, "126435453621542316361254635142214563");
}

#[test]
fn killer_sums_kept_in_notes_are_read_and_a_given_beside_one_stays_a_given() {
    use rust_xlsxwriter::{Format, FormatBorder, Note, Workbook};
    // Killer 1: cages dashed all round, each sum in a note on the cage's first cell, and the
    // solution's 2 given in r1c1.
    let cage = KILLER_1.0;
    let mut book = Workbook::new();
    let ws = book.add_worksheet();
    for i in 0..16 {
        let (r, c) = (i / 4, i % 4);
        let edge = |other: Option<usize>| match other {
            Some(o) if cage[o] == cage[i] => FormatBorder::Thin,
            Some(_) => FormatBorder::Dashed,
            None => FormatBorder::Medium,
        };
        let format = Format::new()
            .set_border_top(edge(r.checked_sub(1).map(|r| r * 4 + c)))
            .set_border_bottom(edge((r < 3).then_some(i + 4)))
            .set_border_left(edge(c.checked_sub(1).map(|c| r * 4 + c)))
            .set_border_right(edge((c < 3).then_some(i + 1)));
        let (row, col) = (1 + r as u32, 1 + c as u16);
        match i {
            0 => ws.write_number_with_format(row, col, 2.0, &format).unwrap(),
            _ => ws.write_blank(row, col, &format).unwrap(),
        };
        if (0..i).all(|j| cage[j] != cage[i]) {
            let sum = killer_1_sum(cage[i]);
            ws.insert_note(row, col, &Note::new(format!("Cage: {sum}")))
                .unwrap();
        }
    }
    let puzzle = reads_as_killer_1(&mut book, "notes");
    assert_eq!(digits_line(puzzle.givens().values()), "2000000000000000");
}

/// janko.at Killer 1 (4x4, ../shared/datasets/killer): the cage of each cell (the dataset's
/// ids), each cage's sum, and the published solution.
const KILLER_1: ([usize; 16], [(usize, usize); 6], &str) = (
    [2, 2, 4, 1, 2, 3, 4, 1, 6, 3, 4, 5, 6, 3, 5, 5],
    [(2, 9), (4, 8), (1, 3), (3, 7), (6, 4), (5, 9)],
    "2341413232141423",
);

/// The sum of cage `id` of [`KILLER_1`].
fn killer_1_sum(id: usize) -> usize {
    KILLER_1.1.iter().find(|(i, _)| *i == id).unwrap().1
}

/// Saves `book` (Killer 1 drawn some way), reads it back without options, checks its six
/// cages and that it solves to the published solution; the puzzle.
fn reads_as_killer_1(book: &mut rust_xlsxwriter::Workbook, name: &str) -> Puzzle {
    let dir = scratch(&format!("variants-{name}"));
    let path = dir.join(format!("{name}.xlsx"));
    book.save(&path).unwrap();
    let puzzle = read_file(&path, &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0);
    assert_eq!(puzzle.layout().cages().len(), 6);
    let (solved, _) = solve_and_explain(&path);
    assert_eq!(solved, KILLER_1.2);
    puzzle
}

#[test]
fn killer_cages_coloured_instead_of_outlined_are_read() {
    use rust_xlsxwriter::{Color, Format, Workbook};
    // Killer 1: each cage a patch of one of four colours, its sum typed in its first cell in
    // the same font as anything else, thin borders throughout.
    let cage = KILLER_1.0;
    let colour = |id: usize| [0xF5D5A0, 0xB8DDF2, 0xA8DCC8, 0xF7F2A0][[0, 0, 0, 2, 1, 3, 1][id]];
    let mut book = Workbook::new();
    let ws = book.add_worksheet();
    for i in 0..16 {
        let format = Format::new()
            .set_border(rust_xlsxwriter::FormatBorder::Thin)
            .set_background_color(Color::RGB(colour(cage[i])));
        let (row, col) = (1 + (i / 4) as u32, 1 + (i % 4) as u16);
        match (0..i).all(|j| cage[j] != cage[i]) {
            true => {
                let sum = killer_1_sum(cage[i]) as f64;
                ws.write_number_with_format(row, col, sum, &format).unwrap()
            }
            false => ws.write_blank(row, col, &format).unwrap(),
        };
    }
    reads_as_killer_1(&mut book, "coloured");
}

#[test]
fn bad_cages_and_variants_are_errors_that_say_what_to_change() {
    let dir = scratch("variants-errors");
    // `check` of a file holding `text`: bad input, exit 2; its message.
    let refused = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        err
    };
    let err = refused(
        "two-sums.txt",
        "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n2 3 4 5\n2 3 5 5\n",
    );
    assert!(
        err.contains(
            "bad cage '2' at r1c1 (line 2), r1c2 (line 2), r2c1 (line 3), r3c1 \
                     (line 4), r4c1 (line 5): it has 2 sums (9 at r1c1 (line 2), 4 at r3c1 \
                     (line 4))"
        ),
        "{err}"
    );
    let err = refused(
        "unreachable.txt",
        "4 4\n9 - 8 2\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n",
    );
    assert!(
        err.contains(
            "bad cage 2 at r1c4 (line 2), r2c4 (line 3): 2 distinct digits of 1 to 4 add up \
             to 3 at least and 7 at most"
        ),
        "{err}"
    );
    let six = fixture("text/boxes-3x2-6x6.csv");
    let (code, _, err) = run(&["check", six.to_str().unwrap(), "--variant", "windoku"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("windoku windows need a grid whose size is a square"),
        "{err}"
    );
    let (code, _, err) = run(&["check", six.to_str().unwrap(), "--variant", "hyperx"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown variant 'hyperx'; known: x, windoku"),
        "{err}"
    );
    // Sudoku Explainer knows no variant: its rating is refused, naming what the puzzle has.
    for (file, has) in [
        (
            "text/sudoku-x-9x9.txt",
            "9x9 with 3x3 boxes, both diagonals",
        ),
        ("text/killer-805-9x9.txt", "9x9 with 3x3 boxes, 36 cages"),
    ] {
        let file = fixture(file);
        let (code, _, err) = run(&["solve", file.to_str().unwrap(), "--rating", "se"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!(
                "no extra houses or cages, as Sudoku Explainer is; this puzzle is {has}"
            )),
            "{err}"
        );
    }
}

#[test]
fn hints_name_the_diagonal_or_the_cage_to_look_at() {
    // The fixture's Sudoku-X with its first six placements made: digit 1 has one place left on
    // the anti-diagonal, r2c8, as the backtracker's rules and solution confirm.
    let state = ".....196.......7.3...3..82....5.23........6..1.....24.....7.1.6.3....572.....64..";
    let rules = Rules::boxes(9, 3, 3).with_diagonals();
    let values = line_values(state);
    let anti: Vec<usize> = (0..9).map(|i| i * 9 + 8 - i).collect();
    let places: Vec<usize> = (anti.iter().copied())
        .filter(|&c| values[c] == 0 && rules.fits(&values, c, 1))
        .collect();
    assert_eq!(places, [9 + 7], "1 fits only r2c8 on the anti-diagonal");
    let (count, solution) = rules.count(&values, 2);
    assert_eq!((count, solution.unwrap()[9 + 7]), (1, 1));
    let dir = scratch("variants-hint");
    let file = dir.join("x-state.txt");
    std::fs::write(&file, format!("{state} x\n")).unwrap();
    let file = file.to_str().unwrap();
    let hint = |level: &str, file: &str| {
        let (code, out, err) = run(&["hint", file, "--level", level]);
        assert_eq!(code, 0, "{err}");
        out.trim().to_string()
    };
    assert_eq!(hint("1", file), "Hint: Singles; look at the anti-diagonal.");
    // Level 3: the notation line, what to look for, the step in words (naming the diagonal),
    // and the guide's page.
    let whole = hint("3", file);
    let lines: Vec<&str> = whole.lines().collect();
    assert_eq!(
        lines[0],
        "Hint: Hidden single in the anti-diagonal: 1 fits only r2c8"
    );
    assert!(lines[1].starts_with("Look for "), "{whole}");
    assert!(
        lines[2].starts_with("In the anti-diagonal, 1 has only one place left, r2c8"),
        "{whole}"
    );
    assert_eq!(lines.last(), Some(&"See: docs/src/techniques/singles.md"));
    // The drawn Killer 805: its first cage is r1c1 + r2c1 = 7 (the builder's map and sums).
    let killer = fixture("workbooks/killer-drawn-9x9.xlsx");
    let killer = killer.to_str().unwrap();
    assert_eq!(
        hint("1", killer),
        "Hint: Killer cages; look at cage 7 at r1c1, r2c1."
    );
    let level2 = hint("2", killer);
    let lines: Vec<&str> = level2.lines().collect();
    assert_eq!(lines[0], "Hint: Cage Combination, on r1c1, r2c1.");
    assert_eq!(
        lines[1..],
        [
            "Look for a cage whose sum, or a house whose total of 45, limits its digits.",
            "See: docs/src/techniques/killer.md"
        ]
    );
    let ids: Vec<&str> = workbooks::KILLER_805.0.split_whitespace().collect();
    let first: Vec<usize> = (0..81).filter(|&i| ids[i] == ids[0]).collect();
    let sum = workbooks::KILLER_805
        .1
        .iter()
        .find(|(i, _)| i.to_string() == ids[0]);
    assert_eq!((first, sum.map(|s| s.1)), (vec![0, 9], Some(7)));
}
