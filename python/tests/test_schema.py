"""schema/gridlogic.schema.json against real output: every command's JSON (`check`, `solve`,
`explain` with --format json and jsonl, `batch --format jsonl`) on the fixtures, and the Python
package's documents and rows, validated by the jsonschema package (draft 2020-12)."""

import json
import os
import subprocess
from pathlib import Path

import jsonschema
import pytest

import gridlogic

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schema" / "gridlogic.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# Inputs of every kind: CSV grids (unique, several, none), one-line collections, a drawn grid,
# a workbook, a jigsaw, a Latin square, a 16x16 with letters, Shikaku.
FIXTURES = [
    "seed/search-easy-9x9.csv",
    "seed/search-5-9x9.csv",
    "seed/search-6-9x9.csv",
    "text/top1465-first.txt",
    "text/jigsaw-lines-5x5-7x7.txt",
    "text/jigsaw-6x6.csv",
    "text/drawn-9x9.txt",
    "text/hexadoku-0F-16x16.txt",
    "workbooks/sudoku-9x9.xlsx",
    "seed/shikaku-5x5.txt",
    "text/sudoku-x-9x9.txt",
    "text/windoku-9x9.txt",
    "samples/janko-killer-sample.txt",
    "workbooks/killer-drawn-9x9.xlsx",
    "marked/even-odd-100.txt",
    "marked/consecutive-9x9.txt",
]
EXTRA = {
    "text/latin-5x5.txt": ["--latin"],
    "text/hexadoku-0F-16x16.txt": ["--symbols", "0123456789ABCDEF"],
    "text/windoku-9x9.txt": ["--variant", "windoku"],
}


def binary():
    path = os.environ.get("GRIDLOGIC_BIN")
    if not path:
        if os.environ.get("CI"):
            pytest.fail("GRIDLOGIC_BIN must name the gridlogic binary when CI is set")
        pytest.skip("GRIDLOGIC_BIN is not set")
    return path


