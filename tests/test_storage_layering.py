"""The storage layer stands on the core alone: no UI toolkit, no UI code."""

import ast
import subprocess
import sys
from pathlib import Path

STORAGE = Path(__file__).parent.parent / "canasta_score" / "storage"


def test_storage_modules_import_neither_flet_nor_the_ui():
    found = set()
    for path in STORAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            found |= {
                f"{path.name}: {name}"
                for name in names
                if name.split(".")[0] == "flet" or name.startswith("canasta_score.ui")
            }
    assert found == set()


def test_opening_a_database_loads_no_ui_toolkit(tmp_path):
    probe = (
        "import sys\n"
        "from canasta_score.storage import repository\n"
        f"repository.open_database({str(tmp_path / 'games.db')!r}).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'flet'))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
