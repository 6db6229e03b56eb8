//! Forcing chains and nets, Nishio and templates: the last logical resorts before backtracking.
//!
//! All of them assume something, follow its consequences with one routine
//! ([`propagate::Propagator`]) and conclude:
//! - **contradiction**: an assumption that leads to a contradiction is false — a candidate assumed
//!   placed is eliminated, a candidate assumed eliminated is placed;
//! - **cell verity**: what follows from every candidate of a cell is true;
//! - **region verity**: what follows from every place of a digit in a house (row, column or
//!   region) is true.
//!
//! A *chain* follows singles that each rest on one earlier consequence (bivalue cells and bilocal
//! digits), so every consequence ends one line of implications; the contradiction or common
//! conclusion may join several lines. A *net* uses every naked and hidden single; a *net plus*
//! intersections too (Sudoku Explainer's "dynamic +"). A *nested net*, when a branch has no
//! single left, eliminates a candidate whose placement leads by a net (from the branch's facts)
//! to a contradiction, keeps that refutation with the elimination, and goes on. *Nishio*
//! follows one digit only: a placement removes it from the peers and a house with one place left
//! for it fills that place, until some house has no place left.
//!
//! *Templates* ([`templates`]) go all the way for one digit: they list every placement of it
//! once per row, column and region.
//!
//! What each placement leads to is followed once per state, for chains and for nets, and kept
//! for the contradiction, cell and region searches the engine tries one after another.
//!
//! Chains and Nishio report their steps simplest first (resting on the fewest implications), so
//! the engine explains with the shortest; nets report theirs as found, since a full search of
//! nets costs most and their explanations only count implications.
//!
//! Costs are bounded by [`Limits::forcing_chain_length`], [`Limits::net_implications`],
//! [`Limits::refutation_tries`] and [`Limits::template_nodes`]; a bound only makes a search
//! conclude less, never something false.

mod explain;
mod propagate;
mod templates;

pub use templates::templates;

use crate::core::net::Net;
use crate::core::step::{Figure, Role};
use crate::core::{Forcing, Limits, State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Digit, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::{Shared, StateKey, shared};
use propagate::{Branch, Conflict, Fact, FactSet, Propagator, Scope, fewest_candidates_first};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// How far a forcing technique follows an assumption.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Chains: singles that rest on one earlier consequence.
    Chain,
    /// Nets: every naked and hidden single.
    Net,
    /// Nets with intersections: every single, and a digit locked in a house's intersection
    /// with another leaves the rest of the other.
    NetPlus,
    /// Nested nets: every single, and when none is left, the refutation of a candidate whose
    /// placement leads, by a net, to a contradiction.
    Nested,
}

impl Reach {
    /// The propagation scope of this reach under `limits`.
    fn scope(self, limits: &Limits) -> Scope {
        match self {
            Reach::Chain => {
                Scope::Chain(u32::try_from(limits.forcing_chain_length).unwrap_or(u32::MAX))
            }
            Reach::Net => Scope::Net,
            Reach::NetPlus => Scope::NetPlus,
            Reach::Nested => {
                Scope::Nested(u32::try_from(limits.refutation_tries).unwrap_or(u32::MAX))
            }
        }
    }

    /// The forcing technique of `kind` with this reach.
    fn technique(self, kind: Forcing) -> Technique {
        match self {
            Reach::Chain => Technique::ForcingChain(kind),
            Reach::Net => Technique::ForcingNet(kind),
            Reach::NetPlus => Technique::ForcingNetPlus(kind),
            Reach::Nested => Technique::NestedNet(kind),
        }
    }

    /// The reach of a forcing chain or net technique (`None` for other techniques, whose
    /// searches keep nothing of [`release`]'s).
    pub fn of(technique: Technique) -> Option<Reach> {
        match technique {
            Technique::ForcingChain(_) => Some(Reach::Chain),
            Technique::ForcingNet(_) => Some(Reach::Net),
            Technique::ForcingNetPlus(_) => Some(Reach::NetPlus),
            Technique::NestedNet(_) => Some(Reach::Nested),
            _ => None,
        }
    }
}

