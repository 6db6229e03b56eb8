"""The Python package as a user calls it: verdicts and solutions checked against published ones,
steps as dicts, errors as exceptions with the command line's messages, rate_many on lists, pandas
and Arrow, on all cores with the GIL released."""

import json
import os
import re
import subprocess
import threading
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest

import gridlogic

ROOT = Path(__file__).resolve().parents[2]

# The first two puzzles of the `sudoku` crate's top50k list and their published solutions
# (../shared/datasets/9x9/emerentius_top50k*.txt).
TOP50K = [
    ".816...9............4.376..6..4..5...3.....7...7..2..4..521.3............7...481.",
    ".53.7...8........3..13......6.8....9.4..9..6.2....7.1......46..5........7...5.29.",
]
TOP50K_SOLUTIONS = [
    "281645793763928145594137628629473581438591276157862934845219367312786459976354812",
    "453976128629418573871325946165842739347591862298637415932784651514269387786153294",
]


def seed(name):
    return (ROOT / "fixtures" / "seed" / name).read_text()


def test_check_gives_the_seed_puzzles_their_expected_verdicts():
    words = {"unique": "unique", "several": "multiple", "none": "none"}
    rows = (ROOT / "fixtures" / "seed" / "expected.csv").read_text().split()[1:]
    for row in rows:
        name, outcome = row.split(",")
        if outcome == "invalid":
            with pytest.raises(gridlogic.InputError):
                gridlogic.check(seed(name))
            continue
        document = gridlogic.check(seed(name))
        assert document["status"] == words[outcome], name
        assert document["schema_version"] == gridlogic.SCHEMA_VERSION


def test_solve_finds_the_published_solutions():
    for puzzle, solution in zip(TOP50K, TOP50K_SOLUTIONS):
        document = gridlogic.solve(puzzle)
        rows = ["".join(map(str, row)) for row in document["solution"]]
        assert "".join(rows) == solution
        assert document["status"] == "unique"
        assert document["rating"]["level"] in {"Easy", "Medium", "Hard", "Unfair", "Extreme"}


def test_explain_gives_steps_as_dicts_with_structured_cells():
    steps = gridlogic.explain(TOP50K[0])
    solution = TOP50K_SOLUTIONS[0]
    placed = 0
    for step in steps:
        assert isinstance(step["explanation"], str) and step["technique"]
        # The words name the placed cell and digit, without notation.
        assert all("=" not in sentence for sentence in step["words"])
        for cell in step["placement_cells"]:
            assert any(
                f"r{cell['row']}c{cell['col']}" in s and str(cell["digit"]) in s
                for s in step["words"]
            )
        assert step["guide"].startswith("docs/src/techniques/")
        assert len(step["placements"]) == len(step["placement_cells"])
        for text, cell in zip(step["placements"], step["placement_cells"]):
            assert text == f"r{cell['row']}c{cell['col']}={cell['digit']}"
            assert solution[(cell["row"] - 1) * 9 + cell["col"] - 1] == str(cell["digit"])
            placed += 1
    assert placed == TOP50K[0].count(".")


def test_verdicts_and_input_errors_are_exceptions_with_the_command_lines_messages():
    with pytest.raises(gridlogic.VerdictError) as raised:
        gridlogic.solve(seed("search-6-9x9.csv"))
    assert raised.value.status == "none"
    assert str(raised.value).startswith("no solution: ")
    assert raised.value.document["outcome"]["kind"] == "no_solution"
    several = seed("search-5-9x9.csv")
    with pytest.raises(gridlogic.VerdictError) as raised:
        gridlogic.explain(several)
    assert raised.value.status == "multiple"
    assert gridlogic.solve(several, random=True)["status"] == "multiple"
    duplicate = seed("search-invalid-duplicate-9x9.csv")
    with pytest.raises(gridlogic.InputError) as raised:
        gridlogic.check(duplicate)
    assert isinstance(raised.value, ValueError)
    assert isinstance(raised.value, gridlogic.GridlogicError)
    binary = os.environ.get("GRIDLOGIC_BIN")
    if binary:
        path = ROOT / "fixtures" / "seed" / "search-invalid-duplicate-9x9.csv"
        run = subprocess.run([binary, "check", str(path)], capture_output=True, text=True)
        assert run.returncode == 2
        assert run.stderr.strip() == f"error: {path}: {raised.value}"
    with pytest.raises(gridlogic.InputError, match="unknown technique 'no-such-thing'"):
        gridlogic.solve(TOP50K[0], techniques=["no-such-thing"])


