"""gridlogic from Python: check, solve, explain and rate Sudoku and Shikaku puzzles.

The work is done by the same Rust library as the ``gridlogic`` command line, so the verdicts,
messages and JSON documents are the same: ``check``, ``solve`` and ``explain`` return the document
that ``gridlogic check|solve|explain --format json`` prints, as a dict, and ``rate_many`` returns
the rows of ``gridlogic batch`` as an Arrow table (or, for a pandas DataFrame or an Arrow Table,
beside its own columns), solved on all cores with the GIL released. Ctrl-C (KeyboardInterrupt)
stops any of them within a second.

Keywords (all optional): ``box`` ("4x2"), ``latin``, ``symbols``, ``variant`` ("x",
"windoku", or a list of them: the extra houses every puzzle gets), ``kind`` ("sudoku" or
"shikaku"), ``techniques`` (a list of names, short names, HoDoKu codes or families, or one str
of them separated by commas, as ``--techniques``),
``max_level`` ("easy" … "extreme"), ``no_guess``, ``seed``, ``time_limit`` (seconds for one
puzzle's count and solve; by default none up to 36x36 and 60 s on larger grids, as on the
command line: the status is then ``undecided``) and ``rating``, the command line's ``--rating``:

- ``None`` (the default): HoDoKu 2.2.0's own level and score for a classic 9x9 with one
  solution, gridlogic's own elsewhere;
- ``"hodoku"``: HoDoKu's level and score, and HoDoKu's solve path is the solve reported (its
  steps); for classic 9x9 puzzles only: any other is an InputError (in ``rate_many`` an
  ``invalid`` row);
- ``"gridlogic"``: gridlogic's own level and score, from its own solve;
- ``"se"``: also Sudoku Explainer's rating, from a solve with its rules in its order (9x9 with
  3x3 boxes only, as for ``"hodoku"``): ``se_rating`` in a document, the columns ``se_er``,
  ``se_ep`` and ``se_ed`` in ``rate_many``'s rows.

Any other value is an InputError that names it and the values there are. ``check`` reports no
rating. A keyword of another type (``seed="7"``, ``latin="yes"``) or an unknown one is a
TypeError that names it and says what it takes.
"""

import json as _json
import sys as _sys

from . import _gridlogic

__all__ = [
    "GridlogicError",
    "InputError",
    "VerdictError",
    "SCHEMA_VERSION",
    "check",
    "solve",
    "explain",
    "rate_many",
]

#: The version of the documents and rows (their ``schema_version``).
SCHEMA_VERSION = _gridlogic.schema_version()


class GridlogicError(Exception):
    """Every error gridlogic raises."""


class InputError(GridlogicError, ValueError):
    """The input holds no puzzle that can be read: the message names the cell, the value and
    the house, as the command line's does."""


class VerdictError(GridlogicError):
    """The puzzle was read, but its verdict is not "unique and solved": ``status`` is
    ``multiple``, ``none``, ``undecided`` or ``unique`` (when stuck under ``no_guess``), and
    ``document`` is the whole document."""

    def __init__(self, message, status, document):
        super().__init__(message)
        self.status = status
        self.document = document


#: The keywords every function takes: the types each accepts (``None`` is accepted where the
#: keyword is optional) and what it is, for the message of a value of another type.
_KEYWORDS = {
    "box": ((str, type(None)), "a box shape such as '4x2'"),
    "latin": ((bool,), "True or False"),
    "symbols": ((str, type(None)), "the symbols of the digits, such as '0123456789ABCDEF'"),
    "variant": ((str, list, tuple, type(None)), "a variant name ('x', 'windoku') or a list of them"),
    "kind": ((str, type(None)), "'sudoku' or 'shikaku'"),
    "techniques": (
        (str, list, tuple, type(None)),
        "technique names, families or codes: a list such as ['singles', 'x-wing'], or one str",
    ),
    "max_level": ((str, type(None)), "'easy', 'medium', 'hard', 'unfair' or 'extreme'"),
    "no_guess": ((bool,), "True or False"),
    "seed": ((int,), "a whole number from 0 to 2**64 - 1"),
    "time_limit": ((int, float, type(None)), "a number of seconds"),
    "rating": ((str, type(None)), "'hodoku', 'gridlogic' or 'se'"),
}


def _type_error(function, name, value, expected):
    """The TypeError of ``value`` given for ``name`` to ``function``, saying what it takes."""
    return TypeError(f"{function}(): {name} is {value!r}, {_kind(value)}; give {expected}")


