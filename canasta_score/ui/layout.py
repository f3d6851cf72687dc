"""The facts of a page's layout: its size, how much the phone enlarges text, and the frame every
screen is drawn in (app bar, a centred body, an optional bottom bar)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.ui.components import TAP, TapIcon, fitted, fitted_words, tap_height
from canasta_score.ui.components.basics import LARGE_TEXT, LINE_HEIGHT
from canasta_score.ui.components.names import name_width
from canasta_score.ui.frame import FrameShape, ScreenFrame

if TYPE_CHECKING:
    from canasta_score.i18n import Translator

#: Widest the content grows on a desktop, so the sheet stays a pad and not a spreadsheet.
CONTENT_WIDTH = 760
#: The size of the icon that measures the device's text scale.
PROBE_SIZE = 40
#: An app bar's title size (Material's), the least it is made to fit, and the most Flutter
#: enlarges it with the device's text (`_kMaxTitleTextScaleFactor`).
TITLE_SIZE = 22
TITLE_LEAST = 16
TITLE_MOST_SCALE = 1.34
#: An app bar's height (Material's toolbar).
TOOLBAR = 56
#: From this text scale an app bar's subtitle is larger, and the bar taller for it.
LARGE_SUBTITLE_FROM = 1.2
#: Where a screen's layout changes: 700 wide screens; 800 a centred body; 800, 1180, 1560:
#: 2, 3, 4 sides side by side.
EDGES = (700, 800, 1180, 1240, 1560)


class Layout:
    """One page's layout. `changed` is called when the screen shown must be drawn again for
    it (another text size measured: same route, what was typed kept), `resized` when it must
    be laid out afresh (another width)."""

    def __init__(
        self,
        page: ft.Page,
        words: Callable[[], Translator],
        go: Callable[[str], None],
        *,
        changed: Callable[[], None],
        resized: Callable[[], None],
    ) -> None:
        self.page = page
        self._words = words
        self._go = go
        self._changed = changed
        self._resized = resized
        #: How much this phone enlarges text (its text size setting): 1 normal, 2 twice as big.
        self.text_scale = 1.0
        #: Set once the first screen is laid out on the device (its text scale measured).
        self.first_frame = asyncio.Event()
        #: The frame of the screen shown, kept for it while it is drawn again (`frame`).
        self._frame: ScreenFrame | None = None
        #: Whether the screen shown is being drawn again (then in the frame shown).
        self.drawing_again = False
        #: The room at the end of the screen shown, if it has one (`frame`): half the
        #: tallest the screen has been, so a phone's keyboard opening pulls nothing down.
        self._room: ft.Container | None = None
        self._tallest = 0.0
        #: The layout widths the screen shown was laid out for (`widths`).
        self._widths = self.widths()

    # --- the page's size ---------------------------------------------------------------------

    @property
    def width(self) -> float:
        return float(self.page.width or 390)

    @property
    def height(self) -> float:
        return float(self.page.height or 844)

    def widths(self) -> tuple[bool, ...]:
        """Which layout widths the page reaches; a screen is laid out afresh when this changes."""
        return tuple(self.width >= edge for edge in EDGES)

    def is_wide(self) -> bool:
        """Whether the page is wide (a tablet or a desktop window)."""
        return self.width >= EDGES[0]

    def content_width(self, widest: float = CONTENT_WIDTH) -> float | None:
        """The body's width: None (the whole screen) on phones, at most `widest` elsewhere."""
        return widest if self.width > widest + 40 else None

    def body_width(self, widest: float = CONTENT_WIDTH) -> float:
        """About how wide a screen's body is, inside the frame's padding."""
        return (self.content_width(widest) or self.width) - 24

    def page_resized(self, _event: ft.PageResizeEvent | None = None) -> None:
        widths = self.widths()
        if widths != self._widths:
            self._widths = widths
            self._resized()
        elif self._room is not None and self.height > self._tallest:  # turned upright
            self._room.height = self.room_at_end()
            self.page.update()

    def laid_out(self) -> None:
        """A screen is laid out afresh for the page's widths now."""
        self._widths = self.widths()

    def room_at_end(self) -> float:
        """Half the tallest this screen has been (a keyboard shortens it for a while)."""
        self._tallest = max(self._tallest, self.height)
        return self._tallest / 2

    # --- the text size -----------------------------------------------------------------------

    def text_scale_probe(self) -> ft.Control:
        """An unseen icon that grows with the device's text size; its width tells the scale.

        Screens size numbers and labels for the text scale (a number on one line, a label
        with whole words), so a change redraws the screen.
        """
        # A row of no height: the icon is as wide as it would be, and takes no room.
        return ft.Row(
            [
                ft.Container(
                    content=ft.Icon(ft.Icons.CIRCLE, size=PROBE_SIZE, apply_text_scaling=True),
                    opacity=0,
                    on_size_change=self.text_scale_measured,
                )
            ],
            height=0,
        )

    def text_scale_measured(self, event: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        self.first_frame.set()
        scale = round(max(event.width / PROBE_SIZE, 0.5), 2)
        if abs(scale - self.text_scale) < 0.05:
            return
        self.text_scale = scale
        self._changed()

    # --- the frame of a screen ---------------------------------------------------------------

    def bottom_bar_height(self) -> float:
        """How tall the screen shown's bottom bar is (0: it has none): a passing message is
        shown above it, never over the button the player taps next ("Add round", Save)."""
        frame = self._frame
        if frame is None or not frame.shape.bottom:
            return 0.0
        if frame.bottom_height is not None:
            return frame.bottom_height
        return tap_height(16, self.text_scale) + 12  # not laid out yet: a button's bar

    def title(
        self,
        title: str,
        back: bool,
        actions: list[ft.Control] | None,
        *,
        most: float = TITLE_SIZE,
        two_lines: bool = True,
    ) -> ft.Text:
        """The app bar's title: `most` (Material's size), smaller where it would be cut
        between the back button and the actions ("Modern Ameri…" at large text), on two lines
        where one would be too small and `two_lines` allows it ("Moderni amerikkalainen"
        beside four buttons). Flutter enlarges an app bar's title at most `TITLE_MOST_SCALE`
        times."""
        shown = [action for action in actions or [] if action.visible is not False]
        room = self.width - (TAP + 8 if back else 0) - 2 * 16 - TAP * len(shown)
        scale = min(self.text_scale, TITLE_MOST_SCALE)
        size = fitted(title, most, room, scale)
        least = TITLE_LEAST * most / TITLE_SIZE
        if size >= least or not two_lines or " " not in title.strip():
            return ft.Text(title, size=max(size, least), max_lines=1)
        # Two lines, each word whole, both within the bar's height.
        size = min(
            fitted_words(title, most, room, scale),
            fitted(title, most, 1.6 * room, scale),
            TOOLBAR / (2 * LINE_HEIGHT * scale),
        )
        return ft.Text(title, size=size, max_lines=2)

    def message_margin(self) -> ft.Margin:
        """Where a passing message floats: over the body's width (centred on a desktop), just
        above the bottom bar."""
        side = max(12.0, (self.width - (self.content_width() or self.width)) / 2 + 12)
        return ft.Margin.only(left=side, right=side, bottom=self.bottom_bar_height() + 8)

    def message_width(self) -> float:
        """A passing message's width, between its margins."""
        margin = self.message_margin()
        return self.width - margin.left - margin.right

    def action_apart(self, action: str) -> bool:
        """Whether a passing message's `action` goes on a line of its own under its words:
        at large text always (beside them, "Kumoa" and the close button left "Isovanhemmat"
        a third of the line at 2x), else as Flutter decides it, where the action and the
        close button would take more than a quarter of the width (at the normal size)."""
        beside = name_width(action, 14) + 8 + 24 + 16 / 12
        return self.text_scale >= LARGE_TEXT or beside / self.message_width() > 0.25

    def message_room(self, action: str | None = None) -> float:
        """The width a passing message's words have, as Flutter lays it out: its width less
        its padding and its close button, and less the `action` button beside the words; an
        action on a line of its own (`action_apart`) leaves them 60% of the width (Flutter
        keeps the rest empty beside them)."""
        wide = self.message_width()
        close = TAP + 16 / 6  # its margins either side
        if action is None:
            return wide - 16 - close
        if self.action_apart(action):
            return 0.6 * wide - 16
        button = max(64.0, name_width(action, 14, self.text_scale) + 32)
        return wide - 16 - (button + 16) - close

    def frame(
        self,
        route: str,
        title: str,
        body: list[ft.Control],
        *,
        back: str | None = None,
        actions: list[ft.Control] | None = None,
        bottom: ft.Control | None = None,
        scroll: bool = True,
        widest: float = CONTENT_WIDTH,
        subtitle: str | None = None,
        room_at_end: bool = False,
    ) -> ft.View:
        """A screen: app bar with a back button, a centred body and an optional bottom bar (in
        the frame shown when the screen is drawn again: `canasta_score.ui.frame`).

        `room_at_end` puts half a screen of room under the body, for a screen whose parts
        grow and shrink under the finger: a part near the end that gets shorter leaves the
        page as long as the scroll needs, so nothing above it is pulled down (and a field at
        the end can be scrolled above a phone's keyboard).
        """
        self._room = ft.Container(height=self.room_at_end()) if room_at_end else None
        if self._room is not None:
            body = [*body, self._room]
        leading = None
        if back is not None:
            go = self._go
            back_to = back
            leading = TapIcon(
                "back", ft.Icons.ARROW_BACK, self._words()._("Back"), lambda: go(back_to)
            )
        shape = FrameShape(self.content_width(widest), scroll, bottom is not None)
        # A screen drawn again is drawn in the frame shown: it stays scrolled where it was.
        kept = self.drawing_again and self._frame is not None and self._frame.shape == shape
        if not kept or self._frame is None:
            self._frame = ScreenFrame(shape, self.text_scale_probe())
        main = self._frame.holding(body, bottom, self.text_scale)
        # At large text a subtitle (who dealt) grows with it, in a taller bar: at 13 px it
        # stayed the smallest text on the screen.
        large = subtitle is not None and self.text_scale >= LARGE_SUBTITLE_FROM
        if subtitle is not None:
            subtitle_text = self.title(
                subtitle, leading is not None, actions, most=15 if large else 13, two_lines=False
            )
            subtitle_text.color = ft.Colors.ON_SURFACE_VARIANT
        return ft.View(
            route=route,
            appbar=ft.AppBar(
                title=self.title(title, leading is not None, actions)
                if subtitle is None
                else ft.Column(
                    [
                        # Each on one line, under the other.
                        self.title(title, leading is not None, actions, most=20, two_lines=False),
                        subtitle_text,
                    ],
                    spacing=0,
                    tight=True,
                ),
                leading=leading,
                automatically_imply_leading=False,
                actions=actions or [],
                toolbar_height=TOOLBAR + 20 if large else None,
            ),
            controls=[main],
            padding=ft.Padding.only(top=8),
        )
