"""The web app's build step (tools/build_web_app.py), piece by piece, without building it:
what it takes from flet-web is there, its patches still find what they change, its pins are
the server's own versions. (tests/browser/test_web_app.py builds and runs the whole.)"""

from __future__ import annotations

import doctest
import importlib.metadata
import importlib.util
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("build_web_app", ROOT / "tools/build_web_app.py")
assert SPEC is not None and SPEC.loader is not None
build = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build)


def test_the_build_steps_examples_hold() -> None:
    assert doctest.testmod(build).failed == 0


def test_every_file_the_page_loads_is_in_flet_web() -> None:
    client = build.flet_web_client()
    assert [name for name in build.CLIENT_FILES if not (client / name).is_file()] == []
    assert (client / build.ROBOTO[0]).is_file()
    assert [name for name in build.APP_ASSETS if not (ROOT / "assets" / name).is_file()] == []


def test_the_patches_find_what_they_change_in_this_flet_web() -> None:
    client = build.flet_web_client()
    bootstrap = build.without_flutter_service_worker(
        (client / "flutter_bootstrap.js").read_text(encoding="utf-8")
    )
    assert "serviceWorker" not in bootstrap.split("_flutter.loader.load(")[1]
    # The page's logo is no longer taken away at Flutter's first frame (page.js does it).
    assert "flutter-first-frame" not in build.with_logo_until_first_screen(bootstrap)
    dart = build.without_rive_cdn((client / "main.dart.js").read_text(encoding="utf-8"))
    assert "cdn.jsdelivr.net" not in dart
    assert '"Working..."' not in build.without_startup_words(dart), "English under the spinner"
    fonts = json.loads(build.fonts_used((client / "assets/FontManifest.json").read_text()))
    assert [family["family"] for family in fonts] == ["MaterialIcons"]
    index = (client / "index.html").read_text(encoding="utf-8")
    assert '<script src="flutter_bootstrap.js" async></script>' in index
    assert '"Loading"' not in build.with_loading_named(index), "English to a screen reader"
    logo = build.with_logo_over_flutter(index)
    assert "z-index: 2147483645;" in logo
    assert "#ffffff" not in logo and "#222222" not in logo, "Flet's colours under the logo"
    assert "<!-- fletAppConfig -->" in index


def test_the_page_the_splash_and_the_manifest_share_the_app_s_light_surface() -> None:
    """The web app's page and logo, the phone package's splash and the installed app's
    launch screen (the manifest's background) all turn into home with no change of colour."""
    import tomllib

    flet = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["flet"]
    manifest = json.loads((ROOT / "assets" / "manifest.json").read_text(encoding="utf-8"))
    light = build.SURFACE_LIGHT
    assert [flet["splash"]["color"], flet["web"]["pwa_background_color"]] == [light, light]
    assert manifest["background_color"] == light
    page = build.with_page_on_the_app_surface('  <meta charset="UTF-8">\n')
    assert f"html {{ --surface: {light};" in page


def test_the_page_ships_its_own_python_bridge_made_from_this_flet_webs() -> None:
    """tools/web_app/python.js starts Python as the page loads; a Flet whose python.js
    changed stops the build, for its change to be carried over."""
    flets = (build.flet_web_client() / "python.js").read_bytes()
    ours = build.python_bridge(flets)
    assert ours == (build.TEMPLATES / "python.js").read_text(encoding="utf-8")
    assert "globalThis.jsStartPython" in ours and "globalThis.jsConnect" in ours
    with pytest.raises(build.BuildError, match="carry its changes over"):
        build.python_bridge(flets.replace(b"jsConnect", b"jsConnectNow"))


def test_a_patch_that_finds_nothing_stops_the_build() -> None:
    with pytest.raises(build.BuildError):
        build.without_flutter_service_worker("_flutter.loader.load({config: c})")
    with pytest.raises(build.BuildError):
        build.relative_pyodide('flet.pyodideUrl="https://cdn.example/pyodide.mjs";')
    with pytest.raises(build.BuildError):
        build.without_rive_cdn("no rive here")
    with pytest.raises(build.BuildError):
        build.without_startup_words("no words here")
    with pytest.raises(build.BuildError):
        build.with_loading_named("<html></html>")
    with pytest.raises(build.BuildError):
        build.with_page_script("<html></html>", "x")
    with pytest.raises(build.BuildError):
        build.with_logo_until_first_screen("window.addEventListener('load', f);")
    with pytest.raises(build.BuildError):  # the colour of something else than the logo
        build.with_logo_over_flutter(
            "#loading {\n  position: fixed;\n  background: #222222;\n}\nbody { background: #ffffff; }"
        )
    with pytest.raises(build.BuildError):
        build.requirements("flet>=1.0\n")


