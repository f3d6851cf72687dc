"""The entries that cannot happen at a Canasta table, each refused with what would be valid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta_score.core.cards import CardCounts, CardGroup, cards_in_packs
from canasta_score.core.rules import CANASTA_MINIMUM_POINTS, MAX_POINTS, CanastaKind, RuleSet
from canasta_score.core.scoring import Cards, SideEntry, card_points


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry: where it is and what would be right."""

    message: str
    round_number: int | None = None  # counted from 1
    side: int | None = None  # index from 0
    side_name: str | None = None
    field: str | None = None  # game-file name of the field, e.g. "melded"

    def __str__(self) -> str:
        where = []
        if self.round_number is not None:
            where.append(f"round {self.round_number}")
        if self.side is not None:
            where.append(f'side "{self.side_name}"' if self.side_name else f"side {self.side + 1}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _check_cards(cards: Cards, field: str, rules: RuleSet) -> list[tuple[str, str]]:
    if isinstance(cards, CardCounts):
        return [
            (field, f"{field} {group.value} cannot be negative, got {count}")
            for group, count in cards.items()
            if count < 0
        ]
    if cards < 0:
        return [(field, f"{field} points cannot be negative, got {cards}; enter 0 or more")]
    if cards % 5:
        lower = cards - cards % 5
        return [
            (
                field,
                f"{field} points must be a multiple of 5, got {cards} (did you mean {lower} or {lower + 5}?)",
            )
        ]
    return []


def _side_problems(entry: SideEntry, rules: RuleSet) -> list[tuple[str, str]]:
    """Problems of one side's entry on its own, as (field, message) pairs."""
    problems = _check_cards(entry.melded, "melded", rules) + _check_cards(entry.hand, "hand", rules)
    kinds = ", ".join(kind.value for kind in rules.canasta_kinds)
    for kind, count in entry.canastas.items():
        if kind not in rules.canasta_bonuses:
            problems.append(
                ("canastas", f'"{rules.name}" has no {kind} canasta; its kinds are {kinds}')
            )
        if count < 0:
            problems.append(("canastas", f"{kind} canastas cannot be negative, got {count}"))
    if entry.red_threes < 0:
        problems.append(("red_threes", f"red threes cannot be negative, got {entry.red_threes}"))
    scored = len(rules.red_threes) - 1
    if scored < entry.red_threes <= rules.red_threes_in_packs:  # only custom rules can say so
        problems.append(("red_threes", f'"{rules.name}" scores at most {scored} red threes'))
    if entry.penalty < 0 or entry.penalty % 5:
        problems.append(
            ("penalty", f"the penalty must be a multiple of 5 from 0, got {entry.penalty}")
        )
    elif entry.penalty > MAX_POINTS:
        problems.append(
            ("penalty", f"the penalty must be at most {MAX_POINTS}, got {entry.penalty}")
        )
    if entry.dealer_bonus and rules.dealer_bonus is None:
        problems.append(("dealer_bonus", f'"{rules.name}" has no dealer bonus'))
    if any(field in ("canastas", "red_threes") for field, _ in problems) or (
        card_points(entry.melded, rules) < 0
    ):
        return problems  # the checks below need known canasta kinds and sound numbers

    melded = card_points(entry.melded, rules)
    canastas = entry.canasta_count
    if canastas and melded == 0:
        problems.append(
            (
                "canastas",
                f"{_plural(canastas, 'canasta')} entered but no melded points; "
                "enter the melded points, canastas included",
            )
        )
    elif canastas:
        needed = sum(
            CANASTA_MINIMUM_POINTS[CanastaKind(kind)] * count
            for kind, count in entry.canastas.items()
        )
        if melded < needed:
            problems.append(
                (
                    "melded",
                    f"{melded} melded points are too few for the canastas entered: "
                    f"they hold at least {needed}",
                )
            )
    if entry.went_out is not None and canastas < rules.canastas_to_go_out:
        problems.append(
            (
                "went_out",
                f"going out needs {_plural(rules.canastas_to_go_out, 'canasta')}, "
                f"{canastas} entered",
            )
        )
    return problems


def validate_round(
    entries: Sequence[SideEntry],
    rules: RuleSet,
    *,
    round_number: int | None = None,
    side_names: Sequence[str] | None = None,
) -> list[Problem]:
    """Every problem of one round at once; an empty list means the round can be scored.

    >>> from canasta_score.core.rules import CLASSIC
    >>> from canasta_score.core.scoring import WentOut
    >>> out = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.NORMAL)
    >>> [str(p) for p in validate_round([out, out], CLASSIC, round_number=3, side_names=["We", "They"])]
    ['round 3: 2 sides went out; only one side can go out in a round']
    """

    def problem(message: str, side: int | None = None, field: str | None = None) -> Problem:
        name = side_names[side] if side is not None and side_names else None
        return Problem(message, round_number, side, name, field)

    problems = [
        problem(message, side, field)
        for side, entry in enumerate(entries)
        for field, message in _side_problems(entry, rules)
    ]
    went_out = [side for side, entry in enumerate(entries) if entry.went_out is not None]
    if len(went_out) > 1:
        problems.append(
            problem(f"{len(went_out)} sides went out; only one side can go out in a round")
        )
    bonuses = sum(entry.dealer_bonus for entry in entries)
    if bonuses > 1 and rules.dealer_bonus is not None:
        problems.append(
            problem(f"{bonuses} sides have the dealer bonus; only the dealer's side can earn it")
        )
    red_threes = sum(entry.red_threes for entry in entries)
    if red_threes > rules.red_threes_in_packs:
        problems.append(
            problem(f"{red_threes} red threes entered; the packs hold {rules.red_threes_in_packs}")
        )
    if problems:
        return problems

    for group in CardGroup:
        counted = sum(
            cards.count(group)
            for entry in entries
            for cards in (entry.melded, entry.hand)
            if isinstance(cards, CardCounts)
        )
        if counted > cards_in_packs(group, rules.packs):
            problems.append(
                problem(
                    f"{counted} {group.value} counted; the packs hold {cards_in_packs(group, rules.packs)}"
                )
            )
    points = sum(card_points(e.melded, rules) + card_points(e.hand, rules) for e in entries)
    if points > rules.card_points_in_packs:
        problems.append(
            problem(
                f"{points} melded and hand points entered in all; "
                f"all the cards in the packs are worth {rules.card_points_in_packs}"
            )
        )
    return problems
