//! Forcing steps checked independently by search, on 9x9, 6x6 and jigsaw grids, and a wide
//! soundness run over the shared datasets (ignored by default: `cargo test --release --test
//! forcing -- --ignored --nocapture`).

use crate::common;

use gridlogic::core::{Family, Forcing, State, Step, Technique};
use gridlogic::engine::{self, Options};
use gridlogic::model::explanation::Claim;
use gridlogic::model::{Candidate, Cell, Digit, DigitSet, Explanation, Names, Puzzle};
use gridlogic::read::{ReadOptions, read_text};
use gridlogic::report::SolveReport;
use gridlogic::search::count_from_candidates;
use gridlogic::techniques::{find_all, find_first};

/// Whether `step` holds in every solution of `state` (the state must have one).
fn holds_in_every_solution(state: &State, step: &Step) -> bool {
    let layout = state.layout();
    let grid = state.search_candidates();
    assert!(count_from_candidates(layout, &grid, 1).solutions > 0);
    let eliminated_fits = step.eliminations.iter().any(|e| {
        let mut trial = grid.clone();
        trial[e.cell.index()] = DigitSet::single(e.digit);
        count_from_candidates(layout, &trial, 1).solutions > 0
    });
    let other_fits = step.placements.iter().any(|p| {
        let mut trial = grid.clone();
        trial[p.cell.index()].remove(p.digit);
        count_from_candidates(layout, &trial, 1).solutions > 0
    });
    !eliminated_fits && !other_fits
}

/// A step's explanation, digits as numbers, cells without addresses.
fn explained(state: &State, step: &Step) -> String {
    rendered(state, &step.explanation)
}

/// An explanation as [`explained`] renders it.
fn rendered(state: &State, explanation: &Explanation) -> String {
    explanation.render(&Names::new(state.layout(), None))
}

fn puzzle(text: &str) -> Puzzle {
    read_text(text, "test", &ReadOptions::default())
        .unwrap()
        .puzzles
        .remove(0)
}

/// The state a solve reaches with the techniques before forcing, when it first gets stuck.
fn stuck_state(puzzle: &Puzzle) -> State {
    let mut options = Options::all(puzzle.size());
    options.techniques.retain(|&t| is_basic(t));
    options.no_guess = true;
    engine::solve(puzzle, &options).state
}

fn is_forcing(t: Technique) -> bool {
    t.family() == Family::Forcing
}

/// Singles, intersections, subsets and basic fish: what leaves the test puzzles stuck.
fn is_basic(t: Technique) -> bool {
    matches!(
        t.family(),
        Family::Singles | Family::Intersections | Family::Subsets
    ) || matches!(t, Technique::BasicFish(_))
}

const FORCING: [Technique; 10] = [
    Technique::Nishio,
    Technique::ForcingChain(Forcing::Contradiction),
    Technique::ForcingChain(Forcing::Cell),
    Technique::ForcingChain(Forcing::Region),
    Technique::ForcingNet(Forcing::Contradiction),
    Technique::ForcingNet(Forcing::Cell),
    Technique::ForcingNet(Forcing::Region),
    Technique::ForcingNetPlus(Forcing::Contradiction),
    Technique::ForcingNetPlus(Forcing::Cell),
    Technique::ForcingNetPlus(Forcing::Region),
];

/// A top1465 puzzle that basic techniques leave stuck.
const HARD_9X9: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";

#[test]
fn every_forcing_step_on_a_stuck_nine_by_nine_holds_in_the_solution() {
    let state = stuck_state(&puzzle(HARD_9X9));
    assert!(!state.is_solved());
    for technique in FORCING {
        let steps = find_all(technique, &state);
        assert!(!steps.is_empty(), "{technique}");
        for step in &steps {
            assert!(
                holds_in_every_solution(&state, step),
                "{}",
                explained(&state, step)
            );
        }
    }
}

