"""Points as players type them (sums like `120+35+5`) and as the screens show them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from canasta_score.core.rules import MAX_POINTS

if TYPE_CHECKING:
    from canasta_score.i18n import Translator

_TERM = re.compile(r"\s*([+-]?)\s*(\d+)\s*")

#: More digits than any Canasta score has (and far below what int() refuses to read).
_MOST_DIGITS = 9


def parse_points(text: str) -> int | None:
    """Points typed as a number or a sum like `120+35+5`; blank is 0, nonsense is None, and
    so is far more than any round can score (`far_too_many`).

    A trailing `+` is what a player has typed half-way and counts as nothing yet.

    >>> parse_points("120+35+5"), parse_points(""), parse_points("90+"), parse_points("-85")
    (160, 0, 90, -85)
    >>> parse_points("12a") is None, parse_points("5" * 5000) is None, parse_points("99999999")
    (True, True, None)
    """
    total = _sum(text)
    return None if total is None or abs(total) > MAX_POINTS else total


def _sum(text: str) -> int | None:
    """The sum typed, however large (None: nonsense, or more digits than a score has)."""
    text = text.strip()
    text = text[:-1].strip() if text.endswith("+") else text
    if not text:
        return 0
    total, position = 0, 0
    while position < len(text):
        match = _TERM.match(text, position)
        if not match or match.end() == position:
            return None
        sign, digits = match.groups()
        if len(digits.lstrip("0")) > _MOST_DIGITS:
            return None  # pasted nonsense, not points
        if position > 0 and not sign:
            return None  # two numbers with nothing between them
        total += -int(digits) if sign == "-" else int(digits)
        position = match.end()
    return total


def far_too_many(text: str) -> bool:
    """Whether `text` holds far more than any round can score (a number of more digits than
    a score has, pasted or a finger held down, or a sum above a million): not to be told
    "type numbers", as if it held none, nor offered the nearest multiples of 5.

    >>> far_too_many("9" * 23), far_too_many("99999999"), far_too_many("120+35")
    (True, True, False)
    >>> far_too_many("12a"), far_too_many("600000+600000"), far_too_many("1000000")
    (False, True, False)
    """
    if any(len(digits.lstrip("0")) > _MOST_DIGITS for digits in re.findall(r"\d+", text)):
        return True
    total = _sum(text)
    return total is not None and abs(total) > MAX_POINTS


def format_points(points: int, tr: Translator | None = None) -> str:
    """Points as players read them: in the reader's language's form where `tr` says it, else
    five digits and more get a space between thousands.

    >>> from canasta_score.i18n import translator
    >>> format_points(1450), format_points(-185), format_points(12500)
    ('1450', '-185', '12 500')
    >>> format_points(5000, translator("de")), format_points(-185, translator("fi"))
    ('5.000', '-185')
    """
    if tr is not None:
        return tr.number(points)
    text = f"{abs(points):,}".replace(",", " ") if abs(points) >= 10000 else str(abs(points))
    return ("-" if points < 0 else "") + text


def signed(points: int, tr: Translator | None = None) -> str:
    """A round score with its sign, as written on the pad.

    >>> from canasta_score.i18n import translator
    >>> signed(120), signed(-35), signed(0), signed(1000, translator("de"))
    ('+120', '-35', '0', '+1.000')
    """
    return ("+" if points > 0 else "") + format_points(points, tr)
