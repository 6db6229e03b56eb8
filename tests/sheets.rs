//! Workbooks of several sheets, alike in every command: sheets without a grid listed as "no
//! puzzle" (the exit code left alone), `hint` on one sheet and saying which, derived sheet names
//! valid whatever the source sheet's name, and a workbook of a thousand sheets read in turn.

use crate::common;

use crate::common::{run, scratch, workbooks};
use calamine::{Data, Reader, Xlsx, open_workbook};
use rust_xlsxwriter::Workbook;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What a sheet of a test workbook holds.
#[derive(Clone, Copy)]
enum Content {
    /// Instructions: text only.
    Text,
    /// A puzzle generator's sheet: a label and a button's caption, and three settings (numbers)
    /// one under the other.
    Generator,
    /// The seed puzzle `name` at A1.
    Seed(&'static str),
    /// The easy seed at A1 with `x` in its empty r1c1.
    Bad,
}

/// Writes a workbook of `sheets` (name, content) to `dir/name`; its path.
fn write_book(dir: &Path, name: &str, sheets: &[(&str, Content)]) -> PathBuf {
    let mut book = Workbook::new();
    for (sheet, content) in sheets {
        let ws = book.add_worksheet().set_name(*sheet).unwrap();
        match content {
            Content::Text => {
                ws.write(0, 0, "How to use this workbook").unwrap();
                ws.write(
                    2,
                    0,
                    "Type the puzzle on a sheet of its own, then press Solve.",
                )
                .unwrap();
            }
            Content::Generator => {
                ws.write(0, 0, "Press the button to make a new puzzle")
                    .unwrap();
                ws.write(2, 0, "Givens").unwrap();
                ws.write(2, 1, 25).unwrap();
                ws.write(3, 0, "Seed").unwrap();
                ws.write(3, 1, 7).unwrap();
                ws.write(4, 0, "Size").unwrap();
                ws.write(4, 1, 9).unwrap();
                ws.write(6, 0, "[ Generate ]").unwrap();
            }
            Content::Seed(seed) => write_seed(ws, seed, false),
            Content::Bad => write_seed(ws, "search-easy-9x9.csv", true),
        }
    }
    let path = dir.join(name);
    book.save(&path).unwrap();
    path
}

/// The seed puzzle `seed` at A1 of `ws`, with `x` in r1c1 (empty in the easy seed) when `bad`.
fn write_seed(ws: &mut rust_xlsxwriter::Worksheet, seed: &str, bad: bool) {
    for (i, &v) in workbooks::seed_values(seed).iter().enumerate() {
        let (r, c) = ((i / 9) as u32, (i % 9) as u16);
        match (i, v) {
            (0, _) if bad => ws.write(r, c, "x").map(|_| ()).unwrap(),
            (_, 0) => {}
            (_, v) => ws.write(r, c, v).map(|_| ()).unwrap(),
        }
    }
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The unique solution of a seed 9x9 from the `sudoku` crate, as digits.
fn seed_solution(seed: &str) -> Vec<u8> {
    let line: String = workbooks::seed_values(seed)
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect();
    let solved = sudoku::Sudoku::from_str_line(&line).unwrap().solution();
    solved.unwrap().to_bytes().to_vec()
}

/// The week of a real workbook with helper sheets: instructions first, a generator's sheet, two
/// puzzles.
const WEEK: [(&str, Content); 4] = [
    ("Instructions", Content::Text),
    ("Generator", Content::Generator),
    ("Mon", Content::Seed("search-easy-9x9.csv")),
    ("Tue", Content::Seed("search-medium-9x9.csv")),
];

/// Sheets with no grid — instructions, a generator's settings — are listed as "no puzzle" by
/// every command, in the same words and as `no_puzzle` in JSON, and leave the exit code alone;
/// a sheet with a bad grid among them still turns it to 1.
#[test]
fn sheets_without_a_grid_are_no_puzzle_on_every_command_and_leave_the_exit_code_alone() {
    let dir = scratch("no-puzzle");
    let book = write_book(&dir, "week.xlsx", &WEEK);
    let book = path_str(&book);
    let said = |text: &str, sheet: &str| {
        text.lines()
            .any(|l| l.starts_with(&format!("sheet {sheet}: no puzzle: ")))
    };
    let pdf = dir.join("week.pdf");
    let commands: [Vec<&str>; 5] = [
        vec!["check", book],
        vec!["solve", book, "--no-workbook"],
        vec!["explain", book],
        vec!["batch", book],
        vec!["print", book, "-o", path_str(&pdf)],
    ];
    for args in &commands {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        let shown = format!("{out}{err}");
        if args[0] == "batch" {
            // A row each, with its status and what the sheet lacks.
            let rows = common::csv_rows(&out);
            let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
            assert_eq!(
                status,
                ["no_puzzle", "no_puzzle", "unique", "unique"],
                "{out}"
            );
            assert!(
                rows[1]["detail"].contains("digits lie in one column (B)"),
                "{out}"
            );
            continue;
        }
        for sheet in ["Instructions", "Generator"] {
            assert!(
                said(&shown, sheet),
                "{args:?} does not list {sheet}: {shown}"
            );
        }
        assert!(
            shown.contains(
                "sheet Instructions: no puzzle: no cell holds a digit or an empty-cell marker"
            ),
            "{shown}"
        );
    }
    let (_, out, _) = run(&["check", book]);
    assert!(out.contains("2 puzzles: 2 unique"), "{out}");
    // The same in JSON: a document each, status no_puzzle.
    for args in [
        vec!["check", book],
        vec!["solve", book, "--no-workbook"],
        vec!["explain", book],
    ] {
        let command = args[0];
        let (code, out, err) = run(&[&args[..], &["--format", "json"]].concat());
        assert_eq!(code, 0, "{command}: {err}");
        let documents: serde_json::Value = serde_json::from_str(&out).unwrap();
        let status: Vec<&str> = documents
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["status"].as_str().unwrap())
            .collect();
        assert_eq!(
            status,
            ["no_puzzle", "no_puzzle", "unique", "unique"],
            "{command}"
        );
        assert_eq!(documents[1]["id"], "Generator");
    }
    // A bad grid among them is still invalid: exit 1.
    let mut sheets = WEEK.to_vec();
    sheets.push(("Bad", Content::Bad));
    let with_bad = write_book(&dir, "bad.xlsx", &sheets);
    let (code, out, _) = run(&["check", path_str(&with_bad)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("sheet Bad: invalid: cell r1c1 (A1) holds 'x'"),
        "{out}"
    );
    assert!(said(&out, "Generator"), "{out}");
    // Beside one puzzle sheet, a sheet without a grid is a note, and the puzzle reads as one.
    let one = write_book(&dir, "one.xlsx", &WEEK[..3]);
    let (code, out, err) = run(&["check", path_str(&one)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(err.contains("note: sheet Generator: no puzzle: "), "{err}");
    // Named with --sheet, a sheet without a grid is an input error, as any file without one.
    let (code, _, err) = run(&["check", book, "--sheet", "Instructions"]);
    assert_eq!(code, 2, "{err}");
}

/// `hint` gives the next step of one puzzle: the sheet `--sheet` names, else the first sheet
/// that holds a puzzle (past instructions), said on standard error with the others.
#[test]
fn hint_reads_one_sheet_and_says_which() {
    let dir = scratch("hint-sheet");
    let book = write_book(&dir, "week.xlsx", &WEEK);
    let book = path_str(&book);
    // The same hint as each puzzle on its own, written as text.
    let alone = |seed: &str| {
        let line: String = workbooks::seed_values(seed)
            .iter()
            .map(|&v| char::from(b'0' + v))
            .collect();
        let file = dir.join(format!("{seed}.txt"));
        std::fs::write(&file, line).unwrap();
        run(&["hint", path_str(&file), "--level", "3"]).1
    };
    let (code, out, err) = run(&["hint", book, "--level", "3"]);
    assert_eq!(code, 0, "{err}");
    // Cells are named by their sheet address: both puzzles sit at A1, as the text ones do.
    assert_eq!(out, alone("search-easy-9x9.csv"));
    assert!(
        err.contains("note: hint reads sheet Mon!A1:I9, the first of 2 sheets with a puzzle")
            && err.contains("Tue!A1:I9"),
        "{err}"
    );
    let (code, out, err) = run(&["hint", book, "--level", "3", "--sheet", "Tue"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, alone("search-medium-9x9.csv"));
    assert!(!err.contains("note:"), "{err}");
    let (_, help, _) = run(&["hint", "--help"]);
    assert!(
        help.contains("the first sheet that holds a puzzle"),
        "{help}"
    );
}

/// Every command that reads all sheets says so in its help, not "the first sheet".
#[test]
fn the_help_of_sheet_says_what_each_command_does() {
    for command in ["check", "solve", "explain", "batch", "print"] {
        let (_, help, _) = run(&[command, "--help"]);
        assert!(
            help.contains("every visible sheet that holds a puzzle is read")
                && help.contains("\"no puzzle\""),
            "{command}: {help}"
        );
        assert!(!help.contains("the first sheet by default"), "{command}");
    }
}

/// Replaces the sheet names `from` with `to` in the workbook at `path` (its `xl/workbook.xml`),
/// as a workbook from another program may name them: names rust_xlsxwriter, as Excel, refuses.
fn rename_sheets(path: &Path, renames: &[(&str, &str)]) {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut parts = Vec::new();
    for i in 0..archive.len() {
        let mut part = archive.by_index(i).unwrap();
        let mut bytes = Vec::new();
        part.read_to_end(&mut bytes).unwrap();
        parts.push((part.name().unwrap().into_owned(), bytes));
    }
    let out = std::fs::File::create(path).unwrap();
    let mut writer = zip::ZipWriter::new(out);
    for (name, mut bytes) in parts {
        if name == "xl/workbook.xml" {
            let mut text = String::from_utf8(bytes).unwrap();
            for (from, to) in renames {
                text = text.replace(&format!("name=\"{from}\""), &format!("name=\"{to}\""));
            }
            bytes = text.into_bytes();
        }
        writer
            .start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        writer.write_all(&bytes).unwrap();
    }
    writer.finish().unwrap();
}

/// Sheets named `'Mon'`, with `/` and every character a sheet name may not hold, and two long
/// names alike in their first 31 characters: `solve` writes their annotated workbook, its sheet
/// names valid, told apart, each Solution sheet holding its puzzle's solution.
#[test]
fn derived_sheet_names_are_valid_whatever_the_source_sheet_is_called() {
    let dir = scratch("hostile-names");
    let seeds = [
        "search-easy-9x9.csv",
        "search-medium-9x9.csv",
        "search-hard-9x9.csv",
        "search-easy-9x9.csv",
        "search-medium-9x9.csv",
    ];
    let hostile = [
        "'Mon'",
        "1/2/2026",
        "a[b]c*d?e:f\\g",
        "A very long sheet name for Tuesday, 1",
        "A VERY LONG SHEET NAME FOR TUESDAY, 2",
    ];
    let placeholders: Vec<String> = (1..=hostile.len()).map(|i| format!("S{i}")).collect();
    let sheets: Vec<(&str, Content)> = placeholders
        .iter()
        .zip(seeds)
        .map(|(name, seed)| (name.as_str(), Content::Seed(seed)))
        .collect();
    let input = write_book(&dir, "hostile.xlsx", &sheets);
    let renames: Vec<(&str, &str)> = placeholders
        .iter()
        .map(String::as_str)
        .zip(hostile)
        .collect();
    rename_sheets(&input, &renames);
    let (code, out, err) = run(&["solve", path_str(&input)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("wrote"), "{err}");
    let mut book: Xlsx<_> = open_workbook(dir.join("hostile.solved.xlsx")).unwrap();
    let names = book.sheet_names();
    assert_eq!(names.len(), 4 * hostile.len(), "{names:?}");
    let mut lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    lower.sort();
    lower.dedup();
    assert_eq!(lower.len(), names.len(), "told apart: {names:?}");
    for name in &names {
        assert!(name.chars().count() <= 31, "{name}");
        assert!(
            !name.contains(['[', ']', ':', '*', '?', '/', '\\']),
            "{name}"
        );
        assert!(!name.starts_with('\'') && !name.ends_with('\''), "{name}");
    }
    let solutions: Vec<&String> = names.iter().filter(|n| n.ends_with("Solution")).collect();
    assert_eq!(solutions.len(), hostile.len(), "{names:?}");
    assert!(solutions[0].starts_with("Mon"), "{names:?}");
    assert!(solutions[1].starts_with("1-2-2026"), "{names:?}");
    let solutions: Vec<String> = solutions.into_iter().cloned().collect();
    for (name, seed) in solutions.iter().zip(seeds) {
        let range = book.worksheet_range(name).unwrap();
        let digits: Vec<u8> = (0..81)
            .map(|i| match range.get_value((i / 9, i % 9)) {
                Some(Data::Float(f)) => *f as u8,
                other => panic!("{name}: {other:?}"),
            })
            .collect();
        assert_eq!(digits, seed_solution(seed), "{name}");
    }
}

/// A workbook of a thousand puzzle sheets reads whole, each sheet named, in sheet order (it is
/// opened once; `benches/sheets.sh` times it).
#[test]
fn a_thousand_sheets_are_read_each_by_its_name() {
    let dir = scratch("thousand");
    let names: Vec<String> = (1..=1000).map(|i| format!("Day {i}")).collect();
    let sheets: Vec<(&str, Content)> = names
        .iter()
        .map(|n| (n.as_str(), Content::Seed("search-easy-9x9.csv")))
        .collect();
    let book = write_book(&dir, "thousand.xlsx", &sheets);
    let (code, out, err) = run(&["check", path_str(&book), "--format", "jsonl"]);
    assert_eq!(code, 0, "{err}");
    let ids: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].to_string())
        .collect();
    let expected: Vec<String> = names.iter().map(|n| format!("\"'{n}'!A1:I9\"")).collect();
    assert_eq!(ids, expected);
}
