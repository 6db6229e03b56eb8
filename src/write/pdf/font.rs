//! The fonts of a booklet's PDF. When every character of its text is in WinAnsi (ASCII, the
//! Latin-1 letters, typographic marks), the standard Helvetica and Helvetica-Bold, which every
//! reader has: nothing is embedded and the file stays small. Otherwise (Greek symbols, a title
//! in Czech or Russian, a ★), DejaVu Sans and DejaVu Sans Bold, whose glyphs cover Latin, Greek
//! and Cyrillic letters and many symbols: each weight is embedded as a subset of the glyphs the
//! booklet uses (cut down by `subsetter`), a composite font addressed by glyph, with the map
//! back to the characters that lets a reader copy or search the text. A character neither has
//! (Chinese, Japanese, Korean, emoji) is refused, naming it, before anything is written.

use super::compress;
use crate::write::booklet::{Helvetica, Mark, Metrics, Page, helvetica};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::collections::{BTreeMap, BTreeSet};
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

/// DejaVu Sans 2.37 (`fonts/`, its licence in `fonts/LICENSE-DejaVu`).
const DEJAVU_SANS: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold 2.37.
const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");

/// The character collection of a composite font addressed by glyph.
const IDENTITY: SystemInfo = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

/// The fonts a booklet's text is set in (see the module's documentation).
pub enum Fonts {
    /// Helvetica and Helvetica-Bold, in WinAnsi.
    Standard,
    /// DejaVu Sans and DejaVu Sans Bold, embedded.
    Embedded(Box<[Embedded; 2]>),
}

/// One weight of DejaVu Sans: the font file, its PostScript name and the name people read, and
/// the face read from the file.
pub struct Embedded {
    data: &'static [u8],
    name: &'static str,
    title: &'static str,
    face: Face<'static>,
}

impl Embedded {
    /// The weight in `data`, called `name` (`title` for people).
    fn load(
        data: &'static [u8],
        name: &'static str,
        title: &'static str,
    ) -> Result<Embedded, String> {
        let face =
            Face::parse(data, 0).map_err(|e| format!("its font {title} is unreadable: {e}"))?;
        Ok(Embedded {
            data,
            name,
            title,
            face,
        })
    }

    /// Font units per thousandth of the size.
    fn per_thousand(&self) -> f32 {
        f32::from(self.face.units_per_em()) / 1000.0
    }

    /// The advance width of the glyph of `c` (of the missing glyph's box when there is none),
    /// in font units.
    fn advance(&self, c: char) -> u16 {
        let glyph = self.face.glyph_index(c).unwrap_or(GlyphId(0));
        self.face.glyph_hor_advance(glyph).unwrap_or(0)
    }
}

impl Fonts {
    /// The fonts for a booklet whose text is `texts`: the standard ones when they print every
    /// character.
    pub fn for_text<'a>(texts: impl IntoIterator<Item = &'a str>) -> Result<Fonts, String> {
        if texts.into_iter().all(helvetica::encodes) {
            return Ok(Fonts::Standard);
        }
        let regular = Embedded::load(DEJAVU_SANS, "DejaVuSans", "DejaVu Sans")?;
        let bold = Embedded::load(DEJAVU_SANS_BOLD, "DejaVuSans-Bold", "DejaVu Sans Bold")?;
        Ok(Fonts::Embedded(Box::new([regular, bold])))
    }

    /// The regular and the bold weight as `pages` use them; fails, naming the character and the
    /// text it is in, when a weight has no glyph for a character its text needs.
    pub(super) fn weights(&self, pages: &[Page]) -> Result<[Weight<'_>; 2], String> {
        let Fonts::Embedded(faces) = self else {
            return Ok([
                Weight::Standard("Helvetica"),
                Weight::Standard("Helvetica-Bold"),
            ]);
        };
        let [regular, bold] = &**faces;
        Ok([
            Weight::Embedded(Subset::of(regular, texts(pages, false))?),
            Weight::Embedded(Subset::of(bold, texts(pages, true))?),
        ])
    }
}

impl Metrics for Fonts {
    fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let Fonts::Embedded(faces) = self else {
            return Helvetica.width(text, size, bold);
        };
        let font = &faces[usize::from(bold)];
        let units: u32 = text.chars().map(|c| u32::from(font.advance(c))).sum();
        units as f32 / font.per_thousand() * size / 1000.0
    }

    fn cap_height(&self) -> f32 {
        let Fonts::Embedded(faces) = self else {
            return Helvetica.cap_height();
        };
        let face = &faces[0].face;
        let height = face.capital_height().unwrap_or(face.ascender());
        f32::from(height) / f32::from(face.units_per_em())
    }
}

