//! `gridlogic._gridlogic`: the Python package's native part. It reads puzzles from text, solves
//! them with the library's engine, rates them as `--rating` says ([`Ratings`], by name or the
//! default) and returns what the command line writes: the JSON documents of `check`, `solve` and
//! `explain`, and `batch`'s rows ([`gridlogic::batch::row`]) for many puzzles at once, solved on
//! all cores (rayon) while the GIL is released and Ctrl-C is watched for ([`interruptible`]). The Python side
//! (`gridlogic/__init__.py`) turns documents into dicts, rows into an Arrow table, and errors into
//! its exception classes; an input error arrives here as `ValueError` with the library's message.

use gridlogic::batch::{self, Row};
use gridlogic::core::Level;
use gridlogic::engine::{self, Settings};
use gridlogic::model::{Puzzle, Variant};
use gridlogic::read::collection::{Entry, Id};
use gridlogic::read::{self, Kind, Puzzles, ReadOptions};
use gridlogic::report::rated::{RatedSolve, Ratings};
use gridlogic::report::{PuzzleReport, SolveReport, Status, json, terminal};
use gridlogic::search::{Deadline, TimeLimit};
use gridlogic::shikaku;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use serde_json::Value;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// How to read, solve and rate, as the Python functions' keywords say it.
#[derive(Clone)]
struct Options {
    read: ReadOptions,
    kind: Option<Kind>,
    settings: Settings,
    ratings: Ratings,
}

impl Options {
    /// The options of the keywords (`box`, `latin`, `symbols`, `variant`, `kind`, `techniques`,
    /// `max_level`, `no_guess`, `seed`, `time_limit`, `rating`); an unknown kind, variant, level
    /// or rating, or a time limit that is not a number of seconds, is a `ValueError`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        boxes: Option<String>,
        latin: bool,
        symbols: Option<String>,
        variant: Option<Vec<String>>,
        kind: Option<&str>,
        techniques: Option<Vec<String>>,
        max_level: Option<&str>,
        no_guess: bool,
        seed: u64,
        time_limit: Option<f64>,
        rating: Option<&str>,
    ) -> PyResult<Options> {
        let ratings = match rating {
            None => Ratings::default(),
            Some(name) => name.parse().map_err(input_error)?,
        };
        let kind = match kind {
            None => None,
            Some("sudoku") => Some(Kind::Sudoku),
            Some("shikaku") => Some(Kind::Shikaku),
            Some(other) => {
                let message = format!("unknown kind '{other}': sudoku or shikaku");
                return Err(PyValueError::new_err(message));
            }
        };
        let max_level = match max_level {
            None => None,
            Some(name) => Some(Level::parse(name).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown level '{name}': easy, medium, hard, unfair or extreme"
                ))
            })?),
        };
        let time_limit = match time_limit {
            None => TimeLimit::BySize,
            Some(seconds) => {
                TimeLimit::After(Duration::try_from_secs_f64(seconds).map_err(|_| {
                    PyValueError::new_err(format!(
                        "time_limit {seconds} is not a number of seconds (0 or more)"
                    ))
                })?)
            }
        };
        let variants = variant
            .unwrap_or_default()
            .iter()
            .map(|name| {
                Variant::parse(name).ok_or_else(|| {
                    let known: Vec<&str> = Variant::ALL.iter().map(|v| v.key()).collect();
                    let known = known.join(", ");
                    PyValueError::new_err(format!("unknown variant '{name}': {known}"))
                })
            })
            .collect::<PyResult<_>>()?;
        Ok(Options {
            read: ReadOptions {
                boxes,
                latin,
                symbols,
                variants,
                ..ReadOptions::default()
            },
            kind,
            settings: Settings {
                techniques: techniques.unwrap_or_default(),
                max_level,
                no_guess,
                seed,
                time_limit,
                ..Settings::default()
            },
            ratings,
        })
    }

    /// A Shikaku solved with these options.
    fn shikaku(&self, puzzle: &shikaku::Shikaku) -> gridlogic::Result<shikaku::Solve> {
        Ok(shikaku::solve(
            puzzle,
            &shikaku::Options::of(&self.settings)?,
        ))
    }

    /// The puzzles in `text`, named `the text` in messages.
    fn read(&self, text: &str) -> gridlogic::Result<Puzzles> {
        let mut notes = Vec::new();
        let place = "the text";
        read::read_text_puzzles(text, place, place, &self.read, self.kind, &mut notes)
    }
}

