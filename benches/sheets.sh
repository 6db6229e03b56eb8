#!/usr/bin/env bash
# Time and peak memory of reading a workbook of many puzzle sheets, for one or more binaries:
#
#   benches/sheets.sh SHEETS BINARY...
#
# Writes an .xlsx of SHEETS sheets, each holding the same 9x9 puzzle at A1 (the parts written
# by hand, so that nothing but Python's standard library is needed), then runs `check` on it and
# `solve --no-workbook` with each binary: wall time and peak resident set (/usr/bin/time). A
# workbook read sheet after sheet from one open book takes time in proportion to its sheets.
set -euo pipefail

sheets=${1:?usage: sheets.sh SHEETS BINARY...}
shift
[ $# -gt 0 ] || { echo "usage: sheets.sh SHEETS BINARY..." >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
book="$scratch/sheets.xlsx"
python3 - "$sheets" "$book" <<'PY'
import sys, zipfile
n, out = int(sys.argv[1]), sys.argv[2]
puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
sheet_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{sheet_type}"/>'
        for i in range(1, n + 1))
    z.writestr("[Content_Types].xml",
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        + overrides + "</Types>")
    z.writestr("_rels/.rels", f'<Relationships xmlns="{pkg}"><Relationship Id="rId1" '
        f'Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    names = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, n + 1))
    z.writestr("xl/workbook.xml",
        f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>{names}</sheets></workbook>')
    targets = "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" '
        f'Target="worksheets/sheet{i}.xml"/>' for i in range(1, n + 1))
    z.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{pkg}">{targets}</Relationships>')
    rows = "".join(
        f'<row r="{r + 1}">' + "".join(
            f'<c r="{"ABCDEFGHI"[c]}{r + 1}"><v>{puzzle[r * 9 + c]}</v></c>'
            for c in range(9) if puzzle[r * 9 + c] != ".") + "</row>"
        for r in range(9))
    for i in range(1, n + 1):
        z.writestr(f"xl/worksheets/sheet{i}.xml",
            f'<worksheet xmlns="{main}"><sheetData>{rows}</sheetData></worksheet>')
PY
printf '%-40s %-28s %10s %16s\n' binary command seconds "peak RSS (kB)"
for binary in "$@"; do
    for command in "check" "solve --no-workbook"; do
        # shellcheck disable=SC2086
        /usr/bin/time -f '%e %M' -o "$scratch/time" "$binary" $command "$book" >/dev/null 2>&1 || true
        read -r seconds kb < "$scratch/time"
        printf '%-40s %-28s %10s %16s\n' "$binary" "$command" "$seconds" "$kb"
    done
done
