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


def test_words_live_apart_from_the_screens_and_the_rules():
    """i18n knows no toolkit (the command line uses it too); the core knows no catalog."""
    i18n = CORE.parent / "i18n"
    for path in i18n.glob("*.py"):
        modules = list(imported_modules(path))
        assert not [m for m in modules if m.split(".")[0] in ("flet", "sqlmodel", "sqlalchemy")]
        assert not [m for m in modules if m.startswith(("canasta_score.ui", "canasta_score.cli"))]
    for path in CORE.glob("*.py"):
        assert not [m for m in imported_modules(path) if "i18n" in m or m == "babel"], path.name


def test_no_screen_holds_a_language_of_its_own():
    """Every word on screen goes through the page's Translator: no module-level gettext."""
    for path in (CORE.parent / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "canasta_score.i18n":
                names = {alias.name for alias in node.names}
                assert not names & {"_", "ngettext", "set_language"}, path
            if isinstance(node, ast.Import):
                assert not {alias.name for alias in node.names} & {"gettext"}, path


def imported_anywhere(path):
    """Every module a file imports, including under TYPE_CHECKING and inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_screens_know_their_host_not_the_shell():
    """Screens and components ask the app through `Host` alone: no import of the shell (not
    even for typing), and no reaching past it into the page."""
    ui = CORE.parent / "ui"
    for path in [*(ui / "views").glob("*.py"), *(ui / "components").glob("*.py")]:
        assert "canasta_score.ui.shell" not in set(imported_anywhere(path)), path.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "page":
                owner = node.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                assert name != "app", f"{path.name}:{node.lineno} reaches into app.page"


def test_a_component_does_not_import_a_screen():
    """Components are parts of screens: they ask their screen through a protocol of their own,
    never its module (not even for typing), so neither needs the other to be read first."""
    components = CORE.parent / "ui" / "components"
    for path in components.glob("*.py"):
        imported = set(imported_anywhere(path))
        assert not any(name.startswith("canasta_score.ui.views") for name in imported), path.name


def class_members(path, name):
    """The public members a class of `path` declares (methods, properties, annotated fields)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name]
    members = set()
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            members.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            members.add(node.target.id)
    return {m for m in members if not m.startswith("_") or m == "__init__"}


def test_the_host_hands_out_a_few_objects_and_the_app_composes_them():
    """A newcomer can hold the shell in their head: a screen sees a handful of parts, the App
    makes them and hands them the page's events."""
    ui = CORE.parent / "ui"
    host = class_members(ui / "host.py", "Host")
    assert {"table", "nav", "messages", "device", "layout", "actions", "tr"} <= host
    assert len(host) <= 12, sorted(host)
    app = class_members(ui / "shell.py", "App")
    assert len(app) <= 12, sorted(app)


def test_the_ways_an_action_is_met_are_written_once():
    """`refused`, `retry`, `undo_gone`, `always`, `waits`: declared in `Handling` alone, not
    again as parameters of a host or a shell in front of the runner."""
    declared = []
    for path in (CORE.parent / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = {a.arg for a in node.args.kwonlyargs}
                if {"refused", "retry", "undo_gone"} <= names:
                    declared.append(f"{path.name}:{node.name}")
    assert declared == []
