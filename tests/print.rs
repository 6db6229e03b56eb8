//! PDF booklets (`generate -o NAME.pdf`, `print`), read back with poppler-utils: the pages of a
//! Killer rendered by `pdftoppm`, whose box borders must be unbroken under the cages; the page
//! count for each number of puzzles a page (`pdfinfo`); the even cells and bars of marked puzzles
//! where their fixtures put them (`pdftoppm`); the solutions after every puzzle and equal
//! to an independent solver's (`pdftotext`); clear errors for bad options; the same bytes twice.
//! Without poppler-utils, those tests are ignored with the reason (`no_poppler`, build.rs), and
//! under CI they fail: `.ci/run` installs it.

use crate::common;

use crate::common::{fixture, run, scratch};
use std::path::Path;
use std::process::Command;

/// `path` as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs gridlogic and expects exit code `code`; returns standard error.
fn gridlogic(args: &[&str], code: i32) -> String {
    let (got, out, err) = run(args);
    assert_eq!(got, code, "{args:?}: {out}{err}");
    err
}

/// The output of a poppler tool.
fn poppler_output(tool: &str, args: &[&str]) -> String {
    let output = Command::new(tool).args(args).output().unwrap();
    assert!(output.status.success(), "{tool} {args:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The number of pages `pdfinfo` counts.
fn pages(pdf: &Path) -> usize {
    let info = poppler_output("pdfinfo", &[arg(pdf)]);
    let line = info.lines().find(|l| l.starts_with("Pages:")).unwrap();
    line["Pages:".len()..].trim().parse().unwrap()
}

/// A greyscale picture: width, height, one byte a pixel (0 black).
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Picture {
    /// Page `page` of `pdf` rendered by `pdftoppm` in grey at `dpi`.
    fn render(pdf: &Path, page: usize, dpi: usize) -> Picture {
        let page = page.to_string();
        let dpi = dpi.to_string();
        let args = ["-gray", "-r", &dpi, "-f", &page, "-l", &page, arg(pdf)];
        let output = Command::new("pdftoppm").args(args).output().unwrap();
        assert!(output.status.success());
        Picture::from_pgm(&output.stdout)
    }

    /// A binary PGM (`P5`, 8 bits).
    fn from_pgm(bytes: &[u8]) -> Picture {
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        }
        assert_eq!(fields[0], "P5");
        let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        Picture {
            width,
            height,
            pixels: bytes[at + 1..].to_vec(),
        }
    }

    fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }
}

/// What counts as dark: a black line, not a grey hairline (grey 0.35, 89 at most) or the paper.
const DARK: u8 = 50;

/// The lines of a grid drawn inside the box `(x0, y0)`–`(x1, y1)` of `picture`, across (rows)
/// or down (columns): the rows or columns whose longest dark run is at least 90% of the
/// longest in the box, grouped where they touch, each as (first, last, run start, run end).
fn long_lines(
    picture: &Picture,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
    across: bool,
) -> Vec<(usize, usize, usize, usize)> {
    let (lines, along) = if across {
        (y0..y1, x0..x1)
    } else {
        (x0..x1, y0..y1)
    };
    let dark = |line: usize, pos: usize| match across {
        true => picture.at(pos, line) < DARK,
        false => picture.at(line, pos) < DARK,
    };
    let runs: Vec<(usize, usize, usize)> = lines
        .map(|line| {
            let (mut best, mut start) = ((0, 0), None);
            for pos in along.clone().chain([along.end]) {
                match (start, pos < along.end && dark(line, pos)) {
                    (None, true) => start = Some(pos),
                    (Some(s), false) => {
                        if pos - s > best.1 - best.0 {
                            best = (s, pos);
                        }
                        start = None;
                    }
                    _ => {}
                }
            }
            (line, best.0, best.1)
        })
        .collect();
    let longest = runs.iter().map(|r| r.2 - r.1).max().unwrap_or(0);
    let mut found: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (line, start, end) in runs {
        if (end - start) * 10 < longest * 9 {
            continue;
        }
        match found.last_mut() {
            Some(last) if last.1 + 1 == line => last.1 = line,
            _ => found.push((line, line, start, end)),
        }
    }
    found
}

