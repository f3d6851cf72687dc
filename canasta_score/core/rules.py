"""Rule sets as frozen data: the presets of RULES.md and RULES_FAMILIES.md and the numbers they give."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, TypeVar

from canasta_score.core.cards import (
    CLASSIC_CARD_VALUES,
    RED_THREES_IN_TWO_PACKS,
    CardCounts,
    CardGroup,
    CardValues,
    cards_in_packs,
)
from canasta_score.core.problems import CUSTOM_COPY, N_, CopyOf, Problem, Term
from canasta_score.core.problems import ProblemCode as C


class CanastaKind(StrEnum):
    """Kinds of canasta, as named in the game file."""

    NATURAL = "natural"
    MIXED = "mixed"
    NATURAL_ACES = "natural_aces"
    MIXED_ACES = "mixed_aces"
    #: Seven sevens (american: sevens never take a wild card).
    NATURAL_SEVENS = "natural_sevens"
    #: Seven twos (american).
    WILD_TWOS = "wild_twos"
    #: All four jokers and three twos (american).
    WILD_JOKERS = "wild_jokers"
    #: Any other canasta of wild cards only.
    WILD = "wild"
    #: Seven cards of one suit in sequence, no wild card (samba).
    SAMBA = "samba"


class UnfinishedMeld(StrEnum):
    """Melds that cost points when they lie unfinished at the end (american), as the game file
    names them under `incomplete`."""

    ACES = "aces"
    SEVENS = "sevens"
    WILD = "wild"
    #: A meld of wild cards holding all four jokers.
    WILD_JOKERS = "wild_jokers"


class ThreesSign(StrEnum):
    """When a side's threes count plus, nothing or minus (RULES_FAMILIES.md, "Score")."""

    #: Minus while the side has no melded points, else plus (RULES.md's red three rule).
    NO_MELD_MINUS = "no-meld-minus"
    #: Minus with no canasta, nothing with exactly one, plus with two or more (american).
    NO_CANASTA_MINUS_ONE_ZERO = "0-canastas-minus-1-zero"
    #: Minus with fewer than two canastas, plus with two or more (samba).
    BELOW_TWO_CANASTAS_MINUS = "below-2-canastas-minus"


class MeldedWithoutCanasta(StrEnum):
    """Whether a side with no canasta counts its melded points plus or minus."""

    PLUS = "plus"
    MINUS = "minus"


class WildCardsInMeld(StrEnum):
    """How many wild cards (twos and jokers together) a meld may hold, as the game file names it."""

    #: At least 2 natural cards and at most 3 wild cards (seed 004, seed 000, Pagat).
    TWO_NATURAL_THREE_WILD = "two-natural-three-wild"
    #: More natural cards than wild cards, however many (seeds 002, 003; seed 001 line 52).
    MORE_NATURAL_THAN_WILD = "more-natural-than-wild"


#: The fewest card points seven cards of each kind can be worth (RULES.md).
CANASTA_MINIMUM_POINTS: Mapping[CanastaKind, int] = MappingProxyType(
    {
        CanastaKind.NATURAL: 35,  # seven 4s-7s
        CanastaKind.MIXED: 50,  # six 4s-7s and one two
        CanastaKind.NATURAL_ACES: 140,
        CanastaKind.MIXED_ACES: 140,
        CanastaKind.NATURAL_SEVENS: 35,
        CanastaKind.WILD_TWOS: 140,
        CanastaKind.WILD_JOKERS: 260,  # four jokers and three twos
        CanastaKind.WILD: 140,  # seven twos; 170 beside `wild_twos` (see `canasta_minimum_points`)
        CanastaKind.SAMBA: 50,  # 4 to 10 of a suit
    }
)

#: The fewest card points of each unfinished meld (RULES_FAMILIES.md): three aces, three
#: sevens, three twos, four jokers.
UNFINISHED_MINIMUM_POINTS: Mapping[str, int] = MappingProxyType(
    {
        UnfinishedMeld.ACES: 60,
        UnfinishedMeld.SEVENS: 15,
        UnfinishedMeld.WILD: 60,
        UnfinishedMeld.WILD_JOKERS: 200,
    }
)


