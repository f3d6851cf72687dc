"""What the screens hold between taps, as plain Python: round drafts, the new-game form, sheet rows.

Nothing here knows Flet or the database; views call the verb methods and show the results.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from canasta_score.core import (
    PRESETS,
    CardCounts,
    CardGroup,
    Game,
    Problem,
    RuleSet,
    Side,
    SideEntry,
    SideScore,
    WentOut,
    apply_overrides,
    opening_minimum,
    score_side,
    seat_order,
    table_name,
)
from canasta_score.core.cards import cards_in_packs
from canasta_score.i18n import _


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; `_()` translates it where shown."""
    return message


_TERM = re.compile(r"\s*([+-]?)\s*(\d+)\s*")

#: More digits than any Canasta score has (and far below what int() refuses to read).
_MOST_DIGITS = 9


def parse_points(text: str) -> int | None:
    """Points typed as a number or a sum like `120+35+5`; blank is 0, nonsense is None.

    A trailing `+` is what a player has typed half-way and counts as nothing yet.

    >>> parse_points("120+35+5"), parse_points(""), parse_points("90+"), parse_points("-85")
    (160, 0, 90, -85)
    >>> parse_points("12a") is None, parse_points("5" * 5000) is None
    (True, True)
    """
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


CARD_GROUP_LABELS: Mapping[CardGroup, str] = {
    CardGroup.JOKERS: N_("Jokers"),
    CardGroup.TWOS: N_("Twos"),
    CardGroup.ACES: N_("Aces"),
    CardGroup.HIGH: N_("K-8"),
    CardGroup.LOW: N_("7-4"),
    CardGroup.BLACK_THREES: N_("Black 3s"),
}

CANASTA_LABELS: Mapping[str, str] = {
    "natural": N_("Natural canastas"),
    "mixed": N_("Mixed canastas"),
    "natural_aces": N_("Natural aces canastas"),
    "mixed_aces": N_("Mixed aces canastas"),
    "wild": N_("Wild canastas"),
}


def _no_cards() -> dict[str, int]:
    return {group.value: 0 for group in CardGroup}


@dataclass
class SideDraft:
    """One side's half-typed entry, exactly as on screen (texts stay texts until saved)."""

    melded_text: str = ""
    hand_text: str = ""
    #: "points" (typed sums) or "cards" (counts by card group for table and hand).
    mode: str = "points"
    melded_cards: dict[str, int] = field(default_factory=_no_cards)
    hand_cards: dict[str, int] = field(default_factory=_no_cards)
    canastas: dict[str, int] = field(default_factory=dict)
    red_threes: int = 0
    went_out: WentOut | None = None
    dealer_bonus: bool = False
    penalty_text: str = ""

    @property
    def touched(self) -> bool:
        """Whether anything was entered for the side (a switch to counting cards is not yet)."""
        return bool(
            self.melded_text.strip()
            or self.hand_text.strip()
            or self.penalty_text.strip()
            or any(self.melded_cards.values())
            or any(self.hand_cards.values())
            or any(self.canastas.values())
            or self.red_threes
            or self.went_out
            or self.dealer_bonus
        )

    def as_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["went_out"] = self.went_out.value if self.went_out else None
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SideDraft:
        known = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        went_out = values.get("went_out")
        values["went_out"] = WentOut(went_out) if went_out else None
        for key in ("melded_cards", "hand_cards"):
            values[key] = _no_cards() | {
                k: int(v) for k, v in dict(values.get(key) or {}).items() if k in _no_cards()
            }
        values["canastas"] = {k: int(v) for k, v in dict(values.get("canastas") or {}).items()}
        return cls(**values)

    @classmethod
    def from_entry(cls, entry: SideEntry) -> SideDraft:
        draft = cls(
            canastas=dict(entry.canastas),
            red_threes=entry.red_threes,
            went_out=entry.went_out,
            dealer_bonus=entry.dealer_bonus,
            penalty_text=str(entry.penalty) if entry.penalty else "",
        )
        if isinstance(entry.melded, CardCounts) or isinstance(entry.hand, CardCounts):
            draft.mode = "cards"
            for part, cards in (("melded", entry.melded), ("hand", entry.hand)):
                counts = cards.as_dict() if isinstance(cards, CardCounts) else _no_cards()
                setattr(draft, f"{part}_cards", counts)
        else:
            draft.melded_text = str(entry.melded) if entry.melded else ""
            draft.hand_text = str(entry.hand) if entry.hand else ""
        return draft


