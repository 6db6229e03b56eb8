"""gridlogic from Python: check, solve, explain and rate Sudoku and Shikaku puzzles.

The work is done by the same Rust library as the ``gridlogic`` command line, so the verdicts,
messages and JSON documents are the same: ``check``, ``solve`` and ``explain`` return the document
that ``gridlogic check|solve|explain --format json`` prints, as a dict, and ``rate_many`` returns
the rows of ``gridlogic batch`` as an Arrow table, solved on all cores with the GIL released.

Keywords (all optional): ``box`` ("4x2"), ``latin``, ``symbols``, ``variant`` ("x",
"windoku", or a list of them: the extra houses every puzzle gets), ``kind`` ("sudoku" or
"shikaku"), ``techniques`` (a list of names, short names, HoDoKu codes or families),
``max_level`` ("easy" … "extreme"), ``no_guess``, ``seed`` and ``time_limit`` (seconds for one
puzzle's count and solve; by default none up to 36x36 and 60 s on larger grids, as on the
command line: the status is then ``undecided``).
"""

import json as _json

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


def _native(options):
    """The keywords as the native module takes them: ``variant`` always a list."""
    if isinstance(options.get("variant"), str):
        options = options | {"variant": [options["variant"]]}
    return options


def _document(command, puzzle, options):
    try:
        text = _gridlogic.document_json(command, puzzle, **_native(options))
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
    puzzle."""
    return _document("check", puzzle, options)


def solve(puzzle, *, random=False, **options):
    """The logical solve of one puzzle, as ``gridlogic solve --format json``: the solution, the
    rating, every step. Raises VerdictError when the puzzle has no solution, several (unless
    ``random``), or the solve stayed stuck, and InputError for a text that holds no puzzle."""
    return _accepted(_document("solve", puzzle, options), random)


def explain(puzzle, **options):
    """The steps of one puzzle's logical solve, each a dict (technique, explanation, placements
    and eliminations as text and as ``{"row", "col", "digit"}``), as
    ``gridlogic explain --format json``; raises as ``solve`` does."""
    return _accepted(_document("explain", puzzle, options))["steps"]


#: The Arrow type of each column ``rate_many`` returns (columns not listed are strings).
_TYPES = {
    "id": "int64",
    "solution_matches": "bool_",
    "logic_only": "bool_",
    "backtracking_steps": "int64",
    "score": "int64",
    "clues": "int64",
    "steps": "int64",
    "microseconds": "int64",
}


def _texts(values):
    """A list of str or None from a list, a pandas Series or an Arrow (chunked) array."""
    if hasattr(values, "to_pylist"):
        values = values.to_pylist()
    elif hasattr(values, "tolist"):
        values = values.tolist()
    return [value if isinstance(value, str) else None for value in values]


def rate_many(puzzles, solutions=None, **options):
    """Rates many puzzles on all cores: one row per puzzle, as ``gridlogic batch`` writes them
    (``id`` is the puzzle's place from 0, ``status`` its verdict, ``detail`` why a puzzle is not
    unique and solved or why an item holds no puzzle, then the solution and the rating).
    ``puzzles`` is a list, a pandas Series or an Arrow array of puzzle texts (one line each, or a
    drawn grid); ``solutions``, of the same length, is checked (``solution_matches``). Returns a
    ``pyarrow.Table``. A bad item gives an ``invalid`` row, never an exception."""
    import pyarrow as pa

    texts = _texts(puzzles)
    given = None if solutions is None else _texts(solutions)
    try:
        columns = _gridlogic.rate_columns(texts, given, **_native(options))
    except ValueError as error:
        raise InputError(str(error)) from None
    return pa.table(
        {
            name: pa.array(values, type=getattr(pa, _TYPES.get(name, "string"))())
            for name, values in columns.items()
        }
    )
