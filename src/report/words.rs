//! Every step in plain words, built from the step's data: what the pattern is, why it forces the
//! result, and what goes. This is the one place the words are made, beside the notation line
//! each finder writes ([`Step::explanation`]); `explain --words`, the hints, the workbook's Steps
//! sheet, JSON and Python all read them from here, and only when they are asked for, so the
//! solve itself does no extra work.
//!
//! The sentences name cells, digits, houses and cages as explanation parts, so the reader's
//! [`Names`](crate::model::Names) writes them in the puzzle's own symbols and, on a sheet, with
//! their addresses. They never use chain notation (`=`, `<>`, `⇒`, `(5=469)` nodes or
//! `r2c1235` compressed cells): a chain is told one sentence per link, a net through its
//! assumptions and the placements that carry it.

use crate::core::net::{Branch, End, Net, Reason};
use crate::core::step::{Figure, Link, LinkKind, Role, Step};
use crate::core::technique::{
    ChainKind, ColouringRule, KillerRule, MarkRule, SingleDigitPattern, Technique,
};
use crate::explain;
use crate::model::explanation::{Cage, House, Part};
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation, HouseKind, Layout};
use crate::shikaku::Shikaku;
use crate::shikaku::model::{Rect, cell as shikaku_cell};
use crate::shikaku::state::{Step as ShikakuStep, Technique as ShikakuTechnique};

/// The step in plain words, sentence by sentence. A chain's sentences follow its links: after
/// the first sentence (the pattern), sentence `k` tells link `k` (see [`link_sentences`]).
pub fn sudoku_words(step: &Step, layout: &Layout) -> Vec<Explanation> {
    told(step, layout).into_iter().map(|(s, _)| s).collect()
}

/// The step in plain words as [`sudoku_words`] tells it, each sentence with its [`Cue`]: where
/// it stands when a chain's links or a net's implications are played one by one.
pub fn told(step: &Step, layout: &Layout) -> Vec<(Explanation, Cue)> {
    Words { step, layout }.sentences()
}

/// Where a sentence of a step's words stands in the step's play (the step viewer shows the
/// sentence of what it is drawing): before the play, at one of its parts, while a net is carried
/// on, or at its end. Steps that are not played (neither a chain nor a net) are told at `Start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cue {
    /// The pattern or the assumption: read before the first link or implication.
    Start,
    /// Tells link `k` of a chain, or follows branch `k` of a net.
    Part(usize),
    /// What carries a contradiction's branch from its assumption to its end.
    Carry,
    /// The conclusion: read once the whole chain or branch is drawn.
    End,
}

/// Where the technique guide explains `technique`: its page, from the repository's root.
pub fn guide(technique: Technique) -> String {
    format!("docs/src/techniques/{}.md", technique.family().key())
}

/// What to look for to find a step of `technique`, in a few words: what a hint of level 2 adds
/// to the technique's name.
pub fn look_for(technique: Technique) -> &'static str {
    use Technique as T;
    match technique {
        T::FullHouse => "a house with a single empty cell",
        T::NakedSingle => "a cell that every digit but one is ruled out of",
        T::HiddenSingle(_) => "a digit with only one place left in a house",
        T::Pointing => "a digit whose places in a box all lie in one row or column",
        T::Claiming => "a digit whose places in a row or column all lie in one box",
        T::LockedSubset(_) => {
            "cells where a box and a line cross that hold as many digits as cells"
        }
        T::NakedSubset(_) => "cells of a house that hold between them only as many digits as cells",
        T::HiddenSubset(_) => "digits of a house that fit in only as many cells as digits",
        T::BasicFish(_) | T::Fish(..) | T::SiameseFish(..) => {
            "one digit whose places in some rows (or columns, or boxes) fall in as many crossing houses"
        }
        T::SingleDigit(_) => {
            "one digit with two places in each of two houses, the two joined by a third house"
        }
        T::XyWing | T::XyzWing | T::WxyzWing => {
            "a cell of two or three candidates that sees cells sharing its digits"
        }
        T::WWing => {
            "two cells with the same two digits, joined by a digit with two places in a house"
        }
        T::UniqueRectangle(_) | T::HiddenRectangle | T::AvoidableRectangle(_) | T::BugPlusOne => {
            "cells that would otherwise hold a pattern with two solutions"
        }
        T::Colouring(_) => "one digit's chains of houses where it has exactly two places",
        T::Chain { .. } => {
            "a chain of links where each candidate being true or false forces the next"
        }
        T::AlsChain(_) | T::DeathBlossom(_) | T::SueDeCoq => {
            "groups of cells holding one digit more than they have cells"
        }
        T::Nishio
        | T::ForcingChain(_)
        | T::ForcingNet(_)
        | T::ForcingNetPlus(_)
        | T::NestedNet(_) => {
            "a candidate whose every consequence you can follow to a contradiction or a common result"
        }
        T::TemplateSet | T::TemplateDelete => "every way to place one digit once in each house",
        T::Killer(_) => "a cage whose sum, or a house whose total of 45, limits its digits",
        T::Marks(_) => {
            "a shaded cell, or two touching cells with a bar between them or, where every bar is drawn, without one"
        }
        T::Backtracking => "nothing: no technique applies, so a cell is settled by trial",
    }
}

/// Where the technique guide explains a Shikaku deduction.
pub fn shikaku_guide() -> &'static str {
    "docs/src/techniques/shikaku.md"
}

/// Items as a person lists them: `a`, `a and b`, `a, b and c`.
pub fn listed(mut items: Vec<Explanation>, and: &'static str) -> Explanation {
    let Some(last) = items.pop() else {
        return Explanation::new();
    };
    if items.is_empty() {
        return last;
    }
    explain!("{}{}{}", Explanation::join(items, ", "), and, last)
}

/// Cells listed: `r1c1, r1c2 and r3c3`.
fn cells(cells: &[Cell]) -> Explanation {
    listed(cells.iter().map(|&c| c.into()).collect(), " and ")
}

/// Digits listed: `4, 6 and 9`.
fn digits(set: DigitSet) -> Explanation {
    listed(set.iter().map(Explanation::from).collect(), " and ")
}