@dataclass(frozen=True)
class SidePreview:
    """What a side's round would give if saved now."""

    round_score: int | None
    total: int | None
    opening: int | None
    #: True when the new opening minimum differs from the one before the round.
    opening_changed: bool
    melded_points: int | None
    hand_points: int | None


class RoundDraft:
    """A round being entered or edited: verbs for every tap, the entries, problems and preview."""

    def __init__(self, game: Game, round_number: int | None = None) -> None:
        self.game = game
        #: None while entering a new round; the round number (from 1) while editing one.
        self.editing = round_number
        self.sides = [SideDraft(canastas=self._no_canastas()) for _ in game.sides]
        if round_number is not None:
            self.sides = [SideDraft.from_entry(e) for e in game.rounds[round_number - 1]]
            for side in self.sides:
                side.canastas = self._no_canastas() | side.canastas

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    @property
    def round_number(self) -> int:
        return self.editing if self.editing is not None else len(self.game.rounds) + 1

    def _no_canastas(self) -> dict[str, int]:
        return {kind.value: 0 for kind in self.game.rules.canasta_kinds}

    # --- verbs -------------------------------------------------------------------------

    def set_melded(self, side: int, text: str) -> None:
        self.sides[side].melded_text = text

    def set_hand(self, side: int, text: str) -> None:
        self.sides[side].hand_text = text

    def set_penalty(self, side: int, text: str) -> None:
        self.sides[side].penalty_text = text

    def set_mode(self, side: int, mode: str) -> None:
        """Switch a side between typed points and card counts, carrying the points over."""
        draft = self.sides[side]
        if mode == draft.mode:
            return
        if mode == "points":
            draft.melded_text = _points_text(self._cards_points(draft.melded_cards))
            draft.hand_text = _points_text(self._cards_points(draft.hand_cards))
        draft.mode = mode

    def add_cards(self, side: int, part: str, group: str, step: int) -> None:
        cards = self.sides[side].melded_cards if part == "melded" else self.sides[side].hand_cards
        cards[group] = max(0, cards[group] + step)

    def add_canasta(self, side: int, kind: str, step: int) -> None:
        canastas = self.sides[side].canastas
        canastas[kind] = max(0, canastas.get(kind, 0) + step)

    def add_red_three(self, side: int, step: int) -> None:
        self.sides[side].red_threes = max(0, self.sides[side].red_threes + step)

    def set_went_out(self, side: int, went_out: WentOut | None) -> None:
        """Choose how a side went out; only one side goes out, so the others are cleared."""
        for index, draft in enumerate(self.sides):
            if index == side:
                draft.went_out = went_out
            elif went_out is not None:
                draft.went_out = None

    def toggle_went_out(self, side: int, went_out: WentOut) -> None:
        """One tap sets it, a second tap on the same choice takes it back."""
        self.set_went_out(side, None if self.sides[side].went_out == went_out else went_out)

    def toggle_dealer_bonus(self, side: int) -> None:
        on = not self.sides[side].dealer_bonus
        for index, draft in enumerate(self.sides):
            draft.dealer_bonus = on if index == side else (False if on else draft.dealer_bonus)

    def clear(self) -> None:
        self.sides = [SideDraft(canastas=self._no_canastas()) for _ in self.game.sides]

    # --- what it gives -----------------------------------------------------------------

    def _cards_points(self, cards: Mapping[str, int]) -> int:
        return self.rules.card_values.points(CardCounts(**cards))

    def _side_entry(self, index: int) -> tuple[SideEntry | None, list[Problem]]:
        draft = self.sides[index]
        problems: list[Problem] = []

        def problem(field_name: str, message: str) -> None:
            problems.append(
                Problem(message, self.round_number, index, self.game.sides[index].name, field_name)
            )

        melded: int | CardCounts
        hand: int | CardCounts
        if draft.mode == "cards":
            melded, hand = CardCounts(**draft.melded_cards), CardCounts(**draft.hand_cards)
        else:
            parsed_melded = parse_points(draft.melded_text)
            parsed_hand = parse_points(draft.hand_text)
            if parsed_melded is None:
                problem("melded", _("melded points: type numbers, like 120+35+5"))
            if parsed_hand is None:
                problem("hand", _("hand points: type numbers, like 50+20+5"))
            melded, hand = parsed_melded or 0, parsed_hand or 0
        penalty = parse_points(draft.penalty_text)
        if penalty is None:
            problem("penalty", _("penalty: type a number, like 200"))
        if problems:
            return None, problems
        entry = SideEntry(
            melded=melded,
            hand=hand,
            canastas={kind: count for kind, count in draft.canastas.items() if count},
            red_threes=draft.red_threes,
            went_out=draft.went_out,
            dealer_bonus=draft.dealer_bonus,
            penalty=penalty or 0,
        )
        return entry, []

    def entries(self) -> tuple[list[SideEntry] | None, list[Problem]]:
        """The side entries, or None with the typing problems when some field is not a number."""
        entries: list[SideEntry] = []
        problems: list[Problem] = []
        for index in range(len(self.sides)):
            entry, side_problems = self._side_entry(index)
            problems += side_problems
            if entry is not None:
                entries.append(entry)
        return (None if problems else entries), problems

    @property
    def touched(self) -> bool:
        return any(side.touched for side in self.sides)

    @property
    def worth_keeping(self) -> bool:
        """Whether closing the app now would lose something: entries or a chosen mode."""
        return self.touched or any(side.mode != "points" for side in self.sides)

    def problems(self) -> list[Problem]:
        """Everything that stops the round from being saved, in plain words."""
        entries, problems = self.entries()
        if entries is None:
            return problems
        if self.editing is None:
            return self.game.check_new_round(entries)
        return self.game.problems_of(entries, self.editing)

    def can_save(self) -> bool:
        return self.touched and not self.problems()

    def totals_before(self) -> tuple[int, ...]:
        number = self.round_number
        if number <= 1:
            return self.game.totals_at_start
        return self.game.running_totals[number - 2]

    def preview(self) -> list[SidePreview]:
        """Each side's round score, new total and new opening minimum, as far as they are known."""
        before = self.totals_before()
        refused = {problem.side for problem in self.problems()}  # no score for what cannot be
        previews = []
        for index, total_before in enumerate(before):
            entry, _problems = self._side_entry(index)
            score: SideScore | None = None
            if entry is not None and index not in refused:
                try:
                    score = score_side(entry, self.rules)
                except (KeyError, IndexError, ValueError):
                    score = None  # e.g. more red threes than the rules score; problems say why
            opening_before = opening_minimum(total_before, self.rules)
            if score is None:
                previews.append(SidePreview(None, None, None, False, None, None))
                continue
            total = total_before + score.total
            opening = opening_minimum(total, self.rules)
            previews.append(
                SidePreview(
                    score.total,
                    total,
                    opening,
                    opening != opening_before,
                    score.melded,
                    score.hand,
                )
            )
        return previews

    def cards_points(self, side: int, part: str) -> int:
        draft = self.sides[side]
        return self._cards_points(draft.melded_cards if part == "melded" else draft.hand_cards)

    def cards_limit(self, group: str) -> int:
        return cards_in_packs(CardGroup(group), self.rules.packs)

    # --- keeping it across app restarts -------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.editing, "sides": [side.as_dict() for side in self.sides]}

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any] | None) -> RoundDraft:
        """A draft saved earlier, or a fresh one when it no longer fits the game."""
        number = data.get("round") if data else None
        if number is not None and not (isinstance(number, int) and 1 <= number <= len(game.rounds)):
            number = None
        draft = cls(game, number)
        sides = list(data.get("sides") or []) if data else []
        if len(sides) == len(game.sides):
            try:
                restored = [SideDraft.from_dict(side) for side in sides]
            except (TypeError, ValueError):
                return draft
            for side in restored:
                side.canastas = draft._no_canastas() | side.canastas
            draft.sides = restored
        return draft


