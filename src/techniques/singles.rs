//! Singles: full house, naked single, hidden single (per house kind).

use crate::core::{SingleHouse, State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, HouseKind};
use crate::techniques::Sink;

/// The last empty cell of a house takes the one digit missing there.
pub fn full_house(state: &State, sink: &mut Sink) {
    for (id, house) in state.layout().houses().iter().enumerate() {
        if state.empty_in(id) != 1 {
            continue;
        }
        let Some(&cell) = house.cells.iter().find(|&&c| state.value(c).is_none()) else {
            continue;
        };
        let Some(digit) = state.missing(id).as_single() else {
            continue;
        };
        if !state.candidates(cell).contains(digit) {
            continue;
        }
        let explanation = explain!(
            "Full house in {}: {} is its last empty cell and takes {}",
            House(id),
            cell,
            digit
        );
        let placed = Candidate::new(cell, digit);
        if !sink(Step::placing(
            Technique::FullHouse,
            placed,
            Some(id),
            explanation,
        )) {
            return;
        }
    }
}

/// A cell with a single candidate takes it.
pub fn naked_single(state: &State, sink: &mut Sink) {
    for cell in state.layout().cells() {
        let Some(digit) = state.candidates(cell).as_single() else {
            continue;
        };
        let explanation = explain!("Naked single: {} can only be {}", cell, digit);
        let placed = Candidate::new(cell, digit);
        if !sink(Step::placing(
            Technique::NakedSingle,
            placed,
            None,
            explanation,
        )) {
            return;
        }
    }
}

/// A digit with one place left in a house of the given kind goes there.
pub fn hidden_single(state: &State, kind: SingleHouse, sink: &mut Sink) {
    let wanted = match kind {
        SingleHouse::Region => HouseKind::Region,
        SingleHouse::Row => HouseKind::Row,
        SingleHouse::Column => HouseKind::Column,
        SingleHouse::Extra => HouseKind::Extra,
    };
    for (id, house) in state.layout().houses().iter().enumerate() {
        if house.kind != wanted {
            continue;
        }
        for digit in state.lone_places(id).iter() {
            let Some(&cell) = house
                .cells
                .iter()
                .find(|&&c| state.candidates(c).contains(digit))
            else {
                continue;
            };
            let explanation = explain!(
                "Hidden single in {}: {} fits only {}",
                House(id),
                digit,
                cell
            );
            let placed = Candidate::new(cell, digit);
            if !sink(Step::placing(
                Technique::HiddenSingle(kind),
                placed,
                Some(id),
                explanation,
            )) {
                return;
            }
        }
    }
}
