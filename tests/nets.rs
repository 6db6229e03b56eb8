//! Forcing chains, nets and Nishio replayed from `solve --format json` by an independent checker:
//! the candidate grid before each step is rebuilt from the givens and the earlier steps' placements
//! and eliminations (standard rules, written here), and every implication of every branch must
//! follow from that grid and the implications it names, by the reason it names; every branch must
//! end as it says, and the step must conclude what its branches prove.

use crate::common::run;
use serde_json::Value;

const SIZE: usize = 9;

/// The candidate grid of a 9x9 puzzle with 3x3 boxes.
struct Grid {
    values: Vec<usize>,
    candidates: Vec<[bool; SIZE + 1]>,
}

/// `r3c5` as a cell index.
fn cell(name: &str) -> usize {
    let (row, col) = name[1..].split_once('c').expect("rXcY");
    (row.parse::<usize>().unwrap() - 1) * SIZE + col.parse::<usize>().unwrap() - 1
}

/// The houses of a cell, named as the JSON names them.
fn houses(cell: usize) -> [String; 3] {
    let (row, col) = (cell / SIZE, cell % SIZE);
    [
        format!("row {}", row + 1),
        format!("column {}", col + 1),
        format!("box {}", row / 3 * 3 + col / 3 + 1),
    ]
}

fn in_house(cell: usize, house: &str) -> bool {
    houses(cell).iter().any(|h| h == house)
}

fn sees(a: usize, b: usize) -> bool {
    a != b && houses(a).iter().any(|h| in_house(b, h))
}

impl Grid {
    fn new(givens: &Value) -> Grid {
        let values: Vec<usize> = givens
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter())
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let candidates = (0..SIZE * SIZE)
            .map(|c| {
                let mut digits = [false; SIZE + 1];
                if values[c] == 0 {
                    for (d, digit) in digits.iter_mut().enumerate().skip(1) {
                        *digit = (0..SIZE * SIZE).all(|o| !sees(c, o) || values[o] != d);
                    }
                }
                digits
            })
            .collect();
        Grid { values, candidates }
    }

    /// Applies `r3c5=7` and `r3c5<>7` texts.
    fn apply(&mut self, step: &Value) {
        for placement in strings(&step["placements"]) {
            let (name, digit) = placement.split_once('=').unwrap();
            let (c, d) = (cell(name), digit.parse::<usize>().unwrap());
            self.values[c] = d;
            self.candidates[c] = [false; SIZE + 1];
            for o in (0..SIZE * SIZE).filter(|&o| sees(c, o)) {
                self.candidates[o][d] = false;
            }
        }
        for elimination in strings(&step["eliminations"]) {
            let (name, digit) = elimination.split_once("<>").unwrap();
            self.candidates[cell(name)][digit.parse::<usize>().unwrap()] = false;
        }
    }

    fn placed_in(&self, house: &str, digit: usize) -> bool {
        (0..SIZE * SIZE).any(|c| in_house(c, house) && self.values[c] == digit)
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// A fact of a branch: cell, digit, placed.
type Fact = (usize, usize, bool);

fn fact(implication: &Value) -> Fact {
    (
        cell(implication["cell"].as_str().unwrap()),
        implication["digit"].as_u64().unwrap() as usize,
        implication["holds"].as_bool().unwrap(),
    )
}

fn numbers(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect()
}

/// The branch a refutation sits in: its facts, and the refuted implication's number and
/// premises (which must hold every enclosing fact the refutation repeats).
struct Enclosing<'a> {
    facts: &'a [Fact],
    number: usize,
    from: &'a [usize],
}

