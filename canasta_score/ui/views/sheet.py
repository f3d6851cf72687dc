"""The score sheet, laid out like a paper Canasta pad: a column per side, a row per round."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import UTC
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import Game, RoundRefused, rules_title
from canasta_score.i18n.sides import side_size
from canasta_score.runtime import IN_BROWSER
from canasta_score.score_sheet import score_sheet_csv
from canasta_score.ui.components import (
    LETTER_ADVANCE,
    TAP,
    FitNumber,
    Tagged,
    TapIcon,
    Wide,
    fit_button,
    fits_app_bar,
    fitted_words,
    headings_shown,
    name_lines,
    numbers_held,
    text_width,
)
from canasta_score.ui.components.totals_card import TotalsCard
from canasta_score.ui.components.winner_card import WinnerCard
from canasta_score.ui.news import GAME_CHANGED_ELSEWHERE, game_topic
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.share import share_text
from canasta_score.ui.state.sheet import (
    player_name,
    sheet_rows,
)
from canasta_score.ui.state.typed_round import Phase, TypedRound, TypedRounds
from canasta_score.ui.store import StaleGame, StoredGame
from canasta_score.ui.views.game_screen import GameScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host


class SheetScreen(GameScreen, Screen):
    def __init__(self, app: Host, route: str, game_id: int) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        # Read here (off the event loop on a server); `build` reads no storage.
        self.stored: StoredGame = app.table.store.load_game(game_id)
        self.draft_kept = self.half_entered()
        self._after_menu: Callable[[], None] | None = None
        #: The invite and the rules are in the game's menu, not the app bar (`build`).
        self.in_menu = False

    @property
    def game(self) -> Game:
        """The game, its made-up side names in this phone's language (`shown_game`)."""
        return shown_game(self.stored.game, self.app.tr)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        game = self.game
        app.device.keep_awake(not game.finished)
        app.table.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        #: A round saved here whose save is still on its way (the player went back at once).
        typed = app.nav.kept(TypedRounds).on_its_way(self.game_id)
        if typed is not None:
            typed.watcher = partial(self.typed_moved, typed)
        body: list[ft.Control] = []
        if game.finished:
            body.append(
                WinnerCard(
                    game,
                    tr,
                    width=app.layout.body_width(),
                    scale=app.layout.text_scale,
                    again=lambda: app.nav.go(f"/new/from/{self.game_id}"),
                    home=lambda: app.nav.go("/"),
                )
            )
        layout = self.app.layout
        card = TotalsCard(
            self.game, self.app.tr, width=layout.body_width(), scale=layout.text_scale
        )
        body.append(card.build())
        body.append(self.dealer_line())
        body.append(self.rounds_table())
        bottom: ft.Control | None = None
        if not game.finished:
            bottom = Wide(
                Tagged(
                    "add-round",
                    ft.FilledButton(
                        content=ft.Text(
                            self.next_round_label(typed),
                            size=20,
                            weight=ft.FontWeight.BOLD,
                        ),
                        # A round on its way: where it stands, and a tap opens it.
                        icon=ft.Icons.SYNC if typed is not None else ft.Icons.ADD,
                        on_click=lambda: app.nav.go(f"/game/{self.game_id}/round"),
                        height=60,
                    ),
                )
            )
            fit_button(bottom, app.layout.body_width(), app.layout.text_scale)
        title = rules_title(game.rules, self.app.tr._)
        chart = TapIcon(
            "open-chart",
            ft.Icons.SHOW_CHART,
            tr._("Chart"),
            lambda: app.nav.go(f"/game/{self.game_id}/chart"),
        )
        menu = TapIcon("game-menu", ft.Icons.MORE_VERT, tr._("Share and export"), self.open_menu)
        #: The invite and the rules wait in the menu where the rule set's name would be cut.
        self.in_menu = not fits_app_bar(
            title, app.layout.body_width() + 24, 4, app.layout.text_scale
        )
        actions: list[ft.Control]
        if self.in_menu:
            actions = [chart, menu]
        else:
            actions = [
                chart,
                TapIcon("invite", ft.Icons.QR_CODE_2, tr._("Invite phones"), self.invite),
                TapIcon("open-rules", ft.Icons.MENU_BOOK, tr._("Rules of this game"), self.rules),
                menu,
            ]
            if IN_BROWSER:  # a phone alone: no server for the other phones to reach
                del actions[1]
        return app.layout.frame(self.route, title, body, back="/", bottom=bottom, actions=actions)

    def invite(self) -> None:
        self.app.nav.go(f"/game/{self.game_id}/invite")

    def rules(self) -> None:
        self.app.nav.go(f"/rules/game/{self.game_id}")

    def from_menu(self, go: Callable[[], None]) -> Callable[[], None]:
        """`go`, once the menu it was tapped in has closed."""

        def tapped() -> None:
            self.close_menu()
            go()

        return tapped

    def next_round_label(self, typed: TypedRound | None) -> str:
        """What the round button says: the next round, or the one whose save is on its way."""
        tr = self.app.tr
        if typed is not None:
            number = tr.number(typed.draft.round_number)
            if typed.waiting:
                return tr._("Round {n} waits for the database").format(n=number)
            return tr._("Saving round {n}…").format(n=number)
        label = tr._("Continue round {n}") if self.draft_kept else tr._("Add round {n}")
        return label.format(n=len(self.game.rounds) + 1)

    def typed_moved(self, typed: TypedRound) -> None:
        """The save of a round typed here moved on: the sheet shows where it is, and the
        round once it is saved."""
        if self.app.nav.current is not self:
            return
        if typed.phase == Phase.SAVED:
            self.say_saved(typed)
            self.changed_on_another_phone()  # read again: the round is in the game now
        else:
            self.app.nav.redraw(self)

    def changed_on_another_phone(self) -> None:
        """The game changed (on another phone, or a save of this one landed): read again
        off the event loop, with this phone's draft, then drawn."""
        store = self.app.table.store

        def read() -> tuple[StoredGame, bool]:
            return store.load_game(self.game_id), self.half_entered()

        self.app.actions.attempt(read, self.read_again)

    def read_again(self, read: tuple[StoredGame, bool]) -> None:
        self.stored, self.draft_kept = read
        self.app.nav.redraw(self)

    def half_entered(self) -> bool:
        """Whether the next round was typed in part and kept (the app was closed meanwhile)."""
        draft = self.app.table.store.load_draft(self.game_id, self.app.table.phone)
        return draft is not None and draft.get("round") is None

    # --- parts --------------------------------------------------------------------------

    def dealer_line(self) -> ft.Control:
        game = self.game
        parts = []
        if game.rounds:
            parts.append(
                self.app.tr._("{name} dealt round {n}.").format(
                    name=player_name(game, game.dealer_of(len(game.rounds))), n=len(game.rounds)
                )
            )
        if not game.finished:
            parts.append(
                self.app.tr._("{name} deals round {n}.").format(
                    name=player_name(game, game.next_dealer), n=len(game.rounds) + 1
                )
            )
        return Tagged(
            "dealer",
            ft.Row(
                [
                    ft.Icon(ft.Icons.STYLE, size=20),
                    ft.Text(numbers_held("  ".join(parts)), size=15, expand=True),
                ]
            ),
        )

    def rounds_table(self) -> ft.Control:
        game = self.game
        editable = not game.finished
        scale = self.app.layout.text_scale
        sides = len(game.sides)
        round_label = self.app.tr._("Round")
        # The headings at one size: each side's name whole over its column (at large text
        # smaller, down to 14 px on the screen, or on two lines of whole words: "Mor og Far"
        # over one of three columns), and "Round" at that size. The round's number takes a
        # tap's width, or its heading's where that is wider ("Kierros"); the edit button a
        # tap's width. The sides' columns share the rest.
        first: float = TAP
        for _wider_first in range(2):
            cell_width = (self.app.layout.body_width() - first - TAP - 4 * (sides + 1)) / sides
            heading_size, heading_lines = headings_shown(game.side_names, cell_width, scale, 12)
            first = max(TAP, text_width(round_label, heading_size, scale, LETTER_ADVANCE) + 6)
        rows_of_sheet = sheet_rows(game)
        # Every round's numbers at one size, the size at which the widest fits.
        numbers = [
            text
            for row in rows_of_sheet
            for text in [
                *(signed(score, self.app.tr) for score in row.scores),
                *(format_points(total, self.app.tr) for total in row.totals),
            ]
        ]
        head = ft.Row(
            [
                ft.Text(
                    round_label,
                    # Measured by the wider letters' estimate: a capital and "u" run wide.
                    size=min(heading_size, fitted_words(round_label, 12, first, scale)),
                    width=first,
                    text_align=ft.TextAlign.CENTER,
                ),
                *[
                    ft.Container(
                        content=ft.Text(
                            name,
                            size=heading_size,
                            max_lines=name_lines(name, heading_lines),
                            overflow=ft.TextOverflow.ELLIPSIS,
                            text_align=ft.TextAlign.CENTER,
                        ),
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                    )
                    for name in game.side_names
                ],
                ft.Container(width=TAP),
            ],
            spacing=4,
        )
        rows: list[ft.Control] = [head, ft.Divider(height=1)]
        if not game.rounds and self.app.nav.kept(TypedRounds).on_its_way(self.game_id) is None:
            rows.append(
                ft.Text(
                    # The button named as it reads on the screen, in the phone's language.
                    self.app.tr._("No rounds yet. After the first hand, tap {button}.").format(
                        button=(
                            self.app.tr._("Continue round {n}")
                            if self.draft_kept
                            else self.app.tr._("Add round {n}")
                        ).format(n=1)
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        for row in rows_of_sheet:
            cells: list[ft.Control] = [
                # The round's number is in the row's name ("Round 1 in detail"): not read twice.
                ft.Semantics(
                    exclude_semantics=True,
                    content=ft.Container(
                        content=ft.Container(
                            content=ft.Text(
                                str(row.number),
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY,
                            ),
                            width=TAP,
                            height=TAP,
                            alignment=ft.Alignment.CENTER,
                            border_radius=TAP // 2,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                        ),
                        width=first,
                        alignment=ft.Alignment.CENTER,
                    ),
                )
            ]
            for side, (score, total) in enumerate(zip(row.scores, row.totals, strict=True)):
                # Heard as the side's name, then its score and total ("They, -185, -185").
                cells.append(
                    ft.Semantics(
                        label=game.side_names[side],
                        expand=True,
                        content=ft.Column(
                            [
                                Tagged(
                                    f"round-{row.number}-side-{side}-score",
                                    FitNumber(
                                        signed(score, self.app.tr),
                                        size=14,
                                        width=cell_width,
                                        scale=scale,
                                        row=numbers,
                                        weight=None,
                                        color=ft.Colors.ERROR
                                        if score < 0
                                        else ft.Colors.ON_SURFACE_VARIANT,
                                    ),
                                ),
                                Tagged(
                                    f"round-{row.number}-side-{side}-total",
                                    FitNumber(
                                        format_points(total, self.app.tr),
                                        size=20,
                                        width=cell_width,
                                        scale=scale,
                                        row=numbers,
                                    ),
                                ),
                            ],
                            spacing=0,
                            expand=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                    )
                )
            cells.append(
                TapIcon(
                    f"round-{row.number}-edit",
                    ft.Icons.EDIT,
                    self.app.tr._("Edit round {n}").format(n=row.number),
                    partial(self.app.nav.go, f"/game/{self.game_id}/round/{row.number}/edit"),
                )
                if editable
                else ft.Container(width=TAP)
            )
            # The whole row opens the round in detail, as tapping a line of the pad would.
            rows.append(
                Tagged(
                    f"round-{row.number}",
                    ft.Container(
                        content=ft.Row(
                            cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER
                        ),
                        on_click=lambda _e, n=row.number: self.app.nav.go(
                            f"/game/{self.game_id}/round/{n}"
                        ),
                        ink=True,
                        border_radius=8,
                    ),
                    self.app.tr._("Round {n} in detail").format(n=row.number),
                )
            )
            rows.append(ft.Divider(height=1))
        if game.rounds:
            rows.append(
                ft.Row(
                    [
                        Tagged(
                            "undo-round",
                            ft.TextButton(
                                self.app.tr._("Take back round {n}").format(n=len(game.rounds)),
                                icon=ft.Icons.UNDO,
                                on_click=self.undo,
                                height=TAP,
                            ),
                        )
                    ],
                    alignment=ft.MainAxisAlignment.END,
                )
            )
        return ft.Column(rows, spacing=4)

    # --- the game's menu: share and export ------------------------------------------------

    def file_stem(self) -> str:
        return f"canasta-game-{self.game_id}-{self.stored.created_at:%Y-%m-%d}"

    def result_text(self) -> str:
        day = self.stored.updated_at.astimezone(UTC).date()
        return share_text(self.game, self.app.tr, day)

    def menu_items(self) -> list[ft.Control]:
        """What the game's menu offers: the result for a chat (finished games), the score
        sheet as CSV and the game as a game file."""
        tr = self.app.tr
        items: list[ft.Control] = []
        if self.in_menu:
            for identifier, icon, label, go in (
                ("invite", ft.Icons.QR_CODE_2, tr._("Invite phones"), self.invite),
                ("open-rules", ft.Icons.MENU_BOOK, tr._("Rules of this game"), self.rules),
            )[1 if IN_BROWSER else 0 :]:
                items.append(
                    Tagged(
                        identifier,
                        ft.ListTile(
                            leading=ft.Icon(icon),
                            title=ft.Text(label),
                            on_click=self.from_menu(go),
                        ),
                    )
                )
        if self.game.finished:
            copy = ft.ListTile(
                leading=ft.Icon(ft.Icons.COPY),
                title=ft.Text(tr._("Copy the result")),
                subtitle=ft.Text(
                    tr.side(
                        "A few lines for a chat: sides, totals, the winner",
                        side_size(self.game.sides),
                    )
                ),
                on_click=self.result_copied,
            )
            # Copied by the browser inside the tap itself, which is when it lets a page do so.
            with contextlib.suppress(RuntimeError):  # no running page (a test's stand-in)
                copy.action = ft.CopyToClipboard(self.result_text())
            items.append(Tagged("menu-copy-result", copy))
        items.append(
            Tagged(
                "menu-csv",
                ft.ListTile(
                    leading=ft.Icon(ft.Icons.TABLE_CHART),
                    title=ft.Text(tr._("Score sheet as CSV")),
                    subtitle=ft.Text(tr._("Round by round, for a spreadsheet")),
                    on_click=self.save_csv,
                ),
            )
        )
        items.append(
            Tagged(
                "menu-export-game",
                ft.ListTile(
                    leading=ft.Icon(ft.Icons.SAVE_ALT),
                    title=ft.Text(tr._("Export this game")),
                    subtitle=ft.Text(tr._("A game file another phone can import")),
                    on_click=self.save_game_file,
                ),
            )
        )
        return items

    def open_menu(self) -> None:
        self.app.messages.show_dialog(
            ft.BottomSheet(
                # At large text on a small phone the menu is taller than half the screen: the
                # sheet may grow to the whole height, and scrolls past it.
                content=ft.Container(
                    content=ft.Column(
                        self.menu_items(), tight=True, spacing=0, scroll=ft.ScrollMode.AUTO
                    ),
                    padding=ft.Padding.symmetric(vertical=12),
                ),
                scrollable=True,
                show_drag_handle=True,
                on_dismiss=self.menu_dismissed,
            )
        )

    def menu_dismissed(self) -> None:
        # A message shown while the menu closes would bring the menu back: it waits till now.
        after, self._after_menu = self._after_menu, None
        if after is not None:
            after()

    def close_menu(self) -> None:
        with contextlib.suppress(Exception):  # already closed
            self.app.messages.close_dialog()

    def result_copied(self) -> None:
        copied = self.app.tr._("Result copied: paste it into a chat")
        self._after_menu = lambda: self.app.messages.say(copied)
        self.close_menu()

    def save_csv(self) -> None:
        self.close_menu()
        data = score_sheet_csv(self.game, self.app.tr).encode("utf-8")
        self.app.device.save_file(f"{self.file_stem()}.csv", data)

    def save_game_file(self) -> None:
        self.close_menu()
        store, name = self.app.table.store, f"{self.file_stem()}.json"
        self.app.actions.attempt(
            lambda: store.game_file_bytes(self.game_id),
            lambda data: self.app.device.save_file(name, data),
        )

    # --- verbs --------------------------------------------------------------------------

    def undo(self) -> None:
        game = self.game
        number = len(game.rounds)
        # The round asked about: if another phone changes the game meanwhile, this is refused.
        version = self.stored.version
        scores = ", ".join(
            f"{name} {signed(score.total, self.app.tr)}"
            for name, score in zip(game.side_names, game.scores[-1], strict=True)
        )

        # The sheet read again first: each message is placed for the sheet as drawn anew.
        def refused(refusal: RoundRefused) -> None:
            self.app.messages.say_with_screen(
                None,
                "; ".join(
                    self.app.tr.problem(p, where=False, players=side_size(self.game.sides))
                    for p in refusal.problems
                ),
            )

        def stale(_: StaleGame) -> None:
            self.app.messages.say_with_screen(None, self.app.tr._(GAME_CHANGED_ELSEWHERE))

        def taken_back(_: StoredGame) -> None:
            self.app.messages.say_with_screen(
                None, self.app.tr._("Round {n} taken back").format(n=number)
            )

        def undo_now() -> None:
            store = self.app.table.store
            self.app.actions.attempt(
                lambda: store.undo_last_round(self.game_id, version),
                taken_back,
                refused={RoundRefused: refused, StaleGame: stale},
            )

        self.app.messages.confirm(
            self.app.tr._("Take back round {n}?").format(n=number),
            self.app.tr._("Round {n} ({scores}) will be removed and the totals recounted.").format(
                n=number, scores=scores
            ),
            self.app.tr._("Take back round"),  # as the sheet's link and the question say
            undo_now,
        )