def canasta_minimum_points(kind: CanastaKind, rules: RuleSet) -> int:
    """The fewest card points a canasta of this kind holds under the rules: a `wild` canasta
    is seven twos (140) unless seven twos are a kind of their own (`wild_twos`), when it holds
    a joker (170).

    >>> canasta_minimum_points(CanastaKind.WILD, FLEMISH), canasta_minimum_points(CanastaKind.WILD, AMERICAN)
    (140, 170)
    """
    if kind == CanastaKind.WILD and CanastaKind.WILD_TWOS in rules.canasta_bonuses:
        return 170
    return CANASTA_MINIMUM_POINTS[kind]


K = TypeVar("K")


def _frozen(mapping: Mapping[K, int]) -> Mapping[K, int]:
    return MappingProxyType(dict(mapping))


def _none() -> Mapping[Any, int]:
    return MappingProxyType({})


@dataclass(frozen=True)
class RuleSet:
    """Every number a game is scored by. Presets are values; custom sets are edited copies."""

    id: str
    name: str
    #: A msgid; its `{placeholders}` are the numbers of `description_numbers` (see `describe`).
    description: str
    #: Where the numbers come from: the publication or page a player can look up (its names
    #: and titles stay as they are; the few words around them are worded by the catalogs,
    #: so it is a msgid too).
    source: str
    description_numbers: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )
    packs: int = 2
    card_values: CardValues = CLASSIC_CARD_VALUES
    canasta_bonuses: Mapping[CanastaKind, int] = field(
        default_factory=lambda: _frozen({CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300}),
        hash=False,  # a mapping cannot be hashed; the other values tell rule sets apart
    )
    #: Score of a side's red threes by their number: index 0 is none.
    red_threes: tuple[int, ...] = (0, 100, 200, 300, 800)
    #: Red three values when threes count minus; None: the `red_threes` values.
    red_threes_minus: tuple[int, ...] | None = None
    #: Score of a side's laid-out black threes by their number; None: black threes are cards.
    black_threes: tuple[int, ...] | None = None
    #: When threes count plus, nothing or minus.
    threes_sign: ThreesSign = ThreesSign.NO_MELD_MINUS
    #: Whether a side with no canasta counts its melded points minus.
    melded_without_canasta: MeldedWithoutCanasta = MeldedWithoutCanasta.PLUS
    going_out: int = 100
    #: The whole going-out bonus when going out concealed (it replaces `going_out`); None
    #: where nobody goes out concealed.
    going_out_concealed: int | None = 200
    canastas_to_go_out: int = 1
    #: Bonus for a dealer who picked exactly the cards needed; None where the rules have none.
    dealer_bonus: int | None = None
    target: int = 5000
    #: Target when three sides play, where it differs (six players in three teams of two).
    three_side_target: int | None = None
    #: Opening minimum while a side's total is below zero.
    opening_below_zero: int = 15
    #: (total from, minimum) steps for totals of zero and up, lowest first.
    opening_tiers: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    #: What a meld may hold of wild cards (RULES.md, "Melds").
    wild_cards_in_meld: WildCardsInMeld = WildCardsInMeld.TWO_NATURAL_THREE_WILD
    #: Points off per unfinished meld at the end, by meld; empty where none cost anything.
    incomplete_penalty: Mapping[UnfinishedMeld, int] = field(default_factory=_none, hash=False)
    #: Points off per player holding 3 or more aces, and per player holding 3 or more sevens.
    held_penalty: int | None = None
    #: Score of a side that goes out with a special hand, by the hand's name.
    special_hands: Mapping[str, int] = field(default_factory=_none, hash=False)
    #: The preset this rule set was copied from (itself for a preset).
    base: str = ""

    @cached_property  # asked for by every side's check; a rule set never changes
    def canasta_kinds(self) -> tuple[CanastaKind, ...]:
        return tuple(kind for kind in CanastaKind if kind in self.canasta_bonuses)

    @property
    def red_threes_in_packs(self) -> int:
        return RED_THREES_IN_TWO_PACKS * self.packs // 2

    @property
    def black_threes_laid_out(self) -> bool:
        """Whether black threes are laid out for a bonus (american), not held as cards."""
        return self.black_threes is not None

    @cached_property
    def red_threes_scored(self) -> int:
        """The most red threes the rules give a value for, plus or minus."""
        lists = [self.red_threes, *([self.red_threes_minus] if self.red_threes_minus else [])]
        return min(len(values) for values in lists) - 1

    @property
    def meld_by_meld(self) -> bool:
        """Whether a side's table may be entered meld by meld: not for the rule families,
        whose melds (suit sequences, canastas of sevens or of twos) RULES.md's melds do not know.
        """
        return self.base not in FAMILY_PRESETS

    def threes_factor(self, melded: int, canastas: int) -> int:
        """+1, 0 or -1: how a side's threes count, by its melded points and canastas.

        >>> CLASSIC.threes_factor(0, 0), AMERICAN.threes_factor(500, 1), SAMBA.threes_factor(500, 1)
        (-1, 0, -1)
        """
        if self.threes_sign == ThreesSign.NO_MELD_MINUS:
            return -1 if melded == 0 else 1
        if self.threes_sign == ThreesSign.NO_CANASTA_MINUS_ONE_ZERO:
            return -1 if canastas == 0 else 0 if canastas == 1 else 1
        return -1 if canastas < 2 else 1

    @cached_property  # asked for by every round's check; a rule set never changes
    def card_points_in_packs(self) -> int:
        """Card points of every card in the packs: no round can have more on table and in hands.

        >>> CLASSIC.card_points_in_packs
        1180
        """
        all_cards = CardCounts(**{g.value: cards_in_packs(g, self.packs) for g in CardGroup})
        return self.card_values.points(all_cards)

    def red_three_score(self, count: int) -> int:
        """Score of this many red threes for a side that has melded.

        >>> CLASSIC.red_three_score(4)
        800
        """
        return self.red_threes[count]

    def threes_score(self, red: int, black: int, factor: int) -> tuple[int, int]:
        """(red, black) threes' score with their sign, for a side whose threes count `factor`.

        >>> SAMBA.threes_score(6, 0, -1), AMERICAN.threes_score(4, 4, 1), CLASSIC.threes_score(1, 0, -1)
        ((-600, 0), (1000, 1000), (-100, 0))
        """
        values = self.red_threes
        if factor < 0 and self.red_threes_minus is not None:
            values = self.red_threes_minus
        black_score = self.black_threes[black] if self.black_threes is not None else 0
        return factor * values[red], factor * black_score

    def target_for(self, side_count: int) -> int:
        """The score that ends a game with this many sides.

        >>> SIX_PLAYER.target_for(2), SIX_PLAYER.target_for(3)
        (10000, 7500)
        """
        if side_count == 3 and self.three_side_target is not None:
            return self.three_side_target
        return self.target

    @property
    def is_preset(self) -> bool:
        return ALL_PRESETS.get(self.id) == self