def test_the_pins_are_the_servers_own_versions() -> None:
    """The browser runs what the server and the tests run: each pinned package is installed
    here at the pinned version (a bump of one moves the other)."""
    pins = build.requirements(build.REQUIREMENTS.read_text(encoding="utf-8"))
    differ = {}
    for pin in pins:
        name, version = pin.split("==")
        installed = importlib.metadata.version(name)
        if installed != version:
            differ[name] = (version, installed)
    assert differ == {}
    assert {build.package_name(pin) for pin in pins} >= {
        "flet",
        "flet-charts",
        "sqlmodel",
        "alembic",
        "platformdirs",
        "babel",
        "segno",
        "pydantic-core",
        "msgpack",
        "markupsafe",
    }


def test_the_app_archive_holds_the_app_and_its_packages_and_no_caches(tmp_path: Path) -> None:
    packages = tmp_path / "packages"
    (packages / "six").mkdir(parents=True)
    (packages / "six" / "__init__.py").write_text("")
    (packages / "six" / "__pycache__").mkdir()
    (packages / "six" / "__pycache__" / "x.pyc").write_bytes(b"")
    archive = tmp_path / "app.tar.gz"
    build.app_archive(packages, archive)
    with tarfile.open(archive) as opened:
        names = opened.getnames()
    assert "main.py" in names
    assert "__pypackages__/six/__init__.py" in names
    assert "canasta_score/in_browser.py" in names
    assert "canasta_score/i18n/locale/nl/LC_MESSAGES/canasta_score.mo" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".po")]


def test_the_packages_the_first_screen_does_not_import_go_in_a_second_archive(
    tmp_path: Path,
) -> None:
    packages = tmp_path / "packages"
    for name in ("six", "sqlalchemy/orm", "pydantic_core"):
        (packages / name).mkdir(parents=True)
        (packages / name / "__init__.pyc").write_bytes(b"code")
    (packages / "typing_extensions.pyc").write_bytes(b"code")
    (packages / "sqlmodel.pyc").write_bytes(b"code")  # a package of one module
    archive = tmp_path / "app.tar.gz"
    build.app_archive(packages, archive, later=frozenset({"sqlalchemy", "sqlmodel", "alembic"}))
    with tarfile.open(archive) as opened:
        first = opened.getnames()
        listed = opened.extractfile(build.LATER_LIST).read().decode()  # type: ignore[union-attr]
    with tarfile.open(tmp_path / build.LATER_ARCHIVE) as opened:
        second = opened.getnames()
    assert listed == "sqlalchemy\nsqlmodel\n"  # alembic is not in this build
    assert [n for n in first if "sqlalchemy" in n or "sqlmodel" in n] == []
    assert "__pypackages__/pydantic_core/__init__.pyc" in first and "main.py" in first
    assert sorted(second) == [
        "__pypackages__",
        "__pypackages__/sqlalchemy",
        "__pypackages__/sqlalchemy/orm",
        "__pypackages__/sqlalchemy/orm/__init__.pyc",
        "__pypackages__/sqlmodel.pyc",
    ]
    # An app with none of them (Flet's counter): one archive, listing nothing, as before.
    alone = tmp_path / "alone"
    alone.mkdir()
    build.app_archive(packages, alone / "app.tar.gz", later=frozenset({"alembic"}))
    assert sorted(p.name for p in alone.iterdir()) == ["app.tar.gz"]
    with tarfile.open(alone / "app.tar.gz") as opened:
        assert build.LATER_LIST not in opened.getnames()