/// The text of `pages` set in the bold weight, or in the regular one.
fn texts(pages: &[Page], bold: bool) -> Vec<&str> {
    let marks = pages.iter().flat_map(|page| &page.marks);
    marks
        .filter_map(|mark| match mark {
            Mark::Text {
                text, bold: weight, ..
            } if *weight == bold => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// One weight of a PDF's text as it is written.
pub(super) enum Weight<'a> {
    /// A standard font, by name, in WinAnsi.
    Standard(&'static str),
    /// A subset of an embedded font.
    Embedded(Subset<'a>),
}

impl Weight<'_> {
    /// `text` as this weight's font addresses it: WinAnsi codes, or two bytes per glyph.
    pub(super) fn encode(&self, text: &str) -> Result<Vec<u8>, String> {
        match self {
            Weight::Standard(name) => helvetica::encode(text)
                .ok_or_else(|| format!("{name} has no glyph for a character of “{}”", shown(text))),
            Weight::Embedded(subset) => Ok(subset.encode(text)),
        }
    }

    /// Writes the font's objects, the font itself as `id` and the others it needs as `fresh`
    /// gives them.
    pub(super) fn write(
        &self,
        pdf: &mut Pdf,
        id: Ref,
        fresh: &mut dyn FnMut() -> Ref,
    ) -> Result<(), String> {
        match self {
            Weight::Standard(name) => {
                pdf.type1_font(id)
                    .base_font(Name(name.as_bytes()))
                    .encoding_predefined(Name(b"WinAnsiEncoding"));
                Ok(())
            }
            Weight::Embedded(subset) => subset.write(pdf, id, fresh),
        }
    }
}

/// The glyphs of an embedded font a PDF uses: each character's glyph, numbered anew from 1 in
/// the order of the characters (0 is the missing glyph), which is also the number the text
/// addresses it by.
pub(super) struct Subset<'a> {
    font: &'a Embedded,
    glyphs: BTreeMap<char, u16>,
    remapper: GlyphRemapper,
}

impl<'a> Subset<'a> {
    /// The glyphs of the characters of `texts` in `font`, or why the first that has none (in
    /// reading order) cannot be printed.
    fn of(font: &'a Embedded, texts: Vec<&str>) -> Result<Subset<'a>, String> {
        for text in &texts {
            if let Some(c) = text.chars().find(|&c| font.face.glyph_index(c).is_none()) {
                return Err(missing(font.title, c, text));
            }
        }
        let characters: BTreeSet<char> = texts.iter().flat_map(|t| t.chars()).collect();
        let mut remapper = GlyphRemapper::new();
        let glyphs = characters
            .into_iter()
            .filter_map(|c| Some((c, remapper.remap(font.face.glyph_index(c)?.0))))
            .collect();
        Ok(Subset {
            font,
            glyphs,
            remapper,
        })
    }

    /// `text` as the glyph numbers of its characters, two bytes each (big-endian).
    fn encode(&self, text: &str) -> Vec<u8> {
        let glyph = |c| self.glyphs.get(&c).copied().unwrap_or(0);
        text.chars().flat_map(|c| glyph(c).to_be_bytes()).collect()
    }

    /// The name of the subset: a tag of six capitals drawn from its characters, `+`, the font's
    /// name, as the PDF standard names subsets (`KQZWTB+DejaVuSans`).
    fn name(&self) -> String {
        // FNV-1a over the characters: the same subset always has the same tag.
        let hash = self.glyphs.keys().fold(0x811C_9DC5_u32, |hash, &c| {
            (hash ^ c as u32).wrapping_mul(0x0100_0193)
        });
        let tag: String = (0..6)
            .map(|i| char::from(b'A' + ((hash >> (5 * i)) % 26) as u8))
            .collect();
        format!("{tag}+{}", self.font.name)
    }

    /// Writes the composite font `id`: its glyph-addressed font, the descriptor with the
    /// subset's font file, and the map from glyphs back to characters.
    fn write(&self, pdf: &mut Pdf, id: Ref, fresh: &mut dyn FnMut() -> Ref) -> Result<(), String> {
        let (cid_font, descriptor, file, unicode) = (fresh(), fresh(), fresh(), fresh());
        let name = self.name();
        let name = Name(name.as_bytes());
        pdf.type0_font(id)
            .base_font(name)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font)
            .to_unicode(unicode);
        let mut font = pdf.cid_font(cid_font);
        font.subtype(CidFontType::Type2)
            .base_font(name)
            .system_info(IDENTITY)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        font.widths().consecutive(0, self.widths());
        font.finish();
        self.describe(pdf, descriptor, name, file);
        let subset = subsetter::subset(self.font.data, 0, &self.remapper)
            .map_err(|e| format!("its font {} could not be cut down: {e}", self.font.name))?;
        pdf.stream(file, &compress(&subset)?)
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), subset.len() as i32);
        let mut map = UnicodeCmap::new(Name(b"Custom"), IDENTITY);
        for (&c, &glyph) in &self.glyphs {
            map.pair(glyph, c);
        }
        pdf.stream(unicode, &compress(&map.finish())?)
            .filter(Filter::FlateDecode);
        Ok(())
    }

    /// The widths of the subset's glyphs in order, in thousandths of the size.
    fn widths(&self) -> Vec<f32> {
        let face = &self.font.face;
        self.remapper
            .remapped_gids()
            .map(|glyph| {
                let advance = face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0);
                f32::from(advance) / self.font.per_thousand()
            })
            .collect()
    }

    /// Writes the font descriptor `id` of the subset `name`, its font file in `file`.
    fn describe(&self, pdf: &mut Pdf, id: Ref, name: Name, file: Ref) {
        let face = &self.font.face;
        let scale = |units: i16| f32::from(units) / self.font.per_thousand();
        let bbox = face.global_bounding_box();
        // The usual estimate of the vertical stems' width from the weight (400 regular, 700 bold).
        let stem = 10.0 + 0.244 * (f32::from(face.weight().to_number()) - 50.0);
        pdf.font_descriptor(id)
            .name(name)
            .flags(FontFlags::SYMBOLIC)
            .bbox(Rect::new(
                scale(bbox.x_min),
                scale(bbox.y_min),
                scale(bbox.x_max),
                scale(bbox.y_max),
            ))
            .italic_angle(0.0)
            .ascent(scale(face.ascender()))
            .descent(scale(face.descender()))
            .cap_height(scale(face.capital_height().unwrap_or(face.ascender())))
            .stem_v(stem)
            .font_file2(file);
    }
}

