"""Melds: one rank's cards on a side's table, their points, their canasta kind and the rules
they keep (RULES.md, "Melds")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from canasta_score.core.cards import CardCounts, CardGroup, cards_in_packs
from canasta_score.core.problems import (
    BLACK_THREES,
    CARDS,
    NATURAL_CARDS,
    WILD_CARDS,
    Counted,
    Param,
    ProblemCode,
    Term,
)
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import CanastaKind, RuleSet, WildCardsInMeld, rules_name

#: A meld of this many cards or more is a canasta; it may grow past it and is still one.
CANASTA_CARDS = 7
#: The fewest cards of a meld.
MELD_CARDS = 3
#: Black threes go down 3 or 4 together, and only to go out.
BLACK_THREES_MELDED = (3, 4)
#: With `two-natural-three-wild`: the fewest natural cards beside wild ones, the most wild ones.
LEAST_NATURAL, MOST_WILD = 2, 3


class Rank(StrEnum):
    """The rank of a meld, as the game file names it; `wild` is a meld of only twos and jokers."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    BLACK_THREE = "3"
    WILD = "wild"

    @property
    def group(self) -> CardGroup | None:
        """The card group of the meld's natural cards (None for a meld of wild cards).

        >>> Rank.QUEEN.group, Rank.SEVEN.group, Rank.WILD.group
        (<CardGroup.HIGH: 'high'>, <CardGroup.LOW: 'low'>, None)
        """
        return _GROUP_OF_RANK[self]


_GROUP_OF_RANK: Mapping[Rank, CardGroup | None] = {
    Rank.ACE: CardGroup.ACES,
    **{r: CardGroup.HIGH for r in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)},
    Rank.EIGHT: CardGroup.HIGH,
    **{r: CardGroup.LOW for r in (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR)},
    Rank.BLACK_THREE: CardGroup.BLACK_THREES,
    Rank.WILD: None,
}
#: The card group of each rank's natural cards by its plain name (`getattr` on card values
#: and counts): scoring a game file reads it for every meld of every round.
_GROUP_NAME_OF_RANK: Mapping[str, str | None] = {
    rank.value: None if group is None else group.value for rank, group in _GROUP_OF_RANK.items()
}
#: Ranks that share their card group with others, so the group's count cannot hold them.
_SHARED_RANKS = tuple(
    rank for rank, group in _GROUP_OF_RANK.items() if group in (CardGroup.HIGH, CardGroup.LOW)
)

#: Fields of a meld in the game file, beside `rank`.
MELD_COUNTS = ("natural", "twos", "jokers")

Found = tuple[ProblemCode, dict[str, Param]]