def test_the_apps_modules_the_first_screen_does_not_import_go_in_the_second_archive(
    tmp_path: Path,
) -> None:
    app = tmp_path / "canasta_score"
    for name in (
        "__init__.pyc",
        "in_browser.pyc",
        "ui/__init__.pyc",
        "ui/views/__init__.pyc",
        "ui/views/home.pyc",
        "ui/views/sheet.pyc",
        "ui/state/__init__.pyc",
        "ui/state/round_entry.pyc",
        "storage/migrations/env.py",
        "storage/postgres_server.pyc",  # a club's server alone: in neither archive
        "i18n/locale/de/LC_MESSAGES/canasta_score.mo",
    ):
        (app / name).parent.mkdir(parents=True, exist_ok=True)
        (app / name).write_bytes(b"code")
    packages = tmp_path / "packages"
    (packages / "sqlalchemy").mkdir(parents=True)
    (packages / "sqlalchemy" / "__init__.pyc").write_bytes(b"code")
    first_screen = frozenset({"canasta_score.in_browser", "canasta_score.ui.views.home"})
    archive = tmp_path / "app.tar.gz"
    build.app_archive(packages, archive, [app], frozenset({"sqlalchemy"}), first_screen)
    with tarfile.open(archive) as opened:
        first = {name for name in opened.getnames() if opened.getmember(name).isfile()}
        listed = opened.extractfile(build.LATER_LIST).read().decode()  # type: ignore[union-attr]
    with tarfile.open(tmp_path / build.LATER_ARCHIVE) as opened:
        second = {name for name in opened.getnames() if opened.getmember(name).isfile()}
    assert listed.split() == [
        "sqlalchemy",
        "canasta_score.ui.state.round_entry",
        "canasta_score.ui.views.sheet",
    ]
    assert first == {
        "canasta_score/__init__.pyc",
        "canasta_score/in_browser.pyc",
        "canasta_score/ui/__init__.pyc",
        "canasta_score/ui/views/__init__.pyc",
        "canasta_score/ui/views/home.pyc",
        "canasta_score/ui/state/__init__.pyc",  # a package stays whole where it is
        "canasta_score/storage/migrations/env.py",  # Alembic reads it by its file name
        "canasta_score/i18n/locale/de/LC_MESSAGES/canasta_score.mo",
        build.LATER_LIST,
    }
    assert second == {
        "canasta_score/ui/views/sheet.pyc",
        "canasta_score/ui/state/round_entry.pyc",
        "__pypackages__/sqlalchemy/__init__.pyc",
    }


#: Draws the home screen as a browser tab does (`in_browser`'s way, the tab's branches of the
#: screens) on a page stand-in, and says which of the app's modules that imported. Its own
#: stand-in: test_ui_screens' `PageStandIn` comes with that module's imports of every screen.
DRAW_HOME = """
import json, sys
from types import SimpleNamespace
import canasta_score.runtime
canasta_score.runtime.IN_BROWSER = True
import canasta_score.in_browser, canasta_score.storage.browser_disk
from canasta_score.ui import start

class Page(SimpleNamespace):
    def update(self, *controls): pass
    def run_task(self, *task): pass

hub = SimpleNamespace(**{name: lambda *a: None for name in (
    "subscribe", "subscribe_topic", "unsubscribe_all", "send_others_on_topic")})
page = Page(width=390, height=844, route="/", views=[], services=[], pubsub=hub, title="")
app = start(page, db_path=sys.argv[1], look_first=True)
assert app is not None and [v.route for v in page.views] == ["/"], "home not drawn"
print(json.dumps(sorted(m for m in sys.modules if m.startswith("canasta_score"))))
"""


def test_the_first_archive_holds_each_module_of_the_app_that_drawing_home_imports(
    tmp_path: Path,
) -> None:
    """Else the tab would unpack the second archive before it draws its first screen."""
    from test_first_look import games_of_every_kind

    path = tmp_path / "games.db"
    games_of_every_kind(path)  # a game in play, and a history
    drawn = subprocess.run(
        [sys.executable, "-c", DRAW_HOME, str(path)], capture_output=True, text=True, timeout=120
    )
    assert drawn.returncode == 0, drawn.stderr
    imported = json.loads(drawn.stdout.splitlines()[-1])
    assert "canasta_score.ui.views.home" in imported
    modules = set()
    for name in imported:
        spec = importlib.util.find_spec(name)
        assert spec is not None
        if spec.submodule_search_locations is None:  # a module, not a package
            modules.add(name)
    assert sorted(modules - build.FIRST_SCREEN_MODULES) == []
    # Each name listed is one of the app's modules still (a renamed one would go later).
    assert all(importlib.util.find_spec(name) for name in build.FIRST_SCREEN_MODULES)


