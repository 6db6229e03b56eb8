//! gridlogic's engine as a WebAssembly module for the step viewer page: a C ABI with JSON in and
//! out, so that the page needs no generated JavaScript glue (no wasm-bindgen), only
//! `WebAssembly.instantiate` and three exports:
//!
//! - `alloc(len) -> ptr`: room for a request of `len` bytes in the module's memory;
//! - `call(ptr, len) -> u64`: answers the UTF-8 JSON request at `ptr..ptr+len`; the answer, UTF-8
//!   JSON, is at the high 32 bits (its pointer) for the low 32 bits (its length);
//! - `dealloc(ptr, len)`: gives back the request's room, and the answer's once read.
//!
//! Requests ([`respond`]):
//! - `{"op":"hint","state":TEXT,"level":1|2|3}`: `TEXT` is what `gridlogic hint` reads (a
//!   puzzle, a pencil-mark grid, a HoDoKu library line); the answer is `{"text":…}`, the lines
//!   `gridlogic hint --level N` prints, and `{"hint":…}`, its `--format json` document;
//! - `{"op":"steps","state":TEXT}`: every step available in the state, `{"steps":[…],
//!   "capped":[…]}`, each step as `gridlogic explain --format json` writes one (what
//!   `explain --technique all --format json` lists); with `"technique":I`, only the steps of
//!   the I-th technique of the list `{"op":"techniques","state":TEXT}` answers
//!   (`{"techniques":[NAME, …]}`, in the order the listing tries them, with the default
//!   `"budget"` and `"most"` below, which a page's listing shares out among its requests);
//! - `{"op":"solve","puzzle":TEXT}`: the solve of each puzzle in `TEXT`, `{"documents":[…]}`,
//!   each as `gridlogic explain --format json` writes it;
//! - `{"op":"state","puzzle":TEXT,"values":[…],"candidates":[…]}`: a person's state as text
//!   that `gridlogic hint` reads (`render::state_text`), from the puzzle's text and, cell by
//!   cell, the digit placed (0 for none) and the candidates (bit 0 for digit 1); `{"text":…}`.
//!
//! `hint` and `steps` answers also carry `"board"`: the hint's step (at level 3) or every step
//! available, as the step viewer page draws steps (`write::html::board_steps`).
//!
//! Shikaku: `hint` reads a Shikaku state too (a puzzle, `rectangles:`, the rectangles; what
//! `shikaku::report::state_text` writes), and its `"board"` holds the way to the next rectangle
//! (at level 3), as the page draws Shikaku steps; `{"op":"state","puzzle":TEXT,
//! "rectangles":[…]}`, each rectangle `[top, left, height, width]` (zero-based) or `null`,
//! writes that state.
//!
//! Every request may give `"symbols"`, the alphabet (`--symbols`, e.g. `"0123456789ABCDEF"`).
//! Any failure is `{"error":MESSAGE}`.
//!
//! **A budget of work.** WebAssembly has no clock, so a request is bounded by work counted in the
//! engine (`gridlogic::search::work`): `"budget"` units, [`DEFAULT_BUDGET`] unless the request
//! says. Every answer says in `"work"` how much it spent. A request whose budget runs out stops
//! where its searches are and answers `{"over_budget":MESSAGE}`, the message naming the command
//! that does the same without a limit; a `steps` answer keeps the steps listed by then. A `steps`
//! answer lists at most `"most"` steps ([`MOST_LISTED`] unless the request says fewer), and
//! `"cut_short": true` says the listing stopped before its last technique (at that many steps,
//! or at the budget). The state a request reads is kept for the next request on the same text
//! (a page lists steps one technique at a time), with what the search found of it. The exports are unmangled on wasm32 only: on other
//! targets (the workspace's lints, and the tests, which call [`respond`]) they are plain
//! functions, and `call`'s packing, which assumes 32-bit pointers, means nothing there.
//! `tests/browser/wasm.js` drives the exports of the built module.

