"""Names of card groups and canasta kinds as players read them, marked for translation."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from canasta_score.core import CanastaKind, CardGroup, Rank, ThreesSign, UnfinishedMeld
from canasta_score.core.problems import N_ as N_  # for the screens that mark with the labels
from canasta_score.i18n.sides import Np_

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
    # the rule families (RULES_FAMILIES.md)
    CanastaKind.NATURAL_SEVENS: N_("Natural sevens canastas"),
    CanastaKind.WILD_TWOS: N_("Canastas of seven twos"),
    CanastaKind.WILD_JOKERS: N_("Canastas with four jokers"),
    CanastaKind.SAMBA: N_("Sambas"),
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

#: When red threes count minus (or nothing), said beside their stepper where the rules differ
#: from the classic (minus only without a meld): what the player would otherwise count plus.
#: Each part is kept whole on a line.
THREES_SIGN_HINTS: Mapping[ThreesSign, tuple[str, ...]] = {
    ThreesSign.NO_CANASTA_MINUS_ONE_ZERO: (
        N_("minus with no canasta"),
        N_("0 with one canasta"),
    ),
    ThreesSign.BELOW_TWO_CANASTAS_MINUS: (N_("minus below 2 canastas"),),
}

#: The unfinished melds that cost points at the end (american), as a player names them.
UNFINISHED_LABELS: Mapping[UnfinishedMeld, str] = {
    UnfinishedMeld.ACES: N_("Unfinished aces meld"),
    UnfinishedMeld.SEVENS: N_("Unfinished sevens meld"),
    UnfinishedMeld.WILD: N_("Unfinished wild meld"),
    UnfinishedMeld.WILD_JOKERS: N_("Unfinished wild meld with four jokers"),
}
#: The same, within a sentence (a round's facts: "1 red three; unfinished aces meld").
UNFINISHED_IN_A_SENTENCE: Mapping[UnfinishedMeld, str] = {
    UnfinishedMeld.ACES: N_("unfinished aces meld"),
    UnfinishedMeld.SEVENS: N_("unfinished sevens meld"),
    UnfinishedMeld.WILD: N_("unfinished wild meld"),
    UnfinishedMeld.WILD_JOKERS: N_("unfinished wild meld with four jokers"),
}

#: The special hands of the presets (american), named by what they hold: the five languages'
#: tables know no names for them (docs/GLOSSARY_FAMILIES.md). A hand a custom copy adds is
#: shown as its name is written.
SPECIAL_HAND_LABELS: Mapping[str, str] = {
    "straight": N_("Straight (ace to king and a joker)"),
    "pairs": N_("Seven pairs"),
    "pairs_wild": N_("Seven pairs with wild cards"),
    "garbage": N_("Garbage (two fours and two threes of a kind)"),
}


#: A special hand named as such: "Special hand: Seven pairs".
SPECIAL_HAND = N_("Special hand: {hand}")


def special_hand_label(name: str, gettext: Callable[[str], str]) -> str:
    """A special hand's name as shown, in the reader's language where the presets know it.

    >>> special_hand_label("pairs", str), special_hand_label("our_hand", str)
    ('Seven pairs', 'our_hand')
    """
    label = SPECIAL_HAND_LABELS.get(name)
    return name if label is None else gettext(label)


#: The letter a rank's button shows where the card is a face card, as the cards of the
#: table's language print it (Dutch H, V, B; German K, D, B), worded by `Translator.in_context`
#: with the message's context.
RANK_LETTERS: Mapping[Rank, tuple[str, str]] = {
    Rank.KING: ("letter of a card's rank: king", Np_("letter of a card's rank: king", "K")),
    Rank.QUEEN: ("letter of a card's rank: queen", Np_("letter of a card's rank: queen", "Q")),
    Rank.JACK: ("letter of a card's rank: jack", Np_("letter of a card's rank: jack", "J")),
}