@dataclass(frozen=True)
class Meld:
    """One rank's cards on a side's table: its natural cards, its twos and its jokers.

    The worked example's queens (seed 004): a mixed canasta of 50 + 20 + 50 points.

    >>> from canasta_score.core.rules import CLASSIC
    >>> queens = Meld(Rank.QUEEN, natural=5, twos=1, jokers=1)
    >>> queens.points(CLASSIC), queens.canasta(CLASSIC)
    (120, <CanastaKind.MIXED: 'mixed'>)
    """

    rank: Rank
    natural: int = 0
    twos: int = 0
    jokers: int = 0

    @property
    def wild(self) -> int:
        """Its wild cards: twos and jokers together."""
        return self.twos + self.jokers

    @property
    def cards(self) -> int:
        return self.natural + self.wild

    @property
    def is_canasta(self) -> bool:
        return self.cards >= CANASTA_CARDS

    def counts(self) -> CardCounts:
        """Its cards by card group (a meld of wild cards has no natural ones to count)."""
        return counts_of_melds((self,))

    def points(self, rules: RuleSet) -> int:
        """The card values of all its cards.

        >>> from canasta_score.core.rules import CLASSIC, DANISH
        >>> Meld(Rank.BLACK_THREE, 4).points(CLASSIC), Meld(Rank.BLACK_THREE, 4).points(DANISH)
        (20, 0)
        """
        values = rules.card_values
        group = _GROUP_NAME_OF_RANK[self.rank]
        natural = getattr(values, group) * self.natural if group is not None else 0
        return int(natural + values.twos * self.twos + values.jokers * self.jokers)

    def canasta(self, rules: RuleSet) -> CanastaKind | None:
        """Its canasta kind under the rules, or None while it is under 7 cards (or black threes).

        >>> from canasta_score.core.rules import CLASSIC, FLEMISH
        >>> aces = Meld(Rank.ACE, natural=6, jokers=1)
        >>> aces.canasta(CLASSIC), aces.canasta(FLEMISH), Meld(Rank.WILD, twos=7).canasta(FLEMISH)
        (<CanastaKind.MIXED: 'mixed'>, <CanastaKind.MIXED_ACES: 'mixed_aces'>, <CanastaKind.WILD: 'wild'>)
        """
        if not self.is_canasta or self.rank == Rank.BLACK_THREE:
            return None
        if self.rank == Rank.WILD:
            return CanastaKind.WILD
        natural = self.wild == 0
        if self.rank == Rank.ACE:
            aces = CanastaKind.NATURAL_ACES if natural else CanastaKind.MIXED_ACES
            if aces in rules.canasta_bonuses:
                return aces
        return CanastaKind.NATURAL if natural else CanastaKind.MIXED

    def problems(self, rules: RuleSet, *, went_out: bool) -> list[Found]:
        """Why this meld cannot lie on a side's table under the rules (empty when it can).

        >>> from canasta_score.core.rules import CLASSIC, FINNISH
        >>> [str(code) for code, _ in Meld(Rank.QUEEN, 1, twos=2).problems(CLASSIC, went_out=False)]
        ['meld_too_few_natural']
        >>> Meld(Rank.QUEEN, 3, twos=3).problems(FINNISH, went_out=False)[0][0].value
        'meld_not_more_natural_than_wild'
        """
        natural, wild = self.natural, self.twos + self.jokers
        if natural < 0 or self.twos < 0 or self.jokers < 0:
            return [
                (C.MELD_COUNT_NEGATIVE, {"what": Term(_WORD_OF_COUNT[name]), "got": count})
                for name, count in (
                    ("natural", natural),
                    ("twos", self.twos),
                    ("jokers", self.jokers),
                )
                if count < 0
            ]
        rank = self.rank
        if rank == Rank.BLACK_THREE:
            return self._black_three_problems(went_out)
        if rank == Rank.WILD:
            found: list[Found] = []
            if CanastaKind.WILD not in rules.canasta_bonuses:
                found.append((C.WILD_MELD_NOT_IN_RULES, {"rules": rules_name(rules)}))
            if natural:
                found.append((C.WILD_MELD_WITH_NATURAL, {"natural": _natural(natural)}))
            elif wild < MELD_CARDS:
                found.append(_too_few_cards(wild))
            return found
        if natural + wild < MELD_CARDS:
            return [_too_few_cards(natural + wild)]
        if not wild:
            return []  # natural cards alone, 3 or more: nothing more to check
        if rules.wild_cards_in_meld == WildCardsInMeld.MORE_NATURAL_THAN_WILD:
            if natural <= wild:
                return [
                    (
                        C.MELD_NOT_MORE_NATURAL_THAN_WILD,
                        {"natural": _natural(natural), "wild": _wild(wild)},
                    )
                ]
            return []
        found = []
        if natural < LEAST_NATURAL:
            found.append(
                (
                    C.MELD_TOO_FEW_NATURAL,
                    {"natural": _natural(natural), "wild": _wild(wild), "least": LEAST_NATURAL},
                )
            )
        if wild > MOST_WILD:
            found.append((C.MELD_TOO_MANY_WILD, {"wild": _wild(wild), "most": MOST_WILD}))
        # Either wild-card rule leaves a mixed canasta (7+ cards) at least 4 natural cards.
        return found

    def _black_three_problems(self, went_out: bool) -> list[Found]:
        found: list[Found] = []
        if self.natural not in BLACK_THREES_MELDED:
            least, most = BLACK_THREES_MELDED
            found.append(
                (
                    C.BLACK_THREES_NOT_THREE_OR_FOUR,
                    {"threes": Counted(BLACK_THREES, self.natural), "least": least, "most": most},
                )
            )
        if self.wild:
            found.append((C.BLACK_THREES_WITH_WILD, {"wild": _wild(self.wild)}))
        if not went_out:
            found.append((C.BLACK_THREES_WITHOUT_GOING_OUT, {}))
        return found

    def as_data(self) -> dict[str, Any]:
        """The meld as the game file writes it: its rank and the counts that are not zero.

        >>> Meld(Rank.ACE, natural=3, twos=1).as_data()
        {'rank': 'A', 'natural': 3, 'twos': 1}
        """
        data: dict[str, Any] = {"rank": self.rank.value}
        for name in MELD_COUNTS:
            if getattr(self, name):
                data[name] = getattr(self, name)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Meld:
        """A meld from the data `as_data` made of it (already checked when it was read)."""
        return cls(Rank(data["rank"]), *(int(data.get(name, 0)) for name in MELD_COUNTS))


