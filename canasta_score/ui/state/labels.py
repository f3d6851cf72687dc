"""Names of card groups and canasta kinds as players read them, marked for translation."""

from __future__ import annotations

from collections.abc import Mapping

from canasta_score.core import CanastaKind, CardGroup, Rank
from canasta_score.i18n.sides import Np_


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; the screen words it through its translator (`t._()`) where shown."""
    return message


CARD_GROUP_LABELS: Mapping[CardGroup, str] = {
    CardGroup.JOKERS: N_("Jokers"),
    CardGroup.TWOS: N_("Twos"),
    CardGroup.ACES: N_("Aces"),
    CardGroup.HIGH: N_("K-8"),
    CardGroup.LOW: N_("7-4"),
    CardGroup.BLACK_THREES: N_("Black 3s"),
}

CANASTA_LABELS: Mapping[CanastaKind, str] = {
    CanastaKind.NATURAL: N_("Natural canastas"),
    CanastaKind.MIXED: N_("Mixed canastas"),
    CanastaKind.NATURAL_ACES: N_("Natural aces canastas"),
    CanastaKind.MIXED_ACES: N_("Mixed aces canastas"),
    CanastaKind.WILD: N_("Wild canastas"),
}

#: A canasta stepper's name in round entry (the canastas, as the rules name them).
SHORT_CANASTA_LABELS: Mapping[CanastaKind, str] = {
    CanastaKind.NATURAL: N_("Natural canastas"),
    CanastaKind.MIXED: N_("Mixed canastas"),
    CanastaKind.NATURAL_ACES: N_("Natural aces"),
    CanastaKind.MIXED_ACES: N_("Mixed aces"),
    CanastaKind.NATURAL_SEVENS: N_("Natural sevens canastas"),
    CanastaKind.WILD_TWOS: N_("Canastas of seven twos"),
    CanastaKind.WILD_JOKERS: N_("Canastas with four jokers"),
    CanastaKind.WILD: N_("Wild canastas"),
    CanastaKind.SAMBA: N_("Sambas"),
}

#: The special hands of Modern American by their rules name (RULES_FAMILIES.md), each named
#: by what it holds where a table has no name for it (docs/GLOSSARY_FAMILIES.md).
SPECIAL_HAND_LABELS: Mapping[str, str] = {
    "straight": N_("Straight (ace to king and a joker)"),
    "pairs": N_("Seven pairs"),
    "pairs_wild": N_("Seven pairs with wild cards"),
    "garbage": N_("Garbage (two fours and two threes of a kind)"),
}

#: The letter a rank's button shows where the card is a face card, as the cards of the
#: table's language print it (Dutch H, V, B; German K, D, B), worded by `Translator.in_context`
#: with the message's context.
RANK_LETTERS: Mapping[Rank, tuple[str, str]] = {
    Rank.KING: ("letter of a card's rank: king", Np_("letter of a card's rank: king", "K")),
    Rank.QUEEN: ("letter of a card's rank: queen", Np_("letter of a card's rank: queen", "Q")),
    Rank.JACK: ("letter of a card's rank: jack", Np_("letter of a card's rank: jack", "J")),
}
