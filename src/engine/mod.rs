//! The logical engine: starting from the givens, it repeatedly asks the allowed techniques, simplest
//! first, for a step that makes progress, applies it and records it. When no technique applies it
//! settles one cell by search, says so in a `Backtracking` step, and goes back to logic.

use crate::core::{Family, Level, Limits, Outcome, State, Step, Technique};
use crate::error::Error;
use crate::explain;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation, Grid, MAX_SIZE, Marks, Puzzle};
use crate::search::{self, Deadline, TimeLimit};
use crate::techniques;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the engine may do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The techniques allowed, in the order they are tried.
    pub techniques: Vec<Technique>,
    /// The caps on the techniques' searches.
    pub limits: Limits,
    /// Stop when stuck instead of backtracking.
    pub no_guess: bool,
    /// Seed for choosing among several solutions when backtracking on a puzzle that is not unique.
    pub seed: u64,
    /// How long a solve may take (the count of solutions first, then the steps): when it runs out,
    /// the solve ends [`Outcome::Undecided`]. `None`: no limit.
    pub time_limit: Option<Duration>,
}

impl Options {
    /// Every technique within the default caps of [`Limits::for_size`], backtracking allowed,
    /// seed 0.
    pub fn all(size: usize) -> Options {
        Options::limited(size, Limits::for_size(size))
    }

    /// Every technique within `limits` (see [`techniques::ordered`]) for a grid of `size`,
    /// backtracking allowed, seed 0.
    pub fn limited(size: usize, limits: Limits) -> Options {
        Options {
            techniques: techniques::ordered(size, &limits),
            limits,
            no_guess: false,
            seed: 0,
            time_limit: None,
        }
    }

    /// Keeps only the techniques that `names` stand for on a grid of `size` (see
    /// [`Options::named`]), in the engine's order.
    pub fn keep_named(&mut self, names: &[String], size: usize) -> Result<(), Error> {
        let chosen = self.named(names, size)?;
        self.techniques = techniques::every(size, &self.limits)
            .into_iter()
            .filter(|t| chosen.contains(t))
            .collect();
        Ok(())
    }

    /// The techniques `names` stand for (technique names, short names, HoDoKu codes or
    /// families; see [`Technique::parse`]): for each name, those among the allowed ones, or else
    /// those beyond the caps a user may ask for on a grid of `size` ([`techniques::every`]:
    /// larger subsets and fish, mutant and siamese fish). An unknown name is a usage error that
    /// lists the known ones.
    pub fn named(&self, names: &[impl AsRef<str>], size: usize) -> Result<Vec<Technique>, Error> {
        let every = techniques::every(size, &self.limits);
        let mut chosen = Vec::new();
        for name in names.iter().map(AsRef::as_ref) {
            let found = Technique::parse(name, &self.techniques)
                .or_else(|| Technique::parse(name, &every))
                .ok_or_else(|| self.unknown(name, size, &every))?;
            chosen.extend(found);
        }
        Ok(chosen)
    }

    /// Why `name` stands for none of `every`, the techniques of a grid of `size`: when it names
    /// techniques of other sizes (X-Wing on a 1x1), the sizes gridlogic looks for them on; else
    /// the names there are.
    fn unknown(&self, name: &str, size: usize, every: &[Technique]) -> Error {
        let occurs = |n: &usize| Technique::parse(name, &techniques::every(*n, &self.limits));
        let sizes: Vec<usize> = (1..=MAX_SIZE).filter(|n| occurs(n).is_some()).collect();
        if let (Some(&first), Some(&last)) = (sizes.first(), sizes.last()) {
            let range = match last {
                MAX_SIZE => format!("from {first}x{first} up"),
                _ => format!("from {first}x{first} to {last}x{last}"),
            };
            return Error::Usage(format!(
                "'{name}' cannot occur on a {size}x{size} grid: gridlogic looks for it on grids \
                 {range}"
            ));
        }
        let known: Vec<String> = every.iter().map(|t| t.name()).collect();
        let families: Vec<&str> = Family::ALL.iter().map(|f| f.key()).collect();
        Error::Usage(format!(
            "unknown technique '{name}'; known: {}, or a family: {}",
            known.join(", "),
            families[..families.len() - 1].join(", ")
        ))
    }

