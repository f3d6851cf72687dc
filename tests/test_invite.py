"""The invite link as a QR code: what the terminal shows is the code of the link, module for module."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from canasta_score.invite import invite_link, qr_code, qr_png, qr_svg_data_uri, terminal_qr

LINK = "http://192.168.1.20:8550/?token=" + "Zq3-x_" * 6  # as long as a real token


def printed_modules(drawing: str) -> list[list[int]]:
    """The modules a terminal drawing shows: 1 dark, 0 light (two rows a line, half blocks)."""
    halves = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}
    rows: list[list[int]] = []
    for line in drawing.splitlines():
        pairs = [halves[char] for char in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


def expected_modules(link: str, border: int = 4) -> list[list[int]]:
    """The code's own matrix (segno), with its quiet zone of light modules around it."""
    matrix = [[int(bool(module)) for module in row] for row in qr_code(link).matrix]
    width = len(matrix[0]) + 2 * border
    light = [[0] * width for _ in range(border)]
    return light + [[0] * border + row + [0] * border for row in matrix] + light


def test_the_terminal_drawing_is_the_code_of_the_link() -> None:
    drawing = terminal_qr(LINK)
    shown = printed_modules(drawing)
    wanted = expected_modules(LINK)
    # An odd number of rows leaves the lower half of the last line empty (terminal background).
    if len(shown) == len(wanted) + 1:
        assert len(set(shown[-1])) == 1
        shown = shown[:-1]
    assert shown == wanted


def test_the_code_holds_the_link_itself() -> None:
    code = qr_code(LINK)
    assert code.designator.endswith("-M")  # medium error correction
    assert code.mode == "byte"  # the whole link, lowercase letters and all
    assert code.version <= 6  # small enough to scan from a terminal across a table


@pytest.mark.parametrize("link", [LINK, invite_link("10.0.0.7", 8701, None)])
def test_the_picture_is_the_same_code(link: str) -> None:
    scale = 10
    picture = Image.open(io.BytesIO(qr_png(link, scale=scale))).convert("L")
    wanted = expected_modules(link)
    assert picture.size == (len(wanted[0]) * scale, len(wanted) * scale)
    seen = [
        [
            int(picture.getpixel((x * scale + scale // 2, y * scale + scale // 2)) < 128)
            for x in range(len(row))
        ]
        for y, row in enumerate(wanted)
    ]
    assert seen == wanted
    assert qr_svg_data_uri(link).startswith("data:image/svg+xml")


def test_the_link_carries_the_token_only_when_there_is_one() -> None:
    assert invite_link("192.168.1.20", 8550, "abc") == "http://192.168.1.20:8550/?token=abc"
    assert invite_link("192.168.1.20", 8550, None) == "http://192.168.1.20:8550/"
    assert invite_link("fe80::1", 80, None) == "http://[fe80::1]:80/"


def picture_of(modules: list[list[int]], scale: int = 8) -> Image.Image:
    """The modules as a black-on-white picture, as a camera sees the code on a dark terminal."""
    picture = Image.new("L", (len(modules[0]) * scale, len(modules) * scale), 255)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                picture.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return picture


def test_a_qr_decoder_reads_the_link_from_the_terminal_and_from_the_picture() -> None:
    import zxingcpp

    drawing = printed_modules(terminal_qr(LINK))
    [from_terminal] = zxingcpp.read_barcodes(picture_of(drawing))
    assert from_terminal.text == LINK
    [from_png] = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr_png(LINK))))
    assert from_png.text == LINK