def test_markupsafe_is_taken_from_its_source_without_its_speed_ups(tmp_path: Path) -> None:
    source = tmp_path / "markupsafe-3.0.4.tar.gz"
    with tarfile.open(source, "w:gz") as archive:
        for name, text in {
            "markupsafe-3.0.4/src/markupsafe/__init__.py": "x = 1\n",
            "markupsafe-3.0.4/src/markupsafe/_speedups.c": "int x;\n",
            "markupsafe-3.0.4/setup.py": "\n",
        }.items():
            file = tmp_path / "file"
            file.write_text(text)
            archive.add(file, arcname=name)
    into = tmp_path / "packages"
    into.mkdir()
    build.unpack_pure_source(source, into)
    assert sorted(p.relative_to(into).as_posix() for p in into.rglob("*") if p.is_file()) == [
        "markupsafe/__init__.py"
    ]
    empty = tmp_path / "empty.tar.gz"
    with tarfile.open(empty, "w:gz"):
        pass
    with pytest.raises(build.BuildError):
        build.unpack_pure_source(empty, tmp_path / "none")


def test_the_same_sources_make_the_same_archive(tmp_path: Path) -> None:
    """A build that changed nothing is the same version: no phone downloads the app again."""
    packages = tmp_path / "packages"
    (packages / "six").mkdir(parents=True)
    (packages / "six" / "__init__.py").write_text("")
    build.app_archive(packages, tmp_path / "one.tar.gz")
    (packages / "six" / "__init__.py").touch()  # a newer time, the same file
    build.app_archive(packages, tmp_path / "two.tar.gz")
    assert (tmp_path / "one.tar.gz").read_bytes() == (tmp_path / "two.tar.gz").read_bytes()


def test_compiled_modules_stand_in_for_their_sources_but_main_and_the_migrations(
    tmp_path: Path,
) -> None:
    def module(name: str) -> None:
        source = tmp_path / name
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("x = 1\n")
        cache = source.parent / "__pycache__"
        cache.mkdir(exist_ok=True)
        (cache / source.name.replace(".py", f".{build.PYODIDE_CACHE_TAG}.pyc")).write_bytes(b"c")
        (cache / source.name.replace(".py", ".cpython-311.pyc")).write_bytes(b"old")

    for name in (
        "main.py",
        "canasta_score/core/scoring.py",
        "canasta_score/storage/migrations/versions/0001_first_schema.py",
        "__pypackages__/migrations/apply.py",  # another package's migrations are compiled
        "__pypackages__/six.py",
    ):
        module(name)
    assert build.sourceless(tmp_path) == 3
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == [
        "__pypackages__/migrations/apply.pyc",
        "__pypackages__/six.pyc",
        "canasta_score/core/scoring.pyc",
        "canasta_score/storage/migrations/versions/0001_first_schema.py",
        "main.py",
    ]
    assert (tmp_path / "canasta_score/core/scoring.pyc").read_bytes() == b"c"


def test_the_pages_own_python_compiles_the_app_and_a_module_it_cannot_keeps_its_source(
    tmp_path: Path,
) -> None:
    """The bytecode is made by the page's own Pyodide (its Python's cache tag), which the
    building machine's Python could not make; tests/browser/test_web_app.py runs the app from
    it."""
    pyodide = build.flet_web_client() / "pyodide"
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("ANSWER = 6 * 7\n")
    (tmp_path / "pkg" / "broken.py").write_text("def (\n")
    assert build.compile_python(tmp_path, pyodide)
    compiled = tmp_path / "pkg" / "__pycache__" / f"__init__.{build.PYODIDE_CACHE_TAG}.pyc"
    assert compiled.is_file()
    assert not (tmp_path / "pkg" / "__pycache__" / f"broken.{build.PYODIDE_CACHE_TAG}.pyc").exists()
    assert build.sourceless(tmp_path) == 1
    assert sorted(p.name for p in (tmp_path / "pkg").iterdir()) == ["__init__.pyc", "broken.py"]


def test_a_build_step_that_fails_in_the_pages_python_stops_the_build_saying_why(
    tmp_path: Path,
) -> None:
    pyodide = build.flet_web_client() / "pyodide"
    with pytest.raises(build.BuildError, match=r"AttributeError: 'NoneType' .* 'rglob'"):
        build.run_in_pyodide(
            pyodide, tmp_path, "compile_python", "compile_app()", "compile_folder(None)"
        )