/// Digits listed as alternatives: `4, 6 or 9`.
fn digits_or(set: DigitSet) -> Explanation {
    listed(set.iter().map(Explanation::from).collect(), " or ")
}

/// Houses listed: `rows 3 and 7` is written `row 3 and row 7`.
fn houses(ids: &[usize]) -> Explanation {
    listed(ids.iter().map(|&h| House(h).into()).collect(), " and ")
}

/// The cells of `candidates`, in grid order, once each.
fn cells_of(candidates: &[Candidate]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = candidates.iter().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The digits of `candidates`.
fn digits_of(candidates: &[Candidate]) -> DigitSet {
    candidates.iter().map(|c| c.digit).collect()
}

/// `n` as a word up to twelve: `two cells`.
fn number(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS.get(n).map_or(n.to_string(), |w| w.to_string())
}

/// What a node of a chain claims, true or false: `r2c1 is 9`, `9 is in one of r2c1 and r2c2`,
/// `r4c5 is 5 or 9`, `the cells r2c1, r2c2 and r2c3 hold 4, 6 and 9`, and their negations.
fn claim(node: &[Candidate], holds: bool) -> Explanation {
    let node_cells = cells_of(node);
    let set = digits_of(node);
    match (node_cells.as_slice(), set.as_single(), holds) {
        ([cell], Some(d), true) => explain!("{} is {}", *cell, d),
        ([cell], Some(d), false) => explain!("{} is not {}", *cell, d),
        ([cell], None, true) => explain!("{} is {}", *cell, digits_or(set)),
        ([cell], None, false) => explain!("{} is none of {}", *cell, digits(set)),
        (many, Some(d), true) => explain!("{} is in one of {}", d, cells(many)),
        (many, Some(d), false) => explain!("none of {} is {}", cells(many), d),
        (many, None, true) => explain!("the cells {} hold {}", cells(many), digits(set)),
        (many, None, false) => explain!("the cells {} hold none of {}", cells(many), digits(set)),
    }
}

/// Each of `sentences` at `cue`.
fn at(cue: Cue, sentences: Vec<Explanation>) -> Vec<(Explanation, Cue)> {
    sentences.into_iter().map(|s| (s, cue)).collect()
}

/// One deduction being told.
struct Words<'a> {
    step: &'a Step,
    layout: &'a Layout,
}