def describe(
    rules: RuleSet, gettext: Callable[[str], str] = str, number: Callable[[int], str] = str
) -> str:
    """The rule set's description through a catalog's `gettext`, its numbers written by
    `number` (as the reader's language writes them; plain without).

    >>> describe(SIX_PLAYER)
    'Three packs; two teams of three to 10000 or three teams of two to 7500.'
    """
    numbers = {name: number(value) for name, value in rules.description_numbers.items()}
    return gettext(rules.description).format(**numbers)


def rules_title(rules: RuleSet, gettext: Callable[[str], str] = str) -> str:
    """A rule set's name as shown: a preset's (also with a target of its own) through a
    catalog's `gettext`, the name players gave their own rule set as they wrote it (in every
    language), and an unnamed custom copy as "{name} (custom)" in the reader's language.

    >>> copy = apply_overrides(CLASSIC, {"going_out": 200})[0]
    >>> rules_title(CLASSIC), rules_title(copy), rules_title(dataclasses.replace(copy, name="Ours"))
    ('Classic', 'Classic (custom)', 'Ours')
    """
    if rules.id in ALL_PRESETS:
        return gettext(rules.name)
    return own_rules_name(rules) or gettext(CUSTOM_COPY).format(
        name=gettext(ALL_PRESETS[rules.base].name)
    )


