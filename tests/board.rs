//! The board of the step viewer page, driven in Chromium (tests/browser/board.js) by keys,
//! clicks and the page's JavaScript API, on a 9x9 with chains, a 16x16, a jigsaw, a Killer and a
//! Sudoku-X. Every answer of the page's engine (WebAssembly) is checked against the command
//! line on the same state, the one the page's `state()` writes: its hints against `gridlogic
//! hint`, its steps against `explain --technique all`, the state after `goto(n)` against
//! `explain --grids`.

mod common;

use common::{drive_browser, fixture, json_rows, root, run, run_on_text, scratch};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A page to drive: a fixture, and the step of its solve the board starts from.
struct Case {
    name: &'static str,
    file: &'static str,
    goto: usize,
    /// Photographed, in a desktop window or a phone's.
    shots: bool,
    phone: bool,
}

const CASES: [Case; 6] = [
    Case {
        name: "chains-9x9",
        file: "text/top1465-36.txt",
        goto: 37,
        shots: true,
        phone: false,
    },
    Case {
        name: "phone-9x9",
        file: "text/top1465-36.txt",
        goto: 75,
        shots: true,
        phone: true,
    },
    Case {
        name: "hard-16x16",
        file: "text/generated-hard-16x16.txt",
        goto: 195,
        shots: true,
        phone: false,
    },
    Case {
        name: "jigsaw-9x9",
        file: "text/jigsaw-sashimi-9x9.txt",
        goto: 60,
        shots: false,
        phone: false,
    },
    Case {
        name: "killer-9x9",
        file: "text/killer-805-9x9.txt",
        goto: 60,
        shots: true,
        phone: false,
    },
    Case {
        name: "sudoku-x-9x9",
        file: "text/sudoku-x-9x9.txt",
        goto: 45,
        shots: false,
        phone: false,
    },
];

/// The default symbol of digit `d`.
fn symbol(d: usize) -> String {
    "123456789ABCDEFGHIJKLMNOP"[d - 1..d].to_string()
}

/// The candidate grid `explain --grids` draws after step `n` (n = 0: the start).
fn grid_after(file: &Path, n: usize) -> String {
    let (_, out, _) = run(&["explain", file.to_str().unwrap(), "--grids"]);
    let lines: Vec<&str> = out.lines().collect();
    let heading = match n {
        0 => 0,
        n => lines
            .iter()
            .position(|l| l.starts_with(&format!("{n}. ")))
            .unwrap_or_else(|| panic!("no step {n} in {out}")),
    };
    let start = heading + 1 + usize::from(n > 0);
    let end = lines[start..].iter().position(|l| l.is_empty()).unwrap() + start;
    lines[start..end].join("\n") + "\n"
}

/// The pencil-mark grid of a state as the page writes it: what follows `candidates:`.
fn grid_part(state: &str) -> &str {
    let at = state
        .find("candidates:\n")
        .expect("a state has its candidates");
    &state[at + "candidates:\n".len()..]
}

/// Each cell's entry in a pencil-mark grid: its digit or candidates, as written.
fn tokens(grid: &str) -> Vec<String> {
    grid.lines()
        .filter(|l| !l.chars().all(|c| "-+| ".contains(c)))
        .flat_map(|l| l.split([' ', '|']))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The moves a case makes: cells (index) and digits, each on an empty cell after the last.
struct Moves {
    typed: (usize, usize),
    pencilled: (usize, usize),
    entered: (usize, usize),
    marked: (usize, usize),
    wrong: (usize, usize),
}

/// Picks the moves from the grid at the start: digits of the solution typed and entered,
/// candidates the solution does not need taken out, and a wrong digit.
fn moves(entries: &[String], solution: &[usize]) -> Moves {
    let mut open = (0..entries.len()).filter(|&c| entries[c].chars().count() > 1);
    let typed = open.next().expect("an empty cell");
    let entered = open.next().expect("two empty cells");
    let used = [solution[typed], solution[entered]];
    // The next empty cell with a candidate that is neither its digit nor one placed above.
    let mut other = || {
        open.find_map(|cell| {
            (1..=25)
                .find(|&d| {
                    entries[cell].contains(&symbol(d)) && d != solution[cell] && !used.contains(&d)
                })
                .map(|d| (cell, d))
        })
        .expect("a candidate to take out")
    };
    Moves {
        typed: (typed, solution[typed]),
        entered: (entered, solution[entered]),
        pencilled: other(),
        marked: other(),
        wrong: other(),
    }
}

/// `r3c12`.
fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// Writes each case's page and the cases file for board.js; returns the cases' inputs.
fn prepare(dir: &Path, shots: &Path) -> (PathBuf, Vec<(PathBuf, Moves, usize)>) {
    let mut cases = Vec::new();
    let mut inputs = Vec::new();
    for case in &CASES {
        let file = fixture(case.file);
        let page = dir.join(format!("{}.html", case.name));
        let (code, _, err) = run(&[
            "solve",
            file.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let (_, out, _) = run(&["solve", file.to_str().unwrap(), "--format", "json"]);
        let document: Value = serde_json::from_str(&out).unwrap();
        let solution = json_rows(&document["solution"]);
        let n = (solution.len() as f64).sqrt() as usize;
        let grid = grid_after(&file, case.goto);
        let moves = moves(&tokens(&grid), &solution);
        let at = |(cell, _): (usize, usize)| [cell / n, cell % n];
        let [row, col] = at(moves.typed);
        let [prow, pcol] = at(moves.pencilled);
        cases.push(json!({
            "name": case.name, "page": page, "goto": case.goto, "size": n,
            "typed": [row, col, symbol(moves.typed.1)],
            "pencilled": [prow, pcol, symbol(moves.pencilled.1)],
            "entered": [cell_name(moves.entered.0, n), moves.entered.1],
            "marked": [cell_name(moves.marked.0, n), moves.marked.1],
            "wrong": [cell_name(moves.wrong.0, n), moves.wrong.1],
            "shots": case.shots.then_some(shots), "phone": case.phone,
        }));
        inputs.push((file, moves, n));
    }
    let cases_file = dir.join("cases.json");
    std::fs::write(&cases_file, serde_json::to_string(&cases).unwrap()).unwrap();
    (cases_file, inputs)
}

#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (npm ci --prefix tests/browser; then touch build.rs)"
)]
#[cfg_attr(
    no_engine,
    ignore = "needs the page's engine: rustup target add wasm32-unknown-unknown, then touch build.rs"
)]
fn the_board_answers_as_the_command_line() {
    let dir = scratch("board");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let (cases_file, inputs) = prepare(&dir, &shots);
    let results: Vec<Value> =
        serde_json::from_value(drive_browser("board.js", &cases_file)).unwrap();
    for ((case, (file, moves, n)), page) in CASES.iter().zip(&inputs).zip(&results) {
        check(case, file, moves, *n, page, &dir);
    }
}