def _names(function, name, value):
    """A list of names (``variant``, ``techniques``) from a str, comma-separated as on the
    command line, or a list or tuple of str."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    for item in value:
        if not isinstance(item, str):
            raise _type_error(function, f"an item of {name}", item, _KEYWORDS[name][1])
    return list(value)


def _native(function, options):
    """The keywords of ``function`` as the native module takes them, or a TypeError that says
    which keyword is unknown or of the wrong type (rather than the native module's words):
    ``variant`` and ``techniques`` as lists, a str split at its commas."""
    native = {}
    for name, value in options.items():
        if name not in _KEYWORDS:
            known = ", ".join(_KEYWORDS)
            raise TypeError(f"{function}() got an unexpected keyword argument {name!r}; its "
                            f"keywords are {known}")
        types, expected = _KEYWORDS[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise _type_error(function, name, value, expected)
        if name == "seed" and not 0 <= value < 2**64:
            raise InputError(f"seed is {value}: give {expected}")
        if name in ("variant", "techniques") and value is not None:
            value = _names(function, name, value)
        native[name] = value
    return native


def _document(command, puzzle, options):
    if not isinstance(puzzle, str):
        raise TypeError(f"{command}() takes the puzzle as text (a str), not {_kind(puzzle)}")
    native = _native(command, options)
    try:
        text = _gridlogic.document_json(command, puzzle, **native)
    except ValueError as error:
        raise InputError(str(error)) from None
    return _json.loads(text)


def _accepted(document, random=False):
    """The document, or a VerdictError when the puzzle is not unique and solved."""
    solved = document["outcome"]["kind"] == "solved"
    if solved and (document["status"] == "unique" or random):
        return document
    raise VerdictError(document["verdict"], document["status"], document)


def check(puzzle, **options):
    """The verdict on one puzzle (``status``: unique, multiple or none) and its number of
    solutions, as ``gridlogic check --format json``. Raises InputError for a text that holds no
    puzzle. It reports no rating (``rating`` is checked, and has no effect)."""
    return _document("check", puzzle, options)


def solve(puzzle, *, random=False, **options):
    """The logical solve of one puzzle, as ``gridlogic solve --format json``: the solution, the
    rating (``rating=`` as ``--rating``: HoDoKu's by default where it rates, see the module's
    help), every step. Raises VerdictError when the puzzle has no solution, several (unless
    ``random``), or the solve stayed stuck, and InputError for a text that holds no puzzle or a
    ``rating`` that is not one or does not apply to the puzzle."""
    return _accepted(_document("solve", puzzle, options), random)


def explain(puzzle, **options):
    """The steps of one puzzle's logical solve, each a dict (technique, explanation, placements
    and eliminations as text and as ``{"row", "col", "digit"}``, ``words``: the step in plain
    words as a list of sentences, ``guide``: the technique guide's page), as
    ``gridlogic explain --format json``: with ``rating="hodoku"`` HoDoKu's own solve path;
    raises as ``solve`` does."""
    return _accepted(_document("explain", puzzle, options))["steps"]


#: The Arrow type of each column ``rate_many`` returns (columns not listed are strings).
_TYPES = {
    "id": "int64",
    "solution_matches": "bool_",
    "logic_only": "bool_",
    "brute_force": "bool_",
    "backtracking_steps": "int64",
    "score": "int64",
    "se_er": "float64",
    "se_ep": "float64",
    "se_ed": "float64",
    "clues": "int64",
    "steps": "int64",
    "microseconds": "int64",
}


def _kind(value):
    """What ``value`` is, for a message: ``a str``, ``an int``."""
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def _texts(values, role):
    """A list of str or None from a list, a pandas Series or an Arrow (chunked) array; a
    TypeError for a single str or bytes (whose characters would be taken for puzzles) and for
    what holds no items."""
    if isinstance(values, (str, bytes, bytearray)):
        raise TypeError(
            f"rate_many() takes many {role}: a list, a pandas Series or an Arrow array of texts "
            f"(or a DataFrame or Table), not {_kind(values)}; for one puzzle, give [puzzle] or "
            "use solve()"
        )
    if hasattr(values, "to_pylist"):
        values = values.to_pylist()
    elif hasattr(values, "tolist"):
        values = values.tolist()
    try:
        items = iter(values)
    except TypeError:
        raise TypeError(
            f"rate_many() takes many {role}: a list, a pandas Series or an Arrow array of texts "
            f"(or a DataFrame or Table), not {_kind(values)}"
        ) from None
    return [value if isinstance(value, str) else None for value in items]


def _is_pandas_frame(value):
    """Whether ``value`` is a pandas DataFrame (without importing pandas when it is not loaded)."""
    pandas = _sys.modules.get("pandas")
    return pandas is not None and isinstance(value, pandas.DataFrame)


def _is_arrow_table(value):
    """Whether ``value`` is a pyarrow Table."""
    pyarrow = _sys.modules.get("pyarrow")
    return pyarrow is not None and isinstance(value, pyarrow.Table)


def _column(frame, name, role):
    """The column ``name`` of a DataFrame or Table; InputError naming the columns there are."""
    names = list(frame.columns) if _is_pandas_frame(frame) else frame.column_names
    if name not in names:
        shown = ", ".join(repr(str(n)) for n in names) or "none"
        raise InputError(f"no column {name!r} for the {role}: the columns are {shown}")
    return frame[name] if _is_pandas_frame(frame) else frame.column(name)


def _rated_names(table, taken, suffix):
    """The name of each rating column beside the input's columns ``taken``: its own, or with
    ``suffix`` when the input has a column of that name; InputError when that is taken too."""
    names = {}
    for name in table.column_names:
        new = name + suffix if name in taken else name
        if new in taken:
            raise InputError(
                f"the input has columns {name!r} and {new!r}: choose another suffix= for the "
                "rating's columns"
            )
        names[name] = new
    return names


def _beside(frame, table, suffix):
    """The input ``frame`` (a pandas DataFrame or an Arrow Table) with the rating columns of
    ``table`` after its own, of the input's type: pandas columns are Arrow-backed
    (``pd.ArrowDtype``), so integers and booleans keep their type beside missing values."""
    if _is_pandas_frame(frame):
        import pandas as pd

        rated = table.to_pandas(types_mapper=pd.ArrowDtype)
        names = _rated_names(table, set(frame.columns), suffix)
        return frame.assign(**{names[name]: rated[name].array for name in table.column_names})
    names = _rated_names(table, set(frame.column_names), suffix)
    for name in table.column_names:
        frame = frame.append_column(names[name], table.column(name))
    return frame


def _table(columns):
    """The native module's columns as a typed Arrow table."""
    import pyarrow as pa

    return pa.table(
        {
            name: pa.array(values, type=getattr(pa, _TYPES.get(name, "string"))())
            for name, values in columns.items()
        }
    )


def rate_many(
    puzzles,
    solutions=None,
    *,
    column="puzzle",
    solution_column=None,
    first_id=1,
    suffix="_rated",
    **options,
):
    """Rates many puzzles on all cores: one row per puzzle, as ``gridlogic batch`` writes them
    (``id``, ``status`` its verdict, ``detail`` why a puzzle is not unique and solved or why an
    item holds no puzzle, then the solution and the rating). A bad item gives an ``invalid``
    row, never an exception: so does a puzzle that the ``rating`` asked for by name does not
    apply to (``"hodoku"`` or ``"se"`` on a grid other than a classic 9x9), as in
    ``gridlogic batch --rating``.

    The rating is ``level``, ``score`` and ``brute_force`` (whether that rating's solve guessed)
    as ``rating=`` says (see the module's help): HoDoKu's by default where it rates;
    ``rating="se"`` adds Sudoku Explainer's ``se_er``, ``se_ep`` and ``se_ed`` (floats, null
    where it gives none) after them.

    ``puzzles`` is a list, a pandas Series or an Arrow array of puzzle texts (one line each, or a
    drawn grid; a single str or bytes is a TypeError, not a sequence of one-character puzzles),
    and the result a ``pyarrow.Table`` of the rating's columns; or a pandas
    DataFrame or a ``pyarrow.Table`` whose column ``column`` holds the puzzles, and the result
    is the same rows of the same type, every input column kept, the rating's columns after
    them (pandas: Arrow-backed dtypes, the input's index). A rating column whose name the input
    already uses (``puzzle``; ``id``, ``status``, ``solution``… when it has them) is named with
    ``suffix`` (``puzzle_rated``); when that name is taken too, InputError.

    ``solutions``, of the same length, or the input's column ``solution_column``, holds the
    given solutions, which are checked (``solution_matches``).

    ``id`` is the item's place counted from ``first_id``: from 1, as ``gridlogic batch`` numbers
    the lines of a file of one puzzle per line, so the same puzzles get the same ids; a part of a
    larger collection passes its first item's number (Dask partitions: 1 + the rows before).

    Ctrl-C (KeyboardInterrupt) stops the rating within a second: no puzzle is started after it,
    and those being rated finish in the background, their rows dropped."""
    whole = _is_pandas_frame(puzzles) or _is_arrow_table(puzzles)
    if solution_column is not None and not whole:
        raise InputError("solution_column= names a column of a DataFrame or Table of puzzles")
    if solution_column is not None and solutions is not None:
        raise InputError("give the solutions either as solutions= or as solution_column=")
    if isinstance(first_id, bool) or not isinstance(first_id, int) or first_id < 0:
        raise InputError(f"first_id is {first_id!r}: the id of the first puzzle, 0 or more")
    texts = _texts(_column(puzzles, column, "puzzles") if whole else puzzles, "puzzles")
    if solution_column is not None:
        solutions = _column(puzzles, solution_column, "solutions")
    given = None if solutions is None else _texts(solutions, "solutions")
    native = _native("rate_many", options)
    try:
        columns = _gridlogic.rate_columns(texts, given, first_id=first_id, **native)
    except ValueError as error:
        raise InputError(str(error)) from None
    table = _table(columns)
    return _beside(puzzles, table, suffix) if whole else table
