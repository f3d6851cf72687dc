"""New game: sides and players in seat order, the rule set, the target and who deals first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import describe, rules_title
from canasta_score.i18n import suggested_preset
from canasta_score.ui.components import (
    TAP,
    Section,
    Tagged,
    TaggedChoice,
    TapIcon,
    Wide,
    chosen_words,
    fit_button,
    scrolling_column,
    tap_height,
)
from canasta_score.ui.components.entry import TARGET_FILTER, field_label, say_value
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.names import default_side_name, is_default_name, shown_game
from canasta_score.ui.state.new_game import NewGameForm

if TYPE_CHECKING:
    from canasta_score.ui.host import Host
    from canasta_score.ui.store import StoredGame


class NewGameScreen(Screen):
    def __init__(self, app: Host, route: str, from_game: int | None = None) -> None:
        self.app = app
        self.route = route
        custom = app.table.store.custom_rules()
        # The rule set of the phone's language comes first; the others stay one tap away.
        preferred = suggested_preset(app.tr.code)
        if from_game is not None:
            game = shown_game(app.table.store.load_game(from_game).game, app.tr)
            self.form = NewGameForm(
                game.sides, game.rules, custom_rules=custom, tr=app.tr, preferred=preferred
            )
        else:
            self.form = NewGameForm(custom_rules=custom, tr=app.tr, preferred=preferred)
        self.known = [name for name in app.table.store.known_players() if not is_default_name(name)]
        self.body = ft.Column(spacing=12)
        # The sides and seats, over the rule sets: its height is watched, so that a rule set
        # that reseats the sides leaves the tile tapped under the finger (`keep_in_place`).
        self.above = ft.Column(spacing=12, on_size_change=self.above_resized)
        self.above_height: float | None = None
        self.keep_in_place = False
        self.seats_text = ft.Text(size=14)
        self.dealer = ft.Dropdown(on_select=self.dealer_chosen, expand=True)
        self.problems = ft.Text(color=ft.Colors.ERROR)
        # What the form changed by itself (sides made single players for the two-player rules),
        # said over Start: there it moves none of the rows the finger is on.
        self.said = ft.Text(size=14, color=ft.Colors.ON_SURFACE_VARIANT)
        # Shown and hidden as a whole: a semantics node must hold a visible control.
        self.said_line = ft.Semantics(
            identifier="new-game-said", live_region=True, content=self.said, visible=False
        )

    def build(self) -> ft.View:
        self.app.device.keep_awake(False)
        if self.form.tr is not self.app.tr:  # drawn again in another language
            self.form.reword(self.app.tr, suggested_preset(self.app.tr.code))
        self.render()
        self.start_button = ft.FilledButton(
            content=ft.Text(self.app.tr._("Start game"), size=18, weight=ft.FontWeight.BOLD),
            icon=ft.Icons.PLAY_ARROW,
            on_click=self.start,
            height=56,
        )
        start = Wide(Tagged("start-game", self.start_button))
        fit_button(start, self.app.layout.body_width(), self.app.layout.text_scale)
        return self.app.layout.frame(
            self.route,
            self.app.tr._("New game"),
            [self.body],
            back="/",
            # Sides made single players over the rule set tapped leave the page long enough
            # to be scrolled back by as much (`above_resized`).
            room_at_end=True,
            bottom=ft.Column(
                [
                    self.said_line,
                    self.problems,
                    start,
                ],
                spacing=4,
                tight=True,
            ),
        )

    # --- drawing ------------------------------------------------------------------------

    def render(self) -> None:
        form = self.form
        # Worded at each drawing: a language chosen meanwhile shows at once.
        self.dealer.label = self.app.tr._("Deals first")
        controls: list[ft.Control] = [
            ft.Text(self.app.tr.side("Sides", form.players()), size=20, weight=ft.FontWeight.BOLD)
        ]
        for index in range(len(form.sides)):
            controls.append(self.side_panel(index))
        if len(form.sides) < form.MAX_SIDES:
            controls.append(
                ft.OutlinedButton(
                    self.app.tr.side("Add a side", form.new_side_players()),
                    icon=ft.Icons.GROUP_ADD,
                    on_click=self.add_side,
                    height=TAP,
                )
            )
        # Names already at the table are not offered again.
        offered = [name for name in self.known if not form.is_seated(name)][:24]
        if offered:
            controls.append(
                ft.Text(self.app.tr._("Players from earlier games (tap to seat)"), size=14)
            )
            controls.append(
                ft.Row(
                    [
                        ft.Chip(
                            label=name,
                            on_click=lambda _e, n=name: self.seat_known(n),
                            # A finger's height at any text size (a chip is 32 px at 1x).
                            height=tap_height(14, self.app.layout.text_scale),
                        )
                        for name in offered
                    ],
                    wrap=True,
                    spacing=6,
                    run_spacing=6,
                )
            )
        controls.append(Section(ft.Text(self.app.tr._("Seat order, clockwise")), self.seats_text))
        self.above.controls = controls
        controls = [self.above]
        controls.append(ft.Text(self.app.tr._("Rule set"), size=20, weight=ft.FontWeight.BOLD))
        controls.append(self.presets())
        controls.append(
            ft.Row(  # as wide as the other fields
                [
                    Tagged(
                        "target",
                        ft.TextField(
                            # Its value told too: drawn anew, it was heard as empty.
                            label=field_label(self.app.tr._("Target score"), form.target_text),
                            value=form.target_text,
                            keyboard_type=ft.KeyboardType.NUMBER,
                            input_filter=TARGET_FILTER,
                            on_change=self.target_changed,
                            on_blur=lambda e: say_value(e.control, e.control.value or ""),
                            text_size=20,
                        ),
                        expand=True,
                    )
                ]
            )
        )
        self.dealer_tag = TaggedChoice("first-dealer", self.dealer, expand=True)
        controls.append(ft.Row([self.dealer_tag]))
        self.body.controls = controls
        self.show_seats()

    def side_panel(self, index: int) -> ft.Control:
        form = self.form
        side = form.sides[index]
        tr = self.app.tr
        if side.single:  # one field: the player, whose name the side takes
            # "Player 2" beside a side of two would repeat its own second player's label.
            label = tr._("Player {n}") if form.players() == 1 else tr.side("Side {n} name", 1)
            shown = "" if form.made_up(index) else side.name
            hint: str | None = default_side_name(index, tr, 1)
            if hint == label.format(n=index + 1):  # "Player 1" under "Player 1" says nothing
                hint = None
        else:
            # The made-up name ("We") is a hint, as a single player's is: a tap into the field
            # starts a name, not the end of "We" to be deleted first.
            label = tr.side("Side {n} name", len(side.players))
            shown = "" if form.made_up(index) else side.name
            hint = default_side_name(index, tr, len(side.players))
        name = ft.TextField(
            label=label.format(n=index + 1),
            value=shown,
            hint_text=hint,
            capitalization=ft.TextCapitalization.WORDS if side.single else None,
            on_change=lambda e, i=index: self.renamed(i, e.control.value),
            text_size=18,
        )
        fields: list[ft.Control] = [
            ft.Row(
                [
                    Tagged(f"side-{index}-name", name, expand=True),
                    TapIcon(
                        f"side-{index}-remove",
                        ft.Icons.CLOSE,
                        self.app.tr.side("Remove this side", len(side.players)),
                        partial(self.remove_side, index),
                        visible=len(form.sides) > 2,
                    ),
                ]
            )
        ]
        for player in range(0 if side.single else len(side.players)):
            fields.append(
                Tagged(
                    f"side-{index}-player-{player}",
                    ft.TextField(
                        label=self.app.tr._("Player {n}").format(n=player + 1),
                        value=side.players[player],
                        hint_text=self.app.tr._("name (optional)"),
                        capitalization=ft.TextCapitalization.WORDS,
                        on_change=lambda e, i=index, p=player: self.player_named(
                            i, p, e.control.value
                        ),
                    ),
                )
            )
        fields.append(
            ft.Row(
                [
                    ft.TextButton(
                        self.app.tr._("Add player"),
                        icon=ft.Icons.PERSON_ADD,
                        on_click=lambda _e, i=index: self.add_player(i),
                        disabled=len(side.players) >= form.MAX_PLAYERS,
                        height=TAP,
                    ),
                    ft.TextButton(
                        self.app.tr._("Remove player"),
                        icon=ft.Icons.PERSON_REMOVE,
                        on_click=lambda _e, i=index: self.remove_player(i),
                        disabled=len(side.players) <= 1,
                        height=TAP,
                    ),
                ],
                wrap=True,
                spacing=0,
            )
        )
        return Section(*fields)

    def presets(self) -> ft.Control:
        form = self.form
        suggested = form.suggested_rules()
        tiles: list[ft.Control] = []
        choices = form.choices()
        first = [form.preferred] if form.preferred in choices else []
        for rules_id in [*first, *(key for key in choices if key not in first)]:
            rules = choices[rules_id]
            title = rules_title(rules, self.app.tr._)
            if rules_id == suggested:
                title = self.app.tr._("{name} (suggested)").format(
                    name=rules_title(rules, self.app.tr._)
                )
            description = describe(rules, self.app.tr._, self.app.tr.number)
            source = self.app.tr._("Source: {source}").format(source=self.app.tr._(rules.source))
            tiles.append(
                Tagged(
                    f"preset-{rules_id}",
                    ft.Container(
                        content=ft.Row(
                            [
                                ft.Radio(value=rules_id),
                                # Read once, as the choice's name (below), not again.
                                ft.Semantics(
                                    content=ft.Column(
                                        [
                                            ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
                                            ft.Text(description, size=14),
                                            ft.Text(
                                                source,
                                                size=12,
                                                color=ft.Colors.ON_SURFACE_VARIANT,
                                            ),
                                        ],
                                        spacing=1,
                                        tight=True,
                                    ),
                                    exclude_semantics=True,
                                    expand=True,
                                ),
                            ],
                            vertical_alignment=ft.CrossAxisAlignment.START,
                        ),
                        padding=ft.Padding.only(right=8, top=4, bottom=4),
                        border_radius=12,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER
                        if rules_id == form.rules_id
                        else None,
                        on_click=lambda _e, r=rules_id: self.rules_chosen(r),
                    ),
                    f"{title}. {description} {source}",
                )
            )
        return Tagged(
            "preset",
            ft.RadioGroup(
                value=form.rules_id,
                on_change=lambda e: self.rules_chosen(e.control.value),
                content=ft.Column(tiles, spacing=4),
            ),
            self.app.tr._("Rule set"),
        )

    def show_seats(self) -> None:
        seats = self.form.seats()
        self.seats_text.value = "  >  ".join(seats)
        self.dealer.options = [
            ft.DropdownOption(key=str(seat), text=name) for seat, name in enumerate(seats)
        ]
        self.dealer.value = str(self.form.first_dealer)
        self.dealer_tag.label = chosen_words(self.dealer)
        self.problems.value = "\n".join(self.form.problems())
        self.said.value = self.form.said or ""
        self.said_line.visible = self.form.said is not None

    # --- verbs --------------------------------------------------------------------------

    def redraw(self, *, keep_in_place: bool = False) -> None:
        """The form drawn again; `keep_in_place`: the sides' new height is scrolled away."""
        self.keep_in_place = keep_in_place
        self.render()
        self.app.update()

    def add_side(self) -> None:
        self.form.add_side()
        self.redraw()

    def remove_side(self, index: int) -> None:
        self.form.remove_side(index)
        self.redraw()

    def add_player(self, index: int) -> None:
        self.form.add_player(index)
        self.redraw()

    def remove_player(self, index: int) -> None:
        self.form.remove_player(index)
        self.redraw()

    def renamed(self, index: int, name: str) -> None:
        self.form.rename_side(index, name)
        self.show_seats()

    def player_named(self, index: int, player: int, name: str) -> None:
        self.form.name_player(index, player, name)
        self.show_seats()

    def seat_known(self, name: str) -> None:
        if self.form.offer_player(name) is not None:
            self.redraw()

    def rules_chosen(self, rules_id: str | None) -> None:
        if rules_id:
            players = self.form.players()
            self.form.choose_rules(rules_id)
            # Sides made single players get shorter over the finger on the rule set.
            self.redraw(keep_in_place=self.form.players() != players)

    def above_resized(self, event: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        """The sides got shorter or taller. Where a tap on a rule set did it, the page scrolls
        by as much, so the tile tapped (and the target and dealer under it) stays where the
        finger is; a change the finger made up there moves nothing over it anyway."""
        before, self.above_height = self.above_height, event.height
        if not self.keep_in_place or before is None or event.height == before:
            return
        self.keep_in_place = False
        scrolled = scrolling_column(self.above)
        if scrolled is not None:
            self.app.run_task(scrolled.scroll_to, delta=event.height - before)

    def target_changed(self, event: ft.Event[ft.TextField]) -> None:
        self.form.set_target(event.control.value)
        self.show_seats()

    def dealer_chosen(self, event: ft.Event[ft.Dropdown]) -> None:
        if event.control.value is not None:
            self.form.choose_first_dealer(int(event.control.value))

    def start(self) -> None:
        problems = self.form.problems()
        if problems:
            self.problems.value = "\n".join(problems)
            return
        store, game = self.app.table.store, self.form.game()

        def started(stored: StoredGame) -> None:
            self.app.nav.go(f"/game/{stored.id}")

        # Start is off meanwhile: a second tap does not start the game twice.
        self.start_button.disabled = True
        self.app.actions.attempt(
            lambda: store.create_game(game), started, always=self.start_enabled_again
        )

    def start_enabled_again(self) -> None:
        self.start_button.disabled = False