def test_rate_many_reads_lists_pandas_and_arrow_alike():
    puzzles = [TOP50K[0], "not a puzzle", None, TOP50K[1]]
    tables = [
        gridlogic.rate_many(puzzles),
        gridlogic.rate_many(pd.Series(puzzles)),
        gridlogic.rate_many(pa.array(puzzles)),
        gridlogic.rate_many(pa.chunked_array([puzzles[:2], puzzles[2:]])),
    ]
    for table in tables[1:]:
        assert table.drop(["microseconds"]).equals(tables[0].drop(["microseconds"]))
    rows = tables[0].to_pylist()
    assert [row["status"] for row in rows] == ["unique", "invalid", "invalid", "unique"]
    assert [row["id"] for row in rows] == [1, 2, 3, 4]
    assert rows[0]["solution"] == TOP50K_SOLUTIONS[0]
    assert rows[3]["solution"] == TOP50K_SOLUTIONS[1]
    assert rows[1]["detail"] and rows[1]["level"] is None and rows[1]["score"] is None
    assert tables[0].schema.field("score").type == pa.int64()
    assert tables[0].schema.field("logic_only").type == pa.bool_()
    assert tables[0].schema.field("brute_force").type == pa.bool_()


def test_rate_many_gives_hodokus_level_and_score():
    # HoDoKu 2.2.0 rates these Medium 916 and (top1465 #2) Extreme with brute force
    # (../shared/datasets/9x9/hodoku_ratings_*.txt).
    medium = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
    guessed = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    rows = gridlogic.rate_many([medium, guessed]).to_pylist()
    assert (rows[0]["level"], rows[0]["score"], rows[0]["brute_force"]) == ("Medium", 916, False)
    assert (rows[1]["level"], rows[1]["brute_force"]) == ("Extreme", True)


# Lines 5, 235, 238 and 2 of magictour top1465 as HoDoKu 2.2.0's batch mode and Sudoku
# Explainer (serate) rate them, copied from ../shared/datasets/9x9/hodoku_ratings_top1465.txt
# (`puzzle level score [bf]`) and se_ratings_top1465.txt (`puzzle ER EP ED`).
HODOKU_TOP1465 = [
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9.... Medium 802",
    "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7 Medium 686",
    "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3............. Hard 1532",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5........... Extreme 17834 bf",
]
SE_TOP1465 = [
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9.... 3.4 1.2 1.2",
    "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7 2.8 2.8 2.6",
    "..1...5.....2.9......8..3..53..4...........726.........2.1...894...3............. 4.5 3.4 2.6",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5........... 9.5 1.2 1.2",
]
RATED = [line.split()[0] for line in HODOKU_TOP1465]
# A 16x16, which neither HoDoKu nor Sudoku Explainer rates.
SIXTEEN = (ROOT / "fixtures" / "text" / "generated-hard-16x16.txt").read_text().splitlines()[1]


def test_the_ratings_copied_here_are_the_published_ones():
    folder = ROOT.parent / "shared" / "datasets" / "9x9"
    if not folder.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{folder} is missing")
        pytest.skip(f"{folder} is missing")
    hodoku = (folder / "hodoku_ratings_top1465.txt").read_text().splitlines()
    se = (folder / "se_ratings_top1465.txt").read_text().splitlines()
    assert [hodoku.index(line) + 1 for line in HODOKU_TOP1465] == [5, 235, 238, 2]
    assert [se.index(line) + 1 for line in SE_TOP1465] == [5, 235, 238, 2]


@pytest.mark.parametrize("rating", [None, "hodoku", "se"])
def test_rate_many_gives_hodokus_published_ratings_by_default_and_by_name(rating):
    rows = gridlogic.rate_many(RATED, rating=rating).to_pylist()
    for row, line in zip(rows, HODOKU_TOP1465):
        _, level, score, *bf = line.split()
        assert (row["level"], row["brute_force"]) == (level, bf == ["bf"]), line
        if not bf:  # with brute force HoDoKu's score counts its guesses
            assert row["score"] == int(score), line


