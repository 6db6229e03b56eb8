//! The notes (comments) of an .xlsx sheet, which calamine does not read: the sheet's part is
//! found through the workbook's relationships, its comments part through the sheet's, and each
//! comment's text is taken from its `<t>` runs. Killer sums are sometimes kept there.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

/// The most bytes read of one part of the package.
const PART_LIMIT: u64 = 16 << 20;

/// The package of an .xlsx/.xlsm, open for reading the notes of its sheets: the workbook's
/// parts are read once, whatever the number of sheets.
pub struct Notes {
    /// The package; `None` when it cannot be read (then no sheet has notes).
    package: Option<zip::ZipArchive<BufReader<File>>>,
    /// Each sheet's part, by sheet name.
    parts: HashMap<String, String>,
}

impl Notes {
    /// Opens the package at `path` and reads where each sheet's part is.
    pub fn open(path: &Path) -> Notes {
        let mut package = File::open(path)
            .ok()
            .and_then(|file| zip::ZipArchive::new(BufReader::new(file)).ok());
        let parts = package.as_mut().map(sheet_parts).unwrap_or_default();
        Notes { package, parts }
    }

    /// The notes of sheet `sheet`, by zero-based (row, column); empty when it has none or the
    /// package cannot be read.
    pub fn of(&mut self, sheet: &str) -> HashMap<(usize, usize), String> {
        let (Some(package), Some(sheet_path)) = (self.package.as_mut(), self.parts.get(sheet))
        else {
            return HashMap::new();
        };
        let mut found = || -> Option<HashMap<(usize, usize), String>> {
            let (folder, file) = sheet_path.rsplit_once('/')?;
            let rels = part(package, &format!("{folder}/_rels/{file}.rels"))?;
            let comments = target(&rels, |e| {
                attribute(e, "Type").is_some_and(|t| t.ends_with("/comments"))
            })
            .map(|t| resolve(folder, &t))?;
            Some(parse_comments(&part(package, &comments)?))
        };
        found().unwrap_or_default()
    }
}

/// The text of part `name` of `package`, up to [`PART_LIMIT`] bytes.
fn part(package: &mut zip::ZipArchive<BufReader<File>>, name: &str) -> Option<String> {
    let entry = package.by_name(name).ok()?;
    let mut text = String::new();
    entry.take(PART_LIMIT).read_to_string(&mut text).ok()?;
    Some(text)
}

/// Each sheet's part in `package`, by sheet name: the workbook's sheets, their relationship ids
/// looked up in the workbook's relationships.
fn sheet_parts(package: &mut zip::ZipArchive<BufReader<File>>) -> HashMap<String, String> {
    let (Some(workbook), Some(rels)) = (
        part(package, "xl/workbook.xml"),
        part(package, "xl/_rels/workbook.xml.rels"),
    ) else {
        return HashMap::new();
    };
    let targets: HashMap<String, String> = elements(&rels, "Relationship")
        .filter_map(|e| Some((attribute(e, "Id")?, attribute(e, "Target")?)))
        .collect();
    elements(&workbook, "sheet")
        .filter_map(|e| {
            let name = unescape(&attribute(e, "name")?);
            let target = targets.get(&attribute(e, "r:id")?)?;
            Some((name, resolve("xl", target)))
        })
        .collect()
}

/// The `Target` of the first `Relationship` of `rels` that `wanted` accepts.
fn target(rels: &str, wanted: impl Fn(&str) -> bool) -> Option<String> {
    elements(rels, "Relationship")
        .find(|e| wanted(e))
        .and_then(|e| attribute(e, "Target"))
}

/// A relationship target resolved against `folder`: `../comments1.xml` from `xl/worksheets` is
/// `xl/comments1.xml`, `/xl/x.xml` is `xl/x.xml`.
fn resolve(folder: &str, target: &str) -> String {
    if let Some(absolute) = target.strip_prefix('/') {
        return absolute.to_string();
    }
    let mut parts: Vec<&str> = folder.split('/').filter(|p| !p.is_empty()).collect();
    for piece in target.split('/') {
        match piece {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            piece => parts.push(piece),
        }
    }
    parts.join("/")
}

/// The opening tags `<name …>` of `xml` (their text, attributes included).
fn elements<'a>(xml: &'a str, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    xml.match_indices('<').filter_map(move |(at, _)| {
        let rest = &xml[at + 1..];
        let after = rest.strip_prefix(name)?;
        if !after.starts_with([' ', '>', '/']) {
            return None;
        }
        Some(&rest[..rest.find('>')?])
    })
}

/// The value of attribute `name` in an opening tag.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(tag[start..end].to_string())
}

/// The comments of a comments part: each `<comment ref="B4">`'s text runs joined.
fn parse_comments(xml: &str) -> HashMap<(usize, usize), String> {
    let mut notes = HashMap::new();
    for (at, _) in xml.match_indices("<comment ") {
        let rest = &xml[at..];
        let Some(end) = rest.find("</comment>") else {
            continue;
        };
        let body = &rest[..end];
        let Some(reference) = attribute(body, "ref") else {
            continue;
        };
        let Ok((_, area)) = super::table::parse_reference(&reference) else {
            continue;
        };
        let mut text = String::new();
        for (t, _) in body.match_indices("<t") {
            let run = &body[t..];
            let (Some(open), Some(close)) = (run.find('>'), run.find("</t>")) else {
                continue;
            };
            if run[2..].starts_with([' ', '>']) && open < close {
                text.push_str(&unescape(&run[open + 1..close]));
            }
        }
        notes.insert((area.top, area.left), text);
    }
    notes
}

/// XML text with its five escapes undone.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_parts_give_each_note_its_cell_and_text() {
        let xml = r#"<comments><authors><author>a</author></authors><commentList><comment ref="B4" authorId="0"><text><r><rPr><b/></rPr><t>Killer:</t></r><r><t xml:space="preserve"> 17</t></r></text></comment><comment ref="C5" authorId="0"><text><t>8 &amp; up</t></text></comment></commentList></comments>"#;
        let notes = parse_comments(xml);
        assert_eq!(notes[&(3, 1)], "Killer: 17");
        assert_eq!(notes[&(4, 2)], "8 & up");
        assert_eq!(
            resolve("xl/worksheets", "../comments1.xml"),
            "xl/comments1.xml"
        );
        assert_eq!(
            resolve("xl", "/xl/worksheets/sheet1.xml"),
            "xl/worksheets/sheet1.xml"
        );
    }
}