/// Which assumptions a search starts from and what it concludes: every assumption and the
/// conclusion each finds, or (to restate another solver's step) only assumptions on given
/// candidates, concluding a given fact where they lead to it.
#[derive(Clone, Copy, Default)]
struct Premises<'p> {
    within: Option<&'p [Candidate]>,
    conclusion: Option<Fact>,
}

impl Premises<'_> {
    /// Whether a search may start from assumptions on every one of `candidates`.
    fn admit(self, candidates: impl IntoIterator<Item = Candidate>) -> bool {
        let within = |c| self.within.is_none_or(|within| within.contains(&c));
        candidates.into_iter().all(within)
    }
}

/// Forcing chains, nets or nested nets of `kind`.
pub fn find(state: &State, kind: Forcing, reach: Reach, sink: &mut Sink) {
    search(state, kind, reach, Premises::default(), sink);
}

/// Forcing chains, nets or nested nets of `kind` from `premises`.
fn search(state: &State, kind: Forcing, reach: Reach, premises: Premises, sink: &mut Sink) {
    match kind {
        Forcing::Contradiction => contradiction(state, reach, premises, sink),
        Forcing::Cell => cell(state, reach, premises, sink),
        Forcing::Region => region(state, reach, premises, sink),
    }
}

/// The kind of a forcing chain, net or nested net; `None` for any other technique. These are the
/// steps [`restate`] states again.
pub fn forcing_kind(technique: Technique) -> Option<Forcing> {
    match technique {
        Technique::ForcingChain(kind)
        | Technique::ForcingNet(kind)
        | Technique::ForcingNetPlus(kind)
        | Technique::NestedNet(kind) => Some(kind),
        _ => None,
    }
}

/// gridlogic's own statement of another solver's forcing chain or net `step` (HoDoKu's, whose
/// implication tables tell which nodes lead where but not why): the simplest forcing chain or
/// net with the same placements and eliminations, every implication with its reason. It starts
/// from the same premise (a cell or a house's places within the step's pattern) or, failing
/// that, from the opposite of the conclusion (a contradiction); `None` when `step` is no forcing
/// step or neither proves it.
pub fn restate(state: &State, step: &Step) -> Option<Step> {
    let kind = forcing_kind(step.technique)?;
    let placed = step.placements.iter().map(|&c| Fact::placed(c));
    let eliminated = step.eliminations.iter().map(|&c| Fact::eliminated(c));
    let facts: Vec<Fact> = placed.chain(eliminated).collect();
    let concluded: Vec<Candidate> = facts.iter().map(|f| f.candidate).collect();
    let conclusion = match facts[..] {
        [fact] => Some(fact),
        _ => None,
    };
    let from_pattern = Premises {
        within: Some(&step.pattern),
        conclusion,
    };
    let from_opposite = Premises {
        within: Some(&concluded),
        conclusion,
    };
    let searches = match kind {
        Forcing::Contradiction => vec![(kind, from_opposite)],
        Forcing::Cell | Forcing::Region => {
            vec![
                (kind, from_pattern),
                (Forcing::Contradiction, from_opposite),
            ]
        }
    };
    let same = |found: &Step| {
        found.placements == step.placements && found.eliminations == step.eliminations
    };
    let reaches = [Reach::Chain, Reach::Net, Reach::NetPlus, Reach::Nested];
    searches.into_iter().find_map(|(kind, premises)| {
        reaches.into_iter().find_map(|reach| {
            let mut restated = None;
            search(state, kind, reach, premises, &mut |found| {
                let keep = same(&found);
                if keep {
                    restated = Some(found);
                }
                !keep
            });
            restated
        })
    })
}

