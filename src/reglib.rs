//! The HoDoKu regression library runner: parses its one-line cases, runs our techniques on them
//! the way HoDoKu's `/test` does, and reports what passed, failed and was skipped.
//!
//! A case reads `:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`.
//! The technique code may carry a variant (`0110-1`); the variant `x` marks a fail case, where no
//! instance may be found. Givens are 81 characters, `.` for empty and `+` before a digit placed
//! since; candidates are written `<digit><row><col>`, separated by spaces.

use crate::engine::state::State;
use crate::engine::step::{
    Candidate, ChainKind, ColouringRule, FishKind, Forcing, SingleDigitPattern, SingleHouse, Step,
    Technique,
};
use crate::model::{Cell, Digit, DigitSet, Grid, Layout};
use crate::techniques::{self, Limits};
use std::collections::BTreeSet;
use std::sync::Arc;

/// One case of the library.
#[derive(Debug, Clone)]
pub struct Case {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The technique code without its variant: `0100`.
    pub code: String,
    /// The variant after the dash (`1`, `x`), if any.
    pub variant: Option<String>,
    /// The pencil-mark state the technique is searched in.
    pub state: State,
    /// The candidates the technique must eliminate.
    pub eliminations: Vec<Candidate>,
    /// The digits the technique must place.
    pub placements: Vec<Candidate>,
}

impl Case {
    /// Parses the library line `text` found at line `line`.
    pub fn parse(text: &str, line: usize) -> Result<Case, String> {
        let fields: Vec<&str> = text.trim().split(':').collect();
        if fields.len() < 7 || !fields[0].is_empty() {
            return Err("expected :code:candidates:givens:deleted:eliminations:placements:".into());
        }
        let (code, variant) = split_code(fields[1]);
        let layout = Arc::new(Layout::with_default_boxes(9).map_err(|e| e.to_string())?);
        let (givens, values) = parse_givens(fields[3])?;
        let deleted = parse_candidates(fields[4])?;
        let mut candidates: Vec<DigitSet> = layout
            .cells()
            .map(|cell| {
                let used: DigitSet = layout
                    .peers(cell)
                    .iter()
                    .filter_map(|&p| values.get(p))
                    .collect();
                DigitSet::full(9).without(used)
            })
            .collect();
        for c in deleted {
            candidates[c.cell.index()].remove(c.digit);
        }
        Ok(Case {
            line,
            code: code.to_string(),
            variant: variant.map(str::to_string),
            // HoDoKu's cases come from puzzles with one solution.
            state: State::from_parts(layout, givens, values, candidates).assuming_unique(true),
            eliminations: parse_candidates(fields[5])?,
            placements: parse_candidates(fields[6])?,
        })
    }

    /// Whether this is a fail case (variant `x`): no instance may be found.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }

    /// Runs `techniques` on the case: it passes when some step found has exactly the expected
    /// eliminations and placements (as sets), or for a fail case when nothing is found.
    pub fn check(&self, techniques: &[Technique]) -> Outcome {
        let found: Vec<Step> = techniques
            .iter()
            .flat_map(|&t| techniques::find_all(t, &self.state))
            .collect();
        if self.is_fail_case() {
            return match found.first() {
                None => Outcome::Passed,
                Some(step) => {
                    Outcome::Failed(format!("expected nothing, found {}", step.explanation))
                }
            };
        }
        let wanted = (as_set(&self.eliminations), as_set(&self.placements));
        let distance = |step: &Step| {
            let got = (as_set(&step.eliminations), as_set(&step.placements));
            got.0.symmetric_difference(&wanted.0).count()
                + got.1.symmetric_difference(&wanted.1).count()
        };
        let expected = self.describe(&self.eliminations, &self.placements);
        match found.iter().min_by_key(|step| distance(step)) {
            Some(step) if distance(step) == 0 => Outcome::Passed,
            Some(step) => Outcome::Failed(format!(
                "expected {expected}; closest of {} found: {}",
                found.len(),
                self.describe(&step.eliminations, &step.placements)
            )),
            None => Outcome::Failed(format!("expected {expected}; nothing found")),
        }
    }

