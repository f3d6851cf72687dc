"""One round: what a side entered and the score it gives, part by part."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import cast

from canasta_score.core.cards import CardCounts
from canasta_score.core.melds import Melds, canastas_of, counts_of_melds, melded_points
from canasta_score.core.rules import MeldedWithoutCanasta, RuleSet


class WentOut(StrEnum):
    """How a side went out; a side that did not go out has None."""

    NORMAL = "normal"
    CONCEALED = "concealed"


#: Melded or hand cards, given as card points, as card counts by group, or (melded cards only)
#: meld by meld.
Cards = int | CardCounts | Melds

_NO_CANASTAS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class SideEntry:
    """What one side has at the end of a round, as the players count it at the table."""

    melded: Cards = 0
    hand: Cards = 0
    #: Canastas by kind name (`natural`, `mixed`, ...) as entered; kinds are checked against
    #: the rules. Beside melds they may be left out (the melds give them) or must agree.
    canastas: Mapping[str, int] = field(default_factory=lambda: _NO_CANASTAS, hash=False)
    red_threes: int = 0
    went_out: WentOut | None = None
    dealer_bonus: bool = False
    penalty: int = 0
    #: Black threes the side laid out, where the rules lay them out (american).
    black_threes: int = 0
    #: Unfinished melds on the side's table at the end, 0 or 1 by meld (`aces`, `sevens`,
    #: `wild`, `wild_jokers`; american).
    incomplete: Mapping[str, int] = field(default_factory=lambda: _NO_CANASTAS, hash=False)
    #: Players of the side holding 3 or more aces, and 3 or more sevens, at the end (american).
    held_aces: int = 0
    held_sevens: int = 0
    #: The special hand the side went out with (a name of the rules' `special_hands`): then
    #: the side's only field.
    special_hand: str | None = None

    @property
    def canasta_count(self) -> int:
        """The canastas entered (see `canastas_of_side` for those the melds give)."""
        return sum(self.canastas.values())

    @property
    def melds(self) -> Melds | None:
        """The side's melds where its table is entered meld by meld, else None."""
        return self.melded if isinstance(self.melded, tuple) else None


def canastas_of_side(entry: SideEntry, rules: RuleSet) -> Mapping[str, int]:
    """A side's canastas by kind: those its melds make, or those entered beside its points.

    >>> from canasta_score.core.melds import Meld, Rank
    >>> from canasta_score.core.rules import CLASSIC
    >>> canastas_of_side(SideEntry(melded=(Meld(Rank.KING, 8),)), CLASSIC)
    {'natural': 1}
    """
    melds = entry.melds
    return entry.canastas if melds is None else canastas_of(melds, rules)


def counts_of(cards: Cards) -> CardCounts | None:
    """The cards by group where they were counted (by group or meld by meld), else None."""
    if isinstance(cards, CardCounts):
        return cards
    if isinstance(cards, tuple):
        return counts_of_melds(cards)
    return None


def card_points(cards: Cards, rules: RuleSet) -> int:
    """Card points of melded or hand cards under the rules' card values.

    >>> from canasta_score.core.rules import CLASSIC, DANISH
    >>> card_points(CardCounts(black_threes=2), CLASSIC), card_points(CardCounts(black_threes=2), DANISH)
    (10, 0)
    """
    if isinstance(cards, CardCounts):
        return rules.card_values.points(cards)
    if isinstance(cards, tuple):
        return melded_points(cards, rules)
    return cards


