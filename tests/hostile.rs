//! Bad and hostile inputs end quickly with exit 2 and a message naming what is wrong: one bad
//! cell in an otherwise good grid, grids cut short, ranges outside the sheet, and inputs built to
//! exhaust memory or time (zip bombs, far used ranges, huge ranges and sheets).

use crate::common;

use crate::common::{run, scratch};
use rust_xlsxwriter::{Formula, Workbook, XlsxError};
use std::path::Path;

/// seed 001's genetic-algorithm puzzle, row by row, `0` for empty.
const PUZZLE: &str =
    "400078003000200000009000010010062030000400002600500000040000700700036008000050000";

/// What the one bad cell of [`bad_cell_book`] holds.
#[derive(Clone, Copy)]
enum BadCell {
    True,
    NotAvailable,
    AlmostSeven,
    FullWidthSeven,
}

/// The puzzle at B4:J12 under a title at B2, empty cells left blank, with r5c3 (D8) holding
/// `bad` instead.
fn bad_cell_book(path: &Path, bad: BadCell) -> Result<(), XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(1, 1, "Puzzle 12")?;
    for (i, digit) in PUZZLE.bytes().enumerate() {
        let (row, col) = (3 + (i / 9) as u32, 1 + (i % 9) as u16);
        if (row, col) == (7, 3) {
            match bad {
                BadCell::True => sheet.write_boolean(row, col, true)?,
                BadCell::NotAvailable => {
                    sheet.write_formula(row, col, Formula::new("=NA()").set_result("#N/A"))?
                }
                BadCell::AlmostSeven => sheet.write_number(row, col, 7.0000000001)?,
                BadCell::FullWidthSeven => sheet.write_string(row, col, "\u{FF17}")?,
            };
        } else if digit != b'0' {
            sheet.write_number(row, col, f64::from(digit - b'0'))?;
        }
    }
    book.save(path)
}

#[test]
fn one_bad_cell_in_a_grid_under_a_title_is_named_with_its_value() {
    let dir = scratch("hostile-bad-cell");
    let cases = [
        (BadCell::True, "'TRUE': not a digit (1 to 9)"),
        (BadCell::NotAvailable, "'#N/A': not a digit (1 to 9)"),
        (BadCell::AlmostSeven, "'7.0000000001': not a whole number"),
        (BadCell::FullWidthSeven, "'\u{FF17}': not a digit (1 to 9)"),
    ];
    for (i, (bad, message)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("bad-{i}.xlsx"));
        bad_cell_book(&path, bad).unwrap();
        let (code, out, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains(&format!("cell r5c3 (D8) holds {message}")),
            "{err}"
        );
    }
}

/// `path` as a string argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The sudoku-9x9.xlsx fixture with its sheet replaced by `size` bytes of zeros in one cell
/// value: a zip bomb (about 1,000 to 1 compressed) whose central directory tells its size (in
/// a ZIP64 field when `large_file`).
fn zip_bomb(path: &Path, size: usize, large_file: bool) {
    use std::io::{Read, Write};
    let fixture = std::fs::File::open(common::fixture("workbooks/sudoku-9x9.xlsx")).unwrap();
    let mut source = zip::ZipArchive::new(fixture).unwrap();
    let mut bomb = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(large_file);
    for index in 0..source.len() {
        let mut part = source.by_index(index).unwrap();
        let name = part.name().unwrap().to_string();
        bomb.start_file(name.as_str(), options).unwrap();
        if name != "xl/worksheets/sheet1.xml" {
            let mut bytes = Vec::new();
            part.read_to_end(&mut bytes).unwrap();
            bomb.write_all(&bytes).unwrap();
            continue;
        }
        bomb.write_all(b"<worksheet><sheetData><row r=\"1\"><c r=\"A1\"><v>")
            .unwrap();
        let zeros = vec![b'0'; 1 << 20];
        for _ in 0..size >> 20 {
            bomb.write_all(&zeros).unwrap();
        }
        bomb.write_all(b"</v></c></row></sheetData></worksheet>")
            .unwrap();
    }
    bomb.finish().unwrap();
}