impl Words<'_> {
    fn sentences(&self) -> Vec<(Explanation, Cue)> {
        let step = self.step;
        let mut told = match &step.net {
            Some(net) => self.net(net),
            None => at(Cue::Start, self.pattern_words()),
        };
        // A colouring's links are the strong links it coloured, told by its colours already.
        let chained = !step.links.is_empty()
            && step.net.is_none()
            && !matches!(step.technique, Technique::Colouring(_));
        let links = link_sentences(self.layout, step).into_iter();
        let links = links.enumerate().map(|(k, s)| (s, Cue::Part(k)));
        if chained && self.figures(Role::Deadly).next().is_some() {
            told.extend(links);
            told.push((self.rectangle_end(), Cue::End));
        } else if chained {
            told.push((self.chain_intro(), Cue::Start));
            told.extend(links);
            told.push((self.chain_end(), Cue::End));
        } else if told.is_empty() {
            told.push((self.pattern_only(), Cue::Start));
        }
        let sentences: Vec<Explanation> = told.iter().map(|(s, _)| s.clone()).collect();
        told.extend(self.unnamed_pattern(&sentences).map(|s| (s, Cue::End)));
        told.push((self.outcome(), Cue::End));
        told
    }

    /// The words of the pattern of a step that is not a net; none for the chains, which are
    /// told link by link.
    fn pattern_words(&self) -> Vec<Explanation> {
        use Technique as T;
        match self.step.technique {
            T::FullHouse => self.full_house(),
            T::NakedSingle => self.naked_single(),
            T::HiddenSingle(_) => self.hidden_single(),
            T::Pointing | T::Claiming => self.intersection(),
            T::LockedSubset(_) => self.locked_subset(),
            T::NakedSubset(_) => self.naked_subset(),
            T::HiddenSubset(_) => self.hidden_subset(),
            T::BasicFish(_) | T::Fish(..) | T::SiameseFish(..) => self.fish(),
            T::XyWing | T::XyzWing | T::WxyzWing => self.wing(),
            T::UniqueRectangle(_) | T::HiddenRectangle | T::AvoidableRectangle(_) => {
                self.rectangle()
            }
            T::BugPlusOne => self.bug(),
            T::Colouring(rule) => self.colouring(rule),
            T::AlsChain(_) => self.als_chain(),
            T::DeathBlossom(_) => self.blossom(),
            T::SueDeCoq => self.sue_de_coq(),
            T::Killer(rule) => self.killer(rule),
            T::Marks(rule) => self.marks(rule),
            T::TemplateSet | T::TemplateDelete => self.template(),
            T::Backtracking => self.backtracking(),
            T::WWing | T::SingleDigit(_) | T::Chain { .. } => Vec::new(),
            T::Nishio | T::ForcingChain(_) | T::ForcingNet(_) | T::ForcingNetPlus(_) => Vec::new(),
            T::NestedNet(_) => Vec::new(),
        }
    }

    /// A sentence naming the pattern's cells that `told` leaves out (some patterns' words
    /// speak of a house or a cage rather than each cell), if any.
    fn unnamed_pattern(&self, told: &[Explanation]) -> Option<Explanation> {
        let named: Vec<Cell> = told
            .iter()
            .flat_map(|sentence| sentence.parts())
            .flat_map(|part| match part {
                Part::Cell { cell } => vec![*cell],
                Part::Cage { cage } => self
                    .layout
                    .cages()
                    .get(*cage)
                    .map_or(Vec::new(), |c| c.cells.clone()),
                _ => Vec::new(),
            })
            .collect();
        let missing: Vec<Cell> = cells_of(&self.step.pattern)
            .into_iter()
            .filter(|c| !named.contains(c))
            .collect();
        (!missing.is_empty()).then(|| explain!("The pattern also takes in {}.", cells(&missing)))
    }

    /// The step's digit: its placement's, elimination's, or pattern's first.
    fn digit(&self) -> Digit {
        let step = self.step;
        let first = step
            .placements
            .first()
            .or(step.eliminations.first())
            .or(step.pattern.first());
        first.map_or(Digit::new(1), |c| c.digit)
    }

    fn figures(&self, role: Role) -> impl Iterator<Item = &Figure> {
        self.step.figures.iter().filter(move |f| f.role == role)
    }

    /// What the step places and removes: `So r3c5 is 7.`, `So 9 goes from r1c2 and r3c4.`,
    /// `So these candidates go: 4 from r2c1 and r2c3; 6 from r2c1.`
    fn outcome(&self) -> Explanation {
        let step = self.step;
        let mut told = Vec::new();
        for p in &step.placements {
            told.push(explain!("{} is {}", p.cell, p.digit));
        }
        let mut by_digit: Vec<(Digit, Vec<Cell>)> = Vec::new();
        for e in &step.eliminations {
            match by_digit.iter_mut().find(|(d, _)| *d == e.digit) {
                Some((_, cells)) => cells.push(e.cell),
                None => by_digit.push((e.digit, vec![e.cell])),
            }
        }
        let removed_cells = cells_of(&step.eliminations);
        let removed = match by_digit.as_slice() {
            [] => None,
            [_, _, ..] if removed_cells.len() == 1 => Some(explain!(
                "{} cannot be {}",
                removed_cells[0],
                digits_or(digits_of(&step.eliminations))
            )),
            [(d, one)] if one.len() == 1 => Some(explain!("{} cannot be {}", one[0], *d)),
            [(d, many)] => Some(explain!("{} goes from {}", *d, cells(many))),
            groups => {
                let each = groups
                    .iter()
                    .map(|(d, cs)| explain!("{} from {}", *d, cells(cs)));
                Some(explain!(
                    "these candidates go: {}",
                    Explanation::join(each, "; ")
                ))
            }
        };
        told.extend(removed);
        match told.is_empty() {
            true => "Nothing changes.".into(),
            false => explain!("So {}.", listed(told, ", and ")),
        }
    }

    fn pattern_only(&self) -> Explanation {
        let pattern = cells_of(&self.step.pattern);
        explain!(
            "{} on the cells {}.",
            self.step.technique.sentence(),
            cells(&pattern)
        )
    }

    fn full_house(&self) -> Vec<Explanation> {
        let Some(p) = self.step.placements.first() else {
            return Vec::new();
        };
        let house = self.step.base.first().copied().unwrap_or(0);
        vec![explain!(
            "The last empty cell of {} is {}, and {} is the one digit the house still lacks.",
            House(house),
            p.cell,
            p.digit
        )]
    }

    fn naked_single(&self) -> Vec<Explanation> {
        let Some(p) = self.step.placements.first() else {
            return Vec::new();
        };
        vec![explain!(
            "Every other digit is already in a house of {} or has been ruled out of it: {} is \
             the only candidate it has left.",
            p.cell,
            p.digit
        )]
    }

    fn hidden_single(&self) -> Vec<Explanation> {
        let Some(p) = self.step.placements.first() else {
            return Vec::new();
        };
        let house = self.step.base.first().copied().unwrap_or(0);
        vec![explain!(
            "In {}, {} has only one place left, {}: every other cell of the house is filled or \
             cannot take it.",
            House(house),
            p.digit,
            p.cell
        )]
    }

    fn intersection(&self) -> Vec<Explanation> {
        let step = self.step;
        let (Some(&base), Some(&cover)) = (step.base.first(), step.cover.first()) else {
            return Vec::new();
        };
        let places = cells_of(&step.pattern);
        vec![
            explain!(
                "In {}, {} can only go in {}, and all of them lie in {} too.",
                House(base),
                self.digit(),
                cells(&places),
                House(cover)
            ),
            explain!(
                "Whichever of them holds it, that is the {} of {}, so no other cell of {} can \
                 be {}.",
                self.digit(),
                House(cover),
                House(cover),
                self.digit()
            ),
        ]
    }

    fn locked_subset(&self) -> Vec<Explanation> {
        let step = self.step;
        let subset = cells_of(&step.pattern);
        let set = digits_of(&step.pattern);
        vec![
            explain!(
                "The {} cells {} hold only the digits {} between them: as many digits as cells, \
                 so these digits fill them, one in each.",
                number(subset.len()),
                cells(&subset),
                digits(set)
            ),
            explain!(
                "The cells lie in both {}, so no other cell of either house can take those \
                 digits.",
                houses(&step.cover)
            ),
        ]
    }

    fn naked_subset(&self) -> Vec<Explanation> {
        let step = self.step;
        let subset = cells_of(&step.pattern);
        let set = digits_of(&step.pattern);
        let house = if step.cover.is_empty() {
            &step.base
        } else {
            &step.cover
        };
        vec![
            explain!(
                "In {}, the {} cells {} hold only the digits {} between them.",
                houses(house),
                number(subset.len()),
                cells(&subset),
                digits(set)
            ),
            explain!(
                "As many digits as cells: these digits fill these cells, one in each, so no \
                 other cell of {} can take any of them.",
                houses(house)
            ),
        ]
    }

    fn hidden_subset(&self) -> Vec<Explanation> {
        let step = self.step;
        let subset = cells_of(&step.pattern);
        let set = digits_of(&step.pattern);
        let house = step.base.first().copied().unwrap_or(0);
        vec![
            explain!(
                "In {}, the {} digits {} can only go in the {} cells {}.",
                House(house),
                number(set.len()),
                digits(set),
                number(subset.len()),
                cells(&subset)
            ),
            "Each of these digits needs a cell of its own, so these cells hold them and \
             nothing else: their other candidates go."
                .into(),
        ]
    }

    fn fish(&self) -> Vec<Explanation> {
        let step = self.step;
        let d = self.digit();
        let fins = cells_of(&step.fins);
        let body: Vec<Cell> = cells_of(&step.pattern)
            .into_iter()
            .filter(|c| !fins.contains(c))
            .collect();
        let n = number(step.base.len());
        let mut told = vec![explain!(
            "Look at {} in {}: apart from the fins, it can only go in {}, and all of these lie \
             in {}.",
            d,
            houses(&step.base),
            cells(&body),
            houses(&step.cover)
        )];
        if fins.is_empty() {
            told[0] = explain!(
                "Look at {} in {}: it can only go in {}, and all of these lie in {}.",
                d,
                houses(&step.base),
                cells(&body),
                houses(&step.cover)
            );
        }
        told.push(explain!(
            "The {} base houses need {} {}s of their own, and no cover house can hold two of \
             them, so each cover house gets its {} from the base houses.",
            n.clone(),
            n,
            d,
            d
        ));
        if fins.is_empty() {
            told.push(explain!("No other cell of the cover houses can be {}.", d));
        } else {
            let (fin, none, some, every) = match fins.len() {
                1 => ("The fin is", "If it is not", "if it is", "the fin"),
                _ => (
                    "The fins are",
                    "If none of them is",
                    "if one of them is",
                    "every fin",
                ),
            };
            told.push(explain!(
                "{} {}. {} {}, the fish stands and {} leaves the rest of the cover houses; {} \
                 {}, it rules {} out of every cell it sees. The cells below are in a cover \
                 house and see {}, so they lose {} either way.",
                fin,
                cells(&fins),
                none,
                d,
                d,
                some,
                d,
                d,
                every,
                d
            ));
        }
        told
    }

    fn wing(&self) -> Vec<Explanation> {
        let step = self.step;
        let z = self.digit();
        let pattern = cells_of(&step.pattern);
        let set = digits_of(&step.pattern);
        let Some(pivot) = self.figures(Role::Pivot).next() else {
            return Vec::new();
        };
        let pivot_cell = pivot.candidates[0].cell;
        let pivot_digits = digits_of(&pivot.candidates);
        let mut told = vec![explain!(
            "The pivot {} holds {}; the pincers {} each see it.",
            pivot_cell,
            digits_or(pivot_digits),
            cells(
                &self
                    .figures(Role::Pincer)
                    .map(|f| f.candidates[0].cell)
                    .collect::<Vec<_>>()
            )
        )];
        if step.technique == Technique::XyWing {
            for pincer in self.figures(Role::Pincer) {
                let shared = digits_of(&pincer.candidates)
                    .intersection(pivot_digits)
                    .without(DigitSet::single(z));
                if let Some(x) = shared.as_single() {
                    told.push(explain!(
                        "If the pivot is {}, {} cannot be {}, so it is {}.",
                        x,
                        pincer.candidates[0].cell,
                        x,
                        z
                    ));
                }
            }
            told.push(explain!(
                "The pivot is one or the other, so one of the pincers is {}: a cell that sees \
                 both cannot be {}.",
                z,
                z
            ));
            return told;
        }
        let holding: Vec<Cell> = step
            .pattern
            .iter()
            .filter(|c| c.digit == z)
            .map(|c| c.cell)
            .collect();
        told.push(explain!(
            "Together the {} cells {} hold only the {} digits {}. Every digit but {} can be in \
             only one of them, since the cells that could hold it all see each other.",
            number(pattern.len()),
            cells(&pattern),
            number(set.len()),
            digits(set),
            z
        ));
        told.push(explain!(
            "Without {}, the cells would need as many different digits as there are cells from \
             one digit fewer, which cannot be; so one of {} is {}, and a cell that sees all of \
             them cannot be {}.",
            z,
            cells(&holding),
            z,
            z
        ));
        told
    }

    fn rectangle(&self) -> Vec<Explanation> {
        let step = self.step;
        let Some(deadly) = self.figures(Role::Deadly).next() else {
            return Vec::new();
        };
        let corners = cells_of(&deadly.candidates);
        let pair = digits_of(&deadly.candidates);
        let guardians: Vec<Candidate> = self
            .figures(Role::Guardian)
            .flat_map(|f| f.candidates.iter().copied())
            .collect();
        let avoidable = matches!(step.technique, Technique::AvoidableRectangle(_));
        let mut told = vec![explain!(
            "The cells {} lie in two rows, two columns and two boxes, and could all take {}.",
            cells(&corners),
            digits(pair)
        )];
        told.push(match avoidable {
            true => "None of them is a given, so if they held only those two digits, the two \
                     could be swapped in a solution and the puzzle would have a second one; it \
                     has one solution, so that cannot happen."
                .into(),
            false => "If they held only those two digits, the two could be swapped in any \
                      solution and the puzzle would have two; it has one, so that cannot \
                      happen."
                .into(),
        });
        let others: Vec<Cell> = cells_of(&step.pattern)
            .into_iter()
            .filter(|c| !corners.contains(c))
            .collect();
        if !guardians.is_empty() && step.links.is_empty() {
            let each: Vec<Explanation> = cells_of(&guardians)
                .into_iter()
                .map(|cell| {
                    let held: Vec<Candidate> = guardians
                        .iter()
                        .filter(|g| g.cell == cell)
                        .copied()
                        .collect();
                    claim(&held, true)
                })
                .collect();
            told.push(explain!(
                "So at least one of these must hold: {}.",
                listed(each, " or ")
            ));
        }
        if !others.is_empty() {
            told.push(explain!(
                "The pattern also uses {}, which together with the rectangle's extra digits \
                 settle where those digits can go.",
                cells(&others)
            ));
        }
        told
    }

    /// A rectangle pinned by strong links (types 4 and 6, hidden rectangles): after the links,
    /// why their end rules out the other digit.
    fn rectangle_end(&self) -> Explanation {
        let step = self.step;
        let (Some(first), Some(last)) = (step.links.first(), step.links.last()) else {
            return Explanation::new();
        };
        let pinned = first.from.first().map_or(self.digit(), |c| c.digit);
        let ends: Vec<Cell> = cells_of(&[first.from.clone(), last.to.clone()].concat());
        explain!(
            "So {} is in {}. A cell below that took {} would leave the rectangle with only its \
             two digits, the pattern that cannot be, so it cannot be {}.",
            pinned,
            listed(ends.iter().map(|&c| c.into()).collect(), " or "),
            self.digit(),
            self.digit()
        )
    }

    fn bug(&self) -> Vec<Explanation> {
        let guardian = self.figures(Role::Guardian).next().map(|f| f.candidates[0]);
        let Some(p) = self.step.placements.first().copied().or(guardian) else {
            return Vec::new();
        };
        let pattern = cells_of(&self.step.pattern);
        vec![
            explain!(
                "Every unsolved cell but {} has exactly two candidates; the pattern is {}.",
                p.cell,
                cells(&pattern)
            ),
            explain!(
                "If {} were not {}, every cell would have two candidates and each digit two \
                 places in every house: such a grid can be filled in two ways, and the puzzle \
                 has one solution.",
                p.cell,
                p.digit
            ),
        ]
    }

    fn colouring(&self, rule: ColouringRule) -> Vec<Explanation> {
        let d = self.digit();
        let colours: Vec<(Role, Vec<Cell>)> = self
            .step
            .figures
            .iter()
            .filter(|f| matches!(f.role, Role::ColourA | Role::ColourB))
            .map(|f| (f.role, cells_of(&f.candidates)))
            .collect();
        let mut told = vec![explain!(
            "Follow the strong links of {}, houses where it has exactly two places: along each \
             link one end is {} and the other is not, so colouring the ends in turn splits the \
             cells into two colours, one all {} and the other with none.",
            d,
            d,
            d
        )];
        for (i, (role, group)) in colours.iter().enumerate() {
            let name = match role {
                Role::ColourA => "one colour",
                _ => "the other",
            };
            let cluster = if colours.len() > 2 {
                format!(" (cluster {})", i / 2 + 1)
            } else {
                String::new()
            };
            told.push(explain!("In {}{}: {}.", name, cluster, cells(group)));
        }
        told.push(match rule {
            ColouringRule::Trap => explain!(
                "Each cell below sees a cell of each colour, so whichever colour is {}, it \
                 cannot be {}.",
                d,
                d
            ),
            ColouringRule::Wrap => explain!(
                "Two cells of one colour share a house, so that colour cannot be {}: the other \
                 colour is.",
                d
            ),
            ColouringRule::MultiTrap => explain!(
                "A colour of one cluster sees a colour of the other, so at most one of them is \
                 {}: one of their partner colours is, and a cell that sees both partners cannot \
                 be {}.",
                d,
                d
            ),
            ColouringRule::MultiWrap => explain!(
                "A colour that sees both colours of the other cluster would leave it without \
                 {}, so that colour is not {}.",
                d,
                d
            ),
        });
        told
    }

    fn chain_intro(&self) -> Explanation {
        use Technique as T;
        let technique = self.step.technique;
        let what = match technique {
            T::SingleDigit(SingleDigitPattern::EmptyRectangle)
            | T::SingleDigit(SingleDigitPattern::DualEmptyRectangle) => {
                "a box whose places of the digit lie in one row and one column, joined to a \
                 strong link"
            }
            T::SingleDigit(_) => "two strong links of one digit joined by a weak link",
            T::WWing => "two cells with the same two digits, joined by a strong link",
            T::Chain {
                kind: ChainKind::RemotePair,
                ..
            } => "cells that all hold the same two digits, each seeing the next",
            T::Chain {
                kind: ChainKind::XChain,
                ..
            } => "one digit followed through houses where it has two places",
            T::Chain {
                kind: ChainKind::XyChain,
                ..
            } => "cells of two candidates, each sharing a digit with the next",
            T::Chain {
                kind: ChainKind::ContinuousLoop | ChainKind::DiscontinuousLoop,
                ..
            } => "a chain that comes back to where it started",
            _ => "a chain of links, each saying what follows from the one before",
        };
        let pattern = cells_of(&self.step.pattern);
        explain!(
            "{} ({}) on {}; follow it link by link.",
            technique.name(),
            what,
            cells(&pattern)
        )
    }

    fn chain_end(&self) -> Explanation {
        let step = self.step;
        let (Some(first), Some(last)) = (step.links.first(), step.links.last()) else {
            return Explanation::new();
        };
        let assumed_true = !first.kind.is_strong();
        let loops = first.from == last.to;
        let continuous = matches!(
            step.technique,
            Technique::Chain {
                kind: ChainKind::ContinuousLoop,
                ..
            }
        );
        if loops && continuous {
            return "The chain closes into a loop, so every link holds both ways: each weak \
                    link has exactly one true end, and a candidate that sees both ends of one \
                    cannot be true."
                .into();
        }
        if loops {
            let start = claim(&first.from, assumed_true);
            let end = claim(&first.from, !assumed_true);
            return explain!(
                "The chain comes back to its start: from {} it follows that {}, so the \
                 assumption was wrong.",
                start,
                end
            );
        }
        explain!(
            "So if {}, then {}: either {} or {}, and each of them rules out what goes below.",
            claim(&first.from, assumed_true),
            claim(&last.to, !assumed_true),
            claim(&first.from, true),
            claim(&last.to, true)
        )
    }

    fn als_sets(&self) -> Vec<Vec<Candidate>> {
        self.figures(Role::Als)
            .map(|f| f.candidates.to_vec())
            .collect()
    }

    fn als_chain(&self) -> Vec<Explanation> {
        let sets = self.als_sets();
        let z = self.digit();
        let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
        let mut told = Vec::new();
        for (i, set) in sets.iter().enumerate() {
            let set_cells = cells_of(set);
            told.push(explain!(
                "Set {}: {} {} hold only {}, one digit more than cells.",
                letters[i % letters.len()],
                if set_cells.len() == 1 {
                    "the cell"
                } else {
                    "the cells"
                },
                cells(&set_cells),
                digits(digits_of(set))
            ));
        }
        told.push(
            "Such a set that loses one of its digits must hold all the others, one in each \
             cell."
                .into(),
        );
        for common in self.figures(Role::RestrictedCommon) {
            let x = common.candidates[0].digit;
            told.push(explain!(
                "{} links two neighbouring sets: every cell that could hold it in one sees every \
                 such cell in the other ({}), so at most one of them holds it.",
                x,
                cells(&cells_of(&common.candidates))
            ));
        }
        let holding: Vec<Cell> = sets
            .iter()
            .flatten()
            .filter(|c| c.digit == z)
            .map(|c| c.cell)
            .collect();
        told.push(explain!(
            "If the first set held no {}, it would hold each of its other digits, its link \
             digit among them; that takes the link digit from the next set, which then holds \
             its other digits, and so on to the last set, which then holds {}. So one of {} is \
             {}, and a cell that sees all of these cannot be {}.",
            z,
            z,
            cells(&holding),
            z,
            z
        ));
        told
    }

    fn blossom(&self) -> Vec<Explanation> {
        let z = self.digit();
        let Some(stem) = self.figures(Role::Pivot).next() else {
            return Vec::new();
        };
        let mut told = vec![explain!(
            "The stem {} is {}.",
            stem.candidates[0].cell,
            digits_or(digits_of(&stem.candidates))
        )];
        for petal in self.als_sets() {
            let petal_cells = cells_of(&petal);
            told.push(explain!(
                "Petal {} holds only {}, one digit more than cells: if the stem takes the digit \
                 it shares with the petal, the petal holds all its other digits, {} among them.",
                cells(&petal_cells),
                digits(digits_of(&petal)),
                z
            ));
        }
        told.push(explain!(
            "Whatever the stem is, {} lands in a petal, so a cell that sees every {} of the \
             petals cannot be {}.",
            z,
            z,
            z
        ));
        told
    }

    fn sue_de_coq(&self) -> Vec<Explanation> {
        let part = |role| {
            self.figures(role)
                .next()
                .map(|f| (cells_of(&f.candidates), digits_of(&f.candidates)))
                .unwrap_or_default()
        };
        let (middle, middle_digits) = part(Role::Intersection);
        let (line, line_digits) = part(Role::LineSet);
        let (region, region_digits) = part(Role::BoxSet);
        let shared = self.layout.common_houses(&middle);
        let is_region = |h: &usize| self.layout.houses()[*h].kind == HouseKind::Region;
        let line_house = shared.iter().copied().find(|h| !is_region(h));
        let box_house = shared.iter().copied().find(is_region);
        let name = |h: Option<usize>| h.map_or(Explanation::from("its house"), |h| House(h).into());
        vec![
            explain!(
                "The cells {} where {} crosses {} hold {}.",
                cells(&middle),
                name(line_house),
                name(box_house),
                digits(middle_digits)
            ),
            explain!(
                "With {} of {} (holding {}) and {} of {} (holding {}), there are as many \
                 digits as cells, and each digit has its place: those of the line set in the \
                 line, those of the box set in the box.",
                cells(&line),
                name(line_house),
                digits(line_digits),
                cells(&region),
                name(box_house),
                digits(region_digits)
            ),
            "So the line set's digits leave the rest of the line, the box set's the rest of \
             the box, and the digits the crossing keeps to itself leave both."
                .into(),
        ]
    }

    fn killer(&self, rule: KillerRule) -> Vec<Explanation> {
        let step = self.step;
        let cage = step.cages.first().copied();
        let pattern = cells_of(&step.pattern);
        let d = self.digit();
        let cage_name =
            |c: Option<usize>| c.map_or(Explanation::from("the cage"), |c| Cage(c).into());
        match rule {
            KillerRule::Combination => vec![explain!(
                "The digits of {} are all different and add up to its sum. Of the sets of \
                 digits that do, only some fit the candidates its cells have left, and the \
                 candidates below belong to none of them.",
                cage_name(cage)
            )],
            KillerRule::CagePointing => vec![explain!(
                "Every set of digits that can fill {} uses {}, and in the cage it can only go \
                 in {}: one of them is {}, so a cell outside the cage that sees all of them \
                 cannot be.",
                cage_name(cage),
                d,
                cells(&pattern),
                d
            )],
            KillerRule::CageClaiming => {
                let house = step.base.first().map(|&h| Explanation::from(House(h)));
                vec![explain!(
                    "In {}, {} can only go in {}, all in {}: the cage holds {}, so its other \
                     cells cannot, and the sets of digits without {} no longer fit it.",
                    house.unwrap_or_else(|| "its house".into()),
                    d,
                    cells(&pattern),
                    cage_name(cage),
                    d,
                    d
                )]
            }
            KillerRule::Innies => {
                let mut told = Vec::new();
                if !step.base.is_empty() {
                    told.push(explain!(
                        "Every digit appears once in {}, so its cells add up to a known total.",
                        houses(&step.base)
                    ));
                }
                told.push(explain!(
                    "Take away the cages that lie inside (and add those that reach out): the \
                     cells left over, {}, must add up to what remains. The candidates below \
                     cannot be part of such a sum.",
                    cells(&pattern)
                ));
                told
            }
        }
    }

    fn marks(&self, rule: MarkRule) -> Vec<Explanation> {
        let step = self.step;
        let size = self.layout.size();
        match rule {
            MarkRule::Even | MarkRule::Odd => {
                let parity = match rule {
                    MarkRule::Even => crate::model::Parity::Even,
                    _ => crate::model::Parity::Odd,
                };
                let marked = cells_of(&step.eliminations);
                let (one, many) = match marked.len() {
                    1 => ("is", "its"),
                    _ => ("are", "their"),
                };
                vec![explain!(
                    "{} {} marked {}, so {} digits can only be {}.",
                    cells(&marked),
                    one,
                    parity.word(),
                    many,
                    digits_or(parity.digits(size))
                )]
            }
            MarkRule::Bar => {
                let pair = cells_of(&step.pattern);
                vec![explain!(
                    "A bar joins {}: their digits differ by 1, so a digit of one needs the digit \
                     just above or below it among the other's.",
                    cells(&pair)
                )]
            }
            MarkRule::NoBar => {
                let pivot = || self.figures(Role::Pivot).flat_map(|f| f.candidates.iter());
                let Some(source) = pivot().next() else {
                    return Vec::new();
                };
                let held: DigitSet = pivot().map(|c| c.digit).collect();
                let targets = cells_of(&step.eliminations);
                vec![explain!(
                    "Every consecutive pair of this puzzle has a bar, and none lies between {} \
                     and {}: their digits cannot differ by 1. {} holds {}, so a digit 1 away \
                     from every one of them cannot go there.",
                    source.cell,
                    cells(&targets),
                    source.cell,
                    digits_or(held)
                )]
            }
        }
    }

    fn template(&self) -> Vec<Explanation> {
        let d = self.digit();
        let pattern = cells_of(&self.step.pattern);
        let what = match self.step.technique {
            Technique::TemplateSet => "every one of them puts it in the cells below",
            _ => "none of them uses the cells below",
        };
        let mut told = vec![explain!(
            "Try every way to place {} once in each row, column and box that the candidates \
             still allow: {}.",
            d,
            what
        )];
        if !pattern.is_empty() {
            told.push(explain!("The pattern is {}.", cells(&pattern)));
        }
        told
    }

    fn backtracking(&self) -> Vec<Explanation> {
        let Some(p) = self.step.placements.first() else {
            return Vec::new();
        };
        vec![explain!(
            "No technique applies here. Trying the candidates of {} one by one, every one but \
             {} leads to a contradiction.",
            p.cell,
            p.digit
        )]
    }

    /// A forcing step: its assumptions, the placements that carry each branch, and how it ends.
    fn net(&self, net: &Net) -> Vec<(Explanation, Cue)> {
        match &net.branches[..] {
            [branch] if !matches!(branch.end, End::Reaches { .. }) => contradiction(branch),
            branches => self.verity(branches),
        }
    }

    fn verity(&self, branches: &[Branch]) -> Vec<(Explanation, Cue)> {
        let assumptions: Vec<Candidate> = branches
            .iter()
            .map(|b| b.implications[0].candidate)
            .collect();
        let assumed_cells = cells_of(&assumptions);
        let first = match (
            assumed_cells.as_slice(),
            digits_of(&assumptions).as_single(),
        ) {
            ([cell], _) => explain!(
                "{} must be one of {}: follow each in turn.",
                *cell,
                digits(digits_of(&assumptions))
            ),
            (many, Some(d)) => explain!(
                "{} must go in one of {}: follow each in turn.",
                d,
                cells(many)
            ),
            (_, None) => explain!(
                "One of these holds: {}; follow each in turn.",
                listed(
                    assumptions.iter().map(|a| claim(&[*a], true)).collect(),
                    " or "
                )
            ),
        };
        let mut told = vec![(first, Cue::Start)];
        for (k, branch) in branches.iter().enumerate() {
            let assumed = &branch.implications[0];
            let End::Reaches { at } = branch.end else {
                continue;
            };
            let reached = &branch.implications[at];
            let runs = placement_runs(branch);
            let then = match runs.is_empty() {
                true => Explanation::new(),
                false => explain!("it places {}, and ", listed(runs, "; then ")),
            };
            let sentence = explain!(
                "If {}, then {}{}.",
                claim(&[assumed.candidate], assumed.holds),
                then,
                claim(&[reached.candidate], reached.holds)
            );
            told.push((sentence, Cue::Part(k)));
        }
        let end = "Every case leads to the same result, so it holds.";
        told.push((end.into(), Cue::End));
        told
    }
}

