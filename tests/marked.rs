//! Even/odd and consecutive Sudokus (janko.at's, `../shared/datasets/variants`): read as the
//! dataset writes them, every puzzle has one solution, the published one, which a checker
//! written here (not the library's) finds keeps every rule as the dataset's README states it;
//! the logical solve reaches it with sound steps. A few puzzles are kept in `fixtures/marked/`
//! so that the reading, the verdicts and the new steps are checked without `../shared`.

use crate::common;

use crate::common::{fixture, run, shared};
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

/// A written workbook's look, from its XML: per style, its fill and its four borders.
struct Looks {
    archive: zip::ZipArchive<std::fs::File>,
    /// Per style (`s` of a cell), its fill colour and its borders.
    styles: Vec<(Option<u32>, [Side; 4])>,
}

/// One side of a cell's border: its style (`thin`, `thick`, …, `none`) and colour, if set.
#[derive(Debug, Clone, PartialEq)]
struct Side {
    style: String,
    colour: Option<u32>,
}

/// The text between `start` and `end` after each `start` in `text`.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Vec<&'a str> {
    let parts = text.split(start).skip(1);
    parts.map(|p| p.split(end).next().unwrap()).collect()
}

/// The value of attribute `name` in an element's text.
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let pattern = format!(" {name}=\"");
    let value = element.split(&pattern).nth(1)?;
    value.split('"').next()
}

fn rgb(element: &str) -> Option<u32> {
    attribute(element, "rgb").map(|argb| u32::from_str_radix(argb, 16).unwrap() & 0xFF_FFFF)
}

impl Looks {
    fn of(path: &std::path::Path) -> Looks {
        let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
        let styles = Looks::part(&mut archive, "xl/styles.xml");
        let fills: Vec<Option<u32>> = between(&styles, "<fill>", "</fill>")
            .into_iter()
            .map(|fill| match fill.contains("patternType=\"solid\"") {
                true => between(fill, "<fgColor", "/>").first().and_then(|c| rgb(c)),
                false => None,
            })
            .collect();
        let borders: Vec<[Side; 4]> = between(&styles, "<border>", "</border>")
            .into_iter()
            .map(|border| {
                ["top", "right", "bottom", "left"].map(|name| {
                    let open = format!("<{name}");
                    let element = border.split(&open).nth(1).unwrap();
                    let element = element.split(&format!("</{name}>")).next().unwrap();
                    Side {
                        style: attribute(element, "style").unwrap_or("none").to_string(),
                        colour: between(element, "<color", "/>")
                            .first()
                            .and_then(|c| rgb(c)),
                    }
                })
            })
            .collect();
        let xfs = between(&styles, "<cellXfs", "</cellXfs>")[0];
        let styles = between(xfs, "<xf ", ">")
            .into_iter()
            .map(|xf| {
                let id = |name| attribute(xf, name).unwrap().parse::<usize>().unwrap();
                (fills[id("fillId")], borders[id("borderId")].clone())
            })
            .collect();
        Looks { archive, styles }
    }

    fn part(archive: &mut zip::ZipArchive<std::fs::File>, name: &str) -> String {
        use std::io::Read;
        let mut xml = String::new();
        let mut entry = archive.by_name(name).unwrap();
        entry.read_to_string(&mut xml).unwrap();
        xml
    }

    /// The fill and borders of the 9x9 grid's cells on sheet `sheet` (1 for the first), the
    /// grid's top-left cell at zero-based (`top`, `left`); row-major.
    fn grid(&mut self, sheet: usize, (top, left): (usize, usize)) -> Vec<(Option<u32>, [Side; 4])> {
        let xml = Looks::part(
            &mut self.archive,
            &format!("xl/worksheets/sheet{sheet}.xml"),
        );
        let mut cells = Vec::new();
        for row in top..top + 9 {
            for col in left..left + 9 {
                let address = format!("<c r=\"{}{}\"", (b'A' + col as u8) as char, row + 1);
                let cell = xml.split(&address).nth(1).unwrap();
                let style = attribute(cell.split('>').next().unwrap(), "s");
                let style: usize = style.map_or(0, |s| s.parse().unwrap());
                cells.push(self.styles[style].clone());
            }
        }
        cells
    }
}

