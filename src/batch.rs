//! Solving many puzzles of any kind: one row per entry of the input (a puzzle, or a line that
//! holds none, with the reason), built by [`row`], which the command line and the Python package
//! share; streamed through worker threads in input order with bounded memory ([`stream`]); written as CSV or
//! JSON Lines, each row flushed whole as soon as it is ready ([`RowWriter`]).
//!
//! The columns are named in one place, [`header`]: `id`, `status`, `detail`, `puzzle`, the kind's
//! puzzle columns ([`PuzzleReport::BATCH_COLUMNS`]), `solution`, `solution_matches`,
//! `logic_only`, `backtracking_steps`, the kind's solve columns ([`SolveReport::BATCH_DETAILS`]),
//! `steps`, `microseconds`.

use crate::error::Error;
use crate::read::collection::{Entry, Id, no_puzzle_detail};
use crate::report::json::{SCHEMA_VERSION, reason};
use crate::report::{PuzzleReport, SolveReport, Status, verdict};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The column names of the rows of a kind, in order.
pub fn header<S: SolveReport>() -> Vec<&'static str> {
    let mut names = vec!["id", "status", "detail", "puzzle"];
    names.extend(S::Puzzle::BATCH_COLUMNS);
    names.extend([
        "solution",
        "solution_matches",
        "logic_only",
        "backtracking_steps",
    ]);
    names.extend(S::BATCH_DETAILS);
    names.extend(["steps", "microseconds"]);
    names
}

/// One row: a value for each column of [`header`], in order (null where nothing applies).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Column names and values, in order.
    pub columns: Vec<(&'static str, Value)>,
    /// The verdict.
    pub status: Status,
    /// Whether the row is as it should be: unique, solved, and its given solution (if any)
    /// right.
    pub ok: bool,
}

impl Row {
    /// The row of a puzzle named `id`, solved as `solve` in `micros` microseconds; `given` is
    /// the solution the input gives, checked.
    pub fn of<S: SolveReport>(id: &Id, solve: &S, given: Option<&str>, micros: u128) -> Row {
        let puzzle = solve.trace().puzzle;
        let status = solve.status();
        let solved = solve.is_solved();
        let matches = given.map(|text| puzzle.is_solution(text));
        let ok = status == Status::Unique && solved && matches != Some(false);
        let detail = match (ok, matches) {
            (true, _) => Value::Null,
            (false, Some(false)) if status == Status::Unique && solved => {
                "the given solution is not the puzzle's solution".into()
            }
            (false, _) => verdict(solve).into(),
        };
        let mut values = vec![
            id_value(id),
            status.word().into(),
            detail,
            puzzle.line().into(),
        ];
        values.extend(puzzle.batch_columns());
        values.extend([
            solve.solution_line().map_or(Value::Null, Value::from),
            matches.map_or(Value::Null, Value::from),
            (solved && solve.backtracks() == 0).into(),
            solve.backtracks().into(),
        ]);
        values.extend(solve.batch_details());
        values.extend([solve.steps().len().into(), (micros as u64).into()]);
        Row {
            columns: header::<S>().into_iter().zip(values).collect(),
            status,
            ok,
        }
    }

    /// The row of a line named `id` that holds no puzzle: what it holds (`text`) and why not. A
    /// workbook's sheet that holds no grid at all ([`no_puzzle_detail`]) is no puzzle rather than
    /// an invalid one, and its row is not counted against the batch; any other puzzle given that
    /// holds no grid (a line, a string from Python) is invalid.
    pub fn invalid<S: SolveReport>(id: &Id, text: &str, error: &Error) -> Row {
        let is_sheet = matches!(id, Id::Sheet { .. });
        let status = match no_puzzle_detail(error) {
            Some(_) if is_sheet => Status::NoPuzzle,
            _ => Status::Invalid,
        };
        let mut values = vec![
            id_value(id),
            status.word().into(),
            reason(error).into(),
            text.into(),
        ];
        let names = header::<S>();
        values.resize(names.len(), Value::Null);
        Row {
            columns: names.into_iter().zip(values).collect(),
            status,
            ok: status == Status::NoPuzzle,
        }
    }

    /// The value of a column.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.columns
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The row as one JSON object, with `schema_version` first.
    pub fn json(&self) -> Map<String, Value> {
        let mut object = Map::new();
        object.insert("schema_version".into(), SCHEMA_VERSION.into());
        for (name, value) in &self.columns {
            object.insert(name.to_string(), value.clone());
        }
        object
    }
}

/// An id as a JSON value: a number, or the input's own id or the sheet reference as text.
fn id_value(id: &Id) -> Value {
    match id {
        Id::Number(n) => (*n).into(),
        Id::Named(name) => name.as_str().into(),
        Id::Sheet { .. } => id.to_string().into(),
    }
}

