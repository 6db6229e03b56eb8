//! Collections as a user feeds them to `batch` (and `check`, `solve`, `explain`): one row per line
//! whatever the line holds, verdicts checked against the `sudoku` crate, given solutions checked,
//! standard input and output, JSON Lines, jigsaw regions kept, and an interrupted run that keeps
//! its finished rows.

use crate::common;

use crate::common::{csv_rows, fixture, run, scratch};
use std::io::Write;
use std::process::{Command, Stdio};

/// The three top1465 puzzles of the fixtures, one per line.
fn top1465() -> Vec<String> {
    std::fs::read_to_string(fixture("text/top1465-first3.txt"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A CSV grid fixture as one line (`.` for empty).
fn grid_line(name: &str) -> String {
    std::fs::read_to_string(fixture(&format!("seed/{name}")))
        .unwrap()
        .split([',', '\n'])
        .filter(|t| !t.is_empty())
        .map(|t| if t == "0" { "." } else { t })
        .collect()
}

/// The solution by the `sudoku` crate, when there is exactly one.
fn solution(line: &str) -> String {
    let puzzle = sudoku::Sudoku::from_str_line(line).unwrap();
    assert_eq!(puzzle.solutions_count_up_to(2), 1, "{line}");
    puzzle.solution().unwrap().to_str_line().to_string()
}

/// Runs the binary with `input` on standard input.
fn run_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridlogic"))
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A `quizzes,solutions` collection with bad lines in the middle, and what each line is.
fn kaggle_like() -> (String, Vec<(&'static str, &'static str)>) {
    let top = top1465();
    let several = grid_line("generator-holes-45.csv");
    let none = grid_line("search-6-9x9.csv");
    assert_eq!(
        sudoku::Sudoku::from_str_line(&several)
            .unwrap()
            .solutions_count_up_to(2),
        2
    );
    assert_eq!(
        sudoku::Sudoku::from_str_line(&none)
            .unwrap()
            .solutions_count_up_to(2),
        0
    );
    let right = solution(&top[1]);
    let mut wrong = right.clone().into_bytes();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    let mut duplicate = top[2].clone();
    duplicate.replace_range(1..2, &top[2][..1]);
    let text = [
        "quizzes,solutions".to_string(),
        format!("{},{}", top[0], solution(&top[0])),
        format!("{},", &top[1][..80]),
        format!("{},{right}", top[1]),
        format!("{},{wrong}", top[1]),
        format!("{},", top[2].replacen('.', "?", 1)),
        format!("{duplicate},"),
        format!("{several},"),
        format!("{none},"),
    ]
    .join("\n");
    let expected = vec![
        ("unique", "true"),
        ("invalid", ""),
        ("unique", "true"),
        ("unique", "false"),
        ("invalid", ""),
        ("invalid", ""),
        ("multiple", ""),
        ("none", ""),
    ];
    (text + "\n", expected)
}

#[test]
fn bad_lines_in_the_middle_give_one_row_each_with_its_status() {
    let dir = scratch("batch-bad-lines");
    let (text, expected) = kaggle_like();
    let input = dir.join("quizzes.csv");
    std::fs::write(&input, &text).unwrap();
    let (code, out, err) = run(&["batch", input.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let rows = csv_rows(&out);
    let found: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["status"].as_str(), r["solution_matches"].as_str()))
        .collect();
    assert_eq!(found, expected, "{out}");
    let ids: Vec<&str> = rows.iter().map(|r| r["id"].as_str()).collect();
    assert_eq!(ids, ["2", "3", "4", "5", "6", "7", "8", "9"]);
    for row in &rows {
        let fine = row["status"] == "unique" && row["solution_matches"] != "false";
        assert_eq!(row["detail"].is_empty(), fine, "{row:?}");
        let rated = !row["level"].is_empty() && !row["score"].is_empty();
        assert_eq!(rated, !row["solution"].is_empty(), "{row:?}");
    }
    assert!(
        rows[1]["detail"].contains("80 symbols, one short of a 9x9's 81"),
        "{:?}",
        rows[1]
    );
    assert!(rows[4]["detail"].contains("'?'"), "{:?}", rows[4]);
    assert!(rows[5]["detail"].contains("appears twice"), "{:?}", rows[5]);
    assert!(
        rows[7]["detail"].starts_with("no solution"),
        "{:?}",
        rows[7]
    );
    assert!(
        err.contains("8 rows in") && err.contains("3 unique, 1 multiple, 1 none, 3 invalid"),
        "{err}"
    );
    // One thread, reading, solving and writing in turn, gives the same rows but for the times.
    let (code, alone, _) = run(&["batch", input.to_str().unwrap(), "--jobs", "1"]);
    assert_eq!(code, 1);
    let untimed = |mut rows: Vec<std::collections::HashMap<String, String>>| {
        for row in &mut rows {
            row.remove("microseconds");
        }
        rows
    };
    assert_eq!(untimed(csv_rows(&alone)), untimed(rows));
    // `check` says the same of every line, and goes on past the bad ones.
    let (code, out, _) = run(&["check", input.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("line 3: invalid: the puzzle has 80 symbols"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "8 puzzles: 3 unique, 1 with several solutions, 1 without solution, 3 invalid\n"
        ),
        "{out}"
    );
}

#[test]
fn standard_input_and_output_and_json_lines_give_the_same_rows() {
    let (text, expected) = kaggle_like();
    let dir = scratch("batch-stdin");
    let input = dir.join("quizzes.csv");
    std::fs::write(&input, &text).unwrap();
    let (_, from_file, _) = run(&["batch", input.to_str().unwrap()]);
    let (code, from_stdin, _) = run_with_input(&["batch", "-", "-o", "-"], &text);
    assert_eq!(code, 1);
    let without_time = |text: &str| {
        let mut rows = csv_rows(text);
        rows.iter_mut().for_each(|r| {
            r.remove("microseconds");
        });
        rows
    };
    assert_eq!(without_time(&from_stdin), without_time(&from_file));
    let (_, jsonl, _) = run_with_input(&["batch", "-", "--format", "jsonl"], &text);
    let objects: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), expected.len());
    for ((object, row), (status, _)) in objects.iter().zip(csv_rows(&from_file)).zip(&expected) {
        assert_eq!(object["schema_version"], 2);
        assert_eq!(object["status"], *status);
        assert_eq!(object["id"], row["id"].parse::<u64>().unwrap());
        let keys: Vec<&String> = object.as_object().unwrap().keys().skip(1).collect();
        let mut names: Vec<&String> = row.keys().collect();
        names.sort();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(sorted, names);
    }
}

#[test]
fn jigsaw_rows_keep_their_regions() {
    let file = "fixtures/text/jigsaw-lines-5x5-7x7.txt";
    let (code, out, err) = run(&["batch", file]);
    assert_eq!(code, 0, "{err}");
    let published = std::fs::read_to_string(fixture("text/jigsaw-lines-5x5-7x7.txt")).unwrap();
    let rows = csv_rows(&out);
    assert_eq!(rows.len(), published.lines().count());
    for (row, line) in rows.iter().zip(published.lines()) {
        let fields: Vec<&str> = line.split(' ').collect();
        // The dataset's letters follow the order of first appearance, as gridlogic's do.
        assert_eq!(row["regions"], fields[2], "{line}");
        assert_eq!(row["solution"], fields[3], "{line}");
        assert_eq!(row["solution_matches"], "true", "{line}");
    }
}

#[test]
fn every_command_gives_a_puzzle_with_several_solutions_exit_code_1() {
    let file = "fixtures/seed/generator-holes-45.csv";
    for args in [
        vec!["check", file],
        vec!["solve", file],
        vec!["explain", file],
        vec!["batch", file],
        vec!["check", file, "--format", "json"],
        vec!["explain", file, "--format", "jsonl"],
    ] {
        let (code, out, _) = run(&args);
        assert_eq!(code, 1, "{args:?}");
        let json = args.contains(&"--format");
        assert_eq!(
            out.contains("\"status\":") || out.contains("\"status\": "),
            json
        );
        let said = out.to_lowercase();
        assert!(
            said.contains("multiple") || said.contains("not unique"),
            "{args:?}: {out}"
        );
    }
    let (code, _, _) = run(&["solve", file, "--random"]);
    assert_eq!(code, 0);
}

#[test]
fn an_interrupted_batch_keeps_the_old_file_until_it_puts_every_finished_row_in_place() {
    // On several threads rows are handed to a writer; on one the same thread writes them.
    interrupt_a_batch(&[], "batch-interrupt", "INT");
    interrupt_a_batch(&["--jobs", "1"], "batch-interrupt-one-thread", "INT");
    interrupt_a_batch(&[], "batch-terminate", "TERM");
}

#[test]
fn a_batch_whose_terminal_closes_keeps_its_finished_rows_and_no_temporary() {
    // Closing the terminal sends SIGHUP, which ends a process that does not handle it: every
    // finished row lost, and the temporary left behind.
    interrupt_a_batch(&[], "batch-hangup", "HUP");
    interrupt_a_batch(&["--jobs", "1"], "batch-hangup-one-thread", "HUP");
}

/// Sends `signal` (`INT`, `TERM`, `HUP`) to a long `batch -o rows.csv --force` (with `jobs`) once
/// it has written some rows, and checks that it ends with exit 130 and every finished row in
/// place, whole, and no temporary left.
fn interrupt_a_batch(jobs: &[&str], scratch_name: &str, signal: &str) {
    let dir = scratch(scratch_name);
    let source = fixture("text/top1465-first3.txt");
    let lines = std::fs::read_to_string(source).unwrap();
    let input = dir.join("many.txt");
    std::fs::write(&input, lines.repeat(3000)).unwrap();
    let output = dir.join("rows.csv");
    std::fs::write(&output, "old\n").unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_gridlogic"))
        .args([
            "batch",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
            "--force",
        ])
        .args(jobs)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until some rows are written beside the old file, which stays as it was until the
    // end (the header alone is one line).
    let temporary = dir.join(format!(".rows.csv.{}.tmp", child.id()));
    while std::fs::read_to_string(&temporary).map_or(0, |t| t.lines().count()) < 3 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "old\n");
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let finished = child.wait_with_output().unwrap();
    assert_eq!(
        finished.status.code(),
        Some(130),
        "{signal}: {:?}",
        finished.status
    );
    let err = String::from_utf8_lossy(&finished.stderr);
    assert!(err.starts_with("interrupted after "), "{err}");
    let text = std::fs::read_to_string(&output).unwrap();
    assert!(text.starts_with("id,status,") && text.ends_with('\n'));
    let rows = csv_rows(&text);
    assert!(rows.len() >= 2 && rows.len() < 9000, "{}", rows.len());
    let columns = rows[0].len();
    for (n, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), columns);
        assert_eq!(row["id"], (n + 1).to_string());
        assert_eq!(row["status"], "unique");
        assert_eq!(row["solution"], solution(&row["puzzle"]));
    }
    assert!(err.contains(&format!("after {} rows", rows.len())), "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 2, "{signal}: {left:?}");
}
