//! The annotated solution workbook: written by `solve`, read back with calamine (sheets, the grid
//! at the puzzle's addresses, one Steps row per step, fills of deduced cells), the rules for where
//! it goes, byte-for-byte determinism, snapshots of its description, and a LibreOffice render.

use crate::common::{fixture, root, run, scratch, snapshots};
use calamine::{Data, Reader, Xlsx, open_workbook};
use gridlogic::engine::{self, Options};
use gridlogic::model::{Cell, Puzzle, sheet_address};
use gridlogic::read::{ReadOptions, read_file};
use gridlogic::report::rated::Ratings;
use gridlogic::write::{palette, sudoku as book};
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

/// A fresh, empty directory for one test.
fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn read_puzzle(path: &Path, options: &ReadOptions) -> Puzzle {
    let mut input = read_file(path, options).unwrap();
    assert_eq!(input.puzzles.len(), 1);
    input.puzzles.remove(0)
}

/// The numbers of an `n`x`n` block of `sheet` starting at zero-based (`top`, `left`).
fn grid_at(
    book: &mut Xlsx<std::io::BufReader<std::fs::File>>,
    sheet: &str,
    top: u32,
    left: u32,
    n: u32,
) -> Vec<u8> {
    let range = book.worksheet_range(sheet).unwrap();
    let mut values = Vec::new();
    for row in top..top + n {
        for col in left..left + n {
            let value = match range.get_value((row, col)) {
                Some(Data::Float(f)) => *f as u8,
                Some(Data::Int(i)) => *i as u8,
                Some(Data::String(s)) => s.parse().unwrap_or(0),
                _ => 0,
            };
            values.push(value);
        }
    }
    values
}

/// Whether `grid` is a solution of a puzzle with `givens`: every row, column and region of
/// `region_of` holds 1..=n once, and the givens are kept. Independent of gridlogic's solver.
fn is_valid_solution(
    grid: &[u8],
    givens: &[u8],
    n: usize,
    region_of: &dyn Fn(usize) -> usize,
) -> bool {
    let full = |cells: Vec<usize>| {
        let mut seen: Vec<u8> = cells.iter().map(|&i| grid[i]).collect();
        seen.sort_unstable();
        seen == (1..=n as u8).collect::<Vec<_>>()
    };
    let rows = (0..n).all(|r| full((0..n).map(|c| r * n + c).collect()));
    let cols = (0..n).all(|c| full((0..n).map(|r| r * n + c).collect()));
    let regions = (0..n).all(|g| full((0..n * n).filter(|&i| region_of(i) == g).collect()));
    let kept = givens.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v);
    rows && cols && regions && kept
}