use gridlogic::core::State;
use gridlogic::engine::{self, Settings};
use gridlogic::hint::{self, Detail};
use gridlogic::model::{Digit, DigitSet, Grid, Marks, Names, Puzzle};
use gridlogic::read::collection::Id;
use gridlogic::read::{self, ReadOptions};
use gridlogic::render;
use gridlogic::report::json::{self, AvailableDocument};
use gridlogic::report::rated::{RatedSolve, Ratings};
use gridlogic::search::work;
use gridlogic::shikaku::{self, Rect, read::Placed};
use gridlogic::techniques;
use gridlogic::write::html;
use serde_json::{Value, json};
use std::cell::RefCell;

/// The name inputs go by in messages.
const PLACE: &str = "the page's grid";

/// The work a request may do when it does not say: 10 s or so of a browser's WebAssembly here
/// at its slowest, and more than any hint or listing of a published 25x25 needs (see
/// docs/src/step-viewer.md).
pub const DEFAULT_BUDGET: u64 = 100_000_000;

/// The most steps a `steps` answer lists: what a person can look through, and a bound on the
/// answer's memory (a 9x9 with several solutions has tens of thousands).
pub const MOST_LISTED: usize = 2000;

/// Room for `len` bytes in the module's memory, for a request (give it back with [`dealloc`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut room = Vec::<u8>::with_capacity(len);
    let ptr = room.as_mut_ptr();
    std::mem::forget(room);
    ptr
}