def test_the_first_screens_dataclasses_are_made_from_code_kept_by_the_pages_own_python(
    tmp_path: Path,
) -> None:
    """Compiling the methods of each dataclass as it is made was almost half the first
    screen's imports in Pyodide: the build keeps their code, and checks that the first screen
    imported again from it compiles none."""
    import flet

    pyodide = build.flet_web_client() / "pyodide"
    no_caches = shutil.ignore_patterns("__pycache__", "*.bin")
    shutil.copytree(ROOT / "canasta_score", tmp_path / "canasta_score", ignore=no_caches)
    flets = Path(flet.__file__).parent
    shutil.copytree(flets, tmp_path / "__pypackages__" / "flet", ignore=no_caches)
    counts = build.keep_dataclass_code(tmp_path, pyodide)
    assert counts is not None
    assert counts["compiled"] == 0
    assert counts["taken"] >= counts["kept"] > 100, counts  # Flet's controls, the app's own
    assert (tmp_path / "canasta_score" / "dataclass-code.bin").is_file()  # in the first archive
    assert not list(tmp_path.rglob("__pycache__")), "the check wrote bytecode into the app"


def a_standard_library(zipped: Path) -> None:
    with zipfile.ZipFile(zipped, "w") as made:
        made.writestr("json/", b"")
        made.writestr("json/__init__.py", b"from json.decoder import X\n")
        made.writestr(zipfile.ZipInfo("json/decoder.py", (1999, 12, 31, 23, 59, 58)), b"X = 1\n")
        made.writestr("csv.py", b"C = 2\n")
        made.writestr("unittest/", b"")
        made.writestr("unittest/__init__.py", b"")
        made.writestr("unittest/mock.py", b"")
        made.writestr("encodings/__init__.py", b"")
        made.writestr("encodings/utf_8.py", b"")
        made.writestr("encodings/cp1250.py", b"")
        made.writestr("LICENSE.txt", b"terms")


def pretend_compiler(compiled: list[str]) -> Any:
    """Compiles as compile_python does, into `__pycache__`, each module's bytecode its name."""

    def compile_folder(folder: Path) -> bool:
        for source in sorted(folder.rglob("*.py")):
            cached = source.parent / "__pycache__" / f"{source.stem}.{build.PYODIDE_CACHE_TAG}.pyc"
            cached.parent.mkdir(exist_ok=True)
            cached.write_bytes(source.relative_to(folder).as_posix().encode())
            compiled.append(source.relative_to(folder).as_posix())
        return True

    return compile_folder


def test_the_standard_librarys_first_modules_go_compiled_and_what_a_tab_never_runs_goes_out(
    tmp_path: Path,
) -> None:
    zipped = tmp_path / "python_stdlib.zip"
    a_standard_library(zipped)
    compiled: list[str] = []
    first = frozenset({"json", "json.decoder", "encodings.utf_8", "unittest"})
    assert build.standard_library(zipped, first, pretend_compiler(compiled)) == 3
    # Only the first modules were compiled (a module left out is not, though listed).
    assert sorted(compiled) == ["encodings/utf_8.py", "json/__init__.py", "json/decoder.py"]
    with zipfile.ZipFile(zipped) as rewritten:
        assert rewritten.namelist() == [
            "json/",
            "json/__init__.pyc",
            "json/decoder.pyc",
            "csv.py",
            "encodings/__init__.py",
            "encodings/utf_8.pyc",
            "LICENSE.txt",
        ]
        assert rewritten.read("json/decoder.pyc") == b"json/decoder.py"
        # Dated as its source (the same sources make the same zip, whenever it is built).
        assert rewritten.getinfo("json/decoder.pyc").date_time == (1999, 12, 31, 23, 59, 58)
        assert rewritten.read("csv.py") == b"C = 2\n" and rewritten.read("LICENSE.txt") == b"terms"
        assert rewritten.testzip() is None


def test_without_a_compiler_the_standard_library_keeps_its_sources(tmp_path: Path) -> None:
    zipped = tmp_path / "python_stdlib.zip"
    a_standard_library(zipped)
    assert build.standard_library(zipped, frozenset({"json"}), lambda folder: False) == 0
    with zipfile.ZipFile(zipped) as rewritten:
        names = rewritten.namelist()
    assert "json/__init__.py" in names and "unittest/mock.py" not in names