/// Nishio: a candidate whose placement, followed for its digit alone, leaves some house without
/// a place for that digit (or two placements of it in one house) is eliminated.
pub fn nishio(state: &State, sink: &mut Sink) {
    let cap = state.limits().net_implications;
    let mut found = Delivery::new(sink, true);
    let mut propagator = Propagator::new(state, Scope::Digit(Digit::new(1)), cap);
    for digit in (1..=state.size()).map(Digit::new) {
        propagator.set_digit(digit);
        for cell in state.layout().cells() {
            if state.out_of_time() {
                return;
            }
            if !state.candidates(cell).contains(digit) {
                continue;
            }
            let assumption = Fact::placed(Candidate::new(cell, digit));
            let branch = propagator.run_explaining_breaks(&[assumption]);
            if branch.contradiction.is_none() {
                continue;
            }
            if !found.offer(contradiction_step(
                state,
                Technique::Nishio,
                assumption,
                &branch,
            )) {
                return;
            }
        }
    }
    found.finish();
}

/// Forcing chain or net contradiction: each candidate is assumed placed, then eliminated (the
/// cells with the fewest candidates first, whose branches reach furthest); an assumption that
/// leads to a contradiction is false.
fn contradiction(state: &State, reach: Reach, premises: Premises, sink: &mut Sink) {
    let technique = reach.technique(Forcing::Contradiction);
    let mut implications = Implications::new(state, reach);
    let mut found = Delivery::new(sink, reach == Reach::Chain);
    for cell in fewest_candidates_first(state.layout(), state.all_candidates()) {
        if state.out_of_time() {
            return;
        }
        for digit in state.candidates(cell).iter() {
            let candidate = Candidate::new(cell, digit);
            if !premises.admit([candidate]) {
                continue;
            }
            for assumption in [Fact::placed(candidate), Fact::eliminated(candidate)] {
                if let Some(branch) = implications.broken(assumption) {
                    if !found.offer(contradiction_step(state, technique, assumption, &branch)) {
                        return;
                    }
                    break;
                }
            }
        }
    }
    found.finish();
}

/// Cell forcing chains or nets: a placement or elimination that follows from every candidate of
/// a cell holds.
fn cell(state: &State, reach: Reach, premises: Premises, sink: &mut Sink) {
    let technique = reach.technique(Forcing::Cell);
    let mut implications = Implications::new(state, reach);
    let mut found = Delivery::new(sink, reach == Reach::Chain);
    for cell in state.layout().cells() {
        let options = state.candidates(cell);
        if options.len() < 2 || !premises.admit(options.iter().map(|d| Candidate::new(cell, d))) {
            continue;
        }
        if state.out_of_time() {
            return;
        }
        let assumptions: Vec<Fact> = options
            .iter()
            .map(|d| Fact::placed(Candidate::new(cell, d)))
            .collect();
        if let Some(conclusion) = implications.common(&assumptions, premises.conclusion) {
            let from = explain!("every candidate of {}", cell);
            let branches = implications.branches(&assumptions);
            let (mut step, weight) = verity_step(state, technique, from, &branches, conclusion);
            step.pattern = assumptions.iter().map(|a| a.candidate).collect();
            step.figures = assumed(&assumptions);
            if !found.offer((step, weight)) {
                return;
            }
        }
    }
    found.finish();
}

/// Region forcing chains or nets: a placement or elimination that follows from every place of a
/// digit in a house (row, column or region) holds.
fn region(state: &State, reach: Reach, premises: Premises, sink: &mut Sink) {
    let technique = reach.technique(Forcing::Region);
    let mut implications = Implications::new(state, reach);
    let mut found = Delivery::new(sink, reach == Reach::Chain);
    for (id, house) in state.layout().houses().iter().enumerate() {
        for digit in state.missing(id).iter() {
            let places = state.places(house, digit);
            let on = |&cell: &_| Candidate::new(cell, digit);
            if places.len() < 2 || !premises.admit(places.iter().map(on)) {
                continue;
            }
            if state.out_of_time() {
                return;
            }
            let assumptions: Vec<Fact> = places
                .iter()
                .map(|&c| Fact::placed(Candidate::new(c, digit)))
                .collect();
            if let Some(conclusion) = implications.common(&assumptions, premises.conclusion) {
                let from = explain!("every place of {} in {}", digit, House(id));
                let branches = implications.branches(&assumptions);
                let (mut step, weight) = verity_step(state, technique, from, &branches, conclusion);
                step.pattern = assumptions.iter().map(|a| a.candidate).collect();
                step.figures = assumed(&assumptions);
                step.base.push(id);
                if !found.offer((step, weight)) {
                    return;
                }
            }
        }
    }
    found.finish();
}

