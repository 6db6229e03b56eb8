//! The HoDoKu regression library runner: runs our techniques on each case (read by
//! [`crate::read::reglib`]) the way HoDoKu's `/test` does, and reports what passed, failed and was
//! skipped.

use crate::core::{State, Step, Technique};
use crate::model::explanation::Claim;
use crate::model::{Candidate, Explanation, Names};
use crate::read::reglib::{Case, code_of};
use crate::search::Deadline;
use crate::techniques;
use std::collections::BTreeSet;
use std::time::Duration;

/// The most steps one case looks at for the expected one; a line made to have hundreds of
/// thousands (a fuzzed grid had 163,816 death blossoms) stops there.
const MOST_STEPS: usize = 10_000;

/// Runs `techniques` on `case`: it passes when some step found has exactly the expected
/// eliminations and placements (as sets), or for a fail case when nothing is found. The search
/// stops at the first step that settles it, after [`MOST_STEPS`], or when `limit` has passed
/// (the case then fails, `undecided within …`).
pub fn check(case: &Case, techniques: &[Technique], limit: Option<Duration>) -> Outcome {
    let deadline = limit.map_or(Deadline::NEVER, Deadline::after);
    let state = State::from_marks(case.marks.clone())
        .assuming_unique(true)
        .with_deadline(deadline);
    let names = Names::new(state.layout(), Some(&case.marks.symbols));
    let wanted = (as_set(&case.eliminations), as_set(&case.placements));
    let distance = |step: &Step| {
        let got = (as_set(&step.eliminations), as_set(&step.placements));
        got.0.symmetric_difference(&wanted.0).count()
            + got.1.symmetric_difference(&wanted.1).count()
    };
    let (mut closest, mut seen, mut done): (Option<(usize, Step)>, usize, bool) = (None, 0, false);
    for &technique in techniques {
        techniques::find(technique, &state, &mut |step| {
            seen += 1;
            let d = distance(&step);
            if closest.as_ref().is_none_or(|(best, _)| d < *best) {
                closest = Some((d, step));
            }
            done = d == 0 || case.is_fail_case() || seen >= MOST_STEPS || deadline.passed();
            !done
        });
        if done || deadline.passed() {
            break;
        }
    }
    if deadline.passed() && closest.as_ref().is_none_or(|(d, _)| *d > 0) {
        let seconds = limit.unwrap_or_default().as_secs_f64();
        let steps = if seen == 1 { "step" } else { "steps" };
        return Outcome::Failed(format!(
            "undecided within {seconds} s ({seen} {steps} found by then)"
        ));
    }
    if case.is_fail_case() {
        return match closest {
            None => Outcome::Passed,
            Some((_, step)) => {
                let found = step.explanation.render(&names);
                Outcome::Failed(format!("expected nothing, found {found}"))
            }
        };
    }
    let expected = describe(&names, &case.eliminations, &case.placements);
    let looked = match seen >= MOST_STEPS {
        true => format!("the first {seen}"),
        false => seen.to_string(),
    };
    match closest {
        Some((0, _)) => Outcome::Passed,
        Some((_, step)) => Outcome::Failed(format!(
            "expected {expected}; closest of {looked} found: {}",
            describe(&names, &step.eliminations, &step.placements)
        )),
        None => Outcome::Failed(format!("expected {expected}; nothing found")),
    }
}

/// `r5c6=7, r1c2<>5, r3c4<>16`, for failure messages.
fn describe(names: &Names, eliminations: &[Candidate], placements: &[Candidate]) -> String {
    let mut claims: Vec<Explanation> = placements
        .iter()
        .map(|p| Claim::is(p.cell, p.digit).into())
        .collect();
    if !eliminations.is_empty() {
        claims.push(techniques::common::eliminations_text(eliminations));
    }
    Explanation::join(claims, ", ").render(names)
}

/// How a case ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The expected step was found (or, for a fail case, none was).
    Passed,
    /// It was not; the message says what was expected and what was found instead.
    Failed(String),
    /// The technique is not implemented.
    Skipped,
}

/// The outcome of one line of the library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseResult {
    /// Line number, from 1.
    pub line: usize,
    /// The technique code as written, variant included: `0110-1`.
    pub code: String,
    /// What happened.
    pub outcome: Outcome,
}

