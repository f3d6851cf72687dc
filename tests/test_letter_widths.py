"""The names' widths (canasta_score/ui/components/letter_widths.py) are the shipped Roboto's:
a name measured narrower than it is drawn would be cut where the sheet means it whole."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from canasta_score.ui.components import letter_widths
from canasta_score.ui.components.names import name_width

ROOT = Path(__file__).resolve().parent.parent


def tool() -> object:
    spec = importlib.util.spec_from_file_location(
        "letter_widths_tool", ROOT / "tools/letter_widths.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_table_is_the_one_the_shipped_font_makes() -> None:
    import flet_web

    made = tool()
    font = Path(flet_web.__file__).parent / "web" / made.ROBOTO  # type: ignore[attr-defined]
    measured = made.widths(font)  # type: ignore[attr-defined]
    assert {c: width / 100 for c, width in measured.items()} == letter_widths.LETTER_WIDTHS


def test_every_letter_of_the_six_languages_is_measured() -> None:
    letters = "abcdefghijklmnopqrstuvwxyzäöüßåæøéèêëïîôûç &-.'’"
    assert [c for c in letters + letters.upper() if c not in letter_widths.LETTER_WIDTHS] == []


def test_a_name_is_never_measured_narrower_than_its_letters() -> None:
    import flet_web
    from fontTools.ttLib import TTFont

    made = tool()
    font = TTFont(Path(flet_web.__file__).parent / "web" / made.ROBOTO)  # type: ignore[attr-defined]
    glyphs, metrics, em = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    for name in ("Bedsteforældre", "Mor og Far", "WWW", "Anna-Lena", "Åse & Øystein"):
        drawn = sum(metrics[glyphs[ord(c)]][0] for c in name) / em * 20
        assert drawn <= name_width(name, 20) <= drawn * 1.1, name
