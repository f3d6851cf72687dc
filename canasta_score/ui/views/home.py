"""Home: resume the game in one tap, start a new one, and the games played before."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.i18n import Translator
from canasta_score.runtime import IN_BROWSER
from canasta_score.ui.components import (
    Tagged,
    TapIcon,
    Wide,
    fit_button,
    fits_app_bar,
    name_fitted_words,
    name_width,
    names_held,
    players_said,
    tap_size,
)
from canasta_score.ui.components.basics import APP_BAR_LEADING
from canasta_score.ui.components.history import HistoryList, first_page
from canasta_score.ui.news import GAMES_TOPIC
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.names import shown_names
from canasta_score.ui.state.points import format_points
from canasta_score.ui.store import GameListEntry, GameNotFound, HistoryPage

if TYPE_CHECKING:
    from canasta_score.ui.host import Host


#: Between sides on a line: the dot keeps to the side before it and a line breaks after it,
#: never a dot alone on a line ("Børnene 150 /  · / Naboerne 200" at large text).
APART = "\u00a0\u00a0·  "


def summary_line(
    summary: GameListEntry,
    tr: Translator,
    width: float | None = None,
    scale: float = 1.0,
    size: float = 17,
) -> str:
    """`We 1,450 · They -185` for a game in the history, numbers in the reader's form. A line
    breaks between sides, not inside one, nor inside a side's name where it fits `width` at
    `size` ("Mor og / Far 300" at large text).

    >>> from types import SimpleNamespace as Game
    >>> from canasta_score.i18n import translator
    >>> game = Game(side_names=["Mor og Far", "They"], players=[[], []], totals=[1450, -185])
    >>> summary_line(game, translator("en"))
    'Mor og Far\xa01,450\xa0\xa0·  They\xa0-185'
    >>> summary_line(game, translator("en"), 300, 2.0, 14)
    'Mor\xa0og\xa0Far\xa01,450\xa0\xa0·  They\xa0-185'
    """
    names, _players = shown_names(summary.side_names, summary.players, tr)
    sides = [
        [f"{name}\u00a0{format_points(total, tr)}"]  # its last word held to its total
        for name, total in zip(names, summary.totals, strict=False)
    ]
    if width is None:
        return APART.join(side for (side,) in sides)
    return sides_apart(sides, size, width, scale)


def summary_said(
    summary: GameListEntry, tr: Translator, width: float, scale: float, size: float = 14
) -> str:
    """`summary_line` for a passing message, drawn at the message's size rather than one
    that fits the line: a side's total is held to its name only where both fit `width` at
    `size`.

    >>> from types import SimpleNamespace as Game
    >>> from canasta_score.i18n import translator
    >>> game = Game(side_names=["Nachbarskinder", "Wir"], players=[[], []], totals=[-185, 90])
    >>> summary_said(game, translator("de"), 256, 2.0)
    'Nachbarskinder -185\xa0\xa0·  Wir\xa090'
    """
    names, _players = shown_names(summary.side_names, summary.players, tr)
    sides = []
    for index, (name, total) in enumerate(zip(names, summary.totals, strict=False)):
        shown = format_points(total, tr)
        # What a line cannot break: the name's last word, the total, the dot after them.
        dot = APART.rstrip() if index < len(names) - 1 else ""
        held = f"{name.rsplit(' ', 1)[-1]}\u00a0{shown}{dot}"
        apart = "\u00a0" if name_width(held, size, scale) <= width else " "
        sides.append(f"{name}{apart}{shown}")
    return APART.join(sides)


def sides_apart(
    sides: Sequence[Sequence[str]],
    size: float,
    width: float,
    scale: float,
    joins: Sequence[str] = (", ",),
) -> str:
    """The sides' names (`names_held`), each held whole where it fits `width` at `size` with
    the dot after it, the sides `APART`."""
    dot = name_width(APART.rstrip(), size, scale)  # held to the side before it
    *before, last = sides
    return APART.join(
        [
            *(names_held(names, size, width - dot, scale, joins) for names in before),
            names_held(last, size, width, scale, joins),
        ]
    )


def shown_summary(summary: GameListEntry, tr: Translator) -> GameListEntry:
    """The game list's line with its made-up side names in this phone's language."""
    names, players = shown_names(summary.side_names, summary.players, tr)
    return dataclasses.replace(summary, side_names=names, players=players)


def players_line(
    summary: GameListEntry, width: float | None = None, scale: float = 1.0, size: float = 14
) -> str:
    """Who played, side by side: `Anna, Ben  ·  Cleo, Dan`, so that games of sides with the
    same names (We and They) tell apart; empty where each side is one player of its name.
    A line breaks between sides, not inside one, unless a side is wider than `width` (at `size`
    px, large text): then between its players, never inside a name.

    >>> from types import SimpleNamespace as Game
    >>> players_line(Game(side_names=["We", "They"], players=[["Anna", "Ben"], ["Cleo"]]))
    'Anna,\xa0Ben\xa0\xa0·  Cleo'
    >>> players_line(Game(side_names=["Anna", "Ben"], players=[["Anna"], ["Ben"]]))
    ''
    >>> long = Game(side_names=["We", "They"], players=[["Maximilian", "Johanna-Katariina"], ["Cleo"]])
    >>> players_line(long, 264, 2.0)  # each player's name whole, not the side
    'Maximilian, Johanna\u2011Katariina\xa0\xa0·  Cleo'
    """
    sides = zip(summary.side_names, summary.players, strict=False)
    if all(list(players) == [name] for name, players in sides):
        return ""
    if width is None:
        return APART.join(players_said(players, ",\u00a0") for players in summary.players)
    return sides_apart(summary.players, size, width, scale, joins=(",\u00a0", ", "))


def when(summary: GameListEntry, tr: Translator) -> str:
    """When the game was started: the day the history's "Started" filter goes by."""
    moment = summary.created_at
    return f"{tr.date(moment)} {moment:%H:%M}" if moment else ""


