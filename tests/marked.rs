//! Even/odd and consecutive Sudokus (janko.at's, `../shared/datasets/variants`): read as the
//! dataset writes them, every puzzle has one solution, the published one, which a checker
//! written here (not the library's) finds keeps every rule as the dataset's README states it;
//! the logical solve reaches it with sound steps. A few puzzles are kept in `fixtures/marked/`
//! so that the reading, the verdicts and the new steps are checked without `../shared`.

mod common;

use common::{fixture, run, shared};
use gridlogic::core::{MarkRule, Technique};
use gridlogic::engine::{self, Options};
use gridlogic::model::Puzzle;
use gridlogic::read::{ReadOptions, read_text};
use gridlogic::render;
use gridlogic::report::SolveReport;
use gridlogic::search;
use std::collections::BTreeMap;

/// A puzzle as the dataset writes it: its grid's tokens and its bar masks, if any.
struct Written {
    size: usize,
    tokens: Vec<String>,
    masks: Option<Vec<u8>>,
    /// Whether the 3x3 boxes are houses: the dataset's even/odd puzzles have them, its
    /// consecutive ones do not.
    boxes: bool,
}

impl Written {
    fn parse(problem: &str) -> Written {
        let mut lines = problem.lines();
        let size: usize = lines
            .next()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let rows: Vec<Vec<String>> = lines
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect();
        let tokens = rows[..size].concat();
        let masks = (rows.len() == 2 * size).then(|| {
            rows[size..]
                .concat()
                .iter()
                .map(|m| m.parse().unwrap())
                .collect()
        });
        Written {
            size,
            boxes: masks.is_none(),
            tokens,
            masks,
        }
    }

    /// Whether `values` (row-major) keep every rule of the README: a digit once per row and
    /// column (and 3x3 box where there are boxes), `E` even, `O` odd, a given kept, and for masks: a bar
    /// exactly between the touching cells that differ by 1.
    fn keeps_rules(&self, values: &[usize]) -> bool {
        let n = self.size;
        let distinct = |cells: Vec<usize>| {
            let mut seen: Vec<usize> = cells.iter().map(|&i| values[i]).collect();
            seen.sort_unstable();
            seen == (1..=n).collect::<Vec<_>>()
        };
        let lines = (0..n).all(|i| {
            distinct((0..n).map(|c| i * n + c).collect())
                && distinct((0..n).map(|r| r * n + i).collect())
        });
        let boxes = !self.boxes
            || (0..n).all(|b| {
                let (top, left) = (b / 3 * 3, b % 3 * 3);
                distinct((0..9).map(|k| (top + k / 3) * n + left + k % 3).collect())
            });
        let tokens = self
            .tokens
            .iter()
            .zip(values)
            .all(|(t, &v)| match t.as_str() {
                "E" => v % 2 == 0,
                "O" => v % 2 == 1,
                "-" => true,
                given => given.parse::<usize>().unwrap() == v,
            });
        let bars = self.masks.as_ref().is_none_or(|masks| {
            (0..n * n).all(|i| {
                let right = i % n + 1 < n
                    && (masks[i] & 1 != 0) != (values[i].abs_diff(values[i + 1]) == 1);
                let below = i / n + 1 < n
                    && (masks[i] & 2 != 0) != (values[i].abs_diff(values[i + n]) == 1);
                !right && !below
            })
        });
        lines && boxes && tokens && bars
    }
}

/// The digits of a solution as the dataset writes it.
fn published(solution: &str) -> Vec<usize> {
    solution
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|d| d.parse().unwrap()))
        .collect()
}

fn values(puzzle_values: &[u8]) -> Vec<usize> {
    puzzle_values.iter().map(|&v| v as usize).collect()
}

/// What a collection's solves came to: puzzles, solved without a guess, and the hardest
/// technique of each solve, counted.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    by_logic: usize,
    hardest: BTreeMap<String, usize>,
}