/// Checks one branch on `grid` (inside `enclosing` for a refutation); returns its assumption
/// and, when it reaches the step's conclusion, that fact.
fn check_branch(
    grid: &Grid,
    branch: &Value,
    what: &str,
    enclosing: Option<&Enclosing>,
) -> (Fact, Option<Fact>) {
    let implications = branch["implications"].as_array().unwrap();
    let facts: Vec<Fact> = implications.iter().map(fact).collect();
    // Premises by number, each earlier than the implication that names it.
    let premises = |number: usize, from: &[usize]| -> Vec<Fact> {
        assert!(
            from.iter().all(|&p| p >= 1 && p < number),
            "{what}: {from:?}"
        );
        from.iter().map(|&p| facts[p - 1]).collect()
    };
    let eliminated = |premises: &[Fact], c: usize, d: usize| premises.contains(&(c, d, false));
    for (i, implication) in implications.iter().enumerate() {
        let number = i + 1;
        let (c, d, holds) = facts[i];
        let from = premises(number, &numbers(&implication["from"]));
        // Every candidate `d` of the grid in the cells `chosen` picks is among the premises'
        // eliminations.
        let gone_from = |chosen: &dyn Fn(usize) -> bool, d: usize, at: &str| {
            for other in (0..SIZE * SIZE).filter(|&o| chosen(o) && grid.candidates[o][d]) {
                assert!(
                    eliminated(&from, other, d),
                    "{at}: r{}c{} left",
                    other / 9 + 1,
                    other % 9 + 1
                );
            }
        };
        let house = implication["house"].as_str().unwrap_or("");
        let at = format!("{what}, implication {number}");
        assert!(grid.candidates[c][d], "{at}: not a candidate of the grid");
        match implication["reason"].as_str().unwrap() {
            "assumption" => assert!(i == 0 && from.is_empty(), "{at}"),
            "same_cell" => {
                let [(pc, pd, true)] = from[..] else {
                    panic!("{at}: {from:?}")
                };
                assert!(!holds && pc == c && pd != d, "{at}");
            }
            "same_house" => {
                let [(pc, pd, true)] = from[..] else {
                    panic!("{at}: {from:?}")
                };
                assert!(!holds && pc != c && pd == d, "{at}");
                assert!(in_house(c, house) && in_house(pc, house), "{at}: {house}");
            }
            "naked_single" => {
                assert!(holds, "{at}");
                for other in (1..=SIZE).filter(|&o| o != d && grid.candidates[c][o]) {
                    assert!(eliminated(&from, c, other), "{at}: {other} left");
                }
            }
            "hidden_single" => {
                assert!(
                    holds && in_house(c, house) && !grid.placed_in(house, d),
                    "{at}"
                );
                gone_from(&|o| o != c && in_house(o, house), d, &at);
            }
            "locked" => {
                let within = implication["within"].as_str().unwrap();
                assert!(!holds && in_house(c, within) && !in_house(c, house), "{at}");
                assert!(!grid.placed_in(house, d), "{at}");
                gone_from(&|o| in_house(o, house) && !in_house(o, within), d, &at);
            }
            "refuted" => {
                assert!(!holds, "{at}");
                let refutation = &implication["refutation"];
                let inside = Enclosing {
                    facts: &facts,
                    number,
                    from: &numbers(&implication["from"]),
                };
                let what = format!("{at}, refutation");
                let (assumption, reached) = check_branch(grid, refutation, &what, Some(&inside));
                assert!(
                    assumption == (c, d, true) && reached.is_none(),
                    "{at}: refutes the placement"
                );
            }
            "outer" => {
                let enclosing = enclosing.unwrap_or_else(|| panic!("{at}: outside a refutation"));
                let outer = implication["outer"].as_u64().unwrap() as usize;
                assert!(
                    outer < enclosing.number && enclosing.from.contains(&outer),
                    "{at}: outer {outer} is not a premise of {}",
                    enclosing.number
                );
                assert_eq!(enclosing.facts[outer - 1], facts[i], "{at}");
                assert!(from.is_empty(), "{at}");
            }
            reason => panic!("{at}: unknown reason {reason}"),
        }
    }
    let end = &branch["end"];
    let from = premises(implications.len() + 1, &numbers(&end["from"]));
    let at = format!("{what}, end");
    let reached = match end["kind"].as_str().unwrap() {
        "reaches" => {
            assert_eq!(from.len(), 1, "{at}");
            Some(from[0])
        }
        "both" => {
            let [(a, d, true), (b, e, false)] = from[..] else {
                panic!("{at}: {from:?}")
            };
            assert!(a == b && d == e, "{at}");
            None
        }
        "empty_cell" => {
            let c = cell(end["cell"].as_str().unwrap());
            for d in (1..=SIZE).filter(|&d| grid.candidates[c][d]) {
                assert!(eliminated(&from, c, d), "{at}: {d} left");
            }
            None
        }
        "no_place" => {
            let (house, d) = (
                end["house"].as_str().unwrap(),
                end["digit"].as_u64().unwrap(),
            );
            let d = d as usize;
            assert!(!grid.placed_in(house, d), "{at}");
            for c in (0..SIZE * SIZE).filter(|&c| in_house(c, house) && grid.candidates[c][d]) {
                assert!(eliminated(&from, c, d), "{at}: a place left");
            }
            None
        }
        kind => panic!("{at}: unknown end {kind}"),
    };
    (facts[0], reached)
}

