"""Card groups of a Canasta pack and what the cards of each group are worth."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum


class CardGroup(StrEnum):
    """The groups a player counts cards in, as named in the game file."""

    JOKERS = "jokers"
    TWOS = "twos"
    ACES = "aces"
    HIGH = "high"  # K Q J 10 9 8
    LOW = "low"  # 7 6 5 4
    BLACK_THREES = "black_threes"


#: Cards of each group in two packs with their four jokers (108 cards).
CARDS_IN_TWO_PACKS: dict[CardGroup, int] = {
    CardGroup.JOKERS: 4,
    CardGroup.TWOS: 8,
    CardGroup.ACES: 8,
    CardGroup.HIGH: 48,
    CardGroup.LOW: 32,
    CardGroup.BLACK_THREES: 4,
}

#: Red threes in two packs; they have no card value, only a bonus.
RED_THREES_IN_TWO_PACKS = 4


def cards_in_packs(group: CardGroup, packs: int) -> int:
    """How many cards of a group a game with this many packs holds.

    >>> cards_in_packs(CardGroup.JOKERS, 3)
    6
    """
    return CARDS_IN_TWO_PACKS[group] * packs // 2


@dataclass(frozen=True)
class CardCounts:
    """How many cards of each group lie on the table or in the hands of one side."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    high: int = 0
    low: int = 0
    black_threes: int = 0

    def count(self, group: CardGroup) -> int:
        return int(getattr(self, group.value))

    def items(self) -> list[tuple[CardGroup, int]]:
        return [(CardGroup(f.name), getattr(self, f.name)) for f in fields(self)]

    def as_dict(self) -> dict[str, int]:
        return {group.value: count for group, count in self.items()}

    @property
    def cards(self) -> int:
        return sum(count for _, count in self.items())


@dataclass(frozen=True)
class CardValues:
    """Points of one card of each group."""

    jokers: int = 50
    twos: int = 20
    aces: int = 20
    high: int = 10
    low: int = 5
    black_threes: int = 5

    def of(self, group: CardGroup) -> int:
        return int(getattr(self, group.value))

    def points(self, counts: CardCounts) -> int:
        """Card points of the counted cards.

        >>> CardValues().points(CardCounts(jokers=1, aces=2, low=3))
        105
        """
        return sum(self.of(group) * count for group, count in counts.items())

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


CLASSIC_CARD_VALUES = CardValues()
