//! `gridlogic hint`: the next step from a person's own state, told at three levels, after the
//! state is checked against the solution. Expected digits come from the `sudoku` crate's solver;
//! the mistakes are the ones the tests put in.

use crate::common::{run, scratch};
use serde_json::Value;

/// top1465 #1, whose solution the `sudoku` crate finds.
const PUZZLE: &str = "fixtures/text/top1465-first.txt";

/// The solution of a one-line 9x9 puzzle, by the `sudoku` crate.
fn solution(line: &str) -> Vec<u8> {
    let solved = sudoku::Sudoku::from_str_line(line).unwrap().solution();
    solved.unwrap().to_bytes().to_vec()
}

/// A cell name (`r9c3`) as an index.
fn index(name: &str) -> usize {
    let (row, col) = name[1..].split_once('c').unwrap();
    (row.parse::<usize>().unwrap() - 1) * 9 + col.parse::<usize>().unwrap() - 1
}

fn hint_json(file: &str, level: &str) -> (i32, Value) {
    let (code, out, err) = run(&["hint", file, "--level", level, "--format", "json"]);
    assert!(err.is_empty(), "{err}");
    (code, serde_json::from_str(&out).unwrap())
}

#[test]
fn each_level_tells_more_and_the_step_agrees_with_the_solution() {
    let (code, family) = hint_json(PUZZLE, "1");
    assert_eq!(code, 0);
    assert_eq!(family["verdict"], "unique");
    let step = &family["step"];
    assert_eq!(step["family"], "Singles");
    assert!(step["house"].is_string(), "{step}");
    for hidden in ["technique", "cells", "explanation", "placements"] {
        assert!(
            step.get(hidden).is_none(),
            "level 1 tells no {hidden}: {step}"
        );
    }
    let (_, technique) = hint_json(PUZZLE, "2");
    assert!(technique["step"]["technique"].is_string());
    assert!(technique["step"].get("placements").is_none());
    let (_, full) = hint_json(PUZZLE, "3");
    let solution = solution(std::fs::read_to_string(PUZZLE).unwrap().trim());
    let placements = full["step"]["placements"].as_array().unwrap();
    assert!(!placements.is_empty(), "{full}");
    for placement in placements {
        let (cell, digit) = placement.as_str().unwrap().split_once('=').unwrap();
        assert_eq!(
            solution[index(cell)],
            digit.parse::<u8>().unwrap(),
            "{cell}"
        );
    }
    // The cells of level 2 are where level 3 places.
    let cells = technique["step"]["cells"].as_array().unwrap();
    let placed = placements[0].as_str().unwrap().split('=').next().unwrap();
    assert!(cells.iter().any(|c| c == placed), "{cells:?}");
    let (_, text, _) = run(&["hint", PUZZLE]);
    assert!(text.starts_with("Hint: Singles; look at "), "{text}");
}

