//! What a person reads and what is left on disk, on hostile inputs: control characters from a
//! file shown escaped on the terminal (JSON still JSON), damaged workbooks and system errors said
//! in a person's words (no panic text, no library's, no `os error N`), and no output written over
//! a file the command reads, however it is spelt.

use crate::common::{fixture, run, scratch};
use std::path::Path;

/// seed 001's genetic-algorithm puzzle, row by row, `0` for empty.
const PUZZLE: &str =
    "400078003000200000009000010010062030000400002600500000040000700700036008000050000";

/// What sets a terminal's title and clears its screen when printed as it is, with a C1 control
/// (CSI, U+009B) and DEL besides.
const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m\u{7f}";

/// `path` as a string argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The control characters in `text` other than the line feed and the tab.
fn controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .collect()
}

/// Runs `args`; its exit code and what it printed, after checking that nothing printed holds a
/// control character.
fn run_shown(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = run(args);
    assert_eq!(controls(&out), [], "{args:?} printed: {out:?}");
    assert_eq!(controls(&err), [], "{args:?} said: {err:?}");
    (code, out, err)
}

#[test]
fn control_characters_from_a_file_reach_the_terminal_escaped() {
    let dir = scratch("messages-controls");
    // A grid whose r5c3 holds the hostile text: the message names the value, escaped.
    let mut rows: Vec<Vec<String>> = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| row.iter().map(|&b| char::from(b).to_string()).collect())
        .collect();
    rows[4][2] = HOSTILE.to_string();
    let grid = dir.join("grid.csv");
    let csv: Vec<String> = rows.iter().map(|row| row.join(",")).collect();
    std::fs::write(&grid, csv.join("\n")).unwrap();
    let shown = "\\u001b]0;owned\\u0007\\u001b[2J\\u009b31m\\u007f";
    for command in ["check", "solve", "explain", "hint", "batch"] {
        let (code, out, err) = run_shown(&[command, arg(&grid)]);
        assert_eq!(code, 2, "{command}: {out}{err}");
        assert!(
            err.contains(&format!("cell r5c3 (C5) holds '{shown}'")),
            "{command}: {err}"
        );
    }
    // A collection whose ids hold it, the second line no puzzle: the lines of `check`, the rows
    // of `batch` on standard output, and JSON that still reads back as the same ids.
    let collection = dir.join("named.csv");
    let ids = [format!("mine{HOSTILE}"), format!("bad{HOSTILE}")];
    let lines = format!("id,puzzle\n{},{PUZZLE}\n{},123\n", ids[0], ids[1]);
    std::fs::write(&collection, lines).unwrap();
    let (code, out, _) = run_shown(&["check", arg(&collection)]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("id bad{shown}: invalid: ")), "{out}");
    let (_, rows, _) = run_shown(&["batch", arg(&collection)]);
    assert!(rows.contains(&format!("mine{shown},unique")), "{rows}");
    for format in ["json", "jsonl"] {
        let (_, out, _) = run_shown(&["check", arg(&collection), "--format", format]);
        let documents: Vec<serde_json::Value> = match format {
            "json" => serde_json::from_str(&out).unwrap(),
            _ => out
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
        };
        let read: Vec<&str> = documents
            .iter()
            .map(|d| d["id"].as_str().unwrap())
            .collect();
        assert_eq!(read, ids, "{out}");
    }
    let (_, out, _) = run_shown(&["batch", arg(&collection), "--format", "jsonl"]);
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(row["id"], ids[0].as_str(), "{out}");
    // A file whose name holds it, named in `wrote …`.
    let named = dir.join(format!("out{HOSTILE}.html"));
    let (code, _, err) = run_shown(&[
        "solve",
        arg(&fixture("text/drawn-9x9.txt")),
        "-o",
        arg(&named),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("out{shown}.html")), "{err}");
    // Files keep what they were given: the rows written to a file hold the id as it is.
    let written = dir.join("rows.csv");
    let (code, _, err) = run_shown(&["batch", arg(&collection), "-o", arg(&written)]);
    assert_eq!(code, 1, "{err}");
    assert!(std::fs::read_to_string(&written).unwrap().contains(&ids[0]));
}

/// Words that are a library's, a panic's or the system's, never a person's.
const LIBRARY_WORDING: [&str; 14] = [
    "Xls error",
    "Xlsx error",
    "Xlsb error",
    "Ods error",
    "Cfb error",
    "Zip error",
    "Xml error",
    "I/O error",
    "slice index",
    "out of range for slice",
    "index out of bounds",
    "assertion",
    "panicked",
    "os error",
];

/// Checks that `check FILE` on the workbook fixture `relative`, copied under `name`, exits 2 and
/// says it is damaged with `why`, in no library's words.
fn said_damaged(dir: &Path, relative: &str, name: &str, why: &str) {
    let path = dir.join(name);
    std::fs::copy(fixture(relative), &path).unwrap();
    let (code, out, err) = run(&["check", arg(&path)]);
    assert_eq!(code, 2, "{relative}: {out}{err}");
    let extension = name.rsplit('.').next().unwrap();
    let damaged = format!(
        "{name}: the .{extension} file is damaged or in a form gridlogic cannot read ({why}); \
         open it in its spreadsheet program and save it again"
    );
    assert!(err.contains(&damaged), "{relative}: {err}");
    for words in LIBRARY_WORDING {
        assert!(!err.contains(words), "{relative}: '{words}' in {err}");
    }
}