    /// Keeps only the techniques of `level` and easier.
    pub fn keep_up_to(&mut self, level: Level) {
        self.techniques.retain(|t| t.level() <= level);
    }
}

/// What the engine may do, as a person says it (the command line's options, the Python
/// package's keywords), for a grid of any size: [`Settings::options`] makes the engine's options
/// for a size, `shikaku::Options::of` Shikaku's.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Allowed techniques or families by name, short name or HoDoKu code; all when empty.
    pub techniques: Vec<String>,
    /// The hardest level of technique allowed.
    pub max_level: Option<Level>,
    /// The largest subset and fish.
    pub subset_size: usize,
    /// Caps on combinatorial searches, `NAME=VALUE` (see [`Limits::apply`]).
    pub limits: Vec<String>,
    /// Stop when stuck instead of backtracking.
    pub no_guess: bool,
    /// Seed for the choice among several solutions.
    pub seed: u64,
    /// How long a solve may take.
    pub time_limit: TimeLimit,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            techniques: Vec::new(),
            max_level: None,
            subset_size: crate::core::limits::DEFAULT_SUBSET_SIZE,
            limits: Vec::new(),
            no_guess: false,
            seed: 0,
            time_limit: TimeLimit::default(),
        }
    }
}

impl Settings {
    /// Whether these are the settings of a plain solve: every technique within its default
    /// caps, guessing allowed, no time limit asked for (the seed only picks among several
    /// solutions). Only such a solve may follow another solver's path, HoDoKu's where it
    /// rates the puzzle; a person who limits the techniques asks for gridlogic's own choices.
    pub fn are_plain(&self) -> bool {
        self.techniques.is_empty()
            && self.max_level.is_none()
            && self.subset_size == crate::core::limits::DEFAULT_SUBSET_SIZE
            && self.limits.is_empty()
            && !self.no_guess
            && self.time_limit == TimeLimit::BySize
    }

    /// The Sudoku engine's options for a grid of `size`; an unknown technique or cap is a usage
    /// error.
    pub fn options(&self, size: usize) -> Result<Options, Error> {
        let mut limits = Limits {
            subset_size: self.subset_size,
            ..Limits::for_size(size)
        };
        for setting in &self.limits {
            limits.apply(setting).map_err(Error::Usage)?;
        }
        let mut options = Options::limited(size, limits);
        if !self.techniques.is_empty() {
            options.keep_named(&self.techniques, size)?;
        }
        if let Some(max) = self.max_level {
            options.keep_up_to(max);
        }
        options.no_guess = self.no_guess;
        options.seed = self.seed;
        options.time_limit = self.time_limit.for_size(size);
        Ok(options)
    }
}

/// The options of [`Settings`] for each grid size met, worked out once a size: a batch asks for
/// them puzzle by puzzle, and ordering the techniques costs more than solving an easy 9x9.
pub struct OptionsBySize<'a> {
    settings: &'a Settings,
    known: Mutex<Vec<(usize, Arc<Options>)>>,
}

impl<'a> OptionsBySize<'a> {
    /// None worked out yet.
    pub fn new(settings: &'a Settings) -> OptionsBySize<'a> {
        OptionsBySize {
            settings,
            known: Mutex::new(Vec::new()),
        }
    }

    /// The settings the options are made from.
    pub fn settings(&self) -> &Settings {
        self.settings
    }

    /// The options for a grid of `size`, as [`Settings::options`] gives them.
    pub fn get(&self, size: usize) -> Result<Arc<Options>, Error> {
        let known = || self.known.lock().expect("an intact cache");
        if let Some((_, options)) = known().iter().find(|(s, _)| *s == size) {
            return Ok(options.clone());
        }
        let options = Arc::new(self.settings.options(size)?);
        known().push((size, options.clone()));
        Ok(options)
    }
}

/// The result of a logical solve.
#[derive(Debug, Clone)]
pub struct Solve {
    /// The puzzle solved.
    pub puzzle: Puzzle,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The final state (the candidate grid when stuck).
    pub state: State,
    /// How it ended.
    pub outcome: Outcome,
    /// The puzzle's solution when it has exactly one (found by search before solving).
    pub solution: Option<Grid>,
    /// How many solutions the search found before solving: 0, 1, or 2 for two or more.
    pub solutions: usize,
    /// Whether that search finished counting (false when the time limit stopped it).
    pub counted: bool,
}

impl Solve {
    /// The first step (with its index) that contradicts the unique solution: a placement of
    /// another digit or an elimination of the solution's digit. `None` when every step is sound
    /// or the puzzle is not unique.
    pub fn first_unsound_step(&self) -> Option<(usize, &Step)> {
        let solution = self.solution.as_ref()?;
        self.steps
            .iter()
            .enumerate()
            .find(|(_, step)| !step.is_sound(solution))
    }
}

/// Solves `puzzle` by logic, backtracking only when no allowed technique applies.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Solve {
    solve_while(puzzle, options, |_| true).expect("a solve that never gives up ends")
}