/// The placements that carry a branch, as runs of one digit: `3 in r7c5 and r8c1`.
fn placement_runs(branch: &Branch) -> Vec<Explanation> {
    let spine = branch.spine_placements();
    spine
        .chunk_by(|a, b| a.digit == b.digit)
        .map(|run| {
            let run_cells: Vec<Cell> = run.iter().map(|c| c.cell).collect();
            explain!("{} in {}", run[0].digit, cells(&run_cells))
        })
        .collect()
}

/// A contradiction's words: the assumption, what it places, and what breaks.
fn contradiction(branch: &Branch) -> Vec<(Explanation, Cue)> {
    let assumed = &branch.implications[0];
    let suppose = explain!(
        "Suppose {}, and follow what it forces, one single after another.",
        claim(&[assumed.candidate], assumed.holds)
    );
    let mut told = vec![(suppose, Cue::Start)];
    let runs = placement_runs(branch);
    if !runs.is_empty() {
        told.push((
            explain!("It places {}.", listed(runs, "; then ")),
            Cue::Carry,
        ));
    }
    let refuted = branch
        .implications
        .iter()
        .filter(|i| matches!(i.reason, Reason::Refuted { .. }))
        .count();
    if refuted > 0 {
        let nested = explain!(
            "On the way, {} of its own rule out {} more {}.",
            if refuted == 1 {
                "a smaller net"
            } else {
                "smaller nets"
            },
            number(refuted),
            if refuted == 1 {
                "candidate"
            } else {
                "candidates"
            }
        );
        told.push((nested, Cue::Carry));
    }
    let breaks = explain!(
        "That breaks the grid: {}. So the assumption is false.",
        broken(branch)
    );
    told.push((breaks, Cue::End));
    told
}

