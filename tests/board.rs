//! The board of the step viewer page, driven in Chromium by keys, clicks and the page's
//! JavaScript API:
//!
//! - on a 9x9 with chains, a 16x16, a jigsaw, a Killer and a Sudoku-X (tests/browser/board.js),
//!   every answer of the page's engine (WebAssembly, in a worker) is checked against the command
//!   line on the same state, the one the page's `state()` writes: its hints against `gridlogic
//!   hint`, its steps against `explain --technique all`, the state after `goto(n)` against
//!   `explain --grids`;
//! - every cell of a 9x9 and of a 16x16 is clicked by its screen position at five common window
//!   sizes, a phone's by touch, and must be the cell the page selects (tests/browser/clicks.js);
//! - while the engine lists every step of a 25x25 and solves an empty one, the page answers
//!   every ping within 100 ms and every click, shows Stop and stops; a request over its budget
//!   of work answers with the message that names the command line (tests/browser/ping.js).
//!
//! The last times the page's answers: no other browser runs while it does (`Company::Alone`).

use crate::common::{Company, drive_browser, fixture, json_rows, root, run, run_on_text, scratch};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The most steps the page's engine lists at once (`MOST_LISTED` in wasm/src/lib.rs).
const MOST_LISTED: usize = 2000;

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
        serde_json::from_value(drive_browser("board.js", &cases_file, Company::Shared)).unwrap();
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
    let (listed, every) = (
        page["steps"].as_array().unwrap(),
        native["steps"].as_array().unwrap(),
    );
    assert_eq!(
        listed.len(),
        every.len().min(MOST_LISTED),
        "{name}: steps()"
    );
    assert_eq!(listed[..], every[..listed.len()], "{name}: steps()");
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

/// The window sizes the board is clicked at: `(name, width, height, touch)`.
const WINDOWS: [(&str, u32, u32, bool); 5] = [
    ("1280x800", 1280, 800, false),
    ("1366x768", 1366, 768, false),
    ("1920x1080", 1920, 1080, false),
    ("1024x768", 1024, 768, false),
    ("phone-390x844", 390, 844, true),
];

/// Writes the page of `file` (a fixture) into `dir` as `name.html`.
fn page_of(dir: &Path, name: &str, file: &Path) -> PathBuf {
    let page = dir.join(format!("{name}.html"));
    let (code, _, err) = run(&[
        "solve",
        file.to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    page
}

/// Every cell of a 9x9 and of a 16x16, clicked (tapped on the phone) by its place on the screen,
/// is the cell the page selects, at each of the [`WINDOWS`]: the grid's square drawing sits in
/// a box of another shape at most of them (centred, with margins), and a 16x16 scrolls.
#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (npm ci --prefix tests/browser; then touch build.rs)"
)]
fn every_cell_takes_its_own_click_at_common_window_sizes() {
    let dir = scratch("board-clicks");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let pages = json!({
        "9x9": {"page": page_of(&dir, "9x9", &fixture("text/top1465-36.txt")), "size": 9},
        "16x16": {"page": page_of(&dir, "16x16", &fixture("text/generated-hard-16x16.txt")), "size": 16},
    });
    let windows: Vec<Value> = WINDOWS
        .iter()
        .map(|(name, width, height, touch)| {
            json!({"name": name, "width": width, "height": height, "touch": touch})
        })
        .collect();
    let cases = dir.join("clicks.json");
    let case = json!({"pages": pages, "windows": windows, "shots": shots});
    std::fs::write(&cases, case.to_string()).unwrap();
    let results = drive_browser("clicks.js", &cases, Company::Shared);
    let results = results.as_array().unwrap();
    assert_eq!(results.len(), WINDOWS.len() * 2);
    for result in results {
        let at = format!("{} at {}", result["page"], result["window"]);
        assert_eq!(result["errors"], json!([]), "{at}: console errors");
        assert_eq!(
            result["overflow"], 0,
            "{at}: the page is wider than the window"
        );
        let selected = result["selected"].as_array().unwrap();
        let wrong: Vec<String> = selected
            .iter()
            .enumerate()
            .filter(|(cell, got)| got.as_u64() != Some(*cell as u64))
            .map(|(cell, got)| format!("{cell} selected {got}"))
            .collect();
        assert!(
            wrong.is_empty(),
            "{at}: {} of {} cells took another's click: {wrong:?}",
            wrong.len(),
            selected.len()
        );
        eprintln!(
            "{at}: {} cells clicked in {} ms",
            selected.len(),
            result["ms"]
        );
        if let Some(shot) = result["shot"].as_str() {
            eprintln!("{at}: screenshot {shot}");
        }
    }
}