/// Gives back `len` bytes at `ptr` that [`alloc`] or [`call`] handed out.
///
/// # Safety
/// `ptr` and `len` must be those of one room from [`alloc`] or one answer from [`call`], given
/// back once.
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: by the contract above, `ptr` came from a `Vec<u8>` of capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Answers the JSON request of `len` bytes at `ptr` (which stays the caller's): the answer's
/// pointer in the high 32 bits, its length in the low ones; give it back with [`dealloc`].
///
/// # Safety
/// `ptr..ptr+len` must be readable memory of the module (a room from [`alloc`]).
#[cfg_attr(target_arch = "wasm32", unsafe(no_mangle))]
pub unsafe extern "C" fn call(ptr: *const u8, len: usize) -> u64 {
    // SAFETY: by the contract above.
    let request = unsafe { std::slice::from_raw_parts(ptr, len) };
    let answer = match std::str::from_utf8(request) {
        Ok(text) => respond(text),
        Err(_) => json!({"error": "the request is not UTF-8"}).to_string(),
    };
    let answer = Box::into_raw(answer.into_bytes().into_boxed_slice());
    let (ptr, len) = (answer as *mut u8 as usize as u64, answer.len() as u64);
    (ptr << 32) | len
}

/// The JSON answer to a JSON request (see the module's documentation).
pub fn respond(request: &str) -> String {
    let request = match serde_json::from_str::<Value>(request) {
        Ok(request) => request,
        Err(e) => return json!({ "error": format!("the request is not JSON: {e}") }).to_string(),
    };
    let budget = request["budget"].as_u64().unwrap_or(DEFAULT_BUDGET);
    let (answer, spent) = work::within(budget, || answer(&request));
    let mut answer = match answer {
        Ok(value) => value,
        Err(Failure::Bad(message)) => json!({ "error": message }),
        Err(Failure::OverBudget) => json!({ "over_budget": over_budget(&request) }),
    };
    answer["work"] = json!(spent.units);
    answer.to_string()
}

/// Why a request has no answer.
enum Failure {
    /// What is wrong with it.
    Bad(String),
    /// Its budget of work ran out before it could answer.
    OverBudget,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Bad(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Bad(message.to_string())
    }
}

/// `Err(OverBudget)` once the request's budget is spent: what the searches answered since may
/// be incomplete.
fn within_budget() -> Result<(), Failure> {
    match work::spent() {
        true => Err(Failure::OverBudget),
        false => Ok(()),
    }
}

/// The message of a request whose budget ran out, with the command that answers it without a
/// limit.
fn over_budget(request: &Value) -> String {
    let command = match request["op"].as_str() {
        Some("hint") => format!(
            "gridlogic hint grid.txt --level {}",
            request["level"].as_u64().unwrap_or(1)
        ),
        Some("solve") => "gridlogic solve puzzle.txt".to_string(),
        _ => "gridlogic explain grid.txt --technique all".to_string(),
    };
    let file = match request["op"].as_str() {
        Some("solve") => "puzzle.txt holding the puzzle",
        _ => "grid.txt holding the grid as text",
    };
    format!(
        "This needs more work than the page's engine does for one request, so it stopped. \
         On the command line, `{command}` does it without that limit ({file})."
    )
}

/// The answer to a parsed request, or why there is none.
fn answer(request: &Value) -> Result<Value, Failure> {
    let text = |field: &str| {
        request[field]
            .as_str()
            .ok_or_else(|| format!("the request needs \"{field}\", a string"))
    };
    let options = read_options(request);
    match request["op"].as_str() {
        Some("hint") => {
            let detail = match request["level"].as_u64() {
                None | Some(1) => Detail::Family,
                Some(2) => Detail::Technique,
                Some(3) => Detail::Step,
                Some(other) => {
                    return Err(format!("\"level\" is 1, 2 or 3, not {other}").into());
                }
            };
            let state = text("state")?;
            let answer = match shikaku::read::parse_state(state, PLACE) {
                Some(placed) => shikaku_hint(placed.map_err(|e| e.to_string())?, detail)?,
                None => hint(state, &options, detail)?,
            };
            within_budget().map(|()| answer)
        }
        Some("steps") => {
            let technique = request["technique"].as_u64().map(|i| i as usize);
            let most = request["most"].as_u64().map_or(MOST_LISTED, |most| {
                usize::try_from(most).unwrap_or(usize::MAX).min(MOST_LISTED)
            });
            steps(text("state")?, &options, technique, most)
        }
        Some("techniques") => technique_names(text("state")?, &options),
        Some("solve") => {
            let answer = solve(text("puzzle")?, &options)?;
            within_budget().map(|()| answer)
        }
        Some("state") if request.get("rectangles").is_some() => {
            Ok(shikaku_state(text("puzzle")?, &request["rectangles"])?)
        }
        Some("state") => Ok(state(text("puzzle")?, request, &options)?),
        Some(other) => Err(format!(
            "unknown \"op\" {other:?}: it is \"hint\", \"steps\", \"techniques\", \"solve\" or \"state\""
        )
        .into()),
        None => Err(
            "the request needs \"op\": \"hint\", \"steps\", \"techniques\", \"solve\" or \"state\""
                .into(),
        ),
    }
}

/// The reading options of a request: its `"symbols"`, the alphabet (`--symbols`), if any.
fn read_options(request: &Value) -> ReadOptions {
    ReadOptions {
        symbols: request["symbols"].as_str().map(str::to_string),
        ..ReadOptions::default()
    }
}

/// The states in a text, as `gridlogic hint` reads them.
fn marks(text: &str, options: &ReadOptions) -> Result<Vec<Marks>, String> {
    read::read_text_marks(text, PLACE, options).map_err(|e| e.to_string())
}

/// What `gridlogic hint` prints for the states in `text`, and its JSON documents.
fn hint(text: &str, options: &ReadOptions, detail: Detail) -> Result<Value, String> {
    let mut lines = String::new();
    let mut documents = Vec::new();
    let mut board = Vec::new();
    for marks in marks(text, options)? {
        let (layout, symbols) = (marks.layout.clone(), marks.symbols.clone());
        let options = Settings::default()
            .options(layout.size())
            .map_err(|e| e.to_string())?;
        let state = engine::starting_state(marks.clone(), options.limits);
        let hint = hint::hint(marks, &options);
        let names = Names::new(&layout, Some(&symbols));
        for line in hint.lines(detail, &layout) {
            lines += &line.render(&names);
            lines.push('\n');
        }
        documents.push(hint.json(detail, &layout, &names));
        let shown = hint.step.as_slice();
        let shown = if detail == Detail::Step { shown } else { &[] };
        board.push(html::board_steps(&state, shown, &names));
    }
    let documents = serde_json::to_value(documents).map_err(|e| e.to_string())?;
    Ok(json!({ "text": lines, "hints": documents, "board": board }))
}

/// Every step available in the first state in `text`, as `explain --technique all --format json`
/// lists them, up to `most`; with `technique`, an index into the list `techniques` answers, that
/// technique's only (so that a page can list them one technique at a time and stay responsive).
/// A listing the budget stopped keeps the steps listed by then, and says so.
fn steps(
    text: &str,
    options: &ReadOptions,
    technique: Option<usize>,
    most: usize,
) -> Result<Value, Failure> {
    let (puzzle, state) = first_state(text, options)?;
    let every = techniques::every(state.size(), state.limits());
    let order = match technique {
        None => every.as_slice(),
        Some(i) => every.get(i..=i).ok_or(format!(
            "\"technique\" is an index below {}, not {i}",
            every.len()
        ))?,
    };
    let available = techniques::steps_up_to(&state, order, most);
    let asked = match order {
        [one] if technique.is_some() => one.name(),
        _ => "all".to_string(),
    };
    let document = AvailableDocument::new(
        &puzzle,
        (1, 0),
        Some(asked),
        &available.steps,
        &available.capped,
    );
    let mut answer = serde_json::to_value(document).map_err(|e| e.to_string())?;
    let names = Names::new(puzzle.layout(), Some(puzzle.symbols()));
    answer["board"] = html::board_steps(&state, &available.steps, &names);
    answer["cut_short"] = json!(available.cut_short);
    if let Err(Failure::OverBudget) = within_budget() {
        answer["over_budget"] = json!(over_budget(&json!({"op": "steps"})));
    }
    Ok(answer)
}

/// The names of the techniques `steps` tries in the first state in `text`, in its order.
fn technique_names(text: &str, options: &ReadOptions) -> Result<Value, Failure> {
    let (_, state) = first_state(text, options)?;
    let names: Vec<String> = techniques::every(state.size(), state.limits())
        .iter()
        .map(|t| t.name())
        .collect();
    Ok(json!({ "techniques": names, "budget": DEFAULT_BUDGET, "most": MOST_LISTED }))
}

/// A state read, with what it was read from (the text and the alphabet asked for).
struct Read {
    text: String,
    symbols: Option<String>,
    puzzle: Puzzle,
    state: State,
}

thread_local! {
    /// The last state read: the next request on the same text (the page's listing asks one
    /// technique at a time) starts from it, its search not done again.
    static LAST_STATE: RefCell<Option<Read>> = const { RefCell::new(None) };
}

/// The puzzle of the first state in `text` and that state, as the engine starts from it (the
/// same as the last request's when the text is).
fn first_state(text: &str, options: &ReadOptions) -> Result<(Puzzle, State), Failure> {
    let kept = LAST_STATE.with_borrow(|last| match last {
        Some(read) if read.text == text && read.symbols == options.symbols => {
            Some((read.puzzle.clone(), read.state.clone()))
        }
        _ => None,
    });
    if let Some(kept) = kept {
        return Ok(kept);
    }
    let marks = marks(text, options)?
        .into_iter()
        .next()
        .ok_or("no grid in the state")?;
    let puzzle = marks.puzzle().map_err(|e| e.to_string())?;
    let settings = Settings::default()
        .options(puzzle.size())
        .map_err(|e| e.to_string())?;
    let state = engine::starting_state(marks, settings.limits);
    // Whether the state is unique may not be known when the budget ran out during its count.
    within_budget()?;
    LAST_STATE.set(Some(Read {
        text: text.to_string(),
        symbols: options.symbols.clone(),
        puzzle: puzzle.clone(),
        state: state.clone(),
    }));
    Ok((puzzle, state))
}

/// A person's state as text `gridlogic hint` reads: the puzzle in `text`, the digits and
/// candidates of the request's `"values"` and `"candidates"`.
fn state(text: &str, request: &Value, options: &ReadOptions) -> Result<Value, String> {
    let input = read::read_text(text, PLACE, options).map_err(|e| e.to_string())?;
    let [puzzle] = input.puzzles.as_slice() else {
        return Err(format!(
            "a state holds one puzzle, not {}",
            input.puzzles.len()
        ));
    };
    let numbers = |field: &str| -> Result<Vec<u64>, String> {
        let list = request[field].as_array();
        let list = list.filter(|list| list.len() == puzzle.layout().cell_count());
        let list = list.ok_or_else(|| format!("\"{field}\" is a number for each cell"))?;
        list.iter()
            .map(|v| v.as_u64().ok_or(format!("\"{field}\" holds numbers only")))
            .collect()
    };
    let (values, candidates) = (numbers("values")?, numbers("candidates")?);
    let size = puzzle.size();
    let mut grid = Grid::for_layout(puzzle.layout());
    for (cell, &value) in puzzle.layout().cells().zip(&values) {
        let value = usize::try_from(value).unwrap_or(usize::MAX);
        if value > size {
            return Err(format!(
                "\"values\" holds {value}, beyond the grid's {size} digits"
            ));
        }
        grid.set(cell, (value > 0).then(|| Digit::new(value)));
    }
    let full = DigitSet::full(size).bits();
    let candidates = candidates
        .iter()
        .map(|&bits| DigitSet::from_bits(u128::from(bits) & full))
        .collect();
    let layout = puzzle.layout_arc().clone();
    let marks = Marks {
        symbols: puzzle.symbols().clone(),
        ..Marks::new(layout, puzzle.givens().clone(), grid, candidates)
    };
    let text = render::state_text(&marks).map_err(|e| e.to_string())?;
    Ok(json!({ "text": text }))
}

/// What `gridlogic hint` prints for a Shikaku state, its JSON document, and at level 3 the way
/// to the next rectangle as the page draws it.
fn shikaku_hint(placed: Placed, detail: Detail) -> Result<Value, String> {
    let hint = shikaku::hint::hint(&placed, &shikaku::Options::default());
    let names = placed.puzzle.names();
    let lines: String = hint
        .lines(detail, &placed.puzzle)
        .iter()
        .map(|line| line.render(&names) + "\n")
        .collect();
    let shown = if detail == Detail::Step {
        hint.steps.as_slice()
    } else {
        &[]
    };
    let document = hint.json(detail, &placed.puzzle);
    let board = html::shikaku_board_steps(shown, &placed.puzzle, &names);
    Ok(json!({ "text": lines, "hints": [document], "board": [board] }))
}

/// A person's Shikaku state as text `gridlogic hint` reads: the puzzle in `text`, the
/// `rectangles` (`[top, left, height, width]` each, `null` for none).
fn shikaku_state(text: &str, rectangles: &Value) -> Result<Value, String> {
    let mut puzzles = shikaku::read::read_text(text, PLACE, &ReadOptions::default())
        .map_err(|e| e.to_string())?;
    let puzzle = puzzles.pop().filter(|_| puzzles.is_empty());
    let puzzle = puzzle.ok_or("a state holds one Shikaku puzzle")?;
    let list = rectangles.as_array().ok_or("\"rectangles\" is a list")?;
    let rects = list
        .iter()
        .filter(|r| !r.is_null())
        .map(|r| rect_of(r, &puzzle))
        .collect::<Result<Vec<_>, _>>()?;
    let text = shikaku::report::state_text(&puzzle, &rects);
    Ok(json!({ "text": text }))
}

/// A rectangle `[top, left, height, width]`, inside `puzzle`'s grid.
fn rect_of(value: &Value, puzzle: &shikaku::Shikaku) -> Result<Rect, String> {
    let bad = || format!("{value} is not a rectangle [top, left, height, width] in the grid");
    let numbers: Vec<usize> = value
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|n| n.as_u64().map(|n| n as usize).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    let [top, left, height, width] = numbers.as_slice() else {
        return Err(bad());
    };
    let rect = Rect {
        top: *top,
        left: *left,
        height: *height,
        width: *width,
    };
    let inside = rect.area() > 0 && rect.bottom() <= puzzle.rows() && rect.right() <= puzzle.cols();
    inside.then_some(rect).ok_or_else(bad)
}

/// The solve of each puzzle in `text`, as `explain --format json` writes it.
fn solve(text: &str, options: &ReadOptions) -> Result<Value, String> {
    let input = read::read_text(text, PLACE, options).map_err(|e| e.to_string())?;
    let settings = Settings::default();
    let mut documents = Vec::new();
    for (index, puzzle) in input.puzzles.iter().enumerate() {
        let options = settings.options(puzzle.size()).map_err(|e| e.to_string())?;
        let solve: RatedSolve =
            RatedSolve::new(engine::solve(puzzle, &options), Ratings::default());
        let id = Id::Number(index + 1);
        let document = json::document(&solve, &id);
        documents.push(serde_json::to_value(document).map_err(|e| e.to_string())?);
    }
    Ok(json!({ "documents": documents }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixture of the main crate, as text.
    fn fixture(name: &str) -> String {
        let path = format!("{}/../fixtures/text/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    fn ask(request: Value) -> Value {
        serde_json::from_str(&respond(&request.to_string())).unwrap()
    }

    #[test]
    fn a_hint_is_what_the_command_prints() {
        let state = fixture("top1465-36.txt");
        let answer = ask(json!({"op": "hint", "level": 1, "state": state}));
        assert_eq!(answer["text"], "Hint: Singles; look at box 2.\n");
        assert_eq!(answer["hints"][0]["verdict"], "unique");
    }

    #[test]
    fn steps_and_solves_come_as_the_json_of_explain() {
        let state = fixture("xwing-pencil.txt");
        let answer = ask(json!({"op": "steps", "state": state}));
        let steps = answer["steps"].as_array().unwrap();
        assert!(steps.iter().any(|s| s["technique"] == "X-Wing"), "{answer}");
        let puzzle = fixture("generated-hard-16x16.txt");
        let answer = ask(json!({"op": "solve", "puzzle": puzzle}));
        let document = &answer["documents"][0];
        assert_eq!(document["unique"], true, "{answer}");
        assert_sudoku_solution(&puzzle, &document["solution"]);
    }

    /// `solution` (rows of numbers) keeps every given of `puzzle` (16x16, `1-9A-G` on its last line)
    /// and holds each number once in every row, column and 4x4 box: the rules, checked here.
    fn assert_sudoku_solution(puzzle: &str, solution: &Value) {
        let cells: Vec<u64> = solution
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()))
            .collect();
        assert_eq!(cells.len(), 256);
        let line = puzzle.lines().last().unwrap();
        assert_eq!(line.chars().count(), 256);
        for (cell, symbol) in cells.iter().zip(line.chars()) {
            // 1-9 then A-G for 10-16: base 17 reads both.
            if let Some(given) = symbol.to_digit(17) {
                assert_eq!(*cell, u64::from(given), "{symbol}");
            }
        }
        let houses = (0..16).flat_map(|i| {
            let row = (0..16).map(move |j| i * 16 + j);
            let col = (0..16).map(move |j| j * 16 + i);
            let boxed = (0..16).map(move |j| (i / 4 * 4 + j / 4) * 16 + i % 4 * 4 + j % 4);
            [row.collect::<Vec<_>>(), col.collect(), boxed.collect()]
        });
        for house in houses {
            let mut seen: Vec<u64> = house.iter().map(|&c| cells[c]).collect();
            seen.sort();
            assert_eq!(seen, (1..=16).collect::<Vec<u64>>());
        }
    }

    #[test]
    fn shikaku_states_and_hints() {
        let path = format!(
            "{}/../fixtures/shikaku/janko-045.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let puzzle = std::fs::read_to_string(path).unwrap();
        // The 6 at r10c4 along the bottom row, as the puzzle's published solution has it.
        let rectangles = json!([null, [9, 0, 1, 6]]);
        let state = ask(json!({"op": "state", "puzzle": puzzle, "rectangles": rectangles}));
        let state = state["text"].as_str().unwrap();
        assert!(state.ends_with("rectangles:\nr10c1-r10c6\n"), "{state}");
        let answer = ask(json!({"op": "hint", "level": 3, "state": state}));
        assert_eq!(answer["hints"][0]["verdict"], "unique", "{answer}");
        let way = answer["board"][0].as_array().unwrap();
        assert!(way.last().unwrap()["placed"].is_array(), "{answer}");
        let wrong = state.replace("r10c1-r10c6", "r9c2-r10c4");
        let answer = ask(json!({"op": "hint", "level": 1, "state": wrong}));
        assert_eq!(answer["hints"][0]["mistakes"][0]["kind"], "wrong_rectangle");
    }

    /// A Samurai's state (its 369 cells in reading order over the sheet) is written as text
    /// `gridlogic hint` reads back, and a hint names a cell by its place on the sheet.
    #[test]
    fn an_overlapping_state_reads_back_and_gets_a_hint() {
        let path = format!(
            "{}/../fixtures/overlap/samurai.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let puzzle = std::fs::read_to_string(path).unwrap();
        let given = |symbol: &str| symbol.parse::<u64>().unwrap_or(0);
        let values: Vec<u64> = puzzle
            .lines()
            .filter(|line| line.split_whitespace().count() == 21)
            .flat_map(|line| line.split_whitespace().map(given).collect::<Vec<_>>())
            .collect();
        assert_eq!(values.len(), 21 * 21);
        // The dataset's form writes the gaps as `-` too: the cells are the grids' positions.
        let shape = gridlogic::model::overlap::Arrangement::Samurai.shape();
        let (rows, cols) = shape.extent();
        let cells: Vec<u64> = (0..rows * cols)
            .filter(|&at| shape.cell_at(at / cols, at % cols).is_some())
            .map(|at| values[at])
            .collect();
        assert_eq!(cells.len(), 369);
        let candidates = vec![0; 369];
        let answer = ask(json!({"op": "state", "puzzle": puzzle, "values": cells,
            "candidates": candidates}));
        let state = answer["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        let answer = ask(json!({"op": "hint", "level": 3, "state": state}));
        assert_eq!(answer["hints"][0]["verdict"], "unique", "{answer}");
        let text = answer["text"].as_str().unwrap();
        assert!(text.starts_with("Hint: "), "{text}");
    }

    /// A puzzle of `size` with no given, as text.
    fn empty(size: usize) -> String {
        format!("{}\n", ".".repeat(size * size))
    }

    #[test]
    fn a_request_over_its_budget_stops_and_names_the_command_without_the_limit() {
        let cases = [
            (
                json!({"op": "solve", "puzzle": empty(25), "budget": 2_000_000}),
                "`gridlogic solve puzzle.txt`",
            ),
            (
                json!({"op": "hint", "level": 2, "state": empty(36), "budget": 2_000_000}),
                "`gridlogic hint grid.txt --level 2`",
            ),
        ];
        for (request, command) in cases {
            let answer = ask(request.clone());
            let message = answer["over_budget"].as_str().unwrap_or_default();
            assert!(message.contains(command), "{request}: {answer}");
            assert_eq!(answer["work"], 2_000_000, "{answer}");
            // Counted, not timed: the same request stops at the same point.
            assert_eq!(respond(&request.to_string()), answer.to_string());
        }
    }

    #[test]
    fn a_listing_holds_at_most_its_most_steps_and_what_it_listed_within_its_budget() {
        // top1465 #36 without its first given has several solutions and tens of thousands of
        // steps.
        let several = fixture("top1465-36.txt").replacen('7', ".", 1);
        let answer = ask(json!({"op": "steps", "state": several}));
        assert_eq!(answer["steps"].as_array().unwrap().len(), MOST_LISTED);
        assert_eq!(answer["board"].as_array().unwrap().len(), MOST_LISTED);
        assert_eq!(answer["cut_short"], true);
        let answer = ask(json!({"op": "steps", "state": several, "most": 5}));
        assert_eq!(answer["steps"].as_array().unwrap().len(), 5);
        // A budget spent partway keeps the steps listed by then, a prefix of the whole list.
        let whole = ask(json!({"op": "steps", "state": fixture("top1465-36.txt")}));
        assert!(whole.get("over_budget").is_none(), "{whole}");
        let work = whole["work"].as_u64().unwrap();
        let request =
            json!({"op": "steps", "state": fixture("top1465-36.txt"), "budget": work / 2});
        let part = ask(request.clone());
        let listed = part["steps"].as_array().unwrap();
        assert!(
            part["over_budget"].is_string() && part["cut_short"] == true,
            "{part}"
        );
        assert!(listed.len() < whole["steps"].as_array().unwrap().len());
        assert_eq!(
            listed[..],
            whole["steps"].as_array().unwrap()[..listed.len()]
        );
        assert_eq!(respond(&request.to_string()), part.to_string());
    }

    #[test]
    fn bad_requests_are_errors() {
        assert!(respond("{").contains("\"error\""));
        assert!(ask(json!({"op": "guess"}))["error"].is_string());
        assert!(ask(json!({"op": "hint"}))["error"].is_string());
        assert!(ask(json!({"op": "hint", "level": 4, "state": "1"}))["error"].is_string());
        assert!(ask(json!({"op": "solve", "puzzle": "12"}))["error"].is_string());
    }
}
