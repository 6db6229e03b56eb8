//! Tests of the exact solver (`gridlogic::search`).
//!
//! Every solution found is checked with `Puzzle::is_solution`, an independent validity check, and,
//! where a collection publishes them, against the published solution. Small cases are checked
//! against a naive backtracker written here. Collections are read from `../shared/datasets`
//! (relative to the crate); when it is absent those tests print a message and pass.

use crate::common;

use gridlogic::model::{Cell, Digit, DigitSet, Grid, Layout, Origin, Puzzle, Regions};
use gridlogic::search::{self, Count};
use std::collections::HashSet;
use std::sync::Arc;

/// The symbols of the collections: value `v` is written as `ALPHABET[v - 1]`.
const ALPHABET: &str = "123456789ABCDEFGHIJKLMNOP";

/// The lines of a collection file, or `None` (with a message) when the datasets are absent.
fn dataset(path: &str) -> Option<Vec<String>> {
    let file = common::shared(&format!("datasets/{path}"))?;
    let text = std::fs::read_to_string(&file).expect("readable dataset");
    Some(text.lines().map(str::to_string).collect())
}

/// A grid from one line of symbols; `.` and `0` are empty.
fn grid(line: &str, size: usize) -> Grid {
    let mut grid = Grid::empty(size);
    for (index, c) in line.chars().enumerate() {
        if let Some(value) = ALPHABET.find(c) {
            grid.set(Cell::from_index(index), Some(Digit::new(value + 1)));
        }
    }
    grid
}

/// A grid written as one line of symbols.
fn line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| ALPHABET.chars().nth(v as usize - 1).unwrap_or('.'))
        .collect()
}

fn puzzle(layout: &Arc<Layout>, givens: Grid) -> Puzzle {
    Puzzle::new(layout.clone(), givens, Origin::Unknown).expect("no repeated digit")
}

/// The layout with default boxes.
fn boxes(size: usize) -> Arc<Layout> {
    Arc::new(Layout::with_default_boxes(size).expect("a box shape"))
}

/// 9x9 with its 3x3 boxes given as a jigsaw map, which the 9x9 fast path does not take.
fn boxes_as_jigsaw() -> Arc<Layout> {
    let region_of = (0..81).map(|i| (i / 27 * 3 + i % 9 / 3) as u16).collect();
    Arc::new(Layout::new(9, Regions::Jigsaw { region_of }).expect("valid map"))
}

/// Asserts that `puzzle` has exactly one solution and that it is `expected`.
fn assert_unique(puzzle: &Puzzle, expected: &str, name: &str) {
    let count = search::count_solutions(puzzle, 2);
    assert_eq!(count.solutions, 1, "{name}: number of solutions");
    let first = count.first.expect("a solution");
    assert!(
        puzzle.is_solution(&first),
        "{name}: invalid solution {}",
        line(&first)
    );
    assert_eq!(line(&first), expected, "{name}: not the published solution");
}

/// Counts solutions up to `limit` the plain way: fill cells in order with every digit no peer
/// holds. Independent of the solver; only for small grids.
fn naive_count(puzzle: &Puzzle, limit: usize) -> usize {
    fn fill(layout: &Layout, grid: &mut Grid, cell: usize, limit: usize) -> usize {
        if cell == layout.cell_count() {
            return 1;
        }
        let here = Cell::from_index(cell);
        if grid.get(here).is_some() {
            return fill(layout, grid, cell + 1, limit);
        }
        let mut count = 0;
        for value in 1..=layout.size() {
            let digit = Digit::new(value);
            if layout
                .peers(here)
                .iter()
                .all(|&p| grid.get(p) != Some(digit))
            {
                grid.set(here, Some(digit));
                count += fill(layout, grid, cell + 1, limit - count);
                grid.set(here, None);
                if count >= limit {
                    break;
                }
            }
        }
        count
    }
    fill(puzzle.layout(), &mut puzzle.givens().clone(), 0, limit)
}

