//! One level everywhere: for puzzles of every level and several shapes, the level each output
//! shows (the titles of `print`'s PDF read back by `pdftotext`, `batch`'s CSV, the annotated
//! workbook read back by calamine, the step viewer page's data, and `generate`'s text, CSV,
//! workbook, PDF and messages) is the level `solve --format json` gives the same puzzle under
//! the same `--rating`; and on classic 9x9 puzzles, by default and with `--rating hodoku`, that
//! level is HoDoKu 2.2.0's own, published in `fixtures/samples/hodoku_ratings_sample.txt`. The
//! Python package is compared with `solve` in `python/tests`. Without poppler-utils the PDFs are
//! not read (`no_poppler`, build.rs), and under CI that fails.

use crate::common::{fixture, run, scratch};
use calamine::{Data, Reader, Xlsx, open_workbook};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Lines of the HoDoKu sample, each puzzle followed by HoDoKu's level and score: Easy, Medium,
/// Hard, Unfair, Hard, Extreme, and Extreme with brute force. gridlogic's own solve rates
/// lines 15, 38 and 53 a level higher than HoDoKu does.
const CLASSIC_LINES: [usize; 7] = [3, 15, 38, 42, 53, 50, 31];

/// Every `--rating`, the default first.
const RATINGS: [Option<&str>; 4] = [None, Some("hodoku"), Some("gridlogic"), Some("se")];

/// The levels' names.
const LEVELS: [&str; 5] = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];

/// `path` as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs gridlogic with `args` and `--rating rating` (none for the default), expecting exit code
/// 0; returns standard output and standard error.
fn gridlogic(args: &[&str], rating: Option<&str>) -> (String, String) {
    let mut all = args.to_vec();
    all.extend(rating.iter().flat_map(|r| ["--rating", r]));
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {out}{err}");
    (out, err)
}

/// The level word a text starts with (`Medium, score 696 (HoDoKu 2.2.0)` → `Medium`).
fn level_in(text: &str) -> String {
    let word: String = text.chars().take_while(char::is_ascii_alphabetic).collect();
    assert!(LEVELS.contains(&word.as_str()), "no level in {text:?}");
    word
}

/// The level after each `marker` in `text`, in order (`level ` in `…, level Hard, score 1190`).
fn levels_after(text: &str, marker: &str) -> Vec<String> {
    text.match_indices(marker)
        .map(|(at, _)| level_in(&text[at + marker.len()..]))
        .collect()
}

/// The level of each puzzle of `input` in `solve --format json`.
fn json_levels(input: &Path, rating: Option<&str>) -> Vec<String> {
    let args = ["solve", arg(input), "--format", "jsonl", "--no-workbook"];
    let (out, _) = gridlogic(&args, rating);
    out.lines()
        .map(|line| {
            let document: Value = serde_json::from_str(line).unwrap();
            document["rating"]["level"].as_str().unwrap().to_string()
        })
        .collect()
}

/// The level in the title of each puzzle of a booklet of `input` printed by `print`.
fn print_levels(input: &Path, rating: Option<&str>, dir: &Path) -> Vec<String> {
    let pdf = dir.join("print.pdf");
    gridlogic(&["print", arg(input), "-o", arg(&pdf), "--force"], rating);
    booklet_levels(&pdf)
}