/// Checks every puzzle of the collection `file`, returning its tally.
fn check_collection(file: &str) -> Option<Tally> {
    let path = shared(&format!("datasets/variants/{file}"))?;
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut tally = Tally::default();
    for (key, entry) in data["data"].as_object().unwrap() {
        let problem = entry["problem"].as_str().unwrap();
        let expected = published(entry["solution"].as_str().unwrap());
        let written = Written::parse(problem);
        assert!(
            written.keeps_rules(&expected),
            "{key}: the published solution breaks a rule"
        );
        let puzzle = read_text(problem, key, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{key}: {e}"))
            .puzzles
            .remove(0);
        let count = search::count_solutions(&puzzle, 2);
        assert_eq!(count.solutions, 1, "{key}");
        assert_eq!(values(count.first.unwrap().values()), expected, "{key}");
        let solve = engine::solve(&puzzle, &Options::all(puzzle.size()));
        assert_eq!(
            values(solve.solved_grid().expect("solved").values()),
            expected,
            "{key}"
        );
        assert!(solve.first_unsound_step().is_none(), "{key}");
        tally.puzzles += 1;
        tally.by_logic += usize::from(solve.backtracks() == 0);
        let hardest = gridlogic::rating::hardest(&solve.steps).map(|(t, _)| t.name());
        *tally
            .hardest
            .entry(hardest.unwrap_or_default())
            .or_default() += 1;
    }
    eprintln!(
        "{file}: {} puzzles, one solution each, the published one; {} solved by logic alone \
         ({:.0}%); hardest steps: {:?}",
        tally.puzzles,
        tally.by_logic,
        100.0 * tally.by_logic as f64 / tally.puzzles as f64,
        tally.hardest
    );
    Some(tally)
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_even_odd_puzzle_solves_to_its_published_solution() {
    if let Some(tally) = check_collection("EvenOddSudoku.json") {
        assert_eq!(tally.puzzles, 65);
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_consecutive_puzzle_solves_to_its_published_solution() {
    if let Some(tally) = check_collection("ConsecutiveSudoku.json") {
        assert_eq!(tally.puzzles, 106);
    }
}

/// A fixture read as the command line reads it.
fn fixture_puzzle(name: &str) -> Puzzle {
    let text = std::fs::read_to_string(fixture(&format!("marked/{name}"))).unwrap();
    read_text(&text, name, &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0)
}

/// The solution a fixture's second comment line gives (janko.at's, from the dataset).
fn fixture_solution(name: &str) -> Vec<usize> {
    let text = std::fs::read_to_string(fixture(&format!("marked/{name}"))).unwrap();
    let line = text.lines().nth(1).unwrap().trim_start_matches("# ");
    line.bytes().map(|b| (b - b'0') as usize).collect()
}

#[test]
fn the_fixtures_have_their_published_solutions_and_the_rules_hold() {
    for name in [
        "even-odd-100.txt",
        "consecutive-01.txt",
        "consecutive-9x9.txt",
    ] {
        let text = std::fs::read_to_string(fixture(&format!("marked/{name}"))).unwrap();
        let problem: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let expected = fixture_solution(name);
        assert!(Written::parse(&problem).keeps_rules(&expected), "{name}");
        let puzzle = fixture_puzzle(name);
        assert!(puzzle.is_solution(&grid(&puzzle, &expected)), "{name}");
        let count = search::count_solutions(&puzzle, 2);
        assert_eq!(count.solutions, 1, "{name}");
        assert_eq!(values(count.first.unwrap().values()), expected, "{name}");
    }
}

fn grid(puzzle: &Puzzle, digits: &[usize]) -> gridlogic::model::Grid {
    let mut grid = gridlogic::model::Grid::empty(puzzle.size());
    for (i, &d) in digits.iter().enumerate() {
        let cell = gridlogic::model::Cell::from_index(i);
        grid.set(cell, Some(gridlogic::model::Digit::new(d)));
    }
    grid
}

/// The fixture's text with `edit` applied to its grid rows (after the header).
fn edited(name: &str, edit: impl Fn(&mut Vec<Vec<String>>)) -> String {
    let text = std::fs::read_to_string(fixture(&format!("marked/{name}"))).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut rows: Vec<Vec<String>> = lines[1..]
        .iter()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect();
    edit(&mut rows);
    let body: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    format!("{}\n{}\n", lines[0], body.join("\n"))
}

/// `gridlogic check` on a text, its exit code and what it printed (both streams).
fn check(text: &str) -> (i32, String) {
    let dir = common::scratch("marked-check");
    let path = dir.join(format!("p{}.txt", text.len()));
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    (code, out + &err)
}

#[test]
fn verdicts_count_with_the_marks_and_bars() {
    // As printed: one solution. Without the parity letters the grid has several (the marks
    // carry the puzzle); a bar taken away from both its cells leaves a puzzle whose published
    // solution breaks the no-bar rule there, so none; an odd digit given in an odd cell beside
    // the published one breaks nothing but is wrong, and the search names it.
    let (code, said) = check(&edited("even-odd-100.txt", |_| {}));
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("1 solution (unique)"), "{said}");
    let unmarked = edited("even-odd-100.txt", |rows| {
        for row in rows.iter_mut() {
            for cell in row.iter_mut() {
                // `.` rather than `-`: a line of dashes is a drawn grid's border.
                if matches!(cell.as_str(), "E" | "O" | "-") {
                    *cell = ".".into();
                }
            }
        }
    });
    // Without its letters the grid is a plain Sudoku: written without the header, which would
    // make it a Shikaku.
    let plain = unmarked.split_once('\n').unwrap().1;
    let (code, said) = check(plain);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("solutions"), "{said}");
    // consecutive-01: r1c2 and r1c3 (1 and 2 in the solution) have a bar: masks 1 and 4.
    let unbarred = edited("consecutive-01.txt", |rows| {
        rows[6][1] = (rows[6][1].parse::<u8>().unwrap() & !1).to_string();
        rows[6][2] = (rows[6][2].parse::<u8>().unwrap() & !4).to_string();
    });
    let (code, said) = check(&unbarred);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("no solution"), "{said}");
    // r3c1 is 1 in the solution: a 5 given there is the wrong digit (5 fits no bar or no-bar
    // rule of its own), named by the check.
    let wrong = edited("consecutive-01.txt", |rows| rows[2][0] = "5".into());
    let (code, said) = check(&wrong);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("no solution"), "{said}");
}

