"""Makes every icon PNG of the app from its drawing, assets/icon.svg.

    .venv/bin/pip install cairosvg      # once; it draws with the system's libcairo
    .venv/bin/python tools/make_icons.py

Run it after changing the drawing and commit the PNGs: the app serves them in place of
Flet's own (favicon, the web app's home-screen icons, the picture shown while the client
loads) and `flet build` takes assets/icon.png and assets/splash.png.

Two shapes of the drawing: "rounded" (the green rounded square on a transparent ground, for
browsers' tabs and home screens that show an icon as it is) and "full" (green to the edges,
the cards inside the central circle that a launcher's mask keeps: maskable icons, Apple's
home screen and the packaged app's icon, which must not be transparent).
"""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SOURCE = ASSETS / "icon.svg"
SVG = "http://www.w3.org/2000/svg"
#: The cards of a "full" icon are shrunk into the safe zone of a maskable icon (the circle of
#: 40 % of the size around the centre): at 0.78 their farthest corner is 0.31 of the size out.
SAFE_SCALE = 0.78

#: Where each PNG goes (under assets/), its shape and its size in pixels.
ICONS: list[tuple[str, str, int]] = [
    ("favicon.png", "rounded", 64),
    ("icons/icon-192.png", "rounded", 192),
    ("icons/icon-512.png", "rounded", 512),
    ("icons/icon-maskable-192.png", "full", 192),
    ("icons/icon-maskable-512.png", "full", 512),
    ("icons/apple-touch-icon-192.png", "full", 192),  # the name Flet's page links
    ("apple-touch-icon.png", "full", 180),  # the name and size iOS asks for by itself
    ("icons/loading-animation.png", "rounded", 400),  # shown at 200 CSS px while loading
    ("icon.png", "full", 1024),  # flet build: the app's icon
    ("splash.png", "rounded", 512),  # flet build: the splash screen's picture
]


def drawing(shape: str) -> bytes:
    """The source drawing in one of its two shapes, as SVG text."""
    ET.register_namespace("", SVG)
    tree = ET.parse(SOURCE)
    root = tree.getroot()
    background = root.find(f".//{{{SVG}}}rect[@id='background']")
    cards = root.find(f".//{{{SVG}}}g[@id='cards']")
    assert background is not None and cards is not None, "icon.svg lost #background or #cards"
    if shape == "full":
        background.set("rx", "0")
        shift = 256 * (1 - SAFE_SCALE)
        cards.set("transform", f"translate({shift:.2f} {shift:.2f}) scale({SAFE_SCALE})")
    return ET.tostring(root)


def png(svg: bytes, size: int) -> bytes:
    import cairosvg
    from PIL import Image

    drawn = cairosvg.svg2png(bytestring=svg, output_width=size, output_height=size)
    picture = Image.open(io.BytesIO(drawn))
    out = io.BytesIO()
    picture.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main() -> int:
    shapes = {shape: drawing(shape) for shape in ("rounded", "full")}
    for name, shape, size in ICONS:
        target = ASSETS / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png(shapes[shape], size))
        print(f"{name}: {size}x{size} {shape}, {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