/// A 5x5 and a 6x6 jigsaw (janko.at Chaos Sudoku 9 and 27) and a 6x6 with 2x3 boxes and
/// several solutions (each step must hold in all of them).
const SMALL: [&str; 3] = [
    "5 2..1.3...5.....4......... abbbcabcccabcddaaeddeeeed 2351434125523414125315432 9_5x5\n",
    "6 .......5...63.......2.4...1......... aaabbbccaabdceabbdceeeedcefdddcfffff \
     526314453126314652632541261435145263 27_6x6\n",
    "3....1.5.4............4.1...6..2..1.\n",
];

/// forum_hardest_1106 #1: singles to forcing nets and templates leave it stuck at once.
const HARDEST_9X9: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3\n";

#[test]
fn nested_net_steps_where_every_other_technique_is_stuck_hold_in_the_solution() {
    let puzzle = puzzle(HARDEST_9X9);
    let mut options = Options::all(puzzle.size());
    options
        .techniques
        .retain(|t| !matches!(t, Technique::NestedNet(_)));
    options.no_guess = true;
    let state = engine::solve(&puzzle, &options).state;
    assert!(!state.is_solved());
    let mut found = 0;
    for kind in Forcing::ALL {
        for step in find_all(Technique::NestedNet(kind), &state) {
            assert!(
                holds_in_every_solution(&state, &step),
                "{}",
                explained(&state, &step)
            );
            found += 1;
        }
    }
    let contradictions = find_all(Technique::NestedNet(Forcing::Contradiction), &state);
    assert!(
        !contradictions.is_empty() && found > contradictions.len(),
        "{found}"
    );
}

#[test]
fn forcing_steps_on_small_jigsaws_and_boxes_hold_in_every_solution() {
    for text in SMALL {
        let state = stuck_state(&puzzle(text));
        let mut found = 0;
        let nested = Forcing::ALL.map(Technique::NestedNet);
        for technique in FORCING.into_iter().chain(nested) {
            for step in find_all(technique, &state) {
                assert!(
                    holds_in_every_solution(&state, &step),
                    "{}",
                    explained(&state, &step)
                );
                found += 1;
            }
        }
        eprintln!("{found} steps: {}", text.trim());
        assert!(found > 0, "{text}");
    }
}

#[test]
fn explanations_name_the_technique_the_implications_and_the_conclusion() {
    let state = stuck_state(&puzzle(HARD_9X9));
    for technique in FORCING {
        let step = find_first(technique, &state).unwrap();
        let claim = match (step.placements.first(), step.eliminations.first()) {
            (Some(p), _) => Claim::is(p.cell, p.digit),
            (None, Some(e)) => Claim::not(e.cell, DigitSet::single(e.digit)),
            (None, None) => unreachable!("a step makes progress"),
        };
        let conclusion = rendered(&state, &claim.into());
        let text = &explained(&state, &step);
        assert!(text.starts_with(&technique.sentence()) || text.starts_with("Nishio on "));
        assert!(text.contains(&conclusion) && text.contains(" ⇒ "), "{text}");
    }
}

#[test]
fn template_steps_hold_in_every_solution_on_jigsaws_boxes_and_a_nine_by_nine() {
    let mut found = Vec::new();
    for text in SMALL.iter().copied().chain([HARD_9X9]) {
        let state = stuck_state(&puzzle(text));
        for technique in [Technique::TemplateSet, Technique::TemplateDelete] {
            for step in find_all(technique, &state) {
                assert!(
                    holds_in_every_solution(&state, &step),
                    "{}",
                    explained(&state, &step)
                );
                found.push(explained(&state, &step));
            }
        }
    }
    // The 9x9 (boxes) comes last: digit 4 has six templates, none through r5c9 or r6c6.
    assert_eq!(
        found.last().unwrap(),
        "Template delete: none of the 6 ways to place 4 once in every row, column and box (on no \
         cell that every template of another digit takes) goes through these cells ⇒ \
         r5c9<>4, r6c6<>4"
    );
    assert!(found.len() > 10);
}