def own_rules_name(rules: RuleSet) -> str:
    """The name players gave their own rule set ("" for a preset or an unnamed copy): a game
    keeps it, its game file carries it as "rules_name"."""
    return "" if rules.id in ALL_PRESETS else rules.name


def rules_name(rules: RuleSet) -> str:
    """The rule set's name as a problem carries it: a preset's (also with only a new target) is
    a term, worded in the reader's language; players' own rule set keeps the name they gave
    it, and an unnamed copy is "{name} (custom)" in the reader's language."""
    if rules.id in ALL_PRESETS:
        return Term(rules.name)
    return own_rules_name(rules) or CopyOf(ALL_PRESETS[rules.base].name)


def named_rules(rules: RuleSet, name: str) -> RuleSet:
    """`rules` under the name players gave them: their own rule set, even if it changes only
    the target ("" keeps the rules as they are)."""
    if not name:
        return rules
    return dataclasses.replace(
        rules, id="custom" if rules.id in ALL_PRESETS else rules.id, name=name
    )


def opening_minimum(total: int, rules: RuleSet) -> int:
    """The card points a side must meld first in a round, by its running total before it.

    >>> opening_minimum(-5, CLASSIC), opening_minimum(0, CLASSIC), opening_minimum(1500, CLASSIC)
    (15, 50, 90)
    >>> opening_minimum(7500, SIX_PLAYER), opening_minimum(-5, FINNISH), opening_minimum(-5, DANISH)
    (150, 0, 50)
    """
    minimum = rules.opening_below_zero
    for total_from, tier_minimum in rules.opening_tiers:
        if total >= total_from:
            minimum = tier_minimum
    return minimum


CLASSIC = RuleSet(
    id="classic",
    name=N_("Classic"),
    description=N_("Four players in two teams, to {target}; one canasta to go out."),
    description_numbers=MappingProxyType({"target": 5000}),
    source=N_("Pagat / Bicycle; gamedesign.de; “Canasta – regler, poeng og eksempler” (Norway)"),
    base="classic",
)

TWO_PLAYER = dataclasses.replace(
    CLASSIC,
    id="two-player",
    name=N_("Two players"),
    description=N_("Two players each on their own; two canastas to go out."),
    description_numbers=MappingProxyType({}),
    source=N_("“Canasta – regler, poeng og eksempler” (Norway); Pagat"),
    canastas_to_go_out=2,
    base="two-player",
)

SIX_PLAYER = dataclasses.replace(
    CLASSIC,
    id="six-player",
    name=N_("Six players"),
    description=N_(
        "Three packs; two teams of three to {target} or three teams of two to {three_sides}."
    ),
    description_numbers=MappingProxyType({"target": 10000, "three_sides": 7500}),
    source="Pagat / rummy-games",  # names only: nothing to translate
    packs=3,
    red_threes=(0, 100, 200, 300, 400, 1000, 1200),
    canastas_to_go_out=2,
    target=10000,
    three_side_target=7500,
    opening_tiers=((0, 50), (1500, 90), (3000, 120), (7500, 150)),
    base="six-player",
)

FLEMISH = dataclasses.replace(
    CLASSIC,
    id="flemish",
    name=N_("Flemish"),
    description=N_(
        "Aces canastas ({natural_aces} / {mixed_aces}) and a wild canasta of twos and jokers "
        "({wild})."
    ),
    description_numbers=MappingProxyType({"natural_aces": 800, "mixed_aces": 500, "wild": 1000}),
    source=N_("Dempsey Cappelle, “Canasta: kaartspel voor volwassenen”, Kaartspelletjes"),
    canasta_bonuses=_frozen(
        {
            CanastaKind.NATURAL: 500,
            CanastaKind.MIXED: 300,
            CanastaKind.NATURAL_ACES: 800,
            CanastaKind.MIXED_ACES: 500,
            CanastaKind.WILD: 1000,
        }
    ),
    base="flemish",
)