#[test]
fn damaged_workbooks_are_said_in_a_persons_words() {
    let dir = scratch("messages-damaged");
    let cases = [
        // calamine panics on these (an index past a slice, a range out of bounds, an assertion):
        // the panic's text is its own business.
        (
            "invalid/corrupted-9x9.xls",
            "its records do not fit together",
        ),
        (
            "fuzz/workbook/crash-dd3ab7efad60380bc0",
            "its records do not fit together",
        ),
        (
            "invalid/slice-panic-9x9.xls",
            "its records do not fit together",
        ),
        (
            "invalid/empty-slice-panic-9x9.xls",
            "its records do not fit together",
        ),
        // sudoku-9x9.xls cut after 514 bytes (`assertion left == right failed`), and with no
        // mini allocation table for its small streams (`index out of bounds`).
        (
            "invalid/assertion-panic-9x9.xls",
            "its records do not fit together",
        ),
        (
            "invalid/index-panic-9x9.xls",
            "its records do not fit together",
        ),
        // calamine's errors, each in its words before.
        (
            "invalid/record-cut-short-9x9.xls",
            "a record of it ends early",
        ),
        (
            "invalid/unknown-sheet-type-9x9.xls",
            "it holds a record or a value gridlogic cannot make sense of",
        ),
        (
            "fuzz/workbook/corpus-dca5333cc139f758",
            "the index of its parts is broken",
        ),
        (
            "fuzz/workbook/oom-ca410bfcfc979e07",
            "the index of its parts runs in a circle, from sector 10",
        ),
    ];
    for (relative, why) in cases {
        said_damaged(&dir, relative, "book.xls", why);
    }
    let zipped = [
        (
            "fuzz/workbook/corpus-048d31d278ac65ce",
            "its zip packaging is broken or cut short",
        ),
        (
            "fuzz/workbook/corpus-8990ac899b3c6b25",
            "a compressed part of it is corrupt",
        ),
        (
            "fuzz/workbook/corpus-xlsb-9x9",
            "it lacks its part _rels/.rels",
        ),
    ];
    for (relative, why) in zipped {
        said_damaged(&dir, relative, "book.xlsx", why);
    }
}

#[test]
fn system_errors_are_said_in_words_without_their_numbers() {
    let dir = scratch("messages-system");
    let missing = dir.join("missing.csv");
    let cases = [
        (
            vec!["check", arg(&missing)],
            format!("cannot read {}: no such file", missing.display()),
        ),
        (
            vec!["solve", arg(&dir)],
            format!("cannot read {}: it is a folder, not a file", dir.display()),
        ),
        (
            vec![
                "generate",
                "-o",
                "/nonexistent-folder/puzzles.txt",
                "--seed",
                "1",
            ],
            "cannot write /nonexistent-folder/puzzles.txt: no such folder".to_string(),
        ),
        (
            vec![
                "solve",
                "fixtures/text/drawn-9x9.txt",
                "--regions",
                arg(&missing),
            ],
            format!("cannot read {}: no such file", missing.display()),
        ),
        (
            vec!["reglib", arg(&missing)],
            format!("cannot read {}: no such file", missing.display()),
        ),
    ];
    for (args, said) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
    }
    // Folders where even root makes no file (Linux): /sys refuses, /proc/sys has no such
    // entry to make.
    if Path::new("/sys/kernel").is_dir() {
        let (code, _, err) = run(&["generate", "-o", "/sys/puzzles.txt", "--seed", "1"]);
        assert_eq!(code, 2, "{err}");
        let refused = ["permission denied", "the disk is read-only"];
        assert!(refused.iter().any(|r| err.contains(r)), "{err}");
        let (code, _, err) = run(&["generate", "-o", "/proc/sys/kernel/p.txt", "--seed", "1"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("cannot write /proc/sys/kernel/p.txt: no file can be made in that folder"),
            "{err}"
        );
    }
}

/// The puzzle file and the region map (nine lines of nine letters) of a jigsaw in `dir`, and the
/// map's text.
fn jigsaw(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let line = std::fs::read_to_string(fixture("text/jigsaw-sashimi-9x9.txt")).unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let rows: Vec<&str> = (0..9).map(|r| &fields[2][r * 9..r * 9 + 9]).collect();
    let map = rows.join("\n") + "\n";
    let (puzzle_file, map_file) = (dir.join("jigsaw.txt"), dir.join("map.html"));
    std::fs::write(&puzzle_file, fields[1]).unwrap();
    std::fs::write(&map_file, &map).unwrap();
    (puzzle_file, map_file, map)
}

