//! The board of a Shikaku step viewer page, driven in Chromium (tests/browser/shikaku.js) by
//! mouse drags and clicks and the page's JavaScript API. Its answers are checked against the
//! command line on the same state, the one the page's `state()` writes (its hints against
//! `gridlogic hint`, the state after `goto(n)` against `explain --at-step n`), and the rectangles
//! against the puzzle's published solution (`janko-045.sol`).

use crate::common::{Company, drive_browser, fixture, root, run, run_on_text, scratch};
use serde_json::json;
use std::collections::BTreeSet;
use std::path::Path;

/// The step of gridlogic's solve the board starts from.
const GOTO: usize = 30;

/// A rectangle: top, left, height, width (zero-based).
type Rect = [usize; 4];

/// The clues of the fixture, read from its text: (row, col, number), in reading order.
fn clues(text: &str) -> Vec<(usize, usize, usize)> {
    let rows = text.lines().skip(1).filter(|l| !l.trim().is_empty());
    rows.enumerate()
        .flat_map(|(r, line)| {
            let cells = line.split_whitespace().enumerate();
            cells.filter_map(move |(c, token)| token.parse().ok().map(|n| (r, c, n)))
        })
        .collect()
}

/// Each clue's rectangle in the published solution, where every cell holds its rectangle's
/// number: the bounding box of the cells of the clue's number.
fn solution(sol: &str, clues: &[(usize, usize, usize)]) -> Vec<Rect> {
    let grid: Vec<Vec<&str>> = sol
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    clues
        .iter()
        .map(|&(row, col, _)| {
            let label = grid[row][col];
            let cells: Vec<(usize, usize)> = (0..grid.len())
                .flat_map(|r| (0..grid[r].len()).map(move |c| (r, c)))
                .filter(|&(r, c)| grid[r][c] == label)
                .collect();
            let (top, left) = (cells[0].0, cells.iter().map(|c| c.1).min().unwrap());
            let (bottom, right) = (
                cells.last().unwrap().0,
                cells.iter().map(|c| c.1).max().unwrap(),
            );
            [top, left, bottom - top + 1, right - left + 1]
        })
        .collect()
}

