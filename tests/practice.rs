//! `generate --technique`, `--se-rating` and the Killer cage sizes as a user runs them, checked
//! from the outside: the puzzles written are solved again with `solve --format jsonl` (which
//! steps the solve takes, which step is the hardest, Sudoku Explainer's ER with `--rating se`),
//! counted by the `sudoku` crate, and the Killer cages are read off the text the generator wrote.

use crate::common::{line_values, run, scratch};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// Runs `generate ARGS -o path --force`, expecting success.
fn generate_to(path: &Path, args: &[&str]) {
    let mut all = vec!["generate", "--force", "-o", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
}

/// The `solve --format jsonl` documents of every puzzle in `path`, with `extra` options.
fn solves(path: &Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["solve", path.to_str().unwrap(), "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push("--no-workbook");
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The technique of every step of a solve.
fn techniques(solve: &Value) -> Vec<String> {
    solve["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap().to_string())
        .collect()
}

/// Whether a technique is one the engine tries before every harder one whatever its rating
/// (singles and intersections), so that it may be the hardest-rated step of any solve.
fn always_first(name: &str) -> bool {
    name.starts_with("Hidden Single")
        || [
            "Full House",
            "Naked Single",
            "Pointing",
            "Claiming",
            "Locked Pair",
            "Locked Triple",
        ]
        .contains(&name)
}

/// Solutions of a 9x9 line (0 for empty), up to 2, by the `sudoku` crate.
fn count_9x9(values: &[u8]) -> usize {
    sudoku::Sudoku::from_bytes_slice(values)
        .unwrap()
        .solutions_count_up_to(2)
}

/// The puzzle lines of a generated text file of 9x9 puzzles.
fn puzzle_lines(path: &Path) -> Vec<Vec<u8>> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(line_values)
        .collect()
}

/// Whether a technique is a forcing chain or net (or Nishio, or a template), which the engine tries
/// after every other technique whatever its rating (see the guide's Techniques page).
fn forcing(name: &str) -> bool {
    ["Forcing", "Nishio", "Template"]
        .iter()
        .any(|word| name.contains(word))
}

/// Checks that every puzzle of `path` is unique (by the `sudoku` crate when 9x9) and that its
/// solve uses one of `names` and nothing harder: the hardest-rated step `solve` reports is one of
/// `names`, a single or intersection, or, for a forcing technique, a technique tried before
/// forcing ones.
///
/// A practice set for a technique HoDoKu does not have says it was rated by gridlogic (the
/// default solve of a classic 9x9 follows HoDoKu's path, which never takes it) and is solved
/// with `--rating gridlogic` as it says.
fn check_practice(path: &Path, names: &[&str], nine: bool) {
    let text = std::fs::read_to_string(path).unwrap();
    let rated_apart = text.contains("gridlogic's rating: solve --rating gridlogic");
    let docs = match rated_apart {
        true => solves(path, &["--rating", "gridlogic"]),
        false => solves(path, &[]),
    };
    assert!(!docs.is_empty(), "{path:?}");
    if nine {
        for values in puzzle_lines(path) {
            assert_eq!(count_9x9(&values), 1, "{path:?}");
        }
    }
    for doc in docs {
        assert_eq!(doc["outcome"]["kind"], "solved", "{names:?}");
        assert_eq!(doc["backtracking_steps"], 0, "{names:?}");
        let used = techniques(&doc);
        assert!(
            used.iter().any(|t| names.contains(&t.as_str())),
            "{names:?} not in {used:?}"
        );
        let hardest = doc["rating"]["hardest"][0].as_str().unwrap();
        let before_forcing = forcing(names[0]) && !forcing(hardest);
        assert!(
            names.contains(&hardest) || always_first(hardest) || before_forcing,
            "{names:?}: hardest step {hardest}"
        );
    }
}

#[test]
fn x_wing_practice_puzzles_use_x_wing_and_nothing_harder() {
    let dir = scratch("practice-x-wing");
    let file = dir.join("x.txt");
    generate_to(
        &file,
        &["--technique", "x-wing", "--count", "10", "--seed", "1"],
    );
    assert_eq!(puzzle_lines(&file).len(), 10);
    // Nothing harder than X-Wing in the engine's order: singles, intersections, naked pairs.
    let allowed = [
        "Full House",
        "Hidden Single (region)",
        "Hidden Single (row)",
        "Hidden Single (column)",
        "Naked Single",
        "Pointing",
        "Claiming",
        "Locked Pair",
        "Locked Triple",
        "Naked Pair",
        "X-Wing",
    ];
    for doc in solves(&file, &[]) {
        let used = techniques(&doc);
        assert!(used.iter().any(|t| t == "X-Wing"), "{used:?}");
        assert!(
            used.iter().all(|t| allowed.contains(&t.as_str())),
            "{used:?}"
        );
    }
    check_practice(&file, &["X-Wing"], true);
}

/// Practice sets of 32 techniques across every family, one puzzle each (seeds picked so that
/// the whole test takes seconds): each short name with the step names it stands for, and extra
/// options.
const PRACTICE: [(&str, &[&str], &[&str]); 32] = [
    ("fh", &["Full House"], &[]),
    (
        "h1",
        &[
            "Hidden Single (region)",
            "Hidden Single (row)",
            "Hidden Single (column)",
        ],
        &[],
    ),
    ("n1", &["Naked Single"], &[]),
    ("lc1", &["Pointing"], &[]),
    ("lc2", &["Claiming"], &[]),
    ("l2", &["Locked Pair"], &[]),
    ("n2", &["Naked Pair"], &[]),
    ("h2", &["Hidden Pair"], &[]),
    ("n3", &["Naked Triple"], &[]),
    ("bf2", &["X-Wing"], &[]),
    ("fbf2", &["Finned X-Wing"], &[]),
    ("sbf2", &["Sashimi X-Wing"], &[]),
    ("fbf3", &["Finned Swordfish"], &[]),
    ("2sk", &["2-String Kite"], &[]),
    ("u1", &["Unique Rectangle Type 1"], &[]),
    ("u4", &["Unique Rectangle Type 4"], &[]),
    ("hr", &["Hidden Rectangle"], &[]),
    ("xy", &["XY-Wing"], &[]),
    ("w", &["W-Wing"], &[]),
    ("xyz", &["XYZ-Wing"], &[]),
    ("wxyz", &["WXYZ-Wing"], &[]),
    ("mc", &["Multi-Colours (trap)", "Multi-Colours (wrap)"], &[]),
    ("xyc", &["XY-Chain"], &[]),
    ("aic", &["AIC"], &[]),
    ("cnl", &["Continuous Nice Loop"], &[]),
    ("gaic", &["Grouped AIC"], &[]),
    ("sdc", &["Sue de Coq"], &[]),
    ("fcc", &["Forcing Chain Contradiction"], &[]),
    (
        "h1",
        &[
            "Hidden Single (extra house)",
            "Hidden Single (region)",
            "Hidden Single (row)",
            "Hidden Single (column)",
        ],
        &["--variant", "x"],
    ),
    ("bf2", &["X-Wing"], &["--size", "6"]),
    ("cc", &["Cage Combination"], &["--killer", "--size", "6"]),
    ("io", &["Innies and Outies"], &["--killer", "--size", "6"]),
];

#[test]
fn practice_sets_of_every_family_use_their_technique_and_nothing_harder() {
    let dir = scratch("practice-families");
    let mut families = HashMap::new();
    for (i, (name, steps, extra)) in PRACTICE.iter().enumerate() {
        let file = dir.join(format!("{i}-{name}.txt"));
        let mut args = vec!["--technique", name, "--seed", "3"];
        args.extend_from_slice(extra);
        generate_to(&file, &args);
        let nine = extra.is_empty();
        check_practice(&file, steps, nine);
        families.insert(steps[0], ());
    }
    assert!(families.len() >= 30);
}

#[test]
fn the_workbook_marks_the_practised_step_on_the_hidden_solution_sheet_only() {
    let dir = scratch("practice-workbook");
    let file = dir.join("practice.xlsx");
    generate_to(
        &file,
        &["--technique", "xy-wing", "--count", "2", "--seed", "4"],
    );
    let strings = workbook_strings(&file);
    for (i, doc) in solves(&file, &[]).iter().enumerate() {
        let first = techniques(doc).iter().position(|t| t == "XY-Wing").unwrap();
        let explanation = doc["steps"][first]["explanation"].as_str().unwrap();
        let mark = format!("Step {} (XY-Wing;", first + 1);
        let answer = &strings[&format!("Solution {}", i + 1)];
        assert!(
            answer.iter().any(|s| s.starts_with(&mark)),
            "{mark} in {answer:?}"
        );
        let marked = answer.iter().find(|s| s.starts_with(&mark)).unwrap();
        assert!(marked.ends_with(explanation), "{marked} / {explanation}");
        let puzzle = &strings[&format!("Puzzle {}", i + 1)];
        assert!(puzzle.iter().all(|s| !s.starts_with("Step ")), "{puzzle:?}");
    }
}

/// The texts of every sheet of a workbook, by sheet name.
fn workbook_strings(path: &Path) -> HashMap<String, Vec<String>> {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let mut workbook: Xlsx<_> = open_workbook(path).unwrap();
    let names = workbook.sheet_names().to_vec();
    names
        .into_iter()
        .map(|name| {
            let range = workbook.worksheet_range(&name).unwrap();
            let texts = range
                .used_cells()
                .filter_map(|(_, _, v)| match v {
                    Data::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect();
            (name, texts)
        })
        .collect()
}

#[test]
fn se_rating_bands_hold_by_the_sudoku_explainer_mode() {
    let dir = scratch("practice-se");
    let file = dir.join("band.txt");
    generate_to(
        &file,
        &["--se-rating", "7.0..7.5", "--count", "10", "--seed", "1"],
    );
    let lines = puzzle_lines(&file);
    assert_eq!(lines.len(), 10);
    lines.iter().for_each(|v| assert_eq!(count_9x9(v), 1));
    for doc in solves(&file, &["--rating", "se"]) {
        let er = doc["se_rating"]["er"].as_f64().unwrap();
        assert!((7.0..=7.5).contains(&er), "ER {er}");
    }
}

#[test]
fn practice_and_band_requests_are_the_same_bytes_for_the_same_seed() {
    let dir = scratch("practice-seed");
    for args in [
        &["--technique", "w-wing", "--count", "3", "--seed", "8"][..],
        &["--se-rating", "4.0..5.0", "--count", "3", "--seed", "8"],
    ] {
        let read = |name: &str| {
            let file = dir.join(name);
            generate_to(&file, args);
            std::fs::read(file).unwrap()
        };
        assert_eq!(read("a.txt"), read("b.txt"), "{args:?}");
    }
}

/// The cage sizes of every Killer in a generated text file.
fn cage_sizes(path: &Path) -> Vec<usize> {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut sizes = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let n: usize = lines[at].split(' ').next().unwrap().parse().unwrap();
        let labels = &lines[at + 1 + n..at + 1 + 2 * n];
        let mut count: HashMap<&str, usize> = HashMap::new();
        labels
            .iter()
            .flat_map(|row| row.split(' '))
            .for_each(|label| *count.entry(label).or_default() += 1);
        sizes.extend(count.values());
        at += 1 + 2 * n;
    }
    sizes
}

#[test]
fn killer_cages_have_two_to_five_cells_unless_asked_for_others() {
    let dir = scratch("practice-killer");
    let file = dir.join("k.txt");
    // 200 Killers (6x6, which take a millisecond each; 9x9 cages are drawn the same way).
    generate_to(
        &file,
        &["--killer", "--size", "6", "--count", "200", "--seed", "1"],
    );
    let sizes = cage_sizes(&file);
    assert!(sizes.len() > 200 * 6, "{}", sizes.len());
    assert!(sizes.iter().all(|s| (2..=5).contains(s)), "{sizes:?}");
    generate_to(&file, &["--killer", "--seed", "2"]);
    assert!(cage_sizes(&file).iter().all(|s| (2..=5).contains(s)));
    generate_to(
        &file,
        &[
            "--killer",
            "--size",
            "6",
            "--count",
            "20",
            "--seed",
            "1",
            "--min-cage",
            "1",
        ],
    );
    assert!(
        cage_sizes(&file).contains(&1),
        "single cells when asked for"
    );
    generate_to(
        &file,
        &[
            "--killer",
            "--size",
            "6",
            "--count",
            "20",
            "--seed",
            "1",
            "--min-cage",
            "3",
            "--max-cage",
            "4",
        ],
    );
    assert!(cage_sizes(&file).iter().all(|s| (3..=4).contains(s)));
}

#[test]
fn requests_that_cannot_be_met_say_why_with_exit_code_2() {
    let cases: [(&[&str], &str); 11] = [
        (
            &["--se-rating", "7.5..7.0"],
            "low end 7.5 is above its high end 7.0",
        ),
        (&["--se-rating", "abc"], "e.g. 7.0..7.5"),
        (
            &["--se-rating", "7.0..7.5", "--size", "6"],
            "Sudoku Explainer rates only 9x9",
        ),
        (
            &["--se-rating", "7.0..7.5", "--killer"],
            "without variants or cages",
        ),
        (
            &["--technique", "skyscraper"],
            "every skyscraper that removes a candidate is a finned or sashimi X-Wing",
        ),
        (
            &["--technique", "pointing", "--latin"],
            "a Latin square has none",
        ),
        (&["--technique", "cage-combination"], "add --killer"),
        (
            &["--technique", "fh", "--killer"],
            "cannot solve a Killer alone",
        ),
        (
            &["--technique", "mutant-x-wing"],
            "not among the techniques the engine tries on its own",
        ),
        (&["--technique", "no-such"], "unknown technique 'no-such'"),
        (
            &["--killer", "--min-cage", "4", "--max-cage", "3"],
            "--min-cage 4 is above --max-cage 3",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
