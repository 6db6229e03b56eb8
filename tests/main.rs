//! Every integration test in one binary: one link rather than one per file, and the tests of
//! all files share the machine's cores (`cargo test` runs test binaries one after another, and
//! one whose few tests are long leaves a core idle). Each file below is a module; its tests are named
//! by it (`cargo test --release --test integration forcing::` runs those of tests/forcing.rs).

mod common;

mod annotated;
mod batch;
mod board;
mod cli;
mod docs;
mod engine;
mod explain_all;
mod faithful;
mod forcing;
mod fuzz_replay;
mod generate;
mod giant;
mod guide;
mod hint;
mod hodoku_rating;
mod hostile;
mod html;
mod layers;
mod levels;
mod marked;
mod messages;
mod nets;
mod outputs;
mod overlap;
mod overlap_page;
mod overlap_workbook;
mod practice;
mod print;
mod reglib;
mod se_rating;
mod search;
mod sheets;
mod shikaku;
mod shikaku_board;
mod variants;
mod words;
mod workbooks;
