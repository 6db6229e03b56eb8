//! The command line as a user runs it: verdicts and exit codes on the seed puzzles, error messages
//! (insta snapshots), every input form, and solutions checked against published ones.

use crate::common;

use crate::common::{
    brute_force_count, fixture, json_rows, letter_regions, line_values, run, shared,
};

/// `check` gives each seed puzzle the outcome the shared README states.
#[test]
fn check_gives_the_seed_puzzles_their_expected_verdicts() {
    let expected = std::fs::read_to_string(fixture("seed/expected.csv")).unwrap();
    for row in expected.lines().skip(1) {
        let (file, outcome) = row.split_once(',').unwrap();
        let path = format!("fixtures/seed/{file}");
        let (code, out, err) = run(&["check", &path]);
        let (want_code, want_text) = match outcome {
            "unique" => (0, "1 solution (unique)"),
            "several" => (1, "2 or more solutions (not unique)"),
            "none" => (1, "no solution"),
            "invalid" => (2, "error:"),
            other => panic!("unknown outcome {other}"),
        };
        assert_eq!(code, want_code, "{file}: {out}{err}");
        assert!(
            out.contains(want_text) || err.contains(want_text),
            "{file}: {out}{err}"
        );
    }
}

#[test]
fn error_messages_name_the_cell_the_value_and_the_house() {
    let _snapshots = common::snapshots();
    let cases = [
        (
            "out_of_range",
            vec!["check", "fixtures/seed/report-out-of-range-9x9.csv"],
        ),
        (
            "duplicate_in_box",
            vec!["check", "fixtures/seed/search-invalid-duplicate-9x9.csv"],
        ),
        (
            "not_square",
            vec!["check", "fixtures/invalid/not-square-9x8.csv"],
        ),
        (
            "letter_in_grid",
            vec!["check", "fixtures/invalid/letter-in-grid.csv"],
        ),
        (
            "truncated_grid",
            vec!["check", "fixtures/invalid/truncated-8-rows-9x9.csv"],
        ),
        (
            "one_line_not_a_square",
            vec!["check", "fixtures/invalid/one-line-18.txt"],
        ),
        (
            "bad_cell_under_title",
            vec!["check", "fixtures/invalid/bad-cell-under-title-9x9.csv"],
        ),
        (
            "range_outside_the_sheet",
            vec![
                "check",
                "fixtures/workbooks/sudoku-9x9.xlsx",
                "--range",
                "M20:U28",
            ],
        ),
        (
            "fraction",
            vec!["check", "fixtures/invalid/fraction-4x4.csv"],
        ),
        (
            "prime_size_without_regions",
            vec!["check", "fixtures/invalid/prime-7x7-no-regions.csv"],
        ),
        ("empty_file", vec!["check", "fixtures/invalid/empty.csv"]),
        (
            "ragged_row",
            vec!["check", "fixtures/invalid/ragged-9x9.txt"],
        ),
        (
            "bad_region_map",
            vec![
                "check",
                "fixtures/invalid/jigsaw-4x4.txt",
                "--regions",
                "fixtures/invalid/bad-regions-4x4.txt",
            ],
        ),
        (
            "missing_sheet",
            vec![
                "check",
                "fixtures/workbooks/sudoku-9x9.xlsx",
                "--sheet",
                "Answers",
            ],
        ),
        (
            "bad_range",
            vec![
                "check",
                "fixtures/workbooks/sudoku-9x9.xlsx",
                "--range",
                "B4:J11",
            ],
        ),
        (
            "bad_box",
            vec!["check", "fixtures/seed/search-easy-9x9.csv", "--box", "2x4"],
        ),
        (
            "latin_and_box",
            vec![
                "check",
                "fixtures/seed/search-easy-9x9.csv",
                "--latin",
                "--box",
                "3x3",
            ],
        ),
        ("missing_file", vec!["check", "fixtures/no-such-file.csv"]),
    ];
    for (name, args) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        insta::assert_snapshot!(name, err);
    }
}