FINNISH = dataclasses.replace(
    CLASSIC,
    id="finnish",
    name=N_("Finnish"),
    description=N_("Concealed going out is worth {concealed}; no minimum to open below zero."),
    description_numbers=MappingProxyType({"concealed": 300}),
    source=N_("“Canasta”, a Finnish rules page (2009)"),
    going_out_concealed=300,
    opening_below_zero=0,
    wild_cards_in_meld=WildCardsInMeld.MORE_NATURAL_THAN_WILD,
    base="finnish",
)

DANISH = dataclasses.replace(
    CLASSIC,
    id="danish",
    name=N_("Danish"),
    description=N_(
        "Canastas {natural} / {mixed}, red threes {red_three} each, black threes worth "
        "{black_three}, dealer bonus."
    ),
    description_numbers=MappingProxyType(
        {"natural": 700, "mixed": 500, "red_three": 200, "black_three": 0}
    ),
    source=N_("a Danish family's house rules, from their home page"),
    card_values=CardValues(black_threes=0),
    canasta_bonuses=_frozen({CanastaKind.NATURAL: 700, CanastaKind.MIXED: 500}),
    red_threes=(0, 200, 400, 600, 800),
    dealer_bonus=100,
    opening_below_zero=50,
    wild_cards_in_meld=WildCardsInMeld.MORE_NATURAL_THAN_WILD,
    base="danish",
)

AMERICAN = dataclasses.replace(
    CLASSIC,
    id="american",
    name=N_("Modern American"),
    description=N_(
        "Two packs; aces, sevens and wild canastas; two canastas to go out; to {target}."
    ),
    description_numbers=MappingProxyType({"target": 8500}),
    source="canastaleague.org; Pagat; canasta.com",  # names only: nothing to translate
    canasta_bonuses=_frozen(
        {
            CanastaKind.NATURAL: 500,
            CanastaKind.MIXED: 300,
            CanastaKind.NATURAL_ACES: 2500,
            CanastaKind.NATURAL_SEVENS: 2500,
            CanastaKind.WILD_TWOS: 3000,
            CanastaKind.WILD_JOKERS: 2500,
            CanastaKind.WILD: 2000,
        }
    ),
    red_threes=(0, 100, 300, 500, 1000),
    black_threes=(0, 100, 300, 500, 1000),
    threes_sign=ThreesSign.NO_CANASTA_MINUS_ONE_ZERO,
    melded_without_canasta=MeldedWithoutCanasta.MINUS,
    going_out=100,
    going_out_concealed=None,
    canastas_to_go_out=2,
    incomplete_penalty=_frozen(
        {
            UnfinishedMeld.ACES: 2500,
            UnfinishedMeld.SEVENS: 2500,
            UnfinishedMeld.WILD: 2000,
            UnfinishedMeld.WILD_JOKERS: 2000,
        }
    ),
    held_penalty=1500,
    special_hands=_frozen({"straight": 3000, "pairs": 2500, "pairs_wild": 2000, "garbage": 3000}),
    target=8500,
    opening_below_zero=125,
    opening_tiers=((0, 125), (3000, 155), (5000, 180)),
    base="american",
)

SAMBA = dataclasses.replace(
    CLASSIC,
    id="samba",
    name=N_("Samba"),
    description=N_("Three packs and suit sequences (sambas); two canastas to go out; to {target}."),
    description_numbers=MappingProxyType({"target": 10000}),
    source="Pagat; Bicycle; HowStuffWorks; Úrval (1952)",  # names only: nothing to translate
    packs=3,
    canasta_bonuses=_frozen(
        {CanastaKind.SAMBA: 1500, CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300}
    ),
    red_threes=(0, 100, 200, 300, 400, 500, 1000),
    red_threes_minus=(0, 100, 200, 300, 400, 500, 600),
    threes_sign=ThreesSign.BELOW_TWO_CANASTAS_MINUS,
    going_out=200,
    going_out_concealed=None,
    canastas_to_go_out=2,
    target=10000,
    opening_below_zero=15,
    opening_tiers=((0, 50), (1500, 90), (3000, 120), (7000, 150)),
    base="samba",
)