/// Where a finder's steps go: gathered and passed on simplest first, those resting on the fewest
/// implications (chains and Nishio, whose explanations show every line), or straight on as found
/// (nets, whose explanations only count their implications, and whose searches cost most).
struct Delivery<'s, 'a> {
    sink: &'s mut Sink<'a>,
    gathered: Option<Vec<(Step, usize)>>,
}

impl<'s, 'a> Delivery<'s, 'a> {
    fn new(sink: &'s mut Sink<'a>, simplest_first: bool) -> Delivery<'s, 'a> {
        Delivery {
            sink,
            gathered: simplest_first.then(Vec::new),
        }
    }

    /// Takes a step and its weight; `false` when the sink wants no more.
    fn offer(&mut self, (step, weight): (Step, usize)) -> bool {
        match &mut self.gathered {
            Some(gathered) => {
                gathered.push((step, weight));
                true
            }
            None => (self.sink)(step),
        }
    }

    /// Passes on the gathered steps, lightest first (in the order found among equals), until the
    /// sink wants no more.
    fn finish(self) {
        let Some(mut gathered) = self.gathered else {
            return;
        };
        gathered.sort_by_key(|(_, weight)| *weight);
        for (step, _) in gathered {
            if !(self.sink)(step) {
                return;
            }
        }
    }
}

/// What each placement leads to (its facts, or `None` when it breaks), by chains or by nets.
type Known = RefCell<HashMap<Candidate, Option<Rc<FactSet>>>>;

thread_local! {
    /// What placements lead to in the state the forcing techniques were last tried on, and
    /// with which scope and limits: contradiction, cell and region searches on the same
    /// candidates share every branch.
    static KNOWN: Shared<(StateKey, Reach, Limits), Known> = const { RefCell::new(None) };
}

/// Lets go of what this thread keeps of the placements' branches (see [`Implications`]).
pub(crate) fn release() {
    KNOWN.with_borrow_mut(|known| *known = None);
}

/// What each placement leads to, found once per state (for chains and for nets) and shared by
/// the forcing techniques tried on it one after another.
struct Implications<'a> {
    propagator: Propagator<'a>,
    known: Rc<Known>,
}

