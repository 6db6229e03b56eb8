//! The notes (comments) of an .xlsx sheet, which calamine does not read: the sheet's part is
//! found through the workbook's relationships, its comments part through the sheet's, and each
//! comment's text is taken from its `<t>` runs. Killer sums are sometimes kept there.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// The most bytes read of one part of the package.
const PART_LIMIT: u64 = 16 << 20;

/// The notes of sheet `sheet` of the .xlsx/.xlsm at `path`, by zero-based (row, column); empty
/// when it has none or the package cannot be read.
pub fn sheet_notes(path: &Path, sheet: &str) -> HashMap<(usize, usize), String> {
    let Ok(file) = std::fs::File::open(path) else {
        return HashMap::new();
    };
    let Ok(mut package) = zip::ZipArchive::new(file) else {
        return HashMap::new();
    };
    let mut part = |name: &str| -> Option<String> {
        let entry = package.by_name(name).ok()?;
        let mut text = String::new();
        entry.take(PART_LIMIT).read_to_string(&mut text).ok()?;
        Some(text)
    };
    let mut found = || -> Option<HashMap<(usize, usize), String>> {
        let workbook = part("xl/workbook.xml")?;
        let id = elements(&workbook, "sheet")
            .find(|e| attribute(e, "name").is_some_and(|n| unescape(&n) == sheet))
            .and_then(|e| attribute(e, "r:id"))?;
        let sheet_path = target(&part("xl/_rels/workbook.xml.rels")?, |e| {
            attribute(e, "Id").as_deref() == Some(id.as_str())
        })
        .map(|t| resolve("xl", &t))?;
        let (folder, file) = sheet_path.rsplit_once('/')?;
        let rels = part(&format!("{folder}/_rels/{file}.rels"))?;
        let comments = target(&rels, |e| {
            attribute(e, "Type").is_some_and(|t| t.ends_with("/comments"))
        })
        .map(|t| resolve(folder, &t))?;
        Some(parse_comments(&part(&comments)?))
    };
    found().unwrap_or_default()
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