#[test]
fn bad_masks_and_givens_against_a_bar_are_errors_naming_the_cells() {
    type Edit = fn(&mut Vec<Vec<String>>);
    let cases: [(&str, Edit, &[&str]); 5] = [
        // A bar the right cell does not claim back: r1c1's mask gains 1, r1c2's stays.
        (
            "one-sided bar",
            |rows| rows[6][0] = "1".into(),
            &[
                "r1c1 (line 8) and r1c2 (line 8) of the bar masks",
                "mask 1 puts a bar on its right border",
                "mask 1 has none",
            ],
        ),
        // A bar off the grid's edge: r1c1 claims its upper border.
        (
            "bar off the edge",
            |rows| rows[6][0] = "8".into(),
            &["r1c1 (line 8)", "upper border, at the edge"],
        ),
        (
            "not a mask",
            |rows| rows[7][2] = "16".into(),
            &["r2c3 (line 9) of the bar masks holds '16'"],
        ),
        // Two givens across a bar that do not differ by 1: 4 at r2c3 and 6 at r2c2 (masks 6
        // and 3 put a bar between them).
        (
            "givens against a bar",
            |rows| rows[1][1] = "6".into(),
            &["r2c2 (line 3) and r2c3 (line 3)", "6 and 4 are given"],
        ),
        // Two givens differing by 1 with no bar between them where every bar is drawn: 5 at
        // r2c4 beside the given 4 at r2c3 (r2c3's mask 6 has no right bar).
        (
            "consecutive givens without a bar",
            |rows| rows[1][3] = "5".into(),
            &["cannot differ by 1, but 4 and 5 are given"],
        ),
    ];
    for (case, edit, expected) in cases {
        let (code, said) = check(&edited("consecutive-01.txt", edit));
        assert_eq!(code, 2, "{case}: {said}");
        for part in expected {
            assert!(said.contains(part), "{case}: {part:?} not in {said}");
        }
    }
}

