"""What `flet build apk / ipa / web` makes of the app, checked offline.

The builds themselves need the Flutter SDK and the internet (not here); these tests read the
configuration through the Flet CLI's own build command, as `flet build` would.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from flet_cli.commands.build import Command
from flet_cli.utils.pyproject_toml import load_pyproject_toml
from PIL import Image

from canasta_score import app as app_module

ROOT = Path(__file__).resolve().parent.parent


def build_command(target: str, config_platform: str) -> Any:
    """Flet's build command with its options parsed and the project read, built nothing."""
    parser = argparse.ArgumentParser()
    Command.register_to(parser.add_subparsers(), "build")
    options = parser.parse_args(["build", target, str(ROOT)])
    command = options.handler.__self__
    command.options = options
    command.python_app_path = ROOT
    command.get_pyproject = load_pyproject_toml(ROOT)
    command.target_platform = target
    command.config_platform = config_platform
    return command


@pytest.mark.parametrize(
    ("target", "platform"), [("apk", "android"), ("ipa", "ios"), ("web", "web")]
)
def test_each_build_finds_the_app_and_its_settings(target: str, platform: str) -> None:
    command = build_command(target, platform)
    command.validate_entry_point()  # exits with a message if main.py were missing
    assert command.python_module_name == "main"
    get = command.get_pyproject
    assert get("tool.flet.product") == "Canasta Score"
    assert get("tool.flet.org") == "org.canastascore"
    assert get("project.version") and get("project.description")
    assert command._resolve_splash()["color"] == "#F7FBF1"
    excluded = command.get_platform_setting("app.exclude")
    assert {"tests", "benchmarks", "tools"} <= set(excluded)


def test_the_bundle_id_is_a_valid_android_package_and_ios_bundle_id() -> None:
    bundle_id = load_pyproject_toml(ROOT)("tool.flet.bundle_id")
    assert bundle_id.startswith("org.canastascore.")
    assert re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+", bundle_id)  # Android package
    assert re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", bundle_id)  # iOS: no underscores


def test_the_web_app_colours_match_the_served_manifest() -> None:
    import json

    manifest = json.loads((ROOT / "assets" / "manifest.json").read_text())
    web = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["flet"]["web"]
    assert web["pwa_theme_color"] == manifest["theme_color"]
    assert web["pwa_background_color"] == manifest["background_color"]
    assert web["pwa_short_name"] == manifest["short_name"]


@pytest.mark.parametrize(("name", "size"), [("icon.png", 1024), ("splash.png", 512)])
def test_flet_build_finds_the_icon_and_the_splash_in_assets(name: str, size: int) -> None:
    with Image.open(ROOT / "assets" / name) as picture:
        assert picture.size == (size, size)


def test_inside_a_packaged_app_the_screens_open_not_a_web_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(app_module.sys, "platform", "linux")
    monkeypatch.delenv("FLET_PLATFORM", raising=False)
    assert not app_module.has_display()
    monkeypatch.setenv("FLET_PLATFORM", "android")
    assert app_module.has_display()