/// The row of one entry: its puzzle solved with `solve` (timed), or the reason it holds none.
/// `solve` may refuse a puzzle (an option that does not fit its size); its row is then invalid.
pub fn row<P, S>(entry: &Entry<P>, solve: impl Fn(&P) -> Result<S, Error>) -> Row
where
    P: PuzzleReport,
    S: SolveReport<Puzzle = P>,
{
    let puzzle = match &entry.puzzle {
        Ok(puzzle) => puzzle,
        Err(invalid) => return Row::invalid::<S>(&entry.id, &invalid.text, &invalid.error),
    };
    let start = Instant::now();
    match solve(puzzle) {
        Ok(solved) => Row::of(
            &entry.id,
            &solved,
            entry.solution.as_deref(),
            start.elapsed().as_micros(),
        ),
        Err(error) => Row::invalid::<S>(&entry.id, &puzzle.line(), &error),
    }
}

/// Why [`stream`] stopped before the end of its input.
#[derive(Debug)]
pub enum Stopped {
    /// The input could not be read on (after the rows before it were written).
    Read(Error),
    /// A row could not be written.
    Write(io::Error),
    /// `stop` was set (an interrupt): every row finished before it was written.
    Interrupted,
}

/// A row, or the end of the input, as the workers hand them to the writer.
enum Message {
    Row(usize, Row),
    Failed(usize, Error),
    End(usize),
}

/// Solves `entries` on `threads` threads, with at most `window` entries between reading and
/// writing, so that memory does not grow with the input, and hands each row to `write` in input
/// order as soon as the rows before it are written. Stops early, after writing what is finished,
/// when `stop` is set, when `write` fails or when the input cannot be read on. On one thread
/// the calling thread reads, solves and writes each entry in turn, without handing it on.
pub fn stream<P, S, F>(
    entries: impl Iterator<Item = Result<Entry<P>, Error>> + Send,
    solve: F,
    threads: usize,
    window: usize,
    stop: &AtomicBool,
    mut write: impl FnMut(Row) -> io::Result<()>,
) -> Result<(), Stopped>
where
    P: PuzzleReport + Send,
    S: SolveReport<Puzzle = P>,
    F: Fn(&P) -> Result<S, Error> + Sync,
{
    if threads <= 1 {
        return stream_in_turn(entries, solve, stop, write);
    }
    let window = window.max(1);
    let (credit, credits) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        credit.send(()).expect("the channel holds the window");
    }
    let (send, received) = mpsc::channel::<Message>();
    let (queue, work) = mpsc::sync_channel::<(usize, Entry<P>)>(window);
    let work = std::sync::Mutex::new(work);
    // Set when the writer stops early: what is still queued is not solved.
    let cancelled = AtomicBool::new(false);
    let halted = || stop.load(Ordering::Relaxed) || cancelled.load(Ordering::Relaxed);
    let (work, solve, halted) = (&work, &solve, &halted);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let send = send.clone();
            scope.spawn(move || {
                // The lock is held only while taking the next entry.
                let next = || work.lock().ok()?.recv().ok();
                while let Some((index, entry)) = next() {
                    if halted() {
                        break;
                    }
                    let _ = send.send(Message::Row(index, row(&entry, solve)));
                }
            });
        }
        scope.spawn(move || {
            let mut count = 0;
            for (index, entry) in entries.enumerate() {
                if credits.recv().is_err() || halted() {
                    return;
                }
                count = index + 1;
                match entry {
                    Ok(entry) => {
                        if queue.send((index, entry)).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        let _ = send.send(Message::Failed(index, error));
                        return;
                    }
                }
            }
            let _ = send.send(Message::End(count));
        });
        let result = write_in_order(&received, &credit, stop, &mut write);
        cancelled.store(true, Ordering::Relaxed);
        drop(credit);
        drop(received);
        result
    })
}

/// [`stream`] on the calling thread alone.
fn stream_in_turn<P, S>(
    entries: impl Iterator<Item = Result<Entry<P>, Error>>,
    solve: impl Fn(&P) -> Result<S, Error>,
    stop: &AtomicBool,
    mut write: impl FnMut(Row) -> io::Result<()>,
) -> Result<(), Stopped>
where
    P: PuzzleReport,
    S: SolveReport<Puzzle = P>,
{
    let interrupted = || stop.load(Ordering::Relaxed);
    if interrupted() {
        return Err(Stopped::Interrupted);
    }
    for entry in entries {
        let entry = entry.map_err(Stopped::Read)?;
        write(row(&entry, &solve)).map_err(Stopped::Write)?;
        if interrupted() {
            return Err(Stopped::Interrupted);
        }
    }
    Ok(())
}

