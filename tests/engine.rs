//! The logical engine: soundness on every kind of puzzle (each placement is the solution's digit,
//! no elimination removes it), explanations a person can follow (snapshots), options, and the
//! engine's verdicts on puzzles with no or several solutions.

use crate::common;

use crate::common::{fixture, run, scratch, shared};
use gridlogic::core::{Outcome, State, Step, Technique};
use gridlogic::engine::{self, Options};
use gridlogic::model::Candidate;
use gridlogic::model::Puzzle;
use gridlogic::read::{ReadOptions, read_file, read_text};
use gridlogic::search;
use gridlogic::techniques;

/// Solves every puzzle and checks every step against the unique solution found by search.
fn assert_sound(puzzles: &[Puzzle], what: &str) -> usize {
    let mut steps = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let count = search::count_solutions(puzzle, 2);
        assert_eq!(
            count.solutions, 1,
            "{what} #{i}: the harness needs unique puzzles"
        );
        let solution = count.first.unwrap();
        let solve = engine::solve(puzzle, &Options::all(puzzle.size()));
        assert_eq!(solve.outcome, Outcome::Solved, "{what} #{i}");
        for (n, step) in solve.steps.iter().enumerate() {
            assert!(
                step.is_sound(&solution),
                "{what} #{i} step {}: {}",
                n + 1,
                step.explanation.render(&puzzle.names())
            );
        }
        assert_eq!(solve.state.values(), &solution, "{what} #{i}");
        steps += solve.steps.len();
    }
    steps
}

fn read_lines(path: &std::path::Path, take: usize, stride: usize) -> Vec<Puzzle> {
    let text: String = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .step_by(stride)
        .take(take)
        .map(|l| format!("{l}\n"))
        .collect();
    read_text(&text, "sample", &ReadOptions::default())
        .unwrap()
        .puzzles
}