/// The level in the title of each puzzle of the booklet `pdf` (`Puzzle 3 · Hard`), in the order
/// of their numbers, read by `pdftotext` from its puzzle pages (the solutions pages repeat the
/// titles; the order of the slots of a page as read may not be theirs).
fn booklet_levels(pdf: &Path) -> Vec<String> {
    let text = pdftotext(pdf);
    let puzzles = &text[..text.find("Solutions").expect("a solutions page")];
    let mut titled = std::collections::BTreeMap::new();
    for (at, _) in puzzles.match_indices("Puzzle ") {
        let title = puzzles[at..].lines().next().unwrap();
        let number: String = title["Puzzle ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let level = levels_after(title, " · ")
            .pop()
            .expect("a level in the title");
        titled.insert(number.parse::<usize>().unwrap(), level);
    }
    assert!(titled.keys().copied().eq(1..=titled.len()), "{titled:?}");
    titled.into_values().collect()
}

/// The text of `pdf`, by `pdftotext`.
fn pdftotext(pdf: &Path) -> String {
    let output = Command::new("pdftotext").args([arg(pdf), "-"]).output();
    let output = output.expect("pdftotext runs");
    assert!(output.status.success(), "pdftotext {}", pdf.display());
    String::from_utf8(output.stdout).unwrap()
}

/// The `level` column of `batch`'s CSV of `input`.
fn batch_levels(input: &Path, rating: Option<&str>, dir: &Path) -> Vec<String> {
    let csv = dir.join("batch.csv");
    gridlogic(&["batch", arg(input), "-o", arg(&csv), "--force"], rating);
    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let column = reader.headers().unwrap().iter().position(|h| h == "level");
    let column = column.expect("a level column");
    let rows = reader.records().map(|row| row.unwrap()[column].to_string());
    rows.collect()
}

/// The text right of the first cell that reads `label` on any sheet of the workbook at `path`.
fn beside(path: &Path, label: &str) -> String {
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    for name in book.sheet_names() {
        let range = book.worksheet_range(&name).unwrap();
        for (row, col, cell) in range.used_cells() {
            if cell == &Data::String(label.to_string()) {
                let (top, left) = range.start().unwrap();
                let at = (top as usize + row, left as usize + col + 1);
                let value = range.get_value((at.0 as u32, at.1 as u32));
                return value.map_or(String::new(), ToString::to_string);
            }
        }
    }
    panic!("no cell reads {label:?} in {}", path.display())
}

/// The text of the row labelled `label` of the summary in the data of the step viewer page at
/// `path`.
fn page_summary(path: &Path, label: &str) -> String {
    let page = std::fs::read_to_string(path).unwrap();
    let start = page.find(r#"<script type="application/json" id="data">"#);
    let from = &page[start.expect("the page's data")..];
    let json = &from[from.find('>').unwrap() + 1..from.find("</script>").unwrap()];
    let data: Value = serde_json::from_str(json).unwrap();
    let rows = data["summary"].as_array().unwrap();
    let row = rows.iter().find(|row| row[0] == label);
    row.expect("a summary row")[1].as_str().unwrap().to_string()
}

/// The level of the one puzzle in `input` as `solve --format json` gives it, and as the
/// workbook and the page the same `solve` writes show it.
fn solve_outputs(input: &Path, rating: Option<&str>, dir: &Path) -> [String; 3] {
    let (book, page) = (dir.join("solved.xlsx"), dir.join("solved.html"));
    let args = ["solve", arg(input), "--format", "json", "-o", arg(&book)];
    let (out, _) = gridlogic(
        &[&args[..], &["--html", arg(&page), "--force"]].concat(),
        rating,
    );
    let document: Value = serde_json::from_str(&out).unwrap();
    let level = document["rating"]["level"].as_str().unwrap().to_string();
    [
        level,
        level_in(&beside(&book, "Level")),
        level_in(&page_summary(&page, "Level")),
    ]
}

/// Checks every output of `solve`, `print` and `batch` against `solve --format json` for the
/// puzzles of `input` under `rating`; returns the levels.
fn every_output_agrees(input: &Path, rating: Option<&str>, dir: &Path) -> Vec<String> {
    let levels = json_levels(input, rating);
    let name = format!("{} with --rating {rating:?}", input.display());
    assert_eq!(print_levels(input, rating, dir), levels, "print, {name}");
    assert_eq!(batch_levels(input, rating, dir), levels, "batch, {name}");
    let text = std::fs::read_to_string(input).unwrap();
    let puzzles = text.lines().filter(|l| !l.starts_with('#'));
    for (i, (line, level)) in puzzles.zip(&levels).enumerate() {
        let single = dir.join("single.txt");
        std::fs::write(&single, format!("{line}\n")).unwrap();
        let [json, book, page] = solve_outputs(&single, rating, dir);
        assert_eq!(
            [&json, &book, &page],
            [level; 3],
            "puzzle {}, {name}",
            i + 1
        );
    }
    levels
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftotext; .ci/run installs them, then touch build.rs)"
)]
fn classic_puzzles_show_one_level_in_every_output_under_every_rating() {
    let dir = scratch("levels-classic");
    let sample = std::fs::read_to_string(fixture("samples/hodoku_ratings_sample.txt")).unwrap();
    let lines: Vec<&str> = sample.lines().collect();
    let chosen: Vec<&str> = CLASSIC_LINES.iter().map(|&n| lines[n - 1]).collect();
    let input = dir.join("classic.txt");
    let puzzles: String = chosen.iter().map(|l| format!("{}\n", &l[..81])).collect();
    std::fs::write(&input, puzzles).unwrap();
    let published: Vec<String> = chosen.iter().map(|l| level_in(&l[82..])).collect();
    for rating in RATINGS {
        let levels = every_output_agrees(&input, rating, &dir);
        match rating {
            Some("gridlogic") => assert_ne!(levels, published, "gridlogic's own differ"),
            _ => assert_eq!(levels, published, "HoDoKu's levels, --rating {rating:?}"),
        }
    }
    // With Sudoku Explainer's rating, each title also holds its ER as `solve` gives it.
    let pdf = dir.join("explainer.pdf");
    gridlogic(&["print", arg(&input), "-o", arg(&pdf)], Some("se"));
    let text = pdftotext(&pdf);
    let args = ["solve", arg(&input), "--format", "jsonl", "--no-workbook"];
    let (out, _) = gridlogic(&args, Some("se"));
    for (i, (line, level)) in out.lines().zip(&published).enumerate() {
        let document: Value = serde_json::from_str(line).unwrap();
        let er = document["se_rating"]["er"].as_f64().unwrap();
        let title = format!("Puzzle {} · {level}, ER {er:.1}", i + 1);
        assert!(text.contains(&title), "{title}: {text}");
    }
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftotext; .ci/run installs them, then touch build.rs)"
)]
fn a_16x16_a_jigsaw_and_a_killer_show_one_level_in_every_output() {
    let dir = scratch("levels-shapes");
    for name in [
        "generated-hard-16x16.txt",
        "jigsaw-sashimi-9x9.txt",
        "killer-805-9x9.txt",
    ] {
        let input = fixture(&format!("text/{name}"));
        for rating in [None, Some("gridlogic")] {
            let levels = json_levels(&input, rating);
            let name = format!("{name} with --rating {rating:?}");
            assert_eq!(print_levels(&input, rating, &dir), levels, "print, {name}");
            assert_eq!(batch_levels(&input, rating, &dir), levels, "batch, {name}");
            let [json, book, page] = solve_outputs(&input, rating, &dir);
            assert_eq!([&json, &book, &page], [&levels[0]; 3], "{name}");
        }
    }
}