@dataclass(frozen=True)
class SideScore:
    """A side's round score, part by part; the total is their sum."""

    melded: int
    hand: int  # subtracted: a positive number of points
    canasta_bonus: int
    red_threes: int  # negative when the side has not melded
    going_out: int
    dealer_bonus: int
    penalty: int  # subtracted
    #: Laid-out black threes, with the sign they count with (american).
    black_threes: int = 0
    #: Points off for unfinished melds, and for players holding 3+ aces or sevens (subtracted).
    incomplete: int = 0
    held: int = 0
    #: The value of the special hand the side went out with; then every other part is 0.
    special_hand: int = 0

    @property
    def total(self) -> int:
        return (
            self.melded
            - self.hand
            + self.canasta_bonus
            + self.red_threes
            + self.black_threes
            + self.going_out
            + self.dealer_bonus
            - self.incomplete
            - self.held
            - self.penalty
            + self.special_hand
        )

    def as_dict(self, *, every_part: bool = False) -> dict[str, int]:
        """The parts and the total by name; the parts of the rule families (black threes,
        unfinished melds, held cards, special hand) only where not 0, unless `every_part`."""
        parts = {
            "melded": self.melded,
            "hand": self.hand,
            "canasta_bonus": self.canasta_bonus,
            "red_threes": self.red_threes,
            "going_out": self.going_out,
            "dealer_bonus": self.dealer_bonus,
            "penalty": self.penalty,
        }
        family = {
            "black_threes": self.black_threes,
            "incomplete": self.incomplete,
            "held": self.held,
            "special_hand": self.special_hand,
        }
        parts |= {key: value for key, value in family.items() if every_part or value}
        return parts | {"total": self.total}


def score_side(entry: SideEntry, rules: RuleSet) -> SideScore:
    """A side's score for the round. The entry is assumed valid (see `validate_round`).

    The worked example of seed 004: 420 + 500 + 300 + 200 + 100 - 70.

    >>> from canasta_score.core.rules import CLASSIC
    >>> score_side(SideEntry(melded=420, hand=70, canastas={"natural": 1, "mixed": 1},
    ...                      red_threes=2, went_out=WentOut.NORMAL), CLASSIC).total
    1450

    The worked example of RULES_FAMILIES.md (american): 520 + 500 + 2500 + (300 + 100) + 100.

    >>> from canasta_score.core.rules import AMERICAN
    >>> score_side(SideEntry(melded=520, canastas={"natural": 1, "natural_sevens": 1},
    ...     red_threes=2, black_threes=1, went_out=WentOut.NORMAL), AMERICAN).total
    4020
    """
    if entry.special_hand is not None:  # the hand's value and nothing else
        return SideScore(0, 0, 0, 0, 0, 0, 0, special_hand=rules.special_hands[entry.special_hand])
    points = card_points(entry.melded, rules)
    bonuses = cast("Mapping[str, int]", rules.canasta_bonuses)  # str enum keys: names find them
    canastas = canastas_of_side(entry, rules)
    canasta_bonus = sum(bonuses.get(kind, 0) * count for kind, count in canastas.items())
    canasta_count = sum(canastas.values())
    minus = rules.melded_without_canasta == MeldedWithoutCanasta.MINUS and canasta_count == 0
    factor = rules.threes_factor(points, canasta_count)
    red_threes, black_threes = rules.threes_score(entry.red_threes, entry.black_threes, factor)
    if entry.went_out is None:
        going_out = 0
    elif entry.went_out == WentOut.CONCEALED:
        # the whole bonus, not added to the normal one
        going_out = rules.going_out_concealed or 0
    else:
        going_out = rules.going_out
    penalties = cast("Mapping[str, int]", rules.incomplete_penalty)
    return SideScore(
        melded=-points if minus else points,
        hand=card_points(entry.hand, rules),
        canasta_bonus=canasta_bonus,
        red_threes=red_threes,
        going_out=going_out,
        dealer_bonus=(rules.dealer_bonus or 0) if entry.dealer_bonus else 0,
        penalty=entry.penalty,
        black_threes=black_threes,
        incomplete=sum(penalties.get(meld, 0) * count for meld, count in entry.incomplete.items()),
        held=(rules.held_penalty or 0) * (entry.held_aces + entry.held_sevens),
    )


def score_round(entries: Sequence[SideEntry], rules: RuleSet) -> tuple[SideScore, ...]:
    """Every side's score for one round, in side order.

    >>> from canasta_score.core.rules import CLASSIC
    >>> [s.total for s in score_round([SideEntry(melded=90), SideEntry(hand=85, red_threes=1)], CLASSIC)]
    [90, -185]
    """
    return tuple(score_side(entry, rules) for entry in entries)
