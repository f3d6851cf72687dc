"""Sides' and players' names on a line: how wide the shipped Roboto draws them and Flutter
lays them out (`name_width`), at what size and on how many lines they stay whole
(`names_shown`, `name_line`), a table's names over its columns (`headings_in_rows`), and a
side's players held whole or cut where a word cannot fit (`names_held`, `words_cut`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import flet as ft

from canasta_score.ui.components.basics import HYPHEN_IN_WORD, WORD_ENDS
from canasta_score.ui.components.letter_widths import LETTER_WIDTHS

#: A bold name's width over its regular letters': the web app emboldens the regular face
#: (its advances unchanged, the ink about 2% wider at 11 px), an Android phone draws with
#: its own Roboto Bold, at most 2.5% wider for a name of four letters or more ("Friedrich-
#: Wilhelm"; `tools/letter_widths.py --bold`). An iPhone's packaged app draws with San
#: Francisco, which is not measured here (the web app on an iPhone draws the shipped Roboto).
BOLD_NAME = 1.03
#: What Flutter lays out beyond a line's advances, in pixels a character, at any pixel ratio:
#: 0.18 to 0.23 at 8 to 12 px, 0.13 to 0.21 at 16, 0.04 to 0.17 at 28 (regular and bold
#: alike, the same at pixel ratios 1 and 2, headless Chromium), and a little to spare.
#: "Großelter|n" broke at 12 px in a box as wide as its advances and 3%, "Friedrich-Wilhelm,"
#: before its comma at 8.5 px.
LAID_OUT_EXTRA = 0.25
#: A character the table does not have (a CJK one is an em wide).
OTHER_LETTER = 1.0


def name_width(name: str, size: float, scale: float = 1.0) -> float:
    """How wide a side's `name` is drawn bold at `size` with the device's text `scale`, from
    the shipped Roboto's own widths: "Bedsteforældre" is about 0.5 em a letter, where
    `text_width` allows 0.6 for any character (a digit's width, with room).

    Flutter lays a line out a little wider than its letters' advances add up to, the same at
    any pixel ratio and weight: `LAID_OUT_EXTRA` a character, which at small sizes is more
    than `BOLD_NAME` allows ("Großeltern" at 8 px: 40.05 px laid out, 39.1 by `BOLD_NAME`).

    >>> from canasta_score.ui.components.basics import text_width
    >>> round(name_width("Bedsteforældre", 10, 2.0)), round(text_width("Bedsteforældre", 10, 2.0))
    (143, 168)
    >>> name_width("WM", 10) > text_width("WM", 10)
    True
    >>> round(name_width("Großeltern", 8), 2)
    40.5
    """
    drawn = _advances(name) * size * scale
    return max(drawn * BOLD_NAME, drawn + LAID_OUT_EXTRA * len(name))


def _advances(name: str) -> float:
    """The shipped Roboto's advances of `name`'s characters, in em."""
    return sum(LETTER_WIDTHS.get(character, OTHER_LETTER) for character in name)


def name_fitted(name: str, size: float, width: float, scale: float = 1.0) -> float:
    """`fitted` for a side's name: `size`, or smaller where it does not fit `width`.

    >>> size = name_fitted("Nachbarskinder", 12, 40, 2.0)
    >>> round(size, 2), name_width("Nachbarskinder", size, 2.0) <= 40 + 1e-9
    (2.57, True)
    """
    per_size = _advances(name) * scale  # pixels for each pixel of size
    if name_width(name, size, scale) <= width or per_size <= 0:
        return size
    # As wide as `width` by both of `name_width`'s measures.
    bold = width / (per_size * BOLD_NAME)
    laid_out = (width - LAID_OUT_EXTRA * len(name)) / per_size
    return max(min(bold, laid_out), 1.0)


#: Names on one line are not made smaller than this times the least size where two lines
#: keep them larger: "Mor og / Far" at 16 px on the screen, not "Mor og Far" at 14.
TWO_LINES_BELOW = 1.25


def name_fitted_words(text: str, size: float, width: float, scale: float = 1.0) -> float:
    """`fitted_words` for sides' names and players, by the shipped Roboto's widths: the size
    at which each part of `text` that a line does not break fits `width` (a word, a player's
    name held whole by `players_said`, a compound up to its hyphen).

    >>> round(name_fitted_words("Jan\xa0Willem, Anne\xa0Marie", 12, 97, 2.0), 1)
    9.1
    """
    parts = WORD_ENDS.split(text)
    return min((name_fitted(part, size, width, scale) for part in parts), default=size)


def name_line(name: str, size: float, width: float, scale: float = 1.0) -> tuple[str, float]:
    """A side's name in `width`, and its size: on one line where that keeps it at least
    1/`TWO_LINES_BELOW` of the size its words would have a line each ("Mor og Far" beside a
    round's score at 2x, not "Mor og / Far" a line taller); else broken between its words.

    >>> [(said, round(size, 1)) for said, size in (name_line("Mor og Far", 20, 178, 2.0),)]
    [('Mor\xa0og\xa0Far', 17.6)]
    >>> said, size = name_line("Bedstemor og Bedstefar", 20, 178, 2.0)
    >>> said, round(size, 1)
    ('Bedstemor og Bedstefar', 17.6)
    """
    words = name_fitted_words(name, size, width, scale)
    held = players_said([name])
    whole = name_fitted(held, size, width, scale)
    return (held, whole) if whole * TWO_LINES_BELOW >= words else (name, words)


def names_shown(
    names: list[str],
    width: float,
    scale: float,
    largest: float = 18,
    least: float = 10,
    smallest: float | None = None,
) -> tuple[float, int]:
    """The size and lines of the sides' names over their columns (`width` each), one size
    for all, `largest` at most: each whole on its line, smaller where one would be cut; where a
    name would be cut even at the `least` size and has words to break between ("Mor og F…"
    over one of three columns at 2x), every name on two lines (a name of one word is cut:
    give it `max_lines=1`, or Flutter breaks it mid-word). A name cut even so shrinks on to
    `smallest`, where given ("Børne…" over one of four columns at 2x); a name too long
    even at that size is cut, at the others' size.

    >>> names_shown(["We", "They"], 160, 1.0), names_shown(["Großeltern", "Kinder"], 97, 2.0)
    ((18, 1), (10, 1))
    >>> size, lines = names_shown(["Mor og Far", "Naboene"], 97, 2.0)
    >>> round(size, 1), lines
    (11.7, 2)
    >>> names_shown(["Mor og Far", "Nachbarskinder"], 97, 2.0)  # whole at the least size
    (10, 2)
    >>> names_shown(["Mor og Far", "Børnene"], 76, 2.0)  # "Børne…"
    (10, 2)
    >>> size, lines = names_shown(["Mor og Far", "Børnene"], 76, 2.0, smallest=7)
    >>> round(size, 1), lines  # two lines, where one would be 7.5
    (9.9, 2)
    >>> size, lines = names_shown(["Mor og Far", "Børnene", "Bedsteforældre"], 76, 2.0, smallest=7)
    >>> round(size, 1), lines
    (9.9, 2)
    >>> size, lines = names_shown(["Mor og Far", "Bedsteforældre"], 105, 2.0, smallest=7)
    >>> round(size, 1), lines  # whole at 14.6 px on the screen (0.6 em a letter cut it)
    (7.3, 1)
    >>> names = ["Isovanhemmat", "Bedsteforældre", "Anna-Lena"]  # one cut even at 7
    >>> size, lines = names_shown(names, 97, 2.0, smallest=7)  # "Isovanhemmat" whole at 14 px
    >>> round(size, 1), lines  # not "Anna-Lena" at 31 px over "Isova…", "Beds…"
    (7.0, 1)
    >>> size, lines = names_shown(["Mor og Far", "Anna-Lena"], 97, 2.0)  # "Anna-|Lena"
    >>> round(size, 1), lines
    (15.4, 2)
    """
    two_lines_below = TWO_LINES_BELOW * least
    size, lines = _names_shown(names, width, scale, largest, least, two_lines_below)
    if smallest is None or smallest >= least or not _names_cut(names, size, lines, width, scale):
        return size, lines
    # A name cut even at `smallest` ("Bedsteforældre") does not make the others smaller.
    # Never larger than all together at the least size: two names cut even at `smallest`
    # did not let a third draw at 31 px over "Isova…" and "Beds…".
    whole = [name for name in names if not _names_cut([name], smallest, 2, width, scale)]
    shrunk = _names_shown(whole or names, width, scale, largest, smallest, two_lines_below)
    return shrunk if shrunk[0] <= size else (size, lines)


def _names_shown(
    names: list[str],
    width: float,
    scale: float,
    largest: float,
    least: float,
    two_lines_below: float,
) -> tuple[float, int]:
    """One size for `names`, on one line or two: two where a name would be cut on one, or
    would be smaller than `two_lines_below`, and two lines let it be larger."""
    one_line = min(max(name_fitted(name, largest, width, scale), least) for name in names)
    cut = [
        name
        for name in names
        if name_width(name, one_line, scale) > width + 0.01 or one_line < two_lines_below
    ]
    if all(name_lines(name, 2) == 1 for name in cut):  # none cut, or none two lines help
        return one_line, 1
    two_lines = min(
        max(
            min(
                name_fitted_words(name, largest, width, scale),
                name_fitted(name, largest, 1.6 * width, scale),
            ),
            least,
        )
        for name in names
    )
    # Two lines where they are larger, or where a name of words is cut on one (at one size,
    # no line is held under the names that none uses).
    broken = any(
        name_lines(name, 2) == 2 and name_width(name, one_line, scale) > width + 0.01
        for name in names
    )
    gains = two_lines > one_line or (broken and two_lines == one_line)
    return (two_lines, 2) if gains else (one_line, 1)


def _names_cut(names: list[str], size: float, lines: int, width: float, scale: float) -> bool:
    """Whether a name is cut at `size` in `lines` (a name of one word keeps to one line)."""
    room = width + 0.01
    for name in names:
        if name_lines(name, lines) == 1:
            if name_width(name, size, scale) > room:
                return True
        elif any(name_width(word, size, scale) > room for word in WORD_ENDS.split(name)):
            return True
    return False


#: The least a table's heading is drawn at, in pixels on the screen (large text shrinks it
#: to that, never below; at the normal size it keeps its own).
HEADING_LEAST_SEEN = 14


def headings_shown(
    names: list[str], width: float, scale: float, largest: float
) -> tuple[float, int]:
    """`names_shown` for the side's names heading a table's columns: `largest` at most, and
    smaller at large text down to `HEADING_LEAST_SEEN` pixels on the screen.

    >>> size, lines = headings_shown(["Mor og Far", "Børnene", "Naboerne"], 64, 2.0, 12)
    >>> round(size, 1), lines
    (7.1, 2)
    """
    return names_shown(
        names, width, scale, largest=largest, least=min(largest, HEADING_LEAST_SEEN / scale)
    )


#: Names side by side over a table's columns stand this far apart at least (round detail's
#: 4 px at a heading's start and 8 between its columns).
HEADINGS_APART = 12
#: Between staggered rows of names: with none, "Oma" over "Nachbarskinder" read as one
#: name of two lines.
ROWS_APART = 6


def spans_kept_apart(
    wanted: list[tuple[float, float]], low: float, high: float, rows: int
) -> tuple[list[tuple[float, float]], int]:
    """Where names wanted at `wanted` (start, end), the i-th in row i % `rows`, are drawn
    within `low`..`high`, each `HEADINGS_APART` after the name before it in its row, and how
    many are cut so: a name short of room is cut where it meets its bound ("Bedstef…" where
    it cannot end over its column), never below two fifths of itself (counted as all cut).

    >>> spans_kept_apart([(0, 60), (50, 130), (140, 200)], 0, 200, 1)  # the second cut
    ([(0, 60), (72, 130), (142, 200)], 2)
    >>> spans_kept_apart([(0, 60), (50, 130), (140, 200)], 0, 200, 2)  # staggered: whole
    ([(0, 60), (50, 130), (140, 200)], 0)
    """
    spans: list[tuple[float, float]] = []
    cut = 0
    for side, (start, end) in enumerate(wanted):
        first = spans[side - rows][1] + HEADINGS_APART if side >= rows else low
        span = (max(start, first, low), min(end, high))
        if span != (start, end):
            cut += 1 if span[1] - span[0] >= 0.4 * (end - start) else len(wanted)
        spans.append(span)
    return spans, cut


def headings_centred(
    names: Sequence[str],
    size: float,
    scale: float,
    lines: int,
    cell: float,
    gap: float,
    width: float,
) -> tuple[list[tuple[float, float]], int] | None:
    """Where names centred over columns `cell` wide and `gap` apart, in a line `width` wide,
    are drawn where one would be cut over its column alone (with `lines` for the names: a
    name of words may take two), and in how many rows: each centred over its column (moved
    in a little at the line's ends), in one row or two staggered ones, as far as the names
    beside it leave room (`spans_kept_apart`). None where none is cut, or where as many are
    cut even so ("Bedstef…" alone where it cut the three after it too).

    >>> spans, rows = headings_centred(["Oma", "Nachbarskinder", "Opa"], 12, 1.0, 1, 60, 10, 200)
    >>> [(round(start), round(end)) for start, end in spans], rows  # the second over 60 px
    ([(17, 43), (56, 144), (159, 181)], 1)
    """
    cut_over_columns = sum(
        name_lines(name, lines) == 1 and name_width(name, size, scale) > cell + 0.01
        for name in names
    )
    if not cut_over_columns:
        return None
    wanted = []
    for side, name in enumerate(names):
        centre, half = side * (cell + gap) + cell / 2, name_width(name, size, scale) / 2
        # Moved in from the line's ends, as far as it stays over its column.
        centre += min(max(half - centre, 0), cell / 4) - min(
            max(centre + half - width, 0), cell / 4
        )
        wanted.append((centre - half, centre + half))
    for rows in (1, 2):
        spans, cut = spans_kept_apart(wanted, 0, width, rows)
        if not cut:
            return spans, rows
    return (spans, 2) if cut < cut_over_columns else None


def headings_in_rows(
    names: Sequence[str],
    spans: list[tuple[float, float]],
    rows: int,
    width: float,
    *,
    size: float,
    scale: float,
    bold: bool = False,
    align: ft.TextAlign = ft.TextAlign.CENTER,
) -> ft.Control:
    """`names` at their `spans` in a line `width` wide, each on one line (centred, or at its
    end), in one row or in `rows` staggered ones, which a screen reader hears as one, the names
    in the columns' order (`names_heard`; row by row, they would not read as the numbers under
    them). A name wider than its span is cut, and whole on a long press (its tooltip).

    Each name's box takes the room up to its neighbours' (half of it where both are centred),
    where it is drawn as before: Flutter lays out a line a few pixels wider than its letters'
    widths add up to, and broke "Großelter|n" in a box just as wide."""
    texts = [
        ft.Text(
            name,
            size=size,
            weight=ft.FontWeight.BOLD if bold else None,
            text_align=align,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            tooltip=name if name_width(name, size, scale) > stop - start + 0.01 else None,
        )
        for name, (start, stop) in zip(names, spans, strict=True)
    ]

    def row_of(first: int) -> ft.Row:
        placed = list(zip(texts, spans, strict=True))[first::rows]
        cells: list[ft.Control] = []
        end = 0.0
        for index, (text, (start, stop)) in enumerate(placed):
            last = index + 1 == len(placed)
            before, after = start - end, ((width if last else placed[index + 1][1][0]) - stop)
            after /= 1 if last else 2  # the room to the next name shared with it
            if text.tooltip:  # cut: in its own room, its ellipsis apart from its neighbours
                pass
            elif text.text_align != ft.TextAlign.CENTER:  # at its end: the room before it
                start = end
            elif min(before, after) >= HEADINGS_APART / 2:  # centred: as much room each side
                start, stop = start - min(before, after), stop + min(before, after)
            elif before < after:  # at a table's start: from its first letter on
                text.text_align, stop = ft.TextAlign.START, stop + after
            else:  # at a table's end: up to its last letter
                text.text_align, start = ft.TextAlign.END, end
            cells += [ft.Container(width=start - end), text]
            text.width = stop - start
            end = stop
        return ft.Row([*cells, ft.Container(expand=True)], spacing=0)

    drawn: ft.Control = (
        row_of(0) if rows == 1 else ft.Column([row_of(f) for f in range(rows)], spacing=ROWS_APART)
    )
    if rows == 1 and not any(text.tooltip for text in texts):
        return drawn
    return names_heard(drawn, texts)


def names_heard(drawn: ft.Control, texts: Sequence[ft.Text]) -> ft.Control:
    """A table's names as a screen reader hears them: once each (a cut name's tooltip read
    it twice: "Bedsteforældre Bedsteforældre"), in the columns' order."""
    return ft.Semantics(
        content=drawn,
        label=", ".join(str(text.value) for text in texts),
        container=True,
        exclude_semantics=True,
    )


def name_lines(name: str, lines: int) -> int:
    """The lines a name over a column may take where the names take `lines`: one for a name
    of one word, which Flutter would break mid-word (it reads as two names); it is cut. A
    compound breaks after its hyphen ("Anna-|Lena").

    >>> name_lines("Mor og Far", 2), name_lines("Anna-Lena", 2), name_lines("Børnene", 2)
    (2, 2, 1)
    """
    return lines if len(WORD_ENDS.split(name.strip())) > 1 else 1


def players_said(players: Sequence[str], between: str = ", ") -> str:
    """A side's players as a line that breaks between players only, never inside a name:
    "Jan Willem, Anne Marie" at large text read "Jan Willem, Anne / Marie", three players,
    and home's "Naapurit 10 · Anna- / Lena 90" two sides and a half.

    >>> players_said(["Jan Willem", "Anne Marie"]), players_said(["Anna-Lena", "Ben"], ",\xa0")
    ('Jan\xa0Willem, Anne\xa0Marie', 'Anna\u2011Lena,\xa0Ben')
    >>> players_said(["Anna-Lena -185"])  # a no-break hyphen (U+2011) between letters only
    'Anna\u2011Lena\xa0-185'
    """
    return between.join(
        HYPHEN_IN_WORD.sub("\u2011", player).replace(" ", "\xa0") for player in players
    )


#: The least size of a side's players under its name (at twice the text, as large as
#: normal body text): a player's name is held whole where it fits at it.
PLAYERS_LEAST = 8


def names_held(
    names: Sequence[str],
    size: float,
    width: float,
    scale: float = 1.0,
    joins: Sequence[str] = (", ",),
) -> str:
    """`names` (a side's players; a side's name with its total) as a line of `width` at
    `size`, held as whole as it fits: joined by the first of `joins` at which each part a
    line may break between fits, each name held whole (`players_said`). Where even one name
    does not fit ("Jan Willem," over one of four columns at 2x), the line breaks between its
    words as any text, rather than Flutter breaking it mid-word ("Jan Wille / m").

    >>> names_held(["Jan Willem", "Anne Marie"], 8, 97, 2.0)
    'Jan\xa0Willem, Anne\xa0Marie'
    >>> names_held(["Jan Willem", "Anne Marie"], 8, 75, 2.0)
    'Jan Willem, Anne Marie'
    >>> names_held(["Anna", "Ben"], 14, 200, 2.0, joins=(",\xa0", ", "))  # the side whole
    'Anna,\xa0Ben'
    >>> names_held(["Anna Lena", "Benedikt"], 14, 200, 2.0, joins=(",\xa0", ", "))
    'Anna\xa0Lena, Benedikt'
    """
    for between in joins:
        held = players_said(names, between)
        if all(name_width(part, size, scale) <= width + 0.01 for part in held.split(" ")):
            return held
    return ", ".join(names)


def words_cut(text: str, size: float, width: float, scale: float = 1.0) -> str:
    """`text` with each part a line does not break (`WORD_ENDS`) that is wider than `width`
    at `size` cut to what fits, with an ellipsis: Flutter broke it mid-word, and
    "Nachbars / kinder," under a side's name read as two players.

    >>> words_cut("Nachbarskinder, Friedrich-Wilhelm", 8, 70, 2.0)
    'Nachb…, Friedrich-Wilhelm'
    >>> words_cut("Jan Willem, Anne Marie", 8, 70, 2.0)  # each part fits: as it was
    'Jan Willem, Anne Marie'
    >>> cut = words_cut("Nachbarskinder-Wilhelm, Ben", 8, 70, 2.0)  # a line still breaks at "-"
    >>> cut, WORD_ENDS.split(cut)
    ('Nachb…-Wilhelm, Ben', ['Nachb…-', 'Wilhelm,', 'Ben'])
    >>> words_cut("W", 8, 5, 2.0)  # "W…" would be wider still
    'W'
    """
    pieces = re.split(f"({WORD_ENDS.pattern})", text)  # parts, and what a line breaks at
    for index in range(0, len(pieces), 2):
        part = pieces[index]
        if name_width(part, size, scale) <= width + 0.01:
            continue
        letters = part.rstrip(",-")  # its comma, or the hyphen a line breaks after, kept
        after = "\u2026" + part[len(letters) :]
        while len(letters) > 1 and name_width(letters + after, size, scale) > width + 0.01:
            letters = letters[:-1]
        if name_width(letters + after, size, scale) < name_width(part, size, scale):
            pieces[index] = letters + after  # else as it was: "W…" is wider than "W"
    return "".join(pieces)


def heard_whole(text: ft.Text, said: str) -> ft.Text:
    """`text`, where it shows `said` cut (`words_cut`), heard whole by a screen reader and
    shown whole on a long press ("Nachbarskinder", not "Nachb…"), its held spaces and hyphens
    as typed; its tooltip is not heard (it would say the line twice)."""
    if text.value and text.value != said:
        whole = said.replace("\xa0", " ").replace("\u2011", "-")
        text.semantics_label = whole
        text.tooltip = ft.Tooltip(message=whole, exclude_from_semantics=True)
    return text
