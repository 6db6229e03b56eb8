//! Singles: full house, naked single, hidden single (per house kind).

use crate::core::{SingleHouse, State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, Digit, HouseKind};
use crate::techniques::Sink;

/// The last empty cell of a house takes the one digit missing there.
pub fn full_house(state: &State, sink: &mut Sink) {
    let houses = 0..state.layout().houses().len();
    for step in houses.filter_map(|id| full_house_in(state, id)) {
        if !sink(step) {
            return;
        }
    }
}

/// The full house of house `id`: its last empty cell takes the one digit missing there.
fn full_house_in(state: &State, id: usize) -> Option<Step> {
    if state.empty_in(id) != 1 {
        return None;
    }
    let house = &state.layout().houses()[id];
    let &cell = house.cells.iter().find(|&&c| state.value(c).is_none())?;
    let digit = state.missing(id).as_single()?;
    if !state.candidates(cell).contains(digit) {
        return None;
    }
    let explanation = explain!(
        "Full house in {}: {} is its last empty cell and takes {}",
        House(id),
        cell,
        digit
    );
    let placed = Candidate::new(cell, digit);
    Some(Step::placing(
        Technique::FullHouse,
        placed,
        Some(id),
        explanation,
    ))
}

/// A cell with a single candidate takes it.
pub fn naked_single(state: &State, sink: &mut Sink) {
    let cells = state.layout().cells();
    for step in cells.filter_map(|cell| naked_single_at(state, cell)) {
        if !sink(step) {
            return;
        }
    }
}

/// The naked single of `cell`, when it has one candidate.
fn naked_single_at(state: &State, cell: Cell) -> Option<Step> {
    let digit = state.candidates(cell).as_single()?;
    let explanation = explain!("Naked single: {} can only be {}", cell, digit);
    let placed = Candidate::new(cell, digit);
    Some(Step::placing(
        Technique::NakedSingle,
        placed,
        None,
        explanation,
    ))
}

/// A digit with one place left in a house of the given kind goes there.
pub fn hidden_single(state: &State, kind: SingleHouse, sink: &mut Sink) {
    let wanted = house_kind(kind);
    for (id, house) in state.layout().houses().iter().enumerate() {
        if house.kind != wanted {
            continue;
        }
        let digits = state.lone_places(id).iter();
        for step in digits.filter_map(|digit| hidden_single_in(state, kind, id, digit)) {
            if !sink(step) {
                return;
            }
        }
    }
}

/// The kind of house a hidden single of `kind` is found in.
fn house_kind(kind: SingleHouse) -> HouseKind {
    match kind {
        SingleHouse::Region => HouseKind::Region,
        SingleHouse::Row => HouseKind::Row,
        SingleHouse::Column => HouseKind::Column,
        SingleHouse::Extra => HouseKind::Extra,
    }
}

/// The hidden single of `digit` in house `id` (of `kind`), where `digit` has one place left.
fn hidden_single_in(state: &State, kind: SingleHouse, id: usize, digit: Digit) -> Option<Step> {
    let house = &state.layout().houses()[id];
    let &cell = (house.cells.iter()).find(|&&c| state.candidates(c).contains(digit))?;
    let explanation = explain!(
        "Hidden single in {}: {} fits only {}",
        House(id),
        digit,
        cell
    );
    let placed = Candidate::new(cell, digit);
    Some(Step::placing(
        Technique::HiddenSingle(kind),
        placed,
        Some(id),
        explanation,
    ))
}

/// The step of the single `technique` (a full house, naked or hidden single) that places
/// `wanted`, as its finder states it: the same step, found without searching the grid for it.
/// `None` when `wanted` is no such single in `state`.
pub fn single_placing(state: &State, technique: Technique, wanted: Candidate) -> Option<Step> {
    let cell = wanted.cell;
    let houses = state.layout().houses_of(cell);
    match technique {
        Technique::FullHouse => houses
            .iter()
            .filter_map(|&id| full_house_in(state, id))
            .find(|step| step.placements.contains(&wanted)),
        Technique::NakedSingle => {
            naked_single_at(state, cell).filter(|step| step.placements.contains(&wanted))
        }
        Technique::HiddenSingle(kind) => houses
            .iter()
            .filter(|&&id| state.layout().houses()[id].kind == house_kind(kind))
            .filter(|&&id| state.lone_places(id).contains(wanted.digit))
            .filter_map(|&id| hidden_single_in(state, kind, id, wanted.digit))
            .find(|step| step.placements.contains(&wanted)),
        _ => None,
    }
}