#[test]
fn no_output_replaces_a_file_the_command_reads_however_it_is_spelt() {
    let dir = scratch("messages-inputs");
    let (puzzle, map, text) = jigsaw(&dir);
    // The same file through another spelling, a symbolic link and a hard link.
    let spelt = dir.join(".").join("map.html");
    let symbolic = dir.join("link.html");
    let hard = dir.join("hard.html");
    std::os::unix::fs::symlink(&map, &symbolic).unwrap();
    std::fs::hard_link(&map, &hard).unwrap();
    let regions = ["--regions", arg(&map)];
    for name in [&map, &spelt, &symbolic, &hard] {
        let out = arg(name);
        for args in [
            vec!["solve", arg(&puzzle), "-o", out, "--force"],
            vec![
                "solve",
                arg(&puzzle),
                "--html",
                out,
                "--no-workbook",
                "--force",
            ],
            vec!["batch", arg(&puzzle), "-o", out, "--force"],
        ] {
            let args = [&args[..2], &regions[..], &args[2..]].concat();
            let (code, _, err) = run(&args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(
                err.contains("it is the region map (--regions), which is never written over"),
                "{args:?}: {err}"
            );
            assert_eq!(std::fs::read_to_string(&map).unwrap(), text, "{args:?}");
        }
    }
    // A region map under a PDF's name, for `print`; and `generate`'s own --regions.
    let pdf = dir.join("map.pdf");
    std::fs::copy(&map, &pdf).unwrap();
    let (code, _, err) = run(&[
        "print",
        arg(&puzzle),
        "--regions",
        arg(&pdf),
        "-o",
        arg(&pdf),
        "--force",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is the region map (--regions)"), "{err}");
    let (code, _, err) = run(&[
        "generate",
        "--regions",
        arg(&map),
        "-o",
        arg(&symbolic),
        "--force",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is the region map (--regions)"), "{err}");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), text);
    // The puzzle itself, through a link under a workbook's name.
    let book = dir.join("puzzle.xlsx");
    std::fs::copy(fixture("workbooks/sudoku-9x9.xlsx"), &book).unwrap();
    let before = std::fs::read(&book).unwrap();
    let linked = dir.join("linked.xlsx");
    std::os::unix::fs::symlink(&book, &linked).unwrap();
    let (code, _, err) = run(&["solve", arg(&book), "-o", arg(&linked), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("it is the input file, which is never written over"),
        "{err}"
    );
    assert_eq!(std::fs::read(&book).unwrap(), before);
}

#[test]
fn a_hodoku_library_line_is_named_with_the_commands_that_read_it() {
    let dir = scratch("messages-library-line");
    let cases = std::fs::read_to_string(fixture("reglib/explain-all-cases.txt")).unwrap();
    let line = cases.lines().find(|l| l.starts_with(':')).unwrap();
    let file = dir.join("case.txt");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    for command in ["check", "solve", "batch", "explain"] {
        let (code, out, err) = run(&[command, arg(&file)]);
        assert_eq!(code, 2, "{command}: {out}{err}");
        assert!(
            err.contains("case.txt: it holds a case of HoDoKu's regression library")
                && err.contains("gridlogic reglib FILE")
                && err.contains("gridlogic hint FILE"),
            "{command}: {err}"
        );
        assert!(!err.contains("no cell holds a digit"), "{err}");
    }
    // The commands it names read it.
    let (code, out, err) = run(&["hint", arg(&file)]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["reglib", arg(&file)]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_technique_that_cannot_occur_on_a_size_says_which_sizes_it_can() {
    let (code, _, err) = run(&["generate", "--technique", "x-wing", "--size", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "'x-wing' cannot occur on a 1x1 grid: gridlogic looks for it on grids from 4x4 up"
        ),
        "{err}"
    );
    assert!(!err.contains("unknown technique"), "{err}");
    let (code, _, err) = run(&["generate", "--technique", "jellyfish", "--size", "6"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "'jellyfish' cannot occur on a 6x6 grid: gridlogic looks for it on grids from 8x8 up"
        ),
        "{err}"
    );
    // A name that is no technique at all is still unknown.
    let (code, _, err) = run(&["generate", "--technique", "x-wingz", "--size", "9"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unknown technique 'x-wingz'; known: "),
        "{err}"
    );
}

#[test]
fn numbers_on_the_command_line_that_are_none_are_said_in_words() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["generate", "--count", "ten"],
            "'ten' is not a whole number (0 or more)",
        ),
        (&["generate", "--count", "0"], "ask for 1 puzzle or more"),
        (
            &[
                "solve",
                "fixtures/text/drawn-9x9.txt",
                "--max-size",
                "99999999999999999999999",
            ],
            "99999999999999999999999 is too large",
        ),
        (
            &["batch", "fixtures/text/drawn-9x9.txt", "--jobs", "2.5"],
            "'2.5' is not a whole number",
        ),
        (
            &["hint", "fixtures/text/drawn-9x9.txt", "--level", "4"],
            "'4' is not a level of detail: 1, 2 or 3",
        ),
    ];
    for (args, said) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        for words in [
            "invalid digit",
            "too large to fit in target type",
            "is not in 1..=",
        ] {
            assert!(!err.contains(words), "{args:?}: {err}");
        }
    }
}
