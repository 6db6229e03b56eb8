//! Overlapping Sudokus (Samurai, Butterfly, Windmill, Sohei, Gattai-8, Sumo, Shogun; janko.at's,
//! `../shared/datasets/variants`): read as the dataset writes them, every puzzle has one
//! solution, the published one, which a checker written here (not the library's) finds keeps
//! every rule as the dataset's README states it; the logical solve reaches it with sound steps.
//! A puzzle of each layout is kept in `fixtures/overlap/` so that reading, verdicts, messages and
//! outputs are checked without `../shared`.

use crate::common;

use crate::common::{fixture, run, shared};
use gridlogic::engine::{self, Options};
use gridlogic::model::Puzzle;
use gridlogic::read::{ReadOptions, read_text};
use gridlogic::render;
use gridlogic::report::SolveReport;
use gridlogic::search;
use std::collections::BTreeMap;

/// A grid as the dataset writes it: its rows of tokens (`-` empty or outside the grids).
fn tokens(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Whether `solution` (rows of tokens) keeps the rules of the README for the grids at `corners`:
/// each 9x9 grid a classic Sudoku, no digit outside the grids, every given of `problem` kept.
fn keeps_rules(
    problem: &[Vec<String>],
    solution: &[Vec<String>],
    corners: &[(usize, usize)],
) -> bool {
    let digit = |r: usize, c: usize| solution[r][c].parse::<usize>().ok();
    let whole = |cells: Vec<(usize, usize)>| {
        let mut seen: Vec<Option<usize>> = cells.iter().map(|&(r, c)| digit(r, c)).collect();
        seen.sort_unstable();
        seen == (1..=9).map(Some).collect::<Vec<_>>()
    };
    let grids = corners.iter().all(|&(top, left)| {
        (0..9).all(|i| {
            whole((0..9).map(|j| (top + i, left + j)).collect())
                && whole((0..9).map(|j| (top + j, left + i)).collect())
                && whole(
                    (0..9)
                        .map(|j| (top + i / 3 * 3 + j / 3, left + i % 3 * 3 + j % 3))
                        .collect(),
                )
        })
    });
    let inside = |r: usize, c: usize| {
        corners
            .iter()
            .any(|&(t, l)| (t..t + 9).contains(&r) && (l..l + 9).contains(&c))
    };
    let positions = (0..solution.len()).flat_map(|r| (0..solution[r].len()).map(move |c| (r, c)));
    let shape = positions
        .clone()
        .all(|(r, c)| inside(r, c) == digit(r, c).is_some());
    let givens = positions
        .clone()
        .all(|(r, c)| problem[r][c] == "-" || problem[r][c] == solution[r][c]);
    grids && shape && givens
}

/// The digits of a solution's cells in reading order (the positions outside the grids left
/// out), as the dataset writes them.
fn published(solution: &[Vec<String>]) -> Vec<usize> {
    solution
        .iter()
        .flatten()
        .filter_map(|t| t.parse().ok())
        .collect()
}

fn values(grid: &gridlogic::model::Grid) -> Vec<usize> {
    grid.values().iter().map(|&v| v as usize).collect()
}

/// What a collection's solves came to: puzzles, solved without a guess, and the hardest
/// technique of each solve, counted.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    by_logic: usize,
    hardest: BTreeMap<String, usize>,
}