/// Why `c`, in `text`, cannot be printed in the font `title`.
fn missing(title: &str, c: char, text: &str) -> String {
    format!(
        "its font, {title}, has no “{}” (U+{:04X}, in “{}”); a PDF prints Latin, Greek and \
         Cyrillic letters and many symbols, but not Chinese, Japanese or Korean characters or \
         most emoji: rename what holds it (the sheet or the puzzle's id), or give other \
         --symbols",
        shown(&c.to_string()),
        c as u32,
        shown(text)
    )
}

/// `text` with its control characters escaped, as a message may show it on a terminal.
fn shown(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_text_beyond_winansi_embeds_a_font() {
        let standard = Fonts::for_text(["Puzzle 1 · Grüße, é", "9"]).unwrap();
        assert!(matches!(standard, Fonts::Standard));
        let greek = Fonts::for_text(["Puzzle 1", "α"]).unwrap();
        assert!(matches!(greek, Fonts::Embedded(_)));
        // DejaVu Sans's widths, not Helvetica's: its digits are 1303 units of 2048 wide.
        let digit = greek.width("5", 1000.0, false);
        assert!((digit - 1303.0 / 2.048).abs() < 0.01, "{digit}");
        assert_eq!(standard.width("5", 1000.0, false), 556.0);
    }

    #[test]
    fn a_character_no_weight_has_is_refused_by_name() {
        let fonts = Fonts::for_text(["数独"]).unwrap();
        let page = Page {
            marks: vec![Mark::Text {
                at: crate::write::booklet::Point::new(0.0, 0.0),
                size: 10.0,
                bold: true,
                text: "Puzzle 1 (数独)".to_string(),
            }],
        };
        let error = fonts.weights(&[page]).err().unwrap();
        let named = "its font, DejaVu Sans Bold, has no “数” (U+6570, in “Puzzle 1 (数独)”)";
        assert!(error.starts_with(named), "{error}");
        assert_eq!(shown("a\u{1b}]0;x\u{7}"), "a\\u{1b}]0;x\\u{7}");
    }
}