#[test]
fn a_wrong_digit_in_a_plain_grid_is_the_hint() {
    let line = std::fs::read_to_string(PUZZLE).unwrap();
    let solution = solution(line.trim());
    // r1c2 is empty in the puzzle; put a digit there that no given in its row, column or box
    // rules out but that the solution does not have.
    let givens = line.as_bytes();
    let peers = (0..81).filter(|&i| i / 9 == 0 || i % 9 == 1 || (i / 27 == 0 && i % 9 < 3));
    let seen: Vec<u8> = peers.map(|i| givens[i]).collect();
    let wrong = (1..=9u8)
        .find(|&d| d != solution[1] && !seen.contains(&(b'0' + d)))
        .unwrap();
    let state: String = line
        .trim()
        .char_indices()
        .map(|(i, c)| if i == 1 { char::from(b'0' + wrong) } else { c })
        .collect();
    let dir = scratch("hint-wrong");
    let file = dir.join("state.txt");
    std::fs::write(&file, format!("{state}\n")).unwrap();
    let (code, text, _) = run(&["hint", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(
        text,
        format!(
            "r1c2={wrong} may be wrong\nThe grid has no solution; emptying one of these cells \
             would allow one.\n"
        )
    );
}

#[test]
fn a_removed_candidate_that_the_solution_needs_is_the_hint() {
    let pencil = std::fs::read_to_string("fixtures/text/xwing-pencil.txt").unwrap();
    // The placed digits of the pencil-mark grid, as a puzzle line for the `sudoku` crate.
    let tokens: Vec<&str> = pencil
        .split(|c: char| c.is_whitespace() || "|-+".contains(c))
        .filter(|t| !t.is_empty())
        .collect();
    assert_eq!(tokens.len(), 81);
    let line: String = tokens
        .iter()
        .map(|t| {
            if t.len() == 1 {
                t.chars().next().unwrap()
            } else {
                '.'
            }
        })
        .collect();
    let digit = solution(&line)[36];
    assert_eq!(tokens[36], "1238", "r5c1's candidates");
    let dir = scratch("hint-pencil");
    for removed in ['1', '2', '3', '8'] {
        let kept: String = "1238".chars().filter(|&c| c != removed).collect();
        let state = pencil.replacen("1238 34789", &format!("{kept}  34789"), 1);
        let file = dir.join(format!("without-{removed}.txt"));
        std::fs::write(&file, state).unwrap();
        let (code, value) = hint_json(file.to_str().unwrap(), "1");
        let needed = removed.to_digit(10) == Some(u32::from(digit));
        assert_eq!(code, i32::from(needed), "{removed}: {value}");
        let mistakes = value["mistakes"].as_array().unwrap();
        if needed {
            assert_eq!(value["verdict"], "mistakes");
            assert_eq!(mistakes.len(), 1, "{value}");
            assert_eq!(mistakes[0]["kind"], "missing_candidate");
            assert_eq!(mistakes[0]["cell"], "r5c1");
            assert_eq!(mistakes[0]["digit"], u64::from(digit));
            assert!(value.get("step").is_none());
        } else {
            assert!(mistakes.is_empty() && value["step"].is_object(), "{value}");
        }
    }
}

#[test]
fn a_solved_grid_and_a_puzzle_with_several_solutions() {
    let dir = scratch("hint-verdicts");
    let line = std::fs::read_to_string(PUZZLE).unwrap();
    let solved: String = solution(line.trim())
        .iter()
        .map(|&d| char::from(b'0' + d))
        .collect();
    let file = dir.join("solved.txt");
    std::fs::write(&file, format!("{solved}\n")).unwrap();
    let (code, text, _) = run(&["hint", file.to_str().unwrap()]);
    assert_eq!((code, text.as_str()), (0, "The grid is solved.\n"));
    // The first givens of the puzzle only.
    let sparse = format!("{}{}\n", &line[..16], ".".repeat(65));
    let file = dir.join("sparse.txt");
    std::fs::write(&file, sparse).unwrap();
    let (code, value) = hint_json(file.to_str().unwrap(), "2");
    assert_eq!(code, 1);
    assert_eq!(value["verdict"], "multiple");
    assert!(value["step"]["technique"].is_string(), "{value}");
}

/// From the pencil-mark grid `explain --grids` prints before a step of gridlogic's own solve
/// (`--rating gridlogic`: a hint takes the engine's order from any grid, where the default solve
/// of a classic 9x9 follows HoDoKu's path), `hint` gives that very step at level 3, and levels 1
/// and 2 tell the same technique. Singles are left out: a pencil-mark grid reads a cell with one
/// candidate as placed. Every other step follows a state without a pending single (the engine
/// tries singles first), so its grid reads back as the engine's state.
#[test]
fn from_the_state_before_each_step_the_hint_is_the_step_explain_takes() {
    let (code, log, _) = run(&["explain", PUZZLE, "--grids", "--rating", "gridlogic"]);
    assert_eq!(code, 0);
    let dir = scratch("hint-explain");
    let mut grid = String::new();
    let mut compared = Vec::new();
    for line in log.lines().skip(1) {
        let Some((number, step)) = numbered(line) else {
            grid.push_str(line);
            grid.push('\n');
            continue;
        };
        let before = std::mem::take(&mut grid);
        let single = ["Full house", "Hidden single", "Naked single"];
        if single.iter().any(|s| step.starts_with(s)) {
            continue;
        }
        let file = dir.join(format!("before-{number}.txt"));
        std::fs::write(&file, before.trim()).unwrap();
        let file = file.to_str().unwrap();
        let (code, text, err) = run(&["hint", file, "--level", "3"]);
        assert_eq!((code, err.as_str()), (0, ""), "step {number}");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("Hint: {step}"), "step {number}");
        let (_, full) = hint_json(file, "3");
        // Then what to look for, the step in words (as JSON gives them) and the guide's page.
        assert!(lines[1].starts_with("Look for "), "step {number}: {text}");
        let words: Vec<&str> = full["step"]["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        assert_eq!(lines[2..lines.len() - 1], words[..], "step {number}");
        let guide = full["step"]["guide"].as_str().unwrap();
        assert_eq!(
            lines[lines.len() - 1],
            format!("See: {guide}"),
            "step {number}"
        );
        let (_, technique) = hint_json(file, "2");
        let (_, family) = hint_json(file, "1");
        assert_eq!(technique["step"]["technique"], full["step"]["technique"]);
        assert_eq!(family["step"]["family"], full["step"]["family"]);
        compared.push(number);
    }
    // The puzzle's solve has subsets, fish, uniqueness steps, grouped AICs and nice loops.
    assert!(compared.len() >= 20, "{compared:?}");
}

/// `12. Naked pair …` as its number and its step.
fn numbered(line: &str) -> Option<(usize, &str)> {
    let (number, step) = line.trim_start().split_once(". ")?;
    Some((number.parse().ok()?, step))
}