#[test]
fn every_step_is_sound_on_the_seed_puzzles() {
    let expected = std::fs::read_to_string(fixture("seed/expected.csv")).unwrap();
    let unique: Vec<Puzzle> = expected
        .lines()
        .filter(|l| l.ends_with(",unique"))
        .map(|l| {
            let file = fixture(&format!("seed/{}", l.split(',').next().unwrap()));
            read_file(&file, &ReadOptions::default())
                .unwrap()
                .puzzles
                .remove(0)
        })
        .collect();
    assert_eq!(unique.len(), 6);
    assert_sound(&unique, "seed");
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_sound_on_dataset_samples() {
    let samples = [
        ("datasets/9x9/magictour_top1465.txt", 150, 10),
        ("datasets/9x9/sudoku17_49158.txt", 100, 491),
        ("datasets/9x9/forum_hardest_1106.txt", 40, 9),
        ("datasets/16x16/janko_16x16_62.txt", 10, 6),
        ("datasets/jigsaw/janko_chaos_unique_333.txt", 333, 1),
        ("datasets/25x25/alphadoku_2.txt", 1, 1),
    ];
    for (file, take, stride) in samples {
        let Some(path) = shared(file) else {
            return;
        };
        let puzzles = read_lines(&path, take, stride);
        let steps = assert_sound(&puzzles, file);
        eprintln!(
            "{file}: {} puzzles, {steps} steps, all sound",
            puzzles.len()
        );
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn every_step_is_sound_on_the_hodoku_exemplars() {
    let Some(unique) = common::hodoku_exemplars() else {
        return;
    };
    assert_sound(&unique, "exemplars");
}

#[test]
fn explain_logs_of_the_seed_puzzles_read_as_a_person_would_write_them() {
    let _snapshots = common::snapshots();
    for name in ["search-easy-9x9", "genetic-9x9", "generator-holes-9"] {
        let (code, out, err) = run(&["explain", &format!("fixtures/seed/{name}.csv")]);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(format!("explain_{name}"), out);
    }
}

#[test]
fn puzzles_without_a_solution_get_a_verdict_with_the_contradiction() {
    let (code, out, _) = run(&["solve", "fixtures/seed/search-6-9x9.csv"]);
    assert_eq!(code, 1);
    assert!(out.contains("no solution:"), "{out}");
}

#[test]
fn backtracking_on_a_puzzle_that_is_not_unique_says_so_and_picks_by_seed() {
    let file = "fixtures/seed/generator-holes-45.csv";
    let (code, out, _) = run(&["explain", file, "--seed", "3"]);
    // Solved, but not unique: exit 1, as from `check` and `solve`.
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("each lead to a solution (the puzzle is not unique); picked"),
        "{out}"
    );
    assert!(out.contains("NOT unique: several solutions"), "{out}");
    assert_eq!(
        run(&["explain", file, "--seed", "3"]).1,
        out,
        "the same seed, the same log"
    );
}

#[test]
fn no_guess_stops_and_shows_the_candidate_grid() {
    let (code, out, _) = run(&[
        "solve",
        "fixtures/seed/genetic-9x9.csv",
        "--techniques",
        "singles",
        "--no-guess",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("stuck"), "{out}");
}

#[test]
fn verify_checks_every_step() {
    let (code, out, err) = run(&["solve", "fixtures/seed/search-hard-9x9.csv", "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// HoDoKu's expected eliminations, `<digit><row><col>` separated by spaces, as `r1c3<>3` texts.
fn hodoku_eliminations(line: &str) -> Vec<String> {
    line.split(':')
        .nth(5)
        .unwrap()
        .split_whitespace()
        .map(|e| {
            let b = e.as_bytes();
            format!("r{}c{}<>{}", b[1] as char, b[2] as char, b[0] as char)
        })
        .collect()
}

#[test]
fn explain_lists_a_technique_on_a_hodoku_line_and_on_a_pencil_mark_grid() {
    let line = std::fs::read_to_string(fixture("text/xwing-hodoku.txt")).unwrap();
    let expected = hodoku_eliminations(&line);
    assert_eq!(expected.len(), 9);
    for file in [
        "fixtures/text/xwing-hodoku.txt",
        "fixtures/text/xwing-pencil.txt",
    ] {
        let (code, out, err) = run(&["explain", file, "--technique", "x-wing", "--all"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.ends_with("1 instance of x-wing\n"), "{out}");
        let found: Vec<&str> = out
            .lines()
            .next()
            .unwrap()
            .split("⇒ ")
            .nth(1)
            .unwrap()
            .split(", ")
            .collect();
        assert_eq!(found, expected, "{file}");
    }
}

#[test]
fn batch_writes_one_csv_row_per_puzzle_with_the_solution() {
    let dir = scratch("batch");
    let out = dir.join("rows.csv");
    let (code, _, err) = run(&[
        "batch",
        "fixtures/text/top1465-first3.txt",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        "id,status,detail,puzzle,regions,solution,solution_matches,logic_only,\
         backtracking_steps,level,score,brute_force,hardest_technique,steps,microseconds"
    );
    let rows = common::csv_rows(&text);
    let puzzles = std::fs::read_to_string(fixture("text/top1465-first3.txt")).unwrap();
    for (n, (row, puzzle)) in rows.iter().zip(puzzles.lines()).enumerate() {
        assert_eq!(row["puzzle"], puzzle);
        assert_eq!(
            (row["id"].as_str(), row["status"].as_str()),
            (&*(n + 1).to_string(), "unique")
        );
        let solution = sudoku::Sudoku::from_str_line(puzzle)
            .unwrap()
            .solution()
            .unwrap();
        assert_eq!(row["solution"], solution.to_str_line().to_string());
        assert_eq!(
            row["logic_only"] == "true",
            row["backtracking_steps"] == "0"
        );
    }
    assert_eq!(rows.len(), 3);
    let (code, _, err) = run(&[
        "batch",
        "fixtures/text/top1465-first3.txt",
        "-o",
        "fixtures/text/top1465-first3.txt",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn technique_options_limit_what_the_engine_uses() {
    let (code, out, _) = run(&[
        "solve",
        "fixtures/seed/genetic-9x9.csv",
        "--max-level",
        "easy",
    ]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("Pointing") && out.contains("Backtracking"),
        "{out}"
    );
    let (code, _, err) = run(&[
        "solve",
        "fixtures/seed/genetic-9x9.csv",
        "--techniques",
        "no-such-thing",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown technique 'no-such-thing'"), "{err}");
}

#[test]
fn techniques_beyond_the_default_caps_can_be_asked_for_by_name_or_code() {
    // HoDoKu's exemplar of a Franken jellyfish (code 0332, tagged `ff4(8)`: on 8), which the
    // engine's own order never reaches (Franken fish stop at swordfish on 9x9).
    let (code, out, err) = run(&[
        "explain",
        "fixtures/text/franken-jellyfish-exemplar.txt",
        "--techniques",
        "singles,intersections,subsets,0332",
        "--no-guess",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("Franken Jellyfish on 8"), "{out}");
    // A finned mutant jellyfish (0362) of HoDoKu's regression library, which removes 4 from
    // r1c9; mutant fish are never in the engine's order.
    let (code, out, err) = run(&[
        "explain",
        "fixtures/text/finned-mutant-jellyfish-reglib.txt",
        "--technique",
        "Finned Mutant Jellyfish",
        "--all",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Finned Mutant Jellyfish on 4"), "{out}");
    assert!(
        out.lines()
            .all(|l| !l.contains('⇒') || l.ends_with("⇒ r1c9<>4")),
        "{out}"
    );
}

#[test]
fn fish_searches_that_remember_fruitless_digits_find_what_fresh_searches_find() {
    // Two of magictour's top1465, which need finned and Franken fish among much else. At every
    // state of their solves, each fish technique is asked twice: on the engine's state, which
    // remembers the digits it searched in vain before (and searches only what changed since),
    // and on a copy that remembers nothing.
    let text = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n\
                7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........\n";
    let options = Options::all(9);
    let fish: Vec<Technique> = options
        .techniques
        .iter()
        .copied()
        .filter(|t| matches!(t, Technique::Fish(..) | Technique::BasicFish(_)))
        .collect();
    let mut found = 0;
    for puzzle in read_text(text, "top1465", &ReadOptions::default())
        .unwrap()
        .puzzles
    {
        let solution = search::count_solutions(&puzzle, 1).first.unwrap();
        let mut state = State::from_puzzle(&puzzle).with_limits(options.limits);
        while !state.is_solved() {
            let fresh = state.clone().with_limits(options.limits);
            for &technique in &fish {
                let remembered = techniques::find_first(technique, &state);
                assert_eq!(remembered, techniques::find_first(technique, &fresh));
                found += usize::from(remembered.is_some());
            }
            let step = engine::next_step(&state, &options.techniques).unwrap_or_else(|| {
                let cell = state
                    .layout()
                    .cells()
                    .find(|&c| state.value(c).is_none())
                    .unwrap();
                let mut guess = Step::new(Technique::Backtracking);
                guess
                    .placements
                    .push(Candidate::new(cell, solution.get(cell).unwrap()));
                guess
            });
            state.apply(&step);
        }
    }
    assert!(found > 20, "{found} fish found");
}