class HomeScreen(Screen):
    def __init__(self, app: Host, route: str) -> None:
        self.app = app
        self.route = route
        # Read here (off the event loop on a server); `build` reads no storage.
        self.unfinished, self.first_page = self.read()

    def read(self) -> tuple[GameListEntry | None, HistoryPage]:
        """The game in play, and the history's first page."""
        return self.app.table.store.unfinished_game(), first_page(self.app)

    def read_again(self) -> None:
        """A game started, changed or deleted on another phone: read (off the loop), drawn."""

        def shown(read: tuple[GameListEntry | None, HistoryPage]) -> None:
            self.unfinished, self.first_page = read
            self.app.nav.redraw(self)

        self.app.actions.attempt(self.read, shown)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        app.device.keep_awake(False)
        # A game started, changed or deleted on another phone shows here at once.
        app.table.news.follow([GAMES_TOPIC], self.read_again)
        unfinished = self.unfinished
        body: list[ft.Control] = []
        if unfinished is not None:
            body.append(Wide(Tagged("resume", self.resume_button(unfinished))))
        body.append(
            Wide(
                Tagged(
                    "new-game",
                    (ft.OutlinedButton if unfinished is not None else ft.FilledButton)(
                        content=ft.Text(tr._("New game"), size=18, weight=ft.FontWeight.BOLD),
                        icon=ft.Icons.ADD,
                        on_click=lambda: app.nav.go("/new"),
                        height=60,
                    ),
                )
            )
        )
        fit_button(body[-1], app.layout.body_width(), app.layout.text_scale)
        # The whole history, a page at a time, with its search and filters.
        self.history = HistoryList(app, self.game_tile)
        body += self.history.controls(
            ft.Text(tr._("Games"), size=20, weight=ft.FontWeight.BOLD), self.first_page
        )
        title = tr._("Canasta Score")
        places = [
            ("open-statistics", ft.Icons.LEADERBOARD, tr._("Statistics"), "/stats"),
            ("invite", ft.Icons.QR_CODE_2, tr._("Invite phones"), "/invite"),
            ("open-rules", ft.Icons.MENU_BOOK, tr._("Rules"), "/rules"),
            ("open-settings", ft.Icons.SETTINGS, tr._("Settings"), "/settings"),
        ]
        if IN_BROWSER:  # a phone alone: no server for the other phones to reach
            places = [place for place in places if place[0] != "invite"]
        # No back button on home: its room is the title's too.
        actions: list[ft.Control]
        if fits_app_bar(
            title,
            app.layout.body_width() + 24 + APP_BAR_LEADING,
            len(places),
            app.layout.text_scale,
        ):
            actions = [
                TapIcon(identifier, icon, label, partial(app.nav.go, route))
                for identifier, icon, label, route in places
            ]
        else:  # large text: four icons would cut the title ("Canasta …"); one menu holds them
            actions = [
                TapIcon(
                    "home-menu", ft.Icons.MORE_VERT, tr._("Menu"), partial(self.open_menu, places)
                )
            ]
        return app.layout.frame(self.route, title, body, actions=actions)

    def open_menu(self, places: list[tuple[str, ft.IconData, str, str]]) -> None:
        """The app's places in a sheet from the bottom, where large text leaves no room for
        their icons beside the title."""

        def go(route: str) -> None:
            with contextlib.suppress(Exception):  # already closed
                self.app.messages.close_dialog()
            self.app.nav.go(route)

        items: list[ft.Control] = [
            Tagged(
                identifier,
                ft.ListTile(
                    leading=ft.Icon(icon),
                    title=ft.Text(label),
                    on_click=partial(go, route),
                ),
            )
            for identifier, icon, label, route in places
        ]
        self.app.messages.show_dialog(
            ft.BottomSheet(
                content=ft.Container(
                    content=ft.Column(items, tight=True, spacing=0, scroll=ft.ScrollMode.AUTO),
                    padding=ft.Padding.symmetric(vertical=12),
                ),
                scrollable=True,
                show_drag_handle=True,
            )
        )

    def leave(self) -> None:
        self.app.table.news.stop()

    def game_tile(self, summary: GameListEntry) -> ft.Control:
        app, tr = self.app, self.app.tr
        summary = shown_summary(summary, tr)
        if summary.finished and summary.winner is not None:
            status = tr._("{side} won").format(side=summary.side_names[summary.winner])
            status_color = ft.Colors.PRIMARY
        else:
            status = tr.ngettext(
                "In play, {n} round", "In play, {n} rounds", summary.rounds
            ).format(n=tr.number(summary.rounds))
            status_color = ft.Colors.ON_SURFACE_VARIANT
        scale = app.layout.text_scale
        # The words' room beside the delete button and the space before it: a long word is
        # smaller rather than broken (large text: "Hildegar" over "d").
        padding, spacing = ft.Padding.only(left=12, top=8, bottom=8, right=4), 10
        room = app.layout.body_width() - padding.left - padding.right - spacing - tap_size(scale)
        # Its size the one at which each word fits; a side's name held whole where it fits at it.
        title_size = name_fitted_words(summary_line(summary, tr), 17, room, scale)
        line = summary_line(summary, tr, room, scale, title_size)
        # The players under it at 14 of its 17, never larger than it ("Isovanhemmat 300 ·"
        # at 2x made the title smaller than "Marja Liisa, Pekka").
        most = min(14, title_size * 14 / 17)
        players = players_line(summary, room, scale, most)
        players_size = name_fitted_words(players, most, room, scale)

        def opened() -> None:
            app.nav.go(f"/game/{summary.id}")

        # A tap on the tile opens the game, heard as a button named by its lines; the delete
        # button beside it, not inside it (a button in a button is not one a reader reaches).
        opens = ft.Semantics(
            button=True,
            container=True,  # a node of its own, never merged into the tile's
            expand=True,
            content=ft.Container(
                content=ft.Column(
                    [
                        ft.Text(line, size=title_size, weight=ft.FontWeight.BOLD),
                        *([ft.Text(players, size=players_size)] if players else []),
                        ft.Text(
                            summary.rules_title(tr._) + APART + when(summary, tr),
                            size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                        ft.Text(status, size=14, color=status_color),
                    ],
                    spacing=2,
                    tight=True,
                ),
                padding=ft.Padding.only(
                    left=padding.left, top=padding.top, bottom=padding.bottom, right=spacing
                ),
                border_radius=ft.BorderRadius.only(top_left=12, bottom_left=12),
                on_click=opened,
                ink=True,
            ),
        )
        # The rest of the tile, above and below the delete button, opens the game too (the
        # button, deeper, takes its own taps); heard once, as the button above.
        tile = ft.GestureDetector(
            on_tap=opened,
            exclude_from_semantics=True,
            mouse_cursor=ft.MouseCursor.CLICK,
            content=ft.Container(
                content=ft.Row(
                    [
                        opens,
                        TapIcon(
                            f"game-{summary.id}-delete",
                            ft.Icons.DELETE_OUTLINE,
                            tr._("Delete game"),
                            lambda: self.delete(summary),
                            scale=app.layout.text_scale,
                        ),
                    ],
                    spacing=0,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.only(right=padding.right),
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER,
            ),
        )
        return Tagged(f"game-{summary.id}", tile)

    def resume_button(self, unfinished: GameListEntry) -> ft.FilledButton:
        """The game in play, one tap away: its round and the sides' totals."""
        app, tr = self.app, self.app.tr
        scale = app.layout.text_scale
        large = scale >= 1.2
        across = 16 if large else 12  # the button's padding at each end
        sides = summary_line(unfinished, tr, app.layout.body_width() - 2 * across, scale, 14)
        return ft.FilledButton(
            content=ft.Column(
                [
                    ft.Text(tr._("Resume game"), size=20, weight=ft.FontWeight.BOLD),
                    ft.Text(
                        tr._("Round {n}: {sides}").format(
                            n=tr.number(unfinished.rounds + 1), sides=sides
                        ),
                        size=14,
                        text_align=ft.TextAlign.CENTER,
                    ),
                ],
                spacing=2,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=lambda: app.nav.go(f"/game/{unfinished.id}"),
            # As tall as its words need (large text wraps them), at least 76.
            height=None if large else 76,
            style=ft.ButtonStyle(
                padding=ft.Padding.symmetric(horizontal=across, vertical=10),
                # Grown over lines, a pill's round ends would cut the first and last letters
                # of a full line ("Jako 2: Me 120 · He -50").
                shape=ft.RoundedRectangleBorder(radius=24) if large else None,
            ),
        )

    def delete(self, summary: GameListEntry) -> None:
        app, tr = self.app, self.app.tr

        def undo() -> None:
            app.actions.attempt(
                lambda: app.table.store.restore_game(summary.id), lambda _: app.nav.show_route()
            )

        def deleted(_: None) -> None:
            app.nav.show_route()
            # Each side's name held whole only where it fits the message (at large text
            # "Nachbar / skinder -185" and "1.4 / 50" were broken inside).
            layout = app.layout
            sides = summary_said(summary, tr, layout.message_room(tr._("Undo")), layout.text_scale)
            app.messages.say(
                tr._("Game deleted: {sides}").format(sides=sides),
                tr._("Undo"),
                undo,
            )

        # Deleted on another phone first: the same result, said the same way.
        app.actions.attempt(
            lambda: app.table.store.delete_game(summary.id),
            deleted,
            refused={GameNotFound: lambda _: app.nav.show_route()},
        )