def test_rate_many_with_sudoku_explainers_rating_gives_its_published_er_ep_and_ed():
    table = gridlogic.rate_many(RATED, rating="se")
    for name in ["se_er", "se_ep", "se_ed"]:
        assert table.schema.field(name).type == pa.float64()
    assert table.schema.field("brute_force").type == pa.bool_()
    names = table.column_names
    assert names.index("brute_force") < names.index("se_er") < names.index("hardest_technique")
    published = [tuple(float(x) for x in line.split()[1:]) for line in SE_TOP1465]
    rows = table.to_pylist()
    assert [(row["se_er"], row["se_ep"], row["se_ed"]) for row in rows] == published
    document = gridlogic.solve(RATED[1], rating="se")
    assert [document["se_rating"][key] for key in ["er", "ep", "ed"]] == [2.8, 2.8, 2.6]
    assert "se_er" not in gridlogic.rate_many(RATED[:1]).column_names


def test_gridlogics_own_rating_can_differ_from_hodokus():
    # HoDoKu: Medium 802; gridlogic's own solve takes techniques in another order.
    puzzle, level, score = HODOKU_TOP1465[0].split()
    own = gridlogic.rate_many([puzzle], rating="gridlogic").to_pylist()[0]
    assert (own["level"], own["score"]) == ("Hard", 1262)
    assert (own["level"], own["score"]) != (level, int(score))
    document = gridlogic.solve(puzzle, rating="gridlogic")
    assert document["rating"]["level"] == "Hard" and "hodoku_rating" not in document
    assert gridlogic.solve(puzzle)["rating"]["level"] == level


def test_explain_with_hodokus_rating_by_name_lists_hodokus_solve_path():
    puzzle = RATED[0]
    steps = gridlogic.explain(puzzle, rating="hodoku")
    row = gridlogic.rate_many([puzzle], rating="hodoku").to_pylist()[0]
    assert len(steps) == row["steps"]
    own = gridlogic.explain(puzzle, rating="gridlogic")
    assert [s["technique"] for s in steps] != [s["technique"] for s in own]
    document = gridlogic.solve(puzzle, rating="hodoku")
    assert len(document["steps"]) == len(steps)
    assert document["hodoku_rating"] == {"level": "Medium", "score": 802, "brute_force": False}


def test_an_unknown_rating_is_an_input_error_naming_it_and_the_ratings_there_are(tmp_path):
    message = "unknown rating 'HoDoKu'; known: hodoku, gridlogic, se"
    for call in [gridlogic.check, gridlogic.solve, gridlogic.explain]:
        with pytest.raises(gridlogic.InputError) as raised:
            call(RATED[0], rating="HoDoKu")
        assert str(raised.value) == message
    with pytest.raises(gridlogic.InputError) as raised:
        gridlogic.rate_many(RATED, rating="HoDoKu")
    assert str(raised.value) == message
    binary = os.environ.get("GRIDLOGIC_BIN")
    if binary:
        path = tmp_path / "one.txt"
        path.write_text(RATED[0] + "\n")
        run = subprocess.run([binary, "batch", str(path), "--rating", "HoDoKu"], capture_output=True, text=True)
        assert run.returncode == 2
        assert message in run.stderr


@pytest.mark.parametrize("rating", ["hodoku", "se"])
def test_a_rating_by_name_on_a_16x16_is_an_invalid_row_or_an_input_error(rating):
    who = {"hodoku": "HoDoKu", "se": "Sudoku Explainer"}[rating]
    why = f"the {who} rating (--rating {rating}) is for 9x9 puzzles with 3x3 boxes"
    table = gridlogic.rate_many([SIXTEEN], rating=rating)
    row = table.to_pylist()[0]
    assert row["status"] == "invalid" and row["detail"].startswith(why)
    assert row["level"] is None and row["puzzle"] == SIXTEEN
    assert ("se_er" in table.column_names) == (rating == "se")
    rows = gridlogic.rate_many([RATED[0], SIXTEEN], rating=rating).to_pylist()
    assert [r["status"] for r in rows] == ["unique", "invalid"]
    with pytest.raises(gridlogic.InputError, match=re.escape(why)):
        gridlogic.solve(SIXTEEN, rating=rating)
    assert gridlogic.rate_many([SIXTEEN], rating="gridlogic").column("status").to_pylist() == ["unique"]