/// Like [`solve`], but gives up and returns `None` as soon as `keep_going`, asked after every
/// step with the steps so far, says no (a generator stops rating a puzzle that is already too
/// hard this way).
pub fn solve_while(
    puzzle: &Puzzle,
    options: &Options,
    keep_going: impl Fn(&[Step]) -> bool,
) -> Option<Solve> {
    let deadline = options.time_limit.map_or(Deadline::NEVER, Deadline::after);
    let count = search::count_solutions_until(puzzle, 2, deadline);
    let several = count.complete && count.solutions != 1;
    let techniques = worth_trying(&options.techniques, several);
    let solution = count
        .first
        .filter(|_| count.solutions == 1 && count.complete);
    let unique = solution.is_some();
    let state = State::from_puzzle(puzzle)
        .assuming_unique(unique)
        .with_limits(options.limits)
        .with_deadline(deadline);
    // A step per empty cell that it fills, and some that only eliminate: room for them all at
    // once, rather than copying the steps as the list grows.
    let steps = Vec::with_capacity(state.empty_cells() * 3 / 2);
    let (state, steps, outcome) = go_on(state, steps, &techniques, options, keep_going)?;
    Some(Solve {
        puzzle: puzzle.clone(),
        steps,
        state,
        outcome,
        solution,
        solutions: count.solutions,
        counted: count.complete,
    })
}

/// The state a solve of `puzzle`, which has one solution, starts from with `options` (its
/// time limit starts now).
pub fn unique_start(puzzle: &Puzzle, options: &Options) -> State {
    let deadline = options.time_limit.map_or(Deadline::NEVER, Deadline::after);
    State::from_puzzle(puzzle)
        .assuming_unique(true)
        .with_limits(options.limits)
        .with_deadline(deadline)
}

/// The solve of `puzzle`, whose one solution is `solution`, that took the steps `taken` first
/// (another solver's, sound and in order) from [`unique_start`] to `state`, and goes on from
/// there with `options` as [`solve`] would: the default solve follows HoDoKu's path up to where
/// HoDoKu would guess, and gridlogic's techniques take it on from there.
pub fn solve_after(
    puzzle: &Puzzle,
    solution: Grid,
    state: State,
    taken: Vec<Step>,
    options: &Options,
) -> Solve {
    let (state, steps, outcome) = go_on(state, taken, &options.techniques, options, |_| true)
        .expect("a solve that never gives up ends");
    Solve {
        puzzle: puzzle.clone(),
        steps,
        state,
        outcome,
        solution: Some(solution),
        solutions: 1,
        counted: true,
    }
}

/// Takes steps from `state` (which `steps` led to) with `techniques` until the solve ends, and
/// says how it ended; `None` as soon as `keep_going`, asked after every step with the steps so
/// far, says no.
fn go_on(
    mut state: State,
    mut steps: Vec<Step>,
    techniques: &[Technique],
    options: &Options,
    keep_going: impl Fn(&[Step]) -> bool,
) -> Option<(State, Vec<Step>, Outcome)> {
    let undecided = Outcome::Undecided {
        seconds: options.time_limit.unwrap_or_default().as_secs_f64(),
    };
    let mut rng = StdRng::seed_from_u64(options.seed);
    let outcome = loop {
        let step = match step_or_end(&state, techniques, options.no_guess, &mut rng) {
            Ok(step) => step,
            Err(End::Outcome(outcome)) => break outcome,
            Err(End::OutOfTime) => break undecided,
        };
        state.apply(&step);
        steps.push(step);
        if !keep_going(&steps) {
            return None;
        }
    };
    Some((state, steps, outcome))
}