/// Solves a sample of each dataset with and without the forcing techniques and checks every step
/// against the unique solution. The whole datasets take minutes (each puzzle is solved twice):
/// `GRIDLOGIC_WIDE_SOUNDNESS=1 cargo test --release --test integration forcing::wide --
/// --nocapture` runs them and prints the figures; by default every puzzle at a fixed stride is
/// taken.
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn wide_soundness_run() {
    let whole = std::env::var_os("GRIDLOGIC_WIDE_SOUNDNESS").is_some();
    // Each dataset, how many puzzles, the stride of the sample, and whether the solves may
    // backtrack (the forum's hardest, SE 10 and up, are all solved by logic).
    let samples = [
        ("9x9/magictour_top1465.txt", 1465, 100, true),
        ("9x9/forum_hardest_1106.txt", 375, 50, false),
        ("16x16/janko_16x16_62.txt", 62, 20, true),
        ("jigsaw/janko_chaos_unique_333.txt", 333, 20, true),
    ];
    for (file, take, sample_stride, may_backtrack) in samples {
        let stride = if whole { 1 } else { sample_stride };
        let Some(path) = common::shared(&format!("datasets/{file}")) else {
            continue;
        };
        let text = std::fs::read_to_string(path).expect("a readable dataset");
        let lines: String = text
            .lines()
            .step_by(stride)
            .take(take)
            .map(|l| format!("{l}\n"))
            .collect();
        let puzzles = read_text(&lines, file, &ReadOptions::default())
            .unwrap()
            .puzzles;
        let (mut before, mut after, mut forcing_steps, mut unsound) = (0, 0, 0, 0);
        let start = std::time::Instant::now();
        for puzzle in &puzzles {
            let all = Options::all(puzzle.size());
            let mut basic = all.clone();
            basic.techniques.retain(|t| !is_forcing(*t));
            before += engine::solve(puzzle, &basic).backtracks();
            let solve = engine::solve(puzzle, &all);
            after += solve.backtracks();
            forcing_steps += solve
                .steps
                .iter()
                .filter(|s| is_forcing(s.technique))
                .count();
            if let Some((i, step)) = solve.first_unsound_step() {
                unsound += 1;
                eprintln!(
                    "UNSOUND {file} step {i}: {}",
                    step.explanation.render(&puzzle.names())
                );
            }
        }
        eprintln!(
            "{file}: {} puzzles, backtracking steps {before} before, {after} after; \
             {forcing_steps} forcing steps, {unsound} unsound, {:?}",
            puzzles.len(),
            start.elapsed()
        );
        assert_eq!(unsound, 0);
        assert!(
            may_backtrack || after == 0,
            "{file}: {after} backtracking steps"
        );
    }
}

#[test]
fn chains_and_nishio_in_a_five_by_five_jigsaw_read_as_a_person_checks_them() {
    // Column 4 holds 3 only in r4c4 and r5c4; r4c3 sees the first along row 4 and the second
    // in its region.
    let state = stuck_state(&puzzle(SMALL[0]));
    let chain = find_first(Technique::ForcingChain(Forcing::Contradiction), &state).unwrap();
    assert_eq!(
        explained(&state, &chain),
        "Forcing chain contradiction: r4c3=3 ⇒ r4c4<>3, r5c4<>3 ⇒ column 4 has no place for 3 ⇒ \
         r4c3<>3"
    );
    assert_eq!(
        chain.eliminations[..],
        [Candidate::new(Cell::at(3, 2, 5), Digit::new(3))]
    );
    assert!(holds_in_every_solution(&state, &chain));
    // Nishio lists the simplest first; a longer one places 3 twice in row 4.
    let nishio = find_all(Technique::Nishio, &state);
    assert_eq!(
        explained(&state, &nishio[0]),
        "Nishio on 3: r4c3=3 ⇒ r4c4<>3, r5c4<>3 (2 implications) ⇒ column 4 has no place for 3 ⇒ \
         r4c3<>3"
    );
    assert!(nishio.iter().any(|step| explained(&state, step)
        == "Nishio on 3: r1c5=3 ⇒ r4c3=3, r4c4=3 (6 implications) ⇒ 3 twice in row 4 (r4c3, \
            r4c4) ⇒ r1c5<>3"));
    for step in &nishio {
        assert!(holds_in_every_solution(&state, step));
    }
}
