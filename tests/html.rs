//! The step viewer (`solve -o OUT.html`, `--html`): one self-contained page per solve.
//!
//! Without a browser: where the page goes, that it fetches nothing, holds every step of the solve
//! and comes out the same twice, and its size. In a real browser (Debian's Chromium driven by
//! `tests/browser/viewer.js` through playwright-core): the pages of a 9x9 with chains, a 16x16, a
//! jigsaw, a Killer and a Shikaku load without console errors or requests, list as many steps as
//! the solve has, move on →, ←, Home and End, show the candidate grid `explain --grids` prints
//! before a step and, after the last, the solution published with the puzzle (found by the
//! `sudoku` crate for the 9x9, checked by the rules for the 16x16); the Killer's cages are
//! outlined, each with its sum; the even/odd puzzle's even cells are shaded and the consecutive one's
//! bars drawn, as the fixtures mark them; screenshots of a chain step and of a phone-size page go to
//! `target/viewer-screenshots/` for a person to look at.

use crate::common;

use crate::common::{
    Company, box_regions, brute_force_count, drive_browser, fixture, json_rows, root, run, scratch,
    shared,
};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// top1465 #36: 95 steps (HoDoKu's path), AICs and nice loops among them.
const CHAINS: &str = "fixtures/text/top1465-36.txt";
/// janko.at's chaos sudoku 637 (9x9 jigsaw): a finned and a sashimi X-Wing; the line carries
/// the published solution.
const JIGSAW: &str = "fixtures/text/jigsaw-sashimi-9x9.txt";
/// janko.at's Killer 805, its published solution on the third comment line.
const KILLER: &str = "fixtures/text/killer-805-9x9.txt";
/// janko.at's even/odd Sudoku 100: every empty cell marked, its published solution on the
/// second comment line.
const EVEN_ODD: &str = "fixtures/marked/even-odd-100.txt";
/// janko.at's consecutive Sudoku 109, its bars as masks after the grid, its published solution
/// on the second comment line.
const CONSECUTIVE: &str = "fixtures/marked/consecutive-9x9.txt";
/// janko.at 16x16 #1, written 0-F.
const HEXADOKU: &str = "fixtures/text/hexadoku-0F-16x16.txt";
/// janko.at's Shikaku 45, with its published solution beside it.
const SHIKAKU: &str = "fixtures/shikaku/janko-045.txt";