/// Whether the step concludes `fact`.
fn concludes(step: &Value, (c, d, holds): Fact) -> bool {
    let name = format!("r{}c{}", c / SIZE + 1, c % SIZE + 1);
    match holds {
        true => strings(&step["placements"]).contains(&format!("{name}={d}")),
        false => strings(&step["eliminations"]).contains(&format!("{name}<>{d}")),
    }
}

/// Whether a step is a forcing step, which must carry its net.
fn is_forcing(step: &Value) -> bool {
    let technique = step["technique"].as_str().unwrap();
    technique == "Nishio" || technique.contains("Forcing")
}

/// The net's story: two to six lines; every placement it names (`3 in r7c5, r8c1 and r6c7`) is
/// a placement of a branch; a contradiction's starts with its assumption and ends with the
/// collision the step's line names (`… ⇒ 2 twice in column 2 (r7c2, r9c2) ⇒ r2c2<>5`).
fn check_story(step: &Value, net: &Value, what: &str) {
    let story = strings(&net["story"]);
    assert!((2..=6).contains(&story.len()), "{what}: {story:?}");
    let mut placed = std::collections::BTreeSet::new();
    let mut stack: Vec<&Value> = net["branches"].as_array().unwrap().iter().collect();
    while let Some(branch) = stack.pop() {
        for implication in branch["implications"].as_array().unwrap() {
            if implication["holds"] == true {
                placed.insert(format!(
                    "{}={}",
                    implication["cell"].as_str().unwrap(),
                    implication["digit"]
                ));
            }
        }
    }
    for line in &story {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (i, pair) in words.windows(2).enumerate() {
            let digit_in = pair[1] == "in" && pair[0].len() == 1 && pair[0] != "a";
            if !digit_in || !words.get(i + 2).is_some_and(|w| w.starts_with('r')) {
                continue;
            }
            let cells = words[i + 2..]
                .iter()
                .filter(|w| **w != "and")
                .map(|w| w.trim_end_matches([',', ';', '.']))
                .take_while(|w| w.starts_with('r') && w.contains('c'));
            for cell in cells {
                let fact = format!("{cell}={}", pair[0]);
                assert!(
                    placed.contains(&fact),
                    "{what}: the story places {fact}: {story:?}"
                );
            }
        }
    }
    let explanation = step["explanation"].as_str().unwrap();
    let parts: Vec<&str> = explanation.split(" ⇒ ").collect();
    let branches = net["branches"].as_array().unwrap();
    if branches.len() == 1 && branches[0]["end"]["kind"] != "reaches" {
        let assumed = &branches[0]["implications"][0];
        let relation = if assumed["holds"] == true { "=" } else { "<>" };
        let assumption = format!(
            "Suppose {}{relation}{}.",
            assumed["cell"].as_str().unwrap(),
            assumed["digit"]
        );
        assert_eq!(story[0], assumption, "{what}");
        let broken = parts[parts.len() - 2];
        let last = story.last().unwrap();
        assert!(
            last.starts_with(&format!("So {broken}: ")),
            "{what}: {last} / {explanation}"
        );
    }
}

/// The reasons and ends met, by name, to make sure every kind was checked.
type Seen = std::collections::BTreeSet<String>;

/// Checks the net of a step on the grid before it; true when the step has one.
fn check_net(grid: &Grid, step: &Value, what: &str, seen: &mut Seen) -> bool {
    let Some(net) = step.get("net") else {
        assert!(!is_forcing(step), "{what}: a forcing step without its net");
        return false;
    };
    for branch in net["branches"].as_array().unwrap() {
        note_kinds(branch, seen);
    }
    check_story(step, net, what);
    let branches = net["branches"].as_array().unwrap();
    let checked: Vec<(Fact, Option<Fact>)> = branches
        .iter()
        .enumerate()
        .map(|(b, branch)| check_branch(grid, branch, &format!("{what}, branch {}", b + 1), None))
        .collect();
    match checked[..] {
        [((c, d, holds), None)] => assert!(concludes(step, (c, d, !holds)), "{what}"),
        _ => {
            let conclusion = checked[0].1.expect("every branch reaches the conclusion");
            assert!(
                checked.iter().all(|(_, r)| *r == Some(conclusion)),
                "{what}"
            );
            assert!(concludes(step, conclusion), "{what}");
            // One of the assumptions holds: every candidate of a cell, or every place of a
            // digit in a house.
            let mut assumed: Vec<(usize, usize)> = checked
                .iter()
                .map(|&((c, d, holds), _)| {
                    assert!(holds, "{what}");
                    (c, d)
                })
                .collect();
            assumed.sort_unstable();
            let (c, d) = assumed[0];
            let cell_options: Vec<(usize, usize)> = (1..=SIZE)
                .filter(|&o| grid.candidates[c][o])
                .map(|o| (c, o))
                .collect();
            let house_options = houses(c).map(|h| {
                (0..SIZE * SIZE)
                    .filter(|&o| in_house(o, &h) && grid.candidates[o][d])
                    .map(|o| (o, d))
                    .collect::<Vec<_>>()
            });
            assert!(
                assumed == cell_options || house_options.contains(&assumed),
                "{what}: the branches do not cover a cell or a house"
            );
        }
    }
    let headings = if branches.len() > 1 {
        branches.len()
    } else {
        0
    };
    assert_eq!(
        net["lines"].as_array().unwrap().len(),
        branches.iter().map(lines_of).sum::<usize>() + headings,
        "{what}: a line per implication and end"
    );
    true
}

