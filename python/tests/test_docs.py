"""The Python examples of the user guide run as written, and every value a comment shows beside
an expression (`document["status"]  # 'unique'`) is the value it has."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs" / "src").rglob("*.md"))]


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def shown_value(line):
    """The expression and the value its comment shows, when the comment is a Python literal."""
    code, _, comment = line.partition("  #")
    try:
        expression = ast.parse(code.strip(), mode="eval")
        value = ast.literal_eval(comment.strip())
    except (SyntaxError, ValueError):
        return None
    return expression, value


def test_every_python_example_of_the_guide_runs_and_shows_true_values():
    blocks = [block for page in PAGES for block in python_blocks(page.read_text())]
    assert blocks, "the guide has Python examples"
    checked = 0
    for block in blocks:
        scope = {}
        for line in block.splitlines():
            shown = shown_value(line)
            if shown is None:
                exec(compile(line, "<guide>", "exec"), scope)
                continue
            expression, value = shown
            assert eval(compile(expression, "<guide>", "eval"), scope) == value, line
            checked += 1
    assert checked >= 3