#[test]
fn solve_prints_an_aligned_grid_with_box_separators() {
    let _snapshots = common::snapshots();
    let (code, out, _) = run(&["solve", "fixtures/text/drawn-9x9.txt"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("solve_drawn_9x9", out);
    // The same puzzle as a CSV solves to the same grid, which the `sudoku` crate confirms.
    let (_, line, _) = run(&[
        "solve",
        "fixtures/seed/search-medium-9x9.csv",
        "--format",
        "line",
    ]);
    let puzzle: String = std::fs::read_to_string(fixture("seed/search-medium-9x9.csv"))
        .unwrap()
        .split([',', '\n'])
        .filter(|t| !t.is_empty())
        .map(|t| if t == "0" { "." } else { t })
        .collect();
    let expected = sudoku::Sudoku::from_str_line(&puzzle)
        .unwrap()
        .solution()
        .unwrap();
    assert_eq!(line.trim(), expected.to_str_line().to_string());
}

#[test]
fn several_solutions_need_random_and_the_seed_reproduces_the_pick() {
    let file = "fixtures/seed/generator-holes-45.csv";
    let (code, out, _) = run(&["solve", file]);
    assert_eq!(code, 1);
    assert!(out.contains("NOT unique: several solutions"), "{out}");
    let (code, out, _) = run(&["solve", file, "--format", "line"]);
    assert_eq!(
        (code, out.as_str()),
        (1, "\n"),
        "no line for a puzzle that is not unique"
    );
    let pick = |seed: &str| {
        run(&[
            "solve", file, "--random", "--seed", seed, "--format", "line",
        ])
    };
    let (code, first, _) = pick("7");
    assert_eq!(code, 0);
    assert_eq!(pick("7").1, first, "same seed, same solution");
    let givens: Vec<u8> = common::workbooks::seed_values("generator-holes-45.csv");
    let seeds = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let picks: std::collections::BTreeSet<String> = seeds.iter().map(|s| pick(s).1).collect();
    assert!(
        picks.len() > 1,
        "different seeds should reach different solutions"
    );
    for solution in picks {
        let values = line_values(solution.trim());
        assert!(givens.iter().zip(&values).all(|(g, v)| *g == 0 || g == v));
        assert_eq!(
            brute_force_count(&values, 9, &common::box_regions(9, 3, 3), 2),
            1
        );
    }
}

#[test]
fn json_output_carries_grid_layout_and_count() {
    let (code, out, _) = run(&["solve", "fixtures/text/jigsaw-6x6.csv", "--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["unique"], true);
    let steps = doc["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(doc["given_count"], 6);
    assert_eq!(
        placed,
        36 - 6,
        "every empty cell is placed by exactly one step"
    );
    assert!(
        steps
            .iter()
            .all(|s| !s["explanation"].as_str().unwrap().is_empty())
    );
    assert_eq!(doc["outcome"]["kind"], "solved");
    assert_eq!(doc["layout"]["regions"], "jigsaw regions");
    let expected = line_values("146325452136231654523461615243364512");
    let solution: Vec<u8> = json_rows(&doc["solution"])
        .into_iter()
        .map(|v| v as u8)
        .collect();
    assert_eq!(solution, expected, "janko.at Chaos 13's published solution");
    let regions = json_rows(&doc["layout"]["region_map"]);
    assert_eq!(
        regions,
        letter_regions("aaaabbcaadbbcccddbcdddebcfffeefffeee")
    );
}

#[test]
fn text_forms_custom_symbols_box_shapes_and_latin_squares() {
    let (code, out, _) = run(&[
        "solve",
        "fixtures/text/hexadoku-0F-16x16.txt",
        "--symbols",
        "0123456789ABCDEF",
        "--format",
        "line",
    ]);
    assert_eq!(code, 0);
    let published = "D92BFCA1G6E743854CFA35G89D1276EB3E71462DF58BC9GAG56897EBA3C4FD21C7G5A8BF3261E49D2D84C31E5B79AF6G1BAE2964DFG8375C6F935D7G4CAEB218F3EG129578BA6CD49ABCGF87645D213E5842DA36E19CGB7F761DBE4C2G3F58A9B4C97G528AD31EF68256E1F9C74GDAB3E13F64DAB9258GC7AGD78BC31EF69542";
    let as_0f: String = published
        .chars()
        .map(|c| {
            "0123456789ABCDEF"
                .chars()
                .nth("123456789ABCDEFG".find(c).unwrap())
                .unwrap()
        })
        .collect();
    assert_eq!(out.trim(), as_0f);

    let (code, out, _) = run(&[
        "solve",
        "fixtures/text/boxes-3x2-6x6.csv",
        "--box",
        "3x2",
        "--format",
        "line",
    ]);
    assert_eq!(code, 0, "{out}");
    let transposed = "000030200600000005400260000001600100";
    let values = line_values(out.trim());
    assert!(
        line_values(&transposed.replace('0', "."))
            .iter()
            .zip(&values)
            .all(|(g, v)| *g == 0 || g == v)
    );
    assert_eq!(
        brute_force_count(&values, 6, &common::box_regions(6, 3, 2), 2),
        1
    );
    // With the default 2x3 boxes the same grid is a different puzzle.
    // With the default 2x3 boxes the same givens repeat a digit in a box.
    let (code, _, err) = run(&["check", "fixtures/text/boxes-3x2-6x6.csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("appears twice in box"), "{err}");
    let givens = line_values(&transposed.replace('0', "."));
    assert_eq!(
        brute_force_count(&givens, 6, &common::box_regions(6, 2, 3), 2),
        0
    );

    let (code, out, _) = run(&["check", "fixtures/text/latin-5x5.txt", "--latin"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("5x5, no regions (Latin square), 7 givens: 1 solution"),
        "{out}"
    );
}

#[test]
fn collections_are_checked_and_solved_line_by_line() {
    let (code, out, _) = run(&["check", "fixtures/text/jigsaw-lines-5x5-7x7.txt"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("4 puzzles: 4 unique, 0 with several solutions, 0 without solution"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "solve",
        "fixtures/text/jigsaw-lines-5x5-7x7.txt",
        "--format",
        "line",
    ]);
    assert_eq!(code, 0);
    let published: Vec<String> = std::fs::read_to_string(fixture("text/jigsaw-lines-5x5-7x7.txt"))
        .unwrap()
        .lines()
        .map(|l| l.split(' ').nth(3).unwrap().to_string())
        .collect();
    assert_eq!(
        out.lines().map(str::to_string).collect::<Vec<_>>(),
        published
    );
}

#[test]
fn workbooks_in_every_format_read_the_same_puzzle() {
    let outputs: Vec<String> = ["xlsx", "ods", "xls"]
        .iter()
        .map(|ext| {
            let (code, out, err) = run(&["check", &format!("fixtures/workbooks/sudoku-9x9.{ext}")]);
            assert_eq!(code, 0, "{ext}: {err}");
            out
        })
        .collect();
    assert!(outputs.iter().all(|o| o == &outputs[0]), "{outputs:?}");
}

/// Every 16x16 puzzle solves to its published solution.
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_16x16_dataset_solves_to_its_published_solutions() {
    let (Some(puzzles), Some(solutions)) = (
        shared("datasets/16x16/janko_16x16_62.txt"),
        shared("datasets/16x16/janko_16x16_62_solutions.txt"),
    ) else {
        return;
    };
    let (code, out, err) = run(&["solve", puzzles.to_str().unwrap(), "--format", "line"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, std::fs::read_to_string(solutions).unwrap());
}

/// Unique jigsaw puzzles solve to their published solutions; the others are reported as having
/// several solutions.
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn the_jigsaw_dataset_gives_published_solutions_or_not_unique() {
    let (Some(all), Some(unique)) = (
        shared("datasets/jigsaw/janko_chaos_340.txt"),
        shared("datasets/jigsaw/janko_chaos_unique_333.txt"),
    ) else {
        return;
    };
    let mut not_unique = Vec::new();
    for (file, count) in [(&all, 340), (&unique, 333)] {
        let text = std::fs::read_to_string(file).unwrap();
        let (_, out, _) = run(&["solve", file.to_str().unwrap(), "--format", "line"]);
        let (_, verdicts, _) = run(&["check", file.to_str().unwrap()]);
        let verdicts: Vec<&str> = verdicts.lines().collect();
        assert_eq!(out.lines().count(), count);
        for ((line, solved), verdict) in text.lines().zip(out.lines()).zip(&verdicts) {
            let fields: Vec<&str> = line.split(' ').collect();
            if verdict.ends_with("1 solution (unique)") {
                assert_eq!(solved, fields[3], "{}", fields[4]);
            } else {
                assert!(
                    solved.is_empty() && verdict.ends_with("2 or more solutions (not unique)"),
                    "{}: {verdict}",
                    fields[4]
                );
                not_unique.push(fields[4].to_string());
            }
        }
    }
    // The dataset's README names these 6x6 puzzles as not unique under plain jigsaw rules.
    let named = [
        "651", "653", "655", "661", "663", "665", "671", "673", "675",
    ]
    .map(|id| format!("{id}_6x6"));
    assert_eq!(not_unique, named);
}

#[test]
fn limits_cap_the_searches_and_a_bad_limit_is_a_usage_error() {
    let file = "fixtures/text/xwing-hodoku.txt";
    let finned = |extra: &[&str]| {
        let mut args = vec!["explain", file, "--technique", "Finned X-Wing", "--all"];
        args.extend(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        out.lines().last().unwrap_or_default().to_string()
    };
    assert_ne!(finned(&[]), "0 instances of Finned X-Wing");
    assert_eq!(
        finned(&["--limit", "fins=0,chain-links=4"]),
        "0 instances of Finned X-Wing"
    );
    assert_eq!(
        finned(&["--limit", "chain-links=4", "--limit", "fins=0"]),
        "0 instances of Finned X-Wing"
    );
    let (code, _, err) = run(&["solve", file, "--limit", "links=4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown limit 'links'; known: subset-size, finned-fish-size, fins,"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", file, "--limit", "fins=few"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the value of limit 'fins' must be a whole number, got 'few'"),
        "{err}"
    );
    let (_, help, _) = run(&["solve", "--help"]);
    assert!(help.contains("chain-links: longest chain or loop, in links (20 / 12 / 8)"));
}

/// Explanations name cells once, for the input's reader: bare for text, with sheet addresses for a
/// workbook; digits as the grid writes them (letters for a 16x16 typed with letters).
#[test]
fn explanations_name_cells_and_digits_as_their_source_does() {
    let (code, text, _) = run(&["explain", "fixtures/text/top1465-first3.txt", "--no-guess"]);
    assert!(code <= 1);
    assert!(text.contains(" fits only r"), "{text}");
    assert!(
        !text.contains("(line") && !text.contains("symbol"),
        "{text}"
    );
    // A workbook's grid sits at B4:J12: rRcC is in column B+C-1, row R+3 of the sheet.
    let (code, sheet, err) = run(&["explain", "fixtures/workbooks/sudoku-9x9.xlsx"]);
    assert_eq!(code, 0, "{err}");
    // Its solve (HoDoKu's path) places by naked singles: `Naked single: r2c2 (C5) can only be 9`.
    let singles: Vec<&str> = sheet
        .lines()
        .filter(|l| l.contains("Naked single: r"))
        .collect();
    assert!(!singles.is_empty(), "{sheet}");
    for line in singles {
        let cell = line.rsplit("Naked single: r").next().unwrap();
        let (cell, _) = cell.split_once(") can only be").unwrap();
        let (rc, address) = cell.split_once(" (").unwrap();
        let (row, col) = rc.split_once('c').unwrap();
        let (row, col): (u8, u8) = (row.parse().unwrap(), col.parse().unwrap());
        assert_eq!(
            address,
            format!("{}{}", (b'A' + col) as char, row + 3),
            "{line}"
        );
    }
    // A hexadoku from text writes 10..16 as A..G: each single of the JSON document names its
    // placed digit (given there as a number) by that letter.
    let hexadoku = "fixtures/text/hexadoku-0F-16x16.txt";
    let (_, json, _) = run(&["solve", hexadoku, "--format", "json", "--random"]);
    let document: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut letters = 0;
    for step in document["steps"].as_array().unwrap() {
        let text = step["explanation"].as_str().unwrap();
        if !text.starts_with("Hidden single") {
            continue;
        }
        let placement = step["placements"][0].as_str().unwrap();
        let (cell, value) = placement.split_once('=').unwrap();
        let value: usize = value.parse().unwrap();
        let symbol = &"123456789ABCDEFG"[value - 1..value];
        assert!(
            text.ends_with(&format!(": {symbol} fits only {cell}")),
            "{text}"
        );
        letters += usize::from(value > 9);
    }
    assert!(letters > 0, "{json}");
}

/// A 9x9 typed as nine lines of nine digits (Wikipedia's example puzzle) is a Sudoku, though its
/// first two lines look like a Shikaku's `rows cols` header.
#[test]
fn a_grid_of_digit_rows_is_a_sudoku() {
    let dir = common::scratch("digit-rows");
    let path = dir.join("rows.txt");
    let rows = "530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n000080079\n";
    std::fs::write(&path, rows).unwrap();
    let (code, out, err) = run(&["solve", path.to_str().unwrap(), "--format", "line"]);
    assert_eq!(code, 0, "{err}");
    // The solution Wikipedia publishes beside the puzzle.
    assert_eq!(
        out.trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
}