#: The presets of RULES.md: the rule sets the app's screens offer.
PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {r.id: r for r in (CLASSIC, TWO_PLAYER, SIX_PLAYER, FLEMISH, FINNISH, DANISH)}
)
#: The rule families of RULES_FAMILIES.md (Modern American, Samba). Their rounds have fields
#: RULES.md's do not (black threes laid out, unfinished melds, held cards, special hands): a
#: screen offers them once it enters those fields.
FAMILY_PRESETS: Mapping[str, RuleSet] = MappingProxyType({r.id: r for r in (AMERICAN, SAMBA)})
#: Every preset a game file, the command line and a custom copy may name.
ALL_PRESETS: Mapping[str, RuleSet] = MappingProxyType({**PRESETS, **FAMILY_PRESETS})

#: Rule values a game file's `rule_overrides` may replace, with what each must be (a `Term`
#: of core/problems.py, so a problem shows it in the reader's language).
OVERRIDABLE = {
    "target": Term("a positive whole number"),
    "three_side_target": Term("a positive whole number or null"),
    "packs": Term("2 or 3"),
    "card_values": Term('points by card group, e.g. {"black_threes": 0}'),
    "canasta_bonuses": Term("bonus by canasta kind, null to drop a kind"),
    "red_threes": Term("a list of scores by count, starting with 0 for none"),
    "going_out": Term("a whole number of points"),
    "going_out_concealed": Term("a whole number of points or null"),
    "canastas_to_go_out": Term("a whole number from 0"),
    "dealer_bonus": Term("a whole number of points or null"),
    "opening_below_zero": Term("a whole number of points"),
    "opening_tiers": Term("a list of [total from, minimum] pairs"),
    "wild_cards_in_meld": Term('"two-natural-three-wild" or "more-natural-than-wild"'),
    "red_threes_minus": Term("a list of scores by count, starting with 0 for none, or null"),
    "black_threes": Term("a list of scores by count, starting with 0 for none, or null"),
    "threes_sign": Term('"no-meld-minus", "0-canastas-minus-1-zero" or "below-2-canastas-minus"'),
    "melded_without_canasta": Term('"plus" or "minus"'),
    "incomplete_penalty": Term(
        "points by unfinished meld (aces, sevens, wild, wild_jokers), null to drop one"
    ),
    "held_penalty": Term("a whole number of points or null"),
    "special_hands": Term(
        "points by hand name (lower-case letters, digits and _), null to drop a hand"
    ),
}

#: Rule values given key by key (a kind, a meld, a hand), merged into the rule set's own.
_KEYED = ("card_values", "canasta_bonuses", "incomplete_penalty", "special_hands")


#: No rule value (but the target) and no penalty is larger than this: every total stays a
#: number SQLite can keep.
MAX_POINTS = 1_000_000


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _largest(value: object) -> int:
    """The largest size of a whole number anywhere in some JSON data (0 when there is none).

    >>> _largest({"natural": -2_000_000, "mixed": [5, None]})
    2000000
    """
    if _is_int(value):
        return abs(value)  # type: ignore[arg-type]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return max((_largest(item) for item in value), default=0)
    return 0


def apply_overrides(rules: RuleSet, overrides: Mapping[str, Any]) -> tuple[RuleSet, list[str]]:
    """A copy of `rules` with the given values replaced, and the problems with any of them, in English.

    >>> apply_overrides(CLASSIC, {"target": 3000})[0].target
    3000
    >>> apply_overrides(CLASSIC, {"target": "lots"})[1]
    ['rule_overrides.target must be a positive whole number, got "lots"']
    """
    changed, problems = override_rules(rules, overrides)
    return changed, [problem.message for problem in problems]


