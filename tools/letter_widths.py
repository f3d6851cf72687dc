"""Writes canasta_score/ui/components/letter_widths.py: how wide each character a side's name
is likely to hold is in the Roboto the app ships (Flet's web client's), in hundredths of an em.

    .venv/bin/python tools/letter_widths.py
    .venv/bin/python tools/letter_widths.py --bold Roboto-Bold.ttf

Run it when Flet's client changes its font; tests/test_letter_widths.py checks the table
against the font in the installed client. With `--bold` it writes nothing and prints how
much wider than the table a bold face draws the sides' names of the tests and docs (a
phone's own Roboto Bold: src/hinted/Roboto-Bold.ttf of github.com/googlefonts/roboto), the
measure of `BOLD_NAME` in canasta_score/ui/components/basics.py.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "canasta_score/ui/components/letter_widths.py"
ROBOTO = "assets/fonts/roboto.woff2"

#: The characters measured: ASCII, Latin-1 (with its no-break space, which holds a player's
#: name together) and Latin Extended-A, and the punctuation a name may hold.
CHARACTERS = (
    "".join(
        chr(code)
        for code in (*range(0x20, 0x7F), *range(0xA0, 0x180))
        if code not in (0xD7, 0xF7)  # × and ÷
    )
    + "’–·\u2011\u2026"  # the no-break hyphen that holds "Anna-Lena" whole, and an ellipsis
)


def widths(font_path: Path) -> dict[str, int]:
    """Each character's advance in hundredths of an em, rounded up (never narrower than it
    is drawn), of those the font has."""
    from fontTools.ttLib import TTFont

    font = TTFont(font_path)
    glyphs, metrics = font.getBestCmap(), font["hmtx"]
    em = font["head"].unitsPerEm
    return {
        character: math.ceil(100 * metrics[glyphs[ord(character)]][0] / em)
        for character in CHARACTERS
        if ord(character) in glyphs
    }


#: Sides' names of the six languages' tables, as the tests and docs name them.
NAMES = (
    "We",
    "They",
    "Wir",
    "Ihr",
    "Wij",
    "Zij",
    "Me",
    "He",
    "Vi",
    "De",
    "Dere",
    "Mor og Far",
    "Børnene",
    "Naboerne",
    "Bedsteforældre",
    "Isovanhemmat",
    "Großeltern",
    "Anna-Lena",
    "Nachbarskinder",
    "Maximilian",
    "Friedrich-Wilhelm",
    "Åse & Øystein",
    "Jan Willem",
    "Marja Liisa",
    "Kinder",
    "Enkel",
    "Cleo & Dan",
    "Oma und Opa",
    "Lapset",
    "Naapurit",
)


def bold_over_table(bold_path: Path) -> list[tuple[str, float]]:
    """Each of `NAMES` with its width in the `bold_path` face over the table's, widest first."""
    from fontTools.ttLib import TTFont

    from canasta_score.ui.components.letter_widths import LETTER_WIDTHS

    font = TTFont(bold_path)
    glyphs, metrics = font.getBestCmap(), font["hmtx"]
    em = font["head"].unitsPerEm

    def drawn(name: str) -> float:
        return sum(metrics[glyphs[ord(c)]][0] for c in name) / em

    ratios = [(name, drawn(name) / sum(LETTER_WIDTHS[c] for c in name)) for name in NAMES]
    return sorted(ratios, key=lambda pair: -pair[1])


def literal(characters: str) -> str:
    """A string literal of `characters`, those a reader would not see (a no-break space, a
    soft hyphen) or would take for another (the no-break hyphen) written as escapes."""
    quoted = json.dumps(characters, ensure_ascii=False)
    return "".join(c if c.isprintable() and c != "\u2011" else f"\\u{ord(c):04x}" for c in quoted)


def source(measured: dict[str, int]) -> str:
    """The module: the characters grouped by their width."""
    by_width: dict[int, str] = defaultdict(str)
    for character, width in measured.items():
        by_width[width] += character
    lines = "\n".join(
        f"    {width}: {literal(chars)}," for width, chars in sorted(by_width.items())
    )
    return f'''"""How wide each character of a side's name is in the shipped Roboto, in hundredths of
an em (rounded up), grouped by width. Made by tools/letter_widths.py from Flet's web client's
{ROBOTO}; tests/test_letter_widths.py checks it against that font."""

#: Hundredths of an em: the characters that wide.
BY_WIDTH: dict[int, str] = {{
{lines}
}}

#: Each character's width in em.
LETTER_WIDTHS: dict[str, float] = {{
    character: width / 100 for width, characters in BY_WIDTH.items() for character in characters
}}
'''


def main() -> None:
    import flet_web

    if sys.argv[1:2] == ["--bold"]:
        ratios = bold_over_table(Path(sys.argv[2]))
        for name, ratio in ratios:
            print(f"{ratio:.3f}  {name}")
        print(f"widest {ratios[0][1]:.3f} ({ratios[0][0]}) of {len(ratios)} names")
        return

    font = Path(flet_web.__file__).parent / "web" / ROBOTO
    TABLE.write_text(source(widths(font)), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(TABLE)], check=True)
    print(
        f"{TABLE.relative_to(ROOT)}: {len(CHARACTERS)} characters from {font.name}", file=sys.stderr
    )


if __name__ == "__main__":
    main()