/// The level in each line of `text` that starts with `start(i)` for puzzle `i` (from 1), in
/// order: `# 2: 9x9, …, level Hard, score 1190, …` in the text, `puzzle 2: …` in the messages.
fn levels_of_lines(text: &str, start: impl Fn(usize) -> String) -> Vec<String> {
    let mut levels = Vec::new();
    for line in text.lines() {
        if line.starts_with(&start(levels.len() + 1)) {
            levels.extend(levels_after(line, ", level "));
        }
    }
    levels
}

/// Generates `count` puzzles with `args` into each kind of output and checks the level each
/// shows against `solve --format json` of the text written: the comment lines of the text, the
/// messages, the titles of the workbook's puzzle sheets and of the PDF's puzzles; and the first
/// puzzle alone as a CSV grid and its message.
fn generated_levels_agree(count: usize, args: &[&str], dir: &Path) {
    let generate = |count: usize, output: &Path| {
        let count = count.to_string();
        let all = [&["generate", "--count", &count], args].concat();
        gridlogic(&[&all[..], &["-o", arg(output), "--force"]].concat(), None).1
    };
    let said = |text: &str| levels_of_lines(text, |i| format!("puzzle {i}: "));
    let text = dir.join("generated.txt");
    let messages = generate(count, &text);
    let levels = json_levels(&text, None);
    assert_eq!(levels.len(), count);
    let written = std::fs::read_to_string(&text).unwrap();
    let comments = levels_of_lines(&written, |i| format!("# {i}: "));
    assert_eq!(comments, levels, "{args:?}: text");
    assert_eq!(said(&messages), levels, "{args:?}: messages");
    let book = dir.join("generated.xlsx");
    assert_eq!(said(&generate(count, &book)), levels, "{args:?}: messages");
    let mut workbook: Xlsx<_> = open_workbook(&book).unwrap();
    for (i, level) in levels.iter().enumerate() {
        let sheet = match count {
            1 => "Puzzle".to_string(),
            _ => format!("Puzzle {}", i + 1),
        };
        let range = workbook.worksheet_range(&sheet).unwrap();
        let title = range.get_value((0, 1)).unwrap().to_string();
        let titled = levels_after(&title, "level ");
        assert_eq!(titled, std::slice::from_ref(level), "{args:?}: {sheet}");
    }
    let pdf = dir.join("generated.pdf");
    generate(count, &pdf);
    assert_eq!(booklet_levels(&pdf), levels, "{args:?}: PDF");
    let grid = dir.join("generated.csv");
    let messages = generate(1, &grid);
    assert_eq!(said(&messages), json_levels(&grid, None), "{args:?}: CSV");
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftotext; .ci/run installs them, then touch build.rs)"
)]
fn generated_puzzles_show_the_level_solve_shows_in_every_output() {
    let dir = scratch("levels-generate");
    // Seed 3's six puzzles: Medium, Extreme, Easy, Easy, Unfair and Unfair by HoDoKu's rating;
    // gridlogic's own rates the last two Extreme.
    for (count, args) in [
        (6, &["--seed", "3"][..]),
        (3, &["--seed", "5", "--difficulty", "hard"]),
        (2, &["--seed", "4", "--jigsaw"]),
        (2, &["--seed", "1", "--killer"]),
        (1, &["--seed", "7", "--size", "16"]),
    ] {
        generated_levels_agree(count, args, &dir);
    }
}
