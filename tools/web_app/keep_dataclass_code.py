"""Run by the page's own Pyodide on the staged app at /app (`in_pyodide.mjs`): the
first screen's imports, as a tab makes them, recorded (`record`) and then made again from what
was kept (`check`). Writes nothing else there: no bytecode, no database."""

from __future__ import annotations

import os
import sys


def _as_a_tab() -> None:
    sys.dont_write_bytecode = True
    os.chdir("/app")
    sys.path[:0] = ["/app/__pypackages__", "/app"]


def record() -> int:
    """Writes the kept code of the first screen's dataclasses; returns how many sources."""
    _as_a_tab()
    from canasta_score import dataclass_code

    with dataclass_code.recording() as sources:
        from canasta_score.in_browser import import_the_first_screen

        import_the_first_screen()
    dataclass_code.CODE_FILE.write_bytes(dataclass_code.kept_code(sources))
    return len(set(sources))


def check() -> list[int]:
    """[taken from the kept code, compiled still] as the first screen is imported anew."""
    _as_a_tab()
    from canasta_score import dataclass_code

    kept = dataclass_code.use_kept()
    if kept is None:
        return [0, -1]
    from canasta_score.in_browser import import_the_first_screen

    import_the_first_screen()
    return [kept.taken, kept.compiled_here]