/// While the page's engine lists every step of the first Alphadoku (25x25) and solves an empty
/// 25x25 (neither ends soon), the page answers every ping within 100 ms and every click on a
/// cell, and shows Stop; Stop ends the work (the listing says it stopped, the solve's promise
/// rejects "Stopped.") and the engine answers the next hint. The same solve left alone runs out
/// of its budget of work and answers with the message naming the command that has no limit.
#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (npm ci --prefix tests/browser; then touch build.rs)"
)]
#[cfg_attr(
    no_engine,
    ignore = "needs the page's engine: rustup target add wasm32-unknown-unknown, then touch build.rs"
)]
fn the_engine_never_holds_up_the_page() {
    let dir = scratch("board-ping");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let alphadoku = std::fs::read_to_string(fixture("samples/alphadoku_2.txt")).unwrap();
    let first = dir.join("alphadoku-1.txt");
    std::fs::write(&first, format!("{}\n", alphadoku.lines().next().unwrap())).unwrap();
    let page = page_of(&dir, "alphadoku-1", &first);
    let empty = format!("{}\n", ".".repeat(625));
    let case = json!({"page": page, "empty": empty, "shots": shots, "pinging": 3000});
    let cases = dir.join("ping.json");
    std::fs::write(&cases, case.to_string()).unwrap();
    let out = drive_browser("ping.js", &cases, Company::Alone);
    assert_eq!(out["errors"], json!([]), "console errors: {out}");
    assert_eq!(out["requests"], json!([]), "network requests: {out}");
    // The panel beside the 25x25 (its keypad of 25 keys too) fits in the window.
    assert_eq!(
        out["overflow"], 0,
        "the page is wider than the window: {out}"
    );
    for phase in ["listing", "solve", "budget"] {
        let pings = &out[phase]["pings"];
        let slowest = pings["slowest"].as_u64().unwrap();
        assert!(slowest < 100, "{phase}: a ping took {slowest} ms: {out}");
        assert!(pings["count"].as_u64() > Some(10), "{phase}: {out}");
        eprintln!(
            "{phase}: {} pings, the slowest answered in {slowest} ms",
            pings["count"]
        );
    }
    for phase in ["listing", "solve"] {
        let clicked = out[phase]["clicked"].as_array().unwrap();
        assert!(!clicked.is_empty(), "{phase}: {out}");
        assert!(
            clicked.iter().all(|c| c == true),
            "{phase}: a click missed: {out}"
        );
    }
    // The listing ends at the most steps a listing holds, saying so.
    let listing = &out["listing"];
    let count = listing["count"].as_str().unwrap();
    assert!(
        count.starts_with(&format!("{MOST_LISTED} steps,"))
            && count.ends_with(&format!(
                "the first {MOST_LISTED}, more not listed (the command line lists them all)"
            )),
        "{count}"
    );
    eprintln!(
        "every step of the 25x25: {count} in {} ms; screenshot {}",
        listing["ms"], listing["shot"]
    );
    let solve = &out["solve"];
    assert_eq!(solve["stop_shown"], true, "Stop shows: {solve}");
    assert_eq!(solve["stop_hidden"], true, "Stop goes: {solve}");
    assert_eq!(solve["answer"], "Stopped.", "{out}");
    eprintln!("the solve, Stop showing: screenshot {}", solve["shot"]);
    let hint = out["hint_after_stop"].as_str().unwrap();
    assert!(hint.starts_with("Hint: "), "{hint}");
    let budget = &out["budget"];
    let message = budget["answer"].as_str().unwrap();
    assert!(
        message.contains("needs more work than the page's engine does for one request")
            && message.contains("`gridlogic solve puzzle.txt`"),
        "{message}"
    );
    // Shown, the command set as code.
    assert_eq!(
        budget["shown"],
        message.replace('`', ""),
        "the message is shown"
    );
    eprintln!(
        "the empty 25x25's solve ran out of its budget in {} ms; screenshot {}",
        budget["ms"], budget["shot"]
    );
}
