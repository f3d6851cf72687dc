"""The entries that cannot happen at a Canasta table, each refused with what would be valid."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_score.core.cards import CardCounts, CardGroup, cards_in_packs
from canasta_score.core.problems import CopyOf, Param, Problem, ProblemCode, Term
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import (
    CANASTA_MINIMUM_POINTS,
    MAX_POINTS,
    PRESETS,
    CanastaKind,
    RuleSet,
    own_rules_name,
)
from canasta_score.core.scoring import Cards, SideEntry, card_points


def _rules_name(rules: RuleSet) -> str:
    """A preset's name (also with only a new target) is a term; a custom set's is the player's,
    or for an unnamed copy "{name} (custom)" in the reader's language (`core.rules_title`)."""
    if rules.id in PRESETS:
        return Term(rules.name)
    return own_rules_name(rules) or CopyOf(PRESETS[rules.base].name)


Found = tuple[str, ProblemCode, dict[str, Param]]  # (field, code, params) of one side


def _check_cards(cards: Cards, field: str) -> list[Found]:
    if isinstance(cards, CardCounts):
        return [
            (
                field,
                C.CARD_COUNT_NEGATIVE,
                {"field": Term(field), "group": Term(group), "got": count},
            )
            for group, count in cards.items()
            if count < 0
        ]
    if cards < 0:
        return [(field, C.POINTS_NEGATIVE, {"field": Term(field), "got": cards})]
    if cards % 5:
        lower = cards - cards % 5
        return [
            (
                field,
                C.POINTS_NOT_MULTIPLE_OF_5,
                {"field": Term(field), "got": cards, "lower": lower, "upper": lower + 5},
            )
        ]
    return []


def _side_problems(entry: SideEntry, rules: RuleSet) -> list[Found]:
    """Problems of one side's entry on its own."""
    problems = _check_cards(entry.melded, "melded") + _check_cards(entry.hand, "hand")
    kinds = tuple(Term(kind) for kind in rules.canasta_kinds)
    for kind, count in entry.canastas.items():
        if kind not in rules.canasta_bonuses:
            problems.append(
                (
                    "canastas",
                    C.CANASTA_KIND_NOT_IN_RULES,
                    {"rules": _rules_name(rules), "kind": Term(kind), "kinds": kinds},
                )
            )
        if count < 0:
            problems.append(("canastas", C.CANASTAS_NEGATIVE, {"kind": Term(kind), "got": count}))
    if entry.red_threes < 0:
        problems.append(("red_threes", C.RED_THREES_NEGATIVE, {"got": entry.red_threes}))
    scored = len(rules.red_threes) - 1
    if scored < entry.red_threes <= rules.red_threes_in_packs:  # only custom rules can say so
        problems.append(
            ("red_threes", C.RED_THREES_NOT_SCORED, {"rules": _rules_name(rules), "most": scored})
        )
    if entry.penalty < 0 or entry.penalty % 5:
        problems.append(("penalty", C.PENALTY_NOT_MULTIPLE_OF_5, {"got": entry.penalty}))
    elif entry.penalty > MAX_POINTS:
        problems.append(
            ("penalty", C.PENALTY_TOO_LARGE, {"most": MAX_POINTS, "got": entry.penalty})
        )
    if entry.dealer_bonus and rules.dealer_bonus is None:
        problems.append(
            ("dealer_bonus", C.DEALER_BONUS_NOT_IN_RULES, {"rules": _rules_name(rules)})
        )
    if any(field in ("canastas", "red_threes") for field, _, _ in problems) or (
        card_points(entry.melded, rules) < 0
    ):
        return problems  # the checks below need known canasta kinds and sound numbers

    melded = card_points(entry.melded, rules)
    canastas = entry.canasta_count
    if canastas and melded == 0:
        problems.append(("canastas", C.CANASTAS_WITHOUT_MELDED_POINTS, {"count": canastas}))
    elif canastas:
        needed = sum(
            CANASTA_MINIMUM_POINTS[CanastaKind(kind)] * count
            for kind, count in entry.canastas.items()
        )
        if melded < needed:
            problems.append(
                ("melded", C.MELDED_TOO_FEW_FOR_CANASTAS, {"melded": melded, "least": needed})
            )
    if entry.went_out is not None and canastas < rules.canastas_to_go_out:
        problems.append(
            (
                "went_out",
                C.GOING_OUT_NEEDS_CANASTAS,
                {"needed": rules.canastas_to_go_out, "count": canastas},
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
    >>> [str(p.code) for p in validate_round([out, out], CLASSIC)]
    ['two_sides_went_out']
    >>> [str(p) for p in validate_round([out, out], CLASSIC, round_number=3, side_names=["We", "They"])]
    ['round 3: 2 sides went out; only one side can go out in a round']
    """

    def problem(
        code: ProblemCode,
        params: dict[str, Param],
        side: int | None = None,
        field: str | None = None,
    ) -> Problem:
        name = side_names[side] if side is not None and side_names else None
        return Problem(code, round_number, side, name, field, params)

    problems = [
        problem(code, params, side, field)
        for side, entry in enumerate(entries)
        for field, code, params in _side_problems(entry, rules)
    ]
    went_out = [side for side, entry in enumerate(entries) if entry.went_out is not None]
    if len(went_out) > 1:
        problems.append(problem(C.TWO_SIDES_WENT_OUT, {"count": len(went_out)}))
    bonuses = sum(entry.dealer_bonus for entry in entries)
    if bonuses > 1 and rules.dealer_bonus is not None:
        problems.append(problem(C.TWO_DEALER_BONUSES, {"count": bonuses}))
    red_threes = sum(entry.red_threes for entry in entries)
    if red_threes > rules.red_threes_in_packs:
        problems.append(
            problem(C.TOO_MANY_RED_THREES, {"count": red_threes, "most": rules.red_threes_in_packs})
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
        most = cards_in_packs(group, rules.packs)
        if counted > most:
            problems.append(
                problem(
                    C.TOO_MANY_CARDS_OF_GROUP,
                    {"count": counted, "group": Term(group), "most": most},
                )
            )
    points = sum(card_points(e.melded, rules) + card_points(e.hand, rules) for e in entries)
    if points > rules.card_points_in_packs:
        problems.append(
            problem(C.TOO_MANY_CARD_POINTS, {"count": points, "most": rules.card_points_in_packs})
        )
    return problems
