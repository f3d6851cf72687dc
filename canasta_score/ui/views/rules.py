"""Rules: the active rule set as a table, every preset side by side, and custom copies."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import (
    ALL_PRESETS,
    RuleSet,
    describe,
    rules_title,
    table_name,
)
from canasta_score.ui.components import TAP, Section, Tagged, TaggedChoice, TapIcon, text_width
from canasta_score.ui.components.basics import LETTER_ADVANCE
from canasta_score.ui.components.entry import field_label, say_value
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.offered import OFFERED_PRESETS
from canasta_score.ui.state.rules import (
    compare_presets,
    custom_copy,
    form_choices,
    form_fields,
    rules_table,
)

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: A custom rule's number field: two of them a row even on a 360 px phone.
NUMBER_FIELD_WIDTH = 150
#: The size of a field's label floating over its value (three quarters of the field's 16).
FLOATING_LABEL_SIZE = 12

#: Widths of the label column and of each rule set's column in the side-by-side grid.
COMPARE_LABEL_WIDTH, COMPARE_VALUE_WIDTH = 150, 120
#: The rule set's table: its labels' size, their column's usual width, and the least room
#: for a value beside them (before the text scale).
LABEL_SIZE, LABEL_WIDTH, VALUE_LEAST = 15, 170, 90


def grid_width(rule_sets: int) -> int:
    """The width of the side-by-side grid of this many rule sets: the labels' column and a
    column each.

    >>> grid_width(8)
    1190
    """
    return COMPARE_LABEL_WIDTH + (COMPARE_VALUE_WIDTH + 10) * rule_sets


def table(rows: list[tuple[str, str]], width: float, scale: float) -> ft.Control:
    """Each rule's label beside its value, the labels in a column wide enough for their
    longest word; where that leaves the values too little room (large text, a small phone),
    each label over its value."""
    longest = max(
        (
            text_width(word, LABEL_SIZE, scale, LETTER_ADVANCE)
            for label, _ in rows
            for word in label.split()
        ),
        default=0.0,
    )
    label_width = max(LABEL_WIDTH, longest + 4)
    beside = width - label_width - 10 >= VALUE_LEAST * scale
    lines: list[ft.Control] = []
    for label, value in rows:
        said = ft.Text(value, size=LABEL_SIZE, weight=ft.FontWeight.BOLD, expand=beside)
        if beside:
            lines.append(
                ft.Row(
                    [ft.Text(label, size=LABEL_SIZE, width=label_width), said],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        else:
            lines.append(ft.Column([ft.Text(label, size=LABEL_SIZE), said], spacing=0, tight=True))
    return ft.Column(lines, spacing=6)


class RulesScreen(Screen):
    def __init__(self, app: Host, route: str, game_id: int | None = None) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.active: RuleSet = ALL_PRESETS["classic"]
        if game_id is not None:
            self.active = app.table.store.load_game(game_id).game.rules
        self.custom = app.table.store.custom_rules()
        self.copy_from = "classic"
        self.fields: dict[str, ft.TextField | ft.RadioGroup] = {}
        self.custom_problems = ft.Text("", color=ft.Colors.ERROR)

    def build(self) -> ft.View:
        app = self.app
        active = self.active
        title = (
            self.app.tr._("Rules of this game")
            if self.game_id is not None
            else self.app.tr._("Rule sets")
        )
        compared = [*OFFERED_PRESETS.values(), *self.custom]
        body: list[ft.Control] = [
            Section(
                ft.Text(rules_title(active, self.app.tr._), size=22, weight=ft.FontWeight.BOLD),
                ft.Text(describe(active, self.app.tr._, self.app.tr.number), size=14),
                ft.Text(
                    self.app.tr._("Source: {source}").format(source=self.app.tr._(active.source)),
                    size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                table(
                    rules_table(active, self.app.tr),
                    self.app.layout.body_width() - 24,
                    self.app.layout.text_scale,
                ),
            ),
            ft.Text(self.app.tr._("All rule sets compared"), size=20, weight=ft.FontWeight.BOLD),
            ft.Text(
                self.app.tr._("Highlighted: where a rule set differs from Classic."),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            self.comparison(compared),
            ft.Text(self.app.tr._("Your own rule set"), size=20, weight=ft.FontWeight.BOLD),
            self.custom_form(),
        ]
        if self.custom:
            body.append(
                ft.Text(self.app.tr._("Your rule sets"), size=18, weight=ft.FontWeight.BOLD)
            )
            for rules in self.custom:
                body.append(self.custom_tile(rules))
        back = f"/game/{self.game_id}" if self.game_id is not None else "/"
        # Wide enough on a desktop to show every rule set side by side without scrolling.
        widest = max(1200, grid_width(len(compared)) + 40)  # with the body's padding
        return app.layout.frame(self.route, title, body, back=back, widest=widest)

    def comparison(self, rule_sets: list[RuleSet]) -> ft.Control:
        """A grid with a column per rule set where it fits the screen, else a rule under another."""
        if self.app.layout.width >= grid_width(len(rule_sets)) + 40:
            return self.comparison_grid(rule_sets)
        return self.comparison_stacked(rule_sets)

    def comparison_stacked(self, rule_sets: list[RuleSet]) -> ft.Control:
        """For a phone: each rule with its values, each value followed by the sets that have it.

        Rule sets sharing a value are listed together, so a rule all of them agree on takes
        one line, and a value that differs from the first set is highlighted as in the grid.
        """
        blocks: list[ft.Control] = []
        for label, values, differs in compare_presets(rule_sets, self.app.tr):
            groups: dict[str, list[str]] = {}
            highlighted: dict[str, bool] = {}
            for rules, value, diff in zip(rule_sets, values, differs, strict=True):
                groups.setdefault(value, []).append(rules_title(rules, self.app.tr._))
                highlighted[value] = diff
            lines: list[ft.Control] = [ft.Text(label, size=15, weight=ft.FontWeight.BOLD)]
            for value, names in groups.items():
                diff = highlighted[value]
                if len(groups) == 1 and len(rule_sets) > 1:
                    who = self.app.tr._("all rule sets")
                elif len(names) >= 3 and 2 * len(names) > len(rule_sets):
                    who = self.app.tr._("{first} and the rest").format(first=names[0])
                else:
                    who = ", ".join(names)
                lines.append(
                    ft.Row(
                        [
                            ft.Container(
                                content=ft.Text(
                                    value,
                                    size=15,
                                    weight=ft.FontWeight.BOLD,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER if diff else None,
                                ),
                                padding=ft.Padding.symmetric(horizontal=6, vertical=2),
                                border_radius=6,
                                bgcolor=ft.Colors.TERTIARY_CONTAINER if diff else None,
                                expand=3,
                            ),
                            ft.Text(who, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=2),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                        spacing=8,
                    )
                )
            blocks.append(ft.Column(lines, spacing=2, tight=True))
        return Tagged("presets-compared", Section(*blocks))

    def comparison_grid(self, rule_sets: list[RuleSet]) -> ft.Control:
        rows = compare_presets(rule_sets, self.app.tr)
        label_width, value_width = COMPARE_LABEL_WIDTH, COMPARE_VALUE_WIDTH
        lines: list[ft.Control] = [
            ft.Row(
                [
                    ft.Container(width=label_width),
                    *[
                        ft.Text(
                            rules_title(r, self.app.tr._),
                            width=value_width,
                            weight=ft.FontWeight.BOLD,
                            size=14,
                        )
                        for r in rule_sets
                    ],
                ]
            )
        ]
        for label, values, differs in rows:
            lines.append(
                ft.Row(
                    [
                        ft.Text(label, width=label_width, size=13),
                        *[
                            ft.Container(
                                content=ft.Text(
                                    value,
                                    size=13,
                                    weight=ft.FontWeight.BOLD if diff else None,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER if diff else None,
                                ),
                                width=value_width,
                                padding=ft.Padding.symmetric(horizontal=4, vertical=2),
                                border_radius=6,
                                bgcolor=ft.Colors.TERTIARY_CONTAINER if diff else None,
                            )
                            for value, diff in zip(values, differs, strict=True)
                        ],
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        # Scrolls sideways only if the window narrows afterwards without a rebuild.
        return Tagged(
            "presets-compared", ft.Row([ft.Column(lines, spacing=4)], scroll=ft.ScrollMode.AUTO)
        )

    def custom_form(self) -> ft.Control:
        base = OFFERED_PRESETS[self.copy_from]
        source = ft.Dropdown(
            label=self.app.tr._("Copy of"),
            value=self.copy_from,
            options=[
                ft.DropdownOption(key=r.id, text=self.app.tr._(r.name))
                for r in OFFERED_PRESETS.values()
            ],
            on_select=self.base_chosen,
            expand=True,
        )
        self.name_field = ft.TextField(
            label=self.app.tr._("Name"),
            value=self.app.tr._("{name} (custom)").format(name=self.app.tr._(base.name)),
        )
        self.fields = {}
        inputs: list[ft.Control] = [
            ft.Row([TaggedChoice("copy-of", source, expand=True)]),
            self.name_field,
        ]
        scale, full = self.app.layout.text_scale, self.app.layout.body_width() - 24
        #: The card values and the red threes by count, each group under its heading.
        grouped: dict[str, list[ft.Control]] = {"card": [], "red": []}
        for key, label, value in form_fields(base, self.app.tr):
            # Two a row where the labels are short; a long one (a special hand) as wide as
            # it needs, up to the whole row, so its words are read.
            needed = text_width(label, FLOATING_LABEL_SIZE, scale, LETTER_ADVANCE) + 32
            field = ft.TextField(
                # Its value told too: drawn anew, a field was heard as empty.
                label=field_label(label, value),
                value=value,
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
                width=min(full, max(NUMBER_FIELD_WIDTH, needed)),
                on_blur=lambda e: say_value(e.control, e.control.value or ""),
            )
            self.fields[key] = field
            grouped.get(key.partition(":")[0], inputs).append(field)
        switches = [
            self.switch(key, label, value, choices)
            for key, label, value, choices in form_choices(base, self.app.tr)
        ]
        headings = {
            "card": self.app.tr._("Card values"),
            "red": self.app.tr._("Red threes by count"),
        }
        return Section(
            *inputs[:2],  # the rule set copied and the name, each the whole width
            ft.Row(inputs[2:], wrap=True, spacing=8, run_spacing=8),
            *(
                part
                for group, fields in grouped.items()
                for part in (
                    ft.Text(headings[group], size=14),
                    ft.Row(fields, wrap=True, spacing=8, run_spacing=8),
                )
            ),
            *switches,  # each the whole width: its choices are read whole
            self.custom_problems,
            ft.FilledButton(
                self.app.tr._("Save rule set"),
                icon=ft.Icons.SAVE,
                on_click=self.save_custom,
                height=TAP,
            ),
        )

    def switch(
        self, key: str, label: str, value: str, choices: list[tuple[str, str]]
    ) -> ft.Control:
        """A switch of the custom form: its choices one under the other, each read whole
        (they can differ only in their last figures) and chosen with a tap anywhere on it."""
        rows = ft.Column(spacing=8, tight=True)  # apart: whose words are whose
        group = ft.RadioGroup(value=value, content=rows)

        def choose(choice: str) -> None:
            group.value = choice
            self.app.update()

        for choice, words in choices:
            rows.controls.append(
                Tagged(
                    f"custom-{key}-{choice}",
                    ft.Container(
                        content=ft.Row(
                            [
                                ft.Radio(value=choice),
                                ft.Semantics(  # read once, as the choice's name
                                    content=ft.Text(words, size=15),
                                    exclude_semantics=True,
                                    expand=True,
                                ),
                            ]
                        ),
                        on_click=lambda _e, c=choice: choose(c),
                        border_radius=12,
                    ),
                    words,
                )
            )
        self.fields[key] = group
        return Tagged(
            f"custom-{key}",
            ft.Column([ft.Text(label, size=14), group], spacing=2, tight=True),
        )

    def custom_tile(self, rules: RuleSet) -> ft.Control:
        return ft.Container(
            content=ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(
                                rules_title(rules, self.app.tr._),
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            ),
                            ft.Text(
                                self.app.tr._("Based on {base}").format(
                                    base=self.app.tr._(ALL_PRESETS[rules.base].name)
                                ),
                                size=13,
                            ),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    TapIcon(
                        f"custom-rules-{rules.id}-delete",
                        ft.Icons.DELETE_OUTLINE,
                        self.app.tr._("Delete rule set"),
                        partial(self.delete_custom, rules),
                    ),
                ]
            ),
            padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        )

    # --- verbs --------------------------------------------------------------------------

    def base_chosen(self, event: ft.Event[ft.Dropdown]) -> None:
        self.copy_from = event.control.value or "classic"
        self.app.nav.redraw(self)

    def save_custom(self) -> None:
        base = OFFERED_PRESETS[self.copy_from]
        typed = {key: field.value or "" for key, field in self.fields.items()}
        rules, problems = custom_copy(base, typed, self.app.tr)
        self.custom_problems.value = "\n".join(problems)
        if problems:
            return
        # The name offered is no name given: such a copy is named in each reader's language.
        suggested = self.app.tr._("{name} (custom)").format(name=self.app.tr._(base.name))
        name = table_name(self.name_field.value or "")
        name = "" if name == suggested else name
        store, named = self.app.table.store, dataclasses.replace(rules, name=name)

        def added(kept: RuleSet) -> None:
            self.custom.append(kept)
            self.app.messages.say_with_screen(
                None, self.app.tr._("Saved. Choose it when you start a new game.")
            )

        # One rule set added, never the list this screen read: another phone's stays.
        self.app.actions.attempt(lambda: store.add_custom_rules(named), added)

    def delete_custom(self, rules: RuleSet) -> None:
        store = self.app.table.store

        def deleted(_: None) -> None:
            self.custom = [r for r in self.custom if r.id != rules.id]
            self.app.nav.show_route()

        self.app.actions.attempt(lambda: store.delete_custom_rules(rules.id), deleted)