def override_rules(rules: RuleSet, overrides: Mapping[str, Any]) -> tuple[RuleSet, list[Problem]]:
    """A copy of `rules` with the given values replaced, and the problems with any of them.

    >>> [str(p.code) for p in override_rules(CLASSIC, {"target": "lots", "colour": "red"})[1]]
    ['override_invalid', 'override_unknown']
    """
    changes: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in overrides.items():
        if key not in OVERRIDABLE:
            problems.append(
                Problem(C.OVERRIDE_UNKNOWN, params={"key": key, "known": tuple(OVERRIDABLE)})
            )
            continue
        # A target only has to be reached (the new-game screen takes any whole number).
        if key not in ("target", "three_side_target") and _largest(value) > MAX_POINTS:
            problems.append(
                Problem(
                    C.OVERRIDE_NUMBER_TOO_LARGE,
                    params={"key": key, "expected": OVERRIDABLE[key], "most": MAX_POINTS},
                )
            )
            continue
        parsed = _parse_override(rules, key, value)
        if parsed is _INVALID:
            shown = f'"{value}"' if isinstance(value, str) else repr(value)
            problems.append(
                Problem(
                    C.OVERRIDE_INVALID,
                    params={"key": key, "expected": OVERRIDABLE[key], "got": shown},
                )
            )
        else:
            changes[key] = parsed
    if "target" in changes and "three_side_target" not in changes:
        changes["three_side_target"] = None  # an explicit target holds for any number of sides
    if problems:
        return rules, problems
    if not changes:
        return rules, []
    if set(changes) - {"target", "three_side_target"}:  # a new target alone keeps the rules' name
        changes.setdefault("id", "custom")
        changes.setdefault("name", "")  # unnamed: `rules_title` words it in the reader's language
    return dataclasses.replace(rules, **changes), []


_INVALID = object()


def _parse_override(rules: RuleSet, key: str, value: Any) -> Any:
    if key in ("target",):
        return value if _is_int(value) and value > 0 else _INVALID
    if key in ("three_side_target", "dealer_bonus", "going_out_concealed", "held_penalty"):
        if value is None:
            return None
        return (
            value
            if _is_int(value) and value >= 0 and (key != "three_side_target" or value > 0)
            else _INVALID
        )
    if key == "packs":
        return value if value in (2, 3) and _is_int(value) else _INVALID
    if key in ("going_out", "canastas_to_go_out", "opening_below_zero"):
        return value if _is_int(value) and value >= 0 else _INVALID
    if key == "card_values":
        if not isinstance(value, dict) or not all(
            k in CardGroup.__members__.values() and _is_int(v) and v >= 0 for k, v in value.items()
        ):
            return _INVALID
        return dataclasses.replace(rules.card_values, **value)
    if key == "canasta_bonuses":
        if not isinstance(value, dict) or not all(
            k in CanastaKind.__members__.values() and (v is None or (_is_int(v) and v >= 0))
            for k, v in value.items()
        ):
            return _INVALID
        bonuses = dict(rules.canasta_bonuses)
        for kind, bonus in value.items():
            if bonus is None:
                bonuses.pop(CanastaKind(kind), None)
            else:
                bonuses[CanastaKind(kind)] = bonus
        return _frozen(bonuses)
    if key in ("red_threes", "red_threes_minus", "black_threes"):
        if value is None and key != "red_threes":
            return None
        if (
            not isinstance(value, list)
            or not value
            or value[0] != 0
            or not all(_is_int(v) for v in value)
        ):
            return _INVALID
        return tuple(value)
    if key == "incomplete_penalty":
        melds = UnfinishedMeld.__members__.values()
        return _merged(rules.incomplete_penalty, value, melds, UnfinishedMeld)
    if key == "special_hands":
        hands = value if isinstance(value, dict) else {}
        if not all(isinstance(name, str) and _HAND_NAME.fullmatch(name) for name in hands):
            return _INVALID
        return _merged(rules.special_hands, value, hands, str)
    if key == "threes_sign":
        return _choice(ThreesSign, value)
    if key == "melded_without_canasta":
        return _choice(MeldedWithoutCanasta, value)
    if key == "opening_tiers":
        if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(_is_int(v) for v in p) for p in value
        ):
            return _INVALID
        return tuple(sorted((p[0], p[1]) for p in value))
    if key == "wild_cards_in_meld":
        return _choice(WildCardsInMeld, value)
    return _INVALID  # pragma: no cover - every OVERRIDABLE key is handled above