/// Whether a cage of the first Killer of `text` (gridlogic's text format: a comment line per
/// puzzle, `9 9`, nine lines of sums, nine of cage labels) crosses a box border.
fn a_cage_crosses_a_box_border(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let labels: Vec<Vec<&str>> = lines[10..19]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    (0..9).any(|r| {
        (0..9).any(|c| {
            (c % 3 == 2 && c < 8 && labels[r][c] == labels[r][c + 1])
                || (r % 3 == 2 && r < 8 && labels[r][c] == labels[r + 1][c])
        })
    })
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn the_box_borders_of_a_killer_page_are_unbroken_under_its_cages() {
    let dir = scratch("print-killer");
    let pdf = dir.join("killer.pdf");
    let args = ["generate", "--killer", "--seed", "1", "--count", "4"];
    let (_, text, _) = run(&args);
    assert!(a_cage_crosses_a_box_border(&text), "{text}");
    gridlogic(
        &[&args[..], &["--per-page", "4", "-o", arg(&pdf)]].concat(),
        0,
    );
    let picture = Picture::render(&pdf, 1, 100);
    let (w, h) = (picture.width, picture.height);
    for quarter in [(0, 0, w / 2, h / 2), (w / 2, 0, w, h / 2)]
        .into_iter()
        .chain([(0, h / 2, w / 2, h), (w / 2, h / 2, w, h)])
    {
        for across in [true, false] {
            let lines = long_lines(&picture, quarter, across);
            // The frame's two sides and the two box borders between them, evenly spaced.
            assert_eq!(lines.len(), 4, "{quarter:?} across {across}: {lines:?}");
            let centre = |l: &(usize, usize, usize, usize)| (l.0 + l.1) as f64 / 2.0;
            let third = (centre(&lines[3]) - centre(&lines[0])) / 3.0;
            for (i, line) in lines.iter().enumerate() {
                let expected = centre(&lines[0]) + third * i as f64;
                assert!((centre(line) - expected).abs() < 2.0, "{lines:?}");
                // Every pixel of the border's middle line is dark, from frame to frame.
                let middle = (line.0 + line.1) / 2;
                let (from, to) = (lines[0].2.max(line.2), lines[0].3.min(line.3));
                assert!(to - from > 300, "{lines:?}");
                for pos in from..to {
                    let pixel = match across {
                        true => picture.at(pos, middle),
                        false => picture.at(middle, pos),
                    };
                    assert!(pixel < DARK, "{quarter:?} line {i} breaks at {pos}");
                }
            }
        }
    }
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn pages_hold_as_many_puzzles_as_asked_and_the_solutions_follow_smaller() {
    let dir = scratch("print-pages");
    let seven = dir.join("seven.txt");
    let (_, text, _) = run(&["generate", "--seed", "2", "--count", "7"]);
    std::fs::write(&seven, text).unwrap();
    for per_page in [1, 2, 4, 6] {
        let pdf = dir.join(format!("{per_page}.pdf"));
        let n = per_page.to_string();
        gridlogic(
            &["print", arg(&seven), "--per-page", &n, "-o", arg(&pdf)],
            0,
        );
        // Seven puzzles, then seven 9x9 solutions at twelve a page.
        assert_eq!(
            pages(&pdf),
            7_usize.div_ceil(per_page) + 1,
            "{per_page} a page"
        );
    }
    let letter = dir.join("letter.pdf");
    gridlogic(
        &[
            "print",
            arg(&seven),
            "--paper",
            "letter",
            "-o",
            arg(&letter),
        ],
        0,
    );
    let info = poppler_output("pdfinfo", &[arg(&letter)]);
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    let a4 = poppler_output("pdfinfo", &[arg(&dir.join("4.pdf"))]);
    assert!(a4.contains("(A4)"), "{a4}");
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn the_solutions_come_after_every_puzzle_and_match_an_independent_solver() {
    let dir = scratch("print-order");
    let pdf = dir.join("book.pdf");
    let input = fixture("text/top1465-first3.txt");
    gridlogic(
        &["print", arg(&input), "--per-page", "1", "-o", arg(&pdf)],
        0,
    );
    let text = poppler_output("pdftotext", &["-layout", arg(&pdf), "-"]);
    let solutions = text.find("Solutions").expect("a solutions page");
    for n in 1..=3 {
        let title = format!("Puzzle {n} · ");
        let first = text.find(&title).unwrap();
        let last = text.rfind(&title).unwrap();
        assert!(first < solutions && solutions < last, "{text}");
    }
    // The hardest step only with the solutions.
    assert!(text.find("hardest step").unwrap() > solutions, "{text}");
    // The solutions page's digits, grid by grid (three side by side), against `sudoku`.
    let puzzles = std::fs::read_to_string(&input).unwrap();
    let expected: Vec<Vec<u8>> = puzzles
        .lines()
        .map(|line| {
            let puzzle = sudoku::Sudoku::from_str_line(line).unwrap();
            puzzle.solution().unwrap().to_bytes().to_vec()
        })
        .collect();
    let page = poppler_output(
        "pdftotext",
        &["-layout", "-f", "4", "-l", "4", arg(&pdf), "-"],
    );
    let rows: Vec<Vec<u8>> = page
        .lines()
        .map(|l| {
            l.bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect()
        })
        .filter(|digits: &Vec<u8>| digits.len() == 27)
        .collect();
    assert_eq!(rows.len(), 9, "{page}");
    for (i, solution) in expected.iter().enumerate() {
        let read: Vec<u8> = rows
            .iter()
            .flat_map(|r| r[i * 9..i * 9 + 9].to_vec())
            .collect();
        assert_eq!(&read, solution, "puzzle {}", i + 1);
    }
}

#[test]
fn bad_options_and_outputs_get_clear_messages() {
    let dir = scratch("print-errors");
    let input = fixture("text/top1465-first3.txt");
    let pdf = dir.join("book.pdf");
    let (text, workbook) = (dir.join("book.txt"), dir.join("p.xlsx"));
    let cases: [(&[&str], &str); 5] = [
        (
            &["print", arg(&input), "--per-page", "3", "-o", arg(&pdf)],
            "[possible values: 1, 2, 4, 6]",
        ),
        (
            &["print", arg(&input), "--paper", "a5", "-o", arg(&pdf)],
            "[possible values: a4, letter]",
        ),
        (
            &["print", arg(&input), "-o", arg(&text)],
            "print writes a PDF: give it a .pdf name",
        ),
        (&["print", arg(&input)], "--output <FILE.pdf>"),
        (
            &["generate", "--per-page", "2", "-o", arg(&workbook)],
            "--paper and --per-page lay out a PDF: give -o a .pdf name",
        ),
    ];
    for (args, message) in cases {
        let err = gridlogic(args, 2);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    std::fs::write(&pdf, "precious").unwrap();
    let err = gridlogic(&["print", arg(&input), "-o", arg(&pdf)], 2);
    assert!(err.contains("it exists; use --force"), "{err}");
    assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "precious");
}

#[test]
fn a_puzzle_without_one_solution_is_printed_and_said_with_exit_code_1() {
    let dir = scratch("print-several");
    let input = dir.join("two.txt");
    let first = std::fs::read_to_string(fixture("text/top1465-first.txt")).unwrap();
    // The first puzzle, and the same with its first five givens taken away.
    let line = first.lines().find(|l| l.len() == 81).unwrap();
    let mut open = line.to_string();
    for _ in 0..5 {
        let at = open.find(|c: char| c.is_ascii_digit() && c != '0').unwrap();
        open.replace_range(at..at + 1, ".");
    }
    std::fs::write(&input, format!("{line}\n{open}\nnot a puzzle\n")).unwrap();
    assert_eq!(
        sudoku::Sudoku::from_str_line(&open)
            .unwrap()
            .solutions_count_up_to(2),
        2
    );
    let pdf = dir.join("book.pdf");
    let err = gridlogic(&["print", arg(&input), "-o", arg(&pdf)], 1);
    assert!(err.contains("Puzzle 2 · several solutions"), "{err}");
    assert!(err.contains("line 3: invalid"), "{err}");
    assert!(pdf.exists());
}

#[test]
fn the_same_puzzles_give_the_same_bytes() {
    let dir = scratch("print-bytes");
    for name in ["a.pdf", "b.pdf"] {
        let path = dir.join(name);
        let args = ["generate", "--jigsaw", "--seed", "4", "--count", "3"];
        gridlogic(&[&args[..], &["-o", arg(&path)]].concat(), 0);
        let printed = dir.join(format!("printed-{name}"));
        let workbook = fixture("workbooks/week-three-sheets-9x9.xlsx");
        gridlogic(&["print", arg(&workbook), "-o", arg(&printed)], 0);
    }
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(read("a.pdf"), read("b.pdf"));
    assert_eq!(read("printed-a.pdf"), read("printed-b.pdf"));
    assert!(read("a.pdf").starts_with(b"%PDF-1.7"));
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn shikaku_and_sixteen_by_sixteen_print() {
    let dir = scratch("print-kinds");
    for (input, per_page) in [
        (fixture("shikaku/janko-045.txt"), "2"),
        (fixture("text/generated-hard-16x16.txt"), "1"),
    ] {
        let pdf = dir.join("kind.pdf");
        let err = gridlogic(
            &[
                "print",
                arg(&input),
                "--per-page",
                per_page,
                "-o",
                arg(&pdf),
                "--force",
            ],
            0,
        );
        assert!(err.contains("wrote"), "{err}");
        let text = poppler_output("pdftotext", &[arg(&pdf), "-"]);
        assert!(
            text.contains("Puzzle 1 · ") && text.contains("Solutions"),
            "{text}"
        );
    }
}

/// Greek letters for the digits 1 to 9.
const GREEK: &str = "αβγδεζηθι";

/// `line` with each digit 1 to 9 written as its Greek letter.
fn in_greek(line: &str) -> String {
    let greek: Vec<char> = GREEK.chars().collect();
    line.chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => greek[d as usize - 1],
            _ => c,
        })
        .collect()
}

/// The fonts `pdffonts` lists: each line's name, and whether it is embedded.
fn fonts(pdf: &Path) -> Vec<(String, bool)> {
    let listing = poppler_output("pdffonts", &[arg(pdf)]);
    let rows = listing.lines().skip(2).map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let embedded = fields[fields.len() - 5] == "yes";
        (fields[0].to_string(), embedded)
    });
    rows.collect()
}

