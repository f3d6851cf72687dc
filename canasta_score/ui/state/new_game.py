"""The new-game form: sides and players, rule set, target and first dealer."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from canasta_score.core import (
    Game,
    RuleSet,
    Side,
    apply_overrides,
    player_key,
    rules_title,
    seat_order,
    table_name,
)
from canasta_score.i18n import Translator, translator
from canasta_score.i18n.sides import SIDE_OF, side_size
from canasta_score.ui.state.names import MOST_PLAYERS, MOST_SIDES, default_side_name
from canasta_score.ui.state.offered import OFFERED_PRESETS
from canasta_score.ui.state.points import parse_points


@dataclass
class SideForm:
    """A side as the form holds it. A side of one player is named by its player: the name is
    kept as the side's, and the player's own field stays blank (it falls back to the side's)."""

    name: str
    players: list[str]

    @property
    def single(self) -> bool:
        return len(self.players) == 1


def parse_target(text: str) -> int | None:
    """The target as typed or shown: digits, with the thousands grouped as any language
    writes them (`5.000`, `5,000`, `5 000`); None where it is no number.

    >>> parse_target("5.000"), parse_target("10,000"), parse_target("5\u00a0000"), parse_target("3000")
    (5000, 10000, 5000, 3000)
    >>> parse_target("5.0") is None, parse_target("")
    (True, 0)
    """
    return parse_points(re.sub(r"(?<=\d)[.,'\u00a0\u202f ](?=\d{3}(?!\d))", "", text.strip()))


class NewGameForm:
    """The new-game screen: sides and players, rule set, target and first dealer."""

    MAX_SIDES = MOST_SIDES
    MAX_PLAYERS = MOST_PLAYERS

    def __init__(
        self,
        sides: Sequence[Side] | None = None,
        rules: RuleSet | None = None,
        custom_rules: Sequence[RuleSet] = (),
        *,
        tr: Translator | None = None,
        preferred: str = "classic",
    ) -> None:
        #: The language of the phone filling the form: default side names, problems.
        self.tr = tr or translator("en")
        #: The rule set this table most likely plays (its language's), first when nothing else fits.
        self.preferred = preferred if preferred in OFFERED_PRESETS else "classic"
        #: What the form just changed by itself (sides made single players, a rule set given
        #: up), in a line for the screen; gone at the next change.
        self.said: str | None = None
        if sides:
            self.sides = [SideForm(side.name, list(side.players)) for side in sides]
        else:
            self.sides = [SideForm(default_side_name(i, self.tr), ["", ""]) for i in range(2)]
        self.custom_rules = list(custom_rules)
        self.rules_id = rules.id if rules is not None else self.preferred
        self._rules_chosen = rules is not None
        self._extra_rules = [rules] if rules is not None and rules.id not in self.choices() else []
        self.target_text = ""
        self._target_chosen = False
        self.first_dealer = 0
        self._follow_suggestion()

    # --- choices -----------------------------------------------------------------------

    def choices(self) -> dict[str, RuleSet]:
        found = dict(OFFERED_PRESETS)
        for rules in [*self.custom_rules, *getattr(self, "_extra_rules", [])]:
            found[rules.id] = rules
        return found

    @property
    def rules(self) -> RuleSet:
        return self.choices().get(self.rules_id, OFFERED_PRESETS["classic"])

    def suggested_rules(self) -> str | None:
        """`two-player` for two single players, `six-player` for six players, else nothing."""
        players = [len(side.players) for side in self.sides]
        if players == [1, 1]:
            return "two-player"
        if sum(players) == 6:
            return "six-player"
        return None

    def default_target(self) -> int:
        return self.rules.target_for(len(self.sides))

    def plays_alone(self) -> bool:
        """Whether the rule set chosen seats each player on their own: the two-player rules, or
        a copy of them."""
        return self.rules.base == "two-player"

    def made_up(self, index: int) -> bool:
        """Whether side `index` has no name of its own yet (blank, or the one the app gave)."""
        name = self.sides[index].name
        return not name.strip() or any(
            name == default_side_name(index, self.tr, n) for n in SIDE_OF
        )

    def _follow_suggestion(self) -> None:
        if self._rules_chosen and self.plays_alone() and self.players() != 1:
            # A partner joined under rules for players on their own: those rules no longer fit.
            alone = rules_title(self.rules, self.tr._)
            self._rules_chosen = False
            self.rules_id = self.suggested_rules() or self.preferred
            self.said = self.tr._(
                '"{rules}" is for players on their own: the rule set is "{other}" now.'
            ).format(rules=alone, other=rules_title(self.rules, self.tr._))
        for index, side in enumerate(self.sides):
            if side.single and side.players[0].strip():  # one player: one name, the side's
                side.name, side.players[0] = side.players[0], ""
            if self.made_up(index):  # a made-up name follows the side's size
                side.name = default_side_name(index, self.tr, len(side.players))
        if not self._rules_chosen:
            self.rules_id = self.suggested_rules() or self.preferred
        if not self._target_chosen:
            self.target_text = self.tr.number(self.default_target())
        self.first_dealer = min(self.first_dealer, len(self.seats()) - 1)

    # --- verbs -------------------------------------------------------------------------

    def reword(self, tr: Translator, preferred: str) -> None:
        """The phone's language changed (its device said it, or Settings): the side names the
        app made up, and the rule set nobody chose yet, follow it; what was typed stays.

        >>> form = NewGameForm()
        >>> form.rename_side(1, "Oma")
        >>> form.reword(translator("xx"), "danish")
        >>> [side.name for side in form.sides], form.rules_id
        (['We', 'Oma'], 'danish')
        """
        self.said = None
        for index, side in enumerate(self.sides):
            if side.name == default_side_name(index, self.tr, len(side.players)):
                side.name = default_side_name(index, tr, len(side.players))
        self.tr = tr
        self.preferred = preferred if preferred in OFFERED_PRESETS else "classic"
        self._follow_suggestion()

    def add_side(self) -> None:
        self.said = None
        if len(self.sides) < self.MAX_SIDES:
            players = self.new_side_players()
            name = default_side_name(len(self.sides), self.tr, players)
            self.sides.append(SideForm(name, [""] * players))
            self._follow_suggestion()

    def remove_side(self, index: int) -> None:
        self.said = None
        if len(self.sides) > 2:
            del self.sides[index]
            self._follow_suggestion()

    def add_player(self, side: int) -> None:
        self.said = None
        self._seat(side, min(len(self.sides[side].players) + 1, self.MAX_PLAYERS))
        self._follow_suggestion()

    def remove_player(self, side: int) -> None:
        self.said = None
        self._seat(side, max(len(self.sides[side].players) - 1, 1))
        self._follow_suggestion()

    def set_players_per_side(self, count: int) -> None:
        self.said = None
        for index in range(len(self.sides)):
            self._seat(index, count)
        self._follow_suggestion()

    def _seat(self, index: int, count: int) -> None:
        """Side `index` with `count` players. A single player's name, kept as the side's,
        goes back to the player when a partner joins (and the side takes a made-up name)."""
        side = self.sides[index]
        if side.single and count > 1 and not self.made_up(index):
            side.players[0], side.name = side.name, ""
        side.players = (side.players + [""] * count)[:count]

    def rename_side(self, side: int, name: str) -> None:
        self.said = None
        self.sides[side].name = name

    def name_player(self, side: int, player: int, name: str) -> None:
        self.said = None
        if self.sides[side].single:
            self.sides[side].name = name
        else:
            self.sides[side].players[player] = name

    def offer_player(self, name: str) -> tuple[int, int] | None:
        """Put a remembered name in the first empty player field; where it went, if anywhere.

        A name already at the table is not seated twice.
        """
        self.said = None
        if self.is_seated(name):
            return None
        for side_index, side in enumerate(self.sides):
            if side.single:  # a single player is named in the side's name
                if self.made_up(side_index):
                    side.name = name
                    return side_index, 0
                continue
            for player_index, player in enumerate(side.players):
                if not player.strip():
                    side.players[player_index] = name
                    return side_index, player_index
        return None

    def is_seated(self, name: str) -> bool:
        """Whether that player (`player_key`: any case or spacing) is already on a side."""
        wanted = player_key(name)
        return any(
            player_key(p) == wanted
            for index, side in enumerate(self.sides)
            for p in [
                *side.players,
                *([side.name] if side.single and not self.made_up(index) else []),
            ]
        )

    def choose_rules(self, rules_id: str) -> None:
        """Play `rules_id`. Rules for players on their own make each side of two or three one
        player: the first name typed on it stays, the partners leave (and the line says who)."""
        self.said = None
        self.rules_id = rules_id
        self._rules_chosen = True
        if self.plays_alone() and self.players() != 1:
            left, title = self._seat_alone(), rules_title(self.rules, self.tr._)
            self.said = (
                self.tr._("{rules}: each side is one player now ({names} taken off).")
                if left
                else self.tr._("{rules}: each side is one player now.")
            ).format(rules=title, names=", ".join(left))
            self._follow_suggestion()
        if not self._target_chosen:
            self.target_text = self.tr.number(self.default_target())

    def _seat_alone(self) -> list[str]:
        """Each side one player, its first typed name (none: the side's own name, if typed);
        the other names typed, which leave the table."""
        left = []
        for side in self.sides:
            if side.single:
                continue
            typed = [table_name(player) for player in side.players if table_name(player)]
            side.players = typed[:1] or [""]
            left += typed[1:]
        return left

    def set_target(self, text: str) -> None:
        self.said = None
        self.target_text = text
        self._target_chosen = True

    def choose_first_dealer(self, seat: int) -> None:
        self.said = None
        self.first_dealer = seat

    # --- what it gives -----------------------------------------------------------------

    def final_sides(self) -> list[Side]:
        sides = []
        for index, side in enumerate(self.sides):
            name = table_name(side.name) or default_side_name(index, self.tr, len(side.players))
            players = []
            for seat, player in enumerate(side.players, start=1):
                blank = Side.blank_seat(name, seat, len(side.players))
                players.append(table_name(player) or blank)
            sides.append(Side(name, tuple(players)))
        return sides

    def players(self) -> int | None:
        """The number of players on each side (None while the sides differ in size)."""
        return side_size(self.sides)

    def new_side_players(self) -> int:
        """The number of players the next side added gets (as many as the last side)."""
        return len(self.sides[-1].players) if self.sides else 2

    def seats(self) -> list[str]:
        """Players clockwise round the table."""
        sides = self.final_sides()
        return [sides[s].players[p] for s, p in seat_order(sides)]

    def problems(self) -> list[str]:
        problems = []
        names = [side.name for side in self.final_sides()]
        if len(set(names)) != len(names):
            problems.append(
                self.tr.side(
                    "Two sides have the same name; give each side its own.", self.players()
                )
            )
        target = parse_target(self.target_text)
        if target is None or target <= 0:
            # The example as the target field writes it ("5 000" in Finnish).
            example = self.tr.number(self.default_target())
            problems.append(
                self.tr._("The target must be a number of points, like {example}.").format(
                    example=example
                )
            )
        return problems

    def game(self) -> Game:
        """The game to start; call only when `problems()` is empty."""
        rules = self.rules
        target = parse_target(self.target_text) or self.default_target()
        if target != rules.target_for(len(self.sides)):
            rules, _problems = apply_overrides(rules, {"target": target})
        return Game(rules=rules, sides=tuple(self.final_sides()), first_dealer=self.first_dealer)
