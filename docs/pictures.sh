#!/bin/sh
# Draws the technique guide's example pictures (docs/src/techniques/images/NAME.png) with
# gridlogic's own drawing: the annotated workbook's step sheet of each page's example step
# (`solve --step-sheets N`), printed by LibreOffice and cut out of the page by pdftoppm.
# Run from the repository's root after `cargo build --release`:  sh docs/pictures.sh
# Needs libreoffice (headless) and pdftoppm/pdftotext (poppler-utils).
set -eu
gridlogic=${GRIDLOGIC:-target/release/gridlogic}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for page in docs/src/techniques/*.md; do
    # <!-- example: fixtures/guide/fish.txt step 17: Finned X-Wing -->
    marker=$(sed -n 's/^<!-- example: \(.*\) -->$/\1/p' "$page")
    [ -n "$marker" ] || continue
    fixture=${marker%% step *}
    rest=${marker#* step }
    step=${rest%%:*}
    name=$(basename "$page" .md)
    "$gridlogic" solve "$fixture" --rating gridlogic -o "$scratch/$name.xlsx" --step-sheets "$step" --force >/dev/null 2>&1 || true
    [ -f "$scratch/$name.xlsx" ] || { echo "$name: no workbook"; continue; }
    (cd "$scratch" && libreoffice --headless --convert-to pdf "$name.xlsx" >/dev/null 2>&1)
    pages=$(pdfinfo "$scratch/$name.pdf" | sed -n 's/^Pages: *//p')
    found=
    for p in $(seq 1 "$pages"); do
        if pdftotext -f "$p" -l "$p" "$scratch/$name.pdf" - | grep -q "^Step $step of "; then
            found=$p
            break
        fi
    done
    [ -n "$found" ] || { echo "$name: no sheet of step $step"; continue; }
    # The grid and its legend, at 100 dots an inch, from the landscape page's upper middle.
    pdftoppm -f "$found" -l "$found" -r 100 -x 40 -y 220 -W 1000 -H 500 -png -singlefile \
        "$scratch/$name.pdf" "docs/src/techniques/images/$name"
    echo "docs/src/techniques/images/$name.png: step $step of $fixture"
done
