//! Writes a booklet ([`super::booklet`]) as a PDF with `pdf-writer`: one page per [`Page`], its
//! marks as drawing operators (compressed), its text in the fonts [`Fonts`] chose for it: the
//! standard Helvetica and Helvetica-Bold (WinAnsi encoding, nothing embedded) when they print
//! every character, else DejaVu Sans and DejaVu Sans Bold, embedded as subsets of the glyphs used.
//! No date or file identifier is written, so the same booklet always gives the same bytes; the
//! file is written whole or not at all, and not at all when a character is in no font.

mod font;

pub use font::Fonts;

use super::booklet::{Mark, Page, Point};
use super::{Target, write_atomically};
use crate::error::Error;
use flate2::Compression;
use flate2::write::ZlibEncoder;
use font::Weight;
use pdf_writer::types::LineCapStyle;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use std::io::Write;

/// The page resources' names of the two fonts.
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// The dots of a dotted line: none long, then a gap (a round cap makes each a dot).
const DOTS: [f32; 2] = [0.0, 2.4];

/// Writes `pages` of `paper` (width and height in points), laid out for `fonts` and titled
/// `title`, to `target`; nothing is written when a character of their text is in no font.
pub fn save(
    pages: &[Page],
    fonts: &Fonts,
    paper: (f32, f32),
    title: &str,
    target: &Target,
) -> Result<(), Error> {
    let bytes =
        to_bytes(pages, fonts, paper, title).map_err(|why| super::refusal(&target.path, &why))?;
    write_atomically(target, &bytes)
}

/// The PDF of `pages`, or why it cannot be made.
fn to_bytes(
    pages: &[Page],
    fonts: &Fonts,
    (width, height): (f32, f32),
    title: &str,
) -> Result<Vec<u8>, String> {
    let weights = fonts.weights(pages)?;
    let mut pdf = Pdf::new();
    let mut next = 0;
    let mut fresh = || {
        next += 1;
        Ref::new(next)
    };
    let (catalog, tree, info, regular, bold) = (fresh(), fresh(), fresh(), fresh(), fresh());
    let ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (fresh(), fresh())).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|&(page, _)| page))
        .count(pages.len() as i32);
    for (page, &(id, contents)) in pages.iter().zip(&ids) {
        let mut writer = pdf.page(id);
        writer.media_box(Rect::new(0.0, 0.0, width, height));
        writer.parent(tree);
        writer.contents(contents);
        let mut resources = writer.resources();
        let mut fonts = resources.fonts();
        fonts.pair(REGULAR, regular);
        fonts.pair(BOLD, bold);
        fonts.finish();
        resources.finish();
        writer.finish();
        let drawn = compress(&draw(page, height, &weights)?)?;
        pdf.stream(contents, &drawn).filter(Filter::FlateDecode);
    }
    let [regular_weight, bold_weight] = &weights;
    regular_weight.write(&mut pdf, regular, &mut fresh)?;
    bold_weight.write(&mut pdf, bold, &mut fresh)?;
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("gridlogic"));
    Ok(pdf.finish())
}

/// The drawing operators of `page` on paper `height` points tall (PDF measures from the bottom),
/// its text encoded for the `weights` (regular, bold).
fn draw(page: &Page, height: f32, weights: &[Weight; 2]) -> Result<Vec<u8>, String> {
    let flip = |p: Point| (p.x, height - p.y);
    let mut content = Content::new();
    for mark in &page.marks {
        match mark {
            Mark::Fill {
                at,
                width,
                height: tall,
                grey,
            } => {
                let (x, y) = flip(*at);
                content.set_fill_gray(*grey);
                content.rect(x, y - tall, *width, *tall).fill_nonzero();
            }
            Mark::Frame {
                at,
                width,
                height: tall,
                line,
            } => {
                let (x, y) = flip(*at);
                content.set_stroke_gray(0.0).set_line_width(*line);
                content.set_dash_pattern([], 0.0);
                content.rect(x, y - tall, *width, *tall).stroke();
            }
            Mark::Line {
                from,
                to,
                width,
                grey,
                dotted,
            } => line(&mut content, flip(*from), flip(*to), *width, *grey, *dotted),
            Mark::Ring {
                centre,
                radius,
                width,
                grey,
            } => ring(&mut content, flip(*centre), *radius, *width, *grey),
            Mark::Text {
                at,
                size,
                bold,
                text,
            } => {
                let (x, y) = flip(*at);
                let encoded = weights[usize::from(*bold)].encode(text)?;
                content.set_fill_gray(0.0).begin_text();
                content.set_font(if *bold { BOLD } else { REGULAR }, *size);
                content.next_line(x, y).show(Str(&encoded)).end_text();
            }
        }
    }
    Ok(content.finish().into_vec())
}

/// A line from `from` to `to` (PDF coordinates): solid with square ends, or round dots.
fn line(
    content: &mut Content,
    from: (f32, f32),
    to: (f32, f32),
    width: f32,
    grey: f32,
    dotted: bool,
) {
    content.set_stroke_gray(grey).set_line_width(width);
    match dotted {
        true => content
            .set_line_cap(LineCapStyle::RoundCap)
            .set_dash_pattern(DOTS, 0.0),
        false => content
            .set_line_cap(LineCapStyle::ProjectingSquareCap)
            .set_dash_pattern([], 0.0),
    };
    content.move_to(from.0, from.1).line_to(to.0, to.1).stroke();
}

/// A circle round `centre` (PDF coordinates): four Bézier quarters, each control point
/// [`KAPPA`] of the radius from its end along the tangent.
fn ring(content: &mut Content, centre: (f32, f32), radius: f32, width: f32, grey: f32) {
    let (x, y) = centre;
    let k = radius * KAPPA;
    content.set_stroke_gray(grey).set_line_width(width);
    content.set_dash_pattern([], 0.0);
    content.move_to(x + radius, y);
    content.cubic_to(x + radius, y + k, x + k, y + radius, x, y + radius);
    content.cubic_to(x - k, y + radius, x - radius, y + k, x - radius, y);
    content.cubic_to(x - radius, y - k, x - k, y - radius, x, y - radius);
    content.cubic_to(x + k, y - radius, x + radius, y - k, x + radius, y);
    content.close_path().stroke();
}

/// How far a quarter circle's Bézier control points lie from its ends, as a share of the
/// radius: 4/3 (sqrt 2 - 1), the usual close fit.
const KAPPA: f32 = 0.552_284_8;

/// `bytes` compressed for a `FlateDecode` stream.
fn compress(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).map_err(|e| e.to_string())?;
    encoder.finish().map_err(|e| e.to_string())
}
