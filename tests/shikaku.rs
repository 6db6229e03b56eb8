//! Shikaku: the seed puzzles against the solutions printed in the seed 003 report, every puzzle of
//! `../shared/datasets/shikaku` against its manifest and `.sol` file, the soundness of every
//! logical step, the command line, and snapshots of step logs.

use crate::common::{fixture, run, scratch, shared, snapshots};
use gridlogic::core::Outcome;
use gridlogic::read::ReadOptions;
use gridlogic::report::SolveReport;
use gridlogic::shikaku::engine::Options;
use gridlogic::shikaku::{self, Rect, Shikaku, read, report, search};
use std::collections::HashMap;
use std::path::Path;

fn read_one(path: &Path) -> Shikaku {
    let mut puzzles = read::read_file(path, &ReadOptions::default()).unwrap();
    assert_eq!(puzzles.len(), 1, "{}", path.display());
    puzzles.remove(0)
}

/// A partition as the set of its rectangles' cell sets, so that labels do not matter.
fn partition(owners: &[Vec<usize>]) -> Vec<Vec<(usize, usize)>> {
    let mut groups: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
    for (r, row) in owners.iter().enumerate() {
        for (c, &label) in row.iter().enumerate() {
            groups.entry(label).or_default().push((r, c));
        }
    }
    let mut parts: Vec<Vec<(usize, usize)>> = groups.into_values().collect();
    parts.sort();
    parts
}

fn owners_of(p: &Shikaku, rects: &[Rect]) -> Vec<Vec<usize>> {
    let rects: Vec<Option<Rect>> = rects.iter().copied().map(Some).collect();
    p.owners(&rects)
        .into_iter()
        .map(|row| row.into_iter().map(|o| o.unwrap()).collect())
        .collect()
}

fn parse_owners(text: &str) -> Vec<Vec<usize>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect()
}

/// Solves by logic and checks every step and the result against the unique solution; returns
/// whether logic alone sufficed.
fn assert_sound(p: &Shikaku, what: &str) -> bool {
    let solve = shikaku::solve(p, &Options::default());
    let solution = solve.solution.clone().expect("unique");
    for (i, step) in solve.steps.iter().enumerate() {
        assert!(
            step.is_sound(&solution),
            "{what} step {}: {}",
            i + 1,
            step.explanation.render(&p.names())
        );
    }
    assert_eq!(solve.outcome, Outcome::Solved, "{what}");
    let rects: Vec<Rect> = solve.rects.iter().map(|r| r.unwrap()).collect();
    assert_eq!(rects, solution, "{what}");
    assert!(solve.placed_by.iter().all(Option::is_some), "{what}");
    solve.backtracks() == 0
}

/// The seed 003 report's genetic-algorithm results (section 3.2.2), transcribed: each cell the
/// label of its rectangle (the report's labels, not clue order).
const SEED_SOLUTIONS: [(&str, &str); 3] = [
    (
        "seed/shikaku-5x5.txt",
        "0 0 1 1 1\n2 3 3 4 4\n2 3 3 4 4\n2 5 5 6 6\n7 7 7 8 8\n",
    ),
    (
        "seed/shikaku-7x7-a.txt",
        "0 0 0 0 1 2 3\n4 4 5 5 1 2 3\n6 6 6 6 6 6 6\n7 7 7 7 8 8 15\n\
         9 9 12 12 10 14 15\n11 11 12 12 10 14 15\n11 11 13 13 10 14 15\n",
    ),
    (
        "seed/shikaku-7x7-b.txt",
        "0 0 0 4 1 1 1\n0 0 0 4 2 2 9\n6 3 3 4 5 5 9\n6 7 7 7 7 7 9\n\
         8 8 8 8 8 8 9\n10 10 10 10 10 10 10\n11 11 11 12 12 12 12\n",
    ),
];