_WORD_OF_COUNT = {"natural": "natural cards", "twos": "twos", "jokers": "jokers"}


def _natural(count: int) -> Counted:
    return Counted(NATURAL_CARDS, count)


def _wild(count: int) -> Counted:
    return Counted(WILD_CARDS, count)


def _too_few_cards(cards: int) -> Found:
    return (C.MELD_TOO_FEW_CARDS, {"cards": Counted(CARDS, cards), "least": MELD_CARDS})


#: A side's table, meld by meld, in the order entered.
Melds = tuple[Meld, ...]


def melds_from_data(data: Sequence[Mapping[str, Any]]) -> Melds:
    """A side's melds from game-file data that was checked when it was read."""
    return tuple(Meld.from_data(item) for item in data)


def counts_of_melds(melds: Iterable[Meld]) -> CardCounts:
    """The cards of some melds by card group.

    >>> counts_of_melds(WORKED_EXAMPLE)
    CardCounts(jokers=2, twos=2, aces=3, high=20, low=4, black_threes=0)
    """
    counts = dict.fromkeys(_COUNT_FIELDS, 0)
    for meld in melds:
        group = _GROUP_NAME_OF_RANK[meld.rank]
        if group is not None:
            counts[group] += meld.natural
        counts["twos"] += meld.twos
        counts["jokers"] += meld.jokers
    return CardCounts(**counts)


_COUNT_FIELDS = tuple(group.value for group in CardGroup)


def melded_points(melds: Iterable[Meld], rules: RuleSet) -> int:
    """A side's melded points: the card values of every card in its melds.

    The worked example meld by meld (RULES.md, "Melds"; seed 004):

    >>> from canasta_score.core.rules import CLASSIC
    >>> melded_points(WORKED_EXAMPLE, CLASSIC)
    420
    """
    return sum(meld.points(rules) for meld in melds)


def canastas_of(melds: Iterable[Meld], rules: RuleSet) -> dict[str, int]:
    """A side's canastas by kind, as the game file counts them: its melds of 7 cards or more.

    >>> from canasta_score.core.rules import CLASSIC
    >>> canastas_of(WORKED_EXAMPLE, CLASSIC)
    {'natural': 1, 'mixed': 1}
    """
    canastas: dict[str, int] = {}
    for meld in melds:
        if meld.natural + meld.twos + meld.jokers >= CANASTA_CARDS:
            kind = meld.canasta(rules)
            if kind is not None:
                canastas[kind.value] = canastas.get(kind.value, 0) + 1
    return canastas


def side_meld_problems(
    melds: Sequence[Meld], rules: RuleSet, *, went_out: bool
) -> list[tuple[Rank, ProblemCode, dict[str, Param]]]:
    """Every problem of a side's melds, each with the rank of its meld: each meld on its own,
    and a rank melded twice (a side has one meld of each rank)."""
    found = [
        (meld.rank, code, params)
        for meld in melds
        for code, params in meld.problems(rules, went_out=went_out)
    ]
    if len({meld.rank for meld in melds}) < len(melds):
        ranks = Counter(meld.rank for meld in melds)
        found += [
            (rank, C.MELD_RANK_TWICE, {"count": count})
            for rank, count in ranks.items()
            if count > 1
        ]
    return found


def ranks_beyond_packs(melds: Iterable[Meld], packs: int) -> list[tuple[Rank, int, int]]:
    """(rank, melded, most) for each rank melded more often than the packs hold it, counted
    over every side's melds.

    Only ranks that share their card group: aces, black threes, twos and jokers are each a card
    group of their own, counted against the packs with the cards in hands (core/validation.py).

    >>> ranks_beyond_packs([Meld(Rank.KING, 7), Meld(Rank.KING, 2, twos=1)], 2)
    [(<Rank.KING: 'K'>, 9, 8)]
    """
    melded = dict.fromkeys(_SHARED_RANKS, 0)
    for meld in melds:
        if meld.rank in melded:
            melded[meld.rank] += meld.natural
    most = cards_in_packs(CardGroup.ACES, packs)  # 8 of each rank in two packs
    return [(rank, melded[rank], most) for rank in _SHARED_RANKS if melded[rank] > most]


#: The worked example of RULES.md, "Melds" (seed 004's round), side "We".
WORKED_EXAMPLE: Melds = (
    Meld(Rank.KING, 7),
    Meld(Rank.QUEEN, 5, twos=1, jokers=1),
    Meld(Rank.ACE, 3, twos=1),
    Meld(Rank.SEVEN, 4),
    Meld(Rank.EIGHT, 3, jokers=1),
    Meld(Rank.NINE, 5),
)
