"""Compiles the Python of the web app's archive: run by the page's own Pyodide under Node.js
(`in_pyodide.mjs`, which mounts the folder at /app), so the bytecode is its Python's.

Each module gets `__pycache__/NAME.<cache tag>.pyc`, checked against nothing at import (the
archive's files never change under them); a module that does not compile keeps its source
alone. Docstrings are left out (a fifth less bytecode to download and unpack; nothing the page
runs reads them), but for a class's, which becomes its name: a dataclass without a docstring
makes one from its signature as it is created (`str(inspect.signature(cls))`), a tenth of a
second of the first screen in Pyodide for Flet's controls. The packages under
`__pypackages__/` also lose their asserts (as `python -OO` would); the app's own keep theirs.
"""

from __future__ import annotations

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path


def _has_docstring(body: list[ast.stmt]) -> bool:
    first = body[0] if body else None
    return (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )


def _names_doc(body: list[ast.stmt]) -> bool:
    """Whether a class body says "__doc__" itself (as a name, an attribute or a string)."""
    return any(
        (isinstance(node, ast.Name) and node.id == "__doc__")
        or (isinstance(node, ast.Attribute) and node.attr == "__doc__")
        or (isinstance(node, ast.Constant) and node.value == "__doc__")
        for statement in body
        for node in ast.walk(statement)
    )


class ShortDocs(ast.NodeTransformer):
    """A module's and each function's docstring dropped, each class's its own name."""

    def visit_Module(self, node: ast.Module) -> ast.Module:
        self.generic_visit(node)
        if _has_docstring(node.body):
            node.body = node.body[1:]
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.ClassDef:
        self.generic_visit(node)
        body = node.body[1:] if _has_docstring(node.body) else node.body
        if _names_doc(body):  # e.g. a "__doc__" slot, which a docstring would conflict with
            node.body = body or [ast.copy_location(ast.Pass(), node)]
        else:
            node.body = [ast.copy_location(ast.Expr(ast.Constant(node.name)), node), *body]
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.stmt:
        self.generic_visit(node)
        if _has_docstring(node.body):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), node)]
        return node

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function


def bytecode(source: bytes, filename: str, *, asserts: bool) -> bytes:
    """The .pyc of `source` with short docstrings (raises SyntaxError where it does not parse)."""
    tree = ast.fix_missing_locations(ShortDocs().visit(ast.parse(source, filename)))
    code = compile(tree, filename, "exec", optimize=0 if asserts else 1, dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_folder(folder: Path, shown_as: Path | None = None) -> int:
    """Compiles each module under `folder`; returns how many were left as source. `shown_as`:
    the folder's name in tracebacks where it is not `folder` (the standard library's zip)."""
    failed = 0
    for source in sorted(folder.rglob("*.py")):
        name = shown_as / source.relative_to(folder) if shown_as else source
        try:
            compiled = bytecode(
                source.read_bytes(), str(name), asserts="__pypackages__" not in source.parts
            )
        except (SyntaxError, ValueError):
            failed += 1
            continue
        cached = Path(importlib.util.cache_from_source(str(source), optimization=""))
        cached.parent.mkdir(exist_ok=True)
        cached.write_bytes(compiled)
    return failed


def compile_app(shown_as: str | None = None) -> int:
    """`compile_folder` on the folder `in_pyodide.mjs` mounted at /app."""
    return compile_folder(Path("/app"), Path(shown_as) if shown_as else None)