#[test]
fn the_marks_steps_remove_what_the_rules_rule_out() {
    let puzzle = fixture_puzzle("even-odd-100.txt");
    let solve = engine::solve(&puzzle, &Options::all(9));
    // The first two steps take the other parity out of every marked cell, and nothing else.
    let first: Vec<Technique> = solve.steps[..2].iter().map(|s| s.technique).collect();
    assert_eq!(
        first,
        [
            Technique::Marks(MarkRule::Even),
            Technique::Marks(MarkRule::Odd)
        ]
    );
    for step in &solve.steps[..2] {
        let even = step.technique == Technique::Marks(MarkRule::Even);
        assert!(!step.eliminations.is_empty());
        for c in &step.eliminations {
            assert_eq!(c.digit.get() % 2 == 0, !even, "{c:?}");
            let mark = puzzle.layout().markings().parity(c.cell).unwrap();
            assert_eq!(mark.word(), if even { "even" } else { "odd" });
        }
    }
    // On a consecutive puzzle, a no-bar step beside a placed digit d removes d-1 and d+1 from
    // unbarred neighbours only.
    let puzzle = fixture_puzzle("consecutive-9x9.txt");
    let solve = engine::solve(&puzzle, &Options::all(9));
    let markings = puzzle.layout().markings();
    let mut seen = 0;
    for step in solve
        .steps
        .iter()
        .filter(|s| s.technique == Technique::Marks(MarkRule::NoBar))
    {
        let source = step.figures[0].candidates[0];
        for c in &step.eliminations {
            assert!(
                !markings.bar(9, source.cell, c.cell),
                "{:?}",
                step.explanation
            );
            if step.figures[0].candidates.len() == 1 {
                assert_eq!(c.digit.get().abs_diff(source.digit.get()), 1);
            }
        }
        seen += 1;
    }
    assert!(seen > 0);
}