/// A library error as Python's `ValueError`, with the same message as on the command line (its
/// control characters escaped, as the command line shows them: a traceback prints it on a
/// terminal).
fn input_error(error: gridlogic::Error) -> PyErr {
    PyValueError::new_err(terminal::escaped(&error.to_string()).into_owned())
}

/// The JSON document of `command` (`check`, `solve` or `explain`) for the one puzzle in `text`.
fn document(command: &str, text: &str, options: &Options) -> gridlogic::Result<String> {
    match options.read(text)? {
        Puzzles::Sudoku(puzzles) => {
            let puzzle = one(puzzles)?;
            let limit = options.settings.time_limit.for_size(puzzle.size());
            let by_size = engine::OptionsBySize::new(&options.settings);
            let solve = |p: &Puzzle| options.ratings.solve::<false>(p, &by_size);
            document_of(command, puzzle, limit, solve)
        }
        // Shikaku counts are quick: only a limit asked for applies.
        Puzzles::Shikaku(puzzles) => {
            let limit = options.settings.time_limit.asked();
            document_of(command, one(puzzles)?, limit, |p| options.shikaku(p))
        }
    }
}

/// The JSON document of `command` for `puzzle`, solved (unless checked) with `solve`; a check
/// stops counting after `limit`.
fn document_of<S: SolveReport>(
    command: &str,
    puzzle: S::Puzzle,
    limit: Option<Duration>,
    solve: impl Fn(&S::Puzzle) -> gridlogic::Result<S>,
) -> gridlogic::Result<String> {
    let id = Id::Number(1);
    Ok(match command {
        "check" => {
            let count = puzzle.count_solutions(2, limit.map_or(Deadline::NEVER, Deadline::after));
            let seconds = limit.map_or(0.0, |limit| limit.as_secs_f64());
            to_json(&json::check_document(&puzzle, &id, count, seconds))
        }
        _ => to_json(&json::document(&solve(&puzzle)?, &id)),
    })
}

/// The one puzzle of a text.
fn one<P>(mut puzzles: Vec<P>) -> gridlogic::Result<P> {
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        n => Err(gridlogic::Error::Usage(format!(
            "the text holds {n} puzzles; check, solve and explain take one (rate_many takes many)"
        ))),
    }
}

/// A document as JSON text.
fn to_json(document: &impl serde::Serialize) -> String {
    serde_json::to_string(document).expect("documents serialise")
}

/// The JSON document that `gridlogic check|solve|explain --format json [--rating RATING]` writes
/// for the one puzzle in `text` (`check` reports no rating); raises `ValueError` with the
/// library's message when the text holds no puzzle, or a rating asked for by name does not
/// apply to it.
#[pyfunction]
#[pyo3(signature = (command, text, *, r#box=None, latin=false, symbols=None,
                    variant=None, kind=None, techniques=None, max_level=None, no_guess=false,
                    seed=0, time_limit=None, rating=None))]
#[allow(clippy::too_many_arguments)]
fn document_json(
    py: Python<'_>,
    command: &str,
    text: &str,
    r#box: Option<String>,
    latin: bool,
    symbols: Option<String>,
    variant: Option<Vec<String>>,
    kind: Option<&str>,
    techniques: Option<Vec<String>>,
    max_level: Option<&str>,
    no_guess: bool,
    seed: u64,
    time_limit: Option<f64>,
    rating: Option<&str>,
) -> PyResult<String> {
    let options = Options::new(
        r#box, latin, symbols, variant, kind, techniques, max_level, no_guess, seed, time_limit,
        rating,
    )?;
    let (command, text) = (command.to_string(), text.to_string());
    interruptible(py, move |_| document(&command, &text, &options))?.map_err(input_error)
}