/// What broke at a branch's end, in words.
fn broken(branch: &Branch) -> Explanation {
    match branch.end {
        End::Reaches { at } => {
            let end = &branch.implications[at];
            claim(&[end.candidate], end.holds)
        }
        End::Both { candidate, .. } => match branch.colliding() {
            Some(other) if other.cell == candidate.cell => explain!(
                "{} would have to be both {} and {}",
                candidate.cell,
                candidate.digit,
                other.digit
            ),
            Some(other) => explain!(
                "{} and {} would both be {}, and they see each other",
                candidate.cell,
                other.cell,
                candidate.digit
            ),
            None => explain!(
                "{} would have to be {} and not be {}",
                candidate.cell,
                candidate.digit,
                candidate.digit
            ),
        },
        End::EmptyCell { cell, .. } => explain!("{} is left with no candidate", cell),
        End::NoPlace {
            house,
            digit,
            ref from,
        } => {
            let lost: Vec<Candidate> = from
                .iter()
                .map(|&i| branch.implications[i].candidate)
                .collect();
            match lost.is_empty() {
                true => explain!("{} is left with no place for {}", House(house), digit),
                false => explain!(
                    "{} is left with no place for {}: it has been ruled out of {}",
                    House(house),
                    digit,
                    cells(&cells_of(&lost))
                ),
            }
        }
    }
}