    /// `r1c2<>5, r3c4<>16` and `r5c6=7`, for failure messages.
    fn describe(&self, eliminations: &[Candidate], placements: &[Candidate]) -> String {
        let mut parts: Vec<String> = placements
            .iter()
            .map(|p| format!("{}={}", self.state.name(p.cell), p.digit))
            .collect();
        if !eliminations.is_empty() {
            parts.push(techniques::subsets::eliminations_text(
                &self.state,
                eliminations,
            ));
        }
        parts.join(", ")
    }
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

/// Runs every case of a library file's text (comments and blank lines are ignored).
pub fn run(text: &str) -> Report {
    let results = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            let code = line.trim().split(':').nth(1).unwrap_or_default();
            let outcome = match technique_for_code(split_code(code).0) {
                None => Outcome::Skipped,
                Some(techniques) => match Case::parse(line, index + 1) {
                    Ok(case) => case.check(&techniques),
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

/// Our techniques for a HoDoKu technique code (without variant), or `None` when we have none.
/// `0002` (hidden single) maps to the hidden singles of all three house kinds.
pub fn technique_for_code(code: &str) -> Option<Vec<Technique>> {
    Some(match code {
        "0000" => vec![Technique::FullHouse],
        "0002" => [SingleHouse::Region, SingleHouse::Row, SingleHouse::Column]
            .map(Technique::HiddenSingle)
            .to_vec(),
        "0003" => vec![Technique::NakedSingle],
        "0100" => vec![Technique::Pointing],
        "0101" => vec![Technique::Claiming],
        "0110" => vec![Technique::LockedSubset(2)],
        "0111" => vec![Technique::LockedSubset(3)],
        "0200" => vec![Technique::NakedSubset(2)],
        "0201" => vec![Technique::NakedSubset(3)],
        "0202" => vec![Technique::NakedSubset(4)],
        "0210" => vec![Technique::HiddenSubset(2)],
        "0211" => vec![Technique::HiddenSubset(3)],
        "0212" => vec![Technique::HiddenSubset(4)],
        "0300" => vec![Technique::BasicFish(2)],
        "0301" => vec![Technique::BasicFish(3)],
        "0302" => vec![Technique::BasicFish(4)],
        "0600" => vec![Technique::UniqueRectangle(1)],
        "0601" => vec![Technique::UniqueRectangle(2)],
        "0602" => vec![Technique::UniqueRectangle(3)],
        "0603" => vec![Technique::UniqueRectangle(4)],
        "0604" => vec![Technique::UniqueRectangle(5)],
        "0605" => vec![Technique::UniqueRectangle(6)],
        "0606" => vec![Technique::HiddenRectangle],
        "0607" => vec![Technique::AvoidableRectangle(1)],
        "0608" => vec![Technique::AvoidableRectangle(2)],
        "0610" => vec![Technique::BugPlusOne],
        "0800" => vec![Technique::XyWing],
        "0801" => vec![Technique::XyzWing],
        "0803" => vec![Technique::WWing],
        "0400" => vec![Technique::SingleDigit(SingleDigitPattern::Skyscraper)],
        "0401" => vec![Technique::SingleDigit(SingleDigitPattern::TwoStringKite)],
        "0402" => vec![Technique::SingleDigit(SingleDigitPattern::EmptyRectangle)],
        "0403" => vec![Technique::SingleDigit(SingleDigitPattern::TurbotFish)],
        "0404" => vec![Technique::SingleDigit(
            SingleDigitPattern::DualTwoStringKite,
        )],
        "0405" => vec![Technique::SingleDigit(
            SingleDigitPattern::DualEmptyRectangle,
        )],
        "0500" => vec![Technique::Colouring(ColouringRule::Trap)],
        "0501" => vec![Technique::Colouring(ColouringRule::Wrap)],
        "0502" => vec![Technique::Colouring(ColouringRule::MultiTrap)],
        "0503" => vec![Technique::Colouring(ColouringRule::MultiWrap)],
        "0901" => vec![Technique::AlsChain(2)],
        "0902" => vec![Technique::AlsChain(3)],
        "0903" => (4..=Limits::for_size(9).als_chain_sets as u8)
            .map(Technique::AlsChain)
            .collect(),
        "0904" => (2..=Limits::for_size(9).blossom_petals as u8)
            .map(Technique::DeathBlossom)
            .collect(),
        "1101" => vec![Technique::SueDeCoq],
        code if code.starts_with("03") => return fish_for_code(code),
        "1201" => vec![Technique::TemplateSet],
        "1202" => vec![Technique::TemplateDelete],
        "1301" => vec![Technique::ForcingChain(Forcing::Contradiction)],
        "1302" => vec![
            Technique::ForcingChain(Forcing::Cell),
            Technique::ForcingChain(Forcing::Region),
        ],
        "1303" => vec![Technique::ForcingNet(Forcing::Contradiction)],
        "1304" => vec![
            Technique::ForcingNet(Forcing::Cell),
            Technique::ForcingNet(Forcing::Region),
        ],
        "0701" | "0702" | "0703" | "0706" | "0707" | "0708" | "0709" | "0710" | "0711" => {
            let kind = match code {
                "0701" => ChainKind::XChain,
                "0702" => ChainKind::XyChain,
                "0703" => ChainKind::RemotePair,
                "0706" | "0709" => ChainKind::ContinuousLoop,
                "0707" | "0710" => ChainKind::DiscontinuousLoop,
                _ => ChainKind::Aic,
            };
            vec![Technique::Chain {
                kind,
                grouped: code >= "0709",
            }]
        }
        _ => return None,
    })
}

/// The finned, sashimi, Franken and mutant fish (and their siamese forms) of HoDoKu's codes
/// `0310`–`0362` and `03111`–`03621`, sizes 2 to 4.
fn fish_for_code(code: &str) -> Option<Vec<Technique>> {
    (2..=4u8)
        .flat_map(|n| {
            FishKind::ALL
                .into_iter()
                .flat_map(move |kind| [Technique::Fish(kind, n), Technique::SiameseFish(kind, n)])
        })
        .find(|t| t.hodoku_code() == Some(code))
        .map(|t| vec![t])
}

/// `0110-1` → (`0110`, `Some("1")`).
fn split_code(code: &str) -> (&str, Option<&str>) {
    match code.split_once('-') {
        Some((code, variant)) => (code, Some(variant)),
        None => (code, None),
    }
}

/// The givens and all placed values from 81 characters, `+` marking digits placed since.
fn parse_givens(text: &str) -> Result<(Grid, Grid), String> {
    let mut cells = Vec::with_capacity(81);
    let mut placed = false;
    for ch in text.chars() {
        match (ch, ch.to_digit(10)) {
            ('+', _) => placed = true,
            ('.', _) | (_, Some(0)) => cells.push(None),
            (_, Some(d)) => cells.push(Some((Digit::new(d as usize), placed))),
            _ => return Err(format!("unexpected '{ch}' in the givens")),
        }
        placed &= ch == '+';
    }
    if cells.len() != 81 {
        return Err(format!("the givens hold {} cells, not 81", cells.len()));
    }
    let (mut givens, mut values) = (Grid::empty(9), Grid::empty(9));
    for (index, entry) in cells.into_iter().enumerate() {
        if let Some((digit, placed)) = entry {
            values.set(Cell::from_index(index), Some(digit));
            if !placed {
                givens.set(Cell::from_index(index), Some(digit));
            }
        }
    }
    Ok((givens, values))
}

/// Candidates written `<digit><row><col>`, separated by spaces.
fn parse_candidates(text: &str) -> Result<Vec<Candidate>, String> {
    text.split_whitespace()
        .map(|item| match item.as_bytes() {
            &[d, r, c] if [d, r, c].iter().all(|b| (b'1'..=b'9').contains(b)) => {
                Ok(Candidate::new(
                    Cell::at((r - b'1') as usize, (c - b'1') as usize, 9),
                    Digit::new((d - b'0') as usize),
                ))
            }
            _ => Err(format!("'{item}' is not <digit><row><col>")),
        })
        .collect()
}

fn as_set(candidates: &[Candidate]) -> BTreeSet<Candidate> {
    candidates.iter().copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const POINTING: &str = ":0100:5:+43.2..79.5...3.+28.7.....36......9+6...49.7.13....8..+9...14....+29.7..4..+16.85..1+47+3:143 843 449 163 469:549 559 569::";

    #[test]
    fn a_case_parses_into_givens_placements_and_candidates() {
        let case = Case::parse(POINTING, 7).unwrap();
        assert_eq!(
            (case.code.as_str(), case.variant.as_deref()),
            ("0100", None)
        );
        let r1c1 = Cell::at(0, 0, 9);
        assert_eq!(case.state.value(r1c1), Some(Digit::new(4)));
        assert_eq!(
            case.state.givens().get(r1c1),
            None,
            "+4 is placed, not given"
        );
        // 1 was deleted from r4c3 on top of what the placed digits rule out.
        assert!(
            !case
                .state
                .candidates(Cell::at(3, 2, 9))
                .contains(Digit::new(1))
        );
        assert_eq!(case.eliminations.len(), 3);
        assert_eq!(
            case.check(&technique_for_code("0100").unwrap()),
            Outcome::Passed
        );
    }

    #[test]
    fn report_counts_and_prints_failures() {
        let wrong = POINTING.replace("549 559 569", "549 559");
        let fail_case = POINTING.replacen("0100", "0100-x", 1);
        let text = format!("# comment\n\n{POINTING}\n{wrong}\n:9999:1:x:::::\n{fail_case}\n");
        let report = run(&text);
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