/// Runs `work` on a thread of its own while this one, the GIL released, waits for it and looks
/// at Python's signals every [`SIGNAL_CHECK`]: Ctrl-C (a `KeyboardInterrupt`, or whatever a
/// signal handler raises) is raised at once, and the flag `work` is given is set, so that it
/// starts no more puzzles (those it is solving finish in the background, their results
/// dropped). A panic in `work` is raised as it would be here.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, mut receiver) = mpsc::channel();
    let flag = Arc::clone(&stop);
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(&flag)));
        let _ = sender.send(result);
    });
    loop {
        // A receiver may not be shared with the thread that waits, only moved there and back.
        let (back, received) = py.detach(move || {
            let received = receiver.recv_timeout(SIGNAL_CHECK);
            (receiver, received)
        });
        receiver = back;
        match received {
            Ok(Ok(result)) => return Ok(result),
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals().inspect_err(|_| {
                stop.store(true, Ordering::Relaxed);
            })?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                unreachable!("the worker sends its result or its panic before it ends")
            }
        }
    }
}

/// How often a call that runs long looks at Python's signals (Ctrl-C).
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// The batch row of one puzzle text (an item of `rate_many`, named `id`), with the solution
/// given beside it; `by_size` holds the engine options of `options` per size, and `SE` adds
/// Sudoku Explainer's columns to a Sudoku's row.
fn rate<const SE: bool>(
    id: usize,
    text: Option<&str>,
    solution: Option<&str>,
    options: &Options,
    by_size: &engine::OptionsBySize,
) -> Row {
    let id = Id::Number(id);
    let invalid = |text: &str, error| Row::invalid::<RatedSolve<SE>>(&id, text, &error);
    let Some(text) = text else {
        return invalid(
            "",
            gridlogic::Error::Usage("no puzzle (a missing value)".into()),
        );
    };
    fn entry<P>(id: &Id, puzzle: P, solution: Option<&str>) -> Entry<P> {
        Entry {
            id: id.clone(),
            puzzle: Ok(puzzle),
            solution: solution.map(str::to_string),
        }
    }
    match options.read(text) {
        Ok(Puzzles::Sudoku(puzzles)) => match one(puzzles) {
            Ok(puzzle) => batch::row(&entry(&id, puzzle, solution), |p| {
                options.ratings.solve::<SE>(p, by_size)
            }),
            Err(error) => invalid(text, error),
        },
        Ok(Puzzles::Shikaku(puzzles)) => match one(puzzles) {
            Ok(puzzle) => batch::row(&entry(&id, puzzle, solution), |p| options.shikaku(p)),
            Err(error) => invalid(text, error),
        },
        Err(error) => invalid(text, error),
    }
}

/// The batch rows of many puzzle texts (`None` for a missing value), with their given solutions
/// when `solutions` is given, solved on all cores with the GIL released; returned as columns:
/// a dict of column name to list, in `batch`'s order (with `rating="se"`, Sudoku Explainer's
/// columns too). The ids are the places counted from `first_id` (1, as the line numbers `batch`
/// gives a file of one puzzle per line).
#[pyfunction]
#[pyo3(signature = (puzzles, solutions=None, *, first_id=1, r#box=None, latin=false, symbols=None,
                    variant=None, kind=None, techniques=None, max_level=None, no_guess=false,
                    seed=0, time_limit=None, rating=None))]