/// A workbook `gridlogic solve` writes of the fixture `name` with `steps` step sheets.
fn workbook_of(name: &str, steps: usize, dir: &std::path::Path) -> std::path::PathBuf {
    let target = dir.join(name.replace(".txt", ".xlsx"));
    let puzzle = fixture(&format!("marked/{name}"));
    let steps = steps.to_string();
    let args = [
        "solve",
        puzzle.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
        "--step-sheets",
        &steps,
    ];
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{name}: {err}");
    target
}

/// Where the workbook's grids are (sheets in order Solution, Steps, Puzzle, Candidates, Step 1,
/// …): the puzzle's own place B3, the candidate sheets' B4.
const SOLUTION_SHEET: (usize, (usize, usize)) = (1, (2, 1));
const PUZZLE_SHEET: (usize, (usize, usize)) = (3, (2, 1));
const CANDIDATES_SHEET: (usize, (usize, usize)) = (4, (3, 1));
const STEP_1_SHEET: (usize, (usize, usize)) = (5, (3, 1));

/// The grey the writer lays over a fill for an even cell (`0xD0D0D0`): each channel times
/// 0xD0 / 0xFF, rounded.
fn under_even_grey(fill: u32) -> u32 {
    [16, 8, 0]
        .into_iter()
        .map(|shift| ((((fill >> shift) & 0xFF) * 0xD0 + 127) / 255) << shift)
        .sum()
}

#[test]
fn the_workbook_shades_the_even_cells_the_text_marks() {
    let dir = common::scratch("marked-book-parity");
    let book = workbook_of("even-odd-100.txt", 2, &dir);
    let rows = common::marked_rows("marked/even-odd-100.txt");
    let even: Vec<bool> = rows[..9].concat().iter().map(|t| t == "E").collect();
    assert_eq!(even.iter().filter(|&&e| e).count(), 29);
    let mut looks = Looks::of(&book);
    // Every empty cell is marked, so only the even ones are shaded, in their own grey.
    for (sheet, at) in [PUZZLE_SHEET, CANDIDATES_SHEET] {
        let fills: Vec<Option<u32>> = looks.grid(sheet, at).into_iter().map(|l| l.0).collect();
        let expected: Vec<Option<u32>> = even.iter().map(|&e| e.then_some(0xD0D0D0)).collect();
        assert_eq!(fills, expected, "sheet {sheet}");
    }
    // Step 1 (Even Cells) fills its pattern, the even cells, pale yellow: darkened by the grey.
    let step: Vec<Option<u32>> = looks
        .grid(STEP_1_SHEET.0, STEP_1_SHEET.1)
        .into_iter()
        .map(|l| l.0)
        .collect();
    let pattern = under_even_grey(0xFFEE99);
    let expected: Vec<Option<u32>> = even.iter().map(|&e| e.then_some(pattern)).collect();
    assert_eq!(step, expected);
    // On the Solution sheet every cell is filled by what placed it; the even cells' fills are
    // the shaded ones, apart from every other cell's.
    let solution = looks.grid(SOLUTION_SHEET.0, SOLUTION_SHEET.1);
    let fills = |marked: bool| -> std::collections::BTreeSet<u32> {
        let cells = solution.iter().zip(&even).filter(|(_, e)| **e == marked);
        cells.map(|(l, _)| l.0.unwrap()).collect()
    };
    let (shaded, plain) = (fills(true), fills(false));
    assert!(shaded.is_disjoint(&plain), "{shaded:X?} {plain:X?}");
    for fill in &shaded {
        assert!(
            plain.iter().any(|&p| under_even_grey(p) == *fill) || *fill == 0xD0D0D0,
            "{fill:X}"
        );
    }
}

