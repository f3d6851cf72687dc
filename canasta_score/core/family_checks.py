"""The entries that cannot happen under the rule values of the rule families (RULES_FAMILIES.md):
black threes laid out, unfinished melds, held cards, special hands, sambas.

Every check follows a rule value, so a custom copy keeps it; under RULES.md's presets each new
field is refused when it is not zero or none, as an unknown field was before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from canasta_score.core.cards import CardCounts, CardGroup, cards_in_packs
from canasta_score.core.problems import SPECIAL_HAND_NAMES, Param, ProblemCode, Term
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import (
    AMERICAN,
    CanastaKind,
    RuleSet,
    UnfinishedMeld,
    rules_name,
)
from canasta_score.core.scoring import Cards, SideEntry, WentOut, counts_of

Found = tuple[str, ProblemCode, dict[str, Param]]  # (field, code, params) of one side
RoundFound = tuple[ProblemCode, dict[str, Param]]

#: Black threes and red threes of one pack each: 2 of each colour.
THREES_OF_A_COLOUR_PER_PACK = 2
#: The fewest card points a player holding 3 or more aces, or sevens, holds.
HELD_ACES_POINTS, HELD_SEVENS_POINTS = 60, 15
#: Sambas the packs can make, per pack: each holds the 8, 9 and 10 of its suit.
SAMBAS_PER_PACK = 4
#: Cards a meld of each kind takes, for what the packs hold (american).
CANASTA_CARDS, UNFINISHED_CARDS, UNFINISHED_WILD_JOKERS_CARDS = 7, 3, 4
JOKERS_IN_WILD_JOKERS = 4

#: A finished meld beside the unfinished melds of the same cards (a side has one of each).
SAME_CARDS: Mapping[CanastaKind, tuple[UnfinishedMeld, ...]] = {
    CanastaKind.NATURAL_ACES: (UnfinishedMeld.ACES,),
    CanastaKind.NATURAL_SEVENS: (UnfinishedMeld.SEVENS,),
    **{
        kind: (UnfinishedMeld.WILD, UnfinishedMeld.WILD_JOKERS)
        for kind in (CanastaKind.WILD_TWOS, CanastaKind.WILD_JOKERS, CanastaKind.WILD)
    },
}


def unfinished_term(meld: str) -> Term:
    """An unfinished meld as a problem names it: its game-file field (`incomplete.aces`)."""
    return Term(f"incomplete.{meld}")


def hand_name(name: str) -> str:
    """A special hand as a problem names it: a preset's hand in the reader's language, a hand
    a custom copy added as its name is written."""
    return Term(name) if name in SPECIAL_HAND_NAMES else name


def _entered(cards: Cards) -> bool:
    if isinstance(cards, CardCounts):
        return cards.cards != 0
    return bool(cards)


def fields_entered(entry: SideEntry) -> list[str]:
    """The fields of an entry that are not zero, none or empty, but its special hand."""
    entered = {
        "melded": _entered(entry.melded),
        "hand": _entered(entry.hand),
        "canastas": any(entry.canastas.values()),
        "red_threes": entry.red_threes != 0,
        "black_threes": entry.black_threes != 0,
        "incomplete": any(entry.incomplete.values()),
        "held_aces": entry.held_aces != 0,
        "held_sevens": entry.held_sevens != 0,
        "went_out": entry.went_out is not None,
        "dealer_bonus": entry.dealer_bonus,
        "penalty": entry.penalty != 0,
    }
    return [field for field, given in entered.items() if given]


def entry_problems(entry: SideEntry, rules: RuleSet) -> list[Found]:
    """A side's new fields on their own: each against the rule value it needs, each count
    whole and in bounds, a special hand alone."""
    name = rules_name(rules)
    found: list[Found] = []
    if entry.black_threes and rules.black_threes is None:
        found.append(("black_threes", C.BLACK_THREES_NOT_IN_RULES, {"rules": name}))
    for meld, count in entry.incomplete.items():
        if count and meld not in rules.incomplete_penalty:
            found.append(
                (
                    "incomplete",
                    C.UNFINISHED_MELD_NOT_IN_RULES,
                    {"rules": name, "meld": unfinished_term(meld)},
                )
            )
    for field, held in (("held_aces", entry.held_aces), ("held_sevens", entry.held_sevens)):
        if held and rules.held_penalty is None:
            found.append((field, C.HELD_NOT_IN_RULES, {"rules": name}))
    hand = entry.special_hand
    if hand is not None and hand not in rules.special_hands:
        found.append(
            ("special_hand", C.SPECIAL_HAND_NOT_IN_RULES, {"rules": name, "hand": hand_name(hand)})
        )
    if entry.went_out == WentOut.CONCEALED and rules.going_out_concealed is None:
        found.append(("went_out", C.CONCEALED_NOT_IN_RULES, {"rules": name}))
    if entry.melds is not None and not rules.meld_by_meld:
        found.append(("melded", C.MELDS_NOT_IN_RULES, {"rules": name}))
    melded_cards = counts_of(entry.melded)  # by group, also meld by meld in a custom copy
    if rules.black_threes_laid_out and melded_cards is not None and melded_cards.black_threes > 0:
        found.append(("melded", C.BLACK_THREES_MELDED, {"rules": name}))
    counts = [
        ("black_threes", "black_threes", entry.black_threes),
        ("held_aces", "held_aces", entry.held_aces),
        ("held_sevens", "held_sevens", entry.held_sevens),
        *(("incomplete", f"incomplete.{meld}", count) for meld, count in entry.incomplete.items()),
    ]
    for field, term, count in counts:
        if count < 0:
            found.append((field, C.COUNT_NEGATIVE, {"field": Term(term), "got": count}))
    for meld, count in entry.incomplete.items():
        if count > 1:
            found.append(
                (
                    "incomplete",
                    C.UNFINISHED_MELD_ABOVE_ONE,
                    {"meld": unfinished_term(meld), "got": count},
                )
            )
    if rules.black_threes is not None:
        scored = len(rules.black_threes) - 1
        if scored < entry.black_threes <= black_threes_in_packs(rules):  # only custom rules
            found.append(
                ("black_threes", C.BLACK_THREES_NOT_SCORED, {"rules": name, "most": scored})
            )
    others = fields_entered(entry) if hand is not None else []
    if others:
        found.append(
            (
                "special_hand",
                C.SPECIAL_HAND_WITH_OTHER_FIELDS,
                {"fields": tuple(Term(field) for field in others)},
            )
        )
    return found


def table_problems(
    entry: SideEntry, rules: RuleSet, canastas: Mapping[str, int], hand: int, players: int
) -> list[Found]:
    """A side's unfinished melds and held cards against its canastas, its going out, its
    players and its hand points (the entry's numbers are sound)."""
    if not entry.incomplete and not entry.held_aces and not entry.held_sevens:
        return []  # nothing unfinished, nothing held: the usual entry
    found: list[Found] = []
    unfinished = [meld for meld in UnfinishedMeld if entry.incomplete.get(meld, 0)]
    if entry.went_out is not None and unfinished:
        found.append(
            (
                "went_out",
                C.GOING_OUT_WITH_UNFINISHED_MELD,
                {"meld": tuple(unfinished_term(meld) for meld in unfinished)},
            )
        )
    for kind, melds in SAME_CARDS.items():
        for meld in melds:
            if canastas.get(kind, 0) and meld in unfinished:
                found.append(
                    (
                        "incomplete",
                        C.CANASTA_AND_UNFINISHED_MELD,
                        {"kind": Term(kind), "meld": unfinished_term(meld)},
                    )
                )
    if UnfinishedMeld.WILD in unfinished and UnfinishedMeld.WILD_JOKERS in unfinished:
        found.append(("incomplete", C.TWO_UNFINISHED_WILD_MELDS, {}))
    for field, held in (("held_aces", entry.held_aces), ("held_sevens", entry.held_sevens)):
        if held > players:
            found.append(
                (
                    field,
                    C.HELD_ABOVE_PLAYERS,
                    {"field": Term(field), "got": held, "players": players},
                )
            )
    least = HELD_ACES_POINTS * entry.held_aces + HELD_SEVENS_POINTS * entry.held_sevens
    if hand < least:
        found.append(("hand", C.HAND_TOO_FEW_FOR_HELD, {"hand": hand, "least": least}))
    return found


def black_threes_in_packs(rules: RuleSet) -> int:
    return THREES_OF_A_COLOUR_PER_PACK * rules.packs


def laid_out_problems(entries: Sequence[SideEntry], rules: RuleSet) -> list[RoundFound]:
    """More black threes laid out in a round, all sides together, than the packs hold."""
    laid = sum(entry.black_threes for entry in entries)
    most = black_threes_in_packs(rules)
    if rules.black_threes_laid_out and laid > most:
        return [(C.TOO_MANY_BLACK_THREES, {"count": laid, "most": most})]
    return []


def card_points_most(entries: Sequence[SideEntry], rules: RuleSet) -> int:
    """The most melded and hand points a round can have: the card points of the packs, where
    black threes are laid out less the threes laid out (a three left in a hand, of either
    colour, is worth a black three's value).

    >>> card_points_most([SideEntry(red_threes=2, black_threes=1), SideEntry()], AMERICAN)
    1185
    """
    if not rules.black_threes_laid_out:
        return rules.card_points_in_packs
    value = rules.card_values.black_threes
    held_back = threes_in_hands_most(entries, rules) - cards_in_packs(
        CardGroup.BLACK_THREES, rules.packs
    )
    return rules.card_points_in_packs + value * held_back


def threes_in_hands_most(entries: Sequence[SideEntry], rules: RuleSet) -> int:
    """Threes of either colour that can be left in hands: the packs' threes less those laid out."""
    laid = sum(entry.red_threes + entry.black_threes for entry in entries)
    return 2 * black_threes_in_packs(rules) - laid


def pack_problems(entries: Sequence[SideEntry], rules: RuleSet) -> list[RoundFound]:
    """A round's canastas, unfinished melds, held hands and threes in hands against the cards
    the packs hold, all sides together."""
    found: list[RoundFound] = []
    if rules.black_threes_laid_out:
        in_hands = sum(
            entry.hand.black_threes for entry in entries if isinstance(entry.hand, CardCounts)
        )
        most = threes_in_hands_most(entries, rules)
        if in_hands > most:
            laid = sum(entry.red_threes + entry.black_threes for entry in entries)
            found.append(
                (C.TOO_MANY_THREES_IN_HANDS, {"count": in_hands, "laid": laid, "most": most})
            )
    if CanastaKind.SAMBA in rules.canasta_bonuses:
        sambas = sum(entry.canastas.get(CanastaKind.SAMBA, 0) for entry in entries)
        most = SAMBAS_PER_PACK * rules.packs
        if sambas > most:
            found.append((C.TOO_MANY_SAMBAS, {"count": sambas, "most": most}))
    if rules.base == AMERICAN.id:
        found += _american_cards(entries, rules)
    return found


def _american_cards(entries: Sequence[SideEntry], rules: RuleSet) -> list[RoundFound]:
    def canastas(*kinds: CanastaKind) -> int:
        return sum(entry.canastas.get(kind, 0) for entry in entries for kind in kinds)

    def unfinished(meld: UnfinishedMeld) -> int:
        return sum(entry.incomplete.get(meld, 0) for entry in entries)

    aces_held = sum(entry.held_aces for entry in entries)
    sevens_held = sum(entry.held_sevens for entry in entries)
    wild_kinds = (CanastaKind.WILD_TWOS, CanastaKind.WILD_JOKERS, CanastaKind.WILD)
    needed = {
        CardGroup.ACES: CANASTA_CARDS * canastas(CanastaKind.NATURAL_ACES)
        + UNFINISHED_CARDS * (unfinished(UnfinishedMeld.ACES) + aces_held),
        "sevens": CANASTA_CARDS * canastas(CanastaKind.NATURAL_SEVENS)
        + UNFINISHED_CARDS * (unfinished(UnfinishedMeld.SEVENS) + sevens_held),
        "wild cards": CANASTA_CARDS * canastas(*wild_kinds)
        + UNFINISHED_CARDS * unfinished(UnfinishedMeld.WILD)
        + UNFINISHED_WILD_JOKERS_CARDS * unfinished(UnfinishedMeld.WILD_JOKERS),
        CardGroup.JOKERS: JOKERS_IN_WILD_JOKERS
        * (canastas(CanastaKind.WILD_JOKERS) + unfinished(UnfinishedMeld.WILD_JOKERS))
        + canastas(CanastaKind.WILD),
    }
    held = {
        CardGroup.ACES: cards_in_packs(CardGroup.ACES, rules.packs),
        "sevens": cards_in_packs(CardGroup.ACES, rules.packs),  # 8 of each rank in two packs
        "wild cards": cards_in_packs(CardGroup.TWOS, rules.packs)
        + cards_in_packs(CardGroup.JOKERS, rules.packs),
        CardGroup.JOKERS: cards_in_packs(CardGroup.JOKERS, rules.packs),
    }
    return [
        (C.TOO_MANY_FOR_PACKS, {"cards": Term(cards), "count": count, "most": held[cards]})
        for cards, count in needed.items()
        if count > held[cards]
    ]