#[allow(clippy::too_many_arguments)]
fn rate_columns<'py>(
    py: Python<'py>,
    puzzles: Vec<Option<String>>,
    solutions: Option<Vec<Option<String>>>,
    first_id: usize,
    r#box: Option<String>,
    latin: bool,
    symbols: Option<String>,
    variant: Option<Vec<String>>,
    kind: Option<&str>,
    techniques: Option<Vec<String>>,
    max_level: Option<&str>,
    no_guess: bool,
    seed: u64,
    time_limit: Option<f64>,
    rating: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = Options::new(
        r#box, latin, symbols, variant, kind, techniques, max_level, no_guess, seed, time_limit,
        rating,
    )?;
    // A technique or cap that does not exist is said before any puzzle is read.
    engine::OptionsBySize::new(&options.settings)
        .get(9)
        .map_err(input_error)?;
    if let Some(solutions) = &solutions
        && solutions.len() != puzzles.len()
    {
        let message = format!(
            "{} puzzles but {} solutions: give one solution (or None) per puzzle",
            puzzles.len(),
            solutions.len()
        );
        return Err(PyValueError::new_err(message));
    }
    let rated = interruptible(py, move |stop| {
        let by_size = engine::OptionsBySize::new(&options.settings);
        let items = Items {
            puzzles: &puzzles,
            solutions: solutions.as_deref(),
            first_id,
            stop,
        };
        match options.ratings {
            Ratings::SudokuExplainer => items.rows::<true>(&options, &by_size),
            _ => items.rows::<false>(&options, &by_size),
        }
    })?;
    // Rows are missing only when the call was stopped, which raises before they come.
    let (header, rows) = rated.ok_or_else(|| PyKeyboardInterrupt::new_err(()))?;
    columns(py, header, &rows)
}

/// The items of `rate_many`: puzzle texts (`None` for a missing value), the solutions given
/// beside them, the id of the first, and the flag that stops the rating (Ctrl-C).
struct Items<'a> {
    puzzles: &'a [Option<String>],
    solutions: Option<&'a [Option<String>]>,
    first_id: usize,
    stop: &'a AtomicBool,
}

impl Items<'_> {
    /// Sudoku's header of a batch (with Sudoku Explainer's columns when `SE`) and the rows of
    /// the items, solved on all cores; `None` when the stop flag is set before every item is
    /// rated (no item is started after it).
    fn rows<const SE: bool>(
        &self,
        options: &Options,
        by_size: &engine::OptionsBySize,
    ) -> Option<(Vec<&'static str>, Vec<Row>)> {
        let rows = self
            .puzzles
            .par_iter()
            .enumerate()
            .map(|(index, text)| {
                if self.stop.load(Ordering::Relaxed) {
                    return None;
                }
                let solution = self.solutions.and_then(|s| s[index].as_deref());
                let id = self.first_id + index;
                Some(rate::<SE>(id, text.as_deref(), solution, options, by_size))
            })
            .collect::<Option<_>>()?;
        Some((batch::header::<RatedSolve<SE>>(), rows))
    }
}

/// Rows as columns: name → list of values, in `batch`'s order of columns for the kind of the
/// first puzzle (Sudoku's `header` when there is none); the other kind's columns follow, when
/// there are puzzles of both kinds.
fn columns<'py>(py: Python<'py>, header: Vec<&str>, rows: &[Row]) -> PyResult<Bound<'py, PyDict>> {
    let first = rows.iter().find(|row| row.status != Status::Invalid);
    let mut names: Vec<&str> = match first {
        Some(row) => row.columns.iter().map(|(name, _)| *name).collect(),
        None => header,
    };
    for row in rows.iter().filter(|row| row.status != Status::Invalid) {
        for (name, _) in &row.columns {
            if !names.contains(name) {
                names.push(name);
            }
        }
    }
    let dict = PyDict::new(py);
    for name in names {
        let values = PyList::empty(py);
        for row in rows {
            values.append(value(py, row.get(name).unwrap_or(&Value::Null))?)?;
        }
        dict.set_item(name, values)?;
    }
    Ok(dict)
}

/// A JSON value as a Python object.
fn value<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => flag.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any(),
            None => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(text) => text.into_pyobject(py)?.into_any(),
        other => other.to_string().into_pyobject(py)?.into_any(),
    })
}

/// The version of the JSON documents and rows (`schema_version`).
#[pyfunction]
fn schema_version() -> u32 {
    json::SCHEMA_VERSION
}

/// The native module.
#[pymodule]
fn _gridlogic(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(document_json, module)?)?;
    module.add_function(wrap_pyfunction!(rate_columns, module)?)?;
    module.add_function(wrap_pyfunction!(schema_version, module)?)?;
    Ok(())
}