def batch_jsonl(tmp_path, lines, *arguments):
    """The rows `gridlogic batch --format jsonl` writes for a file of `lines`, without their
    schema_version (skips without GRIDLOGIC_BIN)."""
    binary = os.environ.get("GRIDLOGIC_BIN")
    if not binary:
        pytest.skip("GRIDLOGIC_BIN names no gridlogic binary")
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(lines) + "\n")
    command = [binary, "batch", str(source), "--format", "jsonl", *arguments]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    return [{k: v for k, v in row.items() if k != "schema_version"} for row in rows]


@pytest.mark.parametrize("rating", [None, "hodoku", "gridlogic", "se"])
def test_rate_many_gives_the_rows_of_batch_with_the_same_rating(tmp_path, rating):
    puzzles = RATED + [SIXTEEN]
    cli = batch_jsonl(tmp_path, puzzles, *(["--rating", rating] if rating else []))
    rows = gridlogic.rate_many(puzzles, rating=rating).to_pylist()
    assert len(rows) == len(cli) == 5
    for row, line in zip(rows, cli):
        del row["microseconds"], line["microseconds"]
        assert list(row) == list(line) and row == line


def batch_rows(tmp_path, lines, *arguments):
    """The rows `gridlogic batch` writes for a file of `lines`, read by pandas (None without
    GRIDLOGIC_BIN)."""
    binary = os.environ.get("GRIDLOGIC_BIN")
    if not binary:
        pytest.skip("GRIDLOGIC_BIN names no gridlogic binary")
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(lines) + "\n")
    target = tmp_path / "rows.csv"
    run = subprocess.run(
        [binary, "batch", str(source), "-o", str(target), *arguments], capture_output=True, text=True
    )
    assert run.returncode in (0, 1), run.stderr
    texts = {"puzzle": str, "solution": str, "detail": str}
    return pd.read_csv(target, keep_default_na=False, na_values=[""], dtype=texts)


def test_rate_many_ids_are_the_line_numbers_batch_gives_the_same_puzzles(tmp_path):
    puzzles = [TOP50K[0], "123", TOP50K[1], TOP50K[0][:80]]
    cli = batch_rows(tmp_path, puzzles)
    table = gridlogic.rate_many(puzzles)
    assert list(cli["id"]) == [1, 2, 3, 4]
    assert table.column("id").to_pylist() == list(cli["id"])
    assert table.column("status").to_pylist() == list(cli["status"])
    assert table.column("solution").to_pylist()[::2] == TOP50K_SOLUTIONS
    assert list(cli["solution"])[::2] == TOP50K_SOLUTIONS
    later = gridlogic.rate_many(puzzles[2:], first_id=3)
    assert later.column("id").to_pylist() == list(cli["id"])[2:]


def test_batch_csv_booleans_are_read_by_pandas_as_booleans(tmp_path):
    wrong = TOP50K_SOLUTIONS[0].replace("2", "x").replace("8", "2").replace("x", "8")
    lines = ["quizzes,solutions"] + [
        f"{TOP50K[0]},{TOP50K_SOLUTIONS[0]}",
        f"{TOP50K[1]},{TOP50K_SOLUTIONS[1]}",
        f"{TOP50K[0]},{wrong}",
    ]
    rows = batch_rows(tmp_path, lines)
    assert rows["solution_matches"].dtype == bool
    assert rows["logic_only"].dtype == bool
    assert list(rows["solution_matches"]) == [True, True, False]
    logic = gridlogic.rate_many(TOP50K + TOP50K[:1]).column("logic_only").to_pylist()
    assert list(rows["logic_only"]) == logic


def test_rate_many_keeps_a_dataframes_columns_index_and_type():
    frame = pd.DataFrame(
        {
            "name": ["first", "bad", "second"],
            "puzzle": [TOP50K[0], "123", TOP50K[1]],
            "solution": [TOP50K_SOLUTIONS[0], None, TOP50K_SOLUTIONS[0]],
        },
        index=[30, 10, 20],
    )
    rated = gridlogic.rate_many(frame, solution_column="solution")
    assert isinstance(rated, pd.DataFrame)
    assert list(rated.index) == [30, 10, 20]
    assert rated[["name", "puzzle", "solution"]].equals(frame)
    assert list(rated["id"]) == [1, 2, 3]
    assert list(rated["status"]) == ["unique", "invalid", "unique"]
    # The rating's puzzle and solution beside the input's: suffixed, never replacing them.
    assert list(rated["puzzle_rated"])[::2] == TOP50K
    assert list(rated["solution_rated"])[::2] == TOP50K_SOLUTIONS
    matches = [None if pd.isna(value) else value for value in rated["solution_matches"]]
    assert matches == [True, None, False]
    assert rated["score"].dtype == pd.ArrowDtype(pa.int64())
    assert rated["logic_only"].dtype == pd.ArrowDtype(pa.bool_())
    plain = gridlogic.rate_many(frame["puzzle"], solutions=frame["solution"])
    assert plain.column_names == list(rated.columns[3:].str.replace("_rated", ""))