#[test]
fn seed_puzzles_have_the_reports_solutions() {
    for (file, expected) in SEED_SOLUTIONS {
        let p = read_one(&fixture(file));
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, 1, "{file}");
        let found = owners_of(&p, &count.first.unwrap());
        assert_eq!(
            partition(&found),
            partition(&parse_owners(expected)),
            "{file}"
        );
        assert_sound(&p, file);
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_dataset_puzzle_matches_its_manifest_and_solution() {
    let Some(root) = shared("datasets/shikaku") else {
        return;
    };
    let manifest = std::fs::read_to_string(root.join("manifest.csv")).unwrap();
    let (mut total, mut unique, mut logic) = (0, 0, 0);
    for line in manifest.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (path, solutions): (&str, usize) = (fields[1], fields[6].parse().unwrap());
        let p = read_one(&root.join(path));
        assert_eq!(
            (p.rows(), p.cols(), p.clues().len()),
            (
                fields[2].parse().unwrap(),
                fields[3].parse().unwrap(),
                fields[4].parse().unwrap()
            ),
            "{path}"
        );
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, solutions.min(2), "{path}");
        total += 1;
        if solutions == 1 {
            unique += 1;
            let sol = root.join(path.replace(".txt", ".sol"));
            let expected = std::fs::read_to_string(sol).unwrap();
            let found = owners_of(&p, &count.first.unwrap());
            assert_eq!(
                partition(&found),
                partition(&parse_owners(&expected)),
                "{path}"
            );
            let solve = shikaku::solve(&p, &Options::default());
            assert_eq!(report::sol_text(&solve), expected, "{path}: --format sol");
            logic += usize::from(assert_sound(&p, path));
        } else {
            let solve = shikaku::solve(&p, &Options::default());
            assert_eq!(solve.outcome, Outcome::Solved, "{path}");
            let rects: Vec<Rect> = solve.rects.iter().map(|r| r.unwrap()).collect();
            assert!(p.is_solution(&rects), "{path}");
        }
    }
    eprintln!("{total} Shikaku puzzles, {unique} unique, {logic} of them solved by logic alone");
    assert_eq!(total, 414);
}

#[test]
fn explain_logs_read_like_a_person_wrote_them() {
    let _guard = snapshots();
    for name in [
        "seed/shikaku-5x5.txt",
        "seed/shikaku-7x7-b.txt",
        "shikaku/janko-045.txt",
    ] {
        let (code, out, _) = run(&["explain", &format!("fixtures/{name}")]);
        assert_eq!(code, 0, "{name}");
        let stem = Path::new(name).file_stem().unwrap().to_string_lossy();
        insta::assert_snapshot!(format!("shikaku_explain_{stem}"), out);
    }
}