def _choice(choices: type[StrEnum], value: Any) -> Any:
    """The member of `choices` a game file names, or _INVALID."""
    known = choices.__members__.values()
    return choices(value) if isinstance(value, str) and value in known else _INVALID


#: A special hand's name as a game file writes it.
_HAND_NAME = re.compile(r"[a-z0-9_]+")


def _merged(
    values: Mapping[Any, int], changes: Any, known: Iterable[str], key_of: Callable[[str], Any]
) -> Any:
    """`values` with the points of `changes` set key by key (None drops a key), or _INVALID
    when `changes` is not such an object over `known` keys (each made a key by `key_of`).

    >>> dict(_merged({"aces": 2500}, {"aces": None, "wild": 2500}, ["aces", "wild"], str))
    {'wild': 2500}
    """
    known = set(known)
    if not isinstance(changes, dict) or not all(
        k in known and (v is None or (_is_int(v) and v >= 0)) for k, v in changes.items()
    ):
        return _INVALID
    merged = dict(values)
    for key, points in changes.items():
        if points is None:
            merged.pop(key, None)
        else:
            merged[key_of(key)] = points
    return MappingProxyType(merged)


def rule_overrides(rules: RuleSet) -> dict[str, Any]:
    """The values in which `rules` differs from the preset it was copied from, as JSON data.

    >>> rule_overrides(apply_overrides(SIX_PLAYER, {"target": 3000})[0])
    {'target': 3000, 'three_side_target': None}
    """
    base = ALL_PRESETS[rules.base]
    data, base_data = rules_as_json(rules), rules_as_json(base)
    overrides: dict[str, Any] = {}
    for key in OVERRIDABLE:
        if data[key] != base_data[key]:
            if key in _KEYED:
                changed = {k: v for k, v in data[key].items() if base_data[key].get(k) != v}
                dropped = {k: None for k in base_data[key] if k not in data[key]}
                overrides[key] = changed | dropped
            else:
                overrides[key] = data[key]
    return overrides


def _listed(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


def rules_as_json(rules: RuleSet) -> dict[str, Any]:
    """Every value of a rule set as JSON data, as `python -m canasta_score rules` prints it."""
    return {
        "id": rules.id,
        "name": rules_title(rules),
        "description": describe(rules),
        "source": rules.source,
        "base": rules.base,
        "packs": rules.packs,
        "card_values": rules.card_values.as_dict(),
        "canasta_bonuses": {
            kind.value: rules.canasta_bonuses[kind] for kind in rules.canasta_kinds
        },
        "red_threes": list(rules.red_threes),
        "red_threes_minus": _listed(rules.red_threes_minus),
        "black_threes": _listed(rules.black_threes),
        "threes_sign": rules.threes_sign.value,
        "melded_without_canasta": rules.melded_without_canasta.value,
        "going_out": rules.going_out,
        "going_out_concealed": rules.going_out_concealed,
        "canastas_to_go_out": rules.canastas_to_go_out,
        "dealer_bonus": rules.dealer_bonus,
        "target": rules.target,
        "three_side_target": rules.three_side_target,
        "opening_below_zero": rules.opening_below_zero,
        "opening_tiers": [list(tier) for tier in rules.opening_tiers],
        "wild_cards_in_meld": rules.wild_cards_in_meld.value,
        "incomplete_penalty": {
            meld.value: points
            for meld in UnfinishedMeld
            if (points := rules.incomplete_penalty.get(meld)) is not None
        },
        "held_penalty": rules.held_penalty,
        "special_hands": dict(rules.special_hands),
        "card_points_in_packs": rules.card_points_in_packs,
        "red_threes_in_packs": rules.red_threes_in_packs,
    }
