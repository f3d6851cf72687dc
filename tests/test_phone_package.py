"""The phone package holds what docs/PACKAGING.md lists, and the table server still gets everything.

`flet build` pip-installs `[project] dependencies` with `platform_system` reporting the
phone's system; these tests read the list the same way, and follow each package's own
metadata (as installed here) to every package a phone gets.
"""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest
from flet_cli.utils.project_dependencies import get_project_dependencies
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "docs" / "PACKAGING.md"
PHONES = ["Android", "iOS"]
#: The phone build's Python (docs/PACKAGING.md, `make apk`).
PHONE_PYTHON = {"python_version": "3.12", "python_full_version": "3.12.13"}
SERVER_ONLY = {"flet-web", "flet-desktop", "flet-cli", "brotli"}


def dependencies() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(project["project"]["dependencies"])


def applies(requirement: Requirement, environment: dict[str, str]) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(environment)


def installed_for(system: str) -> list[Requirement]:
    """The requirements pip acts on when `platform_system` is `system`."""
    environment = {"platform_system": system, "extra": ""}
    return [req for req in map(Requirement, dependencies()) if applies(req, environment)]


def documented() -> dict[str, tuple[str, str, str]]:
    """docs/PACKAGING.md's table of the phone's packages: name -> (asked for, kind, source)."""
    text = PACKAGING.read_text(encoding="utf-8")
    section = text.split("## The phone's packages", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("package", "---"):
            rows[canonicalize_name(cells[0])] = (cells[1], cells[2], cells[3])
    return rows


def closure(requirements: list[Requirement], system: str) -> set[str]:
    """Every package `requirements` bring in on `system`, by the packages' own metadata."""
    names: set[str] = set()
    followed: set[tuple[str, str]] = set()
    todo = [(req, "") for req in requirements]
    while todo:
        req, extra = todo.pop()
        if not applies(req, {"platform_system": system, "extra": extra, **PHONE_PYTHON}):
            continue
        name = canonicalize_name(req.name)
        names.add(name)
        for wanted in ["", *sorted(req.extras)]:
            if (name, wanted) not in followed:
                followed.add((name, wanted))
                requires = importlib.metadata.requires(name) or []
                todo += [(Requirement(entry), wanted) for entry in requires]
    return names


@pytest.mark.parametrize("system", PHONES)
def test_the_phone_asks_for_exactly_what_packaging_md_lists(system: str) -> None:
    asked = {
        canonicalize_name(req.name): f"{req.name}{req.specifier}" for req in installed_for(system)
    }
    listed = {
        name: asked_for.strip("`")
        for name, (asked_for, _, _) in documented().items()
        if asked_for.startswith("`")
    }
    assert asked == listed


@pytest.mark.parametrize("system", PHONES)
def test_every_package_on_the_phone_is_listed_and_none_of_the_servers(system: str) -> None:
    on_phone = closure(installed_for(system), system)
    assert not on_phone & SERVER_ONLY
    assert on_phone == set(documented())


def test_each_binary_names_its_version_on_flets_index_and_each_pure_one_is_pure() -> None:
    for name, (_, kind, source) in documented().items():
        assert kind in ("pure", "binary"), name
        wheel = importlib.metadata.distribution(name).read_text("WHEEL") or ""
        if kind == "binary":
            assert re.match(r"pypi\.flet\.dev \d+(\.\d+)+", source), (name, source)
        elif "Root-Is-Purelib: true" not in wheel:
            # Built here for this machine, yet pure on PyPI: the row must say so.
            assert "py3-none-any" in source, (name, source)


def test_a_table_server_still_gets_the_web_server_and_compression() -> None:
    # `pip install .` on this (Linux) machine: the phone's packages and the server's.
    on_server = closure(installed_for("Linux"), "Linux")
    assert {"flet-web", "flet-desktop", "brotli"} <= on_server
    assert set(documented()) <= on_server


def test_the_web_build_leaves_out_the_server_too() -> None:
    assert not closure(installed_for("Emscripten"), "Emscripten") & SERVER_ONLY


def test_flet_build_hands_pip_the_markers_that_keep_the_server_off_the_phone() -> None:
    # flet build passes each [project] dependency to serious_python's pip as it reads it.
    handed = get_project_dependencies(dependencies()) or []
    server_part = [entry for entry in handed if Requirement(entry).name in ("flet", "brotli")]
    assert any("all" in Requirement(entry).extras for entry in server_part)
    for entry in server_part:
        if Requirement(entry).extras or Requirement(entry).name == "brotli":
            assert "platform_system" in entry, entry
