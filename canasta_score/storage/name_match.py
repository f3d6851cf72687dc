"""Players' names compared as SQLite's NOCASE compares them (ASCII letters folded, others as
they are), in a query on either database: "anna" and "Anna" are one player on both."""

from __future__ import annotations

import string
from typing import Any

from sqlalchemy import String, literal
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.functions import FunctionElement


class folded(FunctionElement[str]):  # named as the SQL function it stands for
    """A name with its ASCII capitals made small."""

    type = String()
    name = "folded"
    inherit_cache = True


@compiles(folded)
def _as_collated(element: folded, compiler: Any, **kw: Any) -> str:
    # SQLite: `player.name` is declared COLLATE NOCASE, which folds exactly so.
    return str(compiler.process(element.clauses, **kw))


@compiles(folded, "postgresql")
def _translated(element: folded, compiler: Any, **kw: Any) -> str:
    # translate() is immutable: the unique index on player names is built on the same.
    upper, lower = string.ascii_uppercase, string.ascii_lowercase
    return f"translate({compiler.process(element.clauses, **kw)}, '{upper}', '{lower}')"


def same_name(column: Any, name: str) -> ColumnElement[bool]:
    """`column` holds `name`, ASCII case aside."""
    return folded(column) == folded(literal(name, String()))
