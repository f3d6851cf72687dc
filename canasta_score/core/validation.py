"""The entries that cannot happen at a Canasta table, each refused with what would be valid."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from canasta_score.core.cards import CardCounts, CardGroup, cards_in_packs
from canasta_score.core.family_checks import (
    card_points_most,
    entry_problems,
    laid_out_problems,
    pack_problems,
    table_problems,
)
from canasta_score.core.melds import Meld, ranks_beyond_packs, side_meld_problems
from canasta_score.core.problems import (
    MELD_NAMES,
    Param,
    Problem,
    ProblemCode,
    Term,
    WarningCode,
)
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import (
    MAX_POINTS,
    UNFINISHED_MINIMUM_POINTS,
    CanastaKind,
    RuleSet,
    canasta_minimum_points,
    rules_name,
)
from canasta_score.core.scoring import (
    Cards,
    SideEntry,
    canastas_of_side,
    card_points,
    counts_of,
)

Found = tuple[str, ProblemCode, dict[str, Param]]  # (field, code, params) of one side


def _check_cards(cards: Cards, field: str) -> list[Found]:
    if isinstance(cards, tuple):
        return []  # meld by meld: each meld is checked by `_meld_problems`
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


#: The most players of a side (as the game file takes them), where a side's are not known.
MOST_PLAYERS = 3
#: Fields of the rule families: a problem with one leaves the side's numbers unsound.
_FAMILY_FIELDS = ("black_threes", "incomplete", "held_aces", "held_sevens", "special_hand")


def _side_problems(entry: SideEntry, rules: RuleSet, players: int = MOST_PLAYERS) -> list[Found]:
    """Problems of one side's entry on its own."""
    problems = _check_cards(entry.melded, "melded") + _check_cards(entry.hand, "hand")
    kinds = tuple(Term(kind) for kind in rules.canasta_kinds)
    for kind, count in entry.canastas.items():
        if kind not in rules.canasta_bonuses:
            problems.append(
                (
                    "canastas",
                    C.CANASTA_KIND_NOT_IN_RULES,
                    {"rules": rules_name(rules), "kind": Term(kind), "kinds": kinds},
                )
            )
        if count < 0:
            problems.append(("canastas", C.CANASTAS_NEGATIVE, {"kind": Term(kind), "got": count}))
    if entry.red_threes < 0:
        problems.append(("red_threes", C.RED_THREES_NEGATIVE, {"got": entry.red_threes}))
    scored = rules.red_threes_scored
    if scored < entry.red_threes <= rules.red_threes_in_packs:  # only custom rules can say so
        problems.append(
            ("red_threes", C.RED_THREES_NOT_SCORED, {"rules": rules_name(rules), "most": scored})
        )
    if entry.penalty < 0 or entry.penalty % 5:
        problems.append(("penalty", C.PENALTY_NOT_MULTIPLE_OF_5, {"got": entry.penalty}))
    elif entry.penalty > MAX_POINTS:
        problems.append(
            ("penalty", C.PENALTY_TOO_LARGE, {"most": MAX_POINTS, "got": entry.penalty})
        )
    if entry.dealer_bonus and rules.dealer_bonus is None:
        problems.append(("dealer_bonus", C.DEALER_BONUS_NOT_IN_RULES, {"rules": rules_name(rules)}))
    problems += entry_problems(entry, rules)
    melded = card_points(entry.melded, rules)
    unsound = ("canastas", "red_threes", *_FAMILY_FIELDS)
    if (
        any(field in unsound or code == C.MELDS_NOT_IN_RULES for field, code, _ in problems)
        or melded < 0
    ):
        return problems  # the checks below need known canasta kinds and sound numbers
    if entry.special_hand is not None:
        return problems  # the hand alone (`entry_problems` refuses anything beside it)

    by_kind = canastas_of_side(entry, rules)
    canastas = sum(by_kind.values())
    if entry.melds is None:  # beside melds, `_meld_problems` checks the canastas entered
        problems += _canastas_for_melded_points(entry, rules, melded, canastas)
    if entry.went_out is not None and canastas < rules.canastas_to_go_out:
        problems.append(
            (
                "went_out",
                C.GOING_OUT_NEEDS_CANASTAS,
                {"needed": rules.canastas_to_go_out, "count": canastas},
            )
        )
    hand = card_points(entry.hand, rules)
    if hand >= 0:
        problems += table_problems(entry, rules, by_kind, hand, players)
    return problems


def _canastas_for_melded_points(
    entry: SideEntry, rules: RuleSet, melded: int, canastas: int
) -> list[Found]:
    """Whether melded points (or card counts) can hold the canastas and the unfinished melds
    entered beside them."""
    if canastas and melded == 0:
        return [("canastas", C.CANASTAS_WITHOUT_MELDED_POINTS, {"count": canastas})]
    needed = sum(
        canasta_minimum_points(CanastaKind(kind), rules) * count
        for kind, count in entry.canastas.items()
    )
    unfinished = sum(
        UNFINISHED_MINIMUM_POINTS.get(meld, 0) * count for meld, count in entry.incomplete.items()
    )
    if melded < needed + unfinished:
        code = C.MELDED_TOO_FEW_FOR_MELDS if unfinished else C.MELDED_TOO_FEW_FOR_CANASTAS
        return [("melded", code, {"melded": melded, "least": needed + unfinished})]
    return []


