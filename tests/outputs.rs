//! Outputs never lose or clobber a file: `batch -o` refuses an existing file without `--force`,
//! no command writes over an input (also through a hard or symbolic link), a symbolic link stays
//! a link, and a failed write (full disk, file size limit) leaves the old file whole and no
//! temporary behind. An interrupted `batch` is in `tests/batch.rs`.

use crate::common::{csv_rows, fixture, run, scratch};
use std::path::Path;
use std::process::Command;

/// The three top1465 puzzles of the fixtures, one per line.
fn three_puzzles() -> String {
    std::fs::read_to_string(fixture("text/top1465-first3.txt")).unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `path` as a string argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn batch_refuses_an_existing_file_without_force_and_replaces_it_with_force() {
    let dir = scratch("outputs-force");
    let input = dir.join("in.txt");
    std::fs::write(&input, three_puzzles()).unwrap();
    let output = dir.join("rows.csv");
    std::fs::write(&output, "precious\n").unwrap();
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&output)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("rows.csv: it exists; use --force"), "{err}");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "precious\n");
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&output), "--force"]);
    assert_eq!(code, 0, "{err}");
    let rows = csv_rows(&std::fs::read_to_string(&output).unwrap());
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|row| row["status"] == "unique"));
    assert_eq!(names(&dir), ["in.txt", "rows.csv"]);
}

#[test]
fn no_command_writes_over_its_input_through_a_hard_link() {
    let dir = scratch("outputs-hard-link");
    let input = dir.join("in.txt");
    std::fs::write(&input, three_puzzles()).unwrap();
    let linked = dir.join("linked.csv");
    std::fs::hard_link(&input, &linked).unwrap();
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&linked), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is the input file"), "{err}");

    let book = dir.join("puzzle.xlsx");
    std::fs::copy(fixture("workbooks/sudoku-9x9.xlsx"), &book).unwrap();
    let book_link = dir.join("copy.xlsx");
    std::fs::hard_link(&book, &book_link).unwrap();
    let before = std::fs::read(&book).unwrap();
    let (code, _, err) = run(&["solve", arg(&book), "-o", arg(&book_link), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is the input file"), "{err}");
    assert_eq!(std::fs::read(&book).unwrap(), before);

    let map = dir.join("map.txt");
    std::fs::copy(fixture("text/regions-5x5.txt"), &map).unwrap();
    let map_link = dir.join("map-link.txt");
    std::fs::hard_link(&map, &map_link).unwrap();
    for output in [&map, &map_link] {
        let args = [
            "generate",
            "--size",
            "5",
            "--regions",
            arg(&map),
            "--seed",
            "1",
        ];
        let (code, _, err) = run(&[&args[..], &["-o", arg(output), "--force"]].concat());
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("it is the region map (--regions)"), "{err}");
    }
    let map_text = std::fs::read_to_string(&map).unwrap();
    assert_eq!(
        map_text,
        std::fs::read_to_string(fixture("text/regions-5x5.txt")).unwrap()
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), three_puzzles());
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_a_link_to_the_replaced_file() {
    let dir = scratch("outputs-symlink");
    let input = dir.join("in.txt");
    std::fs::write(&input, three_puzzles()).unwrap();
    std::fs::create_dir(dir.join("data")).unwrap();
    let real = dir.join("data/rows.csv");
    std::fs::write(&real, "old\n").unwrap();
    let link = dir.join("rows.csv");
    std::os::unix::fs::symlink("data/rows.csv", &link).unwrap();
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&link), "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("data/rows.csv")
    );
    assert_eq!(csv_rows(&std::fs::read_to_string(&real).unwrap()).len(), 3);
    assert_eq!(names(&dir.join("data")), ["rows.csv"]);

    // A link to the input is the input.
    let to_input = dir.join("to-input.csv");
    std::os::unix::fs::symlink("in.txt", &to_input).unwrap();
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&to_input), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is the input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), three_puzzles());
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_behind_a_link_exits_2_with_the_reason() {
    let dir = scratch("outputs-full");
    let input = dir.join("in.txt");
    std::fs::write(&input, three_puzzles()).unwrap();
    let full = dir.join("rows.csv");
    std::os::unix::fs::symlink("/dev/full", &full).unwrap();
    let (code, _, err) = run(&["batch", arg(&input), "-o", arg(&full), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("rows.csv: the disk is full"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert!(
        std::fs::symlink_metadata(&full)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(names(&dir), ["in.txt", "rows.csv"]);
}

/// Runs the binary with `args` where a file may grow to 4 KB at most (`ulimit -f 8`, 512-byte
/// blocks), as on a disk that fills up: a longer write fails (EFBIG, "File too large").
#[cfg(unix)]
fn run_with_small_files(args: &[&str]) -> (i32, String) {
    let script = r#"trap "" XFSZ; ulimit -f 8; exec "$0" "$@""#;
    let output = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_gridlogic")])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code().unwrap_or(-1), err)
}

#[cfg(unix)]
#[test]
fn a_write_that_fails_halfway_leaves_the_old_file_whole_and_no_temporary() {
    let dir = scratch("outputs-write-fails");
    let input = dir.join("in.txt");
    // 30 rows of about 280 bytes: more than the 4 KB a file may grow to.
    std::fs::write(&input, three_puzzles().repeat(10)).unwrap();
    let output = dir.join("rows.csv");
    let old = "id,status\n1,unique\n".repeat(300);
    std::fs::write(&output, &old).unwrap();
    let (code, err) = run_with_small_files(&["batch", arg(&input), "-o", arg(&output), "--force"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "rows.csv: the file is larger than the system allows; nothing was written there"
        ),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&output).unwrap(), old);
    assert_eq!(names(&dir), ["in.txt", "rows.csv"]);

    // The same for a workbook: the solve is printed, the workbook is not written.
    let book = dir.join("puzzle.xlsx");
    std::fs::copy(fixture("workbooks/sudoku-9x9.xlsx"), &book).unwrap();
    let solved = dir.join("solved.xlsx");
    let (code, err) = run_with_small_files(&["solve", arg(&book), "-o", arg(&solved)]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("solved.xlsx: the file is larger than the system allows"),
        "{err}"
    );
    assert_eq!(names(&dir), ["in.txt", "puzzle.xlsx", "rows.csv"]);
}
