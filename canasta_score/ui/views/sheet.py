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
    TAP,
    Tagged,
    TapIcon,
    Wide,
    fit_button,
    fits_app_bar,
    name_width,
    names_held,
    numbers_held,
)
from canasta_score.ui.components.rounds_table import RoundsTable
from canasta_score.ui.components.totals_card import TotalsCard
from canasta_score.ui.components.winner_card import WinnerCard
from canasta_score.ui.news import GAME_CHANGED_ELSEWHERE, game_topic
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.state.points import signed
from canasta_score.ui.state.share import share_text
from canasta_score.ui.state.sheet import (
    player_name,
)
from canasta_score.ui.state.typed_round import Phase, TypedRound, TypedRounds
from canasta_score.ui.store import StaleGame, StoredGame
from canasta_score.ui.views.game_screen import GameScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host


#: The dealer line's icon, before its words.
DEALER_ICON = 20


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
        """What the round button says: the next round, or the one whose save is on its way
        (its number held to its word: "Indtast / runde 2", never "Indtast runde / 2")."""
        tr = self.app.tr
        if typed is not None:
            number = tr.number(typed.draft.round_number)
            if typed.waiting:
                return numbers_held(tr._("Round {n} waits for the database").format(n=number))
            return numbers_held(tr._("Saving round {n}…").format(n=number))
        label = tr._("Continue round {n}") if self.draft_kept else tr._("Add round {n}")
        return numbers_held(label.format(n=len(self.game.rounds) + 1))

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
        game, layout = self.game, self.app.layout
        # A name held whole where it fits a line (with its full stop): one wider, held,
        # Flutter broke mid-word ("Johanna Katariina Elis / abeth." at large text).
        room = layout.body_width() - DEALER_ICON - 10 - name_width(".", 15, layout.text_scale)

        def named(player: tuple[int, int]) -> str:
            return names_held([player_name(game, player)], 15, room, layout.text_scale)

        parts = []
        if game.rounds:
            parts.append(
                self.app.tr._("{name} dealt round {n}.").format(
                    name=named(game.dealer_of(len(game.rounds))), n=len(game.rounds)
                )
            )
        if not game.finished:
            parts.append(
                self.app.tr._("{name} deals round {n}.").format(
                    name=named(game.next_dealer), n=len(game.rounds) + 1
                )
            )
        return Tagged(
            "dealer",
            ft.Row(
                [
                    ft.Icon(ft.Icons.STYLE, size=DEALER_ICON),
                    ft.Text(numbers_held("  ".join(parts)), size=15, expand=True),
                ],
                spacing=10,
            ),
        )

    def rounds_table(self) -> ft.Control:
        game, tr, nav = self.game, self.app.tr, self.app.nav
        table = RoundsTable(
            game,
            tr,
            width=self.app.layout.body_width(),
            scale=self.app.layout.text_scale,
            open_round=lambda n: nav.go(f"/game/{self.game_id}/round/{n}"),
            edit_round=None
            if game.finished
            else lambda n: nav.go(f"/game/{self.game_id}/round/{n}/edit"),
        )
        rows: list[ft.Control] = [table.head(), ft.Divider(height=1)]
        if not game.rounds and nav.kept(TypedRounds).on_its_way(self.game_id) is None:
            rows.append(
                ft.Text(
                    # The button named as it reads on the screen, in the phone's language.
                    tr._("No rounds yet. After the first hand, tap {button}.").format(
                        button=(
                            tr._("Continue round {n}") if self.draft_kept else tr._("Add round {n}")
                        ).format(n=1)
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        for row in table.rows:
            rows += [table.row(row), ft.Divider(height=1)]
        if game.rounds:
            rows.append(
                ft.Row(
                    [
                        Tagged(
                            "undo-round",
                            ft.TextButton(
                                tr._("Take back round {n}").format(n=len(game.rounds)),
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
