//! What each fuzz target does with one input: read it as gridlogic reads a file and, when it
//! reads, check and solve what it holds under a small time budget. The targets in
//! `fuzz_targets/` call these functions, and `tests/fuzz_replay.rs` calls the same ones on the
//! regression inputs in `fixtures/fuzz/`, so that every input the fuzzer once broke us with is
//! replayed by `cargo test` on stable Rust.
//!
//! An input may be refused with any error; what must never happen is a panic, an abort, a hang
//! or memory out of bounds.

use gridlogic::engine::{self, Options};
use gridlogic::model::Puzzle;
use gridlogic::read::{self, Puzzles, ReadOptions};
use gridlogic::search::{self, Deadline};
use gridlogic::shikaku;
use std::path::PathBuf;
use std::time::Duration;

/// How long one count of solutions, and one solve, may take: little, so that the fuzzer
/// runs many inputs a second.
const BUDGET: Duration = Duration::from_millis(50);

/// The largest Shikaku area solved (its solver has no deadline; reading is what is fuzzed).
const SHIKAKU_AREA: usize = 400;

/// Text, CSV, drawn grids, collections, Killers and Shikaku: whatever `gridlogic check FILE`
/// reads from a file that is not a workbook.
pub fn text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut notes = Vec::new();
    let options = ReadOptions::default();
    if let Ok(puzzles) = read::read_text_puzzles(text, "fuzz", "fuzz", &options, None, &mut notes) {
        solve_all(puzzles);
    }
}

/// A workbook's bytes, written to a file whose extension its first bytes choose (`.xls` for a
/// compound document, `.ods` or `.xlsb` for such zips, `.xlsx` for other zips), then read as
/// `gridlogic check FILE` reads it.
pub fn workbook(data: &[u8]) {
    read_workbook(data, extension(data));
}

/// Reads `data` as a workbook file with `extension`, and solves what it holds.
fn read_workbook(data: &[u8], extension: &str) {
    let path = scratch_file(extension);
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let mut notes = Vec::new();
    let read = read::read_puzzles(&path, &ReadOptions::default(), None, &mut notes);
    let _ = std::fs::remove_file(&path);
    if let Ok(puzzles) = read {
        solve_all(puzzles);
    }
}

/// The parts of a workbook's zip that [`workbook_part`] may replace: the file each comes from, and
/// the part.
pub const PARTS: [(&str, &str); 6] = [
    ("xlsx", "xl/worksheets/sheet1.xml"),
    ("xlsx", "xl/sharedStrings.xml"),
    ("xlsx", "xl/styles.xml"),
    ("xlsx", "xl/workbook.xml"),
    ("ods", "content.xml"),
    ("ods", "styles.xml"),
];

/// One XML part of a workbook: the first byte chooses a part of [`PARTS`], the rest replaces it
/// in `fixtures/workbooks/sudoku-9x9` (the zip is built anew around it, so the fuzzer mutates
/// XML rather than compressed bytes), then read as [`workbook`] reads one.
pub fn workbook_part(data: &[u8]) {
    let Some((&choice, xml)) = data.split_first() else {
        return;
    };
    let (kind, part) = PARTS[usize::from(choice) % PARTS.len()];
    let template: &[u8] = match kind {
        "xlsx" => include_bytes!("../fixtures/workbooks/sudoku-9x9.xlsx"),
        _ => include_bytes!("../fixtures/workbooks/sudoku-9x9.ods"),
    };
    if let Ok(zip) = replace_part(template, part, xml) {
        read_workbook(&zip, kind);
    }
}

/// `template`, a zip, with `part` holding `xml` (stored, uncompressed).
fn replace_part(template: &[u8], part: &str, xml: &[u8]) -> zip::result::ZipResult<Vec<u8>> {
    use std::io::{Cursor, Write};
    let mut archive = zip::ZipArchive::new(Cursor::new(template))?;
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for index in 0..archive.len() {
        let file = archive.by_index_raw(index)?;
        let name = file.name()?.to_string();
        if name == part {
            drop(file);
            let stored = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Stored);
            out.start_file(name, stored)?;
            out.write_all(xml)?;
        } else {
            out.raw_copy_file(file)?;
        }
    }
    Ok(out.finish()?.into_inner())
}

/// A pencil-mark grid or HoDoKu library line, then the hint from that state.
pub fn pencil(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(Ok(marks)) = read::pencil::parse(text, None) {
        let options = limited(marks.layout.size());
        let _ = gridlogic::hint::hint(marks, &options);
    }
}

/// Lines of HoDoKu's regression library, each run as `gridlogic reglib` runs it.
pub fn reglib(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = gridlogic::reglib::run(text, None);
    }
}

/// A region map (`--regions FILE`): labels for a grid of the size their count gives.
pub fn regions(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let labels: Vec<String> = match text.contains(',') {
        true => text
            .split([',', '\n'])
            .map(|l| l.trim().to_string())
            .collect(),
        false => text
            .lines()
            .flat_map(|l| l.trim().chars().map(String::from))
            .collect(),
    };
    let size = (1..=100).find(|n| n * n >= labels.len()).unwrap_or(100);
    if size * size == labels.len() {
        let _ = read::regions::from_labels(&labels, size);
    }
}

/// Counts and solves every puzzle read, within the budget.
fn solve_all(puzzles: Puzzles) {
    match puzzles {
        Puzzles::Sudoku(puzzles) => puzzles.iter().for_each(solve_sudoku),
        Puzzles::Shikaku(puzzles) => {
            for puzzle in puzzles
                .iter()
                .filter(|p| p.rows() * p.cols() <= SHIKAKU_AREA)
            {
                let _ = shikaku::engine::solve(puzzle, &shikaku::engine::Options::default());
            }
        }
    }
}

fn solve_sudoku(puzzle: &Puzzle) {
    let count = search::count_solutions_until(puzzle, 2, Deadline::after(BUDGET));
    if count.solutions > 0 {
        let _ = engine::solve(puzzle, &limited(puzzle.size()));
    }
}

/// Every technique, and the budget as the time limit.
fn limited(size: usize) -> Options {
    Options {
        time_limit: Some(BUDGET),
        ..Options::all(size)
    }
}

/// The extension a workbook's bytes suggest.
fn extension(data: &[u8]) -> &'static str {
    let contains = |needle: &[u8]| data.windows(needle.len()).any(|w| w == needle);
    if data.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        "xls"
    } else if contains(b"opendocument") {
        "ods"
    } else if contains(b"workbook.bin") {
        "xlsb"
    } else {
        "xlsx"
    }
}

/// A new file name of this process's in the temporary folder, with `extension` (a count tells
/// apart the files of threads that replay at once).
fn scratch_file(extension: &str) -> PathBuf {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("gridlogic-fuzz-{}-{count}.{extension}", std::process::id());
    std::env::temp_dir().join(name)
}