#[test]
fn solving_a_workbook_writes_the_solution_where_the_puzzle_was_typed() {
    let dir = scratch("nine");
    let input = dir.join("sudoku-9x9.xlsx");
    std::fs::copy(fixture("workbooks/sudoku-9x9.xlsx"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let (code, _, err) = run(&["solve", path_str(&input)]);
    assert_eq!(code, 0, "{err}");
    let output = dir.join("sudoku-9x9.solved.xlsx");
    assert!(err.contains("wrote"), "{err}");
    assert_eq!(
        std::fs::read(&input).unwrap(),
        before,
        "the input is untouched"
    );

    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    assert_eq!(
        book.sheet_names(),
        ["Solution", "Steps", "Puzzle", "Candidates"]
    );
    // The puzzle sits at B4:J12 under its title; the solution must be there too.
    let puzzle = read_puzzle(&input, &ReadOptions::default());
    let givens = puzzle.givens().values().to_vec();
    let solution = grid_at(&mut book, "Solution", 3, 1, 9);
    let boxes = |i: usize| (i / 9) / 3 * 3 + (i % 9) / 3;
    assert!(
        is_valid_solution(&solution, &givens, 9, &boxes),
        "{solution:?}"
    );
    let line: String = givens.iter().map(|&d| char::from(b'0' + d)).collect();
    let published = ::sudoku::Sudoku::from_str_line(&line)
        .unwrap()
        .solution()
        .unwrap();
    assert_eq!(
        solution,
        published.to_bytes().to_vec(),
        "the sudoku crate agrees"
    );
    assert_eq!(grid_at(&mut book, "Puzzle", 3, 1, 9), givens);

    // One Steps row per step of the solve (46 singles for this puzzle, per `explain`), the last
    // one filling the 81st cell; each placement links to its cell.
    let (_, log, _) = run(&["explain", path_str(&input)]);
    let step_lines = log
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains(". "))
        .count();
    let steps = book.worksheet_range("Steps").unwrap();
    assert_eq!(steps.height() - 1, step_lines);
    assert_eq!(steps.get_value((0, 0)), Some(&Data::String("Step".into())));
    let last = steps.height() as u32 - 1;
    assert_eq!(steps.get_value((last, 7)), Some(&Data::Float(81.0)));
    for row in 1..=last {
        let Some(Data::String(placement)) = steps.get_value((row, 4)) else {
            panic!("row {row} has no placement");
        };
        let (cell, digit) = placement.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        assert_eq!(
            solution[(r - 1) * 9 + c - 1].to_string(),
            digit,
            "row {row}"
        );
    }
}

/// A Solution cell's text: its string (a step number marked `*`, a dot for a given in the order
/// grid), or its number.
fn cell_text(range: &calamine::Range<Data>, row: usize, col: usize) -> String {
    match range.get_value((row as u32, col as u32)) {
        Some(Data::String(text)) => text.clone(),
        Some(Data::Float(f)) => f.to_string(),
        other => panic!("no value at row {row} column {col}: {other:?}"),
    }
}

/// Whether `digit` at `cell` of a 9x9 is a single (naked, or hidden in its row, column or box)
/// with only the candidates the digits of `values` leave open (0 for empty): no eliminations.
fn plain_single(values: &[u8], cell: usize, digit: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let peers = |i: usize| {
        (0..81).filter(move |&j| {
            j != i
                && (j / 9 == i / 9
                    || j % 9 == i % 9
                    || (j / 27 == i / 27 && (j % 9) / 3 == (i % 9) / 3))
        })
    };
    let open = |i: usize, d: u8| values[i] == 0 && peers(i).all(|j| values[j] != d);
    let naked = (1..=9).filter(|&d| open(cell, d)).eq([digit]);
    let houses: [Vec<usize>; 3] = [
        (0..9).map(|k| r * 9 + k).collect(),
        (0..9).map(|k| k * 9 + c).collect(),
        (0..9)
            .map(|k| (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3)
            .collect(),
    ];
    let hidden = houses
        .iter()
        .any(|house| house.iter().all(|&i| i == cell || !open(i, digit)));
    naked || hidden
}

/// The legend beside the Solution grid: label → text, read from the rows under `Legend`, and
/// its column.
fn legend_of(range: &calamine::Range<Data>) -> (Vec<(String, String)>, usize) {
    let (top, left) = range.start().unwrap();
    let (row, col) = range
        .used_cells()
        .find(|(_, _, v)| **v == Data::String("Legend".into()))
        .map(|(r, c, _)| (r + top as usize, c + left as usize))
        .expect("a legend");
    let mut rows = Vec::new();
    for r in row + 1.. {
        match range.get_value((r as u32, col as u32 + 1)) {
            Some(Data::String(label)) => rows.push((label.clone(), cell_text(range, r, col + 2))),
            _ => break,
        }
    }
    (rows, col)
}

/// The count a legend text starts with: `18 cells` → 18.
fn leading_count(text: &str) -> usize {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no count in {text:?}"))
}

#[test]
fn deduced_cells_show_their_step_number_and_kind_and_givens_stay_white() {
    let dir = scratch("fills");
    for name in ["offset-with-solution-9x9.xlsx", "titled-notes-9x9.xlsx"] {
        let input = fixture(&format!("workbooks/{name}"));
        let output = dir.join(name);
        let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
        assert_eq!(code, 0, "{err}");
        let (_, json, _) = run(&["explain", "--format", "json", path_str(&input)]);
        let log: serde_json::Value = serde_json::from_str(&json).unwrap();
        check_solution_sheet(&input, &output, log["steps"].as_array().unwrap());
    }
}

/// Checks the Solution sheet of `output`, written from `input`, against the step log `steps`
/// of `explain`: each deduced cell holds its digit as a number, and its cell of the order grid
/// under the solution (two rows below it) the number of the step that placed it, marked `*`
/// exactly when it is a single that the digits placed before it do not make one;
/// plain singles are tinted by kind, harder steps' cells by family; givens are white; the
/// legend counts what the grid shows.
fn check_solution_sheet(input: &Path, output: &Path, steps: &[serde_json::Value]) {
    let puzzle = read_puzzle(input, &ReadOptions::default());
    let gridlogic::model::Origin::Sheet { top, left, .. } = puzzle.origin().clone() else {
        panic!("read from a sheet");
    };
    let settings = engine::Settings::default();
    let options = engine::OptionsBySize::new(&settings);
    let solve = Ratings::default()
        .solve::<false>(&puzzle, &options)
        .unwrap()
        .solve;
    let mut book: Xlsx<_> = open_workbook(output).unwrap();
    let range = book.worksheet_range("Solution").unwrap();
    let styles = book.worksheet_style("Solution").unwrap();
    let fill_at = |cell: usize| {
        styles
            .get(((top + cell / 9) as u32, (left + cell % 9) as u32))
            .and_then(|s| s.fill.as_ref())
            .and_then(|f| f.get_color())
            .map(|c| c.to_argb() & 0xFF_FFFF)
    };
    let mut values = puzzle.givens().values().to_vec();
    let mut fills: std::collections::HashMap<u32, usize> = Default::default();
    let (mut marked, mut harder_families) = (0, Vec::new());
    for (i, (step, ours)) in steps.iter().zip(&solve.steps).enumerate() {
        let technique = step["technique"].as_str().unwrap();
        assert_eq!(technique, ours.technique.name(), "step {}", i + 1);
        let single = ["Full House", "Hidden Single", "Naked Single"]
            .iter()
            .any(|kind| technique.starts_with(kind));
        let placed: Vec<(usize, u8)> = step["placement_cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let at = |key: &str| p[key].as_u64().unwrap() as usize;
                ((at("row") - 1) * 9 + at("col") - 1, at("digit") as u8)
            })
            .collect();
        for &(cell, digit) in &placed {
            let (row, col) = (top + cell / 9, left + cell % 9);
            let shown = range.get_value((row as u32, col as u32));
            assert_eq!(shown, Some(&Data::Float(digit.into())), "step {}", i + 1);
            let number = cell_text(&range, row + 11, col);
            let unlocked = single && !plain_single(&values, cell, digit);
            let expected = format!("{}{}", i + 1, if unlocked { "*" } else { "" });
            assert_eq!(number, expected, "step {}: {technique}", i + 1);
            let fill = fill_at(cell).expect("deduced cells are filled");
            assert_eq!(fill_at(cell + 11 * 9), Some(fill), "the order grid's fill");
            *fills.entry(fill).or_default() += 1;
            marked += usize::from(unlocked);
            let tint = match technique {
                t if t.starts_with("Full House") => palette::FULL_HOUSE,
                t if t.starts_with("Hidden Single") => palette::HIDDEN_SINGLE,
                _ => palette::NAKED_SINGLE,
            };
            match (single, unlocked) {
                (true, false) => assert_eq!(fill, tint, "step {}", i + 1),
                (true, true) => assert!(harder_families.contains(&fill), "step {}", i + 1),
                (false, _) => assert_eq!(fill, palette::family_fill(ours.technique.family())),
            }
        }
        if !single {
            harder_families.push(palette::family_fill(ours.technique.family()));
        }
        for (cell, digit) in placed {
            values[cell] = digit;
        }
    }
    assert_eq!(steps.len(), solve.steps.len());
    assert!(values.iter().all(|&v| v != 0), "solved");
    let givens = puzzle.givens().filled_count();
    for cell in (0..81).filter(|&c| puzzle.givens().values()[c] != 0) {
        assert_eq!(fill_at(cell), Some(0xFFFFFF), "given {cell}");
        assert_eq!(cell_text(&range, top + 11 + cell / 9, left + cell % 9), "·");
    }

    // The legend lists what is shown, each with its count.
    let (legend, _) = legend_of(&range);
    let count = |label: &str| {
        legend
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, t)| leading_count(t))
    };
    assert_eq!(count("Given"), Some(givens));
    let numbers = &legend.iter().find(|(l, _)| l == "Step number").unwrap().1;
    assert!(
        numbers.contains(&format!("1 to {}", steps.len())),
        "{numbers}"
    );
    assert_eq!(count("After a harder step"), (marked > 0).then_some(marked));
    let kinds: Vec<&(String, String)> = legend
        .iter()
        .filter(|(l, _)| !["Given", "Step number", "After a harder step"].contains(&l.as_str()))
        .collect();
    assert_eq!(kinds.len(), fills.len(), "one row per fill: {legend:?}");
    let total: usize = kinds.iter().map(|(_, t)| leading_count(t)).sum();
    assert_eq!(total, 81 - givens);
    let mut counts: Vec<usize> = fills.values().copied().collect();
    let mut listed: Vec<usize> = kinds.iter().map(|(_, t)| leading_count(t)).collect();
    counts.sort_unstable();
    listed.sort_unstable();
    assert_eq!(counts, listed, "{legend:?}");
}