/// A chain's links, one sentence each: `If r2c1 is not 9, then r4c1 is 9: the only other place
/// for 9 in column 1.`, `Then r4c5 is not 9: it shares row 4 with r4c1.`
pub fn link_sentences(layout: &Layout, step: &Step) -> Vec<Explanation> {
    let Some(first) = step.links.first() else {
        return Vec::new();
    };
    // A chain that starts with a strong link starts from its first node being false.
    let mut holds = !first.kind.is_strong();
    let mut told = Vec::new();
    for (i, link) in step.links.iter().enumerate() {
        let next = !holds;
        let reason = match holds {
            false => strong_reason(layout, step, link),
            true => weak_reason(layout, link),
        };
        let sentence = match i {
            0 => explain!(
                "If {}, then {}: {}.",
                claim(&link.from, holds),
                claim(&link.to, next),
                reason
            ),
            _ => explain!("Then {}: {}.", claim(&link.to, next), reason),
        };
        told.push(sentence);
        holds = next;
    }
    told
}

/// Why the second node holds when the first does not.
fn strong_reason(layout: &Layout, step: &Step, link: &Link) -> Explanation {
    let all: Vec<Candidate> = link.from.iter().chain(&link.to).copied().collect();
    let all_cells = cells_of(&all);
    let set = digits_of(&all);
    if link.kind == LinkKind::Als {
        let als = step
            .figures
            .iter()
            .find(|f| f.role == Role::Als && all.iter().all(|c| f.candidates.contains(c)));
        if let Some(als) = als {
            let als_cells = cells_of(&als.candidates);
            return explain!(
                "the cells {} hold only {}, one digit more than cells, so without {} they hold \
                 all the others",
                cells(&als_cells),
                digits(digits_of(&als.candidates)),
                digits(digits_of(&link.from))
            );
        }
    }
    if let ([cell], None) = (all_cells.as_slice(), set.as_single()) {
        return explain!("{} holds only {}", *cell, digits(set));
    }
    if let Some(d) = set.as_single() {
        if let Some(&house) = layout.common_houses(&all_cells).first() {
            let to = cells_of(&link.to);
            return explain!(
                "{} {} the only other {} for {} in {}",
                cells(&to),
                if to.len() == 1 { "is" } else { "are" },
                if to.len() == 1 { "place" } else { "places" },
                d,
                House(house)
            );
        }
        if let Some(cage) = cage_of(layout, &all_cells) {
            return explain!("they are the only places for {} in {}", d, Cage(cage));
        }
    }
    "one of the two must be true".into()
}

