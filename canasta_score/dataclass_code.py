"""Dataclasses' methods compiled once, when the web app is built, not at every start of a tab.

`dataclasses` writes the methods of each class it makes (`__init__`, `__repr__`, `__eq__`...)
as Python source and compiles that source as the class is made. In the page's Pyodide that
compiling was most of the first screen's imports (145 classes, Flet's controls most of them):
in the tab they take 0.05 s with the kept code, 0.16 s without. The web app's build imports
the first screen with `recording`, and ships the code of each source it saw (`kept_code`, by
the source's digest) as `CODE_FILE` beside this module; the tab has `dataclasses` take its
code from there (`use_kept`). A source not kept (a class made later, or another Python's
file) is compiled as before: the methods are the same either way.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.util
import marshal
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import CodeType
from typing import Any

#: The kept code, shipped in the web app's first archive beside this module.
CODE_FILE = Path(__file__).with_name("dataclass-code.bin")


def digest(source: str) -> bytes:
    """What a source is known by in the kept code (16 bytes of BLAKE2b)."""
    return hashlib.blake2b(source.encode(), digest_size=16).digest()


def compiled(source: str) -> CodeType:
    """A source compiled as `exec(source)` in `dataclasses` compiles it."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def kept_code(sources: Iterable[str]) -> bytes:
    """The file of the code of `sources`: this Python's magic number, then each source's code
    by its digest (marshal, which only the same Python reads back)."""
    codes = {digest(source): compiled(source) for source in sources}
    return bytes(importlib.util.MAGIC_NUMBER) + marshal.dumps(codes)


class KeptCode:
    """`exec` for `dataclasses`: the kept code of a source where there is some, else the
    source compiled (`taken` and `compiled_here` count each)."""

    def __init__(self, codes: dict[bytes, CodeType]) -> None:
        self.codes = codes
        self.taken = 0
        self.compiled_here = 0

    def __call__(self, source: str, globals: Any = None, locals: Any = None) -> None:
        code = self.codes.get(digest(source))
        if code is None:
            self.compiled_here += 1
            code = compiled(source)
        else:
            self.taken += 1
        exec(code, globals, locals)


def use_kept(path: Path = CODE_FILE) -> KeptCode | None:
    """Has `dataclasses` take its methods' code from the file at `path` from now on. None, and
    nothing changed, where there is no such file or another Python's."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return None
    try:
        codes = marshal.loads(data[len(magic) :])
    except (EOFError, ValueError, TypeError):
        return None
    kept = KeptCode(codes)
    dataclasses.exec = kept  # type: ignore[attr-defined]  # its own name before the builtin
    return kept


def stop_using_kept() -> None:
    """`dataclasses` compiles its methods' sources again."""
    with contextlib.suppress(AttributeError):
        delattr(dataclasses, "exec")


@contextlib.contextmanager
def recording() -> Iterator[list[str]]:
    """The methods' sources of each dataclass made inside the block, in the order made; after
    it, `dataclasses` makes its methods as it did before (kept code stays in use)."""
    sources: list[str] = []
    before = vars(dataclasses).get("exec")

    def noted(source: str, globals: Any = None, locals: Any = None) -> None:
        sources.append(source)
        exec(compiled(source), globals, locals)

    dataclasses.exec = noted  # type: ignore[attr-defined]
    try:
        yield sources
    finally:
        if before is None:
            stop_using_kept()
        else:
            dataclasses.exec = before  # type: ignore[attr-defined]