/// The title typed over the grid stays where it was; the other texts typed around the grid
/// (beside it, left of it, under it, where the order grid now is) are listed under "Notes" right
/// of the grids, each with its address, so that they never push the legend off the page.
#[test]
fn the_title_and_notes_around_the_grid_are_carried_to_the_solution_sheet() {
    let dir = scratch("texts");
    let input = fixture("workbooks/titled-notes-9x9.xlsx");
    let output = dir.join("out.xlsx");
    let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
    assert_eq!(code, 0, "{err}");
    let mut original: Xlsx<_> = open_workbook(&input).unwrap();
    let typed = original.worksheet_range("Puzzle 36").unwrap();
    let (top, left) = typed.start().unwrap();
    // The texts of the input outside its grid at B3:J11, from the input itself.
    let grid = |r: u32, c: u32| (2..11).contains(&r) && (1..10).contains(&c);
    let texts: Vec<(u32, u32, String)> = typed
        .used_cells()
        .map(|(r, c, v)| (r as u32 + top, c as u32 + left, v))
        .filter(|&(r, c, _)| !grid(r, c))
        .filter_map(|(r, c, v)| match v {
            Data::String(s) => Some((r, c, s.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(texts.len(), 5, "{texts:?}");
    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    let solution = book.worksheet_range("Solution").unwrap();
    // The title, over the grid's columns, where it was.
    let (r, c, title) = &texts[0];
    assert_eq!((*r, *c), (0, 1));
    assert_eq!(
        solution.get_value((0, 1)),
        Some(&Data::String(title.clone()))
    );
    // The others as notes: the address each had, and its text.
    let (_, legend_col) = legend_of(&solution);
    assert_eq!(legend_col, 11, "right of the grid, after a gap");
    let notes_row = (0..200)
        .find(|&r| {
            solution.get_value((r, legend_col as u32)) == Some(&Data::String("Notes".into()))
        })
        .expect("a Notes heading");
    for (i, (r, c, text)) in texts[1..].iter().enumerate() {
        let row = notes_row + 1 + i as u32;
        let address = gridlogic::model::sheet_address(*r as usize, *c as usize);
        assert_eq!(
            solution.get_value((row, legend_col as u32 + 1)),
            Some(&Data::String(address))
        );
        assert_eq!(
            solution.get_value((row, legend_col as u32 + 2)),
            Some(&Data::String(text.clone()))
        );
        assert_ne!(
            solution.get_value((*r, *c)),
            Some(&Data::String(text.clone())),
            "not copied to its cell"
        );
    }
    // The number 36 at L1 is not text and stays behind.
    assert_eq!(typed.get_value((0, 11)), Some(&Data::Float(36.0)));
    assert!(matches!(
        solution.get_value((0, 11)),
        None | Some(Data::Empty)
    ));

    // Text input has no sheet texts: the grid goes to B3 with the legend right of it.
    let text_output = dir.join("text.xlsx");
    let text_input = fixture("text/top1465-36.txt");
    let args = ["solve", path_str(&text_input), "-o", path_str(&text_output)];
    assert_eq!(run(&args).0, 0);
    let mut book: Xlsx<_> = open_workbook(&text_output).unwrap();
    let solution = book.worksheet_range("Solution").unwrap();
    assert_eq!(legend_of(&solution).1, 11);
}

#[test]
fn where_the_workbook_goes_and_what_is_never_overwritten() {
    let dir = scratch("targets");
    let input = dir.join("puzzle.xlsx");
    std::fs::copy(fixture("workbooks/small-4x4.xlsx"), &input).unwrap();
    let original = std::fs::read(&input).unwrap();
    let output = dir.join("out.xlsx");
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", path_str(&input)];
        args.extend_from_slice(extra);
        run(&args)
    };
    assert_eq!(solve(&["-o", path_str(&output)]).0, 0);
    let first = std::fs::read(&output).unwrap();
    // A file named with -o is replaced only with --force, even gridlogic's own; the answer
    // comes first all the same.
    let (code, out, err) = solve(&["-o", path_str(&output)]);
    assert_eq!(code, 2);
    assert!(out.contains("Level "), "{out}");
    assert!(
        err.contains("it exists; use --force to replace it"),
        "{err}"
    );
    let (code, _, err) = solve(&["-o", path_str(&output), "--force"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&output).unwrap(),
        first,
        "byte-identical on a second run"
    );
    let (code, _, err) = solve(&["-o", path_str(&input), "--force"]);
    assert_eq!(code, 2);
    assert!(err.contains("it is the input file"), "{err}");
    let (code, _, err) = solve(&["-o", path_str(&dir.join("out.ods"))]);
    assert_eq!(code, 2);
    assert!(err.contains("give it an .xlsx or .html name"), "{err}");
    assert_eq!(std::fs::read(&input).unwrap(), original);
    assert!(!dir.join("puzzle.solved.xlsx").exists());
    let (code, answer, err) = solve(&[]);
    assert_eq!(code, 0, "{err}");
    let automatic = dir.join("puzzle.solved.xlsx");
    assert!(automatic.exists(), "default name beside the input");
    // Run again, the automatic workbook replaces its own earlier self: the same answer, the same
    // bytes.
    let written = std::fs::read(&automatic).unwrap();
    assert_eq!(solve(&[]), (0, answer.clone(), err));
    assert_eq!(std::fs::read(&automatic).unwrap(), written);
    // Someone else's file there is refused, after the answer.
    std::fs::copy(&input, &automatic).unwrap();
    let (code, out, err) = solve(&[]);
    assert_eq!((code, out), (2, answer));
    assert!(
        err.contains("it exists; use --force to replace it"),
        "{err}"
    );
    assert_eq!(std::fs::read(&automatic).unwrap(), original);
    assert_eq!(solve(&["--no-workbook", "--format", "line"]).0, 0);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Text input: nothing unless -o; a collection cannot go into one workbook.
    let text = dir.join("drawn.txt");
    std::fs::copy(fixture("text/drawn-9x9.txt"), &text).unwrap();
    assert_eq!(run(&["solve", path_str(&text)]).0, 0);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        4,
        "no workbook for text input"
    );
    let (code, _, err) = run(&[
        "solve",
        "fixtures/text/top1465-first3.txt",
        "-o",
        path_str(&dir.join("many.xlsx")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("holds 3 puzzles"), "{err}");
}

/// The workbook `solve --step-sheets` writes for `fixture` (a path under the repository), in a
/// scratch folder named `name`.
fn solved_with_step_sheets(name: &str, fixture: &str, more: &[&str]) -> Xlsx<BufReader<File>> {
    let dir = scratch(name);
    let output = dir.join("solved.xlsx");
    let args = ["solve", fixture, "-o", path_str(&output), "--step-sheets"];
    let (code, _, err) = run(&[&args[..], more].concat());
    assert_eq!(code, 0, "{err}");
    // The open file outlives its scratch folder.
    open_workbook(&output).unwrap()
}

#[test]
fn text_input_goes_to_b3_with_explanations_naming_the_workbook_cells() {
    let mut book = solved_with_step_sheets("text", "fixtures/text/drawn-9x9.txt", &[]);
    let names = book.sheet_names();
    let steps = book.worksheet_range("Steps").unwrap();
    assert_eq!(
        names.len(),
        4 + steps.height() - 1,
        "one sheet per step with bare --step-sheets"
    );
    assert_eq!(names[4], "Step 1");
    let puzzle = read_puzzle(&fixture("text/drawn-9x9.txt"), &ReadOptions::default());
    assert_eq!(
        grid_at(&mut book, "Puzzle", 2, 1, 9),
        puzzle.givens().values()
    );
    let Some(Data::String(first)) = steps.get_value((1, 6)) else {
        panic!("no explanation");
    };
    // The first placement's sheet address is its place on the Solution sheet (B3 = r1c1).
    let Some(Data::String(placement)) = steps.get_value((1, 4)) else {
        panic!("no placement");
    };
    let (r, c) = placement[1..placement.find('=').unwrap()]
        .split_once('c')
        .unwrap();
    let address = gridlogic::model::sheet_address(
        2 + r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap(),
    );
    assert!(
        first.contains(&format!("({address})")),
        "{first} names {address}"
    );
}

/// Solves `path` and describes its workbook with `step_sheets` step sheets.
fn description(path: &Path, options: &ReadOptions, step_sheets: usize) -> String {
    let puzzle = read_puzzle(path, options);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let book_options = book::BookOptions {
        step_sheets,
        ..book::BookOptions::new(name)
    };
    let solve = engine::solve(&puzzle, &Options::all(puzzle.size()));
    book::book(&solve.into(), &book_options).describe()
}

#[test]
fn workbook_descriptions_of_a_seed_a_6x6_a_16x16_and_a_jigsaw() {
    let _guard = snapshots();
    let seed = description(
        &fixture("seed/search-hard-9x9.csv"),
        &ReadOptions::default(),
        2,
    );
    insta::assert_snapshot!("workbook_seed_hard_9x9", seed);
    let six = description(
        &fixture("workbooks/checkerboard-6x6.xlsx"),
        &ReadOptions::default(),
        1,
    );
    insta::assert_snapshot!("workbook_checkerboard_6x6", six);
    let sixteen = description(
        &fixture("workbooks/hexadoku-16x16.xlsx"),
        &ReadOptions::default(),
        0,
    );
    insta::assert_snapshot!("workbook_hexadoku_16x16", sixteen);
    let jigsaw = description(
        &fixture("workbooks/jigsaw-fills-7x7.xlsx"),
        &ReadOptions::default(),
        1,
    );
    insta::assert_snapshot!("workbook_jigsaw_7x7", jigsaw);
}

#[test]
fn every_size_and_layout_writes_a_valid_solution() {
    let dir = scratch("sizes");
    let cases = [
        "workbooks/small-4x4.xlsx",
        "workbooks/numeric-text-6x6.xlsx",
        "workbooks/hexadoku-16x16.xlsx",
        "workbooks/jigsaw-regions-sheet-5x5.xlsx",
        "text/jigsaw-6x6.csv",
    ];
    for name in cases {
        let input = fixture(name);
        let output = dir.join(format!("{}.xlsx", name.replace('/', "-")));
        let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
        assert_eq!(code, 0, "{name}: {err}");
        let puzzle = read_puzzle(&input, &ReadOptions::default());
        let n = puzzle.size();
        let (top, left) = match puzzle.origin() {
            gridlogic::model::Origin::Sheet { top, left, .. } => (*top as u32, *left as u32),
            _ => (2, 1),
        };
        let mut book: Xlsx<_> = open_workbook(&output).unwrap();
        let grid = grid_at(&mut book, "Solution", top, left, n as u32);
        let layout = puzzle.layout();
        let region = |i: usize| layout.region_of(Cell::from_index(i)).unwrap();
        assert!(
            is_valid_solution(&grid, puzzle.givens().values(), n, &region),
            "{name}: {grid:?}"
        );
    }
}

#[test]
fn twenty_five_by_twenty_five_from_the_datasets() {
    // The first puzzle of ../shared/datasets/25x25/alphadoku_2.txt, copied to fixtures.
    let path = fixture("samples/alphadoku_2.txt");
    let dir = scratch("alpha");
    let line = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let input = dir.join("alpha.txt");
    std::fs::write(&input, &line).unwrap();
    let output = dir.join("alpha.xlsx");
    let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
    assert_eq!(code, 0, "{err}");
    let puzzle = read_puzzle(&input, &ReadOptions::default());
    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    // Letters as in the file: read the symbols back through the puzzle's alphabet.
    let range = book.worksheet_range("Solution").unwrap();
    let mut grid = Vec::new();
    for row in 2..27 {
        for col in 1..26 {
            let Some(Data::String(text)) = range.get_value((row, col)) else {
                panic!("no symbol at row {row} column {col}");
            };
            // A symbol, given or deduced.
            let c = text.lines().last().unwrap().chars().next().unwrap();
            grid.push(puzzle.symbols().value_of(c).unwrap() as u8);
        }
    }
    let boxes = |i: usize| (i / 25) / 5 * 5 + (i % 25) / 5;
    assert!(is_valid_solution(
        &grid,
        puzzle.givens().values(),
        25,
        &boxes
    ));
}

#[test]
fn libreoffice_renders_the_workbook_to_pdf() {
    let available = std::process::Command::new("soffice")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        eprintln!("skipped: soffice (LibreOffice) is not on PATH");
        return;
    }
    let dir = scratch("pdf");
    let output = dir.join("nine.xlsx");
    let input = root().join("fixtures/workbooks/sudoku-9x9.xlsx");
    let (code, _, err) = run(&[
        "solve",
        path_str(&input),
        "-o",
        path_str(&output),
        "--step-sheets",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let profile = format!(
        "-env:UserInstallation=file://{}",
        dir.join("profile").display()
    );
    let status = std::process::Command::new("soffice")
        .args([
            &profile,
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            path_str(&dir),
            path_str(&output),
        ])
        .output()
        .unwrap();
    // soffice exits 0 even when the conversion fails: the PDF itself is the evidence.
    let pdf = std::fs::read(dir.join("nine.pdf")).unwrap_or_else(|_| {
        panic!(
            "no PDF written: {}",
            String::from_utf8_lossy(&status.stderr)
        )
    });
    assert!(pdf.starts_with(b"%PDF"), "not a PDF");
    assert!(
        pdf.len() > 10_000,
        "a PDF of {} bytes is too small for seven sheets",
        pdf.len()
    );
}

#[test]
fn a_shikaku_workbook_colours_each_rectangle_apart_from_its_neighbours() {
    let dir = scratch("shikaku");
    let output = dir.join("janko-045.xlsx");
    let input = fixture("shikaku/janko-045.txt");
    let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
    assert_eq!(code, 0, "{err}");
    // The published partition: each cell's rectangle number.
    let sol: Vec<Vec<usize>> = std::fs::read_to_string(fixture("shikaku/janko-045.sol"))
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    let clues: Vec<Vec<String>> = std::fs::read_to_string(&input)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    assert_eq!(book.sheet_names(), ["Solution", "Steps", "Puzzle"]);
    let styles = book.worksheet_style("Solution").unwrap();
    let puzzle = book.worksheet_range("Puzzle").unwrap();
    let fill = |r: usize, c: usize| {
        styles
            .get(((2 + r) as u32, (1 + c) as u32))
            .and_then(|s| s.fill.as_ref())
            .and_then(|f| f.get_color())
            .map(|c| c.to_argb() & 0xFF_FFFF)
    };
    let (rows, cols) = (sol.len(), sol[0].len());
    for r in 0..rows {
        for c in 0..cols {
            assert!(fill(r, c).is_some(), "r{}c{} has a fill", r + 1, c + 1);
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < rows && c2 < cols {
                    let same_rectangle = sol[r][c] == sol[r2][c2];
                    assert_eq!(
                        fill(r, c) == fill(r2, c2),
                        same_rectangle,
                        "r{}c{}",
                        r + 1,
                        c + 1
                    );
                }
            }
            let shown = match puzzle.get_value(((2 + r) as u32, (1 + c) as u32)) {
                Some(Data::Float(f)) => (*f as usize).to_string(),
                _ => "-".to_string(),
            };
            assert_eq!(shown, clues[r][c], "clue at r{}c{}", r + 1, c + 1);
        }
    }
    let clue_count = clues.iter().flatten().filter(|t| *t != "-").count();
    let steps = book.worksheet_range("Steps").unwrap();
    let placements = (1..steps.height() as u32)
        .filter(|&row| matches!(steps.get_value((row, 3)), Some(Data::String(_))))
        .count();
    assert_eq!(placements, clue_count, "one step places each rectangle");
}

#[test]
fn shikaku_workbook_description_of_a_sheet_puzzle() {
    let _guard = snapshots();
    let path = fixture("shikaku/titled-5x5.csv");
    let puzzle = gridlogic::shikaku::read::read_file(&path, &ReadOptions::default())
        .unwrap()
        .remove(0);
    let solve = gridlogic::shikaku::solve(&puzzle, &Default::default());
    let text = gridlogic::write::shikaku::book(&solve, "titled-5x5.csv").describe();
    insta::assert_snapshot!("workbook_shikaku_5x5", text);
}

#[test]
fn a_forcing_step_sheet_lists_every_implication_of_its_net() {
    // gridlogic's own solve of this puzzle takes a forcing net (the default follows HoDoKu's
    // path, whose hardest step here is a nested net).
    let mut book = solved_with_step_sheets(
        "net",
        "fixtures/text/top1465-first.txt",
        &["--rating", "gridlogic"],
    );
    let steps = book.worksheet_range("Steps").unwrap();
    let net_step = (1..steps.height())
        .find(|&r| {
            matches!(steps.get_value((r as u32, 1)), Some(Data::String(t)) if t == "Forcing Net Contradiction")
        })
        .expect("a forcing net in the solve");
    let sheet = book.worksheet_range(&format!("Step {net_step}")).unwrap();
    let texts: Vec<String> = sheet
        .rows()
        .filter_map(|row| match row.get(1) {
            Some(Data::String(text)) => Some(text.clone()),
            _ => None,
        })
        .collect();
    let heading = texts
        .iter()
        .position(|t| t == "Every implication, with its reason:")
        .expect("the net under the grid");
    assert!(texts[heading + 1].starts_with("(1) r"), "{texts:?}");
    assert!(texts[heading + 1].ends_with(": assumed"), "{texts:?}");
    let lines = &texts[heading + 1..];
    assert!(
        lines.last().unwrap().starts_with("⇒ contradiction: "),
        "{lines:?}"
    );
    let numbered = lines.iter().filter(|l| l.starts_with('(')).count();
    assert_eq!(
        numbered + 1,
        lines.len(),
        "a line per implication, then the end"
    );
}

/// Whether LibreOffice's `soffice` is on the path (the tests that use it say so and pass
/// without it, as `libreoffice_renders_the_workbook_to_pdf` does).
fn soffice() -> bool {
    let available = std::process::Command::new("soffice")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        eprintln!("skipped: soffice (LibreOffice) is not on PATH");
    }
    available
}

/// The Solution sheet holds the solution as values: read back with calamine every cell of the
/// grid is a number (a row's sum, as `=SUM` takes it, is 45), the grid is the `sudoku` crate's
/// solution, gridlogic reads the `.solved.xlsx` back as that solved grid (its Solution and
/// Puzzle sheets; the steps and candidates hold no puzzle), and LibreOffice's CSV export of the
/// sheet gives the digits.
#[test]
fn the_solution_sheet_holds_numbers_and_reads_back_as_the_solved_grid() {
    let dir = scratch("values");
    let input = dir.join("nine.xlsx");
    std::fs::copy(fixture("workbooks/sudoku-9x9.xlsx"), &input).unwrap();
    let (code, _, err) = run(&["solve", path_str(&input), "--step-sheets", "3"]);
    assert_eq!(code, 0, "{err}");
    let output = dir.join("nine.solved.xlsx");
    let puzzle = read_puzzle(&input, &ReadOptions::default());
    let line: String = (puzzle.givens().values().iter())
        .map(|&d| char::from(b'0' + d))
        .collect();
    let published = ::sudoku::Sudoku::from_str_line(&line)
        .unwrap()
        .solution()
        .unwrap();
    let published = published.to_bytes().to_vec();
    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    let range = book.worksheet_range("Solution").unwrap();
    let mut digits = Vec::new();
    for row in 3..12 {
        let mut sum = 0.0;
        for col in 1..10 {
            match range.get_value((row, col)) {
                Some(Data::Float(f)) => {
                    sum += f;
                    digits.push(*f as u8);
                }
                other => panic!(
                    "{}: not a number: {other:?}",
                    sheet_address(row as usize, col as usize)
                ),
            }
        }
        assert_eq!(sum, 45.0, "row {}", row + 1);
    }
    assert_eq!(digits, published, "the sudoku crate's solution");

    // Read back: the Solution sheet is the solved grid, the Puzzle sheet the puzzle.
    let (code, out, err) = run(&["check", path_str(&output)]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "sheet 'Solution' B4:J12: 9x9, 3x3 boxes, 81 givens: 1 solution (unique)"
    );
    assert!(lines[1].starts_with("sheet 'Puzzle' B4:J12: 9x9, 3x3 boxes, 35 givens"));
    assert_eq!(lines.len(), 3, "{out}");
    let args = [
        "solve",
        path_str(&output),
        "--sheet",
        "Solution",
        "--format",
        "line",
    ];
    let (_, out, _) = run(&args);
    let expected: String = published.iter().map(|&d| char::from(b'0' + d)).collect();
    assert_eq!(out.trim(), expected);

    // LibreOffice's CSV of the first sheet (Solution): the digits, as digits.
    if !soffice() {
        return;
    }
    let profile = format!(
        "-env:UserInstallation=file://{}",
        dir.join("profile").display()
    );
    let csv_dir = dir.join("csv");
    std::process::Command::new("soffice")
        .args([&profile, "--headless", "--convert-to", "csv", "--outdir"])
        .args([path_str(&csv_dir), path_str(&output)])
        .output()
        .unwrap();
    // In the system's 8-bit encoding (the order grid's dots are not ASCII; the digits are).
    let csv = std::fs::read(csv_dir.join("nine.solved.csv")).expect("a CSV");
    let csv = String::from_utf8_lossy(&csv);
    let rows: Vec<String> = csv
        .lines()
        .skip(3)
        .take(9)
        .map(|line| line.split(',').skip(1).take(9).collect::<Vec<_>>().join(""))
        .collect();
    assert_eq!(rows.concat(), expected, "{csv}");
}

/// A grid written with letters keeps them: the Solution cells of a 16x16 (1-9, A-G) hold the
/// letters as text and the digits as numbers, and the sheet reads back as the solved grid.
#[test]
fn a_grid_of_letters_keeps_its_letters_and_reads_back() {
    let dir = scratch("letters");
    let input = fixture("text/generated-hard-16x16.txt");
    let output = dir.join("letters.xlsx");
    let (code, _, err) = run(&["solve", path_str(&input), "-o", path_str(&output)]);
    assert_eq!(code, 0, "{err}");
    let (_, solved, _) = run(&["solve", path_str(&input), "--format", "line"]);
    let mut book: Xlsx<_> = open_workbook(&output).unwrap();
    let range = book.worksheet_range("Solution").unwrap();
    let mut shown = String::new();
    for i in 0..256u32 {
        // A text input's grid starts at B3.
        match range.get_value((2 + i / 16, 1 + i % 16)) {
            Some(Data::String(letter)) => shown.push_str(letter),
            Some(Data::Float(f)) => shown.push_str(&f.to_string()),
            other => panic!("cell {i}: {other:?}"),
        }
    }
    assert_eq!(shown, solved.trim());
    assert!(shown.contains('G'));
    let args = [
        "solve",
        path_str(&output),
        "--sheet",
        "Solution",
        "--format",
        "line",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), solved.trim());
}