def test_the_pages_own_python_compiles_the_standard_library_under_its_zips_name(
    tmp_path: Path,
) -> None:
    """Tracebacks name a compiled module of the standard library by its place in the tab."""
    pyodide = build.flet_web_client() / "pyodide"
    (tmp_path / "textwrap.py").write_text("def indent():\n    raise ValueError\n")
    assert build.compile_python(tmp_path, pyodide, shown_as=build.PYODIDE_STDLIB)
    compiled = (tmp_path / "__pycache__" / f"textwrap.{build.PYODIDE_CACHE_TAG}.pyc").read_bytes()
    assert f"{build.PYODIDE_STDLIB}/textwrap.py".encode() in compiled


def test_the_first_modules_of_the_standard_library_are_listed_and_none_is_left_out() -> None:
    first = build.first_stdlib_modules()
    assert {"asyncio", "typing", "sqlite3", "gettext", "pyodide.webloop"} <= first
    assert [name for name in first if build.left_out_of_stdlib(name)] == []


COMPILER_SPEC = importlib.util.spec_from_file_location(
    "compile_python", ROOT / "tools/web_app/compile_python.py"
)
assert COMPILER_SPEC is not None and COMPILER_SPEC.loader is not None
compiler = importlib.util.module_from_spec(COMPILER_SPEC)
COMPILER_SPEC.loader.exec_module(compiler)

MODULE_WITH_DOCSTRINGS = '''"""The module's docstring."""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Described:
    """A long description the page never reads."""

    count: int = 0

    def doubled(self) -> int:
        """Only a docstring and a return."""
        return 2 * self.count


@dataclasses.dataclass
class Undescribed:
    size: int = 1


def only_a_docstring() -> None:
    """Nothing else."""


class Slotted:
    """typing_extensions' sentinel keeps its own docstring in a slot."""

    __slots__ = ("__doc__", "name")

    def __init__(self, name: str, doc: str) -> None:
        self.name, self.__doc__ = name, doc


def checked(value: int) -> int:
    assert value > 0, "positive"
    return value
'''


def compiled_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, asserts: bool) -> object:
    source = tmp_path / "described.py"
    source.write_text(MODULE_WITH_DOCSTRINGS)
    pyc = tmp_path / "described.pyc"
    pyc.write_bytes(compiler.bytecode(source.read_bytes(), str(source), asserts=asserts))
    spec = importlib.util.spec_from_file_location(f"described_{asserts}", pyc)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # as an import would, for dataclasses
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("asserts", [True, False])
def test_the_bytecode_keeps_no_docstring_but_each_class_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, asserts: bool
) -> None:
    """A dataclass with no docstring makes one from its signature as it is created
    (`str(inspect.signature(cls))`), a tenth of a second of the page's first screen for
    Flet's controls: compiled, each class has its name, and no signature is asked for."""
    import inspect

    asked: list[object] = []
    signature = inspect.signature
    monkeypatch.setattr(inspect, "signature", lambda *a, **k: asked.append(a) or signature(*a, **k))
    module: Any = compiled_module(tmp_path, monkeypatch, asserts=asserts)
    assert asked == []
    assert (module.__doc__, module.Described.__doc__, module.Undescribed.__doc__) == (
        None,
        "Described",
        "Undescribed",
    )
    assert (module.Described.doubled.__doc__, module.only_a_docstring.__doc__) == (None, None)
    assert module.Described(4).doubled() == 8 and module.only_a_docstring() is None
    assert module.Undescribed() == module.Undescribed(1)
    assert module.Slotted("a", "its own").__doc__ == "its own"
    if asserts:  # the app's own modules
        with pytest.raises(AssertionError, match="positive"):
            module.checked(0)
    else:  # the packages, as python -OO would
        assert module.checked(0) == 0


def test_a_module_that_does_not_compile_is_left_as_source(tmp_path: Path) -> None:
    (tmp_path / "__pypackages__").mkdir()
    (tmp_path / "__pypackages__" / "fine.py").write_text('"""Doc."""\nX = 1\n')
    (tmp_path / "broken.py").write_text("def (\n")
    assert compiler.compile_folder(tmp_path) == 1
    assert [p.name for p in tmp_path.rglob("*.pyc")] == [
        Path(importlib.util.cache_from_source(str(tmp_path / "__pypackages__/fine.py"))).name
    ]