impl<'a> Implications<'a> {
    fn new(state: &'a State, reach: Reach) -> Implications<'a> {
        let limits = *state.limits();
        let key = (StateKey::of(state), reach, limits);
        Implications {
            propagator: Propagator::new(state, reach.scope(&limits), limits.net_implications),
            known: shared(&KNOWN, key, Known::default),
        }
    }

    /// The facts that placing `candidate` leads to, or `None` if it breaks.
    fn of(&mut self, candidate: Candidate) -> Option<Rc<FactSet>> {
        if let Some(known) = self.known.borrow().get(&candidate) {
            return known.clone();
        }
        let branch = self.propagator.run_quickly(&[Fact::placed(candidate)]);
        let facts = self.remember(candidate, &branch);
        self.propagator.recycle(branch);
        facts
    }

    /// Keeps what the placement of `candidate` led to (`branch`), and returns it.
    fn remember(&mut self, candidate: Candidate, branch: &Branch) -> Option<Rc<FactSet>> {
        let layout = self.propagator.layout();
        let facts = branch
            .contradiction
            .is_none()
            .then(|| Rc::new(FactSet::of(branch, layout)));
        self.known.borrow_mut().insert(candidate, facts.clone());
        facts
    }

    /// The branch of `assumption` when it leads to a contradiction (a placement known not to
    /// is not followed again).
    fn broken(&mut self, assumption: Fact) -> Option<Branch> {
        let candidate = assumption.candidate;
        if assumption.holds && matches!(self.known.borrow().get(&candidate), Some(Some(_))) {
            return None;
        }
        let branch = self.propagator.run_explaining_breaks(&[assumption]);
        if assumption.holds {
            self.remember(candidate, &branch);
        }
        if branch.contradiction.is_some() {
            return Some(branch);
        }
        self.propagator.recycle(branch);
        None
    }

    /// A fact that every one of `assumptions` (placements, one of which must hold) leads to — a
    /// placement if there is one, `wanted` when it is given — or `None` when they share
    /// nothing (or not `wanted`) or one of them breaks (which is a contradiction step's
    /// business).
    fn common(&mut self, assumptions: &[Fact], wanted: Option<Fact>) -> Option<Fact> {
        let (first, rest) = assumptions.split_first()?;
        let mut common = FactSet::clone(&*self.of(first.candidate)?);
        for assumption in rest {
            let facts = self.of(assumption.candidate)?;
            if !common.retain_common(&facts) {
                return None;
            }
        }
        match wanted {
            Some(wanted) => common.contains(wanted).then_some(wanted),
            None => common.first_placement_or_fact(),
        }
    }

    /// The branches of `assumptions`, with their implications, for an explanation.
    fn branches(&mut self, assumptions: &[Fact]) -> Vec<Branch> {
        assumptions
            .iter()
            .map(|&a| self.propagator.run(&[a]))
            .collect()
    }
}

/// The step of an assumption that broke: it concludes the opposite of the assumption. With it,
/// the number of implications it rests on.
fn contradiction_step(
    state: &State,
    technique: Technique,
    assumption: Fact,
    branch: &Branch,
) -> (Step, usize) {
    let mut step = Step::new(technique);
    let candidate = assumption.candidate;
    let conclusion = Fact {
        candidate,
        holds: !assumption.holds,
    };
    conclude(&mut step, conclusion);
    let (conflict, premises) = branch.contradiction.as_ref().expect("a branch that broke");
    let full = explain::full(state.layout(), branch, None);
    // A collision's two cells: the candidate's and the placement's that took it.
    let mut broken: Vec<Candidate> = premises
        .iter()
        .map(|&i| branch.nodes[i as usize].fact.candidate)
        .chain(match *conflict {
            Conflict::Both(both) => Some(both),
            _ => None,
        })
        .chain(full.colliding())
        .collect();
    broken.sort_unstable();
    broken.dedup();
    step.pattern.push(candidate);
    step.pattern
        .extend(broken.iter().filter(|&&c| c != candidate).copied());
    step.figures = vec![
        Figure::new(Role::Assumption, [candidate]),
        Figure::new(Role::Contradiction, broken),
    ];
    if let Conflict::NoPlace(house, _) = conflict {
        step.cover.push(*house);
    }
    let title = match technique {
        Technique::Nishio => explain!("Nishio on {}", candidate.digit),
        _ => technique.sentence().into(),
    };
    // What the contradiction rests on, the assumption included.
    let weight = full.implications.len();
    step.net = Some(Net {
        branches: vec![full],
    });
    let reasons = if technique == Technique::ForcingChain(Forcing::Contradiction) {
        explain::chains(branch, premises)
    } else {
        explain::net(branch, premises, None)
    };
    step.explanation = explain!(
        "{}: {} ⇒ {} ⇒ {}",
        title,
        reasons,
        explain::conflict(state, branch, *conflict, premises),
        explain::conclusion(conclusion)
    );
    (step, weight)
}

/// The step of a conclusion every branch reaches. With it, the number of implications it rests
/// on.
fn verity_step(
    state: &State,
    technique: Technique,
    from: Explanation,
    branches: &[Branch],
    conclusion: Fact,
) -> (Step, usize) {
    let mut step = Step::new(technique);
    conclude(&mut step, conclusion);
    let net = Reach::of(technique) != Some(Reach::Chain);
    let ends: Vec<u32> = branches
        .iter()
        .map(|b| b.find(conclusion).expect("a common fact"))
        .collect();
    let lines = branches.iter().zip(&ends).map(|(branch, &end)| {
        if net {
            let used = explain::net(branch, &[end], Some(end));
            explain!("{} ⇒ {}", used, explain::fact(conclusion))
        } else {
            explain::chains(branch, &[end])
        }
    });
    step.explanation = explain!(
        "{}: {} ⇒ {}: {}",
        technique.sentence(),
        from,
        explain::conclusion(conclusion),
        Explanation::join(lines, "; ")
    );
    let full: Vec<_> = branches
        .iter()
        .zip(&ends)
        .map(|(b, &end)| explain::full(state.layout(), b, Some(end)))
        .collect();
    // What the conclusion rests on in every branch, the assumptions included.
    let weight = full.iter().map(|b| b.implications.len()).sum();
    step.net = Some(Net { branches: full });
    (step, weight)
}

/// An assumption figure per branch: each of `assumptions`' candidates.
fn assumed(assumptions: &[Fact]) -> Vec<Figure> {
    assumptions
        .iter()
        .map(|a| Figure::new(Role::Assumption, [a.candidate]))
        .collect()
}

/// Puts `conclusion` into the step as a placement or an elimination.
fn conclude(step: &mut Step, conclusion: Fact) {
    if conclusion.holds {
        step.placements.push(conclusion.candidate);
    } else {
        step.eliminations.push(conclusion.candidate);
    }
}

#[cfg(test)]
mod tests {
    use super::Reach;
    use super::propagate::{Fact, FactSet, Propagator, Scope};
    use crate::core::Forcing;
    use crate::model::{Candidate, Digit};
    use crate::techniques::find_all;
    use crate::techniques::testing::top1465_first;

