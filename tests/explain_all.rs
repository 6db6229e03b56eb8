//! `explain --technique all` and `--at-step`: every step available in a state
//! ([`techniques::all_steps`]) holds what HoDoKu's regression library expects there, the state after
//! step N is the grid `explain --grids` prints before step N+1, and every AIC listed is sound.

use crate::common;

use crate::common::{fixture, run, shared};
use gridlogic::core::Technique;
use gridlogic::core::{State, Step};
use gridlogic::engine;
use gridlogic::model::Candidate;
use gridlogic::read::reglib::{Case, code_of};
use gridlogic::techniques;
use rayon::prelude::*;
use std::collections::BTreeSet;

/// Whether the steps available in the case's state (built as `explain --technique all` builds
/// it) include one with exactly the case's eliminations and placements.
fn lists_expected(case: &Case) -> bool {
    let state = State::from_marks(case.marks.clone());
    let unique = engine::has_unique_solution(&state);
    let state = state.assuming_unique(unique);
    let set = |c: &[Candidate]| c.iter().copied().collect::<BTreeSet<_>>();
    let wanted = (set(&case.eliminations), set(&case.placements));
    techniques::all_steps(&state)
        .steps
        .iter()
        .any(|s: &Step| (set(&s.eliminations), set(&s.placements)) == wanted)
}

/// The cases of a library text whose technique gridlogic implements (fail cases, which expect
/// nothing, left out), with whether their expected step is listed.
fn check_library(text: &str) -> (Vec<usize>, usize) {
    let cases: Vec<Case> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with(':'))
        .filter(|(_, line)| Technique::for_code(code_of(line)).is_some())
        .filter_map(|(i, line)| Case::parse(line, i + 1).ok())
        .filter(|case| !case.is_fail_case())
        .collect();
    // On every core, taking cases as each finishes one: the forcing cases, the slowest, sit
    // together at the library's end.
    let missed = cases
        .par_iter()
        .filter(|case| !lists_expected(case))
        .map(|case| case.line)
        .collect();
    (missed, cases.len())
}

#[test]
fn every_step_available_holds_the_expected_step_of_copied_library_cases() {
    let text = std::fs::read_to_string(fixture("reglib/explain-all-cases.txt")).unwrap();
    let (missed, cases) = check_library(&text);
    assert_eq!(cases, 11);
    assert!(missed.is_empty(), "lines {missed:?}");
}

#[test]
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
fn every_step_available_holds_the_expected_step_of_every_implemented_library_case() {
    let Some(path) = shared("datasets/hodoku/reglib-1.4-dev.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let (missed, cases) = check_library(&text);
    eprintln!("{} of {cases} cases listed", cases - missed.len());
    assert!(
        missed.is_empty(),
        "{} missed, lines {missed:?}",
        missed.len()
    );
}

/// The grid after `explain --at-step N` is the one `explain --grids` prints before step N+1.
#[test]
fn the_state_at_step_n_is_the_grid_before_step_n_plus_one() {
    let file = "fixtures/text/top1465-36.txt";
    let (code, log, err) = run(&["explain", file, "--grids"]);
    assert_eq!(code, 0, "{err}");
    // Grids are the blocks before each numbered step's line.
    let mut before: Vec<String> = Vec::new();
    let mut block = String::new();
    for line in log.lines().skip(1) {
        let numbered = line
            .split_once(". ")
            .is_some_and(|(n, _)| n.parse::<usize>().is_ok());
        if numbered {
            before.push(std::mem::take(&mut block));
        } else if !line.is_empty() {
            block += line;
            block.push('\n');
        }
    }
    assert!(before.len() > 30);
    for n in [0, 1, 8, 24, before.len() - 1] {
        let (code, out, err) = run(&["explain", file, "--at-step", &n.to_string()]);
        assert_eq!(code, 0, "{err}");
        let grid: String = out
            .lines()
            .skip(1)
            .take_while(|line| !line.is_empty())
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(grid, before[n], "at step {n}");
        let next = out.lines().find(|l| l.contains(". ")).unwrap_or_default();
        assert!(
            next.trim_start().starts_with(&format!("{}. ", n + 1)),
            "{next}"
        );
    }
    let (code, _, err) = run(&["explain", file, "--at-step", "1000"]);
    assert_eq!(code, 2);
    assert!(err.contains("has only"), "{err}");
}

/// The one solution of a 9x9 by plain backtracking, written independently of the library.
fn solution(line: &str) -> Vec<u8> {
    fn fill(grid: &mut [u8]) -> bool {
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            return true;
        };
        let (r, c) = (cell / 9, cell % 9);
        for v in 1..=9u8 {
            let clash = (0..9).any(|i| {
                grid[r * 9 + i] == v
                    || grid[i * 9 + c] == v
                    || grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == v
            });
            if !clash {
                grid[cell] = v;
                if fill(grid) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }
    let mut grid = common::line_values(line);
    assert!(fill(&mut grid));
    grid
}

/// `--technique aic --all` lists AICs, each removing only candidates the solution does not use;
/// from the JSON, whose steps name their technique and eliminations.
#[test]
fn every_aic_listed_is_sound() {
    let file = "fixtures/text/top1465-36.txt";
    let line = std::fs::read_to_string(fixture("text/top1465-36.txt")).unwrap();
    let solution = solution(line.trim());
    for at in ["0", "22"] {
        let args = [
            "explain",
            file,
            "--technique",
            "aic",
            "--all",
            "--at-step",
            at,
            // The states of gridlogic's own solve, where step 22 leaves AICs to find.
            "--rating",
            "gridlogic",
        ];
        let (code, out, err) = run(&[&args[..], &["--format", "json"]].concat());
        assert_eq!(code, 0, "{err}");
        let document: serde_json::Value = serde_json::from_str(&out).unwrap();
        let steps = document["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "no AIC at step {at}");
        for step in steps {
            assert_eq!(step["technique"], "AIC");
            for elimination in step["eliminations"].as_array().unwrap() {
                // r7c8<>1
                let text = elimination.as_str().unwrap();
                let (cell, digit) = text.split_once("<>").unwrap();
                let (r, c) = cell[1..].split_once('c').unwrap();
                let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
                assert_ne!(
                    solution[index].to_string(),
                    digit,
                    "{}",
                    step["explanation"]
                );
            }
        }
        let (_, text, _) = run(&args);
        let count = format!("{} instances of aic", steps.len());
        assert!(text.ends_with(&format!("{count}\n")), "{text}");
    }
}

/// `--technique all` groups the steps by technique, simplest first, says how many of each, and
/// reads a pencil-mark grid as `--technique NAME` does.
#[test]
fn all_groups_by_technique_and_reads_pencil_marks() {
    for file in [
        "fixtures/text/top1465-36.txt",
        "fixtures/text/xwing-pencil.txt",
    ] {
        let (code, out, err) = run(&["explain", file, "--technique", "all"]);
        assert_eq!(code, 0, "{err}");
        let headers: Vec<&str> = out.lines().filter(|l| l.contains(" instance")).collect();
        assert!(headers.len() > 5, "{out}");
        let (_, json, _) = run(&["explain", file, "--technique", "all", "--format", "json"]);
        let document: serde_json::Value = serde_json::from_str(&json).unwrap();
        let steps = document["steps"].as_array().unwrap();
        let total = headers.last().unwrap();
        assert!(
            total.starts_with(&format!("{} instances of ", steps.len())),
            "{total}"
        );
        let first = steps[0]["technique"].as_str().unwrap();
        assert!(headers[0].starts_with(first), "{} vs {first}", headers[0]);
    }
}
