"""A wheel built from the sources, as `pip install` and `flet build` build it, speaks every language.

The .mo files are build products (not in git), so these builds start from a copy of the
sources without them, as a fresh clone is. The builds run without isolation (offline, with
the build requirements this environment already has); one test holds those requirements to
what the build hook imports, so an isolated build gets them too.
"""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from canasta_score.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
#: Every language but the one the strings are written in.
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
#: What a build reads: the project's files, the package, and the README (its description).
SOURCES = ["pyproject.toml", "setup.py", "README.md", "canasta_score"]


def mo_name(lang: str) -> str:
    return f"canasta_score/i18n/locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"


@pytest.fixture(scope="module")
def fresh_sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sources as a fresh clone has them: no compiled catalogs, no caches."""
    copy = tmp_path_factory.mktemp("clone")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("*.mo", "__pycache__", "*.db*")
            shutil.copytree(source, copy / name, ignore=ignore)
        else:
            shutil.copy2(source, copy / name)
    assert not list(copy.rglob("*.mo"))
    return copy


def pip_wheel(target: Path, out: Path) -> zipfile.ZipFile:
    """`pip wheel TARGET --no-deps` (a source folder or an sdist), the one wheel it built."""
    command = [sys.executable, "-m", "pip", "wheel", str(target), "--no-deps"]
    command += ["--no-build-isolation", "--no-index", "-q", "-w", str(out)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    (wheel,) = out.glob("canasta_score-*.whl")
    return zipfile.ZipFile(wheel)


def assert_speaks_every_language(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    missing = [mo_name(lang) for lang in TRANSLATED if mo_name(lang) not in names]
    assert not missing, f"{Path(str(wheel.filename)).name} lacks {missing}"
    for lang in TRANSLATED:
        catalog = gettext.GNUTranslations(io.BytesIO(wheel.read(mo_name(lang))))
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as file:
            po = read_po(file, locale=lang)
        assert catalog.gettext("New game") == po["New game"].string != "New game"
        wrong = [
            message.id
            for message in po
            if message.id and isinstance(message.id, str) and message.string
            if translated(catalog, message.id, message.context) != message.string
        ]
        assert not wrong, f"{lang}: the wheel's catalog does not translate {wrong[:5]}"


def translated(catalog: gettext.GNUTranslations, msgid: str, context: str | None) -> str:
    """What the compiled catalog says for a msgid (in its context, for the words that name a
    side by its size)."""
    return catalog.pgettext(context, msgid) if context else catalog.gettext(msgid)


def test_a_wheel_built_from_a_fresh_clone_carries_every_languages_catalog(
    fresh_sources: Path, tmp_path: Path
) -> None:
    assert_speaks_every_language(pip_wheel(fresh_sources, tmp_path))


def test_a_wheel_built_from_the_sdist_carries_every_languages_catalog(
    fresh_sources: Path, tmp_path: Path
) -> None:
    # What a build frontend does: the backend writes the sdist, then a wheel is built from it.
    sdist_dir = tmp_path / "sdist"
    backend = f"import setuptools.build_meta as b; print(b.build_sdist({str(sdist_dir)!r}))"
    subprocess.run(
        [sys.executable, "-c", backend], cwd=fresh_sources, check=True, capture_output=True
    )
    (sdist,) = sdist_dir.glob("canasta_score-*.tar.gz")
    assert_speaks_every_language(pip_wheel(sdist, tmp_path / "wheel"))


def test_an_isolated_build_gets_what_the_build_hook_imports() -> None:
    # `pip wheel .` and `flet build` install [build-system] requires into a fresh environment:
    # the hook in setup.py compiles with Babel, so Babel must be asked for there.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requires = {
        entry.split(">")[0].split("=")[0].strip().lower()
        for entry in project["build-system"]["requires"]
    }
    assert {"setuptools", "babel"} <= requires
    hook = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "from babel." in hook
