"""The build hook: every build compiles the catalogs (.po to .mo), so every wheel speaks every language.

The rest of the package is declared in pyproject.toml. The .mo files are build products, not
in git: without this hook a wheel built from a fresh clone or an sdist (`pip install`,
`flet build`) would carry none and show English only. `make compile-messages` runs the same
Babel compile for a working copy.
"""

from typing import Any

from babel.messages.setuptools_frontend import compile_catalog
from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.errors import SetupError

LOCALE = "canasta_score/i18n/locale"
DOMAIN = "canasta_score"


class CompileCatalogs(compile_catalog):  # type: ignore[misc]
    """Babel's `compile_catalog`, set to our catalogs, and failing the build on a broken one."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.directory = LOCALE
        self.domain = DOMAIN

    def run(self) -> None:
        if super().run():
            raise SetupError(f"the catalogs under {LOCALE} have errors (listed above)")


class BuildPyWithCatalogs(build_py):
    """build_py that compiles the catalogs first, beside their .po (where the app reads them).

    Compiling in place serves every kind of build alike: a wheel copies the fresh .mo as
    package data ("*.mo" in pyproject.toml), and an editable install reads them where they are.
    """

    def run(self) -> None:
        self.run_command("compile_catalog")
        # The package data may have been listed before the .mo existed; list it again.
        self.__dict__.pop("data_files", None)
        super().run()


cmdclass: dict[str, Any] = {"build_py": BuildPyWithCatalogs, "compile_catalog": CompileCatalogs}
setup(cmdclass=cmdclass)
