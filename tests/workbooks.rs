//! Reading puzzles from workbooks: grid detection, regions from fills and sheets, formulas,
//! defined names, and the real workbooks in ../shared/xlsx.

use crate::common;

use crate::common::{brute_force_count, fixture, run, scratch, shared, workbooks};
use gridlogic::model::{Cell, Regions};
use gridlogic::read::{ReadOptions, read_file};

fn read(name: &str) -> gridlogic::model::Puzzle {
    read_with(name, &ReadOptions::default())
}

fn read_with(name: &str, options: &ReadOptions) -> gridlogic::model::Puzzle {
    let input = read_file(&fixture(&format!("workbooks/{name}")), options).unwrap();
    assert_eq!(input.puzzles.len(), 1);
    input.puzzles.into_iter().next().unwrap()
}

fn sheet_origin(puzzle: &gridlogic::model::Puzzle) -> String {
    match puzzle.origin() {
        gridlogic::model::Origin::Sheet { top, left, .. } => {
            gridlogic::model::sheet_address(*top, *left)
        }
        other => panic!("not from a sheet: {other:?}"),
    }
}

fn givens(puzzle: &gridlogic::model::Puzzle) -> Vec<u8> {
    puzzle.givens().values().to_vec()
}

#[test]
fn committed_workbooks_match_their_builders() {
    let dir = scratch("fixtures");
    workbooks::build_all(&dir);
    let update = std::env::var_os("GRIDLOGIC_UPDATE_FIXTURES").is_some();
    for (name, _) in workbooks::all() {
        let fresh = std::fs::read(dir.join(name)).unwrap();
        let committed_path = fixture(&format!("workbooks/{name}"));
        if update {
            std::fs::write(&committed_path, &fresh).unwrap();
        }
        let committed = std::fs::read(&committed_path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{name} differs from its builder; run with GRIDLOGIC_UPDATE_FIXTURES=1"
        );
    }
}

#[test]
fn a_grid_under_a_merged_title_is_found_with_its_givens() {
    let puzzle = read("sudoku-9x9.xlsx");
    assert_eq!(sheet_origin(&puzzle), "B4");
    assert_eq!(
        givens(&puzzle),
        workbooks::seed_values("search-easy-9x9.csv")
    );
    assert_eq!(puzzle.cell_name(Cell::at(3, 2, 9)), "r4c3 (D7)");
}

#[test]
fn a_grid_at_a1_is_found() {
    let puzzle = read("plain-a1-9x9.xlsx");
    assert_eq!(sheet_origin(&puzzle), "A1");
    assert_eq!(
        givens(&puzzle),
        workbooks::seed_values("search-hard-9x9.csv")
    );
}

#[test]
fn the_puzzle_is_preferred_to_a_grid_labelled_solution() {
    let puzzle = read("offset-with-solution-9x9.xlsx");
    assert_eq!(sheet_origin(&puzzle), "E7");
    assert_eq!(
        givens(&puzzle),
        workbooks::seed_values("search-medium-9x9.csv")
    );
}

#[test]
fn typed_grids_are_preferred_and_cached_formula_values_are_read() {
    let puzzle = read("formulas-9x9.xlsx");
    assert_eq!(sheet_origin(&puzzle), "A1");
    assert_eq!(givens(&puzzle), workbooks::seed_values("genetic-9x9.csv"));
}

#[test]
fn two_equal_candidates_give_an_ambiguity_error_and_range_settles_it() {
    let path = fixture("workbooks/ambiguous-two-grids.xlsx");
    let err = read_file(&path, &ReadOptions::default()).unwrap_err();
    let _snapshots = common::snapshots();
    insta::assert_snapshot!("ambiguous_workbook", err.to_string());
    let options = ReadOptions {
        range: Some("K1:S9".into()),
        ..ReadOptions::default()
    };
    let puzzle = read_with("ambiguous-two-grids.xlsx", &options);
    assert_eq!(
        givens(&puzzle),
        workbooks::seed_values("search-medium-9x9.csv")
    );
}

