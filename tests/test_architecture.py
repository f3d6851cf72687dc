"""The layers stay apart: the core imports only the standard library."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).parent.parent / "canasta_score" / "core"


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_the_core_imports_nothing_outside_the_standard_library():
    outside = {
        f"{path.name}: {module}"
        for path in CORE.glob("*.py")
        for module in imported_modules(path)
        if module.split(".")[0] not in sys.stdlib_module_names
        and not module.startswith("canasta_score.core")
    }
    assert outside == set()


def test_the_score_and_rules_commands_load_neither_flet_nor_sqlmodel():
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['canasta_score', 'rules', 'classic']\n"
        "try:\n    runpy.run_module('canasta_score', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flet', 'sqlmodel', 'sqlalchemy', 'platformdirs'))\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert "HEAVY []" in result.stderr, result.stderr


def test_the_ui_state_is_plain_python_over_the_core():
    for path in (CORE.parent / "ui" / "state").glob("*.py"):
        modules = list(imported_modules(path))
        layers = {module.split(".")[0] for module in modules} - {"canasta_score"}
        assert layers <= sys.stdlib_module_names, path.name
        assert not any(
            module.startswith(("canasta_score.storage", "canasta_score.ui"))
            and not module.startswith("canasta_score.ui.state")
            for module in modules
        ), path.name
