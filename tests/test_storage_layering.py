"""The storage layer stands on the core alone: no UI toolkit, no UI code, no command line."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "canasta_score"


def imports(path, root=PACKAGE):
    """Every module a file imports, relative imports made absolute."""
    package = ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            yield module
            # `from canasta_score import ui` imports the package ui
            yield from (f"{module}.{alias.name}" for alias in node.names)


def upward_imports(layer, forbidden, root=PACKAGE):
    return {
        f"{path.relative_to(root)}: {module}"
        for path in (root / layer).rglob("*.py")
        for module in imports(path, root)
        if module.split(".")[0] in forbidden or module.startswith(forbidden)
    }


def test_storage_modules_import_neither_flet_nor_the_ui_nor_the_command_line():
    forbidden = ("flet", "canasta_score.ui", "canasta_score.cli", "canasta_score.app")
    assert upward_imports("storage", forbidden) == set()


def test_core_modules_import_neither_storage_nor_the_ui_nor_the_command_line():
    forbidden = (
        "canasta_score.storage",
        "canasta_score.ui",
        "canasta_score.cli",
        "canasta_score.app",
    )
    assert upward_imports("core", forbidden) == set()


def test_the_layering_check_sees_every_way_of_importing(tmp_path):
    fake = tmp_path / "canasta_score" / "storage" / "probe.py"
    fake.parent.mkdir(parents=True)
    fake.write_text(
        "from .. import cli\nfrom canasta_score import ui\nimport flet as ft\n", encoding="utf-8"
    )
    found = upward_imports(
        "storage", ("flet", "canasta_score.ui", "canasta_score.cli"), root=fake.parent.parent
    )
    assert found == {
        "storage/probe.py: canasta_score.cli",
        "storage/probe.py: canasta_score.ui",
        "storage/probe.py: flet",
    }


def test_opening_a_database_loads_no_ui_toolkit_and_no_command_line(tmp_path):
    probe = (
        "import sys\n"
        "from canasta_score import storage\n"
        f"storage.open_database({str(tmp_path / 'games.db')!r}).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'flet' "
        "or m.startswith(('canasta_score.ui', 'canasta_score.cli'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_database_handle_imports_none_of_what_runs_beside_it():
    """`Database` is the engine and its transactions; the backups, summaries, settings and
    export build on it, never the other way round (no import circle)."""
    above = {"backups", "summaries", "settings", "export", "upkeep", "opening", "played"}
    found = {
        module
        for module in imports(PACKAGE / "storage" / "database.py")
        if module.startswith("canasta_score.storage.") and module.split(".")[2] in above
    }
    assert found == set()


def test_what_only_sqlite_needs_lives_behind_the_one_seam():
    """File checks, PRAGMAs, BEGIN IMMEDIATE and sqlite3 itself: in `sqlite_file` (and the
    `stats` command's read of a file, `played_file`), nowhere else in storage."""
    allowed = {"sqlite_file.py", "played_file.py", "file_check.py", "home_file.py"}
    words = ("sqlite3", "PRAGMA", "BEGIN IMMEDIATE", "move_aside", "quick_check")
    found = {
        f"{path.name}: {word}"
        for path in (PACKAGE / "storage").glob("*.py")
        if path.name not in allowed
        for word in words
        if word in path.read_text(encoding="utf-8")
    }
    assert found == set()


def test_the_command_line_uses_storage_s_own_errors_and_public_names():
    found = {
        f"{path.name}: {module}"
        for path in (PACKAGE / "cli").glob("*.py")
        for module in imports(path)
        if module.startswith("sqlalchemy")
        or (module.rsplit(".", 1)[-1].startswith("_") and "storage" in module)
    }
    assert found == set()


def test_the_backends_reach_nothing_above_them():
    """A kind of database (`sqlite_file`, `postgres_server`) and the seam it fits are below
    opening, backups and the rest: opening asks them, not the other way round."""
    above = {"backups", "summaries", "settings", "export", "upkeep", "opening", "importing"}
    found = {
        f"{name}: {module}"
        for name in ("backend.py", "sqlite_file.py", "postgres_server.py")
        for module in imports(PACKAGE / "storage" / name)
        if module.startswith("canasta_score.storage.") and module.split(".")[2] in above
    }
    assert found == set()


def test_callers_use_storage_s_face_not_its_modules():
    """The UI, the command line and the app import `canasta_score.storage` and the names it
    gives, never one of its modules (which may move between them)."""
    from canasta_score import storage

    found = {
        f"{path.relative_to(PACKAGE)}: {module}"
        for layer in ("ui", "cli", "statistics")
        for path in (PACKAGE / layer).rglob("*.py")
        for module in imports(path)
        if module.startswith("canasta_score.storage.")
        and module.split(".")[2] not in storage.__all__
    }
    found |= {
        f"app.py: {module}"
        for module in imports(PACKAGE / "app.py")
        if module.startswith("canasta_score.storage.")
        and module.split(".")[2] not in storage.__all__
    }
    assert found == set()