/// Notes the reasons and end of `branch` and its refutations in `seen`.
fn note_kinds(branch: &Value, seen: &mut Seen) {
    for implication in branch["implications"].as_array().unwrap() {
        seen.insert(implication["reason"].as_str().unwrap().to_string());
        if let Some(refutation) = implication.get("refutation") {
            note_kinds(refutation, seen);
        }
    }
    seen.insert(branch["end"]["kind"].as_str().unwrap().to_string());
}

/// The lines a branch takes: one per implication (a repeated one takes none) and its
/// refutation's, and one for its end.
fn lines_of(branch: &Value) -> usize {
    let implications = branch["implications"].as_array().unwrap();
    let own = implications
        .iter()
        .filter(|i| i["reason"] != "outer")
        .count();
    let refutations: usize = implications
        .iter()
        .filter_map(|i| i.get("refutation"))
        .map(lines_of)
        .sum();
    own + refutations + 1
}

/// Replays every net of the solves of `file` with `options`; returns how many were checked.
fn replay(file: &str, options: &[&str], seen: &mut Seen) -> usize {
    let mut args = vec!["solve", file, "--format", "json"];
    args.extend(options);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let documents: Value = serde_json::from_str(&out).unwrap();
    let mut checked = 0;
    for (p, document) in documents.as_array().unwrap().iter().enumerate() {
        let mut grid = Grid::new(&document["givens"]);
        for (s, step) in document["steps"].as_array().unwrap().iter().enumerate() {
            let what = format!("puzzle {}, step {} ({})", p + 1, s + 1, step["technique"]);
            if check_net(&grid, step, &what, seen) {
                checked += 1;
            }
            grid.apply(step);
        }
    }
    checked
}

#[test]
fn every_net_replays_from_its_json() {
    let file = "fixtures/text/top1465-first3.txt";
    let mut seen = Seen::new();
    // Every technique: Nishio and forcing net contradictions.
    assert!(replay(file, &[], &mut seen) >= 20);
    // Forcing chain contradictions, cell and region forcing nets.
    let forcing = "singles,intersections,forcing chain contradiction,cell forcing net,\
                   region forcing net";
    assert!(replay(file, &["--techniques", forcing], &mut seen) >= 20);
    // Nested forcing nets: contradictions in the default solve; cells and regions when asked.
    let hardest = "fixtures/text/forum-hardest-first2.txt";
    assert!(replay(hardest, &[], &mut seen) >= 10);
    let nested = "singles,intersections,nested cell forcing net,nested region forcing net";
    assert!(replay(hardest, &["--techniques", nested], &mut seen) >= 5);
    // Nets with intersections.
    let plus = "singles,forcing net plus contradiction,cell forcing net plus,\
                region forcing net plus";
    assert!(replay(hardest, &["--techniques", plus], &mut seen) >= 5);
    let every = [
        "assumption",
        "same_cell",
        "same_house",
        "naked_single",
        "hidden_single",
        "locked",
        "refuted",
        "outer",
        "reaches",
        "both",
        "empty_cell",
        "no_place",
    ];
    assert_eq!(
        seen,
        every.iter().map(|k| k.to_string()).collect(),
        "every reason and end checked"
    );
}

#[test]
fn no_explanation_elides_a_net() {
    let (code, out, err) = run(&["explain", "fixtures/text/top1465-first3.txt"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Forcing net contradiction"), "{out}");
    assert!(!out.contains('…'), "{out}");
    let (_, full, _) = run(&["explain", "fixtures/text/top1465-first3.txt", "--full"]);
    assert!(full.contains("⇒ contradiction: "), "{full}");
    assert!(
        full.contains(": hidden single, the last place for "),
        "{full}"
    );
}