/// The techniques of `order` worth trying on a puzzle: all of them, except nested forcing nets
/// on a puzzle the search showed not to have exactly one solution (`several`). Their
/// refutations rarely break a branch of such a grid, so before nearly every guess they would
/// search to their caps in vain (a 9x9 with 3 givens took 12 s instead of 0.5 s).
fn worth_trying(order: &[Technique], several: bool) -> Vec<Technique> {
    order
        .iter()
        .copied()
        .filter(|t| !(several && matches!(t, Technique::NestedNet(_))))
        .collect()
}

/// Why a solve takes no further step.
enum End {
    /// It came to this outcome.
    Outcome(Outcome),
    /// The state's deadline passed.
    OutOfTime,
}

/// The step a solve takes from `state` with `techniques` (the first that makes progress, else a
/// backtracking step picked with `rng` unless `no_guess`), or why it ends there: solved, no
/// solution, stuck, or out of time (the state's deadline).
fn step_or_end(
    state: &State,
    techniques: &[Technique],
    no_guess: bool,
    rng: &mut StdRng,
) -> Result<Step, End> {
    let deadline = state.deadline();
    if let Some(reason) = state.contradiction() {
        return Err(End::Outcome(Outcome::NoSolution { reason }));
    }
    if state.is_solved() {
        return Err(End::Outcome(Outcome::Solved));
    }
    if deadline.passed() {
        return Err(End::OutOfTime);
    }
    match next_step(state, techniques) {
        Some(step) => Ok(step),
        // The searches gave up rather than found nothing.
        None if deadline.passed() => Err(End::OutOfTime),
        None if no_guess => Err(End::Outcome(Outcome::Stuck)),
        None => {
            backtrack(state, state.assumes_unique(), rng, deadline).map_err(|halt| match halt {
                Halt::NoSolution(reason) => End::Outcome(Outcome::NoSolution { reason }),
                Halt::OutOfTime => End::OutOfTime,
            })
        }
    }
}

/// The state after the first `steps` steps that a solve with `options` takes from `state`, the
/// steps it took (fewer when the solve ends sooner: solved, stuck, no solution). The steps are
/// those of [`solve`] when `state` is its starting state (its values and candidates, whether it
/// is assumed unique by a complete count, its limits): `gridlogic explain --at-step`.
pub fn state_after(state: &State, options: &Options, steps: usize) -> (State, Vec<Step>) {
    let mut state = state.clone();
    let techniques = worth_trying(&options.techniques, !state.assumes_unique());
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut taken = Vec::new();
    while taken.len() < steps {
        let Ok(step) = step_or_end(&state, &techniques, options.no_guess, &mut rng) else {
            break;
        };
        state.apply(&step);
        taken.push(step);
    }
    (state, taken)
}

/// How a solve picks its steps when it follows another solver's choices rather than the
/// engine's own (HoDoKu's rating follows HoDoKu 2.2.0's): the policy asks the finders, picks one
/// of their steps, and hears of each step applied.
pub trait Policy {
    /// The step to take from `state`; `None` when the policy has none.
    fn pick(&mut self, state: &State) -> Option<Step>;
    /// Hears that `step` has been applied.
    fn applied(&mut self, step: &Step);
}

/// The steps `policy` picks from `state`, each applied in turn, until the grid is solved or
/// broken or the policy has no step; and the state they leave.
pub fn solve_by(mut state: State, policy: &mut dyn Policy) -> (State, Vec<Step>) {
    // Room for the steps at once, as in `solve`.
    let mut steps = Vec::with_capacity(state.empty_cells() * 3 / 2);
    while !state.is_solved() && state.contradiction().is_none() {
        let Some(step) = policy.pick(&state) else {
            break;
        };
        state.apply(&step);
        policy.applied(&step);
        steps.push(step);
    }
    (state, steps)
}

/// Why backtracking gave no step.
enum Halt {
    /// No candidate of the cell leads to a solution.
    NoSolution(Explanation),
    /// The deadline passed before the search could tell.
    OutOfTime,
}