/// The results of a library run.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One result per case, in file order.
    pub results: Vec<CaseResult>,
}

impl Report {
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.count(|o| *o == Outcome::Passed)
    }

    /// Cases that failed.
    pub fn failed(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Failed(_)))
    }

    /// Cases skipped because their technique is not implemented.
    pub fn skipped(&self) -> usize {
        self.count(|o| *o == Outcome::Skipped)
    }

    fn count(&self, wanted: impl Fn(&Outcome) -> bool) -> usize {
        self.results.iter().filter(|r| wanted(&r.outcome)).count()
    }

    /// The lines to print: one per failure (`line 171: 0100: expected …; closest of 2 found: …`),
    /// then exactly `N passed, M failed, K skipped`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .results
            .iter()
            .filter_map(|r| match &r.outcome {
                Outcome::Failed(why) => Some(format!("line {}: {}: {why}", r.line, r.code)),
                _ => None,
            })
            .collect();
        lines.push(format!(
            "{} passed, {} failed, {} skipped",
            self.passed(),
            self.failed(),
            self.skipped()
        ));
        lines
    }
}

/// Runs every case of a library file's text (comments and blank lines are ignored), each within
/// `limit` when one is given.
pub fn run(text: &str, limit: Option<Duration>) -> Report {
    let results = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            let code = line.trim().split(':').nth(1).unwrap_or_default();
            let outcome = match Technique::for_code(code_of(line)) {
                None => Outcome::Skipped,
                Some(techniques) => match Case::parse(line, index + 1) {
                    Ok(case) => check(&case, &techniques, limit),
                    Err(why) => Outcome::Failed(format!("unreadable case: {why}")),
                },
            };
            CaseResult {
                line: index + 1,
                code: code.to_string(),
                outcome,
            }
        })
        .collect();
    Report { results }
}

fn as_set(candidates: &[Candidate]) -> BTreeSet<Candidate> {
    candidates.iter().copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::reglib::POINTING;

    #[test]
    fn a_case_passes_with_its_eliminations() {
        let case = Case::parse(POINTING, 7).unwrap();
        let pointing = Technique::for_code("0100").unwrap();
        assert_eq!(check(&case, &pointing, None), Outcome::Passed);
        let nothing = Technique::for_code("0300").unwrap();
        assert!(matches!(check(&case, &nothing, None), Outcome::Failed(_)));
    }

    #[test]
    fn a_case_past_its_time_limit_fails_as_undecided() {
        let case = Case::parse(POINTING, 7).unwrap();
        let x_wing = Technique::for_code("0300").unwrap();
        // Without a limit the X-Wing search finds steps, none of them the case's; with a limit
        // already passed it stops at the first.
        let Outcome::Failed(unlimited) = check(&case, &x_wing, None) else {
            panic!("an X-Wing step passes a pointing case")
        };
        assert!(unlimited.contains("; closest of "), "{unlimited}");
        let undecided = Outcome::Failed("undecided within 0 s (1 step found by then)".into());
        assert_eq!(check(&case, &x_wing, Some(Duration::ZERO)), undecided);
        let pointing = Technique::for_code("0100").unwrap();
        assert_eq!(check(&case, &pointing, None), Outcome::Passed);
    }

    #[test]
    fn report_counts_and_prints_failures() {
        let wrong = POINTING.replace("549 559 569", "549 559");
        let fail_case = POINTING.replacen("0100", "0100-x", 1);
        let text = format!("# comment\n\n{POINTING}\n{wrong}\n:9999:1:x:::::\n{fail_case}\n");
        let report = run(&text, None);
        let lines = report.lines();
        assert_eq!(lines.len(), 3);
        // The case lacks r6c9<>5, so the real pointing step is only the closest one found.
        assert_eq!(
            lines[0],
            "line 4: 0100: expected r4c9<>5, r5c9<>5; closest of 2 found: r4c9<>5, r5c9<>5, r6c9<>5"
        );
        // As a fail case, the same line fails because pointing applies.
        assert!(
            lines[1].starts_with("line 6: 0100-x: expected nothing, found Pointing: in box "),
            "{}",
            lines[1]
        );
        assert_eq!(lines[2], "1 passed, 2 failed, 1 skipped");
    }
}