/// A solution of boxes `rows` x `cols` built by shifting: each row of a band moves by a box width,
/// each band by one.
fn shifted_solution(rows: usize, cols: usize) -> Grid {
    let size = rows * cols;
    let mut grid = Grid::empty(size);
    for row in 0..size {
        for col in 0..size {
            let value = (col + row % rows * cols + row / rows) % size;
            grid.set(Cell::at(row, col, size), Some(Digit::from_index(value)));
        }
    }
    grid
}

/// `solution` with the cells for which `keep(index)` is false emptied.
fn thinned(solution: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
    let mut grid = solution.clone();
    for index in 0..solution.size() * solution.size() {
        if !keep(index) {
            grid.set(Cell::from_index(index), None);
        }
    }
    grid
}

#[test]
fn empty_4x4_has_288_solutions_and_the_limit_stops_counting() {
    let empty = puzzle(&boxes(4), Grid::empty(4));
    assert_eq!(naive_count(&empty, 1000), 288);
    assert_eq!(search::count_solutions(&empty, 1000).solutions, 288);
    let ten = search::count_solutions(&empty, 10);
    assert_eq!(ten.solutions, 10);
    let second = ten.second.expect("a second solution");
    assert!(empty.is_solution(&second));
    assert_ne!(ten.first.as_ref(), Some(&second));
    assert!(empty.is_solution(&ten.first.expect("a solution")));
    assert_eq!(
        search::count_solutions(&empty, 0),
        Count {
            solutions: 0,
            first: None,
            second: None,
            complete: true,
        }
    );
}

#[test]
fn one_by_one_grid_has_one_solution() {
    let layout = boxes(1);
    let count = search::count_solutions(&puzzle(&layout, Grid::empty(1)), 5);
    assert_eq!(count.solutions, 1);
    assert_eq!(count.first.expect("a solution").values(), [1]);
    let given = puzzle(&layout, grid("1", 1));
    assert_eq!(search::count_solutions(&given, 5).solutions, 1);
}

#[test]
fn latin_squares_and_a_diagonal_house_match_the_naive_count() {
    let latin = Arc::new(Layout::new(4, Regions::Latin).unwrap());
    let empty = puzzle(&latin, Grid::empty(4));
    // 576 Latin squares of order 4 (a known count).
    assert_eq!(naive_count(&empty, 1000), 576);
    assert_eq!(search::count_solutions(&empty, 1000).solutions, 576);

    let diagonal = (0..4).map(|i| Cell::at(i, i, 4)).collect();
    let with_diagonal = Arc::new(boxes(4).with_extra_house(diagonal));
    let empty = puzzle(&with_diagonal, Grid::empty(4));
    let expected = naive_count(&empty, 1000);
    assert!(expected > 0 && expected < 288);
    let count = search::count_solutions(&empty, 1000);
    assert_eq!(count.solutions, expected);
    assert!(empty.is_solution(&count.first.unwrap()));
}

#[test]
fn x_sudoku_solutions_keep_both_diagonals() {
    let diagonal = (0..9).map(|i| Cell::at(i, i, 9)).collect();
    let anti = (0..9).map(|i| Cell::at(i, 8 - i, 9)).collect();
    let layout = Arc::new(boxes(9).with_extra_house(diagonal).with_extra_house(anti));
    // The standard path is not taken with extra houses: the solution must respect the diagonals.
    let empty = puzzle(&layout, Grid::empty(9));
    let solution = search::solve(&empty).expect("X-Sudoku grids exist");
    assert!(empty.is_solution(&solution));
    for seed in 0..3 {
        let random = search::random_solution(&empty, seed).expect("a solution");
        assert!(empty.is_solution(&random));
    }
}