/// The first step that makes progress, trying the techniques in order.
pub fn next_step(state: &State, order: &[Technique]) -> Option<Step> {
    order.iter().find_map(|&t| techniques::find_first(t, state))
}

/// The step the engine takes from `state`: the first of the `options`' techniques that makes
/// progress, else a backtracking step (unless `options.no_guess`), picked with `options.seed`.
/// `None` when neither applies.
pub fn step_from(state: &State, options: &Options) -> Option<Step> {
    next_step(state, &options.techniques).or_else(|| {
        let mut rng = StdRng::seed_from_u64(options.seed);
        let unique = state.assumes_unique();
        (!options.no_guess)
            .then(|| backtrack(state, unique, &mut rng, Deadline::NEVER).ok())
            .flatten()
    })
}

/// Settles the unsolved cell with the fewest candidates by search: for a unique puzzle the one
/// digit that leads to a solution; otherwise one of those that do, picked with `rng`.
fn backtrack(
    state: &State,
    unique: bool,
    rng: &mut StdRng,
    deadline: Deadline,
) -> Result<Step, Halt> {
    let layout = state.layout();
    let cell = layout
        .cells()
        .filter(|&c| state.value(c).is_none())
        .min_by_key(|&c| state.candidates(c).len())
        .ok_or_else(|| Halt::NoSolution(Explanation::from("no empty cell is left")))?;
    let options = state.candidates(cell);
    let mut viable = Vec::new();
    let mut dead = Vec::new();
    for digit in options.iter() {
        match leads_to_solution(state, cell, digit, deadline) {
            Some(true) => viable.push(digit),
            Some(false) => dead.push(digit),
            None => return Err(Halt::OutOfTime),
        }
    }
    let digit = match viable.len() {
        0 => {
            return Err(Halt::NoSolution(explain!(
                "search finds no solution: every candidate of {} ({}) leads to a contradiction",
                cell,
                list(options.iter())
            )));
        }
        1 => viable[0],
        n => viable[rng.random_range(0..n)],
    };
    let mut step = Step::new(Technique::Backtracking);
    step.placements.push(Candidate::new(cell, digit));
    step.pattern = options.iter().map(|d| Candidate::new(cell, d)).collect();
    let tried = match (dead.is_empty(), unique || viable.len() == 1) {
        (_, false) => explain!(
            "{} each lead to a solution (the puzzle is not unique); picked {}",
            list(viable.iter().copied()),
            digit
        ),
        (true, true) => explain!("{} leads to the solution", digit),
        (false, true) => {
            let verb = if dead.len() == 1 {
                "leads to a contradiction"
            } else {
                "each lead to a contradiction"
            };
            explain!(
                "{} {}; {} leads to the solution",
                list(dead.into_iter()),
                verb,
                digit
            )
        }
    };
    step.explanation = explain!(
        "Backtracking: no technique applies; {} has candidates {}; {}",
        cell,
        list(options.iter()),
        tried
    );
    Ok(step)
}

/// Whether some solution puts `digit` in `cell`, given the state's candidates; `None` when the
/// deadline passed before the search could tell.
fn leads_to_solution(state: &State, cell: Cell, digit: Digit, deadline: Deadline) -> Option<bool> {
    let mut candidates = state.search_candidates();
    candidates[cell.index()] = DigitSet::single(digit);
    let count = search::count_from_candidates_until(state.layout(), &candidates, 1, deadline);
    (count.complete || count.solutions > 0).then_some(count.solutions > 0)
}

/// The state a person's `marks` stand for, as a solve from them starts: assumed unique when the
/// search finds exactly one solution (so that uniqueness techniques may fire), with `limits`.
pub fn starting_state(marks: Marks, limits: Limits) -> State {
    let state = State::from_marks(marks);
    let unique = has_unique_solution(&state);
    state.assuming_unique(unique).with_limits(limits)
}

/// Whether the state's values and candidates allow exactly one solution (by search).
pub fn has_unique_solution(state: &State) -> bool {
    search::count_from_candidates(state.layout(), &state.search_candidates(), 2).solutions == 1
}

/// Digits as a list: `2, 6`.
fn list(digits: impl Iterator<Item = Digit>) -> Explanation {
    Explanation::join(digits, ", ")
}