def _points_text(points: int) -> str:
    return str(points) if points else ""


# --- the score sheet ----------------------------------------------------------------------


@dataclass(frozen=True)
class SheetRow:
    number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    dealer: str


@dataclass(frozen=True)
class SideColumn:
    name: str
    players: tuple[str, ...]
    total: int
    opening: int
    #: True when the opening minimum changed tier with the last round.
    opening_changed: bool
    #: How far the side is toward the target, from 0 to 1.
    progress: float


def player_name(game: Game, seat: tuple[int, int]) -> str:
    side, player = seat
    return game.sides[side].players[player]


def sheet_rows(game: Game) -> list[SheetRow]:
    return [
        SheetRow(
            number=number,
            scores=tuple(score.total for score in scores),
            totals=game.running_totals[number - 1],
            dealer=player_name(game, game.dealer_of(number)),
        )
        for number, scores in enumerate(game.scores, start=1)
    ]


def sheet_columns(game: Game) -> list[SideColumn]:
    before = (
        game.opening_minimums_before(len(game.rounds)) if game.rounds else game.opening_minimums
    )
    return [
        SideColumn(
            name=side.name,
            players=side.players,
            total=total,
            opening=opening,
            opening_changed=opening != previous,
            progress=max(0.0, min(1.0, total / game.target)) if game.target else 0.0,
        )
        for side, total, opening, previous in zip(
            game.sides, game.totals, game.opening_minimums, before, strict=True
        )
    ]