#[test]
fn a_defined_name_points_at_the_grid_on_another_sheet() {
    let puzzle = read("defined-name.xlsx");
    assert_eq!(sheet_origin(&puzzle), "C3");
    assert_eq!(
        givens(&puzzle),
        workbooks::seed_values("search-medium-9x9.csv")
    );
    let options = ReadOptions {
        sheet: Some("data".into()),
        range: Some("M3:U11".into()),
        ..ReadOptions::default()
    };
    assert_eq!(
        givens(&read_with("defined-name.xlsx", &options)),
        workbooks::seed_values("search-easy-9x9.csv")
    );
}

#[test]
fn small_grids_with_zeros_and_numeric_text_are_read() {
    let four = read("small-4x4.xlsx");
    assert_eq!((four.size(), sheet_origin(&four)), (4, "C3".to_string()));
    assert_eq!(
        four.layout().regions(),
        &Regions::Boxes { rows: 2, cols: 2 }
    );
    let six = read("numeric-text-6x6.xlsx");
    assert_eq!(six.layout().regions(), &Regions::Boxes { rows: 2, cols: 3 });
    let expected: Vec<u8> = workbooks::UNIQUE_6X6.bytes().map(|b| b - b'0').collect();
    assert_eq!(givens(&six), expected);
    assert_eq!(
        brute_force_count(&expected, 6, &common::box_regions(6, 2, 3), 2),
        1
    );
}

#[test]
fn box_shading_is_not_mistaken_for_a_jigsaw() {
    let puzzle = read("checkerboard-6x6.xlsx");
    assert_eq!(
        puzzle.layout().regions(),
        &Regions::Boxes { rows: 2, cols: 3 }
    );
}

#[test]
fn numbers_ten_to_sixteen_are_read_in_a_16x16() {
    let puzzle = read("hexadoku-16x16.xlsx");
    assert_eq!(puzzle.size(), 16);
    assert_eq!(givens(&puzzle), common::line_values(workbooks::JANKO_16X16));
}

#[test]
fn jigsaw_regions_come_from_fills_and_from_a_regions_sheet() {
    // The .ods and .xls are LibreOffice's conversions of the .xlsx (calamine reads no styles
    // from them; gridlogic reads their fills itself).
    for (name, (_, labels)) in [
        ("jigsaw-fills-7x7.xlsx", workbooks::CHAOS_7X7),
        ("jigsaw-fills-7x7.ods", workbooks::CHAOS_7X7),
        ("jigsaw-fills-7x7.xls", workbooks::CHAOS_7X7),
        ("jigsaw-regions-sheet-5x5.xlsx", workbooks::CHAOS_5X5),
    ] {
        let puzzle = read(name);
        let Regions::Jigsaw { region_of } = puzzle.layout().regions() else {
            panic!("{name}: not read as a jigsaw")
        };
        let expected = common::letter_regions(labels);
        assert_eq!(
            region_of.iter().map(|&r| r as usize).collect::<Vec<_>>(),
            expected,
            "{name}"
        );
    }
}