#[test]
fn a_csv_grid_under_a_title_is_detected_and_its_cells_named_plainly() {
    let (code, out, err) = run(&["solve", "fixtures/shikaku/titled-5x5.csv"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("as Shikaku"), "{err}");
    assert!(
        out.starts_with("Shikaku 5x5 (B3:F7), 9 clues: solved by logic alone"),
        "{out}"
    );
    // Only a workbook's cells get their addresses in explanations.
    let (_, log, _) = run(&["explain", "fixtures/shikaku/titled-5x5.csv"]);
    assert!(log.contains("the 3 at r1c3 has"), "{log}");
    assert!(!log.contains("(B4:B6)") && !log.contains("(D3)"), "{log}");
}

#[test]
fn sol_format_matches_the_dataset_file() {
    let (code, out, _) = run(&["solve", "--format", "sol", "fixtures/shikaku/janko-045.txt"]);
    assert_eq!(code, 0);
    let expected = std::fs::read_to_string(fixture("shikaku/janko-045.sol")).unwrap();
    assert_eq!(out, expected);
}

#[test]
fn json_lists_rectangles_with_the_steps_that_placed_them() {
    let (code, out, _) = run(&["solve", "--format", "json", "fixtures/seed/shikaku-5x5.txt"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["kind"], "shikaku");
    assert_eq!(
        (doc["rows"].as_u64(), doc["cols"].as_u64()),
        (Some(5), Some(5))
    );
    let rects = doc["rectangles"].as_array().unwrap();
    assert_eq!(rects.len(), 9);
    let steps = doc["steps"].as_array().unwrap();
    for rect in rects {
        let step = &steps[rect["step"].as_u64().unwrap() as usize - 1];
        assert_eq!(step["placed"], rect["rect"]);
        assert_eq!(step["clue"], rect["clue"]);
    }
    // The 3 at r1c3 (clue 1) covers r1c3-r1c5.
    let expected = serde_json::json!({"top": 0, "left": 2, "height": 1, "width": 3});
    assert_eq!(rects[1]["rect"], expected);
}

#[test]
fn verdicts_and_exit_codes() {
    let (code, out, _) = run(&["check", "fixtures/shikaku/several-2x2.txt"]);
    assert_eq!(code, 1);
    assert!(out.contains("2 or more solutions"), "{out}");
    let (code, out, _) = run(&["solve", "fixtures/shikaku/several-2x2.txt"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("solved with 1 backtracking step (NOT unique"),
        "{out}"
    );
    let (code, _, _) = run(&["solve", "--random", "fixtures/shikaku/several-2x2.txt"]);
    assert_eq!(code, 0);
    let (code, out, _) = run(&["check", "fixtures/seed/shikaku-7x7-a.txt"]);
    assert_eq!(
        (code, out.trim()),
        (0, "Shikaku 7x7 (lines 3-9), 16 clues: 1 solution (unique)")
    );
    let (code, _, err) = run(&["check", "fixtures/shikaku/sum-3x4.txt"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the 3 numbers add up to 11, but the 3x4 grid has 12 cells"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "solve",
        "--format",
        "sol",
        "fixtures/seed/search-easy-9x9.csv",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--format sol is for Shikaku"), "{err}");
    let (code, out, _) = run(&["check", "fixtures/seed/search-easy-9x9.csv"]);
    assert_eq!(code, 0);
    assert!(out.contains("9x9, 3x3 boxes"), "{out}");
}

#[test]
fn batch_writes_one_row_per_puzzle() {
    let dir = scratch("shikaku");
    let input = dir.join("two.txt");
    let a = std::fs::read_to_string(fixture("seed/shikaku-5x5.txt")).unwrap();
    let b = std::fs::read_to_string(fixture("seed/shikaku-7x7-b.txt")).unwrap();
    std::fs::write(&input, format!("{a}{b}")).unwrap();
    let (code, out, err) = run(&["batch", input.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("id,status,detail,puzzle,size,clues,solution,solution_matches"));
    assert!(
        lines[1].starts_with("3,unique,,lines 3-7,5x5,9,0 0 1 1 1/2 3 3 4 4/"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("10,unique,,lines 10-16,7x7,13,"),
        "{}",
        lines[2]
    );
}

#[test]
fn bad_inputs_name_the_cell_and_the_value() {
    let read = |text: &str| read::read_text(text, "t.txt", &ReadOptions::default());
    let cases = [
        (
            "2 2\n4.5 -\n- -\n",
            "cell r1c1 (line 2) holds '4.5': not a whole number",
        ),
        (
            "2 2\n-4 -\n- -\n",
            "cell r1c1 (line 2) holds '-4': not positive",
        ),
        (
            "2 2\nx -\n- -\n",
            "cell r1c1 (line 2) holds 'x': not a number",
        ),
        (
            "2 2\n3 -\n- -\n",
            "the 1 numbers add up to 3, but the 2x2 grid has 4 cells",
        ),
        ("1 4\n3 1 - -\n", "the 3 at r1c1 (line 2) fits no rectangle"),
        ("2 3\n6 - -\n", "only 1 lines follow"),
        ("2 3\n6 - -\n- -\n", "row 2 has 2 cells, expected 3"),
    ];
    for (text, message) in cases {
        let error = read(text).unwrap_err().to_string();
        assert!(error.contains(message), "{text:?}: {error}");
    }
}

#[test]
fn workbook_grids_with_empty_edges_are_found_by_their_borders() {
    use rust_xlsxwriter::{Format, FormatBorder, Workbook};
    let dir = scratch("shikaku-wb");
    let write = |name: &str, borders: bool| {
        let mut book = Workbook::new();
        let sheet = book.add_worksheet().set_name("Puzzle").unwrap();
        sheet.write_string(0, 0, "Shikaku").unwrap();
        let format = Format::new().set_border(FormatBorder::Thin);
        for r in 2..5u32 {
            for c in 1..4u16 {
                if r == 3 {
                    sheet.write_number(r, c, 3.0).unwrap();
                } else if borders {
                    sheet.write_blank(r, c, &format).unwrap();
                }
            }
        }
        let path = dir.join(name);
        book.save(&path).unwrap();
        path
    };
    let framed = write("framed.xlsx", true);
    let p = read_one(&framed);
    assert_eq!(p.place(), "sheet 'Puzzle' B3:D5");
    assert_eq!(search::count_solutions(&p, 2).solutions, 1);
    let bare = write("bare.xlsx", false);
    let error = read::read_file(&bare, &ReadOptions::default()).unwrap_err();
    assert!(error.to_string().contains("--range B4:D4"), "{error}");
    let options = ReadOptions {
        range: Some("B3:D5".into()),
        ..ReadOptions::default()
    };
    let p = read::read_file(&bare, &options).unwrap().remove(0);
    assert_eq!(p.clue_name(0), "the 3 at r2c1 (B4)");
    let (code, out, _) = run(&["solve", "--kind", "shikaku", framed.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("solved by logic alone"), "{out}");
    // The annotated workbook goes beside a workbook input, the grid where the puzzle was.
    let solved = dir.join("framed.solved.xlsx");
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(&solved).unwrap();
    use calamine::Reader;
    assert_eq!(book.sheet_names(), ["Solution", "Steps", "Puzzle"]);
    let grid = book.worksheet_range("Solution").unwrap();
    assert_eq!(grid.get_value((3, 1)), Some(&calamine::Data::Float(3.0)));
}

/// A person's state of janko 45: its rectangles are checked by the rules and against the
/// published solution (`janko-045.sol`), and a sound one gets the way to the next rectangle.
#[test]
fn hints_check_the_rectangles_placed() {
    let dir = scratch("shikaku-hint");
    let puzzle = std::fs::read_to_string(fixture("shikaku/janko-045.txt")).unwrap();
    let hint = |rects: &[String], level: &str| {
        let file = dir.join("state.txt");
        std::fs::write(
            &file,
            format!("{puzzle}rectangles:\n{}\n", rects.join("\n")),
        )
        .unwrap();
        run(&["hint", file.to_str().unwrap(), "--level", level])
    };
    let rects = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    // The 6 at r10c4 takes the bottom row's first six cells in the published solution.
    let (code, out, _) = hint(&rects(&["r10c1-r10c6"]), "1");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Hint: ") && out.contains("; look at the "),
        "{out}"
    );
    let wrong = rects(&[
        "r10c1-r10c5",
        "r9c3-r10c5",
        "r5c5",
        "r10c1-r10c6",
        "r9c2-r10c4",
    ]);
    let (code, out, _) = hint(&wrong, "1");
    assert_eq!(code, 1);
    let expected = "r10c1-r10c5 has 5 cells, and the 6 at r10c4 needs 6\n\
                    r9c3-r10c5 holds 2 numbers: the 4 at r9c5, the 6 at r10c4; a rectangle holds one\n\
                    r5c5 holds no number\n\
                    r9c2-r10c4 overlaps r10c1-r10c6\n";
    assert_eq!(out, expected);
    // Every rectangle of the published solution: solved.
    let sol = std::fs::read_to_string(fixture("shikaku/janko-045.sol")).unwrap();
    let solved: Vec<String> = partition(&parse_owners(&sol))
        .iter()
        .map(|cells| {
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            format!(
                "r{}c{}-r{}c{}",
                first.0 + 1,
                first.1 + 1,
                last.0 + 1,
                last.1 + 1
            )
        })
        .collect();
    let (code, out, _) = hint(&solved, "3");
    assert_eq!((code, out.as_str()), (0, "The grid is solved.\n"));
    let (code, _, err) = hint(&rects(&["r10c1-r11c1"]), "1");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 13: 'r10c1-r11c1' reaches outside the 10x10 grid"),
        "{err}"
    );
}