def format_points(points: int) -> str:
    """Points as players read them; five digits and more get a space between thousands.

    >>> format_points(1450), format_points(-185), format_points(12500)
    ('1450', '-185', '12 500')
    """
    text = f"{abs(points):,}".replace(",", " ") if abs(points) >= 10000 else str(abs(points))
    return ("-" if points < 0 else "") + text


# --- new game ------------------------------------------------------------------------------


@dataclass
class SideForm:
    name: str
    players: list[str]


def default_side_name(index: int) -> str:
    return [_("We"), _("They"), _("Third side"), _("Fourth side")][index]


def is_default_name(name: str) -> bool:
    """Whether a player name is one the app made up for a blank field (`We 2`, `They`).

    >>> is_default_name("We 2"), is_default_name("They"), is_default_name("Anna")
    (True, True, False)
    """
    sides = [default_side_name(index) for index in range(NewGameForm.MAX_SIDES)]
    made_up = {f"{side} {n}" for side in sides for n in range(1, NewGameForm.MAX_PLAYERS + 1)}
    return name in made_up or name in sides


class NewGameForm:
    """The new-game screen: sides and players, rule set, target and first dealer."""

    MAX_SIDES = 4
    MAX_PLAYERS = 3

    def __init__(
        self,
        sides: Sequence[Side] | None = None,
        rules: RuleSet | None = None,
        custom_rules: Sequence[RuleSet] = (),
    ) -> None:
        if sides:
            self.sides = [SideForm(side.name, list(side.players)) for side in sides]
        else:
            self.sides = [SideForm(default_side_name(i), ["", ""]) for i in range(2)]
        self.custom_rules = list(custom_rules)
        self.rules_id = rules.id if rules is not None else "classic"
        self._rules_chosen = rules is not None
        self._extra_rules = [rules] if rules is not None and rules.id not in self.choices() else []
        self.target_text = ""
        self._target_chosen = False
        self.first_dealer = 0
        self._follow_suggestion()

    # --- choices -----------------------------------------------------------------------

    def choices(self) -> dict[str, RuleSet]:
        found = dict(PRESETS)
        for rules in [*self.custom_rules, *getattr(self, "_extra_rules", [])]:
            found[rules.id] = rules
        return found

    @property
    def rules(self) -> RuleSet:
        return self.choices().get(self.rules_id, PRESETS["classic"])

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

    def _follow_suggestion(self) -> None:
        if not self._rules_chosen:
            self.rules_id = self.suggested_rules() or "classic"
        if not self._target_chosen:
            self.target_text = str(self.default_target())
        self.first_dealer = min(self.first_dealer, len(self.seats()) - 1)

    # --- verbs -------------------------------------------------------------------------

    def add_side(self) -> None:
        if len(self.sides) < self.MAX_SIDES:
            players = len(self.sides[-1].players) if self.sides else 2
            self.sides.append(SideForm(default_side_name(len(self.sides)), [""] * players))
            self._follow_suggestion()

    def remove_side(self, index: int) -> None:
        if len(self.sides) > 2:
            del self.sides[index]
            self._follow_suggestion()

    def add_player(self, side: int) -> None:
        if len(self.sides[side].players) < self.MAX_PLAYERS:
            self.sides[side].players.append("")
            self._follow_suggestion()

    def remove_player(self, side: int) -> None:
        if len(self.sides[side].players) > 1:
            self.sides[side].players.pop()
            self._follow_suggestion()

    def set_players_per_side(self, count: int) -> None:
        for side in self.sides:
            side.players = (side.players + [""] * count)[:count]
        self._follow_suggestion()

    def rename_side(self, side: int, name: str) -> None:
        self.sides[side].name = name

    def name_player(self, side: int, player: int, name: str) -> None:
        self.sides[side].players[player] = name

    def offer_player(self, name: str) -> tuple[int, int] | None:
        """Put a remembered name in the first empty player field; where it went, if anywhere.

        A name already at the table is not seated twice.
        """
        if self.is_seated(name):
            return None
        for side_index, side in enumerate(self.sides):
            for player_index, player in enumerate(side.players):
                if not player.strip():
                    side.players[player_index] = name
                    return side_index, player_index
        return None

    def is_seated(self, name: str) -> bool:
        """Whether a player of that name (any case) is already on a side."""
        wanted = name.strip().casefold()
        return any(p.strip().casefold() == wanted for side in self.sides for p in side.players)

    def choose_rules(self, rules_id: str) -> None:
        self.rules_id = rules_id
        self._rules_chosen = True
        if not self._target_chosen:
            self.target_text = str(self.default_target())

    def set_target(self, text: str) -> None:
        self.target_text = text
        self._target_chosen = True

    def choose_first_dealer(self, seat: int) -> None:
        self.first_dealer = seat

    # --- what it gives -----------------------------------------------------------------

    def final_sides(self) -> list[Side]:
        sides = []
        for index, side in enumerate(self.sides):
            name = table_name(side.name) or default_side_name(index)
            players = []
            for number, player in enumerate(side.players, start=1):
                fallback = name if len(side.players) == 1 else f"{name} {number}"
                players.append(table_name(player) or fallback)
            sides.append(Side(name, tuple(players)))
        return sides

    def seats(self) -> list[str]:
        """Players clockwise round the table."""
        sides = self.final_sides()
        return [sides[s].players[p] for s, p in seat_order(sides)]

    def problems(self) -> list[str]:
        problems = []
        names = [side.name for side in self.final_sides()]
        if len(set(names)) != len(names):
            problems.append(_("Two sides have the same name; give each side its own."))
        target = parse_points(self.target_text)
        if target is None or target <= 0:
            problems.append(_("The target must be a number of points, like 5000."))
        return problems

    def game(self) -> Game:
        """The game to start; call only when `problems()` is empty."""
        rules = self.rules
        target = parse_points(self.target_text) or self.default_target()
        if target != rules.target_for(len(self.sides)):
            rules, _problems = apply_overrides(rules, {"target": target})
        return Game(rules=rules, sides=tuple(self.final_sides()), first_dealer=self.first_dealer)