#[test]
fn rectangular_boxes_match_the_naive_count() {
    for (rows, cols, keep_every) in [
        (2, 2, 3),
        (2, 3, 2),
        (3, 2, 2),
        (4, 2, 2),
        (2, 4, 2),
        (3, 3, 2),
    ] {
        let layout = Arc::new(Layout::new(rows * cols, Regions::Boxes { rows, cols }).unwrap());
        let solution = shifted_solution(rows, cols);
        let full = puzzle(&layout, solution.clone());
        assert!(
            full.is_solution(&solution),
            "{rows}x{cols}: the built grid is a solution"
        );
        for offset in 0..3 {
            let givens = thinned(&solution, |i| (i * 7 + offset) % keep_every == 0);
            let partial = puzzle(&layout, givens);
            let count = search::count_solutions(&partial, 50);
            let name = format!("{rows}x{cols} boxes, offset {offset}");
            assert_eq!(count.solutions, naive_count(&partial, 50), "{name}");
            assert!(partial.is_solution(&count.first.unwrap()), "{name}");
        }
    }
}

#[test]
fn a_contradiction_found_only_by_search_gives_no_solution() {
    // Every empty cell has two open digits or more, yet there is no solution. In the 9x9 case
    // (a multi-solution puzzle of Serg's set with r1c6 = 1 added) propagation alone finds no
    // contradiction: only branching does.
    let cases = [
        (boxes(4), "...23.....3....."),
        (
            boxes(9),
            "8....1....95.......76.........672948...453217...918536......465....2.793....3.182",
        ),
        (
            boxes_as_jigsaw(),
            "8....1....95.......76.........672948...453217...918536......465....2.793....3.182",
        ),
    ];
    for (layout, givens) in cases {
        let p = puzzle(&layout, grid(givens, layout.size()));
        let open = p.open_digits();
        for cell in layout.cells() {
            assert!(p.givens().get(cell).is_some() || open[cell.index()].len() >= 2);
        }
        if layout.size() == 4 {
            assert_eq!(naive_count(&p, 2), 0);
        }
        assert_eq!(
            search::count_solutions(&p, 2),
            Count {
                solutions: 0,
                first: None,
                second: None,
                complete: true,
            },
            "{givens}"
        );
        assert_eq!(search::solve(&p), None);
        assert_eq!(search::random_solution(&p, 7), None);
    }
}

#[test]
fn random_solutions_depend_on_the_seed_only() {
    for layout in [boxes(4), boxes(9), boxes(16), boxes(25)] {
        let size = layout.size();
        let empty = puzzle(&layout, Grid::empty(size));
        let mut distinct = HashSet::new();
        for seed in 0..8 {
            let solution = search::random_solution(&empty, seed).expect("a solution");
            assert!(empty.is_solution(&solution), "{size}x{size}, seed {seed}");
            assert_eq!(
                search::random_solution(&empty, seed),
                Some(solution.clone())
            );
            distinct.insert(solution);
        }
        assert!(
            distinct.len() >= 4,
            "{size}x{size}: only {} distinct solutions",
            distinct.len()
        );
    }
}

#[test]
fn candidates_narrow_the_count() {
    let layout = boxes(4);
    let full = DigitSet::full(4);
    let mut candidates = vec![full; 16];
    assert_eq!(
        search::count_from_candidates(&layout, &candidates, 1000).solutions,
        288
    );
    // With r1c1 = 1 a quarter of the solutions are left.
    candidates[0] = DigitSet::single(Digit::new(1));
    assert_eq!(
        search::count_from_candidates(&layout, &candidates, 1000).solutions,
        72
    );
    candidates[1] = DigitSet::EMPTY;
    assert_eq!(
        search::count_from_candidates(&layout, &candidates, 1000).solutions,
        0
    );
}