/// The cells of the one 9x9 grid on a page: for each, whether it has ink inside it (away from
/// its lines), row by row; the grid found by its frame and box borders.
fn inked_cells(picture: &Picture) -> Vec<bool> {
    let whole = (0, 0, picture.width, picture.height);
    let across = long_lines(picture, whole, true);
    let down = long_lines(picture, whole, false);
    assert_eq!((across.len(), down.len()), (4, 4), "{across:?} {down:?}");
    let (top, bottom) = (across[0].1 as f64, across[3].0 as f64);
    let (left, right) = (down[0].1 as f64, down[3].0 as f64);
    let (height, width) = ((bottom - top) / 9.0, (right - left) / 9.0);
    (0..81)
        .map(|i| {
            let (row, col) = ((i / 9) as f64, (i % 9) as f64);
            let ys = (top + (row + 0.2) * height) as usize..(top + (row + 0.8) * height) as usize;
            let xs = (left + (col + 0.2) * width) as usize..(left + (col + 0.8) * width) as usize;
            ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
                .any(|(x, y)| picture.at(x, y) < DARK)
        })
        .collect()
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn greek_symbols_are_printed_on_the_puzzle_and_solution_pages() {
    let dir = scratch("print-greek");
    let lines = std::fs::read_to_string(fixture("text/top1465-first3.txt")).unwrap();
    let input = dir.join("greek.txt");
    let greek: String = lines.lines().map(|l| in_greek(l) + "\n").collect();
    std::fs::write(&input, &greek).unwrap();
    let pdf = dir.join("greek.pdf");
    let args = ["print", arg(&input), "--symbols", GREEK, "--per-page", "1"];
    gridlogic(&[&args[..], &["-o", arg(&pdf)]].concat(), 0);
    let text = poppler_output("pdftotext", &[arg(&pdf), "-"]);
    assert!(!text.contains('?'), "{text}");
    // Each puzzle page holds its givens in Greek, in reading order.
    for (page, line) in lines.lines().enumerate() {
        let n = (page + 1).to_string();
        let read = poppler_output(
            "pdftotext",
            &["-layout", "-f", &n, "-l", &n, arg(&pdf), "-"],
        );
        let givens: String = read.chars().filter(|c| GREEK.contains(*c)).collect();
        let expected: String = in_greek(line)
            .chars()
            .filter(|c| GREEK.contains(*c))
            .collect();
        assert_eq!(givens, expected, "page {n}");
        // Drawn where they are: ink in the cells of the givens, and only there.
        let inked = inked_cells(&Picture::render(&pdf, page + 1, 100));
        let given: Vec<bool> = line.chars().map(|c| c != '.').collect();
        assert_eq!(inked, given, "page {n}");
    }
    // The solutions page: three grids side by side, each the `sudoku` crate's solution in Greek.
    let page = poppler_output(
        "pdftotext",
        &["-layout", "-f", "4", "-l", "4", arg(&pdf), "-"],
    );
    let rows: Vec<String> = page
        .lines()
        .map(|l| l.chars().filter(|c| GREEK.contains(*c)).collect::<String>())
        .filter(|row| row.chars().count() == 27)
        .collect();
    assert_eq!(rows.len(), 9, "{page}");
    for (i, line) in lines.lines().enumerate() {
        let solution = sudoku::Sudoku::from_str_line(line)
            .unwrap()
            .solution()
            .unwrap();
        let digits: String = solution.to_bytes().iter().map(|d| d.to_string()).collect();
        let read: String = rows
            .iter()
            .flat_map(|r| r.chars().skip(i * 9).take(9))
            .collect();
        assert_eq!(read, in_greek(&digits), "solution {}", i + 1);
    }
    // In DejaVu Sans, embedded (a subset of each weight), and the same bytes every time.
    let embedded = fonts(&pdf);
    assert_eq!(embedded.len(), 2, "{embedded:?}");
    for (name, is_embedded) in &embedded {
        assert!(name.contains("+DejaVuSans") && *is_embedded, "{embedded:?}");
    }
    let again = dir.join("again.pdf");
    gridlogic(&[&args[..], &["-o", arg(&again)]].concat(), 0);
    assert_eq!(std::fs::read(&pdf).unwrap(), std::fs::read(&again).unwrap());
}

/// A CSV of the first top1465 puzzle under each of `ids`.
fn named_puzzles(dir: &Path, ids: &[&str]) -> std::path::PathBuf {
    let first = std::fs::read_to_string(fixture("text/top1465-first.txt")).unwrap();
    let puzzle = first.lines().find(|l| l.len() == 81).unwrap();
    let rows: String = ids.iter().map(|id| format!("{id},{puzzle}\n")).collect();
    let input = dir.join("named.csv");
    std::fs::write(&input, format!("id,puzzle\n{rows}")).unwrap();
    input
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn accented_titles_are_printed_in_the_standard_fonts_and_other_letters_embedded() {
    let dir = scratch("print-accents");
    // Latin-1 letters: the standard Helvetica prints them, nothing embedded, hardly bigger.
    let latin = named_puzzles(&dir, &["Grüße é ü ß", "Crème brûlée"]);
    let pdf = dir.join("latin.pdf");
    gridlogic(&["print", arg(&latin), "-o", arg(&pdf)], 0);
    let text = poppler_output("pdftotext", &[arg(&pdf), "-"]);
    for title in ["Puzzle 1 (Grüße é ü ß) · ", "Puzzle 2 (Crème brûlée) · "] {
        // On the puzzle page and over the solution.
        assert_eq!(text.matches(title).count(), 2, "{title}: {text}");
    }
    let standard = [("Helvetica", false), ("Helvetica-Bold", false)];
    assert_eq!(fonts(&pdf), standard.map(|(n, e)| (n.to_string(), e)));
    let plain = named_puzzles(&dir, &["Grusse e u ss", "Creme brulee"]);
    let ascii = dir.join("ascii.pdf");
    gridlogic(&["print", arg(&plain), "-o", arg(&ascii)], 0);
    let size = |path: &Path| std::fs::metadata(path).unwrap().len();
    assert!(
        size(&pdf) < size(&ascii) + 100,
        "{} {}",
        size(&pdf),
        size(&ascii)
    );
    // Czech and Russian letters, a star and a smiley: DejaVu Sans, embedded.
    let ids = ["Žluťoučký kůň", "Судоку ★", "fun 😀"];
    let other = named_puzzles(&dir, &ids);
    let pdf = dir.join("other.pdf");
    gridlogic(&["print", arg(&other), "-o", arg(&pdf)], 0);
    let text = poppler_output("pdftotext", &[arg(&pdf), "-"]);
    for (i, id) in ids.iter().enumerate() {
        let title = format!("Puzzle {} ({id}) · ", i + 1);
        assert_eq!(text.matches(&title).count(), 2, "{title}: {text}");
    }
    assert!(
        fonts(&pdf)
            .iter()
            .all(|(name, embedded)| name.contains("+DejaVuSans") && *embedded)
    );
    // generate's booklets have nothing beyond ASCII: the standard fonts.
    let generated = dir.join("generated.pdf");
    gridlogic(
        &[
            "generate",
            "--count",
            "2",
            "--seed",
            "1",
            "-o",
            arg(&generated),
        ],
        0,
    );
    assert_eq!(fonts(&generated), standard.map(|(n, e)| (n.to_string(), e)));
}

#[test]
fn a_character_no_font_has_is_refused_by_name_and_nothing_is_written() {
    let dir = scratch("print-refused");
    let pdf = dir.join("book.pdf");
    for (id, named) in [("数独 一", "“数” (U+6570"), ("jigsaw 🧩", "“🧩” (U+1F9E9")]
    {
        let input = named_puzzles(&dir, &["plain", id]);
        let err = gridlogic(&["print", arg(&input), "-o", arg(&pdf)], 2);
        assert!(
            err.contains(&format!("cannot write {}: its font, DejaVu Sans Bold, has no {named}, in “Puzzle 2 ({id}) · ", pdf.display())),
            "{err}"
        );
        assert!(err.contains("rename what holds it"), "{err}");
        assert!(!pdf.exists());
        // An older booklet given --force stays as it was.
        std::fs::write(&pdf, "older").unwrap();
        gridlogic(&["print", arg(&input), "-o", arg(&pdf), "--force"], 2);
        assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "older");
        std::fs::remove_file(&pdf).unwrap();
    }
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn even_cells_are_shaded_and_bars_drawn_on_the_printed_grid() {
    // Read back from the rendered pages against the fixtures' own marks, on the puzzle's page
    // and on its solution's (smaller, so rendered finer): a grey square in each cell written `E`
    // (sampled near its corner, clear of the digit) and nowhere else (the `O` cells are the
    // plain ones, every empty cell being marked); a dark bar across the middle of each border a
    // mask claims (bit 1 right, bit 2 below) and on no other border.
    let dir = scratch("print-marked");
    let pdf = dir.join("even-odd.pdf");
    let name = "marked/even-odd-100.txt";
    gridlogic(&["print", arg(&fixture(name)), "-o", arg(&pdf)], 0);
    assert_eq!(pages(&pdf), 2, "the puzzle, then its solution");
    for (page, dpi) in [(1, 100), (2, 300)] {
        let picture = Picture::render(&pdf, page, dpi);
        let at = cell_sampler(&picture, 9);
        let rows = common::marked_rows(name);
        for (i, token) in rows[..9].iter().flatten().enumerate() {
            let (row, col) = ((i / 9) as f64, (i % 9) as f64);
            let pixel = at(row + 0.15, col + 0.15);
            let place = format!("page {page}, r{}c{}: {pixel}", row + 1.0, col + 1.0);
            match token.as_str() {
                "E" => assert!((150..240).contains(&pixel), "{place}"),
                _ => assert!(pixel > 245, "{place}"),
            }
        }
    }
    let pdf = dir.join("consecutive.pdf");
    let name = "marked/consecutive-9x9.txt";
    gridlogic(&["print", arg(&fixture(name)), "-o", arg(&pdf)], 0);
    for (page, dpi) in [(1, 100), (2, 300)] {
        let picture = Picture::render(&pdf, page, dpi);
        let at = cell_sampler(&picture, 9);
        let rows = common::marked_rows(name);
        let mut bars = 0;
        for (i, mask) in rows[9..18].iter().flatten().enumerate() {
            let mask: usize = mask.parse().unwrap();
            let (row, col) = ((i / 9) as f64, (i % 9) as f64);
            let place = format!("page {page}, r{}c{}", row + 1.0, col + 1.0);
            // Just beside the border's middle, off its thin line but on a bar.
            if col < 8.0 {
                let barred = at(row + 0.5, col + 1.0 + 0.03) < DARK;
                assert_eq!(barred, mask & 1 != 0, "{place} right");
            }
            if row < 8.0 {
                let barred = at(row + 1.0 + 0.03, col + 0.5) < DARK;
                assert_eq!(barred, mask & 2 != 0, "{place} below");
            }
            bars += (mask & 1) + (mask & 2) / 2;
        }
        assert_eq!(bars, 42, "the fixture's bars");
    }
}

/// The pixel of `picture` at a point of the one `n`x`n` grid on it, in cells from its top-left
/// corner. The cells are measured between the middles of the frame's lines, where the grid's
/// edges lie (a thick frame's inner edges are off them by half its width, which a finely
/// rendered page shows).
fn cell_sampler(picture: &Picture, n: usize) -> impl Fn(f64, f64) -> u8 + '_ {
    let whole = (0, 0, picture.width, picture.height);
    let middle = |line: &(usize, usize, usize, usize)| (line.0 + line.1) as f64 / 2.0;
    let across = long_lines(picture, whole, true);
    let down = long_lines(picture, whole, false);
    let (top, bottom) = (middle(&across[0]), middle(&across[across.len() - 1]));
    let (left, right) = (middle(&down[0]), middle(&down[down.len() - 1]));
    let (h, w) = ((bottom - top) / n as f64, (right - left) / n as f64);
    move |row: f64, col: f64| picture.at((left + col * w) as usize, (top + row * h) as usize)
}

#[test]
#[cfg_attr(
    no_poppler,
    ignore = "needs poppler-utils (pdftoppm, pdftotext, pdfinfo; .ci/run installs them, then touch build.rs)"
)]
fn a_samurai_is_printed_in_its_shape_with_the_published_solution() {
    let dir = scratch("print-samurai");
    let pdf = dir.join("samurai.pdf");
    let input = fixture("overlap/samurai.txt");
    gridlogic(&["print", arg(&input), "-o", arg(&pdf)], 0);
    assert_eq!(pages(&pdf), 2);
    // The fixture: its published solution (reading order over the sheet) and its 21 rows of
    // givens, `-` for an empty cell or a gap.
    let text = std::fs::read_to_string(&input).unwrap();
    let solution = text
        .lines()
        .find_map(|l| l.strip_prefix("# solution "))
        .unwrap();
    let rows: Vec<Vec<&str>> = (text.lines())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|tokens| tokens.len() == 21)
        .collect();
    assert_eq!((rows.len(), solution.len()), (21, 369));
    let corners = common::overlap_corners("samurai");
    let is_cell = |row: usize, col: usize| {
        corners
            .iter()
            .any(|&(r, c)| (r..r + 9).contains(&row) && (c..c + 9).contains(&col))
    };
    // The solution's digits, row by row as pdftotext lays them out, under the title and the
    // hardest step, above the page's number.
    let page = poppler_output(
        "pdftotext",
        &["-layout", "-f", "2", "-l", "2", arg(&pdf), "-"],
    );
    let lines: Vec<&str> = page.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("hardest step"))
        .unwrap()
        + 1;
    let digits: String = lines[start..lines.len() - 1]
        .concat()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(digits, solution);
    // Each page rendered: the long lines across and down are the centre grid's (rows and
    // columns 6, 9, 12 and 15 of the sheet); each gap is blank, without even a thin line, and
    // each cell is inked where it holds a digit (every cell of the solution).
    // (The solutions are smaller, four a page, and their digits plain: rendered finer.)
    for (number, inked, dpi) in [(1, false, 100), (2, true, 200)] {
        let picture = Picture::render(&pdf, number, dpi);
        let whole = (0, 0, picture.width, picture.height);
        let centres = |across| -> Vec<f64> {
            let lines = long_lines(&picture, whole, across);
            lines.iter().map(|l| (l.0 + l.1) as f64 / 2.0).collect()
        };
        let (across, down) = (centres(true), centres(false));
        assert_eq!((across.len(), down.len()), (4, 4), "page {number}");
        let (h, w) = ((across[3] - across[0]) / 9.0, (down[3] - down[0]) / 9.0);
        let (top, left) = (across[0] - 6.0 * h, down[0] - 6.0 * w);
        let pixels = |row: usize, col: usize, from: f64, to: f64| {
            let y = |f: f64| (top + (row as f64 + f) * h) as usize;
            let x = |f: f64| (left + (col as f64 + f) * w) as usize;
            let xs = x(from)..x(to);
            (y(from)..y(to)).flat_map(move |y| xs.clone().map(move |x| (x, y)))
        };
        for (row, col) in (0..21).flat_map(|r| (0..21).map(move |c| (r, c))) {
            let place = format!("page {number}, r{}c{}", row + 1, col + 1);
            if !is_cell(row, col) {
                let blank = pixels(row, col, 0.1, 0.9).all(|(x, y)| picture.at(x, y) > 245);
                assert!(blank, "{place}: a gap is blank");
                continue;
            }
            let given = rows[row][col] != "-";
            let dark = pixels(row, col, 0.25, 0.75).any(|(x, y)| picture.at(x, y) < DARK);
            assert_eq!(dark, inked || given, "{place}");
        }
    }
}