# --- rules ---------------------------------------------------------------------------------


def rules_table(rules: RuleSet) -> list[tuple[str, str]]:
    """The numbers of a rule set as (what, value) rows, in the order players look them up."""
    values = rules.card_values
    rows = [
        (_("Packs"), str(rules.packs)),
        (
            _("Card values"),
            _("joker {j}, two {t}, ace {a}, K-8 {h}, 7-4 {l}, black three {b}").format(
                j=values.jokers,
                t=values.twos,
                a=values.aces,
                h=values.high,
                l=values.low,
                b=values.black_threes,
            ),
        ),
    ]
    for kind in rules.canasta_kinds:
        rows.append((_(CANASTA_LABELS[kind.value]), str(rules.canasta_bonuses[kind])))
    rows += [
        (_("Red threes by count"), " / ".join(str(v) for v in rules.red_threes[1:])),
        (_("Going out"), str(rules.going_out)),
        (_("Going out concealed"), str(rules.going_out_concealed)),
        (_("Canastas to go out"), str(rules.canastas_to_go_out)),
        (
            _("Dealer bonus"),
            str(rules.dealer_bonus) if rules.dealer_bonus is not None else _("none"),
        ),
        (_("Target"), _target_text(rules)),
        (_("Opening below 0"), str(rules.opening_below_zero)),
    ]
    for total_from, minimum in rules.opening_tiers:
        rows.append((_("Opening from {total}").format(total=total_from), str(minimum)))
    return rows


def _target_text(rules: RuleSet) -> str:
    if rules.three_side_target is not None:
        return _("{target} ({three} with three sides)").format(
            target=rules.target, three=rules.three_side_target
        )
    return str(rules.target)


def compare_presets(presets: Sequence[RuleSet]) -> list[tuple[str, list[str], list[bool]]]:
    """Rows of (what, value per preset, differs from the first preset) for a side-by-side table."""
    tables = [dict(rules_table(rules)) for rules in presets]
    keys: list[str] = []
    for table in tables:
        keys += [key for key in table if key not in keys]
    rows = []
    for key in keys:
        values = [table.get(key, "-") for table in tables]
        rows.append((key, values, [value != values[0] for value in values]))
    return rows
