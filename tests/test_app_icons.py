"""An app of its own: the icons and the manifest served are the app's, not Flet's."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from flet_web import get_package_web_dir
from PIL import Image
from test_web_client import request

from canasta_score.app import ASSETS_DIR, web_app

ROOT = Path(__file__).resolve().parent.parent
WEB = Path(get_package_web_dir())
GREEN_800 = "#2E7D32"  # Material's green 800: the theme's seed colour
#: The light theme's surface as the screens draw it (seed green 800; measured on a screenshot
#: of the home screen): the installed web app's launch screen turns into the app seamlessly.
SURFACE = "#F7FBF1"

sys.path.insert(0, str(ROOT / "tools"))
import make_icons  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return web_app(None, None, 1, cache_dir=tmp_path_factory.mktemp("cache"))


def served(app: Any, path: str) -> bytes:
    response = request(app, path, {"Accept-Encoding": "gzip, deflate, br"})
    assert response.status_code == 200, path
    return response.content


@pytest.mark.parametrize(("name", "shape", "size"), make_icons.ICONS)
def test_each_icon_has_its_size_and_shape(name: str, shape: str, size: int) -> None:
    picture = Image.open(ASSETS_DIR / name).convert("RGBA")
    assert picture.size == (size, size)
    corner = picture.getpixel((0, 0))
    if shape == "full":  # maskable, Apple's and the packaged app's: green to the edges
        assert corner == (0x2E, 0x7D, 0x32, 255)
    else:  # a rounded green square on a transparent ground
        assert corner[3] == 0
        assert picture.getpixel((size // 2, size // 40))[:3] == (0x2E, 0x7D, 0x32)


def test_the_icons_are_drawn_from_the_current_drawing() -> None:
    """The committed PNGs match assets/icon.svg: run tools/make_icons.py after changing it."""
    for name, shape, size in make_icons.ICONS:
        fresh = Image.open(io.BytesIO(make_icons.png(make_icons.drawing(shape), size)))
        kept = Image.open(ASSETS_DIR / name)
        assert fresh.convert("RGBA").tobytes() == kept.convert("RGBA").tobytes(), name


def test_every_icon_the_page_and_the_manifest_name_is_the_apps_own(app: Any) -> None:
    page = served(app, "/").decode()
    manifest = json.loads(served(app, "/manifest.json"))
    named = re.findall(r'<link rel="(?:icon|apple-touch-icon)"[^>]*href="([^"]+)"', page)
    named += re.findall(r'<img src="([^"]+)"', page)  # the picture shown while loading
    named += [icon["src"] for icon in manifest["icons"]]
    assert {"favicon.png", "icons/apple-touch-icon-192.png", "icons/loading-animation.png"} <= set(
        named
    )
    assert {"icons/icon-maskable-512.png", "icons/icon-192.png"} <= set(named)
    for name in [*named, "apple-touch-icon.png"]:
        body = served(app, "/" + name)
        assert body == (ASSETS_DIR / name).read_bytes(), name
        flets_own = WEB / name
        assert not flets_own.exists() or body != flets_own.read_bytes(), name


def test_the_manifest_is_the_apps_with_the_themes_colours(app: Any) -> None:
    manifest = json.loads(served(app, "/manifest.json"))
    assert manifest["name"] == "Canasta Score"
    assert manifest["short_name"] == "Canasta"
    assert manifest["description"] == "Scores for real Canasta games"
    assert manifest["theme_color"] == GREEN_800
    assert manifest["background_color"] == SURFACE
    assert "Flet" not in json.dumps(manifest)


def test_the_page_has_the_apps_name(app: Any) -> None:
    page = served(app, "/").decode()
    assert "<title>Canasta Score</title>" in page
    assert 'content="Canasta Score"' in page  # apple-mobile-web-app-title


def test_the_manifest_colour_is_the_themes_seed() -> None:
    """The screens seed their theme with Material's green 800, the manifest's colour."""
    import flet as ft

    from canasta_score.ui.theme import SEED

    assert SEED == ft.Colors.GREEN_800
    assert ft.Colors.GREEN_800.value == "green800"
    assert make_icons.drawing("rounded").count(GREEN_800.encode()) >= 1