def test_rate_many_keeps_an_arrow_tables_columns_and_says_what_clashes():
    table = pa.table({"puzzle": TOP50K, "id": ["a", "b"], "id_rated": ["c", "d"]})
    with pytest.raises(gridlogic.InputError, match="choose another suffix="):
        gridlogic.rate_many(table)
    rated = gridlogic.rate_many(table, suffix="_gl", first_id=7)
    assert isinstance(rated, pa.Table)
    assert rated.column_names[:3] == ["puzzle", "id", "id_rated"]
    assert rated.column("id").to_pylist() == ["a", "b"]
    assert rated.column("id_gl").to_pylist() == [7, 8]
    assert rated.column("solution").to_pylist() == TOP50K_SOLUTIONS
    assert rated.column("puzzle_gl").to_pylist() == TOP50K
    with pytest.raises(gridlogic.InputError, match="no column 'quizzes' for the puzzles"):
        gridlogic.rate_many(table, column="quizzes")


def test_a_line_of_three_digits_says_how_many_symbols_as_the_command_line_does(tmp_path):
    with pytest.raises(gridlogic.InputError) as raised:
        gridlogic.solve("123")
    message = str(raised.value)
    assert message.startswith("the text is one line of 3 symbols: ")
    assert "(81 for a 9x9, 16 for a 4x4, …)" in message
    binary = os.environ.get("GRIDLOGIC_BIN")
    if binary:
        path = tmp_path / "one.txt"
        path.write_text("123\n")
        run = subprocess.run([binary, "solve", str(path)], capture_output=True, text=True)
        assert run.returncode == 2
        assert run.stderr.strip() == "error: " + message.replace("the text", "one.txt", 1)
    detail = gridlogic.rate_many(["123"]).column("detail").to_pylist()
    assert detail == [message]


def test_rate_many_checks_given_solutions():
    wrong = TOP50K_SOLUTIONS[1][:-1] + ("5" if TOP50K_SOLUTIONS[1][-1] != "5" else "6")
    table = gridlogic.rate_many(TOP50K, solutions=[TOP50K_SOLUTIONS[0], wrong])
    assert table.column("solution_matches").to_pylist() == [True, False]
    assert table.column("detail").to_pylist()[0] is None
    with pytest.raises(gridlogic.InputError, match="2 puzzles but 1 solutions"):
        gridlogic.rate_many(TOP50K, solutions=[TOP50K_SOLUTIONS[0]])


def test_rate_many_releases_the_gil_while_it_solves():
    puzzles = (ROOT / "fixtures" / "text" / "top1465-first3.txt").read_text().split() * 4
    busy = threading.Event()
    done = threading.Event()

    def rate():
        busy.set()
        gridlogic._gridlogic.rate_columns(puzzles)
        done.set()

    worker = threading.Thread(target=rate)
    worker.start()
    busy.wait()
    turns = 0
    while not done.is_set():
        turns += 1
    worker.join()
    # With the GIL held for the whole call, this thread would get a turn only every switch
    # interval (5 ms) at best; the call takes seconds.
    assert turns > 100_000, turns


def test_rate_many_refuses_a_single_str_or_bytes_rather_than_rating_its_characters():
    for one in [TOP50K[0], TOP50K[0].encode(), 7]:
        with pytest.raises(TypeError, match=r"rate_many\(\) takes many puzzles: a list") as raised:
            gridlogic.rate_many(one)
        assert type(one).__name__ in str(raised.value)
    with pytest.raises(TypeError, match="takes many solutions"):
        gridlogic.rate_many(TOP50K[:1], solutions=TOP50K_SOLUTIONS[0])
    # A list of one is one puzzle.
    assert gridlogic.rate_many([TOP50K[0]]).num_rows == 1