#[test]
fn check_and_solve_work_on_the_fixture_workbooks() {
    let (code, out, _) = run(&["check", "fixtures/workbooks/sudoku-9x9.xlsx"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("sheet 'Sudoku' B4:J12: 9x9, 3x3 boxes, 35 givens: 1 solution (unique)"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "solve",
        "fixtures/workbooks/jigsaw-fills-7x7.xlsx",
        "--format",
        "line",
        "--no-workbook",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "2147563365142775326411463275627513447163525324716"
    );
    let (code, out, _) = run(&[
        "solve",
        "fixtures/workbooks/jigsaw-regions-sheet-5x5.xlsx",
        "--format",
        "line",
        "--no-workbook",
    ]);
    assert_eq!((code, out.trim()), (0, "2354154132452133142512354"));
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn choppystick_finds_the_4x4_under_the_puzzle_label() {
    let Some(path) = shared("xlsx/choppystick_sudoku.xlsm") else {
        return;
    };
    let input = read_file(&path, &ReadOptions::default()).unwrap();
    let puzzle = &input.puzzles[0];
    assert_eq!(
        (puzzle.size(), sheet_origin(puzzle)),
        (4, "B11".to_string())
    );
    // Givens as the sheet shows them: 1 at D11, 3 at C12, 4 at E14.
    let mut expected = vec![0u8; 16];
    (expected[2], expected[5], expected[15]) = (1, 3, 4);
    assert_eq!(givens(puzzle), expected);
    // Three givens leave a 4x4 with several solutions; the sheet's own solution is one of them.
    assert_eq!(
        brute_force_count(&expected, 4, &common::box_regions(4, 2, 2), 2),
        2
    );
    let (code, out, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("B11:E14: 4x4, 2x2 boxes, 3 givens: 2 or more solutions"),
        "{out}"
    );
    let second = ReadOptions {
        sheet: Some("Sheet1".into()),
        ..ReadOptions::default()
    };
    let nine = read_file(&path, &second).unwrap();
    assert_eq!(sheet_origin(&nine.puzzles[0]), "B5");
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn afghangoat_reads_the_input_grid_at_a1_despite_the_helper_cells() {
    let Some(path) = shared("xlsx/afghangoat_sudoku.xlsx") else {
        return;
    };
    let input = read_file(&path, &ReadOptions::default()).unwrap();
    let puzzle = &input.puzzles[0];
    assert_eq!((puzzle.size(), sheet_origin(puzzle)), (9, "A1".to_string()));
    assert_eq!(puzzle.givens().filled_count(), 23);
    // Independent count with the `sudoku` crate: the sheet's puzzle has more than one solution.
    let line: String = puzzle
        .givens()
        .values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect();
    let count = sudoku::Sudoku::from_str_line(&line)
        .unwrap()
        .solutions_count_up_to(2);
    assert_eq!(count, 2);
    let (code, out, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("sheet 'Munka1' A1:I9: 9x9, 3x3 boxes, 23 givens: 2 or more solutions"),
        "{out}"
    );
}

/// The week fixture's puzzle sheets: name, the seed puzzle on it, and the grid's range (where
/// its builder wrote it).
const WEEK: [(&str, &str, &str); 3] = [
    ("Mon", "search-easy-9x9.csv", "B3:J11"),
    ("Tue", "search-medium-9x9.csv", "C4:K12"),
    ("Wed", "search-hard-9x9.csv", "A2:I10"),
];

/// The unique solution of a seed 9x9 from the `sudoku` crate, as digits.
fn seed_solution(seed: &str) -> Vec<u8> {
    let line: String = workbooks::seed_values(seed)
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect();
    let solved = sudoku::Sudoku::from_str_line(&line).unwrap().solution();
    solved.unwrap().to_bytes().to_vec()
}

#[test]
fn every_sheet_of_a_workbook_gives_a_verdict_named_by_its_sheet_and_range() {
    let week = "fixtures/workbooks/week-three-sheets-9x9.xlsx";
    let (code, out, err) = run(&["check", week]);
    assert_eq!(code, 0, "{err}");
    for (line, (sheet, _, range)) in out.lines().zip(WEEK) {
        assert!(
            line.starts_with(&format!("sheet '{sheet}' {range}: ")),
            "{out}"
        );
        assert!(line.ends_with("1 solution (unique)"), "{out}");
    }
    assert!(out.contains("3 puzzles: 3 unique"), "{out}");
    // The sheet of notes holds no grid: listed as no puzzle, the exit code left alone.
    assert!(
        out.contains("sheet Notes: no puzzle: no cell holds a digit"),
        "{out}"
    );
    let (_, out, _) = run(&["batch", week, "--format", "jsonl"]);
    let ids: Vec<String> = out
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .map(|row| row["id"].as_str().unwrap().to_string())
        .collect();
    let mut expected: Vec<String> = WEEK.iter().map(|(s, _, r)| format!("{s}!{r}")).collect();
    expected.push("Notes".into());
    assert_eq!(ids, expected);
    // --sheet still picks one.
    let (code, out, _) = run(&["check", week, "--sheet", "Tue"]);
    assert_eq!((code, out.lines().count()), (0, 1), "{out}");
    assert!(out.starts_with("sheet 'Tue' C4:K12"), "{out}");
}

#[test]
fn solve_writes_a_solution_sheet_per_puzzle_sheet() {
    use calamine::{Reader, Xlsx, open_workbook};
    let dir = scratch("week");
    let input = dir.join("week.xlsx");
    std::fs::copy(fixture("workbooks/week-three-sheets-9x9.xlsx"), &input).unwrap();
    let (code, out, err) = run(&["solve", input.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches("solved by logic alone").count(), 3, "{out}");
    let mut book: Xlsx<_> = open_workbook(dir.join("week.solved.xlsx")).unwrap();
    let names = book.sheet_names();
    for (sheet, seed, range) in WEEK {
        assert!(names.contains(&format!("{sheet} Steps")), "{names:?}");
        let solution = book.worksheet_range(&format!("{sheet} Solution")).unwrap();
        // The grid is drawn where the puzzle was typed: its first cell at the range's start.
        let puzzle = read_with(
            "week-three-sheets-9x9.xlsx",
            &ReadOptions {
                sheet: Some(sheet.into()),
                ..ReadOptions::default()
            },
        );
        assert_eq!(
            format!("{}:", sheet_origin(&puzzle)),
            range[..range.find(':').unwrap() + 1]
        );
        let (top, left) = match puzzle.origin() {
            gridlogic::model::Origin::Sheet { top, left, .. } => (*top as u32, *left as u32),
            other => panic!("{other:?}"),
        };
        let digits: Vec<u8> = (0..81)
            .map(|i| {
                // Every cell holds its digit as a number.
                match solution.get_value((top + i / 9, left + i % 9)) {
                    Some(calamine::Data::Float(digit)) => *digit as u8,
                    other => panic!("{sheet}: {other:?}"),
                }
            })
            .collect();
        assert_eq!(digits, seed_solution(seed), "{sheet}");
    }
    assert_eq!(names.len(), 12, "{names:?}");
}

/// A workbook of sheets where one grid has a bad cell: the other sheets are solved, the bad one
/// is an invalid entry named by its sheet, and the exit code says not every puzzle is fine; a
/// workbook whose other sheets are blank (as Excel's default Sheet2, Sheet3) reads as one sheet
/// does, the bad cell an input error.
#[test]
fn a_bad_sheet_is_named_among_good_ones_and_blank_sheets_change_nothing() {
    use rust_xlsxwriter::Workbook;
    let dir = scratch("bad-sheet");
    let easy = workbooks::seed_values("search-easy-9x9.csv");
    // Each sheet blank, or the easy seed at A1, with "x" in its empty r1c1 when it is bad.
    let write = |name: &str, sheets: &[(&str, Sheet)]| {
        let mut book = Workbook::new();
        for (sheet, content) in sheets {
            let ws = book.add_worksheet().set_name(*sheet).unwrap();
            if *content == Sheet::Blank {
                continue;
            }
            for (i, v) in easy.iter().enumerate() {
                let (r, c) = ((i / 9) as u32, (i % 9) as u16);
                match (i, v) {
                    (0, _) if *content == Sheet::Bad => ws.write(r, c, "x").unwrap(),
                    (_, 0) => ws,
                    (_, v) => ws.write(r, c, *v).unwrap(),
                };
            }
        }
        let path = dir.join(name);
        book.save(&path).unwrap();
        path.to_str().unwrap().to_string()
    };
    assert_eq!(easy[0], 0, "r1c1 of the easy seed is empty");
    let mixed = write("mixed.xlsx", &[("Good", Sheet::Good), ("Bad", Sheet::Bad)]);
    let (code, out, err) = run(&["check", &mixed]);
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("sheet 'Good' A1:I9: "), "{out}");
    assert!(lines[0].ends_with("1 solution (unique)"), "{out}");
    assert_eq!(
        lines[1],
        "sheet Bad: invalid: cell r1c1 (A1) holds 'x': not a digit (1 to 9) or an empty-cell \
         marker (blank, 0, . or -)",
        "{out}"
    );
    let sheets = [
        ("Sheet1", Sheet::Bad),
        ("Sheet2", Sheet::Blank),
        ("Sheet3", Sheet::Blank),
    ];
    let excel_default = write("default.xlsx", &sheets);
    let (code, _, err) = run(&["check", &excel_default]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cell r1c1 (A1) holds 'x'"), "{err}");
}

/// What a sheet of a test workbook holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sheet {
    Blank,
    Good,
    Bad,
}

/// A generated workbook keeps its answer on a hidden sheet: `check` reads the puzzle sheet only.
#[test]
fn hidden_sheets_are_not_read_as_puzzles() {
    let dir = scratch("hidden-answer");
    let book = dir.join("puzzle.xlsx");
    let book = book.to_str().unwrap();
    let (code, _, err) = run(&["generate", "--seed", "3", "-o", book]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["check", book]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("sheet 'Puzzle' "), "{out}");
}

#[test]
fn the_texts_around_a_grid_are_kept_with_its_puzzle() {
    let puzzle = read("titled-notes-9x9.xlsx");
    assert_eq!(sheet_origin(&puzzle), "B3");
    let texts: Vec<(u32, u16, &str)> = puzzle
        .texts()
        .iter()
        .map(|t| (t.row as u32, t.col as u16, t.text.as_str()))
        .collect();
    // The builder's texts, row by row; not the number 36 at L1.
    assert_eq!(texts, workbooks::TITLED_NOTES);
    assert_eq!(puzzle.texts()[0].points, Some(16.0));
    // The title over sudoku-9x9.xlsx's grid was merged across B2:J2: it is read once, at B2.
    let titled = read("sudoku-9x9.xlsx");
    assert_eq!(titled.texts().len(), 3);
    assert_eq!((titled.texts()[0].row, titled.texts()[0].col), (1, 1));
    // CSV has no sheet, so no texts, although its cells are text.
    let options = ReadOptions::default();
    let csv = read_file(&fixture("text/jigsaw-6x6.csv"), &options).unwrap();
    assert!(csv.puzzles[0].texts().is_empty());
}

/// A grid typed with thin lines inside a thick frame drawn one cell around it (a decoration with
/// a margin) is the grid of its digits, not the framed square: the frame's rows and columns
/// hold no digit on any side. (A frame that only a sparse grid's empty edge row and column
/// separate from its digits is the grid: tests/marked.rs, the consecutive 6x6.)
#[test]
fn a_frame_drawn_with_a_margin_around_a_grid_is_not_part_of_it() {
    use rust_xlsxwriter::{Format, FormatBorder, Workbook};
    let dir = scratch("framed-margin");
    let easy = workbooks::seed_values("search-easy-9x9.csv");
    let mut book = Workbook::new();
    let ws = book.add_worksheet();
    // The frame: B2:L12, thick on its outer sides.
    for i in 0..11u16 {
        let (row, col) = (1 + i as u32, 1 + i);
        let side = |f: Format, top, right, bottom, left| {
            let thick = |on| match on {
                true => FormatBorder::Thick,
                false => FormatBorder::None,
            };
            f.set_border_top(thick(top))
                .set_border_right(thick(right))
                .set_border_bottom(thick(bottom))
                .set_border_left(thick(left))
        };
        ws.write_blank(1, col, &side(Format::new(), true, i == 10, false, i == 0))
            .unwrap();
        ws.write_blank(11, col, &side(Format::new(), false, i == 10, true, i == 0))
            .unwrap();
        ws.write_blank(row, 1, &side(Format::new(), i == 0, false, i == 10, true))
            .unwrap();
        ws.write_blank(row, 11, &side(Format::new(), i == 0, true, i == 10, false))
            .unwrap();
    }
    let thin = Format::new().set_border(FormatBorder::Thin);
    for (i, &v) in easy.iter().enumerate() {
        let (r, c) = (2 + (i / 9) as u32, 2 + (i % 9) as u16);
        match v {
            0 => ws.write_blank(r, c, &thin).unwrap(),
            v => ws.write_number_with_format(r, c, v, &thin).unwrap(),
        };
    }
    let path = dir.join("framed.xlsx");
    book.save(&path).unwrap();
    let input = read_file(&path, &ReadOptions::default()).unwrap();
    let puzzle = &input.puzzles[0];
    assert_eq!(puzzle.size(), 9);
    assert_eq!(sheet_origin(puzzle), "C3");
    assert_eq!(givens(puzzle), easy);
}