    #[test]
    fn verity_steps_are_the_same_with_the_branches_of_a_contradiction_search_kept() {
        let state = top1465_first();
        for reach in [Reach::Chain, Reach::Net] {
            let technique = |kind| reach.technique(kind);
            for kind in [Forcing::Cell, Forcing::Region] {
                super::release();
                let fresh = find_all(technique(kind), &state);
                assert!(!fresh.is_empty(), "{kind:?}, {reach:?}");
                super::release();
                find_all(technique(Forcing::Contradiction), &state);
                let kept = super::KNOWN.with_borrow(|k| k.as_ref().map(|(_, v)| v.borrow().len()));
                assert!(kept.is_some_and(|n| n > 0), "branches kept");
                assert_eq!(
                    find_all(technique(kind), &state),
                    fresh,
                    "{kind:?}, {reach:?}"
                );
            }
        }
    }

    #[test]
    fn a_branch_leaves_the_propagator_as_it_found_it() {
        // Every branch, run again after all the others, reaches exactly the same facts.
        // A top1465 puzzle that basic techniques leave stuck, at its start.
        let state = top1465_first();
        for scope in [
            Scope::Chain(20),
            Scope::Net,
            Scope::NetPlus,
            Scope::Nested(2000),
            Scope::Digit(Digit::new(4)),
        ] {
            let mut propagator = Propagator::new(&state, scope, 1000);
            let assumptions: Vec<Fact> = state
                .layout()
                .cells()
                .flat_map(|c| {
                    state
                        .candidates(c)
                        .iter()
                        .map(move |d| Candidate::new(c, d))
                })
                .flat_map(|c| [Fact::placed(c), Fact::eliminated(c)])
                .collect();
            let first: Vec<_> = assumptions.iter().map(|&a| propagator.run(&[a])).collect();
            for (a, branch) in assumptions.iter().zip(&first) {
                let again = propagator.run(&[*a]);
                let layout = state.layout();
                assert_eq!(FactSet::of(&again, layout), FactSet::of(branch, layout));
                assert_eq!(again.contradiction, branch.contradiction);
            }
        }
    }
}
