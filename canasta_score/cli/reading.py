"""What every command shares: the user's language, reading JSON, printing JSON, refusing."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from canasta_score.core import Problem

if TYPE_CHECKING:
    from canasta_score.i18n import Translator

#: The exit status of a command that refuses its input (each reason on a line of its own).
EXIT_REFUSED = 2


@functools.cache
def words() -> Translator:
    """The language of this run, from `LANGUAGE` / `LC_ALL` / `LANG` as gettext reads them.

    Imported when something is to be said: a command that only prints JSON never loads it.
    """
    from canasta_score.i18n import cli_language, translator

    return translator(cli_language(os.environ))


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
        reason = getattr(error, "strerror", None) or error
        return None, words()._("cannot read {path}: {reason}").format(path=path, reason=reason)
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        t = words()
        return None, t._(
            "{path} is not valid JSON: {reason} at line {line}, column {column}"
        ).format(path=path, reason=t._(error.msg), line=error.lineno, column=error.colno)
    except RecursionError:
        return None, words()._("{path} is not a game file: its JSON is nested too deeply").format(
            path=path
        )
    except ValueError as error:  # e.g. a number of more digits than Python converts
        return None, words()._("{path} is not a game file: {reason}").format(
            path=path, reason=str(error).split(";")[0]
        )


def refuse(lines: Sequence[object], players: int | None = None) -> int:
    """Say why, one reason a line on standard error, in the user's language (a problem from
    the core is worded there, a side by the word for `players` players); the exit status to
    return."""
    for line in lines:
        said = words().problem(line, players=players) if isinstance(line, Problem) else line
        print(said, file=sys.stderr)
    return EXIT_REFUSED


def players_per_side(document: Any) -> int | None:
    """How many players sit on each side of a game file, where its sides all say the same
    (a file refused for its rounds still names its sides by their size).

    >>> players_per_side({"sides": [{"players": ["A"]}, {"players": ["B"]}]})
    1
    >>> players_per_side({"sides": [{"players": ["A"]}, {"players": ["B", "C"]}]}) is None
    True
    >>> players_per_side([1, 2]) is None
    True
    """
    sides = document.get("sides") if isinstance(document, dict) else None
    if not isinstance(sides, list):
        return None
    sizes = {
        len(side["players"])
        if isinstance(side, dict) and isinstance(side.get("players"), list)
        else None
        for side in sides
    }
    return sizes.pop() if len(sizes) == 1 else None
