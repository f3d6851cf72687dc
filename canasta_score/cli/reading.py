"""What every command shares: reading a JSON document, printing JSON, refusing in one line."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

#: The exit status of a command that refuses its input (each reason on a line of its own).
EXIT_REFUSED = 2


def print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def read_json(path: str) -> tuple[Any, str | None]:
    """The JSON document at `path` (`-` for standard input), or the reason it cannot be read."""
    try:
        if path == "-":
            # Bytes, decoded here: the same rules as a file, whatever the terminal's locale.
            raw = getattr(sys.stdin, "buffer", None)  # None: a text stream put in its place
            text = raw.read().decode("utf-8-sig") if raw else sys.stdin.read().lstrip("\ufeff")
        else:
            with open(path, encoding="utf-8-sig") as file:  # a byte order mark is no problem
                text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        return None, f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return (
            None,
            f"{path} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
        )
    except RecursionError:
        return None, f"{path} is not a game file: its JSON is nested too deeply"
    except ValueError as error:  # e.g. a number of more digits than Python converts
        return None, f"{path} is not a game file: {str(error).split(';')[0]}"


def refuse(lines: Sequence[object]) -> int:
    """Say why, one reason a line on standard error; the exit status to return."""
    for line in lines:
        print(line, file=sys.stderr)
    return EXIT_REFUSED