/// Checks every puzzle of the collection `file` of `layout`, read with `--layout` only where
/// the text cannot say it (Butterfly, whose 12x12 a 12x12 Sudoku shares).
fn check_collection(file: &str, layout: &str) -> Option<Tally> {
    let path = shared(&format!("datasets/variants/{file}"))?;
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = ReadOptions {
        layout: (layout == "butterfly").then(|| layout.to_string()),
        ..ReadOptions::default()
    };
    let mut tally = Tally::default();
    for (key, entry) in data["data"].as_object().unwrap() {
        let problem = entry["problem"].as_str().unwrap();
        let solution = tokens(entry["solution"].as_str().unwrap());
        let given = tokens(problem);
        assert!(
            keeps_rules(&given, &solution, &common::overlap_corners(layout)),
            "{key}: the published solution breaks a rule"
        );
        let expected = published(&solution);
        let puzzle = read_text(problem, key, &options)
            .unwrap_or_else(|e| panic!("{key}: {e}"))
            .puzzles
            .remove(0);
        let count = search::count_solutions(&puzzle, 2);
        assert_eq!(count.solutions, 1, "{key}");
        assert_eq!(values(&count.first.unwrap()), expected, "{key}");
        let solve = engine::solve(&puzzle, &Options::all(puzzle.size()));
        assert_eq!(
            values(solve.solved_grid().expect("solved")),
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
fn every_overlapping_puzzle_solves_to_its_published_solution_by_logic() {
    let collections = [
        ("SamuraiSudoku.json", "samurai", 136),
        ("ButterflySudoku.json", "butterfly", 39),
        ("WindmillSudoku.json", "windmill", 75),
        ("SoheiSudoku.json", "sohei", 60),
        ("Gattai8Sudoku.json", "gattai-8", 60),
        ("SumoSudoku.json", "sumo", 55),
        ("ShogunSudoku.json", "shogun", 45),
    ];
    for (file, layout, count) in collections {
        if let Some(tally) = check_collection(file, layout) {
            assert_eq!(tally.puzzles, count, "{file}");
            assert_eq!(tally.by_logic, count, "{file}: every puzzle by logic alone");
        }
    }
}

/// A fixture's text, and the solution its `# solution` line gives (janko.at's, from the
/// dataset), cells in reading order.
fn fixture_text(name: &str) -> (String, Vec<usize>) {
    let text = std::fs::read_to_string(fixture(&format!("overlap/{name}"))).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# solution "))
        .unwrap();
    let solution = line.bytes().map(|b| (b - b'0') as usize).collect();
    (text, solution)
}

fn read(text: &str, layout: Option<&str>) -> Puzzle {
    let options = ReadOptions {
        layout: layout.map(str::to_string),
        ..ReadOptions::default()
    };
    read_text(text, "fixture", &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .puzzles
        .remove(0)
}

#[test]
fn each_layouts_fixture_reads_and_solves_to_its_published_solution() {
    let fixtures = [
        ("samurai.txt", None, 369),
        ("samurai-drawn.txt", None, 369),
        ("butterfly.txt", Some("butterfly"), 144),
        ("windmill.txt", None, 333),
        ("sohei.txt", None, 288),
        ("gattai-8.txt", None, 576),
        ("sumo.txt", None, 909),
        ("shogun.txt", None, 783),
    ];
    for (name, layout, cells) in fixtures {
        let (text, expected) = fixture_text(name);
        let puzzle = read(&text, layout);
        assert_eq!(puzzle.layout().cell_count(), cells, "{name}");
        let count = search::count_solutions(&puzzle, 2);
        assert_eq!(count.solutions, 1, "{name}");
        assert_eq!(values(&count.first.unwrap()), expected, "{name}");
        let solve = engine::solve(&puzzle, &Options::all(9));
        assert_eq!(values(solve.solved_grid().unwrap()), expected, "{name}");
        assert!(solve.first_unsound_step().is_none(), "{name}");
        // The puzzle's own text (drawn, under a title) reads back as the same puzzle.
        let again = read(&render::puzzle_text(&puzzle), None);
        assert_eq!(again.givens(), puzzle.givens(), "{name}");
        assert_eq!(
            again.layout().overlap(),
            puzzle.layout().overlap(),
            "{name}"
        );
        // As `solve` prints a grid (`|` between boxes, rules between them, the gaps blank): the
        // puzzle reads back as the same puzzle, its solution as the published one.
        let printed = |grid| render::grid_text(grid, puzzle.layout(), puzzle.symbols());
        let again = read(&printed(puzzle.givens()), layout);
        assert_eq!(again.givens(), puzzle.givens(), "{name}");
        assert_eq!(
            again.layout().overlap(),
            puzzle.layout().overlap(),
            "{name}"
        );
        let solution = read(&printed(solve.solved_grid().unwrap()), layout);
        assert_eq!(values(solution.givens()), expected, "{name}");
    }
}

#[test]
fn the_drawn_samurai_is_the_datasets_samurai() {
    let dataset = read(&fixture_text("samurai.txt").0, None);
    let drawn = read(&fixture_text("samurai-drawn.txt").0, None);
    assert_eq!(dataset.givens(), drawn.givens());
    assert_eq!(dataset.layout().houses(), drawn.layout().houses());
    // 5 grids: 45 rows and 45 columns (none shared), 41 boxes (4 shared).
    assert_eq!(drawn.layout().houses().len(), 45 + 45 + 41);
}

#[test]
fn json_draws_the_sheet_with_nulls_outside_the_grids() {
    let (code, out, err) = run(&[
        "solve",
        fixture("overlap/samurai.txt").to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let layout = &json["layout"];
    assert_eq!(layout["overlap"]["name"], "samurai");
    assert_eq!(layout["overlap"]["extent"], serde_json::json!([21, 21]));
    assert_eq!(
        layout["overlap"]["grids"],
        serde_json::json!(["r1c1", "r1c13", "r7c7", "r13c1", "r13c13"])
    );
    let solution = &json["solution"];
    assert_eq!(solution.as_array().unwrap().len(), 21);
    // r1c10 lies between the top grids, r10c1 between the left ones.
    assert!(solution[0][9].is_null() && solution[9][0].is_null());
    let digits: Vec<usize> = (solution.as_array().unwrap().iter())
        .flat_map(|row| row.as_array().unwrap().iter().filter_map(|v| v.as_u64()))
        .map(|v| v as usize)
        .collect();
    assert_eq!(digits, fixture_text("samurai.txt").1);
}

#[test]
fn steps_name_each_grids_lines_and_the_boxes_by_place() {
    let (code, out, err) = run(&["explain", fixture("overlap/samurai.txt").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("21x21, Samurai: 5 grids of 9x9, 145 givens"),
        "{out}"
    );
    // A row of the top-left grid and a box by its rows and columns, as a person finds them.
    assert!(out.contains(" (c1-9)"), "{out}");
    assert!(out.contains("box r"), "{out}");
}

/// `gridlogic ARGS FILE` on a text written in `dir`, its exit code and what it printed (both
/// streams).
fn on_text(dir: &std::path::Path, text: &str, args: &[&str]) -> (i32, String) {
    let path = dir.join(format!("p{}.txt", text.len()));
    std::fs::write(&path, text).unwrap();
    let mut all = args.to_vec();
    all.push(path.to_str().unwrap());
    let (code, out, err) = run(&all);
    (code, out + &err)
}

/// The Samurai fixture's grid rows (after its header) with `edit` applied.
fn edited(edit: impl Fn(&mut Vec<Vec<String>>)) -> String {
    let (text, _) = fixture_text("samurai.txt");
    let mut rows = tokens(&text);
    edit(&mut rows);
    let body: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    format!("21 21\n{}\n", body.join("\n"))
}

#[test]
fn bad_input_is_told_by_cell_and_verdicts_count_every_grid() {
    let set = |r: usize, c: usize, v: &'static str| {
        move |rows: &mut Vec<Vec<String>>| rows[r][c] = v.to_string()
    };
    let cases: [(String, &[&str], i32, &[&str]); 6] = [
        // A digit in the gap at r10c1: no layout of 21x21 has that cell.
        (
            edited(set(9, 0, "5")),
            &[],
            2,
            &["Samurai has no cell r10c1", "--layout"],
        ),
        // The same with the layout named: the cell and its line are told.
        (
            edited(set(9, 0, "5")),
            &["--layout", "samurai"],
            2,
            &["r10c1 (line 11)", "outside every grid"],
        ),
        // A second 5 in the top-left grid's first row.
        (
            edited(set(0, 0, "5")),
            &[],
            2,
            &["5 appears twice in row 1 (c1-9)", "r1c1", "r1c2"],
        ),
        // A layout that does not span 21x21.
        (edited(|_| ()), &["--layout", "sumo"], 2, &["spans 33x33"]),
        (
            edited(|_| ()),
            &["--layout", "samurai-ish"],
            2,
            &["neither a layout"],
        ),
        // Three givens fewer: several solutions, exit 1.
        (
            edited(|rows| {
                rows[0][1] = "-".into();
                rows[0][2] = "-".into();
                rows[1][0] = "-".into();
            }),
            &[],
            1,
            &["2 or more solutions"],
        ),
    ];
    let dir = common::scratch("overlap-bad");
    for (text, options, code, words) in cases {
        let mut args = vec!["check"];
        args.extend_from_slice(options);
        let (got, out) = on_text(&dir, &text, &args);
        assert_eq!(got, code, "{options:?}: {out}");
        for word in words {
            assert!(out.contains(word), "{options:?}: '{word}' not in {out}");
        }
    }
}

#[test]
fn butterfly_is_read_as_one_when_named() {
    let (text, expected) = fixture_text("butterfly.txt");
    let dir = common::scratch("overlap-butterfly");
    // Without the name, 12x12 is a plain Sudoku's size: its 3x4 boxes hold the givens twice.
    let (code, out) = on_text(&dir, &text, &["check"]);
    assert_eq!(code, 2, "{out}");
    let (code, out) = on_text(&dir, &text, &["check", "--layout", "butterfly"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Butterfly: 4 grids of 9x9"), "{out}");
    let titled = format!("Butterfly Sudoku\n{text}");
    assert_eq!(values(read(&titled, None).givens()).len(), expected.len());
}

#[test]
fn the_command_line_reads_each_text_form() {
    // The drawn rows (`.58..4.6.   .9.6..84.`) are not taken for a collection of one-line
    // 3x3 puzzles, and a comment of digits is not a row; the grid as printed
    // (`. 5 8 | . . 4 | . 6 . |       | …` under `------+-------+`) is read by its columns.
    let dir = common::scratch("overlap-forms");
    let (drawn, _) = fixture_text("samurai-drawn.txt");
    let puzzle = read(&drawn, None);
    let printed = render::grid_text(puzzle.givens(), puzzle.layout(), puzzle.symbols());
    assert!(printed.contains("|       |") && printed.contains("+-------+"));
    for text in [
        fixture_text("samurai.txt").0,
        drawn.clone(),
        format!("# 2025 12\n{drawn}"),
        printed,
    ] {
        let (code, out) = on_text(&dir, &text, &["check"]);
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains("21x21, Samurai: 5 grids of 9x9, 145 givens: 1 solution"),
            "{out}"
        );
    }
}

#[test]
fn generated_overlapping_puzzles_read_back_unique_and_keep_every_grids_rules() {
    let dir = common::scratch("overlap-generate");
    for (layout, level) in [("samurai", "medium"), ("butterfly", "easy")] {
        let path = dir.join(format!("{layout}.txt"));
        let (code, _, err) = run(&[
            "generate",
            "--layout",
            layout,
            "--seed",
            "5",
            "--count",
            "2",
            "--difficulty",
            level,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        // Read back without --layout: the title each puzzle is written under names it.
        let (code, out, err) = run(&["solve", path.to_str().unwrap(), "--format", "jsonl"]);
        assert_eq!(code, 0, "{err}");
        let solves: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(solves.len(), 2, "{layout}");
        for solve in &solves {
            assert_eq!(solve["status"], "unique", "{layout}");
            assert_eq!(solve["layout"]["overlap"]["name"], layout);
            let rows = |key: &str| json_cells(&solve[key]);
            assert!(keeps_rules(
                &rows("givens"),
                &rows("solution"),
                &common::overlap_corners(layout)
            ));
        }
    }
    // A symmetry the shape does not have, and an output that cannot hold the grids.
    let (code, _, err) = run(&["generate", "--layout", "windmill", "--symmetry", "mirror"]);
    assert_eq!(code, 2);
    assert!(err.contains("has no mirror symmetry"), "{err}");
    let grid = dir.join("samurai.csv");
    let (code, _, err) = run(&[
        "generate",
        "--layout",
        "samurai",
        "-o",
        grid.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a CSV grid cannot hold overlapping grids"),
        "{err}"
    );
    assert!(!grid.exists());
}

/// The sheet `name` of the workbook at `path` as rows of tokens from its zero-based cell
/// (`top`, `left`) on, `rows` by `cols`: a whole number as its digits (numbers must stay
/// numbers), an empty cell `-`.
fn sheet_tokens(
    path: &std::path::Path,
    name: &str,
    (top, left): (u32, u32),
    (rows, cols): (u32, u32),
) -> Vec<Vec<String>> {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let range = book.worksheet_range(name).unwrap();
    (top..top + rows)
        .map(|r| {
            (left..left + cols)
                .map(|c| match range.get_value((r, c)) {
                    None | Some(Data::Empty) => "-".to_string(),
                    Some(Data::Float(f)) if f.fract() == 0.0 => (*f as u64).to_string(),
                    Some(Data::Int(i)) => i.to_string(),
                    Some(other) => panic!("{name} r{}c{}: {other:?}", r + 1, c + 1),
                })
                .collect()
        })
        .collect()
}

/// Each line of `pdfinfo`'s report on `pdf` that names the page size.
fn page_size(pdf: &std::path::Path) -> String {
    let output = std::process::Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo runs");
    let text = String::from_utf8(output.stdout).unwrap();
    text.lines()
        .find(|l| l.starts_with("Page size:"))
        .unwrap()
        .to_string()
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn generated_overlapping_puzzles_are_written_as_workbooks_and_booklets_in_their_shape() {
    // The same seed gives the same puzzle to every output; its text, read back by `solve`, is
    // the reference. The workbook's puzzle sheet holds the givens in the layout's shape from B4
    // (numbers, gaps empty) and its hidden answer sheet the solution, which this file's checker
    // finds keeps every grid's rules; `solve` reads the workbook back as the same puzzle. The
    // booklet prints the givens, a Shogun's pages turned on their side.
    let dir = common::scratch("overlap-generate-drawn");
    for (layout, level) in [("samurai", "medium"), ("shogun", "easy")] {
        let args = [
            "generate",
            "--layout",
            layout,
            "--seed",
            "3",
            "--difficulty",
            level,
        ];
        let generate_to = |output: &std::path::Path| {
            run(&[&args[..], &["-o", output.to_str().unwrap()]].concat())
        };
        let text = dir.join(format!("{layout}.txt"));
        let (code, _, err) = generate_to(&text);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&["solve", text.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let reference: serde_json::Value = serde_json::from_str(&out).unwrap();
        let rows = |key: &str| json_cells(&reference[key]);
        let (givens, solution) = (rows("givens"), rows("solution"));
        let extent = (givens.len() as u32, givens[0].len() as u32);
        let corners = common::overlap_corners(layout);
        assert!(keeps_rules(&givens, &solution, &corners), "{layout}");

        let book = dir.join(format!("{layout}.xlsx"));
        let (code, _, err) = generate_to(&book);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            sheet_tokens(&book, "Puzzle", (3, 1), extent),
            givens,
            "{layout}"
        );
        assert_eq!(
            sheet_tokens(&book, "Solution", (3, 1), extent),
            solution,
            "{layout}"
        );
        let (code, out, err) = run(&["solve", book.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let again: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(again["status"], "unique", "{layout}");
        assert_eq!(again["givens"], reference["givens"], "{layout}");
        assert_eq!(again["layout"]["overlap"]["name"], layout);

        let pdf = dir.join(format!("{layout}.pdf"));
        let (code, _, err) = generate_to(&pdf);
        assert_eq!(code, 0, "{err}");
        let mut digits: Vec<char> = givens
            .iter()
            .flatten()
            .filter_map(|t| t.chars().next())
            .filter(char::is_ascii_digit)
            .collect();
        digits.sort_unstable();
        assert_eq!(common::printed_digits(&pdf, 0), digits, "{layout}");
        let turned = match layout {
            "shogun" => "841.89 x 595.28",
            _ => "595.28 x 841.89",
        };
        assert!(
            page_size(&pdf).contains(turned),
            "{layout}: {}",
            page_size(&pdf)
        );
    }
}

/// A JSON grid's rows over the whole sheet (`null` outside the grids) as the dataset writes
/// them: digits, `-` for an empty cell or a gap.
fn json_cells(rows: &serde_json::Value) -> Vec<Vec<String>> {
    (rows.as_array().unwrap().iter())
        .map(|row| {
            (row.as_array().unwrap().iter())
                .map(|v| match v.as_u64() {
                    Some(0) | None => "-".to_string(),
                    Some(d) => d.to_string(),
                })
                .collect()
        })
        .collect()
}