#[test]
fn a_zip_bomb_is_refused_before_it_is_inflated() {
    let dir = scratch("hostile-zip-bomb");
    let bomb = dir.join("bomb.xlsx");
    zip_bomb(&bomb, 300 << 20, true);
    let packed = std::fs::metadata(&bomb).unwrap().len();
    assert!(packed < 4 << 20, "{packed} bytes");
    let (code, out, err) = run(&["check", arg(&bomb)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("part xl/worksheets/sheet1.xml of bomb.xlsx is too large: 314,572,8")
            && err.contains("at most 268,435,456 bytes"),
        "{err}"
    );
}

#[test]
fn a_zip_part_that_understates_its_size_is_refused_at_the_size_it_declares() {
    let dir = scratch("hostile-zip-liar");
    let liar = dir.join("liar.xlsx");
    zip_bomb(&liar, 300 << 20, false);
    // Both the local header and the central directory say the sheet unpacks to 1,000 bytes.
    let name = b"xl/worksheets/sheet1.xml";
    let mut bytes = std::fs::read(&liar).unwrap();
    let mut patched = 0;
    for (signature, name_length_at, name_at, size_at) in
        [(b"PK\x03\x04", 26, 30, 22), (b"PK\x01\x02", 28, 46, 24)]
    {
        let starts: Vec<usize> = (0..bytes.len() - 4)
            .filter(|&i| &bytes[i..i + 4] == signature)
            .collect();
        for i in starts {
            let length =
                u16::from_le_bytes([bytes[i + name_length_at], bytes[i + name_length_at + 1]]);
            if bytes.get(i + name_at..i + name_at + usize::from(length)) == Some(name) {
                bytes[i + size_at..i + size_at + 4].copy_from_slice(&1000u32.to_le_bytes());
                patched += 1;
            }
        }
    }
    assert_eq!(patched, 2);
    std::fs::write(&liar, bytes).unwrap();
    // The zip crate stops at the declared size, and says so: a corrupt part, to a person.
    refused(
        &liar,
        "liar.xlsx: the .xlsx file is damaged or in a form gridlogic cannot read (a compressed part of it is corrupt)",
    );
}

#[test]
fn a_cell_far_from_the_puzzle_is_refused_before_the_sheet_is_built() {
    let dir = scratch("hostile-far-cell");
    let path = dir.join("far.xlsx");
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (i, digit) in PUZZLE.bytes().enumerate() {
        if digit != b'0' {
            let (row, col) = (1 + (i / 9) as u32, 1 + (i % 9) as u16);
            sheet
                .write_number(row, col, f64::from(digit - b'0'))
                .unwrap();
        }
    }
    sheet.write_string(1_048_575, 16_383, "x").unwrap();
    book.save(&path).unwrap();
    let (code, out, err) = run(&["check", arg(&path)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("it spans A1:XFD1048576, 17,179,869,184 cells")
            && err.contains("at most 1,000,000 cells"),
        "{err}"
    );
}

/// An .xlsb (the binary workbook, MS-XLSB) of one sheet holding `cells` (row, column, number):
/// the few records calamine needs, written here since nothing on this machine writes .xlsb.
fn xlsb(path: &Path, cells: &[(u32, u32, f64)]) {
    use std::io::Write;
    // A record: its type and size as 7-bit varints, then its data.
    fn record(kind: u32, data: &[u8]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for mut n in [kind, data.len() as u32] {
            loop {
                let more = n >= 0x80;
                bytes.push((n & 0x7F) as u8 | if more { 0x80 } else { 0 });
                n >>= 7;
                if !more {
                    break;
                }
            }
        }
        bytes.extend(data);
        bytes
    }
    let wide = |text: &str| {
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut bytes = (units.len() as u32).to_le_bytes().to_vec();
        bytes.extend(units.iter().flat_map(|u| u.to_le_bytes()));
        bytes
    };
    // BrtBundleSh (visible, tab 1, relationship rId1, name), BrtEndBundleShs, BrtCalcProp.
    let bundle = [
        vec![0; 4],
        1u32.to_le_bytes().to_vec(),
        wide("rId1"),
        wide("Sudoku"),
    ]
    .concat();
    let workbook = [
        record(0x9C, &bundle),
        record(0x90, &[]),
        record(0x9D, &[0; 4]),
    ]
    .concat();
    // BrtBeginSheet, BrtWsDim, BrtBeginSheetData, a BrtRowHdr and a BrtCellReal per cell,
    // BrtEndSheetData.
    let mut sheet = [record(0x81, &[]), record(0x94, &[0; 16]), record(0x91, &[])].concat();
    for &(row, col, value) in cells {
        sheet.extend(record(0x00, &row.to_le_bytes()));
        // The column, the style (none), the number.
        let cell = [&col.to_le_bytes()[..], &[0; 4], &value.to_le_bytes()].concat();
        sheet.extend(record(0x05, &cell));
    }
    sheet.extend(record(0x92, &[]));
    let rels = r#"<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.bin"/></Relationships>"#;
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in [
        ("xl/workbook.bin", workbook),
        ("xl/_rels/workbook.bin.rels", rels.as_bytes().to_vec()),
        ("xl/worksheets/sheet1.bin", sheet),
    ] {
        zip.start_file(name, options).unwrap();
        zip.write_all(&bytes).unwrap();
    }
    zip.finish().unwrap();
}

#[test]
fn an_xlsb_cell_far_from_the_puzzle_is_refused_before_calamine_builds_the_sheet() {
    let dir = scratch("hostile-xlsb");
    let mut cells: Vec<(u32, u32, f64)> = PUZZLE
        .bytes()
        .enumerate()
        .filter(|&(_, digit)| digit != b'0')
        .map(|(i, digit)| (1 + i as u32 / 9, 1 + i as u32 % 9, f64::from(digit - b'0')))
        .collect();
    let plain = dir.join("plain.xlsb");
    xlsb(&plain, &cells);
    let (code, out, err) = run(&["check", arg(&plain)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("sheet 'Sudoku' B2:J10: 9x9"), "{out}");
    // One value at row 1,000,000 of column 16,000: calamine would build 16 billion cells.
    cells.push((999_999, 15_999, 1.0));
    let far = dir.join("far.xlsb");
    xlsb(&far, &cells);
    refused(
        &far,
        "sheet 'Sudoku' of far.xlsb is too large: it spans A1:WQJ1000000, 16,000,000,000 cells",
    );
}

#[test]
fn a_range_larger_than_any_grid_is_refused_before_it_is_read() {
    let cases = [
        (
            "fixtures/seed/genetic-9x9.csv",
            "A1:XFD1048576",
            "17,179,869,184",
        ),
        (
            "fixtures/shikaku/titled-5x5.csv",
            "A1:ZZZ5000",
            "91,390,000",
        ),
        (
            "fixtures/workbooks/sudoku-9x9.xlsx",
            "A1:ALL1000",
            "1,000,000",
        ),
    ];
    for (file, range, cells) in cases {
        let (code, out, err) = run(&["check", file, "--range", range]);
        assert_eq!(code, 2, "{out}{err}");
        if cells == "1,000,000" {
            // At the limit: read, but too large for a Sudoku.
            assert!(err.contains("a 1000x1000 grid is not supported"), "{err}");
        } else {
            assert!(
                err.contains(&format!("bad range '{range}': it spans {cells} cells")),
                "{err}"
            );
        }
    }
}

#[test]
fn huge_sizes_in_text_headers_are_refused_without_overflow() {
    let dir = scratch("hostile-headers");
    let cases = [
        (
            "4294967296 4294967296\n1 2 3\n",
            "announces 4294967296 x 4294967296 cells",
        ),
        (
            "18446744073709551615\n2\n1 2\n",
            "announces 18446744073709551615 x 2 cells",
        ),
    ];
    for (i, (text, message)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("header-{i}.txt"));
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = run(&["check", arg(&path)]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains(message) && err.contains("at most 1,000,000 cells"),
            "{err}"
        );
    }
    // Neither a `rows cols` header (the product overflows) nor a leading size of a puzzle.
    let path = dir.join("overflow.txt");
    std::fs::write(&path, "18446744073709551615 2 1 2\n4294967296 ..3.1..2.\n").unwrap();
    let (code, out, err) = run(&["check", arg(&path)]);
    assert!(code == 1 || code == 2, "{code}: {out}{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A CSV of `size` rows of `size` cells, each `cell(row, col)`.
fn csv_grid(path: &Path, size: usize, cell: impl Fn(usize, usize) -> &'static str) {
    let text: String = (0..size)
        .map(|r| (0..size).map(|c| cell(r, c)).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    std::fs::write(path, text).unwrap();
}

#[test]
fn huge_and_crowded_csv_sheets_end_quickly_without_suggesting_a_range_past_100() {
    let dir = scratch("hostile-huge-csv");
    let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let digit = move |r: usize, c: usize| digits[(r * 7 + c * 3 + r * c) % 9];
    let huge = dir.join("huge.csv");
    csv_grid(&huge, 2000, digit);
    let (code, out, err) = run(&["check", arg(&huge)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("huge.csv is too large: 2,000 lines of up to 2,000 cells"),
        "{err}"
    );
    // At the limit: searched, and no range over 100x100 is suggested.
    let full = dir.join("full.csv");
    csv_grid(&full, 1000, digit);
    let (code, out, err) = run(&["check", arg(&full)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("give the grid's range with --range (at most 100x100)"),
        "{err}"
    );
    // Marks on every other cell: every square is worth checking, and the search is bounded.
    let crowded = dir.join("crowded.csv");
    csv_grid(
        &crowded,
        1000,
        |r, c| if (r + c) % 2 == 0 { "5" } else { "" },
    );
    // The search stops after a bounded count.
    refused(&crowded, "too many places to search for the grid");
}

#[test]
fn a_corrupted_xls_that_panics_the_reader_is_a_damaged_workbook() {
    // sudoku-9x9.xls with two bytes changed (offsets 3276 and 4821): calamine's .xls reader
    // indexes past a slice on it.
    let file = "fixtures/invalid/corrupted-9x9.xls";
    let original = std::fs::read(common::fixture("workbooks/sudoku-9x9.xls")).unwrap();
    let corrupted = std::fs::read(common::fixture("invalid/corrupted-9x9.xls")).unwrap();
    let changed = original.iter().zip(&corrupted).filter(|(a, b)| a != b);
    assert_eq!((original.len(), changed.count()), (corrupted.len(), 2));
    for args in [&["check", file][..], &["solve", file, "--no-workbook"]] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains(
                "corrupted-9x9.xls: the .xls file is damaged or in a form gridlogic cannot read \
                 (its records do not fit together); open it in its spreadsheet program and save \
                 it again"
            ),
            "{err}"
        );
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{err}"
        );
    }
}

#[test]
fn an_xls_whose_sector_chain_runs_in_a_circle_is_refused_before_calamine_follows_it() {
    // Found by fuzzing: a 6 KB .xls whose header lists sector 0 as every sector of its
    // allocation table, so the directory's chain 10 -> 0 -> 0 -> … never ends; calamine grew it
    // to 23 GB before the system killed the process.
    refused_as_xls(
        "oom-ca410bfcfc979e07",
        "circle.xls",
        "the .xls file is damaged or in a form gridlogic cannot read (the index of its parts \
         runs in a circle, from sector 10)",
    );
}

#[test]
fn an_xls_whose_dimensions_ask_for_terabytes_is_refused_before_calamine_reserves_them() {
    // Found by fuzzing: a 6.6 KB .xls whose DIMENSIONS record declares rows up to 4,294,967,291;
    // calamine reserved that many cells (1.9 TB) when opening the workbook, and the process
    // aborted.
    refused_as_xls(
        "oom-569e8a53deebb83a",
        "dimensions.xls",
        "sheet 'Sudoku' of dimensions.xls is too large: it spans A1:K4294967291",
    );
}

/// Checks the `workbook` fuzz finding `finding` under the name `name` (its extension tells the
/// reader): exit 2 within 30 s, with `expected` in the error.
fn refused_as_xls(finding: &str, name: &str, expected: &str) {
    let dir = scratch(&format!("hostile-{name}"));
    let path = dir.join(name);
    std::fs::copy(common::fixture(&format!("fuzz/workbook/{finding}")), &path).unwrap();
    refused(&path, expected);
}

/// Checks that `check FILE` refuses `path` (exit 2, within 30 s: a hang is killed) with
/// `expected` in its error.
fn refused(path: &Path, expected: &str) {
    let (code, err) = run_within(&["check", arg(path)], 30);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(expected), "{err}");
}

#[test]
fn an_xls_cell_far_from_the_puzzle_is_refused_before_calamine_builds_the_sheet() {
    // LibreOffice's .xls of a sheet with values at A1 and IV65536 (the last cell of a BIFF8
    // sheet): calamine took 1 GB and 2 s to build the span.
    let (code, out, err) = run(&["check", "fixtures/invalid/far-cell.xls"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(
            "sheet 'far-cell' of far-cell.xls is too large: it spans A1:IV65536, 16,777,216 cells"
        ),
        "{err}"
    );
}

/// Runs the binary with `args`, killed and failed if it has not ended within `seconds` (a hang
/// guard, generous for a loaded machine); returns (exit code, stderr).
fn run_within(args: &[&str], seconds: u64) -> (i32, String) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridlogic"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            panic!("{args:?} still runs after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code().unwrap_or(-1), err)
}

/// sudoku-9x9.ods with its content.xml changed by `edit`.
fn ods_with_content(path: &Path, edit: impl Fn(String) -> String) {
    use std::io::{Read, Write};
    let fixture = std::fs::File::open(common::fixture("workbooks/sudoku-9x9.ods")).unwrap();
    let mut source = zip::ZipArchive::new(fixture).unwrap();
    let mut changed = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for index in 0..source.len() {
        let mut part = source.by_index(index).unwrap();
        let name = part.name().unwrap().to_string();
        let mut bytes = Vec::new();
        part.read_to_end(&mut bytes).unwrap();
        if name == "content.xml" {
            bytes = edit(String::from_utf8(bytes).unwrap()).into_bytes();
        }
        changed
            .start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .unwrap();
        changed.write_all(&bytes).unwrap();
    }
    changed.finish().unwrap();
}

#[test]
fn an_ods_whose_table_is_never_closed_is_refused_instead_of_read_for_ever() {
    let dir = scratch("hostile-ods");
    let path = dir.join("unclosed.ods");
    ods_with_content(&path, |text| {
        assert_eq!(text.matches("</table:table>").count(), 1);
        text.replace("</table:table>", "")
    });
    refused(
        &path,
        "the .ods file is damaged or in a form gridlogic cannot read (its content.xml is not \
         well-formed XML at byte 21712)",
    );
    // The fixture itself reads.
    let fixture = common::fixture("workbooks/sudoku-9x9.ods");
    let (code, err) = run_within(&["check", arg(&fixture)], 30);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn an_ods_cell_far_from_the_puzzle_is_refused_before_calamine_builds_the_sheet() {
    let dir = scratch("hostile-ods-far");
    let path = dir.join("far.ods");
    // 8,999 empty rows of 9,000 cells, then a 5 in the 9,000th column: the sheet spans at least
    // 9,000 x 9,000 cells from A1.
    let far = "<table:table-row table:number-rows-repeated=\"8999\"><table:table-cell \
               table:number-columns-repeated=\"9000\"/></table:table-row><table:table-row>\
               <table:table-cell table:number-columns-repeated=\"8999\"/><table:table-cell \
               office:value-type=\"float\" office:value=\"5\"><text:p>5</text:p>\
               </table:table-cell></table:table-row></table:table>";
    ods_with_content(&path, |text| text.replace("</table:table>", far));
    let (code, err) = run_within(&["check", arg(&path)], 30);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a sheet of far.ods is too large: its cells span ")
            && err.contains(" columns from A1, and gridlogic reads at most 1,000,000 cells"),
        "{err}"
    );
}

/// A file that is not what its name claims, and the words the message must hold besides its
/// name (written once).
fn assert_told(dir: &Path, name: &str, bytes: &[u8], says: &[&str]) {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    for command in ["check", "solve", "batch"] {
        let (code, _, err) = run(&[command, arg(&path)]);
        assert_eq!(code, 2, "{command} {name}: {err}");
        assert_eq!(
            err.matches(name).count(),
            1,
            "{command}: the name once: {err}"
        );
        for words in says {
            assert!(err.contains(words), "{command} {name}: '{words}' in {err}");
        }
        assert!(!err.contains("Zip error"), "{err}");
    }
}

#[test]
fn files_that_are_not_what_they_claim_are_named_as_such_with_what_to_do() {
    let dir = scratch("unfit");
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0";
    assert_told(
        &dir,
        "grid.xlsx",
        png,
        &["a PNG image", "type the grid into"],
    );
    assert_told(&dir, "scan.png", png, &["a PNG image"]);
    assert_told(
        &dir,
        "book.pdf",
        b"%PDF-1.7\n%\xE2\xE3\n",
        &["a PDF document", "copy the grid"],
    );
    assert_told(
        &dir,
        "empty.xlsx",
        b"",
        &["empty (0 bytes)", "save the puzzle"],
    );
    assert_told(&dir, "empty.txt", b"", &["empty (0 bytes)"]);
    let text = format!("{PUZZLE}\n");
    assert_told(
        &dir,
        "typed.ods",
        text.as_bytes(),
        &["plain text, not an .ods", "rename it to .txt"],
    );
    // What an encrypted .xlsx is on disk: an OLE compound file whose directory names the
    // `EncryptedPackage` stream (in UTF-16).
    let mut encrypted = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    encrypted.resize(1024, 0);
    encrypted.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
    encrypted.resize(4096, 0);
    assert_told(
        &dir,
        "locked.xlsx",
        &encrypted,
        &["protected by a password", "remove the password"],
    );
    // A real one: sudoku-9x9.xlsx encrypted with the password `secret` by msoffcrypto-tool
    // (ECMA-376 agile encryption, as Excel writes it).
    let real = std::fs::read(common::fixture("invalid/password-secret-9x9.xlsx")).unwrap();
    assert_told(&dir, "secret.xlsx", &real, &["protected by a password"]);
    let short = format!("{}\n", &PUZZLE[..80]);
    assert_told(
        &dir,
        "short.txt",
        short.as_bytes(),
        &["80 symbols, one short of a 9x9's 81"],
    );
    let long = format!("{PUZZLE}00\n");
    assert_told(
        &dir,
        "long.txt",
        long.as_bytes(),
        &["83 symbols, 2 more than a 9x9's 81"],
    );
}

#[test]
fn a_line_of_a_few_digits_says_how_many_symbols_a_puzzle_needs() {
    let dir = scratch("few-digits");
    let needs = "a puzzle on one line has N² symbols (81 for a 9x9, 16 for a 4x4, …)";
    for (name, text, count) in [
        ("one.txt", "123\n", "3 symbols"),
        ("two.txt", "12\n", "2 symbols"),
        ("four.txt", "1234\n", "4 symbols"),
        ("dots.txt", "....\n", "4 symbols"),
        ("spaced.txt", "1 2 3\n", "3 symbols"),
    ] {
        let said = format!("{name} is one line of {count}: {needs}, a grid N lines of N");
        assert_told(&dir, name, text.as_bytes(), &[&said]);
    }
    let seven = "7 symbols, 2 short of a 3x3's 9: a puzzle on one line has N² symbols, a grid";
    assert_told(&dir, "seven.txt", b"1234567\n", &[seven]);
}