/// The writer's side of [`stream`]: rows in input order, a credit back for each.
fn write_in_order(
    received: &mpsc::Receiver<Message>,
    credit: &mpsc::SyncSender<()>,
    stop: &AtomicBool,
    write: &mut impl FnMut(Row) -> io::Result<()>,
) -> Result<(), Stopped> {
    let mut pending = BTreeMap::new();
    let (mut next, mut end, mut failed) = (0, None, None);
    loop {
        while let Some(row) = pending.remove(&next) {
            write(row).map_err(Stopped::Write)?;
            next += 1;
            let _ = credit.try_send(());
            if stop.load(Ordering::Relaxed) {
                return Err(Stopped::Interrupted);
            }
        }
        if let Some((_, error)) = failed.take_if(|(index, _)| *index == next) {
            return Err(Stopped::Read(error));
        }
        if end == Some(next) {
            return Ok(());
        }
        match received.recv_timeout(Duration::from_millis(200)) {
            Ok(Message::Row(index, row)) => {
                pending.insert(index, row);
            }
            Ok(Message::Failed(index, error)) => failed = Some((index, error)),
            Ok(Message::End(count)) => end = Some(count),
            Err(mpsc::RecvTimeoutError::Timeout) if stop.load(Ordering::Relaxed) => {
                return Err(Stopped::Interrupted);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) if stop.load(Ordering::Relaxed) => {
                return Err(Stopped::Interrupted);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
    }
}

/// How a batch run went: rows by status, and the time.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    counts: BTreeMap<&'static str, usize>,
    rows: usize,
    ok: usize,
}

impl Summary {
    /// Counts a row.
    pub fn add(&mut self, row: &Row) {
        *self.counts.entry(row.status.word()).or_default() += 1;
        self.rows += 1;
        self.ok += usize::from(row.ok);
    }

    /// Whether every row is unique, solved and agrees with its given solution.
    pub fn all_ok(&self) -> bool {
        self.ok == self.rows
    }

    /// The line printed at the end: `1000 rows in 2.1 s: 995 unique, 3 multiple, 0 none, 2
    /// invalid, 0 undecided; 5 not ok`.
    pub fn line(&self, elapsed: Duration) -> String {
        let mut counts: Vec<String> = Status::ALL
            .iter()
            .map(|s| format!("{} {}", self.counts.get(s.word()).unwrap_or(&0), s.word()))
            .collect();
        if let Some(sheets) = self.counts.get(Status::NoPuzzle.word()) {
            counts.push(format!("{sheets} no_puzzle"));
        }
        let plural = if self.rows == 1 { "" } else { "s" };
        format!(
            "{} row{plural} in {:.1} s: {}; {} not ok",
            self.rows,
            elapsed.as_secs_f64(),
            counts.join(", "),
            self.rows - self.ok
        )
    }
}

/// How rows are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowFormat {
    /// CSV with a header line.
    Csv,
    /// JSON Lines: one object per row.
    Jsonl,
}

/// Writes rows as they come, each row flushed as soon as it is written, so that an interrupted
/// run leaves every finished row (each line goes out in one write unless it is longer than the
/// buffer).
pub enum RowWriter<W: Write> {
    /// CSV with a header line.
    Csv(Box<csv::Writer<W>>),
    /// JSON Lines.
    Jsonl(W),
}

impl<W: Write> RowWriter<W> {
    /// A writer of rows with the columns `header` (written at once for CSV).
    pub fn new(sink: W, format: RowFormat, header: &[&str]) -> io::Result<RowWriter<W>> {
        Ok(match format {
            RowFormat::Csv => {
                let mut writer = csv::WriterBuilder::new()
                    .buffer_capacity(1 << 16)
                    .from_writer(sink);
                writer.write_record(header)?;
                writer.flush()?;
                RowWriter::Csv(Box::new(writer))
            }
            RowFormat::Jsonl => RowWriter::Jsonl(sink),
        })
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        match self {
            RowWriter::Csv(writer) => {
                writer.write_record(row.columns.iter().map(|(_, v)| csv_field(v)))?;
                writer.flush()
            }
            RowWriter::Jsonl(sink) => {
                let mut line = serde_json::to_vec(&row.json())?;
                line.push(b'\n');
                sink.write_all(&line)?;
                sink.flush()
            }
        }
    }
}

/// A value as a CSV field: text as it is, `true`/`false` (as pandas, Polars and Spark read
/// booleans), numbers, nothing for null.
fn csv_field(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Bool(flag) => flag.to_string(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