/// The solve of `args` as its JSON document.
fn solve_json(args: &[&str]) -> Value {
    let mut all = vec!["solve", "--format", "json"];
    all.extend(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Writes the page of `args` to `path`.
fn write_page(args: &[&str], path: &Path) {
    let mut all = vec!["solve", "--format", "line", "-o", path.to_str().unwrap()];
    all.extend(args);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote"), "{err}");
}

/// The JSON a page carries.
fn page_data(page: &str) -> Value {
    let start = page
        .find(r#"<script type="application/json" id="data">"#)
        .unwrap();
    let from = &page[start..];
    let json = &from[from.find('>').unwrap() + 1..from.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap()
}

#[test]
fn the_page_fetches_nothing_holds_every_step_and_comes_out_the_same() {
    let dir = scratch("html-page");
    let (first, second) = (dir.join("a.html"), dir.join("b.html"));
    write_page(&[CHAINS], &first);
    write_page(&[CHAINS], &second);
    let bytes = std::fs::read(&first).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&second).unwrap(),
        "deterministic bytes"
    );
    let page = String::from_utf8(bytes).unwrap();
    // Nothing to fetch: no address but the SVG namespace, no source, link, import or url()
    // besides the page's own arrowhead, and a policy that forbids the rest.
    let namespace = page.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(
        page.matches("://").count(),
        namespace,
        "no address but the SVG namespace"
    );
    for forbidden in [" src=", "<link", "@import", "@font-face"] {
        assert!(!page.contains(forbidden), "{forbidden}");
    }
    assert_eq!(
        page.matches("url(").count(),
        page.matches("url(#").count(),
        "url() only of the page's own arrowheads"
    );
    assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    // 95 steps (HoDoKu's path, then gridlogic's) within the page's budget of 1.16 MB, most of it
    // the engine (which carries the steps' words since issue 48, and reads and draws overlapping
    // grids since issue 50: 1,114 KB then; 1,148 KB before its chain search handed on the
    // shortest chains as soon as they were known, 1,151 KB after, 1,155 KB once the AICs' sweep
    // went only as deep as the shortest chains).
    assert!(page.len() < 1_160_000, "{} bytes", page.len());
    eprintln!("{CHAINS}: 95 steps in {} bytes", page.len());
    // The page's steps are the solve's: the same explanations, in order, and the summary.
    let data = page_data(&page);
    let solved = solve_json(&[CHAINS]);
    let explanations = |steps: &Value, key: &str| -> Vec<String> {
        let list = steps.as_array().unwrap().iter();
        list.map(|s| s[key].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(
        explanations(&data["steps"], "text"),
        explanations(&solved["steps"], "explanation")
    );
    assert_eq!(data["steps"].as_array().unwrap().len(), 95);
    let summary = data["summary"].to_string();
    // HoDoKu 2.2.0 rates this puzzle Extreme (../shared/datasets/9x9/hodoku_ratings_top1465.txt).
    assert!(summary.contains("Extreme, score "), "{summary}");
    assert!(summary.contains("(HoDoKu 2.2.0)"), "{summary}");
    let chain = data["steps"].as_array().unwrap().iter().find(|s| {
        let links = s["links"].as_array().map(Vec::as_slice).unwrap_or_default();
        let kind = |k: &str| links.iter().any(|l| l["kind"] == k);
        kind("strong") && kind("weak")
    });
    assert!(chain.is_some(), "a chain with strong and weak links");
}

/// Line `line` (from 1) of a ../shared dataset, written to `dir` as a puzzle file; `None` (the
/// test skips) when the datasets are missing outside CI.
fn shared_puzzle(dataset: &str, line: usize, dir: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(shared(dataset)?).unwrap();
    let puzzle = text.lines().nth(line - 1).unwrap();
    let path = dir.join(format!(
        "{}-{line}.txt",
        Path::new(dataset).file_stem()?.to_str()?
    ));
    std::fs::write(&path, format!("{puzzle}\n")).unwrap();
    Some(path)
}

/// top1465 #2: step 8 is a grouped AIC through the almost locked set r2c1235.
const TOP1465: (&str, usize) = ("datasets/9x9/magictour_top1465.txt", 2);
/// top1465 #3: step 33 is a Finned Franken Swordfish.
const FRANKEN: (&str, usize) = ("datasets/9x9/magictour_top1465.txt", 3);
/// The forum's hardest #1: step 10 is a nested forcing net (32 implications, 5 refutations).
const HARDEST: (&str, usize) = ("datasets/9x9/forum_hardest_1106.txt", 1);

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_page_carries_figures_links_by_kind_and_nets_as_data() {
    let dir = scratch("html-data");
    let (Some(aic), Some(nested)) = (
        shared_puzzle(TOP1465.0, TOP1465.1, &dir),
        shared_puzzle(HARDEST.0, HARDEST.1, &dir),
    ) else {
        return;
    };
    // gridlogic's own path, which takes the grouped AIC (HoDoKu's, the default, does not).
    let read = |puzzle: &Path, name: &str| {
        let page = dir.join(name);
        write_page(&[puzzle.to_str().unwrap(), "--rating", "gridlogic"], &page);
        page_data(&std::fs::read_to_string(page).unwrap())
    };
    // The grouped AIC: its ALS r2c1235 a figure with every candidate of its four cells (as
    // many digits as cells, and one more), its links strong, weak and inside the set.
    let data = read(&aic, "aic.html");
    let names = |cells: Vec<u64>| -> Vec<String> {
        let all = data["cells"].as_array().unwrap();
        cells
            .iter()
            .map(|&c| all[c as usize].as_str().unwrap().to_string())
            .collect()
    };
    let step = &data["steps"][7];
    assert!(
        step["text"].as_str().unwrap().starts_with("Grouped AIC"),
        "{step}"
    );
    let figures = step["figures"].as_array().unwrap();
    let als: Vec<&Value> = figures.iter().filter(|f| f["role"] == "als").collect();
    assert_eq!(als.len(), 1, "{step}");
    let flat: Vec<u64> = als[0]["cand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut cells: Vec<u64> = flat.chunks(2).map(|p| p[0]).collect();
    cells.dedup();
    assert_eq!(names(cells), ["r2c1", "r2c2", "r2c3", "r2c5"]);
    let digits: BTreeSet<u64> = flat.chunks(2).map(|p| p[1]).collect();
    assert_eq!(digits.len(), 5, "{digits:?}");
    let kinds: Vec<&str> = step["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
    for kind in ["strong", "weak", "als"] {
        assert!(kinds.contains(&kind), "{kinds:?}");
    }
    // The nested net: one branch from r2c2=5, 32 implications after it, 5 of them refuted
    // with their own branches ending in contradictions; its end a contradiction on cells.
    let data = read(&nested, "nested.html");
    let step = &data["steps"][9];
    assert!(
        step["text"]
            .as_str()
            .unwrap()
            .starts_with("Nested forcing net"),
        "{step}"
    );
    let branches = step["net"]["branches"].as_array().unwrap();
    assert_eq!(branches.len(), 1);
    let branch = &branches[0];
    let implications = branch["implications"].as_array().unwrap();
    assert_eq!(implications.len(), 33, "the assumption and 32 implications");
    assert_eq!(implications[0]["reason"], "assumption");
    assert_eq!(implications[0]["fact"], "r2c2=5");
    let refuted: Vec<&Value> = implications
        .iter()
        .filter(|i| i["reason"] == "refuted")
        .collect();
    assert_eq!(refuted.len(), 5);
    for imp in &refuted {
        let inner = &imp["refuted"];
        assert_eq!(inner["implications"][0]["reason"], "assumption", "{imp}");
        assert_ne!(inner["end"]["kind"], "reaches", "{imp}");
        assert!(
            !inner["end"]["cells"].as_array().unwrap().is_empty(),
            "{imp}"
        );
    }
    for (i, imp) in implications.iter().enumerate() {
        let from = imp["from"].as_array().unwrap();
        assert!(
            from.iter().all(|p| (p.as_u64().unwrap() as usize) < i),
            "{imp}"
        );
        assert!(
            !imp["why"].as_str().unwrap().starts_with('('),
            "numbered once: {imp}"
        );
    }
    let end = &branch["end"];
    assert!(
        ["both", "empty_cell", "no_place"].contains(&end["kind"].as_str().unwrap()),
        "{end}"
    );
    assert!(
        end["text"].as_str().unwrap().starts_with("contradiction"),
        "{end}"
    );
    assert!(!end["cells"].as_array().unwrap().is_empty(), "{end}");
}

#[test]
fn html_goes_where_asked_beside_the_workbook_or_the_input() {
    let dir = scratch("html-targets");
    let input = dir.join("puzzle.txt");
    std::fs::copy(root().join(CHAINS), &input).unwrap();
    let input = input.to_str().unwrap();
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", input, "--format", "line"];
        args.extend(extra);
        run(&args)
    };
    // -o OUT.html writes the page and no workbook.
    let page = dir.join("out.html");
    let (code, _, err) = solve(&["-o", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(page.exists() && !dir.join("out.xlsx").exists(), "{err}");
    // It is refused when it exists, unless --force.
    let (code, _, err) = solve(&["-o", page.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("it exists; use --force"), "{err}");
    // --html beside a text input: <stem>.solved.html, which a second run replaces.
    for _ in 0..2 {
        let (code, _, err) = solve(&["--html"]);
        assert_eq!(code, 0, "{err}");
        assert!(dir.join("puzzle.solved.html").exists(), "{err}");
    }
    // --html beside the workbook: its name, .html.
    let book = dir.join("book.xlsx");
    let (code, _, err) = solve(&["-o", book.to_str().unwrap(), "--html"]);
    assert_eq!(code, 0, "{err}");
    assert!(book.exists() && dir.join("book.html").exists(), "{err}");
    // A file that is not gridlogic's is not replaced without --force.
    std::fs::write(dir.join("puzzle.solved.html"), "someone's notes").unwrap();
    let (code, _, err) = solve(&["--html"]);
    assert_eq!(code, 2);
    assert!(err.contains("it exists"), "{err}");
    // Usage errors: two pages, a page that is not .html.
    let (code, _, err) = solve(&["-o", page.to_str().unwrap(), "--html", "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("-o names the page already"), "{err}");
    let (code, _, err) = solve(&["--html", dir.join("page.txt").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("give it an .html name"), "{err}");
    // Step sheets without a workbook to hold them.
    let other = dir.join("other.html");
    let (code, _, err) = solve(&["-o", other.to_str().unwrap(), "--step-sheets"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--step-sheets adds sheets to a workbook"),
        "{err}"
    );
    assert!(!other.exists());
}

/// One page for the browser: how to solve it and what to look at.
struct Case {
    name: &'static str,
    /// The solve's arguments after the input, or with it (a fixture) when `shared` is none.
    args: &'static [&'static str],
    /// A line of a ../shared dataset as the input.
    shared: Option<(&'static str, usize)>,
    /// Which step to photograph: the first that this accepts, by index and technique.
    shot: fn(usize, &str) -> bool,
    phone: bool,
    /// Play the photographed step's forcing net and open a refutation.
    net: bool,
    /// Measure the page in a 1200x900 window.
    fit: bool,
}

const CASES: [Case; 10] = [
    Case {
        name: "chains-9x9",
        args: &[CHAINS],
        shared: None,
        shot: |_, t| t.contains("AIC"),
        phone: true,
        net: false,
        fit: true,
    },
    Case {
        name: "grouped-aic-9x9",
        // gridlogic's own path takes the grouped AIC; HoDoKu's, the default, does not.
        args: &["--rating", "gridlogic"],
        shared: Some(TOP1465),
        shot: |i, _| i == 7,
        phone: false,
        net: false,
        fit: false,
    },
    Case {
        name: "nested-net-9x9",
        args: &[],
        shared: Some(HARDEST),
        shot: |i, _| i == 9,
        phone: false,
        net: true,
        fit: false,
    },
    Case {
        name: "franken-9x9",
        args: &[],
        shared: Some(FRANKEN),
        shot: |_, t| t.contains("Franken"),
        phone: false,
        net: false,
        fit: false,
    },
    Case {
        name: "hexadoku-16x16",
        args: &[HEXADOKU, "--symbols", "0123456789ABCDEF"],
        shared: None,
        shot: |_, t| t.starts_with("Naked Single"),
        phone: false,
        net: false,
        fit: false,
    },
    Case {
        name: "jigsaw-9x9",
        args: &[JIGSAW],
        shared: None,
        shot: |_, t| t.contains("X-Wing"),
        phone: false,
        net: false,
        fit: false,
    },
    Case {
        name: "killer-9x9",
        args: &[KILLER],
        shared: None,
        shot: |_, t| t == "Cage Pointing",
        phone: true,
        net: false,
        fit: false,
    },
    Case {
        name: "even-odd-9x9",
        args: &[EVEN_ODD],
        shared: None,
        shot: |_, t| t == "Even Cells",
        phone: true,
        net: false,
        fit: false,
    },
    Case {
        name: "consecutive-9x9",
        args: &[CONSECUTIVE],
        shared: None,
        shot: |_, t| t == "No Bar",
        phone: true,
        net: false,
        fit: false,
    },
    Case {
        name: "shikaku-10x10",
        args: &[SHIKAKU],
        shared: None,
        shot: |_, t| t == "Single rectangle",
        phone: true,
        net: false,
        fit: false,
    },
];

/// Each cell's text in the grids `explain --grids` prints before each step, by row and column.
fn explained_grids(args: &[&str], size: usize) -> Vec<Vec<String>> {
    let mut all = vec!["explain", "--grids"];
    all.extend(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<String>> = out
        .lines()
        .filter(|line| !line.contains(':') && !line.chars().all(|c| "-+| ".contains(c)))
        .map(|line| {
            let cells = line.split_whitespace().filter(|t| *t != "|");
            cells.map(String::from).collect::<Vec<_>>()
        })
        .filter(|cells| cells.len() == size)
        .collect();
    rows.chunks(size).map(|grid| grid.concat()).collect()
}

/// The grid the browser read, as `explained_grids` gives it.
fn shown_cells(grid: &Value, size: usize) -> Vec<String> {
    (0..size * size)
        .map(|i| {
            let text = &grid["cells"][format!("{},{}", i / size, i % size)];
            text.as_str().unwrap_or_default().to_string()
        })
        .collect()
}

/// Checks the grid after the last step against a source of its own: the `sudoku` crate's
/// solution of the 9x9, the published solution on the jigsaw's line; the 16x16's is checked by
/// the test's own rules (every row, column and box holds each symbol once, the givens kept).
fn check_solution(case: &Case, args: &[&str], solved: &Value, end: &[String]) {
    let name = case.name;
    let read = |file: &str| std::fs::read_to_string(root().join(file)).unwrap();
    let first = match case.shared {
        Some(_) => CHAINS,
        None => args[0],
    };
    let expected: Vec<usize> = match first {
        CHAINS => {
            let sudoku = sudoku::Sudoku::from_str_line(read(args[0]).trim()).unwrap();
            let bytes = sudoku.solution().unwrap().to_bytes();
            bytes.iter().map(|&b| b as usize).collect()
        }
        JIGSAW => {
            let published = read(JIGSAW).split_whitespace().nth(3).unwrap().to_string();
            published.bytes().map(|b| (b - b'0') as usize).collect()
        }
        KILLER | EVEN_ODD | CONSECUTIVE => {
            let line = if first == KILLER { 2 } else { 1 };
            let text = read(first);
            let published = text.lines().nth(line).unwrap().trim_start_matches("# ");
            published.bytes().map(|b| (b - b'0') as usize).collect()
        }
        _ => {
            let symbols = "0123456789ABCDEF";
            let values: Vec<u8> = end
                .iter()
                .map(|s| symbols.find(s.as_str()).map_or(0, |i| i as u8 + 1))
                .collect();
            let givens = json_rows(&solved["givens"]);
            let kept = givens
                .iter()
                .zip(&values)
                .all(|(&g, &v)| g == 0 || g == v as usize);
            assert!(kept, "{name}: the givens after the last step");
            let valid = brute_force_count(&values, 16, &box_regions(16, 4, 4), 1) == 1;
            assert!(
                valid && !values.contains(&0),
                "{name}: the grid after the last step"
            );
            return;
        }
    };
    let shown: Vec<String> = expected.iter().map(|d| d.to_string()).collect();
    assert_eq!(end, shown, "{name}: the grid after the last step");
}

/// The rectangles of a Shikaku's published `.sol` layout, as `[top, left, height, width]`.
fn published_rectangles(sol: &Path) -> BTreeSet<[u64; 4]> {
    let text = std::fs::read_to_string(sol).unwrap();
    let mut boxes: std::collections::BTreeMap<&str, [usize; 4]> = Default::default();
    for (row, line) in text.lines().enumerate() {
        for (col, label) in line.split_whitespace().enumerate() {
            let b = boxes.entry(label).or_insert([row, col, row, col]);
            *b = [b[0].min(row), b[1].min(col), b[2].max(row), b[3].max(col)];
        }
    }
    let as_rect = |b: &[usize; 4]| [b[0], b[1], b[2] - b[0] + 1, b[3] - b[1] + 1].map(|v| v as u64);
    boxes.values().map(as_rect).collect()
}

#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (missing when built; .ci/run installs them, then touch build.rs)"
)]
fn the_pages_step_through_in_a_real_browser() {
    step_through(false);
}

#[test]
#[cfg_attr(
    any(no_shared, no_browser),
    ignore = "needs ../shared, node, Chromium and playwright-core (missing when built; after adding them, touch build.rs)"
)]
fn the_dataset_pages_step_through_in_a_real_browser() {
    step_through(true);
}

/// Opens the pages of the cases whose input is a ../shared dataset (`shared`) or a fixture in
/// Chromium, steps through them and checks what the browser saw.
fn step_through(shared: bool) {
    let dir = scratch(&format!("html-browser-{shared}"));
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut tests = Vec::new();
    let mut solves = Vec::new();
    for case in CASES.iter().filter(|c| c.shared.is_some() == shared) {
        let mut args: Vec<String> = case.args.iter().map(|a| a.to_string()).collect();
        if let Some((dataset, line)) = case.shared {
            let Some(input) = shared_puzzle(dataset, line, &dir) else {
                continue;
            };
            args.insert(0, input.to_str().unwrap().to_string());
        }
        let args_ref: Vec<&str> = args.iter().map(String::as_str).collect();
        let page = dir.join(format!("{}.html", case.name));
        write_page(&args_ref, &page);
        let solved = solve_json(&args_ref);
        let steps = solved["steps"].as_array().unwrap();
        let shot = steps
            .iter()
            .enumerate()
            .position(|(i, s)| (case.shot)(i, s["technique"].as_str().unwrap()))
            .unwrap_or_else(|| panic!("{}: no step to photograph", case.name));
        let grids = match solved["kind"] == "sudoku" {
            true => vec![0, shot, steps.len()],
            false => vec![steps.len()],
        };
        tests.push(
            json!({"name": case.name, "page": page, "grids": grids, "shot": shot,
            "phone": case.phone, "net": case.net, "fit": case.fit, "shots": shots}),
        );
        solves.push((case, args, solved, shot));
    }
    let cases_file = dir.join("cases.json");
    std::fs::write(&cases_file, serde_json::to_string(&tests).unwrap()).unwrap();
    let results: Vec<Value> =
        serde_json::from_value(drive_browser("viewer.js", &cases_file, Company::Shared)).unwrap();
    for ((case, args, solved, shot), result) in solves.iter().zip(&results) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        check_page(case, &args, solved, *shot, result);
    }
}

/// What the browser saw of one page, against the solve.
fn check_page(case: &Case, args: &[&str], solved: &Value, shot: usize, result: &Value) {
    let name = case.name;
    let steps = solved["steps"].as_array().unwrap().len();
    assert_eq!(result["errors"], json!([]), "{name}: console errors");
    assert_eq!(result["requests"], json!([]), "{name}: network requests");
    assert_eq!(result["listed"], steps, "{name}: the step list");
    assert_eq!(
        result["first"]["label"],
        format!("Step 1 of {steps}"),
        "{name}"
    );
    assert_eq!(result["afterRight"]["position"], 1, "{name}: → moves on");
    assert_eq!(
        result["afterRight"]["label"],
        format!("Step 2 of {steps}"),
        "{name}"
    );
    assert_eq!(result["gridChanged"], true, "{name}: → changes the grid");
    assert_eq!(result["afterEnd"], steps, "{name}: End");
    assert_eq!(result["afterLeft"], steps - 1, "{name}: ←");
    assert_eq!(result["afterHome"], 0, "{name}: Home");
    let shown = &result["shown"];
    assert_eq!(shown["position"], shot, "{name}");
    if solved["kind"] == "sudoku" {
        let size = solved["layout"]["size"].as_u64().unwrap() as usize;
        let explained = explained_grids(args, size);
        for position in [0, shot] {
            let grid = shown_cells(&result["grids"][position.to_string()], size);
            assert_eq!(
                grid,
                explained[position],
                "{name}: the grid before step {}",
                position + 1
            );
        }
        let end = shown_cells(&result["grids"][steps.to_string()], size);
        check_solution(case, args, solved, &end);
    } else {
        let rectangles = result["grids"][steps.to_string()]["rectangles"]
            .as_array()
            .unwrap();
        let placed: BTreeSet<[u64; 4]> = rectangles
            .iter()
            .map(|r| [0, 1, 2, 3].map(|i| r[i].as_u64().unwrap()))
            .collect();
        let published = published_rectangles(&fixture("shikaku/janko-045.sol"));
        assert_eq!(
            placed, published,
            "{name}: the rectangles after the last step"
        );
        assert_eq!(shown["placing"], 1, "{name}: the rectangle the step places");
    }
    if name == "killer-9x9" {
        // Every cage drawn with its sum: the page's sums are the numbers of the fixture's sum
        // grid (its 9 rows after the `9 9` line), as a multiset; the outline runs along every
        // cell side between two cages or at the grid's edge: at least one side per cage.
        let cages = solved["layout"]["cages"].as_array().unwrap();
        let text = std::fs::read_to_string(root().join(KILLER)).unwrap();
        let rows = text.lines().skip_while(|l| *l != "9 9").skip(1).take(9);
        let mut written: Vec<u64> = rows
            .flat_map(|row| row.split_whitespace().filter_map(|t| t.parse().ok()))
            .collect();
        let mut drawn: Vec<u64> = shown["sums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        written.sort_unstable();
        drawn.sort_unstable();
        assert_eq!(written.len(), cages.len(), "{name}");
        assert_eq!(drawn, written, "{name}: the cages' sums");
        assert!(
            shown["cageSides"].as_u64() >= Some(cages.len() as u64),
            "{shown}"
        );
    }
    if name == "even-odd-9x9" || name == "consecutive-9x9" {
        check_markings(args[0], shown);
    }
    if name == "chains-9x9" {
        assert!(
            shown["strong"].as_u64() > Some(0) && shown["weak"].as_u64() > Some(0),
            "{shown}"
        );
        assert!(shown["eliminated"].as_u64() > Some(0), "{shown}");
    }
    if solved["kind"] == "sudoku" {
        // The address opens the step, written #step=N or #step-N; a move writes #step=N.
        assert_eq!(result["opened"], shot, "{name}: #step={}", shot + 1);
        assert_eq!(result["openedOld"], shot, "{name}: #step-{}", shot + 1);
        assert_eq!(
            result["hashAfterMove"],
            format!("#step={}", shot + 2),
            "{name}"
        );
    }
    if name == "grouped-aic-9x9" {
        // The ALS r2c1235 is outlined as one set; the links are drawn by kind.
        let figures = shown["figures"].as_array().unwrap();
        let set =
            json!({"role": "als", "cells": ["r2c1", "r2c2", "r2c3", "r2c5"], "outlined": true});
        assert!(figures.contains(&set), "{name}: {figures:?}");
        let links = shown["links"].to_string();
        for kind in ["link strong", "link weak", "link als"] {
            assert!(links.contains(kind), "{name}: {links}");
        }
        let legend = shown["legend"].to_string();
        for mark in ["\"als\"", "\"strong\"", "\"weak\"", "\"numbered\""] {
            assert!(legend.contains(mark), "{name}: legend {legend}");
        }
        assert!(
            !legend.contains("\"fin\""),
            "{name}: no fin in the legend: {legend}"
        );
    }
    if name == "nested-net-9x9" {
        check_net(shown, result);
    }
    if name == "franken-9x9" {
        let legend = shown["legend"].to_string();
        assert!(
            legend.contains("\"cover\"") && legend.contains("\"fin\""),
            "{legend}"
        );
    }
    if case.fit {
        // The grid whole in a 1200x900 window with the summary open, the page not scrolling.
        let fit = &result["fit"];
        let drawn: Vec<f64> = (0..4).map(|i| fit["drawn"][i].as_f64().unwrap()).collect();
        assert_eq!(fit["summaryOpen"], true, "{fit}");
        assert!(drawn[0] >= 0.0 && drawn[1] >= 0.0, "{fit}");
        assert!(
            drawn[2] <= 1200.0 && drawn[3] <= 900.0,
            "{name}: the grid fits: {fit}"
        );
        assert!(
            drawn[2] - drawn[0] >= 500.0,
            "{name}: the grid is large: {fit}"
        );
        assert!(fit["scrollHeight"].as_u64() <= Some(900), "{fit}");
        assert!(fit["scrollWidth"].as_u64() <= Some(1200), "{fit}");
    }
    if case.phone {
        let phone = &result["phone"];
        assert_eq!(
            phone["pageWidth"], 390,
            "{name}: the phone page does not scroll sideways"
        );
        let heights = phone["buttonHeights"].as_array().unwrap();
        assert!(
            heights.iter().all(|h| h.as_f64().unwrap() >= 44.0),
            "{name}: {phone}"
        );
    }
    for file in result["shots"].as_array().unwrap() {
        let file = file.as_str().unwrap();
        let size = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        assert!(size > 10_000, "{name}: screenshot {file}");
        eprintln!("{name}: screenshot {file}");
    }
}

/// The marks the page draws against the fixture's: a grey square in each cell written `E`, a
/// bar on each border a mask claims (bit 1 the right border, bit 2 the lower one), nothing for
/// the cells written `O` (every empty cell is marked, so the plain ones are odd); the legend
/// names what is drawn.
fn check_markings(fixture: &str, shown: &Value) {
    let text = std::fs::read_to_string(root().join(fixture)).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|l| *l != "9 9")
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let even: Vec<u64> = rows[..9]
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, t)| **t == "E")
        .map(|(i, _)| i as u64)
        .collect();
    let mut bars = BTreeSet::new();
    for (i, mask) in rows[9..].iter().flatten().enumerate() {
        let mask: usize = mask.parse().unwrap();
        if mask & 1 != 0 {
            bars.insert(format!("{i} {}", i + 1));
        }
        if mask & 2 != 0 {
            bars.insert(format!("{i} {}", i + 9));
        }
    }
    let drawn_even: Vec<u64> = shown["even"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    let drawn_bars: BTreeSet<String> = shown["bars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect();
    assert_eq!(drawn_even, even, "{fixture}: the even cells");
    assert_eq!(
        shown["bars"].as_array().unwrap().len(),
        bars.len(),
        "{fixture}"
    );
    assert_eq!(drawn_bars, bars, "{fixture}: the bars");
    assert_eq!(shown["odd"], 0, "{fixture}: odd cells are the plain ones");
    let legend = shown["legend"].to_string();
    match even.is_empty() {
        false => assert!(
            legend.contains("\"even\"") && legend.contains("\"odd-plain\""),
            "{legend}"
        ),
        true => assert!(legend.contains("\"bar-all\""), "{legend}"),
    }
}

/// The nested forcing net (the forum's hardest #1, step 10): its assumption r2c2=5 marked and its
/// contradiction drawn when the whole net shows; played from the assumption alone, one
/// implication at a time, one more shows each time and the contradiction only at the end; each
/// implication numbered once; a refutation opens as a net of its own.
fn check_net(shown: &Value, result: &Value) {
    assert_eq!(shown["assumption"], json!(["r2c2"]), "{shown}");
    let contradiction = shown["contradiction"].as_array().unwrap();
    assert!(!contradiction.is_empty(), "{shown}");
    let net = &result["net"];
    assert_eq!(net["start"]["implications"], 0, "{net}");
    assert_eq!(net["start"]["assumption"], json!(["r2c2"]), "{net}");
    assert_eq!(net["start"]["contradiction"], json!([]), "{net}");
    let frames = net["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 33, "32 implications and the end: {net}");
    // Each move draws one more implication (the assumption first), the last move the end.
    assert_eq!(net["start"]["implied"], 1, "{net}");
    let implied: Vec<u64> = frames
        .iter()
        .map(|f| f["implied"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (2..=33).chain([33]).collect();
    assert_eq!(implied, expected);
    assert!(
        frames.iter().all(|f| f["implications"].as_u64() > Some(0)),
        "{net}"
    );
    let (last, before) = frames.split_last().unwrap();
    assert!(
        before.iter().all(|f| f["contradiction"] == json!([])),
        "{net}"
    );
    assert_eq!(&last["contradiction"], &shown["contradiction"], "{net}");
    assert_eq!(last["implications"], shown["implications"], "{net}");
    let labels: Vec<&str> = net["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let expected: Vec<String> = (1..=33)
        .map(|i| format!("({i})"))
        .chain(["⇒".to_string()])
        .collect();
    assert_eq!(labels, expected, "numbered once, in order");
    let refutation = &result["refutation"];
    assert!(
        refutation["trail"]
            .as_str()
            .unwrap()
            .contains("The refutation of ("),
        "{refutation}"
    );
    let inner = refutation["labels"].as_array().unwrap();
    assert!(inner[0].as_str().unwrap().ends_with(".1)"), "{refutation}");
    assert_eq!(
        refutation["assumption"].as_array().unwrap().len(),
        1,
        "{refutation}"
    );
    assert!(
        !refutation["contradiction"].as_array().unwrap().is_empty(),
        "{refutation}"
    );
}

/// Pages of grids too large for candidates (a 36x36 and a 100x100, each with 70% of its cells
/// given, from `common::giant`'s own generator) load without a console error, list every step
/// of the solve, go on with Next, back with Back, to the end with Last (where every cell holds
/// a digit), take a click on the grid and on a step of the list, and are photographed.
#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (missing when built; .ci/run installs them, then touch build.rs)"
)]
fn the_largest_grids_draw_and_step_in_a_real_browser() {
    let dir = scratch("html-browser-large");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut tests = Vec::new();
    let mut solves = Vec::new();
    for size in [36, 100] {
        let instance = common::giant::instance(size, 70, 1);
        let input = dir.join(format!("giant-{size}.csv"));
        std::fs::write(&input, common::csv(instance.puzzle.givens())).unwrap();
        let name = format!("giant-{size}x{size}");
        let page = dir.join(format!("{name}.html"));
        let (_, out, err) = run(&[
            "solve",
            input.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ]);
        assert!(err.contains("wrote"), "{out}{err}");
        let (_, out, _) = run(&["solve", input.to_str().unwrap(), "--format", "json"]);
        let solved: Value = serde_json::from_str(&out).unwrap();
        eprintln!("{name}: {} bytes", std::fs::metadata(&page).unwrap().len());
        tests.push(json!({"name": name, "page": page, "large": true, "shots": shots}));
        solves.push((name, size, solved));
    }
    let cases_file = dir.join("cases.json");
    std::fs::write(&cases_file, serde_json::to_string(&tests).unwrap()).unwrap();
    let results: Vec<Value> =
        serde_json::from_value(drive_browser("viewer.js", &cases_file, Company::Shared)).unwrap();
    for ((name, size, solved), result) in solves.iter().zip(&results) {
        let steps = solved["steps"].as_array().unwrap().len();
        assert_eq!(result["errors"], json!([]), "{name}: console errors");
        assert_eq!(result["listed"], steps, "{name}: the step list");
        let moved = &result["moved"];
        assert_eq!(
            moved["first"]["label"],
            format!("Step 1 of {steps}"),
            "{name}"
        );
        assert_eq!(moved["next"]["position"], 1, "{name}: Next");
        assert_eq!(moved["next_changed"], true, "{name}: Next changes the grid");
        assert_eq!(moved["back"]["position"], 0, "{name}: Back");
        assert_eq!(moved["last"]["position"], steps, "{name}: Last");
        // Before the first step the givens are drawn; after the last, every cell's digit.
        let givens = json_rows(&solved["givens"])
            .iter()
            .filter(|&&d| d > 0)
            .count();
        assert_eq!(moved["first"]["digits"], givens, "{name}: the givens");
        assert_eq!(
            moved["last"]["digits"],
            size * size,
            "{name}: the last grid"
        );
        assert_eq!(
            moved["clicked_step"]["position"], 1,
            "{name}: a click on step 2"
        );
        for file in result["shots"].as_array().unwrap() {
            eprintln!("{name}: screenshot {}", file.as_str().unwrap());
        }
    }
}

/// The guide's examples (`docs/src/techniques`): a grouped AIC, a Killer's innies and outies, a
/// Shikaku deduction, each with the step of it that the guide shows (gridlogic's own path).
const TOLD: [(&str, &str, &str); 3] = [
    ("grouped-aic", "fixtures/guide/chains.txt", "Grouped AIC"),
    (
        "killer-innies",
        "fixtures/guide/killer.txt",
        "Innies and Outies",
    ),
    (
        "shikaku-only-clue",
        "fixtures/guide/shikaku.txt",
        "Only clue",
    ),
];

/// In Chromium (`tests/browser/words.js`), each step of [`TOLD`] shows the words that
/// `explain --format json` gives it, beside the drawing at 1280x800 and under it at 390x844;
/// the grouped AIC, played by clicks and keys, marks the sentence of the link being drawn (the
/// `If`/`Then` sentences of its words, in order), leaves the later ones faint and draws as many
/// links as it has played; its technique's name opens the guide's entry of the step's `guide`
/// page, with that page's "What it is".
#[test]
#[cfg_attr(
    no_browser,
    ignore = "needs node, Chromium and playwright-core (missing when built; .ci/run installs them, then touch build.rs)"
)]
fn the_steps_are_told_in_words_and_link_to_the_guide() {
    let dir = scratch("html-browser-words");
    let shots = root().join("target/viewer-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut cases = Vec::new();
    let mut expected = Vec::new();
    for (name, input, technique) in TOLD {
        let args = [input, "--rating", "gridlogic"];
        let page = dir.join(format!("{name}.html"));
        write_page(&args, &page);
        let (code, out, err) = run(&[
            "explain",
            "--format",
            "json",
            input,
            "--rating",
            "gridlogic",
        ]);
        assert_eq!(code, 0, "{err}");
        let explained: Value = serde_json::from_str(&out).unwrap();
        let steps = explained["steps"].as_array().unwrap();
        let step = steps
            .iter()
            .position(|s| s["technique"] == technique)
            .unwrap_or_else(|| panic!("{input}: no {technique}"));
        let chain = technique == "Grouped AIC";
        cases.push(
            json!({"name": name, "page": page, "step": step, "chain": chain, "shots": shots}),
        );
        expected.push((name, technique, steps[step].clone()));
    }
    let cases_file = dir.join("cases.json");
    std::fs::write(&cases_file, serde_json::to_string(&cases).unwrap()).unwrap();
    let results: Vec<Value> =
        serde_json::from_value(drive_browser("words.js", &cases_file, Company::Shared)).unwrap();
    for ((name, technique, step), result) in expected.iter().zip(&results) {
        assert_eq!(result["errors_1280"], json!([]), "{name}");
        assert_eq!(result["errors_390"], json!([]), "{name}");
        assert_eq!(result["technique"], *technique, "{name}");
        let words = step["words"].as_array().unwrap();
        assert!(words.len() >= 2, "{name}: {step}");
        assert_eq!(
            result["words"], step["words"],
            "{name}: the words explain gives"
        );
        assert_eq!(result["place_1280"]["beside"], true, "{name}: {result}");
        assert_eq!(result["place_390"]["under"], true, "{name}: {result}");
        check_guide(name, step, result);
        if !result["play"].is_null() {
            check_chain_play(words, &result["play"]);
        }
    }
}

/// The guide opened from the technique's name shows the entry of the step's `guide` page, with
/// the page's "What it is" (its markdown's emphasis and code drawn, so compared without them).
fn check_guide(name: &str, step: &Value, result: &Value) {
    let guide = &result["guide"];
    let page = step["guide"].as_str().unwrap();
    let key = page
        .strip_prefix("docs/src/techniques/")
        .and_then(|p| p.strip_suffix(".md"))
        .unwrap();
    assert_eq!(guide["hidden"], false, "{name}: {guide}");
    assert_eq!(guide["expanded"], "true", "{name}: {guide}");
    assert_eq!(guide["key"], key, "{name}: {guide}");
    let markdown = std::fs::read_to_string(root().join(page)).unwrap();
    let title = markdown.lines().next().unwrap().trim_start_matches("# ");
    assert_eq!(guide["title"], format!("{title}: the guide"), "{name}");
    let what = markdown
        .split("**What it is.**")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("**", "")
        .replace('`', "");
    assert_eq!(guide["what"], what, "{name}");
    assert_eq!(result["guide_closed"], true, "{name}");
}

/// A chain played link by link marks the sentence of the link drawn last: the words' `If`/`Then`
/// sentences are its links in order, those before it stay plain and those after it are faint;
/// at the end the closing `So` sentences are marked and none is faint.
fn check_chain_play(words: &[Value], play: &Value) {
    let text = |i: usize| words[i].as_str().unwrap();
    let links: Vec<usize> = (0..words.len())
        .filter(|&i| text(i).starts_with("If ") || text(i).starts_with("Then "))
        .collect();
    let total = links.len();
    assert!(total >= 3, "{words:?}");
    let ends: Vec<usize> = (links[total - 1] + 1..words.len()).collect();
    let points = play.as_array().unwrap();
    // Opened whole, then Start, On, Shift+→ to the end, Shift+←, Back, the second link's sentence.
    let shown: Vec<i64> = points
        .iter()
        .map(|p| match p["current_link"].as_i64() {
            Some(k) => k,
            None => p["links"].as_i64().unwrap() + 1,
        })
        .collect();
    let t = total as i64;
    let mut expected = vec![t + 1, 1, 2];
    expected.extend(3..=t + 1);
    expected.extend([t, t - 1, 2]);
    assert_eq!(shown, expected, "{play}");
    for point in points {
        let position = point["position"].as_str().unwrap();
        assert!(
            position.starts_with("Step "),
            "the keys stay on the step: {point}"
        );
        match point["current_link"].as_u64() {
            Some(k) => {
                let k = k as usize;
                assert_eq!(point["links"], k, "{point}");
                assert_eq!(point["current"], json!([links[k - 1]]), "{point}");
                let later: Vec<usize> = (links[k - 1] + 1..words.len()).collect();
                assert_eq!(point["later"], json!(later), "{point}");
                assert_eq!(point["count"], format!("Link {k} of {total}"), "{point}");
            }
            None => {
                assert_eq!(point["links"], total, "{point}");
                assert_eq!(point["current"], json!(ends), "{point}");
                assert_eq!(point["later"], json!([]), "{point}");
            }
        }
    }
    let position = points[0]["position"].as_str().unwrap();
    assert!(points.iter().all(|p| p["position"] == position), "{play}");
}