#: Words of the native module and of PyO3, which a caller never wrote.
NATIVE_WORDING = ["Can't extract", "PyString", "PyBool", "document_json", "rate_columns",
                  "cannot be converted", "cannot be interpreted as an integer",
                  "must be real number", "can't convert negative int"]


def test_keywords_of_the_wrong_type_are_type_errors_in_the_callers_terms():
    cases = [
        (lambda: gridlogic.check(123), r"check\(\) takes the puzzle as text \(a str\), not an int"),
        (lambda: gridlogic.solve(TOP50K[0], seed="7"), r"solve\(\): seed is '7', a str; give a whole"),
        (lambda: gridlogic.solve(TOP50K[0], latin="yes"), "latin is 'yes', a str; give True or False"),
        (lambda: gridlogic.check(TOP50K[0], box=3), "box is 3, an int; give a box shape"),
        (lambda: gridlogic.explain(TOP50K[0], time_limit="5"), "time_limit is '5', a str"),
        (lambda: gridlogic.solve(TOP50K[0], techniques=["singles", 2]), "an item of techniques is 2"),
        (lambda: gridlogic.rate_many(TOP50K, rating=1), r"rate_many\(\): rating is 1, an int"),
        (lambda: gridlogic.check(TOP50K[0], no_such=1),
         r"check\(\) got an unexpected keyword argument 'no_such'; its keywords are box, latin"),
    ]
    for call, message in cases:
        with pytest.raises(TypeError, match=message) as raised:
            call()
        for words in NATIVE_WORDING:
            assert words not in str(raised.value), raised.value
    with pytest.raises(gridlogic.InputError, match="seed is -1: give a whole number"):
        gridlogic.solve(TOP50K[0], seed=-1)
    # Names as one str, separated by commas as on the command line.
    solved = gridlogic.solve(TOP50K[0], techniques="singles,pointing,claiming", random=True)
    assert {step["technique"] for step in solved["steps"]} <= {
        "Full House", "Hidden Single (region)", "Hidden Single (row)", "Hidden Single (column)",
        "Naked Single", "Pointing", "Claiming", "Backtracking"}

    def outcome(**options):
        try:
            return gridlogic.check(TOP50K[0], **options)["status"]
        except gridlogic.InputError as error:
            return str(error)

    assert outcome(variant="x,windoku") == outcome(variant=["x", "windoku"]) != outcome()


def test_input_errors_show_control_characters_escaped():
    grid = seed("search-invalid-duplicate-9x9.csv").replace("5", "\x1b]0;owned\x07\x1b[2J", 1)
    with pytest.raises(gridlogic.InputError) as raised:
        gridlogic.check(grid)
    message = str(raised.value)
    assert "\\u001b]0;owned\\u0007\\u001b[2J" in message, message
    assert not any(c in message for c in "\x1b\x07"), message


