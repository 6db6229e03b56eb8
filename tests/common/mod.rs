//! Shared test helpers: locating ../shared, an independent brute-force solution counter, and the
//! builders of the workbook fixtures in `fixtures/workbooks/`.

// Shared with benches/giant.rs (which includes the file): each uses its own part of it.
#[allow(dead_code)]
pub mod giant;
pub mod workbooks;

use std::path::PathBuf;
use std::sync::RwLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh, empty scratch folder for one test (`name`) of this process, removed with what it
/// holds when the value is dropped. Each call has its own folder (numbered), since the tests of
/// every file run at once in one process and some ask for the same name.
pub fn scratch(name: &str) -> Scratch {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gridlogic-{name}-{}-{call}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A scratch folder (see [`scratch`]); it derefs to its path.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The crate root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture path.
pub fn fixture(relative: &str) -> PathBuf {
    root().join("fixtures").join(relative)
}

/// `../shared/<relative>`. When it is missing, a test that needs it fails under CI (the
/// environment variable `CI` is set, as `.ci/run` sets it) and otherwise skips with a message
/// (`None`), so that a developer without the datasets can still run the suite.
pub fn shared(relative: &str) -> Option<PathBuf> {
    let path = root().join("../shared").join(relative);
    match (path.exists(), std::env::var_os("CI").is_some()) {
        (true, _) => Some(path),
        (false, true) => panic!(
            "{} is missing, and under CI (CI is set) a test that needs ../shared fails",
            path.display()
        ),
        (false, false) => {
            eprintln!(
                "SKIPPED: {} is not available (under CI this fails)",
                path.display()
            );
            None
        }
    }
}

/// Counts solutions (up to `limit`) of a grid by plain backtracking, written independently of the
/// library: `givens` row-major with 0 for empty, `region_of` one region number per cell.
pub fn brute_force_count(givens: &[u8], size: usize, region_of: &[usize], limit: usize) -> usize {
    fn fits(grid: &[u8], size: usize, region_of: &[usize], cell: usize, v: u8) -> bool {
        let (r, c) = (cell / size, cell % size);
        (0..size * size).all(|other| {
            other == cell
                || grid[other] != v
                || (other / size != r && other % size != c && region_of[other] != region_of[cell])
        })
    }
    fn go(grid: &mut Vec<u8>, size: usize, region_of: &[usize], limit: usize) -> usize {
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut found = 0;
        for v in 1..=size as u8 {
            if fits(grid, size, region_of, cell, v) {
                grid[cell] = v;
                found += go(grid, size, region_of, limit - found);
                grid[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
    let consistent = (0..size * size)
        .all(|cell| givens[cell] == 0 || fits(givens, size, region_of, cell, givens[cell]));
    if !consistent {
        return 0;
    }
    go(&mut givens.to_vec(), size, region_of, limit)
}

/// Region numbers of r×c boxes in a grid of `size`.
pub fn box_regions(size: usize, rows: usize, cols: usize) -> Vec<usize> {
    (0..size * size)
        .map(|cell| (cell / size) / rows * (size / cols) + (cell % size) / cols)
        .collect()
}

/// Region numbers from letters, in order of first appearance.
pub fn letter_regions(labels: &str) -> Vec<usize> {
    let mut seen: Vec<char> = Vec::new();
    labels
        .chars()
        .map(|c| {
            if !seen.contains(&c) {
                seen.push(c);
            }
            seen.iter().position(|&s| s == c).unwrap()
        })
        .collect()
}

/// Values of a collection line (`.` empty, `1-9A-Z`), 0 for empty.
pub fn line_values(line: &str) -> Vec<u8> {
    const ALPHABET: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    line.chars()
        .map(|c| ALPHABET.find(c).map_or(0, |i| i as u8 + 1))
        .collect()
}

/// JSON rows of numbers, as `solve --format json` writes a grid or a region map, row by row.
pub fn json_rows(rows: &serde_json::Value) -> Vec<usize> {
    let rows = rows.as_array().expect("rows");
    rows.iter()
        .flat_map(|row| row.as_array().expect("a row").iter())
        .map(|v| v.as_u64().expect("a number") as usize)
        .collect()
}

/// Runs the gridlogic binary; returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gridlogic"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Binds insta to the top-level `snapshots/` folder for the rest of the calling scope.
pub fn snapshots() -> insta::internals::SettingsBindDropGuard {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind_to_scope()
}

/// The rows of a CSV with a header, each as column name → value.
pub fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().expect("a header").clone();
    reader
        .records()
        .map(|record| {
            let record = record.expect("a whole CSV row");
            header
                .iter()
                .zip(record.iter())
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect()
        })
        .collect()
}

/// Runs `gridlogic COMMAND FILE REST…` (`args` is `[COMMAND, REST…]`) on `text` written to a
/// file in `dir`; its standard output.
pub fn run_on_text(dir: &std::path::Path, text: &str, args: &[&str]) -> String {
    let file = dir.join("input.txt");
    std::fs::write(&file, text).unwrap();
    let mut all = vec![args[0], file.to_str().unwrap()];
    all.extend(&args[1..]);
    run(&all).1
}

/// What other browsers a driver may run beside.
#[derive(Clone, Copy)]
pub enum Company {
    /// Other drivers' browsers, as many as the tests' threads run: the drivers that step and
    /// click pages mostly wait on the browser, and check what it shows, not how soon.
    Shared,
    /// None: the driver times the page's answers (the other tests still run beside it).
    Alone,
}

/// Runs the browser driver `tests/browser/SCRIPT` on the cases file `cases`, in the `company`
/// it allows; the JSON it prints.
pub fn drive_browser(script: &str, cases: &std::path::Path, company: Company) -> serde_json::Value {
    static BROWSERS: RwLock<()> = RwLock::new(());
    let _shared;
    let _alone;
    match company {
        Company::Shared => _shared = BROWSERS.read().unwrap_or_else(|e| e.into_inner()),
        Company::Alone => _alone = BROWSERS.write().unwrap_or_else(|e| e.into_inner()),
    }
    let output = std::process::Command::new("node")
        .arg(root().join("tests/browser").join(script))
        .arg(cases)
        .current_dir(root())
        .output()
        .expect("node runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{script}: {stderr}");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{script}: {e}: {stderr}"))
}

/// A grid as CSV, numbers 1..n, empty cells empty.
pub fn csv(grid: &gridlogic::model::Grid) -> String {
    let n = grid.size();
    grid.values()
        .chunks(n)
        .map(|row| {
            row.iter()
                .map(|&v| match v {
                    0 => String::new(),
                    v => v.to_string(),
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// HoDoKu's exemplars (`../shared/datasets/hodoku/exemplars-1.0-dev.txt`) that have one
/// solution, each chosen for a technique; `None` when ../shared is absent.
pub fn hodoku_exemplars() -> Option<Vec<gridlogic::model::Puzzle>> {
    use gridlogic::read::{ReadOptions, read_text};
    let text = std::fs::read_to_string(shared("datasets/hodoku/exemplars-1.0-dev.txt")?).unwrap();
    let lines: String = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("{}\n", l.split_whitespace().next().unwrap()))
        .collect();
    let puzzles = read_text(&lines, "exemplars", &ReadOptions::default())
        .unwrap()
        .puzzles;
    assert!(puzzles.len() > 100, "{}", puzzles.len());
    let unique = puzzles
        .into_iter()
        .filter(|p| gridlogic::search::count_solutions(p, 2).solutions == 1);
    Some(unique.collect())
}

/// The rows of a marked fixture (`fixtures/NAME`) after its header line `N N`: the grid's N,
/// then any bar masks, each a list of its tokens.
pub fn marked_rows(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let is_header = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        matches!(words[..], [a, b] if a == b && a.parse::<usize>().is_ok())
    };
    let rows = text.lines().skip_while(|l| !is_header(l)).skip(1);
    rows.map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Each layout's 9x9 grids by their top-left corners (zero-based), as the README describes them
/// and the published solutions show (every 9x9 block there that is a Sudoku), kept here apart
/// from the library's table.
pub fn overlap_corners(layout: &str) -> Vec<(usize, usize)> {
    let rows = |rows: &[(usize, &[usize])]| -> Vec<(usize, usize)> {
        rows.iter()
            .flat_map(|&(r, cols)| cols.iter().map(move |&c| (r, c)))
            .collect()
    };
    match layout {
        "samurai" => rows(&[(0, &[0, 12]), (6, &[6]), (12, &[0, 12])]),
        "butterfly" => rows(&[(0, &[0, 3]), (3, &[0, 3])]),
        "windmill" => vec![(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)],
        "sohei" => rows(&[(0, &[6]), (6, &[0, 12]), (12, &[6])]),
        "gattai-8" => rows(&[(0, &[0, 12, 24]), (6, &[6, 18]), (12, &[0, 12, 24])]),
        "sumo" => rows(&[
            (0, &[0, 12, 24]),
            (6, &[6, 18]),
            (12, &[0, 12, 24]),
            (18, &[6, 18]),
            (24, &[0, 12, 24]),
        ]),
        "shogun" => rows(&[
            (0, &[0, 12, 24, 36]),
            (6, &[6, 18, 30]),
            (12, &[0, 12, 24, 36]),
        ]),
        other => panic!("no layout {other}"),
    }
}

/// The digits of page `page` (from 0) of `pdf`'s text, read by pdftotext, its title and page
/// number left out, sorted.
pub fn printed_digits(pdf: &std::path::Path, page: usize) -> Vec<char> {
    let output = std::process::Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext runs");
    let text = String::from_utf8(output.stdout).unwrap();
    let page = text.split('\u{c}').nth(page).unwrap().to_string();
    let mut digits: Vec<char> = (page.lines())
        .filter(|l| !l.contains("Puzzle") && !l.contains('/'))
        .flat_map(str::chars)
        .filter(char::is_ascii_digit)
        .collect();
    digits.sort_unstable();
    digits
}