/// `r2c3`.
fn cell(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// `r2c3-r4c5`, or `r2c3` for one cell.
fn name([top, left, height, width]: Rect) -> String {
    match height * width {
        1 => cell(top, left),
        _ => format!(
            "{}-{}",
            cell(top, left),
            cell(top + height - 1, left + width - 1)
        ),
    }
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

fn holds(rect: Rect, (row, col, _): (usize, usize, usize)) -> bool {
    overlaps(rect, [row, col, 1, 1])
}

/// The state `explain --at-step n` prints: what follows its heading, up to the blank line.
fn state_after(file: &Path, n: usize) -> String {
    let (code, out, err) = run(&[
        "explain",
        file.to_str().unwrap(),
        "--at-step",
        &n.to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    let state = out.strip_prefix(&format!("after step {n}:\n")).expect(&out);
    state[..state.find("\n\n").unwrap() + 1].to_string()
}

/// The rectangles a state lists after `rectangles:`.
fn listed(state: &str) -> BTreeSet<String> {
    let at = state.find("rectangles:\n").expect("a Shikaku state") + "rectangles:\n".len();
    state[at..].lines().map(str::to_string).collect()
}

/// A rectangle for clue `k` with its number's area, inside the grid, holding no other clue and
/// overlapping none of `taken`, that is not the solution's.
fn wrong_rect(
    k: usize,
    clues: &[(usize, usize, usize)],
    solution: &[Rect],
    taken: &[Rect],
) -> Option<Rect> {
    let (row, col, number) = clues[k];
    let (rows, cols) = (10, 10);
    let shapes = (1..=number)
        .filter(|h| number % h == 0)
        .map(|h| (h, number / h));
    shapes
        .flat_map(|(h, w)| {
            let tops = row.saturating_sub(h - 1)..=row;
            tops.flat_map(move |t| (col.saturating_sub(w - 1)..=col).map(move |l| [t, l, h, w]))
        })
        .filter(|r| r[0] + r[2] <= rows && r[1] + r[3] <= cols && *r != solution[k])
        .filter(|&r| clues.iter().filter(|&&c| holds(r, c)).count() == 1)
        .find(|&r| taken.iter().all(|&t| !overlaps(r, t)))
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
fn the_shikaku_board_answers_as_the_command_line() {
    let dir = scratch("shikaku-board");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let file = fixture("shikaku/janko-045.txt");
    let clues = clues(&std::fs::read_to_string(&file).unwrap());
    let sol = std::fs::read_to_string(fixture("shikaku/janko-045.sol")).unwrap();
    let solution = solution(&sol, &clues);
    let page = dir.join("shikaku.html");
    let (code, _, err) = run(&[
        "solve",
        file.to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");

    // The moves: two rectangles of the solution not placed after step GOTO, a wrong one, and a
    // cell without a number.
    let after = state_after(&file, GOTO);
    let placed = listed(&after);
    let open: Vec<usize> = (0..clues.len())
        .filter(|&k| !placed.contains(&name(solution[k])) && solution[k][2] * solution[k][3] > 1)
        .collect();
    let (dragged, by_api) = (solution[open[0]], solution[open[1]]);
    let taken: Vec<Rect> = solution
        .iter()
        .copied()
        .filter(|r| placed.contains(&name(*r)))
        .collect();
    let taken = [taken, vec![dragged, by_api]].concat();
    let (k, wrong) = open[2..]
        .iter()
        .find_map(|&k| wrong_rect(k, &clues, &solution, &taken).map(|r| (k, r)))
        .expect("a wrong rectangle");
    let empty = (0..100)
        .map(|i| (i / 10, i % 10))
        .find(|&(r, c)| !clues.iter().any(|&(cr, cc, _)| (cr, cc) == (r, c)))
        .unwrap();
    let corners = |r: Rect| [cell(r[0], r[1]), cell(r[0] + r[2] - 1, r[1] + r[3] - 1)];
    let case = json!({
        "page": page, "goto": GOTO,
        "dragged": [[dragged[0], dragged[1]], [dragged[0] + dragged[2] - 1, dragged[1] + dragged[3] - 1]],
        "placed": corners(by_api), "wrong": corners(wrong), "empty": cell(empty.0, empty.1),
        "shots": shots,
    });
    let case_file = dir.join("case.json");
    std::fs::write(&case_file, case.to_string()).unwrap();
    let page = drive_browser("shikaku.js", &case_file, Company::Shared);
    let text = |field: &str| {
        page[field]
            .as_str()
            .unwrap_or_else(|| panic!("{field}: {page}"))
    };
    assert_eq!(page["errors"], json!([]), "console errors");
    assert_eq!(page["requests"], json!([]), "the page asked the network");

    // goto(n), then state(): the state after step n.
    assert_eq!(text("goto_state"), after);
    // The drag drew its rectangle; a click on it took it away.
    let with = |extra: &[Rect]| {
        let mut all = placed.clone();
        all.extend(extra.iter().map(|&r| name(r)));
        all
    };
    assert_eq!(listed(text("dragged_state")), with(&[dragged]));
    assert!(text("label").starts_with("Your grid"), "{}", text("label"));
    assert_eq!(listed(text("clicked_state")), placed);
    // The API placed its rectangle; a cell without a number is refused, with the reason.
    let state = text("state");
    assert_eq!(listed(state), with(&[dragged, by_api]));
    let refused = format!("{} holds no number", cell(empty.0, empty.1));
    assert!(text("refused").starts_with(&refused), "{}", text("refused"));
    assert_eq!(text("sound_check"), "No mistakes so far.");
    // Hints at each level: what `gridlogic hint` says on the same state.
    for level in 1..=3 {
        let native = run_on_text(&dir, state, &["hint", "--level", &level.to_string()]);
        assert_eq!(page["hints"][level - 1], native.trim(), "level {level}");
    }
    assert_eq!(
        page["looked_1"].as_u64(),
        Some(1),
        "level 1 outlines the clue"
    );
    assert_eq!(page["looked_3"].as_u64(), Some(0));
    assert_eq!(
        page["drawn"]["placing"].as_u64(),
        Some(1),
        "level 3 draws its rectangle"
    );
    assert!(
        page["drawn"]["technique"]
            .as_str()
            .unwrap()
            .starts_with("Hint: ")
    );
    // A wrong rectangle is named by the hint and by the check, and outlined; undo takes it back.
    let (row, col, number) = clues[k];
    let named = format!(
        "{} is not the rectangle of the {number} at {}",
        name(wrong),
        cell(row, col)
    );
    assert!(
        text("wrong_hint").contains(&named),
        "{}",
        text("wrong_hint")
    );
    assert!(text("check").contains(&named), "{}", text("check"));
    assert_eq!(page["wrong_outlined"].as_u64(), Some(1));
    assert_eq!(text("undo_state"), state, "undo");
    eprintln!(
        "shikaku: engine ready in {} ms; hints {:?} ms",
        page["ready_ms"], page["hint_ms"]
    );
}