#: (rank of the meld or None, code, params) of one side's melds.
MeldFound = tuple[str | None, ProblemCode, dict[str, Param]]


def _meld_problems(entry: SideEntry, rules: RuleSet) -> list[MeldFound]:
    """Problems of a side's melds: each meld by the rules, and the canastas entered beside them."""
    melds = entry.melds
    if melds is None or not rules.meld_by_meld:
        return []  # a list of melds where the rules take none is refused as a whole
    found: list[MeldFound] = [
        (rank.value, code, params)
        for rank, code, params in side_meld_problems(
            melds, rules, went_out=entry.went_out is not None
        )
    ]
    for meld in melds:
        kind = meld.canasta(rules) if meld.is_canasta else None
        if kind is not None and kind not in rules.canasta_bonuses:
            kinds = tuple(Term(kind) for kind in rules.canasta_kinds)
            found.append(
                (
                    meld.rank.value,
                    C.CANASTA_KIND_NOT_IN_RULES,
                    {"rules": rules_name(rules), "kind": Term(kind), "kinds": kinds},
                )
            )
    if entry.canastas:
        counted = canastas_of_side(entry, rules)
        for kind in CanastaKind:
            entered, made = entry.canastas.get(kind, 0), counted.get(kind, 0)
            if entered != made:
                found.append(
                    (
                        None,
                        C.CANASTAS_NOT_AS_MELDED,
                        {"kind": Term(kind), "entered": entered, "counted": made},
                    )
                )
    return found


def validate_round(
    entries: Sequence[SideEntry],
    rules: RuleSet,
    *,
    round_number: int | None = None,
    side_names: Sequence[str] | None = None,
    side_players: Sequence[int] | None = None,
) -> list[Problem]:
    """Every problem of one round at once; an empty list means the round can be scored.

    `side_players` is each side's number of players (held cards are counted per player);
    without it a side may have up to 3.

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

    problems = []
    for side, entry in enumerate(entries):
        players = side_players[side] if side_players else MOST_PLAYERS
        problems += [
            problem(code, params, side, field)
            for field, code, params in _side_problems(entry, rules, players)
        ]
        problems += [
            dataclasses.replace(problem(code, params, side, "melded"), meld=rank)
            for rank, code, params in _meld_problems(entry, rules)
        ]
    went_out = [  # a special hand is a going out
        side
        for side, entry in enumerate(entries)
        if entry.went_out is not None or entry.special_hand is not None
    ]
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
    problems += [problem(code, params) for code, params in laid_out_problems(entries, rules)]
    if problems:
        return problems

    counted_cards = [
        counts
        for entry in entries
        for cards in (entry.melded, entry.hand)
        if (counts := counts_of(cards)) is not None
    ]
    for group in CardGroup:
        if group == CardGroup.BLACK_THREES and rules.black_threes_laid_out:
            continue  # threes of either colour in hands: `pack_problems` counts them
        counted = sum(counts.count(group) for counts in counted_cards)
        most = cards_in_packs(group, rules.packs)
        if counted > most:
            problems.append(
                problem(
                    C.TOO_MANY_CARDS_OF_GROUP,
                    {"count": counted, "group": Term(group), "most": most},
                )
            )
    melds: list[Meld] = [meld for entry in entries for meld in entry.melds or ()]
    for rank, count, most in ranks_beyond_packs(melds, rules.packs):
        problems.append(
            problem(
                C.TOO_MANY_OF_RANK, {"rank": Term(MELD_NAMES[rank]), "count": count, "most": most}
            )
        )
    problems += [problem(code, params) for code, params in pack_problems(entries, rules)]
    points = sum(card_points(e.melded, rules) + card_points(e.hand, rules) for e in entries)
    most = card_points_most(entries, rules)
    if points > most:
        problems.append(problem(C.TOO_MANY_CARD_POINTS, {"count": points, "most": most}))
    return problems


def round_warnings(
    entries: Sequence[SideEntry],
    rules: RuleSet,
    opening_minimums: Sequence[int],
    *,
    round_number: int | None = None,
    side_names: Sequence[str] | None = None,
) -> list[Problem]:
    """What is possible but likely miscounted in a round (RULES.md): shown, never a refusal.

    A side that melded fewer card points than its opening minimum for the round: its first
    meld alone had to reach it, and melds only grow (seeds 000, 001, 004).

    >>> from canasta_score.core.rules import CLASSIC
    >>> [str(w) for w in round_warnings([SideEntry(melded=40), SideEntry()], CLASSIC, [50, 50],
    ...     round_number=2, side_names=["We", "They"])]
    ['round 2, side "We": 40 melded points, below the 50 needed to open; the first meld alone had to reach it: check the count']
    """
    warnings = []
    for side, (entry, minimum) in enumerate(zip(entries, opening_minimums, strict=True)):
        melded = card_points(entry.melded, rules)
        if 0 < melded < minimum:
            warnings.append(
                Problem(
                    WarningCode.MELDED_BELOW_OPENING_MINIMUM,
                    round_number,
                    side,
                    side_names[side] if side_names else None,
                    "melded",
                    {"melded": melded, "minimum": minimum},
                )
            )
    return warnings
