//! The step viewer page of overlapping grids (a Samurai), driven in Chromium
//! (tests/browser/overlap.js) at a laptop's and a phone's window: the board holds the sheet's
//! cells and no more, a click lands on the cell drawn there and selects it by the name the text
//! gives it (`r11c13`, its place on the sheet), a gap selects nothing, arrow keys step over the
//! gaps, a step's cells are the ones `explain --format json` names, and a hint is what
//! `gridlogic hint` says on the page's state.

use crate::common::{Company, drive_browser, fixture, root, run, run_on_text, scratch};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The Samurai's grids: 9x9 at these corners of a 21x21 sheet (the puzzle books' layout).
const CORNERS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// Whether the place (row, col) of the sheet is a cell of one of the grids.
fn is_cell(row: usize, col: usize) -> bool {
    CORNERS
        .iter()
        .any(|&(r, c)| (r..r + 9).contains(&row) && (c..c + 9).contains(&col))
}

/// The name of the cell at (row, col), zero-based: `r11c13`.
fn name(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// The cells a step names in a list of `r5c21=6` or `r5c21:6`.
fn named_cells(list: &Value) -> BTreeSet<String> {
    let list = list.as_array().unwrap().iter();
    list.map(|v| {
        v.as_str()
            .unwrap()
            .split([':', '='])
            .next()
            .unwrap()
            .to_string()
    })
    .collect()
}

/// The cells of a row segment named `row 5 (c13-21)`.
fn row_cells(house: &str) -> BTreeSet<String> {
    let (row, cols) = house
        .strip_prefix("row ")
        .and_then(|rest| rest.split_once(" (c"))
        .unwrap_or_else(|| panic!("{house}"));
    let (first, last) = cols.trim_end_matches(')').split_once('-').unwrap();
    let [row, first, last] = [row, first, last].map(|n| n.parse::<usize>().unwrap());
    (first..=last).map(|col| name(row - 1, col - 1)).collect()
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
fn the_samurai_board_is_drawn_clicked_and_steered_in_its_shape() {
    let dir = scratch("overlap-page");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let file = fixture("overlap/samurai.txt");
    let page = dir.join("samurai.html");
    let (code, _, err) = run(&[
        "solve",
        file.to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");

    // A step in the top right grid, read from `explain --format json`.
    let (code, out, err) = run(&["explain", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let document: Value = serde_json::from_str(&out).unwrap();
    let steps = document["steps"].as_array().unwrap();
    let (at, step) = steps
        .iter()
        .enumerate()
        .find(|(_, s)| {
            s["base"][0]
                .as_str()
                .is_some_and(|b| b.contains("(c13-21)"))
        })
        .expect("a step in a row of the top right grid");

    // Clicks: the centre grid alone, the box it shares with the top left grid, a gap (the
    // selection stays), the last cell.
    let clicks = [(10, 12), (7, 7), (10, 2), (20, 20)];
    let expected_clicks = ["r11c13", "r8c8", "r8c8", "r21c21"];
    // Keys: right at the centre grid's edge goes round to its other side; down and right
    // over a gap reach the next grid's cell.
    let keys = [
        ((10, 14), "ArrowRight"),
        ((8, 1), "ArrowDown"),
        ((0, 8), "ArrowRight"),
    ];
    let expected_keys = ["r11c7", "r13c2", "r1c13"];
    for (row, col) in clicks.iter().chain(keys.iter().map(|(p, _)| p)) {
        assert_eq!(is_cell(*row, *col), (*row, *col) != (10, 2));
    }
    let case = json!({
        "page": page, "unit": 90, "clicks": clicks, "keys": keys, "step": at,
        "windows": [
            { "name": "laptop", "width": 1280, "height": 800, "touch": false },
            { "name": "phone", "width": 390, "height": 844, "touch": true },
        ],
        "shots": shots,
    });
    let case_file = dir.join("case.json");
    std::fs::write(&case_file, case.to_string()).unwrap();
    let answer = drive_browser("overlap.js", &case_file, Company::Shared);

    let cell_count = (0..21 * 21).filter(|i| is_cell(i / 21, i % 21)).count();
    assert_eq!(cell_count, 369);
    let mut marked = named_cells(&step["pattern"]);
    marked.extend(named_cells(&step["placements"]));
    let house: BTreeSet<String> = row_cells(step["base"][0].as_str().unwrap())
        .difference(&marked)
        .cloned()
        .collect();
    for window in ["laptop", "phone"] {
        let seen = &answer[window];
        assert_eq!(seen["errors"], json!([]), "{window}: console errors");
        assert_eq!(
            seen["requests"],
            json!([]),
            "{window}: the page asked the network"
        );
        assert_eq!(seen["cells"], cell_count, "{window}");
        assert_eq!(seen["clicked"], json!(expected_clicks), "{window}: clicks");
        assert_eq!(seen["keyed"], json!(expected_keys), "{window}: keys");
        // The step's cells are filled as its pattern; its house's others as the house.
        let filled = seen["filled"].as_object().unwrap();
        let with_class = |marked: bool| -> BTreeSet<String> {
            let is_marked = |v: &Value| v[1].as_str().unwrap().contains("marked");
            let cells = filled.iter().filter(|(_, v)| is_marked(v) == marked);
            cells.map(|(k, _)| k.clone()).collect()
        };
        assert_eq!(with_class(true), marked, "{window}: step {}", at + 1);
        assert_eq!(with_class(false), house, "{window}: step {}", at + 1);
        // The hint is the command line's on the page's state (the engine read the sheet).
        let state = seen["state"].as_str().unwrap();
        let native = run_on_text(&dir, state, &["hint", "--level", "1"]);
        assert_eq!(seen["hint"], native.trim(), "{window}");
        let check = seen["check"].as_str().unwrap();
        assert!(check.contains("No mistakes"), "{window}: {check}");
    }
}
