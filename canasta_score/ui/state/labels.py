"""Names of card groups and canasta kinds as players read them, marked for translation."""

from __future__ import annotations

from collections.abc import Mapping

from canasta_score.core import CardGroup


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; `_()` translates it where shown."""
    return message


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