#[test]
fn drawn_outputs_refuse_marked_puzzles_rather_than_draw_them_without_their_marks() {
    // The workbook does not draw parity marks or bars yet: a drawing without the marks the
    // steps use would mislead, so it is refused (usage, exit 2) and nothing is written; the
    // page and PDF draw them (tests/html.rs, tests/print.rs), and the text outputs still solve
    // the puzzle.
    let dir = common::scratch("marked-drawn");
    for (name, command, output, refused) in [
        (
            "even-odd-100.txt",
            "solve",
            "out.xlsx",
            Some("the workbook"),
        ),
        (
            "consecutive-9x9.txt",
            "solve",
            "out.xlsx",
            Some("the workbook"),
        ),
        ("consecutive-9x9.txt", "solve", "out.html", None),
        ("even-odd-100.txt", "print", "out.pdf", None),
    ] {
        let puzzle = fixture(&format!("marked/{name}"));
        let target = dir.join(output);
        let args = [
            command,
            puzzle.to_str().unwrap(),
            "-o",
            target.to_str().unwrap(),
        ];
        let (code, _, err) = run(&args);
        let Some(refused) = refused else {
            assert_eq!(code, 0, "{command} {name} -o {output}: {err}");
            assert!(target.exists(), "{output} was not written");
            continue;
        };
        assert_eq!(code, 2, "{command} {name} -o {output}: {err}");
        let message = format!("{refused} does not draw even/odd marks");
        assert!(err.contains(&message), "{err}");
        assert!(!target.exists(), "{output} was written");
    }
    let puzzle = fixture("marked/even-odd-100.txt");
    let (code, out, err) = run(&["solve", puzzle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solved by logic alone"), "{out}");
}

#[test]
fn the_json_layout_lists_the_marks_the_fixtures_write() {
    // Against the fixtures' text: the cells written `E` and `O`, and a bar for every mask bit
    // 1 (right) and 2 (below), every pair barred (janko.at's masks).
    let cell = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    let layout = |name: &str| {
        let path = fixture(name);
        let (code, out, err) = run(&["solve", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let document: serde_json::Value = serde_json::from_str(&out).unwrap();
        document["layout"].clone()
    };
    let name = "marked/even-odd-100.txt";
    let rows = common::marked_rows(name);
    let tokens: Vec<&String> = rows[..9].iter().flatten().collect();
    let written = |mark: &str| {
        let cells = (0..81).filter(|&i| tokens[i] == mark).map(cell);
        serde_json::Value::from(cells.collect::<Vec<_>>())
    };
    let even_odd = layout(name);
    assert_eq!(even_odd["even_cells"], written("E"), "{even_odd}");
    assert_eq!(even_odd["odd_cells"], written("O"), "{even_odd}");
    assert!(even_odd.get("bars").is_none(), "{even_odd}");
    let name = "marked/consecutive-9x9.txt";
    let rows = common::marked_rows(name);
    let mut pairs = Vec::new();
    for (i, mask) in rows[9..18].iter().flatten().enumerate() {
        let mask: usize = mask.parse().unwrap();
        if mask & 1 != 0 {
            pairs.push([cell(i), cell(i + 1)]);
        }
        if mask & 2 != 0 {
            pairs.push([cell(i), cell(i + 9)]);
        }
    }
    let consecutive = layout(name);
    let bars = &consecutive["bars"];
    assert_eq!(bars["every_pair_barred"], true, "{bars}");
    assert_eq!(bars["pairs"], serde_json::json!(pairs), "{bars}");
    assert!(consecutive.get("even_cells").is_none(), "{consecutive}");
}

#[test]
fn the_puzzle_text_reads_back_with_its_marks() {
    // The page's engine and the state files read the puzzle from `render::puzzle_text`: a
    // marked puzzle must come back with its givens, parity marks and bars, or its hints and
    // checks answer another puzzle. A third puzzle has some cells left unmarked.
    let mut partial = fixture_puzzle("even-odd-100.txt");
    let text = render::puzzle_text(&partial).replacen(" O ", " - ", 3);
    partial = read_text(&text, "partial", &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0);
    let puzzles = [
        fixture_puzzle("even-odd-100.txt"),
        fixture_puzzle("consecutive-9x9.txt"),
        partial,
    ];
    for puzzle in puzzles {
        let text = render::puzzle_text(&puzzle);
        let again = read_text(&text, "again", &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .puzzles
            .remove(0);
        assert_eq!(
            again.layout().markings(),
            puzzle.layout().markings(),
            "{text}"
        );
        assert_eq!(again.givens(), puzzle.givens(), "{text}");
        assert_eq!(
            again.layout().regions(),
            puzzle.layout().regions(),
            "{text}"
        );
    }
}

/// The puzzles of a file `generate` wrote as text: each from its `N N` line, comment lines
/// left out.
fn generated(text: &str) -> Vec<Written> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].split_whitespace().count() == 2)
        .collect();
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    (starts.iter().zip(ends))
        .map(|(&start, end)| Written::parse(&lines[start..end].join("\n")))
        .collect()
}

/// The digits of a page of `pdf`'s text (pdftotext), its title and page number left out.
fn printed_digits(pdf: &std::path::Path, page: usize) -> Vec<char> {
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

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftotext; .ci/run installs them, then touch build.rs)"
)]
fn generated_marked_puzzles_read_back_with_one_solution_that_keeps_their_marks() {
    // Even/odd as janko.at draws it (every empty cell marked, boxes), consecutive without boxes
    // (janko.at's) and with them: written as text, read back by `solve` with one solution by
    // the exact search, at the level asked for; the marks and bars written, checked by this
    // file's own checker against that solution, are exactly the solution's parities and
    // consecutive pairs. The same seed writes the same bytes.
    let dir = common::scratch("marked-generate");
    let cases = [
        ("even-odd", None, "medium"),
        ("consecutive", None, "hard"),
        ("consecutive", Some("3x3"), "easy"),
    ];
    for (variant, boxes, level) in cases {
        let path = dir.join(format!("{variant}-{level}.txt"));
        let mut args = vec![
            "generate",
            "--variant",
            variant,
            "--seed",
            "11",
            "--count",
            "2",
        ];
        args.extend(["--difficulty", level]);
        args.extend(boxes.iter().flat_map(|b| ["--box", b]));
        let mut written = args.clone();
        written.extend(["-o", path.to_str().unwrap()]);
        let (code, _, err) = run(&written);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, again, _) = run(&args);
        assert_eq!(again, text, "{variant}: not the same for the same seed");
        // The text of marks carries no boxes: bars read without them unless the comment line
        // says otherwise, as it does for boxed ones.
        let note = text
            .lines()
            .find_map(|l| l.strip_prefix("# read back with "));
        let expected_note = boxes.map(|b| format!("--box {b}"));
        assert_eq!(note.map(str::to_string), expected_note, "{text}");
        let mut solve = vec!["solve", path.to_str().unwrap(), "--format", "jsonl"];
        solve.extend(note.iter().flat_map(|n| n.split_whitespace()));
        let (code, out, err) = run(&solve);
        assert_eq!(code, 0, "{err}");
        let puzzles = generated(&text);
        assert_eq!(puzzles.len(), 2, "{text}");
        for (mut puzzle, line) in puzzles.into_iter().zip(out.lines()) {
            let document: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(document["status"], "unique", "{variant}: {line}");
            let shown = document["rating"]["level"].as_str().unwrap_or_default();
            assert_eq!(shown.to_lowercase(), level, "{variant}: {line}");
            let solution = common::json_rows(&document["solution"]);
            puzzle.boxes = variant == "even-odd" || boxes.is_some();
            assert!(puzzle.keeps_rules(&solution), "{variant}: {text}");
            match variant {
                // janko.at's form: every cell a digit or a mark.
                "even-odd" => assert!(puzzle.tokens.iter().all(|t| t != "-"), "{text}"),
                _ => assert!(puzzle.masks.is_some(), "{text}"),
            }
        }
    }
    // A PDF booklet prints the puzzle's givens (its marks are drawn: looked at by pdftoppm).
    let pdf = dir.join("even-odd.pdf");
    let args = ["generate", "--variant", "even-odd", "--seed", "11"];
    let (code, _, err) = run(&[&args[..], &["-o", pdf.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let (_, text, _) = run(&args);
    let mut givens: Vec<char> = generated(&text)[0]
        .tokens
        .iter()
        .filter_map(|t| t.parse::<u8>().ok())
        .map(|d| char::from(b'0' + d))
        .collect();
    givens.sort_unstable();
    assert_eq!(printed_digits(&pdf, 0), givens);
    // A CSV grid holds no marks, and the workbook does not draw them yet: refused, nothing
    // written.
    for (name, refused) in [
        ("out.csv", "a CSV grid cannot hold"),
        ("out.xlsx", "the workbook"),
    ] {
        let target = dir.join(name);
        let (code, _, err) = run(&[&args[..], &["-o", target.to_str().unwrap()]].concat());
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(refused), "{err}");
        assert!(!target.exists(), "{name} was written");
    }
}