/// The Killer cage holding every one of `cells`, if one does.
fn cage_of(layout: &Layout, cells: &[Cell]) -> Option<usize> {
    let cage = layout.cage_of(*cells.first()?)?;
    cells
        .iter()
        .all(|&c| layout.cage_of(c) == Some(cage))
        .then_some(cage)
}

/// Why the second node fails when the first holds.
fn weak_reason(layout: &Layout, link: &Link) -> Explanation {
    let from = cells_of(&link.from);
    let to = cells_of(&link.to);
    if from == to {
        return "a cell holds only one digit".into();
    }
    let all: Vec<Cell> = from.iter().chain(&to).copied().collect();
    let mut all_sorted = all.clone();
    all_sorted.sort_unstable();
    all_sorted.dedup();
    let share = if to.len() == 1 { "shares" } else { "share" };
    if let Some(&house) = layout.common_houses(&all_sorted).first() {
        return explain!(
            "{} {} {} with {}",
            cells(&to),
            share,
            House(house),
            cells(&from)
        );
    }
    if let Some(cage) = cage_of(layout, &all_sorted) {
        return explain!(
            "{} {} {} with {}",
            cells(&to),
            share,
            Cage(cage),
            cells(&from)
        );
    }
    explain!(
        "every one of {} sees every one of {}",
        cells(&to),
        cells(&from)
    )
}