def test_the_characters_the_screens_join_words_with_are_in_the_shipped_roboto() -> None:
    """A character no shipped font has sends Flutter looking for a font on every frame (about
    12 warnings a second while round entry is open): a note held whole draws with Roboto."""
    from fontTools.ttLib import TTFont

    from canasta_score.ui.components.basics import numbers_held, unbroken

    roboto = TTFont(build.flet_web_client() / build.ROBOTO[0]).getBestCmap()
    for text in (unbroken("je 500"), unbroken("500 p/kpl"), numbers_held("Runde 5")):
        assert [hex(ord(c)) for c in set(text) if ord(c) not in roboto] == [], text


def test_the_wake_lock_file_is_shipped() -> None:
    """ "Keep the screen on" asks the browser through wakelock_plus's script."""
    assert "assets/packages/wakelock_plus/assets/no_sleep.js" in build.CLIENT_FILES


def test_no_file_the_page_runs_depends_on_how_a_host_types_mjs() -> None:
    """Hosts send `.js` as JavaScript; some send `.mjs` as octet-stream, and then no module
    runs: Pyodide's modules go renamed."""
    assert set(build.PYODIDE_MODULES.values()) == {"pyodide/pyodide.js", "pyodide/pyodide.asm.js"}


def test_each_big_file_gets_a_gzip_and_a_brotli_copy_that_the_service_worker_never_keeps(
    tmp_path: Path,
) -> None:
    import gzip

    import brotli

    script = "function f() { return 'the same words again and again'; }\n" * 200
    (tmp_path / "index.html").write_text("<html>" + "<p>Canasta</p>" * 200 + "</html>")
    (tmp_path / "main.dart.js").write_text(script)
    (tmp_path / "small.js").write_text("x = 1;\n")
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + bytes(4000))
    (tmp_path / "app.tar.gz").write_bytes(gzip.compress(b"tar" * 1000))
    build.seal(tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "app.tar.gz",
        "icon.png",
        "index.html",
        "index.html.br",
        "index.html.gz",
        "main.dart.js",
        "main.dart.js.br",
        "main.dart.js.gz",
        "service-worker.js",
        "service-worker.js.br",
        "service-worker.js.gz",
        "small.js",
    ]
    assert gzip.decompress((tmp_path / "main.dart.js.gz").read_bytes()).decode() == script
    assert brotli.decompress((tmp_path / "main.dart.js.br").read_bytes()).decode() == script
    worker = (tmp_path / "service-worker.js").read_text()
    assert ".br" not in worker and "main.dart.js.gz" not in worker and '"app.tar.gz"' in worker

    # Sealed again after a change: the changed file's copies follow it, the version with it.
    version = build.seal(tmp_path)
    (tmp_path / "main.dart.js").write_text(script + "// two\n")
    assert build.seal(tmp_path) != version
    assert brotli.decompress((tmp_path / "main.dart.js.br").read_bytes()).decode().endswith("two\n")
    assert gzip.decompress((tmp_path / "main.dart.js.gz").read_bytes()).decode().endswith("two\n")


def test_the_packages_the_page_never_imports_stay_out_of_the_archive() -> None:
    """Pinned (the server runs them), but not unpacked into the app's archive."""
    pins = {build.package_name(pin) for pin in build.requirements(build.REQUIREMENTS.read_text())}
    assert pins >= build.NEVER_IMPORTED
    assert not build.NEVER_IMPORTED & {"flet", "msgpack", "repath", "six", "typing-extensions"}
    assert not build.keep_member("anyio-4.16.0.dist-info/RECORD")
    assert not build.keep_member("sqlalchemy/testing/fixtures/base.py")
    assert build.keep_member("sqlalchemy/dialects/postgresql/base.py")  # Alembic imports it


def test_the_apps_server_side_stays_out_of_the_web_app(tmp_path: Path) -> None:
    """The command line, the server and the desktop window never run in a browser tab; a
    module of the same name deeper in the package is no matter of that."""
    package = tmp_path / "pkg"
    for name in ("app.py", "ui/app.py", "cli/main.py", "core.py", "core.po", "x.pyc"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("")
    shutil.copytree(package, tmp_path / "copied", ignore=build.browser_side(package))
    copied = sorted(
        p.relative_to(tmp_path / "copied").as_posix() for p in (tmp_path / "copied").rglob("*")
    )
    assert copied == ["core.py", "ui", "ui/app.py"]