/// Checks one case's answers (see the file's documentation).
fn check(case: &Case, file: &Path, moves: &Moves, n: usize, page: &Value, dir: &Path) {
    let name = case.name;
    let text = |field: &str| {
        page[field]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: {field}"))
    };
    assert_eq!(page["errors"], json!([]), "{name}: console errors");
    assert_eq!(
        page["requests"],
        json!([]),
        "{name}: the page asked the network"
    );
    // goto(n), then state(): the grid after step n.
    assert_eq!(
        grid_part(text("goto_state")),
        grid_after(file, case.goto),
        "{name}"
    );
    // The keys, clicks and API calls landed where they were aimed.
    let state = text("state");
    let after = tokens(grid_part(state));
    let written = |(cell, digit): (usize, usize)| after[cell] == symbol(digit);
    let taken = |(cell, digit): (usize, usize)| !after[cell].contains(&symbol(digit));
    assert!(
        written(moves.typed) && written(moves.entered),
        "{name}: {state}"
    );
    assert!(
        taken(moves.pencilled) && taken(moves.marked),
        "{name}: {state}"
    );
    assert!(text("label").starts_with("Your grid"), "{name}");
    // Hints at each level: what `gridlogic hint` says on the same state.
    for level in 1..=3 {
        let native = run_on_text(dir, state, &["hint", "--level", &level.to_string()]);
        assert_eq!(
            page["hints"][level - 1],
            native.trim(),
            "{name}: level {level}"
        );
    }
    // Levels 1 and 2 outline where to look (a house, the pattern's cells); level 3 draws all.
    assert!(
        page["looked_1"].as_u64().unwrap() > 0,
        "{name}: level 1 outlines nothing"
    );
    assert!(
        page["looked_2"].as_u64().unwrap() > 0,
        "{name}: level 2 outlines nothing"
    );
    assert_eq!(page["looked_3"].as_u64(), Some(0), "{name}");
    let drawn = &page["drawn"];
    assert!(
        drawn["technique"].as_str().unwrap().starts_with("Hint: "),
        "{name}"
    );
    let marks = drawn["eliminated"].as_u64().unwrap() + drawn["placed"].as_u64().unwrap();
    assert!(marks > 0, "{name}: the level 3 hint is drawn");
    assert_eq!(
        drawn["entered"].as_u64(),
        Some(2),
        "{name}: the digits entered"
    );
    // Every step available: what `explain --technique all` lists on the same state.
    let native = run_on_text(
        dir,
        state,
        &["explain", "--technique", "all", "--format", "json"],
    );
    let native: Value = serde_json::from_str(&native).unwrap();
    assert_eq!(page["steps"], native["steps"], "{name}: steps()");
    check_listing(name, page);
    // A wrong digit is named by the hint and by the check, and outlined; undo takes it back.
    let (cell, digit) = moves.wrong;
    let named = format!("{} should not be {}", cell_name(cell, n), symbol(digit));
    assert!(
        text("wrong_hint").contains(&named),
        "{name}: {}",
        text("wrong_hint")
    );
    assert!(text("check").contains(&named), "{name}: {}", text("check"));
    assert!(page["wrong_outlined"].as_u64().unwrap() >= 1, "{name}");
    assert_eq!(text("undo_state"), state, "{name}: undo");
    eprintln!(
        "{name}: engine ready in {} ms; hints {:?} ms; {} steps listed in {:.0} ms",
        page["ready_ms"],
        page["hint_ms"],
        page["steps"].as_array().unwrap().len(),
        page["steps_ms"].as_f64().unwrap()
    );
}

/// The listing a person opens holds the same steps, technique by technique, in order.
fn check_listing(name: &str, page: &Value) {
    let steps = page["steps"].as_array().unwrap();
    let mut techniques: Vec<(String, u64)> = Vec::new();
    for step in steps {
        let technique = step["technique"].as_str().unwrap().to_string();
        match techniques.last_mut() {
            Some((last, count)) if *last == technique => *count += 1,
            _ => techniques.push((technique, 1)),
        }
    }
    let listed: Vec<(String, u64)> = page["listed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| {
            let title = group[0].as_str().unwrap();
            let technique = title[..title.rfind(" (").unwrap()].to_string();
            (technique, group[1].as_u64().unwrap())
        })
        .collect();
    assert_eq!(listed, techniques, "{name}: the listing");
    if !listed.is_empty() {
        let picked = page["picked"].as_str().unwrap();
        assert_eq!(picked, format!("Available here: {}", listed[0].0), "{name}");
    }
}