/// A Shikaku step in plain words: why the clue's rectangle is settled or a candidate goes, and
/// every rectangle it removes, by its corners.
pub fn shikaku_words(step: &ShikakuStep, puzzle: &Shikaku) -> Vec<Explanation> {
    let clue = puzzle.clue_text(step.clue);
    let justified: Vec<Explanation> = step
        .cells
        .iter()
        .map(|&(r, c)| shikaku_cell(r, c))
        .collect();
    let mut told = Vec::new();
    let first = match step.technique {
        ShikakuTechnique::SingleRectangle => explain!(
            "Of the rectangles that could belong to {} (as many cells as its number, with no \
             other clue inside), only one is left.",
            clue.clone()
        ),
        ShikakuTechnique::OnlyClue => explain!(
            "No clue but {} can reach {}, so its rectangle must cover it.",
            clue.clone(),
            listed(justified, " and ")
        ),
        ShikakuTechnique::CommonCells => explain!(
            "Every rectangle left for {} covers {}, so those cells are its, whichever it takes.",
            clue.clone(),
            listed(justified, ", ")
        ),
        ShikakuTechnique::Blocking => explain!(
            "Placing the rectangle below would leave {} without any rectangle to cover it.",
            listed(justified, " and ")
        ),
        ShikakuTechnique::LookAhead => explain!(
            "Trying the rectangle below for {} forces a few more rectangles and then runs into \
             a contradiction; it covers {}.",
            clue.clone(),
            listed(justified, ", ")
        ),
        ShikakuTechnique::Backtracking => explain!(
            "No deduction applies; a search settles the rectangle of {}.",
            clue.clone()
        ),
    };
    told.push(first);
    if let Some(rect) = step.placed {
        told.push(explain!("So {} takes {}.", clue.clone(), rect_words(rect)));
    }
    let mut by_clue: Vec<(usize, Vec<Rect>)> = Vec::new();
    for removed in &step.removed {
        match by_clue.iter_mut().find(|(c, _)| *c == removed.clue) {
            Some((_, rects)) => rects.push(removed.rect),
            None => by_clue.push((removed.clue, vec![removed.rect])),
        }
    }
    for (owner, rects) in by_clue {
        let each: Vec<Explanation> = rects.iter().map(|&r| rect_words(r)).collect();
        let what = if rects.len() == 1 {
            "rectangle"
        } else {
            "rectangles"
        };
        told.push(explain!(
            "{} loses the {} {}.",
            puzzle.clue_text(owner),
            what,
            listed(each, " and ")
        ));
    }
    told
}

/// A rectangle by its corners: `from r1c2 to r2c4`, or the one cell `r3c3`.
fn rect_words(rect: Rect) -> Explanation {
    let (bottom, right) = (rect.bottom() - 1, rect.right() - 1);
    match rect.area() {
        1 => shikaku_cell(rect.top, rect.left),
        _ => explain!(
            "from {} to {}",
            shikaku_cell(rect.top, rect.left),
            shikaku_cell(bottom, right)
        ),
    }
}