#: A child interpreter that rates (or solves) until Ctrl-C, then says how it ended.
INTERRUPTED = """
import sys, time, gridlogic
print("started", flush=True)
try:
    if sys.argv[1] == "rate_many":
        gridlogic.rate_many(sys.argv[2].split() * 200)
    else:
        gridlogic.solve(sys.argv[2], time_limit=None)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("call", ["rate_many", "solve"])
def test_ctrl_c_stops_a_long_call_within_a_second(call):
    import select
    import signal
    import sys
    import time

    hard = (ROOT / "fixtures" / "text" / "top1465-first3.txt").read_text()
    # 600 hard puzzles take a minute or so on two cores; an empty 25x25 is a long search.
    work = hard if call == "rate_many" else "." * 625
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, call, work],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.5)
    assert child.poll() is None, "the call ended before it was interrupted"
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    # A call that ignores Ctrl-C would keep the test waiting for minutes (or for ever).
    ready, _, _ = select.select([child.stdout], [], [], 10)
    if not ready:
        child.kill()
        child.wait()
        pytest.fail(f"{call} still ran 10 s after Ctrl-C")
    said = child.stdout.readline().strip()
    took = time.monotonic() - sent
    child.wait(timeout=10)
    assert said == "interrupted", said
    assert took < 1.0, f"{call} took {took:.2f} s to stop"


def follows_the_rules(solution, givens, houses):
    """Whether a solved grid (81 digits) keeps the givens and holds 1-9 once in every house."""
    kept = all(g in ".0" or g == s for g, s in zip(givens, solution))
    return kept and all(sorted(solution[c] for c in house) == list("123456789") for house in houses)


def test_variants_and_killers_are_read_and_solved():
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    columns = [[9 * r + c for r in range(9)] for c in range(9)]
    boxes = [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]
    diagonals = [[10 * i for i in range(9)], [8 * (i + 1) for i in range(9)]]
    line = (ROOT / "fixtures" / "text" / "sudoku-x-9x9.txt").read_text().split("\n")[2]
    givens = line.split()[0]
    assert gridlogic.check(givens)["status"] == "multiple"
    for puzzle, options in [(givens, {"variant": "x"}), (givens, {"variant": ["x"]}), (line, {})]:
        document = gridlogic.solve(puzzle, **options)
        solution = "".join(str(d) for row in document["solution"] for d in row)
        assert follows_the_rules(solution, givens, rows + columns + boxes + diagonals)
    steps = gridlogic.explain(givens, variant="x")
    assert any("diagonal" in step["explanation"] for step in steps)
    with pytest.raises(gridlogic.InputError, match="unknown variant 'y'"):
        gridlogic.check(givens, variant="y")
    table = gridlogic.rate_many([givens], variant="x")
    assert table.column("status").to_pylist() == ["unique"]
    # The published solutions of the Killer sample (janko.at), the first 9x9 of them.
    samples = ROOT / "fixtures" / "samples"
    killers = (samples / "janko-killer-sample.txt").read_text().split("# ")
    killer = next(k for k in killers if k.startswith("163_9x9"))
    published = dict(l.split() for l in (samples / "janko-killer-sample.solutions.txt").read_text().splitlines()[1:])
    document = gridlogic.solve(killer.split("\n", 1)[1])
    solution = "".join(str(d) for row in document["solution"] for d in row)
    assert solution == published["163_9x9"]


def solve_json_levels(path, rating):
    """The level `gridlogic solve --format jsonl` gives each puzzle of the file at `path` (skips
    without GRIDLOGIC_BIN)."""
    binary = os.environ.get("GRIDLOGIC_BIN")
    if not binary:
        pytest.skip("GRIDLOGIC_BIN names no gridlogic binary")
    command = [binary, "solve", str(path), "--format", "jsonl", "--no-workbook"]
    run = subprocess.run(command + (["--rating", rating] if rating else []), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return [json.loads(line)["rating"]["level"] for line in run.stdout.splitlines()]


# Lines of fixtures/samples/hodoku_ratings_sample.txt that HoDoKu rates Easy, Medium, Hard,
# Unfair, Hard, Extreme and Extreme with brute force (gridlogic's own rating differs on some).
LEVEL_LINES = [3, 15, 38, 42, 53, 50, 31]


@pytest.mark.parametrize("rating", [None, "hodoku", "gridlogic", "se"])
def test_python_gives_the_level_solve_gives_for_the_same_rating(tmp_path, rating):
    """One level everywhere (tests/levels.rs checks the other outputs)."""
    sample = (ROOT / "fixtures" / "samples" / "hodoku_ratings_sample.txt").read_text().splitlines()
    lines = [sample[n - 1] for n in LEVEL_LINES]
    puzzles = [line[:81] for line in lines]
    source = tmp_path / "classic.txt"
    source.write_text("\n".join(puzzles) + "\n")
    levels = solve_json_levels(source, rating)
    assert gridlogic.rate_many(puzzles, rating=rating).column("level").to_pylist() == levels
    assert [gridlogic.solve(p, rating=rating)["rating"]["level"] for p in puzzles] == levels
    if rating != "gridlogic":  # HoDoKu's published levels
        assert levels == [line.split()[1] for line in lines]


@pytest.mark.parametrize("rating", [None, "gridlogic"])
@pytest.mark.parametrize("name", ["generated-hard-16x16.txt", "jigsaw-sashimi-9x9.txt", "killer-805-9x9.txt"])
def test_python_gives_the_level_solve_gives_a_16x16_a_jigsaw_and_a_killer(rating, name):
    path = ROOT / "fixtures" / "text" / name
    [level] = solve_json_levels(path, rating)
    assert gridlogic.solve(path.read_text(), rating=rating)["rating"]["level"] == level