/// 9x9, both engines: a unique puzzle with a wrong candidate removed from each open cell still
/// has its solution, and removing a right one leaves none.
#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn candidates_narrow_the_count_of_dataset_puzzles() {
    let Some(puzzles) = dataset("9x9/emerentius_top50k.txt") else {
        return;
    };
    let Some(solutions) = dataset("9x9/emerentius_top50k_solutions.txt") else {
        return;
    };
    for layout in [boxes(9), boxes_as_jigsaw()] {
        for (givens, solution) in puzzles.iter().zip(&solutions).take(20) {
            let solved = grid(solution, 9);
            let mut candidates: Vec<DigitSet> = givens
                .chars()
                .zip(solution.chars())
                .map(|(g, s)| match g {
                    '.' | '0' => {
                        let right = Digit::new(ALPHABET.find(s).unwrap() + 1);
                        let mut set = DigitSet::full(9);
                        set.remove(Digit::new(right.get() % 9 + 1));
                        set
                    }
                    _ => DigitSet::single(Digit::new(ALPHABET.find(g).unwrap() + 1)),
                })
                .collect();
            let count = search::count_from_candidates(&layout, &candidates, 2);
            assert_eq!(
                count,
                Count {
                    solutions: 1,
                    first: Some(solved.clone()),
                    second: None,
                    complete: true,
                }
            );
            // Every cell single: the solution itself, or nothing once two cells of a row agree.
            let mut singles: Vec<DigitSet> = (0..81)
                .map(|i| DigitSet::single(solved.get(Cell::from_index(i)).unwrap()))
                .collect();
            assert_eq!(
                search::count_from_candidates(&layout, &singles, 2).solutions,
                1
            );
            singles[1] = singles[0];
            assert_eq!(
                search::count_from_candidates(&layout, &singles, 2).solutions,
                0
            );
            let open = givens.find(['.', '0']).unwrap();
            candidates[open] = candidates[open].without(DigitSet::single(
                solved.get(Cell::from_index(open)).unwrap(),
            ));
            assert_eq!(
                search::count_from_candidates(&layout, &candidates, 2).solutions,
                0
            );
        }
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn top50k_sample_has_the_published_solutions() {
    let Some(puzzles) = dataset("9x9/emerentius_top50k.txt") else {
        return;
    };
    let Some(solutions) = dataset("9x9/emerentius_top50k_solutions.txt") else {
        return;
    };
    let layout = boxes(9);
    let sample = 2000;
    for (index, (givens, solution)) in puzzles.iter().zip(&solutions).take(sample).enumerate() {
        assert_unique(
            &puzzle(&layout, grid(givens, 9)),
            solution,
            &format!("top50k line {}", index + 1),
        );
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn serg_sample_has_several_solutions() {
    let Some(puzzles) = dataset("9x9/serg_benchmark_multi.txt") else {
        return;
    };
    let layout = boxes(9);
    let step = 10;
    for (index, givens) in puzzles.iter().enumerate().step_by(step) {
        let p = puzzle(&layout, grid(givens, 9));
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, 2, "serg line {}", index + 1);
        assert!(
            p.is_solution(&count.first.unwrap()),
            "serg line {}",
            index + 1
        );
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn standard_and_generic_engines_agree() {
    let Some(hard) = dataset("9x9/magictour_top1465.txt") else {
        return;
    };
    let Some(multi) = dataset("9x9/serg_benchmark_multi.txt") else {
        return;
    };
    let (standard, generic) = (boxes(9), boxes_as_jigsaw());
    let sample = 300;
    for givens in hard.iter().take(sample).chain(multi.iter().take(sample)) {
        let fast = search::count_solutions(&puzzle(&standard, grid(givens, 9)), 2);
        let slow = search::count_solutions(&puzzle(&generic, grid(givens, 9)), 2);
        assert_eq!(fast.solutions, slow.solutions, "{givens}");
        assert!(puzzle(&standard, grid(givens, 9)).is_solution(&fast.first.unwrap()));
        assert!(puzzle(&generic, grid(givens, 9)).is_solution(&slow.first.unwrap()));
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn janko_16x16_have_the_published_solutions() {
    let Some(puzzles) = dataset("16x16/janko_16x16_62.txt") else {
        return;
    };
    let Some(solutions) = dataset("16x16/janko_16x16_62_solutions.txt") else {
        return;
    };
    let layout = boxes(16);
    for (index, (givens, solution)) in puzzles.iter().zip(&solutions).enumerate() {
        assert_unique(
            &puzzle(&layout, grid(givens, 16)),
            solution,
            &format!("16x16 line {}", index + 1),
        );
    }
}

/// A jigsaw line: `N givens regions solution id`, regions as letters in order of first appearance.
fn jigsaw(line: &str) -> (Puzzle, String, String) {
    let fields: Vec<&str> = line.split(' ').collect();
    let size: usize = fields[0].parse().unwrap();
    let region_of = fields[2].bytes().map(|b| (b - b'a') as u16).collect();
    let layout = Arc::new(Layout::new(size, Regions::Jigsaw { region_of }).unwrap());
    (
        puzzle(&layout, grid(fields[1], size)),
        fields[3].to_string(),
        fields[4].to_string(),
    )
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn jigsaw_puzzles_have_the_published_solutions() {
    let Some(unique) = dataset("jigsaw/janko_chaos_unique_333.txt") else {
        return;
    };
    let Some(all) = dataset("jigsaw/janko_chaos_340.txt") else {
        return;
    };
    for line in &unique {
        let (p, solution, id) = jigsaw(line);
        assert_unique(&p, &solution, &id);
    }
    // The files do not quite nest: matched by givens and regions (ids differ), the 340 hold nine
    // 6x6 puzzles with several solutions (they need a rule besides jigsaw's) and four 9x9 ones
    // that are unique but missing from the other file.
    let key = |line: &str| line.split(' ').take(3).collect::<Vec<_>>().join(" ");
    let unique_keys: HashSet<String> = unique.iter().map(|line| key(line)).collect();
    let mut several = 0;
    for line in all.iter().filter(|line| !unique_keys.contains(&key(line))) {
        let (p, solution, id) = jigsaw(line);
        if p.size() == 6 {
            let count = search::count_solutions(&p, 2);
            assert_eq!(count.solutions, 2, "{id}");
            assert_eq!(naive_count(&p, 2), 2, "{id}");
            assert!(p.is_solution(&count.first.unwrap()), "{id}");
            several += 1;
        } else {
            assert_unique(&p, &solution, &id);
        }
    }
    assert_eq!(several, 9);
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn alphadoku_25x25_are_unique() {
    let Some(puzzles) = dataset("25x25/alphadoku_2.txt") else {
        return;
    };
    let layout = boxes(25);
    for (index, givens) in puzzles.iter().enumerate() {
        let p = puzzle(&layout, grid(givens, 25));
        let count = search::count_solutions(&p, 2);
        assert_eq!(count.solutions, 1, "alphadoku {index}");
        assert!(p.is_solution(&count.first.unwrap()), "alphadoku {index}");
    }
}

#[cfg_attr(
    no_shared,
    ignore = "needs ../shared, the datasets (absent when built; after adding it, touch build.rs)"
)]
#[test]
fn liviniuk_25x25_solve() {
    let Some(puzzles) = dataset("25x25/liviniuk_25x25_10.txt") else {
        return;
    };
    let layout = boxes(25);
    for (index, givens) in puzzles.iter().enumerate() {
        let p = puzzle(&layout, grid(givens, 25));
        let solution = search::solve(&p).unwrap_or_else(|| panic!("liviniuk {index}: no solution"));
        assert!(p.is_solution(&solution), "liviniuk {index}");
    }
}

#[test]
fn empty_large_grids_solve() {
    for size in [12, 16, 25, 36, 49] {
        for regions in [Regions::default_boxes(size).unwrap(), Regions::Latin] {
            let empty = puzzle(
                &Arc::new(Layout::new(size, regions).unwrap()),
                Grid::empty(size),
            );
            let solution = search::solve(&empty).expect("a solution");
            assert!(empty.is_solution(&solution), "{size}x{size}");
        }
    }
}

/// Sparse box grids, 5% and 10% of a random full grid given (balanced: as many in every house),
/// are found a solution that keeps the givens, by the independent check of `common::giant`.
#[test]
fn sparse_large_grids_solve() {
    let cases =
        [(36, 5), (36, 10)].map(|(size, given)| (1..=3).map(move |seed| (size, given, seed)));
    let larger = [(49, 5, 1), (49, 5, 3)];
    for (size, given, seed) in cases.into_iter().flatten().chain(larger) {
        let instance = common::giant::instance(size, given, seed);
        let solution = search::solve(&instance.puzzle).expect("a solution");
        assert!(
            common::giant::is_valid_solution(&instance.puzzle, &solution),
            "{}",
            instance.name
        );
    }
}