#[test]
fn the_workbook_shades_odd_cells_too_where_some_empty_cell_is_unmarked() {
    let dir = common::scratch("marked-book-odd");
    // r1c2 (an O) and r1c4 (an E) lose their marks.
    let text = edited("even-odd-100.txt", |rows| {
        rows[1][1] = "-".into();
        rows[1][3] = "-".into();
    });
    let path = dir.join("partly-marked.txt");
    std::fs::write(&path, &text).unwrap();
    let target = dir.join("partly-marked.xlsx");
    let (code, _, err) = run(&[
        "solve",
        path.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(code <= 1, "{err}");
    let mut rows: Vec<Vec<String>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect();
    rows.truncate(9);
    let expected: Vec<Option<u32>> = rows
        .concat()
        .iter()
        .map(|t| match t.as_str() {
            "E" => Some(0xD0D0D0),
            "O" => Some(0xEEEEEE),
            _ => None,
        })
        .collect();
    assert_eq!(expected.iter().filter(|f| f.is_some()).count(), 62);
    let fills: Vec<Option<u32>> = Looks::of(&target)
        .grid(PUZZLE_SHEET.0, PUZZLE_SHEET.1)
        .into_iter()
        .map(|l| l.0)
        .collect();
    assert_eq!(fills, expected);
}

#[test]
fn the_workbook_draws_the_bars_the_masks_give() {
    let dir = common::scratch("marked-book-bars");
    let book = workbook_of("consecutive-9x9.txt", 1, &dir);
    // The masks as janko.at writes them: 1 right, 2 below, 4 left, 8 above.
    let rows = common::marked_rows("marked/consecutive-9x9.txt");
    let masks: Vec<u8> = rows[9..18]
        .concat()
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let mut looks = Looks::of(&book);
    for (sheet, at) in [PUZZLE_SHEET, SOLUTION_SHEET, CANDIDATES_SHEET, STEP_1_SHEET] {
        let mut bars = 0;
        for (i, (_, sides)) in looks.grid(sheet, at).into_iter().enumerate() {
            // Top, right, bottom, left, as the mask's bits 8, 1, 2, 4.
            for (side, bit) in sides.iter().zip([8, 1, 2, 4]) {
                let barred = masks[i] & bit != 0;
                let drawn = side.colour == Some(0x882255);
                assert_eq!(
                    drawn, barred,
                    "sheet {sheet}, cell {i}, bit {bit}: {side:?}"
                );
                if drawn {
                    assert_eq!(side.style, "thick");
                    bars += 1;
                } else {
                    assert_eq!(side.colour, None, "sheet {sheet}, cell {i}");
                }
            }
        }
        // Each bar is drawn on both its cells.
        assert_eq!(bars, 2 * 42, "sheet {sheet}");
    }
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

/// The puzzle `gridlogic` reads from the sheet `sheet` of the workbook at `path` (the first
/// sheet without one).
fn sheet_puzzle(path: &std::path::Path, sheet: Option<&str>) -> Result<Puzzle, String> {
    let options = ReadOptions {
        sheet: sheet.map(str::to_string),
        ..ReadOptions::default()
    };
    let input = gridlogic::read::read_file(path, &options).map_err(|e| e.to_string())?;
    Ok(input.puzzles.into_iter().next().unwrap())
}

#[test]
fn the_workbook_s_puzzle_sheet_reads_back_with_the_same_marks() {
    let dir = common::scratch("marked-book-round-trip");
    let partly = edited("even-odd-100.txt", |rows| {
        rows[1][1] = "-".into();
        rows[1][3] = "-".into();
    });
    std::fs::write(dir.join("partly.txt"), partly).unwrap();
    for (name, path) in [
        ("even-odd-100.txt", fixture("marked/even-odd-100.txt")),
        ("consecutive-9x9.txt", fixture("marked/consecutive-9x9.txt")),
        ("partly.txt", dir.join("partly.txt")),
    ] {
        let target = dir.join(name.replace(".txt", ".xlsx"));
        let args = [
            "solve",
            path.to_str().unwrap(),
            "-o",
            target.to_str().unwrap(),
        ];
        let (code, _, err) = run(&args);
        assert!(code <= 1, "{name}: {err}");
        let text = std::fs::read_to_string(&path).unwrap();
        let written = read_text(&text, name, &ReadOptions::default())
            .unwrap()
            .puzzles
            .remove(0);
        let read = sheet_puzzle(&target, Some("Puzzle")).unwrap();
        assert!(!written.layout().markings().is_empty(), "{name}");
        assert_eq!(
            read.layout().markings(),
            written.layout().markings(),
            "{name}"
        );
        assert_eq!(
            read.layout().regions(),
            written.layout().regions(),
            "{name}"
        );
        assert_eq!(read.givens().values(), written.givens().values(), "{name}");
    }
}

/// How a typed consecutive sheet draws its bars.
#[derive(Clone, Copy, PartialEq)]
enum TypedBars {
    /// Thick red borders on a grid of thin lines.
    Red,
    /// Thin black borders on a grid without inner lines.
    Lines,
}

/// A sheet typed by hand: the fixture `name`'s grid (N by N) at C3, thin lines between cells
/// (none with [`TypedBars::Lines`]) and a thick outline (and thick box lines for even/odd);
/// even cells (`E`) filled grey, `legend` under the grid; bars as `bars` says. `edit` may
/// change a token (row, column) first.
fn typed_sheet(
    dir: &std::path::Path,
    name: &str,
    bars: TypedBars,
    legend: &str,
    edit: Option<(usize, usize, &str)>,
) -> std::path::PathBuf {
    use rust_xlsxwriter::{Color, Workbook};
    let mut rows = common::marked_rows(&format!("marked/{name}"));
    if let Some((r, c, token)) = edit {
        rows[r][c] = token.to_string();
    }
    let n = rows[0].len();
    let masks: Vec<u8> = rows[n..]
        .concat()
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    let bar = |i: usize, bit: u8| masks.get(i).is_some_and(|m| m & bit != 0);
    for (i, token) in rows[..n].concat().iter().enumerate() {
        let (r, c) = (i / n, i % n);
        // Top, right, bottom, left, as the masks' bits 8, 1, 2, 4 say from either cell.
        let barred = [
            r > 0 && bar(i - n, 2),
            bar(i, 1),
            bar(i, 2),
            c > 0 && bar(i - 1, 1),
        ];
        let mut format = typed_format((r, c, n), bars, masks.is_empty(), barred);
        if token.starts_with('E') {
            format = format.set_background_color(Color::RGB(0xC0C0C0));
        }
        let (row, col) = (2 + r as u32, 2 + c as u16);
        match token.trim_start_matches('E').parse::<f64>() {
            Ok(digit) => sheet.write_number_with_format(row, col, digit, &format),
            Err(_) => sheet.write_blank(row, col, &format),
        }
        .unwrap();
    }
    if !legend.is_empty() {
        sheet.write_string(n as u32 + 3, 2, legend).unwrap();
    }
    let kind = if bars == TypedBars::Red {
        "red"
    } else {
        "lines"
    };
    let path = dir.join(format!(
        "{}-{kind}-{}.xlsx",
        name.replace(".txt", ""),
        edit.is_some()
    ));
    workbook.save(&path).unwrap();
    path
}

/// The borders of a typed grid's cell (`r`, `c`) of `n` by `n`: thick on the outline (and on
/// 3x3 box lines with `boxes`), the inner lines thin (none for [`TypedBars::Lines`]), and bars on
/// the `barred` sides (top, right, bottom, left) as `bars` draws them.
fn typed_format(
    (r, c, n): (usize, usize, usize),
    bars: TypedBars,
    boxes: bool,
    barred: [bool; 4],
) -> rust_xlsxwriter::Format {
    use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder};
    let inner = match bars {
        TypedBars::Red => FormatBorder::Thin,
        TypedBars::Lines => FormatBorder::None,
    };
    let edge = |outer: bool, box_line: bool| match outer || (boxes && box_line) {
        true => FormatBorder::Thick,
        false => inner,
    };
    let (style, colour) = match bars {
        TypedBars::Red => (FormatBorder::Thick, Color::RGB(0xFF0000)),
        TypedBars::Lines => (FormatBorder::Thin, Color::Black),
    };
    let side = |plain: FormatBorder, side: usize| match barred[side] {
        true => (style, colour),
        false => (plain, Color::Automatic),
    };
    let (top, right, bottom, left) = (
        side(edge(r == 0, r.is_multiple_of(3)), 0),
        side(edge(c == n - 1, c % 3 == 2), 1),
        side(edge(r == n - 1, r % 3 == 2), 2),
        side(edge(c == 0, c.is_multiple_of(3)), 3),
    );
    Format::new()
        .set_align(FormatAlign::Center)
        .set_border_top(top.0)
        .set_border_top_color(top.1)
        .set_border_right(right.0)
        .set_border_right_color(right.1)
        .set_border_bottom(bottom.0)
        .set_border_bottom_color(bottom.1)
        .set_border_left(left.0)
        .set_border_left_color(left.1)
}

/// The one solution of `puzzle`, row-major, after checking that it is the only one.
fn only_solution(puzzle: &Puzzle) -> Vec<usize> {
    let count = search::count_solutions(puzzle, 2);
    assert_eq!(count.solutions, 1);
    values(count.first.unwrap().values())
}

#[test]
fn a_typed_even_odd_sheet_with_grey_even_cells_solves_to_the_published_solution() {
    let dir = common::scratch("marked-typed-parity");
    let expected = fixture_solution("even-odd-100.txt");
    for legend in ["grey = even", ""] {
        let path = typed_sheet(&dir, "even-odd-100.txt", TypedBars::Red, legend, None);
        let puzzle = sheet_puzzle(&path, None).unwrap();
        let layout = puzzle.layout();
        let parity = |cell| layout.markings().parity(cell);
        let cells: Vec<_> = layout.cells().collect();
        let count = |p| cells.iter().filter(|&&c| parity(c) == Some(p)).count();
        // 29 grey cells; the 35 other empty cells odd, as janko.at prints them.
        assert_eq!(count(gridlogic::model::Parity::Even), 29, "{legend:?}");
        assert_eq!(count(gridlogic::model::Parity::Odd), 35, "{legend:?}");
        assert_eq!(only_solution(&puzzle), expected, "{legend:?}");
        let (code, out, err) = run(&["solve", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("64 even/odd cells"), "{out}");
    }
    // A legend that calls the grey cells odd is followed: the grid then has no solution.
    let path = typed_sheet(
        &dir,
        "even-odd-100.txt",
        TypedBars::Red,
        "grau: ungerade",
        None,
    );
    let puzzle = sheet_puzzle(&path, None).unwrap();
    assert_eq!(search::count_solutions(&puzzle, 2).solutions, 0);
}

#[test]
fn a_grey_cell_holding_an_odd_given_is_an_error_naming_the_cell() {
    let dir = common::scratch("marked-typed-broken");
    // r1c4 (F3 on the sheet) is marked even: a 3 typed there in a grey cell breaks the mark.
    let path = typed_sheet(
        &dir,
        "even-odd-100.txt",
        TypedBars::Red,
        "grey = even",
        Some((0, 3, "E3")),
    );
    let err = sheet_puzzle(&path, None).unwrap_err();
    assert!(err.contains("r1c4 (F3)"), "{err}");
    assert!(
        err.contains("it is marked even but 3 is given there"),
        "{err}"
    );
}

#[test]
fn a_typed_consecutive_sheet_with_bars_as_borders_solves_to_the_published_solution() {
    let dir = common::scratch("marked-typed-bars");
    {
        let name = "consecutive-9x9.txt";
        let expected = fixture_solution(name);
        let bars = fixture_puzzle(name).layout().markings().bars(9);
        for form in [TypedBars::Red, TypedBars::Lines] {
            let path = typed_sheet(&dir, name, form, "", None);
            let puzzle = sheet_puzzle(&path, None).unwrap();
            let n = puzzle.size();
            assert_eq!(puzzle.layout().markings().bars(n), bars, "{name}");
            assert!(puzzle.layout().markings().all_bars_drawn());
            assert_eq!(puzzle.layout().regions(), &gridlogic::model::Regions::Latin);
            assert_eq!(only_solution(&puzzle), expected, "{name}");
        }
    }
    // janko.at's first consecutive 6x6: its five digits are all 5 or less and leave the first
    // row and the last column empty, so the digits alone make a 5x5; the thick outline drawn
    // around the six rows and columns is the grid.
    let name = "consecutive-01.txt";
    let bars = fixture_puzzle(name).layout().markings().bars(6);
    for form in [TypedBars::Red, TypedBars::Lines] {
        let path = typed_sheet(&dir, name, form, "", None);
        let puzzle = sheet_puzzle(&path, None).unwrap();
        assert_eq!(puzzle.size(), 6);
        assert_eq!(puzzle.layout().markings().bars(6), bars, "{name}");
        assert_eq!(puzzle.layout().regions(), &gridlogic::model::Regions::Latin);
        assert_eq!(only_solution(&puzzle), fixture_solution(name), "{name}");
        let (code, out, err) = run(&["solve", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("C3:H8"), "{out}");
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
    assert_eq!(common::printed_digits(&pdf, 0), givens);
    // The workbook holds the marks: its Puzzle sheet reads back with the even and odd cells
    // the text marks, one solution.
    let book = dir.join("even-odd.xlsx");
    let (code, _, err) = run(&[&args[..], &["-o", book.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let answer = dir.join("even-odd-answer.xlsx");
    let read = [
        "solve",
        book.to_str().unwrap(),
        "--sheet",
        "Puzzle",
        "--format",
        "json",
    ];
    let (code, out, err) = run(&[&read[..], &["-o", answer.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let document: serde_json::Value = serde_json::Deserializer::from_str(&out)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(document["status"], "unique", "{out}");
    let marked = |mark: &str| -> Vec<String> {
        let tokens = &generated(&text)[0].tokens;
        (tokens.iter().enumerate())
            .filter(|(_, t)| t.as_str() == mark)
            .map(|(i, _)| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
            .collect()
    };
    let listed = |key: &str| -> Vec<String> {
        let cells = document["layout"][key].as_array().unwrap();
        cells
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(listed("even_cells"), marked("E"), "{out}");
    assert_eq!(listed("odd_cells"), marked("O"), "{out}");
    // A CSV grid holds no marks: refused, nothing written.
    let target = dir.join("out.csv");
    let (code, _, err) = run(&[&args[..], &["-o", target.to_str().unwrap()]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a CSV grid cannot hold"), "{err}");
    assert!(!target.exists(), "the CSV was written");
}

/// How a lettered sheet writes the fixture's token at (`r`, `c`): the text to type (a digit is
/// typed as a number) and whether the cell is filled grey.
type Lettering = dyn Fn(usize, usize, &str) -> (String, bool);

/// A sheet typed by hand with the even/odd fixture's grid at C3, its marks typed as `lettering`
/// says; a title above and a note beside the grid, as people write them.
fn lettered_sheet(path: &std::path::Path, lettering: &Lettering) {
    use rust_xlsxwriter::{Color, Format, Workbook};
    let rows = common::marked_rows("marked/even-odd-100.txt");
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "Even/odd Sudoku").unwrap();
    sheet
        .write_string(4, 13, "Notes: E = even, O = odd")
        .unwrap();
    for (i, token) in rows[..9].concat().iter().enumerate() {
        let (r, c) = (i / 9, i % 9);
        let (text, grey) = lettering(r, c, token);
        let format = match grey {
            true => Format::new().set_background_color(Color::RGB(0xC0C0C0)),
            false => Format::new(),
        };
        let (row, col) = (2 + r as u32, 2 + c as u16);
        match text.parse::<f64>() {
            Ok(digit) => sheet.write_number_with_format(row, col, digit, &format),
            Err(_) if text == "-" => sheet.write_blank(row, col, &format),
            Err(_) => sheet.write_string_with_format(row, col, &text, &format),
        }
        .unwrap();
    }
    workbook.save(path).unwrap();
}

/// The same grid as CSV: the title line, then each row after an empty first column.
fn lettered_csv(path: &std::path::Path, lettering: &Lettering) {
    let mut text = String::from("Even/odd Sudoku\n\n");
    for row in lettered_rows(lettering) {
        let cells: Vec<String> = row.iter().map(|t| t.replace('-', "")).collect();
        text.push_str(&format!(",{}\n", cells.join(",")));
    }
    std::fs::write(path, text).unwrap();
}

/// The even/odd fixture's nine rows, each cell's text as `lettering` types it.
fn lettered_rows(lettering: &Lettering) -> Vec<Vec<String>> {
    let rows = common::marked_rows("marked/even-odd-100.txt");
    (rows[..9].iter().enumerate())
        .map(|(r, row)| {
            (row.iter().enumerate())
                .map(|(c, token)| lettering(r, c, token).0)
                .collect()
        })
        .collect()
}

/// The parity marks of `puzzle`, row-major, as the dataset writes them: `E`, `O` or `-`.
fn parity_tokens(puzzle: &Puzzle) -> Vec<&'static str> {
    let layout = puzzle.layout();
    (layout.cells())
        .map(|cell| match layout.markings().parity(cell) {
            Some(gridlogic::model::Parity::Even) => "E",
            Some(gridlogic::model::Parity::Odd) => "O",
            None => "-",
        })
        .collect()
}

/// The fixture's marks row-major: `E`, `O`, or `-` for a given.
fn published_marks() -> Vec<&'static str> {
    let rows = common::marked_rows("marked/even-odd-100.txt");
    (rows[..9].concat().iter())
        .map(|token| match token.as_str() {
            "E" => "E",
            "O" => "O",
            _ => "-",
        })
        .collect()
}

/// The even/odd fixture typed as `lettering` says into a workbook, a CSV and a text file
/// named `name` in `dir`: each reads with the published marks and solution.
fn check_lettering(dir: &std::path::Path, name: &str, lettering: &Lettering) {
    let expected = fixture_solution("even-odd-100.txt");
    let xlsx = dir.join(format!("{name}.xlsx"));
    lettered_sheet(&xlsx, lettering);
    let csv = dir.join(format!("{name}.csv"));
    lettered_csv(&csv, lettering);
    let text: String = (lettered_rows(lettering).iter())
        .map(|row| row.join(" ") + "\n")
        .collect();
    let txt = dir.join(format!("{name}.txt"));
    std::fs::write(&txt, text).unwrap();
    for path in [&xlsx, &csv, &txt] {
        let puzzle = sheet_puzzle(path, None).unwrap();
        assert_eq!(parity_tokens(&puzzle), published_marks(), "{path:?}");
        assert_eq!(only_solution(&puzzle), expected, "{path:?}");
    }
}

#[test]
fn parity_letters_and_words_typed_in_cells_mark_the_cells() {
    let dir = common::scratch("marked-lettered");
    // Letters as the dataset writes them, in either case, and a few cells as words.
    let english = |r: usize, c: usize, token: &str| {
        let text = match (token, (r + c) % 4) {
            ("E", 0) => "even".to_string(),
            ("O", 0) => "Odd".to_string(),
            ("E" | "O", 1) => token.to_lowercase(),
            _ => token.to_string(),
        };
        (text, false)
    };
    check_lettering(&dir, "english", &english);
    // German: `G` (gerade) for even and `U` (ungerade) for odd, in either case, and words.
    let german = |r: usize, c: usize, token: &str| {
        let text = match (token, (r + c) % 4) {
            ("E", 0) => "gerade".to_string(),
            ("O", 0) => "Ungerade".to_string(),
            ("E", 1) => "g".to_string(),
            ("O", 1) => "u".to_string(),
            ("E", _) => "G".to_string(),
            ("O", _) => "U".to_string(),
            _ => token.to_string(),
        };
        (text, false)
    };
    check_lettering(&dir, "german", &german);
}

#[test]
fn a_sheet_mixing_letters_and_grey_fills_reads_both() {
    let dir = common::scratch("marked-lettered-fills");
    let expected = fixture_solution("even-odd-100.txt");
    // Even cells shaded grey and left empty, odd cells typed `O`.
    let path = dir.join("mixed.xlsx");
    lettered_sheet(&path, &|_, _, token| match token {
        "E" => ("-".to_string(), true),
        _ => (token.to_string(), false),
    });
    let puzzle = sheet_puzzle(&path, None).unwrap();
    assert_eq!(parity_tokens(&puzzle), published_marks());
    assert_eq!(only_solution(&puzzle), expected);
    // With `O` typed in the first row only, the other empty unfilled cells have no mark: the
    // letters write the odd cells out, so white is not odd.
    let path = dir.join("partly.xlsx");
    lettered_sheet(&path, &|r, _, token| match token {
        "E" => ("-".to_string(), true),
        "O" if r > 0 => ("-".to_string(), false),
        _ => (token.to_string(), false),
    });
    let puzzle = sheet_puzzle(&path, None).unwrap();
    let marks: Vec<&str> = (published_marks().into_iter().enumerate())
        .map(|(i, mark)| if i >= 9 && mark == "O" { "-" } else { mark })
        .collect();
    assert_eq!(parity_tokens(&puzzle), marks);
}

#[test]
fn a_letter_beside_a_digit_or_against_its_fill_is_an_error_naming_the_cell() {
    let dir = common::scratch("marked-lettered-bad");
    // r1c1 (C3) holds the given 9: typed with a mark beside it.
    for typed in ["9O", "o 9", "9 (O)"] {
        let path = dir.join("digit.xlsx");
        lettered_sheet(&path, &|r, c, token| match (r, c) {
            (0, 0) => (typed.to_string(), false),
            _ => (token.to_string(), false),
        });
        let err = sheet_puzzle(&path, None).unwrap_err();
        assert!(err.contains("bad marking at r1c1 (C3)"), "{typed}: {err}");
        assert!(err.contains("a digit and the odd mark"), "{typed}: {err}");
    }
    // r1c2 (D3) typed `O` but filled grey among grey even cells.
    let path = dir.join("against.xlsx");
    lettered_sheet(&path, &|r, c, token| match (r, c, token) {
        (0, 1, _) => ("O".to_string(), true),
        (_, _, "E") => ("-".to_string(), true),
        _ => (token.to_string(), false),
    });
    let err = sheet_puzzle(&path, None).unwrap_err();
    assert!(err.contains("bad marking at r1c2 (D3)"), "{err}");
    assert!(
        err.contains("its letter marks it odd but its fill marks it even"),
        "{err}"
    );
}

#[test]
fn a_marked_puzzle_on_a_region_file_names_the_file_to_read_it_back() {
    let dir = common::scratch("marked-regions-file");
    let map = "fixtures/text/regions-5x5.txt";
    let path = dir.join("jigsaw-even-odd.txt");
    let args = ["generate", "--size", "5", "--regions", map];
    let args = [&args[..], &["--variant", "even-odd", "--seed", "3"]].concat();
    let (code, _, err) = run(&[&args[..], &["-o", path.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let note = (text.lines())
        .find_map(|l| l.strip_prefix("# read back with "))
        .expect("a jigsaw's marked text says how to read it back");
    // The map's path as it was given, so the line works as it is typed.
    assert_eq!(note, format!("--regions {map}"));
    let mut solve = vec!["solve", path.to_str().unwrap(), "--format", "jsonl"];
    solve.extend(note.split_whitespace());
    let (code, out, err) = run(&solve);
    assert_eq!(code, 0, "{err}");
    let document: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(document["status"], "unique", "{out}");
    // Printed to the terminal, the text says the same.
    let (_, printed, _) = run(&args);
    assert!(printed.contains(&format!("# read back with --regions {map}\n")));
}