def run(*args):
    result = subprocess.run([binary(), *args], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode in (0, 1), (args, result.stderr)
    return result.stdout


def documents(text, lines):
    if lines:
        return [json.loads(line) for line in text.splitlines()]
    document = json.loads(text)
    return document if isinstance(document, list) else [document]


def valid(document):
    errors = [e.message for e in VALIDATOR.iter_errors(document)]
    assert not errors, (errors[:3], json.dumps(document)[:500])


def test_the_schema_is_a_valid_draft_2020_12_schema_that_rejects_wrong_documents():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    row = gridlogic.rate_many(["not a puzzle"]).to_pylist()[0] | {"schema_version": gridlogic.SCHEMA_VERSION}
    valid(row)
    for broken in [{k: v for k, v in row.items() if k != "schema_version"}, row | {"status": "fine"}]:
        assert not VALIDATOR.is_valid(broken)


@pytest.mark.parametrize("fixture", FIXTURES + ["text/latin-5x5.txt"])
def test_every_command_writes_documents_the_schema_accepts(fixture):
    path = str(ROOT / "fixtures" / fixture)
    extra = EXTRA.get(fixture, [])
    seen = 0
    for command in ["check", "solve", "explain"]:
        for form in ["json", "jsonl"]:
            args = [command, path, "--format", form, *extra]
            if command == "solve":
                args.append("--no-workbook")
            for document in documents(run(*args), form == "jsonl"):
                valid(document)
                seen += 1
    for row in documents(run("batch", path, "--format", "jsonl", *extra), True):
        valid(row)
        seen += 1
    assert seen >= 7


def test_collections_with_bad_lines_give_documents_and_rows_the_schema_accepts(tmp_path):
    lines = (ROOT / "fixtures" / "text" / "top1465-first3.txt").read_text().split()
    collection = tmp_path / "mixed.csv"
    collection.write_text(
        "id,puzzle,solution\n"
        f"a,{lines[0]},\n"
        f"b,{lines[1][:-1]},\n"
        f"c,{lines[2].replace('.', '?', 1)},\n"
    )
    statuses = []
    for command in ["check", "solve", "explain"]:
        for document in documents(run(command, str(collection), "--format", "jsonl"), True):
            valid(document)
            statuses.append(document["status"])
    for row in documents(run("batch", str(collection), "--format", "jsonl"), True):
        valid(row)
        statuses.append(row["status"])
    assert statuses == ["unique", "invalid", "invalid"] * 4


def test_a_sheet_with_no_grid_gives_no_puzzle_documents_and_rows_the_schema_accepts():
    # The week fixture's Notes sheet holds text only: listed as no puzzle by every command.
    week = "fixtures/workbooks/week-three-sheets-9x9.xlsx"
    statuses = []
    for args in [["check"], ["solve", "--no-workbook"], ["explain"], ["batch"]]:
        for document in documents(run(args[0], week, *args[1:], "--format", "jsonl"), True):
            valid(document)
            statuses.append(document["status"])
    assert statuses == ["unique", "unique", "unique", "no_puzzle"] * 4


def test_the_python_package_returns_documents_and_rows_the_schema_accepts():
    puzzle = (ROOT / "fixtures" / "text" / "top1465-first.txt").read_text().strip()
    valid(gridlogic.check(puzzle))
    valid(gridlogic.solve(puzzle))
    shikaku = (ROOT / "fixtures" / "seed" / "shikaku-5x5.txt").read_text()
    valid(gridlogic.solve(shikaku))
    for puzzles in [[puzzle, "not a puzzle", None], [shikaku, None]]:
        for row in gridlogic.rate_many(puzzles).to_pylist():
            valid(row | {"schema_version": gridlogic.SCHEMA_VERSION})
    sixteen = (ROOT / "fixtures" / "text" / "generated-hard-16x16.txt").read_text().splitlines()[1]
    for rating in ["hodoku", "gridlogic", "se"]:
        valid(gridlogic.solve(puzzle, rating=rating))
        for row in gridlogic.rate_many([puzzle, sixteen], rating=rating).to_pylist():
            valid(row | {"schema_version": gridlogic.SCHEMA_VERSION})


def test_documents_and_rows_with_sudoku_explainers_rating_are_valid():
    path = str(ROOT / "fixtures" / "text" / "top1465-first3.txt")
    seen = []
    for command in ["solve", "explain"]:
        for document in documents(run(command, path, "--format", "jsonl", "--rating", "se"), True):
            valid(document)
            seen.append(document["se_rating"]["er"])
    for row in documents(run("batch", path, "--format", "jsonl", "--rating", "se"), True):
        valid(row)
        seen.append(row["se_er"])
    assert len(seen) == 9 and all(isinstance(er, float) for er in seen)


@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_hints_are_documents_the_schema_accepts(level, tmp_path):
    puzzle = (ROOT / "fixtures" / "text" / "top1465-first.txt").read_text().strip()
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(puzzle.replace(".", "1", 1) + "\n")
    hints = [json.loads(run("hint", path, "--level", level, "--format", "json"))
             for path in [str(ROOT / "fixtures" / "text" / "top1465-first.txt"), str(wrong)]]
    for hint in hints:
        valid(hint)
    assert [h["verdict"] for h in hints] == ["unique", "no_solution"]
    assert not VALIDATOR.is_valid(hints[0] | {"detail": 4})


@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_shikaku_hints_are_documents_the_schema_accepts(level, tmp_path):
    puzzle = (ROOT / "fixtures" / "shikaku" / "janko-045.txt").read_text()
    # The 6 at r10c4 in its published rectangle, then one that holds no number.
    states = [puzzle + "rectangles:\nr10c1-r10c6\n", puzzle + "rectangles:\nr5c5\n"]
    hints = []
    for i, state in enumerate(states):
        path = tmp_path / f"state{i}.txt"
        path.write_text(state)
        hints.append(json.loads(run("hint", str(path), "--level", level, "--format", "json")))
    for hint in hints:
        valid(hint)
    assert [h["verdict"] for h in hints] == ["unique", "mistakes"]
    assert hints[1]["mistakes"][0]["kind"] == "no_clue"
    assert not VALIDATOR.is_valid(hints[0] | {"kind": "sudoku"})


def test_variant_layouts_and_killer_steps_are_described_by_the_schema():
    x = documents(run("solve", str(ROOT / "fixtures" / "text" / "sudoku-x-9x9.txt"), "--format", "json"), False)[0]
    houses = x["layout"]["extra_houses"]
    assert [h["name"] for h in houses] == ["the main diagonal", "the anti-diagonal"]
    assert houses[0]["cells"] == [f"r{i}c{i}" for i in range(1, 10)]
    killer = documents(run("solve", str(ROOT / "fixtures" / "samples" / "janko-killer-sample.txt"), "--format", "jsonl"), True)[0]
    assert all("sum" in cage for cage in killer["layout"]["cages"])
    assert any(step.get("cages") for step in killer["steps"])
    for document in [x, killer]:
        valid(document)
    cage = killer["layout"]["cages"][0]
    broken = killer | {"layout": killer["layout"] | {"cages": [{k: v for k, v in cage.items() if k != "sum"}]}}
    assert not VALIDATOR.is_valid(broken)


@pytest.mark.parametrize("fixture", ["text/top1465-36.txt", "workbooks/sudoku-9x9.xlsx", "text/xwing-pencil.txt"])
def test_the_steps_available_in_a_state_are_documents_the_schema_accepts(fixture):
    path = str(ROOT / "fixtures" / fixture)
    listings = [
        ["--technique", "all"],
        ["--technique", "aic", "--all", "--at-step", "22"],
        ["--at-step", "3"],
    ]
    steps = 0
    for listing in listings:
        for document in documents(run("explain", path, "--format", "json", *listing), False):
            steps += len(document["steps"])
            valid(document | {"steps": of_each_shape(document["steps"])})
    assert steps > 0


def of_each_shape(steps):
    """The first steps of each technique and set of fields: a listing of every step holds
    thousands of the same shapes (21,049 steps, 74 MB, for the workbook's first state), which
    the validator took a minute and a half to read."""
    kept, seen = [], {}
    for step in steps:
        shape = (json.dumps(step.get("technique"), sort_keys=True), tuple(sorted(step)))
        seen[shape] = seen.get(shape, 0) + 1
        if seen[shape] <= 3:
            kept.append(step)
    return kept
